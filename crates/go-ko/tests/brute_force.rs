//! The solver against the plainest brute force there is: the text split into
//! lines by hand, groups found by a flood fill started afresh from
//! every side of the new stone, liberties counted by looking at every stone.
//! Compared on every position of every board of up to 8 points and on
//! 100,000 seeded random boards of 1x1 to 7x7, verdict and `--show` board.

// Helpers outside `#[test]` unwrap too: a panic there is a failing test.
#![allow(clippy::unwrap_used)]

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The verdict line and the board after the move, by brute force, from the
/// input text (which holds a valid position).
fn brute_force(text: &str) -> String {
    let lines: Vec<&str> = text
        .split('\n')
        .map(str::trim_end)
        .filter(|line| !line.is_empty())
        .collect();
    let (move_line, rows) = lines.split_last().unwrap();
    let mut board: Vec<Vec<u8>> = rows.iter().map(|row| row.as_bytes().to_vec()).collect();
    let tokens: Vec<&str> = move_line.split_whitespace().collect();
    assert_eq!(tokens.len(), 3);
    let row: usize = tokens[0].parse().unwrap();
    let col: usize = tokens[1].parse().unwrap();
    let stone = tokens[2].as_bytes()[0];
    let opponent = if stone == b'X' { b'O' } else { b'X' };
    assert_eq!(board[row][col], b'.');
    board[row][col] = stone;

    let mut captured = Vec::new();
    for (r, c) in neighbours(&board, row, col) {
        if board[r][c] == opponent {
            let group = group_of(&board, r, c);
            if !has_liberty(&board, &group) {
                captured.extend(group);
            }
        }
    }
    let verdict = if !captured.is_empty() {
        for (r, c) in captured {
            board[r][c] = b'.';
        }
        "K.O."
    } else if !has_liberty(&board, &group_of(&board, row, col)) {
        board[row][col] = b'.';
        "Suicide"
    } else {
        "Safe"
    };
    let mut out = format!("{verdict}\n");
    for row in board {
        out.push_str(std::str::from_utf8(&row).unwrap());
        out.push('\n');
    }
    out
}

fn neighbours(board: &[Vec<u8>], row: usize, col: usize) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    if row > 0 {
        found.push((row - 1, col));
    }
    if row + 1 < board.len() {
        found.push((row + 1, col));
    }
    if col > 0 {
        found.push((row, col - 1));
    }
    if col + 1 < board[0].len() {
        found.push((row, col + 1));
    }
    found
}

/// Every stone connected to `(row, col)` through stones of its colour, by
/// a flood fill with a work list (judge-data has boards large enough to
/// overflow a recursive one).
fn group_of(board: &[Vec<u8>], row: usize, col: usize) -> Vec<(usize, usize)> {
    let mut seen = vec![vec![false; board[0].len()]; board.len()];
    seen[row][col] = true;
    let mut group = vec![(row, col)];
    let mut next = 0;
    while next < group.len() {
        let (r, c) = group[next];
        next += 1;
        for (nr, nc) in neighbours(board, r, c) {
            if board[nr][nc] == board[row][col] && !seen[nr][nc] {
                seen[nr][nc] = true;
                group.push((nr, nc));
            }
        }
    }
    group
}

fn has_liberty(board: &[Vec<u8>], group: &[(usize, usize)]) -> bool {
    group.iter().any(|&(row, col)| {
        neighbours(board, row, col)
            .into_iter()
            .any(|(r, c)| board[r][c] == b'.')
    })
}

/// Runs the real solver with and without `--show` and compares both with
/// the brute force.
fn check(text: &str) {
    let expected = brute_force(text);
    let shown = judge_io::run::<go_ko::GoKo>(&["--show"], text.as_bytes())
        .unwrap_or_else(|error| panic!("{error} on input\n{text}"));
    assert_eq!(shown, expected, "input:\n{text}");
    let verdict = judge_io::run::<go_ko::GoKo>(&[], text.as_bytes()).unwrap();
    assert_eq!(
        verdict,
        expected[..=expected.find('\n').unwrap()],
        "input:\n{text}"
    );
}

fn plain_text(rows: &[Vec<u8>], row: usize, col: usize, stone: char) -> String {
    let mut text = String::new();
    for line in rows {
        text.push_str(std::str::from_utf8(line).unwrap());
        text.push('\n');
    }
    text.push_str(&format!("{row} {col} {stone}\n"));
    text
}

