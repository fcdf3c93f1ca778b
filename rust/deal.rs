//! Deals (rows of 1 to 52 distinct cards) and the numbered deals of `docs/rules.md`.
//!
//! A numbered deal is fixed on every platform and version: a SplitMix64 generator
//! seeded with the number drives a Fisher–Yates shuffle of the deck in index order
//! (`AC AD AH AS 2C … KS`); see `docs/rules.md` for the exact steps.

use crate::card::Card;
use crate::error::{quoted, Error, Result};
use std::fmt;
use std::str::FromStr;

/// The most cards a row can hold.
pub const DECK_SIZE: usize = 52;

/// SplitMix64 (Steele, Lea and Flood 2014): a 64-bit state advanced by the golden
/// gamma and finalised by two xor-shift-multiply rounds.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    /// The next 64-bit word.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform integer in `0..bound`: words below `2^64 mod bound` are rejected
    /// so that every residue is equally likely.
    #[inline]
    pub fn below(&mut self, bound: u64) -> u64 {
        let threshold = bound.wrapping_neg() % bound;
        loop {
            let word = self.next_u64();
            if word >= threshold {
                return word % bound;
            }
        }
    }
}

/// The whole deck shuffled by numbered deal `seed`.
pub fn shuffled_deck(seed: u64) -> [Card; DECK_SIZE] {
    let mut deck: [Card; DECK_SIZE] = std::array::from_fn(|i| Card::from_index(i as u8).unwrap());
    let mut rng = SplitMix64::new(seed);
    for i in (1..DECK_SIZE).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        deck.swap(i, j);
    }
    deck
}

/// A row of 1 to 52 distinct cards, left to right.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Deal {
    cards: Vec<Card>,
}

impl Deal {
    /// A deal of these cards; they must be 1 to 52 and distinct.
    pub fn new(cards: Vec<Card>) -> Result<Deal> {
        if cards.is_empty() {
            return Err(Error::InvalidDeal("a deal needs at least one card".into()));
        }
        if cards.len() > DECK_SIZE {
            return Err(Error::InvalidDeal(format!(
                "a deal has at most 52 cards, got {}",
                cards.len()
            )));
        }
        let mut seen = 0u64;
        for card in &cards {
            let bit = 1u64 << card.index();
            if seen & bit != 0 {
                return Err(Error::InvalidDeal(format!("duplicate card {card} in deal")));
            }
            seen |= bit;
        }
        Ok(Deal { cards })
    }

    /// Numbered deal `seed`: the first `cards` cards of the shuffled deck.
    pub fn from_seed(seed: u64, cards: usize) -> Result<Deal> {
        if !(1..=DECK_SIZE).contains(&cards) {
            return Err(Error::argument("cards", "1 to 52 cards", cards));
        }
        Ok(Deal {
            cards: shuffled_deck(seed)[..cards].to_vec(),
        })
    }

    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Always false: a deal holds at least one card.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }
}

impl FromStr for Deal {
    type Err = Error;

    /// Cards separated by white space and/or commas.
    fn from_str(text: &str) -> Result<Deal> {
        // Every comma has a card on each side (checked before any card is read).
        if text.contains(',') && text.split(',').any(|chunk| chunk.trim().is_empty()) {
            return Err(Error::InvalidDeal(format!(
                "empty field between commas in {}",
                quoted(text)
            )));
        }
        let mut cards = Vec::new();
        for chunk in text.split(',') {
            let mut words = chunk.split_whitespace().peekable();
            if words.peek().is_none() {
                if text.contains(',') {
                    return Err(Error::InvalidDeal(format!(
                        "empty field between commas in {}",
                        quoted(text)
                    )));
                }
                continue;
            }
            for word in words {
                cards.push(word.parse::<Card>().map_err(|_| bad_word(word))?);
            }
        }
        Deal::new(cards)
    }
}

/// A word that is not a card: a wrong separator when it is a card glued to
/// what follows by a character no card has (`AS;2D`), else an unknown card.
fn bad_word(word: &str) -> Error {
    let is_card_char = |c: char| c.is_ascii_alphanumeric() || "♣♦♥♠♧♢♡♤".contains(c);
    if let Some((at, sep)) = word.char_indices().find(|&(_, c)| !is_card_char(c)) {
        if at > 0 && word[..at].parse::<Card>().is_ok() {
            return Error::InvalidDeal(format!(
                "unexpected separator {sep:?} in {}: separate cards with spaces or commas",
                quoted(word)
            ));
        }
    }
    Error::InvalidCard(format!("unknown card {}", quoted(word)))
}

impl fmt::Display for Deal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::card::write_spaced(f, &self.cards)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbered_deals_are_permutations_and_prefixes() {
        for seed in [0, 1, 42, u64::MAX] {
            let full = Deal::from_seed(seed, 52).unwrap();
            let mut sorted = full.cards().to_vec();
            sorted.sort();
            assert_eq!(sorted, Card::all().collect::<Vec<_>>());
            assert_eq!(
                Deal::from_seed(seed, 18).unwrap().cards(),
                &full.cards()[..18]
            );
        }
        assert_ne!(
            Deal::from_seed(1, 52).unwrap(),
            Deal::from_seed(2, 52).unwrap()
        );
    }

    #[test]
    fn splitmix64_matches_its_published_first_words() {
        // Reference output of SplitMix64 seeded with 1234567 (from the algorithm's
        // C reference implementation by Vigna).
        let mut rng = SplitMix64::new(1_234_567);
        assert_eq!(rng.next_u64(), 6_457_827_717_110_365_317);
        assert_eq!(rng.next_u64(), 3_203_168_211_198_807_973);
    }

    #[test]
    fn parses_separators_and_rejects_bad_rows() {
        assert_eq!("AS, 2D 3H".parse::<Deal>().unwrap().to_string(), "AS 2D 3H");
        for bad in ["", "AS AS", "AS;2D", "AS,,2D"] {
            let refused = bad.parse::<Deal>();
            assert!(matches!(refused, Err(Error::InvalidDeal(_))), "{bad:?}");
        }
        assert!(matches!(
            "AS ZZ".parse::<Deal>(),
            Err(Error::InvalidCard(_))
        ));
        assert!(matches!(
            Deal::from_seed(0, 53),
            Err(Error::InvalidArgument {
                argument: "cards",
                ..
            })
        ));
    }
}
