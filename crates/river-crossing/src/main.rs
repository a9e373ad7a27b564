//! `river-crossing`: the shortest safe plan for priests and devils crossing a river.
use std::io;

fn main() -> std::process::ExitCode {
    // `--play` alone is the game, which answers each line as it is typed;
    // every other command line is one whole input and one answer (judge-io).
    if std::env::args_os().skip(1).eq(["--play"]) {
        return river_crossing::play_main(io::stdin().lock(), io::stdout().lock(), io::stderr());
    }
    judge_io::main::<river_crossing::RiverCrossing>()
}
