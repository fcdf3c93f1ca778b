//! How hard an open deal of a throw game is (Royal Marriage, Bayan, Accordian
//! Patience; `docs/difficulty.md`): the careful player's measure of
//! [`super::difficulty`], over every game's [`Throwing`] once.
//!
//! The careful player weighs the throws the open row allows in the game's
//! canonical order ([`ThrowRow::throws`], filtered by [`Throwing::permits`]: the
//! order the `greedy` strategy takes the first of) and makes the first that
//! does not throw the win away, each decided exactly by the game's solver
//! ([`Throwing::solve_row`]). The difficulty of a winnable deal is the share of
//! the throws it weighs along its line that would have lost. A throw need not
//! take a fixed number of cards away (Royal Marriage throws one or two, an
//! Accordian move may leave the pile count as it was), so the moves weighed are
//! counted along the line, not derived from the deal's length. The levels
//! (easy, medium, hard) are calibrated on Accordion deals only: a throw game's
//! rating has none.

use super::careful::{Careful, Look, Walked, Weighing};
use super::difficulty::check_free;
use super::level::Level;
use super::rating::Rated;
use crate::budget::{Budget, Verdict};
use crate::error::Result;
use crate::throw_game::{ThrowGame, ThrowRow, Throwing};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// A throw game's open rows as the careful player weighs them: each look is a
/// fresh solve within its quota, all of them within the rating's budget.
struct Rows<G: Throwing> {
    rules: G,
    cancel: Option<Arc<AtomicBool>>,
    /// The solver's nodes so far, over every row.
    spent: u64,
    max_nodes: u64,
}

impl<G: Throwing> Weighing for Rows<G> {
    type Row = G::Row;
    type Move = G::Throw;

    /// With the stock empty (an open row).
    fn is_won(&self, row: &G::Row) -> bool {
        G::is_won(row)
    }

    fn moves(&self, row: &G::Row, out: &mut Vec<G::Throw>) {
        row.throws(out);
        out.retain(|&throw| self.rules.permits(row, throw));
    }

    fn after(&self, row: &G::Row, throw: G::Throw) -> G::Row {
        let mut next = *row;
        next.apply(throw);
        next
    }

    fn decide(&mut self, row: &G::Row, quota: Option<u64>) -> Look {
        let left = self.max_nodes.saturating_sub(self.spent);
        let limit = quota.map_or(left, |quota| quota.min(left));
        if limit == 0 {
            return Look::Stopped;
        }
        let budget = Budget {
            max_nodes: Some(limit),
            cancel: self.cancel.clone(),
            ..Budget::default()
        };
        let solution = self.rules.solve_row(row, &budget);
        self.spent += solution.nodes;
        match solution.verdict {
            Verdict::Win => Look::Won,
            Verdict::Loss => Look::Lost,
            // The quota ran out before the rating's budget did: follow the move.
            Verdict::Unknown if !solution.cancelled && limit < left => Look::Unsure,
            Verdict::Unknown => Look::Stopped,
        }
    }

    fn nodes(&self) -> u64 {
        self.spent
    }
}

/// The deal of a throw game, open, rated under its rules (a rule set that
/// leaves a choice: not Accordian's forced `uva`) with the game's solver (its
/// unit of work: intervals for Royal Marriage, positions for the others).
impl<G: Throwing> Rated for ThrowGame<G> {
    fn walk_open(&self, budget: &Budget, cap: Option<u32>) -> Result<Option<Walked>> {
        let rules = self.game_rules();
        check_free(rules.rules(), rules.facts().title)?;
        let max_nodes = budget.max_nodes.expect("a rating has a node limit");
        let rows = Rows {
            rules,
            cancel: budget.cancel.clone(),
            spent: 0,
            max_nodes,
        };
        let row = G::Row::from_cards(self.deal().cards());
        Ok(Careful::new(rows, cap, max_nodes, G::QUICK_LOOK).walk(&row))
    }

