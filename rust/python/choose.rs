//! Deals chosen by outcome and difficulty (`crate::choose`): `winnable_deal`,
//! `rate` (of every game: Accordion's rows and, bound once over `Throwing`, the
//! throw games'), `difficulty_deal` and the `Rating` value.

use super::args::{jobs_arg, optional_whole, seed as seed_arg};
use super::interrupt::run_interruptible;
use super::pickle::{by_restore, malformed_state, verdict, Reduced};
use super::registry;
use super::values::{card_count, deal_arg, rules_arg, PyDeal};
use crate::choose::difficulty::{self, Level, Rating};
use crate::choose::{throw_rating, winnable, Numbers};
use crate::error::{quoted, Error};
use crate::rules::Rules;
use crate::throw_game::Throwing;
use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

/// The start of a search: the caller's number (checked), or `None` for a
/// random one ([`random_start`]).
fn given_start(seed: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u64>> {
    seed.filter(|s| !s.is_none()).map(seed_arg).transpose()
}

/// A fresh random start among the numbers `starts` (`low..high`).
fn random_start(py: Python<'_>, starts: std::ops::Range<u64>) -> PyResult<u64> {
    py.import("random")?
        .getattr("SystemRandom")?
        .call0()?
        .call_method1("randrange", (starts.start, starts.end))?
        .extract()
}

fn tries_of(tries: Option<&Bound<'_, PyAny>>, default: u64) -> PyResult<u64> {
    let expected = "1 to 2**64 - 1 numbers to try";
    let tries: Option<u64> = optional_whole(tries, "tries", expected)?;
    match tries {
        None => Ok(default),
        Some(0) => Err(Error::argument("tries", expected, 0).into()),
        Some(n) => Ok(n),
    }
}

fn rules_or_modern(rules: Option<&Bound<'_, PyAny>>) -> PyResult<Rules> {
    rules
        .filter(|r| !r.is_none())
        .map_or(Ok(Rules::modern()), rules_arg)
}

/// The first numbered deal from ``seed`` on (default: a random start below 2**32) that
/// ``rules`` win: the forced game for ``strict``/``strict-leap``; for ``parlett`` the best
/// line (blind: with the stock order known); for ``modern`` the solver's open row. Its
/// :attr:`Deal.seed` is its number. Raise ``InvalidRulesError`` when no row of that length
/// can be won, or none is within ``tries`` numbers (default 100,000). Releases the GIL;
/// Ctrl-C stops it. See docs/winnable.md.
#[pyfunction]
#[pyo3(signature = (*, seed = None, rules = None, blind = false, cards = None, tries = None, jobs = None))]
fn winnable_deal(
    py: Python<'_>,
    seed: Option<&Bound<'_, PyAny>>,
    rules: Option<&Bound<'_, PyAny>>,
    blind: bool,
    cards: Option<&Bound<'_, PyAny>>,
    tries: Option<&Bound<'_, PyAny>>,
    jobs: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyDeal> {
    let start = match given_start(seed)? {
        Some(start) => start,
        None => random_start(py, 0..1 << 32)?,
    };
    let rules = rules_or_modern(rules)?;
    let cards = card_count(cards, 1)?;
    let tries = tries_of(tries, winnable::DEFAULT_TRIES)?;
    let jobs = jobs_arg(jobs)?;
    let found = run_interruptible(py, |cancel| {
        let numbers = Numbers::new(start, tries, jobs, Some(cancel));
        winnable::next_winnable(cards, &rules, blind, numbers)
    })??;
    let found = found.ok_or_else(|| PyKeyboardInterrupt::new_err("interrupted"))?;
    Ok(PyDeal {
        deal: found.deal,
        seed: Some(found.seed),
    })
}

/// How hard an open deal is: the share of the moves a careful player weighs that
/// would throw the win away (docs/difficulty.md).
#[pyclass(frozen, eq, name = "Rating", module = "accordion._core")]
#[derive(Clone, PartialEq)]
pub struct PyRating(Rating);

impl PyRating {
    /// The rating pickled by `__reduce__`.
    pub fn from_state(state: &Bound<'_, PyTuple>) -> PyResult<PyRating> {
        type State = (String, u32, u32, u64, Option<f64>, Option<String>);
        let (result, moves, losing, nodes, difficulty, level): State =
            state.extract().map_err(|_| {
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
                "<Rating {}: difficulty {d:.3}, {} of {} moves losing>",
                self.level().unwrap_or("unrated"),
                self.0.losing,
                self.0.moves
            ),
            None => format!("<Rating {}: {} nodes>", self.result(), self.0.nodes),
        }
    }
}

/// Rate an open deal of ``game`` (default ``accordion``; ``royal-marriage``, ``bayan``,
/// ``accordian``) under ``rules`` (the game's first rule set by default; the forced rule
/// sets are refused: ``strict``, ``strict-leap``, ``uva``). A throw game's rating has no
/// level. Releases the GIL; Ctrl-C stops it.
#[pyfunction]
#[pyo3(signature = (deal, *, rules = None, game = None))]
fn rate(
    py: Python<'_>,
    deal: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    game: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyRating> {
    let name = match game.filter(|g| !g.is_none()) {
        Some(game) => super::args::text(game, "game")?.into_owned(),
        None => "accordion".to_string(),
    };
    // Accordion's rating has levels; every throw game of the registry rates its own way.
    let entries = registry::entries();
    if let Some(entry) = entries.iter().find(|e| e.name == name) {
        return (entry.rate)(py, deal, rules);
    }
    if name != "accordion" {
        let mut names: Vec<&str> = vec!["accordion"];
        names.extend(entries.iter().map(|e| e.name));
        let last = names.pop().unwrap_or_default();
        let expected = format!("{} or {last}", names.join(", "));
        return Err(Error::argument("game", &expected, quoted(&name)).into());
    }
    let deal = deal_arg(deal)?;
    let rules = rules_or_modern(rules)?;
    let rating = run_interruptible(py, |cancel| {
        difficulty::rate(&deal, &rules, Some(cancel.clone()))
    })??;
    Ok(PyRating(rating))
}

/// [`rate`] for the throw game `G`: its deal and rules checked as its classes check them.
pub(crate) fn rate_throw<G: Throwing>(
    py: Python<'_>,
    deal: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyRating> {
    let deal = super::throw::deal_of::<G>(deal)?;
    let rules = super::throw::rules_of::<G>(rules)?;
    let rating = run_interruptible(py, |cancel| {
        throw_rating::rate(&deal, rules, Some(cancel.clone()))
    })??;
    Ok(PyRating(rating))
}

/// The first numbered deal of ``cards`` cards (default 52) from ``seed`` on (default: a
/// random start) rated ``level``; ``InvalidArgumentError`` for a row length shorter than the
/// calibrated ones, ``InvalidRulesError`` if none within ``tries`` numbers (default 10,000).
/// At calibrated lengths under the modern rules the first few thousand numbers were rated
/// once and for all, and a random start is drawn among them: a deal is found at once
/// (docs/difficulty.md).
#[pyfunction]
#[pyo3(signature = (level, *, seed = None, cards = None, rules = None, tries = None, jobs = None))]
fn difficulty_deal(
    py: Python<'_>,
    level: &Bound<'_, PyAny>,
    seed: Option<&Bound<'_, PyAny>>,
    cards: Option<&Bound<'_, PyAny>>,
    rules: Option<&Bound<'_, PyAny>>,
    tries: Option<&Bound<'_, PyAny>>,
    jobs: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyDeal> {
    let level: Level = super::args::text(level, "level")?.parse()?;
    let start = given_start(seed)?;
    let cards = card_count(cards, 1)?;
    let rules = rules_or_modern(rules)?;
    // Where the level table covers the rows, a random deal comes from it (at once).
    let start = match start {
        Some(start) => start,
        None => random_start(py, difficulty::random_starts(level, cards, &rules))?,
    };
    let tries = tries_of(tries, difficulty::DEFAULT_TRIES)?;
    let jobs = jobs_arg(jobs)?;
    let found = run_interruptible(py, |cancel| {
        let numbers = Numbers::new(start, tries, jobs, Some(cancel));
        difficulty::next_at_level(level, cards, &rules, numbers)
    })??;
    let found = found.ok_or_else(|| PyKeyboardInterrupt::new_err("interrupted"))?;
    Ok(PyDeal {
        deal: found.deal,
        seed: Some(found.seed),
    })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyRating>()?;
    m.add_function(wrap_pyfunction!(winnable_deal, m)?)?;
    m.add_function(wrap_pyfunction!(rate, m)?)?;
    m.add_function(wrap_pyfunction!(difficulty_deal, m)?)
}
