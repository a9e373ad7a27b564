//! The exact count of the consistent deals behind
//! [`Knowledge::analysis`](super::Knowledge::analysis): the method is
//! described in the parent module's docs ("The exact count"); this file is
//! its implementation, apart from the facts and their propagation.
//!
//! The entry point is [`Knowledge::count_deals`](super::Knowledge), which
//! picks inclusion-exclusion over the open "holds one of" observations or a
//! direct [`Counter`]; a counter first groups the open cards into types
//! ([`Counter::new`]), then counts by types or by owners, forward then
//! backward, within the work budget. What each owner may take, and the
//! order the owners are filled in, is set up in [`owners`].

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::{Knowledge, INCLUSION_EXCLUSION_CLAUSES};

use owners::{
    capacities, fill_order, two_envelope_cards_in_a_category, CardTypes, OwnerSpec, Rule,
};

mod owners;

/// The count by types (see the parent module's docs) is used when its state
/// (the owners' capacities as bit fields) has at most this many bits.
const TYPE_STATE_BITS: u32 = 20;

impl Knowledge {
    /// The exact count within the budget: directly, or, when there are
    /// from 1 to [`INCLUSION_EXCLUSION_CLAUSES`] open "holds one of"
    /// observations, by inclusion-exclusion over them (see the module docs).
    pub(super) fn count_deals(&self) -> Option<Counts> {
        let n_clauses = self.clauses.len();
        if n_clauses == 0 || n_clauses > INCLUSION_EXCLUSION_CLAUSES {
            return Counter::new(self)?
                .count(self.budget)
                .map(|(counts, _)| counts);
        }
        let n_owners = self.n_players() + 1;
        let open: Vec<usize> = (0..self.n_cards())
            .filter(|&card| self.possible[card].count_ones() > 1)
            .collect();
        // Sums of the terms with an even and with an odd number of clauses
        // negated: the total, and per owner and open card the deals that
        // give the card to the owner.
        let mut totals = [0u128; 2];
        let mut held = [
            vec![vec![0u128; open.len()]; n_owners],
            vec![vec![0u128; open.len()]; n_owners],
        ];
        let mut budget_left = self.budget;
        for negated in 0u32..1 << n_clauses {
            let parity = usize::from(negated.count_ones() % 2 == 1);
            let mut term = self.clone();
            term.clauses.clear();
            for (index, clause) in self.clauses.iter().enumerate() {
                if negated & 1 << index != 0 {
                    for &card in &clause.cards {
                        term.possible[card] &= !(1u64 << clause.player);
                    }
                }
            }
            let (counts, steps) = Counter::new(&term)?.count(budget_left)?;
            // Setting a term up costs about a step per open card.
            budget_left -= (steps + open.len() as u64).min(budget_left);
            if budget_left == 0 {
                return None;
            }
            if counts.total == 0 {
                continue;
            }
            totals[parity] = totals[parity].checked_add(counts.total)?;
            for (position, &card) in open.iter().enumerate() {
                for (owner, row) in held[parity].iter_mut().enumerate() {
                    let deals = match counts.type_of_card[card] {
                        Some(card_type) => {
                            counts.held[owner][card_type] / counts.type_sizes[card_type] as u128
                        }
                        None if term.possible[card] == 1 << owner => counts.total,
                        None => 0,
                    };
                    row[position] = row[position].checked_add(deals)?;
                }
            }
        }
        let mut type_of_card = vec![None; self.n_cards()];
        for (position, &card) in open.iter().enumerate() {
            type_of_card[card] = Some(position);
        }
        let [even, odd] = held;
        let held = even
            .iter()
            .zip(&odd)
            .map(|(plus, minus)| {
                plus.iter()
                    .zip(minus)
                    .map(|(&plus, &minus)| plus.checked_sub(minus))
                    .collect::<Option<Vec<u128>>>()
            })
            .collect::<Option<Vec<Vec<u128>>>>()?;
        Some(Counts {
            total: totals[0].checked_sub(totals[1])?,
            type_of_card,
            type_sizes: vec![1; open.len()],
            held,
        })
    }
}

/// A hasher for the counter's states, which are already well spread
/// integers: one multiply, no random seed (so runs are deterministic).
#[derive(Default)]
struct StateHasher(u64);

impl Hasher for StateHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = (self.0.rotate_left(5) ^ value).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

