//! The long fuzzing run, and the replay of one input.
//!
//! ```text
//! cargo run --release -p fuzz -- [--minutes M] [--seed S] [--binary-every K] [PROBLEM...]
//! cargo run --release -p fuzz -- --replay PROBLEM SEED
//! ```
//!
//! Each PROBLEM (default: all six) is fuzzed for M minutes (default 1), one
//! after the other, with seeds from S (default: the time, printed), and one
//! input in K (default 200) also goes through the real release binary, which
//! this command builds first. It prints a line per problem, then every
//! breach with its replay command, and exits 1 if there was one.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::path::PathBuf;
use std::process::{Command, ExitCode};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use fuzz::{Fuzzer, PROBLEMS};

const USAGE: &str = "usage: fuzz [--minutes M] [--seed S] [--binary-every K] [PROBLEM...]\n       fuzz --replay PROBLEM SEED";

fn main() -> ExitCode {
    match run(std::env::args().skip(1).collect()) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("error: {message}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn run(args: Vec<String>) -> Result<ExitCode, String> {
    let mut minutes = 1.0f64;
    let mut first_seed = None;
    let mut binary_every = 200u64;
    let mut problems = Vec::new();
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--minutes" => minutes = parse(&value("--minutes")?, "--minutes")?,
            "--seed" => first_seed = Some(parse(&value("--seed")?, "--seed")?),
            "--binary-every" => {
                binary_every = parse::<u64>(&value("--binary-every")?, "--binary-every")?.max(1)
            }
            "--replay" => {
                let problem = value("--replay")?;
                let seed = parse(&value("--replay")?, "the seed")?;
                return replay(&problem, seed);
            }
            "--help" | "-h" => {
                println!("{USAGE}");
                return Ok(ExitCode::SUCCESS);
            }
            name if name.starts_with('-') => return Err(format!("unknown flag {name:?}")),
            problem => problems.push(problem.to_string()),
        }
    }
    if !(minutes > 0.0 && minutes.is_finite()) {
        return Err(format!("--minutes must be positive, found {minutes}"));
    }
    if problems.is_empty() {
        problems = PROBLEMS.iter().map(|p| p.to_string()).collect();
    }
    let fuzzers: Vec<Fuzzer> = problems
        .iter()
        .map(|p| Fuzzer::new(p))
        .collect::<Result<_, _>>()?;
    let first_seed = first_seed.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs())
            << 20
    });
    let binaries = build_binaries(&problems)?;
    println!("fuzzing {} for {minutes} minute(s) each, seeds from {first_seed}, one input in {binary_every} through the binary", problems.join(", "));
    let mut failed = false;
    for (fuzzer, binary) in fuzzers.iter().zip(&binaries) {
        let deadline = Instant::now() + Duration::from_secs_f64(minutes * 60.0);
        let stats = fuzzer.run(
            first_seed,
            |_| Instant::now() < deadline,
            Some((binary, binary_every)),
        );
        println!("{}", stats.summary(fuzzer.problem));
        for failure in &stats.failures {
            println!("FAILURE: {failure}");
        }
        failed |= stats.failure_count > 0;
    }
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// Builds the problems' release binaries and returns their paths: they sit
/// next to this program, which `cargo run --release` put in the same folder.
fn build_binaries(problems: &[String]) -> Result<Vec<PathBuf>, String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let mut command = Command::new(cargo);
    command.args(["build", "--release", "--quiet", "--bins"]);
    for problem in problems {
        command.args(["-p", problem]);
    }
    let status = command
        .status()
        .map_err(|error| format!("cannot run cargo: {error}"))?;
    if !status.success() {
        return Err("cargo build --release of the binaries failed".to_string());
    }
    let folder = std::env::current_exe()
        .map_err(|error| format!("cannot find this program: {error}"))?
        .parent()
        .map(PathBuf::from)
        .ok_or("this program has no folder")?;
    Ok(problems
        .iter()
        .map(|problem| folder.join(problem))
        .collect())
}

/// Prints the input named by `seed` and what the problem made of it.
fn replay(problem: &str, seed: u64) -> Result<ExitCode, String> {
    let fuzzer = Fuzzer::new(problem)?;
    let mutant = fuzzer.mutant(seed);
    println!("{}", fuzzer.describe(&mutant));
    match fuzzer.check(&mutant, None) {
        Ok((verdict, elapsed)) => {
            println!(
                "{verdict:?} in {:.3} s: the contract holds",
                elapsed.as_secs_f64()
            );
            Ok(ExitCode::SUCCESS)
        }
        Err(breach) => {
            println!("FAILURE: {breach}");
            Ok(ExitCode::FAILURE)
        }
    }
}

fn parse<T: std::str::FromStr>(text: &str, name: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{name}: not a number: {text:?}"))
}
