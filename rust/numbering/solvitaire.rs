//! Solvitaire's `--random SEED` deals for `--type accordion` (52 cards) and
//! `--type late-binding-solitaire` (its first 18), as `game_state.cpp` makes them.
//!
//! * The deck before the shuffle: rank by rank (ace first), each in
//!   Solvitaire's suit order clubs, hearts, spades, diamonds.
//! * The generator: `std::mt19937` seeded with the seed (`init_genrand`;
//!   only the seed mod 2^32 matters, so a negative `int` is the seed + 2^32).
//! * The shuffle: for `i = 51 … 1`, swap cards `i` and
//!   `boost::random::uniform_int_distribution(0, i)`, which for a 32-bit engine
//!   divides each output by `⌊2^32 / (i + 1)⌋` and rejects quotients above `i`.
//! * The layout: the accordion's piles are dealt from the back of the deck,
//!   so pile `k` (left to right) holds card `51 − k`.

use super::card;
use crate::card::Card;
use crate::deal::{Deal, DECK_SIZE};
use crate::error::{quoted, Error, Result};
use std::fmt;
use std::str::FromStr;

/// The two Solvitaire games that lay out an accordion row.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SolvitaireGame {
    /// `--type accordion`: all 52 cards.
    Accordion,
    /// `--type late-binding-solitaire` (or `accordion-knuth`): 18 cards.
    LateBinding,
}

impl SolvitaireGame {
    pub fn name(self) -> &'static str {
        match self {
            SolvitaireGame::Accordion => "accordion",
            SolvitaireGame::LateBinding => "late-binding",
        }
    }

    /// The cards of its row.
    pub fn cards(self) -> usize {
        match self {
            SolvitaireGame::Accordion => DECK_SIZE,
            SolvitaireGame::LateBinding => 18,
        }
    }
}

impl FromStr for SolvitaireGame {
    type Err = Error;

    /// `accordion`, or `late-binding` (Solvitaire's `late-binding-solitaire`
    /// and `accordion-knuth` too).
    fn from_str(text: &str) -> Result<SolvitaireGame> {
        match text.trim().to_ascii_lowercase().as_str() {
            "accordion" => Ok(SolvitaireGame::Accordion),
            "late-binding" | "late-binding-solitaire" | "accordion-knuth" => {
                Ok(SolvitaireGame::LateBinding)
            }
            _ => Err(Error::InvalidRules(format!(
                "unknown Solvitaire game {} (known: accordion, late-binding)",
                quoted(text)
            ))),
        }
    }
}

impl fmt::Display for SolvitaireGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// `boost::random::uniform_int_distribution<long>(0, top)` drawn from a 32-bit
/// engine whose outputs span `0..2^32` (`generate_uniform_int`, case "engine
/// range larger than the target range": one output per try, divided by the
/// bucket size; both of boost's bucket-size formulas agree for this engine).
fn boost_uniform(mt: &mut rand_mt::Mt, top: u64) -> u64 {
    let bucket = (1u64 << 32) / (top + 1);
    loop {
        let result = u64::from(mt.next_u32()) / bucket;
        if result <= top {
            return result;
        }
    }
}

/// The row `solvitaire --type TYPE --random SEED` solves. Solvitaire reads
/// the seed as a C `int`, and `-1` means "no seed" there.
///
/// ```
/// use accordion::numbering::solvitaire::{deal, SolvitaireGame};
/// let row = deal(3, SolvitaireGame::LateBinding).unwrap();
/// assert_eq!(row.to_string(), "8C AD 9D JH 4H 2H 6D 7H TD 5S TH AC QS AH 2D 3H TS KS");
/// ```
pub fn deal(seed: i64, game: SolvitaireGame) -> Result<Deal> {
    if i32::try_from(seed).is_err() || seed == -1 {
        return Err(Error::argument(
            "seed",
            "a Solvitaire seed: a C int other than -1 (-2147483648 to 2147483647)",
            seed,
        ));
    }
    // Solvitaire's suit order C H S D, in our suit indices.
    let mut deck: Vec<Card> = (0..13)
        .flat_map(|rank| [0, 2, 3, 1].map(|suit| card(rank, suit)))
        .collect();
    let mut mt = rand_mt::Mt::new(seed as u32);
    for i in (1..DECK_SIZE).rev() {
        let j = boost_uniform(&mut mt, i as u64) as usize;
        deck.swap(i, j);
    }
    deck.reverse();
    deck.truncate(game.cards());
    Deal::new(deck)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mt19937_gives_the_standards_10000th_output() {
        // C++11 [rand.predef]: the 10000th output of a default-seeded
        // (5489) std::mt19937 is 4123659995.
        let mut mt = rand_mt::Mt::new(5489);
        let last = (0..10_000).map(|_| mt.next_u32()).last();
        assert_eq!(last, Some(4_123_659_995));
    }

    #[test]
    fn seeds_outside_a_c_int_and_minus_one_are_refused() {
        for seed in [-1, 1 << 31, -(1 << 31) - 1] {
            assert!(matches!(
                deal(seed, SolvitaireGame::Accordion),
                Err(Error::InvalidArgument { .. })
            ));
        }
        let low = deal(-(1 << 31), SolvitaireGame::Accordion).unwrap();
        assert_eq!(low.len(), 52);
        let short = deal(100, SolvitaireGame::LateBinding).unwrap();
        assert_eq!(
            short.cards(),
            &deal(100, SolvitaireGame::Accordion).unwrap().cards()[..18]
        );
        assert!("klondike".parse::<SolvitaireGame>().is_err());
    }
}
