//! The exact search the throw games' solvers share (Bayan's, `crate::bayan::solver`,
//! and Accordian's, `crate::accordian::solver`): iterative deepening on what a
//! line leaves, depth first, with a table of positions proved unable to get there.
//!
//! The search asks, for k = a lower bound, then k + step, …: can the row be
//! brought down to k cards (or piles) or fewer? The first k that can be reached
//! is the fewest any line leaves. Each question is a depth-first search that
//! stops at the first position of k or fewer; a game prunes a position it knows
//! cannot get there (its table and its own sound bounds, [`Deepening::cannot_reach`])
//! and remembers the positions the search proved so ([`Deepening::remember`]).
//! Neither game's positions repeat along a line (every step takes a card out
//! or moves one strictly left), so no cycle check is needed. The budget is read
//! as [`Budget::exhausted`] says, every 1,024 positions (every position under a
//! node limit); when it runs out the answer is the line to the fewest cards seen.

use crate::budget::Budget;
use crate::throw_game::Solution;
use std::time::Instant;

/// One game's positions as the search walks them (the game's solver state:
/// its row and whatever its bounds count).
pub trait Deepening {
    /// A step by position (a throw).
    type Step: Copy;
    /// A step named by cards, as the line gives it.
    type Play: Clone;
    /// What [`Deepening::unapply`] needs to take a step back.
    type Undo;
    /// What the table knows a position by.
    type Key;

    /// What the search brings down: cards (or piles) left.
    fn left(&self) -> usize;
    /// The current position's key.
    fn key(&self) -> Self::Key;
    /// Whether the position (its key `key`) is known unable to reach `k` or
    /// fewer: remembered so, or by one of the game's sound bounds.
    fn cannot_reach(&self, key: &Self::Key, k: usize) -> bool;
    /// Remember that the position `key` was proved unable to reach `k` (as
    /// far as the table's memory allows).
    fn remember(&mut self, key: Self::Key, k: usize);
    /// The step after `last` in the game's search order (the first one when
    /// `last` is `None`); `None` when no step is left. Asked of the position
    /// the steps are taken from, as it was before `last`.
    fn next_step(&self, last: Option<Self::Step>) -> Option<Self::Step>;
    /// Take the step: its play, and what undoing it needs.
    fn apply(&mut self, step: Self::Step) -> (Self::Play, Self::Undo);
    /// Exactly reverse `apply(step)`, which returned `undo`.
    fn unapply(&mut self, step: Self::Step, undo: Self::Undo);
    /// Called before each question (a table that holds for one k only is cleared here).
    fn ask(&mut self, _k: usize) {}
}

struct Search<'a, D: Deepening> {
    position: D,
    budget: &'a Budget,
    start: Instant,
    nodes: u64,
    stopped: bool,
    path: Vec<D::Play>,
    /// The fewest left seen so far and the line to it (the answer if the budget runs out).
    best: (usize, Vec<D::Play>),
}

impl<D: Deepening> Search<'_, D> {
    /// Whether the position can be brought down to `k` or fewer; on success
    /// `path` is such a line and `position` its end.
    fn reach(&mut self, k: usize) -> bool {
        let left = self.position.left();
        if left < self.best.0 {
            self.best = (left, self.path.clone());
        }
        if left <= k {
            return true;
        }
        if self.stopped {
            return false;
        }
        let key = self.position.key();
        if self.position.cannot_reach(&key, k) {
            return false;
        }
        if !self.budget.take_node(&mut self.nodes, self.start) {
            self.stopped = true;
            return false;
        }
        let mut next = self.position.next_step(None);
        while let Some(step) = next {
            let (play, undo) = self.position.apply(step);
            self.path.push(play);
            if self.reach(k) {
                return true;
            }
            self.path.pop();
            self.position.unapply(step, undo);
            if self.stopped {
                return false;
            }
            next = self.position.next_step(Some(step));
        }
        self.position.remember(key, k);
        false
    }
}

/// Search `position` for the fewest left, asking for `first`, `first + step`, …
/// (`first` a sound lower bound; `step` the amount a step changes what is left
/// by when that never varies, else 1). A proved result is a win when it
/// leaves `won_at` or fewer; `nodes` counts the positions expanded.
pub fn deepen<D: Deepening>(
    position: D,
    first: usize,
    step: usize,
    won_at: usize,
    budget: &Budget,
) -> Solution<D::Play> {
    let start = Instant::now();
    let mut search = Search {
        best: (position.left(), Vec::new()),
        position,
        budget,
        start,
        nodes: 0,
        stopped: false,
        path: Vec::new(),
    };
    let mut k = first;
    loop {
        search.position.ask(k);
        if search.reach(k) {
            let moves = std::mem::take(&mut search.path);
            let left = search.position.left();
            return Solution::proved(moves, left, won_at, search.nodes, start);
        }
        if search.stopped {
            let (left, moves) = std::mem::take(&mut search.best);
            return Solution::unknown(moves, left, search.nodes, start, budget);
        }
        k += step;
    }
}
