//! The Go page's requests (`go.html`): a board played stone by stone, a
//! judge's position, and SGF records replayed move by move, all answered by
//! the `go-ko` crate.
//!
//! # Request
//!
//! The first line says what is asked; the rest is its input.
//!
//! - `play SIZE RULES`, then entries separated by white space or commas: a
//!   move `Bdd` or `Wdd` (colour, then the point's SGF letters, column then
//!   row), a pass `B-` or `W-`, a setup stone `bdd` or `wdd` (`AB`, `AW`),
//!   an emptied point `edd` (`AE`). SIZE is 1 to [`MAX_PLAY_SIZE`], RULES
//!   `simple`, `tromp-taylor` or `nz` (as `--rules`). The entries become
//!   one SGF record, one node per entry (`(;GM[1]SZ[9];AB[cc];B[dd];W[])`),
//!   which go-ko's own replay ([`go_ko::replay_observed`]) plays under the
//!   rules: so a refusal is worded exactly as `go-ko --sgf` words it for
//!   that record, and setup ends a ko as in a record. Only the last entry
//!   may be refused: the answer then shows the position before it.
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
//! `row * cols + col`.
//!
//! - `play`: `{"mode": "play", "rows", "cols", "board", "captures": {"black",
//!   "white"}, "moves", "next"` (`"B"` or `"W"`: the colour after the last
//!   move's, black at the start), `"last"` (the last entry: `{"entry",
//!   "colour", "point"` (null for a pass or setup), `"verdict"` (the plain
//!   judge's `K.O.`, `Suicide` or `Safe` for that stone on the position
//!   before it, as `go-ko` prints it: [`go_ko::Game::judge`]; null for a pass,
//!   setup or occupied point), `"refused"` (null, or the `--sgf` line of the
//!   refusal)`}` or null), `"explain"` (below, for the last stone),
//!   `"sgf"` (the record played)`}`.
//! - `position`: `{"mode": "position", "rows", "cols", "move": {"row",
//!   "col", "colour"}, "verdict", "output"` (exactly `go-ko --show`'s output,
//!   null for a board over [`MAX_SHOWN`] points), `"before"` (the board
//!   before the move, null over [`MAX_DRAWN`] rows or columns), `"explain"}`.
//! - `sgf`: `{"mode": "sgf", "games"` (each game's line as `--sgf` prints
//!   it: `game K: ...`, or with keep-going its illegal move's line),
//!   `"error"` (null, or the `error: ...` line the terminal prints instead
//!   of any output), `"game"` (K), `"rows", "cols", "nodes"` (game K's main
//!   line: `[{"changes": [[point, "X"|"O"|"."], ...], "move": {"colour",
//!   "point"} or null, "captures": [black, white], "moves", "comment",
//!   "illegal"}]`, at most [`MAX_NODES`]), `"truncated"` (whether game K
//!   has more nodes than that), `"final"` (game K's final board as `--sgf`
//!   prints it, when it printed one)`}`.
//! - `explain`: how the judge decides on the stone, `{"stone", "colour",
//!   "own": {"stones", "liberties"}, "enemies": [{"stones", "liberties"}]}`:
//!   the group the stone joins once down and its liberties, then each
//!   opponent group next to it and its liberties (none: captured, `K.O.`);
//!   null for a board over [`MAX_DRAWN`] rows or columns.
//!
//! # Approach and costs
//!
//! Every rule is go-ko's: the moves go through its SGF replay and
//! [`go_ko::Game`], the verdicts through its `solve`. A game is replayed
//! whole at every request, linear in its length plus a board copy per move
//! (to judge the stone and to report the changes): a 400-move 19x19 game is
//! about 150,000 point copies. The explanation's flood fills are a plain
//! breadth-first search over a copy of the board, linear in the board.

use std::fmt::Write as _;
use std::io::Read;

use go_ko::{Board, Game, NodeReport, Observer, Rules, SgfOptions, Stone};
use judge_io::{Error, Input};

use super::json;

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
/// node is a few bytes plus its changes); a longer game is still replayed
/// whole and its line and final board given, but stepped through only
/// that far.
pub const MAX_NODES: usize = 10_000;

