//! The numberings of other programs (`crate::numbering`) as `Deal`
//! constructors and `pysol_goal`: arguments checked here, generators in the core.

use super::args::{shown, text};
use super::values::{card_count, PyCard, PyDeal};
use crate::error::Error;
use crate::numbering::pysol::{self, Number, PysolGame};
use crate::numbering::{knuth, solvitaire};
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
    if obj.is_instance_of::<PyString>() {
        // Lone surrogates become U+FFFD, which the parser refuses by name.
        return Ok(text(obj, "number")?.parse()?);
    }
    if !obj.is_instance_of::<PyInt>() || obj.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(format!(
            "a PySolFC game number is an int or str, got {}",
            obj.get_type().name()?
        )));
    }
    let value = int_arg(obj, "number")?.and_then(|n| u128::try_from(n).ok());
    Ok(value.map_or_else(
        || Err(Error::argument("number", pysol::GAME_RANGE, shown(obj))),
        Number::game,
    )?)
}

/// A PySolFC game: a name, PySolFC's title or its id.
pub fn pysol_game(obj: &Bound<'_, PyAny>) -> PyResult<PysolGame> {
    if obj.is_instance_of::<PyString>() {
        return Ok(text(obj, "game")?.parse()?);
    }
    if obj.is_instance_of::<PyInt>() && !obj.is_instance_of::<PyBool>() {
        return Ok(obj.str()?.to_str()?.parse()?);
    }
    Err(PyTypeError::new_err(format!(
        "a PySolFC game is a name or an id, got {}",
        obj.get_type().name()?
    )))
}

pub fn from_pysol(number: &Bound<'_, PyAny>, game: &Bound<'_, PyAny>) -> PyResult<PyDeal> {
    let layout = pysol::layout(pysol_number(number)?, pysol_game(game)?);
    Ok(PyDeal {
        deal: layout.deal,
        seed: None,
    })
}

/// `game` is text (lone surrogates included: they become U+FFFD, which no game
/// name has) or `None` for `accordion`.
pub fn from_solvitaire(
    seed: &Bound<'_, PyAny>,
    game: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyDeal> {
    let game: solvitaire::SolvitaireGame = match game {
        None => solvitaire::SolvitaireGame::Accordion,
        Some(game) => text(game, "game")?.parse()?,
    };
    let value = int_arg(seed, "seed")?.and_then(|s| i64::try_from(s).ok());
    let value = value.ok_or_else(|| {
        Error::argument(
            "seed",
            "a Solvitaire seed: a C int other than -1 (-2147483648 to 2147483647)",
            shown(seed),
        )
    })?;
    Ok(PyDeal {
        deal: solvitaire::deal(value, game)?,
        seed: None,
    })
}

pub fn from_knuth(seed: &Bound<'_, PyAny>, cards: Option<&Bound<'_, PyAny>>) -> PyResult<PyDeal> {
    let cards = match cards.filter(|c| !c.is_none()) {
        None => knuth::LATE_BINDING_CARDS,
        some => card_count(some, 1)?,
    };
    let seed = int_arg(seed, "seed")?
        .and_then(|s| i64::try_from(s).ok())
        .filter(|s| i32::try_from(*s).is_ok())
        .ok_or_else(|| {
            Error::argument(
                "seed",
                "a Knuth seed -2**31 to 2**31 - 1 (a C long taken mod 2**31)",
                shown(seed),
            )
        })?;
    Ok(PyDeal {
        deal: knuth::deal(seed, cards)?,
        seed: None,
    })
}

/// The rules of PySolFC's `game` (`crate::numbering::pysol::PysolGame::rules`).
pub fn pysol_rules(
    game: &Bound<'_, PyAny>,
    number: Option<&Bound<'_, PyAny>>,
) -> PyResult<crate::rules::Rules> {
    let game = pysol_game(game)?;
    let number = number
        .filter(|n| !n.is_none())
        .map(pysol_number)
        .transpose()?;
    Ok(game.rules(number)?)
}

/// The goal card of PySolFC's Accordion's Revenge game ``number``.
///
/// The game is won only when this card ends on top of the last pile.
///
/// Raises:
///     InvalidDealError: a game number out of range.
#[pyfunction]
pub fn pysol_goal(number: &Bound<'_, PyAny>) -> PyResult<PyCard> {
    let layout = pysol::layout(pysol_number(number)?, PysolGame::AccordionsRevenge);
    Ok(PyCard(
        layout.goal.expect("Accordion's Revenge has a goal card"),
    ))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(pysol_goal, m)?)
}
