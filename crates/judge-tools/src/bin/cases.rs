//! Lists judge-data cases for tools outside Rust (the browser test of the
//! web pages): `cases [PROBLEM...]` prints one JSON object a line,
//! `{"problem", "name", "args", "input"}`, for every case of the problems
//! named (all when none), with `args` the whole command line after the
//! binary's name (`--judge TARGET` included) and `input` the path of the
//! standard input (a generated case's built file), or null. Generated cases
//! are built first, as `scripts/check.sh` builds them. An error is an
//! `error:` line and status 1.

// A command-line tool: printing is its job (the workspace lints are for libraries).
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::process::ExitCode;

use judge_tools::judge_data::{cases, problems};

fn main() -> ExitCode {
    let mut names: Vec<String> = std::env::args().skip(1).collect();
    if names.is_empty() {
        names = match problems() {
            Ok(all) => all,
            Err(error) => return fail(&error),
        };
    }
    for problem in names {
        let list = match cases(&problem) {
            Ok(list) => list,
            Err(error) => return fail(&error),
        };
        for case in list {
            let line = serde_json::json!({
                "problem": problem,
                "name": case.name,
                "args": case.command_args(),
                "input": case.input,
            });
            println!("{line}");
        }
    }
    ExitCode::SUCCESS
}

fn fail(error: &dyn std::fmt::Display) -> ExitCode {
    eprintln!("error: {error}");
    ExitCode::FAILURE
}
