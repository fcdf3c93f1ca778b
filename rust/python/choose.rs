//! Deals chosen by outcome and difficulty (`crate::choose`): `winnable_deal`,
//! `rate` (of every game: Accordion's rows and, bound once over `Throwing`, the
//! throw games'), `difficulty_deal` and the `Rating` value.

use super::args::{optional, text, Arg, Argument, Cards, GameName, Given, Jobs, Seed, Tries};
use super::interrupt::run_interruptible;
use super::rating::{rate_game, PyRating};
use super::registry::{self, Asked};
use super::values::{deal_arg, PyDeal};
use crate::choose::difficulty::{self, Level};
use crate::choose::{winnable, Numbers};
use crate::deal::Deal;
use crate::error::{quoted, Error};
use crate::game::Game;
use crate::rules::Rules;
use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;

/// A fresh random start among the numbers `starts` (`low..high`).
pub(crate) fn random_start(py: Python<'_>, starts: std::ops::Range<u64>) -> PyResult<u64> {
    py.import("random")?
        .getattr("SystemRandom")?
        .call0()?
        .call_method1("randrange", (starts.start, starts.end))?
        .extract()
}

/// The first numbered deal of ``game`` (default ``accordion``; any game that rates deals,
/// :func:`rate`) from ``seed`` on (default: a random start below 2**32) that ``rules``
/// win. Accordion: the forced game for ``strict``/``strict-leap``; for ``parlett`` the
/// best line (blind: with the stock order known); for ``modern`` the solver's open row.
/// Any other game: its solver's best line, open, or blind with the stock order known;
/// ``rules`` is one of its rule-set names (default its first). Its :attr:`Deal.seed` is
/// its number (the game's numbered deal: ``--seed N --game NAME``). Raise
/// ``InvalidRulesError`` when no row of that length can be won, or none is within
/// ``tries`` numbers (default 100,000). Releases the GIL; Ctrl-C stops it. See
/// docs/winnable.md.
#[pyfunction]
#[pyo3(signature = (*, seed = None, rules = None, blind = false, cards = None, tries = None, jobs = None, game = None))]
#[allow(clippy::too_many_arguments)]
fn winnable_deal(
    py: Python<'_>,
    seed: Option<Arg<Seed>>,
    rules: Option<&Bound<'_, PyAny>>,
    blind: bool,
    cards: Option<Arg<Cards>>,
    tries: Option<Arg<Tries>>,
    jobs: Option<Arg<Jobs>>,
    game: Option<GameName>,
) -> PyResult<PyDeal> {
    let asked = asked(None, seed, cards, rules, blind, (tries, jobs))?;
    chosen(py, game, asked)
}

/// The arguments every game reads alike, read in signature order.
fn asked<'a, 'py>(
    level: Option<Level>,
    seed: Option<Arg<Seed>>,
    cards: Option<Arg<Cards>>,
    rules: Option<&'a Bound<'py, PyAny>>,
    blind: bool,
    (tries, jobs): (Option<Arg<Tries>>, Option<Arg<Jobs>>),
) -> PyResult<Asked<'a, 'py>> {
    Ok(Asked {
        level,
        start: seed.given()?.map(|start| start.0),
        cards: cards.given()?,
        rules,
        blind,
        tries: tries.given()?.map(|tries| tries.0),
        jobs: jobs.given()?.map(|jobs| jobs.0),
    })
}

/// The game `game=` names (default Accordion), as the registry knows it, and how
/// it chooses its deals; the game's chooser run on `asked`.
fn chosen(py: Python<'_>, game: Option<GameName>, asked: Asked<'_, '_>) -> PyResult<PyDeal> {
    let (name, (_, choose)) = rater(game)?;
    let (deal, seed) = choose(py, name, asked)?;
    Ok(PyDeal {
        deal,
        seed: Some(seed),
    })
}

/// The game `game=` names (default Accordion) by its canonical name, and how it
/// rates and chooses deals; an error naming ``game`` for any other name.
fn rater(game: Option<GameName>) -> PyResult<(&'static str, (registry::Rate, registry::Choose))> {
    let given = game.map_or_else(|| "accordion".to_string(), |g| g.0);
    // Any name `--game` takes (an alias, PySolFC's id), as its canonical name.
    let found =
        registry::canonical_name(&given).and_then(|name| Some((name, registry::rate_of(name)?)));
    found.ok_or_else(|| {
        let mut names = registry::rated_games();
        let last = names.pop().unwrap_or_default();
        let expected = format!("{} or {last}", names.join(", "));
        Error::argument("game", &expected, quoted(&given)).into()
    })
}