#[test]
fn every_position_on_every_board_of_up_to_eight_points() {
    let mut positions = 0;
    for rows in 1..=8usize {
        for cols in 1..=8 / rows {
            let points = rows * cols;
            for mut code in 0..3usize.pow(u32::try_from(points).unwrap()) {
                let mut cells = Vec::with_capacity(points);
                for _ in 0..points {
                    cells.push(b".XO"[code % 3]);
                    code /= 3;
                }
                let board: Vec<Vec<u8>> = cells.chunks(cols).map(<[u8]>::to_vec).collect();
                for point in (0..points).filter(|&point| cells[point] == b'.') {
                    for stone in ['X', 'O'] {
                        check(&plain_text(&board, point / cols, point % cols, stone));
                        positions += 1;
                    }
                }
            }
        }
    }
    assert_eq!(positions, 174_446);
}

#[test]
fn random_boards_up_to_seven_by_seven() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x90_6b0);
    // Mostly crowded boards, where captures and suicides happen.
    let empty_chances = [0.02, 0.05, 0.1, 0.15, 0.2, 0.3, 0.5];
    let mut verdicts = [0usize; 3];
    for _ in 0..100_000 {
        let rows = rng.random_range(1..=7);
        let cols = rng.random_range(1..=7);
        let empty = *empty_chances.choose(&mut rng).unwrap();
        let black: f64 = rng.random_range(0.2..0.8);
        let mut board: Vec<Vec<u8>> = (0..rows)
            .map(|_| {
                (0..cols)
                    .map(|_| {
                        if rng.random_bool(empty) {
                            b'.'
                        } else if rng.random_bool(black) {
                            b'X'
                        } else {
                            b'O'
                        }
                    })
                    .collect()
            })
            .collect();
        let (row, col, stone) = random_move(&mut rng, &mut board);
        let text = if rng.random_bool(0.5) {
            plain_text(&board, row, col, stone)
        } else {
            messy_text(&mut rng, &board, row, col, stone)
        };
        check_counting(&text, &mut verdicts);
    }
    // The mix is what makes the comparison worth something.
    assert!(verdicts.iter().all(|&count| count > 15_000), "{verdicts:?}");
}

/// Wide boards made of long stretches of one colour, where the solver
/// handles many points of a row at a time: every width from 30 to 140 and
/// every shape of stretch boundary around those chunks.
#[test]
fn random_wide_boards_of_long_runs() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x90_6b1);
    let mut verdicts = [0usize; 3];
    for _ in 0..4_000 {
        let rows = rng.random_range(1..=10);
        let cols = rng.random_range(30..=140);
        let empty = *[0.0, 0.01, 0.05, 0.2].choose(&mut rng).unwrap();
        let mean_run = *[3.0, 20.0, 80.0].choose(&mut rng).unwrap();
        let mut board: Vec<Vec<u8>> = (0..rows)
            .map(|_| {
                let mut colour = b'X';
                (0..cols)
                    .map(|_| {
                        if rng.random_bool(1.0 / mean_run) {
                            colour = if colour == b'X' { b'O' } else { b'X' };
                        }
                        if rng.random_bool(empty) {
                            b'.'
                        } else {
                            colour
                        }
                    })
                    .collect()
            })
            .collect();
        let (row, col, stone) = random_move(&mut rng, &mut board);
        check_counting(&plain_text(&board, row, col, stone), &mut verdicts);
    }
    assert!(verdicts.iter().all(|&count| count > 400), "{verdicts:?}");
}

/// A random move on `board`: a random point, emptied, and a random colour,
/// as (row, column, colour).
fn random_move(rng: &mut ChaCha8Rng, board: &mut [Vec<u8>]) -> (usize, usize, char) {
    let (rows, cols) = (board.len(), board[0].len());
    let (row, col) = (rng.random_range(0..rows), rng.random_range(0..cols));
    board[row][col] = b'.';
    let stone = if rng.random_bool(0.5) { 'X' } else { 'O' };
    (row, col, stone)
}

