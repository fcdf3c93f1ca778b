//! Royal Marriage: `RoyalMove`, `RoyalOutcome`, `RoyalGame`, `RoyalSolution`,
//! `RoyalStats`, and the functions `royal_deal`, `solve_royal`, `simulate_royal`.

use super::args::{optional_whole, seconds, whole};
use super::values::{card_count, deal_arg, picture, PyCard, PyDeal};
use crate::error::Error;
use crate::royal::simulate::{simulate, SimulationSpec, SimulationStats};
use crate::royal::solver::{solve, Budget, Verdict};
use crate::royal::{RoyalAction, RoyalDeal, RoyalGame, RoyalOutcome, RoyalPlay, Strategy};
use crate::rules::RuleSet;
use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};
use std::time::Instant;

/// Add the Royal Marriage classes and functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyRoyalMove>()?;
    m.add_class::<PyRoyalOutcome>()?;
    m.add_class::<PyRoyalGame>()?;
    m.add_class::<PyRoyalSolution>()?;
    m.add_class::<PyRoyalStats>()?;
    m.add_function(wrap_pyfunction!(royal_deal, m)?)?;
    m.add_function(wrap_pyfunction!(solve_royal, m)?)?;
    m.add_function(wrap_pyfunction!(simulate_royal, m)?)?;
    Ok(())
}

/// A throw (`out 5D 7C`, `between 3S 9S`) or `deal`.
#[pyclass(frozen, eq, hash, name = "RoyalMove", module = "accordion._core")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyRoyalMove(pub RoyalPlay);

#[pymethods]
impl PyRoyalMove {
    #[new]
    fn py_new(text: &str) -> PyResult<Self> {
        Ok(PyRoyalMove(RoyalPlay::parse(text)?))
    }

    #[staticmethod]
    fn parse(text: &str) -> PyResult<Self> {
        Self::py_new(text)
    }

    #[staticmethod]
    fn deal() -> Self {
        PyRoyalMove(RoyalPlay::Deal)
    }

    #[getter]
    fn kind(&self) -> &'static str {
        match self.0 {
            RoyalPlay::Out(..) => "out",
            RoyalPlay::Between(..) => "between",
            RoyalPlay::Deal => "deal",
        }
    }

    #[getter]
    fn cards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let cards = match self.0 {
            RoyalPlay::Out(a, None) => vec![a],
            RoyalPlay::Out(a, Some(b)) | RoyalPlay::Between(a, b) => vec![a, b],
            RoyalPlay::Deal => vec![],
        };
        PyTuple::new(py, cards.into_iter().map(PyCard))
    }

    #[getter]
    fn is_deal(&self) -> bool {
        self.0 == RoyalPlay::Deal
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("RoyalMove('{}')", self.0)
    }
}

fn royal_play_arg(obj: &Bound<'_, PyAny>) -> PyResult<RoyalPlay> {
    if let Ok(play) = obj.cast::<PyRoyalMove>() {
        return Ok(play.get().0);
    }
    if let Ok(text) = obj.cast::<PyString>() {
        return Ok(RoyalPlay::parse(text.to_str()?)?);
    }
    Err(PyTypeError::new_err(format!(
        "expected a RoyalMove or a str, got {}",
        obj.get_type().name()?
    )))
}

fn royal_deal_arg(obj: &Bound<'_, PyAny>) -> PyResult<RoyalDeal> {
    Ok(RoyalDeal::new(deal_arg(obj)?)?)
}

/// `modern` or `parlett`, given as a str or a `Rules` (its name).
fn royal_rules_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<RuleSet> {
    let Some(obj) = obj else {
        return Ok(RuleSet::Modern);
    };
    let name: String = if let Ok(text) = obj.cast::<PyString>() {
        text.to_str()?.to_string()
    } else {
        obj.getattr("name")?.extract()?
    };
    Ok(name.parse::<RuleSet>()?)
}

/// Where a game stands.
#[pyclass(frozen, eq, hash, name = "RoyalOutcome", module = "accordion._core")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyRoyalOutcome(pub RoyalOutcome);

#[pymethods]
impl PyRoyalOutcome {
    #[getter]
    fn cards(&self) -> usize {
        self.0.cards
    }

