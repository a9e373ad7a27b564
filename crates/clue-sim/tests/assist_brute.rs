//! `clue-sim --assist` against a brute force: small card sets (two to four
//! categories of one to three cards, two to four players) where every deal
//! is listed. Views come from the referee's own games (every seat, cut after
//! every turn) and from random tables with any hand sizes, accusations and
//! gaps in the turn numbers; each answer's notebook, counts and accusation
//! probability are compared with the deals that fit, written out here from
//! the deals alone. Changed cards in consistent views must be refused at the
//! line after which no listed deal fits.
#![allow(clippy::unwrap_used)]

mod deals;

use clue_sim::assist::{self, why, View};
use clue_sim::cards::{Card, CardSet};
use clue_sim::event::{Seat, Seen};
use clue_sim::game::Game;
use clue_sim::knowledge::Owner;
use clue_sim::notebook::Mark;
use clue_sim::players::Strategy;
use deals::Deal;
use itertools::Itertools;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[test]
fn views_of_the_referees_games_match_the_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(61);
    let mut views = 0;
    for game in 0..300 {
        let cards = random_cards(&mut rng);
        let players = rng.random_range(2..=4);
        let strategies: Vec<Strategy> = (0..players)
            .map(|_| *Strategy::ALL.choose(&mut rng).unwrap())
            .collect();
        let table = Game {
            players,
            seed: game,
            cards,
        };
        for view in View::of_game(&table, &strategies) {
            let all = listed(&view);
            for cut in view.cuts() {
                let mut prefix = view.clone();
                prefix.entries.truncate(cut);
                check(&prefix, &all);
                views += 1;
            }
        }
    }
    assert!(views > 3000, "{views} views");
}

#[test]
fn random_tables_match_the_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(6100);
    for _ in 0..2000 {
        let (view, _) = random_view(&mut rng);
        check(&view, &listed(&view));
    }
}

#[test]
fn every_mark_has_a_reason_and_its_lines_alone_prove_it() {
    let mut rng = ChaCha8Rng::seed_from_u64(6102);
    let (mut from_lines, mut counted) = (0, 0);
    for _ in 0..1500 {
        let (view, _) = random_view(&mut rng);
        let all = listed(&view);
        let assessment = assist::assess(&view).unwrap();
        let explanation = why::explain(&view, &assessment);
        let players = view.sizes.len();
        let names: Vec<String> = (1..=players).map(|seat| format!("P{seat}")).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        for (card, row) in assessment.notebook.rows().enumerate() {
            for (owner, &mark) in row.iter().enumerate() {
                let as_owner = if owner == players {
                    Owner::Envelope
                } else {
                    Owner::Player(owner)
                };
                let reason = explanation.reason(&view, Card(card), as_owner, &names);
                let Some(reason) = reason else {
                    assert_eq!(mark, Mark::Unknown, "{}", view.text());
                    continue;
                };
                assert_ne!(mark, Mark::Unknown, "{}", reason.sentence);
                if reason.counted {
                    assert!(
                        reason.sentence.contains("counting the deals"),
                        "{}",
                        reason.sentence
                    );
                    counted += 1;
                    continue;
                }
                // The deals that fit only the hand and the lines cited.
                let mut cited = view.clone();
                cited
                    .entries
                    .retain(|(_, line)| reason.lines.contains(line));
                let deals = fitting(&cited, &all, cited.entries.len());
                let held = mark == Mark::Held;
                assert!(
                    deals.iter().all(|deal| (deal[card] == owner) == held),
                    "{}\n{}\nlines {:?}",
                    view.text(),
                    reason.sentence,
                    reason.lines
                );
                from_lines += 1;
            }
        }
    }
    assert!(
        from_lines > 10_000 && counted > 100,
        "{from_lines} from lines, {counted} counted"
    );
}

