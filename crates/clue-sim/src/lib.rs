//! Cluedo without the board: a seeded referee, computer players that deduce,
//! and the ICPC "Get a Clue!" deduction mode.
//!
//! A seed fixes a whole game, so a game can be replayed, shared and
//! snapshot-tested byte for byte. See the crate README for the full rules,
//! the transcript format, the `--games` summary and the strength figures.
//!
//! # Input
//!
//! `P SEED`: P players (2 to 12) and a seed (any `u64`). Optionally a card set
//! follows that replaces the classic one: `K`, then `K` categories, each
//! `name n card ... card` (every `n` at least 1, at most 256 cards in all,
//! names of letters, digits, `_` and `-`, card names unique, category names
//! unique).
//!
//! # Output
//!
//! The transcript of the game, one event per line (`envelope`, `hand`,
//! `turn`, `pass`, `show`, `none`, `accuse`, then `winner` or `nobody
//! wins`); with `--games N`, a summary of N games instead.
//!
//! # Judge target
//!
//! `--judge kattis-getaclue` is ICPC World Finals 2017 problem B, "Get a
//! Clue!" (Kattis `getaclue`), as that judge runs it: exactly `--deduce`
//! (without `--odds`), whose contract is in [`deduce`]. The judge's inputs
//! have 1 to 50 suggestions; any number from 0 up is accepted, and the input
//! is read token by token, so every white-space layout works.
//!
//! # Approach
//!
//! The referee ([`game::play`]) follows the rules literally and reports
//! what happens as [`event::Event`]s; the transcript is those events
//! rendered one per line ([`event::render`]), and `--games` only keeps each
//! game's outcome. Cards and seats are the types [`cards::Card`] and
//! [`event::Seat`]. All randomness comes from
//! [`rng::SplitMix64`] streams derived from the seed ([`game::Streams`]), and
//! the deal's use of them is specified in [`game::deal`], so the docs define
//! every seed's game. The players are [`players`]: the strategy names and
//! the seat interface, above one module per strategy ([`players::random`],
//! [`players::seed`], [`players::smart`], [`players::expert`]); `smart`
//! reasons with the [`knowledge`] engine, `expert` weighs sampled deals by
//! its rivals' moves.
//! `--games` is [`summary`] (its intervals and tests are [`stats`]);
//! `--deduce` is [`deduce`].
//!
//! # Complexity
//!
//! A game has at most `100 P` turns. A turn costs the referee `O(P K)` for
//! `K` categories. `random` and `seed` spend time polynomial in cards and
//! seats per observation. `smart` uses the engine's propagation (polynomial)
//! on every turn, one count under a small bound ([`players::smart::SUGGESTION_BUDGET`])
//! and at most [`players::smart::SCORED`] scores for its suggestion, and exact counts
//! for an accusation only when one may be within reach, under a fixed work
//! bound ([`players::smart::BUDGET`]), so every card set up to 256 cards stays fast.
//!
//! ```
//! let transcript = judge_io::run::<clue_sim::ClueSim>(
//!     &["--strategy", "seed"],
//!     b"2 7\n2\nwho 2 Ann Bob\nwhat 2 Axe Rope\n",
//! )
//! .unwrap();
//! assert!(transcript.starts_with("envelope "));
//! assert!(transcript.ends_with(" turns\n"));
//! ```

pub mod assist;
pub mod cards;
pub mod deduce;
pub mod event;
pub mod game;
pub mod human;
pub mod knowledge;
pub mod notebook;
pub mod players;
pub mod rng;
pub mod stats;
pub mod summary;

use std::io::Read;

use judge_io::{Args, Error, Input, Problem, Target};

use cards::CardSet;
use game::{Game, PLAYERS};
use players::Strategy;

/// The `clue-sim` binary.
pub struct ClueSim;

