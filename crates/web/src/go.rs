//! The Go page's requests (`go.html`): a board played stone by stone, a
//! judge's position, and SGF records replayed move by move. Every rule,
//! verdict, refusal, point name and sentence is the `go-ko` crate's; this
//! module reads the requests and writes go-ko's values as JSON.
//!
//! # Request and answer
//!
//! The first line says what is asked; the rest is its input. The answer is
//! one JSON object on one line: boards as strings of `.`, `X` and `O`
//! ([`go_ko::Board::text`]), points as indices `row * cols + col`, and a
//! drawn board (up to [`MAX_DRAWN`] rows and columns) with its `grid`
//! ([`go_ko::Grid`]). The fields, in order:
//!
//! - `play SIZE RULES` (SIZE 1 to [`MAX_PLAY_SIZE`], RULES as `--rules`),
//!   then [`go_ko::Entry`]s played on a [`go_ko::Record`]; only the last
//!   may be refused ([`crate::engine::replay`]). `mode, rows, cols, board,
//!   captures {black, white}, moves, next, last {entry, colour, point,
//!   verdict, refused}, explain, sgf, status, opening, turns {B, W},
//!   captured, marked, grid, search`.
//! - `position`, then `go-ko`'s input ([`go_ko::parse`], [`go_ko::solve`],
//!   [`go_ko::render`] as `--show`, `output` null over [`MAX_SHOWN`]
//!   points): `mode, rows, cols, move {row, col, colour}, verdict, output,
//!   before, explain, text, turn, point, after, grid, search`.
//! - `sgf RULES [keep-going] [game K]`, then a collection
//!   ([`go_ko::Viewed`], at most [`MAX_NODES`] nodes): `mode, games,
//!   started, error, game, rows, cols, nodes [{changes [[point, "X"]],
//!   move {colour, point}, captures [black, white], moves, comment,
//!   illegal, said, turn, step, value, captured}], truncated, final,
//!   choices, ending {said, error}, grid`.
//! - `explain` is [`go_ko::Explanation`]: `stone, colour, own {stones,
//!   liberties}, enemies [{stones, liberties}], heading, items`.
//! - `search` (last in `play` and `position`, null where `explain` is) is
//!   [`go_ko::Trace`], the searches the judge ran for the stone, in its
//!   order: `point, colour, verdict, steps [{whose, scope, stones,
//!   liberties, said}]`. Step k (1-based, the page's `data-group="k"` and
//!   `data-liberty="k"`) is `whose` `"opponent"` (a group next to the
//!   stone, searched for a capture) or `"own"` (the stone's group, searched
//!   for suicide only when nothing was captured); `scope` `"group"` when
//!   the whole group was searched (`stones` all of it, `liberties` all of
//!   its liberties, none: captured or suicide), `"stone"` when the judge
//!   stopped at the stone it started from because it has an empty side
//!   (`stones` that one stone, `liberties` the first empty side, looked at
//!   above, right, below, left): exactly what the judge looked at. `said`
//!   is go-ko's sentence for the step ([`go_ko::Trace::said`]), the last
//!   one with the verdict. Boards are at most [`MAX_DRAWN`] points a side,
//!   so a step lists at most 625 points.
//!
//! A game is replayed whole at every request: linear in its length plus a
//! board copy per move (a 400-move 19x19 game is about 150,000 point
//! copies).

use go_ko::{Board, Entered, Entry, Explanation, Grid, Group, Record, Viewed};
use go_ko::{Position, Rules, Scope, SgfOptions, Stone, Trace, Whose};
use judge_io::{Error, Input};

use crate::engine::{Engine, Refusal, Script, Step};
use crate::json::{Json, Object};

/// The largest board the page plays on (and draws): 25x25, the largest
/// that still draws legibly at a phone's width (14 px a point at 390 px).
pub const MAX_PLAY_SIZE: usize = 25;

/// Boards with more rows or columns than this are not drawn (the position
/// is then shown as text): the page's drawing limit, as [`MAX_PLAY_SIZE`].
pub const MAX_DRAWN: usize = MAX_PLAY_SIZE;

/// The largest board (in points) whose `--show` output the answer carries:
/// a 500x500 board is 250 KB of text, which a page still shows at once;
/// the judge's 4000x4000 boards (16 MB) are answered with the verdict only.
pub const MAX_SHOWN: usize = 250_000;

