//! `--strategy human,...`: a scripted game as a person reads it (snapshot),
//! the transcript it writes, the ways it stops, the refusals, the setup and
//! the binary's exit statuses; and the same games replayed for a page
//! (`replay`).

#![allow(clippy::unwrap_used)]

use std::process::{Command, Stdio};

use clue_sim::human::{play, replay, Ask, State, MAX_LINE};
use std::io::Write as _;

const BINARY: &str = env!("CARGO_BIN_EXE_clue-sim");

/// The prompts, as the view writes them.
const PROMPTS: [&str; 3] = ["suggest> ", "show> ", "accuse> "];

/// Seed 7, seat 1 against two `smart` players: every kind of slip, a show
/// with one card to show (made without asking), the notebook and the odds,
/// then a winning accusation on turn 7 (a bold one: the odds give Revolver
/// 10%). Turn 4 names Orchid Rope Hall: after Plum Rope Hall the `smart` in
/// seat 3 wins on turn 6. (A choice of card to show, and a
/// refused one, are in `human_pty.rs` and the unit tests of `human.rs`.)
const SCRIPTED: &[&str] = &[
    "help",
    "Mustard Candlestick",
    "Mustard Plum Candlestick Ballroom",
    "Mustrd Candlestick Ballroom",
    "accuse Mustard Candlestick Ballroom",
    "ballroom mustard candlestick",
    "no",
    "Orchid Rope Hall",
    "",
    "o",
    "suggest Plum Wrench Hall",
    "odds",
    "notebook",
    "hand",
    "accuse Plum Revolver Hall",
];

/// The view and the transcript of a game on `input`.
fn run(strategies: &str, input: &str) -> (String, String) {
    let mut transcript = Vec::new();
    let mut view = Vec::new();
    play(strategies, input.as_bytes(), &mut transcript, &mut view).unwrap();
    (
        String::from_utf8(view).unwrap(),
        String::from_utf8(transcript).unwrap(),
    )
}

fn script(setup: &str, lines: &[&str]) -> String {
    let mut input = format!("{setup}\n");
    for line in lines {
        input.push_str(line);
        input.push('\n');
    }
    input
}

/// The view as a terminal shows it: each line read, echoed after the prompt
/// that asked for it (the k-th prompt reads the k-th line after the setup).
fn with_echo(view: &str, typed: &[&str]) -> String {
    let mut screen = String::new();
    let mut rest = view;
    let mut typed = typed.iter().copied().chain(std::iter::repeat("^D"));
    loop {
        let next = PROMPTS
            .iter()
            .filter_map(|prompt| rest.find(prompt).map(|at| at + prompt.len()))
            .min();
        match next {
            None => break,
            Some(end) => {
                screen.push_str(&rest[..end]);
                screen.push_str(typed.next().unwrap_or_default());
                screen.push('\n');
                rest = &rest[end..];
            }
        }
    }
    screen.push_str(rest);
    screen
}

#[test]
fn a_scripted_game_reads_like_a_session() {
    let (view, transcript) = run("human,smart,smart", &script("3 7", SCRIPTED));
    insta::assert_snapshot!(format!(
        "$ clue-sim --strategy human,smart,smart\n---- the terminal (stderr, typed lines echoed) ----\n3 7\n{}---- the transcript (stdout) ----\n{transcript}",
        with_echo(&view, SCRIPTED)
    ));
}

#[test]
fn the_scripted_game_is_won_and_its_transcript_is_the_usual_format() {
    let (view, transcript) = run("human,smart,smart", &script("3 7", SCRIPTED));
    assert!(view.ends_with("You win after 7 turns! The envelope held Plum Revolver Hall.\n"));
    assert!(transcript.starts_with("envelope Plum Revolver Hall\nhand 1 "));
    assert!(transcript.ends_with("accuse 1 Plum Revolver Hall correct\nwinner 1 after 7 turns\n"));
    // Nothing of the view is in the transcript, and no transcript line
    // that reveals a hidden card is in the view.
    assert!(!transcript.contains('>'));
    assert!(!view.contains("envelope Plum"));
    assert!(!view.contains("hand 2"));
    // The same setup and entries give the same game, byte for byte.
    assert_eq!(
        run("human,smart,smart", &script("3 7", SCRIPTED)),
        (view, transcript)
    );
}

