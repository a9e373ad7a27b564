//! The `expert` player: a weighted sample of the deals its seat cannot rule
//! out, each weighted by how likely the rivals' moves were under their
//! (public) strategies, and decisions taken by their value in the race.
//!
//! This file holds the player, its constants and its decisions; the sample
//! of deals is kept in `expert/sample.rs` and the rivals' moves are
//! replayed in each deal in `expert/replay.rs`.
//!
//! # What it keeps
//!
//! - **Facts**: its hand, every pass, every show (the card when it saw it,
//!   else "that seat holds one of the named cards") and every wrong
//!   accusation, in the crate's [`Knowledge`] engine, whose propagation
//!   gives each card the owners it may still have and which says whether a
//!   whole deal fits ([`Knowledge::fits`]). A contradiction among them
//!   (impossible with a truthful referee) is the engine's to remember
//!   ([`Knowledge::is_consistent`]): the player then keeps no deal and
//!   accuses nothing.
//! - **The history**, to replay the rivals: every turn as it saw it (who
//!   suggested what, who passed, who showed, the card when it saw it,
//!   whether the suggester then accused wrongly).
//! - **Each rival's model**, from the table's strategies (public: the
//!   referee seats them by name): a `seed` rival is replayed exactly (its
//!   suggestion is a function of what it knows, up to a uniform tie-break),
//!   a `random` rival too (its suggestions are uniform, so only its
//!   accusations tell anything: it accuses as soon as its simple
//!   elimination allows); a `smart`, `expert` or `human` rival is *neutral*
//!   (its moves weigh every deal alike). A modelled rival that accuses
//!   wrongly (neither model ever does) becomes neutral.
//!
//! # The sample
//!
//! It keeps up to [`PARTICLES`] deals consistent with the facts, each
//! standing for an equal share of the deals its seat cannot rule out,
//! weighted by the likelihood of the rivals' moves in that deal (a
//! posterior over deals: uniform over the consistent deals when no rival
//! has moved, which is the exact odds of `--odds`). The likelihood comes
//! from replaying the history with a *shadow* of every modelled rival, the
//! real `seed` or `random` player given that deal's hand:
//!
//! - at each of its suggestions a `seed` shadow's chance of naming exactly
//!   those cards is the product over the categories of `1 / t` when the
//!   named card is among its `t` tied best, 0 otherwise;
//! - a modelled rival whose shadow would have accused (they are never
//!   wrong) but who did not makes the deal impossible;
//! - a card shown between two rivals, unseen by this player, may be any
//!   card the shower's rule allows (a `seed` shower: the cards it has
//!   shown most; else any eligible card alike): the replay follows every
//!   such way, each with its chance, and the likelihood is their sum (at
//!   most [`BRANCHES`] ways are followed; beyond, they are resampled).
//!   Following one drawn way instead gave the true deal likelihood 0 in
//!   18 of 100 games (a later suggestion contradicted the way drawn).
//!
//! The deals are carried from one decision to the next. At a decision each
//! is weighed again by the likelihood of what happened since, the sample
//! is resampled to [`PARTICLES`] deals in proportion to the weights
//! (systematic resampling), and each deal then takes [`MOVES`]
//! Metropolis-Hastings steps: swap the owners of two cards, or rotate the
//! owners of three, among the cards whose owner the facts leave open
//! (keeping one envelope card per category), accepted when the facts allow
//! it with the odds of the new likelihood against the old (the proposal is
//! symmetric). Three-card rotations matter: a `seed` rival that named card
//! X cannot hold it, so moving X from the envelope to that rival is never
//! one swap away. At the first decision, or when no carried deal fits any
//! more, the deals are drawn afresh by sequential importance sampling: per
//! category an envelope card uniformly among those the facts allow, then
//! each other card (fewest possible owners first) to a seat that may hold
//! it, in proportion to its room left; a draw that runs out of room or
//! breaks a "holds one of" or a wrong accusation is dropped (at most
//! [`ATTEMPTS_PER_DEAL`] draws per deal wanted), and each kept draw weighs
//! the inverse of its probability of being drawn times its likelihood. If
//! every such draw weighs 0 (a rival does not play as modelled), the models
//! are dropped for everybody and the deals weigh by the draw alone.
//!
//! # Decisions
//!
//! - **Bluff first**: on its first [`BLUFF_TURNS`] turns at a table of at
//!   most [`BLUFF_MOST_PLAYERS`] with a `seed` rival, it names its own
//!   cards, one per category (the likeliest envelope card where it has
//!   none). Every rival passes, so each `seed` rival counts every other
//!   rival among the seats that do not hold those cards: to `seed` they
//!   now look like the envelope (most negatives), so it names them in
//!   its next suggestions, and this player must show one each time. Those
//!   suggestions never see this player pass, and a pass by every other
//!   seat is how `seed` finds the envelope ("held by nobody"), so `seed`
//!   is slowed by several turns while this player, which learns little
//!   from its own bluff, learns from the rivals' suggestions as usual. It
//!   is the largest gain measured (see [`BLUFF_TURNS`]); its cost is
//!   longer games.
//! - **The race**: in each deal the modelled rivals play the round until
//!   this player's next turn with their real policies (each shadow
//!   suggests, the deal answers, it accuses when its rule says so); `h` is
//!   the weighted share of deals in which one of them wins that round.
//! - **Suggest**: per category the [`CANDIDATES`] cards most often in the
//!   envelope of the sample, and one of its own cards (which forces the
//!   answer onto the other categories); every combination is scored by the
//!   chance to win at the next turn: the answer is computed in each deal
//!   (a shower with several cards is taken to show each alike), deals that
//!   give the same answer form a group, and the score is the sum over the
//!   groups of the weight of the group's likeliest envelope among the deals
//!   where no rival wins the round. Ties at random; at a table of three
//!   with a `seed` rival, among the suggestions within [`OWN_SLACK`] of
//!   the best score, one naming the most of its own cards (the bluff kept
//!   up: see [`OWN_SLACK`]).
//! - **Accuse** when the likeliest envelope's weighted share `p` is at
//!   least the value of waiting, `(1 - h)` times the best suggestion's
//!   expected share of the likeliest envelope after its answer (what the
//!   next accusation would be worth). Waiting is valued one turn ahead, so
//!   it accuses sooner than a player who looks further.
//! - **Show** a card the suggester has seen from it; else one of the
//!   largest category (of the cards the suggester has not located, one of
//!   a category where it has the most left gives it the least: see
//!   [`ExpertPlayer::show`]); then the card it has shown most; ties at
//!   random.
//!
//! Without any kept deal (the draws all failed) it suggests the first card
//! each category may have in the envelope and accuses only what the facts
//! prove.
//!
//! # Cost
//!
//! Per decision, for `D` deals kept, `T` turns so far, `P` players, `n`
//! cards and `k` categories: `D (1 + MOVES)` replays of the history
//! through the modelled rivals' shadows, each `O(T P n)` times the ways
//! followed (at most [`BRANCHES`]), with one simulated round (`O(P n)`);
//! at the first decision (or when no carried deal fits) at most
//! [`ATTEMPTS_PER_DEAL`] draws per deal kept, `O(n P)` each; then up to
//! `(CANDIDATES + 1)^k` suggestions scored in `O(D (P + log D))` each (the
//! classic set: 64). The replay grows with the game, so `D` is cut to keep
//! `D T` times the modelled rivals under [`WORK`].

