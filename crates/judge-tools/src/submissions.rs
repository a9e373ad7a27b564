//! Known solutions kept beside the judge data, after the Kattis problem
//! package format, to prove that the data tells right from wrong:
//!
//! ```text
//! judge-data/<problem>/submissions/VERDICT/NAME.c|NAME.py
//! judge-data/<problem>/judges/TARGET/submissions/VERDICT/NAME.c|NAME.py
//! ```
//!
//! `VERDICT` is `accepted` (it must pass every case), `wrong_answer`,
//! `time_limit_exceeded` or `run_time_error` (it must get that verdict on at
//! least one case). A submission is judged like anyone's solution (see
//! [`Solver::Command`]): on the answer cases of the default contract, or of
//! its target, with no flags. C is built with `gcc -O2`, Python runs with
//! `python3`.

use std::fmt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use crate::Error;

use super::judge_data::{cases, data_root, file_name, read_dir, run_case, Case, Solver, Verdict};

/// The verdict a submission is kept for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expected {
    /// Right and fast: AC on every case.
    Accepted,
    /// WA on at least one case.
    WrongAnswer,
    /// TLE on at least one case.
    TimeLimitExceeded,
    /// RE on at least one case.
    RunTimeError,
}

impl Expected {
    fn from_folder(name: &str) -> Option<Expected> {
        match name {
            "accepted" => Some(Expected::Accepted),
            "wrong_answer" => Some(Expected::WrongAnswer),
            "time_limit_exceeded" => Some(Expected::TimeLimitExceeded),
            "run_time_error" => Some(Expected::RunTimeError),
            _ => None,
        }
    }

    fn verdict(self) -> Verdict {
        match self {
            Expected::Accepted => Verdict::Ac,
            Expected::WrongAnswer => Verdict::Wa,
            Expected::TimeLimitExceeded => Verdict::Tle,
            Expected::RunTimeError => Verdict::Re,
        }
    }
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Expected::Accepted => "accepted",
            Expected::WrongAnswer => "wrong_answer",
            Expected::TimeLimitExceeded => "time_limit_exceeded",
            Expected::RunTimeError => "run_time_error",
        })
    }
}

/// One known solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Submission {
    /// Its source file.
    pub path: PathBuf,
    /// The verdict it must get.
    pub expected: Expected,
    /// The judge target it was written for; `None` for the default contract.
    pub target: Option<String>,
}

/// What judging one submission showed.
#[derive(Debug, Clone)]
pub struct Judged {
    /// True when it got its expected verdict.
    pub as_expected: bool,
    /// One line: the verdict on each case run, and why it is (or is not) as
    /// expected.
    pub summary: String,
}

/// Every submission of `problem`, sorted by path.
pub fn submissions(problem: &str) -> Result<Vec<Submission>, Error> {
    let folder = data_root().join(problem);
    let mut found = Vec::new();
    collect(&folder.join("submissions"), None, &mut found)?;
    let judges = folder.join("judges");
    if judges.is_dir() {
        for target in read_dir(&judges)? {
            let name = file_name(&target);
            collect(&target.join("submissions"), Some(name), &mut found)?;
        }
    }
    Ok(found)
}

fn collect(
    folder: &Path,
    target: Option<String>,
    found: &mut Vec<Submission>,
) -> Result<(), Error> {
    if !folder.is_dir() {
        return Ok(());
    }
    for verdict_folder in read_dir(folder)? {
        let name = file_name(&verdict_folder);
        if name == "README.md" {
            continue;
        }
        let expected = Expected::from_folder(&name).ok_or_else(|| {
            Error::layout(
                &verdict_folder,
                "unknown verdict folder (accepted, wrong_answer, time_limit_exceeded, run_time_error)",
            )
        })?;
        for path in read_dir(&verdict_folder)? {
            match path.extension().and_then(|ext| ext.to_str()) {
                Some("c" | "py") => found.push(Submission {
                    path,
                    expected,
                    target: target.clone(),
                }),
                _ => return Err(Error::layout(path, "a submission is a .c or .py file")),
            }
        }
    }
    Ok(())
}

impl Submission {
    /// Builds the submission into `build_dir` when it needs building, and
    /// returns the shell command that runs it.
    pub fn command(&self, build_dir: &Path) -> Result<String, Error> {
        let source = self.path.display().to_string();
        match self.path.extension().and_then(|ext| ext.to_str()) {
            Some("py") => Ok(format!("python3 {}", shell_quote(&source))),
            _ => {
                std::fs::create_dir_all(build_dir).map_err(Error::io(build_dir))?;
                let stem = self.path.with_extension("");
                let binary = build_dir.join(file_name(&stem));
                let output = Command::new("gcc")
                    .args(["-O2", "-std=gnu11", "-o"])
                    .arg(&binary)
                    .arg(&self.path)
                    .arg("-lm")
                    .output()
                    .map_err(|source| Error::Run {
                        program: "gcc".to_string(),
                        source,
                    })?;
                if !output.status.success() {
                    return Err(Error::Build {
                        file: self.path.clone(),
                        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
                    });
                }
                Ok(shell_quote(&binary.display().to_string()))
            }
        }
    }

    /// Judges the submission on the cases of `problem` it is for: an
    /// accepted one on every case, any other until the first case that gets
    /// its expected verdict.
    pub fn judge(&self, problem: &str, limit: Duration, build_dir: &Path) -> Result<Judged, Error> {
        let command = self.command(build_dir)?;
        let solver = Solver::Command(command);
        let wanted = self.expected.verdict();
        let mut seen = Vec::new();
        let chosen: Vec<Case> = cases(problem)?
            .into_iter()
            .filter(|case| case.is_for_anyone(self.target.as_deref()))
            .collect();
        for case in &chosen {
            let outcome = run_case(&solver, case, limit)?;
            seen.push(format!("{} {}", outcome.verdict, case.name));
            let done = match self.expected {
                Expected::Accepted => outcome.verdict != Verdict::Ac,
                _ => outcome.verdict == wanted,
            };
            if done {
                let as_expected = outcome.verdict == wanted;
                let summary = format!(
                    "{} ({} expected): {}",
                    if as_expected {
                        "as expected"
                    } else {
                        "NOT as expected"
                    },
                    self.expected,
                    seen.last().map_or("", String::as_str)
                );
                return Ok(Judged {
                    as_expected,
                    summary,
                });
            }
        }
        let as_expected = self.expected == Expected::Accepted && !chosen.is_empty();
        let summary = if as_expected {
            format!("as expected (accepted): AC on all {} cases", chosen.len())
        } else {
            format!(
                "NOT as expected ({} expected): AC on all {} cases",
                self.expected,
                chosen.len()
            )
        };
        Ok(Judged {
            as_expected,
            summary,
        })
    }
}

fn shell_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', "'\\''"))
}