    /// The level at the deal's length by the game's own calibration (its
    /// facts' `levels`: 52 cards; none at other lengths).
    fn level_of(&self, difficulty: f64) -> Option<Level> {
        let levels = self.game_rules().facts().levels;
        levels.level(difficulty, self.deal().len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accordian::Accordian;
    use crate::bayan::game::Bayan;
    use crate::choose::rating::{rate, rate_within};
    use crate::patience::Patience;
    use crate::royal::game::Royal;
    use crate::rules::RuleSet;
    use crate::throw_game::{check, ThrowAction, ThrowGame};

    /// `(losing, moves)` of the careful line by the definition: at each position
    /// the throws in the game's order, each decided by a full solve, the first
    /// that keeps the win played.
    fn by_definition<G: Throwing>(game: &ThrowGame<G>) -> Option<(u32, u32)> {
        let wins = |game: &ThrowGame<G>| game.solve(&Budget::default()).verdict == Verdict::Win;
        if !wins(game) {
            return None;
        }
        let mut game = game.clone();
        let (mut losing, mut moves) = (0, 0);
        while !game.is_won() {
            let mut kept = false;
            for throw in game.legal_throws() {
                moves += 1;
                let mut child = game.clone();
                child.play(ThrowAction::Throw(throw)).unwrap();
                if wins(&child) {
                    game = child;
                    kept = true;
                    break;
                }
                losing += 1;
            }
            assert!(kept, "a winnable row has a throw that keeps the win");
        }
        Some((losing, moves))
    }

    fn rates_as_defined<G: Throwing>(cards: usize, seeds: u64) -> (usize, usize) {
        let (mut won, mut hard) = (0, 0);
        for seed in 0..seeds {
            let game = check::open::<G>(seed, cards);
            let rating = rate(&game, None).unwrap();
            match by_definition(&game) {
                None => assert_eq!(
                    (rating.verdict, rating.moves, rating.difficulty),
                    (Verdict::Loss, 0, None),
                    "{game}"
                ),
                Some((losing, moves)) => {
                    assert_eq!(
                        (rating.verdict, rating.losing, rating.moves),
                        (Verdict::Win, losing, moves),
                        "{game}"
                    );
                    let expected = if moves == 0 {
                        0.0
                    } else {
                        f64::from(losing) / f64::from(moves)
                    };
                    assert_eq!(rating.difficulty, Some(expected));
                    assert_eq!(rating.level, None);
                    won += 1;
                    hard += usize::from(losing > 0);
                }
            }
        }
        (won, hard)
    }

    #[test]
    fn every_throw_game_rates_as_the_definition_says() {
        for (won, hard) in [
            rates_as_defined::<Royal>(14, 200),
            rates_as_defined::<Bayan>(12, 200),
            rates_as_defined::<Accordian>(9, 200),
        ] {
            assert!(won > 10 && hard > 3, "wins and traps met: {won} {hard}");
        }
    }

    #[test]
    fn forced_rules_are_refused_and_budgets_and_cancels_leave_it_unknown() {
        fn open<G: Throwing>(deal: crate::deal::Deal, rules: G) -> ThrowGame<G> {
            ThrowGame::open_or_blind(deal, rules, false)
        }
        let deal = Accordian::default_game().numbered_deal(3, 20).unwrap();
        let uva = open(deal.clone(), Accordian::with_rules(RuleSet::Uva));
        let refused = rate(&uva, None).unwrap_err();
        assert!(refused.to_string().contains("uva"), "{refused}");
        let modern = open(deal, Accordian::with_rules(RuleSet::Modern));
        let cut = rate_within(&modern, None, 5).unwrap();
        assert_eq!((cut.verdict, cut.difficulty), (Verdict::Unknown, None));
        let flag = Arc::new(AtomicBool::new(true));
        let stopped = rate(&modern, Some(&flag)).unwrap();
        assert_eq!(stopped.verdict, Verdict::Unknown);
        let full = Royal::default_game().numbered_deal(5, 52).unwrap();
        let parlett = open(full.clone(), Royal::with_rules(RuleSet::Parlett));
        assert_eq!(
            rate(&parlett, None).unwrap(),
            rate(&open(full, Royal::with_rules(RuleSet::Modern)), None).unwrap(),
            "open, both rule sets play alike"
        );
    }
}
