//! Deterministic big inputs for `scripts/bench-go-ko.sh`:
//!
//! ```text
//! go-ko-gen snake N        an N x N snake of X (rows joined at alternating ends),
//!                    O between, one liberty left at (0,0); O plays there and
//!                    captures the whole snake (half the board)
//! go-ko-gen snake-safe N   the same snake with empty points between; X plays next
//!                    to it, and its own group (the whole snake) is searched
//! go-ko-gen solid N        X everywhere but the centre; O plays there and captures
//!                    one group that touches it on four sides
//! go-ko-gen random N SEED  each point empty, X or O with equal chance; a random
//!                    move on an empty point
//! ```
#![allow(clippy::print_stderr, clippy::unwrap_used)]

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |index: usize| args.get(index).and_then(|arg| arg.parse::<usize>().ok());
    let (Some(kind), Some(size)) = (args.first(), number(1)) else {
        eprintln!("usage: gen snake|snake-safe|solid N | gen random N SEED");
        return ExitCode::from(2);
    };
    if size < 3 {
        eprintln!("N must be at least 3");
        return ExitCode::from(2);
    }
    let mut out = BufWriter::with_capacity(1 << 20, io::stdout().lock());
    let mut row = vec![b'.'; size + 1];
    row[size] = b'\n';
    let move_line = match kind.as_str() {
        "snake" | "snake-safe" => {
            let between = if kind == "snake" { b'O' } else { b'.' };
            for r in 0..size {
                let connector = if r % 4 == 1 { size - 1 } else { 0 };
                for (c, cell) in row[..size].iter_mut().enumerate() {
                    *cell = if r % 2 == 0 || c == connector {
                        b'X'
                    } else {
                        between
                    };
                }
                if r == 0 && kind == "snake" {
                    row[0] = b'.';
                }
                out.write_all(&row).unwrap();
            }
            if kind == "snake" {
                "0 0 O".to_string()
            } else {
                "1 0 X".to_string()
            }
        }
        "solid" => {
            for r in 0..size {
                row[..size].fill(b'X');
                if r == size / 2 {
                    row[size / 2] = b'.';
                }
                out.write_all(&row).unwrap();
            }
            format!("{} {} O", size / 2, size / 2)
        }
        "random" => {
            let Some(seed) = number(2) else {
                eprintln!("gen random N SEED: the seed is missing");
                return ExitCode::from(2);
            };
            let mut rng = ChaCha8Rng::seed_from_u64(seed as u64);
            let (move_row, move_col) = (rng.random_range(0..size), rng.random_range(0..size));
            for r in 0..size {
                for cell in &mut row[..size] {
                    *cell = b".XO"[rng.random_range(0..3)];
                }
                if r == move_row {
                    row[move_col] = b'.';
                }
                out.write_all(&row).unwrap();
            }
            let colour = if rng.random_bool(0.5) { 'X' } else { 'O' };
            format!("{move_row} {move_col} {colour}")
        }
        _ => {
            eprintln!("unknown kind {kind:?}: snake, snake-safe, solid or random");
            return ExitCode::from(2);
        }
    };
    writeln!(out, "{move_line}").unwrap();
    out.flush().unwrap();
    ExitCode::SUCCESS
}
