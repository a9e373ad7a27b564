//! The owners' parts in the exact count: the open cards grouped into types,
//! and per owner the types it may take, how many cards it still needs and
//! the rule its share must follow ("holds one of" for a player; one card per
//! open category and no ruled-out accusation for the envelope), in the order
//! the owners are filled. [`Counter`](super::Counter) counts with them.

use super::super::Knowledge;

/// One owner's part in the count.
pub(super) struct OwnerSpec {
    /// The owner's index: the player, or `n_players` for the envelope.
    pub(super) index: usize,
    /// How many open cards it still needs.
    pub(super) capacity: usize,
    /// The types it may take.
    pub(super) types: Vec<usize>,
    /// The rule its count vector must follow.
    pub(super) rule: Rule,
    /// The same rule as bit masks, for
    /// [`Counter::for_each_subset`](super::Counter::for_each_subset).
    pub(super) masks: RuleMasks,
}

pub(super) enum Rule {
    /// A player: at least one card from each clause (a set of positions in
    /// the owner's `types`).
    Player { clauses: Vec<Vec<usize>> },
    /// The envelope: exactly one card from each open category (each a set of
    /// positions in `types`), and none of the ruled-out combinations (each a
    /// set of positions, all taken = ruled out).
    Envelope {
        categories: Vec<Vec<usize>>,
        ruled_out: Vec<Vec<usize>>,
    },
}

/// The open cards grouped into types: cards that no observation tells apart
/// (same category, same possible owners, named by the same "holds one of"
/// and ruled-out observations) are interchangeable in the count.
pub(super) struct CardTypes {
    /// Per card, its type (`None` for the cards propagation placed).
    pub(super) of_card: Vec<Option<usize>>,
    /// Per type, what its cards share.
    pub(super) keys: Vec<TypeKey>,
    /// Per type, its number of cards.
    pub(super) sizes: Vec<usize>,
}

/// What the cards of one type share.
#[derive(PartialEq, Eq)]
pub(super) struct TypeKey {
    pub(super) category: usize,
    /// The owners that may hold them (bits, as in `Knowledge::possible`).
    pub(super) owners: u64,
    /// The indexes of the "holds one of" observations that name them.
    pub(super) clauses: Vec<usize>,
    /// The indexes of the ruled-out accusations that name them.
    pub(super) ruled_out: Vec<usize>,
}

/// The envelope's part in the count, and what setting it up found.
pub(super) struct EnvelopePart {
    pub(super) spec: OwnerSpec,
    /// The categories whose envelope card is still open.
    pub(super) open_categories: Vec<usize>,
    /// A ruled-out accusation whose cards are all known to be in the
    /// envelope: no deal fits.
    pub(super) impossible: bool,
}

impl CardTypes {
    /// Groups the `open` cards, in card order (types are numbered by their
    /// first card).
    pub(super) fn group(knowledge: &Knowledge, open: &[usize]) -> CardTypes {
        let key_of = |card: usize| TypeKey {
            category: knowledge.category_of[card],
            owners: knowledge.possible[card],
            clauses: (0..knowledge.clauses.len())
                .filter(|&index| knowledge.clauses[index].cards.contains(&card))
                .collect(),
            ruled_out: (0..knowledge.ruled_out.len())
                .filter(|&index| knowledge.ruled_out[index].contains(&card))
                .collect(),
        };
        let mut types = CardTypes {
            of_card: vec![None; knowledge.n_cards()],
            keys: Vec::new(),
            sizes: Vec::new(),
        };
        for &card in open {
            let key = key_of(card);
            let card_type = match types.keys.iter().position(|other| *other == key) {
                Some(card_type) => card_type,
                None => {
                    types.keys.push(key);
                    types.sizes.push(0);
                    types.keys.len() - 1
                }
            };
            types.of_card[card] = Some(card_type);
            types.sizes[card_type] += 1;
        }
        types
    }

    /// The types `owner` (a player, or `n_players` for the envelope) may
    /// take.
    pub(super) fn of_owner(&self, owner: usize) -> Vec<usize> {
        (0..self.sizes.len())
            .filter(|&card_type| self.keys[card_type].owners & (1 << owner) != 0)
            .collect()
    }

    /// The positions in `types` (an owner's types) of the open `cards`.
    pub(super) fn positions(&self, cards: &[usize], types: &[usize]) -> Vec<usize> {
        cards
            .iter()
            .filter_map(|&card| {
                let card_type = self.of_card[card]?;
                types.iter().position(|&other| other == card_type)
            })
            .collect()
    }

    /// A player's part: its types, and a card of each of its open "holds
    /// one of" observations.
    pub(super) fn player(
        &self,
        knowledge: &Knowledge,
        player: usize,
        capacity: usize,
    ) -> OwnerSpec {
        let types = self.of_owner(player);
        let clauses = knowledge
            .clauses
            .iter()
            .filter(|clause| clause.player == player)
            .map(|clause| self.positions(&clause.cards, &types))
            .collect();
        OwnerSpec::new(player, capacity, types, Rule::Player { clauses })
    }

