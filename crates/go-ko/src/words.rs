//! Go's facts in English, for a page to show: how the judge reaches its
//! verdict on a stone ([`Explanation`]), a position's move, a replayed
//! node and where it stands in its game, the capture counts.
//!
//! Every sentence is built from go-ko's own values (its groups, verdicts
//! and replay reports), in time linear in the points it names.

use std::io::Read;

use judge_io::{Error, Input};

use super::board::{Board, Group, Groups, Scope, Stone, Whose};
use super::coords::name_of;
use super::sgf::{replay_observed, Follow, FollowedNode, GameReport, SgfOptions};
use super::{Position, Trace, Verdict};

/// How the judge decides on a stone put on a point: the group the stone
/// joins once down and its liberties, then each opponent group next to it
/// and its liberties (none: captured, `K.O.`), then the same in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explanation {
    /// The stone's point, `row * cols + col`.
    pub stone: usize,
    /// Its colour.
    pub colour: Stone,
    /// The group it joins once down, and that group's liberties.
    pub own: Group,
    /// Each opponent group next to it, as [`Groups::enemies`].
    pub enemies: Vec<Group>,
    /// The heading: what is put down, and in which order it is searched.
    pub heading: String,
    /// One sentence for each opponent group (or one saying there is none),
    /// then one for the stone's own group.
    pub items: Vec<String>,
}

impl Explanation {
    /// The explanation of `groups`, found for `stone` put on `point` of a
    /// board of `rows` x `cols` (by [`crate::groups`] or
    /// [`crate::Game::groups`]).
    ///
    /// # Complexity
    ///
    /// Linear in the groups' stones and liberties.
    pub fn new(
        groups: &Groups,
        point: usize,
        stone: Stone,
        rows: usize,
        cols: usize,
    ) -> Explanation {
        let names = |points: &[usize]| -> String {
            let names: Vec<String> = points.iter().map(|&p| name_of(p, rows, cols)).collect();
            names.join(", ")
        };
        let stones = |n: usize| match n {
            1 => "1 stone".to_string(),
            n => format!("{n} stones"),
        };
        let liberties = |points: &[usize]| match points.len() {
            0 => "no liberty".to_string(),
            1 => format!("1 liberty ({})", names(points)),
            n => format!("{n} liberties ({})", names(points)),
        };
        let colour = stone.word().to_lowercase();
        let enemy = stone.opponent().word().to_lowercase();
        let mut items: Vec<String> = groups
            .enemies
            .iter()
            .map(|group| {
                let captured = if group.liberties.is_empty() {
                    ": captured (K.O.)"
                } else {
                    ""
                };
                format!(
                    "A {enemy} group of {} ({}) next to it has {}{captured}.",
                    stones(group.stones.len()),
                    names(&group.stones),
                    liberties(&group.liberties)
                )
            })
            .collect();
        if groups.enemies.is_empty() {
            items.push(format!("No {enemy} group touches it."));
        }
        let own = &groups.own;
        let dead = if own.liberties.is_empty() {
            ": Suicide, unless it captures"
        } else {
            ""
        };
        items.push(format!(
            "With the stone down, its {colour} group of {} ({}) has {}{dead}.",
            stones(own.stones.len()),
            names(&own.stones),
            liberties(&own.liberties)
        ));
        let heading = format!(
            "How it's solved: {colour} {} is put down; each {enemy} group next to it is searched for a liberty first (capture comes before suicide), then its own group.",
            name_of(point, rows, cols)
        );
        Explanation {
            stone: point,
            colour: stone,
            own: own.clone(),
            enemies: groups.enemies.clone(),
            heading,
            items,
        }
    }
}

