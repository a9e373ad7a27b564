//! Problem packages in the Kattis / ICPC problem package format, which
//! Kattis, DOMjudge and BAPCtools import, behind `scripts/package.sh`: each
//! package in version `legacy` (problemtools, Kattis, DOMjudge) and, in
//! the contest folder ([`contest`]), in version `2025-09` (BAPCtools); see
//! [`Format`] for why two.
//!
//! A package is one contract that a judge runs with no flags: a problem's
//! default contract (named like the problem) or one of its judge targets.
//! Everything in it comes from what the workspace already keeps, so that
//! nothing is written twice. Its folder and archive take the format's short
//! name ([`short_name`]: `river-crossing` is `rivercrossing`):
//!
//! ```text
//! problem.yaml             judge-data/<problem>/problem.yaml (or
//!                          judges/<target>/problem.yaml), flat metadata, plus
//!                          the version and the limits; the time limit from
//!                          judge-data/<problem>/timelimit (legacy: in .timelimit)
//! problem_statement/       problem.en.tex (legacy; statement/ in 2025-09):
//!                          `\problemname` and, by pandoc, the regions of
//!                          crates/<problem>/README.md marked
//!                          `<!-- statement NAME ... -->` .. `<!-- /statement -->`
//! data/sample, data/secret the contract's answer cases with no flags (the groups
//!                          of secret/ numbered by size) that its input validator
//!                          accepts; a case in a
//!                          layout of the binary's lenient reading only (a `+`,
//!                          CRLF, ...) is left out, and listed
//! input_validators/validate/  the contract's reader in the canonical layout
//!                          (`Workspace::export_validator`), a program folder
//!                          whose `build` runs `rustc --edition 2021 -O`
//! answer_validators/exact/ (2025-09 only) the accepted solution, and a `run`
//!                          that accepts an answer only if it is that
//!                          solution's, byte for byte
//! submissions/accepted/    the single-file export (`Workspace::export` for a
//!                          problem, `export_target` for a target), and the known
//!                          submissions of every verdict from judge-data
//! ```
//!
//! The answers are unique in every contract (each statement fixes the order
//! and the tie-breaks), so no package has an output validator.

use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use crate::export::{ExportError, Options, Workspace};
use crate::judge_data::{self, data_root};
use crate::process;
use crate::submissions;

pub mod format;
pub use format::Format;

