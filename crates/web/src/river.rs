//! The river page's requests: a game of `river-crossing --play`, replayed.
//!
//! # Request
//!
//! What the terminal game reads: the puzzle `P D C` (optionally with a
//! current state `p d B` on the same line), then the player's entries so
//! far, one per line, as `river-crossing --play` takes them (a crossing
//! `PRIESTS DEVILS`, `h` for a hint). The last line may be `solve` (the page's
//! Solve button, not a terminal entry): the answer then also holds the rest of
//! the canonical plan.
//!
//! ```text
//! 3 3 2
//! h
//! 1 1
//! 1 0
//! ```
//!
//! # Answer
//!
//! One JSON object on one line:
//!
//! - `puzzle`: `{"priests", "devils", "capacity"}`;
//! - `state`: after the entries, `{"left": {"priests", "devils"}, "right":
//!   {...}, "boat": "left" | "right"}`;
//! - `crossings`: made so far; `over`: whether the game has ended (the goal,
//!   or a state already lost);
//! - `turn`: what the last entry did, `"crossed"`, `"refused"`, `"hinted"`,
//!   `"started"`, `"nothing"` or `"quit"` ([`Turn`]), `null` without entries;
//! - `said`: the terminal game's lines for the last entry ([`Game::render`]:
//!   the banks after a crossing, a refusal's reason, the hint, and the end,
//!   "Everyone is across in N crossings, ..."); without entries, what the
//!   terminal says last before its first prompt (the banks, and the end when
//!   the game is lost from the start);
//! - `hint`: after `h`, the passengers of the hint's crossing,
//!   `{"priests", "devils"}`, or `null` (no safe plan is left, or the last
//!   entry was not `h`);
//! - `plan`: with `solve`, the rest of the canonical plan from the current
//!   state, `[{"load": {"priests", "devils"}, "state": {...}}, ...]` (empty
//!   at the goal), or `null` without `solve` or when there is no plan (then
//!   `said` is the terminal's answer to `h` where no plan is left).
//!
//! The page draws `state`, shows `said` in its status line, puts `hint` in
//! the boat, animates `plan` and then adds its loads as entries. It keeps the
//! entries and sends them all with each request: replaying them costs one
//! search of the puzzle and a few steps per entry (see the crate docs).
//!
//! # Errors
//!
//! A bad puzzle, as the terminal game reports it; a line longer than
//! [`MAX_LINE`]; an entry after the game has ended; `solve` before the last
//! line.

use std::fmt::Write as _;
use std::io::{Cursor, Read};

use judge_io::{read_line, Error, Input, LineRead, Pos, MAX_LINE};
use river_crossing::{read_puzzle, Bank, Game, Load, Puzzle, Query, State, Turn};

use super::json;

/// The line that asks for the rest of the plan.
const SOLVE: &[u8] = b"solve";

/// A request of the river page: the puzzle and the entries, read but not yet
/// played.
#[derive(Debug)]
pub struct Request {
    query: Query,
    entries: Vec<Entry>,
    solve: bool,
}

/// One line the player typed, and where it stands in the request.
#[derive(Debug)]
struct Entry {
    text: Vec<u8>,
    line: u64,
}