/// What the command line asks for: the mode, and the strategies of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mode {
    /// One game: its transcript. The strategies: one for every seat, or one
    /// per seat.
    Play {
        /// As given to `--strategy` (default: `smart`).
        strategies: Vec<Strategy>,
    },
    /// `--games N [--rotate] [--compare A,B]`: N games and their summary
    /// (or their comparison).
    Games {
        /// As given to `--strategy` (default: `smart`).
        strategies: Vec<Strategy>,
        /// N, at least 1.
        count: u64,
        /// `--rotate`: the strategies move one seat on per game.
        rotate: bool,
        /// `--compare A,B`: each game also played with `B` in the seats the
        /// list gives `A`, and the two compared pair by pair.
        compare: Option<(Strategy, Strategy)>,
    },
    /// `--deduce [--odds]`: the ICPC "Get a Clue!" question instead of a
    /// game.
    Deduce {
        /// `--odds`: also each envelope card's probability.
        odds: bool,
    },
}

/// The input, read and checked in full.
#[derive(Debug, Clone)]
pub enum Case {
    /// `--deduce`: what the player saw.
    Deduce(deduce::Game),
    /// A game to play (or the first of `--games`), with one strategy per
    /// seat.
    Play(Game, Vec<Strategy>),
}

impl Problem for ClueSim {
    const USAGE: &'static str = "\
usage: clue-sim [--strategy LIST] [--games N [--rotate] [--compare A,B]] < INPUT
       clue-sim --strategy human,smart,... < INPUT-THEN-YOUR-MOVES
       clue-sim --deduce [--odds] < OBSERVATIONS
       clue-sim --assist < YOUR-VIEW-OF-A-REAL-GAME

Plays one game of Cluedo among computer players and prints its transcript.
INPUT is `P SEED` (2 to 12 players, a u64 seed), optionally followed by a
card set: K, then K lines `category n card ... card`.

