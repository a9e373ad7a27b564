//! Nim: n piles of stones, a move takes any positive number of stones from
//! one pile, and whoever takes the last stone wins. Does the first player
//! win? Also many games at once, the winning move, S-Nim (`--moves`) and
//! misère Nim (`--misere`), where whoever takes the last stone loses.
//!
//! # Input
//!
//! The number of piles n, then the n pile sizes a_1 ... a_n: every number
//! any `u64` (0 to 18446744073709551615), separated by any white space.
//! Fewer than n piles, a negative or oversized number, or anything left
//! over is bad input (status 1). The piles are not kept, so n is bounded
//! only by the length of the input.
//!
//! # Output
//!
//! `Yes` if the first player wins, otherwise `No` (with no piles at all, or
//! only empty ones, the first player cannot move and loses).
//!
//! # Flags (any combination)
//!
//! - `--cases`: the input starts with T, the number of games, followed by T
//!   games as above; one `Yes`/`No` line per game (T = 0 prints nothing).
//! - `--move`: after `Yes`, a line `i k`: taking k stones from pile i
//!   (1-based) wins. It is the winning move on the smallest pile index that
//!   has one, and on that pile the smallest k. After `No`, nothing more.
//! - `--moves LIST` (S-Nim): a move takes exactly s stones from one pile,
//!   for some s in LIST (1 to 100 distinct sizes from 1 to 10000, comma
//!   separated, as in `stone-game --moves`). The rule of 10^7 positions of
//!   [`stone_game::subtraction`] applies to the Grundy values of the set: if
//!   they do not repeat within the first 10^7 positions, a pile of 10^7 or
//!   more is bad input (status 1).
//! - `--misere`: the misère rule, whoever takes the last stone **loses**
//!   (with no stone at all, the first player has already won: the opponent
//!   took the last one). With `--move`, the winning move under that rule,
//!   chosen as above; a won game with no stone left prints `Yes` and no
//!   move line, since there is no move to make. With `--moves` it is a usage
//!   error (status 2): misère subtraction games do not follow the XOR rule,
//!   and their theory is not implemented here.
//!
//! # Judge targets (`--judge TARGET`, alone)
//!
//! - `luogu-p2197` (Luogu P2197, the Nim template): `T`, then T games of
//!   `n` and n piles; `Yes` or `No` per game. Exactly `--cases`.
//! - `kattis-snim` (Kattis `snim`, S-Nim): one case: `k s_1 .. s_k`, the
//!   move sizes (1 to 10000 each, repeats allowed, at most 100 distinct),
//!   then `m`, then m positions, each `l h_1 .. h_l` (l heaps and their
//!   sizes). The output is one line of m letters: `W` when the position is
//!   won for the player to move, `L` when it is lost.
//! - `hdu-1536` (HDU 1536, the same problem as POJ 2960): cases as in
//!   `kattis-snim`, one after another, the last followed by a lone `0`; one
//!   line of letters per case. A missing final `0` is bad input.
//! - `luogu-p1247` (Luogu P1247 取火柴游戏, the winning move): `k`, then k
//!   piles. When the first player wins, `a b` (take a matches from pile b:
//!   of all winning moves the one with the smallest b, then the smallest a,
//!   which is `--move`'s choice with the two numbers swapped), then the k
//!   piles after that move on one line, separated by single spaces;
//!   otherwise `lose`. The piles are kept for that second line (8 bytes
//!   each).
//! - `luogu-p4279` (Luogu P4279 \[SHOI2008\] 小约翰的游戏, the same as HDU 1907
//!   and POJ 3480 "John"): `T`, then T games of `N` and N piles, misère Nim:
//!   `John` when the first player wins, `Brother` otherwise, one line per
//!   game. Exactly `--cases --misere` in other words.
//!
//! The judges promise k, m, l <= 100 and heaps up to 10000; here m, l and the
//! heaps are any `u64` (a heap of 2^16 or more starts the cycle search, as
//! `--moves` does), and k any count whose sizes hold at most 100 distinct
//! ones. Grundy values are then at most 100, so below 128 as the winning-move
//! pass needs.
//!
//! # Approach
//!
//! By the Sprague-Grundy theorem a sum of games is lost for the player to
//! move iff the XOR of the Grundy values of its parts is 0. A Nim pile of a
//! stones has Grundy value a (it can move to every smaller size), so the
//! first player wins iff X = a_1 XOR ... XOR a_n is not 0 (Bouton). An
//! S-Nim pile has the Grundy value of its size in the subtraction game,
//! from [`stone_game::subtraction`]: a table of the values of one preperiod
//! and period, found by cycle search, with every pile reduced into it.
//!
//! A winning move goes to XOR 0, so it turns some pile of value g into a
//! pile of value g XOR X. In Nim that is possible iff g XOR X < g, that is
//! iff the pile has the highest set bit of X, and then by exactly
//! k = g - (g XOR X). So one pass that remembers, for each of the 64 bits,
//! the first pile having it finds the move once X is known, without
//! keeping the piles. In S-Nim a move can also raise a Grundy value, so a
//! pile wins for X iff one of its moves reaches value g XOR X; with Grundy
//! values of at most 100 (|S| <= 100), X < 128, and the pass remembers, for each of the
//! 128 possible X, the first pile that wins for it (a pile of value g that
//! reaches values R wins for exactly the X in {g XOR r : r in R}). The
//! smallest k is then the smallest move size reaching g XOR X.
//!
//! **Misère Nim** (Bouton): with some pile of two or more stones the
//! first player wins iff X is not 0, as in Nim; with every pile at most 1
//! the first player wins iff X is 0 (an even number of ones). Why: call a
//! position *lost* when (some pile >= 2 and X = 0) or (every pile <= 1 and
//! X = 1). A position with no stone is won (X = 0, every pile <= 1), as the
//! rule says. From a lost position every move leads to a won one: with
//! piles <= 1 and an odd count of ones, a move leaves an even count; with
//! X = 0 and a pile >= 2 there are in fact two such piles (one alone would
//! leave a high bit in X), so after any move a pile >= 2 is left and X is
//! no longer 0. From a won position some move leads to a lost one: with
//! every pile <= 1 and an even, non-zero count of ones, take a one; with
//! exactly one pile >= 2, shrink it to 0 or 1 so that the count of ones is
//! odd; with two or more piles >= 2 and X != 0, Nim's move (to X = 0)
//! leaves a pile >= 2 behind. Every game ends, so by induction on the
//! stones the positions called lost are exactly those the player to move
//! loses. The winning move on a pile is unique (the lost positions one
//! move away differ in that pile only, and the argument above shows at
//! most one fits), so the smallest pile with one decides: the pile >= 2
//! when it is the only one, the first pile of one stone when all are <= 1,
//! Nim's pile otherwise. The pass keeps the number of piles >= 2 (up to 2),
//! the first of them, the parity of the ones and the first one.
//!
//! Decisions where the contract is silent: n and T may be any `u64` (a
//! count larger than the input is an error at its end, nothing is
//! allocated from it); an S-Nim pile too large for a set that does not
//! repeat is reported at that pile, even if the game's answer would not
//! need it.
//!
//! # Complexity
//!
//! Nim: O(length of the input) time, O(1) memory beyond the 64 KiB input
//! buffer, `--move` included. S-Nim: O(|S|) per pile with `--move` (O(1)
//! without), plus the one-off cycle search: milliseconds for most sets; for
//! a set whose Grundy values do not repeat within 10^7 positions, two passes
//! over them (about 0.3 s with 16 moves, 2 s with 64, 3 s with 100, on a
//! loaded machine),
//! and at most five passes for one that repeats just before. Memory is the
//! table of Grundy values, one byte per position of the preperiod and period
//! (or up to the largest pile below 10^7 for a set that does not repeat), at
//! most about 10 MB, whatever n is.
//!
//! ```
//! use nim::Nim;
//! assert_eq!(judge_io::run::<Nim>(&[], b"3\n1 2 3\n").unwrap(), "No\n");
//! assert_eq!(judge_io::run::<Nim>(&["--move"], b"2\n1 2\n").unwrap(), "Yes\n2 1\n");
//! assert_eq!(
//!     judge_io::run::<Nim>(&["--judge", "kattis-snim"], b"2 2 5 3 2 5 12 3 2 4 7 4 2 3 7 12").unwrap(),
//!     "LWW\n"
//! );
//! assert_eq!(
//!     judge_io::run::<Nim>(&["--cases", "--moves", "2,5"], b"2  1 3  2 1 1").unwrap(),
//!     "Yes\nNo\n"
//! );
//! ```

