//! The figure of the Nim page's "How it's solved" (crates/web): what the
//! solver uses, laid out to be drawn.
//!
//! - Nim and misère Nim ([`Columns`]): the piles in binary, one column per
//!   bit, each column's count of ones and its parity (the XOR's bit), and
//!   the bits the winning move flips in its pile.
//! - S-Nim ([`Positions`]): positions 0, 1, ... of the subtraction game,
//!   each with its Grundy value (from the game's [`GrundyTable`]), the
//!   positions one move away and the mex they give, and where each current
//!   pile stands among them.
//!
//! Nothing here solves the game again: the values, the period and the
//! winning move are those [`Explanation`](crate::page::Explanation) already
//! found; this module only arranges them and says what they show.

use judge_io::Error;
use stone_game::subtraction::{MoveSet, Periodicity};

use super::grundy::GrundyTable;
use super::solve::Move;

/// The most positions the S-Nim figure draws (positions 0 to 59): at about
/// 34 pixels a position that is two screens of a desktop page, scrolled
/// inside its own box, and enough for two periods of every preset.
pub const MOST_POSITIONS: u64 = 60;

/// The most moves the S-Nim figure draws for every position at once; with
/// more, only the selected position's are drawn (arrows past this many
/// overlap too much to follow).
pub const MOST_MOVES_DRAWN: u64 = 150;

/// What "How it's solved" draws for one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Figure {
    /// Nim and misère Nim: the piles' binary columns.
    Columns(Columns),
    /// S-Nim: the positions of the subtraction game.
    Positions(Positions),
}

/// Nim's piles as binary columns (see the module docs).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Columns {
    /// The columns, the highest bit first, as many as the panel's binary
    /// digits ([`Explanation::binary`](crate::page::Explanation::binary)).
    pub columns: Vec<Column>,
    /// What the winning move does to its pile; `None` when the player to
    /// move has no winning move (or has already won).
    pub change: Option<Change>,
    /// The caption: what is drawn, and what it shows here.
    pub said: String,
}

/// One bit's column of the piles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Column {
    /// The bit, 0 for the ones.
    pub bit: u32,
    /// How many piles have a 1 in this bit.
    pub ones: u64,
    /// Whether `ones` is odd: the XOR's bit.
    pub odd: bool,
    /// Whether the column is odd after the winning move; `None` without one.
    pub odd_after: Option<bool>,
}

/// The winning move's pile before and after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    /// The pile, counted from 1.
    pub pile: u64,
    /// Its stones before the move.
    pub from: u64,
    /// Its stones after it.
    pub to: u64,
    /// The bits that flip (those of `from` XOR `to`), the highest first.
    pub flips: Vec<u32>,
}

/// The positions of a subtraction game (see the module docs).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Positions {
    /// Positions 0, 1, ..., as many as draw well: up to the largest pile,
    /// two periods past the preperiod and the largest move, at most
    /// [`MOST_POSITIONS`].
    pub positions: Vec<Position>,
    /// For each pile, the first first, the position drawn for it: its own
    /// size when drawn, otherwise the last drawn position with the same
    /// place in the period (so the same Grundy value); `None` when the
    /// values do not repeat within the positions drawn.
    pub marks: Vec<Option<u64>>,
    /// Whether every position's moves are drawn (at most
    /// [`MOST_MOVES_DRAWN`] of them in all), or only the selected one's.
    pub all_moves: bool,
    /// The caption: what is drawn, and where a pile past the drawn
    /// positions is marked.
    pub said: String,
}

/// One position of a subtraction game: a pile of `stones`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    /// The pile's size.
    pub stones: u64,
    /// Its Grundy value: the mex of the values one move away.
    pub grundy: u8,
    /// The positions one move away (`stones - s` for each size s of the
    /// set up to `stones`), the nearest first.
    pub moves: Vec<u64>,
    /// How the value comes: `Position 5: a move leads to 3 or 0, of Grundy
    /// values 1 and 0, so its Grundy value is mex{0, 1} = 2: W, the player to
    /// move wins.`
    pub said: String,
}

impl Position {
    /// Whether the player to move loses here: the Grundy value is 0.
    pub fn loses(&self) -> bool {
        self.grundy == 0
    }
}

