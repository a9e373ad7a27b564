//! The judge-data runner: finds a problem's cases, runs a binary on each under
//! the time limit, and judges what it did.
//!
//! # Layout (after the ICPC problem-package convention)
//!
//! ```text
//! judge-data/<problem>/timelimit        seconds per case (a decimal number)
//! judge-data/<problem>/problem.yaml     the problem package's metadata (see
//!                                       `package`); also in judges/TARGET/
//! judge-data/<problem>/sample/NAME.in   + NAME.ans: the exact expected stdout
//! judge-data/<problem>/secret/NAME.in   + NAME.ans (subfolders allowed)
//! sample/ or secret/ NAME.gen            instead of NAME.in + NAME.ans: a
//!                                       recipe for a generated case, built
//!                                       into target/judge-data/ (`generated`)
//! judge-data/<problem>/bad/NAME.in      must be rejected: status 1, nothing on
//!                                       stdout, one stderr line `error: ...`
//! judge-data/<problem>/usage/NAME.args  a bad command line: status 2, nothing on
//!                                       stdout, stderr starting with `error: `
//! judge-data/<problem>/judges/TARGET/   a real judge's problem (`--judge TARGET`):
//!     sample/, secret/, bad/            as above, run with `--judge TARGET` and
//!                                       no other flag (so no .args there)
//! NAME.args                             optional elsewhere: the flags, one line
//! README.md                             optional anywhere: notes for readers
//! submissions/VERDICT/NAME.{c,py}        known solutions of the default contract
//! judges/TARGET/submissions/VERDICT/...  and of a target (see `submissions`)
//! ```
//!
//! Cases pair by file stem. A `.ans` without its `.in`, a `.args` without its
//! case, an answer in `bad/` or `usage/`, any other file, or a problem with no
//! case at all is a broken data folder, reported as such.

use std::collections::BTreeMap;
use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::Error;

use super::{generated, process};

/// One case: what to run and what must come of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    /// The case's path below the problem's folder, without extension, such
    /// as `secret/edges/corner-capture`.
    pub name: String,
    /// The standard input (`NAME.in`); empty when the case has none.
    pub input: Option<PathBuf>,
    /// The command-line flags (`NAME.args`, split on white space), without
    /// the `--judge TARGET` of a judge target's case.
    pub args: Vec<String>,
    /// The judge target whose case this is (`judges/TARGET/...`).
    pub target: Option<String>,
    /// What must happen.
    pub expect: Expect,
}

impl Case {
    /// Every flag the binary is run with: `--judge TARGET` for a judge
    /// target's case, then the case's own.
    pub fn command_args(&self) -> Vec<String> {
        let mut args = match &self.target {
            Some(target) => vec!["--judge".to_string(), target.clone()],
            None => Vec::new(),
        };
        args.extend(self.args.iter().cloned());
        args
    }
}

/// What a case requires of the binary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expect {
    /// Status 0 and exactly these bytes on stdout.
    Answer(Vec<u8>),
    /// Bad input: status 1, empty stdout, one `error: ` line on stderr.
    Rejected,
    /// A bad command line: status 2, empty stdout, stderr starting `error: `.
    UsageError,
}

/// How a run of one case was judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Accepted.
    Ac,
    /// Wrong answer: the program ended normally but did not do what the case
    /// requires (including a wrong exit status or error format).
    Wa,
    /// Run-time error: killed by a signal, or a status the case cannot have.
    Re,
    /// Time limit exceeded: killed at the limit.
    Tle,
}

/// The result of running one case.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The verdict.
    pub verdict: Verdict,
    /// Wall-clock time of the whole process.
    pub elapsed: Duration,
    /// Why the verdict is not AC, with expected versus got; empty for AC.
    pub detail: String,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::Ac => "AC",
            Verdict::Wa => "WA",
            Verdict::Re => "RE",
            Verdict::Tle => "TLE",
        })
    }
}

/// The workspace's `judge-data` folder.
pub fn data_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../judge-data")
}

/// Every problem that has a folder in `judge-data`, sorted.
pub fn problems() -> Result<Vec<String>, Error> {
    let root = data_root();
    let mut names = Vec::new();
    for entry in read_dir(&root)? {
        if entry.is_dir() {
            names.push(file_name(&entry));
        }
    }
    names.sort();
    Ok(names)
}

