//! Puzzles with exactly one answer, from a seed (the web page's "New
//! puzzle").
//!
//! Deterministic from the seed: [`judge_io::rng::SplitMix64`], drawing an
//! index below n as the high half of the 64 x 64-bit product with no
//! rejection ([`SplitMix64::index_without_rejection`]), so every seed draws
//! the same numbers on every machine, and the same puzzle it always drew
//! (`judge_io::rng` says why the page keeps that method rather than
//! Lemire's). A *draw* plants an answer and builds statements around it: M
//! werewolves (a partial Fisher-Yates shuffle), a lying one and a truthful
//! one among them and L - 1 more liars among the other N - 2 players, then
//! for each player a player to speak about (uniform) and the claim that
//! makes the statement false exactly for the liars. So the planted set is
//! always valid; the count ([`count`]) says whether it is the only valid
//! set. When it is not, the draw *climbs*: one statement at a time is
//! redrawn (same speaker's truth, so the planted set stays valid) and kept
//! when the number of valid sets does not grow, up to [`CLIMB_STEPS`]
//! redraws; then a new draw, up to [`MAX_DRAWS`]. A puzzle is returned only
//! when the count proves exactly one answer; otherwise the request is
//! refused, naming N, M, L and the seed.
//!
//! With N = 2M = 2L no puzzle has exactly one answer, and the request is
//! refused at once, with the reason (rather than after every draw): the
//! other players of a valid set S are a valid set too. They are N - M = M;
//! every statement's truth flips, so N - L = L are false; and with a lying
//! and b truthful werewolves in S (a, b >= 1, a + b = M), the humans of S
//! hold the other L - a = b lies and M - b = a truths, so the new
//! werewolves lie b times and tell the truth a times.
//!
//! This is not the family of the bench generator (`examples/werewolf-gen.rs`,
//! `planted`: random statements and L the liar count of a random set, with
//! no witness pair planted and no climb), which only has to make an answer
//! likely, at any size; they share the judge-input writer
//! ([`judge_input`](super::describe::judge_input)).
//!
//! ```
//! let puzzle = werewolf::generate::generate(8, 2, 3, 42)?;
//! assert_eq!(puzzle.game.statements.len(), 8);
//! assert_eq!(werewolf::count::count(&puzzle.game, 2)?.valid, 1);
//! # Ok::<(), judge_io::Error>(())
//! ```

use judge_io::rng::SplitMix64;
use judge_io::Error;

use super::count::count;
use super::{Game, Statement};

/// The most draws the generator makes before it gives up.
pub const MAX_DRAWS: u32 = 200;

/// The most statements one draw redraws while it climbs toward one answer.
pub const CLIMB_STEPS: u32 = 200;

/// A generated puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle: exactly one valid set.
    pub game: Game,
    /// The draws it took, from 1 to [`MAX_DRAWS`].
    pub draws: u32,
}

