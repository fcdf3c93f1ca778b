//! Many numbered deals played by a strategy, in parallel, with the same totals
//! for any number of threads.

use super::deal::RoyalDeal;
use super::strategy::{play_out, Strategy};
use crate::deal::DECK_SIZE;
use crate::error::{Error, Result};
use crate::rules::RuleSet;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};

/// Totals over the deals played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SimulationStats {
    pub deals: u64,
    pub wins: u64,
    /// `histogram[c]` = games that ended with `c` cards left.
    pub histogram: Vec<u64>,
}

impl SimulationStats {
    pub fn empty() -> Self {
        SimulationStats {
            deals: 0,
            wins: 0,
            histogram: vec![0; DECK_SIZE + 1],
        }
    }

    #[must_use]
    pub fn merged(mut self, other: SimulationStats) -> Self {
        self.deals += other.deals;
        self.wins += other.wins;
        for (mine, theirs) in self.histogram.iter_mut().zip(other.histogram) {
            *mine += theirs;
        }
        self
    }

    /// The 95% Wilson score interval of the win rate.
    pub fn ci95(&self) -> (f64, f64) {
        if self.deals == 0 {
            return (0.0, 1.0);
        }
        let (n, p, z) = (
            self.deals as f64,
            self.wins as f64 / self.deals as f64,
            1.96,
        );
        let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
        let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
        ((centre - half).max(0.0), (centre + half).min(1.0))
    }

    pub fn mean_cards(&self) -> f64 {
        let total: u64 = self
            .histogram
            .iter()
            .enumerate()
            .map(|(cards, &n)| cards as u64 * n)
            .sum();
        total as f64 / self.deals.max(1) as f64
    }
}

/// What to simulate.
#[derive(Copy, Clone, Debug)]
pub struct SimulationSpec {
    pub cards: usize,
    pub blind: bool,
    pub rules: RuleSet,
    pub strategy: Strategy,
    pub seed: u64,
    pub deals: u64,
    /// Worker threads; 0 = rayon's default.
    pub jobs: usize,
}

/// Play numbered deals `seed, seed + 1, …, seed + deals - 1` (wrapping at 2^64).
/// A set `cancel` flag stops early; the totals then cover the deals played.
pub fn simulate(spec: &SimulationSpec, cancel: Option<&AtomicBool>) -> Result<SimulationStats> {
    RoyalDeal::from_seed(spec.seed, spec.cards)?;
    crate::royal::RoyalGame::new(RoyalDeal::from_seed(0, 2)?, spec.blind, spec.rules)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(spec.jobs)
        .build()
        .map_err(|e| Error::InvalidRules(format!("cannot start {} threads: {e}", spec.jobs)))?;
    let stats = pool.install(|| {
        (0..spec.deals)
            .into_par_iter()
            .fold(SimulationStats::empty, |mut stats, i| {
                if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
                    return stats;
                }
                let deal = RoyalDeal::from_seed(spec.seed.wrapping_add(i), spec.cards)
                    .expect("checked above");
                let outcome =
                    play_out(deal, spec.blind, spec.rules, spec.strategy).expect("checked above");
                stats.deals += 1;
                stats.wins += u64::from(outcome.won);
                stats.histogram[outcome.cards] += 1;
                stats
            })
            .reduce(SimulationStats::empty, SimulationStats::merged)
    });
    Ok(stats)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn totals_do_not_depend_on_the_thread_count() {
        let spec = |jobs| SimulationSpec {
            cards: 52,
            blind: true,
            rules: RuleSet::Parlett,
            strategy: Strategy::Greedy,
            seed: 10,
            deals: 500,
            jobs,
        };
        let one = simulate(&spec(1), None).unwrap();
        assert_eq!(one, simulate(&spec(2), None).unwrap());
        assert_eq!(one.deals, 500);
        assert_eq!(one.histogram.iter().sum::<u64>(), 500);
        assert_eq!(one.histogram[2], one.wins);
        let (lo, hi) = one.ci95();
        let rate = one.wins as f64 / 500.0;
        assert!(lo < rate && rate < hi && hi - lo < 0.1, "{lo} {hi}");
        let stopped = simulate(&spec(2), Some(&AtomicBool::new(true))).unwrap();
        assert_eq!(stopped.deals, 0);
    }
}