/// Why a package could not be built.
#[derive(Debug, thiserror::Error)]
pub enum PackageError {
    /// The export of the validator or of the accepted submission failed.
    #[error(transparent)]
    Export(#[from] ExportError),
    /// The judge data could not be read, or a file could not be written.
    #[error(transparent)]
    Data(#[from] crate::Error),
    /// Something the package needs is missing or malformed.
    #[error("{}: {what}", .path.display())]
    Source {
        /// The file at fault.
        path: PathBuf,
        /// What is wrong.
        what: String,
    },
    /// The archive could not be written.
    #[error("{}: {source}", .path.display())]
    Zip {
        /// The archive.
        path: PathBuf,
        /// What the zip writer said.
        source: zip::result::ZipError,
    },
}

/// A package that was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Built {
    /// The package's folder.
    pub folder: PathBuf,
    /// The archive of the folder's contents.
    pub zip: PathBuf,
    /// The test cases it holds.
    pub cases: usize,
    /// The answer cases left out, each with the validator's reason: inputs
    /// that only the binary's lenient reading takes.
    pub left_out: Vec<(String, String)>,
    /// The known submissions left out, each with the reason
    /// ([`NOT_PACKAGED`]).
    pub submissions_left_out: Vec<(String, String)>,
}

/// Known submissions that keep their verdict on our runner but not on a
/// judge that runs the package, so no package takes them: each path below
/// `judge-data/`, and why.
pub const NOT_PACKAGED: &[(&str, &str)] = &[
    (
        "go-ko/submissions/wrong_answer/trailing_blanks_kept.c",
        "it misreads the binary's lenient layout (trailing blanks on a board line), \
         which the package's canonical inputs never have",
    ),
    (
        "werewolf/submissions/wrong_answer/unsigned_means_werewolf.py",
        "it misreads an unsigned statement, which the package's canonical inputs \
         never have (every statement is signed there)",
    ),
    (
        "go-ko/submissions/run_time_error/recursive_flood_fill.c",
        "its recursion overflows the 8 MiB stack of our runner (and of many judges), \
         but problemtools and Kattis give the stack the whole memory limit, where it is accepted",
    ),
    (
        "river-crossing/submissions/wrong_answer/output_buffer_64k.c",
        "its search is every_load.c's, too slow for the group of slow cases, which the \
         package's size order puts before the longest plan it gets wrong: a judge stops \
         it at a time-out, not the wrong answer it is kept for",
    ),
    (
        "werewolf/submissions/wrong_answer/liar_totals_in_64_bits.c",
        "its search is the pruned search of time_limit_exceeded/pruned_search.c, which \
         the adversarial group stops at a time-out before the package's size order \
         reaches the 99-liar cases it gets wrong",
    ),
];

/// Every package there is: each problem's default contract, then each judge
/// target, in the order the export finds them.
pub fn names(workspace: &Workspace) -> Result<Vec<String>, ExportError> {
    let mut names = workspace.problems();
    names.extend(workspace.targets()?.into_iter().map(|target| target.name));
    Ok(names)
}

/// Writes the package `name` to `out/name/` and `out/name.zip`, using the
/// release binaries in `binaries` to validate the cases.
pub fn build(
    workspace: &Workspace,
    name: &str,
    binaries: &Path,
    out: &Path,
    format: Format,
) -> Result<Built, PackageError> {
    let (problem, target) = workspace.contract(name)?;
    let short = short_name(name);
    let folder = out.join(&short);
    if folder.exists() {
        fs::remove_dir_all(&folder).map_err(crate::Error::io(&folder))?;
    }
    let data = match &target {
        Some(target) => data_root().join(&problem).join("judges").join(target),
        None => data_root().join(&problem),
    };
    let readme = readme(workspace, &problem);
    let metadata = format::read_metadata(&data.join("problem.yaml"))?;
    let title = format::value(&metadata, "name").unwrap_or(name);
    let statement_dir = match format {
        Format::Legacy => "problem_statement",
        Format::V2025 => "statement",
    };
    write(
        &folder.join(statement_dir).join("problem.en.tex"),
        format::statement_tex(title, &statement(&readme, name)?)?.as_bytes(),
    )?;
    let (cases, left_out, largest_answer) =
        copy_cases(&problem, target.as_deref(), binaries, &folder)?;
    let seconds = judge_data::time_limit(&problem)?.as_secs_f64();
    let output = output_limit(largest_answer);
    if format == Format::Legacy {
        write(
            &folder.join(".timelimit"),
            format!("{seconds}\n").as_bytes(),
        )?;
    }
    format::write_program(
        &folder.join("input_validators/validate"),
        "validate",
        &workspace.export_validator(name)?,
        format::RUN_VALIDATOR,
    )?;
    let accepted = match &target {
        Some(target) => workspace.export_target(target)?,
        None => workspace.export(&problem, Options { compact: true })?,
    };
    write(
        &folder.join(format!("submissions/accepted/{short}.rs")),
        accepted.as_bytes(),
    )?;
    let yaml = format::problem_yaml(format, &metadata, seconds, output, &accepted);
    write(&folder.join("problem.yaml"), yaml.as_bytes())?;
    if format == Format::V2025 {
        format::write_program(
            &folder.join("answer_validators/exact"),
            "solution",
            &accepted,
            format::RUN_ANSWER_VALIDATOR,
        )?;
        write_solution(&folder, &readme, name)?;
    }
    let mut submissions_left_out = Vec::new();
    for submission in submissions::submissions(&problem)? {
        if submission.target != target {
            continue;
        }
        let path = submission
            .path
            .strip_prefix(data_root())
            .unwrap_or(&submission.path);
        if let Some((_, why)) = NOT_PACKAGED
            .iter()
            .find(|(kept, _)| path == Path::new(kept))
        {
            submissions_left_out.push((path.display().to_string(), why.to_string()));
            continue;
        }
        let file = submission
            .path
            .file_name()
            .map(PathBuf::from)
            .unwrap_or_default();
        let destination = folder
            .join("submissions")
            .join(submission.expected.to_string())
            .join(file);
        let text = fs::read(&submission.path).map_err(crate::Error::io(&submission.path))?;
        write(&destination, &text)?;
    }
    let zip = out.join(format!("{short}.zip"));
    write_zip(&folder, &zip)?;
    Ok(Built {
        folder,
        zip,
        cases,
        left_out,
        submissions_left_out,
    })
}

/// Writes the contest folder `out/contest/` and its archive
/// `out/contest.zip` from the legacy packages of `names` already in `out`
/// (see [`build`]): each package turned into version 2025-09 (see
/// [`Format`]; the cases and submissions are copied, nothing is built
/// twice), labelled A, B, ... in that order in `problems.yaml`, with
/// `contest.yaml`, and the `languages.yaml` that makes BAPCtools build Rust
/// as edition 2021. BAPCtools calls this a contest folder, and DOMjudge
/// imports its `contest.yaml` and `problems.yaml`. Returns the archive.
pub fn contest(
    workspace: &Workspace,
    names: &[String],
    out: &Path,
) -> Result<PathBuf, PackageError> {
    let folder = out.join("contest");
    if folder.exists() {
        fs::remove_dir_all(&folder).map_err(crate::Error::io(&folder))?;
    }
    let mut entries = Vec::new();
    for name in names {
        let (problem, target) = workspace.contract(name)?;
        let data = match &target {
            Some(target) => data_root().join(&problem).join("judges").join(target),
            None => data_root().join(&problem),
        };
        let metadata = format::read_metadata(&data.join("problem.yaml"))?;
        let short = short_name(name);
        let legacy = out.join(&short);
        let package = folder.join(&short);
        let mut largest_answer = 0;
        for file in files(&legacy)? {
            let relative = file.strip_prefix(&legacy).unwrap_or(&file);
            let relative = match relative.strip_prefix("problem_statement") {
                Ok(rest) => Path::new("statement").join(rest),
                Err(_) => relative.to_path_buf(),
            };
            if relative == Path::new("problem.yaml") || relative == Path::new(".timelimit") {
                continue;
            }
            let bytes = fs::read(&file).map_err(crate::Error::io(&file))?;
            if relative.extension().is_some_and(|ext| ext == "ans") {
                largest_answer = largest_answer.max(bytes.len());
            }
            write(&package.join(&relative), &bytes)?;
            if format::is_executable(&file) {
                format::set_executable(&package.join(&relative))?;
            }
        }
        let accepted = legacy.join(format!("submissions/accepted/{short}.rs"));
        let accepted = fs::read_to_string(&accepted).map_err(crate::Error::io(&accepted))?;
        format::write_program(
            &package.join("answer_validators/exact"),
            "solution",
            &accepted,
            format::RUN_ANSWER_VALIDATOR,
        )?;
        write_solution(&package, &readme(workspace, &problem), name)?;
        let seconds = judge_data::time_limit(&problem)?.as_secs_f64();
        write(
            &package.join("problem.yaml"),
            format::problem_yaml(
                Format::V2025,
                &metadata,
                seconds,
                output_limit(largest_answer),
                &accepted,
            )
            .as_bytes(),
        )?;
        entries.push(format::Entry {
            id: short,
            name: format::value(&metadata, "name").unwrap_or(name).to_string(),
            seconds,
        });
    }
    write(
        &folder.join("contest.yaml"),
        format::CONTEST_YAML.as_bytes(),
    )?;
    write(
        &folder.join("problems.yaml"),
        format::problems_yaml(&entries).as_bytes(),
    )?;
    write(
        &folder.join("languages.yaml"),
        format::LANGUAGES_YAML.as_bytes(),
    )?;
    let zip = out.join("contest.zip");
    write_zip(&folder, &zip)?;
    Ok(zip)
}

/// The README of crate `problem`, which holds its packages' statements and
/// solutions.
fn readme(workspace: &Workspace, problem: &str) -> PathBuf {
    workspace
        .root()
        .join("crates")
        .join(problem)
        .join("README.md")
}

/// Writes the solution slides of package `name` (version 2025-09) into
/// `folder/solution/solution.en.tex`, from `readme` ([`solution`]).
fn write_solution(folder: &Path, readme: &Path, name: &str) -> Result<(), PackageError> {
    let tex = format::solution_tex(&solution(readme, name)?)?;
    write(&folder.join("solution/solution.en.tex"), tex.as_bytes())
}

/// The output limit in MiB for answers of at most `largest_answer` bytes:
/// at least four times that (the format's default is 8; verifyproblem warns
/// when an answer comes within half of the limit).
fn output_limit(largest_answer: usize) -> usize {
    (largest_answer * 4).div_ceil(1 << 20).max(8)
}

/// The package's short name, which names its folder and archive: the
/// format wants `[a-z0-9]+`, so `go-ko` is `goko`, `luogu-p2197` is
/// `luogup2197`.
pub fn short_name(name: &str) -> String {
    name.chars().filter(char::is_ascii_alphanumeric).collect()
}

/// The statement of package `name`: every region of `readme` whose opening
/// marker `<!-- statement NAME... -->` names it, in order, a blank line
/// between two.
pub fn statement(readme: &Path, name: &str) -> Result<String, PackageError> {
    Ok(regions(readme, "statement", name)?.join("\n\n") + "\n")
}

/// The solution of package `name`, one slide a region: every region of
/// `readme` whose opening marker `<!-- solution NAME... -->` names it, in
/// order.
pub fn solution(readme: &Path, name: &str) -> Result<Vec<String>, PackageError> {
    regions(readme, "solution", name)
}

/// The regions of `kind` (`statement`, `solution`) in `readme` that name
/// package `name`: the lines between `<!-- KIND NAME... -->` and
/// `<!-- /KIND -->`, trimmed. None at all is an error, and so is a bound in
/// ASCII in any region of the kind ([`ascii_math`]): contestants read them
/// typeset.
fn regions(readme: &Path, kind: &str, name: &str) -> Result<Vec<String>, PackageError> {
    let text = fs::read_to_string(readme).map_err(crate::Error::io(readme))?;
    let malformed = |line: usize, what: &str| PackageError::Source {
        path: readme.to_path_buf(),
        what: format!("line {line}: {what}"),
    };
    let opening = format!("<!-- {kind} ");
    let closing = format!("<!-- /{kind} -->");
    let mut regions: Vec<String> = Vec::new();
    // The region being read: where it opened, whether it is this package's,
    // and its text.
    let mut open: Option<(usize, bool, String)> = None;
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if let Some(names) = trimmed
            .strip_prefix(opening.as_str())
            .and_then(|rest| rest.strip_suffix("-->"))
        {
            if open.is_some() {
                return Err(malformed(
                    index + 1,
                    &format!("a {kind} region opens inside another"),
                ));
            }
            let ours = names.split_whitespace().any(|tagged| tagged == name);
            open = Some((index + 1, ours, String::new()));
        } else if trimmed == closing {
            let Some((start, ours, region)) = open.take() else {
                return Err(malformed(
                    index + 1,
                    &format!("a {kind} region closes, none is open"),
                ));
            };
            if let Some((offset, what)) = ascii_math(&region) {
                return Err(malformed(
                    start + 1 + offset,
                    &format!(
                        "{what} in ASCII: write numbers and bounds as math, \
                         such as $1 \\le n \\le 10^9$"
                    ),
                ));
            }
            if ours {
                regions.push(region.trim().to_string());
            }
        } else if let Some((_, _, region)) = &mut open {
            region.push_str(line);
            region.push('\n');
        }
    }
    if open.is_some() {
        return Err(malformed(
            text.lines().count(),
            &format!("a {kind} region is never closed"),
        ));
    }
    if regions.is_empty() {
        return Err(PackageError::Source {
            path: readme.to_path_buf(),
            what: format!("no region <!-- {kind} {name} --> .. <!-- /{kind} -->"),
        });
    }
    Ok(regions)
}

