//! Reading the board and the move line, with every check the contract asks
//! for, each error pointing at its line and column.

use std::io::Read;

use judge_io::{parse_int_in, quote, Error, Input, Line, Pos, Token};

use super::board::{Board, Stone};
use super::{Move, Position};

/// Reads the position: every non-blank line but the last is a board row,
/// the last is the move line.
///
/// Which line is the last is known only at the end of the input, so each
/// line is appended to the board's own storage as it comes, and checked and
/// turned into colour codes (in place) when a later line shows that it was
/// a row. The line left over at the end is the move line; it is parsed where
/// it lies and then cut off. So the input is never held twice.
pub(super) fn parse<R: Read>(input: &mut Input<R>) -> Result<Position, Error> {
    let mut cells: Vec<u8> = Vec::new();
    let mut shape = Shape { rows: 0, cols: 0 };
    let mut last: Option<Pending> = None;
    while let Some(line) = input.line()? {
        if let Some(row) = last.take() {
            shape.check_row(&mut cells, &row)?;
        }
        last = Some(Pending {
            start: cells.len(),
            number: line.number,
            column: line.column,
        });
        cells.extend_from_slice(line.text);
    }
    let last = match last {
        Some(last) => last,
        None => return Err(input.missing("the board and then the move line")),
    };
    let move_line = Line {
        text: &cells[last.start..],
        number: last.number,
        column: last.column,
    };
    if move_line
        .text
        .iter()
        .all(|&symbol| Board::code_of(symbol).is_some())
    {
        return Err(Error::at(
            input.pos(),
            "expected the move line \"x y c\" after the board rows, found end of input",
        ));
    }
    if shape.rows == 0 {
        return Err(Error::at(
            move_line.pos(0),
            "expected the board before the move line, but this is the only non-blank line",
        ));
    }
    let mv = parse_move(&move_line, &shape, &cells)?;
    if input.is_canonical() {
        let colour = match mv.stone {
            Stone::White => 'O',
            Stone::Black => 'X',
        };
        let canonical = format!("{} {} {colour}", mv.row, mv.col);
        if move_line.text != canonical.as_bytes() {
            return Err(Error::at(
                move_line.pos(0),
                format!(
                    "expected the move line in the canonical layout, {}, found {}",
                    quote(canonical.as_bytes()),
                    quote(move_line.text)
                ),
            ));
        }
    }
    cells.truncate(last.start);
    Ok(Position {
        board: Board::from_codes(shape.rows, shape.cols, cells),
        mv,
    })
}

/// A line stored at `cells[start..]`, not yet known to be a row.
struct Pending {
    start: usize,
    number: u64,
    column: u64,
}

/// The rows read so far and their common width (that of the first row).
struct Shape {
    rows: usize,
    cols: usize,
}

impl Shape {
    /// Checks the line at `cells[row.start..]` as a board row and turns its
    /// characters into colour codes. Errors come in reading order: a bad
    /// character before the row's length is found wrong.
    fn check_row(&mut self, cells: &mut [u8], row: &Pending) -> Result<(), Error> {
        let text = &mut cells[row.start..];
        let line = |index: usize| Pos {
            line: row.number,
            column: row.column + index as u64,
            token: 0,
        };
        if self.rows == 0 {
            self.cols = text.len();
        }
        let width = self.cols;
        let length = text.len();
        let points = &mut text[..width.min(length)];
        // Check first, convert after: both loops are comparisons without
        // branches, which the compiler turns into vector code (a `match` per
        // byte would mispredict on every other point of a random board).
        let not_points = points.iter().fold(0u8, |found, &symbol| {
            found | u8::from((symbol != b'.') & (symbol != b'X') & (symbol != b'O'))
        });
        if not_points != 0 {
            let index = points
                .iter()
                .position(|&symbol| Board::code_of(symbol).is_none())
                .unwrap_or(0);
            // A digit is most likely a move line that is not the last line.
            let hint = if points[index].is_ascii_digit() {
                " (every non-blank line but the last is a board row)"
            } else {
                ""
            };
            return Err(Error::at(
                line(index),
                format!(
                    "expected a point of the board ('.', 'O' or 'X'), found {}{hint}",
                    quote(&points[index..=index])
                ),
            ));
        }
        for symbol in points.iter_mut() {
            *symbol = Board::code_of_point(*symbol);
        }
        if length != width {
            return Err(Error::at(
                line(length.min(width)),
                format!(
                    "board row {} has {} points, but the first row has {} (rows must all be the same length)",
                    self.rows + 1,
                    length,
                    width
                ),
            ));
        }
        self.rows += 1;
        Ok(())
    }
}

/// Reads `x y c` from the move line: a point on the board that is empty,
/// and a colour.
fn parse_move(line: &Line<'_>, shape: &Shape, cells: &[u8]) -> Result<Move, Error> {
    let mut tokens = line.tokens();
    let end = line.pos(line.text.len());
    let (row, row_pos) = {
        let token = next_token(&mut tokens, end, "the row x")?;
        (
            parse_int_in(token, "the row x", 0..=shape.rows - 1)?,
            token.pos,
        )
    };
    let col = {
        let token = next_token(&mut tokens, end, "the column y")?;
        parse_int_in(token, "the column y", 0..=shape.cols - 1)?
    };
    let stone = {
        let token = next_token(&mut tokens, end, "the colour c (O or X)")?;
        match token.text {
            b"O" => Stone::White,
            b"X" => Stone::Black,
            text => {
                return Err(Error::at(
                    token.pos,
                    format!("expected the colour c (O or X), found {}", quote(text)),
                ))
            }
        }
    };
    if let Some(extra) = tokens.try_token()? {
        return Err(Error::at(
            extra.pos,
            format!(
                "the move line has three tokens \"x y c\", found more: {}",
                quote(extra.text)
            ),
        ));
    }
    if let Some(stone) = Board::stone_of(cells[row * shape.cols + col]) {
        return Err(Error::at(
            row_pos,
            format!("the point at row {row}, column {col} is not empty (it holds {stone})"),
        ));
    }
    Ok(Move { row, col, stone })
}

/// The next token of the move line; at its end, an error naming `what`.
fn next_token<'t>(tokens: &'t mut Input<&[u8]>, end: Pos, what: &str) -> Result<Token<'t>, Error> {
    match tokens.try_token()? {
        Some(token) => Ok(token),
        None => Err(Error::at(
            end,
            format!("expected {what} on the move line \"x y c\", found the end of the line"),
        )),
    }
}
