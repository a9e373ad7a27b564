//! The detective's notebook: what one seat's [`Knowledge`] says of every
//! card, as a grid of marks (a row per card, a column per seat and then the
//! envelope). The person's terminal writes it as its `notebook` command's
//! lines and the web page draws it as a table; both read this one grid.
//!
//! The grid holds only what propagation has proved ([`Knowledge::known_owner`]
//! and [`Knowledge::may_hold`]): cheap, sound, and no count of deals. The
//! `odds` command's figures, which do count the deals
//! ([`Knowledge::analysis`]), are [`Odds`].

use super::cards::Card;
use super::knowledge::{Analysis, Knowledge, Owner};

/// What the notebook says of one card and one owner.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mark {
    /// The owner holds the card: it is the card's known owner.
    Held,
    /// The owner cannot hold the card.
    NotHeld,
    /// Not known either way.
    Unknown,
}

impl Mark {
    /// `held`, `not held` or `unknown`: the mark as the web page words it.
    pub fn word(self) -> &'static str {
        match self {
            Mark::Held => "held",
            Mark::NotHeld => "not held",
            Mark::Unknown => "unknown",
        }
    }

    /// `+`, `-` or `?`: the mark as `--assist` writes it.
    pub fn symbol(self) -> char {
        match self {
            Mark::Held => '+',
            Mark::NotHeld => '-',
            Mark::Unknown => '?',
        }
    }
}

/// A seat's notebook: a [`Mark`] per card and per owner (the seats in
/// order, then the envelope).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notebook {
    players: usize,
    /// Row by row: `players + 1` marks per card.
    marks: Vec<Mark>,
}

impl Notebook {
    /// The notebook of what `knowledge` has proved: a card's known owner
    /// holds it and nobody else does; otherwise each owner that can no
    /// longer hold it is marked [`Mark::NotHeld`], and the others
    /// [`Mark::Unknown`].
    pub fn of(knowledge: &Knowledge) -> Notebook {
        let players = knowledge.n_players();
        let mut marks = Vec::with_capacity(knowledge.n_cards() * (players + 1));
        for card in 0..knowledge.n_cards() {
            let known = knowledge.known_owner(card);
            marks.extend(owners(players).map(|owner| match known {
                Some(holder) if holder == owner => Mark::Held,
                Some(_) => Mark::NotHeld,
                None if knowledge.may_hold(owner, card) => Mark::Unknown,
                None => Mark::NotHeld,
            }));
        }
        Notebook { players, marks }
    }

    /// The notebook of what every deal that fits says, from an exact
    /// `analysis` of `cards` cards: [`Mark::Held`] where every deal gives
    /// the card to that owner, [`Mark::NotHeld`] where none does (where the
    /// analysis is inexact, what propagation proved).
    pub fn counted(analysis: &Analysis, cards: usize) -> Notebook {
        let players = analysis.players();
        let mut marks = Vec::with_capacity(cards * (players + 1));
        for card in 0..cards {
            let known = analysis.owner(card);
            marks.extend(owners(players).map(|owner| match known {
                Some(holder) if holder == owner => Mark::Held,
                _ if analysis.can_hold(owner, card) => Mark::Unknown,
                _ => Mark::NotHeld,
            }));
        }
        Notebook { players, marks }
    }

    /// The number of seats (the grid has one more column: the envelope).
    pub fn players(&self) -> usize {
        self.players
    }

    /// The columns, in order: every seat, then the envelope.
    pub fn owners(&self) -> impl Iterator<Item = Owner> {
        owners(self.players)
    }

    /// The rows, one per card in the card set's order: the marks of
    /// [`owners`](Notebook::owners), in that order.
    pub fn rows(&self) -> std::slice::Chunks<'_, Mark> {
        self.marks.chunks(self.players + 1)
    }

    /// The marks of `card`, in the order of [`owners`](Notebook::owners).
    ///
    /// # Panics
    ///
    /// If `card` is not a card of the notebook.
    pub fn row(&self, card: Card) -> &[Mark] {
        let width = self.players + 1;
        &self.marks[card.index() * width..(card.index() + 1) * width]
    }

    /// The known owner of `card`, if any.
    pub fn holder(&self, card: Card) -> Option<Owner> {
        self.owners()
            .zip(self.row(card))
            .find(|&(_, &mark)| mark == Mark::Held)
            .map(|(owner, _)| owner)
    }

    /// The owners `card` is ruled out of, in column order.
    pub fn ruled_out(&self, card: Card) -> impl Iterator<Item = Owner> + '_ {
        self.owners()
            .zip(self.row(card))
            .filter(|&(_, &mark)| mark == Mark::NotHeld)
            .map(|(owner, _)| owner)
    }
}

