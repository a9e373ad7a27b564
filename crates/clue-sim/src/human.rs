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
//! show (each entry echoed after its prompt), the transcript, and, when the
//! entries run out, the prompt that waits with what it takes (for `show>`,
//! exactly the cards the seat may show). So the page decides no rule.
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

use std::fmt::{self, Write as _};
use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use judge_io::{read_header, read_line, Error, LineRead};

use super::cards::{Card, CardSet, MAX_CARDS};
use super::event::{render, Answer, Event, Seat};
use super::game::{self, Deal, Game, Left, Table};
use super::knowledge::{Knowledge, Owner};
use super::players::{Player, Strategy};
use super::rng::SplitMix64;
use super::ClueSim;

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
        game,
    })
}

/// What a prompt asks the person for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ask {
    /// A suggestion: one card of each category.
    Suggest,
    /// A card to show: one of these.
    Show(Vec<Card>),
    /// An accusation (one card of each category), or none.
    Accuse,
}

/// An entry the prompt accepts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    /// `help`: the commands.
    Help,
    /// `notebook`: what the seat knows of every card.
    Notebook,
    /// `odds`: each card's chance of being in the envelope.
    Odds,
    /// `hand`: the hand and every seat's hand size.
    Hand,
    /// `quit`: stop the game.
    Quit,
    /// The cards asked for: a suggestion or an accusation in category
    /// order, or the one card to show.
    Cards(Vec<Card>),
    /// `no` (or an empty line) at `accuse>`: no accusation.
    NoAccusation,
}

/// Why an entry was not taken; its text says what to type instead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// A word that is neither a command nor a card.
    Unknown(String),
    /// A word that matches several cards once case is ignored.
    Ambiguous(String, Vec<String>),
    /// Two named cards of one category.
    SameCategory {
        /// The category's name.
        category: String,
        /// The first card named in it.
        first: String,
        /// The second.
        second: String,
    },
    /// Categories with no card named, by name.
    Missing(Vec<String>),
    /// Nothing named where a suggestion or a card to show is needed.
    Empty(Wanted),
    /// A card that may not be shown; the eligible ones.
    NotEligible(String, Vec<String>),
    /// More than one card named to show.
    ShowOne(usize),
    /// A verb or a `no` that does not fit the prompt.
    NotNow(&'static str, Wanted),
    /// A line longer than [`MAX_LINE`] bytes.
    TooLong,
}

/// What a prompt wants, for a [`Refusal`]'s text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Wanted {
    /// A suggestion.
    Suggestion,
    /// One of these cards, to show.
    Show(Vec<String>),
    /// An accusation or `no`.
    Accusation,
}

