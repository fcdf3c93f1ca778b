//! The statistics of a simulation, for both games: the one [`Stats`] type (a
//! histogram of piles left, wins with the one [`wilson`] interval, the mean),
//! the checked range of numbered deals a run plays ([`DealRange`]), what every
//! game's simulation takes besides what it plays ([`Run`]: the deals, threads,
//! cancel flag and progress report) and plays its deals with, and the one
//! parallel driver ([`play_chunks`]) under it.
//!
//! A Royal Marriage card is a pile of one, so "piles left" is "cards left" there.

use crate::budget::Budget;
use crate::deal::DECK_SIZE;
use crate::error::{Error, Result};
use crate::pool;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// The two-sided 95% normal quantile, `Φ⁻¹(0.975)`.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval (Wilson 1927) for `successes` out of `trials` at
/// normal quantile `z`, without continuity correction:
/// `(p + z²/2n ± z·√(p(1−p)/n + z²/4n²)) / (1 + z²/n)`, clamped to `[0, 1]`.
/// With no trials it is the whole of `[0, 1]`. With no success the lower end is
/// exactly 0, and with every trial a success the upper end exactly 1, as the
/// formula gives them (rounding left ~1e-17 above 0 and 1 − 1e-16 there).
///
/// ```
/// use accordion::stats::{wilson, Z95};
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
    let lo = if successes == 0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let hi = if successes >= trials {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    (lo, hi)
}

/// Piles left → number of games.
pub type Histogram = [u64; DECK_SIZE + 1];

/// The sum of two histograms.
pub fn merged(mut a: Histogram, b: Histogram) -> Histogram {
    for (x, y) in a.iter_mut().zip(b) {
        *x += y;
    }
    a
}

/// What a simulation found; `Setup` says what was simulated (each game's own).
#[derive(Clone, Debug, PartialEq)]
pub struct Stats<Setup> {
    pub setup: Setup,
    /// The first numbered deal; deal `i` of the run is `seed + i`.
    pub seed: u64,
    /// Games played (fewer than asked when cancelled).
    pub deals: u64,
    /// Games won (one pile; Royal Marriage: the royal pair alone).
    pub wins: u64,
    pub histogram: Histogram,
    /// The mean of the piles left, 0 when no game was played.
    pub mean_piles: f64,
    /// The 95% Wilson interval of the win rate.
    pub ci95: (f64, f64),
    /// Wall-clock time of the run.
    pub seconds: f64,
    /// The run was stopped early: `deals` games of whole chunks were played,
    /// not necessarily the first ones.
    pub cancelled: bool,
}

impl<Setup> Stats<Setup> {
    /// The figures of `histogram`, a game being won when it ends with `win_at` piles.
    ///
    /// The deals are at most `2**64 - 1` in all (see [`deals_in`]; a caller with
    /// counts from elsewhere checks them first), and the piles are summed in 128
    /// bits: 52 piles times `2**64` deals fits, so the mean of many deals is exact.
    pub fn of_histogram(setup: Setup, seed: u64, histogram: Histogram, win_at: usize) -> Self {
        let deals = deals_in(&histogram).unwrap_or(u64::MAX);
        let wins = histogram[win_at];
        let pile_sum: u128 = histogram
            .iter()
            .enumerate()
            .map(|(piles, &count)| piles as u128 * u128::from(count))
            .sum();
        Stats {
            setup,
            seed,
            deals,
            wins,
            histogram,
            mean_piles: if deals == 0 {
                0.0
            } else {
                pile_sum as f64 / deals as f64
            },
            ci95: wilson(wins, deals, Z95),
            seconds: 0.0,
            cancelled: false,
        }
    }

    /// Wins over games (0 when none was played).
    pub fn win_rate(&self) -> f64 {
        if self.deals == 0 {
            0.0
        } else {
            self.wins as f64 / self.deals as f64
        }
    }
}

/// The deals a histogram counts, or `None` when they are more than `2**64 - 1`
/// (counts read from Python or a pickle, which a run could not have played).
pub fn deals_in(histogram: &Histogram) -> Option<u64> {
    histogram
        .iter()
        .try_fold(0u64, |total, &count| total.checked_add(count))
}

/// The numbered deals a run plays: `seed, seed + 1, …, seed + deals - 1`,
/// checked: at least one deal, and the last one at most `2**64 - 1`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DealRange {
    pub seed: u64,
    pub deals: u64,
}

