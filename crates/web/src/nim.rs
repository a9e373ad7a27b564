//! The Nim page's requests (`nim.html`): a take-away game against the
//! computer, replayed through the `nim` crate's [`nim::page::Match`].
//!
//! The games are those of the `nim` contract: Nim, misère Nim and S-Nim
//! (a move takes exactly s stones, s in a subtraction set).
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
//! The rule line is read by `nim`'s own flag parser
//! ([`nim::page::read_rule`]) and the piles by its own reader
//! ([`nim::read_piles`]), so their errors are `nim`'s, word for word. At
//! most [`MAX_PILES`] piles.
//!
//! # Answer
//!
//! One JSON object on one line; stone counts are strings of digits (a pile
//! may pass 2^53), pile numbers count from 1. `rule` (`"normal"`,
//! `"misere"`, `"subtraction"`), `set` (the move sizes or `null`), `first`,
//! `piles` (after the computer's answer), `moves` (played, the answer
//! included), `turn` (`null` once over), `over`, `winner`, `refused` (why
//! the request's last move, the person's, is no move: [`nim::refusal`]),
//! `computer` (`{"pile", "take", "winning"}` when it answered), `said` (the
//! status line), `hint` (`{"pile", "take"}`) and `hint_said` when the person
//! is to move, and `solution`, "How it's solved": `rows` (`{"pile",
//! "stones", "value", "binary"}`), `xor`, `xor_binary`, `wins`, `period`
//! (`{"preperiod", "period", "values"}` or `null`), `period_limit`, `said`,
//! and the panel's figure ([`nim::figure`]), one of `columns` and
//! `positions` (the other `null`):
//!
//! - `columns`, Nim and misère Nim: `bits`, one per binary digit of the
//!   rows, the highest first, each `{"bit"` (0 for the ones), `"ones"` (how
//!   many piles have a 1 there), `"parity"` (`"odd"` or `"even"`), `"after"`
//!   (the parity after the winning move, `null` without one)`}`; `change`,
//!   the winning move's pile, `{"pile", "from", "to"` (the pile in binary
//!   before and after, as wide as the rows), `"flips"` (the bits that flip,
//!   the highest first)`}` or `null`; `said`, the caption.
//! - `positions`, S-Nim: `positions`, the positions drawn (0, 1, ..., at
//!   most [`nim::figure::MOST_POSITIONS`]), each `{"position"` (its stones),
//!   `"grundy"`, `"loses"` (the player to move loses: Grundy value 0),
//!   `"moves"` (the positions one move away, the nearest first), `"said"`
//!   (the mex that gives the value)`}`; `piles`, each `{"pile", "stones",
//!   "position"}`, the position drawn for it (its own, or the last drawn one
//!   with the same place in the period; `null` when none); `all_moves`
//!   (every position's moves are drawn, or only the selected one's); `said`,
//!   the caption.
//!
//! Every fact and sentence is the crate's ([`nim::page`], [`nim::figure`]);
//! this module reads the request and writes the JSON.
//!
//! # Errors
//!
//! `nim`'s own for the rule and the piles, and the rules every page shares
//! ([`engine::replay`](crate::engine::replay)): a move after the end, an
//! illegal move that is not the person's last.
//!
//! # Costs
//!
//! O(n) per move replayed, then [`nim::page::Match::answer`]'s.

use judge_io::{Error, Input, Pos};
use nim::figure::{Columns, Figure, Positions};
use nim::page::{Explanation, Hint, Match, Period, Side};
use nim::{Choice, Game, Move, Variant};

use crate::engine::{Engine, Refusal, Script, Step};
use crate::json::{Digits, Object};

/// The most piles a game of the page holds: more do not draw as a game on a
/// phone's screen, and the losing move weighs n^2 moves of O(n) each.
pub const MAX_PILES: u64 = 32;

