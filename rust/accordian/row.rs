//! The Accordian row: whole piles, of which only the top cards ever move.
//!
//! The row keeps the top card of every pile left to right (the shared
//! [`CardRow`]) and, for every card, the card beneath it: a pile is its top and
//! the chain below. Moving a top card onto another pile changes three links;
//! a pile whose last card moves away closes up.

use crate::card::Card;
use crate::card_row::CardRow;
use crate::deal::DECK_SIZE;
use crate::game::Play;
use crate::throw_game::{RowCards, ThrowRow};
use std::fmt;

/// Piles left by a win: one (the game's `Throwing::WON_AT`, here for its
/// solver too).
pub const WON_AT: usize = 1;

/// The distances a card moves, leftwards: one place (a slide) or three (a leap).
pub const GAPS: [usize; 2] = [1, 3];

/// No card beneath.
const NONE: u8 = u8::MAX;

/// A move by position: the top card of the pile at `from` (0-based) lands on
/// the pile `gap` (1 or 3) places to its left.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shift {
    pub from: u8,
    pub gap: u8,
}

impl Shift {
    /// Position of the pile the card lands on.
    pub fn to(self) -> usize {
        self.from as usize - self.gap as usize
    }
}

/// Piles left to right, each bottom to top, as a small `Copy` value. Two rows
/// are equal when their piles are (whatever the storage past them holds).
#[derive(Copy, Clone)]
pub struct AccordianRow {
    tops: CardRow,
    /// `below[card.index()]`: the index of the card beneath `card`, or `NONE`.
    below: [u8; DECK_SIZE],
}

impl Default for AccordianRow {
    fn default() -> Self {
        AccordianRow {
            tops: CardRow::default(),
            below: [NONE; DECK_SIZE],
        }
    }
}

fn card(index: u8) -> Card {
    Card::from_index(index).expect("a card index")
}

impl AccordianRow {
    /// The play of `shift` by cards: the mover's top card, then the target's
    /// (`deal` for a shift that names no pile).
    pub fn play_of(&self, shift: Shift) -> Play {
        let tops = self.cards();
        let from = shift.from as usize;
        match (tops.get(from), from.checked_sub(shift.gap as usize)) {
            (Some(&mover), Some(to)) => Play::Move {
                mover,
                target: tops[to],
            },
            _ => Play::Deal,
        }
    }

    /// The number of piles.
    pub fn len(&self) -> usize {
        self.tops.len()
    }

    pub fn is_empty(&self) -> bool {
        self.tops.is_empty()
    }

    /// The card beneath `card`, if any.
    pub fn below(&self, card: Card) -> Option<Card> {
        let under = self.below[card.index() as usize];
        (under != NONE).then(|| self::card(under))
    }

    /// The pile at `at`, bottom to top.
    pub fn pile(&self, at: usize) -> Vec<Card> {
        let mut pile: Vec<Card> =
            std::iter::successors(Some(self.tops.cards()[at]), |&c| self.below(c)).collect();
        pile.reverse();
        pile
    }

    /// How many cards each pile holds, left to right.
    pub fn sizes(&self) -> Vec<usize> {
        self.tops
            .cards()
            .iter()
            .map(|&top| std::iter::successors(Some(top), |&c| self.below(c)).count())
            .collect()
    }

    /// Whether `card` lies in the row under another card.
    pub fn covers(&self, card: Card) -> bool {
        self.tops.cards().iter().any(|&top| {
            std::iter::successors(self.below(top), |&c| self.below(c)).any(|c| c == card)
        })
    }

    /// Whether the pile at `at` is its top card alone (moving it closes the row up).
    pub fn is_single(&self, at: usize) -> bool {
        self.below[self.tops.cards()[at].index() as usize] == NONE
    }

    /// The move the `uva` rules make (UVa 127): the leftmost top card that can
    /// move, three places rather than one when it can do both.
    pub fn uva_move(&self) -> Option<Shift> {
        let tops = self.tops.cards();
        (1..tops.len()).find_map(|from| {
            let gap = [3, 1]
                .into_iter()
                .find(|&gap| from >= gap && tops[from].agrees(tops[from - gap]))?;
            Some(Shift {
                from: from as u8,
                gap: gap as u8,
            })
        })
    }

