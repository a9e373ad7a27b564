//! The game behind `--play`: a pure state machine that takes one line the
//! player typed and returns what happened, and a renderer that turns that
//! into text. It never reads or writes anything itself; [`play`](super::play)
//! does the I/O.
//!
//! The rules are the solver's (see the crate docs), checked here move by move
//! so that a refusal can say which rule a move breaks. The hint is the
//! solver's own: one [`Distances`] search when the game starts, then
//! [`Distances::hint`] for each `h`.

use std::fmt::Write as _;

use judge_io::{parse_int_in, quote, Pos, Token};

use super::{Bank, Distances, Hint, Puzzle, Query, State};

/// The prompt written before each line the game reads.
pub const PROMPT: &str = "move> ";

/// A game of priests and devils in progress.
#[derive(Debug, Clone)]
pub struct Game {
    puzzle: Puzzle,
    distances: Distances,
    /// Where this game began (the crossings are counted from here).
    start: State,
    state: State,
    crossings: u32,
    hints: u32,
    over: bool,
}

/// What the player asks the boat to carry, from the bank where it is. The
/// counts are as typed, in `u64` (not `usize`), so that a refusal names the
/// same number on every target: a `usize` of 32 bits (WebAssembly) would
/// turn 5000000000 into 4294967295.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Load {
    /// Priests in the boat.
    pub priests: u64,
    /// Devils in the boat.
    pub devils: u64,
}

impl Load {
    /// The people the boat carries from `from` to `to`, one crossing apart:
    /// the difference of the two states, counted on the bank the boat
    /// leaves. This is how a hint, or a step of a plan, becomes the move a
    /// player types.
    ///
    /// ```
    /// use river_crossing::{Bank, Load, State};
    ///
    /// let start = State { left_priests: 3, left_devils: 3, boat: Bank::Left };
    /// let next = State { left_priests: 2, left_devils: 2, boat: Bank::Right };
    /// assert_eq!(Load::between(start, next), Load { priests: 1, devils: 1 });
    /// assert_eq!(Load::between(next, start), Load { priests: 1, devils: 1 });
    /// ```
    pub fn between(from: State, to: State) -> Load {
        // usize to u64 loses nothing on any target Rust supports.
        let moved = |a: usize, b: usize| u64::try_from(a.abs_diff(b)).unwrap_or(u64::MAX);
        Load {
            priests: moved(to.left_priests, from.left_priests),
            devils: moved(to.left_devils, from.left_devils),
        }
    }
}

/// What one line of the player did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Turn {
    /// A blank line: nothing happens.
    Nothing,
    /// The boat crossed with `load`; the game is over when this reached the
    /// goal.
    Crossed(Load),
    /// The line was not a move the rules allow; the state is unchanged.
    Refused(Refusal),
    /// `h`: the solver's hint from the current state, `None` when the goal
    /// cannot be reached from it.
    Hinted(Option<Hint>),
    /// A state `p d B` before the first crossing: the game starts over from
    /// it (the judge input's optional current state, typed on its own line).
    StartedAt(State),
    /// `q`: the game is over.
    Quit,
}

impl Turn {
    /// What the turn did, in one word: `nothing`, `crossed`, `refused`,
    /// `hinted`, `started` or `quit` (the web page's names).
    pub fn word(&self) -> &'static str {
        match self {
            Turn::Nothing => "nothing",
            Turn::Crossed(_) => "crossed",
            Turn::Refused(_) => "refused",
            Turn::Hinted(_) => "hinted",
            Turn::StartedAt(_) => "started",
            Turn::Quit => "quit",
        }
    }
}

