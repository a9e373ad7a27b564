//! The runner behind `scripts/check.sh`: judges release binaries on every
//! case of `judge-data/` (or of the problems named) and prints one line per
//! case, the failures in detail, and `N passed, M failed`.
//!
//! Usage: `judge BIN_DIR [PROBLEM...]`, where `BIN_DIR` holds the binaries
//! (`target/release`). Exit status 1 on any failure or when no case ran.

#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use judge_tools::judge_data::{self, failure_report, Verdict};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((bin_dir, named)) = args.split_first() else {
        eprintln!("usage: judge BIN_DIR [PROBLEM...]");
        return ExitCode::from(2);
    };
    match run(Path::new(bin_dir), named) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

/// Judges every case; true when all passed and at least one ran.
fn run(bin_dir: &Path, named: &[String]) -> Result<bool, String> {
    let problems = if named.is_empty() {
        judge_data::problems()?
    } else {
        named.to_vec()
    };
    let (mut passed, mut failed) = (0usize, 0usize);
    let mut slowest: Option<(Duration, String)> = None;
    let mut reports = Vec::new();
    for problem in &problems {
        let binary = bin_dir.join(problem);
        if !binary.is_file() {
            return Err(format!(
                "no binary {} for judge-data/{problem}",
                binary.display()
            ));
        }
        let limit = judge_data::time_limit(problem)?;
        for case in judge_data::cases(problem)? {
            let outcome = judge_data::run_case(&binary, &case, limit)?;
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
                reports.push(failure_report(problem, &case, &outcome));
            }
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