/// [`check`], then counts the solver's verdict on `text` in `verdicts`
/// (`K.O.`, `Suicide`, `Safe`): the mix shows the comparison is worth
/// something.
fn check_counting(text: &str, verdicts: &mut [usize; 3]) {
    check(text);
    let verdict = judge_io::run::<go_ko::GoKo>(&[], text.as_bytes()).unwrap();
    let index = ["K.O.\n", "Suicide\n", "Safe\n"]
        .iter()
        .position(|&line| line == verdict)
        .unwrap();
    verdicts[index] += 1;
}

/// The groups the judge looks at for a move, by the flood fill above: the
/// stone's own group with the stone down, then each opponent group next to
/// it, once, taken in the order above, left, right, below. Each group is its
/// sorted point indices and its sorted, distinct liberties.
fn brute_groups(board: &[Vec<u8>], row: usize, col: usize, stone: u8) -> (Group, Vec<Group>) {
    let mut board = board.to_vec();
    board[row][col] = stone;
    let (rows, cols) = (board.len(), board[0].len());
    let group = |r: usize, c: usize| flood(&board, r, c);
    let sides = [
        (row > 0).then(|| (row.wrapping_sub(1), col)),
        (col > 0).then(|| (row, col.wrapping_sub(1))),
        (col + 1 < cols).then_some((row, col + 1)),
        (row + 1 < rows).then_some((row + 1, col)),
    ];
    let mut enemies: Vec<Group> = Vec::new();
    for (r, c) in sides.into_iter().flatten() {
        let taken = enemies
            .iter()
            .any(|(stones, _)| stones.contains(&(r * cols + c)));
        if board[r][c] != stone && board[r][c] != b'.' && !taken {
            enemies.push(group(r, c));
        }
    }
    (group(row, col), enemies)
}

/// A group as the brute force gives it: stones and liberties.
type Group = (Vec<usize>, Vec<usize>);

/// The group of the stone on `(r, c)` by [`group_of`], and its liberties,
/// each as sorted point indices.
fn flood(board: &[Vec<u8>], r: usize, c: usize) -> Group {
    let cols = board[0].len();
    let stones = group_of(board, r, c);
    let mut liberties: Vec<usize> = stones
        .iter()
        .flat_map(|&(r, c)| neighbours(board, r, c))
        .filter(|&(r, c)| board[r][c] == b'.')
        .map(|(r, c)| r * cols + c)
        .collect();
    liberties.sort_unstable();
    liberties.dedup();
    let mut stones: Vec<usize> = stones.iter().map(|&(r, c)| r * cols + c).collect();
    stones.sort_unstable();
    (stones, liberties)
}

/// A random board and move for the group and trace comparisons: a crowded
/// board of up to 7x7, or (`wide`) up to 8 rows of 30 to 100 points in long
/// runs of one colour, where the search goes a chunk at a time; the move's
/// point is emptied, its colour drawn at random.
fn crowded_board(rng: &mut ChaCha8Rng, wide: bool) -> (Vec<Vec<u8>>, usize, usize, u8) {
    let rows = rng.random_range(1..=if wide { 8 } else { 7 });
    let cols = if wide {
        rng.random_range(30..=100)
    } else {
        rng.random_range(1..=7)
    };
    let empty = *[0.02, 0.1, 0.3].choose(rng).unwrap();
    let mut colour = b'X';
    let mut board: Vec<Vec<u8>> = (0..rows)
        .map(|_| {
            (0..cols)
                .map(|_| {
                    if rng.random_bool(if wide { 0.05 } else { 0.5 }) {
                        colour = if colour == b'X' { b'O' } else { b'X' };
                    }
                    if rng.random_bool(empty) {
                        b'.'
                    } else {
                        colour
                    }
                })
                .collect()
        })
        .collect();
    let (row, col) = (rng.random_range(0..rows), rng.random_range(0..cols));
    board[row][col] = b'.';
    let stone = if rng.random_bool(0.5) { b'X' } else { b'O' };
    (board, row, col, stone)
}

