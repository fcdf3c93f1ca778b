//! A row of single cards, stored inline: the storage the games that throw cards
//! out of one row share (Royal Marriage, `crate::royal::RoyalRow`, and Bayan,
//! `crate::bayan::BayanRow`). Each game adds which throws it allows; taking a
//! card out, putting it back, dealing onto the end and taking the last deal back
//! are the same in both and live here, and so does the test both games' throws
//! are made of: two cards a given distance apart that agree.

use crate::card::Card;
use crate::deal::DECK_SIZE;
use std::fmt;

/// Up to 52 cards, left to right, as a small `Copy` value.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct CardRow {
    cards: [Card; DECK_SIZE],
    len: u8,
}

impl Default for CardRow {
    fn default() -> Self {
        CardRow {
            cards: [Card::new(0, 0).expect("ace of clubs"); DECK_SIZE],
            len: 0,
        }
    }
}

impl CardRow {
    /// At most 52 cards.
    pub fn from_cards(cards: &[Card]) -> CardRow {
        let mut row = CardRow::default();
        for &card in cards {
            row.push(card);
        }
        row
    }

    #[inline]
    pub fn cards(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn position_of(&self, card: Card) -> Option<usize> {
        self.cards().iter().position(|&c| c == card)
    }

    /// Deal a card onto the right-hand end.
    pub fn push(&mut self, card: Card) {
        assert!(self.len() < DECK_SIZE, "a row holds at most 52 cards");
        self.cards[self.len()] = card;
        self.len += 1;
    }

    /// Take back the last dealt card.
    pub fn pop(&mut self) -> Option<Card> {
        (self.len > 0).then(|| {
            self.len -= 1;
            self.cards[self.len()]
        })
    }

    /// Take out `count` cards from position `at` on; the row closes up.
    #[inline]
    pub fn remove_run(&mut self, at: usize, count: usize) {
        let len = self.len();
        debug_assert!(at + count <= len);
        self.cards.copy_within(at + count..len, at);
        self.len -= count as u8;
    }

    /// Open a gap of `count` places at position `at` (the cards there move right);
    /// the caller fills it. Exactly reverses `remove_run(at, count)` but for the
    /// cards in the gap.
    #[inline]
    pub fn open_gap(&mut self, at: usize, count: usize) {
        let len = self.len();
        debug_assert!(at <= len && len + count <= DECK_SIZE);
        self.cards.copy_within(at..len, at + count);
        self.len += count as u8;
    }

    /// Put `card` at position `at` (which must exist).
    #[inline]
    pub fn set(&mut self, at: usize, card: Card) {
        debug_assert!(at < self.len());
        self.cards[at] = card;
    }

    /// Whether the card at `left` and the one `distance` places to its right
    /// are both in the row and agree (share a suit or a rank): Bayan's pair,
    /// and the two cards that bracket Royal Marriage's throw.
    #[inline]
    pub fn agree(&self, left: usize, distance: usize) -> bool {
        let cards = self.cards();
        left + distance < cards.len() && cards[left].agrees(cards[left + distance])
    }

    /// Every two agreeing cards `distance` apart for a distance of `distances`,
    /// as `(left, distance)`: by the left card's position, then in the order of
    /// `distances`. This is the canonical order of the throws of both games
    /// whose throw is named by two agreeing cards (Bayan, Royal Marriage).
    pub fn agreeing(&self, distances: [usize; 2]) -> impl Iterator<Item = (usize, usize)> + '_ {
        (0..self.len()).flat_map(move |left| {
            distances
                .into_iter()
                .filter(move |&distance| self.agree(left, distance))
                .map(move |distance| (left, distance))
        })
    }

