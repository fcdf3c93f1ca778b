//! Statistics of a simulation: wins with a Wilson score interval, the histogram
//! of piles left, the mean and the share of each grade.

use super::strategy::StrategyKind;
use crate::game::Grade;
use crate::rules::Rules;

/// The two-sided 95% normal quantile, `Φ⁻¹(0.975)`.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval (Wilson 1927) for `successes` out of `trials` at
/// normal quantile `z`, without continuity correction:
/// `(p + z²/2n ± z·√(p(1−p)/n + z²/4n²)) / (1 + z²/n)`, clamped to `[0, 1]`.
/// With no trials it is the whole of `[0, 1]`.
///
/// ```
/// use accordion::blind::stats::{wilson, Z95};
/// let (lo, hi) = wilson(5, 10, Z95);
/// assert!((lo - 0.2366).abs() < 1e-4 && (hi - 0.7634).abs() < 1e-4);
/// ```
pub fn wilson(successes: u64, trials: u64, z: f64) -> (f64, f64) {
    if trials == 0 {
        return (0.0, 1.0);
    }
    let n = trials as f64;
    let p = successes as f64 / n;
    let z2 = z * z;
    let denominator = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denominator;
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denominator;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Piles left → number of games; index 0 is never used (a game keeps a pile).
pub type Histogram = [u64; 53];

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

/// What a simulation found.
#[derive(Clone, Debug, PartialEq)]
pub struct Stats {
    pub rules: Rules,
    pub strategy: StrategyKind,
    pub blind: bool,
    /// Cards per deal.
    pub cards: usize,
    /// Games played (fewer than asked when cancelled).
    pub deals: u64,
    /// The first numbered deal; deal `i` of the run is `seed + i` (mod 2^64).
    pub seed: u64,
    /// Games that ended in one pile.
    pub wins: u64,
    pub histogram: Histogram,
    pub mean_piles: f64,
    /// The 95% Wilson interval of the win rate.
    pub ci95: (f64, f64),
    pub grades: GradeShares,
    /// Wall-clock time of the run.
    pub seconds: f64,
    /// The run was stopped early: `deals` games of whole chunks were played,
    /// not necessarily the first ones.
    pub cancelled: bool,
}

impl Stats {
    /// The figures of a histogram; the description fields are set by the caller.
    pub(crate) fn of_histogram(
        histogram: &Histogram,
        rules: Rules,
        strategy: StrategyKind,
        blind: bool,
        cards: usize,
        seed: u64,
    ) -> Stats {
        let deals: u64 = histogram.iter().sum();
        let wins = histogram[1];
        let pile_sum: u64 = histogram
            .iter()
            .enumerate()
            .map(|(piles, &count)| piles as u64 * count)
            .sum();
        Stats {
            rules,
            strategy,
            blind,
            cards,
            deals,
            seed,
            wins,
            histogram: *histogram,
            mean_piles: if deals == 0 {
                0.0
            } else {
                pile_sum as f64 / deals as f64
            },
            ci95: wilson(wins, deals, Z95),
            grades: GradeShares::of_histogram(histogram),
            seconds: 0.0,
            cancelled: false,
        }
    }

    /// Wins over games.
    pub fn win_rate(&self) -> f64 {
        if self.deals == 0 {
            0.0
        } else {
            self.wins as f64 / self.deals as f64
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The closed formula written out again, independently of `wilson`.
    #[allow(clippy::many_single_char_names)] // the textbook's letters
    fn closed_formula(k: f64, n: f64) -> (f64, f64) {
        let z = 1.959_963_984_540_054_f64;
        let p = k / n;
        let a = 2.0 * n * p + z * z;
        let b = z * (z * z + 4.0 * n * p * (1.0 - p)).sqrt();
        let c = 2.0 * (n + z * z);
        ((a - b) / c, (a + b) / c)
    }

    fn close(got: (f64, f64), want: (f64, f64), tolerance: f64) {
        assert!(
            (got.0 - want.0).abs() < tolerance && (got.1 - want.1).abs() < tolerance,
            "{got:?} vs {want:?}"
        );
    }

    #[test]
    fn wilson_matches_the_closed_formula() {
        for (k, n) in [
            (0, 10),
            (5, 10),
            (56, 86_400),
            (37, 86_400),
            (10, 10),
            (1, 1_000_000),
        ] {
            close(wilson(k, n, Z95), closed_formula(k as f64, n as f64), 1e-12);
        }
        // 0 of 10: the lower end is exactly 0, the upper z²/(n + z²).
        let (lo, hi) = wilson(0, 10, Z95);
        assert!(lo.abs() < 1e-15);
        assert!((hi - Z95 * Z95 / (10.0 + Z95 * Z95)).abs() < 1e-12);
        // 56 of 86,400 (the published strict figure).
        close(wilson(56, 86_400, Z95), (0.000_499_20, 0.000_841_49), 1e-8);
    }

    #[test]
    fn wilson_matches_newcombes_published_table() {
        // Newcombe (1998), Statistics in Medicine 17:857–872, Table I, method 3
        // (score interval without continuity correction).
        close(wilson(81, 263, Z95), (0.2553, 0.3662), 6e-5);
        close(wilson(15, 148, Z95), (0.0624, 0.1605), 6e-5);
        close(wilson(0, 20, Z95), (0.0, 0.1611), 6e-5);
        close(wilson(1, 29, Z95), (0.0061, 0.1718), 6e-5);
    }

    #[test]
    fn grade_shares_and_mean_come_from_the_histogram() {
        let mut histogram = [0u64; 53];
        histogram[1] = 1;
        histogram[3] = 1;
        histogram[4] = 1;
        histogram[12] = 1;
        let stats = Stats::of_histogram(
            &histogram,
            Rules::default(),
            StrategyKind::SlideFirst,
            true,
            52,
            0,
        );
        assert_eq!((stats.deals, stats.wins), (4, 1));
        assert!((stats.mean_piles - 5.0).abs() < 1e-12);
        assert_eq!(
            stats.grades,
            GradeShares {
                win: 0.25,
                strong: 0.25,
                moral_victory: 0.25,
                loss: 0.25
            }
        );
    }
}
