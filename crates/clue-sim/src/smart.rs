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
//! The belief also models a trusted rival as a `seed` player, whose
//! suggestion is a function of what it knows: per category, a card it has
//! not located (in its hand, shown to it, or deduced) with the most
//! *negatives* (seats known not to hold it), ties at random. For a card it
//! has not located, `seed`'s negatives are exactly itself and the seats seen
//! passing on a suggestion that named the card, which every seat sees. So
//! when a rival names card X, every card of X's category with more such
//! negatives than X is one it has located, which a `seed` player only does
//! for cards some player holds: the belief adds "not in the envelope" for
//! each (`seed_located`; the random tie-break does not matter, a tie
//! proves nothing). A rival that is not `seed` makes these wrong, and
//! wrong facts make the belief contradict itself sooner or later, which
//! drops the trust in every rival as above (a `random` rival is mostly
//! caught by its third or fourth suggestion, this way or by the catches
//! above). The model is also the rival's hazard in
//! the race (`seed_hazard`, below).
//!
//! # Decisions
//!
//! - **Suggest** (from the belief; from the facts once the belief has solved
//!   every category, to test it): the suggestion whose answer is expected
//!   to shrink the uncertainty about the envelope the most, measured as the
//!   sum over the categories of the entropy of the envelope card. In a
//!   category whose envelope card it knows it names a card nobody else can
//!   show (its own, else the envelope card), so the answer is about the
//!   other categories. Elsewhere the candidates are the unlocated cards of
//!   the best [`CANDIDATE_LEVELS`] levels of the order "may be in the
//!   envelope, then known not to be held by the most seats, then a seat
//!   asked early may hold it", and of those the [`CANDIDATES`] likeliest
//!   envelope cards; every combination is scored (`Model::value`): the
//!   seats are asked in turn, each holds each named card with its chance
//!   from the analysis (cards taken as independent), a pass removes the
//!   seat from the named cards' owners, a show removes the shown card from
//!   the envelope, and when everybody passes the named cards' envelope
//!   chances are what the passes left them. Ties at random. It maximises
//!   the expected information because that is what brings an accusation
//!   closest whatever the rivals do; the candidates stay among the
//!   heuristic's best because those are the cards the rivals' suggestions
//!   point at, and asking about them also tests the belief (a rival that
//!   named its own card shows it). **Cost per turn**: one analysis of the
//!   belief within [`SUGGESTION_BUDGET`] steps (the engine's estimate with
//!   more than [`SUGGESTION_COUNT_PLAYERS`] players), then at most
//!   `CANDIDATES^k` scores of `O(P k)` each for `k` categories and `P`
//!   players (27 scores of about 20 operations on the classic set), after
//!   `O(P)` logarithms per candidate card.
//! - **Show**: a card this suggester has already seen from it, if any (that
//!   gives nothing away); else the card it has shown most (fewest distinct
//!   cards revealed over the game); ties at random.
//! - **Accuse**, on the expected value of accusing now against waiting a
//!   turn ([`SmartPlayer::accuse`]): the guess is the likeliest card of each
//!   category under the belief; its chance `p` mixes its chance under the
//!   belief and under the facts, weighted by the probability that the
//!   rivals play by the assumption (`trust_weight`, Bayes'
//!   rule on how well the deals fit the assumption, on how many rival
//!   suggestions fit the `seed` model, and on how the rivals'
//!   suggestions repeat cards). Waiting a turn is worth about
//!   `(1 - h) * min(FUTURE_CHANCE, p + TURN_GAIN)`, `h` being the chance
//!   that some rival wins before its next turn (`hazard`:
//!   from each rival's suggestions so far and the categories the public
//!   passes settle for it; a card that may be in the envelope and that
//!   every other seat has passed on is, to a rival that does not hold it,
//!   known to be in the envelope, `seed`'s "held by no seat" rule); for a
//!   trusted rival, at least the chance that it names the envelope on its
//!   next turn if it plays as `seed` (`seed_hazard`: that is how `seed`
//!   wins, by its "held by no seat" rule in every category: 182 of its 189
//!   wins in 600 games against `smart` at three players). It accuses when
//!   `p` is at least that. **Cost per turn**: nothing unless
//!   the cheap estimate makes an accusation possible; then at most four
//!   counts within [`BUDGET`] steps (the belief, the facts, and each with
//!   the guess ruled out), and `O(P n)` for the rivals' `seed` hazard on
//!   `n` cards. Per rival suggestion, `O(n)` for what the `seed` model
//!   says it located.
//! - **Rivals' honesty**: besides the catches above, a rival whose
//!   suggestion nobody could answer and that does not accuse right after
//!   must hold one of the cards it named (else it would know the
//!   envelope), and a card another seat showed a rival is not one it names
//!   again, so the shows between rivals narrow the belief's "holds one of"
//!   when the rival names some of those cards again.
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
use super::knowledge::{Analysis, Contradiction, Knowledge, Owner};
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
    /// Per seat, the log of the likelihood ratio of its suggestions' repeats
    /// (cards named again or not), a reasoning player against a random one.
    repeats: Vec<f64>,
    category_sizes: Vec<usize>,
    /// A rival whose suggestion nobody could answer, until it accuses: if it
    /// does not, it named its own cards.
    silent: Option<usize>,
    /// Shows between two rivals: who was shown, who showed, the named cards.
    shows_seen: Vec<(usize, usize, Vec<usize>)>,
    /// Per seat, whether it is still assumed not to name its own cards.
    trusted: Vec<bool>,
    /// Per rival suggestion: the seat and the cards it must have located if
    /// it suggests as `seed` does (see `seed_located`).
    located: Vec<(usize, Vec<usize>)>,
    /// What this player has shown.
    shows: Shows,
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
            shows_seen: Vec::new(),
            silent: None,
            repeats: vec![0.0; hand_sizes.len()],
            category_sizes: category_sizes.clone(),
            trusted: vec![true; hand_sizes.len()],
            located: Vec::new(),
            knowledge,
            shows: Shows::new(hand_sizes.len(), cards.len()),
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

    /// The suggestion (see the module docs): the one whose answer is
    /// expected to leave the least uncertainty about the envelope, among a
    /// few candidates per category.
    pub fn suggest(&mut self, cards: &CardSet) -> Vec<Card> {
        let belief_solved = (0..cards.categories()).all(|category| {
            cards
                .category(category)
                .any(|card| self.belief.known_owner(card) == Some(Owner::Envelope))
        });
        let me = self.me;
        let players = self.hand_sizes.len();
        let knowledge = if belief_solved {
            &mut self.knowledge
        } else {
            &mut self.belief
        };
        let mut candidates: Vec<Vec<usize>> = (0..cards.categories())
            .map(|category| candidates(knowledge, cards.category(category), me, players))
            .collect();
        let budget = if players <= SUGGESTION_COUNT_PLAYERS {
            SUGGESTION_BUDGET
        } else {
            0
        };
        let analysis = knowledge.analysis_within(budget);
        // The likeliest envelope cards among the open candidates, keeping
        // at most SCORED combinations: the categories past that keep one.
        let mut combinations = 1;
        for list in &mut candidates {
            let keep = if combinations * CANDIDATES <= SCORED {
                CANDIDATES
            } else {
                1
            };
            list.sort_by(|&a, &b| {
                analysis
                    .envelope_probability(b)
                    .partial_cmp(&analysis.envelope_probability(a))
                    .unwrap_or(std::cmp::Ordering::Equal)
                    .then(a.cmp(&b))
            });
            list.truncate(keep);
            combinations *= list.len();
        }
        let model = Model::new(analysis, cards, me, players, &candidates);
        let mut best_value = f64::NEG_INFINITY;
        let mut best: Vec<Vec<usize>> = Vec::new();
        let mut index = vec![0; candidates.len()];
        let mut suggestion = vec![0; candidates.len()];
        loop {
            for ((card, list), &i) in suggestion.iter_mut().zip(&candidates).zip(&index) {
                *card = list[i];
            }
            let value = model.value(&suggestion);
            if value > best_value + TIE {
                best_value = value;
                best.clear();
            }
            if value > best_value - TIE {
                best.push(suggestion.clone());
            }
            // The next combination, like an odometer.
            let mut category = 0;
            while category < candidates.len() {
                index[category] += 1;
                if index[category] < candidates[category].len() {
                    break;
                }
                index[category] = 0;
                category += 1;
            }
            if category == candidates.len() {
                break;
            }
        }
        let choice = best.swap_remove(self.rng.index(best.len()));
        choice.into_iter().map(Card).collect()
    }

    /// The card to show `suggester` (see the module docs).
    pub fn show(&mut self, _cards: &CardSet, suggester: Seat, eligible: &[Card]) -> Card {
        self.shows.pick(&mut self.rng, suggester, eligible, |_| 0)
    }

    /// Learns from the answer to a suggestion.
    pub fn observe(&mut self, _cards: &CardSet, answer: &Answer<'_>) {
        let named: Vec<usize> = answer.cards.iter().map(|card| card.index()).collect();
        let shower = answer.shower.map(Seat::index);
        let shown = answer.shown.map(Card::index);
        // Whether the belief contradicted itself (see the module docs).
        let mut broken = false;
        let mut rebuild = false;
        if let Some(silent) = self.silent.take() {
            if self.trusted[silent] {
                self.trusted[silent] = false;
                rebuild = true;
            }
        }
        // What the suggestion says if the suggester plays as `seed`, from
        // the passes before this answer.
        let located = if answer.suggester.index() == self.me {
            Vec::new()
        } else {
            self.seed_located(answer.suggester.index(), &named)
        };
        for passer in answer.passes.iter().map(|seat| seat.index()) {
            for &card in &named {
                self.passed[card] |= 1 << passer;
            }
            broken |= self.learn(|knowledge| knowledge.lacks_all(passer, &named));
        }
        let history = &mut self.last_suggestions[answer.suggester.index()];
        history.swap(0, 1);
        history[1] = named.clone();
        if !history[0].is_empty() {
            let mut evidence = 0.0;
            for (&older, &newer) in history[0].iter().zip(&history[1]) {
                let size = self.category_sizes[self.knowledge.category_of(older)] as f64;
                evidence += if older == newer {
                    (REPEAT_SHARE * size).ln()
                } else {
                    ((1.0 - REPEAT_SHARE) / (1.0 - 1.0 / size)).ln()
                };
            }
            self.repeats[answer.suggester.index()] += evidence;
        }
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
            let shown_to = self.shows.to(suggester);
            let mut breaks = named.iter().any(|&card| {
                knowledge.known_owner(card) == Some(Owner::Player(suggester))
                    || (shown_to[card] && !(shower == Some(me) && shown == Some(card)))
            });
            // The shows it received from other seats: a player does not
            // name a card it was shown, so the card shown is not one it
            // names now.
            let mut narrowed = Vec::new();
            for (index, (seat, _, earlier)) in self.shows_seen.iter_mut().enumerate() {
                if *seat != suggester {
                    continue;
                }
                let before = earlier.len();
                earlier.retain(|card| !named.contains(card));
                if earlier.is_empty() {
                    breaks = true;
                } else if earlier.len() < before {
                    narrowed.push(index);
                }
            }
            if breaks && self.trusted[suggester] {
                self.trusted[suggester] = false;
                rebuild = true;
            }
            if self.trusted[suggester] {
                broken |= self.belief.lacks_all(suggester, &named).is_err();
                for &card in &located {
                    broken |= self.belief.held(card).is_err();
                }
                for index in narrowed {
                    let (_, shower, cards) = &self.shows_seen[index];
                    broken |= self.belief.holds_one_of(*shower, cards).is_err();
                }
            }
            if let Some(shower) = shower {
                if shower != self.me {
                    self.shows_seen.push((suggester, shower, named.clone()));
                }
            }
            if shower.is_none() {
                self.silent = Some(suggester);
            }
            self.named.push((suggester, named));
            self.located.push((suggester, located));
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
    /// suggestions (with what the `seed` model says they located); trusts
    /// nobody any more when that contradicts itself.
    fn rebuild_belief(&mut self) {
        let mut belief = self.knowledge.clone();
        let mut broken = false;
        for (seat, named) in &self.named {
            if self.trusted[*seat] {
                broken |= belief.lacks_all(*seat, named).is_err();
            }
        }
        for (seat, shower, cards) in &self.shows_seen {
            if self.trusted[*seat] {
                broken |= belief.holds_one_of(*shower, cards).is_err();
            }
        }
        for (seat, located) in &self.located {
            if self.trusted[*seat] {
                for &card in located {
                    broken |= belief.held(card).is_err();
                }
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

    /// The chance that `seat` wins on its next turn if it plays as `seed`
    /// does, from `envelope`, the belief's chance of each card being in
    /// the envelope. `seed` accuses when every category is settled, nearly
    /// always by its "held by no seat" rule (see the module docs), which
    /// needs it to name the envelope, so: the chance that it names the
    /// envelope in every category. Per category it names one of the
    /// cards with the most negatives (see `seed_located`) among those it may
    /// not have located (not located by the model so far, not known to be
    /// its own, not shown to it by this player), each as likely.
    fn seed_hazard(&self, seat: usize, envelope: &[f64]) -> f64 {
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

    /// The cards that `seat` must have located (so some player holds them)
    /// if it suggests as `seed` does and named `named` now: `seed` names,
    /// per category, a card it has not located with the most negatives, and
    /// its negatives for a card it has not located are exactly the public
    /// passes on it and itself. So a card with more such negatives than the
    /// one it named is one it has located.
    fn seed_located(&self, seat: usize, named: &[usize]) -> Vec<usize> {
        let negatives = |card: usize| self.seed_negatives(seat, card);
        let mut located = Vec::new();
        for &card in named {
            let least = negatives(card);
            let category = self.knowledge.category_of(card);
            located.extend(
                self.knowledge
                    .category_cards(category)
                    .filter(|&other| negatives(other) > least),
            );
        }
        located
    }

    /// How many negatives (seats known not to hold `card`) a `seed` player
    /// in `seat` has for a card it has not located: itself and the seats
    /// seen passing on a suggestion that named the card, all public.
    fn seed_negatives(&self, seat: usize, card: usize) -> u32 {
        (self.passed[card] | 1 << seat).count_ones()
    }

    /// Learns that an accusation was wrong.
    pub fn observe_accusation(&mut self, _cards: &CardSet, accuser: Seat, accusation: &[Card]) {
        self.out[accuser.index()] = true;
        if self.silent == Some(accuser.index()) {
            self.silent = None;
        }
        let accusation: Vec<usize> = accusation.iter().map(|card| card.index()).collect();
        if self.learn(|knowledge| knowledge.not_envelope(&accusation)) {
            self.rebuild_belief();
        }
    }

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
        if self.lost {
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
    fn hazard(&self, cards: &CardSet, envelope: Option<&[f64]>) -> f64 {
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
    fn trust_weight(&mut self) -> f64 {
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

/// The cards of one category worth naming (see the module docs). In a
/// category whose envelope card `knowledge` knows: a card nobody else can
/// show (its own, else the envelope card). Elsewhere: the unlocated cards of
/// the best [`CANDIDATE_LEVELS`] levels of the order "may be in the
/// envelope, then known not to be held by the most seats, then a seat asked
/// early may hold it".
fn candidates(
    knowledge: &Knowledge,
    range: std::ops::Range<usize>,
    me: usize,
    players: usize,
) -> Vec<usize> {
    if let Some(solved) = range
        .clone()
        .find(|&card| knowledge.known_owner(card) == Some(Owner::Envelope))
    {
        let own = range
            .clone()
            .find(|&card| knowledge.known_owner(card) == Some(Owner::Player(me)));
        return vec![own.unwrap_or(solved)];
    }
    let level = |card: usize| {
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
    let mut open: Vec<usize> = range
        .clone()
        .filter(|&card| knowledge.known_owner(card).is_none())
        .collect();
    if open.is_empty() {
        // Every card located and none in the envelope: only contradictory
        // facts say so (see the module docs).
        return vec![range.start];
    }
    open.sort_by_key(|&card| std::cmp::Reverse(level(card)));
    let mut levels = 0;
    let mut last = None;
    open.retain(|&card| {
        let key = level(card);
        if Some(key) != last {
            levels += 1;
            last = Some(key);
        }
        levels <= CANDIDATE_LEVELS
    });
    open
}

/// What an analysis says, prepared for scoring suggestions: per category,
/// the entropy of its envelope card; per candidate card, what each seat's
/// answer would do to it (see [`Model::value`]).
struct Model {
    /// Per card, the probability of each owner (players, then the
    /// envelope), `players + 1` entries a card.
    holder: Vec<f64>,
    players: usize,
    category_of: Vec<usize>,
    /// Per category, the entropy of its envelope card (in nats).
    entropy: Vec<f64>,
    /// Per card, the part of its category's entropy from the other cards.
    rest_entropy: Vec<f64>,
    /// Per candidate card (empty for the others), the seats in asking
    /// order: the chance that the seat holds it when the seats before
    /// passed, and the entropy gain if it is not shown.
    steps: Vec<Vec<Step>>,
    /// Per card, the entropy gain when it is shown.
    seen: Vec<f64>,
}

#[derive(Debug, Clone, Copy)]
struct Step {
    holds: f64,
    gain: f64,
}

impl Model {
    /// The model of `analysis`, ready to score suggestions made of
    /// `candidates` (per category, the cards it may name).
    fn new(
        analysis: &Analysis,
        cards: &CardSet,
        me: usize,
        players: usize,
        candidates: &[Vec<usize>],
    ) -> Model {
        let owners = players + 1;
        let mut holder = Vec::with_capacity(cards.len() * owners);
        for card in 0..cards.len() {
            holder.extend_from_slice(analysis.holder_probabilities(card));
        }
        let mut model = Model {
            holder,
            players,
            category_of: vec![0; cards.len()],
            entropy: Vec::with_capacity(cards.categories()),
            rest_entropy: vec![0.0; cards.len()],
            steps: vec![Vec::new(); cards.len()],
            seen: vec![0.0; cards.len()],
        };
        for category in 0..cards.categories() {
            let range = cards.category(category);
            let entropy: f64 = range.clone().map(|card| plogp(model.envelope(card))).sum();
            for card in range {
                model.category_of[card] = category;
                model.rest_entropy[card] = entropy - plogp(model.envelope(card));
            }
            model.entropy.push(entropy);
        }
        let mut row = vec![0.0; owners];
        for &card in candidates.iter().flatten() {
            row.copy_from_slice(&model.holder[card * owners..(card + 1) * owners]);
            let mut steps = Vec::with_capacity(players);
            for step in 1..players {
                let seat = (me + step) % players;
                steps.push(Step {
                    holds: row[seat],
                    gain: model.gain(card, row[players]),
                });
                // The seat passed: it does not hold the card, and the other
                // owners' chances grow in proportion.
                let lacks = 1.0 - row[seat];
                if lacks > 1e-12 {
                    for chance in &mut row {
                        *chance /= lacks;
                    }
                    row[seat] = 0.0;
                }
            }
            steps.push(Step {
                holds: 0.0,
                gain: model.gain(card, row[players]),
            });
            model.steps[card] = steps;
            model.seen[card] = model.gain(card, 0.0);
        }
        model
    }

    /// The chance that `card` is in the envelope.
    fn envelope(&self, card: usize) -> f64 {
        self.holder[card * (self.players + 1) + self.players]
    }

    /// How much the entropy of the category of `card` falls when the
    /// chance that `card` is in the envelope becomes `chance` (the other
    /// cards keep their proportions).
    fn gain(&self, card: usize, chance: f64) -> f64 {
        let rest = 1.0 - self.envelope(card);
        if rest <= 1e-12 {
            return 0.0;
        }
        let scale = (1.0 - chance) / rest;
        let entropy = plogp(chance) + scale * self.rest_entropy[card]
            - (1.0 - chance) * scale.max(1e-300).ln();
        self.entropy[self.category_of[card]] - entropy
    }

    /// The expected fall of the envelope's entropy (the sum over the
    /// categories) once `suggestion` (made of candidate cards) is answered.
    /// The seats are asked in turn; each holds each named card with its
    /// chance, the cards taken as independent; a seat that passes holds
    /// none of them; one that shows shows a card it holds, each with its
    /// chance. A shown card leaves the envelope; after the passes, each
    /// named card's envelope chance is what the passes left it.
    fn value(&self, suggestion: &[usize]) -> f64 {
        let mut reach = 1.0;
        let mut expected = 0.0;
        for step in 0..self.players - 1 {
            let mut none = 1.0;
            let mut holds = 0.0;
            let mut passes = 0.0;
            for &card in suggestion {
                let Step {
                    holds: chance,
                    gain,
                } = self.steps[card][step];
                none *= 1.0 - chance;
                holds += chance;
                passes += gain;
            }
            if none < 1.0 - 1e-12 && holds > 0.0 {
                let mut shown = 0.0;
                for &card in suggestion {
                    let Step {
                        holds: chance,
                        gain,
                    } = self.steps[card][step];
                    if chance > 0.0 {
                        shown += chance / holds * (passes - gain + self.seen[card]);
                    }
                }
                expected += reach * (1.0 - none) * shown;
            }
            if none <= 1e-12 {
                return expected;
            }
            reach *= none;
        }
        let last = self.players - 1;
        let passes: f64 = suggestion
            .iter()
            .map(|&card| self.steps[card][last].gain)
            .sum();
        expected + reach * passes
    }
}

fn plogp(p: f64) -> f64 {
    if p > 0.0 {
        -p * p.ln()
    } else {
        0.0
    }
}

/// The chance that the envelope is `guess` from `knowledge`: 1 when it is
/// certain, else exact when the engine can count, else the product of the
/// estimated chances of its cards.
fn chance_of(knowledge: &mut Knowledge, guess: &[usize], budget: u64) -> f64 {
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

/// What a player has shown, and the show rule of `smart` and `expert`: a
/// card this suggester has already seen from it, if any (that gives
/// nothing away); else, with `expert`, a card of the largest category (see
/// [`super::expert::ExpertPlayer::show`]); then the card it has shown most
/// (fewest distinct cards revealed over the game); ties at random.
#[derive(Debug, Clone)]
pub(crate) struct Shows {
    /// Per seat, the cards shown to it.
    to: Vec<Vec<bool>>,
    /// Per card, how often it was shown.
    count: Vec<u32>,
}

impl Shows {
    /// Nothing shown yet, at a table of `players` with `cards` cards.
    pub(crate) fn new(players: usize, cards: usize) -> Shows {
        Shows {
            to: vec![vec![false; cards]; players],
            count: vec![0; cards],
        }
    }

    /// Per card, whether it was shown to `seat`.
    pub(crate) fn to(&self, seat: usize) -> &[bool] {
        &self.to[seat]
    }

    /// The card to show `suggester`, one of `eligible` (never empty), by
    /// the rule above, where among the cards it has not seen those of
    /// highest `rank` come first (`smart` ranks them all alike, `expert` by
    /// the size of their category); it is counted as shown.
    pub(crate) fn pick(
        &mut self,
        rng: &mut SplitMix64,
        suggester: Seat,
        eligible: &[Card],
        rank: impl Fn(Card) -> usize,
    ) -> Card {
        let suggester = suggester.index();
        let key = |card: Card| {
            (
                self.to[suggester][card.index()],
                rank(card),
                self.count[card.index()],
            )
        };
        let best = eligible.iter().map(|&card| key(card)).max();
        let best: Vec<Card> = eligible
            .iter()
            .copied()
            .filter(|&card| Some(key(card)) == best)
            .collect();
        let card = best[rng.index(best.len())];
        self.to[suggester][card.index()] = true;
        self.count[card.index()] += 1;
        card
    }
}

/// The bound on the work of one exact count for an accusation (see the
/// engine's docs): small, so that a game among six players stays in the
/// milliseconds. Measured (six players against `seed`, 3,000 games, before
/// the expected-value rules): 2,000 won 35.3%, 5,000 35.6%, 20,000 35.6%.
pub const BUDGET: u64 = 2_000;

/// The bound on the work of the count behind a suggestion's score; beyond
/// it the score uses the engine's estimate (see the crate README for what
/// this bound costs and wins).
pub const SUGGESTION_BUDGET: u64 = 300;

/// The largest table whose suggestions use the count: with more players
/// the bounded count rarely finishes, and the estimate scores as well
/// (measured with six players: 41.7% with the estimate, 41.8% with the
/// count, 1,000 games), at a third of the time.
pub const SUGGESTION_COUNT_PLAYERS: usize = 4;

/// How many levels of the heuristic order give candidates for a suggestion
/// (see the module docs).
pub const CANDIDATE_LEVELS: usize = 2;

/// How many candidates per category a suggestion is chosen from (the
/// likeliest envelope cards among them): at most `CANDIDATES^k` suggestions
/// are scored for `k` categories.
pub const CANDIDATES: usize = 3;

/// The most suggestions scored a turn (`CANDIDATES^3`: every combination
/// on three categories; with more categories, those past the third keep
/// their likeliest candidate only).
pub const SCORED: usize = 27;

/// Scores closer than this are a tie (broken at random).
const TIE: f64 = 1e-12;

/// How far below the threshold the cheap estimate may be before the exact
/// count is asked for (the exact chance of the best guess can be much higher
/// than the uniform estimate).
const ESTIMATE_SLACK: f64 = 0.25;

/// The chance of winning in the end that waiting a turn can bring at best
/// (a rival may still win later, or the guess be wrong).
pub const FUTURE_CHANCE: f64 = 0.95;

/// How much one more turn adds to the chance of the guess, at most.
pub const TURN_GAIN: f64 = 0.25;

/// A trusted rival's chance of winning on its turn: this much...
pub const HAZARD_BASE: f64 = 0.03;

/// ... plus this much per suggestion it has made...
pub const HAZARD_PER_SUGGESTION: f64 = 0.03;

/// ... plus this much when the public passes leave it 0, 1 or 2
/// categories to settle...
pub const HAZARD_SETTLED: [f64; 3] = [0.9, 0.2, 0.08];

/// ... and at most this much.
pub const HAZARD_MOST: f64 = 0.95;

/// The chance of winning on its turn of a rival caught naming its own
/// cards (it does not reason as the belief assumes).
pub const HAZARD_UNTRUSTED: f64 = 0.005;

/// The prior probability that the rivals play by the belief's assumption.
pub const TRUST_PRIOR: f64 = 0.25;

/// The weight of each rival suggestion's evidence for the assumption (see
/// `trust_weight`).
pub const SUGGESTION_EVIDENCE: f64 = 1.5;

/// The evidence (log of the likelihood ratio) that each trusted rival
/// suggestion adds for the assumption, besides `SUGGESTION_EVIDENCE`'s: a
/// suggestion that fits the model of `seed` (a card with more negatives
/// than the one named was located) without contradicting the belief
/// (measured, 3,000 games: 0.3 wins 1.4 points more against two `seed`
/// players than 0 and 1.1 fewer against two `random` ones; the crate
/// README has the sweep).
pub const SEED_MODEL_EVIDENCE: f64 = 0.3;

/// How often a reasoning rival names the same card of a category as in its
/// previous suggestion (measured for `seed`: about a third).
pub const REPEAT_SHARE: f64 = 0.4;

/// The trust weight when the engine cannot count and the rivals are not
/// yet tested.
pub const TRUST_INEXACT: f64 = 0.8;

/// The suggestions each rival must have made, none breaking the belief's
/// assumption, before the belief is trusted without a count.
pub const TESTED_SUGGESTIONS: usize = 3;

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
    fn it_waits_on_a_fair_chance_and_accuses_a_certain_one() {
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
        let chance = chance_of(&mut player.knowledge, &[1, 4], BUDGET);
        assert!((chance - 0.5).abs() < 1e-9, "{chance}");
        assert!(player.trust_weight() < 0.9);
        // Seat 1 does not accuse: it named a card of its own (see the test
        // of that rule below), so the belief is the facts again. Seat 2
        // names a1 b3 and we show a1. A fair chance of 0.5 is not enough,
        // with the rivals untested and no rival close.
        assert_eq!(player.show(&cards, Seat(2), &[Card(0)]), Card(0));
        player.observe(
            &cards,
            &Answer {
                suggester: Seat(2),
                cards: &[Card(0), Card(5)],
                passes: &[Seat(1)],
                shower: Some(Seat(0)),
                shown: Some(Card(0)),
            },
        );
        assert!(!player.trusted[1]);
        assert_eq!(player.accuse(&cards), None);
        // We name a3 b3: seat 1 passes, seat 2 shows b3, its only card. So
        // a3 is in the envelope, seat 1 holds a2 and b2 is in the envelope.
        player.observe(
            &cards,
            &Answer {
                suggester: Seat(0),
                cards: &[Card(2), Card(5)],
                passes: &[Seat(1)],
                shower: Some(Seat(2)),
                shown: Some(Card(5)),
            },
        );
        assert_eq!(player.accuse(&cards), Some(vec![Card(2), Card(4)]));
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
    fn a_rival_that_everybody_else_passed_to_is_likely_to_win() {
        let cards = tiny();
        let mut player = player();
        let before = player.hazard(&cards, None);
        assert!(before < 0.25, "{before}");
        // Seat 2 names a2 b3; seats 0 and 1 pass. Seat 2, if it does not
        // hold a2 and b3, now knows the envelope.
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
        assert!(player.hazard(&cards, None) > 0.9);
    }

    #[test]
    fn a_rival_nobody_answered_that_does_not_accuse_named_its_own_cards() {
        let cards = tiny();
        let mut player = player();
        // Seat 1 names a2 b2 and nobody shows: if it held neither, it would
        // know the envelope.
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
        assert!(player.trusted[1]);
        // It did not accuse: the next turn's answer shows it.
        player.observe(
            &cards,
            &Answer {
                suggester: Seat(2),
                cards: &[Card(0), Card(3)],
                passes: &[],
                shower: Some(Seat(0)),
                shown: None,
            },
        );
        assert!(!player.trusted[1]);
        assert!(player.belief.may_hold(Owner::Player(1), 1));
    }

    #[test]
    fn a_card_with_more_negatives_than_a_rivals_named_card_is_not_the_envelopes() {
        let cards = tiny();
        let mut player = player();
        // Earlier, seat 0 passed on a2 (set by hand: the suggestion does
        // not matter). Seat 1 names a3 b2 and seat 2 shows it a card. As
        // `seed`, seat 1 would have named a2 (two negatives: seats 0 and 1)
        // rather than a3 (one) unless it had located a2.
        player.passed[1] = 0b001;
        player.observe(
            &cards,
            &Answer {
                suggester: Seat(1),
                cards: &[Card(2), Card(4)],
                passes: &[],
                shower: Some(Seat(2)),
                shown: None,
            },
        );
        assert_eq!(player.located, vec![(1, vec![1])]);
        assert!(player.knowledge.may_hold(Owner::Envelope, 1));
        assert!(!player.belief.may_hold(Owner::Envelope, 1));
        // So the belief's envelope is a3 (a1 is ours), seat 2 showed b2,
        // and the envelope's b is b3.
        assert_eq!(player.belief.known_owner(2), Some(Owner::Envelope));
        assert_eq!(player.belief.known_owner(5), Some(Owner::Envelope));
        assert!(player.trusted[1]);
    }

    #[test]
    fn a_seed_rival_wins_when_it_names_the_envelope() {
        let player = player();
        let envelope = [0.0, 0.5, 0.5, 0.0, 0.5, 0.5];
        // No passes yet: seat 1 names any card of each category it has not
        // located (three each, as far as seat 0 knows), so it names the
        // envelope with chance 1/3 per category.
        let chance = player.seed_hazard(1, &envelope);
        assert!((chance - 1.0 / 9.0).abs() < 1e-9, "{chance}");
        // Seats 0 and 2 passed on a2: seat 1 names it, the envelope's a
        // half of the time.
        let mut player = player;
        player.passed[1] = 0b101;
        let chance = player.seed_hazard(1, &envelope);
        assert!((chance - 1.0 / 6.0).abs() < 1e-9, "{chance}");
    }

    #[test]
    fn a_card_shown_to_a_rival_is_not_one_it_names_again() {
        let cards = tiny();
        // Four seats of one card; we hold a1.
        let mut player = SmartPlayer::new(
            &cards,
            Seat(0),
            &[Card(0)],
            &[1, 1, 1, 1],
            SplitMix64::new(1),
        );
        // Seat 1 names a2 b2; seat 2 passes, seat 3 shows it one of them.
        player.observe(
            &cards,
            &Answer {
                suggester: Seat(1),
                cards: &[Card(1), Card(4)],
                passes: &[Seat(2)],
                shower: Some(Seat(3)),
                shown: None,
            },
        );
        assert_eq!(player.belief.known_owner(4), None);
        // It names a2 again: what seat 3 showed it is b2.
        player.observe(
            &cards,
            &Answer {
                suggester: Seat(1),
                cards: &[Card(1), Card(5)],
                passes: &[],
                shower: Some(Seat(2)),
                shown: None,
            },
        );
        assert!(player.trusted[1]);
        assert_eq!(player.belief.known_owner(4), Some(Owner::Player(3)));
        assert_eq!(player.knowledge.owner(4), None);
    }

    #[test]
    fn the_score_of_a_suggestion_is_its_expected_entropy_fall() {
        // Two categories of two cards; seat 0 holds a1, seat 1 holds one
        // card. Seat 0 knows the envelope holds a2; b1 and b2 are equally
        // likely. Naming a1 (its own) and b1: seat 1 shows b1 half the
        // time (then b2 is the envelope's), else passes and b1 is the
        // envelope's. Either way the entropy of b, ln 2, is gone.
        let cards = CardSet::from_names(&[("a", &["a1", "a2"]), ("b", &["b1", "b2"])]);
        let mut knowledge = Knowledge::new(&[2, 2], &[1, 1]);
        knowledge.holds(0, 0).unwrap();
        let candidates = vec![vec![0], vec![2, 3]];
        let model = Model::new(knowledge.analysis(), &cards, 0, 2, &candidates);
        let value = model.value(&[0, 2]);
        assert!((value - std::f64::consts::LN_2).abs() < 1e-9, "{value}");
    }
}
