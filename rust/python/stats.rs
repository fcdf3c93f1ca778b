//! What every game's statistics object shares in Python: the histogram as a
//! dict, the `stats` JSON object, the repr, and the runner that calls a
//! simulation with the GIL released, Ctrl-C honoured and progress reported.

use super::args::{whole, Arg, Blind, Cards, Elapsed, Given, Jobs, Seed, StrategyName};
use super::interrupt::run_interruptible_polling;
use crate::error::Error;
use crate::stats::{DealRange, Histogram, Run, Stats};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

/// Final piles → deals, for every pile count that occurred, in increasing order;
/// keys as ints (`histogram`) or as str (the JSON object's `piles_histogram`).
pub fn histogram_dict<'py>(
    py: Python<'py>,
    histogram: &Histogram,
    str_keys: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    for (piles, &count) in histogram.iter().enumerate() {
        if count > 0 {
            if str_keys {
                dict.set_item(piles.to_string(), count)?;
            } else {
                dict.set_item(piles, count)?;
            }
        }
    }
    Ok(dict)
}

/// The JSON object of docs/contract.md `stats` as both games write it: `rules`,
/// `strategy`, `mode`, `cards`, `deals`, `seed`, `wins`, `win_rate`, `ci95`,
/// `mean_piles`, `piles_histogram`, `seconds` (each game adds its own keys).
pub fn stats_dict<'py, S>(
    py: Python<'py>,
    stats: &Stats<S>,
    rules: &str,
    strategy: &str,
    blind: bool,
    cards: usize,
) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("rules", rules)?;
    dict.set_item("strategy", strategy)?;
    dict.set_item("mode", if blind { "blind" } else { "open" })?;
    dict.set_item("cards", cards)?;
    dict.set_item("deals", stats.deals)?;
    dict.set_item("seed", stats.seed)?;
    dict.set_item("wins", stats.wins)?;
    dict.set_item("win_rate", stats.win_rate())?;
    dict.set_item("ci95", vec![stats.ci95.0, stats.ci95.1])?;
    dict.set_item("mean_piles", stats.mean_piles)?;
    dict.set_item(
        "piles_histogram",
        histogram_dict(py, &stats.histogram, true)?,
    )?;
    dict.set_item("seconds", stats.seconds)?;
    Ok(dict)
}

/// `<Stats strict forced blind: 5 of 10,000 won (0.000500), mean piles 12.345>`
/// (a game of single cards: `mean cards`, its `piece`).
pub fn stats_repr<S>(
    class: &str,
    stats: &Stats<S>,
    (rules, strategy): (&str, &str),
    blind: bool,
    piece: &str,
) -> String {
    format!(
        "<{class} {rules} {strategy} {}: {} of {} won ({:.6}), mean {piece}s {:.3}>",
        if blind { "blind" } else { "open" },
        stats.wins,
        stats.deals,
        stats.win_rate(),
        stats.mean_piles
    )
}

/// A `progress` callback: called with the GIL between waits, and once at the end.
struct Progress<'a, 'py> {
    callback: Option<&'a Bound<'py, PyAny>>,
    reported: u64,
}

impl Progress<'_, '_> {
    /// Call back if more games than last time have finished.
    fn poll(&mut self, done: u64) -> PyResult<()> {
        if let (Some(callback), true) = (self.callback, done > self.reported) {
            self.reported = done;
            callback.call1((done,))?;
        }
        Ok(())
    }
}