/// Why a line was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// Neither a move, nor `h`, nor `q` (the text, quoted and cut to 40
    /// bytes).
    NotAMove(String),
    /// `0 0`.
    EmptyBoat,
    /// More people than the boat holds.
    OverCapacity {
        /// People in the load (`u64::MAX` when they pass it).
        people: u64,
    },
    /// Nobody on the boat's bank to take it across.
    NobodyToRow,
    /// More priests than stand on the boat's bank.
    NotEnoughPriests {
        /// The priests there.
        there: usize,
    },
    /// More devils than stand on the boat's bank.
    NotEnoughDevils {
        /// The devils there.
        there: usize,
    },
    /// After the crossing, devils would outnumber the priests on these banks
    /// (one or both), in the state named.
    Outnumbered {
        /// The banks where the priests would be outnumbered.
        banks: Vec<Bank>,
        /// The state the crossing would reach.
        after: State,
    },
    /// A state `p d B` with more priests or devils than the puzzle has.
    StateOutsidePuzzle,
    /// A state `p d B` after the first crossing.
    StateTooLate,
}

impl Game {
    /// A game of `query.puzzle` from `query.current`. Searches the whole
    /// puzzle once (see [`Distances::new`]), so hints cost almost nothing.
    pub fn new(query: &Query) -> Game {
        let mut game = Game {
            puzzle: query.puzzle,
            distances: Distances::new(query.puzzle),
            start: query.current,
            state: query.current,
            crossings: 0,
            hints: 0,
            over: false,
        };
        game.over = game.is_settled();
        game
    }

    /// The puzzle being played.
    pub fn puzzle(&self) -> Puzzle {
        self.puzzle
    }

    /// Where the game began: the puzzle's start, its given state, or the
    /// state a `p d B` line started it over from.
    pub fn start(&self) -> State {
        self.start
    }

    /// Who is where now.
    pub fn state(&self) -> State {
        self.state
    }

    /// The crossings made so far.
    pub fn crossings(&self) -> u32 {
        self.crossings
    }

    /// The distances of the game's puzzle, searched once when the game
    /// began: what its hints read, and the rest of the canonical plan from
    /// wherever the game stands ([`Distances::plan`]).
    pub fn distances(&self) -> &Distances {
        &self.distances
    }

    /// The rest of the canonical plan from the current state
    /// ([`Distances::plan`]), as the crossings a player would type, each
    /// with the state it reaches: empty at the goal, `None` when no plan is
    /// left.
    pub fn rest_of_plan(&self) -> Option<Vec<(Load, State)>> {
        let plan = self.distances.plan(self.state)?;
        Some(
            plan.windows(2)
                .map(|step| (Load::between(step[0], step[1]), step[1]))
                .collect(),
        )
    }

    /// The passengers of the hint's crossing when `turn`, the last turn, is
    /// a hint with a plan ([`Turn::Hinted`]); `None` otherwise.
    pub fn hinted_load(&self, turn: &Turn) -> Option<Load> {
        match turn {
            Turn::Hinted(Some(hint)) => Some(Load::between(self.state, hint.next)),
            _ => None,
        }
    }

    /// True once the river is crossed, the game was lost from the start, or
    /// the player quit: no further line is read.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// Plays one line the player typed (without its line end).
    pub fn enter(&mut self, line: &[u8]) -> Turn {
        let turn = match parse_entry(line) {
            Entry::Blank => Turn::Nothing,
            Entry::Hint => {
                self.hints += 1;
                Turn::Hinted(self.distances.hint(self.state))
            }
            Entry::Quit => {
                self.over = true;
                Turn::Quit
            }
            Entry::Carry(load) => match self.check_move(load) {
                Ok(next) => {
                    self.state = next;
                    self.crossings += 1;
                    Turn::Crossed(load)
                }
                Err(refusal) => Turn::Refused(refusal),
            },
            Entry::StartAt(left_priests, left_devils, boat) => {
                let on_left = within(left_priests, self.puzzle.priests)
                    .zip(within(left_devils, self.puzzle.devils));
                if self.crossings > 0 {
                    Turn::Refused(Refusal::StateTooLate)
                } else if let Some((left_priests, left_devils)) = on_left {
                    let state = State {
                        left_priests,
                        left_devils,
                        boat,
                    };
                    self.start = state;
                    self.state = state;
                    Turn::StartedAt(state)
                } else {
                    Turn::Refused(Refusal::StateOutsidePuzzle)
                }
            }
            Entry::Other => Turn::Refused(Refusal::NotAMove(cut(line))),
        };
        if !self.over {
            self.over = self.is_settled();
        }
        turn
    }

