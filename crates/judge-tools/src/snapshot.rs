//! The text of a snapshot of one judge-data case, for the insta tests of
//! every problem crate (`tests/snapshots.rs`): what a reviewer needs to judge
//! an output that no oracle checks (an error message, a `--show` board, a
//! plan) — the command line, the input with its lines numbered, the exit
//! status and the output.
//!
//! The crates call insta themselves (its macros name the snapshot after the
//! calling test file); this module builds the text, the same way for all.

use std::path::Path;

use super::judge_data::{self, Case};
use super::process;

/// Which stream a snapshot shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stream {
    /// An answer: standard error must be empty.
    Stdout,
    /// A rejection: standard output must be empty.
    Stderr,
}

/// Runs `binary` on the judge-data case of `problem` whose file is `path`
/// (as the judge-data runner would, flags included) and returns the
/// snapshot's name suffix (the case's path, `/` as `__`) and its text.
///
/// # Panics
///
/// When the case cannot be found or run, or writes to the stream that must
/// stay empty: a failing test is the point.
pub fn case(problem: &str, binary: &str, path: &Path, stream: Stream) -> (String, String) {
    let case = find_case(problem, path);
    let input = case
        .input
        .as_ref()
        .map_or_else(Vec::new, |input| std::fs::read(input).unwrap_or_default());
    let args = case.command_args();
    (
        case.name.replace('/', "__"),
        command(problem, binary, &args, &input, stream),
    )
}

/// Runs `binary` with `args` on `input` and returns the snapshot text.
///
/// # Panics
///
/// As [`case`].
pub fn command(
    problem: &str,
    binary: &str,
    args: &[String],
    input: &[u8],
    stream: Stream,
) -> String {
    let arg_refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let run = process::run_binary(binary, &arg_refs, input);
    let mut text = format!("$ {problem}");
    for arg in args {
        text.push(' ');
        text.push_str(arg);
    }
    text.push('\n');
    text.push_str(&show_input(input));
    text.push_str(&format!("status: {:?}\n", run.code()));
    match stream {
        Stream::Stdout => {
            assert!(run.stderr.is_empty(), "{args:?}: {}", run.stderr_text());
            text.push_str("stdout:\n");
            text.push_str(&cut(&run.stdout_text(), 40));
        }
        Stream::Stderr => {
            assert!(run.stdout.is_empty(), "{args:?}: {}", run.stdout_text());
            text.push_str("stderr:\n");
            text.push_str(&run.stderr_text());
        }
    }
    text
}

/// The case the judge-data runner builds from `path`.
fn find_case(problem: &str, path: &Path) -> Case {
    let folder = judge_data::data_root().join(problem);
    let folder = folder.canonicalize().unwrap_or(folder);
    let path = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    let name = path
        .strip_prefix(&folder)
        .unwrap_or(&path)
        .with_extension("")
        .to_string_lossy()
        .replace('\\', "/");
    judge_data::cases(problem)
        .unwrap_or_default()
        .into_iter()
        .find(|case| case.name == name)
        .unwrap_or_else(|| panic!("no judge-data case {problem}/{name}"))
}

/// The first `lines` lines of `text`, and how many more there were.
fn cut(text: &str, lines: usize) -> String {
    let all: Vec<&str> = text.lines().collect();
    if all.len() <= lines {
        return text.to_string();
    }
    let mut shown: String = all[..lines]
        .iter()
        .map(|line| format!("{line}\n"))
        .collect();
    shown.push_str(&format!(
        "... ({} more lines, cut for the snapshot)\n",
        all.len() - lines
    ));
    shown
}

/// The input as a reviewer needs it to check a line and column: its first
/// lines, numbered, with invisible bytes escaped; long lines and long inputs
/// are cut, and say so.
fn show_input(input: &[u8]) -> String {
    const LINES: usize = 12;
    const WIDTH: usize = 100;
    if input.is_empty() {
        return "stdin: empty\n".to_string();
    }
    let text = String::from_utf8_lossy(input);
    let lines: Vec<&str> = text.split_terminator('\n').collect();
    let mut shown = format!("stdin ({} bytes, {} lines):\n", input.len(), lines.len());
    for (number, line) in lines.iter().enumerate().take(LINES) {
        let escaped = line
            .escape_debug()
            .to_string()
            .replace("\\\"", "\"")
            .replace("\\'", "'");
        if escaped.len() > WIDTH {
            let end = (0..=WIDTH)
                .rev()
                .find(|&i| escaped.is_char_boundary(i))
                .unwrap_or(0);
            shown.push_str(&format!(
                "{:>4}| {}... (cut, {} bytes)\n",
                number + 1,
                &escaped[..end],
                line.len()
            ));
        } else {
            shown.push_str(&format!("{:>4}| {escaped}\n", number + 1));
        }
    }
    if lines.len() > LINES {
        shown.push_str(&format!("    | ... ({} more lines)\n", lines.len() - LINES));
    }
    if !text.ends_with('\n') {
        shown.push_str("    | (no line end after the last line)\n");
    }
    shown
}
