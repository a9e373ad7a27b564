//! The reading, writing and error reporting that every puzzle-judges binary
//! shares, in `std` only so that it can be pasted into a one-file judge
//! submission.
//!
//! A problem crate implements [`Problem`]: its flags, a `read` that reads
//! and checks the whole [`Input`] into a typed case, and a `solve` that turns
//! the case into the whole answer as a `String` (or an [`Error`]). Its
//! `main.rs` is one call to [`main`], which
//!
//! - prints the problem's usage on `--help` (status 0), with its judge
//!   targets,
//! - with `--validate`, reads the input held to the canonical layout that
//!   problem packages promise ([`Input::canonical`]) and solves it, but
//!   prints no answer ([`validate_as`] is the same as a package's input
//!   validator, which also reports the statement's bounds that the input
//!   reached to BAPCtools with `--constraints_file`),
//! - parses the flags, then rejects any flag the problem did not take;
//!   `--judge TARGET` alone stands for the flags of one of the problem's
//!   [`Target`]s,
//! - reads the whole input, and rejects input left unread *before* solving,
//!   so bad input is refused before any expensive work starts,
//! - writes the answer to standard output in one piece, so that bad input
//!   never leaves a partial answer behind,
//! - turns an error into one `error: ...` line on standard error, with status
//!   1 for bad input and 2 (plus the usage line) for a bad command line,
//! - treats a closed standard output (`| head`) as the reader's choice, not
//!   as a failure,
//! - shows what a problem reports with [`progress`] on standard error, but
//!   only when that is a terminal (and clears it before the answer).
//!
//! [`run`] does the same on bytes in memory, for tests; [`main_as`] runs
//! one judge target's contract and nothing else (no flags, no `--help`), for
//! single-file judge submissions.
//!
//! [`rng::SplitMix64`] is the one seeded generator of random numbers the
//! crates share (`clue-sim`'s games, the werewolf page's puzzles), so that a
//! seed means the same thing everywhere.
//!
//! ```
//! use judge_io::{Args, Error, Input, Problem, Target};
//!
//! /// Adds up `n` numbers.
//! struct Sum;
//!
//! impl Problem for Sum {
//!     const USAGE: &'static str = "usage: sum [--double] < INPUT\n";
//!     const TARGETS: &'static [Target<bool>] = &[Target {
//!         name: "double-judge",
//!         problem: "a judge that wants the sum doubled",
//!         flags: || true,
//!     }];
//!     type Flags = bool;
//!     type Case = Vec<i64>;
//!
//!     fn flags(args: &mut Args) -> Result<bool, Error> {
//!         Ok(args.flag("--double"))
//!     }
//!
//!     fn read<R: std::io::Read>(_: &bool, input: &mut Input<R>) -> Result<Vec<i64>, Error> {
//!         let n: u32 = input.int("the count n")?;
//!         (0..n).map(|_| input.int_in::<i64>("a term", -1000..=1000)).collect()
//!     }
//!
//!     fn solve(double: &bool, terms: Vec<i64>) -> Result<String, Error> {
//!         let sum: i64 = terms.iter().sum();
//!         Ok(format!("{}\n", if *double { 2 * sum } else { sum }))
//!     }
//! }
//!
//! assert_eq!(judge_io::run::<Sum>(&["--double"], b"2\n3 +4\n").unwrap(), "14\n");
//! assert_eq!(judge_io::run::<Sum>(&["--judge", "double-judge"], b"1 5").unwrap(), "10\n");
//! let error = judge_io::run::<Sum>(&[], b"2\n3 x\n").unwrap_err();
//! assert_eq!(
//!     error.to_string(),
//!     "line 2, column 3 (token 3): expected a term (an integer from -1000 to 1000), found \"x\""
//! );
//! let error = judge_io::run::<Sum>(&[], b"1 5 6").unwrap_err();
//! assert_eq!(error.to_string(), "line 1, column 5 (token 3): unexpected extra input \"6\"");
//! let error = judge_io::run::<Sum>(&["--triple"], b"").unwrap_err();
//! assert!(error.is_usage());
//! let error = judge_io::run::<Sum>(&["--judge", "nope"], b"").unwrap_err();
//! assert_eq!(error.to_string(), "unknown judge target \"nope\" (known: double-judge)");
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
mod bounds;
mod error;
mod input;
mod progress;
mod prompt;
pub mod rng;

