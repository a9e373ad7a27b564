//! The periodic answers against plain game-tree search (a memoised DP over
//! positions), on seeded random subtraction sets, on sets with preperiods of
//! hundreds of thousands of positions, and on a set that does not repeat
//! within 10^7 positions.

// Test helpers outside #[test] unwrap, and index with positions that are
// small by construction (the brute-force vectors are in memory).
#![allow(clippy::unwrap_used, clippy::cast_possible_truncation)]

use std::collections::HashSet;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use stone_game::subtraction::{
    periodicity, value_at, MoveSet, Periodicity, Sequence, LOSS, REPEAT_LIMIT, WIN,
};
use stone_game::{StoneGame, Winner};

/// Outcomes of positions 0..len by the definition: a position is won iff
/// some move leads to a lost position.
fn brute_outcomes(moves: &[u16], len: usize) -> Vec<u8> {
    let mut won = vec![false; len];
    for n in 0..len {
        won[n] = moves
            .iter()
            .any(|&s| usize::from(s) <= n && !won[n - usize::from(s)]);
    }
    won.into_iter()
        .map(|won| if won { WIN } else { LOSS })
        .collect()
}

/// Grundy values of positions 0..len by the definition: the least value
/// that no move reaches.
fn brute_grundy(moves: &[u16], len: usize) -> Vec<u8> {
    let mut grundy: Vec<u8> = Vec::with_capacity(len);
    for n in 0..len {
        let reached: Vec<u8> = moves
            .iter()
            .filter(|&&s| usize::from(s) <= n)
            .map(|&s| grundy[n - usize::from(s)])
            .collect();
        let mex = (0u8..).find(|value| !reached.contains(value)).unwrap();
        grundy.push(mex);
    }
    grundy
}

fn brute(moves: &MoveSet, sequence: Sequence, len: usize) -> Vec<u8> {
    match sequence {
        Sequence::Outcomes => brute_outcomes(moves.moves(), len),
        Sequence::Grundy => brute_grundy(moves.moves(), len),
    }
}

/// Checks, on the brute-force values, that `found` describes them: the
/// period holds from the preperiod on, the preperiod cannot start earlier,
/// and no shorter period holds. `values` must extend well past one
/// preperiod and two periods.
fn assert_describes(found: Periodicity, values: &[u8], what: &str) {
    let (start, period) = (found.preperiod as usize, found.period as usize);
    assert!(
        start + 2 * period < values.len(),
        "{what}: too few values to check"
    );
    let holds = |from: usize, shift: usize| {
        (from..values.len() - shift).all(|j| values[j] == values[j + shift])
    };
    assert!(
        holds(start, period),
        "{what}: period {period} fails after {start}"
    );
    if start > 0 {
        assert_ne!(
            values[start - 1],
            values[start - 1 + period],
            "{what}: starts earlier"
        );
    }
    for shorter in 1..period {
        assert!(
            !holds(start, shorter),
            "{what}: {shorter} is a shorter period"
        );
    }
}

/// The value of `n` from the brute-force values and a checked periodicity.
fn reduce(found: Periodicity, values: &[u8], n: u64) -> u8 {
    let index = if n < found.preperiod {
        n
    } else {
        found.preperiod + (n - found.preperiod) % found.period
    };
    values[index as usize]
}

fn random_set(rng: &mut ChaCha8Rng) -> MoveSet {
    let count = rng.random_range(1..=6);
    let largest = *[4u16, 10, 30, 100, 1000]
        .get(rng.random_range(0..5))
        .unwrap();
    let sizes: Vec<u16> = (0..count).map(|_| rng.random_range(1..=largest)).collect();
    MoveSet::new(&sizes).unwrap()
}

