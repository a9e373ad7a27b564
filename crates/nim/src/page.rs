//! The Nim page's game (crates/web) in words and figures: the person
//! against the computer ([`Match`]), the status line's sentences, the
//! computer's answer and the Hint ([`Answer`], [`Hint`]), the figures and
//! sentences of "How it's solved" ([`Explanation`]), and the request's rule
//! line read by the binary's own flag parser ([`read_rule`]).
//!
//! Every fact comes from [`Game`]: the page's words are put on its moves,
//! its end and winner, its verdict and its Grundy values. The panel of an
//! S-Nim game also gives where the set's Grundy values repeat: the crate's
//! table when it already searched (for a pile of 2^16 or more, up to 10^7
//! positions), otherwise a search of its own over at most [`PERIOD_LIMIT`]
//! positions. Cost: that search (at most about 5 * 2^16 Grundy steps) and
//! one verdict, besides the computer's move ([`Game::best_move`]).
//!
//! ```
//! use nim::page::{Hint, Match, Side};
//! use nim::{Game, Move, Variant};
//!
//! let mut play = Match::new(Game::new(Variant::Normal, vec![3, 5, 7]), Side::Computer);
//! play.play(Move { pile: 1, take: 3 }).unwrap();
//! let answer = play.answer()?;
//! assert_eq!(
//!     answer.said,
//!     ["The computer took 3 stones from pile 1.", "Your move."]
//! );
//! assert_eq!(answer.hint, Some(Hint::Take(Move { pile: 3, take: 2 })));
//! assert_eq!(answer.hint.unwrap().sentence(), "Take 2 stones from pile 3.");
//! assert_eq!(answer.solution.xor, 2);
//! assert_eq!(answer.solution.binary(5), "101");
//! # Ok::<(), judge_io::Error>(())
//! ```

use judge_io::{Args, Error, Pos, Problem};
use stone_game::subtraction::{periodicity, Periodicity, Sequence, REPEAT_LIMIT};

use super::figure::Figure;
use super::game::{Choice, Game, Player, Variant};
use super::solve::{Move, Verdict};

/// How far the panel looks for the period of an S-Nim set's Grundy values,
/// unless the crate's table already searched (which it does for a pile of
/// 2^16 or more, up to 10^7 positions): the table looks smaller piles up
/// directly, so the panel looks as far, at most about 5 * 2^16 Grundy steps
/// (a few milliseconds for small sets, tens of milliseconds with 100 moves).
pub const PERIOD_LIMIT: u64 = 1 << 16;

/// The most Grundy values the panel lists for a period.
pub const PERIOD_VALUES: u64 = 40;

/// Who plays a game of the page: the person or the computer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// The person.
    You,
    /// The computer.
    Computer,
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::You => Side::Computer,
            Side::Computer => Side::You,
        }
    }

    /// The side's name in the page's answer: `you` or `computer`.
    pub fn name(self) -> &'static str {
        match self {
            Side::You => "you",
            Side::Computer => "computer",
        }
    }

    /// The side named by [`Side::name`]; `None` for any other word.
    pub fn from_name(name: &[u8]) -> Option<Side> {
        match name {
            b"you" => Some(Side::You),
            b"computer" => Some(Side::Computer),
            _ => None,
        }
    }

    /// The side at the start of a sentence: `You`, `The computer`.
    fn subject(self) -> &'static str {
        match self {
            Side::You => "You",
            Side::Computer => "The computer",
        }
    }

    /// The side inside a sentence: `you`, `the computer`.
    fn object(self) -> &'static str {
        match self {
            Side::You => "you",
            Side::Computer => "the computer",
        }
    }
}

/// A game of the page: the crate's [`Game`], who moved first, and what the
/// last move played did (the status line says it).
pub struct Match {
    game: Game,
    first: Side,
    /// The sentence of the last move, played or refused.
    last_said: Option<String>,
    refused: Option<String>,
}

