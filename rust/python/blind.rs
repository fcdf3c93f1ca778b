//! `simulate` and its `Stats`.

use super::args::{optional_whole, whole};
use super::interrupt::run_interruptible_polling;
use super::values::{card_count, rules_arg};
use crate::blind::{simulate as simulate_core, Stats, StrategyKind};
use crate::error::Error;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::atomic::{AtomicU64, Ordering};

/// The figures of a simulation.
#[pyclass(frozen, name = "Stats", module = "accordion._core")]
pub struct PyStats(Stats);

#[pymethods]
impl PyStats {
    #[getter]
    fn rules(&self) -> String {
        self.0.rules.to_string()
    }

    #[getter]
    fn strategy(&self) -> &'static str {
        self.0.strategy.name()
    }

    #[getter]
    fn blind(&self) -> bool {
        self.0.blind
    }

    #[getter]
    fn cards(&self) -> usize {
        self.0.cards
    }

    #[getter]
    fn deals(&self) -> u64 {
        self.0.deals
    }

    #[getter]
    fn seed(&self) -> u64 {
        self.0.seed
    }

    #[getter]
    fn wins(&self) -> u64 {
        self.0.wins
    }

    #[getter]
    fn win_rate(&self) -> f64 {
        self.0.win_rate()
    }

    #[getter]
    fn ci95(&self) -> (f64, f64) {
        self.0.ci95
    }

    #[getter]
    fn mean_piles(&self) -> f64 {
        self.0.mean_piles
    }

    /// Final piles → deals, for every pile count that occurred, in increasing order.
    #[getter]
    fn histogram<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (piles, &count) in self.0.histogram.iter().enumerate() {
            if count > 0 {
                dict.set_item(piles, count)?;
            }
        }
        Ok(dict)
    }

    /// Share of deals per grade.
    #[getter]
    fn grades<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        let g = self.0.grades;
        dict.set_item("win", g.win)?;
        dict.set_item("strong", g.strong)?;
        dict.set_item("moral victory", g.moral_victory)?;
        dict.set_item("loss", g.loss)?;
        Ok(dict)
    }

    #[getter]
    fn seconds(&self) -> f64 {
        self.0.seconds
    }

    /// The JSON object of `docs/contract.md` (with `mode`, `cards` and `grades` besides).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("rules", self.rules())?;
        dict.set_item("strategy", self.strategy())?;
        dict.set_item("mode", if self.0.blind { "blind" } else { "open" })?;
        dict.set_item("cards", self.0.cards)?;
        dict.set_item("deals", self.0.deals)?;
        dict.set_item("seed", self.0.seed)?;
        dict.set_item("wins", self.0.wins)?;
        dict.set_item("win_rate", self.win_rate())?;
        dict.set_item("ci95", vec![self.0.ci95.0, self.0.ci95.1])?;
        dict.set_item("mean_piles", self.0.mean_piles)?;
        let histogram = PyDict::new(py);
        for (piles, &count) in self.0.histogram.iter().enumerate() {
            if count > 0 {
                histogram.set_item(piles.to_string(), count)?;
            }
        }
        dict.set_item("piles_histogram", histogram)?;
        dict.set_item("grades", self.grades(py)?)?;
        dict.set_item("seconds", self.0.seconds)?;
        Ok(dict)
    }

    fn __repr__(&self) -> String {
        format!(
            "<Stats {} {} {}: {} of {} won ({:.6}), mean piles {:.3}>",
            self.rules(),
            self.strategy(),
            if self.0.blind { "blind" } else { "open" },
            self.0.wins,
            self.0.deals,
            self.win_rate(),
            self.0.mean_piles
        )
    }
}

/// Play numbered deals `seed … seed+deals-1` with a strategy; see `_core.pyi`.
#[pyfunction]
#[pyo3(signature = (*, rules, strategy = None, deals, seed = None, cards = None, blind = None, jobs = None, progress = None))]
#[allow(clippy::too_many_arguments)]
fn simulate(
    py: Python<'_>,
    rules: &Bound<'_, PyAny>,
    strategy: Option<&str>,
    deals: &Bound<'_, PyAny>,
    seed: Option<&Bound<'_, PyAny>>,
    cards: Option<&Bound<'_, PyAny>>,
    blind: Option<bool>,
    jobs: Option<&Bound<'_, PyAny>>,
    progress: Option<Bound<'_, PyAny>>,
) -> PyResult<PyStats> {
    let deals: u64 = whole(deals, "deals")?;
    let seed: u64 = optional_whole(seed, "seed")?.unwrap_or(1);
    let cards = card_count(cards)?;
    let jobs: Option<usize> = optional_whole(jobs, "jobs")?;
    let rules = rules_arg(rules)?;
    let strategy = match strategy {
        Some(name) => name.parse::<StrategyKind>()?,
        None => StrategyKind::default_for(&rules),
    };
    if seed.checked_add(deals).is_none() {
        return Err(Error::InvalidDeal("seed + deals must stay below 2**64".into()).into());
    }
    // Sweepers and the solver plan over an open row; the rest play as dealt.
    let blind = blind.unwrap_or(strategy.default_blind());
    let finished = AtomicU64::new(0);
    let mut reported = 0;
    let stats = run_interruptible_polling(
        py,
        |cancel| {
            let report = |done: u64| {
                finished.fetch_max(done, Ordering::Relaxed);
            };
            simulate_core(
                &rules,
                strategy,
                blind,
                deals,
                seed,
                cards,
                jobs,
                Some(&**cancel),
                Some(&report),
            )
        },
        || {
            let done = finished.load(Ordering::Relaxed);
            if let (Some(callback), true) = (&progress, done > reported) {
                reported = done;
                callback.call1((done,))?;
            }
            Ok(())
        },
    )??;
    if let Some(callback) = &progress {
        callback.call1((stats.deals,))?;
    }
    Ok(PyStats(stats))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyStats>()?;
    m.add_function(wrap_pyfunction!(simulate, m)?)?;
    Ok(())
}
