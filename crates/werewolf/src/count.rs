//! How many answers a game has, and why a marking is not one: what a page
//! needs beyond the judge's line (a generated puzzle must have exactly one
//! answer, and Check says what a wrong marking breaks). Nothing here is
//! called by the binary's judge targets, so their single-file exports cut
//! it (`crates/judge-tools/EXPORT.md`).
//!
//! # Contract
//!
//! [`count`] gives, for a game, the number of sets of exactly M players
//! with exactly L false statements (*with the counts*), and the number of
//! those with a lying and a truthful werewolf (the *valid* sets, the
//! answers), each capped: a figure of at least `cap` is reported as `cap`,
//! so `count(game, 2)` says "none, one, or at least two". [`flaws`] lists
//! what a marking (one flag per player) breaks, in the contract's words:
//! the number of werewolves against M, the false statements against L, no
//! lying werewolf, no truthful werewolf; none exactly when the marking is
//! valid ([`crate::is_valid`]).
//!
//! # Approach
//!
//! The solver's first idea carries over: a set `S` has `B + sum of d_j over
//! S` liars (B the "werewolf" claims, `d_j` the "human" minus the
//! "werewolf" claims about j), so "M werewolves, L liars" is a count and a
//! weighted sum over the players, both additive. The witness pair does not
//! carry over (the valid sets are a union over the pairs, and a union's
//! size is not a sum), so the werewolf condition is counted directly:
//! whether werewolf `i` lies depends on the status of the one player it
//! speaks about, `a(i)`. With an edge from every player to `a(i)` the
//! players form a *functional graph*: every component is one cycle with
//! trees hanging from it. Cutting one edge of each cycle (from a cycle
//! player `r` to `a(r)`) leaves a tree rooted at `r`, where each player's
//! statement is about its parent, except `r`'s, which is about a player
//! `c = a(r)` inside the tree; so the tree is counted twice, once with `c`
//! fixed a human and once a werewolf, and `r`'s statement is judged by
//! that status.
//!
//! Dynamic programming over each tree, children before parents (an
//! explicit order, no recursion): a player's table counts the sets of its
//! subtree by (its own status, the flags "some werewolf of the subtree
//! lies" and "some tells the truth", werewolves, sum of weights), the
//! flags of every werewolf of the subtree but the player itself. A child's
//! table is *closed* for its parent's status (the child's own flag is now
//! known) and convolved into the parent's. The components' closed tables
//! are convolved into one, whose cell (both flags, M, `L - B`) is the
//! number of valid sets, and the four flag cells together the sets with
//! the counts. Each table keeps only the counts and sums that the players
//! outside it can still complete to M and `L - B` (at most `N - M` humans,
//! the others' weights), so a cell that cannot lead to a set is dropped.
//!
//! The counts only add and multiply, never subtract, so they are kept
//! capped: `min(a + b, cap)` and `min(a b, cap)` are the capped true
//! figures when `a` and `b` are, and no figure overflows (`C(N, M)` does
//! not fit 64 bits past N = 67).
//!
//! # Costs
//!
//! A subtree of `s` players has at most `min(s, M, N - M) + 1` counts and
//! `s + 1` sums (its weights' absolute values add up to the statements
//! about its players, all made inside it but one). Merging tables of `a`
//! and `b` players costs the product of their sizes, times 2 statuses and
//! 16 flag pairs; with `K = min(M, N - M)` that is `O(a b K^2)`, and since
//! the products `a b` of a tree's merges add up to at most `N^2 / 2`, the
//! count is `O(N^2 K^2)` cell pairs in all (twice, for the cut cycle
//! player's status): polynomial, `O(N^4)` at worst, about `10^8` at N = 100
//! with M = 50 on the worst tree shape, and a few thousand for the page's
//! puzzles of up to 16 players. It is not the solver's `O(N^4 log N / 64)`
//! word operations: counting cannot use bit tables (a bit says "some set",
//! not how many), and no bound on the number of answers lets the witness
//! choices be counted without inclusion and exclusion over `N^2` pairs.
//! Before any table is filled a dry run of the same order computes every
//! table's shape: past [`WORK_LIMIT`] cell pairs, or past the crate's memory
//! limit ([`crate::MEMORY_LIMIT_BYTES`]) for the tables alive at once, the
//! count is refused with one input error, so a page never hangs on it.

