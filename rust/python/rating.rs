//! The `Rating` value: how hard an open deal is, as every game's `rate`
//! (`choose.rs`, and each throw game's through the registry) returns it.

use super::interrupt::run_interruptible;
use super::pickle::{by_restore, malformed_state, verdict, Reduced};
use crate::choose::difficulty::{Level, Rating};
use crate::choose::Rated;
use crate::error::Count;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

/// Rate the deal of `game`, open ([`crate::choose::rate`], one entry point for
/// every game), GIL released, Ctrl-C honoured.
pub(crate) fn rate_game<P: Rated + Send + Sync>(py: Python<'_>, game: &P) -> PyResult<PyRating> {
    let rating = run_interruptible(py, |cancel| crate::choose::rate(game, Some(cancel)))??;
    Ok(PyRating(rating))
}

/// How hard an open deal is: the share of the moves a careful player weighs that
/// would throw the win away (docs/difficulty.md).
#[pyclass(frozen, eq, name = "Rating", module = "accordion._core")]
#[derive(Clone, PartialEq)]
pub struct PyRating(pub Rating);

impl PyRating {
    /// The rating pickled by `__reduce__`.
    pub fn from_state(state: &Bound<'_, PyTuple>) -> PyResult<PyRating> {
        type State = (String, u32, u32, u64, Option<f64>, Option<String>);
        let (result, moves, losing, nodes, difficulty, level): State =
            super::args::or_refused(state.extract(), || {
                let shape =
                    "(result, moves, losing, nodes: whole numbers 0 or more, difficulty, level)";
                malformed_state("Rating", shape, state)
            })?;
        Ok(PyRating(Rating {
            verdict: verdict(&result)?,
            moves,
            losing,
            nodes,
            difficulty,
            level: level.map(|name| name.parse()).transpose()?,
        }))
    }
}

#[pymethods]
impl PyRating {
    /// Pickle support: the fields, rebuilt by `_restore`.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py>> {
        let r = &self.0;
        let state = (
            r.verdict.name(),
            r.moves,
            r.losing,
            r.nodes,
            r.difficulty,
            r.level.map(Level::name),
        );
        by_restore(py, "Rating", state.into_pyobject(py)?)
    }

    /// ``win``; ``loss`` (unwinnable); ``unknown`` (undecided within the budget).
    #[getter]
    fn result(&self) -> &'static str {
        self.0.verdict.name()
    }

    /// The moves the careful player weighs along its line to the win (the ones it
    /// rejects and the ones it plays); 0 unless winnable.
    #[getter]
    fn moves(&self) -> u32 {
        self.0.moves
    }

    /// Of :attr:`moves`, the ones that throw the win away.
    #[getter]
    fn losing(&self) -> u32 {
        self.0.losing
    }

    /// Nodes the game's solver searched to rate the deal (positions; intervals for Royal
    /// Marriage): its cost, on which the rating itself does not depend.
    #[getter]
    fn nodes(&self) -> u64 {
        self.0.nodes
    }

    /// ``losing / moves`` for a winnable deal (0.0 for a deal already won), else ``None``.
    #[getter]
    fn difficulty(&self) -> Option<f64> {
        self.0.difficulty
    }

    /// ``easy``, ``medium`` or ``hard`` by the thresholds calibrated for the deal's length
    /// (docs/difficulty.md); ``None`` unless winnable, for rows shorter than the shortest
    /// calibrated length, and for the throw games (the levels are calibrated on Accordion).
    #[getter]
    fn level(&self) -> Option<&'static str> {
        self.0.level.map(Level::name)
    }

    /// The rating as a JSON object: ``result``, ``difficulty``, ``level``, ``moves``,
    /// ``losing``, ``nodes``.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("result", self.result())?;
        dict.set_item("difficulty", self.0.difficulty)?;
        dict.set_item("level", self.level())?;
        dict.set_item("moves", self.0.moves)?;
        dict.set_item("losing", self.0.losing)?;
        dict.set_item("nodes", self.0.nodes)?;
        Ok(dict)
    }

    fn __repr__(&self) -> String {
        match self.0.difficulty {
            Some(d) => format!(
                "<Rating {}: difficulty {d:.3}, {} of {} losing>",
                self.level().unwrap_or("unrated"),
                self.0.losing,
                Count(self.0.moves as u64, "move")
            ),
            None => format!(
                "<Rating {}: {}>",
                self.result(),
                Count(self.0.nodes, "node")
            ),
        }
    }
}
