//! The forced game on a tops-only byte row: the engine behind `strict`,
//! `strict-leap`, the greedy players and the rollouts of the parlett agent.
//!
//! Only top cards matter to play, so the row is a `[u8; 52]` of card indices and
//! a length; a deal writes one byte, a move writes one byte and closes the row
//! up. Nothing is allocated per game.
//!
//! # Where to look for the next forced move
//!
//! The forced rules move the leftmost movable pile. The scan keeps an index `q`
//! with the invariant *no pile left of `q` can move*, and looks from `q` on.
//!
//! - **One-way.** A pile at position `x` can only land on `x − d` (`d ≥ 1`), so
//!   whether it can move depends only on the tops at positions `≤ x`. A move from
//!   `f` onto `t < f` changes the top at `t` and shifts the piles right of `f`;
//!   every position `< t` keeps its top, and so do all positions it looks at.
//!   The piles left of `t` could not move before (they are left of `f`, the
//!   leftmost movable pile), so they still cannot: the scan resumes at `t`, the
//!   landing place. A deal adds a pile at the right-hand end and changes no
//!   other top, so after a deal the scan starts at the new pile.
//! - **Two-way.** A pile at `x` also looks at `x + d`, so a change at position
//!   `c` can wake any pile down to `c − max(d)`. After a move from `f` to `t` the
//!   first changed position is `c = min(f, t)` (leftwards the target `t`;
//!   rightwards the mover's place `f`, where the row closes up), so the scan
//!   resumes at `c − max(d)`; after a deal at position `n` it resumes at
//!   `n − max(d)`.

use crate::card::Card;
use crate::game::Action;
use crate::rules::{RuleSet, Rules, Step};

/// Two card indices agree when they share a suit (equal low two bits) or a
/// rank (equal high bits): `x = a ^ b` has `x & 3 == 0` or `x < 4`. The
/// bitwise `|` keeps it free of branches, which the hot loop needs.
#[allow(
    clippy::inline_always,
    clippy::needless_bitwise_bool,
    clippy::verbose_bit_mask
)]
#[inline(always)]
fn agree(a: u8, b: u8) -> bool {
    let x = a ^ b;
    (x & 3 == 0) | (x < 4)
}

/// Which forced game to play: the rule's variant and which target comes first.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Forced {
    /// Farthest target first (`strict-leap`, `leap-first`) instead of nearest.
    farthest: bool,
    two_way: bool,
    /// The classic one-way `{1, 3}` game, which has its own fast loop.
    classic: bool,
    /// The distances, increasing; `count` of them are used.
    distances: [u8; 51],
    count: usize,
}

impl Forced {
    /// The forced game of `rules`' variant, nearest or farthest target first
    /// (`rules.set` itself is not consulted).
    pub fn new(rules: &Rules, farthest: bool) -> Forced {
        let mut distances = [0u8; 51];
        let mut count = 0;
        for d in rules.distances.iter() {
            distances[count] = d as u8;
            count += 1;
        }
        Forced {
            farthest,
            two_way: rules.two_way,
            classic: !rules.two_way && rules.distances == crate::rules::Distances::CLASSIC,
            distances,
            count,
        }
    }

    /// The forced game of an automatic rule set (`strict`, `strict-leap`).
    pub fn of_rules(rules: &Rules) -> Option<Forced> {
        rules
            .set
            .is_automatic()
            .then(|| Forced::new(rules, rules.set == RuleSet::StrictLeap))
    }

    /// Play `cards` to the end, open or blind; the piles left.
    #[inline]
    pub fn play(&self, cards: &[Card], blind: bool) -> usize {
        self.play_observed(cards, blind, |_| {})
    }

    /// As [`Forced::play`], telling `observe` every action as it is made.
    #[inline]
    pub fn play_observed(&self, cards: &[Card], blind: bool, observe: impl FnMut(Action)) -> usize {
        let mut row = [0u8; 52];
        if blind {
            self.run(&mut row, 0, 0, cards, observe)
        } else {
            for (slot, card) in row.iter_mut().zip(cards) {
                *slot = card.index();
            }
            self.run(&mut row, cards.len(), 0, &[], observe)
        }
    }

