//! A stone is placed on a Go board of any rectangular size: does it capture
//! an opponent group (`K.O.`), leave its own group without a liberty
//! (`Suicide`), or neither (`Safe`)?
//!
//! Stones of one colour that touch up, down, left or right form a *group*;
//! its *liberties* are the empty points next to any of its stones; a group
//! without liberties is captured.
//!
//! # Input
//!
//! Lines, of which blank ones (empty, or only white space) are skipped and
//! trailing white space (a `\r` of a `\r\n` line end included) is ignored:
//!
//! - every line but the last is a board row of `.` (empty), `O` (white) and
//!   `X` (black), all rows the same length, at least one row; any other
//!   character, a leading space included, is bad input;
//! - the last line is the move `x y c`: a stone of colour `c` (`O` or `X`)
//!   goes on row `x`, column `y`, both counted from 0 from the top left. The
//!   point must be on the board and empty. The tokens are separated by
//!   spaces or tabs; the numbers may have leading zeros or a `+`; the colour
//!   is exactly `O` or `X` (not `o`, `x` or `0`).
//!
//! Where the contract is silent: a last line made only of `.`, `O` and `X`
//! is reported as a missing move line (it cannot be a move), and a single
//! line that could be a move as a missing board. A line among the rows that
//! looks like a move is a row with a bad character, since only the last line
//! is the move. Errors are reported in reading order: the first bad row, then
//! the move's tokens from left to right, then an occupied point.
//!
//! The judge's boards are 9x9; any size works (4000x4000 and more), limited
//! only by memory.
//!
//! Bad input is reported with its line and column: a character that is not a
//! point, a row of another length than the first, input whose last line is
//! a board row (the move line is missing), input with one line only (the
//! board is missing), a move line without three tokens, a row or column that
//! is not a number or is off the board, an occupied point, a colour other
//! than `O` or `X`.
//!
//! # Output
//!
//! One line, decided in this order:
//!
//! 1. `K.O.` when an opponent group next to the new stone has no liberty
//!    once the stone is down (groups elsewhere are not looked at, even a
//!    group the input already left without liberties);
//! 2. `Suicide` when the new stone's group has no liberty;
//! 3. `Safe` otherwise.
//!
//! So a stone that fills its own last liberty while capturing is a capture.
//! With `--show`, the board after the move follows, one row per line: the
//! captured stones removed after `K.O.`, the new stone added after `Safe`,
//! the board unchanged after `Suicide` (the move is not allowed).
//!
//! ```
//! let input = b".........\n.........\n...O.....\n..O.O....\n..XOX....\n...X.....\n\
//!               .........\n.........\n.........\n3 3 X\n";
//! assert_eq!(judge_io::run::<go_ko::GoKo>(&[], input).unwrap(), "K.O.\n");
//! let shown = judge_io::run::<go_ko::GoKo>(&["--show"], b"XO.\n.X.\n0 2 X\n").unwrap();
//! assert_eq!(shown, "K.O.\nX.X\n.X.\n");
//! ```
//!
//! # Approach
//!
//! Put the stone down, then search each opponent group next to it for a
//! liberty, then (when none was captured) the stone's own group. Three points
//! make it right and fast:
//!
//! - **A group touching the stone twice is one group.** An opponent group
//!   can touch the new stone on two, three or four sides. Every stone a
//!   search finishes is marked with the number of that search, and a side
//!   whose stone is already marked starts no new search, so each group is
//!   searched, counted and (when captured) removed exactly once. (Searching
//!   it again from its second side while the first search's marks are still
//!   in place would find no unmarked liberty and wrongly capture it: a known
//!   bug of published solutions.)
//! - **No recursion, no stack.** The search is depth first over *runs* (the
//!   maximal stretches of the group's stones in one row), and its path lives
//!   in the board: the stone a run was entered by holds, in two spare bits of
//!   its byte, the side (above or below) its predecessor lies on. Finishing a
//!   run means following that link back and going on with the predecessor's
//!   scan just after the place that led to the run. A snake-shaped group of
//!   eight million stones needs no memory beyond the board.
//! - **Long runs go a chunk at a time.** Looking above and below a run, and
//!   marking it, is done 32 points at a time with branch-free loops that the
//!   compiler turns into vector code, falling back to point by point only
//!   where a chunk holds a new run to enter.
//!
//! Afterwards one sweep over the rows the searches reached turns every mark
//! back into its stone, or into an empty point for a captured group.
//!
//! The board is read line by line into one byte per point. Which line is the
//! last (the move) is known only at the end, so each line is stored as it
//! comes and checked as a row when the next one arrives; the move line is
//! parsed where it lies and then cut off, so the input text is never held a
//! second time.
//!
//! # Complexity
//!
//! Time linear in the input's length: reading and checking the rows, plus
//! searches linear in the size of the groups next to the move, plus the
//! sweep over the rows they span. Memory: one byte per point, plus the
//! reader's 64 KiB buffer (more only for a single row longer than that);
//! `--show` writes its output over the board's storage, adding one byte per
//! row.
//!
//! # Replaying SGF records (`--sgf`)
//!
//! With `--sgf` the input is an SGF collection (`FF[3]` or `FF[4]`, `GM[1]`): the
//! main line of each game (the first variation at every branch) is
//! replayed, setup (`AB`, `AW`, `AE`), moves and passes (`B[]`, `B[tt]` up
//! to 19x19) on a board of `SZ[n]` or `SZ[c:r]` up to 52 (19 when absent),
//! every other property skipped. For each game: `game K: M moves, black
//! captured A, white captured B`, then the final position (not with
//! `--summary`). The rules: by default simple ko and no suicide;
//! `--rules tromp-taylor` suicide and positional superko; `--rules nz`
//! suicide and situational superko ([`Rules`], defined exactly in the
//! README). An illegal move is the error `game K, move M (B[pd]): why`
//! ([`Illegal`]), or with `--keep-going` that line in the game's place; a
//! malformed record is an error with its line and column.
//!
//! ```
//! let record = b"(;GM[1]SZ[3];B[ba];W[aa];B[ab](;W[cc])(;W[bb]))";
//! let answer = judge_io::run::<go_ko::GoKo>(&["--sgf"], record).unwrap();
//! assert_eq!(answer, "game 1: 4 moves, black captured 1, white captured 0\n.X.\nX..\n..O\n");
//! let error = judge_io::run::<go_ko::GoKo>(&["--sgf"], b"(;B[aa];W[aa])").unwrap_err();
//! assert_eq!(error.to_string(), "game 1, move 2 (W[aa]): the point is occupied");
//! ```
//!
//! The reader streams: each game is replayed as it is read, on the same
//! board core ([`Game`] wraps it), and only its report ([`GameReport`]: its
//! counts and final board) is kept afterwards; nesting is a counter, never
//! recursion. Time is linear in the input plus the group searches of the
//! moves (see [`Game::play`]); memory is one game's board (and, under
//! superko, its history) plus the reports and the output written from them
//! ([`render_games`]), each about a byte per point of the final boards.

