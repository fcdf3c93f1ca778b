//! `solver` and `clairvoyant`: the exhaustive solver as a player.
//!
//! - [`SolverPlay`] (`solver`) lays out the whole stock when the rules allow it
//!   (`modern`), then plays the solver's best line for the open row: the exact
//!   fewest piles of the deal under its rules and variant. Under `modern` that
//!   line always ends the game (a position with a move left has a successor
//!   with one pile fewer, so the fewest piles are only reached when stuck);
//!   under `parlett` open it is the best line that obeys the obligation to move.
//!   It reads only its [`View`].
//! - [`Clairvoyant`] (`clairvoyant`) is handed the deal itself, stock order
//!   included, and plays the solver's best line for it under the `parlett`
//!   obligations: the best result any blind player could reach. It is a bound,
//!   not a player, and the only strategy that sees the stock.
//!
//! Both search without a budget (exact) but the caller's cancel flag (a
//! game cut short by it is no result: the simulation drops it); the solver's
//! memory bound is its default, [`crate::solver::DEFAULT_MEMORY_BYTES`] per
//! game in progress.

use crate::blind::play::RowPlayer;
use crate::blind::strategy::View;
use crate::card::Card;
use crate::deal::SplitMix64;
use crate::game::Action;
use crate::rules::Rules;
use crate::solver::{solve, Budget, Verdict};

/// Follows a precomputed line, one action per turn.
#[derive(Clone, Debug, Default)]
struct Line {
    /// The actions still to play, the next one last.
    rest: Vec<Action>,
    /// The row the next action expects (top cards).
    expects: Vec<Card>,
}

impl Line {
    fn new(tops: &[Card], actions: Vec<Action>) -> Line {
        let mut rest = actions;
        rest.reverse();
        Line {
            rest,
            expects: tops.to_vec(),
        }
    }

    /// The next action if the row is the one the line expects and the action
    /// is legal; the line then moves on.
    fn next(
        &mut self,
        tops: &[Card],
        legal: &[Action],
        stock_next: Option<Card>,
    ) -> Option<Action> {
        let &action = self.rest.last()?;
        if self.expects != tops || !legal.contains(&action) {
            return None;
        }
        self.rest.pop();
        match action {
            Action::Move(step) => {
                self.expects[step.to] = self.expects[step.from];
                self.expects.remove(step.from);
            }
            Action::Deal => self.expects.extend(stock_next),
        }
        Some(action)
    }
}

/// `solver`: the exact fewest piles of the open row.
#[derive(Clone, Debug, Default)]
pub struct SolverPlay {
    line: Line,
    /// No limit but the caller's cancel flag.
    budget: Budget,
}

impl SolverPlay {
    /// A player whose searches stop when `budget`'s cancel flag is raised
    /// (see [`Budget::until_cancelled`]).
    pub fn within(budget: &Budget) -> SolverPlay {
        SolverPlay {
            line: Line::default(),
            budget: budget.clone(),
        }
    }
}

impl RowPlayer for SolverPlay {
    fn pick(&mut self, view: &View<'_>, legal: &[Action], _: &mut SplitMix64) -> Option<Action> {
        // Lay out first where the rules allow it: a card dealt onto the
        // right-hand end forbids no move.
        if view.stock_len > 0 && legal.contains(&Action::Deal) && !view.rules.set.must_move() {
            return Some(Action::Deal);
        }
        if let Some(action) = self.line.next(view.tops, legal, None) {
            return Some(action);
        }
        let solution = solve(view.tops, &[], view.rules, &self.budget);
        debug_assert!(
            solution.verdict != Verdict::Unknown || self.budget.is_cancelled(),
            "no budget: exact"
        );
        self.line = Line::new(view.tops, solution.actions);
        Some(
            self.line
                .next(view.tops, legal, None)
                // Nothing to improve (the solver stops where the rules let a
                // player stop): any legal action; under `modern` a position
                // with a legal move is never a best end, so this is not
                // reached there.
                .unwrap_or(legal[0]),
        )
    }
}

/// `clairvoyant`: the best `parlett` line for a deal whose stock order is known.
#[derive(Clone, Debug)]
pub struct Clairvoyant {
    line: Line,
    /// The stock in dealing order (empty for an open row).
    stock: Vec<Card>,
    dealt: usize,
    /// The fewest piles the solver proved for the deal.
    pub piles: usize,
    /// The search was cancelled: the line is no plan.
    cancelled: bool,
}

