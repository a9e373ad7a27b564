//! `--deduce` and `--deduce --odds` against a brute force on simulated ICPC
//! games: every envelope, every hand of player 2, every hand of player 3
//! (player 4 gets the rest), kept when each player's hand agrees with what
//! was said about that player. The only pruning is that a hand of player 2
//! that breaks a statement about player 2 is not extended, which is
//! obviously right.
#![allow(clippy::unwrap_used)]

use clue_sim::deduce;
use judge_io::Input;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A statement about one player's hand, as card bit masks.
#[derive(Debug, Clone, Copy)]
enum Said {
    /// Holds none of these.
    Lacks(u32),
    /// Holds this card.
    Holds(u32),
    /// Holds at least one of these.
    OneOf(u32),
}

impl Said {
    fn admits(self, hand: u32) -> bool {
        match self {
            Said::Lacks(cards) => hand & cards == 0,
            Said::Holds(card) => hand & card != 0,
            Said::OneOf(cards) => hand & cards != 0,
        }
    }
}

/// A simulated game: the input text and what it says about each player.
struct History {
    text: String,
    hand: u32,
    said: [Vec<Said>; 4],
}

fn letter(card: usize) -> char {
    char::from(b'A' + u8::try_from(card).unwrap())
}

/// Deals at random and plays `n` random suggestions with truthful answers;
/// with `lie`, one suggestion's answers come from a different deal.
fn simulate(rng: &mut ChaCha8Rng, n: usize, lie: bool) -> History {
    let deal = |rng: &mut ChaCha8Rng| -> [u32; 4] {
        let envelope = [
            rng.random_range(0..6),
            rng.random_range(6..12),
            rng.random_range(12..21),
        ];
        let mut rest: Vec<usize> = (0..21).filter(|card| !envelope.contains(card)).collect();
        rest.shuffle(rng);
        let mask = |cards: &[usize]| cards.iter().fold(0u32, |mask, &card| mask | 1 << card);
        [
            mask(&rest[0..5]),
            mask(&rest[5..10]),
            mask(&rest[10..14]),
            mask(&rest[14..18]),
        ]
    };
    let hands = deal(rng);
    let mut other = deal(rng);
    // The liar's deal keeps player 1's hand (player 1 knows it).
    other[0] = hands[0];
    let lie_at = if lie && n > 0 {
        Some(rng.random_range(0..n))
    } else {
        None
    };
    let mut text = format!("{n}\n");
    let hand_cards: Vec<usize> = (0..21).filter(|&card| hands[0] & 1 << card != 0).collect();
    let mut shuffled = hand_cards.clone();
    shuffled.shuffle(rng);
    text += &shuffled
        .iter()
        .map(|&card| letter(card).to_string())
        .collect::<Vec<_>>()
        .join(" ");
    text.push('\n');
    let mut said: [Vec<Said>; 4] = Default::default();
    for index in 0..n {
        let suggester = index % 4;
        let cards = [
            rng.random_range(0..6),
            rng.random_range(6..12),
            rng.random_range(12..21),
        ];
        let cards_mask = cards.iter().fold(0u32, |mask, &card| mask | 1 << card);
        let answering = if lie_at == Some(index) {
            &other
        } else {
            &hands
        };
        let mut line: Vec<String> = cards.iter().map(|&card| letter(card).to_string()).collect();
        for offset in 1..4 {
            let responder = (suggester + offset) % 4;
            let held: Vec<usize> = cards
                .iter()
                .copied()
                .filter(|&card| answering[responder] & 1 << card != 0)
                .collect();
            if held.is_empty() {
                line.push("-".into());
                said[responder].push(Said::Lacks(cards_mask));
                continue;
            }
            let shown = *held.choose(rng).unwrap();
            // Player 1 sees the card when it suggests or shows; `*` is
            // accepted there too (it says less), now and then.
            if (suggester == 0 || responder == 0) && rng.random_bool(0.9) {
                line.push(letter(shown).to_string());
                said[responder].push(Said::Holds(1 << shown));
            } else {
                line.push("*".into());
                said[responder].push(Said::OneOf(cards_mask));
            }
            break;
        }
        text += &line.join(" ");
        text.push('\n');
    }
    History {
        text,
        hand: hands[0],
        said,
    }
}