// For pages that show the judge at work: entries played by hand as SGF
// nodes ([`Record`]) and Go's facts in sentences ([`Explanation`],
// [`Viewed`]), in `entry.rs` and `words.rs`.
mod board;
mod coords;
mod entry;
mod game;
mod parse;
mod sgf;
mod words;

use std::fmt;
use std::io::Read;

use judge_io::{Args, Error, Input, Problem};

pub use board::{Board, Group, Groups, Scope, SearchStep, Stone, Whose};
pub use coords::{column_name, name_of, point_name, sgf_letters, sgf_move, sgf_point, Grid};
pub use entry::{Entered, Entry, EntryKind, Record};
pub use game::{Game, Illegal, Rules};
pub use sgf::{
    render_games, replay, replay_observed, Finished, Follow, FollowedNode, GameReport, IllegalMove,
    NodeReport, Observer, SgfOptions,
};
pub use words::{captured_line, unshown, Ending, Explanation, Viewed};

/// The `go-ko` judge program, for [`judge_io::main`] and [`judge_io::run`].
pub struct GoKo;

/// The command-line flags.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Flags {
    /// `--show`: print the board after the move below the verdict.
    pub show: bool,
    /// `--sgf` (with `--rules`, `--summary`, `--keep-going`): replay SGF
    /// records instead.
    pub sgf: Option<SgfOptions>,
}

/// What is read: one position, or (with `--sgf`) what became of each game,
/// replayed while reading so that no game but its report is kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Case {
    /// A board and a move.
    Position(Position),
    /// The games of `--sgf`, in order.
    Replayed(Vec<GameReport>),
}

