//! The games bound here, as data (OpenSpiel's way: a game registers itself).
//! Each `throw_game!` invocation adds its game's facts ([`Entry`]) when the
//! module is built (Accordion's engine adds those of the games it plays), and
//! each class that rebuilds from a pickled state (every
//! game's, Accordion's too) its [`Restore`]; what dispatches by game — `rate`,
//! `_restore`, PySolFC's numbered deals, `games()` — reads the entries instead
//! of matching names, so a game bound by one invocation is known to all of them.

use super::args::{shown, Cards};
use super::errors::InvalidPickleError;
use super::pickle::shown_text;
use super::rating::PyRating;
use crate::choose::level::Level;
use crate::deal::Deal;
use crate::patience::Facts;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};
use std::sync::{Mutex, MutexGuard};

/// Rate an open deal of the game named (`deal`, `rules` as `rate` takes them).
pub type Rate =
    fn(Python<'_>, &str, &Bound<'_, PyAny>, Option<&Bound<'_, PyAny>>) -> PyResult<PyRating>;

/// Choose a numbered deal of the game named by outcome or difficulty
/// (`winnable_deal`, `difficulty_deal`), the arguments every game reads alike
/// already read: the deal found and its number.
pub type Choose = fn(Python<'_>, &str, Asked<'_, '_>) -> PyResult<(Deal, u64)>;

/// What `winnable_deal` or `difficulty_deal` asks of a game: the level
/// (`None`: a winnable deal), the first number (`None`: a random start), the
/// count of cards (checked against the game's fewest by [`Asked::cards`]), the
/// rules as given (each game reads its own), and how many numbers to try on
/// how many threads (`None`: the defaults).
pub struct Asked<'a, 'py> {
    pub level: Option<Level>,
    pub start: Option<u64>,
    pub cards: Option<Cards>,
    pub rules: Option<&'a Bound<'py, PyAny>>,
    pub blind: bool,
    pub tries: Option<u64>,
    pub jobs: Option<usize>,
}

impl Asked<'_, '_> {
    /// The count of cards asked (default 52), `least` to 52, else the error
    /// naming `cards`.
    pub fn cards(&mut self, least: usize) -> PyResult<usize> {
        self.cards
            .take()
            .map_or(Ok(crate::deal::DECK_SIZE), |cards| cards.at_least(least))
    }
}

/// Rebuild a value of class `kind` from its pickled state.
pub type Restore =
    for<'py> fn(Python<'py>, &str, &Bound<'py, PyTuple>) -> PyResult<Bound<'py, PyAny>>;

/// A game's facts as the registry keeps them (`crate::patience::Facts`).
pub type Entry = Facts;

static ENTRIES: Mutex<Vec<Entry>> = Mutex::new(Vec::new());
static RESTORES: Mutex<Vec<(&'static str, Restore)>> = Mutex::new(Vec::new());
static RATES: Mutex<Vec<(&'static str, Rate, Choose)>> = Mutex::new(Vec::new());

/// A lock that a panic elsewhere cannot poison for good (the lists stay whole:
/// every change is one push or one assignment).
fn locked<T>(list: &Mutex<T>) -> MutexGuard<'_, T> {
    list.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Register a game's facts (again, when the module is built twice: they are replaced).
pub fn add(entry: Entry) {
    let mut entries = locked(&ENTRIES);
    match entries.iter().position(|e| e.name == entry.name) {
        Some(i) => entries[i] = entry,
        None => entries.push(entry),
    }
}

/// Register how a class `kind` rebuilds from its pickled state.
pub fn add_restore(kind: &'static str, restore: Restore) {
    let mut restores = locked(&RESTORES);
    match restores.iter().position(|(k, _)| *k == kind) {
        Some(i) => restores[i] = (kind, restore),
        None => restores.push((kind, restore)),
    }
}

/// Register how the game called `name` rates a deal and chooses its numbered
/// deals (every game's `rate`, Accordion's too, in the order `rate`'s error
/// lists them).
pub fn add_rate(name: &'static str, rate: Rate, choose: Choose) {
    let mut rates = locked(&RATES);
    match rates.iter().position(|(n, _, _)| *n == name) {
        Some(i) => rates[i] = (name, rate, choose),
        None => rates.push((name, rate, choose)),
    }
}

/// How the game called `name` rates a deal and chooses one, if it is a
/// registered one.
pub fn rate_of(name: &str) -> Option<(Rate, Choose)> {
    locked(&RATES)
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|&(_, rate, choose)| (rate, choose))
}

/// The names of the games that rate deals, in the order they were registered.
pub fn rated_games() -> Vec<&'static str> {
    locked(&RATES).iter().map(|&(name, _, _)| name).collect()
}

/// The registered games, in the order they were bound.
pub fn entries() -> Vec<Entry> {
    locked(&ENTRIES).clone()
}

/// The name of the registered game that `name` calls it, read as
/// `accordion.games.find_game` reads `--game` (`Facts::is_called`): its name,
/// title, an alias or its PySolFC id, case, the white space around (Python's
/// `str.strip`) and the spelling of the gaps between words ignored.
pub fn canonical_name(name: &str) -> Option<&'static str> {
    let key = name.trim_matches(|c: char| c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c));
    locked(&ENTRIES)
        .iter()
        .find(|facts| facts.is_called(key))
        .map(|facts| facts.name)
}