/// Run `simulate(cancel, report)` through the one runner, calling `progress`
/// (if given) with the games finished so far, and at the end with those played.
pub fn run_simulation<T: Send>(
    py: Python<'_>,
    progress: Option<&Bound<'_, PyAny>>,
    simulate: impl FnOnce(&Arc<AtomicBool>, &(dyn Fn(u64) + Sync)) -> crate::Result<T> + Send,
    deals_of: impl Fn(&T) -> u64,
) -> PyResult<T> {
    let callback = progress.filter(|c| !c.is_none());
    if let Some(callback) = callback {
        if !callback.is_callable() {
            return Err(super::args::wrong_type(
                "progress",
                "a callable or None",
                callback,
            ));
        }
    }
    let mut progress = Progress {
        callback,
        reported: 0,
    };
    let finished = AtomicU64::new(0);
    let result = run_interruptible_polling(
        py,
        |cancel| {
            let report = |done: u64| {
                finished.fetch_max(done, Ordering::Relaxed);
            };
            simulate(cancel, &report)
        },
        || progress.poll(finished.load(Ordering::Relaxed)),
    )??;
    if let Some(callback) = callback {
        callback.call1((deals_of(&result),))?;
    }
    Ok(result)
}

/// The keywords every game's simulation takes after its deals (`simulate`,
/// `simulate_royal` …; their parameters are written by
/// [`super::args::keyword_function!`]): the rules (of the game's argument type
/// `R`), then the rest, which every game reads alike ([`Simulation::read`]).
pub struct Simulation<'a, 'py, R> {
    pub rules: Option<Arg<R>>,
    pub strategy: Option<Arg<StrategyName>>,
    pub seed: Option<Arg<Seed>>,
    pub cards: Option<Arg<Cards>>,
    pub blind: Option<Arg<Blind>>,
    pub jobs: Option<Arg<Jobs>>,
    pub progress: Option<&'a Bound<'py, PyAny>>,
}

/// What a simulation's keywords after the rules and the strategy say: the
/// first deal's number, cards per deal, the mode, the threads and the
/// callback.
pub struct Keywords<'a, 'py> {
    pub seed: u64,
    pub cards: usize,
    pub blind: bool,
    jobs: Option<usize>,
    progress: Option<&'a Bound<'py, PyAny>>,
}

impl<'a, 'py, R> Simulation<'a, 'py, R> {
    /// The keywords in signature order: the rules and the strategy as the
    /// game reads them (`own`), then `seed` (default 1), `cards` (`least` to
    /// 52, default 52), `blind` (default: what `default_blind` says of the
    /// game's reading) and `jobs`.
    pub fn read<S>(
        self,
        own: impl FnOnce(Option<Arg<R>>, Option<Arg<StrategyName>>) -> PyResult<S>,
        least: usize,
        default_blind: impl FnOnce(&S) -> bool,
    ) -> PyResult<(S, Keywords<'a, 'py>)> {
        let own = own(self.rules, self.strategy)?;
        let keywords = Keywords {
            seed: self.seed.given_or(Seed(1))?.0,
            cards: super::args::cards_or_deck(self.cards, least)?,
            blind: self.blind.given_or(Blind(default_blind(&own)))?.0,
            jobs: self.jobs.given()?.map(|jobs| jobs.0),
            progress: self.progress,
        };
        Ok((own, keywords))
    }
}

