//! `smart`'s suggestion: per category a few candidates from the heuristic
//! order, and of their combinations the one whose answer is expected to
//! shrink the envelope's entropy the most (see the parent module's docs,
//! "Decisions").

use super::super::super::cards::{Card, CardSet};
use super::super::super::knowledge::{Analysis, Knowledge, Owner};
use super::SmartPlayer;

/// The bound on the work of the count behind a suggestion's score; beyond
/// it the score uses the engine's estimate. Measured (the crate README,
/// "Benchmark"; win shares at 3, 4 and 6 players and against `random`):
/// when the entropy score came in, 5,000 won 65.1/58.3/45.1/96.7 and 300
/// won 65.7/53.7/41.8/96.5, kept for speed ("How it got there"); later
/// 2,000 won 70.3/59.2 at 3 and 4 players against 70.7/57.1, and
/// 68.1/58.7 against 68.1/57.7 on 20,000 games from seed 1, one point at
/// four players for the time, not kept ("Tried in the third session and
/// not kept").
pub const SUGGESTION_BUDGET: u64 = 300;

/// The largest table whose suggestions use the count: with more players
/// the bounded count rarely finishes, and the estimate scores as well
/// (measured with six players: 41.7% with the estimate, 41.8% with the
/// count, 1,000 games), at a third of the time.
pub const SUGGESTION_COUNT_PLAYERS: usize = 4;

/// How many levels of the heuristic order give candidates for a suggestion
/// (see the module docs). Measured (the crate README, "Benchmark"; win
/// shares at 3, 4 and 6 players and against `random`): one level won
/// 65.2/52.2/34.0/97.4 against two levels' 65.1/58.3/45.1/96.7 ("How it
/// got there"); three levels 69.9/57.0 at 3 and 4 players against two
/// levels' 70.7/57.1 ("Tried in the third session and not kept").
pub const CANDIDATE_LEVELS: usize = 2;

/// How many candidates per category a suggestion is chosen from (the
/// likeliest envelope cards among them): at most `CANDIDATES^k` suggestions
/// are scored for `k` categories. Measured (the crate README, "Tried in
/// the third session and not kept", 3,000 games): 4 won 70.2/56.8 at 3
/// and 4 players and 5 won 69.3/57.1, against 3's 70.7/57.1; scored over
/// more suggestions, the entropy chooses worse. Fewer were not measured.
pub const CANDIDATES: usize = 3;

/// The most suggestions scored a turn (`CANDIDATES^3`: every combination
/// on three categories; with more categories, those past the third keep
/// their likeliest candidate only). Not tuned: it keeps the classic set's
/// every combination and bounds the cost of a turn on card sets of many
/// categories.
pub const SCORED: usize = 27;

/// Scores closer than this are a tie (broken at random). Not tuned: float
/// noise.
const TIE: f64 = 1e-12;

impl SmartPlayer {
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

#[cfg(test)]
mod tests {
    use super::*;

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
