//! The runner behind `scripts/check.sh`: judges release binaries on every
//! case of `judge-data/` (or of the problems named), or anyone's solution on
//! the cases a judge would use, or the known submissions; prints one line per
//! case, the failures in detail, and `N passed, M failed`.
//!
//! ```text
//! judge BIN_DIR [PROBLEM...]                      our binaries, every case
//! judge BIN_DIR PROBLEM --solution 'COMMAND'      anyone's solution (sh -c)
//!       [--judge TARGET] [--time-limit SECONDS] [-j N] [--fail-fast]
//! judge BIN_DIR --submissions [PROBLEM...]        judge-data/*/submissions
//! ```
//!
//! Exit status 1 on any failure or when no case ran, 2 for a bad command line.

#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use judge_tools::judge_data::{self, failure_report, Case, Outcome, Solver, Verdict};
use judge_tools::submissions::submissions;
use judge_tools::Error;

const USAGE: &str = "usage: judge BIN_DIR [PROBLEM...] [--solution 'COMMAND' [--judge TARGET]] \
[--time-limit SECONDS] [-j N] [--fail-fast] | judge BIN_DIR --submissions [PROBLEM...]";

/// What the command line asks for.
struct Request {
    bin_dir: PathBuf,
    problems: Vec<String>,
    solution: Option<String>,
    target: Option<String>,
    time_limit: Option<Duration>,
    jobs: usize,
    fail_fast: bool,
    submissions: bool,
}

