//! Royal Marriage: `RoyalMove`, `RoyalOutcome`, `RoyalGame`, `RoyalSolution`,
//! `RoyalStats`, and the functions `royal_deal`, `solve_royal`, `simulate_royal`.

use super::args::{
    flag, jobs_arg, optional_text, optional_whole, seed as seed_arg, text, wrong_type, Flag,
    SEED_RANGE,
};
use super::blind::{histogram_dict, run_simulation, stats_dict, stats_repr};
use super::errors::NoMoveToUndoError;
use super::interrupt::run_interruptible;
use super::solver::budget;
use super::values::{card_count, deal_arg, picture, PyCard, PyDeal, PyRules};
use crate::error::Error;
use crate::royal::simulate::{simulate, RoyalStats, Setup};
use crate::royal::solver::{solve, Solution};
use crate::royal::{RoyalAction, RoyalDeal, RoyalGame, RoyalOutcome, RoyalPlay, Strategy};
use crate::rules::RuleSet;
use pyo3::exceptions::PyDeprecationWarning;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};

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
    fn py_new(text: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyRoyalMove(RoyalPlay::parse(&super::args::text(
            text, "a move",
        )?)?))
    }

    #[staticmethod]
    fn parse(text: &Bound<'_, PyAny>) -> PyResult<Self> {
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
    if obj.is_instance_of::<PyString>() {
        return Ok(RoyalPlay::parse(&text(obj, "a move")?)?);
    }
    Err(wrong_type("a move", "a RoyalMove or a str", obj))
}

fn royal_deal_arg(obj: &Bound<'_, PyAny>) -> PyResult<RoyalDeal> {
    Ok(RoyalDeal::new(deal_arg(obj)?)?)
}

/// `modern` or `parlett` (default `modern`), given as a str or as `Rules`
/// without a variant; anything else is refused here, as the game refuses it.
fn royal_rules_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<RuleSet> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(RuleSet::Modern);
    };
    let set = if let Ok(rules) = obj.cast::<PyRules>() {
        let rules = rules.get().0;
        if rules != crate::rules::Rules::new(rules.set) {
            return Err(Error::InvalidRules(format!(
                "Royal Marriage has no variant (two-way, distances): {rules}"
            ))
            .into());
        }
        rules.set
    } else if obj.is_instance_of::<PyString>() {
        text(obj, "rules")?.parse::<RuleSet>()?
    } else {
        return Err(wrong_type("rules", "Rules, a rule-set name or None", obj));
    };
    if !matches!(set, RuleSet::Modern | RuleSet::Parlett) {
        return Err(Error::InvalidRules(format!(
            "Royal Marriage is played under the rules modern or parlett, not {}",
            set.name()
        ))
        .into());
    }
    Ok(set)
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
    #[pyo3(signature = (deal, rules = None, *, blind = Flag::FALSE), text_signature = "(deal, rules=None, *, blind=False)")]
    fn py_new(
        deal: &Bound<'_, PyAny>,
        rules: Option<&Bound<'_, PyAny>>,
        blind: Flag,
    ) -> PyResult<Self> {
        let deal = royal_deal_arg(deal)?;
        let rules = royal_rules_arg(rules)?;
        let blind = blind.get()?;
        Ok(PyRoyalGame {
            game: RoyalGame::new(deal, blind, rules)?,
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
            .last_play()
            .ok_or_else(|| NoMoveToUndoError::new_err("undo: no move has been played"))?;
        self.game.undo();
        Ok(PyRoyalMove(last))
    }

    /// The next action of best play. The exact solver takes microseconds, so
    /// `timeout` (checked as for `Game.hint`) never binds.
    #[pyo3(signature = (*, timeout = None))]
    fn hint(&self, timeout: Option<&Bound<'_, PyAny>>) -> PyResult<Option<PyRoyalMove>> {
        budget(None, timeout, None)?;
        Ok(crate::royal::hint(&self.game).map(|a| PyRoyalMove(self.game.play_of(a))))
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
    verdict: Solution,
}

#[pymethods]
impl PyRoyalSolution {
    #[getter]
    fn deal(&self) -> &str {
        &self.deal
    }

    #[getter]
    fn result(&self) -> &'static str {
        self.verdict.verdict.name()
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
    let number = seed_arg(seed)?;
    let cards = card_count(cards, 2)?;
    Ok(PyDeal {
        deal: RoyalDeal::from_seed(number, cards)?.as_deal().clone(),
        seed: None,
    })
}

/// Solve an open row (a Royal Marriage deal, or a game's current row).
#[pyfunction]
#[pyo3(signature = (position, *, rules = None, max_nodes = None, timeout = None, memory = None))]
fn solve_royal(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    max_nodes: Option<&Bound<'_, PyAny>>,
    timeout: Option<&Bound<'_, PyAny>>,
    memory: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyRoyalSolution> {
    let cards = if let Ok(game) = position.cast::<PyRoyalGame>() {
        game.borrow().game.cards().to_vec()
    } else if position.is_instance_of::<PyDeal>() || position.is_instance_of::<PyString>() {
        royal_deal_arg(position)?.cards().to_vec()
    } else {
        return Err(wrong_type(
            "position",
            "a Deal, a RoyalGame or a str",
            position,
        ));
    };
    royal_rules_arg(rules)?;
    let budget = budget(max_nodes, timeout, memory)?;
    if cards.is_empty() {
        return Err(Error::InvalidDeal("nothing to solve: the row is empty".into()).into());
    }
    let verdict = run_interruptible(py, |cancel| {
        solve(&cards, &budget.clone().with_cancel(cancel.clone()))
    })?;
    let deal = cards
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ");
    Ok(PyRoyalSolution { deal, verdict })
}

/// The figures of a Royal Marriage simulation: the attributes of `Stats`
/// (piles = cards left; a win is the royal pair alone), without `grades`.
#[pyclass(frozen, name = "RoyalStats", module = "accordion._core")]
pub struct PyRoyalStats(RoyalStats);

#[pymethods]
impl PyRoyalStats {
    #[getter]
    fn rules(&self) -> &'static str {
        self.0.setup.rules.name()
    }

    #[getter]
    fn strategy(&self) -> &'static str {
        self.0.setup.strategy.name()
    }

    #[getter]
    fn blind(&self) -> bool {
        self.0.setup.blind
    }

    #[getter]
    fn cards(&self) -> usize {
        self.0.setup.cards
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

    /// Deprecated name of `mean_piles`.
    #[getter]
    fn mean_cards(&self, py: Python<'_>) -> PyResult<f64> {
        PyErr::warn(
            py,
            &py.get_type::<PyDeprecationWarning>(),
            c"RoyalStats.mean_cards is deprecated: use mean_piles (the same number)",
            1,
        )?;
        Ok(self.0.mean_piles)
    }

    /// Cards left → games, for every count that occurred, increasing.
    #[getter]
    fn histogram<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        histogram_dict(py, &self.0.histogram, false)
    }

    #[getter]
    fn seconds(&self) -> f64 {
        self.0.seconds
    }

    /// The JSON object of `docs/contract.md` for `stats` (piles = cards left), plus `game`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let setup = &self.0.setup;
        let dict = PyDict::new(py);
        dict.set_item("game", "royal-marriage")?;
        let figures = stats_dict(
            py,
            &self.0,
            self.rules(),
            self.strategy(),
            setup.blind,
            setup.cards,
        )?;
        dict.update(figures.as_mapping())?;
        Ok(dict)
    }

    fn __repr__(&self) -> String {
        stats_repr(
            "RoyalStats",
            &self.0,
            self.rules(),
            self.strategy(),
            self.0.setup.blind,
        )
    }
}

