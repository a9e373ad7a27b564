//! `clue-sim --assist`: a detective's notebook for a game played at a real
//! table. From what one seat saw (its hand, every suggestion and who
//! answered it, the cards shown to it, the wrong accusations) it says what
//! every deal that fits says of each card, counts those deals, and gives
//! the `expert` player's advice from that seat.
//!
//! # Input
//!
//! ```text
//! P ME                 players (2 to 12) and your seat (1 to P)
//! [card set]           K, then K lines `category n card ... card`, as the
//!                      game reads one; the classic set when absent
//! hand <card> ...      your cards
//! [sizes n1 ... nP]    every seat's hand size (else the deal rule's)
//! then one event a line, in the order they happened:
//! turn <t> <seat> suggests <card> ... <card>
//! pass <seat>
//! show <seat> <card>   a card shown to you, or that you showed
//! show <seat>          a card shown to someone else
//! none                 everybody asked passed
//! accuse <seat> <card> ... <card> wrong
//! ```
//!
//! Without `sizes`, the hands are those of the game's deal
//! ([`super::game::deal`]): the cards outside the envelope go round from
//! seat 1, so the first seats may hold one more. With `sizes`, the sizes
//! must add up to the cards outside the envelope, and yours must be your
//! hand's.
//!
//! A suggestion names one card of each category, in category order. Turn
//! numbers increase (not necessarily by one: at a real table some turns
//! have no suggestion). The seats after the suggester answer in turn (seat
//! P is followed by seat 1), seats that are out included, until one shows
//! a card; `none` follows when every other seat passed. A seat that
//! accused wrongly is out: it makes no more suggestions or accusations. An
//! accusation comes between turns. The card of a `show` is given exactly
//! when you saw it: you suggested, or you showed. The input may end only
//! between turns.
//!
//! Every rule is checked; a broken one is an error naming the line and what
//! was expected. Entries that no deal of the cards fits (a mistyped card is
//! the usual cause) are an error too, naming the first line after which no
//! deal fits.
//!
//! # Output
//!
//! ```text
//! notebook
//! <card> <mark seat 1> ... <mark seat P> <mark envelope>     every card
//! deals <D>
//! <card> <E>                                                 every card
//! suggest <card>: <card> ... <card>                          per card of the last category
//! accuse <card> ... <card> <p>      or      accuse no <p>
//! ```
//!
//! - A mark is `+` when every deal that fits gives the card to that owner,
//!   `-` when none does, `?` otherwise: exact, from the count of the deals,
//!   not from a set of rules.
//! - `D` is the number of deals of the cards you do not hold (the envelope
//!   and every other hand) that fit everything entered, all counted alike;
//!   `E` the number of those that put the card in the envelope.
//! - `suggest`: for each card of the last category (the room, in the board
//!   game, is where your pawn stands), the suggestion the `expert` player
//!   would make from your seat naming it ([`Advice`]), best first (equal
//!   scores in card order).
//! - `accuse`: the likeliest envelope (the first in card order among equally
//!   likely ones) and its probability, when `expert` would accuse now; else
//!   `accuse no` and that probability. The probability is the exact
//!   fraction of the deals, rounded to four decimals half up, as `--odds`
//!   writes it.
//!
//! # Approach
//!
//! The entries become observations of a [`Knowledge`] (your hand; a pass:
//! that seat holds none of the named cards; a card seen: that seat holds
//! it; a show unseen: that seat holds one of the named cards; a wrong
//! accusation: the envelope is not those cards), whose exact count gives
//! the marks and the numbers. The likeliest envelope is found category by
//! category: the count with the first categories' envelope cards fixed
//! gives the chances of the next category's given them, and a branch is
//! followed only while it may still beat the best complete envelope found.
//! The advice is [`ExpertPlayer`]'s, seated with every rival neutral (a
//! person), its stream seeded with [`ADVICE_SEED`].
//!
//! # Complexity
//!
//! Reading and checking is linear in the input. Each count is bounded by
//! [`BUDGET`] steps of the engine, and all of them together (the marks and
//! numbers, the likeliest envelope, and the search for the first line no
//! deal fits, a binary search over the lines) by [`BUDGET`] per count made;
//! a view that needs more is refused with an error that says so. The
//! advice costs what one `expert` decision costs.

pub mod why;

use std::io::Read;

use judge_io::{quote, Error, Input, Pos};

use super::cards::{Card, CardSet};
use super::deduce::four_decimals;
use super::event::{Event, Seat, Seen, Witness};
use super::game::{play, Game, PLAYERS};
use super::knowledge::{Contradiction, Knowledge};
use super::notebook::Notebook;
use super::players::expert::ExpertPlayer;
use super::players::Strategy;
use super::rng::SplitMix64;

/// The most steps one exact count of `--assist` may take (see
/// [`Knowledge::budget`]); a view that needs more is refused. The slowest
/// views of classic six-player games measured take far fewer (see the crate
/// README).
pub const BUDGET: u64 = 20_000_000;

