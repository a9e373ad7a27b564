//! The one interface every game page's engine implements, and the one
//! replay that plays a request through it.
//!
//! A request is a game's setup and the player's entries so far; the answer is
//! one JSON object describing the position they lead to. Each game says only
//! its rules, as an [`Engine`]: how its request reads ([`Engine::read`]),
//! whether the game has ended, what one entry does, and what the page should
//! draw. [`replay`] holds the rules every page shares, so no game states them
//! again:
//!
//! - nothing may be entered once the game is over (`the game is over: no
//!   entry may follow`);
//! - a refused entry may stand only as the request's last (the page shows
//!   why it was refused); any other is an error at its place (`entry 2 is
//!   refused: ...`);
//! - an ask (a question about the position, such as river's `solve` or
//!   werewolf's `check`) comes last, after every entry;
//! - every error names the line and column of the entry it is about.
//!
//! Replaying every entry on every click costs a game's length per click,
//! which for these games is far below what a person notices, and keeps each
//! game a pure function of its setup and entries.

use std::fmt;

use judge_io::{read_line, Error, LineRead, Pos, MAX_LINE};

use crate::json::Object;

/// A game as the pages play it: only its rules (see the module docs).
pub trait Engine: Sized {
    /// What one entry is called in the shared errors (`entry`, `move`).
    const ENTRY: &'static str;
    /// One entry of the player, read but not yet played.
    type Entry: fmt::Debug;
    /// A question about the position that may only come last.
    type Ask: fmt::Debug;

    /// Reads a whole request: the game set up, and its entries with their
    /// places, in order.
    ///
    /// # Errors
    ///
    /// A bad setup or an entry that does not read, at its place.
    fn read(request: &[u8]) -> Result<Script<Self>, Error>;

    /// Whether the game has ended: no entry may follow.
    fn is_over(&self) -> bool;

    /// Plays one entry.
    ///
    /// # Errors
    ///
    /// The rules refuse it: the game stays as it was.
    fn enter(&mut self, entry: Self::Entry) -> Result<(), Refusal>;

    /// The ask's word, for the error when something follows it.
    fn ask_word(ask: &Self::Ask) -> &'static str;

    /// Writes the position after the entries, and the answer to `ask`, into
    /// the page's answer.
    ///
    /// # Errors
    ///
    /// A position the game cannot describe (such as a puzzle that cannot be
    /// built).
    fn describe(&mut self, ask: Option<&Self::Ask>, out: &mut Object) -> Result<(), Error>;
}

/// A request read: the game set up, and what follows the setup.
#[derive(Debug)]
pub struct Script<E: Engine> {
    /// The game before its first entry.
    pub game: E,
    /// The entries and asks, in order, each where it stands.
    pub steps: Vec<(StepOf<E>, Pos)>,
}

/// A step of `E`'s requests: one of its entries or asks.
pub type StepOf<E> = Step<<E as Engine>::Entry, <E as Engine>::Ask>;

/// One piece of a request after its setup.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step<E, A> {
    /// An entry of the player.
    Entry(E),
    /// A question about the position, which ends the request.
    Ask(A),
}

/// Why the rules refuse an entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The entry is not a move, and the page may say so: it may stand as the
    /// request's last entry, the game unchanged.
    Stands(String),
    /// No page sends such an entry (say, a computer's move the computer would
    /// never make): the request is wrong wherever it stands.
    Wrong(String),
}

/// Plays `request` through the engine `E` and writes its answer (see the
/// module docs): one JSON object on one line.
///
/// # Errors
///
/// The request does not read, or breaks a rule every page shares.
pub fn replay<E: Engine>(request: &[u8]) -> Result<String, Error> {
    let Script { mut game, steps } = E::read(request)?;
    let mut ask = None;
    let mut refused: Option<(usize, Pos, String)> = None;
    for (number, (step, at)) in (1..).zip(steps) {
        if let Some(ask) = &ask {
            let word = E::ask_word(ask);
            return Err(Error::at(
                at,
                format!("`{word}` must be the request's last {}", E::ENTRY),
            ));
        }
        if let Some((number, at, reason)) = refused.take() {
            return Err(refused_error::<E>(number, at, &reason));
        }
        match step {
            Step::Ask(question) => ask = Some(question),
            Step::Entry(_) if game.is_over() => {
                return Err(Error::at(
                    at,
                    format!("the game is over: no {} may follow", E::ENTRY),
                ))
            }
            Step::Entry(entry) => match game.enter(entry) {
                Ok(()) => {}
                Err(Refusal::Stands(reason)) => refused = Some((number, at, reason)),
                Err(Refusal::Wrong(reason)) => return Err(refused_error::<E>(number, at, &reason)),
            },
        }
    }
    let mut out = Object::new();
    game.describe(ask.as_ref(), &mut out)?;
    Ok(out.line())
}

fn refused_error<E: Engine>(number: usize, at: Pos, reason: &str) -> Error {
    Error::at(at, format!("{} {number} is refused: {reason}", E::ENTRY))
}