/// What the page shows after the moves of a request (see [`Match::answer`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// The computer's move, played now, when the moves left it to move.
    pub computer: Option<Choice>,
    /// The status line: the last move of the request, the computer's
    /// answer, and the end (or `Your move.`).
    pub said: Vec<String>,
    /// Who moves next; `None` once the game is over.
    pub turn: Option<Side>,
    /// Who won; `None` before the end.
    pub winner: Option<Side>,
    /// The Hint, when the person is to move.
    pub hint: Option<Hint>,
    /// "How it's solved" for the position now and the player to move.
    pub solution: Explanation,
}

/// The Hint for the person to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hint {
    /// A winning move (the one `nim --move` prints).
    Take(Move),
    /// Every move loses against perfect play.
    EveryMoveLoses,
}

/// The figures and sentences of "How it's solved" for one position and the
/// player to move: each pile's Nim or Grundy value, their XOR, the verdict,
/// and for S-Nim where the Grundy values repeat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explanation {
    /// The piles, the first first.
    pub piles: Vec<u64>,
    /// Each pile's value: its size in Nim and misère Nim, its Grundy value
    /// in S-Nim.
    pub values: Vec<u64>,
    /// The XOR of the values.
    pub xor: u64,
    /// Whether the player to move wins.
    pub wins: bool,
    /// The winning move ([`Game::verdict`]'s); `None` when the player to
    /// move loses or has already won.
    pub winning_move: Option<Move>,
    /// S-Nim: where the Grundy values repeat, when it was found; `None`
    /// otherwise, and for Nim and misère Nim.
    pub period: Option<Period>,
    /// How far the search for the period looked: [`REPEAT_LIMIT`] when the
    /// crate's table searched, [`PERIOD_LIMIT`] otherwise.
    pub period_limit: u64,
    /// Sentences: the rule, and how it applies here.
    pub said: Vec<String>,
    /// The figure: Nim's binary columns, or S-Nim's positions
    /// ([`crate::figure`]).
    pub figure: Figure,
}

/// Where an S-Nim set's Grundy values repeat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Period {
    /// The positions before the values repeat.
    pub preperiod: u64,
    /// The length of the period.
    pub period: u64,
    /// The values of the first `preperiod + period` positions, at most
    /// [`PERIOD_VALUES`] of them.
    pub values: Vec<u8>,
}

impl Match {
    /// `game` before its first move, `first` to move.
    pub fn new(game: Game, first: Side) -> Match {
        Match {
            game,
            first,
            last_said: None,
            refused: None,
        }
    }

    /// The game in play.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Who moved first.
    pub fn first(&self) -> Side {
        self.first
    }

    /// Why the person's last move was refused, in the words of
    /// [`refusal`](super::refusal); `None` when it was played.
    pub fn refused(&self) -> Option<&str> {
        self.refused.as_deref()
    }

    /// The side to move (once over, the one left without a move).
    pub fn mover(&self) -> Side {
        self.side(self.game.to_move())
    }

    /// The side that moves `seat`'s turns.
    pub fn side(&self, seat: Player) -> Side {
        match seat {
            Player::First => self.first,
            Player::Second => self.first.other(),
        }
    }

    /// Plays `the_move` for the side to move and says so (`You took 2
    /// stones from pile 3.`).
    ///
    /// # Errors
    ///
    /// The move is none of the game ([`Game::play`]'s words); the game is
    /// unchanged. A move of the person's is then refused and says why
    /// (`Refused: ...`, and [`Match::refused`]).
    pub fn play(&mut self, the_move: Move) -> Result<(), String> {
        let mover = self.mover();
        match self.game.play(the_move) {
            Ok(()) => {
                self.last_said = Some(took(mover, the_move));
                Ok(())
            }
            Err(reason) => {
                if mover == Side::You {
                    self.last_said = Some(format!("Refused: {reason}."));
                    self.refused = Some(reason.clone());
                }
                Err(reason)
            }
        }
    }