impl Problem for GoKo {
    const USAGE: &'static str = "\
usage: go-ko [--show] < INPUT
       go-ko --sgf [--rules simple|tromp-taylor|nz] [--summary] [--keep-going] < SGF
Reads a Go board (rows of '.', 'O' and 'X', any rectangle) and then a line
\"x y c\" that puts a stone of colour c (O or X) on row x, column y (counted
from 0). Prints K.O. if the stone captures an opponent group next to it,
otherwise Suicide if its own group has no liberty left, otherwise Safe.

  --show    also print the board after the move (captures removed; unchanged
            after Suicide)
  --sgf     read an SGF collection instead and replay each game's main line:
            prints \"game K: M moves, black captured A, white captured B\" and
            the final board; an illegal move is an error
  --rules R simple (default: simple ko, no suicide), tromp-taylor (suicide,
            positional superko) or nz (suicide, situational superko)
  --summary print only the first line of each game
  --keep-going  an illegal move ends its game with a line
            \"game K, move M (B[pd]): why\" on the output, then go on
  --help    print this help
";

    type Flags = Flags;
    type Case = Case;

    fn flags(args: &mut Args) -> Result<Flags, Error> {
        let show = args.flag("--show");
        let sgf = args.flag("--sgf");
        let rules = args.value("--rules")?;
        let summary = args.flag("--summary");
        let keep_going = args.flag("--keep-going");
        if !sgf {
            if rules.is_some() || summary || keep_going {
                return Err(Error::usage(
                    "--rules, --summary and --keep-going go with --sgf",
                ));
            }
            return Ok(Flags { show, sgf: None });
        }
        if show {
            return Err(Error::usage(
                "--show is for one stone; --sgf always shows the boards (--summary leaves them out)",
            ));
        }
        let rules = match rules.as_deref() {
            None => Rules::SimpleKo,
            Some(name) => Rules::named(name).ok_or_else(|| {
                Error::usage(format!(
                    "--rules takes simple, tromp-taylor or nz, found {name:?}"
                ))
            })?,
        };
        Ok(Flags {
            show,
            sgf: Some(SgfOptions {
                rules,
                summary,
                keep_going,
            }),
        })
    }

    fn read<R: Read>(flags: &Flags, input: &mut Input<R>) -> Result<Case, Error> {
        match &flags.sgf {
            None => parse(input).map(Case::Position),
            Some(options) => replay(input, options).map(Case::Replayed),
        }
    }

    fn solve(flags: &Flags, case: Case) -> Result<String, Error> {
        Ok(match case {
            Case::Position(position) => render(solve(position), flags.show),
            Case::Replayed(reports) => render_games(&reports),
        })
    }
}

/// The position to judge: a board, and the move about to be played on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    /// The board before the move.
    pub board: Board,
    /// The move; its point is on the board and empty.
    pub mv: Move,
}

/// A stone about to be placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    /// The row, counted from 0 at the top.
    pub row: usize,
    /// The column, counted from 0 at the left.
    pub col: usize,
    /// The colour of the stone.
    pub stone: Stone,
}

/// What the move does, in the contract's order of precedence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// `K.O.`: it captures at least one opponent group.
    Capture,
    /// `Suicide`: it captures nothing and its own group has no liberty.
    Suicide,
    /// `Safe`: neither.
    Safe,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::Capture => "K.O.",
            Verdict::Suicide => "Suicide",
            Verdict::Safe => "Safe",
        })
    }
}

/// The verdict and the board after the move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// What the move does.
    pub verdict: Verdict,
    /// The board afterwards: captured stones removed after a capture, the
    /// new stone in place after a safe move, unchanged after a suicide.
    pub board: Board,
    /// How many opponent groups were captured (0 unless the verdict is
    /// [`Verdict::Capture`]).
    pub captured_groups: usize,
}

/// Reads a position (see the crate docs for the format and the errors).
///
/// # Errors
///
/// Bad input, with its line and column.
///
/// # Complexity
///
/// Linear in the length of the input; memory one byte per point.
pub fn parse<R: Read>(input: &mut Input<R>) -> Result<Position, Error> {
    parse::parse(input)
}

/// Plays the move and judges it.
///
/// # Panics
///
/// If the move's point is off the board. (A point that is not empty is
/// checked only in debug builds; [`parse`] never returns one.)
///
/// # Complexity
///
/// Linear in the number of points of the groups next to the move.
pub fn solve(position: Position) -> Outcome {
    let Position { mut board, mv } = position;
    assert!(
        mv.row < board.rows() && mv.col < board.cols(),
        "the move is off the board"
    );
    let played = board.play(mv.row, mv.col, mv.stone);
    Outcome {
        verdict: verdict_of(played),
        board,
        captured_groups: played.captured_groups,
    }
}

