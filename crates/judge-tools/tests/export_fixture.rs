//! The export on a small workspace written here: the real judge-io (copied),
//! a toy problem `sum` with one judge target (the judge-io crate docs'
//! example), and a crate `broken` that breaks each checked rule. It proves
//! the target mechanism on its own, whatever targets the real problems
//! have: the target's file must build with a bare rustc (also Debian's
//! 1.63, when installed; CI must have it) without a warning, run the target
//! with no flags, and answer as the problem's own file does with `--judge`.

#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};
use std::process::Command;

use judge_tools::export::{ExportError, JudgeTarget, Options, Workspace};

const SUM_LIB: &str = r#"//! Adds up `n` numbers; the judge target doubles the sum.
#![forbid(unsafe_code)]

mod read;

use judge_io::{Args, Error, Input, Problem, Target};

/// The problem.
pub struct Sum;

impl Problem for Sum {
    const USAGE: &'static str = "usage: sum [--double] < INPUT\n";
    const TARGETS: &'static [Target<bool>] = &[Target {
        name: "double-judge",
        problem: "a judge that wants the sum doubled",
        flags: || true,
    }];
    type Flags = bool;
    type Case = Vec<i64>;

    fn flags(args: &mut Args) -> Result<bool, Error> {
        Ok(args.flag("--double"))
    }

    fn read<R: std::io::Read>(_: &bool, input: &mut Input<R>) -> Result<Vec<i64>, Error> {
        read::terms(input)
    }

    fn solve(double: &bool, terms: Vec<i64>) -> Result<String, Error> {
        let sum: i64 = terms.iter().sum();
        Ok(format!("{}\n", if *double { 2 * sum } else { sum }))
    }
}

/// Not used by the binary: the target's file drops it.
pub fn never_called() -> &'static str {
    "UNUSED-MARKER"
}

#[cfg(test)]
mod tests {
    const BRACES: &str = "}}{";
    #[test]
    fn t() {
        assert_eq!(super::never_called(), "UNUSED-MARKER");
    }
}
"#;

const SUM_READ: &str = r#"//! Reading the terms.
use judge_io::{Error, Input};

pub(super) fn terms<R: std::io::Read>(input: &mut Input<R>) -> Result<Vec<i64>, Error> {
    let n: u32 = input.int("the count n")?;
    (0..n).map(|_| input.int_in::<i64>("a term", -1000..=1000)).collect()
}
"#;

const BROKEN_LIB: &str =
    "//! Breaks each rule.\nmod util;\n\npub fn run() {\n    crate::util::go();\n}\n";

/// Writes the fixture workspace and loads it.
fn fixture(name: &str) -> Workspace {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&root);
    let real_io = Path::new(env!("CARGO_MANIFEST_DIR")).join("../judge-io/src");
    let mut files: Vec<(String, String)> = vec![
        (
            "Cargo.toml".into(),
            "[workspace]\nmembers = [\"crates/*\"]\nresolver = \"2\"\n".into(),
        ),
        ("crates/judge-io/Cargo.toml".into(), package("judge-io", "")),
        (
            "crates/sum/Cargo.toml".into(),
            package("sum", "judge-io = { path = \"../judge-io\" }\n"),
        ),
        ("crates/sum/src/lib.rs".into(), SUM_LIB.into()),
        ("crates/sum/src/read.rs".into(), SUM_READ.into()),
        (
            "crates/sum/src/main.rs".into(),
            "fn main() -> std::process::ExitCode {\n    judge_io::main::<sum::Sum>()\n}\n".into(),
        ),
        (
            "crates/broken/Cargo.toml".into(),
            package("broken", "rand = \"0.9\"\n"),
        ),
        ("crates/broken/src/lib.rs".into(), BROKEN_LIB.into()),
        (
            // `deeper` is pasted from src/util/deeper.rs; `missing` has no
            // file, and `inner` is a file module inside an inline one.
            "crates/broken/src/util.rs".into(),
            "mod deeper;\nmod missing;\nmod inline {\n    mod inner;\n}\npub(crate) fn go() {}\n"
                .into(),
        ),
        (
            "crates/broken/src/util/deeper.rs".into(),
            "pub(crate) fn f() {}\n".into(),
        ),
        (
            "crates/broken/src/main.rs".into(),
            "fn main() {\n    broken::run();\n}\n".into(),
        ),
    ];
    // Every file of the real judge-io, so a new module is copied too.
    for entry in std::fs::read_dir(&real_io).unwrap() {
        let path = entry.unwrap().path();
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        files.push((
            format!("crates/judge-io/src/{file}"),
            std::fs::read_to_string(&path).unwrap(),
        ));
    }
    for (path, text) in files {
        let path = root.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    Workspace::load(&root).unwrap()
}

