//! The `clue-sim` binary: a seeded Cluedo referee with computer players
//! (and a person's game, `ClueSim`'s takeover: see `clue_sim::human`).

fn main() -> std::process::ExitCode {
    judge_io::main::<clue_sim::ClueSim>()
}
