//! Priests and devils must all cross a river in a boat for at most C people,
//! never leaving priests outnumbered on a bank: find a plan with the fewest
//! crossings, from the start or from a game already under way.
//!
//! # Input
//!
//! `P D C`: the number of priests and of devils (each 0 to 1000) and the
//! boat's capacity (1 to 1000), all starting on the left bank with the boat.
//! Optionally a current state follows, `p d B`: `p` priests (0 to P) and `d`
//! devils (0 to D) stand on the left bank, the others on the right, and the
//! boat is at bank `B`, the letter `L` or `R`. Tokens are separated by any
//! white space. Anything else (a number out of range, another bank letter, a
//! missing or an extra token) is bad input.
//!
//! # Output
//!
//! `No Solution` when everyone cannot be brought to the right bank. Otherwise
//! the fewest crossings k, then the k + 1 states of the plan, from the current
//! one to the goal, one per line as
//! `left_priests left_devils right_priests right_devils boat`.
//!
//! A crossing carries 1 to C people, all from the bank where the boat is.
//! After it, with the passengers counted on the bank where they arrive, each
//! bank must hold no priest or at least as many priests as devils. The goal
//! is everyone on the right bank, wherever the boat is.
//!
//! Of all the shortest plans the one printed has the smallest list of states,
//! compared state by state, each state by its left priests and then its left
//! devils. With `--hint`, only two lines: the number of crossings still needed
//! and the next state (the current one when it is the goal), or `No Solution`.
//!
//! The bank letter is `L` or `R` exactly (not `l`, not `Left`): anything else
//! is bad input rather than a guess.
//!
//! `No Solution` covers, among others: a current state that is already lost
//! (devils outnumber priests on a bank that has priests); the boat alone on an
//! empty bank while people wait on the other one (it cannot come back);
//! and every puzzle with 0 < P < D, whose goal would leave the P priests
//! outnumbered by the D devils on the right bank.
//!
//! # The game (`--play`)
//!
//! `river-crossing --play` (the flag alone) reads the puzzle as above, then
//! plays it one line at a time: it shows the banks and the boat, and each
//! line is a crossing `a b` (a priests and b devils carried from the boat's
//! bank), `h` for the hint (the next state of the canonical plan and the
//! crossings still needed, from [`Distances::hint`], the same search as
//! `--hint`), or `q`. A move the rules forbid is refused with the reason (an
//! empty boat, over the capacity, nobody or too few on the boat's bank, or
//! which bank would have its priests outnumbered) and the game asks again;
//! only a bad puzzle is an error. The game ends at the goal (saying whether
//! that took the fewest crossings, or how many more), when the start is
//! already lost, on `q`, or at the end of the input, always with status 0.
//! The puzzle ends with the line that holds C, so that the game can show the
//! banks at once; a state `p d B` on the next line (before any crossing)
//! starts the game from there, as the judge input's optional state does.
//!
//! [`Game`] is the game as a pure state machine (a line in, a [`Turn`] out,
//! text from [`Game::render`]); [`play`] is the loop that reads and writes.
//! It is the library's one exception to "never prints", because a game must
//! answer each line before the next is typed while judge-io reads the whole
//! input first; it writes only to the writer it is given, and `main.rs`
//! hands it standard output when `--play` is the only argument.
//!
//! [`StateGraph`] is the graph a game explores, as the classic figure draws
//! it: every state a game from its start can visit, by crossings from the
//! start, and the crossings between them (the same search as the solver's,
//! started elsewhere; the river page's "How it's solved" draws it).
//!
//! ```
//! let mut transcript = Vec::new();
//! river_crossing::play(&b"1 1 2\nh\n1 1\n"[..], &mut transcript)?;
//! let transcript = String::from_utf8(transcript).unwrap();
//! assert!(transcript.ends_with(
//!     "move> Hint: `1 1`, the first of 1 crossing still needed, reaches\n  \
//!      left: 0 priests 0 devils | right: 1 priest 1 devil [boat]\n\
//!      move> left: 0 priests 0 devils | right: 1 priest 1 devil [boat]\n\
//!      Everyone is across in 1 crossing, the fewest possible, with 1 hint.\n"
//! ));
//! # Ok::<(), judge_io::Error>(())
//! ```
//!
//! # Approach
//!
//! A state is `(p, d, boat)`: the priests and devils on the left bank and the
//! boat's bank; there are `2 (P + 1) (D + 1)` of them. The moves form an
//! **undirected** graph on the safe states: carrying the same passengers
//! straight back undoes a crossing, it is within the capacity and not empty
//! for the same reason the crossing was, and it ends in the state the crossing
//! started from, which was safe. (Safety is a property of a state alone, so it
//! does not matter in which direction an edge is used.) Hence the fewest
//! crossings from any state to the goal equals the fewest from the goal to
//! that state, and **one breadth-first search from the goal** `(0, 0, R)` gives
//! every state's distance to the goal at once.
//!
//! The plan then walks forward from the current state: while its distance k is
//! not 0, step to the smallest neighbour (left priests, then left devils) whose
//! distance is k - 1. Such a neighbour always exists (the next state of any
//! shortest plan is one), every state it picks still has a shortest plan to the
//! goal, and since all plans start at the same state and the boat alternates,
//! choosing the smallest possible state at each position in turn is exactly
//! the smallest list of states.
//!
//! The goal: a crossing from the right bank always leaves someone on the
//! left, so the state with everyone across and the boat on the left is never
//! reached by a crossing, and it has no crossing of its own (the boat would
//! go empty). It is the goal only when it is given as the current state (or
//! is the start, P = D = 0); the search starts from the boat-on-the-right goal.
//!
//! The search must stay fast for P, D, C up to 1000. Trying every load
//! `(a, b)` from every state is Θ(states · C²), about 10¹². The safe states
//! have a simple shape: with p priests on the left (0 < p < P) they are the
//! `d` with `p - (P - D) <= d <= p`, plus the whole columns p = 0 and p = P
//! (none in between when P < D, only the diagonal d = p when P = D). Listing
//! only the safe targets is fast when P = D, but not when D < P: the band is
//! then P - D + 1 wide, and a state may have C · (P - D) safe neighbours. Instead, the targets of a crossing from `(p, d, L)` are the
//! states `(p', d', R)` with `p' <= p`, `d' <= d` and
//! `p' + d' >= p + d - C`: one interval of `d'` per column `p'`. Each layer
//! of the search either asks a "next unvisited" union-find per column for
//! the unvisited safe states of those intervals, visiting each state once, or,
//! when its states cover too many columns, sweeps the grid once with a
//! running minimum (see `src/distances.rs`). Either way no load is ever
//! tried on its own.
//!
//! # Complexity
//!
//! Memory: 8 bytes per state (a distance and a union-find link) plus one
//! layer of the search, about 17 MB at P = D = 1000 (nothing when
//! 0 < P < D). Time: each layer of the search costs at most one pass over
//! the `(P + 1)(D + 1)` cells (only over the part its crossings can reach)
//! and at most one union-find query per column of its states' triangles,
//! whichever is less; the plan costs at most the size of each triangle it
//! crosses. The worst inputs of the extended range take a few hundredths of
//! a second (see the crate README's benchmark).
//!
//! # Equal numbers of priests and devils
//!
//! The fewest crossings from the start for n priests and n devils with a boat
//! for C, `-` for no solution (a test recomputes every entry with the brute
//! force and with the solver):
//!
//! | n | C=1 | C=2 | C=3 | C=4 | C=5 | C=6 | C=7 | C=8 |
//! |---:|---:|---:|---:|---:|---:|---:|---:|---:|
//! | 1 | - | 1 | 1 | 1 | 1 | 1 | 1 | 1 |
//! | 2 | - | 5 | 3 | 1 | 1 | 1 | 1 | 1 |
//! | 3 | - | 11 | 5 | 3 | 3 | 1 | 1 | 1 |
//! | 4 | - | - | 9 | 5 | 3 | 3 | 3 | 1 |
//! | 5 | - | - | 11 | 7 | 5 | 3 | 3 | 3 |
//! | 6 | - | - | - | 9 | 7 | 5 | 3 | 3 |
//! | 7 | - | - | - | 11 | 7 | 5 | 5 | 3 |
//! | 8 | - | - | - | 13 | 9 | 7 | 5 | 5 |
//! | 9 | - | - | - | 15 | 11 | 7 | 7 | 5 |
//! | 10 | - | - | - | 17 | 13 | 9 | 7 | 5 |
//! | 11 | - | - | - | 19 | 15 | 9 | 7 | 7 |
//! | 12 | - | - | - | 21 | 17 | 11 | 9 | 7 |
//! | 13 | - | - | - | 23 | 19 | 11 | 9 | 7 |
//! | 14 | - | - | - | 25 | 21 | 13 | 11 | 9 |
//! | 15 | - | - | - | 27 | 23 | 13 | 11 | 9 |
//! | 16 | - | - | - | 29 | 25 | 15 | 13 | 9 |
//! | 17 | - | - | - | 31 | 27 | 15 | 13 | 11 |
//! | 18 | - | - | - | 33 | 29 | 17 | 15 | 11 |
//! | 19 | - | - | - | 35 | 31 | 17 | 15 | 11 |
//! | 20 | - | - | - | 37 | 33 | 19 | 17 | 13 |
//!
//! This agrees with the published results: a boat for one never works
//! beyond a single person (it must bring its only passenger straight back);
//! a boat for two solves only n <= 3, in 11 crossings for n = 3; a boat for
//! three only n <= 5; a boat for four every n, in 2n - 3 crossings from
//! n = 2 on (the tests check every n up to 40, and 99, 250 and 1000).
//!
//! # Example
//!
//! ```
//! use river_crossing::RiverCrossing;
//!
//! let plan = judge_io::run::<RiverCrossing>(&[], b"4 4 3\n")?;
//! assert_eq!(
//!     plan,
//!     "9\n4 4 0 0 L\n3 3 1 1 R\n4 3 0 1 L\n2 2 2 2 R\n3 3 1 1 L\n\
//!      0 3 4 1 R\n0 4 4 0 L\n0 1 4 3 R\n0 2 4 2 L\n0 0 4 4 R\n"
//! );
//! let hint = judge_io::run::<RiverCrossing>(&["--hint"], b"3 3 2\n2 2 R\n")?;
//! assert_eq!(hint, "10\n3 2 0 1 L\n");
//! assert_eq!(judge_io::run::<RiverCrossing>(&[], b"4 4 2")?, "No Solution\n");
//! # Ok::<(), judge_io::Error>(())
//! ```

