//! The grade of a puzzle: the reasoning a person needs to solve it, as the
//! puzzle sites grade theirs ([`grade`]). The generator of the page's
//! puzzles ([`generate`](super::generate)) is to offer its levels; this
//! module decides them for any game.
//!
//! ```
//! use werewolf::grade::{grade, Level};
//!
//! let game = werewolf::parse(&mut judge_io::Input::new(&b"5 2 2 -2 +3 -4 +5 +4"[..]))?;
//! let graded = grade(&game).expect("solved by the rules and case splits");
//! assert_eq!(graded.werewolves, [0, 3]);
//! assert_eq!(graded.level, Level::Hard);
//! # Ok::<(), judge_io::Error>(())
//! ```
//!
//! The solver of a person keeps each player's role as decided (werewolf or
//! human) or open, and applies three rules, each a consequence of the
//! puzzle's conditions, so that every valid set agrees with every role it
//! decides (the rules are *sound*). A statement's truth depends only on the
//! role of the player it is about, so a decided player settles every
//! statement about them.
//!
//! 1. **Counting werewolves.** With all M werewolves decided, the open
//!    players are humans; with as many open players as werewolves still
//!    missing, they are werewolves.
//! 2. **Counting false statements.** Let k werewolves still be missing
//!    among the open players U. An open player j adds `h_j` false
//!    statements as a werewolf (the "human" claims about them) and `w_j` as
//!    a human, so the false statements are those already settled, plus
//!    `sum over U of w_j`, plus `d_j = h_j - w_j` for each open player made
//!    a werewolf: the k werewolves' `d` must add up to a target T. Among
//!    the k-sets of U that contain j, the smallest sum of `d` takes the
//!    k - 1 smallest of the others, the largest the k - 1 largest; when T
//!    is outside that range no valid set makes j a werewolf, so j is a
//!    human. The same with the k-sets that leave j out makes j a werewolf.
//!    (Every sum between the bounds need not be reachable: the rule only
//!    uses the bounds, which a person can check by sorting.)
//! 3. **A lying and a truthful werewolf.** Some werewolf lies: when no
//!    decided werewolf's statement is already false and only one player
//!    can still be a lying werewolf (not decided human, and their
//!    statement not decided true), that player is a werewolf and the player
//!    they speak about has the role that makes the statement false. The
//!    same for a truthful werewolf.
//!
//! A rule that finds no role possible is a *contradiction*. **Easy**: the
//! rules alone, applied until none decides anything, decide every player.
//! **Hard**: they stall, and a *case split* is needed: suppose an open
//! player has one role, apply the rules until they stall or contradict; a
//! contradiction proves the other role (one level deep: no split inside a
//! split). Splits are tried from player 1 up, "werewolf" before "human",
//! and the first that contradicts is taken; then the rules again. A puzzle
//! that stalls with no split left is not graded (`None`), and neither is
//! one whose decided roles are not a valid set. So a graded puzzle has
//! exactly one valid set: every valid set has every decided role (the
//! rules and the splits are sound), and the decided roles are valid.
//!
//! Cost: one pass of the rules is `O(N log N)` (a sort for rule 2) and
//! decides at least one player, so the rules run in `O(N^2 log N)`; a split
//! search tries at most `2N` suppositions, and there are at most N splits:
//! `O(N^4 log N)` at worst, far less in practice (a supposition contradicts
//! in a few passes).

use super::{is_valid, Game};

/// The level of a puzzle: the reasoning its solution needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// The rules alone solve it.
    Easy,
    /// It needs at least one case split.
    Hard,
}

impl Level {
    /// `easy` or `hard`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Hard => "hard",
        }
    }

    /// The level named `easy` or `hard`.
    pub fn parse(word: &str) -> Option<Level> {
        match word {
            "easy" => Some(Level::Easy),
            "hard" => Some(Level::Hard),
            _ => None,
        }
    }
}

/// One step of the solution, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deduction {
    /// What is decided and why, players counted from 1.
    pub sentence: String,
    /// Whether the step is a case split (a supposition refuted).
    pub case_split: bool,
}

/// A puzzle's grade: its level, the steps that solve it, and its answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grade {
    /// [`Level::Hard`] when some step is a case split.
    pub level: Level,
    /// The deductions in the order made.
    pub steps: Vec<Deduction>,
    /// The werewolves, counted from 0, ascending.
    pub werewolves: Vec<usize>,
}

