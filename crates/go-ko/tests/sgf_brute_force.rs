//! `go-ko --sgf` against a brute force written from the rules' definitions
//! in the crate docs: a plain board, groups found by flood fill, the ko and
//! superko rules decided by comparing whole boards with the full history of
//! positions (a linear scan, no hash), on small boards where kos, suicides
//! and repeats are frequent. Thousands of seeded random games per rule set,
//! each ending either normally or with an illegal move, compared line for
//! line (`--keep-going`, so every game's outcome shows).

use go_ko::GoKo;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Rules {
    Simple,
    Positional,
    Situational,
}

const EMPTY: u8 = 0;

/// A stone's code: 1 black, 2 white.
fn other(colour: u8) -> u8 {
    3 - colour
}

#[derive(Clone)]
struct Brute {
    rows: usize,
    cols: usize,
    board: Vec<u8>,
    rules: Rules,
    moves: usize,
    captured: [usize; 2],
    /// Every position since the start or the last setup: the board, the
    /// colour that made it (the start: the other colour than the first
    /// mover's), and the move after which it stood.
    history: Vec<(Vec<u8>, u8, usize)>,
    /// Whether the history must start again at the next move.
    restart: bool,
    /// The previous move since the last restart: its colour, and whether it
    /// placed a stone (simple ko looks at it).
    previous: Option<(u8, bool)>,
}

impl Brute {
    fn new(rows: usize, cols: usize, rules: Rules) -> Brute {
        Brute {
            rows,
            cols,
            board: vec![EMPTY; rows * cols],
            rules,
            moves: 0,
            captured: [0, 0],
            history: Vec::new(),
            restart: true,
            previous: None,
        }
    }

    fn neighbours(&self, point: usize) -> Vec<usize> {
        let (row, col) = (point / self.cols, point % self.cols);
        let mut next = Vec::new();
        if row > 0 {
            next.push(point - self.cols);
        }
        if row + 1 < self.rows {
            next.push(point + self.cols);
        }
        if col > 0 {
            next.push(point - 1);
        }
        if col + 1 < self.cols {
            next.push(point + 1);
        }
        next
    }

    /// The group of the stone on `point` and whether it has a liberty.
    fn group(board: &[u8], this: &Brute, point: usize) -> (Vec<usize>, bool) {
        let colour = board[point];
        let mut seen = vec![false; board.len()];
        let mut todo = vec![point];
        let mut group = Vec::new();
        let mut liberty = false;
        seen[point] = true;
        while let Some(at) = todo.pop() {
            group.push(at);
            for next in this.neighbours(at) {
                if board[next] == EMPTY {
                    liberty = true;
                } else if board[next] == colour && !seen[next] {
                    seen[next] = true;
                    todo.push(next);
                }
            }
        }
        (group, liberty)
    }

    fn setup(&mut self, point: usize, code: u8) {
        self.board[point] = code;
        self.restart = true;
    }

    fn start_if_needed(&mut self, colour: u8) {
        if self.restart {
            self.restart = false;
            self.history.clear();
            self.history
                .push((self.board.clone(), other(colour), self.moves));
            self.previous = None;
        }
    }

    /// Plays a move (`None`: a pass); the reason when illegal, the game then
    /// unchanged.
    fn play(&mut self, point: Option<(usize, usize)>, colour: u8) -> Result<(), String> {
        let (row, col) = match point {
            None => {
                self.start_if_needed(colour);
                self.moves += 1;
                self.history.push((self.board.clone(), colour, self.moves));
                self.previous = Some((colour, false));
                return Ok(());
            }
            Some(point) => point,
        };
        if row >= self.rows || col >= self.cols {
            return Err(format!(
                "the point is off the board ({} columns, {} rows)",
                self.cols, self.rows
            ));
        }
        let point = row * self.cols + col;
        if self.board[point] != EMPTY {
            return Err("the point is occupied".to_string());
        }
        self.start_if_needed(colour);
        let mut after = self.board.clone();
        after[point] = colour;
        let mut taken = 0;
        for next in self.neighbours(point) {
            if after[next] == other(colour) {
                let (group, liberty) = Brute::group(&after, self, next);
                if !liberty {
                    for stone in group {
                        after[stone] = EMPTY;
                        taken += 1;
                    }
                }
            }
        }
        let mut suicide = 0;
        let (own, liberty) = Brute::group(&after, self, point);
        if !liberty {
            if self.rules == Rules::Simple {
                return Err("suicide, which these rules forbid".to_string());
            }
            for stone in own {
                after[stone] = EMPTY;
                suicide += 1;
            }
        }
        match self.rules {
            Rules::Simple => {
                // The position before the opponent's last move, recreated.
                let n = self.history.len();
                if self.previous == Some((other(colour), true))
                    && n >= 2
                    && self.history[n - 2].0 == after
                {
                    return Err("retakes the ko at once (simple ko)".to_string());
                }
            }
            Rules::Positional | Rules::Situational => {
                for (board, made_by, at) in self.history.iter().rev() {
                    let same_maker = self.rules == Rules::Positional || *made_by == colour;
                    if same_maker && *board == after {
                        return Err(if *at == 0 {
                            "repeats the position at the start (superko)".to_string()
                        } else {
                            format!("repeats the position after move {at} (superko)")
                        });
                    }
                }
            }
        }
        self.board = after;
        let mover = usize::from(colour == 2);
        self.captured[mover] += taken;
        self.captured[1 - mover] += suicide;
        self.moves += 1;
        self.history.push((self.board.clone(), colour, self.moves));
        self.previous = Some((colour, true));
        Ok(())
    }

