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
//! # Errors
//!
//! `nim`'s own errors for the rule and the piles (above), and the rules
//! every page shares ([`engine::replay`](crate::engine::replay)): a move after the end of the
//! game, an illegal move that is not the person's last (the computer's
//! moves are never refused: a page sends only the engine's).
//!
//! # Costs
//!
//! Replaying costs O(n) per move; the answer one `nim --move` pass on each
//! of two positions, the losing move (at most 32^3 steps in Nim and about
//! 4 * 10^5 in S-Nim), and for S-Nim the set's Grundy values (the crate's
//! table) and a cycle search over at most [`PERIOD_LIMIT`] positions for the
//! panel.

use judge_io::{Args, Error, Input, Pos, Problem};
use nim::{Choice, Game, Move, Variant, Verdict};
use stone_game::subtraction::{periodicity, Periodicity, Sequence, REPEAT_LIMIT};

use crate::engine::{Engine, Refusal, Script, Step};
use crate::json::{Digits, Object};

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

/// The Nim game as the page plays it: the crate's game, who moved first, and
/// what the last move of the request did.
pub struct Nim {
    game: Game,
    first: Player,
    /// The sentence of the request's last move, played or refused.
    last_said: Option<String>,
    refused: Option<String>,
}

/// Who plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Player {
    You,
    Computer,
}

/// The page asks nothing but the position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoAsk {}

impl Engine for Nim {
    const ENTRY: &'static str = "move";
    type Entry = Move;
    type Ask = NoAsk;

    /// The rule line with `nim`'s flag parser, who moves first, the piles
    /// with `nim`'s reader, then one move a line (see the module docs).
    fn read(request: &[u8]) -> Result<Script<Nim>, Error> {
        let mut input = Input::new(request);
        let variant = {
            let line = input.line()?.ok_or_else(|| {
                Error::input("expected the rule line (`nim`, `nim --misere` or `nim --moves LIST`), found end of input")
            })?;
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
        let mut steps = Vec::new();
        while let Some(line) = input.line()? {
            let number = u64::try_from(steps.len()).unwrap_or(u64::MAX) + 1;
            let mut tokens = line.tokens();
            let pile = tokens.int::<u64>(format_args!("the pile of move {number}"))?;
            let take = tokens.int::<u64>(format_args!("the stones of move {number}"))?;
            tokens.finish()?;
            let at = Pos {
                line: line.number,
                column: 1,
                token: 0,
            };
            steps.push((Step::Entry(Move { pile, take }), at));
        }
        input.finish()?;
        let game = Nim {
            game: Game::new(variant, piles),
            first,
            last_said: None,
            refused: None,
        };
        Ok(Script { game, steps })
    }

    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// Plays a move of either player; only the person's may be refused and
    /// stand (the computer's are the engine's own answers).
    fn enter(&mut self, the_move: Move) -> Result<(), Refusal> {
        let mover = self.mover();
        match self.game.play(the_move) {
            Ok(()) => {
                self.last_said = Some(took(mover, the_move));
                Ok(())
            }
            Err(reason) if mover == Player::You => {
                self.last_said = Some(format!("Refused: {reason}."));
                self.refused = Some(reason.clone());
                Err(Refusal::Stands(reason))
            }
            Err(reason) => Err(Refusal::Wrong(reason)),
        }
    }

    fn ask_word(ask: &NoAsk) -> &'static str {
        match *ask {}
    }

    /// Plays the computer's answer when it is to move, then writes the
    /// position (see the module docs).
    fn describe(&mut self, _: Option<&NoAsk>, out: &mut Object) -> Result<(), Error> {
        let mut said: Vec<String> = self.last_said.take().into_iter().collect();
        let mut computer = None;
        if self.refused.is_none() && self.mover() == Player::Computer {
            if let Some(choice) = self.game.best_move()? {
                self.game.play(choice.the_move).map_err(Error::input)?;
                said.push(took(Player::Computer, choice.the_move));
                computer = Some(choice);
            }
        }
        let mover = self.mover();
        let over = self.game.is_over();
        let winner = self.game.winner().map(|seat| self.player(seat));
        if let Some(winner) = winner {
            said.push(self.ending(mover, winner));
        } else if said.is_empty() || mover == Player::You && self.refused.is_none() {
            said.push("Your move.".to_string());
        }
        let hint = if !over && mover == Player::You {
            Some(self.game.winning_move()?)
        } else {
            None
        };
        let (rule, set) = match self.game.variant() {
            Variant::Subtraction(set) => ("subtraction", Some(set.moves().to_vec())),
            Variant::Misere => ("misere", None),
            Variant::Normal => ("normal", None),
        };
        out.field("rule", rule)
            .field("set", set)
            .field("first", player_name(self.first))
            .field("piles", stones_json(self.game.piles()))
            .field("moves", self.game.moves_played())
            .field("turn", (!over).then(|| player_name(mover)))
            .field("over", over)
            .field("winner", winner.map(player_name))
            .field("refused", self.refused.as_deref())
            .field("computer", computer.map(computer_json))
            .field("said", &said)
            .field("hint", hint.flatten().map(move_json))
            .field(
                "hint_said",
                hint.map(|hint| match hint {
                    Some(Move { pile, take }) => {
                        format!("Take {} from pile {pile}.", stones(take))
                    }
                    None => "Every move loses against perfect play.".to_string(),
                }),
            )
            .field("solution", self.solution(mover)?);
        Ok(())
    }
}