/// The first bound written in ASCII in the Markdown `text`, outside math
/// (`$...$`), code spans and fenced code blocks: `<=`, `>=`, `!=` or a
/// power `^`; as (line within `text` from 0, what was found).
pub fn ascii_math(text: &str) -> Option<(usize, &'static str)> {
    let mut fenced = false;
    for (index, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        // Outside math and code, a piece at a time: the text before the
        // next `$` or backtick is plain, then skip to the matching one.
        let mut rest = line;
        while !rest.is_empty() {
            let end = rest.find(['$', '`']).unwrap_or(rest.len());
            let plain = &rest[..end];
            for (ascii, what) in [
                ("<=", "`<=`"),
                (">=", "`>=`"),
                ("!=", "`!=`"),
                ("^", "a power `^`"),
            ] {
                if plain.contains(ascii) {
                    return Some((index, what));
                }
            }
            let Some(delimiter) = rest[end..].chars().next() else {
                break;
            };
            let after = &rest[end + 1..];
            rest = match after.find(delimiter) {
                Some(close) => &after[close + 1..],
                None => "",
            };
        }
    }
    None
}

/// Copies the answer cases of the contract that its input validator
/// accepts (the binary with `--validate`, which runs the same code) into
/// `folder/data/`; returns how many, the cases left out with the reason, and
/// the size of the largest answer.
///
/// Judges run the groups of `secret/` in the order of their names and judge
/// a submission by its first failure, so the groups are numbered from the
/// smallest input to the largest (`secret/edges` of werewolf becomes
/// `secret/01-edges`): a wrong submission then meets a small case it gets
/// wrong before a large one it is too slow for.
fn copy_cases(
    problem: &str,
    target: Option<&str>,
    binaries: &Path,
    folder: &Path,
) -> Result<Copied, PackageError> {
    let binary = binaries.join(problem);
    if !binary.is_file() {
        return Err(crate::Error::NoBinary(binary).into());
    }
    let mut validate = vec!["--validate".to_string()];
    if let Some(target) = target {
        validate.extend(["--judge".to_string(), target.to_string()]);
    }
    let prefix = target.map(|target| format!("judges/{target}/"));
    // (path in the package, input, answer) of each case kept.
    let mut kept: Vec<(String, Vec<u8>, Vec<u8>)> = Vec::new();
    let mut left_out = Vec::new();
    for case in judge_data::cases(problem)? {
        if !case.is_for_anyone(target) {
            continue;
        }
        let judge_data::Expect::Answer(answer) = &case.expect else {
            continue;
        };
        let relative = match &prefix {
            Some(prefix) => case
                .name
                .strip_prefix(prefix.as_str())
                .unwrap_or(&case.name),
            None => case.name.as_str(),
        };
        let input = match &case.input {
            Some(path) => fs::read(path).map_err(crate::Error::io(path))?,
            None => Vec::new(),
        };
        let run = process::run(
            &binary,
            &validate,
            &input,
            std::time::Duration::from_secs(60),
        )?;
        if run.code() == Some(0) {
            kept.push((relative.to_string(), input, answer.clone()));
        } else {
            left_out.push((case.name.clone(), run.stderr_text().trim().to_string()));
        }
    }
    let numbered = number_groups(
        kept.iter()
            .map(|(path, input, _)| (path.as_str(), input.len())),
    );
    for ((_, input, answer), numbered) in kept.iter().zip(&numbered) {
        write(&folder.join("data").join(format!("{numbered}.in")), input)?;
        write(&folder.join("data").join(format!("{numbered}.ans")), answer)?;
    }
    let largest_answer = kept
        .iter()
        .map(|(_, _, answer)| answer.len())
        .max()
        .unwrap_or(0);
    Ok((kept.len(), left_out, largest_answer))
}

