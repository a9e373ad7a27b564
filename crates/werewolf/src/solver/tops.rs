//! Which tops and top choices can have a set (steps 3 and 4 in the crate
//! docs): what the counts allow, the witness choices of a top, and the
//! batches of look-ups that decide them, by offline deletion or by walks
//! of stamps per left-out set.

use std::collections::HashMap;

use super::knapsack::{self, Query};
use super::{Fixed, Table, FIRST_ROUND_ROWS};

// `super::Solver`, not an import (see `bounds`).
impl super::Solver<'_> {
    /// Decides the top choices of the tops below `from`, from the highest
    /// down (to 1 at most: a top needs a werewolf below it), until about
    /// `batch` distinct look-ups are gathered: the highest top with a choice
    /// that admits a set, and those choices; or, when none of them has any,
    /// the lowest top decided.
    ///
    /// Whether a top choice admits a set is one look-up in the table of the
    /// players below the top but its fixed ones. Equal weights are
    /// interchangeable there, so each fixed player is replaced by the first
    /// unused player of its weight (those are below the top too), and
    /// choices with the same top and the same stand-ins share a table. The
    /// tables of the whole batch come from [`Solver::for_each_query`](super::Solver::for_each_query).
    pub(super) fn first_admitting_top(
        &mut self,
        from: usize,
        batch: usize,
        allowed: &Allowed,
    ) -> Result<(usize, Vec<Fixed>), usize> {
        let by_weight = self.players_by_weight(self.weight.len());
        let look_up = |solver: &Self, top: usize, fixed: &Fixed| {
            let point = solver.remaining(fixed);
            let below: Vec<(usize, bool)> = fixed
                .iter()
                .copied()
                .filter(|&(player, _)| player < top)
                .collect();
            let left_out = solver.needing_stand_ins(top, &below, point, &by_weight);
            let stand_ins = solver.stand_ins(&left_out, &by_weight);
            ((top, stand_ins), point)
        };
        // The look-ups by (top, stand-ins), the points asked of each, and
        // for each top decided (highest first) the (look-up, point) pairs
        // its choices ask.
        let mut queries: Vec<Query> = Vec::new();
        let mut points: Vec<Vec<((usize, i64), bool)>> = Vec::new();
        let mut index: HashMap<(usize, Vec<usize>), usize> = HashMap::new();
        let mut asked_by_top: Vec<(usize, Vec<(usize, usize)>)> = Vec::new();
        // The sets left out so far, once the batch is full and read by
        // walks: it then takes more tops while they leave out no other set.
        let mut walked_sets: Option<Vec<Vec<usize>>> = None;
        let mut top = from;
        while top > 1 {
            let full = queries.len() >= batch;
            if full && walked_sets.is_none() {
                let mut sets: Vec<Vec<usize>> =
                    queries.iter().map(|query| query.without.clone()).collect();
                sets.sort_unstable();
                sets.dedup();
                if !self.reads_by_walks(sets.iter().map(Vec::as_slice), queries.len()) {
                    break;
                }
                walked_sets = Some(sets);
            }
            if !allowed.top[top - 1] {
                top -= 1;
                continue;
            }
            let looked: Vec<LookUp> = self
                .top_choices(top - 1, allowed)
                .filter_map(|fixed| {
                    let (key, point) = look_up(self, top - 1, &fixed);
                    Some((key, point?))
                })
                .collect();
            if let Some(sets) = &walked_sets {
                let new_set = |((_, without), _): &LookUp| sets.binary_search(without).is_err();
                if looked.iter().any(new_set) {
                    break;
                }
            }
            top -= 1;
            let mut asked = Vec::new();
            for (key, point) in looked {
                let query = *index.entry(key).or_insert_with_key(|(below, without)| {
                    queries.push(Query {
                        below: *below,
                        without: without.clone(),
                    });
                    points.push(Vec::new());
                    queries.len() - 1
                });
                let at = match points[query].iter().position(|&(at, _)| at == point) {
                    Some(at) => at,
                    None => {
                        points[query].push((point, false));
                        points[query].len() - 1
                    }
                };
                asked.push((query, at));
            }
            asked.sort_unstable();
            asked.dedup();
            asked_by_top.push((top, asked));
        }
        self.for_each_query(&queries, |query, holds| {
            for ((count, sum), admits) in &mut points[query] {
                *admits = holds(*count, *sum);
            }
        });
        let admits = |query: usize, at: usize| points[query][at].1;
        let first = asked_by_top
            .iter()
            .find(|(_, asked)| asked.iter().any(|&(query, at)| admits(query, at)));
        match first {
            Some(&(top, _)) => {
                let admitting = self.top_choices(top, allowed).filter(|fixed| {
                    let (key, point) = look_up(self, top, fixed);
                    let asked = index.get(&key).map_or(&[][..], |&query| &points[query][..]);
                    asked
                        .iter()
                        .any(|&(at, admits)| admits && Some(at) == point)
                });
                let mut admitting: Vec<Fixed> = admitting.collect();
                admitting.sort_unstable();
                admitting.dedup();
                Ok((top, admitting))
            }
            None => Err(top),
        }
    }

    /// The players of `below` (fixed, all below `top`, sorted) that a
    /// top choice's look-up must leave out, for `point` (the werewolves
    /// left to place below `top` and their weight): all of them but the
    /// *spare* ones, which the look-up keeps among the players below.
    ///
    /// Fixed players of weight `w` are spare when the players of weight
    /// `w` below `top` that are not fixed are at least the werewolves left
    /// (`count`). Then a subset of the players below `top` but the fixed
    /// ones has `count` werewolves weighing `sum` exactly when a subset
    /// of them and the spare players does: a subset that takes a spare
    /// player leaves out some other player of its weight (it takes at most
    /// `count` of them, and there are more), and can take that one
    /// instead. Humans are always spare; fixed werewolves of weight `w`
    /// only when as many players of weight `w` are above `top` (`above`:
    /// all the players by weight). That keeps the cell exact in a walk's
    /// stamps: a walk answers exactly every cell that the players outside
    /// its table can complete to a set with the right counts, and the
    /// players above the top, the top and the stand-ins of the players
    /// not spare do, with one player of weight `w` above `top` for each
    /// spare werewolf of that weight (see
    /// [`Shape::walk`](super::knapsack::Shape::walk)).
    pub(super) fn needing_stand_ins(
        &self,
        top: usize,
        below: &[(usize, bool)],
        point: Option<(usize, i64)>,
        above: &HashMap<i64, Vec<usize>>,
    ) -> Vec<usize> {
        let spare = |(player, wolf): (usize, bool)| {
            let weight = self.weight[player];
            let fixed = below
                .iter()
                .filter(|&&(other, _)| self.weight[other] == weight);
            let of_weight = &above[&weight];
            let under = of_weight.partition_point(|&other| other < top);
            let free = point.map_or(false, |(count, _)| count + fixed.clone().count() <= under);
            let over = of_weight.len() - of_weight.partition_point(|&other| other <= top);
            free && (!wolf || fixed.filter(|&&(_, wolf)| wolf).count() <= over)
        };
        below
            .iter()
            .filter(|&&fixing| !spare(fixing))
            .map(|&(player, _)| player)
            .collect()
    }

    /// What the counts allow (steps 3 and 4 in the crate docs): the tops
    /// up to `highest` that some set with the right counts has, and by
    /// weight, whether some set with the right counts has a human, and a
    /// werewolf, of that weight.
    ///
    /// Top `p`: the players below `p` make the counts left with `p` a
    /// werewolf, read in the stamps of the walk with nothing skipped. A
    /// human or a werewolf of weight `w`: equal weights are
    /// interchangeable, so it is some set with the right counts that gives
    /// the first player of weight `w` that status. The largest set with
    /// the right counts gives each weight some statuses; for the others,
    /// the largest set with the first player of weight `w` the other way
    /// is found from it in short tables ([`Solver::diverge`](super::Solver::diverge), one walk of
    /// a few rows per weight), and where that needs more rows, the players
    /// but the first of weight `w` must make the counts left with it a
    /// human (or a werewolf), those tables from one offline-deletion walk
    /// (or a walk per weight, when they are few: [`Solver::for_each_query`](super::Solver::for_each_query)).
    pub(super) fn allowed(&mut self, highest: usize) -> Allowed {
        self.allowed_from(highest, FIRST_ROUND_ROWS)
    }

    /// [`Solver::allowed`](super::Solver::allowed), its short tables of `rows` rows.
    pub(super) fn allowed_from(&mut self, highest: usize, rows: usize) -> Allowed {
        let players = self.weight.len();
        let mut top = vec![false; highest + 1];
        for (player, allowed) in top.iter_mut().enumerate() {
            let below = Table::Stamps(&self.prefix, player);
            let items = self.items_below(player, &[]);
            *allowed = self
                .remaining(&[(player, true)])
                .map_or(false, |(count, sum)| self.holds(below, items, count, sum));
        }
        let mut firsts: Vec<(i64, usize)> = Vec::new();
        for (player, &weight) in self.weight.iter().enumerate() {
            if firsts.iter().all(|&(seen, _)| seen != weight) {
                firsts.push((weight, player));
            }
        }
        let largest = match self.largest_counted() {
            Some(largest) => largest,
            None => {
                let by_weight = firsts.iter().map(|&(weight, _)| (weight, [false; 2]));
                return self.allowing(top, by_weight.collect());
            }
        };
        // The statuses the largest set gives each weight, then each other
        // from it in short tables, then the rest by one offline-deletion
        // walk.
        let mut by_weight: HashMap<i64, [bool; 2]> = HashMap::new();
        for (player, &weight) in self.weight.iter().enumerate() {
            let wolf = largest.binary_search_by(|p| player.cmp(p)).is_ok();
            by_weight.entry(weight).or_default()[usize::from(wolf)] = true;
        }
        let before = self.weights_before(&largest);
        let small = self.shape.with_rows(rows);
        let mut stamps = Vec::new();
        let mut unsettled: Vec<(i64, usize, bool)> = Vec::new();
        for &(weight, first) in &firsts {
            let can = by_weight[&weight];
            for status in [false, true] {
                if can[usize::from(status)] {
                    continue;
                }
                small.walk(&self.weight, &[first], None, None, &mut stamps);
                let makes = |below: usize, count: usize, sum: i64| {
                    if below > first {
                        small.reached(&stamps, below, count, sum)
                    } else {
                        let items = self.items_below(below, &[]);
                        self.holds(Table::Stamps(&self.prefix, below), items, count, sum)
                    }
                };
                let fixed = [(first, status)];
                match self.diverge(&largest, &before, &fixed, rows, makes) {
                    Ok(found) => {
                        if let Some(can) = by_weight.get_mut(&weight) {
                            can[usize::from(status)] = found.is_some();
                        }
                    }
                    Err(_) => unsettled.push((weight, first, status)),
                }
            }
        }
        let queries: Vec<Query> = unsettled
            .iter()
            .map(|&(_, first, _)| Query {
                below: players,
                without: vec![first],
            })
            .collect();
        let points: Vec<Option<(usize, i64)>> = unsettled
            .iter()
            .map(|&(_, first, status)| self.remaining(&[(first, status)]))
            .collect();
        self.for_each_query(&queries, |query, holds| {
            let (weight, _, status) = unsettled[query];
            let found = points[query].map_or(false, |(count, sum)| holds(count, sum));
            if let Some(can) = by_weight.get_mut(&weight) {
                can[usize::from(status)] = found;
            }
        });
        self.allowing(top, by_weight)
    }

    /// What the counts allow, from the tops and the statuses by weight
    /// they allow: with the players who can be a witness pair's liar, and
    /// its truthful werewolf, by their own fixings.
    pub(super) fn allowing(&self, top: Vec<bool>, by_weight: HashMap<i64, [bool; 2]>) -> Allowed {
        let mut allowed = Allowed {
            top,
            by_weight,
            liars: Vec::new(),
            truthful: Vec::new(),
        };
        for (player, statement) in self.game.statements.iter().enumerate() {
            for (lies, witnesses) in [(true, &mut allowed.liars), (false, &mut allowed.truthful)] {
                // A werewolf whose statement is false (true): its subject
                // has the status it denies (claims).
                let subject = (statement.about, statement.claims_werewolf != lies);
                let fits = statement.about != player || subject.1;
                let can = |(player, wolf): (usize, bool)| {
                    allowed
                        .by_weight
                        .get(&self.weight[player])
                        .map_or(false, |can| can[usize::from(wolf)])
                };
                if fits && can((player, true)) && can(subject) {
                    witnesses.push(player);
                }
            }
        }
        allowed
    }

    /// [`Solver::for_each_without`](super::Solver::for_each_without) over `queries`, or, when the distinct
    /// sets of players they leave out take no more new walks than the
    /// offline-deletion walk's tree is deep (about how many walks it
    /// costs; [`Solver::reads_by_walks`](super::Solver::reads_by_walks)), one walk of stamps per set
    /// ([`Solver::below`](super::Solver::below)): all the tops of a batch whose choices leave out
    /// the same stand-ins are then read in one walk, and the next batch
    /// reads the kept walks again.
    pub(super) fn for_each_query(
        &mut self,
        queries: &[Query],
        mut visit: impl FnMut(usize, &dyn Fn(usize, i64) -> bool),
    ) {
        let mut sets: Vec<&[usize]> = queries.iter().map(|query| &query.without[..]).collect();
        sets.sort_unstable();
        sets.dedup();
        if !self.reads_by_walks(sets.iter().copied(), queries.len()) {
            return self.for_each_without(queries, visit);
        }
        // The sets walked already first: their walks are not made again.
        sets.sort_by_key(|&set| !self.walks.iter().any(|(walked, _)| walked == set));
        for set in sets {
            self.below(set);
            let stamps = self.stamps(set);
            for (index, query) in queries.iter().enumerate() {
                if query.without == set {
                    let items = self.items_below(query.below, set);
                    let table = Table::Stamps(stamps, query.below);
                    visit(index, &|count, sum| self.holds(table, items, count, sum));
                }
            }
        }
    }

    /// True when [`Solver::for_each_query`](super::Solver::for_each_query) reads `queries` look-ups that
    /// leave out the distinct sets `sets` by walks: the walks it would
    /// make (of the sets not kept already; nothing left out is the walk
    /// with nothing skipped) are no more than the offline-deletion tree of
    /// those look-ups is deep.
    pub(super) fn reads_by_walks<'s>(
        &self,
        sets: impl Iterator<Item = &'s [usize]>,
        queries: usize,
    ) -> bool {
        let kept = |set: &[usize]| self.walks.iter().any(|(walked, _)| walked == set);
        let walks = sets.filter(|set| !set.is_empty() && !kept(set)).count();
        let depth = usize::BITS - queries.leading_zeros();
        u32::try_from(walks).map_or(false, |walks| walks <= depth)
    }

    /// One offline-deletion walk ([`knapsack::for_each_without`]) over
    /// `queries`: `visit(query, holds)` for each, where `holds(count, sum)`
    /// is [`Solver::holds`](super::Solver::holds) on the query's table.
    pub(super) fn for_each_without(
        &self,
        queries: &[Query],
        mut visit: impl FnMut(usize, &dyn Fn(usize, i64) -> bool),
    ) {
        knapsack::for_each_without(
            &self.shape,
            &self.weight,
            self.counted_target,
            queries,
            |query, table| {
                let items = self.items_below(queries[query].below, &queries[query].without);
                visit(query, &|count, sum| {
                    self.holds(Table::Bits(table), items, count, sum)
                });
            },
        );
    }

    /// The top choices of `top` (see step 3 in the crate docs): the
    /// witness choices of `top` and a player below it with no werewolf
    /// above `top`, each as its fixed players up to `top` (sorted; the
    /// players above are humans). The same choice may come twice.
    ///
    /// Only players who can be the liar (the truthful werewolf) by their
    /// own fixings are paired as one ([`Allowed::liars`]): in the slowest
    /// games those are few, and the choices of all the tops cost far less
    /// than the N² pairs.
    pub(super) fn top_choices<'s>(
        &'s self,
        top: usize,
        allowed: &'s Allowed,
    ) -> impl Iterator<Item = Fixed> + 's {
        let below = |players: &'s [usize], top_is_one: bool| {
            let players = if top_is_one { players } else { &[] };
            players[..players.partition_point(|&player| player < top)].iter()
        };
        let as_liar = below(&allowed.truthful, allowed.liars.binary_search(&top).is_ok());
        let as_truthful = below(&allowed.liars, allowed.truthful.binary_search(&top).is_ok());
        as_liar
            .map(move |&other| (top, other))
            .chain(as_truthful.map(move |&other| (other, top)))
            .filter_map(|(liar, truthful)| self.witness_choice(liar, truthful))
            .filter(move |fixed| fixed.iter().all(|&(player, wolf)| player <= top || !wolf))
            .filter(move |fixed| {
                fixed
                    .iter()
                    .all(|&(player, wolf)| allowed.fixing(self.weight[player], wolf))
            })
            .map(move |mut fixed| {
                fixed.retain(|&(player, _)| player <= top);
                fixed
            })
    }
}

