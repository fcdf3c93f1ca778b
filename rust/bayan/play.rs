//! The Bayan move notation (`docs/bayan.md`).
//!
//! Every card is unique, so a throw is named by its two cards, left to right:
//! `out 5D 9D`. Parsers also take either order, `5D 9D out`, `x5D,9D` and the two
//! cards alone (`5D 9D`). Dealing the next card in a blind game is `deal`.

use crate::card::Card;
use crate::error::Result;
use crate::throw_game::{cards_of, out_words, parse_play};
use std::fmt;

/// A throw or deal as written, by cards.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BayanPlay {
    /// `out 5D 9D`: the two cards thrown out (canonically left to right).
    Out(Card, Card),
    /// `deal`.
    Deal,
}

const EXAMPLES: &str = "write e.g. out 5D 9D or deal";

impl BayanPlay {
    /// Parse any of the accepted spellings (see the module documentation).
    pub fn parse(text: &str) -> Result<BayanPlay> {
        parse_play(text, "Bayan", EXAMPLES, |trimmed| {
            // The two cards alone are a throw too.
            let rest = out_words(trimmed).unwrap_or(trimmed);
            match cards_of(rest)?[..] {
                [a, b] => Some(BayanPlay::Out(a, b)),
                _ => None,
            }
        })
    }
}

impl fmt::Display for BayanPlay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BayanPlay::Out(first, second) => write!(f, "out {first} {second}"),
            BayanPlay::Deal => f.write_str("deal"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::card;
    use crate::throw_game::check::{not_moves, parses_as, round_trips};

    #[test]
    fn every_spelling_parses_and_the_canonical_one_round_trips() {
        let pair = BayanPlay::Out(card("5D"), card("9D"));
        let spellings = [
            "out 5D 9D",
            "OUT 5d, 9d",
            "5D 9D out",
            "x5D,9D",
            "x 5D 9D",
            "5D 9D",
            " 5♦ 9♦ ",
        ];
        parses_as(BayanPlay::parse, &pair, &spellings);
        round_trips(BayanPlay::parse, &[pair, BayanPlay::Deal]);
    }

    #[test]
    fn rejects_what_is_not_a_move() {
        let texts = [
            "",
            "out",
            "out 5D",
            "5D",
            "out 5D 9D 3C",
            "out 5D 5D",
            "x",
            "deal 5D",
            "5D>9D",
            "out ZZ 9D",
        ];
        not_moves(BayanPlay::parse, &texts);
    }
}
