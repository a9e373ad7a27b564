//! The `stone-game` binary: who wins a subtraction game on one pile.
fn main() -> std::process::ExitCode {
    judge_io::main::<stone_game::StoneGame>()
}
