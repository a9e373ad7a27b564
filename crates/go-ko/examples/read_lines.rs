//! The benchmark's baselines. By default: reads standard input line by line
//! through judge-io, as `go-ko` does, and only counts the bytes. With
//! `--keep`: also keeps every line in memory, as any program must that holds
//! the board. The gap between these and `go-ko` is the cost of checking,
//! storing and searching the board.
#![allow(clippy::print_stdout, clippy::unwrap_used)]

fn main() {
    let keep = std::env::args().any(|arg| arg == "--keep");
    let mut input = judge_io::Input::new(std::io::stdin().lock());
    let mut bytes = 0usize;
    let mut kept = Vec::new();
    while let Some(line) = input.line().unwrap() {
        bytes += line.text.len();
        if keep {
            kept.extend_from_slice(line.text);
        }
    }
    println!("{bytes} {}", kept.len());
}
