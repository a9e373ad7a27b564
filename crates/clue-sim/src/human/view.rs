//! What the person's seat is told, in the terminal's words: the table's
//! events as the seat sees them ([`sentence`], [`line`]), the answers to
//! the `help`, `hand`, `notebook` and `odds` commands, and the sentence the
//! game stops with. Every function returns text; the terminal
//! ([`super::terminal`]) writes it and the page shows it.

use std::fmt::Write as _;

use super::super::cards::{Card, CardSet};
use super::super::event::{Seat, Seen};
use super::super::knowledge::{Knowledge, Owner};
use super::super::notebook::Notebook;

/// The sentence of an event that the seat `me` saw, as the terminal says
/// it (`seen` is what a [`Witness`](super::super::event::Witness) of `me`
/// returned): private cards only when the seat saw them, the envelope only
/// at the end. Without the terminal's layout ([`line`]): no `turn N: ` before
/// a suggestion, no indent before the answers and the accusation.
pub fn sentence(cards: &CardSet, me: Seat, seen: &Seen) -> String {
    match seen {
        Seen::Suggested {
            seat, cards: named, ..
        } => format!(
            "{} {} {}",
            who(me, *seat),
            if *seat == me { "suggest" } else { "suggests" },
            names(cards, named).join(" ")
        ),
        Seen::Passed(seat) if *seat == me => "you cannot show a card".to_string(),
        Seen::Passed(seat) => format!("seat {seat} cannot show a card"),
        Seen::Showed {
            seat,
            to,
            card: Some(card),
        } if *seat == me => format!("you show {} to {}", cards.name(*card), who(me, *to)),
        Seen::Showed {
            seat,
            to,
            card: Some(card),
        } if *to == me => format!("seat {seat} shows you {}", cards.name(*card)),
        Seen::Showed { seat, to, .. } => format!("seat {seat} shows {} a card", who(me, *to)),
        Seen::NobodyShowed => "nobody can show a card".to_string(),
        Seen::Accused {
            seat,
            cards: accused,
            correct,
        } => {
            let result = match (*correct, *seat == me) {
                (true, _) => "correct".to_string(),
                (false, true) => "wrong: you are out (you still show cards)".to_string(),
                (false, false) => format!("wrong: seat {seat} is out"),
            };
            format!(
                "{} {} {}: {result}",
                who(me, *seat),
                if *seat == me { "accuse" } else { "accuses" },
                names(cards, accused).join(" ")
            )
        }
        Seen::Ended {
            winner,
            turns,
            envelope,
        } => {
            let s = if *turns == 1 { "" } else { "s" };
            let result = match winner {
                Some(seat) if *seat == me => format!("You win after {turns} turn{s}!"),
                Some(seat) => format!("Seat {seat} wins after {turns} turn{s}."),
                None => format!("Nobody wins after {turns} turn{s}."),
            };
            format!(
                "{result} The envelope held {}.",
                names(cards, envelope).join(" ")
            )
        }
    }
}

/// The event's line in the terminal's view: its [`sentence`] after `turn
/// N: ` for a suggestion, indented for what follows it in the turn (the
/// answers, the accusation), alone for the end.
pub(super) fn line(cards: &CardSet, me: Seat, seen: &Seen) -> String {
    let sentence = sentence(cards, me, seen);
    match seen {
        Seen::Suggested { turn, .. } => format!("turn {turn}: {sentence}\n"),
        Seen::Ended { .. } => format!("{sentence}\n"),
        _ => format!("  {sentence}\n"),
    }
}

/// The sentence the terminal stops with, during turn `turn` (0 before the
/// first), and why.
pub(super) fn stop(turn: usize, why: &str) -> String {
    format!(
        "The game stops during turn {turn}: {why}. The transcript so far is on standard output."
    )
}