/// Reads a request: the puzzle with the terminal game's own reader, then
/// the entries, one per line.
///
/// # Errors
///
/// A bad puzzle (the terminal game's errors), a line longer than
/// [`MAX_LINE`], or a line after `solve`.
pub fn read<R: Read>(input: &mut Input<R>) -> Result<Request, Error> {
    let mut bytes = Vec::new();
    while let Some(byte) = input.next_byte()? {
        bytes.push(byte);
    }
    let mut source = Cursor::new(bytes);
    let query = read_puzzle(&mut source)?;
    let read_so_far = usize::try_from(source.position()).unwrap_or(usize::MAX);
    let mut line_number = line_count(&source.get_ref()[..read_so_far]);
    let mut entries = Vec::new();
    let mut solve = false;
    let mut text = Vec::new();
    loop {
        let read = read_line(&mut source, &mut text)
            .map_err(|error| Error::input(format!("cannot read the request: {error}")))?;
        line_number += 1;
        let at = Pos {
            line: line_number,
            column: 1,
            token: 0,
        };
        match read {
            LineRead::End => break,
            LineRead::TooLong => {
                return Err(Error::at(
                    at,
                    format!("an entry is longer than {MAX_LINE} bytes"),
                ))
            }
            LineRead::Line { .. } if solve => {
                return Err(Error::at(at, "`solve` must be the request's last line"))
            }
            LineRead::Line { .. } if is_solve(&text) => solve = true,
            LineRead::Line { .. } => entries.push(Entry {
                text: text.clone(),
                line: line_number,
            }),
        }
    }
    Ok(Request {
        query,
        entries,
        solve,
    })
}

/// Answers a request as one JSON object (see the module docs): a new
/// [`Game`] of the puzzle, every entry entered into it in turn, and the game
/// as it then stands.
///
/// # Errors
///
/// An entry after the game has ended (the terminal game reads nothing
/// more, so the page should send nothing more).
pub fn answer(request: &Request) -> Result<String, Error> {
    let mut game = Game::new(&request.query);
    let mut last = None;
    for entry in &request.entries {
        if game.is_over() {
            let at = Pos {
                line: entry.line,
                column: 1,
                token: 0,
            };
            return Err(Error::at(at, "the game is over: no entry may follow"));
        }
        last = Some(game.enter(&entry.text));
    }
    let puzzle = game.puzzle();
    let mut said = match &last {
        Some(turn) => game.render(turn),
        None => opening_end(&game),
    };
    let plan = if request.solve {
        let plan = game.distances().plan(game.state());
        if plan.is_none() {
            said = game.render(&Turn::Hinted(None));
        }
        plan
    } else {
        None
    };
    let hint = match &last {
        Some(Turn::Hinted(Some(hint))) => Some(Load::between(game.state(), hint.next)),
        _ => None,
    };
    let said: Vec<&str> = said.lines().collect();
    let mut out = String::new();
    let _ = write!(
        out,
        "{{\"puzzle\":{{\"priests\":{},\"devils\":{},\"capacity\":{}}}",
        puzzle.priests, puzzle.devils, puzzle.capacity
    );
    let _ = write!(out, ",\"state\":{}", state_json(&puzzle, game.state()));
    let _ = write!(out, ",\"crossings\":{}", game.crossings());
    let _ = write!(out, ",\"over\":{}", game.is_over());
    let turn = last
        .as_ref()
        .map_or("null".to_string(), |turn| json::string(turn_name(turn)));
    let _ = write!(out, ",\"turn\":{turn}");
    let _ = write!(out, ",\"said\":{}", json::strings(&said));
    let hint = hint.map_or("null".to_string(), load_json);
    let _ = write!(out, ",\"hint\":{hint}");
    out.push_str(",\"plan\":");
    match plan {
        None => out.push_str("null"),
        Some(plan) => write_plan(&mut out, &puzzle, &plan),
    }
    out.push_str("}\n");
    Ok(out)
}

/// What the terminal game says last before its first prompt: the banks,
/// and the end when the game cannot start (the end of [`Game::opening`],
/// whose first lines explain the keys to type).
fn opening_end(game: &Game) -> String {
    let mut out = river_crossing::banks_line(game.puzzle(), game.state());
    out.push('\n');
    out.push_str(&game.render(&Turn::Nothing));
    out
}

/// Whether `line` is `solve`, with any white space around it.
fn is_solve(line: &[u8]) -> bool {
    let mut words = line
        .split(u8::is_ascii_whitespace)
        .filter(|word| !word.is_empty());
    words.next() == Some(SOLVE) && words.next().is_none()
}

