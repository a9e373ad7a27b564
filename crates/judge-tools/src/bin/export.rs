//! The single-file export behind `scripts/export.sh`: writes each problem as
//! one `.rs` file that a judge builds with `rustc --edition 2021 -O`.
//!
//! Usage: `export [--out DIR] [--compact] (--all | PROBLEM...)`. `DIR`
//! defaults to `target/submit` in the workspace; each problem goes to
//! `DIR/PROBLEM.rs`. `--compact` drops every comment, for judges that limit
//! the size of a source file.
//! A broken export rule is reported as `error: FILE:LINE: ...` for every
//! place found, and nothing is written for that problem (status 1). Status 2
//! for a bad command line.

#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use judge_tools::export::{Options, Workspace};

const USAGE: &str = "usage: export [--out DIR] [--compact] (--all | PROBLEM...)";

fn main() -> ExitCode {
    let mut out_dir = None;
    let mut all = false;
    let mut options = Options::default();
    let mut named = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--help" | "-h" => {
                println!(
                    "{USAGE}\nWrites DIR/PROBLEM.rs (DIR defaults to target/submit); --compact drops every \
                     comment, for judges that limit the source size. See crates/judge-tools/EXPORT.md."
                );
                return ExitCode::SUCCESS;
            }
            "--all" => all = true,
            "--compact" => options.compact = true,
            "--out" => match args.next() {
                Some(dir) => out_dir = Some(PathBuf::from(dir)),
                None => return usage_error("--out needs a folder"),
            },
            _ if arg.starts_with("--out=") => out_dir = Some(PathBuf::from(&arg["--out=".len()..])),
            _ if arg.starts_with('-') => return usage_error(&format!("unknown flag {arg:?}")),
            _ => named.push(arg),
        }
    }
    if all != named.is_empty() {
        return usage_error("name the problems, or give --all");
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let root = root.canonicalize().unwrap_or(root);
    let workspace = match Workspace::load(&root) {
        Ok(workspace) => workspace,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::FAILURE;
        }
    };
    let problems = if all { workspace.problems() } else { named };
    let out_dir = out_dir.unwrap_or_else(|| workspace.root.join("target").join("submit"));
    if let Err(error) = std::fs::create_dir_all(&out_dir) {
        eprintln!("error: {}: {error}", out_dir.display());
        return ExitCode::FAILURE;
    }
    let mut failed = false;
    for problem in &problems {
        let read = |path: &Path| std::fs::read_to_string(path);
        match workspace.export_with(problem, options, &read) {
            Ok(text) => {
                let path = out_dir.join(format!("{problem}.rs"));
                if let Err(error) = std::fs::write(&path, &text) {
                    eprintln!("error: {}: {error}", path.display());
                    failed = true;
                    continue;
                }
                let shown = path.strip_prefix(&workspace.root).unwrap_or(&path);
                println!(
                    "{problem}: wrote {} ({} lines, {} bytes)",
                    shown.display(),
                    text.lines().count(),
                    text.len()
                );
            }
            Err(error) => {
                for violation in &error.violations {
                    eprintln!("error: {violation}");
                }
                eprintln!(
                    "{problem}: not exported ({} problem(s) above)",
                    error.violations.len()
                );
                failed = true;
            }
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn usage_error(message: &str) -> ExitCode {
    eprintln!("error: {message}\n{USAGE}");
    ExitCode::from(2)
}
