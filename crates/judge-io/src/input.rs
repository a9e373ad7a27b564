//! Streaming input: white-space separated tokens, typed integers, and lines.

use std::fmt;
use std::io::{self, Read};
use std::ops::RangeInclusive;

use super::bounds::{Bound, Recording};
use super::error::{quote, Error, Pos};

/// How much is read from the source at a time. Large enough that a pipe hands
/// over its whole buffer in one call, small enough to stay in the L2 cache.
const BLOCK: usize = 1 << 16;

/// A reader of judge input: tokens split on ASCII white space, typed integers,
/// and (for grids) whole lines, each with its line and column.
///
/// It reads its source in large blocks through one buffer that grows only when
/// a single token or line is longer than a block, so memory does not depend on
/// the length of the input. Any `Read` works, `&[u8]` included:
///
/// ```
/// let mut input = judge_io::Input::new("3\n 1 +2\r\n3".as_bytes());
/// let n: u32 = input.int("the count")?;
/// let mut sum = 0u64;
/// for _ in 0..n {
///     sum += input.int::<u64>("a value")?;
/// }
/// input.finish()?;
/// assert_eq!(sum, 6);
/// # Ok::<(), judge_io::Error>(())
/// ```
///
/// [`Input::canonical`] holds the input to the layout a problem package
/// promises; [`Input::canonical_recording`] also records the bounds of the
/// statement that the reads check, which an input validator reports
/// ([`validate_as`](super::validate_as)): a range given to
/// [`int_in`](Input::int_in) is such a bound, unless it ends at its type's
/// largest value (as [`int`](Input::int)'s does).
pub struct Input<R> {
    source: R,
    buf: Vec<u8>,
    /// The unread bytes are `buf[head..tail]`.
    head: usize,
    tail: usize,
    eof: bool,
    /// The offset in the whole input of `buf[0]`.
    base: u64,
    /// The line of `buf[head]`, counted from 1.
    line: u64,
    /// The offset in the whole input where that line starts, minus the column
    /// the input started at (so that a line's tokens keep their columns).
    line_start: i64,
    tokens: u64,
    /// In the canonical layout (see [`Input::canonical`]): how many line ends
    /// the reader announced since the last token; `None` in the lenient
    /// layout, where white space is free.
    line_ends: Option<u32>,
    /// The checks the canonical layout adds, set by [`Input::canonical`]
    /// only (elsewhere they do nothing). Reached through these pointers, they
    /// are left out of a single-file export that never reads canonically,
    /// where a judge caps the size.
    checks: Checks<R>,
}

/// What [`Input::int_check`] hands out: holds an integer token to the
/// layout (a no-op outside the canonical layout).
pub type IntCheck = for<'t, 'w> fn(Token<'t>, &'w dyn fmt::Display) -> Result<(), Error>;

/// The canonical layout's checks: the white space before a token, a line
/// read whole (its raw text, whether a `\n` ended it, its line and column),
/// and an integer's text; and, for an input validator, the recording of a
/// bound (a read's name, value, lower and upper bound) in its source, a
/// [`Recording`]: kept there, not in the reader, so that a single-file
/// export that never records holds none of its types.
struct Checks<R> {
    separator: fn(&mut Input<R>) -> Result<bool, Error>,
    line: fn(&[u8], bool, u64, u64) -> Result<(), Error>,
    int: IntCheck,
    bound: fn(&mut R, &dyn fmt::Display, [i128; 4]),
}

/// One token, borrowed from the input's buffer, and where it stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token<'a> {
    /// The bytes of the token: never empty, never containing white space.
    pub text: &'a [u8],
    /// Where the token starts.
    pub pos: Pos,
}

/// One line that is not blank, with trailing white space (`\r` included)
/// removed, borrowed from the input's buffer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line<'a> {
    /// The text, not empty, without the line end and trailing white space.
    pub text: &'a [u8],
    /// The line, counted from 1.
    pub number: u64,
    /// The column of `text[0]`, counted from 1 (more than 1 only when part of
    /// the line was already read as tokens).
    pub column: u64,
}

impl<R: Read> Input<R> {
    /// Reads from `source`, which is taken to start at line 1, column 1.
    pub fn new(source: R) -> Input<R> {
        Input::starting_at(source, 1, 1)
    }

    /// Reads from `source` whose first byte stands at `line` and `column` of a
    /// larger input, so that errors point into that input.
    pub fn starting_at(source: R, line: u64, column: u64) -> Input<R> {
        Input {
            source,
            buf: vec![0; BLOCK],
            head: 0,
            tail: 0,
            eof: false,
            base: 0,
            line,
            line_start: 1 - to_i64(column),
            tokens: 0,
            line_ends: None,
            checks: Checks {
                separator: Input::skip_white_space,
                line: |_, _, _, _| Ok(()),
                int: |_, _| Ok(()),
                bound: |_, _, _| {},
            },
        }
    }

    /// Reads `source` held to the canonical layout that a problem package's
    /// statement promises and its input validator checks: tokens on one line
    /// separated by exactly one space, each line ended by one `\n` where the
    /// reader calls [`line_end`](Self::line_end) (and nowhere else), nothing
    /// before the first token or after the last line end, integers without a
    /// `+` or leading zeros (`0` alone, never `-0`). Lines read with
    /// [`line`](Self::line) must end in `\n` and hold no trailing white space,
    /// and no blank line may come before them.
    ///
    /// ```
    /// use judge_io::Input;
    ///
    /// fn sum(text: &str) -> Result<u64, judge_io::Error> {
    ///     let mut input = Input::canonical(text.as_bytes());
    ///     let n: u64 = input.int("n")?;
    ///     input.line_end();
    ///     let mut sum = 0;
    ///     for _ in 0..n {
    ///         sum += input.int::<u64>("a term")?;
    ///     }
    ///     input.line_end();
    ///     input.finish()?;
    ///     Ok(sum)
    /// }
    /// assert_eq!(sum("2\n3 4\n").unwrap(), 7);
    /// assert_eq!(
    ///     sum("2\n3  4\n").unwrap_err().to_string(),
    ///     "line 2, column 2: expected one space between two tokens, found \"  \""
    /// );
    /// assert!(sum("2 3 4\n").is_err()); // a line end belongs after n
    /// assert!(sum("2\n03 4\n").is_err()); // a leading zero
    /// assert!(sum("2\n3 4").is_err()); // the last line has no line end
    /// assert!(sum("2\r\n3 4\n").is_err());
    /// # Ok::<(), judge_io::Error>(())
    /// ```
    pub fn canonical(source: R) -> Input<R> {
        Input {
            line_ends: Some(0),
            checks: Checks {
                separator: Input::canonical_separator,
                line: canonical_line,
                int: |token, what| canonical_int(token, what),
                bound: |_, _, _| {},
            },
            ..Input::new(source)
        }
    }

