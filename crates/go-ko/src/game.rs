//! A whole game replayed move by move on the single-stone board core: the
//! rules' legality checks (occupied points, suicide, simple ko, positional
//! and situational superko) and the capture counts.

use std::collections::HashMap;
use std::fmt;

use super::board::{Board, Groups, Stone, BLACK, EMPTY, WHITE};
use super::{solve, trace, Move, Position, Trace, Verdict};

/// The rules a replay holds the moves to (see the crate docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Rules {
    /// Simple ko, suicide illegal (the default).
    #[default]
    SimpleKo,
    /// Suicide allowed, positional superko (`--rules tromp-taylor`).
    TrompTaylor,
    /// Suicide allowed, situational superko (`--rules nz`).
    NewZealand,
}

impl Rules {
    /// The rules of a `--rules` name: `simple`, `tromp-taylor` or `nz`;
    /// `None` for any other.
    pub fn named(name: &str) -> Option<Rules> {
        match name {
            "simple" => Some(Rules::SimpleKo),
            "tromp-taylor" => Some(Rules::TrompTaylor),
            "nz" => Some(Rules::NewZealand),
            _ => None,
        }
    }
}

/// Why a move was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Illegal {
    /// The point is not on the board.
    OffBoard,
    /// The point holds a stone.
    Occupied,
    /// The move leaves its own group without a liberty and captures nothing.
    Suicide,
    /// The move retakes a ko at once (simple ko).
    Ko,
    /// The move recreates an earlier position: the one after move `after`
    /// (0 for the game's start, or its last setup).
    Superko {
        /// The move whose position is repeated.
        after: u64,
    },
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::OffBoard => f.write_str("the point is off the board"),
            Illegal::Occupied => f.write_str("the point is occupied"),
            Illegal::Suicide => f.write_str("suicide, which these rules forbid"),
            Illegal::Ko => f.write_str("retakes the ko at once (simple ko)"),
            Illegal::Superko { after: 0 } => {
                f.write_str("repeats the position at the start (superko)")
            }
            Illegal::Superko { after } => {
                write!(f, "repeats the position after move {after} (superko)")
            }
        }
    }
}

/// A game in progress: the board, whose turn it is not (moves carry their
/// colour), the captures so far and what the rules need to remember.
///
/// A refused move leaves the game as it was.
///
/// ```
/// use go_ko::{Game, Illegal, Rules, Stone};
///
/// // A ko on a 4x3 board: black takes at (1, 1), white may not retake at once.
/// let mut game = Game::new(3, 4, Rules::SimpleKo);
/// for (row, col, stone) in [(0, 1, Stone::Black), (0, 2, Stone::White),
///     (1, 0, Stone::Black), (1, 3, Stone::White), (2, 1, Stone::Black),
///     (2, 2, Stone::White), (1, 1, Stone::White)] {
///     game.play(Some((row, col)), stone).unwrap();
/// }
/// game.play(Some((1, 2)), Stone::Black).unwrap();
/// assert_eq!(game.captured_by(Stone::Black), 1);
/// assert_eq!(game.play(Some((1, 1)), Stone::White), Err(Illegal::Ko));
/// game.play(None, Stone::White).unwrap(); // a pass ends the ko
/// ```
#[derive(Debug, Clone)]
pub struct Game {
    board: Board,
    rules: Rules,
    /// Counted in u64, as the captures: a game streams by and setup can
    /// refill the board at every node, so neither count is bounded by the
    /// memory, and a `usize` of 32 bits (WebAssembly) would wrap them (2^32
    /// captured stones take a 33 MB record of 52 x 52 boards).
    moves: u64,
    /// Stones captured by black and by white.
    captured: [u64; 2],
    /// Simple ko, after a lone stone took one stone: the point taken, where
    /// the opponent may not take back that one stone at once, and the lone
    /// stone's point.
    ko: Option<(usize, usize)>,
    /// The superko rules' memory (`None` under simple ko).
    history: Option<History>,
}

impl Game {
    /// An empty board of `rows` x `cols` points (both at least 1).
    pub fn new(rows: usize, cols: usize, rules: Rules) -> Game {
        let history = match rules {
            Rules::SimpleKo => None,
            Rules::TrompTaylor | Rules::NewZealand => Some(History::new(rules)),
        };
        Game {
            board: Board::empty(rows, cols),
            rules,
            moves: 0,
            captured: [0, 0],
            ko: None,
            history,
        }
    }

