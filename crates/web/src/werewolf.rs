//! The werewolf page's requests (`werewolf.html`): a generated puzzle with
//! exactly one answer, the person's marking of it (Check, Hint, Solve), and
//! a puzzle entered in the judge's format.
//!
//! # Request
//!
//! Either a generated puzzle and the person's moves:
//!
//! ```text
//! new 8 2 3 42        N M L SEED: the puzzle (see "The generator")
//! 3 5 solve 5         the moves so far: a player (from 1) toggles that
//!                     player's mark, `solve` marks exactly the answer
//! check               optional, last: `check` or `hint`
//! ```
//!
//! or `judge` on the first line and then the `werewolf` binary's input, as
//! pasted in the page's "Enter a puzzle" box. Tokens are separated by any
//! white space. N is from 3 to [`MAX_PLAYERS`], M from 2 to N - 1, L from 1
//! to N - 1 (the judges' promise for M and L; with fewer werewolves or no
//! liar no set is valid, see the crate), SEED any 64-bit number.
//!
//! # Answer
//!
//! One JSON object on one line. For `new`:
//!
//! - `puzzle`: `{"players", "werewolves", "liars", "seed"}` (the seed as a
//!   string: it may pass JavaScript's 2^53), and `draws`, the statement
//!   lists the generator drew (see below);
//! - `sentences`: one per player, `Player 3 says: player 5 is a werewolf.`;
//!   `input`: the puzzle as the `werewolf` binary reads it;
//! - `marked`: the players marked as werewolves after the moves (from 1,
//!   ascending); `solved`: whether that is the answer;
//! - `check`: after `check`, `["Solved."]` or the crate's sentences for
//!   what the marking breaks ([`werewolf::count::flaws`]); else `null`;
//! - `hint`: after `hint`, `{"player", "werewolf", "said"}`: the
//!   lowest-numbered player whose mark differs from the answer, their true
//!   role, and the sentence (`Player 3 is a werewolf.`); `null` without
//!   `hint` or when the marking is the answer;
//! - `how`: the lines of the "How it's solved" panel: this puzzle's weights
//!   and figures ([`Explanation::lines`]).
//!
//! For `judge`: `puzzle` (`{"players", "werewolves", "liars"}`),
//! `sentences`, `printed` (exactly the `werewolf` binary's output line),
//! `answers` (the number of valid sets, at most [`COUNT_CAP`]; `null` when
//! the count is refused, with the reason in `count_error`), `capped`
//! (whether there may be more), and `how`.
//!
//! # The generator
//!
//! [`werewolf::generate`]: deterministic from the seed (the crate's module
//! docs say how a puzzle is drawn, and when the request is refused); the
//! sentences, the judge input and the "How it's solved" figures are
//! [`werewolf::describe`]'s.
//!
//! # Errors
//!
//! N, M, L or the seed out of range or not numbers; a move naming no
//! player; anything after `check` or `hint`; no puzzle found; for `judge`,
//! the `werewolf` binary's own error line.

use std::fmt::Write as _;
use std::io::Read;

use judge_io::{Error, Input};
use werewolf::count::{count, flaws};
use werewolf::describe::{judge_input, sentences, Explanation, COUNT_CAP};
use werewolf::generate::generate;
use werewolf::{Game, Verdict};

use super::json;

/// The most players the generator takes: the count of a puzzle of this
/// size is a few milliseconds; the page's presets go up to 16.
pub const MAX_PLAYERS: u64 = 40;

/// A request of the werewolf page, read but not yet answered.
#[derive(Debug)]
pub enum Request {
    /// A generated puzzle and the person's moves.
    New {
        /// N, M, L.
        players: usize,
        /// M.
        werewolves: usize,
        /// L.
        liars: usize,
        /// The generator's seed.
        seed: u64,
        /// The moves so far.
        moves: Vec<Move>,
        /// What the person asked last, if anything.
        action: Option<Action>,
    },
    /// A puzzle in the judge's format: its text, read by the binary's own
    /// reader when answered.
    Judge(Vec<u8>),
}

/// One move of the person.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move {
    /// Toggles the mark of a player (counted from 0).
    Toggle(usize),
    /// Marks exactly the answer.
    Solve,
}

/// What the person asks of a marking.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Whether the marking is the answer, and if not why.
    Check,
    /// One player's true role.
    Hint,
}

/// Reads a request (see the module docs).
///
/// # Errors
///
/// A first word other than `new` and `judge`; N, M, L or the seed out of
/// range; a move naming no player; anything after `check` or `hint`.
pub fn read<R: Read>(input: &mut Input<R>) -> Result<Request, Error> {
    let kind = input.token("`new` or `judge`")?;
    match kind.text {
        b"judge" => {
            // The rest, after the line of `judge`, is the binary's input.
            let mut rest = Vec::new();
            let mut line_done = false;
            while let Some(byte) = input.next_byte()? {
                if line_done {
                    rest.push(byte);
                } else if byte == b'\n' {
                    line_done = true;
                }
            }
            Ok(Request::Judge(rest))
        }
        b"new" => read_new(input),
        other => Err(Error::at(
            kind.pos,
            format!(
                "expected `new` or `judge`, found {}",
                judge_io::quote(other)
            ),
        )),
    }
}