/// The verdict of what [`board::Board::play`] found, in the contract's order.
fn verdict_of(played: board::Played) -> Verdict {
    if played.captured_groups > 0 {
        Verdict::Capture
    } else if !played.own_group_has_liberty {
        Verdict::Suicide
    } else {
        Verdict::Safe
    }
}

/// The groups [`solve`] searches for `position`'s move (see [`Groups`]).
///
/// # Panics
///
/// As [`solve`].
///
/// # Complexity
///
/// A copy of the board, then linear in the groups next to the move plus
/// the rows they span.
pub fn groups(position: &Position) -> Groups {
    let Position { board, mv } = position;
    assert!(
        mv.row < board.rows() && mv.col < board.cols(),
        "the move is off the board"
    );
    let mut board = board.clone();
    board.groups_around(mv.row, mv.col, mv.stone)
}

/// The searches [`solve`] runs for a move, in its order, and the verdict
/// they lead to: for showing the judge at work, step by step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trace {
    /// The new stone's point, `row * cols + col`.
    pub point: usize,
    /// Its colour.
    pub stone: Stone,
    /// The searches: first each opponent group next to the stone (its sides
    /// taken right, left, below, above; a group already searched from
    /// another side is not searched again), then, only when none was
    /// captured, the stone's own group. Never empty: a move captures, or
    /// its own group is looked at.
    pub steps: Vec<SearchStep>,
    /// What the searches decide, as [`solve`]'s.
    pub verdict: Verdict,
}

/// The searches [`solve`] runs for `position`'s move ([`Trace`]): the same
/// play, on a copy of the board, with every search recorded.
///
/// # Panics
///
/// As [`solve`].
///
/// # Complexity
///
/// A copy of the board, then [`solve`]'s searches plus a pass over the rows
/// each whole search reached, and the points recorded.
pub fn trace(position: &Position) -> Trace {
    let Position { board, mv } = position;
    assert!(
        mv.row < board.rows() && mv.col < board.cols(),
        "the move is off the board"
    );
    let mut board = board.clone();
    let mut steps = Vec::new();
    let played = board.play_traced(mv.row, mv.col, mv.stone, None, Some(&mut steps));
    Trace {
        point: mv.row * board.cols() + mv.col,
        stone: mv.stone,
        steps,
        verdict: verdict_of(played),
    }
}

