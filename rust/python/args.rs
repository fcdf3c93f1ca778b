//! Numbers from Python, checked: an int out of range is a `ValueError` naming
//! the argument (never an `OverflowError`), a non-int a `TypeError`.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt};
use std::time::Duration;

/// A whole number for the argument `what`, in the range of `T`.
pub fn whole<T: TryFrom<i128>>(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<T> {
    if !obj.is_instance_of::<PyInt>() || obj.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(format!(
            "{what} must be an int, got {}",
            obj.get_type().name()?
        )));
    }
    obj.extract::<i128>()
        .ok()
        .and_then(|n| T::try_from(n).ok())
        .ok_or_else(|| PyValueError::new_err(format!("{what} is out of range: {obj}")))
}

/// As [`whole`], for an optional argument (`None` stays `None`).
pub fn optional_whole<T: TryFrom<i128>>(
    obj: Option<&Bound<'_, PyAny>>,
    what: &str,
) -> PyResult<Option<T>> {
    obj.filter(|o| !o.is_none())
        .map(|o| whole(o, what))
        .transpose()
}

/// A time limit in seconds: positive and finite, or `None` for no limit.
pub fn seconds(timeout: Option<f64>) -> PyResult<Option<Duration>> {
    match timeout {
        None => Ok(None),
        Some(t) if t.is_finite() && t > 0.0 => Ok(Some(Duration::from_secs_f64(t.min(1e9)))),
        Some(t) if t == f64::INFINITY => Ok(None),
        Some(t) => Err(PyValueError::new_err(format!(
            "timeout must be a positive number of seconds, got {t}"
        ))),
    }
}
