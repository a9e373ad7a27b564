//! The distance of every state to the goal, by one breadth-first search from
//! the goal over the (undirected) graph of safe states, and the canonical
//! next step read off those distances.
//!
//! A move from a bank takes people away from that bank, so, counted on the
//! bank the boat leaves, the state after the move is at most the state before
//! in both coordinates, and at most C people smaller in sum. Seen from the
//! left bank this means: from `(p, d, L)` the boat reaches exactly the states
//! `(p', d', R)` with `p' <= p`, `d' <= d`, `(p', d') != (p, d)` and
//! `p' + d' >= p + d - C` (a right triangle of side C below the state), and
//! from `(p, d, R)` the mirror image above it. Both searches below work in the
//! coordinates of the bank the boat leaves ("mirrored" for the right bank:
//! `(P - p, D - d)`), so that one piece of code serves both directions.
//!
//! Each layer of the search is expanded in whichever of two ways is cheaper:
//!
//! - state by state: for each frontier state, every column `p'` of its
//!   triangle holds one interval of `d'`; a "next unvisited" union-find per
//!   column lists the unvisited safe states of that interval, each in amortised
//!   near-constant time, and removes them. Cost: one find per column, at most
//!   C + 1 columns per state, plus one step per state found;
//! - all at once: a sweep computes, for every cell, the smallest `p + d`
//!   among frontier states that dominate it (a running minimum in two
//!   directions); an unvisited safe state is reached exactly when that
//!   minimum, over frontier states other than itself, is at most its own
//!   `p' + d'` plus C. The sweep covers only the window where the layer's
//!   crossings can start or end: from the frontier's largest coordinates down
//!   to C below its smallest. Cost: one pass over the window's cells.
//!
//! Small layers (most of them when C is small) go state by state; the few big
//! layers of a large capacity go through the sweep.

use super::{Bank, Hint, Puzzle, State};

/// A safe state not reached (yet).
const UNREACHED: u32 = u32::MAX;
/// A state where devils outnumber priests on a bank: never entered.
const UNSAFE: u32 = u32::MAX - 1;
/// The stop state of [`search_from`] while its own layer is expanded:
/// reached, but neither unreached nor in the layer.
const HELD: u32 = u32::MAX - 2;

/// Whether a distance of [`search_from`] is one (the state was reached).
pub(crate) fn is_reached(distance: u32) -> bool {
    distance < HELD
}
/// Larger than any `p + d + C` (all at most 3000), smaller than overflow.
const NONE_DOMINATES: usize = usize::MAX / 2;
/// How many grid cells the sweep handles in the time of one union-find
/// query of the state-by-state expansion (measured, roughly).
const CELLS_PER_QUERY: usize = 4;

/// The number of crossings from every state to the goal (everyone on the
/// right bank), for one puzzle.
///
/// # Complexity
///
/// Memory: two 32-bit words per state (`2 (P + 1) (D + 1)` states), a
/// distance and a union-find link, plus one layer of the search. Time: each
/// layer of the search costs the smaller of the cells of its window (at most
/// `(P + 1) (D + 1)`) and about `CELLS_PER_QUERY` times the number of columns
/// its states' triangles cover, plus near-constant time per state found.
#[derive(Debug, Clone)]
pub struct Distances {
    grid: Grid,
    /// `dist[bank][grid.index(p, d)]`: crossings to the goal, or
    /// [`UNREACHED`], or [`UNSAFE`]. Indexed by [`bank_index`]. Both empty
    /// when the goal itself is lost.
    dist: [Vec<u32>; 2],
}

impl Distances {
    /// Searches the whole state space of `puzzle` from the goal.
    pub fn new(puzzle: Puzzle) -> Distances {
        let grid = Grid::new(puzzle);
        let dist = search(grid, Strategy::Cheaper);
        Distances { grid, dist }
    }

