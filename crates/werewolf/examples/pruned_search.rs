//! An independent check of judge-data answers: an exact search that shares
//! no solving code with the library (only its parser and `is_valid`).
//!
//! It walks werewolf sets in the contract's order, largest first, like the
//! backtracking baseline, but skips every branch that cannot reach the
//! required number of werewolves and liars. Reachability is a plain table
//! `reach[i][k]` = the set of liar-weight sums that k of the players
//! `0..i` make, built with hash sets (no bit tricks, no witness reasoning).
//! The werewolf condition is only checked on complete sets, so the search is
//! exponential when many sets have the right counts but fail it; it is meant
//! for cases where it finishes.
#![allow(clippy::print_stdout, clippy::print_stderr, clippy::unwrap_used)]

use std::collections::HashSet;

use werewolf::{is_valid, parse, render, Game, Verdict};

fn main() {
    let stdin = std::io::stdin();
    let mut input = judge_io::Input::new(stdin.lock());
    let game = parse(&mut input).unwrap();
    input.finish().unwrap();
    let players = game.statements.len();
    // A werewolf j turns the "human" claims about j into lies and the
    // "werewolf" claims about j into truths.
    let mut weight = vec![0i64; players];
    let mut werewolf_claims = 0i64;
    for statement in &game.statements {
        if statement.claims_werewolf {
            weight[statement.about] -= 1;
            werewolf_claims += 1;
        } else {
            weight[statement.about] += 1;
        }
    }
    let target = i64::try_from(game.liars).unwrap() - werewolf_claims;
    let most = game.werewolves;
    let mut reach: Vec<Vec<HashSet<i64>>> = vec![vec![HashSet::new(); most + 1]];
    reach[0][0].insert(0);
    for player in 0..players {
        let mut next = reach[player].clone();
        for count in 0..most {
            let sums: Vec<i64> = reach[player][count]
                .iter()
                .map(|s| s + weight[player])
                .collect();
            next[count + 1].extend(sums);
        }
        reach.push(next);
    }
    let mut is_werewolf = vec![false; players];
    let mut chosen = Vec::new();
    let mut stack = Search {
        game: &game,
        weight: &weight,
        reach: &reach,
    };
    let found = stack.run(&mut is_werewolf, &mut chosen, players, most, target);
    print!(
        "{}",
        render(&if found {
            Verdict::Werewolves(chosen)
        } else {
            Verdict::NoSolution
        })
    );
}

struct Search<'a> {
    game: &'a Game,
    weight: &'a [i64],
    reach: &'a [Vec<HashSet<i64>>],
}

impl Search<'_> {
    /// Chooses `left` werewolves among `0..below` making liar weight `sum`.
    fn run(
        &mut self,
        wolf: &mut [bool],
        chosen: &mut Vec<usize>,
        below: usize,
        left: usize,
        sum: i64,
    ) -> bool {
        if left == 0 {
            return sum == 0 && is_valid(self.game, wolf);
        }
        for player in (left - 1..below).rev() {
            let rest = sum - self.weight[player];
            if !self.reach[player][left - 1].contains(&rest) {
                continue;
            }
            wolf[player] = true;
            chosen.push(player);
            if self.run(wolf, chosen, player, left - 1, rest) {
                return true;
            }
            chosen.pop();
            wolf[player] = false;
        }
        false
    }
}