impl Trace {
    /// One sentence for each step, on a board of `rows` x `cols`: `Step k
    /// of n:`, what the search looked at and what it found; the last one
    /// also says the verdict.
    ///
    /// # Complexity
    ///
    /// Linear in the points the steps name.
    pub fn said(&self, rows: usize, cols: usize) -> Vec<String> {
        let names = |points: &[usize]| -> String {
            let names: Vec<String> = points.iter().map(|&p| name_of(p, rows, cols)).collect();
            names.join(", ")
        };
        let colour = self.stone.word().to_lowercase();
        let enemy = self.stone.opponent().word().to_lowercase();
        let count = self.steps.len();
        (1..)
            .zip(&self.steps)
            .map(|(k, step)| {
                let (stones, liberties) = (names(&step.stones), names(&step.liberties));
                let group = match step.stones.len() {
                    1 => format!("group of 1 stone ({stones})"),
                    n => format!("group of {n} stones ({stones})"),
                };
                let found = match step.liberties.len() {
                    0 => "no liberty".to_string(),
                    1 => format!("1 liberty ({liberties})"),
                    n => format!("{n} liberties ({liberties})"),
                };
                let what = match (step.whose, step.scope) {
                    (Whose::Opponent, Scope::Stone) => format!(
                        "{enemy} {stones} next to the stone has an empty point beside it ({liberties}), so its group has a liberty: not searched further."
                    ),
                    (Whose::Opponent, Scope::Group) if step.liberties.is_empty() => format!(
                        "the {enemy} {group} next to the stone is searched whole: no liberty, so it is captured."
                    ),
                    (Whose::Opponent, Scope::Group) => format!(
                        "the {enemy} {group} next to the stone is searched whole: {found}, so it is not captured."
                    ),
                    (Whose::Own, Scope::Stone) => format!(
                        "nothing is captured, so its own group is looked at: {colour} {stones} has an empty point beside it ({liberties}), a liberty."
                    ),
                    (Whose::Own, Scope::Group) => format!(
                        "nothing is captured, so its own {colour} {group} is searched whole: {found}."
                    ),
                };
                let verdict = match (k == count, self.verdict) {
                    (false, _) => String::new(),
                    (true, Verdict::Capture) => {
                        " Verdict: K.O. (a capture comes first: its own group is not searched).".to_string()
                    }
                    (true, verdict) => format!(" Verdict: {verdict}."),
                };
                format!("Step {k} of {count}: {what}{verdict}")
            })
            .collect()
    }
}

/// The capture counts in words: `Captured: black 1 · white 0`.
pub fn captured_line(by_black: u64, by_white: u64) -> String {
    format!("Captured: black {by_black} · white {by_white}")
}

/// What stands in for the board after a move when it is too large to show:
/// the verdict, then why the board is left out.
pub fn unshown(verdict: Verdict, rows: usize, cols: usize) -> String {
    format!("{verdict}\n(the board after, {rows}×{cols}, is too large to show)")
}

impl Position {
    /// The move in words, `Black on row 3, column 3`, with the point's name
    /// after it when `named` (` (D6)`).
    pub fn turn(&self, named: bool) -> String {
        let mv = self.mv;
        let name = match named {
            true => {
                let (rows, cols) = (self.board.rows(), self.board.cols());
                format!(" ({})", name_of(mv.row * cols + mv.col, rows, cols))
            }
            false => String::new(),
        };
        let colour = mv.stone.word();
        format!("{colour} on row {}, column {}{name}", mv.row, mv.col)
    }
}

impl FollowedNode {
    /// The node in words: its move (`Black D4.`, by its point's index as
    /// `Black at 30.` unless `named`, `Black passes.`), `Setup.` for a node
    /// that changed the board without a move, or nothing.
    pub fn said(&self, rows: usize, cols: usize, named: bool) -> String {
        match self.mv {
            None if self.changes.is_empty() => String::new(),
            None => "Setup.".to_string(),
            Some((stone, None)) => format!("{} passes.", stone.word()),
            Some((stone, Some(point))) if named => {
                format!("{} {}.", stone.word(), name_of(point, rows, cols))
            }
            Some((stone, Some(point))) => format!("{} at {point}.", stone.word()),
        }
    }