/// The most nodes of a game the viewer is given: a 52x52 game of 2,500
/// moves fits four times over, in a few MB (a hundred bytes or so a node
/// plus its changes); a longer game is replayed whole, stepped that far.
pub const MAX_NODES: usize = 10_000;

/// The Go page's engine, in one of its three modes.
#[derive(Debug)]
pub enum Go {
    /// A board played entry by entry (boxed: a game is most of the engine).
    Play(Box<Record>),
    /// `go-ko`'s input: a setup that takes no entries.
    Position(Position),
    /// An SGF collection replayed (with `--sgf`'s options, never
    /// `summary`) and the game followed, from 1: takes no entries.
    Sgf(Box<Viewed>, u64),
}

/// The page asks nothing of a Go position but its description.
#[derive(Debug)]
pub enum NoAsk {}

impl Engine for Go {
    const ENTRY: &'static str = "entry";
    type Entry = Entry;
    type Ask = NoAsk;

    fn read(request: &[u8]) -> Result<Script<Go>, Error> {
        let end = request.iter().position(|&byte| byte == b'\n');
        let end = end.unwrap_or(request.len());
        let (head, rest) = (&request[..end], request.get(end + 1..).unwrap_or_default());
        // The head is a few words: a long one is not a request of the page.
        let head = String::from_utf8_lossy(&head[..head.len().min(100)]).into_owned();
        let words: Vec<&str> = head.split_whitespace().collect();
        let game = match words.first().copied() {
            Some("play") => return read_play(&words[1..], rest),
            Some("position") if words.len() == 1 => {
                Go::Position(go_ko::parse(&mut Input::new(rest))?)
            }
            Some("sgf") => read_sgf(&words[1..], rest)?,
            _ => return Err(Error::input(format!(
                "the request's first line is `play SIZE RULES`, `position` or `sgf RULES [keep-going] [game K]`, found {head:?}"
            ))),
        };
        Ok(Script {
            game,
            steps: Vec::new(),
        })
    }

    fn is_over(&self) -> bool {
        false
    }

    fn enter(&mut self, entry: Entry) -> Result<(), Refusal> {
        match self {
            Go::Play(record) => record
                .enter(entry)
                .map_err(|illegal| Refusal::Stands(illegal.to_string())),
            _ => Err(Refusal::Wrong("this request takes no entries".to_string())),
        }
    }

    fn ask_word(ask: &NoAsk) -> &'static str {
        match *ask {}
    }

    fn describe(&mut self, _: Option<&NoAsk>, out: &mut Object) -> Result<(), Error> {
        match self {
            Go::Play(record) => describe_play(record, out),
            Go::Position(position) => describe_position(position, out),
            Go::Sgf(viewed, number) => describe_sgf(viewed, *number, out),
        }
        Ok(())
    }
}

fn rules_named(name: &str) -> Result<Rules, Error> {
    Rules::named(name).ok_or_else(|| {
        Error::input(format!(
            "the rules are simple, tromp-taylor or nz, found {name:?}"
        ))
    })
}

fn read_play(words: &[&str], rest: &[u8]) -> Result<Script<Go>, Error> {
    let (size, rules) = match words {
        [size, rules] => (size, rules),
        _ => return Err(Error::input("expected `play SIZE RULES`")),
    };
    let size = size
        .parse::<usize>()
        .ok()
        .filter(|size| (1..=MAX_PLAY_SIZE).contains(size))
        .ok_or_else(|| {
            Error::input(format!(
                "the board size is from 1 to {MAX_PLAY_SIZE}, found {size:?}"
            ))
        })?;
    let rules = rules_named(rules)?;
    // The entries, each where it starts (the head is line 1).
    let entries = Entry::read_all(&String::from_utf8_lossy(rest), size, 2)?;
    let steps = entries
        .into_iter()
        .map(|(entry, at)| (Step::Entry(entry), at));
    Ok(Script {
        game: Go::Play(Box::new(Record::new(size, rules))),
        steps: steps.collect(),
    })
}

