//! The Go page's requests (`go.html`): a board played stone by stone, a
//! judge's position, and SGF records replayed move by move. Every rule,
//! verdict, refusal and point name is the `go-ko` crate's; this module
//! reads the requests and puts go-ko's facts, and the page's sentences about
//! them, into the answer.
//!
//! # Request
//!
//! The first line says what is asked; the rest is its input.
//!
//! - `play SIZE RULES`, then entries separated by white space or commas: a
//!   move `Bdd` or `Wdd` (colour, then the point's SGF letters, column then
//!   row), a pass `B-` or `W-`, a setup stone `bdd` or `wdd` (`AB`, `AW`),
//!   an emptied point `edd` (`AE`). SIZE is 1 to [`MAX_PLAY_SIZE`], RULES
//!   `simple`, `tromp-taylor` or `nz` (as `--rules`). Each entry is played
//!   on a [`go_ko::Game`] as the node of an SGF record (`B[dd]`, `AB[cc]`)
//!   would be, so a refusal is go-ko's [`go_ko::IllegalMove`], worded as
//!   `go-ko --sgf` words it for that record. Only the last entry may be
//!   refused ([`crate::engine::replay`]): the answer then shows the position
//!   before it.
//! - `position`, then `go-ko`'s own input (the rows, then `x y c`): read by
//!   [`go_ko::parse`], judged by [`go_ko::solve`], written by
//!   [`go_ko::render`] as `go-ko --show` writes it. Its line numbers in an
//!   error are the input's own, as the binary's.
//! - `sgf RULES [keep-going] [game K]`, then an SGF collection: replayed by
//!   [`go_ko::replay_observed`] with `--sgf`'s options, following game K
//!   (1 when absent) node by node.
//!
//! # Answer
//!
//! One JSON object on one line. Boards are strings of `.`, `X` (black) and
//! `O` (white), row after row from the top; a point is its index,
//! `row * cols + col`. A drawn board (up to [`MAX_DRAWN`] rows and columns)
//! comes with its `grid`: `{"columns", "rows"` (the edge labels, `A` to
//! `Z` without `I`, and the rows counted from the bottom), `"names"` (each
//! point's name, `D4`), `"letters"` (each point's SGF letters)`}`.
//!
//! - `play`: `{"mode": "play", "rows", "cols", "board", "captures": {"black",
//!   "white"}, "moves", "next"` (`"B"` or `"W"`: the colour after the last
//!   move's, black at the start), `"last"` (the last entry: `{"entry",
//!   "colour", "point"` (null for a pass or setup), `"verdict"` (the plain
//!   judge's `K.O.`, `Suicide` or `Safe` for that stone on the position
//!   before it, as `go-ko` prints it: [`go_ko::Game::judge`]; null for a pass,
//!   setup or occupied point), `"refused"` (null, or the `--sgf` line of the
//!   refusal)`}` or null), `"explain"` (below, for the last stone),
//!   `"sgf"` (the record played), `"status"` (the status line),
//!   `"opening"` (the status line when the page opens on this answer),
//!   `"turns"` (`{"B", "W"}`: the turn line when that colour plays next),
//!   `"captured"` (the captures line), `"marked"` (the last move's point, or
//!   null), `"grid"}`.
//! - `position`: `{"mode": "position", "rows", "cols", "move": {"row",
//!   "col", "colour"}, "verdict", "output"` (exactly `go-ko --show`'s output,
//!   null for a board over [`MAX_SHOWN`] points), `"before"` (the board
//!   before the move, null over [`MAX_DRAWN`] rows or columns), `"explain"`,
//!   `"text"` (what the page shows as text: the output, or the verdict and
//!   why the board is not shown), `"turn"` (the move in words), `"point"`
//!   (the move's point), `"after"` (the board after the move, null when
//!   `before` is), `"grid"}`.
//! - `sgf`: `{"mode": "sgf", "games"` (each game's line as `--sgf` prints
//!   it: `game K: ...`, or with keep-going its illegal move's line),
//!   `"started"` (the games begun, more than `games` after an error),
//!   `"error"` (null, or the `error: ...` line the terminal prints instead
//!   of any output), `"game"` (K), `"rows", "cols", "nodes"` (game K's main
//!   line: `[{"changes": [[point, "X"|"O"|"."], ...], "move": {"colour",
//!   "point"} or null, "captures": [black, white], "moves", "comment",
//!   "illegal", "said"` (the node in words), `"turn"` (the last move's
//!   line), `"step"` (where the node stands in the game), `"value"` (the
//!   same for the slider), `"captured"}]`, at most [`MAX_NODES`]),
//!   `"truncated"` (whether game K has more nodes than that), `"final"`
//!   (game K's final board as `--sgf` prints it, when it printed one),
//!   `"choices"` (the game list's names, one per game begun), `"ending"`
//!   (`{"said", "error"}`: the status line at the last node, and whether it
//!   is an error), `"grid"}`.
//! - `explain`: how the judge decides on the stone ([`go_ko::groups`]),
//!   `{"stone", "colour", "own": {"stones", "liberties"}, "enemies":
//!   [{"stones", "liberties"}], "heading", "items"}`: the group the stone
//!   joins once down and its liberties, then each opponent group next to it
//!   and its liberties (none: captured, `K.O.`), then the same in words;
//!   null for a board over [`MAX_DRAWN`] rows or columns.
//!
//! # Approach and costs
//!
//! A game is replayed whole at every request, linear in its length plus a
//! board copy per move (to judge the stone and to report the changes): a
//! 400-move 19x19 game is about 150,000 point copies.

