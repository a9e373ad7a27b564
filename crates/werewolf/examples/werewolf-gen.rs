//! Deterministic game generator for benchmarks and judge data.
//!
//! `werewolf-gen KIND N M L SEED` prints a game with N players and M werewolves:
//!
//! - `random`: every statement about a random player, random sign;
//! - `pool`: statements about a few (at most 3) players, random sign;
//! - `self`: about half the players speak about themselves;
//! - `planted`: random statements, and L is the liar count of a random
//!   werewolf set (so an answer usually exists); the L argument is ignored;
//! - `chain`: player i speaks about player i + 1 (the last about player 1),
//!   signs random;
//! - `scattered`: 24 players at random places speak about random players,
//!   "werewolf", "human", "werewolf", ... in turn; every other player says
//!   "I am a human" (the pointers of `hunt`'s start family, anywhere).
//!
//! L may be `-` for "planted from a random set" with any kind.
//!
//! Its `planted` family is not the web page's puzzles
//! (`werewolf::generate`, which plants a lying and a truthful werewolf and
//! climbs to exactly one answer): it only makes an answer likely, at any
//! size, from `rand`'s ChaCha8 stream (which the bench figures' inputs
//! were drawn from). The game is written by the crate's judge-input writer.
#![allow(clippy::print_stdout, clippy::print_stderr, clippy::unwrap_used)]

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use werewolf::{Game, Statement};

/// How many players speak about others in the `scattered` family.
const SCATTERED: usize = 24;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() != 5 {
        eprintln!("usage: gen random|pool|self|planted|chain|scattered N M L|- SEED");
        std::process::exit(2);
    }
    let kind = args[0].as_str();
    let players: usize = args[1].parse().unwrap();
    let werewolves: usize = args[2].parse().unwrap();
    let seed: u64 = args[4].parse().unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let pool: Vec<usize> = (0..3).map(|_| rng.random_range(0..players)).collect();
    let scattered = if kind == "scattered" {
        sample(&mut rng, players, SCATTERED.min(players))
    } else {
        Vec::new()
    };
    let statements: Vec<(usize, bool)> = (0..players)
        .map(|speaker| {
            if kind == "scattered" {
                return match scattered.iter().position(|&p| p == speaker) {
                    Some(turn) => (rng.random_range(0..players), turn % 2 == 0),
                    None => (speaker, false),
                };
            }
            let about = match kind {
                "pool" => pool[rng.random_range(0..pool.len())],
                "self" if rng.random_bool(0.5) => speaker,
                "chain" => (speaker + 1) % players,
                _ => rng.random_range(0..players),
            };
            (about, rng.random_bool(0.5))
        })
        .collect();
    let liars = if args[3] == "-" || kind == "planted" {
        let mut wolf = vec![false; players];
        for player in sample(&mut rng, players, werewolves) {
            wolf[player] = true;
        }
        statements
            .iter()
            .filter(|&&(about, claims_werewolf)| wolf[about] != claims_werewolf)
            .count()
    } else {
        args[3].parse().unwrap()
    };
    let game = Game {
        werewolves,
        liars,
        statements: statements
            .into_iter()
            .map(|(about, claims_werewolf)| Statement {
                about,
                claims_werewolf,
            })
            .collect(),
    };
    let out = werewolf::describe::judge_input(&game);
    print!("{out}");
}

/// `count` distinct players of `players`, by a partial Fisher-Yates shuffle
/// (the first `count` places of the shuffle, in order).
fn sample(rng: &mut ChaCha8Rng, players: usize, count: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..players).collect();
    for index in 0..count {
        let pick = rng.random_range(index..players);
        order.swap(index, pick);
    }
    order.truncate(count);
    order
}