    /// Go on from a row of `len` piles (any row, stuck or not) dealing `stock`
    /// as the blind forced game does; the piles left.
    #[inline]
    pub fn finish(&self, row: &mut [u8; 52], len: usize, stock: &[Card]) -> usize {
        self.run(row, len, 0, stock, |_| {})
    }

    #[inline]
    fn run(
        &self,
        row: &mut [u8; 52],
        len: usize,
        scan: usize,
        stock: &[Card],
        observe: impl FnMut(Action),
    ) -> usize {
        match (self.classic, self.farthest) {
            (true, false) => run_classic::<false>(row, len, scan, stock, observe),
            (true, true) => run_classic::<true>(row, len, scan, stock, observe),
            (false, _) => self.run_general(row, len, scan, stock, observe),
        }
    }

    /// Any distances, one-way or two-way.
    fn run_general(
        &self,
        row: &mut [u8; 52],
        mut len: usize,
        mut scan: usize,
        stock: &[Card],
        mut observe: impl FnMut(Action),
    ) -> usize {
        let distances = &self.distances[..self.count];
        let reach = if self.two_way {
            distances[self.count - 1] as usize
        } else {
            0
        };
        let mut stock = stock.iter();
        loop {
            while scan < len {
                let Some(to) = self.target(row, len, scan, distances) else {
                    scan += 1;
                    continue;
                };
                let from = scan;
                row[to] = row[from];
                row.copy_within(from + 1..len, from);
                len -= 1;
                observe(Action::Move(Step { from, to }));
                scan = from.min(to).saturating_sub(reach);
            }
            let Some(card) = stock.next() else {
                return len;
            };
            row[len] = card.index();
            observe(Action::Deal);
            scan = len.saturating_sub(reach);
            len += 1;
        }
    }

    /// The forced target of the pile at `from`: nearest (or farthest)
    /// distance, leftwards before rightwards on a tie — `Rules::forced_move`.
    fn target(&self, row: &[u8; 52], len: usize, from: usize, distances: &[u8]) -> Option<usize> {
        let card = row[from];
        let mut best: Option<(usize, usize)> = None;
        let mut consider = |d: usize, to: usize| {
            let better = best.is_none_or(|(bd, _)| if self.farthest { d > bd } else { d < bd });
            if better && agree(card, row[to]) {
                best = Some((d, to));
            }
        };
        for &d in distances {
            let d = d as usize;
            if d <= from {
                consider(d, from - d);
            }
        }
        if self.two_way {
            for &d in distances {
                let d = d as usize;
                if from + d < len {
                    consider(d, from + d);
                }
            }
        }
        best.map(|(_, to)| to)
    }
}

/// The classic one-way slide-and-leap game, slide first unless `LEAP`.
#[allow(clippy::inline_always)] // one copy per call site: the observer compiles away
#[inline(always)]
fn run_classic<const LEAP: bool>(
    row: &mut [u8; 52],
    mut len: usize,
    mut scan: usize,
    stock: &[Card],
    mut observe: impl FnMut(Action),
) -> usize {
    let mut stock = stock.iter();
    loop {
        while scan < len {
            let card = row[scan];
            let slide = scan >= 1 && agree(card, row[scan - 1]);
            let leap = scan >= 3 && agree(card, row[scan - 3]);
            let to = match (slide, leap) {
                (false, false) => {
                    scan += 1;
                    continue;
                }
                (true, false) => scan - 1,
                (false, true) => scan - 3,
                (true, true) => scan - if LEAP { 3 } else { 1 },
            };
            let from = scan;
            row[to] = card;
            row.copy_within(from + 1..len, from);
            len -= 1;
            observe(Action::Move(Step { from, to }));
            scan = to;
        }
        let Some(card) = stock.next() else {
            return len;
        };
        row[len] = card.index();
        observe(Action::Deal);
        scan = len;
        len += 1;
    }
}