    /// The fewest crossings from `state` to the goal; `None` when the goal
    /// cannot be reached (or `state` lies outside the puzzle). A state with
    /// everyone on the right bank is the goal itself, wherever the boat is,
    /// unless the priests there are outnumbered.
    pub fn distance(&self, state: State) -> Option<u32> {
        let (p, d) = (state.left_priests, state.left_devils);
        if p > self.grid.priests || d > self.grid.devils {
            return None;
        }
        if p == 0 && d == 0 {
            return self.grid.goal_is_safe().then_some(0);
        }
        let index = self.grid.index(p, d);
        // Empty when the goal is lost (0 < P < D).
        let dist = *self.dist[bank_index(state.boat)].get(index)?;
        (dist < UNSAFE).then_some(dist)
    }

    /// The fewest crossings from `state` and the canonical next state (the
    /// state itself at the goal); `None` when there is no plan. This is
    /// [`hint`](super::hint) on distances already searched, so that the game
    /// asks for many hints with one search.
    pub fn hint(&self, state: State) -> Option<Hint> {
        let crossings = self.distance(state)?;
        let next = self.next_state(state).unwrap_or(state);
        Some(Hint { crossings, next })
    }

    /// The canonical shortest plan from `state` to the goal, both included
    /// ([`solve`](super::solve) on distances already searched, so that the
    /// game can show the rest of the plan from wherever it stands); `None`
    /// when there is none.
    ///
    /// # Complexity
    ///
    /// For each crossing of the plan, at most one look at each state of the
    /// triangle of states one crossing away.
    pub fn plan(&self, state: State) -> Option<Vec<State>> {
        let crossings = self.distance(state)?;
        let mut plan = Vec::with_capacity(usize::try_from(crossings).map_or(0, |n| n + 1));
        plan.push(state);
        let mut state = state;
        while let Some(next) = self.next_state(state) {
            plan.push(next);
            state = next;
        }
        Some(plan)
    }

    /// The canonical next state on a shortest plan from `state`: among the
    /// states one crossing away and one crossing closer to the goal, the one
    /// with the fewest priests on the left bank, then the fewest devils.
    /// `None` at the goal and when there is no plan.
    pub fn next_state(&self, state: State) -> Option<State> {
        let distance = self.distance(state)?;
        let wanted = distance.checked_sub(1)?;
        let arrivals = &self.dist[bank_index(state.boat.other())];
        let mut found = None;
        self.grid.for_each_move(state, |next| {
            let arrives = arrivals[self.grid.index(next.left_priests, next.left_devils)];
            if arrives == wanted {
                found = Some(next);
            }
            found.is_none()
        });
        found
    }
}

pub(crate) fn bank_index(bank: Bank) -> usize {
    match bank {
        Bank::Left => 0,
        Bank::Right => 1,
    }
}

/// The sizes of one puzzle, as `usize` for indexing.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Grid {
    pub(crate) priests: usize,
    pub(crate) devils: usize,
    pub(crate) capacity: usize,
}

impl Grid {
    pub(crate) fn new(puzzle: Puzzle) -> Grid {
        Grid {
            priests: puzzle.priests,
            devils: puzzle.devils,
            capacity: puzzle.capacity,
        }
    }

    pub(crate) fn cells(&self) -> usize {
        (self.priests + 1) * (self.devils + 1)
    }

    pub(crate) fn index(&self, left_priests: usize, left_devils: usize) -> usize {
        left_priests * (self.devils + 1) + left_devils
    }

    /// Everyone on the right bank is safe: no priest there, or at least as
    /// many priests as devils. (Every other state's safety is
    /// [`safe_devils`](Grid::safe_devils).)
    fn goal_is_safe(&self) -> bool {
        self.priests == 0 || self.priests >= self.devils
    }

