//! `--play`: a scripted game, each refusal reason, the end of the game in each
//! of its ways, and the binary's bytes against the library's.

#![allow(clippy::unwrap_used)]

use river_crossing::{play, Bank, Game, Load, Puzzle, Query, Refusal, State, Turn, PROMPT};

/// The whole output of a game on `input`, as the binary writes it.
fn transcript(input: &str) -> String {
    let mut output = Vec::new();
    play(input.as_bytes(), &mut output).unwrap();
    String::from_utf8(output).unwrap()
}

/// The transcript as a terminal shows it: each line the game read, echoed
/// after the prompt that asked for it (the k-th prompt reads the k-th line
/// after the puzzle's).
fn with_echo(output: &str, moves: &[&str]) -> String {
    let mut pieces = output.split(PROMPT);
    let mut screen = pieces.next().unwrap().to_string();
    for (piece, typed) in pieces.zip(moves.iter().chain(std::iter::repeat(&"^D"))) {
        screen.push_str(PROMPT);
        screen.push_str(typed);
        screen.push('\n');
        screen.push_str(piece);
    }
    screen
}

fn game(priests: usize, devils: usize, capacity: usize, current: State) -> Game {
    Game::new(&Query {
        puzzle: Puzzle {
            priests,
            devils,
            capacity,
        },
        current,
    })
}

fn state(left_priests: usize, left_devils: usize, boat: Bank) -> State {
    State {
        left_priests,
        left_devils,
        boat,
    }
}

/// Enters `line` and returns the turn and its text.
fn enter(game: &mut Game, line: &str) -> (Turn, String) {
    let turn = game.enter(line.as_bytes());
    let text = game.render(&turn);
    (turn, text)
}

/// The classic game (3 3 2) with a hint, every kind of slip, one detour of
/// two crossings, and then the canonical plan of the README to the end.
const SCRIPTED_MOVES: &[&str] = &[
    "h", "1 1", "1 1", "0 0", "2 0", "3 0", "1 2", "four", "", "H", "1 1", "1 0", "0 2", "1 0",
    "0 1", "2 0", "1 1", "2 0", "0 1", "0 2", "0 1", "h", "0 2",
];

#[test]
fn a_scripted_game_reads_like_a_session() {
    let input = format!("3 3 2\n{}\n", SCRIPTED_MOVES.join("\n"));
    let output = transcript(&input);
    insta::assert_snapshot!(with_echo(&output, SCRIPTED_MOVES));
}

#[test]
fn the_scripted_game_ends_two_crossings_over_the_fewest() {
    // The README's plan takes 11 crossings (checked by the brute force in
    // tests/brute_force.rs); the script adds `1 1` there and back.
    let input = format!("3 3 2\n{}\n", SCRIPTED_MOVES.join("\n"));
    assert!(transcript(&input).ends_with(
        "Everyone is across in 13 crossings, 2 more than the fewest (11), with 3 hints.\n"
    ));
}

#[test]
fn the_binary_writes_the_librarys_transcript_byte_for_byte_every_time() {
    let input = format!("3 3 2\n{}\n", SCRIPTED_MOVES.join("\n"));
    let first = judge_tools::run_binary(
        env!("CARGO_BIN_EXE_river-crossing"),
        &["--play"],
        input.as_bytes(),
    );
    let second = judge_tools::run_binary(
        env!("CARGO_BIN_EXE_river-crossing"),
        &["--play"],
        input.as_bytes(),
    );
    assert_eq!(first.code(), Some(0));
    assert!(first.stderr.is_empty());
    assert_eq!(
        String::from_utf8(first.stdout.clone()).unwrap(),
        transcript(&input)
    );
    assert_eq!(first.stdout, second.stdout);
}

#[test]
fn an_empty_boat_is_refused() {
    let mut game = game(3, 3, 2, state(3, 3, Bank::Left));
    let (turn, text) = enter(&mut game, "0 0");
    assert_eq!(turn, Turn::Refused(Refusal::EmptyBoat));
    assert_eq!(
        text,
        "The boat cannot cross empty: carry at least one person.\n"
    );
    assert_eq!(game.state(), state(3, 3, Bank::Left));
}

#[test]
fn a_load_over_capacity_is_refused() {
    let mut game = game(3, 3, 2, state(3, 3, Bank::Left));
    let (turn, text) = enter(&mut game, "2 1");
    assert_eq!(turn, Turn::Refused(Refusal::OverCapacity { people: 3 }));
    assert_eq!(text, "The boat holds at most 2 people, not 3.\n");
    let mut game = self::game(1, 1, 1, state(1, 1, Bank::Left));
    assert_eq!(
        enter(&mut game, "1 1").1,
        "The boat holds at most 1 person, not 2.\n"
    );
}

