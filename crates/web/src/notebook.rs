//! The notebook page's engine (`notebook.html`, `games --notebook`): the
//! page of a Cluedo game played at a real table, answered by
//! `clue-sim --assist` ([`clue_sim::assist`]).
//!
//! Unlike the other games, the notebook has no rules of its own to replay
//! entry by entry: its entries are exactly the `--assist` input, which the
//! crate reads and checks as a whole. So it is no [`Engine`](crate::engine::Engine):
//! [`answer`] reads the two lines of the page, hands the rest to the crate,
//! and writes what comes back as JSON. Every rule and every word is
//! `clue-sim`'s.
//!
//! # Request
//!
//! ```text
//! names N1 ... NP        the seat names, in seat order: one word each, of
//!                        letters, digits, `-` and `_` (at most 20 bytes)
//! ask notebook           or `ask advice`, or `ask cards`
//! <the --assist input>   its lines counted from its own first line
//! ```
//!
//! `ask cards` is for the page's setup, before a hand is picked: only `P
//! ME` and the card set follow, and the answer has `players`, `me`,
//! `names`, `categories`, `cards_text` and `asking` (as below) and the
//! deal's `sizes`.
//!
//! # Answer
//!
//! One JSON object. `ask notebook`, the fast part:
//!
//! - `players`, `me` (seat from 1), `names`, `categories` (`name`, `cards`),
//!   `cards_text` (the card set as `--assist` reads it, null for the classic
//!   one), `asking` (per seat, the seats that answer its suggestion, in
//!   order: [`assist::asking_order`]), `hand`, `sizes`;
//! - `entries`: each entry's `line` (of the `--assist` input), `text` and
//!   `group` (its index in `groups`);
//! - `groups`: the entries grouped into turns (`kind` `turn`, `turn`,
//!   `suggester`, `cards`, `passes`, `shower` or null, `shown` or null) and
//!   wrong accusations (`kind` `accuse`, `seat`, `cards`), with `entries`
//!   (their indices);
//! - `out`: the seats out (a wrong accusation);
//! - `contradiction`: null, or the `line`, the `entry` (index, null for the
//!   hand) and the `message` of the crate's error when no deal fits (or the
//!   count is refused): then `marks`, `deals`, `envelope`, `chances` and
//!   `reasons` are null;
//! - `marks`: per card, per owner (the seats, then the envelope) `+`, `-`
//!   or `?`;
//! - `deals` and `envelope` (per card): the exact counts, as strings;
//! - `chances`: per card, its chance to be in the envelope, four decimals;
//! - `reasons`: per card, per owner, the sentence why a `+` or `-` holds,
//!   null for `?` ([`clue_sim::assist::why::reasons`], the viewer "you").
//!
//! `ask advice` adds `suggestions` (per card of the last category, best
//! first: `room`, `cards`, `score`) and `accusation` (`cards`, `chance`,
//! `accuse`), or null for both on a contradiction.
//!
//! A request that breaks the `--assist` contract (a typed import) is the
//! request's error, its line that of the `--assist` input.

use clue_sim::assist::{self, Happened, View};
use clue_sim::cards::{Card, CardSet};
use clue_sim::deduce::four_decimals;
use clue_sim::event::Seen;
use judge_io::{Error, Input, Pos};

use crate::json::{Digits, Fixed, Object};

/// The longest seat name, in bytes.
pub const MAX_NAME: usize = 20;

/// What the page asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ask {
    /// The marks, counts and reasons: fast.
    Notebook,
    /// Those and the advice.
    Advice,
    /// Only the table: the card set and the sizes of the deal, before a
    /// hand is picked.
    Cards,
}

