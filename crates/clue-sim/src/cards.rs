//! The cards of a game: categories of named cards, the classic default set,
//! and the parsing of a custom set.

use std::io::Read;

use judge_io::{quote, Error, Input};

/// The most cards a card set may have.
pub const MAX_CARDS: usize = 256;

/// The categories of the classic game, in order, with their cards in order.
pub const DEFAULT_CARDS: [(&str, &[&str]); 3] = [
    (
        "suspect",
        &["Mustard", "Orchid", "Green", "Peacock", "Plum", "Scarlett"],
    ),
    (
        "weapon",
        &[
            "Candlestick",
            "Dagger",
            "LeadPipe",
            "Revolver",
            "Rope",
            "Wrench",
        ],
    ),
    (
        "room",
        &[
            "Ballroom",
            "BilliardRoom",
            "Conservatory",
            "DiningRoom",
            "Hall",
            "Kitchen",
            "Library",
            "Lounge",
            "Study",
        ],
    ),
];

/// A card: its number in its [`CardSet`], counted from 0 in input order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(pub usize);

impl Card {
    /// The card's number, from 0: an index into per-card tables.
    pub fn index(self) -> usize {
        self.0
    }
}

/// A card set: categories in order, each a run of consecutive card numbers.
///
/// Cards are numbered `0..len()` in input order (category by category), so a
/// category is the range `start..end` of card numbers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardSet {
    /// The name of each category, in order.
    pub category_names: Vec<String>,
    /// The first card number of each category, plus one final entry: the
    /// number of cards. Category `c` is `starts[c]..starts[c + 1]`.
    pub starts: Vec<usize>,
    /// The name of each card, by card number.
    pub card_names: Vec<String>,
    /// The category of each card, by card number.
    pub category_of: Vec<usize>,
}

impl CardSet {
    /// The classic set: 6 suspects, 6 weapons, 9 rooms.
    pub fn classic() -> CardSet {
        let mut builder = Builder::default();
        for (category, cards) in DEFAULT_CARDS {
            builder.category(category);
            for card in cards {
                builder.card(card);
            }
        }
        builder.finish()
    }

    /// A card set from `(category, cards)` pairs; the names are taken as they
    /// are (no checks: for tests and generators).
    pub fn from_names(categories: &[(&str, &[&str])]) -> CardSet {
        let mut builder = Builder::default();
        for (category, cards) in categories {
            builder.category(category);
            for card in *cards {
                builder.card(card);
            }
        }
        builder.finish()
    }

    /// The name of `card`.
    pub fn name(&self, card: Card) -> &str {
        &self.card_names[card.0]
    }

    /// The names of `list`, in its order.
    pub fn names(&self, list: &[Card]) -> Vec<&str> {
        list.iter().map(|&card| self.name(card)).collect()
    }

    /// The names of the cards of category `category`, in order.
    pub fn names_in(&self, category: usize) -> Vec<&str> {
        self.card_names[self.category(category)]
            .iter()
            .map(String::as_str)
            .collect()
    }

    /// The category of `card`, counted from 0.
    pub fn category_of(&self, card: Card) -> usize {
        self.category_of[card.0]
    }

    /// The number of cards.
    pub fn len(&self) -> usize {
        self.card_names.len()
    }

    /// True for a set with no cards (never the case for a parsed set).
    pub fn is_empty(&self) -> bool {
        self.card_names.is_empty()
    }

    /// The number of categories.
    pub fn categories(&self) -> usize {
        self.category_names.len()
    }

    /// The card numbers of category `category`.
    pub fn category(&self, category: usize) -> std::ops::Range<usize> {
        self.starts[category]..self.starts[category + 1]
    }

    /// The set as [`parse`](CardSet::parse) reads it: `K`, then a line per
    /// category.
    pub fn text(&self) -> String {
        let mut out = format!("{}\n", self.categories());
        for (category, name) in self.category_names.iter().enumerate() {
            let names = self.names_in(category);
            out.push_str(&format!("{name} {} {}\n", names.len(), names.join(" ")));
        }
        out
    }

    /// Reads a card set, `K` then `K` lines `name n card ... card`, or
    /// `None` at the end of the input.
    pub fn parse<R: Read>(input: &mut Input<R>) -> Result<Option<CardSet>, Error> {
        let check = input.int_check();
        let categories: usize = match input.try_token()? {
            None => return Ok(None),
            Some(token) => {
                const CATEGORIES: &str = "the number of categories K";
                check(token, &CATEGORIES)?;
                judge_io::parse_int_in(token, CATEGORIES, 1..=MAX_CARDS)?
            }
        };
        input.line_end();
        let mut builder = Builder::default();
        for index in 1..=categories {
            let token = input.token(format!("the name of category {index}"))?;
            check_name(token.text, token.pos, "a category name")?;
            let name = String::from_utf8_lossy(token.text).into_owned();
            if builder.category_names.contains(&name) {
                return Err(Error::at(
                    token.pos,
                    format!("category {} is named twice", quote(token.text)),
                ));
            }
            builder.category(&name);
            // Quoted, so that a name of any length stays short in a message.
            let quoted = quote(token.text);
            let size_what = format!("the number of cards in category {quoted}");
            let token = input.token(&size_what)?;
            check(token, &size_what)?;
            let size: usize = judge_io::parse_int_in(token, &size_what, 1..=MAX_CARDS)?;
            let total = builder.card_names.len() + size;
            if total > MAX_CARDS {
                return Err(Error::at(
                    token.pos,
                    format!(
                        "the card set would have {total} cards; at most {MAX_CARDS} are allowed"
                    ),
                ));
            }
            for _ in 0..size {
                let token = input.token(format!("a card of category {quoted}"))?;
                check_name(token.text, token.pos, "a card name")?;
                let card = String::from_utf8_lossy(token.text).into_owned();
                if builder.card_names.contains(&card) {
                    return Err(Error::at(
                        token.pos,
                        format!("card {} is named twice", quote(token.text)),
                    ));
                }
                builder.card(&card);
            }
            input.line_end();
        }
        Ok(Some(builder.finish()))
    }
}