    /// The state after carrying `load` from the boat's bank, or why the
    /// rules forbid it. The checks come in the order a player thinks of
    /// them: the boat first (empty, too full), then the bank (nobody there,
    /// too few), then the safety of both banks after the crossing.
    pub fn check_move(&self, load: Load) -> Result<State, Refusal> {
        let people = load.priests.saturating_add(load.devils);
        if people == 0 {
            return Err(Refusal::EmptyBoat);
        }
        if within(people, self.puzzle.capacity).is_none() {
            return Err(Refusal::OverCapacity { people });
        }
        let (priests_there, devils_there) = self.on_bank(self.state.boat);
        if priests_there + devils_there == 0 {
            return Err(Refusal::NobodyToRow);
        }
        let priests = match within(load.priests, priests_there) {
            Some(priests) => priests,
            None => {
                return Err(Refusal::NotEnoughPriests {
                    there: priests_there,
                })
            }
        };
        let devils = match within(load.devils, devils_there) {
            Some(devils) => devils,
            None => {
                return Err(Refusal::NotEnoughDevils {
                    there: devils_there,
                })
            }
        };
        let after = match self.state.boat {
            Bank::Left => State {
                left_priests: self.state.left_priests - priests,
                left_devils: self.state.left_devils - devils,
                boat: Bank::Right,
            },
            Bank::Right => State {
                left_priests: self.state.left_priests + priests,
                left_devils: self.state.left_devils + devils,
                boat: Bank::Left,
            },
        };
        let banks = self.outnumbered_banks(after);
        if banks.is_empty() {
            Ok(after)
        } else {
            Err(Refusal::Outnumbered { banks, after })
        }
    }

