//! The careful player's line (`docs/difficulty.md`), written once for every game
//! it rates: Accordion's rows ([`super::difficulty`]) and the throw games'
//! ([`super::throw_rating`]) say what a row is, which moves it has in the rules'
//! order, and how a solver decides one ([`Weighing`]); the walk is here.
//!
//! The careful player weighs the legal moves in the rules' order and plays the
//! first one that does not throw the win away (a move throws the win away when
//! it leads from a winnable row to one that is not). Its line from a winnable
//! row to the win is one fixed line, whichever solver decides the moves; the
//! rating counts the moves weighed along it and, of those, the losing ones.

use crate::budget::Verdict;
use std::collections::HashSet;
use std::hash::Hash;

/// What one quick look at a row found.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Look {
    /// Some line wins the row.
    Won,
    /// No line wins it (proved).
    Lost,
    /// The look's quota ran out first.
    Unsure,
    /// The rating's budget ran out or its cancel flag was raised.
    Stopped,
}

/// What the walk needs of a game: its rows, its moves in the rules' order and a
/// solver that decides a row exactly within a quota.
pub(crate) trait Weighing {
    /// An open row, as the cache of lost rows remembers it.
    type Row: Clone + Eq + Hash;
    type Move: Copy;

    /// Whether the row is won as it stands.
    fn is_won(&self, row: &Self::Row) -> bool;
    /// The legal moves of `row` in the order the careful player weighs them.
    fn moves(&self, row: &Self::Row, out: &mut Vec<Self::Move>);
    /// The row after `step`.
    fn after(&self, row: &Self::Row, step: Self::Move) -> Self::Row;
    /// Whether `row` can be won, searching at most `quota` more nodes (`None`:
    /// as many as the rating's budget allows): `Won` and `Lost` are exact.
    fn decide(&mut self, row: &Self::Row, quota: Option<u64>) -> Look;
    /// The solver's nodes so far, over every row decided.
    fn nodes(&self) -> u64;
}

/// The most rows [`Careful::lost`] remembers (about 30 MB of 52-card rows): it
/// is a cache of facts the walk could find again, so when it is full a row
/// proved lost is simply not remembered, and at worst walked again. A rating
/// of many millions of positions would otherwise be free to fill gigabytes.
pub(crate) const LOST_ROWS: usize = 1 << 18;

/// Why the walk stopped before its line was found.
pub(crate) enum Cut {
    /// The budget ran out or the cancel flag was raised.
    Stopped,
    /// The moves rejected reached the cap (see [`Careful::cap`]).
    Capped,
}

/// What a whole walk found for a row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walked {
    /// `Win` (the line was found), `Loss` (proved) or `Unknown` (the budget ran out).
    pub verdict: Verdict,
    /// The moves rejected along the line (0 unless won).
    pub losing: u32,
    /// The positions of the line, one move played at each (0 unless won).
    pub positions: u32,
    /// The solver's nodes and the walk's rows together.
    pub nodes: u64,
}

impl Walked {
    /// The moves the careful player weighs: at each position of its line the
    /// ones it rejects and the one it plays.
    pub fn moves(&self) -> u32 {
        self.losing + self.positions
    }

    /// `losing / moves` for a won walk (0 for a row already won), else `None`.
    pub fn difficulty(&self) -> Option<f64> {
        (self.verdict == Verdict::Win).then(|| match self.moves() {
            0 => 0.0,
            moves => f64::from(self.losing) / f64::from(moves),
        })
    }
}

/// Finds the careful player's line.
pub(crate) struct Careful<W: Weighing> {
    pub(crate) game: W,
    /// Rows this walk proved lost.
    pub(crate) lost: HashSet<W::Row>,
    /// Rows [`Careful::line`] entered.
    visits: u64,
    /// Stop as soon as this many rejected moves are certain.
    cap: u32,
    /// The node budget of the whole rating.
    max_nodes: u64,
    /// The most rows `lost` holds ([`LOST_ROWS`]).
    pub(crate) lost_rows: usize,
    /// The quota of a quick look at a move before the line goes down it.
    quick: u64,
}

