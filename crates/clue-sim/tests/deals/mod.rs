//! Every deal of a small game, listed the obvious way: the brute force
//! that the knowledge engine and `--assist` are compared with.
#![allow(dead_code)]

use itertools::Itertools;

/// A deal: the owner of each card (players `0..P`, `P` for the envelope).
pub(crate) type Deal = Vec<usize>;

/// A small game: its categories and hand sizes.
pub(crate) struct Game {
    /// The cards of each category.
    pub(crate) category_sizes: Vec<usize>,
    /// The hand size of each player.
    pub(crate) hand_sizes: Vec<usize>,
}

impl Game {
    pub(crate) fn n_cards(&self) -> usize {
        self.category_sizes.iter().sum()
    }

    pub(crate) fn categories(&self) -> Vec<Vec<usize>> {
        let mut start = 0;
        self.category_sizes
            .iter()
            .map(|&size| {
                start += size;
                (start - size..start).collect()
            })
            .collect()
    }

    /// Every deal, the obvious way: every envelope (one card per category)
    /// times every arrangement of the other cards into hands of the right
    /// sizes (all distinct permutations of the multiset of hand labels).
    /// Every deal in which `player` holds exactly `hand`: the same listing
    /// with that hand set aside.
    pub(crate) fn deals_with_hand(&self, player: usize, hand: &[usize]) -> Vec<Deal> {
        if hand.len() != self.hand_sizes[player] {
            return Vec::new();
        }
        self.listing(Some(player), hand)
    }

    /// Every deal, the obvious way: every envelope (one card per category)
    /// times every arrangement of the other cards into hands of the right
    /// sizes (all distinct permutations of the multiset of hand labels).
    pub(crate) fn all_deals(&self) -> Vec<Deal> {
        self.listing(None, &[])
    }

    /// The listing, with `player`'s hand (if any) fixed to `hand`.
    fn listing(&self, player: Option<usize>, hand: &[usize]) -> Vec<Deal> {
        let n_players = self.hand_sizes.len();
        let mut deals = Vec::new();
        let mut labels: Vec<usize> = Vec::new();
        for (other, &size) in self.hand_sizes.iter().enumerate() {
            if Some(other) != player {
                labels.extend(std::iter::repeat(other).take(size));
            }
        }
        for envelope in self
            .categories()
            .iter()
            .map(|cards| {
                cards
                    .iter()
                    .copied()
                    .filter(|card| !hand.contains(card))
                    .collect::<Vec<_>>()
            })
            .multi_cartesian_product()
        {
            let rest: Vec<usize> = (0..self.n_cards())
                .filter(|card| !envelope.contains(card) && !hand.contains(card))
                .collect();
            let mut arrangement = labels.clone();
            arrangement.sort_unstable();
            loop {
                let mut deal = vec![n_players; self.n_cards()];
                for &card in hand {
                    deal[card] = player.unwrap_or(n_players);
                }
                for (&card, &owner) in rest.iter().zip(&arrangement) {
                    deal[card] = owner;
                }
                deals.push(deal);
                if !next_permutation(&mut arrangement) {
                    break;
                }
            }
        }
        deals
    }
}

fn next_permutation(items: &mut [usize]) -> bool {
    let Some(i) = (1..items.len()).rev().find(|&i| items[i - 1] < items[i]) else {
        return false;
    };
    let j = (i..items.len())
        .rev()
        .find(|&j| items[j] > items[i - 1])
        .unwrap();
    items.swap(i - 1, j);
    items[i..].reverse();
    true
}