/// The number of consistent deals with each card in the envelope, and the
/// number of consistent deals, by listing them.
fn brute_force(history: &History) -> ([u64; 21], u64) {
    let mut in_envelope = [0u64; 21];
    let mut total = 0u64;
    if !history.said[0].iter().all(|said| said.admits(history.hand)) {
        return (in_envelope, 0);
    }
    for person in 0..6 {
        for weapon in 6..12 {
            for room in 12..21 {
                let envelope = 1u32 << person | 1 << weapon | 1 << room;
                if envelope & history.hand != 0 {
                    continue;
                }
                let rest: Vec<usize> = (0..21)
                    .filter(|&card| (history.hand | envelope) & 1 << card == 0)
                    .collect();
                assert_eq!(rest.len(), 13);
                let mut count = 0u64;
                for hand2 in subsets(&rest, 5) {
                    if !history.said[1].iter().all(|said| said.admits(hand2)) {
                        continue;
                    }
                    let rest3: Vec<usize> = rest
                        .iter()
                        .copied()
                        .filter(|&card| hand2 & 1 << card == 0)
                        .collect();
                    for hand3 in subsets(&rest3, 4) {
                        let hand4 =
                            rest3.iter().fold(0u32, |mask, &card| mask | 1 << card) & !hand3;
                        if history.said[2].iter().all(|said| said.admits(hand3))
                            && history.said[3].iter().all(|said| said.admits(hand4))
                        {
                            count += 1;
                        }
                    }
                }
                for card in [person, weapon, room] {
                    in_envelope[card] += count;
                }
                total += count;
            }
        }
    }
    (in_envelope, total)
}

/// Every `k`-card subset of `cards`, as card masks.
fn subsets(cards: &[usize], k: usize) -> Vec<u32> {
    let n = cards.len();
    let mut out = Vec::new();
    // Gosper's hack: the k-bit numbers below 2^n in increasing order.
    let mut pick: u32 = (1 << k) - 1;
    while pick < 1 << n {
        out.push(
            (0..n)
                .filter(|&i| pick & 1 << i != 0)
                .fold(0u32, |mask, i| mask | 1 << cards[i]),
        );
        let low = pick & pick.wrapping_neg();
        let ripple = pick + low;
        pick = (((ripple ^ pick) >> 2) / low) | ripple;
    }
    out
}

/// The expected output, from the brute force's counts.
fn expected_output(in_envelope: &[u64; 21], total: u64) -> String {
    let mut out = String::new();
    for range in [0..6, 6..12, 12..21] {
        let certain = range.clone().find(|&card| in_envelope[card] == total);
        out.push(certain.map_or('?', letter));
    }
    out.push('\n');
    for (card, &count) in in_envelope.iter().enumerate() {
        if count > 0 {
            // Four decimals, half up: floor(x * 10^4 + 1/2).
            let units = (u128::from(count) * 20_000 + u128::from(total)) / (2 * u128::from(total));
            out += &format!(
                "{} {}.{:04}\n",
                letter(card),
                units / 10_000,
                units % 10_000
            );
        }
    }
    out
}

fn deduce(text: &str, odds: bool) -> Result<String, judge_io::Error> {
    let mut input = Input::new(text.as_bytes());
    let answer = deduce::run(&mut input, odds)?;
    input.finish()?;
    Ok(answer)
}