mod replay;
mod sample;

use super::super::cards::{Card, CardSet};
use super::super::event::{Answer, Seat};
use super::super::knowledge::{Contradiction, Knowledge, Owner};
use super::super::rng::SplitMix64;
use super::shows::Shows;
use super::{Computer, Strategy};

/// The most deals kept per decision. Measured on 300 three-player games
/// against two `seed` players, seeds 6000 to 6299, when the deals were
/// drawn afresh at each decision (before [`MOVES`]): 30 deals won 61.3%,
/// 100 won 62.3%, 300 won 66.7%. With the moves, 300 deals keep 1,000
/// three-player games near 40 s (see the crate README).
pub const PARTICLES: usize = 300;

/// The most draws per decision, per deal kept, so that a game where the
/// models rule out almost every deal stays fast. Not tuned: in the one
/// game traced (three players, seed 5) the models ruled out up to 95% of
/// the draws, and 40 per deal still kept most of the deals wanted (69 of
/// 100 at the worst turn).
pub const ATTEMPTS_PER_DEAL: usize = 40;

/// The bound on the replay work of one decision, in kept deals x (turns so
/// far + 1) x modelled rivals: the deals kept are cut to fit it. A
/// three-player game against two `seed` players (about 10 turns) stays
/// under it with all [`PARTICLES`] deals (300 x 11 x 2 = 6,600); it
/// bites on long games with many modelled rivals (5 `seed` rivals at turn
/// 60 keep 196 deals), which bounds a late 6-player move. (The value the
/// figures of the crate README were measured with.)
pub const WORK: usize = 60_000;

/// The bound on all the replays of one decision, in the units of [`WORK`]
/// (one replay costs turns so far + 1 times the modelled rivals). Not
/// tuned: it never binds in a three-player classic game before turn 30
/// (at most 12,000 replays of 2 rivals); it makes a game on hundreds of
/// cards with many `seed` rivals, hundreds of turns long, finish (slowly:
/// see the crate README).
pub const REPLAY_BUDGET: usize = 500_000;

/// Metropolis-Hastings steps per kept deal and decision (see
/// `move_member`). Measured against an exact enumeration of the deals at
/// every accusation decision of 61 three-player games against two `seed`
/// players (seeds 20000-20060, 213 decisions): 4 steps of swaps alone
/// left the likeliest envelope's chance off by 0.087 on average (off by
/// more than 0.15 in 39 decisions); 12 steps with three-card rotations,
/// by 0.027 (2 decisions).
pub const MOVES: usize = 12;

/// The most ways the unseen shows between rivals are followed in one
/// replay (beyond, they are resampled, which keeps the likelihood's
/// expected value). Not tuned: a three-player game has a few unseen shows
/// between rivals, each with at most three ways, so the bound rarely
/// binds there; it bounds the cost of long games among many players.
pub const BRANCHES: usize = 16;

