//! Werewolf: N players, M of them werewolves, each says of one player "human"
//! or "werewolf"; exactly L statements are false, and among the werewolves at
//! least one lies and at least one tells the truth. Name the werewolves.
//!
//! # Input
//!
//! `N M L`, then N statements, one per player in order: `+j` or `j` ("player
//! j is a human") or `-j` ("player j is a werewolf"), with `1 <= j <= N`
//! (a player may speak about themself). Tokens may be laid out with any white
//! space. Any `N >= 1`, `0 <= M <= N` and `0 <= L <= N` is accepted; a sign
//! with no digits, `j` out of range, a missing statement or anything after
//! the last statement is bad input.
//!
//! # Output
//!
//! The werewolves of the largest valid set, in descending order on one line
//! ("largest": compare the descending lists element by element, the first
//! larger element wins), or `No Solution` when no set is valid.
//!
//! # Judge target `pat-a1148`
//!
//! `--judge pat-a1148` answers PAT (Advanced) 1148 "Werewolf - Simple
//! Version": the input is `N` alone (the statement promises 5 to 100; any
//! `N >= 1` is accepted) and then the N statements as above; there are
//! exactly two werewolves and exactly two liars, and exactly one of the two
//! werewolves lies (with two werewolves, "at least one but not all" is
//! "exactly one"). The answer is the **smallest** valid pair, compared as
//! ascending lists element by element (the first smaller element wins),
//! printed in ascending order, or `No Solution`. It is the same game with
//! M = L = 2 and the order turned around, and the one solver serves both:
//! [`mirror`] renames player `i` to `N + 1 - i`, which maps the smallest
//! valid set onto the largest valid set of the renamed game (the proof is on
//! [`mirror`]).
//!
//! ```
//! let args = ["--judge", "pat-a1148"];
//! let answer = judge_io::run::<werewolf::Werewolf>(&args, b"5\n-2\n+3\n-4\n+5\n+4\n");
//! assert_eq!(answer.unwrap(), "1 4\n");
//! ```
//!
//! # Approach
//!
//! **Liars are a weighted sum.** Whether statement `i` is false depends only
//! on the player it is about: a claim "j is a human" is false exactly when j
//! is a werewolf, a claim "j is a werewolf" exactly when j is a human. So with
//! `h_j` and `w_j` the numbers of "human" and "werewolf" claims about j, and
//! `B` the number of "werewolf" claims in all, a werewolf set `S` has
//! `B + sum over j in S of (h_j - w_j)` liars. "Exactly L liars and M
//! werewolves" is a subset-sum with a cardinality: pick M players whose
//! weights `d_j = h_j - w_j` add up to `L - B`. The weights' absolute values
//! add up to at most N, so every partial sum lies in a range of at most N + 1
//! values and a bit table over (count, sum) decides it in polynomial time
//! (`knapsack`).
//!
//! **The werewolf condition is settled by a witness pair.** "Some werewolf
//! lies and some werewolf tells the truth" holds for `S` exactly when there
//! are two werewolves `i1 != i2` with statement `i1` false and `i2` true.
//! Whether a statement is false depends on the status of the player it is
//! about, so choosing the witnesses `(i1, i2)` fixes at most four statuses:
//! `i1` and `i2` are werewolves, the player `i1` speaks about has the status
//! that makes `i1`'s claim false, and the one `i2` speaks about the status
//! that makes `i2`'s claim true (a choice that contradicts itself is
//! dropped). Every set that honours one such choice and the counts is
//! valid, and every valid set honours the choice of its own witnesses. So
//! the valid sets are exactly the union, over the at most `N (N - 1)`
//! witness choices, of the sets that satisfy the counts with up to four
//! players fixed.
//!
//! **The largest set of one choice is greedy.** With some players fixed,
//! the largest set with the right counts is found by deciding players N,
//! N - 1, ..., 1 in turn: a player becomes a werewolf when the players below
//! it can still complete the counts, which one look-up in the bit table of
//! the free players below it answers (the tables are kept for every player
//! when they fit in memory, else at about `sqrt N` checkpoints and rebuilt
//! a block at a time). This
//! is the largest set because, for two sets of the same size, the first
//! difference of their descending lists is the largest player in exactly
//! one of them.
//!
//! **The answer is the largest over all choices**, found with exact
//! shortcuts only (each one is an inequality between families of sets):
//!
//! 1. fewer than two werewolves, or no consistent witness choice: no valid
//!    set can exist, `No Solution`;
//! 2. the largest set with the right counts and nothing fixed, `T`: if there
//!    is none, `No Solution`; if `T` is valid it is the answer, since every
//!    valid set has the right counts;
//! 3. the largest set with one player fixed bounds every choice containing
//!    that fixing (fixing more players only shrinks the family). A fixing
//!    `T` honours has bound `T` for free; the others (every fixing some
//!    choice uses) are computed together, by weight: with player `p` fixed,
//!    the free players below a player `k > p` are the players below `k`
//!    but `p`, and since equal weights are interchangeable in the
//!    subset-sum they make the same (count, sum) pairs as the players below
//!    `k` but the *first* player of `p`'s weight. So one walk down the
//!    tables that leave out that first player serves every fixing of that
//!    weight above its player, and one walk down the plain tables serves
//!    every fixing from its player down (where `p` is not below): each
//!    fixing's greedy is one look-up per player, and the tables are built
//!    once per distinct weight plus once. A bound that is itself valid is a
//!    candidate answer;
//! 4. the choices whose bound (the smallest of their fixings') beats the
//!    best valid set so far are run in descending order of bound, stopping
//!    at the first bound that does not beat it;
//! 5. before a run, whether the choice admits any set at all is looked up
//!    in a table of all players but the fixed ones. Equal weights are
//!    interchangeable in the subset-sum, so that table depends only on the
//!    fixed players' weights and is cached by them.
//!
//! # Complexity
//!
//! With `W = N / 64 + 1` words per table row, one greedy run costs
//! `O(N M W)` word operations: N table updates of M + 1 rows, once to build
//! the tables (from the first fixed player up, the rows below are shared)
//! and at most once more to rebuild checkpointed blocks. The single-fixing
//! bounds cost one such build per distinct weight, plus one, and `O(N)`
//! look-ups per fixing: the weights' absolute values add up to at most N,
//! so there are at most `2 sqrt(2N) + 1` distinct weights, and all `2 N`
//! bounds cost `O(sqrt N * N M W + N^2)`, where one run per fixing cost
//! `O(N^2 M W)`. The choice runs are not batched: in the worst case there
//! are `N (N - 1)` of them, so the bound stays `O(N^3 M W)` = `O(N^5 / 64)`
//! for M near N/2: polynomial, where plain enumeration is `C(N, M)`. In
//! practice steps 2 to 4 settle every game found so far with few or no
//! choice runs: the slowest families known (the largest set with the right
//! counts has no lying werewolf, or no truthful one, so every
//! single-fixing bound is needed) answer N = 1000 in a quarter of a second
//! and N = 2000 in about two; see the crate README for measured figures.
//!
//! Memory: the tables of one run are kept for every player when the shared
//! prefix tables fit in 32 MiB (so at most twice that), else at about
//! `sqrt N` checkpoints plus one block of `sqrt N` tables
//! (`O(sqrt N * M * W)` words); the buffers are reused from run to run. Add
//! the single-fixing bounds (`O(N M)` at most), the ranked choices (at most
//! `N (N - 1)` small tuples) and a feasibility cache capped at 16 MiB.
//! Reading is linear in the input and nothing is allocated from N before the
//! statements are read.
//!
//! **The memory limit.** Everything the solver allocates from the input is
//! counted against a fixed limit of 1 GiB ([`MEMORY_LIMIT_BYTES`]) *before*
//! it is allocated: a few words per player and the tables (their worst case
//! for one run, known from N, M and the weights, before any table exists),
//! then each bound, best set and ranked choice as it is made. A game past the
//! limit is refused with one input error naming the limit, never an abort.
//! With M = N/2 and random statements the tables alone pass it a little
//! above N = 10,000 (N = 30,000 would need over 12 GiB); everything smaller
//! (every judge input by far) is answered.
//!
//! ```
//! let answer = judge_io::run::<werewolf::Werewolf>(&[], b"5 2 2\n-2\n+3\n-4\n+5\n+4\n");
//! assert_eq!(answer.unwrap(), "4 1\n");
//! ```

