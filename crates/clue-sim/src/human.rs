//! `--strategy human,...`: a person at the table, in the terminal.
//!
//! `clue-sim --strategy human,smart,smart` (that flag alone; one entry per
//! seat, exactly one of them `human`) reads the game's setup from standard
//! input as every game does (`P SEED`, optionally a card set), then the
//! person's entries, one per line, from the same input. The person sees
//! only what their seat sees, on standard error: their hand, every
//! suggestion, who passed and who showed, the cards shown to them or by
//! them, the accusations, and on request their detective's notebook
//! (`notebook`) and the exact envelope probabilities (`odds`) from their
//! own [`Knowledge`], fed only with what their seat saw. When the game ends
//! (or the input does), the whole transcript goes to standard output, in
//! exactly the format of a computer game; it starts with the envelope, so
//! none of it can be shown while the game is on.
//!
//! So `clue-sim --strategy human,smart,smart < script 2>/dev/null` is a
//! reproducible transcript, and the prompts and the seat's view never mix
//! with it. The computer seats draw from their own random streams, exactly
//! as in a computer game, so the same setup and the same entries give the
//! same game.
//!
//! A page plays the same game by replaying the entries ([`replay`]): the
//! setup and every entry so far go in, and out come what the terminal would
//! show (each entry echoed after its prompt), the same as values (the
//! table's events as the seat saw them, [`Seen`], and what the seat knows,
//! for its [`Notebook`]), the transcript, and, when the entries run out, the
//! prompt that waits with what it takes (for `show>`, exactly the cards the
//! seat may show). So the page decides no rule and reads no sentence.
//!
//! # The setup
//!
//! The setup ends with the line that completes it, so that the game starts
//! at once: `P SEED` alone on its line is the classic set; a custom card
//! set must start on that line (`3 42 2`, then `who 2 Ann Bob` and `what 2
//! Axe Rope`) and ends with the line that holds its last card. The lines
//! after it are the person's. A bad setup is refused with the judge input's
//! own error (status 1); a strategy list with an unknown name, without one
//! entry per seat, or with more than one `human` is a usage error
//! (status 2).
//!
//! # The person's entries
//!
//! At every prompt: `help`, `notebook` (or `n`), `odds` (or `o`), `hand`,
//! `quit`. Then, by prompt:
//!
//! - `suggest>`: one card of each category, in any order (`Plum Rope
//!   Hall`; a leading `suggest` is allowed).
//! - `show>`: the card to show, one of those the prompt lists (asked only
//!   when there is a choice: a single eligible card is shown at once).
//! - `accuse>`: one card of each category to accuse (a leading `accuse` is
//!   allowed), or `no` (or an empty line) to go on without accusing.
//!
//! Card names match exactly, or else ignoring ASCII case when that names
//! one card. A line of one word that is a command is the command; a leading
//! `suggest`, `show` or `accuse` is the verb and every word after it a card
//! (`show odds` shows a card named `odds`). Anything else is explained and
//! asked again ([`Refusal`]); nothing typed is fatal. `quit` or the end of
//! the input (Ctrl-D) stops the game: the transcript so far is written,
//! without its end line, and the status is 0.
//!
//! # Where the code is
//!
//! This file is the game with a person: [`play`] and [`replay`], and the
//! setup and strategy list they read. What an entry means is in `entry`
//! ([`interpret`]), the seat at the terminal (the [`Table`] that asks the
//! person and plays the computers, and its input and view) in `terminal`,
//! and every sentence the person is told in `view` ([`sentence`]).
//!
//! [`Table`]: super::game::Table
//! [`Notebook`]: super::notebook::Notebook

mod entry;
mod terminal;
mod view;

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use judge_io::{read_header, Error};

use super::cards::{Card, MAX_CARDS};
use super::event::{render, Event, Seat, Seen};
use super::game::{self, Game, Left};
use super::knowledge::Knowledge;
use super::players::Strategy;
use super::ClueSim;

pub use entry::{interpret, Ask, Entry, Refusal, Wanted};
pub use view::sentence;

use terminal::{Failure, HumanTable, Io};

/// The longest line read, in bytes (judge-io's bound for typed lines): a
/// longer entry is refused (and skipped to its end), a longer line of the
/// setup is bad input.
pub use judge_io::MAX_LINE;

/// The person's name in `--strategy`.
pub const HUMAN: &str = "human";

