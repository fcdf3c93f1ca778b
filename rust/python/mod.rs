//! The PyO3 binding: the only place the core meets Python. Each file binds one
//! part of the core; errors are mapped in `errors.rs` alone.
//!
//! The games played on one row (Royal Marriage, Bayan, Accordian Patience) are bound
//! once, by the macro `throw::throw_game!` over the core's
//! `crate::throw_game::Throwing`: their move, outcome, game and solution
//! classes and their `solve_…` function, with one `solve`/`hint` signature and
//! the live `LegalMoves` view (`legal.rs`) that every game's `legal_moves`
//! returns. To bind another such game:
//!
//! 1. implement `Throwing` (and `ThrowRow`, `ThrowPlay`) for it in the core;
//! 2. write `rust/python/<game>.rs` with one `throw_game! { game: …; move …;
//!    … fn solve_…; }` invocation (the class names, and each game's own
//!    docstrings as doc comments; `bayan.rs` is the whole of it) and a
//!    `register` that calls the `register_classes` it defines;
//! 3. add `mod <game>;` and `<game>::register(m)?` below (the invocation
//!    registers how its classes rebuild from a pickle);
//! 4. state its classes in `python/accordion/_core.pyi` as subclasses of the
//!    private generic bases there (`_ThrowMove`, `_ThrowOutcome`,
//!    `_ThrowGame[M, O]`, `_ThrowSolution[M]`), with the same docstrings.

// PyO3 methods take `&self` and owned arguments whatever their size.
#![allow(
    clippy::trivially_copy_pass_by_ref,
    clippy::unused_self,
    clippy::needless_pass_by_value
)]
// The doc comments of the Python-facing items are their Python docstrings, the same
// text as in `python/accordion/_core.pyi` (tests/test_docstrings.py holds the two
// together): Python syntax and reST roles, not rustdoc links.
#![allow(clippy::doc_link_with_quotes)]

mod accordian;
mod args;
mod bayan;
mod blind;
mod choose;
mod errors;
mod game;
mod interrupt;
mod legal;
mod numbering;
mod patience;
mod pickle;
mod rating;
mod registry;
mod royal;
mod runs;
mod solver;
mod stats;
mod throw;
mod values;

use pyo3::prelude::*;
use pyo3::IntoPyObjectExt;

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<values::PyCard>()?;
    m.add_class::<values::PyMove>()?;
    m.add_class::<values::PyDeal>()?;
    m.add_class::<values::PyRules>()?;
    m.add_class::<values::PyOutcome>()?;
    m.add_class::<game::PyGame>()?;
    m.add_class::<legal::LegalMoves>()?;
    // Accordion's games first: `rate` and `games()` list the games in the order
    // they registered.
    for facts in crate::game::ACCORDION_GAMES {
        registry::add(facts);
    }
    registry::add_rate(
        crate::game::ACCORDION.name,
        choose::rate_accordion,
        choose::choose_accordion,
    );
    royal::register(m)?;
    bayan::register(m)?;
    accordian::register(m)?;
    runs::register(m)?;
    blind::register(m)?;
    solver::register(m)?;
    m.add_function(wrap_pyfunction!(values::pysol_goal, m)?)?;
    choose::register(m)?;
    m.add_function(wrap_pyfunction!(interrupt::interrupt_all, m)?)?;
    m.add_class::<interrupt::CancelToken>()?;
    m.add("_cancel_scopes", interrupt::cancel_scopes(m.py())?)?;
    m.add_function(wrap_pyfunction!(registry::restore, m)?)?;
    // Accordion's classes that rebuild from a pickled state (the throw games'
    // register theirs with their classes).
    registry::add_restore("Game", pickle::replayed);
    registry::add_restore("Outcome", |py, _, state| {
        values::outcome_from_state(state)?.into_bound_py_any(py)
    });
    registry::add_restore("Rating", |py, _, state| {
        rating::PyRating::from_state(state)?.into_bound_py_any(py)
    });
    m.add_function(wrap_pyfunction!(registry::games, m)?)?;
    m.add("MAX_JOBS", crate::pool::MAX_JOBS)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    add_all(m)
}

/// `__all__`: every public name bound above, sorted, but `games` (the registry's
/// facts, read by `accordion.games`, whose module a star import must not
/// shadow). `accordion` re-exports the core by it, so a game bound here is
/// public there without being named again.
fn add_all(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let mut names: Vec<String> = m
        .dict()
        .keys()
        .iter()
        .filter_map(|key| key.extract::<String>().ok())
        .filter(|name| !name.starts_with('_') && name != "games")
        .collect();
    names.sort();
    m.add("__all__", names)
}
