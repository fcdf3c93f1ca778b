//! Many numbered Royal Marriage deals played by a strategy, in parallel, with
//! the same totals for any number of threads: the one driver and statistics
//! type of both games ([`crate::stats`]).

use super::deal::RoyalDeal;
use super::game::RoyalGame;
use super::strategy::{play_out, Strategy};
use crate::error::{Error, Result};
use crate::pool;
use crate::rules::RuleSet;
use crate::stats::{play_chunks, DealRange};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// What a Royal Marriage simulation plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Cards per deal, 2 to 52.
    pub cards: usize,
    pub blind: bool,
    pub rules: RuleSet,
    pub strategy: Strategy,
}

/// The figures of a Royal Marriage simulation (piles = cards left; a win is
/// the royal pair alone).
pub type RoyalStats = crate::stats::Stats<Setup>;

/// Deals per chunk: a game takes microseconds (`best` solves the row once).
const CHUNK: u64 = 1 << 10;

/// Play numbered deals `seed, seed + 1, …, seed + deals - 1` on `jobs` threads
/// (`None`: one per core). A raised `cancel` flag stops early (the totals then
/// cover the chunks that finished and say so); `progress` is called from any
/// thread with the games finished so far.
///
/// Errors: `InvalidArgument` for `deals == 0`, a last deal past `2**64 - 1`,
/// `cards` outside 2..=52 or `jobs` out of range; `InvalidRules` for rules
/// other than `modern` and `parlett`.
pub fn simulate(
    setup: &Setup,
    seed: u64,
    deals: u64,
    jobs: Option<usize>,
    cancel: Option<&AtomicBool>,
    progress: Option<&(dyn Fn(u64) + Sync)>,
) -> Result<RoyalStats> {
    let range = DealRange::new(seed, deals)?;
    if !(2..=crate::deal::DECK_SIZE).contains(&setup.cards) {
        return Err(Error::argument("cards", "2 to 52", setup.cards));
    }
    let jobs = pool::check_jobs(jobs.map(|j| j as u64))?;
    RoyalGame::new(RoyalDeal::from_seed(0, 2)?, setup.blind, setup.rules)?;
    let start = Instant::now();
    let (histogram, cancelled) = play_chunks(
        range,
        CHUNK,
        jobs,
        cancel,
        progress,
        |first, count, histogram| {
            // Never `first..first + count`: the last deal may be 2**64 - 1.
            for number in (0..count).map(|i| first + i) {
                let deal = RoyalDeal::from_seed(number, setup.cards).expect("cards checked");
                let outcome = play_out(deal, setup.blind, setup.rules, setup.strategy)
                    .expect("rules checked");
                histogram[outcome.cards] += 1;
            }
        },
    );
    let mut stats = RoyalStats::of_histogram(*setup, seed, histogram, 2);
    stats.cancelled = cancelled;
    stats.seconds = start.elapsed().as_secs_f64();
    Ok(stats)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn totals_do_not_depend_on_the_thread_count() {
        let setup = Setup {
            cards: 52,
            blind: true,
            rules: RuleSet::Parlett,
            strategy: Strategy::Greedy,
        };
        let one = simulate(&setup, 10, 500, Some(1), None, None).unwrap();
        let two = simulate(&setup, 10, 500, Some(2), None, None).unwrap();
        assert_eq!(one.histogram, two.histogram);
        assert_eq!(one.deals, 500);
        assert_eq!(one.histogram.iter().sum::<u64>(), 500);
        assert_eq!(one.histogram[2], one.wins);
        let (lo, hi) = one.ci95;
        let rate = one.wins as f64 / 500.0;
        assert!(lo < rate && rate < hi && hi - lo < 0.1, "{lo} {hi}");
        let stopped = simulate(
            &setup,
            10,
            5000,
            Some(2),
            Some(&AtomicBool::new(true)),
            None,
        )
        .unwrap();
        assert_eq!(stopped.deals, 0);
        assert!(stopped.cancelled);
    }

    #[test]
    fn bad_numbers_are_refused_by_name() {
        let setup = Setup {
            cards: 52,
            blind: false,
            rules: RuleSet::Modern,
            strategy: Strategy::Greedy,
        };
        for (setup, seed, deals, jobs, name) in [
            (setup, 0, 0, None, "deals"),
            (setup, u64::MAX, 2, None, "deals"),
            (Setup { cards: 1, ..setup }, 0, 1, None, "cards"),
            (setup, 0, 1, Some(0), "jobs"),
            (setup, 0, 1, Some(100_000), "jobs"),
        ] {
            match simulate(&setup, seed, deals, jobs, None, None) {
                Err(Error::InvalidArgument { argument, .. }) => assert_eq!(argument, name),
                other => panic!("{name}: {other:?}"),
            }
        }
        let strict = Setup {
            rules: RuleSet::Strict,
            ..setup
        };
        assert!(matches!(
            simulate(&strict, 0, 1, None, None, None),
            Err(Error::InvalidRules(_))
        ));
    }
}
