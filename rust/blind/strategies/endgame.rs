//! Exact optimal blind play of the last cards of a `parlett` game: the
//! expectimax of `rust/blind/optimal.rs`, started from the row on the table
//! once few enough cards are unseen.
//!
//! With `k` cards still to come and `U` the unseen cards (`|U| >= k`; with a
//! full deck `U` is the stock), each next card is, to a blind player, uniform
//! over `U`, and the only decision is the stuck row each phase ends in. The
//! best chance of a win from the stuck row `R` is
//!
//! ```text
//! V(R, U, 0) = 1 if R is one pile, else 0
//! V(R, U, k) = mean over c in U of
//!              max over the rows R' the phase after dealing c can end in
//!              of V(R', U - c, k - 1)
//! ```
//!
//! (`optimal.rs`'s definition, with the cards dealt so far replaced by their
//! complement). [`Endgame::best`] evaluates it for each candidate end of the
//! current phase and takes the greatest, the first found on a tie. Values met
//! again — later phases of the same game are sub-problems of the first — are
//! looked up, not recomputed. It is only asked when `|U|` is at most
//! [`Endgame::cards`], which bounds the work by `|U|!` orderings.

use super::parlett_agent::{phase_ends, Candidate};
use crate::blind::strategy::CardSet;
use crate::card::Card;
use crate::rules::Rules;
use rustc_hash::FxHashMap;

/// The exact expectimax over the last `cards` unseen cards, with its memory.
#[derive(Clone, Debug, Default)]
pub(super) struct Endgame {
    cards: usize,
    memo: FxHashMap<(Vec<Card>, CardSet, u8), f64>,
}

impl Endgame {
    pub(super) fn new(cards: usize) -> Endgame {
        Endgame {
            cards,
            memo: FxHashMap::default(),
        }
    }

    /// Whether the expectimax decides this phase: cards still to come, and
    /// no more than `cards` unseen.
    pub(super) fn applies(&self, unseen: CardSet, stock_len: usize) -> bool {
        stock_len > 0 && unseen.len() <= self.cards
    }

    /// The index of the candidate of greatest `V` (the first on a tie).
    pub(super) fn best(
        &mut self,
        rules: &Rules,
        candidates: &[Candidate],
        unseen: CardSet,
        stock_len: usize,
    ) -> usize {
        let mut best = (f64::NEG_INFINITY, 0);
        for (index, candidate) in candidates.iter().enumerate() {
            let v = self.value(rules, &candidate.row, unseen, stock_len);
            if v > best.0 {
                best = (v, index);
            }
        }
        best.1
    }

    /// `V(row, unseen, k)`.
    pub(super) fn value(&mut self, rules: &Rules, row: &[Card], unseen: CardSet, k: usize) -> f64 {
        if k == 0 {
            return f64::from(u8::from(row.len() == 1));
        }
        let key = (row.to_vec(), unseen, k as u8);
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let mut total = 0.0;
        let mut next = row.to_vec();
        for card in unseen.iter() {
            next.push(card);
            let left = unseen.without(card);
            let mut best = 0.0f64;
            for end in phase_ends(rules, &next, usize::MAX) {
                best = best.max(self.value(rules, &end.row, left, k - 1));
                // A certain win cannot be bettered (values are at most 1).
                if best >= 1.0 {
                    break;
                }
            }
            next.pop();
            total += best;
        }
        let v = total / unseen.len() as f64;
        self.memo.insert(key, v);
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blind::optimal::brute_force;
    use crate::card::cards;
    use crate::rules::RuleSet;

    /// `V` agrees with `optimal.rs`'s definition computed as written, from
    /// rows partway through a game (the dealt cards are the complement).
    #[test]
    fn agrees_with_the_definition() {
        let parlett = Rules::new(RuleSet::Parlett);
        for (deck, row, k) in [
            ("AC AD 2C 2D 3C 3H 4S 5S", "AC 3H", 4),
            ("AC AD AH 2C 2D 3H 4D 7S", "4D 7S", 5),
            ("AC 2C 3C 3D 4D 5D 5H 9S", "9S", 6),
            ("AC AD 2C 2D 3C 3D 4H KS", "KS AD", 4),
        ] {
            let deck = CardSet::of(&cards(deck));
            let row = cards(row);
            let dealt = CardSet::of(&row);
            let unseen = deck
                .iter()
                .filter(|&c| !dealt.contains(c))
                .fold(CardSet::default(), CardSet::with);
            let want = brute_force(&parlett, deck, &row, dealt, k);
            let got = Endgame::new(8).value(&parlett, &row, unseen, k);
            assert!((want - got).abs() < 1e-12, "{row:?}: {want} != {got}");
        }
    }
}