    fn render(&self, number: usize) -> String {
        let mut text = format!(
            "game {number}: {} moves, black captured {}, white captured {}\n",
            self.moves, self.captured[0], self.captured[1]
        );
        for row in 0..self.rows {
            for col in 0..self.cols {
                text.push(match self.board[row * self.cols + col] {
                    1 => 'X',
                    2 => 'O',
                    _ => '.',
                });
            }
            text.push('\n');
        }
        text
    }
}

fn letter(index: usize) -> char {
    b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"[index] as char
}

/// One random game as SGF, and what the brute force says of it.
fn random_game(rng: &mut ChaCha8Rng, rules: Rules, number: usize) -> (String, String) {
    let rows = rng.random_range(1..=5);
    let cols = rng.random_range(1..=5);
    let mut brute = Brute::new(rows, cols, rules);
    let mut sgf = format!("(;GM[1]FF[4]SZ[{cols}:{rows}]");
    // Some setup stones in the root.
    for _ in 0..rng.random_range(0..3) {
        let point = rng.random_range(0..rows * cols);
        let colour = rng.random_range(1..=2);
        brute.setup(point, colour);
        let name = if colour == 1 { "AB" } else { "AW" };
        sgf.push_str(&format!(
            "{name}[{}{}]",
            letter(point % cols),
            letter(point / cols)
        ));
    }
    let length = rng.random_range(0..80);
    let mut colour = 1;
    let mut illegal = None;
    'game: for _ in 0..length {
        if rng.random_bool(0.03) {
            // A setup node in the middle of the game.
            let point = rng.random_range(0..rows * cols);
            let code = rng.random_range(0..=2);
            brute.setup(point, code);
            let name = ["AE", "AB", "AW"][usize::from(code)];
            sgf.push_str(&format!(
                ";{name}[{}{}]",
                letter(point % cols),
                letter(point / cols)
            ));
        }
        if rng.random_bool(0.05) {
            colour = other(colour);
        }
        for _ in 0..20 {
            let point = if rng.random_bool(0.04) {
                None
            } else if rng.random_bool(0.01) {
                Some((rng.random_range(0..rows + 2), rng.random_range(0..cols + 2)))
            } else {
                Some((rng.random_range(0..rows), rng.random_range(0..cols)))
            };
            let name = if colour == 1 { 'B' } else { 'W' };
            let shown = point.map_or(String::new(), |(row, col)| {
                format!("{}{}", letter(col), letter(row))
            });
            match brute.play(point, colour) {
                Ok(()) => {
                    sgf.push_str(&format!(";{name}[{shown}]"));
                    colour = other(colour);
                    continue 'game;
                }
                Err(why) if rng.random_bool(0.1) => {
                    sgf.push_str(&format!(";{name}[{shown}]"));
                    illegal = Some(format!(
                        "game {number}, move {} ({name}[{shown}]): {why}\n",
                        brute.moves + 1
                    ));
                    break 'game;
                }
                Err(_) => {}
            }
        }
    }
    sgf.push(')');
    let expected = illegal.unwrap_or_else(|| brute.render(number));
    (sgf, expected)
}

fn compare(rules: Rules, flag: &str, seed: u64, games: usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut sgf, mut expected) = (String::new(), String::new());
    let mut records = Vec::new();
    let mut illegal = 0;
    for number in 1..=games {
        let (game, answer) = random_game(&mut rng, rules, number);
        illegal += usize::from(answer.contains("): "));
        sgf.push_str(&game);
        sgf.push('\n');
        records.push(game);
        expected.push_str(&answer);
    }
    let answer = judge_io::run::<GoKo>(&["--sgf", "--keep-going", "--rules", flag], sgf.as_bytes())
        .unwrap_or_else(|error| panic!("{error}"));
    let mut game = 0;
    for (ours, brute) in answer.lines().zip(expected.lines()) {
        if brute.starts_with("game ") {
            game += 1;
        }
        assert_eq!(
            ours,
            brute,
            "rules {flag}, seed {seed}: {}",
            records[game - 1]
        );
    }
    assert_eq!(answer, expected);
    // The games must exercise what they are for.
    assert!(illegal > games / 10, "only {illegal} illegal endings");
    for reason in ["occupied", "superko", "simple ko", "suicide"] {
        if expected.contains(reason) {
            continue;
        }
        let expected_here = match rules {
            Rules::Simple => reason != "superko",
            _ => reason != "simple ko" && reason != "suicide",
        };
        assert!(!expected_here, "no game ended with {reason}");
    }
}

#[test]
fn simple_ko_matches_the_brute_force() {
    compare(Rules::Simple, "simple", 1, 5000);
}

#[test]
fn positional_superko_matches_the_brute_force() {
    compare(Rules::Positional, "tromp-taylor", 2, 5000);
}

#[test]
fn situational_superko_matches_the_brute_force() {
    compare(Rules::Situational, "nz", 3, 5000);
}