#[test]
fn deduce_matches_the_brute_force_on_simulated_games() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x1c9c);
    let mut contradictions = 0;
    let mut certain = 0;
    for game in 0..400 {
        let lie = game % 4 == 3;
        // Short histories leave many deals, which the brute force lists
        // one by one: a few of them, many long ones.
        let n = match game % 40 {
            0 => rng.random_range(0..=6),
            1..=15 => rng.random_range(7..=20),
            _ => rng.random_range(21..=50),
        };
        let history = simulate(&mut rng, n, lie);
        let (in_envelope, total) = brute_force(&history);
        let context = format!("game {game}:\n{}", history.text);
        if total == 0 {
            contradictions += 1;
            let error = deduce(&history.text, true).unwrap_err();
            assert!(
                error.message().contains("contradict each other"),
                "{context}{error}"
            );
            continue;
        }
        let expected = expected_output(&in_envelope, total);
        certain += expected
            .lines()
            .next()
            .unwrap()
            .chars()
            .filter(|&c| c != '?')
            .count();
        assert_eq!(deduce(&history.text, true).unwrap(), expected, "{context}");
        assert_eq!(
            deduce(&history.text, false).unwrap(),
            expected.lines().next().unwrap().to_string() + "\n",
            "{context}"
        );
        // The exact counts behind the rounded odds.
        let parsed = deduce::parse(&mut Input::new(history.text.as_bytes())).unwrap();
        let verdict = deduce::solve(&parsed).unwrap();
        assert_eq!(verdict.deals, u128::from(total), "{context}");
        let counts: Vec<(usize, u128)> = (0..21)
            .filter(|&card| in_envelope[card] > 0)
            .map(|card| (card, u128::from(in_envelope[card])))
            .collect();
        assert_eq!(verdict.odds, counts, "{context}");
    }
    assert!(
        contradictions >= 20,
        "lies must produce contradictions: {contradictions}"
    );
    assert!(
        certain >= 100,
        "many envelope cards must be certain: {certain}"
    );
}

/// A judge-data input read the simple way, token by token: `n`, the hand,
/// then per suggestion three cards and the responses up to the first that
/// is not `-` (at most three). Returns what each player's answers say, as
/// the brute force wants it.
fn read_case(text: &str) -> History {
    let mut tokens = text.split_whitespace();
    let n: usize = tokens
        .next()
        .unwrap()
        .trim_start_matches('+')
        .parse()
        .unwrap();
    let card = |token: &str| usize::from(token.as_bytes()[0] - b'A');
    let hand = (0..5).fold(0u32, |mask, _| mask | 1 << card(tokens.next().unwrap()));
    let mut said: [Vec<Said>; 4] = Default::default();
    for index in 0..n {
        let cards = (0..3).fold(0u32, |mask, _| mask | 1 << card(tokens.next().unwrap()));
        for offset in 0..3 {
            let responder = (index + 1 + offset) % 4;
            let response = tokens.next().unwrap();
            said[responder].push(match response {
                "-" => Said::Lacks(cards),
                "*" => Said::OneOf(cards),
                letter => Said::Holds(1 << card(letter)),
            });
            if response != "-" {
                break;
            }
        }
    }
    assert_eq!(tokens.next(), None, "nothing after suggestion {n}");
    History {
        text: text.to_string(),
        hand,
        said,
    }
}

/// `text` with its tokens separated by random white space: one or more of
/// spaces, tabs, line breaks (`\n` or `\r\n`) and blank lines, and maybe
/// some before the first token and after the last.
fn relayout(rng: &mut ChaCha8Rng, text: &str) -> String {
    let separators = [" ", "  ", "\t", "\n", "\r\n", "\n\n", " \t\r\n\t "];
    let gap = |rng: &mut ChaCha8Rng| -> String {
        (0..rng.random_range(1..=3))
            .map(|_| *separators.choose(rng).unwrap())
            .collect()
    };
    let mut out = String::new();
    if rng.random_bool(0.3) {
        out += &gap(rng);
    }
    for (index, token) in text.split_whitespace().enumerate() {
        if index > 0 {
            out += &gap(rng);
        }
        out += token;
    }
    if rng.random_bool(0.5) {
        out += &gap(rng);
    }
    out
}