/// A request of the page, read but not yet answered.
#[derive(Debug)]
pub enum Request {
    /// A board played entry by entry.
    Play {
        /// The board's size (square).
        size: usize,
        /// The rules.
        rules: Rules,
        /// The entries, as given (`Bdd`, `W-`, `bdd`, `edd`).
        entries: Vec<String>,
    },
    /// `go-ko`'s input.
    Position(Vec<u8>),
    /// An SGF collection.
    Sgf {
        /// `--sgf`'s options (never `summary`).
        options: SgfOptions,
        /// The game followed, from 1.
        game: u64,
        /// The record.
        record: Vec<u8>,
    },
}

/// Reads a request: its first line, then the rest as that line says.
///
/// # Errors
///
/// A first line that is none of the three, bad rules, size or entries.
pub fn read<R: Read>(input: &mut Input<R>) -> Result<Request, Error> {
    let mut head = Vec::new();
    while let Some(byte) = input.next_byte()? {
        if byte == b'\n' {
            break;
        }
        // The head is a few words: a long one is not a request of the page.
        if head.len() < 100 {
            head.push(byte);
        }
    }
    let mut rest = Vec::new();
    while let Some(byte) = input.next_byte()? {
        rest.push(byte);
    }
    let head = String::from_utf8_lossy(&head).into_owned();
    let words: Vec<&str> = head.split_whitespace().collect();
    match words.first().copied() {
        Some("play") => read_play(&words[1..], &rest),
        Some("position") if words.len() == 1 => Ok(Request::Position(rest)),
        Some("sgf") => read_sgf(&words[1..], rest),
        _ => Err(Error::input(format!(
            "the request's first line is `play SIZE RULES`, `position` or `sgf RULES [keep-going] [game K]`, found {head:?}"
        ))),
    }
}

