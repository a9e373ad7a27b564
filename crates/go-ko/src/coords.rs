//! Naming the points of a board: SGF's two letters (`pd`) and Go's own
//! names (`Q16`: a column letter without I, the row counted from the bottom).

/// A point's two SGF letters, column then row (`a`-`z` for 0 to 25, `A`-`Z`
/// for 26 to 51, so `dd` is row 3, column 3); `None` beyond 51.
pub fn sgf_letters(row: usize, col: usize) -> Option<String> {
    let letter = |index: usize| -> Option<char> {
        let index = u8::try_from(index).ok()?;
        match index {
            0..=25 => Some(char::from(b'a' + index)),
            26..=51 => Some(char::from(b'A' + index - 26)),
            _ => None,
        }
    };
    Some([letter(col)?, letter(row)?].iter().collect())
}

/// The point (row, column) of two SGF letters, column first (see
/// [`sgf_letters`]); `None` unless both are ASCII letters.
pub fn sgf_point(letters: [u8; 2]) -> Option<(usize, usize)> {
    let [col, row] = letters;
    if col.is_ascii_alphabetic() && row.is_ascii_alphabetic() {
        Some((letter_index(row), letter_index(col)))
    } else {
        None
    }
}

/// Where an SGF move's value puts the stone on a board of `rows` x `cols`:
/// `None` for a pass, written `[]` (no letters) or, on a board of up to
/// 19x19, `[tt]`; otherwise the point of the letters ([`sgf_point`]), which
/// may be off the board (and is `None` for bytes that are not letters,
/// which a record's reader refuses first).
pub fn sgf_move(letters: Option<[u8; 2]>, rows: usize, cols: usize) -> Option<(usize, usize)> {
    match letters? {
        [b't', b't'] if rows <= 19 && cols <= 19 => None,
        letters => sgf_point(letters),
    }
}

/// Go's name of a point (`D4`): the column's letter, `A` to `Z` without `I`,
/// then the row counted from the bottom of a board of `rows` rows; `None`
/// for a column past the 25th, which has no letter, or a row off the board.
pub fn point_name(row: usize, col: usize, rows: usize) -> Option<String> {
    let letter = column_name(col)?;
    (row < rows).then(|| format!("{letter}{}", rows - row))
}

/// Go's name of the point `row * cols + col` of a board of `rows` x `cols`
/// ([`point_name`]), or the empty string when it has none.
pub fn name_of(point: usize, rows: usize, cols: usize) -> String {
    point_name(point / cols, point % cols, rows).unwrap_or_default()
}

/// What it takes to draw a board of `rows` x `cols` and name its points:
/// the edge labels and each point's names, points by their index
/// `row * cols + col`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid {
    /// Each column's letter ([`column_name`]), empty past the 25th.
    pub columns: Vec<String>,
    /// Each row's number, counted from the bottom, from the top row down.
    pub rows: Vec<String>,
    /// Each point's name ([`name_of`]).
    pub names: Vec<String>,
    /// Each point's SGF letters ([`sgf_letters`]), empty past the 52nd row
    /// or column.
    pub letters: Vec<String>,
}

impl Grid {
    /// The grid of a board of `rows` x `cols`.
    ///
    /// # Complexity
    ///
    /// Linear in the points: a few short strings each.
    pub fn new(rows: usize, cols: usize) -> Grid {
        let points = 0..rows * cols;
        Grid {
            columns: (0..cols)
                .map(|col| column_name(col).map(String::from).unwrap_or_default())
                .collect(),
            rows: (0..rows).map(|row| (rows - row).to_string()).collect(),
            names: points.clone().map(|p| name_of(p, rows, cols)).collect(),
            letters: points
                .map(|p| sgf_letters(p / cols, p % cols).unwrap_or_default())
                .collect(),
        }
    }
}

/// Go's letter for a column (`A` to `Z` without `I`, from the left); `None`
/// past the 25th.
pub fn column_name(col: usize) -> Option<char> {
    COLUMNS.get(col).map(|&letter| char::from(letter))
}

/// Go's column letters, `I` left out (it looks like `J` and `1`).
const COLUMNS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// The index of a point's SGF letter (which must be an ASCII letter): `a`-`z` 0 to 25, `A`-`Z` 26 to 51.
pub(super) fn letter_index(letter: u8) -> usize {
    if letter.is_ascii_lowercase() {
        usize::from(letter - b'a')
    } else {
        usize::from(letter - b'A') + 26
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sgf_letters_and_points_are_each_others_inverse() {
        assert_eq!(sgf_letters(3, 15).as_deref(), Some("pd"));
        assert_eq!(sgf_letters(51, 26).as_deref(), Some("AZ"));
        assert_eq!(sgf_letters(52, 0), None);
        assert_eq!(sgf_letters(0, 52), None);
        for row in 0..52 {
            for col in 0..52 {
                let letters = sgf_letters(row, col).unwrap();
                let bytes = letters.as_bytes();
                assert_eq!(sgf_point([bytes[0], bytes[1]]), Some((row, col)));
            }
        }
        assert_eq!(sgf_point(*b"a-"), None);
        assert_eq!(sgf_point(*b"1a"), None);
    }

    #[test]
    fn tt_is_a_pass_up_to_19x19_only() {
        assert_eq!(sgf_move(None, 9, 9), None);
        assert_eq!(sgf_move(Some(*b"tt"), 19, 19), None);
        assert_eq!(sgf_move(Some(*b"tt"), 19, 20), Some((19, 19)));
        assert_eq!(sgf_move(Some(*b"cb"), 3, 3), Some((1, 2)));
    }

    #[test]
    fn point_names_skip_i_and_count_rows_from_the_bottom() {
        assert_eq!(point_name(0, 0, 19).as_deref(), Some("A19"));
        assert_eq!(point_name(15, 3, 19).as_deref(), Some("D4"));
        assert_eq!(point_name(18, 8, 19).as_deref(), Some("J1"));
        assert_eq!(point_name(0, 24, 25).as_deref(), Some("Z25"));
        assert_eq!(point_name(0, 25, 26), None);
        assert_eq!(column_name(8), Some('J'));
        assert_eq!(column_name(25), None);
        assert_eq!(point_name(3, 0, 3), None);
        assert_eq!(name_of(31, 9, 9), "E6");
        assert_eq!(name_of(25, 1, 26), "");
    }

    #[test]
    fn a_grid_labels_the_edges_and_names_every_point() {
        let grid = Grid::new(2, 3);
        assert_eq!(grid.columns, ["A", "B", "C"]);
        assert_eq!(grid.rows, ["2", "1"]);
        assert_eq!(grid.names, ["A2", "B2", "C2", "A1", "B1", "C1"]);
        assert_eq!(grid.letters, ["aa", "ba", "ca", "ab", "bb", "cb"]);
        let wide = Grid::new(1, 26);
        assert_eq!(
            (wide.columns[25].as_str(), wide.names[25].as_str()),
            ("", "")
        );
        assert_eq!(wide.letters[25], "za");
    }
}
