//! The river page's requests: a game of `river-crossing --play`, replayed.
//! The game and its words are the crate's ([`Game`], [`Turn::word`]); this
//! module reads the request and writes the JSON.
//!
//! # Request
//!
//! What the terminal game reads: the puzzle `P D C` (optionally with a
//! current state `p d B` on the same line), then the player's entries so
//! far, one per line, as `river-crossing --play` takes them (`1 1`, a
//! crossing of one priest and one devil; `h` for a hint). The last line may
//! be `solve` (the page's Solve button, not a terminal entry).
//!
//! # Answer
//!
//! One JSON object on one line:
//!
//! - `puzzle`: `{"priests", "devils", "capacity"}`;
//! - `state`: after the entries, `{"left": {"priests", "devils"}, "right":
//!   {...}, "boat": "left" | "right"}`;
//! - `crossings`: made so far; `over`: whether the game has ended;
//! - `turn`: what the last entry did ([`Turn::word`]), `null` without entries;
//! - `said`: the terminal game's lines for the last entry ([`Game::render`]),
//!   or without entries what it says before its first prompt;
//! - `hint`: after `h`, the passengers of the hint's crossing,
//!   `{"priests", "devils"}` ([`Game::hinted_load`]), else `null`;
//! - `plan`: with `solve`, the rest of the canonical plan
//!   ([`Game::rest_of_plan`]), `[{"load": {"priests", "devils"}, "state":
//!   {...}}, ...]`, or `null` without `solve` or when there is no plan (then
//!   `said` is the terminal's answer to `h` where no plan is left);
//! - `graph`: the state graph of the game ([`StateGraph`], from where the
//!   game began), for the "How it's solved" figure. A state is named
//!   `"p,d,B"` (priests and devils on the left bank, the boat's bank `L` or
//!   `R`), and each named state comes as `{"state", "layer", "to_goal"}`:
//!   its crossings from the start (`null` outside the graph) and to the
//!   goal (`null` when the goal cannot be reached from it). Its fields:
//!   `drawn`, whether the graph is small enough to draw (at most
//!   [`MAX_DRAWN_STATES`] states in at most [`MAX_DRAWN_LAYERS`] layers);
//!   `layers`, how many states lie at each distance from the start;
//!   `states`, when drawn, every state, by layer (else `[]`); `crossings`,
//!   when drawn, every pair of states a crossing joins, once, as
//!   `{"from", "to"}` state names, the nearer to the start first (else
//!   `[]`); `now`, the state now; `neighbours`, the first
//!   [`MAX_NEIGHBOURS`] states one crossing from it, and `neighbour_count`,
//!   how many there are (none once the game is over); `plan`, the names of the canonical plan's states
//!   from the state now to the goal (`[now]` at the goal, `null` when no
//!   plan is left).
//!
//! # Errors
//!
//! A bad puzzle, as the terminal game reports it; a line longer than
//! [`judge_io::MAX_LINE`]; and the rules every page shares
//! ([`engine::replay`]): an entry after the game has ended, `solve` before
//! the last line.

use std::io::Cursor;

use judge_io::Error;
use river_crossing::{read_puzzle, Bank, Game, Load, Puzzle, State, StateGraph, Turn};

use crate::engine::{self, Engine, Refusal, Script, Step};
use crate::json::Object;

/// The most states a drawn state graph has: beyond it, the page shows how
/// many states lie at each distance and the state now with its neighbours.
pub const MAX_DRAWN_STATES: usize = 60;
/// The most layers (columns) a drawn state graph has.
pub const MAX_DRAWN_LAYERS: usize = 24;
/// The most neighbours of the state now that the answer lists.
pub const MAX_NEIGHBOURS: usize = 24;

/// The river game, as the page plays it: the terminal game, and what the
/// last entry did.
#[derive(Debug)]
pub struct River {
    game: Game,
    last: Option<Turn>,
}

/// The page's Solve button: the rest of the canonical plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Solve;

impl Engine for River {
    const ENTRY: &'static str = "entry";
    /// A line as the terminal game reads it.
    type Entry = Vec<u8>;
    type Ask = Solve;

