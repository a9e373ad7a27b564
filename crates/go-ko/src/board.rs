//! The board, one byte per point, and the group search, which keeps all its
//! bookkeeping in those same bytes and so needs no stack, queue or second
//! array however large the group is.

use std::fmt;

/// A stone's colour, written `X` (black) or `O` (white) in the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Stone {
    /// `X`.
    Black,
    /// `O`.
    White,
}

impl Stone {
    /// The other colour.
    pub fn opponent(self) -> Stone {
        match self {
            Stone::Black => Stone::White,
            Stone::White => Stone::Black,
        }
    }

    /// The character that stands for the stone in the input and output.
    pub fn symbol(self) -> char {
        match self {
            Stone::Black => 'X',
            Stone::White => 'O',
        }
    }

    /// The colour's name, capitalised: `Black` or `White`.
    pub fn word(self) -> &'static str {
        match self {
            Stone::Black => "Black",
            Stone::White => "White",
        }
    }

    /// The colour's letter in SGF (`B[dd]`, `AW[cc]`): `B` or `W`.
    pub fn letter(self) -> &'static str {
        match self {
            Stone::Black => "B",
            Stone::White => "W",
        }
    }

    pub(super) fn code(self) -> u8 {
        match self {
            Stone::Black => BLACK,
            Stone::White => WHITE,
        }
    }
}

impl fmt::Display for Stone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.symbol())
    }
}

/// A rectangular Go board of at least one row and one column, stored row by
/// row, one byte per point.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    rows: usize,
    cols: usize,
    /// `cells[row * cols + col]`: the point's colour code in the two low bits
    /// ([`EMPTY`], [`BLACK`], [`WHITE`]); the other bits hold the searches'
    /// marks, and are zero except while [`Board::play`] runs.
    cells: Vec<u8>,
}

/// A group of stones of one colour and its liberties (the empty points next
/// to it), each point given by its index `row * cols + col`, in increasing
/// order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Group {
    /// The group's stones.
    pub stones: Vec<usize>,
    /// Its liberties, each once.
    pub liberties: Vec<usize>,
}

/// The groups the judge looks at for a move, as [`crate::solve`] searches them:
/// what decides the verdict, for showing how it is reached.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Groups {
    /// The group the new stone joins once it is down (before any capture),
    /// and its liberties: none, and nothing captured, is `Suicide`.
    pub own: Group,
    /// Each opponent group next to the new stone, once, with its liberties
    /// with the stone down (none: captured, `K.O.`), in the order of the
    /// first side each touches: above, left, right, below.
    pub enemies: Vec<Group>,
}

/// One search the judge ran for a move, in the order it ran them: a step of
/// [`crate::Trace`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchStep {
    /// Whose group was looked at.
    pub whose: Whose,
    /// How far the judge looked.
    pub scope: Scope,
    /// The stones it looked at, in increasing order: the whole group
    /// ([`Scope::Group`]), or the one stone it started from
    /// ([`Scope::Stone`]).
    pub stones: Vec<usize>,
    /// The liberties it found, in increasing order: every empty point next
    /// to the group ([`Scope::Group`]; none means captured, or for the own
    /// group suicide), or the first empty side of the stone
    /// ([`Scope::Stone`]).
    pub liberties: Vec<usize>,
}

/// Whose group a [`SearchStep`] looked at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Whose {
    /// An opponent group next to the new stone (the search for a capture).
    Opponent,
    /// The new stone's own group (the search for suicide), looked at only
    /// when nothing was captured.
    Own,
}

/// How far the judge looked in a [`SearchStep`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// The stone the search starts from has an empty point beside it (its
    /// sides looked at above, right, below, left, up to the first empty
    /// one): the group has a liberty, and is not searched further.
    Stone,
    /// The whole group was searched, and every liberty of it seen.
    Group,
}

