//! The computer players: what each strategy suggests, shows and accuses, from
//! what its seat has seen.
//!
//! This module is what every strategy shares: the strategy names
//! ([`Strategy`]), the seat interface every computer player implements
//! ([`Computer`]) and the dispatch from a name to a player ([`Player`]).
//! Each strategy has its own module below it, which takes these from here
//! (and `expert` its rivals' `random` and `seed` shadows from their
//! modules); no strategy module imports another that imports it back:
//!
//! - [`random`]: random suggestions and shows;
//! - [`seed`]: the original console game's heuristic;
//! - [`smart`]: exact reasoning with the [`knowledge`](super::knowledge)
//!   engine, a belief about its rivals, and the race;
//! - [`expert`]: a weighted sample of the deals, its rivals replayed as
//!   `random` and `seed` shadows;
//! - [`shows`]: the show rule `smart` and `expert` share.

pub mod expert;
pub mod random;
pub mod seed;
pub mod shows;
pub mod smart;

use super::cards::{Card, CardSet};
use super::event::{Answer, Seat};
use super::rng::SplitMix64;

use expert::ExpertPlayer;
use random::RandomPlayer;
use seed::SeedPlayer;
use smart::SmartPlayer;

/// A player's strategy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Strategy {
    /// Random suggestions and shows; accuses only when certain by simple
    /// elimination.
    Random,
    /// The original console game's heuristic.
    Seed,
    /// Exact reasoning, informative suggestions, careful shows, and
    /// accusations that take a risk when a rival is close.
    Smart,
    /// Weighs sampled deals by how likely its rivals' moves were under
    /// their known strategies, and plays the race ([`expert`]).
    Expert,
}

impl Strategy {
    /// Every strategy, in the order the summary lists them when tied.
    pub const ALL: [Strategy; 4] = [
        Strategy::Random,
        Strategy::Seed,
        Strategy::Smart,
        Strategy::Expert,
    ];

    /// The strategy's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::Random => "random",
            Strategy::Seed => "seed",
            Strategy::Smart => "smart",
            Strategy::Expert => "expert",
        }
    }

    /// The strategy with this name.
    pub fn from_name(name: &str) -> Option<Strategy> {
        Strategy::ALL
            .into_iter()
            .find(|strategy| strategy.name() == name)
    }
}

/// The seat interface: what the referee asks of a computer player, and
/// what it tells it. Every strategy implements it; [`Player`] holds one.
pub trait Computer {
    /// The suggestion on this player's turn: one card per category.
    fn suggest(&mut self, cards: &CardSet) -> Vec<Card>;

    /// The card to show to `suggester`, one of `eligible` (never empty).
    fn show(&mut self, cards: &CardSet, suggester: Seat, eligible: &[Card]) -> Card;

    /// Learns from the answer to a suggestion (every seat's included).
    fn observe(&mut self, cards: &CardSet, answer: &Answer<'_>);

    /// The accusation after this player's suggestion was answered, if any.
    fn accuse(&mut self, cards: &CardSet) -> Option<Vec<Card>>;

    /// Learns that seat `accuser` accused `accusation` wrongly. By default
    /// nothing: `random` and `seed` ignore wrong accusations.
    fn observe_accusation(&mut self, _cards: &CardSet, _accuser: Seat, _accusation: &[Card]) {}
}

/// One seat's player, whatever its strategy.
#[derive(Debug, Clone)]
pub enum Player {
    /// A `random` player.
    Random(RandomPlayer),
    /// A `seed` player.
    Seed(SeedPlayer),
    /// A `smart` player.
    Smart(Box<SmartPlayer>),
    /// An `expert` player.
    Expert(Box<ExpertPlayer>),
}

impl Player {
    /// The player of `strategy` in seat `me`, holding `hand`; `hand_sizes`
    /// are every seat's hand size (public); `table` is every seat's strategy
    /// (public; `None` for a person); `rng` is the seat's own stream.
    pub fn new(
        strategy: Strategy,
        cards: &CardSet,
        me: Seat,
        hand: &[Card],
        hand_sizes: &[usize],
        table: &[Option<Strategy>],
        rng: SplitMix64,
    ) -> Player {
        match strategy {
            Strategy::Random => Player::Random(RandomPlayer::new(cards, hand, rng)),
            Strategy::Seed => Player::Seed(SeedPlayer::new(cards, me, hand, hand_sizes.len(), rng)),
            Strategy::Smart => {
                Player::Smart(Box::new(SmartPlayer::new(cards, me, hand, hand_sizes, rng)))
            }
            Strategy::Expert => Player::Expert(Box::new(ExpertPlayer::new(
                cards, me, hand, hand_sizes, table, rng,
            ))),
        }
    }

    /// The suggestion on this player's turn: one card per category.
    pub fn suggest(&mut self, cards: &CardSet) -> Vec<Card> {
        self.computer().suggest(cards)
    }

    /// The card to show to `suggester`, one of `eligible` (never empty).
    pub fn show(&mut self, cards: &CardSet, suggester: Seat, eligible: &[Card]) -> Card {
        self.computer().show(cards, suggester, eligible)
    }

    /// Learns from the answer to a suggestion (every seat's included).
    pub fn observe(&mut self, cards: &CardSet, answer: &Answer<'_>) {
        self.computer().observe(cards, answer);
    }

    /// The accusation after this player's suggestion was answered, if any.
    pub fn accuse(&mut self, cards: &CardSet) -> Option<Vec<Card>> {
        self.computer().accuse(cards)
    }

    /// Learns that seat `accuser` accused `accusation` wrongly.
    pub fn observe_accusation(&mut self, cards: &CardSet, accuser: Seat, accusation: &[Card]) {
        self.computer()
            .observe_accusation(cards, accuser, accusation);
    }

    /// The seat's player behind the seat interface.
    fn computer(&mut self) -> &mut dyn Computer {
        match self {
            Player::Random(player) => player,
            Player::Seed(player) => player,
            Player::Smart(player) => player.as_mut(),
            Player::Expert(player) => player.as_mut(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strategy_names_round_trip() {
        for strategy in Strategy::ALL {
            assert_eq!(Strategy::from_name(strategy.name()), Some(strategy));
        }
        assert_eq!(Strategy::from_name("Smart"), None);
    }
}
