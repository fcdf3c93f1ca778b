//! The Bayan row: the shared card row with the pairs Bayan throws out.

use crate::card::Card;
use crate::card_row::CardRow;
use crate::throw_game::ThrowRow;

/// Cards left by a win: none (the game's `Throwing::WON_AT`, here for its
/// solver too).
pub const WON_AT: usize = 0;

/// The distances between the two cards of a pair (PySolFC's `ALLOWED_JUMPS`).
pub const GAPS: [usize; 2] = [1, 3];

/// A pair by position: the cards at `at` and `at + gap` (0-based, `gap` 1 or 3).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pair {
    pub at: u8,
    pub gap: u8,
}

impl Pair {
    /// The pair of the agreeing cards at `left` and `gap` places to its right
    /// ([`CardRow::agreeing`]).
    pub(super) fn of((left, gap): (usize, usize)) -> Pair {
        Pair {
            at: left as u8,
            gap: gap as u8,
        }
    }

    /// Position of the left card.
    pub fn left(self) -> usize {
        self.at as usize
    }

    /// Position of the right card.
    pub fn right(self) -> usize {
        self.at as usize + self.gap as usize
    }
}

/// The Bayan row: the shared card-row storage ([`CardRow`]) with Bayan's pairs.
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash)]
pub struct BayanRow(CardRow);

crate::card_row::card_row_type!(BayanRow, 0);

impl ThrowRow for BayanRow {
    type Throw = Pair;
    type Undo = [Card; 2];

    /// At most 52 cards.
    fn from_cards(cards: &[Card]) -> BayanRow {
        BayanRow(CardRow::from_cards(cards))
    }

    /// Whether `pair` may be thrown out: both cards in the row, 1 or 3 apart, agreeing.
    fn allows(&self, pair: Pair) -> bool {
        let gap = pair.gap as usize;
        GAPS.contains(&gap) && self.agree(pair.left(), gap)
    }

    /// Every pair allowed now, in the canonical order: by the position of the left
    /// card, the nearer partner first.
    fn throws(&self, out: &mut Vec<Pair>) {
        out.extend(self.agreeing(GAPS).map(Pair::of));
    }

    /// Whether any pair may be thrown out.
    fn has_throw(&self) -> bool {
        self.next_agreeing(GAPS, None).is_some()
    }

    /// The first pair in canonical order, without listing them all.
    fn first_throw(&self) -> Option<Pair> {
        self.next_agreeing(GAPS, None).map(Pair::of)
    }

    /// Throw the pair out (it must be allowed); the row closes up. Returns the two
    /// cards, left first, for `unapply`.
    fn apply(&mut self, pair: Pair) -> [Card; 2] {
        debug_assert!(self.allows(pair));
        let out = [self.cards()[pair.left()], self.cards()[pair.right()]];
        self.0.remove_run(pair.right(), 1);
        self.0.remove_run(pair.left(), 1);
        out
    }

    /// Exactly reverse `apply(pair)`, which returned `out`.
    fn unapply(&mut self, pair: Pair, out: [Card; 2]) {
        self.0.open_gap(pair.left(), 1);
        self.0.set(pair.left(), out[0]);
        self.0.open_gap(pair.right(), 1);
        self.0.set(pair.right(), out[1]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(text: &str) -> BayanRow {
        BayanRow::from_cards(&crate::card::cards(text))
    }

    #[test]
    fn pairs_agree_one_or_three_apart() {
        // 5C 5S agree (rank) side by side; 5C and 9C (suit) three apart;
        // 9H 9C (rank) side by side.
        let r = row("5C 5S 9H 9C 2D");
        let pairs: Vec<(u8, u8)> = r.throw_list().iter().map(|p| (p.at, p.gap)).collect();
        assert_eq!(pairs, [(0, 1), (0, 3), (2, 1)]);
        assert!(r.has_throw());
        assert!(!row("5C 6S 7H").has_throw());
        assert!(!row("5C 6S 5H").has_throw(), "two apart is not a pair");
        assert!(!r.allows(Pair { at: 0, gap: 2 }));
        assert!(!r.allows(Pair { at: 3, gap: 3 }));
        // The right card one past the end: no pair (and no panic).
        assert!(!r.allows(Pair { at: 2, gap: 3 }));
        // Three apart only: 5C and 8C; no pair at all, though 6S and 6D (two
        // apart) agree.
        assert!(row("5C 6S 7H 8C").has_throw());
        assert!(!row("5C 6S 7H 6D").has_throw());
        assert_eq!(format!("{r:?}"), "BayanRow(5C 5S 9H 9C 2D)");
    }

    #[test]
    fn apply_and_unapply_restore_the_row() {
        let start = row("5C 5S 9H 9C 2D");
        let mut r = start;
        let far = r.apply(Pair { at: 0, gap: 3 });
        assert_eq!(r.to_string(), "5S 9H 2D");
        assert_eq!(far.map(|c| c.to_string()), ["5C", "9C"]);
        let mut again = r;
        again.unapply(Pair { at: 0, gap: 3 }, far);
        assert_eq!(again, start);
        assert!(!r.has_throw());
        let mut near = start;
        let out = near.apply(Pair { at: 2, gap: 1 });
        assert_eq!(near.to_string(), "5C 5S 2D");
        near.unapply(Pair { at: 2, gap: 1 }, out);
        assert_eq!(near, start);
    }
}