    /// The whole position, exactly, in 52 bytes: the piles left to right, each
    /// bottom to top, a card's byte its index with bit 6 set where a pile starts
    /// (`0xFF` past the last card).
    pub fn key(&self) -> [u8; DECK_SIZE] {
        let mut key = [u8::MAX; DECK_SIZE];
        let mut end = 0;
        for &top in self.tops.cards() {
            let start = end;
            for c in std::iter::successors(Some(top), |&c| self.below(c)) {
                key[end] = c.index();
                end += 1;
            }
            key[start..end].reverse();
            key[start] |= 0x40;
        }
        key
    }
}

crate::eq_hash_by!(AccordianRow, key);

impl RowCards for AccordianRow {
    /// The top cards: the cards a move can name.
    fn cards(&self) -> &[Card] {
        self.tops.cards()
    }

    /// A new pile of one card at the right-hand end.
    fn deal(&mut self, card: Card) {
        self.tops.push(card);
        self.below[card.index() as usize] = NONE;
    }

    fn undeal(&mut self) {
        self.tops.pop();
    }
}

impl ThrowRow for AccordianRow {
    type Throw = Shift;
    /// Whether the move emptied the mover's pile (and the row closed up).
    type Undo = bool;

    /// One pile per card; at most 52 cards.
    fn from_cards(cards: &[Card]) -> AccordianRow {
        let mut row = AccordianRow::default();
        for &c in cards {
            row.deal(c);
        }
        row
    }

    /// Whether the top card at `from` may land on the top card `gap` places
    /// left: both piles in the row, `gap` 1 or 3, the two cards agreeing.
    fn allows(&self, shift: Shift) -> bool {
        let tops = self.tops.cards();
        let (from, gap) = (shift.from as usize, shift.gap as usize);
        GAPS.contains(&gap)
            && from < tops.len()
            && from >= gap
            && tops[from].agrees(tops[from - gap])
    }

    /// Every move allowed now, in the canonical order: by the position of the
    /// mover, the nearer target first.
    fn throws(&self, out: &mut Vec<Shift>) {
        let tops = self.tops.cards();
        for from in 1..tops.len() {
            for gap in GAPS {
                if from >= gap && tops[from].agrees(tops[from - gap]) {
                    out.push(Shift {
                        from: from as u8,
                        gap: gap as u8,
                    });
                }
            }
        }
    }

    fn has_throw(&self) -> bool {
        let tops = self.tops.cards();
        (1..tops.len()).any(|from| {
            tops[from].agrees(tops[from - 1]) || (from >= 3 && tops[from].agrees(tops[from - 3]))
        })
    }

    /// Move the top card (the move must be allowed); its pile shows the card
    /// beneath, or, empty, closes up. Returns whether it closed up.
    fn apply(&mut self, shift: Shift) -> bool {
        debug_assert!(self.allows(shift));
        let (from, to) = (shift.from as usize, shift.to());
        let mover = self.tops.cards()[from];
        let under = self.below[mover.index() as usize];
        self.below[mover.index() as usize] = self.tops.cards()[to].index();
        self.tops.set(to, mover);
        if under == NONE {
            self.tops.remove_run(from, 1);
            true
        } else {
            self.tops.set(from, card(under));
            false
        }
    }

    /// Every pile, left to right, each bottom to top.
    fn piles(&self) -> Vec<Vec<Card>> {
        (0..self.len()).map(|at| self.pile(at)).collect()
    }

    /// Any piles: each card lies on the one before it in its pile.
    fn from_piles(piles: &[Vec<Card>]) -> Option<AccordianRow> {
        let mut row = AccordianRow::default();
        for pile in piles {
            let (&bottom, above) = pile.split_first()?;
            row.deal(bottom);
            let mut beneath = bottom;
            for &card in above {
                row.below[card.index() as usize] = beneath.index();
                row.tops.set(row.len() - 1, card);
                beneath = card;
            }
        }
        Some(row)
    }

    /// Exactly reverse `apply(shift)`, which returned `emptied`.
    fn unapply(&mut self, shift: Shift, emptied: bool) {
        let (from, to) = (shift.from as usize, shift.to());
        let mover = self.tops.cards()[to];
        let target = self.below[mover.index() as usize];
        self.tops.set(to, card(target));
        if emptied {
            self.tops.open_gap(from, 1);
            self.below[mover.index() as usize] = NONE;
        } else {
            self.below[mover.index() as usize] = self.tops.cards()[from].index();
        }
        self.tops.set(from, mover);
    }
}