    /// Reads `source` in the canonical layout, as [`canonical`](Self::canonical)
    /// does, and records the bounds of the statement that its reads check,
    /// for an input validator to report (BAPCtools' `--constraints_file`,
    /// see [`validate_as`](super::validate_as)); [`bounds`](Self::bounds)
    /// lists them.
    ///
    /// The convention: a range given to [`int_in`](Self::int_in) or
    /// [`int_in_at`](Self::int_in_at) is a bound of the statement, and is
    /// recorded, unless it ends at its type's largest value: such a range
    /// (`1..=u64::MAX` for "at least 1", or [`int`](Self::int)'s, the
    /// type's own limits) has no upper bound of the statement's, and no
    /// input could reach the type's. Reads whose names differ only in their digits (`pile 3 of
    /// game 2`, `pile 7 of game 1`) are one bound, whose lower bound is the
    /// smallest of theirs and upper bound the largest (a bound may depend
    /// on a value read before it: `0..=players`). A read's name is
    /// formatted only here, never in the other constructors, and only an
    /// input validator's `main` calls this one, so a single-file export
    /// that never validates leaves the recording out.
    ///
    /// ```
    /// let mut input = judge_io::Input::canonical_recording("3\n0 3 1\n".as_bytes());
    /// let n = input.int_in::<u64>("the number of players n", 1..=100)?;
    /// input.line_end();
    /// for player in 1..=n {
    ///     input.int_in::<u64>(format!("the score of player {player}"), 0..=n)?;
    /// }
    /// input.line_end();
    /// input.finish()?;
    /// let bounds = input.bounds();
    /// assert_eq!(bounds.len(), 2);
    /// let (players, scores) = (&bounds[0], &bounds[1]);
    /// assert_eq!(players.key, "the_number_of_players_n");
    /// assert_eq!((players.min, players.max, players.low, players.high), (3, 3, 1, 100));
    /// assert!(!players.reached_low && !players.reached_high);
    /// assert_eq!(scores.key, "the_score_of_player_#");
    /// assert_eq!((scores.min, scores.max, scores.low, scores.high), (0, 3, 0, 3));
    /// assert!(scores.reached_low && scores.reached_high);
    /// # Ok::<(), judge_io::Error>(())
    /// ```
    // A method of every `Input<R>`, not of an `impl` for
    // `Input<Recording<R>>`: the export prunes a type with the `impl`s of
    // its own name only, and such an `impl`, left empty, would keep
    // `Recording` in every judge target.
    pub fn canonical_recording(source: R) -> Input<Recording<R>> {
        let mut input = Input::canonical(Recording::new(source));
        input.checks.bound = Recording::record;
        input
    }

    /// The bounds of the statement recorded so far, in the order they were
    /// first read, by an input made with
    /// [`canonical_recording`](Self::canonical_recording).
    pub fn bounds(&self) -> &[Bound]
    where
        R: AsRef<[Bound]>,
    {
        self.source.as_ref()
    }

    /// Whether the input is held to the canonical layout.
    pub fn is_canonical(&self) -> bool {
        self.line_ends.is_some()
    }

    /// The check of an integer's text in this input's layout: for a reader
    /// that parses a token itself (a signed statement, say), to call before
    /// [`parse_int_in`]. In the canonical layout it is [`canonical_int`];
    /// elsewhere it accepts everything.
    pub fn int_check(&self) -> IntCheck {
        self.checks.int
    }

    /// Announces that the current line of the input ends here. In the
    /// canonical layout the next token (or the end of the input) must then
    /// follow one `\n` (two after two calls: an empty line); elsewhere it does
    /// nothing.
    pub fn line_end(&mut self) {
        if let Some(line_ends) = &mut self.line_ends {
            *line_ends = line_ends.saturating_add(1);
        }
    }