type StateIndex = HashMap<u64, usize, BuildHasherDefault<StateHasher>>;

/// The states a forward pass reached at one level, in the order it first
/// reached them, with their numbers of ways, and an index from a state to
/// its place: the moves and the backward pass name states by place, so
/// only the forward pass hashes.
#[derive(Default)]
struct Frontier {
    index: StateIndex,
    states: Vec<u64>,
    ways: Vec<u128>,
}

impl Frontier {
    /// The frontier of one state, reached one way.
    fn start(state: u64) -> Frontier {
        let mut frontier = Frontier::default();
        frontier.index.insert(state, 0);
        frontier.states.push(state);
        frontier.ways.push(1);
        frontier
    }

    /// An empty frontier with room for about `states` states.
    fn with_capacity(states: usize) -> Frontier {
        Frontier {
            index: StateIndex::with_capacity_and_hasher(states, Default::default()),
            states: Vec::with_capacity(states),
            ways: Vec::with_capacity(states),
        }
    }

    /// The ways to reach `state` (0 when it was not reached).
    fn ways_to(&self, state: u64) -> u128 {
        self.index.get(&state).map_or(0, |&at| self.ways[at])
    }
}

/// What the forward pass found at one level (an owner, or a type), for
/// the backward pass.
struct Level {
    /// The states before the level.
    before: Frontier,
    /// Per state of `before`, the end of its moves in `moves`.
    ends: Vec<usize>,
    /// Each move: the place of the state after the level in the next
    /// frontier, and the number of card choices.
    moves: Vec<(usize, u128)>,
}

/// The forward pass, from the frontier of `start`, over `levels` levels:
/// `expand(level, state, record)` gives each state's moves to `record`
/// and says false to stop (past the budget). The levels, for
/// [`backward`], and the frontier after the last; `None` once stopped or
/// when a count no longer fits a `u128`.
fn forward(
    start: u64,
    levels: usize,
    mut expand: impl FnMut(usize, u64, &mut Record<'_>) -> bool,
) -> Option<(Vec<Level>, Frontier)> {
    let mut here = Frontier::start(start);
    let mut kept = Vec::with_capacity(levels);
    for level in 0..levels {
        let mut next = Frontier::with_capacity(here.states.len());
        let mut moves = Vec::new();
        let mut ends = Vec::with_capacity(here.states.len());
        for (&state, &ways) in here.states.iter().zip(&here.ways) {
            let mut record = Record {
                next: &mut next,
                moves: &mut moves,
                ways,
                overflow: false,
            };
            if !expand(level, state, &mut record) || record.overflow {
                return None;
            }
            ends.push(moves.len());
        }
        kept.push(Level {
            before: here,
            ends,
            moves,
        });
        here = next;
    }
    Some((kept, here))
}

/// Where [`forward`]'s `expand` records the moves of one state, reached in
/// `ways` ways.
struct Record<'a> {
    next: &'a mut Frontier,
    moves: &'a mut Vec<(usize, u128)>,
    ways: u128,
    /// A count no longer fits a `u128`.
    overflow: bool,
}

impl Record<'_> {
    /// One move: `multiplicity` card choices lead to `target`.
    fn add(&mut self, target: u64, multiplicity: u128) {
        if !add_move(self.next, self.moves, target, multiplicity, self.ways) {
            self.overflow = true;
        }
    }
}

/// The backward pass over the `levels` a forward pass kept, the last
/// reaching `last`: the ways to finish from each state (from the empty
/// state, one), and for every move that can finish, `visit(level, removed,
/// deals)`, with `removed` the state difference and `deals` the ways in x
/// choices x ways to finish. `None` on overflow, or when `visit` says so.
fn backward(
    levels: &[Level],
    last: &Frontier,
    mut visit: impl FnMut(usize, u64, u128) -> Option<()>,
) -> Option<()> {
    let mut after: Vec<u128> = last
        .states
        .iter()
        .map(|&state| u128::from(state == 0))
        .collect();
    let mut after_states = &last.states;
    for (at, level) in levels.iter().enumerate().rev() {
        let mut before = vec![0u128; level.ends.len()];
        let mut first_move = 0;
        for (place, &end) in level.ends.iter().enumerate() {
            let state = level.before.states[place];
            let ways_in = level.before.ways[place];
            let mut ways_out = 0u128;
            for &(target, multiplicity) in &level.moves[first_move..end] {
                let finish = after[target];
                if finish == 0 {
                    continue;
                }
                let out = multiplicity.checked_mul(finish)?;
                ways_out = ways_out.checked_add(out)?;
                let deals = out.checked_mul(ways_in)?;
                visit(at, state - after_states[target], deals)?;
            }
            first_move = end;
            before[place] = ways_out;
        }
        after = before;
        after_states = &level.before.states;
    }
    Some(())
}

