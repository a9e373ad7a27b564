//! The Cluedo table's requests (`games --clue`): the page sends the players,
//! the setup and the person's entries so far; the answer is the game as
//! [`clue_sim::human::replay`] plays it: what the person's seat saw, in the
//! terminal's sentences and as values, and what the game waits for.
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
//! One JSON object, on one line:
//!
//! ```text
//! {"players":3,"seat":1,"hand":["Library",...],"hand_sizes":[6,6,6],
//!  "categories":[{"name":"suspect","cards":["Mustard",...]},...],
//!  "view":"You are seat 1 of 3. Your hand: ...\n...suggest> ",
//!  "state":"suggest","show":[],"transcript":null}
//! ```
//!
//! - `seat` counts from 1; `hand` is the person's hand in dealt order,
//!   `hand_sizes` every seat's; `categories` the card set in order.
//! - `view`: what the terminal shows the seat (its standard error, from
//!   "You are seat 1 of 3. ..." on), each entry echoed after its prompt;
//!   while the game waits it ends with the waiting prompt.
//! - `state`: `suggest`, `show` or `accuse` (the prompt waiting for the next
//!   entry), `over` (the game ended) or `quit` (a `quit` entry stopped it).
//! - `show`: at `show`, the cards the seat may show (the terminal prompt's
//!   list); empty otherwise.
//! - `transcript`: once the game is over (or quit), exactly the terminal's
//!   standard output for the same input; `null` while the game is on, since
//!   it starts with the envelope.
//! - `notebook`: what the seat knows of every card, in the card set's order:
//!   for each seat, then the envelope, `"held"`, `"not held"` or
//!   `"unknown"`, exactly what the terminal's `notebook` command says at that
//!   point (a card's known owner holds it and nobody else does; otherwise
//!   the seats and the envelope it has been ruled out of).
//! - `odds`: what the terminal's `odds` command says: `exact` (whether the
//!   deals that fit were counted, not estimated), `deals` (their count, as
//!   a string since it may pass 2^53, or `null`), and `chances`, each
//!   card's chance of lying in the envelope, in the card set's order.
//! - `events`: the table's events after the deal, as the seat saw them
//!   (clue-sim's [`Seen`]), in order: each an object with `event` and its
//!   facts, seats counted from 1 and cards by name, and `text`, the
//!   sentence the view tells it with (without the view's `turn N: ` or
//!   indent). `suggested` (`turn`, `seat`, `cards`), `passed` (`seat`),
//!   `showed` (`seat`, `to`: the suggester, `card`: `null` unless the seat
//!   showed or saw it), `nobody_showed`, `accused` (`seat`, `cards`,
//!   `correct`), `ended` (`winner`, a seat or `null`, `turns`, `envelope`).
//! - `end`: once the game is over (or quit), the sentence the view ends
//!   with (who won and the envelope, or why the game stopped); `null` while
//!   the game is on.

use std::io::Read;

use clue_sim::cards::{Card, CardSet};
use clue_sim::event::{Seat, Seen};
use clue_sim::human::{self, Ask, Replay, State};
use clue_sim::knowledge::Knowledge;
use clue_sim::notebook::{Mark, Notebook};
use judge_io::{Error, Input};

use super::json;

/// A request of the Cluedo table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    /// The `--strategy` list, one seat `human`.
    pub strategies: String,
    /// The terminal game's input: the setup, then the entries.
    pub game: Vec<u8>,
}

/// Reads a request: the strategy list's line, then everything after it.
///
/// # Errors
///
/// No strategy list, or one of more than one word.
pub fn read<R: Read>(input: &mut Input<R>) -> Result<Request, Error> {
    let strategies = match input.line()? {
        Some(line) => match std::str::from_utf8(line.text) {
            Ok(text) if !text.trim().contains(char::is_whitespace) => text.trim().to_string(),
            _ => {
                return Err(Error::at(
                    judge_io::Pos {
                        line: line.number,
                        column: line.column,
                        token: 0,
                    },
                    format!(
                        "expected the strategy list (one word, such as human,smart,seed), found {}",
                        judge_io::quote(line.text)
                    ),
                ))
            }
        },
        None => return Err(input.missing("the strategy list")),
    };
    let mut game = Vec::new();
    while let Some(byte) = input.next_byte()? {
        game.push(byte);
    }
    Ok(Request { strategies, game })
}

