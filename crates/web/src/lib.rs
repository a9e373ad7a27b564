//! The engine of the game pages (`river.html`, `clue.html`, `nim.html`,
//! `werewolf.html`, `go.html`, `notebook.html`): what the pages ask of the game crates,
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
//! games --notebook < REQUEST  see [`notebook`]
//! ```
//!
//! Each game is one [`Engine`](engine::Engine): only its rules, read, played
//! and described; [`engine::replay`] plays every game's request the same
//! way, and [`json`] writes every answer. Replaying every entry on every
//! click costs a game's length per click, which for these games is far
//! below what a person notices, and keeps a game a pure function of its
//! setup and entries, as the terminal games already are when their entries
//! are piped in.

pub mod clue;
pub mod engine;
pub mod go;
pub mod json;
pub mod nim;
pub mod notebook;
pub mod river;
pub mod werewolf;

use std::io::Read;

use judge_io::{Args, Error, Input, Problem};

/// The `games` binary's contract (see the crate docs).
#[derive(Debug)]
pub struct Games;

/// A game of the pages: the flag that names it, and its engine's replay.
#[derive(Clone, Copy)]
pub struct Game {
    /// The flag that names the game (`--river`).
    pub flag: &'static str,
    /// Answers one request of the game ([`engine::replay`] with its engine).
    pub answer: fn(&[u8]) -> Result<String, Error>,
}

/// Every game, in the order the usage lists them. A new game is one module
/// and one line here.
pub const GAMES: &[Game] = &[
    Game {
        flag: "--river",
        answer: engine::replay::<river::River>,
    },
    Game {
        flag: "--clue",
        answer: engine::replay::<clue::Clue>,
    },
    Game {
        flag: "--nim",
        answer: engine::replay::<nim::Nim>,
    },
    Game {
        flag: "--werewolf",
        answer: engine::replay::<werewolf::Werewolf>,
    },
    Game {
        flag: "--go",
        answer: engine::replay::<go::Go>,
    },
    Game {
        flag: "--notebook",
        answer: notebook::answer,
    },
];

// By hand: rustc 1.63 derives `Debug` for no `fn` pointer that takes a
// reference.
impl std::fmt::Debug for Game {
    fn fmt(&self, out: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        out.debug_struct("Game").field("flag", &self.flag).finish()
    }
}

impl Problem for Games {
    const USAGE: &'static str =
        "usage: games --river < REQUEST\n       games --clue < REQUEST\n       \
games --nim < REQUEST\n       games --werewolf < REQUEST\n       games --go < REQUEST\n       games --notebook < REQUEST\n\
The game pages' engine: replays a game's entries and prints its state as JSON\n\
(see crates/web).\n";
    type Flags = Game;
    type Case = Vec<u8>;

    fn flags(args: &mut Args) -> Result<Game, Error> {
        let given: Vec<Game> = GAMES
            .iter()
            .filter(|game| args.flag(game.flag))
            .copied()
            .collect();
        match given[..] {
            [game] => Ok(game),
            _ => {
                let flags: Vec<&str> = GAMES.iter().map(|game| game.flag).collect();
                let (last, others) = flags.split_last().unwrap_or((&"", &[]));
                Err(Error::usage(format!(
                    "give exactly one of {} and {last}",
                    others.join(", ")
                )))
            }
        }
    }

    /// The whole request: each game's engine reads it (see [`engine`]).
    fn read<R: Read>(_: &Game, input: &mut Input<R>) -> Result<Vec<u8>, Error> {
        let mut request = Vec::new();
        while let Some(byte) = input.next_byte()? {
            request.push(byte);
        }
        Ok(request)
    }

    fn solve(game: &Game, request: Vec<u8>) -> Result<String, Error> {
        (game.answer)(&request)
    }
}