impl DealRange {
    pub fn new(seed: u64, deals: u64) -> Result<DealRange> {
        if deals == 0 {
            return Err(Error::argument("deals", "1 to 2**64 - 1", 0));
        }
        if seed.checked_add(deals - 1).is_none() {
            return Err(Error::InvalidArgument {
                argument: "deals",
                message: format!(
                    "seed + deals - 1 must be at most 2**64 - 1 (the last deal number), \
                     got seed {seed} and deals {deals}"
                ),
            });
        }
        Ok(DealRange { seed, deals })
    }
}

/// How a simulation runs, whatever the game: the numbered deals `seed, seed + 1,
/// …, seed + deals - 1`, on `jobs` threads (`None`: one per core; see
/// [`crate::pool`]); a raised `cancel` flag stops it early, within a deal (the
/// totals then cover the chunks that finished before it and say so);
/// `progress` is called, from any thread, with the number of games finished
/// so far, after each chunk.
///
/// ```
/// use accordion::stats::Run;
/// let run = Run::new(1, 1000).jobs(Some(2));
/// assert_eq!((run.seed, run.deals, run.jobs), (1, 1000, Some(2)));
/// ```
#[derive(Clone, Copy)]
pub struct Run<'a> {
    pub seed: u64,
    pub deals: u64,
    pub jobs: Option<usize>,
    pub cancel: Option<&'a Arc<AtomicBool>>,
    pub progress: Option<&'a (dyn Fn(u64) + Sync)>,
}

