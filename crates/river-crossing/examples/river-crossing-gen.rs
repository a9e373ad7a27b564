//! Benchmark inputs for `river-crossing`, deterministic.
//!
//! `river-crossing-gen P D C` prints the start `P D C`. `river-crossing-gen P D C farthest` prints it
//! followed by the current state farthest from the goal (the longest plan of
//! the puzzle; the smallest such state, left priests then left devils, boat
//! on the left before the right), the worst case for printing a plan.

#![allow(clippy::print_stdout, clippy::unwrap_used)]

use river_crossing::{Bank, Distances, Puzzle, State};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize| -> usize { args[i].parse().unwrap() };
    let puzzle = Puzzle {
        priests: number(0),
        devils: number(1),
        capacity: number(2),
    };
    println!("{} {} {}", puzzle.priests, puzzle.devils, puzzle.capacity);
    if args.get(3).map(String::as_str) == Some("farthest") {
        let distances = Distances::new(puzzle);
        let mut farthest: Option<(u32, State)> = None;
        for boat in [Bank::Left, Bank::Right] {
            for left_priests in 0..=puzzle.priests {
                for left_devils in 0..=puzzle.devils {
                    let state = State {
                        left_priests,
                        left_devils,
                        boat,
                    };
                    if let Some(distance) = distances.distance(state) {
                        if farthest.map_or(true, |(best, _)| distance > best) {
                            farthest = Some((distance, state));
                        }
                    }
                }
            }
        }
        if let Some((_, state)) = farthest {
            println!(
                "{} {} {}",
                state.left_priests,
                state.left_devils,
                state.boat.letter()
            );
        }
    }
}
