//! The Cluedo table's requests (`games --clue`): the page sends the players,
//! the setup and the person's entries so far; the answer is the game as
//! [`clue_sim::human::replay`] plays it: what the person's seat saw, in the
//! terminal's sentences and as values, and what the game waits for. The
//! facts are clue-sim's; this module reads the request and writes the JSON.
//!
//! # Request
//!
//! ```text
//! human,smart,seed                   the --strategy list, one human seat
//! 3 7                                the terminal game's input: P SEED,
//! Mustard Candlestick Ballroom       (or a card set), then one entry a
//! no                                 line, exactly as `clue-sim
//! notebook                           --strategy human,smart,seed` reads it
//! ```
//!
//! The first line that is not blank is the strategy list; every byte after
//! it is the terminal game's standard input, read by the same code. A bad
//! list or setup is refused with the terminal's error (status 2 for the
//! list, 1 for the setup, whose lines and columns count from the setup's
//! first line). Entries the terminal refuses are refused in the view, with
//! its words, and the game goes on.
//!
//! # Answer
//!
//! One JSON object, on one line, the [`Replay`]'s values:
//!
//! - `players`; `seat` (from 1); `hand` (the person's, in dealt order);
//!   `hand_sizes` (every seat's); `categories` (`{"name", "cards"}`, in order);
//! - `view`: what the terminal shows the seat, each entry echoed after its
//!   prompt; while the game waits it ends with the waiting prompt;
//! - `state`: [`State::word`]; `show`: at `show`, the cards the seat may show;
//! - `transcript`: once the game is over (or quit), exactly the terminal's
//!   standard output; `null` while the game is on;
//! - `notebook`: for each card, for each seat and then the envelope, the
//!   [`Mark::word`] of the seat's [`Notebook`];
//! - `odds`: [`Odds`]: `exact`, `deals` (a string, since it may pass 2^53, or
//!   `null`), and `chances`, in the card set's order;
//! - `events`: each event the seat saw, as an object with `event`
//!   ([`Seen::word`]), its facts ([`Seen::facts`]) and `text`, the sentence
//!   the view tells it with (without the view's `turn N: ` or indent);
//! - `end`: once the game is over (or quit), the sentence the view ends
//!   with; `null` while the game is on.
//!
//! # The engine
//!
//! [`Clue`] is the table's [`Engine`]: its request is read whole, and its
//! setup is the whole game, replayed at once by [`human::replay`]; it has
//! no entries of the shared replay's. The terminal game cannot take the
//! person's lines one at a time: clue-sim's referee is one loop that pulls
//! each of the person's lines from the input as it needs one, so it cannot
//! stop between two lines and go on later. Its rules for lines are also the
//! terminal's: a refused line anywhere is explained in the view and asked
//! again, and what follows the end is not read.

use std::convert::Infallible;

use clue_sim::event::{Fact, Seen};
use clue_sim::human::{self, Replay, State};
use clue_sim::notebook::{Mark, Notebook, Odds};
use judge_io::{Error, Input};

use crate::engine::{Engine, Refusal, Script};
use crate::json::{Digits, Fixed, Object};

/// The Cluedo table, as the page plays it: the terminal game with a
/// person, replayed from the request's whole input (see the module docs).
#[derive(Debug)]
pub struct Clue {
    replay: Replay,
}

impl Engine for Clue {
    const ENTRY: &'static str = "entry";
    /// None: the setup is the whole game.
    type Entry = Infallible;
    /// None.
    type Ask = Infallible;

    /// The strategy list's line, then the terminal game's input, replayed.
    fn read(request: &[u8]) -> Result<Script<Clue>, Error> {
        let mut input = Input::new(request);
        let strategies = strategy_list(&mut input)?;
        let mut game = Vec::new();
        while let Some(byte) = input.next_byte()? {
            game.push(byte);
        }
        let replay = human::replay(&strategies, &game)?;
        Ok(Script {
            game: Clue { replay },
            steps: Vec::new(),
        })
    }

    fn is_over(&self) -> bool {
        !matches!(self.replay.state, State::Waiting(_))
    }

    fn enter(&mut self, entry: Infallible) -> Result<(), Refusal> {
        match entry {}
    }