/// Accordion's `winnable_deal` and `difficulty_deal`: its own walks, under
/// Accordion's `rules` (a :class:`Rules` or a rule-set name; default modern).
pub fn choose_accordion(
    py: Python<'_>,
    _name: &str,
    mut asked: Asked<'_, '_>,
) -> PyResult<(Deal, u64)> {
    let rules = optional::<Rules>(asked.rules).given_or(Rules::modern())?;
    let cards = asked.cards(1)?;
    let blind = asked.blind;
    match asked.level {
        None => search_numbers(py, &asked, 0..1 << 32, winnable::DEFAULT_TRIES, |numbers| {
            let found = winnable::next_winnable(cards, &rules, blind, numbers)?;
            Ok(found.map(|found| (found.deal, found.seed)))
        }),
        // Where the level table covers the rows, a random deal comes from it (at once).
        Some(level) => {
            let starts = difficulty::random_starts(level, cards, &rules);
            search_numbers(py, &asked, starts, difficulty::DEFAULT_TRIES, |numbers| {
                let found = difficulty::next_at_level(level, cards, &rules, numbers)?;
                Ok(found.map(|found| (found.deal, found.seed)))
            })
        }
    }
}

/// The numbered deal `search` finds, and its number: from the first number
/// asked (else a random one among `starts`), trying the numbers asked (else
/// `default`) on the threads asked, the GIL released and Ctrl-C heeded: the
/// walk every game's `winnable_deal` and `difficulty_deal` share once their
/// own arguments are read.
pub(crate) fn search_numbers(
    py: Python<'_>,
    asked: &Asked<'_, '_>,
    starts: std::ops::Range<u64>,
    default: u64,
    search: impl FnOnce(Numbers<'_>) -> crate::error::Result<Option<(Deal, u64)>> + Send,
) -> PyResult<(Deal, u64)> {
    let start = match asked.start {
        Some(start) => start,
        None => random_start(py, starts)?,
    };
    let tries = asked.tries.unwrap_or(default);
    let jobs = asked.jobs;
    let found = run_interruptible(py, |cancel| {
        search(Numbers::new(start, tries, jobs, Some(cancel)))
    })??;
    found.ok_or_else(|| PyKeyboardInterrupt::new_err("interrupted"))
}

/// Rate an open deal of ``game`` (default ``accordion``; every game's name as
/// :func:`accordion.games` lists them, an alias or PySolFC's id) under ``rules`` (the
/// game's first rule set by default; the forced rule sets are refused: ``strict``,
/// ``strict-leap``, ``uva``). Its level is by the game's own calibration (Accordion's at
/// 8 to 52 cards, the other games' at 52 cards: none at other lengths). Releases the GIL;
/// Ctrl-C stops it.
#[pyfunction]
#[pyo3(signature = (deal, *, rules = None, game = None))]
fn rate(
    py: Python<'_>,
    deal: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    game: Option<GameName>,
) -> PyResult<PyRating> {
    let (name, (rate, _)) = rater(game)?;
    rate(py, name, deal, rules)
}

/// Accordion's `rate`: an open row under `rules` (default: modern), rated with
/// levels.
pub fn rate_accordion(
    py: Python<'_>,
    _name: &str,
    deal: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyRating> {
    let deal = deal_arg(deal)?;
    let rules = optional::<Rules>(rules).given_or(Rules::modern())?;
    rate_game(py, &Game::new(deal, rules, false))
}

/// The first numbered deal of ``game`` (default ``accordion``) of ``cards`` cards (default
/// 52) from ``seed`` on (default: a random start) rated ``level`` (:func:`rate`);
/// ``InvalidArgumentError`` for a row length the game's levels are not calibrated at
/// (Accordion's: shorter than 8 cards; the other games': other than 52),
/// ``InvalidRulesError`` if none within ``tries`` numbers (default 10,000). Accordion's
/// rows at calibrated lengths under the modern rules were rated once and for all for the
/// first few thousand numbers, and a random start is drawn among them: a deal is found at
/// once (docs/difficulty.md).
#[pyfunction]
#[pyo3(signature = (level, *, seed = None, cards = None, rules = None, tries = None, jobs = None, game = None))]
#[allow(clippy::too_many_arguments)]
fn difficulty_deal(
    py: Python<'_>,
    level: Arg<Level>,
    seed: Option<Arg<Seed>>,
    cards: Option<Arg<Cards>>,
    rules: Option<&Bound<'_, PyAny>>,
    tries: Option<Arg<Tries>>,
    jobs: Option<Arg<Jobs>>,
    game: Option<GameName>,
) -> PyResult<PyDeal> {
    let level = level.get()?;
    let asked = asked(Some(level), seed, cards, rules, false, (tries, jobs))?;
    chosen(py, game, asked)
}

/// A difficulty level as an argument: its name.
impl Argument for Level {
    fn read(obj: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(text(obj, "level")?.parse()?)
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyRating>()?;
    m.add_function(wrap_pyfunction!(winnable_deal, m)?)?;
    m.add_function(wrap_pyfunction!(rate, m)?)?;
    m.add_function(wrap_pyfunction!(difficulty_deal, m)?)
}
