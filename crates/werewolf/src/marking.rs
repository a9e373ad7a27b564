//! A person's marking of a puzzle, for the web page: a generated puzzle
//! ([`generate`](super::generate)) with its answer, the players marked as
//! werewolves so far ([`Move`]: toggle one, or Solve), and what Check and
//! Hint say of the marks ([`check`],
//! [`Hint`]). A puzzle entered in the judge's format is [`Entered`]: the
//! binary's own line, and the count of its answers.
//!
//! Marks are one flag per player; a move is O(1), except Solve and the
//! answers (O(N)). The puzzle is generated and solved once, in
//! [`Marking::new`]; the figures of "How it's solved" count it again
//! ([`Marking::explanation`]).
//!
//! ```
//! use werewolf::marking::{Marking, Move};
//!
//! let mut marking = Marking::new(8, 2, 3, 42)?;
//! assert_eq!(marking.marked(), Vec::<usize>::new());
//! marking.play(Move::Solve);
//! assert!(marking.is_solved());
//! assert_eq!(marking.check(), ["Solved."]);
//! assert_eq!(marking.hint(), None);
//! # Ok::<(), judge_io::Error>(())
//! ```

use judge_io::{Error, Input};

use super::count::count;
use super::describe::{check, Explanation, Hint, COUNT_CAP};
use super::generate::{generate_at, Generated};
use super::grade::Level;
use super::{Game, Verdict, Werewolf};

/// A generated puzzle, its answer, and the players marked so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Marking {
    puzzle: Generated,
    seed: u64,
    verdict: Verdict,
    /// The answer, one flag per player.
    answer: Vec<bool>,
    marked: Vec<bool>,
}

/// One move of the person.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move {
    /// Toggles the mark of a player (counted from 0).
    Toggle(usize),
    /// Marks exactly the answer.
    Solve,
}

impl Marking {
    /// The puzzle of N `players`, M `werewolves` and L `liars` generated
    /// from `seed`, solved, with nothing marked.
    ///
    /// # Errors
    ///
    /// The generator's ([`generate_at`]): counts a puzzle does not allow, or
    /// no puzzle with one answer found.
    pub fn new(
        players: usize,
        werewolves: usize,
        liars: usize,
        seed: u64,
    ) -> Result<Marking, Error> {
        Marking::new_at(players, werewolves, liars, None, seed)
    }

    /// [`Marking::new`] with the puzzle of `level` when one is given
    /// ([`generate_at`]).
    ///
    /// # Errors
    ///
    /// The generator's ([`generate_at`]).
    pub fn new_at(
        players: usize,
        werewolves: usize,
        liars: usize,
        level: Option<Level>,
        seed: u64,
    ) -> Result<Marking, Error> {
        let puzzle = generate_at(players, werewolves, liars, level, seed)?;
        let verdict = super::solve(&puzzle.game)?;
        let answer = match &verdict {
            Verdict::Werewolves(wolves) => flags(players, wolves),
            Verdict::NoSolution => return Err(Error::input("the generated puzzle has no answer")),
        };
        Ok(Marking {
            puzzle,
            seed,
            verdict,
            answer,
            marked: vec![false; players],
        })
    }

    /// The generated puzzle (the game, and the draws it took).
    pub fn puzzle(&self) -> &Generated {
        &self.puzzle
    }

    /// The seed it was generated from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Makes one move.
    ///
    /// # Panics
    ///
    /// If a toggled player is not a player of the puzzle.
    pub fn play(&mut self, step: Move) {
        match step {
            Move::Toggle(player) => self.marked[player] = !self.marked[player],
            Move::Solve => self.marked.clone_from(&self.answer),
        }
    }

    /// The marked players, counted from 1, ascending.
    pub fn marked(&self) -> Vec<usize> {
        from_one(&self.marked)
    }

    /// Whether the marks are exactly the answer.
    pub fn is_solved(&self) -> bool {
        self.marked == self.answer
    }

    /// What Check says of the marks ([`check`]).
    pub fn check(&self) -> Vec<String> {
        check(&self.puzzle.game, &self.answer, &self.marked)
    }

    /// What Hint tells: the lowest-numbered player marked wrong, or `None`
    /// when the marks are the answer ([`Hint::first_wrong`]).
    pub fn hint(&self) -> Option<Hint> {
        Hint::first_wrong(&self.answer, &self.marked)
    }

    /// The figures of "How it's solved" for this puzzle, counted up to
    /// [`COUNT_CAP`].
    ///
    /// # Errors
    ///
    /// The count's ([`count`]).
    pub fn explanation(&self) -> Result<Explanation, Error> {
        let figures = count(&self.puzzle.game, COUNT_CAP)?;
        Ok(Explanation::new(&self.puzzle.game, figures, &self.verdict))
    }
}

/// A puzzle entered in the judge's format: what the `werewolf` binary
/// prints for it, and its figures.
#[derive(Debug)]
pub struct Entered {
    /// The game read.
    pub game: Game,
    /// Exactly the binary's output, without its line break.
    pub printed: String,
    /// The figures of "How it's solved" (the count of valid sets, up to
    /// [`COUNT_CAP`], among them), or why the count was refused.
    pub how: Result<Explanation, Error>,
}

impl Entered {
    /// Reads `text`, the binary's input, with the binary's own reader.
    ///
    /// # Errors
    ///
    /// The binary's own error for `text`.
    pub fn read(text: &[u8]) -> Result<Entered, Error> {
        // The binary's own answer (or error), byte for byte.
        let printed = judge_io::run::<Werewolf>(&[], text)?;
        let game = super::parse(&mut Input::new(text))?;
        let verdict = super::solve(&game)?;
        let how = count(&game, COUNT_CAP).map(|figures| Explanation::new(&game, figures, &verdict));
        Ok(Entered {
            printed: printed.trim_end_matches('\n').to_string(),
            game,
            how,
        })
    }
}

