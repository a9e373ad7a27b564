//! The Nim page's requests (`nim.html`): a take-away game against the
//! computer, replayed through the `nim` crate's [`nim::Game`].
//!
//! The games are those of the `nim` contract: Nim (a move takes any positive
//! number of stones from one pile; whoever takes the last stone wins), misère
//! Nim (whoever takes the last stone loses) and S-Nim (a move takes exactly s
//! stones, s in a subtraction set; one pile of {1, 2, 3} is the stone game).
//! A game that leaves a player no move ends: in Nim and S-Nim that player
//! loses, in misère Nim (no stone left) that player wins.
//!
//! # Request
//!
//! ```text
//! nim --misere        the rule, as `nim`'s flags: nothing, --misere or --moves LIST
//! computer            who moves first: you (the person) or computer
//! 3 3 5 7             the piles as `nim` reads them: n, then n sizes (any u64)
//! 2 3                 the moves so far, one a line: pile (from 1) and stones,
//! 1 1                 both players' in order, the first player's first
//! ```
//!
//! The rule line is read by `nim`'s own flag parser and the piles by its own
//! reader, so a bad set, `--misere` with `--moves`, a pile past `u64` or an
//! S-Nim pile too large for its set are `nim`'s errors, word for word. At
//! most [`MAX_PILES`] piles.
//!
//! # Answer
//!
//! One JSON object on one line. Stone counts are JSON strings of decimal
//! digits (a pile may be any `u64`, past what a JavaScript number holds
//! exactly); pile numbers count from 1.
//!
//! - `rule`: `"normal"`, `"misere"` or `"subtraction"`; `set`: the move
//!   sizes, increasing, or `null`; `first`: `"you"` or `"computer"`;
//! - `piles`: the piles now, after the computer's answer;
//! - `moves`: how many moves the game holds now (the request's, the answer
//!   included; a refused take is not one);
//! - `turn`: who moves next, `"you"` or `"computer"`, `null` once over;
//!   `over`, and `winner` (`"you"`, `"computer"`, or `null` before the end);
//! - `refused`: why the request's last move is no move (the words of
//!   [`nim::refusal`]: a take the set forbids, a pile that does not exist,
//!   more stones than the pile has), or `null`. A refused take changes
//!   nothing and gets no answer; only the person's last move may be refused,
//!   any other illegal move is an error;
//! - `computer`: the computer's answer, `{"pile", "take", "winning"}`, when
//!   the moves left it to move (then it is played, and counted in `piles`
//!   and `moves`), or `null`;
//! - `said`: sentences for the status line: the last move of the request,
//!   the computer's answer, and the end;
//! - `hint`: when the person is to move, a winning move `{"pile", "take"}`,
//!   or `null` when every move loses; `hint_said`: the sentence
//!   (`Take 2 stones from pile 3.`), `null` when it is not the person's turn;
//! - `solution`: the "How it's solved" numbers for the position now and the
//!   player to move: `rows` (`{"pile", "stones", "value", "binary"}`: the
//!   pile, its Nim or Grundy value, that value in binary, all as wide as the
//!   widest), `xor` and `xor_binary`, `wins` (whether the player to move
//!   wins), `period` (S-Nim: `{"preperiod", "period", "values"}`, the
//!   values of the first `preperiod + period` positions up to 40 of them, or
//!   `null` when not found within `period_limit` positions) and `said`,
//!   the rule and how it applies here.
//!
//! Every fact of the game is the crate's: the end and its winner, whose
//! move it is, which take is refused, the computer's move
//! ([`nim::Game::best_move`]: `nim --move`'s move when it can win, otherwise
//! the move leaving the person the most ways to go wrong, with why and its
//! cost) and the Hint ([`nim::Game::winning_move`]). This module reads the
//! request, words the sentences and writes the JSON.
//!
//! # Costs
//!
//! Replaying costs O(n) per move; the answer one `nim --move` pass on each
//! of two positions, the losing move (at most 32^3 steps in Nim and about
//! 4 * 10^5 in S-Nim), and for S-Nim the set's Grundy values (the crate's
//! table) and a cycle search over at most [`PERIOD_LIMIT`] positions for the
//! panel.

use std::fmt::Write as _;
use std::io::Read;

use judge_io::{Args, Error, Input, Pos, Problem};
use nim::{Game, Move, Nim, Variant, Verdict};
use stone_game::subtraction::{periodicity, Periodicity, Sequence};

use super::json;

/// The most piles a game of the page holds: more do not draw as a game on a
/// phone's screen, and the losing move weighs n^2 moves of O(n) each.
pub const MAX_PILES: u64 = 32;

