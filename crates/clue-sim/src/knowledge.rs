//! What a player knows about who holds which card: the one knowledge engine
//! behind the `smart` player and the deduction mode.
//!
//! # The model
//!
//! The cards are numbered `0..n_cards`, category after category (the first
//! `category_sizes[0]` cards form category 0, and so on). Every card has one
//! *owner*: one of the players `0..n_players`, or the envelope, which holds
//! exactly one card of each category. How many cards each player holds is
//! public. A *deal* gives every card an owner with these counts right; a deal
//! is *consistent* when it agrees with every observation made so far.
//!
//! A [`Knowledge`] records observations:
//!
//! - [`holds`](Knowledge::holds): a player holds a card (you were shown it,
//!   or it is in your hand);
//! - [`lacks`](Knowledge::lacks) / [`lacks_all`](Knowledge::lacks_all): a
//!   player holds none of these cards (it passed on a suggestion);
//! - [`holds_one_of`](Knowledge::holds_one_of): a player holds at least one
//!   of these cards (it showed one to somebody else);
//! - [`not_envelope`](Knowledge::not_envelope): the envelope is not exactly
//!   these cards (a wrong accusation).
//!
//! and answers questions about the consistent deals, with every consistent
//! deal equally likely.
//!
//! # Two levels of answers
//!
//! **Cheap, always sound** ([`known_owner`](Knowledge::known_owner),
//! [`may_hold`](Knowledge::may_hold)): after each observation the engine
//! propagates forced facts to a fixed point (a card only one owner can hold
//! is that owner's; a player whose known cards fill its hand holds nothing
//! else; a player whose possible cards just fill its hand holds all of them;
//! the same per category for the envelope; a "holds one of" whose other
//! cards are ruled out names its card; a wrong accusation with all but one
//! card known to be in the envelope rules that card out). What propagation
//! says is true in every consistent deal, but it may miss facts.
//!
//! **Exact, lazy, bounded** ([`analysis`](Knowledge::analysis) and the
//! helpers [`owner`](Knowledge::owner), [`can_hold`](Knowledge::can_hold),
//! [`envelope_probabilities`](Knowledge::envelope_probabilities),
//! [`holder_probabilities`](Knowledge::holder_probabilities),
//! [`consistent_deals`](Knowledge::consistent_deals)): on the first question
//! after an observation the engine counts the consistent deals exactly, per
//! card and owner, and caches the result until the next observation. A fact
//! is then known exactly when every consistent deal agrees on it.
//!
//! # The exact count
//!
//! Only the *open* cards (those propagation has not placed) matter; placed
//! cards only lower the capacities (the number of cards each owner still
//! needs). Open cards that no observation tells apart (same category, same
//! possible owners, in the same "holds one of" and wrong-accusation
//! observations) are interchangeable, so they are grouped into *types*, and
//! only how many cards of each type an owner takes matters (times binomial
//! coefficients for which ones). Every method below runs a forward pass
//! (the ways to reach each state) and a backward pass over the moves the
//! forward pass kept (the ways to finish from each state); ways in x
//! choices x ways out, summed per owner and type, is the number of
//! consistent deals in which that owner holds a card of that type. All
//! counts are exact integers (`u128`, overflow-checked); states are bit
//! fields packed in a `u64`, kept in hash maps; no recursion.
//!
//! 1. **By types**, when only "may hold / may not hold" is known (no open
//!    "holds one of", no open wrong accusation) and the capacities fit in 20
//!    bits (always for four players; the classic game with up to about six):
//!    a dynamic programme over the types whose state is what each owner
//!    still needs (each player's count, and per open category whether the
//!    envelope still needs one). Each type's cards are shared among the
//!    owners that may hold them, multinomially many ways. Work: types x
//!    states x ways to share one type, with at most 2^20 states.
//! 2. **Inclusion-exclusion**, with 1 to [`INCLUSION_EXCLUSION_CLAUSES`]
//!    open "holds one of" observations: the deals that satisfy all of them
//!    are the alternating sum, over every subset of them, of the deals in
//!    which each player of the subset holds none of its cards; each term has
//!    no "holds one of" left and is counted by method 1 (or 3). Work: 2^c
//!    terms.
//! 3. **By owners**, otherwise: the owners are filled one after another; the
//!    state is how many cards of each type are still unplaced; a move gives
//!    the next owner a vector of per-type counts that fills its capacity,
//!    meets each of its "holds one of" (a card from one of the clause's
//!    types) and, for the envelope, takes one card from each open category
//!    and is not a ruled-out accusation. Owners with fewer choices go first;
//!    the one with the most goes last and takes what is left. Work: states
//!    x moves per state, which is small when cards collapse into few types
//!    and, in the worst case (every open card its own type), is that of a
//!    subset dynamic programme: at most `C(open, k)` states at a level.
//!
//! For the ICPC "Get a Clue!" game (at most 16 open cards), every input is
//! counted exactly; the crate README has measured times (typically well
//! under a millisecond; the slowest inputs found, with few facts and many
//! shows nobody saw, take tens of milliseconds).
//!
//! # The bound, and the fallback
//!
//! The exact count is attempted only when there are at most 63 open cards,
//! and it stops once its forward passes have visited [`Knowledge::budget`]
//! states and moves (default [`DEFAULT_BUDGET`]; an inclusion-exclusion
//! term's set-up costs a step per open card) or when a count would
//! overflow `u128`. Then the [`Analysis`] is marked inexact ([`Analysis::is_exact`]
//! is false) and holds only what propagation proved: the facts are sound
//! but may be incomplete, [`Analysis::is_consistent`] may miss a
//! contradiction, and the probabilities are an estimate (per category, the
//! envelope is equally likely to hold each card it may still hold; the rest
//! of a card's probability is split evenly among the players who may hold
//! it). The work of one analysis is therefore bounded by the budget,
//! whatever the card set: roughly 100 to 300 ns a step, forward and
//! backward together, the more the larger the hash maps.
//!
//! Measured with the default budget (release build, 2-core machine under
//! load; 20 simulated games of 60 suggestions each, an analysis after every
//! one, the observer knowing its hand): the classic cards with 3 or 4
//! players are always exact (mean under 0.1 ms, worst 5 ms); with 6
//! players 98% exact (mean 1.2 ms, worst 24 ms); with 12 players 78% exact
//! (mean 3.6 ms, worst 24 ms); 40 cards and 6 players 34% exact (mean 9 ms,
//! worst 57 ms); 256 cards and 12 players never exact (more than 63 open
//! cards), under 0.1 ms.

