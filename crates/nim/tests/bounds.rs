//! The judge data reaches every bound of each statement: the default
//! contract and its five judge targets. Each case is first read by the
//! library itself (`nim --judge TARGET`, which rejects anything outside the
//! statement's layout), then its numbers are measured in that layout; the
//! "Bounds" tables of `judge-data/nim/README.md` must say the same.
//! Grundy values come from a plain mex table here, not the solver's walker.

#![allow(clippy::unwrap_used)]

use judge_tools::bounds::{assert_bounds, input_bytes, Bound, Quantity};
use nim::Nim;

/// The numbers of one input, in its layout: every group of numbers that
/// has a bound, and the derived extremes.
#[derive(Default)]
struct Measured {
    /// Games (T) or S-Nim cases in the input.
    games: usize,
    /// Each game's count of piles (n, k, N) or, for S-Nim, of move sizes.
    counts: Vec<u64>,
    /// Every pile or heap.
    piles: Vec<u64>,
    /// S-Nim: every move size, every count of positions m, every count of heaps l.
    sizes: Vec<u64>,
    positions: Vec<u64>,
    heaps_per_position: Vec<u64>,
    /// S-Nim: the largest Grundy value of a heap in a position.
    largest_grundy: u64,
}

fn numbers(bytes: &[u8]) -> Result<Vec<u64>, String> {
    String::from_utf8_lossy(bytes)
        .split_ascii_whitespace()
        .map(|token| token.parse().map_err(|_| format!("not a number: {token}")))
        .collect()
}

/// Checks that the library accepts the input under `target`, then reads it.
fn accepted(bytes: &[u8], target: Option<&str>) -> Result<Vec<u64>, String> {
    let args: Vec<&str> = target.map_or_else(Vec::new, |t| vec!["--judge", t]);
    judge_io::run::<Nim>(&args, bytes).map_err(|error| error.to_string())?;
    numbers(bytes)
}

/// `n` and its piles, `games` times (or once, `games` = None).
fn nim_games(numbers: &[u64], with_t: bool) -> Measured {
    let mut measured = Measured::default();
    let mut at = 0;
    let games = if with_t {
        at = 1;
        numbers[0]
    } else {
        1
    };
    for _ in 0..games {
        let n = numbers[at];
        let n_usize = usize::try_from(n).unwrap();
        measured.counts.push(n);
        measured
            .piles
            .extend_from_slice(&numbers[at + 1..at + 1 + n_usize]);
        at += 1 + n_usize;
    }
    measured.games = usize::try_from(games).unwrap();
    measured
}

fn s_nim(numbers: &[u64]) -> Measured {
    let mut measured = Measured::default();
    let mut at = 0;
    while at < numbers.len() && numbers[at] != 0 {
        let k = usize::try_from(numbers[at]).unwrap();
        let sizes = &numbers[at + 1..at + 1 + k];
        measured.counts.push(numbers[at]);
        measured.sizes.extend_from_slice(sizes);
        at += 1 + k;
        let m = numbers[at];
        measured.positions.push(m);
        at += 1;
        let mut heaps = Vec::new();
        for _ in 0..m {
            let l = usize::try_from(numbers[at]).unwrap();
            measured.heaps_per_position.push(numbers[at]);
            heaps.extend_from_slice(&numbers[at + 1..at + 1 + l]);
            at += 1 + l;
        }
        let grundy = mex_table(sizes, heaps.iter().copied().max().unwrap_or(0));
        let largest = heaps
            .iter()
            .map(|&h| grundy[usize::try_from(h).unwrap()])
            .max();
        measured.largest_grundy = measured.largest_grundy.max(largest.unwrap_or(0));
        measured.piles.extend(heaps);
        measured.games += 1;
        if at == numbers.len() {
            break; // kattis-snim: one case, no closing 0
        }
    }
    measured
}

/// The Grundy value of every heap up to `top`: the smallest value not among
/// those one move away.
fn mex_table(sizes: &[u64], top: u64) -> Vec<u64> {
    let mut grundy: Vec<u64> = Vec::new();
    for heap in 0..=top {
        let mut seen = vec![false; sizes.len() + 2];
        for &size in sizes.iter().filter(|&&size| size <= heap) {
            seen[usize::try_from(grundy[usize::try_from(heap - size).unwrap()]).unwrap()] = true;
        }
        grundy.push(u64::try_from(seen.iter().position(|&s| !s).unwrap()).unwrap());
    }
    grundy
}

fn int(value: u64) -> Option<i128> {
    Some(i128::from(value))
}

fn least(values: &[u64]) -> Option<i128> {
    values.iter().copied().min().map(i128::from)
}

fn most(values: &[u64]) -> Option<i128> {
    values.iter().copied().max().map(i128::from)
}

fn count(value: usize) -> Option<i128> {
    i128::try_from(value).ok()
}

fn q(
    name: &'static str,
    bound: Bound,
    measure: fn(&[u8], &Measured) -> Option<i128>,
) -> Quantity<Measured> {
    Quantity {
        name,
        bound,
        measure,
    }
}

