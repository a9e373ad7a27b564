//! The state graph of one game, as the classic figure draws it: every state
//! a game from its start can visit, by its distance from the start, and the
//! crossings between them.
//!
//! A game visits exactly the states reachable from its start by safe
//! crossings without passing through the goal (the game ends there). One
//! breadth-first search from the start, the search of
//! [`Distances`](super::Distances) started elsewhere (the goal reached but
//! not searched from), gives each such state its distance from the start.
//! The boat changes banks at every crossing, and the layers alternate
//! banks, so the two ends of a crossing always lie in different layers:
//! next to each other, as a breadth-first search puts them, except for a
//! crossing to the goal, which is not searched from and so may be reached
//! earlier than a neighbour of it.

use super::distances::{bank_index, is_reached, search_from, Grid, Strategy};
use super::{Bank, Puzzle, State};

/// The states a game from its start can visit, each at its distance from
/// the start (see the module docs).
///
/// # Complexity
///
/// [`StateGraph::new`] is one search of the whole puzzle, as
/// [`Distances::new`](super::Distances::new); [`StateGraph::states`] looks
/// once at each of the `2 (P + 1) (D + 1)` states, and
/// [`StateGraph::crossings`] at each state one crossing away from each
/// state of the graph.
///
/// ```
/// use river_crossing::{Bank, Puzzle, State, StateGraph};
///
/// let puzzle = Puzzle { priests: 3, devils: 3, capacity: 2 };
/// let graph = StateGraph::new(puzzle, State::start(&puzzle));
/// // The classic figure: 15 states in 12 layers, the goal 11 crossings away.
/// assert_eq!(graph.layer_sizes(), [1, 3, 1, 1, 1, 1, 1, 1, 1, 1, 2, 1]);
/// let goal = State { left_priests: 0, left_devils: 0, boat: Bank::Right };
/// assert_eq!(graph.layer(goal), Some(11));
/// assert_eq!(graph.crossings().len(), 16);
/// ```
#[derive(Debug, Clone)]
pub struct StateGraph {
    grid: Grid,
    /// `from_start[bank_index(B)][grid.index(p, d)]`: the crossings from
    /// the start to `(p, d, B)`, when [`is_reached`].
    from_start: [Vec<u32>; 2],
    /// How many states lie at each distance from the start.
    layer_sizes: Vec<usize>,
}

impl StateGraph {
    /// Searches the states a game of `puzzle` from `start` can visit. A
    /// start already lost, or the goal, is the graph's only state.
    ///
    /// # Panics
    ///
    /// When `start` has more people on the left bank than the puzzle has.
    pub fn new(puzzle: Puzzle, start: State) -> StateGraph {
        let grid = Grid::new(puzzle);
        let (priests, devils) = (start.left_priests, start.left_devils);
        let from_start = if is_safe(grid, start) {
            let goal = (Bank::Right, 0, 0);
            search_from(
                grid,
                (start.boat, priests, devils),
                Some(goal),
                Strategy::Cheaper,
            )
        } else {
            // Lost: no crossing may follow.
            let mut alone = [vec![u32::MAX; grid.cells()], vec![u32::MAX; grid.cells()]];
            alone[bank_index(start.boat)][grid.index(priests, devils)] = 0;
            alone
        };
        let mut layer_sizes = Vec::new();
        for &distance in from_start.iter().flatten() {
            if is_reached(distance) {
                let layer = distance as usize;
                if layer_sizes.len() <= layer {
                    layer_sizes.resize(layer + 1, 0);
                }
                layer_sizes[layer] += 1;
            }
        }
        StateGraph {
            grid,
            from_start,
            layer_sizes,
        }
    }

    /// How many states lie at each distance from the start (the first is
    /// the start alone).
    pub fn layer_sizes(&self) -> &[usize] {
        &self.layer_sizes
    }

    /// How many states a game can visit.
    pub fn len(&self) -> usize {
        self.layer_sizes.iter().sum()
    }

    /// Whether the graph has no state: never, as the start is one.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The crossings from the start to `state`, or `None` when no game from
    /// the start visits it (or it lies outside the puzzle).
    pub fn layer(&self, state: State) -> Option<u32> {
        if state.left_priests > self.grid.priests || state.left_devils > self.grid.devils {
            return None;
        }
        let index = self.grid.index(state.left_priests, state.left_devils);
        let distance = self.from_start[bank_index(state.boat)][index];
        is_reached(distance).then_some(distance)
    }

