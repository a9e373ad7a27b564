//! A second, plain implementation of the rules that reads a transcript and
//! checks every line of it, run over thousands of seeded games with every
//! strategy mix and several card sets.
//!
//! It shares no code with the referee: it knows the rules from the crate
//! README, and the deal from the README's description of the generator
//! (SplitMix64, Lemire's "below n", the envelope draw, then Fisher-Yates).

#![allow(clippy::unwrap_used)]
// The generator takes the halves of 128-bit products, and game counts are
// small: these casts are exact or meant.
#![allow(clippy::cast_possible_truncation)]

use std::collections::HashMap;

use clue_sim::ClueSim;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A card set for the test: categories of card names.
type Cards = Vec<(String, Vec<String>)>;

/// The classic set, written out again on purpose rather than taken from
/// `clue_sim::cards::DEFAULT_CARDS`: the checker is an independent reading of
/// the rules, and this list is what catches a misspelt or misordered card in
/// the library's copy.
fn classic() -> Cards {
    let names: [(&str, &[&str]); 3] = [
        (
            "suspect",
            &["Mustard", "Orchid", "Green", "Peacock", "Plum", "Scarlett"],
        ),
        (
            "weapon",
            &[
                "Candlestick",
                "Dagger",
                "LeadPipe",
                "Revolver",
                "Rope",
                "Wrench",
            ],
        ),
        (
            "room",
            &[
                "Ballroom",
                "BilliardRoom",
                "Conservatory",
                "DiningRoom",
                "Hall",
                "Kitchen",
                "Library",
                "Lounge",
                "Study",
            ],
        ),
    ];
    names
        .iter()
        .map(|(category, cards)| {
            (
                category.to_string(),
                cards.iter().map(|card| card.to_string()).collect(),
            )
        })
        .collect()
}

/// A card set with these category sizes; cards are named `c<category>_<i>`.
fn sized(sizes: &[usize]) -> Cards {
    sizes
        .iter()
        .enumerate()
        .map(|(category, &size)| {
            (
                format!("cat{category}"),
                (0..size).map(|i| format!("c{category}_{i}")).collect(),
            )
        })
        .collect()
}

fn input_text(players: usize, seed: u64, cards: Option<&Cards>) -> String {
    let mut text = format!("{players} {seed}\n");
    if let Some(cards) = cards {
        text.push_str(&format!("{}\n", cards.len()));
        for (category, names) in cards {
            text.push_str(&format!("{category} {} {}\n", names.len(), names.join(" ")));
        }
    }
    text
}

// ---- The generator and the deal, as the README describes them. ----

struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e3779b97f4a7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58476d1ce4e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d049bb133111eb);
        z ^ (z >> 31)
    }

    /// Lemire: high half of x * n, rejecting low halves below 2^64 mod n.
    fn below(&mut self, n: usize) -> usize {
        let n = n as u64;
        let threshold = n.wrapping_neg() % n;
        loop {
            let product = self.next() as u128 * n as u128;
            if (product as u64) >= threshold {
                return (product >> 64) as usize;
            }
        }
    }
}

/// The envelope and hands (card names) the seed must produce.
fn expected_deal(cards: &Cards, players: usize, seed: u64) -> (Vec<String>, Vec<Vec<String>>) {
    let mut seeder = SplitMix(seed);
    let mut rng = SplitMix(seeder.next());
    let envelope: Vec<String> = cards
        .iter()
        .map(|(_, names)| names[rng.below(names.len())].clone())
        .collect();
    let mut rest: Vec<String> = cards
        .iter()
        .flat_map(|(_, names)| names.iter().cloned())
        .filter(|card| !envelope.contains(card))
        .collect();
    for i in (1..rest.len()).rev() {
        let j = rng.below(i + 1);
        rest.swap(i, j);
    }
    let mut hands = vec![Vec::new(); players];
    for (k, card) in rest.into_iter().enumerate() {
        hands[k % players].push(card);
    }
    (envelope, hands)
}

// ---- The checker. ----

/// What a checked game came to.
#[derive(Debug, Default)]
struct Checked {
    winner: Option<usize>,
    turns: usize,
    /// (seat, correct) of every accusation.
    accusations: Vec<(usize, bool)>,
}