/// Play numbered deals `seed .. seed + deals` with a strategy; the same
/// arguments as `simulate`. A positional `deals` (the old signature) still
/// works, with a `DeprecationWarning`.
#[pyfunction]
#[pyo3(signature = (*args, deals = None, rules = None, strategy = None, seed = None, cards = None, blind = None, jobs = None, progress = None))]
#[allow(clippy::too_many_arguments)]
fn simulate_royal(
    py: Python<'_>,
    args: &Bound<'_, PyTuple>,
    deals: Option<&Bound<'_, PyAny>>,
    rules: Option<&Bound<'_, PyAny>>,
    strategy: Option<&Bound<'_, PyAny>>,
    seed: Option<&Bound<'_, PyAny>>,
    cards: Option<&Bound<'_, PyAny>>,
    blind: Option<&Bound<'_, PyAny>>,
    jobs: Option<&Bound<'_, PyAny>>,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyRoyalStats> {
    let positional = args.get_item(0).ok();
    let deals = match (args.len(), positional.as_ref(), deals) {
        (0, _, Some(deals)) => deals.clone(),
        (1, Some(deals), None) => {
            PyErr::warn(
                py,
                &py.get_type::<PyDeprecationWarning>(),
                c"simulate_royal(deals, ...) is deprecated: pass deals=... by keyword, as simulate takes it",
                1,
            )?;
            deals.clone()
        }
        (0, _, None) => {
            return Err(pyo3::exceptions::PyTypeError::new_err(
                "simulate_royal() missing required keyword argument: 'deals'",
            ))
        }
        _ => {
            return Err(pyo3::exceptions::PyTypeError::new_err(
                "simulate_royal() takes keyword arguments only (deals=..., seed=..., ...)",
            ))
        }
    };
    // Checked in signature order.
    let deals: u64 = super::args::whole(&deals, "deals", "at least 1")?;
    let rules = royal_rules_arg(rules)?;
    let strategy = optional_text(strategy, "strategy")?
        .map_or(Ok(Strategy::Greedy), |name| name.parse::<Strategy>())?;
    let seed: u64 = optional_whole(seed, "seed", SEED_RANGE)?.unwrap_or(1);
    let setup = Setup {
        cards: card_count(cards, 2)?,
        blind: flag(blind, "blind")?.unwrap_or(false),
        rules,
        strategy,
    };
    let jobs = jobs_arg(jobs)?;
    let stats = run_simulation(
        py,
        progress,
        |cancel, report| simulate(&setup, seed, deals, jobs, Some(cancel), Some(report)),
        |stats| stats.deals,
    )?;
    Ok(PyRoyalStats(stats))
}