/// The result of an exact count.
pub(super) struct Counts {
    /// The number of consistent deals.
    pub(super) total: u128,
    /// Per card, its type (`None` for cards propagation placed).
    pub(super) type_of_card: Vec<Option<usize>>,
    /// The number of cards of each type.
    pub(super) type_sizes: Vec<usize>,
    /// `held[owner][type]`: the sum over the consistent deals of the number
    /// of cards of that type the owner holds.
    pub(super) held: Vec<Vec<u128>>,
}

/// The exact count of the consistent deals (see the module docs).
struct Counter {
    /// Some owner is already over its capacity, or some card has no owner:
    /// no deal fits.
    zero: bool,
    type_of_card: Vec<Option<usize>>,
    type_sizes: Vec<usize>,
    /// The place value of each type's bit field in the state (a power of 2).
    place: Vec<u64>,
    /// Where each type's bit field starts.
    shift: Vec<u32>,
    /// The owners in the order they are filled.
    owners: Vec<OwnerSpec>,
    n_owners: usize,
    binomial: Vec<Vec<u128>>,
    /// No "holds one of" and no ruled-out accusation: the count by types
    /// applies.
    unconstrained: bool,
    /// Per type, the owners that may hold it.
    type_owners: Vec<u64>,
    /// Per type, its category.
    type_category: Vec<usize>,
    /// What each owner (players, then the envelope) still needs.
    capacity: Vec<usize>,
    /// The categories whose envelope card is still open.
    open_categories: Vec<usize>,
}

impl Counter {
    /// Sets up the count, or `None` when there are too many open cards (more
    /// than 63, or bit fields wider than a `u64`). In order: the open cards
    /// grouped into types ([`CardTypes::group`]), each type's bit field in
    /// the state ([`bit_fields`]), what each owner still needs
    /// ([`capacities`]), each owner's rule ([`CardTypes::player`],
    /// [`CardTypes::envelope`]), the order the owners are filled in
    /// ([`fill_order`]) and the binomial coefficients the moves need.
    fn new(knowledge: &Knowledge) -> Option<Counter> {
        let n_players = knowledge.n_players();
        let open: Vec<usize> = (0..knowledge.n_cards())
            .filter(|&card| knowledge.possible[card].count_ones() > 1)
            .collect();
        if open.len() > 63 {
            return None;
        }
        let types = CardTypes::group(knowledge, &open);
        let (shift, place) = bit_fields(&types.sizes)?;
        let (capacity, over_capacity) = capacities(knowledge);
        let mut owners: Vec<OwnerSpec> = (0..n_players)
            .map(|player| types.player(knowledge, player, capacity[player]))
            .collect();
        let envelope = types.envelope(knowledge, capacity[n_players]);
        owners.push(envelope.spec);
        let unconstrained = owners.iter().all(|owner| owner.rule.is_free());
        let zero = over_capacity
            || envelope.impossible
            || knowledge.possible.contains(&0)
            || two_envelope_cards_in_a_category(knowledge);
        let owners = fill_order(owners, &types.sizes);
        let binomial = binomial_table(types.sizes.iter().copied().max().unwrap_or(0));
        Some(Counter {
            zero,
            type_owners: types.keys.iter().map(|key| key.owners).collect(),
            type_category: types.keys.iter().map(|key| key.category).collect(),
            type_of_card: types.of_card,
            type_sizes: types.sizes,
            place,
            shift,
            owners,
            n_owners: n_players + 1,
            binomial,
            unconstrained,
            capacity,
            open_categories: envelope.open_categories,
        })
    }

