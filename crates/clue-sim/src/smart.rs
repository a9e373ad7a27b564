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
//! # Belief
//!
//! Next to what it knows for sure, the player keeps a *belief*: the same
//! observations plus one assumption about its rivals, that a player does not
//! name cards it holds (the usual way to play, and what `seed` always does:
//! it names only cards it has not located). So every suggestion by a rival
//! adds "that rival holds none of these cards" to the belief. The assumption
//! is dropped for a rival as soon as it is seen to break it: it names a card
//! it is known to hold, or a card this player showed it earlier, or it shows
//! this player a card it named before; and for every rival when the belief
//! contradicts itself (found by propagation after an observation, or by the
//! exact count when it is asked for). The belief guides the suggestions and
//! the guess; the facts decide how much risk an accusation takes.
//!
//! # Decisions
//!
//! - **Suggest** (from the belief; from the facts once the belief has solved
//!   every category, to test it): in a category whose envelope card it
//!   knows, it names a card nobody else can show (its own card of that
//!   category, else the envelope card), so that the answer is about the
//!   other categories. In every other
//!   category it names a card whose owner it does not know, preferring one
//!   that may still be in the envelope, then the one the most seats are known
//!   not to hold, then one that a seat asked early may hold (random
//!   tie-break): a shown card is then always news, and when nobody shows,
//!   those cards are in the envelope.
//! - **Show**: a card this suggester has already seen from it, if any (that
//!   gives nothing away); else the card it has shown most (fewest distinct
//!   cards revealed over the game); ties at random.
//! - **Accuse**: its guess is the likeliest card of each category under the
//!   belief. When the belief is certain of it, it accuses if the facts give
//!   the guess a fair chance ([`BELIEF_ALWAYS`], or [`BELIEF_CLOSE`] when a
//!   rival seems close), or at once when every rival has made
//!   [`TESTED_SUGGESTIONS`] suggestions without being caught naming its own
//!   cards (the belief has held up, so waiting for the facts only gives the
//!   rivals time); otherwise it accuses when the chance of the guess
//!   (exact: one minus the share of consistent deals left once that
//!   envelope is ruled out) reaches a threshold that falls as rivals get
//!   close (see [`SmartPlayer::accuse`]).
//! - **Rivals' progress**: a rival seems close when its last two
//!   suggestions repeat the same possible envelope cards in all categories
//!   but one, or when the public passes alone settle all categories but one
//!   for it: a card that may be in the envelope and that every other seat
//!   has passed on is, to a rival that does not hold it, known to be in the
//!   envelope (this is `seed`'s "held by no seat" rule, and the way it most
//!   often solves a category). Every seat sees the passes, so this part of a
//!   rival's knowledge is computed exactly, not guessed; only rivals still
//!   trusted (not caught naming their own cards) and not knocked out count.
//!   The crate README has the measurements behind each rule.
//!
//! # Contradictions
//!
//! The engine reports a contradiction one way: each observation returns
//! `Err(Contradiction)` when no deal fits any more (and the engine then
//! refuses every later observation the same way). This player uses every
//! such result, and what it means depends on what was fed:
//!
//! - **the belief** contradicts itself when a rival named its own cards
//!   without being caught: the belief is rebuilt from the facts and the
//!   rivals still trusted, and trusts nobody when that contradicts too;
//! - **the facts** come from a truthful referee, so they cannot contradict
//!   each other; if they ever did (a referee or engine bug), the player
//!   would know nothing sound any more, so it stops accusing ([`lost`]) and
//!   keeps playing legal suggestions and shows;
//! - **a hypothesis** (the facts plus "the envelope is not the guess", in
//!   `joint_chance`) that contradicts means the guess is certain.
//!
//! `let _ =` on these results is denied in this module.
//!
//! [`lost`]: SmartPlayer::is_lost
#![deny(clippy::let_underscore_must_use)]

use super::cards::{Card, CardSet};
use super::event::{Answer, Seat};
use super::knowledge::{Contradiction, Knowledge, Owner};
use super::rng::SplitMix64;