/// Checks every rule on `transcript`; panics with the line at fault.
fn check(transcript: &str, cards: &Cards, players: usize, seed: u64) -> Checked {
    let category_of: HashMap<&str, usize> = cards
        .iter()
        .enumerate()
        .flat_map(|(category, (_, names))| names.iter().map(move |name| (name.as_str(), category)))
        .collect();
    let n_cards = category_of.len();
    let mut reader = Reader {
        lines: transcript.lines().collect(),
        cursor: 0,
    };
    let one_per_category = |names: &[&str], at: usize| {
        assert_eq!(names.len(), cards.len(), "line {at}: one card per category");
        for (category, name) in names.iter().enumerate() {
            assert_eq!(
                category_of.get(name),
                Some(&category),
                "line {at}: card {name}"
            );
        }
    };
    assert!(transcript.ends_with('\n'));

    // The deal.
    let (at, words) = reader.next("the envelope");
    assert_eq!(words[0], "envelope", "line {at}");
    one_per_category(&words[1..], at);
    let envelope: Vec<String> = words[1..].iter().map(|s| s.to_string()).collect();
    let mut holder: HashMap<String, usize> = HashMap::new();
    let mut hands = Vec::new();
    for seat in 0..players {
        let (at, words) = reader.next("a hand");
        assert_eq!(words[0], "hand", "line {at}");
        assert_eq!(
            words[1],
            (seat + 1).to_string(),
            "line {at}: hands in seat order"
        );
        let hand: Vec<String> = words[2..].iter().map(|s| s.to_string()).collect();
        for card in &hand {
            assert!(
                category_of.contains_key(card.as_str()),
                "line {at}: unknown card"
            );
            assert!(
                !envelope.contains(card),
                "line {at}: {card} is in the envelope"
            );
            assert!(
                holder.insert(card.clone(), seat).is_none(),
                "line {at}: {card} dealt twice"
            );
        }
        let dealt = n_cards - cards.len();
        let expected = dealt / players + usize::from(seat < dealt % players);
        assert_eq!(
            hand.len(),
            expected,
            "line {at}: dealt one at a time in seat order"
        );
        hands.push(hand);
    }
    assert_eq!(holder.len() + cards.len(), n_cards, "every card dealt");
    assert_eq!(
        (envelope.clone(), hands),
        expected_deal(cards, players, seed),
        "the deal is the documented one for seed {seed}"
    );

    // The turns.
    let mut out = vec![false; players];
    let mut last_seat: Option<usize> = None;
    let mut result = Checked::default();
    loop {
        let (at, words) = reader.next("a turn or the end");
        if words[0] == "winner" || words[0] == "nobody" {
            // The game may only end here without a winner.
            assert_eq!(
                words[0], "nobody",
                "line {at}: a winner needs a correct accusation"
            );
            assert_eq!(
                words,
                vec![
                    "nobody",
                    "wins",
                    "after",
                    &result.turns.to_string(),
                    "turns"
                ]
            );
            assert!(
                out.iter().all(|&o| o) || result.turns == 100 * players,
                "line {at}: the game ended early"
            );
            break;
        }
        assert!(
            result.turns < 100 * players && out.iter().any(|&o| !o),
            "line {at}: a turn after the game should have ended"
        );
        result.turns += 1;
        assert_eq!(words[0], "turn", "line {at}");
        assert_eq!(words[1], result.turns.to_string(), "line {at}: turn number");
        let seat: usize = words[2].parse::<usize>().unwrap() - 1;
        // The next seat, skipping players who are out.
        let mut expected = last_seat.map_or(0, |s| (s + 1) % players);
        while out[expected] {
            expected = (expected + 1) % players;
        }
        assert_eq!(seat, expected, "line {at}: turn order");
        last_seat = Some(seat);
        assert_eq!(words[3], "suggests", "line {at}");
        one_per_category(&words[4..], at);
        let named: Vec<String> = words[4..].iter().map(|s| s.to_string()).collect();
        // The answers, in asking order.
        let mut shown = false;
        for step in 1..players {
            let asked = (seat + step) % players;
            let held: Vec<&String> = named
                .iter()
                .filter(|c| holder.get(*c) == Some(&asked))
                .collect();
            let (at, words) = reader.next("an answer");
            if held.is_empty() {
                assert_eq!(
                    words,
                    vec!["pass", &(asked + 1).to_string()],
                    "line {at}: truthful pass"
                );
            } else {
                assert_eq!(words.len(), 3, "line {at}");
                assert_eq!(words[0], "show", "line {at}: the first holder must show");
                assert_eq!(words[1], (asked + 1).to_string(), "line {at}: who shows");
                assert!(
                    held.iter().any(|c| c.as_str() == words[2]),
                    "line {at}: shows a held, named card"
                );
                shown = true;
                break;
            }
        }
        if !shown {
            let (at, words) = reader.next("none");
            assert_eq!(words, vec!["none"], "line {at}");
        }
        // An optional accusation, then the next turn or the end.
        if reader.peek_is("accuse") {
            let (at, words) = reader.next("an accusation");
            assert_eq!(
                words[1],
                (seat + 1).to_string(),
                "line {at}: only the suggester accuses"
            );
            let accused = &words[2..words.len() - 1];
            one_per_category(accused, at);
            let correct = accused.iter().zip(&envelope).all(|(a, e)| a == e);
            let verdict = *words.last().unwrap();
            assert_eq!(
                verdict,
                if correct { "correct" } else { "wrong" },
                "line {at}: truthful result"
            );
            result.accusations.push((seat, correct));
            if correct {
                let (at, words) = reader.next("the winner");
                assert_eq!(
                    words,
                    vec![
                        "winner",
                        &(seat + 1).to_string(),
                        "after",
                        &result.turns.to_string(),
                        "turns"
                    ],
                    "line {at}"
                );
                result.winner = Some(seat);
                break;
            }
            out[seat] = true;
        }
    }
    assert_eq!(
        reader.cursor,
        reader.lines.len(),
        "lines after the end of the game"
    );
    result
}

