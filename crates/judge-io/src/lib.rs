//! The reading, writing and error reporting that every puzzle-judges binary
//! shares, in `std` only so that it can be pasted into a one-file judge
//! submission.
//!
//! A problem crate implements [`Problem`]: its flags, and a `run` that reads
//! an [`Input`] and returns the whole answer as a `String` (or an [`Error`]).
//! Its `main.rs` is one call to [`main`], which
//!
//! - prints the problem's usage on `--help` (status 0),
//! - parses the flags, then rejects any flag the problem did not take,
//! - runs the problem on standard input and rejects input left unread,
//! - writes the answer to standard output in one piece, so that bad input
//!   never leaves a partial answer behind,
//! - turns an error into one `error: ...` line on standard error, with status
//!   1 for bad input and 2 (plus the usage line) for a bad command line,
//! - treats a closed standard output (`| head`) as the reader's choice, not
//!   as a failure.
//!
//! [`run`] does the same on bytes in memory, for tests.
//!
//! ```
//! use judge_io::{Args, Error, Input, Problem};
//!
//! /// Adds up `n` numbers.
//! struct Sum;
//!
//! impl Problem for Sum {
//!     const USAGE: &'static str = "usage: sum [--double] < INPUT\n";
//!     type Flags = bool;
//!
//!     fn flags(args: &mut Args) -> Result<bool, Error> {
//!         Ok(args.flag("--double"))
//!     }
//!
//!     fn run<R: std::io::Read>(double: &bool, input: &mut Input<R>) -> Result<String, Error> {
//!         let n: u32 = input.int("the count n")?;
//!         let mut sum = 0i64;
//!         for _ in 0..n {
//!             sum += input.int_in::<i64>("a term", -1000..=1000)?;
//!         }
//!         Ok(format!("{}\n", if *double { 2 * sum } else { sum }))
//!     }
//! }
//!
//! assert_eq!(judge_io::run::<Sum>(&["--double"], b"2\n3 +4\n").unwrap(), "14\n");
//! let error = judge_io::run::<Sum>(&[], b"2\n3 x\n").unwrap_err();
//! assert_eq!(
//!     error.to_string(),
//!     "line 2, column 3 (token 3): expected a term (an integer from -1000 to 1000), found \"x\""
//! );
//! let error = judge_io::run::<Sum>(&[], b"1 5 6").unwrap_err();
//! assert_eq!(error.to_string(), "line 1, column 5 (token 3): unexpected extra input \"6\"");
//! let error = judge_io::run::<Sum>(&["--triple"], b"").unwrap_err();
//! assert!(error.is_usage());
//! ```
//!
//! # Rules that keep the single-file export correct
//!
//! The export (`scripts/export.sh`) pastes each library into a `mod` of one
//! file. That is always correct as long as the runtime code of a library
//! follows these rules, which the export checks:
//!
//! - submodules are declared `mod name;` in the library's `lib.rs` and live in
//!   `src/name.rs`; they refer to each other through `super::`, never
//!   `crate::` (which means the whole submission once pasted);
//! - other workspace crates are named by their crate name (`judge_io::...`),
//!   and only crates that are workspace members are used;
//! - unit tests sit in `#[cfg(test)]` modules, inline.

mod args;
mod error;
mod input;

use std::io::{self, Read, Write};
use std::process::ExitCode;

pub use args::Args;
pub use error::{quote, Error, Pos};
pub use input::{parse_int_in, Input, Integer, Line, Token};

/// One judge program: its flags and how it turns input into an answer.
pub trait Problem {
    /// The `--help` text. Its first line, the usage line, is also shown
    /// after a usage error.
    const USAGE: &'static str;

    /// The flags, parsed into a typed value.
    type Flags;

    /// Takes the problem's flags from `args`. What it leaves is rejected
    /// as unknown.
    fn flags(args: &mut Args) -> Result<Self::Flags, Error>;

    /// Reads the input and returns the whole output. Input left unread
    /// afterwards is rejected as unexpected extra input.
    fn run<R: Read>(flags: &Self::Flags, input: &mut Input<R>) -> Result<String, Error>;
}

/// The whole of a binary's `main`: see the crate docs.
pub fn main<P: Problem>() -> ExitCode {
    let args = match Args::from_env() {
        Ok(args) => args,
        Err(error) => return report::<P>(&error),
    };
    if args.wants_help() {
        return write_stdout(P::USAGE);
    }
    let stdin = io::stdin();
    match run_with::<P, _>(args, stdin.lock()) {
        Ok(answer) => write_stdout(&answer),
        Err(error) => report::<P>(&error),
    }
}

/// Runs a problem on `input` with the command-line arguments `args`, as
/// [`main`] does, and returns the answer or the error.
pub fn run<P: Problem>(args: &[&str], input: &[u8]) -> Result<String, Error> {
    run_with::<P, _>(Args::new(args.iter().copied()), input)
}

fn run_with<P: Problem, R: Read>(mut args: Args, source: R) -> Result<String, Error> {
    let flags = P::flags(&mut args)?;
    args.finish()?;
    let mut input = Input::new(source);
    let answer = P::run(&flags, &mut input)?;
    input.finish()?;
    Ok(answer)
}

fn write_stdout(text: &str) -> ExitCode {
    let mut stdout = io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Ok(()) => ExitCode::SUCCESS,
        // Whoever reads our output stopped reading: nothing is wrong here.
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            let _ = writeln!(io::stderr(), "error: cannot write the output: {error}");
            ExitCode::FAILURE
        }
    }
}

fn report<P: Problem>(error: &Error) -> ExitCode {
    let mut stderr = io::stderr().lock();
    let _ = writeln!(stderr, "error: {error}");
    if error.is_usage() {
        let usage = P::USAGE.lines().next().unwrap_or_default();
        let _ = writeln!(stderr, "{usage}\n(--help prints the full usage)");
        ExitCode::from(2)
    } else {
        ExitCode::FAILURE
    }
}
