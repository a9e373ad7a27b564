//! Can the weights alone pick out the answer? An exhaustive search over
//! every way to give N players weights, for one request.
//!
//! ```text
//! weights N M L [K]   every weight from -K to K (default N: all of them)
//! ```
//!
//! A player's weight is the "human" claims about them less the "werewolf"
//! claims, and the sets with L false statements are the M-sets with the
//! werewolves' weight sum (`werewolf::generate`'s module docs). This
//! searches every multiset of M werewolf weights and N - M human weights
//! in `-K..=K` (any number of classes, not two and two as the generator's
//! profiles) that fits in N statements (`sum |d| <= N`) and balances (the
//! werewolves' sum less the humans' is `2L - N`), and counts two kinds:
//!
//! - **alone**: no other M players have the werewolves' sum, so the
//!   weights alone give one answer (what a `Profile` needs, here with any
//!   number of classes);
//! - **shared**: werewolves and humans share exactly one weight, with one
//!   werewolf of it or one human, and no other count of players of each
//!   weight has M players and that sum (what a `Shared` profile needs of
//!   its weights, any number of classes). The statements must then tell
//!   those sets apart. A layout that leaves no statement beyond the
//!   weights' claims is decided by counting, in two cases: the shared
//!   weight 0 (`labels_allow_one_set` below) and one human in a shared
//!   class of six or more (`one_human_allows_one_set`); it is *ruled out*
//!   when no statements can do it. Any other is *not ruled out*, and the
//!   search prints, of each kind, the one that leaves the most statements
//!   free (the tamest of those).
//!
//! Nothing found but layouts ruled out proves that no puzzle of either
//! construction exists for the request, whatever the statements; it says
//! nothing of puzzles whose sets with the counts differ in more than one
//! shared weight. A check of the search: at every request of N = 8 to 11
//! that has a puzzle (all but N = 2M = 2L and N = 10, M = 7, L = 5; the
//! generator's profiles answer them), it finds weights alone or a layout
//! it does not rule out, as it must; at those three it finds neither
//! (and at N = 10, M = 7, L = 5 CP-SAT proves, independently, that no
//! game has one answer).
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::collections::HashMap;

/// Players of one weight: (weight, how many).
type Classes = Vec<(i64, usize)>;

/// Weights found: (statements left, largest weight, werewolves, humans).
type Best = (i64, i64, Classes, Classes);

fn main() {
    let args: Vec<i64> = std::env::args()
        .skip(1)
        .map(|arg| arg.parse().unwrap_or(-1))
        .collect();
    let (players, werewolves, liars, largest) = match args[..] {
        [n, m, l] => (n, m, l, n),
        [n, m, l, k] => (n, m, l, k),
        _ => (-1, 0, 0, 0),
    };
    if players < 3 || !(1..players).contains(&werewolves) || !(0..=players).contains(&liars) {
        eprintln!("usage: weights N M L [K], with 1 <= M < N and 0 <= L <= N");
        std::process::exit(2);
    }
    let balance = 2 * liars - players;
    let m = usize::try_from(werewolves).unwrap_or(0);
    let h = usize::try_from(players - werewolves).unwrap_or(0);
    let wolf_sets = multisets(m, largest, players);
    let human_sets = multisets(h, largest, players);
    let mut humans_by_sum: HashMap<i64, Vec<&Classes>> = HashMap::new();
    for humans in &human_sets {
        humans_by_sum.entry(sum(humans)).or_default().push(humans);
    }
    // Of each kind, how many, and the one with the most statements left
    // (the tamest of those).
    let mut kinds: [(&str, usize, Option<Best>); 3] =
        [ALONE, SHARED_OPEN, SHARED_RULED_OUT].map(|name| (name, 0, None));
    for wolves in &wolf_sets {
        let target = sum(wolves);
        let Some(candidates) = humans_by_sum.get(&(target - balance)) else {
            continue;
        };
        for &humans in candidates {
            let left = players - cost(wolves) - cost(humans);
            if left < 0 {
                continue;
            }
            let common: Vec<(i64, usize, usize)> = humans
                .iter()
                .filter_map(|&(weight, of_humans)| {
                    wolves
                        .iter()
                        .find(|&&(other, _)| other == weight)
                        .map(|&(_, of_wolves)| (weight, of_wolves, of_humans))
                })
                .collect();
            let kind = match common[..] {
                [] => 0,
                [(0, of_wolves, of_humans)] if left == 0 && (of_wolves == 1 || of_humans == 1) => {
                    if labels_allow_one_set(m, h, liars, of_wolves, of_humans) {
                        1
                    } else {
                        2
                    }
                }
                [(weight, of_wolves, 1)]
                    if left == 0 && of_wolves >= 5 && weight.unsigned_abs() < m as u64 =>
                {
                    let (always_true, always_false) = constant_claims(wolves, humans, weight);
                    let shared_class = i64::try_from(of_wolves + 1).unwrap_or(i64::MAX);
                    if one_human_allows_one_set(
                        werewolves,
                        weight,
                        shared_class,
                        always_true,
                        always_false,
                    ) {
                        1
                    } else {
                        2
                    }
                }
                [(_, 1, _) | (_, _, 1)] => 1,
                _ => continue,
            };
            if compositions(wolves, humans, m, target, players) != 1 {
                continue;
            }
            let (_, found, best) = &mut kinds[kind];
            *found += 1;
            let top = wolves
                .iter()
                .chain(humans)
                .map(|&(weight, _)| weight.abs())
                .max()
                .unwrap_or(0);
            if best
                .as_ref()
                .map_or(true, |&(most, tamest, _, _)| (left, -top) > (most, -tamest))
            {
                *best = Some((left, top, wolves.clone(), humans.clone()));
            }
        }
    }
    println!(
        "N = {players}, M = {werewolves}, L = {liars}, weights -{largest}..={largest}: \
         {} werewolf and {} human multisets",
        wolf_sets.len(),
        human_sets.len()
    );
    for (name, found, best) in kinds {
        print!("{name}: {found}");
        if let Some((left, _, wolves, humans)) = best {
            print!(
                "; the most statements left, {left}, with werewolves {wolves:?} and \
                 humans {humans:?} (as (weight, players))"
            );
        }
        println!();
    }
}

