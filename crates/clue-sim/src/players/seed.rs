//! The `seed` player: the original console game's heuristic, by
//! positives, negatives and possibilities.

use super::super::cards::{Card, CardSet};
use super::super::event::{Answer, Seat};
use super::super::rng::SplitMix64;
use super::Computer;

/// The `seed` player: the original console game's heuristic.
///
/// It keeps *positives* (card X is held by seat Y), *negatives* (seat Y does
/// not hold card X) and *possibilities* (seat Y holds at least one of these
/// cards: a show it did not see). A positive makes every other seat a
/// negative for that card; a possibility drops the cards its seat is known
/// not to hold, is fulfilled once its seat is known to hold one of them, and
/// becomes a positive when one card is left; this runs until nothing
/// changes. It does not use hand sizes or wrong accusations.
///
/// - Suggests, per category, a card that no seat is known to hold, the one
///   with the most negatives (ties broken at random).
/// - Shows the eligible card it has shown most often so far (ties at random).
/// - Accuses when every category is settled: all its cards but one are held
///   by known seats, or one of its cards is known to be held by no seat.
#[derive(Debug, Clone)]
pub struct SeedPlayer {
    players: usize,
    /// The seat known to hold each card, by card number.
    holder: Vec<Option<Seat>>,
    /// For each card, a bit per seat known not to hold it.
    negatives: Vec<u32>,
    /// Seats that hold at least one of some cards.
    possibilities: Vec<(Seat, Vec<Card>)>,
    /// How often it has shown each card.
    shown_count: Vec<u32>,
    rng: SplitMix64,
}

impl SeedPlayer {
    pub(crate) fn new(
        cards: &CardSet,
        me: Seat,
        hand: &[Card],
        players: usize,
        rng: SplitMix64,
    ) -> SeedPlayer {
        let mut player = SeedPlayer {
            players,
            holder: vec![None; cards.len()],
            negatives: vec![0; cards.len()],
            possibilities: Vec::new(),
            shown_count: vec![0; cards.len()],
            rng,
        };
        for card in (0..cards.len()).map(Card) {
            if hand.contains(&card) {
                player.set_positive(card, me);
            } else {
                player.negatives[card.index()] |= 1 << me.index();
            }
        }
        player
    }

    fn set_positive(&mut self, card: Card, seat: Seat) {
        self.holder[card.index()] = Some(seat);
        self.negatives[card.index()] = self.all_seats() & !(1 << seat.index());
    }

    fn all_seats(&self) -> u32 {
        (1u32 << self.players) - 1
    }

    fn holder(&self, card: Card) -> Option<Seat> {
        self.holder[card.index()]
    }

    fn negatives(&self, card: Card) -> u32 {
        self.negatives[card.index()]
    }

    pub(crate) fn suggest(&mut self, cards: &CardSet) -> Vec<Card> {
        (0..cards.categories())
            .map(|category| {
                let (most, ties) = self.most_negatives(cards, category);
                let pick = self.rng.index(ties);
                self.best(cards, category, most)
                    .nth(pick)
                    .expect("the pick is among the ties")
            })
            .collect()
    }

    /// The most negatives of a card of `category` that no seat is known to
    /// hold, and how many such cards have that many: the cards its
    /// suggestion picks from (never none: the envelope's card is never
    /// located).
    pub(crate) fn most_negatives(&self, cards: &CardSet, category: usize) -> (u32, usize) {
        let most = self
            .unlocated(cards, category)
            .map(|card| self.negatives(card).count_ones())
            .max()
            .unwrap_or(0);
        (most, self.best(cards, category, most).count())
    }

    /// How many cards its suggestion picks from in `category` when `card`
    /// is one of them, else `None`: the chance of a suggestion's card is
    /// one over this count (a replay asks it once per category and turn, so
    /// it builds no list).
    pub(crate) fn ties_with(&self, cards: &CardSet, category: usize, card: Card) -> Option<usize> {
        let (most, ties) = self.most_negatives(cards, category);
        let among = cards.category(category).contains(&card.index())
            && self.holder(card).is_none()
            && self.negatives(card).count_ones() == most;
        among.then_some(ties)
    }