impl Nim {
    /// The player to move (once over, the one left without a move).
    fn mover(&self) -> Player {
        self.player(self.game.to_move())
    }

    /// The player who moves `seat`'s turns.
    fn player(&self, seat: nim::Player) -> Player {
        match seat {
            nim::Player::First => self.first,
            nim::Player::Second => other(self.first),
        }
    }

    /// The sentence that ends the game: `mover` has no move, `winner` won.
    fn ending(&self, mover: Player, winner: Player) -> String {
        let wins = match winner {
            Player::You => "you win",
            Player::Computer => "the computer wins",
        };
        if *self.game.variant() == Variant::Misere {
            format!("No stone is left, and whoever takes the last one loses: {wins}.")
        } else {
            let who = match mover {
                Player::You => "You have",
                Player::Computer => "The computer has",
            };
            format!("{who} no move left: {wins}.")
        }
    }

    /// The "How it's solved" object for the position, `mover` to move.
    fn solution(&mut self, mover: Player) -> Result<Object, Error> {
        let game = &mut self.game;
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
        let mut said = Vec::new();
        let mut period = None;
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
                let case = match game.piles().iter().filter(|&&stones| stones > 1).count() {
                    0 => "every pile has at most one stone (the exception)",
                    1 => "one pile has two or more stones (the winner shrinks it to 0 or 1, leaving an odd number of ones)",
                    _ => "two or more piles have two or more stones (Nim's rule)",
                };
                said.push(format!("Here {case}; the XOR is {xor}, {verdict}"));
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
                        period = Some(
                            Object::new()
                                .with("preperiod", Digits(preperiod))
                                .with("period", Digits(length))
                                .with("values", first),
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
        let rows: Vec<Object> = (1u64..)
            .zip(game.piles().iter().zip(&values))
            .map(|(pile, (&stones, &value))| {
                Object::new()
                    .with("pile", pile)
                    .with("stones", Digits(stones))
                    .with("value", Digits(value))
                    .with("binary", binary(value))
            })
            .collect();
        Ok(Object::new()
            .with("rows", rows)
            .with("xor", Digits(xor))
            .with("xor_binary", binary(xor))
            .with("wins", wins)
            .with("period", period)
            .with("period_limit", Digits(period_limit))
            .with("said", said))
    }
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
    let flags = <nim::Nim as Problem>::flags(&mut args).map_err(at_line)?;
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
    let Move { pile, take } = the_move;
    format!("{who} took {} from pile {pile}.", stones(take))
}

fn stones_json(piles: &[u64]) -> Vec<Digits<u64>> {
    piles.iter().copied().map(Digits).collect()
}

fn move_json(Move { pile, take }: Move) -> Object {
    Object::new().with("pile", pile).with("take", Digits(take))
}

fn computer_json(choice: Choice) -> Object {
    move_json(choice.the_move).with("winning", choice.winning)
}

#[cfg(test)]
mod tests {
    use serde_json::{json, Value};

    use super::*;

    fn ask(request: &str) -> Result<String, Error> {
        judge_io::run::<crate::Games>(&["--nim"], request.as_bytes())
    }

    fn parsed(answer: &str) -> Value {
        serde_json::from_str(answer).unwrap()
    }

    /// A `{"pile": P, "take": "T", ...}` object as a move, `None` for null.
    fn move_of(value: &Value) -> Option<Move> {
        let pile = value.get("pile")?.as_u64().unwrap();
        let take = value["take"].as_str().unwrap().parse().unwrap();
        Some(Move { pile, take })
    }

