//! The ICPC "Get a Clue!" deduction (`clue-sim --deduce`): from your hand
//! and the suggestions you watched, name the murderer, the weapon and the
//! room where they are certain.
//!
//! # The game
//!
//! 21 cards: persons `A`-`F`, weapons `G`-`L`, rooms `M`-`U`. Four players;
//! you are player 1. The envelope holds one card of each category, players 1
//! and 2 hold five cards each, players 3 and 4 four each. Suggestion `i`
//! (from 1) is made by player `((i - 1) mod 4) + 1`, and the next players in
//! seat order (4 wraps to 1) answer in turn until one shows a card.
//!
//! # Input
//!
//! The number of suggestions `n` (any integer from 0 up), your five cards,
//! then the suggestions (one per line, by custom): a person, a weapon and a
//! room, then the responses in asking order. `-` means that player holds none of the three;
//! the last response may instead be the evidence: the letter of the card
//! shown when you saw it, else `*`. With fewer than three responses the last
//! responder showed a card, so the last response must be evidence.
//!
//! The input is read token by token, and any white space separates tokens:
//! spaces, tabs, line breaks, blank lines and `\r\n` are all alike, so a
//! suggestion may span lines or share one with the next. A suggestion's
//! responses end at the first one that is not `-` (someone showed a card,
//! and nobody after it is asked) or after the third (everybody was asked),
//! so where each suggestion ends never depends on the layout. This is how
//! accepted solutions of the ICPC problem read it.
//!
//! Decisions where the ICPC statement is silent:
//!
//! - `*` is accepted even where you saw the card (you suggested, or you
//!   showed): it then only says that the responder holds one of the three.
//! - A letter as evidence is accepted only where you saw the card; a letter
//!   that you show must be in your hand, and `-` from you must be true of
//!   your hand, else the observations contradict each other.
//! - Syntax is checked for the whole input first; then, if no deal of the
//!   cards satisfies everything, the error names the first suggestion after
//!   which none does.
//!
//! # Output
//!
//! One line: the person, weapon and room, each as its letter when every deal
//! consistent with what you saw puts that card in the envelope, else `?`.
//!
//! With `--odds`, then one line per card that is in the envelope in at least
//! one consistent deal, categories in order and letters in order: the letter
//! and the probability that it is in the envelope, every consistent deal
//! (envelope and hands) counting once. The probability is an exact fraction
//! of two deal counts, rounded to four decimals half up (a value exactly
//! halfway goes away from zero): `G 0.2500`.
//!
//! # Approach
//!
//! The observations go into a [`Knowledge`]
//! (your hand: you hold these five; `-`: that player lacks all three; a
//! letter: that player holds it; `*`: that player holds at least one of the
//! three), which counts the consistent deals exactly. With at most 16 cards
//! outside your hand the count is always exact: a fraction of a millisecond
//! for real games, and tens of milliseconds for the slowest inputs found
//! (few facts, many shows nobody saw; `scripts/bench-clue-deduce.sh`).

use std::io::Read;

use judge_io::{quote, Error, Input, Pos, Token};

use super::knowledge::{Knowledge, Owner};

/// The number of players.
pub const PLAYERS: usize = 4;
/// The cards per category: persons, weapons, rooms.
pub const CATEGORY_SIZES: [usize; 3] = [6, 6, 9];
/// The hand sizes, player 1 first.
pub const HAND_SIZES: [usize; PLAYERS] = [5, 5, 4, 4];

const CATEGORY_NAMES: [&str; 3] = ["person", "weapon", "room"];
const CATEGORY_LETTERS: [&str; 3] = ["A to F", "G to L", "M to U"];

/// A parsed input: your hand and the suggestions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    /// Your five cards (0 = `A` ... 20 = `U`).
    pub hand: [usize; 5],
    /// The suggestions in order.
    pub suggestions: Vec<Suggestion>,
}

/// One suggestion and its answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Suggestion {
    /// Who suggested: 0 for player 1 (you) to 3 for player 4.
    pub suggester: usize,
    /// The person, weapon and room named.
    pub cards: [usize; 3],
    /// The responses of the players asked, in asking order.
    pub responses: Vec<Response>,
    /// Where the suggestion's first token stands (for errors).
    pub pos: Pos,
}

/// One player's response to a suggestion.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Response {
    /// `-`: holds none of the three cards.
    Pass,
    /// A letter: showed this card, and you saw it.
    Seen(usize),
    /// `*`: showed one of the three, and you did not see which.
    Hidden,
}

