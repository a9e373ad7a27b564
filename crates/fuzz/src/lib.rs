//! Seeded fuzzing of every judge binary on stable Rust: inputs mutated from
//! the judge-data cases are run through the problems' libraries in-process
//! (`judge_io::run`), and a sample of them through the real binaries, and
//! every result must keep the contract that `judge_io` promises.
//!
//! # The contract checked
//!
//! For every input, run in-process with the case's flags:
//!
//! - an answer is empty or ends in `\n` (so every line does);
//! - an error is bad input, never a usage error (the flags come from valid
//!   cases), and `error: ` with its text is one line of at most
//!   [`MAX_ERROR_LINE`] bytes;
//! - nothing panics: a panic prints the problem, the replay seed and the
//!   input before it ends the run (see [`Fuzzer::check`]).
//!
//! For the inputs that also run through a real binary: status 0 with exactly
//! the in-process answer on standard output and nothing on standard error,
//! or status 1 with nothing on standard output and exactly the in-process
//! `error: ...` line on standard error. That checks `judge_io::main` (the
//! writing and reporting) and, by comparing two runs, determinism.
//!
//! # The mutations
//!
//! Each input is named by its seed: a ChaCha8 stream from that seed picks a
//! judge-data case (its `.in` and `.args`; the `usage/` cases are left out,
//! since their flags are wrong on purpose, and so are the interactive games,
//! which the binaries' `main` runs outside `judge_io::run`) and applies one to four of bit
//! flips, byte insertions and deletions, token deletion, duplication and
//! insertion, boundary numbers (0, -1, 2^31, 2^32, 2^63, `u64::MAX`,
//! `u64::MAX + 1`, 10^21, ...), numbers moved by one, splices with another
//! case of the problem, white-space changes (joining tokens, `\r\n`, tabs,
//! blank lines), truncation, and repeated stretches. Inputs are capped at
//! [`MAX_INPUT`] bytes. The same seed gives the same input on every platform,
//! so a failure is replayed with `cargo run --release -p fuzz -- --replay
//! PROBLEM SEED`.

use std::cell::RefCell;
use std::fmt::Write as _;
use std::path::Path;
use std::sync::Once;
use std::time::{Duration, Instant};

use judge_io::Error;
use judge_tools::judge_data::{self, Expect};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The six binaries, by the name of their package and judge-data folder.
pub const PROBLEMS: [&str; 6] = [
    "werewolf",
    "stone-game",
    "nim",
    "go-ko",
    "river-crossing",
    "clue-sim",
];

/// The longest `error: ...` line the contract allows, in bytes.
pub const MAX_ERROR_LINE: usize = 400;

/// The largest input the mutator makes, in bytes: above every judge-data
/// case but the largest go-ko boards, and small enough that no valid input
/// it can make costs more than a fraction of a second.
pub const MAX_INPUT: usize = 128 * 1024;

/// Runs `problem` in-process, as its binary's `main` would, on `input` with
/// `args`; `None` for a name that is not one of [`PROBLEMS`].
pub fn run_in_process(problem: &str, args: &[&str], input: &[u8]) -> Option<Result<String, Error>> {
    Some(match problem {
        "werewolf" => judge_io::run::<werewolf::Werewolf>(args, input),
        "stone-game" => judge_io::run::<stone_game::StoneGame>(args, input),
        "nim" => judge_io::run::<nim::Nim>(args, input),
        "go-ko" => judge_io::run::<go_ko::GoKo>(args, input),
        "river-crossing" => judge_io::run::<river_crossing::RiverCrossing>(args, input),
        "clue-sim" if clue_sim::assists(args) => clue_sim::assist_command(args, input),
        "clue-sim" => judge_io::run::<clue_sim::ClueSim>(args, input),
        _ => return None,
    })
}

/// One judge-data case that mutations start from.
#[derive(Debug, Clone)]
pub struct Seed {
    /// The case's name below the problem's folder.
    pub name: String,
    /// Its flags, `--judge TARGET` included for a judge target's case.
    pub args: Vec<String>,
    /// Its standard input.
    pub input: Vec<u8>,
}

/// One mutated input, and everything needed to name and replay it.
#[derive(Debug, Clone)]
pub struct Mutant {
    /// The seed that made it.
    pub seed: u64,
    /// The case it started from.
    pub base: String,
    /// The flags (the base case's, unchanged).
    pub args: Vec<String>,
    /// The input.
    pub input: Vec<u8>,
}

/// What one input came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// An answer, which keeps the contract.
    Answer,
    /// A bad-input error, which keeps the contract.
    Rejected,
    /// A usage error that the input caused, where the problem documents
    /// one (see [`INPUT_DEPENDENT_USAGE_ERRORS`]).
    UsageError,
}

