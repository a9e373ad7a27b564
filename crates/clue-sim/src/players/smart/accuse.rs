//! `smart`'s accusation: the guess, its chance under the belief and the
//! facts mixed by the trust weight, against the value of waiting a turn
//! while the rivals race (see the parent module's docs, "Decisions").

use super::super::super::cards::{Card, CardSet};
use super::super::super::knowledge::{Contradiction, Knowledge, Owner};
use super::{to_f64, SmartPlayer};

/// The bound on the work of one exact count for an accusation (see the
/// engine's docs): small, so that a game among six players stays in the
/// milliseconds. Measured (six players against `seed`, 3,000 games, before
/// the expected-value rules): 2,000 won 35.3%, 5,000 35.6%, 20,000 35.6%.
pub const BUDGET: u64 = 2_000;

/// How far below the threshold the cheap estimate may be before the exact
/// count is asked for (the exact chance of the best guess can be much higher
/// than the uniform estimate). Measured once: 0.1 instead made no change
/// (the crate README, "Benchmark", second session, "Tried and not kept");
/// no other value was measured.
const ESTIMATE_SLACK: f64 = 0.25;

/// The chance of winning in the end that waiting a turn can bring at best
/// (a rival may still win later, or the guess be wrong). Not tuned: it
/// came with the rule of accusing on the expected value of waiting (the
/// crate README, "Benchmark", "How it got there", first step), and the
/// later sweeps varied [`TURN_GAIN`], the trust prior and the hazards
/// instead; with [`TURN_GAIN`] at 0.25 it caps the value of waiting only
/// when the guess's chance is above 0.7.
pub const FUTURE_CHANCE: f64 = 0.95;

/// How much one more turn adds to the chance of the guess, at most.
/// Measured (the crate README, "Benchmark"): against no cap (waiting worth
/// [`FUTURE_CHANCE`]) it won 66.0/52.4/39.9/97.1 at 3, 4 and 6 players and
/// against `random`, and 0.1 only 62.8/48.5% at 3 and 4 ("How it got
/// there"); the third session's table (0.25 kept, 0.2, 0.15, 0.13, 0.1)
/// shows each lower value trading win share for faster wins.
pub const TURN_GAIN: f64 = 0.25;

/// A trusted rival's chance of winning on its turn: this much... Not
/// tuned: it came with [`HAZARD_PER_SUGGESTION`] (the crate README,
/// "Benchmark", "How it got there": counting on hazards from 0.03 per
/// suggestion won 66.7/53.6/37.6/97.1 against 66.0/51.6/32.6/97.6), and no
/// other value was measured.
pub const HAZARD_BASE: f64 = 0.03;

/// ... plus this much per suggestion it has made... Measured only as the
/// step that brought it in (see [`HAZARD_BASE`]); no other value was
/// measured.
pub const HAZARD_PER_SUGGESTION: f64 = 0.03;

/// ... plus this much when the public passes leave it 0, 1 or 2
/// categories to settle... Not tuned: no other values were measured. Their
/// order follows how `seed` wins: 182 of its 189 wins in 600 three-player
/// games came when the public passes had settled all three categories for
/// it (the crate README, "Benchmark", second session).
pub const HAZARD_SETTLED: [f64; 3] = [0.9, 0.2, 0.08];

/// ... and at most this much. Not tuned: a cap under 1, so that no rival
/// makes waiting worth nothing by itself; no other value was measured.
pub const HAZARD_MOST: f64 = 0.95;

/// The chance of winning on its turn of a rival caught naming its own
/// cards (it does not reason as the belief assumes). Not tuned: such a
/// rival is played like `random`, which accuses only once elimination
/// leaves it one card in every category; no other value was measured.
pub const HAZARD_UNTRUSTED: f64 = 0.005;

/// The prior probability that the rivals play by the belief's assumption.
/// Measured (the crate README, "Benchmark"; win shares at 3, 4 and 6
/// players and against `random`): 0.5 won 64.6/50.4/33.9/95.8 and 0.8
/// 67.6/51.4/33.8/91.5 ("How it got there", first step); 0.25 won
/// 65.3/51.6/42.0/97.2 against 0.3's 65.9/51.8/42.0/96.8 (3,000 games,
/// its last step); 0.4 won 68.9/57.1/43.8/95.4 and 0.6
/// 70.4/57.2/43.8/92.7 (second session, "Tried and not kept").
pub const TRUST_PRIOR: f64 = 0.25;

