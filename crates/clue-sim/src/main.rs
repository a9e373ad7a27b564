//! The `clue-sim` binary: a seeded Cluedo referee with computer players.
use std::io;

fn main() -> std::process::ExitCode {
    // `--strategy LIST` alone with `human` in LIST is a game with a person,
    // which answers each line as it is typed; every other command line is
    // one whole input and one answer (judge-io).
    let args: Option<Vec<String>> = std::env::args_os()
        .skip(1)
        .map(|arg| arg.into_string().ok())
        .collect();
    if let Some(list) = args.as_deref().and_then(clue_sim::human::human_strategies) {
        return clue_sim::human::play_main(
            list,
            io::stdin().lock(),
            io::stdout().lock(),
            io::stderr(),
        );
    }
    judge_io::main::<clue_sim::ClueSim>()
}