    /// The safe left-devil counts with `left_priests` priests on the left
    /// bank, as an inclusive interval (empty when `low > high`): the left
    /// bank needs `d <= p` unless `p = 0`, the right bank `D - d <= P - p`
    /// unless `p = P`.
    pub(crate) fn safe_devils(&self, left_priests: usize) -> (usize, usize) {
        let low = if left_priests == self.priests {
            0
        } else {
            (self.devils + left_priests).saturating_sub(self.priests)
        };
        let high = if left_priests == 0 {
            self.devils
        } else {
            self.devils.min(left_priests)
        };
        (low, high)
    }

    /// The priests and devils on the boat's bank: the state in the
    /// coordinates of the bank the boat leaves next.
    fn boat_bank(&self, boat: Bank, left_priests: usize, left_devils: usize) -> (usize, usize) {
        match boat {
            Bank::Left => (left_priests, left_devils),
            Bank::Right => (self.priests - left_priests, self.devils - left_devils),
        }
    }

    /// Calls `visit(next)` for every safe state `next` one crossing from
    /// `state`, by left priests, then left devils, while it returns true.
    pub(crate) fn for_each_move(&self, state: State, mut visit: impl FnMut(State) -> bool) {
        let boat = state.boat.other();
        self.for_each_move_column(
            state.boat,
            state.left_priests,
            state.left_devils,
            |left_priests, low, high| {
                (low..=high).all(|left_devils| {
                    visit(State {
                        left_priests,
                        left_devils,
                        boat,
                    })
                })
            },
        );
    }

    /// Calls `visit(column, low, high)` for every column `p'` (left priests
    /// after the crossing) that a crossing from `(p, d, boat)` can reach, in
    /// increasing order of `p'`, with the inclusive interval of left devils
    /// `d'` reachable in that column, cut to the safe ones; columns with no
    /// safe target are skipped. Stops when `visit` returns false.
    pub(crate) fn for_each_move_column(
        &self,
        boat: Bank,
        left_priests: usize,
        left_devils: usize,
        mut visit: impl FnMut(usize, usize, usize) -> bool,
    ) {
        let mirror = boat == Bank::Right;
        let (priests, devils) = self.boat_bank(boat, left_priests, left_devils);
        let first = priests.saturating_sub(self.capacity);
        for step in 0..=priests - first {
            // Priests left behind on the boat's bank; the mirror walks them
            // downwards so that left-bank columns come out in increasing order.
            let stay = if mirror { priests - step } else { first + step };
            // Devils left behind: at most all of them (one fewer when no
            // priest boards, as the boat never crosses empty) and at least as
            // many as keep the load within the capacity.
            let least = (priests + devils).saturating_sub(self.capacity + stay);
            let most = if stay == priests {
                match devils.checked_sub(1) {
                    Some(most) => most,
                    None => continue,
                }
            } else {
                devils
            };
            let (column, low, high) = if mirror {
                (self.priests - stay, self.devils - most, self.devils - least)
            } else {
                (stay, least, most)
            };
            let (safe_low, safe_high) = self.safe_devils(column);
            let (low, high) = (low.max(safe_low), high.min(safe_high));
            if low <= high && !visit(column, low, high) {
                return;
            }
        }
    }
}

/// Breadth-first search from the goal `(0, 0, R)`; returns the distances of
/// both banks' states (both empty when the goal itself is lost).
fn search(grid: Grid, strategy: Strategy) -> [Vec<u32>; 2] {
    if !grid.goal_is_safe() {
        // 0 < P < D: the goal itself is lost, so no state has a distance
        // (and no memory is needed to say so).
        return [Vec::new(), Vec::new()];
    }
    search_from(grid, GOAL, None, strategy)
}

/// The goal the search starts from, as `(bank, left priests, left devils)`.
const GOAL: (Bank, usize, usize) = (Bank::Right, 0, 0);