use std::ffi::OsString;
use std::fs::OpenOptions;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

pub use args::Args;
pub use bounds::{write_constraints, Bound, Recording};
pub use error::{quote, Error, Pos};
pub use input::{canonical_int, parse_int_in, Input, IntCheck, Integer, Line, Token};
pub use progress::progress;
pub use prompt::{read_header, read_line, LineRead, MAX_LINE};

/// One judge program: its flags, how it reads its input, and how it answers.
pub trait Problem {
    /// The `--help` text. Its first line, the usage line, is also shown
    /// after a usage error.
    const USAGE: &'static str;

    /// The real judges' problems this binary can answer as they want it:
    /// `--judge NAME` (with no other flag) stands for that target's flags.
    const TARGETS: &'static [Target<Self::Flags>] = &[];

    /// The flags, parsed into a typed value.
    type Flags: 'static;

    /// What [`Problem::read`] hands to [`Problem::solve`].
    type Case;

    /// Takes the problem's flags from `args`. What it leaves is rejected
    /// as unknown.
    fn flags(args: &mut Args) -> Result<Self::Flags, Error>;

    /// Reads and checks the whole input. Only linear work belongs here: input
    /// left unread afterwards is rejected as unexpected extra input before
    /// [`Problem::solve`] runs.
    fn read<R: Read>(flags: &Self::Flags, input: &mut Input<R>) -> Result<Self::Case, Error>;

    /// Answers a case that was read in full, as the whole output.
    fn solve(flags: &Self::Flags, case: Self::Case) -> Result<String, Error>;

    /// A mode that runs the whole process its own way, asked first by
    /// [`main`] with the command line: `Some(status)` when it ran (such as
    /// `clue-sim`'s game with a person, which answers each line as it is
    /// typed), `None` (the default) for the one-input, one-answer contract.
    /// A judge target never has one: [`main_as`] does not ask, so a
    /// single-file submission carries none of its code.
    fn takeover(args: &[String]) -> Option<ExitCode> {
        let _ = args;
        None
    }
}

/// A real judge's problem that a binary answers in that judge's exact input
/// and output format, selected with `--judge NAME`.
#[derive(Debug)]
pub struct Target<F> {
    /// The name given to `--judge`, such as `luogu-p2197`.
    pub name: &'static str,
    /// The judge and its problem, for `--help`.
    pub problem: &'static str,
    /// The flags that give that judge's contract.
    pub flags: fn() -> F,
}

/// The whole of a binary's `main`: see the crate docs.
pub fn main<P: Problem>() -> ExitCode {
    let args = match Args::from_env() {
        Ok(args) => args,
        Err(error) => return report::<P>(&error),
    };
    if let Some(status) = P::takeover(args.rest()) {
        return status;
    }
    if args.wants_help() {
        return write_stdout(&help::<P>());
    }
    let stdin = io::stdin();
    progress::enable_if_terminal();
    let result = run_with::<P, _>(args, stdin.lock());
    progress::clear();
    finish::<P>(result)
}

/// The `main` of a single-file submission to one judge: the contract of the
/// judge target `target`, whatever the command line says (a judge passes
/// nothing). It leaves out flags, `--help` and progress, so that a file for
/// a judge with a source-size limit carries none of them.
pub fn main_as<P: Problem>(target: &str) -> ExitCode {
    let stdin = io::stdin();
    let result = find_target::<P>(target)
        .and_then(|target| read_and_solve::<P, _>(&(target.flags)(), stdin.lock()));
    match result {
        Ok(answer) => write_stdout(&answer),
        // No usage line: the file has no flags and no `--help` to point at
        // (and so carries no usage text).
        Err(error) => report_error(&error, &mut io::stderr().lock()),
    }
}