    /// Everything the game says before the first prompt: the puzzle, how to
    /// play, the banks, and the end already when the game cannot start.
    pub fn opening(&self) -> String {
        let puzzle = self.puzzle;
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{} and {} must cross the river in a boat for {}.",
            count(puzzle.priests, "priest"),
            count(puzzle.devils, "devil"),
            count(puzzle.capacity, "person"),
        );
        out.push_str(
            "Devils must never outnumber the priests on a bank where priests stand.\n\
             Type the priests and devils to carry from the boat's bank (such as `1 1`),\n\
             `h` for a hint, or `q` to quit.\n",
        );
        out.push_str(&self.standing());
        out
    }

    /// How the game stands: the banks, and the end of the game when it has
    /// come. The end of [`Game::opening`], after the keys to type: what the
    /// terminal says last before its first prompt (the web page shows it
    /// before the first entry).
    pub fn standing(&self) -> String {
        let mut out = String::new();
        self.write_banks(&mut out, self.state);
        self.write_settled(&mut out);
        out
    }

    /// The text for `turn`, the result of the last [`Game::enter`]: what
    /// happened, the banks when they changed, and the end of the game when
    /// it came.
    pub fn render(&self, turn: &Turn) -> String {
        let mut out = String::new();
        match turn {
            Turn::Nothing => {}
            Turn::Crossed(_) | Turn::StartedAt(_) => self.write_banks(&mut out, self.state),
            Turn::Refused(refusal) => self.write_refusal(&mut out, refusal),
            Turn::Hinted(hint) => self.write_hint(&mut out, *hint),
            Turn::Quit => {
                let _ = writeln!(
                    out,
                    "You quit after {}.",
                    count_u32(self.crossings, "crossing")
                );
            }
        }
        if !matches!(turn, Turn::Quit) {
            self.write_settled(&mut out);
        }
        out
    }

    /// What the game says when the input ends before the game does.
    pub fn end_of_input(&self) -> String {
        format!(
            "\nThe input ended after {}, with the river not crossed.\n",
            count_u32(self.crossings, "crossing")
        )
    }

    /// The game ends by itself at the goal, and in a state already lost.
    fn is_settled(&self) -> bool {
        self.is_goal() || !self.outnumbered_banks(self.state).is_empty()
    }

    fn is_goal(&self) -> bool {
        self.state.left_priests == 0 && self.state.left_devils == 0
    }

    /// The priests and devils on `bank`.
    fn on_bank(&self, bank: Bank) -> (usize, usize) {
        (
            self.state.priests_on(&self.puzzle, bank),
            self.state.devils_on(&self.puzzle, bank),
        )
    }

    fn outnumbered_banks(&self, state: State) -> Vec<Bank> {
        let mut banks = Vec::new();
        for bank in [Bank::Left, Bank::Right] {
            let priests = state.priests_on(&self.puzzle, bank);
            let devils = state.devils_on(&self.puzzle, bank);
            if priests > 0 && devils > priests {
                banks.push(bank);
            }
        }
        banks
    }

    fn write_banks(&self, out: &mut String, state: State) {
        out.push_str(&banks_line(self.puzzle, state));
        out.push('\n');
    }

    /// The end of the game, when the state ends it (nothing otherwise).
    fn write_settled(&self, out: &mut String) {
        if self.is_goal() {
            let fewest = self.distances.distance(self.start).unwrap_or(0);
            let _ = write!(
                out,
                "Everyone is across in {}",
                count_u32(self.crossings, "crossing")
            );
            match self.crossings.checked_sub(fewest) {
                Some(0) | None => out.push_str(", the fewest possible"),
                Some(more) => {
                    let _ = write!(out, ", {more} more than the fewest ({fewest})");
                }
            }
            if self.hints > 0 {
                let _ = write!(out, ", with {}", count_u32(self.hints, "hint"));
            }
            out.push_str(".\n");
        } else {
            let banks = self.outnumbered_banks(self.state);
            if !banks.is_empty() {
                let _ = writeln!(
                    out,
                    "The devils already outnumber the priests on {}: this game is lost.",
                    bank_names(&banks)
                );
            }
        }
    }

    fn write_refusal(&self, out: &mut String, refusal: &Refusal) {
        let here = self.state.boat.word();
        let _ = match refusal {
            Refusal::NotAMove(text) => writeln!(
                out,
                "{text} is not a move: type the priests and devils to carry (such as `1 1`), \
                 `h` or `q`."
            ),
            Refusal::EmptyBoat => {
                writeln!(
                    out,
                    "The boat cannot cross empty: carry at least one person."
                )
            }
            Refusal::OverCapacity { people } => writeln!(
                out,
                "The boat holds at most {}, not {people}.",
                count(self.puzzle.capacity, "person")
            ),
            Refusal::NobodyToRow => writeln!(
                out,
                "Nobody is on the {here} bank, where the boat is, to take it across."
            ),
            Refusal::NotEnoughPriests { there } => writeln!(
                out,
                "{} on the {here} bank, where the boat is.",
                only(*there, "priest")
            ),
            Refusal::NotEnoughDevils { there } => writeln!(
                out,
                "{} on the {here} bank, where the boat is.",
                only(*there, "devil")
            ),
            Refusal::Outnumbered { banks, after } => writeln!(
                out,
                "Unsafe: the devils would outnumber the priests on {} ({}).",
                bank_names(banks),
                banks_line(self.puzzle, *after)
            ),
            Refusal::StateOutsidePuzzle => writeln!(
                out,
                "This puzzle has {} and {}: a state cannot have more on the left bank.",
                count(self.puzzle.priests, "priest"),
                count(self.puzzle.devils, "devil")
            ),
            Refusal::StateTooLate => writeln!(
                out,
                "A state `p d L` or `p d R` can only be given before the first crossing."
            ),
        };
    }

    fn write_hint(&self, out: &mut String, hint: Option<Hint>) {
        let hint = match hint {
            Some(hint) => hint,
            None => {
                out.push_str(
                    "No hint: from here the river cannot be crossed safely (`q` quits).\n",
                );
                return;
            }
        };
        let load = Load::between(self.state, hint.next);
        let _ = writeln!(
            out,
            "Hint: `{} {}`, the first of {} still needed, reaches",
            load.priests,
            load.devils,
            count_u32(hint.crossings, "crossing")
        );
        let _ = writeln!(out, "  {}", banks_line(self.puzzle, hint.next));
    }
}

