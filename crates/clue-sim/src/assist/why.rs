//! Why each mark of the notebook holds, in words a player checks against
//! the table.
//!
//! The marks themselves come from the exact count ([`super::assess`]);
//! this module finds, for each `+` and `-`, the entries it rests on. It
//! replays the view's facts through a few sound rules, each time noting the
//! rule and the facts it used, until nothing new follows:
//!
//! - your hand: you hold its cards and no other;
//! - a card shown to you (or by you): its shower holds it;
//! - a pass: the seat holds none of the named cards;
//! - a card's holder known: no other owner holds it;
//! - every owner but one ruled out: that one holds the card;
//! - the envelope holds one card of each category: a card of it known, it
//!   holds no other of that category; all others ruled out, it holds the
//!   last one;
//! - a seat whose known cards fill its hand holds no other card; a seat
//!   that can hold only as many cards as its hand holds them all;
//! - a card shown to someone else: of the named cards, the shower holds
//!   the one left when it holds none of the others;
//! - a wrong accusation: with all but one of its cards in the envelope, the
//!   envelope does not hold the last one.
//!
//! A mark no rule reaches follows only from counting the deals (reasoning
//! by cases, which these rules do not do), and says so with the count.
//!
//! # Cost
//!
//! Each round of the rules costs `O(C P + E K)` for `C` cards, `P` seats,
//! `E` entries and `K` categories, and each round but the last marks a new
//! cell, so there are at most `C (P + 1)` rounds (in practice a handful).

use std::fmt::Write as _;

use super::super::cards::{Card, CardSet};
use super::super::event::Seen;
use super::super::knowledge::Owner;
use super::super::notebook::Mark;
use super::{Assessment, View};

/// Every `+` and `-` of a notebook, with the rule that gives it
/// ([`explain`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explanation {
    players: usize,
    deals: u128,
    /// Per card and owner (seats, then the envelope): the mark and its
    /// cause, for `+` and `-`.
    cells: Vec<Option<(bool, Cause)>>,
    /// Per entry: the turn's number, suggester and named cards it belongs
    /// to (for a pass or a show), or its own (an accusation).
    context: Vec<Context>,
}

/// Why one `+` or `-` holds: its sentence, and every line of the view it
/// rests on (none when it follows only from counting the deals, which rests
/// on every line).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reason {
    /// The sentence, such as `Bob holds Rope: on turn 4 Bob showed Ann a
    /// card of Plum, Rope, Hall, and holds neither Plum (Bob passed on turn
    /// 2) nor Hall (Cid holds it)`.
    pub sentence: String,
    /// The lines of the entries it rests on, in order (the hand's line
    /// when it rests on your hand), directly or through the facts it cites.
    pub lines: Vec<u64>,
    /// Whether it follows only from counting the deals.
    pub counted: bool,
}

/// For every card (in card-set order) and owner (the seats in order, then
/// the envelope), the sentence saying why its `+` or `-` holds, `None` for
/// a `?`. `names` are the seats' names in seat order; the view's own seat
/// is "you" whatever its name.
///
/// ```
/// let view = "2 1\n2\nwho 2 Ann Bob\nwhat 2 Axe Rope\nhand Ann\nturn 1 1 suggests Bob Axe\nshow 2 Axe\n";
/// let view = clue_sim::assist::parse(&mut judge_io::Input::new(view.as_bytes()))?;
/// let assessment = clue_sim::assist::assess(&view)?;
/// let reasons = clue_sim::assist::why::reasons(&view, &assessment, &["Kim", "Lee"]);
/// // Axe, Lee's column:
/// assert_eq!(reasons[2][1].as_deref(), Some("Lee holds Axe: Lee showed it to you on turn 1"));
/// // Rope, the envelope:
/// assert_eq!(
///     reasons[3][2].as_deref(),
///     Some("The envelope holds Rope: it holds one what, and no other can be it: not Axe (Lee holds it)"),
/// );
/// # Ok::<(), judge_io::Error>(())
/// ```
pub fn reasons(view: &View, assessment: &Assessment, names: &[&str]) -> Vec<Vec<Option<String>>> {
    let explanation = explain(view, assessment);
    (0..view.cards.len())
        .map(|card| {
            (0..=view.sizes.len())
                .map(|owner| {
                    explanation
                        .reason(view, Card(card), owner_of(owner, view.sizes.len()), names)
                        .map(|reason| reason.sentence)
                })
                .collect()
        })
        .collect()
}