/// What [`Board::play`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Played {
    /// Opponent groups next to the new stone that were left without a
    /// liberty, and so removed.
    pub(super) captured_groups: usize,
    /// Whether the new stone's own group has a liberty (looked at only when
    /// nothing was captured; `true` otherwise).
    pub(super) own_group_has_liberty: bool,
    /// How many opponent stones were removed.
    pub(super) captured_stones: usize,
}

// The two low bits of a cell: its colour.
pub(super) const EMPTY: u8 = 0;
pub(super) const BLACK: u8 = 1;
pub(super) const WHITE: u8 = 2;
const COLOUR: u8 = 0b11;
// A stone the search has finished with: DONE, plus (bits 4 and 5) the number
// of the search that found it, so that the groups of one move stay apart.
const DONE: u8 = 0b0100;
// A stone of a run on the search's current path: ACTIVE, plus (bits 4 and 5,
// on the stone the run was entered by) the side of the run it came from.
const ACTIVE: u8 = 0b1000;
const LINK: u8 = 0b11_0000;
const LINK_ABOVE: u8 = 0b01_0000;
const LINK_BELOW: u8 = 0b10_0000;
// Where `play` writes the number of a search.
const SEARCH_SHIFT: u32 = 4;

/// How many cells of a run the search looks at in one go, when it can.
const CHUNK: usize = 32;

/// The sides of a point, for [`Board::neighbour`].
const RIGHT: u8 = 0;
const LEFT: u8 = 1;
const DOWN: u8 = 2;
const UP: u8 = 3;

impl Board {
    /// A board from its colour codes, row by row: used by the parser, which
    /// has checked that there are `rows * cols` codes, each one a colour.
    pub(super) fn from_codes(rows: usize, cols: usize, cells: Vec<u8>) -> Board {
        debug_assert!(rows >= 1 && cols >= 1 && cells.len() == rows * cols);
        debug_assert!(cells.iter().all(|&cell| cell <= WHITE));
        Board { rows, cols, cells }
    }

    /// The colour code of an input character (`.`, `X`, `O`), if it is one.
    pub(super) fn code_of(symbol: u8) -> Option<u8> {
        match symbol {
            b'.' => Some(EMPTY),
            b'X' => Some(BLACK),
            b'O' => Some(WHITE),
            _ => None,
        }
    }

    /// The stone a colour code stands for (`None` for an empty point).
    pub(super) fn stone_of(code: u8) -> Option<Stone> {
        match code & COLOUR {
            BLACK => Some(Stone::Black),
            WHITE => Some(Stone::White),
            _ => None,
        }
    }

    /// The colour code of `.`, `X` or `O`, without a branch (any other byte
    /// gives a code too, so check first).
    pub(super) fn code_of_point(symbol: u8) -> u8 {
        (u8::from(symbol == b'X') * BLACK) | (u8::from(symbol == b'O') * WHITE)
    }

    /// The number of rows, at least 1.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns, at least 1.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The stone on a point, or `None` for an empty point.
    ///
    /// # Panics
    ///
    /// If the point is outside the board.
    pub fn stone(&self, row: usize, col: usize) -> Option<Stone> {
        assert!(
            row < self.rows && col < self.cols,
            "({row}, {col}) is off the board"
        );
        Board::stone_of(self.cells[row * self.cols + col])
    }

    /// The board as one line of `.`, `X` and `O`, row after row from the
    /// top: a point's character is at its index `row * cols + col`.
    pub fn text(&self) -> String {
        self.cells
            .iter()
            .map(|&cell| Board::stone_of(cell).map_or('.', Stone::symbol))
            .collect()
    }

