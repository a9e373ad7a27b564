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
        // `hi - lo` is at most the number of statements (each moves one
        // weight by one), which are in memory: it fits a usize of 32 bits.
        let span = usize::try_from(hi - lo + 1).unwrap_or(usize::MAX);
        Shape {
            max_count,
            lo,
            hi,
            words: span / 64 + usize::from(span % 64 != 0),
        }
    }

    /// The number of words one table takes, as an index. Only for tables
    /// that were counted against the memory limit with [`Shape::size`]
    /// (which bounds it far below 2^32): the product itself passes 2^32 for
    /// N above about 741,000, which a `usize` of 32 bits (WebAssembly) would
    /// wrap.
    pub(super) fn len(&self) -> usize {
        (self.max_count + 1) * self.words
    }

    /// The number of words one table takes, counted in `u64` so that it is
    /// exact (and the same) on every target: what the memory limit is
    /// checked against, before any table exists.
    pub(super) fn size(&self) -> u64 {
        (to_u64(self.max_count) + 1).saturating_mul(to_u64(self.words))
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
        #[cfg(feature = "cost")]
        cost::count(self.len());
        // Row by row, each row of `to` written once (its row of `from` or
        // the row below shifted): one pass over the table, not a copy and
        // then a pass.
        let words = self.words;
        to[..words].copy_from_slice(&from[..words]);
        for count in 0..self.max_count {
            let (source, keep) = from[count * words..(count + 2) * words].split_at(words);
            let target = &mut to[(count + 1) * words..(count + 2) * words];
            shift_or(target, keep, source, weight);
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

/// The cost hook of the `cost` feature (off in the binary): a count of the
/// words of table the solver writes, the measure the `hunt` example climbs
/// on. It is deterministic (the same game always costs the same), where
/// timings on a shared machine are not.
#[cfg(feature = "cost")]
pub(super) mod cost {
    use std::sync::atomic::{AtomicU64, Ordering};

    static WORDS: AtomicU64 = AtomicU64::new(0);

    /// Counts `words` words of table written.
    pub(in super::super) fn count(words: usize) {
        WORDS.fetch_add(u64::try_from(words).unwrap_or(u64::MAX), Ordering::Relaxed);
    }

    /// The words counted since the process started.
    pub(in super::super) fn words() -> u64 {
        WORDS.load(Ordering::Relaxed)
    }
}

/// One query of [`for_each_without`]: the items below `below` but the ones
/// in `without` (no item twice).
pub(super) struct Query {
    pub(super) below: usize,
    pub(super) without: Vec<usize>,
}

/// Calls `visit(query, table)` once for each query, with the table of the
/// items (`weights`) the query names. The queries must come in
/// non-increasing order of `below`.
///
/// Offline deletion: a segment tree over the queries, in which every item
/// sits in the nodes that cover the runs of queries it is in, so that a
/// walk down the tree builds each query's table from its parent's. Item
/// `i` is in the queries before the first one with `below <= i`, but for
/// those that leave it out: an item left out of `k` queries is in at most
/// `k + 1` runs, each covered by at most `2 log2 Q` nodes. With `n` items
/// and `Q` queries that is `O((n + sum of k) log Q)` table updates in all,
/// with one table per level of the tree (`log2 Q + 2` tables) at a time.
pub(super) fn for_each_without(
    shape: &Shape,
    weights: &[i64],
    queries: &[Query],
    mut visit: impl FnMut(usize, &[u64]),
) {
    if queries.is_empty() {
        return;
    }
    debug_assert!(queries
        .windows(2)
        .all(|pair| pair[0].below >= pair[1].below));
    let leaves = queries.len().next_power_of_two();
    let mut absent: Vec<Vec<usize>> = vec![Vec::new(); weights.len()];
    for (index, query) in queries.iter().enumerate() {
        for &item in &query.without {
            absent[item].push(index);
        }
    }
    // Node 1 is the root, node i has children 2i and 2i + 1, and node
    // leaves + q is query q.
    let mut nodes: Vec<Vec<usize>> = vec![Vec::new(); 2 * leaves];
    for (item, gaps) in absent.iter().enumerate() {
        let last = queries.partition_point(|query| query.below > item);
        let mut start = 0;
        for &end in gaps.iter().chain(std::iter::once(&last)) {
            let (mut lo, mut hi) = (start + leaves, end + leaves);
            while lo < hi {
                if lo % 2 == 1 {
                    nodes[lo].push(item);
                    lo += 1;
                }
                if hi % 2 == 1 {
                    hi -= 1;
                    nodes[hi].push(item);
                }
                lo /= 2;
                hi /= 2;
            }
            start = end + 1;
        }
    }
    let depth = leaves.trailing_zeros() as usize + 1;
    let mut levels = vec![vec![0; shape.len()]; depth + 1];
    shape.clear(&mut levels[0]);
    let mut scratch = vec![0; shape.len()];
    // Depth first, with an explicit stack of (node, level): a node's table
    // is its parent's (one level up) plus its own items.
    let mut stack = vec![(1usize, 1usize)];
    while let Some((node, level)) = stack.pop() {
        let (done, rest) = levels.split_at_mut(level);
        let table = &mut rest[0];
        #[cfg(feature = "cost")]
        cost::count(shape.len());
        table.copy_from_slice(&done[level - 1]);
        for &item in &nodes[node] {
            shape.add(table, &mut scratch, weights[item]);
            std::mem::swap(table, &mut scratch);
        }
        if node >= leaves {
            if node - leaves < queries.len() {
                visit(node - leaves, table);
            }
        } else {
            stack.push((2 * node + 1, level + 1));
            stack.push((2 * node, level + 1));
        }
    }
}

/// The words [`for_each_without`] holds at most for `items` items and
/// `queries` queries leaving out `left_out` items in all, tables of `size`
/// words: its tables and its lists. Counted in `u64`, as every figure
/// checked against the memory limit, so that a `usize` of 32 bits gives the
/// same answer.
pub(super) fn without_words(size: u64, items: u64, queries: u64, left_out: u64) -> u64 {
    // At most 3N queries, far below 2^63: the power of two exists.
    let leaves = queries.max(1).next_power_of_two();
    let depth = u64::from(leaves.trailing_zeros()) + 1;
    let runs = items.saturating_add(left_out);
    let entries = runs
        .saturating_mul(2 * depth)
        .saturating_add(left_out)
        .saturating_add(leaves.saturating_mul(3).saturating_add(items));
    size.saturating_mul(depth + 2)
        .saturating_add(entries.saturating_mul(2))
}

/// A count as a `u64`: every `usize` fits.
pub(super) fn to_u64(value: usize) -> u64 {
    u64::try_from(value).unwrap_or(u64::MAX)
}

/// `target = keep | source << shift` on little-endian word strings of one
/// length (a negative shift moves bits down).
fn shift_or(target: &mut [u64], keep: &[u64], source: &[u64], shift: i64) {
    let len = target.len();
    let distance = usize::try_from(shift.unsigned_abs()).unwrap_or(usize::MAX);
    let (whole, part) = (distance / 64, distance % 64);
    if whole >= len {
        target.copy_from_slice(keep);
        return;
    }
    // Whole slices and no per-word branches, so that the loops vectorise.
    if shift >= 0 {
        let (low, target) = target.split_at_mut(whole);
        let (low_keep, keep) = keep.split_at(whole);
        for (to, &bits) in low.iter_mut().zip(low_keep) {
            *to = bits;
        }
        let source = &source[..len - whole];
        if part == 0 {
            for ((to, &bits), &from) in target.iter_mut().zip(keep).zip(source) {
                *to = bits | from;
            }
        } else {
            target[0] = keep[0] | source[0] << part;
            let rest = target[1..].iter_mut().zip(&keep[1..]);
            for ((to, &bits), pair) in rest.zip(source.windows(2)) {
                *to = bits | pair[1] << part | pair[0] >> (64 - part);
            }
        }
    } else {
        let (target, high) = target.split_at_mut(len - whole);
        let (keep, high_keep) = keep.split_at(len - whole);
        for (to, &bits) in high.iter_mut().zip(high_keep) {
            *to = bits;
        }
        let source = &source[whole..];
        let last = target.len() - 1;
        if part == 0 {
            for ((to, &bits), &from) in target.iter_mut().zip(keep).zip(source) {
                *to = bits | from;
            }
        } else {
            let rest = target[..last].iter_mut().zip(keep);
            for ((to, &bits), pair) in rest.zip(source.windows(2)) {
                *to = bits | pair[0] >> part | pair[1] << (64 - part);
            }
            target[last] = keep[last] | source[last] >> part;
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

    /// The table of `weights` but the items in `without`, one item at a time.
    fn table_without(shape: &Shape, weights: &[i64], without: &[usize]) -> Vec<u64> {
        let mut table = vec![0; shape.len()];
        shape.clear(&mut table);
        for (item, &weight) in weights.iter().enumerate() {
            if !without.contains(&item) {
                let mut next = vec![0; shape.len()];
                shape.add(&table, &mut next, weight);
                table = next;
            }
        }
        table
    }

    #[test]
    fn offline_deletion_gives_each_query_the_table_without_its_items() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move |bound: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            usize::try_from(state % bound as u64).unwrap()
        };
        for _ in 0..300 {
            let items = 1 + next(12);
            let weights: Vec<i64> = (0..items)
                .map(|_| i64::try_from(next(9)).unwrap() - 4)
                .collect();
            let lo = weights.iter().filter(|&&w| w < 0).sum::<i64>();
            let hi = weights.iter().filter(|&&w| w > 0).sum::<i64>();
            let shape = Shape::new(items, lo, hi);
            let mut queries: Vec<Query> = (0..next(20))
                .map(|_| {
                    let below = next(items + 1);
                    let mut without: Vec<usize> =
                        (0..next(4).min(below)).map(|_| next(below)).collect();
                    without.sort_unstable();
                    without.dedup();
                    Query { below, without }
                })
                .collect();
            queries.sort_by_key(|query| std::cmp::Reverse(query.below));
            let mut seen = vec![0; queries.len()];
            for_each_without(&shape, &weights, &queries, |index, table| {
                seen[index] += 1;
                let query = &queries[index];
                let expected = table_without(&shape, &weights[..query.below], &query.without);
                assert_eq!(table, &expected[..]);
            });
            assert!(seen.iter().all(|&times| times == 1), "{seen:?}");
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
