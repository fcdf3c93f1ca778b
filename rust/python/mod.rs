//! The PyO3 binding: the only place the core meets Python. Each file binds one
//! part of the core; errors are mapped in `errors.rs` alone.

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

mod args;
mod bayan;
mod blind;
mod choose;
mod errors;
mod game;
mod interrupt;
mod numbering;
mod pickle;
mod royal;
mod solver;
mod throws;
mod values;

use pyo3::prelude::*;

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<values::PyCard>()?;
    m.add_class::<values::PyMove>()?;
    m.add_class::<values::PyDeal>()?;
    m.add_class::<values::PyRules>()?;
    m.add_class::<values::PyOutcome>()?;
    m.add_class::<game::PyGame>()?;
    m.add_class::<game::LegalMoves>()?;
    royal::register(m)?;
    bayan::register(m)?;
    blind::register(m)?;
    solver::register(m)?;
    numbering::register(m)?;
    choose::register(m)?;
    m.add_function(wrap_pyfunction!(interrupt::interrupt_all, m)?)?;
    m.add_function(wrap_pyfunction!(pickle::restore, m)?)?;
    m.add("MAX_JOBS", crate::pool::MAX_JOBS)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