use go_ko::{Board, Follow, FollowedNode, Game, GameReport, Group, Groups, IllegalMove};
use go_ko::{Position, Rules, SgfOptions, Stone, Verdict};
use judge_io::{Error, Input, Pos};

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
/// moves fits four times over, and the answer stays under a few MB (each
/// node is a hundred bytes or so plus its changes); a longer game is still
/// replayed whole and its line and final board given, but stepped through
/// only that far.
pub const MAX_NODES: usize = 10_000;

/// The Go page's engine, in one of its three modes.
#[derive(Debug)]
pub enum Go {
    /// A board played entry by entry (boxed: a game is most of the engine).
    Play(Box<Play>),
    /// `go-ko`'s input: a setup that takes no entries.
    Position(Position),
    /// An SGF collection (with `--sgf`'s options, never `summary`) and the
    /// game followed, from 1: a setup that takes no entries.
    Sgf(SgfOptions, u64, Vec<u8>),
}

/// A board played entry by entry, and what the last entry did.
#[derive(Debug)]
pub struct Play {
    game: Game,
    size: usize,
    /// The entries as an SGF record, without its closing `)`.
    record: String,
    next: Stone,
    last: Option<Last>,
}

/// One entry as written (`Bdd`, `W-`, `bdd`, `edd`), and what it does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    text: String,
    kind: Kind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// A stone played on the letters' point, or a pass without letters.
    Move(Stone, Option<[u8; 2]>),
    /// A setup stone put on (row, col), or the point emptied.
    Setup(Option<Stone>, usize, usize),
}

/// The last entry of a play request.
#[derive(Debug)]
struct Last {
    entry: Entry,
    /// Its point, when it names one on the board.
    point: Option<usize>,
    /// The plain judge on a stone played on the board, and its groups.
    judged: Option<(Verdict, Groups)>,
    refused: Option<IllegalMove>,
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
        let (head, rest) = match end {
            Some(end) => (&request[..end], &request[end + 1..]),
            None => (request, &request[request.len()..]),
        };
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
            Go::Play(play) => play.enter(entry),
            _ => Err(Refusal::Wrong("this request takes no entries".to_string())),
        }
    }

    fn ask_word(ask: &NoAsk) -> &'static str {
        match *ask {}
    }

    fn describe(&mut self, _: Option<&NoAsk>, out: &mut Object) -> Result<(), Error> {
        match self {
            Go::Play(play) => play.describe(out),
            Go::Position(position) => describe_position(position, out),
            Go::Sgf(options, game, record) => return describe_sgf(options, *game, record, out),
        }
        Ok(())
    }
}