/// How far the panel looks for the period of an S-Nim set's Grundy values,
/// unless the crate's table already searched (which it does for a pile of
/// 2^16 or more, up to 10^7 positions): the table looks smaller piles up
/// directly, so the panel looks as far, at most about 5 * 2^16 Grundy steps
/// (a few milliseconds for small sets, tens of milliseconds with 100 moves).
pub const PERIOD_LIMIT: u64 = 1 << 16;

/// The most Grundy values the panel lists for a period.
const PERIOD_VALUES: u64 = 40;

/// A request of the Nim page: the game and the moves, read but not played.
#[derive(Debug)]
pub struct Request {
    variant: Variant,
    first: Player,
    piles: Vec<u64>,
    plays: Vec<Play>,
}

/// Who plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Player {
    You,
    Computer,
}

/// One move of the request, on line `line`.
#[derive(Debug, Clone, Copy)]
struct Play {
    the_move: Move,
    line: u64,
}

/// Reads a request (see the module docs).
///
/// # Errors
///
/// `nim`'s own errors for the rule and the piles; more than [`MAX_PILES`]
/// piles; a first player other than `you` or `computer`; a move that is not
/// two numbers.
pub fn read<R: Read>(input: &mut Input<R>) -> Result<Request, Error> {
    let variant = {
        let line = input
            .line()?
            .ok_or_else(|| Error::input("expected the rule line (`nim`, `nim --misere` or `nim --moves LIST`), found end of input"))?;
        read_rule(line.text, line.pos(0))?
    };
    let first = {
        let line = input.line()?.ok_or_else(|| {
            Error::input("expected who moves first (you or computer), found end of input")
        })?;
        match line.text {
            b"you" => Player::You,
            b"computer" => Player::Computer,
            other => {
                return Err(Error::at(
                    line.pos(0),
                    format!(
                        "who moves first must be you or computer, found {}",
                        judge_io::quote(other)
                    ),
                ))
            }
        }
    };
    let piles = {
        let line = input.line()?.ok_or_else(|| {
            Error::input("expected the piles (n, then n sizes), found end of input")
        })?;
        read_piles(&line, &variant)?
    };
    let mut plays = Vec::new();
    while let Some(line) = input.line()? {
        let number = u64::try_from(plays.len()).unwrap_or(u64::MAX) + 1;
        let mut tokens = line.tokens();
        let pile = tokens.int::<u64>(format_args!("the pile of move {number}"))?;
        let take = tokens.int::<u64>(format_args!("the stones of move {number}"))?;
        tokens.finish()?;
        plays.push(Play {
            the_move: Move { pile, take },
            line: line.number,
        });
    }
    Ok(Request {
        variant,
        first,
        piles,
        plays,
    })
}

/// Answers a request as one JSON object (see the module docs).
///
/// # Errors
///
/// A move after the end of the game, or an illegal move that is not the
/// person's last.
pub fn answer(request: &Request) -> Result<String, Error> {
    let mut game = Game::new(request.variant.clone(), request.piles.clone());
    let player = |seat: nim::Player| match seat {
        nim::Player::First => request.first,
        nim::Player::Second => other(request.first),
    };
    let mut said = Vec::new();
    let mut refused = None;
    for (index, play) in request.plays.iter().enumerate() {
        let at = Pos {
            line: play.line,
            column: 1,
            token: 0,
        };
        if game.is_over() {
            return Err(Error::at(at, "the game is over: no move may follow"));
        }
        let mover = player(game.to_move());
        let last = index + 1 == request.plays.len();
        if let Err(reason) = game.play(play.the_move) {
            if last && mover == Player::You {
                said.push(format!("Refused: {reason}."));
                refused = Some(reason);
                break;
            }
            return Err(Error::at(
                at,
                format!("move {} is refused: {reason}", index + 1),
            ));
        }
        if last {
            said.push(took(mover, play.the_move));
        }
    }
    let mut computer = None;
    if refused.is_none() && player(game.to_move()) == Player::Computer {
        if let Some(choice) = game.best_move()? {
            game.play(choice.the_move).map_err(Error::input)?;
            said.push(took(Player::Computer, choice.the_move));
            computer = Some(choice);
        }
    }
    let mover = player(game.to_move());
    let over = game.is_over();
    let winner = game.winner().map(player);
    if let Some(winner) = winner {
        said.push(ending(&game, mover, winner));
    } else if said.is_empty() || mover == Player::You && refused.is_none() {
        said.push("Your move.".to_string());
    }
    let hint = if !over && mover == Player::You {
        Some(game.winning_move()?)
    } else {
        None
    };

    let mut out = String::new();
    let rule = match game.variant() {
        Variant::Subtraction(_) => "subtraction",
        Variant::Misere => "misere",
        Variant::Normal => "normal",
    };
    let _ = write!(out, "{{\"rule\":\"{rule}\",\"set\":");
    match game.variant() {
        Variant::Subtraction(set) => {
            let sizes: Vec<String> = set.moves().iter().map(u16::to_string).collect();
            let _ = write!(out, "[{}]", sizes.join(","));
        }
        Variant::Normal | Variant::Misere => out.push_str("null"),
    }
    let _ = write!(out, ",\"first\":\"{}\"", player_name(request.first));
    let _ = write!(out, ",\"piles\":{}", stones_json(game.piles()));
    let _ = write!(out, ",\"moves\":{}", game.moves_played());
    let turn = if over {
        "null".to_string()
    } else {
        format!("\"{}\"", player_name(mover))
    };
    let _ = write!(out, ",\"turn\":{turn},\"over\":{over}");
    let winner = winner.map_or("null".to_string(), |w| format!("\"{}\"", player_name(w)));
    let _ = write!(out, ",\"winner\":{winner}");
    let refused_json = refused.as_deref().map_or("null".to_string(), json::string);
    let _ = write!(out, ",\"refused\":{refused_json}");
    out.push_str(",\"computer\":");
    match computer {
        Some(choice) => {
            let _ = write!(
                out,
                "{{\"pile\":{},\"take\":\"{}\",\"winning\":{}}}",
                choice.the_move.pile, choice.the_move.take, choice.winning
            );
        }
        None => out.push_str("null"),
    }
    let _ = write!(out, ",\"said\":{}", json::strings(&said));
    out.push_str(",\"hint\":");
    match hint {
        Some(Some(Move { pile, take })) => {
            let _ = write!(out, "{{\"pile\":{pile},\"take\":\"{take}\"}}");
        }
        _ => out.push_str("null"),
    }
    let hint_said = match hint {
        Some(Some(Move { pile, take })) => {
            json::string(&format!("Take {} from pile {pile}.", stones(take)))
        }
        Some(None) => json::string("Every move loses against perfect play."),
        None => "null".to_string(),
    };
    let _ = write!(out, ",\"hint_said\":{hint_said}");
    let _ = write!(out, ",\"solution\":{}", solution(&mut game, mover)?);
    out.push_str("}\n");
    Ok(out)
}

