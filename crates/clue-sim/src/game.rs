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
pub fn play(game: &Game, strategies: &[Strategy], record: impl FnMut(&Event<'_>)) -> Outcome {
    assert_eq!(strategies.len(), game.players, "one strategy per seat");
    let seat = |deal: &Deal, rngs| {
        let seats = strategies.iter().copied().map(Some);
        let players = seat_players(&game.cards, deal, seats, rngs);
        players.into_iter().flatten().collect::<Vec<Player>>()
    };
    match play_at(game, seat, record) {
        Ok(outcome) => outcome,
        Err(Left) => unreachable!("computer players never leave"),
    }
}

/// Who sits at the table, as the referee sees them: it asks each seat for
/// its choices and tells it what it saw. Computer players are a
/// `Vec<Player>`; `--strategy human,...` seats a person beside them
/// ([`super::human`]).
pub trait Table {
    /// The suggestion of `seat`: one card per category, in order.
    fn suggest(&mut self, cards: &CardSet, seat: Seat) -> Result<Vec<Card>, Left>;
    /// The card `seat` shows to `suggester`: one of `eligible` (never empty).
    fn show(
        &mut self,
        cards: &CardSet,
        seat: Seat,
        suggester: Seat,
        eligible: &[Card],
    ) -> Result<Card, Left>;
    /// Tells `seat` what it saw of the answer to a suggestion.
    fn observe(&mut self, cards: &CardSet, seat: Seat, answer: &Answer<'_>);
    /// The accusation of `seat` after its suggestion was answered, if any.
    fn accuse(&mut self, cards: &CardSet, seat: Seat) -> Result<Option<Vec<Card>>, Left>;
    /// Tells `seat` that `accuser` accused `accusation` wrongly.
    fn observe_accusation(
        &mut self,
        cards: &CardSet,
        seat: Seat,
        accuser: Seat,
        accusation: &[Card],
    );
    /// Every event as it happens, the envelope included (what `record` of
    /// [`play_at`] is given, just before it): a table that shows a person
    /// the game keeps to their seat's view. Players learn only through the
    /// methods above.
    fn announce(&mut self, _cards: &CardSet, _event: &Event<'_>) {}
}

/// A seat's player left the game (a person's input ended): the game stops
/// where it is, with no end event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Left;

/// [`play`] with any [`Table`]: `seat` builds the table from the deal and
/// each seat's random stream. Returns [`Left`] when a seat left; the events
/// recorded so far are then a prefix of a game's, without the end.
///
/// # Panics
///
/// If the table does not have one seat per player, or a seat breaks the
/// rules (internal invariants: a [`Table`] checks a person's entries).
pub fn play_at<T: Table>(
    game: &Game,
    seat: impl FnOnce(&Deal, Vec<SplitMix64>) -> T,
    mut record: impl FnMut(&Event<'_>),
) -> Result<Outcome, Left> {
    let players = game.players;
    let cards = &game.cards;
    let Streams {
        deal: mut deal_rng,
        players: player_rngs,
    } = Streams::new(game.seed, players);
    let deal = deal(cards, players, &mut deal_rng);
    let mut table = seat(&deal, player_rngs);
    let mut tell = |table: &mut T, event: &Event<'_>| {
        table.announce(cards, event);
        record(event);
    };
    tell(&mut table, &Event::Envelope(&deal.envelope));
    for (seat, hand) in deal.hands.iter().enumerate() {
        tell(&mut table, &Event::Hand(Seat(seat), hand));
    }
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
        let suggestion = table.suggest(cards, suggester)?;
        assert!(
            is_one_per_category(cards, &suggestion),
            "a player made an illegal suggestion"
        );
        tell(
            &mut table,
            &Event::Suggested {
                turn: turns,
                seat: suggester,
                cards: &suggestion,
            },
        );
        let (passes, shown) =
            ask_around(cards, &holder, &mut table, players, suggester, &suggestion)?;
        for &passer in &passes {
            tell(&mut table, &Event::Passed(passer));
        }
        tell(
            &mut table,
            &match shown {
                Some((shower, card)) => Event::Showed(shower, card),
                None => Event::NobodyShowed,
            },
        );
        for observer in 0..players {
            let shower = shown.map(|(shower, _)| shower);
            let sees = observer == seat || shower == Some(Seat(observer));
            table.observe(
                cards,
                Seat(observer),
                &Answer {
                    suggester,
                    cards: &suggestion,
                    passes: &passes,
                    shower,
                    shown: shown.filter(|_| sees).map(|(_, card)| card),
                },
            );
        }
        if let Some(accusation) = table.accuse(cards, suggester)? {
            assert!(
                is_one_per_category(cards, &accusation),
                "a player made an illegal accusation"
            );
            let correct = accusation == deal.envelope;
            tell(
                &mut table,
                &Event::Accused {
                    seat: suggester,
                    cards: &accusation,
                    correct,
                },
            );
            if correct {
                let outcome = Outcome {
                    winner: Some(suggester),
                    turns,
                };
                tell(
                    &mut table,
                    &Event::Ended {
                        winner: outcome.winner,
                        turns,
                    },
                );
                return Ok(outcome);
            }
            out[seat] = true;
            for observer in 0..players {
                table.observe_accusation(cards, Seat(observer), suggester, &accusation);
            }
        }
        seat = (seat + 1) % players;
    }
    tell(
        &mut table,
        &Event::Ended {
            winner: None,
            turns,
        },
    );
    Ok(Outcome {
        winner: None,
        turns,
    })
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

/// The computer players of the table: each strategy in its seat, with its
/// hand, the public hand sizes and its own random stream; `None` seats (a
/// person's) stay empty.
pub fn seat_players(
    cards: &CardSet,
    deal: &Deal,
    seats: impl IntoIterator<Item = Option<Strategy>>,
    rngs: Vec<SplitMix64>,
) -> Vec<Option<Player>> {
    let hand_sizes: Vec<usize> = deal.hands.iter().map(Vec::len).collect();
    let table: Vec<Option<Strategy>> = seats.into_iter().collect();
    let hands = deal.hands.iter().enumerate();
    let seated = hands.zip(table.iter().copied()).zip(rngs);
    seated
        .map(|(((seat, hand), strategy), rng)| {
            strategy.map(|strategy| {
                Player::new(strategy, cards, Seat(seat), hand, &hand_sizes, &table, rng)
            })
        })
        .collect()
}

/// The computer players: each seat's [`Player`]; they never leave.
impl Table for Vec<Player> {
    fn suggest(&mut self, cards: &CardSet, seat: Seat) -> Result<Vec<Card>, Left> {
        Ok(self[seat.index()].suggest(cards))
    }

    fn show(
        &mut self,
        cards: &CardSet,
        seat: Seat,
        suggester: Seat,
        eligible: &[Card],
    ) -> Result<Card, Left> {
        Ok(self[seat.index()].show(cards, suggester, eligible))
    }

    fn observe(&mut self, cards: &CardSet, seat: Seat, answer: &Answer<'_>) {
        self[seat.index()].observe(cards, answer);
    }

    fn accuse(&mut self, cards: &CardSet, seat: Seat) -> Result<Option<Vec<Card>>, Left> {
        Ok(self[seat.index()].accuse(cards))
    }

    fn observe_accusation(
        &mut self,
        cards: &CardSet,
        seat: Seat,
        accuser: Seat,
        accusation: &[Card],
    ) {
        self[seat.index()].observe_accusation(cards, accuser, accusation);
    }
}

/// Asks the seats after the suggester in turn: returns those that passed,
/// and the first that could show with the card it chose.
fn ask_around(
    cards: &CardSet,
    holder: &[Option<Seat>],
    table: &mut impl Table,
    players: usize,
    suggester: Seat,
    suggestion: &[Card],
) -> Result<AskedAround, Left> {
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
        let card = table.show(cards, asked, suggester, &held)?;
        assert!(held.contains(&card), "a player showed a card it may not");
        return Ok((passes, Some((asked, card))));
    }
    Ok((passes, None))
}

/// The seats that passed, and the seat that showed with its card.
type AskedAround = (Vec<Seat>, Option<(Seat, Card)>);

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
