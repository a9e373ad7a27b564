//! `--strategy human,...` in a pseudo-terminal, the way a person plays it:
//! each prompt must arrive before the next line is typed (a pipe that
//! closes after the whole script would not show a missing flush), the
//! terminal turns line ends into `\r\n`, and Ctrl-D ends the input. Standard
//! output and standard error are the same terminal here, so the transcript
//! follows the view. (rexpect turns the terminal's echo off, so the typed
//! lines are not in the output.)

#![allow(clippy::unwrap_used)]

use std::process::Command;

use rexpect::process::wait::WaitStatus;
use rexpect::session::{spawn_command, PtySession};

/// Generous: the machine running the tests may be busy.
const TIMEOUT_MS: u64 = 30_000;

fn start(strategies: &str) -> PtySession {
    let mut command = Command::new(env!("CARGO_BIN_EXE_clue-sim"));
    command.args(["--strategy", strategies]);
    spawn_command(command, Some(TIMEOUT_MS)).unwrap()
}

fn exits_zero(session: &mut PtySession) {
    session.exp_eof().unwrap();
    match session.process.wait().unwrap() {
        WaitStatus::Exited(_, code) => assert_eq!(code, 0),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_game_typed_at_a_terminal_is_won_prompt_by_prompt() {
    // The scripted game of tests/human.rs (seed 7), the short way.
    let mut session = start("human,smart,smart");
    session.send_line("3 7").unwrap();
    session
        .exp_string("Your hand: Library LeadPipe Dagger Scarlett BilliardRoom Green.\r\n")
        .unwrap();
    session.exp_string("suggest> ").unwrap();
    session.send_line("Mustard Candlestick").unwrap();
    session
        .exp_string("Name one card of each category: room missing.\r\nsuggest> ")
        .unwrap();
    session.send_line("ballroom mustard candlestick").unwrap();
    session
        .exp_string("  seat 2 shows you Candlestick\r\n")
        .unwrap();
    session.exp_string("accuse> ").unwrap();
    session.send_line("").unwrap();
    session
        .exp_string("  you show BilliardRoom to seat 3\r\n")
        .unwrap();
    session.exp_string("suggest> ").unwrap();
    session.send_line("Orchid Rope Hall").unwrap();
    session.exp_string("accuse> ").unwrap();
    session.send_line("no").unwrap();
    session.exp_string("suggest> ").unwrap();
    session.send_line("Plum Wrench Hall").unwrap();
    session.exp_string("accuse> ").unwrap();
    session.send_line("n").unwrap();
    session.exp_string("  Wrench        seat 3\r\n").unwrap();
    session.exp_string("accuse> ").unwrap();
    session.send_line("accuse Plum Revolver Hall").unwrap();
    session
        .exp_string("You win after 7 turns! The envelope held Plum Revolver Hall.\r\n")
        .unwrap();
    // Then the transcript, on standard output.
    session
        .exp_string("envelope Plum Revolver Hall\r\nhand 1 Library")
        .unwrap();
    session.exp_string("winner 1 after 7 turns\r\n").unwrap();
    exits_zero(&mut session);
}

#[test]
fn ctrl_d_at_a_prompt_stops_the_game_with_status_zero() {
    let mut session = start("smart,human");
    session.send_line("2 5").unwrap();
    session
        .exp_string("Seat 1 asks you to show one of: LeadPipe, Ballroom.\r\nshow> ")
        .unwrap();
    // Every kind of slip at a show prompt, each asked again.
    session.send_line("Green").unwrap();
    session
        .exp_string("You cannot show Green: show one of LeadPipe, Ballroom.\r\nshow> ")
        .unwrap();
    session.send_line("LeadPipe Ballroom").unwrap();
    session
        .exp_string("Show one card, not 2.\r\nshow> ")
        .unwrap();
    session.send_line("").unwrap();
    session
        .exp_string("Show one of: LeadPipe, Ballroom.\r\nshow> ")
        .unwrap();
    session.send_line("no").unwrap();
    session
        .exp_string("Not `no` now: show one of LeadPipe, Ballroom.\r\nshow> ")
        .unwrap();
    session.send_control('d').unwrap();
    session
        .exp_string("The game stops during turn 1: the input ended.")
        .unwrap();
    // The transcript so far: the suggestion, not yet answered.
    session.exp_string("envelope ").unwrap();
    session
        .exp_string("turn 1 1 suggests Scarlett LeadPipe Ballroom\r\n")
        .unwrap();
    exits_zero(&mut session);
}