  --strategy LIST  random, seed, smart or expert: one for every seat, or a
                   comma-separated list with one per seat (default: smart);
                   `human` for one seat (with this flag alone) lets you play
                   it: your view and prompts on stderr, the transcript on
                   stdout at the end (see the README)
  --games N        play N games (seeds SEED, SEED+1, ...) and print a summary
  --rotate         with --games: move the strategies one seat on every game
  --compare A,B    with --games: play every game again with B in the seats
                   the list gives A, and compare the two pair by pair
                   (McNemar's exact test)
  --deduce         answer the ICPC \"Get a Clue!\" question instead: which
                   murderer, weapon and room are certain (`?` if not)
  --odds           with --deduce: also each envelope candidate's probability
  --assist         keep your notebook for a game at a real table: from your
                   hand and what you saw, every card's marks, the deals that
                   fit, and expert's suggestion and accusation (see the README)
  --help           print this help
";

    const TARGETS: &'static [Target<Mode>] = &[Target {
        name: "kattis-getaclue",
        problem: "ICPC World Finals 2017 B \"Get a Clue!\" (Kattis getaclue): --deduce",
        flags: getaclue,
    }];

    type Flags = Mode;
    type Case = Case;

    /// `--strategy LIST` alone with `human` in LIST is a game with a
    /// person, which answers each line as it is typed ([`human`]); every
    /// other command line is one whole input and one answer.
    ///
    /// `--assist` (with `--help`, the help) is run here too, so that a
    /// judge target's single file carries none of its code.
    fn takeover(args: &[String]) -> Option<std::process::ExitCode> {
        if assists(args) {
            return Some(assist_main(args));
        }
        let list = human::human_strategies(args)?;
        let stdin = std::io::stdin();
        let stdout = std::io::stdout();
        Some(human::play_main(
            list,
            stdin.lock(),
            stdout.lock(),
            std::io::stderr(),
        ))
    }

    fn flags(args: &mut Args) -> Result<Mode, Error> {
        let deduce = args.flag("--deduce");
        let odds = args.flag("--odds");
        let strategy = args.value("--strategy")?;
        if deduce {
            if strategy.is_some()
                || args.value("--games")?.is_some()
                || args.flag("--rotate")
                || args.value("--compare")?.is_some()
            {
                return Err(Error::usage(
                    "--deduce takes no game flags (--strategy, --games, --rotate, --compare)",
                ));
            }
            return Ok(Mode::Deduce { odds });
        }
        if odds {
            return Err(Error::usage("--odds needs --deduce"));
        }
        let strategies = match strategy {
            None => vec![Strategy::Smart],
            Some(list) => parse_strategies(&list)?,
        };
        let games = match args.value("--games")? {
            None => None,
            Some(text) => Some(parse_games(&text)?),
        };
        let rotate = args.flag("--rotate");
        let compare = match args.value("--compare")? {
            None => None,
            Some(pair) => Some(parse_compare(&pair, &strategies)?),
        };
        match games {
            None if rotate => Err(Error::usage("--rotate needs --games")),
            None if compare.is_some() => Err(Error::usage("--compare needs --games")),
            None => Ok(Mode::Play { strategies }),
            Some(count) => Ok(Mode::Games {
                strategies,
                count,
                rotate,
                compare,
            }),
        }
    }

    fn read<R: Read>(mode: &Mode, input: &mut Input<R>) -> Result<Case, Error> {
        let strategies = match mode {
            Mode::Deduce { .. } => return Ok(Case::Deduce(deduce::parse(input)?)),
            Mode::Play { strategies } | Mode::Games { strategies, .. } => strategies,
        };
        let game = parse(input)?;
        let strategies = seat_strategies(strategies, game.players)?;
        Ok(Case::Play(game, strategies))
    }

    fn solve(mode: &Mode, case: Case) -> Result<String, Error> {
        let (game, strategies) = match case {
            Case::Deduce(game) => {
                let odds = matches!(mode, Mode::Deduce { odds: true });
                return Ok(deduce::render(&deduce::solve(&game)?, odds));
            }
            Case::Play(game, strategies) => (game, strategies),
        };
        Ok(match *mode {
            Mode::Games {
                count,
                rotate,
                compare: None,
                ..
            } => summary::play_many(&game, &strategies, count, rotate).render(),
            Mode::Games {
                count,
                rotate,
                compare: Some(pair),
                ..
            } => summary::compare_many(&game, &strategies, count, rotate, pair).render(),
            _ => game::transcript(&game, &strategies),
        })
    }
}

/// Whether `args` ask for `clue-sim --assist` (and not its `--help`),
/// which [`ClueSim`]'s takeover runs with [`assist_command`].
pub fn assists<S: AsRef<str>>(args: &[S]) -> bool {
    let any = |names: &[&str]| args.iter().any(|arg| names.contains(&arg.as_ref()));
    any(&["--assist"]) && !any(&["--help", "-h"])
}

/// `clue-sim --assist` with its command line `args`: `source` read whole
/// and answered ([`assist::run`]); any flag beside `--assist` is a usage
/// error.
pub fn assist_command<S: AsRef<str>, R: Read>(args: &[S], source: R) -> Result<String, Error> {
    match args
        .iter()
        .map(AsRef::as_ref)
        .find(|arg| *arg != "--assist")
    {
        Some(other) => Err(Error::usage(format!(
            "--assist takes no other flag, found {}",
            judge_io::quote(other.as_bytes())
        ))),
        None => assist::run(&mut Input::new(source)),
    }
}

/// [`assist_command`] on standard input, answered under the rules every
/// binary shares.
fn assist_main(args: &[String]) -> std::process::ExitCode {
    use std::io::Write as _;
    let stdin = std::io::stdin();
    match assist_command(args, stdin.lock()) {
        Ok(answer) => {
            let mut stdout = std::io::stdout().lock();
            match stdout
                .write_all(answer.as_bytes())
                .and_then(|()| stdout.flush())
            {
                Ok(()) => std::process::ExitCode::SUCCESS,
                Err(_) => std::process::ExitCode::FAILURE,
            }
        }
        Err(error) => judge_io::report_to::<ClueSim>(&error, &mut std::io::stderr()),
    }
}