    /// The envelope's part: one card of each open category, none of the
    /// ruled-out accusations. A ruled-out accusation with a card that cannot
    /// be in the envelope rules nothing out; its cards already there are
    /// dropped; if all of them are there, no deal fits.
    pub(super) fn envelope(&self, knowledge: &Knowledge, capacity: usize) -> EnvelopePart {
        let n_players = knowledge.n_players();
        let envelope_bit = 1u64 << n_players;
        let types = self.of_owner(n_players);
        let mut categories = Vec::new();
        let mut open_categories = Vec::new();
        for category in 0..knowledge.n_categories() {
            let placed = knowledge
                .category_cards(category)
                .any(|card| knowledge.possible[card] == envelope_bit);
            if !placed {
                categories.push(
                    (0..types.len())
                        .filter(|&position| self.keys[types[position]].category == category)
                        .collect(),
                );
                open_categories.push(category);
            }
        }
        let mut impossible = false;
        let mut ruled_out: Vec<Vec<usize>> = Vec::new();
        for cards in &knowledge.ruled_out {
            if cards
                .iter()
                .any(|&card| knowledge.possible[card] & envelope_bit == 0)
            {
                continue;
            }
            let positions = self.positions(cards, &types);
            impossible |= positions.is_empty();
            ruled_out.push(positions);
        }
        let rule = Rule::Envelope {
            categories,
            ruled_out,
        };
        EnvelopePart {
            spec: OwnerSpec::new(n_players, capacity, types, rule),
            open_categories,
            impossible,
        }
    }
}

impl OwnerSpec {
    pub(super) fn new(index: usize, capacity: usize, types: Vec<usize>, rule: Rule) -> OwnerSpec {
        OwnerSpec {
            index,
            capacity,
            types,
            masks: RuleMasks::new(&rule),
            rule,
        }
    }
}

impl Rule {
    /// No "holds one of" (a player) or no ruled-out accusation (the
    /// envelope): only who may hold what constrains the owner.
    pub(super) fn is_free(&self) -> bool {
        match self {
            Rule::Player { clauses } => clauses.is_empty(),
            Rule::Envelope { ruled_out, .. } => ruled_out.is_empty(),
        }
    }
}

/// What each owner (players, then the envelope) still needs among the open
/// cards, and whether some owner already has more cards than its share.
pub(super) fn capacities(knowledge: &Knowledge) -> (Vec<usize>, bool) {
    let mut capacity: Vec<usize> = knowledge.hand_sizes.clone();
    capacity.push(knowledge.n_categories());
    let mut over = false;
    for &owners in &knowledge.possible {
        if owners.count_ones() == 1 {
            let slot = &mut capacity[owners.trailing_zeros() as usize];
            match slot.checked_sub(1) {
                Some(left) => *slot = left,
                None => over = true,
            }
        }
    }
    (capacity, over)
}

/// Two cards of one category known to be in the envelope (possible only in
/// an inclusion-exclusion term, where nothing propagated).
pub(super) fn two_envelope_cards_in_a_category(knowledge: &Knowledge) -> bool {
    let envelope_bit = 1u64 << knowledge.n_players();
    (0..knowledge.n_categories()).any(|category| {
        knowledge
            .category_cards(category)
            .filter(|&card| knowledge.possible[card] == envelope_bit)
            .count()
            > 1
    })
}

/// The owners in the order they are filled: the one with the most choices
/// goes last, where its hand is whatever is left; the others go from the
/// fewest choices up, which keeps the number of states small (ties by
/// owner index).
pub(super) fn fill_order(owners: Vec<OwnerSpec>, type_sizes: &[usize]) -> Vec<OwnerSpec> {
    let choices = |owner: &OwnerSpec| -> f64 {
        let cards: usize = owner
            .types
            .iter()
            .map(|&card_type| type_sizes[card_type])
            .sum();
        match &owner.rule {
            Rule::Player { .. } => binomial_f64(cards, owner.capacity),
            Rule::Envelope { categories, .. } => categories
                .iter()
                .map(|members| {
                    members
                        .iter()
                        .map(|&position| type_sizes[owner.types[position]])
                        .sum::<usize>() as f64
                })
                .product(),
        }
    };
    let mut keyed: Vec<(f64, OwnerSpec)> = owners
        .into_iter()
        .map(|owner| (choices(&owner), owner))
        .collect();
    keyed.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.index.cmp(&b.1.index)));
    keyed.into_iter().map(|(_, owner)| owner).collect()
}

/// An owner's rule as bit masks over the positions in its `types`.
pub(super) struct RuleMasks {
    /// Each must meet the hand (clauses of a player).
    pub(super) meet: Vec<u64>,
    /// Each must meet the hand in exactly one position (the envelope's open
    /// categories).
    pub(super) once: Vec<u64>,
    /// None may lie wholly inside the hand (ruled-out accusations; never
    /// empty here).
    pub(super) not_all: Vec<u64>,
}

impl RuleMasks {
    pub(super) fn new(rule: &Rule) -> RuleMasks {
        let mask = |positions: &Vec<usize>| {
            positions
                .iter()
                .fold(0u64, |mask, &position| mask | 1 << position)
        };
        match rule {
            Rule::Player { clauses } => RuleMasks {
                meet: clauses.iter().map(mask).collect(),
                once: Vec::new(),
                not_all: Vec::new(),
            },
            Rule::Envelope {
                categories,
                ruled_out,
            } => RuleMasks {
                meet: Vec::new(),
                once: categories.iter().map(mask).collect(),
                not_all: ruled_out
                    .iter()
                    .filter(|cards| !cards.is_empty())
                    .map(mask)
                    .collect(),
            },
        }
    }

    pub(super) fn allow(&self, hand: u64) -> bool {
        self.meet.iter().all(|&mask| mask & hand != 0)
            && self
                .once
                .iter()
                .all(|&mask| (mask & hand).count_ones() == 1)
            && self.not_all.iter().all(|&mask| mask & !hand != 0)
    }
}

pub(super) fn binomial_f64(n: usize, k: usize) -> f64 {
    if k > n {
        return 0.0;
    }
    let mut value = 1.0;
    for i in 0..k {
        value = value * (n - i) as f64 / (i + 1) as f64;
    }
    value
}