/// Reads one line typed at the prompt `ask`.
///
/// # Errors
///
/// What the entry got wrong, to be explained and asked again.
pub fn interpret(cards: &CardSet, ask: &Ask, line: &str) -> Result<Entry, Refusal> {
    let mut words: Vec<&str> = line.split_whitespace().collect();
    if let [word] = words[..] {
        if let Some(entry) = command(word) {
            return match entry {
                Entry::NoAccusation if *ask != Ask::Accuse => {
                    Err(Refusal::NotNow("no", wanted(cards, ask)))
                }
                entry => Ok(entry),
            };
        }
    }
    let mut verb_given = false;
    if let Some(&first) = words.first() {
        let verb = ["suggest", "show", "accuse"]
            .into_iter()
            .find(|verb| first.eq_ignore_ascii_case(verb));
        if let Some(verb) = verb {
            let fits = matches!(
                (verb, ask),
                ("suggest", Ask::Suggest) | ("show", Ask::Show(_)) | ("accuse", Ask::Accuse)
            );
            if !fits {
                return Err(Refusal::NotNow(verb, wanted(cards, ask)));
            }
            words.remove(0);
            verb_given = true;
        }
    }
    let named = words
        .iter()
        .map(|word| find_card(cards, word))
        .collect::<Result<Vec<Card>, Refusal>>()?;
    match ask {
        Ask::Show(eligible) => match named[..] {
            [] => Err(Refusal::Empty(wanted(cards, ask))),
            [card] if eligible.contains(&card) => Ok(Entry::Cards(vec![card])),
            [card] => Err(Refusal::NotEligible(
                cards.name(card).to_string(),
                names(cards, eligible),
            )),
            _ => Err(Refusal::ShowOne(named.len())),
        },
        Ask::Accuse if named.is_empty() && !verb_given => Ok(Entry::NoAccusation),
        Ask::Suggest if named.is_empty() => Err(Refusal::Empty(Wanted::Suggestion)),
        Ask::Suggest | Ask::Accuse => one_per_category(cards, &named).map(Entry::Cards),
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Unknown(word) => write!(
                f,
                "`{word}` is neither a card nor a command (`help` lists them)."
            ),
            Refusal::Ambiguous(word, matches) => write!(
                f,
                "`{word}` could be {}: type it exactly.",
                matches.join(" or ")
            ),
            Refusal::SameCategory {
                category,
                first,
                second,
            } => write!(
                f,
                "{first} and {second} are both {category} cards: name one card of each category."
            ),
            Refusal::Missing(categories) => write!(
                f,
                "Name one card of each category: {} missing.",
                categories.join(", ")
            ),
            Refusal::Empty(Wanted::Show(eligible)) => {
                write!(f, "Show one of: {}.", eligible.join(", "))
            }
            Refusal::NotNow(word, Wanted::Show(eligible)) => {
                write!(f, "Not `{word}` now: show one of {}.", eligible.join(", "))
            }
            Refusal::Empty(_) => {
                f.write_str("Suggest one card of each category (`help` lists the commands).")
            }
            Refusal::NotEligible(card, eligible) => write!(
                f,
                "You cannot show {card}: show one of {}.",
                eligible.join(", ")
            ),
            Refusal::ShowOne(count) => write!(f, "Show one card, not {count}."),
            Refusal::NotNow(word, Wanted::Suggestion) => write!(
                f,
                "Not `{word}` now: suggest first (you may accuse once it is answered)."
            ),
            Refusal::NotNow(word, Wanted::Accusation) => write!(
                f,
                "Not `{word}` now: accuse (one card of each category) or answer `no`."
            ),
            Refusal::TooLong => write!(f, "That line is longer than {MAX_LINE} bytes."),
        }
    }
}

fn wanted(cards: &CardSet, ask: &Ask) -> Wanted {
    match ask {
        Ask::Suggest => Wanted::Suggestion,
        Ask::Show(eligible) => Wanted::Show(names(cards, eligible)),
        Ask::Accuse => Wanted::Accusation,
    }
}

/// The entry of a one-word line that is a command.
fn command(word: &str) -> Option<Entry> {
    let word = word.to_ascii_lowercase();
    Some(match word.as_str() {
        "help" | "?" => Entry::Help,
        "notebook" | "n" => Entry::Notebook,
        "odds" | "o" => Entry::Odds,
        "hand" => Entry::Hand,
        "quit" | "q" => Entry::Quit,
        "no" | "pass" => Entry::NoAccusation,
        _ => return None,
    })
}

/// The card named `word`: exactly, or else the one card it names ignoring
/// ASCII case.
fn find_card(cards: &CardSet, word: &str) -> Result<Card, Refusal> {
    if let Some(index) = cards.card_names.iter().position(|name| name == word) {
        return Ok(Card(index));
    }
    let matches: Vec<usize> = (0..cards.len())
        .filter(|&index| cards.card_names[index].eq_ignore_ascii_case(word))
        .collect();
    match matches[..] {
        [index] => Ok(Card(index)),
        [] => Err(Refusal::Unknown(word.to_string())),
        _ => Err(Refusal::Ambiguous(
            word.to_string(),
            matches
                .iter()
                .map(|&index| cards.card_names[index].clone())
                .collect(),
        )),
    }
}