#[test]
fn a_changed_card_is_refused_where_no_deal_fits_any_more() {
    let mut rng = ChaCha8Rng::seed_from_u64(6101);
    let (mut refused, mut kept) = (0, 0);
    while refused < 1000 {
        let (view, _) = random_view(&mut rng);
        let text = view.text();
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        let first = usize::try_from(view.hand_line).unwrap() - 1;
        let index = rng.random_range(first..lines.len());
        let mut words: Vec<String> = lines[index].split(' ').map(str::to_string).collect();
        let Some(word) = (0..words.len())
            .find(|&word| rng.random_bool(0.5) && card_named(&view.cards, &words[word]).is_some())
        else {
            continue;
        };
        let card = card_named(&view.cards, &words[word]).unwrap();
        let category = view.cards.category_of(card);
        let others: Vec<usize> = view
            .cards
            .category(category)
            .filter(|&other| other != card.index())
            .collect();
        let Some(&other) = others.choose(&mut rng) else {
            continue;
        };
        words[word] = view.cards.name(Card(other)).to_string();
        lines[index] = words.join(" ");
        let changed = lines.join("\n") + "\n";
        let Ok(parsed) = assist::parse(&mut judge_io::Input::new(changed.as_bytes())) else {
            continue;
        };
        let all = listed(&parsed);
        // The first prefix no listed deal fits (0: the hand itself).
        let first_empty =
            (0..=parsed.entries.len()).find(|&count| fitting(&parsed, &all, count).is_empty());
        let answer = assist::run(&mut judge_io::Input::new(changed.as_bytes()));
        match first_empty {
            None => {
                check(&parsed, &all);
                kept += 1;
            }
            Some(count) => {
                let error = answer.unwrap_err();
                let line = match count {
                    0 => parsed.hand_line,
                    count => parsed.entries[count - 1].1,
                };
                assert_eq!(
                    error.pos().map(|pos| pos.line),
                    Some(line),
                    "{error}\n{changed}"
                );
                assert!(
                    error.message().contains("no deal of the cards fits"),
                    "{error}"
                );
                refused += 1;
            }
        }
    }
    assert!(kept > 100, "{kept} changed views still fit");
}

#[test]
fn judge_data_answers_are_the_brute_forces() {
    let mut checked = 0;
    for (name, input, answer) in assist_cases(&["sample", "secret"]) {
        let view = assist::parse(&mut judge_io::Input::new(input.as_bytes())).unwrap();
        let answer = answer.unwrap();
        // Every deal listed: feasible up to about a million.
        let unseen = view.cards.len() - view.hand.len();
        if unseen > 15 {
            continue;
        }
        check_answer(&view, &listed(&view), &answer);
        checked += 1;
        assert!(!name.is_empty());
    }
    assert!(checked >= 8, "{checked} cases");
}

#[test]
fn judge_data_contradictions_are_where_the_brute_force_says() {
    let mut checked = 0;
    for (name, input, _) in assist_cases(&["bad"]) {
        if !name.contains("contradiction") {
            continue;
        }
        let view = assist::parse(&mut judge_io::Input::new(input.as_bytes())).unwrap();
        let all = listed(&view);
        let count = (0..=view.entries.len())
            .find(|&count| fitting(&view, &all, count).is_empty())
            .unwrap();
        let line = match count {
            0 => view.hand_line,
            count => view.entries[count - 1].1,
        };
        let error = assist::run(&mut judge_io::Input::new(input.as_bytes())).unwrap_err();
        assert_eq!(
            error.pos().map(|pos| pos.line),
            Some(line),
            "{name}: {error}"
        );
        checked += 1;
    }
    assert!(checked >= 3, "{checked} cases");
}

/// The `assist-*` cases of these judge-data folders: name, input, answer.
fn assist_cases(folders: &[&str]) -> Vec<(String, String, Option<String>)> {
    let root = format!("{}/../../judge-data/clue-sim", env!("CARGO_MANIFEST_DIR"));
    let mut cases = Vec::new();
    for folder in folders {
        let mut names: Vec<String> = std::fs::read_dir(format!("{root}/{folder}"))
            .unwrap()
            .map(|entry| entry.unwrap().file_name().into_string().unwrap())
            .filter(|name| name.starts_with("assist-") && name.ends_with(".in"))
            .collect();
        names.sort();
        for name in names {
            let stem = name.trim_end_matches(".in");
            let input = std::fs::read_to_string(format!("{root}/{folder}/{name}")).unwrap();
            let answer = std::fs::read_to_string(format!("{root}/{folder}/{stem}.ans")).ok();
            cases.push((stem.to_string(), input, answer));
        }
    }
    cases
}

/// The view's answer against the listed deals that fit it.
fn check(view: &View, all: &[Deal]) {
    let text = view.text();
    let reread = assist::parse(&mut judge_io::Input::new(text.as_bytes())).unwrap();
    assert_eq!(&reread, view, "{text}");
    let answer = assist::run(&mut judge_io::Input::new(text.as_bytes()))
        .unwrap_or_else(|error| panic!("{error}\n{text}"));
    check_answer(view, all, &answer);
}

