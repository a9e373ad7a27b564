//! The `go-ko` binary: capture, suicide or safe for one Go move (see the library docs).
fn main() -> std::process::ExitCode {
    judge_io::main::<go_ko::GoKo>()
}
