//! Times the page's generator over a grid of werewolf and liar counts.
//!
//! `cargo run --release -p werewolf --example gentime -- N [STEP]` generates
//! a puzzle (seed 1) for every M and L from 2 and 1 up to N - 1 in steps of
//! STEP (default 1), and prints the median and slowest times, how many
//! puzzles were built from a weight profile rather than drawn, the requests
//! refused, and how many numbers have no profile at all, shared or not
//! (and the slowest search for both), and how many puzzles grade hard (and the slowest
//! grading), and how many requests for a hard puzzle get one.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::time::Instant;

use werewolf::generate::{generate, generate_at, profiles, shared_profiles, PROFILES};
use werewolf::grade::Level;

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|arg| match arg.parse() {
            Ok(value) => value,
            Err(_) => {
                eprintln!("usage: gentime N [STEP]");
                std::process::exit(2);
            }
        })
        .collect();
    let (players, step) = match args[..] {
        [players] => (players, 1),
        [players, step] if step > 0 => (players, step),
        _ => {
            eprintln!("usage: gentime N [STEP]");
            std::process::exit(2);
        }
    };
    let mut times = Vec::new();
    let mut built = 0;
    let mut refused = Vec::new();
    let mut no_profile = 0;
    let (mut hard, mut slowest_grade) = (0, 0.0f64);
    let mut slowest_search = 0.0f64;
    let (mut hard_asked, mut hard_met) = (0, 0);
    for werewolves in (2..players).step_by(step) {
        for liars in (1..players).step_by(step) {
            let start = Instant::now();
            let result = generate(players, werewolves, liars, 1);
            times.push(start.elapsed().as_secs_f64() * 1000.0);
            let start = Instant::now();
            no_profile += usize::from(
                profiles(players, werewolves, liars, PROFILES).is_empty()
                    && shared_profiles(players, werewolves, liars, PROFILES).is_empty(),
            );
            slowest_search = slowest_search.max(start.elapsed().as_secs_f64() * 1000.0);
            if let Ok(puzzle) = generate_at(players, werewolves, liars, Some(Level::Hard), 1) {
                hard_asked += 1;
                hard_met += usize::from(puzzle.note.is_none());
            }
            match result {
                Ok(puzzle) => {
                    built += usize::from(puzzle.built);
                    let start = Instant::now();
                    let graded = werewolf::grade::grade(&puzzle.game);
                    slowest_grade = slowest_grade.max(start.elapsed().as_secs_f64() * 1000.0);
                    hard += usize::from(graded.map(|graded| graded.level) == Some(Level::Hard));
                }
                Err(_) => refused.push((werewolves, liars)),
            }
        }
    }
    times.sort_by(f64::total_cmp);
    let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
    let slowest = times.last().copied().unwrap_or(0.0);
    println!(
        "N = {players}: {} requests, median {median:.1} ms, slowest {slowest:.1} ms, \
         {built} built from a profile, {} refused: {refused:?}; \
         {no_profile} with no profile (slowest search {slowest_search:.2} ms); \
         {hard} graded hard (slowest grade {slowest_grade:.2} ms); \
         asked for hard, {hard_met} of {hard_asked} are",
        times.len(),
        refused.len()
    );
}
