//! `games`: the game pages' engine (see the library docs).
fn main() -> std::process::ExitCode {
    judge_io::main::<web::Games>()
}
