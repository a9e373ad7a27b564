//! Bad input is refused before the expensive work starts: `judge_io::run`
//! (like `main`) reads the whole input and rejects what is left over before
//! it calls `solve`. Checked end to end on werewolf's slowest family at
//! N = 1000, which takes seconds to solve (`scripts/bench-werewolf.sh`),
//! followed by one extra token.

use std::sync::atomic::{AtomicBool, Ordering};

use judge_io::{Args, Error, Input, Problem};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use werewolf::Werewolf;

/// "Top half trusts player 1" (as in `scripts/bench-werewolf.sh`): players
/// N/2+1..N all say "player 1 is a human", players 1..N/2 say random
/// things, M = N - N/2 and L is the number of liars if the werewolves are
/// exactly N/2+1..N. That largest set with the right counts has no lying
/// werewolf, so the solver must search for a witness: the slow path.
fn top_half_trusts_player_1(players: usize, seed: u64) -> String {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let half = players / 2;
    let statements: Vec<(usize, bool)> = (1..=players)
        .map(|speaker| {
            if speaker > half {
                (1, false)
            } else {
                (rng.random_range(1..=players), rng.random_bool(0.5))
            }
        })
        .collect();
    let liars = statements
        .iter()
        .filter(|&&(about, claims_werewolf)| (about > half) != claims_werewolf)
        .count();
    let mut text = format!("{players} {} {liars}\n", players - half);
    for (about, claims_werewolf) in statements {
        text.push_str(&format!(
            "{}{about}\n",
            if claims_werewolf { '-' } else { '+' }
        ));
    }
    text
}

static SOLVED: AtomicBool = AtomicBool::new(false);

/// Werewolf, whose `solve` only records that it was reached: so a judge-io
/// that solved before checking for leftovers fails this test, however fast
/// the machine.
struct SolveRecorded;

impl Problem for SolveRecorded {
    const USAGE: &'static str = Werewolf::USAGE;
    type Flags = <Werewolf as Problem>::Flags;
    type Case = <Werewolf as Problem>::Case;

    fn flags(args: &mut Args) -> Result<Self::Flags, Error> {
        Werewolf::flags(args)
    }

    fn read<R: std::io::Read>(
        flags: &Self::Flags,
        input: &mut Input<R>,
    ) -> Result<Self::Case, Error> {
        Werewolf::read(flags, input)
    }

    fn solve(_: &Self::Flags, _: Self::Case) -> Result<String, Error> {
        SOLVED.store(true, Ordering::SeqCst);
        Ok("solved\n".to_string())
    }
}

#[test]
fn an_extra_token_after_the_slowest_werewolf_family_is_refused_before_solving() {
    let players = 1000;
    let game = top_half_trusts_player_1(players, 1);
    // The game alone is valid input: reading it succeeds and solve is reached.
    assert_eq!(
        judge_io::run::<SolveRecorded>(&[], game.as_bytes()).unwrap(),
        "solved\n"
    );
    assert!(SOLVED.swap(false, Ordering::SeqCst));

    let with_extra = format!("{game}  7\n");
    let expected = format!(
        "line {}, column 3 (token {}): unexpected extra input \"7\"",
        players + 2,
        players + 4
    );
    let error = judge_io::run::<SolveRecorded>(&[], with_extra.as_bytes()).unwrap_err();
    assert_eq!(error.to_string(), expected);
    assert!(
        !SOLVED.load(Ordering::SeqCst),
        "solve ran on input with leftovers"
    );
    // The real library gives the same error, without the seconds its solve
    // would take.
    let error = judge_io::run::<Werewolf>(&[], with_extra.as_bytes()).unwrap_err();
    assert_eq!(error.to_string(), expected);
}
