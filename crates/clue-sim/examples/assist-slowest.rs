//! Which views of real games are the slowest for `clue-sim --assist`? A
//! search behind the crate README's "Benchmark" figures: it plays GAMES
//! classic games of PLAYERS seats (seeds from SEED, strategies rotated
//! over `expert`, `smart`, `seed` and `random`), takes every seat's view
//! after every turn, times the count ([`assist::assess`]) and the advice
//! ([`assist::advise`]) of each, prints the mean and the slowest, and writes
//! the slowest view of each kind into OUT-DIR as `assist-slowest-count.in`
//! and `assist-slowest-advice.in`, which `scripts/bench-clue-assist.sh`
//! times as whole commands.
//!
//! ```text
//! cargo run --release -p clue-sim --example assist-slowest -- PLAYERS GAMES SEED OUT-DIR
//! ```
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::time::{Duration, Instant};

use clue_sim::assist::{self, View};
use clue_sim::cards::CardSet;
use clue_sim::game::Game;
use clue_sim::players::Strategy;

const STRATEGIES: [Strategy; 4] = [
    Strategy::Expert,
    Strategy::Smart,
    Strategy::Seed,
    Strategy::Random,
];

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (players, games, seed, out) = match &args[..] {
        [players, games, seed, out] => match (
            players.parse::<usize>(),
            games.parse::<u64>(),
            seed.parse::<u64>(),
        ) {
            (Ok(players), Ok(games), Ok(seed)) => (players, games, seed, out.clone()),
            _ => return usage(),
        },
        _ => return usage(),
    };
    let mut count = Slowest::default();
    let mut advice = Slowest::default();
    for game in 0..games {
        let rotation = usize::try_from(game % 4).unwrap_or(0);
        let table = Game {
            players,
            seed: seed + game,
            cards: CardSet::classic(),
        };
        let strategies: Vec<Strategy> = (0..players)
            .map(|seat| STRATEGIES[(seat + rotation) % STRATEGIES.len()])
            .collect();
        for view in View::of_game(&table, &strategies) {
            for prefix in between_turns(&view) {
                let start = Instant::now();
                let assessment = match assist::assess(&prefix) {
                    Ok(assessment) => assessment,
                    Err(error) => return refused(seed + game, &prefix, &error),
                };
                count.add(start.elapsed(), &prefix);
                let start = Instant::now();
                if let Err(error) = assist::advise(&prefix, &assessment) {
                    return refused(seed + game, &prefix, &error);
                }
                advice.add(start.elapsed(), &prefix);
            }
        }
    }
    for (name, slowest) in [("count", &count), ("advice", &advice)] {
        println!(
            "{name}: {} views, mean {:.2} ms, slowest {:.2} ms",
            slowest.views,
            slowest.total.as_secs_f64() * 1e3 / slowest.views.max(1) as f64,
            slowest.time.as_secs_f64() * 1e3
        );
        let path = format!("{out}/assist-slowest-{name}.in");
        if let Err(error) = std::fs::write(&path, &slowest.text) {
            eprintln!("cannot write {path}: {error}");
            return std::process::ExitCode::FAILURE;
        }
    }
    std::process::ExitCode::SUCCESS
}

fn refused(seed: u64, view: &View, error: &judge_io::Error) -> std::process::ExitCode {
    eprintln!("a view of game {seed} is refused: {error}\n{}", view.text());
    std::process::ExitCode::FAILURE
}

fn usage() -> std::process::ExitCode {
    eprintln!("usage: assist-slowest PLAYERS GAMES SEED OUT-DIR");
    std::process::ExitCode::from(2)
}

/// The view cut between each two of its turns (and accusations).
fn between_turns(view: &View) -> Vec<View> {
    view.cuts()
        .into_iter()
        .map(|cut| {
            let mut prefix = view.clone();
            prefix.entries.truncate(cut);
            prefix
        })
        .collect()
}

#[derive(Default)]
struct Slowest {
    views: usize,
    total: Duration,
    time: Duration,
    text: String,
}

impl Slowest {
    fn add(&mut self, time: Duration, view: &View) {
        self.views += 1;
        self.total += time;
        if time > self.time {
            self.time = time;
            self.text = view.text();
        }
    }
}
