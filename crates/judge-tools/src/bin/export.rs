//! The single-file export behind `scripts/export.sh`:
//! `export [--out DIR] [--compact] [--all] [--judge TARGET]... [PROBLEM]...`.
//! Writes `DIR/PROBLEM.rs` and `DIR/TARGET.rs` (DIR defaults to
//! `target/submit` in the workspace); `--all` is every problem and every
//! judge target. A broken export rule is an `error: FILE:LINE: ...` line
//! and status 1, with nothing written for that file; a bad command line is
//! status 2.

// A command-line tool: printing is its job (the workspace lints are for libraries).
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use judge_tools::export::{ExportError, Options, Workspace};

const USAGE: &str =
    "usage: export [--out DIR] [--compact] [--all] [--judge TARGET]... [PROBLEM]...";

/// What the command line asks for.
#[derive(Default)]
struct Request {
    out: Option<PathBuf>,
    options: Options,
    all: bool,
    targets: Vec<String>,
    problems: Vec<String>,
}

fn main() -> ExitCode {
    let request = match parse(lexopt::Parser::from_env()) {
        Ok(Some(request)) => request,
        Ok(None) => {
            println!("{USAGE}\nWrites DIR/NAME.rs for each problem and judge target (see crates/judge-tools/EXPORT.md).");
            return ExitCode::SUCCESS;
        }
        Err(error) => {
            eprintln!("error: {error}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    match run(&root, request) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

/// The request, or `None` for `--help`.
fn parse(mut parser: lexopt::Parser) -> Result<Option<Request>, lexopt::Error> {
    use lexopt::prelude::*;
    let mut request = Request::default();
    while let Some(arg) = parser.next()? {
        match arg {
            Short('h') | Long("help") => return Ok(None),
            Long("out") => request.out = Some(parser.value()?.into()),
            Long("compact") => request.options.compact = true,
            Long("all") => request.all = true,
            Long("judge") => request.targets.push(parser.value()?.string()?),
            Value(problem) => request.problems.push(problem.string()?),
            _ => return Err(arg.unexpected()),
        }
    }
    if !request.all && request.targets.is_empty() && request.problems.is_empty() {
        return Err("name a problem, give --judge TARGET, or give --all".into());
    }
    Ok(Some(request))
}

/// Writes every file asked for; `false` when some could not be exported.
fn run(root: &Path, mut request: Request) -> Result<bool, ExportError> {
    let workspace = Workspace::load(root)?;
    if request.all {
        request.problems = workspace.problems();
        request.targets = workspace
            .targets()?
            .into_iter()
            .map(|target| target.name)
            .collect();
    }
    let out = request
        .out
        .unwrap_or_else(|| workspace.root().join("target").join("submit"));
    std::fs::create_dir_all(&out).map_err(|source| ExportError::Read {
        path: out.clone(),
        source,
    })?;
    let problems = request
        .problems
        .iter()
        .map(|name| (name, workspace.export(name, request.options)));
    let targets = request
        .targets
        .iter()
        .map(|name| (name, workspace.export_target(name)));
    let mut all_written = true;
    for (name, exported) in problems.chain(targets) {
        let path = out.join(format!("{name}.rs"));
        match exported.and_then(|text| {
            std::fs::write(&path, &text).map_err(|source| ExportError::Read {
                path: path.clone(),
                source,
            })?;
            Ok(text.len())
        }) {
            Ok(bytes) => println!("{name}: wrote {} ({bytes} bytes)", path.display()),
            Err(error) => {
                eprintln!("error: {error}");
                eprintln!("{name}: not exported");
                all_written = false;
            }
        }
    }
    Ok(all_written)
}