    /// The game's rule: the crate's variant, as the request and `nim`'s
    /// flags write it.
    fn flags(variant: &Variant) -> Vec<String> {
        match variant {
            Variant::Subtraction(set) => {
                let list: Vec<String> = set.moves().iter().map(u16::to_string).collect();
                vec!["--moves".to_string(), list.join(",")]
            }
            Variant::Misere => vec!["--misere".to_string()],
            Variant::Normal => Vec::new(),
        }
    }

    fn set(sizes: &str) -> Variant {
        Variant::Subtraction(stone_game::subtraction::MoveSet::parse(sizes).unwrap())
    }

    fn request(variant: &Variant, first: &str, piles: &[u64], plays: &[(u64, u64)]) -> String {
        let mut text = "nim".to_string();
        for flag in flags(variant) {
            text.push(' ');
            text.push_str(&flag);
        }
        text.push_str(&format!("\n{first}\n{}", piles.len()));
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
    fn nim_move(variant: &Variant, piles: &[u64]) -> Option<Move> {
        let mut args = vec!["--move".to_string()];
        args.extend(flags(variant));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let mut input = piles.len().to_string();
        for stones in piles {
            input.push_str(&format!(" {stones}"));
        }
        let out = judge_io::run::<nim::Nim>(&args, input.as_bytes()).unwrap();
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

    /// On every position: the computer plays the crate's best move (which
    /// `nim`'s tests/best_move.rs checks against a game-tree search), a
    /// winning one exactly `nim --move`'s; the end names the crate's
    /// winner; the Hint is `nim --move`'s move or says every move loses.
    fn check_all(variant: &Variant, count: usize, most: u64) {
        for piles in positions(count, most) {
            let mut game = Game::new(variant.clone(), piles.clone());
            let answer = parsed(&ask(&request(variant, "computer", &piles, &[])).unwrap());
            match game.best_move().unwrap() {
                None => {
                    assert_eq!(answer["computer"], Value::Null, "{piles:?}");
                    assert_eq!(answer["over"], true, "{piles:?}");
                    let winner = if *variant == Variant::Misere {
                        "computer"
                    } else {
                        "you"
                    };
                    assert_eq!(answer["winner"], winner, "{piles:?}");
                    continue;
                }
                Some(choice) => {
                    assert_eq!(
                        move_of(&answer["computer"]),
                        Some(choice.the_move),
                        "{piles:?}"
                    );
                    assert_eq!(answer["computer"]["winning"], choice.winning);
                    if choice.winning {
                        assert_eq!(Some(choice.the_move), nim_move(variant, &piles));
                    }
                }
            }
            let yours = parsed(&ask(&request(variant, "you", &piles, &[])).unwrap());
            let hint = move_of(&yours["hint"]);
            assert_eq!(hint, nim_move(variant, &piles), "{piles:?}");
            match hint {
                Some(Move { pile, take }) => {
                    assert_eq!(
                        yours["hint_said"],
                        format!("Take {} from pile {pile}.", stones(take))
                    );
                    assert_eq!(yours["solution"]["wins"], true);
                }
                None => {
                    assert_eq!(yours["hint_said"], "Every move loses against perfect play.");
                    assert_eq!(yours["solution"]["wins"], false);
                }
            }
        }
    }

    #[test]
    fn nim_plays_the_crates_moves() {
        check_all(&Variant::Normal, 3, 5);
        check_all(&Variant::Normal, 4, 2);
    }

    #[test]
    fn misere_nim_plays_the_crates_moves() {
        check_all(&Variant::Misere, 3, 5);
        check_all(&Variant::Misere, 4, 2);
    }

    #[test]
    fn subtraction_sets_play_the_crates_moves() {
        check_all(&set("1,2,3"), 2, 12);
        check_all(&set("2,5"), 3, 9);
        check_all(&set("1,3,4"), 3, 7);
        check_all(&set("3"), 2, 10);
        check_all(&set("2,3,7"), 2, 15);
    }

    #[test]
    fn a_whole_game_replays_both_players_moves() {
        // The 1-2-3 game on 21: the person always takes 3 (21 is won by
        // taking 1), and from 18 on the computer wins by leaving multiples
        // of 4.
        let variant = set("1,2,3");
        let mut plays = Vec::new();
        loop {
            let text = ask(&request(&variant, "you", &[21], &plays)).unwrap();
            let answer = parsed(&text);
            if let Some(reply) = move_of(&answer["computer"]) {
                plays.push((reply.pile, reply.take));
            }
            if answer["over"] == true {
                assert_eq!(answer["winner"], "computer");
                assert_eq!(
                    answer["said"][1].as_str().unwrap(),
                    format!(
                        "The computer took {} from pile 1.",
                        stones(plays[plays.len() - 1].1)
                    )
                );
                // The whole end, byte for byte.
                assert!(text.ends_with(
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
                assert_eq!(left % 4, 0, "{text}");
            }
            // The person plays the most stones allowed.
            plays.push((1, left.min(3)));
        }
    }

    #[test]
    fn the_address_example_replays_and_the_computer_answers() {
        // nim.html?piles=3,5,7&misere=1&first=computer&play=2:3,1:1
        let variant = Variant::Misere;
        let text = ask(&request(
            &variant,
            "computer",
            &[3, 5, 7],
            &[(2, 3), (1, 1)],
        ))
        .unwrap();
        // Computer 2:3 (3 2 7), you 1:1 (2 2 7): the computer answers.
        assert!(text.starts_with(
            "{\"rule\":\"misere\",\"set\":null,\"first\":\"computer\",\"piles\":[\"2\",\"2\",\"0\"],\
             \"moves\":3,\"turn\":\"you\",\"over\":false,\"winner\":null,\"refused\":null,\
             \"computer\":{\"pile\":3,\"take\":\"7\",\"winning\":true},\
             \"said\":[\"You took 1 stone from pile 1.\",\"The computer took 7 stones from pile 3.\",\"Your move.\"]"
        ), "{text}");
        assert_eq!(
            nim_move(&variant, &[2, 2, 7]),
            Some(Move { pile: 3, take: 7 })
        );
        // With no moves, the computer moves first at once.
        let opening = parsed(&ask(&request(&variant, "computer", &[3, 5, 7], &[])).unwrap());
        assert_eq!(
            move_of(&opening["computer"]),
            nim_move(&variant, &[3, 5, 7])
        );
        assert_eq!(
            (&opening["moves"], &opening["turn"]),
            (&json!(1), &json!("you"))
        );
    }

    #[test]
    fn a_refused_take_changes_nothing_and_says_why() {
        let variant = set("2,5");
        for (play, reason) in [
            ((1, 3), "a move takes exactly 2 or 5 stones, not 3"),
            (
                (4, 2),
                "there is no pile 4: the piles are numbered from 1 to 3",
            ),
            ((1, 0), "a move takes at least one stone"),
        ] {
            let answer = parsed(&ask(&request(&variant, "you", &[7, 9, 12], &[play])).unwrap());
            assert_eq!(answer["piles"], json!(["7", "9", "12"]));
            assert_eq!(
                [
                    &answer["moves"],
                    &answer["turn"],
                    &answer["over"],
                    &answer["winner"]
                ],
                [&json!(0), &json!("you"), &json!(false), &Value::Null]
            );
            assert_eq!(answer["refused"], reason);
            assert_eq!(answer["computer"], Value::Null);
            assert_eq!(answer["said"], json!([format!("Refused: {reason}.")]));
        }
        let answer =
            parsed(&ask(&request(&Variant::Normal, "you", &[3, 5, 7], &[(2, 6)])).unwrap());
        assert_eq!(answer["refused"], "pile 2 has only 5 stones, not 6");
        // Only the person's last move may be refused.
        let error = ask(&request(
            &Variant::Normal,
            "you",
            &[3, 5, 7],
            &[(2, 6), (1, 1)],
        ))
        .unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 4, column 1: move 1 is refused: pile 2 has only 5 stones, not 6"
        );
        let error = ask(&request(
            &Variant::Normal,
            "computer",
            &[3, 5, 7],
            &[(2, 6)],
        ))
        .unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 4, column 1: move 1 is refused: pile 2 has only 5 stones, not 6"
        );
    }

    #[test]
    fn the_end_says_who_won() {
        let answer = parsed(&ask(&request(&Variant::Normal, "you", &[0, 2], &[(2, 2)])).unwrap());
        assert_eq!(
            [
                &answer["turn"],
                &answer["over"],
                &answer["winner"],
                &answer["computer"]
            ],
            [&Value::Null, &json!(true), &json!("you"), &Value::Null]
        );
        assert_eq!(
            answer["said"],
            json!([
                "You took 2 stones from pile 2.",
                "The computer has no move left: you win."
            ])
        );
        assert_eq!(
            (&answer["hint"], &answer["hint_said"]),
            (&Value::Null, &Value::Null)
        );
        let answer = parsed(&ask(&request(&Variant::Misere, "you", &[0, 2], &[(2, 2)])).unwrap());
        assert_eq!(answer["winner"], "computer");
        assert_eq!(
            answer["said"],
            json!([
                "You took 2 stones from pile 2.",
                "No stone is left, and whoever takes the last one loses: the computer wins."
            ])
        );
        let error = ask(&request(
            &Variant::Normal,
            "you",
            &[0, 2],
            &[(2, 2), (1, 1)],
        ))
        .unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 5, column 1: the game is over: no move may follow"
        );
    }

    #[test]
    fn the_largest_piles_cost_little() {
        let max = u64::MAX;
        // XOR 0: the computer loses, and takes one stone.
        let answer =
            parsed(&ask(&request(&Variant::Normal, "computer", &[max, max], &[])).unwrap());
        assert_eq!(
            answer["piles"],
            json!([(max - 1).to_string(), max.to_string()])
        );
        assert_eq!(
            answer["computer"],
            json!({"pile": 1, "take": "1", "winning": false})
        );
        assert_eq!(move_of(&answer["hint"]), Some(Move { pile: 2, take: 1 }));
        let many = vec![max; usize::try_from(MAX_PILES).unwrap()];
        for variant in [Variant::Normal, Variant::Misere, set("1,2,3")] {
            let answer = parsed(&ask(&request(&variant, "computer", &many, &[])).unwrap());
            assert_eq!(answer["computer"]["winning"], false);
        }
        let sizes: Vec<String> = (1..=100).map(|size| (size * 7).to_string()).collect();
        let answer =
            parsed(&ask(&request(&set(&sizes.join(",")), "computer", &many, &[])).unwrap());
        assert!(move_of(&answer["computer"]).is_some());
    }

    #[test]
    fn the_panel_shows_the_piles_in_binary_and_their_xor() {
        let answer = parsed(&ask(&request(&Variant::Normal, "you", &[3, 5, 7], &[])).unwrap());
        let solution = &answer["solution"];
        assert_eq!(
            solution["rows"],
            json!([
                {"pile": 1, "stones": "3", "value": "3", "binary": "011"},
                {"pile": 2, "stones": "5", "value": "5", "binary": "101"},
                {"pile": 3, "stones": "7", "value": "7", "binary": "111"}
            ])
        );
        assert_eq!(
            [
                &solution["xor"],
                &solution["xor_binary"],
                &solution["wins"],
                &solution["period"]
            ],
            [&json!("1"), &json!("001"), &json!(true), &Value::Null]
        );
        assert_eq!(
            solution["said"][1],
            "Here the XOR is 1, so the player to move (you) wins: take 1 stone from pile 1."
        );
        let answer = parsed(&ask(&request(&Variant::Misere, "you", &[1, 1, 0], &[])).unwrap());
        assert_eq!(answer["solution"]["said"][1], "Here every pile has at most one stone (the exception); the XOR is 0, so the player to move (you) wins: take 1 stone from pile 1.");
    }

    #[test]
    fn bad_requests_are_the_crates_errors() {
        for (request, error) in [
            ("nim --misere --moves 2,5\nyou\n1 3\n", "line 1, column 1: --misere is plain Nim only: misere subtraction games do not follow the XOR rule"),
            ("nim --moves 2,0\nyou\n1 3\n", "line 1, column 1: --moves: a move size must be from 1 to 10000, found \"0\""),
            ("nim\nyou\n2 3 100000000000000000000\n", "line 3, column 5 (token 3): pile 2 of 2 must be from 0 to 18446744073709551615, found \"100000000000000000000\""),
            ("nim\nyou\n3 1 2\n", "line 3, column 6: expected pile 3 of 3, found end of input"),
            ("nim\nthem\n1 3\n", "line 2, column 1: who moves first must be you or computer, found \"them\""),
            ("nim\nyou\n33 1\n", "line 3, column 1 (token 1): the page plays at most 32 piles, found n = 33"),
            ("nim --what\nyou\n1 3\n", "line 1, column 1: unknown flag \"--what\""),
            ("nim\nyou\n1 3 4\n", "line 3, column 5 (token 3): unexpected extra input \"4\""),
        ] {
            assert_eq!(ask(request).unwrap_err().to_string(), error, "{request:?}");
        }
        let error = ask("nim --cases\nyou\n1 3\n").unwrap_err();
        assert!(error
            .to_string()
            .starts_with("line 1, column 1: the rule line takes"));
        let error = ask("nim\nyou\n1 3\n1 x\n").unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with("line 4, column 3 (token 2): expected the stones of move 1"),
            "{error}"
        );
    }
}
