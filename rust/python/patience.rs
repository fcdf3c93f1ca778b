//! What the binding does for every game alike, through the core's one game
//! interface ([`Patience`]): Accordion's `Game` (`game.rs`) and every throw
//! game's class (`throw.rs`) call these, each wrapping the plays in its own
//! move class.

use super::errors::NoMoveToUndoError;
use super::interrupt::run_interruptible;
use crate::budget::Budget;
use crate::patience::Patience;
use pyo3::prelude::*;

/// Take back the last action, returning it as it was written.
pub fn undo<P: Patience>(game: &mut P) -> PyResult<P::Play> {
    let last = game
        .last_play()
        .ok_or_else(|| NoMoveToUndoError::new_err("undo: no move has been played"))?;
    game.undo();
    Ok(last)
}

/// The next action of best play by the game's solver within `timeout`, GIL
/// released, Ctrl-C honoured.
pub fn hint<P: Patience + Send + Sync>(
    py: Python<'_>,
    game: &P,
    timeout: Option<f64>,
) -> PyResult<Option<P::Play>>
where
    P::Action: Send,
{
    let budget = Budget::new(None, timeout, None)?;
    let action = run_interruptible(py, |cancel| {
        game.hint(&budget.clone().with_cancel(cancel.clone()))
    })?;
    Ok(action.map(|a| game.play_of(a)))
}

/// Whether `play` names a legal action of `game` now.
pub fn is_legal<P: Patience>(game: &P, play: P::Play) -> bool {
    game.action_of(play)
        .is_ok_and(|action| game.is_legal(action))
}

/// The legal actions of `game`, by cards.
pub fn legal_plays<P: Patience>(game: &P) -> Vec<P::Play> {
    game.legal_actions()
        .into_iter()
        .map(|a| game.play_of(a))
        .collect()
}

/// The history as text, oldest first: what a pickle replays.
pub fn history_texts<P: Patience>(game: &P) -> Vec<String> {
    game.history().iter().map(ToString::to_string).collect()
}

/// The default time limit of every game's `hint`, in seconds.
pub const HINT_SECONDS: Option<f64> = Some(2.0);

/// The members every game class has alike (Accordion's `Game`, each throw
/// game's class), written once: the class holds its core game in a field
/// `game`, `move` is its move class (a tuple struct of the game's play), and
/// `arg` reads a move argument (the move class or its text) of the game. The
/// members whose docstrings differ between the games (`blind`, `hint`, `undo`,
/// …) are the class's own, each a call of the generic function above; `{ … }`
/// holds them. The class's `legal_moves` view reads it through `LiveMoves`,
/// implemented here.
macro_rules! game_methods {
    (
        impl $Game:ident;
        move $Move:ident;
        arg = $arg:expr;
        { $($own:tt)* }
    ) => {
        impl $crate::python::legal::LiveMoves for $Game {
            fn legal<'py>(slf: &Bound<'py, Self>) -> PyResult<Vec<Bound<'py, PyAny>>> {
                $crate::python::patience::legal_plays(&slf.borrow().game)
                    .into_iter()
                    .map(|p| Ok($Move(p).into_pyobject(slf.py())?.into_any()))
                    .collect()
            }

            fn has(slf: &Bound<'_, Self>, play: &Bound<'_, PyAny>) -> bool {
                let game = &slf.borrow().game;
                ($arg)(play, game)
                    .is_ok_and(|play| $crate::python::patience::is_legal(game, play))
            }
        }

        #[pyo3::pymethods]
        impl $Game {
            /// Cards still to be dealt (0 in an open game).
            #[getter]
            fn stock_size(&self) -> usize {
                self.game.stock().len()
            }

            fn __copy__(&self) -> Self {
                self.clone()
            }

            fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
                self.clone()
            }

            fn __str__(&self) -> String {
                self.game.to_string()
            }

            $($own)*
        }
    };
}

pub(crate) use game_methods;