    /// The next token; at the end of the input, an error that says `what` was
    /// expected.
    pub fn token(&mut self, what: impl fmt::Display) -> Result<Token<'_>, Error> {
        match self.next_token_span()? {
            Some((start, end, pos)) => Ok(Token {
                text: &self.buf[start..end],
                pos,
            }),
            None => Err(self.missing(what)),
        }
    }

    /// The next token, or `None` at the end of the input.
    pub fn try_token(&mut self) -> Result<Option<Token<'_>>, Error> {
        Ok(self.next_token_span()?.map(|(start, end, pos)| Token {
            text: &self.buf[start..end],
            pos,
        }))
    }

    /// The next token as an integer of type `T`: decimal digits with an
    /// optional `+` or `-` sign, leading zeros allowed. A number that does not
    /// fit `T` is an error, never a wrap (`-0` is zero, for every type).
    ///
    /// The type's limits are not a bound of the statement: an input
    /// validator does not report them (see
    /// [`canonical_recording`](Self::canonical_recording)).
    pub fn int<T: Integer>(&mut self, what: impl fmt::Display) -> Result<T, Error> {
        self.int_in(what, T::MIN..=T::MAX)
    }

    /// Like [`int`](Self::int), and the value must lie in `range`, a bound
    /// of the statement (which an input validator reports: see
    /// [`canonical_recording`](Self::canonical_recording)).
    pub fn int_in<T: Integer>(
        &mut self,
        what: impl fmt::Display,
        range: RangeInclusive<T>,
    ) -> Result<T, Error> {
        self.int_in_at(what, range).map(|(value, _)| value)
    }

    /// Like [`int_in`](Self::int_in), and also where the number stood, for
    /// errors found later about its value.
    ///
    /// `what` is only formatted for an error, so a name built from several
    /// values costs nothing on the happy path:
    ///
    /// ```
    /// struct Pile(u64);
    /// impl std::fmt::Display for Pile {
    ///     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
    ///         write!(f, "pile {}", self.0)
    ///     }
    /// }
    /// let mut input = judge_io::Input::new("\n 12 x".as_bytes());
    /// let (size, pos) = input.int_in_at(Pile(1), 0..=u64::MAX)?;
    /// assert_eq!((size, pos.line, pos.column, pos.token), (12, 2, 2, 1));
    /// let error = input.int_in_at(Pile(2), 0..=u64::MAX).unwrap_err();
    /// assert!(error.to_string().contains("expected pile 2 (an integer"));
    /// # Ok::<(), judge_io::Error>(())
    /// ```
    // Inlined into the caller's loop, measured: see crates/judge-io/README.md,
    // "Reading speed".
    #[inline(always)]
    pub fn int_in_at<T: Integer>(
        &mut self,
        what: impl fmt::Display,
        range: RangeInclusive<T>,
    ) -> Result<(T, Pos), Error> {
        // The common case, a run of plain digits wholly inside the buffer,
        // is decided in one pass, inlined into the caller's loop; anything
        // else (signs, long numbers, a token cut by the buffer's end, errors)
        // takes the general path, kept out of line so that the fast path
        // stays small. The canonical layout always takes the general path.
        if self.line_ends.is_none() && self.skip_white_space()? {
            if let Some((magnitude, length)) = plain_digits(&self.buf[self.head..self.tail]) {
                if let Some(value) = T::from_sign_and_magnitude(false, magnitude) {
                    if range.contains(&value) {
                        self.tokens += 1;
                        let pos = Pos {
                            line: self.line,
                            column: self.column_of(self.head),
                            token: self.tokens,
                        };
                        self.head += length;
                        return Ok((value, pos));
                    }
                }
            }
        }
        self.int_in_at_general(what, range)
    }

    /// [`int_in_at`](Self::int_in_at) for every token the fast path leaves,
    /// and every token of the canonical layout, which alone records bounds.
    #[cold]
    #[inline(never)]
    fn int_in_at_general<T: Integer>(
        &mut self,
        what: impl fmt::Display,
        range: RangeInclusive<T>,
    ) -> Result<(T, Pos), Error> {
        let check = self.checks.int;
        let token = self.token(&what)?;
        let pos = token.pos;
        check(token, &what)?;
        let value = parse_int_in(token, &what, range.clone())?;
        let values = [value, *range.start(), *range.end(), T::MAX].map(T::to_i128);
        (self.checks.bound)(&mut self.source, &what, values);
        Ok((value, pos))
    }

    /// Succeeds only if nothing but white space is left (in the canonical
    /// layout: nothing but the last line's end).
    pub fn finish(&mut self) -> Result<(), Error> {
        match self.try_token()? {
            None => Ok(()),
            Some(token) => Err(Error::at(
                token.pos,
                format!("unexpected extra input {}", quote(token.text)),
            )),
        }
    }

    /// The next line that is not blank (blank: empty or only white space),
    /// without its line end and trailing white space; `None` at the end.
    ///
    /// A line longer than one read of the source (a pipe hands over 64 KiB at
    /// a time) is scanned for its end once, not once per read, so reading it
    /// takes time linear in its length.
    pub fn line(&mut self) -> Result<Option<Line<'_>>, Error> {
        loop {
            // The bytes `buf[head..head + scanned]` are known to hold no
            // newline; `refill` moves `head` but keeps what follows it.
            let mut scanned = 0;
            let newline = loop {
                let unscanned = &self.buf[self.head + scanned..self.tail];
                #[cfg(test)]
                let _ = work::add(unscanned.len());
                match find_newline(unscanned) {
                    Some(offset) => break Some(self.head + scanned + offset),
                    None if self.eof => break None,
                    None => {
                        scanned = self.tail - self.head;
                        self.refill(self.head)?;
                    }
                }
            };
            let start = self.head;
            let end = newline.unwrap_or(self.tail);
            let column = self.column_of(start);
            let number = self.line;
            match newline {
                Some(newline) => self.start_line_after(newline),
                None => self.head = self.tail,
            }
            let text_end = start
                + self.buf[start..end]
                    .iter()
                    .rposition(|byte| !byte.is_ascii_whitespace())
                    .map_or(0, |last| last + 1);
            if newline.is_some() || end > start {
                (self.checks.line)(&self.buf[start..end], newline.is_some(), number, column)?;
            }
            if text_end > start {
                return Ok(Some(Line {
                    text: &self.buf[start..text_end],
                    number,
                    column,
                }));
            }
            if newline.is_none() {
                return Ok(None);
            }
        }
    }

    /// The next byte, not consumed; `None` at the end of the input. For
    /// formats that are not made of white-space separated tokens (such as
    /// SGF's brackets), read byte by byte with [`Input::next_byte`]; the
    /// lines and columns of [`Input::pos`] stay right. Byte reads are not
    /// held to the canonical layout.
    ///
    /// ```
    /// let mut input = judge_io::Input::new("a\nb".as_bytes());
    /// assert_eq!(input.next_byte()?, Some(b'a'));
    /// assert_eq!(input.next_byte()?, Some(b'\n'));
    /// assert_eq!(input.peek_byte()?, Some(b'b'));
    /// let pos = input.pos();
    /// assert_eq!((pos.line, pos.column), (2, 1));
    /// assert_eq!(input.next_byte()?, Some(b'b'));
    /// assert_eq!(input.next_byte()?, None);
    /// # Ok::<(), judge_io::Error>(())
    /// ```
    #[inline]
    pub fn peek_byte(&mut self) -> Result<Option<u8>, Error> {
        if self.head == self.tail && !self.refill(self.head)? {
            return Ok(None);
        }
        Ok(Some(self.buf[self.head]))
    }

    /// The next byte, consumed (a `\n` starts a new line); `None` at the end
    /// of the input. See [`Input::peek_byte`].
    #[inline]
    pub fn next_byte(&mut self) -> Result<Option<u8>, Error> {
        let byte = self.peek_byte()?;
        match byte {
            Some(b'\n') => self.start_line_after(self.head),
            Some(_) => self.head += 1,
            None => {}
        }
        Ok(byte)
    }

    /// Skips white space, then peeks at the byte after it (`None` at the end
    /// of the input), for byte-level formats where white space may stand
    /// between the parts.
    #[inline]
    pub fn peek_after_white_space(&mut self) -> Result<Option<u8>, Error> {
        if self.skip_white_space()? {
            Ok(Some(self.buf[self.head]))
        } else {
            Ok(None)
        }
    }

    /// Where the next unread byte stands (after the last byte at the end).
    pub fn pos(&self) -> Pos {
        Pos {
            line: self.line,
            column: self.column_of(self.head),
            token: 0,
        }
    }

    /// The error for a token that is not there: `expected <what>, found end of
    /// input`, at the end of the input.
    pub fn missing(&self, what: impl fmt::Display) -> Error {
        Error::at(self.pos(), format!("expected {what}, found end of input"))
    }

    /// Skips white space, then finds the token after it: its span in `buf`
    /// and its place.
    fn next_token_span(&mut self) -> Result<Option<(usize, usize, Pos)>, Error> {
        let found = match self.line_ends {
            None => self.skip_white_space()?,
            Some(_) => (self.checks.separator)(self)?,
        };
        if !found {
            return Ok(None);
        }
        // A token ends at white space or at the end of the input; one cut by
        // the end of the buffer is completed by reading on.
        let mut scanned = self.head;
        let end = loop {
            let unscanned = &self.buf[scanned..self.tail];
            #[cfg(test)]
            let _ = work::add(unscanned.len());
            match unscanned.iter().position(u8::is_ascii_whitespace) {
                Some(offset) => break scanned + offset,
                None if self.eof => break self.tail,
                None => {
                    // `refill` moves the token's start to `buf[0]`.
                    scanned = self.tail - self.head;
                    self.refill(self.head)?;
                }
            }
        };
        self.tokens += 1;
        let pos = Pos {
            line: self.line,
            column: self.column_of(self.head),
            token: self.tokens,
        };
        let start = self.head;
        self.head = end;
        Ok(Some((start, end, pos)))
    }

    /// In the canonical layout, skips the white space before the next token
    /// (or the end of the input), which must be exactly what the layout puts
    /// there: nothing before the first token, one space between two tokens
    /// of a line, one `\n` for each line end announced since the last token
    /// (and at the end of the input, at least one). True when a token starts
    /// at `head`, false at the end of the input.
    #[cold]
    fn canonical_separator(&mut self) -> Result<bool, Error> {
        let line_ends = self.line_ends.unwrap_or(0);
        let at = self.pos();
        let at_start = self.base + self.head as u64 == 0;
        // The white space run: its first bytes (for the message) and counts.
        let mut shown = Vec::new();
        let (mut spaces, mut newlines, mut others) = (0u64, 0u64, 0u64);
        let found = 'run: loop {
            while self.head < self.tail {
                let byte = self.buf[self.head];
                match byte {
                    b' ' => spaces += 1,
                    b'\n' => newlines += 1,
                    _ if byte.is_ascii_whitespace() => others += 1,
                    _ => break 'run true,
                }
                if shown.len() < 16 {
                    shown.push(byte);
                }
                if byte == b'\n' {
                    self.start_line_after(self.head);
                } else {
                    self.head += 1;
                }
            }
            if !self.refill(self.head)? {
                break false;
            }
        };
        let ends_a_line = at.column == 1 && !at_start;
        let (want, expected) = match (found, line_ends) {
            (true, 0) if at_start => (
                (0, 0),
                "the first token at the start of the input".to_string(),
            ),
            (true, 0) => ((1, 0), "one space between two tokens".to_string()),
            (false, 0) if ends_a_line => ((0, 0), "the end of the input".to_string()),
            (false, 0) => ((0, 1), "the last line to end with \"\\n\"".to_string()),
            (_, 1) => ((0, 1), "the line to end here with one \"\\n\"".to_string()),
            (_, ends) => (
                (0, u64::from(ends)),
                format!("{ends} line ends (\"\\n\") here, empty lines between"),
            ),
        };
        if (spaces, newlines, others) != (want.0, want.1, 0) {
            let found = if shown.is_empty() {
                "no white space".to_string()
            } else {
                quote(&shown)
            };
            return Err(Error::at(at, format!("expected {expected}, found {found}")));
        }
        self.line_ends = Some(0);
        Ok(found)
    }

    /// Skips white space, counting lines; true when a token starts at `head`,
    /// false at the end of the input.
    #[inline(always)]
    fn skip_white_space(&mut self) -> Result<bool, Error> {
        loop {
            while self.head < self.tail {
                let byte = self.buf[self.head];
                if !byte.is_ascii_whitespace() {
                    return Ok(true);
                }
                if byte == b'\n' {
                    self.start_line_after(self.head);
                } else {
                    self.head += 1;
                }
            }
            if !self.refill(self.head)? {
                return Ok(false);
            }
        }
    }

    /// Moves `buf[keep..tail]` to the front (doubling the buffer when that is
    /// all of it) and reads once more. Returns false at the end of the input.
    ///
    /// A byte is moved at most once while it is kept: once at the front, it
    /// stays there until it is consumed (`keep` is then 0 and nothing moves),
    /// and the doubling costs linear time in all. So a token or line of any
    /// length is read in time linear in its length.
    fn refill(&mut self, keep: usize) -> Result<bool, Error> {
        if self.eof {
            return Ok(false);
        }
        if keep > 0 {
            #[cfg(test)]
            let _ = work::add(self.tail - keep);
            self.buf.copy_within(keep..self.tail, 0);
            self.base += keep as u64;
            self.head -= keep;
            self.tail -= keep;
        }
        if self.tail == self.buf.len() {
            self.buf.resize(self.buf.len() * 2, 0);
        }
        loop {
            match self.source.read(&mut self.buf[self.tail..]) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(false);
                }
                Ok(count) => {
                    self.tail += count;
                    return Ok(true);
                }
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) => return Err(Error::input(format!("cannot read the input: {error}"))),
            }
        }
    }

    fn start_line_after(&mut self, newline: usize) {
        self.head = newline + 1;
        self.line += 1;
        self.line_start = to_i64(self.base + self.head as u64);
    }

    fn column_of(&self, index: usize) -> u64 {
        let column = to_i64(self.base + index as u64) - self.line_start + 1;
        u64::try_from(column).unwrap_or(1)
    }
}