/// An answer to the view against the listed deals that fit it.
fn check_answer(view: &View, all: &[Deal], answer: &str) {
    let text = view.text();
    let deals = fitting(view, all, view.entries.len());
    assert!(!deals.is_empty(), "{text}");
    let cards = &view.cards;
    let players = view.sizes.len();
    let mut expected = String::from("notebook\n");
    for card in 0..cards.len() {
        expected.push_str(cards.name(Card(card)));
        for owner in 0..=players {
            let count = deals.iter().filter(|deal| deal[card] == owner).count();
            let mark = if count == deals.len() {
                " +"
            } else if count == 0 {
                " -"
            } else {
                " ?"
            };
            expected.push_str(mark);
        }
        expected.push('\n');
    }
    expected.push_str(&format!("deals {}\n", deals.len()));
    for card in 0..cards.len() {
        let count = deals.iter().filter(|deal| deal[card] == players).count();
        expected.push_str(&format!("{} {count}\n", cards.name(Card(card))));
    }
    assert!(
        answer.starts_with(&expected),
        "{text}\n{answer}\nexpected\n{expected}"
    );
    let rest: Vec<&str> = answer[expected.len()..].lines().collect();
    let last = cards.categories() - 1;
    let rooms = cards.category(last).len();
    assert_eq!(rest.len(), rooms + 1, "{answer}");
    let mut fixed: Vec<String> = Vec::new();
    for line in &rest[..rooms] {
        let (room, suggestion) = line
            .strip_prefix("suggest ")
            .unwrap()
            .split_once(": ")
            .unwrap();
        let named: Vec<Card> = suggestion
            .split(' ')
            .map(|name| card_named(cards, name).unwrap())
            .collect();
        assert_eq!(named.len(), cards.categories(), "{line}");
        for (category, card) in named.iter().enumerate() {
            assert_eq!(cards.category_of(*card), category, "{line}");
        }
        assert_eq!(cards.name(named[last]), room, "{line}");
        fixed.push(room.to_string());
    }
    let mut sorted = fixed.clone();
    sorted.sort();
    let mut all_rooms: Vec<String> = cards
        .names_in(last)
        .iter()
        .map(|name| name.to_string())
        .collect();
    all_rooms.sort();
    assert_eq!(
        sorted, all_rooms,
        "one suggestion per card of the last category: {answer}"
    );
    // The accusation: the likeliest envelope (the first in card order of
    // the equally likely), and its probability.
    let mut envelopes: Vec<Vec<usize>> = deals
        .iter()
        .map(|deal| {
            (0..cards.len())
                .filter(|&card| deal[card] == players)
                .collect()
        })
        .collect();
    envelopes.sort();
    let mut likeliest: (usize, Vec<usize>) = (0, Vec::new());
    for (count, envelope) in envelopes.iter().dedup_with_count() {
        if count > likeliest.0 {
            likeliest = (count, envelope.clone());
        }
    }
    let chance = four_decimals(likeliest.0, deals.len());
    let names: Vec<&str> = likeliest
        .1
        .iter()
        .map(|&card| cards.name(Card(card)))
        .collect();
    let words: Vec<&str> = rest[rooms].split(' ').collect();
    if words[1] == "no" {
        assert_eq!(words, ["accuse", "no", &chance], "{text}\n{answer}");
    } else {
        let expected: Vec<&str> = ["accuse"]
            .into_iter()
            .chain(names)
            .chain([chance.as_str()])
            .collect();
        assert_eq!(words, expected, "{text}\n{answer}");
    }
}

/// `count / total` to four decimals, half up, written out from the digits.
fn four_decimals(count: usize, total: usize) -> String {
    let units = (count * 20_000 + total) / (2 * total);
    format!("{}.{:04}", units / 10_000, units % 10_000)
}

/// Every deal of the view's table in which it holds its hand.
fn listed(view: &View) -> Vec<Deal> {
    let cards = &view.cards;
    let game = deals::Game {
        category_sizes: (0..cards.categories())
            .map(|category| cards.category(category).len())
            .collect(),
        hand_sizes: view.sizes.clone(),
    };
    let hand: Vec<usize> = view.hand.iter().map(|card| card.index()).collect();
    game.deals_with_hand(view.me.index(), &hand)
}

/// The deals of `all` that fit the first `count` entries of the view, each
/// entry read for what it says of a deal.
fn fitting(view: &View, all: &[Deal], count: usize) -> Vec<Deal> {
    let envelope = view.sizes.len();
    let mut named: Vec<Card> = Vec::new();
    let mut deals: Vec<Deal> = all.to_vec();
    for (seen, _) in &view.entries[..count] {
        if let Seen::Suggested { cards, .. } = seen {
            named = cards.clone();
        }
        deals.retain(|deal| match seen {
            Seen::Passed(seat) => named.iter().all(|card| deal[card.index()] != seat.index()),
            Seen::Showed {
                seat,
                card: Some(card),
                ..
            } => deal[card.index()] == seat.index(),
            Seen::Showed {
                seat, card: None, ..
            } => named.iter().any(|card| deal[card.index()] == seat.index()),
            Seen::Accused { cards, .. } => !cards.iter().all(|card| deal[card.index()] == envelope),
            Seen::Suggested { .. } | Seen::NobodyShowed | Seen::Ended { .. } => true,
        });
    }
    deals
}

