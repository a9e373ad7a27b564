//! What happens at the table, as values: the referee ([`super::game`])
//! emits [`Event`]s, [`render`] writes them as the transcript, and each
//! player learns from its own view of an answer, [`Answer`]. A seat that
//! shows a person the game ([`super::human`]) follows the events through a
//! [`Witness`], as the [`Seen`] values its seat may know.

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

/// One event of the play (after the deal) as one seat sees it: what
/// [`Event`] says, without the card shown when the seat neither showed nor
/// saw it, and with the envelope once the game is over (when every seat
/// sees it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Seen {
    /// Turn `turn` (from 1): `seat` names one card per category.
    Suggested {
        /// The turn's number, this one included.
        turn: usize,
        /// Who suggests.
        seat: Seat,
        /// The named cards, in category order.
        cards: Vec<Card>,
    },
    /// An asked seat could not show any named card.
    Passed(Seat),
    /// An asked seat showed a card to the suggester.
    Showed {
        /// Who showed.
        seat: Seat,
        /// The suggester, who saw the card.
        to: Seat,
        /// The card, when the seat watching showed or saw it.
        card: Option<Card>,
    },
    /// Every other seat passed.
    NobodyShowed,
    /// `seat` accused these cards; `correct` when they are the envelope.
    Accused {
        /// Who accuses.
        seat: Seat,
        /// The accused cards, in category order.
        cards: Vec<Card>,
        /// Whether they are the envelope.
        correct: bool,
    },
    /// The game ended, and the envelope is shown.
    Ended {
        /// The seat that won, if any.
        winner: Option<Seat>,
        /// The turns played.
        turns: usize,
        /// The envelope, one card per category in category order.
        envelope: Vec<Card>,
    },
}

impl Seen {
    /// The event's name, as the web page gives it: `suggested`, `passed`,
    /// `showed`, `nobody_showed`, `accused` or `ended`.
    pub fn word(&self) -> &'static str {
        match self {
            Seen::Suggested { .. } => "suggested",
            Seen::Passed(_) => "passed",
            Seen::Showed { .. } => "showed",
            Seen::NobodyShowed => "nobody_showed",
            Seen::Accused { .. } => "accused",
            Seen::Ended { .. } => "ended",
        }
    }

    /// The event's facts, each with its name, in the order of the
    /// variant's fields, cards named from `cards`: `suggested` has `turn`,
    /// `seat` and `cards`; `passed` `seat`; `showed` `seat`, `to` (the
    /// suggester) and `card`; `nobody_showed` none; `accused` `seat`,
    /// `cards` and `correct`; `ended` `winner`, `turns` and `envelope`.
    pub fn facts<'a>(&self, cards: &'a CardSet) -> Vec<(&'static str, Fact<'a>)> {
        let seat = |seat: Seat| Fact::Seat(Some(seat.index() + 1));
        match self {
            Seen::Suggested {
                turn,
                seat: suggester,
                cards: named,
            } => vec![
                ("turn", Fact::Number(*turn)),
                ("seat", seat(*suggester)),
                ("cards", Fact::Cards(cards.names(named))),
            ],
            Seen::Passed(passer) => vec![("seat", seat(*passer))],
            Seen::Showed {
                seat: shower,
                to,
                card,
            } => vec![
                ("seat", seat(*shower)),
                ("to", seat(*to)),
                ("card", Fact::Card(card.map(|card| cards.name(card)))),
            ],
            Seen::NobodyShowed => Vec::new(),
            Seen::Accused {
                seat: accuser,
                cards: accused,
                correct,
            } => vec![
                ("seat", seat(*accuser)),
                ("cards", Fact::Cards(cards.names(accused))),
                ("correct", Fact::Flag(*correct)),
            ],
            Seen::Ended {
                winner,
                turns,
                envelope,
            } => vec![
                (
                    "winner",
                    Fact::Seat(winner.map(|winner| winner.index() + 1)),
                ),
                ("turns", Fact::Number(*turns)),
                ("envelope", Fact::Cards(cards.names(envelope))),
            ],
        }
    }
}

/// One fact of a [`Seen`] event, as [`Seen::facts`] lists them for a page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fact<'a> {
    /// A count: a turn's number, or the turns played.
    Number(usize),
    /// A seat, counted from 1, or none (the winner when nobody won).
    Seat(Option<usize>),
    /// Cards by name, in category order.
    Cards(Vec<&'a str>),
    /// A card by name, or none when the seat watching did not see it.
    Card(Option<&'a str>),
    /// Yes or no (whether an accusation was correct).
    Flag(bool),
}

/// Follows a game's events for one seat and says what it sees of each
/// ([`Witness::see`]): it keeps the turn's suggester (who sees the card
/// shown) and the envelope (seen at the end).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Witness {
    seat: Seat,
    suggester: Seat,
    envelope: Vec<Card>,
}

impl Witness {
    /// Watches the game from `seat`, before the deal.
    pub fn new(seat: Seat) -> Witness {
        Witness {
            seat,
            suggester: seat,
            envelope: Vec::new(),
        }
    }

