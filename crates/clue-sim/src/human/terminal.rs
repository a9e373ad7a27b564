//! The person's seat at the terminal: the [`Table`] that asks the person
//! for the seat's moves and plays the computer seats, and the input and
//! view it reads and writes ([`Io`]). What it says is [`super::view`]'s;
//! what an entry means is [`super::entry`]'s.

use std::io::{self, BufRead, Write};

use judge_io::{read_line, LineRead};

use super::super::cards::{Card, CardSet};
use super::super::event::{Answer, Event, Seat, Seen, Witness};
use super::super::game::{self, Deal, Game, Left, Table};
use super::super::knowledge::Knowledge;
use super::super::notebook::Notebook;
use super::super::players::{Player, Strategy};
use super::super::rng::SplitMix64;
use super::entry::{interpret, Ask, Entry, Refusal};
use super::view::{self, names};

/// The person's input and view, and the first failure to use them.
pub(super) struct Io<R, V> {
    input: R,
    pub(super) view: V,
    line: Vec<u8>,
    pub(super) failure: Option<Failure>,
    /// A [`replay`](super::replay): each line read is echoed to the view (a
    /// terminal echoes what is typed itself), and the end of the input
    /// leaves the game waiting at its prompt, kept in `pending`.
    replay: bool,
    pub(super) pending: Option<Ask>,
    /// The seat's knowledge when its table was put away (at the end of the
    /// game, or where a replay's entries ran out):
    /// [`Replay::knowledge`](super::Replay::knowledge).
    pub(super) knowledge: Option<Knowledge>,
    /// The table's events as the seat saw them, in order.
    pub(super) events: Vec<Seen>,
    /// The sentence the game stopped with, if the person stopped it.
    pub(super) stop: Option<String>,
}

/// Why the person's input or view could not be used.
pub(super) enum Failure {
    Read(io::Error),
    Write(io::Error),
}

impl<R: BufRead, V: Write> Io<R, V> {
    /// The person's `input` and `view`; `replay` for [`replay`](super::replay).
    pub(super) fn new(input: R, view: V, replay: bool) -> Self {
        Io {
            input,
            view,
            line: Vec::new(),
            failure: None,
            replay,
            pending: None,
            knowledge: None,
            events: Vec::new(),
            stop: None,
        }
    }

    /// Shows `text` (nothing more after a failure).
    pub(super) fn say(&mut self, text: &str) {
        if self.failure.is_none() {
            if let Err(error) = self
                .view
                .write_all(text.as_bytes())
                .and_then(|()| self.view.flush())
            {
                self.failure = Some(Failure::Write(error));
            }
        }
    }

    /// Shows `prompt` and reads a line: `None` at the end of the input or
    /// after a failure; `Some(None)` for a line over [`MAX_LINE`] bytes.
    fn ask(&mut self, prompt: &str) -> Option<Option<String>> {
        self.say(prompt);
        if self.failure.is_some() {
            return None;
        }
        match read_line(&mut self.input, &mut self.line) {
            Err(error) => {
                self.failure = Some(Failure::Read(error));
                None
            }
            Ok(LineRead::End) => None,
            Ok(LineRead::TooLong) => {
                self.echo("");
                Some(None)
            }
            Ok(LineRead::Line { .. }) => {
                let line = String::from_utf8_lossy(&self.line).into_owned();
                self.echo(&line);
                Some(Some(line))
            }
        }
    }

    /// In a [`replay`](super::replay), shows the line read (an over-long one as an empty
    /// line), as a terminal shows what is typed.
    fn echo(&mut self, line: &str) {
        if self.replay {
            self.say(line);
            self.say("\n");
        }
    }
}

/// The computer players and the person's seat: the [`Table`] the referee
/// plays a person's game at.
pub(super) struct HumanTable<'a, R, V> {
    cards: &'a CardSet,
    /// `None` at the person's seat.
    computers: Vec<Option<Player>>,
    me: Seat,
    hand: Vec<Card>,
    hand_sizes: Vec<usize>,
    /// What the person's seat saw of the events (and who suggests).
    witness: Witness,
    /// What the person's seat saw, and what follows.
    knowledge: Knowledge,
    /// The turn being played (0 before the first).
    turn: usize,
    io: &'a mut Io<R, V>,
}

impl<'a, R: BufRead, V: Write> HumanTable<'a, R, V> {
    /// The table of `game`'s `deal`: the computers of `seats` with their
    /// random streams, the person (the `None` seat) at `io`.
    pub(super) fn new(
        game: &'a Game,
        deal: &Deal,
        seats: &[Option<Strategy>],
        rngs: Vec<SplitMix64>,
        io: &'a mut Io<R, V>,
    ) -> Self {
        let cards = &game.cards;
        let hand_sizes: Vec<usize> = deal.hands.iter().map(Vec::len).collect();
        let computers = game::seat_players(cards, deal, seats.iter().copied(), rngs);
        let me = Seat(seats.iter().position(Option::is_none).unwrap_or(0));
        let hand = deal.hands[me.index()].clone();
        let category_sizes: Vec<usize> = (0..cards.categories())
            .map(|category| cards.category(category).len())
            .collect();
        let mut knowledge = Knowledge::new(&category_sizes, &hand_sizes);
        // The referee is truthful: no observation can contradict another, so
        // the engine's `Contradiction` is impossible here (and below).
        for &card in &hand {
            let _ = knowledge.holds(me.index(), card.index());
        }
        let others: Vec<usize> = (0..cards.len())
            .filter(|&card| !hand.contains(&Card(card)))
            .collect();
        let _ = knowledge.lacks_all(me.index(), &others);
        HumanTable {
            cards,
            computers,
            me,
            hand,
            hand_sizes,
            witness: Witness::new(me),
            knowledge,
            turn: 0,
            io,
        }
    }