use std::fmt;

use judge_io::Error;

use super::{Game, MEMORY_LIMIT_BYTES};

/// The most cell pairs [`count`] will merge: `2^30`, a few seconds of one
/// core natively (about 1 ns a pair) and within a page's patience in
/// WebAssembly; every judge-sized game (N <= 100) but the worst tree shapes
/// at M near N/2 fits, and the page's puzzles use thousands.
pub const WORK_LIMIT: u64 = 1 << 30;

/// Games of at most this many players skip the dry run (see [`count`]).
const SMALL: usize = 40;

/// The capped figures of a game (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Count {
    /// Sets of exactly M werewolves with exactly L false statements, at
    /// most the cap.
    pub with_counts: u64,
    /// Those with a lying and a truthful werewolf too: the valid sets, the
    /// answers, at most the cap.
    pub valid: u64,
}

/// Counts the sets with the counts and the valid sets of `game`, each
/// capped at `cap` (taken as 1 when 0): see the module docs.
///
/// # Errors
///
/// An input error, before any table is filled, when the count would merge
/// more than [`WORK_LIMIT`] cell pairs or hold more tables than
/// [`crate::MEMORY_LIMIT_BYTES`] at once.
pub fn count(game: &Game, cap: u64) -> Result<Count, Error> {
    let none = Count {
        with_counts: 0,
        valid: 0,
    };
    let players = game.statements.len();
    if game.werewolves > players || game.liars > players {
        return Ok(none);
    }
    let counter = Counter::new(game, cap.max(1));
    let mut plan = Cost::default();
    // Up to 40 players the bound below is within both limits (64 cell
    // pairs of 41^4 table cells, 1.8 * 10^8; tables of at most 41^2 cells
    // per player), so the dry run is skipped: it would double the cost of
    // the page's generator, which counts hundreds of small games.
    if players > SMALL {
        counter.run(&mut Pass::Dry(&mut plan));
    }
    let limit_words = u64::try_from(MEMORY_LIMIT_BYTES / 8).unwrap_or(u64::MAX);
    if plan.work > WORK_LIMIT || plan.peak_words > limit_words {
        return Err(Error::input(format!(
            "counting the answers of N = {players}, M = {} needs {} table cell pairs and \
             {} MiB of tables, past the limits of {} pairs and {} MiB",
            game.werewolves,
            plan.work,
            plan.peak_words.saturating_mul(8) >> 20,
            WORK_LIMIT,
            MEMORY_LIMIT_BYTES >> 20
        )));
    }
    let mut cost = Cost::default();
    let table = match counter.run(&mut Pass::Fill(&mut cost)) {
        Some(table) => table,
        None => return Ok(none),
    };
    let target = counter.target;
    let cell = |flags: usize| table.get(0, flags, game.werewolves, target);
    let mut with_counts = 0;
    for flags in 0..FLAGS {
        with_counts = counter.add(with_counts, cell(flags));
    }
    Ok(Count {
        with_counts,
        valid: cell(LIE | TRUTH),
    })
}

/// What a marking breaks (see [`flaws`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Flaw {
    /// The marking has `marked` werewolves; the game has exactly `wanted`
    /// (M).
    Werewolves {
        /// Players marked as werewolves.
        marked: usize,
        /// M.
        wanted: usize,
    },
    /// The marking makes the statements of these players false (counted
    /// from 0, ascending), and exactly `wanted` (L) are false.
    Liars {
        /// The speakers of the false statements.
        false_statements: Vec<usize>,
        /// L.
        wanted: usize,
    },
    /// No marked werewolf lies.
    NoLyingWerewolf,
    /// No marked werewolf tells the truth.
    NoTruthfulWerewolf,
}