/// The `smart` player (see the module docs).
#[derive(Debug, Clone)]
pub struct SmartPlayer {
    me: usize,
    /// What it has seen, and what follows for sure.
    knowledge: Knowledge,
    /// The facts plus "a trusted rival holds none of the cards it named".
    belief: Knowledge,
    /// Every rival suggestion so far: the seat and the named cards.
    named: Vec<(usize, Vec<usize>)>,
    /// Per seat, whether it is still assumed not to name its own cards.
    trusted: Vec<bool>,
    /// Cards already shown to each seat by this player.
    shown_to: Vec<Vec<bool>>,
    /// How often this player showed each card.
    shown_count: Vec<u32>,
    /// Each seat's last two suggestions (older first), empty until made.
    last_suggestions: Vec<[Vec<usize>; 2]>,
    /// Each seat's hand size.
    hand_sizes: Vec<usize>,
    /// The facts contradicted each other (see the module docs): it never
    /// accuses again.
    lost: bool,
    /// Per card, the seats seen passing on a suggestion that named it (bit
    /// per seat): public, so every player's negatives come from the same
    /// passes.
    passed: Vec<u64>,
    /// Per seat, whether it was knocked out by a wrong accusation.
    out: Vec<bool>,
    rng: SplitMix64,
}

impl SmartPlayer {
    /// The player in seat `me`, holding `hand`.
    ///
    /// Inside, cards and seats are plain indexes, as the knowledge engine
    /// (shared with `--deduce`) takes them; the public methods speak
    /// [`Card`] and [`Seat`].
    pub fn new(
        cards: &CardSet,
        me: Seat,
        hand: &[Card],
        hand_sizes: &[usize],
        rng: SplitMix64,
    ) -> SmartPlayer {
        let me = me.index();
        let hand: Vec<usize> = hand.iter().map(|card| card.index()).collect();
        let category_sizes: Vec<usize> = (0..cards.categories())
            .map(|category| cards.category(category).len())
            .collect();
        let mut knowledge = Knowledge::new(&category_sizes, hand_sizes);
        knowledge.set_budget(BUDGET);
        let others: Vec<usize> = (0..cards.len())
            .filter(|card| !hand.contains(card))
            .collect();
        // Only hand sizes that do not fit the hand can contradict it.
        let mut lost = false;
        for &card in &hand {
            lost |= knowledge.holds(me, card).is_err();
        }
        lost |= knowledge.lacks_all(me, &others).is_err();
        SmartPlayer {
            me,
            belief: knowledge.clone(),
            named: Vec::new(),
            trusted: vec![true; hand_sizes.len()],
            knowledge,
            shown_to: vec![vec![false; cards.len()]; hand_sizes.len()],
            shown_count: vec![0; cards.len()],
            last_suggestions: vec![[Vec::new(), Vec::new()]; hand_sizes.len()],
            hand_sizes: hand_sizes.to_vec(),
            lost,
            passed: vec![0; cards.len()],
            out: vec![false; hand_sizes.len()],
            rng,
        }
    }

    /// True once its facts have contradicted each other (impossible with a
    /// truthful referee; see the module docs): it then never accuses.
    pub fn is_lost(&self) -> bool {
        self.lost
    }