/// What a run of many inputs found.
#[derive(Debug, Default)]
pub struct Stats {
    /// Inputs run in-process.
    pub inputs: u64,
    /// Of these, answered.
    pub answers: u64,
    /// Of these, rejected as bad input.
    pub errors: u64,
    /// Inputs also run through the real binary.
    pub binary_runs: u64,
    /// The slowest in-process input: its time and seed.
    pub slowest: Option<(Duration, u64)>,
    /// Contract breaches, each with its replay seed (at most
    /// [`Stats::MAX_FAILURES`] kept; `inputs` still counts them all).
    pub failures: Vec<String>,
    /// How many breaches there were in all.
    pub failure_count: u64,
}

impl Stats {
    /// How many breaches are kept with their text.
    pub const MAX_FAILURES: usize = 20;

    /// One line: inputs, answers, errors, binary runs, the slowest input.
    pub fn summary(&self, problem: &str) -> String {
        let mut line = format!(
            "{problem}: {} inputs, {} answers, {} errors, {} through the binary, {} failures",
            self.inputs, self.answers, self.errors, self.binary_runs, self.failure_count
        );
        if let Some((time, seed)) = self.slowest {
            let _ = write!(line, "; slowest {:.3} s (seed {seed})", time.as_secs_f64());
        }
        line
    }
}

/// A problem's seeds and the checks, ready to run mutated inputs.
#[derive(Debug)]
pub struct Fuzzer {
    /// The problem.
    pub problem: &'static str,
    /// The judge-data cases mutations start from.
    pub seeds: Vec<Seed>,
}

impl Fuzzer {
    /// Loads the judge-data cases of `problem` (every case but `usage/`).
    pub fn new(problem: &str) -> Result<Fuzzer, String> {
        let problem = PROBLEMS
            .iter()
            .copied()
            .find(|&name| name == problem)
            .ok_or_else(|| {
                format!(
                    "unknown problem {problem:?} (known: {})",
                    PROBLEMS.join(", ")
                )
            })?;
        let mut seeds = Vec::new();
        for case in judge_data::cases(problem).map_err(|error| error.to_string())? {
            let args = case.command_args();
            if case.expect == Expect::UsageError || is_interactive(problem, &args) {
                continue;
            }
            let input = match &case.input {
                Some(path) => {
                    std::fs::read(path).map_err(|error| format!("{}: {error}", path.display()))?
                }
                None => Vec::new(),
            };
            seeds.push(Seed {
                args,
                name: case.name,
                input,
            });
        }
        if seeds.is_empty() {
            return Err(format!("{problem}: no judge-data case to start from"));
        }
        Ok(Fuzzer { problem, seeds })
    }

    /// The input named by `seed`.
    pub fn mutant(&self, seed: u64) -> Mutant {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let base = &self.seeds[rng.random_range(0..self.seeds.len())];
        let mut input = base.input.clone();
        // Half the inputs carry one mutation, so that many stay near valid.
        let mutations = if rng.random_bool(0.5) {
            1
        } else {
            rng.random_range(2..=4)
        };
        for _ in 0..mutations {
            mutate(&mut rng, &mut input, &self.seeds);
        }
        input.truncate(MAX_INPUT);
        Mutant {
            seed,
            base: base.name.clone(),
            args: base.args.clone(),
            input,
        }
    }

    /// Runs `mutant` in-process and checks the contract; with a `binary`,
    /// also runs that and compares. A breach is an `Err` naming the seed.
    ///
    /// A panic cannot be caught where panics abort (the release profile),
    /// so a panic hook prints the problem, seed and input of the input under
    /// test first, whichever way the run then ends.
    pub fn check(
        &self,
        mutant: &Mutant,
        binary: Option<&Path>,
    ) -> Result<(Verdict, Duration), String> {
        install_panic_report();
        CURRENT.with(|current| *current.borrow_mut() = Some(self.describe(mutant)));
        let args: Vec<&str> = mutant.args.iter().map(String::as_str).collect();
        let start = Instant::now();
        let result = run_in_process(self.problem, &args, &mutant.input);
        let elapsed = start.elapsed();
        CURRENT.with(|current| *current.borrow_mut() = None);
        let Some(result) = result else {
            return Err(format!("{} is not a problem", self.problem));
        };
        let verdict = contract(self.problem, &result)
            .map_err(|breach| format!("{breach}\n{}", self.describe(mutant)))?;
        if let Some(binary) = binary {
            compare_with_binary(binary, mutant, &result)
                .map_err(|breach| format!("{breach}\n{}", self.describe(mutant)))?;
        }
        Ok((verdict, elapsed))
    }

