//! The werewolf page's requests (`werewolf.html`): a generated puzzle with
//! exactly one answer, the person's marking of it (Check, Hint, Solve), and
//! a puzzle entered in the judge's format. The facts are the crate's
//! ([`werewolf::marking`], [`werewolf::describe`]); this module reads the
//! request and writes the JSON.
//!
//! # Request
//!
//! Either a generated puzzle and the person's moves (the [`Engine`]'s
//! entries, `check` and `hint` its asks):
//!
//! ```text
//! new 8 2 3 42 hard   N M L SEED and, if given, the level `easy` or
//!                     `hard`: the puzzle ([`werewolf::generate::generate_at`])
//! 3 5 solve 5         the moves so far: a player (from 1) toggles that
//!                     player's mark, `solve` marks exactly the answer
//! check               optional, last: `check` or `hint`
//! ```
//!
//! or `judge` on the first line and then the `werewolf` binary's input, as
//! pasted in the page's "Enter a puzzle" box. Tokens are separated by any
//! white space. N is from 3 to [`MAX_PLAYERS`], M from 2 to N - 1, L from 1
//! to N - 1 (the judges' promise), SEED any 64-bit number.
//!
//! # Answer
//!
//! One JSON object on one line. For `new`: `puzzle` (`{"players",
//! "werewolves", "liars", "seed"}`, the seed as a string: it may pass
//! JavaScript's 2^53), `draws` and `built` (the random draws made, and
//! whether the puzzle was built from a weight profile: see
//! [`Generated`](werewolf::generate::Generated)), `level` (the puzzle's
//! grade, `easy` or `hard`, [`werewolf::grade`]; `null` when the rules and
//! one case split at a time do not solve it), `steps` (the grade's
//! deductions in order, each `{"sentence", "case_split"}`), `note` (why the
//! puzzle is not of the level asked, else `null`), `sentences` (one per
//! player), `input` (the
//! puzzle as the binary reads it), `marked` (from 1, ascending), `solved`,
//! `check` (after `check`, [`Marking::check`]'s sentences, else `null`),
//! `hint` (after `hint`, `{"player", "werewolf", "said"}` of
//! [`Marking::hint`], else `null`), `how` (the "How it's solved" lines,
//! [`Explanation::lines`](werewolf::describe::Explanation::lines)) and
//! `table`, the figure's data ([`werewolf::table::Table`]):
//!
//! - `weights`: each player's weight, player 1's first (the "human" minus
//!   the "werewolf" claims about them);
//! - `werewolf_claims` (B), `liars_from` and `liars_to` (the columns: the
//!   fewest and most false statements a set makes), and the rows, the
//!   werewolf counts 0 to M (`puzzle.werewolves`);
//! - `cells`: by count, then by liars from `liars_from`, the fewest lowest
//!   players (k: players 1 to k) whose subsets make that pair, or `null`
//!   when no set of players does; the table of the players below player j
//!   holds the cells whose number is less than j;
//! - `path`: the answer from player N down, one `{"player", "werewolf",
//!   "count", "liars"}` a player (from 1): whether the answer makes them a
//!   werewolf, and the pair the players below them must still make (from
//!   M and L down to 0 and B);
//! - `filled`: the cells the solver's N + 1 prefix tables hold in all;
//!   `sets_tried`: `C(N, M)`, the sets a plain search tries, for N at most
//!   [`MAX_ENUMERATED_PLAYERS`](werewolf::table::MAX_ENUMERATED_PLAYERS),
//!   else `null`.
//!
//! For `judge` ([`Entered`]): `puzzle` (`{"players", "werewolves",
//! "liars"}`), `sentences`, `printed` (the binary's output line), `answers`
//! (the number of valid sets, at most [`COUNT_CAP`]; `null` when the count
//! is refused, with the reason in `count_error`), `capped` (whether there
//! may be more), and `how`.
//!
//! # Errors
//!
//! N, M, L or the seed out of range or not numbers; a move naming no
//! player; no puzzle found; for `judge`, the `werewolf` binary's own error
//! line; and the rules every page shares ([`crate::engine::replay`]): anything
//! after `check` or `hint`.

