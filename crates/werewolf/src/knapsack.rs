//! Cardinality-constrained subset sums, as bit tables stored in flat buffers.
//!
//! A table says which (count, sum) pairs some subset of the items added so
//! far makes: bit `sum - lo` of row `count`. A [`Shape`] fixes the rows
//! (counts `0..=max_count`) and the sum range `lo..=hi`; every sum a subset
//! can make lies in that range (`lo` and `hi` are the sums of all negative
//! and all positive weights), so shifting a reachable sum never leaves it and
//! the padding bits of the last word of a row stay clear.

/// The geometry of one table: how many rows, how many words a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Shape {
    max_count: usize,
    lo: i64,
    hi: i64,
    words: usize,
}

impl Shape {
    /// Tables with counts `0..=max_count` and sums `lo..=hi` (`lo <= 0 <= hi`).
    pub(super) fn new(max_count: usize, lo: i64, hi: i64) -> Shape {
        debug_assert!(lo <= 0 && 0 <= hi);
        let span = usize::try_from(hi - lo + 1).unwrap_or(usize::MAX);
        Shape {
            max_count,
            lo,
            hi,
            words: span / 64 + usize::from(span % 64 != 0),
        }
    }

    /// The number of words one table takes.
    pub(super) fn len(&self) -> usize {
        (self.max_count + 1) * self.words
    }

    /// Makes `table` the table of no items: only (0, 0).
    pub(super) fn clear(&self, table: &mut [u64]) {
        table.fill(0);
        let (word, bit) = self.index(0, 0);
        table[word] |= 1 << bit;
    }

    /// `to` becomes `from` with one more item of `weight`: every reachable
    /// (count, sum) also reaches (count + 1, sum + weight).
    pub(super) fn add(&self, from: &[u64], to: &mut [u64], weight: i64) {
        to.copy_from_slice(from);
        let words = self.words;
        for count in 0..self.max_count {
            let source = &from[count * words..(count + 1) * words];
            let target = &mut to[(count + 1) * words..(count + 2) * words];
            shift_or(target, source, weight);
        }
    }

    /// True when some subset of `count` items weighs `sum`.
    pub(super) fn contains(&self, table: &[u64], count: usize, sum: i64) -> bool {
        if count > self.max_count || sum < self.lo || sum > self.hi {
            return false;
        }
        let (word, bit) = self.index(count, sum);
        table[word] >> bit & 1 == 1
    }

    fn index(&self, count: usize, sum: i64) -> (usize, u32) {
        // In range: checked by the callers, so the offset is non-negative.
        let offset = usize::try_from(sum - self.lo).unwrap_or(0);
        #[allow(clippy::cast_possible_truncation)] // reason: a remainder below 64
        let bit = (offset % 64) as u32;
        (count * self.words + offset / 64, bit)
    }
}

/// `target |= source << shift` on little-endian word strings of one length
/// (a negative shift moves bits down).
fn shift_or(target: &mut [u64], source: &[u64], shift: i64) {
    let len = target.len();
    let distance = usize::try_from(shift.unsigned_abs()).unwrap_or(usize::MAX);
    let (whole, part) = (distance / 64, distance % 64);
    if whole >= len {
        return;
    }
    // Whole slices and no per-word branches, so that the loops vectorise.
    if shift >= 0 {
        let (target, source) = (&mut target[whole..], &source[..len - whole]);
        if part == 0 {
            for (to, &from) in target.iter_mut().zip(source) {
                *to |= from;
            }
        } else {
            target[0] |= source[0] << part;
            for (to, pair) in target[1..].iter_mut().zip(source.windows(2)) {
                *to |= pair[1] << part | pair[0] >> (64 - part);
            }
        }
    } else {
        let (target, source) = (&mut target[..len - whole], &source[whole..]);
        let last = target.len() - 1;
        if part == 0 {
            for (to, &from) in target.iter_mut().zip(source) {
                *to |= from;
            }
        } else {
            for (to, pair) in target[..last].iter_mut().zip(source.windows(2)) {
                *to |= pair[0] >> part | pair[1] << (64 - part);
            }
            target[last] |= source[last] >> part;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_knows_exactly_the_subset_sums_by_count() {
        // Weights far apart, so that shifts cross word boundaries both ways.
        let weights = [3i64, -2, 0, 70, -65, 1, 64, -64];
        let lo = weights.iter().filter(|&&w| w < 0).sum::<i64>();
        let hi = weights.iter().filter(|&&w| w > 0).sum::<i64>();
        let shape = Shape::new(weights.len(), lo, hi);
        let mut table = vec![0; shape.len()];
        shape.clear(&mut table);
        for &weight in &weights {
            let mut next = vec![0; shape.len()];
            shape.add(&table, &mut next, weight);
            table = next;
        }
        for count in 0..=weights.len() {
            for sum in lo - 2..=hi + 2 {
                let expected = (0u32..1 << weights.len()).any(|mask| {
                    mask.count_ones() as usize == count
                        && (0..weights.len())
                            .filter(|&i| mask >> i & 1 == 1)
                            .map(|i| weights[i])
                            .sum::<i64>()
                            == sum
                });
                assert_eq!(
                    shape.contains(&table, count, sum),
                    expected,
                    "count {count} sum {sum}"
                );
            }
        }
    }

    #[test]
    fn counts_above_the_limit_are_not_tracked() {
        let shape = Shape::new(1, 0, 2);
        let mut empty = vec![0; shape.len()];
        shape.clear(&mut empty);
        let mut one = vec![0; shape.len()];
        shape.add(&empty, &mut one, 1);
        let mut two = vec![0; shape.len()];
        shape.add(&one, &mut two, 1);
        assert!(shape.contains(&two, 1, 1));
        assert!(!shape.contains(&two, 2, 2));
    }
}
