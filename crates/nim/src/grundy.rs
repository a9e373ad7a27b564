//! The Grundy values of S-Nim piles: one table per subtraction set, grown on
//! demand, with every larger pile reduced into it by the period of the
//! values.

use stone_game::subtraction::{periodicity, MoveSet, Periodicity, Sequence, Values, REPEAT_LIMIT};

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
    pub(crate) fn slot(&mut self, size: u64) -> Option<usize> {
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

    pub(crate) fn value(&self, slot: usize) -> u8 {
        self.values[slot]
    }

    /// The Grundy values one move away from a pile of `size` (at `slot`),
    /// as a bit mask.
    pub(crate) fn reachable(&self, size: u64, slot: usize) -> u128 {
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
    pub(crate) fn smallest_move_to(&self, size: u64, slot: usize, target: u8) -> Option<u16> {
        self.moves
            .moves()
            .iter()
            .copied()
            .take_while(|&take| u64::from(take) <= size)
            .find(|&take| self.values[slot - usize::from(take)] == target)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_searches_as_far_as_the_table_looks_up_directly() {
        assert_eq!(DIRECT, crate::page::PERIOD_LIMIT);
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
}
