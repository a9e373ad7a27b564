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
//!   these cards (a wrong accusation);
//! - [`held`](Knowledge::held): some player holds a card (it is not in the
//!   envelope; the `smart` player's model of a `seed` rival says so);
//!
//! and answers questions about the consistent deals, with every consistent
//! deal equally likely.
//!
//! # Contradictions
//!
//! There is one report: every observation returns `Err(`[`Contradiction`]`)`
//! when propagation finds that no deal fits any more (the result is
//! `#[must_use]`, as every `Result`). The engine remembers it: a knowledge
//! that has contradicted itself ignores every later observation and returns
//! the same error, and its analysis says there is no deal.
//! [`is_consistent`](Knowledge::is_consistent) reads that remembered verdict
//! (it never disagrees with the results returned so far); it is not a
//! second source. Propagation may miss a contradiction that only the exact
//! count finds: that one is [`Analysis::is_consistent`].
//!
//! What a contradiction means is the caller's business: `--deduce` reports
//! it as an input error; the `smart` player rebuilds its belief, or treats
//! its guess as certain, or (for facts from the truthful referee, where it
//! cannot happen) stops accusing; see those modules.
//!
//! # Two levels of answers
//!
//! **Cheap, always sound** ([`known_owner`](Knowledge::known_owner),
//! [`may_hold`](Knowledge::may_hold), and [`fits`](Knowledge::fits) for a
//! whole deal, which is exact): after each observation the engine
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
//! fields packed in a `u64`; the forward pass finds a state's place in
//! its level by a hash map, and the moves and the backward pass name states
//! by place; no recursion.
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

use std::fmt;

use count::Counts;

mod count;

/// The default bound on the work of one exact count: the number of states
/// and moves its forward passes may visit (the backward pass revisits the
/// same moves). Measured on a busy 2-core machine: at most about 60 ms for
/// one analysis, and about 1 ms on average over simulated 6-player classic
/// games (see the module docs).
pub const DEFAULT_BUDGET: u64 = 200_000;