/// The answer to `request`, one JSON object on one line.
///
/// # Errors
///
/// A bad position (go-ko's own error), an illegal entry before the last
/// one (go-ko's `--sgf` line for it), a setup point off the board.
pub fn answer(request: &Request) -> Result<String, Error> {
    match request {
        Request::Play {
            size,
            rules,
            entries,
        } => play(*size, *rules, entries),
        Request::Position(input) => position(input),
        Request::Sgf {
            options,
            game,
            record,
        } => sgf(options, *game, record),
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

fn read_play(words: &[&str], rest: &[u8]) -> Result<Request, Error> {
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
    let text = String::from_utf8_lossy(rest);
    let mut entries = Vec::new();
    for (index, entry) in text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|entry| !entry.is_empty())
        .enumerate()
    {
        let bytes = entry.as_bytes();
        let well_formed = match bytes {
            [b'B' | b'W', b'-'] => true,
            [b'B' | b'W' | b'b' | b'w' | b'e', col, row] => {
                let on_board =
                    |letter: &u8| letter.is_ascii_lowercase() && usize::from(letter - b'a') < size;
                // A move off the board is go-ko's to refuse, in its words;
                // a setup point must be on it.
                col.is_ascii_alphabetic()
                    && row.is_ascii_alphabetic()
                    && (bytes[0].is_ascii_uppercase() || (on_board(col) && on_board(row)))
            }
            _ => false,
        };
        if !well_formed {
            return Err(Error::input(format!(
                "entry {}: expected a move (Bdd, Wdd), a pass (B-, W-) or setup (bdd, wdd, edd) on the {size}x{size} board, found {entry:?}",
                index + 1
            )));
        }
        entries.push(entry.to_string());
    }
    Ok(Request::Play {
        size,
        rules,
        entries,
    })
}

fn read_sgf(words: &[&str], record: Vec<u8>) -> Result<Request, Error> {
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
    Ok(Request::Sgf {
        options,
        game,
        record,
    })
}

fn colour_letter(stone: Stone) -> &'static str {
    match stone {
        Stone::Black => "B",
        Stone::White => "W",
    }
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

// ---------------------------------------------------------------- play

/// What the play observer keeps: the game after each node, and the judge's
/// word on the last move before it was played.
#[derive(Default)]
struct Played {
    board: Option<Board>,
    captures: [u64; 2],
    moves: u64,
    /// The last move's verdict and the explanation, from the position
    /// before it.
    verdict: Option<go_ko::Verdict>,
    explain: Option<String>,
    illegal: Option<String>,
    nodes: usize,
}

impl Observer for Played {
    fn follow(&mut self, number: u64) -> bool {
        number == 1
    }

    fn before_move(&mut self, game: &Game, point: Option<(usize, usize)>, stone: Stone) {
        self.verdict = None;
        self.explain = None;
        if let Some((row, col)) = point {
            self.verdict = game.judge(row, col, stone);
            if self.verdict.is_some() {
                self.explain = Some(explain(game.board(), row, col, stone));
            }
        }
    }

    fn node(&mut self, game: &Game, node: &NodeReport<'_>) -> bool {
        self.nodes += 1;
        if node.mv.is_none() {
            self.verdict = None;
            self.explain = None;
        }
        self.board = Some(game.board().clone());
        self.captures = [
            game.captured_by(Stone::Black),
            game.captured_by(Stone::White),
        ];
        self.moves = game.moves();
        self.illegal = node.illegal.map(str::to_string);
        true
    }
}

fn play(size: usize, rules: Rules, entries: &[String]) -> Result<String, Error> {
    let mut record = format!("(;GM[1]SZ[{size}]");
    for entry in entries {
        let bytes = entry.as_bytes();
        let point = if bytes[1] == b'-' { "" } else { &entry[1..] };
        let property = match bytes[0] {
            b'B' => "B",
            b'W' => "W",
            b'b' => "AB",
            b'w' => "AW",
            _ => "AE",
        };
        let _ = write!(record, ";{property}[{point}]");
    }
    record.push(')');
    let options = SgfOptions {
        rules,
        summary: true,
        keep_going: true,
    };
    let mut played = Played::default();
    go_ko::replay_observed(&mut Input::new(record.as_bytes()), &options, &mut played)?;
    if let Some(illegal) = &played.illegal {
        // The root node is the first: entry k is node k + 1.
        if played.nodes < entries.len() + 1 {
            return Err(Error::input(illegal.clone()));
        }
    }
    // The root node is always replayed, so the board is there; an empty
    // one stands in for it anyway rather than a panic.
    let board = played
        .board
        .as_ref()
        .map_or_else(|| ".".repeat(size * size), board_text);
    let mut out = String::new();
    let _ = write!(
        out,
        "{{\"mode\":\"play\",\"rows\":{size},\"cols\":{size},\"board\":{},\"captures\":{{\"black\":{},\"white\":{}}},\"moves\":{}",
        json::string(&board),
        played.captures[0],
        played.captures[1],
        played.moves
    );
    // A refused move (only ever the last entry) does not change whose
    // turn it is.
    let accepted = match played.illegal {
        Some(_) => &entries[..entries.len().saturating_sub(1)],
        None => entries,
    };
    let last_move = accepted
        .iter()
        .rev()
        .find(|entry| entry.as_bytes()[0].is_ascii_uppercase());
    let next = match last_move.map(|entry| entry.as_bytes()[0]) {
        Some(b'B') => "W",
        _ => "B",
    };
    let _ = write!(out, ",\"next\":\"{next}\",\"last\":");
    match entries.last() {
        None => out.push_str("null"),
        Some(entry) => {
            let bytes = entry.as_bytes();
            let colour = match bytes[0] {
                b'B' | b'b' => "\"B\"",
                b'W' | b'w' => "\"W\"",
                _ => "null",
            };
            let point = if bytes[1] == b'-' {
                "null".to_string()
            } else {
                let (col, row) = (letter_index(bytes[1]), letter_index(bytes[2]));
                if row < size && col < size {
                    (row * size + col).to_string()
                } else {
                    "null".to_string()
                }
            };
            let is_move = bytes[0].is_ascii_uppercase() && bytes[1] != b'-';
            let verdict = match played.verdict.filter(|_| is_move) {
                Some(verdict) => json::string(&verdict.to_string()),
                None => "null".to_string(),
            };
            let refused = played
                .illegal
                .as_deref()
                .map_or("null".to_string(), json::string);
            let _ = write!(
                out,
                "{{\"entry\":{},\"colour\":{colour},\"point\":{point},\"verdict\":{verdict},\"refused\":{refused}}}",
                json::string(entry)
            );
        }
    }
    let explain = match (&played.explain, entries.last()) {
        (Some(explain), Some(entry)) if entry.as_bytes()[0].is_ascii_uppercase() => {
            explain.as_str()
        }
        _ => "null",
    };
    let _ = write!(
        out,
        ",\"explain\":{explain},\"sgf\":{}}}",
        json::string(&record)
    );
    Ok(out)
}

/// An SGF letter's index (`a`-`z` 0 to 25, `A`-`Z` 26 to 51).
fn letter_index(letter: u8) -> usize {
    if letter.is_ascii_lowercase() {
        usize::from(letter - b'a')
    } else {
        usize::from(letter.saturating_sub(b'A')) + 26
    }
}

// ------------------------------------------------------------ position

fn position(input: &[u8]) -> Result<String, Error> {
    let position = go_ko::parse(&mut Input::new(input))?;
    let (rows, cols) = (position.board.rows(), position.board.cols());
    let mv = position.mv;
    let drawn = rows <= MAX_DRAWN && cols <= MAX_DRAWN;
    let before = if drawn {
        json::string(&board_text(&position.board))
    } else {
        "null".to_string()
    };
    let explained = if drawn {
        explain(&position.board, mv.row, mv.col, mv.stone)
    } else {
        "null".to_string()
    };
    let outcome = go_ko::solve(position);
    let verdict = outcome.verdict.to_string();
    let output = if rows.saturating_mul(cols) <= MAX_SHOWN {
        json::string(&go_ko::render(outcome, true))
    } else {
        "null".to_string()
    };
    Ok(format!(
        "{{\"mode\":\"position\",\"rows\":{rows},\"cols\":{cols},\"move\":{{\"row\":{},\"col\":{},\"colour\":\"{}\"}},\"verdict\":{},\"output\":{output},\"before\":{before},\"explain\":{explained}}}",
        mv.row,
        mv.col,
        colour_letter(mv.stone),
        json::string(&verdict)
    ))
}

// ------------------------------------------------------------- explain

/// The judge's search for `stone` put on (`row`, `col`) of `board` (an
/// empty point), as JSON (see the module docs): the stone's group and its
/// liberties with the stone down, and each distinct opponent group next to
/// it with its liberties. A plain breadth-first flood fill over a copy of
/// the board, independent of the crate's own search (the tests check that
/// they agree); null for a board over [`MAX_DRAWN`].
fn explain(board: &Board, row: usize, col: usize, stone: Stone) -> String {
    let (rows, cols) = (board.rows(), board.cols());
    if rows > MAX_DRAWN || cols > MAX_DRAWN {
        return "null".to_string();
    }
    let groups = Groups::around(board, row, col, stone);
    let list = |points: &[usize]| {
        let texts: Vec<String> = points.iter().map(usize::to_string).collect();
        format!("[{}]", texts.join(","))
    };
    let group = |group: &Group| {
        format!(
            "{{\"stones\":{},\"liberties\":{}}}",
            list(&group.stones),
            list(&group.liberties)
        )
    };
    let enemies: Vec<String> = groups.enemies.iter().map(group).collect();
    format!(
        "{{\"stone\":{},\"colour\":\"{}\",\"own\":{},\"enemies\":[{}]}}",
        row * cols + col,
        colour_letter(stone),
        group(&groups.own),
        enemies.join(",")
    )
}

/// A group's stones and liberties, as sorted point indices.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Group {
    stones: Vec<usize>,
    liberties: Vec<usize>,
}