use judge_io::{Error, Input};
use werewolf::describe::{judge_input, sentences, COUNT_CAP};
use werewolf::grade::{grade, Level};
use werewolf::marking::{Entered, Marking, Move};
use werewolf::table::Table;
use werewolf::Game;

use crate::engine::{Engine, Refusal, Script, Step};
use crate::json::{Digits, Object};

/// The most players the generator takes: the judge's own bound. Past the
/// small sizes the generator builds its puzzles from weight profiles
/// ([`werewolf::generate`]), so even N = 100 takes milliseconds.
pub const MAX_PLAYERS: u64 = 100;

/// The werewolf page's game (see the module docs).
#[derive(Debug)]
pub enum Werewolf {
    /// A generated puzzle and the person's marks.
    New(Marking),
    /// A puzzle in the judge's format: its text, read by the binary's own
    /// reader when described.
    Judge(Vec<u8>),
}

/// What the person asks of a marking.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Whether the marking is the answer, and if not why.
    Check,
    /// One player's true role.
    Hint,
}

impl Engine for Werewolf {
    const ENTRY: &'static str = "word";
    type Entry = Move;
    type Ask = Action;

    /// `new N M L SEED` and the moves, one word each, or `judge` and the
    /// binary's input after its line.
    fn read(request: &[u8]) -> Result<Script<Werewolf>, Error> {
        let mut input = Input::new(request);
        let kind = input.token("`new` or `judge`")?;
        match kind.text {
            b"judge" => {
                // The rest, after the line of `judge`, is the binary's input.
                let mut rest = Vec::new();
                let mut line_done = false;
                while let Some(byte) = input.next_byte()? {
                    if line_done {
                        rest.push(byte);
                    } else if byte == b'\n' {
                        line_done = true;
                    }
                }
                Ok(Script {
                    game: Werewolf::Judge(rest),
                    steps: Vec::new(),
                })
            }
            b"new" => read_new(&mut input),
            other => Err(Error::at(
                kind.pos,
                format!(
                    "expected `new` or `judge`, found {}",
                    judge_io::quote(other)
                ),
            )),
        }
    }

    fn is_over(&self) -> bool {
        false
    }

    fn enter(&mut self, entry: Move) -> Result<(), Refusal> {
        match self {
            Werewolf::New(marking) => marking.play(entry),
            Werewolf::Judge(_) => return Err(Refusal::Wrong("a judge puzzle has no marks".into())),
        }
        Ok(())
    }

    fn ask_word(ask: &Action) -> &'static str {
        match ask {
            Action::Check => "check",
            Action::Hint => "hint",
        }
    }

    fn describe(&mut self, ask: Option<&Action>, out: &mut Object) -> Result<(), Error> {
        match self {
            Werewolf::New(marking) => describe_new(marking, ask, out),
            Werewolf::Judge(text) => describe_judge(text, out),
        }
    }
}

