//! S-Nim inputs (Kattis `snim`, HDU 1536) whose heaps reach the largest
//! Grundy value the statement allows, answered by a plain mex table.

use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{numbers, Generated};

/// What [`snim`] makes, for [`super::GENERATORS`].
pub(super) const SNIM: &str = "nim-snim FORMAT CASES M L: FORMAT kattis (one case, CASES = 1) \
    or hdu (CASES cases, then a lone 0); every case's move sizes are 1..=100 in a seeded \
    order, so a heap h has the Grundy value h mod 101 and heap 100 the largest any 100 \
    sizes allow; M positions per case, the first case's first ones fixed (65 64, 100, \
    164 63, ...), the rest of L heaps up to 10000, half of them planted to lose; every \
    answer from a plain mex table over 0..=10000 (no formula)";

/// The largest heap the statements allow.
const HEAP_MAX: usize = 10_000;

/// The positions every first case starts with: the issue's example (65 64,
/// a win a 64-bit mex mask calls a loss), then values at and past 64.
const FIXED: &[&[usize]] = &[
    &[65, 64],
    &[100],
    &[100, 100],
    &[164, 63],
    &[64, 64, 1],
    &[101],
    &[99, 98, 97, 96],
    &[10_000, 2],
];

/// An S-Nim input of `CASES` cases (see [`SNIM`]).
pub(super) fn snim(args: &[String], seed: u64) -> Result<Generated, String> {
    let (format, rest) = args.split_first().ok_or("expected FORMAT CASES M L")?;
    let [cases, m, l] = numbers(rest, ["CASES", "M", "L"])?;
    let hdu = match format.as_str() {
        "kattis" if cases == 1 => false,
        "kattis" => return Err("kattis takes one case".to_string()),
        "hdu" => true,
        _ => return Err(format!("FORMAT is kattis or hdu, not {format:?}")),
    };
    let to_usize = |n: u64| usize::try_from(n).map_err(|_| "too big".to_string());
    let (cases, m, l) = (to_usize(cases)?, to_usize(m)?, to_usize(l)?);
    if cases == 0 || !(FIXED.len()..=100).contains(&m) || !(1..=100).contains(&l) {
        return Err(format!(
            "CASES >= 1, {} <= M <= 100 and 1 <= L <= 100",
            FIXED.len()
        ));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut input = String::new();
    let mut answer = String::new();
    for case in 0..cases {
        let mut moves: Vec<usize> = (1..=100).collect();
        moves.shuffle(&mut rng);
        let grundy = mex_table(&moves);
        let mut positions: Vec<Vec<usize>> = Vec::with_capacity(m);
        if case == 0 {
            positions.extend(FIXED.iter().map(|heaps| heaps.to_vec()));
        }
        while positions.len() < m {
            let mut heaps: Vec<usize> = (0..l).map(|_| rng.random_range(0..=HEAP_MAX)).collect();
            if rng.random_bool(0.5) {
                plant_a_loss(&mut heaps, &grundy, &mut rng);
            }
            positions.push(heaps);
        }
        input.push_str(&line(moves.len(), &moves));
        input.push_str(&format!("{m}\n"));
        for heaps in &positions {
            input.push_str(&line(heaps.len(), heaps));
            let value = heaps.iter().fold(0, |xor, &heap| xor ^ grundy[heap]);
            answer.push(if value == 0 { 'L' } else { 'W' });
        }
        answer.push('\n');
    }
    if hdu {
        input.push_str("0\n");
    }
    Ok(Generated {
        input: input.into_bytes(),
        answer: answer.into_bytes(),
    })
}

/// The Grundy value of every heap up to [`HEAP_MAX`], each the smallest
/// value not among those one move away, found by marking them in a table.
fn mex_table(moves: &[usize]) -> Vec<usize> {
    let mut grundy = Vec::with_capacity(HEAP_MAX + 1);
    let mut seen = vec![false; moves.len() + 2];
    for heap in 0..=HEAP_MAX {
        seen.iter_mut().for_each(|mark| *mark = false);
        for &size in moves {
            if size <= heap {
                let value: usize = grundy[heap - size];
                seen[value] = true;
            }
        }
        grundy.push(seen.iter().position(|&mark| !mark).unwrap_or(seen.len()));
    }
    grundy
}

/// Replaces the last heap by a random one that makes the values' XOR zero,
/// when a heap with that value exists (the XOR of the others may exceed
/// every value; then the position stays as it is).
fn plant_a_loss(heaps: &mut [usize], grundy: &[usize], rng: &mut ChaCha8Rng) {
    let Some((last, others)) = heaps.split_last_mut() else {
        return;
    };
    let wanted = others.iter().fold(0, |xor, &heap| xor ^ grundy[heap]);
    let candidates: Vec<usize> = (0..=HEAP_MAX)
        .filter(|&heap| grundy[heap] == wanted)
        .collect();
    if let Some(&heap) = candidates.choose(rng) {
        *last = heap;
    }
}

/// `count`, then the numbers, on one line.
fn line(count: usize, numbers: &[usize]) -> String {
    let mut text = count.to_string();
    for number in numbers {
        text.push(' ');
        text.push_str(&number.to_string());
    }
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_the_mex_of_the_options() {
        // Moves 1..=100: a heap of h <= 100 reaches every smaller heap, so
        // its value is h; heap 101 reaches 1..=100 but not 0, so 0.
        let grundy = mex_table(&(1..=100).collect::<Vec<_>>());
        assert_eq!(&grundy[..5], [0, 1, 2, 3, 4]);
        assert_eq!(
            (grundy[64], grundy[65], grundy[100], grundy[101]),
            (64, 65, 100, 0)
        );
        // The classic sample's set {2, 5}: 0 0 1 1 0 2 1, period 7.
        assert_eq!(&mex_table(&[2, 5])[..9], [0, 0, 1, 1, 0, 2, 1, 0, 0]);
    }

    #[test]
    fn the_first_position_is_the_issues_example() {
        let args: Vec<String> = ["kattis", "1", "10", "3"].map(str::to_string).to_vec();
        let generated = snim(&args, 1).unwrap();
        let input = String::from_utf8(generated.input).unwrap();
        let lines: Vec<&str> = input.lines().collect();
        assert_eq!(lines[1], "10");
        assert_eq!(lines[2], "2 65 64");
        assert_eq!(lines.len(), 12);
        let answer = String::from_utf8(generated.answer).unwrap();
        assert!(answer.starts_with("WWLLWLLW"), "{answer}");
        assert_eq!(answer.len(), 11);
    }
}