/// The output: the verdict line, then with `show` the board after the move
/// (written in the board's own storage, which is why the outcome is taken).
pub fn render(outcome: Outcome, show: bool) -> String {
    let verdict = format!("{}\n", outcome.verdict);
    if !show {
        return verdict;
    }
    let text = outcome.board.into_text(verdict.as_bytes());
    // Every byte is one of `.XO\n` or from the verdict: the conversion cannot
    // fail, and the lossy fallback keeps this function free of panics anyway.
    String::from_utf8(text)
        .unwrap_or_else(|error| String::from_utf8_lossy(error.as_bytes()).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(args: &[&str], input: &str) -> Result<String, String> {
        judge_io::run::<GoKo>(args, input.as_bytes()).map_err(|error| error.to_string())
    }

    const SAMPLE_CAPTURE: &str = ".........\n.........\n...O.....\n..O.O....\n..XOX....\n\
                                  ...X.....\n.........\n.........\n.........\n3 3 X\n";
    const SAMPLE_SUICIDE: &str = ".O.......\nOO.......\n.........\n.........\n.........\n\
                                  .........\n.........\n.........\n.........\n0 0 X\n";
    const SAMPLE_SAFE: &str = ".........\n.........\n.........\n.........\n.........\n\
                               .........\n.........\n.........\n.........\n4 4 O\n";

    #[test]
    fn the_three_samples() {
        assert_eq!(run(&[], SAMPLE_CAPTURE).unwrap(), "K.O.\n");
        assert_eq!(run(&[], SAMPLE_SUICIDE).unwrap(), "Suicide\n");
        assert_eq!(run(&[], SAMPLE_SAFE).unwrap(), "Safe\n");
    }

    #[test]
    fn capture_wins_over_suicide() {
        // The new X at (3,3) has no liberty, but it takes the O at (4,3).
        let shown = run(&["--show"], SAMPLE_CAPTURE).unwrap();
        let rows: Vec<&str> = shown.lines().collect();
        assert_eq!(rows[0], "K.O.");
        assert_eq!(rows[4], "..OXO....");
        assert_eq!(rows[5], "..X.X....");
    }

    #[test]
    fn show_after_suicide_leaves_the_board_unchanged() {
        let shown = run(&["--show"], ".O.\nOO.\n...\n0 0 X\n").unwrap();
        assert_eq!(shown, "Suicide\n.O.\nOO.\n...\n");
    }

    #[test]
    fn show_after_safe_adds_the_stone() {
        assert_eq!(
            run(&["--show"], "..\n..\n1 0 O\n").unwrap(),
            "Safe\n..\nO.\n"
        );
    }

    #[test]
    fn groups_not_touching_the_stone_are_not_looked_at() {
        // The X at (0,0) has no liberty already; playing far away is Safe.
        assert_eq!(
            run(&["--show"], "XO.\nO..\n...\n2 2 X\n").unwrap(),
            "Safe\nXO.\nO..\n..X\n"
        );
    }

    #[test]
    fn several_groups_captured_at_once() {
        let outcome = solve(parse(&mut Input::new(&b".X.\nXOX\nO.O\nXOX\n2 1 X\n"[..])).unwrap());
        assert_eq!(outcome.verdict, Verdict::Capture);
        // Four single O stones, each with the new stone as its last liberty.
        assert_eq!(outcome.captured_groups, 4);
        assert_eq!(render(outcome, true), "K.O.\n.X.\nX.X\n.X.\nX.X\n");
    }

    #[test]
    fn line_ends_trailing_spaces_and_blank_lines_are_ignored() {
        let input = "\r\n  \nX. \r\n\t\n.X\r\n\r\n 0 1   O \r\n\n";
        assert_eq!(run(&["--show"], input).unwrap(), "Suicide\nX.\n.X\n");
    }

    #[test]
    fn errors_name_their_line_and_column() {
        let cases = [
            ("", "line 1, column 1: expected the board and then the move line, found end of input"),
            ("\n \n", "line 3, column 1: expected the board and then the move line, found end of input"),
            ("0 0 X\n", "line 1, column 1: expected the board before the move line, but this is the only non-blank line"),
            ("..\n..\n", "line 3, column 1: expected the move line \"x y c\" after the board rows, found end of input"),
            ("..", "line 1, column 3: expected the move line \"x y c\" after the board rows, found end of input"),
            ("..\n.a\n0 0 X", "line 2, column 2: expected a point of the board ('.', 'O' or 'X'), found \"a\""),
            (" ..\n..\n0 0 X", "line 1, column 1: expected a point of the board ('.', 'O' or 'X'), found \" \""),
            ("..\n.\t.\n0 0 X", "line 2, column 2: expected a point of the board ('.', 'O' or 'X'), found \"\\t\""),
            ("...\n..\n0 0 X", "line 2, column 3: board row 2 has 2 points, but the first row has 3 (rows must all be the same length)"),
            ("..\n...\n0 0 X", "line 2, column 3: board row 2 has 3 points, but the first row has 2 (rows must all be the same length)"),
            ("..\n0 0 X\n..\n1 1 X", "line 2, column 1: expected a point of the board ('.', 'O' or 'X'), found \"0\" (every non-blank line but the last is a board row)"),
            ("..\n..\n0 0", "line 3, column 4: expected the colour c (O or X) on the move line \"x y c\", found the end of the line"),
            ("..\n..\n0", "line 3, column 2: expected the column y on the move line \"x y c\", found the end of the line"),
            ("..\n..\n0 0 X X", "line 3, column 7 (token 4): the move line has three tokens \"x y c\", found more: \"X\""),
            ("..\n..\n2 0 X", "line 3, column 1 (token 1): the row x must be from 0 to 1, found \"2\""),
            ("..\n..\n0 -1 X", "line 3, column 3 (token 2): the column y must be from 0 to 1, found \"-1\""),
            ("..\n..\nA 0 X", "line 3, column 1 (token 1): expected the row x (an integer from 0 to 1), found \"A\""),
            ("..\n..\n0 0 x", "line 3, column 5 (token 3): expected the colour c (O or X), found \"x\""),
            ("..\n..\n0 0 B", "line 3, column 5 (token 3): expected the colour c (O or X), found \"B\""),
            ("..\n.O\n 1  1 X", "line 3, column 2 (token 1): the point at row 1, column 1 is not empty (it holds O)"),
        ];
        for (input, expected) in cases {
            assert_eq!(run(&[], input).unwrap_err(), expected, "input {input:?}");
        }
    }

    #[test]
    fn unknown_flags_are_usage_errors() {
        let error = judge_io::run::<GoKo>(&["--shw"], b"..\n0 0 X\n").unwrap_err();
        assert!(error.is_usage());
    }
}