/// The seed of the `expert` player's stream that gives the advice.
pub const ADVICE_SEED: u64 = 0;

/// What one seat saw of a game, read and checked ([`parse`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct View {
    /// The card set.
    pub cards: CardSet,
    /// Your seat.
    pub me: Seat,
    /// Your hand, in the order given.
    pub hand: Vec<Card>,
    /// Every seat's hand size.
    pub sizes: Vec<usize>,
    /// Whether the sizes were given (`sizes`) rather than the deal rule's.
    pub sizes_given: bool,
    /// The line of `hand`.
    pub hand_line: u64,
    /// The events after the hand, each with its line: suggestions, passes,
    /// shows (with the card when you saw it), `none`, wrong accusations.
    pub entries: Vec<(Seen, u64)>,
}

/// What every deal that fits a view says ([`assess`]): the fast part of the
/// answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Assessment {
    /// The marks, exact.
    pub notebook: Notebook,
    /// The number of deals that fit (at least 1).
    pub deals: u128,
    /// Per card, the number of those that put it in the envelope.
    pub envelope_deals: Vec<u128>,
}

/// The `expert` player's advice from the seat ([`advise`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Advice {
    /// For each card of the last category, the suggestion naming it and its
    /// score (the chance to name the envelope right after its answer, by
    /// the player's weighted sample), best first.
    pub suggestions: Vec<(Vec<Card>, f64)>,
    /// The likeliest envelope, by the exact count (the first in card order
    /// among equally likely ones).
    pub envelope: Vec<Card>,
    /// The number of the deals that fit with exactly that envelope.
    pub envelope_deals: u128,
    /// Whether the player would accuse now.
    pub accuse: bool,
}

/// Parses, checks, counts and advises: the whole of `clue-sim --assist`.
///
/// ```
/// let view = "\
/// 2 1
/// 2
/// who 2 Ann Bob
/// what 2 Axe Rope
/// hand Ann
/// turn 1 1 suggests Bob Axe
/// show 2 Axe
/// ";
/// let answer = clue_sim::assist::run(&mut judge_io::Input::new(view.as_bytes()))?;
/// assert_eq!(answer, "\
/// notebook
/// Ann + - -
/// Bob - - +
/// Axe - + -
/// Rope - - +
/// deals 1
/// Ann 0
/// Bob 1
/// Axe 0
/// Rope 1
/// suggest Axe: Bob Axe
/// suggest Rope: Bob Rope
/// accuse Bob Rope 1.0000
/// ");
/// # Ok::<(), judge_io::Error>(())
/// ```
pub fn run<R: Read>(input: &mut Input<R>) -> Result<String, Error> {
    let view = parse(input)?;
    let assessment = assess(&view)?;
    let advice = advise(&view, &assessment)?;
    Ok(render(&view, &assessment, &advice))
}

/// Reads a view (see the module docs) and checks every rule of it but the
/// count: [`assess`] finds entries no deal fits.
pub fn parse<R: Read>(input: &mut Input<R>) -> Result<View, Error> {
    let players: usize =
        input.int_in("the number of players P", *PLAYERS.start()..=*PLAYERS.end())?;
    let me: usize = input.int_in("your seat", 1..=players)?;
    input.line_end();
    let cards = match input.peek_after_white_space()? {
        Some(byte) if byte.is_ascii_digit() || byte == b'+' => CardSet::parse(input)?,
        _ => None,
    }
    .unwrap_or_else(CardSet::classic);
    let mut reader = Reader::new(cards, players, Seat(me - 1));
    reader.read_hand(input)?;
    while let Some(line) = input.line()? {
        let number = line.number;
        let mut tokens = line.tokens();
        reader.read_line(&mut tokens, number)?;
        tokens.finish()?;
    }
    reader.finish(input.pos())
}

/// Counts the deals that fit `view`: the marks and the numbers.
///
/// # Errors
///
/// No deal fits (the error names the first line after which none does), or
/// a count would take more than [`BUDGET`] steps.
pub fn assess(view: &View) -> Result<Assessment, Error> {
    let mut knowledge = knowledge_after(view, view.entries.len());
    let analysis = exact(&mut knowledge)?;
    if !analysis.is_consistent() {
        return Err(contradiction(view)?);
    }
    let n_cards = view.cards.len();
    let deals = analysis.deals().unwrap_or(0);
    let envelope_deals = (0..n_cards)
        .map(|card| analysis.envelope_deals(card).unwrap_or(0))
        .collect();
    let notebook = Notebook::counted(analysis, n_cards);
    Ok(Assessment {
        notebook,
        deals,
        envelope_deals,
    })
}

