//! A game in play: the piles, whose move it is, which moves are legal, the
//! end and its winner, and the move to play (the game pages' engine, in
//! crates/web, asks these).

use judge_io::Error;
use stone_game::subtraction::MoveSet;

use super::grundy::GrundyTable;
use super::solve::{solve_nim, solve_s_nim, Move, Rule, Verdict};
use super::strategy::{losing_move_nim, losing_move_s_nim};

/// Which game is played: which moves there are, and who wins at the end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Variant {
    /// Nim: a move takes any positive number of stones from one pile;
    /// whoever takes the last stone wins.
    Normal,
    /// Misère Nim (`--misere`): the moves of Nim; whoever takes the last
    /// stone loses.
    Misere,
    /// S-Nim (`--moves`): a move takes exactly s stones from one pile, s in
    /// the set; whoever cannot move loses (stones may be left).
    Subtraction(MoveSet),
}

/// A player, by the order of play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Player {
    /// The player who makes the first move.
    First,
    /// The other one.
    Second,
}

impl Player {
    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }
}

/// The move [`Game::best_move`] chooses, and whether it wins.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Choice {
    /// The move.
    pub the_move: Move,
    /// Whether it wins against every defence (otherwise every move loses
    /// against perfect play, and this one hopes for a mistake).
    pub winning: bool,
}

/// A game of Nim, misère Nim or S-Nim in play: the piles and how many moves
/// were played on them, the two players moving in turn.
///
/// ```
/// use nim::{Game, Move, Player, Variant};
/// let mut game = Game::new(Variant::Normal, vec![1, 2]);
/// assert_eq!(game.to_move(), Player::First);
/// assert_eq!(game.winning_move()?, Some(Move { pile: 2, take: 1 }));
/// game.play(Move { pile: 2, take: 1 }).unwrap();
/// assert_eq!(game.play(Move { pile: 1, take: 2 }), Err("pile 1 has only 1 stone, not 2".to_string()));
/// assert_eq!(game.winning_move()?, None);
/// game.play(Move { pile: 1, take: 1 }).unwrap();
/// game.play(Move { pile: 2, take: 1 }).unwrap();
/// assert!(game.is_over());
/// assert_eq!(game.winner(), Some(Player::First));
/// # Ok::<(), judge_io::Error>(())
/// ```
pub struct Game {
    variant: Variant,
    /// The Grundy values of the set, for S-Nim.
    table: Option<GrundyTable>,
    piles: Vec<u64>,
    played: u64,
}

impl Game {
    /// The game `variant` on `piles`, before the first move.
    ///
    /// The piles are not looked up here: with S-Nim, a pile too large to
    /// have a Grundy value (see the crate docs, `--moves`) makes the
    /// methods that need values fail. [`read_piles`](super::read_piles)
    /// reads piles and refuses such a pile as the binary does.
    pub fn new(variant: Variant, piles: Vec<u64>) -> Game {
        let table = match &variant {
            Variant::Subtraction(moves) => Some(GrundyTable::new(moves.clone())),
            Variant::Normal | Variant::Misere => None,
        };
        Game {
            variant,
            table,
            piles,
            played: 0,
        }
    }

    /// Which game this is.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// The piles now.
    pub fn piles(&self) -> &[u64] {
        &self.piles
    }

    /// How many moves were played.
    pub fn moves_played(&self) -> u64 {
        self.played
    }

