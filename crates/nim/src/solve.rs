//! The typed solver: piles and a rule in, the verdict and the winning move
//! out. The binary's streaming reader feeds the same passes one pile at a
//! time as it reads them, so neither keeps the piles (see the crate docs,
//! "Approach").

use std::fmt;

use judge_io::Error;
use stone_game::subtraction::REPEAT_LIMIT;

use super::grundy::GrundyTable;

/// Who wins when the last stone is taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// Whoever takes the last stone wins.
    Normal,
    /// Whoever takes the last stone loses (`--misere`).
    Misere,
}

/// A move: take `take` stones from pile `pile` (counted from 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    /// The pile, counted from 1.
    pub pile: u64,
    /// How many stones it takes.
    pub take: u64,
}

/// The answer for one game: whether the player to move wins.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The player to move loses.
    No,
    /// The player to move wins; by `winning_move`, when it was asked for.
    Yes {
        /// The winning move on the smallest pile that has one, and on that
        /// pile the fewest stones; `None` when it was not asked for, or
        /// when there is no move to make (misère Nim with no stone left,
        /// which the player to move has already won).
        winning_move: Option<Move>,
    },
}

/// Decides Nim or misère Nim on `piles`, with the winning move.
///
/// ```
/// use nim::{solve_nim, Move, Rule, Verdict};
/// let winning_move = Some(Move { pile: 2, take: 1 });
/// assert_eq!(solve_nim(&[1, 2], Rule::Normal), Verdict::Yes { winning_move });
/// assert_eq!(solve_nim(&[1, 2, 3], Rule::Normal), Verdict::No);
/// assert_eq!(solve_nim(&[1, 1], Rule::Misere), Verdict::Yes { winning_move: Some(Move { pile: 1, take: 1 }) });
/// ```
///
/// # Complexity
///
/// O(n) time, O(1) memory.
pub fn solve_nim(piles: &[u64], rule: Rule) -> Verdict {
    let mut pass = NimPass::new(rule, true);
    for (index, &size) in (0u64..).zip(piles) {
        pass.add(index, size);
    }
    pass.verdict()
}

/// Decides S-Nim on `piles` under the subtraction set of `table`, with the
/// winning move.
///
/// # Errors
///
/// The first pile that has no Grundy value here: 10^7 stones or more under a
/// set whose Grundy values do not repeat within the first 10^7 positions (the
/// crate docs, `--moves`).
///
/// # Complexity
///
/// O(n |S|) time beyond the table's own growth (the cycle search for a pile
/// of 2^16 or more, once per table).
pub fn solve_s_nim(piles: &[u64], table: &mut GrundyTable) -> Result<Verdict, Error> {
    let mut pass = SNimPass::new(true);
    for (index, &size) in (0u64..).zip(piles) {
        pass.add(table, index, size)
            .map_err(|too_large| Error::input(too_large.to_string()))?;
    }
    pass.verdict(table)
}

/// One pass of Nim or misère Nim over the piles, one at a time: what the
/// verdict and the winning move need, in O(1) memory.
pub(crate) struct NimPass {
    misere: bool,
    want_move: bool,
    xor: u64,
    /// For each bit, the first pile (index, size) that has it (kept only
    /// when the move is wanted).
    first_with_bit: [(u64, u64); 64],
    bits_seen: u64,
    /// Misère: the piles of two or more (counted up to 2) and the first of
    /// them; the first pile of one stone.
    big: u8,
    first_big: (u64, u64),
    first_one: Option<u64>,
}

impl NimPass {
    /// A pass under `rule`; with `want_move`, it finds the winning move too.
    pub(crate) fn new(rule: Rule, want_move: bool) -> NimPass {
        NimPass {
            misere: rule == Rule::Misere,
            want_move,
            xor: 0,
            first_with_bit: [(0, 0); 64],
            bits_seen: 0,
            big: 0,
            first_big: (0, 0),
            first_one: None,
        }
    }

    /// Adds pile `index` (0-based) of `size` stones.
    #[inline]
    pub(crate) fn add(&mut self, index: u64, size: u64) {
        self.xor ^= size;
        let new_bits = size & !self.bits_seen;
        if self.want_move && new_bits != 0 {
            self.bits_seen |= new_bits;
            for (bit, slot) in self.first_with_bit.iter_mut().enumerate() {
                if new_bits >> bit & 1 == 1 {
                    *slot = (index, size);
                }
            }
        }
        if self.misere {
            if size > 1 && self.big < 2 {
                self.big += 1;
                if self.big == 1 {
                    self.first_big = (index, size);
                }
            } else if size == 1 && self.first_one.is_none() {
                self.first_one = Some(index);
            }
        }
    }

