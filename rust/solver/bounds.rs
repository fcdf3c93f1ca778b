//! Lower bounds on the piles any line can still reach, for pruning.
//!
//! Every move covers one top card with another that agrees with it, and a deal
//! only brings a stock card into the row. Take the agreement graph of the cards
//! still in play (the top cards and the stock): a move removes a covered card
//! `t` but leaves its mover `m` on top, and `m` agrees with `t`, so `m` lies in
//! `t`'s component. Hence every component keeps at least one top card to the end,
//! and no line finishes with fewer piles than the graph has components. In
//! particular a row is won only if its cards are connected, and a card agreeing
//! with no other card in play can never move nor be covered (it is a component of
//! its own).

use crate::rules::Rules;

/// The piles that can never merge because of where they stand: with one-way
/// moves and smallest distance `d`, the piles at positions 1 … `d` have no
/// target far enough to their left, so they never move; a move needs a pile
/// beyond them, so while the row holds `d` piles or more those `d` stay
/// distinct. No line from a row of `cards` cards ends below `min(d, cards)`
/// piles (23 Skidoo, distances {2, 3}: never below 2). Two-way moves let the
/// first piles move rightwards, so there the bound is 1.
pub(crate) fn fixed_piles(rules: &Rules, cards: usize) -> usize {
    if rules.two_way {
        return cards.min(1);
    }
    let nearest = rules.distances.iter().next().unwrap_or(1);
    nearest.min(cards)
}

/// The number of connected components of the agreement graph of the cards in
/// `census` (suit by suit, a mask of the ranks present).
///
/// Cards of one suit all agree, so a component is a union of whole suits, and
/// two suits join when they share a rank. With four suits this is at most four
/// rounds of mask arithmetic: no graph is built.
#[inline]
pub(crate) fn components(census: [u16; 4]) -> usize {
    let mut seen = 0u8;
    let mut count = 0;
    for suit in 0..4 {
        if census[suit] == 0 || seen >> suit & 1 == 1 {
            continue;
        }
        count += 1;
        let mut suits = 1u8 << suit;
        let mut ranks = census[suit];
        loop {
            let mut grown = suits;
            for (other, &other_ranks) in census.iter().enumerate() {
                if other_ranks & ranks != 0 {
                    grown |= 1 << other;
                }
            }
            if grown == suits {
                break;
            }
            suits = grown;
            ranks = (0..4)
                .filter(|s| suits >> s & 1 == 1)
                .fold(0, |acc, s| acc | census[s]);
        }
        seen |= suits;
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Card;
    use crate::deal::Deal;

    /// Components by flood fill over the card graph itself.
    fn by_flood_fill(cards: &[Card]) -> usize {
        let mut component = vec![usize::MAX; cards.len()];
        let mut count = 0;
        for start in 0..cards.len() {
            if component[start] != usize::MAX {
                continue;
            }
            let mut stack = vec![start];
            component[start] = count;
            while let Some(i) = stack.pop() {
                for j in 0..cards.len() {
                    if component[j] == usize::MAX && cards[i].agrees(cards[j]) {
                        component[j] = count;
                        stack.push(j);
                    }
                }
            }
            count += 1;
        }
        count
    }

    #[test]
    fn matches_a_flood_fill_on_random_rows() {
        for seed in 0..300u64 {
            let cards = Deal::from_seed(seed, 1 + (seed as usize % 12)).unwrap();
            let mut census = [0u16; 4];
            for card in cards.cards() {
                census[card.suit() as usize] |= 1 << card.rank();
            }
            assert_eq!(components(census), by_flood_fill(cards.cards()), "{seed}");
        }
        assert_eq!(components([0; 4]), 0);
    }
}
