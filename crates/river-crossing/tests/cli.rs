//! The real binary: exit statuses, the help, and where the output goes.

#![allow(clippy::unwrap_used)]

use judge_tools::process::Run;

fn run(args: &[&str], input: &str) -> Run {
    judge_tools::run_binary(env!("CARGO_BIN_EXE_river-crossing"), args, input.as_bytes())
}

#[test]
fn an_answer_exits_zero_with_nothing_on_stderr() {
    let output = run(&["--hint"], "3 3 2\n");
    assert_eq!(output.code(), Some(0));
    assert_eq!(String::from_utf8(output.stdout).unwrap(), "11\n2 2 1 1 R\n");
    assert!(output.stderr.is_empty());
}

#[test]
fn no_solution_is_an_answer_too() {
    let output = run(&[], "4 4 2\n");
    assert_eq!(output.code(), Some(0));
    assert_eq!(output.stdout, b"No Solution\n");
}

#[test]
fn help_goes_to_stdout_and_exits_zero() {
    let output = run(&["--help"], "");
    assert_eq!(output.code(), Some(0));
    let help = String::from_utf8(output.stdout).unwrap();
    assert!(
        help.starts_with("usage: river-crossing [--hint] < INPUT\n"),
        "{help}"
    );
    assert!(help.contains("--hint"));
}

#[test]
fn an_unknown_flag_exits_two_with_the_usage_line() {
    let output = run(&["--hints"], "3 3 2\n");
    assert_eq!(output.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with("error: unknown flag \"--hints\"\n"),
        "{stderr}"
    );
    assert!(stderr.contains("usage: river-crossing"));
}

#[test]
fn bad_input_exits_one_with_one_error_line() {
    let output = run(&[], "3 3 2\n1 1 X\n");
    assert_eq!(output.code(), Some(1));
    assert!(output.stdout.is_empty());
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "error: line 2, column 5 (token 6): expected the boat's bank B (L or R), found \"X\"\n"
    );
}

/// `river-crossing < in | head -n 1`: the reader goes away before the answer
/// is written. That is the reader's choice, not a failure: status 0, nothing
/// on stderr. (The binary reads all its input before writing, and the pipe's
/// reading end is closed before the input is sent, so the write always
/// finds it closed.)
#[test]
fn a_closed_stdout_is_not_a_crash() {
    use std::io::Write;
    use std::process::{Command, Stdio};

    let mut child = Command::new(env!("CARGO_BIN_EXE_river-crossing"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"1000 1000 4\n")
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8(output.stderr).unwrap(), "");
}