/// The groups the judge looks at for one stone.
#[derive(Debug)]
struct Groups {
    own: Group,
    enemies: Vec<Group>,
}

impl Groups {
    fn around(board: &Board, row: usize, col: usize, stone: Stone) -> Groups {
        let (rows, cols) = (board.rows(), board.cols());
        let mut points: Vec<Option<Stone>> = (0..rows * cols)
            .map(|point| board.stone(point / cols, point % cols))
            .collect();
        let at = row * cols + col;
        points[at] = Some(stone);
        let own = flood(&points, rows, cols, at);
        let mut enemies: Vec<Group> = Vec::new();
        for next in neighbours(at, rows, cols) {
            if points[next] == Some(stone.opponent())
                && !enemies.iter().any(|group| group.stones.contains(&next))
            {
                enemies.push(flood(&points, rows, cols, next));
            }
        }
        Groups { own, enemies }
    }
}

/// The group holding `start` and its liberties: breadth first, a queue and
/// a seen mark per point (no recursion).
fn flood(points: &[Option<Stone>], rows: usize, cols: usize, start: usize) -> Group {
    let colour = points[start];
    let mut seen = vec![false; points.len()];
    let mut queue = vec![start];
    seen[start] = true;
    let mut stones = Vec::new();
    let mut liberties = Vec::new();
    let mut head = 0;
    while head < queue.len() {
        let point = queue[head];
        head += 1;
        stones.push(point);
        for next in neighbours(point, rows, cols) {
            if seen[next] {
                continue;
            }
            if points[next] == colour {
                seen[next] = true;
                queue.push(next);
            } else if points[next].is_none() {
                seen[next] = true;
                liberties.push(next);
            }
        }
    }
    stones.sort_unstable();
    liberties.sort_unstable();
    Group { stones, liberties }
}