    /// The board as text after `head`: one line per row, ending in `\n`, in
    /// the input's characters. The text is made in the board's own storage,
    /// so a large board is not held twice.
    pub fn into_text(self, head: &[u8]) -> Vec<u8> {
        let Board {
            rows,
            cols,
            mut cells,
        } = self;
        let start = head.len();
        cells.resize(start + rows * (cols + 1), 0);
        // Move every row to its place in the text, the last row first: a row
        // only moves to the right, onto cells whose rows are already moved.
        for row in (0..rows).rev() {
            let (from, to) = (row * cols, start + row * (cols + 1));
            cells.copy_within(from..from + cols, to);
            cells[to + cols] = b'\n';
        }
        cells[..start].copy_from_slice(head);
        // Arithmetic rather than a table, so that it runs as vector code;
        // the line ends (not a colour code) stay as they are.
        for cell in &mut cells[start..] {
            let code = *cell;
            *cell = code
                + u8::from(code == EMPTY) * b'.'
                + u8::from(code == BLACK) * (b'X' - BLACK)
                + u8::from(code == WHITE) * (b'O' - WHITE);
        }
        cells
    }

    /// The group of the stone on `(row, col)` and its liberties, found by
    /// the same search as [`crate::solve`]'s; `None` for an empty point.
    ///
    /// # Panics
    ///
    /// If the point is outside the board.
    ///
    /// # Complexity
    ///
    /// A copy of the board, then linear in the group's size plus the rows it
    /// spans.
    pub fn group(&self, row: usize, col: usize) -> Option<Group> {
        self.stone(row, col)?;
        Some(self.clone().take_group(row * self.cols + col))
    }

    /// Puts `stone` on the empty point `(row, col)` and takes its group and
    /// those of the opponent next to it (see [`Groups`]); the stone
    /// stays on the board.
    pub(super) fn groups_around(&mut self, row: usize, col: usize, stone: Stone) -> Groups {
        let point = row * self.cols + col;
        debug_assert_eq!(self.cells[point], EMPTY);
        self.cells[point] = stone.code();
        let own = self.take_group(point);
        let mut enemies: Vec<Group> = Vec::new();
        for direction in [UP, LEFT, RIGHT, DOWN] {
            if let Some(next) = self.neighbour(point, row, col, direction) {
                let seen = enemies
                    .iter()
                    .any(|group| group.stones.binary_search(&next).is_ok());
                if self.cells[next] == stone.opponent().code() && !seen {
                    enemies.push(self.take_group(next));
                }
            }
        }
        Groups { own, enemies }
    }

    /// The group of the stone on `point`, found by [`Board::search_group`],
    /// its stones read off the search's marks, which are then cleared: the
    /// board is left as it was.
    pub(super) fn take_group(&mut self, point: usize) -> Group {
        let done = (self.cells[point] & COLOUR) | DONE;
        let touched = self.search_group(point, done).touched;
        let mut group = Group::default();
        for index in touched.clone() {
            if self.cells[index] != done {
                continue;
            }
            group.stones.push(index);
            let (row, col) = (index / self.cols, index % self.cols);
            for direction in [UP, LEFT, RIGHT, DOWN] {
                if let Some(next) = self.neighbour(index, row, col, direction) {
                    // Marks are only ever on stones: an empty point is EMPTY.
                    if self.cells[next] == EMPTY {
                        group.liberties.push(next);
                    }
                }
            }
        }
        for cell in &mut self.cells[touched] {
            *cell &= COLOUR;
        }
        group.liberties.sort_unstable();
        group.liberties.dedup();
        group
    }

    /// Puts `stone` on the empty point `(row, col)`, removes the opponent
    /// groups it leaves without a liberty and, when there are none, looks
    /// at the liberties of its own group (and takes the stone back off when
    /// it has none: the move is not allowed).
    ///
    /// # Complexity
    ///
    /// Linear in the size of the groups next to the point, plus a sweep over
    /// the rows they span.
    pub(super) fn play(&mut self, row: usize, col: usize, stone: Stone) -> Played {
        self.play_logged(row, col, stone, None)
    }

