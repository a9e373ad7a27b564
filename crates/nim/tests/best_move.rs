//! `Game` against a game-tree search on every small position of Nim, misère
//! Nim and S-Nim: the end and its winner, the verdict, the winning move, and
//! the move `best_move` chooses (the first winning move in order when there
//! is one, otherwise the move leaving the most wrong replies, then the
//! smallest pile, then the fewest stones), all found here by trying every
//! move and never by the crate's rules.

#![allow(clippy::unwrap_used)]

use std::collections::HashMap;

use nim::{Choice, Game, Move, Player, Variant, Verdict};
use stone_game::subtraction::MoveSet;

/// The rules, plainly: the moves of each pile, and who wins at the end.
struct Search {
    variant: Variant,
    /// The subtraction set, or `None` for Nim.
    set: Option<Vec<u64>>,
    misere: bool,
    memo: HashMap<Vec<u64>, bool>,
}

impl Search {
    fn new(variant: Variant) -> Search {
        let set = match &variant {
            Variant::Subtraction(moves) => {
                Some(moves.moves().iter().map(|&s| u64::from(s)).collect())
            }
            Variant::Normal | Variant::Misere => None,
        };
        Search {
            misere: variant == Variant::Misere,
            variant,
            set,
            memo: HashMap::new(),
        }
    }

    fn set(sizes: &str) -> Search {
        Search::new(Variant::Subtraction(MoveSet::parse(sizes).unwrap()))
    }

    /// Every legal move, smallest pile first, then fewest stones.
    fn moves(&self, piles: &[u64]) -> Vec<Move> {
        let mut moves = Vec::new();
        for (pile, &stones) in (1u64..).zip(piles) {
            let takes: Vec<u64> = match &self.set {
                Some(set) => set.iter().copied().filter(|&take| take <= stones).collect(),
                None => (1..=stones).collect(),
            };
            moves.extend(takes.into_iter().map(|take| Move { pile, take }));
        }
        moves
    }

    /// Whether the player to move wins: with no move, only in misère Nim
    /// (no stone is left, and the other player took the last one).
    fn wins(&mut self, piles: &[u64]) -> bool {
        if let Some(&known) = self.memo.get(piles) {
            return known;
        }
        let moves = self.moves(piles);
        let wins = if moves.is_empty() {
            self.misere
        } else {
            moves
                .iter()
                .any(|&the_move| !self.wins(&after(piles, the_move)))
        };
        self.memo.insert(piles.to_vec(), wins);
        wins
    }

    /// The replies to `piles` that hand the other player a won position.
    fn wrong_replies(&mut self, piles: &[u64]) -> usize {
        let moves = self.moves(piles);
        moves
            .into_iter()
            .filter(|&the_move| self.wins(&after(piles, the_move)))
            .count()
    }

    /// The first winning move in order, if any.
    fn first_winning_move(&mut self, piles: &[u64]) -> Option<Move> {
        let moves = self.moves(piles);
        moves
            .into_iter()
            .find(|&the_move| !self.wins(&after(piles, the_move)))
    }

    /// The move with the most wrong replies, the first of them in order.
    fn most_wrong_replies(&mut self, piles: &[u64]) -> Option<Move> {
        let mut best: Option<(usize, Move)> = None;
        for the_move in self.moves(piles) {
            let wrong = self.wrong_replies(&after(piles, the_move));
            if best.map_or(true, |(most, _)| wrong > most) {
                best = Some((wrong, the_move));
            }
        }
        best.map(|(_, the_move)| the_move)
    }
}

fn after(piles: &[u64], the_move: Move) -> Vec<u64> {
    let mut next = piles.to_vec();
    next[usize::try_from(the_move.pile).unwrap() - 1] -= the_move.take;
    next
}

/// Every position of 1 to `count` piles of up to `most` stones each.
fn positions(count: usize, most: u64) -> Vec<Vec<u64>> {
    let mut all: Vec<Vec<u64>> = vec![Vec::new()];
    let mut found = Vec::new();
    for _ in 0..count {
        all = all
            .iter()
            .flat_map(|piles| {
                (0..=most).map(move |stones| {
                    let mut longer = piles.clone();
                    longer.push(stones);
                    longer
                })
            })
            .collect();
        found.extend(all.iter().cloned());
    }
    found
}

