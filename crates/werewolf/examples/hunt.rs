//! An adversarial search for slow games: hill climbing with restarts over
//! the statements, M and L.
//!
//! ```text
//! hunt N SECONDS SEED OUTDIR   search for SECONDS, write the slowest games
//! hunt replay RECIPE           print the game a recipe names
//! ```
//!
//! **The search.** A climb starts from a game of one of the start families
//! below (in turn, each with a fresh seed), makes one random change at a
//! time (one to three statements, or M, or L, by a little or anywhere) and
//! keeps it when the game costs at least as much as before (ties too, so it
//! can cross plateaus). After `PATIENCE` changes without a new high for the
//! climb it restarts from the next family. The slowest games met (the
//! `KEEP` costliest of distinct climbs) are written to OUTDIR as recipes,
//! `hunt-N-SEED-RANK.recipe`, and progress goes to standard error.
//!
//! **The cost.** The solver's words of table written (the library's `cost`
//! feature, a counter in the table update, see
//! `werewolf::table_words_written`), not wall time: the machine this runs
//! on is shared by several jobs, so times of one game vary by a factor of
//! two from run to run, where the count is the same on every run. The table
//! updates are where the solver's time goes on every slow game known (each
//! is `O(M N / 64)` words against `O(1)` to `O(N)` for the rest of the
//! work), so the costliest games are the slowest; the benchmark then times
//! the games found as whole processes.
//!
//! **Recipes.** A recipe is the start family, N and seed, then every change
//! the climb kept, one a line (`m M`, `l L`, `s SPEAKER ABOUT SIGN`, players
//! from 1): a few hundred bytes that `hunt replay` turns back into the game,
//! so the benchmark regenerates the searched games without a search and
//! without committing large inputs.
//!
//! The start families (the benchmark's, and the shapes the issue names):
//! `random` (planted L), `random-any` (M and L anywhere), `pool` (about 3
//! players), `self` (half speak about themselves), `neighbour` (player i
//! about i + 1, random signs, M = the "werewolf" claims, L = 2), `pairs`
//! (players 2k - 1 and 2k about each other, the same counts),
//! `pairs-forced` (the issue's slow game built directly: pairs whose two
//! statements are never both "werewolf", M = the "werewolf" claims less 2,
//! L = 2, so the counts leave out exactly two players of weight -1, whose
//! accusers are never werewolves: no answer among C(M + 2, 2) sets with the
//! right counts), `chain` (the
//! benchmark's chain, K = 10), `top-half` and `top-tenth` (top half or top
//! 9/10 trust player 1), `bottom-half` (only answer N/2..1),
//! `all-trust-1` (all say 1 is a human), `pointers` (players 1 to 4 speak
//! about random players, "werewolf", "human", "werewolf", "human", every
//! other player says "I am a human"; M = N/2, L = N/2 + 2: a few players can be the truthful witness,
//! and their subjects split the tops into a few runs of different look-ups).
#![allow(clippy::print_stdout, clippy::print_stderr, clippy::unwrap_used)]
// A tool run on the current toolchain: the 1.63 floor is for the judge code only.
#![allow(clippy::incompatible_msrv)]

use std::fmt::Write as _;
use std::time::Instant;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use werewolf::{solve, table_words_written, Game, Statement, Verdict};

/// Changes without a new high before a climb restarts, times N (120 at
/// N = 300, 36 at N = 1000: a game of 1000 costs about ten of 300).
const PATIENCE_TIMES_N: usize = 36_000;
/// Games kept (the costliest climbs).
const KEEP: usize = 5;

const FAMILIES: [&str; 14] = [
    "pairs-forced",
    "neighbour",
    "pairs",
    "random",
    "top-half",
    "chain",
    "random-any",
    "top-tenth",
    "pool",
    "self",
    "all-trust-1",
    "bottom-half",
    "neighbour-any",
    "pointers",
];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["replay", path] => {
            let recipe = std::fs::read_to_string(path).unwrap();
            print!("{}", to_input(&replay(&recipe)));
        }
        [players, seconds, seed, out] => hunt(
            players.parse().unwrap(),
            seconds.parse().unwrap(),
            seed.parse().unwrap(),
            out,
        ),
        _ => {
            eprintln!("usage: hunt N SECONDS SEED OUTDIR | hunt replay RECIPE");
            std::process::exit(2);
        }
    }
}

/// One climb's game and how it was made.
#[derive(Clone)]
struct Climb {
    game: Game,
    recipe: String,
    cost: u64,
}

