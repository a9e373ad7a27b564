//! The input and output of `--play`: the puzzle, then the game one line at a
//! time.
//!
//! This is the one place where the library writes, and the reason is the
//! flag itself: a game must answer each line before the next one is typed,
//! while judge-io's [`Problem`](judge_io::Problem) reads the whole input
//! before it answers (which is what keeps a bad input from leaving a partial
//! answer behind). So `main.rs` hands this loop its standard input, output
//! and error, and the loop writes only to the writers it is given; the game
//! itself ([`Game`]) stays a pure state machine.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use judge_io::{read_header, read_line, Error, LineRead};

use super::game::{Game, PROMPT};
use super::{parse, Query};

/// The longest line read, in bytes (judge-io's bound for typed lines). A
/// longer line of moves is refused (and skipped to its end); a longer line of
/// the puzzle is bad input. This keeps the memory of a game bounded whatever
/// is typed or piped in.
pub use judge_io::MAX_LINE;

/// Plays a game: reads the puzzle from `input` as the judge input is read
/// (`P D C`, then optionally `p d B`), writes the game's opening to `output`,
/// then answers each further line (a move, `h`, `q`) until the river is
/// crossed, the player quits or the input ends.
///
/// The puzzle ends with the line that holds C: a current state on that line
/// belongs to it; a state on the next line is taken as the game's first
/// entry, which starts the game over from that state (only before the first
/// crossing), so `P D C` and `p d B` on two lines work as in the judge input.
///
/// # Errors
///
/// A bad puzzle, exactly as the judge input's errors (with line, column and
/// token), before anything is written; a line of the puzzle longer than
/// [`MAX_LINE`]; and failures to read or write. A closed output (the player
/// went away) is not an error.
pub fn play<R: BufRead, W: Write>(mut input: R, mut output: W) -> Result<(), Error> {
    let query = read_puzzle(&mut input)?;
    match converse(&query, &mut input, &mut output) {
        Ok(()) => Ok(()),
        Err(Failure::Read(error)) => Err(Error::input(format!("cannot read the input: {error}"))),
        Err(Failure::Write(error)) if error.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        Err(Failure::Write(error)) => {
            Err(Error::input(format!("cannot write the output: {error}")))
        }
    }
}

/// [`play`] as a whole program: its error becomes one `error: ...` line on
/// `errors` and exit status 1, as judge-io does for every other mode.
pub fn play_main<R: BufRead, W: Write, E: Write>(input: R, output: W, mut errors: E) -> ExitCode {
    match play(input, output) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => judge_io::report_to::<super::RiverCrossing>(&error, &mut errors),
    }
}

/// Reads the puzzle of a game, as [`play`] does before its first line of
/// moves: lines until three tokens (`P D C`) have been seen, then parses them
/// with the judge input's own [`parse`], so a puzzle means the same and is
/// refused with the same words in every mode. Blank lines are kept as line
/// ends, so that errors name the right line. What follows the line that
/// holds C is left unread: the game's entries, one per line. The web page's
/// engine (`crates/web`) reads its requests with it, so that a page's game
/// starts where the terminal's does.
///
/// # Errors
///
/// As [`play`]'s bad puzzles: the judge input's errors, and a line longer
/// than [`MAX_LINE`].
pub fn read_puzzle<R: BufRead>(input: &mut R) -> Result<Query, Error> {
    read_header(input, "puzzle", |tokens| tokens.len() < 3, parse)
}

enum Failure {
    Read(io::Error),
    Write(io::Error),
}

fn converse<R: BufRead, W: Write>(
    query: &Query,
    input: &mut R,
    output: &mut W,
) -> Result<(), Failure> {
    let mut game = Game::new(query);
    let send = |output: &mut W, text: &str| {
        output
            .write_all(text.as_bytes())
            .and_then(|()| output.flush())
            .map_err(Failure::Write)
    };
    send(output, &game.opening())?;
    let mut line = Vec::new();
    while !game.is_over() {
        send(output, PROMPT)?;
        match read_line(input, &mut line).map_err(Failure::Read)? {
            LineRead::End => return send(output, &game.end_of_input()),
            LineRead::TooLong => send(
                output,
                &format!("That line is longer than {MAX_LINE} bytes: it is not a move.\n"),
            )?,
            LineRead::Line { .. } => {
                let turn = game.enter(&line);
                send(output, &game.render(&turn))?;
            }
        }
    }
    Ok(())
}