impl Clairvoyant {
    /// Solve `cards` (the stock in dealing order when `blind`, else the open
    /// row) under `rules`, without a budget.
    pub fn new(cards: &[Card], blind: bool, rules: &Rules) -> Clairvoyant {
        Clairvoyant::within(cards, blind, rules, &Budget::default())
    }

    /// As [`Clairvoyant::new`], the search stopped by `budget`'s cancel flag
    /// (the player then plays any legal action: the game is no result).
    pub fn within(cards: &[Card], blind: bool, rules: &Rules, budget: &Budget) -> Clairvoyant {
        let (tops, stock): (&[Card], &[Card]) = if blind { (&[], cards) } else { (cards, &[]) };
        let solution = solve(tops, stock, rules, budget);
        let cancelled = solution.verdict == Verdict::Unknown;
        debug_assert!(!cancelled || budget.is_cancelled(), "no budget: exact");
        Clairvoyant {
            line: Line::new(tops, solution.actions),
            stock: stock.to_vec(),
            dealt: 0,
            piles: solution.piles,
            cancelled,
        }
    }
}

impl RowPlayer for Clairvoyant {
    fn pick(&mut self, view: &View<'_>, legal: &[Action], _: &mut SplitMix64) -> Option<Action> {
        let next = self.stock.get(self.dealt).copied();
        let action = match self.line.next(view.tops, legal, next) {
            Some(action) => action,
            None if self.cancelled => legal[0],
            None => unreachable!("the solver's line is legal and the referee plays it as given"),
        };
        self.dealt += usize::from(action == Action::Deal);
        Some(action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blind::simulate::play_numbered as play;
    use crate::blind::strategies::build;
    use crate::blind::strategy::StrategyKind;
    use crate::deal::Deal;
    use crate::rules::RuleSet;

    #[test]
    fn solver_ends_with_the_solvers_fewest_piles() {
        // Without slides most rows are lost, and proving a loss is exhaustive:
        // keep those rows short.
        let sizes = [
            [52, 18, 24, 12],
            [52, 18, 24, 12],
            [14, 12, 10, 14],
            [52, 18, 24, 12],
        ];
        for (rules, sizes) in crate::blind::strategies::test_rule_sets()
            .into_iter()
            .zip(sizes)
        {
            for seed in 0..8u64 {
                let cards = sizes[seed as usize % 4];
                let deal = Deal::from_seed(seed, cards).unwrap();
                let want = solve(deal.cards(), &[], &rules, &Budget::default());
                assert_ne!(want.verdict, Verdict::Unknown);
                let modes: &[bool] = if rules.set.must_move() {
                    &[false]
                } else {
                    &[false, true]
                };
                for &blind in modes {
                    let got = play(
                        StrategyKind::Solver,
                        &rules,
                        deal.cards(),
                        blind,
                        seed,
                        &Budget::default(),
                    );
                    assert_eq!(got, want.piles, "{rules} seed {seed} blind {blind}");
                }
            }
        }
    }

    #[test]
    fn clairvoyant_is_the_solved_blind_game_and_beats_every_blind_player() {
        for (rules, seed, deal) in crate::blind::strategies::parlett_test_deals() {
            let want = solve(&[], deal.cards(), &rules, &Budget::default());
            assert_ne!(want.verdict, Verdict::Unknown);
            let blind_play =
                |kind| play(kind, &rules, deal.cards(), true, seed, &Budget::default());
            let bound = blind_play(StrategyKind::Clairvoyant);
            assert_eq!(bound, want.piles, "{rules} seed {seed}");
            assert_eq!(Clairvoyant::new(deal.cards(), true, &rules).piles, bound);
            for kind in [
                StrategyKind::ParlettAgent,
                StrategyKind::ParlettSampler,
                StrategyKind::SlideFirst,
                StrategyKind::LeapFirst,
                StrategyKind::Random,
            ] {
                let piles = blind_play(kind);
                assert!(
                    bound <= piles,
                    "{kind} {rules} seed {seed}: {piles} < {bound}"
                );
            }
        }
    }

    #[test]
    #[should_panic(expected = "clairvoyant reads the stock")]
    fn clairvoyant_cannot_be_built_without_the_deal() {
        let _ = build(StrategyKind::Clairvoyant, &Rules::new(RuleSet::Parlett));
    }
}