fn rules_named(name: &str) -> Result<Rules, Error> {
    match name {
        "simple" => Ok(Rules::SimpleKo),
        "tromp-taylor" => Ok(Rules::TrompTaylor),
        "nz" => Ok(Rules::NewZealand),
        other => Err(Error::input(format!(
            "the rules are simple, tromp-taylor or nz, found {other:?}"
        ))),
    }
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
    let text = String::from_utf8_lossy(rest);
    let mut steps = Vec::new();
    let (mut line, mut column, mut start) = (2, 1, None);
    for (index, c) in text.char_indices().chain([(text.len(), ',')]) {
        if c.is_whitespace() || c == ',' {
            if let Some((from, at)) = start.take() {
                let entry = read_entry(&text[from..index], steps.len() + 1, size, at)?;
                steps.push((Step::Entry(entry), at));
            }
        } else if start.is_none() {
            let token = 0;
            start = Some((
                index,
                Pos {
                    line,
                    column,
                    token,
                },
            ));
        }
        (line, column) = match c {
            '\n' => (line + 1, 1),
            _ => (line, column + c.len_utf8() as u64),
        };
    }
    let play = Play {
        game: Game::new(size, size, rules),
        size,
        record: format!("(;GM[1]SZ[{size}]"),
        next: Stone::Black,
        last: None,
    };
    Ok(Script {
        game: Go::Play(Box::new(play)),
        steps,
    })
}

/// Entry `number`: a move off the board is go-ko's to refuse, in its words;
/// a setup point must be on it.
fn read_entry(text: &str, number: usize, size: usize, at: Pos) -> Result<Entry, Error> {
    let stone = |letter: u8| match letter.to_ascii_uppercase() {
        b'B' => Stone::Black,
        _ => Stone::White,
    };
    let on_board = |letter: u8| letter.is_ascii_lowercase() && usize::from(letter - b'a') < size;
    let kind = match *text.as_bytes() {
        [colour @ (b'B' | b'W'), b'-'] => Some(Kind::Move(stone(colour), None)),
        [colour @ (b'B' | b'W'), col, row] => {
            go_ko::sgf_point([col, row]).map(|_| Kind::Move(stone(colour), Some([col, row])))
        }
        [kind @ (b'b' | b'w' | b'e'), col, row] if on_board(col) && on_board(row) => {
            go_ko::sgf_point([col, row])
                .map(|(row, col)| Kind::Setup((kind != b'e').then(|| stone(kind)), row, col))
        }
        _ => None,
    };
    match kind {
        Some(kind) => Ok(Entry {
            text: text.to_string(),
            kind,
        }),
        None => Err(Error::at(at, format!(
            "entry {number}: expected a move (Bdd, Wdd), a pass (B-, W-) or setup (bdd, wdd, edd) on the {size}x{size} board, found {text:?}"
        ))),
    }
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
    Ok(Go::Sgf(options, game, record.to_vec()))
}

// ---------------------------------------------------------------- play

