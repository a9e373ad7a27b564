//! The referee: the seeded deal, the turns, the answers, the accusations, and
//! the transcript.

use std::fmt::Write as _;

use super::cards::CardSet;
use super::players::{Answer, Player, Strategy};
use super::rng::SplitMix64;

/// The least and the most players in a game.
pub const PLAYERS: std::ops::RangeInclusive<usize> = 2..=12;

/// How many turns each player gets at most: the game stops after
/// `TURNS_PER_PLAYER * P` turns.
pub const TURNS_PER_PLAYER: usize = 100;

/// One game's setting: the table and the seed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    /// The number of players, 2 to 12.
    pub players: usize,
    /// The seed of every random choice in the game.
    pub seed: u64,
    /// The cards.
    pub cards: CardSet,
}

/// Where every card went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deal {
    /// The envelope: one card per category, in category order.
    pub envelope: Vec<usize>,
    /// Each player's hand, in the order the cards were dealt.
    pub hands: Vec<Vec<usize>>,
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    /// The seat (from 0) that accused correctly, if any.
    pub winner: Option<usize>,
    /// The number of turns played.
    pub turns: usize,
}

/// The random streams of one game, all derived from its seed.
///
/// A SplitMix64 generator seeded with the game's seed (the *seeder*) gives
/// one output for the deal and then one output for each seat in order; each
/// of those outputs is the seed of a SplitMix64 generator of its own. So the
/// deal and every player draw from separate streams, and what one player
/// draws never changes another's choices.
pub struct Streams {
    /// The deal's generator.
    pub deal: SplitMix64,
    /// Each seat's generator.
    pub players: Vec<SplitMix64>,
}

impl Streams {
    /// The streams of the game with this seed and this many players.
    pub fn new(seed: u64, players: usize) -> Streams {
        let mut seeder = SplitMix64::new(seed);
        let deal = SplitMix64::new(seeder.next_u64());
        let players = (0..players)
            .map(|_| SplitMix64::new(seeder.next_u64()))
            .collect();
        Streams { deal, players }
    }
}

/// Deals the cards: for each category in order, the envelope card is the
/// category's card number `below(n)` (counting from 0 in input order); the
/// other cards, in input order, are shuffled by Fisher-Yates from the back
/// (for `i` from `len - 1` down to 1, swap entries `i` and `below(i + 1)`);
/// then card `k` of the shuffled list goes to seat `k mod P`.
pub fn deal(cards: &CardSet, players: usize, rng: &mut SplitMix64) -> Deal {
    let envelope: Vec<usize> = (0..cards.categories())
        .map(|category| {
            let range = cards.category(category);
            range.start + rng.index(range.len())
        })
        .collect();
    let mut rest: Vec<usize> = (0..cards.len())
        .filter(|card| !envelope.contains(card))
        .collect();
    for i in (1..rest.len()).rev() {
        let j = rng.index(i + 1);
        rest.swap(i, j);
    }
    let mut hands = vec![Vec::new(); players];
    for (k, &card) in rest.iter().enumerate() {
        hands[k % players].push(card);
    }
    Deal { envelope, hands }
}