/// The transcript's lines, read one at a time.
struct Reader<'a> {
    lines: Vec<&'a str>,
    cursor: usize,
}

impl<'a> Reader<'a> {
    /// The next line's number (from 1) and words.
    fn next(&mut self, what: &str) -> (usize, Vec<&'a str>) {
        let line = *self
            .lines
            .get(self.cursor)
            .unwrap_or_else(|| panic!("transcript ended, expected {what}"));
        self.cursor += 1;
        assert!(!line.ends_with(' '), "line {}: trailing space", self.cursor);
        (self.cursor, line.split(' ').collect())
    }

    fn peek_is(&self, word: &str) -> bool {
        self.lines
            .get(self.cursor)
            .map_or(false, |line| line.split(' ').next() == Some(word))
    }
}

fn transcript(players: usize, seed: u64, cards: Option<&Cards>, strategy: &str) -> String {
    let input = input_text(players, seed, cards);
    judge_io::run::<ClueSim>(&["--strategy", strategy], input.as_bytes()).unwrap()
}

const STRATEGIES: [&str; 3] = ["random", "seed", "smart"];

/// Plays and checks one game; returns the checked result and the strategies.
fn play_and_check(
    players: usize,
    seed: u64,
    cards: &Cards,
    custom: bool,
    list: &[&str],
) -> Checked {
    let text = transcript(players, seed, custom.then_some(cards), &list.join(","));
    let checked = check(&text, cards, players, seed);
    for &(seat, correct) in &checked.accusations {
        // `random` and `seed` accuse only when certain (`smart` and
        // `expert` take risks).
        if !matches!(list[seat], "smart" | "expert") {
            assert!(correct, "a {} player accused wrongly:\n{text}", list[seat]);
        }
    }
    checked
}

#[test]
fn every_strategy_mix_of_three_plays_by_the_rules_on_the_classic_set() {
    let cards = classic();
    let mut seed = 1000;
    for a in STRATEGIES {
        for b in STRATEGIES {
            for c in STRATEGIES {
                for _ in 0..20 {
                    play_and_check(3, seed, &cards, false, &[a, b, c]);
                    seed += 1;
                }
            }
        }
    }
}