impl Play {
    /// Plays the entry as its SGF node would be: setup ends a ko, and a
    /// refused move leaves the game as it was.
    fn enter(&mut self, entry: Entry) -> Result<(), Refusal> {
        let size = self.size;
        let (property, value) = match (entry.kind, &entry.text[1..]) {
            (Kind::Move(Stone::Black, _), "-") => ("B", ""),
            (Kind::Move(Stone::White, _), "-") => ("W", ""),
            (Kind::Move(Stone::Black, _), value) => ("B", value),
            (Kind::Move(Stone::White, _), value) => ("W", value),
            (Kind::Setup(Some(Stone::Black), ..), value) => ("AB", value),
            (Kind::Setup(Some(Stone::White), ..), value) => ("AW", value),
            (Kind::Setup(None, ..), value) => ("AE", value),
        };
        self.record.push_str(&format!(";{property}[{value}]"));
        let mut last = Last {
            entry: entry.clone(),
            point: None,
            judged: None,
            refused: None,
        };
        let result = match entry.kind {
            Kind::Setup(stone, row, col) => {
                last.point = Some(row * size + col);
                self.game.setup(row, col, stone);
                Ok(())
            }
            Kind::Move(stone, letters) => {
                last.point = letters
                    .and_then(go_ko::sgf_point)
                    .filter(|&(row, col)| row < size && col < size)
                    .map(|(row, col)| row * size + col);
                let target = go_ko::sgf_move(letters, size, size);
                last.judged = target.and_then(|(row, col)| {
                    let verdict = self.game.judge(row, col, stone)?;
                    Some((verdict, self.game.groups(row, col, stone)?))
                });
                let move_number = self.game.moves() + 1;
                match self.game.play(target, stone) {
                    Ok(()) => {
                        self.next = stone.opponent();
                        Ok(())
                    }
                    Err(why) => {
                        let letters = entry.text[1..].to_string();
                        let (rows, cols, game) = (size, size, 1);
                        let illegal = IllegalMove {
                            game,
                            move_number,
                            stone,
                            letters,
                            why,
                            rows,
                            cols,
                        };
                        let reason = illegal.to_string();
                        last.refused = Some(illegal);
                        Err(Refusal::Stands(reason))
                    }
                }
            }
        };
        self.last = Some(last);
        result
    }

    fn describe(&self, out: &mut Object) {
        let (game, size) = (&self.game, self.size);
        let name = |point: usize| point_name(point, size, size);
        let (black, white) = (
            game.captured_by(Stone::Black),
            game.captured_by(Stone::White),
        );
        let last = self.last.as_ref();
        let is_move = |last: &&Last| matches!(last.entry.kind, Kind::Move(..));
        let colour = last.map(|last| match last.entry.kind {
            Kind::Move(stone, _) | Kind::Setup(Some(stone), ..) => Some(letter(stone)),
            Kind::Setup(None, ..) => None,
        });
        let last_json = last.map(|last| {
            Object::new()
                .with("entry", &last.entry.text)
                .with("colour", colour.flatten())
                .with("point", last.point)
                .with("verdict", last.judged.as_ref().map(|j| j.0.to_string()))
                .with("refused", last.refused.as_ref().map(ToString::to_string))
        });
        let explain = last.and_then(|last| {
            let (_, groups) = last.judged.as_ref()?;
            let stone = match last.entry.kind {
                Kind::Move(stone, _) => stone,
                Kind::Setup(..) => return None,
            };
            Some(explain(groups, last.point?, stone, size, size))
        });
        let status = match last {
            None => "Empty board.".to_string(),
            Some(last) => play_status(last, &name),
        };
        let opening = match last {
            None => "Empty board: black to play.".to_string(),
            Some(_) => status.clone(),
        };
        let note = match last.and_then(|last| Some((last.entry.kind, last.point?))) {
            Some((Kind::Move(stone, _), point)) => {
                format!("{} {}. ", colour_word(stone), name(point))
            }
            _ => String::new(),
        };
        let turn = |stone: Stone| {
            let who = colour_word(stone);
            format!("{note}Move {} · {who} to play", game.moves())
        };
        let marked = last
            .filter(is_move)
            .filter(|last| last.refused.is_none())
            .and_then(|last| last.point);
        out.field("mode", "play")
            .field("rows", size)
            .field("cols", size)
            .field("board", board_text(game.board()))
            .field(
                "captures",
                Object::new().with("black", black).with("white", white),
            )
            .field("moves", game.moves())
            .field("next", letter(self.next))
            .field("last", last_json)
            .field("explain", explain)
            .field("sgf", format!("{})", self.record))
            .field("status", status)
            .field("opening", opening)
            .field(
                "turns",
                Object::new()
                    .with("B", turn(Stone::Black))
                    .with("W", turn(Stone::White)),
            )
            .field("captured", captured(black, white))
            .field("marked", marked)
            .field("grid", grid(size, size));
    }
}