fn card_named(cards: &CardSet, name: &str) -> Option<Card> {
    (0..cards.len())
        .map(Card)
        .find(|&card| cards.name(card) == name)
}

fn random_cards(rng: &mut ChaCha8Rng) -> CardSet {
    let categories = rng.random_range(2..=4);
    let names: Vec<(String, Vec<String>)> = (0..categories)
        .map(|category| {
            let size = rng.random_range(1..=3);
            let cards = (0..size).map(|card| format!("c{category}{card}")).collect();
            (format!("k{category}"), cards)
        })
        .collect();
    let borrowed: Vec<(&str, Vec<&str>)> = names
        .iter()
        .map(|(name, cards)| (name.as_str(), cards.iter().map(String::as_str).collect()))
        .collect();
    let slices: Vec<(&str, &[&str])> = borrowed
        .iter()
        .map(|(name, cards)| (*name, &cards[..]))
        .collect();
    CardSet::from_names(&slices)
}

/// A random table and a truthful view of it from a random seat: hand sizes
/// by the deal rule or any (given with `sizes`), suggestions answered by
/// the true deal, wrong accusations, gaps in the turn numbers. Returns the
/// view and the true deal.
fn random_view(rng: &mut ChaCha8Rng) -> (View, Deal) {
    let cards = random_cards(rng);
    let players = rng.random_range(2..=4);
    let dealt = cards.len() - cards.categories();
    let (sizes, given) = if rng.random_bool(0.5) {
        (assist::dealt_sizes(&cards, players), false)
    } else {
        let mut sizes = vec![0; players];
        for _ in 0..dealt {
            sizes[rng.random_range(0..players)] += 1;
        }
        (sizes, true)
    };
    let envelope: Vec<usize> = (0..cards.categories())
        .map(|category| rng.random_range(cards.category(category)))
        .collect();
    let mut rest: Vec<usize> = (0..cards.len())
        .filter(|card| !envelope.contains(card))
        .collect();
    rand::seq::SliceRandom::shuffle(&mut rest[..], rng);
    let mut deal: Deal = vec![players; cards.len()];
    let mut next = 0;
    for (seat, &size) in sizes.iter().enumerate() {
        for &card in &rest[next..next + size] {
            deal[card] = seat;
        }
        next += size;
    }
    let me = rng.random_range(0..players);
    let hand: Vec<Card> = (0..cards.len())
        .filter(|&card| deal[card] == me)
        .map(Card)
        .collect();
    let mut entries: Vec<(Seen, u64)> = Vec::new();
    let mut out = vec![false; players];
    let mut turn = 0;
    for _ in 0..rng.random_range(0..12) {
        let active: Vec<usize> = (0..players).filter(|&seat| !out[seat]).collect();
        let Some(&seat) = active.choose(rng) else {
            break;
        };
        let named: Vec<Card> = (0..cards.categories())
            .map(|category| Card(rng.random_range(cards.category(category))))
            .collect();
        if rng.random_bool(0.15) {
            if named.iter().all(|card| deal[card.index()] == players) || active.len() == 1 {
                continue;
            }
            out[seat] = true;
            entries.push((
                Seen::Accused {
                    seat: Seat(seat),
                    cards: named,
                    correct: false,
                },
                0,
            ));
            continue;
        }
        turn += rng.random_range(1..=3);
        entries.push((
            Seen::Suggested {
                turn,
                seat: Seat(seat),
                cards: named.clone(),
            },
            0,
        ));
        let mut shown = false;
        for step in 1..players {
            let asked = (seat + step) % players;
            let held: Vec<Card> = named
                .iter()
                .copied()
                .filter(|card| deal[card.index()] == asked)
                .collect();
            match held.choose(rng) {
                None => entries.push((Seen::Passed(Seat(asked)), 0)),
                Some(&card) => {
                    let sees = me == seat || me == asked;
                    entries.push((
                        Seen::Showed {
                            seat: Seat(asked),
                            to: Seat(seat),
                            card: Some(card).filter(|_| sees),
                        },
                        0,
                    ));
                    shown = true;
                    break;
                }
            }
        }
        if !shown {
            entries.push((Seen::NobodyShowed, 0));
        }
    }
    let mut view = View {
        cards,
        me: Seat(me),
        hand,
        sizes,
        sizes_given: given,
        hand_line: 0,
        entries,
    };
    // The lines as the text writes them.
    let text = view.text();
    view = assist::parse(&mut judge_io::Input::new(text.as_bytes()))
        .unwrap_or_else(|error| panic!("{error}\n{text}"));
    (view, deal)
}