/// Everything `is_werewolf` (one flag per player; a missing flag is a
/// human) breaks of the contract, in this order: the number of werewolves,
/// the number of false statements, a lying werewolf, a truthful werewolf.
/// Empty exactly when the marking is valid.
pub fn flaws(game: &Game, is_werewolf: &[bool]) -> Vec<Flaw> {
    let wolf = |player: usize| is_werewolf.get(player).copied().unwrap_or(false);
    let lies: Vec<bool> = game
        .statements
        .iter()
        .map(|statement| wolf(statement.about) != statement.claims_werewolf)
        .collect();
    let players = game.statements.len();
    let marked = (0..players).filter(|&player| wolf(player)).count();
    let mut flaws = Vec::new();
    if marked != game.werewolves {
        flaws.push(Flaw::Werewolves {
            marked,
            wanted: game.werewolves,
        });
    }
    let false_statements: Vec<usize> = (0..players).filter(|&player| lies[player]).collect();
    if false_statements.len() != game.liars {
        flaws.push(Flaw::Liars {
            false_statements,
            wanted: game.liars,
        });
    }
    if !(0..players).any(|player| wolf(player) && lies[player]) {
        flaws.push(Flaw::NoLyingWerewolf);
    }
    if !(0..players).any(|player| wolf(player) && !lies[player]) {
        flaws.push(Flaw::NoTruthfulWerewolf);
    }
    flaws
}

impl fmt::Display for Flaw {
    /// One sentence, players counted from 1: `2 players are marked as
    /// werewolves, and there are exactly 3 (M = 3).`, `The marking makes 4
    /// statements false (those of players 1, 2, 5 and 7), and exactly 3 are
    /// false (L = 3).`, `No werewolf lies, and at least one must.`, `No
    /// werewolf tells the truth, and at least one must.`
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Flaw::Werewolves { marked, wanted } => {
                match marked {
                    0 => write!(out, "No player is marked as a werewolf")?,
                    1 => write!(out, "1 player is marked as a werewolf")?,
                    _ => write!(out, "{marked} players are marked as werewolves")?,
                }
                write!(out, ", and there are exactly {wanted} (M = {wanted}).")
            }
            Flaw::Liars {
                false_statements,
                wanted,
            } => {
                match false_statements.len() {
                    0 => write!(out, "The marking makes no statement false")?,
                    1 => write!(
                        out,
                        "The marking makes 1 statement false (player {}'s)",
                        false_statements[0] + 1
                    )?,
                    many => write!(
                        out,
                        "The marking makes {many} statements false (those of players {})",
                        list(false_statements)
                    )?,
                }
                write!(out, ", and exactly {wanted} are false (L = {wanted}).")
            }
            Flaw::NoLyingWerewolf => write!(out, "No werewolf lies, and at least one must."),
            Flaw::NoTruthfulWerewolf => {
                write!(out, "No werewolf tells the truth, and at least one must.")
            }
        }
    }
}

/// Players counted from 1: `1, 2, 5 and 7`.
fn list(players: &[usize]) -> String {
    let names: Vec<String> = players
        .iter()
        .map(|player| (player + 1).to_string())
        .collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => names.concat(),
    }
}

/// Flag bits: some werewolf lies, some werewolf tells the truth.
const LIE: usize = 1;
const TRUTH: usize = 2;
const FLAGS: usize = 4;

/// The game as the count sees it.
struct Counter<'a> {
    game: &'a Game,
    cap: u64,
    /// `weight[j]`: the change in the number of liars when j is a werewolf.
    weight: Vec<i64>,
    /// What the werewolves' weights must add up to: L minus the "werewolf"
    /// claims.
    target: i64,
    /// The sums of the negative and of the positive weights.
    lo: i64,
    hi: i64,
}

/// What a pass costs: cell pairs merged, words of tables alive at most.
#[derive(Default)]
struct Cost {
    work: u64,
    words: u64,
    peak_words: u64,
}

/// The dry run computes shapes and costs only; the fill computes cells.
enum Pass<'c> {
    Dry(&'c mut Cost),
    Fill(&'c mut Cost),
}

impl Pass<'_> {
    fn dry(&self) -> bool {
        matches!(self, Pass::Dry(_))
    }

    fn cost(&mut self) -> &mut Cost {
        match self {
            Pass::Dry(cost) | Pass::Fill(cost) => cost,
        }
    }

    fn alloc(&mut self, words: u64) {
        let cost = self.cost();
        cost.words = cost.words.saturating_add(words);
        cost.peak_words = cost.peak_words.max(cost.words);
    }

    fn free(&mut self, table: Table) {
        let cost = self.cost();
        cost.words = cost.words.saturating_sub(table.words());
    }
}

