//! Writes the hash lines of generated-case recipes (see
//! `judge_tools::generated`): `recipe [--write] RECIPE.gen...` runs each
//! recipe's generator and prints its `input-sha256` and `answer-sha256`
//! lines; with `--write` it puts them into the recipe, replacing the old
//! ones. Run it after writing a new recipe or changing a generator on
//! purpose, then review the change with `git diff`. An error is an
//! `error:` line and status 1; a bad command line is status 2.

// A command-line tool: printing is its job (the workspace lints are for libraries).
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::path::PathBuf;
use std::process::ExitCode;

use judge_tools::generated::{sha256, Recipe};

const USAGE: &str = "usage: recipe [--write] RECIPE.gen...";

fn main() -> ExitCode {
    let mut write = false;
    let mut paths = Vec::new();
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--write" => write = true,
            "--help" => {
                println!("{USAGE}\nPrints (or with --write, sets) the hash lines of each recipe.");
                return ExitCode::SUCCESS;
            }
            flag if flag.starts_with('-') => {
                eprintln!("error: unknown flag {flag}\n{USAGE}");
                return ExitCode::from(2);
            }
            _ => paths.push(PathBuf::from(arg)),
        }
    }
    if paths.is_empty() {
        eprintln!("error: no recipe\n{USAGE}");
        return ExitCode::from(2);
    }
    for path in paths {
        if let Err(error) = update(&path, write) {
            eprintln!("error: {}: {error}", path.display());
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}

fn update(path: &std::path::Path, write: bool) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|error| error.to_string())?;
    let recipe = Recipe::parse(path, &text).map_err(|error| error.to_string())?;
    let generated = recipe.generate()?;
    let hashes = format!(
        "input-sha256 {}\nanswer-sha256 {}\n",
        sha256(&generated.input),
        sha256(&generated.answer)
    );
    println!(
        "{}: {} input bytes, {} answer bytes\n{hashes}",
        path.display(),
        generated.input.len(),
        generated.answer.len()
    );
    if write {
        let mut kept: String = text
            .lines()
            .filter(|line| {
                let key = line.split_whitespace().next().unwrap_or("");
                key != "input-sha256" && key != "answer-sha256"
            })
            .map(|line| format!("{line}\n"))
            .collect();
        kept.push_str(&hashes);
        std::fs::write(path, kept).map_err(|error| error.to_string())?;
    }
    Ok(())
}