/// `left: 3 priests 3 devils [boat] | right: 0 priests 0 devils`.
pub fn banks_line(puzzle: Puzzle, state: State) -> String {
    let boat = |bank: Bank| if state.boat == bank { " [boat]" } else { "" };
    format!(
        "left: {} {}{} | right: {} {}{}",
        count(state.priests_on(&puzzle, Bank::Left), "priest"),
        count(state.devils_on(&puzzle, Bank::Left), "devil"),
        boat(Bank::Left),
        count(state.priests_on(&puzzle, Bank::Right), "priest"),
        count(state.devils_on(&puzzle, Bank::Right), "devil"),
        boat(Bank::Right),
    )
}

/// One line the player typed, parsed but not yet checked against the rules.
enum Entry {
    Blank,
    Hint,
    Quit,
    Carry(Load),
    StartAt(u64, u64, Bank),
    Other,
}

/// Reads a line: `h` or `hint`, `q` or `quit` (any case), two counts (a
/// load), or two counts and `L` or `R` (a state). Counts follow judge-io's
/// integer rules (a `+`, leading zeros); a count too large for `u64`
/// becomes `u64::MAX`, which no bank holds, so it is refused as too many.
fn parse_entry(line: &[u8]) -> Entry {
    let words: Vec<&[u8]> = line
        .split(|byte| byte.is_ascii_whitespace())
        .filter(|word| !word.is_empty())
        .take(4)
        .collect();
    match words[..] {
        [] => Entry::Blank,
        [word] if word.eq_ignore_ascii_case(b"h") || word.eq_ignore_ascii_case(b"hint") => {
            Entry::Hint
        }
        [word] if word.eq_ignore_ascii_case(b"q") || word.eq_ignore_ascii_case(b"quit") => {
            Entry::Quit
        }
        [priests, devils] => match (parse_count(priests), parse_count(devils)) {
            (Some(priests), Some(devils)) => Entry::Carry(Load { priests, devils }),
            _ => Entry::Other,
        },
        [priests, devils, bank] => {
            let boat = match bank {
                b"L" => Bank::Left,
                b"R" => Bank::Right,
                _ => return Entry::Other,
            };
            match (parse_count(priests), parse_count(devils)) {
                (Some(priests), Some(devils)) => Entry::StartAt(priests, devils, boat),
                _ => Entry::Other,
            }
        }
        _ => Entry::Other,
    }
}

fn parse_count(word: &[u8]) -> Option<u64> {
    let token = Token {
        text: word,
        pos: Pos {
            line: 0,
            column: 0,
            token: 0,
        },
    };
    match parse_int_in::<u64>(token, "a count", 0..=u64::MAX) {
        Ok(value) => Some(value),
        // Digits too many for a u64 are a count, just more than any bank.
        Err(_) if is_unsigned_number(word) => Some(u64::MAX),
        Err(_) => None,
    }
}