/// Breadth-first search from the safe state `source`, `(bank, left priests,
/// left devils)`; returns every state's distance from it, [`UNREACHED`] or
/// [`UNSAFE`]. The state `stop`, once reached, keeps its distance but is
/// not searched from (a game ends there).
pub(crate) fn search_from(
    grid: Grid,
    source: (Bank, usize, usize),
    stop: Option<(Bank, usize, usize)>,
    strategy: Strategy,
) -> [Vec<u32>; 2] {
    let mut dist = [Vec::new(), Vec::new()];
    for side in &mut dist {
        side.reserve_exact(grid.cells());
        for left_priests in 0..=grid.priests {
            let (low, high) = grid.safe_devils(left_priests);
            side.extend((0..=grid.devils).map(|left_devils| {
                if (low..=high).contains(&left_devils) {
                    UNREACHED
                } else {
                    UNSAFE
                }
            }));
        }
    }
    let mut unvisited = [Unvisited::new(grid), Unvisited::new(grid)];
    let (mut from, left_priests, left_devils) = source;
    dist[bank_index(from)][grid.index(left_priests, left_devils)] = 0;
    unvisited[bank_index(from)].remove(left_priests, left_devils);
    let mut frontier = vec![(left_priests, left_devils)];
    let mut layer = 0;
    while !frontier.is_empty() {
        // The stop state leaves the frontier, and while its layer is
        // expanded it does not count as one of the layer's states.
        let held = stop
            .filter(|&(bank, ..)| bank == from)
            .map(|(_, left_priests, left_devils)| grid.index(left_priests, left_devils))
            .filter(|&index| dist[bank_index(from)][index] == layer);
        if let Some(index) = held {
            frontier.retain(|&(left_priests, left_devils)| {
                grid.index(left_priests, left_devils) != index
            });
            dist[bank_index(from)][index] = HELD;
        }
        let queries: usize = frontier
            .iter()
            .map(|&(left_priests, left_devils)| {
                let (on_boat_bank, _) = grid.boat_bank(from, left_priests, left_devils);
                on_boat_bank.min(grid.capacity) + 1
            })
            .sum();
        let window = Window::around(grid, from, &frontier);
        let [left, right] = &mut dist;
        let (from_dist, to_dist) = match from {
            Bank::Left => (&*left, right),
            Bank::Right => (&*right, left),
        };
        let to_unvisited = &mut unvisited[bank_index(from.other())];
        let by_state = match strategy {
            Strategy::Cheaper => queries.saturating_mul(CELLS_PER_QUERY) <= window.cells(),
            Strategy::StateByState => true,
            Strategy::Sweep => false,
        };
        let next = if frontier.is_empty() {
            Vec::new()
        } else if by_state {
            expand_state_by_state(grid, from, &frontier, layer + 1, to_dist, to_unvisited)
        } else {
            expand_by_sweep(grid, from, window, from_dist, layer, to_dist, to_unvisited)
        };
        if let Some(index) = held {
            dist[bank_index(from)][index] = layer;
        }
        frontier = next;
        from = from.other();
        layer += 1;
    }
    dist
}

/// How the layers of the search are expanded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Strategy {
    /// Each layer the cheaper way (the solver's choice).
    Cheaper,
    /// Always state by state (tests only: too slow for large capacities).
    #[cfg_attr(not(test), allow(dead_code))]
    StateByState,
    /// Always by sweeping the grid (tests only: too slow for small ones).
    #[cfg_attr(not(test), allow(dead_code))]
    Sweep,
}

/// The states first reached in layer `arrival`, found from each frontier
/// state (boat at `from`) through the per-column union-finds.
fn expand_state_by_state(
    grid: Grid,
    from: Bank,
    frontier: &[(usize, usize)],
    arrival: u32,
    to_dist: &mut [u32],
    to_unvisited: &mut Unvisited,
) -> Vec<(usize, usize)> {
    let mut next = Vec::new();
    for &(left_priests, left_devils) in frontier {
        grid.for_each_move_column(from, left_priests, left_devils, |column, low, high| {
            let mut devils = to_unvisited.find(column, low);
            while devils <= high {
                to_dist[grid.index(column, devils)] = arrival;
                to_unvisited.remove(column, devils);
                next.push((column, devils));
                devils = to_unvisited.find(column, devils + 1);
            }
            true
        });
    }
    next
}