/// How many of its first turns it bluffs (names its own cards), and up
/// to how many players. Measured against `seed` rivals, rotated: three
/// players, seeds 20000-20599: no bluff 65.8%, one turn 72.8%, two 73.7%,
/// three 70.3%; four players, seeds 40000-40399: none 52.5%, one 56.5%,
/// two 56.3%; six players, the same seeds: none 45.5%, two 39.8% (with
/// three cards a hand it cannot name its own card in every category, and
/// a turn spent costs more among five rivals). Checked again with the
/// largest-category show rule, each game played both ways (seeds
/// 45000-45999): four players, three turns 56.7% against 61.5% with two;
/// six players, a bluff naming a card a rival is known to hold where it
/// has none (so nothing leaks), two turns 41.4%, one 45.3%, none 47.1%.
pub const BLUFF_TURNS: usize = 2;

/// See [`BLUFF_TURNS`].
pub const BLUFF_MOST_PLAYERS: usize = 4;

/// After the bluff, among the suggestions whose score is within this share
/// of the best one, it takes those naming the most of its own cards (ties
/// at random), at tables of at most [`OWN_MOST_PLAYERS`] with a `seed`
/// rival. An own card that the rivals asked pass on gains negatives, so a
/// `seed` rival takes it for an envelope card and names it later, and this
/// player shows it: the bluff's effect, kept up at a small cost to what
/// its suggestion learns. Measured at three players against two `seed`,
/// rotated, against taking only the best score: seeds 20000-20599, 5%
/// not run, 10% 75.5% (73.7% without), 25% 67.3%; seeds 40000-40999, 5%
/// 75.4%, 10% 74.3% (72.8% without); seeds 80000-80999, 5% 75.9% (73.6%
/// without).
pub const OWN_SLACK: f64 = 0.05;

/// See [`OWN_SLACK`]. At four players (seeds 40000-40999) 5% won 56.5%
/// against 59.4% without, and at six 39.5% against 43.7%: more rivals
/// ask before this player and learn from its suggestion, and a turn
/// spent costs more, as with the bluff. With the largest-category show
/// rule, four players, the same games both ways (seeds 45000-45999): 58.2%
/// against 61.5% without. At six, even among suggestions of equal score
/// only: 44.8% and 43.4% against 47.1% and 45.6% (seeds 45000-46999, the
/// same games both ways, McNemar p = 0.018 and 0.021).
pub const OWN_MOST_PLAYERS: usize = 3;

/// Per category, how many of the cards likeliest to be in the envelope
/// are candidates for a suggestion (`smart`'s [`super::smart::CANDIDATES`],
/// measured for that player).
pub const CANDIDATES: usize = 3;

/// The `expert` player (see the module docs).
#[derive(Debug, Clone)]
pub struct ExpertPlayer {
    me: usize,
    cards: CardSet,
    hand_sizes: Vec<usize>,
    /// The facts.
    facts: Knowledge,
    /// Each seat's model.
    models: Vec<Model>,
    /// Every turn so far, as this seat saw it.
    history: Vec<Turn>,
    /// Knocked-out seats.
    out: Vec<bool>,
    /// What this player has shown (`smart`'s rule).
    shows: Shows,
    /// The most deals kept per decision ([`PARTICLES`] unless set).
    particles: usize,
    /// The last decision's deals, carried to the next one.
    population: Vec<Particle>,

    rng: SplitMix64,
}

/// How this player reads a seat's moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Model {
    /// Replayed as the `seed` player.
    Seed,
    /// Replayed as the `random` player.
    Random,
    /// Every deal alike (`smart`, `expert`, a person, or a broken model);
    /// also this player's own seat.
    Neutral,
}

/// One turn as this seat saw it.
#[derive(Debug, Clone)]
struct Turn {
    suggester: usize,
    named: Vec<usize>,
    passes: Vec<usize>,
    shower: Option<usize>,
    /// The shown card, when this seat saw it.
    shown: Option<usize>,
    /// The suggester accused wrongly after this turn.
    accused_wrongly: bool,
}

/// One kept deal: the owner of every card (`P` for the envelope), its
/// weight, its shadows, and whether a rival wins the coming round.
#[derive(Debug, Clone)]
struct Particle {
    owner: Vec<usize>,
    weight: f64,
    rival_wins: bool,
    /// The log of the likelihood of the rivals' moves in this deal, as
    /// last replayed.
    log_likelihood: f64,
}

impl ExpertPlayer {
    /// The player in seat `me`, holding `hand`; `table` is each seat's
    /// strategy (`None` for a person).
    pub fn new(
        cards: &CardSet,
        me: Seat,
        hand: &[Card],
        hand_sizes: &[usize],
        table: &[Option<Strategy>],
        rng: SplitMix64,
    ) -> ExpertPlayer {
        let me = me.index();
        let category_sizes: Vec<usize> = (0..cards.categories())
            .map(|category| cards.category(category).len())
            .collect();
        let facts = Knowledge::new(&category_sizes, hand_sizes);
        let hand: Vec<usize> = hand.iter().map(|card| card.index()).collect();
        let others: Vec<usize> = (0..cards.len())
            .filter(|card| !hand.contains(card))
            .collect();
        let models = (0..hand_sizes.len())
            .map(|seat| match table.get(seat).copied().flatten() {
                _ if seat == me => Model::Neutral,
                Some(Strategy::Seed) => Model::Seed,
                Some(Strategy::Random) => Model::Random,
                _ => Model::Neutral,
            })
            .collect();
        let mut player = ExpertPlayer {
            me,
            cards: cards.clone(),
            hand_sizes: hand_sizes.to_vec(),
            facts,
            models,
            history: Vec::new(),
            out: vec![false; hand_sizes.len()],
            shows: Shows::new(hand_sizes.len(), cards.len()),
            particles: PARTICLES,
            population: Vec::new(),
            rng,
        };
        // Only hand sizes that do not fit the hand can contradict it.
        for &card in &hand {
            player.record(|facts| facts.holds(me, card));
        }
        player.record(|facts| facts.lacks_all(me, &others));
        player
    }

