//! The one error type of every binary: what was expected, what was found, where.

use std::fmt;

/// An error to report to the user: bad input (exit status 1) or a bad command
/// line (exit status 2).
///
/// It is a value like any other: libraries return it, tests compare its text,
/// and only [`main`](super::main) turns it into the `error:` line.
///
/// Its message is made one short line when it is built, whatever a crate
/// formatted into it: control characters (a line break included) are escaped,
/// and a message longer than [`Error::MAX_MESSAGE`] bytes is cut on a
/// character boundary and ends in `...`. So no `error:` line is longer than
/// 400 bytes, even when a crate names input text without [`quote`]:
///
/// ```
/// let error = judge_io::Error::input(format!("category {} is unknown", "x".repeat(70_000)));
/// assert_eq!(error.message().len(), judge_io::Error::MAX_MESSAGE);
/// assert!(error.message().ends_with("xxx..."));
/// assert_eq!(judge_io::Error::input("two\nlines").message(), "two\\nlines");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    at: Option<Pos>,
    message: String,
}

/// Where something stands in the input: 1-based line and column (in bytes),
/// and the 1-based number of the token (0 when the place is not a token, such
/// as the end of the input or a character inside a board line).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pos {
    /// The line, counted from 1.
    pub line: u64,
    /// The byte within the line, counted from 1.
    pub column: u64,
    /// The token's number in the whole input, counted from 1; 0 for a place
    /// that is not the start of a token.
    pub token: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ErrorKind {
    Input,
    Usage,
}

impl Error {
    /// The longest message in bytes, `...` included. With the place in front
    /// (at most 85 bytes for three 20-digit numbers) and `error: `, an error
    /// line stays under 400 bytes.
    pub const MAX_MESSAGE: usize = 300;

    /// Bad input at a known place: `line 3, column 7: <message>`.
    pub fn at(pos: Pos, message: impl Into<String>) -> Error {
        Error {
            kind: ErrorKind::Input,
            at: Some(pos),
            message: one_short_line(message.into()),
        }
    }

    /// Bad input that belongs to no single place, such as observations that
    /// contradict each other.
    pub fn input(message: impl Into<String>) -> Error {
        Error {
            kind: ErrorKind::Input,
            at: None,
            message: one_short_line(message.into()),
        }
    }

    /// A bad command line (exit status 2).
    pub fn usage(message: impl Into<String>) -> Error {
        Error {
            kind: ErrorKind::Usage,
            at: None,
            message: one_short_line(message.into()),
        }
    }

    /// True for command-line errors, which exit with status 2 instead of 1.
    pub fn is_usage(&self) -> bool {
        self.kind == ErrorKind::Usage
    }

    /// The place in the input, when the error has one.
    pub fn pos(&self) -> Option<Pos> {
        self.at
    }

    /// The message without its place.
    pub fn message(&self) -> &str {
        &self.message
    }
}

/// `message` with its control characters escaped (`\n`, `\u{1b}`), cut to
/// [`Error::MAX_MESSAGE`] bytes with `...` when it is longer. This is the one
/// place that keeps every binary's error to one readable line, so that no
/// crate has to remember to [`quote`] what it formats.
fn one_short_line(message: String) -> String {
    let mut line = if message.chars().any(char::is_control) {
        message
            .chars()
            .map(|c| {
                if c.is_control() {
                    c.escape_default().to_string()
                } else {
                    c.to_string()
                }
            })
            .collect()
    } else {
        message
    };
    if line.len() > Error::MAX_MESSAGE {
        const CUT: &str = "...";
        let mut end = Error::MAX_MESSAGE - CUT.len();
        while !line.is_char_boundary(end) {
            end -= 1;
        }
        line.truncate(end);
        line.push_str(CUT);
    }
    line
}