/// The `kattis-getaclue` target: exactly `--deduce`.
fn getaclue() -> Mode {
    Mode::Deduce { odds: false }
}

/// Reads `P SEED` and the optional card set.
pub fn parse<R: Read>(input: &mut Input<R>) -> Result<Game, Error> {
    let players = input.int_in("the number of players P", *PLAYERS.start()..=*PLAYERS.end())?;
    let seed = input.int::<u64>("the seed")?;
    input.line_end();
    let cards = CardSet::parse(input)?.unwrap_or_else(CardSet::classic);
    Ok(Game {
        players,
        seed,
        cards,
    })
}

/// Expands the strategy list to one strategy per seat.
fn seat_strategies(list: &[Strategy], players: usize) -> Result<Vec<Strategy>, Error> {
    match list.len() {
        1 => Ok(vec![list[0]; players]),
        n if n == players => Ok(list.to_vec()),
        n => Err(Error::usage(format!(
            "--strategy lists {n} strategies for {players} players; give one, or one per player"
        ))),
    }
}

fn parse_strategies(list: &str) -> Result<Vec<Strategy>, Error> {
    list.split(',')
        .map(|name| {
            if name == human::HUMAN {
                return Err(Error::usage(
                    "a human plays one game, with --strategy alone (no other flag)",
                ));
            }
            Strategy::from_name(name).ok_or_else(|| {
                Error::usage(format!(
                    "unknown strategy {} in --strategy (expected random, seed, smart or expert)",
                    judge_io::quote(name.as_bytes())
                ))
            })
        })
        .collect()
}

/// `A,B` of `--compare`: two different strategies, `A` in the list.
fn parse_compare(text: &str, list: &[Strategy]) -> Result<(Strategy, Strategy), Error> {
    let pair = parse_strategies(text)?;
    match pair[..] {
        [a, b] if a != b && list.contains(&a) => Ok((a, b)),
        [a, b] if a != b => Err(Error::usage(format!(
            "--compare {}: {} plays no seat of --strategy",
            judge_io::quote(text.as_bytes()),
            a.name()
        ))),
        _ => Err(Error::usage(format!(
            "--compare needs two different strategies A,B, found {}",
            judge_io::quote(text.as_bytes())
        ))),
    }
}

