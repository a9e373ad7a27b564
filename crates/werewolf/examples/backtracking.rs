//! The classic solution, as a baseline for the benchmark: enumerate the
//! M-subsets in the contract's order (largest top werewolf first, then the
//! largest second, ...) by backtracking and stop at the first valid one.
//! Exponential: run it under `timeout`.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use werewolf::{is_valid, parse, render, Verdict};

fn main() -> std::process::ExitCode {
    let stdin = std::io::stdin();
    let mut input = judge_io::Input::new(stdin.lock());
    let game = match parse(&mut input).and_then(|game| input.finish().map(|()| game)) {
        Ok(game) => game,
        Err(error) => {
            eprintln!("error: {error}");
            return std::process::ExitCode::FAILURE;
        }
    };
    let players = game.statements.len();
    let mut is_werewolf = vec![false; players];
    let mut chosen = Vec::new();
    let found = search(
        &game,
        &mut is_werewolf,
        &mut chosen,
        players,
        game.werewolves,
    );
    print!(
        "{}",
        render(&if found {
            Verdict::Werewolves(chosen)
        } else {
            Verdict::NoSolution
        })
    );
    std::process::ExitCode::SUCCESS
}

/// Chooses `left` more werewolves among players `0..below`, largest first.
/// Depth at most M, so the recursion is bounded by the input only through M.
fn search(
    game: &werewolf::Game,
    is_werewolf: &mut [bool],
    chosen: &mut Vec<usize>,
    below: usize,
    left: usize,
) -> bool {
    if left == 0 {
        return is_valid(game, is_werewolf);
    }
    for player in (left - 1..below).rev() {
        is_werewolf[player] = true;
        chosen.push(player);
        if search(game, is_werewolf, chosen, player, left - 1) {
            return true;
        }
        chosen.pop();
        is_werewolf[player] = false;
    }
    false
}
