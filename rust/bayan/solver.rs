//! The exact Bayan solver: depth-first search over the cards left, with a
//! transposition table of positions proved lost.
//!
//! A throw only takes cards out and the row closes up in order, so every
//! position reached from a row is that row with some cards out: the *set* of
//! cards left (52 bits) names it, whatever order the throws came in.
//!
//! The solver asks, for k = n mod 2, n mod 2 + 2, …: can the row be brought down
//! to k cards or fewer? (A throw takes two cards, so the parity of the count never
//! changes.) The first k that can be reached is the fewest cards any line leaves;
//! k = 0 is a win. Each question is a depth-first search that stops at the first
//! position of k cards or fewer, remembering the positions it proved cannot get
//! there (for this k only: a position that cannot reach k cards may still reach
//! k + 2). One sound cut: a card that no other card left agrees with (no card of
//! its suit, none of its rank) can never be thrown, since partners only ever
//! leave the row; a position with more than k such cards cannot reach k.
//! `tests/test_bayan.py` checks the verdicts and the fewest cards against the
//! reference engine's plain search over every position, and the Rust tests
//! against brute force over every line.

use super::play::BayanPlay;
use super::row::{BayanRow, Pair, GAPS};
pub use crate::budget::{Budget, Verdict};
use crate::card::Card;
use crate::throw_game::ThrowRow;
use rustc_hash::FxHashSet;
use std::time::Instant;

/// What the solver found for a row (the throw games' one [`crate::throw_game::Solution`]);
/// `nodes` counts positions expanded.
pub type Solution = crate::throw_game::Solution<BayanPlay>;

/// Bytes a remembered position costs in the table (key and hash-table slack).
const ENTRY_BYTES: usize = 16;

struct Search<'a> {
    budget: &'a Budget,
    start: Instant,
    nodes: u64,
    stopped: bool,
    row: BayanRow,
    /// Bit `card.index()` set for every card left.
    key: u64,
    suits: [u8; 4],
    ranks: [u8; 13],
    lost: FxHashSet<u64>,
    capacity: usize,
    path: Vec<BayanPlay>,
    best: (usize, Vec<BayanPlay>),
}

impl Search<'_> {
    /// Cards that no other card left agrees with: they never leave the row.
    fn stranded(&self) -> usize {
        self.row
            .cards()
            .iter()
            .filter(|c| self.suits[c.suit() as usize] == 1 && self.ranks[c.rank() as usize] == 1)
            .count()
    }

    fn throw(&mut self, pair: Pair) -> [Card; 2] {
        let out = self.row.apply(pair);
        for card in out {
            self.key ^= 1 << card.index();
            self.suits[card.suit() as usize] -= 1;
            self.ranks[card.rank() as usize] -= 1;
        }
        self.path.push(BayanPlay::Out(out[0], out[1]));
        out
    }

    fn restore(&mut self, pair: Pair, out: [Card; 2]) {
        self.path.pop();
        for card in out {
            self.key ^= 1 << card.index();
            self.suits[card.suit() as usize] += 1;
            self.ranks[card.rank() as usize] += 1;
        }
        self.row.unapply(pair, out);
    }

    /// Whether the row can be brought down to `k` cards or fewer; on success
    /// `path` is such a line.
    fn reach(&mut self, k: usize) -> bool {
        let n = self.row.len();
        if n < self.best.0 {
            self.best = (n, self.path.clone());
        }
        if n <= k {
            return true;
        }
        if self.stopped || self.stranded() > k || self.lost.contains(&self.key) {
            return false;
        }
        self.nodes += 1;
        if (self.nodes % 1024 == 1 || self.budget.max_nodes.is_some())
            && self.budget.exhausted(self.nodes, self.start)
        {
            self.stopped = true;
            return false;
        }
        for at in 0..n {
            for gap in GAPS {
                if at + gap >= n {
                    break;
                }
                let cards = self.row.cards();
                if !cards[at].agrees(cards[at + gap]) {
                    continue;
                }
                let pair = Pair {
                    at: at as u8,
                    gap: gap as u8,
                };
                let out = self.throw(pair);
                if self.reach(k) {
                    return true;
                }
                self.restore(pair, out);
                if self.stopped {
                    return false;
                }
            }
        }
        if self.lost.len() < self.capacity {
            self.lost.insert(self.key);
        }
        false
    }
}

