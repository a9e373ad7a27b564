//! The solver's subset-sum table as a figure, for the web page's "How it's
//! solved": which (werewolves, false statements) pairs the players below
//! each player can make ([`Table`]), and the answer's path through it from
//! the highest player down ([`Step`]).
//!
//! The solver (crate docs, "Approach") decides players N, N - 1, ..., 1 in
//! turn, each by one look-up in the bit table of the players below it: with
//! `c` werewolves still to place, making `s` false statements in all, the
//! players below `k` must hold `c` werewolves whose weights add up to
//! `s - B`. Those tables are the same bits [`Table::new`] builds here, by
//! the solver's own update (`knapsack`), with rows up to M as the solver's
//! when it counts werewolves. A table of the players below `k` keeps every
//! pair of the table below `k - 1` and adds some, so the whole family is one
//! number a cell: the fewest lowest players that make the pair
//! ([`Table::first`]).
//!
//! ```
//! use werewolf::describe::Explanation;
//! use werewolf::table::Table;
//!
//! // `5 2 2 -2 +3 -4 +5 +4`: weights 0, -1, +1, 0, +1; B = 2; answer 4 and 1.
//! let game = werewolf::parse(&mut judge_io::Input::new(&b"5 2 2 -2 +3 -4 +5 +4"[..]))?;
//! let figures = werewolf::count::count(&game, 10)?;
//! let how = Explanation::new(&game, figures, &werewolf::solve(&game)?);
//! let table = Table::new(&how)?;
//! // Two werewolves and two false statements: weights adding up to 0, first
//! // made by the three lowest players (players 2 and 3, -1 and +1).
//! assert_eq!(table.first(2, 2), Some(3));
//! let path = table.path(&how);
//! assert_eq!(path.iter().filter(|step| step.werewolf).map(|step| step.player).collect::<Vec<_>>(), [3, 0]);
//! assert_eq!((path[4].count, path[4].liars), (0, 2));
//! # Ok::<(), judge_io::Error>(())
//! ```

use judge_io::Error;

use super::describe::{binomial, Explanation};
use super::knapsack::Shape;

/// The most players [`Table::new`] draws: a table of `(M + 1) x (N + 1)`
/// cells is small there (the page goes to 100 players).
pub const MAX_TABLE_PLAYERS: usize = 200;

/// Up to this many players, [`Table::sets_tried`] gives the number of sets
/// a plain search would try ("for the small puzzles").
pub const MAX_ENUMERATED_PLAYERS: usize = 20;

/// The prefix tables of a game, one number a cell (see the module docs).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    /// M: the rows are the werewolf counts `0..=M`.
    pub werewolves: usize,
    /// B, the "werewolf" claims: the false statements of no werewolf.
    pub werewolf_claims: usize,
    /// The fewest and the most false statements a set can make (B plus the
    /// negative weights, B plus the positive ones): the columns.
    pub liars_from: usize,
    /// See [`Table::liars_from`].
    pub liars_to: usize,
    /// By row (count), then by column (liars from `liars_from`): the fewest
    /// lowest players (k for players 1 to k) that make the pair, or `None`
    /// when no subset of all players does.
    pub cells: Vec<Vec<Option<usize>>>,
    /// The cells the tables fill: the pairs reachable in the table of the
    /// players below each player, and of all of them, added up (what the
    /// solver's N + 1 prefix tables hold, rows up to M).
    pub filled: u64,
    /// For at most [`MAX_ENUMERATED_PLAYERS`] players, `C(N, M)`: the sets
    /// of M players a plain search (every set of M, then count its liars)
    /// tries; `None` for bigger games.
    pub sets_tried: Option<u64>,
}

/// One step of the answer's path: the player decided, from the highest
/// down, and the pair the players below it must still make.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    /// The player decided, counted from 0.
    pub player: usize,
    /// Whether the answer makes them a werewolf.
    pub werewolf: bool,
    /// The werewolves still to place below `player`.
    pub count: usize,
    /// The false statements of the set, counting only the werewolves still
    /// to place (B plus their weights).
    pub liars: usize,
}