fn main() -> ExitCode {
    let request = match parse(lexopt::Parser::from_env()) {
        Ok(request) => request,
        Err(error) => {
            eprintln!("error: {error}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let result = if request.submissions {
        judge_submissions(&request)
    } else {
        judge_cases(&request)
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

fn parse(mut parser: lexopt::Parser) -> Result<Request, lexopt::Error> {
    use lexopt::prelude::*;
    let mut bin_dir = None;
    let mut request = Request {
        bin_dir: PathBuf::new(),
        problems: Vec::new(),
        solution: None,
        target: None,
        time_limit: None,
        jobs: 1,
        fail_fast: false,
        submissions: false,
    };
    while let Some(arg) = parser.next()? {
        match arg {
            Long("solution") => request.solution = Some(parser.value()?.string()?),
            Long("judge") => request.target = Some(parser.value()?.string()?),
            Long("time-limit") => {
                let seconds: f64 = parser.value()?.parse()?;
                if !(seconds > 0.0 && seconds.is_finite()) {
                    return Err("--time-limit takes a positive number of seconds".into());
                }
                request.time_limit = Some(Duration::from_secs_f64(seconds));
            }
            Short('j') | Long("jobs") => request.jobs = parser.value()?.parse::<usize>()?.max(1),
            Long("fail-fast") => request.fail_fast = true,
            Long("submissions") => request.submissions = true,
            Long("help") => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            Value(value) if bin_dir.is_none() => bin_dir = Some(PathBuf::from(value)),
            Value(value) => request.problems.push(value.string()?),
            _ => return Err(arg.unexpected()),
        }
    }
    request.bin_dir = bin_dir.ok_or("name the folder of the binaries (target/release)")?;
    if request.solution.is_some() && request.problems.len() != 1 {
        return Err("--solution judges one problem: name exactly one".into());
    }
    if request.target.is_some() && request.solution.is_none() {
        return Err(
            "--judge goes with --solution (our binaries run every target's cases anyway)".into(),
        );
    }
    if request.submissions && request.solution.is_some() {
        return Err("--submissions and --solution do not go together".into());
    }
    Ok(request)
}

/// Judges our binaries, or one solution; true when all passed and at least
/// one case ran.
fn judge_cases(request: &Request) -> Result<bool, Error> {
    let problems = if request.problems.is_empty() {
        judge_data::problems()?
    } else {
        request.problems.clone()
    };
    let (mut passed, mut failed) = (0usize, 0usize);
    let mut slowest: Option<(Duration, String)> = None;
    let mut reports = Vec::new();
    for problem in &problems {
        let mut chosen = judge_data::cases(problem)?;
        let solver = match &request.solution {
            Some(line) => {
                let all = chosen.len();
                chosen.retain(|case| case.is_for_anyone(request.target.as_deref()));
                println!(
                    "judging `{line}` on the {} case(s) of {problem}{} a judge would use; {} \
                     other case(s) (bad input, flags, other contracts) test our binaries only",
                    chosen.len(),
                    request
                        .target
                        .as_ref()
                        .map_or(String::new(), |target| format!(" --judge {target}")),
                    all - chosen.len()
                );
                Solver::Command(line.clone())
            }
            None => {
                let binary = request.bin_dir.join(problem);
                if !binary.is_file() {
                    return Err(Error::NoBinary(binary));
                }
                Solver::Ours(binary)
            }
        };
        let limit = match request.time_limit {
            Some(limit) => limit,
            None => judge_data::time_limit(problem)?,
        };
        let outcomes = run_all(&solver, &chosen, limit, request.jobs, request.fail_fast)?;
        for (case, outcome) in chosen.iter().zip(&outcomes) {
            let Some(outcome) = outcome else { continue };
            let label = format!("{problem}/{}", case.name);
            println!(
                "{:<3} {:>8.3}s  {label}",
                outcome.verdict.to_string(),
                outcome.elapsed.as_secs_f64()
            );
            if slowest
                .as_ref()
                .is_none_or(|(time, _)| outcome.elapsed > *time)
            {
                slowest = Some((outcome.elapsed, label));
            }
            if outcome.verdict == Verdict::Ac {
                passed += 1;
            } else {
                failed += 1;
                reports.push(failure_report(problem, case, outcome));
            }
        }
        if request.fail_fast && failed > 0 {
            break;
        }
    }
    for report in &reports {
        print!("\n{report}");
    }
    if let Some((time, label)) = &slowest {
        println!("\nslowest: {label} ({:.3}s)", time.as_secs_f64());
    }
    println!("{passed} passed, {failed} failed");
    if passed + failed == 0 {
        eprintln!("error: no case ran");
    }
    Ok(failed == 0 && passed > 0)
}

/// Runs the cases on `jobs` threads; the outcomes in case order (`None` for
/// a case skipped after a failure under `fail_fast`).
fn run_all(
    solver: &Solver,
    cases: &[Case],
    limit: Duration,
    jobs: usize,
    fail_fast: bool,
) -> Result<Vec<Option<Outcome>>, Error> {
    let stop = AtomicBool::new(false);
    judge_tools::process::on_threads(cases, jobs, |case| {
        if stop.load(Ordering::SeqCst) {
            return None;
        }
        let result = judge_data::run_case(solver, case, limit);
        let failed = !matches!(&result, Ok(outcome) if outcome.verdict == Verdict::Ac);
        if fail_fast && failed {
            stop.store(true, Ordering::SeqCst);
        }
        Some(result)
    })
    .into_iter()
    .map(Option::transpose)
    .collect()
}

/// Judges every known submission; true when each got its expected verdict.
fn judge_submissions(request: &Request) -> Result<bool, Error> {
    let problems = if request.problems.is_empty() {
        judge_data::problems()?
    } else {
        request.problems.clone()
    };
    let build_dir = request.bin_dir.join("judge-submissions");
    let (mut good, mut bad) = (0usize, 0usize);
    for problem in &problems {
        let limit = match request.time_limit {
            Some(limit) => limit,
            None => judge_data::time_limit(problem)?,
        };
        for submission in submissions(problem)? {
            let judged = submission.judge(problem, limit, &build_dir.join(problem))?;
            let shown = shown_path(&submission.path);
            println!(
                "{:<3} {shown}: {}",
                if judged.as_expected { "ok" } else { "BAD" },
                judged.summary
            );
            if judged.as_expected {
                good += 1;
            } else {
                bad += 1;
            }
        }
    }
    println!("{good} passed, {bad} failed");
    if good + bad == 0 {
        eprintln!("error: no submission found");
    }
    Ok(bad == 0 && good > 0)
}

fn shown_path(path: &Path) -> String {
    let root = judge_data::data_root();
    let root = root.canonicalize().unwrap_or(root);
    let path = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    path.strip_prefix(root.parent().unwrap_or(&root))
        .unwrap_or(&path)
        .display()
        .to_string()
}