fn read_sgf(words: &[&str], record: &[u8]) -> Result<Go, Error> {
    let usage = || Error::input("expected `sgf RULES [keep-going] [game K]`");
    let (rules, mut words) = match words.split_first() {
        Some((rules, words)) => (rules_named(rules)?, words),
        None => return Err(usage()),
    };
    let mut options = SgfOptions {
        rules,
        summary: false,
        keep_going: false,
    };
    let mut game = 1;
    while let Some((&word, more)) = words.split_first() {
        match (word, more) {
            ("keep-going", _) => {
                options.keep_going = true;
                words = more;
            }
            ("game", [number, more @ ..]) => {
                game = number.parse().ok().filter(|&n| n >= 1).ok_or_else(|| {
                    Error::input(format!("the game is a number from 1, found {number:?}"))
                })?;
                words = more;
            }
            _ => return Err(usage()),
        }
    }
    let viewed = Viewed::replay(&mut Input::new(record), &options, game, MAX_NODES)?;
    Ok(Go::Sgf(Box::new(viewed), game))
}

fn describe_play(record: &Record, out: &mut Object) {
    let (game, size) = (record.game(), record.size());
    let [black, white] = [Stone::Black, Stone::White].map(|stone| game.captured_by(stone));
    let last = record.last();
    let last_json = last.map(|last: &Entered| {
        Object::new()
            .with("entry", last.entry.text())
            .with("colour", last.entry.colour().map(Stone::letter))
            .with("point", last.point)
            .with("verdict", last.judged.as_ref().map(|j| j.0.to_string()))
            .with("refused", last.refused.as_ref().map(ToString::to_string))
    });
    let explain = last.and_then(|last| last.explanation(size));
    let turns = Object::new()
        .with("B", record.turn(Stone::Black))
        .with("W", record.turn(Stone::White));
    out.field("mode", "play")
        .field("rows", size)
        .field("cols", size)
        .field("board", game.board().text())
        .field(
            "captures",
            Object::new().with("black", black).with("white", white),
        )
        .field("moves", game.moves())
        .field("next", record.next().letter())
        .field("last", last_json)
        .field("explain", explain.as_ref().map(explanation))
        .field("sgf", record.sgf())
        .field("status", record.status())
        .field("opening", record.opening())
        .field("turns", turns)
        .field("captured", go_ko::captured_line(black, white))
        .field("marked", record.marked())
        .field("grid", grid(size, size))
        .field(
            "search",
            last.and_then(|last| last.trace.as_ref())
                .map(|trace| search(trace, size, size)),
        );
}

fn describe_position(position: &Position, out: &mut Object) {
    let (rows, cols) = (position.board.rows(), position.board.cols());
    let mv = position.mv;
    let point = mv.row * cols + mv.col;
    let drawn = rows <= MAX_DRAWN && cols <= MAX_DRAWN;
    let explained = drawn.then(|| {
        let groups = go_ko::groups(position);
        explanation(&Explanation::new(&groups, point, mv.stone, rows, cols))
    });
    let outcome = go_ko::solve(position.clone());
    let (verdict, after) = (outcome.verdict, drawn.then(|| outcome.board.text()));
    let output = (rows.saturating_mul(cols) <= MAX_SHOWN).then(|| go_ko::render(outcome, true));
    let text = output
        .clone()
        .unwrap_or_else(|| go_ko::unshown(verdict, rows, cols));
    let moved = Object::new()
        .with("row", mv.row)
        .with("col", mv.col)
        .with("colour", mv.stone.letter());
    out.field("mode", "position")
        .field("rows", rows)
        .field("cols", cols)
        .field("move", moved)
        .field("verdict", verdict.to_string())
        .field("output", output)
        .field("before", drawn.then(|| position.board.text()))
        .field("explain", explained)
        .field("text", text)
        .field("turn", position.turn(drawn))
        .field("point", point)
        .field("after", after)
        .field("grid", drawn.then(|| grid(rows, cols)))
        .field(
            "search",
            drawn.then(|| search(&go_ko::trace(position), rows, cols)),
        );
}

/// A point that changed, and what it holds now: `[point, "X"]`.
struct Change(usize, Option<Stone>);

impl Json for Change {
    fn write_json(&self, out: &mut String) {
        let symbol = self.1.map_or('.', Stone::symbol).to_string();
        out.push('[');
        self.0.write_json(out);
        out.push(',');
        symbol.write_json(out);
        out.push(']');
    }
}