mod knapsack;

use std::cmp::Ordering;
use std::collections::HashMap;
use std::io::Read;
use std::rc::Rc;

use judge_io::{Args, Error, Input, Problem, Target};

use knapsack::Shape;

/// The `werewolf` binary: no flags (the contract above), or `--judge
/// pat-a1148` (see [`Contract::PatA1148`]); one game on standard input.
pub struct Werewolf;

impl Problem for Werewolf {
    const USAGE: &'static str = "usage: werewolf [--judge pat-a1148] < INPUT\n\
        \n\
        Reads `N M L` and N statements (`+j` or `j`: player j is a human; `-j`:\n\
        player j is a werewolf), one per player. Prints the werewolves of the\n\
        largest set with M werewolves, exactly L false statements, and at least\n\
        one lying and one truthful werewolf, in descending order; or\n\
        `No Solution`.\n\
        \n\
        --judge pat-a1148: reads `N` and N statements; M = L = 2; prints the\n\
        smallest pair, in ascending order, or `No Solution`.\n";

    const TARGETS: &'static [Target<Contract>] = &[Target {
        name: "pat-a1148",
        problem: "PAT (Advanced) 1148 Werewolf - Simple Version",
        flags: || Contract::PatA1148,
    }];

    type Flags = Contract;
    type Case = Game;

    fn flags(_args: &mut Args) -> Result<Contract, Error> {
        Ok(Contract::Largest)
    }

    fn read<R: Read>(contract: &Contract, input: &mut Input<R>) -> Result<Game, Error> {
        match contract {
            Contract::Largest => parse(input),
            Contract::PatA1148 => parse_pat_a1148(input),
        }
    }

    fn solve(contract: &Contract, game: Game) -> Result<String, Error> {
        Ok(render(&solve_in_order(&game, contract.order())?))
    }
}

/// The contract the binary answers: which header it reads, which set it
/// names and in which order it lists it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Contract {
    /// The default (PTA "Werewolf"): `N M L`, the largest valid set, in
    /// descending order.
    Largest,
    /// PAT (Advanced) 1148 "Werewolf - Simple Version": the header is `N`
    /// alone, M = L = 2 (so exactly one of the two werewolves lies), and the
    /// answer is the smallest valid pair, in ascending order.
    PatA1148,
}

impl Contract {
    /// The order the contract picks its set in.
    pub fn order(self) -> Order {
        match self {
            Contract::Largest => Order::Largest,
            Contract::PatA1148 => Order::Smallest,
        }
    }
}

/// Which valid set is the answer, and how it is listed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    /// The largest set: compare the descending lists element by element,
    /// the first larger element wins. Listed in descending order.
    Largest,
    /// The smallest set: compare the ascending lists element by element,
    /// the first smaller element wins. Listed in ascending order.
    Smallest,
}

/// One player's statement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Statement {
    /// The player the statement is about, counted from 0.
    pub about: usize,
    /// True for "is a werewolf" (`-j`), false for "is a human" (`+j`, `j`).
    pub claims_werewolf: bool,
}

/// A game as read from the input.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Game {
    /// The number of werewolves M (at most the number of players).
    pub werewolves: usize,
    /// The number of false statements L (at most the number of players).
    pub liars: usize,
    /// One statement per player, player 1's first.
    pub statements: Vec<Statement>,
}

/// The answer to a game.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The werewolves of the answer, counted from 0, listed in the order's
    /// order (descending for [`Order::Largest`], ascending for
    /// [`Order::Smallest`]).
    Werewolves(Vec<usize>),
    /// No set satisfies every condition.
    NoSolution,
}

/// Reads `N M L` and the N statements, rejecting anything the contract does
/// not allow. The statements are collected as they arrive, so a huge N with
/// a short input is an error at the end of the input, not an allocation.
pub fn parse<R: Read>(input: &mut Input<R>) -> Result<Game, Error> {
    let players = input.int_in::<u64>("the number of players N", 1..=u64::MAX)?;
    let werewolves = input.int_in::<u64>("the number of werewolves M", 0..=players)?;
    let liars = input.int_in::<u64>("the number of liars L", 0..=players)?;
    Ok(Game {
        werewolves: to_index(werewolves),
        liars: to_index(liars),
        statements: parse_statements(input, players)?,
    })
}

/// Reads the PAT 1148 input, `N` and the N statements, as a game with two
/// werewolves and two liars. Any `N >= 1` is accepted (the statement
/// promises 5 to 100); with one player there is no pair, so `No Solution`.
pub fn parse_pat_a1148<R: Read>(input: &mut Input<R>) -> Result<Game, Error> {
    let players = input.int_in::<u64>("the number of players N", 1..=u64::MAX)?;
    Ok(Game {
        werewolves: 2,
        liars: 2,
        statements: parse_statements(input, players)?,
    })
}

/// Reads one statement per player, checking each as it arrives.
fn parse_statements<R: Read>(input: &mut Input<R>, players: u64) -> Result<Vec<Statement>, Error> {
    let mut statements = Vec::new();
    for speaker in 1..=players {
        let what = format!("player {speaker}'s statement");
        let token = input.token(&what)?;
        let (claims_werewolf, digits) = match token.text.split_first() {
            Some((b'-', rest)) => (true, rest),
            Some((b'+', rest)) => (false, rest),
            _ => (false, token.text),
        };
        if !digits.first().map_or(false, u8::is_ascii_digit) {
            return Err(Error::at(
                token.pos,
                format!(
                    "expected {what} (+j, j or -j with j from 1 to {players}), found {}",
                    judge_io::quote(token.text)
                ),
            ));
        }
        let number = judge_io::parse_int_in(
            judge_io::Token {
                text: digits,
                pos: token.pos,
            },
            &what,
            1..=players,
        )
        .map_err(|_| {
            Error::at(
                token.pos,
                format!(
                    "the player in {what} must be from 1 to {players}, found {}",
                    judge_io::quote(token.text)
                ),
            )
        })?;
        statements.push(Statement {
            about: to_index(number - 1),
            claims_werewolf,
        });
    }
    Ok(statements)
}