/// The `--strategy` list when the command line asks for a game with a
/// person: exactly `--strategy LIST` (or `--strategy=LIST`) where LIST
/// names [`HUMAN`]. Every other command line is the judge-io binary's,
/// which refuses `human` beside other flags.
pub fn human_strategies(args: &[String]) -> Option<&str> {
    let list = match args {
        [flag, list] if flag == "--strategy" => list.as_str(),
        [flag] => flag.strip_prefix("--strategy=")?,
        _ => return None,
    };
    if list.split(',').any(|name| name == HUMAN) {
        Some(list)
    } else {
        None
    }
}

/// Plays a game with a person: the setup and then the person's entries from
/// `input`, the person's view and prompts to `view`, and the transcript to
/// `transcript` once the game ends or stops.
///
/// # Errors
///
/// A bad setup, with the judge input's errors, and a bad strategy list (a
/// usage error), both before anything is written; failures to read or
/// write. A closed output or view (the person went away) is not an error.
pub fn play<R: BufRead, W: Write, V: Write>(
    strategies: &str,
    mut input: R,
    mut transcript: W,
    view: V,
) -> Result<(), Error> {
    let list = parse_list(strategies)?;
    let game = read_setup(&mut input)?;
    let seats = seat_list(&list, game.players)?;
    let mut io = Io::new(input, view, false);
    let mut text = String::new();
    // Left only means the person stopped; the transcript so far is written.
    let _ = game::play_at(
        &game,
        |deal, rngs| HumanTable::new(&game, deal, &seats, rngs, &mut io),
        |event| render(&game.cards, event, &mut text),
    );
    let written = transcript
        .write_all(text.as_bytes())
        .and_then(|()| transcript.flush());
    match (io.failure, written) {
        (Some(Failure::Read(error)), _) => {
            Err(Error::input(format!("cannot read the input: {error}")))
        }
        (_, Err(error)) | (Some(Failure::Write(error)), _)
            if error.kind() != io::ErrorKind::BrokenPipe =>
        {
            Err(Error::input(format!("cannot write the output: {error}")))
        }
        _ => Ok(()),
    }
}

/// [`play`] as a whole program: an error becomes one `error: ...` line on
/// `errors` and status 1, or 2 with the usage line for a usage error, as
/// judge-io reports every other mode's.
pub fn play_main<R: BufRead, W: Write, E: Write>(
    strategies: &str,
    input: R,
    output: W,
    mut errors: E,
) -> ExitCode {
    match play(strategies, input, output, &mut errors) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => judge_io::report_to::<ClueSim>(&error, &mut errors),
    }
}

/// A game with a person, replayed from its entries for a page that shows
/// it (the web crate's Cluedo table): what [`play`] would show and write
/// for the same input, and, when the entries run out, the prompt that
/// waits for the next one.
#[derive(Debug, Clone)]
pub struct Replay {
    /// The setup.
    pub game: Game,
    /// The person's seat.
    pub seat: Seat,
    /// Every seat's hand, in dealt order (the person may see only theirs).
    pub hands: Vec<Vec<Card>>,
    /// What the person saw, as a terminal shows it: [`play`]'s view, with
    /// each entry echoed after its prompt; while the game waits, it ends
    /// with the waiting prompt (`suggest> `) rather than with the stop.
    pub view: String,
    /// [`play`]'s transcript for the same input. It starts with the
    /// envelope: show it only once the game is over.
    pub transcript: String,
    /// Where the game stands.
    pub state: State,
    /// What the person's seat knows at that point: what its `notebook` and
    /// `odds` commands would show (`None` only if no table was laid).
    pub knowledge: Option<Knowledge>,
    /// The table's events after the deal, as the person's seat saw them:
    /// what the view tells of the play, as values ([`sentence`] says each
    /// as the view does).
    pub events: Vec<Seen>,
    /// The sentence the view stops with when the person quit.
    pub stop: Option<String>,
}

impl Replay {
    /// The person's hand, in dealt order (empty if no table was laid).
    pub fn hand(&self) -> &[Card] {
        self.hands
            .get(self.seat.index())
            .map_or(&[][..], Vec::as_slice)
    }

    /// The [`transcript`](Replay::transcript) once the game is over or
    /// stopped; `None` while it waits (it starts with the envelope).
    pub fn finished_transcript(&self) -> Option<&str> {
        match self.state {
            State::Waiting(_) => None,
            State::Over(_) | State::Quit => Some(&self.transcript),
        }
    }

