//! Reading SGF records (FF[3] and FF[4], GM[1]) and replaying the main line
//! of each game as it streams by: no tree is built, no game is kept, and
//! nesting is a counter, not recursion.

use std::fmt;
use std::io::Read;

use judge_io::{quote, Error, Input, Pos};

use super::board::{Board, Stone};
use super::coords::{letter_index as index, sgf_move};
use super::game::{Game, Illegal, Rules};

/// How `--sgf` replays and reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SgfOptions {
    /// The rules the moves are held to.
    pub rules: Rules,
    /// Only the first line of each game, no board.
    pub summary: bool,
    /// An illegal move ends its game with a line on standard output instead
    /// of an error, and the next game is replayed.
    pub keep_going: bool,
}

/// Reads an SGF collection and replays each game's main line; returns what
/// became of each game, in order ([`render_games`] writes `--sgf`'s output
/// from it; see the crate docs).
///
/// # Errors
///
/// A malformed record, with its line and column; an illegal move (unless
/// `keep_going`), as `game K, move M (B[pd]): why`.
///
/// # Complexity
///
/// Linear in the input (and, under superko, see [`Game::play`]). Memory:
/// one game's board and, under superko, its history; the reports, each with
/// its final board unless `summary`.
pub fn replay<R: Read>(
    input: &mut Input<R>,
    options: &SgfOptions,
) -> Result<Vec<GameReport>, Error> {
    replay_observed(input, options, &mut ())
}

/// What a replay reports of the games an observer follows, node by node of
/// their main line: the hook that lets a viewer show every position of a
/// game ([`replay_observed`]). Every method does nothing by default; `()`
/// follows no game, which is how [`replay`] (and so the binary) runs.
pub trait Observer {
    /// Called as game `number` (counted from 1) starts: whether to report
    /// its nodes. Its comments (`C`) are then kept too.
    fn follow(&mut self, number: u64) -> bool {
        let _ = number;
        false
    }

    /// Before a followed node's move is played, once the node's setup is
    /// applied: the game as it stands, the move's point (row, column; off
    /// the board for an off-board move, `None` for a pass) and colour.
    fn before_move(&mut self, game: &Game, point: Option<(usize, usize)>, stone: Stone) {
        let _ = (game, point, stone);
    }

    /// After a followed node of the main line: the game as it then stands
    /// (after an illegal move, as it stood before that move), and the
    /// node. Returns whether to go on following this game.
    fn node(&mut self, game: &Game, node: &NodeReport<'_>) -> bool {
        let _ = (game, node);
        true
    }
}

/// Follows nothing: the plain replay.
impl Observer for () {}

/// A node of a followed game's main line, as [`Observer::node`] sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NodeReport<'a> {
    /// The node's move: its colour and point (row, column), `None` for a
    /// pass (`B[]`, or `B[tt]` up to 19x19); `None` when the node has none.
    pub mv: Option<(Stone, Option<(usize, usize)>)>,
    /// Whether the node held setup (`AB`, `AW`, `AE`).
    pub setup: bool,
    /// The node's comment (`C`), its escapes removed; empty when it has none.
    pub comment: &'a [u8],
    /// When the node's move is illegal: where and why (its `Display` is
    /// the line `--sgf` reports for it, `game K, move M (B[pd]): why`).
    pub illegal: Option<&'a IllegalMove>,
}

/// An [`Observer`] that keeps one game's main line node by node, each as
/// the points it changed: what a viewer steps through, forward and back.
#[derive(Debug, Clone, Default)]
pub struct Follow {
    /// The game followed, from 1.
    pub game: u64,
    /// The most nodes kept: the rest of the game is replayed, not kept.
    pub max_nodes: usize,
    /// How many games the replay has begun.
    pub started: u64,
    /// The followed game's board size (0 by 0 until its first node).
    pub rows: usize,
    /// See `rows`.
    pub cols: usize,
    /// The nodes kept, in order.
    pub nodes: Vec<FollowedNode>,
    /// Whether the game has more nodes than `max_nodes`.
    pub truncated: bool,
    /// The board after the last node kept.
    board: Vec<Option<Stone>>,
}