/// The puzzle's numbers, the moves (each word where it stands), then the
/// puzzle generated and solved.
fn read_new(input: &mut Input<&[u8]>) -> Result<Script<Werewolf>, Error> {
    let players = input.int_in::<u64>("the number of players N", 3..=MAX_PLAYERS)?;
    let werewolves = input.int_in::<u64>("the number of werewolves M", 2..=players - 1)?;
    let liars = input.int_in::<u64>("the number of liars L", 1..=players - 1)?;
    let seed = input.int_in::<u64>("the seed", 0..=u64::MAX)?;
    // An optional level, then the moves.
    let mut next = input.try_token()?;
    let level = next.and_then(|token| std::str::from_utf8(token.text).ok().and_then(Level::parse));
    if level.is_some() {
        next = input.try_token()?;
    }
    let mut steps = Vec::new();
    let mut asked = None;
    while let Some(token) = next {
        let step = match (asked, token.text) {
            // The replay refuses the first word after an ask, here unread.
            (Some(ask), _) => Step::Ask(ask),
            (None, b"check") => Step::Ask(Action::Check),
            (None, b"hint") => Step::Ask(Action::Hint),
            (None, b"solve") => Step::Entry(Move::Solve),
            (None, _) => {
                let player = judge_io::parse_int_in(token, "a marked player", 1..=players)?;
                Step::Entry(Move::Toggle(to_index(player - 1)))
            }
        };
        let after_ask = asked.is_some();
        if let Step::Ask(ask) = step {
            asked = Some(ask);
        }
        steps.push((step, token.pos));
        if after_ask {
            break;
        }
        next = input.try_token()?;
    }
    let (players, werewolves, liars) = (to_index(players), to_index(werewolves), to_index(liars));
    let marking = Marking::new_at(players, werewolves, liars, level, seed)?;
    Ok(Script {
        game: Werewolf::New(marking),
        steps,
    })
}

fn describe_new(marking: &Marking, ask: Option<&Action>, out: &mut Object) -> Result<(), Error> {
    let game = &marking.puzzle().game;
    let check = ask
        .filter(|&&ask| ask == Action::Check)
        .map(|_| marking.check());
    let hint = ask
        .filter(|&&ask| ask == Action::Hint)
        .and_then(|_| marking.hint());
    let hint = hint.map(|hint| {
        Object::new()
            .with("player", hint.player + 1)
            .with("werewolf", hint.werewolf)
            .with("said", hint.sentence())
    });
    let how = marking.explanation()?;
    let graded = grade(game);
    let steps: Vec<Object> = graded
        .iter()
        .flat_map(|graded| &graded.steps)
        .map(|step| {
            Object::new()
                .with("sentence", step.sentence.as_str())
                .with("case_split", step.case_split)
        })
        .collect();
    out.field("puzzle", numbers(game).with("seed", Digits(marking.seed())))
        .field("draws", marking.puzzle().draws)
        .field("built", marking.puzzle().built)
        .field("level", graded.as_ref().map(|graded| graded.level.name()))
        .field("steps", steps)
        .field("note", marking.puzzle().note.as_deref())
        .field("sentences", sentences(game))
        .field("input", judge_input(game))
        .field("marked", marking.marked())
        .field("solved", marking.is_solved())
        .field("check", check)
        .field("hint", hint)
        .field("how", how.lines())
        .field("table", table(&how)?);
    Ok(())
}

/// The figure's data: see `table` in the module docs.
fn table(how: &werewolf::describe::Explanation) -> Result<Object, Error> {
    let table = Table::new(how)?;
    let path: Vec<Object> = table
        .path(how)
        .iter()
        .map(|step| {
            Object::new()
                .with("player", step.player + 1)
                .with("werewolf", step.werewolf)
                .with("count", step.count)
                .with("liars", step.liars)
        })
        .collect();
    Ok(Object::new()
        .with("weights", &how.weights)
        .with("werewolf_claims", table.werewolf_claims)
        .with("liars_from", table.liars_from)
        .with("liars_to", table.liars_to)
        .with("cells", &table.cells)
        .with("path", path)
        .with("filled", table.filled)
        .with("sets_tried", table.sets_tried))
}

fn describe_judge(text: &[u8], out: &mut Object) -> Result<(), Error> {
    let entered = Entered::read(text)?;
    out.field("puzzle", numbers(&entered.game))
        .field("sentences", sentences(&entered.game))
        .field("printed", &entered.printed);
    match entered.how {
        Ok(how) => out
            .field("answers", how.figures.valid)
            .field("capped", how.figures.valid >= COUNT_CAP)
            .field("count_error", None::<&str>)
            .field("how", how.lines()),
        Err(error) => out
            .field("answers", None::<u64>)
            .field("capped", false)
            .field("count_error", format!("error: {error}"))
            .field("how", Vec::<String>::new()),
    };
    Ok(())
}

