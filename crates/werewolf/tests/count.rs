//! `werewolf::count` against a count written from the contract: every set
//! of players, checked one by one (`werewolf::is_valid` is not used, so the
//! check does not lean on the crate). Every game with N <= 4, then 20,000
//! seeded random games with N <= 12 under several caps; and `flaws` against
//! `is_valid` and the definition on random markings.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use werewolf::count::{count, flaws, Count, Flaw};
use werewolf::{is_valid, Game, Statement};

mod common;
use common::random_game;

/// Every subset of the players, by the definition: (sets with M werewolves
/// and L false statements, those with a lying and a truthful werewolf).
fn brute_force(game: &Game) -> (u64, u64) {
    let players = game.statements.len();
    let (mut with_counts, mut valid) = (0, 0);
    for mask in 0u32..1 << players {
        let wolf = |player: usize| mask >> player & 1 == 1;
        if mask.count_ones() as usize != game.werewolves {
            continue;
        }
        let mut liars = 0;
        let (mut lying_wolf, mut truthful_wolf) = (false, false);
        for (speaker, statement) in game.statements.iter().enumerate() {
            let true_statement = wolf(statement.about) == statement.claims_werewolf;
            if !true_statement {
                liars += 1;
            }
            if wolf(speaker) {
                if true_statement {
                    truthful_wolf = true;
                } else {
                    lying_wolf = true;
                }
            }
        }
        if liars == game.liars {
            with_counts += 1;
            if lying_wolf && truthful_wolf {
                valid += 1;
            }
        }
    }
    (with_counts, valid)
}

fn check(game: &Game, caps: &[u64]) -> (u64, u64) {
    let (with_counts, valid) = brute_force(game);
    for &cap in caps {
        assert_eq!(
            count(game, cap).expect("small games are far inside the limits"),
            Count {
                with_counts: with_counts.min(cap),
                valid: valid.min(cap),
            },
            "cap {cap}, game {game:?}"
        );
    }
    (with_counts, valid)
}

fn decode(players: usize, mut code: usize) -> Vec<Statement> {
    let choices = 2 * players;
    (0..players)
        .map(|_| {
            let choice = code % choices;
            code /= choices;
            Statement {
                about: choice / 2,
                claims_werewolf: choice % 2 == 1,
            }
        })
        .collect()
}

#[test]
fn every_game_with_at_most_four_players() {
    let mut games = 0u64;
    let mut several = 0u64;
    for players in 1..=4usize {
        let total = (2 * players).pow(u32::try_from(players).unwrap());
        for code in 0..total {
            let statements = decode(players, code);
            for werewolves in 0..=players {
                for liars in 0..=players {
                    let game = Game {
                        werewolves,
                        liars,
                        statements: statements.clone(),
                    };
                    if check(&game, &[1, 2, 3, u64::MAX]).1 >= 2 {
                        several += 1;
                    }
                    games += 1;
                }
            }
        }
    }
    assert_eq!(games, 2 * 4 + 16 * 9 + 216 * 16 + 4096 * 25);
    assert!(several > 1_000, "only {several} games with several answers");
}

#[test]
fn twenty_thousand_random_games_with_at_most_twelve_players() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x434f_554e_5400_0050);
    let (mut none, mut one, mut several) = (0, 0, 0);
    for _ in 0..20_000 {
        let game = random_game(&mut rng);
        let cap = rng.random_range(1..=4);
        match check(&game, &[cap, u64::MAX]).1 {
            0 => none += 1,
            1 => one += 1,
            _ => several += 1,
        }
    }
    // Every outcome, often.
    assert!(
        none > 2_000 && one > 1_000 && several > 1_000,
        "{none} with none, {one} with one, {several} with several"
    );
}

/// The flaws by the definition, for comparison.
fn expected_flaws(game: &Game, wolf: &[bool]) -> Vec<Flaw> {
    let lies: Vec<bool> = game
        .statements
        .iter()
        .map(|s| wolf[s.about] != s.claims_werewolf)
        .collect();
    let marked = wolf.iter().filter(|&&w| w).count();
    let false_statements: Vec<usize> = (0..wolf.len()).filter(|&p| lies[p]).collect();
    let mut flaws = Vec::new();
    if marked != game.werewolves {
        flaws.push(Flaw::Werewolves {
            marked,
            wanted: game.werewolves,
        });
    }
    if false_statements.len() != game.liars {
        flaws.push(Flaw::Liars {
            false_statements,
            wanted: game.liars,
        });
    }
    if !(0..wolf.len()).any(|p| wolf[p] && lies[p]) {
        flaws.push(Flaw::NoLyingWerewolf);
    }
    if !(0..wolf.len()).any(|p| wolf[p] && !lies[p]) {
        flaws.push(Flaw::NoTruthfulWerewolf);
    }
    flaws
}

#[test]
fn flaws_are_empty_exactly_for_the_valid_markings() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x464c_4157_5300_0050);
    let mut valid = 0;
    for _ in 0..20_000 {
        let game = random_game(&mut rng);
        let wolf: Vec<bool> = (0..game.statements.len())
            .map(|_| rng.random_bool(0.4))
            .collect();
        let found = flaws(&game, &wolf);
        assert_eq!(found, expected_flaws(&game, &wolf), "{game:?} {wolf:?}");
        assert_eq!(found.is_empty(), is_valid(&game, &wolf));
        if found.is_empty() {
            valid += 1;
        }
        for flaw in &found {
            assert!(flaw.to_string().ends_with('.'));
        }
    }
    assert!(valid > 200, "only {valid} valid markings");
}