    /// The next of [`CardRow::agreeing`] after `after`, the first with `None`,
    /// without making the others: the greedy players and Bayan's solver step
    /// through the throws one at a time.
    pub fn next_agreeing(
        &self,
        distances: [usize; 2],
        after: Option<(usize, usize)>,
    ) -> Option<(usize, usize)> {
        // At `after`'s left card the distances after its own, then every
        // distance from the next card on.
        let (start, skip) = after.map_or((0, 0), |(left, distance)| {
            let tried = distances.iter().position(|&d| d == distance);
            (left, tried.map_or(distances.len(), |d| d + 1))
        });
        (start..self.len()).find_map(|left| {
            let from = if left == start { skip } else { 0 };
            distances[from..]
                .iter()
                .find(|&&distance| self.agree(left, distance))
                .map(|&distance| (left, distance))
        })
    }
}

impl fmt::Debug for CardRow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CardRow({self})")
    }
}

impl fmt::Display for CardRow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::card::write_spaced(f, self.cards())
    }
}

/// A game's row type over the shared storage (`Bayan`'s, Royal Marriage's, the
/// games of runs'): it reads and changes the cards as a [`CardRow`] (`Deref`,
/// `DerefMut` to its field `$field`), shows them as the row does, and debugs
/// as `Name(cards)`. Each game adds only which throws it allows.
macro_rules! card_row_type {
    ($Row:ident $(<$R:ident>)?, $field:tt) => {
        impl$(<$R>)? std::ops::Deref for $Row$(<$R>)? {
            type Target = $crate::card_row::CardRow;

            fn deref(&self) -> &$crate::card_row::CardRow {
                &self.$field
            }
        }

        impl$(<$R>)? std::ops::DerefMut for $Row$(<$R>)? {
            fn deref_mut(&mut self) -> &mut $crate::card_row::CardRow {
                &mut self.$field
            }
        }

        impl$(<$R>)? std::fmt::Debug for $Row$(<$R>)? {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, concat!(stringify!($Row), "({})"), self.$field)
            }
        }

        impl$(<$R>)? std::fmt::Display for $Row$(<$R>)? {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                std::fmt::Display::fmt(&self.$field, f)
            }
        }
    };
}

pub(crate) use card_row_type;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_come_out_and_go_back() {
        let cards: Vec<Card> = "AC 2C 3C 4C 5C"
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        let start = CardRow::from_cards(&cards);
        let mut row = start;
        row.remove_run(1, 2);
        assert_eq!(row.to_string(), "AC 4C 5C");
        row.open_gap(1, 2);
        row.set(1, cards[1]);
        row.set(2, cards[2]);
        assert_eq!(row, start);
        assert_eq!(row.pop(), Some(cards[4]));
        assert_eq!(row.position_of(cards[3]), Some(3));
    }

    #[test]
    fn agreeing_pairs_come_by_left_card_then_distance() {
        // 5C agrees with 5S (rank, 1 apart) and 9C (suit, 3 apart); 5S with
        // 2S (suit, 3 apart); 9H with 9C (1 apart); nothing past the end.
        let cards = crate::card::cards("5C 5S 9H 9C 2S");
        let row = CardRow::from_cards(&cards);
        let pairs: Vec<_> = row.agreeing([1, 3]).collect();
        assert_eq!(pairs, [(0, 1), (0, 3), (1, 3), (2, 1)]);
        let pairs: Vec<_> = row.agreeing([2, 3]).collect();
        assert_eq!(pairs, [(0, 3), (1, 3)]);
        assert!(row.agree(2, 1) && !row.agree(2, 2) && !row.agree(3, 2));
        assert_eq!(row.next_agreeing([2, 3], None), Some((0, 3)));
        // Stepping from each pair to the next lists them all, in order.
        let mut stepped = vec![];
        let mut last = None;
        while let Some(pair) = row.next_agreeing([1, 3], last) {
            stepped.push(pair);
            last = Some(pair);
        }
        assert_eq!(stepped, row.agreeing([1, 3]).collect::<Vec<_>>());
        assert_eq!(CardRow::default().agreeing([1, 3]).next(), None);
        assert_eq!(CardRow::default().next_agreeing([1, 3], None), None);
    }
}
