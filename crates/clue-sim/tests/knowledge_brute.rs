//! The knowledge engine against a brute force: small games (at most nine
//! cards) where every deal is listed, observations from simulated play (and
//! some false ones, for contradictions), and after every observation each
//! answer of the engine compared with the surviving deals.
#![allow(clippy::unwrap_used)]

mod deals;

use clue_sim::knowledge::{Knowledge, Owner};
use deals::{Deal, Game};
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// One observation, applied both to the engine and to the deal list.
#[derive(Debug, Clone)]
enum Observation {
    Holds(usize, usize),
    Lacks(usize, usize),
    LacksAll(usize, Vec<usize>),
    HoldsOneOf(usize, Vec<usize>),
    NotEnvelope(Vec<usize>),
}

impl Observation {
    fn admits(&self, deal: &Deal, n_players: usize) -> bool {
        match self {
            Observation::Holds(player, card) => deal[*card] == *player,
            Observation::Lacks(player, card) => deal[*card] != *player,
            Observation::LacksAll(player, cards) => cards.iter().all(|&card| deal[card] != *player),
            Observation::HoldsOneOf(player, cards) => {
                cards.iter().any(|&card| deal[card] == *player)
            }
            Observation::NotEnvelope(cards) => !cards.iter().all(|&card| deal[card] == n_players),
        }
    }

    fn apply(&self, knowledge: &mut Knowledge) -> bool {
        match self {
            Observation::Holds(player, card) => knowledge.holds(*player, *card).is_ok(),
            Observation::Lacks(player, card) => knowledge.lacks(*player, *card).is_ok(),
            Observation::LacksAll(player, cards) => knowledge.lacks_all(*player, cards).is_ok(),
            Observation::HoldsOneOf(player, cards) => {
                knowledge.holds_one_of(*player, cards).is_ok()
            }
            Observation::NotEnvelope(cards) => knowledge.not_envelope(cards).is_ok(),
        }
    }
}

fn random_game(rng: &mut ChaCha8Rng) -> Game {
    loop {
        let n_categories = rng.random_range(1..=3);
        let category_sizes: Vec<usize> =
            (0..n_categories).map(|_| rng.random_range(1..=3)).collect();
        let n_cards: usize = category_sizes.iter().sum();
        let n_players = rng.random_range(1..=4);
        let mut hand_sizes = vec![0; n_players];
        if rng.random_bool(0.7) {
            // Dealt round the table, as in the game.
            for index in 0..n_cards - n_categories {
                hand_sizes[index % n_players] += 1;
            }
        } else {
            for _ in 0..n_cards - n_categories {
                hand_sizes[rng.random_range(0..n_players)] += 1;
            }
        }
        if n_cards <= 9 {
            return Game {
                category_sizes,
                hand_sizes,
            };
        }
    }
}

/// An observation that is true of `deal` (or, with `lie`, a random one that
/// may be false).
fn random_observation(rng: &mut ChaCha8Rng, game: &Game, deal: &Deal, lie: bool) -> Observation {
    let n_players = game.hand_sizes.len();
    let n_cards = game.n_cards();
    let categories = game.categories();
    let suggestion: Vec<usize> = categories
        .iter()
        .map(|cards| *cards.choose(rng).unwrap())
        .collect();
    let player = rng.random_range(0..n_players);
    if lie {
        return match rng.random_range(0..4) {
            0 => Observation::Holds(player, rng.random_range(0..n_cards)),
            1 => Observation::LacksAll(player, suggestion),
            2 => Observation::HoldsOneOf(player, suggestion),
            _ => Observation::NotEnvelope(suggestion),
        };
    }
    loop {
        match rng.random_range(0..6) {
            0 => {
                let held: Vec<usize> = (0..n_cards).filter(|&card| deal[card] == player).collect();
                if let Some(&card) = held.choose(rng) {
                    return Observation::Holds(player, card);
                }
            }
            1 => {
                let card = rng.random_range(0..n_cards);
                if deal[card] != player {
                    return Observation::Lacks(player, card);
                }
            }
            2 | 3 => {
                // A suggestion answered: a pass, or a show someone else saw.
                let held: Vec<usize> = suggestion
                    .iter()
                    .copied()
                    .filter(|&card| deal[card] == player)
                    .collect();
                if held.is_empty() {
                    return Observation::LacksAll(player, suggestion);
                }
                let mut cards = suggestion.clone();
                cards.shuffle(rng);
                cards.truncate(rng.random_range(1..=cards.len()));
                if !cards.iter().any(|&card| deal[card] == player) {
                    cards.push(held[0]);
                }
                return Observation::HoldsOneOf(player, cards);
            }
            4 => {
                if suggestion.iter().any(|&card| deal[card] != n_players) {
                    return Observation::NotEnvelope(suggestion);
                }
            }
            _ => {
                let held: Vec<usize> = suggestion
                    .iter()
                    .copied()
                    .filter(|&card| deal[card] == player)
                    .collect();
                if held.is_empty() {
                    return Observation::LacksAll(player, suggestion);
                }
            }
        }
    }
}

