//! The strategies, one per file; `build` makes a fresh player for one game.

mod forced;
mod greedy;
mod parlett_agent;
mod random;
mod sweepers;

pub use forced::ForcedPlay;
pub use greedy::Greedy;
pub use parlett_agent::ParlettAgent;
pub use random::RandomPlay;
pub use sweepers::Sweepers;

use super::strategy::{Strategy, StrategyKind};
use crate::rules::Rules;

/// A new player of this kind for one game under `rules`.
pub fn build(kind: StrategyKind, rules: &Rules) -> Box<dyn Strategy> {
    match kind {
        StrategyKind::Forced => Box::new(ForcedPlay),
        StrategyKind::SlideFirst => Box::new(Greedy::slide_first()),
        StrategyKind::LeapFirst => Box::new(Greedy::leap_first()),
        StrategyKind::Sweepers => Box::new(Sweepers::default()),
        StrategyKind::Random => Box::new(RandomPlay),
        StrategyKind::ParlettAgent => Box::new(ParlettAgent::new(rules)),
    }
}