use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};

/// The default bound on the work of one exact count: the number of states
/// and moves its forward passes may visit (the backward pass revisits the
/// same moves). Measured on a busy 2-core machine: at most about 60 ms for
/// one analysis, and about 1 ms on average over simulated 6-player classic
/// games (see the module docs).
pub const DEFAULT_BUDGET: u64 = 200_000;

/// Up to this many open "holds one of" observations, the exact count is
/// done by inclusion-exclusion over them (see the module docs).
pub const INCLUSION_EXCLUSION_CLAUSES: usize = 6;

/// The count by types (see the module docs) is used when its state (the
/// owners' capacities as bit fields) has at most this many bits.
const TYPE_STATE_BITS: u32 = 20;

/// The most players a [`Knowledge`] supports (owners are bits of a `u64`).
pub const MAX_PLAYERS: usize = 63;

/// Who holds a card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Owner {
    /// A player, counted from 0.
    Player(usize),
    /// The envelope (one card of each category).
    Envelope,
}

/// The observations contradict each other: no deal satisfies all of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Contradiction;

impl fmt::Display for Contradiction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the observations contradict each other")
    }
}

impl std::error::Error for Contradiction {}

/// One player's view of the cards: observations, the facts propagation has
/// forced, and (lazily) the exact count of the consistent deals.
///
/// Cloning is cheap enough to try hypothetical observations (for example
/// "what if player 2 cannot show?") and compare
/// [`consistent_deals`](Knowledge::consistent_deals).
#[derive(Debug, Clone)]
pub struct Knowledge {
    /// The first card of each category, and `n_cards` at the end.
    category_starts: Vec<usize>,
    /// The category of each card.
    category_of: Vec<usize>,
    hand_sizes: Vec<usize>,
    /// Per card, the owners that may still hold it: bit `p` for player `p`,
    /// bit `n_players` for the envelope.
    possible: Vec<u64>,
    /// "Player holds at least one of these cards", not yet settled by
    /// propagation.
    clauses: Vec<Clause>,
    /// Wrong accusations (one card per category) not yet settled.
    ruled_out: Vec<Vec<usize>>,
    consistent: bool,
    budget: u64,
    /// The analysis of the current observations, once asked for.
    cached: Option<Analysis>,
}

#[derive(Debug, Clone)]
struct Clause {
    player: usize,
    cards: Vec<usize>,
}

/// What the consistent deals say, card by card: computed by
/// [`Knowledge::analysis`].
#[derive(Debug, Clone)]
pub struct Analysis {
    exact: bool,
    consistent: bool,
    deals: Option<u128>,
    n_players: usize,
    /// Per card, the owners that hold it in at least one consistent deal
    /// (exact), or that propagation has not ruled out (inexact).
    possible: Vec<u64>,
    /// Per card, the probability of each owner (players, then the envelope).
    probabilities: Vec<Vec<f64>>,
    /// Per card, the number of consistent deals that put it in the envelope
    /// (exact analyses only; zeros otherwise).
    envelope_deals: Vec<u128>,
}

impl Knowledge {
    /// Knows nothing yet about a game with these categories (the number of
    /// cards in each, in order) and these hand sizes (one per player, in
    /// seat order).
    ///
    /// # Panics
    ///
    /// If a category is empty, if there are no players or more than
    /// [`MAX_PLAYERS`], or if the hands and the envelope (one card per
    /// category) do not add up to the number of cards.
    pub fn new(category_sizes: &[usize], hand_sizes: &[usize]) -> Knowledge {
        assert!(
            category_sizes.iter().all(|&size| size > 0),
            "every category needs a card"
        );
        assert!(
            !hand_sizes.is_empty() && hand_sizes.len() <= MAX_PLAYERS,
            "from 1 to {MAX_PLAYERS} players"
        );
        let n_cards: usize = category_sizes.iter().sum();
        assert_eq!(
            hand_sizes.iter().sum::<usize>() + category_sizes.len(),
            n_cards,
            "the hands and the envelope must hold every card"
        );
        let mut category_starts = vec![0];
        let mut category_of = Vec::with_capacity(n_cards);
        for (category, &size) in category_sizes.iter().enumerate() {
            category_starts.push(category_starts[category] + size);
            category_of.extend(std::iter::repeat(category).take(size));
        }
        let all_owners = low_bits(hand_sizes.len() + 1);
        let mut knowledge = Knowledge {
            category_starts,
            category_of,
            hand_sizes: hand_sizes.to_vec(),
            possible: vec![all_owners; n_cards],
            clauses: Vec::new(),
            ruled_out: Vec::new(),
            consistent: true,
            budget: DEFAULT_BUDGET,
            cached: None,
        };
        // Players with empty hands, or a category of one card, are facts
        // from the start.
        knowledge.consistent = knowledge.propagate();
        knowledge
    }

    /// The number of cards.
    pub fn n_cards(&self) -> usize {
        self.category_of.len()
    }

    /// The number of players.
    pub fn n_players(&self) -> usize {
        self.hand_sizes.len()
    }

    /// The number of categories.
    pub fn n_categories(&self) -> usize {
        self.category_starts.len() - 1
    }

    /// The cards of `category`, a range of card numbers.
    pub fn category_cards(&self, category: usize) -> std::ops::Range<usize> {
        self.category_starts[category]..self.category_starts[category + 1]
    }

    /// The category of `card`.
    pub fn category_of(&self, card: usize) -> usize {
        self.category_of[card]
    }

    /// How many cards each player holds.
    pub fn hand_sizes(&self) -> &[usize] {
        &self.hand_sizes
    }

    /// The bound on the work of one exact count (see the module docs).
    pub fn budget(&self) -> u64 {
        self.budget
    }