mod distances;
mod game;
mod graph;
mod play;

use std::fmt::Write as _;
use std::io::Read;

use judge_io::{parse_int_in, quote, Args, Error, Input, Problem};

pub use distances::Distances;
pub use game::{banks_line, Game, Load, Refusal, Turn, PROMPT};
pub use graph::StateGraph;
pub use play::{play, play_main, read_puzzle, MAX_LINE};

/// The largest number of priests, of devils, and the largest capacity
/// accepted (the contract's extended range).
pub const MAX_COUNT: usize = 1000;

/// The `river-crossing` binary: [`parse`], then [`solve`] and [`render`], or
/// [`hint`] and [`render_hint`] with `--hint`.
#[derive(Debug, Clone, Copy)]
pub struct RiverCrossing;

/// The command-line flags.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Flags {
    /// `--hint`: print only the remaining crossings and the next state.
    pub hint: bool,
}

impl Problem for RiverCrossing {
    const USAGE: &'static str = "\
usage: river-crossing [--hint] < INPUT
   or: river-crossing --play

Reads `P D C` (priests, devils, boat capacity; P and D 0 to 1000, C 1 to 1000),
optionally followed by a current state `p d B` (priests and devils on the left
bank, boat at bank L or R; the start `P D L` when omitted). Prints the fewest
crossings that bring everyone to the right bank without devils ever
outnumbering priests on a bank with priests, then the states of the plan, one
per line as `left_priests left_devils right_priests right_devils boat`; or
`No Solution`.