/// Compares every answer of the exact analysis with the surviving deals.
fn check_exact(knowledge: &mut Knowledge, game: &Game, deals: &[Deal], context: &str) {
    let n_players = game.hand_sizes.len();
    let n_owners = n_players + 1;
    let n_cards = game.n_cards();
    let owner_of = |index: usize| {
        if index == n_players {
            Owner::Envelope
        } else {
            Owner::Player(index)
        }
    };
    let analysis = knowledge.analysis().clone();
    assert!(analysis.is_exact(), "{context}");
    assert_eq!(analysis.deals(), Some(deals.len() as u128), "{context}");
    assert_eq!(analysis.is_consistent(), !deals.is_empty(), "{context}");
    for card in 0..n_cards {
        let mut counts = vec![0usize; n_owners];
        for deal in deals {
            counts[deal[card]] += 1;
        }
        let holders: Vec<usize> = (0..n_owners).filter(|&owner| counts[owner] > 0).collect();
        let expected_owner = match holders[..] {
            [owner] => Some(owner_of(owner)),
            _ => None,
        };
        assert_eq!(
            analysis.owner(card),
            expected_owner,
            "{context}: card {card}"
        );
        for (owner, &count) in counts.iter().enumerate() {
            assert_eq!(
                analysis.can_hold(owner_of(owner), card),
                count > 0,
                "{context}: card {card} owner {owner}"
            );
            let expected = if deals.is_empty() {
                0.0
            } else {
                count as f64 / deals.len() as f64
            };
            let got = analysis.holder_probabilities(card)[owner];
            assert!(
                (got - expected).abs() <= 1e-9 * expected.max(1e-300)
                    || (got - expected).abs() < 1e-12,
                "{context}: card {card} owner {owner}: {got} vs {expected}"
            );
        }
        assert_eq!(
            analysis.envelope_deals(card),
            Some(counts[n_players] as u128),
            "{context}: card {card}"
        );
        let expected = if deals.is_empty() {
            0.0
        } else {
            counts[n_players] as f64 / deals.len() as f64
        };
        assert!(
            (analysis.envelope_probability(card) - expected).abs() < 1e-12,
            "{context}"
        );
    }
    // The cheap answers are sound.
    for card in 0..n_cards {
        if deals.is_empty() {
            break;
        }
        if let Some(owner) = knowledge.known_owner(card) {
            assert_eq!(
                knowledge.owner(card),
                Some(owner),
                "{context}: known_owner of {card}"
            );
        }
        for owner in 0..n_owners {
            if deals.iter().any(|deal| deal[card] == owner) {
                assert!(knowledge.may_hold(owner_of(owner), card), "{context}");
            }
        }
    }
}

/// [`Knowledge::fits`] against the list: of every deal of the game, it
/// accepts exactly those that survive the observations.
fn check_fits(
    knowledge: &Knowledge,
    game: &Game,
    every_deal: &[Deal],
    deals: &[Deal],
    context: &str,
) {
    let n_players = game.hand_sizes.len();
    let surviving: std::collections::HashSet<&Deal> = deals.iter().collect();
    for deal in every_deal {
        let owners: Vec<Owner> = deal
            .iter()
            .map(|&owner| {
                if owner == n_players {
                    Owner::Envelope
                } else {
                    Owner::Player(owner)
                }
            })
            .collect();
        assert_eq!(
            knowledge.fits(|card| owners[card]),
            surviving.contains(deal),
            "{context}: the deal {deal:?}"
        );
    }
}

#[test]
fn the_exact_analysis_matches_the_list_of_deals() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x6b6e_6f77);
    let mut histories = 0;
    let mut contradictions = 0;
    let mut observations = 0;
    for game_index in 0..1500 {
        let game = random_game(&mut rng);
        let mut deals = game.all_deals();
        let truth = deals.choose(&mut rng).unwrap().clone();
        let mut knowledge = Knowledge::new(&game.category_sizes, &game.hand_sizes);
        knowledge.set_budget(u64::MAX);
        let context = format!(
            "game {game_index} {:?} {:?}",
            game.category_sizes, game.hand_sizes
        );
        check_exact(&mut knowledge, &game, &deals, &context);
        let every_deal = deals.clone();
        check_fits(&knowledge, &game, &every_deal, &deals, &context);
        let lies = rng.random_bool(0.3);
        let mut history = Vec::new();
        for _ in 0..rng.random_range(1..=8) {
            let lie = lies && rng.random_bool(0.3);
            let observation = random_observation(&mut rng, &game, &truth, lie);
            history.push(observation.clone());
            let accepted = observation.apply(&mut knowledge);
            deals.retain(|deal| observation.admits(deal, game.hand_sizes.len()));
            let context = format!("{context} after {history:?}");
            // Propagation may only report contradictions that are real.
            if !accepted {
                assert!(deals.is_empty(), "{context}: a false contradiction");
            }
            assert_eq!(knowledge.is_consistent(), accepted, "{context}");
            check_exact(&mut knowledge, &game, &deals, &context);
            check_fits(&knowledge, &game, &every_deal, &deals, &context);
            observations += 1;
            if deals.is_empty() {
                contradictions += 1;
                break;
            }
        }
        histories += 1;
    }
    println!("{histories} histories, {observations} observations, {contradictions} contradictions");
    assert_eq!(histories, 1500);
    assert!(
        contradictions > 50,
        "the lies must produce contradictions: {contradictions}"
    );
    assert!(observations > 5000);
}

