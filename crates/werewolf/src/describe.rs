//! A game in words and figures, for the web page: one sentence per
//! statement ([`sentences`]), the game as the binary reads it
//! ([`judge_input`]), what Check and Hint say of a marking ([`check`],
//! [`Hint`]), and the figures behind "How it's solved" ([`Explanation`]): each player's weight, the weight the werewolves must
//! add up to, how many of the `C(N, M)` sets have it and how many of those
//! are valid, and the answer.
//!
//! ```
//! use werewolf::describe::{judge_input, sentences, Explanation, COUNT_CAP};
//!
//! let game = werewolf::parse(&mut judge_io::Input::new(&b"5 2 2 -2 +3 -4 +5 +4"[..]))?;
//! assert_eq!(judge_input(&game), "5 2 2\n-2\n+3\n-4\n+5\n+4\n");
//! assert_eq!(sentences(&game)[0], "Player 1 says: player 2 is a werewolf.");
//! let figures = werewolf::count::count(&game, COUNT_CAP)?;
//! let how = Explanation::new(&game, figures, &werewolf::solve(&game)?);
//! assert_eq!((how.werewolf_claims, how.target, how.sets), (2, 0, Some(10)));
//! assert_eq!(
//!     how.lines()[4],
//!     "The judge names the largest of them (descending lists compared element by \
//!      element): players 4 and 1."
//! );
//! # Ok::<(), judge_io::Error>(())
//! ```

use std::fmt::Write as _;

use super::count::{flaws, Count};
use super::{Game, Verdict};

/// Counts of answers and sets are shown up to this (10^12), then "at
/// least" it: a figure nobody reads further, far inside 64 bits. The page
/// counts with it as the cap ([`count`](super::count::count)).
pub const COUNT_CAP: u64 = 1_000_000_000_000;

/// One sentence per player: `Player 3 says: player 5 is a werewolf.`
pub fn sentences(game: &Game) -> Vec<String> {
    game.statements
        .iter()
        .enumerate()
        .map(|(speaker, statement)| {
            let role = if statement.claims_werewolf {
                "a werewolf"
            } else {
                "a human"
            };
            format!(
                "Player {} says: player {} is {role}.",
                speaker + 1,
                statement.about + 1
            )
        })
        .collect()
}

/// The game as the `werewolf` binary reads it, in the canonical layout:
/// `N M L` on the first line, then one signed statement a line.
pub fn judge_input(game: &Game) -> String {
    let mut text = format!(
        "{} {} {}\n",
        game.statements.len(),
        game.werewolves,
        game.liars
    );
    for statement in &game.statements {
        let sign = if statement.claims_werewolf { '-' } else { '+' };
        let _ = writeln!(text, "{sign}{}", statement.about + 1);
    }
    text
}

/// The figures of "How it's solved" for one game: the crate's approach
/// ("Liars are a weighted sum", the witness pair) with this game's numbers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explanation {
    /// Each player's weight: the "human" minus the "werewolf" claims about
    /// them, player 1's first.
    pub weights: Vec<i64>,
    /// B, the number of "werewolf" claims.
    pub werewolf_claims: i64,
    /// M.
    pub werewolves: usize,
    /// L.
    pub liars: usize,
    /// The weight the werewolves must add up to, L - B.
    pub target: i64,
    /// `C(N, M)`, the number of sets of M players; `None` past 128 bits.
    pub sets: Option<u128>,
    /// The counts of the sets with the right counts and of the valid sets,
    /// capped at what they were counted with ([`COUNT_CAP`] on the page).
    pub figures: Count,
    /// The answer's werewolves, counted from 0 in descending order; `None`
    /// when no set is valid.
    pub answer: Option<Vec<usize>>,
}

impl Explanation {
    /// The figures of `game`, whose counts are `figures` and whose answer
    /// (by [`solve`](super::solve)) is `verdict`.
    pub fn new(game: &Game, figures: Count, verdict: &Verdict) -> Explanation {
        let players = game.statements.len();
        let mut weights = vec![0i64; players];
        let mut werewolf_claims = 0i64;
        for statement in &game.statements {
            if statement.claims_werewolf {
                weights[statement.about] -= 1;
                werewolf_claims += 1;
            } else {
                weights[statement.about] += 1;
            }
        }
        let liars = i64::try_from(game.liars).unwrap_or(i64::MAX);
        Explanation {
            weights,
            werewolf_claims,
            werewolves: game.werewolves,
            liars: game.liars,
            target: liars - werewolf_claims,
            sets: binomial(players, game.werewolves),
            figures,
            answer: match verdict {
                Verdict::Werewolves(wolves) => Some(wolves.clone()),
                Verdict::NoSolution => None,
            },
        }
    }

