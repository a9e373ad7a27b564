//! One seat's view of a game of the referee, as `clue-sim --assist` reads
//! it: the recipe of the `assist-*` judge-data cases made from real games
//! (see `judge-data/clue-sim/README.md`). The game's input (`P SEED` and an
//! optional card set) is read from standard input, as `clue-sim` reads it;
//! the view is cut after its first TURNS turns (all when absent).
//!
//! ```text
//! cargo run --release -p clue-sim --example assist-view -- STRATEGIES SEAT [TURNS] < GAME
//! ```
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::io::Read;

use clue_sim::assist::View;
use clue_sim::event::Seen;
use clue_sim::players::Strategy;

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (list, seat, turns) = match &args[..] {
        [list, seat] => (list, seat.parse::<usize>().ok(), Some(usize::MAX)),
        [list, seat, turns] => (
            list,
            seat.parse::<usize>().ok(),
            turns.parse::<usize>().ok(),
        ),
        _ => (&String::new(), None, None),
    };
    let strategies: Option<Vec<Strategy>> = list.split(',').map(Strategy::from_name).collect();
    let (Some(seat), Some(turns), Some(strategies)) = (seat, turns, strategies) else {
        eprintln!("usage: assist-view STRATEGIES SEAT [TURNS] < GAME");
        return std::process::ExitCode::from(2);
    };
    let mut input = Vec::new();
    if std::io::stdin().read_to_end(&mut input).is_err() {
        eprintln!("error: cannot read the game");
        return std::process::ExitCode::FAILURE;
    }
    let game = match clue_sim::parse(&mut judge_io::Input::new(&input[..])) {
        Ok(game) => game,
        Err(error) => {
            eprintln!("error: {error}");
            return std::process::ExitCode::FAILURE;
        }
    };
    if strategies.len() != game.players || seat == 0 || seat > game.players {
        eprintln!(
            "error: one strategy per seat, and a seat from 1 to {}",
            game.players
        );
        return std::process::ExitCode::from(2);
    }
    let mut view = View::of_game(&game, &strategies).swap_remove(seat - 1);
    let mut started = 0;
    let cut = view.entries.iter().position(|(seen, _)| {
        let starts = matches!(seen, Seen::Suggested { .. } | Seen::Accused { .. });
        started += usize::from(starts);
        starts && started > turns
    });
    if let Some(cut) = cut {
        view.entries.truncate(cut);
    }
    print!("{}", view.text());
    std::process::ExitCode::SUCCESS
}
