//! `expert`'s replay of the history in one deal: a shadow of every
//! modelled rival (the real `seed` or `random` player given that deal's
//! hand) replays the turns, every unseen show between rivals followed in
//! each way its shower's rule allows, for the likelihood of the rivals'
//! moves; then the shadows play the coming round (see the parent module's
//! docs, "The sample" and "Decisions").

use super::super::super::cards::{Card, CardSet};
use super::super::super::event::{Answer, Seat};
use super::super::super::rng::SplitMix64;
use super::super::random::RandomPlayer;
use super::super::seed::SeedPlayer;
use super::{ExpertPlayer, Model, Turn, BRANCHES};

/// A rival's shadow in one deal.
#[derive(Debug, Clone)]
enum Shadow {
    Seed(SeedPlayer),
    Random(RandomPlayer),
}

impl ExpertPlayer {
    /// Replays the history in the deal `owner` with a shadow of every
    /// modelled rival: the log of the likelihood of the rivals' moves, and
    /// (with `race`) whether one of them wins the round until this seat's
    /// next turn.
    pub(super) fn replay(&mut self, owner: &[usize], race: bool) -> (f64, bool) {
        let players = self.hand_sizes.len();
        let shadows: Vec<Option<Shadow>> = (0..players)
            .map(|seat| {
                let hand: Vec<Card> = (0..owner.len())
                    .filter(|&card| owner[card] == seat)
                    .map(Card)
                    .collect();
                let rng = SplitMix64::new(self.rng.next_u64());
                match self.models[seat] {
                    Model::Seed => Some(Shadow::Seed(SeedPlayer::new(
                        &self.cards,
                        Seat(seat),
                        &hand,
                        players,
                        rng,
                    ))),
                    Model::Random => {
                        Some(Shadow::Random(RandomPlayer::new(&self.cards, &hand, rng)))
                    }
                    Model::Neutral => None,
                }
            })
            .collect();
        // Every way the unseen shows between rivals may have gone, with its
        // log-likelihood so far (at most BRANCHES, kept by resampling).
        let mut branches: Vec<(Vec<Option<Shadow>>, f64)> = vec![(shadows, 0.0)];
        for turn in &self.history {
            let suggester = turn.suggester;
            let named: Vec<Card> = turn.named.iter().copied().map(Card).collect();
            let passes: Vec<Seat> = turn.passes.iter().copied().map(Seat).collect();
            let answer = answer(turn, &named, &passes);
            branches.retain_mut(|(shadows, log_likelihood)| {
                if let Some(Shadow::Seed(shadow)) = &shadows[suggester] {
                    for (category, &card) in turn.named.iter().enumerate() {
                        match shadow.ties_with(&self.cards, category, Card(card)) {
                            Some(ties) => *log_likelihood -= (ties as f64).ln(),
                            None => return false,
                        }
                    }
                }
                true
            });
            let mut next = Vec::with_capacity(branches.len());
            for (mut shadows, log_likelihood) in branches {
                match (turn.shower, turn.shown) {
                    (Some(shower), Some(card)) => {
                        if let Some(Shadow::Seed(shadow)) = &mut shadows[shower] {
                            shadow.note_shown(Card(card));
                        }
                        tell(&mut shadows, answer, Some(card));
                        next.push((shadows, log_likelihood));
                    }
                    (Some(shower), None) => {
                        let eligible: Vec<Card> = turn
                            .named
                            .iter()
                            .copied()
                            .filter(|&card| owner[card] == shower)
                            .map(Card)
                            .collect();
                        let choices = match &shadows[shower] {
                            Some(Shadow::Seed(shadow)) => shadow.show_ties(&eligible),
                            _ => eligible,
                        };
                        let share = (choices.len() as f64).ln();
                        for (index, &card) in choices.iter().enumerate() {
                            let mut branch = if index + 1 == choices.len() {
                                std::mem::take(&mut shadows)
                            } else {
                                shadows.clone()
                            };
                            if let Some(Shadow::Seed(shadow)) = &mut branch[shower] {
                                shadow.note_shown(card);
                            }
                            tell(&mut branch, answer, Some(card.index()));
                            next.push((branch, log_likelihood - share));
                        }
                    }
                    _ => {
                        tell(&mut shadows, answer, None);
                        next.push((shadows, log_likelihood));
                    }
                }
            }
            branches = next;
            if !turn.accused_wrongly {
                branches.retain_mut(|(shadows, _)| match &mut shadows[suggester] {
                    Some(shadow) => shadow.accuse(&self.cards).is_none(),
                    None => true,
                });
            }
            if branches.len() > BRANCHES {
                branches = thin(&mut self.rng, branches);
            }
        }
        let top = branches
            .iter()
            .map(|branch| branch.1)
            .fold(f64::NEG_INFINITY, f64::max);
        if top == f64::NEG_INFINITY {
            return (f64::NEG_INFINITY, false);
        }
        let total: f64 = branches.iter().map(|branch| (branch.1 - top).exp()).sum();
        let log_likelihood = top + total.ln();
        // The race is played from one branch, drawn by its weight.
        let mut pick = (self.rng.index(1 << 30) as f64 + 0.5) / (1u64 << 30) as f64 * total;
        let mut chosen = branches.len() - 1;
        for (index, branch) in branches.iter().enumerate() {
            pick -= (branch.1 - top).exp();
            if pick <= 0.0 {
                chosen = index;
                break;
            }
        }
        let mut shadows = branches.swap_remove(chosen).0;
        let rival_wins = race && self.round(owner, &mut shadows);
        (log_likelihood, rival_wins)
    }

