//! `--games N`: many games, one summary.
//!
//! The summary has one line per part (shares are of all N games, rounded to
//! one decimal, half up; means are rounded the same way):
//!
//! ```text
//! games 3000 (seeds 1 to 3000), 3 players, strategies rotated
//! seat 1: 1052 wins (35.1%)
//! seat 2: 945 wins (31.5%)
//! seat 3: 1003 wins (33.4%)
//! smart (1 of 3 seats): 1851 wins (61.7%), 10.3 turns per win
//! seed (2 of 3 seats): 1149 wins (38.3%), 8.5 turns per win
//! nobody won: 0 games (0.0%)
//! mean turns per game: 9.6
//! ```
//!
//! Without `--rotate` the first line says `strategies fixed` and each seat
//! line names its strategy (`seat 1 (smart): ...`). Strategies are listed in
//! the order they first appear in `--strategy`; a strategy with no win says
//! `no wins` instead of its turns per win. A count of one is singular:
//! `1 win`, `nobody won: 1 game`.

use std::fmt::Write as _;

use super::game::{play, Game, Outcome};
use super::players::Strategy;

/// The tally of many games.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    /// The number of games.
    pub games: u64,
    /// The first and the last seed.
    pub seeds: (u64, u64),
    /// The strategy of each seat in game 0.
    pub strategies: Vec<Strategy>,
    /// Whether the strategies moved one seat on per game.
    pub rotate: bool,
    /// Wins of each seat.
    pub seat_wins: Vec<u64>,
    /// Per strategy, in order of first appearance.
    pub strategy_wins: Vec<StrategyWins>,
    /// Games nobody won.
    pub nobody: u64,
    /// Turns of all games added up.
    pub turns: u128,
}

/// One strategy's line of the summary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StrategyWins {
    /// The strategy.
    pub strategy: Strategy,
    /// How many entries of the strategy list it has.
    pub seats: usize,
    /// The games it won.
    pub wins: u64,
    /// The turns of those games, added up.
    pub win_turns: u128,
}

/// Plays `count` games with seeds `game.seed`, `game.seed + 1`, ... (wrapping
/// past the `u64` maximum to 0). With `rotate`, in game `g` seat `i` plays
/// `strategies[(i - g) mod P]`.
pub fn play_many(game: &Game, strategies: &[Strategy], count: u64, rotate: bool) -> Summary {
    play_many_with(game, strategies, count, rotate, |game, seats| {
        play(game, seats, |_| {})
    })
}

/// [`play_many`] with each game played by `play_one` (given the game and
/// its seats' strategies) instead of [`play`]: for experiments that seat a
/// table differently (the crate's `handicap` example).
pub fn play_many_with(
    game: &Game,
    strategies: &[Strategy],
    count: u64,
    rotate: bool,
    mut play_one: impl FnMut(&Game, &[Strategy]) -> Outcome,
) -> Summary {
    let players = game.players;
    let mut strategy_wins: Vec<StrategyWins> = Vec::new();
    for &strategy in strategies {
        match strategy_wins
            .iter_mut()
            .find(|entry| entry.strategy == strategy)
        {
            Some(entry) => entry.seats += 1,
            None => strategy_wins.push(StrategyWins {
                strategy,
                seats: 1,
                wins: 0,
                win_turns: 0,
            }),
        }
    }
    let mut summary = Summary {
        games: count,
        seeds: (game.seed, game.seed.wrapping_add(count.wrapping_sub(1))),
        strategies: strategies.to_vec(),
        rotate,
        seat_wins: vec![0; players],
        strategy_wins,
        nobody: 0,
        turns: 0,
    };
    let mut this_game = game.clone();
    let mut seats = strategies.to_vec();
    for index in 0..count {
        this_game.seed = game.seed.wrapping_add(index);
        let outcome = play_one(&this_game, &seats);
        judge_io::progress("games", index + 1, count);
        summary.turns += to_u128(outcome.turns);
        match outcome.winner {
            Some(seat) => {
                summary.seat_wins[seat.index()] += 1;
                if let Some(entry) = summary
                    .strategy_wins
                    .iter_mut()
                    .find(|entry| entry.strategy == seats[seat.index()])
                {
                    entry.wins += 1;
                    entry.win_turns += to_u128(outcome.turns);
                }
            }
            None => summary.nobody += 1,
        }
        if rotate {
            // Game g + 1 has seat i play entry (i - g - 1) mod P: every
            // entry moves one seat on.
            seats.rotate_right(1);
        }
    }
    summary
}