    /// Asks until the entry fits `ask`; answers the commands on the way.
    fn ask(&mut self, ask: &Ask, prompt: &str) -> Result<Entry, Left> {
        loop {
            let entry = match self.io.ask(prompt) {
                None if self.io.replay && self.io.failure.is_none() => {
                    self.io.pending = Some(ask.clone());
                    return Err(Left);
                }
                None => return Err(self.stop("the input ended")),
                Some(None) => Err(Refusal::TooLong),
                Some(Some(line)) => interpret(self.cards, ask, &line),
            };
            let text = match entry {
                Ok(Entry::Cards(cards)) => return Ok(Entry::Cards(cards)),
                Ok(Entry::NoAccusation) => return Ok(Entry::NoAccusation),
                Ok(Entry::Quit) => return Err(self.stop("you quit")),
                Ok(Entry::Help) => view::help(self.cards),
                Ok(Entry::Notebook) => {
                    view::notebook(self.cards, self.me, &Notebook::of(&self.knowledge))
                }
                Ok(Entry::Odds) => view::odds(self.cards, &mut self.knowledge),
                Ok(Entry::Hand) => self.hand(),
                Err(refusal) => format!("{refusal}\n"),
            };
            self.io.say(&text);
        }
    }

    fn stop(&mut self, why: &str) -> Left {
        let sentence = view::stop(self.turn, why);
        self.io.say(&format!("\n{sentence}\n"));
        self.io.stop = Some(sentence);
        Left
    }

    fn hand(&self) -> String {
        view::hand(self.cards, self.me, &self.hand, &self.hand_sizes)
    }
}

/// The referee puts the table away when the game ends or the entries run
/// out: what the seat knew then is left with its input and view, for
/// [`replay`](super::replay) to return.
impl<R, V> Drop for HumanTable<'_, R, V> {
    fn drop(&mut self) {
        self.io.knowledge = Some(self.knowledge.clone());
    }
}

impl<R: BufRead, V: Write> Table for HumanTable<'_, R, V> {
    fn suggest(&mut self, cards: &CardSet, seat: Seat) -> Result<Vec<Card>, Left> {
        if let Some(player) = self.computers[seat.index()].as_mut() {
            return Ok(player.suggest(cards));
        }
        // The turn being played (the referee announces it once suggested).
        self.turn += 1;
        self.io
            .say("Your turn: suggest one card of each category.\n");
        match self.ask(&Ask::Suggest, "suggest> ")? {
            Entry::Cards(named) => Ok(named),
            _ => Err(Left),
        }
    }

    fn show(
        &mut self,
        cards: &CardSet,
        seat: Seat,
        suggester: Seat,
        eligible: &[Card],
    ) -> Result<Card, Left> {
        if let Some(player) = self.computers[seat.index()].as_mut() {
            return Ok(player.show(cards, suggester, eligible));
        }
        if let [card] = eligible[..] {
            return Ok(card);
        }
        self.io.say(&format!(
            "Seat {suggester} asks you to show one of: {}.\n",
            names(cards, eligible).join(", ")
        ));
        match self.ask(&Ask::Show(eligible.to_vec()), "show> ")? {
            Entry::Cards(shown) if shown.len() == 1 => Ok(shown[0]),
            _ => Err(Left),
        }
    }

    fn observe(&mut self, cards: &CardSet, seat: Seat, answer: &Answer<'_>) {
        if let Some(player) = self.computers[seat.index()].as_mut() {
            return player.observe(cards, answer);
        }
        let named: Vec<usize> = answer.cards.iter().map(|card| card.index()).collect();
        for passer in answer.passes {
            let _ = self.knowledge.lacks_all(passer.index(), &named);
        }
        if let Some(shower) = answer.shower {
            let _ = match answer.shown {
                Some(card) => self.knowledge.holds(shower.index(), card.index()),
                None => self.knowledge.holds_one_of(shower.index(), &named),
            };
        }
    }

    fn accuse(&mut self, cards: &CardSet, seat: Seat) -> Result<Option<Vec<Card>>, Left> {
        if let Some(player) = self.computers[seat.index()].as_mut() {
            return Ok(player.accuse(cards));
        }
        self.io
            .say("Accuse now? One card of each category, or `no` to go on.\n");
        match self.ask(&Ask::Accuse, "accuse> ")? {
            Entry::Cards(accused) => Ok(Some(accused)),
            _ => Ok(None),
        }
    }

    fn observe_accusation(
        &mut self,
        cards: &CardSet,
        seat: Seat,
        accuser: Seat,
        accusation: &[Card],
    ) {
        if let Some(player) = self.computers[seat.index()].as_mut() {
            return player.observe_accusation(cards, accuser, accusation);
        }
        let accusation: Vec<usize> = accusation.iter().map(|card| card.index()).collect();
        let _ = self.knowledge.not_envelope(&accusation);
    }

    /// Tells the person what their seat sees of `event`: the deal's last
    /// hand brings their own hand and the hand sizes, the deal nothing else.
    fn announce(&mut self, _cards: &CardSet, event: &Event<'_>) {
        if let Event::Suggested { turn, .. } = *event {
            self.turn = turn;
        }
        let text = match self.witness.see(event) {
            Some(seen) => {
                let line = view::line(self.cards, self.me, &seen);
                self.io.events.push(seen);
                line
            }
            None => match *event {
                Event::Hand(seat, _) if seat.index() + 1 == self.hand_sizes.len() => {
                    format!("{}Type `help` for the commands.\n", self.hand())
                }
                _ => String::new(),
            },
        };
        self.io.say(&text);
    }
}