/// The time limit of a problem, from `judge-data/<problem>/timelimit`.
pub fn time_limit(problem: &str) -> Result<Duration, Error> {
    let path = data_root().join(problem).join("timelimit");
    let text = fs::read_to_string(&path).map_err(Error::io(&path))?;
    match text.trim().parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && seconds.is_finite() => Ok(Duration::from_secs_f64(seconds)),
        _ => Err(Error::layout(
            path,
            format!("expected a number of seconds, found {:?}", text.trim()),
        )),
    }
}

/// Every case of a problem, sorted by name; an error for a broken folder.
pub fn cases(problem: &str) -> Result<Vec<Case>, Error> {
    let folder = data_root().join(problem);
    if !folder.is_dir() {
        return Err(Error::layout(
            folder,
            format!("no judge data for {problem:?}"),
        ));
    }
    let mut cases = Vec::new();
    for entry in read_dir(&folder)? {
        let name = file_name(&entry);
        if entry.is_dir() && name == "submissions" {
            continue;
        } else if entry.is_dir() && name == "judges" {
            for target in read_dir(&entry)? {
                collect_target(&folder, &target, &mut cases)?;
            }
        } else if entry.is_dir() {
            let kind = match name.as_str() {
                "sample" | "secret" => Kind::Answer,
                "bad" => Kind::Rejected,
                "usage" => Kind::UsageError,
                _ => {
                    return Err(Error::layout(
                        entry,
                        "unknown case folder (sample, secret, bad, usage, judges)",
                    ))
                }
            };
            collect_cases(&folder, &entry, kind, None, &mut cases)?;
        } else if !["timelimit", "README.md", "problem.yaml"].contains(&name.as_str()) {
            return Err(Error::layout(
                entry,
                "unexpected file (timelimit, README.md, problem.yaml or a case folder)",
            ));
        }
    }
    if cases.is_empty() {
        return Err(Error::layout(folder, "no cases"));
    }
    cases.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(cases)
}

/// Adds the cases of one judge target's folder, `judges/TARGET`.
fn collect_target(
    problem_folder: &Path,
    folder: &Path,
    cases: &mut Vec<Case>,
) -> Result<(), Error> {
    if !folder.is_dir() {
        return Err(Error::layout(folder, "expected a judge target's folder"));
    }
    let target = file_name(folder);
    for entry in read_dir(folder)? {
        let kind = match file_name(&entry).as_str() {
            "sample" | "secret" if entry.is_dir() => Kind::Answer,
            "bad" if entry.is_dir() => Kind::Rejected,
            "README.md" | "problem.yaml" | "submissions" => continue,
            _ => {
                return Err(Error::layout(
                    entry,
                    "unexpected in a judge target's folder (sample, secret, bad, README.md, problem.yaml)",
                ))
            }
        };
        collect_cases(problem_folder, &entry, kind, Some(&target), cases)?;
    }
    Ok(())
}

/// What is judged: one of our binaries, or anyone's solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Solver {
    /// Our binary: run with each case's flags (and `--judge TARGET`).
    Ours(PathBuf),
    /// A shell command line, as a judge runs a submission: no flags, so it
    /// is judged only on the cases a judge would use (see
    /// [`Case::is_for_anyone`]).
    Command(String),
}

impl Case {
    /// True for the cases a judge would run anyone's solution on: answers
    /// (`sample/`, `secret/`) with no flags of ours, of the default contract
    /// when `target` is `None`, else of that target. Bad-input and flag cases
    /// test our binaries only.
    pub fn is_for_anyone(&self, target: Option<&str>) -> bool {
        matches!(self.expect, Expect::Answer(_))
            && self.args.is_empty()
            && self.target.as_deref() == target
    }
}