/// `named` in category order, when it is one card of each category.
fn one_per_category(cards: &CardSet, named: &[Card]) -> Result<Vec<Card>, Refusal> {
    let mut chosen: Vec<Option<Card>> = vec![None; cards.categories()];
    for &card in named {
        let category = cards.category_of(card);
        match chosen[category] {
            Some(first) if first != card => {
                return Err(Refusal::SameCategory {
                    category: cards.category_names[category].clone(),
                    first: cards.name(first).to_string(),
                    second: cards.name(card).to_string(),
                })
            }
            _ => chosen[category] = Some(card),
        }
    }
    let missing: Vec<String> = (0..cards.categories())
        .filter(|&category| chosen[category].is_none())
        .map(|category| cards.category_names[category].clone())
        .collect();
    if !missing.is_empty() {
        return Err(Refusal::Missing(missing));
    }
    Ok(chosen.into_iter().flatten().collect())
}

fn names(cards: &CardSet, list: &[Card]) -> Vec<String> {
    list.iter()
        .map(|&card| cards.name(card).to_string())
        .collect()
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

/// The person's input and view, and the first failure to use them.
struct Io<R, V> {
    input: R,
    view: V,
    line: Vec<u8>,
    failure: Option<Failure>,
    /// A [`replay`]: each line read is echoed to the view (a terminal
    /// echoes what is typed itself), and the end of the input leaves the
    /// game waiting at its prompt, kept in `pending`.
    replay: bool,
    pending: Option<Ask>,
    /// The seat's knowledge when its table was put away (at the end of the
    /// game, or where a replay's entries ran out): [`Replay::knowledge`].
    knowledge: Option<Knowledge>,
}

enum Failure {
    Read(io::Error),
    Write(io::Error),
}

impl<R: BufRead, V: Write> Io<R, V> {
    fn new(input: R, view: V, replay: bool) -> Self {
        Io {
            input,
            view,
            line: Vec::new(),
            failure: None,
            replay,
            pending: None,
            knowledge: None,
        }
    }

    /// Shows `text` (nothing more after a failure).
    fn say(&mut self, text: &str) {
        if self.failure.is_none() {
            if let Err(error) = self
                .view
                .write_all(text.as_bytes())
                .and_then(|()| self.view.flush())
            {
                self.failure = Some(Failure::Write(error));
            }
        }
    }

    /// Shows `prompt` and reads a line: `None` at the end of the input or
    /// after a failure; `Some(None)` for a line over [`MAX_LINE`] bytes.
    fn ask(&mut self, prompt: &str) -> Option<Option<String>> {
        self.say(prompt);
        if self.failure.is_some() {
            return None;
        }
        match read_line(&mut self.input, &mut self.line) {
            Err(error) => {
                self.failure = Some(Failure::Read(error));
                None
            }
            Ok(LineRead::End) => None,
            Ok(LineRead::TooLong) => {
                self.echo("");
                Some(None)
            }
            Ok(LineRead::Line { .. }) => {
                let line = String::from_utf8_lossy(&self.line).into_owned();
                self.echo(&line);
                Some(Some(line))
            }
        }
    }

    /// In a [`replay`], shows the line read (an over-long one as an empty
    /// line), as a terminal shows what is typed.
    fn echo(&mut self, line: &str) {
        if self.replay {
            self.say(line);
            self.say("\n");
        }
    }
}

/// The computer players and the person's seat.
struct HumanTable<'a, R, V> {
    cards: &'a CardSet,
    /// `None` at the person's seat.
    computers: Vec<Option<Player>>,
    me: Seat,
    hand: Vec<Card>,
    hand_sizes: Vec<usize>,
    envelope: Vec<Card>,
    /// What the person's seat saw, and what follows.
    knowledge: Knowledge,
    /// The turn being played (0 before the first) and its suggester.
    turn: usize,
    suggester: Seat,
    io: &'a mut Io<R, V>,
}