/// Finds the largest valid werewolf set (see the crate docs for the method),
/// listed in descending order: `solve_in_order(game, Order::Largest)`.
///
/// # Errors
///
/// An input error, before anything big is allocated, when the search would
/// need more than [`MEMORY_LIMIT_BYTES`].
pub fn solve(game: &Game) -> Result<Verdict, Error> {
    solve_in_order(game, Order::Largest)
}

/// Finds the largest or the smallest valid werewolf set. The smallest is the
/// largest of the mirrored game (see [`mirror`]), mirrored back.
///
/// # Errors
///
/// As [`solve`]: the memory limit.
pub fn solve_in_order(game: &Game, order: Order) -> Result<Verdict, Error> {
    if game.werewolves > game.statements.len() {
        return Ok(Verdict::NoSolution);
    }
    Ok(match order {
        Order::Largest => largest(game)?,
        Order::Smallest => match largest(&mirror(game))? {
            Verdict::Werewolves(players) => {
                let last = game.statements.len() - 1;
                Verdict::Werewolves(players.iter().map(|&player| last - player).collect())
            }
            Verdict::NoSolution => Verdict::NoSolution,
        },
    })
}

/// The largest valid set found by the worst-case guard alone (the search
/// by top werewolf that [`solve`] hands over to after N witness-choice
/// runs; see "Complexity" in the crate docs), in descending order. Exposed
/// so that tests and benchmarks can run the guard on any game; [`solve`] is
/// the one to call, and gives the same answer.
///
/// # Errors
///
/// As [`solve`]: the memory limit.
pub fn solve_by_top_werewolf(game: &Game) -> Result<Verdict, Error> {
    if game.werewolves > game.statements.len() {
        return Ok(Verdict::NoSolution);
    }
    Ok(
        match Solver::new(game, TABLE_BUDGET)?.largest_by_top(None)? {
            Some(werewolves) => Verdict::Werewolves(werewolves),
            None => Verdict::NoSolution,
        },
    )
}

/// The most memory the solver may use beyond the game it was given: 1 GiB.
/// Every allocation whose size comes from the input is counted against it
/// before it is made, so a game past the limit is refused with one input
/// error instead of an out-of-memory abort.
pub const MEMORY_LIMIT_BYTES: usize = 1 << 30;

/// The game with player `i` renamed `N + 1 - i` (counted from 1): player
/// `N + 1 - i` makes player i's statement, about `N + 1 - j` instead of j.
///
/// Renaming keeps every status, every lie and every count, so a set is valid
/// in the game exactly when its image is valid in the mirror. And it turns
/// order around: `x < y` exactly when `N + 1 - x > N + 1 - y`, so a set's
/// ascending list maps element by element to its image's descending list,
/// and "the first smaller element of the ascending lists wins" between two
/// sets is "the first larger element of the descending lists wins" between
/// their images. Hence the smallest valid set of the game is the image of
/// the largest valid set of the mirror, already in ascending order.
pub fn mirror(game: &Game) -> Game {
    let last = game.statements.len().saturating_sub(1);
    Game {
        werewolves: game.werewolves,
        liars: game.liars,
        statements: game
            .statements
            .iter()
            .rev()
            .map(|statement| Statement {
                about: last - statement.about,
                claims_werewolf: statement.claims_werewolf,
            })
            .collect(),
    }
}

fn largest(game: &Game) -> Result<Verdict, Error> {
    Ok(match Solver::new(game, TABLE_BUDGET)?.largest_valid()? {
        Some(werewolves) => Verdict::Werewolves(werewolves),
        None => Verdict::NoSolution,
    })
}

/// The output line: the werewolves counted from 1 in the verdict's order,
/// or `No Solution`.
pub fn render(verdict: &Verdict) -> String {
    match verdict {
        Verdict::NoSolution => "No Solution\n".to_string(),
        Verdict::Werewolves(players) => {
            let mut line = String::new();
            for (position, player) in players.iter().enumerate() {
                if position > 0 {
                    line.push(' ');
                }
                line.push_str(&(player + 1).to_string());
            }
            line.push('\n');
            line
        }
    }
}

/// True when `is_werewolf` (one flag per player) satisfies every condition:
/// M werewolves, exactly L false statements, a lying and a truthful werewolf.
pub fn is_valid(game: &Game, is_werewolf: &[bool]) -> bool {
    let lies = |statement: &Statement| is_werewolf[statement.about] != statement.claims_werewolf;
    let werewolves = is_werewolf.iter().filter(|&&wolf| wolf).count();
    let liars = game.statements.iter().filter(|s| lies(s)).count();
    let wolf_statements = || {
        game.statements
            .iter()
            .zip(is_werewolf)
            .filter(|(_, wolf)| **wolf)
            .map(|(statement, _)| lies(statement))
    };
    werewolves == game.werewolves
        && liars == game.liars
        && wolf_statements().any(|lie| lie)
        && wolf_statements().any(|lie| !lie)
}

/// The index of a value that was checked to be at most the number of
/// statements read, which fit in memory.
fn to_index(value: u64) -> usize {
    usize::try_from(value).unwrap_or(usize::MAX)
}

/// Players fixed to a status, sorted by player, no player twice.
type Fixed = Vec<(usize, bool)>;

/// The largest set of one family, as descending players; `None` is smaller
/// than every set.
type Best = Option<Vec<usize>>;

struct Solver<'a> {
    game: &'a Game,
    /// `weight[j]`: the change in the number of liars when j is a werewolf.
    weight: Vec<i64>,
    /// The weight the werewolves must add up to: L minus the "werewolf" claims.
    target: i64,
    /// The shape of every table: counts up to M, every reachable sum.
    shape: Shape,
    /// When they fit in [`TABLE_BUDGET`]: the tables of the players below
    /// each player (and of all of them), nothing fixed, back to back.
    prefix: Option<Vec<u64>>,
    /// Feasibility tables (all players but some), by the sorted weights of
    /// the players left out.
    feasible: HashMap<Vec<i64>, Vec<u64>>,
    /// The buffers of [`Solver::below`], reused from walk to walk.
    kept: Vec<u64>,
    block: Vec<u64>,
    /// Witness choices tried in descending order of bound before
    /// [`Solver::largest_by_top`] takes over: N.
    choice_runs: usize,
    /// What has been counted against [`MEMORY_LIMIT_BYTES`].
    memory: Memory,
}

/// Words of memory counted against [`MEMORY_LIMIT_BYTES`].
struct Memory {
    words: usize,
    players: usize,
    werewolves: usize,
}

impl Memory {
    /// Counts `words` more, or refuses (with what they are for) when that
    /// passes the limit. Callers reserve before they allocate.
    fn reserve(&mut self, words: usize, what: &str) -> Result<(), Error> {
        let total = self.words.saturating_add(words);
        if total > MEMORY_LIMIT_BYTES / 8 {
            return Err(Error::input(format!(
                "N = {} and M = {} need more than the {} MiB memory limit \
                 ({what}: {} MiB)",
                self.players,
                self.werewolves,
                MEMORY_LIMIT_BYTES >> 20,
                words.saturating_mul(8) >> 20
            )));
        }
        self.words = total;
        Ok(())
    }
}