/// The weight of each rival suggestion's evidence for the assumption (see
/// `trust_weight`). Not tuned: the step that brought in the trust weight
/// measured it at this value only (the crate README, "Benchmark", "How it
/// got there": "weighted 1.5 per suggestion", 66.0/51.6/32.6/97.6 with
/// the prior at 0.3).
pub const SUGGESTION_EVIDENCE: f64 = 1.5;

/// The evidence (log of the likelihood ratio) that each trusted rival
/// suggestion adds for the assumption, besides `SUGGESTION_EVIDENCE`'s: a
/// suggestion that fits the model of `seed` (a card with more negatives
/// than the one named was located) without contradicting the belief
/// (measured, 3,000 games: 0.3 wins 1.4 points more against two `seed`
/// players than 0 and 1.1 fewer against two `random` ones; the crate
/// README has the sweep).
pub const SEED_MODEL_EVIDENCE: f64 = 0.3;

/// The trust weight when the engine cannot count and the rivals are not
/// yet tested. Not tuned: it came with the trust weight (no other value
/// was measured), and it is used only when the count is beyond [`BUDGET`].
pub const TRUST_INEXACT: f64 = 0.8;

/// The suggestions each rival must have made, none breaking the belief's
/// assumption, before the belief is trusted without a count. Measured for
/// the rule it gated before the trust weight (commit 0fad71d, "accuse what
/// the belief is sure of once every rival is tested": 3,000 rotated games
/// from seed 20170521, 3 players 55.1% to 63.8%, against `random` 98.0% to
/// 97.0%; accusing from the first suggestion won 67.5% but 91.0% against
/// `random`); not measured again since it only stands in for the count.
pub const TESTED_SUGGESTIONS: usize = 3;

impl SmartPlayer {
    /// The accusation, if any (see the module docs).
    ///
    /// The guess is the likeliest card of each category under the belief
    /// (the first on a tie). Its chance `p` mixes its chance under the
    /// belief and under the facts alone, weighted by the odds that the
    /// trusted rivals play by the belief's assumption
    /// (`trust_weight`). Waiting a turn is worth
    /// about `(1 - h) * min(FUTURE_CHANCE, p + TURN_GAIN)`, where `h` is the
    /// chance that some rival wins before this player's next turn
    /// (`hazard`); it accuses when `p` is at least
    /// that.
    pub fn accuse(&mut self, cards: &CardSet) -> Option<Vec<Card>> {
        let guess = self.guess_to_accuse(cards)?;
        Some(guess.into_iter().map(Card).collect())
    }