/// The grade of `game` (see the module docs), or `None` when the rules and
/// one-level case splits do not solve it, or it has no valid set.
pub fn grade(game: &Game) -> Option<Grade> {
    let mut roles = Roles::new(game);
    let mut steps = Vec::new();
    let mut hard = false;
    loop {
        roles.settle(Some(&mut steps)).ok()?;
        if roles.open() == 0 {
            break;
        }
        let (player, supposed, reason) = roles.split()?;
        steps.push(Deduction {
            sentence: format!(
                "Suppose player {} is {}: then {reason}. So player {} is {}.",
                player + 1,
                role_name(supposed),
                player + 1,
                role_name(!supposed)
            ),
            case_split: true,
        });
        roles.decide(player, !supposed).ok()?;
        hard = true;
    }
    let flags: Vec<bool> = roles.role.iter().map(|role| *role == Some(true)).collect();
    if !is_valid(game, &flags) {
        return None;
    }
    Some(Grade {
        level: if hard { Level::Hard } else { Level::Easy },
        steps,
        werewolves: (0..flags.len()).filter(|&p| flags[p]).collect(),
    })
}

/// `a werewolf` or `a human`.
fn role_name(werewolf: bool) -> &'static str {
    if werewolf {
        "a werewolf"
    } else {
        "a human"
    }
}

/// The roles decided so far, and the statements about each player.
#[derive(Clone)]
struct Roles<'a> {
    game: &'a Game,
    /// `Some(true)`: a werewolf, `Some(false)`: a human, `None`: open.
    role: Vec<Option<bool>>,
    /// `human_claims[j]`, `wolf_claims[j]`: the claims about j.
    human_claims: Vec<i64>,
    wolf_claims: Vec<i64>,
}

/// Why the rules found no role possible.
type Contradiction = String;

