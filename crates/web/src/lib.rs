//! The engine of the game pages (`river.html`, `clue.html`, `nim.html`,
//! `werewolf.html`, `go.html`): what the pages ask of the game crates,
//! answered by those crates.
//!
//! The solvers page runs the six judge binaries as they are. The game pages
//! need a little more than a binary prints: after each click they need the
//! game's state (who stands on which bank, which cards the person may show)
//! to draw it. The `games` binary (`src/bin/games.rs`, compiled to
//! WebAssembly by `scripts/web.sh`) answers that: given the game's setup and
//! the player's entries so far, it replays them through the game crate
//! (`river-crossing`, `clue-sim`, `nim` and `stone-game`, `werewolf`,
//! `go-ko`) and prints the state as one JSON object.
//! Every rule stays in those crates; the pages only draw and click.
//!
//! ```text
//! games --river < REQUEST     see [`river`]
//! games --clue < REQUEST      see [`clue`]
//! games --nim < REQUEST       see [`nim`]
//! games --werewolf < REQUEST  see [`werewolf`]
//! games --go < REQUEST        see [`go`]
//! ```
//!
//! Replaying every entry on every click costs a game's length per click,
//! which for these games is far below what a person notices, and keeps the
//! engines as they are: a game is a pure function of its setup and entries,
//! as the terminal games already are when their entries are piped in.

pub mod clue;
pub mod go;
mod json;
pub mod nim;
pub mod river;
pub mod werewolf;

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
    /// `--nim`: [`nim`].
    Nim,
    /// `--werewolf`: [`werewolf`].
    Werewolf,
    /// `--go`: [`go`].
    Go,
}

/// A request, read in full.
#[derive(Debug)]
pub enum Request {
    /// For [`river`].
    River(river::Request),
    /// For [`clue`].
    Clue(clue::Request),
    /// For [`nim`].
    Nim(nim::Request),
    /// For [`werewolf`].
    Werewolf(werewolf::Request),
    /// For [`go`].
    Go(go::Request),
}

impl Problem for Games {
    const USAGE: &'static str =
        "usage: games --river < REQUEST\n       games --clue < REQUEST\n       \
games --nim < REQUEST\n       games --werewolf < REQUEST\n       games --go < REQUEST\n\
The game pages' engine: replays a game's entries and prints its state as JSON\n\
(see crates/web).\n";
    type Flags = Game;
    type Case = Request;

    fn flags(args: &mut Args) -> Result<Game, Error> {
        let games = [
            (args.flag("--river"), Game::River),
            (args.flag("--clue"), Game::Clue),
            (args.flag("--nim"), Game::Nim),
            (args.flag("--werewolf"), Game::Werewolf),
            (args.flag("--go"), Game::Go),
        ];
        let mut chosen = games
            .iter()
            .filter(|(given, _)| *given)
            .map(|&(_, game)| game);
        match (chosen.next(), chosen.next()) {
            (Some(game), None) => Ok(game),
            _ => Err(Error::usage(
                "give exactly one of --river, --clue, --nim, --werewolf and --go",
            )),
        }
    }

    fn read<R: Read>(game: &Game, input: &mut Input<R>) -> Result<Request, Error> {
        match game {
            Game::River => river::read(input).map(Request::River),
            Game::Clue => clue::read(input).map(Request::Clue),
            Game::Nim => nim::read(input).map(Request::Nim),
            Game::Werewolf => werewolf::read(input).map(Request::Werewolf),
            Game::Go => go::read(input).map(Request::Go),
        }
    }

    fn solve(_: &Game, request: Request) -> Result<String, Error> {
        match request {
            Request::River(request) => river::answer(&request),
            Request::Clue(request) => clue::answer(&request),
            Request::Nim(request) => nim::answer(&request),
            Request::Werewolf(request) => werewolf::answer(&request),
            Request::Go(request) => go::answer(&request),
        }
    }
}
