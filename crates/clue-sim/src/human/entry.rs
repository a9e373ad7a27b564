//! The person's entries: what a line typed at a prompt means ([`interpret`]),
//! and why one is refused ([`Refusal`], whose text says what to type
//! instead). The rules are in the module docs of [`super`].

use std::fmt;

use judge_io::MAX_LINE;

use super::super::cards::{Card, CardSet};

use super::view::names;

/// What a prompt asks the person for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ask {
    /// A suggestion: one card of each category.
    Suggest,
    /// A card to show: one of these.
    Show(Vec<Card>),
    /// An accusation (one card of each category), or none.
    Accuse,
}

/// An entry the prompt accepts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    /// `help`: the commands.
    Help,
    /// `notebook`: what the seat knows of every card.
    Notebook,
    /// `odds`: each card's chance of being in the envelope.
    Odds,
    /// `hand`: the hand and every seat's hand size.
    Hand,
    /// `quit`: stop the game.
    Quit,
    /// The cards asked for: a suggestion or an accusation in category
    /// order, or the one card to show.
    Cards(Vec<Card>),
    /// `no` (or an empty line) at `accuse>`: no accusation.
    NoAccusation,
}

/// Why an entry was not taken; its text says what to type instead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// A word that is neither a command nor a card.
    Unknown(String),
    /// A word that matches several cards once case is ignored.
    Ambiguous(String, Vec<String>),
    /// Two named cards of one category.
    SameCategory {
        /// The category's name.
        category: String,
        /// The first card named in it.
        first: String,
        /// The second.
        second: String,
    },
    /// Categories with no card named, by name.
    Missing(Vec<String>),
    /// Nothing named where a suggestion or a card to show is needed.
    Empty(Wanted),
    /// A card that may not be shown; the eligible ones.
    NotEligible(String, Vec<String>),
    /// More than one card named to show.
    ShowOne(usize),
    /// A verb or a `no` that does not fit the prompt.
    NotNow(&'static str, Wanted),
    /// A line longer than [`MAX_LINE`] bytes.
    TooLong,
}

/// What a prompt wants, for a [`Refusal`]'s text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Wanted {
    /// A suggestion.
    Suggestion,
    /// One of these cards, to show.
    Show(Vec<String>),
    /// An accusation or `no`.
    Accusation,
}