fn line_count(bytes: &[u8]) -> u64 {
    let newlines = bytes.iter().filter(|&&byte| byte == b'\n').count();
    u64::try_from(newlines).unwrap_or(u64::MAX)
}

fn turn_name(turn: &Turn) -> &'static str {
    match turn {
        Turn::Nothing => "nothing",
        Turn::Crossed(_) => "crossed",
        Turn::Refused(_) => "refused",
        Turn::Hinted(_) => "hinted",
        Turn::StartedAt(_) => "started",
        Turn::Quit => "quit",
    }
}

fn state_json(puzzle: &Puzzle, state: State) -> String {
    let bank = |bank: Bank| {
        format!(
            "{{\"priests\":{},\"devils\":{}}}",
            state.priests_on(puzzle, bank),
            state.devils_on(puzzle, bank)
        )
    };
    let boat = match state.boat {
        Bank::Left => "left",
        Bank::Right => "right",
    };
    format!(
        "{{\"left\":{},\"right\":{},\"boat\":\"{boat}\"}}",
        bank(Bank::Left),
        bank(Bank::Right)
    )
}

fn load_json(load: Load) -> String {
    format!(
        "{{\"priests\":{},\"devils\":{}}}",
        load.priests, load.devils
    )
}

/// The plan's crossings after its first state (the current one), each with
/// the load that makes it.
fn write_plan(out: &mut String, puzzle: &Puzzle, plan: &[State]) {
    out.push('[');
    for (index, step) in plan.windows(2).enumerate() {
        if index > 0 {
            out.push(',');
        }
        let _ = write!(
            out,
            "{{\"load\":{},\"state\":{}}}",
            load_json(Load::between(step[0], step[1])),
            state_json(puzzle, step[1])
        );
    }
    out.push(']');
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(request: &str) -> Result<String, Error> {
        judge_io::run::<crate::Games>(&["--river"], request.as_bytes())
    }

    /// What the terminal game (`river-crossing --play`, the library's loop)
    /// prints for the puzzle and entries in `request`, after the prompt that
    /// read the last entry (before the first prompt without entries), as
    /// lines.
    fn terminal_says(request: &str) -> Vec<String> {
        let mut transcript = Vec::new();
        river_crossing::play(request.as_bytes(), &mut transcript).unwrap();
        let transcript = String::from_utf8(transcript).unwrap();
        let entries = request.lines().count() - 1;
        let piece = transcript
            .split(river_crossing::PROMPT)
            .nth(entries)
            .unwrap();
        let piece = match entries {
            // The opening: its last lines, after the keys to type.
            0 => piece.split("`q` to quit.\n").nth(1).unwrap(),
            _ => piece,
        };
        piece.lines().map(str::to_string).collect()
    }

    /// The strings of the answer's `said` array (written by json::strings:
    /// no `","` inside these sentences).
    fn said(answer: &str) -> Vec<String> {
        let start = answer.find("\"said\":[\"").unwrap() + "\"said\":[\"".len();
        let end = start + answer[start..].find("\"]").unwrap();
        answer[start..end]
            .split("\",\"")
            .map(|line| line.replace("\\\"", "\""))
            .collect()
    }

    /// The answer's hint as the entry that makes its crossing.
    fn hint_entry(answer: &str) -> String {
        let key = "\"hint\":{\"priests\":";
        let rest = &answer[answer.find(key).unwrap() + key.len()..];
        let (priests, rest) = rest.split_once(",\"devils\":").unwrap();
        format!("{priests} {}", &rest[..rest.find('}').unwrap()])
    }

    /// The answer's plan as the entries that make its crossings.
    fn plan_entries(answer: &str) -> Vec<String> {
        let plan = &answer[answer.find("\"plan\":[").unwrap()..];
        plan.split("{\"load\":{\"priests\":")
            .skip(1)
            .map(|step| {
                let (priests, rest) = step.split_once(",\"devils\":").unwrap();
                format!("{priests} {}", &rest[..rest.find('}').unwrap()])
            })
            .collect()
    }

    #[test]
    fn a_new_game_shows_the_banks() {
        assert_eq!(
            ask("3 3 2\n").unwrap(),
            "{\"puzzle\":{\"priests\":3,\"devils\":3,\"capacity\":2},\
             \"state\":{\"left\":{\"priests\":3,\"devils\":3},\"right\":{\"priests\":0,\"devils\":0},\"boat\":\"left\"},\
             \"crossings\":0,\"over\":false,\"turn\":null,\
             \"said\":[\"left: 3 priests 3 devils [boat] | right: 0 priests 0 devils\"],\
             \"hint\":null,\"plan\":null}\n"
        );
    }

    #[test]
    fn a_hint_gives_its_passengers_and_a_crossing_moves_them() {
        let hinted = ask("3 3 2\nh\n").unwrap();
        assert!(hinted.contains("\"crossings\":0,\"over\":false,\"turn\":\"hinted\""));
        assert!(hinted.contains("\"hint\":{\"priests\":1,\"devils\":1},\"plan\":null"));
        let crossed = ask("3 3 2\nh\n1 1\n").unwrap();
        assert!(crossed.contains(
            "\"state\":{\"left\":{\"priests\":2,\"devils\":2},\"right\":{\"priests\":1,\"devils\":1},\"boat\":\"right\"},\
             \"crossings\":1,\"over\":false,\"turn\":\"crossed\""
        ));
        assert!(crossed.contains("\"hint\":null"));
    }

    #[test]
    fn a_refused_crossing_moves_nothing_and_says_why() {
        let answer = ask("3 3 2\n1 0\n").unwrap();
        assert!(answer.contains(
            "\"state\":{\"left\":{\"priests\":3,\"devils\":3},\"right\":{\"priests\":0,\"devils\":0},\"boat\":\"left\"},\
             \"crossings\":0,\"over\":false,\"turn\":\"refused\""
        ));
        assert_eq!(
            said(&answer),
            [
                "Unsafe: the devils would outnumber the priests on the left bank \
              (left: 2 priests 3 devils | right: 1 priest 0 devils [boat])."
            ]
        );
    }

    #[test]
    fn the_sentences_are_the_terminal_games() {
        let games = [
            "3 3 2\n",
            "3 3 2\nh\n",
            "3 3 2\n1 0\n",
            "3 3 2\n3 0\n",
            "3 3 2\n0 0\n",
            "3 3 2\nfour\n",
            "3 3 2\n1 1\n0 2\n",
            "3 3 2\n1 1\n2 2 R\n",
            "3 3 2\n2 2 R\n",
            "4 4 2\nh\n",
            "3 3 2 1 2 L\n",
            "1 1 2\nh\n1 1\n",
            "3 3 2\n1 1\n1 0\n0 2\n0 1\n2 0\n1 1\n2 0\n0 1\n0 2\n1 0\n1 1\n",
            "3 3 2\n0 2\n0 1\n0 2\n0 1\n2 0\n1 1\n2 0\n0 1\n0 2\n0 1\n0 2\n",
        ];
        for game in games {
            assert_eq!(said(&ask(game).unwrap()), terminal_says(game), "{game:?}");
        }
        assert_eq!(
            terminal_says("1 1 2\nh\n1 1\n").last().unwrap(),
            "Everyone is across in 1 crossing, the fewest possible, with 1 hint."
        );
    }

    #[test]
    fn hints_followed_to_the_end_take_eleven_crossings() {
        let mut request = "3 3 2\n".to_string();
        for _ in 0..11 {
            request.push_str("h\n");
            let entry = hint_entry(&ask(&request).unwrap());
            request.push_str(&entry);
            request.push('\n');
        }
        let answer = ask(&request).unwrap();
        assert!(answer.contains("\"crossings\":11,\"over\":true"));
        assert_eq!(
            said(&answer).last().unwrap(),
            "Everyone is across in 11 crossings, the fewest possible, with 11 hints."
        );
    }

    #[test]
    fn solve_gives_the_rest_of_the_plan_with_its_loads() {
        let answer = ask("3 3 2\n1 1\n1 0\nsolve\n").unwrap();
        let plan = &answer[answer.find("\"plan\":").unwrap()..];
        // After 3 2 0 1 L, the README's plan: 3 0 0 3 R, 3 1 0 2 L, ...
        assert!(plan.starts_with(
            "\"plan\":[{\"load\":{\"priests\":0,\"devils\":2},\
             \"state\":{\"left\":{\"priests\":3,\"devils\":0},\"right\":{\"priests\":0,\"devils\":3},\"boat\":\"right\"}},\
             {\"load\":{\"priests\":0,\"devils\":1},"
        ));
        assert_eq!(plan.matches("\"load\"").count(), 9);
        assert!(plan.ends_with(
            "\"state\":{\"left\":{\"priests\":0,\"devils\":0},\"right\":{\"priests\":3,\"devils\":3},\"boat\":\"right\"}}]}\n"
        ));
        // Solve changes nothing else.
        let without = ask("3 3 2\n1 1\n1 0\n").unwrap();
        assert_eq!(
            answer[..answer.find("\"plan\":").unwrap()],
            without[..without.find("\"plan\":").unwrap()]
        );
    }

    #[test]
    fn solve_at_a_large_river_plays_to_the_end_in_the_fewest_crossings() {
        let mut request = "1000 1000 4\nh\n".to_string();
        let plan = plan_entries(&ask(&format!("{request}solve\n")).unwrap());
        assert_eq!(plan.len(), 1997);
        for entry in &plan {
            request.push_str(entry);
            request.push('\n');
        }
        let answer = ask(&request).unwrap();
        assert!(answer.contains("\"crossings\":1997,\"over\":true,\"turn\":\"crossed\""));
        assert_eq!(
            said(&answer).last().unwrap(),
            "Everyone is across in 1997 crossings, the fewest possible, with 1 hint."
        );
    }

    #[test]
    fn solve_where_no_plan_is_left_says_so_as_the_hint_does() {
        let answer = ask("4 4 2\nsolve\n").unwrap();
        assert!(answer.ends_with("\"hint\":null,\"plan\":null}\n"));
        assert_eq!(said(&answer), terminal_says("4 4 2\nh\n"));
        let at_the_goal = ask("1 1 2\n1 1\nsolve\n").unwrap();
        assert!(at_the_goal.ends_with("\"plan\":[]}\n"));
    }

    #[test]
    fn a_game_under_way_starts_from_its_state() {
        let answer = ask("3 3 2 2 2 R\n").unwrap();
        assert!(answer.contains(
            "\"state\":{\"left\":{\"priests\":2,\"devils\":2},\"right\":{\"priests\":1,\"devils\":1},\"boat\":\"right\"}"
        ));
        let lost = ask("3 3 2 1 2 L\n").unwrap();
        assert!(lost.contains("\"over\":true,\"turn\":null"));
    }

    #[test]
    fn bad_requests_are_errors_with_their_place() {
        let error = ask("3 3 1001\n").unwrap_err();
        assert_eq!(
            error,
            judge_io::run::<river_crossing::RiverCrossing>(&[], b"3 3 1001\n").unwrap_err()
        );
        let error = ask("1 1 2\n1 1\nh\n").unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 3, column 1: the game is over: no entry may follow"
        );
        let error = ask("3 3 2\nsolve\n1 1\n").unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 3, column 1: `solve` must be the request's last line"
        );
        let long = format!("3 3 2\n{}\n", "1".repeat(MAX_LINE + 1));
        assert!(ask(&long)
            .unwrap_err()
            .to_string()
            .starts_with("line 2, column 1: an entry is longer"));
    }
}