    /// Runs the inputs named by seeds `first..`, while `more` says so (it is
    /// given how many ran), sending every `binary_every`-th through `binary`.
    pub fn run(
        &self,
        first: u64,
        mut more: impl FnMut(u64) -> bool,
        binary: Option<(&Path, u64)>,
    ) -> Stats {
        let mut stats = Stats::default();
        let mut seed = first;
        while more(stats.inputs) {
            let mutant = self.mutant(seed);
            let through = binary.and_then(|(path, every)| (seed % every == 0).then_some(path));
            match self.check(&mutant, through) {
                Ok((verdict, elapsed)) => {
                    match verdict {
                        Verdict::Answer => stats.answers += 1,
                        Verdict::Rejected | Verdict::UsageError => stats.errors += 1,
                    }
                    if stats.slowest.is_none_or(|(slowest, _)| elapsed > slowest) {
                        stats.slowest = Some((elapsed, seed));
                    }
                }
                Err(breach) => {
                    stats.failure_count += 1;
                    if stats.failures.len() < Stats::MAX_FAILURES {
                        stats.failures.push(breach);
                    }
                }
            }
            stats.binary_runs += u64::from(through.is_some());
            stats.inputs += 1;
            seed = seed.wrapping_add(1);
        }
        stats
    }

    /// The problem, seed, base case, flags and input (escaped, the first
    /// 2000 bytes), and the command that replays it.
    pub fn describe(&self, mutant: &Mutant) -> String {
        let shown = &mutant.input[..mutant.input.len().min(2000)];
        format!(
            "problem {} seed {} (from {}, flags {:?}), {} bytes of input{}:\n{}\nreplay: cargo run --release -p fuzz -- --replay {} {}",
            self.problem,
            mutant.seed,
            mutant.base,
            mutant.args,
            mutant.input.len(),
            if shown.len() < mutant.input.len() { ", the first 2000" } else { "" },
            shown.escape_ascii(),
            self.problem,
            mutant.seed
        )
    }
}

/// Usage errors that depend on the input, as a problem's README documents
/// them: the problem, and how the message starts.
pub const INPUT_DEPENDENT_USAGE_ERRORS: &[(&str, &str)] = &[
    // crates/clue-sim/README.md: "A wrong strategy list length is reported
    // after the input is read (the number of players comes from the
    // input), still as a usage error."
    ("clue-sim", "--strategy lists "),
];

/// Checks one in-process result of `problem` against the contract.
pub fn contract(problem: &str, result: &Result<String, Error>) -> Result<Verdict, String> {
    let documented = |error: &Error| {
        INPUT_DEPENDENT_USAGE_ERRORS
            .iter()
            .any(|&(name, start)| name == problem && error.message().starts_with(start))
    };
    match result {
        Ok(answer) if answer.is_empty() || answer.ends_with('\n') => Ok(Verdict::Answer),
        Ok(answer) => Err(format!(
            "the answer does not end in a line break: {:?}",
            tail(answer)
        )),
        Err(error) if error.is_usage() && documented(error) => Ok(Verdict::UsageError),
        Err(error) if error.is_usage() => Err(format!(
            "a usage error for flags that a valid case uses: {error}"
        )),
        Err(error) => {
            let line = format!("error: {error}");
            if line.contains(['\n', '\r']) {
                Err(format!("the error is more than one line: {line:?}"))
            } else if line.len() > MAX_ERROR_LINE {
                Err(format!(
                    "the error line has {} bytes (at most {MAX_ERROR_LINE}): {}...",
                    line.len(),
                    line.chars().take(200).collect::<String>()
                ))
            } else {
                Ok(Verdict::Rejected)
            }
        }
    }
}

/// Runs the real binary on `mutant` and checks that it did what the
/// in-process run says, as `judge_io::main` promises.
fn compare_with_binary(
    binary: &Path,
    mutant: &Mutant,
    result: &Result<String, Error>,
) -> Result<(), String> {
    let run =
        judge_tools::process::run(binary, &mutant.args, &mutant.input, Duration::from_secs(60))
            .map_err(|error| error.to_string())?;
    let (code, stdout, stderr) = (run.code(), run.stdout_text(), run.stderr_text());
    match result {
        Ok(answer) if code == Some(0) && stdout == *answer && stderr.is_empty() => Ok(()),
        Err(error) if !error.is_usage() && code == Some(1) && stdout.is_empty() && stderr == format!("error: {error}\n") => Ok(()),
        Err(error) if error.is_usage() && code == Some(2) && stdout.is_empty() && stderr.starts_with(&format!("error: {error}\n")) => Ok(()),
        _ => Err(format!(
            "{} disagrees with the in-process run {result:?}: status {code:?}, stdout {:?}, stderr {:?}",
            binary.display(),
            tail(&stdout),
            tail(&stderr)
        )),
    }
}