    /// Sets the bound on the work of one exact count (see the module docs);
    /// `u64::MAX` means no bound. Forgets a cached analysis.
    pub fn set_budget(&mut self, budget: u64) {
        self.budget = budget;
        self.cached = None;
    }

    /// Records that `player` holds `card`.
    ///
    /// Once an observation contradicts the earlier ones, every later one is
    /// ignored and returns the error again.
    ///
    /// # Panics
    ///
    /// If `player` or `card` is out of range (also for the other
    /// observations).
    pub fn holds(&mut self, player: usize, card: usize) -> Result<(), Contradiction> {
        let bit = self.player_bit(player);
        self.observe(|knowledge| {
            if knowledge.possible[card] & bit == 0 {
                return false;
            }
            knowledge.possible[card] = bit;
            true
        })
    }

    /// Records that `player` does not hold `card`.
    pub fn lacks(&mut self, player: usize, card: usize) -> Result<(), Contradiction> {
        let bit = self.player_bit(player);
        self.observe(|knowledge| {
            knowledge.possible[card] &= !bit;
            true
        })
    }

    /// Records that `player` holds none of `cards` (it could not show any).
    pub fn lacks_all(&mut self, player: usize, cards: &[usize]) -> Result<(), Contradiction> {
        let bit = self.player_bit(player);
        self.observe(|knowledge| {
            for &card in cards {
                knowledge.possible[card] &= !bit;
            }
            true
        })
    }

    /// Records that `player` holds at least one of `cards` (it showed one to
    /// somebody else). An empty `cards` is a contradiction.
    pub fn holds_one_of(&mut self, player: usize, cards: &[usize]) -> Result<(), Contradiction> {
        self.player_bit(player);
        assert!(
            cards.iter().all(|&card| card < self.n_cards()),
            "no such card"
        );
        let mut cards = cards.to_vec();
        cards.sort_unstable();
        cards.dedup();
        self.observe(|knowledge| {
            knowledge.clauses.push(Clause { player, cards });
            true
        })
    }

    /// Records that the envelope is not exactly `cards` (a wrong
    /// accusation).
    ///
    /// # Panics
    ///
    /// If `cards` is not one card of each category, in category order.
    pub fn not_envelope(&mut self, cards: &[usize]) -> Result<(), Contradiction> {
        assert!(
            cards.len() == self.n_categories()
                && cards
                    .iter()
                    .enumerate()
                    .all(|(category, &card)| self.category_cards(category).contains(&card)),
            "an accusation names one card of each category"
        );
        let cards = cards.to_vec();
        self.observe(|knowledge| {
            knowledge.ruled_out.push(cards);
            true
        })
    }

    /// False once propagation has found the observations contradictory.
    /// Cheap; [`Analysis::is_consistent`] is the exact answer.
    pub fn is_consistent(&self) -> bool {
        self.consistent
    }

    /// The owner of `card` when propagation has proved it. Cheap and sound;
    /// [`owner`](Knowledge::owner) may know more.
    pub fn known_owner(&self, card: usize) -> Option<Owner> {
        single_owner(self.possible[card], self.n_players())
    }

    /// False when propagation has proved that `owner` does not hold `card`.
    /// Cheap and sound; [`can_hold`](Knowledge::can_hold) may know more.
    pub fn may_hold(&self, owner: Owner, card: usize) -> bool {
        self.possible[card] & self.owner_bit(owner) != 0
    }

    /// What every consistent deal says, computed on the first call after an
    /// observation and cached (see the module docs for the method and its
    /// bound).
    pub fn analysis(&mut self) -> &Analysis {
        if self.cached.is_none() {
            self.cached = Some(self.analyse());
        }
        match &self.cached {
            Some(analysis) => analysis,
            None => unreachable!("the analysis was just computed"),
        }
    }

    /// The owner of `card` when every consistent deal agrees (see
    /// [`Analysis::owner`]).
    pub fn owner(&mut self, card: usize) -> Option<Owner> {
        self.analysis().owner(card)
    }

    /// Whether some consistent deal gives `card` to `owner` (see
    /// [`Analysis::can_hold`]).
    pub fn can_hold(&mut self, owner: Owner, card: usize) -> bool {
        self.analysis().can_hold(owner, card)
    }

    /// Per card, the probability that it is in the envelope (see
    /// [`Analysis::envelope_probability`]).
    pub fn envelope_probabilities(&mut self) -> Vec<f64> {
        let analysis = self.analysis();
        (0..analysis.probabilities.len())
            .map(|card| analysis.envelope_probability(card))
            .collect()
    }

    /// Per owner, the probability that it holds `card`: one entry per
    /// player in seat order, then the envelope (see
    /// [`Analysis::holder_probabilities`]).
    pub fn holder_probabilities(&mut self, card: usize) -> Vec<f64> {
        self.analysis().holder_probabilities(card).to_vec()
    }

    /// The exact number of consistent deals, or `None` when the count was
    /// beyond the bound (see [`Analysis::deals`]).
    pub fn consistent_deals(&mut self) -> Option<u128> {
        self.analysis().deals()
    }

    fn player_bit(&self, player: usize) -> u64 {
        assert!(player < self.n_players(), "no such player");
        1 << player
    }

    fn owner_bit(&self, owner: Owner) -> u64 {
        match owner {
            Owner::Player(player) => self.player_bit(player),
            Owner::Envelope => 1 << self.n_players(),
        }
    }

    /// Applies one observation (`record` returns false when it contradicts
    /// what is known outright), then propagates.
    fn observe(
        &mut self,
        record: impl FnOnce(&mut Knowledge) -> bool,
    ) -> Result<(), Contradiction> {
        self.cached = None;
        if self.consistent {
            self.consistent = record(self) && self.propagate();
        }
        if self.consistent {
            Ok(())
        } else {
            Err(Contradiction)
        }
    }

