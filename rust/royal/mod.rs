//! Royal Marriage, the sister game of Accordion (`docs/royal-marriage.md`).
//!
//! The queen of hearts stands at the left end of a row and the king of hearts at
//! the right end, the other cards between. Whenever one or two cards lie between
//! two cards that agree (same suit or same rank), those cards may be thrown out.
//! The game is won when only the queen and the king are left.
//!
//! The row is a row of card bytes ([`RoyalRow`]); a [`Throw`] is named by position,
//! a [`RoyalPlay`] by cards (the notation players write). [`RoyalGame`] adds the
//! deal modes (open and blind), history and undo; [`solve`] is an exact interval
//! solver; the strategies and the simulation of many numbered deals are every
//! throw game's ([`crate::throw_play`]).

pub mod deal;
pub mod game;
pub mod play;
pub mod row;
pub mod solver;
pub mod strategy;

pub use deal::RoyalDeal;
pub use game::{RoyalAction, RoyalGame, RoyalOutcome};
pub use play::RoyalPlay;
pub use row::{RoyalRow, Throw};
pub use solver::{solve, Solution};
pub use strategy::{greedy_choice, greedy_line};