/// A node of the followed game's main line, as [`Follow`] keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FollowedNode {
    /// The points (`row * cols + col`) the node changed, with what each
    /// holds after it.
    pub changes: Vec<(usize, Option<Stone>)>,
    /// The node's move: its colour, and its point when on the board (`None`
    /// for a pass or a point off it); `None` for a node without a move.
    pub mv: Option<(Stone, Option<usize>)>,
    /// Stones captured by black so far.
    pub captured_by_black: u64,
    /// Stones captured by white so far.
    pub captured_by_white: u64,
    /// Moves played so far.
    pub moves: u64,
    /// The node's comment (as UTF-8, an invalid byte as U+FFFD).
    pub comment: String,
    /// The node's move, when illegal.
    pub illegal: Option<IllegalMove>,
}

impl Follow {
    /// Follows game `game` (from 1), keeping at most `max_nodes` nodes.
    pub fn new(game: u64, max_nodes: usize) -> Follow {
        Follow {
            game,
            max_nodes,
            ..Follow::default()
        }
    }
}

impl Observer for Follow {
    fn follow(&mut self, number: u64) -> bool {
        self.started = number;
        number == self.game
    }

    fn node(&mut self, game: &Game, node: &NodeReport<'_>) -> bool {
        if self.nodes.len() == self.max_nodes {
            self.truncated = true;
            return false;
        }
        let board = game.board();
        if self.nodes.is_empty() {
            (self.rows, self.cols) = (board.rows(), board.cols());
            self.board = vec![None; self.rows * self.cols];
        }
        let (rows, cols) = (self.rows, self.cols);
        let mut changes = Vec::new();
        for (point, before) in self.board.iter_mut().enumerate() {
            let now = board.stone(point / cols, point % cols);
            if now != *before {
                *before = now;
                changes.push((point, now));
            }
        }
        let mv = node.mv.map(|(stone, point)| {
            let on_board = point.filter(|&(row, col)| row < rows && col < cols);
            (stone, on_board.map(|(row, col)| row * cols + col))
        });
        self.nodes.push(FollowedNode {
            changes,
            mv,
            captured_by_black: game.captured_by(Stone::Black),
            captured_by_white: game.captured_by(Stone::White),
            moves: game.moves(),
            comment: String::from_utf8_lossy(node.comment).into_owned(),
            illegal: node.illegal.cloned(),
        });
        true
    }
}

/// What became of one game of a collection: what `--sgf` reports of it.
/// Its `Display` is the game's first line of output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameReport {
    /// The main line was played through.
    Finished(Finished),
    /// With `keep_going`: the game stopped at this illegal move.
    Stopped(IllegalMove),
}

/// A game whose main line was played through.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finished {
    /// The game's number in the collection, from 1.
    pub number: u64,
    /// How many moves (passes included) were played.
    pub moves: u64,
    /// Stones captured by black.
    pub captured_by_black: u64,
    /// Stones captured by white.
    pub captured_by_white: u64,
    /// The final position (`None` with `summary`, which does not keep it).
    pub board: Option<Board>,
}

/// An illegal move of a record: where it stands, and why it is refused.
/// Its `Display` is `game K, move M (B[pd]): why`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IllegalMove {
    /// The game's number in the collection, from 1.
    pub game: u64,
    /// The move's number in its game, from 1 (passes count).
    pub move_number: u64,
    /// The colour that moved.
    pub stone: Stone,
    /// The move's point as written (two letters).
    pub letters: String,
    /// Why the rules refuse it.
    pub why: Illegal,
    /// The board's rows and columns, which an off-board refusal names.
    pub rows: usize,
    /// See `rows`.
    pub cols: usize,
}

