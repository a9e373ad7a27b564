//! What happens at the table, as values: the referee ([`super::game`])
//! emits [`Event`]s, [`render`] writes them as the transcript, and each
//! player learns from its own view of an answer, [`Answer`].

use std::fmt;
use std::fmt::Write as _;

use super::cards::{Card, CardSet};

/// A seat at the table, counted from 0 (the transcript counts from 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Seat(pub usize);

impl Seat {
    /// The seat's index, from 0.
    pub fn index(self) -> usize {
        self.0
    }
}

/// The seat as the transcript writes it: counted from 1.
impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0 + 1)
    }
}

/// One thing that happened, in the order it happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event<'a> {
    /// The envelope, one card per category in category order.
    Envelope(&'a [Card]),
    /// A seat's hand, in the order its cards were dealt.
    Hand(Seat, &'a [Card]),
    /// Turn `turn` (from 1): `seat` names one card per category.
    Suggested {
        /// The turn's number, this one included.
        turn: usize,
        /// Who suggests.
        seat: Seat,
        /// The named cards, in category order.
        cards: &'a [Card],
    },
    /// An asked seat could not show any named card.
    Passed(Seat),
    /// An asked seat showed this card to the suggester.
    Showed(Seat, Card),
    /// Every other seat passed.
    NobodyShowed,
    /// `seat` accused these cards; `correct` when they are the envelope.
    Accused {
        /// Who accuses.
        seat: Seat,
        /// The accused cards, in category order.
        cards: &'a [Card],
        /// Whether they are the envelope.
        correct: bool,
    },
    /// The game ended: `winner` accused correctly after `turns` turns, or
    /// nobody did.
    Ended {
        /// The seat that won, if any.
        winner: Option<Seat>,
        /// The turns played.
        turns: usize,
    },
}

/// What one seat learns from the answer to a suggestion: everybody sees
/// who passed and who showed, and only the suggester and the shower see the
/// card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Answer<'a> {
    /// The seat that suggested.
    pub suggester: Seat,
    /// The named cards, one per category.
    pub cards: &'a [Card],
    /// The seats that could not show, in the order they were asked.
    pub passes: &'a [Seat],
    /// The seat that showed a card, if any.
    pub shower: Option<Seat>,
    /// The card shown, when this seat saw it (it suggested or showed).
    pub shown: Option<Card>,
}

/// Appends the transcript line of `event` to `text` (the format is in the
/// crate README).
pub fn render(cards: &CardSet, event: &Event<'_>, text: &mut String) {
    // Writing to a `String` cannot fail.
    let _ = match *event {
        Event::Envelope(envelope) => write!(text, "envelope{}", Names(cards, envelope)),
        Event::Hand(seat, hand) => write!(text, "hand {seat}{}", Names(cards, hand)),
        Event::Suggested {
            turn,
            seat,
            cards: named,
        } => write!(text, "turn {turn} {seat} suggests{}", Names(cards, named)),
        Event::Passed(seat) => write!(text, "pass {seat}"),
        Event::Showed(seat, card) => write!(text, "show {seat} {}", cards.name(card)),
        Event::NobodyShowed => write!(text, "none"),
        Event::Accused {
            seat,
            cards: accused,
            correct,
        } => write!(
            text,
            "accuse {seat}{} {}",
            Names(cards, accused),
            if correct { "correct" } else { "wrong" }
        ),
        Event::Ended {
            winner: Some(seat),
            turns,
        } => write!(text, "winner {seat} after {turns} turns"),
        Event::Ended {
            winner: None,
            turns,
        } => write!(text, "nobody wins after {turns} turns"),
    };
    text.push('\n');
}

/// Card names, each after a space.
struct Names<'a>(&'a CardSet, &'a [Card]);

impl fmt::Display for Names<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &card in self.1 {
            write!(f, " {}", self.0.name(card))?;
        }
        Ok(())
    }
}