/// On every position: the end, the winner, the verdict, the winning move
/// and the best move agree with the search.
fn check_all(search: &mut Search, count: usize, most: u64) {
    for piles in positions(count, most) {
        let mut game = Game::new(search.variant.clone(), piles.clone());
        assert_eq!(game.to_move(), Player::First);
        let moves = search.moves(&piles);
        let wins = search.wins(&piles);
        assert_eq!(game.is_over(), moves.is_empty(), "{piles:?}");
        let verdict = game.verdict().unwrap();
        assert_eq!(matches!(verdict, Verdict::Yes { .. }), wins, "{piles:?}");
        let first_winning = search.first_winning_move(&piles);
        assert_eq!(game.winning_move().unwrap(), first_winning, "{piles:?}");
        if moves.is_empty() {
            let winner = if search.misere {
                Player::First
            } else {
                Player::Second
            };
            assert_eq!(game.winner(), Some(winner), "{piles:?}");
            assert_eq!(game.best_move().unwrap(), None, "{piles:?}");
            continue;
        }
        assert_eq!(game.winner(), None, "{piles:?}");
        let expected = match first_winning {
            Some(the_move) => Choice {
                the_move,
                winning: true,
            },
            None => Choice {
                the_move: search.most_wrong_replies(&piles).unwrap(),
                winning: false,
            },
        };
        assert_eq!(game.best_move().unwrap(), Some(expected), "{piles:?}");
        // Playing it changes the mover and the pile, and nothing else.
        game.play(expected.the_move).unwrap();
        assert_eq!(game.piles(), &after(&piles, expected.the_move)[..]);
        assert_eq!((game.moves_played(), game.to_move()), (1, Player::Second));
    }
}

#[test]
fn nim_against_a_game_tree_search() {
    let mut search = Search::new(Variant::Normal);
    check_all(&mut search, 3, 5);
    check_all(&mut search, 4, 2);
}

#[test]
fn misere_nim_against_a_game_tree_search() {
    let mut search = Search::new(Variant::Misere);
    check_all(&mut search, 3, 5);
    check_all(&mut search, 4, 2);
}

#[test]
fn subtraction_sets_against_a_game_tree_search() {
    check_all(&mut Search::set("1,2,3"), 2, 12);
    check_all(&mut Search::set("2,5"), 3, 9);
    check_all(&mut Search::set("1,3,4"), 3, 7);
    check_all(&mut Search::set("3"), 2, 10);
    check_all(&mut Search::set("2,3,7"), 2, 15);
}

/// Whole games where both players play `best_move`: every move is legal,
/// the players alternate, and the winner is the one the search predicts
/// from the start.
#[test]
fn whole_games_end_with_the_winner_the_search_predicts() {
    for (mut search, count, most) in [
        (Search::new(Variant::Normal), 3, 4),
        (Search::new(Variant::Misere), 3, 4),
        (Search::set("2,5"), 2, 9),
    ] {
        for piles in positions(count, most) {
            let mut game = Game::new(search.variant.clone(), piles.clone());
            let first_wins = search.wins(&piles);
            while let Some(choice) = game.best_move().unwrap() {
                let mover = game.to_move();
                game.play(choice.the_move).unwrap();
                assert_eq!(game.to_move(), mover.other());
            }
            assert!(game.is_over());
            let winner = if first_wins {
                Player::First
            } else {
                Player::Second
            };
            assert_eq!(game.winner(), Some(winner), "{piles:?}");
        }
    }
}

#[test]
fn a_refused_move_changes_nothing() {
    let mut game = Game::new(
        Variant::Subtraction(MoveSet::parse("2,5").unwrap()),
        vec![7, 1],
    );
    let refused = game.play(Move { pile: 1, take: 3 });
    assert_eq!(
        refused,
        Err("a move takes exactly 2 or 5 stones, not 3".to_string())
    );
    assert_eq!(
        game.play(Move { pile: 2, take: 2 }),
        Err("pile 2 has only 1 stone, not 2".to_string())
    );
    assert_eq!((game.piles(), game.moves_played()), (&[7, 1][..], 0));
}

#[test]
fn the_largest_piles_cost_little() {
    let max = u64::MAX;
    // XOR 0: every move loses, and the best takes one stone from pile 1.
    let mut game = Game::new(Variant::Normal, vec![max, max]);
    let choice = Choice {
        the_move: Move { pile: 1, take: 1 },
        winning: false,
    };
    assert_eq!(game.best_move().unwrap(), Some(choice));
    let many = vec![max; 32];
    for variant in [
        Variant::Normal,
        Variant::Misere,
        Variant::Subtraction(MoveSet::parse("1,2,3").unwrap()),
    ] {
        let mut game = Game::new(variant, many.clone());
        assert!(!game.best_move().unwrap().unwrap().winning);
    }
    let sizes: Vec<String> = (1..=100).map(|size| (size * 7).to_string()).collect();
    let set = MoveSet::parse(&sizes.join(",")).unwrap();
    let mut game = Game::new(Variant::Subtraction(set), many);
    assert!(game.best_move().unwrap().is_some());
}
