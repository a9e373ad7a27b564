//! What the werewolf tests share: the seeded random games they draw.

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use werewolf::{Game, Statement};

/// A random game: statements aimed at a small pool of players or at the
/// speaker themself as often as anywhere, M near N/2 or at the edges, and L
/// either taken from a random werewolf set (so that answers exist) or near
/// its bounds.
pub(crate) fn random_game(rng: &mut ChaCha8Rng) -> Game {
    let players = if rng.random_bool(0.8) {
        rng.random_range(5..=12)
    } else {
        rng.random_range(1..=12)
    };
    let pool_size = rng.random_range(1..=3.min(players));
    let pool: Vec<usize> = (0..pool_size)
        .map(|_| rng.random_range(0..players))
        .collect();
    let shape = rng.random_range(0..4);
    let statements: Vec<Statement> = (0..players)
        .map(|speaker| {
            let about = match (shape, rng.random_range(0..10)) {
                (0, _) => rng.random_range(0..players),
                (1, 0..=6) | (3, 0..=3) => pool[rng.random_range(0..pool.len())],
                (2, 0..=4) | (3, 4..=6) => speaker,
                _ => rng.random_range(0..players),
            };
            Statement {
                about,
                claims_werewolf: rng.random_bool(0.5),
            }
        })
        .collect();
    let werewolves = match rng.random_range(0..10) {
        0 => rng.random_range(0..=players),
        1 => 2.min(players),
        2 => players.saturating_sub(1),
        _ => (players / 2 + rng.random_range(0..=2))
            .saturating_sub(1)
            .min(players),
    };
    let liars = match rng.random_range(0..4) {
        0 | 1 => {
            let mut wolf = vec![false; players];
            let mut order: Vec<usize> = (0..players).collect();
            for index in 0..werewolves {
                let pick = rng.random_range(index..players);
                order.swap(index, pick);
                wolf[order[index]] = true;
            }
            statements
                .iter()
                .filter(|s| wolf[s.about] != s.claims_werewolf)
                .count()
        }
        2 => [0, 1, players.saturating_sub(1), players][rng.random_range(0..4)],
        _ => rng.random_range(0..=players),
    };
    Game {
        werewolves,
        liars,
        statements,
    }
}
