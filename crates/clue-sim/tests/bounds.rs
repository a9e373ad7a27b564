//! The judge data reaches every bound of the statement: each quantity below,
//! measured on every `sample/` and `secret/` case a judge runs (no flags)
//! through the library's own parsers, and the "Bounds" tables of
//! `judge-data/clue-sim/README.md` (the default contract and
//! `kattis-getaclue`), which must say the same.
//!
//! `judge_tools::bounds` measures only the cases a judge runs, which have no
//! flags; the `--deduce` cases of the default contract (ours only) are
//! checked by the last test, in the same spirit.
#![allow(clippy::unwrap_used)]
use clue_sim::deduce::{self, Response};
use clue_sim::game::Game;
use judge_io::Input;
use judge_tools::bounds::{assert_bounds, input_bytes, Bound, Quantity};
use judge_tools::judge_data::{cases, Expect};

fn parse(bytes: &[u8]) -> Result<Game, String> {
    clue_sim::parse(&mut Input::new(bytes)).map_err(|error| error.to_string())
}

/// A `--deduce` input, and the number of cards certain in its answer (the
/// library's solver: `tests/deduce_brute.rs` checks it against every deal
/// on every case).
fn parse_deduce(bytes: &[u8]) -> Result<(deduce::Game, usize), String> {
    let game = deduce::parse(&mut Input::new(bytes)).map_err(|error| error.to_string())?;
    let verdict = deduce::solve(&game).map_err(|error| error.to_string())?;
    let certain = verdict.envelope.iter().flatten().count();
    Ok((game, certain))
}

fn int(value: usize) -> Option<i128> {
    i128::try_from(value).ok()
}

/// The most cards of one category.
fn largest_category(game: &Game) -> usize {
    (0..game.cards.categories())
        .map(|category| game.cards.category(category).len())
        .max()
        .unwrap_or(0)
}

#[test]
fn the_default_contract_reaches_every_bound() {
    assert_bounds(
        "clue-sim",
        None,
        parse,
        &[
            Quantity {
                name: "input bytes",
                bound: Bound::Largest(3080),
                measure: input_bytes,
            },
            Quantity {
                name: "players P",
                bound: Bound::Smallest(2),
                measure: |_, game: &Game| int(game.players),
            },
            Quantity {
                name: "players P",
                bound: Bound::Largest(12),
                measure: |_, game: &Game| int(game.players),
            },
            Quantity {
                name: "seed",
                bound: Bound::Largest(18_446_744_073_709_551_615),
                measure: |_, game: &Game| Some(i128::from(game.seed)),
            },
            Quantity {
                name: "cards",
                bound: Bound::Smallest(1),
                measure: |_, game: &Game| int(game.cards.len()),
            },
            Quantity {
                name: "cards",
                bound: Bound::Largest(256),
                measure: |_, game: &Game| int(game.cards.len()),
            },
            Quantity {
                name: "categories K",
                bound: Bound::Largest(256),
                measure: |_, game: &Game| int(game.cards.categories()),
            },
            Quantity {
                name: "cards in one category",
                bound: Bound::Largest(256),
                measure: |_, game: &Game| int(largest_category(game)),
            },
            Quantity {
                name: "cards with the most players",
                bound: Bound::Largest(256),
                measure: |_, game: &Game| (game.players == 12).then(|| int(game.cards.len()))?,
            },
        ],
    );
}

#[test]
fn the_kattis_getaclue_target_reaches_every_bound() {
    assert_bounds(
        "clue-sim",
        Some("kattis-getaclue"),
        parse_deduce,
        &[
            Quantity {
                name: "input bytes",
                bound: Bound::Largest(620),
                measure: input_bytes,
            },
            Quantity {
                name: "suggestions n",
                bound: Bound::Smallest(1),
                measure: |_, (game, _): &(deduce::Game, usize)| int(game.suggestions.len()),
            },
            Quantity {
                name: "suggestions n",
                bound: Bound::Largest(50),
                measure: |_, (game, _): &(deduce::Game, usize)| int(game.suggestions.len()),
            },
            Quantity {
                name: "hidden shows (`*`)",
                bound: Bound::Largest(37),
                measure: |_, (game, _): &(deduce::Game, usize)| {
                    int(game
                        .suggestions
                        .iter()
                        .flat_map(|s| &s.responses)
                        .filter(|&&r| r == Response::Hidden)
                        .count())
                },
            },
            Quantity {
                name: "cards certain in the answer",
                bound: Bound::Smallest(0),
                measure: |_, &(_, certain): &(deduce::Game, usize)| int(certain),
            },
            Quantity {
                name: "cards certain in the answer",
                bound: Bound::Largest(3),
                measure: |_, &(_, certain): &(deduce::Game, usize)| int(certain),
            },
        ],
    );
}

#[test]
fn the_deduce_flag_reaches_every_bound() {
    let mut counts = Vec::new();
    for case in cases("clue-sim").unwrap() {
        if case.target.is_some()
            || !matches!(case.expect, Expect::Answer(_))
            || !case.args.iter().any(|arg| arg == "--deduce")
        {
            continue;
        }
        let bytes = std::fs::read(case.input.as_ref().unwrap()).unwrap();
        let (game, _) = parse_deduce(&bytes).unwrap();
        counts.push((game.suggestions.len(), case.name));
    }
    let most = counts.iter().max().unwrap();
    assert!(most.0 >= 1000, "the most suggestions: {most:?}");
    let fewest = counts.iter().min().unwrap();
    assert!(fewest.0 == 0, "the fewest suggestions: {fewest:?}");
}
