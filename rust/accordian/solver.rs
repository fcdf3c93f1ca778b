//! The exact Accordian solver under the `modern` rules (any move, in any
//! order): depth-first search for the fewest piles, with a table of positions
//! proved unable to get below a number of piles.
//!
//! A position is the whole row of piles (its [`AccordianRow::key`], exact: no
//! two positions share a key). Every move takes a card strictly left (and a
//! closing row takes the cards right of the gap one place left), so no line
//! comes back to a position and the search needs no cycle check.
//!
//! The solver asks, for k = the lower bound, the bound + 1, …: can the row be
//! brought down to k piles or fewer? The first k that can be reached is the
//! fewest piles any line leaves; k = 1 is a win. Each question is a depth-first
//! search that stops at the first position of k piles or fewer; a position
//! found unable to reach k piles is remembered with k, which answers every
//! later question for k or fewer (and only those: a position unable to reach k
//! may reach k + 1). The bound: a card that shares neither suit nor rank with
//! any other card of the row never moves, and neither does the first card (no
//! pile lies left of it); each such card keeps the pile it lies in, since it
//! never leaves the bottom of it. Moves that close a pile up are tried first.
//! `tests/test_accordian.py` checks the verdicts and the fewest piles against
//! the reference engine's plain search over every position, and the Rust tests
//! against brute force over every line.

use super::game::{AccordianAction, AccordianGame};
use super::row::{AccordianRow, Shift};
pub use crate::budget::{Budget, Verdict};
use crate::card::Card;
use crate::deal::DECK_SIZE;
use crate::game::Play;
use crate::rules::RuleSet;
use crate::throw_game::{RowCards, ThrowRow};
use rustc_hash::FxHashMap;
use std::time::Instant;

/// What the solver found (the throw games' one [`crate::throw_game::Solution`]):
/// `cards` counts the piles left, `nodes` the positions expanded.
pub type Solution = crate::throw_game::Solution<Play>;

/// Bytes a remembered position costs in the table (key, bound and slack).
const ENTRY_BYTES: usize = 80;

/// The leap first: a card three places left merges more of the row.
const ORDER: [u8; 2] = [3, 1];

struct Search<'a> {
    budget: &'a Budget,
    start: Instant,
    nodes: u64,
    stopped: bool,
    row: AccordianRow,
    /// For a position, the largest k it was proved unable to reach.
    lost: FxHashMap<[u8; DECK_SIZE], u8>,
    capacity: usize,
    path: Vec<Play>,
    best: (usize, Vec<Play>),
}

impl Search<'_> {
    /// Whether the row can be brought down to `k` piles or fewer; on success
    /// `path` is such a line and `row` its end.
    fn reach(&mut self, k: usize) -> bool {
        let n = self.row.len();
        if n < self.best.0 {
            self.best = (n, self.path.clone());
        }
        if n <= k {
            return true;
        }
        if self.stopped {
            return false;
        }
        let key = self.row.key();
        if self.lost.get(&key).is_some_and(|&done| done as usize >= k) {
            return false;
        }
        self.nodes += 1;
        if (self.nodes % 1024 == 1 || self.budget.max_nodes.is_some())
            && self.budget.exhausted(self.nodes, self.start)
        {
            self.stopped = true;
            return false;
        }
        for closing in [true, false] {
            for from in 1..n {
                if self.row.is_single(from) != closing {
                    continue;
                }
                for gap in ORDER {
                    let shift = Shift {
                        from: from as u8,
                        gap,
                    };
                    if !self.row.allows(shift) {
                        continue;
                    }
                    let tops = self.row.cards();
                    let play = Play::Move {
                        mover: tops[from],
                        target: tops[shift.to()],
                    };
                    let undo = self.row.apply(shift);
                    self.path.push(play);
                    if self.reach(k) {
                        return true;
                    }
                    self.path.pop();
                    self.row.unapply(shift, undo);
                    if self.stopped {
                        return false;
                    }
                }
            }
        }
        if self.lost.len() < self.capacity || self.lost.contains_key(&key) {
            let done = self.lost.entry(key).or_insert(0);
            *done = (*done).max(k as u8);
        }
        false
    }
}

