//! Bayan, PySolFC's game 656 (`docs/bayan.md`).
//!
//! The cards lie in one row. Two cards one or three places apart that agree
//! (same suit or same rank) are thrown out together, in either order, and the
//! row closes up. The game is won when every card is out. Played open (PySolFC's
//! "deal all cards", its default) or blind (three cards laid out, then the talon
//! deals the next card onto the end of the row whenever the player likes).
//!
//! The row is the shared card row ([`crate::card_row::CardRow`]); a [`Pair`] is
//! named by position, a [`BayanPlay`] by cards. [`BayanGame`] adds the deal
//! modes, history and undo; [`solve`] is an exact solver.

pub mod game;
pub mod play;
pub mod row;
pub mod solver;

pub use game::{BayanAction, BayanGame, BayanOutcome};
pub use play::BayanPlay;
pub use row::{BayanRow, Pair};
pub use solver::{solve, Solution};
