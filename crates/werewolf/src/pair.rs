//! The small solver of PAT (Advanced) 1148 "Werewolf - Simple Version", the
//! judge target `pat-a1148`: exactly two werewolves, exactly two liars, and
//! exactly one of the two werewolves lies. The answer is the smallest valid
//! pair (the smaller first player, then the smaller second), or none.
//!
//! # Approach
//!
//! Every pair `i < j` is tried in that order, and the first valid one is the
//! answer: the pairs are visited in exactly the order the contract ranks
//! them. A pair is checked by its definition: statement k is false exactly
//! when the player it is about is a werewolf and the claim says "human", or
//! a human and the claim says "werewolf"; the pair is valid when two
//! statements in all are false and exactly one of the pair's own is.
//!
//! # Complexity
//!
//! `N (N - 1) / 2` pairs, `O(N)` each: `O(N^3)`, about 500,000 statement
//! checks for the statement's N <= 100; `O(N)` memory (the game). The
//! general solver ([`super::solve`]) answers any M and L in polynomial time,
//! but is ten times the source, and PAT caps a submission at 16,000 bytes.

use super::{Game, Verdict};

/// The smallest valid pair of `game` (its counts of werewolves and liars are
/// taken to be two, whatever they say), in ascending order, or
/// [`Verdict::NoSolution`].
pub fn smallest_pair(game: &Game) -> Verdict {
    let statements = &game.statements;
    let players = statements.len();
    for first in 0..players {
        for second in first + 1..players {
            let lies = |speaker: usize| {
                let statement = statements[speaker];
                let wolf = statement.about == first || statement.about == second;
                wolf != statement.claims_werewolf
            };
            if lies(first) != lies(second) && (0..players).filter(|&k| lies(k)).count() == 2 {
                return Verdict::Werewolves(vec![first, second]);
            }
        }
    }
    Verdict::NoSolution
}