fn read_new<R: Read>(input: &mut Input<R>) -> Result<Request, Error> {
    let players = input.int_in::<u64>("the number of players N", 3..=MAX_PLAYERS)?;
    let werewolves = input.int_in::<u64>("the number of werewolves M", 2..=players - 1)?;
    let liars = input.int_in::<u64>("the number of liars L", 1..=players - 1)?;
    let seed = input.int_in::<u64>("the seed", 0..=u64::MAX)?;
    let mut moves = Vec::new();
    let mut action = None;
    while let Some(token) = input.try_token()? {
        if let Some(action) = action {
            let last = match action {
                Action::Check => "check",
                Action::Hint => "hint",
            };
            return Err(Error::at(
                token.pos,
                format!(
                    "`{last}` must be the request's last word, found {} after it",
                    judge_io::quote(token.text)
                ),
            ));
        }
        match token.text {
            b"check" => action = Some(Action::Check),
            b"hint" => action = Some(Action::Hint),
            b"solve" => moves.push(Move::Solve),
            _ => {
                let player = judge_io::parse_int_in(token, "a marked player", 1..=players)?;
                moves.push(Move::Toggle(to_index(player - 1)));
            }
        }
    }
    Ok(Request::New {
        players: to_index(players),
        werewolves: to_index(werewolves),
        liars: to_index(liars),
        seed,
        moves,
        action,
    })
}

/// Answers a request as one JSON object (see the module docs).
///
/// # Errors
///
/// No puzzle with exactly one answer found; for `judge`, the binary's
/// error.
pub fn answer(request: &Request) -> Result<String, Error> {
    match request {
        Request::Judge(text) => answer_judge(text),
        Request::New {
            players,
            werewolves,
            liars,
            seed,
            moves,
            action,
        } => {
            let puzzle = generate(*players, *werewolves, *liars, *seed)?;
            answer_new(&puzzle.game, *seed, puzzle.draws, moves, *action)
        }
    }
}

fn answer_new(
    game: &Game,
    seed: u64,
    draws: u32,
    moves: &[Move],
    action: Option<Action>,
) -> Result<String, Error> {
    let players = game.statements.len();
    let verdict = werewolf::solve(game)?;
    let answer = match &verdict {
        Verdict::Werewolves(wolves) => flags(players, wolves),
        Verdict::NoSolution => return Err(Error::input("the generated puzzle has no answer")),
    };
    let mut marked = vec![false; players];
    for &step in moves {
        match step {
            Move::Toggle(player) => marked[player] = !marked[player],
            Move::Solve => marked.clone_from(&answer),
        }
    }
    let solved = marked == answer;
    let mut out = String::new();
    let _ = write!(
        out,
        "{{\"puzzle\":{{\"players\":{players},\"werewolves\":{},\"liars\":{},\"seed\":\"{seed}\"}}",
        game.werewolves, game.liars
    );
    let _ = write!(out, ",\"draws\":{draws}");
    let _ = write!(out, ",\"sentences\":{}", json::strings(&sentences(game)));
    let _ = write!(out, ",\"input\":{}", json::string(&judge_input(game)));
    let _ = write!(out, ",\"marked\":{}", players_json(&marked));
    let _ = write!(out, ",\"solved\":{solved}");
    let check = match action {
        Some(Action::Check) if solved => json::strings(&["Solved."]),
        Some(Action::Check) => {
            let mut said: Vec<String> = flaws(game, &marked)
                .iter()
                .map(ToString::to_string)
                .collect();
            if said.is_empty() {
                // A valid set that is not the answer: only in a puzzle with
                // several answers, which the generator never returns.
                said.push("Every rule holds, but this is not the puzzle's answer.".to_string());
            }
            json::strings(&said)
        }
        _ => "null".to_string(),
    };
    let _ = write!(out, ",\"check\":{check}");
    let hint = match action {
        Some(Action::Hint) => (0..players).find(|&player| marked[player] != answer[player]),
        _ => None,
    };
    match hint {
        Some(player) => {
            let role = if answer[player] {
                "a werewolf"
            } else {
                "a human"
            };
            let _ = write!(
                out,
                ",\"hint\":{{\"player\":{},\"werewolf\":{},\"said\":{}}}",
                player + 1,
                answer[player],
                json::string(&format!("Player {} is {role}.", player + 1))
            );
        }
        None => out.push_str(",\"hint\":null"),
    }
    let figures = count(game, COUNT_CAP)?;
    let _ = write!(
        out,
        ",\"how\":{}}}",
        json::strings(&Explanation::new(game, figures, &verdict).lines())
    );
    out.push('\n');
    Ok(out)
}