    /// The sentence the view ends with once the game is over (who won,
    /// and the envelope) or stopped (`quit`); `None` while it waits.
    pub fn closing(&self) -> Option<String> {
        match (&self.state, self.events.last()) {
            (State::Over(_), Some(ended)) => Some(sentence(&self.game.cards, self.seat, ended)),
            (State::Quit, _) => self.stop.clone(),
            _ => None,
        }
    }
}

/// Where a replayed game stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum State {
    /// The entries ran out at this prompt: the game waits for the next one.
    Waiting(Ask),
    /// The game ended.
    Over(game::Outcome),
    /// The person quit (`quit`): the game stopped.
    Quit,
}

impl State {
    /// Where the game stands, in one word: the waiting prompt's (`suggest`,
    /// `show` or `accuse`), `over` or `quit`.
    pub fn word(&self) -> &'static str {
        match self {
            State::Waiting(Ask::Suggest) => "suggest",
            State::Waiting(Ask::Show(_)) => "show",
            State::Waiting(Ask::Accuse) => "accuse",
            State::Over(_) => "over",
            State::Quit => "quit",
        }
    }

    /// The cards the seat may show, when the game waits at `show>` (the
    /// prompt's list); empty otherwise.
    pub fn showable(&self) -> &[Card] {
        match self {
            State::Waiting(Ask::Show(eligible)) => eligible,
            _ => &[],
        }
    }
}

/// Replays a game with a person: `input` is what [`play`] reads (the setup,
/// then the entries). The game is [`play`]'s, move for move; only the end
/// of the input differs: it leaves the game waiting at its prompt
/// ([`State::Waiting`], with the cards a `show` may take) instead of
/// stopping it.
///
/// # Errors
///
/// As [`play`]: a bad setup or strategy list.
pub fn replay(strategies: &str, mut input: &[u8]) -> Result<Replay, Error> {
    let list = parse_list(strategies)?;
    let game = read_setup(&mut input)?;
    let seats = seat_list(&list, game.players)?;
    let seat = Seat(seats.iter().position(Option::is_none).unwrap_or(0));
    let mut io = Io::new(input, Vec::new(), true);
    let mut transcript = String::new();
    let mut hands = Vec::new();
    let outcome = game::play_at(
        &game,
        |deal, rngs| HumanTable::new(&game, deal, &seats, rngs, &mut io),
        |event| {
            if let Event::Hand(_, hand) = *event {
                hands.push(hand.to_vec());
            }
            render(&game.cards, event, &mut transcript);
        },
    );
    let knowledge = io.knowledge.take();
    let state = match (outcome, io.pending.take()) {
        (Ok(outcome), _) => State::Over(outcome),
        (Err(Left), Some(ask)) => State::Waiting(ask),
        (Err(Left), None) => State::Quit,
    };
    Ok(Replay {
        seat,
        hands,
        // The view is made of `String`s: it is UTF-8.
        view: String::from_utf8_lossy(&io.view).into_owned(),
        transcript,
        state,
        knowledge,
        events: io.events,
        stop: io.stop,
        game,
    })
}

/// Reads `human,smart,...`: `None` for the person's seat.
fn parse_list(list: &str) -> Result<Vec<Option<Strategy>>, Error> {
    list.split(',')
        .map(|name| match name {
            HUMAN => Ok(None),
            _ => Strategy::from_name(name).map(Some).ok_or_else(|| {
                Error::usage(format!(
                    "unknown strategy {} in --strategy (expected human, random, seed, smart or expert)",
                    judge_io::quote(name.as_bytes())
                ))
            }),
        })
        .collect()
}

/// One entry per seat, exactly one of them the person's.
fn seat_list(list: &[Option<Strategy>], players: usize) -> Result<Vec<Option<Strategy>>, Error> {
    let seats = match list.len() {
        1 => vec![list[0]; players],
        n if n == players => list.to_vec(),
        n => {
            return Err(Error::usage(format!(
                "--strategy lists {n} strategies for {players} players; give one per player"
            )))
        }
    };
    match seats.iter().filter(|seat| seat.is_none()).count() {
        1 => Ok(seats),
        humans => Err(Error::usage(format!(
            "--strategy seats {humans} humans; one person plays at a time, the other seats need random, seed, smart or expert"
        ))),
    }
}

