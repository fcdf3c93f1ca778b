//! `solve`, `solve_many`, `Solution` and `Game.hint`.

use super::args::{optional_whole, seconds};
use super::game::PyGame;
use super::interrupt::run_interruptible;
use super::values::{deal_arg, rules_arg, PyDeal, PyMove};
use crate::deal::Deal;
use crate::game::{Action, Game, Play};
use crate::rules::Rules;
use crate::solver::{self, Budget, Solution, DEFAULT_MEMORY_BYTES};
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};

/// The smallest transposition table a caller may ask for.
const MIN_MEMORY_BYTES: usize = 1 << 20;

/// What the solver found for one row.
#[pyclass(frozen, name = "Solution", module = "accordion._core")]
pub struct PySolution {
    deal: String,
    result: &'static str,
    moves: Vec<Play>,
    piles: usize,
    nodes: u64,
    seconds: f64,
}

impl PySolution {
    /// The solution of `game`'s position, with the actions written by cards.
    fn new(game: &Game, solution: &Solution) -> PyResult<PySolution> {
        let mut replay = game.clone();
        let moves = solution
            .actions
            .iter()
            .map(|&action| {
                let play = replay.play_of(action);
                replay.play(action).map_err(|e| {
                    PyRuntimeError::new_err(format!("internal error: the solver's line fails: {e}"))
                })?;
                Ok(play)
            })
            .collect::<PyResult<_>>()?;
        Ok(PySolution {
            deal: game.to_string(),
            result: solution.verdict.name(),
            moves,
            piles: solution.piles,
            nodes: solution.nodes,
            seconds: solution.elapsed.as_secs_f64(),
        })
    }
}

#[pymethods]
impl PySolution {
    #[getter]
    fn deal(&self) -> &str {
        &self.deal
    }

    #[getter]
    fn result(&self) -> &'static str {
        self.result
    }

    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.moves.iter().map(|&p| PyMove(p)))
    }

    #[getter]
    fn piles(&self) -> usize {
        self.piles
    }

    #[getter]
    fn nodes(&self) -> u64 {
        self.nodes
    }

    #[getter]
    fn seconds(&self) -> f64 {
        self.seconds
    }

    /// The JSON object of `docs/contract.md`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("deal", &self.deal)?;
        dict.set_item("result", self.result)?;
        let moves: Vec<String> = self.moves.iter().map(ToString::to_string).collect();
        dict.set_item("moves", moves)?;
        dict.set_item("piles", self.piles)?;
        dict.set_item("nodes", self.nodes)?;
        dict.set_item("seconds", self.seconds)?;
        Ok(dict)
    }

    fn __repr__(&self) -> String {
        format!(
            "<Solution {} in {} moves, {} piles, {} nodes: {}>",
            self.result,
            self.moves.len(),
            self.piles,
            self.nodes,
            self.deal
        )
    }
}

/// A budget from the keyword arguments, checked.
fn budget(
    max_nodes: Option<&Bound<'_, PyAny>>,
    timeout: Option<f64>,
    memory: Option<&Bound<'_, PyAny>>,
) -> PyResult<Budget> {
    let max_nodes: Option<u64> = optional_whole(max_nodes, "max_nodes")?;
    let memory: Option<usize> = optional_whole(memory, "memory")?;
    if max_nodes == Some(0) {
        return Err(PyValueError::new_err("max_nodes must be at least 1"));
    }
    let timeout = seconds(timeout)?;
    let memory_bytes = memory.unwrap_or(DEFAULT_MEMORY_BYTES);
    if memory_bytes < MIN_MEMORY_BYTES {
        return Err(PyValueError::new_err(format!(
            "memory must be at least {MIN_MEMORY_BYTES} bytes (1 MiB), got {memory_bytes}"
        )));
    }
    Ok(Budget {
        max_nodes,
        timeout,
        memory_bytes,
        cancel: None,
    })
}