/// Words counted per player for the solver's vectors of one or a few
/// entries per player (weights, statuses, bounds' slots, orders).
const WORDS_PER_PLAYER: usize = 16;

/// Words of tables kept for one search: every player's table is kept when
/// all of them fit, checkpoints otherwise (32 MiB).
const TABLE_BUDGET: usize = 1 << 22;

/// The feasibility cache stops growing past this many words of tables
/// (16 MiB).
const CACHE_WORDS: usize = 1 << 21;

impl<'a> Solver<'a> {
    fn new(game: &'a Game, table_budget: usize) -> Result<Solver<'a>, Error> {
        let players = game.statements.len();
        let mut memory = Memory {
            words: 0,
            players,
            werewolves: game.werewolves,
        };
        memory.reserve(players.saturating_mul(WORDS_PER_PLAYER), "per-player state")?;
        let mut weight = vec![0i64; players];
        let mut werewolf_claims = 0i64;
        for statement in &game.statements {
            if statement.claims_werewolf {
                weight[statement.about] -= 1;
                werewolf_claims += 1;
            } else {
                weight[statement.about] += 1;
            }
        }
        let lo: i64 = weight.iter().filter(|&&w| w < 0).sum();
        let hi: i64 = weight.iter().filter(|&&w| w > 0).sum();
        let liars = i64::try_from(game.liars).unwrap_or(i64::MAX);
        let shape = Shape::new(game.werewolves, lo, hi);
        let len = shape.len();
        let keep_prefix = len.saturating_mul(players + 1) <= table_budget;
        memory.reserve(table_words(len, players, keep_prefix), "subset-sum tables")?;
        memory.reserve(CACHE_WORDS, "feasibility cache")?;
        let prefix = keep_prefix.then(|| {
            let mut prefix = vec![0; len * (players + 1)];
            shape.clear(&mut prefix[..len]);
            for (player, &weight) in weight.iter().enumerate() {
                let (head, tail) = prefix.split_at_mut((player + 1) * len);
                shape.add(&head[player * len..], &mut tail[..len], weight);
            }
            prefix
        });
        Ok(Solver {
            game,
            weight,
            target: liars - werewolf_claims,
            shape,
            prefix,
            feasible: HashMap::new(),
            kept: Vec::new(),
            block: Vec::new(),
            choice_runs: players,
            memory,
        })
    }

    fn largest_valid(&mut self) -> Result<Best, Error> {
        let players = self.game.statements.len();
        if self.game.werewolves < 2 {
            return Ok(None);
        }
        // Every valid set honours the choice of its own witnesses: with no
        // consistent choice there is no valid set.
        let pairs = || {
            (0..players).flat_map(move |liar| {
                (0..players)
                    .filter(move |&truthful| truthful != liar)
                    .map(move |truthful| (liar, truthful))
            })
        };
        if !pairs().any(|(liar, truthful)| self.witness_choice(liar, truthful).is_some()) {
            return Ok(None);
        }
        // Nothing fixed: the largest set with the right counts bounds all.
        let top = match self.largest_with(&[]) {
            Some(top) => top,
            None => return Ok(None),
        };
        if self.is_valid_set(&top) {
            return Ok(Some(top));
        }
        // One player fixed: bounds, and valid sets to start from. A fixing
        // the top set honours has the top set as its bound (no run); the
        // others that some choice uses are computed together.
        let mut top_flags = vec![false; players];
        for &player in &top {
            top_flags[player] = true;
        }
        let mut used = vec![[false; 2]; players];
        for (liar, truthful) in pairs() {
            for &(player, status) in self.witness_choice(liar, truthful).iter().flatten() {
                used[player][usize::from(status)] |= top_flags[player] != status;
            }
        }
        let fixings: Vec<(usize, bool)> = (0..players)
            .flat_map(|player| [(player, false), (player, true)])
            .filter(|&(player, status)| used[player][usize::from(status)])
            .collect();
        // The top set is shared by every fixing it honours, not copied.
        let top_bound = Rc::new(Some(top));
        let mut single: Vec<[Bound; 2]> = (0..players)
            .map(|player| {
                let mut bounds = [Bound::Unknown, Bound::Unknown];
                bounds[usize::from(top_flags[player])] = Bound::Known(Rc::clone(&top_bound));
                bounds
            })
            .collect();
        let mut best: Best = None;
        for run in self.single_bounds(&fixings)? {
            let (player, status) = (run.player, run.status);
            let bound = run.largest();
            if let Some(set) = &bound {
                if self.is_valid_set(set) && compare(&bound, &best) == Ordering::Greater {
                    self.memory
                        .reserve(self.game.werewolves + 4, "the best set so far")?;
                    best = bound.clone();
                }
            }
            single[player][usize::from(status)] = Bound::Known(Rc::new(bound));
        }
        // The choices that may still beat the best set, with the fixing
        // that bounds them most, in descending order of that bound. Every
        // fixing a choice uses has a known bound.
        let mut ranked: Vec<(usize, usize, usize, usize)> = Vec::new();
        for (liar, truthful) in pairs() {
            let fixed = match self.witness_choice(liar, truthful) {
                Some(fixed) => fixed,
                None => continue,
            };
            if is_dead(&single, &fixed, &best) {
                continue;
            }
            let tightest = fixed
                .iter()
                .min_by(|a, b| compare(known(&single, a), known(&single, b)));
            let &(player, status) = match tightest {
                Some(fixing) => fixing,
                None => continue,
            };
            self.memory.reserve(4, "ranked witness choices")?;
            ranked.push((player, usize::from(status), liar, truthful));
        }
        ranked.sort_by(|a, b| {
            compare(
                known(&single, &(b.0, b.1 == 1)),
                known(&single, &(a.0, a.1 == 1)),
            )
            .then_with(|| (a.2, a.3).cmp(&(b.2, b.3)))
        });
        for (tried, &(player, status, liar, truthful)) in ranked.iter().enumerate() {
            if compare(known(&single, &(player, status == 1)), &best) != Ordering::Greater {
                break;
            }
            if tried == self.choice_runs {
                return self.largest_by_top(best);
            }
            let fixed = match self.witness_choice(liar, truthful) {
                Some(fixed) => fixed,
                None => continue,
            };
            if !self.admits_a_set(&fixed) {
                continue;
            }
            let found = self.largest_with(&fixed);
            if compare(&found, &best) == Ordering::Greater {
                best = found;
            }
        }
        Ok(best)
    }

    /// The largest valid set, or `best` if none is larger, by the top
    /// werewolf: the guard that bounds the worst case (see "Complexity" in
    /// the crate docs). A valid set's top werewolf is one of its witnesses,
    /// so the valid sets with top werewolf `top` are the union of the *top
    /// choices* of `top`: a witness choice of `top` and a player below it,
    /// with every player above `top` a human. Sets with a higher top are
    /// larger, so the answer comes from the highest `top` with any top
    /// choice that admits a set: the tops are tried from the highest down,
    /// all the choices of one top decided together
    /// ([`Solver::top_choices_admitting`]), and only the admitting choices
    /// of the first top that has any are run (at most `2 top` of them).
    fn largest_by_top(&mut self, mut best: Best) -> Result<Best, Error> {
        let players = self.weight.len();
        // A set with a lower top than the best set so far is smaller.
        let floor = best.as_ref().map_or(1, |set| set[0].max(1));
        let len = self.shape.len();
        let queries = 2 * players;
        self.memory.reserve(
            knapsack::without_words(len, players, queries, 3 * queries)
                .saturating_add(40 * queries)
                .saturating_add(players),
            "the top-werewolf search",
        )?;
        for top in (floor..players).rev() {
            let admitting = self.top_choices_admitting(top);
            if admitting.is_empty() {
                continue;
            }
            for mut fixed in admitting {
                fixed.extend((top + 1..players).map(|player| (player, false)));
                let found = self.largest_with(&fixed);
                if compare(&found, &best) == Ordering::Greater {
                    best = found;
                }
            }
            break;
        }
        Ok(best)
    }

    /// The top choices of `top` (see [`Solver::largest_by_top`]) that admit
    /// a set with the right counts, each as its fixed players up to `top`
    /// (sorted). Whether a choice admits a set is one look-up in the table
    /// of the players below `top` but its fixed ones; equal weights are
    /// interchangeable there, so each fixed player is replaced by the first
    /// unused player of its weight, and the tables of all choices come from
    /// one offline-deletion walk ([`knapsack::for_each_without`]).
    fn top_choices_admitting(&self, top: usize) -> Vec<Fixed> {
        let mut choices: Vec<Fixed> = (0..top)
            .flat_map(|other| [(top, other), (other, top)])
            .filter_map(|(liar, truthful)| self.witness_choice(liar, truthful))
            // Above the top every player is a human.
            .filter(|fixed| fixed.iter().all(|&(player, wolf)| player <= top || !wolf))
            .map(|fixed| {
                fixed
                    .into_iter()
                    .filter(|&(player, _)| player <= top)
                    .collect()
            })
            .collect();
        choices.sort_unstable();
        choices.dedup();
        let mut copies: HashMap<i64, Vec<usize>> = HashMap::new();
        for (player, &weight) in self.weight[..top].iter().enumerate() {
            copies.entry(weight).or_default().push(player);
        }
        let mut without: Vec<Vec<usize>> = Vec::new();
        let mut query_of: HashMap<Vec<usize>, usize> = HashMap::new();
        let mut asks: Vec<(usize, Option<(usize, i64)>)> = Vec::with_capacity(choices.len());
        for fixed in &choices {
            let mut used: HashMap<i64, usize> = HashMap::new();
            let mut stand_ins: Vec<usize> = fixed
                .iter()
                .filter(|&&(player, _)| player < top)
                .map(|&(player, _)| {
                    let weight = self.weight[player];
                    let nth = used.entry(weight).or_insert(0);
                    *nth += 1;
                    copies[&weight][*nth - 1]
                })
                .collect();
            stand_ins.sort_unstable();
            let next = without.len();
            let query = *query_of.entry(stand_ins.clone()).or_insert(next);
            if query == next {
                without.push(stand_ins);
            }
            asks.push((query, self.remaining(fixed)));
        }
        let mut admits = vec![false; choices.len()];
        let mut by_query: Vec<Vec<usize>> = vec![Vec::new(); without.len()];
        for (choice, &(query, _)) in asks.iter().enumerate() {
            by_query[query].push(choice);
        }
        knapsack::for_each_without(
            &self.shape,
            &self.weight[..top],
            &without,
            |query, table| {
                for &choice in &by_query[query] {
                    if let (_, Some((count, sum))) = asks[choice] {
                        admits[choice] = self.shape.contains(table, count, sum);
                    }
                }
            },
        );
        choices
            .into_iter()
            .zip(admits)
            .filter_map(|(fixed, admits)| admits.then_some(fixed))
            .collect()
    }

    /// The largest set with the right counts for each fixing of one player,
    /// all at once (by fixing, in no particular order). Equal weights are interchangeable, so with `p` fixed the
    /// free players below a player `k > p` make the same (count, sum) pairs
    /// as the players below `k` but the first one of `p`'s weight: one walk
    /// down the players per weight serves every fixing of that weight above
    /// its player, and one walk down the plain tables serves them all from
    /// their player down (where the fixed player is not below).
    fn single_bounds(&mut self, fixings: &[(usize, bool)]) -> Result<Vec<Run>, Error> {
        let players = self.weight.len();
        let mut runs: Vec<Run> = Vec::with_capacity(fixings.len());
        for &(player, status) in fixings {
            self.memory
                .reserve(self.game.werewolves + 4, "single-fixing bounds")?;
            runs.push(Run {
                player,
                status,
                left: self.remaining(&[(player, status)]),
                wolves: Vec::with_capacity(self.game.werewolves),
            });
        }
        // Runs of one weight side by side, so each walk visits only its own.
        runs.sort_by_key(|run| (self.weight[run.player], run.player));
        let mut start = 0;
        while start < runs.len() {
            let weight = self.weight[runs[start].player];
            let same = runs[start..]
                .iter()
                .take_while(|run| self.weight[run.player] == weight);
            let group = start..start + same.count();
            start = group.end;
            let first: Vec<usize> = self
                .weight
                .iter()
                .position(|&w| w == weight)
                .into_iter()
                .collect();
            let mut below = self.below(&first);
            let all = below.table(self, players);
            for run in &mut runs[group.clone()] {
                if let Some((count, sum)) = run.left {
                    if !self.shape.contains(all, count, sum) {
                        run.left = None;
                    }
                }
            }
            for player in (0..players).rev() {
                let table = below.table(self, player);
                for run in runs[group.clone()]
                    .iter_mut()
                    .filter(|run| run.player < player)
                {
                    self.decide(player, table, run);
                }
            }
            self.give_back(below);
        }
        let mut below = self.below(&[]);
        for player in (0..players).rev() {
            let table = below.table(self, player);
            for run in runs.iter_mut().filter(|run| run.player >= player) {
                if run.player != player {
                    self.decide(player, table, run);
                } else if run.status && run.left.is_some() {
                    run.wolves.push(player);
                }
            }
        }
        self.give_back(below);
        Ok(runs)
    }

    /// One greedy step of `run`: `player` becomes a werewolf when the free
    /// players below it (`table`) can still make the counts left without it.
    fn decide(&self, player: usize, table: &[u64], run: &mut Run) {
        if let Some((count, sum)) = run.left {
            let weight = self.weight[player];
            if count > 0 && self.shape.contains(table, count - 1, sum - weight) {
                run.wolves.push(player);
                run.left = Some((count - 1, sum - weight));
            }
        }
    }

    /// The tables of the players below each player but those in `skip`
    /// (sorted), in the solver's buffers: below the first skipped player
    /// they are the shared prefix tables when those are kept, and from it
    /// up every table is kept; otherwise one every `sqrt N` players is kept
    /// (checkpoints) and [`Below::table`] rebuilds the others a block at a
    /// time.
    fn below(&mut self, skip: &[usize]) -> Below {
        let players = self.weight.len();
        let (first, step) = match &self.prefix {
            Some(_) => (skip.first().copied().unwrap_or(players), 1),
            None => (0, integer_sqrt(players).max(1)),
        };
        let len = self.shape.len();
        let (mut table, _) = self.start_table(first);
        let mut next = vec![0; len];
        let mut kept = std::mem::take(&mut self.kept);
        kept.clear();
        kept.reserve(len * ((players - first) / step + 1));
        kept.extend_from_slice(&table);
        for player in first..players {
            if skip.binary_search(&player).is_ok() {
                next.copy_from_slice(&table);
            } else {
                self.shape.add(&table, &mut next, self.weight[player]);
            }
            std::mem::swap(&mut table, &mut next);
            if (player + 1 - first) % step == 0 {
                kept.extend_from_slice(&table);
            }
        }
        let mut block = std::mem::take(&mut self.block);
        block.clear();
        block.resize(len * step, 0);
        Below {
            skip: skip.to_vec(),
            first,
            step,
            kept,
            block,
            block_slot: None,
        }
    }

    fn give_back(&mut self, below: Below) {
        self.kept = below.kept;
        self.block = below.block;
    }

    /// The players fixed by "statement `liar` is false, statement `truthful`
    /// is true, both speakers werewolves", or `None` if that contradicts itself.
    fn witness_choice(&self, liar: usize, truthful: usize) -> Option<Fixed> {
        let statements = &self.game.statements;
        let lying = statements[liar];
        let honest = statements[truthful];
        let mut fixed: Fixed = vec![
            (liar, true),
            (truthful, true),
            (lying.about, !lying.claims_werewolf),
            (honest.about, honest.claims_werewolf),
        ];
        fixed.sort_unstable();
        fixed.dedup();
        if fixed.windows(2).any(|pair| pair[0].0 == pair[1].0) {
            return None;
        }
        Some(fixed)
    }

    fn is_valid_set(&self, werewolves: &[usize]) -> bool {
        let mut flags = vec![false; self.game.statements.len()];
        for &player in werewolves {
            flags[player] = true;
        }
        is_valid(self.game, &flags)
    }

    /// The free count and weight the werewolves outside `fixed` must make.
    fn remaining(&self, fixed: &[(usize, bool)]) -> Option<(usize, i64)> {
        let fixed_wolves = fixed.iter().filter(|&&(_, wolf)| wolf);
        let count = fixed_wolves.clone().count();
        let weight: i64 = fixed_wolves.map(|&(player, _)| self.weight[player]).sum();
        Some((
            self.game.werewolves.checked_sub(count)?,
            self.target - weight,
        ))
    }

    /// Whether any set with the right counts honours `fixed`. Equal weights
    /// are interchangeable, so the answer depends only on the weights of the
    /// fixed players, and tables are cached by them.
    fn admits_a_set(&mut self, fixed: &[(usize, bool)]) -> bool {
        let (count, sum) = match self.remaining(fixed) {
            Some(remaining) => remaining,
            None => return false,
        };
        let mut key: Vec<i64> = fixed
            .iter()
            .map(|&(player, _)| self.weight[player])
            .collect();
        key.sort_unstable();
        if let Some(table) = self.feasible.get(&key) {
            return self.shape.contains(table, count, sum);
        }
        let mut status = vec![false; self.weight.len()];
        for &(player, _) in fixed {
            status[player] = true;
        }
        let first = fixed
            .first()
            .map_or(self.weight.len(), |&(player, _)| player);
        let (mut table, start) = self.start_table(first);
        let mut next = vec![0; self.shape.len()];
        for (player, &weight) in self.weight.iter().enumerate().skip(start) {
            if !status[player] {
                self.shape.add(&table, &mut next, weight);
                std::mem::swap(&mut table, &mut next);
            }
        }
        let answer = self.shape.contains(&table, count, sum);
        if (self.feasible.len() + 1) * self.shape.len() <= CACHE_WORDS {
            self.feasible.insert(key, table);
        }
        answer
    }

    /// The table of the players below `first` (from the shared prefix
    /// tables when they are kept, else of no player) and the player it is
    /// below.
    fn start_table(&self, first: usize) -> (Vec<u64>, usize) {
        let len = self.shape.len();
        match &self.prefix {
            Some(prefix) => (prefix[first * len..(first + 1) * len].to_vec(), first),
            None => {
                let mut table = vec![0; len];
                self.shape.clear(&mut table);
                (table, 0)
            }
        }
    }

    /// The largest set with the right counts that honours `fixed` (sorted by
    /// player): players are decided from the top, each becoming a werewolf
    /// when the free players below it can still complete the counts.
    fn largest_with(&mut self, fixed: &[(usize, bool)]) -> Best {
        let (count, sum) = self.remaining(fixed)?;
        let skip: Vec<usize> = fixed.iter().map(|&(player, _)| player).collect();
        let mut below = self.below(&skip);
        let players = self.weight.len();
        // A run of its own: the fixed players are in `fixed`, so `player`
        // (past the last one) and `status` are not used.
        let mut run = Run {
            player: players,
            status: false,
            left: Some((count, sum)),
            wolves: Vec::with_capacity(self.game.werewolves),
        };
        if !self.shape.contains(below.table(self, players), count, sum) {
            run.left = None;
        }
        for player in (0..players).rev() {
            match fixed.binary_search_by_key(&player, |&(fixed, _)| fixed) {
                Ok(index) if fixed[index].1 => run.wolves.push(player),
                Ok(_) => {}
                Err(_) => self.decide(player, below.table(self, player), &mut run),
            }
        }
        self.give_back(below);
        run.largest()
    }
}

/// One single-fixing search in progress: the fixed player and status, the
/// count and weight still to make (`None` once no set is possible), and the
/// werewolves so far, from the top.
struct Run {
    player: usize,
    status: bool,
    left: Option<(usize, i64)>,
    wolves: Vec<usize>,
}

impl Run {
    /// The set found, once the walk is done.
    fn largest(self) -> Best {
        self.left.map(|_| self.wolves)
    }
}

/// The tables of the players below `k` but the skipped ones, handed out
/// for `k` from the top down ([`Solver::below`] makes them).
struct Below {
    skip: Vec<usize>,
    first: usize,
    step: usize,
    kept: Vec<u64>,
    block: Vec<u64>,
    block_slot: Option<usize>,
}

impl Below {
    /// The table of the players `0..k` but the skipped ones; `k` may only
    /// stay or go down from one call to the next (each block is rebuilt
    /// once).
    fn table<'t>(&'t mut self, solver: &'t Solver<'_>, k: usize) -> &'t [u64] {
        let len = solver.shape.len();
        if let (Some(prefix), true) = (&solver.prefix, k < self.first) {
            return &prefix[k * len..(k + 1) * len];
        }
        let (slot, offset) = ((k - self.first) / self.step, (k - self.first) % self.step);
        if offset == 0 {
            return &self.kept[slot * len..(slot + 1) * len];
        }
        if self.block_slot != Some(slot) {
            self.block_slot = Some(slot);
            self.block[..len].copy_from_slice(&self.kept[slot * len..(slot + 1) * len]);
            for inner in 1..=offset {
                let (done, rest) = self.block.split_at_mut(inner * len);
                let source = &done[(inner - 1) * len..];
                let player = self.first + slot * self.step + inner - 1;
                if self.skip.binary_search(&player).is_ok() {
                    rest[..len].copy_from_slice(source);
                } else {
                    solver
                        .shape
                        .add(source, &mut rest[..len], solver.weight[player]);
                }
            }
        }
        &self.block[offset * len..(offset + 1) * len]
    }
}