/// What [`copy_cases`] did: the cases copied, the cases left out with the
/// reason, the size of the largest answer.
type Copied = (usize, Vec<(String, String)>, usize);

/// The package paths of cases given as (path, input size): each group
/// directly below `secret/` numbered by its largest input, smallest first
/// (ties by name); other paths as they are.
fn number_groups<'a>(cases: impl Iterator<Item = (&'a str, usize)> + Clone) -> Vec<String> {
    let group = |path: &'a str| -> Option<(&'a str, &'a str)> {
        let rest = path.strip_prefix("secret/")?;
        rest.split_once('/')
    };
    let mut largest: Vec<(usize, &str)> = Vec::new();
    for (path, size) in cases.clone() {
        if let Some((name, _)) = group(path) {
            match largest.iter_mut().find(|(_, known)| *known == name) {
                Some((known_size, _)) => *known_size = (*known_size).max(size),
                None => largest.push((size, name)),
            }
        }
    }
    largest.sort();
    cases
        .map(|(path, _)| match group(path) {
            Some((name, rest)) => {
                let rank = largest
                    .iter()
                    .position(|(_, known)| *known == name)
                    .unwrap_or(0);
                format!("secret/{:02}-{name}/{rest}", rank + 1)
            }
            None => path.to_string(),
        })
        .collect()
}

