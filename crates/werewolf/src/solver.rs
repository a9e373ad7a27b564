//! The general solver behind [`solve`](super::solve): the largest valid
//! werewolf set, by bit tables of cardinality-constrained subset sums
//! (`knapsack`) and witness pairs, searched by top werewolf. The method,
//! the proof that it is right and its cost are the crate docs' "Approach"
//! and "Complexity"; the steps named there (`Solver::allowed`,
//! `Solver::holds`, ...) are the functions here, and every allocation sized
//! from the input is counted against [`MEMORY_LIMIT_BYTES`] first.

use std::cmp::Ordering;
use std::collections::HashMap;

use judge_io::Error;

use super::knapsack::{self, to_u64, Query, Shape};
use super::{is_valid, Game, Verdict, MEMORY_LIMIT_BYTES};

/// The largest valid set of `game` (at most as many werewolves as players),
/// or [`Verdict::NoSolution`].
///
/// # Errors
///
/// An input error, before anything big is allocated, when the search would
/// need more than [`MEMORY_LIMIT_BYTES`].
pub(super) fn largest(game: &Game) -> Result<Verdict, Error> {
    Ok(match Solver::new(game)?.largest_valid()? {
        Some(werewolves) => Verdict::Werewolves(werewolves),
        None => Verdict::NoSolution,
    })
}

/// Players fixed to a status, sorted by player, no player twice.
type Fixed = Vec<(usize, bool)>;

/// The largest set of one family, as descending players; `None` is smaller
/// than every set.
type Best = Option<Vec<usize>>;

/// A top choice's look-up ([`Solver::first_admitting_top`]): its table
/// (the top and the stand-ins left out) and the (count, sum) it asks.
type LookUp = ((usize, Vec<usize>), (usize, i64));

struct Solver<'a> {
    game: &'a Game,
    /// `weight[j]`: the change in the number of liars when j is a werewolf.
    weight: Vec<i64>,
    /// `prefix_weight[k]`: the weight of the players below k.
    prefix_weight: Vec<i64>,
    /// True when the tables count humans, not werewolves (M > N - M).
    humans: bool,
    /// The weight the werewolves must add up to: L minus the "werewolf" claims.
    target: i64,
    /// The weight the kind the tables count must add up to: `target`, or
    /// the humans' weight when the tables count humans.
    counted_target: i64,
    /// The shape of every table: counts up to M, every reachable sum.
    shape: Shape,
    /// The first-reach stamps of the tables of the players below each
    /// player, nothing skipped ([`Shape::walk`]).
    prefix: Vec<u32>,
    /// The last walks that skipped players ([`Solver::below`]), the
    /// latest last: the players each skipped, and its stamps (the buffers
    /// reused from walk to walk).
    walks: Vec<(Vec<usize>, Vec<u32>)>,
    /// How many walks are kept: one, or two once the search by top
    /// werewolf finds the memory for a second.
    walk_slots: usize,
    /// What has been counted against [`MEMORY_LIMIT_BYTES`].
    memory: Memory,
}

/// Words of memory counted against [`MEMORY_LIMIT_BYTES`], in `u64`: the
/// figures pass 2^32 long before the limit refuses them (N = 30,000 asks
/// for 12 GiB of tables), and a `usize` of 32 bits (WebAssembly) would
/// saturate them and name a wrong figure in the error.
struct Memory {
    words: u64,
    players: usize,
    werewolves: usize,
}

impl Memory {
    /// Counts `words` more, or refuses (with what they are for) when that
    /// passes the limit. Callers reserve before they allocate.
    fn reserve(&mut self, words: u64, what: &str) -> Result<(), Error> {
        let total = self.words.saturating_add(words);
        if total > LIMIT_WORDS {
            return Err(Error::input(format!(
                "N = {} and M = {} need more than the {} MiB memory limit \
                 ({what}: {} MiB)",
                self.players,
                self.werewolves,
                MEMORY_LIMIT_BYTES >> 20,
                words.saturating_mul(8) >> 20
            )));
        }
        self.words = total;
        Ok(())
    }

    /// True when `words` more fit in the limit.
    fn fits(&self, words: u64) -> bool {
        self.words.saturating_add(words) <= LIMIT_WORDS
    }

    /// Counts `words` reserved before as freed.
    fn release(&mut self, words: u64) {
        self.words = self.words.saturating_sub(words);
    }
}

/// Words counted per player for the solver's vectors of one or a few
/// entries per player (weights, statuses, bounds' slots, orders).
const WORDS_PER_PLAYER: u64 = 16;

/// [`MEMORY_LIMIT_BYTES`] in words.
const LIMIT_WORDS: u64 = (MEMORY_LIMIT_BYTES / 8) as u64;

