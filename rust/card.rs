//! Cards: ranks, suits, agreement, parsing and canonical text.

use crate::error::{quoted, Error, Result};
use std::fmt;
use std::str::FromStr;

/// Rank characters in index order (ace low; rank order never matters in play).
pub const RANKS: [char; 13] = [
    'A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K',
];
/// Suit characters in index order.
pub const SUITS: [char; 4] = ['C', 'D', 'H', 'S'];

/// One of the 52 cards, stored as `4 * rank + suit` so that agreement is two
/// cheap comparisons and a row of cards is a row of bytes.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Card(u8);

impl Card {
    /// The ace of clubs (index 0): a filler for unused places in fixed arrays.
    pub const ACE_OF_CLUBS: Card = Card(0);

    /// The card with this index (`4 * rank + suit`), if it is below 52.
    pub fn from_index(index: u8) -> Option<Card> {
        (index < 52).then_some(Card(index))
    }

    /// The card of this rank (0 = ace … 12 = king) and suit (0..4 = C D H S).
    pub fn new(rank: u8, suit: u8) -> Option<Card> {
        (rank < 13 && suit < 4).then(|| Card(rank * 4 + suit))
    }

    /// `4 * rank + suit`.
    #[inline]
    pub fn index(self) -> u8 {
        self.0
    }

    /// 0 = ace … 12 = king.
    #[inline]
    pub fn rank(self) -> u8 {
        self.0 >> 2
    }

    /// 0..4 = clubs, diamonds, hearts, spades.
    #[inline]
    pub fn suit(self) -> u8 {
        self.0 & 3
    }

    /// Diamonds and hearts.
    pub fn is_red(self) -> bool {
        matches!(self.suit(), 1 | 2)
    }

    /// Two cards agree when they share a suit or a rank.
    #[inline]
    pub fn agrees(self, other: Card) -> bool {
        (self.0 ^ other.0).trailing_zeros() >= 2 || self.0 >> 2 == other.0 >> 2
    }

    /// The rank character (`A 2 … T J Q K`).
    pub fn rank_char(self) -> char {
        RANKS[self.rank() as usize]
    }

    /// The suit character (`C D H S`).
    pub fn suit_char(self) -> char {
        SUITS[self.suit() as usize]
    }

    /// All 52 cards in index order.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..52).map(Card)
    }
}

fn parse_rank(text: &str) -> Option<u8> {
    if text == "10" {
        return Some(9);
    }
    let mut chars = text.chars();
    let c = chars.next()?.to_ascii_uppercase();
    if chars.next().is_some() {
        return None;
    }
    RANKS.iter().position(|&r| r == c).map(|r| r as u8)
}

fn parse_suit(c: char) -> Option<u8> {
    match c {
        'C' | 'c' | '♣' | '♧' => Some(0),
        'D' | 'd' | '♦' | '♢' => Some(1),
        'H' | 'h' | '♥' | '♡' => Some(2),
        'S' | 's' | '♠' | '♤' => Some(3),
        _ => None,
    }
}

impl FromStr for Card {
    type Err = Error;

    /// Rank then suit: `AS`, `td`, `10D`, `7♥`. Surrounding white space is ignored.
    fn from_str(text: &str) -> Result<Card> {
        let trimmed = text.trim();
        let bad = || Error::InvalidCard(format!("unknown card {}", quoted(text)));
        let suit_char = trimmed.chars().next_back().ok_or_else(bad)?;
        let rank_text = &trimmed[..trimmed.len() - suit_char.len_utf8()];
        let rank = parse_rank(rank_text).ok_or_else(bad)?;
        let suit = parse_suit(suit_char).ok_or_else(bad)?;
        Ok(Card(rank * 4 + suit))
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank_char(), self.suit_char())
    }
}

/// Write `cards` separated by single spaces (the canonical text of a row or deal).
pub(crate) fn write_spaced(f: &mut fmt::Formatter<'_>, cards: &[Card]) -> fmt::Result {
    for (i, card) in cards.iter().enumerate() {
        if i > 0 {
            f.write_str(" ")?;
        }
        write!(f, "{card}")?;
    }
    Ok(())
}

/// Test helper: the card of a text, which must parse.
#[cfg(test)]
pub(crate) fn card(text: &str) -> Card {
    text.parse().unwrap()
}

/// Test helper: the cards of a whitespace-separated text, each must parse.
#[cfg(test)]
pub(crate) fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_round_trips_through_text() {
        for card in Card::all() {
            assert_eq!(card.to_string().parse::<Card>().unwrap(), card);
        }
    }

    #[test]
    fn accepts_every_spelling() {
        let seven_of_hearts = Card::new(6, 2).unwrap();
        for text in ["7H", "7h", "7♥", "7♡", " 7H "] {
            assert_eq!(text.parse::<Card>().unwrap(), seven_of_hearts, "{text}");
        }
        assert_eq!("10D".parse::<Card>().unwrap().to_string(), "TD");
        assert_eq!("td".parse::<Card>().unwrap().to_string(), "TD");
    }

    #[test]
    fn rejects_non_cards() {
        for text in ["", "1H", "ZZ", "7", "H", "7HH", "11D", "7X", "AS2D"] {
            assert!(
                matches!(text.parse::<Card>(), Err(Error::InvalidCard(_))),
                "{text}"
            );
        }
    }

    #[test]
    fn agreement_is_suit_or_rank() {
        let c = |t: &str| t.parse::<Card>().unwrap();
        assert!(c("7H").agrees(c("7S")));
        assert!(c("7H").agrees(c("KH")));
        assert!(!c("7H").agrees(c("8D")));
    }
}
