//! The `smart` player.
//!
//! # Knowledge
//!
//! Everything it sees goes into a [`Knowledge`] (the crate's knowledge
//! engine): its own hand, every pass (the seat holds none of the named
//! cards), every show (the card when it saw it, else "the seat holds at
//! least one of the named cards") and every wrong accusation. The engine
//! propagates every forced fact after each observation (cheap and sound),
//! and on demand counts the deals consistent with all of it, so that a fact
//! is known as soon as every consistent deal agrees on it and every card's
//! chance of being in the envelope is its share of the consistent deals.
//! The player asks for the count only when an accusation may be within
//! reach, with a small work bound ([`BUDGET`]); beyond it the engine falls
//! back to propagation and estimated chances, so the player stays fast on
//! every card set.
//!
//! # Decisions
//!
//! - **Suggest**: in a category whose envelope card it knows, it names a card
//!   nobody else can show (its own card of that category, else the envelope
//!   card), so that the answer is about the other categories. In every other
//!   category it names a card whose owner it does not know, preferring one
//!   that may still be in the envelope, then the one the most seats are known
//!   not to hold, then one that a seat asked early may hold (random
//!   tie-break): a shown card is then always news, and when nobody shows,
//!   those cards are in the envelope.
//! - **Show**: a card this suggester has already seen from it, if any (that
//!   gives nothing away); else the card it has shown most (fewest distinct
//!   cards revealed over the game); ties at random.
//! - **Accuse**: its guess is the likeliest card of each category; it
//!   accuses when the guess is certain, or when the chance that the guess is
//!   the whole envelope (exact: one minus the share of consistent deals
//!   left once that envelope is ruled out) reaches a threshold that falls as
//!   rivals get close (see [`SmartPlayer::accuse`]).

use super::cards::CardSet;
use super::knowledge::{Knowledge, Owner};
use super::players::Answer;
use super::rng::SplitMix64;

/// The `smart` player (see the module docs).
#[derive(Debug, Clone)]
pub struct SmartPlayer {
    me: usize,
    knowledge: Knowledge,
    /// Cards already shown to each seat by this player.
    shown_to: Vec<Vec<bool>>,
    /// How often this player showed each card.
    shown_count: Vec<u32>,
    /// Each seat's last two suggestions (older first), empty until made.
    last_suggestions: Vec<[Vec<usize>; 2]>,
    /// Each seat's hand size.
    hand_sizes: Vec<usize>,
    rng: SplitMix64,
}

impl SmartPlayer {
    /// The player in seat `me`, holding `hand`.
    pub fn new(
        cards: &CardSet,
        me: usize,
        hand: &[usize],
        hand_sizes: &[usize],
        rng: SplitMix64,
    ) -> SmartPlayer {
        let category_sizes: Vec<usize> = (0..cards.categories())
            .map(|category| cards.category(category).len())
            .collect();
        let mut knowledge = Knowledge::new(&category_sizes, hand_sizes);
        knowledge.set_budget(BUDGET);
        let others: Vec<usize> = (0..cards.len())
            .filter(|card| !hand.contains(card))
            .collect();
        // The referee is truthful, so no observation can contradict another:
        // the engine's `Contradiction` results are impossible here and are
        // ignored (also below).
        for &card in hand {
            let _ = knowledge.holds(me, card);
        }
        let _ = knowledge.lacks_all(me, &others);
        SmartPlayer {
            me,
            knowledge,
            shown_to: vec![vec![false; cards.len()]; hand_sizes.len()],
            shown_count: vec![0; cards.len()],
            last_suggestions: vec![[Vec::new(), Vec::new()]; hand_sizes.len()],
            hand_sizes: hand_sizes.to_vec(),
            rng,
        }
    }

    /// The suggestion (see the module docs).
    pub fn suggest(&mut self, cards: &CardSet) -> Vec<usize> {
        let me = self.me;
        let knowledge = &self.knowledge;
        let mut suggestion = Vec::with_capacity(cards.categories());
        for category in 0..cards.categories() {
            let range = cards.category(category);
            if let Some(solved) = range
                .clone()
                .find(|&card| knowledge.known_owner(card) == Some(Owner::Envelope))
            {
                let own = range
                    .clone()
                    .find(|&card| knowledge.known_owner(card) == Some(Owner::Player(me)));
                suggestion.push(own.unwrap_or(solved));
                continue;
            }
            // Cards that may be in the envelope first, then the cards the
            // most seats are known not to hold, then the cards that a seat
            // asked early may hold (a tie-break chosen by measurement: it
            // won 1.3 points more against `seed` than the reverse order).
            let players = self.hand_sizes.len();
            let score = |card: usize| {
                let excluded = (0..players)
                    .filter(|&seat| !knowledge.may_hold(Owner::Player(seat), card))
                    .count();
                let first_possible = (1..players)
                    .find(|&step| knowledge.may_hold(Owner::Player((me + step) % players), card))
                    .unwrap_or(players);
                (
                    knowledge.may_hold(Owner::Envelope, card),
                    excluded,
                    players - first_possible,
                )
            };
            let candidates: Vec<usize> = range
                .filter(|&card| knowledge.known_owner(card).is_none())
                .collect();
            let best = candidates.iter().map(|&card| score(card)).max();
            let best: Vec<usize> = candidates
                .iter()
                .copied()
                .filter(|&card| Some(score(card)) == best)
                .collect();
            suggestion.push(best[self.rng.index(best.len())]);
        }
        suggestion
    }

