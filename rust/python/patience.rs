//! What the binding does for every game alike, through the core's one game
//! interface ([`Patience`]): Accordion's `Game` (`game.rs`) and every throw
//! game's class (`throw.rs`) call these, each wrapping the plays in its own
//! move class.

use super::errors::NoMoveToUndoError;
use super::interrupt::run_interruptible;
use crate::budget::Budget;
use crate::patience::Patience;
use pyo3::prelude::*;
use std::sync::{Mutex, MutexGuard, PoisonError};

/// A game class's core game, shared by every Python thread that holds the
/// game object: the classes are `frozen` (no run-time borrow flag, whose
/// "Already borrowed" a second thread would meet) and keep their game here,
/// behind a lock.
///
/// The lock is held only while a closure given to [`read`](Shared::read) or
/// [`write`](Shared::write) runs, and such a closure runs no Python code:
/// arguments are read before, and the Python objects of the answer are made
/// after, from what the closure copied out. Making a Python object may start a
/// garbage collection whose finalizers run Python code, which may call the
/// same game (deadlock on a lock held) or let another thread in to call it
/// (which would wait for the lock while holding the GIL the holder needs).
/// The closures are `Send`, so they cannot hold the GIL's token or a
/// borrowed Python object (nor may they drop an owned one, a `Py`: its
/// finalizer is Python code).
pub struct Shared<P>(Mutex<P>);

impl<P> Shared<P> {
    pub fn new(game: P) -> Self {
        Shared(Mutex::new(game))
    }

    /// What `read` finds in the game, the lock held meanwhile.
    pub fn read<R>(&self, read: impl FnOnce(&P) -> R + Send) -> R {
        read(&self.lock())
    }

    /// Change the game with `write`, the lock held meanwhile.
    pub fn write<R>(&self, write: impl FnOnce(&mut P) -> R + Send) -> R {
        write(&mut self.lock())
    }

    /// Whether two games have the same `key`, each copied out under its own
    /// lock in turn: `game == game` takes its one lock twice, never at once.
    pub fn same<K: PartialEq>(&self, other: &Self, key: fn(&P) -> K) -> bool {
        self.read(key) == other.read(key)
    }

    fn lock(&self) -> MutexGuard<'_, P> {
        // A panic of the core under the lock (a bug, raised in Python as
        // `PanicException`) poisons it; later calls use the game as the panic
        // left it rather than all failing.
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl<P: Clone> Shared<P> {
    /// A copy of the game as it stands (what `hint` and `solve` search, free
    /// of the lock).
    pub fn snapshot(&self) -> P {
        self.read(P::clone)
    }
}

impl<P: Clone> Clone for Shared<P> {
    fn clone(&self) -> Self {
        Shared::new(self.snapshot())
    }
}

/// Take back the last action, returning it as it was written.
pub fn undo<P: Patience>(game: &Shared<P>) -> PyResult<P::Play> {
    game.write(|game| {
        let last = game.last_play()?;
        game.undo();
        Some(last)
    })
    .ok_or_else(|| NoMoveToUndoError::new_err("undo: no move has been played"))
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
/// `game` (a [`Shared`]), `move` is its move class (a tuple struct of the
/// game's play), `rules` copies out of the game what `arg` needs besides the
/// argument to read a move (the move class or its text) of the game. The
/// members whose docstrings differ between the games (`blind`, `hint`, `undo`,
/// …) are the class's own, each a call of the generic function above; `{ … }`
/// holds them. The class's `legal_moves` view reads it through `LiveMoves`,
/// implemented here.
macro_rules! game_methods {
    (
        impl $Game:ident;
        move $Move:ident;
        rules = $rules:expr;
        arg = $arg:expr;
        { $($own:tt)* }
    ) => {
        impl $crate::python::legal::LiveMoves for $Game {
            fn legal<'py>(slf: &Bound<'py, Self>) -> PyResult<Vec<Bound<'py, PyAny>>> {
                // The plays copied out under the lock, the objects made after.
                let plays = slf.get().game.read($crate::python::patience::legal_plays);
                plays
                    .into_iter()
                    .map(|p| Ok($Move(p).into_pyobject(slf.py())?.into_any()))
                    .collect()
            }

            fn has(slf: &Bound<'_, Self>, play: &Bound<'_, PyAny>) -> bool {
                let game = &slf.get().game;
                let rules = game.read($rules);
                ($arg)(play, rules).is_ok_and(|play| {
                    game.read(|game| $crate::python::patience::is_legal(game, play))
                })
            }
        }

        #[pyo3::pymethods]
        impl $Game {
            /// Cards still to be dealt (0 in an open game).
            #[getter]
            fn stock_size(&self) -> usize {
                self.game.read(|game| game.stock().len())
            }

            fn __copy__(&self) -> Self {
                self.clone()
            }

            fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
                self.clone()
            }

            fn __str__(&self) -> String {
                self.game.read(ToString::to_string)
            }

            $($own)*
        }
    };
}

pub(crate) use game_methods;