/// The Nim game as the page plays it: the crate's game against the computer.
pub struct Nim(Match);

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
            nim::page::read_rule(line.text, line.pos(0))?
        };
        let first = {
            let line = input.line()?.ok_or_else(|| {
                Error::input("expected who moves first (you or computer), found end of input")
            })?;
            Side::from_name(line.text).ok_or_else(|| {
                Error::at(
                    line.pos(0),
                    format!(
                        "who moves first must be you or computer, found {}",
                        judge_io::quote(line.text)
                    ),
                )
            })?
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
        let game = Nim(Match::new(Game::new(variant, piles), first));
        Ok(Script { game, steps })
    }

    fn is_over(&self) -> bool {
        self.0.game().is_over()
    }

    /// Plays a move of either player; only the person's may be refused and
    /// stand (the computer's are the engine's own answers).
    fn enter(&mut self, the_move: Move) -> Result<(), Refusal> {
        self.0
            .play(the_move)
            .map_err(|reason| match self.0.mover() {
                Side::You => Refusal::Stands(reason),
                Side::Computer => Refusal::Wrong(reason),
            })
    }

    fn ask_word(ask: &NoAsk) -> &'static str {
        match *ask {}
    }

    /// Plays the computer's answer when it is to move, then writes the
    /// position (see the module docs).
    fn describe(&mut self, _: Option<&NoAsk>, out: &mut Object) -> Result<(), Error> {
        let answer = self.0.answer()?;
        let game = self.0.game();
        let (rule, set) = match game.variant() {
            Variant::Subtraction(set) => ("subtraction", Some(set.moves().to_vec())),
            Variant::Misere => ("misere", None),
            Variant::Normal => ("normal", None),
        };
        out.field("rule", rule)
            .field("set", set)
            .field("first", self.0.first().name())
            .field("piles", stones_json(game.piles()))
            .field("moves", game.moves_played())
            .field("turn", answer.turn.map(Side::name))
            .field("over", game.is_over())
            .field("winner", answer.winner.map(Side::name))
            .field("refused", self.0.refused())
            .field("computer", answer.computer.map(computer_json))
            .field("said", &answer.said)
            .field("hint", answer.hint.and_then(Hint::the_move).map(move_json))
            .field("hint_said", answer.hint.map(Hint::sentence))
            .field("solution", solution_json(&answer.solution));
        Ok(())
    }
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

/// The "How it's solved" object.
fn solution_json(how: &Explanation) -> Object {
    let rows: Vec<Object> = (1u64..)
        .zip(how.piles.iter().zip(&how.values))
        .map(|(pile, (&stones, &value))| {
            Object::new()
                .with("pile", pile)
                .with("stones", Digits(stones))
                .with("value", Digits(value))
                .with("binary", how.binary(value))
        })
        .collect();
    // The figure: one of the two, the other null.
    let (columns, positions) = match &how.figure {
        Figure::Columns(figure) => (Some(columns_json(figure, how)), None),
        Figure::Positions(figure) => (None, Some(positions_json(figure, how))),
    };
    let period = how.period.as_ref().map(|found: &Period| {
        Object::new()
            .with("preperiod", Digits(found.preperiod))
            .with("period", Digits(found.period))
            .with("values", &found.values)
    });
    Object::new()
        .with("rows", rows)
        .with("xor", Digits(how.xor))
        .with("xor_binary", how.binary(how.xor))
        .with("wins", how.wins)
        .with("period", period)
        .with("period_limit", Digits(how.period_limit))
        .with("said", &how.said)
        .with("columns", columns)
        .with("positions", positions)
}

/// Nim's figure (see the module docs).
fn columns_json(figure: &Columns, how: &Explanation) -> Object {
    let Columns {
        columns,
        change,
        said,
    } = figure;
    let parity = |odd: bool| if odd { "odd" } else { "even" };
    let bits: Vec<Object> = columns
        .iter()
        .map(|column| {
            Object::new()
                .with("bit", column.bit)
                .with("ones", column.ones)
                .with("parity", parity(column.odd))
                .with("after", column.odd_after.map(parity))
        })
        .collect();
    let change = change.as_ref().map(|change| {
        Object::new()
            .with("pile", change.pile)
            .with("from", how.binary(change.from))
            .with("to", how.binary(change.to))
            .with("flips", &change.flips)
    });
    Object::new()
        .with("bits", bits)
        .with("change", change)
        .with("said", said.as_str())
}

