//! The exact Royal Marriage solver: interval dynamic programming, no search.
//!
//! Call an interval `(i, j)` of the starting row *clearable* when every card
//! strictly between positions `i` and `j` can be thrown out while `i` and `j`
//! stay. Neighbours (`j = i + 1`) are clearable. Otherwise look at the last throw
//! that empties the interval: it throws the last one or two cards left between
//! `i` and `j`, so `i` and `j` agree, and before it the survivors `k` (or `k, l`)
//! split the interval into parts that were cleared independently (a throw never
//! reaches across a card that stays). Hence
//!
//! ```text
//! clear(i, j) = j == i + 1
//!            or agree(i, j) and (  some k:    clear(i, k) and clear(k, j)
//!                               or some k<l: clear(i, k) and clear(k, l) and clear(l, j))
//! ```
//!
//! A set of survivors is reachable exactly when each gap between neighbouring
//! survivors is clearable, so the fewest cards reachable is a shortest chain of
//! clearable intervals from the first card to the last, and the game is won when
//! `clear(0, n - 1)`. With bit masks this is `O(n³)` word operations: a 52-card
//! deal takes microseconds, so the budgets below exist for the API's sake (and
//! are honoured) but never bind in practice, and no transposition table is needed.
//! `tests/test_royal.py` checks the verdicts against the reference engine's
//! exhaustive search over states.

use super::play::RoyalPlay;
use super::row::WON_AT;
use super::strategy::greedy_line;
pub use crate::budget::{Budget, Verdict};
use crate::card::Card;
use crate::deal::DECK_SIZE;
use std::time::Instant;

/// What the solver found for a row (the throw games' one [`crate::throw_game::Solution`]);
/// when a budget ran out (`Unknown`), `moves` is the greedy line.
pub type Solution = crate::throw_game::Solution<RoyalPlay>;

/// How a clearable interval was cleared: its last throw's survivors `k` (and `l`).
#[derive(Copy, Clone)]
struct Split {
    k: u8,
    l: Option<u8>,
}

struct Table<'a> {
    cards: &'a [Card],
    /// `from[i]` has bit `j` set when `(i, j)` is clearable; `to[j]` bit `i`.
    from: [u64; DECK_SIZE],
    to: [u64; DECK_SIZE],
    split: Vec<Option<Split>>,
}

impl Table<'_> {
    fn set(&mut self, i: usize, j: usize, split: Option<Split>) {
        self.from[i] |= 1 << j;
        self.to[j] |= 1 << i;
        self.split[i * DECK_SIZE + j] = split;
    }

    fn clearable(&self, i: usize, j: usize) -> bool {
        self.from[i] >> j & 1 == 1
    }

    /// Evaluate interval `(i, j)` once all shorter ones are known.
    fn evaluate(&mut self, i: usize, j: usize) {
        if !self.cards[i].agrees(self.cards[j]) {
            return;
        }
        let single = self.from[i] & self.to[j];
        if single != 0 {
            let k = single.trailing_zeros() as u8;
            self.set(i, j, Some(Split { k, l: None }));
            return;
        }
        let mut firsts = self.from[i] & ((1u64 << j) - 1);
        while firsts != 0 {
            let k = firsts.trailing_zeros() as usize;
            firsts &= firsts - 1;
            let seconds = self.from[k] & self.to[j];
            if seconds != 0 {
                let split = Split {
                    k: k as u8,
                    l: Some(seconds.trailing_zeros() as u8),
                };
                self.set(i, j, Some(split));
                return;
            }
        }
    }

    /// The throws that clear `(i, j)`, in an order that can be played.
    fn line(&self, i: usize, j: usize, out: &mut Vec<RoyalPlay>) {
        let Some(split) = self.split[i * DECK_SIZE + j] else {
            return;
        };
        let k = split.k as usize;
        self.line(i, k, out);
        if let Some(l) = split.l {
            let l = l as usize;
            self.line(k, l, out);
            self.line(l, j, out);
            out.push(RoyalPlay::Out(self.cards[k], Some(self.cards[l])));
        } else {
            self.line(k, j, out);
            out.push(RoyalPlay::Out(self.cards[k], None));
        }
    }
}

/// Solve an open row (its first and last cards are the pair that must meet).
/// Deterministic: the line prefers the leftmost split, a single survivor first.
pub fn solve(cards: &[Card], budget: &Budget) -> Solution {
    assert!(
        (1..=DECK_SIZE).contains(&cards.len()),
        "a row of 1 to 52 cards"
    );
    let start = Instant::now();
    let n = cards.len();
    let mut table = Table {
        cards,
        from: [0; DECK_SIZE],
        to: [0; DECK_SIZE],
        split: vec![None; DECK_SIZE * DECK_SIZE],
    };
    for i in 1..n {
        table.set(i - 1, i, None);
    }
    let mut nodes = 0u64;
    for gap in 2..n {
        for i in 0..n - gap {
            // The budget is asked before each interval, as Accordion's search
            // asks it before each position.
            if !budget.take_node(&mut nodes, start) {
                let (moves, left) = greedy_line(cards);
                return Solution::unknown(moves, left, nodes, start, budget);
            }
            table.evaluate(i, i + gap);
        }
    }
    // The shortest chain of clearable intervals from card 0 to card n - 1.
    let mut fewest = [usize::MAX; DECK_SIZE];
    let mut before = [0usize; DECK_SIZE];
    fewest[0] = 1;
    for j in 1..n {
        for i in 0..j {
            if table.clearable(i, j) && fewest[i] + 1 < fewest[j] {
                fewest[j] = fewest[i] + 1;
                before[j] = i;
            }
        }
    }
    let mut survivors = vec![n - 1];
    while let Some(&last) = survivors.last().filter(|&&s| s > 0) {
        survivors.push(before[last]);
    }
    survivors.reverse();
    let mut moves = Vec::new();
    for pair in survivors.windows(2) {
        table.line(pair[0], pair[1], &mut moves);
    }
    Solution::proved(moves, fewest[n - 1], WON_AT, nodes, start)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::royal::deal::RoyalDeal;
    use crate::royal::game::Royal;
    use crate::throw_game::check;

    #[test]
    fn verdicts_match_brute_force_and_lines_replay() {
        check::solves_numbered_deals_as_brute_force_does::<Royal>(&[14], 300, 0);
    }

    #[test]
    fn full_deals_solve_and_budgets_are_honoured() {
        let deal = RoyalDeal::from_seed(7, 52).unwrap();
        let verdict = solve(deal.cards(), &Budget::default());
        assert_ne!(verdict.verdict, Verdict::Unknown);
        let game = check::open::<Royal>(7, 52);
        assert_eq!(
            check::replay(&game, &verdict.moves).cards().len(),
            verdict.cards
        );
        check::budgets_are_honoured(&game, 10);
        let pair = solve(
            RoyalDeal::from_seed(0, 2).unwrap().cards(),
            &Budget::default(),
        );
        assert_eq!(
            (pair.verdict, pair.cards, pair.moves.len()),
            (Verdict::Win, 2, 0)
        );
    }
}
