//! Deals chosen by outcome and difficulty (`crate::choose`): `winnable_deal`,
//! `rate` (of every game: Accordion's rows and, bound once over `Throwing`, the
//! throw games'), `difficulty_deal` and the `Rating` value.

use super::args::{jobs_arg, optional_whole, seed as seed_arg, GameName};
use super::interrupt::run_interruptible;
use super::rating::PyRating;
use super::registry;
use super::values::{card_count, deal_arg, rules_arg, PyDeal};
use crate::choose::difficulty::{self, Level};
use crate::choose::{winnable, Numbers};
use crate::error::{quoted, Error};
use crate::rules::Rules;
use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;

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
    game: Option<GameName>,
) -> PyResult<PyRating> {
    let name = game.map_or_else(|| "accordion".to_string(), |g| g.0);
    // Every game registered how it rates (Accordion's rating has levels).
    let Some(rate) = registry::rate_of(&name) else {
        let mut names = registry::rated_games();
        let last = names.pop().unwrap_or_default();
        let expected = format!("{} or {last}", names.join(", "));
        return Err(Error::argument("game", &expected, quoted(&name)).into());
    };
    rate(py, deal, rules)
}

/// Accordion's `rate`: an open row under `rules` (default: modern), rated with
/// levels.
pub fn rate_accordion(
    py: Python<'_>,
    deal: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyRating> {
    let deal = deal_arg(deal)?;
    let rules = rules_or_modern(rules)?;
    let rating = run_interruptible(py, |cancel| {
        difficulty::rate(&deal, &rules, Some(cancel.clone()))
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