    /// The puzzle with the terminal game's own reader, then the entries, one
    /// a line (blank lines too, as the terminal takes them).
    fn read(request: &[u8]) -> Result<Script<River>, Error> {
        let mut source = Cursor::new(request);
        let query = read_puzzle(&mut source)?;
        let read = usize::try_from(source.position()).unwrap_or(usize::MAX);
        let (setup, rest) = request.split_at(read.min(request.len()));
        let steps = engine::lines(rest, engine::line_count(setup) + 1)?
            .into_iter()
            .map(|(text, at)| match engine::is_word(&text, "solve") {
                true => (Step::Ask(Solve), at),
                false => (Step::Entry(text), at),
            })
            .collect();
        let game = River {
            game: Game::new(&query),
            last: None,
        };
        Ok(Script { game, steps })
    }

    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// Every line is an entry the terminal game answers: a crossing it
    /// refuses is a turn it explains, not a refusal.
    fn enter(&mut self, entry: Vec<u8>) -> Result<(), Refusal> {
        self.last = Some(self.game.enter(&entry));
        Ok(())
    }

    fn ask_word(_: &Solve) -> &'static str {
        "solve"
    }

    fn describe(&mut self, solve: Option<&Solve>, out: &mut Object) -> Result<(), Error> {
        let (game, last) = (&self.game, self.last.as_ref());
        let puzzle = game.puzzle();
        let mut said = last.map_or_else(|| game.standing(), |turn| game.render(turn));
        let plan = solve.and_then(|_| game.rest_of_plan());
        if solve.is_some() && plan.is_none() {
            said = game.render(&Turn::Hinted(None));
        }
        let plan = plan.map(|plan| {
            plan.into_iter()
                .map(|(crossing, after)| {
                    Object::new()
                        .with("load", load(crossing))
                        .with("state", state(&puzzle, after))
                })
                .collect::<Vec<Object>>()
        });
        out.field(
            "puzzle",
            Object::new()
                .with("priests", puzzle.priests)
                .with("devils", puzzle.devils)
                .with("capacity", puzzle.capacity),
        )
        .field("state", state(&puzzle, game.state()))
        .field("crossings", game.crossings())
        .field("over", game.is_over())
        .field("turn", last.map(Turn::word))
        .field("said", said.lines().collect::<Vec<&str>>())
        .field(
            "hint",
            last.and_then(|turn| game.hinted_load(turn)).map(load),
        )
        .field("plan", plan)
        .field("graph", graph(game));
        Ok(())
    }
}

/// The answer's `graph` (see the module docs).
fn graph(game: &Game) -> Object {
    let puzzle = game.puzzle();
    let graph = StateGraph::new(puzzle, game.start());
    let named = |state: State| {
        Object::new()
            .with("state", name(state))
            .with("layer", graph.layer(state))
            .with("to_goal", game.distances().distance(state))
    };
    let drawn = graph.len() <= MAX_DRAWN_STATES && graph.layer_sizes().len() <= MAX_DRAWN_LAYERS;
    let (states, crossings) = if drawn {
        let states: Vec<Object> = graph.states().into_iter().map(named).collect();
        let crossings: Vec<Object> = graph
            .crossings()
            .into_iter()
            .map(|(from, to)| Object::new().with("from", name(from)).with("to", name(to)))
            .collect();
        (states, crossings)
    } else {
        (Vec::new(), Vec::new())
    };
    // A game that is over has no crossing left, wherever it stands.
    let now = game.state();
    let (neighbours, neighbour_count) = match game.is_over() {
        true => (Vec::new(), 0),
        false => (
            graph.first_neighbours(now, MAX_NEIGHBOURS),
            graph.neighbour_count(now),
        ),
    };
    let neighbours: Vec<Object> = neighbours.into_iter().map(named).collect();
    let plan = game
        .distances()
        .plan(now)
        .map(|plan| plan.into_iter().map(name).collect::<Vec<String>>());
    Object::new()
        .with("drawn", drawn)
        .with("layers", graph.layer_sizes())
        .with("states", states)
        .with("crossings", crossings)
        .with("now", named(now))
        .with("neighbours", neighbours)
        .with("neighbour_count", neighbour_count)
        .with("plan", plan)
}

