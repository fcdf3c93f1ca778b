//! `LegalMoves`: the live view of a game's legal actions, for every game.
//!
//! One class for every game (Accordion's `Game` and each throw game): the view
//! holds the game and two functions of its class ([`LiveMoves`]), so it always
//! answers for the current position and a new game needs no new view.

use pyo3::exceptions::{PyDeprecationWarning, PyIndexError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use pyo3::PyClass;

/// Why `LegalMoves` cannot be pickled (the reference engine says the same).
const LIVE_VIEW: &str =
    "cannot pickle LegalMoves: it is a live view of a game, not a value (pickle the game)";

/// A game class whose legal actions a [`LegalMoves`] view shows.
pub trait LiveMoves: PyClass {
    /// The legal actions now, as the game's move objects, in its canonical order.
    fn legal<'py>(slf: &Bound<'py, Self>) -> PyResult<Vec<Bound<'py, PyAny>>>;
    /// Whether `play` (a move object or its text) is legal now; text that is
    /// not a move is not.
    fn has(slf: &Bound<'_, Self>, play: &Bound<'_, PyAny>) -> bool;
}

type Legal = for<'py> fn(&Bound<'py, PyAny>) -> PyResult<Vec<Bound<'py, PyAny>>>;
type Has = fn(&Bound<'_, PyAny>, &Bound<'_, PyAny>) -> bool;

fn legal_of<'py, T: LiveMoves>(game: &Bound<'py, PyAny>) -> PyResult<Vec<Bound<'py, PyAny>>> {
    T::legal(game.cast::<T>()?)
}

fn has_of<T: LiveMoves>(game: &Bound<'_, PyAny>, play: &Bound<'_, PyAny>) -> bool {
    game.cast::<T>().is_ok_and(|game| T::has(game, play))
}

/// A live view of the legal actions of a game (``deal`` included when allowed).
///
/// It holds the game, not a list, so it always answers for the current position.
/// Supports ``len``, iteration (in the game's canonical order, then ``deal``), truth
/// and ``in`` (with a move of the game or its text; text that is not a move is not
/// in it).
#[pyclass(frozen, name = "LegalMoves", module = "accordion._core")]
pub struct LegalMoves {
    game: Py<PyAny>,
    legal: Legal,
    has: Has,
}

impl LegalMoves {
    /// The view of `game`'s legal actions.
    pub fn of<T: LiveMoves>(game: &Bound<'_, T>) -> LegalMoves {
        LegalMoves {
            game: game.clone().into_any().unbind(),
            legal: legal_of::<T>,
            has: has_of::<T>,
        }
    }
}

#[pymethods]
impl LegalMoves {
    /// Not picklable: a live view of a game is not a value.
    fn __reduce__(&self) -> PyResult<()> {
        Err(PyTypeError::new_err(LIVE_VIEW))
    }

    fn __contains__(&self, py: Python<'_>, play: &Bound<'_, PyAny>) -> bool {
        (self.has)(self.game.bind(py), play)
    }

    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        Ok((self.legal)(self.game.bind(py))?.len())
    }

    fn __bool__(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.__len__(py)? > 0)
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let moves = (self.legal)(self.game.bind(py))?;
        Ok(PyTuple::new(py, moves)?.into_any().try_iter()?.into_any())
    }

    /// Deprecated (``DeprecationWarning``): index ``list(game.legal_moves)``
    /// instead. The throw games' ``legal_moves`` were lists.
    fn __getitem__<'py>(&self, py: Python<'py>, index: isize) -> PyResult<Bound<'py, PyAny>> {
        PyErr::warn(
            py,
            &py.get_type::<PyDeprecationWarning>(),
            c"indexing legal_moves is deprecated: it is a live view; index list(game.legal_moves)",
            1,
        )?;
        let moves = (self.legal)(self.game.bind(py))?;
        let at = if index < 0 {
            index.checked_add_unsigned(moves.len())
        } else {
            Some(index)
        };
        at.and_then(|at| usize::try_from(at).ok())
            .and_then(|at| moves.get(at).cloned())
            .ok_or_else(|| PyIndexError::new_err("legal move index out of range"))
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let moves = (self.legal)(self.game.bind(py))?
            .iter()
            .map(|m| Ok(m.str()?.to_string()))
            .collect::<PyResult<Vec<String>>>()?;
        Ok(format!("<LegalMoves: {}>", moves.join(", ")))
    }
}
