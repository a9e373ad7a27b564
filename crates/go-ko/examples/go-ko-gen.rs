//! Deterministic big inputs for `scripts/bench-go-ko.sh`:
//!
//! ```text
//! go-ko-gen KIND N         an N x N board of judge-tools' `go-ko-board` KIND
//!                    (the judge data's generator: corner-snake-captured,
//!                    open-snake-joined, centre-captured, full-captured, ...);
//!                    its planted verdict goes to standard error
//! go-ko-gen random N SEED  each point empty, X or O with equal chance; a random
//!                    move on an empty point (no verdict is known)
//! ```
#![allow(clippy::print_stderr, clippy::unwrap_used)]

use std::io::{self, Write};
use std::process::ExitCode;

use judge_tools::generated::Recipe;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |index: usize| args.get(index).and_then(|arg| arg.parse::<usize>().ok());
    let (Some(kind), Some(size)) = (args.first(), number(1)) else {
        eprintln!("usage: go-ko-gen KIND N | go-ko-gen random N SEED");
        return ExitCode::from(2);
    };
    let input = if kind == "random" {
        let Some(seed) = number(2) else {
            eprintln!("go-ko-gen random N SEED: the seed is missing");
            return ExitCode::from(2);
        };
        random(size.max(1), seed as u64)
    } else {
        // One generator for the planted boards: the judge data's.
        let recipe = Recipe {
            generator: "go-ko-board".to_string(),
            args: vec![kind.clone(), size.to_string(), size.to_string()],
            seed: 0,
            input_sha256: String::new(),
            answer_sha256: String::new(),
        };
        match recipe.generate() {
            Ok(generated) => {
                eprint!("{}", String::from_utf8_lossy(&generated.answer));
                generated.input
            }
            Err(error) => {
                eprintln!("go-ko-gen: {error}");
                return ExitCode::from(2);
            }
        }
    };
    io::stdout().lock().write_all(&input).unwrap();
    ExitCode::SUCCESS
}

/// A `size` x `size` board of random points and a random move on an empty
/// one, from ChaCha8 seeded with `seed`.
fn random(size: usize, seed: u64) -> Vec<u8> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (move_row, move_col) = (rng.random_range(0..size), rng.random_range(0..size));
    let mut input = Vec::with_capacity(size * (size + 1) + 32);
    for r in 0..size {
        for c in 0..size {
            let point = b".XO"[rng.random_range(0..3)];
            input.push(if (r, c) == (move_row, move_col) {
                b'.'
            } else {
                point
            });
        }
        input.push(b'\n');
    }
    let colour = if rng.random_bool(0.5) { 'X' } else { 'O' };
    input.extend_from_slice(format!("{move_row} {move_col} {colour}\n").as_bytes());
    input
}