impl<'a> Roles<'a> {
    fn new(game: &'a Game) -> Roles<'a> {
        let players = game.statements.len();
        let mut human_claims = vec![0; players];
        let mut wolf_claims = vec![0; players];
        for statement in &game.statements {
            if statement.claims_werewolf {
                wolf_claims[statement.about] += 1;
            } else {
                human_claims[statement.about] += 1;
            }
        }
        Roles {
            game,
            role: vec![None; players],
            human_claims,
            wolf_claims,
        }
    }

    fn open(&self) -> usize {
        self.role.iter().filter(|role| role.is_none()).count()
    }

    /// Decides one player, or finds it decided the other way.
    fn decide(&mut self, player: usize, werewolf: bool) -> Result<bool, Contradiction> {
        match self.role[player] {
            Some(role) if role == werewolf => Ok(false),
            Some(_) => Err(format!(
                "player {} would be both a werewolf and a human",
                player + 1
            )),
            None => {
                self.role[player] = Some(werewolf);
                Ok(true)
            }
        }
    }

    /// Applies the rules until none decides anything, writing a step for
    /// each application when asked to.
    fn settle(&mut self, mut steps: Option<&mut Vec<Deduction>>) -> Result<(), Contradiction> {
        loop {
            let sentence = match self.count_werewolves()? {
                Some(sentence) => sentence,
                None => match self.count_liars()? {
                    Some(sentence) => sentence,
                    None => match self.witnesses()? {
                        Some(sentence) => sentence,
                        None => return Ok(()),
                    },
                },
            };
            if let Some(steps) = steps.as_deref_mut() {
                steps.push(Deduction {
                    sentence,
                    case_split: false,
                });
            }
        }
    }

    /// Rule 1.
    fn count_werewolves(&mut self) -> Result<Option<String>, Contradiction> {
        let wolves = self.role.iter().filter(|role| **role == Some(true)).count();
        let open: Vec<usize> = (0..self.role.len())
            .filter(|&p| self.role[p].is_none())
            .collect();
        let m = self.game.werewolves;
        if wolves > m {
            return Err(format!(
                "{wolves} players are werewolves, more than M = {m}"
            ));
        }
        if wolves + open.len() < m {
            return Err(format!(
                "at most {} players can be werewolves, fewer than M = {m}",
                wolves + open.len()
            ));
        }
        if open.is_empty() {
            return Ok(None);
        }
        let werewolf = wolves + open.len() == m;
        if wolves < m && !werewolf {
            return Ok(None);
        }
        for &player in &open {
            self.decide(player, werewolf)?;
        }
        let missing = m - wolves;
        Ok(Some(if werewolf {
            format!(
                "{} {} still missing and only {} {} open, so {}.",
                werewolves_word(missing),
                if missing == 1 { "is" } else { "are" },
                players(&open),
                if open.len() == 1 { "is" } else { "are" },
                conclusion(&open, &[])
            )
        } else {
            format!(
                "All M = {m} werewolves are found, so {}.",
                conclusion(&[], &open)
            )
        }))
    }

    /// Rule 2.
    fn count_liars(&mut self) -> Result<Option<String>, Contradiction> {
        let game = self.game;
        let settled = game
            .statements
            .iter()
            .filter(|s| self.role[s.about].map_or(false, |wolf| wolf != s.claims_werewolf))
            .count();
        let open: Vec<usize> = (0..self.role.len())
            .filter(|&p| self.role[p].is_none())
            .collect();
        if open.is_empty() {
            return Ok(None);
        }
        let wolves = self.role.iter().filter(|role| **role == Some(true)).count();
        let missing = game.werewolves - wolves;
        let base: i64 = open.iter().map(|&p| self.wolf_claims[p]).sum();
        let target = to_i64(game.liars) - to_i64(settled) - base;
        let weight = |p: usize| self.human_claims[p] - self.wolf_claims[p];
        let mut sorted: Vec<(i64, usize)> = open.iter().map(|&p| (weight(p), p)).collect();
        sorted.sort_unstable();
        let mut prefix = vec![0i64];
        for &(d, _) in &sorted {
            prefix.push(prefix[prefix.len() - 1] + d);
        }
        let total = prefix[sorted.len()];
        let size = sorted.len();
        // The smallest and largest sums of `count` of the open players
        // without the one at sorted position `skip` (or without none).
        let smallest = |count: usize, skip: Option<usize>| match skip {
            Some(at) if at < count => prefix[count + 1] - sorted[at].0,
            _ => prefix[count],
        };
        let largest = |count: usize, skip: Option<usize>| match skip {
            Some(at) if at >= size - count => total - prefix[size - count - 1] - sorted[at].0,
            _ => total - prefix[size - count],
        };
        if target < smallest(missing, None) || target > largest(missing, None) {
            return Err(format!(
                "the false statements cannot be exactly L = {}",
                game.liars
            ));
        }
        let mut wolves_found: Vec<usize> = Vec::new();
        let mut humans_found = Vec::new();
        for (at, &(d, player)) in sorted.iter().enumerate() {
            let as_wolf = missing >= 1
                && (smallest(missing - 1, Some(at)) + d..=largest(missing - 1, Some(at)) + d)
                    .contains(&target);
            let as_human = missing < size
                && (smallest(missing, Some(at))..=largest(missing, Some(at))).contains(&target);
            match (as_wolf, as_human) {
                (true, true) => {}
                (true, false) => wolves_found.push(player),
                (false, true) => humans_found.push(player),
                (false, false) => {
                    return Err(format!(
                        "player {} can be neither a werewolf nor a human",
                        player + 1
                    ))
                }
            }
        }
        if wolves_found.is_empty() && humans_found.is_empty() {
            return Ok(None);
        }
        wolves_found.sort_unstable();
        humans_found.sort_unstable();
        for &player in &wolves_found {
            self.decide(player, true)?;
        }
        for &player in &humans_found {
            self.decide(player, false)?;
        }
        let needed = to_i64(game.liars) - to_i64(settled);
        let mut sentence = format!(
            "Counting false statements: {settled} {} settled, {} {} still missing, and the open \
             players must make exactly {needed} more; ",
            if settled == 1 { "is" } else { "are" },
            werewolves_word(missing),
            if missing == 1 { "is" } else { "are" },
        );
        let any = |list: &[usize]| {
            if list.len() == 1 {
                players(list)
            } else {
                format!("any one of {}", players(list))
            }
        };
        let mut parts = Vec::new();
        if !wolves_found.is_empty() {
            parts.push(format!(
                "without {} as a werewolf no choice of the rest makes that",
                any(&wolves_found)
            ));
        }
        if !humans_found.is_empty() {
            parts.push(format!(
                "with {} as a werewolf no choice of the rest makes that",
                any(&humans_found)
            ));
        }
        sentence.push_str(&parts.join(", and "));
        sentence.push_str(&format!(
            ". So {}.",
            conclusion(&wolves_found, &humans_found)
        ));
        Ok(Some(sentence))
    }

    /// Rule 3.
    fn witnesses(&mut self) -> Result<Option<String>, Contradiction> {
        for lying in [true, false] {
            let (kind, can) = if lying {
                ("lies", "lie")
            } else {
                ("tells the truth", "tell the truth")
            };
            // A speaker who is a werewolf with the statement false (lying)
            // or true: whether it is certain, or still possible.
            let mut certain = false;
            let mut possible = Vec::new();
            for (speaker, statement) in self.game.statements.iter().enumerate() {
                if self.role[speaker] == Some(false) {
                    continue;
                }
                // The role of the player spoken about that gives the wanted
                // truth: a lie calls a werewolf a human, or a human a werewolf.
                let needed = statement.claims_werewolf != lying;
                let about = if statement.about == speaker {
                    Some(true)
                } else {
                    self.role[statement.about]
                };
                match about {
                    Some(role) if role != needed => {}
                    Some(_) if self.role[speaker] == Some(true) => certain = true,
                    _ => possible.push(speaker),
                }
            }
            if certain {
                continue;
            }
            match possible[..] {
                [] => return Err(format!("no werewolf can {can}")),
                [speaker] => {
                    let statement = self.game.statements[speaker];
                    let needed = statement.claims_werewolf != lying;
                    let mut decided = Vec::new();
                    if self.decide(speaker, true)? {
                        decided.push((speaker, true));
                    }
                    if self.decide(statement.about, needed)? {
                        decided.push((statement.about, needed));
                    }
                    if decided.is_empty() {
                        continue;
                    }
                    let wolves: Vec<usize> = decided.iter().filter(|d| d.1).map(|d| d.0).collect();
                    let humans: Vec<usize> = decided.iter().filter(|d| !d.1).map(|d| d.0).collect();
                    return Ok(Some(format!(
                        "Some werewolf {kind}, and only player {} still can (player {} must be a \
                         werewolf and player {}'s statement {}). So {}.",
                        speaker + 1,
                        speaker + 1,
                        speaker + 1,
                        if lying { "false" } else { "true" },
                        conclusion(&wolves, &humans)
                    )));
                }
                _ => {}
            }
        }
        Ok(None)
    }

    /// The first supposition, from player 1 up and "werewolf" first, that
    /// the rules contradict: (player, the role supposed, why).
    fn split(&self) -> Option<(usize, bool, Contradiction)> {
        for player in 0..self.role.len() {
            if self.role[player].is_some() {
                continue;
            }
            for supposed in [true, false] {
                let mut trial = self.clone();
                let refuted = trial
                    .decide(player, supposed)
                    .and_then(|_| trial.settle(None));
                if let Err(reason) = refuted {
                    return Some((player, supposed, reason));
                }
            }
        }
        None
    }
}

/// `player 3`, `players 2 and 5`, `players 1, 4 and 6`.
fn players(list: &[usize]) -> String {
    let names: Vec<String> = list.iter().map(|p| (p + 1).to_string()).collect();
    match names.len() {
        0 => String::from("nobody"),
        1 => format!("player {}", names[0]),
        n => format!("players {} and {}", names[..n - 1].join(", "), names[n - 1]),
    }
}

/// `1 werewolf`, `3 werewolves`.
fn werewolves_word(count: usize) -> String {
    if count == 1 {
        String::from("1 werewolf")
    } else {
        format!("{count} werewolves")
    }
}

/// `player 3 is a werewolf and players 2 and 5 are humans`.
fn conclusion(wolves: &[usize], humans: &[usize]) -> String {
    let part = |list: &[usize], one: &str, many: &str| {
        format!(
            "{} {}",
            players(list),
            if list.len() == 1 { one } else { many }
        )
    };
    let mut parts = Vec::new();
    if !wolves.is_empty() {
        parts.push(part(wolves, "is a werewolf", "are werewolves"));
    }
    if !humans.is_empty() {
        parts.push(part(humans, "is a human", "are humans"));
    }
    parts.join(" and ")
}

/// `value` as an i64 (a count of players, far below its limit).
pub(crate) fn to_i64(value: usize) -> i64 {
    i64::try_from(value).unwrap_or(i64::MAX)
}

#[cfg(test)]
mod tests {
    use judge_io::rng::SplitMix64;

