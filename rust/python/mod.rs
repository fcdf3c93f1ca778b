//! The PyO3 binding: the only place the core meets Python.