/// What can be deduced.
#[derive(Debug, Clone, PartialEq)]
pub struct Verdict {
    /// Per category, the card certainly in the envelope.
    pub envelope: [Option<usize>; 3],
    /// Every card that may be in the envelope, in card order, with the
    /// number of consistent deals that put it there.
    pub odds: Vec<(usize, u128)>,
    /// The number of consistent deals (at least 1).
    pub deals: u128,
}

/// Parses, solves and renders: the whole of `clue-sim --deduce [--odds]`.
///
/// ```
/// let mut input = judge_io::Input::new("2\nA B C D H\nF G M M\nF H M - *\n".as_bytes());
/// assert_eq!(clue_sim::deduce::run(&mut input, false)?, "E??\n");
/// let mut input = judge_io::Input::new("1\nB I P C F\nA G M - - -\n".as_bytes());
/// assert_eq!(clue_sim::deduce::run(&mut input, true)?, "AGM\nA 1.0000\nG 1.0000\nM 1.0000\n");
/// # Ok::<(), judge_io::Error>(())
/// ```
pub fn run<R: Read>(input: &mut Input<R>, odds: bool) -> Result<String, Error> {
    let game = parse(input)?;
    let verdict = solve(&game)?;
    Ok(render(&verdict, odds))
}

/// Reads the input (see the module docs), token by token. Reads everything,
/// so nothing is left for the caller's end-of-input check.
pub fn parse<R: Read>(input: &mut Input<R>) -> Result<Game, Error> {
    let n: u64 = input.int("the number of suggestions n")?;
    input.line_end();
    let hand = parse_hand(input)?;
    input.line_end();
    let mut suggestions: Vec<Suggestion> = Vec::new();
    let mut index = 0u64;
    loop {
        // The end of the input is fine only after the n-th suggestion, and a
        // token after it is extra input.
        let first = match input.try_token()? {
            Some(token) => token,
            None if index < n => {
                return Err(input.missing(format!("suggestion {} of {n}", index + 1)))
            }
            None => break,
        };
        if index == n {
            let found = quote(first.text);
            return Err(Error::at(
                first.pos,
                if n == 0 {
                    format!("unexpected extra input {found}: n is 0, so nothing follows your hand")
                } else {
                    format!("unexpected extra input {found} after suggestion {n}, the last one")
                },
            ));
        }
        let suggester = usize::try_from(index % 4).unwrap_or(0);
        let (person, pos) = (suggestion_card(first, 0, suggestions.last())?, first.pos);
        suggestions.push(parse_suggestion(input, suggester, person, pos)?);
        input.line_end();
        index += 1;
    }
    Ok(Game { hand, suggestions })
}

/// Counts the deals consistent with the game. A contradiction is reported
/// at the first suggestion after which no deal fits.
pub fn solve(game: &Game) -> Result<Verdict, Error> {
    let mut knowledge = match knowledge_after(game, game.suggestions.len()) {
        Some(knowledge) => knowledge,
        None => return Err(contradiction(game)),
    };
    let analysis = knowledge.analysis();
    let deals = match analysis.deals() {
        Some(deals) if deals > 0 => deals,
        _ => return Err(contradiction(game)),
    };
    let mut envelope = [None; 3];
    for (category, slot) in envelope.iter_mut().enumerate() {
        let start: usize = CATEGORY_SIZES[..category].iter().sum();
        *slot = (start..start + CATEGORY_SIZES[category])
            .find(|&card| analysis.owner(card) == Some(Owner::Envelope));
    }
    let odds = (0..21)
        .filter_map(|card| {
            let count = analysis.envelope_deals(card).unwrap_or(0);
            (count > 0).then_some((card, count))
        })
        .collect();
    Ok(Verdict {
        envelope,
        odds,
        deals,
    })
}

/// The answer line, and with `odds` one line per possible envelope card.
pub fn render(verdict: &Verdict, odds: bool) -> String {
    let mut out: String = verdict
        .envelope
        .iter()
        .map(|card| card.map_or('?', letter))
        .collect();
    out.push('\n');
    if odds {
        for &(card, count) in &verdict.odds {
            out.push(letter(card));
            out.push(' ');
            out.push_str(&four_decimals(count, verdict.deals));
            out.push('\n');
        }
    }
    out
}