/// `{"players", "werewolves", "liars"}`.
fn numbers(game: &Game) -> Object {
    Object::new()
        .with("players", game.statements.len())
        .with("werewolves", game.werewolves)
        .with("liars", game.liars)
}

/// A number checked to be at most [`MAX_PLAYERS`] or a player of the game.
fn to_index(value: u64) -> usize {
    usize::try_from(value).unwrap_or(usize::MAX)
}

#[cfg(test)]
mod tests {
    use judge_io::rng::SplitMix64;
    use serde_json::{json, Value};
    use werewolf::count::count;
    use werewolf::describe::Explanation;
    use werewolf::generate::generate;

    use super::*;

    fn ask(request: &str) -> Result<String, Error> {
        judge_io::run::<crate::Games>(&["--werewolf"], request.as_bytes())
    }

    fn parsed(request: &str) -> Value {
        serde_json::from_str(&ask(request).unwrap()).unwrap()
    }

    /// The page's presets (`werewolf.html`).
    const PRESETS: [(usize, usize, usize); 6] = [
        (5, 2, 2),
        (8, 2, 3),
        (10, 3, 4),
        (12, 3, 4),
        (14, 4, 5),
        (16, 4, 6),
    ];

    #[test]
    fn a_level_asks_for_a_puzzle_of_that_grade_and_its_steps_are_shown() {
        for (word, level) in [("easy", Level::Easy), ("hard", Level::Hard)] {
            for seed in 1..4 {
                let answer = parsed(&format!("new 12 3 4 {seed} {word}\n3 solve\n"));
                let puzzle = werewolf::generate::generate_at(12, 3, 4, Some(level), seed).unwrap();
                assert_eq!(answer["input"], json!(judge_input(&puzzle.game)));
                let graded = grade(&puzzle.game).unwrap();
                assert_eq!(answer["level"], json!(graded.level.name()));
                assert_eq!(answer["note"], json!(puzzle.note));
                let steps: Vec<Value> = graded
                    .steps
                    .iter()
                    .map(|step| json!({"sentence": step.sentence, "case_split": step.case_split}))
                    .collect();
                assert_eq!(answer["steps"], json!(steps));
                assert_eq!(answer["solved"], json!(true));
                if puzzle.note.is_none() {
                    assert_eq!(graded.level, level);
                }
            }
        }
        // No level: the puzzle the seed always gave, graded all the same.
        let plain = parsed("new 8 2 3 42\n");
        assert_eq!(
            plain["input"],
            json!(judge_input(&generate(8, 2, 3, 42).unwrap().game))
        );
        assert!(plain["level"].is_string());
    }

    #[test]
    fn a_new_puzzle_is_the_generated_one_with_nothing_marked() {
        let answer = parsed("new 8 2 3 42\n");
        let puzzle = generate(8, 2, 3, 42).unwrap();
        assert_eq!(
            answer["puzzle"],
            json!({"players": 8, "werewolves": 2, "liars": 3, "seed": "42"})
        );
        assert_eq!(answer["draws"], json!(puzzle.draws));
        assert_eq!(answer["built"], json!(puzzle.built));
        assert_eq!(answer["input"], json!(judge_input(&puzzle.game)));
        assert_eq!(answer["sentences"], json!(sentences(&puzzle.game)));
        assert_eq!(answer["marked"], json!([]));
        assert_eq!(
            (&answer["solved"], &answer["check"], &answer["hint"]),
            (&json!(false), &Value::Null, &Value::Null)
        );
        let figures = count(&puzzle.game, COUNT_CAP).unwrap();
        let verdict = werewolf::solve(&puzzle.game).unwrap();
        let how = Explanation::new(&puzzle.game, figures, &verdict).lines();
        assert_eq!(answer["how"], json!(how));
        // A seed past 2^53 stays exact, as a string.
        let big = parsed(&format!("new 8 2 3 {}\n", u64::MAX));
        assert_eq!(big["puzzle"]["seed"], json!(u64::MAX.to_string()));
    }