    /// [`Board::play`], and with `removed` the points of the captured stones
    /// are pushed onto it (a point-by-point sweep instead of the vector one,
    /// for callers that keep a position hash).
    pub(super) fn play_logged(
        &mut self,
        row: usize,
        col: usize,
        stone: Stone,
        removed_points: Option<&mut Vec<usize>>,
    ) -> Played {
        self.play_traced(row, col, stone, removed_points, None)
    }

    /// [`Board::play_logged`], and with `trace` every search it runs is
    /// pushed onto it, in its order ([`SearchStep`]): a pass over the rows
    /// each whole search reached, only when asked for.
    pub(super) fn play_traced(
        &mut self,
        row: usize,
        col: usize,
        stone: Stone,
        removed_points: Option<&mut Vec<usize>>,
        mut trace: Option<&mut Vec<SearchStep>>,
    ) -> Played {
        let point = row * self.cols + col;
        debug_assert_eq!(self.cells[point], EMPTY);
        self.cells[point] = stone.code();
        let opponent = stone.opponent().code();
        // Every opponent group next to the stone, each searched once: a
        // group that touches the stone on several sides is marked DONE by
        // its first search, so the other sides do not start a new one.
        let mut captured = [false; 4];
        let mut searches: u8 = 0;
        let mut touched = point..point + 1;
        for direction in [RIGHT, LEFT, DOWN, UP] {
            if let Some(next) = self.neighbour(point, row, col, direction) {
                // A stone with an empty point beside it has a liberty: its
                // group needs no search (the common case in a game).
                if self.cells[next] == opponent && !self.has_empty_neighbour(next) {
                    let done = opponent | DONE | (searches << SEARCH_SHIFT);
                    let search = self.search_group(next, done);
                    captured[usize::from(searches)] = !search.has_liberty;
                    searches += 1;
                    if let Some(steps) = trace.as_mut() {
                        steps.push(self.searched(Whose::Opponent, search.touched.clone(), done));
                    }
                    touched = union(touched, search.touched);
                } else if self.cells[next] == opponent {
                    if let Some(steps) = trace.as_mut() {
                        steps.push(self.glanced(Whose::Opponent, next));
                    }
                }
            }
        }
        let captured_groups = captured.iter().filter(|&&captured| captured).count();
        let mut own_group_has_liberty = true;
        // The sweep at the end removes the stones marked by a search that
        // found no liberty and restores every other cell to its plain colour.
        // The marks to remove (u8::MAX, which no cell holds, for the rest)
        // are compared with every cell rather than looked up in a table, so
        // that the sweep runs as vector code.
        let mut removed = [u8::MAX; 4];
        if captured_groups > 0 {
            for ((search, removed), _) in (0u8..)
                .zip(&mut removed)
                .zip(captured)
                .filter(|&(_, captured)| captured)
            {
                *removed = opponent | DONE | (search << SEARCH_SHIFT);
            }
        } else if !self.has_empty_neighbour(point) {
            let done = stone.code() | DONE;
            let search = self.search_group(point, done);
            own_group_has_liberty = search.has_liberty;
            if let Some(steps) = trace.as_mut() {
                steps.push(self.searched(Whose::Own, search.touched.clone(), done));
            }
            touched = union(touched, search.touched);
        } else if let Some(steps) = trace.as_mut() {
            steps.push(self.glanced(Whose::Own, point));
        }
        let mut captured_stones = 0;
        match removed_points {
            None => {
                for cell in &mut self.cells[touched] {
                    let gone = (*cell == removed[0])
                        | (*cell == removed[1])
                        | (*cell == removed[2])
                        | (*cell == removed[3]);
                    captured_stones += usize::from(gone);
                    *cell = u8::from(!gone) * (*cell & COLOUR);
                }
            }
            Some(points) => {
                let start = touched.start;
                for (index, cell) in self.cells[touched].iter_mut().enumerate() {
                    let gone = removed.contains(cell);
                    if gone {
                        points.push(start + index);
                    }
                    captured_stones += usize::from(gone);
                    *cell = u8::from(!gone) * (*cell & COLOUR);
                }
            }
        }
        if !own_group_has_liberty {
            self.cells[point] = EMPTY;
        }
        Played {
            captured_groups,
            own_group_has_liberty,
            captured_stones,
        }
    }