/// The status line after the last entry.
fn play_status(last: &Last, name: &dyn Fn(usize) -> String) -> String {
    let verdict = last.judged.as_ref().map(|(verdict, _)| verdict);
    let at = last.point.map_or(String::new(), name);
    match (&last.refused, verdict, last.entry.kind) {
        (Some(refused), Some(verdict), _) => format!("{verdict}, but refused: {refused}"),
        (Some(refused), None, _) => format!("Refused: {refused}"),
        (None, Some(verdict), _) => verdict.to_string(),
        (None, None, Kind::Move(stone, _)) => format!("{} passes.", colour_word(stone)),
        (None, None, Kind::Setup(None, ..)) => format!("Setup: {at} emptied."),
        (None, None, Kind::Setup(Some(stone), ..)) => {
            let colour = colour_word(stone).to_lowercase();
            format!("Setup: a {colour} stone on {at}.")
        }
    }
}

// ------------------------------------------------------------ position

fn describe_position(position: &Position, out: &mut Object) {
    let (rows, cols) = (position.board.rows(), position.board.cols());
    let mv = position.mv;
    let point = mv.row * cols + mv.col;
    let drawn = rows <= MAX_DRAWN && cols <= MAX_DRAWN;
    let before = drawn.then(|| board_text(&position.board));
    let explained = drawn.then(|| explain(&go_ko::groups(position), point, mv.stone, rows, cols));
    let outcome = go_ko::solve(position.clone());
    let verdict = outcome.verdict.to_string();
    let after = drawn.then(|| board_text(&outcome.board));
    let output = (rows.saturating_mul(cols) <= MAX_SHOWN).then(|| go_ko::render(outcome, true));
    let text = output.clone().unwrap_or_else(|| {
        format!("{verdict}\n(the board after, {rows}×{cols}, is too large to show)")
    });
    let named = match drawn {
        true => format!(" ({})", point_name(point, rows, cols)),
        false => String::new(),
    };
    let turn = format!(
        "{} on row {}, column {}{named}",
        colour_word(mv.stone),
        mv.row,
        mv.col
    );
    let moved = Object::new()
        .with("row", mv.row)
        .with("col", mv.col)
        .with("colour", letter(mv.stone));
    out.field("mode", "position")
        .field("rows", rows)
        .field("cols", cols)
        .field("move", moved)
        .field("verdict", verdict)
        .field("output", output)
        .field("before", before)
        .field("explain", explained)
        .field("text", text)
        .field("turn", turn)
        .field("point", point)
        .field("after", after)
        .field("grid", drawn.then(|| grid(rows, cols)));
}

// ------------------------------------------------------------- explain

