//! The Royal Marriage row: up to 52 card bytes, the throws it allows, and
//! throwing out / putting back cards.

use crate::card::Card;
use crate::card_row::CardRow;
use crate::throw_game::ThrowRow;

/// Cards left by a win: the royal pair (the game's `Throwing::WON_AT`, here
/// for its solver too).
pub const WON_AT: usize = 2;

/// A throw by position: `count` (1 or 2) cards starting at position `at` (0-based)
/// go out, because the cards at `at - 1` and `at + count` agree.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Throw {
    pub at: u8,
    pub count: u8,
}

/// How far apart the two agreeing cards that bracket a throw lie: one card
/// between them, or two.
const BRACKETS: [usize; 2] = [2, 3];

impl Throw {
    /// The throw of the cards between the agreeing cards at `left` and
    /// `distance` places to its right ([`CardRow::agreeing`]).
    fn between((left, distance): (usize, usize)) -> Throw {
        Throw {
            at: (left + 1) as u8,
            count: (distance - 1) as u8,
        }
    }

    /// Position of the left bracketing card.
    pub fn left(self) -> usize {
        self.at as usize - 1
    }

    /// Position of the right bracketing card (before the throw).
    pub fn right(self) -> usize {
        self.at as usize + self.count as usize
    }
}

/// The Royal Marriage row: the shared card-row storage ([`CardRow`]) with the
/// throws Royal Marriage allows.
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash)]
pub struct RoyalRow(CardRow);

crate::card_row::card_row_type!(RoyalRow, 0);

impl ThrowRow for RoyalRow {
    type Throw = Throw;
    type Undo = [Card; 2];

    /// At most 52 cards.
    fn from_cards(cards: &[Card]) -> RoyalRow {
        RoyalRow(CardRow::from_cards(cards))
    }

    /// Whether `throw` is allowed: 1 or 2 cards strictly inside the row, between
    /// two cards that agree.
    fn allows(&self, throw: Throw) -> bool {
        let count = throw.count as usize;
        (1..=2).contains(&count) && throw.at >= 1 && self.agree(throw.left(), count + 1)
    }

    /// Every throw allowed now, in the canonical order: by the position of the
    /// first thrown card, a one-card throw before a two-card throw.
    fn throws(&self, out: &mut Vec<Throw>) {
        out.extend(self.agreeing(BRACKETS).map(Throw::between));
    }

    /// Whether any throw is allowed.
    fn has_throw(&self) -> bool {
        self.next_agreeing(BRACKETS, None).is_some()
    }

    /// The leftmost throw, without listing them all: the first in canonical
    /// order (the smallest position of the first thrown card; there, one card
    /// before two). The greedy rule ([`super::greedy_choice`]).
    fn first_throw(&self) -> Option<Throw> {
        self.next_agreeing(BRACKETS, None).map(Throw::between)
    }

    /// Throw the cards out (the throw must be allowed); returns them for `unapply`.
    fn apply(&mut self, throw: Throw) -> [Card; 2] {
        debug_assert!(self.allows(throw));
        let (at, count) = (throw.at as usize, throw.count as usize);
        let out = [self.cards()[at], self.cards()[at + count - 1]];
        self.0.remove_run(at, count);
        out
    }

    /// Exactly reverse `apply(throw)`, which returned `out`.
    fn unapply(&mut self, throw: Throw, out: [Card; 2]) {
        let (at, count) = (throw.at as usize, throw.count as usize);
        self.0.open_gap(at, count);
        self.0.set(at, out[0]);
        self.0.set(at + count - 1, out[1]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(text: &str) -> RoyalRow {
        RoyalRow::from_cards(&crate::card::cards(text))
    }

    #[test]
    fn throws_need_agreeing_neighbours_one_or_two_apart() {
        // QH and 9H agree (hearts) around 5C; 5C and 5S (rank) around 9H 7D;
        // 9H and KH (hearts) around 7D 5S.
        let r = row("QH 5C 9H 7D 5S KH");
        let throws: Vec<(u8, u8)> = r.throw_list().iter().map(|t| (t.at, t.count)).collect();
        assert_eq!(throws, [(1, 1), (2, 2), (3, 2)]);
        assert!(r.has_throw());
        assert!(!row("QH 5C 7D").has_throw());
        assert!(!r.allows(Throw { at: 0, count: 1 }));
        assert!(!r.allows(Throw { at: 4, count: 1 }));
        assert!(!r.allows(Throw { at: 1, count: 3 }));
    }

    #[test]
    fn apply_and_unapply_restore_the_row() {
        let start = row("QH 5C 9H 7D 5H KH");
        let mut r = start;
        let out = r.apply(Throw { at: 2, count: 2 });
        assert_eq!(r.to_string(), "QH 5C 5H KH");
        assert_eq!(out.map(|c| c.to_string()), ["9H", "7D"]);
        let single = r.apply(Throw { at: 1, count: 1 });
        assert_eq!(r.to_string(), "QH 5H KH");
        r.unapply(Throw { at: 1, count: 1 }, single);
        r.unapply(Throw { at: 2, count: 2 }, out);
        assert_eq!(r, start);
    }
}
