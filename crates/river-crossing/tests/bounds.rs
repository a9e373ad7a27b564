//! The judge data reaches every bound of the statement: each quantity below,
//! measured on every `sample/` and `secret/` case a judge runs (no flags)
//! through the library's own parser, and the "Bounds" table of
//! `judge-data/river-crossing/README.md`, which must say the same.
//!
//! The plan-dependent quantities use the library's solver: every plan it
//! gives on these cases is the `.ans` file's, which the brute force of
//! `tests/brute_force.rs` wrote and checks.
use judge_io::Input;
use judge_tools::bounds::{assert_bounds, input_bytes, Bound, Quantity};
use river_crossing::{Puzzle, Query};

/// One case: the puzzle, and its answer (the plan's crossings and the
/// output's bytes; `None` crossings for `No Solution`).
struct Measured {
    puzzle: Puzzle,
    crossings: Option<usize>,
    output_bytes: usize,
}

fn parse(bytes: &[u8]) -> Result<Measured, String> {
    let query: Query =
        river_crossing::parse(&mut Input::new(bytes)).map_err(|error| error.to_string())?;
    let plan = river_crossing::solve(&query);
    Ok(Measured {
        puzzle: query.puzzle,
        crossings: plan.as_ref().map(|plan| plan.len() - 1),
        output_bytes: river_crossing::render(&query.puzzle, plan.as_deref()).len(),
    })
}

fn int(value: usize) -> Option<i128> {
    i128::try_from(value).ok()
}

#[test]
fn the_data_reaches_every_bound_of_the_statement() {
    assert_bounds(
        "river-crossing",
        None,
        parse,
        &[
            Quantity {
                name: "input bytes",
                bound: Bound::Largest(24),
                measure: input_bytes,
            },
            Quantity {
                name: "priests P",
                bound: Bound::Smallest(0),
                measure: |_, m: &Measured| int(m.puzzle.priests),
            },
            Quantity {
                name: "priests P",
                bound: Bound::Largest(1000),
                measure: |_, m: &Measured| int(m.puzzle.priests),
            },
            Quantity {
                name: "devils D",
                bound: Bound::Smallest(0),
                measure: |_, m: &Measured| int(m.puzzle.devils),
            },
            Quantity {
                name: "devils D",
                bound: Bound::Largest(1000),
                measure: |_, m: &Measured| int(m.puzzle.devils),
            },
            Quantity {
                name: "boat C",
                bound: Bound::Smallest(1),
                measure: |_, m: &Measured| int(m.puzzle.capacity),
            },
            Quantity {
                name: "boat C",
                bound: Bound::Largest(1000),
                measure: |_, m: &Measured| int(m.puzzle.capacity),
            },
            Quantity {
                name: "states (P + 1)(D + 1) x 2",
                bound: Bound::Largest(2_004_002),
                measure: |_, m: &Measured| int((m.puzzle.priests + 1) * (m.puzzle.devils + 1) * 2),
            },
            Quantity {
                name: "crossings in the plan",
                bound: Bound::Largest(3995),
                measure: |_, m: &Measured| int(m.crossings?),
            },
            Quantity {
                name: "output bytes",
                bound: Bound::Largest(70_203),
                measure: |_, m: &Measured| int(m.output_bytes),
            },
            Quantity {
                name: "people P + D with no solution",
                bound: Bound::Largest(2000),
                measure: |_, m: &Measured| {
                    m.crossings
                        .is_none()
                        .then(|| int(m.puzzle.priests + m.puzzle.devils))?
                },
            },
        ],
    );
}