/// The `expert` player's advice from the view's seat, and the likeliest
/// envelope: the player is seated with the view's hand and sizes, every
/// rival neutral, and shown every entry; the envelope is found by exact
/// counts (see the module docs).
///
/// # Errors
///
/// A count would take more than [`BUDGET`] steps.
pub fn advise(view: &View, assessment: &Assessment) -> Result<Advice, Error> {
    let table = vec![None; view.sizes.len()];
    let rng = SplitMix64::new(ADVICE_SEED);
    let mut expert = ExpertPlayer::new(&view.cards, view.me, &view.hand, &view.sizes, &table, rng);
    for turn in turns(view) {
        match turn {
            Happened::Turn(answer) => expert.observe(&answer.as_answer()),
            Happened::Accusation(seat, cards) => expert.observe_accusation(seat, cards),
        }
    }
    let last = view.cards.categories() - 1;
    let suggestions = expert.clone().suggestions_naming(last);
    let accuse = expert.accuse(&view.cards).is_some();
    let knowledge = knowledge_after(view, view.entries.len());
    let (envelope, envelope_deals) = likeliest(&knowledge, &view.cards, assessment)?;
    Ok(Advice {
        suggestions,
        envelope,
        envelope_deals,
        accuse,
    })
}

/// The likeliest envelope and its number of deals, category by category:
/// a branch fixes the envelope's cards of the first categories (each card
/// fixed: every seat lacks it), and its count gives, per card of every
/// later category, the deals that add it. The most of those in each later
/// category bounds every envelope below the branch, so a branch is left
/// when its bound cannot beat the best envelope found (more deals, or as
/// many and earlier in card order). Depth first, likeliest first; no
/// recursion.
fn likeliest(
    knowledge: &Knowledge,
    cards: &CardSet,
    assessment: &Assessment,
) -> Result<(Vec<Card>, u128), Error> {
    let mut search = Search {
        cards,
        best: None,
        stack: Vec::new(),
    };
    // The root's counts are the assessment's.
    search.expand(
        Vec::new(),
        knowledge,
        &assessment.envelope_deals,
        assessment.deals,
    );
    while let Some((fixed, mut branch, bound)) = search.stack.pop() {
        if search.beaten(bound, &fixed) {
            continue;
        }
        let analysis = exact(&mut branch)?;
        let counts: Vec<u128> = (0..cards.len())
            .map(|card| analysis.envelope_deals(card).unwrap_or(0))
            .collect();
        search.expand(fixed, &branch, &counts, bound);
    }
    Ok(search.best.unwrap_or_default())
}

/// The search for the likeliest envelope (see [`likeliest`]).
struct Search<'a> {
    cards: &'a CardSet,
    /// The best whole envelope found, and its deals.
    best: Option<(Vec<Card>, u128)>,
    /// The branches left: the cards fixed, their knowledge, their bound.
    stack: Vec<(Vec<Card>, Knowledge, u128)>,
}

impl Search<'_> {
    /// Whether no envelope below a branch with this bound can beat the best:
    /// fewer deals, or as many and later in card order.
    fn beaten(&self, bound: u128, fixed: &[Card]) -> bool {
        self.best.as_ref().map_or(false, |(envelope, most)| {
            bound < *most || (bound == *most && fixed > &envelope[..fixed.len()])
        })
    }

    /// Takes a counted branch: at the last category its likeliest card
    /// completes an envelope; else its cards of the next category become
    /// branches, the likeliest on top.
    fn expand(&mut self, fixed: Vec<Card>, branch: &Knowledge, counts: &[u128], bound: u128) {
        let cards = self.cards;
        let category = fixed.len();
        let tightest = (category..cards.categories())
            .map(|later| {
                cards
                    .category(later)
                    .map(|card| counts[card])
                    .max()
                    .unwrap_or(0)
            })
            .min()
            .unwrap_or(0)
            .min(bound);
        if tightest == 0 || self.beaten(tightest, &fixed) {
            return;
        }
        let mut options: Vec<(Card, u128)> = cards
            .category(category)
            .map(|card| (Card(card), counts[card]))
            .filter(|&(_, deals)| deals > 0)
            .collect();
        // Likeliest first; equal ones in card order.
        options.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        if category + 1 == cards.categories() {
            if let Some(&(card, deals)) = options.first() {
                let mut envelope = fixed;
                envelope.push(card);
                let better = self.best.as_ref().map_or(true, |(known, most)| {
                    deals > *most || (deals == *most && envelope < *known)
                });
                if better {
                    self.best = Some((envelope, deals));
                }
            }
            return;
        }
        // Pushed in reverse, so that the likeliest is taken first.
        for &(card, deals) in options.iter().rev() {
            let mut next = branch.clone();
            for player in 0..next.n_players() {
                let _ = next.lacks(player, card.index());
            }
            let mut envelope = fixed.clone();
            envelope.push(card);
            self.stack.push((envelope, next, deals.min(tightest)));
        }
    }
}

