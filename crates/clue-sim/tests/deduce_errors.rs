//! Every kind of bad `--deduce` input is one error with its place and a
//! clear message, and never an answer.
#![allow(clippy::unwrap_used)]

use clue_sim::deduce;
use clue_sim::knowledge::Knowledge;
use judge_io::Input;

fn deduce(text: &str) -> Result<String, judge_io::Error> {
    let mut input = Input::new(text.as_bytes());
    let answer = deduce::run(&mut input, false)?;
    input.finish()?;
    Ok(answer)
}

#[test]
fn bad_input_is_reported_where_it_is() {
    let cases: &[(&str, &str)] = &[
        ("", "line 1, column 1: expected the number of suggestions n, found end of input"),
        ("x\n", "line 1, column 1 (token 1): expected the number of suggestions n (an integer from 0 to 18446744073709551615), found \"x\""),
        ("-1\nB I P C F\n", "line 1, column 1 (token 1): the number of suggestions n must be from 0 to 18446744073709551615, found \"-1\""),
        ("1\nB I P C V\nA G M - - -\n", "line 2, column 9 (token 6): expected a card of your hand (a letter from A to U), found \"V\""),
        ("1\nB i P C F\nA G M - - -\n", "line 2, column 3 (token 3): expected a card of your hand (a letter from A to U), found \"i\""),
        ("1\nB I P C B\nA G M - - -\n", "line 2, column 9 (token 6): your hand has \"B\" twice; it must be five different cards"),
        // A sixth card is the next suggestion's person, so the error comes
        // one token later; four cards take the first suggestion's person.
        ("1\nB I P C F E\nA G M - - -\n", "line 3, column 1 (token 8): a suggestion names one person (A to F), one weapon (G to L) and one room (M to U), in that order; expected the weapon, found \"A\""),
        ("1\nB I P C\nA G M - - -\n", "line 3, column 3 (token 7): a suggestion names one person (A to F), one weapon (G to L) and one room (M to U), in that order; expected the person, found \"G\""),
        ("1\nB I P C F\nA M G - - -\n", "line 3, column 3 (token 8): a suggestion names one person (A to F), one weapon (G to L) and one room (M to U), in that order; expected the weapon, found \"M\""),
        ("1\nB I P C F\nA G Z - - -\n", "line 3, column 5 (token 9): expected the room of the suggestion (a letter from M to U), found \"Z\""),
        ("1\nB I P C F\nA G\n", "line 4, column 1: expected the room of the suggestion (a letter from M to U), found end of input"),
        ("1\nB I P C F\nA G M\n", "line 4, column 1: expected a response (-, * or a card letter), found end of input"),
        // A suggestion ends after three responses or at its evidence, so a
        // response beyond is extra input, or the next suggestion's person.
        ("1\nB I P C F\nA G M - - - -\n", "line 3, column 13 (token 13): unexpected extra input \"-\" after suggestion 1, the last one"),
        ("2\nB I P C F\nA G M - - - -\n", "line 3, column 13 (token 13): expected the person of the suggestion (a letter from A to F), found \"-\" (the suggestion before already has three responses: only three players are asked)"),
        ("1\nB I P C F\nA G M G -\n", "line 3, column 9 (token 11): unexpected extra input \"-\" after suggestion 1, the last one"),
        ("2\nB I P C F\nA G M G -\n", "line 3, column 9 (token 11): expected the person of the suggestion (a letter from A to F), found \"-\" (the suggestion before ended at its evidence \"G\": a shown card ends the responses)"),
        ("3\nB I P C F\nA G M - - -\nA G M * -\n", "line 4, column 9 (token 17): expected the person of the suggestion (a letter from A to F), found \"-\" (the suggestion before ended at its evidence \"*\": a shown card ends the responses)"),
        ("1\nB I P C F\nA G M - H\n", "line 3, column 9 (token 11): the evidence \"H\" is not one of the suggested cards AGM"),
        ("2\nA B C D H\nF G M M\nF H M - H\n", "line 4, column 9 (token 15): player 4 showed a card to player 2, so player 1 could not see it: expected \"*\", found \"H\""),
        ("1\nB I P C F\nA G M - x\n", "line 3, column 9 (token 11): expected a response (-, * or a card letter from A to U), found \"x\""),
        // After a pass the next player is asked, so the input must go on.
        ("1\nB I P C F\nA G M - -\n", "line 4, column 1: expected a response (-, * or a card letter), found end of input"),
        ("1\nB I P C F\nA G M -\n", "line 4, column 1: expected a response (-, * or a card letter), found end of input"),
        ("2\nB I P C F\nA G M - - -\n", "line 4, column 1: expected suggestion 2 of 2, found end of input"),
        ("18446744073709551615\nB I P C F\nA G M - - -\n", "line 4, column 1: expected suggestion 2 of 18446744073709551615, found end of input"),
        ("1\nB I P C F\nA G M - - -\nB G M - - -\n", "line 4, column 1 (token 13): unexpected extra input \"B\" after suggestion 1, the last one"),
        ("0\nB I P C F\nA G M - - -\n", "line 3, column 1 (token 7): unexpected extra input \"A\": n is 0, so nothing follows your hand"),
        ("1\nB I P C F\nB G M B\n", "line 3, column 1 (token 7): the observations contradict each other: no deal of the cards fits your hand and suggestion 1"),
        ("5\nA B C D H\nE G M - - -\nA G M - - A\nB G M - B\nC G M C\nF G M - - -\n", "line 7, column 1 (token 28): the observations contradict each other: no deal of the cards fits your hand and suggestions 1 to 5"),
    ];
    for (input, expected) in cases {
        let error = deduce(input).unwrap_err();
        assert!(!error.is_usage());
        assert_eq!(error.to_string(), *expected, "input {input:?}");
    }
}

