//! Does a stronger `smart` win sooner than `seed` in the same games? A
//! measurement behind the crate README's "Benchmark": `smart` plays the
//! usual strength table against `seed` players (classic cards, seeds from
//! SEED, seats rotated as `--games N --rotate` does, so the first row is
//! the README's table), but in the later rows it is first shown K of its
//! rivals' cards for free, as if it had already made K suggestions. Each
//! free card makes it stronger; the rows show what that does to its share
//! of wins and to the turns per win of both strategies. The last line is
//! `seed`'s turns per win at a table of `seed` players only.
//!
//! ```text
//! cargo run --release -p clue-sim --example handicap -- PLAYERS GAMES [SEED]
//! ```
#![allow(clippy::print_stdout, clippy::print_stderr)]

use clue_sim::cards::{Card, CardSet};
use clue_sim::event::{Answer, Seat};
use clue_sim::game::{play_at, seat_players, Deal, Game, Outcome};
use clue_sim::players::{Player, Strategy};
use clue_sim::summary::{play_many, play_many_with, Summary};

/// How many rival cards `smart` is shown before the game, row by row.
const FREE_CARDS: [usize; 5] = [0, 2, 4, 6, 8];

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |index: usize, default: Option<u64>| {
        args.get(index)
            .map(|arg| arg.parse::<u64>().ok())
            .unwrap_or(default)
    };
    // A match, not `let ... else`: the crate builds with rustc 1.63.
    let (players, games, seed) = match (number(0, None), number(1, None), number(2, Some(20170521)))
    {
        (Some(players), Some(games), Some(seed)) if args.len() <= 3 => (players, games, seed),
        _ => {
            eprintln!("usage: handicap PLAYERS GAMES [SEED]");
            return std::process::ExitCode::from(2);
        }
    };
    let players = usize::try_from(players).unwrap_or(0);
    if !clue_sim::game::PLAYERS.contains(&players) {
        eprintln!("error: PLAYERS must be 2 to 12");
        return std::process::ExitCode::from(2);
    }
    let game = Game {
        players,
        seed,
        cards: CardSet::classic(),
    };
    let mut lineup = vec![Strategy::Seed; players];
    lineup[0] = Strategy::Smart;
    println!("{players} players, {games} games from seed {seed}, seats rotated");
    println!("| free cards | smart wins | turns per smart win | turns per seed win |");
    println!("|---|---|---|---|");
    for free in FREE_CARDS {
        let summary = play_many_with(&game, &lineup, games, true, |game, strategies| {
            let seat = |deal: &Deal, rngs| seat_with_free_cards(game, deal, strategies, rngs, free);
            // Computer players never leave.
            play_at(game, seat, |_| {}).unwrap_or(Outcome {
                winner: None,
                turns: 0,
            })
        });
        let (smart_wins, smart_turns) = wins(&summary, Strategy::Smart);
        let (_, seed_turns) = wins(&summary, Strategy::Seed);
        println!(
            "| {free} | {:.1}% | {smart_turns:.1} | {seed_turns:.1} |",
            100.0 * smart_wins as f64 / games.max(1) as f64,
        );
    }
    let seed_only = play_many(&game, &vec![Strategy::Seed; players], games, false);
    let (_, seed_turns) = wins(&seed_only, Strategy::Seed);
    println!("seed players only: {seed_turns:.1} turns per win");
    std::process::ExitCode::SUCCESS
}

/// The wins of `strategy` in `summary`, and the mean turns of those games.
fn wins(summary: &Summary, strategy: Strategy) -> (u64, f64) {
    summary
        .strategy_wins
        .iter()
        .find(|entry| entry.strategy == strategy)
        .map_or((0, 0.0), |entry| {
            (
                entry.wins,
                entry.win_turns as f64 / entry.wins.max(1) as f64,
            )
        })
}

/// The table as `play` seats it, except that the `smart` seat is first
/// shown `free` of its rivals' cards (the first card of each rival in turn,
/// then the second, ...), each as the answer to a suggestion of its own.
fn seat_with_free_cards(
    game: &Game,
    deal: &Deal,
    strategies: &[Strategy],
    rngs: Vec<clue_sim::rng::SplitMix64>,
    free: usize,
) -> Vec<Player> {
    let cards = &game.cards;
    let seats = strategies.iter().copied().map(Some);
    let mut table: Vec<Player> = seat_players(cards, deal, seats, rngs)
        .into_iter()
        .flatten()
        .collect();
    let me = match strategies.iter().position(|&s| s == Strategy::Smart) {
        Some(me) => me,
        None => return table,
    };
    let rivals: Vec<usize> = (1..game.players)
        .map(|step| (me + step) % game.players)
        .collect();
    let most = deal.hands.iter().map(Vec::len).max().unwrap_or(0);
    let shown: Vec<(usize, Card)> = (0..most)
        .flat_map(|round| {
            rivals
                .iter()
                .filter_map(move |&rival| Some((rival, *deal.hands[rival].get(round)?)))
        })
        .take(free)
        .collect();
    for (rival, card) in shown {
        // A suggestion naming the card and the first card of every other
        // category, answered at once by the rival showing it.
        let named: Vec<Card> = (0..cards.categories())
            .map(|category| {
                if cards.category_of(card) == category {
                    card
                } else {
                    Card(cards.category(category).start)
                }
            })
            .collect();
        let answer = Answer {
            suggester: Seat(me),
            cards: &named,
            passes: &[],
            shower: Some(Seat(rival)),
            shown: Some(card),
        };
        table[me].observe(cards, &answer);
    }
    table
}