/// The last 200 characters of `text`, for messages.
fn tail(text: &str) -> &str {
    let start = text
        .char_indices()
        .rev()
        .nth(199)
        .map_or(0, |(index, _)| index);
    &text[start..]
}

thread_local! {
    /// The input under test on this thread, for the panic hook.
    static CURRENT: RefCell<Option<String>> = const { RefCell::new(None) };
}

fn install_panic_report() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            CURRENT.with(|current| {
                if let Some(text) = current.borrow().as_ref() {
                    #[allow(clippy::print_stderr)]
                    {
                        eprintln!("fuzz: PANIC on {text}");
                    }
                }
            });
            default(info);
        }));
    });
}

/// Applies one mutation, picked by `rng`, to `input`.
fn mutate(rng: &mut ChaCha8Rng, input: &mut Vec<u8>, seeds: &[Seed]) {
    let tokens = token_spans(input);
    match rng.random_range(0..12) {
        // A bit flip.
        0 if !input.is_empty() => {
            let at = rng.random_range(0..input.len());
            input[at] ^= 1 << rng.random_range(0..8);
        }
        // An interesting byte inserted.
        1 => {
            let at = rng.random_range(0..=input.len());
            input.insert(
                at,
                INTERESTING_BYTES[rng.random_range(0..INTERESTING_BYTES.len())],
            );
        }
        // A byte deleted.
        2 if !input.is_empty() => {
            input.remove(rng.random_range(0..input.len()));
        }
        // A token deleted.
        3 if !tokens.is_empty() => {
            let (start, end) = tokens[rng.random_range(0..tokens.len())];
            input.drain(start..end);
        }
        // A token repeated right after itself.
        4 if !tokens.is_empty() => {
            let (start, end) = tokens[rng.random_range(0..tokens.len())];
            let mut copy = input[start..end].to_vec();
            copy.insert(0, b' ');
            splice(input, end, end, &copy);
        }
        // A token replaced by a boundary number, or a new one inserted.
        5 | 6 => {
            let number = BOUNDARY_NUMBERS[rng.random_range(0..BOUNDARY_NUMBERS.len())].as_bytes();
            match tokens.get(rng.random_range(0..tokens.len().max(1))) {
                Some(&(start, end)) if rng.random_bool(0.7) => splice(input, start, end, number),
                _ => {
                    let at = rng.random_range(0..=input.len());
                    let mut padded = vec![b' '];
                    padded.extend_from_slice(number);
                    padded.push(b' ');
                    splice(input, at, at, &padded);
                }
            }
        }
        // A number moved by one, or its sign changed: off-by-one limits.
        7 if !tokens.is_empty() => {
            let (start, end) = tokens[rng.random_range(0..tokens.len())];
            let text = String::from_utf8_lossy(&input[start..end]).into_owned();
            if let Ok(value) = text.parse::<i128>() {
                let changed = match rng.random_range(0..3) {
                    0 => value + 1,
                    1 => value - 1,
                    _ => -value,
                };
                splice(input, start, end, changed.to_string().as_bytes());
            }
        }
        // A splice: the head of this input, the tail of another case's.
        8 => {
            let other = &seeds[rng.random_range(0..seeds.len())].input;
            let cut = rng.random_range(0..=input.len());
            let from = rng.random_range(0..=other.len());
            input.truncate(cut);
            input.extend_from_slice(&other[from..]);
        }
        // White space between tokens changed, or removed (joining them).
        9 if tokens.len() > 1 => {
            let index = rng.random_range(1..tokens.len());
            let (gap_start, gap_end) = (tokens[index - 1].1, tokens[index].0);
            let space = WHITE_SPACE[rng.random_range(0..WHITE_SPACE.len())].as_bytes();
            splice(input, gap_start, gap_end, space);
        }
        // Cut short.
        10 => input.truncate(rng.random_range(0..=input.len())),
        // A stretch (up to a few lines) repeated.
        11 if !input.is_empty() => {
            let start = rng.random_range(0..input.len());
            let end = (start + rng.random_range(1..=256)).min(input.len());
            let copy = input[start..end].to_vec();
            for _ in 0..rng.random_range(1..=8) {
                splice(input, end, end, &copy);
            }
        }
        // A mutation that needs bytes or tokens the input lacks: a byte.
        _ => input.push(INTERESTING_BYTES[rng.random_range(0..INTERESTING_BYTES.len())]),
    }
}

