//! The one error type of the core. The Python binding maps each variant to an
//! exception of `accordion.errors` (`rust/python/errors.rs`); the CLI prints its
//! message on one line.

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
    /// A number (or option) out of its range: `jobs`, `max_nodes`, `timeout`,
    /// `memory`, `deals`, `seed`, `cards`… `argument` is its Python name.
    InvalidArgument {
        argument: &'static str,
        message: String,
    },
}

impl Error {
    /// `argument must be {expected}, got {value}`: the one shape of a message
    /// about a number out of range.
    pub fn argument(argument: &'static str, expected: &str, value: impl fmt::Display) -> Error {
        Error::InvalidArgument {
            argument,
            message: format!("{argument} must be {expected}, got {value}"),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::InvalidCard(m)
            | Error::InvalidDeal(m)
            | Error::InvalidMove(m)
            | Error::InvalidRules(m)
            | Error::IllegalMove(m)
            | Error::InvalidArgument { message: m, .. } => f.write_str(m),
        }
    }
}

impl std::error::Error for Error {}

/// Shorthand for results of the core.
pub type Result<T> = std::result::Result<T, Error>;

/// The most characters of a user's text an error message repeats.
pub const ECHO_CHARS: usize = 60;

/// `count` `word`s as a message counts them, the word taking an `s` unless
/// the count is 1: `1 pile`, `3 piles`, `0 cards`. Every word the messages
/// count (pile, card, move, node) makes its plural so.
///
/// ```
/// use accordion::error::Count;
/// assert_eq!(Count(1, "pile").to_string(), "1 pile");
/// assert_eq!(format!("{} left", Count(0, "card")), "0 cards left");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Count<'a>(pub u64, pub &'a str);

impl fmt::Display for Count<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Count(count, word) = *self;
        write!(f, "{count} {word}{}", if count == 1 { "" } else { "s" })
    }
}

/// `text` quoted as Rust's `{:?}` does, cut to [`ECHO_CHARS`] characters with
/// its full length said, so that a megabyte of bad input gets a one-line message.
///
/// ```
/// use accordion::error::quoted;
/// assert_eq!(quoted("ZZ"), "\"ZZ\"");
/// let long = "x".repeat(1_000_000);
/// assert!(quoted(&long).len() < 100 && quoted(&long).contains("1000000 characters"));
/// ```
pub fn quoted(text: &str) -> String {
    let count = text.chars().count();
    if count <= ECHO_CHARS {
        return format!("{text:?}");
    }
    let head: String = text.chars().take(ECHO_CHARS).collect();
    let shown = format!("{head:?}");
    format!("{}…\" ({count} characters)", &shown[..shown.len() - 1])
}
