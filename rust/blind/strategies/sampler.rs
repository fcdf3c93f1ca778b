//! `parlett-sampler`: blind `parlett` play by determinised sampling, each
//! sample scored by the exact solver. It knows the unseen cards as a set, never
//! their order.
//!
//! As for `parlett-agent`, each phase between two deals is a puzzle whose only
//! uncertainty is what comes after it, and the decision is which stuck row to
//! end it in. At the first decision of a phase the sampler:
//!
//! 1. lists the stuck rows the phase can end in (`parlett-agent`'s search);
//!    if there is one, or the stock is empty, plays as the agent does;
//! 2. otherwise draws `samples` orderings of the unseen cards (uniformly, from
//!    its own generator; the same orderings for every candidate), and for each
//!    candidate and ordering asks the solver for the fewest piles the
//!    candidate reaches, under `parlett`, if the next `horizon` cards of the
//!    stock came in that order (the whole stock when it is no longer than the
//!    horizon), searching at most `nodes` positions per question;
//! 3. plays towards the candidate that is won on most orderings where the
//!    horizon reaches the end of the stock, then with the fewest piles summed
//!    over the orderings; ties go to the candidate found first.
//!
//! It then follows the line as the agent does.

use super::parlett_agent::{
    best_over_orderings, choose_end, phase_ends, Candidate, PhaseLine, PlaysPhases,
};
use crate::blind::strategy::View;
use crate::budget::Budget;
use crate::deal::SplitMix64;
use crate::rules::Step;
use crate::solver::solve;

/// Sampled orderings scored by the solver over a horizon of stock cards.
#[derive(Clone, Debug)]
pub struct Sampler {
    samples: usize,
    horizon: usize,
    nodes: u64,
    line: PhaseLine,
}

impl Default for Sampler {
    fn default() -> Sampler {
        Sampler::new(Sampler::SAMPLES, Sampler::HORIZON, Sampler::NODES)
    }
}

impl Sampler {
    /// Orderings per decision.
    /// (8 to 512 tried on deals 1-10,000, `benches/blind_sampler.rs`.)
    pub const SAMPLES: usize = 64;
    /// Stock cards each ordering looks ahead (tried on deals 1-3,000: 2, 4,
    /// 6, 10, 20 and the whole stock; on deals 1-10,000: 2, 4, 8, 12; see
    /// `docs/results.md`).
    pub const HORIZON: usize = 8;
    /// Positions the solver may search per candidate and ordering.
    pub const NODES: u64 = 2_000;
    /// Rows expanded per phase search (as the agent).
    pub(super) const PHASE_BUDGET: usize = 4_000;

    pub fn new(samples: usize, horizon: usize, nodes: u64) -> Sampler {
        Sampler {
            samples: samples.max(1),
            horizon: horizon.max(1),
            nodes: nodes.max(1),
            line: PhaseLine::default(),
        }
    }

    /// Rule 3: most wins where the horizon reaches the end, then fewest piles.
    pub(super) fn best_by_solving(
        &self,
        view: &View<'_>,
        candidates: &[Candidate],
        rng: &mut SplitMix64,
    ) -> usize {
        let budget = Budget {
            max_nodes: Some(self.nodes),
            ..Budget::default()
        };
        best_over_orderings(view, candidates, self.samples, rng, |row, stock| {
            let ahead = stock.len().min(self.horizon);
            let found = solve(row, &stock[..ahead], view.rules, &budget);
            (ahead == stock.len() && found.piles == 1, found.piles)
        })
    }
}

impl PlaysPhases for Sampler {
    fn line(&mut self) -> &mut PhaseLine {
        &mut self.line
    }

    /// The line to the stuck row chosen for this phase (rules 1-3).
    fn plan_phase(&mut self, view: &View<'_>, rng: &mut SplitMix64) -> Vec<Step> {
        let candidates = phase_ends(view.rules, view.tops, Self::PHASE_BUDGET);
        choose_end(candidates, view, |candidates| {
            self.best_by_solving(view, candidates, rng)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blind::play::testing::replayed;

    /// Every action is legal in the core's reference game (`Game` checks each
    /// one), and the game ends where the referee says.
    #[test]
    fn plays_only_legal_moves_replayed_through_the_game() {
        for (rules, seed, deal) in crate::blind::strategies::parlett_test_deals() {
            replayed(&rules, &mut Sampler::new(4, 4, 200), &deal, true, seed);
        }
    }
}