    fn ask_word(ask: &Infallible) -> &'static str {
        match *ask {}
    }

    fn describe(&mut self, _: Option<&Infallible>, out: &mut Object) -> Result<(), Error> {
        // The notebook first: the odds' count caches its analysis.
        let notebook = self.replay.knowledge.as_ref().map(|knowledge| {
            let rows = Notebook::of(knowledge);
            let words = |row: &[Mark]| row.iter().map(|mark| mark.word()).collect();
            rows.rows().map(words).collect::<Vec<Vec<&str>>>()
        });
        let odds = self.replay.knowledge.as_mut().map(Odds::of).map(|odds| {
            let chances: Vec<Fixed> = odds
                .chances
                .iter()
                .map(|&chance| Fixed(chance, 6))
                .collect();
            Object::new()
                .with("exact", odds.exact)
                .with("deals", odds.deals.map(Digits))
                .with("chances", chances)
        });
        let replay = &self.replay;
        let cards = &replay.game.cards;
        let categories: Vec<Object> = (0..cards.categories())
            .map(|category| {
                Object::new()
                    .with("name", &cards.category_names[category])
                    .with("cards", cards.names_in(category))
            })
            .collect();
        let hand_sizes: Vec<usize> = replay.hands.iter().map(Vec::len).collect();
        let events: Vec<Object> = replay
            .events
            .iter()
            .map(|seen| event(replay, seen))
            .collect();
        out.field("players", replay.game.players)
            .field("seat", replay.seat.index() + 1)
            .field("hand", cards.names(replay.hand()))
            .field("hand_sizes", hand_sizes)
            .field("categories", categories)
            .field("view", &replay.view)
            .field("state", replay.state.word())
            .field("show", cards.names(replay.state.showable()))
            .field("transcript", replay.finished_transcript())
            .field("notebook", notebook)
            .field("odds", odds)
            .field("events", events)
            .field("end", replay.closing());
        Ok(())
    }
}

/// Reads the strategy list: the first line that is not blank, one word.
fn strategy_list(input: &mut Input<&[u8]>) -> Result<String, Error> {
    match input.line()? {
        Some(line) => match std::str::from_utf8(line.text) {
            Ok(text) if !text.trim().contains(char::is_whitespace) => Ok(text.trim().to_string()),
            _ => Err(Error::at(
                judge_io::Pos {
                    line: line.number,
                    column: line.column,
                    token: 0,
                },
                format!(
                    "expected the strategy list (one word, such as human,smart,seed), found {}",
                    judge_io::quote(line.text)
                ),
            )),
        },
        None => Err(input.missing("the strategy list")),
    }
}

/// One of the table's events as the seat saw it: its name, its facts
/// ([`Seen::facts`]), and its sentence.
fn event(replay: &Replay, seen: &Seen) -> Object {
    let cards = &replay.game.cards;
    let mut event = Object::new().with("event", seen.word());
    for (name, fact) in seen.facts(cards) {
        event = match fact {
            Fact::Number(number) => event.with(name, number),
            Fact::Seat(seat) => event.with(name, seat),
            Fact::Cards(names) => event.with(name, names),
            Fact::Card(card) => event.with(name, card),
            Fact::Flag(flag) => event.with(name, flag),
        };
    }
    event.with("text", human::sentence(cards, replay.seat, seen))
}

#[cfg(test)]
mod tests {
    use serde_json::{json, Value};

    use super::*;

    fn request(text: &str) -> Result<String, Error> {
        judge_io::run::<crate::Games>(&["--clue"], text.as_bytes())
    }

    fn parsed(answer: &str) -> Value {
        serde_json::from_str(answer).unwrap()
    }

    /// The answer to `text`, parsed.
    fn answer_to(text: &str) -> Value {
        parsed(&request(text).unwrap())
    }

    /// The terminal game on the same input: (view, transcript).
    fn terminal(strategies: &str, input: &str) -> (String, String) {
        let mut transcript = Vec::new();
        let mut view = Vec::new();
        human::play(strategies, input.as_bytes(), &mut transcript, &mut view).unwrap();
        (
            String::from_utf8(view).unwrap(),
            String::from_utf8(transcript).unwrap(),
        )
    }