    /// Records an observation in the facts. The facts remember a
    /// contradiction (impossible with a truthful referee), and that is the
    /// one report this player reads ([`Knowledge::is_consistent`]): once
    /// the facts contradict each other it keeps no deal and accuses only
    /// what they prove, which is nothing.
    fn record(&mut self, observe: impl FnOnce(&mut Knowledge) -> Result<(), Contradiction>) {
        let result = observe(&mut self.facts);
        debug_assert_eq!(result.is_ok(), self.facts.is_consistent());
    }

    /// Keeps up to `particles` deals per decision instead of
    /// [`PARTICLES`] (at least 1), with [`ATTEMPTS_PER_DEAL`] draws per
    /// deal and [`WORK`] scaled alike: for tests and measurements.
    pub fn set_particles(&mut self, particles: usize) {
        self.particles = particles.max(1);
    }

    /// Each seat's model now.
    pub fn models(&self) -> &[Model] {
        &self.models
    }

    /// The suggestion (see the module docs).
    pub fn suggest(&mut self, _cards: &CardSet) -> Vec<Card> {
        if let Some(bluff) = self.bluff() {
            return bluff;
        }
        let sample = self.sample();
        if sample.is_empty() {
            return self.fallback_suggestion();
        }
        let candidates = self.candidates(&sample);
        let scored: Vec<(Vec<usize>, f64)> = combinations(&candidates)
            .map(|suggestion| {
                let value = self.value(&sample, &suggestion, true);
                (suggestion, value)
            })
            .collect();
        let best_value = scored
            .iter()
            .map(|(_, value)| *value)
            .fold(f64::NEG_INFINITY, f64::max);
        let mut best: Vec<Vec<usize>> = if self.misleads() {
            // Within OWN_SLACK of the best, those naming the most of its
            // own cards.
            let near: Vec<(Vec<usize>, f64)> = scored
                .into_iter()
                .filter(|(_, value)| *value >= best_value * (1.0 - OWN_SLACK) - TIE)
                .collect();
            let own = |suggestion: &[usize]| {
                suggestion
                    .iter()
                    .filter(|&&card| self.facts.known_owner(card) == Some(Owner::Player(self.me)))
                    .count()
            };
            let most = near.iter().map(|(suggestion, _)| own(suggestion)).max();
            near.into_iter()
                .filter(|(suggestion, _)| Some(own(suggestion)) == most)
                .map(|(suggestion, _)| suggestion)
                .collect()
        } else {
            scored
                .into_iter()
                .filter(|(_, value)| *value > best_value - TIE)
                .map(|(suggestion, _)| suggestion)
                .collect()
        };
        let choice = best.swap_remove(self.rng.index(best.len()));
        choice.into_iter().map(Card).collect()
    }

    /// Whether its suggestions prefer its own cards (see [`OWN_SLACK`]): at
    /// a table of at most [`OWN_MOST_PLAYERS`] with a `seed` rival.
    fn misleads(&self) -> bool {
        self.hand_sizes.len() <= OWN_MOST_PLAYERS && self.models.contains(&Model::Seed)
    }

    /// On its first [`BLUFF_TURNS`] turns at a table of at most
    /// [`BLUFF_MOST_PLAYERS`] with a `seed` rival: its own cards, one per
    /// category (a different one each turn where it has several; the
    /// likeliest envelope card where it has none). See the module docs.
    fn bluff(&mut self) -> Option<Vec<Card>> {
        let players = self.hand_sizes.len();
        let turns = self
            .history
            .iter()
            .filter(|turn| turn.suggester == self.me)
            .count();
        if turns >= BLUFF_TURNS
            || players > BLUFF_MOST_PLAYERS
            || !self.models.contains(&Model::Seed)
        {
            return None;
        }
        let mut likeliest = None;
        let mut suggestion = Vec::with_capacity(self.cards.categories());
        for category in 0..self.cards.categories() {
            let own: Vec<usize> = self
                .cards
                .category(category)
                .filter(|&card| self.facts.known_owner(card) == Some(Owner::Player(self.me)))
                .collect();
            let card = if own.is_empty() {
                let candidates = likeliest.get_or_insert_with(|| {
                    let sample = self.sample();
                    self.candidates(&sample)
                });
                candidates[category][0]
            } else {
                own[turns % own.len()]
            };
            suggestion.push(Card(card));
        }
        Some(suggestion)
    }