    /// Whether [`count_by_types`](Counter::count_by_types) applies: no
    /// "holds one of", no ruled-out accusation, and a state of at most
    /// [`TYPE_STATE_BITS`] bits.
    fn types_apply(&self) -> bool {
        let (most, _, _) = self.type_digits();
        self.unconstrained && most.iter().map(|&top| bits_for(top)).sum::<u32>() <= TYPE_STATE_BITS
    }

    /// The digits of the count by types: one bit field per player (its
    /// capacity), one bit per open category (the envelope's slot in it).
    /// Returns each digit's largest value, shift and mask.
    fn type_digits(&self) -> (Vec<u64>, Vec<u32>, Vec<u64>) {
        let n_players = self.n_owners - 1;
        let mut most: Vec<u64> = self.capacity[..n_players]
            .iter()
            .map(|&cap| cap as u64)
            .collect();
        most.extend(self.open_categories.iter().map(|_| 1));
        let mut shift = Vec::with_capacity(most.len());
        let mut mask = Vec::with_capacity(most.len());
        let mut bits = 0u32;
        for &top in &most {
            shift.push(bits.min(63));
            mask.push((1u64 << bits_for(top)) - 1);
            bits += bits_for(top);
        }
        (most, shift, mask)
    }

    /// The count for observations that only say who may hold what (no
    /// "holds one of", no ruled-out accusation), when the capacities are
    /// few: a dynamic programme over the types whose state is what each
    /// owner still needs (each player's count, and per open category
    /// whether the envelope still needs it). A type's cards are shared out
    /// among the owners that may hold them, in multinomially many ways.
    /// `None` past the budget or on overflow. Call only when
    /// [`types_apply`](Counter::types_apply).
    fn count_by_types(&self, budget: u64) -> Option<(Counts, u64)> {
        let n_players = self.n_owners - 1;
        let (most, shift, mask) = self.type_digits();
        let start: u64 = most.iter().zip(&shift).map(|(&top, &at)| top << at).sum();
        let mut steps = 0u64;
        let mut split = Split::default();
        // Per type, the digits it may go to.
        let digits_of: Vec<Vec<usize>> = (0..self.type_sizes.len())
            .map(|card_type| {
                let owners = self.type_owners[card_type];
                let mut digits: Vec<usize> = (0..n_players)
                    .filter(|&player| owners & 1 << player != 0)
                    .collect();
                if owners & 1 << n_players != 0 {
                    if let Some(slot) = self
                        .open_categories
                        .iter()
                        .position(|&category| category == self.type_category[card_type])
                    {
                        digits.push(n_players + slot);
                    }
                }
                digits
            })
            .collect();
        let mut bounds = Vec::new();
        let (levels, last) =
            forward(start, digits_of.len(), |card_type, state, record| {
                let digits = &digits_of[card_type];
                let size = self.type_sizes[card_type];
                // Each state costs a step too, moves or not.
                steps += 1;
                bounds.clear();
                bounds.extend(digits.iter().map(|&digit| {
                    usize::try_from(state >> shift[digit] & mask[digit]).unwrap_or(0)
                }));
                split.for_each(&bounds, size, |given| {
                    steps += 1;
                    if steps > budget {
                        return false;
                    }
                    let mut removed = 0u64;
                    let mut multiplicity = 1u128;
                    let mut left = size;
                    for (&count, &digit) in given.iter().zip(digits) {
                        if count > 0 {
                            removed += (count as u64) << shift[digit];
                            multiplicity *= self.binomial[left][count];
                            left -= count;
                        }
                    }
                    record.add(state - removed, multiplicity);
                    true
                });
                steps <= budget
            })?;
        let total = last.ways_to(0);
        let n_types = self.type_sizes.len();
        let mut held = vec![vec![0u128; n_types]; self.n_owners];
        backward(&levels, &last, |card_type, removed, deals| {
            for &digit in &digits_of[card_type] {
                let count = removed >> shift[digit] & mask[digit];
                if count > 0 {
                    let owner = digit.min(n_players);
                    let add = deals.checked_mul(u128::from(count))?;
                    held[owner][card_type] = held[owner][card_type].checked_add(add)?;
                }
            }
            Some(())
        })?;
        let counts = Counts {
            total,
            type_of_card: self.type_of_card.clone(),
            type_sizes: self.type_sizes.clone(),
            held,
        };
        Some((counts, steps))
    }

