//! Every problem and every judge target of the workspace, exported to one
//! file and built with nothing but `rustc --edition 2021 -O` (as a judge
//! does; not one warning allowed). A problem's file must pass its whole
//! judge-data, flags included; a target's file, run with no flags, must
//! pass the target's judge-data and print, byte for byte, what the
//! problem's file prints with `--judge TARGET`; it must fit its judge's
//! source-size limit. Debian's rustc 1.63 builds the same files in `.ci/run`.

#![allow(clippy::unwrap_used)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use judge_tools::export::{Options, Workspace};
use judge_tools::judge_data;
use judge_tools::process::on_threads;

/// The source-size limit of each judge a target may name (the part of the
/// target's name before the first `-`), in bytes; see the README,
/// "Submitting to a judge", for where each figure comes from.
const SOURCE_LIMITS: &[(&str, usize)] = &[
    ("luogu", 50_000),
    ("kattis", 128 * 1024),
    ("hdu", 65_535),
    ("pat", 16_000),
];

fn workspace() -> Workspace {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    Workspace::load(&root.canonicalize().unwrap()).unwrap()
}

fn out_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Builds `text` as `dir/name` with a bare `rustc --edition EDITION`, `-O`
/// or type-check only; rustc must say nothing.
fn rustc(
    text: &str,
    dir: &Path,
    name: &str,
    edition: &str,
    optimize: bool,
) -> Result<PathBuf, String> {
    let source = dir.join(format!("{name}.rs"));
    let binary = dir.join(name);
    std::fs::write(&source, text).unwrap();
    let mut command = Command::new("rustc");
    command.args(["--edition", edition]);
    if optimize {
        command.arg("-O").arg("-o").arg(&binary);
    } else {
        command
            .arg("--emit=metadata")
            .arg("--out-dir")
            .arg(dir.join(format!("check-{edition}")));
    }
    let output = command
        .arg(&source)
        .output()
        .map_err(|error| error.to_string())?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    if output.status.success() && stderr.is_empty() {
        Ok(binary)
    } else {
        Err(format!(
            "rustc --edition {edition} {}:\n{stderr}",
            source.display()
        ))
    }
}