    /// Plays the computer's answer ([`Game::best_move`]) when it is to move
    /// and the last move was not refused, and tells what the page shows.
    ///
    /// # Errors
    ///
    /// S-Nim: a pile with no Grundy value (see [`Game::verdict`]).
    pub fn answer(&mut self) -> Result<Answer, Error> {
        let mut said: Vec<String> = self.last_said.take().into_iter().collect();
        let mut computer = None;
        if self.refused.is_none() && self.mover() == Side::Computer {
            if let Some(choice) = self.game.best_move()? {
                self.game.play(choice.the_move).map_err(Error::input)?;
                said.push(took(Side::Computer, choice.the_move));
                computer = Some(choice);
            }
        }
        let mover = self.mover();
        let over = self.game.is_over();
        let winner = self.game.winner().map(|seat| self.side(seat));
        if let Some(winner) = winner {
            said.push(self.ending(mover, winner));
        } else if said.is_empty() || mover == Side::You && self.refused.is_none() {
            said.push("Your move.".to_string());
        }
        let hint = if !over && mover == Side::You {
            Some(match self.game.winning_move()? {
                Some(the_move) => Hint::Take(the_move),
                None => Hint::EveryMoveLoses,
            })
        } else {
            None
        };
        Ok(Answer {
            computer,
            said,
            turn: (!over).then_some(mover),
            winner,
            hint,
            solution: Explanation::new(&mut self.game, mover)?,
        })
    }

    /// The sentence that ends the game: `mover` has no move, `winner` won.
    fn ending(&self, mover: Side, winner: Side) -> String {
        let wins = match winner {
            Side::You => "you win",
            Side::Computer => "the computer wins",
        };
        if *self.game.variant() == Variant::Misere {
            format!("No stone is left, and whoever takes the last one loses: {wins}.")
        } else {
            let who = match mover {
                Side::You => "You have",
                Side::Computer => "The computer has",
            };
            format!("{who} no move left: {wins}.")
        }
    }
}

impl Hint {
    /// The Hint's move; `None` when every move loses.
    pub fn the_move(self) -> Option<Move> {
        match self {
            Hint::Take(the_move) => Some(the_move),
            Hint::EveryMoveLoses => None,
        }
    }

    /// The status line's sentence: `Take 2 stones from pile 3.`, or `Every
    /// move loses against perfect play.`
    pub fn sentence(self) -> String {
        match self {
            Hint::Take(Move { pile, take }) => format!("Take {} from pile {pile}.", stones(take)),
            Hint::EveryMoveLoses => "Every move loses against perfect play.".to_string(),
        }
    }
}