#[test]
fn more_people_than_on_the_boats_bank_are_refused() {
    // After `1 1` the boat is on the right bank with one of each.
    let mut game = game(3, 3, 2, state(2, 2, Bank::Right));
    let (turn, text) = enter(&mut game, "2 0");
    assert_eq!(turn, Turn::Refused(Refusal::NotEnoughPriests { there: 1 }));
    assert_eq!(
        text,
        "Only 1 priest is on the right bank, where the boat is.\n"
    );
    let (turn, text) = enter(&mut game, "0 2");
    assert_eq!(turn, Turn::Refused(Refusal::NotEnoughDevils { there: 1 }));
    assert_eq!(
        text,
        "Only 1 devil is on the right bank, where the boat is.\n"
    );
    let mut game = self::game(3, 3, 5, state(3, 3, Bank::Left));
    assert_eq!(
        enter(&mut game, "0 4").1,
        "Only 3 devils are on the left bank, where the boat is.\n"
    );
    // A count too large for any integer type is just too many.
    assert_eq!(
        enter(&mut game, "0 99999999999999999999999").0,
        Turn::Refused(Refusal::OverCapacity { people: u64::MAX })
    );
}

#[test]
fn a_boat_at_an_empty_bank_is_refused_and_has_no_hint() {
    let mut game = game(2, 1, 3, state(2, 1, Bank::Right));
    let (turn, text) = enter(&mut game, "1 0");
    assert_eq!(turn, Turn::Refused(Refusal::NobodyToRow));
    assert_eq!(
        text,
        "Nobody is on the right bank, where the boat is, to take it across.\n"
    );
    let (turn, text) = enter(&mut game, "h");
    assert_eq!(turn, Turn::Hinted(None));
    assert_eq!(
        text,
        "No hint: from here the river cannot be crossed safely (`q` quits).\n"
    );
}

#[test]
fn outnumbered_priests_are_refused_naming_the_bank() {
    let mut game = game(3, 3, 2, state(3, 3, Bank::Left));
    // Two priests leave one priest with three devils on the left bank.
    let (turn, text) = enter(&mut game, "2 0");
    assert_eq!(
        turn,
        Turn::Refused(Refusal::Outnumbered {
            banks: vec![Bank::Left],
            after: state(1, 3, Bank::Right),
        })
    );
    assert_eq!(
        text,
        "Unsafe: the devils would outnumber the priests on the left bank \
         (left: 1 priest 3 devils | right: 2 priests 0 devils [boat]).\n"
    );
    // One priest alone leaves two priests with three devils.
    assert_eq!(
        enter(&mut game, "1 0").0,
        Turn::Refused(Refusal::Outnumbered {
            banks: vec![Bank::Left],
            after: state(2, 3, Bank::Right),
        })
    );
    // The right bank: one priest stands there, two devils arrive.
    let mut game = self::game(3, 3, 2, state(2, 2, Bank::Left));
    assert_eq!(
        enter(&mut game, "0 2").1,
        "Unsafe: the devils would outnumber the priests on the right bank \
         (left: 2 priests 0 devils | right: 1 priest 3 devils [boat]).\n"
    );
    // Both banks at once, which needs more devils than priests in all: one
    // priest leaves 2 with 3 devils and joins 2 devils alone on the right.
    let mut game = self::game(3, 5, 2, state(3, 3, Bank::Left));
    assert_eq!(
        enter(&mut game, "1 0").1,
        "Unsafe: the devils would outnumber the priests on both banks \
         (left: 2 priests 3 devils | right: 1 priest 2 devils [boat]).\n"
    );
}

#[test]
fn what_is_not_a_move_is_explained() {
    let mut game = game(3, 3, 2, state(3, 3, Bank::Left));
    for line in ["x", "1", "1 1 1", "1 -1", "1 1 L R", "hh", "  1\t+x  "] {
        let (turn, text) = enter(&mut game, line);
        let quoted = format!("{:?}", line.trim());
        assert_eq!(
            turn,
            Turn::Refused(Refusal::NotAMove(quoted.clone())),
            "{line:?}"
        );
        assert_eq!(
            text,
            format!(
                "{quoted} is not a move: type the priests and devils to carry (such as `1 1`), \
                 `h` or `q`.\n"
            )
        );
    }
    // A blank line says nothing and changes nothing.
    assert_eq!(enter(&mut game, " \t ").1, "");
    assert_eq!(game.crossings(), 0);
    assert!(!game.is_over());
}

#[test]
fn a_state_may_start_the_game_over_only_before_the_first_crossing() {
    let mut game = game(3, 3, 2, state(3, 3, Bank::Left));
    let (turn, text) = enter(&mut game, "4 0 L");
    assert_eq!(turn, Turn::Refused(Refusal::StateOutsidePuzzle));
    assert_eq!(
        text,
        "This puzzle has 3 priests and 3 devils: a state cannot have more on the left bank.\n"
    );
    let (turn, text) = enter(&mut game, "2 2 R");
    assert_eq!(turn, Turn::StartedAt(state(2, 2, Bank::Right)));
    assert_eq!(
        text,
        "left: 2 priests 2 devils | right: 1 priest 1 devil [boat]\n"
    );
    let (turn, _) = enter(&mut game, "1 0");
    assert_eq!(
        turn,
        Turn::Crossed(Load {
            priests: 1,
            devils: 0
        })
    );
    let (turn, text) = enter(&mut game, "3 3 L");
    assert_eq!(turn, Turn::Refused(Refusal::StateTooLate));
    assert_eq!(
        text,
        "A state `p d L` or `p d R` can only be given before the first crossing.\n"
    );
}