/// What the `odds` command says of a seat's knowledge, as values: each
/// card's chance of lying in the envelope, from the same count of the deals
/// that fit ([`Knowledge::analysis`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Odds {
    /// Whether the deals that fit were counted (else estimated).
    pub exact: bool,
    /// Their number, when counted.
    pub deals: Option<u128>,
    /// Each card's chance of lying in the envelope, in the card set's order.
    pub chances: Vec<f64>,
}

impl Odds {
    /// The odds of `knowledge`, counting its deals unless a count is cached
    /// (the count may take the knowledge's whole
    /// [`budget`](Knowledge::budget)).
    pub fn of(knowledge: &mut Knowledge) -> Odds {
        let cards = knowledge.n_cards();
        let analysis = knowledge.analysis();
        Odds {
            exact: analysis.is_exact(),
            deals: analysis.deals(),
            chances: (0..cards)
                .map(|card| analysis.envelope_probability(card))
                .collect(),
        }
    }
}

/// The seats, then the envelope.
fn owners(players: usize) -> impl Iterator<Item = Owner> {
    (0..players)
        .map(Owner::Player)
        .chain(std::iter::once(Owner::Envelope))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two categories of two and three cards; player 0 holds two cards,
    /// player 1 one.
    fn knowledge() -> Knowledge {
        Knowledge::new(&[2, 3], &[2, 1])
    }

    #[test]
    fn a_new_notebook_knows_nothing() {
        let notebook = Notebook::of(&knowledge());
        assert_eq!(notebook.players(), 2);
        assert_eq!(notebook.rows().len(), 5);
        assert!(notebook
            .rows()
            .all(|row| row == [Mark::Unknown, Mark::Unknown, Mark::Unknown]));
        assert_eq!(notebook.holder(Card(0)), None);
        assert_eq!(notebook.ruled_out(Card(0)).count(), 0);
    }

    #[test]
    fn a_known_owner_holds_the_card_and_nobody_else_does() {
        let mut knowledge = knowledge();
        knowledge.holds(1, 3).unwrap();
        let notebook = Notebook::of(&knowledge);
        assert_eq!(
            notebook.row(Card(3)),
            [Mark::NotHeld, Mark::Held, Mark::NotHeld]
        );
        assert_eq!(notebook.holder(Card(3)), Some(Owner::Player(1)));
        assert_eq!(
            notebook.ruled_out(Card(3)).collect::<Vec<_>>(),
            [Owner::Player(0), Owner::Envelope]
        );
        // Player 1 holds one card: that one, so none of the others.
        assert_eq!(
            notebook.row(Card(2)),
            [Mark::Unknown, Mark::NotHeld, Mark::Unknown]
        );
        assert_eq!(
            notebook.ruled_out(Card(2)).collect::<Vec<_>>(),
            [Owner::Player(1)]
        );
    }

    #[test]
    fn an_envelope_card_is_held_by_the_envelope() {
        let mut knowledge = knowledge();
        // Neither player can hold card 0: it is the envelope's, so card 1
        // of its category is not.
        knowledge.lacks_all(0, &[0]).unwrap();
        knowledge.lacks_all(1, &[0]).unwrap();
        let notebook = Notebook::of(&knowledge);
        assert_eq!(notebook.holder(Card(0)), Some(Owner::Envelope));
        assert_eq!(notebook.row(Card(1))[2], Mark::NotHeld);
        assert_eq!(
            notebook.owners().collect::<Vec<_>>(),
            [Owner::Player(0), Owner::Player(1), Owner::Envelope]
        );
    }

    #[test]
    fn a_card_ruled_out_of_some_owners_is_unknown_for_the_rest() {
        let mut knowledge = knowledge();
        knowledge.lacks(0, 4).unwrap();
        let notebook = Notebook::of(&knowledge);
        assert_eq!(
            notebook.row(Card(4)),
            [Mark::NotHeld, Mark::Unknown, Mark::Unknown]
        );
        assert_eq!(notebook.holder(Card(4)), None);
        assert_eq!(
            notebook.ruled_out(Card(4)).collect::<Vec<_>>(),
            [Owner::Player(0)]
        );
    }

    #[test]
    fn marks_have_the_pages_words_and_odds_the_analysis_figures() {
        let words: Vec<&str> = [Mark::Held, Mark::NotHeld, Mark::Unknown]
            .iter()
            .map(|mark| mark.word())
            .collect();
        assert_eq!(words, ["held", "not held", "unknown"]);
        let mut knowledge = knowledge();
        knowledge.holds(1, 3).unwrap();
        let odds = Odds::of(&mut knowledge);
        let analysis = knowledge.analysis();
        assert_eq!(odds.exact, analysis.is_exact());
        assert_eq!(odds.deals, analysis.deals());
        assert_eq!(odds.chances.len(), 5);
        assert_eq!(odds.chances[3], 0.0);
        for (card, &chance) in odds.chances.iter().enumerate() {
            assert_eq!(chance, analysis.envelope_probability(card));
        }
    }
}