/// Reads one line typed at the prompt `ask`.
///
/// # Errors
///
/// What the entry got wrong, to be explained and asked again.
pub fn interpret(cards: &CardSet, ask: &Ask, line: &str) -> Result<Entry, Refusal> {
    let mut words: Vec<&str> = line.split_whitespace().collect();
    if let [word] = words[..] {
        if let Some(entry) = command(word) {
            return match entry {
                Entry::NoAccusation if *ask != Ask::Accuse => {
                    Err(Refusal::NotNow("no", wanted(cards, ask)))
                }
                entry => Ok(entry),
            };
        }
    }
    let mut verb_given = false;
    if let Some(&first) = words.first() {
        let verb = ["suggest", "show", "accuse"]
            .into_iter()
            .find(|verb| first.eq_ignore_ascii_case(verb));
        if let Some(verb) = verb {
            let fits = matches!(
                (verb, ask),
                ("suggest", Ask::Suggest) | ("show", Ask::Show(_)) | ("accuse", Ask::Accuse)
            );
            if !fits {
                return Err(Refusal::NotNow(verb, wanted(cards, ask)));
            }
            words.remove(0);
            verb_given = true;
        }
    }
    let named = words
        .iter()
        .map(|word| find_card(cards, word))
        .collect::<Result<Vec<Card>, Refusal>>()?;
    match ask {
        Ask::Show(eligible) => match named[..] {
            [] => Err(Refusal::Empty(wanted(cards, ask))),
            [card] if eligible.contains(&card) => Ok(Entry::Cards(vec![card])),
            [card] => Err(Refusal::NotEligible(
                cards.name(card).to_string(),
                names(cards, eligible),
            )),
            _ => Err(Refusal::ShowOne(named.len())),
        },
        Ask::Accuse if named.is_empty() && !verb_given => Ok(Entry::NoAccusation),
        Ask::Suggest if named.is_empty() => Err(Refusal::Empty(Wanted::Suggestion)),
        Ask::Suggest | Ask::Accuse => one_per_category(cards, &named).map(Entry::Cards),
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Unknown(word) => write!(
                f,
                "`{word}` is neither a card nor a command (`help` lists them)."
            ),
            Refusal::Ambiguous(word, matches) => write!(
                f,
                "`{word}` could be {}: type it exactly.",
                matches.join(" or ")
            ),
            Refusal::SameCategory {
                category,
                first,
                second,
            } => write!(
                f,
                "{first} and {second} are both {category} cards: name one card of each category."
            ),
            Refusal::Missing(categories) => write!(
                f,
                "Name one card of each category: {} missing.",
                categories.join(", ")
            ),
            Refusal::Empty(Wanted::Show(eligible)) => {
                write!(f, "Show one of: {}.", eligible.join(", "))
            }
            Refusal::NotNow(word, Wanted::Show(eligible)) => {
                write!(f, "Not `{word}` now: show one of {}.", eligible.join(", "))
            }
            Refusal::Empty(_) => {
                f.write_str("Suggest one card of each category (`help` lists the commands).")
            }
            Refusal::NotEligible(card, eligible) => write!(
                f,
                "You cannot show {card}: show one of {}.",
                eligible.join(", ")
            ),
            Refusal::ShowOne(count) => write!(f, "Show one card, not {count}."),
            Refusal::NotNow(word, Wanted::Suggestion) => write!(
                f,
                "Not `{word}` now: suggest first (you may accuse once it is answered)."
            ),
            Refusal::NotNow(word, Wanted::Accusation) => write!(
                f,
                "Not `{word}` now: accuse (one card of each category) or answer `no`."
            ),
            Refusal::TooLong => write!(f, "That line is longer than {MAX_LINE} bytes."),
        }
    }
}

fn wanted(cards: &CardSet, ask: &Ask) -> Wanted {
    match ask {
        Ask::Suggest => Wanted::Suggestion,
        Ask::Show(eligible) => Wanted::Show(names(cards, eligible)),
        Ask::Accuse => Wanted::Accusation,
    }
}

/// The entry of a one-word line that is a command.
fn command(word: &str) -> Option<Entry> {
    let word = word.to_ascii_lowercase();
    Some(match word.as_str() {
        "help" | "?" => Entry::Help,
        "notebook" | "n" => Entry::Notebook,
        "odds" | "o" => Entry::Odds,
        "hand" => Entry::Hand,
        "quit" | "q" => Entry::Quit,
        "no" | "pass" => Entry::NoAccusation,
        _ => return None,
    })
}

/// The card named `word`: exactly, or else the one card it names ignoring
/// ASCII case.
fn find_card(cards: &CardSet, word: &str) -> Result<Card, Refusal> {
    if let Some(index) = cards.card_names.iter().position(|name| name == word) {
        return Ok(Card(index));
    }
    let matches: Vec<usize> = (0..cards.len())
        .filter(|&index| cards.card_names[index].eq_ignore_ascii_case(word))
        .collect();
    match matches[..] {
        [index] => Ok(Card(index)),
        [] => Err(Refusal::Unknown(word.to_string())),
        _ => Err(Refusal::Ambiguous(
            word.to_string(),
            matches
                .iter()
                .map(|&index| cards.card_names[index].clone())
                .collect(),
        )),
    }
}