use std::fmt::{self, Write as _};
use std::io::Read;

use judge_io::{Args, Error, Input, Pos, Problem, Target};
use stone_game::subtraction::{MoveSet, MAX_MOVE, MAX_MOVES};

pub mod figure;
mod game;
mod grundy;
pub mod page;
mod solve;
mod strategy;

pub use game::{refusal, Choice, Game, Player, Variant};
pub use grundy::GrundyTable;
pub use solve::{solve_nim, solve_s_nim, Move, Rule, Verdict};

use solve::{NimPass, SNimPass};

/// The `nim` binary.
pub struct Nim;

/// The parsed command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Flags {
    /// `--cases`: the input holds T games.
    pub cases: bool,
    /// `--move`: print a winning move after `Yes`.
    pub winning_move: bool,
    /// `--moves LIST`: S-Nim with this subtraction set; `None` for Nim.
    pub moves: Option<MoveSet>,
    /// The S-Nim judges' layout, where each case brings its own move set;
    /// `None` for ours.
    pub s_nim_cases: Option<SNimCases>,
    /// `--misere`: whoever takes the last stone loses (plain Nim only).
    pub misere: bool,
    /// How each game's answer is written.
    pub format: Format,
}

/// How a game's answer is written (judge targets with their own words).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// `Yes` or `No`, and with `--move` the line `i k` (ours).
    YesNo,
    /// Luogu P1247: `a b` (take a from pile b) and the piles after the move,
    /// or `lose`. Implies the winning move and keeps the piles.
    TakeAndPiles,
    /// Luogu P4279: `John` (the first player wins) or `Brother`.
    JohnBrother,
}