impl fmt::Display for GameReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameReport::Finished(game) => write!(
                f,
                "game {}: {} moves, black captured {}, white captured {}",
                game.number, game.moves, game.captured_by_black, game.captured_by_white
            ),
            GameReport::Stopped(illegal) => illegal.fmt(f),
        }
    }
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "game {}, move {} ({}[{}]): ",
            self.game,
            self.move_number,
            self.stone.letter(),
            self.letters
        )?;
        match self.why {
            Illegal::OffBoard => write!(
                f,
                "the point is off the board ({} columns, {} rows)",
                self.cols, self.rows
            ),
            other => other.fmt(f),
        }
    }
}

/// `--sgf`'s output for the reports of [`replay`]: each game's first line,
/// then its final board when it has one (one row a line, `.`, `X`, `O`).
pub fn render_games(reports: &[GameReport]) -> String {
    let mut out = String::new();
    for report in reports {
        out.push_str(&report.to_string());
        out.push('\n');
        if let GameReport::Finished(Finished {
            board: Some(board), ..
        }) = report
        {
            out.reserve(board.rows() * (board.cols() + 1));
            for row in 0..board.rows() {
                for col in 0..board.cols() {
                    out.push(board.stone(row, col).map_or('.', Stone::symbol));
                }
                out.push('\n');
            }
        }
    }
    out
}

/// [`replay`], reporting the nodes of the games `observer` follows (see
/// [`Observer`]); the output is the same.
///
/// # Errors
///
/// As [`replay`].
///
/// # Complexity
///
/// As [`replay`], plus the observer's own work and the comments of the
/// followed games, kept whole while their node is read.
pub fn replay_observed<R: Read, O: Observer>(
    input: &mut Input<R>,
    options: &SgfOptions,
    observer: &mut O,
) -> Result<Vec<GameReport>, Error> {
    let mut reports = Vec::new();
    let mut reader = Reader {
        input,
        value: Vec::new(),
    };
    // Counted in u64, as the value lengths below: this reads a stream, so
    // no memory bounds the count, and a `usize` of 32 bits (WebAssembly)
    // would wrap.
    let mut number = 0u64;
    while let Some(byte) = reader.input.peek_after_white_space()? {
        if byte != b'(' {
            return Err(reader.unexpected(byte, "'(' to start a game tree"));
        }
        number += 1;
        match reader.game(number, options, observer)? {
            Ok(game) => reports.push(GameReport::Finished(Finished {
                number,
                moves: game.moves(),
                captured_by_black: game.captured_by(Stone::Black),
                captured_by_white: game.captured_by(Stone::White),
                board: (!options.summary).then(|| game.board().clone()),
            })),
            Err(illegal) if options.keep_going => reports.push(GameReport::Stopped(illegal)),
            Err(illegal) => return Err(Error::input(illegal.to_string())),
        }
    }
    if number == 0 {
        return Err(reader.input.missing("an SGF game tree '('"));
    }
    Ok(reports)
}

struct Reader<'i, R> {
    input: &'i mut Input<R>,
    /// The value just read of a property that matters (its first bytes).
    value: Vec<u8>,
}

/// Where the reader stands in a game tree: what may come next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Just after `(`: a node must start.
    TreeStart,
    /// In a sequence of nodes: a property, `;`, `(` or `)`.
    Node,
    /// After a variation's `)`: only `(` or `)`.
    Variations,
}

/// The properties of one node that the replay uses, gathered until the node
/// ends, since SGF does not order a node's properties.
#[derive(Debug, Default)]
struct Node {
    /// `SZ`: rows, columns, and where it stood.
    size: Option<(usize, usize, Pos)>,
    /// `B` or `W`: the colour, the point's two letters (none for a pass
    /// written `[]`), and where the property stood.
    mv: Option<(Stone, Option<[u8; 2]>, Pos)>,
    /// `AB`, `AW`, `AE`: the stone (none to empty), the first and last
    /// corner of the points (a rectangle for `aa:cc`), and where each stood.
    setup: Vec<Setup>,
    /// `C`, escapes removed, kept only for a followed game.
    comment: Vec<u8>,
}