#[test]
fn the_hint_is_the_solvers_next_state_and_distance() {
    let mut game = game(3, 3, 2, state(3, 3, Bank::Left));
    let (turn, text) = enter(&mut game, "hint");
    let expected = river_crossing::hint(&Query {
        puzzle: game.puzzle(),
        current: state(3, 3, Bank::Left),
    });
    assert_eq!(turn, Turn::Hinted(expected));
    // `3 3 2 --hint` prints 11 and `2 2 1 1 R` (the README's sample).
    assert_eq!(
        text,
        "Hint: `1 1`, the first of 11 crossings still needed, reaches\n  \
         left: 2 priests 2 devils | right: 1 priest 1 devil [boat]\n"
    );
}

#[test]
fn a_game_lost_from_the_start_ends_at_once() {
    let output = transcript("3 3 2 1 2 L\nh\n");
    assert!(output.ends_with(
        "left: 1 priest 2 devils [boat] | right: 2 priests 1 devil\n\
         The devils already outnumber the priests on the left bank: this game is lost.\n"
    ));
    assert!(!output.contains(PROMPT));
}

#[test]
fn a_game_given_at_the_goal_is_won_in_no_crossing() {
    let output = transcript("3 3 2\n0 0 L\n1 1\n");
    assert!(output.ends_with(
        "move> left: 0 priests 0 devils [boat] | right: 3 priests 3 devils\n\
         Everyone is across in 0 crossings, the fewest possible.\n"
    ));
}

#[test]
fn quitting_and_the_end_of_input_end_the_game_quietly() {
    let output = transcript("1 1 2\nq\n1 1\n");
    assert!(output.ends_with("move> You quit after 0 crossings.\n"));
    let output = transcript("1 1 2\n");
    assert!(output
        .ends_with("move> \nThe input ended after 0 crossings, with the river not crossed.\n"));
}

#[test]
fn the_game_ends_at_the_goal_and_reads_no_further() {
    let output = transcript("1 1 2\n1 1\nthis is never read\n");
    assert!(output.ends_with(
        "move> left: 0 priests 0 devils | right: 1 priest 1 devil [boat]\n\
         Everyone is across in 1 crossing, the fewest possible.\n"
    ));
}

#[test]
fn a_line_too_long_is_refused_and_skipped() {
    let long = format!("1 1{}", " ".repeat(river_crossing::MAX_LINE));
    let output = transcript(&format!("1 1 2\n{long}\nq\n"));
    assert!(output.contains(&format!(
        "move> That line is longer than {} bytes: it is not a move.\nmove> You quit",
        river_crossing::MAX_LINE
    )));
}

#[test]
fn a_bad_puzzle_is_one_error_line_and_status_one_with_nothing_written() {
    for (input, error) in [
        (
            "3 3 2\n1 1 X\n",
            // On the puzzle's line a state is the puzzle's; on its own line it
            // is an entry (refused as not a move), so this one is read.
            "",
        ),
        (
            "3 3 2 1 1 X\n",
            "error: line 1, column 11 (token 6): expected the boat's bank B (L or R), found \"X\"\n",
        ),
        (
            "3 3\n2 4 0 L\n",
            "error: line 2, column 3 (token 4): the priests on the left bank p must be from 0 to 3, found \"4\"\n",
        ),
        (
            "3 3 2 1",
            "error: line 1, column 8: expected the devils on the left bank d, found end of input\n",
        ),
        (
            "",
            "error: line 1, column 1: expected the number of priests P, found end of input\n",
        ),
    ] {
        let run = judge_tools::run_binary(
            env!("CARGO_BIN_EXE_river-crossing"),
            &["--play"],
            input.as_bytes(),
        );
        let stderr = String::from_utf8(run.stderr.clone()).unwrap();
        if error.is_empty() {
            assert_eq!(run.code(), Some(0), "{input:?}");
            assert_eq!(stderr, "");
            continue;
        }
        assert_eq!(run.code(), Some(1), "{input:?}");
        assert!(run.stdout.is_empty(), "{input:?}");
        assert_eq!(stderr, error, "{input:?}");
        // The same words as the judge input's error.
        let judged = judge_tools::run_binary(
            env!("CARGO_BIN_EXE_river-crossing"),
            &[],
            input.as_bytes(),
        );
        assert_eq!(String::from_utf8(judged.stderr).unwrap(), error);
    }
}

#[test]
fn play_with_any_other_flag_is_a_usage_error() {
    for args in [
        &["--play", "--hint"][..],
        &["--hint", "--play"],
        &["--play", "x"],
    ] {
        let run = judge_tools::run_binary(env!("CARGO_BIN_EXE_river-crossing"), args, b"3 3 2\n");
        assert_eq!(run.code(), Some(2), "{args:?}");
        assert!(run.stdout.is_empty());
        let stderr = String::from_utf8(run.stderr).unwrap();
        assert!(
            stderr.starts_with("error: --play is the interactive game")
                || stderr.starts_with("error: unexpected argument"),
            "{stderr}"
        );
    }
}
