//! Deals other programs number, reproduced exactly: PySolFC's game numbers
//! ([`pysol`]), Solvitaire's `--random` seeds ([`solvitaire`]) and the seeds of
//! Knuth's Late Binding Solitaire generator ([`knuth`]). One file per program;
//! `docs/numberings.md` states each algorithm step by step.
//!
//! Each generator gives the row left to right (the first card is pile 1), as
//! the program lays it out; the tests check them against rows the programs
//! printed and against the `pysol-cards` package.

pub mod knuth;
pub mod pysol;
pub mod solvitaire;

use crate::card::Card;

/// The card of `rank` (0 = ace … 12 = king) and `suit` (0 = clubs, 1 =
/// diamonds, 2 = hearts, 3 = spades); both always in range here.
fn card(rank: usize, suit: usize) -> Card {
    Card::new(rank as u8, suit as u8).expect("rank below 13 and suit below 4")
}