impl Summary {
    /// The summary as text (see the module docs).
    pub fn render(&self) -> String {
        let mut text = String::new();
        let _ = writeln!(
            text,
            "games {} (seeds {} to {}), {} players, strategies {}",
            self.games,
            self.seeds.0,
            self.seeds.1,
            self.seat_wins.len(),
            if self.rotate { "rotated" } else { "fixed" }
        );
        let games = u128::from(self.games);
        for (seat, &wins) in self.seat_wins.iter().enumerate() {
            let _ = write!(text, "seat {}", seat + 1);
            if !self.rotate {
                let _ = write!(text, " ({})", self.strategies[seat].name());
            }
            let _ = writeln!(
                text,
                ": {wins} {} ({}%)",
                plural(wins, "win", "wins"),
                tenths(u128::from(wins) * 100, games)
            );
        }
        for entry in &self.strategy_wins {
            let wins = entry.wins;
            let _ = write!(
                text,
                "{} ({} of {} seats): {wins} {} ({}%), ",
                entry.strategy.name(),
                entry.seats,
                self.seat_wins.len(),
                plural(wins, "win", "wins"),
                tenths(u128::from(wins) * 100, games)
            );
            if wins == 0 {
                text.push_str("no wins\n");
            } else {
                let _ = writeln!(
                    text,
                    "{} turns per win",
                    tenths(entry.win_turns, u128::from(wins))
                );
            }
        }
        let _ = writeln!(
            text,
            "nobody won: {} {} ({}%)",
            self.nobody,
            plural(self.nobody, "game", "games"),
            tenths(u128::from(self.nobody) * 100, games)
        );
        let _ = writeln!(text, "mean turns per game: {}", tenths(self.turns, games));
        text
    }
}

/// `one` for a count of 1, else `many`.
fn plural(count: u64, one: &'static str, many: &'static str) -> &'static str {
    if count == 1 {
        one
    } else {
        many
    }
}

/// `numerator / denominator` with one decimal, rounded half up.
fn tenths(numerator: u128, denominator: u128) -> String {
    let scaled = (numerator * 20 + denominator) / (denominator * 2);
    format!("{}.{}", scaled / 10, scaled % 10)
}

fn to_u128(value: usize) -> u128 {
    u128::try_from(value).unwrap_or(u128::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_win_is_singular() {
        let game = Game {
            players: 2,
            seed: 5,
            cards: crate::cards::CardSet::classic(),
        };
        let summary = play_many(&game, &[Strategy::Seed, Strategy::Seed], 1, false);
        let text = summary.render();
        assert!(text.contains(": 1 win (100.0%)\n"), "{text}");
        assert!(text.contains(": 0 wins (0.0%)\n"), "{text}");
        assert!(text.contains("): 1 win (100.0%), "), "{text}");
        assert!(text.contains("nobody won: 0 games"), "{text}");
    }

    #[test]
    fn tenths_round_half_up() {
        assert_eq!(tenths(1, 3), "0.3");
        assert_eq!(tenths(2, 3), "0.7");
        assert_eq!(tenths(1, 20), "0.1");
        assert_eq!(tenths(100, 1), "100.0");
        assert_eq!(tenths(0, 7), "0.0");
    }
}