const ALONE: &str = "alone";
const SHARED_OPEN: &str = "shared, not ruled out";
const SHARED_RULED_OUT: &str = "shared, ruled out by counting";

/// Whether some choice of L liars leaves exactly one set with the counts
/// valid when the shared weight is 0 and no statement is left: then no
/// statement is about a player of the shared class C, so who lies is the
/// same in every set, and any L players can be the liars (the L false
/// claims are dealt to them). With F the other werewolves, the sets are F
/// and one player of C (one werewolf of it) or F and C less one (one
/// human). One werewolf: F with x is valid when F holds a liar and a
/// truthful player, so F must be all of one kind (all truthful, or all
/// liars) and exactly one x of C of the other. One human: F and C less y
/// is valid unless y is the only player of its kind in F and C, so at
/// most two sets are not valid, and with three or more in C, two valid
/// sets are left (one werewolf of two is both cases).
fn labels_allow_one_set(
    werewolves: usize,
    humans: usize,
    liars: i64,
    shared_werewolves: usize,
    shared_humans: usize,
) -> bool {
    if shared_werewolves != 1 && shared_werewolves + shared_humans > 2 {
        return false;
    }
    let fixed = i64::try_from(werewolves - shared_werewolves).unwrap_or(i64::MAX);
    let shared = i64::try_from(shared_werewolves + shared_humans).unwrap_or(i64::MAX);
    let outside = i64::try_from(humans - shared_humans).unwrap_or(i64::MAX);
    // F truthful, one liar of C (the werewolf x), the other liars outside;
    // or F liars, one truthful player of C, the other liars outside.
    (1..=1 + outside).contains(&liars)
        || (fixed + shared - 1..=fixed + shared - 1 + outside).contains(&liars)
}

/// Every multiset of `size` weights in `-largest..=largest` with
/// `sum |d| <= budget`, as classes in increasing weight.
fn multisets(size: usize, largest: i64, budget: i64) -> Vec<Classes> {
    let weights: Vec<i64> = (-largest..=largest).collect();
    let mut found = Vec::new();
    // A stack of (next weight index, players left, budget left, classes).
    let mut stack = vec![(0, size, budget, Classes::new())];
    while let Some((index, left, budget, classes)) = stack.pop() {
        let Some(&weight) = weights.get(index) else {
            if left == 0 {
                found.push(classes);
            }
            continue;
        };
        let most = match usize::try_from(budget / weight.abs().max(1)) {
            Ok(most) if weight != 0 => most.min(left),
            _ => left,
        };
        for count in 0..=most {
            let mut next = classes.clone();
            if count > 0 {
                next.push((weight, count));
            }
            let spent = weight.abs() * i64::try_from(count).unwrap_or(i64::MAX);
            stack.push((index + 1, left - count, budget - spent, next));
        }
    }
    found
}

