//! The views of the referee's own games on the classic cards, too large
//! for the brute force of `assist_brute.rs`: for games of every strategy at
//! tables of 2 to 6 and 12 seats, every seat's view after every turn is a
//! valid `--assist` input (its text reads back as the same view), it is
//! counted exactly within the bounds (at 12 seats, where only the whole
//! views are taken, a view may be beyond them and refused with the error
//! that says so; never at 6 or fewer), and
//! the real deal is among the deals that fit: its holder of each card is
//! never marked `-`, no other owner is marked `+`, and each real envelope
//! card has deals that put it there.
#![allow(clippy::unwrap_used)]

use clue_sim::assist::{self, View};
use clue_sim::cards::{Card, CardSet};
use clue_sim::event::Event;
use clue_sim::game::{play, Game};
use clue_sim::notebook::Mark;
use clue_sim::players::Strategy;

#[test]
fn every_view_of_a_real_game_fits_its_real_deal() {
    let (mut views, mut refused) = (0, 0);
    for (players, games) in [(2, 4), (3, 4), (4, 3), (5, 2), (6, 2), (12, 1)] {
        for game in 0..games {
            let table = Game {
                players,
                seed: 61_000 + game,
                cards: CardSet::classic(),
            };
            let strategies: Vec<Strategy> = (0..players)
                .map(|seat| {
                    Strategy::ALL[(seat + usize::try_from(game).unwrap()) % Strategy::ALL.len()]
                })
                .collect();
            let owner = real_deal(&table, &strategies);
            for view in View::of_game(&table, &strategies) {
                let text = view.text();
                let reread = assist::parse(&mut judge_io::Input::new(text.as_bytes())).unwrap();
                assert_eq!(reread, view, "{text}");
                // At 12 seats only the whole view: a refused cut costs the
                // count's whole bound (seconds).
                let cuts = if players == 12 {
                    vec![view.entries.len()]
                } else {
                    view.cuts()
                };
                for cut in cuts {
                    let mut prefix = view.clone();
                    prefix.entries.truncate(cut);
                    match assist::assess(&prefix) {
                        Ok(assessment) => check_fits(&prefix, &assessment, &owner),
                        Err(error) if players == 12 => {
                            assert!(error.message().contains("within the bounds"), "{error}");
                            refused += 1;
                        }
                        Err(error) => panic!("{error}\n{}", prefix.text()),
                    }
                    views += 1;
                }
                // The whole answer, advice included, for the whole view.
                let answer = assist::run(&mut judge_io::Input::new(text.as_bytes())).unwrap();
                assert!(
                    answer.lines().last().unwrap().starts_with("accuse "),
                    "{answer}"
                );
            }
        }
    }
    assert!(
        views > 500 && refused * 4 < views,
        "{views} views, {refused} refused"
    );
}

/// The owner of every card in the game's deal (`players` for the envelope).
fn real_deal(table: &Game, strategies: &[Strategy]) -> Vec<usize> {
    let mut owner = vec![table.players; table.cards.len()];
    play(table, strategies, |event| {
        if let Event::Hand(seat, hand) = *event {
            for card in hand {
                owner[card.index()] = seat.index();
            }
        }
    });
    owner
}

fn check_fits(view: &View, assessment: &assist::Assessment, owner: &[usize]) {
    let players = view.sizes.len();
    for (card, row) in assessment.notebook.rows().enumerate() {
        for (column, &mark) in row.iter().enumerate() {
            let real = owner[card] == column;
            assert!(
                if real {
                    mark != Mark::NotHeld
                } else {
                    mark != Mark::Held
                },
                "{}: card {} column {column}\n{}",
                mark.word(),
                view.cards.name(Card(card)),
                view.text()
            );
        }
        if owner[card] == players {
            assert!(assessment.envelope_deals[card] > 0, "{}", view.text());
        }
    }
}