    /// The board now.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// How many moves (passes included) were played.
    pub fn moves(&self) -> u64 {
        self.moves
    }

    /// How many stones `stone`'s player has captured (the stones of a
    /// suicide, where allowed, count for the opponent).
    pub fn captured_by(&self, stone: Stone) -> u64 {
        self.captured[usize::from(stone == Stone::White)]
    }

    /// The plain judge's verdict ([`crate::solve`], what `go-ko` prints for
    /// this position and move) on `stone` put on (`row`, `col`) now,
    /// whatever the rules make of the move; `None` when the point is off the
    /// board or occupied, which the judge's input cannot hold.
    ///
    /// # Complexity
    ///
    /// A copy of the board, then [`crate::solve`].
    pub fn judge(&self, row: usize, col: usize, stone: Stone) -> Option<Verdict> {
        if row >= self.board.rows()
            || col >= self.board.cols()
            || self.board.stone(row, col).is_some()
        {
            return None;
        }
        let mv = Move { row, col, stone };
        Some(
            solve(Position {
                board: self.board.clone(),
                mv,
            })
            .verdict,
        )
    }

    /// The groups the plain judge searches ([`crate::groups`]) for `stone`
    /// put on (`row`, `col`) now; `None` when [`Game::judge`] gives none.
    ///
    /// # Complexity
    ///
    /// A copy of the board, then [`crate::groups`].
    pub fn groups(&self, row: usize, col: usize, stone: Stone) -> Option<Groups> {
        if row >= self.board.rows()
            || col >= self.board.cols()
            || self.board.stone(row, col).is_some()
        {
            return None;
        }
        let mut board = self.board.clone();
        Some(board.groups_around(row, col, stone))
    }

    /// The plain judge's searches ([`crate::trace`]) for `stone` put on
    /// (`row`, `col`) now; `None` when [`Game::judge`] gives none.
    ///
    /// # Complexity
    ///
    /// As [`crate::trace`].
    pub fn trace(&self, row: usize, col: usize, stone: Stone) -> Option<Trace> {
        if row >= self.board.rows()
            || col >= self.board.cols()
            || self.board.stone(row, col).is_some()
        {
            return None;
        }
        let mv = Move { row, col, stone };
        Some(trace(&Position {
            board: self.board.clone(),
            mv,
        }))
    }

    /// A setup property (`AB`, `AW`, `AE`): puts `stone` on the point, or
    /// empties it, whatever it held; no capture happens. It ends a ko, and
    /// under superko the position it makes starts a new history.
    ///
    /// # Panics
    ///
    /// If the point is off the board.
    pub fn setup(&mut self, row: usize, col: usize, stone: Option<Stone>) {
        assert!(row < self.board.rows() && col < self.board.cols());
        let point = row * self.board.cols() + col;
        self.board.set_code(point, stone.map_or(EMPTY, Stone::code));
        self.ko = None;
        if let Some(history) = &mut self.history {
            history.restart();
        }
    }