    #[test]
    fn the_first_answer_is_the_deal_and_the_suggest_prompt() {
        let text = request("human,smart,seed\n3 7\n").unwrap();
        let answer = parsed(&text);
        let (view, _) = terminal("human,smart,seed", "3 7\n");
        // The terminal says the same, then stops where the page waits.
        let waiting = view.split("\nThe game stops").next().unwrap();
        assert_eq!(answer["view"], waiting);
        assert!(waiting.starts_with("You are seat 1 of 3. Your hand: "));
        assert!(waiting.ends_with("Your turn: suggest one card of each category.\nsuggest> "));
        assert_eq!(
            (&answer["players"], &answer["seat"]),
            (&json!(3), &json!(1))
        );
        assert_eq!(answer["hand"].as_array().unwrap().len(), 6);
        assert_eq!(answer["hand_sizes"], json!([6, 6, 6]));
        assert_eq!(
            answer["categories"][1],
            json!({"name": "weapon", "cards": ["Candlestick", "Dagger", "LeadPipe", "Revolver", "Rope", "Wrench"]})
        );
        assert_eq!(
            (&answer["state"], &answer["show"], &answer["transcript"]),
            (&json!("suggest"), &json!([]), &Value::Null)
        );
        assert_eq!(
            (&answer["events"], &answer["end"]),
            (&json!([]), &Value::Null)
        );
        // The fields in the page's order, on one line.
        let keys = [
            "players",
            "seat",
            "hand",
            "hand_sizes",
            "categories",
            "view",
            "state",
            "show",
            "transcript",
            "notebook",
            "odds",
            "events",
            "end",
        ];
        let mut at = 0;
        for key in keys {
            let found = text[at..].find(&format!("\"{key}\":")).unwrap();
            at += found;
        }
        assert!(text.starts_with("{\"players\":3,") && text.ends_with("\"end\":null}\n"));
        assert_eq!(text.lines().count(), 1);
        // The notebook knows the seat's own six cards and nothing else yet:
        // 21 cards, each with three seats and the envelope.
        let grid = notebook_of(&answer);
        assert_eq!(grid.len(), 21);
        assert_eq!(grid.iter().filter(|row| row[0] == "held").count(), 6);
        assert!(grid.iter().all(|row| row.len() == 4));
        // Nothing of the envelope while the game is on.
        assert!(!text.contains("envelope"));
    }

    /// Plays a whole game as the page does, one request per entry: at
    /// `suggest>` Plum Rope Hall, at `show>` the first card offered, at
    /// `accuse>` `no`, or `accusation` on the person's turn `accuse_on`.
    /// Returns the entries and the last answer.
    fn play_out(
        strategies: &str,
        setup: &str,
        accuse_on: usize,
        accusation: &str,
    ) -> (String, String) {
        let mut entries = setup.to_string();
        let mut turns = 0;
        for _ in 0..1000 {
            let text = request(&format!("{strategies}\n{entries}")).unwrap();
            let answer = parsed(&text);
            let entry = match answer["state"].as_str().unwrap() {
                "suggest" => {
                    turns += 1;
                    "Plum Rope Hall".to_string()
                }
                "show" => answer["show"][0].as_str().unwrap().to_string(),
                "accuse" if turns == accuse_on => accusation.to_string(),
                "accuse" => "no".to_string(),
                _ => return (entries, text),
            };
            entries.push_str(&entry);
            entries.push('\n');
        }
        panic!("the game did not end");
    }

    #[test]
    fn a_whole_game_gives_the_terminals_transcript() {
        for (strategies, setup, accusation) in [
            ("seed,human", "2 11\n", "Mustard Rope Hall"),
            ("human,smart,seed", "3 7\n", "Plum Revolver Hall"),
            ("random,smart,human,seed", "4 3\n", "Plum Rope Hall"),
        ] {
            let (entries, answer) = play_out(strategies, setup, 2, accusation);
            let answer = parsed(&answer);
            let (view, transcript) = terminal(strategies, &entries);
            assert_eq!(answer["transcript"], transcript);
            assert_eq!(answer["state"], "over");
            assert!(transcript.contains("\nwinner ") || transcript.contains("\nnobody wins"));
            // The page's view is the terminal's, with the entries echoed.
            let typed: Vec<&str> = entries.lines().skip(1).collect();
            assert_eq!(answer["view"], echoed(&view, &typed));
        }
    }

    /// The terminal's view with each entry after its prompt, as a terminal
    /// shows it.
    fn echoed(view: &str, typed: &[&str]) -> String {
        let mut screen = String::new();
        let mut typed = typed.iter();
        let mut rest = view;
        while let Some(at) = ["suggest> ", "show> ", "accuse> "]
            .iter()
            .filter_map(|prompt| rest.find(prompt).map(|at| at + prompt.len()))
            .min()
        {
            screen.push_str(&rest[..at]);
            screen.push_str(typed.next().unwrap());
            screen.push('\n');
            rest = &rest[at..];
        }
        screen.push_str(rest);
        screen
    }