impl<'a> Solver<'a> {
    fn new(game: &'a Game) -> Result<Solver<'a>, Error> {
        let players = game.statements.len();
        let mut memory = Memory {
            words: 0,
            players,
            werewolves: game.werewolves,
        };
        memory.reserve(
            to_u64(players).saturating_mul(WORDS_PER_PLAYER),
            "per-player state",
        )?;
        let mut weight = vec![0i64; players];
        let mut werewolf_claims = 0i64;
        for statement in &game.statements {
            if statement.claims_werewolf {
                weight[statement.about] -= 1;
                werewolf_claims += 1;
            } else {
                weight[statement.about] += 1;
            }
        }
        let lo: i64 = weight.iter().filter(|&&w| w < 0).sum();
        let hi: i64 = weight.iter().filter(|&&w| w > 0).sum();
        let liars = i64::try_from(game.liars).unwrap_or(i64::MAX);
        // Tables of the humans when they are fewer (see `Solver::holds`).
        let humans = game.werewolves > players - game.werewolves;
        let rows = game.werewolves.min(players - game.werewolves);
        let shape = Shape::new(rows, lo, hi);
        let mut prefix_weight = Vec::with_capacity(players + 1);
        prefix_weight.push(0);
        for &w in &weight {
            prefix_weight.push(prefix_weight[prefix_weight.len() - 1] + w);
        }
        memory.reserve(table_words(&shape), "subset-sum tables")?;
        // Reserved: the stamps fit in the limit, so their cells fit a usize
        // from here on (see `Shape::len`).
        let target = liars - werewolf_claims;
        let counted_target = if humans {
            prefix_weight[players] - target
        } else {
            target
        };
        let mut prefix = Vec::new();
        shape.walk(&weight, &[], Some(counted_target), None, &mut prefix);
        Ok(Solver {
            game,
            weight,
            prefix_weight,
            humans,
            target,
            counted_target,
            shape,
            prefix,
            walks: Vec::new(),
            walk_slots: 1,
            memory,
        })
    }

    /// The largest valid set: the largest set with the right counts when
    /// it is valid, else the search by top werewolf (see "Approach" in the
    /// crate docs).
    fn largest_valid(&mut self) -> Result<Best, Error> {
        // A lying werewolf and a truthful one: two players, one false
        // statement and one true one.
        let players = self.weight.len();
        if self.game.werewolves < 2 || self.game.liars == 0 || self.game.liars == players {
            return Ok(None);
        }
        // Every valid set has the right counts, so it is no larger.
        let counted = match self.largest_with(&[]) {
            Some(counted) => counted,
            None => return Ok(None),
        };
        if self.is_valid_set(&counted) {
            return Ok(Some(counted));
        }
        // No set with the right counts has a higher top.
        self.largest_by_top(counted[0])
    }

    /// The largest valid set whose top werewolf is at most `highest`. The
    /// tops are decided from the highest down, a batch at a time
    /// ([`Solver::first_admitting_top`]); the first top with a top choice
    /// that admits a set is the answer's, and its admitting choices are run
    /// in descending order of their single-fixing bounds while a bound
    /// beats the best set found.
    fn largest_by_top(&mut self, highest: usize) -> Result<Best, Error> {
        let players = self.weight.len();
        // Batches of at most about N look-ups: a batch stops growing past N,
        // and its last top adds at most 2N, each look-up leaving out at most
        // 3. The first batch is the first top's look-ups alone, and each
        // batch after one that found nothing gathers twice as many (the
        // answer's top is often the first decided).
        let mut batch = 1;
        let most = 3 * to_u64(players);
        self.memory.reserve(
            knapsack::without_words(self.shape.size(), to_u64(players), most, 3 * most)
                // Per look-up: its stand-ins, its points, its index entry;
                // per player: one top's choices and the players by weight.
                .saturating_add(64 * most)
                .saturating_add(32 * to_u64(players)),
            "the top-werewolf search",
        )?;
        // The short tables of the bounds and the runs, one at a time.
        let short = self
            .shape
            .with_rows(FIRST_ROUND_ROWS.max(self.shape.rows() / 8));
        self.memory.reserve(
            short
                .stamps_size()
                .saturating_add(short.size().saturating_mul(2)),
            "short tables",
        )?;
        // A second walk of stamps kept, when it fits: batches whose tops
        // leave out two sets walk each once.
        if self
            .memory
            .reserve(self.shape.stamps_size(), "a second walk")
            .is_ok()
        {
            self.walk_slots = 2;
        }
        let allowed = self.allowed(highest);
        let mut from = highest + 1;
        // The first top with a set is often the answer's: its choices are
        // run from their bounds at once, unless that would take long.
        if let Some(top) = (1..from).rev().find(|&top| allowed.top[top]) {
            let mut choices: Vec<Fixed> = self.top_choices(top, &allowed).collect();
            choices.sort_unstable();
            choices.dedup();
            match self.best_of_choices(top, choices, true)? {
                Some(Some(best)) => return Ok(Some(best)),
                Some(None) => from = top,
                None => {}
            }
        }
        let (top, admitting) = loop {
            // A top needs a werewolf below it.
            if from <= 1 {
                return Ok(None);
            }
            match self.first_admitting_top(from, batch, &allowed) {
                Ok(found) => break found,
                Err(lowest) => {
                    from = lowest;
                    batch = (2 * batch).min(players);
                }
            }
        };
        Ok(self.best_of_choices(top, admitting, false)?.flatten())
    }

    /// The largest set of the top choices `choices` of `top` (sorted, no
    /// choice twice): the choices run in descending order of bound while
    /// a bound beats the best set found (step 5 in the crate docs).
    ///
    /// A *quick* search (`quick`) stops (`None`) rather than make a full
    /// walk, or run more than [`QUICK_RUNS`] choices: it is tried on the
    /// first top with a set, before its choices are known to admit sets
    /// (those that do not are run too, and find none), and the search by
    /// batches takes over where it stops.
    fn best_of_choices(
        &mut self,
        top: usize,
        choices: Vec<Fixed>,
        quick: bool,
    ) -> Result<Option<Best>, Error> {
        let mut fixings: Fixed = choices
            .iter()
            .flatten()
            .filter(|&&(player, _)| player < top)
            .copied()
            .collect();
        fixings.sort_unstable();
        fixings.dedup();
        let words = to_u64(fixings.len()).saturating_mul(to_u64(self.game.werewolves) + 4);
        if quick && !self.memory.fits(words) {
            return Ok(None);
        }
        self.memory.reserve(words, "single-fixing bounds")?;
        let found = self.run_by_bounds(top, choices, &fixings, quick);
        self.memory.release(words);
        found
    }

    /// [`Solver::best_of_choices`] once the bounds' memory is counted.
    fn run_by_bounds(
        &mut self,
        top: usize,
        choices: Vec<Fixed>,
        fixings: &[(usize, bool)],
        quick: bool,
    ) -> Result<Option<Best>, Error> {
        let mut bounds = self.single_bounds(top, fixings);
        let mut ranked = bounds.rank(top, choices);
        let mut best: Best = None;
        let mut next = 0;
        let mut runs = 0;
        while next < ranked.len() {
            if compare(bounds.get(ranked[next].0), &best) != Ordering::Greater {
                break;
            }
            // A bound that is not exact may run a choice that an exact
            // one would not: settle it first.
            if bounds.any_unsettled(&ranked[next].1) {
                if quick && !self.settles_in_short_tables(&bounds) {
                    return Ok(None);
                }
                let rest = ranked.split_off(next);
                self.settle(top, &mut bounds);
                ranked.extend(bounds.rank(top, rest.into_iter().map(|(_, fixed)| fixed).collect()));
                continue;
            }
            runs += 1;
            if quick && runs > QUICK_RUNS {
                return Ok(None);
            }
            let found = match self.run_choice(top, &ranked[next].1, &bounds, !quick) {
                Some(found) => found,
                None => return Ok(None),
            };
            if compare(&found, &best) == Ordering::Greater {
                best = found;
            }
            next += 1;
        }
        Ok(Some(best))
    }

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
    /// tables of the whole batch come from [`Solver::for_each_query`].
    fn first_admitting_top(
        &mut self,
        from: usize,
        batch: usize,
        allowed: &Allowed,
    ) -> Result<(usize, Vec<Fixed>), usize> {
        let mut copies: HashMap<i64, Vec<usize>> = HashMap::new();
        for (player, &weight) in self.weight[..from].iter().enumerate() {
            copies.entry(weight).or_default().push(player);
        }
        let look_up = |solver: &Solver<'_>, top: usize, fixed: &Fixed| {
            let below: Vec<usize> = fixed
                .iter()
                .map(|&(player, _)| player)
                .filter(|&player| player < top)
                .collect();
            let mut stand_ins: Vec<usize> = below
                .iter()
                .enumerate()
                .map(|(nth, &player)| {
                    let weight = solver.weight[player];
                    let before = below[..nth]
                        .iter()
                        .filter(|&&other| solver.weight[other] == weight);
                    copies[&weight][before.count()]
                })
                .collect();
            stand_ins.sort_unstable();
            ((top, stand_ins), solver.remaining(fixed))
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
                if !reads_by_walks(sets.len(), queries.len()) {
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
    /// is found from it in short tables ([`Solver::diverge`], one walk of
    /// a few rows per weight), and where that needs more rows, the players
    /// but the first of weight `w` must make the counts left with it a
    /// human (or a werewolf), those tables from one offline-deletion walk.
    fn allowed(&self, highest: usize) -> Allowed {
        self.allowed_from(highest, FIRST_ROUND_ROWS)
    }

    /// [`Solver::allowed`], its short tables of `rows` rows.
    fn allowed_from(&self, highest: usize, rows: usize) -> Allowed {
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
        self.for_each_without(&queries, |query, holds| {
            let (weight, first, status) = unsettled[query];
            let found = self
                .remaining(&[(first, status)])
                .map_or(false, |(count, sum)| holds(count, sum));
            if let Some(can) = by_weight.get_mut(&weight) {
                can[usize::from(status)] = found;
            }
        });
        self.allowing(top, by_weight)
    }

    /// What the counts allow, from the tops and the statuses by weight
    /// they allow: with the players who can be a witness pair's liar, and
    /// its truthful werewolf, by their own fixings.
    fn allowing(&self, top: Vec<bool>, by_weight: HashMap<i64, [bool; 2]>) -> Allowed {
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

    /// [`Solver::for_each_without`] over `queries`, or, when they leave out
    /// no more distinct sets of players than the offline-deletion walk's
    /// tree is deep (about how many walks it costs), one walk of stamps
    /// per set ([`Solver::below`]): all the tops of a batch whose choices
    /// leave out the same stand-ins are then read in one walk, and the
    /// next batch reads the last walk again.
    fn for_each_query(
        &mut self,
        queries: &[Query],
        mut visit: impl FnMut(usize, &dyn Fn(usize, i64) -> bool),
    ) {
        let mut sets: Vec<&[usize]> = queries.iter().map(|query| &query.without[..]).collect();
        sets.sort_unstable();
        sets.dedup();
        if !reads_by_walks(sets.len(), queries.len()) {
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

    /// One offline-deletion walk ([`knapsack::for_each_without`]) over
    /// `queries`: `visit(query, holds)` for each, where `holds(count, sum)`
    /// is [`Solver::holds`] on the query's table.
    fn for_each_without(
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
    fn top_choices<'s>(
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

    /// The largest set with the right counts and top werewolf `top` for each
    /// fixing of one player below `top`, all at once: the bounds of the
    /// search by top werewolf (step 5 in the crate docs), some of them
    /// only upper bounds until [`Solver::settle`] makes them exact.
    ///
    /// Let `G` be the largest set with the right counts and top `top`. A
    /// fixing `G` honours has `G` itself. Any other set honouring a fixing
    /// differs from `G`, and at their first difference (from the top) `G`
    /// has a werewolf and the set a human, since `G` is the largest: at or
    /// above the fixed player, since below it the two would agree on it.
    /// Of two such sets the one whose first difference is lower is larger,
    /// so the bound is found by trying `G`'s werewolves as that first
    /// difference from the lowest up ([`Solver::diverge`]). At `G`'s `i`-th
    /// werewolf from the bottom only about `i` werewolves are left to
    /// place below it, so while a bound differs from `G` near its bottom
    /// (the slowest games' case) it needs only tables of a few rows: a
    /// round of tables of [`FIRST_ROUND_ROWS`] rows settles what it can,
    /// and a fixing it leaves gets an upper bound (`G` down to the lowest
    /// werewolf not tried, then every player below it) until it is
    /// settled.
    fn single_bounds(&mut self, top: usize, fixings: &[(usize, bool)]) -> Bounds {
        self.single_bounds_from(top, fixings, FIRST_ROUND_ROWS)
    }

    /// [`Solver::single_bounds`], its first round of short tables of
    /// `rows` rows.
    fn single_bounds_from(&mut self, top: usize, fixings: &[(usize, bool)], rows: usize) -> Bounds {
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
    /// theirs), else [`Solver::walked_bounds`] for every fixing left.
    fn settle(&mut self, top: usize, bounds: &mut Bounds) {
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

    /// True when [`Solver::settle`]'s next round is of short tables.
    fn settles_in_short_tables(&self, bounds: &Bounds) -> bool {
        next_rows(bounds.rows) <= self.shape.rows() / 8
    }

    /// The largest set with the right counts and top werewolf `top`: the
    /// greedy in the stamps of the walk with nothing skipped (no player
    /// below `top` is fixed).
    fn largest_with_top(&self, top: usize) -> Best {
        self.greedy(top, vec![top], &[(top, true)])
    }

    /// The largest set with the right counts, as
    /// [`Solver::largest_with_top`] finds it with no top fixed.
    fn largest_counted(&self) -> Best {
        self.greedy(self.weight.len(), Vec::new(), &[])
    }

    /// The greedy below `below` in the stamps of the walk with nothing
    /// skipped, from the werewolves `wolves` (those of `fixed`).
    fn greedy(&self, below: usize, wolves: Vec<usize>, fixed: &[(usize, bool)]) -> Best {
        let (count, sum) = self.remaining(fixed)?;
        let items = self.items_below(below, &[]);
        if !self.holds(Table::Stamps(&self.prefix, below), items, count, sum) {
            return None;
        }
        let mut run = Run {
            player: below,
            status: true,
            left: Some((count, sum)),
            wolves,
        };
        for player in (0..below).rev() {
            let items = self.items_below(player, &[]);
            self.decide(player, Table::Stamps(&self.prefix, player), items, &mut run);
        }
        run.largest()
    }

    /// One round of the single-fixing bounds in tables of `bounds.rows`
    /// rows (see [`Solver::single_bounds`]) for the unsettled fixings: the
    /// bounds it settles become exact, the others get an upper bound. One
    /// walk per weight, every cell made (a table this short costs little
    /// without a window): the players but the first of that weight.
    fn small_round(&mut self, bounds: &mut Bounds) {
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
    fn weights_before(&self, set: &[usize]) -> Vec<i64> {
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
    fn diverge(
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
    /// `G` of `bounds` when it honours them, else [`Solver::diverge`] from
    /// `G` in short tables (one walk of a few rows that skips the fixed
    /// players, every cell made), their rows eight times as many while the
    /// count needed is past them and they are at most an eighth of the
    /// full tables', and past that [`Solver::largest_with`].
    ///
    /// `None` when that would take [`Solver::largest_with`] and `walk` is
    /// false.
    fn run_choice(
        &mut self,
        top: usize,
        fixed: &[(usize, bool)],
        bounds: &Bounds,
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
        let honoured = below
            .iter()
            .all(|&(player, wolf)| largest.binary_search_by(|p| player.cmp(p)).is_ok() == wolf);
        if honoured {
            return Some(Some(largest.clone()));
        }
        let before = self.weights_before(largest);
        let skip: Vec<usize> = below.iter().map(|&(player, _)| player).collect();
        let mut stamps = Vec::new();
        let mut rows = FIRST_ROUND_ROWS;
        while rows <= FIRST_ROUND_ROWS.max(self.shape.rows() / 8) {
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
    fn walked_bounds(&mut self, top: usize, fixings: &[(usize, bool)]) -> Vec<Run> {
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

    /// One greedy step of `run`: `player` becomes a werewolf when the free
    /// players below it (`table`, of `items`) can still make the counts
    /// left without it.
    fn decide(&self, player: usize, table: Table<'_>, items: (usize, i64), run: &mut Run) {
        if let Some((count, sum)) = run.left {
            let weight = self.weight[player];
            if count > 0 && self.holds(table, items, count - 1, sum - weight) {
                run.wolves.push(player);
                run.left = Some((count - 1, sum - weight));
            }
        }
    }

    /// Walks up the players but those in `skip` (sorted) into the stamps
    /// [`Solver::stamps`] hands out for `skip`, kept among the last walks
    /// ([`Solver::walks`]). Nothing to do when nothing is skipped, or a
    /// kept walk skipped the same players. Below the first player where
    /// `skip` and another walk's skipped players differ, the two walks
    /// have the same tables, so the walk starts there from the kept walk
    /// (or the walk with nothing skipped) that agrees with `skip` the
    /// longest.
    fn below(&mut self, skip: &[usize]) {
        if skip.is_empty() {
            return;
        }
        if let Some(at) = self.walks.iter().position(|(walked, _)| walked == skip) {
            let walk = self.walks.remove(at);
            return self.walks.push(walk);
        }
        // The buffer: a new one while there are free slots, else the
        // oldest walk's, which is then no start.
        let mut walk = if self.walks.len() < self.walk_slots {
            (Vec::new(), Vec::new())
        } else {
            self.walks.remove(0)
        };
        let agrees = |walked: &[usize]| first_difference(walked, skip);
        let kept = self
            .walks
            .iter()
            .map(|(walked, stamps)| (agrees(walked), stamps));
        let (from, earlier) = kept.fold((agrees(&[]), &self.prefix), |best, next| {
            if next.0 > best.0 {
                next
            } else {
                best
            }
        });
        self.shape.walk(
            &self.weight,
            skip,
            Some(self.counted_target),
            Some((&earlier[..], from)),
            &mut walk.1,
        );
        walk.0.clear();
        walk.0.extend_from_slice(skip);
        self.walks.push(walk);
    }

    /// The stamps of the tables of the players below each player but those
    /// in `skip`, once [`Solver::below`] has walked them.
    fn stamps(&self, skip: &[usize]) -> &[u32] {
        let walk = self.walks.iter().find(|(walked, _)| walked == skip);
        walk.map_or(&self.prefix, |(_, stamps)| stamps)
    }

    /// The players fixed by "statement `liar` is false, statement `truthful`
    /// is true, both speakers werewolves", or `None` if that contradicts itself.
    fn witness_choice(&self, liar: usize, truthful: usize) -> Option<Fixed> {
        // The cost hook counts a choice as 32 words of table: about its
        // time (a small vector made, sorted and checked).
        #[cfg(feature = "cost")]
        knapsack::cost::count(32);
        let statements = &self.game.statements;
        let lying = statements[liar];
        let honest = statements[truthful];
        let mut fixed: Fixed = vec![
            (liar, true),
            (truthful, true),
            (lying.about, !lying.claims_werewolf),
            (honest.about, honest.claims_werewolf),
        ];
        fixed.sort_unstable();
        fixed.dedup();
        if fixed.windows(2).any(|pair| pair[0].0 == pair[1].0) {
            return None;
        }
        Some(fixed)
    }

    fn is_valid_set(&self, werewolves: &[usize]) -> bool {
        let mut flags = vec![false; self.game.statements.len()];
        for &player in werewolves {
            flags[player] = true;
        }
        is_valid(self.game, &flags)
    }

    /// True when the players of `table` (`items`: how many, and their
    /// weight) have `count` werewolves weighing `sum` between them. A
    /// table holds the (size, weight) pairs of the subsets of its players;
    /// the werewolves among them are one subset and the humans the rest,
    /// so `count` werewolves weighing `sum` are `items - count` humans
    /// weighing `total - sum`. The tables have rows up to the smaller of M
    /// and N - M and are read as werewolves or as humans to match: in a
    /// set of M werewolves at most M of any players are werewolves and at
    /// most N - M are humans, so no look-up of a set with the right counts
    /// passes the rows kept (a look-up past them is of no such set, and
    /// both readings answer no).
    fn holds(&self, table: Table<'_>, items: (usize, i64), count: usize, sum: i64) -> bool {
        let cell = |count: usize, sum: i64| match table {
            Table::Bits(bits) => self.shape.contains(bits, count, sum),
            Table::Stamps(stamps, below) => self.shape.reached(stamps, below, count, sum),
        };
        if self.humans {
            let (players, weight) = items;
            players
                .checked_sub(count)
                .map_or(false, |humans| cell(humans, weight - sum))
        } else {
            cell(count, sum)
        }
    }

    /// How many players are below `k` but not in `without`, and their weight.
    fn items_below(&self, k: usize, without: &[usize]) -> (usize, i64) {
        let left_out = without.iter().filter(|&&player| player < k);
        (
            k - left_out.clone().count(),
            self.prefix_weight[k] - left_out.map(|&player| self.weight[player]).sum::<i64>(),
        )
    }

    /// The free count and weight the werewolves outside `fixed` must make.
    fn remaining(&self, fixed: &[(usize, bool)]) -> Option<(usize, i64)> {
        let fixed_wolves = fixed.iter().filter(|&&(_, wolf)| wolf);
        let count = fixed_wolves.clone().count();
        let weight: i64 = fixed_wolves.map(|&(player, _)| self.weight[player]).sum();
        Some((
            self.game.werewolves.checked_sub(count)?,
            self.target - weight,
        ))
    }

    /// The largest set with the right counts that honours `fixed` (sorted by
    /// player): players are decided from the top, each becoming a werewolf
    /// when the free players below it can still complete the counts.
    fn largest_with(&mut self, fixed: &[(usize, bool)]) -> Best {
        let (count, sum) = self.remaining(fixed)?;
        let skip: Vec<usize> = fixed.iter().map(|&(player, _)| player).collect();
        self.below(&skip);
        let stamps = self.stamps(&skip);
        let players = self.weight.len();
        // A run of its own: the fixed players are in `fixed`, so `player`
        // (past the last one) and `status` are not used.
        let mut run = Run {
            player: players,
            status: false,
            left: Some((count, sum)),
            wolves: Vec::with_capacity(self.game.werewolves),
        };
        let items = self.items_below(players, &skip);
        if !self.holds(Table::Stamps(stamps, players), items, count, sum) {
            run.left = None;
        }
        for player in (0..players).rev() {
            match fixed.binary_search_by_key(&player, |&(fixed, _)| fixed) {
                Ok(index) if fixed[index].1 => run.wolves.push(player),
                Ok(_) => {}
                Err(_) => {
                    let items = self.items_below(player, &skip);
                    self.decide(player, Table::Stamps(stamps, player), items, &mut run);
                }
            }
        }
        run.largest()
    }
}

/// What the counts allow, before any witness runs ([`Solver::allowed`]):
/// a top choice that asks for anything else admits no set.
struct Allowed {
    /// `top[p]`: some set with the right counts has top werewolf `p`.
    top: Vec<bool>,
    /// By weight: some set with the right counts has a human (`[0]`), a
    /// werewolf (`[1]`), of that weight.
    by_weight: HashMap<i64, [bool; 2]>,
    /// The players who can be a witness pair's lying werewolf as far as
    /// their own fixings go (themselves a werewolf, their statement's
    /// subject the other way, each allowed by weight, the two not at
    /// odds), ascending.
    liars: Vec<usize>,
    /// The same for the truthful werewolf (the subject as claimed).
    truthful: Vec<usize>,
}

impl Allowed {
    /// True when some set with the right counts gives a player of
    /// `weight` this status.
    fn fixing(&self, weight: i64, wolf: bool) -> bool {
        self.by_weight
            .get(&weight)
            .map_or(false, |can| can[usize::from(wolf)])
    }
}

/// The single-fixing bounds at a top (step 5 in the crate docs), by
/// fixing: the largest set with the right counts and that top that
/// honours the fixing, or, for an unsettled fixing, only an upper bound of
/// it (see [`Solver::single_bounds`]).
struct Bounds {
    /// Sorted by fixing.
    by_fixing: Vec<((usize, bool), Best)>,
    /// Sorted.
    unsettled: Vec<(usize, bool)>,
    /// The largest set with the right counts and the top (empty: none).
    largest: Vec<usize>,
    /// The rows of the last round of short tables.
    rows: usize,
}

impl Bounds {
    /// The bound at `index` of `by_fixing`; no index, no set.
    fn get(&self, index: Option<usize>) -> &Best {
        index.map_or(&None, |index| &self.by_fixing[index].1)
    }

    /// The choices of `top`, each with its bound (the index of the
    /// tightest of its fixings' bounds), the largest bound first. A
    /// choice's sets honour each of its fixings, so the smallest bound of
    /// its fixings bounds it (every top choice fixes a werewolf below its
    /// top).
    fn rank(&self, top: usize, choices: Vec<Fixed>) -> Vec<(Option<usize>, Fixed)> {
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
    fn any_unsettled(&self, fixed: &Fixed) -> bool {
        fixed
            .iter()
            .any(|fixing| self.unsettled.binary_search(fixing).is_ok())
    }
}

/// Rows of the first round of short tables of the single-fixing bounds
/// ([`Solver::single_bounds`]), the choices' runs ([`Solver::run_choice`])
/// and what the counts allow ([`Solver::allowed`]).
const FIRST_ROUND_ROWS: usize = 8;

/// The rows of the round of short tables after one of `rows` rows.
fn next_rows(rows: usize) -> usize {
    rows.saturating_mul(8).max(1)
}

/// The lowest player in one of the sorted lists `a` and `b` but not the
/// other (`usize::MAX` when they are equal).
fn first_difference(a: &[usize], b: &[usize]) -> usize {
    let mut pairs = a.iter().zip(b);
    match pairs.find(|(a, b)| a != b) {
        Some((&a, &b)) => a.min(b),
        None => match a.len().cmp(&b.len()) {
            Ordering::Less => b[a.len()],
            Ordering::Greater => a[b.len()],
            Ordering::Equal => usize::MAX,
        },
    }
}

/// True when [`Solver::for_each_query`] reads `queries` look-ups that
/// leave out `sets` distinct sets by one walk per set: no more sets than
/// the offline-deletion tree of those look-ups is deep.
fn reads_by_walks(sets: usize, queries: usize) -> bool {
    let depth = usize::BITS - queries.leading_zeros();
    u32::try_from(sets).map_or(false, |sets| sets <= depth)
}

/// The most choices a quick search runs ([`Solver::best_of_choices`]).
const QUICK_RUNS: usize = 16;

/// One single-fixing search in progress: the fixed player and status, the
/// count and weight still to make (`None` once no set is possible), and the
/// werewolves so far, from the top.
struct Run {
    player: usize,
    status: bool,
    left: Option<(usize, i64)>,
    wolves: Vec<usize>,
}

impl Run {
    /// The set found, once the walk is done.
    fn largest(self) -> Best {
        self.left.map(|_| self.wolves)
    }
}

/// A table to look a cell up in: one of an offline-deletion walk's bit
/// tables, or the table of the players below a player (`.1`) in a walk's
/// first-reach stamps.
#[derive(Clone, Copy)]
enum Table<'t> {
    Bits(&'t [u64]),
    Stamps(&'t [u32], usize),
}

/// Orders sets as the contract does (descending lists, first difference
/// wins); every set beats none.
fn compare(a: &Best, b: &Best) -> Ordering {
    match (a, b) {
        (None, None) => Ordering::Equal,
        (None, Some(_)) => Ordering::Less,
        (Some(_), None) => Ordering::Greater,
        (Some(a), Some(b)) => a.cmp(b),
    }
}

/// Words of tables one solver holds at most outside the top-werewolf
/// search: the stamps of the walk with nothing skipped and of one walk that
/// skips players, and a walk's two bit tables. `Shape::stamps_size` and
/// `Shape::size` count in `u64` (see [`Memory`]).
fn table_words(shape: &Shape) -> u64 {
    shape
        .stamps_size()
        .saturating_mul(2)
        .saturating_add(shape.size().saturating_mul(2))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knapsack::xorshift;
    use crate::{solve, Statement};

    /// A random game of `players`, each speaking about one of the first
    /// `spoken` players (few spoken about: few weights, many equal ones).
    fn random_game(next: &mut impl FnMut(usize) -> usize, players: usize, spoken: usize) -> Game {
        let statements = (0..players)
            .map(|_| Statement {
                about: next(spoken),
                claims_werewolf: next(2) == 1,
            })
            .collect();
        Game {
            werewolves: next(players + 1),
            liars: next(players + 1),
            statements,
        }
    }

    /// The batched bounds lean on equal weights being interchangeable (the
    /// first player of a weight stands in for the fixed one): each must
    /// equal a greedy run that leaves out the fixed player itself, and the
    /// bounds from short tables (every first round) those of the walks.
    #[test]
    fn batched_single_fixing_bounds_equal_one_run_per_fixing() {
        let mut next = xorshift(0x0fed_cba9_8765_4321u64);
        for _ in 0..2000 {
            let players = 2 + next(20);
            // Statements about a few players: few weights, many equal ones.
            let spoken = 1 + next(players);
            let game = random_game(&mut next, players, spoken);
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
            let players = 2 + next(24);
            let spoken = 1 + next(players);
            let mut game = random_game(&mut next, players, spoken);
            let top = 1 + next(players - 1);
            // The counts of a random set with top `top`, so that most
            // games have sets there.
            let flags: Vec<bool> = (0..players)
                .map(|player| player == top || player < top && next(2) == 1)
                .collect();
            game.werewolves = flags.iter().filter(|&&wolf| wolf).count();
            game.liars = game
                .statements
                .iter()
                .filter(|s| flags[s.about] != s.claims_werewolf)
                .count();
            let mut solver = Solver::new(&game).unwrap();
            let bounds = solver.single_bounds(top, &[]);
            let mut fixed: Fixed = (0..next(4))
                .map(|_| (next(top), next(2) == 1))
                .chain(std::iter::once((top, true)))
                .collect();
            fixed.sort_unstable();
            fixed.dedup_by_key(|&mut (player, _)| player);
            let found = solver.run_choice(top, &fixed, &bounds, true).unwrap();
            let mut all = fixed.clone();
            all.extend((top + 1..players).map(|player| (player, false)));
            assert_eq!(found, solver.largest_with(&all), "{fixed:?} in {game:?}");
        }
    }

    /// Every valid set, smallest first, found by checking every set:
    /// obviously right, for a few players. Valid sets all have M players,
    /// so comparing their descending lists as vectors is the contract's
    /// order.
    fn every_valid_set(game: &Game) -> Vec<Vec<usize>> {
        let players = game.statements.len();
        let mut sets: Vec<Vec<usize>> = (0u32..1 << players)
            .filter_map(|mask| {
                let flags: Vec<bool> = (0..players).map(|p| mask >> p & 1 == 1).collect();
                let set = (0..players).rev().filter(|&p| flags[p]).collect::<Vec<_>>();
                is_valid(game, &flags).then_some(set)
            })
            .collect();
        sets.sort_unstable();
        sets
    }

    /// The search by top werewolf must find the largest valid set with a
    /// top at most the given one, for every such top; and the whole solver
    /// the largest valid set.
    #[test]
    fn the_top_werewolf_search_finds_the_largest_valid_set() {
        let mut next = xorshift(0x5eed_0f70_b5e5_d00du64);
        for round in 0..20_000 {
            let players = 1 + next(10);
            let spoken = 1 + next(players);
            let mut game = random_game(&mut next, players, spoken);
            if round % 2 == 0 && players >= 2 {
                // Half the games get the counts of a random set of 2 or more.
                let flags: Vec<bool> = (0..players).map(|_| next(2) == 1).collect();
                game.werewolves = flags.iter().filter(|&&wolf| wolf).count().max(2);
                game.liars = game
                    .statements
                    .iter()
                    .filter(|s| flags[s.about] != s.claims_werewolf)
                    .count();
            }
            let valid = every_valid_set(&game);
            let mut solver = Solver::new(&game).unwrap();
            assert_eq!(
                solver.largest_valid().unwrap(),
                valid.last().cloned(),
                "{game:?}"
            );
            let highest = next(players);
            let expected = valid.iter().rfind(|set| set[0] <= highest).cloned();
            let mut solver = Solver::new(&game).unwrap();
            let found = solver.largest_by_top(highest).unwrap();
            assert_eq!(found, expected, "top at most {highest} in {game:?}");
        }
    }

    /// Batched look-ups must agree with one greedy run per top choice on
    /// which choices admit a set, for every top and every batch size.
    #[test]
    fn batched_top_look_ups_equal_one_run_per_top_choice() {
        let mut next = xorshift(0x7e57_ab1e_c0ff_ee00u64);
        for _ in 0..3000 {
            let players = 2 + next(11);
            let spoken = 1 + next(players);
            let mut game = random_game(&mut next, players, spoken);
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
    /// offline-deletion walk ([`Solver::for_each_query`]), must answer yes
    /// for every cell a set with the right counts asks of a query's table
    /// and never yes for a cell no subset of its players makes.
    #[test]
    fn both_ways_of_looking_up_a_batch_answer_every_asked_cell_exactly() {
        let mut next = xorshift(0x100c_0bb5_7a3b_1e55u64);
        for _ in 0..1500 {
            let players = 2 + next(10);
            let spoken = 1 + next(players);
            let mut game = random_game(&mut next, players, spoken);
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
            let players = 1 + next(10);
            let spoken = 1 + next(players);
            let game = random_game(&mut next, players, spoken);
            let solver = Solver::new(&game).unwrap();
            let mut top = vec![false; players];
            let mut by_weight: HashMap<i64, [bool; 2]> =
                solver.weight.iter().map(|&w| (w, [false; 2])).collect();
            for mask in 0u32..1 << players {
                let wolf = |p: usize| mask >> p & 1 == 1;
                let liars = game
                    .statements
                    .iter()
                    .filter(|s| wolf(s.about) != s.claims_werewolf)
                    .count();
                if mask.count_ones() as usize != game.werewolves || liars != game.liars {
                    continue;
                }
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
    /// N players with statements from a fixed xorshift stream, M = L = N/2.
    fn random_half_game(players: usize) -> Game {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let statements = (0..players)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                Statement {
                    about: usize::try_from(state >> 1).unwrap() % players,
                    claims_werewolf: state & 1 == 1,
                }
            })
            .collect();
        Game {
            werewolves: players / 2,
            liars: players / 2,
            statements,
        }
    }

    #[test]
    fn a_search_past_the_memory_limit_is_refused_before_it_allocates() {
        // 30,000 players need over 10 GiB of stamps: the
        // reservation refuses them, so this test allocates nothing big.
        let error = solve(&random_half_game(30_000)).unwrap_err();
        assert!(!error.is_usage());
        let message = error.to_string();
        assert!(
            message.starts_with(
                "N = 30000 and M = 15000 need more than the 1024 MiB memory limit (subset-sum tables: "
            ),
            "{message}"
        );
    }

    #[test]
    fn the_memory_figures_are_exact_past_2_to_the_32() {
        // The case bad/memory-limit-table-past-2-32: N = 750,000, M =
        // 366,496, every statement "+1", so the weights are 750,000 for
        // player 1 and 0 for the others. Sums 0 to 750,000 take 11,719
        // words a row, and counts 0 to M are 366,497 rows: 4,294,978,343
        // words a table, 11,047 past 2^32.
        let shape = Shape::new(366_496, 0, 750_000);
        assert_eq!(shape.size(), 4_294_978_343);
        // Two tables of stamps (32 words a table's word: a 32-bit stamp a
        // bit) and two bit tables: 66 tables' words.
        let words = table_words(&shape);
        assert_eq!(words, 4_294_978_343 * 66);
        assert_eq!((words * 8) >> 20, 2162693);
    }

    #[test]
    fn a_search_within_the_memory_limit_runs() {
        assert!(solve(&random_half_game(300)).is_ok());
    }

    #[test]
    fn the_memory_count_refuses_without_counting() {
        let mut memory = Memory {
            words: 0,
            players: 4,
            werewolves: 2,
        };
        memory.reserve(LIMIT_WORDS, "all of it").unwrap();
        let error = memory.reserve(1, "one word more").unwrap_err();
        assert_eq!(
            error.to_string(),
            "N = 4 and M = 2 need more than the 1024 MiB memory limit (one word more: 0 MiB)"
        );
        assert_eq!(memory.words, LIMIT_WORDS);
        assert!(memory.reserve(u64::MAX, "overflow").is_err());
    }
}