/// Finds a cause for every `+` and `-` of `assessment`'s notebook (see the
/// module docs).
pub fn explain(view: &View, assessment: &Assessment) -> Explanation {
    let mut rules = Rules::new(view);
    rules.run();
    let players = view.sizes.len();
    let mut cells = rules.cells;
    for (card, row) in assessment.notebook.rows().enumerate() {
        for (owner, &mark) in row.iter().enumerate() {
            let cell = &mut cells[card * (players + 1) + owner];
            match mark {
                Mark::Held | Mark::NotHeld => {
                    let held = mark == Mark::Held;
                    match cell {
                        // The rules are sound: they never disagree with the
                        // count.
                        Some((found, _)) => debug_assert_eq!(*found, held),
                        None => *cell = Some((held, Cause::Counted)),
                    }
                }
                Mark::Unknown => debug_assert!(cell.is_none(), "a rule marked an open cell"),
            }
        }
    }
    Explanation {
        players,
        deals: assessment.deals,
        cells,
        context: rules.context,
    }
}

impl Explanation {
    /// Why `owner`'s mark of `card` holds, or `None` for a `?` (see
    /// [`reasons`] for `names`).
    pub fn reason(&self, view: &View, card: Card, owner: Owner, names: &[&str]) -> Option<Reason> {
        let cell = self.index(card.index(), owner);
        let (held, cause) = self.cells[cell]?;
        let words = Words {
            view,
            names,
            explanation: self,
        };
        let subject = words.owner(owner);
        let verb = match (held, owner) {
            (true, Owner::Player(seat)) if seat == view.me.index() => "hold",
            (true, _) => "holds",
            (false, Owner::Player(seat)) if seat == view.me.index() => "do not hold",
            (false, _) => "does not hold",
        };
        let mut sentence = format!("{subject} {verb} {}: ", view.cards.name(card));
        words.cause(&mut sentence, card.index(), owner, held, cause);
        if let Some(first) = sentence.get(..1) {
            let upper = first.to_uppercase();
            sentence.replace_range(..1, &upper);
        }
        let counted = cause == Cause::Counted;
        let mut lines = Vec::new();
        if !counted {
            let mut seen = vec![false; self.cells.len()];
            self.lines_of(view, cell, &mut seen, &mut lines);
            lines.sort_unstable();
            lines.dedup();
        }
        Some(Reason {
            sentence,
            lines,
            counted,
        })
    }

    fn index(&self, card: usize, owner: Owner) -> usize {
        card * (self.players + 1)
            + match owner {
                Owner::Player(seat) => seat,
                Owner::Envelope => self.players,
            }
    }

    /// Adds the lines cell `cell` rests on, through its premises (no
    /// recursion: a stack of cells).
    fn lines_of(&self, view: &View, cell: usize, seen: &mut [bool], lines: &mut Vec<u64>) {
        let mut stack = vec![cell];
        while let Some(cell) = stack.pop() {
            if std::mem::replace(&mut seen[cell], true) {
                continue;
            }
            let (held, cause) = match self.cells[cell] {
                Some(mark) => mark,
                None => continue,
            };
            let card = cell / (self.players + 1);
            let owner = owner_of(cell % (self.players + 1), self.players);
            if let Some(entry) = cause.entry() {
                lines.push(view.entries[entry].1);
                // The suggestion a pass or a show answers.
                if let Some(turn) = self.context[entry].line {
                    lines.push(turn);
                }
            }
            if cause == Cause::Hand {
                lines.push(view.hand_line);
            }
            for premise in self.premises(view, card, owner, held, cause) {
                stack.push(self.index(premise.0, premise.1));
            }
        }
    }

    /// The cells a cause rests on.
    fn premises(
        &self,
        view: &View,
        card: usize,
        owner: Owner,
        held: bool,
        cause: Cause,
    ) -> Vec<(usize, Owner)> {
        let cards = &view.cards;
        let owners = (0..=self.players).map(|index| owner_of(index, self.players));
        match cause {
            Cause::Hand | Cause::Shown(_) | Cause::Passed(_) | Cause::Counted => Vec::new(),
            Cause::Elsewhere(holder) => vec![(card, holder)],
            Cause::OnlyPlace => owners
                .filter(|&other| other != owner)
                .map(|other| (card, other))
                .collect(),
            Cause::EnvelopeHas(other) => vec![(other, Owner::Envelope)],
            Cause::EnvelopeOnly => cards
                .category(cards.category_of(Card(card)))
                .filter(|&other| other != card)
                .map(|other| (other, Owner::Envelope))
                .collect(),
            Cause::HandFull | Cause::HandFills => (0..cards.len())
                .filter(|&other| other != card)
                .filter(|&other| match self.cells[self.index(other, owner)] {
                    Some((other_held, _)) => other_held != held,
                    None => false,
                })
                .map(|other| (other, owner))
                .collect(),
            Cause::OneOf(entry) | Cause::Accused(entry) => self.context[entry]
                .named
                .iter()
                .filter(|&&other| other != card)
                .map(|&other| (other, owner))
                .collect(),
        }
    }
}

