//! The bounds of the statement that a canonical input's reads checked, as
//! an input validator reports them to BAPCtools (`--constraints_file`).

use std::fmt::{self, Write as _};
use std::io::{self, Read, Write};

/// One bound of the statement as the reads of one input met it, recorded
/// by [`Input::canonical_recording`](super::Input::canonical_recording):
/// every read with a range (`int_in`, `int_in_at`) whose name, digits
/// aside, is `key`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bound {
    /// What was read, as its error messages name it, with each run of
    /// digits written `#` and each white space `_`: `pile 3 of 5` and
    /// `pile 1 of 2` are both `pile_#_of_#`, one bound.
    pub key: String,
    /// The smallest value read.
    pub min: i128,
    /// The largest value read.
    pub max: i128,
    /// The smallest lower bound of the reads (a bound may depend on a value
    /// read before it, as `0..=players` does).
    pub low: i128,
    /// The largest upper bound of the reads.
    pub high: i128,
    /// Whether some value equalled the lower bound of its own read.
    pub reached_low: bool,
    /// Whether some value equalled the upper bound of its own read.
    pub reached_high: bool,
}

/// The source of a recording input
/// ([`Input::canonical_recording`](super::Input::canonical_recording)): it
/// reads from `R` and keeps the bounds that the input's reads checked, in
/// the order they were first read. They are kept here rather than in the
/// reader so that an input that does not record carries none of this.
#[derive(Debug)]
pub struct Recording<R> {
    source: R,
    found: Vec<Bound>,
    /// The key being built, kept to spare an allocation per read.
    key: String,
}

/// The bounds recorded so far, for [`Input::bounds`](super::Input::bounds).
impl<R> AsRef<[Bound]> for Recording<R> {
    fn as_ref(&self) -> &[Bound] {
        &self.found
    }
}

impl<R: Read> Read for Recording<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.source.read(buf)
    }
}

impl<R> Recording<R> {
    pub(super) fn new(source: R) -> Recording<R> {
        Recording {
            source,
            found: Vec::new(),
            key: String::new(),
        }
    }

    /// Records that the read named `what` found `value` in `low..=high`,
    /// unless `high` is `max`, the largest value of the read's type: such a
    /// range (`int`, or `1..=u64::MAX` for "at least 1") has no upper bound
    /// of the statement's, and no input could reach the type's.
    pub(super) fn record(&mut self, what: &dyn fmt::Display, [value, low, high, max]: [i128; 4]) {
        if high == max {
            return;
        }
        self.key.clear();
        let mut writer = KeyWriter {
            key: &mut self.key,
            in_digits: false,
        };
        // A `Display` that fails leaves part of its name: still a key.
        let _ = write!(writer, "{what}");
        let (reached_low, reached_high) = (value == low, value == high);
        match self.found.iter_mut().find(|bound| bound.key == self.key) {
            Some(bound) => {
                bound.min = bound.min.min(value);
                bound.max = bound.max.max(value);
                bound.low = bound.low.min(low);
                bound.high = bound.high.max(high);
                bound.reached_low |= reached_low;
                bound.reached_high |= reached_high;
            }
            None => self.found.push(Bound {
                key: self.key.clone(),
                min: value,
                max: value,
                low,
                high,
                reached_low,
                reached_high,
            }),
        }
    }
}

/// Writes a name into a key: each run of ASCII digits as one `#` (a run
/// may come in several pieces), each white space as `_`.
struct KeyWriter<'a> {
    key: &'a mut String,
    in_digits: bool,
}

impl fmt::Write for KeyWriter<'_> {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        for c in text.chars() {
            if c.is_ascii_digit() {
                if !self.in_digits {
                    self.key.push('#');
                }
                self.in_digits = true;
            } else {
                self.in_digits = false;
                self.key.push(if c.is_whitespace() { '_' } else { c });
            }
        }
        Ok(())
    }
}

/// Writes `bounds` as BAPCtools reads a validator's constraints file: one
/// line per bound, `LOC NAME HAS_LOW HAS_HIGH VMIN VMAX LOW HIGH`, with the
/// key as both LOC and NAME and `1` or `0` for the two flags.
///
/// ```
/// let mut input = judge_io::Input::canonical_recording("3 1\n".as_bytes());
/// let n = input.int_in::<u32>("the number of piles n", 1..=3)?;
/// input.int_in::<u32>("the size of pile 1", 0..=n)?;
/// input.line_end();
/// input.finish()?;
/// let mut file = Vec::new();
/// judge_io::write_constraints(input.bounds(), &mut file)?;
/// assert_eq!(
///     String::from_utf8(file).unwrap(),
///     "the_number_of_piles_n the_number_of_piles_n 0 1 3 3 1 3\n\
///      the_size_of_pile_# the_size_of_pile_# 0 0 1 1 0 3\n"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_constraints(bounds: &[Bound], out: &mut impl Write) -> io::Result<()> {
    for bound in bounds {
        // BAPCtools splits the line on white space: a key is never empty.
        let key = if bound.key.is_empty() {
            "_"
        } else {
            &bound.key
        };
        writeln!(
            out,
            "{key} {key} {} {} {} {} {} {}",
            u8::from(bound.reached_low),
            u8::from(bound.reached_high),
            bound.min,
            bound.max,
            bound.low,
            bound.high
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(what: &dyn fmt::Display) -> String {
        let mut bounds = Recording::new(io::empty());
        bounds.record(what, [0, 0, 1, 9]);
        bounds.found.remove(0).key
    }

    #[test]
    fn a_key_has_one_hash_per_run_of_digits_and_underscores_for_white_space() {
        assert_eq!(key(&"pile 12 of 3\tin game 2024"), "pile_#_of_#_in_game_#");
        assert_eq!(key(&"a1b22c #5"), "a#b#c_##");
        assert_eq!(key(&"the  seed"), "the__seed");
    }

    /// A name written in pieces (`write!(f, "{}", 1)` then `"2"`) whose
    /// digits run on across them is still one run.
    #[test]
    fn a_run_of_digits_split_across_writes_is_one_hash() {
        struct Pieces;
        impl fmt::Display for Pieces {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("pile 1")?;
                f.write_str("2")?;
                write!(f, "{} of {}", 3, 4)
            }
        }
        assert_eq!(key(&Pieces), "pile_#_of_#");
    }

    #[test]
    fn constraint_lines_hold_eight_tokens_even_for_an_empty_name() {
        let mut bounds = Recording::new(io::empty());
        bounds.record(&"", [-5, -5, 7, 127]);
        bounds.record(&"x 1", [9, 0, u32::MAX.into(), u64::MAX.into()]);
        // A range up to its type's largest value is no bound to report.
        bounds.record(&"y", [9, 1, u64::MAX.into(), u64::MAX.into()]);
        let mut out = Vec::new();
        write_constraints(&bounds.found, &mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "_ _ 1 0 -5 -5 -5 7\nx_# x_# 0 0 9 9 0 4294967295\n"
        );
    }
}