/// The game whose position a `solve` argument names, and the rules to use.
fn position_of(position: &Bound<'_, PyAny>, rules: Option<&Bound<'_, PyAny>>) -> PyResult<Game> {
    let rules = rules.map(rules_arg).transpose()?;
    if let Ok(game) = position.cast::<PyGame>() {
        let game = game.borrow().game.clone();
        return Ok(match rules {
            Some(rules) if rules != game.rules() => game.with_rules(rules),
            _ => game,
        });
    }
    if position.is_instance_of::<PyDeal>() || position.is_instance_of::<PyString>() {
        return Ok(Game::new(
            deal_arg(position)?,
            rules.unwrap_or_else(Rules::modern),
            false,
        ));
    }
    Err(PyTypeError::new_err(format!(
        "solve() takes a Deal, a Game or a str, got {}",
        position.get_type().name()?
    )))
}

fn solve_game(game: &Game, budget: &Budget) -> Solution {
    solver::solve(game.tops(), game.stock(), &game.rules(), budget)
}

/// Solve an open row, or the position of a game; see `_core.pyi`.
#[pyfunction]
#[pyo3(signature = (position, *, rules = None, max_nodes = None, timeout = None, memory = None))]
fn solve(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    max_nodes: Option<&Bound<'_, PyAny>>,
    timeout: Option<f64>,
    memory: Option<&Bound<'_, PyAny>>,
) -> PyResult<PySolution> {
    let game = position_of(position, rules)?;
    let mut budget = budget(max_nodes, timeout, memory)?;
    let solution = run_interruptible(py, |cancel| {
        budget.cancel = Some(cancel.clone());
        solve_game(&game, &budget)
    })?;
    PySolution::new(&game, &solution)
}

/// Solve many open rows on `jobs` threads; see `_core.pyi`.
#[pyfunction]
#[pyo3(signature = (deals, *, rules = None, jobs = None, max_nodes = None, timeout = None, memory = None))]
fn solve_many(
    py: Python<'_>,
    deals: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    jobs: Option<&Bound<'_, PyAny>>,
    max_nodes: Option<&Bound<'_, PyAny>>,
    timeout: Option<f64>,
    memory: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<PySolution>> {
    let jobs: Option<usize> = optional_whole(jobs, "jobs")?;
    if deals.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "solve_many() takes an iterable of deals, not one str",
        ));
    }
    let rules = rules
        .map(rules_arg)
        .transpose()?
        .unwrap_or_else(Rules::modern);
    let deals: Vec<Deal> = deals
        .try_iter()?
        .map(|d| deal_arg(&d?))
        .collect::<PyResult<_>>()?;
    if jobs == Some(0) {
        return Err(PyValueError::new_err("jobs must be at least 1"));
    }
    let mut budget = budget(max_nodes, timeout, memory)?;
    let rows: Vec<Vec<_>> = deals.iter().map(|d| d.cards().to_vec()).collect();
    let solutions = run_interruptible(py, |cancel| {
        budget.cancel = Some(cancel.clone());
        solver::solve_many(&rows, &rules, &budget, jobs)
    })?;
    deals
        .into_iter()
        .zip(&solutions)
        .map(|(deal, solution)| PySolution::new(&Game::new(deal, rules, false), solution))
        .collect()
}

/// `Game.hint`: the first action of the best line from the game's position.
pub fn hint(py: Python<'_>, game: &Game, timeout: Option<f64>) -> PyResult<Option<PyMove>> {
    let mut budget = budget(None, timeout, None)?;
    let action: Option<Action> = run_interruptible(py, |cancel| {
        budget.cancel = Some(cancel.clone());
        solver::hint(game.tops(), game.stock(), &game.rules(), &budget)
    })?;
    Ok(action.map(|a| PyMove(game.play_of(a))))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PySolution>()?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(solve_many, m)?)?;
    Ok(())
}
