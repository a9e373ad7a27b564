//! `--games N`: many games, one summary; with `--compare A,B`, the same
//! games played twice and compared pair by pair.
//!
//! The summary has one line per part (shares are of all N games, rounded to
//! one decimal, half up; means are rounded the same way; a strategy's share
//! has its 95% Wilson interval, [`stats::wilson`], its bounds rounded to
//! one decimal, half up):
//!
//! ```text
//! games 3000 (seeds 1 to 3000), 3 players, strategies rotated
//! seat 1: 1052 wins (35.1%)
//! seat 2: 945 wins (31.5%)
//! seat 3: 1003 wins (33.4%)
//! smart (1 of 3 seats): 1851 wins (61.7%, 95% interval 59.9% to 63.4%), 10.3 turns per win
//! seed (2 of 3 seats): 1149 wins (38.3%, 95% interval 36.6% to 40.1%), 8.5 turns per win
//! nobody won: 0 games (0.0%)
//! mean turns per game: 9.6
//! ```
//!
//! Without `--rotate` the first line says `strategies fixed` and each seat
//! line names its strategy (`seat 1 (smart): ...`). Strategies are listed in
//! the order they first appear in `--strategy`; a strategy with no win says
//! `no wins` instead of its turns per win. A count of one is singular:
//! `1 win`, `nobody won: 1 game`.
//!
//! `--compare A,B` ([`compare_many`]) plays each game as listed, then again
//! (same seed: same deal, same random streams) with `B` in every seat the
//! list gives `A`, and prints `with A (as listed):`, that summary, `with B
//! in the seats of A:`, the second summary, then three lines (here for
//! `--games 1000 --strategy smart,seed,seed --compare smart,random` on `3 1`):
//!
//! ```text
//! paired: smart 685 wins (68.5%, 95% interval 65.6% to 71.3%), random 0 wins (0.0%, 95% interval 0.0% to 0.4%)
//! paired games: both won 0, only smart won 685, only random won 0, neither won 315
//! McNemar's exact test (two-sided binomial on the 685 games only one won): p < 0.0001
//! ```
//!
//! A game counts as won by the compared seats when one of the seats that
//! the list gives `A` wins it (in the first play `A`, in the second `B`).
//! The p-value is [`stats::mcnemar_exact`]'s, printed as `= 0.0312` (four
//! decimals) or `< 0.0001`.
//!
//! Cost: one game per game (two with `--compare`), and `O(P)` to tally it.

use std::fmt::Write as _;

use super::game::{play, Game, Outcome};
use super::players::Strategy;
use super::stats;

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
    let mut summary = Summary::empty(game, strategies, count, rotate);
    let mut this_game = game.clone();
    let mut seats = strategies.to_vec();
    for index in 0..count {
        this_game.seed = game.seed.wrapping_add(index);
        let outcome = play_one(&this_game, &seats);
        judge_io::progress("games", index + 1, count);
        summary.record(&seats, outcome);
        if rotate {
            // Game g + 1 has seat i play entry (i - g - 1) mod P: every
            // entry moves one seat on.
            seats.rotate_right(1);
        }
    }
    summary
}

/// `--compare A,B`: the same games played twice, on the same deals and
/// seeds, with `A` in its seats of the list and then `B` in those seats.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comparison {
    /// `A` and `B`.
    pub pair: (Strategy, Strategy),
    /// The games as listed (with `A`).
    pub first: Summary,
    /// The same games with `B` in `A`'s seats.
    pub second: Summary,
    /// Games won by `A`'s seats in the first play and by the same seats
    /// (`B`) in the second: both, only the first, only the second, neither.
    pub both: u64,
    /// Won by `A`'s seats, not by `B` in them.
    pub only_first: u64,
    /// Won by `B` in `A`'s seats, not by `A`.
    pub only_second: u64,
    /// Won by neither.
    pub neither: u64,
}