fn describe_sgf(viewed: &Viewed, number: u64, out: &mut Object) {
    let (viewer, ending) = (&viewed.follow, &viewed.ending);
    let (rows, cols) = (viewer.rows, viewer.cols);
    let drawn = rows <= MAX_DRAWN && cols <= MAX_DRAWN;
    let described: Vec<Object> = (0..)
        .zip(&viewer.nodes)
        .map(|(index, node)| {
            let move_json = node.mv.map(|(stone, point)| {
                Object::new()
                    .with("colour", stone.letter())
                    .with("point", point)
            });
            let changes: Vec<Change> = node.changes.iter().map(|&(p, s)| Change(p, s)).collect();
            let captures = [node.captured_by_black, node.captured_by_white];
            Object::new()
                .with("changes", changes)
                .with("move", move_json)
                .with("captures", captures)
                .with("moves", node.moves)
                .with("comment", &node.comment)
                .with("illegal", node.illegal.as_ref().map(ToString::to_string))
                .with("said", node.said(rows, cols, drawn))
                .with("turn", node.turn(rows, cols, drawn))
                .with("step", viewer.step(index))
                .with("value", viewer.value(index))
                .with("captured", go_ko::captured_line(captures[0], captures[1]))
        })
        .collect();
    out.field("mode", "sgf")
        .field("games", &viewed.games)
        .field("started", viewer.started)
        .field("error", &viewed.error)
        .field("game", number)
        .field("rows", rows)
        .field("cols", cols)
        .field("nodes", described)
        .field("truncated", viewer.truncated)
        .field("final", viewed.final_board.as_ref().map(Board::text))
        .field("choices", viewed.choices())
        .field(
            "ending",
            Object::new()
                .with("said", &ending.said)
                .with("error", ending.error),
        )
        .field("grid", (drawn && rows > 0).then(|| grid(rows, cols)));
}

fn explanation(explained: &Explanation) -> Object {
    let group = |group: &Group| {
        Object::new()
            .with("stones", &group.stones)
            .with("liberties", &group.liberties)
    };
    let enemies: Vec<Object> = explained.enemies.iter().map(group).collect();
    Object::new()
        .with("stone", explained.stone)
        .with("colour", explained.colour.letter())
        .with("own", group(&explained.own))
        .with("enemies", enemies)
        .with("heading", &explained.heading)
        .with("items", &explained.items)
}

fn search(trace: &Trace, rows: usize, cols: usize) -> Object {
    let said = trace.said(rows, cols);
    let steps: Vec<Object> = trace
        .steps
        .iter()
        .zip(&said)
        .map(|(step, said)| {
            let whose = match step.whose {
                Whose::Opponent => "opponent",
                Whose::Own => "own",
            };
            let scope = match step.scope {
                Scope::Stone => "stone",
                Scope::Group => "group",
            };
            Object::new()
                .with("whose", whose)
                .with("scope", scope)
                .with("stones", &step.stones)
                .with("liberties", &step.liberties)
                .with("said", said)
        })
        .collect();
    Object::new()
        .with("point", trace.point)
        .with("colour", trace.stone.letter())
        .with("verdict", trace.verdict.to_string())
        .with("steps", steps)
}