fn package(name: &str, dependencies: &str) -> String {
    format!("[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\n{dependencies}")
}

/// Builds `text` with `rustc` (a path or a name), which must say nothing.
fn build(rustc: &str, text: &str, name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("export-fixture-out");
    std::fs::create_dir_all(&dir).unwrap();
    let source = dir.join(format!("{name}.rs"));
    let binary = dir.join(name);
    std::fs::write(&source, text).unwrap();
    let output = Command::new(rustc)
        .args(["--edition", "2021", "-O", "-o"])
        .arg(&binary)
        .arg(&source)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success() && stderr.is_empty(),
        "{rustc} {}:\n{stderr}",
        source.display()
    );
    binary
}

fn run(binary: &Path, args: &[&str], input: &str) -> (Option<i32>, String, String) {
    let run = judge_tools::run_binary(binary.to_str().unwrap(), args, input.as_bytes());
    (run.code(), run.stdout_text(), run.stderr_text())
}

#[test]
fn a_judge_target_exports_to_a_file_that_runs_it_with_no_flags() {
    let workspace = fixture("export-fixture-target");
    assert_eq!(
        workspace.targets().unwrap(),
        [JudgeTarget {
            name: "double-judge".into(),
            problem: "sum".into()
        }]
    );
    let full = workspace.export("sum", Options::default()).unwrap();
    let target = workspace.export_target("double-judge").unwrap();
    assert!(
        target.contains("main_as::<sum::Sum>(\"double-judge\")"),
        "{target}"
    );
    assert!(full.contains("UNUSED-MARKER") && !target.contains("UNUSED-MARKER"));
    assert!(!full.contains("BRACES") && !target.contains("//!"));
    assert!(
        target.len() * 2 < full.len(),
        "{} against {}",
        target.len(),
        full.len()
    );

    let mut compilers = vec!["rustc"];
    if Path::new("/usr/bin/rustc").exists() {
        compilers.push("/usr/bin/rustc");
    } else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must build the exports with Debian's rustc 1.63 (/usr/bin/rustc)"
        );
    }
    for rustc in compilers {
        let full_binary = build(rustc, &full, "sum");
        let target_binary = build(rustc, &target, "double-judge");
        for input in ["2\n3 +4\n", "3 -1000 1000 7"] {
            let judged = run(&full_binary, &["--judge", "double-judge"], input);
            assert_eq!(
                run(&target_binary, &[], input),
                judged,
                "{rustc}, {input:?}"
            );
        }
        assert_eq!(run(&target_binary, &[], "2\n3 +4\n").1, "14\n");
        assert_eq!(run(&full_binary, &[], "2\n3 +4\n").1, "7\n");
        let (code, stdout, stderr) = run(&target_binary, &[], "2\n3 x\n");
        assert_eq!((code, stdout.as_str()), (Some(1), ""));
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.starts_with("error: line 2, column 3"), "{stderr}");
    }
}

#[test]
fn the_checked_rules_name_file_and_line() {
    let workspace = fixture("export-fixture-rules");
    let Err(ExportError::Rules(found)) = workspace.export("broken", Options::default()) else {
        panic!("the broken crate exported");
    };
    let found: Vec<String> = found.iter().map(ToString::to_string).collect();
    let places: Vec<&str> = found
        .iter()
        .map(|f| f.split(": ").next().unwrap())
        .collect();
    assert_eq!(
        places,
        [
            "crates/broken/Cargo.toml:7",
            "crates/broken/src/lib.rs:5",
            "crates/broken/src/util.rs:2",
            "crates/broken/src/util.rs:4"
        ]
    );
    assert!(
        found[0].contains("`rand` is not a workspace member"),
        "{found:?}"
    );
    assert!(found[1].contains("`crate::` in library code"), "{found:?}");
    assert!(
        found[2].contains("`mod missing;` has no file crates/broken/src/util/missing.rs"),
        "{found:?}"
    );
    assert!(
        found[3].contains("`mod inner;` inside an inline module"),
        "{found:?}"
    );
    assert!(matches!(
        workspace.export_target("nope"),
        Err(ExportError::UnknownTarget(..))
    ));
    assert!(matches!(
        workspace.export("judge-io", Options::default()),
        Err(ExportError::UnknownProblem(..))
    ));
}