    /// The player whose turn it is; once the game is over, the player left
    /// without a move.
    pub fn to_move(&self) -> Player {
        if self.played % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    /// Whether the player to move has no move: no stone left (Nim, misère
    /// Nim), or every pile smaller than the smallest size of the set (S-Nim).
    pub fn is_over(&self) -> bool {
        let smallest = match &self.variant {
            Variant::Subtraction(moves) => moves.moves().first().map_or(1, |&size| size.into()),
            Variant::Normal | Variant::Misere => 1,
        };
        self.piles.iter().all(|&stones| stones < smallest)
    }

    /// Who won, once the game is over: in Nim and S-Nim the player who made
    /// the last move (the player to move has none), in misère Nim the other
    /// one (whoever took the last stone lost). `None` before the end.
    pub fn winner(&self) -> Option<Player> {
        if !self.is_over() {
            return None;
        }
        Some(match self.variant {
            Variant::Misere => self.to_move(),
            Variant::Normal | Variant::Subtraction(_) => self.to_move().other(),
        })
    }

    /// Why `the_move` is no move of the game now, in the words of
    /// [`refusal`]; `None` when it is one. The end of the game is not
    /// checked here: no move follows it, which [`Game::is_over`] says.
    pub fn refusal(&self, the_move: Move) -> Option<String> {
        let moves = match &self.variant {
            Variant::Subtraction(moves) => Some(moves),
            Variant::Normal | Variant::Misere => None,
        };
        refusal(&self.piles, the_move.pile, the_move.take, moves)
    }

    /// Plays `the_move` for the player to move.
    ///
    /// # Errors
    ///
    /// The move is none of the game ([`Game::refusal`]'s words); the game
    /// is then unchanged.
    pub fn play(&mut self, the_move: Move) -> Result<(), String> {
        if let Some(reason) = self.refusal(the_move) {
            return Err(reason);
        }
        // `refusal` checked that the pile exists and holds enough stones.
        if let Some(stones) = usize::try_from(the_move.pile - 1)
            .ok()
            .and_then(|index| self.piles.get_mut(index))
        {
            *stones -= the_move.take;
        }
        self.played += 1;
        Ok(())
    }

    /// Whether the player to move wins, with the winning move: the one
    /// `nim --move` prints for the piles now (with `--misere` or `--moves`
    /// as the variant is), from [`solve_nim`] or [`solve_s_nim`].
    ///
    /// # Errors
    ///
    /// S-Nim: a pile with no Grundy value (too large for a set that does
    /// not repeat).
    pub fn verdict(&mut self) -> Result<Verdict, Error> {
        match (&self.variant, &mut self.table) {
            (Variant::Subtraction(_), Some(table)) => solve_s_nim(&self.piles, table),
            (Variant::Misere, _) => Ok(solve_nim(&self.piles, Rule::Misere)),
            _ => Ok(solve_nim(&self.piles, Rule::Normal)),
        }
    }

    /// The winning move of [`Game::verdict`], or `None` when the player to
    /// move loses (or has already won: misère Nim with no stone left).
    ///
    /// # Errors
    ///
    /// As [`Game::verdict`].
    pub fn winning_move(&mut self) -> Result<Option<Move>, Error> {
        Ok(match self.verdict()? {
            Verdict::Yes { winning_move } => winning_move,
            Verdict::No => None,
        })
    }

    /// The value of each pile in the sum of games: its size in Nim and
    /// misère Nim, its Grundy value in S-Nim. The player to move wins Nim
    /// and S-Nim exactly when their XOR is not 0.
    ///
    /// # Errors
    ///
    /// As [`Game::verdict`].
    pub fn values(&mut self) -> Result<Vec<u64>, Error> {
        match &mut self.table {
            Some(table) => self
                .piles
                .iter()
                .map(|&stones| {
                    table.grundy(stones).map(u64::from).ok_or_else(|| {
                        Error::input("internal: a pile of the game has no Grundy value")
                    })
                })
                .collect(),
            None => Ok(self.piles.clone()),
        }
    }

    /// The Grundy values of the set (S-Nim), as far as they were looked up;
    /// `None` for Nim and misère Nim.
    pub fn grundy_table(&mut self) -> Option<&mut GrundyTable> {
        self.table.as_mut()
    }

    /// The move to play for the player to move; `None` once the game is
    /// over.
    ///
    /// When the position has a winning move, it is [`Game::winning_move`]:
    /// `nim --move`'s move. Otherwise every move loses against perfect
    /// play, and the move is the one that leaves the opponent the **most
    /// ways to go wrong**: of the opponent's replies, the most that hand
    /// the player a winning position (its count of replies minus its count
    /// of winning replies), then the smallest pile, then the fewest stones.
    ///
    /// In Nim and misère Nim a position of T stones has T replies and at
    /// most one winning reply per pile, and a won position has at least
    /// one, so a take of t > n (n piles) leaves at most T - t - 1 < T - 1 -
    /// n wrong replies, fewer than any take of one stone: only takes of 1
    /// to n stones from each pile are weighed, n^2 moves of O(n) each,
    /// whatever the piles' sizes. In S-Nim a move is one of the |S| <= 100
    /// sizes on one of n piles; each is weighed in O(n + |S|) with each
    /// pile's count of replies to each Grundy value, found once.
    ///
    /// The winning replies are counted from the games' rules: in Nim a pile
    /// a has one exactly when a XOR X < a (X the XOR of the piles); in
    /// misère Nim a pile a with Y the XOR of the others has one when Y < a
    /// if another pile has two or more stones, and when Y XOR 1 < a if none
    /// has (the position must then end with an odd number of ones); in
    /// S-Nim a reply wins when it makes the XOR of the Grundy values 0.
    /// `tests/best_move.rs` compares every choice with a game-tree search
    /// of small positions.
    ///
    /// ```
    /// use nim::{Choice, Game, Move, Variant};
    /// // XOR 0: every move loses. Taking 1 from pile 1 (to 2 2 3) leaves
    /// // 6 of the 7 replies wrong (only 3 -> 0 wins), more than any other.
    /// let mut game = Game::new(Variant::Normal, vec![3, 2, 1]);
    /// let choice = game.best_move()?.unwrap();
    /// assert_eq!(choice, Choice { the_move: Move { pile: 1, take: 1 }, winning: false });
    /// # Ok::<(), judge_io::Error>(())
    /// ```
    ///
    /// # Complexity
    ///
    /// With n piles: O(n^3) in Nim and misère Nim, O(n^2 |S| + n |S|^2) in
    /// S-Nim, besides the Grundy values' own lookups.
    ///
    /// # Errors
    ///
    /// As [`Game::verdict`].
    pub fn best_move(&mut self) -> Result<Option<Choice>, Error> {
        if self.is_over() {
            return Ok(None);
        }
        if let Some(the_move) = self.winning_move()? {
            return Ok(Some(Choice {
                the_move,
                winning: true,
            }));
        }
        let losing = match (&self.variant, &mut self.table) {
            (Variant::Subtraction(moves), Some(table)) => {
                losing_move_s_nim(table, moves.moves(), &self.piles)
            }
            (variant, _) => losing_move_nim(&self.piles, *variant == Variant::Misere),
        };
        let the_move =
            losing.ok_or_else(|| Error::input("internal: no move left for the player to move"))?;
        Ok(Some(Choice {
            the_move,
            winning: false,
        }))
    }
}

/// Why taking `take` stones from pile `pile` (counted from 1) of `piles` is
/// no move of the game, or `None` when it is one: in Nim a move takes any
/// positive number of stones from one pile, and with `moves` (S-Nim) exactly
/// s stones for some s in the set. The game pages (crates/web) refuse a take
/// with these words.
///
/// ```
/// use stone_game::subtraction::MoveSet;
/// assert_eq!(nim::refusal(&[3, 5], 2, 5, None), None);
/// assert_eq!(
///     nim::refusal(&[3, 5], 1, 4, None).unwrap(),
///     "pile 1 has only 3 stones, not 4"
/// );
/// let moves = MoveSet::parse("2,5")?;
/// assert_eq!(
///     nim::refusal(&[3, 5], 2, 3, Some(&moves)).unwrap(),
///     "a move takes exactly 2 or 5 stones, not 3"
/// );
/// # Ok::<(), judge_io::Error>(())
/// ```
pub fn refusal(piles: &[u64], pile: u64, take: u64, moves: Option<&MoveSet>) -> Option<String> {
    let index = usize::try_from(pile)
        .ok()
        .and_then(|pile| pile.checked_sub(1));
    let stones = match index.and_then(|index| piles.get(index)) {
        Some(&stones) => stones,
        None if piles.is_empty() => {
            return Some(format!("there is no pile {pile}: there are no piles"))
        }
        None => {
            return Some(format!(
                "there is no pile {pile}: the piles are numbered from 1 to {}",
                piles.len()
            ))
        }
    };
    if take == 0 {
        return Some("a move takes at least one stone".to_string());
    }
    if let Some(moves) = moves {
        if !moves.moves().iter().any(|&size| u64::from(size) == take) {
            let sizes: Vec<String> = moves.moves().iter().map(u16::to_string).collect();
            let sizes = match sizes.split_last() {
                Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
                _ => sizes.join(""),
            };
            return Some(format!("a move takes exactly {sizes} stones, not {take}"));
        }
    }
    if take > stones {
        return Some(match stones {
            0 => format!("pile {pile} is empty"),
            1 => format!("pile {pile} has only 1 stone, not {take}"),
            _ => format!("pile {pile} has only {stones} stones, not {take}"),
        });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusal_names_what_is_wrong_with_a_take() {
        let moves = MoveSet::parse("2,5").unwrap();
        let one = MoveSet::parse("3").unwrap();
        let piles = [0, 1, 7];
        assert_eq!(refusal(&piles, 3, 7, None), None);
        assert_eq!(refusal(&piles, 3, 5, Some(&moves)), None);
        for (pile, take, moves, reason) in [
            (
                0,
                1,
                None,
                "there is no pile 0: the piles are numbered from 1 to 3",
            ),
            (
                4,
                1,
                None,
                "there is no pile 4: the piles are numbered from 1 to 3",
            ),
            (
                u64::MAX,
                1,
                None,
                "there is no pile 18446744073709551615: the piles are numbered from 1 to 3",
            ),
            (3, 0, None, "a move takes at least one stone"),
            (1, 1, None, "pile 1 is empty"),
            (2, 2, None, "pile 2 has only 1 stone, not 2"),
            (3, 8, None, "pile 3 has only 7 stones, not 8"),
            (
                3,
                3,
                Some(&moves),
                "a move takes exactly 2 or 5 stones, not 3",
            ),
            (3, 1, Some(&one), "a move takes exactly 3 stones, not 1"),
            // The set is checked before the pile's size.
            (
                2,
                3,
                Some(&moves),
                "a move takes exactly 2 or 5 stones, not 3",
            ),
            (2, 2, Some(&moves), "pile 2 has only 1 stone, not 2"),
        ] {
            assert_eq!(refusal(&piles, pile, take, moves).unwrap(), reason);
        }
        assert_eq!(
            refusal(&[], 1, 1, None).unwrap(),
            "there is no pile 1: there are no piles"
        );
    }
}