    /// The card to show `suggester`: `smart`'s rule (a card it has seen
    /// from this player, else the card shown most), except that among the
    /// cards it has not seen, those of the largest category come first.
    ///
    /// Why: a shown card is one the suggester no longer has to locate. In
    /// a category where it has `m` cards left to locate, it narrows the
    /// envelope card from `m` candidates to `m - 1`, worth `log(m / (m -
    /// 1))`, least where `m` is largest; and a `seed` rival knows its
    /// category's envelope card once it has located all the others. This
    /// player cannot see `m`; the category's size is its public measure.
    /// Measured against `seed` rivals, rotated, each game played with
    /// both rules (`--compare`), seeds 42000-42999: three players 82.4%
    /// against 75.8% with `smart`'s rule alone, four 60.4% against 57.0%,
    /// six 44.0% against 44.3% (at six a hand of three rarely holds two
    /// named cards: 11 games differed); seeds 43000-43999: three players
    /// 80.5% against 77.8%, four 64.4% against 57.7%. Ranking by the cards
    /// of the category not yet shown to that seat instead won the same
    /// (82.5% and 60.7% on 42000-42999), and the count of shows before the
    /// category too (82.0%, 60.3%).
    pub fn show(&mut self, suggester: Seat, eligible: &[Card]) -> Card {
        let cards = &self.cards;
        let size = |card: Card| cards.category(cards.category_of(card)).len();
        self.shows.pick(&mut self.rng, suggester, eligible, size)
    }

    /// Learns from the answer to a suggestion.
    pub fn observe(&mut self, answer: &Answer<'_>) {
        let named: Vec<usize> = answer.cards.iter().map(|card| card.index()).collect();
        let passes: Vec<usize> = answer.passes.iter().map(|seat| seat.index()).collect();
        let shower = answer.shower.map(Seat::index);
        let shown = answer.shown.map(Card::index);
        for &seat in &passes {
            self.record(|facts| facts.lacks_all(seat, &named));
        }
        match (shower, shown) {
            (Some(seat), Some(card)) => self.record(|facts| facts.holds(seat, card)),
            (Some(seat), None) => self.record(|facts| facts.holds_one_of(seat, &named)),
            _ => {}
        }
        self.history.push(Turn {
            suggester: answer.suggester.index(),
            named,
            passes,
            shower,
            shown,
            accused_wrongly: false,
        });
    }

    /// Learns that `accuser` accused `accusation` wrongly.
    pub fn observe_accusation(&mut self, accuser: Seat, accusation: &[Card]) {
        let accuser = accuser.index();
        let cards: Vec<usize> = accusation.iter().map(|card| card.index()).collect();
        self.record(|facts| facts.not_envelope(&cards));
        self.out[accuser] = true;
        // Neither modelled strategy ever accuses wrongly.
        self.models[accuser] = Model::Neutral;
        if let Some(turn) = self
            .history
            .iter_mut()
            .rev()
            .find(|turn| turn.suggester == accuser)
        {
            turn.accused_wrongly = true;
        }
    }

    /// The accusation after its suggestion was answered, if any (see the
    /// module docs).
    pub fn accuse(&mut self, _cards: &CardSet) -> Option<Vec<Card>> {
        if !self.facts.is_consistent() {
            return None;
        }
        let sample = self.sample();
        if sample.is_empty() {
            return self.proved_envelope();
        }
        let total: f64 = sample.iter().map(|particle| particle.weight).sum();
        let (guess, weight) = likeliest(&sample, self.envelope_seat(), |_| true)?;
        let p = weight / total;
        let hazard = sample
            .iter()
            .filter(|particle| particle.rival_wins)
            .map(|particle| particle.weight)
            .sum::<f64>()
            / total;
        let candidates = self.candidates(&sample);
        let next = combinations(&candidates)
            .map(|suggestion| self.value(&sample, &suggestion, false))
            .fold(p, f64::max);
        if p >= (1.0 - hazard) * next {
            Some(guess.into_iter().map(Card).collect())
        } else {
            None
        }
    }

    /// For each card of `category`, the best suggestion naming it and its
    /// score (the chance to name the envelope right after the answer, as
    /// [`suggest`](Self::suggest) scores a suggestion), best first; equal
    /// scores in card order, and within one card the first best
    /// combination of the candidates. It is what this seat would suggest
    /// if the rules fixed that card, as the board game fixes the room: the
    /// one the pawn stands in. The bluff and the preference for its own
    /// cards (against `seed` rivals only) are left out. Draws one sample
    /// from the player's stream, like a decision.
    pub fn suggestions_naming(&mut self, category: usize) -> Vec<(Vec<Card>, f64)> {
        let sample = self.sample();
        let mut candidates = if sample.is_empty() {
            let fallback = self.fallback_suggestion();
            fallback.iter().map(|card| vec![card.index()]).collect()
        } else {
            self.candidates(&sample)
        };
        let mut best: Vec<(Vec<Card>, f64)> = self
            .cards
            .category(category)
            .map(|fixed| {
                candidates[category] = vec![fixed];
                let mut top: Option<(Vec<usize>, f64)> = None;
                for suggestion in combinations(&candidates) {
                    let value = if sample.is_empty() {
                        0.0
                    } else {
                        self.value(&sample, &suggestion, true)
                    };
                    if top.as_ref().map_or(true, |(_, most)| value > *most + TIE) {
                        top = Some((suggestion, value));
                    }
                }
                let (suggestion, value) = top.unwrap_or_default();
                (suggestion.into_iter().map(Card).collect(), value)
            })
            .collect();
        // A stable sort: equal scores stay in card order.
        best.sort_by(|a, b| b.1.partial_cmp(&a.1).unwrap_or(std::cmp::Ordering::Equal));
        best
    }