#[test]
fn random_tables_play_by_the_rules_on_custom_card_sets() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let sets = [
        sized(&[2, 2]),
        sized(&[1]),
        sized(&[3]),
        sized(&[1, 1, 1]),
        sized(&[4, 1, 3]),
        sized(&[2, 3, 4, 5]),
        sized(&[6, 6, 9]),
        sized(&[5; 8]),
        sized(&[30, 20, 10]),
    ];
    let mut games = 0;
    let mut winners = 0;
    for cards in &sets {
        for _ in 0..150 {
            let players = rng.random_range(2..=12);
            let list: Vec<&str> = (0..players)
                .map(|_| STRATEGIES[rng.random_range(0..3)])
                .collect();
            let seed: u64 = rng.random();
            let checked = play_and_check(players, seed, cards, true, &list);
            games += 1;
            winners += usize::from(checked.winner.is_some());
        }
    }
    // Smart and seed players solve most games; a checker that never saw a
    // winner would prove little.
    assert!(winners * 2 > games, "{winners} winners in {games} games");
}

#[test]
fn expert_games_play_by_the_rules() {
    // `expert` beside every other strategy, on the classic set and on custom
    // sets, 2 to 6 players (fewer games than the others: it is the slowest
    // player, most of all in a debug build). It may accuse wrongly: the
    // checker checks the knock-out.
    let mut rng = ChaCha8Rng::seed_from_u64(52);
    let sets = [
        classic(),
        sized(&[3, 4, 2]),
        sized(&[1, 1, 1]),
        sized(&[5; 4]),
    ];
    let all = ["random", "seed", "smart", "expert"];
    let mut experts_won = 0;
    for (index, cards) in sets.iter().enumerate() {
        for _ in 0..6 {
            let players = rng.random_range(2..=6);
            let mut list: Vec<&str> = (0..players).map(|_| all[rng.random_range(0..4)]).collect();
            list[rng.random_range(0..players)] = "expert";
            let seed: u64 = rng.random();
            let checked = play_and_check(players, seed, cards, index > 0, &list);
            if let Some(seat) = checked.winner {
                experts_won += usize::from(list[seat] == "expert");
            }
        }
    }
    assert!(experts_won > 0, "expert never won");
}

#[test]
fn large_card_sets_play_by_the_rules() {
    let sets = [sized(&[100, 100, 56]), sized(&[1; 256]), sized(&[16; 16])];
    let mut seed = 77;
    for cards in &sets {
        for list in [
            ["smart"; 4],
            ["seed"; 4],
            ["random"; 4],
            ["smart", "seed", "random", "smart"],
        ] {
            play_and_check(4, seed, cards, true, &list);
            seed += 1;
        }
    }
}

#[test]
fn games_with_wrong_accusations_knock_players_out() {
    // Hunt for games where somebody is knocked out, and check them; the
    // `smart` player takes risks, so some must exist.
    let cards = classic();
    let mut knocked = 0;
    for seed in 0..400 {
        let checked = play_and_check(6, seed, &cards, false, &["smart"; 6]);
        knocked += checked
            .accusations
            .iter()
            .filter(|(_, correct)| !correct)
            .count();
    }
    assert!(knocked > 0, "no wrong accusation in 400 games");
}

#[test]
fn a_table_of_players_all_out_ends_with_nobody_winning() {
    // Two `smart` players that both gamble and lose: the game ends at once.
    let cards = sized(&[4, 4, 4]);
    let found = (0..1000).any(|seed| {
        let checked = play_and_check(2, seed, &cards, true, &["smart", "smart"]);
        checked.winner.is_none() && checked.turns < 200
    });
    assert!(found, "no game in 1000 where both players were knocked out");
}

#[test]
fn random_players_can_run_into_the_turn_limit() {
    let cards = sized(&[40]);
    let checked = play_and_check(2, 1, &cards, true, &["random", "random"]);
    assert_eq!((checked.winner, checked.turns), (None, 200));
}

// ---- The judge-data cases, checked by the checker (and the summaries by an
// independent tally of checked games). ----

/// The input of a judge-data case: players, seed, card set (None: classic).
fn parse_input(text: &str) -> (usize, u64, Option<Cards>) {
    let mut tokens = text.split_whitespace();
    let players = tokens.next().unwrap().parse().unwrap();
    let seed = tokens
        .next()
        .unwrap()
        .trim_start_matches('+')
        .parse()
        .unwrap();
    let categories: usize = match tokens.next() {
        None => return (players, seed, None),
        Some(k) => k.parse().unwrap(),
    };
    let cards = (0..categories)
        .map(|_| {
            let name = tokens.next().unwrap().to_string();
            let n: usize = tokens.next().unwrap().parse().unwrap();
            (
                name,
                (0..n).map(|_| tokens.next().unwrap().to_string()).collect(),
            )
        })
        .collect();
    (players, seed, Some(cards))
}

