//! Optimal blind `parlett` play on short deals, exactly: expectimax over the
//! unseen cards.
//!
//! A deal of `n` cards is the first `n` of a shuffled deck (`deck`: all 52
//! for the numbered deals). The player sees the rows and knows which cards it
//! has seen, so each next card is, to it, uniform over the deck's cards not
//! yet dealt. Under `parlett` the only decision is the stuck row each phase
//! ends in (the player must move while a move exists and deals only when
//! stuck), so with `k` cards still to come and `dealt` the cards dealt so far,
//! the best chance of a win from the stuck row `R` is
//!
//! ```text
//! V(R, dealt, 0) = 1 if R is one pile, else 0
//! V(R, dealt, k) = mean over c in deck - dealt of
//!                  max over the rows R' the phase after dealing c can end in
//!                  of V(R', dealt + c, k - 1)
//! ```
//!
//! and `V(empty row, nothing, n)` is the win probability of optimal blind
//! play over the deals, exactly (a rational number, computed in `f64`).
//!
//! [`OptimalBlind`] evaluates it with two savings, both exact:
//!
//! - **memory**: `V` of a state met again is looked up, not recomputed;
//! - **symmetry**: agreement depends only on equal suits and equal ranks, so
//!   renaming the ranks (and the suits) throughout a state changes no value.
//!   Each state is stored under a renaming fixed by the state itself (ranks
//!   and suits numbered in order of first appearance along the row, then
//!   among the cards buried), and the cards of ranks not dealt yet are, for
//!   the next card, all alike suit by suit: one of them is dealt in the
//!   mean, weighted by how many there are.
//!
//! [`brute_force`] is the definition above, computed as written (no memory,
//! no symmetry), to check it on tiny decks.

use super::strategies::phase_ends;
use super::strategy::CardSet;
use crate::card::Card;
use crate::rules::Rules;
use rustc_hash::FxHashMap;

/// The stuck rows the phase after dealing `card` onto `row` can end in.
fn ends_after(rules: &Rules, row: &[Card], card: Card) -> Vec<Vec<Card>> {
    let mut next = row.to_vec();
    next.push(card);
    phase_ends(rules, &next, usize::MAX)
        .into_iter()
        .map(|end| end.row)
        .collect()
}

/// The cards of `deck` in index order.
fn cards_of(deck: CardSet) -> Vec<Card> {
    deck.iter().collect()
}

/// `V(row, dealt, k)` as defined in the module docs, by its definition.
pub fn brute_force(rules: &Rules, deck: CardSet, row: &[Card], dealt: CardSet, k: usize) -> f64 {
    if k == 0 {
        return f64::from(u8::from(row.len() == 1));
    }
    let unseen: Vec<Card> = cards_of(deck)
        .into_iter()
        .filter(|&c| !dealt.contains(c))
        .collect();
    let mut total = 0.0;
    for &card in &unseen {
        let dealt = dealt.with(card);
        total += ends_after(rules, row, card)
            .iter()
            .map(|end| brute_force(rules, deck, end, dealt, k - 1))
            .fold(0.0, f64::max);
    }
    total / unseen.len() as f64
}

/// How the stuck row of each phase is chosen.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Policy {
    /// The row of greatest value: optimal blind play.
    Optimal,
    /// The row with the fewest piles (ties: the first found).
    FewestPiles,
    /// The first row found, that of the line taking the first legal move each
    /// time: `slide-first`.
    SlideFirst,
}

/// A state under its own renaming: the row's cards (six bits each, up to 21),
/// its length, the cards dealt, and the cards still to come.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    row: u128,
    len: u8,
    dealt: u64,
    to_come: u8,
}

/// The exact value of optimal blind play, with memory and symmetry.
pub struct OptimalBlind<'a> {
    rules: &'a Rules,
    policy: Policy,
    /// Only the full deck has every rank in every suit, which the renaming
    /// of ranks needs; a smaller deck is searched with memory alone.
    full: bool,
    deck: CardSet,
    memo: FxHashMap<Key, f64>,
    /// Distinct states evaluated (the memo's size).
    pub states: u64,
}