    /// The envelope's odds under the sample: per card, the weighted share
    /// of the kept deals that put it in the envelope (all zero when no
    /// deal was kept). Draws from the player's stream like a decision.
    pub fn envelope_odds(&mut self) -> Vec<f64> {
        let sample = self.sample();
        let mut odds = vec![0.0; self.cards.len()];
        let total: f64 = sample.iter().map(|particle| particle.weight).sum();
        let envelope = self.envelope_seat();
        for particle in &sample {
            for (card, &owner) in particle.owner.iter().enumerate() {
                if owner == envelope {
                    odds[card] += particle.weight / total;
                }
            }
        }
        odds
    }

    fn envelope_seat(&self) -> usize {
        self.hand_sizes.len()
    }

    /// Per category, the candidates of a suggestion: the [`CANDIDATES`]
    /// cards most often in the sample's envelope, and its first own card.
    fn candidates(&self, sample: &[Particle]) -> Vec<Vec<usize>> {
        let envelope = self.envelope_seat();
        (0..self.cards.categories())
            .map(|category| {
                let mut weights: Vec<(usize, f64)> = self
                    .cards
                    .category(category)
                    .map(|card| {
                        let weight = sample
                            .iter()
                            .filter(|particle| particle.owner[card] == envelope)
                            .map(|particle| particle.weight)
                            .sum();
                        (card, weight)
                    })
                    .filter(|&(_, weight)| weight > 0.0)
                    .collect();
                weights.sort_by(|a, b| {
                    b.1.partial_cmp(&a.1)
                        .unwrap_or(std::cmp::Ordering::Equal)
                        .then(a.0.cmp(&b.0))
                });
                let mut list: Vec<usize> = weights
                    .into_iter()
                    .take(CANDIDATES)
                    .map(|(card, _)| card)
                    .collect();
                if let Some(own) = self
                    .cards
                    .category(category)
                    .find(|&card| self.facts.known_owner(card) == Some(Owner::Player(self.me)))
                {
                    list.push(own);
                }
                if list.is_empty() {
                    list.push(self.cards.category(category).start);
                }
                list
            })
            .collect()
    }

    /// The chance of naming the envelope right after `suggestion` is
    /// answered: per group of deals that answer alike, the weight of its
    /// likeliest envelope (with `race`, among the deals where no rival
    /// wins the round), over the total weight.
    fn value(&self, sample: &[Particle], suggestion: &[usize], race: bool) -> f64 {
        let players = self.hand_sizes.len();
        let envelope = players;
        // (answer, envelope, weight) per deal and shown card.
        let mut outcomes: Vec<((usize, usize), Vec<usize>, f64)> = Vec::new();
        let mut total = 0.0;
        for particle in sample {
            total += particle.weight;
            if race && particle.rival_wins {
                continue;
            }
            let envelope_cards: Vec<usize> = (0..particle.owner.len())
                .filter(|&card| particle.owner[card] == envelope)
                .collect();
            let mut answered = false;
            for step in 1..players {
                let asked = (self.me + step) % players;
                let eligible: Vec<usize> = suggestion
                    .iter()
                    .copied()
                    .filter(|&card| particle.owner[card] == asked)
                    .collect();
                if eligible.is_empty() {
                    continue;
                }
                let share = particle.weight / eligible.len() as f64;
                for card in eligible {
                    outcomes.push(((asked, card), envelope_cards.clone(), share));
                }
                answered = true;
                break;
            }
            if !answered {
                outcomes.push(((players, 0), envelope_cards, particle.weight));
            }
        }
        if total <= 0.0 {
            return 0.0;
        }
        outcomes.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.cmp(&b.1)));
        let mut value = 0.0;
        let mut index = 0;
        while index < outcomes.len() {
            let answer = outcomes[index].0;
            let mut best = 0.0f64;
            while index < outcomes.len() && outcomes[index].0 == answer {
                let cards = &outcomes[index].1;
                let mut weight = 0.0;
                while index < outcomes.len()
                    && outcomes[index].0 == answer
                    && &outcomes[index].1 == cards
                {
                    weight += outcomes[index].2;
                    index += 1;
                }
                best = best.max(weight);
            }
            value += best;
        }
        value / total
    }

    fn fallback_suggestion(&mut self) -> Vec<Card> {
        (0..self.cards.categories())
            .map(|category| {
                let range = self.cards.category(category);
                let card = range
                    .clone()
                    .find(|&card| self.facts.may_hold(Owner::Envelope, card))
                    .unwrap_or(range.start);
                Card(card)
            })
            .collect()
    }

    /// The envelope when the facts prove every category of it.
    fn proved_envelope(&self) -> Option<Vec<Card>> {
        (0..self.cards.categories())
            .map(|category| {
                self.cards
                    .category(category)
                    .find(|&card| self.facts.known_owner(card) == Some(Owner::Envelope))
                    .map(Card)
            })
            .collect()
    }
}