/// The answer's lines (see the module docs).
pub fn render(view: &View, assessment: &Assessment, advice: &Advice) -> String {
    let cards = &view.cards;
    let mut out = String::from("notebook\n");
    for (card, row) in assessment.notebook.rows().enumerate() {
        out.push_str(cards.name(Card(card)));
        for mark in row {
            out.push(' ');
            out.push(mark.symbol());
        }
        out.push('\n');
    }
    out.push_str(&format!("deals {}\n", assessment.deals));
    for (card, count) in assessment.envelope_deals.iter().enumerate() {
        out.push_str(&format!("{} {count}\n", cards.name(Card(card))));
    }
    let last = cards.categories() - 1;
    for (suggestion, _) in &advice.suggestions {
        let fixed = suggestion[last];
        out.push_str(&format!("suggest {}:", cards.name(fixed)));
        for &card in suggestion {
            out.push(' ');
            out.push_str(cards.name(card));
        }
        out.push('\n');
    }
    let chance = four_decimals(advice.envelope_deals, assessment.deals);
    if advice.accuse {
        out.push_str("accuse");
        for &card in &advice.envelope {
            out.push(' ');
            out.push_str(cards.name(card));
        }
        out.push_str(&format!(" {chance}\n"));
    } else {
        out.push_str(&format!("accuse no {chance}\n"));
    }
    out
}

/// The seats asked to answer `suggester`'s suggestion, in asking order: the
/// seats after it in turn (seat P is followed by seat 1), every one of them
/// (those out of the game too) until one shows a card.
pub fn asking_order(players: usize, suggester: Seat) -> Vec<Seat> {
    (1..players)
        .map(|step| Seat((suggester.index() + step) % players))
        .collect()
}

/// The hand sizes of the game's deal: the cards outside the envelope go
/// round from seat 1.
pub fn dealt_sizes(cards: &CardSet, players: usize) -> Vec<usize> {
    let dealt = cards.len() - cards.categories();
    (0..players)
        .map(|seat| dealt / players + usize::from(seat < dealt % players))
        .collect()
}

impl View {
    /// Each seat's view of the game `game` played by `strategies` (one per
    /// seat), in seat order: its hand, the deal rule's sizes, and every
    /// event it saw up to the right accusation that ends the game (the
    /// input `--assist` would have read at that moment).
    pub fn of_game(game: &Game, strategies: &[Strategy]) -> Vec<View> {
        let mut witnesses: Vec<Witness> = (0..game.players)
            .map(|seat| Witness::new(Seat(seat)))
            .collect();
        let mut views: Vec<View> = (0..game.players)
            .map(|seat| View {
                cards: game.cards.clone(),
                me: Seat(seat),
                hand: Vec::new(),
                sizes: dealt_sizes(&game.cards, game.players),
                sizes_given: false,
                hand_line: 1,
                entries: Vec::new(),
            })
            .collect();
        let mut over = false;
        play(game, strategies, |event| {
            if let Event::Hand(seat, hand) = *event {
                views[seat.index()].hand = hand.to_vec();
            }
            if matches!(
                event,
                Event::Accused { correct: true, .. } | Event::Ended { .. }
            ) {
                over = true;
            }
            for (witness, view) in witnesses.iter_mut().zip(&mut views) {
                if let Some(seen) = witness.see(event).filter(|_| !over) {
                    view.entries.push((seen, 0));
                }
            }
        });
        // The lines of the text `View::text` writes.
        let hand_line = if game.cards == CardSet::classic() {
            2
        } else {
            3 + game.cards.categories() as u64
        };
        for view in &mut views {
            view.hand_line = hand_line;
            for (index, (_, line)) in view.entries.iter_mut().enumerate() {
                *line = view.hand_line + 1 + index as u64;
            }
        }
        views
    }

    /// Where the view may be cut and still be a whole input: the numbers of
    /// its first entries that end between turns, in order (before each
    /// turn and accusation, and all of them).
    pub fn cuts(&self) -> Vec<usize> {
        let mut cuts: Vec<usize> = (0..self.entries.len())
            .filter(|&index| {
                matches!(
                    self.entries[index].0,
                    Seen::Suggested { .. } | Seen::Accused { .. }
                )
            })
            .collect();
        cuts.push(self.entries.len());
        cuts
    }

    /// The view as `--assist` reads it: the input that [`parse`] reads back
    /// as this view (the card set written out unless it is the classic
    /// one, `sizes` only when they were given).
    pub fn text(&self) -> String {
        let cards = &self.cards;
        let mut out = format!("{} {}\n", self.sizes.len(), self.me);
        if *cards != CardSet::classic() {
            out.push_str(&cards.text());
        }
        out.push_str("hand");
        for &card in &self.hand {
            out.push(' ');
            out.push_str(cards.name(card));
        }
        out.push('\n');
        if self.sizes_given {
            out.push_str("sizes");
            for size in &self.sizes {
                out.push_str(&format!(" {size}"));
            }
            out.push('\n');
        }
        for (seen, _) in &self.entries {
            out.push_str(&entry_text(cards, seen));
            out.push('\n');
        }
        out
    }
}