/// The `main` of a problem package's input validator: standard input must
/// be a valid input of the judge target `target` (of the binary's contract
/// with no flags when `target` is empty) in the canonical layout
/// ([`Input::canonical`]). Exits with 42 when it is, else with 43 after one
/// `error:` line, as the Kattis problem package format asks.
///
/// With `--constraints_file PATH` (BAPCtools passes it), a valid input also
/// appends to `PATH` (created if missing) one line per bound of the
/// statement that its reads checked ([`Input::canonical_recording`], in
/// the format of [`write_constraints`]); BAPCtools merges them over the test
/// cases, and `bt zip` warns of a bound that no case reaches. An invalid
/// input writes nothing. A file that cannot be written is one `error:` line
/// and status 1, not 43: the input is valid, the validator failed, and
/// BAPCtools reports any status but 42 and 43 as a broken validator. The
/// flag with no path, or given twice, is status 2 (a usage error, as in
/// every binary). Other arguments are ignored.
pub fn validate_as<P: Problem>(target: &str) -> ExitCode {
    let constraints_file = match constraints_file(std::env::args_os().skip(1)) {
        Ok(path) => path,
        Err(error) => return report_error(&error, &mut io::stderr().lock()),
    };
    let stdin = io::stdin();
    let bounds = match validate_target::<P, _>(target, stdin.lock(), constraints_file.is_some()) {
        Ok(bounds) => bounds,
        Err(error) => {
            let _ = writeln!(io::stderr(), "error: {error}");
            return ExitCode::from(43);
        }
    };
    if let Some(path) = constraints_file {
        if let Err(error) = append_constraints(&path, &bounds) {
            let _ = writeln!(
                io::stderr(),
                "error: cannot write the constraints file {}: {error}",
                path.display()
            );
            return ExitCode::FAILURE;
        }
    }
    ExitCode::from(42)
}

/// The flag with which BAPCtools asks an input validator for its bounds.
/// BAPCtools passes it only to a validator whose source holds the text
/// `constraints_file`, as this one does.
const CONSTRAINTS_FILE: &str = "--constraints_file";

/// The path of `--constraints_file PATH` (or `--constraints_file=PATH`)
/// among `args`, any other argument ignored; `None` without the flag.
fn constraints_file(args: impl IntoIterator<Item = OsString>) -> Result<Option<PathBuf>, Error> {
    let mut args = args.into_iter();
    let mut found = None;
    while let Some(arg) = args.next() {
        let path = if arg == CONSTRAINTS_FILE {
            match args.next() {
                Some(path) => PathBuf::from(path),
                None => return Err(Error::usage(format!("{CONSTRAINTS_FILE} needs a path"))),
            }
        } else {
            let value = arg
                .to_str()
                .and_then(|arg| arg.strip_prefix(CONSTRAINTS_FILE))
                .and_then(|rest| rest.strip_prefix('='));
            match value {
                Some(path) => PathBuf::from(path),
                None => continue,
            }
        };
        if found.replace(path).is_some() {
            return Err(Error::usage(format!(
                "{CONSTRAINTS_FILE} is given more than once"
            )));
        }
    }
    Ok(found)
}