/// The judge's search for `stone` put on `point` (see the module docs).
fn explain(groups: &Groups, point: usize, stone: Stone, rows: usize, cols: usize) -> Object {
    let group = |group: &Group| {
        Object::new()
            .with("stones", &group.stones)
            .with("liberties", &group.liberties)
    };
    let names = |points: &[usize]| -> String {
        let names: Vec<String> = points.iter().map(|&p| point_name(p, rows, cols)).collect();
        names.join(", ")
    };
    let stones = |n: usize| match n {
        1 => "1 stone".to_string(),
        n => format!("{n} stones"),
    };
    let liberties = |points: &[usize]| match points.len() {
        0 => "no liberty".to_string(),
        1 => format!("1 liberty ({})", names(points)),
        n => format!("{n} liberties ({})", names(points)),
    };
    let colour = colour_word(stone).to_lowercase();
    let enemy = colour_word(stone.opponent()).to_lowercase();
    let mut items: Vec<String> = groups
        .enemies
        .iter()
        .map(|group| {
            let captured = if group.liberties.is_empty() {
                ": captured (K.O.)"
            } else {
                ""
            };
            format!(
                "A {enemy} group of {} ({}) next to it has {}{captured}.",
                stones(group.stones.len()),
                names(&group.stones),
                liberties(&group.liberties)
            )
        })
        .collect();
    if groups.enemies.is_empty() {
        items.push(format!("No {enemy} group touches it."));
    }
    let own = &groups.own;
    let dead = if own.liberties.is_empty() {
        ": Suicide, unless it captures"
    } else {
        ""
    };
    items.push(format!(
        "With the stone down, its {colour} group of {} ({}) has {}{dead}.",
        stones(own.stones.len()),
        names(&own.stones),
        liberties(&own.liberties)
    ));
    let heading = format!(
        "How it's solved: {colour} {} is put down; each {enemy} group next to it is searched for a liberty first (capture comes before suicide), then its own group.",
        point_name(point, rows, cols)
    );
    let enemies: Vec<Object> = groups.enemies.iter().map(group).collect();
    Object::new()
        .with("stone", point)
        .with("colour", letter(stone))
        .with("own", group(own))
        .with("enemies", enemies)
        .with("heading", heading)
        .with("items", items)
}

// ----------------------------------------------------------------- sgf

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

fn describe_sgf(
    options: &SgfOptions,
    number: u64,
    record: &[u8],
    out: &mut Object,
) -> Result<(), Error> {
    let mut viewer = Follow::new(number, MAX_NODES);
    let replayed = go_ko::replay_observed(&mut Input::new(record), options, &mut viewer);
    let (reports, error) = match replayed {
        Ok(reports) => (reports, None),
        Err(error) => (Vec::new(), Some(format!("error: {error}"))),
    };
    let games: Vec<String> = reports.iter().map(ToString::to_string).collect();
    if error.is_none() && number > games.len() as u64 {
        return Err(Error::input(format!(
            "the record holds {} games, there is no game {number}",
            games.len()
        )));
    }
    let followed = usize::try_from(number - 1)
        .ok()
        .and_then(|k| reports.get(k));
    let final_board = match followed {
        Some(GameReport::Finished(finished)) => finished.board.as_ref().map(board_text),
        _ => None,
    };
    let line = followed.map(ToString::to_string);
    let count = viewer.started.max(games.len() as u64);
    let choices: Vec<String> = (1..=count)
        .map(|k| {
            let named = usize::try_from(k - 1).ok().and_then(|k| games.get(k));
            named.cloned().unwrap_or_else(|| format!("game {k}"))
        })
        .collect();
    let Follow {
        rows, cols, nodes, ..
    } = &viewer;
    let (rows, cols) = (*rows, *cols);
    let drawn = rows <= MAX_DRAWN && cols <= MAX_DRAWN;
    let ending = match nodes.last() {
        None => (
            error.clone().unwrap_or_else(|| "(no node)".to_string()),
            error.is_some(),
        ),
        Some(node) => match (&error, &line) {
            (Some(error), _) if node.illegal.is_some() || line.is_none() => (error.clone(), true),
            _ => (line.clone().unwrap_or_default(), node.illegal.is_some()),
        },
    };
    let note = match viewer.truncated {
        true => format!(
            " (the viewer stops at {} nodes; the line below is the whole game's)",
            nodes.len()
        ),
        false => String::new(),
    };
    let described: Vec<Object> = nodes
        .iter()
        .enumerate()
        .map(|(index, node)| {
            let said = node_said(node, rows, cols, drawn);
            let turn = match node.mv {
                Some(_) => format!("Last move: {said}"),
                None => String::new(),
            };
            let (step, of) = (index + 1, nodes.len());
            let move_json = node.mv.map(|(stone, point)| {
                Object::new()
                    .with("colour", letter(stone))
                    .with("point", point)
            });
            let changes: Vec<Change> = node.changes.iter().map(|&(p, s)| Change(p, s)).collect();
            let captures = [node.captured_by_black, node.captured_by_white];
            let illegal = node.illegal.as_ref().map(ToString::to_string);
            Object::new()
                .with("changes", changes)
                .with("move", move_json)
                .with("captures", captures)
                .with("moves", node.moves)
                .with("comment", &node.comment)
                .with("illegal", illegal)
                .with("said", said)
                .with("turn", turn)
                .with(
                    "step",
                    format!("Move {} · node {step} of {of}{note}", node.moves),
                )
                .with("value", format!("node {step} of {of}, move {}", node.moves))
                .with("captured", captured(captures[0], captures[1]))
        })
        .collect();
    out.field("mode", "sgf")
        .field("games", &games)
        .field("started", viewer.started)
        .field("error", &error)
        .field("game", number)
        .field("rows", rows)
        .field("cols", cols)
        .field("nodes", described)
        .field("truncated", viewer.truncated)
        .field("final", final_board)
        .field("choices", choices)
        .field(
            "ending",
            Object::new().with("said", ending.0).with("error", ending.1),
        )
        .field("grid", (drawn && rows > 0).then(|| grid(rows, cols)));
    Ok(())
}

