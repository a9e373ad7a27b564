//! The engine of the two game pages (`river.html`, `clue.html`): what the
//! pages ask of the game crates, answered by those crates.
//!
//! The solvers page runs the six judge binaries as they are. The game pages
//! need a little more than a binary prints: after each click they need the
//! game's state (who stands on which bank, which cards the person may show)
//! to draw it. The `games` binary (`src/bin/games.rs`, compiled to
//! WebAssembly by `scripts/web.sh`) answers that: given the game's setup and
//! the player's entries so far, it replays them through the game engine of
//! `river-crossing` or `clue-sim` and prints the state as one JSON object.
//! Every rule stays in those crates; the pages only draw and click.
//!
//! ```text
//! games --river < REQUEST     see [`river`]
//! games --clue < REQUEST      see [`clue`]
//! ```
//!
//! Replaying every entry on every click costs a game's length per click,
//! which for these games is far below what a person notices, and keeps the
//! engines as they are: a game is a pure function of its setup and entries,
//! as the terminal games already are when their entries are piped in.

pub mod clue;
mod json;
pub mod river;

use std::io::Read;

use judge_io::{Args, Error, Input, Problem};

/// The `games` binary's contract (see the crate docs).
#[derive(Debug)]
pub struct Games;

/// Which game a request is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Game {
    /// `--river`: [`river`].
    River,
    /// `--clue`: [`clue`].
    Clue,
}

/// A request, read in full.
#[derive(Debug)]
pub enum Request {
    /// For [`river`].
    River(river::Request),
    /// For [`clue`].
    Clue(clue::Request),
}

impl Problem for Games {
    const USAGE: &'static str = "usage: games --river < REQUEST\n       games --clue < REQUEST\n\
The game pages' engine: replays a game's entries and prints its state as JSON\n\
(see crates/web).\n";
    type Flags = Game;
    type Case = Request;

    fn flags(args: &mut Args) -> Result<Game, Error> {
        match (args.flag("--river"), args.flag("--clue")) {
            (true, false) => Ok(Game::River),
            (false, true) => Ok(Game::Clue),
            _ => Err(Error::usage("give exactly one of --river and --clue")),
        }
    }

    fn read<R: Read>(game: &Game, input: &mut Input<R>) -> Result<Request, Error> {
        match game {
            Game::River => river::read(input).map(Request::River),
            Game::Clue => clue::read(input).map(Request::Clue),
        }
    }

    fn solve(_: &Game, request: Request) -> Result<String, Error> {
        match request {
            Request::River(request) => river::answer(&request),
            Request::Clue(request) => clue::answer(&request),
        }
    }
}