/// What [`validate_as`] checks, on `source`: the bounds its reads checked
/// when `record` is set (else none), or why the input is not valid.
fn validate_target<P: Problem, R: Read>(
    target: &str,
    source: R,
    record: bool,
) -> Result<Vec<Bound>, Error> {
    let flags = if target.is_empty() {
        P::flags(&mut Args::new(Vec::<String>::new()))?
    } else {
        (find_target::<P>(target)?.flags)()
    };
    if !record {
        return validate_with::<P, R>(&flags, &mut Input::canonical(source)).map(|()| Vec::new());
    }
    let mut input = Input::canonical_recording(source);
    validate_with::<P, _>(&flags, &mut input)?;
    Ok(input.bounds().to_vec())
}

/// Appends `bounds` to the constraints file `path`, created if missing, in
/// one write.
fn append_constraints(path: &Path, bounds: &[Bound]) -> io::Result<()> {
    let mut lines = Vec::new();
    write_constraints(bounds, &mut lines)?;
    let mut file = OpenOptions::new().create(true).append(true).open(path)?;
    file.write_all(&lines)?;
    file.flush()
}

/// Runs a problem on `input` with the command-line arguments `args`, as
/// [`main`] does, and returns the answer or the error.
pub fn run<P: Problem>(args: &[&str], input: &[u8]) -> Result<String, Error> {
    run_with::<P, _>(Args::new(args.iter().copied()), input)
}

/// The `--help` text: the problem's usage, then its judge targets.
pub fn help<P: Problem>() -> String {
    let mut text = P::USAGE.to_string();
    text.push_str(
        "\nWith --validate (and any other flag): no answer; the input must also be in\nthe canonical layout (single spaces, \"\\n\" line ends, no + or leading zeros).\n",
    );
    if !P::TARGETS.is_empty() {
        text.push_str("\nJudge targets (`--judge TARGET`, with no other flag: that judge's exact\ninput and output):\n");
        let width = P::TARGETS.iter().map(|t| t.name.len()).max().unwrap_or(0);
        for target in P::TARGETS {
            text.push_str(&format!("  {:width$}  {}\n", target.name, target.problem));
        }
    }
    text
}

fn run_with<P: Problem, R: Read>(mut args: Args, source: R) -> Result<String, Error> {
    let validate = args.flag("--validate");
    let flags = match args.value("--judge")? {
        Some(name) => {
            let target = find_target::<P>(&name)?;
            args.finish_alone("--judge")?;
            (target.flags)()
        }
        None => {
            let flags = P::flags(&mut args)?;
            args.finish()?;
            flags
        }
    };
    if validate {
        return validate_with::<P, R>(&flags, &mut Input::canonical(source))
            .map(|()| String::new());
    }
    read_and_solve::<P, R>(&flags, source)
}

/// Reads `input`, held to the canonical layout ([`Input::canonical`]), and
/// solves it, keeping no answer: the input is valid when the binary would
/// answer it (an input that only the solver can refuse, such as a game past
/// the memory limit or contradictory observations, is invalid too).
fn validate_with<P: Problem, R: Read>(flags: &P::Flags, input: &mut Input<R>) -> Result<(), Error> {
    let case = P::read(flags, input)?;
    input.finish()?;
    P::solve(flags, case).map(|_| ())
}

fn read_and_solve<P: Problem, R: Read>(flags: &P::Flags, source: R) -> Result<String, Error> {
    let mut input = Input::new(source);
    let case = P::read(flags, &mut input)?;
    input.finish()?;
    P::solve(flags, case)
}

fn finish<P: Problem>(result: Result<String, Error>) -> ExitCode {
    match result {
        Ok(answer) => write_stdout(&answer),
        Err(error) => report::<P>(&error),
    }
}

fn find_target<P: Problem>(name: &str) -> Result<&'static Target<P::Flags>, Error> {
    match P::TARGETS.iter().find(|target| target.name == name) {
        Some(target) => Ok(target),
        None if P::TARGETS.is_empty() => Err(Error::usage(format!(
            "unknown judge target {name:?} (this binary has none)"
        ))),
        None => {
            let known: Vec<&str> = P::TARGETS.iter().map(|target| target.name).collect();
            Err(Error::usage(format!(
                "unknown judge target {name:?} (known: {})",
                known.join(", ")
            )))
        }
    }
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
    report_to::<P>(error, &mut io::stderr().lock())
}

