//! The single-fixing bounds of the search by top werewolf and the runs
//! of its choices (step 5 in the crate docs), found from the largest set
//! with the right counts at a top by its first difference, in short
//! tables ("Near a largest set, in short tables").

use super::{compare, honours, Best, Fixed, Run, Table};

// `super::Solver`, not an import: a judge target that needs no solver
// (`scripts/export.sh --judge pat-a1148`) then loses it whole.
impl super::Solver<'_> {
    /// The largest set with the right counts and top werewolf `top` for each
    /// fixing of one player below `top`, all at once: the bounds of the
    /// search by top werewolf (step 5 in the crate docs), some of them
    /// only upper bounds until [`Solver::settle`](super::Solver::settle) makes them exact.
    ///
    /// Let `G` be the largest set with the right counts and top `top`. A
    /// fixing `G` honours has `G` itself. Any other set honouring a fixing
    /// differs from `G`, and at their first difference (from the top) `G`
    /// has a werewolf and the set a human, since `G` is the largest: at or
    /// above the fixed player, since below it the two would agree on it.
    /// Of two such sets the one whose first difference is lower is larger,
    /// so the bound is found by trying `G`'s werewolves as that first
    /// difference from the lowest up ([`Solver::diverge`](super::Solver::diverge)). At `G`'s `i`-th
    /// werewolf from the bottom only about `i` werewolves are left to
    /// place below it, so while a bound differs from `G` near its bottom
    /// (the slowest games' case) it needs only tables of a few rows: a
    /// round of tables of [`FIRST_ROUND_ROWS`] rows settles what it can,
    /// and a fixing it leaves gets an upper bound (`G` down to the lowest
    /// werewolf not tried, then every player below it) until it is
    /// settled.
    pub(super) fn single_bounds(&mut self, top: usize, fixings: &[(usize, bool)]) -> Bounds {
        self.single_bounds_from(top, fixings, FIRST_ROUND_ROWS)
    }

    /// [`Solver::single_bounds`](super::Solver::single_bounds), its first round of short tables of
    /// `rows` rows.
    pub(super) fn single_bounds_from(
        &mut self,
        top: usize,
        fixings: &[(usize, bool)],
        rows: usize,
    ) -> Bounds {
        // The bounds' memory is counted by `Solver::best_of_choices`, the
        // short tables' by `Solver::largest_by_top`.
        let mut bounds = Bounds {
            by_fixing: Vec::with_capacity(fixings.len()),
            unsettled: Vec::new(),
            largest: self.largest_with_top(top).unwrap_or_default(),
            rows,
        };
        let mut wolf = vec![false; top + 1];
        for &player in &bounds.largest {
            wolf[player] = true;
        }
        for &(player, status) in fixings {
            if bounds.largest.is_empty() {
                bounds.by_fixing.push(((player, status), None));
            } else if wolf[player] == status {
                bounds
                    .by_fixing
                    .push(((player, status), Some(bounds.largest.clone())));
            } else {
                bounds.unsettled.push((player, status));
            }
        }
        self.small_round(&mut bounds);
        bounds
    }

    /// Makes more of `bounds` exact: a round of tables with eight times as
    /// many rows as the last while that is at most an eighth of the full
    /// tables' (so all the rounds' rows add up to at most a seventh of
    /// theirs), else [`Solver::walked_bounds`](super::Solver::walked_bounds) for every fixing left.
    pub(super) fn settle(&mut self, top: usize, bounds: &mut Bounds) {
        if self.settles_in_short_tables(bounds) {
            bounds.rows = next_rows(bounds.rows);
            return self.small_round(bounds);
        }
        let walked = self.walked_bounds(top, &bounds.unsettled);
        let unsettled = std::mem::take(&mut bounds.unsettled);
        bounds
            .by_fixing
            .retain(|(fixing, _)| unsettled.binary_search(fixing).is_err());
        bounds.by_fixing.extend(
            walked
                .into_iter()
                .map(|run| ((run.player, run.status), run.largest())),
        );
        bounds.by_fixing.sort_unstable_by_key(|&(fixing, _)| fixing);
    }

    /// True when [`Solver::settle`](super::Solver::settle)'s next round is of short tables.
    pub(super) fn settles_in_short_tables(&self, bounds: &Bounds) -> bool {
        next_rows(bounds.rows) <= self.shape.rows() / 8
    }

    /// One round of the single-fixing bounds in tables of `bounds.rows`
    /// rows (see [`Solver::single_bounds`](super::Solver::single_bounds)) for the unsettled fixings: the
    /// bounds it settles become exact, the others get an upper bound. One
    /// walk per weight, every cell made (a table this short costs little
    /// without a window): the players but the first of that weight.
    pub(super) fn small_round(&mut self, bounds: &mut Bounds) {
        // Reserved with the search's (see `Solver::largest_by_top`).
        let small = self.shape.with_rows(bounds.rows);
        let largest = &bounds.largest;
        let before = self.weights_before(largest);
        let mut pending = std::mem::take(&mut bounds.unsettled);
        pending.sort_unstable();
        bounds
            .by_fixing
            .retain(|(fixing, _)| pending.binary_search(fixing).is_err());
        // Fixings of one weight side by side: one walk each.
        pending.sort_by_key(|&(player, _)| self.weight[player]);
        let mut stamps = Vec::new();
        let mut start = 0;
        while start < pending.len() {
            let weight = self.weight[pending[start].0];
            let same = pending[start..]
                .iter()
                .take_while(|&&(player, _)| self.weight[player] == weight);
            let group = start..start + same.count();
            start = group.end;
            let first = self.weight.iter().position(|&w| w == weight).unwrap_or(0);
            small.walk(&self.weight, &[first], None, None, &mut stamps);
            for &fixing in &pending[group] {
                let player = fixing.0;
                // Below a player above the fixed one, the short tables (the
                // free players below it make what those but the first of
                // the fixed one's weight make); below the fixed one, the
                // players below it (the stamps of the walk with nothing
                // skipped: every cell asked is one of a set with the right
                // counts).
                let makes = |below: usize, count: usize, sum: i64| {
                    if below > player {
                        small.reached(&stamps, below, count, sum)
                    } else {
                        let items = self.items_below(below, &[]);
                        self.holds(Table::Stamps(&self.prefix, below), items, count, sum)
                    }
                };
                let fixed = [fixing, (largest[0], true)];
                match self.diverge(largest, &before, &fixed, bounds.rows, makes) {
                    Ok(bound) => bounds.by_fixing.push((fixing, bound)),
                    Err(at) => {
                        // The first difference is at `largest[at]` or above.
                        let mut above = largest[..at].to_vec();
                        above.extend((0..largest[at]).rev().take(largest.len() - at));
                        bounds.by_fixing.push((fixing, Some(above)));
                        bounds.unsettled.push(fixing);
                    }
                }
            }
        }
        bounds.by_fixing.sort_unstable_by_key(|&(fixing, _)| fixing);
        bounds.unsettled.sort_unstable();
    }

    /// The weight of the first `i` players of `set`, for each `i`.
    pub(super) fn weights_before(&self, set: &[usize]) -> Vec<i64> {
        let mut before = Vec::with_capacity(set.len() + 1);
        before.push(0);
        for &player in set {
            before.push(before[before.len() - 1] + self.weight[player]);
        }
        before
    }

    /// The largest set with the right counts that honours `fixed` and is
    /// no larger than `largest` (`G`), a set with the right counts that
    /// does not honour them all; `before[i]` is the weight of the first
    /// `i` werewolves of `G`, and `makes(below, count, sum)` says whether
    /// the free players below `below` (those not in `fixed`) make `count`
    /// werewolves weighing `sum`, for every count up to `rows`. `Err(at)`
    /// when the lowest werewolf of `G` not tried, `G[at]`, needs a count
    /// past `rows` (the set first differs from `G` there or above).
    ///
    /// Such a set first differs from `G` (from the top) at a werewolf of
    /// `G` it makes a human: at or above every fixed player `G` does not
    /// honour, and not one fixed a werewolf. The lower that difference,
    /// the larger the set, so `G`'s werewolves are tried from the lowest
    /// up: the first that can be a human with `G` above it kept, the
    /// fixings honoured and the counts still made by the free players
    /// below it is the first difference, and the rest of the set is the
    /// greedy below it. With `G` the largest set with the right counts and
    /// its top `p`, and `p` fixed a werewolf, these are the sets with top
    /// `p` and every player above it a human: a wolf above `p` would make
    /// a set larger than `G`.
    pub(super) fn diverge(
        &self,
        largest: &[usize],
        before: &[i64],
        fixed: &[(usize, bool)],
        rows: usize,
        makes: impl Fn(usize, usize, i64) -> bool,
    ) -> Result<Best, usize> {
        let in_largest = |player: usize| largest.binary_search_by(|p| player.cmp(p)).is_ok();
        let lowest = fixed
            .iter()
            .filter(|&&(player, wolf)| in_largest(player) != wolf)
            .map(|&(player, _)| player)
            .max()
            .unwrap_or(0);
        // `G`'s werewolf `at` a human.
        for at in (0..largest.len()).rev() {
            let human = largest[at];
            if human < lowest || fixed.contains(&(human, true)) {
                continue;
            }
            let fixed_below = fixed
                .iter()
                .filter(|&&(player, wolf)| wolf && player < human);
            let count = (largest.len() - at).checked_sub(fixed_below.clone().count());
            let mut count = match count {
                Some(count) => count,
                None => continue,
            };
            if count > rows {
                return Err(at);
            }
            let weight: i64 = fixed_below.map(|&(player, _)| self.weight[player]).sum();
            let mut sum = self.target - before[at] - weight;
            if !makes(human, count, sum) {
                continue;
            }
            let mut set = largest[..at].to_vec();
            for below in (0..human).rev() {
                if let Some(&(_, wolf)) = fixed.iter().find(|&&(player, _)| player == below) {
                    if wolf {
                        set.push(below);
                    }
                } else if count > 0 && makes(below, count - 1, sum - self.weight[below]) {
                    set.push(below);
                    count -= 1;
                    sum -= self.weight[below];
                } else if count == 0 && !fixed.iter().any(|&(player, wolf)| wolf && player < below)
                {
                    break;
                }
            }
            return Ok(Some(set));
        }
        Ok(None)
    }

    /// The largest set with the right counts, top `top`, every player
    /// above it a human and the players `fixed` (sorted, all up to `top`):
    /// `G` of `bounds` when it honours them, else [`Solver::diverge`](super::Solver::diverge) from
    /// `G` in short tables (one walk of a few rows that skips the fixed
    /// players, every cell made), their rows eight times as many while the
    /// count needed is past them and they are at most an eighth of the
    /// full tables', and past that [`Solver::largest_with`](super::Solver::largest_with).
    ///
    /// `None` when that would take [`Solver::largest_with`](super::Solver::largest_with) and `walk` is
    /// false.
    ///
    /// `upper` is a set no smaller than the choice's, when one is known
    /// (its tightest bound): rounds it shows too short are not walked.
    /// The choice's set is no larger than `upper`, so it first differs
    /// from `G` at or above `G`'s werewolf where `upper` first does (were
    /// it lower, the set would keep that werewolf that `upper` makes a
    /// human, and be larger), and [`Solver::diverge`](super::Solver::diverge)
    /// needs a count there of `G`'s werewolves from that one down, less
    /// the choice's fixed werewolves below it: a round with fewer rows
    /// could only give up.
    pub(super) fn run_choice(
        &mut self,
        top: usize,
        fixed: &[(usize, bool)],
        bounds: &Bounds,
        upper: Option<&[usize]>,
        walk: bool,
    ) -> Option<Best> {
        let largest = &bounds.largest;
        let below: Fixed = fixed
            .iter()
            .copied()
            .filter(|&(player, _)| player < top)
            .collect();
        if largest.is_empty() {
            return Some(None);
        }
        if honours(largest, &below) {
            return Some(Some(largest.clone()));
        }
        let before = self.weights_before(largest);
        let skip: Vec<usize> = below.iter().map(|&(player, _)| player).collect();
        let mut stamps = Vec::new();
        let differs = upper.map_or(largest.len(), |upper| {
            let same = largest.iter().zip(upper).take_while(|(g, u)| g == u);
            same.count()
        });
        let fixed_wolves = below.iter().filter(|&&(_, wolf)| wolf).count();
        let needed = (largest.len() - differs).saturating_sub(fixed_wolves);
        let mut rows = FIRST_ROUND_ROWS;
        while rows <= FIRST_ROUND_ROWS.max(self.shape.rows() / 8) {
            if rows < needed {
                rows = next_rows(rows);
                continue;
            }
            let small = self.shape.with_rows(rows);
            small.walk(&self.weight, &skip, None, None, &mut stamps);
            let makes =
                |below: usize, count: usize, sum: i64| small.reached(&stamps, below, count, sum);
            if let Ok(found) = self.diverge(largest, &before, fixed, rows, makes) {
                return Some(found);
            }
            rows = next_rows(rows);
        }
        if !walk {
            return None;
        }
        let mut all = fixed.to_vec();
        all.extend((top + 1..self.weight.len()).map(|player| (player, false)));
        Some(self.largest_with(&all))
    }

    /// The single-fixing bounds by full walks: one walk down the tables
    /// that leave out the first player of a weight per weight, one down
    /// the plain tables.
    ///
    /// Equal weights are interchangeable, so with `p` fixed the free players
    /// below a player `k > p` make the same (count, sum) pairs as the
    /// players below `k` but the first one of `p`'s weight: one walk down
    /// the players per weight serves every fixing of that weight above its
    /// player, and one walk down the plain tables serves them all from
    /// their player down (where the fixed player is not below).
    pub(super) fn walked_bounds(&mut self, top: usize, fixings: &[(usize, bool)]) -> Vec<Run> {
        // The bounds' memory is reserved by `single_bounds`.
        let mut runs: Vec<Run> = Vec::with_capacity(fixings.len());
        for &(player, status) in fixings {
            let mut wolves = Vec::with_capacity(self.game.werewolves);
            wolves.push(top);
            runs.push(Run {
                player,
                status,
                left: self.remaining(&[(player, status), (top, true)]),
                wolves,
            });
        }
        // Runs of one weight side by side, so each walk visits only its own.
        runs.sort_by_key(|run| (self.weight[run.player], run.player));
        let mut start = 0;
        while start < runs.len() {
            let weight = self.weight[runs[start].player];
            let same = runs[start..]
                .iter()
                .take_while(|run| self.weight[run.player] == weight);
            let group = start..start + same.count();
            start = group.end;
            let first: Vec<usize> = self
                .weight
                .iter()
                .position(|&w| w == weight)
                .into_iter()
                .collect();
            self.below(&first);
            let stamps = self.stamps(&first);
            let items = self.items_below(top, &first);
            let all = Table::Stamps(stamps, top);
            for run in &mut runs[group.clone()] {
                if let Some((count, sum)) = run.left {
                    if !self.holds(all, items, count, sum) {
                        run.left = None;
                    }
                }
            }
            for player in (0..top).rev() {
                let items = self.items_below(player, &first);
                let table = Table::Stamps(stamps, player);
                for run in runs[group.clone()]
                    .iter_mut()
                    .filter(|run| run.player < player)
                {
                    self.decide(player, table, items, run);
                }
            }
        }
        for player in (0..top).rev() {
            let items = self.items_below(player, &[]);
            let table = Table::Stamps(&self.prefix, player);
            for run in runs.iter_mut().filter(|run| run.player >= player) {
                if run.player != player {
                    self.decide(player, table, items, run);
                } else if run.status && run.left.is_some() {
                    run.wolves.push(player);
                }
            }
        }
        runs
    }
}

