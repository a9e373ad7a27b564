//! A game entered by hand, one entry at a time: a move `Bdd` or `Wdd`
//! (colour, then the point's SGF letters, column then row), a pass `B-` or
//! `W-`, a setup stone `bdd` or `wdd` (`AB`, `AW`), an emptied point `edd`
//! (`AE`). Each is played on a [`Game`] exactly as its node of an SGF
//! record (`B[dd]`, `AB[cc]`) would be, the record is kept as SGF text,
//! and a refusal is the [`IllegalMove`] `--sgf` reports for that record.
//!
//! An entry costs what its move costs ([`Game::play`]), plus a copy of the
//! board to judge the stone first ([`Game::judge`], [`Game::groups`]).

use judge_io::{Error, Pos};

use super::board::{Groups, Stone};
use super::coords::{name_of, sgf_move, sgf_point};
use super::game::{Game, Rules};
use super::sgf::IllegalMove;
use super::words::Explanation;
use super::{Trace, Verdict};

/// One entry as written (`Bdd`, `W-`, `bdd`, `edd`), and what it does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    text: String,
    kind: EntryKind,
}

/// What an entry does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryKind {
    /// A stone played on the letters' point (which may be off the board,
    /// for the game to refuse), or a pass without letters.
    Move(Stone, Option<[u8; 2]>),
    /// A setup stone put on (row, column), or the point emptied (`None`).
    Setup(Option<Stone>, usize, usize),
}

impl Entry {
    /// Reads an entry for a board of `size` x `size`: a move's letters may
    /// name a point off the board (the game refuses it, in its words), a
    /// setup point must be on it.
    ///
    /// # Errors
    ///
    /// Anything else, as an input error without a place.
    pub fn read(text: &str, size: usize) -> Result<Entry, Error> {
        let stone = |letter: u8| match letter.to_ascii_uppercase() {
            b'B' => Stone::Black,
            _ => Stone::White,
        };
        let on_board =
            |letter: u8| letter.is_ascii_lowercase() && usize::from(letter - b'a') < size;
        let kind = match *text.as_bytes() {
            [colour @ (b'B' | b'W'), b'-'] => Some(EntryKind::Move(stone(colour), None)),
            [colour @ (b'B' | b'W'), col, row] => {
                sgf_point([col, row]).map(|_| EntryKind::Move(stone(colour), Some([col, row])))
            }
            [kind @ (b'b' | b'w' | b'e'), col, row] if on_board(col) && on_board(row) => {
                sgf_point([col, row]).map(|(row, col)| {
                    EntryKind::Setup((kind != b'e').then(|| stone(kind)), row, col)
                })
            }
            _ => None,
        };
        match kind {
            Some(kind) => Ok(Entry {
                text: text.to_string(),
                kind,
            }),
            None => Err(Error::input(format!(
                "expected a move (Bdd, Wdd), a pass (B-, W-) or setup (bdd, wdd, edd) on the {size}x{size} board, found {text:?}"
            ))),
        }
    }