/// A top choice's look-up ([`Solver::first_admitting_top`](super::Solver::first_admitting_top)): its table
/// (the top and the stand-ins left out) and the (count, sum) it asks.
pub(super) type LookUp = ((usize, Vec<usize>), (usize, i64));

/// What the counts allow, before any witness runs ([`Solver::allowed`](super::Solver::allowed)):
/// a top choice that asks for anything else admits no set.
pub(super) struct Allowed {
    /// `top[p]`: some set with the right counts has top werewolf `p`.
    pub(super) top: Vec<bool>,
    /// By weight: some set with the right counts has a human (`[0]`), a
    /// werewolf (`[1]`), of that weight.
    pub(super) by_weight: HashMap<i64, [bool; 2]>,
    /// The players who can be a witness pair's lying werewolf as far as
    /// their own fixings go (themselves a werewolf, their statement's
    /// subject the other way, each allowed by weight, the two not at
    /// odds), ascending.
    pub(super) liars: Vec<usize>,
    /// The same for the truthful werewolf (the subject as claimed).
    pub(super) truthful: Vec<usize>,
}

impl Allowed {
    /// True when some set with the right counts gives a player of
    /// `weight` this status.
    pub(super) fn fixing(&self, weight: i64, wolf: bool) -> bool {
        self.by_weight
            .get(&weight)
            .map_or(false, |can| can[usize::from(wolf)])
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{masks_with_right_counts, random_game};
    use super::super::Solver;
    use super::*;
    use crate::knapsack::xorshift;

    /// Batched look-ups must agree with one greedy run per top choice on
    /// which choices admit a set, for every top and every batch size.
    #[test]
    fn batched_top_look_ups_equal_one_run_per_top_choice() {
        let mut next = xorshift(0x7e57_ab1e_c0ff_ee00u64);
        for _ in 0..3000 {
            let mut game = random_game(&mut next, 2, 11);
            let players = game.statements.len();
            game.werewolves = 2 + next(players - 1);
            let mut solver = Solver::new(&game).unwrap();
            // Every choice, with nothing ruled out by the counts first.
            let everything = solver.allowing(
                vec![true; players],
                solver.weight.iter().map(|&w| (w, [true; 2])).collect(),
            );
            let admitting = |solver: &mut Solver<'_>, top: usize| -> Vec<Fixed> {
                let mut choices: Vec<Fixed> = solver.top_choices(top, &everything).collect();
                choices.sort_unstable();
                choices.dedup();
                choices.retain(|fixed| {
                    let mut all = fixed.clone();
                    all.extend((top + 1..players).map(|player| (player, false)));
                    solver.largest_with(&all).is_some()
                });
                choices
            };
            let highest = 1 + next(players - 1);
            let expected = (1..=highest)
                .rev()
                .map(|top| (top, admitting(&mut solver, top)))
                .find(|(_, choices)| !choices.is_empty());
            let allowed = solver.allowed(highest);
            for batch in [1, 3, 4 * players] {
                let mut from = highest + 1;
                let found = loop {
                    if from <= 1 {
                        break None;
                    }
                    match solver.first_admitting_top(from, batch, &allowed) {
                        Ok(found) => break Some(found),
                        Err(lowest) => {
                            assert!(lowest < from && lowest >= 1);
                            from = lowest;
                        }
                    }
                };
                assert_eq!(
                    found, expected,
                    "batch {batch}, top at most {highest}, {game:?}"
                );
            }
        }
    }