impl fmt::Debug for AccordianRow {
    /// Every pile, bottom to top, in brackets.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("AccordianRow(")?;
        for (at, pile) in self.piles().iter().enumerate() {
            let gap = if at == 0 { "" } else { " " };
            f.write_str(gap)?;
            f.write_str("[")?;
            crate::card::write_spaced(f, pile)?;
            f.write_str("]")?;
        }
        f.write_str(")")
    }
}

impl fmt::Display for AccordianRow {
    /// The top cards, left to right.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.tops.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::cards;

    fn row(text: &str) -> AccordianRow {
        AccordianRow::from_cards(&cards(text))
    }

    #[test]
    fn top_cards_move_one_or_three_left_and_reveal_the_card_beneath() {
        let start = row("5C 9H 2D 5S 5H");
        assert!(start.has_throw());
        // 5S onto 5C (three left); 5H onto 5S (one left) or 9H (three left):
        // the canonical order is by mover, the nearer target first.
        let shifts: Vec<(u8, u8)> = start.throw_list().iter().map(|s| (s.from, s.gap)).collect();
        assert_eq!(shifts, [(3, 3), (4, 1), (4, 3)]);
        let mut r = start;
        // 5H alone in its pile: moving it closes the row up.
        assert!(r.apply(Shift { from: 4, gap: 1 }));
        assert_eq!(r.to_string(), "5C 9H 2D 5H");
        assert_eq!(r.sizes(), [1, 1, 1, 2]);
        assert!(r.covers(cards("5S")[0]) && !r.covers(cards("5H")[0]));
        // 5H leaves its pile for 5C: 5S shows again.
        assert!(!r.apply(Shift { from: 3, gap: 3 }));
        assert_eq!(format!("{r:?}"), "AccordianRow([5C 5H] [9H] [2D] [5S])");
        assert_eq!(r.pile(0), cards("5C 5H"));
        assert!(r.is_single(3) && !r.is_single(0));
        r.unapply(Shift { from: 3, gap: 3 }, false);
        r.unapply(Shift { from: 4, gap: 1 }, true);
        assert_eq!(r, start);
        let mut closing = start;
        assert!(closing.apply(Shift { from: 3, gap: 3 }));
        assert_eq!(
            format!("{closing:?}"),
            "AccordianRow([5C 5S] [9H] [2D] [5H])"
        );
        closing.unapply(Shift { from: 3, gap: 3 }, true);
        assert_eq!(closing, start);
        closing.undeal();
        assert_eq!(closing, row("5C 9H 2D 5S"));
    }

    #[test]
    fn a_row_is_made_from_its_piles() {
        // 5H onto 5S, then onto 5C: the piles [5C 5H] [9H] [2D] [5S].
        let mut played = row("5C 9H 2D 5S 5H");
        played.apply(Shift { from: 4, gap: 1 });
        played.apply(Shift { from: 3, gap: 3 });
        let made = AccordianRow::from_piles(&played.piles()).unwrap();
        assert_eq!(made, played);
        assert_eq!(made.piles(), played.piles());
        assert_eq!(made.sizes(), [2, 1, 1, 1]);
        assert_eq!(made.below(cards("5H")[0]), Some(cards("5C")[0]));
        assert_eq!(
            AccordianRow::from_piles(&[]).unwrap(),
            AccordianRow::default()
        );
        assert!(AccordianRow::from_piles(&[Vec::new()]).is_none());
    }

    #[test]
    fn illegal_shifts_are_not_allowed_and_the_key_names_the_position() {
        let r = row("5C 9H 2D 5S 5H");
        for shift in [
            Shift { from: 0, gap: 1 },
            Shift { from: 2, gap: 3 },
            Shift { from: 3, gap: 2 },
            Shift { from: 5, gap: 1 },
            Shift { from: 2, gap: 1 },
        ] {
            assert!(!r.allows(shift), "{shift:?}");
        }
        let mut a = r;
        a.apply(Shift { from: 4, gap: 1 });
        let mut b = r;
        b.apply(Shift { from: 3, gap: 3 });
        assert_ne!(a.key(), b.key());
        // 5C 9H 2D 5S 5H are cards 16, 34, 5, 19 and 18.
        assert_eq!(
            a.key()[..6],
            [0x40 + 16, 0x40 + 34, 0x40 + 5, 0x40 + 19, 18, 0xFF]
        );
        assert!(!row("5C").has_throw());
        assert_eq!(
            row("5C 6S 7H 5D").uva_move(),
            Some(Shift { from: 3, gap: 3 })
        );
    }
}