    /// The step of a whole search just run: its stones are the cells of
    /// `touched` marked `done`, its liberties their empty sides.
    fn searched(&self, whose: Whose, touched: std::ops::Range<usize>, done: u8) -> SearchStep {
        let mut step = SearchStep {
            whose,
            scope: Scope::Group,
            stones: Vec::new(),
            liberties: Vec::new(),
        };
        for index in touched {
            if self.cells[index] != done {
                continue;
            }
            step.stones.push(index);
            let (row, col) = (index / self.cols, index % self.cols);
            for direction in [UP, LEFT, RIGHT, DOWN] {
                if let Some(next) = self.neighbour(index, row, col, direction) {
                    if self.cells[next] == EMPTY {
                        step.liberties.push(next);
                    }
                }
            }
        }
        step.liberties.sort_unstable();
        step.liberties.dedup();
        step
    }

    /// The step of a stone found to have an empty side, as
    /// [`Board::has_empty_neighbour`] looks: the first such side.
    fn glanced(&self, whose: Whose, point: usize) -> SearchStep {
        let (row, col) = (point / self.cols, point % self.cols);
        let first = [UP, RIGHT, DOWN, LEFT].iter().find_map(|&direction| {
            self.neighbour(point, row, col, direction)
                .filter(|&next| self.cells[next] == EMPTY)
        });
        SearchStep {
            whose,
            scope: Scope::Stone,
            stones: vec![point],
            liberties: first.into_iter().collect(),
        }
    }

    /// Removes the whole group of the stone on `point` (a suicide, where the
    /// rules allow it), pushing each removed point onto `removed_points`
    /// when given; returns how many stones it had.
    pub(super) fn remove_group(
        &mut self,
        point: usize,
        mut removed_points: Option<&mut Vec<usize>>,
    ) -> usize {
        let colour = self.cells[point];
        debug_assert!(colour == BLACK || colour == WHITE);
        let done = colour | DONE;
        let search = self.search_group(point, done);
        let start = search.touched.start;
        let mut count = 0;
        for (index, cell) in self.cells[search.touched].iter_mut().enumerate() {
            if *cell == done {
                *cell = EMPTY;
                count += 1;
                if let Some(points) = removed_points.as_mut() {
                    points.push(start + index);
                }
            }
        }
        count
    }

    /// The colour code of a point (by its index `row * cols + col`).
    pub(super) fn code(&self, point: usize) -> u8 {
        self.cells[point]
    }

    /// Sets the colour code of a point: setup properties and undoing.
    pub(super) fn set_code(&mut self, point: usize, code: u8) {
        self.cells[point] = code;
    }

    /// An empty board.
    pub(super) fn empty(rows: usize, cols: usize) -> Board {
        Board::from_codes(rows, cols, vec![EMPTY; rows * cols])
    }

    /// The colour codes, row by row.
    pub(super) fn codes(&self) -> &[u8] {
        &self.cells
    }