impl<'a> Line<'a> {
    /// The place of `text[index]`.
    pub fn pos(&self, index: usize) -> Pos {
        Pos {
            line: self.number,
            column: self.column + index as u64,
            token: 0,
        }
    }

    /// The line's tokens, as an input whose errors point into this line.
    pub fn tokens(&self) -> Input<&'a [u8]> {
        Input::starting_at(self.text, self.number, self.column)
    }
}

/// Holds a line read whole to the canonical layout: not blank, no white
/// space at its end, ended by `\n`. `raw` is the line without its `\n`,
/// `ended` whether one followed.
fn canonical_line(raw: &[u8], ended: bool, line: u64, column: u64) -> Result<(), Error> {
    let text_end = raw
        .iter()
        .rposition(|byte| !byte.is_ascii_whitespace())
        .map_or(0, |last| last + 1);
    let what = if text_end == 0 {
        "expected a line, found a blank one".to_string()
    } else if text_end < raw.len() {
        format!(
            "expected the end of the line, found white space {}",
            quote(&raw[text_end..])
        )
    } else if !ended {
        "expected the line to end with \"\\n\", found the end of the input".to_string()
    } else {
        return Ok(());
    };
    let at = Pos {
        line,
        column: column + text_end as u64,
        token: 0,
    };
    Err(Error::at(at, what))
}

/// Holds an integer token to the canonical layout (see
/// [`Input::canonical`]): an optional `-`, then digits with no leading zero
/// (`0` alone is zero, `-0` is not allowed). The error names `what` and quotes
/// the token; whether the value is in range is [`parse_int_in`]'s to say.
pub fn canonical_int(token: Token<'_>, what: impl fmt::Display) -> Result<(), Error> {
    let digits = token.text.strip_prefix(b"-").unwrap_or(token.text);
    let problem = match digits {
        [] => return Ok(()),
        [b'0'] if digits.len() < token.text.len() => "-0 (write 0)",
        [b'0', second, ..] if second.is_ascii_digit() => "a leading zero",
        [b'+', ..] => "a + sign",
        _ => return Ok(()),
    };
    Err(Error::at(
        token.pos,
        format!(
            "expected {what} without {problem}, found {}",
            quote(token.text)
        ),
    ))
}

/// Parses a token as an integer in `range`; the error names `what` and
/// quotes the token.
pub fn parse_int_in<T: Integer>(
    token: Token<'_>,
    what: impl fmt::Display,
    range: RangeInclusive<T>,
) -> Result<T, Error> {
    let value = match parse_digits(token.text) {
        Digits::Value {
            negative,
            magnitude,
        } => T::from_sign_and_magnitude(negative, magnitude),
        Digits::TooLarge => None,
        Digits::NotANumber => {
            return Err(Error::at(
                token.pos,
                format!(
                    "expected {what} (an integer from {} to {}), found {}",
                    range.start(),
                    range.end(),
                    quote(token.text)
                ),
            ))
        }
    };
    match value {
        Some(value) if range.contains(&value) => Ok(value),
        _ => Err(Error::at(
            token.pos,
            format!(
                "{what} must be from {} to {}, found {}",
                range.start(),
                range.end(),
                quote(token.text)
            ),
        )),
    }
}

/// The index of the first `\n` in `bytes`, looked for eight bytes at a time:
/// XOR with eight newlines turns a newline into a zero byte, and
/// `(w - 0x01..01) & !w & 0x80..80` flags zero bytes, the lowest flag
/// exactly (a false flag can only stand above a true one).
fn find_newline(bytes: &[u8]) -> Option<usize> {
    const NEWLINES: u64 = 0x0A0A_0A0A_0A0A_0A0A;
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let mut chunks = bytes.chunks_exact(8);
    let mut offset = 0;
    for chunk in &mut chunks {
        let mut word = [0; 8];
        word.copy_from_slice(chunk);
        let word = u64::from_le_bytes(word) ^ NEWLINES;
        let zeros = word.wrapping_sub(ONES) & !word & HIGHS;
        if zeros != 0 {
            return Some(offset + zeros.trailing_zeros() as usize / 8);
        }
        offset += 8;
    }
    let rest = chunks.remainder().iter().position(|&byte| byte == b'\n');
    rest.map(|index| offset + index)
}

/// The value and length of the plain digits at the start of `bytes` when
/// white space follows them and the value fits a `u64` (at most 20 digits);
/// `None` for anything else.
///
/// This is the inner loop of reading a large input, so the first sixteen
/// digits go eight at a time (see [`eight_digits`]), the rest one by one.
#[inline(always)]
fn plain_digits(bytes: &[u8]) -> Option<(u64, usize)> {
    let mut value = 0u64;
    let mut length = 0;
    // Sixteen digits are below 10^16, far from overflowing.
    while length < 16 {
        let chunk = match bytes.get(length..length + 8) {
            Some(chunk) => chunk,
            None => break,
        };
        let mut word = [0; 8];
        word.copy_from_slice(chunk);
        let word = u64::from_le_bytes(word);
        if !all_digits(word) {
            break;
        }
        value = value * 100_000_000 + eight_digits(word);
        length += 8;
    }
    for (index, &byte) in bytes.iter().enumerate().skip(length) {
        let digit = byte.wrapping_sub(b'0');
        if digit > 9 {
            return (index > 0 && byte.is_ascii_whitespace()).then_some((value, index));
        }
        // 19 digits cannot overflow; the 20th is checked, a 21st refused.
        // The check compares with u64::MAX's digits (1844674407370955161,
        // then 5) rather than calling checked_mul, which on 32-bit
        // WebAssembly becomes a call to a 128-bit multiply.
        value = if index < 19 {
            value * 10 + u64::from(digit)
        } else if index == 19 {
            const TOP: u64 = u64::MAX / 10;
            const LAST: u64 = u64::MAX % 10;
            if value > TOP || (value == TOP && u64::from(digit) > LAST) {
                return None;
            }
            value * 10 + u64::from(digit)
        } else {
            return None;
        };
    }
    None
}