/// Runs `solver` on one case, killed at `limit`, and judges it.
pub fn run_case(solver: &Solver, case: &Case, limit: Duration) -> Result<Outcome, Error> {
    let input = match &case.input {
        Some(path) => fs::read(path).map_err(Error::io(path))?,
        None => Vec::new(),
    };
    let run = match solver {
        Solver::Ours(binary) => process::run(binary, &case.command_args(), &input, limit)?,
        Solver::Command(line) => process::run_shell(line, &input, limit)?,
    };
    let Some(status) = run.status else {
        return Ok(Outcome {
            verdict: Verdict::Tle,
            elapsed: run.elapsed,
            detail: format!("killed after the time limit of {limit:?}"),
        });
    };
    let (verdict, detail) = judge(case, status.code(), &run.stdout, &run.stderr);
    Ok(Outcome {
        verdict,
        elapsed: run.elapsed,
        detail,
    })
}

/// Runs every case of `problem` through `binary` (with five times the time
/// limit, as test builds may be slower) and panics with a report naming each
/// failing case. This is the judge-data test of every problem crate.
pub fn assert_judge_data_passes(problem: &str, binary: &str) {
    let failures = match run_all(problem, Path::new(binary), 5) {
        Ok(failures) => failures,
        Err(error) => panic!("judge-data/{problem}: {error}"),
    };
    assert!(
        failures.is_empty(),
        "judge-data/{problem}: {} case(s) failed\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

/// Runs every case and returns a report for each failure.
fn run_all(problem: &str, binary: &Path, limit_factor: u32) -> Result<Vec<String>, Error> {
    let limit = time_limit(problem)? * limit_factor;
    let mut failures = Vec::new();
    let solver = Solver::Ours(binary.to_path_buf());
    for case in cases(problem)? {
        let outcome = run_case(&solver, &case, limit)?;
        if outcome.verdict != Verdict::Ac {
            failures.push(failure_report(problem, &case, &outcome));
        }
    }
    Ok(failures)
}

/// A failure as a person wants to see it: the case, the head of its input,
/// and expected versus got.
pub fn failure_report(problem: &str, case: &Case, outcome: &Outcome) -> String {
    let mut report = format!("{} {problem}/{}", outcome.verdict, case.name);
    let args = case.command_args();
    if !args.is_empty() {
        report.push_str(&format!("  (flags: {})", args.join(" ")));
    }
    report.push('\n');
    if let Some(path) = &case.input {
        let head = fs::read(path).unwrap_or_default();
        report.push_str("  input:\n");
        report.push_str(&indent(&head, 5, 100));
    }
    report.push_str(&outcome.detail);
    report
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Answer,
    Rejected,
    UsageError,
}

/// The files of one case, gathered by stem.
#[derive(Default)]
struct Files {
    input: Option<PathBuf>,
    answer: Option<PathBuf>,
    args: Option<PathBuf>,
    recipe: Option<PathBuf>,
}

/// Adds the cases below `folder` (walked with an explicit stack).
fn collect_cases(
    problem_folder: &Path,
    folder: &Path,
    kind: Kind,
    target: Option<&str>,
    cases: &mut Vec<Case>,
) -> Result<(), Error> {
    let mut by_stem: BTreeMap<PathBuf, Files> = BTreeMap::new();
    let mut pending = vec![folder.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in read_dir(&dir)? {
            if entry.is_dir() {
                pending.push(entry);
                continue;
            }
            if file_name(&entry) == "README.md" {
                continue;
            }
            let files = by_stem.entry(entry.with_extension("")).or_default();
            let slot = match entry.extension().and_then(|ext| ext.to_str()) {
                Some("in") => &mut files.input,
                Some("ans") => &mut files.answer,
                Some("args") => &mut files.args,
                Some("gen") => &mut files.recipe,
                _ => {
                    return Err(Error::layout(
                        entry,
                        "unexpected file (.in, .ans, .args, .gen or README.md)",
                    ))
                }
            };
            *slot = Some(entry);
        }
    }
    for (stem, mut files) in by_stem {
        let name = stem
            .strip_prefix(problem_folder)
            .map_err(|_| Error::layout(&stem, "outside the data folder"))?
            .to_string_lossy()
            .replace('\\', "/");
        if let Some(recipe) = &files.recipe {
            if kind != Kind::Answer || files.input.is_some() || files.answer.is_some() {
                return Err(Error::layout(
                    recipe,
                    "a recipe stands for a sample/ or secret/ case's .in and .ans, without them",
                ));
            }
            let problem = file_name(problem_folder);
            let (input, answer) = generated::materialise(&problem, &name, recipe)?;
            files.input = Some(input);
            files.answer = Some(answer);
        }
        let args = match &files.args {
            Some(_) if target.is_some() => {
                return Err(Error::layout(
                    name,
                    "a judge target's case takes no .args (--judge TARGET is implied)",
                ))
            }
            Some(path) => fs::read_to_string(path)
                .map_err(Error::io(path))?
                .split_whitespace()
                .map(str::to_string)
                .collect(),
            None => Vec::new(),
        };
        let expect = match kind {
            Kind::Answer => match (&files.input, &files.answer) {
                (Some(_), Some(answer)) => {
                    Expect::Answer(fs::read(answer).map_err(Error::io(answer))?)
                }
                (Some(_), None) => return Err(Error::layout(name, "a .in without its .ans")),
                (None, _) => return Err(Error::layout(name, "a .ans or .args without its .in")),
            },
            Kind::Rejected => match (&files.input, &files.answer) {
                (Some(_), None) => Expect::Rejected,
                (_, Some(_)) => return Err(Error::layout(name, "a rejected case has no .ans")),
                (None, None) => return Err(Error::layout(name, "a .args without its .in")),
            },
            Kind::UsageError => match (&files.args, &files.answer) {
                (Some(_), None) => Expect::UsageError,
                (_, Some(_)) => return Err(Error::layout(name, "a usage case has no .ans")),
                (None, None) => return Err(Error::layout(name, "a usage case needs its .args")),
            },
        };
        cases.push(Case {
            name,
            input: files.input,
            args,
            target: target.map(str::to_string),
            expect,
        });
    }
    Ok(())
}

fn judge(case: &Case, code: Option<i32>, stdout: &[u8], stderr: &[u8]) -> (Verdict, String) {
    let got = || {
        format!(
            "  exit status: {}\n  stdout:\n{}  stderr:\n{}",
            code.map_or("killed by a signal".to_string(), |code| code.to_string()),
            indent(stdout, 10, 200),
            indent(stderr, 5, 200)
        )
    };
    let Some(code) = code else {
        return (Verdict::Re, got());
    };
    let error_lines = stderr
        .split(|&b| b == b'\n')
        .filter(|line| !line.is_empty())
        .count();
    match &case.expect {
        Expect::Answer(answer) => {
            if code != 0 {
                (Verdict::Re, format!("  expected exit status 0\n{}", got()))
            } else if stdout != answer.as_slice() {
                (
                    Verdict::Wa,
                    format!("  expected stdout:\n{}{}", indent(answer, 10, 200), got()),
                )
            } else {
                (Verdict::Ac, String::new())
            }
        }
        Expect::Rejected => {
            if code == 1 && stdout.is_empty() && stderr.starts_with(b"error: ") && error_lines == 1
            {
                (Verdict::Ac, String::new())
            } else {
                (
                    Verdict::Wa,
                    format!("  expected exit status 1, empty stdout, one stderr line \"error: ...\"\n{}", got()),
                )
            }
        }
        Expect::UsageError => {
            if code == 2 && stdout.is_empty() && stderr.starts_with(b"error: ") {
                (Verdict::Ac, String::new())
            } else {
                (
                    Verdict::Wa,
                    format!(
                        "  expected exit status 2, empty stdout, stderr starting \"error: \"\n{}",
                        got()
                    ),
                )
            }
        }
    }
}

/// The first `lines` lines of `text`, each cut at `width` bytes, indented.
fn indent(text: &[u8], lines: usize, width: usize) -> String {
    let text = String::from_utf8_lossy(text);
    let mut out = String::new();
    let all: Vec<&str> = text.lines().collect();
    for line in all.iter().take(lines) {
        let cut: String = line.chars().take(width).collect();
        let more = if cut.len() < line.len() { "..." } else { "" };
        out.push_str(&format!("    | {cut}{more}\n"));
    }
    if all.len() > lines {
        out.push_str(&format!("    | ... ({} more lines)\n", all.len() - lines));
    }
    if text.is_empty() {
        out.push_str("    (empty)\n");
    }
    out
}

pub(crate) fn read_dir(dir: &Path) -> Result<Vec<PathBuf>, Error> {
    let entries = fs::read_dir(dir).map_err(Error::io(dir))?;
    let mut paths = Vec::new();
    for entry in entries {
        paths.push(entry.map_err(Error::io(dir))?.path());
    }
    paths.sort();
    Ok(paths)
}

pub(crate) fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case(expect: Expect) -> Case {
        Case {
            name: "sample/x".to_string(),
            input: None,
            args: Vec::new(),
            target: None,
            expect,
        }
    }

    #[test]
    fn an_answer_case_needs_status_zero_and_the_exact_bytes() {
        let answer = case(Expect::Answer(b"Yes\n".to_vec()));
        assert_eq!(judge(&answer, Some(0), b"Yes\n", b"").0, Verdict::Ac);
        assert_eq!(judge(&answer, Some(0), b"Yes", b"").0, Verdict::Wa);
        assert_eq!(judge(&answer, Some(0), b"Yes \n", b"").0, Verdict::Wa);
        assert_eq!(judge(&answer, Some(1), b"Yes\n", b"").0, Verdict::Re);
        assert_eq!(judge(&answer, None, b"Yes\n", b"").0, Verdict::Re);
    }

    #[test]
    fn a_rejected_case_needs_status_one_no_stdout_and_one_error_line() {
        let bad = case(Expect::Rejected);
        assert_eq!(judge(&bad, Some(1), b"", b"error: x\n").0, Verdict::Ac);
        assert_eq!(judge(&bad, Some(1), b"No\n", b"error: x\n").0, Verdict::Wa);
        assert_eq!(judge(&bad, Some(2), b"", b"error: x\n").0, Verdict::Wa);
        assert_eq!(
            judge(&bad, Some(1), b"", b"error: x\nerror: y\n").0,
            Verdict::Wa
        );
        assert_eq!(
            judge(&bad, Some(1), b"", b"thread panicked\n").0,
            Verdict::Wa
        );
        assert_eq!(judge(&bad, Some(0), b"", b"").0, Verdict::Wa);
    }

    #[test]
    fn a_usage_case_needs_status_two_and_an_error_first() {
        let usage = case(Expect::UsageError);
        assert_eq!(
            judge(&usage, Some(2), b"", b"error: x\nusage: y\n").0,
            Verdict::Ac
        );
        assert_eq!(judge(&usage, Some(1), b"", b"error: x\n").0, Verdict::Wa);
    }

    #[test]
    fn failures_show_expected_and_got() {
        let answer = case(Expect::Answer(b"Yes\n".to_vec()));
        let (_, detail) = judge(&answer, Some(0), b"No\n", b"");
        assert!(detail.contains("expected stdout:\n    | Yes\n"), "{detail}");
        assert!(detail.contains("stdout:\n    | No\n"), "{detail}");
    }

    /// A scratch data folder, removed when dropped.
    struct Scratch(PathBuf);

    impl Scratch {
        fn new(name: &str, files: &[(&str, &str)]) -> Scratch {
            let root =
                std::env::temp_dir().join(format!("judge-data-test-{}-{name}", std::process::id()));
            let _ = fs::remove_dir_all(&root);
            for (path, text) in files {
                let path = root.join(path);
                fs::create_dir_all(path.parent().unwrap()).unwrap();
                fs::write(path, text).unwrap();
            }
            Scratch(root)
        }

        fn collect(&self, folder: &str, kind: Kind) -> Result<Vec<Case>, Error> {
            let mut cases = Vec::new();
            collect_cases(&self.0, &self.0.join(folder), kind, None, &mut cases)?;
            Ok(cases)
        }

        fn collect_target(&self, target: &str) -> Result<Vec<Case>, Error> {
            let mut cases = Vec::new();
            collect_target(&self.0, &self.0.join("judges").join(target), &mut cases)?;
            Ok(cases)
        }
    }

    /// The rule a layout error names; a panic for anything else.
    fn broken_rule(result: Result<Vec<Case>, Error>) -> String {
        match result {
            Err(Error::Layout { rule, .. }) => rule,
            other => panic!("expected a broken layout rule, got {other:?}"),
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = fs::remove_dir_all(&self.0);
        }
    }

    #[test]
    fn cases_pair_by_stem_in_subfolders_and_read_their_flags() {
        let scratch = Scratch::new(
            "pairs",
            &[
                ("secret/b.in", "2"),
                ("secret/b.ans", "No\n"),
                ("secret/deep/a.in", "1"),
                ("secret/deep/a.ans", "Yes\n"),
                ("secret/deep/a.args", "--move  --cases\n"),
                ("secret/README.md", "notes"),
            ],
        );
        let cases = scratch.collect("secret", Kind::Answer).unwrap();
        let names: Vec<&str> = cases.iter().map(|case| case.name.as_str()).collect();
        assert_eq!(names, ["secret/b", "secret/deep/a"]);
        assert_eq!(cases[1].args, ["--move", "--cases"]);
        assert_eq!(cases[1].expect, Expect::Answer(b"Yes\n".to_vec()));
    }

    #[test]
    fn a_judge_targets_cases_run_with_judge_and_take_no_args() {
        let scratch = Scratch::new(
            "target",
            &[
                ("judges/luogu-p2197/sample/1.in", "1 1 1"),
                ("judges/luogu-p2197/sample/1.ans", "Yes\n"),
                ("judges/luogu-p2197/bad/empty.in", ""),
            ],
        );
        let cases = scratch.collect_target("luogu-p2197").unwrap();
        let names: Vec<&str> = cases.iter().map(|case| case.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "judges/luogu-p2197/bad/empty",
                "judges/luogu-p2197/sample/1"
            ]
        );
        assert_eq!(cases[0].expect, Expect::Rejected);
        assert!(cases[1].args.is_empty());
        assert_eq!(cases[1].command_args(), ["--judge", "luogu-p2197"]);

        let with_args = Scratch::new(
            "target-args",
            &[
                ("judges/t/secret/1.in", "1"),
                ("judges/t/secret/1.ans", "1"),
                ("judges/t/secret/1.args", "--cases"),
            ],
        );
        assert!(broken_rule(with_args.collect_target("t")).contains("takes no .args"));
        let usage = Scratch::new("target-usage", &[("judges/t/usage/1.args", "--x")]);
        assert!(broken_rule(usage.collect_target("t"))
            .contains("unexpected in a judge target's folder"));
    }

    #[test]
    fn a_lone_file_is_a_broken_folder() {
        let lone_in = Scratch::new("lone-in", &[("sample/a.in", "1")]);
        assert!(broken_rule(lone_in.collect("sample", Kind::Answer)).contains("without its .ans"));
        let lone_ans = Scratch::new("lone-ans", &[("sample/a.ans", "1")]);
        assert!(broken_rule(lone_ans.collect("sample", Kind::Answer)).contains("without its .in"));
        let bad_ans = Scratch::new("bad-ans", &[("bad/a.in", "1"), ("bad/a.ans", "x")]);
        assert!(broken_rule(bad_ans.collect("bad", Kind::Rejected)).contains("has no .ans"));
        let usage = Scratch::new("usage-in", &[("usage/a.in", "1")]);
        assert!(broken_rule(usage.collect("usage", Kind::UsageError)).contains("needs its .args"));
        let odd = Scratch::new("odd", &[("sample/a.out", "1")]);
        assert!(broken_rule(odd.collect("sample", Kind::Answer)).contains("unexpected file"));
    }

    #[test]
    fn usage_cases_need_no_input() {
        let scratch = Scratch::new("usage", &[("usage/bad-flag.args", "--nope")]);
        let cases = scratch.collect("usage", Kind::UsageError).unwrap();
        assert_eq!(cases[0].input, None);
        assert_eq!(cases[0].expect, Expect::UsageError);
    }

    #[test]
    fn indent_cuts_long_outputs() {
        let text = "a\nb\nc\n";
        assert_eq!(
            indent(text.as_bytes(), 2, 80),
            "    | a\n    | b\n    | ... (1 more lines)\n"
        );
        assert_eq!(indent(b"", 2, 80), "    (empty)\n");
        assert_eq!(indent(b"abcdef", 1, 3), "    | abc...\n");
    }
}
