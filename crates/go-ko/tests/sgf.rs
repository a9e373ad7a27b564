//! `go-ko --sgf` on what judge-data cannot hold well: records nested far
//! deeper than any stack, and big collections read in one pass.

use go_ko::GoKo;

fn run(args: &[&str], input: &str) -> Result<String, String> {
    judge_io::run::<GoKo>(args, input.as_bytes()).map_err(|error| error.to_string())
}

#[test]
fn a_record_nested_100000_deep_does_not_overflow_a_small_stack() {
    // Each variation holds one move and then the next variation, so the
    // main line is 100,000 moves deep; a recursive reader would need a frame
    // per level. The thread's stack is 256 KiB.
    let depth = 100_000;
    let mut record = String::from("(;SZ[52]");
    for level in 0..depth {
        let (row, col) = (level / 52 % 52, level % 52);
        let letters = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
        if level < 52 * 52 {
            let colour = if level % 2 == 0 { 'B' } else { 'W' };
            record.push_str(&format!(
                "(;{colour}[{}{}]",
                letters[col] as char, letters[row] as char
            ));
        } else {
            record.push_str("(;B[]");
        }
    }
    record.push_str(&")".repeat(depth + 1));
    let answer = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || run(&["--sgf", "--summary"], &record))
        .unwrap()
        .join()
        .unwrap();
    // Stones on every other point in columns, alternating: the whole
    // 52x52 board is filled with no capture until the last points, which
    // this only counts, then 100,000 - 2,704 passes.
    let answer = answer.unwrap();
    assert!(
        answer.starts_with("game 1: 100000 moves, black captured "),
        "{answer}"
    );
}

#[test]
fn a_malformed_record_nested_deep_is_reported_at_its_place() {
    let record = format!("{}B[aa]", "(;".repeat(100_000));
    let error = run(&["--sgf"], &record).unwrap_err();
    assert_eq!(
        error,
        "line 1, column 200006: expected ')' to close the game tree opened at line 1, column 1, found end of input"
    );
}

#[test]
fn only_the_first_variation_is_replayed_at_every_branch() {
    // Main line: B[aa], W[bb], B[cc]; the other variations would put a
    // stone on an occupied point if they were replayed.
    let record = "(;SZ[3];B[aa](;W[bb](;B[cc])(;B[aa]))(;W[aa]))";
    assert_eq!(
        run(&["--sgf"], record).unwrap(),
        "game 1: 3 moves, black captured 0, white captured 0\nX..\n.O.\n..X\n"
    );
}

#[test]
fn summary_prints_one_line_per_game_of_a_large_collection() {
    let games = 20_000;
    let collection = "(;SZ[3];B[aa];W[ba];B[bb];W[ab])\n".repeat(games);
    let answer = run(&["--sgf", "--summary"], &collection).unwrap();
    assert_eq!(answer.lines().count(), games);
    // W[ab] takes the black stone in the corner.
    assert_eq!(
        answer.lines().last().unwrap(),
        format!("game {games}: 4 moves, black captured 0, white captured 1")
    );
}

#[test]
fn keep_going_goes_on_after_an_illegal_move_and_the_default_stops() {
    let collection = "(;SZ[3];B[aa];W[aa])(;SZ[3];B[aa])";
    assert_eq!(
        run(&["--sgf", "--summary", "--keep-going"], collection).unwrap(),
        "game 1, move 2 (W[aa]): the point is occupied\ngame 2: 1 moves, black captured 0, white captured 0\n"
    );
    assert_eq!(
        run(&["--sgf"], collection).unwrap_err(),
        "game 1, move 2 (W[aa]): the point is occupied"
    );
}

#[test]
fn suicide_is_allowed_under_tromp_taylor_and_nz_and_counts_for_the_opponent() {
    // A lone stone's suicide recreates the position before it: positional
    // superko forbids it; situational superko does not, since that position
    // (the start) counts as made by black, and white made this one.
    let lone = "(;SZ[3]AB[ba][ab];W[aa])";
    assert_eq!(
        run(&["--sgf", "--rules", "tromp-taylor"], lone).unwrap_err(),
        "game 1, move 1 (W[aa]): repeats the position at the start (superko)"
    );
    assert_eq!(
        run(&["--sgf", "--rules", "nz"], lone).unwrap(),
        "game 1: 1 moves, black captured 1, white captured 0\n.X.\nX..\n...\n"
    );
    // Three white stones kill themselves: black is credited with them.
    let three = "(;SZ[3]AB[ca][cb][bb][ac][bc]AW[aa][ba];W[ab])";
    for rules in ["tromp-taylor", "nz"] {
        assert_eq!(
            run(&["--sgf", "--rules", rules], three).unwrap(),
            "game 1: 1 moves, black captured 3, white captured 0\n..X\n.XX\nXX.\n",
            "{rules}"
        );
    }
}

/// Records every followed node's board and illegal line, and the last
/// node of each game.
#[derive(Default)]
struct Every {
    /// Per game: (the board after its last node, its illegal line, nodes).
    games: Vec<(String, Option<String>, usize)>,
    /// Boards seen just before a move, with the verdict `Game::judge` gave.
    judged: Vec<(String, usize, usize, go_ko::Stone, Option<go_ko::Verdict>)>,
}

impl go_ko::Observer for Every {
    fn follow(&mut self, _number: u64) -> bool {
        self.games.push((String::new(), None, 0));
        true
    }