/// One value of `AB`, `AW` or `AE`.
#[derive(Debug)]
struct Setup {
    /// The stone to put down (none to empty the points).
    stone: Option<Stone>,
    /// The top left and bottom right corners' letters (the same point
    /// twice for a single point).
    first: [u8; 2],
    last: [u8; 2],
    pos: Pos,
}

/// The properties the replay reads; every other one is skipped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Property {
    Move(Stone),
    Setup(Option<Stone>),
    Size,
    GameKind,
    Comment,
    Other,
}

/// A game being replayed: the board once the first node set its size, and
/// the first illegal move, after which the rest is only read.
struct Replay {
    number: u64,
    game: Option<Game>,
    illegal: Option<IllegalMove>,
    /// Whether the observer follows this game (and still wants its nodes).
    follow: bool,
}

/// The longest value of a property that matters kept for checking; longer
/// ones are malformed anyway.
const KEPT: usize = 8;

impl<R: Read> Reader<'_, R> {
    /// Reads one game tree, from its `(` to its `)`, replaying its main line
    /// (the first variation at every branch). The inner result is the game,
    /// or its first illegal move.
    fn game<O: Observer>(
        &mut self,
        number: u64,
        options: &SgfOptions,
        observer: &mut O,
    ) -> Result<Result<Game, IllegalMove>, Error> {
        let open = self.input.pos();
        self.input.next_byte()?;
        let mut depth: u64 = 1;
        // The main line goes on until the first `)`: after it come only
        // other variations and the ends of the trees around it.
        let mut main_line = true;
        let mut state = State::TreeStart;
        let mut node = Node::default();
        let mut in_node = false;
        let mut replay = Replay {
            number,
            game: None,
            illegal: None,
            follow: observer.follow(number),
        };
        loop {
            let byte = match self.input.peek_after_white_space()? {
                Some(byte) => byte,
                None => {
                    return Err(self.input.missing(format_args!(
                        "')' to close the game tree opened at line {}, column {}",
                        open.line, open.column
                    )))
                }
            };
            match (byte, state) {
                (b';', State::TreeStart | State::Node) => {
                    self.input.next_byte()?;
                    if in_node && main_line {
                        replay.node(&mut node, options.rules, observer)?;
                    }
                    in_node = true;
                    state = State::Node;
                }
                (b'(', State::Node | State::Variations) => {
                    self.input.next_byte()?;
                    if in_node && main_line {
                        replay.node(&mut node, options.rules, observer)?;
                    }
                    in_node = false;
                    depth += 1;
                    state = State::TreeStart;
                }
                (b')', State::Node | State::Variations) => {
                    self.input.next_byte()?;
                    if in_node && main_line {
                        replay.node(&mut node, options.rules, observer)?;
                    }
                    in_node = false;
                    main_line = false;
                    depth -= 1;
                    state = State::Variations;
                    if depth == 0 {
                        break;
                    }
                }
                (b'A'..=b'Z' | b'a'..=b'z', State::Node) => {
                    self.property(&mut node, main_line, replay.follow)?;
                }
                (_, State::TreeStart) => {
                    return Err(self.unexpected(byte, "';' to start the game tree's first node"))
                }
                (_, State::Variations) => {
                    return Err(self.unexpected(byte, "'(' or ')' after a variation"))
                }
                (_, State::Node) => {
                    return Err(self.unexpected(byte, "a property, ';', '(' or ')'"))
                }
            }
            if let Some(illegal) = replay.illegal.take() {
                if !options.keep_going {
                    return Ok(Err(illegal));
                }
                replay.illegal = Some(illegal);
                main_line = false;
            }
        }
        Ok(match replay.illegal {
            Some(illegal) => Err(illegal),
            None => Ok(replay
                .game
                .unwrap_or_else(|| Game::new(19, 19, options.rules))),
        })
    }

    /// Reads a property and its values into `node` (when `keep`, and the
    /// property matters; a comment only when `comments` too).
    fn property(&mut self, node: &mut Node, keep: bool, comments: bool) -> Result<(), Error> {
        let at = self.input.pos();
        // FF[3] allows lower-case letters in names ("AddBlack"), ignored.
        let mut name = [0u8; 2];
        let mut capitals = 0;
        while let Some(byte) = self.input.peek_byte()? {
            if byte.is_ascii_uppercase() {
                if capitals < name.len() {
                    name[capitals] = byte;
                }
                capitals += 1;
            } else if !byte.is_ascii_lowercase() {
                break;
            }
            self.input.next_byte()?;
        }
        if capitals == 0 {
            return Err(Error::at(
                at,
                "expected a property name with a capital letter, found only lower-case letters",
            ));
        }
        let property = match (capitals, name) {
            (1, [b'B', _]) => Property::Move(Stone::Black),
            (1, [b'W', _]) => Property::Move(Stone::White),
            (2, [b'A', b'B']) => Property::Setup(Some(Stone::Black)),
            (2, [b'A', b'W']) => Property::Setup(Some(Stone::White)),
            (2, [b'A', b'E']) => Property::Setup(None),
            (2, [b'S', b'Z']) => Property::Size,
            (2, [b'G', b'M']) => Property::GameKind,
            (1, [b'C', _]) if comments => Property::Comment,
            _ => Property::Other,
        };
        let property = if keep { property } else { Property::Other };
        let mut has_value = false;
        while self.input.peek_after_white_space()? == Some(b'[') {
            let pos = self.input.pos();
            has_value = true;
            let whole = property == Property::Comment;
            let length = self.value(property != Property::Other, whole)?;
            let value = &self.value[..];
            match property {
                Property::Other => {}
                Property::Comment => {
                    node.comment.clear();
                    node.comment.extend_from_slice(value);
                }
                Property::Move(stone) => {
                    // A second value, or a second move in the node.
                    if node.mv.is_some() {
                        return Err(Error::at(
                            pos,
                            "a node holds one move (B or W), with one value",
                        ));
                    }
                    let point = match value {
                        [] => None,
                        _ => Some(point(value, length, pos, "a move")?),
                    };
                    node.mv = Some((stone, point, at));
                }
                Property::Setup(stone) => {
                    let (first, last) = match value.iter().position(|&byte| byte == b':') {
                        Some(colon) => (
                            point(&value[..colon], colon as u64, pos, "a setup point")?,
                            point(
                                &value[colon + 1..],
                                length - colon as u64 - 1,
                                pos,
                                "a setup point",
                            )?,
                        ),
                        None => {
                            let one = point(value, length, pos, "a setup point")?;
                            (one, one)
                        }
                    };
                    node.setup.push(Setup {
                        stone,
                        first,
                        last,
                        pos,
                    });
                }
                Property::Size => {
                    // A second value, or a second SZ in the node.
                    if node.size.is_some() {
                        return Err(Error::at(pos, "SZ is given once, with one value"));
                    }
                    node.size = Some(size(value, length, pos)?);
                }
                Property::GameKind => {
                    if value != b"1" {
                        return Err(Error::at(
                            pos,
                            format!(
                                "only Go records (GM[1]) can be replayed, found GM[{}]",
                                String::from_utf8_lossy(value)
                            ),
                        ));
                    }
                }
            }
        }
        if !has_value {
            let found = self.input.peek_after_white_space()?;
            return Err(match found {
                Some(byte) => self.unexpected(byte, "'[' to start the property's value"),
                None => self.input.missing("'[' to start the property's value"),
            });
        }
        Ok(())
    }

    /// Reads a value from its `[` to its `]`, escapes (`\]`, `\\`) taken
    /// into account; with `keep`, keeps its first bytes in `self.value`
    /// (all of them with `whole`).
    /// Returns its length (escapes removed), in u64: only its first bytes
    /// are kept, so a value may be longer than memory, and a length that
    /// wrapped in a `usize` of 32 bits could even pass for a point's 2.
    fn value(&mut self, keep: bool, whole: bool) -> Result<u64, Error> {
        let open = self.input.pos();
        self.input.next_byte()?;
        self.value.clear();
        let mut length = 0u64;
        loop {
            let byte = match self.input.next_byte()? {
                Some(b']') => return Ok(length),
                Some(b'\\') => self.input.next_byte()?,
                byte => byte,
            };
            let byte = match byte {
                Some(byte) => byte,
                None => {
                    return Err(self.input.missing(format_args!(
                        "']' to close the value opened at line {}, column {}",
                        open.line, open.column
                    )))
                }
            };
            if keep && (whole || self.value.len() < KEPT) {
                self.value.push(byte);
            }
            length += 1;
        }
    }

    fn unexpected(&self, byte: u8, expected: &str) -> Error {
        Error::at(
            self.input.pos(),
            format!("expected {expected}, found {}", quote(&[byte])),
        )
    }
}