#[test]
fn the_bounded_fallback_stays_sound() {
    let mut rng = ChaCha8Rng::seed_from_u64(0xfa11);
    let mut inexact = 0;
    for _ in 0..300 {
        let game = random_game(&mut rng);
        let mut deals = game.all_deals();
        let truth = deals.choose(&mut rng).unwrap().clone();
        let mut knowledge = Knowledge::new(&game.category_sizes, &game.hand_sizes);
        knowledge.set_budget(1);
        let n_players = game.hand_sizes.len();
        for _ in 0..rng.random_range(1..=6) {
            let observation = random_observation(&mut rng, &game, &truth, false);
            assert!(observation.apply(&mut knowledge));
            deals.retain(|deal| observation.admits(deal, game.hand_sizes.len()));
            let analysis = knowledge.analysis().clone();
            if analysis.is_exact() {
                continue;
            }
            inexact += 1;
            assert!(analysis.is_consistent());
            assert_eq!(analysis.deals(), None);
            for card in 0..game.n_cards() {
                let total: f64 = analysis.holder_probabilities(card).iter().sum();
                assert!((total - 1.0).abs() < 1e-9);
                for owner in 0..=n_players {
                    let owner_value = if owner == n_players {
                        Owner::Envelope
                    } else {
                        Owner::Player(owner)
                    };
                    if deals.iter().any(|deal| deal[card] == owner) {
                        assert!(analysis.can_hold(owner_value, card));
                        assert!(analysis.holder_probabilities(card)[owner] > 0.0);
                    }
                }
                if let Some(owner) = analysis.owner(card) {
                    let index = match owner {
                        Owner::Player(player) => player,
                        Owner::Envelope => n_players,
                    };
                    assert!(deals.iter().all(|deal| deal[card] == index));
                }
            }
        }
    }
    assert!(
        inexact > 100,
        "the budget of 1 must force the fallback: {inexact}"
    );
}

#[test]
fn a_contradiction_is_sticky() {
    let mut knowledge = Knowledge::new(&[2, 2], &[1, 1]);
    knowledge.holds(0, 0).unwrap();
    assert!(knowledge.holds(1, 0).is_err());
    assert!(!knowledge.is_consistent());
    assert!(knowledge.lacks(0, 3).is_err());
    assert!(!knowledge.analysis().is_consistent());
    assert_eq!(knowledge.consistent_deals(), Some(0));
}

#[test]
fn the_classic_game_starts_with_every_deal_possible() {
    // 324 envelopes times 18! / (5! 5! 4! 4!) hands.
    let mut knowledge = Knowledge::new(&[6, 6, 9], &[5, 5, 4, 4]);
    assert_eq!(knowledge.consistent_deals(), Some(324 * 771891120));
    let odds = knowledge.envelope_probabilities();
    assert!((odds[0] - 1.0 / 6.0).abs() < 1e-12);
    assert!((odds[20] - 1.0 / 9.0).abs() < 1e-12);
}

#[test]
fn a_big_card_set_falls_back_within_the_budget() {
    // 256 cards, 12 players: far too many open cards to count.
    let mut knowledge = Knowledge::new(
        &[100, 100, 56],
        &[22, 22, 22, 21, 21, 21, 21, 21, 21, 21, 21, 19],
    );
    knowledge.holds(0, 5).unwrap();
    knowledge.lacks_all(1, &[0, 100, 200]).unwrap();
    knowledge.holds_one_of(2, &[1, 101, 201]).unwrap();
    let analysis = knowledge.analysis();
    assert!(!analysis.is_exact());
    assert_eq!(analysis.owner(5), Some(Owner::Player(0)));
    // Card 5 is placed, so 99 persons remain, equally likely.
    assert!((analysis.envelope_probability(0) - 1.0 / 99.0).abs() < 1e-12);
}