impl Computer for ExpertPlayer {
    fn suggest(&mut self, cards: &CardSet) -> Vec<Card> {
        ExpertPlayer::suggest(self, cards)
    }

    fn show(&mut self, _cards: &CardSet, suggester: Seat, eligible: &[Card]) -> Card {
        ExpertPlayer::show(self, suggester, eligible)
    }

    fn observe(&mut self, _cards: &CardSet, answer: &Answer<'_>) {
        ExpertPlayer::observe(self, answer);
    }

    fn accuse(&mut self, cards: &CardSet) -> Option<Vec<Card>> {
        ExpertPlayer::accuse(self, cards)
    }

    fn observe_accusation(&mut self, _cards: &CardSet, accuser: Seat, accusation: &[Card]) {
        ExpertPlayer::observe_accusation(self, accuser, accusation);
    }
}

/// Below this, two scores are equal. Not tuned: float noise.
const TIE: f64 = 1e-12;

/// The envelope with the most weight among the deals `keep` accepts, and
/// that weight.
fn likeliest(
    sample: &[Particle],
    envelope: usize,
    keep: impl Fn(&Particle) -> bool,
) -> Option<(Vec<usize>, f64)> {
    let mut envelopes: Vec<(Vec<usize>, f64)> = sample
        .iter()
        .filter(|particle| keep(particle))
        .map(|particle| {
            let cards = (0..particle.owner.len())
                .filter(|&card| particle.owner[card] == envelope)
                .collect();
            (cards, particle.weight)
        })
        .collect();
    envelopes.sort_by(|a, b| a.0.cmp(&b.0));
    let mut best: Option<(Vec<usize>, f64)> = None;
    let mut index = 0;
    while index < envelopes.len() {
        let cards = envelopes[index].0.clone();
        let mut weight = 0.0;
        while index < envelopes.len() && envelopes[index].0 == cards {
            weight += envelopes[index].1;
            index += 1;
        }
        if best.as_ref().map_or(true, |(_, most)| weight > *most) {
            best = Some((cards, weight));
        }
    }
    best
}