fn answer_judge(text: &[u8]) -> Result<String, Error> {
    // The binary's own answer (or error), byte for byte.
    let printed = judge_io::run::<werewolf::Werewolf>(&[], text)?;
    let mut input = Input::new(text);
    let game = werewolf::parse(&mut input)?;
    let players = game.statements.len();
    let mut out = String::new();
    let _ = write!(
        out,
        "{{\"puzzle\":{{\"players\":{players},\"werewolves\":{},\"liars\":{}}}",
        game.werewolves, game.liars
    );
    let _ = write!(out, ",\"sentences\":{}", json::strings(&sentences(&game)));
    let _ = write!(
        out,
        ",\"printed\":{}",
        json::string(printed.trim_end_matches('\n'))
    );
    let verdict = werewolf::solve(&game)?;
    match count(&game, COUNT_CAP) {
        Ok(figures) => {
            let _ = write!(
                out,
                ",\"answers\":{},\"capped\":{},\"count_error\":null,\"how\":{}}}",
                figures.valid,
                figures.valid >= COUNT_CAP,
                json::strings(&Explanation::new(&game, figures, &verdict).lines())
            );
        }
        Err(error) => {
            let _ = write!(
                out,
                ",\"answers\":null,\"capped\":false,\"count_error\":{},\"how\":[]}}",
                json::string(&format!("error: {error}"))
            );
        }
    }
    out.push('\n');
    Ok(out)
}

/// One flag per player: `wolves` are werewolves.
fn flags(players: usize, wolves: &[usize]) -> Vec<bool> {
    let mut flags = vec![false; players];
    for &wolf in wolves {
        flags[wolf] = true;
    }
    flags
}

/// The marked players as a JSON list, counted from 1.
fn players_json(marked: &[bool]) -> String {
    let list: Vec<String> = (0..marked.len())
        .filter(|&player| marked[player])
        .map(|player| (player + 1).to_string())
        .collect();
    format!("[{}]", list.join(","))
}

/// A number checked to be at most [`MAX_PLAYERS`] or a player of the game.
fn to_index(value: u64) -> usize {
    usize::try_from(value).unwrap_or(usize::MAX)
}

#[cfg(test)]
mod tests {
    use judge_io::rng::SplitMix64;
    use werewolf::Statement;

    use super::*;

    fn ask(request: &str) -> Result<String, Error> {
        judge_io::run::<crate::Games>(&["--werewolf"], request.as_bytes())
    }

    /// Every valid set by the definition, each as one flag per player.
    fn brute_force(game: &Game) -> Vec<Vec<bool>> {
        let players = game.statements.len();
        let mut found = Vec::new();
        for mask in 0u64..1 << players {
            let wolf: Vec<bool> = (0..players).map(|p| mask >> p & 1 == 1).collect();
            let lies: Vec<bool> = game
                .statements
                .iter()
                .map(|s| wolf[s.about] != s.claims_werewolf)
                .collect();
            let wolves = wolf.iter().filter(|&&w| w).count();
            let liars = lies.iter().filter(|&&l| l).count();
            let lying = (0..players).any(|p| wolf[p] && lies[p]);
            let truthful = (0..players).any(|p| wolf[p] && !lies[p]);
            if wolves == game.werewolves && liars == game.liars && lying && truthful {
                found.push(wolf);
            }
        }
        found
    }

    /// The JSON list after `key` (`[3,5]`), as numbers.
    fn list(answer: &str, key: &str) -> Vec<usize> {
        let start = answer.find(key).unwrap() + key.len();
        let end = start + answer[start..].find(']').unwrap();
        answer[start..end]
            .split(',')
            .filter(|item| !item.is_empty())
            .map(|item| item.parse().unwrap())
            .collect()
    }

    fn marked_of(flags: &[bool]) -> Vec<usize> {
        (0..flags.len())
            .filter(|&p| flags[p])
            .map(|p| p + 1)
            .collect()
    }

    /// The page's presets (`werewolf.html`; the crate's `generate` tests
    /// generate each of them from 20 seeds).
    const PRESETS: [(usize, usize, usize); 6] = [
        (5, 2, 2),
        (8, 2, 3),
        (10, 3, 4),
        (12, 3, 4),
        (14, 4, 5),
        (16, 4, 6),
    ];

    #[test]
    fn the_same_seed_gives_the_same_puzzle_and_another_seed_another() {
        let first = ask("new 8 2 3 42\n").unwrap();
        assert_eq!(ask("new 8 2 3 42\n").unwrap(), first);
        assert_ne!(ask("new 8 2 3 43\n").unwrap(), first);
        assert!(first.starts_with(
            "{\"puzzle\":{\"players\":8,\"werewolves\":2,\"liars\":3,\"seed\":\"42\"}"
        ));
    }