/// The lines of `bytes` as a terminal game reads its entries: every line,
/// blank ones too, without its line end, each with its place, the first
/// numbered `first_line`.
///
/// # Errors
///
/// A line longer than [`MAX_LINE`].
pub fn lines(bytes: &[u8], first_line: u64) -> Result<Vec<(Vec<u8>, Pos)>, Error> {
    let mut source = bytes;
    let mut lines = Vec::new();
    let mut text = Vec::new();
    for line in first_line.. {
        let at = Pos {
            line,
            column: 1,
            token: 0,
        };
        match read_line(&mut source, &mut text)
            .map_err(|error| Error::input(format!("cannot read the request: {error}")))?
        {
            LineRead::End => break,
            LineRead::TooLong => {
                return Err(Error::at(
                    at,
                    format!("an entry is longer than {MAX_LINE} bytes"),
                ))
            }
            LineRead::Line { .. } => lines.push((text.clone(), at)),
        }
    }
    Ok(lines)
}

/// How many lines `bytes` ends (its line ends), to number what follows.
pub fn line_count(bytes: &[u8]) -> u64 {
    let newlines = bytes.iter().filter(|&&byte| byte == b'\n').count();
    u64::try_from(newlines).unwrap_or(u64::MAX)
}

/// Whether `line` is the one word `word`, with any white space around it.
pub fn is_word(line: &[u8], word: &str) -> bool {
    let mut words = line
        .split(u8::is_ascii_whitespace)
        .filter(|word| !word.is_empty());
    words.next() == Some(word.as_bytes()) && words.next().is_none()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A counter to 3 that refuses odd entries: enough to show each shared
    /// rule.
    #[derive(Debug)]
    struct Count {
        total: u64,
        refused: Option<String>,
    }

    impl Engine for Count {
        const ENTRY: &'static str = "entry";
        type Entry = u64;
        type Ask = ();

        fn read(request: &[u8]) -> Result<Script<Count>, Error> {
            let steps = lines(request, 1)?
                .into_iter()
                .map(|(text, at)| match &text[..] {
                    b"ask" => (Step::Ask(()), at),
                    b"wrong" => (Step::Entry(u64::MAX), at),
                    _ => (Step::Entry(u64::from(text[0] - b'0')), at),
                })
                .collect();
            let game = Count {
                total: 0,
                refused: None,
            };
            Ok(Script { game, steps })
        }

        fn is_over(&self) -> bool {
            self.total >= 3
        }

        fn enter(&mut self, entry: u64) -> Result<(), Refusal> {
            match entry {
                u64::MAX => Err(Refusal::Wrong("no page says that".to_string())),
                odd if odd % 2 == 1 => {
                    self.refused = Some(format!("{odd} is odd"));
                    Err(Refusal::Stands(format!("{odd} is odd")))
                }
                even => {
                    self.total += even;
                    Ok(())
                }
            }
        }

        fn ask_word((): &()) -> &'static str {
            "ask"
        }

        fn describe(&mut self, ask: Option<&()>, out: &mut Object) -> Result<(), Error> {
            out.field("total", self.total)
                .field("refused", self.refused.as_deref())
                .field("asked", ask.is_some());
            Ok(())
        }
    }

    fn answer(request: &str) -> Result<String, String> {
        replay::<Count>(request.as_bytes()).map_err(|error| error.to_string())
    }

    #[test]
    fn entries_are_played_in_turn_and_described() {
        assert_eq!(
            answer("2\n0\nask\n").unwrap(),
            "{\"total\":2,\"refused\":null,\"asked\":true}\n"
        );
        assert_eq!(
            answer("").unwrap(),
            "{\"total\":0,\"refused\":null,\"asked\":false}\n"
        );
    }

    #[test]
    fn a_refusal_may_stand_last_and_nowhere_else() {
        assert_eq!(
            answer("2\n1\n").unwrap(),
            "{\"total\":2,\"refused\":\"1 is odd\",\"asked\":false}\n"
        );
        assert_eq!(
            answer("2\n1\n0\n").unwrap_err(),
            "line 2, column 1: entry 2 is refused: 1 is odd"
        );
        assert_eq!(
            answer("2\nwrong\n").unwrap_err(),
            "line 2, column 1: entry 2 is refused: no page says that"
        );
    }

    #[test]
    fn nothing_follows_the_end_or_an_ask() {
        assert_eq!(
            answer("2\n2\n0\n").unwrap_err(),
            "line 3, column 1: the game is over: no entry may follow"
        );
        assert_eq!(
            answer("2\n2\nask\n").unwrap(),
            "{\"total\":4,\"refused\":null,\"asked\":true}\n"
        );
        assert_eq!(
            answer("ask\n2\n").unwrap_err(),
            "line 2, column 1: `ask` must be the request's last entry"
        );
    }

    #[test]
    fn lines_keep_blank_ones_and_refuse_long_ones() {
        let read = lines(b"a\n\n b \nc", 5).unwrap();
        let texts: Vec<&[u8]> = read.iter().map(|(text, _)| &text[..]).collect();
        assert_eq!(texts, [&b"a"[..], b"", b" b ", b"c"]);
        assert_eq!(read[3].1.line, 8);
        let long = vec![b'1'; MAX_LINE + 1];
        assert!(lines(&long, 2)
            .unwrap_err()
            .to_string()
            .starts_with("line 2, column 1: an entry is longer"));
        assert!(is_word(b"  solve \t", "solve"));
        assert!(!is_word(b"solve it", "solve"));
        assert_eq!(line_count(b"a\nb\n"), 2);
    }
}