    use super::*;
    use crate::generate::tests::{brute_force, decode};
    use crate::Statement;

    /// Checks one game: whatever the rules and the first split decide
    /// agrees with every valid set, and a grade is the one valid set, its
    /// level the case splits it took. Returns the grade's level.
    fn check(game: &Game) -> Option<Level> {
        let valid = brute_force(game);
        if !valid.is_empty() {
            let mut roles = Roles::new(game);
            if roles.settle(None).is_ok() {
                for set in &valid {
                    for (player, role) in roles.role.iter().enumerate() {
                        assert!(role.map_or(true, |wolf| wolf == set[player]), "{game:?}");
                    }
                }
                if let Some((player, supposed, _)) = roles.split() {
                    assert!(valid.iter().all(|set| set[player] != supposed), "{game:?}");
                }
            }
        }
        let graded = grade(game)?;
        assert_eq!(valid.len(), 1, "{game:?}");
        let wolves: Vec<usize> = (0..valid[0].len()).filter(|&p| valid[0][p]).collect();
        assert_eq!(graded.werewolves, wolves, "{game:?}");
        let splits = graded.steps.iter().any(|step| step.case_split);
        assert_eq!(splits, graded.level == Level::Hard, "{game:?}");
        Some(graded.level)
    }

    #[test]
    fn every_game_up_to_four_players_is_graded_soundly() {
        let mut levels = [0usize; 2];
        for players in 1..=4usize {
            for code in 0..(2 * players).pow(u32::try_from(players).unwrap()) {
                let statements = decode(players, code);
                for werewolves in 0..=players {
                    for liars in 0..=players {
                        let game = Game {
                            werewolves,
                            liars,
                            statements: statements.clone(),
                        };
                        if let Some(level) = check(&game) {
                            levels[usize::from(level == Level::Hard)] += 1;
                        }
                    }
                }
            }
        }
        assert!(levels[0] > 100 && levels[1] > 100, "{levels:?}");
    }