/// Plays one game with one strategy per seat, writing the transcript to
/// `transcript` when one is given.
///
/// # Panics
///
/// If `strategies` does not have one entry per player, or a player breaks
/// the rules (internal invariants).
pub fn play(game: &Game, strategies: &[Strategy], mut transcript: Option<&mut String>) -> Outcome {
    let players = game.players;
    assert_eq!(strategies.len(), players, "one strategy per seat");
    let cards = &game.cards;
    let Streams {
        deal: mut deal_rng,
        players: player_rngs,
    } = Streams::new(game.seed, players);
    let deal = deal(cards, players, &mut deal_rng);
    let hand_sizes: Vec<usize> = deal.hands.iter().map(Vec::len).collect();
    let mut holder = vec![None; cards.len()];
    for (seat, hand) in deal.hands.iter().enumerate() {
        for &card in hand {
            holder[card] = Some(seat);
        }
    }
    if let Some(text) = transcript.as_deref_mut() {
        text.push_str("envelope");
        push_cards(text, cards, &deal.envelope);
        text.push('\n');
        for (seat, hand) in deal.hands.iter().enumerate() {
            let _ = write!(text, "hand {}", seat + 1);
            push_cards(text, cards, hand);
            text.push('\n');
        }
    }
    let mut table: Vec<Player> = strategies
        .iter()
        .zip(player_rngs)
        .enumerate()
        .map(|(seat, (&strategy, rng))| {
            Player::new(strategy, cards, seat, &deal.hands[seat], &hand_sizes, rng)
        })
        .collect();

    let mut out = vec![false; players];
    let mut turns = 0;
    let mut seat = 0;
    let mut passes = Vec::with_capacity(players);
    while turns < TURNS_PER_PLAYER * players && out.iter().any(|&o| !o) {
        if out[seat] {
            seat = (seat + 1) % players;
            continue;
        }
        turns += 1;
        let suggestion = table[seat].suggest(cards);
        assert!(
            is_one_per_category(cards, &suggestion),
            "a player made an illegal suggestion"
        );
        if let Some(text) = transcript.as_deref_mut() {
            let _ = write!(text, "turn {turns} {} suggests", seat + 1);
            push_cards(text, cards, &suggestion);
            text.push('\n');
        }
        passes.clear();
        let mut shower = None;
        let mut shown = None;
        for step in 1..players {
            let asked = (seat + step) % players;
            let held: Vec<usize> = suggestion
                .iter()
                .copied()
                .filter(|&card| holder[card] == Some(asked))
                .collect();
            if held.is_empty() {
                passes.push(asked);
                continue;
            }
            let card = table[asked].show(cards, seat, &held);
            assert!(held.contains(&card), "a player showed a card it may not");
            shower = Some(asked);
            shown = Some(card);
            break;
        }
        if let Some(text) = transcript.as_deref_mut() {
            for &passer in &passes {
                let _ = writeln!(text, "pass {}", passer + 1);
            }
            match (shower, shown) {
                (Some(shower), Some(card)) => {
                    let _ = writeln!(text, "show {} {}", shower + 1, cards.card_names[card]);
                }
                _ => text.push_str("none\n"),
            }
        }
        for (observer, player) in table.iter_mut().enumerate() {
            let sees = observer == seat || Some(observer) == shower;
            player.observe(
                cards,
                &Answer {
                    suggester: seat,
                    cards: &suggestion,
                    passes: &passes,
                    shower,
                    shown: if sees { shown } else { None },
                },
            );
        }
        if let Some(accusation) = table[seat].accuse(cards) {
            assert!(
                is_one_per_category(cards, &accusation),
                "a player made an illegal accusation"
            );
            let correct = accusation == deal.envelope;
            if let Some(text) = transcript.as_deref_mut() {
                let _ = write!(text, "accuse {}", seat + 1);
                push_cards(text, cards, &accusation);
                text.push_str(if correct { " correct\n" } else { " wrong\n" });
            }
            if correct {
                if let Some(text) = transcript.as_deref_mut() {
                    let _ = writeln!(text, "winner {} after {turns} turns", seat + 1);
                }
                return Outcome {
                    winner: Some(seat),
                    turns,
                };
            }
            out[seat] = true;
            for player in &mut table {
                player.observe_accusation(cards, seat, &accusation);
            }
        }
        seat = (seat + 1) % players;
    }
    if let Some(text) = transcript {
        let _ = writeln!(text, "nobody wins after {turns} turns");
    }
    Outcome {
        winner: None,
        turns,
    }
}

/// True when `named` has exactly one card of each category, in order.
fn is_one_per_category(cards: &CardSet, named: &[usize]) -> bool {
    named.len() == cards.categories()
        && named
            .iter()
            .enumerate()
            .all(|(category, &card)| card < cards.len() && cards.category_of[card] == category)
}

fn push_cards(text: &mut String, cards: &CardSet, list: &[usize]) {
    for &card in list {
        text.push(' ');
        text.push_str(&cards.card_names[card]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deal_partitions_the_cards_in_seat_order() {
        let cards = CardSet::classic();
        for seed in 0..50 {
            for players in PLAYERS {
                let mut rng = SplitMix64::new(seed);
                let deal = deal(&cards, players, &mut rng);
                let mut all: Vec<usize> = deal.hands.concat();
                all.extend(&deal.envelope);
                all.sort_unstable();
                assert_eq!(all, (0..21).collect::<Vec<_>>());
                for (category, &card) in deal.envelope.iter().enumerate() {
                    assert_eq!(cards.category_of[card], category);
                }
                for (seat, hand) in deal.hands.iter().enumerate() {
                    let expected = 18 / players + usize::from(seat < 18 % players);
                    assert_eq!(hand.len(), expected);
                }
            }
        }
    }

    #[test]
    fn streams_are_fixed_by_the_seed() {
        let mut a = Streams::new(42, 3);
        let mut b = Streams::new(42, 5);
        assert_eq!(a.deal.next_u64(), b.deal.next_u64());
        assert_eq!(a.players[2].next_u64(), b.players[2].next_u64());
        let mut seeder = SplitMix64::new(42);
        seeder.next_u64();
        let mut first = SplitMix64::new(seeder.next_u64());
        assert_eq!(Streams::new(42, 2).players[0].next_u64(), first.next_u64());
    }
}