impl Table {
    /// The tables of the game whose figures are `how`, by the solver's
    /// table update, one player at a time from player 1 up.
    ///
    /// # Errors
    ///
    /// An input error for more than [`MAX_TABLE_PLAYERS`] players.
    ///
    /// # Complexity
    ///
    /// `O(N M (N / 64 + 1))` word operations for the tables and `O(N^2 M)`
    /// to read them cell by cell.
    pub fn new(how: &Explanation) -> Result<Table, Error> {
        let players = how.weights.len();
        if players > MAX_TABLE_PLAYERS {
            return Err(Error::input(format!(
                "the table is drawn for at most {MAX_TABLE_PLAYERS} players, not {players}"
            )));
        }
        let lo: i64 = how.weights.iter().filter(|&&w| w < 0).sum();
        let hi: i64 = how.weights.iter().filter(|&&w| w > 0).sum();
        let rows = how.werewolves.min(players);
        let shape = Shape::new(rows, lo, hi);
        let mut table = vec![0; shape.len()];
        shape.clear(&mut table);
        let mut next = vec![0; shape.len()];
        let mut cells = vec![vec![None; to_index(hi - lo) + 1]; rows + 1];
        let mut filled = 0u64;
        for below in 0..=players {
            if below > 0 {
                shape.add(&table, &mut next, how.weights[below - 1]);
                std::mem::swap(&mut table, &mut next);
            }
            for (count, row) in cells.iter_mut().enumerate() {
                for (column, cell) in row.iter_mut().enumerate() {
                    if shape.contains(&table, count, lo + to_i64(column)) {
                        filled += 1;
                        cell.get_or_insert(below);
                    }
                }
            }
        }
        let claims = to_index(how.werewolf_claims);
        Ok(Table {
            werewolves: how.werewolves,
            werewolf_claims: claims,
            liars_from: to_index(how.werewolf_claims + lo),
            liars_to: to_index(how.werewolf_claims + hi),
            cells,
            filled,
            sets_tried: (players <= MAX_ENUMERATED_PLAYERS)
                .then(|| binomial(players, how.werewolves))
                .flatten()
                .and_then(|sets| u64::try_from(sets).ok()),
        })
    }

    /// The fewest lowest players that make `count` werewolves with `liars`
    /// false statements, or `None` when no set of the players does (or the
    /// pair is off the table).
    pub fn first(&self, count: usize, liars: usize) -> Option<usize> {
        let column = liars.checked_sub(self.liars_from)?;
        *self.cells.get(count)?.get(column)?
    }

    /// The answer's path (of `how`, whose table this is) from the highest
    /// player down: one step a player, from (M, L) at the top to (0, B)
    /// below player 1; empty when there is no answer. Every step's pair is
    /// made by the players below its player (the answer's werewolves there),
    /// so it lies in their table: `first(count, liars) <= player`.
    pub fn path(&self, how: &Explanation) -> Vec<Step> {
        let answer = match &how.answer {
            Some(answer) => answer,
            None => return Vec::new(),
        };
        let (mut count, mut liars) = (how.werewolves, to_i64(how.liars));
        (0..how.weights.len())
            .rev()
            .map(|player| {
                let werewolf = answer.contains(&player);
                if werewolf {
                    count -= 1;
                    liars -= how.weights[player];
                }
                Step {
                    player,
                    werewolf,
                    count,
                    liars: to_index(liars),
                }
            })
            .collect()
    }
}

/// A value the table's bounds keep from 0 to N (at most [`MAX_TABLE_PLAYERS`]).
fn to_index(value: i64) -> usize {
    usize::try_from(value).unwrap_or(0)
}

