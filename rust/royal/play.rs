//! The Royal Marriage move notation (`docs/royal-marriage.md`).
//!
//! Every card is unique, so a throw is named by the cards it throws out, left to
//! right: `out 5D` or `out 5D 7C`. Parsers also take `5D 7C out`, `x5D`, `x5D,7C`,
//! and the bracketing form `between 3S 9S` / `3S..9S` (the two agreeing cards
//! around the throw). Dealing the next card in a blind game is `deal`.

use crate::card::Card;
use crate::error::Result;
use crate::throw_game::{cards_of, out_words, parse_play};
use std::fmt;

/// A throw or deal as written, by cards.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RoyalPlay {
    /// `out 5D` / `out 5D 7C`: the thrown cards, left to right.
    Out(Card, Option<Card>),
    /// `between 3S 9S`: the agreeing cards around the one or two thrown cards.
    Between(Card, Card),
    /// `deal`.
    Deal,
}

const EXAMPLES: &str = "write e.g. out 5D, out 5D 7C, between 3S 9S or deal";

impl RoyalPlay {
    /// Parse any of the accepted spellings (see the module documentation) as
    /// a move of Royal Marriage.
    pub fn parse(text: &str) -> Result<RoyalPlay> {
        RoyalPlay::parse_in(text, "Royal Marriage")
    }

    /// Parse a move of the game called `title` (a refusal names it): Royal
    /// Marriage or another game of its throw.
    pub fn parse_in(text: &str, title: &str) -> Result<RoyalPlay> {
        parse_play(text, title, EXAMPLES, |trimmed| {
            let lower = trimmed.to_ascii_lowercase();
            if let Some(rest) = lower.strip_prefix("between ") {
                match cards_of(&trimmed[trimmed.len() - rest.len()..])?[..] {
                    [left, right] => Some(RoyalPlay::Between(left, right)),
                    _ => None,
                }
            } else if let Some((left, right)) = trimmed.split_once("..") {
                Some(RoyalPlay::Between(left.parse().ok()?, right.parse().ok()?))
            } else {
                match cards_of(out_words(trimmed)?)?[..] {
                    [card] => Some(RoyalPlay::Out(card, None)),
                    [first, second] => Some(RoyalPlay::Out(first, Some(second))),
                    _ => None,
                }
            }
        })
    }
}

impl fmt::Display for RoyalPlay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RoyalPlay::Out(card, None) => write!(f, "out {card}"),
            RoyalPlay::Out(first, Some(second)) => write!(f, "out {first} {second}"),
            RoyalPlay::Between(left, right) => write!(f, "between {left} {right}"),
            RoyalPlay::Deal => f.write_str("deal"),
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
        let two = RoyalPlay::Out(card("5D"), Some(card("7C")));
        let spellings = [
            "out 5D 7C",
            "OUT 5d, 7c",
            "5D 7C out",
            "x5D,7C",
            "x 5D 7C",
            " 5♦ 7♣ out ",
        ];
        parses_as(RoyalPlay::parse, &two, &spellings);
        let one = RoyalPlay::Out(card("TD"), None);
        parses_as(
            RoyalPlay::parse,
            &one,
            &["out TD", "out 10D", "xTD", "td out"],
        );
        let around = RoyalPlay::Between(card("3S"), card("9S"));
        let spellings = ["between 3S 9S", "3S..9S", "Between 3s,9s"];
        parses_as(RoyalPlay::parse, &around, &spellings);
        round_trips(RoyalPlay::parse, &[two, one, around, RoyalPlay::Deal]);
    }

    #[test]
    fn rejects_what_is_not_a_move() {
        let texts = [
            "",
            "out",
            "out 5D 7C 9H",
            "5D",
            "5D>7C",
            "out 5D 5D",
            "between 3S",
            "3S..",
            "out ZZ",
            "x",
            "deal 5D",
            "between 3S 3S",
        ];
        not_moves(RoyalPlay::parse, &texts);
    }
}