impl Explanation {
    /// "How it's solved" for `game` now, `mover` to move.
    ///
    /// # Errors
    ///
    /// S-Nim: a pile with no Grundy value (see [`Game::verdict`]).
    pub fn new(game: &mut Game, mover: Side) -> Result<Explanation, Error> {
        let piles = game.piles().to_vec();
        let values = game.values()?;
        let xor = values.iter().fold(0, |xor, value| xor ^ value);
        let (wins, winning_move) = match game.verdict()? {
            Verdict::Yes { winning_move } => (true, winning_move),
            Verdict::No => (false, None),
        };
        let verdict = verdict(mover, wins, winning_move);
        let mut said = Vec::new();
        let mut period = None;
        let mut period_limit = PERIOD_LIMIT;
        let width = binary_width(&values, xor);
        let figure = match game.variant().clone() {
            Variant::Normal => {
                said.push(NIM_RULE.to_string());
                said.push(format!("Here the XOR is {xor}, {verdict}"));
                Figure::columns(&values, xor, width, winning_move, false)
            }
            Variant::Misere => {
                said.push(MISERE_RULE.to_string());
                let case = match game.piles().iter().filter(|&&stones| stones > 1).count() {
                    0 => "every pile has at most one stone (the exception)",
                    1 => "one pile has two or more stones (the winner shrinks it to 0 or 1, leaving an odd number of ones)",
                    _ => "two or more piles have two or more stones (Nim's rule)",
                };
                said.push(format!("Here {case}; the XOR is {xor}, {verdict}"));
                Figure::columns(&values, xor, width, winning_move, true)
            }
            Variant::Subtraction(set) => {
                let list: Vec<String> = set.moves().iter().map(u16::to_string).collect();
                said.push(format!(
                    "S-Nim with the set {{{}}} (Sprague-Grundy): a pile's Grundy value is the least \
                     value not among those of the piles one move away (0 for a pile with no move). \
                     The player to move wins exactly when the XOR of the piles' Grundy values is not 0, \
                     and a winning move takes a pile to the Grundy value that makes it 0.",
                    list.join(", ")
                ));
                let table = game
                    .grundy_table()
                    .ok_or_else(|| Error::input("internal: S-Nim without its table"))?;
                let found = match table.periodicity() {
                    Some(found) => {
                        period_limit = REPEAT_LIMIT;
                        Some(found)
                    }
                    None => periodicity(&set, Sequence::Grundy, PERIOD_LIMIT),
                };
                match found {
                    Some(Periodicity {
                        preperiod,
                        period: length,
                    }) => {
                        let mut first = Vec::new();
                        for size in 0..(preperiod + length).min(PERIOD_VALUES) {
                            first.push(table.grundy(size).ok_or_else(|| {
                                Error::input("internal: a small pile has no Grundy value")
                            })?);
                        }
                        let from = if preperiod == 0 {
                            "from the start".to_string()
                        } else {
                            format!("from position {preperiod} on")
                        };
                        said.push(format!(
                            "The Grundy values repeat with period {length} {from}, so a pile of any size \
                             has the value of a pile in the first {} positions.",
                            preperiod + length
                        ));
                        period = Some(Period {
                            preperiod,
                            period: length,
                            values: first,
                        });
                    }
                    None => said.push(format!(
                        "The Grundy values do not repeat within the first {PERIOD_LIMIT} positions \
                         (the page looks no further); each pile's value is computed up to its size."
                    )),
                }
                said.push(format!(
                    "Here the XOR of the Grundy values is {xor}, {verdict}"
                ));
                Figure::positions(table, &set, &piles, found)?
            }
        };
        Ok(Explanation {
            piles,
            values,
            xor,
            wins,
            winning_move,
            period,
            period_limit,
            said,
            figure,
        })
    }

    /// `value` in binary, as wide as the widest of the values and the XOR
    /// (at least one digit), so the panel's column lines up.
    pub fn binary(&self, value: u64) -> String {
        let width = binary_width(&self.values, self.xor) as usize;
        format!("{value:0width$b}")
    }
}

/// The binary digits of the widest of `values` and `xor`, at least one.
fn binary_width(values: &[u64], xor: u64) -> u32 {
    values
        .iter()
        .chain([&xor])
        .map(|&value| 64 - value.leading_zeros())
        .max()
        .unwrap_or(0)
        .max(1)
}

/// Nim's rule and why it holds.
const NIM_RULE: &str =
    "Nim (Bouton): the player to move wins exactly when the XOR of the piles is not 0. \
     A move changes one pile, so from XOR 0 every move leaves a XOR that is not 0; \
     from any other XOR X, a pile that has X's highest bit set shrinks to pile XOR X, \
     which makes the XOR 0.";

/// Misère Nim's rule and its exception.
const MISERE_RULE: &str =
    "Misère Nim plays as Nim (the player to move wins exactly when the XOR of the piles \
     is not 0) while some pile has two or more stones. The one exception: when every \
     pile has at most one stone, the player to move wins exactly when the XOR is 0 \
     (an even number of ones). So the winner plays Nim's move until it would leave \
     only piles of 0 or 1, and then leaves an odd number of ones instead.";

/// How the rule applies to the player to move: the end of the panel's last
/// sentence.
fn verdict(mover: Side, wins: bool, winning_move: Option<Move>) -> String {
    let who = mover.object();
    match winning_move {
        Some(Move { pile, take }) => format!(
            "so the player to move ({who}) wins: take {} from pile {pile}.",
            stones(take)
        ),
        None if wins => format!("so the player to move ({who}) has already won."),
        None => format!(
            "so the player to move ({who}) loses against perfect play: every move leaves a position the other player wins."
        ),
    }
}