/// Players of a table: how many, and the sums of their negative and
/// positive weights.
#[derive(Debug, Clone, Copy)]
struct Span {
    size: usize,
    lo: i64,
    hi: i64,
}

impl Span {
    fn join(self, other: Span) -> Span {
        Span {
            size: self.size + other.size,
            lo: self.lo + other.lo,
            hi: self.hi + other.hi,
        }
    }
}

/// Counts by (outer status, flags, werewolves, sum): `outer` is 2 (the
/// status of the table's own player, or of its parent once closed) or 1
/// (whole components). Only the counts `count0..count0 + counts` and the
/// sums `sum0..sum0 + sums` are kept; outside them every count is 0.
#[derive(Debug)]
struct Table {
    outer: usize,
    count0: usize,
    counts: usize,
    sum0: i64,
    sums: usize,
    /// Empty in the dry run.
    cells: Vec<u64>,
}

impl Table {
    fn len(&self) -> usize {
        self.outer * FLAGS * self.counts * self.sums
    }

    fn words(&self) -> u64 {
        u64::try_from(self.len()).unwrap_or(u64::MAX)
    }

    fn at(&self, outer: usize, flags: usize, count: usize, sum: usize) -> usize {
        ((outer * FLAGS + flags) * self.counts + count) * self.sums + sum
    }

    /// The cell of a count and sum anywhere (0 outside the kept ones).
    fn get(&self, outer: usize, flags: usize, count: usize, sum: i64) -> u64 {
        let in_counts = count >= self.count0 && count - self.count0 < self.counts;
        let in_sums = sum >= self.sum0 && sum - self.sum0 < wide(self.sums);
        if self.cells.is_empty() || !in_counts || !in_sums {
            return 0;
        }
        self.cells[self.at(outer, flags, count - self.count0, index(sum - self.sum0))]
    }
}