/// One flag per player: `wolves` are werewolves.
///
/// # Panics
///
/// If a wolf is not below `players`.
pub fn flags(players: usize, wolves: &[usize]) -> Vec<bool> {
    let mut flags = vec![false; players];
    for &wolf in wolves {
        flags[wolf] = true;
    }
    flags
}

/// The flagged players, counted from 1, ascending.
pub fn from_one(flags: &[bool]) -> Vec<usize> {
    (0..flags.len())
        .filter(|&player| flags[player])
        .map(|player| player + 1)
        .collect()
}

#[cfg(test)]
mod tests {
    use judge_io::rng::SplitMix64;

    use super::*;
    use crate::count::flaws;
    use crate::generate::generate;
    use crate::generate::tests::{brute_force, PRESETS};
    use crate::Statement;

    #[test]
    fn a_new_marking_is_the_generated_puzzle_with_nothing_marked() {
        let marking = Marking::new(8, 2, 3, 42).unwrap();
        let puzzle = generate(8, 2, 3, 42).unwrap();
        assert_eq!(marking.puzzle(), &puzzle);
        assert_eq!(marking.seed(), 42);
        assert_eq!(marking.marked(), Vec::<usize>::new());
        assert!(!marking.is_solved());
        let figures = count(&puzzle.game, COUNT_CAP).unwrap();
        let verdict = crate::solve(&puzzle.game).unwrap();
        assert_eq!(
            marking.explanation().unwrap(),
            Explanation::new(&puzzle.game, figures, &verdict)
        );
        assert!(Marking::new(8, 1, 3, 42).is_err());
    }

    #[test]
    fn check_hint_and_solve_agree_with_brute_force() {
        let mut random = SplitMix64::new(7);
        for round in 0..300u64 {
            let (n, m, l) = PRESETS[usize::try_from(round).unwrap() % PRESETS.len()];
            let seed = round * 31;
            let mut marking = Marking::new(n, m, l, seed).unwrap();
            let game = marking.puzzle().game.clone();
            let answer = brute_force(&game).pop().unwrap();
            let mut marked = vec![false; n];
            for _ in 0..random.index_without_rejection(2 * n) {
                let player = random.index_without_rejection(n);
                marked[player] = !marked[player];
                marking.play(Move::Toggle(player));
            }
            assert_eq!(marking.marked(), from_one(&marked));
            assert_eq!(marking.is_solved(), marked == answer);
            if marked == answer {
                assert_eq!(marking.check(), ["Solved."]);
            } else {
                let reasons: Vec<String> = flaws(&game, &marked)
                    .iter()
                    .map(ToString::to_string)
                    .collect();
                assert!(!reasons.is_empty());
                assert_eq!(marking.check(), reasons);
            }
            match (0..n).find(|&p| marked[p] != answer[p]) {
                Some(player) => assert_eq!(
                    marking.hint(),
                    Some(Hint {
                        player,
                        werewolf: answer[player]
                    })
                ),
                None => assert_eq!(marking.hint(), None),
            }
            marking.play(Move::Solve);
            assert_eq!(marking.marked(), from_one(&answer));
            assert!(marking.is_solved());
            // Solve, then a toggle: the answer with one mark changed.
            marking.play(Move::Toggle(0));
            assert!(!marking.is_solved());
        }
    }

    #[test]
    fn flags_and_from_one_are_inverse() {
        assert_eq!(flags(5, &[3, 0]), [true, false, false, true, false]);
        assert_eq!(from_one(&flags(5, &[3, 0])), [1, 4]);
        assert_eq!(from_one(&[]), Vec::<usize>::new());
    }

    #[test]
    fn an_entered_puzzle_gives_the_binarys_line_and_its_count() {
        let entered = Entered::read(b"6 2 3\n-2\n+3\n-4\n+5\n+4\n-3\n").unwrap();
        assert_eq!(entered.printed, "6 4");
        assert_eq!(entered.how.as_ref().unwrap().figures.valid, 3);
        assert_eq!(entered.how.unwrap().lines().len(), 5);
        let none = Entered::read(b"6 2 5 -2 +3 -4 +5 +4 +6").unwrap();
        assert_eq!(none.printed, "No Solution");
        assert_eq!(none.how.unwrap().figures.valid, 0);
        let bad = b"5 2 2\n-2\n+3\n-9\n+5\n+4\n";
        let native = judge_io::run::<Werewolf>(&[], bad).unwrap_err();
        assert_eq!(
            Entered::read(bad).unwrap_err().to_string(),
            native.to_string()
        );
    }

    #[test]
    fn an_entered_puzzle_is_counted_as_brute_force_counts() {
        let mut random = SplitMix64::new(99);
        for _ in 0..500 {
            let n = 2 + random.index_without_rejection(10);
            let game = Game {
                werewolves: random.index_without_rejection(n + 1),
                liars: random.index_without_rejection(n + 1),
                statements: (0..n)
                    .map(|_| Statement {
                        about: random.index_without_rejection(n),
                        claims_werewolf: random.index_without_rejection(2) == 1,
                    })
                    .collect(),
            };
            let text = crate::describe::judge_input(&game);
            let entered = Entered::read(text.as_bytes()).unwrap();
            assert_eq!(entered.game, game);
            let valid = entered.how.unwrap().figures.valid;
            let expected = u64::try_from(brute_force(&game).len()).unwrap();
            assert_eq!(valid, expected, "{game:?}");
        }
    }
}