/// The sentence for a move made: `The computer took 1 stone from pile 2.`
pub fn took(side: Side, the_move: Move) -> String {
    let Move { pile, take } = the_move;
    format!("{} took {} from pile {pile}.", side.subject(), stones(take))
}

/// `1 stone`, `3 stones`.
pub fn stones(count: u64) -> String {
    if count == 1 {
        "1 stone".to_string()
    } else {
        format!("{count} stones")
    }
}

/// Reads a request's rule line, `nim` and `nim`'s flags (`--misere` or
/// `--moves LIST`), through the binary's own flag parser: its usage errors,
/// word for word, become errors at `at`.
///
/// ```
/// use nim::page::read_rule;
/// use judge_io::Pos;
///
/// let at = Pos { line: 1, column: 1, token: 0 };
/// assert_eq!(read_rule(b"nim --misere", at)?, nim::Variant::Misere);
/// assert_eq!(
///     read_rule(b"nim --moves 2,0", at).unwrap_err().to_string(),
///     "line 1, column 1: --moves: a move size must be from 1 to 10000, found \"0\""
/// );
/// # Ok::<(), judge_io::Error>(())
/// ```
///
/// # Errors
///
/// The line does not start with `nim`, a flag is unknown or bad, or it is
/// one that plays no single game (`--cases`, `--move`).
pub fn read_rule(text: &[u8], at: Pos) -> Result<Variant, Error> {
    let text = String::from_utf8_lossy(text);
    let mut words = text.split_ascii_whitespace();
    if words.next() != Some("nim") {
        return Err(Error::at(
            at,
            format!(
                "the rule line must start with `nim`, found {}",
                judge_io::quote(text.as_bytes())
            ),
        ));
    }
    let mut args = Args::new(words);
    let at_line = |error: Error| Error::at(at, error.message());
    let flags = <super::Nim as Problem>::flags(&mut args).map_err(at_line)?;
    args.finish().map_err(at_line)?;
    if flags.cases || flags.winning_move {
        return Err(Error::at(
            at,
            "the rule line takes --misere or --moves LIST only: the page plays one game and finds its moves",
        ));
    }
    Ok(flags.variant())
}

#[cfg(test)]
mod tests {
    use stone_game::subtraction::MoveSet;

    use super::*;

    fn set(sizes: &str) -> Variant {
        Variant::Subtraction(MoveSet::parse(sizes).unwrap())
    }

    /// The answer for `piles` of `variant` after `plays`, `first` to move.
    fn answer(variant: &Variant, first: Side, piles: &[u64], plays: &[(u64, u64)]) -> Answer {
        let mut play = Match::new(Game::new(variant.clone(), piles.to_vec()), first);
        for &(pile, take) in plays {
            play.play(Move { pile, take }).unwrap();
        }
        play.answer().unwrap()
    }