    /// The lines of the "How it's solved" panel: the weights, B and L - B,
    /// how many of the `C(N, M)` sets have that sum and how many of those
    /// have a witness pair (counts at [`COUNT_CAP`] or more are "at least"
    /// it), and the answer.
    pub fn lines(&self) -> Vec<String> {
        let players = self.weights.len();
        let weights: Vec<String> = self
            .weights
            .iter()
            .enumerate()
            .map(|(player, &w)| format!("{}: {w:+}", player + 1))
            .collect();
        let at_least = |figure: u64| {
            if figure >= COUNT_CAP {
                format!("at least {figure}")
            } else {
                figure.to_string()
            }
        };
        let sets = match self.sets {
            Some(sets) => sets.to_string(),
            None => "more than 10^38".to_string(),
        };
        let mut lines = vec![
            format!(
                "Weights (\"human\" minus \"werewolf\" claims about each player): {}.",
                weights.join(", ")
            ),
            format!(
                "B = {} statements say \"werewolf\". A set of werewolves has B plus its \
                 weights liars, so L = {} liars means weights adding up to L - B = {}.",
                self.werewolf_claims, self.liars, self.target
            ),
            format!(
                "Of the C({players}, {}) = {sets} sets of {} players, {} have that sum: \
                 exactly {} liars (the subset-sum tables decide this).",
                self.werewolves,
                self.werewolves,
                at_least(self.figures.with_counts),
                self.liars
            ),
            format!(
                "Of those, {} also have a werewolf who lies and one who tells the truth \
                 (a witness pair).",
                at_least(self.figures.valid)
            ),
        ];
        match &self.answer {
            Some(answer) => {
                let mut wolves: Vec<String> = answer
                    .iter()
                    .map(|player| (player + 1).to_string())
                    .collect();
                let list = match wolves.pop() {
                    Some(last) if !wolves.is_empty() => {
                        format!("{} and {last}", wolves.join(", "))
                    }
                    Some(last) => last,
                    None => String::new(),
                };
                lines.push(format!(
                    "The judge names the largest of them (descending lists compared element \
                     by element): players {list}."
                ));
            }
            None => lines.push("No set is valid: the judge prints No Solution.".to_string()),
        }
        lines
    }
}

/// What Check says of `marked` (one flag per player) in a puzzle whose
/// answer is `answer`: `Solved.` when they are the same; otherwise the
/// sentences of what the marking breaks ([`flaws`]), or, for a valid set
/// that is not the answer (only in a puzzle with several answers, which the
/// generator never makes), that every rule holds but it is not the answer.
pub fn check(game: &Game, answer: &[bool], marked: &[bool]) -> Vec<String> {
    if marked == answer {
        return vec!["Solved.".to_string()];
    }
    let mut said: Vec<String> = flaws(game, marked)
        .iter()
        .map(ToString::to_string)
        .collect();
    if said.is_empty() {
        said.push("Every rule holds, but this is not the puzzle's answer.".to_string());
    }
    said
}

/// What Hint tells: one player's true role.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hint {
    /// The player, counted from 0.
    pub player: usize,
    /// Whether they are a werewolf in the answer.
    pub werewolf: bool,
}

impl Hint {
    /// The lowest-numbered player whose mark in `marked` differs from
    /// `answer` (one flag per player each), or `None` when they agree.
    pub fn first_wrong(answer: &[bool], marked: &[bool]) -> Option<Hint> {
        let player = (0..answer.len()).find(|&player| marked[player] != answer[player])?;
        Some(Hint {
            player,
            werewolf: answer[player],
        })
    }

    /// `Player 3 is a werewolf.` (or `a human`), counted from 1.
    pub fn sentence(&self) -> String {
        let role = if self.werewolf {
            "a werewolf"
        } else {
            "a human"
        };
        format!("Player {} is {role}.", self.player + 1)
    }
}