impl<W: Weighing> Careful<W> {
    /// A walk over `game`'s rows, stopped once `cap` rejected moves are certain,
    /// within `max_nodes` nodes, each move looked at with a quota of `quick`.
    pub(crate) fn new(game: W, cap: Option<u32>, max_nodes: u64, quick: u64) -> Careful<W> {
        Careful {
            game,
            lost: HashSet::new(),
            visits: 0,
            cap: cap.unwrap_or(u32::MAX),
            max_nodes,
            lost_rows: LOST_ROWS,
            quick,
        }
    }

    pub(crate) fn nodes(&self) -> u64 {
        self.game.nodes() + self.visits
    }

    /// The careful player's line from `row` to the win, as the number of moves
    /// it rejects (they throw the win away) at each of its positions, or `None`
    /// if `row` cannot be won.
    ///
    /// Depth first in the rules' move order: a move whose row a quick search
    /// proves lost is rejected; any other is followed, and rejected if every
    /// move from its row is (proved lost, recursively). So each verdict is
    /// exact, and the first move followed to a win at each position is the
    /// first that keeps the win: the line found is the careful player's,
    /// whatever the solver's own order.
    ///
    /// `above` is `Some` when `row` is known to be on the line (the deal, and
    /// each row a search proved winnable reached from a row on the line): the
    /// moves rejected at the positions above it. A row on the line stays on it
    /// and its count only grows, so the line rejects at least `above` plus the
    /// moves rejected here so far, and the walk stops with [`Cut::Capped`] once
    /// that reaches the cap. Below a row not known winnable, nothing is certain
    /// (its moves vanish from the count if it turns out lost).
    pub(crate) fn line(
        &mut self,
        row: &W::Row,
        above: Option<u32>,
    ) -> std::result::Result<Option<Vec<u32>>, Cut> {
        if self.game.is_won(row) {
            return Ok(Some(Vec::new()));
        }
        if self.lost.contains(row) {
            return Ok(None);
        }
        self.visits += 1;
        if self.nodes() > self.max_nodes {
            return Err(Cut::Stopped);
        }
        let mut steps = Vec::new();
        self.game.moves(row, &mut steps);
        let mut rejected = 0;
        for step in steps {
            let child = self.game.after(row, step);
            let quick = if self.game.is_won(&child) || self.lost.contains(&child) {
                Look::Unsure
            } else {
                self.game.decide(&child, Some(self.quick))
            };
            match quick {
                Look::Stopped => return Err(Cut::Stopped),
                Look::Lost => rejected += 1,
                Look::Won | Look::Unsure => {
                    let known = quick == Look::Won;
                    let below = above.filter(|_| known).map(|a| a + rejected);
                    match self.line(&child, below)? {
                        Some(mut rest) => {
                            rest.push(rejected);
                            return Ok(Some(rest));
                        }
                        None => rejected += 1,
                    }
                }
            }
            if above.is_some_and(|a| a + rejected >= self.cap) {
                return Err(Cut::Capped);
            }
        }
        if self.lost.len() < self.lost_rows {
            self.lost.insert(row.clone());
        }
        Ok(None)
    }

    /// The whole walk from `row`: decided in full first (the walk would explore
    /// a lost row blindly), then its line; `None` when the cap was reached.
    pub(crate) fn walk(&mut self, row: &W::Row) -> Option<Walked> {
        let done = |careful: &Self, verdict, losing, positions| Walked {
            verdict,
            losing,
            positions,
            nodes: careful.nodes(),
        };
        match self.game.decide(row, None) {
            Look::Won => {}
            Look::Lost => return Some(done(self, Verdict::Loss, 0, 0)),
            Look::Unsure | Look::Stopped => return Some(done(self, Verdict::Unknown, 0, 0)),
        }
        match self.line(row, Some(0)) {
            Ok(Some(rejected)) => {
                let losing = rejected.iter().sum();
                let positions =
                    u32::try_from(rejected.len()).expect("a line of fewer than 2**32 moves");
                Some(done(self, Verdict::Win, losing, positions))
            }
            Ok(None) => unreachable!("the solver proved the row can be won"),
            Err(Cut::Stopped) => Some(done(self, Verdict::Unknown, 0, 0)),
            Err(Cut::Capped) => None,
        }
    }
}