#[test]
fn default_contract() {
    assert_bounds(
        "nim",
        None,
        |bytes| Ok(nim_games(&accepted(bytes, None)?, false)),
        &[
            q("input bytes", Bound::Largest(20_397_690), input_bytes),
            q("n", Bound::Smallest(0), |_, m| least(&m.counts)),
            q("n", Bound::Largest(1_000_000), |_, m| most(&m.counts)),
            q("pile", Bound::Smallest(0), |_, m| least(&m.piles)),
            q("pile", Bound::Largest(i128::from(u64::MAX)), |_, m| {
                most(&m.piles)
            }),
        ],
    );
}

#[test]
fn luogu_p2197() {
    assert_bounds(
        "nim",
        Some("luogu-p2197"),
        |bytes| Ok(nim_games(&accepted(bytes, Some("luogu-p2197"))?, true)),
        &[
            q("input bytes", Bound::Largest(988_807), input_bytes),
            q("T", Bound::Smallest(1), |_, m| count(m.games)),
            q("T", Bound::Largest(10), |_, m| count(m.games)),
            q("n", Bound::Smallest(1), |_, m| least(&m.counts)),
            q("n", Bound::Largest(10_000), |_, m| most(&m.counts)),
            q("pile", Bound::Smallest(0), |_, m| least(&m.piles)),
            q("pile", Bound::Largest(1_000_000_000), |_, m| most(&m.piles)),
        ],
    );
}

#[test]
fn luogu_p1247() {
    assert_bounds(
        "nim",
        Some("luogu-p1247"),
        |bytes| Ok(nim_games(&accepted(bytes, Some("luogu-p1247"))?, false)),
        &[
            q("input bytes", Bound::Largest(4_944_659), input_bytes),
            q("k", Bound::Smallest(1), |_, m| least(&m.counts)),
            q("k", Bound::Largest(500_000), |_, m| most(&m.counts)),
            q("pile", Bound::Smallest(0), |_, m| least(&m.piles)),
            q("pile", Bound::Largest(1_000_000_000), |_, m| most(&m.piles)),
        ],
    );
}

#[test]
fn luogu_p4279() {
    assert_bounds(
        "nim",
        Some("luogu-p4279"),
        |bytes| Ok(nim_games(&accepted(bytes, Some("luogu-p4279"))?, true)),
        &[
            q("input bytes", Bound::Largest(121_100), input_bytes),
            q("T", Bound::Smallest(1), |_, m| count(m.games)),
            q("T", Bound::Largest(500), |_, m| count(m.games)),
            q("N", Bound::Smallest(1), |_, m| least(&m.counts)),
            q("N", Bound::Largest(50), |_, m| most(&m.counts)),
            q("pile", Bound::Smallest(1), |_, m| least(&m.piles)),
            q("pile", Bound::Largest(5000), |_, m| most(&m.piles)),
        ],
    );
}

/// Kattis snim and HDU 1536 share every bound but the number of cases.
fn s_nim_quantities(hdu: bool) -> Vec<Quantity<Measured>> {
    let mut list = vec![
        q(
            "input bytes",
            Bound::Largest(if hdu { 987_866 } else { 50_848 }),
            input_bytes,
        ),
        q("k", Bound::Smallest(1), |_, m| least(&m.counts)),
        q("k", Bound::Largest(100), |_, m| most(&m.counts)),
        q("move size", Bound::Smallest(1), |_, m| least(&m.sizes)),
        q("move size", Bound::Largest(10_000), |_, m| most(&m.sizes)),
        q("m", Bound::Smallest(1), |_, m| least(&m.positions)),
        q("m", Bound::Largest(100), |_, m| most(&m.positions)),
        q("l", Bound::Smallest(1), |_, m| least(&m.heaps_per_position)),
        q("l", Bound::Largest(100), |_, m| most(&m.heaps_per_position)),
        q("heap", Bound::Smallest(0), |_, m| least(&m.piles)),
        q("heap", Bound::Largest(10_000), |_, m| most(&m.piles)),
        q("Grundy value of a heap", Bound::Largest(100), |_, m| {
            int(m.largest_grundy)
        }),
    ];
    if hdu {
        list.push(q("cases", Bound::Smallest(1), |_, m| count(m.games)));
        list.push(q("cases", Bound::Largest(40), |_, m| count(m.games)));
    }
    list
}

#[test]
fn kattis_snim() {
    assert_bounds(
        "nim",
        Some("kattis-snim"),
        |bytes| Ok(s_nim(&accepted(bytes, Some("kattis-snim"))?)),
        &s_nim_quantities(false),
    );
}

#[test]
fn hdu_1536() {
    assert_bounds(
        "nim",
        Some("hdu-1536"),
        |bytes| Ok(s_nim(&accepted(bytes, Some("hdu-1536"))?)),
        &s_nim_quantities(true),
    );
}