    /// The suggestion (see the module docs).
    pub fn suggest(&mut self, cards: &CardSet) -> Vec<Card> {
        let belief_solved = (0..cards.categories()).all(|category| {
            cards
                .category(category)
                .any(|card| self.belief.known_owner(card) == Some(Owner::Envelope))
        });
        let me = self.me;
        let knowledge = if belief_solved {
            &self.knowledge
        } else {
            &self.belief
        };
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
            if best.is_empty() {
                // Every card located and none in the envelope: only
                // contradictory facts say so (see the module docs).
                suggestion.push(cards.category(category).start);
                continue;
            }
            suggestion.push(best[self.rng.index(best.len())]);
        }
        suggestion.into_iter().map(Card).collect()
    }

    /// The card to show `suggester` (see the module docs).
    pub fn show(&mut self, _cards: &CardSet, suggester: Seat, eligible: &[Card]) -> Card {
        let suggester = suggester.index();
        let key = |card: Card| {
            (
                self.shown_to[suggester][card.index()],
                self.shown_count[card.index()],
            )
        };
        let best = eligible.iter().map(|&card| key(card)).max();
        let best: Vec<Card> = eligible
            .iter()
            .copied()
            .filter(|&card| Some(key(card)) == best)
            .collect();
        let card = best[self.rng.index(best.len())];
        self.shown_to[suggester][card.index()] = true;
        self.shown_count[card.index()] += 1;
        card
    }

    /// Learns from the answer to a suggestion.
    pub fn observe(&mut self, _cards: &CardSet, answer: &Answer<'_>) {
        let named: Vec<usize> = answer.cards.iter().map(|card| card.index()).collect();
        let shower = answer.shower.map(Seat::index);
        let shown = answer.shown.map(Card::index);
        // Whether the belief contradicted itself (see the module docs).
        let mut broken = false;
        for passer in answer.passes.iter().map(|seat| seat.index()) {
            for &card in &named {
                self.passed[card] |= 1 << passer;
            }
            broken |= self.learn(|knowledge| knowledge.lacks_all(passer, &named));
        }
        let history = &mut self.last_suggestions[answer.suggester.index()];
        history.swap(0, 1);
        history[1] = named.clone();
        let mut rebuild = false;
        if let Some(shower) = shower {
            broken |= match shown {
                Some(card) => self.learn(|knowledge| knowledge.holds(shower, card)),
                None => self.learn(|knowledge| knowledge.holds_one_of(shower, &named)),
            };
            // A rival that shows us a card it named before names its own
            // cards.
            if let Some(card) = shown {
                if shower != self.me
                    && self.trusted[shower]
                    && self
                        .named
                        .iter()
                        .any(|(seat, named)| *seat == shower && named.contains(&card))
                {
                    self.trusted[shower] = false;
                    rebuild = true;
                }
            }
        }
        let suggester = answer.suggester.index();
        if suggester != self.me {
            // A rival that names a card it is known to hold, or one we showed
            // it before this answer, does not play by the assumption.
            let me = self.me;
            let knowledge = &self.knowledge;
            let shown_to = &self.shown_to[suggester];
            let breaks = named.iter().any(|&card| {
                knowledge.known_owner(card) == Some(Owner::Player(suggester))
                    || (shown_to[card] && !(shower == Some(me) && shown == Some(card)))
            });
            if breaks && self.trusted[suggester] {
                self.trusted[suggester] = false;
                rebuild = true;
            }
            if self.trusted[suggester] {
                broken |= self.belief.lacks_all(suggester, &named).is_err();
            }
            self.named.push((suggester, named));
        }
        if rebuild || broken {
            self.rebuild_belief();
        }
    }

    /// Adds an observation to the facts and to the belief. Returns true
    /// when it contradicts the belief; marks the player [`lost`] when it
    /// contradicts the facts (see the module docs).
    ///
    /// [`lost`]: SmartPlayer::is_lost
    fn learn(&mut self, observe: impl Fn(&mut Knowledge) -> Result<(), Contradiction>) -> bool {
        self.lost |= observe(&mut self.knowledge).is_err();
        observe(&mut self.belief).is_err()
    }

    /// Rebuilds the belief from the facts and the trusted rivals'
    /// suggestions; trusts nobody any more when that contradicts itself.
    fn rebuild_belief(&mut self) {
        let mut belief = self.knowledge.clone();
        let mut broken = false;
        for (seat, named) in &self.named {
            if self.trusted[*seat] {
                broken |= belief.lacks_all(*seat, named).is_err();
            }
        }
        if broken {
            for trusted in &mut self.trusted {
                *trusted = false;
            }
            belief = self.knowledge.clone();
        }
        self.belief = belief;
    }

    /// Learns that an accusation was wrong.
    pub fn observe_accusation(&mut self, _cards: &CardSet, accuser: Seat, accusation: &[Card]) {
        self.out[accuser.index()] = true;
        let accusation: Vec<usize> = accusation.iter().map(|card| card.index()).collect();
        if self.learn(|knowledge| knowledge.not_envelope(&accusation)) {
            self.rebuild_belief();
        }
    }

    /// The accusation, if any.
    ///
    /// The guess is the likeliest card of each category under the belief
    /// (the first on a tie). When the belief is certain of it, it accuses if
    /// the chance of the guess from the facts alone is at least
    /// [`BELIEF_CLOSE`] while some rival seems close to solving, or at least
    /// [`BELIEF_ALWAYS`] otherwise. Else it accuses when the guess's chance
    /// under the belief is at least [`RISK_CLOSE`] while some rival seems
    /// close, or at least [`RISK_ALWAYS`] otherwise. A rival seems close
    /// (see `a_rival_is_close`) when its
    /// last two suggestions named the same cards, cards that may be in the
    /// envelope, in all categories but one (players keep naming what they
    /// believe is in the envelope), or when the public passes alone settle
    /// all categories but one for it.
    pub fn accuse(&mut self, cards: &CardSet) -> Option<Vec<Card>> {
        let guess = self.guess_to_accuse(cards)?;
        Some(guess.into_iter().map(Card).collect())
    }

    /// [`SmartPlayer::accuse`] on card indexes.
    fn guess_to_accuse(&mut self, cards: &CardSet) -> Option<Vec<usize>> {
        if self.lost {
            return None;
        }
        let close = self.a_rival_is_close(cards);
        let threshold = if close { RISK_CLOSE } else { RISK_ALWAYS };
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
        if estimate < threshold * ESTIMATE_SLACK {
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
            let least = if close {
                BELIEF_CLOSE
            } else if self.rivals_tested() {
                BELIEF_TESTED
            } else {
                BELIEF_ALWAYS
            };
            let chance = chance_of(&mut self.knowledge, &guess);
            return (chance >= least).then_some(guess);
        }
        let chance = joint_chance(&mut self.belief, &guess).unwrap_or(product);
        (chance >= threshold).then_some(guess)
    }

    /// True when every rival has made at least [`TESTED_SUGGESTIONS`]
    /// suggestions and none was caught naming its own cards: then the
    /// rivals play by the belief's assumption (as `seed` always does), and a
    /// guess the belief is certain of is worth accusing at once.
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

    /// True when some other seat seems near to knowing the envelope: its
    /// last two suggestions named the same card, one that may be in the
    /// envelope, in all categories but one (players keep naming the cards
    /// they believe are in the envelope); or when the public passes alone
    /// settle all categories but one for it (see
    /// [`settled_by_passes`](SmartPlayer::settled_by_passes)).
    fn a_rival_is_close(&self, cards: &CardSet) -> bool {
        let needed = cards.categories().saturating_sub(1).max(1);
        let knowledge = &self.knowledge;
        let repeats = self
            .last_suggestions
            .iter()
            .enumerate()
            .any(|(seat, [older, newer])| {
                seat != self.me
                    && !older.is_empty()
                    && older
                        .iter()
                        .zip(newer)
                        .filter(|&(a, b)| a == b && knowledge.may_hold(Owner::Envelope, *a))
                        .count()
                        >= needed
            });
        repeats
            || (0..self.hand_sizes.len()).any(|seat| {
                seat != self.me
                    && !self.out[seat]
                    && self.trusted[seat]
                    && self.settled_by_passes(cards, seat) >= needed
            })
    }

    /// The categories that the public passes alone settle for `seat`: those
    /// with a card that may be in the envelope and that every other seat has
    /// passed on. A player that does not hold such a card knows it is in the
    /// envelope; this is how `seed` most often solves a category (its
    /// "known to be held by no seat"). Only trusted rivals count: a rival
    /// that names its own cards (like `random`) does not reason this way.
    fn settled_by_passes(&self, cards: &CardSet, seat: usize) -> usize {
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
}