#[test]
fn every_problem_and_target_exports_to_a_file_that_builds_cleanly_and_passes_its_judge_data() {
    let workspace = workspace();
    let problems = workspace.problems();
    assert!(
        !problems.is_empty(),
        "no problem crate (a member with src/main.rs)"
    );
    let targets = workspace.targets().unwrap();
    // A judges/ folder is a promise that the export can write that target.
    for problem in judge_data::problems().unwrap() {
        let judges = judge_data::data_root().join(&problem).join("judges");
        for entry in std::fs::read_dir(&judges).into_iter().flatten() {
            let name = entry.unwrap().file_name().to_string_lossy().into_owned();
            assert!(
                targets.iter().any(|t| t.name == name && t.problem == problem),
                "judge-data/{problem}/judges/{name} exists, but no `Target {{ name: \"{name}\", .. }}` \
                 in the {problem} library: the export cannot write it (targets found: {targets:?})"
            );
        }
    }
    let dir = out_dir("export");
    // A file at a time on each core: `rustc -O` of a submission takes
    // seconds, and pruning a target's file asks rustc round after round.
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    let built = on_threads(&problems, jobs, |problem| {
        let binary = workspace
            .export(problem, Options::default())
            .map_err(|error| format!("export failed:\nerror: {error}"))
            .and_then(|text| {
                rustc(&text, &dir, problem, "2024", false)?;
                rustc(&text, &dir, problem, "2021", true)
            })
            .map_err(|error| format!("{problem}: {error}"))?;
        std::panic::catch_unwind(|| {
            judge_tools::assert_judge_data_passes(problem, binary.to_str().unwrap());
        })
        .map_err(|_| format!("{problem}: the exported binary fails its judge data (above)"))?;
        Ok((problem.clone(), binary))
    });
    let mut failures: Vec<String> = built.iter().filter_map(|b| b.clone().err()).collect();
    let binaries: BTreeMap<String, PathBuf> = built.into_iter().flatten().collect();
    let judged = on_threads(&targets, jobs, |target| {
        workspace
            .export_target(&target.name)
            .map_err(|error| format!("export failed:\nerror: {error}"))
            .and_then(|text| {
                check_size(&target.name, text.len())?;
                rustc(&text, &dir, &target.name, "2021", true)
            })
            .and_then(|binary| match binaries.get(&target.problem) {
                Some(full) => judge_target(&target.problem, &target.name, &binary, full),
                None => Err("the problem's own file did not build or pass".to_string()),
            })
            .map_err(|error| format!("target {}: {error}", target.name))
    });
    failures.extend(judged.into_iter().filter_map(Result::err));
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Targets known to be over their judge's limit, with why. The test fails
/// as soon as one fits, so the list cannot go stale.
const KNOWN_TOO_LARGE: &[(&str, &str)] = &[];

/// The target's limit, or an error naming what is missing or too large.
fn check_size(target: &str, bytes: usize) -> Result<(), String> {
    let judge = target.split('-').next().unwrap_or(target);
    let known_too_large = KNOWN_TOO_LARGE.iter().any(|(name, _)| *name == target);
    match SOURCE_LIMITS.iter().find(|(name, _)| *name == judge) {
        Some(&(_, limit)) if bytes <= limit && known_too_large => Err(format!(
            "{bytes} bytes now fit {judge}'s limit of {limit}: take {target} off KNOWN_TOO_LARGE"
        )),
        Some(&(_, limit)) if bytes <= limit || known_too_large => Ok(()),
        Some(&(_, limit)) => Err(format!("{bytes} bytes, over {judge}'s source-size limit of {limit}")),
        None => Err(format!(
            "no source-size limit known for the judge {judge:?}: look it up and add it to SOURCE_LIMITS and to EXPORT.md's targets table"
        )),
    }
}

/// Runs every case of the target with no flags on `binary`: each must pass,
/// and print what the problem's full file prints with `--judge TARGET`.
fn judge_target(problem: &str, target: &str, binary: &Path, full: &Path) -> Result<(), String> {
    let limit = judge_data::time_limit(problem).map_err(|e| e.to_string())? * 5;
    let cases: Vec<_> = judge_data::cases(problem)
        .map_err(|e| e.to_string())?
        .into_iter()
        .filter(|case| case.target.as_deref() == Some(target))
        .collect();
    if cases.is_empty() {
        return Err(format!("no cases in judge-data/{problem}/judges/{target}"));
    }
    for mut case in cases {
        let with_flag = run(full, &case.command_args(), &case.input, limit)?;
        case.target = None;
        let outcome = judge_data::run_case(
            &judge_data::Solver::Ours(binary.to_path_buf()),
            &case,
            limit,
        )
        .map_err(|e| e.to_string())?;
        if outcome.verdict != judge_data::Verdict::Ac {
            return Err(judge_data::failure_report(problem, &case, &outcome));
        }
        let without_flag = run(binary, &case.command_args(), &case.input, limit)?;
        if with_flag != without_flag {
            return Err(format!(
                "{}: the file differs from `{problem} --judge {target}`",
                case.name
            ));
        }
    }
    Ok(())
}

fn run(
    binary: &Path,
    args: &[String],
    input: &Option<PathBuf>,
    limit: Duration,
) -> Result<(Vec<u8>, Vec<u8>), String> {
    let bytes = match input {
        Some(path) => std::fs::read(path).map_err(|error| error.to_string())?,
        None => Vec::new(),
    };
    let run = judge_tools::process::run(binary, args, &bytes, limit).map_err(|e| e.to_string())?;
    Ok((run.stdout, run.stderr))
}

/// `--compact` changes nothing but comments, docs and layout: each compact
/// file builds without a warning and is smaller.
#[test]
fn every_compact_export_type_checks_and_is_smaller() {
    let workspace = workspace();
    let dir = out_dir("export-compact");
    let mut failures = Vec::new();
    for problem in workspace.problems() {
        let full = workspace.export(&problem, Options::default()).unwrap();
        let compact = workspace
            .export(&problem, Options { compact: true })
            .unwrap();
        assert!(
            compact.len() < full.len(),
            "{problem}: the compact export is not smaller"
        );
        assert_eq!(
            workspace.export(&problem, Options::default()).unwrap(),
            full,
            "{problem}: not deterministic"
        );
        if let Err(error) = rustc(&compact, &dir, &problem, "2021", false) {
            failures.push(error);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