/// Reads the setup, line by line until it is complete (see the module
/// docs), and parses it with the judge input's own parser, so that it means
/// the same and is refused with the same words.
fn read_setup<R: BufRead>(input: &mut R) -> Result<Game, Error> {
    read_header(input, "setup", setup_needs_more, super::parse)
}

/// Whether the setup read so far (`tokens`, whole lines) needs another
/// line: `P SEED` alone is complete; more tokens are a card set, complete
/// once every category has its cards, or once a count is not a number up
/// to [`MAX_CARDS`] (the parser then says what is wrong).
fn setup_needs_more(tokens: &[String]) -> bool {
    if tokens.len() <= 2 {
        return tokens.len() < 2;
    }
    let count = |token: Option<&String>| {
        token
            .and_then(|token| token.parse::<usize>().ok())
            .filter(|&count| count <= MAX_CARDS)
    };
    let mut rest = tokens[2..].iter();
    let categories = match count(rest.next()) {
        Some(categories) => categories,
        None => return false,
    };
    for _ in 0..categories {
        if rest.next().is_none() {
            return true;
        }
        let size = match rest.next() {
            None => return true,
            token => match count(token) {
                Some(size) => size,
                None => return false,
            },
        };
        for _ in 0..size {
            if rest.next().is_none() {
                return true;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn the_setup_ends_with_the_line_that_completes_it() {
        let needs_more = |text: &str| {
            let tokens: Vec<String> = text.split_whitespace().map(str::to_string).collect();
            setup_needs_more(&tokens)
        };
        assert!(needs_more(""));
        assert!(needs_more("3"));
        assert!(!needs_more("3 7"));
        assert!(needs_more("3 7 2"));
        assert!(needs_more("3 7 2 who 2 Ann"));
        assert!(needs_more("3 7 2 who 2 Ann Bob what"));
        assert!(!needs_more("3 7 2 who 2 Ann Bob what 1 Axe"));
        // What the parser refuses is complete: it says why at once.
        assert!(!needs_more("3 7 x"));
        assert!(!needs_more("3 7 2 who many"));
        assert!(!needs_more("3 7 999"));
        assert!(!needs_more("3 7 0"));
    }

    #[test]
    fn only_strategy_alone_with_a_human_is_a_human_game() {
        let args = |list: &[&str]| list.iter().map(|arg| arg.to_string()).collect::<Vec<_>>();
        assert_eq!(
            human_strategies(&args(&["--strategy", "human,smart"])),
            Some("human,smart")
        );
        assert_eq!(
            human_strategies(&args(&["--strategy=seed,human"])),
            Some("seed,human")
        );
        assert_eq!(human_strategies(&args(&["--strategy", "smart"])), None);
        assert_eq!(human_strategies(&args(&["--strategy", "humane"])), None);
        assert_eq!(
            human_strategies(&args(&["--games", "3", "--strategy", "human"])),
            None
        );
        assert_eq!(human_strategies(&args(&[])), None);
    }

    #[test]
    fn the_table_seats_exactly_one_person() {
        let list = parse_list("human,smart,seed").unwrap();
        assert_eq!(
            seat_list(&list, 3).unwrap(),
            vec![None, Some(Strategy::Smart), Some(Strategy::Seed)]
        );
        assert!(seat_list(&list, 4).unwrap_err().is_usage());
        assert!(seat_list(&parse_list("human").unwrap(), 2)
            .unwrap_err()
            .is_usage());
        assert!(seat_list(&parse_list("smart,smart").unwrap(), 2)
            .unwrap_err()
            .is_usage());
        assert!(parse_list("human,Smart").unwrap_err().is_usage());
    }

    #[test]
    fn a_replay_says_where_it_stands_in_one_word() {
        let waiting = replay("human,seed", b"2 5\n").unwrap();
        assert_eq!(waiting.state.word(), "suggest");
        assert!(waiting.state.showable().is_empty());
        assert_eq!(waiting.hand(), &waiting.hands[waiting.seat.index()][..]);
        assert_eq!(waiting.finished_transcript(), None);
        let quit = replay("human,seed", b"2 5\nquit\n").unwrap();
        assert_eq!(quit.state.word(), "quit");
        assert_eq!(quit.finished_transcript(), Some(quit.transcript.as_str()));
        let cards = vec![Card(1), Card(2)];
        let show = State::Waiting(Ask::Show(cards.clone()));
        assert_eq!((show.word(), show.showable()), ("show", &cards[..]));
        assert_eq!(State::Waiting(Ask::Accuse).word(), "accuse");
    }
}
