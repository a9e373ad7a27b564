//! Prints where the outcomes and the Grundy values of a subtraction set
//! start repeating, and how long finding that took:
//!
//! ```text
//! cargo run --release -p stone-game --example period -- 1,3,4 [LIMIT]
//! ```
#![allow(clippy::print_stdout, clippy::unwrap_used)]

use std::time::Instant;

use stone_game::subtraction::{periodicity, value_at, MoveSet, Sequence, REPEAT_LIMIT};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let moves = MoveSet::parse(args.first().map_or("1,2,3", String::as_str)).unwrap();
    let limit = args
        .get(1)
        .map_or(REPEAT_LIMIT, |text| text.parse().unwrap());
    for sequence in [Sequence::Outcomes, Sequence::Grundy] {
        let start = Instant::now();
        let found = periodicity(&moves, sequence, limit);
        let periodicity_time = start.elapsed();
        let start = Instant::now();
        let huge = value_at(&moves, sequence, u64::MAX, limit);
        println!(
            "{sequence:?}: {found:?} in {periodicity_time:.3?}; value_at(u64::MAX) = {huge:?} in {:.3?}",
            start.elapsed()
        );
    }
}