/// A state's name in the answer: `"p,d,B"`.
fn name(state: State) -> String {
    format!(
        "{},{},{}",
        state.left_priests,
        state.left_devils,
        state.boat.letter()
    )
}

fn state(puzzle: &Puzzle, state: State) -> Object {
    let bank = |bank: Bank| {
        Object::new()
            .with("priests", state.priests_on(puzzle, bank))
            .with("devils", state.devils_on(puzzle, bank))
    };
    Object::new()
        .with("left", bank(Bank::Left))
        .with("right", bank(Bank::Right))
        .with("boat", state.boat.word())
}

fn load(load: Load) -> Object {
    Object::new()
        .with("priests", load.priests)
        .with("devils", load.devils)
}

#[cfg(test)]
mod tests {
    use judge_io::MAX_LINE;
    use serde_json::{json, Value};

    use super::*;

    fn ask(request: &str) -> Result<String, Error> {
        judge_io::run::<crate::Games>(&["--river"], request.as_bytes())
    }

    /// What the terminal game (`river-crossing --play`, the library's loop)
    /// prints for the puzzle and entries in `request`, after the prompt that
    /// read the last entry (before the first prompt without entries), as
    /// lines.
    fn terminal_says(request: &str) -> Vec<String> {
        let mut transcript = Vec::new();
        river_crossing::play(request.as_bytes(), &mut transcript).unwrap();
        let transcript = String::from_utf8(transcript).unwrap();
        let entries = request.lines().count() - 1;
        let piece = transcript
            .split(river_crossing::PROMPT)
            .nth(entries)
            .unwrap();
        let piece = match entries {
            // The opening: its last lines, after the keys to type.
            0 => piece.split("`q` to quit.\n").nth(1).unwrap(),
            _ => piece,
        };
        piece.lines().map(str::to_string).collect()
    }

    fn parsed(answer: &str) -> Value {
        serde_json::from_str(answer).unwrap()
    }

    /// The strings of the answer's `said` array.
    fn said(answer: &str) -> Vec<String> {
        parsed(answer)["said"]
            .as_array()
            .unwrap()
            .iter()
            .map(|line| line.as_str().unwrap().to_string())
            .collect()
    }

    /// A load as the entry that makes its crossing.
    fn entry(load: &Value) -> String {
        format!("{} {}", load["priests"], load["devils"])
    }

    /// The answer's hint as the entry that makes its crossing.
    fn hint_entry(answer: &str) -> String {
        entry(&parsed(answer)["hint"])
    }

    /// The answer's plan as the entries that make its crossings.
    fn plan_entries(answer: &str) -> Vec<String> {
        parsed(answer)["plan"]
            .as_array()
            .unwrap()
            .iter()
            .map(|step| entry(&step["load"]))
            .collect()
    }

    #[test]
    fn a_new_game_shows_the_banks() {
        let answer = ask("3 3 2\n").unwrap();
        let (before, graph) = answer.split_once(",\"graph\":").unwrap();
        assert!(graph.starts_with("{\"drawn\":true,"));
        assert_eq!(
            before,
            "{\"puzzle\":{\"priests\":3,\"devils\":3,\"capacity\":2},\
             \"state\":{\"left\":{\"priests\":3,\"devils\":3},\"right\":{\"priests\":0,\"devils\":0},\"boat\":\"left\"},\
             \"crossings\":0,\"over\":false,\"turn\":null,\
             \"said\":[\"left: 3 priests 3 devils [boat] | right: 0 priests 0 devils\"],\
             \"hint\":null,\"plan\":null"
        );
    }

    /// The answer's graph, and its states' names in order.
    fn graph_of(request: &str) -> (Value, Vec<String>) {
        let graph = parsed(&ask(request).unwrap())["graph"].clone();
        let names = graph["states"]
            .as_array()
            .unwrap()
            .iter()
            .map(|state| state["state"].as_str().unwrap().to_string())
            .collect();
        (graph, names)
    }

