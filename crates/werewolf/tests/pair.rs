//! The small solver of `pat-a1148` ([`werewolf::pair`]) against the general
//! solver run in the smallest order with two werewolves and two liars:
//! every game of up to 6 players, and 10,000 seeded random games of up to
//! 100 players; every game of 7 players on demand (an ignored test).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use werewolf::{pair, solve_in_order, Game, Order, Statement, Verdict};

fn pat_game(statements: Vec<Statement>) -> Game {
    Game {
        werewolves: 2,
        liars: 2,
        statements,
    }
}

/// Whether both solvers agree on the game; the pair's answer.
fn check(game: &Game) -> Verdict {
    let expected = solve_in_order(game, Order::Smallest).expect("small games fit in memory");
    let got = pair::smallest_pair(game);
    assert_eq!(got, expected, "game {game:?}");
    got
}

/// Every game of `players`: each player says one of 2N things.
fn every_game(players: usize) -> (u64, u64) {
    let choices = 2 * players;
    let mut statements: Vec<Statement> = vec![
        Statement {
            about: 0,
            claims_werewolf: false
        };
        players
    ];
    let (mut games, mut answered) = (0u64, 0u64);
    let mut codes = vec![0usize; players];
    loop {
        for (statement, &code) in statements.iter_mut().zip(&codes) {
            *statement = Statement {
                about: code / 2,
                claims_werewolf: code % 2 == 1,
            };
        }
        let game = pat_game(statements.clone());
        if check(&game) != Verdict::NoSolution {
            answered += 1;
        }
        games += 1;
        // The next code, as an odometer.
        let Some(digit) = codes.iter().position(|&code| code + 1 < choices) else {
            return (games, answered);
        };
        codes[digit] += 1;
        codes[..digit].fill(0);
    }
}

#[test]
fn every_game_of_up_to_six_players() {
    for players in 1..=6 {
        let (games, answered) = every_game(players);
        assert_eq!(
            games,
            ((2 * players) as u64).pow(u32::try_from(players).unwrap())
        );
        if players >= 3 {
            assert!(answered > 0, "no game of {players} players had an answer");
        }
    }
}

/// The 105,413,504 games of 7 players: about 12 minutes on one core (an
/// estimate from the 6-player test's 7 microseconds a game), so run on
/// demand (`cargo test -p werewolf --test pair -- --ignored`).
#[test]
#[ignore = "about 12 minutes: 14^7 games through the general solver"]
fn every_game_of_seven_players() {
    let (games, answered) = every_game(7);
    assert_eq!(games, 14u64.pow(7));
    assert!(answered > 0);
}

/// A random game of 2 to 100 players. Half are planted: a pair of
/// werewolves and two liars, exactly one of them a werewolf, are drawn
/// first and every statement is made true or false to fit, so the game has
/// an answer (that pair or a smaller one); the rest are plain random, some
/// about only a few players.
fn random_game(rng: &mut ChaCha8Rng) -> Game {
    let players = rng.random_range(2..=100usize);
    let spoken = if rng.random_bool(0.3) {
        rng.random_range(1..=players.min(4))
    } else {
        players
    };
    let mut statements: Vec<Statement> = (0..players)
        .map(|_| Statement {
            about: rng.random_range(0..spoken),
            claims_werewolf: rng.random_bool(0.5),
        })
        .collect();
    if rng.random_bool(0.5) {
        let first = rng.random_range(0..players);
        let second = (first + rng.random_range(1..players)) % players;
        let wolf_liar = if rng.random_bool(0.5) { first } else { second };
        let human_liar = loop {
            let liar = rng.random_range(0..players);
            if liar != first && liar != second {
                break Some(liar);
            }
            if players == 2 {
                break None;
            }
        };
        for (speaker, statement) in statements.iter_mut().enumerate() {
            let wolf = statement.about == first || statement.about == second;
            let lies = speaker == wolf_liar || Some(speaker) == human_liar;
            statement.claims_werewolf = wolf != lies;
        }
    }
    pat_game(statements)
}

#[test]
fn ten_thousand_random_games_of_up_to_100_players() {
    let mut rng = ChaCha8Rng::seed_from_u64(1148);
    let mut answered = 0;
    for _ in 0..10_000 {
        if check(&random_game(&mut rng)) != Verdict::NoSolution {
            answered += 1;
        }
    }
    assert!(answered > 3_000, "only {answered} games had an answer");
}