/// `named` in category order, when it is one card of each category.
fn one_per_category(cards: &CardSet, named: &[Card]) -> Result<Vec<Card>, Refusal> {
    let mut chosen: Vec<Option<Card>> = vec![None; cards.categories()];
    for &card in named {
        let category = cards.category_of(card);
        match chosen[category] {
            Some(first) if first != card => {
                return Err(Refusal::SameCategory {
                    category: cards.category_names[category].clone(),
                    first: cards.name(first).to_string(),
                    second: cards.name(card).to_string(),
                })
            }
            _ => chosen[category] = Some(card),
        }
    }
    let missing: Vec<String> = (0..cards.categories())
        .filter(|&category| chosen[category].is_none())
        .map(|category| cards.category_names[category].clone())
        .collect();
    if !missing.is_empty() {
        return Err(Refusal::Missing(missing));
    }
    Ok(chosen.into_iter().flatten().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny() -> CardSet {
        CardSet::from_names(&[
            ("who", &["Ann", "Bob", "odds"]),
            ("what", &["Axe", "Rope"]),
            ("where", &["Hall", "hall2", "HALL2"]),
        ])
    }

    fn card(cards: &CardSet, name: &str) -> Card {
        Card(cards.card_names.iter().position(|n| n == name).unwrap())
    }

    fn cards_of(cards: &CardSet, list: &[&str]) -> Entry {
        Entry::Cards(list.iter().map(|name| card(cards, name)).collect())
    }

    #[test]
    fn commands_are_one_word_in_any_case_at_every_prompt() {
        let cards = tiny();
        let show = Ask::Show(vec![card(&cards, "Ann")]);
        for ask in [Ask::Suggest, show, Ask::Accuse] {
            for (line, entry) in [
                ("help", Entry::Help),
                ("?", Entry::Help),
                (" Notebook ", Entry::Notebook),
                ("n", Entry::Notebook),
                ("ODDS", Entry::Odds),
                ("o", Entry::Odds),
                ("hand", Entry::Hand),
                ("quit", Entry::Quit),
                ("q", Entry::Quit),
            ] {
                assert_eq!(interpret(&cards, &ask, line), Ok(entry), "{line:?}");
            }
        }
    }

    #[test]
    fn a_suggestion_or_accusation_names_one_card_per_category_in_any_order() {
        let cards = tiny();
        let expected = cards_of(&cards, &["Bob", "Rope", "Hall"]);
        for line in [
            "Bob Rope Hall",
            "hall bob ROPE",
            "suggest Rope Hall Bob",
            "  Bob\tRope Hall ",
        ] {
            assert_eq!(
                interpret(&cards, &Ask::Suggest, line),
                Ok(expected.clone()),
                "{line}"
            );
        }
        assert_eq!(
            interpret(&cards, &Ask::Accuse, "accuse Bob Rope Hall"),
            Ok(expected.clone())
        );
        assert_eq!(
            interpret(&cards, &Ask::Accuse, "Hall Rope Bob"),
            Ok(expected)
        );
        // Naming a card twice is still one card of its category.
        assert_eq!(
            interpret(&cards, &Ask::Suggest, "Bob Bob Rope Hall"),
            Ok(cards_of(&cards, &["Bob", "Rope", "Hall"]))
        );
    }

    #[test]
    fn an_exact_name_wins_over_a_case_blind_match_and_ambiguity_is_refused() {
        let cards = tiny();
        assert_eq!(
            interpret(&cards, &Ask::Suggest, "Ann Axe hall2"),
            Ok(cards_of(&cards, &["Ann", "Axe", "hall2"]))
        );
        assert_eq!(
            interpret(&cards, &Ask::Suggest, "Ann Axe Hall2"),
            Err(Refusal::Ambiguous(
                "Hall2".to_string(),
                vec!["hall2".to_string(), "HALL2".to_string()]
            ))
        );
    }

    #[test]
    fn no_and_an_empty_line_skip_the_accusation_only() {
        let cards = tiny();
        for line in ["no", "NO", "pass", "", "   "] {
            assert_eq!(
                interpret(&cards, &Ask::Accuse, line),
                Ok(Entry::NoAccusation),
                "{line:?}"
            );
        }
        assert_eq!(
            interpret(&cards, &Ask::Accuse, "accuse"),
            Err(Refusal::Missing(vec![
                "who".to_string(),
                "what".to_string(),
                "where".to_string()
            ]))
        );
        assert_eq!(
            interpret(&cards, &Ask::Suggest, "no"),
            Err(Refusal::NotNow("no", Wanted::Suggestion))
        );
        assert_eq!(
            interpret(&cards, &Ask::Suggest, ""),
            Err(Refusal::Empty(Wanted::Suggestion))
        );
        assert_eq!(
            interpret(&cards, &Ask::Suggest, "suggest"),
            Err(Refusal::Empty(Wanted::Suggestion))
        );
    }

    #[test]
    fn a_card_to_show_must_be_one_of_the_eligible() {
        let cards = tiny();
        let eligible = vec![card(&cards, "Ann"), card(&cards, "odds")];
        let ask = Ask::Show(eligible);
        let names = vec!["Ann".to_string(), "odds".to_string()];
        assert_eq!(
            interpret(&cards, &ask, "ann"),
            Ok(cards_of(&cards, &["Ann"]))
        );
        assert_eq!(
            interpret(&cards, &ask, "show Ann"),
            Ok(cards_of(&cards, &["Ann"]))
        );
        // A command wins over a card of the same name; the verb names it.
        assert_eq!(interpret(&cards, &ask, "odds"), Ok(Entry::Odds));
        assert_eq!(
            interpret(&cards, &ask, "show odds"),
            Ok(cards_of(&cards, &["odds"]))
        );
        assert_eq!(
            interpret(&cards, &ask, "Bob"),
            Err(Refusal::NotEligible("Bob".to_string(), names.clone()))
        );
        assert_eq!(interpret(&cards, &ask, "Ann Axe"), Err(Refusal::ShowOne(2)));
        assert_eq!(
            interpret(&cards, &ask, ""),
            Err(Refusal::Empty(Wanted::Show(names.clone())))
        );
        assert_eq!(
            interpret(&cards, &ask, "no"),
            Err(Refusal::NotNow("no", Wanted::Show(names.clone())))
        );
        assert_eq!(
            interpret(&cards, &ask, "accuse Ann Axe Hall"),
            Err(Refusal::NotNow("accuse", Wanted::Show(names)))
        );
    }

    #[test]
    fn each_refusal_says_what_is_wrong_and_what_to_type() {
        let cards = tiny();
        let cases: [(Ask, &str, &str); 8] = [
            (
                Ask::Suggest,
                "Bob Rope",
                "Name one card of each category: where missing.",
            ),
            (
                Ask::Suggest,
                "Bob",
                "Name one card of each category: what, where missing.",
            ),
            (
                Ask::Suggest,
                "Ann Bob Rope Hall",
                "Ann and Bob are both who cards: name one card of each category.",
            ),
            (
                Ask::Suggest,
                "Bob Rope Hal",
                "`Hal` is neither a card nor a command (`help` lists them).",
            ),
            (
                Ask::Suggest,
                "accuse Bob Rope Hall",
                "Not `accuse` now: suggest first (you may accuse once it is answered).",
            ),
            (
                Ask::Accuse,
                "show Bob",
                "Not `show` now: accuse (one card of each category) or answer `no`.",
            ),
            (
                Ask::Accuse,
                "suggest Bob Rope Hall",
                "Not `suggest` now: accuse (one card of each category) or answer `no`.",
            ),
            (
                Ask::Show(vec![card(&cards, "Ann"), card(&cards, "Rope")]),
                "Hall",
                "You cannot show Hall: show one of Ann, Rope.",
            ),
        ];
        for (ask, line, text) in cases {
            let refusal = interpret(&cards, &ask, line).unwrap_err();
            assert_eq!(refusal.to_string(), text, "{line:?}");
        }
        assert_eq!(
            Refusal::TooLong.to_string(),
            format!("That line is longer than {MAX_LINE} bytes.")
        );
    }
}