/// The part of the grid where a layer's crossings start or end, in the
/// coordinates of the bank the boat leaves (`x`, `y`, inclusive ranges):
/// up to the largest frontier coordinates, and down to C below the smallest.
#[derive(Debug, Clone, Copy)]
struct Window {
    x_low: usize,
    x_high: usize,
    y_low: usize,
    y_high: usize,
}

impl Window {
    fn around(grid: Grid, from: Bank, frontier: &[(usize, usize)]) -> Window {
        let mut window = Window {
            x_low: usize::MAX,
            x_high: 0,
            y_low: usize::MAX,
            y_high: 0,
        };
        for &(left_priests, left_devils) in frontier {
            let (x, y) = grid.boat_bank(from, left_priests, left_devils);
            window.x_low = window.x_low.min(x);
            window.x_high = window.x_high.max(x);
            window.y_low = window.y_low.min(y);
            window.y_high = window.y_high.max(y);
        }
        window.x_low = window.x_low.saturating_sub(grid.capacity);
        window.y_low = window.y_low.saturating_sub(grid.capacity);
        window
    }

    fn cells(&self) -> usize {
        (self.x_high + 1).saturating_sub(self.x_low) * (self.y_high + 1).saturating_sub(self.y_low)
    }
}

/// The states first reached in layer `layer + 1`, found by one sweep over
/// the window in the coordinates of the bank the boat leaves (`x`, `y`):
/// `previous[y]` and `current[y]` hold, for the previous and the current
/// column, the smallest `x' + y'` over frontier states with `x' >= x` and
/// `y' >= y`. A target `(x, y)` is reached when a frontier state other than
/// itself dominates it with a sum at most C larger.
fn expand_by_sweep(
    grid: Grid,
    from: Bank,
    window: Window,
    from_dist: &[u32],
    layer: u32,
    to_dist: &mut [u32],
    to_unvisited: &mut Unvisited,
) -> Vec<(usize, usize)> {
    let mirror = from == Bank::Right;
    let mut next = Vec::new();
    let mut previous = vec![NONE_DOMINATES; grid.devils + 2];
    let mut current = vec![NONE_DOMINATES; grid.devils + 2];
    for x in (window.x_low..=window.x_high).rev() {
        let left_priests = if mirror { grid.priests - x } else { x };
        let column = grid.index(left_priests, 0);
        for y in (window.y_low..=window.y_high).rev() {
            let left_devils = if mirror { grid.devils - y } else { y };
            let index = column + left_devils;
            let beyond = previous[y].min(current[y + 1]);
            if to_dist[index] == UNREACHED && beyond <= x + y + grid.capacity {
                to_dist[index] = layer + 1;
                to_unvisited.remove(left_priests, left_devils);
                next.push((left_priests, left_devils));
            }
            current[y] = if from_dist[index] == layer {
                beyond.min(x + y)
            } else {
                beyond
            };
        }
        std::mem::swap(&mut previous, &mut current);
    }
    next
}

/// For each column (left priests), a "next unvisited safe state" union-find
/// over the left devils: `parent[y] == y` for a state still unvisited, and
/// the sentinel `D + 1` closes every column.
#[derive(Debug, Clone)]
struct Unvisited {
    height: usize,
    parent: Vec<u32>,
}

impl Unvisited {
    fn new(grid: Grid) -> Unvisited {
        let height = grid.devils + 2;
        let mut parent = Vec::with_capacity((grid.priests + 1) * height);
        for left_priests in 0..=grid.priests {
            let (low, high) = grid.safe_devils(left_priests);
            // Unsafe states point past themselves, as if already visited.
            parent.extend((0..height).map(|devils| {
                let present = (low..=high).contains(&devils) || devils == grid.devils + 1;
                to_u32(if present { devils } else { devils + 1 })
            }));
        }
        Unvisited { height, parent }
    }

