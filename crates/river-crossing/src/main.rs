//! `river-crossing`: the shortest safe plan for priests and devils crossing a river.
fn main() -> std::process::ExitCode {
    judge_io::main::<river_crossing::RiverCrossing>()
}