    /// Applies the forcing rules of the module docs until nothing changes.
    /// Returns false on a contradiction. Each pass costs
    /// O(cards x owners + observations); every pass but the last removes an
    /// owner from some card, so there are at most cards x owners passes
    /// (in practice two or three).
    fn propagate(&mut self) -> bool {
        let n_players = self.n_players();
        let envelope_bit = 1u64 << n_players;
        loop {
            let mut changed = false;
            if self.possible.contains(&0) {
                return false;
            }
            // Players: hands of a known size.
            for player in 0..n_players {
                let bit = 1u64 << player;
                let (known, maybe) = count_known_and_maybe(&self.possible, bit);
                let hand = self.hand_sizes[player];
                if known > hand || maybe < hand {
                    return false;
                }
                if known == hand && maybe > known {
                    clear_others(&mut self.possible, bit);
                    changed = true;
                } else if maybe == hand && known < maybe {
                    claim_all(&mut self.possible, bit);
                    changed = true;
                }
            }
            // The envelope: one card per category.
            for category in 0..self.n_categories() {
                let range = self.category_cards(category);
                let cards = &mut self.possible[range];
                let (known, maybe) = count_known_and_maybe(cards, envelope_bit);
                if known > 1 || maybe < 1 {
                    return false;
                }
                if known == 1 && maybe > 1 {
                    clear_others(cards, envelope_bit);
                    changed = true;
                } else if maybe == 1 && known == 0 {
                    claim_all(cards, envelope_bit);
                    changed = true;
                }
            }
            // "Holds one of": drop ruled-out cards, settle satisfied clauses,
            // force the last card of a clause.
            let possible = &mut self.possible;
            let mut failed = false;
            self.clauses.retain_mut(|clause| {
                let bit = 1u64 << clause.player;
                clause.cards.retain(|&card| possible[card] & bit != 0);
                if clause.cards.iter().any(|&card| possible[card] == bit) {
                    return false;
                }
                match clause.cards[..] {
                    [] => {
                        failed = true;
                        false
                    }
                    [card] => {
                        possible[card] = bit;
                        changed = true;
                        false
                    }
                    _ => true,
                }
            });
            // Wrong accusations: settled once a card of it is known not to be
            // in the envelope; all but one card in the envelope rules the
            // last one out.
            self.ruled_out.retain(|cards| {
                if cards.iter().any(|&card| possible[card] & envelope_bit == 0) {
                    return false;
                }
                let mut open = cards.iter().filter(|&&card| possible[card] != envelope_bit);
                match (open.next(), open.next()) {
                    (None, _) => {
                        failed = true;
                        false
                    }
                    (Some(&card), None) => {
                        possible[card] &= !envelope_bit;
                        changed = true;
                        false
                    }
                    _ => true,
                }
            });
            if failed {
                return false;
            }
            if !changed {
                return true;
            }
        }
    }

    /// The analysis of the current observations: exact when the count fits
    /// the bound, else what propagation proved.
    fn analyse(&self) -> Analysis {
        if !self.consistent {
            return Analysis::contradiction(self.n_cards(), self.n_players());
        }
        match self.count_deals() {
            Some(counts) => self.exact_analysis(&counts),
            None => self.estimated_analysis(),
        }
    }

    /// The exact count within the budget: directly, or, when there are
    /// from 1 to [`INCLUSION_EXCLUSION_CLAUSES`] open "holds one of"
    /// observations, by inclusion-exclusion over them (see the module docs).
    fn count_deals(&self) -> Option<Counts> {
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

    fn exact_analysis(&self, counts: &Counts) -> Analysis {
        let n_owners = self.n_players() + 1;
        if counts.total == 0 {
            return Analysis::contradiction(self.n_cards(), self.n_players());
        }
        let total = counts.total as f64;
        let mut possible = self.possible.clone();
        let mut probabilities = Vec::with_capacity(self.n_cards());
        let mut envelope_deals = vec![0; self.n_cards()];
        for (card, owners) in possible.iter_mut().enumerate() {
            let mut row = vec![0.0; n_owners];
            match counts.type_of_card[card] {
                None => {
                    // Placed by propagation.
                    let owner = owners.trailing_zeros() as usize;
                    row[owner] = 1.0;
                    if owner == self.n_players() {
                        envelope_deals[card] = counts.total;
                    }
                }
                Some(card_type) => {
                    // The cards of a type are interchangeable, so each is in
                    // the envelope in the same number of deals.
                    envelope_deals[card] = counts.held[self.n_players()][card_type]
                        / counts.type_sizes[card_type] as u128;
                    let size = counts.type_sizes[card_type] as f64;
                    *owners = 0;
                    for (owner, probability) in row.iter_mut().enumerate() {
                        let held = counts.held[owner][card_type];
                        if held > 0 {
                            *owners |= 1 << owner;
                            *probability = held as f64 / (size * total);
                        }
                    }
                }
            }
            probabilities.push(row);
        }
        Analysis {
            exact: true,
            consistent: true,
            deals: Some(counts.total),
            n_players: self.n_players(),
            possible,
            probabilities,
            envelope_deals,
        }
    }

    fn estimated_analysis(&self) -> Analysis {
        let n_players = self.n_players();
        let envelope_bit = 1u64 << n_players;
        let mut probabilities = Vec::with_capacity(self.n_cards());
        for (card, &owners) in self.possible.iter().enumerate() {
            let range = self.category_cards(self.category_of[card]);
            let in_envelope = if owners & envelope_bit == 0 {
                0.0
            } else {
                let candidates = self.possible[range]
                    .iter()
                    .filter(|&&other| other & envelope_bit != 0)
                    .count();
                1.0 / candidates as f64
            };
            let players = (owners & !envelope_bit).count_ones();
            let mut row: Vec<f64> = (0..n_players)
                .map(|player| {
                    if owners & (1 << player) == 0 {
                        0.0
                    } else {
                        (1.0 - in_envelope) / f64::from(players)
                    }
                })
                .collect();
            row.push(in_envelope);
            probabilities.push(row);
        }
        Analysis {
            exact: false,
            consistent: true,
            deals: None,
            n_players,
            possible: self.possible.clone(),
            probabilities,
            envelope_deals: vec![0; self.n_cards()],
        }
    }
}

impl Analysis {
    fn contradiction(n_cards: usize, n_players: usize) -> Analysis {
        Analysis {
            exact: true,
            consistent: false,
            deals: Some(0),
            n_players,
            possible: vec![0; n_cards],
            probabilities: vec![vec![0.0; n_players + 1]; n_cards],
            envelope_deals: vec![0; n_cards],
        }
    }