    #[test]
    fn check_hint_and_solve_agree_with_brute_force() {
        let mut random = SplitMix64::new(7);
        for round in 0..300u64 {
            let (n, m, l) = PRESETS[usize::try_from(round).unwrap() % PRESETS.len()];
            let seed = round * 31;
            let game = generate(n, m, l, seed).unwrap().game;
            let answer = brute_force(&game).pop().unwrap();
            let moves: Vec<String> = (0..random.index_without_rejection(2 * n))
                .map(|_| (random.index_without_rejection(n) + 1).to_string())
                .collect();
            let mut marked = vec![false; n];
            for step in &moves {
                let player: usize = step.parse().unwrap();
                marked[player - 1] = !marked[player - 1];
            }
            let base = format!("new {n} {m} {l} {seed}\n{}\n", moves.join(" "));
            let checked = ask(&format!("{base}check\n")).unwrap();
            assert_eq!(list(&checked, "\"marked\":["), marked_of(&marked));
            if marked == answer {
                assert!(checked.contains("\"check\":[\"Solved.\"]"));
            } else {
                assert!(!checked.contains("Solved."));
                let reasons: Vec<String> = flaws(&game, &marked)
                    .iter()
                    .map(ToString::to_string)
                    .collect();
                assert!(!reasons.is_empty());
                assert!(checked.contains(&json::strings(&reasons)), "{checked}");
            }
            let hinted = ask(&format!("{base}hint\n")).unwrap();
            match (0..n).find(|&p| marked[p] != answer[p]) {
                Some(player) => assert!(hinted.contains(&format!(
                    "\"hint\":{{\"player\":{},\"werewolf\":{}",
                    player + 1,
                    answer[player]
                ))),
                None => assert!(hinted.contains("\"hint\":null")),
            }
            let solved = ask(&format!("{base}solve\n")).unwrap();
            assert_eq!(list(&solved, "\"marked\":["), marked_of(&answer));
            assert!(solved.contains("\"solved\":true"));
            // Solve, then a toggle: the answer with one mark changed.
            let after = ask(&format!("{base}solve 1\ncheck\n")).unwrap();
            assert!(after.contains("\"solved\":false"));
        }
    }

    #[test]
    fn a_judge_puzzle_gives_its_count_and_the_binarys_line() {
        let input = "6 2 3\n-2\n+3\n-4\n+5\n+4\n-3\n";
        let answer = ask(&format!("judge\n{input}")).unwrap();
        let printed = judge_io::run::<werewolf::Werewolf>(&[], input.as_bytes()).unwrap();
        assert_eq!(printed, "6 4\n");
        assert!(answer.contains("\"printed\":\"6 4\""), "{answer}");
        assert!(
            answer.contains("\"answers\":3,\"capped\":false"),
            "{answer}"
        );
        assert!(answer.contains("\"Player 6 says: player 3 is a werewolf.\""));
        let none = ask("judge\n6 2 5 -2 +3 -4 +5 +4 +6\n").unwrap();
        assert!(
            none.contains("\"printed\":\"No Solution\",\"answers\":0"),
            "{none}"
        );
        // The binary's error, as it words it.
        let bad = "5 2 2\n-2\n+3\n-9\n+5\n+4\n";
        let native = judge_io::run::<werewolf::Werewolf>(&[], bad.as_bytes()).unwrap_err();
        assert_eq!(
            ask(&format!("judge\n{bad}")).unwrap_err().to_string(),
            native.to_string()
        );
    }

    #[test]
    fn a_judge_puzzle_is_counted_as_brute_force_counts() {
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
            let answer = ask(&format!("judge\n{}", judge_input(&game))).unwrap();
            let count = brute_force(&game).len();
            assert!(
                answer.contains(&format!("\"answers\":{count},")),
                "{answer}"
            );
        }
    }

    #[test]
    fn bad_requests_are_refused_with_one_line() {
        let error = |request: &str| ask(request).unwrap_err().to_string();
        assert!(error("new 2 2 1 5").contains("the number of players N"));
        assert!(error("new 8 1 3 5").contains("the number of werewolves M"));
        assert!(error("new 8 8 3 5").contains("the number of werewolves M"));
        assert!(error("new 8 2 0 5").contains("the number of liars L"));
        assert!(error("new 8 2 3 abc").contains("the seed"));
        assert!(error("new 8 2 3 5\n9\n").contains("a marked player"));
        assert!(error("new 8 2 3 5\ncheck 3\n").contains("`check` must be the request's last word"));
        assert!(error("play 8").contains("expected `new` or `judge`"));
        assert!(error("").contains("`new` or `judge`"));
    }
}
