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
use crate::rules::{Rules, Step};

/// Whether two card indices agree, by the table.
#[inline]
fn agree(a: u8, b: u8) -> bool {
    (AGREE[a as usize] >> b) & 1 == 1
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
            .then(|| Forced::new(rules, rules.set.prefers_leap()))
    }

    /// For the classic one-way `{1, 3}` game, whether the farthest target
    /// comes first; `None` for any other variant.
    pub(super) fn classic(&self) -> Option<bool> {
        self.classic.then_some(self.farthest)
    }

    /// Play `cards` to the end, open or blind; the piles left.
    #[inline]
    pub fn play(&self, cards: &[Card], blind: bool) -> usize {
        self.play_observed(cards, blind, |_| {})
    }

    /// As [`Forced::play`], telling `observe` every action as it is made.
    #[inline]
    pub fn play_observed(&self, cards: &[Card], blind: bool, observe: impl FnMut(Action)) -> usize {
        if blind {
            self.run(&[], cards, observe)
        } else {
            self.run(cards, &[], observe)
        }
    }

    /// Go on from a row with these top cards (stuck or not) dealing `stock` as
    /// the blind forced game does; the piles left.
    #[inline]
    pub fn finish(&self, tops: &[Card], stock: &[Card]) -> usize {
        self.run(tops, stock, |_| {})
    }

    #[inline]
    fn run(&self, tops: &[Card], stock: &[Card], observe: impl FnMut(Action)) -> usize {
        if self.classic {
            let mut row = [NO_CARD; 52 + PAD];
            for (slot, card) in row[PAD..].iter_mut().zip(tops) {
                *slot = card.index();
            }
            if self.farthest {
                run_classic::<true>(&mut row, tops.len(), 0, stock, observe)
            } else {
                run_classic::<false>(&mut row, tops.len(), 0, stock, observe)
            }
        } else {
            let mut row = [0u8; 52];
            for (slot, card) in row.iter_mut().zip(tops) {
                *slot = card.index();
            }
            self.run_general(&mut row, tops.len(), 0, stock, observe)
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

/// Piles sit at `PAD..`; the `PAD` slots before them hold [`NO_CARD`], which
/// agrees with nothing, so a pile at position 1 or 2 can "look" three places
/// back without a bounds test.
const PAD: usize = 3;
/// Not a card: bit 63 of every [`AGREE`] mask is clear.
const NO_CARD: u8 = 63;

/// `AGREE[a] >> b & 1` is whether cards `a` and `b` agree (bit 63, `NO_CARD`,
/// is never set).
static AGREE: [u64; 64] = {
    let mut table = [0u64; 64];
    let mut a = 0;
    while a < 52 {
        let mut b = 0;
        while b < 52 {
            if a != b && (a % 4 == b % 4 || a / 4 == b / 4) {
                table[a] |= 1 << b;
            }
            b += 1;
        }
        a += 1;
    }
    table
};

/// The classic one-way slide-and-leap game, slide first unless `LEAP`, on the
/// padded row `row[PAD..PAD + len]`; the scan starts at pile `scan`.
///
/// One branch decides "move or not" per pile looked at; the distance is then
/// computed without a branch, and the row closes up by hand (in blind play the
/// mover is nearly always the last pile, so there is nothing to shift).
#[allow(clippy::inline_always)] // one copy per call site: the observer compiles away
#[inline(always)]
fn run_classic<const LEAP: bool>(
    row: &mut [u8; 52 + PAD],
    len: usize,
    scan: usize,
    stock: &[Card],
    mut observe: impl FnMut(Action),
) -> usize {
    let mut end = PAD + len;
    let mut at = PAD + scan;
    let mut stock = stock.iter();
    loop {
        while at < end {
            let card = row[at];
            let agrees = AGREE[card as usize];
            let slide = (agrees >> row[at - 1]) & 1;
            let leap = (agrees >> row[at - 3]) & 1;
            if slide | leap == 0 {
                at += 1;
                continue;
            }
            let distance = if LEAP { 1 + 2 * leap } else { 3 - 2 * slide } as usize;
            let to = at - distance;
            row[to] = card;
            for i in at..end - 1 {
                row[i] = row[i + 1];
            }
            end -= 1;
            observe(Action::Move(Step {
                from: at - PAD,
                to: to - PAD,
            }));
            at = to;
        }
        let Some(card) = stock.next() else {
            return end - PAD;
        };
        row[end] = card.index();
        observe(Action::Deal);
        at = end;
        end += 1;
    }
}
