//! Nim and S-Nim against exhaustive game search over every position of up to
//! three small piles, and misère Nim (`--misere`) over every position of up
//! to four piles of up to 6, `--move` included: the printed move must be the
//! first winning move in the contract's order (smallest pile index, then
//! smallest k), found by trying every move. The judge targets `luogu-p1247`
//! and `luogu-p4279` against the same search.

#![allow(clippy::unwrap_used)]

use std::collections::HashMap;

use nim::Nim;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Exhaustive search: a position (pile sizes) is won iff some move leads to
/// a lost one; under the misère rule a position with no stone is won too
/// (the opponent took the last one). `moves` is the subtraction set, or
/// `None` for Nim.
struct Search<'a> {
    moves: Option<&'a [u64]>,
    misere: bool,
    memo: HashMap<Vec<u64>, bool>,
}

impl Search<'_> {
    fn takes(&self, size: u64) -> Vec<u64> {
        match self.moves {
            None => (1..=size).collect(),
            Some(moves) => moves.iter().copied().filter(|&s| s <= size).collect(),
        }
    }

    fn won(&mut self, piles: &[u64]) -> bool {
        if let Some(&won) = self.memo.get(piles) {
            return won;
        }
        let mut won = self.misere && piles.iter().all(|&a| a == 0);
        'search: for index in 0..piles.len() {
            for take in self.takes(piles[index]) {
                let mut after = piles.to_vec();
                after[index] -= take;
                if !self.won(&after) {
                    won = true;
                    break 'search;
                }
            }
        }
        self.memo.insert(piles.to_vec(), won);
        won
    }

    /// The first winning move in order (smallest pile index, then smallest
    /// take): (pile from 1, take, the piles after it).
    fn first_winning_move(&mut self, piles: &[u64]) -> Option<(usize, u64, Vec<u64>)> {
        for index in 0..piles.len() {
            for take in self.takes(piles[index]) {
                let mut after = piles.to_vec();
                after[index] -= take;
                if !self.won(&after) {
                    return Some((index + 1, take, after));
                }
            }
        }
        None
    }

    /// The expected output with `--move`: the first winning move in order.
    fn answer(&mut self, piles: &[u64]) -> String {
        match self.first_winning_move(piles) {
            Some((pile, take, _)) => format!("Yes\n{pile} {take}\n"),
            // Won with no move: the misère game with no stone left.
            None if self.won(piles) => "Yes\n".to_string(),
            None => "No\n".to_string(),
        }
    }

    /// The expected output of `luogu-p1247`: `a b` (take a from pile b, the
    /// first winning move in order) and the piles after it, or `lose`.
    fn take_and_piles(&mut self, piles: &[u64]) -> String {
        match self.first_winning_move(piles) {
            Some((pile, take, after)) => {
                let sizes: Vec<String> = after.iter().map(u64::to_string).collect();
                format!("{take} {pile}\n{}\n", sizes.join(" "))
            }
            None => "lose\n".to_string(),
        }
    }
}

fn game_text(piles: &[u64]) -> String {
    let sizes: Vec<String> = piles.iter().map(u64::to_string).collect();
    format!("{}\n{}\n", piles.len(), sizes.join(" "))
}

/// Every position of 0 to `max_piles` piles with sizes below `bound`.
fn positions(bound: u64, max_piles: usize) -> Vec<Vec<u64>> {
    let mut all = vec![vec![]];
    let mut last = vec![vec![]];
    for _ in 0..max_piles {
        last = last
            .iter()
            .flat_map(|piles: &Vec<u64>| {
                (0..bound).map(move |a| {
                    let mut longer = piles.clone();
                    longer.push(a);
                    longer
                })
            })
            .collect();
        all.extend(last.iter().cloned());
    }
    all
}

fn check_all(moves: Option<&[u64]>, bound: u64) {
    check_positions(moves, false, &positions(bound, 3));
}

fn check_positions(moves: Option<&[u64]>, misere: bool, all: &[Vec<u64>]) {
    let mut search = Search {
        moves,
        misere,
        memo: HashMap::new(),
    };
    let list = moves.map(|moves| {
        let sizes: Vec<String> = moves.iter().map(u64::to_string).collect();
        sizes.join(",")
    });
    let mut args_plain = vec![];
    let mut args_move = vec!["--move"];
    if let Some(list) = &list {
        args_plain.extend(["--moves", list.as_str()]);
        args_move.extend(["--moves", list.as_str()]);
    }
    if misere {
        args_plain.push("--misere");
        args_move.push("--misere");
    }
    let mut all_games = String::new();
    let mut all_answers = String::new();
    for piles in all {
        let input = game_text(piles);
        let expected = search.answer(piles);
        let got = judge_io::run::<Nim>(&args_move, input.as_bytes()).unwrap();
        assert_eq!(got, expected, "moves {list:?}, piles {piles:?}");
        let verdict = judge_io::run::<Nim>(&args_plain, input.as_bytes()).unwrap();
        assert_eq!(verdict, &expected[..expected.find('\n').unwrap() + 1]);
        all_games.push_str(&input);
        all_answers.push_str(&expected);
    }
    // The same games in one --cases input.
    let mut args_cases = args_move.clone();
    args_cases.push("--cases");
    let input = format!("{}\n{all_games}", all.len());
    let got = judge_io::run::<Nim>(&args_cases, input.as_bytes()).unwrap();
    assert_eq!(got, all_answers, "moves {list:?} with --cases");
}