  --hint   print only the crossings still needed and the next state
  --play   play the puzzle: after it, each line is a move `PRIESTS DEVILS`
           (carried from the boat's bank), `h` for a hint or `q` to quit;
           give this flag alone
  --help   print this help
";

    type Flags = Flags;
    type Case = Query;

    fn flags(args: &mut Args) -> Result<Flags, Error> {
        // `main.rs` sends `--play` alone to `play_main`, so here it came
        // with something else.
        if args.flag("--play") {
            return Err(Error::usage(
                "--play is the interactive game: give it alone, with no other flag or argument",
            ));
        }
        Ok(Flags {
            hint: args.flag("--hint"),
        })
    }

    fn read<R: Read>(_flags: &Flags, input: &mut Input<R>) -> Result<Query, Error> {
        parse(input)
    }

    fn solve(flags: &Flags, query: Query) -> Result<String, Error> {
        Ok(if flags.hint {
            render_hint(&query.puzzle, hint(&query))
        } else {
            render(&query.puzzle, solve(&query).as_deref())
        })
    }
}

/// A bank of the river.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Bank {
    /// Where everyone starts.
    Left,
    /// Where everyone must go.
    Right,
}

impl Bank {
    /// The opposite bank.
    pub fn other(self) -> Bank {
        match self {
            Bank::Left => Bank::Right,
            Bank::Right => Bank::Left,
        }
    }