impl<'a, R: BufRead, V: Write> HumanTable<'a, R, V> {
    fn new(
        game: &'a Game,
        deal: &Deal,
        seats: &[Option<Strategy>],
        rngs: Vec<SplitMix64>,
        io: &'a mut Io<R, V>,
    ) -> Self {
        let cards = &game.cards;
        let hand_sizes: Vec<usize> = deal.hands.iter().map(Vec::len).collect();
        let computers = game::seat_players(cards, deal, seats.iter().copied(), rngs);
        let me = Seat(seats.iter().position(Option::is_none).unwrap_or(0));
        let hand = deal.hands[me.index()].clone();
        let category_sizes: Vec<usize> = (0..cards.categories())
            .map(|category| cards.category(category).len())
            .collect();
        let mut knowledge = Knowledge::new(&category_sizes, &hand_sizes);
        // The referee is truthful: no observation can contradict another, so
        // the engine's `Contradiction` is impossible here (and below).
        for &card in &hand {
            let _ = knowledge.holds(me.index(), card.index());
        }
        let others: Vec<usize> = (0..cards.len())
            .filter(|&card| !hand.contains(&Card(card)))
            .collect();
        let _ = knowledge.lacks_all(me.index(), &others);
        HumanTable {
            cards,
            computers,
            me,
            hand,
            hand_sizes,
            envelope: deal.envelope.clone(),
            knowledge,
            turn: 0,
            suggester: me,
            io,
        }
    }

    /// Asks until the entry fits `ask`; answers the commands on the way.
    fn ask(&mut self, ask: &Ask, prompt: &str) -> Result<Entry, Left> {
        loop {
            let entry = match self.io.ask(prompt) {
                None if self.io.replay && self.io.failure.is_none() => {
                    self.io.pending = Some(ask.clone());
                    return Err(Left);
                }
                None => return Err(self.stop("the input ended")),
                Some(None) => Err(Refusal::TooLong),
                Some(Some(line)) => interpret(self.cards, ask, &line),
            };
            let text = match entry {
                Ok(Entry::Cards(cards)) => return Ok(Entry::Cards(cards)),
                Ok(Entry::NoAccusation) => return Ok(Entry::NoAccusation),
                Ok(Entry::Quit) => return Err(self.stop("you quit")),
                Ok(Entry::Help) => self.help(),
                Ok(Entry::Notebook) => self.notebook(),
                Ok(Entry::Odds) => self.odds(),
                Ok(Entry::Hand) => self.hand(),
                Err(refusal) => format!("{refusal}\n"),
            };
            self.io.say(&text);
        }
    }

    fn stop(&mut self, why: &str) -> Left {
        let turn = self.turn;
        self.io.say(&format!(
            "\nThe game stops during turn {turn}: {why}. The transcript so far is on standard output.\n"
        ));
        Left
    }

    fn who(&self, seat: Seat) -> String {
        if seat == self.me {
            "you".to_string()
        } else {
            format!("seat {seat}")
        }
    }

    fn help(&self) -> String {
        let example: Vec<&str> = (0..self.cards.categories())
            .map(|category| self.cards.name(Card(self.cards.category(category).start)))
            .collect();
        format!(
            "\
Commands, at any prompt:
  notebook (n)  what you know of every card
  odds (o)      each card's exact chance of being in the envelope
  hand          your hand and every seat's hand size
  help          this list
  quit          stop the game (so does the end of the input, Ctrl-D)
To suggest: one card of each category ({}), in any order,
  e.g. `{}`.
To show: one of the cards listed.
To accuse: one card of each category; `no` (or an empty line) not to accuse.
",
            self.cards.category_names.join(", "),
            example.join(" ")
        )
    }

    fn hand(&self) -> String {
        let mut text = format!(
            "You are seat {} of {}. Your hand: {}.\nHand sizes:",
            self.me,
            self.hand_sizes.len(),
            names(self.cards, &self.hand).join(" ")
        );
        for (seat, size) in self.hand_sizes.iter().enumerate() {
            let you = if Seat(seat) == self.me { " (you)" } else { "" };
            let _ = write!(text, " seat {}{you} {size},", Seat(seat));
        }
        text.pop();
        text.push_str(".\n");
        text
    }