/// The text of an error, without the `error: ` prefix that `main` adds.
impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.at {
            Some(pos) if pos.token > 0 => write!(
                f,
                "line {}, column {} (token {}): {}",
                pos.line, pos.column, pos.token, self.message
            ),
            Some(pos) => write!(
                f,
                "line {}, column {}: {}",
                pos.line, pos.column, self.message
            ),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for Error {}

/// Quotes input text for a message: at most 40 bytes shown, anything that is
/// not printable ASCII escaped, and `...` when it was cut.
///
/// ```
/// assert_eq!(judge_io::quote(b"abc"), "\"abc\"");
/// assert_eq!(judge_io::quote(b"a\tb"), "\"a\\tb\"");
/// assert_eq!(judge_io::quote(&[b'9'; 50]), format!("\"{}\"...", "9".repeat(40)));
/// ```
pub fn quote(text: &[u8]) -> String {
    const SHOWN: usize = 40;
    let shown = &text[..text.len().min(SHOWN)];
    let mut quoted = format!("\"{}\"", shown.escape_ascii());
    if text.len() > SHOWN {
        quoted.push_str("...");
    }
    quoted
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn token_errors_name_line_column_and_token() {
        let pos = Pos {
            line: 2,
            column: 5,
            token: 3,
        };
        assert_eq!(
            Error::at(pos, "expected x").to_string(),
            "line 2, column 5 (token 3): expected x"
        );
    }

    #[test]
    fn non_token_places_name_line_and_column_only() {
        let pos = Pos {
            line: 4,
            column: 1,
            token: 0,
        };
        assert_eq!(Error::at(pos, "bad").to_string(), "line 4, column 1: bad");
    }

    #[test]
    fn usage_errors_are_marked_and_have_no_place() {
        let error = Error::usage("unknown flag --x");
        assert!(error.is_usage());
        assert_eq!(error.pos(), None);
        assert_eq!(error.to_string(), "unknown flag --x");
        assert!(!Error::input("contradiction").is_usage());
    }

    #[test]
    fn short_messages_are_kept_as_they_are() {
        let message = "é".repeat(Error::MAX_MESSAGE / 2);
        assert_eq!(Error::input(message.clone()).message(), message);
        assert_eq!(Error::usage("--x: a flag").message(), "--x: a flag");
    }

    #[test]
    fn long_messages_are_cut_with_dots_for_every_constructor() {
        let pos = Pos {
            line: u64::MAX,
            column: u64::MAX,
            token: u64::MAX,
        };
        let long = format!("expected a card, found {}", "c".repeat(70_000));
        for error in [
            Error::at(pos, long.clone()),
            Error::input(long.clone()),
            Error::usage(long.clone()),
        ] {
            assert_eq!(error.message().len(), Error::MAX_MESSAGE);
            assert!(error.message().starts_with("expected a card, found ccc"));
            assert!(error.message().ends_with("c..."));
            assert!(format!("error: {error}").len() < 400, "{error}");
        }
        // One byte over the limit is cut too.
        let over = "x".repeat(Error::MAX_MESSAGE + 1);
        assert_eq!(
            Error::input(over).message(),
            format!("{}...", "x".repeat(Error::MAX_MESSAGE - 3))
        );
        let exact = "x".repeat(Error::MAX_MESSAGE);
        assert_eq!(Error::input(exact.clone()).message(), exact);
    }

    #[test]
    fn messages_are_cut_on_a_character_boundary() {
        // Two-, three- and four-byte characters at every offset against the cut.
        for prefix in 0..4 {
            for c in ['é', '€', '🂡'] {
                let message = format!("{}{}", "a".repeat(prefix), c.to_string().repeat(200));
                let cut = Error::input(message.clone());
                let kept = cut.message().strip_suffix("...").unwrap();
                assert!(message.starts_with(kept));
                assert!(kept.len() > Error::MAX_MESSAGE - 3 - c.len_utf8());
            }
        }
    }

    #[test]
    fn control_characters_are_escaped_so_the_error_is_one_line() {
        let error = Error::input("found \"a\nb\r\u{1b}[31m\"");
        assert_eq!(error.message(), "found \"a\\nb\\r\\u{1b}[31m\"");
        assert_eq!(error.to_string().lines().count(), 1);
        assert_eq!(Error::usage("tab\there").message(), "tab\\there");
        // Escaping happens before the cut, so the result still fits.
        let error = Error::input("\n".repeat(Error::MAX_MESSAGE));
        assert_eq!(error.message().len(), Error::MAX_MESSAGE);
        assert!(!error.message().contains('\n'));
    }

    #[test]
    fn quote_escapes_control_and_non_ascii_bytes() {
        assert_eq!(quote(b"\r"), "\"\\r\"");
        assert_eq!(quote(&[0xff, b'a']), "\"\\xffa\"");
        assert_eq!(quote(b""), "\"\"");
    }
}