    /// The look-ups of a batch, by walks of stamps or by the
    /// offline-deletion walk ([`Solver::for_each_query`](super::Solver::for_each_query)), must answer yes
    /// for every cell a set with the right counts asks of a query's table
    /// and never yes for a cell no subset of its players makes.
    #[test]
    fn both_ways_of_looking_up_a_batch_answer_every_asked_cell_exactly() {
        let mut next = xorshift(0x100c_0bb5_7a3b_1e55u64);
        for _ in 0..1500 {
            let mut game = random_game(&mut next, 2, 10);
            let players = game.statements.len();
            game.werewolves = 1 + next(players);
            let mut solver = Solver::new(&game).unwrap();
            // Queries below descending tops, leaving out one of a few sets
            // (one or two sets take the walks, more the deletion tree).
            let sets: Vec<Vec<usize>> = (0..1 + next(6))
                .map(|_| {
                    let mut set: Vec<usize> = (0..next(3)).map(|_| next(players)).collect();
                    set.sort_unstable();
                    set.dedup();
                    set
                })
                .collect();
            let mut queries: Vec<Query> = (0..1 + next(12))
                .map(|_| Query {
                    below: next(players + 1),
                    without: sets[next(sets.len())].clone(),
                })
                .collect();
            queries.sort_by_key(|query| std::cmp::Reverse(query.below));
            let weight = solver.weight.clone();
            let makes = |query: &Query, count: usize, sum: i64| {
                let items: Vec<usize> = (0..query.below)
                    .filter(|player| !query.without.contains(player))
                    .collect();
                (0u32..1 << items.len()).any(|mask| {
                    let chosen = items
                        .iter()
                        .enumerate()
                        .filter(|&(bit, _)| mask >> bit & 1 == 1);
                    mask.count_ones() as usize == count
                        && chosen.map(|(_, &item)| weight[item]).sum::<i64>() == sum
                })
            };
            // The cells the sets with the right counts ask of each query.
            let mut asked = vec![Vec::new(); queries.len()];
            for mask in 0u32..1 << players {
                let wolf = |player: usize| mask >> player & 1 == 1;
                let weight: i64 = (0..players)
                    .filter(|&p| wolf(p))
                    .map(|p| solver.weight[p])
                    .sum();
                if mask.count_ones() as usize != game.werewolves || weight != solver.target {
                    continue;
                }
                for (query, cells) in queries.iter().zip(&mut asked) {
                    let inside =
                        (0..query.below).filter(|p| wolf(*p) && !query.without.contains(p));
                    let count = inside.clone().count();
                    cells.push((count, inside.map(|p| solver.weight[p]).sum::<i64>()));
                }
            }
            let hi = i64::try_from(players).unwrap();
            let lo = -hi;
            let mut answers = vec![Vec::new(); queries.len()];
            for direct in [false, true] {
                let mut answer = |query: usize, holds: &dyn Fn(usize, i64) -> bool| {
                    let cells =
                        (0..=players).flat_map(|count| (lo..=hi).map(move |sum| (count, sum)));
                    answers[query] = cells.filter(|&(count, sum)| holds(count, sum)).collect();
                };
                if direct {
                    solver.for_each_without(&queries, &mut answer);
                } else {
                    solver.for_each_query(&queries, &mut answer);
                }
                for (index, query) in queries.iter().enumerate() {
                    for cell in &asked[index] {
                        assert!(
                            answers[index].contains(cell),
                            "{cell:?} of {index} in {game:?}"
                        );
                    }
                    for &(count, sum) in &answers[index] {
                        assert!(
                            makes(query, count, sum),
                            "({count}, {sum}) of {index} in {game:?}"
                        );
                    }
                }
            }
        }
    }