    /// True when the deals were counted exactly: then every answer below is
    /// exact. False when the count was beyond the bound: then the facts are
    /// those propagation proved (sound, maybe incomplete) and the
    /// probabilities are an estimate (see the module docs).
    pub fn is_exact(&self) -> bool {
        self.exact
    }

    /// False when no deal satisfies the observations. When the analysis is
    /// inexact this is only propagation's verdict, which may miss a
    /// contradiction.
    pub fn is_consistent(&self) -> bool {
        self.consistent
    }

    /// The number of consistent deals (0 after a contradiction), or `None`
    /// when the analysis is inexact.
    pub fn deals(&self) -> Option<u128> {
        self.deals
    }

    /// The owner of `card` when every consistent deal gives it to the same
    /// owner; `None` otherwise, and after a contradiction.
    pub fn owner(&self, card: usize) -> Option<Owner> {
        single_owner(self.possible[card], self.n_players)
    }

    /// Whether some consistent deal gives `card` to `owner` (inexact: whether
    /// propagation has not ruled it out).
    pub fn can_hold(&self, owner: Owner, card: usize) -> bool {
        let index = match owner {
            Owner::Player(player) => {
                assert!(player < self.n_players, "no such player");
                player
            }
            Owner::Envelope => self.n_players,
        };
        self.possible[card] & (1 << index) != 0
    }

    /// The probability that `card` is in the envelope: the share of the
    /// consistent deals that put it there (inexact: an estimate; 0 after a
    /// contradiction).
    pub fn envelope_probability(&self, card: usize) -> f64 {
        self.probabilities[card][self.n_players]
    }

    /// The exact number of consistent deals that put `card` in the envelope,
    /// or `None` when the analysis is inexact. With [`deals`](Self::deals) it
    /// gives the envelope probability as an exact fraction.
    pub fn envelope_deals(&self, card: usize) -> Option<u128> {
        if self.exact {
            Some(self.envelope_deals[card])
        } else {
            None
        }
    }

