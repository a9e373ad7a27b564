//! The problem packages' input validators (each contract's reader in the
//! canonical layout, as `--validate` runs it): what each must accept and
//! reject.
use clue_sim::ClueSim;

#[test]
fn the_default_validator_holds_the_statement() {
    let cards: Vec<String> = (1..=257).map(|card| format!("c{card}")).collect();
    let too_many = format!("3 1\n1\ncat 257 {}\n", cards.join(" "));
    judge_tools::assert_validator::<ClueSim>(
        env!("CARGO_PKG_NAME"),
        None,
        &[],
        &[
            ("P = 13", "13 1\n"),
            ("P = 1", "1 1\n"),
            ("SEED = 2^64", "3 18446744073709551616\n"),
            ("K = 0", "3 1\n0\n"),
            ("257 cards", &too_many),
            ("a name with a dot", "3 1\n1\ncat 2 a.b c\n"),
        ],
    );
}

#[test]
fn the_kattis_getaclue_validator_holds_the_statement() {
    judge_tools::assert_validator::<ClueSim>(
        env!("CARGO_PKG_NAME"),
        Some("kattis-getaclue"),
        // The judge's own data comes in any white space layout; these are
        // the inputs laid out other than canonically.
        &[
            "secret/01-suggestions-envelope-pertoken",
            "secret/01-suggestions-own-random",
            "secret/05-suggestions-random-crlf",
            "secret/08-suggestions-hidden-random",
            "secret/16-suggestions-random-nofinal",
            "secret/25-suggestions-random-random",
            "secret/30-suggestions-own-pertoken",
            "secret/33-suggestions-random-oneline",
            "secret/45-suggestions-hidden-random",
            "secret/48-suggestions-envelope-oneline",
            "secret/50-suggestions-envelope-random",
            "secret/50-suggestions-hidden-random",
            "secret/50-suggestions-own-crlf",
        ],
        &[
            ("n = -1", "-1\nA B C D E\n"),
            ("a card V", "0\nA B C D V\n"),
            ("four responses", "1\nA B C D E\nF G M - - - -\n"),
        ],
    );
}