fn parse_games(text: &str) -> Result<u64, Error> {
    let digits = text.strip_prefix('+').unwrap_or(text);
    match digits.parse::<u64>() {
        Ok(count)
            if count >= 1 && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) =>
        {
            Ok(count)
        }
        _ => Err(Error::usage(format!(
            "--games needs a number of games from 1 to {}, found {}",
            u64::MAX,
            judge_io::quote(text.as_bytes())
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flags(args: &[&str]) -> Result<Mode, Error> {
        let mut args = Args::new(args.iter().copied());
        let flags = ClueSim::flags(&mut args)?;
        args.finish()?;
        Ok(flags)
    }

    #[test]
    fn the_default_is_one_smart_game() {
        assert_eq!(
            flags(&[]).unwrap(),
            Mode::Play {
                strategies: vec![Strategy::Smart]
            }
        );
    }

    #[test]
    fn games_accept_a_plus_sign_and_leading_zeros_but_not_zero() {
        assert_eq!(
            flags(&["--games", "+007"]).unwrap(),
            Mode::Games {
                strategies: vec![Strategy::Smart],
                count: 7,
                rotate: false,
                compare: None
            }
        );
        for bad in ["0", "-1", "", "+", "1e3", "18446744073709551616"] {
            assert!(flags(&["--games", bad]).unwrap_err().is_usage(), "{bad}");
        }
    }

    #[test]
    fn compare_names_two_strategies_the_first_in_the_list() {
        assert_eq!(
            flags(&[
                "--games",
                "5",
                "--strategy",
                "smart,seed",
                "--compare",
                "smart,random"
            ])
            .unwrap(),
            Mode::Games {
                strategies: vec![Strategy::Smart, Strategy::Seed],
                count: 5,
                rotate: false,
                compare: Some((Strategy::Smart, Strategy::Random))
            }
        );
        for bad in [
            &["--games", "5", "--compare", "seed,smart"][..],
            &["--games", "5", "--compare", "smart,smart"],
            &["--games", "5", "--compare", "smart"],
            &["--games", "5", "--compare", "smart,seed,random"],
            &["--games", "5", "--compare", "smart,nobody"],
            &["--compare", "smart,seed"],
            &["--deduce", "--compare", "smart,seed"],
        ] {
            assert!(flags(bad).unwrap_err().is_usage(), "{bad:?}");
        }
    }

    #[test]
    fn deduce_and_odds_combine_only_with_each_other() {
        assert_eq!(
            flags(&["--deduce", "--odds"]).unwrap(),
            Mode::Deduce { odds: true }
        );
        assert_eq!(flags(&["--deduce"]).unwrap(), Mode::Deduce { odds: false });
        assert!(flags(&["--odds"]).unwrap_err().is_usage());
        assert!(flags(&["--deduce", "--rotate"]).unwrap_err().is_usage());
        assert!(flags(&["--rotate"]).unwrap_err().is_usage());
    }

    #[test]
    fn the_judge_target_is_the_deduce_mode() {
        let input = b"2\nA B C D H\nF G M M\nF H M - *\n";
        let judged = judge_io::run::<ClueSim>(&["--judge", "kattis-getaclue"], input);
        let deduced = judge_io::run::<ClueSim>(&["--deduce"], input);
        assert_eq!(judged.unwrap(), "E??\n");
        assert_eq!(deduced.unwrap(), "E??\n");
        assert!(
            judge_io::run::<ClueSim>(&["--judge", "kattis-getaclue", "--odds"], input)
                .unwrap_err()
                .is_usage()
        );
    }

    #[test]
    fn a_strategy_list_must_fit_the_table() {
        let list = parse_strategies("seed,smart").unwrap();
        assert_eq!(seat_strategies(&list, 2).unwrap(), list);
        assert!(seat_strategies(&list, 3).unwrap_err().is_usage());
        assert_eq!(
            seat_strategies(&[Strategy::Random], 3).unwrap(),
            vec![Strategy::Random; 3]
        );
    }

    #[test]
    fn an_expert_game_is_fixed_by_its_seed() {
        for (input, list) in [
            (&b"3 99\n"[..], "expert,seed,seed"),
            (b"4 5\n", "seed,expert,random,smart"),
            (b"3 2\n2\nwho 3 Ann Bob Cy\nwhat 3 Axe Rope Gun\n", "expert"),
        ] {
            let one = judge_io::run::<ClueSim>(&["--strategy", list], input).unwrap();
            let two = judge_io::run::<ClueSim>(&["--strategy", list], input).unwrap();
            assert_eq!(one, two);
            assert!(one.contains(" suggests "), "{one}");
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_transcript_and_summary() {
        let input = b"4 123\n";
        let one = judge_io::run::<ClueSim>(&["--strategy", "smart,seed,random,smart"], input);
        let two = judge_io::run::<ClueSim>(&["--strategy", "smart,seed,random,smart"], input);
        assert_eq!(one.unwrap(), two.unwrap());
        let one = judge_io::run::<ClueSim>(&["--games", "5", "--rotate"], input);
        let two = judge_io::run::<ClueSim>(&["--games", "5", "--rotate"], input);
        assert_eq!(one.unwrap(), two.unwrap());
    }
}
