//! The game against the rules written a second time: every move it accepts
//! is legal and lands where the rules say, every legal move is accepted, and
//! following its hint at every step crosses in exactly the fewest crossings,
//! as an independent breadth-first search counts them (and as the solver
//! does). Nothing here calls the game's own rule check or the solver's
//! search to decide what is right.

#![allow(clippy::unwrap_used)]

use std::collections::VecDeque;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use river_crossing::{Bank, Game, Puzzle, Query, State, Turn};

/// The rules, from the problem statement: 1 to C people from the boat's
/// bank, and afterwards no bank with priests outnumbered. The state after
/// the crossing, or `None` when it is not allowed.
fn legal(puzzle: Puzzle, from: State, priests: usize, devils: usize) -> Option<State> {
    let people = priests + devils;
    if people == 0 || people > puzzle.capacity {
        return None;
    }
    let (mut left_p, mut left_d) = (int(from.left_priests), int(from.left_devils));
    let sign = if from.boat == Bank::Left { -1 } else { 1 };
    left_p += sign * int(priests);
    left_d += sign * int(devils);
    let (right_p, right_d) = (int(puzzle.priests) - left_p, int(puzzle.devils) - left_d);
    if [left_p, left_d, right_p, right_d].iter().any(|&n| n < 0) {
        return None;
    }
    let safe = |p: i64, d: i64| p == 0 || p >= d;
    if !safe(left_p, left_d) || !safe(right_p, right_d) {
        return None;
    }
    Some(State {
        left_priests: usize::try_from(left_p).unwrap(),
        left_devils: usize::try_from(left_d).unwrap(),
        boat: if from.boat == Bank::Left {
            Bank::Right
        } else {
            Bank::Left
        },
    })
}

fn int(n: usize) -> i64 {
    i64::try_from(n).unwrap()
}

fn is_safe(puzzle: Puzzle, state: State) -> bool {
    let safe = |p: usize, d: usize| p == 0 || p >= d;
    safe(state.left_priests, state.left_devils)
        && safe(
            puzzle.priests - state.left_priests,
            puzzle.devils - state.left_devils,
        )
}

/// Fewest crossings from `from` to everyone on the right, by a plain
/// forward search trying every load.
fn fewest(puzzle: Puzzle, from: State) -> Option<u32> {
    if !is_safe(puzzle, from) {
        return None;
    }
    let mut seen = std::collections::HashSet::new();
    let mut queue = VecDeque::from([(from, 0u32)]);
    seen.insert(from);
    while let Some((state, distance)) = queue.pop_front() {
        if state.left_priests == 0 && state.left_devils == 0 {
            return Some(distance);
        }
        for priests in 0..=puzzle.capacity {
            for devils in 0..=puzzle.capacity - priests {
                if let Some(next) = legal(puzzle, state, priests, devils) {
                    if seen.insert(next) {
                        queue.push_back((next, distance + 1));
                    }
                }
            }
        }
    }
    None
}

fn every_state(puzzle: Puzzle) -> impl Iterator<Item = State> {
    (0..=puzzle.priests).flat_map(move |p| {
        (0..=puzzle.devils).flat_map(move |d| {
            [Bank::Left, Bank::Right]
                .into_iter()
                .map(move |boat| State {
                    left_priests: p,
                    left_devils: d,
                    boat,
                })
        })
    })
}

fn small_puzzles() -> impl Iterator<Item = Puzzle> {
    (0..=5).flat_map(|priests| {
        (0..=5).flat_map(move |devils| {
            (1..=4).map(move |capacity| Puzzle {
                priests,
                devils,
                capacity,
            })
        })
    })
}