    #[test]
    fn random_games_up_to_nine_players_are_graded_soundly() {
        let mut random = SplitMix64::new(63);
        let mut levels = [0usize; 2];
        for _ in 0..20_000 {
            let players = 5 + random.index(5);
            let game = Game {
                werewolves: 2 + random.index(players - 2),
                liars: 1 + random.index(players - 1),
                statements: (0..players)
                    .map(|_| Statement {
                        about: random.index(players),
                        claims_werewolf: random.index(2) == 1,
                    })
                    .collect(),
            };
            if let Some(level) = check(&game) {
                levels[usize::from(level == Level::Hard)] += 1;
            }
        }
        assert!(levels[0] > 100 && levels[1] > 100, "{levels:?}");
    }

    /// The first sample, checked by hand: with players 1 and 3 decided,
    /// only player 4 as the second werewolf makes exactly two statements
    /// false (player 2 makes one, player 5 three).
    #[test]
    fn the_steps_say_why() {
        let game = crate::parse(&mut judge_io::Input::new(&b"5 2 2 -2 +3 -4 +5 +4"[..])).unwrap();
        let graded = grade(&game).unwrap();
        let sentences: Vec<&str> = graded.steps.iter().map(|s| s.sentence.as_str()).collect();
        assert_eq!(
            sentences,
            [
                "Suppose player 3 is a werewolf: then no werewolf can tell the truth. So player 3 \
                 is a human.",
                "Suppose player 1 is a human: then no werewolf can lie. So player 1 is a werewolf.",
                "Counting false statements: 0 are settled, 1 werewolf is still missing, and the \
                 open players must make exactly 2 more; with any one of players 2 and 5 as a \
                 werewolf no choice of the rest makes that. So players 2 and 5 are humans.",
                "1 werewolf is still missing and only player 4 is open, so player 4 is a werewolf.",
            ]
        );
    }

    #[test]
    fn levels_are_named() {
        for level in [Level::Easy, Level::Hard] {
            assert_eq!(Level::parse(level.name()), Some(level));
        }
        assert_eq!(Level::parse("medium"), None);
    }
}