    /// Reads the entries of `text`, separated by white space or commas,
    /// each with where it starts (`text` starting on line `line`), for a
    /// board of `size` x `size` ([`Entry::read`]).
    ///
    /// # Errors
    ///
    /// The first entry that does not read, at its place: `entry 2: ...`.
    pub fn read_all(text: &str, size: usize, line: u64) -> Result<Vec<(Entry, Pos)>, Error> {
        let mut entries = Vec::new();
        let (mut line, mut column, mut start) = (line, 1, None);
        for (index, c) in text.char_indices().chain([(text.len(), ',')]) {
            if c.is_whitespace() || c == ',' {
                if let Some((from, at)) = start.take() {
                    let entry = Entry::read(&text[from..index], size).map_err(|error| {
                        let number = entries.len() + 1;
                        Error::at(at, format!("entry {number}: {}", error.message()))
                    })?;
                    entries.push((entry, at));
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
        Ok(entries)
    }

    /// The entry as written.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// What it does.
    pub fn kind(&self) -> EntryKind {
        self.kind
    }

    /// The colour it puts down: a move's or pass's, a setup stone's; `None`
    /// for an emptied point.
    pub fn colour(&self) -> Option<Stone> {
        match self.kind {
            EntryKind::Move(stone, _) | EntryKind::Setup(Some(stone), ..) => Some(stone),
            EntryKind::Setup(None, ..) => None,
        }
    }

    /// The entry as its SGF node: `;B[dd]`, `;W[]`, `;AB[cc]`, `;AE[cc]`.
    pub fn node(&self) -> String {
        let value = match self.kind {
            EntryKind::Move(_, None) => "",
            _ => &self.text[1..],
        };
        let property = match self.kind {
            EntryKind::Move(stone, _) => stone.letter(),
            EntryKind::Setup(Some(Stone::Black), ..) => "AB",
            EntryKind::Setup(Some(Stone::White), ..) => "AW",
            EntryKind::Setup(None, ..) => "AE",
        };
        format!(";{property}[{value}]")
    }
}

/// What an entry did, once played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entered {
    /// The entry.
    pub entry: Entry,
    /// Its point, `row * cols + col`, when it names one on the board.
    pub point: Option<usize>,
    /// The plain judge on a stone played on an empty point of the board,
    /// on the position before it ([`Game::judge`]), and the groups it
    /// searched ([`Game::groups`]).
    pub judged: Option<(Verdict, Groups)>,
    /// The plain judge's searches for that stone, in its order
    /// ([`Game::trace`]), when `judged` is there.
    pub trace: Option<Trace>,
    /// Why the game refused the move, as `--sgf` words it.
    pub refused: Option<IllegalMove>,
}

impl Entered {
    /// How the judge decided on a move's stone ([`Explanation`]), on a
    /// board of `size` x `size`; `None` for a pass, setup or a point off
    /// the board or occupied.
    pub fn explanation(&self, size: usize) -> Option<Explanation> {
        let (_, groups) = self.judged.as_ref()?;
        let stone = match self.entry.kind {
            EntryKind::Move(stone, _) => stone,
            EntryKind::Setup(..) => return None,
        };
        Some(Explanation::new(groups, self.point?, stone, size, size))
    }

    /// The status line after the entry, on a board of `size` x `size`:
    /// the verdict, the refusal, or the pass or setup in words.
    pub fn status(&self, size: usize) -> String {
        let verdict = self.judged.as_ref().map(|(verdict, _)| verdict);
        let at = self.point.map_or(String::new(), |p| name_of(p, size, size));
        match (&self.refused, verdict, self.entry.kind) {
            (Some(refused), Some(verdict), _) => format!("{verdict}, but refused: {refused}"),
            (Some(refused), None, _) => format!("Refused: {refused}"),
            (None, Some(verdict), _) => verdict.to_string(),
            (None, None, EntryKind::Move(stone, _)) => format!("{} passes.", stone.word()),
            (None, None, EntryKind::Setup(None, ..)) => format!("Setup: {at} emptied."),
            (None, None, EntryKind::Setup(Some(stone), ..)) => {
                let colour = stone.word().to_lowercase();
                format!("Setup: a {colour} stone on {at}.")
            }
        }
    }
}

/// A game on a square board entered by hand, kept as its SGF record, and
/// what the last entry did.
///
/// ```
/// use go_ko::{Entry, Record, Rules};
///
/// let mut record = Record::new(3, Rules::SimpleKo);
/// for entry in ["Bba", "Wbb", "bab", "W-"] {
///     record.enter(Entry::read(entry, 3).unwrap()).unwrap();
/// }
/// assert_eq!(record.sgf(), "(;GM[1]SZ[3];B[ba];W[bb];AB[ab];W[])");
/// assert_eq!(record.status(), "White passes.");
/// let refused = record.enter(Entry::read("Bbb", 3).unwrap()).unwrap_err();
/// assert_eq!(refused.to_string(), "game 1, move 4 (B[bb]): the point is occupied");
/// ```
#[derive(Debug, Clone)]
pub struct Record {
    game: Game,
    size: usize,
    /// The entries as an SGF record, without its closing `)`.
    text: String,
    next: Stone,
    last: Option<Entered>,
}

impl Record {
    /// An empty board of `size` x `size` (at least 1), black to play.
    pub fn new(size: usize, rules: Rules) -> Record {
        Record {
            game: Game::new(size, size, rules),
            size,
            text: format!("(;GM[1]SZ[{size}]"),
            next: Stone::Black,
            last: None,
        }
    }

    /// Plays the entry as its SGF node would be: setup ends a ko, and a
    /// refused move leaves the game as it was (the record keeps it, as the
    /// record `--sgf` refuses).
    ///
    /// # Errors
    ///
    /// The rules refuse the move: the error `--sgf` reports for the record.
    pub fn enter(&mut self, entry: Entry) -> Result<(), IllegalMove> {
        let size = self.size;
        self.text.push_str(&entry.node());
        let mut last = Entered {
            entry: entry.clone(),
            point: None,
            judged: None,
            trace: None,
            refused: None,
        };
        let result = match entry.kind {
            EntryKind::Setup(stone, row, col) => {
                last.point = Some(row * size + col);
                self.game.setup(row, col, stone);
                Ok(())
            }
            EntryKind::Move(stone, letters) => {
                last.point = letters
                    .and_then(sgf_point)
                    .filter(|&(row, col)| row < size && col < size)
                    .map(|(row, col)| row * size + col);
                let target = sgf_move(letters, size, size);
                last.judged = target.and_then(|(row, col)| {
                    let verdict = self.game.judge(row, col, stone)?;
                    Some((verdict, self.game.groups(row, col, stone)?))
                });
                last.trace = target.and_then(|(row, col)| self.game.trace(row, col, stone));
                let move_number = self.game.moves() + 1;
                match self.game.play(target, stone) {
                    Ok(()) => {
                        self.next = stone.opponent();
                        Ok(())
                    }
                    Err(why) => {
                        let illegal = IllegalMove {
                            game: 1,
                            move_number,
                            stone,
                            letters: entry.text[1..].to_string(),
                            why,
                            rows: size,
                            cols: size,
                        };
                        last.refused = Some(illegal.clone());
                        Err(illegal)
                    }
                }
            }
        };
        self.last = Some(last);
        result
    }

    /// The game as it stands.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The board's rows and columns.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The record played: `(;GM[1]SZ[9];B[ee];W[])`.
    pub fn sgf(&self) -> String {
        format!("{})", self.text)
    }

    /// The colour after the last move's (black at the start).
    pub fn next(&self) -> Stone {
        self.next
    }

    /// What the last entry did, if there was one.
    pub fn last(&self) -> Option<&Entered> {
        self.last.as_ref()
    }

    /// The status line after the last entry ([`Entered::status`]), or
    /// `Empty board.` before the first.
    pub fn status(&self) -> String {
        match &self.last {
            None => "Empty board.".to_string(),
            Some(last) => last.status(self.size),
        }
    }

    /// The status line to open on: [`Self::status`], which on an empty
    /// board also says who plays.
    pub fn opening(&self) -> String {
        match &self.last {
            None => "Empty board: black to play.".to_string(),
            Some(_) => self.status(),
        }
    }

    /// The turn line when `stone` plays next: the last stone played on the
    /// board (`Black E5. `, even a refused one), then `Move 1 · White to
    /// play`.
    pub fn turn(&self, stone: Stone) -> String {
        let note = match self.last.as_ref().map(|last| (last.entry.kind, last.point)) {
            Some((EntryKind::Move(played, _), Some(point))) => {
                format!(
                    "{} {}. ",
                    played.word(),
                    name_of(point, self.size, self.size)
                )
            }
            _ => String::new(),
        };
        format!(
            "{note}Move {} · {} to play",
            self.game.moves(),
            stone.word()
        )
    }

    /// The last move's point, unless it was refused (or was a pass, off
    /// the board or setup).
    pub fn marked(&self) -> Option<usize> {
        let last = self.last.as_ref()?;
        match (last.entry.kind, &last.refused) {
            (EntryKind::Move(..), None) => last.point,
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Illegal, Verdict};

    fn record(size: usize, rules: Rules, entries: &str) -> (Record, Result<(), IllegalMove>) {
        let mut record = Record::new(size, rules);
        let mut result = Ok(());
        for entry in entries.split_whitespace() {
            result = record.enter(Entry::read(entry, size).unwrap());
        }
        (record, result)
    }

    #[test]
    fn entries_read_as_sgf_nodes() {
        let node = |text: &str| Entry::read(text, 9).map(|entry| entry.node());
        assert_eq!(node("Bdd").unwrap(), ";B[dd]");
        assert_eq!(node("W-").unwrap(), ";W[]");
        assert_eq!(node("Btt").unwrap(), ";B[tt]");
        assert_eq!(node("Bzz").unwrap(), ";B[zz]");
        assert_eq!(node("bcc").unwrap(), ";AB[cc]");
        assert_eq!(node("wcc").unwrap(), ";AW[cc]");
        assert_eq!(node("ecc").unwrap(), ";AE[cc]");
        for bad in ["Bd", "bzz", "x", "B-d", "b-", "Bd-", "eAa", ""] {
            assert_eq!(
                node(bad).unwrap_err().message(),
                format!("expected a move (Bdd, Wdd), a pass (B-, W-) or setup (bdd, wdd, edd) on the 9x9 board, found {bad:?}")
            );
        }
        let read = Entry::read_all("Bee,\n W- ,\tbaa", 9, 2).unwrap();
        let places: Vec<(&str, u64, u64)> = read
            .iter()
            .map(|(entry, at)| (entry.text(), at.line, at.column))
            .collect();
        assert_eq!(places, [("Bee", 2, 1), ("W-", 3, 2), ("baa", 3, 7)]);
        assert_eq!(
            Entry::read_all("Bee,\n Bd", 9, 2).unwrap_err().to_string(),
            "line 3, column 2: entry 2: expected a move (Bdd, Wdd), a pass (B-, W-) or setup (bdd, wdd, edd) on the 9x9 board, found \"Bd\""
        );
        assert!(Entry::read_all(" \n,", 9, 1).unwrap().is_empty());
        let entry = Entry::read("wcb", 9).unwrap();
        assert_eq!(
            (entry.text(), entry.kind(), entry.colour()),
            (
                "wcb",
                EntryKind::Setup(Some(Stone::White), 1, 2),
                Some(Stone::White)
            )
        );
        assert_eq!(Entry::read("edd", 9).unwrap().colour(), None);
    }

    #[test]
    fn a_capture_is_judged_before_it_is_played() {
        let (record, result) = record(3, Rules::SimpleKo, "Bba Waa Bab");
        assert_eq!(result, Ok(()));
        let last = record.last().unwrap();
        assert_eq!(
            (last.point, last.judged.as_ref().map(|j| j.0)),
            (Some(3), Some(Verdict::Capture))
        );
        assert_eq!(record.status(), "K.O.");
        assert_eq!(
            record.turn(Stone::White),
            "Black A2. Move 3 · White to play"
        );
        assert_eq!((record.next(), record.marked()), (Stone::White, Some(3)));
        assert_eq!(record.game().captured_by(Stone::Black), 1);
        assert_eq!(
            last.explanation(3).unwrap().items[0],
            "A white group of 1 stone (A3) next to it has no liberty: captured (K.O.)."
        );
    }

    #[test]
    fn a_refusal_is_the_records_and_leaves_the_game() {
        let (record, result) = record(3, Rules::SimpleKo, "Bba Bab Waa");
        let refused = result.unwrap_err();
        assert_eq!(refused.why, Illegal::Suicide);
        assert_eq!(
            record.status(),
            "Suicide, but refused: game 1, move 3 (W[aa]): suicide, which these rules forbid"
        );
        assert_eq!((record.next(), record.marked()), (Stone::White, None));
        assert_eq!(record.sgf(), "(;GM[1]SZ[3];B[ba];B[ab];W[aa])");
        assert_eq!(
            record.turn(Stone::White),
            "White A3. Move 2 · White to play"
        );
        let (off, _) = self::record(3, Rules::SimpleKo, "Bzz");
        assert_eq!(
            off.status(),
            "Refused: game 1, move 1 (B[zz]): the point is off the board (3 columns, 3 rows)"
        );
        assert_eq!(off.turn(Stone::Black), "Move 0 · Black to play");
    }

    #[test]
    fn passes_and_setup_are_said() {
        let empty = Record::new(9, Rules::NewZealand);
        assert_eq!(
            (empty.status(), empty.opening()),
            (
                "Empty board.".to_string(),
                "Empty board: black to play.".to_string()
            )
        );
        let (passed, _) = record(9, Rules::SimpleKo, "Bee W-");
        assert_eq!(
            (passed.status(), passed.opening()),
            ("White passes.".to_string(), "White passes.".to_string())
        );
        assert_eq!(
            (passed.turn(Stone::Black), passed.marked()),
            ("Move 2 · Black to play".to_string(), None)
        );
        assert!(passed.last().unwrap().explanation(9).is_none());
        let (set, _) = record(9, Rules::SimpleKo, "bcc");
        assert_eq!(
            (set.status(), set.next()),
            ("Setup: a black stone on C7.".to_string(), Stone::Black)
        );
        assert_eq!((set.last().unwrap().point, set.marked()), (Some(20), None));
        let (emptied, _) = record(9, Rules::SimpleKo, "wcc ecc");
        assert_eq!(emptied.status(), "Setup: C7 emptied.");
        let (tt, _) = record(9, Rules::SimpleKo, "Btt");
        assert_eq!(
            (tt.status(), tt.sgf()),
            (
                "Black passes.".to_string(),
                "(;GM[1]SZ[9];B[tt])".to_string()
            )
        );
    }
}