/// `numerator / denominator` (at most 1, `denominator` at least 1) rounded
/// to four decimals, half up: how `--odds` and `--assist` write a
/// probability, and the notebook page with them.
pub fn four_decimals(numerator: u128, denominator: u128) -> String {
    let denominator = denominator.max(1);
    // Deal counts of `--deduce` are below 10^9 (those of `--assist` may not
    // be, and saturate: a probability off in its last digit past 10^34
    // deals); the saturation keeps the function total.
    let scaled = numerator.saturating_mul(10_000);
    let mut units = scaled / denominator;
    let remainder = scaled % denominator;
    if remainder.saturating_mul(2) >= denominator {
        units += 1;
    }
    format!("{}.{:04}", units / 10_000, units % 10_000)
}

fn letter(card: usize) -> char {
    match u8::try_from(card) {
        Ok(index) if index < 26 => char::from(b'A' + index),
        _ => '?',
    }
}

/// The card of a one-letter token `A`-`U`.
fn card_letter(text: &[u8]) -> Option<usize> {
    match text {
        [byte @ b'A'..=b'U'] => Some(usize::from(byte - b'A')),
        _ => None,
    }
}

fn category_of(card: usize) -> usize {
    if card < 6 {
        0
    } else if card < 12 {
        1
    } else {
        2
    }
}

/// Reads your five cards.
fn parse_hand<R: Read>(input: &mut Input<R>) -> Result<[usize; 5], Error> {
    let mut hand = [0usize; 5];
    for index in 0..5 {
        let token = input.token("a card of your hand (a letter from A to U)")?;
        let card = card_letter(token.text).ok_or_else(|| {
            Error::at(
                token.pos,
                format!(
                    "expected a card of your hand (a letter from A to U), found {}",
                    quote(token.text)
                ),
            )
        })?;
        if hand[..index].contains(&card) {
            return Err(Error::at(
                token.pos,
                format!(
                    "your hand has {} twice; it must be five different cards",
                    quote(token.text)
                ),
            ));
        }
        hand[index] = card;
    }
    Ok(hand)
}

/// The card of the suggestion's `category` named by `token`. `previous`
/// (the suggestion before, when `token` should be a person) explains a
/// response found where a person was expected: the suggestion before had
/// already ended.
fn suggestion_card(
    token: Token<'_>,
    category: usize,
    previous: Option<&Suggestion>,
) -> Result<usize, Error> {
    match card_letter(token.text) {
        Some(card) if category_of(card) == category => Ok(card),
        Some(_) => Err(Error::at(
            token.pos,
            format!(
                "a suggestion names one person (A to F), one weapon (G to L) and one room (M to U), in that order; expected the {}, found {}",
                CATEGORY_NAMES[category],
                quote(token.text)
            ),
        )),
        None => {
            let mut message = format!(
                "expected the {} of the suggestion (a letter from {}), found {}",
                CATEGORY_NAMES[category],
                CATEGORY_LETTERS[category],
                quote(token.text)
            );
            if let (Some(previous), b"-" | b"*") = (previous, token.text) {
                message += &match previous.responses.last() {
                    Some(&Response::Seen(card)) => format!(
                        " (the suggestion before ended at its evidence \"{}\": a shown card ends the responses)",
                        letter(card)
                    ),
                    Some(Response::Hidden) => " (the suggestion before ended at its evidence \"*\": a shown card ends the responses)".to_string(),
                    _ => " (the suggestion before already has three responses: only three players are asked)".to_string(),
                };
            }
            Err(Error::at(token.pos, message))
        }
    }
}

/// Reads the rest of one suggestion after its person: the weapon, the room
/// and the responses, which end at the first one that is not `-` (someone
/// showed a card) or after three (everybody was asked).
fn parse_suggestion<R: Read>(
    input: &mut Input<R>,
    suggester: usize,
    person: usize,
    pos: Pos,
) -> Result<Suggestion, Error> {
    let mut cards = [person, 0, 0];
    for (category, slot) in cards.iter_mut().enumerate().skip(1) {
        let token = input.token(format!(
            "the {} of the suggestion (a letter from {})",
            CATEGORY_NAMES[category], CATEGORY_LETTERS[category]
        ))?;
        *slot = suggestion_card(token, category, None)?;
    }
    let mut responses: Vec<Response> = Vec::new();
    while responses.len() < 3 {
        let token = input.token("a response (-, * or a card letter)")?;
        let response = parse_response(token, suggester, responses.len(), &cards)?;
        responses.push(response);
        if response != Response::Pass {
            break;
        }
    }
    Ok(Suggestion {
        suggester,
        cards,
        responses,
        pos,
    })
}

