//! The problem packages behind `scripts/package.sh`:
//! `package BINARIES [--out DIR] [--format legacy|2025-09] [--contest] [NAME]...`.
//! Writes `DIR/SHORT/` and `DIR/SHORT.zip` (SHORT: NAME without its dashes,
//! as the format wants) for each package named (every one when none is), in
//! the problem package format version `legacy` (the default) or `2025-09`;
//! with `--contest`, also the contest folder `DIR/contest/` and
//! `DIR/contest.zip`, whose packages are in 2025-09 (BAPCtools reads no
//! other). `BINARIES` holds the release binaries, whose `--validate` picks
//! the cases. DIR defaults to `target/packages` in the workspace. A package
//! that cannot be built is an `error:` line and status 1; a bad command line
//! is status 2.

// A command-line tool: printing is its job (the workspace lints are for libraries).
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use judge_tools::export::Workspace;
use judge_tools::package::{self, Format};

const USAGE: &str =
    "usage: package BINARIES [--out DIR] [--format legacy|2025-09] [--contest] [NAME]...";

fn main() -> ExitCode {
    let Request {
        binaries,
        out,
        mut names,
        format,
        contest,
    } = match parse(lexopt::Parser::from_env()) {
        Ok(Some(request)) => request,
        Ok(None) => {
            println!("{USAGE}\nWrites DIR/SHORT/ and DIR/SHORT.zip (SHORT: NAME without dashes), a problem package per contract;\nwith --contest also DIR/contest/ and DIR/contest.zip, every package in 2025-09 with contest.yaml and problems.yaml.");
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
    if contest && format != Format::Legacy {
        eprintln!(
            "error: --contest turns the legacy packages into 2025-09: leave out --format\n{USAGE}"
        );
        return ExitCode::from(2);
    }
    let mut status = ExitCode::SUCCESS;
    for name in &names {
        match package::build(&workspace, name, &binaries, &out, format) {
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
    if contest {
        match package::contest(&workspace, &names, &out) {
            Ok(zip) => println!("contest: {} packages, {}", names.len(), zip.display()),
            Err(error) => {
                eprintln!("error: contest: {error}");
                status = ExitCode::FAILURE;
            }
        }
    }
    status
}

/// What the command line asks for.
struct Request {
    /// The release binaries' folder.
    binaries: PathBuf,
    /// The output folder, if not the default.
    out: Option<PathBuf>,
    /// The packages, every one when empty.
    names: Vec<String>,
    /// The format of the packages in the output folder.
    format: Format,
    /// Whether to write the contest folder too.
    contest: bool,
}

/// The request; `None` for `--help`.
fn parse(mut parser: lexopt::Parser) -> Result<Option<Request>, lexopt::Error> {
    use lexopt::prelude::*;
    let (mut binaries, mut out, mut names) = (None, None, Vec::new());
    let (mut format, mut contest) = (Format::Legacy, false);
    while let Some(arg) = parser.next()? {
        match arg {
            Short('h') | Long("help") => return Ok(None),
            Long("out") => out = Some(parser.value()?.into()),
            Long("contest") => contest = true,
            Long("format") => {
                format = match parser.value()?.string()?.as_str() {
                    "legacy" => Format::Legacy,
                    "2025-09" => Format::V2025,
                    other => {
                        return Err(format!("unknown format {other:?} (legacy or 2025-09)").into())
                    }
                }
            }
            Value(value) if binaries.is_none() => binaries = Some(PathBuf::from(value)),
            Value(name) => names.push(name.string()?),
            _ => return Err(arg.unexpected()),
        }
    }
    let binaries = binaries.ok_or("name the folder of the release binaries")?;
    Ok(Some(Request {
        binaries,
        out,
        names,
        format,
        contest,
    }))
}
