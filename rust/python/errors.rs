//! Core errors become the exceptions of `accordion.errors` (all `ValueError`s):
//! the one place where the core's error enum meets Python.

use crate::error::Error;
use pyo3::PyErr;

pyo3::import_exception!(accordion.errors, InvalidCardError);
pyo3::import_exception!(accordion.errors, InvalidDealError);
pyo3::import_exception!(accordion.errors, InvalidMoveError);
pyo3::import_exception!(accordion.errors, IllegalMoveError);
pyo3::import_exception!(accordion.errors, InvalidRulesError);
pyo3::import_exception!(accordion.errors, InvalidArgumentError);
pyo3::import_exception!(accordion.errors, NoMoveToUndoError);
pyo3::import_exception!(accordion.errors, InvalidPickleError);
pyo3::import_exception!(accordion.errors, CancelledError);

impl From<Error> for PyErr {
    fn from(error: Error) -> PyErr {
        let message = error.to_string();
        match error {
            Error::InvalidCard(_) => InvalidCardError::new_err(message),
            Error::InvalidDeal(_) => InvalidDealError::new_err(message),
            Error::InvalidMove(_) => InvalidMoveError::new_err(message),
            Error::IllegalMove(_) => IllegalMoveError::new_err(message),
            Error::InvalidRules(_) => InvalidRulesError::new_err(message),
            // `InvalidArgumentError(message, argument)`: the CLI names the flag by `argument`.
            Error::InvalidArgument { argument, .. } => {
                InvalidArgumentError::new_err((message, argument))
            }
        }
    }
}
