//! Shared profiles: a class of werewolves and humans alike, the witnesses
//! pick which of them are the werewolves.
//!
//! A [`Profile`](super::Profile) needs the werewolves to be the only M
//! players with their weight sum, and near N = 2M = 2L the search finds
//! no such weights that fit in N statements. A [`Shared`] profile asks less of the weights: the
//! werewolves are the `fixed` class and `chosen` players of the `shared`
//! class (one weight for both), and no other *count* of players from each
//! class has M players and their sum ([`Shared::only_sum`]). So the sets
//! with the right counts of werewolves and liars are the fixed class with
//! `chosen` players of the shared class, any of them, and every one of
//! them has exactly L liars (the false statements are `A + sum of the
//! set's weights`, as for a profile). The witness condition then leaves
//! one, by what the werewolves say. With `truthful`, every statement a
//! werewolf of such a set can make is true, but one:
//!
//! - **One of the shared class** (`chosen = 1`; the fixed class is then
//!   M - 1 >= 1 players). The sets are the fixed class and one player x of
//!   the shared class. Each fixed player calls a fixed player a werewolf or
//!   a player outside both classes a human: true in every such set. Each
//!   shared player but one, x*, calls itself or a fixed player a werewolf,
//!   or a player outside both classes or another shared player a human:
//!   true whenever it is the werewolf x. x* says the opposite of one of
//!   those: false when it is x. So the set with x = x* has a lying
//!   werewolf (x*) and a truthful one (the fixed players); every other set
//!   has no lying werewolf.
//! - **All of the shared class but one** (`chosen = k - 1`). The sets are
//!   the fixed class and the shared class less one player y. One shared
//!   player c2 calls another, c1, a werewolf: false exactly when y = c1.
//!   Every other statement a werewolf of those sets makes is as above
//!   (itself or a fixed player a werewolf, a player outside both classes
//!   a human), true in every set. So only the set that leaves c1 out has
//!   a lying werewolf (c2), and it has M - 1 >= 1 truthful ones.
//!
//! Without `truthful` every claim is turned round: the werewolves lie but
//! one, who tells the truth only in the one set. The humans outside both
//! classes say the rest: whatever claims make up each player's weight,
//! then pairs of opposite claims about one player. The weights' balance
//! is a profile's (the werewolves' sum less the humans' is `2L - N`), and
//! the parity works out as it does there.
//!
//! The claims a werewolf may make are only some of all, so whether the
//! weights can be made in N statements depends on them: [`Shared::claims`]
//! deals them greedily (each werewolf the first claim its list allows that
//! moves a player toward its weight) and the profile is kept only when
//! what is left fits in the humans' statements. The count checks every
//! built puzzle once more.

use judge_io::rng::SplitMix64;

use super::{
    cost, largest_weight, outward, pad_with_pairs, shuffle, to_i64, Class, Game, Statement,
    SMALL_WEIGHT,
};

/// A profile with a shared class (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shared {
    /// The werewolves outside the shared class.
    pub fixed: Class,
    /// Werewolves and humans of one weight.
    pub shared: Class,
    /// How many of the shared class are werewolves: 1, or all but one.
    pub chosen: usize,
    /// The humans outside the shared class.
    pub humans: [Class; 2],
    /// Whether the werewolves tell the truth but one (or lie but one).
    pub truthful: bool,
}