impl<'a> Counter<'a> {
    fn new(game: &'a Game, cap: u64) -> Counter<'a> {
        let mut weight = vec![0i64; game.statements.len()];
        let mut werewolf_claims = 0i64;
        for statement in &game.statements {
            if statement.claims_werewolf {
                weight[statement.about] -= 1;
                werewolf_claims += 1;
            } else {
                weight[statement.about] += 1;
            }
        }
        let lo = weight.iter().filter(|&&w| w < 0).sum();
        let hi = weight.iter().filter(|&&w| w > 0).sum();
        Counter {
            game,
            cap,
            weight,
            target: wide(game.liars) - werewolf_claims,
            lo,
            hi,
        }
    }

    fn add(&self, a: u64, b: u64) -> u64 {
        a.saturating_add(b).min(self.cap)
    }

    fn mul(&self, a: u64, b: u64) -> u64 {
        a.saturating_mul(b).min(self.cap)
    }

    /// The counts and sums a set of `span`'s players may have and still be
    /// completed by the others to M werewolves (at most N - M humans) of
    /// weight `target`; `None` when there is none.
    fn window(&self, span: Span) -> Option<(usize, usize, i64, usize)> {
        let players = self.weight.len();
        let humans = players - self.game.werewolves;
        let count0 = span.size.saturating_sub(humans);
        let count1 = span.size.min(self.game.werewolves);
        // The others' weights add up to something in [lo - span.lo, hi - span.hi].
        let sum0 = span.lo.max(self.target - (self.hi - span.hi));
        let sum1 = span.hi.min(self.target - (self.lo - span.lo));
        if count0 > count1 || sum0 > sum1 {
            return None;
        }
        Some((count0, count1 - count0 + 1, sum0, index(sum1 - sum0) + 1))
    }

    /// An empty table of `outer` statuses over `span`'s window.
    fn table(&self, outer: usize, span: Span, pass: &mut Pass<'_>) -> Option<Table> {
        let (count0, counts, sum0, sums) = self.window(span)?;
        let mut table = Table {
            outer,
            count0,
            counts,
            sum0,
            sums,
            cells: Vec::new(),
        };
        pass.alloc(table.words());
        if !pass.dry() {
            table.cells = vec![0; table.len()];
        }
        Some(table)
    }

    /// Counts every component and convolves them: the whole game's table
    /// (outer 1), or `None` when no set can have the counts.
    fn run(&self, pass: &mut Pass<'_>) -> Option<Table> {
        let players = self.weight.len();
        let about: Vec<usize> = self.game.statements.iter().map(|s| s.about).collect();
        let roots = cycle_roots(&about);
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); players];
        for (player, &parent) in about.iter().enumerate() {
            if roots.binary_search(&player).is_err() {
                children[parent].push(player);
            }
        }
        let empty = Span {
            size: 0,
            lo: 0,
            hi: 0,
        };
        let mut whole = self.table(1, empty, pass)?;
        if !pass.dry() {
            let at = whole.at(0, 0, 0, index(-whole.sum0));
            whole.cells[at] = 1;
        }
        let mut span = empty;
        for &root in &roots {
            // The tree of `root`, parents before children.
            let mut order = vec![root];
            let mut next = 0;
            while next < order.len() {
                order.extend(children[order[next]].iter().copied());
                next += 1;
            }
            let cut = about[root];
            let mut component: Option<Table> = None;
            let mut component_span = empty;
            for fixed in [false, true] {
                let (tree, tree_span) = self.tree(&order, &children, (cut, fixed), pass)?;
                component_span = tree_span;
                let closed = self.close(&tree, root, pass);
                pass.free(tree);
                let slice = self.slice(&closed, usize::from(fixed), pass);
                pass.free(closed);
                component = Some(match component {
                    None => slice,
                    Some(mut sum) => {
                        for (cell, add) in sum.cells.iter_mut().zip(&slice.cells) {
                            *cell = self.add(*cell, *add);
                        }
                        pass.free(slice);
                        sum
                    }
                });
            }
            let component = component?;
            span = span.join(component_span);
            let merged = self.merge(&whole, &component, span, pass)?;
            pass.free(component);
            pass.free(std::mem::replace(&mut whole, merged));
        }
        Some(whole)
    }

    /// The table of a tree (`order`: its players, parents before children)
    /// with player `fixed.0` held to status `fixed.1`, and its span; `None`
    /// when no set of it can have the counts.
    fn tree(
        &self,
        order: &[usize],
        children: &[Vec<usize>],
        fixed: (usize, bool),
        pass: &mut Pass<'_>,
    ) -> Option<(Table, Span)> {
        let mut done: Vec<Option<(Table, Span)>> = Vec::new();
        let mut slot = vec![usize::MAX; self.weight.len()];
        for (index, &player) in order.iter().enumerate() {
            slot[player] = index;
            done.push(None);
        }
        for &player in order.iter().rev() {
            let weight = self.weight[player];
            let mut span = Span {
                size: 1,
                lo: weight.min(0),
                hi: weight.max(0),
            };
            let mut table = self.table(2, span, pass)?;
            if !pass.dry() {
                for (status, count, sum) in [(0, 0, 0), (1, 1, weight)] {
                    let held = player == fixed.0 && (status == 1) != fixed.1;
                    let in_counts = count >= table.count0 && count - table.count0 < table.counts;
                    let in_sums = sum >= table.sum0 && sum - table.sum0 < wide(table.sums);
                    if !held && in_counts && in_sums {
                        let at = table.at(status, 0, count - table.count0, index(sum - table.sum0));
                        table.cells[at] = 1;
                    }
                }
            }
            for &child in &children[player] {
                let (child_table, child_span) = done[slot[child]].take()?;
                let closed = self.close(&child_table, child, pass);
                pass.free(child_table);
                span = span.join(child_span);
                let merged = self.merge(&table, &closed, span, pass)?;
                pass.free(closed);
                pass.free(std::mem::replace(&mut table, merged));
            }
            done[slot[player]] = Some((table, span));
        }
        done[0].take()
    }

    /// `table` of `player`'s subtree, by the status of the player it speaks
    /// about instead of its own: its own werewolf's flag is now known.
    fn close(&self, table: &Table, player: usize, pass: &mut Pass<'_>) -> Table {
        let mut closed = Table {
            cells: Vec::new(),
            ..*table
        };
        pass.alloc(closed.words());
        let cost = pass.cost();
        cost.work = cost.work.saturating_add(table.words());
        if pass.dry() {
            return closed;
        }
        closed.cells = vec![0; closed.len()];
        let claims_werewolf = self.game.statements[player].claims_werewolf;
        let block = table.counts * table.sums;
        for about_status in 0..2 {
            // A werewolf lies when the player it speaks about is not what it
            // says.
            let own = if (about_status == 1) != claims_werewolf {
                LIE
            } else {
                TRUTH
            };
            for status in 0..2 {
                for flags in 0..FLAGS {
                    let into = if status == 1 { flags | own } else { flags };
                    let from = table.at(status, flags, 0, 0);
                    let to = closed.at(about_status, into, 0, 0);
                    for offset in 0..block {
                        let value = table.cells[from + offset];
                        if value != 0 {
                            closed.cells[to + offset] = self.add(closed.cells[to + offset], value);
                        }
                    }
                }
            }
        }
        closed
    }

    /// One outer status of a table, as a table of outer 1.
    fn slice(&self, table: &Table, outer: usize, pass: &mut Pass<'_>) -> Table {
        let mut slice = Table {
            outer: 1,
            cells: Vec::new(),
            ..*table
        };
        pass.alloc(slice.words());
        if !pass.dry() {
            let len = slice.len();
            let from = table.at(outer, 0, 0, 0);
            slice.cells = table.cells[from..from + len].to_vec();
        }
        slice
    }

    /// The convolution of two tables of the same outer statuses (status by
    /// status): counts and sums add, flags join; kept within `span`'s
    /// window. `None` when that window is empty.
    fn merge(&self, a: &Table, b: &Table, span: Span, pass: &mut Pass<'_>) -> Option<Table> {
        let mut out = self.table(a.outer, span, pass)?;
        let pairs = (a.len() / a.outer).saturating_mul(b.len() / b.outer);
        let cost = pass.cost();
        cost.work = cost.work.saturating_add(
            u64::try_from(pairs)
                .unwrap_or(u64::MAX)
                .saturating_mul(u64::try_from(a.outer).unwrap_or(u64::MAX)),
        );
        if pass.dry() {
            return Some(out);
        }
        for outer in 0..a.outer {
            for a_flags in 0..FLAGS {
                for a_count in 0..a.counts {
                    for a_sum in 0..a.sums {
                        let x = a.cells[a.at(outer, a_flags, a_count, a_sum)];
                        if x == 0 {
                            continue;
                        }
                        for b_flags in 0..FLAGS {
                            for b_count in 0..b.counts {
                                let count = a.count0 + a_count + b.count0 + b_count;
                                if count < out.count0 || count - out.count0 >= out.counts {
                                    continue;
                                }
                                let row = b.at(outer, b_flags, b_count, 0);
                                for b_sum in 0..b.sums {
                                    let y = b.cells[row + b_sum];
                                    if y == 0 {
                                        continue;
                                    }
                                    let sum = a.sum0 + wide(a_sum) + b.sum0 + wide(b_sum);
                                    if sum < out.sum0 || sum - out.sum0 >= wide(out.sums) {
                                        continue;
                                    }
                                    let at = out.at(
                                        outer,
                                        a_flags | b_flags,
                                        count - out.count0,
                                        index(sum - out.sum0),
                                    );
                                    out.cells[at] = self.add(out.cells[at], self.mul(x, y));
                                }
                            }
                        }
                    }
                }
            }
        }
        Some(out)
    }
}