/// The fewest piles a row can never go below: the first pile, and every pile
/// holding a card that agrees with no other card of the row, stays.
fn floor(row: &AccordianRow) -> usize {
    let piles = row.piles();
    let cards = piles.concat();
    let isolated = |card: Card| {
        cards
            .iter()
            .all(|&other| other == card || !other.agrees(card))
    };
    piles
        .iter()
        .enumerate()
        .filter(|(at, pile)| *at == 0 || pile.iter().any(|&card| isolated(card)))
        .count()
}

/// Solve an open row of 1 to 52 distinct cards under `modern`. Deterministic:
/// moves closing a pile first, then by mover left to right, the leap first.
pub fn solve(cards: &[Card], budget: &Budget) -> Solution {
    solve_row(&AccordianRow::from_cards(cards), budget)
}

/// Solve a position (piles and all) under `modern`.
pub fn solve_row(row: &AccordianRow, budget: &Budget) -> Solution {
    let start = Instant::now();
    let mut search = Search {
        budget,
        start,
        nodes: 0,
        stopped: false,
        row: *row,
        lost: FxHashMap::default(),
        capacity: budget.memory_bytes / ENTRY_BYTES,
        path: Vec::new(),
        best: (row.len(), Vec::new()),
    };
    let mut k = floor(row);
    loop {
        if search.reach(k) {
            let piles = search.row.len();
            return Solution {
                verdict: if piles <= 1 {
                    Verdict::Win
                } else {
                    Verdict::Loss
                },
                moves: std::mem::take(&mut search.path),
                cards: piles,
                nodes: search.nodes,
                elapsed: start.elapsed(),
                cancelled: false,
            };
        }
        if search.stopped {
            let (piles, moves) = std::mem::take(&mut search.best);
            return Solution {
                verdict: Verdict::Unknown,
                moves,
                cards: piles,
                nodes: search.nodes,
                elapsed: start.elapsed(),
                cancelled: budget.is_cancelled(),
            };
        }
        k += 1;
    }
}

/// The one line of the `uva` rules from a position: the forced moves to the
/// end (`nodes` counts them). A win or, the line being the only one, a loss.
pub fn play_forced(row: &AccordianRow) -> Solution {
    let start = Instant::now();
    let mut row = *row;
    let mut moves = Vec::new();
    while let Some(shift) = row.uva_move() {
        let tops = row.cards();
        moves.push(Play::Move {
            mover: tops[shift.from as usize],
            target: tops[shift.to()],
        });
        row.apply(shift);
    }
    Solution {
        verdict: if row.len() <= 1 {
            Verdict::Win
        } else {
            Verdict::Loss
        },
        nodes: moves.len() as u64,
        moves,
        cards: row.len(),
        elapsed: start.elapsed(),
        cancelled: false,
    }
}

