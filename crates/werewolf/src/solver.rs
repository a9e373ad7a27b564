//! The general solver behind [`solve`](super::solve): the largest valid
//! werewolf set, by bit tables of cardinality-constrained subset sums
//! (`knapsack`) and witness pairs, searched by top werewolf. The method,
//! the proof that it is right and its cost are the crate docs' "Approach"
//! and "Complexity"; the steps named there (`Solver::allowed`,
//! `Solver::holds`, ...) are the functions here, and every allocation sized
//! from the input is counted against [`MEMORY_LIMIT_BYTES`] first.
//!
//! This module holds the solver's state, the greedy runs, the walks and
//! the search by top werewolf; `tops` decides which tops and top choices
//! can have a set (steps 3 and 4), and `bounds` finds the single-fixing
//! bounds and runs the choices at the answer's top (step 5).

use std::cmp::Ordering;
use std::collections::HashMap;

use judge_io::Error;

use super::knapsack::{self, to_u64, Shape};
use super::{is_valid, Game, Verdict, MEMORY_LIMIT_BYTES};

mod bounds;
mod tops;

use bounds::FIRST_ROUND_ROWS;

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
    /// How many walks are kept: one, or up to [`KEPT_WALKS`] once the
    /// search by top werewolf finds the memory for them.
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
        // More walks of stamps kept, as far as they fit: batches whose
        // tops leave out a few sets, and the bounds' walks after them,
        // walk each set once.
        while self.walk_slots < KEPT_WALKS
            && self
                .memory
                .reserve(self.shape.stamps_size(), "a walk kept")
                .is_ok()
        {
            self.walk_slots += 1;
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
        if !self.memory.fits(words) {
            self.give_back_kept_walks();
        }
        if quick && !self.memory.fits(words) {
            return Ok(None);
        }
        self.memory.reserve(words, "single-fixing bounds")?;
        let found = self.run_by_bounds(top, choices, &fixings, quick);
        self.memory.release(words);
        found
    }

    /// Frees the walks kept but the latest, and their memory: the kept
    /// walks only save time, and give way to what the search needs.
    fn give_back_kept_walks(&mut self) {
        let dropped = self.walks.len().saturating_sub(1);
        self.walks.drain(..dropped);
        let slots = to_u64(self.walk_slots - 1);
        self.memory
            .release(slots.saturating_mul(self.shape.stamps_size()));
        self.walk_slots = 1;
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
            // The tightest bound is of a set with one of the choice's
            // fixings: when it has them all, it is the choice's set.
            let (bound, fixed) = &ranked[next];
            let found = match bounds.get(*bound) {
                Some(set) if honours(set, fixed) => Some(set.clone()),
                upper => match self.run_choice(top, fixed, &bounds, upper.as_deref(), !quick) {
                    Some(found) => found,
                    None => return Ok(None),
                },
            };
            if compare(&found, &best) == Ordering::Greater {
                best = found;
            }
            next += 1;
        }
        Ok(Some(best))
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
    ///
    /// Between two fixed players the free players below a player `k` are
    /// the players below `k` but the fixed ones below it, and those make
    /// the same (count, sum) pairs as the players below `k` but their
    /// stand-ins ([`Solver::stand_ins`]): so each stretch of free players
    /// reads the walk that leaves out the stand-ins of the fixed players
    /// below it. Those walks are few and shared (the stand-ins are the
    /// first players of a few weights), where the walk that left out the
    /// fixed players themselves would be one more per fixing. A walk's
    /// window is the same at `k` for both sets left out (it depends only on
    /// the weights of the players below `k` and of the rest), so every cell
    /// a set with the right counts asks for is exact in either.
    fn largest_with(&mut self, fixed: &[(usize, bool)]) -> Best {
        let (count, sum) = self.remaining(fixed)?;
        let players = self.weight.len();
        let copies = self.players_by_weight(players);
        let skip: Vec<usize> = fixed.iter().map(|&(player, _)| player).collect();
        // A run of its own: the fixed players are in `fixed`, so `player`
        // (past the last one) and `status` are not used.
        let mut run = Run {
            player: players,
            status: false,
            left: Some((count, sum)),
            wolves: Vec::with_capacity(self.game.werewolves),
        };
        // The stretch above fixed player `i - 1` and below player `i`
        // (the last stretch is above every fixed player), from the top.
        for i in (0..=fixed.len()).rev() {
            let end = fixed.get(i).map_or(players, |&(player, wolf)| {
                if wolf {
                    run.wolves.push(player);
                }
                player
            });
            let start = i.checked_sub(1).map_or(0, |before| fixed[before].0 + 1);
            if start >= end {
                continue;
            }
            let left_out = self.stand_ins(&skip[..i], &copies);
            self.below(&left_out);
            let stamps = self.stamps(&left_out);
            for player in (start..end).rev() {
                let items = self.items_below(player, &left_out);
                self.decide(player, Table::Stamps(stamps, player), items, &mut run);
            }
        }
        // The run keeps "the free players below can make what is left"
        // from the start when that is true at all (every set taken makes
        // it true), and ends with nothing left exactly then.
        if run.left != Some((0, 0)) {
            return None;
        }
        run.largest()
    }

    /// The players below `below` by weight, ascending: where
    /// [`Solver::stand_ins`] finds its players.
    fn players_by_weight(&self, below: usize) -> HashMap<i64, Vec<usize>> {
        let mut copies: HashMap<i64, Vec<usize>> = HashMap::new();
        for (player, &weight) in self.weight[..below].iter().enumerate() {
            copies.entry(weight).or_default().push(player);
        }
        copies
    }

    /// The stand-ins of `players` (no player twice, all among `copies`,
    /// from [`Solver::players_by_weight`]), sorted: each replaced by the
    /// first player of its weight that no other has taken. Equal weights
    /// are interchangeable in a subset-sum, so for every player `k` above
    /// all of `players`, the players below `k` but `players` make the same
    /// (count, sum) pairs as the players below `k` but their stand-ins:
    /// the same weights, less the same weights. (The stand-ins are below
    /// `k` too: the `i`-th lowest of a weight among `players` is at or
    /// above the `i`-th lowest player of that weight.)
    fn stand_ins(&self, players: &[usize], copies: &HashMap<i64, Vec<usize>>) -> Vec<usize> {
        let mut stand_ins: Vec<usize> = players
            .iter()
            .enumerate()
            .map(|(nth, &player)| {
                let weight = self.weight[player];
                let before = players[..nth]
                    .iter()
                    .filter(|&&other| self.weight[other] == weight);
                copies[&weight][before.count()]
            })
            .collect();
        stand_ins.sort_unstable();
        stand_ins
    }
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