impl Keywords<'_, '_> {
    /// Simulate `deals` numbered deals from the `seed` on `jobs` threads
    /// through [`run_simulation`] (GIL released, Ctrl-C honoured, `progress`
    /// called): `simulate` plays the [`Run`] it is given.
    pub fn run<T: Send>(
        &self,
        py: Python<'_>,
        deals: u64,
        simulate: impl FnOnce(Run<'_>) -> crate::Result<T> + Send,
        deals_of: impl Fn(&T) -> u64,
    ) -> PyResult<T> {
        let (seed, jobs) = (self.seed, self.jobs);
        run_simulation(
            py,
            self.progress,
            |cancel, report| {
                let run = Run::new(seed, deals).jobs(jobs);
                simulate(run.cancel(Some(cancel)).progress(Some(report)))
            },
            deals_of,
        )
    }
}

/// The figures of `histogram` (piles → deals, from Python: `from_histogram`),
/// computed as a simulation computes them: every key `least` to `cards`, every
/// count a whole number, `seconds` finite and not negative, and the deals
/// `seed …` within the numbered deals.
pub fn stats_of_histogram<S>(
    setup: S,
    histogram: &Bound<'_, PyDict>,
    (least, cards): (usize, usize),
    seed: u64,
    win_at: usize,
    seconds: Arg<Elapsed>,
) -> PyResult<Stats<S>> {
    let expected = format!("a number of piles {least} to {cards}");
    let mut counts: Histogram = [0; crate::deal::DECK_SIZE + 1];
    for (piles, deals) in histogram.iter() {
        let piles: usize = whole(&piles, "histogram", &expected)?;
        if !(least..=cards).contains(&piles) {
            return Err(Error::argument("histogram", &expected, piles).into());
        }
        counts[piles] = whole(&deals, "histogram", "a number of deals 0 or more")?;
    }
    if crate::stats::deals_in(&counts).is_none() {
        let total: u128 = counts.iter().map(|&count| u128::from(count)).sum();
        let expected = "at most 2**64 - 1 deals in all";
        return Err(Error::argument("histogram", expected, total).into());
    }
    // A simulation plays one deal or more (`deals=0` is refused).
    if counts.iter().all(|&count| count == 0) {
        let expected = "the counts of 1 deal or more (a simulation plays deals=1 or more)";
        return Err(Error::argument("histogram", expected, "no deal").into());
    }
    let seconds = seconds.get()?.0;
    let mut stats = Stats::of_histogram(setup, seed, counts, win_at);
    if stats.deals > 0 {
        DealRange::new(seed, stats.deals)?;
    }
    stats.seconds = seconds;
    Ok(stats)
}

/// The `#[pymethods]` of a statistics class that wraps a [`Stats`] (`$Class.0`,
/// its setup with `blind` and `cards`): the figures every game's statistics
/// show, written once here, with the game's own docstrings for `wins`,
/// `mean_piles` and `histogram` (each doc comment documents the member named
/// after it), then the class's own methods.
macro_rules! stats_methods {
    (
        impl $Class:ident;
        $(#[$wins_doc:meta])* wins;
        $(#[$mean_doc:meta])* mean_piles;
        $(#[$histogram_doc:meta])* histogram;
        { $($own:tt)* }
    ) => {
        #[pyo3::pymethods]
        impl $Class {
            /// Whether the deals were dealt as they went.
            #[getter]
            fn blind(&self) -> bool {
                self.0.setup.blind
            }

            /// Cards per deal.
            #[getter]
            fn cards(&self) -> usize {
                self.0.setup.cards
            }

            /// Deals played.
            #[getter]
            fn deals(&self) -> u64 {
                self.0.deals
            }

            /// The first deal's number (the deals are ``seed … seed+deals-1``).
            #[getter]
            fn seed(&self) -> u64 {
                self.0.seed
            }

            $(#[$wins_doc])*
            #[getter]
            fn wins(&self) -> u64 {
                self.0.wins
            }

            /// ``wins / deals``.
            #[getter]
            fn win_rate(&self) -> f64 {
                self.0.win_rate()
            }

            /// The 95% Wilson score interval of the win rate.
            #[getter]
            fn ci95(&self) -> (f64, f64) {
                self.0.ci95
            }

            $(#[$mean_doc])*
            #[getter]
            fn mean_piles(&self) -> f64 {
                self.0.mean_piles
            }

            $(#[$histogram_doc])*
            #[getter]
            fn histogram<'py>(
                &self,
                py: pyo3::Python<'py>,
            ) -> pyo3::PyResult<pyo3::Bound<'py, pyo3::types::PyDict>> {
                $crate::python::stats::histogram_dict(py, &self.0.histogram, false)
            }

            /// Wall-clock seconds the simulation took.
            #[getter]
            fn seconds(&self) -> f64 {
                self.0.seconds
            }

            $($own)*
        }
    };
}

pub(crate) use stats_methods;