    #[getter]
    fn piles(&self) -> usize {
        self.0.cards
    }

    #[getter]
    fn won(&self) -> bool {
        self.0.won
    }

    #[getter]
    fn grade(&self) -> &'static str {
        if self.0.won {
            "win"
        } else {
            "loss"
        }
    }

    #[getter]
    fn is_over(&self) -> bool {
        self.0.is_over
    }

    fn __repr__(&self) -> String {
        format!(
            "<RoyalOutcome cards={} won={} is_over={}>",
            self.0.cards,
            py_bool(self.0.won),
            py_bool(self.0.is_over)
        )
    }
}

fn py_bool(value: bool) -> &'static str {
    if value {
        "True"
    } else {
        "False"
    }
}

/// A game of Royal Marriage.
#[pyclass(name = "RoyalGame", module = "accordion._core")]
#[derive(Clone)]
pub struct PyRoyalGame {
    game: RoyalGame,
}

#[pymethods]
impl PyRoyalGame {
    #[new]
    #[pyo3(signature = (deal, rules = None, *, blind = false))]
    fn py_new(
        deal: &Bound<'_, PyAny>,
        rules: Option<&Bound<'_, PyAny>>,
        blind: bool,
    ) -> PyResult<Self> {
        let rules = royal_rules_arg(rules)?;
        Ok(PyRoyalGame {
            game: RoyalGame::new(royal_deal_arg(deal)?, blind, rules)?,
        })
    }

    #[getter]
    fn rules(&self) -> &'static str {
        self.game.rules().name()
    }

    #[getter]
    fn starting_deal(&self) -> PyDeal {
        PyDeal {
            deal: self.game.deal().as_deal().clone(),
            seed: None,
        }
    }

    #[getter]
    fn blind(&self) -> bool {
        self.game.is_blind()
    }

    #[getter]
    fn legal_moves(&self) -> Vec<PyRoyalMove> {
        self.game
            .legal_actions()
            .into_iter()
            .map(|a| PyRoyalMove(self.game.play_of(a)))
            .collect()
    }

    #[getter]
    fn cards(&self) -> Vec<PyCard> {
        self.game.cards().iter().map(|&c| PyCard(c)).collect()
    }

    #[getter]
    fn tops(&self) -> Vec<PyCard> {
        self.cards()
    }

    #[getter]
    fn piles<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyTuple>>> {
        self.game
            .cards()
            .iter()
            .map(|&c| PyTuple::new(py, [PyCard(c)]))
            .collect()
    }

    #[getter]
    fn stock_size(&self) -> usize {
        self.game.stock().len()
    }

    #[getter]
    fn history(&self) -> Vec<PyRoyalMove> {
        self.game.history().into_iter().map(PyRoyalMove).collect()
    }

    #[getter]
    fn outcome(&self) -> PyRoyalOutcome {
        PyRoyalOutcome(self.game.outcome())
    }

    #[getter]
    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    #[pyo3(signature = (r#move, /))]
    fn play(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<PyRoyalMove> {
        let action = self.game.action_of(royal_play_arg(r#move)?)?;
        let play = self.game.play_of(action);
        self.game.play(action)?;
        Ok(PyRoyalMove(play))
    }

    fn deal(&mut self) -> PyResult<PyRoyalMove> {
        self.game.play(RoyalAction::Deal)?;
        Ok(PyRoyalMove(RoyalPlay::Deal))
    }

    fn undo(&mut self) -> PyResult<PyRoyalMove> {
        let last = self
            .game
            .history()
            .pop()
            .ok_or_else(|| PyIndexError::new_err("undo: no move has been played"))?;
        self.game.undo();
        Ok(PyRoyalMove(last))
    }

    fn hint(&self) -> Option<PyRoyalMove> {
        crate::royal::hint(&self.game).map(|a| PyRoyalMove(self.game.play_of(a)))
    }

    fn copy(&self) -> Self {
        self.clone()
    }

    fn __copy__(&self) -> Self {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        self.clone()
    }

    fn __str__(&self) -> String {
        self.game.to_string()
    }

    /// The row (and a blind game's stock) as a picture, for Jupyter; drawn by `accordion.svg`.
    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
        picture(slf.as_any())
    }

    fn __repr__(&self) -> String {
        let blind = if self.game.is_blind() {
            ", blind=True"
        } else {
            ""
        };
        format!(
            "RoyalGame('{}', '{}'{blind})",
            self.game.deal(),
            self.game.rules().name()
        )
    }
}

/// What the solver found for one row.
#[pyclass(frozen, name = "RoyalSolution", module = "accordion._core")]
pub struct PyRoyalSolution {
    deal: String,
    verdict: Verdict,
}

#[pymethods]
impl PyRoyalSolution {
    #[getter]
    fn deal(&self) -> &str {
        &self.deal
    }

    #[getter]
    fn result(&self) -> &'static str {
        self.verdict.kind.name()
    }

    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.verdict.moves.iter().map(|&p| PyRoyalMove(p)))
    }

    #[getter]
    fn cards(&self) -> usize {
        self.verdict.cards
    }

    #[getter]
    fn piles(&self) -> usize {
        self.verdict.cards
    }

    #[getter]
    fn nodes(&self) -> u64 {
        self.verdict.nodes
    }

    #[getter]
    fn seconds(&self) -> f64 {
        self.verdict.elapsed.as_secs_f64()
    }

    /// The JSON object of `docs/contract.md` (`piles` = cards left), plus `game` and `cards`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("game", "royal-marriage")?;
        dict.set_item("deal", &self.deal)?;
        dict.set_item("result", self.result())?;
        let moves: Vec<String> = self.verdict.moves.iter().map(ToString::to_string).collect();
        dict.set_item("moves", moves)?;
        dict.set_item("piles", self.verdict.cards)?;
        dict.set_item("cards", self.verdict.cards)?;
        dict.set_item("nodes", self.verdict.nodes)?;
        dict.set_item("seconds", self.seconds())?;
        Ok(dict)
    }

    fn __repr__(&self) -> String {
        format!(
            "<RoyalSolution {} cards={} moves={}>",
            self.result(),
            self.verdict.cards,
            self.verdict.moves.len()
        )
    }
}