/// With no statement left and one human in a shared class C of weight
/// `w != 0`, `|C| >= 6` and `|w| < M`: whether the statements can leave
/// exactly one set with the counts valid (`false` proves they cannot).
/// The sets are `S_y = U - {y}` for y in C, with U the M + 1 players of
/// the fixed class F and C, and every claim is one of the weights' (`|d|`
/// claims of d's sign about each player). A claim about a player outside
/// C has the same truth in every set; one about c in C flips in `S_c`
/// only. Call a player of U *base-true* if its claim is true in the sets
/// where its subject (if in C) is a werewolf, `P_y` the players of U
/// other than y speaking about y (at most `|w|`, and disjoint), B the
/// base-false players of U and A the base-true ones.
///
/// `S_y` is not valid when all of `U - {y}` are true in it (`B - {y}` in
/// `P_y`, no player of `A - {y}` in it) or all false (the other way). Of
/// the `|C| - 1 >= 5` sets that must not be valid, three are of one kind,
/// say all true; two of those, y1 and y2, give `B - {y1}` and `B - {y2}`
/// in disjoint sets, so B has at most two players, and then at most two
/// such y exist (with B = {b}, only b and one y with b in `P_y`; with B =
/// {b1, b2}, a y outside B takes both, and then b1 and b2 cannot take
/// each other): so B is empty. Every player of U speaks a base-true claim
/// then, and a set is all false only if all M players of `U - {y}` speak
/// about y, which `|w| < M` forbids; so exactly one y has `P_y` nonempty.
/// The players of U then speak a claim about no one of C but themselves
/// and that y: at most the `always_true` claims, one about each player of
/// C, and `|w| - 1` more about y, and those claims of C are base-true
/// only with `w < 0` ("werewolf" claims). With A empty, the same with the
/// `always_false` claims and `w > 0`.
fn one_human_allows_one_set(
    werewolves: i64,
    weight: i64,
    shared_class: i64,
    always_true: i64,
    always_false: i64,
) -> bool {
    let about_c = shared_class + weight.abs() - 1;
    let (true_room, false_room) = if weight < 0 {
        (always_true + about_c, always_false)
    } else {
        (always_true, always_false + about_c)
    };
    werewolves < true_room || werewolves < false_room
}

/// The claims about players outside the class of weight `shared` that are
/// true in every set (werewolf claims about the fixed werewolves, human
/// claims about the other humans) and false in every set.
fn constant_claims(wolves: &Classes, humans: &Classes, shared: i64) -> (i64, i64) {
    let (mut always_true, mut always_false) = (0, 0);
    for (classes, werewolf) in [(wolves, true), (humans, false)] {
        for &(weight, players) in classes.iter().filter(|&&(weight, _)| weight != shared) {
            let claims = weight.abs() * i64::try_from(players).unwrap_or(0);
            // A "werewolf" claim (weight < 0) is true about a werewolf.
            if (weight < 0) == werewolf {
                always_true += claims;
            } else {
                always_false += claims;
            }
        }
    }
    (always_true, always_false)
}

/// The weights' sum.
fn sum(classes: &Classes) -> i64 {
    classes
        .iter()
        .map(|&(weight, players)| weight * i64::try_from(players).unwrap_or(0))
        .sum()
}

/// The statements the weights take: `sum |d|`.
fn cost(classes: &Classes) -> i64 {
    classes
        .iter()
        .map(|&(weight, players)| weight.abs() * i64::try_from(players).unwrap_or(0))
        .sum()
}

/// How many counts of players of each weight (werewolves and humans of one
/// weight together) have `size` players and `target` as sum, up to 2.
fn compositions(wolves: &Classes, humans: &Classes, size: usize, target: i64, n: i64) -> u8 {
    let mut merged: HashMap<i64, usize> = HashMap::new();
    for &(weight, players) in wolves.iter().chain(humans) {
        *merged.entry(weight).or_default() += players;
    }
    // ways[k][s + n]: counts of k players with sum s; every sum of players
    // is within -n..=n, as `sum |d| <= n`.
    let width = usize::try_from(2 * n + 1).unwrap_or(0);
    let offset = usize::try_from(n).unwrap_or(0);
    let mut ways = vec![vec![0u8; width]; size + 1];
    ways[0][offset] = 1;
    for (&weight, &players) in &merged {
        let mut next = vec![vec![0u8; width]; size + 1];
        for (k, row) in ways.iter().enumerate() {
            for (s, &count) in row.iter().enumerate().filter(|&(_, &count)| count > 0) {
                for take in 0..=players.min(size - k) {
                    let moved = i64::try_from(take).unwrap_or(0) * weight;
                    let Some(cell) = usize::try_from(i64::try_from(s).unwrap_or(0) + moved)
                        .ok()
                        .and_then(|to| next[k + take].get_mut(to))
                    else {
                        continue;
                    };
                    *cell = (*cell + count).min(2);
                }
            }
        }
        ways = next;
    }
    usize::try_from(target + n)
        .ok()
        .and_then(|cell| ways[size].get(cell).copied())
        .unwrap_or(0)
}