#[test]
fn a_contradiction_only_counting_finds_is_still_reported() {
    // Player 4 (four cards) shows a card from each of five disjoint
    // suggestions: no single observation is wrong, but four cards cannot
    // meet five disjoint triples. Propagation does not see it; the count
    // does.
    let triples = ["B H P", "C I Q", "D J R", "E K S", "F L T"];
    let mut text = String::from("19\nA G M N O\n");
    for index in 0..19 {
        text += &match index % 4 {
            0 => "A G M - - -".to_string(),
            1 => "A G M - - A".to_string(),
            2 => format!("{} *", triples[index / 4]),
            _ => "A G M A".to_string(),
        };
        text.push('\n');
    }
    let error = deduce(&text).unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 21, column 1 (token 99): the observations contradict each other: no deal of the cards fits your hand and suggestions 1 to 19"
    );
    let mut knowledge = Knowledge::new(&[6, 6, 9], &[5, 5, 4, 4]);
    knowledge.set_budget(u64::MAX);
    for card in [0, 6, 12, 13, 14] {
        knowledge.holds(0, card).unwrap();
    }
    for (triple, cards) in
        triples
            .iter()
            .zip([[1, 7, 15], [2, 8, 16], [3, 9, 17], [4, 10, 18], [5, 11, 19]])
    {
        assert_eq!(usize::from(triple.as_bytes()[0] - b'A'), cards[0]);
        knowledge.holds_one_of(3, &cards).unwrap();
    }
    assert!(knowledge.is_consistent(), "propagation alone misses it");
    assert!(knowledge.analysis().is_exact());
    assert!(!knowledge.analysis().is_consistent());
    // One suggestion fewer is fine.
    let shorter: String = text
        .lines()
        .take(20)
        .map(|line| line.to_string() + "\n")
        .collect::<String>()
        .replacen("19", "18", 1);
    assert_eq!(deduce(&shorter).unwrap(), "???\n");
}

#[test]
fn odds_follow_the_answer_line() {
    let mut input = Input::new("0\nA B C D H\n".as_bytes());
    let answer = deduce::run(&mut input, true).unwrap();
    // Persons E and F remain, weapons G and I to L, rooms M to U; with no
    // suggestion every envelope is equally likely.
    let expected = "???\nE 0.5000\nF 0.5000\nG 0.2000\nI 0.2000\nJ 0.2000\nK 0.2000\nL 0.2000\n"
        .to_string()
        + &"MNOPQRSTU"
            .chars()
            .map(|room| format!("{room} 0.1111\n"))
            .collect::<String>();
    assert_eq!(answer, expected);
}