/// One entry's line, as `--assist` reads it.
pub fn entry_text(cards: &CardSet, seen: &Seen) -> String {
    let names = |list: &[Card]| -> String {
        list.iter()
            .map(|&card| format!(" {}", cards.name(card)))
            .collect()
    };
    match seen {
        Seen::Suggested {
            turn,
            seat,
            cards: named,
        } => {
            format!("turn {turn} {seat} suggests{}", names(named))
        }
        Seen::Passed(seat) => format!("pass {seat}"),
        Seen::Showed {
            seat,
            card: Some(card),
            ..
        } => format!("show {seat} {}", cards.name(*card)),
        Seen::Showed {
            seat, card: None, ..
        } => format!("show {seat}"),
        Seen::NobodyShowed => "none".to_string(),
        Seen::Accused {
            seat,
            cards: accused,
            ..
        } => format!("accuse {seat}{} wrong", names(accused)),
        Seen::Ended { .. } => "end".to_string(),
    }
}

/// One suggestion and its answers, or a wrong accusation, as the view saw
/// them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Happened<'a> {
    /// A suggestion and its answers.
    Turn(TurnSeen<'a>),
    /// A wrong accusation.
    Accusation(Seat, &'a [Card]),
}

/// A suggestion as the view saw it answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnSeen<'a> {
    /// The turn's number.
    pub turn: usize,
    /// Who suggested.
    pub suggester: Seat,
    /// The named cards.
    pub cards: &'a [Card],
    /// Who passed, in asking order.
    pub passes: Vec<Seat>,
    /// Who showed, with the card when the view saw it.
    pub shower: Option<(Seat, Option<Card>)>,
}

impl TurnSeen<'_> {
    fn as_answer(&self) -> super::event::Answer<'_> {
        super::event::Answer {
            suggester: self.suggester,
            cards: self.cards,
            passes: &self.passes,
            shower: self.shower.map(|(seat, _)| seat),
            shown: self.shower.and_then(|(_, card)| card),
        }
    }
}

/// The view's entries grouped into turns and accusations, in order.
pub fn turns(view: &View) -> Vec<Happened<'_>> {
    let mut out = Vec::new();
    for (seen, _) in &view.entries {
        match seen {
            Seen::Suggested { turn, seat, cards } => out.push(Happened::Turn(TurnSeen {
                turn: *turn,
                suggester: *seat,
                cards,
                passes: Vec::new(),
                shower: None,
            })),
            Seen::Passed(seat) => {
                if let Some(Happened::Turn(turn)) = out.last_mut() {
                    turn.passes.push(*seat);
                }
            }
            Seen::Showed { seat, card, .. } => {
                if let Some(Happened::Turn(turn)) = out.last_mut() {
                    turn.shower = Some((*seat, *card));
                }
            }
            Seen::Accused { seat, cards, .. } => out.push(Happened::Accusation(*seat, cards)),
            Seen::NobodyShowed | Seen::Ended { .. } => {}
        }
    }
    out
}

/// The knowledge of the hand and the first `count` entries.
pub fn knowledge_after(view: &View, count: usize) -> Knowledge {
    let cards = &view.cards;
    let category_sizes: Vec<usize> = (0..cards.categories())
        .map(|category| cards.category(category).len())
        .collect();
    let mut knowledge = Knowledge::new(&category_sizes, &view.sizes);
    knowledge.set_budget(BUDGET);
    let me = view.me.index();
    let hand: Vec<usize> = view.hand.iter().map(|card| card.index()).collect();
    let others: Vec<usize> = (0..cards.len())
        .filter(|card| !hand.contains(card))
        .collect();
    // A contradiction is remembered by the knowledge: its analysis then
    // says no deal fits, which is what the callers ask.
    let record = |result: Result<(), Contradiction>| {
        let _ = result;
    };
    for &card in &hand {
        record(knowledge.holds(me, card));
    }
    record(knowledge.lacks_all(me, &others));
    let mut named: Vec<usize> = Vec::new();
    for (seen, _) in &view.entries[..count] {
        match seen {
            Seen::Suggested { cards, .. } => {
                named = cards.iter().map(|card| card.index()).collect()
            }
            Seen::Passed(seat) => record(knowledge.lacks_all(seat.index(), &named)),
            Seen::Showed {
                seat,
                card: Some(card),
                ..
            } => {
                record(knowledge.holds(seat.index(), card.index()));
            }
            Seen::Showed {
                seat, card: None, ..
            } => {
                record(knowledge.holds_one_of(seat.index(), &named));
            }
            Seen::Accused { cards, .. } => {
                let accused: Vec<usize> = cards.iter().map(|card| card.index()).collect();
                record(knowledge.not_envelope(&accused));
            }
            Seen::NobodyShowed | Seen::Ended { .. } => {}
        }
    }
    knowledge
}

