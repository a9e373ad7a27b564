//! Every problem of the workspace, exported to one file, built with nothing
//! but `rustc --edition 2021 -O` (as a judge does; not one warning allowed),
//! type-checked by rustc 1.70.0 (when that toolchain is installed), and
//! judged on every case of its judge-data, flags included; and, separately,
//! type-checked as edition 2024, which some judges compile with.

#![allow(clippy::unwrap_used, clippy::print_stderr)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::Mutex;

use judge_tools::export::{Options, Workspace};

/// Runs rustc, one at a time across the tests of this file: `rustc -O` of a
/// submission takes seconds and the machines that run this are small.
fn rustc(args: &mut Command) -> std::io::Result<Output> {
    static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());
    let _turn = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    args.output()
}

fn workspace() -> Workspace {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    Workspace::load(&root.canonicalize().unwrap()).unwrap()
}

/// Exports and compiles `problem` into `dir`; the binary's path, or why not.
fn build(workspace: &Workspace, problem: &str, dir: &Path) -> Result<PathBuf, String> {
    let text = workspace
        .export(problem)
        .map_err(|error| format!("export failed:\n{error}"))?;
    let source = dir.join(format!("{problem}.rs"));
    let binary = dir.join(problem);
    std::fs::write(&source, &text).unwrap();
    // A bare rustc, exactly as a judge runs it: no cargo, no flags from the
    // workspace, the default lint levels.
    let output = rustc(
        Command::new("rustc")
            .args(["--edition", "2021", "-O", "-o"])
            .arg(&binary)
            .arg(&source),
    )
    .map_err(|error| format!("cannot run rustc: {error}"))?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    if !output.status.success() || !stderr.trim().is_empty() {
        return Err(format!(
            "rustc --edition 2021 -O {} (status {}) said:\n{stderr}",
            source.display(),
            output.status
        ));
    }
    // The workspace promises `rust-version = 1.70` for everything a
    // submission holds (AtCoder's compiler until 2025). clippy's
    // `incompatible_msrv` only sees std APIs; a real 1.70.0 compiler sees
    // everything, when that toolchain is installed.
    if msrv_toolchain_installed() {
        check_quietly(&source, &["+1.70.0"], "2021", dir)?;
    }
    Ok(binary)
}

/// Whether rustup has the 1.70.0 toolchain (`rustup toolchain install 1.70.0
/// --profile minimal`); the test says on stderr when it does not.
fn msrv_toolchain_installed() -> bool {
    Command::new("rustc")
        .args(["+1.70.0", "--version"])
        .output()
        .is_ok_and(|output| output.status.success())
}

/// Type-checks `source` (no code generation) with `rustc TOOLCHAIN
/// --edition EDITION`, which must print nothing.
fn check_quietly(
    source: &Path,
    toolchain: &[&str],
    edition: &str,
    dir: &Path,
) -> Result<(), String> {
    let output = rustc(
        Command::new("rustc")
            .args(toolchain)
            .args(["--edition", edition, "--emit=metadata", "--out-dir"])
            .arg(dir.join(format!("check-{edition}")))
            .arg(source),
    )
    .map_err(|error| format!("cannot run rustc: {error}"))?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    if output.status.success() && stderr.trim().is_empty() {
        Ok(())
    } else {
        Err(format!(
            "rustc {} --edition {edition} {} (status {}) said:\n{stderr}",
            toolchain.join(" "),
            source.display(),
            output.status
        ))
    }
}

#[test]
fn every_problem_exports_to_one_file_that_builds_cleanly_and_passes_its_judge_data() {
    let workspace = workspace();
    let problems = workspace.problems();
    assert!(
        !problems.is_empty(),
        "no problem crate (a member with src/main.rs) found"
    );
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("export");
    std::fs::create_dir_all(&dir).unwrap();
    if !msrv_toolchain_installed() {
        eprintln!(
            "note: no 1.70.0 toolchain, so the exports are not type-checked on Rust 1.70 \
             (rustup toolchain install 1.70.0 --profile minimal)"
        );
    }
    let mut failures = Vec::new();
    // One problem at a time: `rustc -O` of a whole submission takes seconds.
    for problem in &problems {
        let binary = match build(&workspace, problem, &dir) {
            Ok(binary) => binary,
            Err(error) => {
                failures.push(format!("{problem}: {error}"));
                continue;
            }
        };
        let judged = std::panic::catch_unwind(|| {
            judge_tools::assert_judge_data_passes(problem, binary.to_str().unwrap());
        });
        if let Err(panic) = judged {
            let message = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            failures.push(format!(
                "{problem}: the exported binary fails its judge data:\n{message}"
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} problems ({}) fail as single files:\n\n{}",
        failures.len(),
        problems.len(),
        problems.join(", "),
        failures.join("\n\n")
    );
}

#[test]
fn the_export_is_deterministic() {
    let workspace = workspace();
    for problem in workspace.problems() {
        // A problem that does not export is the other test's failure.
        if let Ok(first) = workspace.export(&problem) {
            assert_eq!(workspace.export(&problem).unwrap(), first, "{problem}");
        }
    }
}

/// Library Checker compiles with `rustc --edition 2024`, and newer judges may
/// follow: every export must also type-check as edition 2024, without a
/// warning. (Edition 2024 changed, among others, the binding modes of
/// patterns: `|(_, &x)|` on a `&(A, B)` must be written `|&(_, &x)|`.)
#[test]
fn every_export_also_type_checks_as_edition_2024() {
    let workspace = workspace();
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("export-2024");
    std::fs::create_dir_all(&dir).unwrap();
    let mut failures = Vec::new();
    for problem in workspace.problems() {
        let Ok(text) = workspace.export(&problem) else {
            continue; // the main test reports it
        };
        let source = dir.join(format!("{problem}.rs"));
        std::fs::write(&source, text).unwrap();
        if let Err(error) = check_quietly(&source, &[], "2024", &dir) {
            failures.push(format!("{problem}: {error}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// `--compact` (no comments, for judges that limit the source size) changes
/// nothing but comments and blank lines: each compact export type-checks
/// without a warning, and is smaller.
#[test]
fn every_compact_export_type_checks_and_is_smaller() {
    let workspace = workspace();
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("export-compact");
    std::fs::create_dir_all(&dir).unwrap();
    let read = |path: &Path| std::fs::read_to_string(path);
    let compact = Options { compact: true };
    let mut failures = Vec::new();
    for problem in workspace.problems() {
        let (Ok(full), Ok(text)) = (
            workspace.export(&problem),
            workspace.export_with(&problem, compact, &read),
        ) else {
            continue; // the main test reports it
        };
        assert!(
            text.len() < full.len(),
            "{problem}: the compact export is not smaller"
        );
        let source = dir.join(format!("{problem}.rs"));
        std::fs::write(&source, text).unwrap();
        if let Err(error) = check_quietly(&source, &[], "2021", &dir) {
            failures.push(format!("{problem}: {error}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