/// Every typed load, from every state where the game goes on, on every small
/// puzzle: the game accepts exactly the legal ones and moves where the rules
/// say, and a refusal leaves the state as it was.
#[test]
fn the_game_accepts_exactly_the_legal_moves() {
    let mut accepted = 0;
    let mut refused = 0;
    for puzzle in small_puzzles() {
        for current in every_state(puzzle) {
            let start = Game::new(&Query { puzzle, current });
            if start.is_over() {
                continue;
            }
            for priests in 0..=puzzle.priests.max(puzzle.capacity) + 1 {
                for devils in 0..=puzzle.devils.max(puzzle.capacity) + 1 {
                    let mut game = start.clone();
                    let turn = game.enter(format!("{priests} {devils}").as_bytes());
                    match legal(puzzle, current, priests, devils) {
                        Some(next) => {
                            assert!(matches!(turn, Turn::Crossed(_)), "{puzzle:?} {current:?}");
                            assert_eq!(game.state(), next);
                            assert_eq!(game.crossings(), 1);
                            accepted += 1;
                        }
                        None => {
                            assert!(
                                matches!(turn, Turn::Refused(_)),
                                "{puzzle:?} {current:?} {priests} {devils}: {turn:?}"
                            );
                            assert!(!game.render(&turn).is_empty());
                            assert_eq!(game.state(), current);
                            assert_eq!(game.crossings(), 0);
                            refused += 1;
                        }
                    }
                }
            }
        }
    }
    // Both kinds were really exercised.
    assert!(accepted > 1000 && refused > 10_000, "{accepted} {refused}");
}

/// Plays `h` then the hinted load until the game ends, checking each
/// accepted move against the rules; returns the crossings made, or `None`
/// when the first hint said there is no way across.
fn follow_hints(puzzle: Puzzle, current: State) -> Option<u32> {
    let mut game = Game::new(&Query { puzzle, current });
    let mut guard = 0;
    while !game.is_over() {
        let state = game.state();
        let hint = match game.enter(b"h") {
            Turn::Hinted(Some(hint)) => hint,
            Turn::Hinted(None) => return None,
            other => panic!("{other:?}"),
        };
        let priests = hint.next.left_priests.abs_diff(state.left_priests);
        let devils = hint.next.left_devils.abs_diff(state.left_devils);
        let turn = game.enter(format!("{priests} {devils}").as_bytes());
        assert!(matches!(turn, Turn::Crossed(_)), "{puzzle:?} {state:?}");
        assert_eq!(Some(game.state()), legal(puzzle, state, priests, devils));
        assert_eq!(game.state(), hint.next);
        guard += 1;
        assert!(guard <= 10_000, "{puzzle:?}: the hints go round in circles");
    }
    let end = game.render(&Turn::Nothing);
    assert!(end.starts_with("Everyone is across in "), "{end}");
    assert!(end.contains(", the fewest possible"), "{end}");
    Some(game.crossings())
}

#[test]
fn following_the_hints_crosses_in_the_fewest_crossings_on_every_small_puzzle() {
    let mut solved = 0;
    for puzzle in small_puzzles() {
        for current in every_state(puzzle) {
            if !is_safe(puzzle, current) {
                continue;
            }
            let expected = fewest(puzzle, current);
            assert_eq!(
                follow_hints(puzzle, current),
                expected,
                "{puzzle:?} {current:?}"
            );
            // And that is the solver's plan length too.
            let plan = river_crossing::solve(&Query { puzzle, current });
            assert_eq!(
                plan.map(|plan| u32::try_from(plan.len()).unwrap() - 1),
                expected
            );
            solved += u32::from(expected.is_some());
        }
    }
    assert!(solved > 1000, "{solved}");
}

#[test]
fn following_the_hints_crosses_in_the_fewest_crossings_on_random_puzzles() {
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    let mut solved = 0;
    for _ in 0..400 {
        let puzzle = Puzzle {
            priests: rng.random_range(0..=25),
            devils: rng.random_range(0..=25),
            capacity: rng.random_range(1..=8),
        };
        let current = State {
            left_priests: rng.random_range(0..=puzzle.priests),
            left_devils: rng.random_range(0..=puzzle.devils),
            boat: if rng.random_bool(0.5) {
                Bank::Left
            } else {
                Bank::Right
            },
        };
        // Half the games from the start, where most puzzles are played.
        let current = if rng.random_bool(0.5) {
            State::start(&puzzle)
        } else {
            current
        };
        if !is_safe(puzzle, current) {
            continue;
        }
        let expected = fewest(puzzle, current);
        assert_eq!(
            follow_hints(puzzle, current),
            expected,
            "{puzzle:?} {current:?}"
        );
        solved += u32::from(expected.is_some());
    }
    assert!(solved > 50, "{solved}");
}
