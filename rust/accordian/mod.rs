//! Accordian Patience, as programming courses know it (UVa 127; `docs/accordian.md`).
//!
//! Cards are dealt one by one into a row. The top card of a pile (not the whole
//! pile, as in Accordion) moves onto the pile one or three places to its left
//! when the two top cards agree (same suit or same rank), showing the card
//! beneath; a pile left empty closes up. The game is won at one pile. Under the
//! judge's rules (`uva`) every action is forced: the leftmost card that can
//! move does, three places rather than one, until nothing moves; then the next
//! card is dealt. Under `modern` the player chooses.
//!
//! The row keeps whole piles ([`AccordianRow`]); a [`Shift`] names a move by
//! position, a [`Play`](crate::game::Play) by cards (`7H>7S`, Accordion's
//! notation). [`AccordianGame`] adds the deal modes, history and undo (the
//! machinery of `crate::throw_game`); [`play_uva`] is the judge's game and
//! [`solve`] an exact solver of the free game.

pub mod game;
pub mod row;
pub mod solver;

pub use game::{play_uva, Accordian, AccordianAction, AccordianGame, AccordianOutcome, RULE_SETS};
pub use row::{AccordianRow, Shift};
pub use solver::{play_forced, solve, solve_row, Solution};
