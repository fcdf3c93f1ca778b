//! The strategies, one per file; `build` makes a fresh player for one game.

mod closing;
mod endgame;
mod forced;
mod greedy;
mod lookahead;
mod parlett_agent;
mod random;
mod sampler;
mod solver;
mod sweepers;

pub use closing::{Closing, Opening};
pub use forced::ForcedPlay;
pub use greedy::Greedy;
pub use lookahead::{Evaluation, Lookahead, Search};
pub(super) use parlett_agent::phase_ends;
pub use parlett_agent::ParlettAgent;
pub use random::RandomPlay;
pub use sampler::Sampler;
pub use solver::{Clairvoyant, SolverPlay};
pub use sweepers::Sweepers;

use super::play::Strategy;
use super::strategy::StrategyKind;
use crate::budget::Budget;
use crate::card::Card;
use crate::rules::Rules;

/// A new player of this kind for one game under `rules`.
///
/// # Panics
///
/// For [`StrategyKind::Clairvoyant`], which must be handed the deal: use
/// [`Clairvoyant::new`] (or [`build_for_deal`]).
pub fn build(kind: StrategyKind, rules: &Rules) -> Box<dyn Strategy> {
    match kind {
        StrategyKind::Forced => Box::new(ForcedPlay),
        StrategyKind::SlideFirst => Box::new(Greedy::slide_first()),
        StrategyKind::LeapFirst => Box::new(Greedy::leap_first()),
        StrategyKind::Sweepers => Box::new(Sweepers::default()),
        StrategyKind::Random => Box::new(RandomPlay),
        StrategyKind::ParlettAgent => Box::new(ParlettAgent::new(rules)),
        StrategyKind::ParlettSampler => Box::new(Sampler::default()),
        StrategyKind::Solver => Box::new(SolverPlay::default()),
        StrategyKind::Lookahead(budget) => {
            Box::new(Lookahead::new(Evaluation::Plain, budget as usize))
        }
        StrategyKind::Planner(budget) => {
            Box::new(Lookahead::new(Evaluation::Sweepers, budget as usize))
        }
        StrategyKind::DepthFirst(budget) => Box::new(Lookahead::searching(
            Evaluation::Plain,
            Search::DepthFirst,
            budget as usize,
        )),
        StrategyKind::DeepPlanner(budget) => Box::new(Lookahead::searching(
            Evaluation::Sweepers,
            Search::DepthFirst,
            budget as usize,
        )),
        StrategyKind::Clairvoyant => {
            panic!("clairvoyant reads the stock: build it with Clairvoyant::new")
        }
    }
}

/// A new player of this kind for one game of `cards` (in stock order when
/// `blind`). Only [`StrategyKind::Clairvoyant`] is given the cards; every other
/// player is [`build`]'s and sees no more than its [`super::strategy::View`].
/// `budget` bounds the exact searches of `solver` and `clairvoyant` (a
/// simulation gives them no limit but its cancel flag; the others search
/// within their own per-move budgets).
pub fn build_for_deal(
    kind: StrategyKind,
    rules: &Rules,
    cards: &[Card],
    blind: bool,
    budget: &Budget,
) -> Box<dyn Strategy> {
    match kind {
        StrategyKind::Clairvoyant => Box::new(Clairvoyant::within(cards, blind, rules, budget)),
        StrategyKind::Solver => Box::new(SolverPlay::within(budget)),
        _ => build(kind, rules),
    }
}

/// The blind deals the phase players are tested on: seeds 0 to 5, of 52, 30
/// or 20 cards in turn, under Parlett's rules one-way and two-way.
#[cfg(test)]
pub(crate) fn parlett_test_deals() -> Vec<(Rules, u64, crate::deal::Deal)> {
    use crate::rules::RuleSet;
    let parlett = Rules::new(RuleSet::Parlett);
    let deal = |seed: u64| crate::deal::Deal::from_seed(seed, [52, 30, 20][seed as usize % 3]);
    [parlett, parlett.with_two_way(true)]
        .into_iter()
        .flat_map(|rules| (0..6u64).map(move |seed| (rules, seed, deal(seed).unwrap())))
        .collect()
}

/// The rule sets every player is tested under: modern, modern two-way, modern
/// with distances 2 and 3, and Parlett's.
#[cfg(test)]
pub(crate) fn test_rule_sets() -> [Rules; 4] {
    use crate::rules::{Distances, RuleSet};
    let modern = Rules::new(RuleSet::Modern);
    let two_three = Distances::new(&[2, 3]).unwrap();
    [
        modern,
        modern.with_two_way(true),
        modern.with_distances(two_three),
        Rules::new(RuleSet::Parlett),
    ]
}
