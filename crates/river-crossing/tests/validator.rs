//! The problem package's input validator (the reader in the canonical
//! layout, as `--validate` runs it): what it must accept and reject.
use river_crossing::RiverCrossing;

#[test]
fn the_validator_holds_the_statement() {
    judge_tools::assert_validator::<RiverCrossing>(
        env!("CARGO_PKG_NAME"),
        None,
        &[
            "secret/format/leading-zeros-and-plus",
            "secret/format/no-trailing-newline",
            "secret/format/one-number-per-line",
            "secret/format/tabs-and-crlf",
        ],
        &[
            ("P = 1001", "1001 1 1\n"),
            ("D = 1001", "1 1001 1\n"),
            ("C = 1001", "1 1 1001\n"),
            ("C = 0", "1 1 0\n"),
            ("p = P + 1", "3 3 2\n4 3 L\n"),
            ("d = D + 1", "3 3 2\n3 4 R\n"),
            ("a bank other than L or R", "3 3 2\n3 3 X\n"),
        ],
    );
}