/// A puzzle of N players, M werewolves and L liars with exactly one valid
/// set, from `seed` (see the module docs), and the number of draws it took.
///
/// # Errors
///
/// M or L outside what a puzzle allows (it needs `2 <= M < N` and
/// `1 <= L < N`, so N >= 3), N = 2M = 2L (no puzzle has one answer: see
/// the module docs), a count refused (far past the page's sizes),
/// or no puzzle found within [`MAX_DRAWS`] draws of [`CLIMB_STEPS`]
/// redraws.
///
/// # Complexity
///
/// At most [`MAX_DRAWS`] x ([`CLIMB_STEPS`] + 1) counts ([`count`]).
pub fn generate(
    players: usize,
    werewolves: usize,
    liars: usize,
    seed: u64,
) -> Result<Generated, Error> {
    if players < 3 || werewolves < 2 || werewolves >= players || liars < 1 || liars >= players {
        return Err(Error::input(format!(
            "no puzzle has N = {players}, M = {werewolves}, L = {liars}: it needs \
             2 <= M < N and 1 <= L < N (a lying and a truthful werewolf)"
        )));
    }
    if players == 2 * werewolves && werewolves == liars {
        return Err(Error::input(format!(
            "no puzzle with exactly one answer has N = {players}, M = {werewolves}, \
             L = {liars}: with N = 2M = 2L the other players of a valid set are a valid set too"
        )));
    }
    let mut random = SplitMix64::new(seed);
    let valid = |game: &Game| count(game, CLIMB_CAP).map(|count| count.valid);
    for draw in 1..=MAX_DRAWS {
        // The planted werewolves: the first M of a partial shuffle.
        let mut order: Vec<usize> = (0..players).collect();
        for index in 0..werewolves {
            let pick = index + random.index_without_rejection(players - index);
            order.swap(index, pick);
        }
        let mut wolf = vec![false; players];
        for &player in &order[..werewolves] {
            wolf[player] = true;
        }
        // A lying werewolf (order[0]), a truthful one (order[1]), and L - 1
        // more liars among the other players.
        let mut rest: Vec<usize> = order[2..].to_vec();
        let mut lies = vec![false; players];
        lies[order[0]] = true;
        for index in 0..liars - 1 {
            let pick = index + random.index_without_rejection(rest.len() - index);
            rest.swap(index, pick);
            lies[rest[index]] = true;
        }
        let statement = |speaker: usize, about: usize| Statement {
            about,
            // False exactly for the liars: a liar calls a werewolf a human.
            claims_werewolf: wolf[about] != lies[speaker],
        };
        let mut game = Game {
            werewolves,
            liars,
            statements: (0..players)
                .map(|speaker| statement(speaker, random.index_without_rejection(players)))
                .collect(),
        };
        let mut answers = valid(&game)?;
        for _ in 0..CLIMB_STEPS {
            if answers == 1 {
                break;
            }
            let speaker = random.index_without_rejection(players);
            let before = game.statements[speaker];
            game.statements[speaker] = statement(speaker, random.index_without_rejection(players));
            let now = valid(&game)?;
            if now <= answers {
                answers = now;
            } else {
                game.statements[speaker] = before;
            }
        }
        if answers == 1 {
            return Ok(Generated { game, draws: draw });
        }
    }
    Err(Error::input(format!(
        "no puzzle with exactly one answer was found for N = {players}, M = {werewolves}, \
         L = {liars} and seed {seed} in {MAX_DRAWS} draws: try another seed, or other numbers"
    )))
}