#[test]
fn random_sets_agree_with_game_tree_search() {
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let mut checked_periods = 0;
    for case in 0..300 {
        let moves = random_set(&mut rng);
        let what = format!("case {case}, moves {:?}", moves.moves());
        for sequence in [Sequence::Outcomes, Sequence::Grundy] {
            let len = 4000;
            let values = brute(&moves, sequence, len);
            let walked: Vec<u8> = moves.values(sequence).take(len).collect();
            assert_eq!(walked, values, "{what} {sequence:?}: walk");
            for _ in 0..10 {
                let n = rng.random_range(0..len as u64);
                assert_eq!(
                    value_at(&moves, sequence, n, REPEAT_LIMIT),
                    Some(values[n as usize]),
                    "{what} {sequence:?}: n = {n}"
                );
            }
            let found = periodicity(&moves, sequence, REPEAT_LIMIT).unwrap();
            if found.preperiod + 2 * found.period >= len as u64 {
                // Too long to check with these values; the long-preperiod
                // tests below cover such sets.
                continue;
            }
            checked_periods += 1;
            assert_describes(found, &values, &what);
            for n in [len as u64, 1 << 40, u64::MAX - 1, u64::MAX, rng.random()] {
                let expected = reduce(found, &values, n);
                assert_eq!(
                    value_at(&moves, sequence, n, REPEAT_LIMIT),
                    Some(expected),
                    "{what}: n = {n}"
                );
            }
        }
    }
    assert!(
        checked_periods > 400,
        "only {checked_periods} periods checked"
    );
}

#[test]
fn the_whole_pipeline_answers_every_small_pile() {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    for _ in 0..20 {
        let moves = random_set(&mut rng);
        let list: Vec<String> = moves.moves().iter().map(u16::to_string).collect();
        let list = list.join(",");
        let outcomes = brute_outcomes(moves.moves(), 300);
        for (n, &outcome) in outcomes.iter().enumerate() {
            let expected = if outcome == WIN { "A win\n" } else { "B win\n" };
            let got =
                judge_io::run::<StoneGame>(&["--moves", &list], n.to_string().as_bytes()).unwrap();
            assert_eq!(got, expected, "--moves {list}, n = {n}");
        }
    }
}

#[test]
fn one_to_three_is_n_mod_4_everywhere() {
    let moves = MoveSet::one_to_three();
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    for _ in 0..1000 {
        let n: u64 = rng.random();
        let expected = if n % 4 == 0 { Winner::B } else { Winner::A };
        assert_eq!(stone_game::solve(&moves, n), Some(expected), "n = {n}");
    }
}

/// The rule: a set repeats within `limit` positions iff two of the states
/// S_0 ..= S_limit are equal, where S_i lists the values of i - m .. i - 1
/// and a position below 0 counts as a win (outcomes) or as no value
/// (Grundy). Checked on every small limit by collecting the states.
#[test]
fn the_repeat_rule_is_exactly_two_equal_states_up_to_the_limit() {
    let mut rng = ChaCha8Rng::seed_from_u64(10);
    for _ in 0..60 {
        let count = rng.random_range(1..=4);
        let sizes: Vec<u16> = (0..count).map(|_| rng.random_range(1..=12)).collect();
        let moves = MoveSet::new(&sizes).unwrap();
        let m = usize::from(moves.largest());
        for sequence in [Sequence::Outcomes, Sequence::Grundy] {
            let outside = if sequence == Sequence::Outcomes {
                WIN
            } else {
                u8::MAX
            };
            let values = brute(&moves, sequence, 200);
            let state = |i: usize| -> Vec<u8> {
                (i..i + m)
                    .map(|j| if j < m { outside } else { values[j - m] })
                    .collect()
            };
            let mut seen = HashSet::new();
            let mut repeated = false;
            for limit in 0..150usize {
                repeated |= !seen.insert(state(limit));
                let what = format!("{:?} {sequence:?} limit {limit}", moves.moves());
                let limit = limit as u64;
                assert_eq!(
                    periodicity(&moves, sequence, limit).is_some(),
                    repeated,
                    "{what}"
                );
                assert_eq!(
                    value_at(&moves, sequence, limit, limit).is_some(),
                    repeated,
                    "{what}"
                );
                assert_eq!(
                    value_at(&moves, sequence, u64::MAX, limit).is_some(),
                    repeated,
                    "{what}"
                );
                if limit > 0 {
                    let below = value_at(&moves, sequence, limit - 1, limit);
                    assert_eq!(below, Some(values[limit as usize - 1]), "{what}");
                }
            }
        }
    }
}