/// The numbered Royal Marriage deal: QH, the first `cards - 2` other cards of
/// `Deal.from_seed(seed)`, KH.
#[pyfunction]
#[pyo3(signature = (seed, cards = None))]
fn royal_deal(seed: &Bound<'_, PyAny>, cards: Option<&Bound<'_, PyAny>>) -> PyResult<PyDeal> {
    let cards = card_count(cards)?;
    let seed: u64 = seed.extract().map_err(|_| {
        Error::InvalidDeal(format!(
            "a deal number is an integer 0 to 2**64 - 1, got {seed}"
        ))
    })?;
    Ok(PyDeal {
        deal: RoyalDeal::from_seed(seed, cards)?.as_deal().clone(),
        seed: None,
    })
}

/// Solve an open row (a Royal Marriage deal, or a game's current row).
#[pyfunction]
#[pyo3(signature = (position, *, max_nodes = None, timeout = None))]
fn solve_royal(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    max_nodes: Option<&Bound<'_, PyAny>>,
    timeout: Option<f64>,
) -> PyResult<PyRoyalSolution> {
    let max_nodes: Option<u64> = optional_whole(max_nodes, "max_nodes")?;
    let cards = if let Ok(game) = position.cast::<PyRoyalGame>() {
        game.borrow().game.cards().to_vec()
    } else {
        royal_deal_arg(position)?.cards().to_vec()
    };
    if cards.is_empty() {
        return Err(Error::InvalidDeal("nothing to solve: the row is empty".into()).into());
    }
    let budget = Budget {
        max_nodes,
        timeout: seconds(timeout)?,
        cancel: None,
    };
    let verdict = py.detach(|| solve(&cards, &budget));
    let deal = cards
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ");
    Ok(PyRoyalSolution { deal, verdict })
}

/// Totals of a simulation.
#[pyclass(frozen, name = "RoyalStats", module = "accordion._core")]
pub struct PyRoyalStats {
    spec: SimulationSpec,
    stats: SimulationStats,
    seconds: f64,
}