/// How many cases an input in the S-Nim judges' layout holds (see the crate
/// docs, "Judge targets").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SNimCases {
    /// Exactly one (Kattis `snim`).
    One,
    /// Any number, the last followed by a lone `0` (HDU 1536, POJ 2960).
    UntilZero,
}

impl Problem for Nim {
    const USAGE: &'static str = "\
usage: nim [--cases] [--move] [--moves LIST | --misere] < INPUT
Reads n and n pile sizes, and prints `Yes` if the first player wins Nim (a
move takes any number of stones from one pile; taking the last stone wins),
`No` otherwise.
  --cases       the input starts with T, the number of games; one line each
  --move        after `Yes`, print `i k`: take k stones from pile i to win
                (the smallest pile index that has a winning move, then the
                smallest k)
  --moves LIST  S-Nim: a move takes exactly s stones, s in LIST: 1 to 100
                distinct sizes from 1 to 10000, comma separated (such as 2,5)
  --misere      misere Nim: whoever takes the last stone loses (not with
                --moves)
  --help        print this help
";

    const TARGETS: &'static [Target<Flags>] = &[
        Target {
            name: "luogu-p2197",
            problem: "Luogu P2197, the Nim template: T games of n piles, Yes or No",
            flags: || Flags {
                cases: true,
                ..Flags::default()
            },
        },
        Target {
            name: "kattis-snim",
            problem: "Kattis snim, S-Nim: one move set, m positions, one line of W/L",
            flags: || Flags {
                s_nim_cases: Some(SNimCases::One),
                ..Flags::default()
            },
        },
        Target {
            name: "hdu-1536",
            problem: "HDU 1536 = POJ 2960, S-Nim: cases as in snim until a lone 0",
            flags: || Flags {
                s_nim_cases: Some(SNimCases::UntilZero),
                ..Flags::default()
            },
        },
        Target {
            name: "luogu-p1247",
            problem: "Luogu P1247, matches: k piles; the winning move and the piles after, or lose",
            flags: || Flags {
                winning_move: true,
                format: Format::TakeAndPiles,
                ..Flags::default()
            },
        },
        Target {
            name: "luogu-p4279",
            problem: "Luogu P4279 = HDU 1907, misere Nim: T games, John or Brother",
            flags: || Flags {
                cases: true,
                misere: true,
                format: Format::JohnBrother,
                ..Flags::default()
            },
        },
    ];

    type Flags = Flags;
    /// The rendered answer: each game is decided as its piles stream past,
    /// in one linear pass, so reading is all the work there is.
    type Case = String;

    fn flags(args: &mut Args) -> Result<Flags, Error> {
        let moves = match args.value("--moves")? {
            Some(list) => Some(MoveSet::parse(&list)?),
            None => None,
        };
        let misere = args.flag("--misere");
        if misere && moves.is_some() {
            return Err(Error::usage(
                "--misere is plain Nim only: misere subtraction games do not follow the XOR rule",
            ));
        }
        Ok(Flags {
            cases: args.flag("--cases"),
            winning_move: args.flag("--move"),
            moves,
            misere,
            ..Flags::default()
        })
    }

    fn read<R: Read>(flags: &Flags, input: &mut Input<R>) -> Result<String, Error> {
        if let Some(cases) = flags.s_nim_cases {
            return read_s_nim_cases(input, cases);
        }
        let games = if flags.cases {
            let games = input.int::<u64>("the number of games T")?;
            input.line_end();
            games
        } else {
            1
        };
        let mut grundy = flags.moves.clone().map(GrundyTable::new);
        let mut output = String::new();
        let mut piles = Vec::new();
        let rule = if flags.misere {
            Rule::Misere
        } else {
            Rule::Normal
        };
        for game in 0..games {
            let game = flags.cases.then_some(game + 1);
            let keep = (flags.format == Format::TakeAndPiles).then_some(&mut piles);
            let verdict = match &mut grundy {
                None => read_nim_game(input, game, flags.winning_move, rule, keep)?,
                Some(table) => read_s_nim_game(input, game, flags.winning_move, table, keep)?,
            };
            match flags.format {
                Format::YesNo => render(verdict, &mut output),
                Format::JohnBrother => output.push_str(match verdict {
                    Verdict::Yes { .. } => "John\n",
                    Verdict::No => "Brother\n",
                }),
                Format::TakeAndPiles => render_take_and_piles(verdict, &piles, &mut output),
            }
        }
        Ok(output)
    }

    fn solve(_flags: &Flags, answer: String) -> Result<String, Error> {
        Ok(answer)
    }
}