/// A count or offset as a sum (both are at most N).
fn wide(value: usize) -> i64 {
    i64::try_from(value).unwrap_or(i64::MAX)
}

/// A sum offset, never negative where it is used, as an index.
fn index(value: i64) -> usize {
    usize::try_from(value).unwrap_or(0)
}

/// One player of each cycle of the functional graph `about` (player ->
/// the player it speaks about), ascending: cutting each one's edge leaves
/// a forest with one tree per component, rooted at it.
fn cycle_roots(about: &[usize]) -> Vec<usize> {
    // 0: not seen; 1: on the current walk; 2: done.
    let mut state = vec![0u8; about.len()];
    let mut roots = Vec::new();
    for start in 0..about.len() {
        let mut walk = Vec::new();
        let mut player = start;
        while state[player] == 0 {
            state[player] = 1;
            walk.push(player);
            player = about[player];
        }
        if state[player] == 1 {
            // The walk ran into itself: `player` is on a new cycle.
            roots.push(player);
        }
        for &seen in &walk {
            state[seen] = 2;
        }
    }
    roots.sort_unstable();
    roots
}

#[cfg(test)]
mod tests {
    use super::super::Statement;
    use super::*;

    fn game(werewolves: usize, liars: usize, statements: &[i64]) -> Game {
        Game {
            werewolves,
            liars,
            statements: statements
                .iter()
                .map(|&s| Statement {
                    about: usize::try_from(s.unsigned_abs()).unwrap() - 1,
                    claims_werewolf: s < 0,
                })
                .collect(),
        }
    }