/// The single-fixing bounds at a top (step 5 in the crate docs), by
/// fixing: the largest set with the right counts and that top that
/// honours the fixing, or, for an unsettled fixing, only an upper bound of
/// it (see [`Solver::single_bounds`](super::Solver::single_bounds)).
pub(super) struct Bounds {
    /// Sorted by fixing.
    pub(super) by_fixing: Vec<((usize, bool), Best)>,
    /// Sorted.
    pub(super) unsettled: Vec<(usize, bool)>,
    /// The largest set with the right counts and the top (empty: none).
    pub(super) largest: Vec<usize>,
    /// The rows of the last round of short tables.
    pub(super) rows: usize,
}

impl Bounds {
    /// The bound at `index` of `by_fixing`; no index, no set.
    pub(super) fn get(&self, index: Option<usize>) -> &Best {
        index.map_or(&None, |index| &self.by_fixing[index].1)
    }

    /// The choices of `top`, each with its bound (the index of the
    /// tightest of its fixings' bounds), the largest bound first. A
    /// choice's sets honour each of its fixings, so the smallest bound of
    /// its fixings bounds it (every top choice fixes a werewolf below its
    /// top).
    pub(super) fn rank(&self, top: usize, choices: Vec<Fixed>) -> Vec<(Option<usize>, Fixed)> {
        let mut ranked: Vec<(Option<usize>, Fixed)> = choices
            .into_iter()
            .map(|fixed| {
                let tightest = fixed
                    .iter()
                    .filter(|&&(player, _)| player < top)
                    .map(|fixing| {
                        self.by_fixing
                            .binary_search_by_key(fixing, |&(fixing, _)| fixing)
                            .ok()
                    })
                    .min_by(|&a, &b| compare(self.get(a), self.get(b)));
                (tightest.flatten(), fixed)
            })
            .collect();
        ranked.sort_by(|a, b| compare(self.get(b.0), self.get(a.0)));
        ranked
    }

