//! Royal Marriage deals: the queen of hearts first, the king of hearts last, and
//! numbered deals built from Accordion's shuffle (`crate::deal::shuffled_deck`).

use crate::card::Card;
use crate::deal::{shuffled_deck, Deal, DECK_SIZE};
use crate::error::{Error, Result};
use std::fmt;
use std::str::FromStr;

/// The queen of hearts, the left end of every Royal Marriage row.
pub fn queen() -> Card {
    Card::new(11, 2).expect("queen of hearts")
}

/// The king of hearts, the right end (dealt last in blind play).
pub fn king() -> Card {
    Card::new(12, 2).expect("king of hearts")
}

/// A Royal Marriage deal: 2 to 52 distinct cards, the queen of hearts first and
/// the king of hearts last.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RoyalDeal(Deal);

impl RoyalDeal {
    /// Check that a row is a Royal Marriage deal.
    pub fn new(deal: Deal) -> Result<RoyalDeal> {
        let cards = deal.cards();
        if cards.len() < 2 || cards[0] != queen() || cards[cards.len() - 1] != king() {
            return Err(Error::InvalidDeal(format!(
                "a Royal Marriage deal starts with QH and ends with KH, got {deal}"
            )));
        }
        Ok(RoyalDeal(deal))
    }

    /// Numbered deal `seed` with `cards` cards (2 to 52): the queen of hearts,
    /// then the first `cards - 2` of the other 50 cards in the order they appear in
    /// `shuffled_deck(seed)` (queen and king of hearts skipped), then the king.
    pub fn from_seed(seed: u64, cards: usize) -> Result<RoyalDeal> {
        if !(2..=DECK_SIZE).contains(&cards) {
            return Err(Error::argument("cards", "2 to 52 cards", cards));
        }
        let mut row = Vec::with_capacity(cards);
        let (queen, king) = (queen(), king());
        row.push(queen);
        row.extend(
            shuffled_deck(seed)
                .into_iter()
                .filter(|&c| c != queen && c != king)
                .take(cards - 2),
        );
        row.push(king);
        Ok(RoyalDeal(Deal::new(row)?))
    }

    pub fn cards(&self) -> &[Card] {
        self.0.cards()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Always false: a Royal Marriage deal holds at least the queen and the king.
    pub fn is_empty(&self) -> bool {
        false
    }

    pub fn as_deal(&self) -> &Deal {
        &self.0
    }
}

impl FromStr for RoyalDeal {
    type Err = Error;

    /// Cards separated by white space and/or commas, as for Accordion.
    fn from_str(text: &str) -> Result<RoyalDeal> {
        RoyalDeal::new(text.parse()?)
    }
}

impl fmt::Display for RoyalDeal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbered_deals_are_pinned() {
        // Test vectors: also pinned in docs/royal-marriage.md and tests/test_royal.py.
        let deal = RoyalDeal::from_seed(1, 52).unwrap();
        let text = deal.to_string();
        assert!(text.starts_with("QH "), "{text}");
        assert!(text.ends_with(" KH"), "{text}");
        assert_eq!(RoyalDeal::from_seed(0, 8).unwrap().to_string(), PINNED_0_8);
        assert_eq!(RoyalDeal::from_seed(1, 8).unwrap().to_string(), PINNED_1_8);
        assert_eq!(
            RoyalDeal::from_seed(42, 12).unwrap().to_string(),
            PINNED_42_12
        );
        let mut sorted = deal.cards().to_vec();
        sorted.sort();
        assert_eq!(sorted, Card::all().collect::<Vec<_>>());
    }

    const PINNED_0_8: &str = "QH TC 3C JC 4H 7C QC KH";
    const PINNED_1_8: &str = "QH 5S 3C 5C 9D 6C JS KH";
    const PINNED_42_12: &str = "QH 2H 8C 4C TS JC AC 7H 7D 6H 2C KH";

    #[test]
    fn rejects_rows_without_the_royal_ends() {
        for text in ["QH", "KH QH", "QH 2C", "2C KH", "QH 2C KH 3C"] {
            assert!(
                matches!(text.parse::<RoyalDeal>(), Err(Error::InvalidDeal(_))),
                "{text}"
            );
        }
        assert!("QH KH".parse::<RoyalDeal>().is_ok());
        assert!(matches!(
            RoyalDeal::from_seed(0, 1),
            Err(Error::InvalidArgument {
                argument: "cards",
                ..
            })
        ));
    }
}
