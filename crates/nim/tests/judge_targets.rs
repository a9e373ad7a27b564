//! The judge targets against answers from the definitions: `kattis-snim` and
//! `hdu-1536` against Grundy values computed as the mex of the values one
//! move away (a plain table, nothing shared with the solver's periodic
//! walker), `luogu-p2197` against the XOR of the piles. Random inputs over
//! the statements' full ranges (up to 100 move sizes up to 10000, repeats
//! included, heaps up to 10000), and every small move set exhaustively.

#![allow(clippy::unwrap_used)]
// Heaps here are at most a few hundred thousand.
#![allow(clippy::cast_possible_truncation)]

use std::fmt::Write as _;

use itertools::Itertools;
use nim::Nim;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Grundy values of positions 0..=top by the definition.
fn grundy_table(moves: &[u64], top: u64) -> Vec<u64> {
    let mut values: Vec<u64> = Vec::new();
    for n in 0..=top {
        let seen: Vec<u64> = moves
            .iter()
            .filter(|&&s| s <= n)
            .map(|&s| values[(n - s) as usize])
            .collect();
        let mex = (0..).find(|g| !seen.contains(g)).unwrap();
        values.push(mex);
    }
    values
}

/// One case in the judges' layout, and its expected line.
fn s_nim_case(moves: &[u64], positions: &[Vec<u64>]) -> (String, String) {
    let top = positions.iter().flatten().copied().max().unwrap_or(0);
    let values = grundy_table(moves, top);
    let mut text = format!(
        "{} {}\n{}\n",
        moves.len(),
        moves.iter().join(" "),
        positions.len()
    );
    let mut line = String::new();
    for heaps in positions {
        let _ = writeln!(text, "{} {}", heaps.len(), heaps.iter().join(" "));
        let xor = heaps.iter().fold(0, |x, &h| x ^ values[h as usize]);
        line.push(if xor == 0 { 'L' } else { 'W' });
    }
    line.push('\n');
    (text, line)
}

fn random_case(
    rng: &mut ChaCha8Rng,
    max_k: usize,
    max_size: u64,
    max_heap: u64,
) -> (Vec<u64>, Vec<Vec<u64>>) {
    let k = rng.random_range(1..=max_k);
    let mut moves: Vec<u64> = (0..k).map(|_| rng.random_range(1..=max_size)).collect();
    if k > 1 {
        // A repeated size, as the statement allows.
        let from = moves[rng.random_range(0..k)];
        moves[rng.random_range(0..k)] = from;
    }
    let m = rng.random_range(1..=100);
    let positions = (0..m)
        .map(|_| {
            let l = rng.random_range(1..=20);
            (0..l).map(|_| rng.random_range(0..=max_heap)).collect()
        })
        .collect();
    (moves, positions)
}

#[test]
fn kattis_snim_on_every_small_move_set() {
    // Every set drawn from 1..=6 (with a repeat of its first size), every
    // position of two heaps up to 14.
    let positions: Vec<Vec<u64>> = (0..=14u64)
        .cartesian_product(0..=14u64)
        .map(|(a, b)| vec![a, b])
        .collect();
    for size in 1..=6 {
        for set in (1..=6u64).combinations(size) {
            let mut moves = set.clone();
            moves.push(set[0]);
            let (input, expected) = s_nim_case(&moves, &positions);
            let got = judge_io::run::<Nim>(&["--judge", "kattis-snim"], input.as_bytes()).unwrap();
            assert_eq!(got, expected, "moves {moves:?}");
        }
    }
}

#[test]
fn kattis_snim_on_random_full_range_cases() {
    let mut rng = ChaCha8Rng::seed_from_u64(2960);
    for round in 0..300 {
        let (moves, positions) = if round % 3 == 0 {
            random_case(&mut rng, 100, 10_000, 10_000)
        } else {
            random_case(&mut rng, 12, 40, 300)
        };
        let (input, expected) = s_nim_case(&moves, &positions);
        let got = judge_io::run::<Nim>(&["--judge", "kattis-snim"], input.as_bytes()).unwrap();
        assert_eq!(got, expected, "round {round}, moves {moves:?}");
    }
}

#[test]
fn hdu_1536_reads_cases_until_a_lone_zero() {
    let mut rng = ChaCha8Rng::seed_from_u64(1536);
    for round in 0..100 {
        let mut input = String::new();
        let mut expected = String::new();
        for _ in 0..rng.random_range(1..=4) {
            let (moves, positions) = random_case(&mut rng, 10, 30, 200);
            let (text, line) = s_nim_case(&moves, &positions);
            input.push_str(&text);
            expected.push_str(&line);
        }
        input.push_str("0\n");
        let got = judge_io::run::<Nim>(&["--judge", "hdu-1536"], input.as_bytes()).unwrap();
        assert_eq!(got, expected, "round {round}");
    }
}

#[test]
fn luogu_p2197_against_the_xor() {
    let mut rng = ChaCha8Rng::seed_from_u64(2197);
    for round in 0..2000 {
        let games = rng.random_range(0..=10);
        let mut input = format!("{games}\n");
        let mut expected = String::new();
        for _ in 0..games {
            let top = [1u64, 7, 1 << 31, 1 << 33, u64::MAX][rng.random_range(0..5)];
            let n = rng.random_range(0..=8);
            let mut piles: Vec<u64> = (0..n).map(|_| rng.random_range(0..=top)).collect();
            if n > 0 && rng.random_bool(0.5) {
                piles[n - 1] = piles[..n - 1].iter().fold(0, |x, &p| x ^ p);
            }
            let _ = writeln!(input, "{n}\n{}", piles.iter().join(" "));
            let xor = piles.iter().fold(0, |x, &p| x ^ p);
            expected.push_str(if xor == 0 { "No\n" } else { "Yes\n" });
        }
        let got = judge_io::run::<Nim>(&["--judge", "luogu-p2197"], input.as_bytes()).unwrap();
        assert_eq!(got, expected, "round {round}");
    }
}

#[test]
fn kattis_snim_reduces_heaps_past_the_direct_table_by_the_period() {
    // Heaps of 2^16 and more go through the cycle search of the subtraction
    // module; the definition still gives every value, up to 200000.
    let mut rng = ChaCha8Rng::seed_from_u64(65_536);
    for round in 0..20 {
        let k = rng.random_range(1..=8);
        let moves: Vec<u64> = (0..k).map(|_| rng.random_range(1..=60)).collect();
        let positions: Vec<Vec<u64>> = (0..20)
            .map(|_| (0..3).map(|_| rng.random_range(60_000..=200_000)).collect())
            .collect();
        let (input, expected) = s_nim_case(&moves, &positions);
        let got = judge_io::run::<Nim>(&["--judge", "kattis-snim"], input.as_bytes()).unwrap();
        assert_eq!(got, expected, "round {round}, moves {moves:?}");
    }
}