/// Plays every game of [`play_many`] twice: as listed, then with each seat
/// that the list gives `pair.0` played by `pair.1` (the same seed, so the
/// same deal and the same random streams for every seat). A play counts as
/// won by the compared seats when one of those seats wins it.
pub fn compare_many(
    game: &Game,
    strategies: &[Strategy],
    count: u64,
    rotate: bool,
    pair: (Strategy, Strategy),
) -> Comparison {
    let (a, b) = pair;
    let swapped: Vec<Strategy> = strategies
        .iter()
        .map(|&s| if s == a { b } else { s })
        .collect();
    let mut comparison = Comparison {
        pair,
        first: Summary::empty(game, strategies, count, rotate),
        second: Summary::empty(game, &swapped, count, rotate),
        both: 0,
        only_first: 0,
        only_second: 0,
        neither: 0,
    };
    let mut this_game = game.clone();
    let mut seats = strategies.to_vec();
    for index in 0..count {
        this_game.seed = game.seed.wrapping_add(index);
        let compared: Vec<bool> = seats.iter().map(|&s| s == a).collect();
        let other: Vec<Strategy> = seats.iter().map(|&s| if s == a { b } else { s }).collect();
        let first = play(&this_game, &seats, |_| {});
        let second = play(&this_game, &other, |_| {});
        judge_io::progress("games", index + 1, count);
        comparison.first.record(&seats, first);
        comparison.second.record(&other, second);
        let won = |outcome: Outcome| outcome.winner.map_or(false, |seat| compared[seat.index()]);
        match (won(first), won(second)) {
            (true, true) => comparison.both += 1,
            (true, false) => comparison.only_first += 1,
            (false, true) => comparison.only_second += 1,
            (false, false) => comparison.neither += 1,
        }
        if rotate {
            seats.rotate_right(1);
        }
    }
    comparison
}

impl Comparison {
    /// The comparison as text: both summaries, then the paired lines (see
    /// the module docs).
    pub fn render(&self) -> String {
        let (a, b) = (self.pair.0.name(), self.pair.1.name());
        let mut text = format!("with {a} (as listed):\n");
        text += &self.first.render();
        let _ = writeln!(text, "with {b} in the seats of {a}:");
        text += &self.second.render();
        let games = self.first.games;
        let first_wins = self.both + self.only_first;
        let second_wins = self.both + self.only_second;
        let _ = writeln!(
            text,
            "paired: {a} {}, {b} {}",
            share_with_interval(first_wins, games),
            share_with_interval(second_wins, games)
        );
        let _ = writeln!(
            text,
            "paired games: both won {}, only {a} won {}, only {b} won {}, neither won {}",
            self.both, self.only_first, self.only_second, self.neither
        );
        let _ = writeln!(
            text,
            "McNemar's exact test (two-sided binomial on the {} games only one won): p {}",
            self.only_first + self.only_second,
            stats::p_value(stats::mcnemar_exact(self.only_first, self.only_second))
        );
        text
    }
}

impl Summary {
    /// The tally before any game: `count` games from `game.seed` with
    /// `strategies` (game 0's seats).
    pub fn empty(game: &Game, strategies: &[Strategy], count: u64, rotate: bool) -> Summary {
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
        Summary {
            games: count,
            seeds: (game.seed, game.seed.wrapping_add(count.wrapping_sub(1))),
            strategies: strategies.to_vec(),
            rotate,
            seat_wins: vec![0; game.players],
            strategy_wins,
            nobody: 0,
            turns: 0,
        }
    }

    /// Adds one game, played by `seats`, that ended as `outcome`.
    pub fn record(&mut self, seats: &[Strategy], outcome: Outcome) {
        self.turns += to_u128(outcome.turns);
        match outcome.winner {
            Some(seat) => {
                self.seat_wins[seat.index()] += 1;
                if let Some(entry) = self
                    .strategy_wins
                    .iter_mut()
                    .find(|entry| entry.strategy == seats[seat.index()])
                {
                    entry.wins += 1;
                    entry.win_turns += to_u128(outcome.turns);
                }
            }
            None => self.nobody += 1,
        }
    }

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
                "{} ({} of {} seats): {}, ",
                entry.strategy.name(),
                entry.seats,
                self.seat_wins.len(),
                share_with_interval(wins, self.games),
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

/// `W wins (S%, 95% interval L% to H%)`: a count of wins of `games`, its
/// share and the share's Wilson interval ([`stats::wilson`]).
fn share_with_interval(wins: u64, games: u64) -> String {
    let (low, high) = stats::wilson(wins, games);
    format!(
        "{wins} {} ({}%, 95% interval {}% to {}%)",
        plural(wins, "win", "wins"),
        tenths(u128::from(wins) * 100, u128::from(games)),
        stats::percent(low),
        stats::percent(high)
    )
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
        // 1 of 1: Wilson's lower bound is (1 + z^2/2 - z sqrt(z^2/4)) /
        // (1 + z^2) = 1 / (1 + z^2) = 0.2066.
        assert!(
            text.contains("): 1 win (100.0%, 95% interval 20.7% to 100.0%), "),
            "{text}"
        );
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
