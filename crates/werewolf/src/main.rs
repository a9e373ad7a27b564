//! The `werewolf` judge binary: reads the game on standard input and names the werewolves.
fn main() -> std::process::ExitCode {
    judge_io::main::<werewolf::Werewolf>()
}