    /// The card to show `suggester` (see the module docs).
    pub fn show(&mut self, _cards: &CardSet, suggester: usize, eligible: &[usize]) -> usize {
        let key = |card: usize| (self.shown_to[suggester][card], self.shown_count[card]);
        let best = eligible.iter().map(|&card| key(card)).max();
        let best: Vec<usize> = eligible
            .iter()
            .copied()
            .filter(|&card| Some(key(card)) == best)
            .collect();
        let card = best[self.rng.index(best.len())];
        self.shown_to[suggester][card] = true;
        self.shown_count[card] += 1;
        card
    }

    /// Learns from the answer to a suggestion.
    pub fn observe(&mut self, _cards: &CardSet, answer: &Answer<'_>) {
        for &passer in answer.passes {
            let _ = self.knowledge.lacks_all(passer, answer.cards);
        }
        let history = &mut self.last_suggestions[answer.suggester];
        history.swap(0, 1);
        history[1] = answer.cards.to_vec();
        if let Some(shower) = answer.shower {
            let _ = match answer.shown {
                Some(card) => self.knowledge.holds(shower, card),
                None => self.knowledge.holds_one_of(shower, answer.cards),
            };
        }
    }

    /// Learns that an accusation was wrong.
    pub fn observe_accusation(&mut self, _cards: &CardSet, _accuser: usize, accusation: &[usize]) {
        let _ = self.knowledge.not_envelope(accusation);
    }

    /// The accusation, if any.
    ///
    /// The guess is the likeliest card of each category (the first on a
    /// tie). It accuses when the guess is certain, or when its chance is at
    /// least [`RISK_CLOSE`] while some rival seems close to solving, or at
    /// least [`RISK_ALWAYS`] otherwise. A rival seems close when its last
    /// two suggestions named the same cards in all categories but one
    /// (players keep naming what they believe is in the envelope).
    pub fn accuse(&mut self, cards: &CardSet) -> Option<Vec<usize>> {
        let threshold = if self.a_rival_is_close(cards) {
            RISK_CLOSE
        } else {
            RISK_ALWAYS
        };
        // A cheap estimate first: per category, the envelope is equally likely
        // to hold any card propagation has not ruled out.
        let knowledge = &self.knowledge;
        let mut estimate = 1.0;
        for category in 0..cards.categories() {
            let open = cards
                .category(category)
                .filter(|&card| knowledge.may_hold(Owner::Envelope, card))
                .count();
            estimate /= to_f64(u128::try_from(open.max(1)).unwrap_or(1));
        }
        if estimate < threshold * ESTIMATE_SLACK {
            return None;
        }
        let analysis = self.knowledge.analysis();
        let mut guess = Vec::with_capacity(cards.categories());
        let mut certain = true;
        let mut product = 1.0;
        for category in 0..cards.categories() {
            let mut best = None;
            let mut best_chance = -1.0;
            for card in cards.category(category) {
                let chance = analysis.envelope_probability(card);
                if chance > best_chance {
                    best = Some(card);
                    best_chance = chance;
                }
            }
            let card = best?;
            certain &= analysis.owner(card) == Some(Owner::Envelope);
            product *= best_chance;
            guess.push(card);
        }
        if certain {
            return Some(guess);
        }
        let chance = self.joint_chance(&guess).unwrap_or(product);
        (chance >= threshold).then_some(guess)
    }

    /// The exact chance that the envelope is `guess`, when the engine can
    /// count: one minus the share of deals left once it is ruled out.
    fn joint_chance(&mut self, guess: &[usize]) -> Option<f64> {
        let all = self.knowledge.consistent_deals()?;
        let mut without = self.knowledge.clone();
        let _ = without.not_envelope(guess);
        let rest = without.consistent_deals()?;
        if all == 0 {
            return None;
        }
        Some(1.0 - to_f64(rest) / to_f64(all))
    }

    /// True when some other seat seems near to knowing the envelope: its
    /// last two suggestions named the same card in all categories but one
    /// (players keep naming the cards they believe are in the envelope).
    fn a_rival_is_close(&self, cards: &CardSet) -> bool {
        let needed = cards.categories().saturating_sub(1).max(1);
        self.last_suggestions
            .iter()
            .enumerate()
            .any(|(seat, [older, newer])| {
                seat != self.me
                    && !older.is_empty()
                    && older.iter().zip(newer).filter(|(a, b)| a == b).count() >= needed
            })
    }
}

/// The bound on the work of one exact count (see the engine's docs): small,
/// so that a game among six players stays in the milliseconds.
pub const BUDGET: u64 = 2_000;

/// How far below the threshold the cheap estimate may be before the exact
/// count is asked for (the exact chance of the best guess can be much higher
/// than the uniform estimate).
const ESTIMATE_SLACK: f64 = 0.25;

/// The least chance at which it accuses when a rival seems close.
pub const RISK_CLOSE: f64 = 0.35;

/// The least chance at which it accuses otherwise.
pub const RISK_ALWAYS: f64 = 0.99;

#[allow(clippy::cast_precision_loss)] // a ratio of counts: rounding is fine
fn to_f64(value: u128) -> f64 {
    value as f64
}