#[test]
fn the_view_hides_the_cards_shown_between_other_seats() {
    let (view, transcript) = run("human,smart,smart", &script("3 7", SCRIPTED));
    // Turn 2: seat 3 showed seat 2 a card; the transcript names it.
    assert!(transcript.contains("turn 2 2 suggests Mustard Revolver DiningRoom\nshow 3 "));
    assert!(view.contains(
        "turn 2: seat 2 suggests Mustard Revolver DiningRoom\n  seat 3 shows seat 2 a card\n"
    ));
}

#[test]
fn the_end_of_the_input_stops_the_game_and_writes_the_transcript_so_far() {
    let (view, transcript) = run(
        "smart,human",
        &script("2 5", &["Mustard Candlestick Ballroom"]),
    );
    assert!(view.ends_with("the input ended. The transcript so far is on standard output.\n"));
    let last = transcript.lines().last().unwrap();
    assert!(
        !last.starts_with("winner") && !last.starts_with("nobody"),
        "{transcript}"
    );
    assert!(transcript.starts_with("envelope "));
    // Before the person's first entry: the deal only.
    let (_, transcript) = run("human,seed", "2 5\n");
    assert_eq!(transcript.lines().count(), 3, "{transcript}");
}

#[test]
fn quit_stops_the_game_like_the_end_of_the_input() {
    let (view, transcript) = run("human,seed", &script("2 5", &["quit", "never read"]));
    assert!(view.ends_with(
        "The game stops during turn 1: you quit. The transcript so far is on standard output.\n"
    ));
    assert_eq!(transcript.lines().count(), 3);
}

#[test]
fn a_wrong_accusation_puts_the_person_out_but_they_still_show_cards() {
    // Seed 7: the envelope is Plum Revolver Hall.
    let mut lines = vec![
        "Mustard Candlestick Ballroom",
        "Mustard Rope Hall",
        "LeadPipe",
    ];
    // Then answers for every show prompt: the hand, over and over (a card
    // that cannot be shown is refused and the next line read).
    let hand = [
        "Library",
        "LeadPipe",
        "Dagger",
        "Scarlett",
        "BilliardRoom",
        "Green",
    ];
    for _ in 0..50 {
        lines.extend(hand);
    }
    let (view, transcript) = run("human,smart,smart", &script("3 7", &lines));
    assert!(view
        .contains("  you accuse Mustard Rope Hall: wrong: you are out (you still show cards)\n"));
    assert!(transcript.contains("accuse 1 Mustard Rope Hall wrong\n"));
    assert!(
        view.contains("  you show BilliardRoom to seat 3\n"),
        "{view}"
    );
    assert!(view.contains("  you show Library to seat 2\n"), "{view}");
    // Out: never asked to suggest again; the computers finish the game.
    assert_eq!(view.matches("suggest> ").count(), 1);
    assert!(transcript.ends_with(" turns\n"));
    assert!(transcript.lines().last().unwrap().starts_with("winner "));
}

#[test]
fn a_line_too_long_is_refused_and_asked_again() {
    let long = "x".repeat(MAX_LINE + 1);
    let (view, _) = run("human,seed", &script("2 5", &[&long, "quit"]));
    assert!(view.contains(&format!(
        "suggest> That line is longer than {MAX_LINE} bytes.\nsuggest> "
    )));
}

#[test]
fn a_custom_card_set_starts_on_the_setup_line() {
    let input = "2 7 2\nwho 2 Ann Bob\nwhat 2\n Axe Rope\nBob Axe\nno\n";
    let (view, transcript) = run("human,seed", input);
    let computer = judge_io::run::<clue_sim::ClueSim>(
        &["--strategy", "seed"],
        b"2 7\n2\nwho 2 Ann Bob\nwhat 2 Axe Rope\n",
    )
    .unwrap();
    // The same deal as the computer game of the README.
    assert_eq!(
        transcript.lines().take(3).collect::<Vec<_>>(),
        computer.lines().take(3).collect::<Vec<_>>()
    );
    assert!(view.contains("Your hand: Ann."), "{view}");
    assert!(view.contains("turn 1: you suggest Bob Axe\n"), "{view}");
}