/// The rule that gave a mark, with the entry it comes from (an index into
/// the view's entries) or the fact it rests on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cause {
    /// Your hand: in it (`+`), or not (`-`).
    Hand,
    /// The card was shown to you, or you showed it.
    Shown(usize),
    /// The seat passed on a suggestion naming the card.
    Passed(usize),
    /// This owner holds the card.
    Elsewhere(Owner),
    /// Every other owner is ruled out.
    OnlyPlace,
    /// The envelope holds this other card of the category.
    EnvelopeHas(usize),
    /// Every other card of the category is ruled out of the envelope.
    EnvelopeOnly,
    /// The seat's known cards fill its hand.
    HandFull,
    /// The seat can hold only as many cards as its hand holds.
    HandFills,
    /// The seat showed a card of this suggestion to someone else, and holds
    /// none of the other named cards.
    OneOf(usize),
    /// A wrong accusation whose other cards are in the envelope.
    Accused(usize),
    /// Only the count of the deals says so.
    Counted,
}

impl Cause {
    fn entry(self) -> Option<usize> {
        match self {
            Cause::Shown(entry)
            | Cause::Passed(entry)
            | Cause::OneOf(entry)
            | Cause::Accused(entry) => Some(entry),
            _ => None,
        }
    }
}

/// What an entry belongs to: its turn (or its own accusation).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
struct Context {
    turn: usize,
    suggester: usize,
    /// The named cards, by number.
    named: Vec<usize>,
    /// The line of the suggestion a pass or a show answers.
    line: Option<u64>,
}

/// The rules at work (see the module docs).
struct Rules<'a> {
    view: &'a View,
    players: usize,
    cells: Vec<Option<(bool, Cause)>>,
    context: Vec<Context>,
    changed: bool,
}