/// The exact analysis, or the error that the count is beyond [`BUDGET`].
fn exact(knowledge: &mut Knowledge) -> Result<&super::knowledge::Analysis, Error> {
    let analysis = knowledge.analysis();
    if analysis.is_exact() {
        Ok(analysis)
    } else {
        Err(Error::input(format!(
            "the deals that fit cannot be counted exactly within the bounds of --assist \
             (at most 63 cards whose owner is open, at most {BUDGET} steps)"
        )))
    }
}

/// The error for a view no deal fits: the first line after which none does
/// (a binary search over the lines, each prefix counted exactly).
fn contradiction(view: &View) -> Result<Error, Error> {
    // Prefix `k` is the hand and the first `k` entries. The whole view has
    // no deal, and no deal fitting a prefix means none fits a longer one:
    // the first prefix without one is found by halving.
    let (mut low, mut high) = (0, view.entries.len());
    while low < high {
        let middle = (low + high) / 2;
        let mut knowledge = knowledge_after(view, middle);
        if exact(&mut knowledge)?.is_consistent() {
            low = middle + 1;
        } else {
            high = middle;
        }
    }
    let (line, what) = match high {
        0 => (view.hand_line, "your hand and the hand sizes".to_string()),
        k => {
            let (seen, line) = &view.entries[k - 1];
            (*line, quote(entry_text(&view.cards, seen).as_bytes()))
        }
    };
    Ok(Error::at(
        line_pos(line),
        format!("no deal of the cards fits the entries up to this one ({what}): check it and the lines before it"),
    ))
}

fn line_pos(line: u64) -> Pos {
    Pos {
        line,
        column: 1,
        token: 0,
    }
}

/// The view being read, and where its rules stand.
struct Reader {
    cards: CardSet,
    players: usize,
    me: Seat,
    hand: Vec<Card>,
    sizes: Vec<usize>,
    sizes_given: bool,
    hand_line: u64,
    entries: Vec<(Seen, u64)>,
    /// The last turn's number.
    last_turn: usize,
    /// The turn being answered: its suggester, its cards and the next seat
    /// to answer (the suggester again once every other seat has passed).
    asking: Option<(Seat, Vec<Card>, Seat)>,
    /// The seats out of the game (a wrong accusation), with its line.
    out: Vec<Option<u64>>,
}

impl Reader {
    fn new(cards: CardSet, players: usize, me: Seat) -> Reader {
        let sizes = dealt_sizes(&cards, players);
        Reader {
            cards,
            players,
            me,
            hand: Vec::new(),
            sizes,
            sizes_given: false,
            hand_line: 0,
            entries: Vec::new(),
            last_turn: 0,
            asking: None,
            out: vec![None; players],
        }
    }

    /// `hand <card> ...` and the optional `sizes` line.
    fn read_hand<R: Read>(&mut self, input: &mut Input<R>) -> Result<(), Error> {
        let line = match input.line()? {
            Some(line) => line,
            None => return Err(input.missing("`hand` and your cards")),
        };
        self.hand_line = line.number;
        let mut tokens = line.tokens();
        let word = tokens.token("`hand`")?;
        if word.text != b"hand" {
            return Err(Error::at(
                word.pos,
                format!("expected `hand` and your cards, found {}", quote(word.text)),
            ));
        }
        while let Some(token) = tokens.try_token()? {
            let (card, pos) = (self.card(token.text, token.pos)?, token.pos);
            if self.hand.contains(&card) {
                return Err(Error::at(
                    pos,
                    format!("{} is in your hand twice", self.cards.name(card)),
                ));
            }
            self.hand.push(card);
        }
        // `sizes`, if given, is the next line.
        if input.peek_after_white_space()? == Some(b's') {
            if let Some(line) = input.line()? {
                let number = line.number;
                let mut tokens = line.tokens();
                let is_sizes = line.text.split(u8::is_ascii_whitespace).next() == Some(b"sizes");
                if is_sizes {
                    tokens.token("`sizes`")?;
                    self.read_sizes(&mut tokens)?;
                    tokens.finish()?;
                } else {
                    self.check_hand(line_pos(self.hand_line))?;
                    self.read_line(&mut tokens, number)?;
                    return tokens.finish();
                }
            }
        }
        self.check_hand(line_pos(self.hand_line))
    }

    fn read_sizes<R: Read>(&mut self, tokens: &mut Input<R>) -> Result<(), Error> {
        let dealt = self.cards.len() - self.cards.categories();
        let mut sizes = Vec::with_capacity(self.players);
        for seat in 1..=self.players {
            sizes.push(tokens.int_in(format!("the hand size of seat {seat}"), 0..=dealt)?);
        }
        let total: usize = sizes.iter().sum();
        if total != dealt {
            return Err(Error::at(
                tokens.pos(),
                format!(
                    "the hand sizes add up to {total}, but {dealt} cards are outside the envelope"
                ),
            ));
        }
        self.sizes = sizes;
        self.sizes_given = true;
        Ok(())
    }