    /// The last move's line, `Last move: Black D4.` (see [`Self::said`]),
    /// or nothing for a node without a move.
    pub fn turn(&self, rows: usize, cols: usize, named: bool) -> String {
        match self.mv {
            Some(_) => format!("Last move: {}", self.said(rows, cols, named)),
            None => String::new(),
        }
    }
}

/// The line a followed game's replay ends on, and whether it is an error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ending {
    /// The game's line, or the error.
    pub said: String,
    /// Whether the replay stopped at an illegal move or an error.
    pub error: bool,
}

/// A collection replayed for a viewer that follows one of its games: each
/// game's line, the followed game's nodes and final board, and the line
/// its replay ends on.
#[derive(Debug, Clone)]
pub struct Viewed {
    /// Each game's line as `--sgf` prints it (none after an error).
    pub games: Vec<String>,
    /// The `error: ...` line the terminal prints instead of any output.
    pub error: Option<String>,
    /// The followed game, node by node.
    pub follow: Follow,
    /// The followed game's final board, when `--sgf` printed one.
    pub final_board: Option<Board>,
    /// The line at its last node ([`Follow::ending`]).
    pub ending: Ending,
}

impl Viewed {
    /// Replays the collection of `input` as `--sgf` with `options`,
    /// following game `game` (from 1) for at most `max_nodes` nodes.
    ///
    /// # Errors
    ///
    /// The collection, replayed without error, holds fewer games than
    /// `game`. (A replay's error is the answer's [`Viewed::error`].)
    ///
    /// # Complexity
    ///
    /// As [`crate::replay_observed`] with a [`Follow`]: a board copy per
    /// followed node.
    pub fn replay<R: Read>(
        input: &mut Input<R>,
        options: &SgfOptions,
        game: u64,
        max_nodes: usize,
    ) -> Result<Viewed, Error> {
        let mut follow = Follow::new(game, max_nodes);
        let (reports, error) = match replay_observed(input, options, &mut follow) {
            Ok(reports) => (reports, None),
            Err(error) => (Vec::new(), Some(format!("error: {error}"))),
        };
        let games: Vec<String> = reports.iter().map(ToString::to_string).collect();
        if error.is_none() && game > games.len() as u64 {
            return Err(Error::input(format!(
                "the record holds {} games, there is no game {game}",
                games.len()
            )));
        }
        let followed = usize::try_from(game - 1).ok().and_then(|k| reports.get(k));
        let final_board = match followed {
            Some(GameReport::Finished(finished)) => finished.board.clone(),
            _ => None,
        };
        let line = followed.map(ToString::to_string);
        let ending = follow.ending(error.as_deref(), line.as_deref());
        Ok(Viewed {
            games,
            error,
            follow,
            final_board,
            ending,
        })
    }

    /// The names of the games begun ([`Follow::choices`]).
    pub fn choices(&self) -> Vec<String> {
        self.follow.choices(&self.games)
    }
}

impl Follow {
    /// Where node `index` (from 0) stands in the followed game:
    /// `Move 3 · node 4 of 9`, and whether the viewer stopped early.
    pub fn step(&self, index: usize) -> String {
        let note = match self.truncated {
            true => format!(
                " (the viewer stops at {} nodes; the line below is the whole game's)",
                self.nodes.len()
            ),
            false => String::new(),
        };
        let (moves, of) = (self.moves_at(index), self.nodes.len());
        format!("Move {moves} · node {} of {of}{note}", index + 1)
    }

    /// The same as [`Self::step`], shorter: `node 4 of 9, move 3`.
    pub fn value(&self, index: usize) -> String {
        let (moves, of) = (self.moves_at(index), self.nodes.len());
        format!("node {} of {of}, move {moves}", index + 1)
    }

    /// The names of the games begun, by number: `games` (each game's line)
    /// as far as it goes, then `game K`.
    pub fn choices(&self, games: &[String]) -> Vec<String> {
        let count = self.started.max(games.len() as u64);
        (1..=count)
            .map(|k| {
                let named = usize::try_from(k - 1).ok().and_then(|k| games.get(k));
                named.cloned().unwrap_or_else(|| format!("game {k}"))
            })
            .collect()
    }

