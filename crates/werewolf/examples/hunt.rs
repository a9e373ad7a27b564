//! Searches for slow games: `hunt N TRIALS SEED [CLIMB]` solves TRIALS random
//! games of many shapes with N players (M near N/2, every L), then tries
//! CLIMB single changes (one statement, M or L) to the slowest, keeping those
//! that make it slower, and prints the slowest game met as an input file on
//! standard output (its time on standard error). Times are wall-clock, best
//! of two runs, so the result depends on the machine: it finds adversarial
//! inputs, the benchmark then times them.
#![allow(clippy::print_stdout, clippy::print_stderr, clippy::unwrap_used)]
// A tool run on the current toolchain: the 1.63 floor is for the judge code only.
#![allow(clippy::incompatible_msrv)]

use std::time::Instant;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use werewolf::{solve, Game, Statement};

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap())
        .collect();
    let (players, trials, seed) = (usize::try_from(args[0]).unwrap(), args[1], args[2]);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut slowest: Option<(f64, Game)> = None;
    for _ in 0..trials {
        let game = shape(&mut rng, players);
        let start = Instant::now();
        let verdict = solve(&game).unwrap();
        let seconds = start.elapsed().as_secs_f64();
        std::hint::black_box(verdict);
        if slowest.as_ref().map_or(true, |(best, _)| seconds > *best) {
            slowest = Some((seconds, game));
        }
    }
    let (mut seconds, mut game) = slowest.unwrap();
    for _ in 0..args.get(3).copied().unwrap_or(0) {
        let mut changed = game.clone();
        match rng.random_range(0..4) {
            0 => changed.liars = rng.random_range(0..=players),
            1 => changed.werewolves = rng.random_range(0..=players),
            _ => {
                let speaker = rng.random_range(0..players);
                changed.statements[speaker] = Statement {
                    about: rng.random_range(0..players),
                    claims_werewolf: rng.random_bool(0.5),
                };
            }
        }
        let time = time_of(&changed).min(time_of(&changed));
        if time > seconds {
            (seconds, game) = (time, changed);
        }
    }
    eprintln!("slowest: {:.3} ms", seconds * 1e3);
    println!("{} {} {}", players, game.werewolves, game.liars);
    for statement in &game.statements {
        let sign = if statement.claims_werewolf { '-' } else { '+' };
        println!("{sign}{}", statement.about + 1);
    }
}

fn time_of(game: &Game) -> f64 {
    let start = Instant::now();
    std::hint::black_box(solve(game).unwrap());
    start.elapsed().as_secs_f64()
}

fn shape(rng: &mut ChaCha8Rng, players: usize) -> Game {
    let pool_size = rng.random_range(1..=6);
    let pool: Vec<usize> = (0..pool_size)
        .map(|_| rng.random_range(0..players))
        .collect();
    let kind = rng.random_range(0..6);
    let sign_bias = [0.0, 1.0, 0.5, 0.1, 0.9][rng.random_range(0..5)];
    let statements = (0..players)
        .map(|speaker| {
            let about = match kind {
                0 => rng.random_range(0..players),
                1 => pool[rng.random_range(0..pool.len())],
                2 if rng.random_bool(0.5) => speaker,
                3 => (speaker + 1) % players,
                4 => (speaker + players / 2) % players,
                _ if rng.random_bool(0.3) => pool[rng.random_range(0..pool.len())],
                _ => rng.random_range(0..players),
            };
            Statement {
                about,
                claims_werewolf: rng.random_bool(sign_bias),
            }
        })
        .collect();
    let werewolves = (players / 2 + rng.random_range(0..=10))
        .saturating_sub(5)
        .min(players);
    let liars = rng.random_range(0..=players);
    Game {
        werewolves,
        liars,
        statements,
    }
}