    /// `L` or `R`.
    pub fn letter(self) -> char {
        match self {
            Bank::Left => 'L',
            Bank::Right => 'R',
        }
    }

    /// `left` or `right`, as the web page names the banks.
    pub fn word(self) -> &'static str {
        match self {
            Bank::Left => "left",
            Bank::Right => "right",
        }
    }
}

/// The sizes of a puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Puzzle {
    /// P, the number of priests.
    pub priests: usize,
    /// D, the number of devils.
    pub devils: usize,
    /// C, the most people the boat carries (at least 1).
    pub capacity: usize,
}

/// A moment of the game: who is on the left bank (everyone else is on the
/// right bank), and where the boat is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct State {
    /// Priests on the left bank.
    pub left_priests: usize,
    /// Devils on the left bank.
    pub left_devils: usize,
    /// The bank the boat is at.
    pub boat: Bank,
}

impl State {
    /// Everyone on the left bank with the boat: how every game begins.
    pub fn start(puzzle: &Puzzle) -> State {
        State {
            left_priests: puzzle.priests,
            left_devils: puzzle.devils,
            boat: Bank::Left,
        }
    }

    /// The priests standing on `bank` in this state of `puzzle` (those not
    /// on the left bank are on the right one).
    ///
    /// # Panics
    ///
    /// When the state has more priests on the left bank than the puzzle has.
    pub fn priests_on(&self, puzzle: &Puzzle, bank: Bank) -> usize {
        match bank {
            Bank::Left => self.left_priests,
            Bank::Right => puzzle.priests - self.left_priests,
        }
    }

    /// The devils standing on `bank` in this state of `puzzle`.
    ///
    /// # Panics
    ///
    /// When the state has more devils on the left bank than the puzzle has.
    pub fn devils_on(&self, puzzle: &Puzzle, bank: Bank) -> usize {
        match bank {
            Bank::Left => self.left_devils,
            Bank::Right => puzzle.devils - self.left_devils,
        }
    }
}

/// One question: a puzzle and the state to plan from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Query {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// The state the plan starts from.
    pub current: State,
}

/// The answer of `--hint`: how far the goal is, and the next state to reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Hint {
    /// The fewest crossings still needed.
    pub crossings: u32,
    /// The state after the next crossing of the canonical plan; the current
    /// state itself when it is the goal.
    pub next: State,
}

/// Reads `P D C`, then optionally `p d B`.
///
/// # Errors
///
/// A token that is not a number, or out of range (P, D above
/// [`MAX_COUNT`], C outside 1 to [`MAX_COUNT`], p above P, d above D), a bank
/// other than `L` or `R`, or a current state cut short.
pub fn parse<R: Read>(input: &mut Input<R>) -> Result<Query, Error> {
    let priests = input.int_in("the number of priests P", 0..=MAX_COUNT)?;
    let devils = input.int_in("the number of devils D", 0..=MAX_COUNT)?;
    let capacity = input.int_in("the boat capacity C", 1..=MAX_COUNT)?;
    input.line_end();
    let check = input.int_check();
    let puzzle = Puzzle {
        priests,
        devils,
        capacity,
    };
    let current = match input.try_token()? {
        None => State::start(&puzzle),
        Some(token) => {
            const PRIESTS: &str = "the priests on the left bank p";
            check(token, &PRIESTS)?;
            let left_priests = parse_int_in(token, PRIESTS, 0..=priests)?;
            let left_devils = input.int_in("the devils on the left bank d", 0..=devils)?;
            const BANK: &str = "the boat's bank B (L or R)";
            let bank = input.token(BANK)?;
            let boat = match bank.text {
                b"L" => Bank::Left,
                b"R" => Bank::Right,
                other => {
                    return Err(Error::at(
                        bank.pos,
                        format!("expected {BANK}, found {}", quote(other)),
                    ))
                }
            };
            input.line_end();
            State {
                left_priests,
                left_devils,
                boat,
            }
        }
    };
    Ok(Query { puzzle, current })
}