impl<'a> Rules<'a> {
    fn new(view: &'a View) -> Rules<'a> {
        let players = view.sizes.len();
        let mut context = Vec::with_capacity(view.entries.len());
        let mut current = Context::default();
        for (seen, line) in &view.entries {
            match seen {
                Seen::Suggested { turn, seat, cards } => {
                    current = Context {
                        turn: *turn,
                        suggester: seat.index(),
                        named: cards.iter().map(|card| card.index()).collect(),
                        line: Some(*line),
                    };
                    context.push(Context {
                        line: None,
                        ..current.clone()
                    });
                }
                Seen::Accused { seat, cards, .. } => context.push(Context {
                    turn: current.turn,
                    suggester: seat.index(),
                    named: cards.iter().map(|card| card.index()).collect(),
                    line: None,
                }),
                _ => context.push(current.clone()),
            }
        }
        Rules {
            view,
            players,
            cells: vec![None; view.cards.len() * (players + 1)],
            context,
            changed: false,
        }
    }

    fn run(&mut self) {
        let view = self.view;
        let me = Owner::Player(view.me.index());
        for card in 0..view.cards.len() {
            let held = view.hand.contains(&Card(card));
            self.mark(card, me, held, Cause::Hand);
        }
        for (entry, (seen, _)) in view.entries.iter().enumerate() {
            match seen {
                Seen::Showed {
                    seat,
                    card: Some(card),
                    ..
                } => self.mark(
                    card.index(),
                    Owner::Player(seat.index()),
                    true,
                    Cause::Shown(entry),
                ),
                Seen::Passed(seat) => {
                    for card in self.context[entry].named.clone() {
                        self.mark(
                            card,
                            Owner::Player(seat.index()),
                            false,
                            Cause::Passed(entry),
                        );
                    }
                }
                _ => {}
            }
        }
        self.changed = true;
        while std::mem::replace(&mut self.changed, false) {
            self.round();
        }
    }

    /// One round of every rule that follows from marks.
    fn round(&mut self) {
        let view = self.view;
        let cards = &view.cards;
        let owners: Vec<Owner> = (0..=self.players)
            .map(|index| owner_of(index, self.players))
            .collect();
        for card in 0..cards.len() {
            // A known holder rules out every other owner.
            if let Some(&holder) = owners
                .iter()
                .find(|&&owner| self.get(card, owner) == Some(true))
            {
                for &owner in &owners {
                    if owner != holder {
                        self.mark(card, owner, false, Cause::Elsewhere(holder));
                    }
                }
            }
            // Every other owner ruled out.
            let open: Vec<Owner> = owners
                .iter()
                .copied()
                .filter(|&owner| self.get(card, owner) != Some(false))
                .collect();
            if let [only] = open[..] {
                self.mark(card, only, true, Cause::OnlyPlace);
            }
        }
        for category in 0..cards.categories() {
            let range = cards.category(category);
            if let Some(known) = range
                .clone()
                .find(|&card| self.get(card, Owner::Envelope) == Some(true))
            {
                for card in range.clone().filter(|&card| card != known) {
                    self.mark(card, Owner::Envelope, false, Cause::EnvelopeHas(known));
                }
            }
            let open: Vec<usize> = range
                .filter(|&card| self.get(card, Owner::Envelope) != Some(false))
                .collect();
            if let [only] = open[..] {
                self.mark(only, Owner::Envelope, true, Cause::EnvelopeOnly);
            }
        }
        for seat in 0..self.players {
            let owner = Owner::Player(seat);
            let size = view.sizes[seat];
            let held = (0..cards.len())
                .filter(|&card| self.get(card, owner) == Some(true))
                .count();
            let possible = (0..cards.len())
                .filter(|&card| self.get(card, owner) != Some(false))
                .count();
            if held == size {
                for card in 0..cards.len() {
                    if self.get(card, owner).is_none() {
                        self.mark(card, owner, false, Cause::HandFull);
                    }
                }
            } else if possible == size {
                for card in 0..cards.len() {
                    if self.get(card, owner).is_none() {
                        self.mark(card, owner, true, Cause::HandFills);
                    }
                }
            }
        }
        for (entry, (seen, _)) in view.entries.iter().enumerate() {
            let named = &self.context[entry].named;
            match seen {
                Seen::Showed {
                    seat, card: None, ..
                } => {
                    let owner = Owner::Player(seat.index());
                    let open: Vec<usize> = named
                        .iter()
                        .copied()
                        .filter(|&card| self.get(card, owner) != Some(false))
                        .collect();
                    if let [only] = open[..] {
                        self.mark(only, owner, true, Cause::OneOf(entry));
                    }
                }
                Seen::Accused { .. } => {
                    let outside: Vec<usize> = named
                        .iter()
                        .copied()
                        .filter(|&card| self.get(card, Owner::Envelope) != Some(true))
                        .collect();
                    if let [only] = outside[..] {
                        self.mark(only, Owner::Envelope, false, Cause::Accused(entry));
                    }
                }
                _ => {}
            }
        }
    }

    fn get(&self, card: usize, owner: Owner) -> Option<bool> {
        self.cells[self.index(card, owner)].map(|(held, _)| held)
    }

    fn index(&self, card: usize, owner: Owner) -> usize {
        card * (self.players + 1)
            + match owner {
                Owner::Player(seat) => seat,
                Owner::Envelope => self.players,
            }
    }

    /// Marks a cell not yet marked (the first cause found stays).
    fn mark(&mut self, card: usize, owner: Owner, held: bool, cause: Cause) {
        let index = self.index(card, owner);
        if self.cells[index].is_none() {
            self.cells[index] = Some((held, cause));
            self.changed = true;
        }
    }
}

/// The words of the reasons.
struct Words<'a> {
    view: &'a View,
    names: &'a [&'a str],
    explanation: &'a Explanation,
}