    /// The smallest unvisited safe `y >= devils` in `column`, or `D + 1`.
    fn find(&mut self, column: usize, devils: usize) -> usize {
        let base = column * self.height;
        let mut devils = devils;
        loop {
            let parent = self.parent[base + devils] as usize;
            if parent == devils {
                return devils;
            }
            // Path halving keeps later finds short.
            let grandparent = self.parent[base + parent];
            self.parent[base + devils] = grandparent;
            devils = grandparent as usize;
        }
    }

    fn remove(&mut self, column: usize, devils: usize) {
        self.parent[column * self.height + devils] = to_u32(devils + 1);
    }
}

/// Counts here are at most 1001, far below `u32::MAX`.
fn to_u32(value: usize) -> u32 {
    u32::try_from(value).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle(priests: usize, devils: usize, capacity: usize) -> Puzzle {
        Puzzle {
            priests,
            devils,
            capacity,
        }
    }

    /// Both ways of expanding a layer, alone or mixed, give the same
    /// distances (the brute-force tests compare the mixed one with a search
    /// that shares nothing with it).
    fn assert_strategies_agree(puzzle: Puzzle) {
        let grid = Grid::new(puzzle);
        let cheaper = search(grid, Strategy::Cheaper);
        assert!(
            cheaper == search(grid, Strategy::StateByState),
            "{puzzle:?}"
        );
        assert!(cheaper == search(grid, Strategy::Sweep), "{puzzle:?}");
    }

    #[test]
    fn both_expansions_agree_on_every_small_puzzle() {
        for priests in 0..=12 {
            for devils in 0..=12 {
                for capacity in 1..=14 {
                    assert_strategies_agree(puzzle(priests, devils, capacity));
                }
            }
        }
    }

    #[test]
    fn both_expansions_agree_on_wide_bands() {
        for (priests, devils, capacity) in [
            (60, 30, 7),
            (60, 30, 45),
            (60, 59, 61),
            (61, 0, 5),
            (0, 61, 5),
            (50, 50, 4),
            (50, 50, 100),
            (40, 1, 3),
        ] {
            assert_strategies_agree(puzzle(priests, devils, capacity));
        }
    }

    #[test]
    fn safe_devils_is_exactly_the_safe_states() {
        for priests in 0..=9 {
            for devils in 0..=9 {
                let grid = Grid::new(puzzle(priests, devils, 1));
                for left_priests in 0..=priests {
                    let (low, high) = grid.safe_devils(left_priests);
                    for left_devils in 0..=devils {
                        let (right_priests, right_devils) =
                            (priests - left_priests, devils - left_devils);
                        let safe = (left_priests == 0 || left_priests >= left_devils)
                            && (right_priests == 0 || right_priests >= right_devils);
                        assert_eq!(
                            (low..=high).contains(&left_devils),
                            safe,
                            "P={priests} D={devils} p={left_priests} d={left_devils}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn the_goal_is_safe_unless_priests_there_are_outnumbered() {
        for priests in 0..=5 {
            for devils in 0..=5 {
                let grid = Grid::new(puzzle(priests, devils, 1));
                let lost = 0 < priests && priests < devils;
                assert_eq!(grid.goal_is_safe(), !lost, "P={priests} D={devils}");
            }
        }
    }

    #[test]
    fn the_goal_with_the_boat_left_behind_is_never_reached_by_a_crossing() {
        let distances = Distances::new(puzzle(5, 3, 3));
        assert_eq!(distances.dist[0][0], UNREACHED);
        let goal = State {
            left_priests: 0,
            left_devils: 0,
            boat: Bank::Left,
        };
        assert_eq!(distances.distance(goal), Some(0));
        assert_eq!(distances.next_state(goal), None);
    }

    #[test]
    fn states_outside_the_puzzle_have_no_distance() {
        let distances = Distances::new(puzzle(3, 3, 2));
        let outside = State {
            left_priests: 4,
            left_devils: 0,
            boat: Bank::Left,
        };
        assert_eq!(distances.distance(outside), None);
    }
}
