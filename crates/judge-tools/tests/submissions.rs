//! The judge data tells right from wrong: every known submission in
//! `judge-data/*/submissions/` gets its expected verdict, and `judge
//! --solution` (what `scripts/check.sh PROBLEM --solution` runs) passes a
//! right Python solution and fails a 32-bit C one.

#![allow(clippy::unwrap_used, clippy::print_stdout)]

use std::path::{Path, PathBuf};
use std::process::Command;

use judge_tools::judge_data::{data_root, problems, time_limit};
use judge_tools::submissions::submissions;

fn build_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("judge-submissions")
}

#[test]
fn every_submission_gets_its_expected_verdict() {
    let mut judged = 0;
    let mut wrong = Vec::new();
    for problem in problems().unwrap() {
        let limit = time_limit(&problem).unwrap();
        for submission in submissions(&problem).unwrap() {
            let outcome = submission
                .judge(&problem, limit, &build_dir().join(&problem))
                .unwrap();
            println!("{}: {}", submission.path.display(), outcome.summary);
            judged += 1;
            if !outcome.as_expected {
                wrong.push(format!(
                    "{}: {}",
                    submission.path.display(),
                    outcome.summary
                ));
            }
        }
    }
    assert!(judged >= 8, "only {judged} submissions found");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// `judge BIN_DIR nim --solution COMMAND`, as `scripts/check.sh` runs it.
fn judge_solution(command: &str) -> (bool, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["unused-bin-dir", "nim", "--solution", command])
        .output()
        .unwrap();
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

#[test]
fn a_python_solution_passes_and_a_32_bit_one_fails() {
    let folder = data_root().join("nim").join("submissions");
    let python = format!("python3 {}", folder.join("accepted/xor.py").display());
    let (passed, report) = judge_solution(&python);
    assert!(passed, "{report}");
    assert!(report.contains(" passed, 0 failed"), "{report}");

    let int32 = submissions("nim")
        .unwrap()
        .into_iter()
        .find(|submission| submission.path.ends_with("int32.c"))
        .unwrap();
    let binary = int32.command(&build_dir().join("nim")).unwrap();
    let (passed, report) = judge_solution(&binary);
    assert!(!passed, "{report}");
    assert!(report.contains("WA "), "{report}");
}
