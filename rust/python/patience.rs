//! What the binding does for every game alike, through the core's one game
//! interface ([`Patience`]): Accordion's `Game` (`game.rs`) and every throw
//! game's class (`throw.rs`) call these, each wrapping the plays in its own
//! move class. The members every game's classes share are written here once,
//! one macro a kind of class (PyO3 classes cannot be generic): the game's
//! ([`game_methods!`]), the move's, the outcome's and the solution's; the
//! stub's private bases (`_Game`, `_Move`, `_Outcome`, `_Solution` in
//! `python/accordion/_core.pyi`) declare the same members once.

use super::errors::NoMoveToUndoError;
use super::interrupt::run_interruptible;
use crate::budget::Budget;
use crate::card::Card;
use crate::deal::Deal;
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

/// What a game class shows of its core game besides [`Patience`]: the
/// starting deal, the piles and tops, the outcome (each game's own type), what
/// besides the deal, mode and history makes two games the same, the deal
/// action and the repr. Accordion's game implements it in `game.rs`, every
/// throw game in `throw.rs`; the members of [`game_methods!`] read it.
pub trait Shown: Patience + Send + Sync {
    /// What `outcome` returns (wrapped in the class's outcome class).
    type Outcome;
    /// The rules (and the game played), which equal games share.
    type Rules: PartialEq;
    /// The action of dealing the next stock card.
    const DEAL: Self::Action;

    /// The deal the game started from, all of it.
    fn starting_deal(&self) -> &Deal;
    /// The piles left to right, each bottom to top.
    fn piles(&self) -> Vec<Vec<Card>>;
    /// The top card of each pile, left to right.
    fn tops(&self) -> Vec<Card>;
    /// Where the game stands.
    fn outcome(&self) -> Self::Outcome;
    /// The rules (and the game played), for `==`.
    fn rules_key(&self) -> Self::Rules;
    /// The repr of the game of the class called `class`, whose deal has this `seed`.
    fn repr(&self, class: &str, seed: Option<u64>) -> String;
}

/// Games are equal when they have the same rules (and game), starting deal,
/// mode and history.
#[allow(clippy::type_complexity)]
pub fn same_game<P: Shown>(game: &P) -> (P::Rules, Deal, bool, Vec<P::Play>) {
    let deal = game.starting_deal().clone();
    (game.rules_key(), deal, game.is_blind(), game.history())
}

/// Play the action that `play` names, or (`None`) deal, returning it by
/// cards as the game writes it.
pub fn play<P: Shown>(game: &Shared<P>, play: Option<P::Play>) -> PyResult<P::Play>
where
    P::Play: Send,
{
    Ok(game.write(move |game| {
        let action = match play {
            Some(play) => game.action_of(play)?,
            None => P::DEAL,
        };
        let play = game.play_of(action);
        game.play(action).map(|()| play)
    })?)
}