/// Writes `bytes` to `path`, making its folders.
fn write(path: &Path, bytes: &[u8]) -> Result<(), PackageError> {
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent).map_err(crate::Error::io(parent))?;
    }
    fs::write(path, bytes).map_err(crate::Error::io(path))?;
    Ok(())
}

/// The files below `folder`, sorted.
fn files(folder: &Path) -> Result<Vec<PathBuf>, PackageError> {
    let mut files = Vec::new();
    let mut pending = vec![folder.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in judge_data::read_dir(&dir)? {
            if entry.is_dir() {
                pending.push(entry);
            } else {
                files.push(entry);
            }
        }
    }
    files.sort();
    Ok(files)
}

/// Writes the files below `folder` into the archive `zip`, at its root, in
/// sorted order and with a fixed time stamp, so that the same package gives
/// the same bytes.
fn write_zip(folder: &Path, zip: &Path) -> Result<(), PackageError> {
    let zip_error = |source| PackageError::Zip {
        path: zip.to_path_buf(),
        source,
    };
    let files = files(folder)?;
    let file = fs::File::create(zip).map_err(crate::Error::io(zip))?;
    let mut writer = zip::ZipWriter::new(file);
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .last_modified_time(zip::DateTime::default());
    for path in files {
        let name = path
            .strip_prefix(folder)
            .unwrap_or(&path)
            .to_string_lossy()
            .replace('\\', "/");
        let mut bytes = Vec::new();
        fs::File::open(&path)
            .and_then(|mut file| file.read_to_end(&mut bytes))
            .map_err(crate::Error::io(&path))?;
        let options = if format::is_executable(&path) {
            options.unix_permissions(0o755)
        } else {
            options.unix_permissions(0o644)
        };
        writer.start_file(name, options).map_err(zip_error)?;
        writer.write_all(&bytes).map_err(crate::Error::io(zip))?;
    }
    writer.finish().map_err(zip_error)?;
    Ok(())
}