/// Answers one request of the notebook page (see the module docs).
///
/// # Errors
///
/// The first two lines do not read, or the `--assist` input breaks its
/// contract.
pub fn answer(request: &[u8]) -> Result<String, Error> {
    let (names_line, rest) = split_line(request);
    let (ask_line, rest) = split_line(rest);
    let names = read_names(names_line)?;
    let ask = read_ask(ask_line)?;
    if ask == Ask::Cards {
        return table(rest, &names);
    }
    // The input's lines are its own: line 1 is its first.
    let view = assist::parse(&mut Input::starting_at(rest, 1, 1))?;
    if names.len() != view.sizes.len() {
        return Err(Error::at(
            place(1),
            format!(
                "expected {} names, one per seat, found {}",
                view.sizes.len(),
                names.len()
            ),
        ));
    }
    let mut out = Object::new();
    describe_view(&view, &names, &mut out);
    match assist::assess(&view) {
        Ok(assessment) => {
            out.field("contradiction", None::<Object>);
            let cards = &view.cards;
            let marks: Vec<Vec<String>> = assessment
                .notebook
                .rows()
                .map(|row| row.iter().map(|mark| mark.symbol().to_string()).collect())
                .collect();
            out.field("marks", Some(marks));
            out.field("deals", Some(Digits(assessment.deals)));
            let envelope: Vec<Digits<u128>> = assessment
                .envelope_deals
                .iter()
                .map(|&n| Digits(n))
                .collect();
            out.field("envelope", Some(envelope));
            let chances: Vec<String> = assessment
                .envelope_deals
                .iter()
                .map(|&n| four_decimals(n, assessment.deals))
                .collect();
            out.field("chances", Some(chances));
            let seat_names: Vec<&str> = (0..names.len())
                .map(|seat| {
                    if seat == view.me.index() {
                        "you"
                    } else {
                        names[seat].as_str()
                    }
                })
                .collect();
            let reasons = assist::why::reasons(&view, &assessment, &seat_names);
            out.field("reasons", Some(reasons));
            if ask == Ask::Advice {
                let advice = assist::advise(&view, &assessment)?;
                let last = cards.categories() - 1;
                let suggestions: Vec<Object> = advice
                    .suggestions
                    .iter()
                    .map(|(suggestion, score)| {
                        Object::new()
                            .with("room", cards.name(suggestion[last]))
                            .with("cards", cards.names(suggestion))
                            .with("score", Fixed(*score, 4))
                    })
                    .collect();
                out.field("suggestions", Some(suggestions));
                let accusation = Object::new()
                    .with("cards", cards.names(&advice.envelope))
                    .with(
                        "chance",
                        four_decimals(advice.envelope_deals, assessment.deals),
                    )
                    .with("accuse", advice.accuse);
                out.field("accusation", Some(accusation));
            }
        }
        Err(error) => {
            let line = error.pos().map(|pos| pos.line);
            let entry = line.and_then(|line| {
                view.entries
                    .iter()
                    .position(|(_, entry_line)| *entry_line == line)
            });
            let trouble = Object::new()
                .with("line", line)
                .with("entry", entry)
                .with("message", error.message());
            out.field("contradiction", Some(trouble));
            for key in ["marks", "deals", "envelope", "chances", "reasons"] {
                out.field(key, None::<Object>);
            }
            if ask == Ask::Advice {
                out.field("suggestions", None::<Object>);
                out.field("accusation", None::<Object>);
            }
        }
    }
    Ok(out.line())
}

/// Answers `ask cards`: `P ME` and the card set (the classic one when
/// absent) read as `--assist` reads them, and what the page's forms need
/// of them.
fn table(rest: &[u8], names: &[String]) -> Result<String, Error> {
    let mut input = Input::starting_at(rest, 1, 1);
    let players: usize = input.int_in(
        "the number of players P",
        *clue_sim::game::PLAYERS.start()..=*clue_sim::game::PLAYERS.end(),
    )?;
    let me: usize = input.int_in("your seat", 1..=players)?;
    input.line_end();
    let cards = match input.peek_after_white_space()? {
        Some(_) => CardSet::parse(&mut input)?,
        None => None,
    }
    .unwrap_or_else(CardSet::classic);
    if let Some(line) = input.line()? {
        return Err(Error::at(
            place(line.number),
            "expected only P, your seat and the card set",
        ));
    }
    let mut out = Object::new();
    out.field("players", players);
    out.field("me", me);
    out.field("names", names);
    write_cards(&cards, players, &mut out);
    out.field("sizes", assist::dealt_sizes(&cards, players));
    Ok(out.line())
}