fn hunt(players: usize, seconds: f64, seed: u64, out: &str) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let clock = Instant::now();
    let mut kept: Vec<Climb> = Vec::new();
    let mut restarts = 0usize;
    let mut steps = 0usize;
    while clock.elapsed().as_secs_f64() < seconds {
        let family = FAMILIES[restarts % FAMILIES.len()];
        let start_seed = rng.random::<u32>();
        restarts += 1;
        let game = start(family, players, u64::from(start_seed));
        let mut climb = Climb {
            cost: cost(&game),
            recipe: format!("start {family} {players} {start_seed}\n"),
            game,
        };
        let mut stale = 0;
        while stale < (PATIENCE_TIMES_N / players).max(10)
            && clock.elapsed().as_secs_f64() < seconds
        {
            steps += 1;
            let mut game = climb.game.clone();
            let change = mutate(&mut rng, &mut game);
            let cost = cost(&game);
            if cost > climb.cost {
                stale = 0;
            } else {
                stale += 1;
            }
            if cost >= climb.cost {
                if cost > climb.cost && kept.first().map_or(true, |best| cost > best.cost) {
                    eprintln!(
                        "{:7.1} s  climb {restarts} ({family}), {steps} games: {cost} words, \
                         M = {}, L = {}, {}",
                        clock.elapsed().as_secs_f64(),
                        game.werewolves,
                        game.liars,
                        answer(&game)
                    );
                }
                climb.game = game;
                climb.cost = cost;
                climb.recipe.push_str(&change);
            }
        }
        kept.push(climb);
        kept.sort_by_key(|climb| std::cmp::Reverse(climb.cost));
        kept.truncate(KEEP);
        // Written after every climb, so a run cut short keeps its finds.
        write_kept(&kept, players, seed, out);
    }
    for (rank, climb) in kept.iter().enumerate() {
        eprintln!(
            "hunt-{players}-{seed}-{}.recipe: {} words, M = {}, L = {}, {}",
            rank + 1,
            climb.cost,
            climb.game.werewolves,
            climb.game.liars,
            answer(&climb.game)
        );
    }
    eprintln!(
        "{restarts} climbs, {steps} games in {:.0} s",
        clock.elapsed().as_secs_f64()
    );
}

fn write_kept(kept: &[Climb], players: usize, seed: u64, out: &str) {
    std::fs::create_dir_all(out).unwrap();
    for (rank, climb) in kept.iter().enumerate() {
        let path = format!("{out}/hunt-{players}-{seed}-{}.recipe", rank + 1);
        std::fs::write(&path, &climb.recipe).unwrap();
    }
}

/// The solver's words of table written on `game`.
fn cost(game: &Game) -> u64 {
    let before = table_words_written();
    std::hint::black_box(solve(game).unwrap());
    table_words_written() - before
}

fn answer(game: &Game) -> &'static str {
    match solve(game).unwrap() {
        Verdict::Werewolves(_) => "an answer",
        Verdict::NoSolution => "no answer",
    }
}

/// One random change to `game`, returned as its recipe line(s).
fn mutate(rng: &mut ChaCha8Rng, game: &mut Game) -> String {
    let players = game.statements.len();
    let mut line = String::new();
    match rng.random_range(0..10) {
        0 => {
            game.werewolves = nudge(rng, game.werewolves, players);
            writeln!(line, "m {}", game.werewolves).unwrap();
        }
        1 => {
            game.liars = nudge(rng, game.liars, players);
            writeln!(line, "l {}", game.liars).unwrap();
        }
        _ => {
            for _ in 0..rng.random_range(1..=3) {
                let speaker = rng.random_range(0..players);
                let old = game.statements[speaker];
                let about = match rng.random_range(0..4) {
                    0 => speaker,
                    1 => old.about,
                    2 => game.statements[rng.random_range(0..players)].about,
                    _ => rng.random_range(0..players),
                };
                let statement = Statement {
                    about,
                    claims_werewolf: rng.random_bool(0.5),
                };
                game.statements[speaker] = statement;
                writeln!(line, "s {}", statement_line(speaker, statement)).unwrap();
            }
        }
    }
    line
}

/// `value` moved by 1 to 3 either way, or anywhere (one time in five),
/// kept in `0..=most`.
fn nudge(rng: &mut ChaCha8Rng, value: usize, most: usize) -> usize {
    if rng.random_range(0..5) == 0 {
        return rng.random_range(0..=most);
    }
    let step = rng.random_range(1..=3);
    if rng.random_bool(0.5) {
        (value + step).min(most)
    } else {
        value.saturating_sub(step)
    }
}

fn statement_line(speaker: usize, statement: Statement) -> String {
    let sign = if statement.claims_werewolf { '-' } else { '+' };
    format!("{} {} {sign}", speaker + 1, statement.about + 1)
}

