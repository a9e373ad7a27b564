//! The problem packages behind `scripts/package.sh`:
//! `package BINARIES [--out DIR] [NAME]...`. Writes `DIR/SHORT/` and
//! `DIR/SHORT.zip` (SHORT: NAME without its dashes, as the format wants)
//! for each package named (every one when none is), in the
//! Kattis problem package format; `BINARIES` holds the release binaries,
//! whose `--validate` picks the cases. DIR defaults to `target/packages` in
//! the workspace. A package that cannot be built is an `error:` line and
//! status 1; a bad command line is status 2.

// A command-line tool: printing is its job (the workspace lints are for libraries).
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use judge_tools::export::Workspace;
use judge_tools::package;

const USAGE: &str = "usage: package BINARIES [--out DIR] [NAME]...";

fn main() -> ExitCode {
    let (binaries, out, mut names) = match parse(lexopt::Parser::from_env()) {
        Ok(Some(request)) => request,
        Ok(None) => {
            println!("{USAGE}\nWrites DIR/SHORT/ and DIR/SHORT.zip (SHORT: NAME without dashes), a problem package per contract.");
            return ExitCode::SUCCESS;
        }
        Err(error) => {
            eprintln!("error: {error}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let workspace = match Workspace::load(&root) {
        Ok(workspace) => workspace,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::FAILURE;
        }
    };
    if names.is_empty() {
        match package::names(&workspace) {
            Ok(all) => names = all,
            Err(error) => {
                eprintln!("error: {error}");
                return ExitCode::FAILURE;
            }
        }
    }
    let out = out.unwrap_or_else(|| workspace.root().join("target/packages"));
    let mut status = ExitCode::SUCCESS;
    for name in names {
        match package::build(&workspace, &name, &binaries, &out) {
            Ok(built) => {
                println!(
                    "{name}: {} cases, {} ({} left out)",
                    built.cases,
                    built.zip.display(),
                    built.left_out.len()
                );
                for (case, why) in built.left_out {
                    println!("  left out {case}: {why}");
                }
                for (submission, why) in built.submissions_left_out {
                    println!("  left out {submission}: {why}");
                }
            }
            Err(error) => {
                eprintln!("error: package {name}: {error}");
                status = ExitCode::FAILURE;
            }
        }
    }
    status
}

/// The binaries' folder, the output folder and the names; `None` for `--help`.
type Request = (PathBuf, Option<PathBuf>, Vec<String>);

fn parse(mut parser: lexopt::Parser) -> Result<Option<Request>, lexopt::Error> {
    use lexopt::prelude::*;
    let (mut binaries, mut out, mut names) = (None, None, Vec::new());
    while let Some(arg) = parser.next()? {
        match arg {
            Short('h') | Long("help") => return Ok(None),
            Long("out") => out = Some(parser.value()?.into()),
            Value(value) if binaries.is_none() => binaries = Some(PathBuf::from(value)),
            Value(name) => names.push(name.string()?),
            _ => return Err(arg.unexpected()),
        }
    }
    let binaries = binaries.ok_or("name the folder of the release binaries")?;
    Ok(Some((binaries, out, names)))
}
