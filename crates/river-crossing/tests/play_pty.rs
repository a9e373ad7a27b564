//! `--play` in a pseudo-terminal, the way a person plays it: each answer and
//! prompt must arrive before the next line is typed (a pipe that closes
//! after the whole script would not show a missing flush), the terminal
//! turns line ends into `\r\n`, and Ctrl-D ends the input. (rexpect turns
//! the terminal's echo off, so the typed lines are not in the output.)

#![allow(clippy::unwrap_used)]

use std::process::Command;

use rexpect::process::wait::WaitStatus;
use rexpect::session::{spawn_command, PtySession};

/// Generous: the machine running the tests may be busy.
const TIMEOUT_MS: u64 = 30_000;

fn start() -> PtySession {
    let mut command = Command::new(env!("CARGO_BIN_EXE_river-crossing"));
    command.arg("--play");
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
fn a_game_typed_at_a_terminal_answers_each_line_before_the_next() {
    let mut session = start();
    session.send_line("3 3 2").unwrap();
    session
        .exp_string("left: 3 priests 3 devils [boat] | right: 0 priests 0 devils\r\nmove> ")
        .unwrap();
    session.send_line("h").unwrap();
    session
        .exp_string("Hint: `1 1`, the first of 11 crossings still needed, reaches")
        .unwrap();
    session.exp_string("move> ").unwrap();
    session.send_line("2 0").unwrap();
    session
        .exp_string("Unsafe: the devils would outnumber the priests on the left bank")
        .unwrap();
    session.exp_string("move> ").unwrap();
    // The README's plan, one crossing per prompt.
    let plan = [
        (
            "1 1",
            "left: 2 priests 2 devils | right: 1 priest 1 devil [boat]",
        ),
        (
            "1 0",
            "left: 3 priests 2 devils [boat] | right: 0 priests 1 devil",
        ),
        (
            "0 2",
            "left: 3 priests 0 devils | right: 0 priests 3 devils [boat]",
        ),
        (
            "0 1",
            "left: 3 priests 1 devil [boat] | right: 0 priests 2 devils",
        ),
        (
            "2 0",
            "left: 1 priest 1 devil | right: 2 priests 2 devils [boat]",
        ),
        (
            "1 1",
            "left: 2 priests 2 devils [boat] | right: 1 priest 1 devil",
        ),
        (
            "2 0",
            "left: 0 priests 2 devils | right: 3 priests 1 devil [boat]",
        ),
        (
            "0 1",
            "left: 0 priests 3 devils [boat] | right: 3 priests 0 devils",
        ),
        (
            "0 2",
            "left: 0 priests 1 devil | right: 3 priests 2 devils [boat]",
        ),
        (
            "0 1",
            "left: 0 priests 2 devils [boat] | right: 3 priests 1 devil",
        ),
    ];
    for (typed, banks) in plan {
        session.send_line(typed).unwrap();
        session.exp_string(&format!("{banks}\r\nmove> ")).unwrap();
    }
    session.send_line("0 2").unwrap();
    session
        .exp_string("left: 0 priests 0 devils | right: 3 priests 3 devils [boat]\r\n")
        .unwrap();
    session
        .exp_string("Everyone is across in 11 crossings, the fewest possible, with 1 hint.\r\n")
        .unwrap();
    exits_zero(&mut session);
}

#[test]
fn ctrl_d_at_the_prompt_ends_the_game_with_status_zero() {
    let mut session = start();
    session.send_line("3 3 2 2 2 R").unwrap();
    session
        .exp_string("left: 2 priests 2 devils | right: 1 priest 1 devil [boat]\r\nmove> ")
        .unwrap();
    session.send_control('d').unwrap();
    session
        .exp_string("The input ended after 0 crossings, with the river not crossed.\r\n")
        .unwrap();
    exits_zero(&mut session);
}

#[test]
fn q_quits_at_a_terminal() {
    let mut session = start();
    session.send_line("1 1 1").unwrap();
    session.exp_string("move> ").unwrap();
    session.send_line("1 0").unwrap();
    session.exp_string("move> ").unwrap();
    session.send_line("q").unwrap();
    session
        .exp_string("You quit after 1 crossing.\r\n")
        .unwrap();
    exits_zero(&mut session);
}