/// A hint: the next action of best play, `None` when the game is over. Under
/// `uva` it is the forced action. Under `modern`, in a blind game with cards in
/// the stock it is `deal` (dealing never takes a move away: a card's moves
/// depend only on the piles to its left, so dealing everything first turns the
/// game into the open one and loses nothing); otherwise the first move of the
/// solver's line from the position (a winning line if there is one, else one
/// leaving the fewest piles). `None` also when the budget ran out before any
/// line was found.
pub fn hint(game: &AccordianGame, budget: &Budget) -> Option<AccordianAction> {
    if game.rules() == RuleSet::Uva || game.may_deal() {
        return game.legal_actions().last().copied();
    }
    let first = *solve_row(game.row(), budget).moves.first()?;
    Some(game.action_of(first).expect("the solver's line is legal"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::Deal;
    use std::collections::HashMap;
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;

    fn replay(deal: &Deal, moves: &[Play]) -> AccordianGame {
        let mut game = AccordianGame::new(deal.clone(), false, RuleSet::Modern).unwrap();
        for &play in moves {
            let action = game.action_of(play).unwrap();
            game.play(action).unwrap();
        }
        game
    }

    /// The fewest piles any line leaves, by trying every line (positions
    /// remembered by their piles, nothing else assumed).
    fn brute_force(game: &mut AccordianGame, seen: &mut HashMap<Vec<Vec<Card>>, usize>) -> usize {
        if let Some(&best) = seen.get(&game.piles()) {
            return best;
        }
        let mut best = game.piles().len();
        for shift in game.legal_shifts() {
            game.play(AccordianAction::Throw(shift)).unwrap();
            best = best.min(brute_force(game, seen));
            game.undo();
        }
        seen.insert(game.piles(), best);
        best
    }

    #[test]
    fn verdicts_match_brute_force_and_lines_replay() {
        let mut wins = 0;
        for cards in [5, 8, 11] {
            for seed in 0..200 {
                let deal = Deal::from_seed(seed, cards).unwrap();
                let solution = solve(deal.cards(), &Budget::default());
                let mut game = AccordianGame::new(deal.clone(), false, RuleSet::Modern).unwrap();
                let fewest = brute_force(&mut game, &mut HashMap::new());
                assert_eq!(solution.cards, fewest, "{deal}");
                let end = replay(&deal, &solution.moves);
                assert_eq!(end.piles().len(), solution.cards, "{deal}");
                assert_eq!(solution.verdict == Verdict::Win, end.is_won(), "{deal}");
                assert_ne!(solution.verdict, Verdict::Unknown);
                wins += usize::from(end.is_won());
            }
        }
        assert!(wins > 50, "some short rows are won: {wins}");
    }

    #[test]
    fn a_position_is_solved_with_its_piles() {
        // 5H on 5S leaves 5S under it: the solver must not see 5H alone.
        let deal: Deal = "5C 9H 2D 5S 5H KD".parse().unwrap();
        let mut game = AccordianGame::new(deal.clone(), false, RuleSet::Modern).unwrap();
        game.play_text("5H>5S").unwrap();
        let mut here = game.clone();
        let fewest = brute_force(&mut here, &mut HashMap::new());
        let solution = solve_row(game.row(), &Budget::default());
        assert_eq!(solution.cards, fewest);
        for &play in &solution.moves {
            game.play(game.action_of(play).unwrap()).unwrap();
        }
        assert_eq!(game.piles().len(), solution.cards);
    }

    #[test]
    fn budgets_are_honoured_and_the_best_line_so_far_replays() {
        let deal = Deal::from_seed(3, 52).unwrap();
        let tiny = Budget {
            max_nodes: Some(5),
            ..Budget::default()
        };
        let cut = solve(deal.cards(), &tiny);
        assert_eq!((cut.verdict, cut.cancelled), (Verdict::Unknown, false));
        assert_eq!(replay(&deal, &cut.moves).piles().len(), cut.cards);
        let cancelled = Budget {
            cancel: Some(Arc::new(AtomicBool::new(true))),
            ..Budget::default()
        };
        let stopped = solve(deal.cards(), &cancelled);
        assert_eq!(
            (stopped.verdict, stopped.cancelled),
            (Verdict::Unknown, true)
        );
        let one = solve(&deal.cards()[..1], &Budget::default());
        assert_eq!((one.verdict, one.cards), (Verdict::Win, 1));
    }

    #[test]
    fn hints_deal_first_in_blind_modern_play_and_follow_uva() {
        let deal: Deal = "5C 5H 9H 9D 2D".parse().unwrap();
        let mut blind = AccordianGame::new(deal.clone(), true, RuleSet::Modern).unwrap();
        while let Some(action) = hint(&blind, &Budget::default()) {
            blind.play(action).unwrap();
        }
        assert!(blind.is_won());
        assert_eq!(blind.history().len(), 5 + 4);
        let mut uva = AccordianGame::new(deal.clone(), true, RuleSet::Uva).unwrap();
        while let Some(action) = hint(&uva, &Budget::default()) {
            assert_eq!(uva.legal_actions(), [action]);
            uva.play(action).unwrap();
        }
        assert!(uva.is_over());
        let forced = play_forced(&AccordianRow::from_cards(deal.cards()));
        assert_eq!(forced.cards, uva.piles().len());
        assert_eq!(
            forced.moves,
            uva.history()
                .into_iter()
                .filter(|&p| p != Play::Deal)
                .collect::<Vec<_>>()
        );
    }
}