/// The canonical shortest plan from the current state to the goal, both
/// included; `None` when there is none.
///
/// # Complexity
///
/// One [`Distances::new`], then for each crossing of the plan at most one
/// look at each state of the triangle of states one crossing away.
pub fn solve(query: &Query) -> Option<Vec<State>> {
    Distances::new(query.puzzle).plan(query.current)
}

/// The fewest crossings from the current state and the next state of the
/// canonical plan; `None` when there is no plan.
pub fn hint(query: &Query) -> Option<Hint> {
    Distances::new(query.puzzle).hint(query.current)
}

/// The output for a plan: `No Solution`, or the number of crossings and the
/// states, one per line.
pub fn render(puzzle: &Puzzle, plan: Option<&[State]>) -> String {
    let plan = match plan {
        Some(plan) => plan,
        None => return "No Solution\n".to_string(),
    };
    let mut out = String::with_capacity(20 * plan.len() + 8);
    let _ = writeln!(out, "{}", plan.len().saturating_sub(1));
    for state in plan {
        write_state(&mut out, puzzle, state);
    }
    out
}

/// The output of `--hint`: `No Solution`, or the crossings still needed and
/// the next state.
pub fn render_hint(puzzle: &Puzzle, hint: Option<Hint>) -> String {
    let hint = match hint {
        Some(hint) => hint,
        None => return "No Solution\n".to_string(),
    };
    let mut out = String::new();
    let _ = writeln!(out, "{}", hint.crossings);
    write_state(&mut out, puzzle, &hint.next);
    out
}