/// Answers a request as one JSON object (see the module docs).
///
/// # Errors
///
/// A bad strategy list (a usage error) or setup, as the terminal game
/// reports them.
pub fn answer(request: &Request) -> Result<String, Error> {
    let mut replay = human::replay(&request.strategies, &request.game)?;
    let (notebook, odds) = match replay.knowledge.as_mut() {
        Some(knowledge) => (notebook(knowledge), odds(knowledge)),
        None => ("null".to_string(), "null".to_string()),
    };
    let cards = &replay.game.cards;
    let hand_sizes: Vec<String> = replay
        .hands
        .iter()
        .map(|hand| hand.len().to_string())
        .collect();
    let categories: Vec<String> = (0..cards.categories())
        .map(|category| {
            let names: Vec<&str> = cards
                .category(category)
                .map(|card| cards.name(Card(card)))
                .collect();
            format!(
                "{{\"name\":{},\"cards\":{}}}",
                json::string(&cards.category_names[category]),
                json::strings(&names)
            )
        })
        .collect();
    let (state, show) = match &replay.state {
        State::Waiting(Ask::Suggest) => ("suggest", Vec::new()),
        State::Waiting(Ask::Show(eligible)) => ("show", names(cards, eligible)),
        State::Waiting(Ask::Accuse) => ("accuse", Vec::new()),
        State::Over(_) => ("over", Vec::new()),
        State::Quit => ("quit", Vec::new()),
    };
    let transcript = match replay.state {
        State::Waiting(_) => "null".to_string(),
        State::Over(_) | State::Quit => json::string(&replay.transcript),
    };
    let hand = replay
        .hands
        .get(replay.seat.index())
        .map_or_else(Vec::new, |hand| names(cards, hand));
    let events = events(&replay);
    let end = replay
        .closing()
        .map_or_else(|| "null".to_string(), |end| json::string(&end));
    Ok(format!(
        "{{\"players\":{},\"seat\":{},\"hand\":{},\"hand_sizes\":[{}],\"categories\":[{}],\
\"view\":{},\"state\":\"{state}\",\"show\":{},\"transcript\":{transcript},\
\"notebook\":{notebook},\"odds\":{odds},\"events\":{events},\"end\":{end}}}\n",
        replay.game.players,
        replay.seat,
        json::strings(&hand),
        hand_sizes.join(","),
        categories.join(","),
        json::string(&replay.view),
        json::strings(&show),
    ))
}

/// The notebook's grid (see the module docs): clue-sim's [`Notebook`], a
/// row per card, a column per seat and then the envelope.
fn notebook(knowledge: &Knowledge) -> String {
    let rows: Vec<String> = Notebook::of(knowledge)
        .rows()
        .map(|row| {
            let marks: Vec<&str> = row
                .iter()
                .map(|mark| match mark {
                    Mark::Held => "held",
                    Mark::NotHeld => "not held",
                    Mark::Unknown => "unknown",
                })
                .collect();
            json::strings(&marks)
        })
        .collect();
    format!("[{}]", rows.join(","))
}