impl Figure {
    /// The columns of Nim's `piles` (their values), whose XOR is `xor`,
    /// `width` binary digits wide, with `winning_move` when there is one;
    /// `misere` for misère Nim's words.
    ///
    /// # Complexity
    ///
    /// O(n * width).
    pub fn columns(
        piles: &[u64],
        xor: u64,
        width: u32,
        winning_move: Option<Move>,
        misere: bool,
    ) -> Figure {
        let change = winning_move.and_then(|Move { pile, take }| {
            let from = *piles.get(usize::try_from(pile).ok()?.checked_sub(1)?)?;
            let to = from - take;
            let flips = (0..width).rev().filter(|&bit| (from ^ to) >> bit & 1 == 1);
            Some(Change {
                pile,
                from,
                to,
                flips: flips.collect(),
            })
        });
        let flipped = change.as_ref().map(|change| change.from ^ change.to);
        let columns = (0..width)
            .rev()
            .map(|bit| {
                let ones = piles
                    .iter()
                    .filter(|&&stones| stones >> bit & 1 == 1)
                    .count() as u64;
                let odd = ones % 2 == 1;
                Column {
                    bit,
                    ones,
                    odd,
                    odd_after: flipped.map(|mask| odd != (mask >> bit & 1 == 1)),
                }
            })
            .collect();
        let said = columns_said(piles, xor, width, change.as_ref(), misere);
        Figure::Columns(Columns {
            columns,
            change,
            said,
        })
    }

    /// Positions 0 onward of S-Nim under `moves`, their Grundy values read
    /// from `table`, with `period` (where the values repeat, when found)
    /// and each of `piles` marked.
    ///
    /// # Errors
    ///
    /// Internal only: a drawn position with no Grundy value (every position
    /// below 2^16 has one).
    ///
    /// # Complexity
    ///
    /// O([`MOST_POSITIONS`] * |S| + n) table lookups.
    pub fn positions(
        table: &mut GrundyTable,
        moves: &MoveSet,
        piles: &[u64],
        period: Option<Periodicity>,
    ) -> Result<Figure, Error> {
        let largest_pile = piles.iter().copied().max().unwrap_or(0);
        let two_periods = period.map_or(0, |found| {
            (found.preperiod + 2 * found.period).saturating_sub(1)
        });
        let last = largest_pile
            .max(two_periods)
            .max(u64::from(moves.largest()))
            .min(MOST_POSITIONS - 1);
        let mut positions = Vec::new();
        for stones in 0..=last {
            let grundy = value(table, stones)?;
            let mut reach = Vec::new();
            let mut reached = Vec::new();
            let sizes = moves.moves().iter().map(|&size| u64::from(size));
            for size in sizes.take_while(|&size| size <= stones) {
                reach.push(stones - size);
                reached.push(value(table, stones - size)?);
            }
            let said = position_said(stones, grundy, &reach, &reached, moves);
            positions.push(Position {
                stones,
                grundy,
                moves: reach,
                said,
            });
        }
        let marks: Vec<Option<u64>> = piles
            .iter()
            .map(|&stones| mark(stones, last, period))
            .collect();
        let move_count: usize = positions.iter().map(|position| position.moves.len()).sum();
        let all_moves = move_count as u64 <= MOST_MOVES_DRAWN;
        let said = positions_said(piles, &marks, last, period, all_moves);
        Ok(Figure::Positions(Positions {
            positions,
            marks,
            all_moves,
            said,
        }))
    }
}

/// The Grundy value of a drawn position, from the game's table.
fn value(table: &mut GrundyTable, stones: u64) -> Result<u8, Error> {
    table
        .grundy(stones)
        .ok_or_else(|| Error::input("internal: a drawn position has no Grundy value"))
}

/// The position drawn for a pile of `stones` among positions 0 to `last`
/// (see [`Positions::marks`]).
fn mark(stones: u64, last: u64, period: Option<Periodicity>) -> Option<u64> {
    if stones <= last {
        return Some(stones);
    }
    let Periodicity { preperiod, period } = period?;
    if last + 1 < preperiod + period {
        return None;
    }
    // stones > last >= preperiod: the same place in the period, as late as drawn.
    let place = (stones - preperiod) % period;
    Some(preperiod + place + (last - preperiod - place) / period * period)
}