impl Flags {
    /// The game the flags choose: S-Nim with `--moves`, misère Nim with
    /// `--misere`, Nim otherwise.
    pub fn variant(&self) -> Variant {
        match (&self.moves, self.misere) {
            (Some(moves), _) => Variant::Subtraction(moves.clone()),
            (None, true) => Variant::Misere,
            (None, false) => Variant::Normal,
        }
    }
}

impl Default for Flags {
    /// Plain Nim, one game, no move: the contract with no flag.
    fn default() -> Flags {
        Flags {
            cases: false,
            winning_move: false,
            moves: None,
            s_nim_cases: None,
            misere: false,
            format: Format::YesNo,
        }
    }
}

/// Reads and decides the S-Nim judges' layout: per case `k s_1 .. s_k` (the
/// move sizes, repeats allowed), `m`, and m positions `l h_1 .. h_l`; one
/// line per case, a letter per position: `W` when the player to move wins,
/// `L` otherwise. With [`SNimCases::UntilZero`] cases follow each other
/// until a lone `k = 0`.
pub fn read_s_nim_cases<R: Read>(input: &mut Input<R>, cases: SNimCases) -> Result<String, Error> {
    let mut output = String::new();
    for case in 1u64.. {
        let first = match cases {
            SNimCases::One => 1,
            SNimCases::UntilZero => 0,
        };
        let (sizes, pos) = input.int_in_at::<u64>(MoveName::Count { case }, first..=u64::MAX)?;
        if sizes == 0 {
            input.line_end();
            break;
        }
        let moves = read_move_set(input, sizes, case, pos)?;
        input.line_end();
        let mut table = GrundyTable::new(moves);
        let positions = input.int::<u64>(MoveName::Positions { case })?;
        input.line_end();
        for position in 1..=positions {
            let letter = match read_s_nim_game(input, Some(position), false, &mut table, None)? {
                Verdict::Yes { .. } => 'W',
                Verdict::No => 'L',
            };
            output.push(letter);
        }
        output.push('\n');
        if cases == SNimCases::One {
            break;
        }
    }
    Ok(output)
}

/// Reads the `count` move sizes of S-Nim case `case` (their count stood at
/// `count_pos`): each from 1 to [`MAX_MOVE`], repeats allowed, at most
/// [`MAX_MOVES`] distinct.
fn read_move_set<R: Read>(
    input: &mut Input<R>,
    count: u64,
    case: u64,
    count_pos: Pos,
) -> Result<MoveSet, Error> {
    let mut sizes: Vec<u16> = Vec::new();
    for index in 1..=count {
        let (size, pos) = input.int_in_at::<u16>(MoveName::Size { index, case }, 1..=MAX_MOVE)?;
        if !sizes.contains(&size) {
            if sizes.len() == MAX_MOVES {
                return Err(Error::at(
                    pos,
                    format!("case {case} has more than {MAX_MOVES} distinct move sizes"),
                ));
            }
            sizes.push(size);
        }
    }
    MoveSet::new(&sizes).ok_or_else(|| Error::at(count_pos, "internal: a checked move set"))
}