    /// `nim --move`'s move for `piles`, `None` after `No` (or a won game
    /// with no move).
    fn nim_move(variant: &Variant, piles: &[u64]) -> Option<Move> {
        let mut args = vec!["--move".to_string()];
        match variant {
            Variant::Subtraction(set) => {
                let list: Vec<String> = set.moves().iter().map(u16::to_string).collect();
                args.push("--moves".to_string());
                args.push(list.join(","));
            }
            Variant::Misere => args.push("--misere".to_string()),
            Variant::Normal => {}
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let mut input = piles.len().to_string();
        for stones in piles {
            input.push_str(&format!(" {stones}"));
        }
        let out = judge_io::run::<super::super::Nim>(&args, input.as_bytes()).unwrap();
        let line = out.lines().nth(1)?;
        let (pile, take) = line.split_once(' ').unwrap();
        Some(Move {
            pile: pile.parse().unwrap(),
            take: take.parse().unwrap(),
        })
    }

    /// The piles up to `most` stones each, of 1 to `count` piles.
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

    /// On every position: the computer plays the game's best move (which
    /// tests/best_move.rs checks against a game-tree search), a winning one
    /// exactly `nim --move`'s; the end names the game's winner; the Hint is
    /// `nim --move`'s move or says every move loses, as the panel does.
    fn check_all(variant: &Variant, count: usize, most: u64) {
        for piles in positions(count, most) {
            let mut game = Game::new(variant.clone(), piles.clone());
            let theirs = answer(variant, Side::Computer, &piles, &[]);
            match game.best_move().unwrap() {
                None => {
                    assert_eq!(theirs.computer, None, "{piles:?}");
                    assert_eq!(theirs.turn, None, "{piles:?}");
                    let winner = if *variant == Variant::Misere {
                        Side::Computer
                    } else {
                        Side::You
                    };
                    assert_eq!(theirs.winner, Some(winner), "{piles:?}");
                    continue;
                }
                Some(choice) => {
                    assert_eq!(theirs.computer, Some(choice), "{piles:?}");
                    if choice.winning {
                        assert_eq!(Some(choice.the_move), nim_move(variant, &piles));
                    }
                }
            }
            let yours = answer(variant, Side::You, &piles, &[]);
            let hint = yours.hint.unwrap();
            assert_eq!(hint.the_move(), nim_move(variant, &piles), "{piles:?}");
            match hint {
                Hint::Take(Move { pile, take }) => {
                    assert_eq!(
                        hint.sentence(),
                        format!("Take {} from pile {pile}.", stones(take))
                    );
                    assert!(yours.solution.wins);
                }
                Hint::EveryMoveLoses => {
                    assert_eq!(hint.sentence(), "Every move loses against perfect play.");
                    assert!(!yours.solution.wins);
                }
            }
        }
    }

    #[test]
    fn nim_plays_the_games_moves() {
        check_all(&Variant::Normal, 3, 5);
        check_all(&Variant::Normal, 4, 2);
    }

    #[test]
    fn misere_nim_plays_the_games_moves() {
        check_all(&Variant::Misere, 3, 5);
        check_all(&Variant::Misere, 4, 2);
    }

    #[test]
    fn subtraction_sets_play_the_games_moves() {
        check_all(&set("1,2,3"), 2, 12);
        check_all(&set("2,5"), 3, 9);
        check_all(&set("1,3,4"), 3, 7);
        check_all(&set("3"), 2, 10);
        check_all(&set("2,3,7"), 2, 15);
    }

    #[test]
    fn sides_are_named_as_the_page_names_them() {
        for side in [Side::You, Side::Computer] {
            assert_eq!(Side::from_name(side.name().as_bytes()), Some(side));
            assert_eq!(side.other().other(), side);
        }
        assert_eq!(Side::from_name(b"You"), None);
        assert_eq!(stones(1), "1 stone");
        assert_eq!(stones(0), "0 stones");
        assert_eq!(
            took(Side::Computer, Move { pile: 2, take: 1 }),
            "The computer took 1 stone from pile 2."
        );
        assert_eq!(
            took(
                Side::You,
                Move {
                    pile: 1,
                    take: u64::MAX
                }
            ),
            "You took 18446744073709551615 stones from pile 1."
        );
    }

    #[test]
    fn the_status_line_says_the_moves_and_the_end() {
        // Misère, the computer first: its 2:3, your 1:1, its answer 3:7.
        let after = answer(
            &Variant::Misere,
            Side::Computer,
            &[3, 5, 7],
            &[(2, 3), (1, 1)],
        );
        assert_eq!(
            after.computer,
            Some(Choice {
                the_move: Move { pile: 3, take: 7 },
                winning: true
            })
        );
        assert_eq!(
            after.said,
            [
                "You took 1 stone from pile 1.",
                "The computer took 7 stones from pile 3.",
                "Your move."
            ]
        );
        assert_eq!((after.turn, after.winner), (Some(Side::You), None));
        assert_eq!(after.hint, Some(Hint::EveryMoveLoses));
        // No move yet, the person first.
        let start = answer(&Variant::Normal, Side::You, &[3, 5, 7], &[]);
        assert_eq!(start.said, ["Your move."]);
        assert_eq!(start.computer, None);
        for (variant, winner, end) in [
            (
                Variant::Normal,
                Side::You,
                "The computer has no move left: you win.",
            ),
            (
                Variant::Misere,
                Side::Computer,
                "No stone is left, and whoever takes the last one loses: the computer wins.",
            ),
        ] {
            let over = answer(&variant, Side::You, &[0, 2], &[(2, 2)]);
            assert_eq!(over.said, ["You took 2 stones from pile 2.", end]);
            assert_eq!(
                (over.turn, over.winner, over.hint),
                (None, Some(winner), None)
            );
        }
        // The computer takes the last stone of S-Nim {3}: you have none.
        let over = answer(&set("3"), Side::You, &[4], &[]);
        assert_eq!(over.hint, Some(Hint::Take(Move { pile: 1, take: 3 })));
        let over = answer(&set("3"), Side::Computer, &[5], &[]);
        assert_eq!(
            over.said,
            [
                "The computer took 3 stones from pile 1.",
                "You have no move left: the computer wins."
            ]
        );
    }

    #[test]
    fn a_refused_take_of_the_person_is_said_and_answers_nothing() {
        let mut play = Match::new(Game::new(set("2,5"), vec![7, 9, 12]), Side::You);
        let reason = "a move takes exactly 2 or 5 stones, not 3";
        assert_eq!(
            play.play(Move { pile: 1, take: 3 }),
            Err(reason.to_string())
        );
        assert_eq!(play.refused(), Some(reason));
        let refused = play.answer().unwrap();
        assert_eq!(refused.said, [format!("Refused: {reason}.")]);
        assert_eq!((refused.computer, refused.turn), (None, Some(Side::You)));
        assert_eq!(play.game().piles(), [7, 9, 12]);
        // The computer's illegal move is not the page's to say.
        let mut play = Match::new(Game::new(Variant::Normal, vec![3]), Side::Computer);
        assert!(play.play(Move { pile: 1, take: 4 }).is_err());
        assert_eq!(play.refused(), None);
        assert_eq!(play.answer().unwrap().computer.unwrap().the_move.take, 3);
    }

    #[test]
    fn the_panel_shows_the_values_in_binary_their_xor_and_the_rule() {
        let mut game = Game::new(Variant::Normal, vec![3, 5, 7]);
        let how = Explanation::new(&mut game, Side::You).unwrap();
        assert_eq!(
            (how.values.as_slice(), how.xor, how.wins),
            (&[3, 5, 7][..], 1, true)
        );
        let binary: Vec<String> = [3, 5, 7, 1]
            .iter()
            .map(|&value| how.binary(value))
            .collect();
        assert_eq!(binary, ["011", "101", "111", "001"]);
        assert_eq!((how.period.clone(), how.period_limit), (None, PERIOD_LIMIT));
        assert!(how.said[0].starts_with("Nim (Bouton): the player to move wins"));
        assert_eq!(
            how.said[1],
            "Here the XOR is 1, so the player to move (you) wins: take 1 stone from pile 1."
        );
        let mut game = Game::new(Variant::Normal, vec![0, 0]);
        let how = Explanation::new(&mut game, Side::Computer).unwrap();
        assert_eq!(how.binary(how.xor), "0");
        assert_eq!(
            how.said[1],
            "Here the XOR is 0, so the player to move (the computer) loses against perfect \
             play: every move leaves a position the other player wins."
        );
        for (piles, case) in [
            (vec![1, 1, 0], "Here every pile has at most one stone (the exception); the XOR is 0, so the player to move (you) wins: take 1 stone from pile 1."),
            (vec![0], "Here every pile has at most one stone (the exception); the XOR is 0, so the player to move (you) has already won."),
            (vec![1, 4], "Here one pile has two or more stones (the winner shrinks it to 0 or 1, leaving an odd number of ones); the XOR is 5, so the player to move (you) wins: take 4 stones from pile 2."),
            (vec![2, 2], "Here two or more piles have two or more stones (Nim's rule); the XOR is 0, so the player to move (you) loses against perfect play: every move leaves a position the other player wins."),
        ] {
            let mut game = Game::new(Variant::Misere, piles);
            let how = Explanation::new(&mut game, Side::You).unwrap();
            assert!(how.said[0].starts_with("Misère Nim plays as Nim"));
            assert_eq!(how.said[1], case);
        }
    }

    #[test]
    fn the_s_nim_panel_gives_the_period_of_the_grundy_values() {
        // {2, 5}: 0 0 1 1 0 2 1, then again from the start.
        let mut game = Game::new(set("2,5"), vec![7, 9, 12]);
        let how = Explanation::new(&mut game, Side::You).unwrap();
        assert_eq!(how.values, [0, 1, 2]);
        assert_eq!(
            how.period,
            Some(Period {
                preperiod: 0,
                period: 7,
                values: vec![0, 0, 1, 1, 0, 2, 1]
            })
        );
        assert_eq!(how.period_limit, PERIOD_LIMIT);
        assert_eq!(
            how.said[0],
            "S-Nim with the set {2, 5} (Sprague-Grundy): a pile's Grundy value is the least \
             value not among those of the piles one move away (0 for a pile with no move). The \
             player to move wins exactly when the XOR of the piles' Grundy values is not 0, and \
             a winning move takes a pile to the Grundy value that makes it 0."
        );
        assert_eq!(
            how.said[1],
            "The Grundy values repeat with period 7 from the start, so a pile of any size has \
             the value of a pile in the first 7 positions."
        );
        assert_eq!(
            how.said[2],
            "Here the XOR of the Grundy values is 3, so the player to move (you) wins: take 2 \
             stones from pile 3."
        );
        // A pile of 2^16 or more: the table searched, up to 10^7 positions.
        let mut game = Game::new(set("2,5"), vec![1 << 16]);
        let how = Explanation::new(&mut game, Side::You).unwrap();
        assert_eq!(how.period_limit, REPEAT_LIMIT);
        // A preperiod, and at most PERIOD_VALUES values listed.
        let sizes: Vec<String> = (1..=40).map(|size| (size * 2).to_string()).collect();
        let mut game = Game::new(set(&format!("1,{}", sizes.join(","))), vec![3]);
        let how = Explanation::new(&mut game, Side::You).unwrap();
        let period = how.period.unwrap();
        assert!(
            period.preperiod + period.period > PERIOD_VALUES,
            "{period:?}"
        );
        assert_eq!(period.values.len() as u64, PERIOD_VALUES);
        let mut game = Game::new(set("2,3"), vec![3]);
        let how = Explanation::new(&mut game, Side::You).unwrap();
        assert_eq!(
            how.period.map(|found| (found.preperiod, found.period)),
            Some((0, 5))
        );
        // A set that does not repeat within the panel's search.
        let moves = "4,14,27,97,140,162,269,391,461,603,707,793,801,842,902,953";
        let mut game = Game::new(set(moves), vec![3, 100]);
        let how = Explanation::new(&mut game, Side::You).unwrap();
        assert_eq!(how.period, None);
        assert_eq!(
            how.said[1],
            "The Grundy values do not repeat within the first 65536 positions (the page looks \
             no further); each pile's value is computed up to its size."
        );
    }

    #[test]
    fn the_rule_line_is_read_by_the_binarys_flag_parser() {
        let at = Pos {
            line: 1,
            column: 1,
            token: 0,
        };
        assert_eq!(read_rule(b"nim", at).unwrap(), Variant::Normal);
        assert_eq!(read_rule(b" nim  --moves 5,2 ", at).unwrap(), set("2,5"));
        for (line, error) in [
            (&b"nim --misere --moves 2,5"[..], "line 1, column 1: --misere is plain Nim only: misere subtraction games do not follow the XOR rule"),
            (b"nim --what", "line 1, column 1: unknown flag \"--what\""),
            (b"game", "line 1, column 1: the rule line must start with `nim`, found \"game\""),
            (b"nim --move", "line 1, column 1: the rule line takes --misere or --moves LIST only: the page plays one game and finds its moves"),
        ] {
            assert_eq!(read_rule(line, at).unwrap_err().to_string(), error);
        }
    }
}