    /// The verdict of the piles added (see the crate docs for the misère
    /// rule and why each pile has at most one winning move).
    pub(crate) fn verdict(&self) -> Verdict {
        let xor = self.xor;
        let nim_move = || {
            let (index, size) = self.first_with_bit[63 - xor.leading_zeros() as usize];
            Move {
                pile: index + 1,
                take: size - (size ^ xor),
            }
        };
        let verdict = match (self.misere, self.big) {
            (false, _) | (true, 2) if xor == 0 => None,
            // (The table of first piles is filled only for a move.)
            (false, _) | (true, 2) => Some(self.want_move.then(nim_move)),
            // Every pile 0 or 1: won iff the number of ones (X) is even; take a one.
            (true, 0) if xor == 1 => None,
            (true, 0) => Some(self.first_one.map(|index| Move {
                pile: index + 1,
                take: 1,
            })),
            // One pile of two or more: leave it 0 or 1, whichever makes the
            // number of ones odd (X's lowest bit is that of the ones plus the
            // big pile's).
            (true, _) => {
                let (index, size) = self.first_big;
                let ones_odd = (xor ^ size) & 1 == 1;
                let leave = u64::from(!ones_odd);
                Some(Some(Move {
                    pile: index + 1,
                    take: size - leave,
                }))
            }
        };
        match verdict {
            None => Verdict::No,
            Some(found) => Verdict::Yes {
                winning_move: if self.want_move { found } else { None },
            },
        }
    }
}

/// One pass of S-Nim over the piles, one at a time, under one table.
pub(crate) struct SNimPass {
    want_move: bool,
    xor: u8,
    /// For each possible XOR x, the first pile (index, size) with a move to
    /// Grundy value (its value XOR x); `unresolved` marks the x still open.
    first_winning: [(u64, u64); 128],
    unresolved: u128,
}

impl SNimPass {
    /// A pass; with `want_move`, it finds the winning move too.
    pub(crate) fn new(want_move: bool) -> SNimPass {
        SNimPass {
            want_move,
            xor: 0,
            first_winning: [(0, 0); 128],
            unresolved: if want_move { u128::MAX } else { 0 },
        }
    }

    /// Adds pile `index` (0-based) of `size` stones, or says it has no
    /// Grundy value in `table`.
    #[inline]
    pub(crate) fn add(
        &mut self,
        table: &mut GrundyTable,
        index: u64,
        size: u64,
    ) -> Result<(), TooLarge> {
        let slot = table.slot(size).ok_or(TooLarge {
            pile: index + 1,
            size,
        })?;
        let value = table.value(slot);
        self.xor ^= value;
        if self.unresolved != 0 {
            let reach = table.reachable(size, slot);
            let mut wins_for = 0u128;
            for target in bits(reach) {
                wins_for |= 1u128 << (target ^ value);
            }
            let new = wins_for & self.unresolved;
            for x in bits(new) {
                self.first_winning[usize::from(x)] = (index, size);
            }
            self.unresolved &= !new;
        }
        Ok(())
    }

    /// The verdict of the piles added, all of them looked up in `table`.
    pub(crate) fn verdict(&self, table: &mut GrundyTable) -> Result<Verdict, Error> {
        if self.xor == 0 {
            return Ok(Verdict::No);
        }
        let winning_move = if self.want_move {
            let (index, size) = self.first_winning[usize::from(self.xor)];
            let slot = table
                .slot(size)
                .ok_or_else(|| Error::input("internal: a pile read before has no table slot"))?;
            let target = table.value(slot) ^ self.xor;
            let take = table
                .smallest_move_to(size, slot, target)
                .ok_or_else(|| Error::input("internal: the winning pile has no winning move"))?;
            Some(Move {
                pile: index + 1,
                take: u64::from(take),
            })
        } else {
            None
        };
        Ok(Verdict::Yes { winning_move })
    }
}

/// A pile too large to have a Grundy value here: 10^7 stones or more under
/// a set whose Grundy values do not repeat within the first 10^7 positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TooLarge {
    /// The pile, counted from 1.
    pub(crate) pile: u64,
    /// Its size.
    pub(crate) size: u64,
}

impl fmt::Display for TooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "pile {} = {} is too large: the Grundy values of this move set do not \
             repeat within the first {REPEAT_LIMIT} positions",
            self.pile, self.size
        )
    }
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