fn neighbours(point: usize, rows: usize, cols: usize) -> impl Iterator<Item = usize> {
    let (row, col) = (point / cols, point % cols);
    [
        (row > 0).then(|| point - cols),
        (col > 0).then(|| point - 1),
        (col + 1 < cols).then(|| point + 1),
        (row + 1 < rows).then(|| point + cols),
    ]
    .into_iter()
    .flatten()
}

// ----------------------------------------------------------------- sgf

/// What the viewer keeps of the followed game.
struct Viewer {
    game: u64,
    /// Games started so far.
    started: u64,
    rows: usize,
    cols: usize,
    /// The board after the last node recorded, one code per point.
    last: Vec<u8>,
    nodes: String,
    count: usize,
    truncated: bool,
}

impl Observer for Viewer {
    fn follow(&mut self, number: u64) -> bool {
        self.started = number;
        number == self.game
    }

    fn node(&mut self, game: &Game, node: &NodeReport<'_>) -> bool {
        if self.count == MAX_NODES {
            self.truncated = true;
            return false;
        }
        let board = game.board();
        if self.count == 0 {
            self.rows = board.rows();
            self.cols = board.cols();
            self.last = vec![b'.'; self.rows * self.cols];
        } else {
            self.nodes.push(',');
        }
        self.count += 1;
        self.nodes.push_str("{\"changes\":[");
        let mut first = true;
        for point in 0..self.rows * self.cols {
            let code = board
                .stone(point / self.cols, point % self.cols)
                .map_or(b'.', |stone| stone.symbol() as u8);
            if code != self.last[point] {
                self.last[point] = code;
                if !first {
                    self.nodes.push(',');
                }
                first = false;
                let _ = write!(self.nodes, "[{point},\"{}\"]", char::from(code));
            }
        }
        self.nodes.push_str("],\"move\":");
        match node.mv {
            None => self.nodes.push_str("null"),
            Some((stone, point)) => {
                let point = match point {
                    Some((row, col)) if row < self.rows && col < self.cols => {
                        (row * self.cols + col).to_string()
                    }
                    _ => "null".to_string(),
                };
                let _ = write!(
                    self.nodes,
                    "{{\"colour\":\"{}\",\"point\":{point}}}",
                    colour_letter(stone)
                );
            }
        }
        let comment = String::from_utf8_lossy(node.comment);
        let _ = write!(
            self.nodes,
            ",\"captures\":[{},{}],\"moves\":{},\"comment\":{},\"illegal\":{}}}",
            game.captured_by(Stone::Black),
            game.captured_by(Stone::White),
            game.moves(),
            json::string(&comment),
            node.illegal.map_or("null".to_string(), json::string)
        );
        true
    }
}