    #[test]
    fn the_same_seed_gives_the_same_puzzle_and_another_seed_another() {
        let first = ask("new 8 2 3 42\n").unwrap();
        assert_eq!(ask("new 8 2 3 42\n").unwrap(), first);
        assert_ne!(ask("new 8 2 3 43\n").unwrap(), first);
        assert!(first.starts_with(
            "{\"puzzle\":{\"players\":8,\"werewolves\":2,\"liars\":3,\"seed\":\"42\"}"
        ));
    }

    #[test]
    fn check_hint_and_solve_are_the_markings() {
        let mut random = SplitMix64::new(7);
        for round in 0..60u64 {
            let (n, m, l) = PRESETS[usize::try_from(round).unwrap() % PRESETS.len()];
            let seed = round * 31;
            let mut marking = Marking::new(n, m, l, seed).unwrap();
            let moves: Vec<String> = (0..random.index_without_rejection(2 * n))
                .map(|_| (random.index_without_rejection(n) + 1).to_string())
                .collect();
            for step in &moves {
                marking.play(Move::Toggle(step.parse::<usize>().unwrap() - 1));
            }
            let base = format!("new {n} {m} {l} {seed}\n{}\n", moves.join(" "));
            let checked = parsed(&format!("{base}check\n"));
            assert_eq!(checked["marked"], json!(marking.marked()));
            assert_eq!(checked["solved"], json!(marking.is_solved()));
            assert_eq!(checked["check"], json!(marking.check()), "{base}");
            assert_eq!(checked["hint"], Value::Null);
            let hinted = parsed(&format!("{base}hint\n"));
            assert_eq!(hinted["check"], Value::Null);
            match marking.hint() {
                Some(hint) => assert_eq!(
                    hinted["hint"],
                    json!({"player": hint.player + 1, "werewolf": hint.werewolf,
                           "said": hint.sentence()})
                ),
                None => assert_eq!(hinted["hint"], Value::Null),
            }
            marking.play(Move::Solve);
            let solved = parsed(&format!("{base}solve\n"));
            assert_eq!(solved["marked"], json!(marking.marked()));
            assert_eq!(solved["solved"], json!(true));
            // Solve, then a toggle: the answer with one mark changed.
            let after = parsed(&format!("{base}solve 1\ncheck\n"));
            assert_eq!(after["solved"], json!(false));
        }
    }

    #[test]
    fn a_judge_puzzle_gives_its_count_and_the_binarys_line() {
        let input = "6 2 3\n-2\n+3\n-4\n+5\n+4\n-3\n";
        let answer = parsed(&format!("judge\n{input}"));
        let printed = judge_io::run::<werewolf::Werewolf>(&[], input.as_bytes()).unwrap();
        assert_eq!(printed, "6 4\n");
        assert_eq!(
            answer["puzzle"],
            json!({"players": 6, "werewolves": 2, "liars": 3})
        );
        assert_eq!(answer["printed"], json!("6 4"));
        assert_eq!(
            (
                &answer["answers"],
                &answer["capped"],
                &answer["count_error"]
            ),
            (&json!(3), &json!(false), &Value::Null)
        );
        assert_eq!(
            answer["sentences"][5],
            json!("Player 6 says: player 3 is a werewolf.")
        );
        assert_eq!(answer["how"].as_array().unwrap().len(), 5);
        let none = parsed("judge\n6 2 5 -2 +3 -4 +5 +4 +6\n");
        assert_eq!(
            (&none["printed"], &none["answers"]),
            (&json!("No Solution"), &json!(0))
        );
        // The binary's error, as it words it.
        let bad = "5 2 2\n-2\n+3\n-9\n+5\n+4\n";
        let native = judge_io::run::<werewolf::Werewolf>(&[], bad.as_bytes()).unwrap_err();
        assert_eq!(
            ask(&format!("judge\n{bad}")).unwrap_err().to_string(),
            native.to_string()
        );
    }

