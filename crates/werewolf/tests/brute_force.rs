//! The solver against an exhaustive search that follows the contract
//! literally: every M-subset, in the contract's order, first valid one wins.
//! Exhaustive over every game with N <= 4, then 100,000 seeded random games
//! with N <= 12, biased toward the shapes where the werewolf condition bites,
//! and 50,000 of the shapes the adversarial search found slow.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use werewolf::{solve, solve_in_order, Game, Order, Statement, Verdict};

mod common;
use common::random_game;

/// The contract's search: M-subsets from the largest down. For sets of one
/// size, "compare the descending lists, first difference wins" is the
/// numeric order of the bit masks (bit i = player i), because the first
/// difference is the highest bit where the masks differ. So counting masks
/// down and skipping the other sizes visits the sets in the contract's order.
fn brute_force(game: &Game) -> Verdict {
    let players = game.statements.len();
    for mask in (0u32..1 << players).rev() {
        if mask.count_ones() as usize != game.werewolves {
            continue;
        }
        let wolf = |player: usize| mask >> player & 1 == 1;
        let mut liars = 0;
        let (mut lying_wolf, mut truthful_wolf) = (false, false);
        for (speaker, statement) in game.statements.iter().enumerate() {
            // "j is a werewolf" is true exactly when j is one.
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
        if liars == game.liars && lying_wolf && truthful_wolf {
            return Verdict::Werewolves((0..players).rev().filter(|&p| wolf(p)).collect());
        }
    }
    Verdict::NoSolution
}

fn check(game: &Game) {
    let expected = brute_force(game);
    let got = solve(game).expect("small games are far inside the memory limit");
    assert_eq!(got, expected, "game {game:?}");
}

#[test]
fn every_game_with_at_most_four_players() {
    let mut games = 0u64;
    for players in 1..=4usize {
        let choices = 2 * players;
        let total = choices.pow(u32::try_from(players).unwrap());
        for code in 0..total {
            let mut rest = code;
            let statements: Vec<Statement> = (0..players)
                .map(|_| {
                    let choice = rest % choices;
                    rest /= choices;
                    Statement {
                        about: choice / 2,
                        claims_werewolf: choice % 2 == 1,
                    }
                })
                .collect();
            for werewolves in 0..=players {
                for liars in 0..=players {
                    check(&Game {
                        werewolves,
                        liars,
                        statements: statements.clone(),
                    });
                    games += 1;
                }
            }
        }
    }
    assert_eq!(games, 2 * 4 + 16 * 9 + 216 * 16 + 4096 * 25);
}

#[test]
fn one_hundred_thousand_random_games_with_at_most_twelve_players() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5745_5245_574f_4c46);
    let mut answered = 0;
    for _ in 0..100_000 {
        let game = random_game(&mut rng);
        check(&game);
        if game.statements.len() >= 5 && matches!(brute_force(&game), Verdict::Werewolves(_)) {
            answered += 1;
        }
    }
    // The mix must exercise both outcomes often (a guard against a generator
    // that drifts into all-"No Solution").
    assert!(answered > 20_000, "only {answered} games had an answer");
}

/// The shapes the adversarial search (examples/hunt.rs) climbs from and
/// found slow, small: player i about its neighbour (i + 1, or its pair
/// partner), pairs never both accusing (the game), with M near the
/// number of "werewolf" claims (so the counts force almost every player of
/// weight -1 in) and L small; then a few statements changed at random, as a
/// climb does.
fn forced_game(rng: &mut ChaCha8Rng) -> Game {
    let players = rng.random_range(2..=12);
    let shape = rng.random_range(0..3);
    let mut statements: Vec<Statement> = (0..players)
        .map(|speaker| {
            let about = match shape {
                0 => (speaker + 1) % players,
                _ if speaker ^ 1 < players => speaker ^ 1,
                _ => speaker,
            };
            Statement {
                about,
                claims_werewolf: rng.random_bool(0.5),
            }
        })
        .collect();
    if shape == 2 {
        // Never both of a pair "werewolf".
        for speaker in (1..players).step_by(2) {
            if statements[speaker].claims_werewolf {
                statements[speaker - 1].claims_werewolf = false;
            }
        }
    }
    for _ in 0..rng.random_range(0..3) {
        let speaker = rng.random_range(0..players);
        statements[speaker] = Statement {
            about: rng.random_range(0..players),
            claims_werewolf: rng.random_bool(0.5),
        };
    }
    let claims = statements.iter().filter(|s| s.claims_werewolf).count();
    Game {
        werewolves: (claims + rng.random_range(0..5))
            .saturating_sub(2)
            .min(players),
        liars: rng.random_range(0..=4.min(players)),
        statements,
    }
}