    fn before_move(
        &mut self,
        game: &go_ko::Game,
        point: Option<(usize, usize)>,
        stone: go_ko::Stone,
    ) {
        if let Some((row, col)) = point {
            if row < game.board().rows() && col < game.board().cols() && self.judged.len() < 2000 {
                self.judged.push((
                    text(game.board()),
                    row,
                    col,
                    stone,
                    game.judge(row, col, stone),
                ));
            }
        }
    }

    fn node(&mut self, game: &go_ko::Game, node: &go_ko::NodeReport<'_>) -> bool {
        // `follow` pushed this game's entry before any of its nodes.
        if let Some(last) = self.games.last_mut() {
            last.0 = text(game.board());
            last.1 = node.illegal.map(ToString::to_string);
            last.2 += 1;
        }
        true
    }
}

fn text(board: &go_ko::Board) -> String {
    let mut out = String::new();
    for row in 0..board.rows() {
        for col in 0..board.cols() {
            out.push(board.stone(row, col).map_or('.', go_ko::Stone::symbol));
        }
        out.push('\n');
    }
    out
}

/// The observer sees, for every judge-data record, what `--sgf` prints: the
/// last node of each game is its final board (or its illegal move's line),
/// the output is unchanged, and `Game::judge` before each move is the plain
/// judge's verdict on that position (the binary, without `--sgf`).
#[test]
fn an_observer_sees_what_the_replay_prints() {
    let folder = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../judge-data/go-ko/secret/sgf"
    );
    let mut checked = 0;
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("in") {
            continue;
        }
        let input = std::fs::read(&path).unwrap();
        let args = std::fs::read_to_string(path.with_extension("args")).unwrap();
        let args: Vec<&str> = args.split_whitespace().collect();
        let expected = judge_io::run::<GoKo>(&args, &input).unwrap();
        let rules = match args
            .iter()
            .position(|&a| a == "--rules")
            .map(|i| args[i + 1])
        {
            Some("tromp-taylor") => go_ko::Rules::TrompTaylor,
            Some("nz") => go_ko::Rules::NewZealand,
            _ => go_ko::Rules::SimpleKo,
        };
        let options = go_ko::SgfOptions {
            rules,
            summary: false,
            keep_going: args.contains(&"--keep-going"),
        };
        // Following game 1, its nodes' changes rebuild its final board.
        let mut follow = go_ko::Follow::new(1, usize::MAX);
        let first =
            go_ko::replay_observed(&mut judge_io::Input::new(&input[..]), &options, &mut follow)
                .unwrap();
        let mut rebuilt = vec![None; follow.rows * follow.cols];
        for node in &follow.nodes {
            for &(point, stone) in &node.changes {
                rebuilt[point] = stone;
            }
        }
        if let go_ko::GameReport::Finished(finished) = &first[0] {
            let board = finished.board.as_ref().unwrap();
            let last = follow.nodes.last().unwrap();
            assert_eq!(
                (last.moves, last.captured_by_black),
                (finished.moves, finished.captured_by_black)
            );
            for (point, stone) in rebuilt.iter().enumerate() {
                assert_eq!(
                    *stone,
                    board.stone(point / follow.cols, point % follow.cols),
                    "{path:?}"
                );
            }
        }
        let mut every = Every::default();
        let reports =
            go_ko::replay_observed(&mut judge_io::Input::new(&input[..]), &options, &mut every)
                .unwrap();
        let output = go_ko::render_games(&reports);
        assert_eq!(output, expected, "{path:?}");
        // The output, game by game: a first line, then the board's rows.
        let mut games: Vec<(String, String)> = Vec::new();
        for line in output.lines() {
            if line.starts_with("game ") {
                games.push((line.to_string(), String::new()));
            } else {
                let board = &mut games.last_mut().unwrap().1;
                board.push_str(line);
                board.push('\n');
            }
        }
        assert_eq!(games.len(), every.games.len(), "{path:?}");
        assert_eq!(games.len(), reports.len(), "{path:?}");
        for (((line, board), (seen, illegal, nodes)), report) in
            games.iter().zip(&every.games).zip(&reports)
        {
            assert!(*nodes > 0);
            assert_eq!(&report.to_string(), line, "{path:?}");
            match (illegal, report) {
                (Some(illegal), go_ko::GameReport::Stopped(stopped)) => {
                    assert_eq!(illegal, line, "{path:?}");
                    assert_eq!(&stopped.to_string(), line, "{path:?}");
                }
                (None, go_ko::GameReport::Finished(finished)) => {
                    assert_eq!(board, seen, "{path:?} {line}");
                    assert_eq!(finished.board.as_ref().map(text).as_ref(), Some(board));
                }
                _ => panic!("{path:?} {line}: the observer and the report disagree"),
            }
        }
        for (board, row, col, stone, verdict) in &every.judged {
            let symbol = stone.symbol();
            let position = format!("{board}{row} {col} {symbol}\n");
            let plain = judge_io::run::<GoKo>(&[], position.as_bytes());
            match verdict {
                Some(verdict) => assert_eq!(plain.unwrap(), format!("{verdict}\n")),
                None => assert!(plain.is_err(), "an occupied point is refused by the judge"),
            }
        }
        checked += 1;
    }
    assert!(checked >= 10);
}
