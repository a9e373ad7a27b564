//! The judge data reaches every bound of the statement: each quantity below,
//! measured on every `sample/` and `secret/` case (the generated 4000 x 4000
//! boards included) through the library's own parser, and the "Bounds"
//! table of `judge-data/go-ko/README.md`, which must say the same.
use std::collections::VecDeque;

use go_ko::{Position, Stone};
use judge_io::Input;
use judge_tools::bounds::{assert_bounds, input_bytes, Bound, Quantity};

/// One case, parsed, with the groups next to the move measured by a plain
/// breadth-first search (not the library's solver).
struct Measured {
    rows: usize,
    cols: usize,
    row: usize,
    col: usize,
    /// The stones of the largest opponent group next to the move.
    largest_opponent_group: usize,
    /// The opponent groups next to the move with no liberty once it is down.
    captured_groups: usize,
    /// Their stones.
    captured_stones: usize,
}

fn parse(bytes: &[u8]) -> Result<Measured, String> {
    let position = go_ko::parse(&mut Input::new(bytes)).map_err(|error| error.to_string())?;
    Ok(measure(&position))
}

fn measure(position: &Position) -> Measured {
    let board = &position.board;
    let (rows, cols) = (board.rows(), board.cols());
    let mv = position.mv;
    let opponent = mv.stone.opponent();
    let neighbours = |r: usize, c: usize| {
        let mut list = Vec::with_capacity(4);
        if r > 0 {
            list.push((r - 1, c));
        }
        if r + 1 < rows {
            list.push((r + 1, c));
        }
        if c > 0 {
            list.push((r, c - 1));
        }
        if c + 1 < cols {
            list.push((r, c + 1));
        }
        list
    };
    let stone_at = |r: usize, c: usize| -> Option<Stone> {
        if (r, c) == (mv.row, mv.col) {
            Some(mv.stone)
        } else {
            board.stone(r, c)
        }
    };
    let mut seen = vec![false; rows * cols];
    let mut measured = Measured {
        rows,
        cols,
        row: mv.row,
        col: mv.col,
        largest_opponent_group: 0,
        captured_groups: 0,
        captured_stones: 0,
    };
    for (r, c) in neighbours(mv.row, mv.col) {
        if stone_at(r, c) != Some(opponent) || seen[r * cols + c] {
            continue;
        }
        let (mut stones, mut liberties) = (0, 0);
        let mut queue = VecDeque::from([(r, c)]);
        seen[r * cols + c] = true;
        while let Some((r, c)) = queue.pop_front() {
            stones += 1;
            for (nr, nc) in neighbours(r, c) {
                match stone_at(nr, nc) {
                    None => liberties += 1,
                    Some(stone) if stone == opponent && !seen[nr * cols + nc] => {
                        seen[nr * cols + nc] = true;
                        queue.push_back((nr, nc));
                    }
                    Some(_) => {}
                }
            }
        }
        measured.largest_opponent_group = measured.largest_opponent_group.max(stones);
        if liberties == 0 {
            measured.captured_groups += 1;
            measured.captured_stones += stones;
        }
    }
    measured
}

fn int(value: usize) -> Option<i128> {
    i128::try_from(value).ok()
}

#[test]
fn the_data_reaches_every_bound_of_the_statement() {
    assert_bounds(
        "go-ko",
        None,
        parse,
        &[
            Quantity {
                name: "input bytes",
                bound: Bound::Largest(16_004_006),
                measure: input_bytes,
            },
            Quantity {
                name: "rows",
                bound: Bound::Smallest(1),
                measure: |_, m: &Measured| int(m.rows),
            },
            Quantity {
                name: "rows",
                bound: Bound::Largest(4000),
                measure: |_, m: &Measured| int(m.rows),
            },
            Quantity {
                name: "columns",
                bound: Bound::Smallest(1),
                measure: |_, m: &Measured| int(m.cols),
            },
            Quantity {
                name: "columns",
                bound: Bound::Largest(4000),
                measure: |_, m: &Measured| int(m.cols),
            },
            Quantity {
                name: "points",
                bound: Bound::Largest(16_000_000),
                measure: |_, m: &Measured| int(m.rows * m.cols),
            },
            Quantity {
                name: "move's row",
                bound: Bound::Smallest(0),
                measure: |_, m: &Measured| int(m.row),
            },
            Quantity {
                name: "rows below the move",
                bound: Bound::Smallest(0),
                measure: |_, m: &Measured| int(m.rows - 1 - m.row),
            },
            Quantity {
                name: "move's column",
                bound: Bound::Smallest(0),
                measure: |_, m: &Measured| int(m.col),
            },
            Quantity {
                name: "columns right of the move",
                bound: Bound::Smallest(0),
                measure: |_, m: &Measured| int(m.cols - 1 - m.col),
            },
            Quantity {
                name: "largest opponent group next to the move",
                bound: Bound::Largest(15_999_999),
                measure: |_, m: &Measured| int(m.largest_opponent_group),
            },
            Quantity {
                name: "stones captured",
                bound: Bound::Largest(15_999_999),
                measure: |_, m: &Measured| int(m.captured_stones),
            },
            Quantity {
                name: "groups captured by one stone",
                bound: Bound::Largest(4),
                measure: |_, m: &Measured| int(m.captured_groups),
            },
        ],
    );
}