    /// Plays the modelled rivals' turns until this seat's next one in the
    /// deal `owner`: true when one of them accuses right.
    fn round(&mut self, owner: &[usize], shadows: &mut [Option<Shadow>]) -> bool {
        let players = self.hand_sizes.len();
        let envelope = players;
        for step in 1..players {
            let suggester = (self.me + step) % players;
            if self.out[suggester] {
                continue;
            }
            let named: Vec<usize> = match &mut shadows[suggester] {
                Some(shadow) => shadow
                    .suggest(&self.cards)
                    .into_iter()
                    .map(Card::index)
                    .collect(),
                None => continue,
            };
            let mut passes = Vec::new();
            let mut shower = None;
            for ask in 1..players {
                let asked = (suggester + ask) % players;
                let eligible: Vec<Card> = named
                    .iter()
                    .copied()
                    .filter(|&card| owner[card] == asked)
                    .map(Card)
                    .collect();
                if eligible.is_empty() {
                    passes.push(asked);
                } else {
                    let card = if asked == self.me {
                        eligible[0].index()
                    } else {
                        shadow_show(&mut self.rng, &mut shadows[asked], &eligible)
                    };
                    shower = Some((asked, card));
                    break;
                }
            }
            let turn = Turn {
                suggester,
                named,
                passes,
                shower: shower.map(|(seat, _)| seat),
                shown: None,
                accused_wrongly: false,
            };
            let named: Vec<Card> = turn.named.iter().copied().map(Card).collect();
            let passes: Vec<Seat> = turn.passes.iter().copied().map(Seat).collect();
            tell(
                shadows,
                answer(&turn, &named, &passes),
                shower.map(|(_, card)| card),
            );
            if let Some(shadow) = &mut shadows[suggester] {
                if let Some(accusation) = shadow.accuse(&self.cards) {
                    if accusation
                        .iter()
                        .all(|card| owner[card.index()] == envelope)
                    {
                        return true;
                    }
                }
            }
        }
        false
    }
}

impl Shadow {
    fn suggest(&mut self, cards: &CardSet) -> Vec<Card> {
        match self {
            Shadow::Seed(player) => player.suggest(cards),
            Shadow::Random(player) => player.suggest(cards),
        }
    }

    fn accuse(&mut self, cards: &CardSet) -> Option<Vec<Card>> {
        match self {
            Shadow::Seed(player) => player.accuse(cards),
            Shadow::Random(player) => player.accuse(cards),
        }
    }
}

/// [`BRANCHES`] of `branches`, drawn by weight (systematic
/// resampling), each carrying an equal share of the total weight.
fn thin(
    rng: &mut SplitMix64,
    mut branches: Vec<(Vec<Option<Shadow>>, f64)>,
) -> Vec<(Vec<Option<Shadow>>, f64)> {
    let top = branches
        .iter()
        .map(|branch| branch.1)
        .fold(f64::NEG_INFINITY, f64::max);
    let weights: Vec<f64> = branches
        .iter()
        .map(|branch| (branch.1 - top).exp())
        .collect();
    let total: f64 = weights.iter().sum();
    let share = top + (total / BRANCHES as f64).ln();
    let step = total / BRANCHES as f64;
    let mut point = step * (rng.index(1 << 20) as f64 + 0.5) / (1 << 20) as f64;
    let mut reached = 0.0;
    let mut kept = Vec::with_capacity(BRANCHES);
    for (index, weight) in weights.iter().enumerate() {
        reached += weight;
        while point < reached && kept.len() < BRANCHES {
            kept.push((branches[index].0.clone(), share));
            point += step;
        }
    }
    branches.clear();
    kept
}

/// The card a shower shows: by its shadow's rule, else uniformly.
fn shadow_show(rng: &mut SplitMix64, shadow: &mut Option<Shadow>, eligible: &[Card]) -> usize {
    match shadow {
        Some(Shadow::Seed(player)) => player.show(eligible).index(),
        Some(Shadow::Random(player)) => player.show(eligible).index(),
        None => eligible[rng.index(eligible.len())].index(),
    }
}

/// The answer to `turn` as its suggester saw it (`named` and `passes` are
/// its cards and seats as the players take them), without the shown card.
fn answer<'a>(turn: &Turn, named: &'a [Card], passes: &'a [Seat]) -> Answer<'a> {
    Answer {
        suggester: Seat(turn.suggester),
        cards: named,
        passes,
        shower: turn.shower.map(Seat),
        shown: None,
    }
}

/// Tells every shadow `answer`, with the card `shown` to the suggester and
/// the shower only.
fn tell(shadows: &mut [Option<Shadow>], answer: Answer<'_>, shown: Option<usize>) {
    for (seat, shadow) in shadows.iter_mut().enumerate() {
        let sees = Seat(seat) == answer.suggester || answer.shower == Some(Seat(seat));
        let answer = Answer {
            shown: shown.filter(|_| sees).map(Card),
            ..answer
        };
        match shadow {
            Some(Shadow::Seed(player)) => player.observe(&answer),
            Some(Shadow::Random(player)) => player.observe(&answer),
            None => {}
        }
    }
}