    /// Visits every stone of the group that holds `root` (whose cell must be
    /// its plain colour, as must the cells of the whole group), leaves each
    /// of them set to `done`, and says whether the group has a liberty.
    ///
    /// A depth-first search over *runs*, the maximal horizontal stretches of
    /// the group's stones in one row, which keeps its path in the board:
    ///
    /// - Entering a run marks all its stones ACTIVE; the stone it was
    ///   entered by (its *entry*) also holds the side its predecessor lies
    ///   on (above or below), and the root run's entry holds none. The cells
    ///   just left and right of the run are looked at for liberties.
    /// - The run is then scanned from left to right, looking above and
    ///   below each stone: an empty point is a liberty, a plain stone of the
    ///   group is the entry of a new run, which is entered at once.
    /// - At the end of its row, or at the first cell that is not one of its
    ///   ACTIVE stones, a run is finished: swept right to left and marked
    ///   `done`, its entry found on the way. The predecessor is the cell
    ///   above or below that entry, and its scan goes on right after the
    ///   place that led to this run. The run without an entry link is the
    ///   root's, and then the search is over.
    ///
    /// Runs of one row that belong to the same group are always separated by
    /// another colour, so "the ACTIVE stones next to each other in the row"
    /// is exactly the current run. Every run is entered once, and every cell
    /// of it is scanned, swept and looked above and below a fixed number of
    /// times, so the search is linear in the size of the group, needs no
    /// memory besides the board, and on long runs its loops are short and
    /// predictable.
    fn search_group(&mut self, root: usize, done: u8) -> Search {
        let colour = self.cells[root];
        debug_assert!(colour == BLACK || colour == WHITE);
        let (rows, cols) = (self.rows, self.cols);
        let cells = &mut self.cells[..];
        let active = colour | ACTIVE;
        let mut has_liberty = false;
        let (mut row, mut col) = (root / cols, root % cols);
        let run = enter_run(cells, cols, root, col, active);
        has_liberty |= run.has_liberty;
        let (mut lowest, mut highest) = (run.first, run.last);
        // The scan: the cell `at` (at `row`, `col`) of the current run is
        // looked at above (unless `above_done`) and then below.
        let mut at = run.first;
        col -= root - run.first;
        let mut above_done = false;
        loop {
            while col < cols && cells[at] & (COLOUR | ACTIVE | DONE) == active {
                // The fast way over a long run: a whole chunk of it at once,
                // when nothing in the chunk leads to a new run.
                if !above_done && col + CHUNK <= cols {
                    // A missing row is stood in for by one that finds
                    // nothing in it (the run's own stones, or the other row).
                    let this_row = chunk_at(cells, at);
                    let above = if row > 0 {
                        chunk_at(cells, at - cols)
                    } else {
                        this_row
                    };
                    let below = if row + 1 < rows {
                        chunk_at(cells, at + cols)
                    } else {
                        this_row
                    };
                    if let (Some(this_row), Some(above), Some(below)) = (this_row, above, below) {
                        let mut found = 0u8;
                        for index in 0..CHUNK {
                            let (up, down) = (above[index], below[index]);
                            found |= u8::from(this_row[index] & (COLOUR | ACTIVE | DONE) != active)
                                | (u8::from((up == colour) | (down == colour)) << 1)
                                | (u8::from((up == EMPTY) | (down == EMPTY)) << 2);
                        }
                        if found & 0b011 == 0 {
                            has_liberty |= found != 0;
                            at += CHUNK;
                            col += CHUNK;
                            continue;
                        }
                    }
                }
                if !above_done && row > 0 {
                    let cell = cells[at - cols];
                    if cell == colour {
                        let run = enter_run(cells, cols, at - cols, col, active);
                        cells[at - cols] |= LINK_BELOW;
                        has_liberty |= run.has_liberty;
                        lowest = lowest.min(run.first);
                        row -= 1;
                        col -= at - cols - run.first;
                        at = run.first;
                        continue;
                    }
                    has_liberty |= cell == EMPTY;
                }
                above_done = false;
                if row + 1 < rows {
                    let cell = cells[at + cols];
                    if cell == colour {
                        let run = enter_run(cells, cols, at + cols, col, active);
                        cells[at + cols] |= LINK_ABOVE;
                        has_liberty |= run.has_liberty;
                        highest = highest.max(run.last);
                        row += 1;
                        col -= at + cols - run.first;
                        at = run.first;
                        continue;
                    }
                    has_liberty |= cell == EMPTY;
                }
                at += 1;
                col += 1;
            }
            // The run ends just before `at`: mark it done from right to
            // left, finding its entry.
            let (mut link, mut entry, mut entry_col) = (0, at, col);
            while col >= CHUNK {
                let chunk = &mut cells[at - CHUNK..at];
                let mut other = 0u8;
                for &cell in chunk.iter() {
                    other |= u8::from(cell & (COLOUR | ACTIVE | DONE | LINK) != active);
                }
                if other != 0 {
                    break;
                }
                chunk.fill(done);
                at -= CHUNK;
                col -= CHUNK;
            }
            while col > 0 && cells[at - 1] & (COLOUR | ACTIVE | DONE) == active {
                at -= 1;
                col -= 1;
                if cells[at] & LINK != 0 {
                    (link, entry, entry_col) = (cells[at] & LINK, at, col);
                }
                cells[at] = done;
            }
            match link {
                LINK_ABOVE => {
                    // The predecessor looked below this cell: go on with
                    // the next one.
                    row -= 1;
                    at = entry - cols + 1;
                    col = entry_col + 1;
                }
                LINK_BELOW => {
                    // The predecessor looked above: below is still to do.
                    row += 1;
                    at = entry + cols;
                    col = entry_col;
                    above_done = true;
                }
                _ => {
                    return Search {
                        has_liberty,
                        touched: lowest..highest + 1,
                    }
                }
            }
        }
    }

