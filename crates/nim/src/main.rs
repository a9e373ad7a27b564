//! The `nim` binary: who wins Nim or S-Nim, and with which move.
fn main() -> std::process::ExitCode {
    judge_io::main::<nim::Nim>()
}