fn columns_said(
    piles: &[u64],
    xor: u64,
    width: u32,
    change: Option<&Change>,
    misere: bool,
) -> String {
    let mut said = "Each pile in binary, one column per bit (the ones on the right), and under \
                    each column how many piles have a 1 there, odd or even: the XOR has a 1 in \
                    each odd column."
        .to_string();
    let binary = |value: u64| format!("{value:0width$b}", width = width as usize);
    let after = match change {
        Some(change) => {
            let left = xor ^ change.from ^ change.to;
            let moved = format!(
                " The winning move takes pile {} from {} to {}: the marked bits flip",
                change.pile,
                binary(change.from),
                binary(change.to)
            );
            if left == 0 {
                format!("{moved}, one in each odd column, and every column becomes even (XOR 0): the other player loses.")
            } else {
                format!("{moved} and leave only piles of 0 or 1 stones, an odd number of them 1, so the ones column stays odd: in misère Nim that loses for the other player (the exception).")
            }
        }
        None if piles.iter().all(|&stones| stones == 0) && misere => {
            " No stone is left: in misère Nim the player to move has already won.".to_string()
        }
        None if piles.iter().all(|&stones| stones == 0) => {
            " No stone is left: the player to move has no move and has lost.".to_string()
        }
        None if xor == 0 => " Every column is even (XOR 0): the player to move loses, as any move \
                             changes one pile and so makes a column odd."
            .to_string(),
        None => " Only piles of 0 or 1 stones are left, an odd number of them 1: the ones column \
                  is odd, yet in misère Nim the player to move loses (the exception), as every \
                  move leaves an even number of ones."
            .to_string(),
    };
    said.push_str(&after);
    said
}

fn position_said(
    stones: u64,
    grundy: u8,
    reach: &[u64],
    reached: &[u8],
    moves: &MoveSet,
) -> String {
    // As Position::loses says it.
    let outcome = if grundy == 0 {
        "L, the player to move loses"
    } else {
        "W, the player to move wins"
    };
    let mut set = reached.to_vec();
    set.sort_unstable();
    set.dedup();
    let set: Vec<String> = set.iter().map(u8::to_string).collect();
    let mex = format!("mex{{{}}} = {grundy}", set.join(", "));
    if reach.is_empty() {
        let smallest = moves.moves().first().copied().unwrap_or(1);
        return format!(
            "Position {stones}: no move (a move takes at least {smallest}), so its Grundy value \
             is {mex}: {outcome}."
        );
    }
    let targets: Vec<String> = reach.iter().map(u64::to_string).collect();
    let reached: Vec<String> = reached.iter().map(u8::to_string).collect();
    let (of, value) = if reach.len() == 1 {
        ("of Grundy value", reached.join(""))
    } else {
        ("of Grundy values", joined(&reached, "and"))
    };
    format!(
        "Position {stones}: a move leads to {}, {of} {value}, so its Grundy value is {mex}: \
         {outcome}.",
        joined(&targets, "or")
    )
}

/// `a, b or c` (with `word` `or`), `a`.
fn joined(items: &[String], word: &str) -> String {
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} {word} {last}", rest.join(", ")),
        _ => items.join(""),
    }
}