/// Bytes that mean something to some binary, or to the reader.
const INTERESTING_BYTES: &[u8] = b" \n\r\t\x0b\x0c\x00\xff\xc3-+0123456789.OX*?xABUv,";

/// Numbers at the edges of the integer types and of the contracts.
const BOUNDARY_NUMBERS: &[&str] = &[
    "0",
    "-0",
    "+0",
    "1",
    "-1",
    "2",
    "3",
    "4",
    "5",
    "9",
    "20",
    "21",
    "100",
    "101",
    "1000",
    "1001",
    "65535",
    "65536",
    "100000",
    "1000000",
    "2147483647",
    "2147483648",
    "-2147483649",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775808",
    "-9223372036854775809",
    "18446744073709551615",
    "18446744073709551616",
    "1000000000000000000000",
    "000000000000000000000000000001",
    "99999999999999999999999999999999999999999",
];

/// White space to put between tokens (empty: join them).
const WHITE_SPACE: &[&str] = &[
    "", " ", "  ", "\n", "\r\n", "\t", "\n\n", "\n \n", "\r", "\x0c",
];

/// Replaces `input[start..end]` with `with`.
fn splice(input: &mut Vec<u8>, start: usize, end: usize, with: &[u8]) {
    input.splice(start..end, with.iter().copied());
}

/// The spans of the white-space separated tokens of `input`.
fn token_spans(input: &[u8]) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut start = None;
    for (index, byte) in input.iter().enumerate() {
        match (byte.is_ascii_whitespace(), start) {
            (false, None) => start = Some(index),
            (true, Some(from)) => {
                spans.push((from, index));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(from) = start {
        spans.push((from, input.len()));
    }
    spans
}

/// Whether `args` select an interactive game, which the binary's `main`
/// runs itself (river-crossing `--play`, clue-sim's game with a person):
/// `judge_io::run` would call those flags a usage error, so such a case
/// seeds nothing here.
fn is_interactive(problem: &str, args: &[String]) -> bool {
    match problem {
        "river-crossing" => args == ["--play"],
        "clue-sim" => clue_sim::human::human_strategies(args).is_some(),
        _ => false,
    }
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_names_the_same_input_every_time() {
        let fuzzer = Fuzzer::new("nim").unwrap();
        for seed in 0..200 {
            let (a, b) = (fuzzer.mutant(seed), fuzzer.mutant(seed));
            assert_eq!((a.input, a.base, a.args), (b.input, b.base, b.args));
        }
    }

    #[test]
    fn mutations_change_the_input_and_respect_the_cap() {
        let fuzzer = Fuzzer::new("go-ko").unwrap();
        let mut changed = 0;
        for seed in 0..500 {
            let mutant = fuzzer.mutant(seed);
            assert!(mutant.input.len() <= MAX_INPUT);
            let base = fuzzer.seeds.iter().find(|s| s.name == mutant.base).unwrap();
            changed += usize::from(base.input != mutant.input);
        }
        assert!(changed > 450, "only {changed} of 500 inputs were changed");
    }

    #[test]
    fn the_contract_check_can_fail() {
        assert_eq!(
            contract("nim", &Ok("Yes\n".to_string())),
            Ok(Verdict::Answer)
        );
        assert_eq!(contract("nim", &Ok(String::new())), Ok(Verdict::Answer));
        assert!(contract("nim", &Ok("Yes".to_string())).is_err());
        assert!(contract("nim", &Err(Error::usage("--x"))).is_err());
        assert_eq!(
            contract("nim", &Err(Error::input("bad"))),
            Ok(Verdict::Rejected)
        );
        let strategies = Error::usage("--strategy lists 2 strategies for 3 players");
        assert_eq!(
            contract("clue-sim", &Err(strategies.clone())),
            Ok(Verdict::UsageError)
        );
        assert!(contract("nim", &Err(strategies)).is_err());
    }

    #[test]
    fn token_spans_split_on_white_space() {
        assert_eq!(token_spans(b" ab\tc\r\n"), vec![(1, 3), (4, 5)]);
        assert_eq!(token_spans(b"x"), vec![(0, 1)]);
        assert!(token_spans(b" \n").is_empty());
    }

    #[test]
    fn unknown_problems_are_refused() {
        assert!(Fuzzer::new("chess")
            .unwrap_err()
            .contains("unknown problem"));
        assert!(run_in_process("chess", &[], b"").is_none());
    }
}