/// Writes `error` as every binary reports one: one `error: ...` line, then,
/// for a usage error, the usage line and a pointer to `--help`; returns the
/// exit status (2 for a usage error, else 1). [`main`] reports to standard
/// error with it, and so do the interactive modes, which run outside it.
///
/// On WASI (the binaries built for the web pages) a usage error ends the
/// process here, with status 2: Rust 1.63's std keeps only success or
/// failure in an `ExitCode` there, so `ExitCode::from(2)` would leave the
/// process with status 1. `std::process::exit` runs std's cleanup, which
/// flushes standard output (the interactive modes' transcript); standard
/// error is unbuffered. Every status that is 0 or 1 survives as it is.
pub fn report_to<P: Problem>(error: &Error, errors: &mut impl Write) -> ExitCode {
    let status = report_error(error, errors);
    if error.is_usage() {
        let usage = P::USAGE.lines().next().unwrap_or_default();
        let _ = writeln!(errors, "{usage}\n(--help prints the full usage)");
        #[cfg(target_os = "wasi")]
        {
            let _ = errors.flush();
            std::process::exit(2);
        }
    }
    status
}

/// Writes the `error: ...` line alone; returns the exit status.
fn report_error(error: &Error, errors: &mut impl Write) -> ExitCode {
    let _ = writeln!(errors, "error: {error}");
    if error.is_usage() {
        ExitCode::from(2)
    } else {
        ExitCode::FAILURE
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// Counts the numbers of the input, and how often it was asked to.
    struct Count;

    static SOLVED: AtomicUsize = AtomicUsize::new(0);

    impl Problem for Count {
        const USAGE: &'static str = "usage: count [--plus-one] < INPUT\n";
        const TARGETS: &'static [Target<bool>] = &[
            Target {
                name: "plain",
                problem: "Judge A, the count",
                flags: || false,
            },
            Target {
                name: "one-more",
                problem: "Judge B, the count plus one",
                flags: || true,
            },
        ];
        type Flags = bool;
        type Case = u64;

        fn flags(args: &mut Args) -> Result<bool, Error> {
            Ok(args.flag("--plus-one"))
        }

        fn read<R: Read>(_: &bool, input: &mut Input<R>) -> Result<u64, Error> {
            let n: u64 = input.int("the count n")?;
            input.line_end();
            for _ in 0..n {
                input.int::<u64>("a number")?;
            }
            input.line_end();
            Ok(n)
        }

        fn solve(plus_one: &bool, n: u64) -> Result<String, Error> {
            SOLVED.fetch_add(1, Ordering::SeqCst);
            Ok(format!("{}\n", n + u64::from(*plus_one)))
        }
    }

    #[test]
    fn extra_input_is_rejected_before_solving() {
        let before = SOLVED.load(Ordering::SeqCst);
        let error = run::<Count>(&[], b"1 5 6").unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 1, column 5 (token 3): unexpected extra input \"6\""
        );
        assert_eq!(SOLVED.load(Ordering::SeqCst), before);
    }

    #[test]
    fn judge_stands_for_the_targets_flags() {
        assert_eq!(run::<Count>(&["--judge", "plain"], b"1 5").unwrap(), "1\n");
        assert_eq!(run::<Count>(&["--judge=one-more"], b"1 5").unwrap(), "2\n");
        assert_eq!(run::<Count>(&["--plus-one"], b"0").unwrap(), "1\n");
    }

    #[test]
    fn judge_stands_alone() {
        let error = run::<Count>(&["--judge", "plain", "--plus-one"], b"0").unwrap_err();
        assert!(error.is_usage());
        assert_eq!(
            error.to_string(),
            "--judge takes no other flag or argument, found \"--plus-one\""
        );
    }

    #[test]
    fn an_unknown_target_is_a_usage_error_naming_the_known_ones() {
        let error = run::<Count>(&["--judge", "elsewhere"], b"0").unwrap_err();
        assert!(error.is_usage());
        assert_eq!(
            error.to_string(),
            "unknown judge target \"elsewhere\" (known: plain, one-more)"
        );
    }

    #[test]
    fn validate_reads_the_canonical_layout_and_prints_nothing() {
        assert_eq!(run::<Count>(&["--validate"], b"2\n5 6\n").unwrap(), "");
        assert_eq!(
            run::<Count>(&["--validate", "--judge", "one-more"], b"0\n\n").unwrap(),
            ""
        );
        for (input, error) in [
            (&b"2\n5 6"[..], "line 2, column 4: expected the line to end here with one \"\\n\", found no white space"),
            (b"2\n5 6\n\n", "line 2, column 4: expected the line to end here with one \"\\n\", found \"\\n\\n\""),
            (b"2 5 6\n", "line 1, column 2: expected the line to end here with one \"\\n\", found \" \""),
            (b" 2\n5 6\n", "line 1, column 1: expected the first token at the start of the input, found \" \""),
            (b"2\n5\t6\n", "line 2, column 2: expected one space between two tokens, found \"\\t\""),
            (b"2\r\n5 6\n", "line 1, column 2: expected the line to end here with one \"\\n\", found \"\\r\\n\""),
            (b"2\n+5 6\n", "line 2, column 1 (token 2): expected a number without a + sign, found \"+5\""),
            (b"2\n05 6\n", "line 2, column 1 (token 2): expected a number without a leading zero, found \"05\""),
            (b"2\n5 -0\n", "line 2, column 3 (token 3): expected a number without -0 (write 0), found \"-0\""),
            (b"2\n5 6 7\n", "line 2, column 4: expected the line to end here with one \"\\n\", found \" \""),
        ] {
            let found = run::<Count>(&["--validate"], input).unwrap_err();
            assert_eq!(found.to_string(), error, "{:?}", input.escape_ascii().to_string());
        }
        // Without --validate the layout is free.
        assert_eq!(run::<Count>(&[], b" 2 +5\r\n\t06").unwrap(), "2\n");
    }

    /// Reads `n` teams (1 to the flag, 4 by default) and a score from 0 to
    /// `n` for each: a problem whose reads check bounds, one of them
    /// depending on an earlier value.
    struct Teams;

    impl Problem for Teams {
        const USAGE: &'static str = "usage: teams < INPUT\n";
        const TARGETS: &'static [Target<u64>] = &[Target {
            name: "pairs",
            problem: "Judge C, two teams at most",
            flags: || 2,
        }];
        type Flags = u64;
        type Case = ();

        fn flags(_: &mut Args) -> Result<u64, Error> {
            Ok(4)
        }

        fn read<R: Read>(most: &u64, input: &mut Input<R>) -> Result<(), Error> {
            let teams = input.int_in::<u64>("the number of teams n", 1..=*most)?;
            input.line_end();
            for team in 1..=teams {
                input.int_in::<u64>(format!("the score of team {team}"), 0..=teams)?;
            }
            input.line_end();
            Ok(())
        }

        fn solve(_: &u64, (): ()) -> Result<String, Error> {
            Ok(String::new())
        }
    }

    fn os_args(args: &[&str]) -> Vec<OsString> {
        args.iter().map(OsString::from).collect()
    }

    #[test]
    fn the_constraints_file_is_taken_in_either_form_among_other_arguments() {
        assert_eq!(constraints_file(os_args(&[])).unwrap(), None);
        assert_eq!(constraints_file(os_args(&["--x", "y"])).unwrap(), None);
        assert_eq!(
            constraints_file(os_args(&["in", "--constraints_file", "/t/c s", "--y"])).unwrap(),
            Some(PathBuf::from("/t/c s"))
        );
        assert_eq!(
            constraints_file(os_args(&["--constraints_file=c.txt"])).unwrap(),
            Some(PathBuf::from("c.txt"))
        );
        let error = constraints_file(os_args(&["--y", "--constraints_file"])).unwrap_err();
        assert!(error.is_usage());
        assert_eq!(error.to_string(), "--constraints_file needs a path");
        let twice = os_args(&["--constraints_file", "a", "--constraints_file=b"]);
        assert!(constraints_file(twice).unwrap_err().is_usage());
    }

    #[cfg(unix)]
    #[test]
    fn a_constraints_file_path_need_not_be_utf8() {
        use std::os::unix::ffi::OsStringExt;
        let path = OsString::from_vec(b"c\xff.txt".to_vec());
        let args = vec![OsString::from("--constraints_file"), path.clone()];
        assert_eq!(constraints_file(args).unwrap(), Some(PathBuf::from(path)));
    }

    /// A scratch file of this test process, removed first.
    fn scratch_file(name: &str) -> PathBuf {
        let path = std::env::temp_dir().join(format!("judge-io-{}-{name}", std::process::id()));
        let _ = std::fs::remove_file(&path);
        path
    }

    #[test]
    fn valid_inputs_append_their_bounds_to_the_constraints_file() {
        let path = scratch_file("constraints.txt");
        for (target, input) in [("", &b"3\n0 3 1\n"[..]), ("pairs", b"1\n1\n")] {
            let bounds = validate_target::<Teams, _>(target, input, true).unwrap();
            append_constraints(&path, &bounds).unwrap();
        }
        let written = std::fs::read_to_string(&path).unwrap();
        std::fs::remove_file(&path).unwrap();
        assert_eq!(
            written,
            "the_number_of_teams_n the_number_of_teams_n 0 0 3 3 1 4\n\
             the_score_of_team_# the_score_of_team_# 1 1 0 3 0 3\n\
             the_number_of_teams_n the_number_of_teams_n 1 0 1 1 1 2\n\
             the_score_of_team_# the_score_of_team_# 0 1 1 1 0 1\n"
        );
    }

    #[test]
    fn without_the_flag_or_with_an_invalid_input_nothing_is_recorded() {
        assert_eq!(
            validate_target::<Teams, _>("", &b"3\n0 3 1\n"[..], false).unwrap(),
            []
        );
        for (target, input, error) in [
            ("", &b"3\n0 4 1\n"[..], "line 2, column 3 (token 3): the score of team 2 must be from 0 to 3, found \"4\""),
            ("pairs", b"3\n0 3 1\n", "line 1, column 1 (token 1): the number of teams n must be from 1 to 2, found \"3\""),
            ("quads", b"1\n1\n", "unknown judge target \"quads\" (known: pairs)"),
        ] {
            let found = validate_target::<Teams, _>(target, input, true).unwrap_err();
            assert_eq!(found.to_string(), error);
        }
    }

    #[test]
    fn a_constraints_file_that_cannot_be_opened_is_an_error() {
        let folder = scratch_file("no-such-folder");
        let bounds = validate_target::<Teams, _>("", &b"1\n0\n"[..], true).unwrap();
        assert!(append_constraints(&folder.join("c.txt"), &bounds).is_err());
    }

    #[test]
    fn help_lists_the_targets() {
        assert_eq!(
            help::<Count>(),
            "usage: count [--plus-one] < INPUT\n\
             \n\
             With --validate (and any other flag): no answer; the input must also be in\n\
             the canonical layout (single spaces, \"\\n\" line ends, no + or leading zeros).\n\
             \n\
             Judge targets (`--judge TARGET`, with no other flag: that judge's exact\n\
             input and output):\n  \
             plain     Judge A, the count\n  \
             one-more  Judge B, the count plus one\n"
        );
    }
}
