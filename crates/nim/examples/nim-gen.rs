//! Writes a deterministic random Nim game for the benchmarks:
//!
//! ```text
//! cargo run --release -p nim --example nim-gen -- PILES [SEED] [MAX_BITS] > game.in
//! ```
//!
//! PILES pile sizes, each uniform below 2^MAX_BITS (default 64: any u64),
//! from a ChaCha8 stream seeded with SEED (default 1).
#![allow(clippy::unwrap_used)]

use std::io::{BufWriter, Write};

use rand::{Rng, SeedableRng};

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|arg| arg.parse().expect("PILES [SEED] [MAX_BITS] are numbers"))
        .collect();
    let piles = args.first().copied().unwrap_or(10);
    let seed = args.get(1).copied().unwrap_or(1);
    let shift = 64 - args.get(2).copied().unwrap_or(64).clamp(1, 64);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut out = BufWriter::with_capacity(1 << 20, std::io::stdout().lock());
    writeln!(out, "{piles}").unwrap();
    for index in 0..piles {
        let separator = if index % 10 == 9 { '\n' } else { ' ' };
        write!(out, "{}{separator}", rng.random::<u64>() >> shift).unwrap();
    }
    writeln!(out).unwrap();
    out.flush().unwrap();
}