/// What a number of the S-Nim judges' layout stands for, in error messages.
enum MoveName {
    Count { case: u64 },
    Size { index: u64, case: u64 },
    Positions { case: u64 },
}

impl fmt::Display for MoveName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MoveName::Count { case } => write!(f, "the number of move sizes k of case {case}"),
            MoveName::Size { index, case } => write!(f, "move size {index} of case {case}"),
            MoveName::Positions { case } => {
                write!(f, "the number of positions m of case {case}")
            }
        }
    }
}

/// Reads one Nim game (n, then n piles) and decides it under `rule`, one
/// pile at a time as it reads them (the same pass as [`solve_nim`]); with
/// `winning_move`, also finds the winning move. `game` numbers the game in
/// error messages under `--cases`; `keep`, when given, receives the piles
/// (cleared first).
pub fn read_nim_game<R: Read>(
    input: &mut Input<R>,
    game: Option<u64>,
    winning_move: bool,
    rule: Rule,
    mut keep: Option<&mut Vec<u64>>,
) -> Result<Verdict, Error> {
    let piles = read_count(input, game)?;
    input.line_end();
    if let Some(kept) = keep.as_deref_mut() {
        kept.clear();
    }
    let mut pass = NimPass::new(rule, winning_move);
    for index in 0..piles {
        let (size, _) = read_pile(input, index, piles, game)?;
        if let Some(kept) = keep.as_deref_mut() {
            kept.push(size);
        }
        pass.add(index, size);
    }
    input.line_end();
    Ok(pass.verdict())
}

/// Reads one S-Nim game under the subtraction set of `table` and decides it,
/// as [`read_nim_game`] does for Nim (the same pass as [`solve_s_nim`]).
pub fn read_s_nim_game<R: Read>(
    input: &mut Input<R>,
    game: Option<u64>,
    winning_move: bool,
    table: &mut GrundyTable,
    mut keep: Option<&mut Vec<u64>>,
) -> Result<Verdict, Error> {
    let piles = read_count(input, game)?;
    if let Some(kept) = keep.as_deref_mut() {
        kept.clear();
    }
    let mut pass = SNimPass::new(winning_move);
    for index in 0..piles {
        let (size, pos) = read_pile(input, index, piles, game)?;
        if let Some(kept) = keep.as_deref_mut() {
            kept.push(size);
        }
        pass.add(table, index, size)
            .map_err(|too_large| Error::at(pos, too_large.to_string()))?;
    }
    input.line_end();
    pass.verdict(table)
}

/// Reads one game's n and n piles as the binary reads them (its errors,
/// word for word: with S-Nim, a pile too large to have a Grundy value is
/// one) and keeps them, for a [`Game`] of `variant`.
pub fn read_piles<R: Read>(input: &mut Input<R>, variant: &Variant) -> Result<Vec<u64>, Error> {
    let mut piles = Vec::new();
    let keep = Some(&mut piles);
    match variant {
        Variant::Normal => read_nim_game(input, None, false, Rule::Normal, keep)?,
        Variant::Misere => read_nim_game(input, None, false, Rule::Misere, keep)?,
        Variant::Subtraction(moves) => {
            let mut table = GrundyTable::new(moves.clone());
            read_s_nim_game(input, None, false, &mut table, keep)?
        }
    };
    Ok(piles)
}

/// Appends the output lines of one game.
pub fn render(verdict: Verdict, output: &mut String) {
    match verdict {
        Verdict::No => output.push_str("No\n"),
        Verdict::Yes { winning_move } => {
            output.push_str("Yes\n");
            if let Some(Move { pile, take }) = winning_move {
                // Writing to a String cannot fail.
                let _ = writeln!(output, "{pile} {take}");
            }
        }
    }
}