    #[test]
    fn the_cards_offered_to_show_are_the_terminal_prompts() {
        // Some game asks seat 3 to choose between cards: find one, and
        // check the offer against the terminal's sentence.
        let found = (0..40).find_map(|seed| {
            let setup = format!("3 {seed}\n");
            let answer = answer_to(&format!("smart,smart,human\n{setup}"));
            (answer["state"] == "show").then_some((setup, answer))
        });
        let (setup, answer) = found.expect("a seed where seat 3 chooses a card to show");
        let (view, _) = terminal("smart,smart,human", &setup);
        let listed = view
            .lines()
            .find_map(|line| line.split(" asks you to show one of: ").nth(1))
            .unwrap()
            .trim_end_matches('.');
        let offered: Vec<&str> = listed.split(", ").collect();
        assert!(offered.len() >= 2);
        assert_eq!(answer["show"], json!(offered));
        assert!(answer["view"].as_str().unwrap().ends_with("show> "));
    }

    #[test]
    fn commands_and_refused_entries_are_in_the_view_and_the_game_waits() {
        let answer = answer_to("human,smart,seed\n3 7\nnotebook\nMustard\nodds\n");
        let view = answer["view"].as_str().unwrap();
        assert!(view.contains("suggest> notebook\nNotebook of seat 1 (you):\n"));
        assert!(view
            .contains("suggest> Mustard\nName one card of each category: weapon, room missing.\n"));
        assert!(view.contains("suggest> odds\nEnvelope odds, exact: "));
        assert_eq!(answer["state"], "suggest");
    }

    #[test]
    fn quit_ends_the_game_with_the_transcript_so_far() {
        let answer = answer_to("human,seed\n2 5\nquit\n");
        let (view, transcript) = terminal("human,seed", "2 5\nquit\n");
        assert_eq!(answer["state"], "quit");
        assert_eq!(answer["transcript"], transcript);
        // The sentence the terminal stops with.
        let stop = view.lines().last().unwrap();
        assert!(stop.starts_with("The game stops during turn 1: you quit."));
        assert_eq!(answer["end"], stop);
        // What follows `quit` is not read, as in the terminal.
        assert_eq!(answer_to("human,seed\n2 5\nquit\nno\nno\n"), answer);
    }

    #[test]
    fn a_custom_card_set_gives_its_categories() {
        let answer = answer_to("human,seed\n2 7 2\nwho 2 Ann Bob\nwhat 2 Axe Rope\n");
        assert_eq!(
            answer["categories"],
            json!([{"name": "who", "cards": ["Ann", "Bob"]}, {"name": "what", "cards": ["Axe", "Rope"]}])
        );
    }

    #[test]
    fn bad_requests_are_refused_with_the_terminals_errors() {
        assert!(request("")
            .unwrap_err()
            .message()
            .contains("the strategy list"));
        assert!(request("human smart\n3 7\n")
            .unwrap_err()
            .message()
            .contains("one word"));
        assert!(request("human,smart,smart,smart\n3 7\n")
            .unwrap_err()
            .is_usage());
        assert!(request("smart,smart\n2 7\n").unwrap_err().is_usage());
        let setup = request("human,smart\n1 7\n").unwrap_err();
        assert!(!setup.is_usage());
        assert_eq!(setup.pos().map(|pos| pos.line), Some(1));
    }

    /// The answer's notebook: a row of marks per card.
    fn notebook_of(answer: &Value) -> Vec<Vec<String>> {
        answer["notebook"]
            .as_array()
            .unwrap()
            .iter()
            .map(|row| {
                row.as_array()
                    .unwrap()
                    .iter()
                    .map(|mark| mark.as_str().unwrap().to_string())
                    .collect()
            })
            .collect()
    }

