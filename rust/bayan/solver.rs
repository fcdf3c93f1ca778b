//! The exact Bayan solver: the throw games' deepening search
//! ([`crate::throw_search`]) over the cards left, with a transposition table of
//! positions proved lost.
//!
//! A throw only takes cards out and the row closes up in order, so every
//! position reached from a row is that row with some cards out: the *set* of
//! cards left (52 bits) names it, whatever order the throws came in.
//!
//! The search asks, for k = n mod 2, n mod 2 + 2, …: can the row be brought down
//! to k cards or fewer? (A throw takes two cards, so the parity of the count never
//! changes.) k = 0 is a win. The table holds the positions proved unable to get
//! there for this k only (a position that cannot reach k cards may still reach
//! k + 2). One sound cut: a card that no other card left agrees with (no card of
//! its suit, none of its rank) can never be thrown, since partners only ever
//! leave the row; a position with more than k such cards cannot reach k.
//! `tests/test_bayan.py` checks the verdicts and the fewest cards against the
//! reference engine's plain search over every position, and the Rust tests
//! against brute force over every line.

use super::play::BayanPlay;
use super::row::{BayanRow, Pair, GAPS, WON_AT};
pub use crate::budget::{Budget, Verdict};
use crate::card::Card;
use crate::throw_game::ThrowRow;
use crate::throw_search::{deepen, Deepening};
use rustc_hash::FxHashSet;

/// What the solver found for a row (the throw games' one [`crate::throw_game::Solution`]);
/// `nodes` counts positions expanded.
pub type Solution = crate::throw_game::Solution<BayanPlay>;

/// Bytes a remembered position costs in the table (key and hash-table slack).
const ENTRY_BYTES: usize = 16;

/// Bayan's positions for the shared search ([`crate::throw_search`]).
struct Position {
    row: BayanRow,
    /// Bit `card.index()` set for every card left.
    key: u64,
    suits: [u8; 4],
    ranks: [u8; 13],
    /// The positions proved unable to reach the k asked now.
    lost: FxHashSet<u64>,
    capacity: usize,
}

impl Position {
    /// Cards that no other card left agrees with: they never leave the row.
    fn stranded(&self) -> usize {
        self.row
            .cards()
            .iter()
            .filter(|c| self.suits[c.suit() as usize] == 1 && self.ranks[c.rank() as usize] == 1)
            .count()
    }

    /// Count `card` in (`by` 1) or out (`by` -1) of the row's key and tallies.
    fn tally(&mut self, card: Card, by: i8) {
        self.key ^= 1 << card.index();
        let (suit, rank) = (card.suit() as usize, card.rank() as usize);
        self.suits[suit] = self.suits[suit].wrapping_add_signed(by);
        self.ranks[rank] = self.ranks[rank].wrapping_add_signed(by);
    }
}

impl Deepening for Position {
    type Step = Pair;
    type Play = BayanPlay;
    type Undo = [Card; 2];
    type Key = u64;

    fn left(&self) -> usize {
        self.row.len()
    }

    fn key(&self) -> u64 {
        self.key
    }

    /// Remembered, or more stranded cards than `k`.
    fn cannot_reach(&self, key: &u64, k: usize) -> bool {
        self.stranded() > k || self.lost.contains(key)
    }

    fn remember(&mut self, key: u64, _k: usize) {
        if self.lost.len() < self.capacity {
            self.lost.insert(key);
        }
    }

    /// Canonical order: by the left card, the nearer partner first.
    fn next_step(&self, last: Option<Pair>) -> Option<Pair> {
        let after = last.map(|pair| (pair.left(), pair.gap as usize));
        self.row.next_agreeing(GAPS, after).map(Pair::of)
    }

    fn apply(&mut self, pair: Pair) -> (BayanPlay, [Card; 2]) {
        let out = self.row.apply(pair);
        for card in out {
            self.tally(card, -1);
        }
        (BayanPlay::Out(out[0], out[1]), out)
    }

    fn unapply(&mut self, pair: Pair, out: [Card; 2]) {
        for card in out {
            self.tally(card, 1);
        }
        self.row.unapply(pair, out);
    }

    /// A position that cannot reach k cards may still reach k + 2: the table
    /// holds for one question only.
    fn ask(&mut self, _k: usize) {
        self.lost.clear();
    }
}

/// Solve an open row of 0 to 52 distinct cards. Deterministic: throws are tried
/// in the canonical order (left card first, the nearer partner first).
pub fn solve(cards: &[Card], budget: &Budget) -> Solution {
    let mut position = Position {
        row: BayanRow::from_cards(cards),
        key: 0,
        suits: [0; 4],
        ranks: [0; 13],
        lost: FxHashSet::default(),
        capacity: budget.memory_bytes / ENTRY_BYTES,
    };
    for &card in cards {
        position.tally(card, 1);
    }
    deepen(position, cards.len() % 2, 2, WON_AT, budget)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bayan::game::Bayan;
    use crate::deal::Deal;
    use crate::throw_game::check;

    #[test]
    fn verdicts_match_brute_force_and_lines_replay() {
        check::solves_numbered_deals_as_brute_force_does::<Bayan>(&[6, 11, 16], 300, 50);
    }

    #[test]
    fn budgets_are_honoured_and_the_best_line_so_far_replays() {
        let deal = Deal::from_seed(3, 52).unwrap();
        check::budgets_are_honoured(&check::open::<Bayan>(3, 52), 5);
        let empty = solve(&[], &Budget::default());
        assert_eq!((empty.verdict, empty.cards), (Verdict::Win, 0));
        let one = solve(&deal.cards()[..1], &Budget::default());
        assert_eq!((one.verdict, one.cards), (Verdict::Loss, 1));
    }
}