    /// Plays `stone` on `point` (row, column), or passes with `None`.
    ///
    /// # Errors
    ///
    /// Why the move is illegal under the rules; the game is then unchanged.
    ///
    /// # Complexity
    ///
    /// Linear in the groups next to the point (see [`crate::solve`]); under
    /// superko, plus an expected constant for the position hash, and a
    /// check linear in the board and the game so far for each hash that
    /// matches (a real repeat, or a 64-bit collision).
    pub fn play(&mut self, point: Option<(usize, usize)>, stone: Stone) -> Result<(), Illegal> {
        let (row, col) = match point {
            None => {
                self.ko = None;
                if let Some(history) = &mut self.history {
                    history.pass(&self.board, stone, self.moves);
                }
                self.moves += 1;
                return Ok(());
            }
            Some(point) => point,
        };
        let (rows, cols) = (self.board.rows(), self.board.cols());
        if row >= rows || col >= cols {
            return Err(Illegal::OffBoard);
        }
        let point = row * cols + col;
        if self.board.code(point) != EMPTY {
            return Err(Illegal::Occupied);
        }
        let neighbours = neighbours(point, rows, cols);
        let mover = usize::from(stone == Stone::White);
        let (captured_stones, suicide) = match &mut self.history {
            None => {
                let played = self.board.play(row, col, stone);
                if !played.own_group_has_liberty {
                    return Err(Illegal::Suicide);
                }
                if let Some((ko, taker)) = self.ko.filter(|&(ko, ..)| ko == point) {
                    if played.captured_stones == 1 {
                        // The retake took back the lone stone that took
                        // one: the position before it, recreated.
                        self.board.set_code(taker, stone.opponent().code());
                        self.board.set_code(ko, EMPTY);
                        return Err(Illegal::Ko);
                    }
                }
                (played.captured_stones, 0)
            }
            Some(history) => {
                history.begin(&self.board, stone, self.moves);
                history.removed.clear();
                let played = self
                    .board
                    .play_logged(row, col, stone, Some(&mut history.removed));
                let mut suicide = 0;
                if !played.own_group_has_liberty {
                    // Allowed here: the stone goes down with its group.
                    self.board.set_code(point, stone.code());
                    suicide = self.board.remove_group(point, Some(&mut history.removed));
                }
                history.finish(&mut self.board, point, suicide > 0, stone, self.moves + 1)?;
                (played.captured_stones, suicide)
            }
        };
        self.captured[mover] += captured_stones as u64;
        self.captured[1 - mover] += suicide as u64;
        self.moves += 1;
        self.ko = None;
        if self.rules == Rules::SimpleKo && captured_stones == 1 {
            self.ko = self.ko_after(point, stone, &neighbours);
        }
        Ok(())
    }

    /// After `stone` on `point` took one stone: the ko point (the taken
    /// stone's) and `point`, when the new stone stands alone with the ko
    /// point as its only liberty.
    fn ko_after(
        &self,
        point: usize,
        stone: Stone,
        neighbours: &[Option<usize>; 4],
    ) -> Option<(usize, usize)> {
        let mut empty = None;
        for &next in neighbours.iter().flatten() {
            match self.board.code(next) {
                EMPTY if empty.is_none() => empty = Some(next),
                EMPTY => return None,
                code if code == stone.code() => return None,
                _ => {}
            }
        }
        empty.map(|ko| (ko, point))
    }
}

/// The points next to `point` on a board of `rows` x `cols`.
fn neighbours(point: usize, rows: usize, cols: usize) -> [Option<usize>; 4] {
    let (row, col) = (point / cols, point % cols);
    [
        (row > 0).then(|| point - cols),
        (col > 0).then(|| point - 1),
        (col + 1 < cols).then(|| point + 1),
        (row + 1 < rows).then(|| point + cols),
    ]
}

/// What superko remembers of a game: every position since the start (or the
/// last setup), found by a 64-bit Zobrist hash and confirmed point by point,
/// so that a hash collision can never refuse a legal move.
///
/// A position is confirmed by taking a copy of the board back to it through
/// the log of changed points; a real repeat is refused (and so happens at
/// most once per move), and a false match costs one such check.
#[derive(Debug, Clone)]
struct History {
    /// Situational superko: a position counts with the colour that made it.
    situational: bool,
    /// The hash of the board now.
    hash: u64,
    positions: Vec<Recorded>,
    /// The newest recorded position of each key.
    newest: HashMap<u64, usize>,
    /// Every change since the history's start: the point and its old code.
    log: Vec<(usize, u8)>,
    /// The points the move being played removed (filled by the board).
    removed: Vec<usize>,
    scratch: Vec<u8>,
    /// The board changed by setup: the history starts again at the next move.
    restart: bool,
    /// The log's length and the hash before the move being played.
    step: (usize, u64),
}

#[derive(Debug, Clone, Copy)]
struct Recorded {
    key: u64,
    made_by: Stone,
    /// The move that made it (0 for the start).
    after: u64,
    log_len: usize,
    /// The previous recorded position with the same key.
    previous: Option<usize>,
}

impl History {
    fn new(rules: Rules) -> History {
        History {
            situational: rules == Rules::NewZealand,
            hash: 0,
            positions: Vec::new(),
            newest: HashMap::new(),
            log: Vec::new(),
            removed: Vec::new(),
            scratch: Vec::new(),
            restart: true,
            step: (0, 0),
        }
    }

