//! Pickle and `copy` support for every value type of the core: the helpers
//! each class's `__reduce__` and restore use (the dispatcher, `_restore`, is the
//! registry's: every class registers how it rebuilds).
//!
//! `__reduce__` names a callable and its arguments. Types with a public
//! constructor are rebuilt through it (`Card.from_index`, `Move.parse`,
//! `RoyalMove.parse`, `BayanMove.parse`; `Deal`, `Rules`, every game's solution
//! (`Solution.from_dict`, `RoyalSolution.from_dict`, …) and `Stats` pickle
//! through their own public constructors, defined beside them), so a pickle
//! holds nothing but text and numbers and is checked on load like any input. A
//! game is rebuilt from its deal, rules and mode by replaying its history
//! through `play`, which leaves it in the same position with the same undo
//! stack. Ratings have no public constructor: `_restore` rebuilds them from their
//! fields; outcomes, whose keyword constructors are the call their repr writes,
//! pickle through it too, so that the pickles of earlier versions still load (it
//! also reads the throw games' solutions that earlier versions pickled through it). `LegalMoves` is a
//! live view of a game, not a value: pickling it raises a `TypeError` that
//! says so.

use super::args::or_refused;
use super::errors::InvalidPickleError;
use crate::budget::Verdict;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

/// What `__reduce__` returns: a callable and its arguments.
pub type Reduced<'py> = (Bound<'py, PyAny>, Bound<'py, PyTuple>);

/// `(_restore, (kind, state))`: rebuild a `kind` from `state` with [`restore`].
pub fn by_restore<'py>(
    py: Python<'py>,
    kind: &'static str,
    state: Bound<'py, PyTuple>,
) -> PyResult<Reduced<'py>> {
    let restore = py.import("accordion._core")?.getattr("_restore")?;
    Ok((
        restore,
        PyTuple::new(py, [kind.into_pyobject(py)?.into_any(), state.into_any()])?,
    ))
}

/// `(callable, args)` for a constructor of the class of `slf` named `method`.
pub fn by_method<'py, T: pyo3::PyClass>(
    slf: &Bound<'py, T>,
    method: &str,
    args: Bound<'py, PyTuple>,
) -> PyResult<Reduced<'py>> {
    Ok((slf.as_any().get_type().getattr(method)?, args))
}

/// A game of class `kind` from `(deal, rules, blind, history)`, its history replayed.
pub fn replayed<'py>(
    py: Python<'py>,
    kind: &str,
    state: &Bound<'py, PyTuple>,
) -> PyResult<Bound<'py, PyAny>> {
    // A throw game's state ends with the name of the game played (its `game`).
    type State<'py> = (Bound<'py, PyAny>, Bound<'py, PyAny>, bool, Vec<String>);
    let malformed = || {
        let shape = "(deal, rules, blind: bool, history: list of str[, game: str])";
        malformed_state(kind, shape, state)
    };
    let ((deal, rules, blind, history), game): (State<'py>, Option<String>) = if state.len() == 5 {
        let (deal, rules, blind, history, game) = or_refused(state.extract(), malformed)?;
        ((deal, rules, blind, history), Some(game))
    } else {
        (or_refused(state.extract(), malformed)?, None)
    };
    let class = py.import("accordion._core")?.getattr(kind)?;
    let kwargs = pyo3::types::PyDict::new(py);
    kwargs.set_item("blind", blind)?;
    if let Some(game) = game {
        kwargs.set_item("game", game)?;
    }
    let game = class
        .call((deal, rules), Some(&kwargs))
        .map_err(|error| tampered(py, kind, "its deal or rules", &error))?;
    for (number, action) in history.iter().enumerate() {
        game.call_method1("play", (action,)).map_err(|error| {
            let what = format!(
                "move {} of its history ({})",
                number + 1,
                shown_text(action)
            );
            tampered(py, kind, &what, &error)
        })?;
    }
    Ok(game)
}

/// The verdict named `win`, `loss` or `unknown`.
pub fn verdict(name: &str) -> PyResult<Verdict> {
    Verdict::named(name).ok_or_else(|| {
        let name = shown_text(name);
        InvalidPickleError::new_err(format!(
            "not a pickled accordion value: its result is {name}, not win, loss or unknown"
        ))
    })
}

/// The error for a state that no `__reduce__` wrote: `what` is the part that is wrong.
pub fn malformed(kind: &str, what: &str) -> PyErr {
    InvalidPickleError::new_err(format!("not a pickled accordion {kind}: {what}"))
}

/// The error for a state of the wrong shape: `shape` is what `__reduce__` writes.
pub fn malformed_state(kind: &str, shape: &str, state: &Bound<'_, PyTuple>) -> PyErr {
    let found = state
        .iter()
        .map(|item| {
            item.get_type()
                .name()
                .map_or_else(|_| "?".to_string(), |n| n.to_string())
        })
        .collect::<Vec<_>>()
        .join(", ");
    malformed(kind, &format!("its state must be {shape}, found ({found})"))
}

/// A value of the pickle that its class refuses (a tampered deal, an illegal
/// move in a history): the class's own error, said to be the pickle's.
fn tampered(py: Python<'_>, kind: &str, what: &str, error: &PyErr) -> PyErr {
    let error = InvalidPickleError::new_err(format!(
        "not a pickled accordion {kind}: {what} is refused: {}",
        error.value(py)
    ));
    error
}

/// `text` quoted as Python writes a str, cut to 40 characters.
pub fn shown_text(text: &str) -> String {
    let cut: String = text.chars().take(40).collect();
    format!("{cut:?}")
}
