//! What a simulation of Accordion found: its [`Setup`] and the share of each
//! grade. The figures themselves (histogram, wins, Wilson interval, mean) are
//! the one [`crate::stats::Stats`] of both games.

use super::strategy::StrategyKind;
use crate::game::Grade;
use crate::rules::Rules;
use crate::stats::Histogram;

/// The share of games in each grade of `docs/rules.md`.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct GradeShares {
    /// 1 pile.
    pub win: f64,
    /// 2–3 piles.
    pub strong: f64,
    /// 4–5 piles.
    pub moral_victory: f64,
    /// 6 piles or more.
    pub loss: f64,
}

impl GradeShares {
    pub fn of_histogram(histogram: &Histogram) -> GradeShares {
        let total: u64 = histogram.iter().sum();
        let mut counts = [0u64; 4];
        for (piles, &count) in histogram.iter().enumerate() {
            counts[Grade::of_piles(piles) as usize] += count;
        }
        let share = |count: u64| {
            if total == 0 {
                0.0
            } else {
                count as f64 / total as f64
            }
        };
        GradeShares {
            win: share(counts[Grade::Win as usize]),
            strong: share(counts[Grade::Strong as usize]),
            moral_victory: share(counts[Grade::MoralVictory as usize]),
            loss: share(counts[Grade::Loss as usize]),
        }
    }
}

/// What an Accordion simulation played.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Setup {
    pub rules: Rules,
    pub strategy: StrategyKind,
    pub blind: bool,
    /// Cards per deal.
    pub cards: usize,
}

/// The figures of an Accordion simulation.
pub type Stats = crate::stats::Stats<Setup>;

impl Stats {
    /// The share of games in each grade.
    pub fn grades(&self) -> GradeShares {
        GradeShares::of_histogram(&self.histogram)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grade_shares_and_mean_come_from_the_histogram() {
        let mut histogram = [0u64; 53];
        histogram[1] = 1;
        histogram[3] = 1;
        histogram[4] = 1;
        histogram[12] = 1;
        let setup = Setup {
            rules: Rules::default(),
            strategy: StrategyKind::SlideFirst,
            blind: true,
            cards: 52,
        };
        let stats = Stats::of_histogram(setup, 0, histogram, 1);
        assert_eq!((stats.deals, stats.wins), (4, 1));
        assert!((stats.mean_piles - 5.0).abs() < 1e-12);
        assert_eq!(
            stats.grades(),
            GradeShares {
                win: 0.25,
                strong: 0.25,
                moral_victory: 0.25,
                loss: 0.25
            }
        );
    }
}
