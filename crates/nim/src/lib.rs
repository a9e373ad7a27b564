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
use stone_game::subtraction::{
    periodicity, MoveSet, Periodicity, Sequence, Values, MAX_MOVE, MAX_MOVES, REPEAT_LIMIT,
};

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

/// The answer for one game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The first player loses.
    No,
    /// The first player wins; with `--move`, by taking `take` stones from
    /// pile `pile` (1-based).
    Yes {
        /// The winning move, when it was asked for: `(pile, take)`.
        winning_move: Option<(u64, u64)>,
    },
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
                None => solve_nim(input, game, flags.winning_move, rule, keep)?,
                Some(table) => solve_s_nim(input, game, flags.winning_move, table)?,
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

/// Who wins when the last stone is taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// Whoever takes the last stone wins.
    Normal,
    /// Whoever takes the last stone loses (`--misere`).
    Misere,
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
            let letter = match solve_s_nim(input, Some(position), false, &mut table)? {
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

/// Reads one Nim game (n, then n piles) and decides it under `rule`; with
/// `winning_move`, also finds the winning move. `game` numbers the game in
/// error messages under `--cases`; `keep`, when given, receives the piles
/// (cleared first).
pub fn solve_nim<R: Read>(
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
    let misere = rule == Rule::Misere;
    let mut xor = 0u64;
    // For each bit, the first pile (index, size) that has it.
    let mut first_with_bit = [(0u64, 0u64); 64];
    let mut bits_seen = 0u64;
    // Misère: the piles of two or more (counted up to 2) and the first of
    // them; the first pile of one stone.
    let mut big = 0u8;
    let mut first_big = (0u64, 0u64);
    let mut first_one = None;
    for index in 0..piles {
        let (size, _) = read_pile(input, index, piles, game)?;
        xor ^= size;
        if let Some(kept) = keep.as_deref_mut() {
            kept.push(size);
        }
        let new_bits = size & !bits_seen;
        if winning_move && new_bits != 0 {
            bits_seen |= new_bits;
            for (bit, slot) in first_with_bit.iter_mut().enumerate() {
                if new_bits >> bit & 1 == 1 {
                    *slot = (index, size);
                }
            }
        }
        if misere {
            if size > 1 && big < 2 {
                big += 1;
                if big == 1 {
                    first_big = (index, size);
                }
            } else if size == 1 && first_one.is_none() {
                first_one = Some(index);
            }
        }
    }
    input.line_end();
    let nim_move = || {
        let (index, size) = first_with_bit[63 - xor.leading_zeros() as usize];
        (index + 1, size - (size ^ xor))
    };
    let verdict = match (misere, big) {
        (false, _) | (true, 2) if xor == 0 => None,
        // (The table of first piles is filled only for a move.)
        (false, _) | (true, 2) => Some(winning_move.then(nim_move)),
        // Every pile 0 or 1: won iff the number of ones (X) is even; take a one.
        (true, 0) if xor == 1 => None,
        (true, 0) => Some(first_one.map(|index| (index + 1, 1))),
        // One pile of two or more: leave it 0 or 1, whichever makes the
        // number of ones odd (X's lowest bit is that of the ones plus the
        // big pile's).
        (true, _) => {
            let (index, size) = first_big;
            let ones_odd = (xor ^ size) & 1 == 1;
            let leave = u64::from(!ones_odd);
            Some(Some((index + 1, size - leave)))
        }
    };
    Ok(match verdict {
        None => Verdict::No,
        Some(found) => Verdict::Yes {
            winning_move: if winning_move { found } else { None },
        },
    })
}

/// Reads one S-Nim game under the subtraction set of `table` and decides it,
/// as [`solve_nim`] does for Nim.
pub fn solve_s_nim<R: Read>(
    input: &mut Input<R>,
    game: Option<u64>,
    winning_move: bool,
    table: &mut GrundyTable,
) -> Result<Verdict, Error> {
    let piles = read_count(input, game)?;
    let mut xor = 0u8;
    // For each possible XOR x, the first pile (index, size) with a move to
    // Grundy value (its value XOR x); `unresolved` marks the x still open.
    let mut first_winning = [(0u64, 0u64); 128];
    let mut unresolved = if winning_move { u128::MAX } else { 0 };
    for index in 0..piles {
        let (size, pos) = read_pile(input, index, piles, game)?;
        let slot = table
            .slot(size)
            .ok_or_else(|| too_large(pos, index, size))?;
        let value = table.value(slot);
        xor ^= value;
        if unresolved != 0 {
            let reach = table.reachable(size, slot);
            let mut wins_for = 0u128;
            for target in bits(reach) {
                wins_for |= 1u128 << (target ^ value);
            }
            let new = wins_for & unresolved;
            for x in bits(new) {
                first_winning[usize::from(x)] = (index, size);
            }
            unresolved &= !new;
        }
    }
    input.line_end();
    if xor == 0 {
        return Ok(Verdict::No);
    }
    let winning_move = if winning_move {
        let (index, size) = first_winning[usize::from(xor)];
        let slot = table
            .slot(size)
            .ok_or_else(|| Error::input("internal: a pile read before has no table slot"))?;
        let target = table.value(slot) ^ xor;
        let take = table
            .smallest_move_to(size, slot, target)
            .ok_or_else(|| Error::input("internal: the winning pile has no winning move"))?;
        Some((index + 1, u64::from(take)))
    } else {
        None
    };
    Ok(Verdict::Yes { winning_move })
}

/// Appends the output lines of one game.
pub fn render(verdict: Verdict, output: &mut String) {
    match verdict {
        Verdict::No => output.push_str("No\n"),
        Verdict::Yes { winning_move } => {
            output.push_str("Yes\n");
            if let Some((pile, take)) = winning_move {
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
            winning_move: Some((pile, take)),
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

/// The Grundy values of S-Nim piles under one subtraction set: a table of
/// the values of positions 0, 1, ..., grown on demand, with every larger
/// pile reduced into it by the period of the values.
///
/// Piles below 2^16 are looked up directly; the first larger pile starts
/// the cycle search of [`stone_game::subtraction::periodicity`]. The table
/// then grows to at most `preperiod + max S + period` entries, or, for a set
/// that does not repeat within 10^7 positions, to the largest pile below
/// 10^7 (larger piles have no value).
pub struct GrundyTable {
    moves: MoveSet,
    values: Vec<u8>,
    /// Walks on from position `values.len()`.
    walk: Values,
    /// `None` until the cycle search ran; then its result.
    cycle: Option<Option<Periodicity>>,
}

/// Piles below this size skip the cycle search.
const DIRECT: u64 = 1 << 16;

impl GrundyTable {
    /// An empty table for `moves`.
    pub fn new(moves: MoveSet) -> GrundyTable {
        GrundyTable {
            walk: moves.values(Sequence::Grundy),
            moves,
            values: Vec::new(),
            cycle: None,
        }
    }

    /// The Grundy value of a pile of `size`; `None` when it has none here
    /// (`size` is 10^7 or more and the values of the set do not repeat within
    /// the first 10^7 positions). The game pages (crates/web) read a
    /// position's values with it.
    pub fn grundy(&mut self, size: u64) -> Option<u8> {
        self.slot(size).map(|slot| self.value(slot))
    }

    /// Where the Grundy values repeat, when a pile of 2^16 or more made the
    /// table run the cycle search and the values repeat within the first
    /// 10^7 positions; `None` otherwise (no search yet, or no repeat).
    pub fn periodicity(&self) -> Option<Periodicity> {
        self.cycle.flatten()
    }

    /// The index in the table that holds the value of a pile of `size`
    /// (the table is grown to hold it), and such that index - s holds the
    /// value of size - s for every move s <= size.
    fn slot(&mut self, size: u64) -> Option<usize> {
        let index = if size < self.values.len() as u64 || size < DIRECT {
            size
        } else {
            let cycle = match self.cycle {
                Some(cycle) => cycle,
                None => {
                    let cycle = periodicity(&self.moves, Sequence::Grundy, REPEAT_LIMIT);
                    self.cycle = Some(cycle);
                    cycle
                }
            };
            match cycle {
                // From `base` on, index - s >= preperiod still lies in the
                // periodic part, so it has the value of size - s too.
                Some(cycle) => {
                    let base = cycle.preperiod + u64::from(self.moves.largest());
                    if size < base + cycle.period {
                        size
                    } else {
                        base + (size - base) % cycle.period
                    }
                }
                None if size < REPEAT_LIMIT => size,
                None => return None,
            }
        };
        // Below 10^7 + 1000 + 2^16 here, so it fits any usize of 32 bits.
        let index = usize::try_from(index).ok()?;
        while self.values.len() <= index {
            self.values.push(self.walk.next().unwrap_or_default());
        }
        Some(index)
    }

    fn value(&self, slot: usize) -> u8 {
        self.values[slot]
    }

    /// The Grundy values one move away from a pile of `size` (at `slot`),
    /// as a bit mask.
    fn reachable(&self, size: u64, slot: usize) -> u128 {
        let mut reach = 0u128;
        for &take in self.moves.moves() {
            if u64::from(take) > size {
                break;
            }
            reach |= 1u128 << self.values[slot - usize::from(take)];
        }
        reach
    }

    /// The smallest move from a pile of `size` (at `slot`) to Grundy value
    /// `target`.
    fn smallest_move_to(&self, size: u64, slot: usize, target: u8) -> Option<u16> {
        self.moves
            .moves()
            .iter()
            .copied()
            .take_while(|&take| u64::from(take) <= size)
            .find(|&take| self.values[slot - usize::from(take)] == target)
    }
}

/// Why taking `take` stones from pile `pile` (counted from 1) of `piles` is
/// no move of the game, or `None` when it is one: in Nim a move takes any
/// positive number of stones from one pile, and with `moves` (S-Nim) exactly
/// s stones for some s in the set. The game pages (crates/web) refuse a take
/// with these words.
///
/// ```
/// use stone_game::subtraction::MoveSet;
/// assert_eq!(nim::refusal(&[3, 5], 2, 5, None), None);
/// assert_eq!(
///     nim::refusal(&[3, 5], 1, 4, None).unwrap(),
///     "pile 1 has only 3 stones, not 4"
/// );
/// let moves = MoveSet::parse("2,5")?;
/// assert_eq!(
///     nim::refusal(&[3, 5], 2, 3, Some(&moves)).unwrap(),
///     "a move takes exactly 2 or 5 stones, not 3"
/// );
/// # Ok::<(), judge_io::Error>(())
/// ```
pub fn refusal(piles: &[u64], pile: u64, take: u64, moves: Option<&MoveSet>) -> Option<String> {
    let index = usize::try_from(pile)
        .ok()
        .and_then(|pile| pile.checked_sub(1));
    let stones = match index.and_then(|index| piles.get(index)) {
        Some(&stones) => stones,
        None if piles.is_empty() => {
            return Some(format!("there is no pile {pile}: there are no piles"))
        }
        None => {
            return Some(format!(
                "there is no pile {pile}: the piles are numbered from 1 to {}",
                piles.len()
            ))
        }
    };
    if take == 0 {
        return Some("a move takes at least one stone".to_string());
    }
    if let Some(moves) = moves {
        if !moves.moves().iter().any(|&size| u64::from(size) == take) {
            let sizes: Vec<String> = moves.moves().iter().map(u16::to_string).collect();
            let sizes = match sizes.split_last() {
                Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
                _ => sizes.join(""),
            };
            return Some(format!("a move takes exactly {sizes} stones, not {take}"));
        }
    }
    if take > stones {
        return Some(match stones {
            0 => format!("pile {pile} is empty"),
            1 => format!("pile {pile} has only 1 stone, not {take}"),
            _ => format!("pile {pile} has only {stones} stones, not {take}"),
        });
    }
    None
}

/// The set bits of a mask, lowest first.
fn bits(mut mask: u128) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        // At most 127, so it fits a u8.
        #[allow(clippy::cast_possible_truncation)]
        let bit = mask.trailing_zeros() as u8;
        mask &= mask - 1;
        Some(bit)
    })
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

fn too_large(pos: Pos, index: u64, size: u64) -> Error {
    Error::at(
        pos,
        format!(
            "pile {} = {size} is too large: the Grundy values of this move set do not \
             repeat within the first {REPEAT_LIMIT} positions",
            index + 1
        ),
    )
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
    fn refusal_names_what_is_wrong_with_a_take() {
        let moves = MoveSet::parse("2,5").unwrap();
        let one = MoveSet::parse("3").unwrap();
        let piles = [0, 1, 7];
        assert_eq!(refusal(&piles, 3, 7, None), None);
        assert_eq!(refusal(&piles, 3, 5, Some(&moves)), None);
        for (pile, take, moves, reason) in [
            (
                0,
                1,
                None,
                "there is no pile 0: the piles are numbered from 1 to 3",
            ),
            (
                4,
                1,
                None,
                "there is no pile 4: the piles are numbered from 1 to 3",
            ),
            (
                u64::MAX,
                1,
                None,
                "there is no pile 18446744073709551615: the piles are numbered from 1 to 3",
            ),
            (3, 0, None, "a move takes at least one stone"),
            (1, 1, None, "pile 1 is empty"),
            (2, 2, None, "pile 2 has only 1 stone, not 2"),
            (3, 8, None, "pile 3 has only 7 stones, not 8"),
            (
                3,
                3,
                Some(&moves),
                "a move takes exactly 2 or 5 stones, not 3",
            ),
            (3, 1, Some(&one), "a move takes exactly 3 stones, not 1"),
            // The set is checked before the pile's size.
            (
                2,
                3,
                Some(&moves),
                "a move takes exactly 2 or 5 stones, not 3",
            ),
            (2, 2, Some(&moves), "pile 2 has only 1 stone, not 2"),
        ] {
            assert_eq!(refusal(&piles, pile, take, moves).unwrap(), reason);
        }
        assert_eq!(
            refusal(&[], 1, 1, None).unwrap(),
            "there is no pile 1: there are no piles"
        );
    }

    #[test]
    fn the_table_gives_grundy_values_and_its_period_once_searched() {
        let moves = MoveSet::parse("2,5").unwrap();
        let mut table = GrundyTable::new(moves.clone());
        let walked: Vec<u8> = moves.values(Sequence::Grundy).take(30).collect();
        for (size, &value) in (0u64..).zip(&walked) {
            assert_eq!(table.grundy(size), Some(value));
        }
        assert_eq!(table.periodicity(), None);
        assert_eq!(
            table.grundy(u64::MAX),
            Some(walked[(u64::MAX % 7) as usize])
        );
        let cycle = table.periodicity().unwrap();
        assert_eq!((cycle.preperiod, cycle.period), (0, 7));
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