    /// [`SmartPlayer::accuse`] on card indexes.
    fn guess_to_accuse(&mut self, cards: &CardSet) -> Option<Vec<usize>> {
        if self.is_lost() {
            return None;
        }
        let hazard = self.hazard(cards, None);
        // A cheap estimate first: per category, the envelope is equally likely
        // to hold any card propagation has not ruled out.
        let belief = &self.belief;
        let mut estimate = 1.0;
        for category in 0..cards.categories() {
            let open = cards
                .category(category)
                .filter(|&card| belief.may_hold(Owner::Envelope, card))
                .count();
            estimate /= to_f64(u128::try_from(open.max(1)).unwrap_or(1));
        }
        if estimate < (1.0 - hazard) * FUTURE_CHANCE * ESTIMATE_SLACK {
            return None;
        }
        if !self.belief.analysis().is_consistent() {
            // Propagation missed the contradiction: trust nobody any more.
            for trusted in &mut self.trusted {
                *trusted = false;
            }
            self.belief = self.knowledge.clone();
        }
        let analysis = self.belief.analysis();
        let envelope: Vec<f64> = (0..cards.len())
            .map(|card| analysis.envelope_probability(card))
            .collect();
        let mut guess = Vec::with_capacity(cards.categories());
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
            guess.push(best?);
        }
        // When the belief is beyond the count, so are the facts (fewer
        // observations, more deals): their estimate does.
        let facts_budget = if self.belief.analysis().is_exact() {
            BUDGET
        } else {
            0
        };
        let belief_chance = chance_of(&mut self.belief, &guess, BUDGET);
        let facts_chance = chance_of(&mut self.knowledge, &guess, facts_budget);
        let weight = self.trust_weight();
        let hazard = self.hazard(cards, Some(&envelope));
        let chance = weight * belief_chance + (1.0 - weight) * facts_chance;
        // Rivals that do not reason (the assumption fails) are not racing.
        let hazard = weight * hazard + (1.0 - weight) * HAZARD_UNTRUSTED;
        let waiting = (1.0 - hazard) * FUTURE_CHANCE.min(chance + TURN_GAIN);
        (chance >= waiting).then_some(guess)
    }

    /// The chance that some rival wins before this player's next turn, from
    /// what every seat sees: each trusted rival still in the game wins on
    /// its turn with a chance that grows with the suggestions it has made
    /// ([`HAZARD_BASE`], [`HAZARD_PER_SUGGESTION`]) and with the categories
    /// the public passes settle for it ([`HAZARD_SETTLED`]), and, given
    /// the belief's envelope chances `envelope`, at least its
    /// `seed_hazard`; a rival caught naming its own cards with
    /// [`HAZARD_UNTRUSTED`].
    pub(super) fn hazard(&self, cards: &CardSet, envelope: Option<&[f64]>) -> f64 {
        let players = self.hand_sizes.len();
        let needed = cards.categories();
        let mut suggestions = vec![0u32; players];
        for (seat, _) in &self.named {
            suggestions[*seat] += 1;
        }
        let mut nobody_wins = 1.0;
        for seat in (0..players).filter(|&seat| seat != self.me && !self.out[seat]) {
            let chance = if self.trusted[seat] {
                let missing = needed - self.settled_by_passes(cards, seat).min(needed);
                let settled = HAZARD_SETTLED.get(missing).copied().unwrap_or(0.0);
                let chance =
                    (HAZARD_BASE + HAZARD_PER_SUGGESTION * f64::from(suggestions[seat]) + settled)
                        .min(HAZARD_MOST);
                match envelope {
                    Some(envelope) => chance.max(self.seed_hazard(seat, envelope)),
                    None => chance,
                }
            } else {
                HAZARD_UNTRUSTED
            };
            nobody_wins *= 1.0 - chance;
        }
        1.0 - nobody_wins
    }

    /// The probability that the trusted rivals play by the belief's
    /// assumption (they do not name their own cards) rather than name cards
    /// at random, by Bayes' rule from the prior [`TRUST_PRIOR`]:
    ///
    /// - the share of the deals consistent with the facts that are also
    ///   consistent with the belief (a rival naming at random names its own
    ///   cards as often as the deals allow), times, per trusted suggestion,
    ///   one over the chance `(1 - h / n)^k` that a random suggestion misses
    ///   a hand of `h` of the `n` cards in `k` categories (raised to
    ///   [`SUGGESTION_EVIDENCE`]: a reasoning player also avoids the cards
    ///   it was shown), and times `e^`[`SEED_MODEL_EVIDENCE`] (the
    ///   suggestion fits the `seed` model without a contradiction);
    /// - times, per pair of consecutive suggestions of a trusted rival and
    ///   per category, how much likelier a reasoning player is to name the
    ///   same card again ([`REPEAT_SHARE`] of the time) than a random one
    ///   (one over the category's size), or to change it.
    ///
    /// When the engine cannot count within its bound: 1 once every rival
    /// has made [`TESTED_SUGGESTIONS`] suggestions without being caught,
    /// else [`TRUST_INEXACT`].
    pub(super) fn trust_weight(&mut self) -> f64 {
        let belief = self.belief.consistent_deals();
        let facts = match belief {
            Some(_) => self.knowledge.consistent_deals(),
            None => None,
        };
        // A match, not `let ... else`: the crate builds with rustc 1.63.
        let (facts, belief) = match (facts, belief) {
            (Some(facts), Some(belief)) => (facts, belief),
            _ if self.rivals_tested() => return 1.0,
            _ => return TRUST_INEXACT,
        };
        if facts == 0 || belief == 0 {
            return 0.0;
        }
        let n_cards = to_f64(u128::try_from(self.passed.len()).unwrap_or(1));
        let categories = i32::try_from(self.category_sizes.len()).unwrap_or(i32::MAX);
        // The log of the likelihood ratio, reasoning against random.
        let mut evidence = (to_f64(belief) / to_f64(facts)).ln();
        for (seat, _) in &self.named {
            if self.trusted[*seat] {
                let hand = to_f64(u128::try_from(self.hand_sizes[*seat]).unwrap_or(0));
                let misses = (1.0 - hand / n_cards).powi(categories);
                evidence -= SUGGESTION_EVIDENCE * misses.ln();
                evidence += SEED_MODEL_EVIDENCE;
            }
        }
        for seat in 0..self.hand_sizes.len() {
            if seat != self.me && self.trusted[seat] {
                evidence += self.repeats[seat];
            }
        }
        let odds = TRUST_PRIOR / (1.0 - TRUST_PRIOR) * evidence.min(50.0).exp();
        odds / (1.0 + odds)
    }

    /// True when every rival has made at least [`TESTED_SUGGESTIONS`]
    /// suggestions and none was caught naming its own cards.
    fn rivals_tested(&self) -> bool {
        (0..self.hand_sizes.len())
            .filter(|&seat| seat != self.me)
            .all(|seat| {
                self.trusted[seat]
                    && self
                        .named
                        .iter()
                        .filter(|(named_by, _)| *named_by == seat)
                        .count()
                        >= TESTED_SUGGESTIONS
            })
    }

    /// The categories that the public passes alone settle for `seat`: those
    /// with a card that may be in the envelope and that every other seat has
    /// passed on. A player that does not hold such a card knows it is in the
    /// envelope; this is how `seed` most often solves a category (its
    /// "known to be held by no seat"). Only trusted rivals count: a rival
    /// that names its own cards (like `random`) does not reason this way.
    pub(super) fn settled_by_passes(&self, cards: &CardSet, seat: usize) -> usize {
        let everybody = (1u64 << self.hand_sizes.len()) - 1;
        (0..cards.categories())
            .filter(|&category| {
                cards.category(category).any(|card| {
                    self.knowledge.may_hold(Owner::Envelope, card)
                        && self.passed[card] | 1 << seat == everybody
                })
            })
            .count()
    }

    /// The chance that `seat` wins on its next turn if it plays as `seed`
    /// does, from `envelope`, the belief's chance of each card being in
    /// the envelope. `seed` accuses when every category is settled, nearly
    /// always by its "held by no seat" rule (see the module docs), which
    /// needs it to name the envelope, so: the chance that it names the
    /// envelope in every category. Per category it names one of the
    /// cards with the most negatives (see `seed_located`) among those it may
    /// not have located (not located by the model so far, not known to be
    /// its own, not shown to it by this player), each as likely.
    pub(super) fn seed_hazard(&self, seat: usize, envelope: &[f64]) -> f64 {
        let mut located = vec![false; self.passed.len()];
        for (by, cards) in &self.located {
            if *by == seat {
                for &card in cards {
                    located[card] = true;
                }
            }
        }
        let negatives = |card: usize| self.seed_negatives(seat, card);
        let mut chance = 1.0;
        for category in 0..self.category_sizes.len() {
            let open: Vec<usize> = self
                .knowledge
                .category_cards(category)
                .filter(|&card| {
                    !located[card]
                        && !self.shows.to(seat)[card]
                        && self.knowledge.known_owner(card) != Some(Owner::Player(seat))
                })
                .collect();
            let most = open.iter().map(|&card| negatives(card)).max();
            let best: Vec<usize> = open
                .into_iter()
                .filter(|&card| Some(negatives(card)) == most)
                .collect();
            let sum: f64 = best.iter().map(|&card| envelope[card]).sum();
            chance *= sum / to_f64(u128::try_from(best.len().max(1)).unwrap_or(1));
        }
        chance
    }
}