impl<'a> Run<'a> {
    /// `deals` deals from `seed` on, one thread per core, no cancel flag, no report.
    pub fn new(seed: u64, deals: u64) -> Run<'a> {
        Run {
            seed,
            deals,
            jobs: None,
            cancel: None,
            progress: None,
        }
    }

    /// The same run on `jobs` threads.
    #[must_use]
    pub fn jobs(self, jobs: Option<usize>) -> Run<'a> {
        Run { jobs, ..self }
    }

    /// The same run, stopped early by `cancel`.
    #[must_use]
    pub fn cancel(self, cancel: Option<&'a Arc<AtomicBool>>) -> Run<'a> {
        Run { cancel, ..self }
    }

    /// The same run, reporting to `progress`.
    #[must_use]
    pub fn progress(self, progress: Option<&'a (dyn Fn(u64) + Sync)>) -> Run<'a> {
        Run { progress, ..self }
    }

    /// The run's deals, checked ([`DealRange::new`]); a game's simulation
    /// checks them before anything else.
    pub fn range(&self) -> Result<DealRange> {
        DealRange::new(self.seed, self.deals)
    }

    /// Play the run, in chunks of `chunk` deals: `play(first, count, histogram,
    /// budget)` plays deals `first .. first + count` into a chunk's histogram
    /// ([`play_chunks`]), its searches bounded by `budget` (no limit but the
    /// cancel flag; see [`deal_by_deal`]). The statistics of `setup`, a game
    /// being won when it leaves `won_at` pieces, with the time the run took.
    ///
    /// Errors: `InvalidArgument` for `deals == 0`, a last deal past
    /// `2**64 - 1` or `jobs` out of range.
    pub fn play<Setup>(
        self,
        setup: Setup,
        won_at: usize,
        chunk: u64,
        play: impl Fn(u64, u64, &mut Histogram, &Budget) + Sync,
    ) -> Result<Stats<Setup>> {
        let range = self.range()?;
        let jobs = pool::check_jobs(self.jobs.map(|j| j as u64))?;
        let start = Instant::now();
        let budget = Budget::until_cancelled(self.cancel);
        let (histogram, cancelled) = play_chunks(
            range,
            chunk,
            jobs,
            self.cancel.map(AsRef::as_ref),
            self.progress,
            |first, count, histogram| play(first, count, histogram, &budget),
        );
        let mut stats = Stats::of_histogram(setup, self.seed, histogram, won_at);
        stats.cancelled = cancelled;
        stats.seconds = start.elapsed().as_secs_f64();
        Ok(stats)
    }
}

/// Play deals `first .. first + count` one by one into `histogram`, `play`
/// giving the pieces each leaves; returns at once when `budget`'s cancel flag
/// is raised (a deal whose search the flag cut short is no result, and the
/// chunk is dropped: see [`play_chunks`]).
pub fn deal_by_deal(
    first: u64,
    count: u64,
    histogram: &mut Histogram,
    budget: &Budget,
    mut play: impl FnMut(u64) -> usize,
) {
    // Never `first..first + count`: the last deal may be 2**64 - 1.
    for number in (0..count).map(|i| first + i) {
        if budget.is_cancelled() {
            return;
        }
        histogram[play(number)] += 1;
    }
}

/// Play the deals of `range` in chunks of `chunk` on `jobs` threads
/// ([`pool::install`]), `play(first, count, &mut histogram)` playing deals
/// `first .. first + count` (numbers, not offsets) into a chunk's histogram.
///
/// `cancel` stops the run: no chunk starts once it is raised, and `play`
/// should look at it between deals and return early (a deal whose search the
/// flag cut short is no result). A chunk during which the flag was raised is
/// dropped whole, so the result covers the chunks that finished before it,
/// and says so. `progress` is
/// called from any thread with the number of games finished so far, after
/// each chunk. The histogram is a sum of integers, so it is the same for any
/// `jobs` and any schedule.
///
/// The loop is a short-circuiting `try_for_each`: once `cancel` is seen, rayon
/// stops handing out the chunks not yet started, rather than visiting each
/// remaining index to skip it (2**52 deals are 2**38 indices: hours of
/// skipping). Each finished chunk adds into one shared histogram of atomics,
/// so that what a cancelled run finished is kept whichever split it ran in.
pub fn play_chunks(
    range: DealRange,
    chunk: u64,
    jobs: Option<usize>,
    cancel: Option<&AtomicBool>,
    progress: Option<&(dyn Fn(u64) + Sync)>,
    play: impl Fn(u64, u64, &mut Histogram) + Sync,
) -> (Histogram, bool) {
    let chunk = chunk.max(1);
    let chunks = range.deals.div_ceil(chunk);
    let done = AtomicU64::new(0);
    let total: [AtomicU64; DECK_SIZE + 1] = std::array::from_fn(|_| AtomicU64::new(0));
    let cancelled = || cancel.is_some_and(|flag| flag.load(Ordering::Relaxed));
    let run_chunk = |index: u64| -> std::result::Result<(), Cancelled> {
        if cancelled() {
            return Err(Cancelled);
        }
        let mut histogram = [0u64; DECK_SIZE + 1];
        let first = index * chunk;
        let count = chunk.min(range.deals - first);
        play(range.seed + first, count, &mut histogram);
        if cancelled() {
            return Err(Cancelled);
        }
        for (sum, piles) in total.iter().zip(histogram) {
            if piles > 0 {
                sum.fetch_add(piles, Ordering::Relaxed);
            }
        }
        let finished = done.fetch_add(count, Ordering::Relaxed) + count;
        if let Some(report) = progress {
            report(finished);
        }
        Ok(())
    };
    // Err only says "stopped": what finished is in `total` either way.
    let _ = pool::install(jobs, || (0..chunks).into_par_iter().try_for_each(run_chunk));
    let histogram: Histogram = std::array::from_fn(|i| total[i].load(Ordering::Relaxed));
    let played: u64 = histogram.iter().sum();
    (histogram, played < range.deals)
}

/// A run stopped by its cancel flag (the short circuit of [`play_chunks`]).
#[derive(Debug)]
struct Cancelled;

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
        assert_eq!(wilson(0, 0, Z95), (0.0, 1.0));
    }

    #[test]
    #[allow(clippy::float_cmp)] // exactly 0 and 1: exactness is what is tested
    fn wilson_ends_are_exact_at_no_success_and_all_successes() {
        for n in 1..=500 {
            let (lo, hi) = wilson(0, n, Z95);
            assert_eq!(lo, 0.0, "0 of {n}");
            assert!(hi > 0.0 && hi < 1.0, "0 of {n}: {hi}");
            let (lo, hi) = wilson(n, n, Z95);
            assert_eq!(hi, 1.0, "{n} of {n}");
            assert!(lo > 0.0 && lo < 1.0, "{n} of {n}: {lo}");
            // Inside, the ends are strictly inside [0, 1].
            for k in [1, n / 2, n - 1].into_iter().filter(|&k| 0 < k && k < n) {
                let (lo, hi) = wilson(k, n, Z95);
                assert!(0.0 < lo && lo < hi && hi < 1.0, "{k} of {n}: {lo} {hi}");
            }
        }
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
    fn the_figures_come_from_the_histogram() {
        let mut histogram = [0u64; DECK_SIZE + 1];
        histogram[2] = 3;
        histogram[7] = 1;
        let stats = Stats::of_histogram((), 5, histogram, 2);
        assert_eq!((stats.deals, stats.wins, stats.seed), (4, 3, 5));
        assert!((stats.mean_piles - 13.0 / 4.0).abs() < 1e-12);
        assert!((stats.win_rate() - 0.75).abs() < 1e-12);
        assert_eq!(stats.ci95, wilson(3, 4, Z95));
        let none = Stats::of_histogram((), 0, [0; DECK_SIZE + 1], 1);
        assert_eq!((none.mean_piles, none.win_rate()), (0.0, 0.0));
    }

    #[test]
    fn many_deals_neither_wrap_nor_lose_their_mean() {
        // 5 piles times 2**63 deals is past 64 bits: the mean read 1 when the sum wrapped.
        let mut histogram = [0u64; DECK_SIZE + 1];
        histogram[5] = 1 << 63;
        let stats = Stats::of_histogram((), 1, histogram, 1);
        assert_eq!((stats.deals, stats.mean_piles), (1 << 63, 5.0));
        assert_eq!(deals_in(&histogram), Some(1 << 63));
        histogram[6] = 1 << 63;
        assert_eq!(deals_in(&histogram), None);
        histogram[6] = (1 << 63) - 1;
        assert_eq!(deals_in(&histogram), Some(u64::MAX));
    }

    #[test]
    fn deal_ranges_are_checked_at_both_ends() {
        assert!(DealRange::new(0, 1).is_ok());
        assert!(DealRange::new(u64::MAX, 1).is_ok());
        assert!(DealRange::new(u64::MAX - 9, 10).is_ok());
        for (seed, deals) in [(0, 0), (u64::MAX, 2), (u64::MAX - 9, 11)] {
            let err = DealRange::new(seed, deals).unwrap_err();
            assert!(
                matches!(
                    err,
                    Error::InvalidArgument {
                        argument: "deals",
                        ..
                    }
                ),
                "{err}"
            );
        }
    }

    #[test]
    fn chunks_cover_every_deal_once_for_any_jobs_and_cancel_stops() {
        let range = DealRange::new(10, 1000).unwrap();
        let play = |first: u64, count: u64, h: &mut Histogram| {
            for n in (0..count).map(|i| first + i) {
                h[(n % 53) as usize] += 1;
            }
        };
        let (one, stopped) = play_chunks(range, 7, Some(1), None, None, play);
        let (two, _) = play_chunks(range, 64, Some(2), None, None, play);
        assert!(!stopped);
        assert_eq!(one, two);
        let mut want = [0u64; DECK_SIZE + 1];
        play(10, 1000, &mut want);
        assert_eq!(one, want);
        let last = AtomicU64::new(0);
        let report = |n: u64| {
            last.fetch_max(n, Ordering::Relaxed);
        };
        play_chunks(range, 100, Some(2), None, Some(&report), play);
        assert_eq!(last.load(Ordering::Relaxed), 1000);
        let (none, stopped) =
            play_chunks(range, 7, Some(2), Some(&AtomicBool::new(true)), None, play);
        assert!(stopped);
        assert_eq!(none.iter().sum::<u64>(), 0);
        // A range of 2**52 deals cancelled by its first chunk stops at once
        // (before the short circuit it visited 2**49 chunk indices), and what
        // the flag cut short is not counted.
        let huge = DealRange::new(0, 1 << 52).unwrap();
        let flag = AtomicBool::new(false);
        let stop_at_once = |first: u64, count: u64, h: &mut Histogram| {
            flag.store(true, Ordering::Relaxed);
            play(first, count, h);
        };
        let started = std::time::Instant::now();
        let (some, stopped) = play_chunks(huge, 8, Some(2), Some(&flag), None, stop_at_once);
        assert!(stopped);
        // Each chunk raised the flag while it played: every one is dropped.
        assert_eq!(some.iter().sum::<u64>(), 0);
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
        // The very last deal number is played.
        let last = DealRange::new(u64::MAX, 1).unwrap();
        let (one, _) = play_chunks(last, 7, Some(1), None, None, play);
        assert_eq!(one[(u64::MAX % 53) as usize], 1);
    }
}
