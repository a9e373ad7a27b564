//! The problem package's input validator (the reader in the canonical
//! layout, as `--validate` runs it): what it must accept and reject.
use go_ko::GoKo;

#[test]
fn the_validator_holds_the_statement() {
    judge_tools::assert_validator::<GoKo>(
        env!("CARGO_PKG_NAME"),
        None,
        &[
            "secret/lines/blank-lines-everywhere",
            "secret/lines/crlf",
            "secret/lines/move-line-leading-zeros-and-plus",
            "secret/lines/move-line-spaced",
            "secret/lines/no-final-newline",
            "secret/lines/trailing-spaces-and-tabs",
        ],
        &[
            ("x = R", "..\n..\n2 0 X\n"),
            ("y = C", "..\n..\n0 2 X\n"),
            ("x = -1", "..\n..\n-1 0 X\n"),
            ("a colour other than O or X", "..\n..\n0 0 Y\n"),
            ("a ragged row", "..\n...\n0 0 X\n"),
            ("a blank line in the board", "..\n\n..\n0 0 X\n"),
            ("a blank line at the end", "..\n..\n0 0 X\n\n"),
        ],
    );
}