/// Reads the rule line: `nim` and `nim`'s flags, through `nim`'s parser.
/// Its usage errors become errors at the line (the request is input here).
fn read_rule(text: &[u8], at: Pos) -> Result<Variant, Error> {
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
    let flags = <Nim as Problem>::flags(&mut args).map_err(at_line)?;
    args.finish().map_err(at_line)?;
    if flags.cases || flags.winning_move {
        return Err(Error::at(
            at,
            "the rule line takes --misere or --moves LIST only: the page plays one game and finds its moves",
        ));
    }
    Ok(flags.variant())
}

/// Reads the piles line with `nim`'s reader (its errors, word for word), after
/// the page's own limit on their number.
fn read_piles(line: &judge_io::Line<'_>, variant: &Variant) -> Result<Vec<u64>, Error> {
    let (count, at) = line
        .tokens()
        .int_in_at::<u64>("the number of piles n", 0..=u64::MAX)?;
    if count > MAX_PILES {
        return Err(Error::at(
            at,
            format!("the page plays at most {MAX_PILES} piles, found n = {count}"),
        ));
    }
    let mut tokens = line.tokens();
    let piles = nim::read_piles(&mut tokens, variant)?;
    tokens.finish()?;
    Ok(piles)
}

/// The sentence that ends the game: `mover` has no move, `winner` won.
fn ending(game: &Game, mover: Player, winner: Player) -> String {
    let wins = match winner {
        Player::You => "you win",
        Player::Computer => "the computer wins",
    };
    if *game.variant() == Variant::Misere {
        format!("No stone is left, and whoever takes the last one loses: {wins}.")
    } else {
        let who = match mover {
            Player::You => "You have",
            Player::Computer => "The computer has",
        };
        format!("{who} no move left: {wins}.")
    }
}

