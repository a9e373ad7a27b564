//! The problem packages' input validators (each contract's reader in the
//! canonical layout, as `--validate` runs it): what each must accept and
//! reject.
use nim::Nim;

const U64_PLUS_ONE: &str = "18446744073709551616";

#[test]
fn the_default_validator_holds_the_statement() {
    judge_tools::assert_validator::<Nim>(
        env!("CARGO_PKG_NAME"),
        None,
        &[],
        &[
            ("a pile of 2^64", &format!("1\n{U64_PLUS_ONE}\n")),
            ("a pile of -1", "1\n-1\n"),
            ("n = -1", "-1\n\n"),
            ("n = 0 without its empty line", "0\n"),
        ],
    );
}

#[test]
fn the_luogu_p2197_validator_holds_the_statement() {
    judge_tools::assert_validator::<Nim>(
        env!("CARGO_PKG_NAME"),
        Some("luogu-p2197"),
        &[],
        &[
            ("T = -1", "-1\n"),
            ("a pile of 2^64", &format!("1\n1\n{U64_PLUS_ONE}\n")),
        ],
    );
}

#[test]
fn the_luogu_p1247_validator_holds_the_statement() {
    judge_tools::assert_validator::<Nim>(
        env!("CARGO_PKG_NAME"),
        Some("luogu-p1247"),
        &[],
        &[
            ("k = -1", "-1\n\n"),
            ("a pile of 2^64", &format!("1\n{U64_PLUS_ONE}\n")),
            ("a pile of -1", "2\n3 -1\n"),
        ],
    );
}

#[test]
fn the_luogu_p4279_validator_holds_the_statement() {
    judge_tools::assert_validator::<Nim>(
        env!("CARGO_PKG_NAME"),
        Some("luogu-p4279"),
        &[],
        &[
            ("T = -1", "-1\n"),
            ("N = -1", "1\n-1\n\n"),
            ("a pile of 2^64", &format!("1\n1\n{U64_PLUS_ONE}\n")),
        ],
    );
}

/// Out-of-bounds S-Nim cases, as one case (`kattis-snim`) or followed by the
/// final `0` (`hdu-1536`).
fn s_nim_bounds(end: &str) -> Vec<(&'static str, String)> {
    let sizes: Vec<String> = (1..=101).map(|size| size.to_string()).collect();
    vec![
        ("k = 0", format!("0\n1\n1 5\n{end}")),
        ("a move size of 10001", format!("1 10001\n1\n1 5\n{end}")),
        ("a move size of 0", format!("1 0\n1\n1 5\n{end}")),
        (
            "101 distinct move sizes",
            format!("101 {}\n1\n1 5\n{end}", sizes.join(" ")),
        ),
        ("a heap of -1", format!("1 1\n1\n1 -1\n{end}")),
        ("a heap of 2^64", format!("1 1\n1\n1 {U64_PLUS_ONE}\n{end}")),
    ]
}

#[test]
fn the_s_nim_validators_hold_the_statements() {
    for (target, end) in [("kattis-snim", ""), ("hdu-1536", "0\n")] {
        let bounds = s_nim_bounds(end);
        let bounds: Vec<(&str, &str)> = bounds
            .iter()
            .map(|(what, input)| (*what, input.as_str()))
            .collect();
        judge_tools::assert_validator::<Nim>(env!("CARGO_PKG_NAME"), Some(target), &[], &bounds);
    }
}
