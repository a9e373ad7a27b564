//! The one error type of every binary: what was expected, what was found, where.

use std::fmt;

/// An error to report to the user: bad input (exit status 1) or a bad command
/// line (exit status 2).
///
/// It is a value like any other: libraries return it, tests compare its text,
/// and only [`main`](super::main) turns it into the `error:` line.
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
    /// Bad input at a known place: `line 3, column 7: <message>`.
    pub fn at(pos: Pos, message: impl Into<String>) -> Error {
        Error {
            kind: ErrorKind::Input,
            at: Some(pos),
            message: message.into(),
        }
    }

    /// Bad input that belongs to no single place, such as observations that
    /// contradict each other.
    pub fn input(message: impl Into<String>) -> Error {
        Error {
            kind: ErrorKind::Input,
            at: None,
            message: message.into(),
        }
    }

    /// A bad command line (exit status 2).
    pub fn usage(message: impl Into<String>) -> Error {
        Error {
            kind: ErrorKind::Usage,
            at: None,
            message: message.into(),
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
    fn quote_escapes_control_and_non_ascii_bytes() {
        assert_eq!(quote(b"\r"), "\"\\r\"");
        assert_eq!(quote(&[0xff, b'a']), "\"\\xffa\"");
        assert_eq!(quote(b""), "\"\"");
    }
}