/// One response: `-`, `*`, or the letter of a named card that player 1
/// could see (it suggested, or it is the responder).
fn parse_response(
    token: Token<'_>,
    suggester: usize,
    asked_before: usize,
    cards: &[usize; 3],
) -> Result<Response, Error> {
    let text = token.text;
    match text {
        b"-" => return Ok(Response::Pass),
        b"*" => return Ok(Response::Hidden),
        _ => {}
    }
    let card = match card_letter(text) {
        Some(card) => card,
        None => {
            return Err(Error::at(
                token.pos,
                format!(
                    "expected a response (-, * or a card letter from A to U), found {}",
                    quote(text)
                ),
            ))
        }
    };
    if !cards.contains(&card) {
        return Err(Error::at(
            token.pos,
            format!(
                "the evidence {} is not one of the suggested cards {}{}{}",
                quote(text),
                letter(cards[0]),
                letter(cards[1]),
                letter(cards[2])
            ),
        ));
    }
    let responder = (suggester + 1 + asked_before) % PLAYERS;
    if suggester != 0 && responder != 0 {
        return Err(Error::at(
            token.pos,
            format!(
                "player {} showed a card to player {}, so player 1 could not see it: expected \"*\", found {}",
                responder + 1,
                suggester + 1,
                quote(text)
            ),
        ));
    }
    Ok(Response::Seen(card))
}

/// The knowledge after the hand and the first `count` suggestions, or `None`
/// when propagation already finds them contradictory.
fn knowledge_after(game: &Game, count: usize) -> Option<Knowledge> {
    let mut knowledge = Knowledge::new(&CATEGORY_SIZES, &HAND_SIZES);
    // At most 16 cards are open, so the exact count is always small.
    knowledge.set_budget(u64::MAX);
    for &card in &game.hand {
        knowledge.holds(0, card).ok()?;
    }
    for suggestion in &game.suggestions[..count] {
        for (offset, response) in suggestion.responses.iter().enumerate() {
            let responder = (suggestion.suggester + 1 + offset) % PLAYERS;
            match *response {
                Response::Pass => knowledge.lacks_all(responder, &suggestion.cards).ok()?,
                Response::Seen(card) => knowledge.holds(responder, card).ok()?,
                Response::Hidden => knowledge.holds_one_of(responder, &suggestion.cards).ok()?,
            }
        }
    }
    Some(knowledge)
}

/// The error for contradictory observations, at the first suggestion after
/// which no deal fits (found by bisection: more observations never make
/// inconsistent ones consistent).
fn contradiction(game: &Game) -> Error {
    let consistent = |count: usize| match knowledge_after(game, count) {
        Some(mut knowledge) => knowledge.analysis().is_consistent(),
        None => false,
    };
    // The hand alone is consistent; all suggestions are not.
    let (mut good, mut bad) = (0, game.suggestions.len());
    while bad - good > 1 {
        let middle = good + (bad - good) / 2;
        if consistent(middle) {
            good = middle;
        } else {
            bad = middle;
        }
    }
    match game.suggestions.get(bad.wrapping_sub(1)) {
        Some(suggestion) => Error::at(
            suggestion.pos,
            format!(
                "the observations contradict each other: no deal of the cards fits your hand and {}",
                if bad == 1 {
                    "suggestion 1".to_string()
                } else {
                    format!("suggestions 1 to {bad}")
                }
            ),
        ),
        None => Error::input("the observations contradict each other"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deduce(text: &str, odds: bool) -> Result<String, Error> {
        let mut input = Input::new(text.as_bytes());
        let answer = run(&mut input, odds)?;
        input.finish()?;
        Ok(answer)
    }

    #[test]
    fn samples() {
        assert_eq!(
            deduce("1\nB I P C F\nA G M - - -\n", false).unwrap(),
            "AGM\n"
        );
        assert_eq!(
            deduce("2\nA B C D H\nF G M M\nF H M - *\n", false).unwrap(),
            "E??\n"
        );
        assert_eq!(
            deduce("3\nA C M S D\nB G S - G\nA H S - - S\nC J S *\n", false).unwrap(),
            "???\n"
        );
    }

    #[test]
    fn rounding_is_half_up_on_the_exact_fraction() {
        assert_eq!(four_decimals(1, 4), "0.2500");
        assert_eq!(four_decimals(1, 3), "0.3333");
        assert_eq!(four_decimals(2, 3), "0.6667");
        assert_eq!(four_decimals(1, 32), "0.0313");
        assert_eq!(four_decimals(1, 1), "1.0000");
    }
}
