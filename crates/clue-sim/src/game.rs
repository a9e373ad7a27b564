//! The referee: the seeded deal, the turns, the answers and the
//! accusations, reported as [`Event`]s.

use super::cards::{Card, CardSet};
use super::event::{render, Answer, Event, Seat};
use super::players::{Player, Strategy};
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
    pub envelope: Vec<Card>,
    /// Each player's hand, in the order the cards were dealt.
    pub hands: Vec<Vec<Card>>,
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    /// The seat that accused correctly, if any.
    pub winner: Option<Seat>,
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
    let envelope: Vec<Card> = (0..cards.categories())
        .map(|category| {
            let range = cards.category(category);
            Card(range.start + rng.index(range.len()))
        })
        .collect();
    let mut rest: Vec<Card> = (0..cards.len())
        .map(Card)
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

/// Plays one game with one strategy per seat and returns how it ended;
/// `record` is given every [`Event`] in order (the transcript is
/// [`transcript`]; `--games` records nothing).
///
/// # Panics
///
/// If `strategies` does not have one entry per player, or a player breaks
/// the rules (internal invariants).
pub fn play(game: &Game, strategies: &[Strategy], mut record: impl FnMut(&Event<'_>)) -> Outcome {
    let players = game.players;
    assert_eq!(strategies.len(), players, "one strategy per seat");
    let cards = &game.cards;
    let Streams {
        deal: mut deal_rng,
        players: player_rngs,
    } = Streams::new(game.seed, players);
    let deal = deal(cards, players, &mut deal_rng);
    record(&Event::Envelope(&deal.envelope));
    for (seat, hand) in deal.hands.iter().enumerate() {
        record(&Event::Hand(Seat(seat), hand));
    }
    let mut table = seat_players(cards, &deal, strategies, player_rngs);
    let holder = deal.holders(cards.len());
    let mut out = vec![false; players];
    let mut turns = 0;
    let mut seat = 0;
    while turns < TURNS_PER_PLAYER * players && out.iter().any(|&o| !o) {
        if out[seat] {
            seat = (seat + 1) % players;
            continue;
        }
        turns += 1;
        let suggester = Seat(seat);
        let suggestion = table[seat].suggest(cards);
        assert!(
            is_one_per_category(cards, &suggestion),
            "a player made an illegal suggestion"
        );
        record(&Event::Suggested {
            turn: turns,
            seat: suggester,
            cards: &suggestion,
        });
        let (passes, shown) = ask_around(cards, &holder, &mut table, suggester, &suggestion);
        for &passer in &passes {
            record(&Event::Passed(passer));
        }
        record(&match shown {
            Some((shower, card)) => Event::Showed(shower, card),
            None => Event::NobodyShowed,
        });
        for (observer, player) in table.iter_mut().enumerate() {
            let shower = shown.map(|(shower, _)| shower);
            let sees = observer == seat || shower == Some(Seat(observer));
            player.observe(
                cards,
                &Answer {
                    suggester,
                    cards: &suggestion,
                    passes: &passes,
                    shower,
                    shown: shown.filter(|_| sees).map(|(_, card)| card),
                },
            );
        }
        if let Some(accusation) = table[seat].accuse(cards) {
            assert!(
                is_one_per_category(cards, &accusation),
                "a player made an illegal accusation"
            );
            let correct = accusation == deal.envelope;
            record(&Event::Accused {
                seat: suggester,
                cards: &accusation,
                correct,
            });
            if correct {
                let outcome = Outcome {
                    winner: Some(suggester),
                    turns,
                };
                record(&Event::Ended {
                    winner: outcome.winner,
                    turns,
                });
                return outcome;
            }
            out[seat] = true;
            for player in &mut table {
                player.observe_accusation(cards, suggester, &accusation);
            }
        }
        seat = (seat + 1) % players;
    }
    record(&Event::Ended {
        winner: None,
        turns,
    });
    Outcome {
        winner: None,
        turns,
    }
}

/// The transcript of one game: every event of [`play`], rendered.
pub fn transcript(game: &Game, strategies: &[Strategy]) -> String {
    let mut text = String::new();
    play(game, strategies, |event| {
        render(&game.cards, event, &mut text)
    });
    text
}

impl Deal {
    /// The seat holding each card (`None` for the envelope's).
    fn holders(&self, cards: usize) -> Vec<Option<Seat>> {
        let mut holder = vec![None; cards];
        for (seat, hand) in self.hands.iter().enumerate() {
            for &card in hand {
                holder[card.index()] = Some(Seat(seat));
            }
        }
        holder
    }
}

/// The players of the table: each strategy in its seat, with its hand, the
/// public hand sizes and its own random stream.
fn seat_players(
    cards: &CardSet,
    deal: &Deal,
    strategies: &[Strategy],
    rngs: Vec<SplitMix64>,
) -> Vec<Player> {
    let hand_sizes: Vec<usize> = deal.hands.iter().map(Vec::len).collect();
    strategies
        .iter()
        .zip(rngs)
        .enumerate()
        .map(|(seat, (&strategy, rng))| {
            Player::new(
                strategy,
                cards,
                Seat(seat),
                &deal.hands[seat],
                &hand_sizes,
                rng,
            )
        })
        .collect()
}

/// Asks the seats after the suggester in turn: returns those that passed,
/// and the first that could show with the card it chose.
fn ask_around(
    cards: &CardSet,
    holder: &[Option<Seat>],
    table: &mut [Player],
    suggester: Seat,
    suggestion: &[Card],
) -> (Vec<Seat>, Option<(Seat, Card)>) {
    let players = table.len();
    let mut passes = Vec::new();
    for step in 1..players {
        let asked = Seat((suggester.index() + step) % players);
        let held: Vec<Card> = suggestion
            .iter()
            .copied()
            .filter(|&card| holder[card.index()] == Some(asked))
            .collect();
        if held.is_empty() {
            passes.push(asked);
            continue;
        }
        let card = table[asked.index()].show(cards, suggester, &held);
        assert!(held.contains(&card), "a player showed a card it may not");
        return (passes, Some((asked, card)));
    }
    (passes, None)
}

/// True when `named` has exactly one card of each category, in order.
fn is_one_per_category(cards: &CardSet, named: &[Card]) -> bool {
    named.len() == cards.categories()
        && named.iter().enumerate().all(|(category, &card)| {
            card.index() < cards.len() && cards.category_of(card) == category
        })
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
                let mut all: Vec<Card> = deal.hands.concat();
                all.extend(&deal.envelope);
                all.sort_unstable();
                assert_eq!(all, (0..21).map(Card).collect::<Vec<_>>());
                for (category, &card) in deal.envelope.iter().enumerate() {
                    assert_eq!(cards.category_of(card), category);
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