/// Sets found by experiment (examples/period.rs) whose values start
/// repeating only after hundreds of thousands or millions of positions.
#[test]
fn long_preperiods_and_periods_agree_with_game_tree_search() {
    let sets: [(&[u16], usize); 3] = [
        (&[16, 36, 297, 509, 564, 637, 805, 809], 860_000),
        (&[3, 90, 179, 248, 609, 631, 800, 803, 931, 942], 1_900_000),
        (
            &[
                44, 138, 166, 252, 287, 352, 380, 453, 470, 582, 597, 661, 752, 844, 899, 983,
            ],
            5_880_000,
        ),
    ];
    for (sizes, len) in sets {
        let moves = MoveSet::new(sizes).unwrap();
        let values = brute_outcomes(sizes, len);
        let found = periodicity(&moves, Sequence::Outcomes, REPEAT_LIMIT).unwrap();
        assert!(found.preperiod > 800_000, "{sizes:?}: {found:?}");
        assert_describes(found, &values, &format!("{sizes:?}"));
        for n in [u64::MAX, 1 << 50, len as u64 * 3 + 7] {
            let expected = reduce(found, &values, n);
            assert_eq!(
                value_at(&moves, Sequence::Outcomes, n, REPEAT_LIMIT),
                Some(expected)
            );
        }
    }
}

/// Found by experiment: the outcomes of this set first repeat with
/// preperiod 40 849 634 and period 5 381 654, far beyond 10^7 positions.
#[test]
fn a_set_that_does_not_repeat_within_the_limit_answers_only_below_it() {
    let sizes = [
        4, 14, 27, 97, 140, 162, 269, 391, 461, 603, 707, 793, 801, 842, 902, 953,
    ];
    let moves = MoveSet::new(&sizes).unwrap();
    let values = brute_outcomes(&sizes, REPEAT_LIMIT as usize);
    assert_eq!(periodicity(&moves, Sequence::Outcomes, REPEAT_LIMIT), None);
    for n in [REPEAT_LIMIT, REPEAT_LIMIT + 1, u64::MAX] {
        assert_eq!(value_at(&moves, Sequence::Outcomes, n, REPEAT_LIMIT), None);
        assert_eq!(stone_game::solve(&moves, n), None);
    }
    for n in [0, 1, 4, 3_999_999, REPEAT_LIMIT - 1] {
        assert_eq!(
            value_at(&moves, Sequence::Outcomes, n, REPEAT_LIMIT),
            Some(values[n as usize]),
            "n = {n}"
        );
    }
    // With a limit past its repeat, the same set is periodic.
    let found = periodicity(&moves, Sequence::Outcomes, 50_000_000).unwrap();
    assert_eq!((found.preperiod, found.period), (40_849_634, 5_381_654));
}

#[test]
fn judge_data_answers_below_the_limit_agree_with_game_tree_search() {
    // Every answered case whose n is below 10^7 (all but the huge-n ones,
    // whose answers the judge-data README derives otherwise), against the
    // definition, so a case added to kill a mutant is checked by something
    // other than the solver.
    let mut checked = 0;
    for case in judge_tools::judge_data::cases("stone-game").unwrap() {
        let judge_tools::judge_data::Expect::Answer(expected) = &case.expect else {
            continue;
        };
        let text = std::fs::read_to_string(case.input.as_ref().unwrap()).unwrap();
        let n: u64 = text.trim().trim_start_matches('+').parse().unwrap();
        if n >= REPEAT_LIMIT {
            continue;
        }
        let list = match case.args.as_slice() {
            [] => "1,2,3".to_string(),
            [flag, list] if flag == "--moves" => list.clone(),
            [flag] => flag.strip_prefix("--moves=").unwrap().to_string(),
            other => panic!("{}: unexpected flags {other:?}", case.name),
        };
        let moves = MoveSet::parse(&list).unwrap();
        let outcome = brute_outcomes(moves.moves(), n as usize + 1)[n as usize];
        let winner = if outcome == WIN { "A win\n" } else { "B win\n" };
        assert_eq!(
            String::from_utf8_lossy(expected),
            winner,
            "{}: n = {n}, --moves {list}",
            case.name
        );
        checked += 1;
    }
    // 18 when this test was written; fewer means the cases went missing.
    assert!(checked >= 18, "only {checked} cases checked");
}