/// The "How it's solved" object for the position of `game`, `mover` to move.
fn solution(game: &mut Game, mover: Player) -> Result<String, Error> {
    let values = game.values()?;
    let xor = values.iter().fold(0, |xor, value| xor ^ value);
    let width = values
        .iter()
        .chain([&xor])
        .map(|&value| 64 - value.leading_zeros())
        .max()
        .unwrap_or(0)
        .max(1) as usize;
    let binary = |value: u64| format!("{value:0width$b}");
    let (wins, winning) = match game.verdict()? {
        Verdict::Yes { winning_move } => (true, winning_move),
        Verdict::No => (false, None),
    };
    let mut said = Vec::new();
    let who = match mover {
        Player::You => "you",
        Player::Computer => "the computer",
    };
    let verdict = match winning {
        Some(Move { pile, take }) => format!(
            "so the player to move ({who}) wins: take {} from pile {pile}.",
            stones(take)
        ),
        None if wins => format!("so the player to move ({who}) has already won."),
        None => format!(
            "so the player to move ({who}) loses against perfect play: every move leaves a position the other player wins."
        ),
    };
    let mut period_json = "null".to_string();
    let mut period_limit = PERIOD_LIMIT;
    match game.variant().clone() {
        Variant::Normal => {
            said.push(
                "Nim (Bouton): the player to move wins exactly when the XOR of the piles is not 0. \
                 A move changes one pile, so from XOR 0 every move leaves a XOR that is not 0; \
                 from any other XOR X, a pile that has X's highest bit set shrinks to pile XOR X, \
                 which makes the XOR 0."
                    .to_string(),
            );
            said.push(format!("Here the XOR is {xor}, {verdict}"));
        }
        Variant::Misere => {
            said.push(
                "Misère Nim plays as Nim (the player to move wins exactly when the XOR of the piles \
                 is not 0) while some pile has two or more stones. The one exception: when every \
                 pile has at most one stone, the player to move wins exactly when the XOR is 0 \
                 (an even number of ones). So the winner plays Nim's move until it would leave \
                 only piles of 0 or 1, and then leaves an odd number of ones instead."
                    .to_string(),
            );
            let big = game.piles().iter().filter(|&&stones| stones > 1).count();
            let case = match big {
                0 => "every pile has at most one stone (the exception)",
                1 => "one pile has two or more stones (the winner shrinks it to 0 or 1, leaving an odd number of ones)",
                _ => "two or more piles have two or more stones (Nim's rule)",
            };
            said.push(format!("Here {case}; the XOR is {xor}, {verdict}"));
        }
        Variant::Subtraction(set) => {
            let list = set_list(set.moves());
            said.push(format!(
                "S-Nim with the set {{{list}}} (Sprague-Grundy): a pile's Grundy value is the least \
                 value not among those of the piles one move away (0 for a pile with no move). \
                 The player to move wins exactly when the XOR of the piles' Grundy values is not 0, \
                 and a winning move takes a pile to the Grundy value that makes it 0."
            ));
            let table = game
                .grundy_table()
                .ok_or_else(|| Error::input("internal: S-Nim without its table"))?;
            let found = match table.periodicity() {
                Some(found) => {
                    period_limit = REPEAT_LIMIT_FOUND;
                    Some(found)
                }
                None => periodicity(&set, Sequence::Grundy, PERIOD_LIMIT),
            };
            match found {
                Some(Periodicity { preperiod, period }) => {
                    let shown = (preperiod + period).min(PERIOD_VALUES);
                    let mut first = Vec::new();
                    for size in 0..shown {
                        let value = table.grundy(size).ok_or_else(|| {
                            Error::input("internal: a small pile has no Grundy value")
                        })?;
                        first.push(value.to_string());
                    }
                    let from = if preperiod == 0 {
                        "from the start".to_string()
                    } else {
                        format!("from position {preperiod} on")
                    };
                    said.push(format!(
                        "The Grundy values repeat with period {period} {from}, so a pile of any size \
                         has the value of a pile in the first {} positions.",
                        preperiod + period
                    ));
                    period_json = format!(
                        "{{\"preperiod\":\"{preperiod}\",\"period\":\"{period}\",\"values\":[{}]}}",
                        first.join(",")
                    );
                }
                None => said.push(format!(
                    "The Grundy values do not repeat within the first {PERIOD_LIMIT} positions \
                     (the page looks no further); each pile's value is computed up to its size."
                )),
            }
            said.push(format!(
                "Here the XOR of the Grundy values is {xor}, {verdict}"
            ));
        }
    }
    let mut out = String::from("{\"rows\":[");
    for (index, (&stones, &value)) in game.piles().iter().zip(&values).enumerate() {
        if index > 0 {
            out.push(',');
        }
        let _ = write!(
            out,
            "{{\"pile\":{},\"stones\":\"{stones}\",\"value\":\"{value}\",\"binary\":\"{}\"}}",
            index + 1,
            binary(value)
        );
    }
    let _ = write!(
        out,
        "],\"xor\":\"{xor}\",\"xor_binary\":\"{}\",\"wins\":{wins},\"period\":{period_json},\"period_limit\":\"{}\",\"said\":{}}}",
        binary(xor),
        period_limit,
        json::strings(&said)
    );
    Ok(out)
}

/// How far the crate's own cycle search looks (`nim`'s 10^7-position rule).
const REPEAT_LIMIT_FOUND: u64 = stone_game::subtraction::REPEAT_LIMIT;

fn other(player: Player) -> Player {
    match player {
        Player::You => Player::Computer,
        Player::Computer => Player::You,
    }
}

fn player_name(player: Player) -> &'static str {
    match player {
        Player::You => "you",
        Player::Computer => "computer",
    }
}

/// `1 stone`, `3 stones`.
fn stones(count: u64) -> String {
    if count == 1 {
        "1 stone".to_string()
    } else {
        format!("{count} stones")
    }
}