    fn restart(&mut self) {
        self.restart = true;
    }

    /// Before a move or pass of `stone` (`moves` played so far): starts the
    /// history again when it must, recording the position as the start,
    /// with the other colour as its maker (so `stone` to move).
    fn start_if_needed(&mut self, board: &Board, stone: Stone, moves: u64) {
        if !self.restart {
            return;
        }
        self.restart = false;
        self.hash = board
            .codes()
            .iter()
            .enumerate()
            .filter(|&(_, &code)| code != EMPTY)
            .fold(0, |hash, (point, &code)| hash ^ key(point, code));
        self.positions.clear();
        self.newest.clear();
        self.log.clear();
        self.record(stone.opponent(), moves);
    }

    fn pass(&mut self, board: &Board, stone: Stone, moves: u64) {
        self.start_if_needed(board, stone, moves);
        self.record(stone, moves + 1);
    }

    fn begin(&mut self, board: &Board, stone: Stone, moves: u64) {
        self.start_if_needed(board, stone, moves);
        self.step = (self.log.len(), self.hash);
    }

    /// After the board played `stone` on `point` (and removed the points in
    /// `removed`: its own group's when `suicide`): logs and hashes the
    /// changes, then refuses a repeated position, putting the board back.
    fn finish(
        &mut self,
        board: &mut Board,
        point: usize,
        suicide: bool,
        stone: Stone,
        after: u64,
    ) -> Result<(), Illegal> {
        if suicide {
            for &gone in &self.removed {
                if gone != point {
                    self.log.push((gone, stone.code()));
                    self.hash ^= key(gone, stone.code());
                }
            }
        } else {
            self.log.push((point, EMPTY));
            self.hash ^= key(point, stone.code());
            let taken = stone.opponent().code();
            for &gone in &self.removed {
                self.log.push((gone, taken));
                self.hash ^= key(gone, taken);
            }
        }
        let wanted = self.key_of(stone);
        let mut candidate = self.newest.get(&wanted).copied();
        while let Some(index) = candidate {
            let earlier = self.positions[index];
            if self.same_as(board, &earlier, stone) {
                let (log_len, hash) = self.step;
                for &(changed, old) in self.log[log_len..].iter().rev() {
                    board.set_code(changed, old);
                }
                self.log.truncate(log_len);
                self.hash = hash;
                return Err(Illegal::Superko {
                    after: earlier.after,
                });
            }
            candidate = earlier.previous;
        }
        self.record(stone, after);
        Ok(())
    }

    /// The key of the board now, made by `stone`.
    fn key_of(&self, stone: Stone) -> u64 {
        if self.situational && stone == Stone::White {
            self.hash ^ WHITE_MADE_IT
        } else {
            self.hash
        }
    }

    fn record(&mut self, made_by: Stone, after: u64) {
        let key = self.key_of(made_by);
        let index = self.positions.len();
        let previous = self.newest.insert(key, index);
        self.positions.push(Recorded {
            key,
            made_by,
            after,
            log_len: self.log.len(),
            previous,
        });
    }

    /// Whether `earlier` is the board now, made by `stone` (the maker
    /// matters only for situational superko).
    fn same_as(&mut self, board: &Board, earlier: &Recorded, stone: Stone) -> bool {
        debug_assert_eq!(earlier.key, self.key_of(stone));
        if self.situational && earlier.made_by != stone {
            return false;
        }
        self.scratch.clear();
        self.scratch.extend_from_slice(board.codes());
        for &(changed, old) in self.log[earlier.log_len..].iter().rev() {
            self.scratch[changed] = old;
        }
        self.scratch == board.codes()
    }
}

/// Marks a key as that of a position made by white, under situational superko.
const WHITE_MADE_IT: u64 = 0x9e37_79b9_7f4a_7c15;

/// The Zobrist key of `code` (black or white) on `point`: SplitMix64 of the
/// pair, so that no table limits the board's size.
fn key(point: usize, code: u8) -> u64 {
    debug_assert!(code == BLACK || code == WHITE);
    let mut z = ((point as u64) << 2 | u64::from(code)).wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
