//! The problem packages' input validators (each contract's reader in the
//! canonical layout, as `--validate` runs it): what each must accept and
//! reject.
use werewolf::Werewolf;

#[test]
fn the_default_validator_holds_the_statement() {
    judge_tools::assert_validator::<Werewolf>(
        env!("CARGO_PKG_NAME"),
        None,
        &[
            "secret/edges/any-white-space-layout",
            "secret/edges/leading-zeros-and-plus",
            "secret/edges/unsigned-means-human",
        ],
        &[
            ("N = 0", "0 0 0\n"),
            ("M = N + 1", "5 6 2\n+1\n+1\n+1\n+1\n+1\n"),
            ("L = N + 1", "5 2 6\n+1\n+1\n+1\n+1\n+1\n"),
            ("j = N + 1", "5 2 2\n+6\n+1\n+1\n+1\n+1\n"),
            ("j = 0", "5 2 2\n+0\n+1\n+1\n+1\n+1\n"),
            ("a statement without its sign", "5 2 2\n1\n+1\n+1\n+1\n+1\n"),
        ],
    );
}

#[test]
fn the_pat_a1148_validator_holds_the_statement() {
    judge_tools::assert_validator::<Werewolf>(
        env!("CARGO_PKG_NAME"),
        Some("pat-a1148"),
        &["secret/random-planted-00", "secret/random-planted-01"],
        &[
            ("N = 0", "0\n"),
            ("j = N + 1", "5\n+6\n+1\n+1\n+1\n+1\n"),
            ("j = 0", "5\n-0\n+1\n+1\n+1\n+1\n"),
        ],
    );
}