#[pymethods]
impl PyRoyalStats {
    #[getter]
    fn deals(&self) -> u64 {
        self.stats.deals
    }

    #[getter]
    fn wins(&self) -> u64 {
        self.stats.wins
    }

    #[getter]
    fn win_rate(&self) -> f64 {
        self.stats.wins as f64 / self.stats.deals.max(1) as f64
    }

    #[getter]
    fn ci95(&self) -> (f64, f64) {
        self.stats.ci95()
    }

    #[getter]
    fn mean_cards(&self) -> f64 {
        self.stats.mean_cards()
    }

    /// Games by cards left (only counts that occurred).
    #[getter]
    fn histogram(&self) -> Vec<(usize, u64)> {
        self.stats
            .histogram
            .iter()
            .enumerate()
            .filter(|(_, &n)| n > 0)
            .map(|(c, &n)| (c, n))
            .collect()
    }

    #[getter]
    fn seconds(&self) -> f64 {
        self.seconds
    }

    /// The JSON object of `docs/contract.md` for `stats` (piles = cards left), plus `game`,
    /// `blind` and `cards`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("game", "royal-marriage")?;
        dict.set_item("rules", self.spec.rules.name())?;
        dict.set_item("strategy", self.spec.strategy.name())?;
        dict.set_item("blind", self.spec.blind)?;
        dict.set_item("cards", self.spec.cards)?;
        dict.set_item("deals", self.stats.deals)?;
        dict.set_item("seed", self.spec.seed)?;
        dict.set_item("wins", self.stats.wins)?;
        dict.set_item("win_rate", self.win_rate())?;
        let (lo, hi) = self.ci95();
        dict.set_item("ci95", vec![lo, hi])?;
        dict.set_item("mean_piles", self.mean_cards())?;
        let histogram = PyDict::new(py);
        for (cards, n) in self.histogram() {
            histogram.set_item(cards.to_string(), n)?;
        }
        dict.set_item("piles_histogram", histogram)?;
        dict.set_item("seconds", self.seconds)?;
        Ok(dict)
    }

    fn __repr__(&self) -> String {
        format!(
            "<RoyalStats {} {} deals: {} wins>",
            self.spec.strategy.name(),
            self.stats.deals,
            self.stats.wins
        )
    }
}

/// Deals per slice between two checks for Ctrl-C.
const SLICE: u64 = 4096;

/// Play numbered deals `seed .. seed + deals` with a strategy, on `jobs` threads
/// (default: all cores); the totals do not depend on `jobs`. Ctrl-C stops it.
#[pyfunction]
#[pyo3(signature = (deals, *, seed = None, cards = None, blind = false, rules = None, strategy = "greedy", jobs = None))]
#[allow(clippy::too_many_arguments)]
fn simulate_royal(
    py: Python<'_>,
    deals: &Bound<'_, PyAny>,
    seed: Option<&Bound<'_, PyAny>>,
    cards: Option<&Bound<'_, PyAny>>,
    blind: bool,
    rules: Option<&Bound<'_, PyAny>>,
    strategy: &str,
    jobs: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyRoyalStats> {
    let deals: u64 = whole(deals, "deals")?;
    let seed: u64 = optional_whole(seed, "seed")?.unwrap_or(1);
    let cards = card_count(cards)?;
    let jobs: Option<usize> = optional_whole(jobs, "jobs")?;
    let spec = SimulationSpec {
        cards,
        blind,
        rules: royal_rules_arg(rules)?,
        strategy: strategy.parse::<Strategy>()?,
        seed,
        deals,
        jobs: jobs.unwrap_or(0),
    };
    let start = Instant::now();
    let mut stats = SimulationStats::empty();
    let mut done = 0;
    loop {
        let slice = SimulationSpec {
            seed: seed.wrapping_add(done),
            deals: SLICE.min(deals - done),
            ..spec
        };
        let part = py.detach(|| simulate(&slice, None))?;
        stats = stats.merged(part);
        done += slice.deals;
        if done >= deals {
            break;
        }
        py.check_signals()?;
    }
    Ok(PyRoyalStats {
        spec,
        stats,
        seconds: start.elapsed().as_secs_f64(),
    })
}