    #[test]
    fn the_notebook_is_the_terminals_notebook() {
        // Two turns of a game, then `notebook` at the next prompt: the grid
        // of the answer says, card by card, what the terminal's lines say.
        let entries =
            "3 7\nOrchid Candlestick Ballroom\nno\nshow Green\nPlum Rope Hall\nno\nnotebook\n";
        let answer = answer_to(&format!("human,smart,seed\n{entries}"));
        let view = answer["view"].as_str().unwrap();
        let printed = view.rsplit("Notebook of seat 1 (you):\n").next().unwrap();
        let lines: Vec<&str> = printed
            .lines()
            .filter(|line| line.starts_with("  "))
            .collect();
        let grid = notebook_of(&answer);
        assert_eq!(lines.len(), grid.len());
        let owners = ["you", "seat 2", "seat 3", "envelope"];
        for (line, row) in lines.iter().zip(&grid) {
            let said = line
                .split_whitespace()
                .skip(1)
                .collect::<Vec<_>>()
                .join(" ");
            let expected: Vec<&str> = match said.strip_prefix("? not: ") {
                Some(not) => {
                    let not: Vec<&str> = not.split(", ").collect();
                    owners
                        .iter()
                        .map(|owner| {
                            if not.contains(owner) {
                                "not held"
                            } else {
                                "unknown"
                            }
                        })
                        .collect()
                }
                None => {
                    let holder = if said == "ENVELOPE" {
                        "envelope"
                    } else {
                        said.as_str()
                    };
                    owners
                        .iter()
                        .map(|&owner| if owner == holder { "held" } else { "not held" })
                        .collect()
                }
            };
            assert_eq!(row, &expected, "{line}");
        }
        // Checked by hand from the view: seat 3 showed seat 2 one of Green,
        // LeadPipe, Ballroom in turn 5, and the seat holds the first two;
        // seat 2 could not show Plum, Rope or Hall in turn 4.
        assert_eq!(grid[12], ["not held", "not held", "held", "not held"]);
        assert_eq!(grid[4], ["not held", "not held", "unknown", "unknown"]);
        // The odds: exact, and each category's chances add up to 1.
        let odds = &answer["odds"];
        assert_eq!(odds["exact"], true);
        assert!(odds["deals"].as_str().unwrap().parse::<u128>().unwrap() > 0);
        let chances: Vec<f64> = odds["chances"]
            .as_array()
            .unwrap()
            .iter()
            .map(|chance| chance.as_f64().unwrap())
            .collect();
        for category in [0..6, 6..12, 12..21] {
            let sum: f64 = chances[category].iter().sum();
            assert!((sum - 1.0).abs() < 1e-5, "{sum}");
        }
    }

    /// The list of events the page drew from the view's lines before the
    /// engine sent them as values (clue.js's regular expressions, in Rust):
    /// an item per turn (its line, `Turn N: ...`, and the indented lines
    /// after it, outside the answers to the commands) and the end line.
    fn events_read_from_the_view(view: &str) -> Vec<(String, Vec<String>)> {
        let mut items: Vec<(String, Vec<String>)> = Vec::new();
        let mut in_turn = false;
        let mut skipping = false;
        for line in view.split('\n') {
            let turn = line.strip_prefix("turn ").and_then(|rest| {
                let (number, said) = rest.split_once(": ")?;
                number
                    .bytes()
                    .all(|b| b.is_ascii_digit())
                    .then_some((number, said))
            });
            if let Some((number, said)) = turn {
                items.push((format!("Turn {number}: {said}"), Vec::new()));
                in_turn = true;
                skipping = false;
            } else if ["suggest> ", "show> ", "accuse> "]
                .iter()
                .any(|prompt| line.starts_with(prompt))
            {
                skipping = false;
            } else if [
                "Notebook of seat",
                "Envelope odds",
                "Commands, at any prompt",
            ]
            .iter()
            .any(|head| line.starts_with(head))
            {
                skipping = true;
            } else if line.starts_with("  ") && in_turn && !skipping {
                items.last_mut().unwrap().1.push(line.trim().to_string());
            } else if line.starts_with("You win ")
                || line.starts_with("Nobody wins ")
                || (line.starts_with("Seat ") && line.contains(" wins "))
            {
                items.push((line.to_string(), Vec::new()));
            }
        }
        items
    }

    /// The same list from the answer's events, as clue.js now draws it.
    fn events_drawn(answer: &Value) -> Vec<(String, Vec<String>)> {
        let mut items: Vec<(String, Vec<String>)> = Vec::new();
        for event in answer["events"].as_array().unwrap() {
            let text = event["text"].as_str().unwrap().to_string();
            match event["event"].as_str().unwrap() {
                "suggested" => items.push((format!("Turn {}: {text}", event["turn"]), Vec::new())),
                "ended" => items.push((text, Vec::new())),
                _ => items.last_mut().unwrap().1.push(text),
            }
        }
        items
    }