/// The most walks of stamps kept at once, memory allowing.
const KEPT_WALKS: usize = 8;

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

/// True when the set `set` (descending players) gives each player of
/// `fixed` its status.
fn honours(set: &[usize], fixed: &[(usize, bool)]) -> bool {
    fixed
        .iter()
        .all(|&(player, wolf)| set.binary_search_by(|p| player.cmp(p)).is_ok() == wolf)
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

    /// A random game of `least` to `least + spread - 1` players, each
    /// speaking about one of the first few (a random number of them: few
    /// spoken about means few weights, many equal ones).
    pub(super) fn random_game(
        next: &mut impl FnMut(usize) -> usize,
        least: usize,
        spread: usize,
    ) -> Game {
        let players = least + next(spread);
        let spoken = 1 + next(players);
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

    /// Gives `game` the counts of the set `flags` (its werewolves and its
    /// liars): a set with the right counts, so that most searches find one.
    pub(super) fn plant(game: &mut Game, flags: &[bool]) {
        game.werewolves = flags.iter().filter(|&&wolf| wolf).count();
        game.liars = game
            .statements
            .iter()
            .filter(|s| flags[s.about] != s.claims_werewolf)
            .count();
    }

    /// The sets with the right counts (M werewolves, L false statements)
    /// as masks of players, ascending, found by checking every set.
    pub(super) fn masks_with_right_counts(game: &Game) -> Vec<u32> {
        let players = game.statements.len();
        (0u32..1 << players)
            .filter(|&mask| {
                let wolf = |p: usize| mask >> p & 1 == 1;
                let liars = game
                    .statements
                    .iter()
                    .filter(|s| wolf(s.about) != s.claims_werewolf)
                    .count();
                mask.count_ones() as usize == game.werewolves && liars == game.liars
            })
            .collect()
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
            let mut game = random_game(&mut next, 1, 10);
            let players = game.statements.len();
            if round % 2 == 0 && players >= 2 {
                // Half the games get the counts of a random set of 2 or more.
                let flags: Vec<bool> = (0..players).map(|_| next(2) == 1).collect();
                plant(&mut game, &flags);
                game.werewolves = game.werewolves.max(2);
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

    /// The greedy with players fixed reads, between two fixed players, the
    /// walk that leaves out the stand-ins of those below: it must find the
    /// largest set with the right counts that honours the fixings, as
    /// checking every set finds it, with walks kept, reused and dropped
    /// from run to run.
    #[test]
    fn the_greedy_with_players_fixed_finds_the_largest_set_that_honours_them() {
        let mut next = xorshift(0x57a2_d1e5_0ff1_c0deu64);
        for round in 0..4000 {
            let mut game = random_game(&mut next, 1, 12);
            let players = game.statements.len();
            if round % 2 == 0 {
                let flags: Vec<bool> = (0..players).map(|_| next(2) == 1).collect();
                plant(&mut game, &flags);
            }
            let mut solver = Solver::new(&game).unwrap();
            solver.walk_slots = 1 + next(3);
            for _ in 0..4 {
                let mut fixed: Fixed = (0..next(5))
                    .map(|_| (next(players), next(2) == 1))
                    .collect();
                fixed.sort_unstable();
                fixed.dedup_by_key(|&mut (player, _)| player);
                let expected = masks_with_right_counts(&game)
                    .into_iter()
                    .filter(|&mask| {
                        let honours =
                            |&(player, wolf): &(usize, bool)| (mask >> player & 1 == 1) == wolf;
                        fixed.iter().all(honours)
                    })
                    .map(|mask| (0..players).rev().filter(|&p| mask >> p & 1 == 1).collect())
                    .max();
                assert_eq!(
                    solver.largest_with(&fixed),
                    expected,
                    "{fixed:?} in {game:?}"
                );
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