    /// The line at the followed game's last node: its own `line` (as
    /// `--sgf` prints it), unless the replay stopped with `error` there (at
    /// an illegal move, or before the game's line).
    pub fn ending(&self, error: Option<&str>, line: Option<&str>) -> Ending {
        let (said, error) = match (self.nodes.last(), error) {
            (None, error) => (error.unwrap_or("(no node)"), error.is_some()),
            (Some(node), Some(error)) if node.illegal.is_some() || line.is_none() => (error, true),
            (Some(node), _) => (line.unwrap_or_default(), node.illegal.is_some()),
        };
        Ending {
            said: said.to_string(),
            error,
        }
    }

    fn moves_at(&self, index: usize) -> u64 {
        self.nodes.get(index).map_or(0, |node| node.moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Game, Rules};

    #[test]
    fn a_capture_is_explained_group_by_group() {
        // White's lone stone at (1, 1) of a 3x3 board, its last liberty
        // (1, 2) taken by black.
        let mut game = Game::new(3, 3, Rules::SimpleKo);
        for (row, col, stone) in [
            (0, 1, Stone::Black),
            (1, 1, Stone::White),
            (1, 0, Stone::Black),
            (2, 1, Stone::Black),
        ] {
            game.play(Some((row, col)), stone).unwrap();
        }
        let groups = game.groups(1, 2, Stone::Black).unwrap();
        let explained = Explanation::new(&groups, 5, Stone::Black, 3, 3);
        assert_eq!(
            explained.items,
            [
                "A white group of 1 stone (B2) next to it has no liberty: captured (K.O.).",
                "With the stone down, its black group of 1 stone (C2) has 2 liberties (C3, C1).",
            ]
        );
        assert_eq!(explained.heading, "How it's solved: black C2 is put down; each white group next to it is searched for a liberty first (capture comes before suicide), then its own group.");
        assert_eq!((explained.stone, explained.colour), (5, Stone::Black));
        assert_eq!(
            explained.enemies,
            [Group {
                stones: vec![4],
                liberties: vec![]
            }]
        );
    }

    #[test]
    fn a_suicide_and_a_lone_stone_are_explained() {
        let mut game = Game::new(2, 2, Rules::SimpleKo);
        game.play(Some((0, 1)), Stone::Black).unwrap();
        game.play(Some((1, 0)), Stone::Black).unwrap();
        let groups = game.groups(0, 0, Stone::White).unwrap();
        let explained = Explanation::new(&groups, 0, Stone::White, 2, 2);
        assert_eq!(explained.items, [
            "A black group of 1 stone (B2) next to it has 1 liberty (B1).",
            "A black group of 1 stone (A1) next to it has 1 liberty (B1).",
            "With the stone down, its white group of 1 stone (A2) has no liberty: Suicide, unless it captures.",
        ]);
        let alone = Game::new(1, 2, Rules::SimpleKo)
            .groups(0, 0, Stone::Black)
            .unwrap();
        let explained = Explanation::new(&alone, 0, Stone::Black, 1, 2);
        assert_eq!(
            explained.items,
            [
                "No white group touches it.",
                "With the stone down, its black group of 1 stone (A1) has 1 liberty (B1).",
            ]
        );
    }

    #[test]
    fn positions_and_counts_are_said() {
        let position = crate::parse(&mut judge_io::Input::new(&b"...\n...\n1 2 O\n"[..])).unwrap();
        assert_eq!(position.turn(true), "White on row 1, column 2 (C1)");
        assert_eq!(position.turn(false), "White on row 1, column 2");
        assert_eq!(captured_line(3, 0), "Captured: black 3 · white 0");
        assert_eq!(
            unshown(Verdict::Safe, 1, 9),
            "Safe\n(the board after, 1×9, is too large to show)"
        );
    }

    fn node(mv: Option<(Stone, Option<usize>)>, changes: usize, moves: u64) -> FollowedNode {
        FollowedNode {
            changes: vec![(0, Some(Stone::Black)); changes],
            mv,
            captured_by_black: 0,
            captured_by_white: 0,
            moves,
            comment: String::new(),
            illegal: None,
        }
    }

    #[test]
    fn nodes_and_their_place_are_said() {
        let moved = node(Some((Stone::Black, Some(7))), 1, 1);
        assert_eq!(moved.said(3, 3, true), "Black B1.");
        assert_eq!(moved.said(3, 3, false), "Black at 7.");
        assert_eq!(moved.turn(3, 3, true), "Last move: Black B1.");
        assert_eq!(
            node(Some((Stone::White, None)), 0, 2).said(3, 3, true),
            "White passes."
        );
        assert_eq!(node(None, 2, 0).said(3, 3, true), "Setup.");
        assert_eq!(
            (
                node(None, 0, 0).said(3, 3, true),
                node(None, 2, 0).turn(3, 3, true)
            ),
            (String::new(), String::new())
        );
        let mut follow = Follow::new(1, 2);
        follow.nodes = vec![node(None, 2, 0), moved];
        assert_eq!(
            (follow.step(1), follow.value(1)),
            (
                "Move 1 · node 2 of 2".to_string(),
                "node 2 of 2, move 1".to_string()
            )
        );
        follow.truncated = true;
        assert_eq!(follow.step(0), "Move 0 · node 1 of 2 (the viewer stops at 2 nodes; the line below is the whole game's)");
        follow.started = 3;
        assert_eq!(
            follow.choices(&["game 1: 1 moves".to_string()]),
            ["game 1: 1 moves", "game 2", "game 3"]
        );
    }

    #[test]
    fn a_viewed_replay_keeps_the_lines_the_board_and_the_ending() {
        let view = |record: &[u8], game, keep_going| {
            let options = SgfOptions {
                keep_going,
                ..SgfOptions::default()
            };
            Viewed::replay(&mut Input::new(record), &options, game, 10)
        };
        let record = b"(;SZ[3];B[aa];W[aa])(;SZ[3];B[bb])";
        let failed = view(record, 1, false).unwrap();
        let error = "error: game 1, move 2 (W[aa]): the point is occupied";
        assert_eq!(
            (failed.games.len(), failed.error.as_deref()),
            (0, Some(error))
        );
        assert_eq!(
            failed.ending,
            Ending {
                said: error.to_string(),
                error: true
            }
        );
        assert_eq!(failed.choices(), ["game 1"]);
        let kept = view(record, 2, true).unwrap();
        assert_eq!(
            kept.games,
            [
                "game 1, move 2 (W[aa]): the point is occupied",
                "game 2: 1 moves, black captured 0, white captured 0"
            ]
        );
        assert_eq!(
            kept.final_board.map(|board| board.text()).as_deref(),
            Some("....X....")
        );
        assert_eq!(
            kept.ending,
            Ending {
                said: kept.games[1].clone(),
                error: false
            }
        );
        assert_eq!(kept.follow.nodes.len(), 2);
        let missing = view(record, 3, true).unwrap_err();
        assert_eq!(
            missing.to_string(),
            "the record holds 2 games, there is no game 3"
        );
    }

    #[test]
    fn a_replay_ends_on_its_line_or_its_error() {
        let mut follow = Follow::new(1, 10);
        let ending = |follow: &Follow, error, line| {
            let Ending { said, error } = follow.ending(error, line);
            (said, error)
        };
        assert_eq!(
            ending(&follow, None, None),
            ("(no node)".to_string(), false)
        );
        assert_eq!(
            ending(&follow, Some("error: x"), None),
            ("error: x".to_string(), true)
        );
        follow.nodes.push(node(None, 1, 0));
        assert_eq!(
            ending(&follow, Some("error: x"), None),
            ("error: x".to_string(), true)
        );
        assert_eq!(
            ending(&follow, Some("error: x"), Some("game 1: 0 moves")),
            ("game 1: 0 moves".to_string(), false)
        );
    }
}