    /// Every card's known owner, or the seats (and the envelope) known not
    /// to hold it.
    fn notebook(&self) -> String {
        let cards = self.cards;
        let width = cards.card_names.iter().map(String::len).max().unwrap_or(0);
        let mut text = format!("Notebook of seat {} (you):\n", self.me);
        for category in 0..cards.categories() {
            let _ = writeln!(text, "{}", cards.category_names[category]);
            for card in cards.category(category) {
                let owner = match self.knowledge.known_owner(card) {
                    Some(Owner::Envelope) => "ENVELOPE".to_string(),
                    Some(Owner::Player(seat)) => self.who(Seat(seat)),
                    None => {
                        let mut not: Vec<String> = (0..self.hand_sizes.len())
                            .filter(|&seat| !self.knowledge.may_hold(Owner::Player(seat), card))
                            .map(|seat| self.who(Seat(seat)))
                            .collect();
                        if !self.knowledge.may_hold(Owner::Envelope, card) {
                            not.push("envelope".to_string());
                        }
                        format!("?  not: {}", not.join(", "))
                    }
                };
                let _ = writeln!(text, "  {:width$}  {owner}", cards.name(Card(card)));
            }
        }
        text
    }

    /// Each category's possible envelope cards with their chance, exact when
    /// the count fits the engine's bound.
    fn odds(&mut self) -> String {
        let cards = self.cards;
        let analysis = self.knowledge.analysis();
        let deals = analysis.deals();
        let mut text = match deals {
            Some(deals) => format!(
                "Envelope odds, exact: {deals} deals of the unseen cards fit what you saw;\n\
                 after each chance, how many of them put the card in the envelope.\n"
            ),
            None => "Envelope odds, estimated (too many deals to count exactly):\n".to_string(),
        };
        for category in 0..cards.categories() {
            let mut candidates: Vec<(f64, usize)> = cards
                .category(category)
                .map(|card| (analysis.envelope_probability(card), card))
                .filter(|&(chance, _)| chance > 0.0)
                .collect();
            candidates.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
            let mut line = format!("{}:", cards.category_names[category]);
            for (index, (chance, card)) in candidates.into_iter().enumerate() {
                let mut item = format!("{} {:.1}%", cards.name(Card(card)), 100.0 * chance);
                if let Some(with) = analysis.envelope_deals(card) {
                    let _ = write!(item, " ({with})");
                }
                if index > 0 {
                    line.push(',');
                }
                // Wrapped to 80 columns.
                if line.len() + 1 + item.len() > 80 {
                    text.push_str(&line);
                    text.push('\n');
                    line = " ".to_string();
                }
                line.push(' ');
                line.push_str(&item);
            }
            text.push_str(&line);
            text.push('\n');
        }
        text
    }

    /// The person's view of an event: private cards only when their seat
    /// saw them, never the envelope before the end.
    fn view(&self, event: &Event<'_>) -> String {
        let cards = self.cards;
        match *event {
            Event::Envelope(_) => String::new(),
            Event::Hand(seat, _) if seat.index() + 1 == self.hand_sizes.len() => {
                format!("{}Type `help` for the commands.\n", self.hand())
            }
            Event::Hand(..) => String::new(),
            Event::Suggested {
                turn,
                seat,
                cards: named,
            } => format!(
                "turn {turn}: {} {} {}\n",
                self.who(seat),
                if seat == self.me {
                    "suggest"
                } else {
                    "suggests"
                },
                names(cards, named).join(" ")
            ),
            Event::Passed(seat) if seat == self.me => "  you cannot show a card\n".to_string(),
            Event::Passed(seat) => format!("  seat {seat} cannot show a card\n"),
            Event::Showed(seat, card) if seat == self.me => format!(
                "  you show {} to {}\n",
                cards.name(card),
                self.who(self.suggester)
            ),
            Event::Showed(seat, card) if self.suggester == self.me => {
                format!("  seat {seat} shows you {}\n", cards.name(card))
            }
            Event::Showed(seat, _) => {
                format!("  seat {seat} shows {} a card\n", self.who(self.suggester))
            }
            Event::NobodyShowed => "  nobody can show a card\n".to_string(),
            Event::Accused {
                seat,
                cards: accused,
                correct,
            } => {
                let result = match (correct, seat == self.me) {
                    (true, _) => "correct".to_string(),
                    (false, true) => "wrong: you are out (you still show cards)".to_string(),
                    (false, false) => format!("wrong: seat {seat} is out"),
                };
                format!(
                    "  {} {} {}: {result}\n",
                    self.who(seat),
                    if seat == self.me { "accuse" } else { "accuses" },
                    names(cards, accused).join(" ")
                )
            }
            Event::Ended { winner, turns } => {
                let s = if turns == 1 { "" } else { "s" };
                let result = match winner {
                    Some(seat) if seat == self.me => format!("You win after {turns} turn{s}!"),
                    Some(seat) => format!("Seat {seat} wins after {turns} turn{s}."),
                    None => format!("Nobody wins after {turns} turn{s}."),
                };
                format!(
                    "{result} The envelope held {}.\n",
                    names(cards, &self.envelope).join(" ")
                )
            }
        }
    }
}