/// Appends Luogu P1247's answer: `a b` (take a from pile b) and the piles
/// after the move, separated by single spaces; or `lose`.
pub fn render_take_and_piles(verdict: Verdict, piles: &[u64], output: &mut String) {
    match verdict {
        Verdict::Yes {
            winning_move: Some(Move { pile, take }),
        } => {
            // Writing to a String cannot fail.
            let _ = writeln!(output, "{take} {pile}");
            for (number, &size) in (1u64..).zip(piles) {
                if number > 1 {
                    output.push(' ');
                }
                let size = if number == pile { size - take } else { size };
                let _ = write!(output, "{size}");
            }
            output.push('\n');
        }
        // A won game always has a move in normal Nim; `lose` otherwise.
        Verdict::Yes { winning_move: None } | Verdict::No => output.push_str("lose\n"),
    }
}

fn read_count<R: Read>(input: &mut Input<R>, game: Option<u64>) -> Result<u64, Error> {
    input.int::<u64>(Name::Count { game })
}

/// Reads pile `index` (0-based) of `piles`: its size and where it stands.
fn read_pile<R: Read>(
    input: &mut Input<R>,
    index: u64,
    piles: u64,
    game: Option<u64>,
) -> Result<(u64, Pos), Error> {
    input.int_in_at::<u64>(Name::Pile { index, piles, game }, 0..=u64::MAX)
}

/// What a number of the input stands for, in error messages. It is only
/// formatted when an error needs it, so naming every pile costs nothing.
enum Name {
    Count {
        game: Option<u64>,
    },
    Pile {
        index: u64,
        piles: u64,
        game: Option<u64>,
    },
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let game = match *self {
            Name::Count { game } => {
                f.write_str("the number of piles n")?;
                game
            }
            Name::Pile { index, piles, game } => {
                write!(f, "pile {} of {piles}", index + 1)?;
                game
            }
        };
        match game {
            Some(game) => write!(f, " of game {game}"),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(args: &[&str], input: &str) -> Result<String, Error> {
        judge_io::run::<Nim>(args, input.as_bytes())
    }

    #[test]
    fn the_samples_of_the_contract() {
        assert_eq!(run(&[], "3\n1 2 3\n").unwrap(), "No\n");
        assert_eq!(run(&[], "2\n1 2\n").unwrap(), "Yes\n");
    }

    #[test]
    fn no_piles_or_empty_piles_lose() {
        assert_eq!(run(&[], "0").unwrap(), "No\n");
        assert_eq!(run(&["--move"], "3 0 0 0").unwrap(), "No\n");
        assert_eq!(run(&["--moves", "1"], "0").unwrap(), "No\n");
        assert_eq!(run(&["--cases"], "0").unwrap(), "");
    }

    #[test]
    fn the_move_takes_from_the_first_pile_with_the_top_bit_of_the_xor() {
        // XOR 1^2^4^4 = 3; piles with bit 1: 2 (index 2). Take 2 - (2^3) = 1.
        assert_eq!(run(&["--move"], "4 1 2 4 4").unwrap(), "Yes\n2 1\n");
        let max = u64::MAX;
        assert_eq!(
            run(&["--move"], &format!("1 {max}")).unwrap(),
            format!("Yes\n1 {max}\n")
        );
    }

    #[test]
    fn s_nim_moves_may_raise_a_grundy_value() {
        // {2, 5}: values 0 0 1 1 0 2 1 ... Piles 5 (value 2) and 3 (value 1):
        // XOR 3. Pile 1 can reach value 2 ^ 3 = 1 by taking 2 (to 3).
        assert_eq!(
            run(&["--moves", "2,5", "--move"], "2 5 3").unwrap(),
            "Yes\n1 2\n"
        );
    }

    #[test]
    fn bad_piles_name_the_pile() {
        let error = run(&[], "3 1 2").unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 1, column 6: expected pile 3 of 3, found end of input"
        );
        let error = run(&["--cases"], "1 2 1 -2").unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 1, column 7 (token 4): pile 2 of 2 of game 1 must be from 0 to \
             18446744073709551615, found \"-2\""
        );
        let error = run(&[], "1000000000000000000 1 2 3").unwrap_err();
        assert!(error.to_string().contains("expected pile 4 of"), "{error}");
    }

    #[test]
    fn large_piles_of_a_set_that_does_not_repeat_are_errors() {
        // The Grundy values of this set do not repeat within 10^7 positions.
        let moves = "4,14,27,97,140,162,269,391,461,603,707,793,801,842,902,953";
        let error = run(&["--moves", moves], "2 3 10000000").unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 1, column 5 (token 3): pile 2 = 10000000 is too large: the Grundy \
             values of this move set do not repeat within the first 10000000 positions"
        );
    }
}
