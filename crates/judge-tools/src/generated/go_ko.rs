//! go-ko boards of any size with planted answers.

use super::{numbers, Generated};

/// What [`board`] makes, for [`super::GENERATORS`].
pub(super) const BOARD: &str = "go-ko-board KIND ROWS COLS (ROWS, COLS >= 3), answers planted: \
    full-captured (X everywhere but (0,0); O plays there and captures one group of \
    ROWS*COLS-1 stones: K.O.), full-suicide (the same with (ROWS-1,COLS-1) empty too: \
    the X group keeps that liberty, the O stone has none: Suicide), snake-captured (one \
    X snake through every row, joined at alternating ends, O everywhere else but (1,0); \
    O plays (1,0) and the snake has no liberty left: K.O.), snake-safe (the same with \
    (1,1) empty too: the snake and the new stone both keep it: Safe), centre-captured (X \
    everywhere but the centre; O plays there and captures the one group around it: K.O.), \
    corner-snake-captured (a snake of X through every even row, joined at alternating ends, \
    O everywhere else but (0,0), the snake's one liberty; O plays it: K.O.), open-snake-joined \
    (the same snake with every other point empty; X plays (1,0) and joins it: Safe)";

/// A board and a move whose answer is known by construction (see [`BOARD`]).
pub(super) fn board(args: &[String], _seed: u64) -> Result<Generated, String> {
    let (kind, sizes) = args.split_first().ok_or("expected KIND ROWS COLS")?;
    let [rows, cols] = numbers(sizes, ["ROWS", "COLS"])?;
    let (rows, cols) = (
        usize::try_from(rows).map_err(|_| "ROWS too big")?,
        usize::try_from(cols).map_err(|_| "COLS too big")?,
    );
    if rows < 3 || cols < 3 {
        return Err("ROWS and COLS must be at least 3".to_string());
    }
    let mut board = vec![vec![b'X'; cols]; rows];
    let centre;
    let (mv, answer) = match kind.as_str() {
        "full-captured" => {
            board[0][0] = b'.';
            ("0 0 O", "K.O.")
        }
        "full-suicide" => {
            board[0][0] = b'.';
            board[rows - 1][cols - 1] = b'.';
            ("0 0 O", "Suicide")
        }
        "snake-captured" | "snake-safe" => {
            for (r, row) in board.iter_mut().enumerate().filter(|(r, _)| r % 2 == 1) {
                let connector = if r % 4 == 1 { cols - 1 } else { 0 };
                for (c, point) in row.iter_mut().enumerate() {
                    if c != connector {
                        *point = b'O';
                    }
                }
            }
            board[1][0] = b'.';
            if kind == "snake-safe" {
                board[1][1] = b'.';
                ("1 0 O", "Safe")
            } else {
                ("1 0 O", "K.O.")
            }
        }
        "centre-captured" => {
            board[rows / 2][cols / 2] = b'.';
            centre = format!("{} {} O", rows / 2, cols / 2);
            (centre.as_str(), "K.O.")
        }
        "corner-snake-captured" | "open-snake-joined" => {
            let between = if kind == "open-snake-joined" {
                b'.'
            } else {
                b'O'
            };
            for (r, row) in board.iter_mut().enumerate().filter(|(r, _)| r % 2 == 1) {
                let connector = if r % 4 == 1 { cols - 1 } else { 0 };
                for (c, point) in row.iter_mut().enumerate() {
                    if c != connector {
                        *point = between;
                    }
                }
            }
            if kind == "open-snake-joined" {
                ("1 0 X", "Safe")
            } else {
                board[0][0] = b'.';
                ("0 0 O", "K.O.")
            }
        }
        _ => return Err(format!("unknown KIND {kind:?}: {BOARD}")),
    };
    let mut input = Vec::with_capacity(rows * (cols + 1) + 16);
    for row in &board {
        input.extend_from_slice(row);
        input.push(b'\n');
    }
    input.extend_from_slice(mv.as_bytes());
    input.push(b'\n');
    Ok(Generated {
        input,
        answer: format!("{answer}\n").into_bytes(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn make(args: &str) -> String {
        let args: Vec<String> = args.split(' ').map(str::to_string).collect();
        let generated = board(&args, 0).unwrap();
        format!(
            "{}= {}",
            String::from_utf8(generated.input).unwrap(),
            String::from_utf8(generated.answer).unwrap()
        )
    }

    #[test]
    fn the_boards_are_the_documented_shapes() {
        assert_eq!(
            make("full-captured 3 4"),
            ".XXX\nXXXX\nXXXX\n0 0 O\n= K.O.\n"
        );
        assert_eq!(
            make("full-suicide 3 3"),
            ".XX\nXXX\nXX.\n0 0 O\n= Suicide\n"
        );
        assert_eq!(
            make("snake-captured 6 4"),
            "XXXX\n.OOX\nXXXX\nXOOO\nXXXX\nOOOX\n1 0 O\n= K.O.\n"
        );
        assert_eq!(make("snake-safe 3 3"), "XXX\n..X\nXXX\n1 0 O\n= Safe\n");
        assert_eq!(
            make("centre-captured 3 4"),
            "XXXX\nXX.X\nXXXX\n1 2 O\n= K.O.\n"
        );
        assert_eq!(
            make("corner-snake-captured 6 4"),
            ".XXX\nOOOX\nXXXX\nXOOO\nXXXX\nOOOX\n0 0 O\n= K.O.\n"
        );
        assert_eq!(
            make("open-snake-joined 3 3"),
            "XXX\n..X\nXXX\n1 0 X\n= Safe\n"
        );
        assert!(board(&["full-captured".into(), "2".into(), "9".into()], 0).is_err());
        assert!(board(&["spiral".into(), "9".into(), "9".into()], 0).is_err());
    }
}