    /// Every state of the graph, by distance from the start, then by left
    /// priests, left devils and the boat's bank.
    pub fn states(&self) -> Vec<State> {
        let mut states = Vec::with_capacity(self.len());
        for left_priests in 0..=self.grid.priests {
            for left_devils in 0..=self.grid.devils {
                for boat in [Bank::Left, Bank::Right] {
                    let state = State {
                        left_priests,
                        left_devils,
                        boat,
                    };
                    if self.layer(state).is_some() {
                        states.push(state);
                    }
                }
            }
        }
        states.sort_by_key(|&state| (self.layer(state), state));
        states
    }

    /// Every pair of the graph's states joined by a crossing, once: the
    /// nearer to the start first, in the order of [`StateGraph::states`]
    /// and then of the farther state.
    pub fn crossings(&self) -> Vec<(State, State)> {
        let mut crossings = Vec::new();
        for state in self.states() {
            let layer = self.layer(state);
            crossings.extend(
                self.neighbours(state)
                    .into_iter()
                    .filter(|&next| self.layer(next).map_or(false, |next| Some(next) > layer))
                    .map(|next| (state, next)),
            );
        }
        crossings
    }

    /// How many states lie one crossing away from `state` (every one of
    /// them safe; none from a lost state), without listing them.
    pub fn neighbour_count(&self, state: State) -> usize {
        let mut count = 0;
        if !is_safe(self.grid, state) {
            return 0;
        }
        self.grid.for_each_move_column(
            state.boat,
            state.left_priests,
            state.left_devils,
            |_, low, high| {
                count += high + 1 - low;
                true
            },
        );
        count
    }

    /// The states one crossing away from `state`, by left priests, then
    /// left devils (their boat on the other bank); none from a lost state.
    pub fn neighbours(&self, state: State) -> Vec<State> {
        self.first_neighbours(state, usize::MAX)
    }

    /// The first `most` of [`StateGraph::neighbours`], so that a state with
    /// a great many of them costs only what is listed.
    pub fn first_neighbours(&self, state: State, most: usize) -> Vec<State> {
        let mut neighbours = Vec::new();
        if !is_safe(self.grid, state) {
            return neighbours;
        }
        self.grid.for_each_move(state, |next| {
            if neighbours.len() == most {
                return false;
            }
            neighbours.push(next);
            true
        });
        neighbours
    }
}