/// What is known of the largest set with one player fixed.
#[derive(Debug, Clone)]
enum Bound {
    /// Not computed (yet).
    Unknown,
    /// The largest set, or `None` when no set has the right counts.
    Known(Rc<Best>),
}

/// The bound of a fixing that is known (every fixing a live choice uses is).
fn known<'b>(single: &'b [[Bound; 2]], &(player, status): &(usize, bool)) -> &'b Best {
    match &single[player][usize::from(status)] {
        Bound::Known(bound) => bound,
        Bound::Unknown => &None,
    }
}

/// True when a known bound of one of the fixings shows that the choice
/// cannot beat `best`: it admits no set, or its largest set is no larger.
fn is_dead(single: &[[Bound; 2]], fixed: &[(usize, bool)], best: &Best) -> bool {
    fixed.iter().any(
        |&(player, status)| match &single[player][usize::from(status)] {
            Bound::Known(bound) => compare(bound, best) != Ordering::Greater,
            Bound::Unknown => false,
        },
    )
}

/// Orders sets as the contract does (descending lists, first difference
/// wins); every set beats none.
fn compare(a: &Best, b: &Best) -> Ordering {
    match (a, b) {
        (None, None) => Ordering::Equal,
        (None, Some(_)) => Ordering::Less,
        (Some(_), None) => Ordering::Greater,
        (Some(a), Some(b)) => a.cmp(b),
    }
}