fn grid(rows: usize, cols: usize) -> Object {
    let grid = Grid::new(rows, cols);
    Object::new()
        .with("columns", grid.columns)
        .with("rows", grid.rows)
        .with("names", grid.names)
        .with("letters", grid.letters)
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    use super::*;

    fn ask(request: &str) -> Result<Value, String> {
        let answer = crate::engine::replay::<Go>(request.as_bytes()).map_err(|e| e.to_string())?;
        Ok(serde_json::from_str(&answer).unwrap())
    }

    fn native(args: &[&str], input: &str) -> Result<String, String> {
        judge_io::run::<go_ko::GoKo>(args, input.as_bytes()).map_err(|e| e.to_string())
    }

    /// The strings of a JSON array.
    fn strings(value: &Value) -> Vec<&str> {
        value
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect()
    }

    #[test]
    fn a_position_answers_as_the_binary_with_show() {
        let input = ".........\n.........\n...O.....\n..O.O....\n..XOX....\n...X.....\n.........\n.........\n.........\n3 3 X\n";
        let answer = ask(&format!("position\n{input}")).unwrap();
        let shown = native(&["--show"], input).unwrap();
        assert_eq!(answer["output"], shown.as_str());
        assert_eq!(answer["text"], shown.as_str());
        assert_eq!(answer["verdict"], "K.O.");
        let after: String = shown.lines().skip(1).collect();
        assert_eq!(answer["after"], after.as_str());
        assert_eq!(
            (answer["point"].as_u64(), answer["turn"].as_str()),
            (Some(30), Some("Black on row 3, column 3 (D6)"))
        );
        // The lone white stone at (4, 3) is the enemy group with no liberty.
        let enemies = answer["explain"]["enemies"].as_array().unwrap();
        assert!(
            enemies.contains(&serde_json::json!({"stones": [39], "liberties": []})),
            "{answer}"
        );
        let items = strings(&answer["explain"]["items"]);
        assert!(
            items.contains(
                &"A white group of 1 stone (D5) next to it has no liberty: captured (K.O.)."
            ),
            "{items:?}"
        );
        // Too large to draw, then too large to show.
        let wide = format!("{}\n0 0 X\n", ".".repeat(30));
        let answer = ask(&format!("position\n{wide}")).unwrap();
        assert_eq!(
            (answer["turn"].as_str(), answer["grid"].is_null()),
            (Some("Black on row 0, column 0"), true)
        );
        let huge = format!("{}\n0 0 O\n", ".".repeat(MAX_SHOWN + 1));
        let answer = ask(&format!("position\n{huge}")).unwrap();
        assert!(answer["output"].is_null());
        assert_eq!(
            answer["text"],
            format!(
                "Safe\n(the board after, 1×{}, is too large to show)",
                MAX_SHOWN + 1
            )
            .as_str()
        );
    }

    #[test]
    fn a_bad_position_is_the_binarys_error() {
        for input in ["..\n..\n0 0 x\n", "..\n.O\n1 1 X\n", "", "0 0 X\n"] {
            assert_eq!(
                ask(&format!("position\n{input}")).unwrap_err(),
                native(&[], input).unwrap_err()
            );
        }
    }

    #[test]
    fn play_refuses_a_ko_retake_and_suicide_in_the_terminals_words() {
        // The ko of go-ko's Game docs, on a 4x4 board (SGF letters: column, row).
        let ko = "Bba Wca Bab Wdb Bbc Wcc Wbb Bcb";
        let answer = ask(&format!("play 4 simple\n{ko}")).unwrap();
        assert_eq!(answer["last"]["verdict"], "K.O.");
        assert_eq!(
            answer["captures"],
            serde_json::json!({"black": 1, "white": 0})
        );
        assert_eq!(answer["captured"], "Captured: black 1 · white 0");
        assert_eq!(answer["turns"]["W"], "Black C3. Move 8 · White to play");
        let retake = ask(&format!("play 4 simple\n{ko} Wbb")).unwrap();
        let record = "(;GM[1]SZ[4];B[ba];W[ca];B[ab];W[db];B[bc];W[cc];W[bb];B[cb];W[bb])";
        let terminal = native(&["--sgf"], record).unwrap_err();
        assert_eq!(retake["last"]["refused"], terminal.as_str());
        assert_eq!(retake["sgf"], record);
        assert_eq!(retake["last"]["verdict"], "K.O.");
        assert_eq!(
            retake["status"],
            format!("K.O., but refused: {terminal}").as_str()
        );
        // The position before the refused move is shown, with white to move
        // still, and the refused stone is not marked.
        assert_eq!(
            (retake["next"].as_str(), retake["marked"].is_null()),
            (Some("W"), true)
        );
        assert_eq!(retake["board"], answer["board"]);
        let suicide = ask("play 3 simple\nBba Bab Waa").unwrap();
        assert_eq!(suicide["last"]["verdict"], "Suicide");
        assert!(suicide["last"]["refused"]
            .as_str()
            .unwrap()
            .ends_with("suicide, which these rules forbid"));
        // Allowed under tromp-taylor, counted for the opponent.
        // (A lone stone's suicide repeats the position: superko refuses it.)
        let allowed = ask("play 3 tromp-taylor\nWaa Bba Bbb Bac Wab").unwrap();
        assert!(allowed["last"]["refused"].is_null());
        assert_eq!(allowed["last"]["verdict"], "Suicide");
        assert_eq!(
            allowed["captures"],
            serde_json::json!({"black": 2, "white": 0})
        );
        // An illegal entry before the last is an error at its place.
        assert_eq!(
            ask("play 3 simple\nBba Bab Waa Bcc").unwrap_err(),
            "line 2, column 9: entry 3 is refused: game 1, move 3 (W[aa]): suicide, which these rules forbid"
        );
    }

    #[test]
    fn play_says_every_entry_in_words() {
        let said = |entries: &str| {
            let answer = ask(&format!("play 9 simple\n{entries}")).unwrap();
            (
                answer["status"].as_str().unwrap().to_string(),
                answer["turns"]["B"].as_str().unwrap().to_string(),
            )
        };
        let empty = ask("play 9 simple\n").unwrap();
        assert_eq!(
            (empty["status"].as_str(), empty["opening"].as_str()),
            (Some("Empty board."), Some("Empty board: black to play."))
        );
        assert_eq!(empty["last"], Value::Null);
        assert_eq!(
            said("Bee"),
            (
                "Safe".to_string(),
                "Black E5. Move 1 · Black to play".to_string()
            )
        );
        assert_eq!(
            said("Bee,W-"),
            (
                "White passes.".to_string(),
                "Move 2 · Black to play".to_string()
            )
        );
        assert_eq!(said("bcc").0, "Setup: a black stone on C7.");
        assert_eq!(said("wcc ecc").0, "Setup: C7 emptied.");
        assert_eq!(
            said("Bzz").0,
            "Refused: game 1, move 1 (B[zz]): the point is off the board (9 columns, 9 rows)"
        );
        // `tt` is a pass up to 19x19, as in a record.
        assert_eq!(
            said("Btt"),
            (
                "Black passes.".to_string(),
                "Move 1 · Black to play".to_string()
            )
        );
        let answer = ask("play 9 simple\nBee Wed").unwrap();
        assert_eq!(
            (answer["next"].as_str(), answer["marked"].as_u64()),
            (Some("B"), Some(31))
        );
        let grid = &answer["grid"];
        assert_eq!(
            (grid["names"][0].as_str(), grid["letters"][31].as_str()),
            (Some("A9"), Some("ed"))
        );
        assert_eq!(
            (grid["columns"][8].as_str(), grid["rows"][0].as_str()),
            (Some("J"), Some("9"))
        );
        let items = strings(&answer["explain"]["items"]);
        assert_eq!(items, ["A black group of 1 stone (E5) next to it has 3 liberties (D5, F5, E4).", "With the stone down, its white group of 1 stone (E6) has 3 liberties (E7, D6, F6)."]);
        assert_eq!(answer["explain"]["heading"], "How it's solved: white E6 is put down; each black group next to it is searched for a liberty first (capture comes before suicide), then its own group.");
    }

    /// `search`'s steps as `(whose, scope, stones, liberties)`.
    fn steps(answer: &Value) -> Vec<Searched> {
        let numbers = |value: &Value| -> Vec<u64> {
            let values = value.as_array().unwrap();
            values.iter().map(|v| v.as_u64().unwrap()).collect()
        };
        let steps = answer["search"]["steps"].as_array().unwrap();
        steps
            .iter()
            .map(|step| {
                (
                    step["whose"].as_str().unwrap().to_string(),
                    step["scope"].as_str().unwrap().to_string(),
                    numbers(&step["stones"]),
                    numbers(&step["liberties"]),
                )
            })
            .collect()
    }

    type Searched = (String, String, Vec<u64>, Vec<u64>);

    fn step(whose: &str, scope: &str, stones: &[u64], liberties: &[u64]) -> Searched {
        (
            whose.to_string(),
            scope.to_string(),
            stones.to_vec(),
            liberties.to_vec(),
        )
    }

    /// The searches worked out by hand from the judge's order (sides right,
    /// left, below, above; a stone's sides above, right, below, left).
    #[test]
    fn search_is_the_judges_own_order_worked_out_by_hand() {
        // D6 (30) between four white stones: three have an empty point
        // above, the one below (39) is searched whole and captured; its
        // own group is not looked at.
        let input = ".........\n.........\n...O.....\n..O.O....\n..XOX....\n...X.....\n.........\n.........\n.........\n3 3 X\n";
        let answer = ask(&format!("position\n{input}")).unwrap();
        assert_eq!(
            steps(&answer),
            [
                step("opponent", "stone", &[31], &[22]),
                step("opponent", "stone", &[29], &[20]),
                step("opponent", "group", &[39], &[]),
                step("opponent", "stone", &[21], &[12]),
            ]
        );
        let search = &answer["search"];
        assert_eq!(
            (search["verdict"].as_str(), search["point"].as_u64()),
            (Some("K.O."), Some(30))
        );
        assert_eq!(search["colour"], "B");
        assert_eq!(
            search["steps"][2]["said"],
            "Step 3 of 4: the white group of 1 stone (D5) next to the stone is searched whole: no liberty, so it is captured."
        );
        assert_eq!(
            search["steps"][3]["said"],
            "Step 4 of 4: white D7 next to the stone has an empty point beside it (D8), so its group has a liberty: not searched further. Verdict: K.O. (a capture comes first: its own group is not searched)."
        );
        // A suicide in the corner, as a position and as a refused move.
        let answer = ask("position\n.O.\nOO.\n...\n0 0 X\n").unwrap();
        assert_eq!(
            steps(&answer),
            [
                step("opponent", "stone", &[1], &[2]),
                step("opponent", "stone", &[3], &[6]),
                step("own", "group", &[0], &[]),
            ]
        );
        assert_eq!(answer["search"]["verdict"], "Suicide");
        let suicide = ask("play 3 simple\nBba Bab Waa").unwrap();
        assert_eq!(
            steps(&suicide),
            [
                step("opponent", "stone", &[1], &[2]),
                step("opponent", "stone", &[3], &[4]),
                step("own", "group", &[0], &[]),
            ]
        );
        assert_eq!(suicide["search"]["verdict"], "Suicide");
        assert!(suicide["search"]["steps"][2]["said"]
            .as_str()
            .unwrap()
            .ends_with("is searched whole: no liberty. Verdict: Suicide."));
        // A pass has no search; a board too large to draw has none either.
        assert!(ask("play 3 simple\nBba B-").unwrap()["search"].is_null());
        let wide = format!("{}\n0 0 X\n", ".".repeat(30));
        assert!(ask(&format!("position\n{wide}")).unwrap()["search"].is_null());
    }

    #[test]
    fn bad_requests_are_refused() {
        assert!(ask("play 26 simple\n")
            .unwrap_err()
            .contains("from 1 to 25"));
        assert!(ask("play 9 japanese\n")
            .unwrap_err()
            .contains("simple, tromp-taylor or nz"));
        assert_eq!(ask("play 9 simple\nBee,\n Bd").unwrap_err(), "line 3, column 2: entry 2: expected a move (Bdd, Wdd), a pass (B-, W-) or setup (bdd, wdd, edd) on the 9x9 board, found \"Bd\"");
        assert!(ask("play 9 simple\nbzz").unwrap_err().contains("entry 1"));
        assert!(ask("hello\n").unwrap_err().contains("first line"));
        assert!(ask("sgf simple game 0\n(;)")
            .unwrap_err()
            .contains("from 1"));
        assert!(ask("sgf simple game 2\n(;)")
            .unwrap_err()
            .contains("there is no game 2"));
    }

    /// Seeded random games played entry by entry: every answer's verdict is
    /// the binary's on the position before the stone (written as its input),
    /// its board is the `--sgf` replay's, and the explanation agrees with
    /// the verdict (an enemy group without liberty is K.O., else an own
    /// group without one is Suicide).
    #[test]
    fn random_games_agree_with_the_binary() {
        let mut seed: u64 = 51;
        let mut next = move |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            usize::try_from(seed % n as u64).unwrap()
        };
        for round in 0..150 {
            let size = 2 + next(5);
            let rules = ["simple", "tromp-taylor", "nz"][round % 3];
            let mut entries: Vec<String> = Vec::new();
            let mut board = ".".repeat(size * size);
            for _ in 0..40 {
                let colour = if next(2) == 0 { 'B' } else { 'W' };
                let (row, col) = (next(size), next(size));
                let letters = go_ko::sgf_letters(row, col).unwrap();
                let entry = match next(10) {
                    0 => format!("{colour}-"),
                    1 => format!("{}{letters}", colour.to_ascii_lowercase()),
                    _ => format!("{colour}{letters}"),
                };
                let request = format!("play {size} {rules}\n{} {entry}", entries.join(" "));
                let answer = ask(&request).unwrap();
                let is_stone = entry.len() == 3 && entry.as_bytes()[0].is_ascii_uppercase();
                if is_stone && board.as_bytes()[row * size + col] == b'.' {
                    let rows: Vec<&str> = (0..size)
                        .map(|r| &board[r * size..(r + 1) * size])
                        .collect();
                    let symbol = if colour == 'B' { 'X' } else { 'O' };
                    let input = format!("{}\n{row} {col} {symbol}\n", rows.join("\n"));
                    let verdict = native(&[], &input).unwrap();
                    assert_eq!(
                        answer["last"]["verdict"],
                        verdict.trim(),
                        "{request}\n{answer}"
                    );
                    assert_eq!(answer["search"]["verdict"], verdict.trim(), "{request}");
                    let explain = &answer["explain"];
                    let dead = |group: &Value| group["liberties"].as_array().unwrap().is_empty();
                    let captured = explain["enemies"].as_array().unwrap().iter().any(dead);
                    let expected = match (captured, dead(&explain["own"])) {
                        (true, _) => "K.O.",
                        (false, true) => "Suicide",
                        (false, false) => "Safe",
                    };
                    assert_eq!(verdict.trim(), expected, "{request}\n{answer}");
                }
                if answer["last"]["refused"].is_null() {
                    entries.push(entry);
                    let record = answer["sgf"].as_str().unwrap();
                    let replayed = native(&["--sgf", "--rules", rules], record).unwrap();
                    let replayed: String = replayed.lines().skip(1).collect();
                    board = answer["board"].as_str().unwrap().to_string();
                    assert_eq!(board, replayed, "{request}");
                }
            }
        }
    }

    #[test]
    fn sgf_nodes_rebuild_every_position_of_the_replay() {
        // Each node's changes, applied in turn, give the board `--sgf`
        // prints for the record cut after that node.
        let nodes = [
            "GM[1]SZ[5]AB[aa:bb]C[start \\] here]",
            "B[cc]",
            "W[ac]",
            "AE[aa]W[dd]",
            "B[]",
            "W[ea]C[end]",
        ];
        let record = format!("(;{})", nodes.join(";"));
        let answer = ask(&format!("sgf simple\n{record}")).unwrap();
        let line = "game 1: 5 moves, black captured 0, white captured 0";
        assert_eq!(strings(&answer["games"]), [line]);
        assert_eq!(
            answer["ending"],
            serde_json::json!({"said": line, "error": false})
        );
        let described = answer["nodes"].as_array().unwrap();
        assert_eq!(described[0]["comment"], "start ] here");
        let said: Vec<&str> = described
            .iter()
            .map(|node| node["said"].as_str().unwrap())
            .collect();
        assert_eq!(
            said,
            [
                "Setup.",
                "Black C3.",
                "White A3.",
                "White D2.",
                "Black passes.",
                "White E5."
            ]
        );
        assert_eq!(described[1]["turn"], "Last move: Black C3.");
        assert_eq!(described[1]["step"], "Move 1 · node 2 of 6");
        assert_eq!(described[1]["value"], "node 2 of 6, move 1");
        let mut board = ['.'; 25];
        for (cut, node) in (1..).zip(described) {
            for change in node["changes"].as_array().unwrap() {
                let point = usize::try_from(change[0].as_u64().unwrap()).unwrap();
                board[point] = change[1].as_str().unwrap().chars().next().unwrap();
            }
            let cut_record = format!("(;{})", nodes[..cut].join(";"));
            let native_board: String = native(&["--sgf"], &cut_record)
                .unwrap()
                .lines()
                .skip(1)
                .collect();
            assert_eq!(
                board.iter().collect::<String>(),
                native_board,
                "after node {cut}"
            );
        }
    }

    #[test]
    fn sgf_errors_and_keep_going_are_the_terminals() {
        let record = "(;SZ[3];B[aa];W[aa])(;SZ[3];B[bb])";
        let answer = ask(&format!("sgf simple\n{record}")).unwrap();
        let error = format!("error: {}", native(&["--sgf"], record).unwrap_err());
        assert_eq!(answer["error"], error.as_str());
        assert_eq!(
            answer["ending"],
            serde_json::json!({"said": error, "error": true})
        );
        let illegal = "game 1, move 2 (W[aa]): the point is occupied";
        assert_eq!(answer["nodes"][2]["illegal"], illegal);
        let kept = ask(&format!("sgf simple keep-going game 2\n{record}")).unwrap();
        let output = native(&["--sgf", "--keep-going"], record).unwrap();
        let lines: Vec<&str> = output
            .lines()
            .filter(|line| line.starts_with("game "))
            .collect();
        assert_eq!(strings(&kept["games"]), lines);
        assert_eq!(strings(&kept["choices"]), lines);
        assert_eq!(kept["final"], "....X....");
        let malformed = ask("sgf simple\n(;B[aa]").unwrap();
        let error = format!("error: {}", native(&["--sgf"], "(;B[aa]").unwrap_err());
        assert_eq!(malformed["error"], error.as_str());
        // After an error the games begun are listed by number.
        let broken = ask("sgf simple\n(;B[aa])(;B[bb])(;B[").unwrap();
        assert_eq!(strings(&broken["choices"]), ["game 1", "game 2", "game 3"]);
    }
}