#[test]
fn misere_nim_on_every_position_of_four_piles_up_to_6() {
    check_positions(None, true, &positions(7, 4));
}

/// `luogu-p1247` on every position of 1 to 4 piles up to 6 (the statement
/// has k >= 1), one game per input.
#[test]
fn luogu_p1247_on_every_position_of_four_piles_up_to_6() {
    let mut search = Search {
        moves: None,
        misere: false,
        memo: HashMap::new(),
    };
    for piles in positions(7, 4).iter().filter(|piles| !piles.is_empty()) {
        let got =
            judge_io::run::<Nim>(&["--judge", "luogu-p1247"], game_text(piles).as_bytes()).unwrap();
        assert_eq!(got, search.take_and_piles(piles), "piles {piles:?}");
    }
}

/// `luogu-p4279` on every position of 1 to 4 piles of 1 to 6 (the
/// statement's piles are positive), 500 games to an input as the statement
/// allows.
#[test]
fn luogu_p4279_on_every_position_of_four_piles_up_to_6() {
    let mut search = Search {
        moves: None,
        misere: true,
        memo: HashMap::new(),
    };
    let all: Vec<Vec<u64>> = positions(7, 4)
        .into_iter()
        .filter(|piles| !piles.is_empty() && !piles.contains(&0))
        .collect();
    for chunk in all.chunks(500) {
        let mut input = format!("{}\n", chunk.len());
        let mut expected = String::new();
        for piles in chunk {
            input.push_str(&game_text(piles));
            let won = search.answer(piles).starts_with("Yes");
            expected.push_str(if won { "John\n" } else { "Brother\n" });
        }
        let got = judge_io::run::<Nim>(&["--judge", "luogu-p4279"], input.as_bytes()).unwrap();
        assert_eq!(got, expected);
    }
}

#[test]
fn nim_on_every_position_of_three_piles_up_to_7() {
    check_all(None, 8);
}

#[test]
fn s_nim_on_every_position_of_three_piles_for_fixed_sets() {
    for moves in [
        &[1u64][..],
        &[2],
        &[1, 2],
        &[2, 5],
        &[1, 3, 4],
        &[2, 3, 7],
        &[3, 4, 5, 11],
    ] {
        check_all(Some(moves), 13);
    }
}

#[test]
fn s_nim_on_every_position_of_three_piles_for_random_sets() {
    let mut rng = ChaCha8Rng::seed_from_u64(2960);
    for _ in 0..12 {
        let count = rng.random_range(1..=4);
        let mut moves: Vec<u64> = (0..count).map(|_| rng.random_range(1..=9)).collect();
        moves.sort_unstable();
        moves.dedup();
        check_all(Some(&moves), 11);
    }
}

/// Huge piles, where search is impossible: with the moves {1, ..., k} the
/// Grundy value of a pile of a is a mod (k + 1), a formula proven by hand
/// (from a mod (k+1) = r > 0, taking r reaches a multiple of k + 1, and no
/// move from a multiple does). The expected move is found by trying every
/// pile and take in order against that formula.
#[test]
fn s_nim_with_huge_piles_against_the_closed_form() {
    let mut rng = ChaCha8Rng::seed_from_u64(1536);
    for case in 0..400 {
        let k: u64 = rng.random_range(1..=64);
        let list: Vec<String> = (1..=k).map(|s| s.to_string()).collect();
        let list = list.join(",");
        let count = rng.random_range(0..=6);
        let piles: Vec<u64> = (0..count)
            .map(|_| match rng.random_range(0..3) {
                0 => rng.random_range(0..200),
                1 => u64::MAX - rng.random_range(0..200),
                _ => rng.random(),
            })
            .collect();
        let grundy = |a: u64| a % (k + 1);
        let xor = piles.iter().fold(0, |x, &a| x ^ grundy(a));
        let mut expected = "No\n".to_string();
        if xor != 0 {
            'search: for (index, &a) in piles.iter().enumerate() {
                for take in (1..=k).filter(|&s| s <= a) {
                    if grundy(a - take) == grundy(a) ^ xor {
                        expected = format!("Yes\n{} {take}\n", index + 1);
                        break 'search;
                    }
                }
            }
        }
        let got = judge_io::run::<Nim>(&["--move", "--moves", &list], game_text(&piles).as_bytes())
            .unwrap();
        assert_eq!(got, expected, "case {case}: k {k}, piles {piles:?}");
    }
}

/// Plain Nim with huge piles against Bouton's rule, the move checked by
/// trying every pile in order for the unique size that zeroes the XOR.
#[test]
fn nim_with_huge_piles_against_bouton() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for case in 0..2000 {
        let count = rng.random_range(0..=8);
        let piles: Vec<u64> = (0..count)
            .map(|_| rng.random::<u64>() >> rng.random_range(0..64))
            .collect();
        let xor = piles.iter().fold(0, |x, &a| x ^ a);
        let mut expected = "No\n".to_string();
        if xor != 0 {
            let (index, a) = piles
                .iter()
                .enumerate()
                .find(|&(_, &a)| a ^ xor < a)
                .unwrap();
            expected = format!("Yes\n{} {}\n", index + 1, a - (a ^ xor));
        }
        let got = judge_io::run::<Nim>(&["--move"], game_text(&piles).as_bytes()).unwrap();
        assert_eq!(got, expected, "case {case}: piles {piles:?}");
    }
}
