//! The short fuzzing run that `cargo test` makes: a fixed range of seeds per
//! problem, in-process, and one input in twenty of it also through the real
//! binary. Sized for a 2-core CI machine (a few seconds a problem); the long
//! run is `cargo run --release -p fuzz -- --minutes 10` (see the README).
// Test helpers may unwrap and print: a panic or a line there is part of a
// failing test's report.
#![allow(clippy::unwrap_used, clippy::print_stdout)]

use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

use fuzz::Fuzzer;

/// Inputs per problem, and one in how many also goes through the binary.
const INPUTS: u64 = 2_000;
const BINARY_EVERY: u64 = 20;

/// Judge-data cases left out of the short run, by part of their name: the
/// move sets that do not repeat early, and the S-Nim targets' cases with up
/// to 100 move sizes up to 10000, where a mutated heap of 2^16 or more starts
/// a cycle search of up to 10^7 positions (seconds each, by design; the long
/// run covers them).
const SLOW_SEEDS: &[&str] = &[
    "no-repeat",
    "long-preperiod",
    "largest-k100",
    "largest-every-position",
    "medium-random",
    "four-cases-from",
    "small-sizes-high-grundy",
    "size-10000",
];

/// The first seed: fixed, so that a failure here is the same on every run.
const FIRST_SEED: u64 = 13_000_000;

fn short_run(problem: &str) {
    let mut fuzzer = Fuzzer::new(problem).unwrap();
    // Slow seeds (see SLOW_SEEDS) would spend this run's time in a few
    // cycle searches: the long run covers them.
    fuzzer
        .seeds
        .retain(|seed| !SLOW_SEEDS.iter().any(|slow| seed.name.contains(slow)));
    let binary = binary(problem);
    let stats = fuzzer.run(
        FIRST_SEED,
        |ran| ran < INPUTS,
        Some((&binary, BINARY_EVERY)),
    );
    println!("{}", stats.summary(problem));
    assert!(
        stats.failures.is_empty(),
        "{} breaches of the contract; the first:\n{}",
        stats.failure_count,
        stats.failures.join("\n\n")
    );
    assert_eq!(stats.inputs, INPUTS);
    assert_eq!(stats.binary_runs, INPUTS / BINARY_EVERY);
    // Mutations that never reach an answer, or never an error, would test
    // one side only.
    assert!(stats.answers >= INPUTS / 50, "{}", stats.summary(problem));
    assert!(stats.errors >= INPUTS / 4, "{}", stats.summary(problem));
}

/// The problem's binary, built by cargo (`CARGO_BIN_EXE_*` only exists for
/// a crate's own binaries). Built once for all six, with the test profile
/// that `cargo test --workspace` builds them with anyway, so this costs a
/// link at most; its output is where cargo put this test, `target/debug`.
fn binary(problem: &str) -> PathBuf {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    let folder = BUILT.get_or_init(|| {
        let mut command = Command::new(env!("CARGO"));
        command.args(["build", "--profile", "test", "--quiet", "--bins"]);
        command.current_dir(env!("CARGO_MANIFEST_DIR"));
        for problem in fuzz::PROBLEMS {
            command.args(["-p", problem]);
        }
        let status = command.status().expect("cannot run cargo");
        assert!(status.success(), "cargo build of the binaries failed");
        // This test is target/debug/deps/short_run-HASH.
        let exe = std::env::current_exe().unwrap();
        exe.parent().unwrap().parent().unwrap().to_path_buf()
    });
    folder.join(problem)
}

#[test]
fn werewolf_keeps_the_contract() {
    short_run("werewolf");
}

#[test]
fn stone_game_keeps_the_contract() {
    short_run("stone-game");
}

#[test]
fn nim_keeps_the_contract() {
    short_run("nim");
}

#[test]
fn go_ko_keeps_the_contract() {
    short_run("go-ko");
}

#[test]
fn river_crossing_keeps_the_contract() {
    short_run("river-crossing");
}

#[test]
fn clue_sim_keeps_the_contract() {
    short_run("clue-sim");
}
