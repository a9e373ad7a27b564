//! The `clue-sim` binary: a seeded Cluedo referee with computer players.
fn main() -> std::process::ExitCode {
    judge_io::main::<clue_sim::ClueSim>()
}
