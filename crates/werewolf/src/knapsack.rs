//! Cardinality-constrained subset sums, as bit tables stored in flat buffers.
//!
//! A table says which (count, sum) pairs some subset of the items added so
//! far makes: bit `sum - lo` of row `count`. A [`Shape`] fixes the rows
//! (counts `0..=max_count`) and the sum range `lo..=hi`; every sum a subset
//! can make lies in that range (`lo` and `hi` are the sums of all negative
//! and all positive weights), so shifting a reachable sum never leaves it and
//! the padding bits of the last word of a row stay clear.

use std::ops::Range;

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

    /// The last row: the largest count a table holds.
    pub(super) fn rows(&self) -> usize {
        self.max_count
    }

    /// The same sums with counts `0..=max_count`: a shorter (or taller)
    /// table of the same items.
    pub(super) fn with_rows(&self, max_count: usize) -> Shape {
        Shape { max_count, ..*self }
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

/// The value of a cell no table of the walk has reached.
pub(super) const NEVER: u32 = u32::MAX;

impl Shape {
    /// The number of cells of one table of first-reach stamps (one per bit
    /// of a table, padding included), as an index: only for shapes whose
    /// [`Shape::stamps_size`] was counted against the memory limit.
    pub(super) fn cells(&self) -> usize {
        self.len() * 64
    }

    /// The words (of 64 bits) one table of stamps takes, counted in `u64`
    /// as [`Shape::size`] is: a `u32` stamp per bit.
    pub(super) fn stamps_size(&self) -> u64 {
        self.size().saturating_mul(32)
    }

    /// True when the stamps say that the items below `below` make `count`
    /// items weighing `sum`: the cell was first reached by the table of
    /// the items below `below` or an earlier one. Exact for every cell a
    /// set with the right counts can ask for (see [`Shape::walk`]); a cell
    /// no such set asks for may answer no when the truth is yes, never yes
    /// when it is no.
    pub(super) fn reached(&self, stamps: &[u32], below: usize, count: usize, sum: i64) -> bool {
        if count > self.max_count || sum < self.lo || sum > self.hi {
            return false;
        }
        let (word, bit) = self.index(count, sum);
        let stamp = stamps[word * 64 + bit as usize];
        stamp != NEVER && usize::try_from(stamp).map_or(false, |stamp| stamp <= below)
    }

    /// Makes `stamps` the stamps of the table of no items: only (0, 0),
    /// reached by the table below item 0.
    fn clear_stamps(&self, stamps: &mut [u32]) {
        stamps.fill(NEVER);
        let (word, bit) = self.index(0, 0);
        stamps[word * 64 + bit as usize] = 0;
    }

    /// One walk up the items (`weights`) but the `skip`ped ones (sorted),
    /// from the table of no item (`start` is `None`) or of the items below
    /// `from` (`start` is `(earlier, from)`: the cells of the stamps
    /// `earlier`, of a walk with the same `target` that skipped the same
    /// items below `from`, at most `from`) to the table of all of them,
    /// making `stamps` the first table that reaches each cell. (Up to
    /// `from` the two walks have the same tables with the same rest, so
    /// the same windows and stamps.)
    ///
    /// **Only the cells a set with the right counts can use are made**
    /// when a `target` is given (`None`: every cell, exact for all).
    /// The walk is for sets of `rows` items of the kind the table counts
    /// (`rows` is the shape's last row) weighing `target`. At the table of
    /// the items below `k`, the set's other items are `rows - c` of the
    /// *rest* (the items from `k` up and the skipped ones) weighing
    /// `target - s`, so a cell (c, s) a set can ask for (a *needed* cell)
    /// has `rows - |rest| <= c <= min(rows, items below k)` and `target - s`
    /// between the sums of the `rows - c` lightest and heaviest of the rest;
    /// and a reached cell has `s` between the sums of the `c` lightest and
    /// heaviest items below `k`. Those bounds, row by row, are the table's
    /// *window* ([`Shape::window`]); the walk makes the words of each row
    /// that cover it and leaves the rest of the buffer as it was.
    ///
    /// Why the answers stay exact: (1) every bit in a buffer is a cell
    /// reached by some table of the walk at or before the one it is in
    /// (true at the start, and a bit made is a bit of the table below or
    /// one of them moved by the new item's weight), and the tables only
    /// grow, so no stamp is early; (2) a needed cell of the table after
    /// item `x` that some subset reaches comes from a needed cell of the
    /// table before it: the same cell (the subset leaves `x` out; the set's
    /// items in the rest are still there, `x` added to the rest), or one
    /// row down and `weight(x)` lighter (the subset takes `x`; the set's
    /// items in the rest and `x` are `rows - c + 1` of the rest before), so
    /// by induction the window of every table holds each of its needed
    /// cells that some subset reaches, and none is stamped late. A cell
    /// stamped for the first time gets the table it is first made in.
    ///
    /// Cost: one windowed update per item, about the window's rows times
    /// its words, plus one write per cell reached; one window per
    /// [`WINDOW_RUN`] items ([`Shape::window`]).
    pub(super) fn walk(
        &self,
        weights: &[i64],
        skip: &[usize],
        target: Option<i64>,
        start: Option<(&[u32], usize)>,
        stamps: &mut Vec<u32>,
    ) {
        let words = self.words;
        let mut table = vec![0u64; self.len()];
        let from = match start {
            None => {
                stamps.clear();
                stamps.resize(self.cells(), NEVER);
                self.clear_stamps(stamps);
                self.clear(&mut table);
                0
            }
            Some((earlier, from)) => {
                // One pass: the stamps up to `from` and the table they make.
                let up_to = u32::try_from(from).unwrap_or(NEVER - 1);
                stamps.clear();
                stamps.reserve(earlier.len());
                for (word, chunk) in table.iter_mut().zip(earlier.chunks_exact(64)) {
                    let mut bits = 0u64;
                    for (bit, &stamp) in chunk.iter().enumerate() {
                        bits |= u64::from(stamp <= up_to) << bit;
                    }
                    *word = bits;
                    stamps.extend(
                        chunk
                            .iter()
                            .map(|&stamp| if stamp <= up_to { stamp } else { NEVER }),
                    );
                }
                from
            }
        };
        let mut next = table.clone();
        let classes = Classes::new(weights);
        let all = classes.tally(0..weights.len());
        // The items below the current table; the rest is everything else
        // (the skipped items are in it all along).
        let kept = |item: &usize| skip.binary_search(item).is_err();
        let mut items = classes.tally(0..0);
        for item in (0..from).filter(kept) {
            items.push(&classes, item);
        }
        let mut window = Window::everything(self);
        // One window for the tables of [`WINDOW_RUN`] items at a time (a
        // window costs about as much as the update it bounds): `ahead`
        // holds the items of the run's last table, which is the table
        // below `run_end`.
        let mut ahead = items.clone();
        let mut run_end = from;
        for (item, &weight) in weights.iter().enumerate().skip(from) {
            if !kept(&item) {
                continue;
            }
            items.push(&classes, item);
            if let Some(target) = target {
                if item >= run_end {
                    ahead.clone_from(&items);
                    run_end = item + 1;
                    let mut run = (run_end..weights.len()).filter(kept).take(WINDOW_RUN - 1);
                    for next in &mut run {
                        ahead.push(&classes, next);
                        run_end = next + 1;
                    }
                    self.window(&classes, (&items, &ahead), &all, target, &mut window);
                }
            }
            if window.rows.is_empty() {
                continue;
            }
            let stamp = u32::try_from(item + 1).unwrap_or(NEVER - 1);
            for (row, span) in window.rows.clone().zip(&window.words) {
                let span = span.clone();
                if span.is_empty() {
                    continue;
                }
                self.add_row((&table, &mut next), row, span.clone(), weight);
                let at = row * words;
                let (made, before) = (
                    &next[at + span.start..at + span.end],
                    &table[at + span.start..at + span.end],
                );
                let cells = &mut stamps[(at + span.start) * 64..(at + span.end) * 64];
                for ((&made, &before), cells) in
                    made.iter().zip(before).zip(cells.chunks_exact_mut(64))
                {
                    let mut fresh = made & !before;
                    while fresh != 0 {
                        let cell = &mut cells[fresh.trailing_zeros() as usize];
                        fresh &= fresh - 1;
                        if *cell == NEVER {
                            *cell = stamp;
                        }
                    }
                }
            }
            #[cfg(feature = "cost")]
            cost::count(window.size());
            std::mem::swap(&mut table, &mut next);
            // `next` now holds the table before this item: its window's
            // words are one step behind, every bit still a reached cell.
        }
    }
}

impl Shape {
    /// The window of the tables from the one of the items `first` to the
    /// one of the items `last` (`first` among `last`; tallies by class) out
    /// of `all`, for sets of the shape's last row of items weighing
    /// `target` (see [`Shape::walk`]), into `window`: the rows, and the
    /// words of each row, that a set can ask of any of those tables. Row
    /// `c` holds the sums of `c` items, so they lie between the sums of the
    /// `c` lightest and the `c` heaviest items (of `last`: a table of fewer
    /// items reaches within them), and the set's other `rows - c` items
    /// come from the rest, so they lie within `target` less the sums of the
    /// `rows - c` heaviest and lightest of the rest (of `first`: a smaller
    /// rest lies within them). The sums of all the negative and all the
    /// positive weights bound every row at once and cost nothing to work
    /// out; the rows are bounded one by one only when those bounds leave
    /// [`ROW_BY_ROW_WORDS`] words or more (four running sums, one item a
    /// row, `O(rows + classes)`). A wider window is still exact (the proof
    /// in [`Shape::walk`] needs only that it holds the needed cells).
    pub(super) fn window(
        &self,
        classes: &Classes,
        (first, last): (&Tally, &Tally),
        all: &Tally,
        target: i64,
        window: &mut Window,
    ) {
        window.rows = 0..0;
        window.words.clear();
        let rest_count = all.count - first.count;
        let first_row = self.max_count.saturating_sub(rest_count);
        let last_row = self.max_count.min(last.count);
        if first_row > last_row {
            return;
        }
        // The bounds of every row at once (the sums of all the negative and
        // all the positive weights): when they leave only a few words a
        // row, working out each row's costs more than it saves.
        let low = last.neg.max(target - (all.pos - first.pos)).max(self.lo);
        let high = last.pos.min(target - (all.neg - first.neg)).min(self.hi);
        if low > high {
            return;
        }
        let (first_word, _) = self.index(0, low);
        let (last_word, _) = self.index(0, high);
        if last_word - first_word < ROW_BY_ROW_WORDS {
            window.rows = first_row..last_row + 1;
            window
                .words
                .resize(last_row + 1 - first_row, first_word..last_word + 1);
            return;
        }
        let mut rest = std::mem::take(&mut window.rest);
        rest.clear();
        rest.extend(
            all.per_class
                .iter()
                .zip(&first.per_class)
                .map(|(all, first)| all - first),
        );
        // Row by row from the first: the items' lightest and heaviest `c`
        // go up one item at a time, the rest's `rows - c` down one.
        let mut lightest = Extreme::at(classes, &last.per_class, false, first_row);
        let mut heaviest = Extreme::at(classes, &last.per_class, true, first_row);
        let others = self.max_count - first_row;
        let mut rest_lightest = Extreme::at(classes, &rest, false, others);
        let mut rest_heaviest = Extreme::at(classes, &rest, true, others);
        let mut any = false;
        for row in first_row..=last_row {
            if row > first_row {
                lightest.take(classes, &last.per_class);
                heaviest.take(classes, &last.per_class);
                rest_lightest.give_back(classes, &rest);
                rest_heaviest.give_back(classes, &rest);
            }
            let low = lightest.sum.max(target - rest_heaviest.sum).max(self.lo);
            let high = heaviest.sum.min(target - rest_lightest.sum).min(self.hi);
            if low > high {
                window.words.push(0..0);
            } else {
                any = true;
                let (first_word, _) = self.index(0, low);
                let (last_word, _) = self.index(0, high);
                window.words.push(first_word..last_word + 1);
            }
        }
        if any {
            window.rows = first_row..last_row + 1;
        } else {
            window.words.clear();
        }
        window.rest = rest;
    }

    /// Clears the words of `table` in `old` but not in `new`, so that a
    /// table that was zero outside `old` is zero outside `new`.
    fn clear_outside(&self, table: &mut [u64], old: &Window, new: &Window) {
        for (row, old_span) in old.rows.clone().zip(&old.words) {
            let at = row * self.words;
            let line = &mut table[at..at + self.words];
            match new.span(row) {
                Some(span) if !span.is_empty() => {
                    let keep_from = span.start.clamp(old_span.start, old_span.end);
                    let keep_to = span.end.clamp(keep_from, old_span.end);
                    line[old_span.start..keep_from].fill(0);
                    line[keep_to..old_span.end].fill(0);
                }
                _ => line[old_span.clone()].fill(0),
            }
        }
    }

    /// `to` becomes `from` with one more item of `weight`, inside `window`
    /// only; both are zero outside their windows (`from`'s is `from_window`,
    /// `to`'s was `to_window` and becomes `window`).
    fn add_in(
        &self,
        from: (&[u64], &Window),
        to: (&mut [u64], &mut Window),
        weight: i64,
        window: &Window,
    ) {
        let ((from, _), (to, to_window)) = (from, to);
        #[cfg(feature = "cost")]
        cost::count(window.size());
        self.clear_outside(to, to_window, window);
        for (row, span) in window.rows.clone().zip(&window.words) {
            self.add_row((from, to), row, span.clone(), weight);
        }
        to_window.rows = window.rows.clone();
        to_window.words.clone_from(&window.words);
    }

    /// Row `row` of `to`, in `span`, becomes that of `from` with one more
    /// item of `weight`: its own row of `from` or the row below moved.
    fn add_row(
        &self,
        (from, to): (&[u64], &mut [u64]),
        row: usize,
        span: Range<usize>,
        weight: i64,
    ) {
        let (words, at) = (self.words, row * self.words);
        if row == 0 {
            to[at + span.start..at + span.end]
                .copy_from_slice(&from[at + span.start..at + span.end]);
        } else {
            let (source, keep) = from[at - words..at + words].split_at(words);
            shift_or_window(&mut to[at..at + words], keep, source, weight, span);
        }
    }

    /// `to` becomes a copy of `from` (zero outside `from_window`).
    fn copy_in(&self, from: (&[u64], &Window), to: (&mut [u64], &mut Window)) {
        let ((from, from_window), (to, to_window)) = (from, to);
        self.clear_outside(to, to_window, from_window);
        for (row, span) in from_window.rows.clone().zip(&from_window.words) {
            let at = row * self.words;
            to[at + span.start..at + span.end]
                .copy_from_slice(&from[at + span.start..at + span.end]);
        }
        to_window.rows = from_window.rows.clone();
        to_window.words.clone_from(&from_window.words);
    }
}

/// The distinct weights of a list of items, ascending, and each item's
/// class (its weight's index there). The weights' absolute values add up
/// to at most N, so there are at most `2 sqrt(2N) + 1` classes.
pub(super) struct Classes {
    weights: Vec<i64>,
    of: Vec<usize>,
}

impl Classes {
    pub(super) fn new(weights: &[i64]) -> Classes {
        let mut distinct = weights.to_vec();
        distinct.sort_unstable();
        distinct.dedup();
        let of = weights
            .iter()
            .map(|weight| distinct.binary_search(weight).unwrap_or(0))
            .collect();
        Classes {
            weights: distinct,
            of,
        }
    }

    /// The tally of the items in `range`.
    pub(super) fn tally(&self, range: Range<usize>) -> Tally {
        let mut tally = Tally {
            per_class: vec![0; self.weights.len()],
            count: 0,
            neg: 0,
            pos: 0,
        };
        for item in range {
            tally.push(self, item);
        }
        tally
    }
}

/// The sum of the `taken` lightest (or heaviest) items of a tally, moved
/// one item at a time: the classes in order (ascending weight for the
/// lightest), `used` items of the class at `place` taken.
struct Extreme {
    heaviest: bool,
    place: usize,
    used: usize,
    sum: i64,
}

impl Extreme {
    /// The sum of the `taken` lightest (or heaviest) items of `counts`
    /// (by class), which has at least that many: whole classes at once.
    fn at(classes: &Classes, counts: &[usize], heaviest: bool, taken: usize) -> Extreme {
        let mut extreme = Extreme {
            heaviest,
            place: 0,
            used: 0,
            sum: 0,
        };
        let mut left = taken;
        while left > 0 {
            let class = extreme.class(classes);
            let take = counts[class].min(left);
            extreme.sum += i64::try_from(take)
                .unwrap_or(i64::MAX)
                .saturating_mul(classes.weights[class]);
            left -= take;
            extreme.used = take;
            if left > 0 {
                extreme.place += 1;
                extreme.used = 0;
            }
        }
        extreme
    }

    fn class(&self, classes: &Classes) -> usize {
        if self.heaviest {
            classes.weights.len() - 1 - self.place
        } else {
            self.place
        }
    }

    /// One item more: the next one in the order.
    fn take(&mut self, classes: &Classes, counts: &[usize]) {
        while self.used == counts[self.class(classes)] {
            self.place += 1;
            self.used = 0;
        }
        self.used += 1;
        self.sum += classes.weights[self.class(classes)];
    }

    /// One item fewer: the last one taken.
    fn give_back(&mut self, classes: &Classes, counts: &[usize]) {
        while self.used == 0 {
            self.place -= 1;
            self.used = counts[self.class(classes)];
        }
        self.used -= 1;
        self.sum -= classes.weights[self.class(classes)];
    }
}

/// Below this many words a row in the bounds of the whole table, a
/// window gives every row those words ([`Shape::window`]).
const ROW_BY_ROW_WORDS: usize = 8;

/// The tables of a walk, or of a node's items in the offline-deletion
/// walk, that share one window ([`Shape::window`]).
const WINDOW_RUN: usize = 8;

/// How many items of each class a table holds, and in all, and the sums of
/// their negative and of their positive weights.
#[derive(Debug, Clone)]
pub(super) struct Tally {
    per_class: Vec<usize>,
    count: usize,
    neg: i64,
    pos: i64,
}

impl Tally {
    pub(super) fn push(&mut self, classes: &Classes, item: usize) {
        let class = classes.of[item];
        let weight = classes.weights[class];
        self.per_class[class] += 1;
        self.count += 1;
        self.neg += weight.min(0);
        self.pos += weight.max(0);
    }
}

/// The rows of a table, and the words of each of them, that a set with the
/// right counts can ask for ([`Shape::window`]); the buffers it is made
/// with are kept for the next one.
#[derive(Debug, Clone, Default)]
pub(super) struct Window {
    pub(super) rows: Range<usize>,
    /// The words of each row of `rows`, in order.
    pub(super) words: Vec<Range<usize>>,
    /// The rest's tally, by class (a buffer).
    rest: Vec<usize>,
}

impl Window {
    /// The whole of every row of `shape`.
    fn everything(shape: &Shape) -> Window {
        Window {
            rows: 0..shape.max_count + 1,
            words: vec![0..shape.words; shape.max_count + 1],
            ..Window::default()
        }
    }

    /// The words of `row`, when it is one of the window's rows.
    fn span(&self, row: usize) -> Option<&Range<usize>> {
        row.checked_sub(self.rows.start)
            .and_then(|at| self.words.get(at))
    }

    /// How many words it covers.
    #[cfg(feature = "cost")]
    fn size(&self) -> usize {
        self.words.iter().map(|span| span.len()).sum()
    }
}

/// `target[span] = (keep | source << shift)[span]` on little-endian word
/// strings of one length (a negative shift moves bits down); the words of
/// `target` outside `span` are left alone. The words whose source words
/// are all inside the strings go through one branch-free loop, so that it
/// vectorises; the few at an edge are done one by one.
fn shift_or_window(
    target: &mut [u64],
    keep: &[u64],
    source: &[u64],
    shift: i64,
    span: Range<usize>,
) {
    let len = target.len();
    let distance = usize::try_from(shift.unsigned_abs()).unwrap_or(usize::MAX);
    let (whole, part) = (distance / 64, distance % 64);
    let (start, end) = (span.start, span.end);
    if whole >= len {
        target[start..end].copy_from_slice(&keep[start..end]);
        return;
    }
    // The source words that land in word `j`: `j - whole` (and the one
    // below it) moving up, `j + whole` (and the one above) moving down.
    let source_at = |index: Option<usize>| index.and_then(|i| source.get(i)).copied().unwrap_or(0);
    let one = |j: usize| -> u64 {
        if shift >= 0 {
            let high = source_at(j.checked_sub(whole)) << part;
            let low = if part == 0 {
                0
            } else {
                source_at(j.checked_sub(whole + 1)) >> (64 - part)
            };
            high | low
        } else {
            let low = source_at(Some(j + whole)) >> part;
            let high = if part == 0 {
                0
            } else {
                source_at(Some(j + whole + 1)) << (64 - part)
            };
            high | low
        }
    };
    if shift >= 0 {
        // Words from `whole + 1` up have both source words.
        let middle = start.max(whole + 1).min(end);
        for j in start..middle {
            target[j] = keep[j] | one(j);
        }
        let target = &mut target[middle..end];
        let keep = &keep[middle..end];
        if middle < end {
            let source = &source[middle - whole - 1..end - whole];
            if part == 0 {
                for ((to, &bits), pair) in target.iter_mut().zip(keep).zip(source.windows(2)) {
                    *to = bits | pair[1];
                }
            } else {
                for ((to, &bits), pair) in target.iter_mut().zip(keep).zip(source.windows(2)) {
                    *to = bits | pair[1] << part | pair[0] >> (64 - part);
                }
            }
        }
    } else {
        // Words below `len - whole - 1` have both source words.
        let middle = end.min(len - whole - 1).max(start);
        if start < middle {
            let source = &source[start + whole..middle + whole + 1];
            let target = &mut target[start..middle];
            let keep = &keep[start..middle];
            if part == 0 {
                for ((to, &bits), pair) in target.iter_mut().zip(keep).zip(source.windows(2)) {
                    *to = bits | pair[0];
                }
            } else {
                for ((to, &bits), pair) in target.iter_mut().zip(keep).zip(source.windows(2)) {
                    *to = bits | pair[0] >> part | pair[1] << (64 - part);
                }
            }
        }
        for j in middle..end {
            target[j] = keep[j] | one(j);
        }
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
    target: i64,
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
        // A query from `last` on has no item `i` to leave out.
        let gaps = gaps.iter().take_while(|&&gap| gap < last);
        for &end in gaps.chain(std::iter::once(&last)) {
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
    // Each table with its window, zero outside it (see `Shape::add_in`),
    // and for each level the sums of its items.
    let everything = Window::everything(shape);
    let mut levels = vec![(vec![0; shape.len()], everything.clone()); depth + 1];
    shape.clear(&mut levels[0].0);
    let mut scratch = (vec![0; shape.len()], everything);
    let classes = Classes::new(weights);
    let all = classes.tally(0..weights.len());
    let mut tallies = vec![classes.tally(0..0); depth + 1];
    let mut next = Window::default();
    let mut ahead = classes.tally(0..0);
    // Depth first, with an explicit stack of (node, level): a node's table
    // is its parent's (one level up) plus its own items.
    let mut stack = vec![(1usize, 1usize)];
    while let Some((node, level)) = stack.pop() {
        let (done, rest) = levels.split_at_mut(level);
        let (table, window) = &mut rest[0];
        let (parent, parent_window) = &done[level - 1];
        #[cfg(feature = "cost")]
        cost::count(parent_window.size());
        shape.copy_in((parent, parent_window), (table, window));
        let (done_tallies, rest_tallies) = tallies.split_at_mut(level);
        let items = &mut rest_tallies[0];
        items.clone_from(&done_tallies[level - 1]);
        // One window for each run of the node's items, as in a walk.
        for run in nodes[node].chunks(WINDOW_RUN) {
            items.push(&classes, run[0]);
            ahead.clone_from(items);
            for &later in &run[1..] {
                ahead.push(&classes, later);
            }
            shape.window(&classes, (items, &ahead), &all, target, &mut next);
            for (nth, &item) in run.iter().enumerate() {
                if nth > 0 {
                    items.push(&classes, item);
                }
                shape.add_in(
                    (table, window),
                    (&mut scratch.0, &mut scratch.1),
                    weights[item],
                    &next,
                );
                std::mem::swap(table, &mut scratch.0);
                std::mem::swap(window, &mut scratch.1);
            }
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

/// A seeded xorshift generator for the tests (here and in the solver's):
/// `next(bound)` is below `bound`.
#[cfg(test)]
pub(super) fn xorshift(mut state: u64) -> impl FnMut(usize) -> usize {
    move |bound: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        usize::try_from(state % bound as u64).unwrap()
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
                let expected = subset_of(&weights, count, sum);
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
        let mut next = xorshift(0x2545_f491_4f6c_dd1du64);
        for _ in 0..2000 {
            let items = 1 + next(12);
            let weights: Vec<i64> = (0..items)
                .map(|_| i64::try_from(next(9)).unwrap() - 4)
                .collect();
            let lo = weights.iter().filter(|&&w| w < 0).sum::<i64>();
            let hi = weights.iter().filter(|&&w| w > 0).sum::<i64>();
            // Tables of sets of `rows` items weighing `target` (any
            // figures: often no set at all).
            let rows = next(items + 1);
            let shape = Shape::new(rows, lo, hi);
            let target = lo + i64::try_from(next(usize::try_from(hi - lo).unwrap() + 1)).unwrap();
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
            for_each_without(&shape, &weights, target, &queries, |index, table| {
                seen[index] += 1;
                let query = &queries[index];
                let expected = table_without(&shape, &weights[..query.below], &query.without);
                // Exact on every cell a set can ask for (the rest: the
                // items from `below` up and the ones left out), and no bit
                // that the full table does not have.
                let rest: Vec<i64> = (0..items)
                    .filter(|&item| item >= query.below || query.without.contains(&item))
                    .map(|item| weights[item])
                    .collect();
                for (word, (&got, &full)) in table.iter().zip(&expected).enumerate() {
                    assert_eq!(got & !full, 0, "a bit no subset makes, word {word}");
                }
                for count in 0..=rows {
                    for sum in lo..=hi {
                        if count <= rows && subset_of(&rest, rows - count, target - sum) {
                            assert_eq!(
                                shape.contains(table, count, sum),
                                shape.contains(&expected, count, sum),
                                "({count}, {sum}) below {} without {:?}",
                                query.below,
                                query.without
                            );
                        }
                    }
                }
            });
            assert!(seen.iter().all(|&times| times == 1), "{seen:?}");
        }
    }

    #[test]
    fn a_windowed_shift_writes_the_full_shift_inside_its_window_only() {
        let mut below = xorshift(0x1357_9bdf_2468_ace0u64);
        let mut next = move |bound: u64| {
            u64::try_from(below(usize::try_from(bound).unwrap_or(usize::MAX))).unwrap()
        };
        for _ in 0..20_000 {
            let len = 1 + usize::try_from(next(6)).unwrap();
            let keep: Vec<u64> = (0..len).map(|_| next(u64::MAX)).collect();
            let source: Vec<u64> = (0..len).map(|_| next(u64::MAX)).collect();
            let shift = i64::try_from(next(64 * 7)).unwrap() - 64 * 7 / 2;
            let start = usize::try_from(next(len as u64 + 1)).unwrap();
            let end = start + usize::try_from(next((len - start) as u64 + 1)).unwrap();
            let mut full = vec![0; len];
            shift_or(&mut full, &keep, &source, shift);
            let before: Vec<u64> = (0..len).map(|_| next(u64::MAX)).collect();
            let mut windowed = before.clone();
            shift_or_window(&mut windowed, &keep, &source, shift, start..end);
            for j in 0..len {
                let expected = if (start..end).contains(&j) {
                    full[j]
                } else {
                    before[j]
                };
                assert_eq!(
                    windowed[j], expected,
                    "shift {shift} window {start}..{end} word {j}"
                );
            }
        }
    }

    /// Whether some subset of `weights[..below]` but `skip` has `count`
    /// items weighing `sum`: every subset, checked.
    fn makes(weights: &[i64], skip: &[usize], below: usize, count: usize, sum: i64) -> bool {
        let items: Vec<i64> = (0..below)
            .filter(|item| !skip.contains(item))
            .map(|item| weights[item])
            .collect();
        subset_of(&items, count, sum)
    }

    /// Whether some subset of `items` has `count` of them weighing `sum`
    /// (a cell that a set with the right counts asks for, when `items` are
    /// the rest): every subset, checked.
    fn subset_of(items: &[i64], count: usize, sum: i64) -> bool {
        (0u32..1 << items.len()).any(|mask| {
            mask.count_ones() as usize == count
                && (0..items.len())
                    .filter(|&i| mask >> i & 1 == 1)
                    .map(|i| items[i])
                    .sum::<i64>()
                    == sum
        })
    }

    #[test]
    fn a_walk_stamps_every_needed_cell_exactly_and_no_cell_early() {
        let mut next = xorshift(0x0bad_5eed_cafe_f00du64);
        for _ in 0..1500 {
            let items = 1 + next(10);
            let weights: Vec<i64> = (0..items)
                .map(|_| {
                    if next(8) == 0 {
                        i64::try_from(next(140)).unwrap() - 70
                    } else {
                        i64::try_from(next(7)).unwrap() - 3
                    }
                })
                .collect();
            let lo = weights.iter().filter(|&&w| w < 0).sum::<i64>();
            let hi = weights.iter().filter(|&&w| w > 0).sum::<i64>();
            let rows = next(items + 1);
            let shape = Shape::new(rows, lo, hi);
            let target = lo + i64::try_from(next(usize::try_from(hi - lo).unwrap() + 1)).unwrap();
            // The walk from nothing, then one that skips some items from
            // where it starts from the first walk's stamps.
            let mut stamps = Vec::new();
            shape.walk(&weights, &[], Some(target), None, &mut stamps);
            let from = next(items + 1);
            let mut skip: Vec<usize> = (0..next(4))
                .filter(|_| from < items)
                .map(|_| from + next(items - from))
                .collect();
            skip.sort_unstable();
            skip.dedup();
            let mut skipped = Vec::new();
            shape.walk(
                &weights,
                &skip,
                Some(target),
                Some((&stamps, from)),
                &mut skipped,
            );
            // A third from the second's stamps: the same items skipped
            // below its start, others from there on.
            let again = next(items + 1);
            let mut other: Vec<usize> = skip.iter().copied().filter(|&item| item < again).collect();
            other.extend(
                (0..next(4))
                    .filter(|_| again < items)
                    .map(|_| again + next(items - again)),
            );
            other.sort_unstable();
            other.dedup();
            let mut third = Vec::new();
            shape.walk(
                &weights,
                &other,
                Some(target),
                Some((&skipped, again)),
                &mut third,
            );
            // With no target, every cell is made: exact everywhere.
            let mut every = Vec::new();
            shape.walk(&weights, &skip, None, None, &mut every);
            for below in 0..=items {
                for count in 0..=rows {
                    for sum in lo - 1..=hi + 1 {
                        assert_eq!(
                            shape.reached(&every, below, count, sum),
                            makes(&weights, &skip, below, count, sum),
                            "{weights:?} skip {skip:?} below {below} ({count}, {sum})"
                        );
                    }
                }
            }
            let walks = [
                (&[][..], &stamps),
                (&skip[..], &skipped),
                (&other[..], &third),
            ];
            for (skip, stamps) in walks {
                for below in 0..=items {
                    let kept: Vec<usize> = (0..below).filter(|item| !skip.contains(item)).collect();
                    let rest: Vec<i64> = (0..items)
                        .filter(|item| !kept.contains(item))
                        .map(|item| weights[item])
                        .collect();
                    for count in 0..=rows {
                        for sum in lo..=hi {
                            let truth = makes(&weights, skip, below, count, sum);
                            let found = shape.reached(stamps, below, count, sum);
                            let needed =
                                count <= rows && subset_of(&rest, rows - count, target - sum);
                            assert!(
                                !found || truth,
                                "early: {weights:?} skip {skip:?} below {below} ({count}, {sum})"
                            );
                            if needed {
                                assert_eq!(found, truth, "{weights:?} skip {skip:?} rows {rows} target {target} below {below} ({count}, {sum})");
                            }
                        }
                    }
                }
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