/// S-Nim's figure (see the module docs).
fn positions_json(figure: &Positions, how: &Explanation) -> Object {
    let Positions {
        positions,
        marks,
        all_moves,
        said,
    } = figure;
    let drawn: Vec<Object> = positions
        .iter()
        .map(|position| {
            Object::new()
                .with("position", position.stones)
                .with("grundy", position.grundy)
                .with("loses", position.loses())
                .with("moves", &position.moves)
                .with("said", position.said.as_str())
        })
        .collect();
    let piles: Vec<Object> = (1u64..)
        .zip(how.piles.iter().zip(marks))
        .map(|(pile, (&stones, &at))| {
            Object::new()
                .with("pile", pile)
                .with("stones", Digits(stones))
                .with("position", at)
        })
        .collect();
    Object::new()
        .with("positions", drawn)
        .with("piles", piles)
        .with("all_moves", *all_moves)
        .with("said", said.as_str())
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
    use nim::page::stones;
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
                // The whole end before the figure, byte for byte.
                assert!(text.contains(
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
                     every move leaves a position the other player wins.\"],\
                     \"columns\":null,\"positions\":{\"positions\":[{\"position\":0,"
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
    fn the_panel_writes_the_crates_rows_xor_and_sentences() {
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
        let mut game = Game::new(Variant::Normal, vec![3, 5, 7]);
        let how = Explanation::new(&mut game, Side::You).unwrap();
        assert_eq!(solution["said"], json!(how.said));
    }

    /// Grundy values of positions 0 to `count - 1` by mex over `sizes`,
    /// written here from the rule.
    fn mex_values(sizes: &[usize], count: usize) -> Vec<u64> {
        let mut values: Vec<u64> = Vec::new();
        for n in 0..count {
            let reached: Vec<u64> = sizes
                .iter()
                .filter(|&&size| size <= n)
                .map(|&size| values[n - size])
                .collect();
            values.push((0..).find(|value| !reached.contains(value)).unwrap());
        }
        values
    }

    fn index(value: &Value) -> usize {
        usize::try_from(value.as_u64().unwrap()).unwrap()
    }

    #[test]
    fn the_s_nim_figure_gives_each_position_its_value_moves_and_mex() {
        for (sizes, piles) in [
            (&[1, 2, 3][..], &[21][..]),
            (&[2, 5], &[7, 9, 12]),
            (&[1, 3, 4], &[10, 11, 12]),
            (&[3], &[2]),
            (&[2, 3, 7], &[30, 1]),
        ] {
            let list: Vec<String> = sizes.iter().map(usize::to_string).collect();
            let stones: Vec<u64> = piles.iter().map(|&pile| pile as u64).collect();
            let answer =
                parsed(&ask(&request(&set(&list.join(",")), "you", &stones, &[])).unwrap());
            assert_eq!(answer["solution"]["columns"], Value::Null);
            let figure = &answer["solution"]["positions"];
            let drawn = figure["positions"].as_array().unwrap();
            let values = mex_values(sizes, drawn.len());
            // Up to the largest pile at least.
            assert!(drawn.len() > *piles.iter().max().unwrap());
            for (n, (position, &value)) in drawn.iter().zip(&values).enumerate() {
                assert_eq!(position["position"], n);
                assert_eq!(position["grundy"], value, "{sizes:?} {n}");
                assert_eq!(position["loses"], value == 0);
                let targets: Vec<usize> = sizes
                    .iter()
                    .filter(|&&size| size <= n)
                    .map(|size| n - size)
                    .collect();
                assert_eq!(position["moves"], json!(targets));
                let mut reached: Vec<u64> = targets.iter().map(|&target| values[target]).collect();
                reached.sort_unstable();
                reached.dedup();
                let reached: Vec<String> = reached.iter().map(u64::to_string).collect();
                let mex = format!("mex{{{}}} = {value}", reached.join(", "));
                let said = position["said"].as_str().unwrap();
                assert!(said.starts_with(&format!("Position {n}: ")), "{said}");
                assert!(said.contains(&mex), "{said}");
            }
            for (pile, &stones) in piles.iter().enumerate() {
                assert_eq!(
                    figure["piles"][pile],
                    json!({"pile": pile + 1, "stones": stones.to_string(), "position": stones})
                );
            }
            assert_eq!(figure["all_moves"], true);
        }
    }

    #[test]
    fn a_pile_past_the_figure_is_marked_at_a_drawn_position_of_the_same_value() {
        let big = 1_000_003;
        let answer = parsed(&ask(&request(&set("1,2,3"), "you", &[big as u64, 5], &[])).unwrap());
        let figure = &answer["solution"]["positions"];
        let drawn = figure["positions"].as_array().unwrap().len();
        assert_eq!(drawn as u64, nim::figure::MOST_POSITIONS);
        let at = index(&figure["piles"][0]["position"]);
        // The last drawn position with the same value, in the last period.
        let values = mex_values(&[1, 2, 3], big + 1);
        assert!(at < drawn && drawn - at <= 4, "{at}");
        assert_eq!(values[at], values[big]);
        assert_eq!(figure["piles"][1]["position"], 5);
        assert!(figure["said"]
            .as_str()
            .unwrap()
            .ends_with("from the start: pile 1 (1000003 stones) at 59."));
    }

    /// Every position of up to 3 piles of up to 6 stones, and two large.
    fn small_positions() -> Vec<Vec<u64>> {
        let mut all = vec![vec![u64::MAX, 3], vec![1 << 40, 1 << 40, 9]];
        for a in 0..=6 {
            all.push(vec![a]);
            for b in 0..=6 {
                all.push(vec![a, b]);
                for c in 0..=6 {
                    all.push(vec![a, b, c]);
                }
            }
        }
        all
    }

    #[test]
    fn the_nim_figure_counts_each_column_and_the_move_evens_them() {
        let parity = |odd: bool| if odd { "odd" } else { "even" };
        for variant in [Variant::Normal, Variant::Misere] {
            for piles in small_positions() {
                let answer = parsed(&ask(&request(&variant, "you", &piles, &[])).unwrap());
                assert_eq!(answer["solution"]["positions"], Value::Null);
                let figure = &answer["solution"]["columns"];
                let bits = figure["bits"].as_array().unwrap();
                let width = answer["solution"]["xor_binary"].as_str().unwrap().len();
                assert_eq!(bits.len(), width);
                // The change is that of `nim --move`'s move.
                let flips = match nim_move(&variant, &piles) {
                    Some(Move { pile, take }) => {
                        let from = piles[usize::try_from(pile).unwrap() - 1];
                        let to = from - take;
                        assert_eq!(figure["change"]["pile"], pile, "{piles:?}");
                        assert_eq!(figure["change"]["from"], format!("{from:0width$b}"));
                        assert_eq!(figure["change"]["to"], format!("{to:0width$b}"));
                        from ^ to
                    }
                    None => {
                        assert_eq!(figure["change"], Value::Null, "{piles:?}");
                        0
                    }
                };
                let mut odd_after = 0;
                for (column, bit) in bits.iter().zip((0..width).rev()) {
                    let ones = piles
                        .iter()
                        .filter(|&&stones| stones >> bit & 1 == 1)
                        .count();
                    let odd = ones % 2 == 1;
                    assert_eq!(column["bit"], bit);
                    assert_eq!(column["ones"], ones);
                    assert_eq!(column["parity"], parity(odd), "{piles:?}");
                    let flipped = flips >> bit & 1 == 1;
                    odd_after += usize::from(odd != flipped);
                    if figure["change"].is_null() {
                        assert_eq!(column["after"], Value::Null);
                    } else {
                        assert_eq!(column["after"], parity(odd != flipped));
                        let listed = figure["change"]["flips"].as_array().unwrap();
                        assert_eq!(listed.contains(&json!(bit)), flipped);
                    }
                }
                // Nim's winning move evens every column; misère's too,
                // except at the end, where it leaves an odd count of ones.
                let ends = piles.iter().all(|&stones| stones - (flips & stones) <= 1);
                if !figure["change"].is_null() && (variant == Variant::Normal || !ends) {
                    assert_eq!(odd_after, 0, "{piles:?}");
                }
            }
        }
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
