//! The judge data reaches every bound of the statement: each quantity below,
//! measured on every `sample/` and `secret/` case a judge runs (no flags)
//! through the binary's own reader, and the "Bounds" table of
//! `judge-data/stone-game/README.md`, which must say the same.
//!
//! `judge_tools::bounds` measures only the cases a judge runs, which have no
//! flags; the bounds of `--moves` (ours only) are checked on the flag cases
//! by the second test, in the same spirit, and listed in the README below
//! the table.
#![allow(clippy::unwrap_used)]
use judge_io::{Input, Problem};
use judge_tools::bounds::{assert_bounds, input_bytes, Bound, Quantity};
use judge_tools::judge_data::{cases, Expect};
use stone_game::subtraction::MoveSet;
use stone_game::{Flags, StoneGame};

fn parse(bytes: &[u8]) -> Result<u64, String> {
    let flags = Flags {
        moves: MoveSet::one_to_three(),
    };
    let (_, n) = StoneGame::read(&flags, &mut Input::new(bytes)).map_err(|e| e.to_string())?;
    Ok(n)
}

#[test]
fn the_default_contract_reaches_every_bound() {
    assert_bounds(
        "stone-game",
        None,
        parse,
        &[
            Quantity {
                name: "input bytes",
                bound: Bound::Largest(21),
                measure: input_bytes,
            },
            Quantity {
                name: "pile n",
                bound: Bound::Smallest(0),
                measure: |_, &n: &u64| Some(i128::from(n)),
            },
            Quantity {
                name: "pile n",
                bound: Bound::Largest(18_446_744_073_709_551_615),
                measure: |_, &n: &u64| Some(i128::from(n)),
            },
            Quantity {
                name: "pile n that is a loss (a multiple of 4)",
                bound: Bound::Largest(18_446_744_073_709_551_612),
                measure: |_, &n: &u64| (n % 4 == 0).then_some(i128::from(n)),
            },
            Quantity {
                name: "pile n, judge limits",
                bound: Bound::Largest(1000),
                measure: |_, &n: &u64| (n <= 1000).then_some(i128::from(n)),
            },
        ],
    );
}

/// The `--moves` sets of the answer cases that have one, parsed by the
/// library, with the case's name.
fn move_sets() -> Vec<(String, MoveSet)> {
    let mut sets = Vec::new();
    for case in cases("stone-game").unwrap() {
        if !matches!(case.expect, Expect::Answer(_)) {
            continue;
        }
        if let [flag, list] = &case.args[..] {
            assert_eq!(flag, "--moves", "{}", case.name);
            sets.push((case.name.clone(), MoveSet::parse(list).unwrap()));
        }
    }
    sets
}

#[test]
fn the_moves_flag_reaches_every_bound() {
    let sets = move_sets();
    let most = |what: fn(&MoveSet) -> usize| {
        sets.iter()
            .map(|(name, set)| (what(set), name.as_str()))
            .max()
            .unwrap()
    };
    let least = |what: fn(&MoveSet) -> usize| {
        sets.iter()
            .map(|(name, set)| (what(set), name.as_str()))
            .min()
            .unwrap()
    };
    let sizes = most(|set| set.moves().len());
    assert!(sizes.0 >= 100, "the most sizes in one set: {sizes:?}");
    let largest = most(|set| usize::from(set.largest()));
    assert!(largest.0 >= 10_000, "the largest size: {largest:?}");
    let smallest = least(|set| usize::from(set.moves()[0]));
    assert!(smallest.0 <= 1, "the smallest size: {smallest:?}");
    let fewest = least(|set| set.moves().len());
    assert!(fewest.0 <= 1, "the fewest sizes: {fewest:?}");
}