/// The card set's fields: its categories, the set's text when it is not
/// the classic one, and each seat's asking order.
fn write_cards(cards: &CardSet, players: usize, out: &mut Object) {
    let categories: Vec<Object> = (0..cards.categories())
        .map(|category| {
            Object::new()
                .with("name", cards.category_names[category].as_str())
                .with("cards", cards.names_in(category))
        })
        .collect();
    out.field("categories", categories);
    let classic = *cards == CardSet::classic();
    out.field(
        "cards_text",
        if classic { None } else { Some(cards.text()) },
    );
    let asking: Vec<Vec<usize>> = (0..players)
        .map(|seat| {
            assist::asking_order(players, clue_sim::event::Seat(seat))
                .iter()
                .map(|seat| seat.index() + 1)
                .collect()
        })
        .collect();
    out.field("asking", asking);
}

/// The view's fields of the answer: the setup, the entries and the groups.
fn describe_view(view: &View, names: &[String], out: &mut Object) {
    let cards = &view.cards;
    out.field("players", view.sizes.len());
    out.field("me", view.me.index() + 1);
    out.field("names", names);
    write_cards(cards, view.sizes.len(), out);
    out.field("hand", cards.names(&view.hand));
    out.field("sizes", &view.sizes);
    let groups = assist::turns(view);
    // Each entry's group: a suggestion or an accusation starts one, and
    // its answers follow it.
    let mut group_of = Vec::with_capacity(view.entries.len());
    let mut members: Vec<Vec<usize>> = Vec::new();
    for (index, (seen, _)) in view.entries.iter().enumerate() {
        if matches!(seen, Seen::Suggested { .. } | Seen::Accused { .. }) || members.is_empty() {
            members.push(Vec::new());
        }
        let group = members.len() - 1;
        members[group].push(index);
        group_of.push(group);
    }
    let entries: Vec<Object> = view
        .entries
        .iter()
        .zip(&group_of)
        .map(|((seen, line), &group)| {
            Object::new()
                .with("line", *line)
                .with("text", assist::entry_text(cards, seen))
                .with("group", group)
        })
        .collect();
    out.field("entries", entries);
    let mut seats_out = Vec::new();
    let groups: Vec<Object> = groups
        .iter()
        .zip(members.iter().chain(std::iter::repeat(&Vec::new())))
        .map(|(happened, members)| match happened {
            Happened::Turn(turn) => Object::new()
                .with("kind", "turn")
                .with("turn", turn.turn)
                .with("suggester", turn.suggester.index() + 1)
                .with("cards", cards.names(turn.cards))
                .with(
                    "passes",
                    turn.passes
                        .iter()
                        .map(|seat| seat.index() + 1)
                        .collect::<Vec<_>>(),
                )
                .with("shower", turn.shower.map(|(seat, _)| seat.index() + 1))
                .with(
                    "shown",
                    turn.shower
                        .and_then(|(_, card)| card)
                        .map(|card: Card| cards.name(card)),
                )
                .with("entries", members),
            Happened::Accusation(seat, accused) => {
                seats_out.push(seat.index() + 1);
                Object::new()
                    .with("kind", "accuse")
                    .with("seat", seat.index() + 1)
                    .with("cards", cards.names(accused))
                    .with("entries", members)
            }
        })
        .collect();
    out.field("groups", groups);
    out.field("out", seats_out);
}

/// The first line of `bytes` (without its end) and the rest.
fn split_line(bytes: &[u8]) -> (&[u8], &[u8]) {
    match bytes.iter().position(|&byte| byte == b'\n') {
        Some(end) => (&bytes[..end], &bytes[end + 1..]),
        None => (bytes, &[]),
    }
}

/// The place of a line of the request's head, for its errors.
fn place(line: u64) -> Pos {
    Pos {
        line,
        column: 1,
        token: 0,
    }
}

