//! The benchmark's baseline: reads standard input line by line through
//! judge-io, as `go-ko` does, and only counts the bytes. The gap between this
//! and `go-ko` is the cost of checking, storing and searching the board.
#![allow(clippy::print_stdout, clippy::unwrap_used)]

fn main() {
    let mut input = judge_io::Input::new(std::io::stdin().lock());
    let mut bytes = 0usize;
    while let Some(line) = input.line().unwrap() {
        bytes += line.text.len();
    }
    println!("{bytes}");
}