    /// Whether a point next to `point` is empty (marks are only ever on
    /// stones, so this holds during the searches too).
    fn has_empty_neighbour(&self, point: usize) -> bool {
        let (row, col) = (point / self.cols, point % self.cols);
        [UP, RIGHT, DOWN, LEFT].iter().any(|&direction| {
            self.neighbour(point, row, col, direction)
                .map_or(false, |next| self.cells[next] == EMPTY)
        })
    }

    /// The cell next to `point` (at `row`, `col`) in `direction`, if it is on
    /// the board.
    fn neighbour(&self, point: usize, row: usize, col: usize, direction: u8) -> Option<usize> {
        match direction {
            UP if row > 0 => Some(point - self.cols),
            RIGHT if col + 1 < self.cols => Some(point + 1),
            DOWN if row + 1 < self.rows => Some(point + self.cols),
            LEFT if col > 0 => Some(point - 1),
            _ => None,
        }
    }
}

/// What one group search found.
struct Search {
    has_liberty: bool,
    /// The cells from the group's first stone to its last, row by row.
    touched: std::ops::Range<usize>,
}

/// A run just entered: its first and last cells, and whether the cells just
/// left and right of it hold a liberty.
struct Run {
    first: usize,
    last: usize,
    has_liberty: bool,
}

/// Enters the run that holds the plain stone `entry` (in column `col` of a
/// row `cols` wide): marks all its stones `active` and looks at the cells at
/// its two ends.
fn enter_run(cells: &mut [u8], cols: usize, entry: usize, col: usize, active: u8) -> Run {
    let colour = cells[entry];
    let (row_start, row_end) = (entry - col, entry - col + cols);
    // A chunk at a time while the run goes on, then point by point.
    let mut first = entry;
    while first >= row_start + CHUNK && all_equal(cells.get(first - CHUNK..first), colour) {
        first -= CHUNK;
    }
    while first > row_start && cells[first - 1] == colour {
        first -= 1;
    }
    let mut last = entry;
    while last + CHUNK < row_end && all_equal(cells.get(last + 1..last + 1 + CHUNK), colour) {
        last += CHUNK;
    }
    while last + 1 < row_end && cells[last + 1] == colour {
        last += 1;
    }
    cells[first..=last].fill(active);
    let has_liberty = (first > row_start && cells[first - 1] == EMPTY)
        || (last + 1 < row_end && cells[last + 1] == EMPTY);
    Run {
        first,
        last,
        has_liberty,
    }
}

