//! The move to play from a lost position: the one that leaves the opponent
//! the most ways to go wrong. The rule and why these searches find it are in
//! the docs of `Game::best_move` (src/game.rs).

use super::grundy::GrundyTable;
use super::solve::Move;

/// The losing move of Nim or misère Nim: of the takes of 1 to n stones from
/// each pile (n piles), the one leaving the most wrong replies, then the
/// smallest pile, then the fewest stones; `None` when no stone is left.
pub(crate) fn losing_move_nim(piles: &[u64], misere: bool) -> Option<Move> {
    let total: u128 = piles.iter().map(|&stones| u128::from(stones)).sum();
    let most_take = piles.len() as u64;
    let mut after = piles.to_vec();
    let mut best: Option<(u128, Move)> = None;
    for (pile, (index, &stones)) in (1u64..).zip(piles.iter().enumerate()) {
        for take in 1..=stones.min(most_take) {
            after[index] = stones - take;
            let wrong = total - u128::from(take) - winning_replies_nim(&after, misere);
            if best.map_or(true, |(most, _)| wrong > most) {
                best = Some((wrong, Move { pile, take }));
            }
        }
        after[index] = stones;
    }
    best.map(|(_, found)| found)
}

/// How many moves from `piles` leave the player to move next a lost
/// position: in Nim a pile a has one exactly when a XOR X < a (X the XOR of
/// the piles); in misère Nim a pile a with Y the XOR of the others has one
/// when Y < a if another pile has two or more stones, and when Y XOR 1 < a if
/// none has (the position must then end with an odd number of ones).
fn winning_replies_nim(piles: &[u64], misere: bool) -> u128 {
    let xor = piles.iter().fold(0, |xor, stones| xor ^ stones);
    let big = piles.iter().filter(|&&stones| stones > 1).count();
    let mut count = 0;
    for &stones in piles {
        let others = xor ^ stones;
        let target = if misere && big - usize::from(stones > 1) == 0 {
            others ^ 1
        } else {
            others
        };
        count += u128::from(target < stones);
    }
    count
}

/// The losing move of S-Nim under the set `sizes` (increasing) of `table`:
/// of the moves of each size on each pile, the one leaving the most wrong
/// replies, then the smallest pile, then the fewest stones; `None` when
/// there is no move, or a pile has no Grundy value in `table`.
pub(crate) fn losing_move_s_nim(
    table: &mut GrundyTable,
    sizes: &[u16],
    piles: &[u64],
) -> Option<Move> {
    let sizes: Vec<u64> = sizes.iter().map(|&size| u64::from(size)).collect();
    // For each pile: its Grundy value, its number of moves, and how many of
    // them reach each Grundy value (at most 100 moves, values below 128).
    let mut values = Vec::with_capacity(piles.len());
    let mut counts = Vec::with_capacity(piles.len());
    let mut reaches = Vec::with_capacity(piles.len());
    for &stones in piles {
        let (value, count, reach) = replies(table, &sizes, stones)?;
        values.push(value);
        counts.push(count);
        reaches.push(reach);
    }
    let xor = values.iter().fold(0, |xor, value| xor ^ value);
    let total: u64 = counts.iter().sum();
    let mut best: Option<(u64, Move)> = None;
    for (pile, (index, &stones)) in (1u64..).zip(piles.iter().enumerate()) {
        for &take in sizes.iter().take_while(|&&take| take <= stones) {
            let (value, count, reach) = replies(table, &sizes, stones - take)?;
            let after = xor ^ values[index] ^ value;
            let mut winning = u64::from(reach[usize::from(value ^ after)]);
            for (other, (&other_value, other_reach)) in values.iter().zip(&reaches).enumerate() {
                if other != index {
                    winning += u64::from(other_reach[usize::from(other_value ^ after)]);
                }
            }
            let wrong = total - counts[index] + count - winning;
            if best.map_or(true, |(most, _)| wrong > most) {
                best = Some((wrong, Move { pile, take }));
            }
        }
    }
    best.map(|(_, found)| found)
}

/// A pile's Grundy value, its number of moves, and how many of them reach
/// each Grundy value.
fn replies(table: &mut GrundyTable, sizes: &[u64], stones: u64) -> Option<(u8, u64, [u8; 128])> {
    let value = table.grundy(stones)?;
    let mut reach = [0u8; 128];
    let mut count = 0;
    for &take in sizes.iter().take_while(|&&take| take <= stones) {
        let to = table.grundy(stones - take)?;
        reach[usize::from(to)] += 1;
        count += 1;
    }
    Some((value, count, reach))
}