/// The chance that the envelope is `guess` from `knowledge`: 1 when it is
/// certain, else exact when the engine can count, else the product of the
/// estimated chances of its cards.
fn chance_of(knowledge: &mut Knowledge, guess: &[usize]) -> f64 {
    let analysis = knowledge.analysis();
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

/// The bound on the work of one exact count (see the engine's docs): small,
/// so that a game among six players stays in the milliseconds. Measured
/// (six players against `seed`, 3,000 games): 2,000 won 35.3%, 5,000
/// 35.6%, 20,000 35.6%; 5,000 keeps 10,000 six-`smart` games near 3 s.
pub const BUDGET: u64 = 5_000;

/// How far below the threshold the cheap estimate may be before the exact
/// count is asked for (the exact chance of the best guess can be much higher
/// than the uniform estimate).
const ESTIMATE_SLACK: f64 = 0.25;

/// The least chance from the facts alone at which it accuses a guess the
/// belief is certain of, when a rival seems close.
pub const BELIEF_CLOSE: f64 = 0.01;

/// The least chance from the facts alone at which it accuses a guess the
/// belief is certain of, once every rival is tested (see
/// [`TESTED_SUGGESTIONS`]): any, since the belief has held up.
pub const BELIEF_TESTED: f64 = 0.0;

/// The suggestions each rival must have made, none breaking the belief's
/// assumption, before the belief is trusted without the facts' support.
pub const TESTED_SUGGESTIONS: usize = 3;

/// The least chance from the facts alone at which it accuses a guess the
/// belief is certain of, otherwise.
pub const BELIEF_ALWAYS: f64 = 0.3;

/// The least chance at which it accuses when a rival seems close.
pub const RISK_CLOSE: f64 = 0.3;

/// The least chance at which it accuses otherwise.
pub const RISK_ALWAYS: f64 = 0.99;

#[allow(clippy::cast_precision_loss)] // a ratio of counts: rounding is fine
fn to_f64(value: u128) -> f64 {
    value as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Cards a1 a2 a3 (0, 1, 2) and b1 b2 b3 (3, 4, 5).
    fn tiny() -> CardSet {
        CardSet::from_names(&[("a", &["a1", "a2", "a3"]), ("b", &["b1", "b2", "b3"])])
    }

    /// Seat 0 holds a1 and b1; seats 1 and 2 hold one card each.
    fn player() -> SmartPlayer {
        SmartPlayer::new(
            &tiny(),
            Seat(0),
            &[Card(0), Card(3)],
            &[2, 1, 1],
            SplitMix64::new(1),
        )
    }

    #[test]
    fn a_rival_suggestion_enters_the_belief_not_the_facts() {
        let cards = tiny();
        let mut player = player();
        // Seat 1 names a2 b2; seat 2 shows one of them to it.
        player.observe(
            &cards,
            &Answer {
                suggester: Seat(1),
                cards: &[Card(1), Card(4)],
                passes: &[],
                shower: Some(Seat(2)),
                shown: None,
            },
        );
        assert!(player.knowledge.may_hold(Owner::Player(1), 1));
        assert!(!player.belief.may_hold(Owner::Player(1), 1));
        assert!(!player.belief.may_hold(Owner::Player(1), 4));
        assert!(player.trusted[1]);
    }

    #[test]
    fn a_rival_naming_a_card_we_showed_it_is_no_longer_trusted() {
        let cards = tiny();
        let mut player = player();
        // Seat 1 names a1 b2; seat 2 passes; we show a1.
        assert_eq!(player.show(&cards, Seat(1), &[Card(0)]), Card(0));
        player.observe(
            &cards,
            &Answer {
                suggester: Seat(1),
                cards: &[Card(0), Card(4)],
                passes: &[Seat(2)],
                shower: Some(Seat(0)),
                shown: Some(Card(0)),
            },
        );
        assert!(player.trusted[1]);
        assert!(!player.belief.may_hold(Owner::Player(1), 4));
        // It names a1 again although it has seen it: it does not play by
        // the assumption, and the belief about it is the facts again.
        player.observe(
            &cards,
            &Answer {
                suggester: Seat(1),
                cards: &[Card(0), Card(5)],
                passes: &[],
                shower: Some(Seat(2)),
                shown: None,
            },
        );
        assert!(!player.trusted[1]);
        assert!(player.trusted[2]);
        for card in 0..6 {
            assert_eq!(
                player.belief.may_hold(Owner::Player(1), card),
                player.knowledge.may_hold(Owner::Player(1), card)
            );
        }
    }

    #[test]
    fn it_accuses_what_the_belief_is_sure_of_when_the_facts_give_it_a_fair_chance() {
        let cards = tiny();
        let mut player = player();
        // Seat 1 names a2 b2 and nobody shows. The facts: seat 1 holds one
        // of them or both are in the envelope; the belief: seat 1 holds
        // neither, so the envelope is a2 b2.
        player.observe(
            &cards,
            &Answer {
                suggester: Seat(1),
                cards: &[Card(1), Card(4)],
                passes: &[Seat(2), Seat(0)],
                shower: None,
                shown: None,
            },
        );
        assert_eq!(player.belief.known_owner(1), Some(Owner::Envelope));
        assert_eq!(player.belief.known_owner(4), Some(Owner::Envelope));
        assert_eq!(player.knowledge.owner(1), None);
        // Of the 4 deals left, 2 put a2 b2 in the envelope.
        let chance = chance_of(&mut player.knowledge, &[1, 4]);
        assert!((chance - 0.5).abs() < 1e-9, "{chance}");
        assert_eq!(player.accuse(&cards), Some(vec![Card(1), Card(4)]));
    }

    #[test]
    fn contradictory_facts_stop_its_accusations_not_its_play() {
        let cards = tiny();
        let mut player = player();
        // Seat 1 names a2 b2 and nobody shows: the belief is sure of a2 b2
        // (see the test above).
        player.observe(
            &cards,
            &Answer {
                suggester: Seat(1),
                cards: &[Card(1), Card(4)],
                passes: &[Seat(2), Seat(0)],
                shower: None,
                shown: None,
            },
        );
        assert!(!player.is_lost());
        // A lying referee: seat 2 shows a1, which we hold.
        player.observe(
            &cards,
            &Answer {
                suggester: Seat(0),
                cards: &[Card(0), Card(3)],
                passes: &[Seat(1)],
                shower: Some(Seat(2)),
                shown: Some(Card(0)),
            },
        );
        assert!(player.is_lost());
        assert_eq!(player.accuse(&cards), None);
        assert_eq!(player.suggest(&cards).len(), 2);
        assert_eq!(player.show(&cards, Seat(1), &[Card(3)]), Card(3));
    }

    #[test]
    fn a_guess_that_cannot_be_ruled_out_is_certain() {
        let mut knowledge = Knowledge::new(&[2, 2], &[1, 1]);
        knowledge.holds(0, 0).unwrap();
        knowledge.holds(1, 2).unwrap();
        assert_eq!(joint_chance(&mut knowledge, &[1, 3]), Some(1.0));
    }

    #[test]
    fn a_rival_that_everybody_else_passed_to_is_close() {
        let cards = tiny();
        let mut player = player();
        assert!(!player.a_rival_is_close(&cards));
        // Seat 2 names a2 b3; seats 0 and 1 pass. Seat 2, if it does not
        // hold a2, now knows a2 is in the envelope: one category of two.
        player.observe(
            &cards,
            &Answer {
                suggester: Seat(2),
                cards: &[Card(1), Card(5)],
                passes: &[Seat(0), Seat(1)],
                shower: None,
                shown: None,
            },
        );
        assert_eq!(player.settled_by_passes(&cards, 2), 2);
        assert_eq!(player.settled_by_passes(&cards, 1), 0);
        assert!(player.a_rival_is_close(&cards));
    }
}
