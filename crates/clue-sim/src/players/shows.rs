//! What a player has shown, and the show rule `smart` and `expert` share.

use super::super::cards::Card;
use super::super::event::Seat;
use super::super::rng::SplitMix64;

/// What a player has shown, and the show rule of `smart` and `expert`: a
/// card this suggester has already seen from it, if any (that gives
/// nothing away); else, with `expert`, a card of the largest category (see
/// [`super::expert::ExpertPlayer`]'s `show`); then the card it has shown most
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