/// The table's events as the seat saw them (see the module docs).
fn events(replay: &Replay) -> String {
    let cards = &replay.game.cards;
    let seat = |seat: Seat| seat.to_string();
    let items: Vec<String> = replay
        .events
        .iter()
        .map(|seen| {
            let fields = match seen {
                Seen::Suggested {
                    turn,
                    seat: suggester,
                    cards: named,
                } => format!(
                    "\"event\":\"suggested\",\"turn\":{turn},\"seat\":{},\"cards\":{}",
                    seat(*suggester),
                    json::strings(&names(cards, named))
                ),
                Seen::Passed(passer) => {
                    format!("\"event\":\"passed\",\"seat\":{}", seat(*passer))
                }
                Seen::Showed {
                    seat: shower,
                    to,
                    card,
                } => format!(
                    "\"event\":\"showed\",\"seat\":{},\"to\":{},\"card\":{}",
                    seat(*shower),
                    seat(*to),
                    card.map_or_else(|| "null".to_string(), |card| json::string(cards.name(card)))
                ),
                Seen::NobodyShowed => "\"event\":\"nobody_showed\"".to_string(),
                Seen::Accused {
                    seat: accuser,
                    cards: accused,
                    correct,
                } => format!(
                    "\"event\":\"accused\",\"seat\":{},\"cards\":{},\"correct\":{correct}",
                    seat(*accuser),
                    json::strings(&names(cards, accused))
                ),
                Seen::Ended {
                    winner,
                    turns,
                    envelope,
                } => format!(
                    "\"event\":\"ended\",\"winner\":{},\"turns\":{turns},\"envelope\":{}",
                    winner.map_or_else(|| "null".to_string(), seat),
                    json::strings(&names(cards, envelope))
                ),
            };
            format!(
                "{{{fields},\"text\":{}}}",
                json::string(&human::sentence(cards, replay.seat, seen))
            )
        })
        .collect();
    format!("[{}]", items.join(","))
}

/// The envelope odds (see the module docs), from the same count as the
/// terminal's `odds`.
fn odds(knowledge: &mut Knowledge) -> String {
    let cards = knowledge.n_cards();
    let analysis = knowledge.analysis();
    let chances: Vec<String> = (0..cards)
        .map(|card| format!("{:.6}", analysis.envelope_probability(card)))
        .collect();
    let deals = analysis.deals().map_or_else(
        || "null".to_string(),
        |deals| json::string(&deals.to_string()),
    );
    format!(
        "{{\"exact\":{},\"deals\":{deals},\"chances\":[{}]}}",
        analysis.is_exact(),
        chances.join(",")
    )
}