/// The game a recipe names: its start, then its changes in order.
fn replay(recipe: &str) -> Game {
    let mut game: Option<Game> = None;
    for line in recipe.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words[..] {
            ["start", family, players, seed] => {
                game = Some(start(
                    family,
                    players.parse().unwrap(),
                    seed.parse().unwrap(),
                ));
            }
            ["m", value] => game.as_mut().unwrap().werewolves = value.parse().unwrap(),
            ["l", value] => game.as_mut().unwrap().liars = value.parse().unwrap(),
            ["s", speaker, about, sign] => {
                let speaker: usize = speaker.parse().unwrap();
                let about: usize = about.parse().unwrap();
                game.as_mut().unwrap().statements[speaker - 1] = Statement {
                    about: about - 1,
                    claims_werewolf: sign == "-",
                };
            }
            [] => {}
            _ => panic!("bad recipe line {line:?}"),
        }
    }
    game.unwrap()
}

fn to_input(game: &Game) -> String {
    let mut out = format!(
        "{} {} {}\n",
        game.statements.len(),
        game.werewolves,
        game.liars
    );
    for statement in &game.statements {
        let sign = if statement.claims_werewolf { '-' } else { '+' };
        writeln!(out, "{sign}{}", statement.about + 1).unwrap();
    }
    out
}

/// The liar count of the werewolf set `wolf` (one flag per player).
fn liars_of(statements: &[Statement], wolf: &[bool]) -> usize {
    statements
        .iter()
        .filter(|s| wolf[s.about] != s.claims_werewolf)
        .count()
}

/// The start game of `family` with `players` players, from `seed`.
fn start(family: &str, players: usize, seed: u64) -> Game {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let n = players;
    let half = n / 2;
    let pool: Vec<usize> = (0..3).map(|_| rng.random_range(0..n)).collect();
    let bottom = if family == "top-half" { half } else { n / 10 };
    let mut pair_signs = 0;
    let statements: Vec<Statement> = (0..n)
        .map(|i| {
            // (about, sign): `None` for a random sign.
            let (about, sign) = match family {
                "random" | "random-any" => (rng.random_range(0..n), None),
                "pool" => (pool[rng.random_range(0..3)], None),
                "self" if rng.random_bool(0.5) => (i, None),
                "self" => (rng.random_range(0..n), None),
                "neighbour" | "neighbour-any" => ((i + 1) % n, None),
                "pairs" => (if i ^ 1 < n { i ^ 1 } else { i }, None),
                // The pair's signs: ++, +- or -+ (never --), drawn for the
                // first of the two.
                "pairs-forced" if i % 2 == 0 && i + 1 < n => {
                    pair_signs = rng.random_range(0..3);
                    (i + 1, Some(pair_signs == 2))
                }
                "pairs-forced" if i % 2 == 1 => (i - 1, Some(pair_signs == 1)),
                "pairs-forced" => (i, Some(false)),
                "chain" => (if i < 10 { (i + 1) % n } else { i }, Some(false)),
                "top-half" | "top-tenth" if i >= bottom => (0, Some(false)),
                "top-half" | "top-tenth" => (rng.random_range(0..n), None),
                "bottom-half" => match i {
                    0 => (1 % n, Some(false)),
                    2 => (1, Some(true)),
                    _ => (
                        half + (i - usize::from(i > 2) - 1) % (n - half).max(1),
                        Some(false),
                    ),
                },
                "all-trust-1" => (0, Some(false)),
                "pointers" if i < 4 => (rng.random_range(0..n), Some(i % 2 == 0)),
                "pointers" => (i, Some(false)),
                _ => panic!("unknown family {family}"),
            };
            Statement {
                about,
                claims_werewolf: sign.unwrap_or_else(|| rng.random_bool(0.5)),
            }
        })
        .collect();
    let claims = statements.iter().filter(|s| s.claims_werewolf).count();
    let (werewolves, liars) = match family {
        "random" | "pool" | "self" => {
            let mut wolf = vec![false; n];
            let mut order: Vec<usize> = (0..n).collect();
            for index in 0..half {
                let pick = rng.random_range(index..n);
                order.swap(index, pick);
                wolf[order[index]] = true;
            }
            (half, liars_of(&statements, &wolf))
        }
        "random-any" | "neighbour-any" => (rng.random_range(0..=n), rng.random_range(0..=n)),
        "neighbour" | "pairs" => (claims.min(n), 2.min(n)),
        "pairs-forced" => (claims.saturating_sub(2), 2.min(n)),
        "chain" => (half, half),
        "pointers" => (half, (half + 2).min(n)),
        "top-half" | "top-tenth" => {
            let wolf: Vec<bool> = (0..n).map(|i| i >= bottom).collect();
            (n - bottom, liars_of(&statements, &wolf))
        }
        "bottom-half" => (half, 1),
        _ => (half, 0),
    };
    Game {
        werewolves,
        liars,
        statements,
    }
}