    /// The seat watching.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// What the seat sees of `event`, the next event of the game: `None`
    /// for the deal (the envelope, seen only with the end, and the hands).
    pub fn see(&mut self, event: &Event<'_>) -> Option<Seen> {
        Some(match *event {
            Event::Envelope(envelope) => {
                self.envelope = envelope.to_vec();
                return None;
            }
            Event::Hand(..) => return None,
            Event::Suggested { turn, seat, cards } => {
                self.suggester = seat;
                Seen::Suggested {
                    turn,
                    seat,
                    cards: cards.to_vec(),
                }
            }
            Event::Passed(seat) => Seen::Passed(seat),
            Event::Showed(seat, card) => {
                let sees = self.seat == seat || self.seat == self.suggester;
                Seen::Showed {
                    seat,
                    to: self.suggester,
                    card: Some(card).filter(|_| sees),
                }
            }
            Event::NobodyShowed => Seen::NobodyShowed,
            Event::Accused {
                seat,
                cards,
                correct,
            } => Seen::Accused {
                seat,
                cards: cards.to_vec(),
                correct,
            },
            Event::Ended { winner, turns } => Seen::Ended {
                winner,
                turns,
                envelope: self.envelope.clone(),
            },
        })
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_witness_sees_the_card_shown_only_when_it_showed_or_suggested() {
        let envelope = [Card(0), Card(3)];
        let named = [Card(1), Card(4)];
        let suggested = |seat| Event::Suggested {
            turn: 1,
            seat: Seat(seat),
            cards: &named,
        };
        let mut witness = Witness::new(Seat(0));
        assert_eq!(witness.seat(), Seat(0));
        assert_eq!(witness.see(&Event::Envelope(&envelope)), None);
        assert_eq!(witness.see(&Event::Hand(Seat(0), &named)), None);
        // Seat 1 suggests, seat 2 shows: seat 0 sees that a card was shown.
        assert_eq!(
            witness.see(&suggested(1)),
            Some(Seen::Suggested {
                turn: 1,
                seat: Seat(1),
                cards: named.to_vec()
            })
        );
        let shown = |seat| Event::Showed(Seat(seat), Card(4));
        assert_eq!(
            witness.see(&shown(2)),
            Some(Seen::Showed {
                seat: Seat(2),
                to: Seat(1),
                card: None
            })
        );
        // Seat 0 shows seat 1 the card itself, and sees it.
        assert_eq!(
            witness.see(&shown(0)),
            Some(Seen::Showed {
                seat: Seat(0),
                to: Seat(1),
                card: Some(Card(4))
            })
        );
        // Seat 0 suggests: it sees the card it is shown.
        witness.see(&suggested(0));
        assert_eq!(
            witness.see(&shown(2)),
            Some(Seen::Showed {
                seat: Seat(2),
                to: Seat(0),
                card: Some(Card(4))
            })
        );
        assert_eq!(
            witness.see(&Event::Passed(Seat(1))),
            Some(Seen::Passed(Seat(1)))
        );
        // The end shows the envelope.
        assert_eq!(
            witness.see(&Event::Ended {
                winner: None,
                turns: 2
            }),
            Some(Seen::Ended {
                winner: None,
                turns: 2,
                envelope: envelope.to_vec()
            })
        );
    }

    #[test]
    fn every_seen_event_has_its_word_and_named_facts() {
        let cards = CardSet::from_names(&[("who", &["Ann", "Bob"]), ("what", &["Axe", "Rope"])]);
        let named = vec![Card(1), Card(2)];
        let facts = |seen: &Seen| (seen.word(), seen.facts(&cards));
        assert_eq!(
            facts(&Seen::Suggested {
                turn: 3,
                seat: Seat(0),
                cards: named.clone()
            }),
            (
                "suggested",
                vec![
                    ("turn", Fact::Number(3)),
                    ("seat", Fact::Seat(Some(1))),
                    ("cards", Fact::Cards(vec!["Bob", "Axe"]))
                ]
            )
        );
        assert_eq!(
            facts(&Seen::Passed(Seat(2))),
            ("passed", vec![("seat", Fact::Seat(Some(3)))])
        );
        assert_eq!(
            facts(&Seen::Showed {
                seat: Seat(1),
                to: Seat(0),
                card: None
            }),
            (
                "showed",
                vec![
                    ("seat", Fact::Seat(Some(2))),
                    ("to", Fact::Seat(Some(1))),
                    ("card", Fact::Card(None))
                ]
            )
        );
        assert_eq!(facts(&Seen::NobodyShowed), ("nobody_showed", Vec::new()));
        assert_eq!(
            facts(&Seen::Accused {
                seat: Seat(1),
                cards: named.clone(),
                correct: false
            }),
            (
                "accused",
                vec![
                    ("seat", Fact::Seat(Some(2))),
                    ("cards", Fact::Cards(vec!["Bob", "Axe"])),
                    ("correct", Fact::Flag(false))
                ]
            )
        );
        assert_eq!(
            facts(&Seen::Ended {
                winner: None,
                turns: 9,
                envelope: named
            }),
            (
                "ended",
                vec![
                    ("winner", Fact::Seat(None)),
                    ("turns", Fact::Number(9)),
                    ("envelope", Fact::Cards(vec!["Bob", "Axe"]))
                ]
            )
        );
    }
}
