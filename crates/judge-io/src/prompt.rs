//! Reading a person's typed lines, one at a time, with bounded memory: the
//! interactive modes (`clue-sim --strategy human,...`, `river-crossing
//! --play`) answer each line as it arrives, so they cannot read the whole
//! input first as [`Input`](crate::Input) does.

use std::io::{self, BufRead};

use super::error::{Error, Pos};
use super::input::Input;

/// The longest line kept, in bytes. A longer line is read to its end and
/// dropped, so the memory of a session stays bounded whatever is typed or
/// piped in.
pub const MAX_LINE: usize = 4096;

/// What [`read_line`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineRead {
    /// The buffer holds the next line, without its line end (`\n` or
    /// `\r\n`); `ended` is false for a last line with no line end.
    Line {
        /// Whether the line had a line end.
        ended: bool,
    },
    /// The line was longer than [`MAX_LINE`]; it was read to its end and
    /// dropped.
    TooLong,
    /// Nothing was left to read.
    End,
}

/// Reads one line into `line` (cleared first), keeping at most
/// [`MAX_LINE`] bytes of it.
///
/// ```
/// use judge_io::{read_line, LineRead};
/// let mut input = "2 1\r\nh".as_bytes();
/// let mut line = Vec::new();
/// assert_eq!(read_line(&mut input, &mut line)?, LineRead::Line { ended: true });
/// assert_eq!(line, b"2 1");
/// assert_eq!(read_line(&mut input, &mut line)?, LineRead::Line { ended: false });
/// assert_eq!(read_line(&mut input, &mut line)?, LineRead::End);
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn read_line<R: BufRead>(input: &mut R, line: &mut Vec<u8>) -> io::Result<LineRead> {
    line.clear();
    let mut seen_any = false;
    let mut too_long = false;
    let mut ended = false;
    loop {
        let buffer = match input.fill_buf() {
            Ok(buffer) => buffer,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if buffer.is_empty() {
            break;
        }
        seen_any = true;
        let (chunk, used, newline) = match buffer.iter().position(|&byte| byte == b'\n') {
            Some(newline) => (&buffer[..newline], newline + 1, true),
            None => (buffer, buffer.len(), false),
        };
        if !too_long {
            if line.len() + chunk.len() > MAX_LINE {
                too_long = true;
                line.clear();
            } else {
                line.extend_from_slice(chunk);
            }
        }
        input.consume(used);
        if newline {
            ended = true;
            break;
        }
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    Ok(match (seen_any, too_long) {
        (false, _) => LineRead::End,
        (true, true) => LineRead::TooLong,
        (true, false) => LineRead::Line { ended },
    })
}

/// Reads whole lines while `needs_more` says the white-space separated
/// tokens read so far are not yet a complete header (or until the input
/// ends), then parses exactly those lines with `parse`, the judge input's own
/// parser, so that a header means the same and is refused with the same words
/// (and the same line and column) as in every other mode. `what` names the
/// header in the error for an over-long line.
pub fn read_header<R: BufRead, T>(
    input: &mut R,
    what: &str,
    mut needs_more: impl FnMut(&[String]) -> bool,
    parse: impl FnOnce(&mut Input<io::Cursor<Vec<u8>>>) -> Result<T, Error>,
) -> Result<T, Error> {
    let mut header = Vec::new();
    let mut tokens: Vec<String> = Vec::new();
    let mut line = Vec::new();
    let mut number = 0u64;
    while needs_more(&tokens) {
        number += 1;
        match read_line(input, &mut line)
            .map_err(|error| Error::input(format!("cannot read the input: {error}")))?
        {
            LineRead::End => break,
            LineRead::TooLong => {
                let start = Pos {
                    line: number,
                    column: 1,
                    token: 0,
                };
                let message = format!("a line of the {what} is longer than {MAX_LINE} bytes");
                return Err(Error::at(start, message));
            }
            LineRead::Line { ended } => {
                let text = String::from_utf8_lossy(&line);
                tokens.extend(text.split_ascii_whitespace().map(str::to_string));
                header.extend_from_slice(&line);
                // Only a line end that was there, so that "found end of
                // input" points where the judge input's error would.
                if ended {
                    header.push(b'\n');
                }
            }
        }
    }
    let mut reader = Input::new(io::Cursor::new(header));
    let value = parse(&mut reader)?;
    reader.finish()?;
    Ok(value)
}