    /// Per owner, the probability that it holds `card`: one entry per player
    /// in seat order, then the envelope. They add up to 1 (0 after a
    /// contradiction).
    pub fn holder_probabilities(&self, card: usize) -> &[f64] {
        &self.probabilities[card]
    }
}

fn low_bits(count: usize) -> u64 {
    if count >= 64 {
        u64::MAX
    } else {
        (1u64 << count) - 1
    }
}

fn single_owner(owners: u64, n_players: usize) -> Option<Owner> {
    if owners.count_ones() != 1 {
        return None;
    }
    let index = owners.trailing_zeros() as usize;
    Some(if index == n_players {
        Owner::Envelope
    } else {
        Owner::Player(index)
    })
}

/// How many of `cards` are known to be `bit`'s, and how many may be.
fn count_known_and_maybe(cards: &[u64], bit: u64) -> (usize, usize) {
    let mut known = 0;
    let mut maybe = 0;
    for &owners in cards {
        if owners & bit != 0 {
            maybe += 1;
            if owners == bit {
                known += 1;
            }
        }
    }
    (known, maybe)
}

/// `bit`'s owner holds only the cards known to be its own.
fn clear_others(cards: &mut [u64], bit: u64) {
    for owners in cards {
        if *owners != bit {
            *owners &= !bit;
        }
    }
}

/// `bit`'s owner holds every card it may hold.
fn claim_all(cards: &mut [u64], bit: u64) {
    for owners in cards {
        if *owners & bit != 0 {
            *owners = bit;
        }
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

type StateMap = HashMap<u64, u128, BuildHasherDefault<StateHasher>>;

/// What the forward pass found at one owner, for the backward pass.
#[derive(Default)]
struct Level {
    /// Each state before the owner, its number of ways, and the end of its
    /// moves in `moves`.
    states: Vec<(u64, u128, usize)>,
    /// Each move: the state after the owner, and the number of card choices.
    moves: Vec<(u64, u128)>,
}

/// The result of an exact count.
struct Counts {
    /// The number of consistent deals.
    total: u128,
    /// Per card, its type (`None` for cards propagation placed).
    type_of_card: Vec<Option<usize>>,
    /// The number of cards of each type.
    type_sizes: Vec<usize>,
    /// `held[owner][type]`: the sum over the consistent deals of the number
    /// of cards of that type the owner holds.
    held: Vec<Vec<u128>>,
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

/// One owner's part in the count.
struct OwnerSpec {
    /// The owner's index: the player, or `n_players` for the envelope.
    index: usize,
    /// How many open cards it still needs.
    capacity: usize,
    /// The types it may take.
    types: Vec<usize>,
    /// The rule its count vector must follow.
    rule: Rule,
    /// The same rule as bit masks, for [`Counter::for_each_subset`].
    masks: RuleMasks,
}

enum Rule {
    /// A player: at least one card from each clause (a set of positions in
    /// the owner's `types`).
    Player { clauses: Vec<Vec<usize>> },
    /// The envelope: exactly one card from each open category (each a set of
    /// positions in `types`), and none of the ruled-out combinations (each a
    /// set of positions, all taken = ruled out).
    Envelope {
        categories: Vec<Vec<usize>>,
        ruled_out: Vec<Vec<usize>>,
    },
}

impl Counter {
    /// Sets up the count, or `None` when there are too many open cards.
    fn new(knowledge: &Knowledge) -> Option<Counter> {
        let n_players = knowledge.n_players();
        let n_owners = n_players + 1;
        let open: Vec<usize> = (0..knowledge.n_cards())
            .filter(|&card| knowledge.possible[card].count_ones() > 1)
            .collect();
        if open.len() > 63 {
            return None;
        }
        let mut zero = knowledge.possible.contains(&0);
        // Type key: category, possible owners, the clauses and ruled-out
        // combinations the card is in.
        let signature = |card: usize| -> (usize, u64, Vec<usize>, Vec<usize>) {
            let clauses = (0..knowledge.clauses.len())
                .filter(|&index| knowledge.clauses[index].cards.contains(&card))
                .collect();
            let ruled_out = (0..knowledge.ruled_out.len())
                .filter(|&index| knowledge.ruled_out[index].contains(&card))
                .collect();
            (
                knowledge.category_of[card],
                knowledge.possible[card],
                clauses,
                ruled_out,
            )
        };
        let mut type_of_card = vec![None; knowledge.n_cards()];
        let mut keys = Vec::new();
        let mut type_sizes = Vec::new();
        let mut type_cards: Vec<Vec<usize>> = Vec::new();
        for &card in &open {
            let key = signature(card);
            let card_type = match keys.iter().position(|other| *other == key) {
                Some(card_type) => card_type,
                None => {
                    keys.push(key);
                    type_sizes.push(0);
                    type_cards.push(Vec::new());
                    keys.len() - 1
                }
            };
            type_of_card[card] = Some(card_type);
            type_sizes[card_type] += 1;
            type_cards[card_type].push(card);
        }
        // The state packs each type's remaining count into a bit field.
        let mut shift = Vec::with_capacity(type_sizes.len());
        let mut next_shift = 0u32;
        for &size in &type_sizes {
            shift.push(next_shift);
            next_shift += bits_for(size as u64);
        }
        if next_shift > 64 {
            return None;
        }
        let place: Vec<u64> = shift.iter().map(|&bits| 1u64 << bits.min(63)).collect();

        // Capacities: what each owner still needs among the open cards.
        let mut capacity: Vec<usize> = knowledge.hand_sizes.clone();
        capacity.push(knowledge.n_categories());
        for &owners in &knowledge.possible {
            if owners.count_ones() == 1 {
                let slot = &mut capacity[owners.trailing_zeros() as usize];
                match slot.checked_sub(1) {
                    Some(left) => *slot = left,
                    None => zero = true,
                }
            }
        }
        // Two cards of one category known to be in the envelope (possible
        // only in an inclusion-exclusion term, where nothing propagated).
        zero |= (0..knowledge.n_categories()).any(|category| {
            knowledge
                .category_cards(category)
                .filter(|&card| knowledge.possible[card] == 1 << n_players)
                .count()
                > 1
        });
        let types_of = |owner: usize| -> Vec<usize> {
            (0..type_sizes.len())
                .filter(|&card_type| keys[card_type].1 & (1 << owner) != 0)
                .collect()
        };
        let mut owners = Vec::with_capacity(n_owners);
        for (player, &player_capacity) in capacity.iter().enumerate().take(n_players) {
            let types = types_of(player);
            let clauses = knowledge
                .clauses
                .iter()
                .filter(|clause| clause.player == player)
                .map(|clause| {
                    clause
                        .cards
                        .iter()
                        .filter_map(|&card| {
                            let card_type = type_of_card[card]?;
                            types.iter().position(|&other| other == card_type)
                        })
                        .collect::<Vec<usize>>()
                })
                .collect();
            let rule = Rule::Player { clauses };
            owners.push(OwnerSpec {
                index: player,
                capacity: player_capacity,
                types,
                masks: RuleMasks::new(&rule),
                rule,
            });
        }
        let types = types_of(n_players);
        let mut categories = Vec::new();
        let mut open_categories = Vec::new();
        for category in 0..knowledge.n_categories() {
            let members: Vec<usize> = (0..types.len())
                .filter(|&position| keys[types[position]].0 == category)
                .collect();
            let placed = knowledge
                .category_cards(category)
                .any(|card| knowledge.possible[card] == 1 << n_players);
            if !placed {
                categories.push(members);
                open_categories.push(category);
            }
        }
        // A ruled-out combination with a card that cannot be in the envelope
        // rules nothing out; its cards already there are dropped; if all of
        // them are there, no deal fits.
        let envelope_bit = 1u64 << n_players;
        let mut ruled_out: Vec<Vec<usize>> = Vec::new();
        for cards in &knowledge.ruled_out {
            if cards
                .iter()
                .any(|&card| knowledge.possible[card] & envelope_bit == 0)
            {
                continue;
            }
            let positions: Vec<usize> = cards
                .iter()
                .filter_map(|&card| {
                    let card_type = type_of_card[card]?;
                    types.iter().position(|&other| other == card_type)
                })
                .collect();
            if positions.is_empty() {
                zero = true;
            }
            ruled_out.push(positions);
        }
        let unconstrained = knowledge.clauses.is_empty() && ruled_out.is_empty();
        let rule = Rule::Envelope {
            categories,
            ruled_out,
        };
        owners.push(OwnerSpec {
            index: n_players,
            capacity: capacity[n_players],
            types,
            masks: RuleMasks::new(&rule),
            rule,
        });
        // The owner with the most choices goes last, where its hand is
        // whatever is left; the others go from the fewest choices up, which
        // keeps the number of states small.
        let choices = |owner: &OwnerSpec| -> f64 {
            let cards: usize = owner
                .types
                .iter()
                .map(|&card_type| type_sizes[card_type])
                .sum();
            match &owner.rule {
                Rule::Player { .. } => binomial_f64(cards, owner.capacity),
                Rule::Envelope { categories, .. } => categories
                    .iter()
                    .map(|members| {
                        members
                            .iter()
                            .map(|&position| type_sizes[owner.types[position]])
                            .sum::<usize>() as f64
                    })
                    .product(),
            }
        };
        let mut keyed: Vec<(f64, OwnerSpec)> = owners
            .into_iter()
            .map(|owner| (choices(&owner), owner))
            .collect();
        keyed.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.index.cmp(&b.1.index)));
        let owners = keyed.into_iter().map(|(_, owner)| owner).collect();

        let largest = type_sizes.iter().copied().max().unwrap_or(0);
        let mut binomial = vec![vec![0u128; largest + 1]; largest + 1];
        for n in 0..=largest {
            binomial[n][0] = 1;
            for k in 1..=n {
                binomial[n][k] =
                    binomial[n - 1][k - 1] + if k < n { binomial[n - 1][k] } else { 0 };
            }
        }
        let type_owners = keys.iter().map(|key| key.1).collect();
        let type_category = keys.iter().map(|key| key.0).collect();
        Some(Counter {
            zero,
            type_of_card,
            type_sizes,
            place,
            shift,
            owners,
            n_owners,
            binomial,
            unconstrained,
            type_owners,
            type_category,
            capacity,
            open_categories,
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
        let mut ways_here = StateMap::default();
        ways_here.insert(start, 1u128);
        let mut levels: Vec<Level> = Vec::with_capacity(self.type_sizes.len());
        // Per type, the digits it may go to.
        let digits_of = |card_type: usize| -> Vec<usize> {
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
        };
        for card_type in 0..self.type_sizes.len() {
            let digits = digits_of(card_type);
            let size = self.type_sizes[card_type];
            let mut next = StateMap::default();
            let mut record = Level::default();
            let mut bounds = vec![0usize; digits.len()];
            for (&state, &ways) in &ways_here {
                // Each state costs a step too, moves or not.
                steps += 1;
                for (bound, &digit) in bounds.iter_mut().zip(&digits) {
                    *bound = usize::try_from(state >> shift[digit] & mask[digit]).unwrap_or(0);
                }
                let mut overflow = false;
                let moves = &mut record.moves;
                for_each_split(&bounds, size, |given| {
                    steps += 1;
                    if steps > budget {
                        return false;
                    }
                    let mut removed = 0u64;
                    let mut multiplicity = 1u128;
                    let mut left = size;
                    for (&count, &digit) in given.iter().zip(&digits) {
                        if count > 0 {
                            removed += (count as u64) << shift[digit];
                            multiplicity *= self.binomial[left][count];
                            left -= count;
                        }
                    }
                    if !add_move(&mut next, moves, state - removed, multiplicity, ways) {
                        overflow = true;
                    }
                    true
                });
                if overflow || steps > budget {
                    return None;
                }
                record.states.push((state, ways, record.moves.len()));
            }
            levels.push(record);
            ways_here = next;
        }
        let total = ways_here.get(&0).copied().unwrap_or(0);
        let n_types = self.type_sizes.len();
        let mut held = vec![vec![0u128; n_types]; self.n_owners];
        let mut after = StateMap::default();
        after.insert(0, 1u128);
        for (card_type, record) in levels.iter().enumerate().rev() {
            let digits = digits_of(card_type);
            let mut before = StateMap::default();
            let mut first_move = 0;
            for &(state, ways_in, end) in &record.states {
                let mut ways_out = 0u128;
                for &(reached, multiplicity) in &record.moves[first_move..end] {
                    let finish = match after.get(&reached) {
                        Some(&finish) => finish,
                        None => continue,
                    };
                    let out = multiplicity.checked_mul(finish)?;
                    ways_out = ways_out.checked_add(out)?;
                    let deals = out.checked_mul(ways_in)?;
                    let removed = state - reached;
                    for &digit in &digits {
                        let count = removed >> shift[digit] & mask[digit];
                        if count > 0 {
                            let owner = digit.min(n_players);
                            let add = deals.checked_mul(u128::from(count))?;
                            held[owner][card_type] = held[owner][card_type].checked_add(add)?;
                        }
                    }
                }
                first_move = end;
                if ways_out > 0 {
                    before.insert(state, ways_out);
                }
            }
            after = before;
        }
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
        // level by level. Every move it finds is kept for the backward pass:
        // per level, the states left (with their ways) and, for each, its
        // moves (the state reached, and the number of card choices).
        let mut ways_here = StateMap::default();
        ways_here.insert(start, 1u128);
        let mut levels: Vec<Level> = Vec::with_capacity(self.owners.len());
        let mut remaining = vec![0usize; n_types];
        for (level, owner) in self.owners.iter().enumerate() {
            let last = level + 1 == self.owners.len();
            let mut next = StateMap::default();
            let mut overflow = false;
            let mut record = Level::default();
            for (&state, &ways) in &ways_here {
                // Each state costs a step too, moves or not.
                steps += 1;
                self.decode(state, &mut remaining);
                let moves = &mut record.moves;
                self.for_each_take(
                    owner,
                    &remaining,
                    last,
                    &mut steps,
                    budget,
                    |removed, multiplicity| {
                        if !add_move(&mut next, moves, state - removed, multiplicity, ways) {
                            overflow = true;
                        }
                    },
                );
                if overflow || steps > budget {
                    return None;
                }
                record.states.push((state, ways, record.moves.len()));
            }
            levels.push(record);
            ways_here = next;
        }
        let total = ways_here.get(&0).copied().unwrap_or(0);

        // The backward pass: `after` holds the ways to finish from each state
        // after the owner; ways in x choices x ways to finish, summed per
        // type taken, gives the holdings.
        let mut held = vec![vec![0u128; n_types]; self.n_owners];
        let mut after = StateMap::default();
        after.insert(0, 1u128);
        for (owner, record) in self.owners.iter().zip(&levels).rev() {
            let mut before = StateMap::default();
            let row = &mut held[owner.index];
            let mut first_move = 0;
            for &(state, ways_in, end) in &record.states {
                let mut ways_out = 0u128;
                for &(reached, multiplicity) in &record.moves[first_move..end] {
                    let finish = match after.get(&reached) {
                        Some(&finish) => finish,
                        None => continue,
                    };
                    let out = multiplicity.checked_mul(finish)?;
                    ways_out = ways_out.checked_add(out)?;
                    let deals = out.checked_mul(ways_in)?;
                    let removed = state - reached;
                    for &card_type in &owner.types {
                        let count = self.field(removed, card_type);
                        if count > 0 {
                            let add = deals.checked_mul(u128::from(count))?;
                            row[card_type] = row[card_type].checked_add(add)?;
                        }
                    }
                }
                first_move = end;
                if ways_out > 0 {
                    before.insert(state, ways_out);
                }
            }
            after = before;
        }
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
    /// may take from the `remaining` cards (`removed` is the state
    /// difference, which encodes the vector; `multiplicity` the number of
    /// card choices behind it). The last owner takes everything.
    /// Stops once `steps` (one per vector considered) passes `budget`.
    fn for_each_take(
        &self,
        owner: &OwnerSpec,
        remaining: &[usize],
        last: bool,
        steps: &mut u64,
        budget: u64,
        mut visit: impl FnMut(u64, u128),
    ) {
        let bounds: Vec<usize> = owner
            .types
            .iter()
            .map(|&card_type| remaining[card_type])
            .collect();
        if !last && bounds.iter().all(|&bound| bound <= 1) {
            self.for_each_subset(owner, &bounds, steps, budget, |removed| {
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
                check_and_visit(&bounds);
            }
            return;
        }
        for_each_split(&bounds, owner.capacity, check_and_visit);
    }
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
        steps: &mut u64,
        budget: u64,
        mut visit: impl FnMut(u64),
    ) {
        let available: Vec<usize> = (0..bounds.len())
            .filter(|&position| bounds[position] == 1)
            .collect();
        let n = available.len();
        let k = owner.capacity;
        if k > n {
            return;
        }
        let bit_of: Vec<u64> = available.iter().map(|&position| 1u64 << position).collect();
        let place_of: Vec<u64> = available
            .iter()
            .map(|&position| self.place[owner.types[position]])
            .collect();
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

/// An owner's rule as bit masks over the positions in its `types`.
struct RuleMasks {
    /// Each must meet the hand (clauses of a player).
    meet: Vec<u64>,
    /// Each must meet the hand in exactly one position (the envelope's open
    /// categories).
    once: Vec<u64>,
    /// None may lie wholly inside the hand (ruled-out accusations; never
    /// empty here).
    not_all: Vec<u64>,
}

impl RuleMasks {
    fn new(rule: &Rule) -> RuleMasks {
        let mask = |positions: &Vec<usize>| {
            positions
                .iter()
                .fold(0u64, |mask, &position| mask | 1 << position)
        };
        match rule {
            Rule::Player { clauses } => RuleMasks {
                meet: clauses.iter().map(mask).collect(),
                once: Vec::new(),
                not_all: Vec::new(),
            },
            Rule::Envelope {
                categories,
                ruled_out,
            } => RuleMasks {
                meet: Vec::new(),
                once: categories.iter().map(mask).collect(),
                not_all: ruled_out
                    .iter()
                    .filter(|cards| !cards.is_empty())
                    .map(mask)
                    .collect(),
            },
        }
    }

    fn allow(&self, hand: u64) -> bool {
        self.meet.iter().all(|&mask| mask & hand != 0)
            && self
                .once
                .iter()
                .all(|&mask| (mask & hand).count_ones() == 1)
            && self.not_all.iter().all(|&mask| mask & !hand != 0)
    }
}

/// Calls `visit(x)` for every vector `x` with `0 <= x[i] <= bounds[i]` and
/// `sum(x) == total`, without recursion, until `visit` returns false.
fn for_each_split(bounds: &[usize], total: usize, mut visit: impl FnMut(&[usize]) -> bool) {
    let n = bounds.len();
    // suffix[i]: the most positions i.. can take.
    let mut suffix = vec![0usize; n + 1];
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
    let mut taken = vec![0usize; n];
    // rest[i]: what positions i.. must take.
    let mut rest = vec![0usize; n + 1];
    rest[0] = total;
    let mut from = 0;
    loop {
        // Fill positions from..n greedily (as much as possible, early
        // first); rest[i] <= suffix[i] keeps this feasible.
        for i in from..n {
            taken[i] = bounds[i].min(rest[i]);
            rest[i + 1] = rest[i] - taken[i];
        }
        if !visit(&taken) {
            return;
        }
        // The next vector: lower the rightmost position (before the last,
        // which is determined) that can give one to the positions after it.
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

/// The number of bits that hold every value from 0 to `most`.
fn bits_for(most: u64) -> u32 {
    64 - most.leading_zeros()
}

fn binomial_f64(n: usize, k: usize) -> f64 {
    if k > n {
        return 0.0;
    }
    let mut value = 1.0;
    for i in 0..k {
        value = value * (n - i) as f64 / (i + 1) as f64;
    }
    value
}

/// Records one move of a count: `multiplicity` ways to go from a state
/// reached in `ways` ways to `target`, added to `next[target]`. False when
/// a count no longer fits a `u128` (the caller then gives up on exactness).
fn add_move(
    next: &mut StateMap,
    moves: &mut Vec<(u64, u128)>,
    target: u64,
    multiplicity: u128,
    ways: u128,
) -> bool {
    let add = match multiplicity.checked_mul(ways) {
        Some(add) => add,
        None => return false,
    };
    moves.push((target, multiplicity));
    let slot = next.entry(target).or_insert(0);
    match slot.checked_add(add) {
        Some(sum) => {
            *slot = sum;
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
                for_each_split(&bounds, total, |split| {
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
    fn a_full_hand_holds_nothing_else() {
        let mut knowledge = Knowledge::new(&[2, 2], &[1, 1]);
        knowledge.holds(0, 0).unwrap();
        assert_eq!(knowledge.known_owner(0), Some(Owner::Player(0)));
        for card in 1..4 {
            assert!(!knowledge.may_hold(Owner::Player(0), card));
        }
        // Card 1 is then the envelope's person, so player 1 holds a weapon.
        assert_eq!(knowledge.known_owner(1), Some(Owner::Envelope));
    }

    #[test]
    fn a_show_with_one_possible_card_names_it() {
        let mut knowledge = Knowledge::new(&[3, 3], &[2, 2]);
        knowledge.lacks(1, 0).unwrap();
        knowledge.holds_one_of(1, &[0, 3]).unwrap();
        assert_eq!(knowledge.known_owner(3), Some(Owner::Player(1)));
    }

    #[test]
    fn a_wrong_accusation_with_a_known_card_rules_out_the_other() {
        let mut knowledge = Knowledge::new(&[2, 2], &[1, 1]);
        knowledge.holds(0, 1).unwrap();
        assert_eq!(knowledge.known_owner(0), Some(Owner::Envelope));
        knowledge.not_envelope(&[0, 2]).unwrap();
        assert_eq!(knowledge.known_owner(3), Some(Owner::Envelope));
        assert!(knowledge.not_envelope(&[0, 3]).is_err());
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