/// Percent with one decimal, half up, from an exact fraction.
fn share(part: u64, whole: u64) -> String {
    let tenths = (part as u128 * 2000 + whole as u128) / (2 * whole as u128);
    format!("{}.{}", tenths / 10, tenths % 10)
}

/// `W win(s) (S%, 95% interval L% to H%)`, the interval computed here
/// independently from the Wilson score formula in its textbook form,
/// `(p + z^2/2n -+ z sqrt(p(1-p)/n + z^2/4n^2)) / (1 + z^2/n)`.
fn wins_with_interval(w: u64, games: u64) -> String {
    let z = 1.959_963_984_540_054_f64;
    let (n, p) = (games as f64, w as f64 / games as f64);
    let root = (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let bound = |sign: f64| {
        let x = (p + z * z / (2.0 * n) + sign * z * root) / (1.0 + z * z / n);
        // In [0, 1000.5] before the floor: no sign, no truncation.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let tenths = (x.clamp(0.0, 1.0) * 1000.0 + 0.5).floor() as u64;
        format!("{}.{}", tenths / 10, tenths % 10)
    };
    let low = if w == 0 {
        "0.0".to_string()
    } else {
        bound(-1.0)
    };
    let high = if w == games {
        "100.0".to_string()
    } else {
        bound(1.0)
    };
    format!(
        "{w} win{} ({}%, 95% interval {low}% to {high}%)",
        if w == 1 { "" } else { "s" },
        share(w, games)
    )
}

/// The summary the README describes, from checked games.
fn expected_summary(
    players: usize,
    seed: u64,
    cards: &Cards,
    custom: bool,
    list: &[&str],
    games: u64,
    rotate: bool,
) -> String {
    let mut seat_wins = vec![0u64; players];
    let mut order: Vec<&str> = Vec::new();
    for name in list {
        if !order.contains(name) {
            order.push(name);
        }
    }
    let mut wins: HashMap<&str, (u64, u64)> = HashMap::new();
    let (mut nobody, mut turns) = (0u64, 0u64);
    for g in 0..games {
        let seats: Vec<&str> = (0..players)
            .map(|i| {
                let shift = if rotate {
                    (g % players as u64) as usize
                } else {
                    0
                };
                list[(i + players - shift) % players]
            })
            .collect();
        let checked = play_and_check(players, seed.wrapping_add(g), cards, custom, &seats);
        turns += checked.turns as u64;
        match checked.winner {
            Some(seat) => {
                seat_wins[seat] += 1;
                let entry = wins.entry(seats[seat]).or_default();
                entry.0 += 1;
                entry.1 += checked.turns as u64;
            }
            None => nobody += 1,
        }
    }
    let mut text = format!(
        "games {games} (seeds {} to {}), {players} players, strategies {}\n",
        seed,
        seed.wrapping_add(games - 1),
        if rotate { "rotated" } else { "fixed" }
    );
    for (seat, &w) in seat_wins.iter().enumerate() {
        let label = if rotate {
            String::new()
        } else {
            format!(" ({})", list[seat])
        };
        text += &format!(
            "seat {}{label}: {w} win{} ({}%)\n",
            seat + 1,
            if w == 1 { "" } else { "s" },
            share(w, games)
        );
    }
    for name in order {
        let seats = list.iter().filter(|n| **n == name).count();
        let (w, t) = wins.get(name).copied().unwrap_or_default();
        text += &format!(
            "{name} ({seats} of {players} seats): {}, ",
            wins_with_interval(w, games)
        );
        if w == 0 {
            text += "no wins\n";
        } else {
            text += &format!("{} turns per win\n", share(t, w * 100));
        }
    }
    text += &format!(
        "nobody won: {nobody} game{} ({}%)\n",
        if nobody == 1 { "" } else { "s" },
        share(nobody, games)
    );
    text += &format!("mean turns per game: {}\n", share(turns, games * 100));
    text
}

#[test]
fn every_judge_data_answer_passes_the_checker() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../judge-data/clue-sim");
    let mut checked = 0;
    for folder in ["sample", "secret"] {
        for entry in std::fs::read_dir(format!("{root}/{folder}")).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().map_or(true, |e| e != "in") {
                continue;
            }
            let name = path.file_stem().unwrap().to_str().unwrap().to_string();
            if name.starts_with("deduce") || name.starts_with("assist") {
                continue; // the deduction and assist modes, checked elsewhere
            }
            let input = std::fs::read_to_string(&path).unwrap();
            let answer = std::fs::read_to_string(path.with_extension("ans")).unwrap();
            let args = std::fs::read_to_string(path.with_extension("args")).unwrap_or_default();
            let args: Vec<&str> = args.split_whitespace().collect();
            let (players, seed, custom) = parse_input(&input);
            let cards = custom.clone().unwrap_or_else(classic);
            let value = |flag: &str| args.iter().position(|a| *a == flag).map(|i| args[i + 1]);
            let list: Vec<&str> = match value("--strategy") {
                None => vec!["smart"; players],
                Some(list) if !list.contains(',') => vec![list; players],
                Some(list) => list.split(',').collect(),
            };
            match value("--games") {
                None => {
                    let result = check(&answer, &cards, players, seed);
                    for &(seat, correct) in &result.accusations {
                        assert!(
                            correct || matches!(list[seat], "smart" | "expert"),
                            "{name}: a wrong sure accusation"
                        );
                    }
                }
                Some(games) => {
                    let rotate = args.contains(&"--rotate");
                    let expected = expected_summary(
                        players,
                        seed,
                        &cards,
                        custom.is_some(),
                        &list,
                        games.parse().unwrap(),
                        rotate,
                    );
                    assert_eq!(answer, expected, "{name}");
                }
            }
            checked += 1;
        }
    }
    assert!(checked >= 10, "only {checked} cases found");
}