/// `count` as a `usize` when it is at most `most` (a bank's or the boat's
/// count, at most 1000); `None` when it is more.
fn within(count: u64, most: usize) -> Option<usize> {
    usize::try_from(count).ok().filter(|&count| count <= most)
}

/// Digits, after an optional `+`.
fn is_unsigned_number(word: &[u8]) -> bool {
    let digits = word.strip_prefix(b"+").unwrap_or(word);
    !digits.is_empty() && digits.iter().all(u8::is_ascii_digit)
}

/// The line as typed, for a refusal: quoted and cut the way judge-io quotes
/// input in its errors.
fn cut(line: &[u8]) -> String {
    quote(trim(line))
}

fn trim(line: &[u8]) -> &[u8] {
    let start = line
        .iter()
        .position(|byte| !byte.is_ascii_whitespace())
        .unwrap_or(line.len());
    let end = line
        .iter()
        .rposition(|byte| !byte.is_ascii_whitespace())
        .map_or(start, |last| last + 1);
    &line[start..end]
}

fn bank_names(banks: &[Bank]) -> String {
    match banks {
        [bank] => format!("the {} bank", bank.word()),
        _ => "both banks".to_string(),
    }
}

/// `1 priest`, `2 priests`, `0 priests`; `person` becomes `people`.
fn count(n: usize, noun: &str) -> String {
    match (n, noun) {
        (1, _) => format!("1 {noun}"),
        (_, "person") => format!("{n} people"),
        _ => format!("{n} {noun}s"),
    }
}

fn count_u32(n: u32, noun: &str) -> String {
    count(usize::try_from(n).unwrap_or(usize::MAX), noun)
}

/// `No priest is`, `Only 1 priest is`, `Only 2 priests are`.
fn only(n: usize, noun: &str) -> String {
    match n {
        0 => format!("No {noun} is"),
        1 => format!("Only 1 {noun} is"),
        _ => format!("Only {} are", count(n, noun)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(priests: usize, devils: usize, capacity: usize) -> Game {
        let puzzle = Puzzle {
            priests,
            devils,
            capacity,
        };
        Game::new(&Query {
            puzzle,
            current: State::start(&puzzle),
        })
    }

    #[test]
    fn every_turn_has_its_word() {
        let mut game = game(3, 3, 2);
        assert_eq!(game.enter(b"").word(), "nothing");
        assert_eq!(game.enter(b"1 0").word(), "refused");
        assert_eq!(game.enter(b"h").word(), "hinted");
        assert_eq!(game.enter(b"3 3 L").word(), "started");
        assert_eq!(game.enter(b"1 1").word(), "crossed");
        assert_eq!(game.enter(b"q").word(), "quit");
        assert_eq!((Bank::Left.word(), Bank::Right.word()), ("left", "right"));
    }

    #[test]
    fn a_hint_carries_the_plans_first_load() {
        let mut game = game(3, 3, 2);
        let plan = game.rest_of_plan().unwrap();
        assert_eq!(plan.len(), 11);
        let turn = game.enter(b"h");
        assert_eq!(game.hinted_load(&turn), Some(plan[0].0));
        assert_eq!(game.hinted_load(&Turn::Nothing), None);
        let crossing = plan[0].0;
        let line = format!("{} {}", crossing.priests, crossing.devils);
        game.enter(line.as_bytes());
        assert_eq!(game.state(), plan[0].1);
        assert_eq!(game.rest_of_plan().unwrap(), plan[1..]);
    }

    #[test]
    fn the_plan_is_empty_at_the_goal_and_missing_when_lost() {
        let mut game = game(1, 1, 2);
        game.enter(b"1 1");
        assert_eq!(game.rest_of_plan(), Some(Vec::new()));
        let mut lost = self::game(4, 4, 2);
        assert_eq!(lost.rest_of_plan(), None);
        let turn = lost.enter(b"h");
        assert_eq!(turn, Turn::Hinted(None));
        assert_eq!(lost.hinted_load(&turn), None);
    }
}