impl Words<'_> {
    fn cards(&self) -> &CardSet {
        &self.view.cards
    }

    fn name(&self, card: usize) -> &str {
        self.cards().name(Card(card))
    }

    fn seat(&self, seat: usize) -> String {
        if seat == self.view.me.index() {
            "you".to_string()
        } else {
            self.names
                .get(seat)
                .map_or_else(|| format!("seat {}", seat + 1), |name| name.to_string())
        }
    }

    fn owner(&self, owner: Owner) -> String {
        match owner {
            Owner::Player(seat) => self.seat(seat),
            Owner::Envelope => "the envelope".to_string(),
        }
    }

    fn possessive(&self, seat: usize) -> String {
        if seat == self.view.me.index() {
            "your".to_string()
        } else {
            format!("{}'s", self.seat(seat))
        }
    }

    fn category(&self, card: usize) -> &str {
        &self.cards().category_names[self.cards().category_of(Card(card))]
    }

    /// The whole cause of a mark, its premises in parentheses.
    fn cause(&self, out: &mut String, card: usize, owner: Owner, held: bool, cause: Cause) {
        let context = |entry: usize| &self.explanation.context[entry];
        let _ = match cause {
            Cause::Hand if held => write!(out, "it is in your hand"),
            Cause::Hand => write!(out, "it is not in your hand"),
            Cause::Shown(_) | Cause::Passed(_) => {
                write!(out, "{}", self.short(card, owner, held, cause))
            }
            Cause::Elsewhere(holder) => write!(
                out,
                "{} {} it ({})",
                self.owner(holder),
                if self.is_me(holder) { "hold" } else { "holds" },
                self.short_of(card, holder)
            ),
            Cause::OnlyPlace => {
                let others: Vec<String> = (0..=self.explanation.players)
                    .map(|index| owner_of(index, self.explanation.players))
                    .filter(|&other| other != owner)
                    .map(|other| {
                        format!("not {} ({})", self.owner(other), self.short_of(card, other))
                    })
                    .collect();
                write!(out, "nobody else can hold it: {}", others.join(", "))
            }
            Cause::EnvelopeHas(other) => write!(
                out,
                "the envelope's {} is {} ({})",
                self.category(card),
                self.name(other),
                self.short_of(other, Owner::Envelope)
            ),
            Cause::EnvelopeOnly => {
                let others: Vec<String> = self
                    .cards()
                    .category(self.cards().category_of(Card(card)))
                    .filter(|&other| other != card)
                    .map(|other| {
                        format!(
                            "not {} ({})",
                            self.name(other),
                            self.short_of(other, Owner::Envelope)
                        )
                    })
                    .collect();
                write!(
                    out,
                    "it holds one {}, and no other can be it: {}",
                    self.category(card),
                    others.join(", ")
                )
            }
            Cause::HandFull => {
                let seat = match owner {
                    Owner::Player(seat) => seat,
                    Owner::Envelope => return,
                };
                let known: Vec<String> = (0..self.cards().len())
                    .filter(|&other| {
                        self.explanation.cells[self.explanation.index(other, owner)]
                            .map(|(held, _)| held)
                            == Some(true)
                    })
                    .map(|other| format!("{} ({})", self.name(other), self.short_of(other, owner)))
                    .collect();
                match known.len() {
                    0 => write!(out, "{} no cards", self.holds(seat)),
                    count => write!(
                        out,
                        "{} {count} card{} {} known: {}",
                        self.possessive(seat),
                        if count == 1 { "" } else { "s" },
                        if count == 1 { "is" } else { "are" },
                        known.join(", ")
                    ),
                }
            }
            Cause::HandFills => {
                let seat = match owner {
                    Owner::Player(seat) => seat,
                    Owner::Envelope => return,
                };
                let size = self.view.sizes[seat];
                write!(
                    out,
                    "{} {size} card{}, and every other card is ruled out of {} hand",
                    self.holds(seat),
                    if size == 1 { "" } else { "s" },
                    self.possessive(seat)
                )
            }
            Cause::OneOf(entry) => {
                let context = context(entry);
                let others: Vec<String> = context
                    .named
                    .iter()
                    .filter(|&&other| other != card)
                    .map(|&other| format!("{} ({})", self.name(other), self.short_of(other, owner)))
                    .collect();
                let seat = match owner {
                    Owner::Player(seat) => seat,
                    Owner::Envelope => return,
                };
                let named: Vec<&str> = context
                    .named
                    .iter()
                    .map(|&named| self.name(named))
                    .collect();
                let _ = write!(
                    out,
                    "on turn {} {} showed {} a card of {}, and ",
                    context.turn,
                    self.seat(seat),
                    self.seat(context.suggester),
                    named.join(", ")
                );
                match &others[..] {
                    [one] => write!(out, "does not hold {one}"),
                    [one, two] => write!(out, "holds neither {one} nor {two}"),
                    many => write!(out, "holds none of {}", many.join(", ")),
                }
            }
            Cause::Accused(entry) => {
                let context = context(entry);
                let named: Vec<&str> = context
                    .named
                    .iter()
                    .map(|&named| self.name(named))
                    .collect();
                let inside: Vec<String> = context
                    .named
                    .iter()
                    .filter(|&&other| other != card)
                    .map(|&other| {
                        format!(
                            "{} ({})",
                            self.name(other),
                            self.short_of(other, Owner::Envelope)
                        )
                    })
                    .collect();
                write!(
                    out,
                    "{} wrong accusation named {}, and the envelope holds {}",
                    self.possessive(context.suggester),
                    named.join(", "),
                    inside.join(" and ")
                )
            }
            Cause::Counted => {
                let deals = self.explanation.deals;
                if held {
                    write!(
                        out,
                        "it follows only from counting the deals: all {deals} deals that fit give it to {}",
                        self.owner(owner)
                    )
                } else {
                    write!(
                        out,
                        "it follows only from counting the deals: none of the {deals} deals that fit gives it to {}",
                        self.owner(owner)
                    )
                }
            }
        };
    }

    fn is_me(&self, owner: Owner) -> bool {
        owner == Owner::Player(self.view.me.index())
    }

    /// `you hold` or `Bob holds`.
    fn holds(&self, seat: usize) -> String {
        if seat == self.view.me.index() {
            "you hold".to_string()
        } else {
            format!("{} holds", self.seat(seat))
        }
    }

    /// The short cause of another cell, for a parenthesis.
    fn short_of(&self, card: usize, owner: Owner) -> String {
        match self.explanation.cells[self.explanation.index(card, owner)] {
            Some((held, cause)) => self.short(card, owner, held, cause),
            None => "not known".to_string(),
        }
    }

    /// A mark's cause in a few words, without its premises.
    fn short(&self, card: usize, owner: Owner, held: bool, cause: Cause) -> String {
        let context = |entry: usize| &self.explanation.context[entry];
        let seat_of = |owner: Owner| match owner {
            Owner::Player(seat) => seat,
            Owner::Envelope => usize::MAX,
        };
        match cause {
            Cause::Hand if held => "it is in your hand".to_string(),
            Cause::Hand => "it is not in your hand".to_string(),
            Cause::Shown(entry) => {
                let context = context(entry);
                let shower = seat_of(owner);
                if shower == self.view.me.index() {
                    format!(
                        "you showed it to {} on turn {}",
                        self.seat(context.suggester),
                        context.turn
                    )
                } else {
                    format!(
                        "{} showed it to you on turn {}",
                        self.seat(shower),
                        context.turn
                    )
                }
            }
            Cause::Passed(entry) => {
                let context = context(entry);
                format!(
                    "{} passed on turn {}, when {} named it",
                    self.owner(owner),
                    context.turn,
                    self.seat(context.suggester)
                )
            }
            Cause::Elsewhere(holder) => format!(
                "{} {} it",
                self.owner(holder),
                if self.is_me(holder) { "hold" } else { "holds" }
            ),
            Cause::OnlyPlace => "nobody else can hold it".to_string(),
            Cause::EnvelopeHas(other) => format!("the envelope holds {}", self.name(other)),
            Cause::EnvelopeOnly => {
                format!("no other {} can be in the envelope", self.category(card))
            }
            Cause::HandFull => match owner {
                Owner::Player(seat) => format!("{} cards are all known", self.possessive(seat)),
                Owner::Envelope => String::new(),
            },
            Cause::HandFills => match owner {
                Owner::Player(seat) if seat == self.view.me.index() => {
                    "only that many cards can be yours".to_string()
                }
                Owner::Player(seat) => {
                    format!("only that many cards can be {}", self.possessive(seat))
                }
                Owner::Envelope => String::new(),
            },
            Cause::OneOf(entry) => format!(
                "the card {} showed on turn {}",
                self.owner(owner),
                context(entry).turn
            ),
            Cause::Accused(entry) => format!(
                "{} wrong accusation",
                self.possessive(context(entry).suggester)
            ),
            Cause::Counted => "by counting the deals".to_string(),
        }
    }
}

/// Owner number `index`: a seat, or the envelope after the last seat.
fn owner_of(index: usize, players: usize) -> Owner {
    if index == players {
        Owner::Envelope
    } else {
        Owner::Player(index)
    }
}