#[test]
fn a_bad_setup_is_refused_with_the_judge_inputs_error() {
    for input in ["1 7\n", "3 x\n", "3 7 0\n", "", "3 7 1\nwho 2 Ann Ann\n"] {
        let mut sink = Vec::new();
        let error = play("human,smart,smart", input.as_bytes(), &mut sink, Vec::new()).unwrap_err();
        let judged = judge_io::run::<clue_sim::ClueSim>(&[], input.as_bytes()).unwrap_err();
        assert_eq!(error.to_string(), judged.to_string(), "{input:?}");
        assert!(sink.is_empty());
    }
}

#[test]
fn the_strategy_list_must_seat_one_person_and_fit_the_table() {
    for list in ["human", "human,human", "human,smart,smart", "human,clever"] {
        let error = play(list, &b"2 7\n"[..], Vec::new(), Vec::new()).unwrap_err();
        assert!(error.is_usage(), "{list}: {error}");
    }
}

/// The binary on `input`: status, stdout, stderr.
fn binary(args: &[&str], input: &str) -> (Option<i32>, String, String) {
    let mut child = Command::new(BINARY)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A usage error exits before reading: a broken pipe here is fine.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    let output = child.wait_with_output().unwrap();
    (
        output.status.code(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn the_binary_keeps_the_transcript_on_stdout_and_the_view_on_stderr() {
    let input = script("3 7", SCRIPTED);
    let (status, stdout, stderr) = binary(&["--strategy", "human,smart,smart"], &input);
    let (view, transcript) = run("human,smart,smart", &input);
    assert_eq!(status, Some(0));
    assert_eq!(stdout, transcript);
    assert_eq!(stderr, view);
    let (status, stdout, _) = binary(&["--strategy=smart,human,smart"], "3 7\n");
    assert_eq!(status, Some(0));
    assert!(stdout.starts_with("envelope "));
}

#[test]
fn the_binary_reports_bad_command_lines_and_setups_with_judge_io_statuses() {
    let (status, stdout, stderr) = binary(&["--strategy", "human,human"], "2 7\n");
    assert_eq!(status, Some(2));
    assert!(stdout.is_empty());
    assert!(
        stderr.starts_with("error: --strategy seats 2 humans"),
        "{stderr}"
    );
    let (status, _, stderr) = binary(&["--games", "3", "--strategy", "human,smart"], "2 7\n");
    assert_eq!(status, Some(2));
    assert!(stderr.contains("with --strategy alone"), "{stderr}");
    let (status, stdout, stderr) = binary(&["--strategy", "human,smart"], "13 7\n");
    assert_eq!(status, Some(1));
    assert!(stdout.is_empty());
    assert!(stderr.starts_with("error: "), "{stderr}");
}

#[test]
fn a_replayed_game_is_the_terminals_with_the_entries_echoed() {
    let input = script("3 7", SCRIPTED);
    let (view, transcript) = run("human,smart,smart", &input);
    let replayed = replay("human,smart,smart", input.as_bytes()).unwrap();
    assert_eq!(replayed.transcript, transcript);
    assert_eq!(replayed.view, with_echo(&view, SCRIPTED));
    assert!(matches!(replayed.state, State::Over(outcome) if outcome.turns == 7));
    assert_eq!(replayed.seat.index(), 0);
    assert_eq!(
        replayed.hands.iter().map(Vec::len).collect::<Vec<_>>(),
        [6, 6, 6]
    );
    let hand: Vec<&str> = replayed.hands[0]
        .iter()
        .map(|&card| replayed.game.cards.name(card))
        .collect();
    assert!(view.starts_with(&format!(
        "You are seat 1 of 3. Your hand: {}.\n",
        hand.join(" ")
    )));
}

#[test]
fn a_replay_cut_short_waits_at_the_prompt_the_terminal_stops_at() {
    let full = replay("human,smart,smart", script("3 7", SCRIPTED).as_bytes()).unwrap();
    for entries in 0..SCRIPTED.len() {
        let input = script("3 7", &SCRIPTED[..entries]);
        let replayed = replay("human,smart,smart", input.as_bytes()).unwrap();
        let (view, transcript) = run("human,smart,smart", &input);
        // The terminal shows the same, then the end of the input (`^D` on
        // its screen) and that it stops; the replay waits at the prompt.
        let (shown, stop) = view.rsplit_once("\nThe game stops during turn ").unwrap();
        assert!(stop.ends_with(": the input ended. The transcript so far is on standard output.\n"));
        assert_eq!(
            format!("{}^D\n", replayed.view),
            with_echo(shown, &SCRIPTED[..entries])
        );
        assert_eq!(replayed.transcript, transcript);
        // And the cut game is the start of the whole one.
        assert!(full.view.starts_with(&replayed.view));
        assert!(full.transcript.starts_with(&replayed.transcript));
        let prompt = match replayed.state {
            State::Waiting(Ask::Suggest) => "suggest> ",
            State::Waiting(Ask::Accuse) => "accuse> ",
            ref state => panic!("{entries} entries: {state:?}"),
        };
        assert!(replayed.view.ends_with(prompt), "{entries} entries");
    }
}

#[test]
fn a_replay_waiting_to_show_offers_the_cards_the_prompt_lists() {
    // Seed 5, seat 2: seat 1's first suggestion names LeadPipe and Ballroom,
    // both in seat 2's hand.
    let replayed = replay("smart,human", b"2 5\n").unwrap();
    let cards = &replayed.game.cards;
    let offered = match &replayed.state {
        State::Waiting(Ask::Show(eligible)) => eligible
            .iter()
            .map(|&card| cards.name(card))
            .collect::<Vec<_>>(),
        state => panic!("{state:?}"),
    };
    assert_eq!(offered, ["LeadPipe", "Ballroom"]);
    let (view, _) = run("smart,human", "2 5\n");
    assert!(view.contains(&format!(
        "Seat 1 asks you to show one of: {}.\nshow> ",
        offered.join(", ")
    )));
    assert!(replayed
        .view
        .ends_with("Seat 1 asks you to show one of: LeadPipe, Ballroom.\nshow> "));
    // A card that may not be shown is refused, in the terminal's words,
    // and the same cards are offered again.
    let refused = replay("smart,human", b"2 5\nGreen\n").unwrap();
    assert!(refused
        .view
        .ends_with("show> Green\nYou cannot show Green: show one of LeadPipe, Ballroom.\nshow> "));
    assert_eq!(refused.state, replayed.state);
    let shown = replay("smart,human", b"2 5\nBallroom\n").unwrap();
    assert!(shown
        .view
        .contains("show> Ballroom\n  you show Ballroom to seat 1\n"));
    assert!(shown.transcript.contains("\nshow 2 Ballroom\n"));
}

#[test]
fn a_replay_ends_on_quit_and_refuses_what_the_terminal_refuses() {
    let replayed = replay("human,seed", b"2 5\nquit\nnever read\n").unwrap();
    assert_eq!(replayed.state, State::Quit);
    assert_eq!(replayed.transcript, run("human,seed", "2 5\nquit\n").1);
    assert!(replayed.view.ends_with("suggest> quit\n\nThe game stops during turn 1: you quit. The transcript so far is on standard output.\n"));
    // An over-long line is echoed as an empty one, then refused.
    let long = "x".repeat(MAX_LINE + 1);
    let replayed = replay("human,seed", script("2 5", &[&long]).as_bytes()).unwrap();
    assert!(replayed.view.ends_with(&format!(
        "suggest> \nThat line is longer than {MAX_LINE} bytes.\nsuggest> "
    )));
    for (list, input) in [
        ("human,human", "2 7\n"),
        ("human,smart", "1 7\n"),
        ("human,smart", ""),
    ] {
        let error = replay(list, input.as_bytes()).unwrap_err();
        let mut sink = Vec::new();
        let terminal = play(list, input.as_bytes(), &mut sink, Vec::new()).unwrap_err();
        assert_eq!(error, terminal, "{list} {input:?}");
    }
}