/// True when all eight bytes of `word` are ASCII digits: each byte's high
/// nibble is 3, and still 3 after adding 6 (which pushes `:` to `?` over).
fn all_digits(word: u64) -> bool {
    const HIGH: u64 = 0xF0F0_F0F0_F0F0_F0F0;
    const THREES: u64 = 0x3030_3030_3030_3030;
    word & HIGH == THREES && word.wrapping_add(0x0606_0606_0606_0606) & HIGH == THREES
}

/// The value of eight ASCII digits read little-endian (the first digit in the
/// lowest byte): neighbouring digits are merged into pairs, pairs into
/// fours, fours into the eight, each step one multiply and one shift.
fn eight_digits(word: u64) -> u64 {
    let digits = word - 0x3030_3030_3030_3030;
    let pairs = (digits.wrapping_mul(10) + (digits >> 8)) & 0x00FF_00FF_00FF_00FF;
    let fours = (pairs.wrapping_mul(100) + (pairs >> 16)) & 0x0000_FFFF_0000_FFFF;
    (fours.wrapping_mul(10_000) + (fours >> 32)) & 0xFFFF_FFFF
}

/// What the text of a would-be integer holds.
enum Digits {
    Value {
        negative: bool,
        magnitude: u64,
    },
    /// Digits, but more than a `u64` holds.
    TooLarge,
    NotANumber,
}

/// An optional sign, then decimal digits (leading zeros allowed), in one
/// pass: this is the inner loop of reading a large input.
fn parse_digits(text: &[u8]) -> Digits {
    let (negative, digits) = match text.split_first() {
        Some((b'-', rest)) => (true, rest),
        Some((b'+', rest)) => (false, rest),
        _ => (false, text),
    };
    if digits.is_empty() {
        return Digits::NotANumber;
    }
    // Up to 19 digits cannot overflow a u64, so only longer numbers (rare:
    // leading zeros or out of range) take the checked path.
    if digits.len() <= 19 {
        let mut magnitude = 0u64;
        for &byte in digits {
            let digit = byte.wrapping_sub(b'0');
            if digit > 9 {
                return Digits::NotANumber;
            }
            magnitude = magnitude * 10 + u64::from(digit);
        }
        return Digits::Value {
            negative,
            magnitude,
        };
    }
    let mut magnitude = 0u64;
    let mut too_large = false;
    for &byte in digits {
        let digit = byte.wrapping_sub(b'0');
        if digit > 9 {
            return Digits::NotANumber;
        }
        match magnitude
            .checked_mul(10)
            .and_then(|value| value.checked_add(u64::from(digit)))
        {
            Some(value) => magnitude = value,
            None => too_large = true,
        }
    }
    if too_large {
        Digits::TooLarge
    } else {
        Digits::Value {
            negative,
            magnitude,
        }
    }
}

/// How many bytes the reader scanned for a token's or line's end, or moved
/// to the front of its buffer, on this thread: the test of linear time
/// counts work instead of timing it.
#[cfg(test)]
mod work {
    use std::cell::Cell;

    thread_local! {
        static BYTES: Cell<usize> = const { Cell::new(0) };
    }

    /// Adds `bytes` to the count and returns the new count.
    pub(super) fn add(bytes: usize) -> usize {
        BYTES.with(|count| {
            count.set(count.get() + bytes);
            count.get()
        })
    }

    pub(super) fn take() -> usize {
        BYTES.with(|count| count.replace(0))
    }
}

fn to_i64(value: u64) -> i64 {
    i64::try_from(value).unwrap_or(i64::MAX)
}

/// The integer types the reader parses: every primitive integer up to 64 bits.
pub trait Integer: Copy + PartialOrd + fmt::Display {
    /// The smallest value of the type.
    const MIN: Self;
    /// The largest value of the type.
    const MAX: Self;
    /// The value with this sign and magnitude, if the type holds it (`-0`
    /// is 0, for unsigned types too).
    fn from_sign_and_magnitude(negative: bool, magnitude: u64) -> Option<Self>;
    /// The value as an `i128`, which holds every value of every such type.
    fn to_i128(self) -> i128;
}

macro_rules! integer {
    ($($t:ty)*) => {$(
        impl Integer for $t {
            const MIN: Self = <$t>::MIN;
            const MAX: Self = <$t>::MAX;
            fn from_sign_and_magnitude(negative: bool, magnitude: u64) -> Option<Self> {
                let value = i128::from(magnitude);
                <$t>::try_from(if negative { -value } else { value }).ok()
            }
            fn to_i128(self) -> i128 {
                // At most 64 bits: never truncated, never wrapped.
                self as i128
            }
        }
    )*};
}

integer!(u8 u16 u32 u64 usize i8 i16 i32 i64 isize);

#[cfg(test)]
mod tests {
    use super::*;

    fn input(text: &str) -> Input<&[u8]> {
        Input::new(text.as_bytes())
    }