#[test]
fn fifty_thousand_games_of_the_searched_shapes() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x4855_4e54_4544_0030);
    let (mut answered, mut none) = (0, 0);
    for _ in 0..50_000 {
        let game = forced_game(&mut rng);
        check(&game);
        match brute_force(&game) {
            Verdict::Werewolves(_) => answered += 1,
            Verdict::NoSolution => none += 1,
        }
    }
    // Both outcomes, often.
    assert!(
        answered > 5_000 && none > 5_000,
        "{answered} answered, {none} not"
    );
}

/// PAT 1148's search, written from its statement: every pair `i < j` in
/// ascending order (first `i`, then `j`), first valid pair wins. Two
/// werewolves, exactly two liars, exactly one of the two werewolves lying.
fn pat_a1148_brute_force(statements: &[Statement]) -> Verdict {
    let players = statements.len();
    for first in 0..players {
        for second in first + 1..players {
            let wolf = |player: usize| player == first || player == second;
            let lies = |speaker: usize| {
                let statement = statements[speaker];
                wolf(statement.about) != statement.claims_werewolf
            };
            let liars = (0..players).filter(|&speaker| lies(speaker)).count();
            if liars == 2 && lies(first) != lies(second) {
                return Verdict::Werewolves(vec![first, second]);
            }
        }
    }
    Verdict::NoSolution
}

fn check_pat_a1148(statements: Vec<Statement>) {
    let expected = pat_a1148_brute_force(&statements);
    let game = Game {
        werewolves: 2,
        liars: 2,
        statements,
    };
    assert_eq!(
        solve_in_order(&game, Order::Smallest).expect("small games fit in memory"),
        expected,
        "game {game:?}"
    );
}

#[test]
fn pat_a1148_every_game_with_at_most_five_players() {
    let mut games = 0u64;
    let mut answered = 0u64;
    for players in 1..=5usize {
        let choices = 2 * players;
        for code in 0..choices.pow(u32::try_from(players).unwrap()) {
            let mut rest = code;
            let statements: Vec<Statement> = (0..players)
                .map(|_| {
                    let choice = rest % choices;
                    rest /= choices;
                    Statement {
                        about: choice / 2,
                        claims_werewolf: choice % 2 == 1,
                    }
                })
                .collect();
            if pat_a1148_brute_force(&statements) != Verdict::NoSolution {
                answered += 1;
            }
            check_pat_a1148(statements);
            games += 1;
        }
    }
    assert_eq!(games, 2 + 16 + 216 + 4096 + 100_000);
    assert!(answered > 10_000, "only {answered} games had an answer");
}

#[test]
fn pat_a1148_twenty_thousand_random_games_with_at_most_twelve_players() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x0050_4154_3131_3438);
    let mut answered = 0;
    for _ in 0..20_000 {
        let mut game = random_game(&mut rng);
        game.werewolves = 2;
        game.liars = 2;
        if pat_a1148_brute_force(&game.statements) != Verdict::NoSolution {
            answered += 1;
        }
        check_pat_a1148(game.statements);
    }
    assert!(answered > 4_000, "only {answered} games had an answer");
}