    /// The forward and backward passes, and the number of steps they took;
    /// `None` past the budget or on overflow.
    fn count(self, budget: u64) -> Option<(Counts, u64)> {
        let n_types = self.type_sizes.len();
        if !self.zero && self.types_apply() {
            return self.count_by_types(budget);
        }
        if self.zero {
            let held = vec![vec![0u128; n_types]; self.n_owners];
            let counts = Counts {
                total: 0,
                type_of_card: self.type_of_card,
                type_sizes: self.type_sizes,
                held,
            };
            return Some((counts, 0));
        }
        let start: u64 = (0..n_types)
            .map(|card_type| self.type_sizes[card_type] as u64 * self.place[card_type])
            .sum();
        let mut steps = 0u64;
        // The forward pass: the ways to fill the owners so far, by state,
        // an owner a level, every move kept for the backward pass.
        let mut scratch = Scratch {
            remaining: vec![0usize; n_types],
            ..Scratch::default()
        };
        let n_levels = self.owners.len();
        let (levels, last) = forward(start, n_levels, |level, state, record| {
            // Each state costs a step too, moves or not.
            steps += 1;
            self.decode(state, &mut scratch.remaining);
            self.for_each_take(
                &self.owners[level],
                &mut scratch,
                level + 1 == n_levels,
                &mut steps,
                budget,
                |removed, multiplicity| record.add(state - removed, multiplicity),
            );
            steps <= budget
        })?;
        let total = last.ways_to(0);

        // The backward pass: ways in x choices x ways to finish, summed per
        // type taken, gives the holdings.
        let mut held = vec![vec![0u128; n_types]; self.n_owners];
        backward(&levels, &last, |level, removed, deals| {
            let owner = &self.owners[level];
            let row = &mut held[owner.index];
            for &card_type in &owner.types {
                let count = self.field(removed, card_type);
                if count > 0 {
                    let add = deals.checked_mul(u128::from(count))?;
                    row[card_type] = row[card_type].checked_add(add)?;
                }
            }
            Some(())
        })?;
        let counts = Counts {
            total,
            type_of_card: self.type_of_card,
            type_sizes: self.type_sizes,
            held,
        };
        Some((counts, steps))
    }

    /// The value of `card_type`'s bit field in `state`.
    fn field(&self, state: u64, card_type: usize) -> u64 {
        let bits = bits_for(self.type_sizes[card_type] as u64);
        state >> self.shift[card_type] & ((1u64 << bits) - 1)
    }

    fn decode(&self, state: u64, remaining: &mut [usize]) {
        for (card_type, slot) in remaining.iter_mut().enumerate() {
            // At most the type's size, so it fits a usize.
            *slot = usize::try_from(self.field(state, card_type)).unwrap_or(0);
        }
    }

    /// Calls `visit(removed, multiplicity)` for every count vector `owner`
    /// may take from the cards `scratch.remaining` says are left
    /// (`removed` is the state difference, which encodes the vector;
    /// `multiplicity` the number of card choices behind it). The last owner
    /// takes everything.
    /// Stops once `steps` (one per vector considered) passes `budget`.
    fn for_each_take(
        &self,
        owner: &OwnerSpec,
        scratch: &mut Scratch,
        last: bool,
        steps: &mut u64,
        budget: u64,
        mut visit: impl FnMut(u64, u128),
    ) {
        let Scratch {
            remaining,
            bounds,
            split,
            subset,
        } = scratch;
        let remaining = &remaining[..];
        bounds.clear();
        bounds.extend(owner.types.iter().map(|&card_type| remaining[card_type]));
        let bounds = &bounds[..];
        if !last && bounds.iter().all(|&bound| bound <= 1) {
            self.for_each_subset(owner, bounds, subset, steps, budget, |removed| {
                visit(removed, 1);
            });
            return;
        }
        let mut check_and_visit = |taken: &[usize]| -> bool {
            *steps += 1;
            if *steps > budget {
                return false;
            }
            let allowed = match &owner.rule {
                Rule::Player { clauses } => clauses
                    .iter()
                    .all(|clause| clause.iter().any(|&position| taken[position] > 0)),
                Rule::Envelope {
                    categories,
                    ruled_out,
                } => {
                    categories.iter().all(|members| {
                        members
                            .iter()
                            .map(|&position| taken[position])
                            .sum::<usize>()
                            == 1
                    }) && !ruled_out.iter().any(|cards| {
                        !cards.is_empty() && cards.iter().all(|&position| taken[position] > 0)
                    })
                }
            };
            if !allowed {
                return true;
            }
            let mut removed = 0u64;
            let mut multiplicity = 1u128;
            for (position, &count) in taken.iter().enumerate() {
                if count > 0 {
                    let card_type = owner.types[position];
                    removed += count as u64 * self.place[card_type];
                    multiplicity *= self.binomial[remaining[card_type]][count];
                }
            }
            visit(removed, multiplicity);
            true
        };
        if last {
            // Everything left must be this owner's.
            let left: usize = remaining.iter().sum();
            let mine: usize = bounds.iter().sum();
            if left == mine && mine == owner.capacity {
                check_and_visit(bounds);
            }
            return;
        }
        split.for_each(bounds, owner.capacity, check_and_visit);
    }
}