fn to_i64(value: usize) -> i64 {
    i64::try_from(value).unwrap_or(i64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::count;
    use crate::generate::generate;
    use crate::{solve, Game};
    use std::collections::BTreeSet;

    fn explained(game: &Game) -> Explanation {
        let figures = count(game, 1000).unwrap();
        Explanation::new(game, figures, &solve(game).unwrap())
    }

    /// The pairs (count, liars) of every subset of the `below` lowest
    /// players, counted by listing the subsets.
    fn subsets(how: &Explanation, below: usize) -> BTreeSet<(usize, i64)> {
        (0..1u32 << below)
            .map(|mask| {
                let wolves = (0..below).filter(|&player| mask >> player & 1 == 1);
                let weight: i64 = wolves.clone().map(|player| how.weights[player]).sum();
                (wolves.count(), how.werewolf_claims + weight)
            })
            .filter(|&(count, _)| count <= how.werewolves)
            .collect()
    }

    #[test]
    fn every_cell_is_the_fewest_lowest_players_whose_subsets_make_it() {
        for (n, m, l) in [(5, 2, 2), (8, 2, 3), (10, 3, 4), (12, 3, 4), (9, 6, 4)] {
            for seed in 0..4 {
                let game = generate(n, m, l, seed).unwrap().game;
                let how = explained(&game);
                let table = Table::new(&how).unwrap();
                let mut filled = 0;
                let mut made = BTreeSet::new();
                for below in 0..=n {
                    let pairs = subsets(&how, below);
                    filled += pairs.len() as u64;
                    for &(count, liars) in &pairs {
                        let liars = usize::try_from(liars).unwrap();
                        if made.insert((count, liars)) {
                            assert_eq!(
                                table.first(count, liars),
                                Some(below),
                                "{n} {m} {l} {seed}"
                            );
                        }
                    }
                }
                assert_eq!(table.filled, filled);
                let drawn: usize = table.cells.iter().flatten().filter(|c| c.is_some()).count();
                assert_eq!(drawn, made.len());
                assert_eq!(
                    table.sets_tried,
                    binomial(n, m).and_then(|s| u64::try_from(s).ok())
                );
            }
        }
    }

    #[test]
    fn the_path_runs_from_m_and_l_to_the_empty_set_inside_the_tables() {
        for seed in 0..8 {
            let game = generate(10, 3, 4, seed).unwrap().game;
            let how = explained(&game);
            let table = Table::new(&how).unwrap();
            let path = table.path(&how);
            assert_eq!(path.len(), 10);
            let wolves: Vec<usize> = path
                .iter()
                .filter(|s| s.werewolf)
                .map(|s| s.player)
                .collect();
            assert_eq!(Some(wolves), how.answer);
            let last = path[9];
            assert_eq!(
                (last.player, last.count, last.liars),
                (0, 0, table.werewolf_claims)
            );
            let mut before = (3, 4);
            for step in &path {
                assert!(table.first(step.count, step.liars).unwrap() <= step.player);
                assert_eq!(before.0 - step.count, usize::from(step.werewolf));
                before = (step.count, step.liars);
            }
        }
    }

    #[test]
    fn no_answer_has_no_path_and_big_games_are_refused_or_not_enumerated() {
        let game = crate::parse(&mut judge_io::Input::new(&b"5 2 5 -2 -3 -4 -5 -1"[..])).unwrap();
        let how = explained(&game);
        let table = Table::new(&how).unwrap();
        assert!(table.path(&how).is_empty());
        assert_eq!(table.sets_tried, Some(10));
        let wide = Explanation {
            weights: vec![0; MAX_ENUMERATED_PLAYERS + 1],
            ..how.clone()
        };
        assert_eq!(Table::new(&wide).unwrap().sets_tried, None);
        let huge = Explanation {
            weights: vec![0; MAX_TABLE_PLAYERS + 1],
            ..how
        };
        assert!(Table::new(&huge).is_err());
    }
}