    #[test]
    fn the_classic_game_draws_its_whole_graph_and_the_plan_through_it() {
        let (graph, names) = graph_of("3 3 2\n");
        assert_eq!(graph["drawn"], json!(true));
        assert_eq!(graph["layers"], json!([1, 3, 1, 1, 1, 1, 1, 1, 1, 1, 2, 1]));
        assert_eq!(names.len(), 15);
        assert_eq!(names[0], "3,3,L");
        assert_eq!(names[14], "0,0,R");
        assert_eq!(
            graph["now"],
            json!({"state": "3,3,L", "layer": 0, "to_goal": 11})
        );
        let crossings: Vec<(String, String)> = graph["crossings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|pair| {
                (
                    pair["from"].as_str().unwrap().to_string(),
                    pair["to"].as_str().unwrap().to_string(),
                )
            })
            .collect();
        assert_eq!(crossings.len(), 16);
        let layer = |name: &str| {
            graph["states"]
                .as_array()
                .unwrap()
                .iter()
                .find(|state| state["state"] == name)
                .unwrap()["layer"]
                .as_u64()
                .unwrap()
        };
        for (from, to) in &crossings {
            assert!(layer(from) < layer(to), "{from} -> {to}");
        }
        // The plan is Solve's, from the state now, along drawn crossings.
        let plan: Vec<String> = serde_json::from_value(graph["plan"].clone()).unwrap();
        let solved = parsed(&ask("3 3 2\nsolve\n").unwrap());
        let mut expected = vec!["3,3,L".to_string()];
        for step in solved["plan"].as_array().unwrap() {
            let (left, boat) = (&step["state"]["left"], &step["state"]["boat"]);
            let bank = if boat == "left" { "L" } else { "R" };
            expected.push(format!("{},{},{bank}", left["priests"], left["devils"]));
        }
        assert_eq!(plan, expected);
        for step in plan.windows(2) {
            assert!(
                crossings.contains(&(step[0].clone(), step[1].clone())),
                "{step:?}"
            );
        }
    }

    #[test]
    fn the_graph_follows_the_game_from_where_it_began() {
        let (before, names_before) = graph_of("3 3 2\n");
        let (after, names_after) = graph_of("3 3 2\n1 1\n");
        assert_eq!(names_before, names_after);
        assert_eq!(before["crossings"], after["crossings"]);
        assert_eq!(
            after["now"],
            json!({"state": "2,2,R", "layer": 1, "to_goal": 10})
        );
        assert_eq!(after["plan"][0], json!("2,2,R"));
        assert_eq!(
            after["neighbour_count"],
            json!(after["neighbours"].as_array().unwrap().len())
        );
        // A game started from a state has its graph from there.
        let (_, names) = graph_of("3 3 2 2 2 R\n");
        assert_eq!(names[0], "2,2,R");
        let (_, names) = graph_of("3 3 2\n2 2 R\n");
        assert_eq!(names[0], "2,2,R");
        // At the goal the game is over: no crossing is left.
        let (end, _) = graph_of("1 1 2\n1 1\n");
        assert_eq!(
            end["now"],
            json!({"state": "0,0,R", "layer": 1, "to_goal": 0})
        );
        assert_eq!(
            (&end["neighbours"], &end["neighbour_count"]),
            (&json!([]), &json!(0))
        );
        assert_eq!(end["plan"], json!(["0,0,R"]));
    }

    #[test]
    fn a_lost_start_is_its_graphs_only_state_with_no_way_to_the_goal() {
        let (graph, names) = graph_of("3 3 2 1 2 L\n");
        assert_eq!(names, ["1,2,L"]);
        assert_eq!(graph["states"][0]["to_goal"], Value::Null);
        assert_eq!(
            (&graph["plan"], &graph["neighbour_count"]),
            (&Value::Null, &json!(0))
        );
        // A puzzle with no solution: the game can wander, but no state it
        // visits has a way to the goal.
        let (graph, names) = graph_of("4 4 2\n");
        assert!(names.len() > 1 && graph["drawn"] == json!(true));
        assert!(graph["states"]
            .as_array()
            .unwrap()
            .iter()
            .all(|state| state["to_goal"].is_null()));
        assert_eq!(graph["plan"], Value::Null);
    }

    #[test]
    fn a_large_puzzle_gets_the_summary_and_a_bounded_neighbourhood() {
        let (graph, _) = graph_of("10 10 4\n");
        assert_eq!(
            graph["drawn"],
            json!(true),
            "57 states in 18 layers are drawn"
        );
        let (graph, names) = graph_of("20 20 5\n");
        assert_eq!(graph["drawn"], json!(false));
        assert!(names.is_empty() && graph["crossings"] == json!([]));
        let sizes: Vec<usize> = serde_json::from_value(graph["layers"].clone()).unwrap();
        assert_eq!((sizes.len(), sizes.iter().sum::<usize>()), (38, 117));
        let (graph, _) = graph_of("1000 1000 1000\n");
        assert_eq!(
            graph["neighbours"].as_array().unwrap().len(),
            MAX_NEIGHBOURS
        );
        assert!(graph["neighbour_count"].as_u64().unwrap() > 1000);
        assert!(graph["now"]["to_goal"].is_u64());
    }

    #[test]
    fn a_hint_gives_its_passengers_and_a_crossing_moves_them() {
        let hinted = parsed(&ask("3 3 2\nh\n").unwrap());
        assert_eq!(
            (&hinted["crossings"], &hinted["over"], &hinted["turn"]),
            (&json!(0), &json!(false), &json!("hinted"))
        );
        assert_eq!(hinted["hint"], json!({"priests": 1, "devils": 1}));
        assert_eq!(hinted["plan"], Value::Null);
        let crossed = parsed(&ask("3 3 2\nh\n1 1\n").unwrap());
        assert_eq!(
            crossed["state"],
            json!({"left": {"priests": 2, "devils": 2}, "right": {"priests": 1, "devils": 1}, "boat": "right"})
        );
        assert_eq!(
            (&crossed["crossings"], &crossed["over"], &crossed["turn"]),
            (&json!(1), &json!(false), &json!("crossed"))
        );
        assert_eq!(crossed["hint"], Value::Null);
    }

    #[test]
    fn a_refused_crossing_moves_nothing_and_says_why() {
        let answer = ask("3 3 2\n1 0\n").unwrap();
        let refused = parsed(&answer);
        assert_eq!(
            refused["state"],
            json!({"left": {"priests": 3, "devils": 3}, "right": {"priests": 0, "devils": 0}, "boat": "left"})
        );
        assert_eq!(
            (&refused["crossings"], &refused["over"], &refused["turn"]),
            (&json!(0), &json!(false), &json!("refused"))
        );
        assert_eq!(
            said(&answer),
            [
                "Unsafe: the devils would outnumber the priests on the left bank \
              (left: 2 priests 3 devils | right: 1 priest 0 devils [boat])."
            ]
        );
    }

    #[test]
    fn the_sentences_are_the_terminal_games() {
        let games = [
            "3 3 2\n",
            "3 3 2\nh\n",
            "3 3 2\n1 0\n",
            "3 3 2\n3 0\n",
            "3 3 2\n0 0\n",
            "3 3 2\nfour\n",
            "3 3 2\n1 1\n0 2\n",
            "3 3 2\n1 1\n2 2 R\n",
            "3 3 2\n2 2 R\n",
            "4 4 2\nh\n",
            "3 3 2 1 2 L\n",
            "1 1 2\nh\n1 1\n",
            "3 3 2\n1 1\n1 0\n0 2\n0 1\n2 0\n1 1\n2 0\n0 1\n0 2\n1 0\n1 1\n",
            "3 3 2\n0 2\n0 1\n0 2\n0 1\n2 0\n1 1\n2 0\n0 1\n0 2\n0 1\n0 2\n",
        ];
        for game in games {
            assert_eq!(said(&ask(game).unwrap()), terminal_says(game), "{game:?}");
        }
        assert_eq!(
            terminal_says("1 1 2\nh\n1 1\n").last().unwrap(),
            "Everyone is across in 1 crossing, the fewest possible, with 1 hint."
        );
    }

    #[test]
    fn hints_followed_to_the_end_take_eleven_crossings() {
        let mut request = "3 3 2\n".to_string();
        for _ in 0..11 {
            request.push_str("h\n");
            let entry = hint_entry(&ask(&request).unwrap());
            request.push_str(&entry);
            request.push('\n');
        }
        let answer = ask(&request).unwrap();
        let end = parsed(&answer);
        assert_eq!(
            (&end["crossings"], &end["over"]),
            (&json!(11), &json!(true))
        );
        assert_eq!(
            said(&answer).last().unwrap(),
            "Everyone is across in 11 crossings, the fewest possible, with 11 hints."
        );
    }

    #[test]
    fn solve_gives_the_rest_of_the_plan_with_its_loads() {
        let mut answer = parsed(&ask("3 3 2\n1 1\n1 0\nsolve\n").unwrap());
        let plan = answer["plan"].as_array().unwrap().clone();
        // After 3 2 0 1 L, the README's plan: 3 0 0 3 R, 3 1 0 2 L, ...
        assert_eq!(
            plan[0],
            json!({"load": {"priests": 0, "devils": 2},
                   "state": {"left": {"priests": 3, "devils": 0}, "right": {"priests": 0, "devils": 3}, "boat": "right"}})
        );
        assert_eq!(plan[1]["load"], json!({"priests": 0, "devils": 1}));
        assert_eq!(plan.len(), 9);
        assert_eq!(
            plan[8]["state"],
            json!({"left": {"priests": 0, "devils": 0}, "right": {"priests": 3, "devils": 3}, "boat": "right"})
        );
        // Solve changes nothing else.
        let mut without = parsed(&ask("3 3 2\n1 1\n1 0\n").unwrap());
        assert_eq!(without["plan"], Value::Null);
        answer["plan"] = Value::Null;
        without["plan"] = Value::Null;
        assert_eq!(answer, without);
    }

    #[test]
    fn solve_at_a_large_river_plays_to_the_end_in_the_fewest_crossings() {
        let mut request = "1000 1000 4\nh\n".to_string();
        let plan = plan_entries(&ask(&format!("{request}solve\n")).unwrap());
        assert_eq!(plan.len(), 1997);
        for entry in &plan {
            request.push_str(entry);
            request.push('\n');
        }
        let answer = ask(&request).unwrap();
        let end = parsed(&answer);
        assert_eq!(
            (&end["crossings"], &end["over"], &end["turn"]),
            (&json!(1997), &json!(true), &json!("crossed"))
        );
        assert_eq!(
            said(&answer).last().unwrap(),
            "Everyone is across in 1997 crossings, the fewest possible, with 1 hint."
        );
    }

    #[test]
    fn solve_where_no_plan_is_left_says_so_as_the_hint_does() {
        let answer = ask("4 4 2\nsolve\n").unwrap();
        assert_eq!(parsed(&answer)["hint"], Value::Null);
        assert_eq!(parsed(&answer)["plan"], Value::Null);
        assert_eq!(said(&answer), terminal_says("4 4 2\nh\n"));
        let at_the_goal = parsed(&ask("1 1 2\n1 1\nsolve\n").unwrap());
        assert_eq!(at_the_goal["plan"], json!([]));
    }

    #[test]
    fn a_game_under_way_starts_from_its_state() {
        let answer = parsed(&ask("3 3 2 2 2 R\n").unwrap());
        assert_eq!(
            answer["state"],
            json!({"left": {"priests": 2, "devils": 2}, "right": {"priests": 1, "devils": 1}, "boat": "right"})
        );
        let lost = parsed(&ask("3 3 2 1 2 L\n").unwrap());
        assert_eq!((&lost["over"], &lost["turn"]), (&json!(true), &Value::Null));
    }

    #[test]
    fn bad_requests_are_errors_with_their_place() {
        let error = ask("3 3 1001\n").unwrap_err();
        assert_eq!(
            error,
            judge_io::run::<river_crossing::RiverCrossing>(&[], b"3 3 1001\n").unwrap_err()
        );
        let error = ask("1 1 2\n1 1\nh\n").unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 3, column 1: the game is over: no entry may follow"
        );
        let error = ask("3 3 2\nsolve\n1 1\n").unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 3, column 1: `solve` must be the request's last entry"
        );
        let long = format!("3 3 2\n{}\n", "1".repeat(MAX_LINE + 1));
        assert!(ask(&long)
            .unwrap_err()
            .to_string()
            .starts_with("line 2, column 1: an entry is longer"));
    }
}
