//! Runs the worst-case guard alone (`werewolf::solve_by_top_werewolf`, the
//! search by top werewolf) on one game from standard input, in the default
//! contract's format, and prints its answer: `guard < INPUT`. The benchmark
//! times it on every family, to show what the worst-case bound costs.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::process::ExitCode;

fn main() -> ExitCode {
    let mut input = judge_io::Input::new(std::io::stdin().lock());
    let verdict = werewolf::parse(&mut input)
        .and_then(|game| input.finish().map(|()| game))
        .and_then(|game| werewolf::solve_by_top_werewolf(&game));
    match verdict {
        Ok(verdict) => {
            print!("{}", werewolf::render(&verdict));
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}