    /// A reader that hands out one byte per call, to cut every token and
    /// line at every possible place.
    struct Trickle<'a>(&'a [u8]);

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            match (self.0.split_first(), buf.first_mut()) {
                (Some((&byte, rest)), Some(slot)) => {
                    *slot = byte;
                    self.0 = rest;
                    Ok(1)
                }
                _ => Ok(0),
            }
        }
    }

    #[test]
    fn bytes_keep_their_lines_and_columns_across_reads_and_blocks() {
        // Three blocks' worth of text, read byte by byte, both from memory
        // and one byte per read: every byte's place is where it stands.
        let text: Vec<u8> = (0..3 * BLOCK)
            .map(|index| {
                if index % 97 == 96 {
                    b'\n'
                } else {
                    b"abcdefghijklmnopqrstuvwxyz"[index % 26]
                }
            })
            .collect();
        for trickle in [false, true] {
            let mut input: Input<Box<dyn Read>> = if trickle {
                Input::new(Box::new(Trickle(&text)))
            } else {
                Input::new(Box::new(&text[..]))
            };
            let (mut line, mut column) = (1, 1);
            for &expected in &text {
                let pos = input.pos();
                assert_eq!((pos.line, pos.column), (line, column));
                assert_eq!(input.peek_byte().unwrap(), Some(expected));
                assert_eq!(input.next_byte().unwrap(), Some(expected));
                if expected == b'\n' {
                    (line, column) = (line + 1, 1);
                } else {
                    column += 1;
                }
            }
            assert_eq!(input.next_byte().unwrap(), None);
            assert_eq!(input.peek_byte().unwrap(), None);
        }
    }

    #[test]
    fn peek_after_white_space_skips_it_and_keeps_the_byte() {
        let mut input = input(" \r\n\t (;");
        assert_eq!(input.peek_after_white_space().unwrap(), Some(b'('));
        assert_eq!((input.pos().line, input.pos().column), (2, 3));
        assert_eq!(input.next_byte().unwrap(), Some(b'('));
        assert_eq!(input.peek_after_white_space().unwrap(), Some(b';'));
        assert_eq!(input.next_byte().unwrap(), Some(b';'));
        assert_eq!(input.peek_after_white_space().unwrap(), None);
    }

    fn all_tokens<R: Read>(mut input: Input<R>) -> Vec<(String, u64, u64, u64)> {
        let mut found = Vec::new();
        while let Some(token) = input.try_token().unwrap() {
            found.push((
                String::from_utf8_lossy(token.text).into_owned(),
                token.pos.line,
                token.pos.column,
                token.pos.token,
            ));
        }
        found
    }

    #[test]
    fn tokens_split_on_every_ascii_white_space_with_their_places() {
        let expected = vec![
            ("a".to_string(), 1, 2, 1),
            ("bc".to_string(), 1, 4, 2),
            ("d".to_string(), 2, 1, 3),
            ("e".to_string(), 4, 3, 4),
        ];
        let text = " a\tbc\r\nd\x0c\n\n  e\n";
        assert_eq!(all_tokens(input(text)), expected);
        assert_eq!(all_tokens(Input::new(Trickle(text.as_bytes()))), expected);
    }

    #[test]
    fn tokens_longer_than_a_block_are_read_whole() {
        let long = "7".repeat(3 * BLOCK + 5);
        let text = format!("1 {long} 2");
        let found = all_tokens(Input::new(text.as_bytes()));
        assert_eq!(found.len(), 3);
        assert_eq!(found[1].0, long);
        assert_eq!(found[2], ("2".to_string(), 1, 3 * BLOCK as u64 + 9, 3));
    }

    #[test]
    fn integers_accept_signs_and_leading_zeros() {
        let mut input = input("+5 -7 007 -0 18446744073709551615 -9223372036854775808");
        assert_eq!(input.int::<u8>("x").unwrap(), 5);
        assert_eq!(input.int::<i32>("x").unwrap(), -7);
        assert_eq!(input.int::<u16>("x").unwrap(), 7);
        assert_eq!(input.int::<u64>("x").unwrap(), 0);
        assert_eq!(input.int::<u64>("x").unwrap(), u64::MAX);
        assert_eq!(input.int::<i64>("x").unwrap(), i64::MIN);
        input.finish().unwrap();
    }

    fn int_error<T: Integer + fmt::Debug>(text: &str) -> String {
        input(text).int::<T>("the count n").unwrap_err().to_string()
    }

    #[test]
    fn a_token_that_is_not_a_number_is_quoted_with_its_place() {
        assert_eq!(
            int_error::<u8>("\n  abc"),
            "line 2, column 3 (token 1): expected the count n (an integer from 0 to 255), found \"abc\""
        );
        assert_eq!(
            int_error::<i8>("12x"),
            "line 1, column 1 (token 1): expected the count n (an integer from -128 to 127), found \"12x\""
        );
    }

    #[test]
    fn a_bare_sign_is_not_a_number() {
        assert!(int_error::<i32>("+").ends_with("found \"+\""));
        assert!(int_error::<i32>("-").contains("expected the count n"));
        assert!(int_error::<i32>("+-3").contains("expected the count n"));
    }

    #[test]
    fn overflow_is_an_error_never_a_wrap() {
        assert_eq!(
            int_error::<u64>("18446744073709551616"),
            "line 1, column 1 (token 1): the count n must be from 0 to 18446744073709551615, found \"18446744073709551616\""
        );
        assert!(int_error::<u64>("99999999999999999999").contains("must be from"));
        assert!(int_error::<u64>("123456789012345678901234567890").contains("must be from"));
        assert!(int_error::<u32>("4294967296").contains("must be from 0 to 4294967295"));
        assert!(int_error::<i64>("-9223372036854775809").contains("must be from"));
        assert!(int_error::<i8>("128").contains("must be from -128 to 127"));
    }

    /// Every way a number can be written near the edges of the fast path
    /// (19 and 20 digits, leading zeros, signs, the u64 and i64 limits),
    /// read whole and one byte at a time, agrees with `str::parse`.
    #[test]
    fn integers_agree_with_std_parse_at_every_edge() {
        let mut texts: Vec<String> = Vec::new();
        for digits in 1..=22 {
            for lead in ["1", "9", "18446744073709551", "9223372036854775"] {
                let mut text: String = lead.chars().take(digits).collect();
                while text.len() < digits {
                    text.push(char::from(b"0123456789"[text.len() % 10]));
                }
                texts.push(text);
            }
        }
        for base in [
            u64::MAX,
            i64::MAX as u64,
            10_000_000_000_000_000_000,
            999_999_999_999_999_999,
        ] {
            for delta in 0..3u64 {
                texts.push(base.wrapping_sub(delta).to_string());
                texts.push((u128::from(base) + u128::from(delta)).to_string());
            }
        }
        let with_forms: Vec<String> = texts
            .iter()
            .flat_map(|t| {
                [
                    t.clone(),
                    format!("00{t}"),
                    format!("+{t}"),
                    format!("-{t}"),
                ]
            })
            .collect();
        let joined = with_forms.join(" ") + " ";
        for trickle in [false, true] {
            let mut unsigned: Input<Box<dyn Read>> = Input::new(if trickle {
                Box::new(Trickle(joined.as_bytes()))
            } else {
                Box::new(joined.as_bytes())
            });
            let mut signed = Input::new(joined.as_bytes());
            for text in &with_forms {
                let expected = text.parse::<u64>().ok();
                assert_eq!(unsigned.int::<u64>("x").ok(), expected, "{text} as u64");
                let expected = text.parse::<i64>().ok();
                assert_eq!(signed.int::<i64>("x").ok(), expected, "{text} as i64");
            }
        }
    }

    #[test]
    fn eight_digits_at_a_time_match_one_at_a_time() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut texts = Vec::new();
        for length in 1..=24 {
            for _ in 0..500 {
                // xorshift64: any spread of digits will do here.
                let mut text = String::new();
                for _ in 0..length {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    text.push(char::from(b"0123456789"[(state % 10) as usize]));
                }
                texts.push(text);
            }
        }
        texts.push("1234567:".to_string());
        texts.push("12345678/9".to_string());
        let joined = texts.join("\n") + "\n";
        let mut reader = input(&joined);
        for text in &texts {
            assert_eq!(
                reader.int::<u64>("x").ok(),
                text.parse::<u64>().ok(),
                "{text}"
            );
        }
    }

    /// Random strings of up to 24 digits, some with a stray byte (just
    /// outside the digits too), read as `u64` tokens: the fast path and
    /// the general one together agree with `str::parse`.
    #[test]
    fn integers_with_stray_bytes_agree_with_std_parse() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut texts = Vec::new();
        for _ in 0..50_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let length = (state % 24) as usize + 1;
            let mut text: Vec<u8> = (0..length)
                .map(|i| b"0123456789"[((state >> (i % 16 * 4)) % 10) as usize])
                .collect();
            if state % 7 == 0 {
                let at = (state >> 20) as usize % length;
                text[at] = [b'/', b':', b'a', 0xB0, b'+', b'-'][(state >> 40) as usize % 6];
            }
            texts.push(text);
        }
        let joined: Vec<u8> = texts.join(&b' ');
        let mut reader = Input::new(&joined[..]);
        for text in &texts {
            // Unlike std, a minus sign on zero is allowed.
            let minus_zero =
                text.len() > 1 && text[0] == b'-' && text[1..].iter().all(|&b| b == b'0');
            let expected = std::str::from_utf8(text)
                .ok()
                .and_then(|text| text.parse::<u64>().ok())
                .or(minus_zero.then_some(0));
            let got = reader.int::<u64>("x").ok();
            assert_eq!(got, expected, "{:?}", String::from_utf8_lossy(text));
        }
    }

    #[test]
    fn huge_numbers_are_out_of_range_for_u64() {
        // 20 significant digits that overflow in the last step, with zeros before.
        assert!(int_error::<u64>("00018446744073709551620").contains("must be from"));
        assert_eq!(
            input("00018446744073709551615").int::<u64>("x").unwrap(),
            u64::MAX
        );
    }

    #[test]
    fn plain_digits_check_the_twentieth_digit_against_u64_max() {
        for (text, expected) in [
            (&b"18446744073709551615 "[..], Some((u64::MAX, 20))),
            (b"18446744073709551609\n", Some((u64::MAX - 6, 20))),
            (b"18446744073709551616 ", None),
            (b"18446744073709551619 ", None),
            (b"18446744073709551700 ", None),
            (b"28446744073709551615 ", None),
            (b"184467440737095516150 ", None),
            (
                b"9999999999999999999 ",
                Some((9_999_999_999_999_999_999, 19)),
            ),
        ] {
            assert_eq!(plain_digits(text), expected, "{}", text.escape_ascii());
        }
    }

    #[test]
    fn negative_numbers_are_out_of_range_for_unsigned_types() {
        assert_eq!(
            int_error::<u64>("-3"),
            "line 1, column 1 (token 1): the count n must be from 0 to 18446744073709551615, found \"-3\""
        );
    }

    #[test]
    fn a_range_is_enforced_and_named() {
        assert_eq!(input("1").int_in::<u32>("N", 1..=100).unwrap(), 1);
        assert_eq!(input("100").int_in::<u32>("N", 1..=100).unwrap(), 100);
        assert_eq!(
            input("0")
                .int_in::<u32>("N", 1..=100)
                .unwrap_err()
                .to_string(),
            "line 1, column 1 (token 1): N must be from 1 to 100, found \"0\""
        );
        let mut reader = input("5 101");
        reader.int_in::<u32>("N", 1..=100).unwrap();
        assert_eq!(
            reader.int_in::<u32>("M", 1..=100).unwrap_err().to_string(),
            "line 1, column 3 (token 2): M must be from 1 to 100, found \"101\""
        );
    }

    #[test]
    fn missing_input_names_what_was_expected_and_where_the_input_ended() {
        let mut reader = input("3\n1 2\n");
        for _ in 0..3 {
            reader.int::<u8>("a pile").unwrap();
        }
        assert_eq!(
            reader.int::<u8>("a pile").unwrap_err().to_string(),
            "line 3, column 1: expected a pile, found end of input"
        );
        assert_eq!(
            input("").token("the board").unwrap_err().to_string(),
            "line 1, column 1: expected the board, found end of input"
        );
    }

    #[test]
    fn extra_input_is_quoted_with_its_place() {
        let mut reader = input("1\n2 \t three");
        reader.int::<u8>("x").unwrap();
        reader.int::<u8>("x").unwrap();
        assert_eq!(
            reader.finish().unwrap_err().to_string(),
            "line 2, column 5 (token 3): unexpected extra input \"three\""
        );
        let mut reader = input("1 \n\n");
        reader.int::<u8>("x").unwrap();
        reader.finish().unwrap();
    }

    #[test]
    fn long_and_binary_tokens_are_shortened_and_escaped_in_messages() {
        let message = int_error::<u8>(&"x".repeat(100));
        assert!(message.ends_with(&format!("found \"{}\"...", "x".repeat(40))));
        let mut reader = Input::new(&b"\xff\x01"[..]);
        let message = reader.int::<u8>("x").unwrap_err().to_string();
        assert!(message.ends_with("found \"\\xff\\x01\""), "{message}");
    }

    fn all_lines<R: Read>(mut input: Input<R>) -> Vec<(String, u64, u64)> {
        let mut found = Vec::new();
        while let Some(line) = input.line().unwrap() {
            found.push((
                String::from_utf8_lossy(line.text).into_owned(),
                line.number,
                line.column,
            ));
        }
        found
    }

    #[test]
    fn lines_skip_blank_lines_and_strip_trailing_white_space_and_cr() {
        let text = "\n.O. \r\n   \r\n\r\nX..\n 1 2 O";
        let expected = vec![
            (".O.".to_string(), 2, 1),
            ("X..".to_string(), 5, 1),
            (" 1 2 O".to_string(), 6, 1),
        ];
        assert_eq!(all_lines(input(text)), expected);
        assert_eq!(all_lines(Input::new(Trickle(text.as_bytes()))), expected);
    }

    #[test]
    fn newlines_are_found_at_every_offset_among_every_byte() {
        for length in 0..40 {
            for newline in 0..=length {
                for filler in [0u8, b'\t', 0x09, 0x0B, 0x8A, 0xFF, b'.'] {
                    let mut bytes = vec![filler; length];
                    if newline < length {
                        bytes[newline] = b'\n';
                        if newline + 1 < length {
                            bytes[newline + 1] = b'\n';
                        }
                    }
                    let expected = bytes.iter().position(|&byte| byte == b'\n');
                    assert_eq!(find_newline(&bytes), expected, "{bytes:?}");
                }
            }
        }
    }

    /// A reader that hands out at most `chunk` bytes per call, as a pipe
    /// does (64 KiB there).
    struct Chunks<'a> {
        bytes: &'a [u8],
        chunk: usize,
    }

    impl Read for Chunks<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let count = self.chunk.min(buf.len()).min(self.bytes.len());
            buf[..count].copy_from_slice(&self.bytes[..count]);
            self.bytes = &self.bytes[count..];
            Ok(count)
        }
    }

    /// A 4 MB line handed out 4 KiB at a time was scanned from its start
    /// after every read: 1000 reads, 2 GB scanned. Each byte must now be
    /// scanned once and moved at most once, whatever comes after the line.
    #[test]
    fn a_long_line_from_a_pipe_is_scanned_in_linear_work() {
        let length = 4_000_000;
        for (prefix, after) in [("", "\n0 0 X\n"), ("12\n", ""), ("", "\n")] {
            let text = format!("{prefix}{}{after}", ".".repeat(length));
            let mut reader = Input::new(Chunks {
                bytes: text.as_bytes(),
                chunk: 4096,
            });
            if !prefix.is_empty() {
                reader.int::<u8>("n").unwrap();
            }
            work::take();
            let line = reader.line().unwrap().unwrap();
            assert_eq!(line.text.len(), length);
            let work = work::take();
            assert!(work <= 2 * text.len(), "{work} bytes of work for {length}");
        }
    }

    #[test]
    fn a_long_token_from_a_pipe_is_scanned_in_linear_work() {
        let length = 4_000_000;
        let text = format!("1 {} 2", "7".repeat(length));
        let mut reader = Input::new(Chunks {
            bytes: text.as_bytes(),
            chunk: 4096,
        });
        reader.int::<u8>("x").unwrap();
        work::take();
        assert_eq!(reader.token("x").unwrap().text.len(), length);
        let work = work::take();
        assert!(work <= 2 * text.len(), "{work} bytes of work for {length}");
        assert_eq!(reader.int::<u8>("x").unwrap(), 2);
    }

    #[test]
    fn lines_longer_than_a_block_are_read_whole() {
        let row = ".".repeat(2 * BLOCK + 3);
        let text = format!("{row}\n{row}\r\n0 0 X\n");
        let found = all_lines(input(&text));
        assert_eq!(found.len(), 3);
        assert_eq!(found[1], (row, 2, 1));
    }

    #[test]
    fn a_line_after_tokens_is_the_rest_of_that_line() {
        let mut reader = input("3 x y \nnext");
        reader.int::<u8>("n").unwrap();
        let line = reader.line().unwrap().unwrap();
        assert_eq!((line.text, line.number, line.column), (&b" x y"[..], 1, 2));
        assert_eq!(line.pos(3).column, 5);
        assert_eq!(reader.line().unwrap().unwrap().text, b"next");
        assert_eq!(reader.line().unwrap(), None);
    }

    #[test]
    fn a_lines_tokens_report_places_in_the_whole_input() {
        let mut reader = input("...\n\n  4 z O\n");
        reader.line().unwrap();
        let line = reader.line().unwrap().unwrap();
        let mut tokens = line.tokens();
        assert_eq!(tokens.int::<u32>("the row").unwrap(), 4);
        assert_eq!(
            tokens.int::<u32>("the column").unwrap_err().to_string(),
            "line 3, column 5 (token 2): expected the column (an integer from 0 to 4294967295), found \"z\""
        );
    }

    #[test]
    fn read_errors_become_input_errors() {
        struct Broken;
        impl Read for Broken {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::Error::new(io::ErrorKind::Other, "disk on fire"))
            }
        }
        let error = Input::new(Broken).token("x").unwrap_err();
        assert_eq!(error.to_string(), "cannot read the input: disk on fire");
        assert!(!error.is_usage());
    }

    #[test]
    fn interrupted_reads_are_retried() {
        struct Flaky(bool, &'static [u8]);
        impl Read for Flaky {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                self.0 = !self.0;
                if self.0 {
                    return Err(io::Error::new(io::ErrorKind::Interrupted, "again"));
                }
                self.1.read(buf)
            }
        }
        let mut reader = Input::new(Flaky(false, b"42"));
        assert_eq!(reader.int::<u8>("x").unwrap(), 42);
    }

    /// The bounds a canonical recording input holds after reading `text`
    /// with `read`, as `(key, min, max, low, high, reached_low,
    /// reached_high)`.
    fn recorded(
        text: &str,
        read: impl FnOnce(&mut Input<Recording<&[u8]>>) -> Result<(), Error>,
    ) -> Vec<(String, i128, i128, i128, i128, bool, bool)> {
        let mut input = Input::canonical_recording(text.as_bytes());
        read(&mut input).unwrap();
        input.finish().unwrap();
        input
            .bounds()
            .iter()
            .map(|b| {
                let Bound {
                    key,
                    min,
                    max,
                    low,
                    high,
                    reached_low,
                    reached_high,
                } = b.clone();
                (key, min, max, low, high, reached_low, reached_high)
            })
            .collect()
    }

    #[test]
    fn reads_named_alike_but_for_digits_are_one_bound() {
        let found = recorded("2\n2 5 0\n1 7\n", |input| {
            let games = input.int_in::<u32>("the number of games T", 1..=10)?;
            input.line_end();
            for game in 1..=games {
                let what = format!("the number of piles of game {game}");
                let piles = input.int_in::<u64>(what, 1..=2)?;
                for pile in 1..=piles {
                    input.int_in::<u64>(format!("pile {pile} of game {game}"), 0..=100)?;
                }
                input.line_end();
            }
            Ok(())
        });
        assert_eq!(
            found,
            [
                (
                    "the_number_of_games_T".to_string(),
                    2,
                    2,
                    1,
                    10,
                    false,
                    false
                ),
                (
                    "the_number_of_piles_of_game_#".to_string(),
                    1,
                    2,
                    1,
                    2,
                    true,
                    true
                ),
                ("pile_#_of_game_#".to_string(), 0, 7, 0, 100, true, false),
            ]
        );
    }

    /// `M` and `L` are bounded by `N`, read before them: each value is
    /// held to its own read's bounds, and the bound reported spans them all.
    #[test]
    fn a_bound_that_depends_on_an_earlier_value_is_reached_against_its_own_read() {
        let read = |input: &mut Input<Recording<&[u8]>>| {
            for _ in 0..2 {
                let players = input.int_in::<i64>("the number of players N", 1..=5)?;
                input.int_in::<i64>("the number of werewolves M", 0..=players)?;
                input.int_in::<i64>("the number of liars L", -players..=players)?;
                input.line_end();
            }
            Ok(())
        };
        // M = 3 is not 5, the largest upper bound, but it is this read's.
        assert_eq!(
            recorded("3 3 -3\n5 1 0\n", read),
            [
                (
                    "the_number_of_players_N".to_string(),
                    3,
                    5,
                    1,
                    5,
                    false,
                    true
                ),
                (
                    "the_number_of_werewolves_M".to_string(),
                    1,
                    3,
                    0,
                    5,
                    false,
                    true
                ),
                (
                    "the_number_of_liars_L".to_string(),
                    -3,
                    0,
                    -5,
                    5,
                    true,
                    false
                ),
            ]
        );
    }

    #[test]
    fn reads_without_an_upper_bound_of_the_statement_record_nothing() {
        let found = recorded("1 2 3 4 -5\n", |input| {
            input.int::<u8>("a byte")?;
            input.int_in::<u64>("the number of players N", 1..=u64::MAX)?;
            let (value, pos) = input.int_in_at::<i32>("k 1", 3..=i32::MAX)?;
            assert_eq!((value, pos.token), (3, 3));
            input.int_in::<u8>("a small number", 0..=9)?;
            input.int::<i64>("a signed one")?;
            input.line_end();
            Ok(())
        });
        assert_eq!(
            found,
            [("a_small_number".to_string(), 4, 4, 0, 9, false, false)]
        );
    }

    #[test]
    fn only_the_recording_canonical_input_records() {
        let read = |input: &mut Input<Recording<&[u8]>>| -> Result<(), Error> {
            input.int_in::<u8>("a digit", 0..=9)?;
            input.int_in::<i8>("a sign", -1..=1)?;
            input.line_end();
            input.finish()
        };
        // The same source, read by the other constructors: nothing is kept.
        let mut lenient = Input::new(Recording::new("7 -1\n".as_bytes()));
        read(&mut lenient).unwrap();
        assert!(lenient.bounds().is_empty());
        let mut canonical = Input::canonical(Recording::new("7 -1\n".as_bytes()));
        read(&mut canonical).unwrap();
        assert!(canonical.bounds().is_empty());
        let mut recording = Input::canonical_recording("7 -1\n".as_bytes());
        read(&mut recording).unwrap();
        assert_eq!(recording.bounds().len(), 2);
    }

    #[test]
    fn a_read_that_fails_records_nothing() {
        let mut input = Input::canonical_recording("12\n".as_bytes());
        assert!(input.int_in::<u8>("a digit", 0..=9).is_err());
        assert!(input.bounds().is_empty());
    }

    #[test]
    fn canonical_lines_end_in_newlines_without_blanks_or_trailing_space() {
        let lines = |text: &str| -> Result<Vec<String>, String> {
            let mut input = Input::canonical(text.as_bytes());
            let mut found = Vec::new();
            while let Some(line) = input.line().map_err(|error| error.to_string())? {
                found.push(String::from_utf8_lossy(line.text).into_owned());
            }
            input.finish().map_err(|error| error.to_string())?;
            Ok(found)
        };
        assert_eq!(lines("ab\n c\n").unwrap(), ["ab", " c"]);
        assert!(lines("").is_err(), "an empty input has no last line end");
        for (text, error) in [
            ("ab\n\nc\n", "line 2, column 1: expected a line, found a blank one"),
            ("ab\nc\n\n", "line 3, column 1: expected a line, found a blank one"),
            ("ab\n  \nc\n", "line 2, column 1: expected a line, found a blank one"),
            ("ab \nc\n", "line 1, column 3: expected the end of the line, found white space \" \""),
            ("ab\r\nc\n", "line 1, column 3: expected the end of the line, found white space \"\\r\""),
            ("ab\nc", "line 2, column 2: expected the line to end with \"\\n\", found the end of the input"),
        ] {
            assert_eq!(lines(text).unwrap_err(), error, "{text:?}");
        }
        // Read leniently, the same text is fine.
        let mut input = Input::new("ab \r\n\n c".as_bytes());
        assert_eq!(input.line().unwrap().unwrap().text, b"ab");
        assert_eq!(input.line().unwrap().unwrap().text, b" c");
    }
}
