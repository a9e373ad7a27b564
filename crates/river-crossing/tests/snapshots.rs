//! Snapshots of what users read and no oracle checks: the error of every
//! bad-input and usage case of `judge-data/river-crossing` (its judge targets' bad
//! inputs included), `--help`, and plans and `--hint` answers.
//!
//! A changed line fails here with a diff. Review with `cargo insta review`
//! (`cargo install cargo-insta`) or `INSTA_UPDATE=always` and `git diff`,
//! and read every change before accepting it (README, "Snapshots").

use judge_tools::snapshot::{self, Stream};

const PROBLEM: &str = "river-crossing";
const BINARY: &str = env!("CARGO_BIN_EXE_river-crossing");

#[test]
fn rejected() {
    insta::glob!(
        "../../../judge-data/river-crossing",
        "{bad/*.in,usage/*.args,judges/*/bad/*.in}",
        |path| {
            let (name, text) = snapshot::case(PROBLEM, BINARY, path, Stream::Stderr);
            insta::with_settings!({ snapshot_suffix => name }, { insta::assert_snapshot!("rejected", text) });
        }
    );
}

#[test]
fn answers() {
    insta::glob!(
        "../../../judge-data/river-crossing",
        "{sample/*.in,secret/basics/*.in,secret/hint/*.in}",
        |path| {
            let (name, text) = snapshot::case(PROBLEM, BINARY, path, Stream::Stdout);
            insta::with_settings!({ snapshot_suffix => name }, { insta::assert_snapshot!("answer", text) });
        }
    );
}

#[test]
fn help() {
    let help = snapshot::command(
        PROBLEM,
        BINARY,
        &["--help".to_string()],
        b"",
        Stream::Stdout,
    );
    insta::assert_snapshot!(help);
}