/// The chance that the envelope is `guess` from `knowledge`: 1 when it is
/// certain, else exact when the engine can count, else the product of the
/// estimated chances of its cards.
pub(super) fn chance_of(knowledge: &mut Knowledge, guess: &[usize], budget: u64) -> f64 {
    let analysis = knowledge.analysis_within(budget);
    if guess
        .iter()
        .all(|&card| analysis.owner(card) == Some(Owner::Envelope))
    {
        return 1.0;
    }
    let product: f64 = guess
        .iter()
        .map(|&card| analysis.envelope_probability(card))
        .product();
    if !analysis.is_exact() {
        return product;
    }
    joint_chance(knowledge, guess).unwrap_or(product)
}

/// The exact chance that the envelope is `guess`, when the engine can
/// count: one minus the share of deals left once it is ruled out.
fn joint_chance(knowledge: &mut Knowledge, guess: &[usize]) -> Option<f64> {
    let all = knowledge.consistent_deals()?;
    if all == 0 {
        return None;
    }
    let mut without = knowledge.clone();
    let rest = match without.not_envelope(guess) {
        // No consistent deal has another envelope: the guess is certain.
        Err(Contradiction) => 0,
        Ok(()) => without.consistent_deals()?,
    };
    Some(1.0 - to_f64(rest) / to_f64(all))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_guess_that_cannot_be_ruled_out_is_certain() {
        let mut knowledge = Knowledge::new(&[2, 2], &[1, 1]);
        knowledge.holds(0, 0).unwrap();
        knowledge.holds(1, 2).unwrap();
        assert_eq!(joint_chance(&mut knowledge, &[1, 3]), Some(1.0));
    }
}
