//! The one error type of the core. The Python binding maps each variant to an
//! exception of `accordion.errors`; the CLI prints its message on one line.

use std::fmt;

/// Everything that can be wrong with input to the core.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// Text that is not a card.
    InvalidCard(String),
    /// A row that is empty, too long, repeats a card or has a bad separator.
    InvalidDeal(String),
    /// Text that is not a move in the notation of docs/rules.md.
    InvalidMove(String),
    /// A well-formed move the rules do not allow now.
    IllegalMove(String),
    /// An unknown rule set or a bad variant.
    InvalidRules(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::InvalidCard(m)
            | Error::InvalidDeal(m)
            | Error::InvalidMove(m)
            | Error::IllegalMove(m)
            | Error::InvalidRules(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for Error {}

/// Shorthand for results of the core.
pub type Result<T> = std::result::Result<T, Error>;