/// How the class `kind` rebuilds from a pickled state, if it is a registered one.
pub fn restore_of(kind: &str) -> Option<Restore> {
    locked(&RESTORES)
        .iter()
        .find(|(k, _)| *k == kind)
        .map(|&(_, restore)| restore)
}

/// Rebuild a pickled value (what ``__reduce__`` writes; not for direct use).
///
/// Raises:
///     InvalidPickleError: a ``kind`` or ``state`` that no ``__reduce__`` wrote
///         (a pickle tampered with or damaged); the message names what is wrong.
#[pyfunction]
#[pyo3(name = "_restore")]
pub fn restore(
    py: Python<'_>,
    kind: &Bound<'_, PyAny>,
    state: &Bound<'_, PyTuple>,
) -> PyResult<Py<PyAny>> {
    // Every class rebuilt here registered how (`add_restore`). A pickle carries
    // any object as the kind, text with lone surrogates too: what is no class
    // name is a pickle no `__reduce__` wrote, like an unknown name.
    let name = kind
        .cast::<PyString>()
        .ok()
        .and_then(|text| text.to_str().ok());
    match name.and_then(|name| Some((name, restore_of(name)?))) {
        Some((name, restore)) => Ok(restore(py, name, state)?.unbind()),
        None => Err(InvalidPickleError::new_err(format!(
            "not an accordion pickle: no class of accordion pickles as {}",
            match name {
                Some(name) => shown_text(name),
                None => shown(kind)?,
            }
        ))),
    }
}

/// The facts of every game, in the order they were bound (Accordion and the
/// PySolFC games its engine plays first, then the throw games): ``name``,
/// ``title``, ``aliases``, ``pysol_id`` (or ``None``), ``rules`` (the rule sets,
/// the default first), ``won_at`` (pieces left by a win), ``stock`` (its word for
/// the cards still to deal), ``piece`` (what it counts what is left in: ``pile``
/// or ``card``), ``min_cards`` (the fewest cards of a numbered
/// deal), ``dealing`` (how PySolFC lays out its numbered deals: ``row``,
/// ``royal-pair`` or ``goal-card``), ``blind_start`` (the cards laid out when a
/// blind game starts) and the variant flags it fixes on
/// Accordion's rules, ``two_way``, ``distances`` and ``win_piles`` (or
/// ``None``). ``accordion.games`` describes the same games; a test holds the
/// two together.
#[pyfunction]
pub fn games(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let list = PyList::empty(py);
    for entry in entries() {
        let dict = PyDict::new(py);
        dict.set_item("name", entry.name)?;
        dict.set_item("title", entry.title)?;
        dict.set_item("aliases", entry.aliases.to_vec())?;
        dict.set_item("pysol_id", entry.pysol_id)?;
        let rules: Vec<&str> = entry.rule_sets.iter().map(|set| set.name()).collect();
        dict.set_item("rules", rules)?;
        dict.set_item("won_at", entry.won_at)?;
        dict.set_item("stock", entry.stock)?;
        dict.set_item("piece", entry.piece)?;
        dict.set_item("min_cards", entry.min_cards)?;
        dict.set_item("dealing", entry.dealing.name())?;
        dict.set_item("blind_start", entry.blind_start)?;
        dict.set_item("two_way", entry.variant.two_way)?;
        dict.set_item("distances", entry.variant.distances.to_vec())?;
        dict.set_item("win_piles", entry.variant.win_piles)?;
        list.append(dict)?;
    }
    Ok(list)
}