/// `C(n, k)` for `k <= n`; `None` when a step's product, at most `k C(n, k)`,
/// passes 128 bits, which [`Explanation::lines`] words "more than 10^38"
/// (never at the page's sizes: `C(40, 20)` is about 1.4 x 10^11).
pub fn binomial(n: usize, k: usize) -> Option<u128> {
    let k = k.min(n - k.min(n));
    let mut value: u128 = 1;
    for i in 0..k {
        // value * (n - i) / (i + 1) is C(n, i + 1), exact at every step.
        value = value.checked_mul(u128::try_from(n - i).ok()?)? / u128::try_from(i + 1).ok()?;
    }
    Some(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Statement;

    fn game(werewolves: usize, liars: usize, statements: &[(usize, bool)]) -> Game {
        Game {
            werewolves,
            liars,
            statements: statements
                .iter()
                .map(|&(about, claims_werewolf)| Statement {
                    about,
                    claims_werewolf,
                })
                .collect(),
        }
    }

    #[test]
    fn the_judge_input_reads_back_as_the_same_game() {
        let game = game(
            2,
            3,
            &[
                (1, true),
                (2, false),
                (3, true),
                (4, false),
                (3, false),
                (2, true),
            ],
        );
        let text = judge_input(&game);
        assert_eq!(text, "6 2 3\n-2\n+3\n-4\n+5\n+4\n-3\n");
        let mut input = judge_io::Input::new(text.as_bytes());
        assert_eq!(crate::parse(&mut input).unwrap(), game);
    }

    #[test]
    fn sentences_name_speaker_and_claim_from_one() {
        let game = game(2, 1, &[(2, true), (0, false), (1, false)]);
        assert_eq!(
            sentences(&game),
            [
                "Player 1 says: player 3 is a werewolf.",
                "Player 2 says: player 1 is a human.",
                "Player 3 says: player 2 is a human.",
            ]
        );
    }

    #[test]
    fn check_says_solved_or_what_breaks() {
        // `5 2 2 -2 +3 -4 +5 +4`: the answer is 4 and 1.
        let game = game(
            2,
            2,
            &[(1, true), (2, false), (3, true), (4, false), (3, false)],
        );
        let answer = [true, false, false, true, false];
        assert_eq!(check(&game, &answer, &answer), ["Solved."]);
        let none = [false; 5];
        let said: Vec<String> = flaws(&game, &none)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert!(!said.is_empty());
        assert_eq!(check(&game, &answer, &none), said);
        // A valid set that is not the "answer" given.
        let other = [false, true, true, false, false];
        assert!(flaws(&game, &answer).is_empty());
        assert_eq!(
            check(&game, &other, &answer),
            ["Every rule holds, but this is not the puzzle's answer."]
        );
    }

    #[test]
    fn a_hint_is_the_first_wrong_mark() {
        let answer = [true, false, false, true];
        assert_eq!(Hint::first_wrong(&answer, &answer), None);
        let hint = Hint::first_wrong(&answer, &[true, true, false, false]).unwrap();
        assert_eq!(
            hint,
            Hint {
                player: 1,
                werewolf: false
            }
        );
        assert_eq!(hint.sentence(), "Player 2 is a human.");
        let hint = Hint::first_wrong(&answer, &[true, false, false, false]).unwrap();
        assert_eq!(hint.sentence(), "Player 4 is a werewolf.");
    }

    #[test]
    fn binomial_is_pascals_triangle_or_none_past_128_bits() {
        // Exact up to N = 120 (every step's product is at most k C(n, k),
        // below 2^128 there); past it exact or `None`, never wrong.
        let mut row = vec![1u128];
        for n in 0..=130usize {
            for (k, &expected) in row.iter().enumerate() {
                match binomial(n, k) {
                    None if n > 120 => {}
                    found => assert_eq!(found, Some(expected), "C({n}, {k})"),
                }
            }
            let mut next = vec![1u128; n + 2];
            for k in 1..=n {
                next[k] = row[k - 1] + row[k];
            }
            row = next;
        }
        // C(200, 100) is about 9 x 10^58, past 2^128.
        assert_eq!(binomial(200, 100), None);
        assert_eq!(binomial(200, 0), Some(1));
    }

    #[test]
    fn the_how_lines_of_the_second_sample() {
        // `6 2 3 -2 +3 -4 +5 +4 -3`: the weight-0 pairs of players 1, 3, 4
        // and 6, and 2 with 5, have the sum; three are valid, 6 4 largest.
        let game = game(
            2,
            3,
            &[
                (1, true),
                (2, false),
                (3, true),
                (4, false),
                (3, false),
                (2, true),
            ],
        );
        let figures = Count {
            with_counts: 7,
            valid: 3,
        };
        let how = Explanation::new(&game, figures, &Verdict::Werewolves(vec![5, 3]));
        assert_eq!(how.weights, [0, -1, 0, 0, 1, 0]);
        assert_eq!(
            how.lines(),
            [
                "Weights (\"human\" minus \"werewolf\" claims about each player): \
                 1: +0, 2: -1, 3: +0, 4: +0, 5: +1, 6: +0.",
                "B = 3 statements say \"werewolf\". A set of werewolves has B plus its weights \
                 liars, so L = 3 liars means weights adding up to L - B = 0.",
                "Of the C(6, 2) = 15 sets of 2 players, 7 have that sum: exactly 3 liars (the \
                 subset-sum tables decide this).",
                "Of those, 3 also have a werewolf who lies and one who tells the truth (a \
                 witness pair).",
                "The judge names the largest of them (descending lists compared element by \
                 element): players 6 and 4.",
            ]
        );
    }

    #[test]
    fn capped_counts_and_huge_set_counts_and_no_answer_are_worded() {
        let how = Explanation {
            weights: vec![1, -1, 0],
            werewolf_claims: 1,
            werewolves: 2,
            liars: 1,
            target: 0,
            sets: None,
            figures: Count {
                with_counts: COUNT_CAP,
                valid: COUNT_CAP - 1,
            },
            answer: None,
        };
        let lines = how.lines();
        assert!(lines[2].contains("= more than 10^38 sets"), "{}", lines[2]);
        assert!(
            lines[2].contains("at least 1000000000000 have"),
            "{}",
            lines[2]
        );
        assert!(
            lines[3].starts_with("Of those, 999999999999 also"),
            "{}",
            lines[3]
        );
        assert_eq!(lines[4], "No set is valid: the judge prints No Solution.");
        let three = Explanation {
            answer: Some(vec![7, 4, 0]),
            ..how
        };
        assert!(three.lines()[4].ends_with("players 8, 5 and 1."));
        let one = Explanation {
            answer: Some(vec![2]),
            ..three
        };
        assert!(one.lines()[4].ends_with("players 3."));
    }
}
