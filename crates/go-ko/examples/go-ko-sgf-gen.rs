//! Deterministic SGF collections for `scripts/bench-go-ko-sgf.sh`: random
//! games legal under the default rules (simple ko, no suicide), each move a
//! random empty point that the replayer accepts (a pass after 50 refusals).
//!
//! ```text
//! go-ko-sgf-gen GAMES MOVES SIZE SEED
//! ```
#![allow(clippy::print_stderr, clippy::unwrap_used)]

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use go_ko::{Game, Rules, Stone};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const LETTERS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

fn main() -> ExitCode {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|arg| arg.parse().ok())
        .collect();
    let &[games, moves, size, seed] = &args[..] else {
        eprintln!("usage: go-ko-sgf-gen GAMES MOVES SIZE SEED");
        return ExitCode::from(2);
    };
    if !(1..=52).contains(&size) {
        eprintln!("SIZE must be from 1 to 52");
        return ExitCode::from(2);
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed as u64);
    let mut out = BufWriter::with_capacity(1 << 20, io::stdout().lock());
    for _ in 0..games {
        let mut game = Game::new(size, size, Rules::SimpleKo);
        write!(out, "(;GM[1]FF[4]SZ[{size}]").unwrap();
        for number in 0..moves {
            let stone = if number % 2 == 0 {
                Stone::Black
            } else {
                Stone::White
            };
            let name = if stone == Stone::Black { 'B' } else { 'W' };
            let mut played = None;
            for _ in 0..50 {
                let (row, col) = (rng.random_range(0..size), rng.random_range(0..size));
                if game.board().stone(row, col).is_none()
                    && game.play(Some((row, col)), stone).is_ok()
                {
                    played = Some((row, col));
                    break;
                }
            }
            match played {
                Some((row, col)) => write!(
                    out,
                    ";{name}[{}{}]",
                    LETTERS[col] as char, LETTERS[row] as char
                )
                .unwrap(),
                None => {
                    game.play(None, stone).unwrap();
                    write!(out, ";{name}[]").unwrap();
                }
            }
        }
        writeln!(out, ")").unwrap();
    }
    out.flush().unwrap();
    ExitCode::SUCCESS
}
