//! The row of piles: whole piles kept bottom to top, moves applied and undone
//! with the row closing up behind the mover.

use crate::card::Card;
use crate::rules::Step;

/// Piles left to right, each bottom to top, and their top cards (kept beside
/// the piles because move generation reads only the tops).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Row {
    piles: Vec<Vec<Card>>,
    tops: Vec<Card>,
}

impl Row {
    /// One pile per card.
    pub fn from_cards(cards: &[Card]) -> Row {
        Row {
            piles: cards.iter().map(|&c| vec![c]).collect(),
            tops: cards.to_vec(),
        }
    }

    pub fn piles(&self) -> &[Vec<Card>] {
        &self.piles
    }

    pub fn len(&self) -> usize {
        self.piles.len()
    }

    pub fn is_empty(&self) -> bool {
        self.piles.is_empty()
    }

    /// The top card of every pile.
    pub fn tops(&self) -> &[Card] {
        &self.tops
    }

    /// Position of the pile whose top card is `card`.
    pub fn position_of_top(&self, card: Card) -> Option<usize> {
        self.tops.iter().position(|&top| top == card)
    }

    /// A new pile at the right-hand end (dealing).
    pub fn push(&mut self, card: Card) {
        self.piles.push(vec![card]);
        self.tops.push(card);
    }

    /// Take back the last dealt card.
    pub fn pop_dealt(&mut self) -> Card {
        let pile = self.piles.pop().expect("a dealt pile to take back");
        self.tops.pop();
        debug_assert_eq!(pile.len(), 1);
        pile[0]
    }

    /// Lift the pile at `step.from` whole onto the pile at `step.to`; the row
    /// closes up. Returns how many cards moved, which `unapply` needs.
    pub fn apply(&mut self, step: Step) -> usize {
        let mover = self.piles.remove(step.from);
        let top = self.tops.remove(step.from);
        let moved = mover.len();
        self.piles[step.landing()].extend(mover);
        self.tops[step.landing()] = top;
        moved
    }

    /// Exactly reverse `apply(step)` that moved `moved` cards.
    pub fn unapply(&mut self, step: Step, moved: usize) {
        let target = &mut self.piles[step.landing()];
        let mover = target.split_off(target.len() - moved);
        self.tops[step.landing()] = *target.last().expect("a target pile keeps its cards");
        self.tops
            .insert(step.from, *mover.last().expect("a moved pile has cards"));
        self.piles.insert(step.from, mover);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::card::cards;

    #[test]
    fn a_row_is_empty_only_without_piles() {
        assert!(Row::from_cards(&[]).is_empty());
        let row = Row::from_cards(&cards("AC"));
        assert!(!row.is_empty());
        assert_eq!(row.len(), 1);
    }

    #[test]
    fn piles_move_whole_and_undo_restores() {
        let mut row = Row::from_cards(&cards("AC 2C 3C 4C 5C"));
        let first = row.apply(Step { from: 1, to: 0 });
        assert_eq!(row.tops(), cards("2C 3C 4C 5C"));
        let second = row.apply(Step { from: 3, to: 0 });
        assert_eq!(row.piles()[0], cards("AC 2C 5C"));
        assert_eq!(row.tops(), cards("5C 3C 4C"));
        row.unapply(Step { from: 3, to: 0 }, second);
        row.unapply(Step { from: 1, to: 0 }, first);
        assert_eq!(row, Row::from_cards(&cards("AC 2C 3C 4C 5C")));
    }

    #[test]
    fn a_rightward_move_lands_one_place_left_of_its_target() {
        let mut row = Row::from_cards(&cards("AC 2C 3C 4C"));
        row.apply(Step { from: 0, to: 3 });
        assert_eq!(row.piles()[2], cards("4C AC"));
        assert_eq!(row.tops(), cards("2C 3C AC"));
        row.unapply(Step { from: 0, to: 3 }, 1);
        assert_eq!(row.tops(), cards("AC 2C 3C 4C"));
    }
}