/// A point's two letters (`a`-`z` for 0 to 25, `A`-`Z` for 26 to 51).
fn point(value: &[u8], length: u64, pos: Pos, what: &str) -> Result<[u8; 2], Error> {
    match value {
        &[col, row] if length == 2 && col.is_ascii_alphabetic() && row.is_ascii_alphabetic() => {
            Ok([col, row])
        }
        _ => Err(Error::at(
            pos,
            format!(
                "expected {what}: two letters (a-z, A-Z), found {}",
                quote(value)
            ),
        )),
    }
}

/// `SZ[n]` or `SZ[c:r]`: (rows, columns), each from 1 to 52.
fn size(value: &[u8], length: u64, pos: Pos) -> Result<(usize, usize, Pos), Error> {
    // FF[4]'s Number: digits after an optional sign, which is what Rust
    // reads (a `-` never gives a size from 1 to 52).
    let number = |text: &[u8]| -> Option<usize> {
        let text = std::str::from_utf8(text).ok()?;
        text.parse().ok().filter(|n| (1..=52).contains(n))
    };
    if length > value.len() as u64 {
        return Err(Error::at(
            pos,
            format!(
                "expected the board size SZ[n] or SZ[columns:rows] in at most {KEPT} characters, found {length}, starting {}",
                quote(value)
            ),
        ));
    }
    let parsed = match value.iter().position(|&byte| byte == b':') {
        Some(colon) => number(&value[..colon])
            .zip(number(&value[colon + 1..]))
            .map(|(cols, rows)| (rows, cols)),
        None => number(value).map(|n| (n, n)),
    };
    match parsed {
        Some((rows, cols)) => Ok((rows, cols, pos)),
        None => Err(Error::at(
            pos,
            format!(
                "expected the board size SZ[n] or SZ[columns:rows], each from 1 to 52, found {}",
                quote(value)
            ),
        )),
    }
}