/// The climb compares counts up to this: enough to tell a better draw
/// from a worse one while far from one answer, and capped counts cost no
/// less (the cap only bounds the figures).
const CLIMB_CAP: u64 = 1 << 20;

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Every valid set by the definition, each as one flag per player:
    /// obviously right, and never the crate's solver or count (the
    /// `marking` tests use it too).
    pub(crate) fn brute_force(game: &Game) -> Vec<Vec<bool>> {
        let players = game.statements.len();
        let mut found = Vec::new();
        for mask in 0u64..1 << players {
            let wolf: Vec<bool> = (0..players).map(|p| mask >> p & 1 == 1).collect();
            let lies: Vec<bool> = game
                .statements
                .iter()
                .map(|s| wolf[s.about] != s.claims_werewolf)
                .collect();
            let wolves = wolf.iter().filter(|&&w| w).count();
            let liars = lies.iter().filter(|&&l| l).count();
            let lying = (0..players).any(|p| wolf[p] && lies[p]);
            let truthful = (0..players).any(|p| wolf[p] && !lies[p]);
            if wolves == game.werewolves && liars == game.liars && lying && truthful {
                found.push(wolf);
            }
        }
        found
    }

    /// Game number `code` of all `(2N)^N` statement lists of N players
    /// (the `grade` tests use it too).
    pub(crate) fn decode(players: usize, mut code: usize) -> Vec<Statement> {
        let choices = 2 * players;
        (0..players)
            .map(|_| {
                let choice = code % choices;
                code /= choices;
                Statement {
                    about: choice / 2,
                    claims_werewolf: choice % 2 == 1,
                }
            })
            .collect()
    }

    #[test]
    fn generated_puzzles_have_exactly_one_answer_by_brute_force() {
        let mut puzzles = 0;
        for players in 5..=14 {
            for werewolves in [2, players / 4, players / 3]
                .into_iter()
                .filter(|&m| m >= 2)
            {
                for liars in [1, 2, players / 3, players / 2, players - 1] {
                    for seed in [1, 42, u64::MAX] {
                        match generate(players, werewolves, liars, seed) {
                            Ok(puzzle) => {
                                let game = &puzzle.game;
                                assert_eq!(brute_force(game).len(), 1, "{game:?}");
                                assert_eq!(
                                    (game.statements.len(), game.werewolves, game.liars),
                                    (players, werewolves, liars)
                                );
                                assert!((1..=MAX_DRAWS).contains(&puzzle.draws));
                                puzzles += 1;
                            }
                            Err(error) => assert!(
                                error
                                    .to_string()
                                    .contains("no puzzle with exactly one answer"),
                                "{error}"
                            ),
                        }
                    }
                }
            }
        }
        assert!(puzzles > 300, "only {puzzles} puzzles");
    }

    /// The page's presets (`crates/web/site/werewolf.html`; the `marking`
    /// tests use them too).
    pub(crate) const PRESETS: [(usize, usize, usize); 6] = [
        (5, 2, 2),
        (8, 2, 3),
        (10, 3, 4),
        (12, 3, 4),
        (14, 4, 5),
        (16, 4, 6),
    ];

    #[test]
    fn the_presets_are_generated() {
        for (n, m, l) in PRESETS {
            for seed in 0..20 {
                let puzzle = generate(n, m, l, seed).unwrap();
                assert_eq!(brute_force(&puzzle.game).len(), 1);
            }
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_puzzle_and_another_seed_another() {
        let first = generate(8, 2, 3, 42).unwrap();
        assert_eq!(generate(8, 2, 3, 42).unwrap(), first);
        assert_ne!(generate(8, 2, 3, 43).unwrap().game, first.game);
    }

    /// Puzzles the page drew before the generator moved here (its own
    /// SplitMix64 then), as the judge input and the draws they took: a
    /// seed keeps its puzzle.
    #[test]
    fn seeds_draw_the_puzzles_they_always_drew() {
        let pinned: [(usize, usize, usize, u64, u32, &str); 4] = [
            (8, 2, 3, 42, 1, "8 2 3\n-3\n-3\n+2\n-2\n-5\n+3\n-6\n+1\n"),
            (
                16,
                4,
                6,
                7,
                3,
                "16 4 6\n-2\n-16\n-13\n-8\n-5\n-12\n-5\n-14\n-12\n-10\n+13\n+2\n-13\n+8\n-2\n-10\n",
            ),
            (
                14,
                4,
                5,
                u64::MAX,
                1,
                "14 4 5\n+12\n-11\n+2\n-9\n-1\n+9\n-5\n+10\n-13\n-8\n-2\n+11\n-12\n-10\n",
            ),
            (
                11,
                6,
                4,
                13_244_070_635_473_884_074,
                27,
                "11 6 4\n+11\n-1\n+11\n+11\n+11\n-4\n+11\n+11\n-3\n-6\n+11\n",
            ),
        ];
        for (n, m, l, seed, draws, input) in pinned {
            let puzzle = generate(n, m, l, seed).unwrap();
            assert_eq!(puzzle.draws, draws, "seed {seed}");
            assert_eq!(
                crate::describe::judge_input(&puzzle.game),
                input,
                "seed {seed}"
            );
        }
    }

    #[test]
    fn a_puzzle_needs_a_lying_and_a_truthful_werewolf() {
        for (n, m, l) in [(2, 2, 1), (8, 1, 3), (8, 8, 3), (8, 2, 0), (8, 2, 8)] {
            let error = generate(n, m, l, 5).unwrap_err().to_string();
            assert!(
                error.starts_with(&format!("no puzzle has N = {n}, M = {m}, L = {l}: ")),
                "{error}"
            );
        }
    }

    /// N = 2M = 2L: refused at once, and indeed no game of those numbers
    /// has one answer (by brute force: every game with N = 4, and 50,000
    /// seeded random ones with N = 6 and N = 8).
    #[test]
    fn no_puzzle_has_one_answer_when_n_is_2m_and_2l() {
        for n in [4, 6, 8, 40] {
            let error = generate(n, n / 2, n / 2, 1).unwrap_err().to_string();
            assert!(
                error.starts_with("no puzzle with exactly one answer has"),
                "{error}"
            );
        }
        let mut random = SplitMix64::new(2);
        let mut games: Vec<Vec<Statement>> =
            (0..8usize.pow(4)).map(|code| decode(4, code)).collect();
        for round in 0..50_000 {
            let n = 6 + 2 * (round % 2);
            games.push(decode(
                n,
                random.index((2 * n).pow(u32::try_from(n).unwrap())),
            ));
        }
        for statements in games {
            let n = statements.len();
            let game = Game {
                werewolves: n / 2,
                liars: n / 2,
                statements,
            };
            assert_ne!(brute_force(&game).len(), 1, "{game:?}");
        }
    }
}