/// The sentence for a move made.
fn took(player: Player, the_move: Move) -> String {
    let who = match player {
        Player::You => "You",
        Player::Computer => "The computer",
    };
    format!(
        "{who} took {} from pile {}.",
        stones(the_move.take),
        the_move.pile
    )
}

fn stones_json(piles: &[u64]) -> String {
    let items: Vec<String> = piles.iter().map(|stones| format!("\"{stones}\"")).collect();
    format!("[{}]", items.join(","))
}

/// `2, 5`.
fn set_list(moves: &[u16]) -> String {
    let sizes: Vec<String> = moves.iter().map(u16::to_string).collect();
    sizes.join(", ")
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    fn ask(request: &str) -> Result<String, Error> {
        judge_io::run::<crate::Games>(&["--nim"], request.as_bytes())
    }

    /// The game's rule, for the brute force: `None` for Nim (with `misere`),
    /// or the subtraction set.
    #[derive(Clone)]
    struct Rules {
        misere: bool,
        set: Option<Vec<u64>>,
    }

    impl Rules {
        fn nim() -> Rules {
            Rules {
                misere: false,
                set: None,
            }
        }

        fn misere() -> Rules {
            Rules {
                misere: true,
                set: None,
            }
        }

        fn set(sizes: &[u64]) -> Rules {
            Rules {
                misere: false,
                set: Some(sizes.to_vec()),
            }
        }

        fn flags(&self) -> Vec<String> {
            match (&self.set, self.misere) {
                (Some(set), _) => {
                    let list: Vec<String> = set.iter().map(u64::to_string).collect();
                    vec!["--moves".to_string(), list.join(",")]
                }
                (None, true) => vec!["--misere".to_string()],
                (None, false) => Vec::new(),
            }
        }

        fn rule_line(&self) -> String {
            let mut line = "nim".to_string();
            for flag in self.flags() {
                line.push(' ');
                line.push_str(&flag);
            }
            line
        }

        /// Every legal move: (pile from 1, stones), smallest pile first, then
        /// fewest stones.
        fn moves(&self, piles: &[u64]) -> Vec<(u64, u64)> {
            let mut moves = Vec::new();
            for (index, &stones) in piles.iter().enumerate() {
                let takes: Vec<u64> = match &self.set {
                    Some(set) => set.iter().copied().filter(|&take| take <= stones).collect(),
                    None => (1..=stones).collect(),
                };
                for take in takes {
                    moves.push((index as u64 + 1, take));
                }
            }
            moves
        }

        /// Whether the player to move wins: the game-tree search, plainly.
        fn wins(&self, piles: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
            if let Some(&known) = memo.get(piles) {
                return known;
            }
            let moves = self.moves(piles);
            let wins = if moves.is_empty() {
                // No move: in misère Nim no stone is left and the other
                // player took the last one.
                self.misere
            } else {
                moves
                    .iter()
                    .any(|&(pile, take)| !self.wins(&after(piles, pile, take), memo))
            };
            memo.insert(piles.to_vec(), wins);
            wins
        }

        /// The replies to `piles` that hand the other player a won position.
        fn wrong_replies(&self, piles: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> usize {
            self.moves(piles)
                .into_iter()
                .filter(|&(pile, take)| self.wins(&after(piles, pile, take), memo))
                .count()
        }
    }

    fn after(piles: &[u64], pile: u64, take: u64) -> Vec<u64> {
        let mut next = piles.to_vec();
        next[usize::try_from(pile).unwrap() - 1] -= take;
        next
    }

    fn request(rules: &Rules, first: &str, piles: &[u64], plays: &[(u64, u64)]) -> String {
        let mut text = format!("{}\n{first}\n{}", rules.rule_line(), piles.len());
        for stones in piles {
            text.push_str(&format!(" {stones}"));
        }
        text.push('\n');
        for (pile, take) in plays {
            text.push_str(&format!("{pile} {take}\n"));
        }
        text
    }

    /// `nim --move`'s move for `piles`, `None` after `No` (or a won game
    /// with no move).
    fn nim_move(rules: &Rules, piles: &[u64]) -> Option<(u64, u64)> {
        let mut args = vec!["--move".to_string()];
        args.extend(rules.flags());
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let mut input = piles.len().to_string();
        for stones in piles {
            input.push_str(&format!(" {stones}"));
        }
        let out = judge_io::run::<Nim>(&args, input.as_bytes()).unwrap();
        let line = out.lines().nth(1)?;
        let (pile, take) = line.split_once(' ').unwrap();
        Some((pile.parse().unwrap(), take.parse().unwrap()))
    }

    /// A `{"pile":P,"take":"T"...}` object after `key` in the answer.
    fn move_at(answer: &str, key: &str) -> Option<(u64, u64)> {
        let rest = &answer[answer.find(key).unwrap() + key.len()..];
        let rest = rest.strip_prefix("{\"pile\":")?;
        let (pile, rest) = rest.split_once(",\"take\":\"").unwrap();
        let take = &rest[..rest.find('"').unwrap()];
        Some((pile.parse().unwrap(), take.parse().unwrap()))
    }

    /// A string field of the answer (no escaped quotes inside).
    fn text_at<'a>(answer: &'a str, key: &str) -> &'a str {
        let rest = &answer[answer.find(key).unwrap() + key.len()..];
        let rest = rest.strip_prefix('"').unwrap();
        &rest[..rest.find('"').unwrap()]
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

    /// On every position: the computer's move is `nim --move`'s, and a
    /// winning one, when the position has one, and otherwise the legal move
    /// with the most wrong replies (then smallest pile, then fewest stones)
    /// among all moves; the Hint is `nim --move`'s move or says every move
    /// loses.
    fn check_all(rules: &Rules, count: usize, most: u64) {
        let mut memo = HashMap::new();
        for piles in positions(count, most) {
            let answer = ask(&request(rules, "computer", &piles, &[])).unwrap();
            let moves = rules.moves(&piles);
            let computer = move_at(&answer, "\"computer\":");
            if moves.is_empty() {
                assert_eq!(computer, None, "{piles:?}");
                assert!(answer.contains("\"over\":true"), "{piles:?}");
                let winner = if rules.misere { "computer" } else { "you" };
                assert!(
                    answer.contains(&format!("\"winner\":\"{winner}\"")),
                    "{piles:?}"
                );
                continue;
            }
            let (pile, take) = computer.unwrap();
            let next = after(&piles, pile, take);
            if rules.wins(&piles, &mut memo) {
                assert!(
                    !rules.wins(&next, &mut memo),
                    "{piles:?}: {pile} {take} does not win"
                );
                assert_eq!(Some((pile, take)), nim_move(rules, &piles), "{piles:?}");
                assert!(answer.contains("\"winning\":true"));
            } else {
                let mut best = None;
                for &(p, t) in &moves {
                    let wrong = rules.wrong_replies(&after(&piles, p, t), &mut memo);
                    if best.map_or(true, |(most, _)| wrong > most) {
                        best = Some((wrong, (p, t)));
                    }
                }
                assert_eq!(Some((pile, take)), best.map(|(_, m)| m), "{piles:?}");
                assert!(answer.contains("\"winning\":false"));
            }
            let yours = ask(&request(rules, "you", &piles, &[])).unwrap();
            let hint = move_at(&yours, "\"hint\":");
            if rules.wins(&piles, &mut memo) {
                let (pile, take) = hint.unwrap();
                assert_eq!(hint, nim_move(rules, &piles), "{piles:?}");
                assert_eq!(
                    text_at(&yours, "\"hint_said\":"),
                    format!("Take {} from pile {pile}.", stones(take))
                );
                assert!(yours.contains("\"wins\":true"));
            } else {
                assert_eq!(hint, None, "{piles:?}");
                assert_eq!(
                    text_at(&yours, "\"hint_said\":"),
                    "Every move loses against perfect play."
                );
                assert!(yours.contains("\"wins\":false"));
            }
        }
    }

    #[test]
    fn nim_against_a_game_tree_search() {
        check_all(&Rules::nim(), 3, 5);
        check_all(&Rules::nim(), 4, 2);
    }

    #[test]
    fn misere_nim_against_a_game_tree_search() {
        check_all(&Rules::misere(), 3, 5);
        check_all(&Rules::misere(), 4, 2);
    }

    #[test]
    fn subtraction_sets_against_a_game_tree_search() {
        check_all(&Rules::set(&[1, 2, 3]), 2, 12);
        check_all(&Rules::set(&[2, 5]), 3, 9);
        check_all(&Rules::set(&[1, 3, 4]), 3, 7);
        check_all(&Rules::set(&[3]), 2, 10);
        check_all(&Rules::set(&[2, 3, 7]), 2, 15);
    }

    #[test]
    fn a_whole_game_replays_both_players_moves() {
        // The 1-2-3 game on 21: the person always takes 3 (21 is won by
        // taking 1), and from 18 on the computer wins by leaving multiples
        // of 4.
        let rules = Rules::set(&[1, 2, 3]);
        let mut plays = Vec::new();
        let mut memo = HashMap::new();
        loop {
            let answer = ask(&request(&rules, "you", &[21], &plays)).unwrap();
            if let Some(reply) = move_at(&answer, "\"computer\":") {
                plays.push(reply);
            }
            if answer.contains("\"over\":true") {
                assert!(answer.contains("\"winner\":\"computer\""));
                assert!(answer.contains("The computer took"));
                assert!(answer.ends_with(
                    "You have no move left: the computer wins.\"],\"hint\":null,\"hint_said\":null,\
                     \"solution\":{\"rows\":[{\"pile\":1,\"stones\":\"0\",\"value\":\"0\",\"binary\":\"0\"}],\
                     \"xor\":\"0\",\"xor_binary\":\"0\",\"wins\":false,\
                     \"period\":{\"preperiod\":\"0\",\"period\":\"4\",\"values\":[0,1,2,3]},\
                     \"period_limit\":\"65536\",\"said\":[\"S-Nim with the set {1, 2, 3} (Sprague-Grundy): \
                     a pile's Grundy value is the least value not among those of the piles one move away \
                     (0 for a pile with no move). The player to move wins exactly when the XOR of the \
                     piles' Grundy values is not 0, and a winning move takes a pile to the Grundy value \
                     that makes it 0.\",\"The Grundy values repeat with period 4 from the start, so a \
                     pile of any size has the value of a pile in the first 4 positions.\",\"Here the XOR \
                     of the Grundy values is 0, so the player to move (you) loses against perfect play: \
                     every move leaves a position the other player wins.\"]}}\n"
                ));
                break;
            }
            let left: u64 = 21 - plays.iter().map(|&(_, take)| take).sum::<u64>();
            if !plays.is_empty() {
                assert_eq!(left % 4, 0, "{answer}");
                assert!(!rules.wins(&[left], &mut memo));
            }
            // The person plays the most stones allowed.
            plays.push((1, left.min(3)));
        }
    }

    #[test]
    fn the_address_example_replays_and_the_computer_answers() {
        // nim.html?piles=3,5,7&misere=1&first=computer&play=2:3,1:1
        let rules = Rules::misere();
        let answer = ask(&request(&rules, "computer", &[3, 5, 7], &[(2, 3), (1, 1)])).unwrap();
        // Computer 2:3 (3 2 7), you 1:1 (2 2 7): the computer answers.
        assert!(answer.starts_with(
            "{\"rule\":\"misere\",\"set\":null,\"first\":\"computer\",\"piles\":[\"2\",\"2\",\"0\"],\
             \"moves\":3,\"turn\":\"you\",\"over\":false,\"winner\":null,\"refused\":null,\
             \"computer\":{\"pile\":3,\"take\":\"7\",\"winning\":true},\
             \"said\":[\"You took 1 stone from pile 1.\",\"The computer took 7 stones from pile 3.\",\"Your move.\"]"
        ), "{answer}");
        assert_eq!(nim_move(&rules, &[2, 2, 7]), Some((3, 7)));
        // With no moves, the computer moves first at once.
        let opening = ask(&request(&rules, "computer", &[3, 5, 7], &[])).unwrap();
        assert_eq!(
            move_at(&opening, "\"computer\":"),
            nim_move(&rules, &[3, 5, 7])
        );
        assert!(opening.contains("\"moves\":1,\"turn\":\"you\""));
    }

    #[test]
    fn a_refused_take_changes_nothing_and_says_why() {
        let rules = Rules::set(&[2, 5]);
        for (play, reason) in [
            ((1, 3), "a move takes exactly 2 or 5 stones, not 3"),
            (
                (4, 2),
                "there is no pile 4: the piles are numbered from 1 to 3",
            ),
            ((1, 0), "a move takes at least one stone"),
        ] {
            let answer = ask(&request(&rules, "you", &[7, 9, 12], &[play])).unwrap();
            assert!(answer.contains(&format!(
                "\"piles\":[\"7\",\"9\",\"12\"],\"moves\":0,\"turn\":\"you\",\"over\":false,\"winner\":null,\
                 \"refused\":\"{reason}\",\"computer\":null,\"said\":[\"Refused: {reason}.\"]"
            )), "{answer}");
        }
        let answer = ask(&request(&Rules::nim(), "you", &[3, 5, 7], &[(2, 6)])).unwrap();
        assert!(answer.contains("\"refused\":\"pile 2 has only 5 stones, not 6\""));
        // Only the person's last move may be refused.
        let error = ask(&request(
            &Rules::nim(),
            "you",
            &[3, 5, 7],
            &[(2, 6), (1, 1)],
        ))
        .unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 4, column 1: move 1 is refused: pile 2 has only 5 stones, not 6"
        );
        let error = ask(&request(&Rules::nim(), "computer", &[3, 5, 7], &[(2, 6)])).unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 4, column 1: move 1 is refused: pile 2 has only 5 stones, not 6"
        );
    }

    #[test]
    fn the_end_says_who_won() {
        let answer = ask(&request(&Rules::nim(), "you", &[0, 2], &[(2, 2)])).unwrap();
        assert!(answer.contains(
            "\"turn\":null,\"over\":true,\"winner\":\"you\",\"refused\":null,\"computer\":null,\
             \"said\":[\"You took 2 stones from pile 2.\",\"The computer has no move left: you win.\"],\
             \"hint\":null,\"hint_said\":null"
        ), "{answer}");
        let answer = ask(&request(&Rules::misere(), "you", &[0, 2], &[(2, 2)])).unwrap();
        assert!(
            answer.contains(
                "\"winner\":\"computer\",\"refused\":null,\"computer\":null,\
             \"said\":[\"You took 2 stones from pile 2.\",\
             \"No stone is left, and whoever takes the last one loses: the computer wins.\"]"
            ),
            "{answer}"
        );
        let error = ask(&request(&Rules::nim(), "you", &[0, 2], &[(2, 2), (1, 1)])).unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 5, column 1: the game is over: no move may follow"
        );
    }

    #[test]
    fn the_largest_piles_cost_little() {
        let max = u64::MAX;
        // XOR 0: the computer loses, and takes one stone.
        let answer = ask(&request(&Rules::nim(), "computer", &[max, max], &[])).unwrap();
        assert!(answer.contains(&format!(
            "\"piles\":[\"{}\",\"{max}\"],\"moves\":1,\"turn\":\"you\",\"over\":false,\"winner\":null,\
             \"refused\":null,\"computer\":{{\"pile\":1,\"take\":\"1\",\"winning\":false}}",
            max - 1
        )), "{answer}");
        assert_eq!(move_at(&answer, "\"hint\":"), Some((2, 1)));
        let many = vec![max; usize::try_from(MAX_PILES).unwrap()];
        for rules in [Rules::nim(), Rules::misere(), Rules::set(&[1, 2, 3])] {
            let answer = ask(&request(&rules, "computer", &many, &[])).unwrap();
            assert!(answer.contains("\"winning\":false"), "{answer}");
        }
        let sizes: Vec<u64> = (1..=100).map(|size| size * 7).collect();
        let answer = ask(&request(&Rules::set(&sizes), "computer", &many, &[])).unwrap();
        assert!(answer.contains("\"computer\":{\"pile\":"), "{answer}");
    }

    #[test]
    fn the_panel_shows_the_piles_in_binary_and_their_xor() {
        let answer = ask(&request(&Rules::nim(), "you", &[3, 5, 7], &[])).unwrap();
        assert!(answer.contains(
            "\"solution\":{\"rows\":[{\"pile\":1,\"stones\":\"3\",\"value\":\"3\",\"binary\":\"011\"},\
             {\"pile\":2,\"stones\":\"5\",\"value\":\"5\",\"binary\":\"101\"},\
             {\"pile\":3,\"stones\":\"7\",\"value\":\"7\",\"binary\":\"111\"}],\
             \"xor\":\"1\",\"xor_binary\":\"001\",\"wins\":true,\"period\":null"
        ), "{answer}");
        assert!(answer.contains(
            "Here the XOR is 1, so the player to move (you) wins: take 1 stone from pile 1."
        ));
        let answer = ask(&request(&Rules::misere(), "you", &[1, 1, 0], &[])).unwrap();
        assert!(answer.contains("Here every pile has at most one stone (the exception); the XOR is 0, so the player to move (you) wins: take 1 stone from pile 1."), "{answer}");
    }

    #[test]
    fn bad_requests_are_the_crates_errors() {
        let error = ask("nim --misere --moves 2,5\nyou\n1 3\n").unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 1, column 1: --misere is plain Nim only: misere subtraction games do not follow the XOR rule"
        );
        let error = ask("nim --moves 2,0\nyou\n1 3\n").unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 1, column 1: --moves: a move size must be from 1 to 10000, found \"0\""
        );
        let error = ask("nim\nyou\n2 3 100000000000000000000\n").unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 3, column 5 (token 3): pile 2 of 2 must be from 0 to 18446744073709551615, \
             found \"100000000000000000000\""
        );
        let error = ask("nim\nyou\n3 1 2\n").unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 3, column 6: expected pile 3 of 3, found end of input"
        );
        let error = ask("nim\nthem\n1 3\n").unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 2, column 1: who moves first must be you or computer, found \"them\""
        );
        let error = ask("nim\nyou\n33 1\n").unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 3, column 1 (token 1): the page plays at most 32 piles, found n = 33"
        );
        let error = ask("nim --cases\nyou\n1 3\n").unwrap_err();
        assert!(error
            .to_string()
            .starts_with("line 1, column 1: the rule line takes"));
        let error = ask("nim --what\nyou\n1 3\n").unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 1, column 1: unknown flag \"--what\""
        );
        let error = ask("nim\nyou\n1 3 4\n").unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 3, column 5 (token 3): unexpected extra input \"4\""
        );
        let error = ask("nim\nyou\n1 3\n1 x\n").unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with("line 4, column 3 (token 2): expected the stones of move 1"),
            "{error}"
        );
    }
}
