//! The `random` player: random suggestions and shows, and an accusation
//! only when simple elimination leaves one card in every category.

use super::super::cards::{Card, CardSet};
use super::super::event::{Answer, Seat};
use super::super::rng::SplitMix64;
use super::Computer;

/// The `random` player: it names a random card of each category, shows a
/// random eligible card, and accuses when, in every category, all cards but
/// one are in its hand or were shown to it.
#[derive(Debug, Clone)]
pub struct RandomPlayer {
    /// Cards it knows are held by someone (its own, and those shown to it).
    seen: Vec<bool>,
    rng: SplitMix64,
}

impl RandomPlayer {
    pub(crate) fn new(cards: &CardSet, hand: &[Card], rng: SplitMix64) -> RandomPlayer {
        let mut seen = vec![false; cards.len()];
        for &card in hand {
            seen[card.index()] = true;
        }
        RandomPlayer { seen, rng }
    }

    pub(crate) fn suggest(&mut self, cards: &CardSet) -> Vec<Card> {
        (0..cards.categories())
            .map(|category| {
                let range = cards.category(category);
                Card(range.start + self.rng.index(range.len()))
            })
            .collect()
    }

    pub(crate) fn show(&mut self, eligible: &[Card]) -> Card {
        eligible[self.rng.index(eligible.len())]
    }

    pub(crate) fn observe(&mut self, answer: &Answer<'_>) {
        if let Some(card) = answer.shown {
            self.seen[card.index()] = true;
        }
    }

    pub(crate) fn accuse(&mut self, cards: &CardSet) -> Option<Vec<Card>> {
        (0..cards.categories())
            .map(|category| {
                let mut unseen = cards
                    .category(category)
                    .map(Card)
                    .filter(|&card| !self.seen[card.index()]);
                match (unseen.next(), unseen.next()) {
                    (Some(card), None) => Some(card),
                    _ => None,
                }
            })
            .collect()
    }
}

impl Computer for RandomPlayer {
    fn suggest(&mut self, cards: &CardSet) -> Vec<Card> {
        RandomPlayer::suggest(self, cards)
    }

    fn show(&mut self, _cards: &CardSet, _suggester: Seat, eligible: &[Card]) -> Card {
        RandomPlayer::show(self, eligible)
    }

    fn observe(&mut self, _cards: &CardSet, answer: &Answer<'_>) {
        RandomPlayer::observe(self, answer);
    }

    fn accuse(&mut self, cards: &CardSet) -> Option<Vec<Card>> {
        RandomPlayer::accuse(self, cards)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny() -> CardSet {
        CardSet::from_names(&[("a", &["a1", "a2", "a3"]), ("b", &["b1", "b2"])])
    }

    #[test]
    fn random_accuses_once_all_but_one_card_per_category_is_seen() {
        let cards = tiny();
        let mut player = RandomPlayer::new(&cards, &[Card(0), Card(3)], SplitMix64::new(1));
        assert_eq!(player.accuse(&cards), None);
        player.observe(&Answer {
            suggester: Seat(0),
            cards: &[Card(1), Card(4)],
            passes: &[],
            shower: Some(Seat(1)),
            shown: Some(Card(1)),
        });
        assert_eq!(player.accuse(&cards), Some(vec![Card(2), Card(4)]));
    }
}
