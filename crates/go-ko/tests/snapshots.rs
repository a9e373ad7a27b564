//! Snapshots of what users read and no oracle checks: the error of every
//! bad-input and usage case of `judge-data/go-ko` (its judge targets' bad
//! inputs included), `--help`, and the boards `--show` prints (a capture, a suicide, a group touching the stone twice, a 61x80 board cut down) and its samples.
//!
//! A changed line fails here with a diff. Review with `cargo insta review`
//! (`cargo install cargo-insta`) or `INSTA_UPDATE=always` and `git diff`,
//! and read every change before accepting it (README, "Snapshots").

use judge_tools::snapshot::{self, Stream};

const PROBLEM: &str = "go-ko";
const BINARY: &str = env!("CARGO_BIN_EXE_go-ko");

#[test]
fn rejected() {
    insta::glob!(
        "../../../judge-data/go-ko",
        "{bad/*.in,usage/*.args,judges/*/bad/*.in}",
        |path| {
            let (name, text) = snapshot::case(PROBLEM, BINARY, path, Stream::Stderr);
            insta::with_settings!({ snapshot_suffix => name }, { insta::assert_snapshot!("rejected", text) });
        }
    );
}

#[test]
fn answers() {
    insta::glob!("../../../judge-data/go-ko", "{sample/*.in,secret/large/*-show.in,secret/multi/*-show.in,secret/lines/crlf-show.in,secret/own-last-liberty/*.in,secret/shapes/*.in}", |path| {
        let (name, text) = snapshot::case(PROBLEM, BINARY, path, Stream::Stdout);
        insta::with_settings!({ snapshot_suffix => name }, { insta::assert_snapshot!("answer", text) });
    });
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