/// Reads `names N1 ... NP`.
fn read_names(line: &[u8]) -> Result<Vec<String>, Error> {
    let text = std::str::from_utf8(line)
        .map_err(|_| Error::at(place(1), "expected `names` and the seat names"))?;
    let mut words = text.split_ascii_whitespace();
    if words.next() != Some("names") {
        return Err(Error::at(place(1), "expected `names` and the seat names"));
    }
    let names: Vec<String> = words.map(str::to_string).collect();
    for name in &names {
        let fits = name.len() <= MAX_NAME
            && name
                .bytes()
                .all(|byte| byte.is_ascii_alphanumeric() || byte == b'-' || byte == b'_');
        if !fits {
            return Err(Error::at(
                place(1),
                format!(
                    "a seat name is one word of letters, digits, - and _ \
                     (at most {MAX_NAME} bytes): {}",
                    judge_io::quote(name.as_bytes())
                ),
            ));
        }
    }
    Ok(names)
}

/// Reads `ask notebook` or `ask advice`.
fn read_ask(line: &[u8]) -> Result<Ask, Error> {
    let text = std::str::from_utf8(line).unwrap_or("");
    let words: Vec<&str> = text.split_ascii_whitespace().collect();
    match words[..] {
        ["ask", "notebook"] => Ok(Ask::Notebook),
        ["ask", "advice"] => Ok(Ask::Advice),
        ["ask", "cards"] => Ok(Ask::Cards),
        _ => Err(Error::at(
            place(2),
            "expected `ask notebook`, `ask advice` or `ask cards`",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str = "names Ann Bob Cid\nask notebook\n3 1\n\
hand Plum Rope Hall Study Lounge Kitchen\n\
turn 1 2 suggests Green Dagger Hall\nshow 3\n";

    #[test]
    fn notebook_answers_the_marks_and_counts() {
        let answer = answer(GAME.as_bytes()).unwrap();
        assert!(answer.starts_with("{\"players\":3,\"me\":1,\"names\":[\"Ann\",\"Bob\",\"Cid\"]"));
        assert!(answer.contains("\"contradiction\":null"));
        assert!(answer.contains("\"marks\":[["));
        assert!(answer.contains("\"entries\":[{\"line\":3,\"text\":\"turn 1 2 suggests Green Dagger Hall\",\"group\":0},{\"line\":4,\"text\":\"show 3\",\"group\":0}]"));
        assert!(!answer.contains("suggestions"));
    }

    #[test]
    fn advice_adds_suggestions_and_accusation() {
        let request = GAME.replace("ask notebook", "ask advice");
        let answer = answer(request.as_bytes()).unwrap();
        assert!(answer.contains("\"suggestions\":[{\"room\":"));
        assert!(answer.contains("\"accusation\":{\"cards\":["));
    }

    #[test]
    fn a_contradiction_names_its_entry() {
        // Cid passed on the Dagger, then showed it to you.
        let request = "names Ann Bob Cid\nask advice\n3 1\n\
hand Plum Rope Hall Study Lounge Kitchen\n\
turn 1 2 suggests Plum Dagger Ballroom\npass 3\nshow 1 Plum\n\
turn 2 1 suggests Green Dagger Ballroom\npass 2\nshow 3 Dagger\n";
        let answer = answer(request.as_bytes()).unwrap();
        assert!(
            answer.contains("\"contradiction\":{\"line\":8,\"entry\":5,\"message\":\"no deal"),
            "{answer}"
        );
        assert!(answer.contains("\"marks\":null"));
        assert!(answer.contains("\"accusation\":null"));
    }

    #[test]
    fn bad_heads_are_errors() {
        assert!(answer(b"names Ann\nask notebook\n3 1\nhand Plum\n").is_err());
        assert!(answer(b"names A B C\nask what\n").is_err());
        assert!(answer(b"names A B \"C\nask notebook\n").is_err());
        assert!(answer(b"").is_err());
        assert!(answer(
            b"names A B C\nask notebook\n3 1\nhand Plum Rope Hall Study Lounge Kitchen\n"
        )
        .is_ok());
        assert!(answer(b"names A B C\nask cards\n3 1\n3\nwho 1 A\n").is_err());
    }

    #[test]
    fn cards_answers_the_table() {
        let answer = answer(b"names A B C\nask cards\n3 2\n").unwrap();
        assert!(answer.contains("\"cards_text\":null"));
        assert!(answer.contains("\"asking\":[[2,3],[3,1],[1,2]]"));
        assert!(answer.contains("\"sizes\":[6,6,6]"));
    }
}