    /// The cards of `category` no seat is known to hold.
    fn unlocated<'a>(
        &'a self,
        cards: &CardSet,
        category: usize,
    ) -> impl Iterator<Item = Card> + 'a {
        cards
            .category(category)
            .map(Card)
            .filter(move |&card| self.holder(card).is_none())
    }

    /// The cards of `category` no seat is known to hold with `most`
    /// negatives.
    fn best<'a>(
        &'a self,
        cards: &CardSet,
        category: usize,
        most: u32,
    ) -> impl Iterator<Item = Card> + 'a {
        self.unlocated(cards, category)
            .filter(move |&card| self.negatives(card).count_ones() == most)
    }

    /// Counts a show of `card` that was made without [`show`](Self::show)
    /// (a shadow told what its seat really showed).
    pub(crate) fn note_shown(&mut self, card: Card) {
        self.shown_count[card.index()] += 1;
    }

    pub(crate) fn show(&mut self, eligible: &[Card]) -> Card {
        let best = self.show_ties(eligible);
        let card = best[self.rng.index(best.len())];
        self.shown_count[card.index()] += 1;
        card
    }

    /// The eligible cards its show picks from (at random): those it has
    /// shown most.
    pub(crate) fn show_ties(&self, eligible: &[Card]) -> Vec<Card> {
        let most = eligible
            .iter()
            .map(|&card| self.shown_count[card.index()])
            .max()
            .unwrap_or(0);
        eligible
            .iter()
            .copied()
            .filter(|&card| self.shown_count[card.index()] == most)
            .collect()
    }

    pub(crate) fn observe(&mut self, answer: &Answer<'_>) {
        for &passer in answer.passes {
            for &card in answer.cards {
                self.negatives[card.index()] |= 1 << passer.index();
            }
        }
        if let Some(shower) = answer.shower {
            match answer.shown {
                Some(card) => self.set_positive(card, shower),
                None => self.possibilities.push((shower, answer.cards.to_vec())),
            }
        }
        self.resolve();
    }

    /// Settles possibilities until nothing changes.
    fn resolve(&mut self) {
        loop {
            let mut changed = false;
            let mut index = 0;
            while index < self.possibilities.len() {
                let seat = self.possibilities[index].0;
                let fulfilled = self.possibilities[index]
                    .1
                    .iter()
                    .any(|&card| self.holder(card) == Some(seat));
                if fulfilled {
                    self.possibilities.swap_remove(index);
                    changed = true;
                    continue;
                }
                let negatives = &self.negatives;
                self.possibilities[index]
                    .1
                    .retain(|&card| negatives[card.index()] & (1 << seat.index()) == 0);
                match self.possibilities[index].1.len() {
                    0 => {
                        // Impossible with a truthful referee; drop it.
                        self.possibilities.swap_remove(index);
                        changed = true;
                    }
                    1 => {
                        let card = self.possibilities[index].1[0];
                        self.possibilities.swap_remove(index);
                        self.set_positive(card, seat);
                        changed = true;
                    }
                    _ => index += 1,
                }
            }
            if !changed {
                break;
            }
        }
    }

    pub(crate) fn accuse(&mut self, cards: &CardSet) -> Option<Vec<Card>> {
        let nobody = self.all_seats();
        (0..cards.categories())
            .map(|category| {
                let mut range = cards.category(category).map(Card);
                if let Some(card) = range.clone().find(|&card| self.negatives(card) == nobody) {
                    return Some(card);
                }
                let mut unlocated = range.by_ref().filter(|&card| self.holder(card).is_none());
                match (unlocated.next(), unlocated.next()) {
                    (Some(card), None) => Some(card),
                    _ => None,
                }
            })
            .collect()
    }
}

impl Computer for SeedPlayer {
    fn suggest(&mut self, cards: &CardSet) -> Vec<Card> {
        SeedPlayer::suggest(self, cards)
    }

    fn show(&mut self, _cards: &CardSet, _suggester: Seat, eligible: &[Card]) -> Card {
        SeedPlayer::show(self, eligible)
    }

    fn observe(&mut self, _cards: &CardSet, answer: &Answer<'_>) {
        SeedPlayer::observe(self, answer);
    }

    fn accuse(&mut self, cards: &CardSet) -> Option<Vec<Card>> {
        SeedPlayer::accuse(self, cards)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny() -> CardSet {
        CardSet::from_names(&[("a", &["a1", "a2", "a3"]), ("b", &["b1", "b2"])])
    }

    #[test]
    fn seed_turns_a_possibility_into_a_positive_by_elimination() {
        let cards = tiny();
        // Seat 0 holds a1; seat 1 showed one of a2, b1 to seat 2; then seat 1
        // passes on a2 + b2, so it must hold b1.
        let mut player = SeedPlayer::new(&cards, Seat(0), &[Card(0)], 3, SplitMix64::new(1));
        player.observe(&Answer {
            suggester: Seat(2),
            cards: &[Card(1), Card(3)],
            passes: &[],
            shower: Some(Seat(1)),
            shown: None,
        });
        assert_eq!(player.holder[3], None);
        player.observe(&Answer {
            suggester: Seat(2),
            cards: &[Card(1), Card(4)],
            passes: &[Seat(0), Seat(1)],
            shower: None,
            shown: None,
        });
        assert_eq!(player.holder[3], Some(Seat(1)));
        // Category b is settled now (b1 located, b2 left), but a is not (a2
        // and a3 are both unlocated), so no accusation yet.
        assert_eq!(player.accuse(&cards), None);
        assert!(player.negatives[4] & 0b011 == 0b011);
    }

    #[test]
    fn seed_accuses_when_a_card_is_held_by_nobody() {
        let cards = tiny();
        let mut player = SeedPlayer::new(&cards, Seat(0), &[Card(0)], 2, SplitMix64::new(1));
        player.observe(&Answer {
            suggester: Seat(0),
            cards: &[Card(1), Card(3)],
            passes: &[Seat(1)],
            shower: None,
            shown: None,
        });
        assert_eq!(player.accuse(&cards), Some(vec![Card(1), Card(3)]));
    }

    #[test]
    fn seed_shows_the_card_it_showed_most() {
        let cards = tiny();
        let mut player =
            SeedPlayer::new(&cards, Seat(0), &[Card(0), Card(3)], 2, SplitMix64::new(1));
        player.shown_count[3] = 2;
        assert_eq!(player.show(&[Card(0), Card(3)]), Card(3));
        assert_eq!(player.shown_count[3], 3);
    }
}