    fn check_hand(&self, pos: Pos) -> Result<(), Error> {
        let size = self.sizes[self.me.index()];
        if self.hand.len() != size {
            return Err(Error::at(
                pos,
                format!(
                    "your hand has {} cards, but seat {} holds {size}{}",
                    self.hand.len(),
                    self.me,
                    if self.sizes_given {
                        ""
                    } else {
                        " by the deal rule (give `sizes` after `hand` if the deal differed)"
                    }
                ),
            ));
        }
        Ok(())
    }

    /// One event line.
    fn read_line<R: Read>(&mut self, tokens: &mut Input<R>, line: u64) -> Result<(), Error> {
        let word = tokens.token("an entry")?;
        let pos = word.pos;
        let seen = match word.text {
            b"turn" => self.read_turn(tokens, pos)?,
            b"pass" => {
                let seat = self.answerer(tokens, "pass", pos)?;
                self.passed(seat);
                Seen::Passed(seat)
            }
            b"show" => self.read_show(tokens, pos)?,
            b"none" => {
                match &self.asking {
                    Some((suggester, _, next)) if next == suggester => {}
                    Some((_, _, next)) => {
                        return Err(Error::at(
                            pos,
                            format!("`none` comes after every seat passed; expected `pass {next}` or `show {next}`"),
                        ))
                    }
                    None => return Err(Error::at(pos, "`none` answers a suggestion; expected `turn` or `accuse`")),
                }
                self.asking = None;
                Seen::NobodyShowed
            }
            b"accuse" => self.read_accusation(tokens, pos, line)?,
            other => {
                return Err(Error::at(
                    pos,
                    format!(
                        "unknown entry {}; expected {}",
                        quote(other),
                        self.expected()
                    ),
                ))
            }
        };
        self.entries.push((seen, line));
        Ok(())
    }

    /// What may come next, in words.
    fn expected(&self) -> String {
        match &self.asking {
            Some((suggester, _, next)) if next == suggester => "`none`".to_string(),
            Some((_, _, next)) => format!("`pass {next}` or `show {next}`"),
            None => "`turn` or `accuse`".to_string(),
        }
    }

    /// A turn or an accusation may start only once the last suggestion is
    /// answered.
    fn between_turns(&self, pos: Pos) -> Result<(), Error> {
        match self.asking {
            Some(_) => Err(Error::at(
                pos,
                format!(
                    "the last suggestion is not answered yet; expected {}",
                    self.expected()
                ),
            )),
            None => Ok(()),
        }
    }

    fn read_turn<R: Read>(&mut self, tokens: &mut Input<R>, pos: Pos) -> Result<Seen, Error> {
        self.between_turns(pos)?;
        let (turn, turn_pos) = tokens.int_in_at("the turn's number", 1..=usize::MAX)?;
        if turn <= self.last_turn {
            return Err(Error::at(
                turn_pos,
                format!(
                    "turn numbers increase: turn {turn} cannot follow turn {}",
                    self.last_turn
                ),
            ));
        }
        let seat = self.seat(tokens, "the suggester")?;
        if let Some(line) = self.out[seat.index()] {
            return Err(Error::at(
                pos,
                format!(
                    "seat {seat} accused wrongly on line {line} and is out: it suggests no more"
                ),
            ));
        }
        let word = tokens.token("`suggests`")?;
        if word.text != b"suggests" {
            return Err(Error::at(
                word.pos,
                format!("expected `suggests`, found {}", quote(word.text)),
            ));
        }
        let cards = self.one_per_category(tokens, "the suggestion")?;
        self.last_turn = turn;
        let next = self.after(seat);
        self.asking = Some((seat, cards.clone(), next));
        Ok(Seen::Suggested { turn, seat, cards })
    }

    /// The seat of a `pass` or `show`: the next one asked.
    fn answerer<R: Read>(
        &mut self,
        tokens: &mut Input<R>,
        word: &str,
        pos: Pos,
    ) -> Result<Seat, Error> {
        let (suggester, next) = match &self.asking {
            None => {
                return Err(Error::at(
                    pos,
                    format!("`{word}` answers a suggestion; expected `turn` or `accuse`"),
                ))
            }
            Some((suggester, _, next)) => (*suggester, *next),
        };
        let (seat, before) = self.seat_at(tokens, "the seat answering")?;
        if next == suggester {
            return Err(Error::at(
                before,
                "every seat asked has passed; expected `none`",
            ));
        }
        if seat != next {
            return Err(Error::at(
                before,
                format!(
                    "seat {next} answers next (the seats after the suggester answer in turn); expected `pass {next}` or `show {next}`"
                ),
            ));
        }
        Ok(seat)
    }