    #[test]
    fn the_events_are_what_the_page_read_from_the_view() {
        for (strategies, setup, accusation) in [
            ("seed,human", "2 11\n", "Mustard Rope Hall"),
            ("human,smart,seed", "3 7\n", "Plum Revolver Hall"),
            ("random,smart,human,seed", "4 3\n", "Plum Rope Hall"),
            ("human,smart,seed", "3 7\n", "Mustard Rope Hall"),
        ] {
            let (entries, _) = play_out(strategies, setup, 2, accusation);
            // With the commands' answers in the view too.
            let entries = entries.replacen("\nno\n", "\nnotebook\nodds\nhelp\nhand\nno\n", 1);
            let answer = answer_to(&format!("{strategies}\n{entries}"));
            assert_eq!(answer["state"], "over");
            let view = answer["view"].as_str().unwrap();
            let drawn = events_drawn(&answer);
            assert_eq!(drawn, events_read_from_the_view(view), "{strategies}");
            assert!(drawn.len() > 3);
            assert!(drawn.iter().any(|(_, details)| details
                .iter()
                .any(|detail| detail.ends_with(" cannot show a card"))));
            // The end's sentence is the view's last line.
            assert_eq!(answer["end"], view.lines().last().unwrap());
        }
    }

    #[test]
    fn the_events_say_who_suggested_showed_and_passed() {
        // Seat 1 suggests and seat 2 shows it Candlestick; seat 3 shows
        // seat 2 a card the seat does not see; the seat shows seat 3 its
        // only card of the suggestion (as the terminal's view says).
        let entries = "3 7\nMustard Candlestick Ballroom\nno\n";
        let answer = answer_to(&format!("human,smart,smart\n{entries}"));
        let (view, _) = terminal("human,smart,smart", entries);
        assert!(view.contains(
            "turn 1: you suggest Mustard Candlestick Ballroom\n  seat 2 shows you Candlestick\n"
        ));
        assert!(view.contains(
            "accuse> turn 2: seat 2 suggests Mustard Revolver DiningRoom\n  seat 3 shows seat 2 a card\n\
             turn 3: seat 3 suggests Plum Revolver BilliardRoom\n  you show BilliardRoom to seat 3\n"
        ));
        assert_eq!(
            answer["events"],
            json!([
                {"event": "suggested", "turn": 1, "seat": 1, "cards": ["Mustard", "Candlestick", "Ballroom"],
                 "text": "you suggest Mustard Candlestick Ballroom"},
                {"event": "showed", "seat": 2, "to": 1, "card": "Candlestick", "text": "seat 2 shows you Candlestick"},
                {"event": "suggested", "turn": 2, "seat": 2, "cards": ["Mustard", "Revolver", "DiningRoom"],
                 "text": "seat 2 suggests Mustard Revolver DiningRoom"},
                {"event": "showed", "seat": 3, "to": 2, "card": null, "text": "seat 3 shows seat 2 a card"},
                {"event": "suggested", "turn": 3, "seat": 3, "cards": ["Plum", "Revolver", "BilliardRoom"],
                 "text": "seat 3 suggests Plum Revolver BilliardRoom"},
                {"event": "showed", "seat": 1, "to": 3, "card": "BilliardRoom", "text": "you show BilliardRoom to seat 3"},
            ])
        );
        // The game is on: no end.
        assert_eq!(answer["end"], Value::Null);
    }

    #[test]
    fn the_end_names_the_winner_and_the_envelope() {
        // The person accuses the envelope on their first turn.
        let (entries, answer) = play_out("human,smart,seed", "3 7\n", 1, "Plum Revolver Hall");
        let (_, transcript) = terminal("human,smart,seed", &entries);
        let answer = parsed(&answer);
        let events = answer["events"].as_array().unwrap();
        let accused = &events[events.len() - 2];
        let ended = &events[events.len() - 1];
        assert!(transcript.starts_with("envelope Plum Revolver Hall\n"));
        assert_eq!(
            (&accused["event"], &accused["seat"], &accused["correct"]),
            (&json!("accused"), &json!(1), &json!(true))
        );
        assert_eq!(accused["cards"], json!(["Plum", "Revolver", "Hall"]));
        assert_eq!(
            (&ended["event"], &ended["winner"], &ended["envelope"]),
            (
                &json!("ended"),
                &json!(1),
                &json!(["Plum", "Revolver", "Hall"])
            )
        );
        assert_eq!(ended["turns"], 1);
        assert!(transcript.ends_with("winner 1 after 1 turns\n"));
        assert_eq!(ended["text"], answer["end"]);
    }
}
