//! The greedy choice of Royal Marriage: the leftmost throw, fast (the `greedy`
//! strategy of [`crate::throw_play`] and the line of an `unknown` solve).

use super::play::RoyalPlay;
use super::row::{RoyalRow, Throw};
use crate::card::Card;
use crate::throw_game::ThrowRow;

/// The greedy rule: the leftmost throw, i.e. the first in canonical order (the
/// smallest position of the first thrown card; there, one card before two).
pub fn greedy_choice(row: &RoyalRow) -> Option<Throw> {
    row.first_throw()
}

/// Greedy play of an open row: its line and the cards left.
pub fn greedy_line(cards: &[Card]) -> (Vec<RoyalPlay>, usize) {
    let mut row = RoyalRow::from_cards(cards);
    let mut line = Vec::new();
    while let Some(throw) = greedy_choice(&row) {
        let out = row.apply(throw);
        line.push(RoyalPlay::Out(out[0], (throw.count == 2).then_some(out[1])));
    }
    (line, row.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::patience::Patience;
    use crate::royal::{RoyalAction, RoyalDeal, RoyalGame};
    use crate::rules::RuleSet;

    #[test]
    fn under_parlett_blind_play_every_choice_ends_alike() {
        // Play each deal by always taking the last legal throw instead of the
        // first: the confluence argument of docs/royal-marriage.md says the rows
        // after each deal's throws agree with greedy's.
        for seed in 0..300 {
            let deal = RoyalDeal::from_seed(seed, 52).unwrap().as_deal().clone();
            let mut first = RoyalGame::new(deal.clone(), true, RuleSet::Parlett).unwrap();
            let mut last = RoyalGame::new(deal, true, RuleSet::Parlett).unwrap();
            while first.may_deal() || last.may_deal() {
                first.play(RoyalAction::Deal).unwrap();
                last.play(RoyalAction::Deal).unwrap();
                while let Some(&a) = first.legal_actions().first() {
                    first.play(a).unwrap();
                }
                while let Some(&a) = last.legal_actions().last() {
                    last.play(a).unwrap();
                }
                assert_eq!(first.cards(), last.cards(), "seed {seed}");
            }
        }
    }

    #[test]
    fn greedy_takes_the_leftmost_throw() {
        let row = RoyalRow::from_cards(
            &"QH 5C 9H 7D 5S KH"
                .split_whitespace()
                .map(|t| t.parse().unwrap())
                .collect::<Vec<Card>>(),
        );
        assert_eq!(greedy_choice(&row), Some(Throw { at: 1, count: 1 }));
        let (line, left) = greedy_line(row.cards());
        assert_eq!(line[0].to_string(), "out 5C");
        assert_eq!(left, 2);
    }
}
