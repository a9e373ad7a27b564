//! The problem package's input validator (the reader in the canonical
//! layout, as `--validate` runs it): what it must accept and reject.
use stone_game::StoneGame;

#[test]
fn the_validator_holds_the_statement() {
    judge_tools::assert_validator::<StoneGame>(
        env!("CARGO_PKG_NAME"),
        None,
        &["secret/leading-zeros-and-plus"],
        &[("n = 2^64", "18446744073709551616\n"), ("n = -1", "-1\n")],
    );
}