#[test]
fn a_comparison_is_two_checked_summaries_and_their_pairs() {
    // Smart in seat 1 (rotated) against two seed players, then random in
    // smart's seats: every game checked twice, and the pairs tallied here.
    let (players, seed, games) = (3, 77, 30u64);
    let list = ["smart", "seed", "seed"];
    let swapped = ["random", "seed", "seed"];
    let input = input_text(players, seed, None);
    let text = judge_io::run::<ClueSim>(
        &[
            "--games",
            "30",
            "--rotate",
            "--strategy",
            "smart,seed,seed",
            "--compare",
            "smart,random",
        ],
        input.as_bytes(),
    )
    .unwrap();
    let mut expected = "with smart (as listed):\n".to_string();
    expected += &expected_summary(players, seed, &classic(), false, &list, games, true);
    expected += "with random in the seats of smart:\n";
    expected += &expected_summary(players, seed, &classic(), false, &swapped, games, true);
    let mut pairs = [0u64; 4]; // both, only smart, only random, neither
    for g in 0..games {
        let shift = (g % 3) as usize;
        let seats = |list: &[&'static str; 3]| -> Vec<&'static str> {
            (0..3).map(|i| list[(i + 3 - shift) % 3]).collect()
        };
        let first = play_and_check(players, seed + g, &classic(), false, &seats(&list));
        let second = play_and_check(players, seed + g, &classic(), false, &seats(&swapped));
        // The compared seat is the one given list entry 0 in game g.
        let seat = shift;
        let won = |winner: Option<usize>| winner == Some(seat);
        let index = match (won(first.winner), won(second.winner)) {
            (true, true) => 0,
            (true, false) => 1,
            (false, true) => 2,
            (false, false) => 3,
        };
        pairs[index] += 1;
    }
    expected += &format!(
        "paired: smart {}, random {}\n",
        wins_with_interval(pairs[0] + pairs[1], games),
        wins_with_interval(pairs[0] + pairs[2], games)
    );
    expected += &format!(
        "paired games: both won {}, only smart won {}, only random won {}, neither won {}\n",
        pairs[0], pairs[1], pairs[2], pairs[3]
    );
    let (head, last) = text.split_at(text.rfind("McNemar").unwrap());
    assert_eq!(head, expected);
    // `random` never wins against two seed players here, so every game smart
    // won is discordant: p = 2^(1 - b) for b discordant games, b >= 14.
    assert_eq!(pairs[0] + pairs[2], 0, "{pairs:?}");
    let b = pairs[1];
    assert!(b >= 14, "{pairs:?}");
    let p = 2f64.powi(1 - b as i32);
    let line = if p < 0.0001 {
        "p < 0.0001".to_string()
    } else {
        format!("p = {p:.4}")
    };
    assert_eq!(
        last,
        format!(
            "McNemar's exact test (two-sided binomial on the {b} games only one won): {line}\n"
        )
    );
}

// ---- Snapshots: full transcripts and a summary, each also passed through the
// checker above before it is compared. ----

#[test]
fn snapshot_classic_game_smart_seed_random() {
    let text = transcript(3, 2024, None, "smart,seed,random");
    check(&text, &classic(), 3, 2024);
    insta::assert_snapshot!(text);
}

#[test]
fn snapshot_classic_game_six_smart_players() {
    let text = transcript(6, 9, None, "smart");
    check(&text, &classic(), 6, 9);
    insta::assert_snapshot!(text);
}

#[test]
fn snapshot_custom_set_game_four_players() {
    let cards = sized(&[3, 4, 2]);
    let text = transcript(4, 31337, Some(&cards), "seed,smart,seed,random");
    check(&text, &cards, 4, 31337);
    insta::assert_snapshot!(text);
}

#[test]
fn snapshot_games_summary_smart_against_two_seed_players() {
    let input = input_text(3, 1, None);
    let text = judge_io::run::<ClueSim>(
        &["--games", "60", "--rotate", "--strategy", "smart,seed,seed"],
        input.as_bytes(),
    )
    .unwrap();
    let expected = expected_summary(
        3,
        1,
        &classic(),
        false,
        &["smart", "seed", "seed"],
        60,
        true,
    );
    assert_eq!(text, expected);
    insta::assert_snapshot!(text);
}

// ---- A person's seat (`--strategy human,...`): its transcripts follow the
// same rules, whatever the person chooses among the legal moves. ----

/// A script that answers any prompt: each block offers every single card
/// (the first one the person may show is shown; the rest are refused at the
/// other prompts), then a suggestion, then `no` (or, every third block, an
/// accusation: of the block's suggestion, a guess, or of `envelope`).
fn human_script(
    players: usize,
    seed: u64,
    cards: &Cards,
    blocks: usize,
    envelope: Option<&[String]>,
) -> String {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut script = input_text(players, seed, None);
    for block in 0..blocks {
        for (_, names) in cards {
            for name in names {
                script.push_str(name);
                script.push('\n');
            }
        }
        let named: Vec<&str> = cards
            .iter()
            .map(|(_, names)| names[rng.random_range(0..names.len())].as_str())
            .collect();
        script.push_str(&named.join(" "));
        script.push('\n');
        if block % 3 == 2 {
            let accused = envelope.map_or_else(|| named.join(" "), |cards| cards.join(" "));
            script.push_str(&format!("accuse {accused}\n"));
        } else {
            script.push_str("no\n");
        }
    }
    script
}

#[test]
fn games_with_a_human_seat_play_by_the_rules() {
    let cards = classic();
    let (mut wrong, mut won) = (0, 0);
    for seed in 0..40 {
        for list in [
            "human,smart,smart",
            "seed,random,human,smart",
            "smart,human",
        ] {
            let players = list.split(',').count();
            // Every fourth seed, the person knows the envelope.
            let (envelope, _) = expected_deal(&cards, players, seed);
            let knows = (seed % 4 == 0).then_some(&envelope[..]);
            let script = human_script(players, seed, &cards, 100 * players, knows);
            let mut transcript = Vec::new();
            clue_sim::human::play(list, script.as_bytes(), &mut transcript, Vec::new()).unwrap();
            let text = String::from_utf8(transcript).unwrap();
            let checked = check(&text, &cards, players, seed);
            let human = list.split(',').position(|name| name == "human").unwrap();
            for &(seat, correct) in &checked.accusations {
                if seat == human {
                    wrong += usize::from(!correct);
                }
            }
            won += usize::from(checked.winner == Some(human));
        }
    }
    // The guesses are mostly wrong; knowing the envelope wins unless a
    // computer is faster.
    assert!(wrong >= 20 && won >= 1, "{wrong} wrong, {won} won");
}