/// `help`: the commands and how to answer each prompt.
pub(super) fn help(cards: &CardSet) -> String {
    let example: Vec<&str> = (0..cards.categories())
        .map(|category| cards.name(Card(cards.category(category).start)))
        .collect();
    format!(
        "\
Commands, at any prompt:
  notebook (n)  what you know of every card
  odds (o)      each card's exact chance of being in the envelope
  hand          your hand and every seat's hand size
  help          this list
  quit          stop the game (so does the end of the input, Ctrl-D)
To suggest: one card of each category ({}), in any order,
  e.g. `{}`.
To show: one of the cards listed.
To accuse: one card of each category; `no` (or an empty line) not to accuse.
",
        cards.category_names.join(", "),
        example.join(" ")
    )
}

/// `hand` (and the first lines of the game): the seat, its hand and every
/// seat's hand size.
pub(super) fn hand(cards: &CardSet, me: Seat, hand: &[Card], hand_sizes: &[usize]) -> String {
    let mut text = format!(
        "You are seat {} of {}. Your hand: {}.\nHand sizes:",
        me,
        hand_sizes.len(),
        names(cards, hand).join(" ")
    );
    for (seat, size) in hand_sizes.iter().enumerate() {
        let you = if Seat(seat) == me { " (you)" } else { "" };
        let _ = write!(text, " seat {}{you} {size},", Seat(seat));
    }
    text.pop();
    text.push_str(".\n");
    text
}

/// `notebook`: every card's known owner, or the seats (and the envelope)
/// known not to hold it.
pub(super) fn notebook(cards: &CardSet, me: Seat, notebook: &Notebook) -> String {
    let width = cards.card_names.iter().map(String::len).max().unwrap_or(0);
    let owner_name = |owner: Owner| match owner {
        Owner::Player(seat) => who(me, Seat(seat)),
        Owner::Envelope => "envelope".to_string(),
    };
    let mut text = format!("Notebook of seat {me} (you):\n");
    for category in 0..cards.categories() {
        let _ = writeln!(text, "{}", cards.category_names[category]);
        for card in cards.category(category).map(Card) {
            let owner = match notebook.holder(card) {
                Some(Owner::Envelope) => "ENVELOPE".to_string(),
                Some(owner) => owner_name(owner),
                None => {
                    let not: Vec<String> = notebook.ruled_out(card).map(owner_name).collect();
                    format!("?  not: {}", not.join(", "))
                }
            };
            let _ = writeln!(text, "  {:width$}  {owner}", cards.name(card));
        }
    }
    text
}

/// `odds`: each category's possible envelope cards with their chance, exact
/// when the count fits the engine's bound.
pub(super) fn odds(cards: &CardSet, knowledge: &mut Knowledge) -> String {
    let analysis = knowledge.analysis();
    let deals = analysis.deals();
    let mut text = match deals {
        Some(deals) => format!(
            "Envelope odds, exact: {deals} deals of the unseen cards fit what you saw;\n\
             after each chance, how many of them put the card in the envelope.\n"
        ),
        None => "Envelope odds, estimated (too many deals to count exactly):\n".to_string(),
    };
    for category in 0..cards.categories() {
        let mut candidates: Vec<(f64, usize)> = cards
            .category(category)
            .map(|card| (analysis.envelope_probability(card), card))
            .filter(|&(chance, _)| chance > 0.0)
            .collect();
        candidates.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut line = format!("{}:", cards.category_names[category]);
        for (index, (chance, card)) in candidates.into_iter().enumerate() {
            let mut item = format!("{} {:.1}%", cards.name(Card(card)), 100.0 * chance);
            if let Some(with) = analysis.envelope_deals(card) {
                let _ = write!(item, " ({with})");
            }
            if index > 0 {
                line.push(',');
            }
            // Wrapped to 80 columns.
            if line.len() + 1 + item.len() > 80 {
                text.push_str(&line);
                text.push('\n');
                line = " ".to_string();
            }
            line.push(' ');
            line.push_str(&item);
        }
        text.push_str(&line);
        text.push('\n');
    }
    text
}

/// The cards' names, in order.
pub(super) fn names(cards: &CardSet, list: &[Card]) -> Vec<String> {
    list.iter()
        .map(|&card| cards.name(card).to_string())
        .collect()
}

/// A seat as the person's view names it: `you`, or `seat N`.
fn who(me: Seat, seat: Seat) -> String {
    if seat == me {
        "you".to_string()
    } else {
        format!("seat {seat}")
    }
}
