//! The stone game: a pile of n stones, players A and B take turns (A first),
//! a move takes 1, 2 or 3 stones, and whoever takes the last stone wins. Who
//! wins with perfect play? Also for any subtraction set (`--moves`).
//!
//! # Input
//!
//! One integer n, any `u64` (0 to 18446744073709551615). With n = 0, A
//! cannot move and loses.
//!
//! # Output
//!
//! `A win` when the first player wins, otherwise `B win`.
//!
//! # Flags
//!
//! `--moves LIST` plays with another subtraction set: a move takes exactly s
//! stones for some s in the list, a comma-separated list of 1 to 100
//! distinct sizes from 1 to 10000 (any order, duplicates ignored, decimal
//! digits only). Anything else in the list is a usage error (status 2).
//! Without the flag the set is `1,2,3`.
//!
//! # Approach
//!
//! A position is lost for the player to move iff every move leads to a won
//! position (with no move at all, it is lost). For {1, 2, 3} that makes the
//! losing positions exactly the multiples of 4: from 4k every move leaves
//! 4k - 1, 4k - 2 or 4k - 3, from which the right move returns to a
//! multiple of 4. In general the outcome of n depends only on the outcomes
//! of the max(S) positions below it, so the sequence of outcomes is
//! eventually periodic; [`subtraction`] finds where it repeats (Brent's
//! cycle search on the window of the last max(S) outcomes, in O(max S)
//! memory) and reduces n into the first period, so n is never walked to.
//!
//! Some sets of large moves repeat only after tens of millions of positions,
//! or far later. The rule (documented in [`subtraction`]): if the outcomes
//! repeat within the first 10^7 positions, every n is answered; otherwise
//! every n below 10^7 still is, and a larger n is an error (status 1) saying
//! that the outcomes of this move set do not repeat within the first 10^7
//! positions. For {1, 2, 3} the repeat is found after 4 positions.
//!
//! # Complexity
//!
//! O(steps * |S|) time and O(max S) memory, where steps is about three
//! times the preperiod plus period of the outcomes (a few for {1, 2, 3}).
//! At worst: about n + 10^7 steps for n below 10^7 (the walk stops at n
//! unless the cycle is found first, and then walks at most one period), and
//! 3 * 10^7 beyond (Brent's pass, the check against the state at 10^7, one
//! period).
//!
//! ```
//! use stone_game::StoneGame;
//! assert_eq!(judge_io::run::<StoneGame>(&[], b"7\n").unwrap(), "A win\n");
//! assert_eq!(judge_io::run::<StoneGame>(&[], b"8\n").unwrap(), "B win\n");
//! assert_eq!(judge_io::run::<StoneGame>(&["--moves", "1,3,4"], b"7").unwrap(), "B win\n");
//! assert!(judge_io::run::<StoneGame>(&["--moves", "0"], b"7").unwrap_err().is_usage());
//! ```

pub mod subtraction;

use std::io::Read;

use judge_io::{Args, Error, Input, Pos, Problem};

use subtraction::{MoveSet, Sequence, REPEAT_LIMIT, WIN};

/// The `stone-game` binary.
pub struct StoneGame;

/// The parsed command line: the subtraction set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Flags {
    /// The move sizes (1, 2, 3 unless `--moves` says otherwise).
    pub moves: MoveSet,
}

/// Who wins.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Winner {
    /// The first player.
    A,
    /// The second player.
    B,
}

impl Problem for StoneGame {
    const USAGE: &'static str = "\
usage: stone-game [--moves LIST] < INPUT
Reads a pile size n (0 to 18446744073709551615) and prints `A win` if the
first player wins the subtraction game, `B win` otherwise. A move takes 1, 2
or 3 stones, and whoever takes the last stone wins.
  --moves LIST  a move takes exactly s stones, s in LIST: 1 to 100 distinct
                sizes from 1 to 10000, comma separated (such as 1,3,4)
  --help        print this help
";

    type Flags = Flags;
    /// The pile size n, and where it stood (for the error about a pile too
    /// large to answer).
    type Case = (Pos, u64);

    fn flags(args: &mut Args) -> Result<Flags, Error> {
        let moves = match args.value("--moves")? {
            Some(list) => MoveSet::parse(&list)?,
            None => MoveSet::one_to_three(),
        };
        Ok(Flags { moves })
    }

    fn read<R: Read>(_flags: &Flags, input: &mut Input<R>) -> Result<(Pos, u64), Error> {
        let (n, pos) = input.int_in_at("the number of stones n", 0..=u64::MAX)?;
        input.line_end();
        Ok((pos, n))
    }

    fn solve(flags: &Flags, (pos, n): (Pos, u64)) -> Result<String, Error> {
        let winner = solve(&flags.moves, n).ok_or_else(|| {
            Error::at(
                pos,
                format!(
                    "n = {n} is too large: the outcomes of this move set do not repeat \
                     within the first {REPEAT_LIMIT} positions"
                ),
            )
        })?;
        Ok(render(winner))
    }
}

/// Who wins from a pile of `n` under `moves`; `None` when n is 10^7 or more
/// and the outcomes of `moves` do not repeat within the first 10^7 positions.
pub fn solve(moves: &MoveSet, n: u64) -> Option<Winner> {
    let outcome = subtraction::value_at(moves, Sequence::Outcomes, n, REPEAT_LIMIT)?;
    Some(if outcome == WIN { Winner::A } else { Winner::B })
}

/// The output line for a winner.
pub fn render(winner: Winner) -> String {
    match winner {
        Winner::A => "A win\n".to_string(),
        Winner::B => "B win\n".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(args: &[&str], input: &str) -> Result<String, Error> {
        judge_io::run::<StoneGame>(args, input.as_bytes())
    }

    #[test]
    fn the_samples_of_the_contract() {
        assert_eq!(run(&[], "7").unwrap(), "A win\n");
        assert_eq!(run(&[], "8").unwrap(), "B win\n");
        assert_eq!(run(&[], "1").unwrap(), "A win\n");
        assert_eq!(run(&[], "4").unwrap(), "B win\n");
        assert_eq!(run(&["--moves", "1,3,4"], "2").unwrap(), "B win\n");
        assert_eq!(run(&["--moves", "1,3,4"], "7").unwrap(), "B win\n");
        assert_eq!(run(&["--moves", "1,3,4"], "10").unwrap(), "A win\n");
    }

    #[test]
    fn an_empty_pile_is_lost_by_the_first_player() {
        assert_eq!(run(&[], "0").unwrap(), "B win\n");
        assert_eq!(run(&["--moves=5"], "0").unwrap(), "B win\n");
    }

    #[test]
    fn every_u64_is_answered_for_one_to_three() {
        assert_eq!(run(&[], "18446744073709551615").unwrap(), "A win\n");
        assert_eq!(run(&[], "18446744073709551612").unwrap(), "B win\n");
    }

    #[test]
    fn a_bad_pile_is_an_input_error() {
        for bad in ["", "-1", "18446744073709551616", "x", "1 2"] {
            let error = run(&[], bad).unwrap_err();
            assert!(!error.is_usage(), "{bad:?}: {error}");
        }
    }
}