/// Each type's bit field in the state, which packs how many of its cards
/// are left: its shift and place value (a power of 2). `None` when the
/// fields do not fit a `u64`.
fn bit_fields(sizes: &[usize]) -> Option<(Vec<u32>, Vec<u64>)> {
    let mut shift = Vec::with_capacity(sizes.len());
    let mut next_shift = 0u32;
    for &size in sizes {
        shift.push(next_shift);
        next_shift += bits_for(size as u64);
    }
    if next_shift > 64 {
        return None;
    }
    let place = shift.iter().map(|&bits| 1u64 << bits.min(63)).collect();
    Some((shift, place))
}

/// `binomial[n][k]` for `0 <= k <= n <= largest`.
fn binomial_table(largest: usize) -> Vec<Vec<u128>> {
    let mut binomial = vec![vec![0u128; largest + 1]; largest + 1];
    for n in 0..=largest {
        binomial[n][0] = 1;
        for k in 1..=n {
            binomial[n][k] = binomial[n - 1][k - 1] + if k < n { binomial[n - 1][k] } else { 0 };
        }
    }
    binomial
}

impl Counter {
    /// [`for_each_take`](Counter::for_each_take) when at most one card of
    /// each type is left (the common worst case, where every open card is a
    /// type of its own): the owner's hand is then a subset of the available
    /// positions, enumerated as bit masks (Gosper's next combination), its
    /// rule checked with masks, and every choice has multiplicity 1.
    fn for_each_subset(
        &self,
        owner: &OwnerSpec,
        bounds: &[usize],
        subset: &mut Subset,
        steps: &mut u64,
        budget: u64,
        mut visit: impl FnMut(u64),
    ) {
        let Subset { bit_of, place_of } = subset;
        bit_of.clear();
        place_of.clear();
        for (position, _) in bounds.iter().enumerate().filter(|&(_, &bound)| bound == 1) {
            bit_of.push(1u64 << position);
            place_of.push(self.place[owner.types[position]]);
        }
        let n = bit_of.len();
        let k = owner.capacity;
        if k > n {
            return;
        }
        // `pick` ranges over the k-bit numbers below 2^n, in increasing order.
        let mut pick: u128 = (1u128 << k) - 1;
        while pick < 1u128 << n {
            *steps += 1;
            if *steps > budget {
                return;
            }
            let mut hand = 0u64;
            let mut removed = 0u64;
            let mut bits = pick;
            while bits != 0 {
                let index = bits.trailing_zeros() as usize;
                hand |= bit_of[index];
                removed += place_of[index];
                bits &= bits - 1;
            }
            if owner.masks.allow(hand) {
                visit(removed);
            }
            if pick == 0 {
                break;
            }
            let low = pick & pick.wrapping_neg();
            let ripple = pick + low;
            pick = (((ripple ^ pick) >> 2) / low) | ripple;
        }
    }
}

/// The buffers of the by-owners pass's moves
/// ([`for_each_take`](Counter::for_each_take)), kept from state to state so
/// that a pass allocates once, not once per state.
#[derive(Default)]
struct Scratch {
    /// How many cards of each type are left, decoded from the state.
    remaining: Vec<usize>,
    bounds: Vec<usize>,
    split: Split,
    subset: Subset,
}

/// [`for_each_subset`](Counter::for_each_subset)'s buffers: per available
/// position, its bit in the owner's mask and its place value in the state.
#[derive(Default)]
struct Subset {
    bit_of: Vec<u64>,
    place_of: Vec<u64>,
}