/// The `CHUNK` cells from `start`, if there are that many.
fn chunk_at(cells: &[u8], start: usize) -> Option<&[u8; CHUNK]> {
    cells.get(start..start + CHUNK)?.try_into().ok()
}

/// Whether `cells` is there and holds only `value`, looked at without an
/// early exit (a chunk is short, and the loop becomes vector code).
fn all_equal(cells: Option<&[u8]>, value: u8) -> bool {
    cells.map_or(false, |cells| {
        cells.iter().fold(true, |all, &cell| all & (cell == value))
    })
}

fn union(a: std::ops::Range<usize>, b: std::ops::Range<usize>) -> std::ops::Range<usize> {
    a.start.min(b.start)..a.end.max(b.end)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str]) -> Board {
        let cols = rows[0].len();
        let cells = rows
            .iter()
            .flat_map(|row| row.bytes().map(|symbol| Board::code_of(symbol).unwrap()))
            .collect();
        Board::from_codes(rows.len(), cols, cells)
    }

    fn shown(board: &Board) -> String {
        String::from_utf8(board.clone().into_text(b"")).unwrap()
    }

    #[test]
    fn a_group_touching_the_stone_twice_is_searched_once() {
        // Searching the O group again from its second side, with the marks
        // of the first search in place, would find no liberty.
        let mut position = board(&[".O.", "OO.", "..."]);
        let played = position.play(0, 0, Stone::Black);
        assert_eq!(played.captured_groups, 0);
        assert!(!played.own_group_has_liberty);
        assert_eq!(shown(&position), ".O.\nOO.\n...\n");
    }

    #[test]
    fn a_dead_group_touching_the_stone_on_all_four_sides_is_one_capture() {
        let mut position = board(&["XXX", "X.X", "XXX"]);
        let played = position.play(1, 1, Stone::White);
        assert_eq!(played.captured_groups, 1);
        assert_eq!(shown(&position), "...\n.O.\n...\n");
    }

    #[test]
    fn separate_groups_are_counted_separately() {
        let mut position = board(&[".O.", "OXO", "XOX"]);
        let played = position.play(0, 0, Stone::Black);
        // The O at (0,1) still has (0,2); the O at (1,0) is captured.
        assert_eq!(played.captured_groups, 1);
        assert_eq!(shown(&position), "XO.\n.XO\nXOX\n");
    }

    #[test]
    fn searching_leaves_no_marks_behind() {
        let mut position = board(&["OOO..", "O.OX.", "OOOX."]);
        let played = position.play(1, 1, Stone::Black);
        assert_eq!(played.captured_groups, 0);
        assert!(!played.own_group_has_liberty);
        assert_eq!(position, board(&["OOO..", "O.OX.", "OOOX."]));
        let played = position.play(0, 3, Stone::Black);
        assert_eq!(played.captured_groups, 0);
        assert!(played.own_group_has_liberty);
        assert_eq!(position, board(&["OOOX.", "O.OX.", "OOOX."]));
    }

    #[test]
    fn a_whole_board_group_is_searched_without_recursion() {
        // A snake of X through every other row, on a board big enough that a
        // recursive search would overflow the test thread's stack.
        let (rows, cols) = (1001, 1000);
        let mut cells = vec![EMPTY; rows * cols];
        for row in 0..rows {
            for col in 0..cols {
                let connector = if row % 4 == 1 { cols - 1 } else { 0 };
                if row % 2 == 0 || col == connector {
                    cells[row * cols + col] = BLACK;
                } else {
                    cells[row * cols + col] = WHITE;
                }
            }
        }
        cells[0] = EMPTY;
        let mut position = Board::from_codes(rows, cols, cells);
        let played = position.play(0, 0, Stone::White);
        assert_eq!(played.captured_groups, 1);
        assert!((0..rows)
            .all(|row| (0..cols).all(|col| position.stone(row, col) != Some(Stone::Black))));
    }
}
