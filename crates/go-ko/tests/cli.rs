//! The real binary from the outside: help, usage errors, bad input, and a
//! board far beyond any judge's.

use judge_tools::process::Run;

fn go_ko(args: &[&str], input: &[u8]) -> Run {
    judge_tools::run_binary(env!("CARGO_BIN_EXE_go-ko"), args, input)
}

#[test]
fn help_prints_the_usage_and_succeeds() {
    let output = go_ko(&["--help"], b"");
    assert_eq!(output.code(), Some(0));
    let help = String::from_utf8(output.stdout).unwrap();
    assert!(
        help.starts_with("usage: go-ko [--show] < INPUT\n"),
        "{help}"
    );
    assert!(help.contains("--show"));
}

#[test]
fn an_unknown_flag_is_a_usage_error_with_status_2() {
    let output = go_ko(&["--shwo"], b".\n0 0 X\n");
    assert_eq!(output.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.starts_with("error: "), "{stderr}");
    assert!(stderr.contains("usage: go-ko"), "{stderr}");
}

#[test]
fn bad_input_is_one_error_line_and_status_1() {
    let output = go_ko(&["--show"], b"..\n.O\n1 1 X\n");
    assert_eq!(output.code(), Some(1));
    assert!(output.stdout.is_empty());
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "error: line 3, column 1 (token 1): the point at row 1, column 1 is not empty (it holds O)\n"
    );
}

#[test]
fn a_snake_filling_a_4000_by_4000_board_is_captured_without_overflow() {
    // Rows of X joined at alternating ends, O between them: one X group of
    // eight million stones whose only liberty is (0,0).
    let size = 4000;
    let mut input = Vec::with_capacity(size * (size + 1) + 8);
    for row in 0..size {
        let connector = if row % 4 == 1 { size - 1 } else { 0 };
        for col in 0..size {
            input.push(if row % 2 == 0 || col == connector {
                b'X'
            } else {
                b'O'
            });
        }
        input.push(b'\n');
    }
    input[0] = b'.';
    input.extend_from_slice(b"0 0 O\n");
    let output = go_ko(&["--show"], &input);
    assert_eq!(
        output.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let stdout = output.stdout;
    assert!(stdout.starts_with(b"K.O.\nO"));
    assert_eq!(stdout.len(), 5 + size * (size + 1));
    assert!(!stdout.contains(&b'X'), "every X stone is captured");
}