fn names(cards: &CardSet, list: &[Card]) -> Vec<String> {
    list.iter()
        .map(|&card| cards.name(card).to_string())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(text: &str) -> Result<String, Error> {
        let request = read(&mut Input::new(text.as_bytes()))?;
        answer(&request)
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
        let answer = request("human,smart,seed\n3 7\n").unwrap();
        let (view, _) = terminal("human,smart,seed", "3 7\n");
        // The terminal says the same, then stops where the page waits.
        let waiting = view.split("\nThe game stops").next().unwrap();
        assert!(answer.contains(&format!("\"view\":{}", json::string(waiting))));
        assert!(waiting.starts_with("You are seat 1 of 3. Your hand: "));
        assert!(waiting.ends_with("Your turn: suggest one card of each category.\nsuggest> "));
        assert!(answer.starts_with("{\"players\":3,\"seat\":1,\"hand\":[\""));
        assert!(answer.contains("\"hand_sizes\":[6,6,6]"));
        assert!(answer.contains("{\"name\":\"weapon\",\"cards\":[\"Candlestick\",\"Dagger\",\"LeadPipe\",\"Revolver\",\"Rope\",\"Wrench\"]}"));
        assert!(answer.contains("\"state\":\"suggest\",\"show\":[],\"transcript\":null,"));
        // The notebook knows the seat's own six cards and nothing else yet:
        // 21 cards, each with three seats and the envelope.
        let grid = notebook_of(&answer);
        assert_eq!(grid.len(), 21);
        assert_eq!(grid.iter().filter(|row| row[0] == "held").count(), 6);
        assert!(grid.iter().all(|row| row.len() == 4));
        // Nothing of the envelope while the game is on.
        assert!(!answer.contains("envelope"));
    }

    /// A field of the answer: the text of a JSON string, or the first
    /// string of a JSON array of strings (enough for these tests).
    fn field<'a>(answer: &'a str, name: &str) -> Option<&'a str> {
        let rest = answer.split(&format!("\"{name}\":")).nth(1)?;
        let rest = rest.strip_prefix('[').unwrap_or(rest).strip_prefix('"')?;
        rest.split('"').next()
    }

    /// Plays a whole game as the page does, one request per entry: at
    /// `suggest>` Plum Rope Hall, at
    /// `show>` the first card offered, at `accuse>` `no`, or `accusation` on
    /// the person's turn `accuse_on`. Returns the entries and the last
    /// answer.
    fn play_out(
        strategies: &str,
        setup: &str,
        accuse_on: usize,
        accusation: &str,
    ) -> (String, String) {
        let mut entries = setup.to_string();
        let mut turns = 0;
        for _ in 0..1000 {
            let answer = request(&format!("{strategies}\n{entries}")).unwrap();
            let entry = match field(&answer, "state").unwrap() {
                "suggest" => {
                    turns += 1;
                    "Plum Rope Hall".to_string()
                }
                "show" => field(&answer, "show").unwrap().to_string(),
                "accuse" if turns == accuse_on => accusation.to_string(),
                "accuse" => "no".to_string(),
                _ => return (entries, answer),
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
            let (view, transcript) = terminal(strategies, &entries);
            assert!(answer.contains(&format!("\"transcript\":{}", json::string(&transcript))));
            assert!(answer.contains("\"state\":\"over\""));
            assert!(transcript.contains("\nwinner ") || transcript.contains("\nnobody wins"));
            // The page's view is the terminal's, with the entries echoed.
            let typed: Vec<&str> = entries.lines().skip(1).collect();
            assert!(answer.contains(&format!(
                "\"view\":{}",
                json::string(&echoed(&view, &typed))
            )));
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
        // Some game asks seat 1 to choose between cards: find one, and
        // check the offer against the terminal's sentence.
        let found = (0..40).find_map(|seed| {
            let setup = format!("3 {seed}\n");
            let answer = request(&format!("smart,smart,human\n{setup}")).unwrap();
            answer
                .contains("\"state\":\"show\"")
                .then_some((setup, answer))
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
        assert!(answer.contains(&format!("\"show\":{}", json::strings(&offered))));
        assert!(answer.contains("\"view\":") && answer.contains("show> \""));
    }

    #[test]
    fn commands_and_refused_entries_are_in_the_view_and_the_game_waits() {
        let answer = request("human,smart,seed\n3 7\nnotebook\nMustard\nodds\n").unwrap();
        assert!(answer.contains("suggest> notebook\\nNotebook of seat 1 (you):\\n"));
        assert!(answer.contains(
            "suggest> Mustard\\nName one card of each category: weapon, room missing.\\n"
        ));
        assert!(answer.contains("suggest> odds\\nEnvelope odds, exact: "));
        assert!(answer.contains("\"state\":\"suggest\""));
    }

    #[test]
    fn quit_ends_the_game_with_the_transcript_so_far() {
        let answer = request("human,seed\n2 5\nquit\n").unwrap();
        let (_, transcript) = terminal("human,seed", "2 5\nquit\n");
        assert!(answer.contains("\"state\":\"quit\""));
        assert!(answer.contains(&format!("\"transcript\":{}", json::string(&transcript))));
    }

    #[test]
    fn a_custom_card_set_gives_its_categories() {
        let answer = request("human,seed\n2 7 2\nwho 2 Ann Bob\nwhat 2 Axe Rope\n").unwrap();
        assert!(answer.contains(
            "\"categories\":[{\"name\":\"who\",\"cards\":[\"Ann\",\"Bob\"]},{\"name\":\"what\",\"cards\":[\"Axe\",\"Rope\"]}]"
        ));
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

    /// The answer's notebook, parsed: a row of marks per card.
    fn notebook_of(answer: &str) -> Vec<Vec<String>> {
        let grid = answer.split("\"notebook\":[[").nth(1).unwrap();
        let grid = grid.split("]],").next().unwrap();
        grid.split("],[")
            .map(|row| {
                row.split(',')
                    .map(|mark| mark.trim_matches('"').to_string())
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
        let answer = request(&format!("human,smart,seed\n{entries}")).unwrap();
        let view = field(&answer, "view").unwrap().replace("\\n", "\n");
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
        assert!(answer.contains("\"odds\":{\"exact\":true,\"deals\":\""));
        let chances = answer.split("\"chances\":[").nth(1).unwrap();
        let chances: Vec<f64> = chances
            .split(']')
            .next()
            .unwrap()
            .split(',')
            .map(|chance| chance.parse().unwrap())
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

    /// The same list from the events, as clue.js now draws it.
    fn events_drawn(replay: &Replay) -> Vec<(String, Vec<String>)> {
        let mut items: Vec<(String, Vec<String>)> = Vec::new();
        for seen in &replay.events {
            let text = human::sentence(&replay.game.cards, replay.seat, seen);
            match seen {
                Seen::Suggested { turn, .. } => {
                    items.push((format!("Turn {turn}: {text}"), Vec::new()))
                }
                Seen::Ended { .. } => items.push((text, Vec::new())),
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
            let (entries, answer) = play_out(strategies, setup, 2, accusation);
            // With the commands' answers in the view too.
            let entries = entries.replacen("\nno\n", "\nnotebook\nodds\nhelp\nhand\nno\n", 1);
            let replay = human::replay(strategies, entries.as_bytes()).unwrap();
            assert!(matches!(replay.state, State::Over(_)));
            let drawn = events_drawn(&replay);
            assert_eq!(
                drawn,
                events_read_from_the_view(&replay.view),
                "{strategies}"
            );
            assert!(drawn.len() > 3);
            // The end's sentence is the view's last line.
            let end = replay.closing().unwrap();
            assert_eq!(replay.view.lines().last(), Some(end.as_str()));
            assert!(answer.ends_with(&format!(",\"end\":{}}}\n", json::string(&end))));
        }
    }

    #[test]
    fn the_events_say_who_suggested_showed_and_passed() {
        // Seat 1 suggests and seat 2 shows it Candlestick; seat 3 shows
        // seat 2 a card the seat does not see; the seat shows seat 3 its
        // only card of the suggestion (as the terminal's view says).
        let entries = "3 7\nMustard Candlestick Ballroom\nno\n";
        let answer = request(&format!("human,smart,smart\n{entries}")).unwrap();
        let (view, _) = terminal("human,smart,smart", entries);
        assert!(view.contains(
            "turn 1: you suggest Mustard Candlestick Ballroom\n  seat 2 shows you Candlestick\n"
        ));
        assert!(answer.contains(
            "\"events\":[{\"event\":\"suggested\",\"turn\":1,\"seat\":1,\
\"cards\":[\"Mustard\",\"Candlestick\",\"Ballroom\"],\"text\":\"you suggest Mustard Candlestick Ballroom\"},\
{\"event\":\"showed\",\"seat\":2,\"to\":1,\"card\":\"Candlestick\",\"text\":\"seat 2 shows you Candlestick\"},"
        ));
        assert!(view.contains(
            "turn 2: seat 2 suggests Mustard Revolver DiningRoom\n  seat 3 shows seat 2 a card\n\
turn 3: seat 3 suggests Plum Revolver BilliardRoom\n  you show BilliardRoom to seat 3\n"
        ));
        assert!(answer.contains(
            "{\"event\":\"showed\",\"seat\":3,\"to\":2,\"card\":null,\"text\":\"seat 3 shows seat 2 a card\"},\
{\"event\":\"suggested\",\"turn\":3,\"seat\":3,\"cards\":[\"Plum\",\"Revolver\",\"BilliardRoom\"],\
\"text\":\"seat 3 suggests Plum Revolver BilliardRoom\"},\
{\"event\":\"showed\",\"seat\":1,\"to\":3,\"card\":\"BilliardRoom\",\"text\":\"you show BilliardRoom to seat 3\"}]"
        ));
        // The game is on: no end, and nothing of the envelope.
        assert!(answer.ends_with(",\"end\":null}\n"));
        assert!(!answer.contains("envelope\":"));
        // Before the first suggestion, no event.
        let first = request("human,smart,seed\n3 7\n").unwrap();
        assert!(first.contains(",\"events\":[],\"end\":null}"));
    }

    #[test]
    fn quit_ends_with_the_sentence_the_game_stops_with() {
        let answer = request("human,seed\n2 5\nquit\n").unwrap();
        let (view, _) = terminal("human,seed", "2 5\nquit\n");
        let stop = view.lines().last().unwrap();
        assert!(stop.starts_with("The game stops during turn 1: you quit."));
        assert!(answer.ends_with(&format!(",\"end\":{}}}\n", json::string(stop))));
    }
}