impl<'a> OptimalBlind<'a> {
    pub fn new(rules: &'a Rules, deck: CardSet) -> OptimalBlind<'a> {
        OptimalBlind::of_policy(rules, deck, Policy::Optimal)
    }

    /// The win probability of `policy` instead of the optimum (the same
    /// recursion with the policy's row in place of the best).
    pub fn of_policy(rules: &'a Rules, deck: CardSet, policy: Policy) -> OptimalBlind<'a> {
        OptimalBlind {
            rules,
            policy,
            full: deck == CardSet::FULL,
            deck,
            memo: FxHashMap::default(),
            states: 0,
        }
    }

    /// The win probability of optimal blind play over deals of `n` cards.
    pub fn win_probability(&mut self, n: usize) -> f64 {
        self.value(&[], CardSet::default(), n)
    }

    /// `V(row, dealt, k)`.
    pub fn value(&mut self, row: &[Card], dealt: CardSet, k: usize) -> f64 {
        if k == 0 {
            return f64::from(u8::from(row.len() == 1));
        }
        let key = self.key(row, dealt, k);
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let (mut total, mut weight) = (0.0, 0usize);
        for (card, count) in self.next_cards(dealt) {
            let dealt = dealt.with(card);
            let ends = ends_after(self.rules, row, card);
            let best = match self.policy {
                Policy::Optimal => ends
                    .iter()
                    .map(|end| self.value(end, dealt, k - 1))
                    .fold(0.0, f64::max),
                Policy::FewestPiles => {
                    let fewest = ends.iter().min_by_key(|end| end.len()).expect("an end");
                    self.value(fewest, dealt, k - 1)
                }
                Policy::SlideFirst => self.value(&ends[0], dealt, k - 1),
            };
            total += best * count as f64;
            weight += count;
        }
        let v = total / weight as f64;
        self.memo.insert(key, v);
        self.states += 1;
        v
    }

    /// The next cards worth dealing in the mean, each with the number of
    /// unseen cards it stands for: every unseen card of a rank already dealt,
    /// and per suit one card of the ranks not dealt yet (renaming those ranks
    /// maps them onto each other and fixes everything dealt).
    fn next_cards(&self, dealt: CardSet) -> Vec<(Card, usize)> {
        let unseen = cards_of(self.deck)
            .into_iter()
            .filter(|&c| !dealt.contains(c));
        if !self.full {
            return unseen.map(|c| (c, 1)).collect();
        }
        let ranks_dealt = dealt.iter().fold(0u16, |m, c| m | 1 << c.rank());
        let mut fresh: [Option<(Card, usize)>; 4] = [None; 4];
        let mut out = Vec::new();
        for card in unseen {
            if ranks_dealt >> card.rank() & 1 == 1 {
                out.push((card, 1));
            } else {
                let slot = &mut fresh[card.suit() as usize];
                match slot {
                    Some((_, count)) => *count += 1,
                    None => *slot = Some((card, 1)),
                }
            }
        }
        out.extend(fresh.into_iter().flatten());
        out
    }

    /// The state renamed: ranks and suits numbered in order of first
    /// appearance along the row, then along the other cards dealt (in index
    /// order); a deck short of full is not renamed. Two states with one key
    /// are one state renamed, so they have one value.
    fn key(&self, row: &[Card], dealt: CardSet, k: usize) -> Key {
        let (mut rank_of, mut suit_of) = ([u8::MAX; 13], [u8::MAX; 4]);
        let (mut ranks, mut suits) = (0u8, 0u8);
        let mut name = |card: Card, rank_of: &mut [u8; 13], suit_of: &mut [u8; 4]| {
            if !self.full {
                return card.index();
            }
            let r = &mut rank_of[card.rank() as usize];
            if *r == u8::MAX {
                *r = ranks;
                ranks += 1;
            }
            let s = &mut suit_of[card.suit() as usize];
            if *s == u8::MAX {
                *s = suits;
                suits += 1;
            }
            *r * 4 + *s
        };
        assert!(row.len() <= 21, "rows of up to 21 cards");
        let renamed = row.iter().fold(0u128, |packed, &c| {
            packed << 6 | u128::from(name(c, &mut rank_of, &mut suit_of))
        });
        let mut dealt_mask = 0u64;
        for card in dealt.iter() {
            dealt_mask |= 1 << name(card, &mut rank_of, &mut suit_of);
        }
        Key {
            row: renamed,
            len: row.len() as u8,
            dealt: dealt_mask,
            to_come: k as u8,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::cards;
    use crate::rules::RuleSet;

    /// Calls `f` with every ordering of `n` of the cards `all`.
    fn every_ordering(all: &[Card], n: usize, chosen: &mut Vec<Card>, f: &mut dyn FnMut(&[Card])) {
        if chosen.len() == n {
            return f(chosen);
        }
        for &c in all {
            if !chosen.contains(&c) {
                chosen.push(c);
                every_ordering(all, n, chosen, f);
                chosen.pop();
            }
        }
    }

    fn deck(text: &str) -> CardSet {
        CardSet::of(&cards(text))
    }

    #[test]
    fn agrees_with_the_definition_on_tiny_decks() {
        let parlett = Rules::new(RuleSet::Parlett);
        for (text, n) in [
            ("AC AD 2C 2D 3C 3H", 5),
            ("AC AD AH 2C 2D 3H 4D", 5),
            ("AC 2C 3C 3D 4D 5D 5H", 6),
            ("AC AD 2C 2D 3C 3D 4H", 6),
        ] {
            let deck = deck(text);
            let want = brute_force(&parlett, deck, &[], CardSet::default(), n);
            let got = OptimalBlind::new(&parlett, deck).win_probability(n);
            assert!((want - got).abs() < 1e-12, "{text}: {want} != {got}");
            assert!(want > 0.0 && want < 1.0, "{text}: {want} tells nothing");
        }
        // The policies are no better than the optimum, and slide-first is
        // the forced game of `strict`.
        let deck = deck("AC AD AH 2C 2D 3H 4D");
        let optimal = OptimalBlind::new(&parlett, deck).win_probability(5);
        for policy in [Policy::FewestPiles, Policy::SlideFirst] {
            let p = OptimalBlind::of_policy(&parlett, deck, policy).win_probability(5);
            assert!(p <= optimal + 1e-12, "{policy:?}");
        }
        // Slide-first over all orderings of 5 of those 7 cards, played by the
        // forced game of `strict` (other code), deal by deal.
        let forced = crate::blind::Forced::of_rules(&Rules::new(RuleSet::Strict)).unwrap();
        let all = cards("AC AD AH 2C 2D 3H 4D");
        let (mut won, mut deals) = (0u32, 0u32);
        every_ordering(&all, 5, &mut Vec::new(), &mut |deal| {
            deals += 1;
            won += u32::from(forced.play(deal, true) == 1);
        });
        assert_eq!(deals, 7 * 6 * 5 * 4 * 3);
        let slide = OptimalBlind::of_policy(&parlett, deck, Policy::SlideFirst).win_probability(5);
        assert!((slide - f64::from(won) / f64::from(deals)).abs() < 1e-12);
        // The full deck, with the renaming, against the definition.
        for n in 1..=3 {
            let want = brute_force(&parlett, CardSet::FULL, &[], CardSet::default(), n);
            let got = OptimalBlind::new(&parlett, CardSet::FULL).win_probability(n);
            assert!((want - got).abs() < 1e-12, "n = {n}: {want} != {got}");
        }
    }
}