    #[test]
    fn the_table_is_the_subsets_of_the_lowest_players_and_the_answers_path() {
        for &(n, m, l) in &PRESETS[..4] {
            let answer = parsed(&format!("new {n} {m} {l} 5\n"));
            let game = generate(n, m, l, 5).unwrap().game;
            let table = &answer["table"];
            // The weights and B, counted from the statements here.
            let mut weights = vec![0i64; n];
            for statement in &game.statements {
                weights[statement.about] += if statement.claims_werewolf { -1 } else { 1 };
            }
            let claims = game.statements.iter().filter(|s| s.claims_werewolf).count();
            assert_eq!(table["weights"], json!(weights));
            assert_eq!(table["werewolf_claims"], json!(claims));
            // Each cell: the fewest lowest players with a subset making it.
            let from = table["liars_from"].as_i64().unwrap();
            let mut first = std::collections::BTreeMap::new();
            for below in 0..=n {
                for mask in 0..1u32 << below {
                    let wolves: Vec<usize> = (0..below).filter(|&p| mask >> p & 1 == 1).collect();
                    let liars = i64::try_from(claims).unwrap()
                        + wolves.iter().map(|&p| weights[p]).sum::<i64>();
                    if wolves.len() <= m {
                        first.entry((wolves.len(), liars)).or_insert(below);
                    }
                }
            }
            for (count, row) in table["cells"].as_array().unwrap().iter().enumerate() {
                for (column, cell) in row.as_array().unwrap().iter().enumerate() {
                    let expected = first.get(&(count, from + i64::try_from(column).unwrap()));
                    assert_eq!(
                        cell.as_u64(),
                        expected.map(|&k| k as u64),
                        "{count} {column}"
                    );
                }
            }
            // The path: from player N down, its werewolves the answer's.
            let path = table["path"].as_array().unwrap();
            let players: Vec<u64> = path.iter().map(|s| s["player"].as_u64().unwrap()).collect();
            assert_eq!(players, (1..=n as u64).rev().collect::<Vec<_>>());
            let mut wolves: Vec<u64> = path
                .iter()
                .filter(|s| s["werewolf"] == json!(true))
                .map(|s| s["player"].as_u64().unwrap())
                .collect();
            wolves.sort_unstable();
            let mut marked = parsed(&format!("new {n} {m} {l} 5\nsolve\n"))["marked"].clone();
            marked.as_array_mut().unwrap().sort_by_key(|v| v.as_u64());
            assert_eq!(json!(wolves), marked);
            let last = &path[n - 1];
            assert_eq!(
                (&last["count"], &last["liars"]),
                (&json!(0), &json!(claims))
            );
            assert_eq!(
                table["sets_tried"],
                json!(u64::try_from(werewolf::describe::binomial(n, m).unwrap()).unwrap())
            );
        }
    }

    #[test]
    fn bad_requests_are_refused_with_one_line() {
        let error = |request: &str| ask(request).unwrap_err().to_string();
        assert!(error("new 2 2 1 5").contains("the number of players N"));
        assert!(error("new 8 1 3 5").contains("the number of werewolves M"));
        assert!(error("new 8 8 3 5").contains("the number of werewolves M"));
        assert!(error("new 8 2 0 5").contains("the number of liars L"));
        assert!(error("new 8 2 3 abc").contains("the seed"));
        assert!(error("new 8 2 3 5\n9\n").contains("a marked player"));
        assert_eq!(
            error("new 8 2 3 5\ncheck 3\n"),
            "line 2, column 7 (token 7): `check` must be the request's last word"
        );
        assert_eq!(
            error("new 8 2 3 5\nhint x 9\n"),
            "line 2, column 6 (token 7): `hint` must be the request's last word"
        );
        assert!(error("play 8").contains("expected `new` or `judge`"));
        assert!(error("").contains("`new` or `judge`"));
    }
}
