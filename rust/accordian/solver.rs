//! The exact Accordian solver under the `modern` rules (any move, in any
//! order): depth-first search for the fewest piles, with a table of positions
//! proved unable to get below a number of piles.
//!
//! A position is the whole row of piles (its [`AccordianRow::key`], exact: no
//! two positions share a key). Every move takes a card strictly left (and a
//! closing row takes the cards right of the gap one place left), so no line
//! comes back to a position and the search needs no cycle check.
//!
//! The solver is the throw games' deepening search ([`crate::throw_search`]):
//! it asks, for k = the lower bound, the bound + 1, …: can the row be
//! brought down to k piles or fewer? The first k that can be reached is the
//! fewest piles any line leaves; k = 1 is a win. A position
//! found unable to reach k piles is remembered with k, which answers every
//! later question for k or fewer (and only those: a position unable to reach k
//! may reach k + 1). The bound: a card that shares neither suit nor rank with
//! any other card of the row never moves, and neither does the first card (no
//! pile lies left of it); each such card keeps the pile it lies in, since it
//! never leaves the bottom of it. Moves that close a pile up are tried first.
//! `tests/test_accordian.py` checks the verdicts and the fewest piles against
//! the reference engine's plain search over every position, and the Rust tests
//! against brute force over every line.

use super::row::{AccordianRow, Shift, WON_AT};
pub use crate::budget::{Budget, Verdict};
use crate::card::Card;
use crate::deal::DECK_SIZE;
use crate::game::Play;
use crate::throw_game::ThrowRow;
use crate::throw_search::{deepen, Deepening};
use rustc_hash::FxHashMap;
use std::time::Instant;

/// What the solver found (the throw games' one [`crate::throw_game::Solution`]):
/// `cards` counts the piles left, `nodes` the positions expanded.
pub type Solution = crate::throw_game::Solution<Play>;

/// Bytes a remembered position costs in the table (key, bound and slack).
const ENTRY_BYTES: usize = 80;

/// The leap first: a card three places left merges more of the row.
const ORDER: [u8; 2] = [3, 1];

/// Accordian's positions for the shared search ([`crate::throw_search`]).
struct Position {
    row: AccordianRow,
    /// For a position, the largest k it was proved unable to reach.
    lost: FxHashMap<[u8; DECK_SIZE], u8>,
    capacity: usize,
}

impl Deepening for Position {
    type Step = Shift;
    type Play = Play;
    type Undo = bool;
    type Key = [u8; DECK_SIZE];

    fn left(&self) -> usize {
        self.row.len()
    }

    fn key(&self) -> [u8; DECK_SIZE] {
        self.row.key()
    }

    fn cannot_reach(&self, key: &[u8; DECK_SIZE], k: usize) -> bool {
        self.lost.get(key).is_some_and(|&done| done as usize >= k)
    }

    /// A position unable to reach k piles cannot reach fewer either: the
    /// largest such k answers every question up to it.
    fn remember(&mut self, key: [u8; DECK_SIZE], k: usize) {
        if self.lost.len() < self.capacity || self.lost.contains_key(&key) {
            let done = self.lost.entry(key).or_insert(0);
            *done = (*done).max(k as u8);
        }
    }

    /// Moves closing a pile first, then by mover left to right, the leap first.
    fn next_step(&self, last: Option<Shift>) -> Option<Shift> {
        let n = self.row.len();
        // Where the order stands after `last`: its pass, its mover, its next gap.
        let (mut closing, mut from, mut gaps) = match last {
            None => (true, 1, 0),
            Some(shift) => {
                let from = shift.from as usize;
                let tried = ORDER.iter().position(|&gap| gap == shift.gap);
                (
                    self.row.is_single(from),
                    from,
                    tried.map_or(ORDER.len(), |g| g + 1),
                )
            }
        };
        loop {
            while from < n {
                if self.row.is_single(from) == closing {
                    for &gap in &ORDER[gaps..] {
                        let shift = Shift {
                            from: from as u8,
                            gap,
                        };
                        if self.row.allows(shift) {
                            return Some(shift);
                        }
                    }
                }
                (from, gaps) = (from + 1, 0);
            }
            if !closing {
                return None;
            }
            (closing, from, gaps) = (false, 1, 0);
        }
    }

    fn apply(&mut self, shift: Shift) -> (Play, bool) {
        let play = self.row.play_of(shift);
        (play, self.row.apply(shift))
    }

    fn unapply(&mut self, shift: Shift, emptied: bool) {
        self.row.unapply(shift, emptied);
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
    let position = Position {
        row: *row,
        lost: FxHashMap::default(),
        capacity: budget.memory_bytes / ENTRY_BYTES,
    };
    deepen(position, floor(row), 1, WON_AT, budget)
}

/// The one line of the `uva` rules from a position: the forced moves to the
/// end (`nodes` counts them). A win or, the line being the only one, a loss.
pub fn play_forced(row: &AccordianRow) -> Solution {
    let start = Instant::now();
    let mut row = *row;
    let mut moves = Vec::new();
    while let Some(shift) = row.uva_move() {
        moves.push(row.play_of(shift));
        row.apply(shift);
    }
    let nodes = moves.len() as u64;
    Solution::proved(moves, row.len(), WON_AT, nodes, start)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accordian::game::{Accordian, AccordianGame};
    use crate::deal::Deal;
    use crate::patience::Patience;
    use crate::rules::RuleSet;
    use crate::throw_game::check;

    #[test]
    fn verdicts_match_brute_force_and_lines_replay() {
        check::solves_numbered_deals_as_brute_force_does::<Accordian>(&[5, 8, 11], 200, 50);
    }

    #[test]
    fn a_position_is_solved_with_its_piles() {
        // 5H on 5S leaves 5S under it: the solver must not see 5H alone.
        let deal = "5C 9H 2D 5S 5H KD".parse().unwrap();
        let mut game = AccordianGame::new(deal, false, RuleSet::Modern).unwrap();
        game.play_text("5H>5S").unwrap();
        check::solves_as_brute_force_does([game]);
    }

    #[test]
    fn budgets_are_honoured_and_the_best_line_so_far_replays() {
        let deal = Deal::from_seed(3, 52).unwrap();
        check::budgets_are_honoured(&check::open::<Accordian>(3, 52), 5);
        let one = solve(&deal.cards()[..1], &Budget::default());
        assert_eq!((one.verdict, one.cards), (Verdict::Win, 1));
    }

    #[test]
    fn hints_deal_first_in_blind_modern_play_and_follow_uva() {
        let deal: Deal = "5C 5H 9H 9D 2D".parse().unwrap();
        let mut blind = AccordianGame::new(deal.clone(), true, RuleSet::Modern).unwrap();
        while let Some(action) = blind.hint(&Budget::default()) {
            blind.play(action).unwrap();
        }
        assert!(blind.is_won());
        assert_eq!(blind.history().len(), 5 + 4);
        let mut uva = AccordianGame::new(deal.clone(), true, RuleSet::Uva).unwrap();
        while let Some(action) = uva.hint(&Budget::default()) {
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