/// `go_ko::groups` (what the page's "How it's solved" shows) against the
/// flood fill, on crowded small boards and on wide boards of long runs
/// (where the search goes a chunk at a time); and `Board::group` on a
/// stone of the board.
#[test]
fn groups_agree_with_the_flood_fill() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x90_6b2);
    let mut captured = 0;
    for round in 0..6_000 {
        let (board, row, col, stone) = crowded_board(&mut rng, round % 3 == 0);
        let (rows, cols) = (board.len(), board[0].len());
        let text = plain_text(&board, row, col, char::from(stone));
        let position = go_ko::parse(&mut judge_io::Input::new(text.as_bytes())).unwrap();
        let groups = go_ko::groups(&position);
        let (own, enemies) = brute_groups(&board, row, col, stone);
        let got = |group: &go_ko::Group| (group.stones.clone(), group.liberties.clone());
        assert_eq!(got(&groups.own), own, "input:\n{text}");
        let got_enemies: Vec<Group> = groups.enemies.iter().map(got).collect();
        assert_eq!(got_enemies, enemies, "input:\n{text}");
        captured += usize::from(enemies.iter().any(|(_, liberties)| liberties.is_empty()));
        // The position is left as it was, and any stone's group is found.
        assert_eq!(position.board.stone(row, col), None);
        let (r, c) = (rng.random_range(0..rows), rng.random_range(0..cols));
        let expected = (board[r][c] != b'.').then(|| {
            let mut stones: Vec<usize> = group_of(&board, r, c)
                .iter()
                .map(|&(r, c)| r * cols + c)
                .collect();
            stones.sort_unstable();
            stones
        });
        let found = position.board.group(r, c).map(|group| group.stones);
        assert_eq!(found, expected, "({r}, {c}) of\n{text}");
    }
    assert!(captured > 500, "{captured}");
}

/// The same position with the line handling the contract allows: `\r\n`,
/// trailing spaces and tabs, blank lines, spaces around the move's tokens,
/// leading zeros and `+` signs, no final line end.
fn messy_text(
    rng: &mut ChaCha8Rng,
    board: &[Vec<u8>],
    row: usize,
    col: usize,
    stone: char,
) -> String {
    let mut text = String::new();
    let line_end = |rng: &mut ChaCha8Rng, text: &mut String| {
        for _ in 0..rng.random_range(0..3) {
            text.push(*[' ', '\t'].choose(rng).unwrap());
        }
        text.push_str(if rng.random_bool(0.5) { "\r\n" } else { "\n" });
        if rng.random_bool(0.2) {
            text.push_str(["\n", "  \n", "\r\n", " \t\r\n"].choose(rng).unwrap());
        }
    };
    if rng.random_bool(0.2) {
        text.push_str("\n \r\n");
    }
    for line in board {
        text.push_str(std::str::from_utf8(line).unwrap());
        line_end(rng, &mut text);
    }
    let number = |rng: &mut ChaCha8Rng, value: usize| match rng.random_range(0..4) {
        0 => format!("0{value}"),
        1 => format!("+{value}"),
        _ => value.to_string(),
    };
    let gap = |rng: &mut ChaCha8Rng| [" ", "  ", "\t", " \t "].choose(rng).unwrap().to_string();
    let lead = if rng.random_bool(0.3) {
        gap(rng)
    } else {
        String::new()
    };
    text.push_str(&lead);
    text.push_str(&number(rng, row));
    text.push_str(&gap(rng));
    text.push_str(&number(rng, col));
    text.push_str(&gap(rng));
    text.push(stone);
    if rng.random_bool(0.7) {
        line_end(rng, &mut text);
    }
    text
}

/// The answers in judge-data were written by an independent script, or
/// planted by the generator of a generated case; the brute force here checks
/// them again, so neither can drift unnoticed.
#[test]
fn judge_data_answers_agree_with_the_brute_force() {
    let mut checked = 0;
    for case in judge_tools::judge_data::cases("go-ko").unwrap() {
        let judge_tools::judge_data::Expect::Answer(answer) = &case.expect else {
            continue;
        };
        if case.target.is_some() {
            continue;
        }
        if case.args.iter().any(|arg| arg == "--sgf") {
            // Whole games: checked by the oracles (scripts/sgf-oracles.sh)
            // and tests/sgf_brute_force.rs, not by this one-stone brute force.
            continue;
        }
        let path = case.input.as_ref().unwrap();
        let text = std::fs::read_to_string(path).unwrap();
        let answer = String::from_utf8(answer.clone()).unwrap();
        let show = case.args.iter().any(|arg| arg == "--show");
        let expected = brute_force(&text);
        let expected = if show {
            &expected[..]
        } else {
            &expected[..=expected.find('\n').unwrap()]
        };
        assert_eq!(answer, expected, "{}", case.name);
        checked += 1;
    }
    assert!(checked >= 70, "only {checked} cases found");
}