fn positions_said(
    piles: &[u64],
    marks: &[Option<u64>],
    last: u64,
    period: Option<Periodicity>,
    all_moves: bool,
) -> String {
    let arrows = if all_moves {
        "an arrow leads from each position to those one move away (the selected position's in bold)"
    } else {
        "arrows lead from the selected position to those one move away"
    };
    let mut said = format!(
        "Positions 0 to {last} (piles of that many stones), each with its Grundy value and W \
         (the player to move wins) or L (loses: the value is 0); {arrows}, and the piles now \
         are marked by their numbers. Select a position to see the mex that gives its value."
    );
    let mut moved = Vec::new();
    let mut missing = Vec::new();
    for (pile, (&stones, &at)) in (1u64..).zip(piles.iter().zip(marks)) {
        match at {
            Some(at) if at != stones => {
                moved.push(format!("pile {pile} ({stones} stones) at {at}"))
            }
            Some(_) => {}
            None => missing.push(format!("pile {pile} ({stones} stones)")),
        }
    }
    if let (false, Some(found)) = (moved.is_empty(), period) {
        let from = if found.preperiod == 0 {
            "from the start".to_string()
        } else {
            format!("from position {}", found.preperiod)
        };
        said.push_str(&format!(
            " Piles past position {last} are marked at the last position drawn with the same \
             Grundy value, as the values repeat with period {} {from}: {}.",
            found.period,
            moved.join(", ")
        ));
    }
    if !missing.is_empty() {
        said.push_str(&format!(
            " Not drawn, as the values do not repeat within the positions drawn: {}.",
            missing.join(", ")
        ));
    }
    said
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(sizes: &str) -> MoveSet {
        MoveSet::parse(sizes).unwrap()
    }

    fn positions_of(figure: Figure) -> Positions {
        match figure {
            Figure::Positions(positions) => positions,
            Figure::Columns(_) => panic!("S-Nim draws positions"),
        }
    }

    fn columns_of(figure: Figure) -> Columns {
        match figure {
            Figure::Columns(columns) => columns,
            Figure::Positions(_) => panic!("Nim draws columns"),
        }
    }

    #[test]
    fn positions_carry_the_mex_of_the_positions_one_move_away() {
        for sizes in ["1,2,3", "2,5", "1,3,4", "3", "2,3,7", "7,14,21,28,35"] {
            let moves = set(sizes);
            let sizes_now: Vec<u64> = moves.moves().iter().map(|&size| size.into()).collect();
            let mut table = GrundyTable::new(moves.clone());
            let figure = positions_of(Figure::positions(&mut table, &moves, &[9], None).unwrap());
            // Position n is drawn n-th, and its value is the least one not
            // among the drawn values of its moves (which lie below it):
            // by induction from position 0, the values are the mex's.
            for (n, position) in (0u64..).zip(&figure.positions) {
                assert_eq!(position.stones, n);
                let mut targets = Vec::new();
                for size in &sizes_now {
                    if let Some(target) = n.checked_sub(*size) {
                        targets.push(target);
                    }
                }
                assert_eq!(position.moves, targets, "{sizes}");
                let seen: Vec<u8> = figure
                    .positions
                    .iter()
                    .filter(|other| targets.contains(&other.stones))
                    .map(|other| other.grundy)
                    .collect();
                let least = (0u8..=u8::MAX).find(|value| !seen.contains(value));
                assert_eq!(Some(position.grundy), least, "{sizes} {position:?}");
                assert_eq!(position.loses(), position.grundy == 0);
                let value = position.grundy;
                assert!(
                    position.said.contains(&format!("= {value}: ")),
                    "{}",
                    position.said
                );
            }
        }
        let moves = set("2,5");
        let mut table = GrundyTable::new(moves.clone());
        let figure = positions_of(Figure::positions(&mut table, &moves, &[7], None).unwrap());
        assert_eq!(
            figure.positions[7].said,
            "Position 7: a move leads to 5 or 2, of Grundy values 2 and 1, so its Grundy value \
             is mex{1, 2} = 0: L, the player to move loses."
        );
        assert_eq!(
            figure.positions[2].said,
            "Position 2: a move leads to 0, of Grundy value 0, so its Grundy value is mex{0} = \
             1: W, the player to move wins."
        );
        assert_eq!(
            figure.positions[1].said,
            "Position 1: no move (a move takes at least 2), so its Grundy value is mex{} = 0: L, \
             the player to move loses."
        );
    }

    #[test]
    fn the_range_reaches_the_largest_pile_two_periods_and_the_largest_move() {
        let moves = set("1,2,3");
        let period = Some(Periodicity {
            preperiod: 0,
            period: 4,
        });
        let mut table = GrundyTable::new(moves.clone());
        let figure = positions_of(Figure::positions(&mut table, &moves, &[21, 3], period).unwrap());
        assert_eq!(figure.positions.len(), 22);
        assert_eq!(figure.marks, [Some(21), Some(3)]);
        assert!(figure.all_moves);
        let figure = positions_of(Figure::positions(&mut table, &moves, &[2], period).unwrap());
        assert_eq!(figure.positions.len(), 8);
        let moves = set("9");
        let mut table = GrundyTable::new(moves.clone());
        let figure = positions_of(Figure::positions(&mut table, &moves, &[1], None).unwrap());
        assert_eq!(figure.positions.len(), 10);
        // Capped, and a 100-move set draws the selected position's moves only.
        let sizes: Vec<String> = (1..=100).map(|size| size.to_string()).collect();
        let moves = set(&sizes.join(","));
        let mut table = GrundyTable::new(moves.clone());
        let figure = positions_of(Figure::positions(&mut table, &moves, &[5], None).unwrap());
        assert_eq!(figure.positions.len() as u64, MOST_POSITIONS);
        assert!(!figure.all_moves);
    }

    #[test]
    fn a_pile_past_the_drawn_positions_is_marked_where_the_period_repeats_its_value() {
        let moves = set("2,5");
        let period = Periodicity {
            preperiod: 0,
            period: 7,
        };
        let mut table = GrundyTable::new(moves.clone());
        let big = [1_000_000, u64::MAX, 12];
        let figure =
            positions_of(Figure::positions(&mut table, &moves, &big, Some(period)).unwrap());
        let last = figure.positions.len() as u64 - 1;
        assert_eq!(last, MOST_POSITIONS - 1);
        assert_eq!(figure.marks[2], Some(12));
        for (&stones, &at) in big.iter().zip(&figure.marks).take(2) {
            let at = at.unwrap();
            assert!(at <= last && last - at < 7, "{stones} {at}");
            assert_eq!(at % 7, stones % 7);
            assert_eq!(table.grundy(at), table.grundy(stones));
        }
        assert!(figure.said.ends_with(
            " Piles past position 59 are marked at the last position drawn with the same Grundy \
             value, as the values repeat with period 7 from the start: pile 1 (1000000 stones) at \
             57, pile 2 (18446744073709551615 stones) at 57."
        ));
        // A preperiod: the place counts from it.
        let found = Periodicity {
            preperiod: 10,
            period: 6,
        };
        assert_eq!(mark(100, 59, Some(found)), Some(58));
        assert_eq!(mark(59, 59, Some(found)), Some(59));
        // No period, or one longer than the positions drawn: not marked.
        assert_eq!(mark(100, 59, None), None);
        let long = Periodicity {
            preperiod: 30,
            period: 31,
        };
        assert_eq!(mark(100, 59, Some(long)), None);
    }

    #[test]
    fn columns_count_the_ones_and_the_winning_move_clears_the_odd_ones() {
        // 3 5 7: XOR 1; take 1 from pile 1 (3 -> 2).
        let piles = [3, 5, 7];
        let figure = columns_of(Figure::columns(
            &piles,
            1,
            3,
            Some(Move { pile: 1, take: 1 }),
            false,
        ));
        let counted: Vec<(u32, u64, bool, Option<bool>)> = figure
            .columns
            .iter()
            .map(|column| (column.bit, column.ones, column.odd, column.odd_after))
            .collect();
        assert_eq!(
            counted,
            [
                (2, 2, false, Some(false)),
                (1, 2, false, Some(false)),
                (0, 3, true, Some(false))
            ]
        );
        assert_eq!(
            figure.change,
            Some(Change {
                pile: 1,
                from: 3,
                to: 2,
                flips: vec![0]
            })
        );
        assert!(figure.said.ends_with(
            " The winning move takes pile 1 from 011 to 010: the marked bits flip, one in each \
             odd column, and every column becomes even (XOR 0): the other player loses."
        ));
        // Misère, one pile of two or more: leave an odd number of ones.
        let figure = columns_of(Figure::columns(
            &[1, 4],
            5,
            3,
            Some(Move { pile: 2, take: 4 }),
            true,
        ));
        assert_eq!(figure.change.as_ref().unwrap().flips, [2]);
        let after: Vec<Option<bool>> = figure
            .columns
            .iter()
            .map(|column| column.odd_after)
            .collect();
        assert_eq!(after, [Some(false), Some(false), Some(true)]);
        assert!(figure.said.contains("the ones column stays odd"));
        // No winning move.
        for (piles, xor, misere, end) in [
            (&[1, 2, 3][..], 0, false, "makes a column odd."),
            (&[1, 0, 0][..], 1, true, "leaves an even number of ones."),
            (&[0, 0][..], 0, true, "has already won."),
            (&[0, 0][..], 0, false, "has lost."),
        ] {
            let figure = columns_of(Figure::columns(piles, xor, 2, None, misere));
            assert_eq!(figure.change, None);
            assert!(figure
                .columns
                .iter()
                .all(|column| column.odd_after.is_none()));
            assert!(figure.said.ends_with(end), "{}", figure.said);
        }
    }
}