    /// True when some fixing of `fixed` has only an upper bound.
    pub(super) fn any_unsettled(&self, fixed: &Fixed) -> bool {
        fixed
            .iter()
            .any(|fixing| self.unsettled.binary_search(fixing).is_ok())
    }
}

/// Rows of the first round of short tables of the single-fixing bounds
/// ([`Solver::single_bounds`](super::Solver::single_bounds)), the choices' runs ([`Solver::run_choice`](super::Solver::run_choice))
/// and what the counts allow ([`Solver::allowed`](super::Solver::allowed)).
pub(super) const FIRST_ROUND_ROWS: usize = 8;

/// The rows of the round of short tables after one of `rows` rows.
pub(super) fn next_rows(rows: usize) -> usize {
    rows.saturating_mul(8).max(1)
}

#[cfg(test)]
mod tests {
    use std::cmp::Ordering;

    use super::super::tests::{plant, random_game};
    use super::super::Solver;
    use super::*;
    use crate::knapsack::xorshift;

    /// The batched bounds lean on equal weights being interchangeable (the
    /// first player of a weight stands in for the fixed one): each must
    /// equal a greedy run that leaves out the fixed player itself, and the
    /// bounds from short tables (every first round) those of the walks.
    #[test]
    fn batched_single_fixing_bounds_equal_one_run_per_fixing() {
        let mut next = xorshift(0x0fed_cba9_8765_4321u64);
        for _ in 0..2000 {
            let game = random_game(&mut next, 2, 20);
            let players = game.statements.len();
            let top = 1 + next(players - 1);
            let fixings: Vec<(usize, bool)> = (0..top)
                .flat_map(|player| [(player, false), (player, true)])
                .collect();
            let mut solver = Solver::new(&game).unwrap();
            let mut walked: Vec<((usize, bool), Best)> = solver
                .walked_bounds(top, &fixings)
                .into_iter()
                .map(|run| ((run.player, run.status), run.largest()))
                .collect();
            walked.sort_unstable();
            for &(fixing, ref bound) in &walked {
                let mut fixed = vec![fixing, (top, true)];
                fixed.extend((top + 1..players).map(|player| (player, false)));
                let alone = solver.largest_with(&fixed);
                assert_eq!(*bound, alone, "{fixing:?} below {top} in {game:?}");
            }
            // Short tables from every first round (0 to 2 rows leave many
            // fixings to later rounds and the walks, 8 settles nearly all
            // of these games): a bound not yet settled is an upper bound,
            // and settling ends with every bound exact.
            for rows in [0, 1, 2, 8] {
                let mut bounds = solver.single_bounds_from(top, &fixings, rows);
                loop {
                    let found: Vec<(usize, bool)> =
                        bounds.by_fixing.iter().map(|&(fixing, _)| fixing).collect();
                    let all: Vec<(usize, bool)> =
                        walked.iter().map(|&(fixing, _)| fixing).collect();
                    assert_eq!(found, all, "{game:?}");
                    for ((fixing, bound), (_, exact)) in bounds.by_fixing.iter().zip(&walked) {
                        if bounds.unsettled.contains(fixing) {
                            assert_ne!(
                                compare(bound, exact),
                                Ordering::Less,
                                "{fixing:?} {game:?}"
                            );
                        } else {
                            assert_eq!(
                                bound, exact,
                                "{fixing:?}, {rows} rows, below {top} in {game:?}"
                            );
                        }
                    }
                    if bounds.unsettled.is_empty() {
                        break;
                    }
                    solver.settle(top, &mut bounds);
                }
            }
        }
    }