fn sgf(options: &SgfOptions, number: u64, record: &[u8]) -> Result<String, Error> {
    let mut viewer = Viewer {
        game: number,
        started: 0,
        rows: 0,
        cols: 0,
        last: Vec::new(),
        nodes: String::new(),
        count: 0,
        truncated: false,
    };
    let replayed = go_ko::replay_observed(&mut Input::new(record), options, &mut viewer);
    let mut games: Vec<&str> = Vec::new();
    let mut final_board: Option<String> = None;
    let mut in_followed = false;
    let error = match &replayed {
        Ok(output) => {
            for line in output.lines() {
                if line.starts_with("game ") {
                    games.push(line);
                    in_followed = games.len() as u64 == number;
                    if in_followed && line.contains(": ") && line.contains(" moves, ") {
                        final_board = Some(String::new());
                    }
                } else if in_followed {
                    if let Some(board) = &mut final_board {
                        board.push_str(line);
                    }
                }
            }
            "null".to_string()
        }
        Err(error) => json::string(&format!("error: {error}")),
    };
    if viewer.game > viewer.started.max(games.len() as u64) && replayed.is_ok() {
        return Err(Error::input(format!(
            "the record holds {} games, there is no game {number}",
            games.len()
        )));
    }
    Ok(format!(
        "{{\"mode\":\"sgf\",\"games\":{},\"started\":{},\"error\":{error},\"game\":{number},\"rows\":{},\"cols\":{},\"nodes\":[{}],\"truncated\":{},\"final\":{}}}",
        json::strings(&games),
        viewer.started,
        viewer.rows,
        viewer.cols,
        viewer.nodes,
        viewer.truncated,
        final_board.map_or("null".to_string(), |board| json::string(&board)),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(request: &str) -> Result<String, String> {
        let request = read(&mut Input::new(request.as_bytes())).map_err(|e| e.to_string())?;
        answer(&request).map_err(|e| e.to_string())
    }

    fn native(args: &[&str], input: &str) -> Result<String, String> {
        judge_io::run::<go_ko::GoKo>(args, input.as_bytes()).map_err(|e| e.to_string())
    }

    #[test]
    fn a_position_answers_as_the_binary_with_show() {
        let input = ".........\n.........\n...O.....\n..O.O....\n..XOX....\n...X.....\n.........\n.........\n.........\n3 3 X\n";
        let answer = ask(&format!("position\n{input}")).unwrap();
        let shown = native(&["--show"], input).unwrap();
        assert!(
            answer.contains(&format!("\"output\":{}", json::string(&shown))),
            "{answer}"
        );
        assert!(answer.contains("\"verdict\":\"K.O.\""));
        // The lone white stone at (4, 3) is the enemy group with no liberty.
        assert!(
            answer.contains("{\"stones\":[39],\"liberties\":[]}"),
            "{answer}"
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
        assert!(answer.contains("\"verdict\":\"K.O.\""), "{answer}");
        assert!(
            answer.contains("\"captures\":{\"black\":1,\"white\":0}"),
            "{answer}"
        );
        let retake = ask(&format!("play 4 simple\n{ko} Wbb")).unwrap();
        let record = "(;GM[1]SZ[4];B[ba];W[ca];B[ab];W[db];B[bc];W[cc];W[bb];B[cb];W[bb])";
        let terminal = native(&["--sgf"], record).unwrap_err();
        assert!(
            retake.contains(&format!("\"refused\":{}", json::string(&terminal))),
            "{retake}"
        );
        assert!(retake.contains("\"verdict\":\"K.O.\""));
        // The position before the refused move is shown, with white to move still.
        assert!(retake.contains("\"next\":\"W\""), "{retake}");
        let suicide = ask("play 3 simple\nBba Bab Waa").unwrap();
        assert!(suicide.contains("\"verdict\":\"Suicide\""), "{suicide}");
        assert!(
            suicide.contains("suicide, which these rules forbid"),
            "{suicide}"
        );
        // Allowed under tromp-taylor, counted for the opponent.
        // (A lone stone's suicide repeats the position: superko refuses it.)
        let allowed = ask("play 3 tromp-taylor\nWaa Bba Bbb Bac Wab").unwrap();
        assert!(allowed.contains("\"refused\":null"), "{allowed}");
        assert!(allowed.contains("\"verdict\":\"Suicide\""), "{allowed}");
        assert!(
            allowed.contains("\"captures\":{\"black\":2,\"white\":0}"),
            "{allowed}"
        );
        // An illegal entry before the last is the terminal's error.
        assert_eq!(
            ask("play 3 simple\nBba Bab Waa Bcc").unwrap_err(),
            "game 1, move 3 (W[aa]): suicide, which these rules forbid"
        );
    }

    #[test]
    fn bad_requests_are_refused() {
        assert!(ask("play 26 simple\n")
            .unwrap_err()
            .contains("from 1 to 25"));
        assert!(ask("play 9 japanese\n")
            .unwrap_err()
            .contains("simple, tromp-taylor or nz"));
        assert!(ask("play 9 simple\nBd").unwrap_err().contains("entry 1"));
        assert!(ask("play 9 simple\nbzz").unwrap_err().contains("entry 1"));
        assert!(ask("hello\n").unwrap_err().contains("first line"));
        assert!(ask("sgf simple game 0\n(;)")
            .unwrap_err()
            .contains("from 1"));
    }

    /// The board of a `play` answer.
    fn board_of(answer: &str) -> String {
        let start = answer.find("\"board\":\"").unwrap() + 9;
        answer[start..start + answer[start..].find('"').unwrap()].to_string()
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
                let letters = format!(
                    "{}{}",
                    char::from(b'a' + u8::try_from(col).unwrap()),
                    char::from(b'a' + u8::try_from(row).unwrap())
                );
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
                    let input = format!(
                        "{}\n{row} {col} {}\n",
                        rows.join("\n"),
                        if colour == 'B' { 'X' } else { 'O' }
                    );
                    let verdict = native(&[], &input).unwrap();
                    assert!(
                        answer.contains(&format!("\"verdict\":\"{}\"", verdict.trim())),
                        "{request}\n{answer}"
                    );
                    let own = &answer
                        [answer.find("\"own\":").unwrap()..answer.find("\"enemies\":").unwrap()];
                    let enemies = &answer
                        [answer.find("\"enemies\":").unwrap()..answer.find(",\"sgf\":").unwrap()];
                    let captured = enemies.contains("\"liberties\":[]");
                    let own_dead = own.contains("\"liberties\":[]");
                    let expected = if captured {
                        "K.O."
                    } else if own_dead {
                        "Suicide"
                    } else {
                        "Safe"
                    };
                    assert_eq!(verdict.trim(), expected, "{request}\n{answer}");
                }
                if answer.contains("\"refused\":null") {
                    entries.push(entry);
                    let record = answer
                        [answer.find("\"sgf\":\"").unwrap() + 7..answer.rfind('"').unwrap()]
                        .to_string();
                    let replayed = native(&["--sgf", "--rules", rules], &record).unwrap();
                    let replayed: String = replayed.lines().skip(1).collect();
                    board = board_of(&answer);
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
        assert!(answer.contains("\"comment\":\"start ] here\""), "{answer}");
        assert!(
            answer.contains("\"games\":[\"game 1: 5 moves, black captured 0, white captured 0\"]"),
            "{answer}"
        );
        let mut board = ['.'; 25];
        let mut rest = &answer[answer.find("\"nodes\":[").unwrap()..];
        for cut in 1..=nodes.len() {
            let list = &rest[rest.find("\"changes\":[").unwrap() + 11..];
            let list = &list[..list.find("],\"move\"").unwrap()];
            for change in list.split("],[").filter(|c| !c.is_empty()) {
                let change = change.trim_matches(|c| c == '[' || c == ']');
                let (point, code) = change.split_once(',').unwrap();
                board[point.parse::<usize>().unwrap()] =
                    code.trim_matches('"').chars().next().unwrap();
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
            rest = &rest[rest.find("\"illegal\"").unwrap() + 9..];
        }
    }

    #[test]
    fn sgf_errors_and_keep_going_are_the_terminals() {
        let record = "(;SZ[3];B[aa];W[aa])(;SZ[3];B[bb])";
        let answer = ask(&format!("sgf simple\n{record}")).unwrap();
        let error = native(&["--sgf"], record).unwrap_err();
        assert!(
            answer.contains(&format!(
                "\"error\":{}",
                json::string(&format!("error: {error}"))
            )),
            "{answer}"
        );
        assert!(
            answer.contains("\"illegal\":\"game 1, move 2 (W[aa]): the point is occupied\""),
            "{answer}"
        );
        let kept = ask(&format!("sgf simple keep-going game 2\n{record}")).unwrap();
        let output = native(&["--sgf", "--keep-going"], record).unwrap();
        let lines: Vec<&str> = output
            .lines()
            .filter(|line| line.starts_with("game "))
            .collect();
        assert!(
            kept.contains(&format!("\"games\":{}", json::strings(&lines))),
            "{kept}"
        );
        assert!(kept.contains("\"final\":\"....X....\""), "{kept}");
        let malformed = ask("sgf simple\n(;B[aa]").unwrap();
        assert!(
            malformed.contains(&json::string(&format!(
                "error: {}",
                native(&["--sgf"], "(;B[aa]").unwrap_err()
            ))),
            "{malformed}"
        );
    }
}