/// Every suggestion with one card of each list, like an odometer.
fn combinations(lists: &[Vec<usize>]) -> impl Iterator<Item = Vec<usize>> + '_ {
    let total: usize = lists.iter().map(Vec::len).product();
    (0..total).map(move |mut number| {
        lists
            .iter()
            .map(|list| {
                let card = list[number % list.len()];
                number /= list.len();
                card
            })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one_category() -> CardSet {
        CardSet::from_names(&[("x", &["a", "b", "c", "d", "e"])])
    }

    /// Seat 0 holds a and b (hands 2, 1, 1); seat 1 is `seed`, seat 2
    /// `smart` (neutral).
    fn table() -> ExpertPlayer {
        let cards = one_category();
        let table = [
            Some(Strategy::Expert),
            Some(Strategy::Seed),
            Some(Strategy::Smart),
        ];
        ExpertPlayer::new(
            &cards,
            Seat(0),
            &[Card(0), Card(1)],
            &[2, 1, 1],
            &table,
            SplitMix64::new(7),
        )
    }

    #[test]
    fn the_models_come_from_the_table() {
        let player = table();
        assert_eq!(
            player.models(),
            &[Model::Neutral, Model::Seed, Model::Neutral]
        );
    }

    #[test]
    fn own_cards_are_preferred_only_at_three_seats_with_a_seed_rival() {
        assert!(table().misleads());
        let cards = one_category();
        let at = |strategies: &[Option<Strategy>], hand_sizes: &[usize]| {
            ExpertPlayer::new(
                &cards,
                Seat(0),
                &[Card(0)],
                hand_sizes,
                strategies,
                SplitMix64::new(7),
            )
            .misleads()
        };
        let smart = Some(Strategy::Smart);
        let seed = Some(Strategy::Seed);
        let expert = Some(Strategy::Expert);
        assert!(!at(&[expert, smart, smart], &[1, 2, 1]));
        assert!(!at(&[expert, seed, seed, seed], &[1, 1, 1, 1]));
        assert!(at(&[expert, None, seed], &[1, 2, 1]));
    }

    #[test]
    fn it_shows_a_seen_card_then_one_of_the_largest_category() {
        let cards = CardSet::from_names(&[("a", &["a1", "a2"]), ("b", &["b1", "b2", "b3", "b4"])]);
        let (a1, b1) = (Card(0), Card(2));
        let seed = Some(Strategy::Seed);
        let mut player = ExpertPlayer::new(
            &cards,
            Seat(0),
            &[a1, b1],
            &[2, 1, 1],
            &[Some(Strategy::Expert), seed, seed],
            SplitMix64::new(7),
        );
        assert_eq!(player.show(Seat(1), &[a1]), a1);
        // Seat 1 has seen a1: showing it again tells nothing.
        assert_eq!(player.show(Seat(1), &[a1, b1]), a1);
        // Seat 2 has seen neither: the card of the larger category, though
        // a1 is the card shown most.
        assert_eq!(player.show(Seat(2), &[a1, b1]), b1);
    }

    #[test]
    fn a_seed_suggestion_weighs_one_over_the_tied_cards() {
        // Seat 1 names c; seat 2 shows it a card (unseen here). In the deal
        // seat 1 = d, seat 2 = c, envelope e, seat 1 has located only d, so
        // a, b, c and e are tied (one negative each, itself): 1/4. In the
        // deal where seat 1 holds c it names a card it has located: 0.
        let mut player = table();
        player.observe(&Answer {
            suggester: Seat(1),
            cards: &[Card(2)],
            passes: &[],
            shower: Some(Seat(2)),
            shown: None,
        });
        let (log, _) = player.replay(&[0, 0, 2, 1, 3], false);
        assert!((log - (0.25f64).ln()).abs() < 1e-12, "{log}");
        let (log, _) = player.replay(&[0, 0, 1, 2, 3], false);
        assert_eq!(log, f64::NEG_INFINITY);
        // Both deals the facts allow weigh 1/4: the envelope is d or e
        // alike.
        player.set_particles(4000);
        let odds = player.envelope_odds();
        assert_eq!(&odds[..3], &[0.0, 0.0, 0.0]);
        assert!((odds[3] - 0.5).abs() < 0.05, "{odds:?}");
        assert!((odds[4] - 0.5).abs() < 0.05, "{odds:?}");
        assert_eq!(player.models()[1], Model::Seed);
    }

    #[test]
    fn a_sure_accusation_not_made_rules_the_deal_out() {
        // Seat 1 names c; seat 2 and seat 0 pass. Where c is seat 1's, it
        // named its own card (0); where c is in the envelope, seat 1 has
        // seen every other seat pass on it, so `seed` accuses, and it did
        // not (0). No deal fits: the models are dropped, and the odds are
        // the facts' (c in the envelope in 2 of the 4 deals).
        let mut player = table();
        player.observe(&Answer {
            suggester: Seat(1),
            cards: &[Card(2)],
            passes: &[Seat(2), Seat(0)],
            shower: None,
            shown: None,
        });
        assert_eq!(player.replay(&[0, 0, 1, 2, 3], false).0, f64::NEG_INFINITY);
        assert_eq!(player.replay(&[0, 0, 3, 1, 2], false).0, f64::NEG_INFINITY);
        player.set_particles(4000);
        let odds = player.envelope_odds();
        assert_eq!(player.models(), &[Model::Neutral; 3]);
        assert!((odds[2] - 0.5).abs() < 0.05, "{odds:?}");
        assert!((odds[3] - 0.25).abs() < 0.05, "{odds:?}");
    }

    #[test]
    fn with_no_rival_move_the_odds_are_the_exact_counts() {
        // Classic cards, three players, seat 0 after two of its own
        // suggestions were answered (no rival has moved): the weighted
        // sample's odds against the engine's exact count.
        let cards = CardSet::classic();
        let deal = crate::game::deal(&cards, 3, &mut SplitMix64::new(11));
        let hand_sizes: Vec<usize> = deal.hands.iter().map(Vec::len).collect();
        let table = [
            Some(Strategy::Expert),
            Some(Strategy::Seed),
            Some(Strategy::Seed),
        ];
        let mut player = ExpertPlayer::new(
            &cards,
            Seat(0),
            &deal.hands[0],
            &hand_sizes,
            &table,
            SplitMix64::new(3),
        );
        let mut exact = Knowledge::new(&[6, 6, 9], &hand_sizes);
        for &card in &deal.hands[0] {
            exact.holds(0, card.index()).unwrap();
        }
        for card in 0..21 {
            if !deal.hands[0].contains(&Card(card)) {
                exact.lacks(0, card).unwrap();
            }
        }
        let holder = |card: usize| (0..3).find(|&seat| deal.hands[seat].contains(&Card(card)));
        for named in [[0usize, 6, 12], [1, 7, 13]] {
            // Seat 1 then seat 2 is asked; the first holder shows the lowest
            // named card it holds.
            let mut passes = Vec::new();
            let mut shown = None;
            for seat in [1usize, 2] {
                match named
                    .iter()
                    .copied()
                    .find(|&card| holder(card) == Some(seat))
                {
                    Some(card) => {
                        shown = Some((seat, card));
                        break;
                    }
                    None => passes.push(Seat(seat)),
                }
            }
            let named_cards: Vec<Card> = named.iter().copied().map(Card).collect();
            player.observe(&Answer {
                suggester: Seat(0),
                cards: &named_cards,
                passes: &passes,
                shower: shown.map(|(seat, _)| Seat(seat)),
                shown: shown.map(|(_, card)| Card(card)),
            });
            for seat in &passes {
                exact.lacks_all(seat.index(), &named).unwrap();
            }
            if let Some((seat, card)) = shown {
                exact.holds(seat, card).unwrap();
            }
        }
        player.set_particles(20_000);
        let odds = player.envelope_odds();
        let truth = exact.envelope_probabilities();
        for card in 0..21 {
            assert!(
                (odds[card] - truth[card]).abs() < 0.02,
                "card {card}: {} against {}",
                odds[card],
                truth[card]
            );
        }
    }
}