fn write_state(out: &mut String, puzzle: &Puzzle, state: &State) {
    let _ = writeln!(
        out,
        "{} {} {} {} {}",
        state.left_priests,
        state.left_devils,
        puzzle.priests - state.left_priests,
        puzzle.devils - state.left_devils,
        state.boat.letter()
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(args: &[&str], input: &str) -> Result<String, Error> {
        judge_io::run::<RiverCrossing>(args, input.as_bytes())
    }

    #[test]
    fn first_sample_takes_eleven_crossings() {
        assert_eq!(
            run(&[], "3 3 2\n").unwrap(),
            "11\n3 3 0 0 L\n2 2 1 1 R\n3 2 0 1 L\n3 0 0 3 R\n3 1 0 2 L\n1 1 2 2 R\n\
             2 2 1 1 L\n0 2 3 1 R\n0 3 3 0 L\n0 1 3 2 R\n0 2 3 1 L\n0 0 3 3 R\n"
        );
    }

    #[test]
    fn four_pairs_with_a_boat_of_two_have_no_solution() {
        assert_eq!(run(&[], "4 4 2").unwrap(), "No Solution\n");
    }

    #[test]
    fn a_game_in_progress_continues_the_first_sample() {
        let full = run(&[], "3 3 2").unwrap();
        let rest: Vec<&str> = full.lines().skip(2).collect();
        let expected = format!("10\n{}\n", rest.join("\n"));
        assert_eq!(run(&[], "3 3 2\n2 2 R\n").unwrap(), expected);
    }

    #[test]
    fn nobody_at_all_is_already_across() {
        assert_eq!(run(&[], "0 0 1").unwrap(), "0\n0 0 0 0 L\n");
        assert_eq!(run(&[], "0 0 5 0 0 R").unwrap(), "0\n0 0 0 0 R\n");
        assert_eq!(run(&["--hint"], "0 0 5").unwrap(), "0\n0 0 0 0 L\n");
    }

    #[test]
    fn everyone_across_with_the_boat_left_behind_is_the_goal() {
        assert_eq!(run(&[], "3 2 2 0 0 L").unwrap(), "0\n0 0 3 2 L\n");
    }

    #[test]
    fn more_devils_than_priests_is_never_solvable() {
        assert_eq!(run(&[], "1 2 1000").unwrap(), "No Solution\n");
        assert_eq!(run(&[], "1 2 1000 0 0 R").unwrap(), "No Solution\n");
        assert_eq!(run(&[], "1 2 1000 0 0 L").unwrap(), "No Solution\n");
        assert_eq!(run(&["--hint"], "999 1000 3").unwrap(), "No Solution\n");
    }

    #[test]
    fn devils_alone_need_no_care() {
        assert_eq!(
            run(&[], "0 3 2").unwrap(),
            "3\n0 3 0 0 L\n0 1 0 2 R\n0 2 0 1 L\n0 0 0 3 R\n"
        );
    }

    #[test]
    fn a_lost_state_has_no_solution() {
        assert_eq!(run(&[], "3 3 2 1 2 L").unwrap(), "No Solution\n");
        assert_eq!(run(&["--hint"], "3 3 2 2 1 R").unwrap(), "No Solution\n");
    }

    #[test]
    fn a_boat_stranded_at_the_empty_bank_has_no_solution() {
        assert_eq!(run(&[], "2 1 3 2 1 R").unwrap(), "No Solution\n");
    }

    #[test]
    fn hint_at_the_goal_repeats_the_goal() {
        assert_eq!(run(&["--hint"], "3 3 2 0 0 R").unwrap(), "0\n0 0 3 3 R\n");
    }

    #[test]
    fn bad_bank_letters_are_rejected_with_their_place() {
        let error = run(&[], "3 3 2\n1 1 l").unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 2, column 5 (token 6): expected the boat's bank B (L or R), found \"l\""
        );
        assert!(run(&[], "3 3 2 1 1 LR").is_err());
    }

    #[test]
    fn counts_beyond_the_puzzle_are_rejected() {
        let error = run(&[], "3 3 2 4 0 L").unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 1, column 7 (token 4): the priests on the left bank p must be from 0 to 3, found \"4\""
        );
        assert!(run(&[], "3 3 2 0 4 L").is_err());
        assert!(run(&[], "1001 3 2").is_err());
        assert!(run(&[], "3 1001 2").is_err());
        assert!(run(&[], "3 3 0").is_err());
        assert!(run(&[], "3 3 1001").is_err());
        assert!(run(&[], "-1 3 2").is_err());
    }

    #[test]
    fn a_state_cut_short_or_followed_by_more_is_rejected() {
        assert!(run(&[], "3 3 2 1").is_err());
        assert!(run(&[], "3 3 2 1 1").is_err());
        assert!(run(&[], "3 3 2 1 1 L x").is_err());
        assert!(run(&[], "3 3").is_err());
        assert!(run(&[], "").is_err());
    }

    #[test]
    fn banks_count_the_people_not_on_the_left_as_on_the_right() {
        let puzzle = Puzzle {
            priests: 5,
            devils: 4,
            capacity: 3,
        };
        let state = State {
            left_priests: 2,
            left_devils: 4,
            boat: Bank::Right,
        };
        assert_eq!(state.priests_on(&puzzle, Bank::Left), 2);
        assert_eq!(state.devils_on(&puzzle, Bank::Left), 4);
        assert_eq!(state.priests_on(&puzzle, Bank::Right), 3);
        assert_eq!(state.devils_on(&puzzle, Bank::Right), 0);
    }

    #[test]
    fn the_plan_from_a_later_state_is_the_rest_of_the_plan() {
        let puzzle = Puzzle {
            priests: 3,
            devils: 3,
            capacity: 2,
        };
        let distances = Distances::new(puzzle);
        let whole = distances.plan(State::start(&puzzle)).unwrap();
        assert_eq!(whole.len(), 12);
        for (index, state) in whole.iter().enumerate() {
            assert_eq!(distances.plan(*state).unwrap(), whole[index..]);
        }
        let lost = State {
            left_priests: 1,
            left_devils: 2,
            boat: Bank::Left,
        };
        assert_eq!(distances.plan(lost), None);
    }

    #[test]
    fn read_puzzle_stops_after_the_line_that_holds_the_capacity() {
        let mut input = &b"3\n3 2\n2 2 R\nh\n"[..];
        let query = read_puzzle(&mut input).unwrap();
        assert_eq!(query.current, State::start(&query.puzzle));
        assert_eq!(input, b"2 2 R\nh\n");
        let mut input = &b"3 3 2 2 2 R\n1 0\n"[..];
        let query = read_puzzle(&mut input).unwrap();
        assert_eq!(
            (query.current.left_priests, query.current.boat),
            (2, Bank::Right)
        );
        assert_eq!(input, b"1 0\n");
        let error = read_puzzle(&mut &b"3 3 x\n"[..]).unwrap_err();
        assert_eq!(error, run(&[], "3 3 x\n").unwrap_err());
    }

    #[test]
    fn unknown_flags_are_usage_errors() {
        assert!(run(&["--hints"], "3 3 2").unwrap_err().is_usage());
    }
}
