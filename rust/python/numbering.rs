//! The numberings of other programs (`crate::numbering`): the arguments of
//! `Deal`'s constructors and of `pysol_goal` (both in `values.rs`, beside the
//! classes they build) checked here, the generators in the core.

use super::args::{card_count, shown, unless_exception, Arg, Argument, Given};
use super::registry;
use crate::deal::Deal;
use crate::error::Error;
use crate::numbering::pysol::{self, Number};
use crate::numbering::{knuth, solvitaire};
use crate::patience::Facts;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString};

/// An int argument as `i128`, or `None` when it is an int beyond even that.
fn int_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Option<i128>> {
    if !obj.is_instance_of::<PyInt>() || obj.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(format!(
            "{what} must be an int, got {}",
            obj.get_type().name()?
        )));
    }
    Ok(obj.extract::<i128>().ok())
}

/// A PySolFC game number: an int, or text such as `12345` or `ms12345`.
pub fn pysol_number(obj: &Bound<'_, PyAny>) -> PyResult<Number> {
    if let Ok(text) = obj.cast::<PyString>() {
        return Ok(super::args::text(text.as_any(), "text")?.parse()?);
    }
    if !obj.is_instance_of::<PyInt>() || obj.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(format!(
            "a PySolFC game number is an int or str, got {}",
            obj.get_type().name()?
        )));
    }
    let value = int_arg(obj, "number")?.and_then(|n| u128::try_from(n).ok());
    match value {
        Some(value) => Ok(Number::game(value)?),
        None => Err(Error::argument("number", pysol::GAME_RANGE, shown(obj)?).into()),
    }
}

/// A PySolFC game number as an argument.
impl Argument for Number {
    fn read(obj: &Bound<'_, PyAny>) -> PyResult<Self> {
        pysol_number(obj)
    }
}

/// A PySolFC game as an argument: a name, PySolFC's title, an alias or its id.
impl Argument for Facts {
    fn read(obj: &Bound<'_, PyAny>) -> PyResult<Self> {
        pysol_game(obj)
    }
}

/// A PySolFC game: a name, PySolFC's title, an alias or its id, of a game of
/// the registry that PySolFC has (its facts say how PySolFC deals it).
pub fn pysol_game(obj: &Bound<'_, PyAny>) -> PyResult<Facts> {
    let key = if let Ok(text) = obj.cast::<PyString>() {
        super::args::text(text.as_any(), "text")?.into_owned()
    } else if obj.is_instance_of::<PyInt>() && !obj.is_instance_of::<PyBool>() {
        // An id is small; an int past i128 (too long even for Python to print,
        // past 4,300 digits) is no game's, and is named by its size.
        match unless_exception(obj.extract::<i128>())? {
            Some(n) => n.to_string(),
            None => shown(obj)?,
        }
    } else {
        return Err(PyTypeError::new_err(format!(
            "a PySolFC game is a name or an id, got {}",
            obj.get_type().name()?
        )));
    };
    let games: Vec<Facts> = registry::entries()
        .into_iter()
        .filter(|facts| facts.pysol_id.is_some())
        .collect();
    let lower = key.trim().to_lowercase();
    // An id may be written with leading zeros (`0772`).
    let id = lower.parse::<u32>().ok();
    let found = games
        .iter()
        .find(|facts| facts.is_called(&lower) || id.is_some() && facts.pysol_id == id);
    if let Some(&facts) = found {
        return Ok(facts);
    }
    // Listed in the registry's order, which messages listing the games follow
    // in both engines.
    let named: Vec<(&str, u32)> = games
        .iter()
        .filter_map(|facts| facts.pysol_id.map(|id| (facts.name, id)))
        .collect();
    // A game of the registry that PySolFC does not have is named as such, not
    // as an unknown game.
    if let Some(facts) = registry::entries()
        .into_iter()
        .find(|facts| facts.pysol_id.is_none() && facts.is_called(&lower))
    {
        return Err(pysol::not_in_pysol(facts.title, &named).into());
    }
    Err(pysol::unknown_among(&key, &named).into())
}

/// PySolFC's deal `number` of `game` (default: Accordion), checked in that order.
pub fn from_pysol(number: Arg<Number>, game: Option<Arg<Facts>>) -> PyResult<Deal> {
    let number = number.get()?;
    let game = game.given()?.unwrap_or(crate::game::ACCORDION);
    Ok(pysol::layout(number, &game).deal)
}

pub fn from_solvitaire(seed: &Bound<'_, PyAny>, game: &str) -> PyResult<Deal> {
    let game: solvitaire::SolvitaireGame = game.parse()?;
    let value = int_arg(seed, "seed")?.and_then(|s| i64::try_from(s).ok());
    let Some(value) = value else {
        return Err(Error::argument(
            "seed",
            "a Solvitaire seed: a C int other than -1 (-2147483648 to 2147483647)",
            shown(seed)?,
        )
        .into());
    };
    Ok(solvitaire::deal(value, game)?)
}

pub fn from_knuth(seed: &Bound<'_, PyAny>, cards: Option<&Bound<'_, PyAny>>) -> PyResult<Deal> {
    // Signature order: the seed, then the cards.
    let Some(seed) = int_arg(seed, "seed")?
        .and_then(|s| i64::try_from(s).ok())
        .filter(|s| i32::try_from(*s).is_ok())
    else {
        return Err(Error::argument(
            "seed",
            "a Knuth seed -2**31 to 2**31 - 1 (a C long taken mod 2**31)",
            shown(seed)?,
        )
        .into());
    };
    let cards = match cards.filter(|c| !c.is_none()) {
        None => knuth::LATE_BINDING_CARDS,
        some => card_count(some, 1)?,
    };
    Ok(knuth::deal(seed, cards)?)
}

/// The rules of PySolFC's `game` (`crate::numbering::pysol::rules`).
pub fn pysol_rules(game: Arg<Facts>, number: Option<Arg<Number>>) -> PyResult<crate::rules::Rules> {
    let game = game.get()?;
    let number = number.given()?;
    Ok(pysol::rules(&game, number)?)
}