/// Accepts a name of letters, digits, `_` and `-` only.
fn check_name(text: &[u8], pos: judge_io::Pos, what: &str) -> Result<(), Error> {
    if text
        .iter()
        .all(|&byte| byte.is_ascii_alphanumeric() || byte == b'_' || byte == b'-')
    {
        Ok(())
    } else {
        Err(Error::at(
            pos,
            format!(
                "expected {what} (letters, digits, '_' and '-'), found {}",
                quote(text)
            ),
        ))
    }
}

#[derive(Default)]
struct Builder {
    category_names: Vec<String>,
    starts: Vec<usize>,
    card_names: Vec<String>,
    category_of: Vec<usize>,
}

impl Builder {
    fn category(&mut self, name: &str) {
        self.starts.push(self.card_names.len());
        self.category_names.push(name.to_string());
    }

    fn card(&mut self, name: &str) {
        self.card_names.push(name.to_string());
        self.category_of.push(self.category_names.len() - 1);
    }

    fn finish(mut self) -> CardSet {
        self.starts.push(self.card_names.len());
        CardSet {
            category_names: self.category_names,
            starts: self.starts,
            card_names: self.card_names,
            category_of: self.category_of,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<CardSet, Error> {
        let mut input = Input::new(text.as_bytes());
        let set = CardSet::parse(&mut input)?;
        input.finish()?;
        Ok(set.unwrap())
    }

    #[test]
    fn a_long_category_name_is_quoted_short_in_errors() {
        let name = "a".repeat(70_000);
        let missing_size = parse(&format!("1 {name}")).unwrap_err().to_string();
        assert!(missing_size.len() < 200, "{} bytes", missing_size.len());
        assert!(missing_size.contains(&format!("category \"{}\"...", "a".repeat(40))));
        let missing_card = parse(&format!("1 {name} 2 x")).unwrap_err().to_string();
        assert!(missing_card.len() < 200, "{} bytes", missing_card.len());
    }

    #[test]
    fn the_classic_set_has_21_cards_in_three_categories() {
        let set = CardSet::classic();
        assert_eq!(set.len(), 21);
        assert_eq!(set.starts, vec![0, 6, 12, 21]);
        assert_eq!(set.card_names[12], "Ballroom");
        assert_eq!(set.category_of[11], 1);
    }

    #[test]
    fn a_custom_set_is_numbered_in_input_order() {
        let set = parse("2\nwho 2 a b\nwhere 3 x-1 y_2 Z\n").unwrap();
        assert_eq!(set.category_names, vec!["who", "where"]);
        assert_eq!(set.category(1), 2..5);
        assert_eq!(set.card_names[4], "Z");
    }

    #[test]
    fn duplicate_names_are_rejected_where_they_repeat() {
        assert_eq!(
            parse("2 a 1 x b 1 x").unwrap_err().to_string(),
            "line 1, column 13 (token 7): card \"x\" is named twice"
        );
        assert_eq!(
            parse("2 a 1 x a 1 y").unwrap_err().to_string(),
            "line 1, column 9 (token 5): category \"a\" is named twice"
        );
    }

    #[test]
    fn a_category_may_share_its_name_with_a_card() {
        assert!(parse("1 room 2 room hall").is_ok());
    }

    #[test]
    fn empty_categories_and_oversized_sets_are_rejected() {
        assert!(parse("1 a 0")
            .unwrap_err()
            .to_string()
            .contains("must be from 1 to 256"));
        let big = format!(
            "2 a 200 {} b 57 {}",
            (0..200)
                .map(|i| format!("a{i}"))
                .collect::<Vec<_>>()
                .join(" "),
            (0..57)
                .map(|i| format!("b{i}"))
                .collect::<Vec<_>>()
                .join(" ")
        );
        assert!(parse(&big)
            .unwrap_err()
            .to_string()
            .contains("the card set would have 257 cards"));
    }

    #[test]
    fn malformed_names_are_rejected() {
        assert!(parse("1 a 1 x.y")
            .unwrap_err()
            .to_string()
            .contains("expected a card name (letters, digits, '_' and '-'), found \"x.y\""));
        assert!(parse("1 a! 1 x")
            .unwrap_err()
            .to_string()
            .contains("a category name"));
    }

    #[test]
    fn names_of_a_list_and_of_a_category() {
        let set = CardSet::classic();
        assert_eq!(set.names(&[Card(12), Card(0)]), ["Ballroom", "Mustard"]);
        assert_eq!(set.names_in(1)[0], "Candlestick");
        assert_eq!(set.names_in(2).len(), 9);
    }
}