/// A node in words: its move (`Black D4.`), or `Setup.`.
fn node_said(node: &FollowedNode, rows: usize, cols: usize, drawn: bool) -> String {
    match node.mv {
        None if node.changes.is_empty() => String::new(),
        None => "Setup.".to_string(),
        Some((stone, None)) => format!("{} passes.", colour_word(stone)),
        Some((stone, Some(point))) if drawn => {
            format!("{} {}.", colour_word(stone), point_name(point, rows, cols))
        }
        Some((stone, Some(point))) => format!("{} at {point}.", colour_word(stone)),
    }
}

// --------------------------------------------------------------- names

/// What the page needs to draw a board of `rows` x `cols` (see the module
/// docs): edge labels, and each point's name and SGF letters.
fn grid(rows: usize, cols: usize) -> Object {
    let points = 0..rows * cols;
    let columns: Vec<String> = (0..cols)
        .map(|col| {
            go_ko::column_name(col)
                .map(String::from)
                .unwrap_or_default()
        })
        .collect();
    let row_labels: Vec<String> = (0..rows).map(|row| (rows - row).to_string()).collect();
    let names: Vec<String> = points.clone().map(|p| point_name(p, rows, cols)).collect();
    let letters: Vec<String> = points
        .map(|p| go_ko::sgf_letters(p / cols, p % cols).unwrap_or_default())
        .collect();
    Object::new()
        .with("columns", columns)
        .with("rows", row_labels)
        .with("names", names)
        .with("letters", letters)
}

/// Go's name of `point` (`D4`), on a board the page draws.
fn point_name(point: usize, rows: usize, cols: usize) -> String {
    go_ko::point_name(point / cols, point % cols, rows).unwrap_or_default()
}

fn colour_word(stone: Stone) -> &'static str {
    match stone {
        Stone::Black => "Black",
        Stone::White => "White",
    }
}

fn letter(stone: Stone) -> &'static str {
    match stone {
        Stone::Black => "B",
        Stone::White => "W",
    }
}

fn captured(black: u64, white: u64) -> String {
    format!("Captured: black {black} · white {white}")
}

/// A board as one string of `.`, `X` and `O`, row after row.
fn board_text(board: &Board) -> String {
    let mut text = String::with_capacity(board.rows() * board.cols());
    for row in 0..board.rows() {
        for col in 0..board.cols() {
            text.push(board.stone(row, col).map_or('.', Stone::symbol));
        }
    }
    text
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