    /// A choice run from the largest set at its top, in short tables,
    /// must find what one greedy run that skips its fixed players finds.
    #[test]
    fn a_choice_run_from_the_largest_set_at_its_top_equals_a_greedy_run() {
        let mut next = xorshift(0x0c40_1ce5_0f7e_e7a1u64);
        for _ in 0..3000 {
            let mut game = random_game(&mut next, 2, 24);
            let players = game.statements.len();
            let top = 1 + next(players - 1);
            // The counts of a random set with top `top`, so that most
            // games have sets there.
            let flags: Vec<bool> = (0..players)
                .map(|player| player == top || player < top && next(2) == 1)
                .collect();
            plant(&mut game, &flags);
            let mut solver = Solver::new(&game).unwrap();
            let bounds = solver.single_bounds(top, &[]);
            let mut fixed: Fixed = (0..next(4))
                .map(|_| (next(top), next(2) == 1))
                .chain(std::iter::once((top, true)))
                .collect();
            fixed.sort_unstable();
            fixed.dedup_by_key(|&mut (player, _)| player);
            let mut all = fixed.clone();
            all.extend((top + 1..players).map(|player| (player, false)));
            let expected = solver.largest_with(&all);
            let found = solver.run_choice(top, &fixed, &bounds, None, true).unwrap();
            assert_eq!(found, expected, "{fixed:?} in {game:?}");
            // The set itself is the tightest bound there is: the rounds it
            // passes over could only give up.
            if let Some(set) = &expected {
                let found = solver.run_choice(top, &fixed, &bounds, Some(set), true);
                assert_eq!(found.unwrap(), expected, "{fixed:?} in {game:?}");
            }
        }
    }
}