/// A search step as the brute force gives it: whether it is the own group's,
/// whether the whole group was searched, its stones and its liberties.
type Step = (bool, bool, Vec<usize>, Vec<usize>);

/// The searches the judge runs for a move, by the flood fill: the sides of
/// the stone right, left, below, above; an opponent stone there that is not
/// in a group already searched whole is one step: its first empty side
/// (above, right, below, left) when it has one, else its whole group. Then,
/// when no opponent group was left without a liberty, the new stone's own
/// group the same way. The verdict follows.
fn brute_trace(board: &[Vec<u8>], row: usize, col: usize, stone: u8) -> (Vec<Step>, &'static str) {
    let mut board = board.to_vec();
    board[row][col] = stone;
    let (rows, cols) = (board.len(), board[0].len());
    let side = |r: usize, c: usize, dr: isize, dc: isize| -> Option<(usize, usize)> {
        // `checked_add_signed` is newer than the crates' Rust 1.63.
        let r = usize::try_from(isize::try_from(r).ok()? + dr).ok()?;
        let c = usize::try_from(isize::try_from(c).ok()? + dc).ok()?;
        (r < rows && c < cols).then_some((r, c))
    };
    let step = |own: bool, r: usize, c: usize| -> Step {
        let first_empty = [(-1, 0), (0, 1), (1, 0), (0, -1)]
            .iter()
            .filter_map(|&(dr, dc)| side(r, c, dr, dc))
            .find(|&(nr, nc)| board[nr][nc] == b'.');
        if let Some((nr, nc)) = first_empty {
            return (own, false, vec![r * cols + c], vec![nr * cols + nc]);
        }
        let (stones, liberties) = flood(&board, r, c);
        (own, true, stones, liberties)
    };
    let mut steps: Vec<Step> = Vec::new();
    for (dr, dc) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
        if let Some((r, c)) = side(row, col, dr, dc) {
            let point = r * cols + c;
            let searched = steps
                .iter()
                .any(|(_, whole, stones, _)| *whole && stones.contains(&point));
            if board[r][c] != stone && board[r][c] != b'.' && !searched {
                steps.push(step(false, r, c));
            }
        }
    }
    let captured = steps
        .iter()
        .any(|(_, _, _, liberties)| liberties.is_empty());
    if captured {
        return (steps, "K.O.");
    }
    let own = step(true, row, col);
    let verdict = if own.3.is_empty() { "Suicide" } else { "Safe" };
    steps.push(own);
    (steps, verdict)
}

/// `go_ko::trace` (the searches the Go page steps through) against the
/// flood fill, and its verdict against the judge's, on crowded small boards
/// and wide boards of long runs.
#[test]
fn the_trace_agrees_with_the_flood_fill_and_the_verdict() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x7ace);
    let mut verdicts = [0usize; 3];
    let mut whole = 0;
    for round in 0..6_000 {
        let (board, row, col, stone) = crowded_board(&mut rng, round % 3 == 0);
        let cols = board[0].len();
        let text = plain_text(&board, row, col, char::from(stone));
        let position = go_ko::parse(&mut judge_io::Input::new(text.as_bytes())).unwrap();
        let trace = go_ko::trace(&position);
        let (steps, verdict) = brute_trace(&board, row, col, stone);
        let got: Vec<Step> = trace
            .steps
            .iter()
            .map(|step| {
                (
                    step.whose == go_ko::Whose::Own,
                    step.scope == go_ko::Scope::Group,
                    step.stones.clone(),
                    step.liberties.clone(),
                )
            })
            .collect();
        assert_eq!(got, steps, "input:\n{text}");
        assert_eq!(trace.verdict.to_string(), verdict, "input:\n{text}");
        assert_eq!(
            judge_io::run::<go_ko::GoKo>(&[], text.as_bytes()).unwrap(),
            format!("{verdict}\n"),
            "input:\n{text}"
        );
        assert_eq!(trace.point, row * cols + col);
        let index = ["K.O.", "Suicide", "Safe"]
            .iter()
            .position(|&v| v == verdict);
        verdicts[index.unwrap()] += 1;
        whole += steps.iter().filter(|step| step.1).count();
    }
    assert!(verdicts.iter().all(|&n| n > 300), "{verdicts:?}");
    assert!(whole > 2_000, "{whole}");
}