/// Solve an open row of 0 to 52 distinct cards. Deterministic: throws are tried
/// in the canonical order (left card first, the nearer partner first).
pub fn solve(cards: &[Card], budget: &Budget) -> Solution {
    let start = Instant::now();
    let mut search = Search {
        budget,
        start,
        nodes: 0,
        stopped: false,
        row: BayanRow::from_cards(cards),
        key: 0,
        suits: [0; 4],
        ranks: [0; 13],
        lost: FxHashSet::default(),
        capacity: budget.memory_bytes / ENTRY_BYTES,
        path: Vec::new(),
        best: (cards.len(), Vec::new()),
    };
    for card in cards {
        search.key |= 1 << card.index();
        search.suits[card.suit() as usize] += 1;
        search.ranks[card.rank() as usize] += 1;
    }
    let mut k = cards.len() % 2;
    loop {
        search.lost.clear();
        if search.reach(k) {
            let moves = std::mem::take(&mut search.path);
            return Solution {
                verdict: if k == 0 { Verdict::Win } else { Verdict::Loss },
                cards: cards.len() - 2 * moves.len(),
                moves,
                nodes: search.nodes,
                elapsed: start.elapsed(),
                cancelled: false,
            };
        }
        if search.stopped {
            let (left, moves) = std::mem::take(&mut search.best);
            return Solution {
                verdict: Verdict::Unknown,
                moves,
                cards: left,
                nodes: search.nodes,
                elapsed: start.elapsed(),
                cancelled: budget.is_cancelled(),
            };
        }
        k += 2;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bayan::game::{BayanAction, BayanGame};
    use crate::deal::Deal;
    use std::collections::HashMap;

    fn replay(deal: &Deal, moves: &[BayanPlay]) -> BayanGame {
        let mut game = BayanGame::new(deal.clone(), false);
        for &play in moves {
            let action = game.action_of(play).unwrap();
            game.play(action).unwrap();
        }
        game
    }

    /// The fewest cards any line leaves, by trying every line (positions
    /// remembered by their cards in order, nothing else assumed).
    fn brute_force(game: &mut BayanGame, seen: &mut HashMap<Vec<Card>, usize>) -> usize {
        if let Some(&best) = seen.get(game.cards()) {
            return best;
        }
        let mut best = game.cards().len();
        for pair in game.legal_pairs() {
            game.play(BayanAction::Throw(pair)).unwrap();
            best = best.min(brute_force(game, seen));
            game.undo();
        }
        seen.insert(game.cards().to_vec(), best);
        best
    }

    #[test]
    fn verdicts_match_brute_force_and_lines_replay() {
        let mut wins = 0;
        for cards in [6, 11, 16] {
            for seed in 0..300 {
                let deal = Deal::from_seed(seed, cards).unwrap();
                let solution = solve(deal.cards(), &Budget::default());
                let mut game = BayanGame::new(deal.clone(), false);
                let fewest = brute_force(&mut game, &mut HashMap::new());
                assert_eq!(solution.cards, fewest, "{deal}");
                let end = replay(&deal, &solution.moves);
                assert_eq!(end.cards().len(), solution.cards, "{deal}");
                assert_eq!(solution.verdict == Verdict::Win, end.is_won(), "{deal}");
                assert_ne!(solution.verdict, Verdict::Unknown);
                wins += usize::from(end.is_won());
            }
        }
        assert!(wins > 50, "some short rows are won: {wins}");
    }

    #[test]
    fn budgets_are_honoured_and_the_best_line_so_far_replays() {
        let deal = Deal::from_seed(3, 52).unwrap();
        let game = BayanGame::new(deal.clone(), false);
        crate::throw_game::check::budgets_are_honoured(&game, 5);
        let empty = solve(&[], &Budget::default());
        assert_eq!((empty.verdict, empty.cards), (Verdict::Win, 0));
        let one = solve(&deal.cards()[..1], &Budget::default());
        assert_eq!((one.verdict, one.cards), (Verdict::Loss, 1));
    }
}