impl Replay {
    /// Applies a node of the main line: the size (first node only), the
    /// setup, then the move. Empties `node` for the next one.
    fn node<O: Observer>(
        &mut self,
        node: &mut Node,
        rules: Rules,
        observer: &mut O,
    ) -> Result<(), Error> {
        let first = self.game.is_none();
        if let Some((rows, cols, pos)) = node.size.take() {
            if !first {
                return Err(Error::at(pos, "SZ belongs in the game's first node"));
            }
            self.game = Some(Game::new(rows, cols, rules));
        }
        let game = self.game.get_or_insert_with(|| Game::new(19, 19, rules));
        let (rows, cols) = (game.board().rows(), game.board().cols());
        let setup = !node.setup.is_empty();
        for Setup {
            stone,
            first,
            last,
            pos,
        } in node.setup.drain(..)
        {
            let (top, left, bottom, right) = (
                index(first[1]),
                index(first[0]),
                index(last[1]),
                index(last[0]),
            );
            if top > bottom || left > right {
                return Err(Error::at(
                    pos,
                    "expected a rectangle of points from its top left to its bottom right",
                ));
            }
            if bottom >= rows || right >= cols {
                return Err(Error::at(
                    pos,
                    format!("the setup point is off the board ({cols} columns, {rows} rows)"),
                ));
            }
            for row in top..=bottom {
                for col in left..=right {
                    game.setup(row, col, stone);
                }
            }
        }
        let mut mv = None;
        if let Some((stone, point, _)) = node.mv.take() {
            let target = sgf_move(point, rows, cols);
            mv = Some((stone, target));
            if self.follow {
                observer.before_move(game, target, stone);
            }
            if let Err(why) = game.play(target, stone) {
                // Two letters, checked by `point`: ASCII.
                let letters: String = point
                    .iter()
                    .flatten()
                    .map(|&byte| char::from(byte))
                    .collect();
                self.illegal = Some(IllegalMove {
                    game: self.number,
                    move_number: game.moves() + 1,
                    stone,
                    letters,
                    why,
                    rows,
                    cols,
                });
            }
        }
        if self.follow {
            let report = NodeReport {
                mv,
                setup,
                comment: &node.comment,
                illegal: self.illegal.as_ref(),
            };
            self.follow = observer.node(game, &report);
        }
        node.comment.clear();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reports(record: &str, keep_going: bool, summary: bool) -> Vec<GameReport> {
        let options = SgfOptions {
            rules: Rules::SimpleKo,
            summary,
            keep_going,
        };
        replay(&mut Input::new(record.as_bytes()), &options).unwrap()
    }

    #[test]
    fn each_game_is_one_typed_report_which_the_printer_writes() {
        let record = "(;SZ[2];B[aa];W[ba];B[ab];W[bb])(;SZ[3];B[aa];W[aa])(;SZ[4];B[dd])";
        let games = reports(record, true, false);
        assert_eq!(games.len(), 3);
        match &games[0] {
            GameReport::Finished(game) => {
                assert_eq!((game.number, game.moves), (1, 4));
                assert_eq!((game.captured_by_black, game.captured_by_white), (0, 2));
                let board = game.board.as_ref().unwrap();
                assert_eq!(board.stone(0, 0), None);
                assert_eq!(board.stone(1, 1), Some(Stone::White));
            }
            other => panic!("{other:?}"),
        }
        match &games[1] {
            GameReport::Stopped(illegal) => {
                assert_eq!((illegal.game, illegal.move_number), (2, 2));
                assert_eq!(
                    (illegal.stone, illegal.why),
                    (Stone::White, Illegal::Occupied)
                );
                assert_eq!(illegal.letters, "aa");
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(
            render_games(&games),
            "game 1: 4 moves, black captured 0, white captured 2\n.O\n.O\n\
             game 2, move 2 (W[aa]): the point is occupied\n\
             game 3: 1 moves, black captured 0, white captured 0\n....\n....\n....\n...X\n"
        );
        let summary = reports(record, true, true);
        assert!(matches!(&summary[0], GameReport::Finished(game) if game.board.is_none()));
        assert_eq!(
            render_games(&summary[2..]),
            "game 3: 1 moves, black captured 0, white captured 0\n"
        );
    }

    #[test]
    fn an_off_board_move_names_the_board_size() {
        let games = reports("(;SZ[3:2];B[dd])", true, true);
        assert_eq!(
            games[0].to_string(),
            "game 1, move 1 (B[dd]): the point is off the board (3 columns, 2 rows)"
        );
    }
}