/// Whether no bank of `state` has its priests outnumbered (and the state
/// lies inside the puzzle).
fn is_safe(grid: Grid, state: State) -> bool {
    let (low, high) = grid.safe_devils(state.left_priests);
    state.left_priests <= grid.priests && (low..=high).contains(&state.left_devils)
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet, VecDeque};

    use super::*;

    fn safe(puzzle: Puzzle, state: State) -> bool {
        let (p, d) = (state.left_priests, state.left_devils);
        let (right_p, right_d) = (puzzle.priests - p, puzzle.devils - d);
        (p == 0 || p >= d) && (right_p == 0 || right_p >= right_d)
    }

    /// The states one crossing from `state`, by trying every load.
    fn moves(puzzle: Puzzle, state: State) -> Vec<State> {
        let mut targets = Vec::new();
        let (on_p, on_d) = match state.boat {
            Bank::Left => (state.left_priests, state.left_devils),
            Bank::Right => (
                puzzle.priests - state.left_priests,
                puzzle.devils - state.left_devils,
            ),
        };
        for a in 0..=on_p {
            for b in 0..=on_d {
                if a + b == 0 || a + b > puzzle.capacity {
                    continue;
                }
                let next = match state.boat {
                    Bank::Left => State {
                        left_priests: state.left_priests - a,
                        left_devils: state.left_devils - b,
                        boat: Bank::Right,
                    },
                    Bank::Right => State {
                        left_priests: state.left_priests + a,
                        left_devils: state.left_devils + b,
                        boat: Bank::Left,
                    },
                };
                if safe(puzzle, next) {
                    targets.push(next);
                }
            }
        }
        targets.sort();
        targets
    }

    /// The brute force: a breadth-first search from `start` over every load,
    /// the goal not searched from, a lost start not either.
    fn layers(puzzle: Puzzle, start: State) -> BTreeMap<State, u32> {
        let goal = State {
            left_priests: 0,
            left_devils: 0,
            boat: Bank::Right,
        };
        let mut seen = BTreeMap::from([(start, 0)]);
        let mut queue = VecDeque::from([start]);
        while let Some(state) = queue.pop_front() {
            if state == goal || !safe(puzzle, state) {
                continue;
            }
            for next in moves(puzzle, state) {
                if !seen.contains_key(&next) {
                    seen.insert(next, seen[&state] + 1);
                    queue.push_back(next);
                }
            }
        }
        seen
    }

    fn every_state(puzzle: Puzzle) -> Vec<State> {
        let mut states = Vec::new();
        for left_priests in 0..=puzzle.priests {
            for left_devils in 0..=puzzle.devils {
                for boat in [Bank::Left, Bank::Right] {
                    states.push(State {
                        left_priests,
                        left_devils,
                        boat,
                    });
                }
            }
        }
        states
    }

    #[test]
    fn the_graph_is_the_brute_force_search_on_every_small_game() {
        for priests in 0..=6 {
            for devils in 0..=6 {
                for capacity in 1..=5 {
                    let puzzle = Puzzle {
                        priests,
                        devils,
                        capacity,
                    };
                    for start in every_state(puzzle) {
                        let expected = layers(puzzle, start);
                        let graph = StateGraph::new(puzzle, start);
                        let context = format!("{puzzle:?} from {start:?}");
                        for state in every_state(puzzle) {
                            assert_eq!(
                                graph.layer(state),
                                expected.get(&state).copied(),
                                "{context}: {state:?}"
                            );
                        }
                        let mut by_layer: Vec<(u32, State)> = expected
                            .iter()
                            .map(|(&state, &layer)| (layer, state))
                            .collect();
                        by_layer.sort();
                        let states: Vec<State> = by_layer.iter().map(|&(_, state)| state).collect();
                        assert_eq!(graph.states(), states, "{context}");
                        let mut sizes =
                            vec![0; by_layer.last().map_or(0, |&(layer, _)| layer as usize + 1)];
                        for &(layer, _) in &by_layer {
                            sizes[layer as usize] += 1;
                        }
                        assert_eq!(graph.layer_sizes(), sizes, "{context}");
                        assert_eq!(graph.len(), states.len());
                        // Every pair of states of the graph a crossing joins,
                        // once.
                        let mut pairs = BTreeSet::new();
                        for &state in &states {
                            for next in moves(puzzle, state) {
                                if expected.contains_key(&next) {
                                    let pair = if expected[&state] < expected[&next] {
                                        (state, next)
                                    } else {
                                        (next, state)
                                    };
                                    pairs.insert(pair);
                                }
                            }
                        }
                        let crossings = graph.crossings();
                        let listed: BTreeSet<(State, State)> = crossings.iter().copied().collect();
                        assert_eq!(listed.len(), crossings.len(), "{context}: listed twice");
                        assert_eq!(listed, pairs, "{context}");
                        if !safe(puzzle, start) {
                            assert!(graph.neighbours(start).is_empty(), "{context}");
                            assert_eq!(graph.neighbour_count(start), 0, "{context}");
                        } else {
                            assert_eq!(graph.neighbours(start), moves(puzzle, start), "{context}");
                            assert_eq!(graph.neighbour_count(start), moves(puzzle, start).len());
                            let first = graph.first_neighbours(start, 2);
                            assert_eq!(first[..], moves(puzzle, start)[..first.len()]);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn a_large_river_is_searched_at_once() {
        let puzzle = Puzzle {
            priests: 1000,
            devils: 1000,
            capacity: 4,
        };
        let graph = StateGraph::new(puzzle, State::start(&puzzle));
        let goal = State {
            left_priests: 0,
            left_devils: 0,
            boat: Bank::Right,
        };
        assert_eq!(graph.layer(goal), Some(1997));
        assert!(graph.len() > 4000);
    }
}