    /// What the counts allow must be what some set with the right counts
    /// has: by top werewolf, and by weight and status.
    #[test]
    fn what_the_counts_allow_is_what_some_set_with_the_right_counts_has() {
        let mut next = xorshift(0xa110_3ed0_c0a7_5e75u64);
        for _ in 0..5000 {
            let game = random_game(&mut next, 1, 10);
            let players = game.statements.len();
            let mut solver = Solver::new(&game).unwrap();
            let mut top = vec![false; players];
            let mut by_weight: HashMap<i64, [bool; 2]> =
                solver.weight.iter().map(|&w| (w, [false; 2])).collect();
            for mask in masks_with_right_counts(&game) {
                let wolf = |p: usize| mask >> p & 1 == 1;
                if mask != 0 {
                    top[31 - mask.leading_zeros() as usize] = true;
                }
                for player in 0..players {
                    by_weight.get_mut(&solver.weight[player]).unwrap()[usize::from(wolf(player))] =
                        true;
                }
            }
            // Short tables of 0 or 1 rows leave many weights to the
            // offline-deletion walk.
            for rows in [0, 1, FIRST_ROUND_ROWS] {
                let allowed = solver.allowed_from(players - 1, rows);
                assert_eq!(allowed.top, top, "{game:?}");
                assert_eq!(allowed.by_weight, by_weight, "{rows} rows: {game:?}");
            }
        }
    }
}
