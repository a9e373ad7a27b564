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
use clue_sim::game::{play, play_at, seat_players, Deal, Game};
use clue_sim::players::{Player, Strategy};

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
    let cards = CardSet::classic();
    let mut lineup = vec![Strategy::Seed; players];
    lineup[0] = Strategy::Smart;
    println!("{players} players, {games} games from seed {seed}, seats rotated");
    println!("| free cards | smart wins | turns per smart win | turns per seed win |");
    println!("|---|---|---|---|");
    for free in FREE_CARDS {
        let mut tally = Tally::default();
        for g in 0..games {
            let strategies = rotated(&lineup, g);
            let game = Game {
                players,
                seed: seed.wrapping_add(g),
                cards: cards.clone(),
            };
            let seat =
                |deal: &Deal, rngs| seat_with_free_cards(&game, deal, &strategies, rngs, free);
            // Computer players never leave: `play_at` returns `Ok`.
            if let Ok(outcome) = play_at(&game, seat, |_| {}) {
                tally.add(
                    outcome.winner.map(|seat| strategies[seat.index()]),
                    outcome.turns,
                );
            }
        }
        println!(
            "| {free} | {:.1}% | {:.1} | {:.1} |",
            100.0 * tally.smart_wins as f64 / games.max(1) as f64,
            tally.smart_turns as f64 / tally.smart_wins.max(1) as f64,
            tally.seed_turns as f64 / tally.seed_wins.max(1) as f64,
        );
    }
    let mut tally = Tally::default();
    for g in 0..games {
        let game = Game {
            players,
            seed: seed.wrapping_add(g),
            cards: cards.clone(),
        };
        let outcome = play(&game, &vec![Strategy::Seed; players], |_| {});
        tally.add(outcome.winner.map(|_| Strategy::Seed), outcome.turns);
    }
    println!(
        "seed players only: {:.1} turns per win",
        tally.seed_turns as f64 / tally.seed_wins.max(1) as f64
    );
    std::process::ExitCode::SUCCESS
}

/// Game `g`'s seats, as `--rotate` sets them: seat `i` plays entry
/// `(i - g) mod P` of the lineup.
fn rotated(lineup: &[Strategy], g: u64) -> Vec<Strategy> {
    let players = lineup.len();
    let shift = usize::try_from(g % players as u64).unwrap_or(0);
    (0..players)
        .map(|seat| lineup[(seat + players - shift) % players])
        .collect()
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
    let mut shown = Vec::new();
    for round in 0.. {
        if shown.len() == free || rivals.iter().all(|&r| deal.hands[r].len() <= round) {
            break;
        }
        for &rival in &rivals {
            if let Some(&card) = deal.hands[rival].get(round) {
                if shown.len() < free {
                    shown.push((rival, card));
                }
            }
        }
    }
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

/// Wins and their turns, per strategy.
#[derive(Default)]
struct Tally {
    smart_wins: u64,
    smart_turns: u64,
    seed_wins: u64,
    seed_turns: u64,
}

impl Tally {
    fn add(&mut self, winner: Option<Strategy>, turns: usize) {
        let turns = u64::try_from(turns).unwrap_or(u64::MAX);
        match winner {
            Some(Strategy::Smart) => {
                self.smart_wins += 1;
                self.smart_turns += turns;
            }
            Some(Strategy::Seed) => {
                self.seed_wins += 1;
                self.seed_turns += turns;
            }
            _ => {}
        }
    }
}
