//! Big games through the real binary under a 2 GB address-space limit
//! (`ulimit -v`): each ends with an answer (status 0) or with one `error:`
//! line (status 1), never with an abort. The inputs are generated here, not
//! committed (the largest is about 7 MB).

use std::io::Write;
use std::process::{Command, Stdio};

/// `N N/2 N/2` and N statements from a fixed xorshift stream.
fn random_half_input(players: u64) -> Vec<u64> {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut words = vec![players, players / 2, players / 2];
    for _ in 0..players {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        words.push(state);
    }
    words
}

fn input_text(players: u64) -> Vec<u8> {
    let words = random_half_input(players);
    let mut text = format!("{} {} {}\n", words[0], words[1], words[2]).into_bytes();
    for &word in &words[3..] {
        let sign = if word & 1 == 1 { '-' } else { '+' };
        writeln!(text, "{sign}{}", (word >> 1) % players + 1)
            .expect("writing to a Vec cannot fail");
    }
    text
}

/// Runs the binary on `input` with at most 2,000,000 KiB of address space.
fn run_limited(input: &[u8]) -> (Option<i32>, String, String) {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 2000000 && exec \"$0\"")
        .arg(env!("CARGO_BIN_EXE_werewolf"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh starts");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(input)
        .expect("the binary reads its whole input");
    let output = child.wait_with_output().expect("the binary ends");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn assert_refused_cleanly(players: u64) {
    let (status, stdout, stderr) = run_limited(&input_text(players));
    assert_eq!(status, Some(1), "N = {players}: stderr {stderr:?}");
    assert_eq!(stdout, "");
    assert_eq!(stderr.lines().count(), 1, "{stderr:?}");
    let expected = format!(
        "error: N = {players} and M = {} need more than the 1024 MiB memory limit (subset-sum tables: ",
        players / 2
    );
    assert!(stderr.starts_with(&expected), "{stderr:?}");
}

#[test]
fn thirty_thousand_players_are_refused_with_one_error_line() {
    assert_refused_cleanly(30_000);
}

#[test]
fn a_million_players_are_refused_with_one_error_line() {
    assert_refused_cleanly(1_000_000);
}

#[test]
fn a_game_within_the_limit_is_answered_under_the_same_address_space_limit() {
    let (status, stdout, stderr) = run_limited(&input_text(2_000));
    assert_eq!(status, Some(0), "{stderr:?}");
    assert_eq!(stderr, "");
    assert_eq!(stdout.lines().count(), 1);
}