#[test]
fn any_white_space_layout_gives_the_same_answer() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x7ab5);
    let mut texts: Vec<String> = deduce_cases("sample")
        .into_iter()
        .chain(deduce_cases("secret"))
        .map(|(_, text, _)| text)
        .collect();
    for game in 0..200 {
        let n = rng.random_range(0..=50);
        texts.push(simulate(&mut rng, n, game % 5 == 4).text);
    }
    let mut changed = 0;
    for text in &texts {
        let expected = deduce(text, true);
        for _ in 0..5 {
            let moved = relayout(&mut rng, text);
            changed += usize::from(moved.lines().count() != text.lines().count());
            let got = deduce(&moved, true);
            match (&expected, &got) {
                (Ok(expected), Ok(got)) => assert_eq!(got, expected, "{moved:?}"),
                // The place in the message moves with the layout; the
                // verdict does not.
                (Err(expected), Err(got)) => assert_eq!(
                    expected.message().contains("contradict"),
                    got.message().contains("contradict"),
                    "{moved:?}: {got}"
                ),
                _ => panic!("{text:?} gives {expected:?}, {moved:?} gives {got:?}"),
            }
        }
    }
    assert!(changed > texts.len(), "the layouts must differ: {changed}");
}

/// The `--deduce` cases of a judge-data folder: the `deduce-*` cases of
/// `judge-data/clue-sim/FOLDER` (their `.args` say whether `--odds` is on),
/// and every case of the `kattis-getaclue` target's FOLDER (no odds).
fn deduce_cases(folder: &str) -> Vec<(String, String, bool)> {
    let root = format!("{}/../../judge-data/clue-sim", env!("CARGO_MANIFEST_DIR"));
    let mut cases = Vec::new();
    for (dir, prefix) in [
        (format!("{root}/{folder}"), "deduce-"),
        (format!("{root}/judges/kattis-getaclue/{folder}"), ""),
    ] {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_str().unwrap().to_string();
            let stem = match name
                .strip_prefix(prefix)
                .and_then(|rest| rest.strip_suffix(".in"))
            {
                Some(stem) => format!("{dir}/{prefix}{stem}"),
                None => continue,
            };
            let odds = if prefix.is_empty() {
                false
            } else {
                let args = std::fs::read_to_string(format!("{stem}.args")).unwrap();
                match args.split_whitespace().collect::<Vec<_>>()[..] {
                    ["--deduce"] => false,
                    ["--deduce", "--odds"] => true,
                    _ => panic!("{name}: unexpected args {args:?}"),
                }
            };
            cases.push((stem, std::fs::read_to_string(&path).unwrap(), odds));
        }
    }
    cases.sort();
    cases
}

#[test]
fn judge_data_answers_are_the_brute_forces() {
    let mut checked = 0;
    let mut judge_target = 0;
    for folder in ["sample", "secret"] {
        for (stem, text, odds) in deduce_cases(folder) {
            let (in_envelope, total) = brute_force(&read_case(&text));
            assert!(total > 0, "{stem}: no deal fits");
            let mut expected = expected_output(&in_envelope, total);
            if !odds {
                expected = expected.lines().next().unwrap().to_string() + "\n";
            }
            if std::env::var_os("CLUE_WRITE_ANSWERS").is_some() {
                std::fs::write(format!("{stem}.ans"), &expected).unwrap();
            }
            let answer = std::fs::read_to_string(format!("{stem}.ans")).unwrap();
            assert_eq!(answer, expected, "{stem}.ans");
            checked += 1;
            judge_target += usize::from(stem.contains("/judges/"));
        }
    }
    assert!(checked >= 50, "{checked}");
    assert!(judge_target >= 33, "{judge_target}");
}

#[test]
fn judge_data_contradictions_are_real() {
    let mut checked = 0;
    for (stem, text, odds) in deduce_cases("bad") {
        let error = deduce(&text, odds).unwrap_err();
        if stem.contains("contradiction") {
            let (_, total) = brute_force(&read_case(&text));
            assert_eq!(total, 0, "{stem}");
            assert!(
                error.message().contains("contradict each other"),
                "{stem}: {error}"
            );
            checked += 1;
        } else {
            assert!(!error.message().contains("contradict"), "{stem}: {error}");
        }
    }
    assert!(checked >= 5, "{checked}");
}