/// Checks the input validator of the package of `problem`'s contract
/// `target` (its default contract when `None`): the problem `P` run with
/// `--validate`, the very code of the validator's `judge_io::validate_as`.
/// Panics with every failure:
///
/// - it accepts every answer case of the contract (`target`, or the default
///   contract) except those named in `lenient`, the cases written in a
///   layout only the binary's lenient reading takes, which it must reject
///   (so the package leaves out exactly those);
/// - it rejects every `bad/` case of the contract;
/// - it rejects these changes to the first sample: a space doubled (added
///   before the first token when there is none), a space at a line's end,
///   `\r\n` for `\n`, a leading zero or a `+` on the first plain number,
///   the last newline gone, one token too many or too few;
/// - it rejects each input of `out_of_bounds` (each bound of the statement,
///   plus or minus one), named for the report.
pub fn assert_validator<P: judge_io::Problem>(
    problem: &str,
    target: Option<&str>,
    lenient: &[&str],
    out_of_bounds: &[(&str, &str)],
) {
    let mut args = vec!["--validate"];
    args.extend(target.iter().flat_map(|target| ["--judge", target]));
    let validate = |input: &[u8]| {
        judge_io::run::<P>(&args, input)
            .map(drop)
            .map_err(|error| error.to_string())
    };
    let mut failures = Vec::new();
    let cases = match judge_data::cases(problem) {
        Ok(cases) => cases,
        Err(error) => panic!("judge-data/{problem}: {error}"),
    };
    let read = |case: &judge_data::Case| -> Vec<u8> {
        case.input
            .as_ref()
            .map(|path| {
                fs::read(path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
            })
            .unwrap_or_default()
    };
    let mut sample = None;
    for case in &cases {
        if case.target.as_deref() != target || !case.args.is_empty() {
            continue;
        }
        let input = read(case);
        let short = case
            .name
            .rsplit_once("judges/")
            .map_or(case.name.as_str(), |(_, rest)| {
                rest.split_once('/').map_or(rest, |(_, name)| name)
            });
        match (&case.expect, validate(&input)) {
            (judge_data::Expect::Answer(_), result) => {
                let is_lenient = lenient.contains(&short);
                if result.is_err() != is_lenient {
                    failures.push(format!(
                        "{}: {} ({})",
                        case.name,
                        if is_lenient {
                            "listed as lenient but accepted"
                        } else {
                            "rejected"
                        },
                        result.err().unwrap_or_default()
                    ));
                }
                if sample.is_none() && short.starts_with("sample/") && !is_lenient {
                    sample = Some(input);
                }
            }
            (judge_data::Expect::Rejected, Ok(())) => {
                failures.push(format!("{}: a bad input, accepted", case.name));
            }
            _ => {}
        }
    }
    for name in lenient {
        if !cases.iter().any(|case| case.name.ends_with(name)) {
            failures.push(format!(
                "{name}: listed as lenient, but there is no such case"
            ));
        }
    }
    let Some(sample) = sample else {
        panic!("{problem} {target:?}: no sample in the canonical layout");
    };
    let mut mutants = mutations(&sample);
    mutants.extend(
        out_of_bounds
            .iter()
            .map(|(what, input)| (what.to_string(), input.as_bytes().to_vec())),
    );
    for (what, input) in mutants {
        if validate(&input).is_ok() {
            failures.push(format!(
                "{what}: accepted {:?}",
                String::from_utf8_lossy(&input)
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "the validator of {problem} {target:?}:\n{}",
        failures.join("\n")
    );
}

/// The layout changes [`assert_validator`] makes to a sample, named.
fn mutations(sample: &[u8]) -> Vec<(String, Vec<u8>)> {
    let text = String::from_utf8_lossy(sample).into_owned();
    let mut out = Vec::new();
    let mut push = |what: &str, text: String| out.push((what.to_string(), text.into_bytes()));
    push(
        "a space doubled",
        match text.find(' ') {
            Some(at) => format!("{} {}", &text[..at], &text[at..]),
            None => format!(" {text}"),
        },
    );
    push("a space at a line's end", text.replacen('\n', " \n", 1));
    push("\\r\\n for \\n", text.replacen('\n', "\r\n", 1));
    push(
        "the last newline gone",
        text.trim_end_matches('\n').to_string(),
    );
    push(
        "one token too many",
        format!("{} 1\n", text.trim_end_matches('\n')),
    );
    let body = text.trim_end_matches('\n');
    let fewer = match body.rfind([' ', '\n']) {
        Some(at) => format!("{}\n", &body[..at]),
        None => String::new(),
    };
    push("one token too few", fewer);
    // The first token that is a plain number, with a zero or a `+` before it.
    let mut start = 0;
    for token in text.split([' ', '\n']) {
        if !token.is_empty() && token.bytes().all(|byte| byte.is_ascii_digit()) {
            let (before, after) = text.split_at(start);
            push("a leading zero", format!("{before}0{after}"));
            push("a + sign", format!("{before}+{after}"));
            break;
        }
        start += token.len() + 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mutations_change_the_layout_only_where_named() {
        let found: Vec<(String, String)> = mutations(b"2\n10 7\n")
            .into_iter()
            .map(|(what, text)| (what, String::from_utf8(text).unwrap()))
            .collect();
        let expected = [
            ("a space doubled", "2\n10  7\n"),
            ("a space at a line's end", "2 \n10 7\n"),
            ("\\r\\n for \\n", "2\r\n10 7\n"),
            ("the last newline gone", "2\n10 7"),
            ("one token too many", "2\n10 7 1\n"),
            ("one token too few", "2\n10\n"),
            ("a leading zero", "02\n10 7\n"),
            ("a + sign", "+2\n10 7\n"),
        ];
        let expected: Vec<(String, String)> = expected
            .iter()
            .map(|(what, text)| (what.to_string(), text.to_string()))
            .collect();
        assert_eq!(found, expected);
        assert_eq!(mutations(b"7\n")[0].1, b" 7\n");
        assert_eq!(mutations(b"7\n")[5].1, b"");
    }

    #[test]
    fn secret_groups_are_numbered_from_the_smallest_input() {
        let cases = [
            ("sample/1", 5),
            ("secret/large/a", 900),
            ("secret/large/b", 10),
            ("secret/edges/a", 20),
            ("secret/loose", 1000),
            ("secret/mid/a", 300),
        ];
        assert_eq!(
            number_groups(cases.iter().copied()),
            [
                "sample/1",
                "secret/03-large/a",
                "secret/03-large/b",
                "secret/01-edges/a",
                "secret/loose",
                "secret/02-mid/a",
            ]
        );
    }

    #[test]
    fn bounds_in_ascii_are_found_outside_math_and_code_only() {
        assert_eq!(ascii_math("$1 \\le n \\le 10^9$ and `a <= b`\n"), None);
        assert_eq!(
            ascii_math("fine\n```\nx <= y\n```\nthen 1 <= n\n"),
            Some((4, "`<=`"))
        );
        assert_eq!(ascii_math("up to 2^64 - 1"), Some((0, "a power `^`")));
        assert_eq!(ascii_math("$a$ != $b$"), Some((0, "`!=`")));
        assert_eq!(ascii_math("n >= 0"), Some((0, "`>=`")));
        // An unclosed `$` or backtick hides the rest of its line.
        assert_eq!(ascii_math("costs $5 <= 6"), None);
    }

    #[test]
    fn a_statement_is_every_region_that_names_the_package() {
        let dir = tempfile::tempdir().unwrap();
        let readme = dir.path().join("README.md");
        fs::write(
            &readme,
            "# crate\nintro\n<!-- statement a b -->\nShared.\n<!-- /statement -->\n\
             not shown\n<!-- statement b -->\nOnly b.\n<!-- /statement -->\n",
        )
        .unwrap();
        assert_eq!(statement(&readme, "a").unwrap(), "Shared.\n");
        assert_eq!(statement(&readme, "b").unwrap(), "Shared.\n\nOnly b.\n");
        assert!(statement(&readme, "c")
            .unwrap_err()
            .to_string()
            .contains("no region <!-- statement c -->"));
        fs::write(
            &readme,
            "<!-- statement a -->\nok\n<!-- /statement -->\n\
             <!-- statement b -->\nfine\n1 <= n\n<!-- /statement -->\n",
        )
        .unwrap();
        // A region of another package's with a bound in ASCII fails too.
        assert!(statement(&readme, "a")
            .unwrap_err()
            .to_string()
            .contains("line 6: `<=` in ASCII"));
        fs::write(
            &readme,
            "<!-- solution a -->\nSlide one.\n<!-- /solution -->\n\
             <!-- solution a b -->\nSlide two.\n<!-- /solution -->\n",
        )
        .unwrap();
        assert_eq!(
            solution(&readme, "a").unwrap(),
            ["Slide one.", "Slide two."]
        );
        assert!(statement(&readme, "a")
            .unwrap_err()
            .to_string()
            .contains("no region <!-- statement a -->"));
        fs::write(&readme, "<!-- statement a -->\nnever closed\n").unwrap();
        assert!(statement(&readme, "a")
            .unwrap_err()
            .to_string()
            .contains("never closed"));
    }
}