/// The buffers of [`Split::for_each`], reused from call to call.
#[derive(Default)]
struct Split {
    /// `suffix[i]`: the most positions `i..` can take.
    suffix: Vec<usize>,
    taken: Vec<usize>,
    /// `rest[i]`: what positions `i..` must take.
    rest: Vec<usize>,
}

impl Split {
    /// Calls `visit(x)` for every vector `x` with `0 <= x[i] <= bounds[i]`
    /// and `sum(x) == total`, without recursion, until `visit` returns
    /// false.
    fn for_each(
        &mut self,
        bounds: &[usize],
        total: usize,
        mut visit: impl FnMut(&[usize]) -> bool,
    ) {
        let n = bounds.len();
        let Split {
            suffix,
            taken,
            rest,
        } = self;
        suffix.clear();
        suffix.resize(n + 1, 0);
        for i in (0..n).rev() {
            suffix[i] = suffix[i + 1] + bounds[i];
        }
        if suffix[0] < total {
            return;
        }
        if n == 0 {
            visit(&[]);
            return;
        }
        taken.clear();
        taken.resize(n, 0);
        rest.clear();
        rest.resize(n + 1, 0);
        rest[0] = total;
        let mut from = 0;
        loop {
            // Fill positions from..n greedily (as much as possible, early
            // first); rest[i] <= suffix[i] keeps this feasible.
            for i in from..n {
                taken[i] = bounds[i].min(rest[i]);
                rest[i + 1] = rest[i] - taken[i];
            }
            if !visit(taken) {
                return;
            }
            // The next vector: lower the rightmost position (before the
            // last, which is determined) that can give one to the positions
            // after it.
            let lowered = (0..n - 1)
                .rev()
                .find(|&i| taken[i] > 0 && rest[i + 1] < suffix[i + 1]);
            let i = match lowered {
                Some(i) => i,
                None => return,
            };
            taken[i] -= 1;
            rest[i + 1] += 1;
            from = i + 1;
        }
    }
}

/// The number of bits that hold every value from 0 to `most`.
fn bits_for(most: u64) -> u32 {
    64 - most.leading_zeros()
}

/// Records one move of a count: `multiplicity` ways to go from a state
/// reached in `ways` ways to `target`, added to `next`'s ways to `target`.
/// False when a count no longer fits a `u128` (the caller then gives up on
/// exactness).
fn add_move(
    next: &mut Frontier,
    moves: &mut Vec<(usize, u128)>,
    target: u64,
    multiplicity: u128,
    ways: u128,
) -> bool {
    let add = match multiplicity.checked_mul(ways) {
        Some(add) => add,
        None => return false,
    };
    let place = match next.index.get(&target) {
        Some(&place) => place,
        None => {
            let place = next.states.len();
            next.index.insert(target, place);
            next.states.push(target);
            next.ways.push(0);
            place
        }
    };
    moves.push((place, multiplicity));
    match next.ways[place].checked_add(add) {
        Some(sum) => {
            next.ways[place] = sum;
            true
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_are_every_bounded_vector_with_the_sum() {
        for bounds in [vec![], vec![2], vec![1, 0, 3], vec![2, 2, 1, 3], vec![0, 0]] {
            for total in 0..=8 {
                let mut got = Vec::new();
                Split::default().for_each(&bounds, total, |split| {
                    got.push(split.to_vec());
                    true
                });
                let mut expected = vec![Vec::new()];
                for &bound in &bounds {
                    expected = expected
                        .into_iter()
                        .flat_map(|prefix: Vec<usize>| {
                            (0..=bound).map(move |value| {
                                let mut next = prefix.clone();
                                next.push(value);
                                next
                            })
                        })
                        .collect();
                }
                expected.retain(|split| split.iter().sum::<usize>() == total);
                got.sort();
                expected.sort();
                assert_eq!(got, expected, "bounds {bounds:?} total {total}");
            }
        }
    }

    #[test]
    fn bit_fields_are_just_wide_enough() {
        assert_eq!(bits_for(0), 0);
        assert_eq!(bits_for(1), 1);
        assert_eq!(bits_for(2), 2);
        assert_eq!(bits_for(3), 2);
        assert_eq!(bits_for(4), 3);
        assert_eq!(bits_for(63), 6);
    }
}