/// Up to this many open "holds one of" observations, the exact count is
/// done by inclusion-exclusion over them (see the module docs).
pub const INCLUSION_EXCLUSION_CLAUSES: usize = 6;

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
    /// The bound the cached analysis was computed with.
    cached_budget: u64,
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
            cached_budget: 0,
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

    /// Records that some player holds `card`: it is not in the envelope.
    pub fn held(&mut self, card: usize) -> Result<(), Contradiction> {
        let bit = self.owner_bit(Owner::Envelope);
        self.observe(|knowledge| {
            knowledge.possible[card] &= !bit;
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

    /// False once an observation has returned [`Contradiction`] (see the
    /// module docs): the remembered verdict of propagation. Cheap;
    /// [`Analysis::is_consistent`] is the exact answer.
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

    /// Whether the whole deal `owner_of` (the owner of each card, by card
    /// number) fits everything recorded: every owner holds its count (the
    /// hand sizes; one card of each category for the envelope), no card
    /// goes to an owner propagation has ruled out, every "holds one of"
    /// has a card with its player and no wrong accusation is the
    /// envelope. False after a contradiction. Cheap: `O(cards +
    /// observations)` calls of `owner_of`, no count, no allocation (a
    /// sampler asks it for every deal it tries).
    ///
    /// It is exact because propagation only drops an observation once the
    /// owners it allows settle it: a "holds one of" when its player is
    /// known to hold one of its cards (or loses a card it cannot hold), a
    /// wrong accusation when one of its cards cannot be in the envelope.
    /// So a deal whose every card has an owner that
    /// [`may_hold`](Knowledge::may_hold) it meets every dropped
    /// observation, and only the ones still open need checking.
    ///
    /// # Panics
    ///
    /// If `owner_of` names a player out of range.
    pub fn fits(&self, owner_of: impl Fn(usize) -> Owner) -> bool {
        if !self.consistent {
            return false;
        }
        let mut held = [0usize; MAX_PLAYERS];
        for card in 0..self.n_cards() {
            let owner = owner_of(card);
            if !self.may_hold(owner, card) {
                return false;
            }
            if let Owner::Player(player) = owner {
                held[player] += 1;
            }
        }
        held[..self.n_players()] == self.hand_sizes[..]
            && (0..self.n_categories()).all(|category| {
                self.category_cards(category)
                    .filter(|&card| owner_of(card) == Owner::Envelope)
                    .count()
                    == 1
            })
            && self.clauses.iter().all(|clause| {
                clause
                    .cards
                    .iter()
                    .any(|&card| owner_of(card) == Owner::Player(clause.player))
            })
            && !self
                .ruled_out
                .iter()
                .any(|cards| cards.iter().all(|&card| owner_of(card) == Owner::Envelope))
    }

    /// What every consistent deal says, computed on the first call after an
    /// observation and cached (see the module docs for the method and its
    /// bound).
    pub fn analysis(&mut self) -> &Analysis {
        self.analysis_within(self.budget)
    }

    /// [`analysis`](Knowledge::analysis) with a smaller bound on the work of
    /// the count (at most [`budget`](Knowledge::budget)): for questions that
    /// can do with an estimate when the count is large. A cached analysis is
    /// reused when it is exact or was computed with at least this bound.
    pub fn analysis_within(&mut self, budget: u64) -> &Analysis {
        let budget = budget.min(self.budget);
        let fresh = match &self.cached {
            Some(analysis) => analysis.exact || self.cached_budget >= budget,
            None => false,
        };
        if !fresh {
            let full = self.budget;
            self.budget = budget;
            let analysis = self.analyse();
            self.budget = full;
            self.cached = Some(analysis);
            self.cached_budget = budget;
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

    /// The number of players.
    pub fn players(&self) -> usize {
        self.n_players
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

#[cfg(test)]
mod tests {
    use super::*;

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
    fn a_deal_fits_only_with_the_right_counts_and_the_open_observations() {
        use Owner::{Envelope, Player};
        let fits = |knowledge: &Knowledge, deal: &[Owner]| knowledge.fits(|card| deal[card]);
        let mut knowledge = Knowledge::new(&[2, 2], &[1, 1]);
        knowledge.holds_one_of(1, &[0, 2]).unwrap();
        knowledge.not_envelope(&[1, 3]).unwrap();
        assert!(fits(
            &knowledge,
            &[Player(1), Envelope, Envelope, Player(0)]
        ));
        // The envelope is the wrong accusation.
        assert!(!fits(
            &knowledge,
            &[Player(1), Envelope, Player(0), Envelope]
        ));
        // Player 1 holds neither card 0 nor card 2.
        assert!(!fits(
            &knowledge,
            &[Envelope, Player(1), Player(0), Envelope]
        ));
        // Two cards to player 1, none to player 0.
        assert!(!fits(
            &knowledge,
            &[Player(1), Envelope, Envelope, Player(1)]
        ));
        // Two envelope cards in category 0, none in category 1.
        assert!(!fits(
            &knowledge,
            &[Envelope, Envelope, Player(1), Player(0)]
        ));
        // Player 0 holding card 0 forces the accused envelope: no deal fits.
        assert!(knowledge.holds(0, 0).is_err());
        assert!(!fits(
            &knowledge,
            &[Player(1), Envelope, Envelope, Player(0)]
        ));
    }

    #[test]
    fn a_held_card_leaves_the_envelope_its_category_mate() {
        let mut knowledge = Knowledge::new(&[2, 2], &[1, 1]);
        knowledge.held(0).unwrap();
        assert_eq!(knowledge.known_owner(1), Some(Owner::Envelope));
        assert_eq!(knowledge.owner(0), None);
        assert!(knowledge.held(1).is_err());
    }
}