/// Up to `limit` shared profiles of N players, M werewolves and L liars
/// that [`Shared::claims`] can deal, those with the smallest largest
/// weight first. Searched one werewolf of the shared class first, then all
/// but one human; the shared class's size from 2 up, the humans split
/// `b1 <= b2`, each weight within [`SMALL_WEIGHT`] either way (a class of
/// one player any weight), the last class's weight solved from the
/// balance; a profile is kept with the first of `truthful` and not that
/// can be dealt.
///
/// # Complexity
///
/// About `N^2 / 2` class sizes times `7^3` weights (more with a class of
/// one player), each an `O(1)` balance test; the few that balance, an
/// `O(N^2)` check of the counts and an `O(N^2)` deal. With the profiles'
/// search before it, under 70 ms at N = 100 natively (every M and L,
/// while another build ran).
pub fn shared_profiles(
    players: usize,
    werewolves: usize,
    liars: usize,
    limit: usize,
) -> Vec<Shared> {
    let mut found = Vec::new();
    if werewolves < 2 || werewolves >= players || liars == 0 || liars >= players {
        return found;
    }
    let n = to_i64(players);
    let balance = 2 * to_i64(liars) - n;
    let bound = |size: usize| -> i64 {
        match size {
            0 => 0,
            1 => n,
            _ => SMALL_WEIGHT.min(n / to_i64(size)),
        }
    };
    for one in [true, false] {
        // The shared class's size k: one werewolf of k (k - 1 more humans),
        // or k - 1 werewolves of k (one more human).
        let sizes = if one {
            2..=players - werewolves + 1
        } else {
            // (Of 2, one werewolf is the case above.)
            3..=werewolves + 1
        };
        for size in sizes {
            let chosen = if one { 1 } else { size - 1 };
            let fixed = werewolves - chosen;
            let humans = players - werewolves - (size - chosen);
            for b1 in 0..=humans / 2 {
                let b2 = humans - b1;
                for x in outward(bound(fixed)) {
                    for z in outward(SMALL_WEIGHT.min(n / to_i64(size))) {
                        for y1 in outward(bound(b1)) {
                            let rest = to_i64(fixed) * x + to_i64(chosen) * z
                                - to_i64(size - chosen) * z
                                - to_i64(b1) * y1
                                - balance;
                            let y2 = match b2 {
                                0 if rest == 0 => 0,
                                0 => continue,
                                b2 if rest % to_i64(b2) == 0 => rest / to_i64(b2),
                                _ => continue,
                            };
                            if y2.abs() > bound(b2) {
                                continue;
                            }
                            for truthful in [true, false] {
                                let profile = Shared {
                                    fixed: Class {
                                        players: fixed,
                                        weight: x,
                                    },
                                    shared: Class {
                                        players: size,
                                        weight: z,
                                    },
                                    chosen,
                                    humans: [
                                        Class {
                                            players: b1,
                                            weight: y1,
                                        },
                                        Class {
                                            players: b2,
                                            weight: y2,
                                        },
                                    ],
                                    truthful,
                                };
                                if cost(&profile.classes()) <= players
                                    && profile.only_sum()
                                    && profile.claims().is_some()
                                {
                                    found.push(profile);
                                    if found.len() == limit {
                                        found.sort_by_key(Shared::largest_weight);
                                        return found;
                                    }
                                    // One polarity of a profile is enough.
                                    break;
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    found.sort_by_key(Shared::largest_weight);
    found
}

impl Shared {
    /// The classes in the order of the players' layout: fixed, shared,
    /// then the two of humans.
    pub fn classes(&self) -> [Class; 4] {
        [self.fixed, self.shared, self.humans[0], self.humans[1]]
    }

    /// The largest weight of a player, plus or minus.
    pub fn largest_weight(&self) -> u64 {
        largest_weight(&self.classes())
    }

    /// Whether no count of players from each class but the werewolves'
    /// (all the fixed class, `chosen` of the shared one, no human) has M
    /// players and their weight sum.
    pub fn only_sum(&self) -> bool {
        let [fixed, shared, h1, h2] = self.classes();
        if fixed.players > 0 && shared.weight == fixed.weight {
            // One shared player for one fixed one: the same sum.
            return false;
        }
        let werewolves = fixed.players + self.chosen;
        let target = to_i64(fixed.players) * fixed.weight + to_i64(self.chosen) * shared.weight;
        for from1 in 0..=h1.players.min(werewolves) {
            for from2 in 0..=h2.players.min(werewolves - from1) {
                let left = werewolves - from1 - from2;
                let rest = target - to_i64(from1) * h1.weight - to_i64(from2) * h2.weight;
                // `from_fixed + from_shared = left` with the sum `rest`.
                let from_shared = if fixed.players == 0 {
                    left
                } else {
                    let over = rest - to_i64(left) * fixed.weight;
                    let step = shared.weight - fixed.weight;
                    if over % step != 0 {
                        continue;
                    }
                    match usize::try_from(over / step) {
                        Ok(from_shared) => from_shared,
                        Err(_) => continue,
                    }
                };
                if from_shared > shared.players || from_shared > left {
                    continue;
                }
                let from_fixed = left - from_shared;
                if from_fixed > fixed.players
                    || to_i64(from_fixed) * fixed.weight + to_i64(from_shared) * shared.weight
                        != rest
                {
                    continue;
                }
                if (from_fixed, from_shared, from1, from2) != (fixed.players, self.chosen, 0, 0) {
                    return false;
                }
            }
        }
        true
    }

    /// The werewolves' claims, dealt greedily (see the module docs), in
    /// the layout of [`Shared::classes`] (the shared class's first player
    /// is x* or c1, its second c2): one claim for each player of the
    /// fixed and the shared class, and the claims left to make each
    /// player's weight; `None` when those are more than the humans'
    /// statements.
    pub fn claims(&self) -> Option<(Vec<Statement>, Vec<Statement>)> {
        let [fixed, shared, h1, h2] = self.classes();
        let shared_start = fixed.players;
        let humans_start = shared_start + shared.players;
        let players = humans_start + h1.players + h2.players;
        let mut left: Vec<i64> = self
            .classes()
            .iter()
            .flat_map(|class| std::iter::repeat(class.weight).take(class.players))
            .collect();
        // +1 is a "human" claim, -1 a "werewolf" claim; `sign` is the
        // claim that is true about a werewolf (-1) or a human (+1) when
        // the werewolves tell the truth, and turned round otherwise.
        let sign = if self.truthful { 1 } else { -1 };
        let fixed_players = 0..shared_start;
        let shared_players = shared_start..humans_start;
        let human_players = humans_start..players;
        let mut made = Vec::with_capacity(humans_start);
        for speaker in 0..humans_start {
            let itself = speaker..speaker + 1;
            let others = |range: std::ops::Range<usize>| range.filter(move |&p| p != speaker);
            let choices: Vec<(i64, Vec<usize>)> = if speaker < shared_start {
                vec![
                    (-sign, fixed_players.clone().collect()),
                    (sign, human_players.clone().collect()),
                ]
            } else if self.chosen == 1 && speaker == shared_start {
                // x*: false whenever it is the werewolf.
                vec![
                    (sign, itself.collect()),
                    (sign, fixed_players.clone().collect()),
                    (-sign, human_players.clone().collect()),
                    (-sign, others(shared_players.clone()).collect()),
                ]
            } else if self.chosen == 1 {
                vec![
                    (-sign, itself.collect()),
                    (-sign, fixed_players.clone().collect()),
                    (sign, human_players.clone().collect()),
                    (sign, others(shared_players.clone()).collect()),
                ]
            } else if speaker == shared_start + 1 {
                // c2 calls c1 a werewolf.
                vec![(-sign, vec![shared_start])]
            } else {
                vec![
                    (-sign, itself.collect()),
                    (-sign, fixed_players.clone().collect()),
                    (sign, human_players.clone().collect()),
                ]
            };
            let towards = choices.iter().find_map(|(claim, targets)| {
                targets
                    .iter()
                    .find(|&&target| left[target] * claim > 0)
                    .map(|&target| (*claim, target))
            });
            let (claim, about) = match towards {
                Some(found) => found,
                None => match choices.first() {
                    Some((claim, targets)) => (*claim, *targets.first()?),
                    None => return None,
                },
            };
            left[about] -= claim;
            made.push(Statement {
                about,
                claims_werewolf: claim < 0,
            });
        }
        let rest: Vec<Statement> = left
            .iter()
            .enumerate()
            .flat_map(|(about, &weight)| {
                let claim = Statement {
                    about,
                    claims_werewolf: weight < 0,
                };
                std::iter::repeat(claim).take(usize::try_from(weight.unsigned_abs()).unwrap_or(0))
            })
            .collect();
        let spare = (players - humans_start).checked_sub(rest.len())?;
        // Even, by the balance (see `super`'s docs); pairs fill it.
        (spare % 2 == 0).then_some((made, rest))
    }

    /// The puzzle: the players shuffled into the layout, the werewolves'
    /// claims as dealt, the humans' the claims left and pairs of opposite
    /// claims about one player, shuffled among them. `None` if the deal
    /// does not fit.
    pub fn build(&self, liars: usize, random: &mut SplitMix64) -> Option<Game> {
        let (made, rest) = self.claims()?;
        let players = self
            .classes()
            .iter()
            .map(|class| class.players)
            .sum::<usize>();
        let mut order: Vec<usize> = (0..players).collect();
        shuffle(&mut order, random);
        let mut claims = rest;
        pad_with_pairs(&mut claims, players - made.len(), players, random);
        shuffle(&mut claims, random);
        let mut statements = vec![
            Statement {
                about: 0,
                claims_werewolf: false
            };
            players
        ];
        for (speaker, claim) in made.into_iter().chain(claims).enumerate() {
            statements[order[speaker]] = Statement {
                about: order[claim.about],
                claims_werewolf: claim.claims_werewolf,
            };
        }
        Some(Game {
            werewolves: self.fixed.players + self.chosen,
            liars,
            statements,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{brute_force, sums_by_brute_force};
    use super::*;

    /// The werewolves' counts of a shared profile, for
    /// [`sums_by_brute_force`].
    fn werewolves_of(profile: &Shared) -> [usize; 4] {
        [profile.fixed.players, profile.chosen, 0, 0]
    }

    #[test]
    fn only_sum_is_every_count_from_each_class() {
        let mut random = SplitMix64::new(11);
        let (mut unique, mut shared) = (0, 0);
        for _ in 0..20_000 {
            let mut class = || Class {
                players: random.index(5),
                weight: to_i64(random.index(7)) - 3,
            };
            let (fixed, shared_class, h1, h2) = (class(), class(), class(), class());
            if shared_class.players < 2 {
                continue;
            }
            let chosen = if random.index(2) == 0 {
                1
            } else {
                shared_class.players - 1
            };
            let profile = Shared {
                fixed,
                shared: shared_class,
                chosen,
                humans: [h1, h2],
                truthful: true,
            };
            let by_brute_force = sums_by_brute_force(profile.classes(), werewolves_of(&profile));
            assert_eq!(profile.only_sum(), by_brute_force == 1, "{profile:?}");
            if by_brute_force == 1 {
                unique += 1;
            } else {
                shared += 1;
            }
        }
        assert!(unique > 1000 && shared > 1000, "{unique} {shared}");
    }

    /// Every shared profile of up to 11 players, built with two seeds:
    /// exactly one answer by brute force, M werewolves, the balance, and
    /// every claim dealt.
    #[test]
    fn every_shared_profile_builds_a_puzzle_with_one_answer_by_brute_force() {
        let mut random = SplitMix64::new(7);
        let (mut built, mut requests) = (0, 0);
        for players in 4..=11 {
            for werewolves in 2..players {
                for liars in 1..players {
                    let found = shared_profiles(players, werewolves, liars, usize::MAX);
                    requests += usize::from(!found.is_empty());
                    assert!(found
                        .windows(2)
                        .all(|pair| pair[0].largest_weight() <= pair[1].largest_weight()));
                    for profile in found {
                        let classes = profile.classes();
                        assert_eq!(classes[0].players + profile.chosen, werewolves);
                        assert_eq!(classes.iter().map(|c| c.players).sum::<usize>(), players);
                        assert_eq!(
                            sums_by_brute_force(profile.classes(), werewolves_of(&profile)),
                            1,
                            "{profile:?}"
                        );
                        for _ in 0..2 {
                            let game = profile.build(liars, &mut random).unwrap();
                            assert_eq!(game.statements.len(), players);
                            assert_eq!(brute_force(&game).len(), 1, "{profile:?} {game:?}");
                            built += 1;
                        }
                    }
                }
            }
        }
        assert!(
            built > 1000 && requests > 100,
            "only {built} built for {requests}"
        );
    }

    /// Where no profile exists, the shared ones answer some requests:
    /// N = 10, M = 5, L = 3 (seed 1's draws find none) and four of the
    /// thirteen at N = 16.
    #[test]
    fn shared_profiles_answer_requests_without_a_profile() {
        use super::super::profiles;
        assert!(profiles(10, 5, 3, 1).is_empty());
        assert!(!shared_profiles(10, 5, 3, 1).is_empty());
        let answered: Vec<(usize, usize)> = (2..16)
            .flat_map(|m| (1..16).map(move |l| (m, l)))
            .filter(|&(m, l)| {
                profiles(16, m, l, 1).is_empty() && !shared_profiles(16, m, l, 1).is_empty()
            })
            .collect();
        assert_eq!(answered, [(7, 5), (7, 11), (9, 5), (9, 11)]);
    }
}