/// The members every game class has alike (Accordion's `Game`, each throw
/// game's class), written once: the class (called `$name` in Python) holds its
/// core game (a [`Shown`]) in a field `game` (a [`Shared`]), `move` is its
/// move class (a tuple struct of the game's play) and `outcome` its outcome
/// class (of [`Shown::Outcome`]); `seed` reads the number of the class's deal
/// (`None` where it keeps none); `rules` copies out of the game what `arg`
/// needs besides the argument to read a move (the move class or its text) of
/// the game. Where the games word a member differently (`legal_moves`, `tops`,
/// `outcome`, `play`, `deal`, `hint`), its docstring is the doc comments
/// before its name. `{ … }` holds the class's own members. The class's
/// `legal_moves` view reads it through `LiveMoves`, implemented here.
macro_rules! game_methods {
    (
        impl $Game:ident = $name:literal;
        move $Move:ident;
        outcome $Outcome:ident;
        seed = $seed:expr;
        rules = $rules:expr;
        arg = $arg:expr;
        $(#[$legal_doc:meta])* legal_moves;
        $(#[$tops_doc:meta])* tops;
        $(#[$outcome_doc:meta])* outcome;
        $(#[$play_doc:meta])* play;
        $(#[$deal_doc:meta])* deal;
        $(#[$hint_doc:meta])* hint;
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
            /// The deal the game started from (all of it, whatever has been played or dealt).
            #[getter]
            fn starting_deal(&self) -> $crate::python::values::PyDeal {
                $crate::python::values::PyDeal {
                    deal: self.game.read(|game| $crate::python::patience::Shown::starting_deal(game).clone()),
                    seed: ($seed)(self),
                }
            }

            /// Whether the game is dealt as it goes (True) or laid out open (False).
            #[getter]
            fn blind(&self) -> bool {
                self.game.read(|game| game.is_blind())
            }

            $(#[$legal_doc])*
            #[getter]
            fn legal_moves(slf: &Bound<'_, Self>) -> $crate::python::legal::LegalMoves {
                $crate::python::legal::LegalMoves::of(slf)
            }

            /// The piles left to right, each bottom to top (one card each in a game of
            /// single cards).
            #[getter]
            fn piles<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, pyo3::types::PyTuple>>> {
                $crate::python::values::pile_tuples(py, self.game.read($crate::python::patience::Shown::piles))
            }

            $(#[$tops_doc])*
            #[getter]
            fn tops(&self) -> Vec<$crate::python::values::PyCard> {
                let tops = self.game.read($crate::python::patience::Shown::tops);
                tops.into_iter().map($crate::python::values::PyCard).collect()
            }

            /// Cards still to be dealt (0 in an open game).
            #[getter]
            fn stock_size(&self) -> usize {
                self.game.read(|game| game.stock().len())
            }

            /// The actions played so far, in order and in canonical notation (a copy).
            #[getter]
            fn history(&self) -> Vec<$Move> {
                let history = self.game.read(|game| game.history());
                history.into_iter().map($Move).collect()
            }

            $(#[$outcome_doc])*
            #[getter]
            fn outcome(&self) -> $Outcome {
                $Outcome(self.game.read($crate::python::patience::Shown::outcome))
            }

            /// True when no legal action is left: no move (or throw), and no card to deal.
            #[getter]
            fn is_over(&self) -> bool {
                self.game.read(|game| game.is_over())
            }

            $(#[$play_doc])*
            #[pyo3(signature = (r#move, /))]
            fn play(&self, r#move: &Bound<'_, PyAny>) -> PyResult<$Move> {
                // The move read before the game is locked (its rules do not change).
                let given = ($arg)(r#move, self.game.read($rules))?;
                Ok($Move($crate::python::patience::play(&self.game, Some(given))?))
            }

            $(#[$deal_doc])*
            fn deal(&self) -> PyResult<$Move> {
                Ok($Move($crate::python::patience::play(&self.game, None)?))
            }

            /// Take back the last action.
            ///
            /// Returns:
            ///     The action taken back.
            ///
            /// Raises:
            ///     NoMoveToUndoError: nothing has been played (an ``IllegalMoveError`` and an
            ///         ``IndexError``).
            fn undo(&self) -> PyResult<$Move> {
                Ok($Move($crate::python::patience::undo(&self.game)?))
            }

            $(#[$hint_doc])*
            #[pyo3(signature = (*, timeout = $crate::python::args::Seconds($crate::python::patience::HINT_SECONDS)), text_signature = "($self, *, timeout=2.0)")]
            fn hint(slf: &Bound<'_, Self>, timeout: $crate::python::args::Seconds) -> PyResult<Option<$Move>> {
                // A copy, and no lock held while the GIL is released: other
                // threads play on meanwhile.
                let game = slf.get().game.snapshot();
                Ok($crate::python::patience::hint(slf.py(), &game, timeout.0)?.map($Move))
            }

            /// An independent game in the same position, with the same history (undo works on it).
            fn copy(&self) -> Self {
                self.clone()
            }

            fn __copy__(&self) -> Self {
                self.clone()
            }

            fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
                self.clone()
            }

            /// Games are equal when they have the same rules, starting deal, mode and
            /// history, so the same position: ``game == game.copy()``. A game changes as
            /// it is played, so it is not hashable.
            fn __eq__(&self, other: &Self) -> bool {
                self.game.same(&other.game, $crate::python::patience::same_game)
            }

            /// The row (and a blind game's cards to deal) as an SVG picture, drawn by
            /// :func:`accordion.svg`.
            fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
                $crate::python::values::picture(slf.as_any())
            }

            fn __str__(&self) -> String {
                self.game.read(ToString::to_string)
            }

            fn __repr__(&self) -> String {
                let seed = ($seed)(self);
                self.game.read(|game| $crate::python::patience::Shown::repr(game, $name, seed))
            }

            $($own)*
        }
    };
}

pub(crate) use game_methods;

/// What an outcome class shows of where its game stands, whatever the game:
/// Accordion's `Outcome` (`values.rs`) and each throw game's (`throw.rs`).
pub trait Graded {
    /// Piles left (a card is a pile of one in a game of single cards).
    fn piles(&self) -> usize;
    /// The grade's name once the game is over, `None` while it goes on.
    fn grade(&self) -> Option<&'static str>;
    /// No legal action is left.
    fn is_over(&self) -> bool;
}

/// The members every outcome class has alike (Accordion's `Outcome`, each throw
/// game's), written once: the class is a tuple struct of a [`Graded`]; the
/// docstrings of `piles` and `grade`, which each kind of game words in its
/// own terms, are the doc comments before their names. `{ … }` holds the
/// class's own members.
macro_rules! outcome_methods {
    (
        impl $Outcome:ident;
        $(#[$piles_doc:meta])* piles;
        $(#[$grade_doc:meta])* grade;
        { $($own:tt)* }
    ) => {
        #[pyo3::pymethods]
        impl $Outcome {
            $(#[$piles_doc])*
            #[getter]
            fn piles(&self) -> usize {
                $crate::python::patience::Graded::piles(&self.0)
            }

            $(#[$grade_doc])*
            #[getter]
            fn grade(&self) -> Option<&'static str> {
                $crate::python::patience::Graded::grade(&self.0)
            }

            /// True when no legal action is left: no move (or throw), and no card to deal.
            #[getter]
            fn is_over(&self) -> bool {
                $crate::python::patience::Graded::is_over(&self.0)
            }

            $($own)*
        }
    };
}

pub(crate) use outcome_methods;

/// The members every move class has alike (Accordion's `Move`, each throw
/// game's), written once: the class is a tuple struct of the game's play,
/// `deal` is the play of dealing the next stock card. `{ … }` holds the
/// class's own members.
macro_rules! move_methods {
    (
        impl $Move:ident;
        deal = $deal:expr;
        { $($own:tt)* }
    ) => {
        #[pyo3::pymethods]
        impl $Move {
            /// Pickle support: rebuilt by `parse` from the notation.
            fn __reduce__<'py>(
                slf: &Bound<'py, Self>,
            ) -> PyResult<$crate::python::pickle::Reduced<'py>> {
                let args = pyo3::types::PyTuple::new(slf.py(), [slf.get().0.to_string()])?;
                $crate::python::pickle::by_method(slf, "parse", args)
            }

            /// The action of dealing the next stock card (blind games).
            #[staticmethod]
            fn deal() -> Self {
                $Move($deal)
            }

            /// True for the deal action, False for a move or a throw.
            #[getter]
            fn is_deal(&self) -> bool {
                self.0 == $deal
            }

            fn __str__(&self) -> String {
                self.0.to_string()
            }

            $($own)*
        }
    };
}

pub(crate) use move_methods;

/// What a solution class says of the line its game's solver found, whatever
/// the game ([`solution_methods!`] reads it).
pub struct Figures<'a, P> {
    /// The position the line starts from, as text.
    pub deal: &'a str,
    /// `win`, `loss` or `unknown`.
    pub result: &'static str,
    /// The line, by cards.
    pub moves: &'a [P],
    /// Piles (or cards) left at its end.
    pub left: usize,
    /// The solver's unit of work.
    pub nodes: u64,
    /// Wall-clock seconds, as kept.
    pub seconds: f64,
}

/// The members every solution class has alike (Accordion's `Solution`, each
/// throw game's), written once: the class has a method `figures` (its
/// [`Figures`]), a `to_dict` and a static `from_dict`, through which it is
/// pickled; `move` is its game's move class. The docstrings each kind of game
/// words in its own terms (`deal`, `moves`, `piles`, `nodes`) are the doc
/// comments before their names. `{ … }` holds the class's own members.
macro_rules! solution_methods {
    (
        impl $Solution:ident;
        move $Move:ident;
        $(#[$deal_doc:meta])* deal;
        $(#[$moves_doc:meta])* moves;
        $(#[$piles_doc:meta])* piles;
        $(#[$nodes_doc:meta])* nodes;
        { $($own:tt)* }
    ) => {
        #[pyo3::pymethods]
        impl $Solution {
            /// Pickled through its dictionary (``from_dict(solution.to_dict())``).
            fn __reduce__<'py>(
                slf: &Bound<'py, Self>,
            ) -> PyResult<$crate::python::pickle::Reduced<'py>> {
                let args = pyo3::types::PyTuple::new(slf.py(), [slf.get().to_dict(slf.py())?])?;
                $crate::python::pickle::by_method(slf, "from_dict", args)
            }

            $(#[$deal_doc])*
            #[getter]
            fn deal(&self) -> &str {
                self.figures().deal
            }

            /// ``win``, ``loss`` (proved) or ``unknown`` (a budget ran out).
            #[getter]
            fn result(&self) -> &'static str {
                self.figures().result
            }

            $(#[$moves_doc])*
            #[getter]
            fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
                pyo3::types::PyTuple::new(py, self.figures().moves.iter().map(|&p| $Move(p)))
            }

            $(#[$piles_doc])*
            #[getter]
            fn piles(&self) -> usize {
                self.figures().left
            }

            $(#[$nodes_doc])*
            #[getter]
            fn nodes(&self) -> u64 {
                self.figures().nodes
            }

            /// Wall-clock seconds the search took.
            #[getter]
            fn seconds(&self) -> f64 {
                self.figures().seconds
            }

            $($own)*
        }
    };
}

pub(crate) use solution_methods;