    fn passed(&mut self, seat: Seat) {
        let next = self.after(seat);
        if let Some((_, _, asked)) = &mut self.asking {
            *asked = next;
        }
    }

    fn read_show<R: Read>(&mut self, tokens: &mut Input<R>, pos: Pos) -> Result<Seen, Error> {
        let seat = self.answerer(tokens, "show", pos)?;
        let (suggester, named) = match &self.asking {
            Some((suggester, named, _)) => (*suggester, named.clone()),
            None => unreachable!("answerer checked that a suggestion is answered"),
        };
        let sees = self.me == suggester || self.me == seat;
        let card = match tokens.try_token()? {
            None if sees => {
                return Err(Error::at(
                    tokens.pos(),
                    format!(
                        "the card is missing: {}; name it after the seat",
                        if self.me == seat { "you showed it" } else { "it was shown to you" }
                    ),
                ))
            }
            None => None,
            Some(token) if !sees => {
                return Err(Error::at(
                    token.pos,
                    format!(
                        "seat {seat} showed seat {suggester} the card, not you: write `show {seat}` without it"
                    ),
                ))
            }
            Some(token) => {
                let (text, pos) = (token.text.to_vec(), token.pos);
                let card = self.card(&text, pos)?;
                if !named.contains(&card) {
                    return Err(Error::at(
                        pos,
                        format!(
                            "{} was not named: the suggestion was {}",
                            self.cards.name(card),
                            self.cards.names(&named).join(" ")
                        ),
                    ));
                }
                Some(card)
            }
        };
        self.asking = None;
        Ok(Seen::Showed {
            seat,
            to: suggester,
            card,
        })
    }

    fn read_accusation<R: Read>(
        &mut self,
        tokens: &mut Input<R>,
        pos: Pos,
        line: u64,
    ) -> Result<Seen, Error> {
        self.between_turns(pos)?;
        let seat = self.seat(tokens, "the accuser")?;
        if let Some(earlier) = self.out[seat.index()] {
            return Err(Error::at(
                pos,
                format!(
                    "seat {seat} accused wrongly on line {earlier} and is out: it accuses no more"
                ),
            ));
        }
        let cards = self.one_per_category(tokens, "the accusation")?;
        let word = tokens.token("`wrong`")?;
        if word.text != b"wrong" {
            return Err(Error::at(
                word.pos,
                format!(
                    "expected `wrong` after the accusation, found {} (a right accusation ends the game)",
                    quote(word.text)
                ),
            ));
        }
        self.out[seat.index()] = Some(line);
        Ok(Seen::Accused {
            seat,
            cards,
            correct: false,
        })
    }

    fn seat<R: Read>(&self, tokens: &mut Input<R>, what: &str) -> Result<Seat, Error> {
        Ok(self.seat_at(tokens, what)?.0)
    }

    /// A seat, and where it stands.
    fn seat_at<R: Read>(&self, tokens: &mut Input<R>, what: &str) -> Result<(Seat, Pos), Error> {
        let (seat, pos): (usize, Pos) = tokens.int_in_at(what, 1..=self.players)?;
        Ok((Seat(seat - 1), pos))
    }

    /// The seat asked after `seat`.
    fn after(&self, seat: Seat) -> Seat {
        Seat((seat.index() + 1) % self.players)
    }

    /// One card of each category, in category order.
    fn one_per_category<R: Read>(
        &self,
        tokens: &mut Input<R>,
        what: &str,
    ) -> Result<Vec<Card>, Error> {
        let mut cards = Vec::with_capacity(self.cards.categories());
        for category in 0..self.cards.categories() {
            let name = &self.cards.category_names[category];
            let token = tokens.token(format!("a card of category {name} in {what}"))?;
            let (text, pos) = (token.text.to_vec(), token.pos);
            let card = self.card(&text, pos)?;
            if self.cards.category_of(card) != category {
                return Err(Error::at(
                    pos,
                    format!(
                        "{} is a card of category {}; {what} names one card of each category in order, here one of {name}",
                        self.cards.name(card),
                        self.cards.category_names[self.cards.category_of(card)]
                    ),
                ));
            }
            cards.push(card);
        }
        Ok(cards)
    }

    fn card(&self, text: &[u8], pos: Pos) -> Result<Card, Error> {
        self.cards
            .card_names
            .iter()
            .position(|name| name.as_bytes() == text)
            .map(Card)
            .ok_or_else(|| Error::at(pos, format!("unknown card {}", quote(text))))
    }

    fn finish(self, end: Pos) -> Result<View, Error> {
        if self.asking.is_some() {
            return Err(Error::at(
                end,
                format!(
                    "the input ends before the last suggestion is answered; expected {}",
                    self.expected()
                ),
            ));
        }
        Ok(View {
            cards: self.cards,
            me: self.me,
            hand: self.hand,
            sizes: self.sizes,
            sizes_given: self.sizes_given,
            hand_line: self.hand_line,
            entries: self.entries,
        })
    }
}
