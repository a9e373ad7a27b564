//! The judge data reaches every bound of the statement: each quantity below,
//! measured on every `sample/` and `secret/` case a judge runs (no flags),
//! through the library's own parser, and the "Bounds" tables of
//! `judge-data/werewolf/README.md` (the default contract and `pat-a1148`),
//! which must say the same.
//!
//! The answer-dependent quantities use the library's solver: every answer
//! it gives on these cases is the `.ans` file's (`tests/judge_data.rs`),
//! and those come from other methods (the README says which).
use judge_io::Input;
use judge_tools::bounds::{assert_bounds, input_bytes, Bound, Quantity};
use werewolf::{Game, Order, Verdict};

/// One case: its sizes, and the werewolves of its answer (counted from 1,
/// in the contract's order), if it has one.
struct Measured {
    players: usize,
    werewolves: usize,
    liars: usize,
    answer: Option<Vec<usize>>,
}

fn measured(game: &Game, order: Order) -> Result<Measured, String> {
    let answer = match werewolf::solve_in_order(game, order).map_err(|error| error.to_string())? {
        Verdict::Werewolves(players) => Some(players.iter().map(|&p| p + 1).collect()),
        Verdict::NoSolution => None,
    };
    Ok(Measured {
        players: game.statements.len(),
        werewolves: game.werewolves,
        liars: game.liars,
        answer,
    })
}

fn parse(bytes: &[u8]) -> Result<Measured, String> {
    let game = werewolf::parse(&mut Input::new(bytes)).map_err(|error| error.to_string())?;
    measured(&game, Order::Largest)
}

fn parse_pat_a1148(bytes: &[u8]) -> Result<Measured, String> {
    let game =
        werewolf::parse_pat_a1148(&mut Input::new(bytes)).map_err(|error| error.to_string())?;
    measured(&game, Order::Smallest)
}

fn int(value: usize) -> Option<i128> {
    i128::try_from(value).ok()
}

/// The judge's range: N <= 100.
fn judge_sized(m: &Measured) -> bool {
    m.players <= 100
}

#[test]
fn the_default_contract_reaches_every_bound() {
    assert_bounds(
        "werewolf",
        None,
        parse,
        &[
            Quantity {
                name: "input bytes",
                bound: Bound::Largest(12_006),
                measure: input_bytes,
            },
            Quantity {
                name: "players N",
                bound: Bound::Smallest(1),
                measure: |_, m: &Measured| int(m.players),
            },
            Quantity {
                name: "players N",
                bound: Bound::Largest(2000),
                measure: |_, m: &Measured| int(m.players),
            },
            Quantity {
                name: "werewolves M",
                bound: Bound::Smallest(0),
                measure: |_, m: &Measured| int(m.werewolves),
            },
            Quantity {
                name: "players who are not werewolves, N - M",
                bound: Bound::Smallest(0),
                measure: |_, m: &Measured| int(m.players - m.werewolves),
            },
            Quantity {
                name: "liars L",
                bound: Bound::Smallest(0),
                measure: |_, m: &Measured| int(m.liars),
            },
            Quantity {
                name: "players who tell the truth, N - L",
                bound: Bound::Smallest(0),
                measure: |_, m: &Measured| int(m.players - m.liars),
            },
            Quantity {
                name: "werewolves M, N <= 100, with an answer",
                bound: Bound::Largest(99),
                measure: |_, m: &Measured| {
                    (judge_sized(m) && m.answer.is_some())
                        .then_some(m.werewolves)?
                        .try_into()
                        .ok()
                },
            },
            Quantity {
                name: "liars L, N <= 100, with an answer",
                bound: Bound::Largest(99),
                measure: |_, m: &Measured| {
                    (judge_sized(m) && m.answer.is_some())
                        .then_some(m.liars)?
                        .try_into()
                        .ok()
                },
            },
            Quantity {
                name: "werewolves M, N <= 100, no answer",
                bound: Bound::Largest(50),
                measure: |_, m: &Measured| {
                    (judge_sized(m) && m.answer.is_none())
                        .then_some(m.werewolves)?
                        .try_into()
                        .ok()
                },
            },
            Quantity {
                name: "werewolves in the answer",
                bound: Bound::Largest(1000),
                measure: |_, m: &Measured| int(m.answer.as_ref()?.len()),
            },
            Quantity {
                name: "top werewolf of the answer, N = 100",
                bound: Bound::Smallest(50),
                measure: |_, m: &Measured| {
                    (m.players == 100)
                        .then_some(*m.answer.as_ref()?.first()?)?
                        .try_into()
                        .ok()
                },
            },
        ],
    );
}

#[test]
fn the_pat_a1148_target_reaches_every_bound() {
    assert_bounds(
        "werewolf",
        Some("pat-a1148"),
        parse_pat_a1148,
        &[
            Quantity {
                name: "input bytes",
                bound: Bound::Largest(399),
                measure: input_bytes,
            },
            Quantity {
                name: "players N",
                bound: Bound::Smallest(1),
                measure: |_, m: &Measured| int(m.players),
            },
            Quantity {
                name: "players N",
                bound: Bound::Largest(100),
                measure: |_, m: &Measured| int(m.players),
            },
            Quantity {
                name: "smaller werewolf of the answer",
                bound: Bound::Smallest(1),
                measure: |_, m: &Measured| int(*m.answer.as_ref()?.first()?),
            },
            Quantity {
                name: "smaller werewolf of the answer, N = 100",
                bound: Bound::Largest(99),
                measure: |_, m: &Measured| {
                    (m.players == 100)
                        .then_some(*m.answer.as_ref()?.first()?)?
                        .try_into()
                        .ok()
                },
            },
            Quantity {
                name: "larger werewolf of the answer",
                bound: Bound::Largest(100),
                measure: |_, m: &Measured| int(*m.answer.as_ref()?.last()?),
            },
        ],
    );
}