    #[test]
    fn the_samples_are_counted() {
        // The README's samples: one valid set, three, none.
        let one = game(2, 2, &[-2, 3, -4, 5, 4]);
        assert_eq!(count(&one, 100).unwrap().valid, 1);
        let three = game(2, 3, &[-2, 3, -4, 5, 4, -3]);
        assert_eq!(count(&three, 100).unwrap().valid, 3);
        assert_eq!(count(&three, 2).unwrap().valid, 2);
        let none = game(2, 5, &[-2, 3, -4, 5, 4, 6]);
        assert_eq!(count(&none, 100).unwrap().valid, 0);
    }

    #[test]
    fn every_cycle_gets_one_root() {
        // 0 -> 1 -> 0, 2 -> 0, 3 -> 3, 4 -> 5 -> 6 -> 4.
        assert_eq!(cycle_roots(&[1, 0, 0, 3, 5, 6, 4]), vec![0, 3, 4]);
    }

    #[test]
    fn flaws_say_what_breaks() {
        let one = game(2, 2, &[-2, 3, -4, 5, 4]);
        // The answer: 1 and 4.
        let answer = [true, false, false, true, false];
        assert!(flaws(&one, &answer).is_empty());
        let wrong = [false, false, true, true, true];
        let said: Vec<String> = flaws(&one, &wrong)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(
            said,
            [
                "3 players are marked as werewolves, and there are exactly 2 (M = 2).",
                "The marking makes 4 statements false (those of players 1, 2, 4 and 5), \
                 and exactly 2 are false (L = 2)."
            ]
        );
        // Nobody marked: players 1 and 3 lie, as L wants, but no werewolf
        // does anything.
        let nobody = flaws(&one, &[]);
        assert_eq!(
            nobody.iter().map(ToString::to_string).collect::<Vec<_>>(),
            [
                "No player is marked as a werewolf, and there are exactly 2 (M = 2).",
                "No werewolf lies, and at least one must.",
                "No werewolf tells the truth, and at least one must."
            ]
        );
        let one_liar = [false, true, false, false, false];
        assert_eq!(
            flaws(&one, &one_liar)[1].to_string(),
            "The marking makes 1 statement false (player 3's), and exactly 2 are false (L = 2)."
        );
    }

    #[test]
    fn a_huge_count_is_refused_before_any_table() {
        // Player i speaks about i / 2: a binary tree, every weight 2 or 1,
        // M = N/2: the worst shape for the merges.
        let players = 4000;
        let statements: Vec<Statement> = (0..players)
            .map(|player| Statement {
                about: player / 2,
                claims_werewolf: false,
            })
            .collect();
        let big = Game {
            werewolves: players / 2,
            liars: players / 2,
            statements,
        };
        let error = count(&big, 2).unwrap_err().to_string();
        assert!(
            error.contains("counting the answers of N = 4000, M = 2000"),
            "{error}"
        );
    }
}