/// The referee puts the table away when the game ends or the entries run
/// out: what the seat knew then is left with its input and view, for
/// [`replay`] to return.
impl<R, V> Drop for HumanTable<'_, R, V> {
    fn drop(&mut self) {
        self.io.knowledge = Some(self.knowledge.clone());
    }
}

impl<R: BufRead, V: Write> Table for HumanTable<'_, R, V> {
    fn suggest(&mut self, cards: &CardSet, seat: Seat) -> Result<Vec<Card>, Left> {
        if let Some(player) = self.computers[seat.index()].as_mut() {
            return Ok(player.suggest(cards));
        }
        // The turn being played (the referee announces it once suggested).
        self.turn += 1;
        self.io
            .say("Your turn: suggest one card of each category.\n");
        match self.ask(&Ask::Suggest, "suggest> ")? {
            Entry::Cards(named) => Ok(named),
            _ => Err(Left),
        }
    }

    fn show(
        &mut self,
        cards: &CardSet,
        seat: Seat,
        suggester: Seat,
        eligible: &[Card],
    ) -> Result<Card, Left> {
        if let Some(player) = self.computers[seat.index()].as_mut() {
            return Ok(player.show(cards, suggester, eligible));
        }
        if let [card] = eligible[..] {
            return Ok(card);
        }
        self.io.say(&format!(
            "Seat {suggester} asks you to show one of: {}.\n",
            names(cards, eligible).join(", ")
        ));
        match self.ask(&Ask::Show(eligible.to_vec()), "show> ")? {
            Entry::Cards(shown) if shown.len() == 1 => Ok(shown[0]),
            _ => Err(Left),
        }
    }

    fn observe(&mut self, cards: &CardSet, seat: Seat, answer: &Answer<'_>) {
        if let Some(player) = self.computers[seat.index()].as_mut() {
            return player.observe(cards, answer);
        }
        let named: Vec<usize> = answer.cards.iter().map(|card| card.index()).collect();
        for passer in answer.passes {
            let _ = self.knowledge.lacks_all(passer.index(), &named);
        }
        if let Some(shower) = answer.shower {
            let _ = match answer.shown {
                Some(card) => self.knowledge.holds(shower.index(), card.index()),
                None => self.knowledge.holds_one_of(shower.index(), &named),
            };
        }
    }

    fn accuse(&mut self, cards: &CardSet, seat: Seat) -> Result<Option<Vec<Card>>, Left> {
        if let Some(player) = self.computers[seat.index()].as_mut() {
            return Ok(player.accuse(cards));
        }
        self.io
            .say("Accuse now? One card of each category, or `no` to go on.\n");
        match self.ask(&Ask::Accuse, "accuse> ")? {
            Entry::Cards(accused) => Ok(Some(accused)),
            _ => Ok(None),
        }
    }

    fn observe_accusation(
        &mut self,
        cards: &CardSet,
        seat: Seat,
        accuser: Seat,
        accusation: &[Card],
    ) {
        if let Some(player) = self.computers[seat.index()].as_mut() {
            return player.observe_accusation(cards, accuser, accusation);
        }
        let accusation: Vec<usize> = accusation.iter().map(|card| card.index()).collect();
        let _ = self.knowledge.not_envelope(&accusation);
    }

    fn announce(&mut self, _cards: &CardSet, event: &Event<'_>) {
        if let Event::Suggested { turn, seat, .. } = *event {
            self.turn = turn;
            self.suggester = seat;
        }
        let text = self.view(event);
        self.io.say(&text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny() -> CardSet {
        CardSet::from_names(&[
            ("who", &["Ann", "Bob", "odds"]),
            ("what", &["Axe", "Rope"]),
            ("where", &["Hall", "hall2", "HALL2"]),
        ])
    }

    fn card(cards: &CardSet, name: &str) -> Card {
        Card(cards.card_names.iter().position(|n| n == name).unwrap())
    }

    fn cards_of(cards: &CardSet, list: &[&str]) -> Entry {
        Entry::Cards(list.iter().map(|name| card(cards, name)).collect())
    }

    #[test]
    fn commands_are_one_word_in_any_case_at_every_prompt() {
        let cards = tiny();
        let show = Ask::Show(vec![card(&cards, "Ann")]);
        for ask in [Ask::Suggest, show, Ask::Accuse] {
            for (line, entry) in [
                ("help", Entry::Help),
                ("?", Entry::Help),
                (" Notebook ", Entry::Notebook),
                ("n", Entry::Notebook),
                ("ODDS", Entry::Odds),
                ("o", Entry::Odds),
                ("hand", Entry::Hand),
                ("quit", Entry::Quit),
                ("q", Entry::Quit),
            ] {
                assert_eq!(interpret(&cards, &ask, line), Ok(entry), "{line:?}");
            }
        }
    }

    #[test]
    fn a_suggestion_or_accusation_names_one_card_per_category_in_any_order() {
        let cards = tiny();
        let expected = cards_of(&cards, &["Bob", "Rope", "Hall"]);
        for line in [
            "Bob Rope Hall",
            "hall bob ROPE",
            "suggest Rope Hall Bob",
            "  Bob\tRope Hall ",
        ] {
            assert_eq!(
                interpret(&cards, &Ask::Suggest, line),
                Ok(expected.clone()),
                "{line}"
            );
        }
        assert_eq!(
            interpret(&cards, &Ask::Accuse, "accuse Bob Rope Hall"),
            Ok(expected.clone())
        );
        assert_eq!(
            interpret(&cards, &Ask::Accuse, "Hall Rope Bob"),
            Ok(expected)
        );
        // Naming a card twice is still one card of its category.
        assert_eq!(
            interpret(&cards, &Ask::Suggest, "Bob Bob Rope Hall"),
            Ok(cards_of(&cards, &["Bob", "Rope", "Hall"]))
        );
    }

    #[test]
    fn an_exact_name_wins_over_a_case_blind_match_and_ambiguity_is_refused() {
        let cards = tiny();
        assert_eq!(
            interpret(&cards, &Ask::Suggest, "Ann Axe hall2"),
            Ok(cards_of(&cards, &["Ann", "Axe", "hall2"]))
        );
        assert_eq!(
            interpret(&cards, &Ask::Suggest, "Ann Axe Hall2"),
            Err(Refusal::Ambiguous(
                "Hall2".to_string(),
                vec!["hall2".to_string(), "HALL2".to_string()]
            ))
        );
    }

    #[test]
    fn no_and_an_empty_line_skip_the_accusation_only() {
        let cards = tiny();
        for line in ["no", "NO", "pass", "", "   "] {
            assert_eq!(
                interpret(&cards, &Ask::Accuse, line),
                Ok(Entry::NoAccusation),
                "{line:?}"
            );
        }
        assert_eq!(
            interpret(&cards, &Ask::Accuse, "accuse"),
            Err(Refusal::Missing(vec![
                "who".to_string(),
                "what".to_string(),
                "where".to_string()
            ]))
        );
        assert_eq!(
            interpret(&cards, &Ask::Suggest, "no"),
            Err(Refusal::NotNow("no", Wanted::Suggestion))
        );
        assert_eq!(
            interpret(&cards, &Ask::Suggest, ""),
            Err(Refusal::Empty(Wanted::Suggestion))
        );
        assert_eq!(
            interpret(&cards, &Ask::Suggest, "suggest"),
            Err(Refusal::Empty(Wanted::Suggestion))
        );
    }

    #[test]
    fn a_card_to_show_must_be_one_of_the_eligible() {
        let cards = tiny();
        let eligible = vec![card(&cards, "Ann"), card(&cards, "odds")];
        let ask = Ask::Show(eligible);
        let names = vec!["Ann".to_string(), "odds".to_string()];
        assert_eq!(
            interpret(&cards, &ask, "ann"),
            Ok(cards_of(&cards, &["Ann"]))
        );
        assert_eq!(
            interpret(&cards, &ask, "show Ann"),
            Ok(cards_of(&cards, &["Ann"]))
        );
        // A command wins over a card of the same name; the verb names it.
        assert_eq!(interpret(&cards, &ask, "odds"), Ok(Entry::Odds));
        assert_eq!(
            interpret(&cards, &ask, "show odds"),
            Ok(cards_of(&cards, &["odds"]))
        );
        assert_eq!(
            interpret(&cards, &ask, "Bob"),
            Err(Refusal::NotEligible("Bob".to_string(), names.clone()))
        );
        assert_eq!(interpret(&cards, &ask, "Ann Axe"), Err(Refusal::ShowOne(2)));
        assert_eq!(
            interpret(&cards, &ask, ""),
            Err(Refusal::Empty(Wanted::Show(names.clone())))
        );
        assert_eq!(
            interpret(&cards, &ask, "no"),
            Err(Refusal::NotNow("no", Wanted::Show(names.clone())))
        );
        assert_eq!(
            interpret(&cards, &ask, "accuse Ann Axe Hall"),
            Err(Refusal::NotNow("accuse", Wanted::Show(names)))
        );
    }

    #[test]
    fn each_refusal_says_what_is_wrong_and_what_to_type() {
        let cards = tiny();
        let cases: [(Ask, &str, &str); 8] = [
            (
                Ask::Suggest,
                "Bob Rope",
                "Name one card of each category: where missing.",
            ),
            (
                Ask::Suggest,
                "Bob",
                "Name one card of each category: what, where missing.",
            ),
            (
                Ask::Suggest,
                "Ann Bob Rope Hall",
                "Ann and Bob are both who cards: name one card of each category.",
            ),
            (
                Ask::Suggest,
                "Bob Rope Hal",
                "`Hal` is neither a card nor a command (`help` lists them).",
            ),
            (
                Ask::Suggest,
                "accuse Bob Rope Hall",
                "Not `accuse` now: suggest first (you may accuse once it is answered).",
            ),
            (
                Ask::Accuse,
                "show Bob",
                "Not `show` now: accuse (one card of each category) or answer `no`.",
            ),
            (
                Ask::Accuse,
                "suggest Bob Rope Hall",
                "Not `suggest` now: accuse (one card of each category) or answer `no`.",
            ),
            (
                Ask::Show(vec![card(&cards, "Ann"), card(&cards, "Rope")]),
                "Hall",
                "You cannot show Hall: show one of Ann, Rope.",
            ),
        ];
        for (ask, line, text) in cases {
            let refusal = interpret(&cards, &ask, line).unwrap_err();
            assert_eq!(refusal.to_string(), text, "{line:?}");
        }
        assert_eq!(
            Refusal::TooLong.to_string(),
            format!("That line is longer than {MAX_LINE} bytes.")
        );
    }

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
}