/// Words of tables one solver may hold at once: the shared prefix tables and
/// a run's tables when they fit in the table budget, else a run's
/// checkpoints and one block; plus two scratch tables for a run and two for
/// a feasibility look-up. Mirrors what [`Solver::below`] keeps.
fn table_words(len: usize, players: usize, keep_prefix: bool) -> usize {
    let tables = if keep_prefix {
        players
            .saturating_add(1)
            .saturating_mul(2)
            .saturating_add(1)
    } else {
        let step = integer_sqrt(players).max(1);
        (players / step + 1).saturating_add(step)
    };
    len.saturating_mul(tables.saturating_add(4))
}

fn integer_sqrt(value: usize) -> usize {
    let mut root = 0usize;
    while (root + 1).saturating_mul(root + 1) <= value {
        root += 1;
    }
    root
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(input: &str) -> String {
        judge_io::run::<Werewolf>(&[], input.as_bytes()).unwrap()
    }

    fn error(input: &str) -> String {
        judge_io::run::<Werewolf>(&[], input.as_bytes())
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn the_four_samples() {
        assert_eq!(answer("5 2 2\n-2\n+3\n-4\n+5\n+4\n"), "4 1\n");
        assert_eq!(answer("6 2 3\n-2\n+3\n-4\n+5\n+4\n-3\n"), "6 4\n");
        assert_eq!(answer("6 2 5\n-2\n+3\n-4\n+5\n+4\n+6\n"), "No Solution\n");
        assert_eq!(answer("5 2 5\n-2\n-3\n-4\n-5\n-1\n"), "No Solution\n");
    }

    #[test]
    fn an_unsigned_player_means_a_human_claim() {
        assert_eq!(answer("5 2 2 -2 3 -4 5 4"), "4 1\n");
    }

    #[test]
    fn fewer_than_two_werewolves_never_works() {
        assert_eq!(answer("1 1 1 +1"), "No Solution\n");
        assert_eq!(answer("2 0 0 +1 +2"), "No Solution\n");
    }

    #[test]
    fn self_statements_decide_their_speakers_truth() {
        // 1 says "I am a human" (a lie if a werewolf), 2 says "I am a
        // werewolf" (true if a werewolf): both werewolves, 2 liars? No: 1
        // lies, 2 tells the truth, 3 says 1 is human (a lie): L = 2.
        assert_eq!(answer("3 2 2 +1 -2 +1"), "2 1\n");
    }

    #[test]
    fn statements_are_checked_one_by_one() {
        assert_eq!(
            error("3 1 1 +1 - +2"),
            "line 1, column 10 (token 5): expected player 2's statement (+j, j or -j with j from 1 to 3), found \"-\""
        );
        assert_eq!(
            error("3 1 1 +1 +0 +2"),
            "line 1, column 10 (token 5): the player in player 2's statement must be from 1 to 3, found \"+0\""
        );
        assert_eq!(
            error("3 1 1 +1 ++2 +2"),
            "line 1, column 10 (token 5): expected player 2's statement (+j, j or -j with j from 1 to 3), found \"++2\""
        );
        assert_eq!(
            error("3 1 1 +1 +2"),
            "line 1, column 12: expected player 3's statement, found end of input"
        );
        assert_eq!(
            error("3 4 1 +1 +2 +3"),
            "line 1, column 3 (token 2): the number of werewolves M must be from 0 to 3, found \"4\""
        );
    }

    #[test]
    fn a_huge_player_count_with_a_short_input_is_an_error_not_an_allocation() {
        assert_eq!(
            error("1000000000000000000 2 2 +1 +2"),
            "line 1, column 30: expected player 3's statement, found end of input"
        );
    }

    /// A seeded xorshift generator: `next(bound)` is below `bound`.
    fn xorshift(mut state: u64) -> impl FnMut(usize) -> usize {
        move |bound: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            usize::try_from(state % bound as u64).unwrap()
        }
    }

    /// A random game of `players`, each speaking about one of the first
    /// `spoken` players (few spoken about: few weights, many equal ones).
    fn random_game(next: &mut impl FnMut(usize) -> usize, players: usize, spoken: usize) -> Game {
        let statements = (0..players)
            .map(|_| Statement {
                about: next(spoken),
                claims_werewolf: next(2) == 1,
            })
            .collect();
        Game {
            werewolves: next(players + 1),
            liars: next(players + 1),
            statements,
        }
    }

    #[test]
    fn checkpointed_tables_give_the_same_answers_as_kept_ones() {
        let mut next = xorshift(0x1234_5678_9abc_def0u64);
        for _ in 0..3000 {
            let players = 1 + next(14);
            let game = random_game(&mut next, players, players);
            let kept = Solver::new(&game, TABLE_BUDGET)
                .unwrap()
                .largest_valid()
                .unwrap();
            let checkpointed = Solver::new(&game, 0).unwrap().largest_valid().unwrap();
            assert_eq!(kept, checkpointed, "{game:?}");
        }
    }

    /// The batched bounds lean on equal weights being interchangeable (the
    /// first player of a weight stands in for the fixed one): each must
    /// equal a greedy run that leaves out the fixed player itself, with
    /// kept tables and with checkpoints.
    #[test]
    fn batched_single_fixing_bounds_equal_one_run_per_fixing() {
        let mut next = xorshift(0x0fed_cba9_8765_4321u64);
        for round in 0..2000 {
            let players = 2 + next(20);
            // Statements about a few players: few weights, many equal ones.
            let spoken = 1 + next(players);
            let game = random_game(&mut next, players, spoken);
            let fixings: Vec<(usize, bool)> = (0..players)
                .flat_map(|player| [(player, false), (player, true)])
                .collect();
            let budget = if round % 2 == 0 { TABLE_BUDGET } else { 0 };
            let mut solver = Solver::new(&game, budget).unwrap();
            for run in solver.single_bounds(&fixings).unwrap() {
                let fixing = (run.player, run.status);
                let alone = solver.largest_with(&[fixing]);
                assert_eq!(run.largest(), alone, "{fixing:?} in {game:?}");
            }
        }
    }

    /// Every valid set, smallest first, found by checking every set:
    /// obviously right, for a few players. Valid sets all have M players,
    /// so comparing their descending lists as vectors is the contract's
    /// order.
    fn every_valid_set(game: &Game) -> Vec<Vec<usize>> {
        let players = game.statements.len();
        let mut sets: Vec<Vec<usize>> = (0u32..1 << players)
            .filter_map(|mask| {
                let flags: Vec<bool> = (0..players).map(|p| mask >> p & 1 == 1).collect();
                let set = (0..players).rev().filter(|&p| flags[p]).collect::<Vec<_>>();
                is_valid(game, &flags).then_some(set)
            })
            .collect();
        sets.sort_unstable();
        sets
    }

    /// The worst-case guard is a whole solver on its own: from no set at
    /// all, or from any valid set as the best so far, it must find the
    /// largest valid set, with kept tables and with checkpoints; and the
    /// solver that hands over to it at once (no witness-choice run) must
    /// still be right.
    #[test]
    fn the_top_werewolf_search_finds_the_largest_valid_set() {
        let mut next = xorshift(0x5eed_0f70_b5e5_d00du64);
        for round in 0..20_000 {
            let players = 1 + next(10);
            let spoken = 1 + next(players);
            let mut game = random_game(&mut next, players, spoken);
            if round % 2 == 0 && players >= 2 {
                // Half the games get the counts of a random set of 2 or more.
                let flags: Vec<bool> = (0..players).map(|_| next(2) == 1).collect();
                game.werewolves = flags.iter().filter(|&&wolf| wolf).count().max(2);
                game.liars = game
                    .statements
                    .iter()
                    .filter(|s| flags[s.about] != s.claims_werewolf)
                    .count();
            }
            let valid = every_valid_set(&game);
            let expected = valid.last().cloned();
            let budget = if round % 3 == 0 { 0 } else { TABLE_BUDGET };
            let mut guard = Solver::new(&game, budget).unwrap();
            assert_eq!(guard.largest_by_top(None).unwrap(), expected, "{game:?}");
            if !valid.is_empty() {
                let start = valid[next(valid.len())].clone();
                let mut guard = Solver::new(&game, budget).unwrap();
                let found = guard.largest_by_top(Some(start.clone())).unwrap();
                assert_eq!(found, expected, "from {start:?} in {game:?}");
            }
            let mut handing_over = Solver::new(&game, budget).unwrap();
            handing_over.choice_runs = 0;
            assert_eq!(handing_over.largest_valid().unwrap(), expected, "{game:?}");
        }
    }

    fn pat(input: &str) -> String {
        judge_io::run::<Werewolf>(&["--judge", "pat-a1148"], input.as_bytes()).unwrap()
    }

    #[test]
    fn the_three_pat_a1148_samples() {
        assert_eq!(pat("5\n-2\n+3\n-4\n+5\n+4\n"), "1 4\n");
        assert_eq!(pat("6\n+6\n+3\n+1\n-5\n-2\n+4\n"), "1 5\n");
        assert_eq!(pat("5\n-2\n-3\n-4\n-5\n-1\n"), "No Solution\n");
    }

    #[test]
    fn pat_a1148_with_one_player_has_no_pair() {
        assert_eq!(pat("1 +1"), "No Solution\n");
    }

    #[test]
    fn pat_a1148_reads_no_m_or_l() {
        // N = 2 and the statements "2", "2": the third number is extra.
        let error = judge_io::run::<Werewolf>(&["--judge", "pat-a1148"], b"2 2 2 +1 +2")
            .unwrap_err()
            .to_string();
        assert_eq!(
            error,
            "line 1, column 7 (token 4): unexpected extra input \"+1\""
        );
    }

    #[test]
    fn mirroring_twice_gives_the_game_back() {
        let game = Game {
            werewolves: 2,
            liars: 1,
            statements: vec![
                Statement {
                    about: 2,
                    claims_werewolf: true,
                },
                Statement {
                    about: 0,
                    claims_werewolf: false,
                },
                Statement {
                    about: 1,
                    claims_werewolf: false,
                },
            ],
        };
        let mirrored = mirror(&game);
        assert_eq!(
            mirrored.statements[0],
            Statement {
                about: 1,
                claims_werewolf: false
            }
        );
        assert_eq!(
            mirrored.statements[2],
            Statement {
                about: 0,
                claims_werewolf: true
            }
        );
        assert_eq!(mirror(&mirrored), game);
    }

    /// N players with statements from a fixed xorshift stream, M = L = N/2.
    fn random_half_game(players: usize) -> Game {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let statements = (0..players)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                Statement {
                    about: usize::try_from(state >> 1).unwrap() % players,
                    claims_werewolf: state & 1 == 1,
                }
            })
            .collect();
        Game {
            werewolves: players / 2,
            liars: players / 2,
            statements,
        }
    }

    #[test]
    fn a_search_past_the_memory_limit_is_refused_before_it_allocates() {
        // 30,000 players need over 10 GiB of checkpointed tables: the
        // reservation refuses them, so this test allocates nothing big.
        let error = solve(&random_half_game(30_000)).unwrap_err();
        assert!(!error.is_usage());
        let message = error.to_string();
        assert!(
            message.starts_with(
                "N = 30000 and M = 15000 need more than the 1024 MiB memory limit (subset-sum tables: "
            ),
            "{message}"
        );
    }

    #[test]
    fn a_search_within_the_memory_limit_runs() {
        assert!(solve(&random_half_game(300)).is_ok());
    }

    #[test]
    fn the_memory_count_refuses_without_counting() {
        let mut memory = Memory {
            words: 0,
            players: 4,
            werewolves: 2,
        };
        memory.reserve(MEMORY_LIMIT_BYTES / 8, "all of it").unwrap();
        let error = memory.reserve(1, "one word more").unwrap_err();
        assert_eq!(
            error.to_string(),
            "N = 4 and M = 2 need more than the 1024 MiB memory limit (one word more: 0 MiB)"
        );
        assert_eq!(memory.words, MEMORY_LIMIT_BYTES / 8);
        assert!(memory.reserve(usize::MAX, "overflow").is_err());
    }

    #[test]
    fn render_counts_players_from_one() {
        assert_eq!(render(&Verdict::Werewolves(vec![4, 0])), "5 1\n");
        assert_eq!(render(&Verdict::NoSolution), "No Solution\n");
    }
}
