//! The numbered-deal shuffle of `deal::shuffled_deck`, unrolled so that every
//! `mod m` has a constant divisor (a multiplication instead of two hardware
//! divisions per card): the same cards, about four times faster, which the
//! simulator's speed target needs. `docs/rules.md` specifies the shuffle.
//!
//! The shuffle is bound by multiplications (four a card: two in SplitMix64,
//! two for `mod m`), one after another within a deal, so [`shuffle_pair`]
//! shuffles two deals at once and lets their chains overlap (≈ 20 % less
//! time per deal, `benches/simulate-results.md`).

use crate::card::Card;
use crate::deal::{SplitMix64, DECK_SIZE};

/// `SplitMix64::below(M)`, with `M` known at compile time.
#[allow(clippy::inline_always)] // 51 unrolled copies, each must fold its constant
#[inline(always)]
fn below<const M: u64>(rng: &mut SplitMix64) -> usize {
    let threshold = M.wrapping_neg() % M;
    loop {
        let word = rng.next_u64();
        if word >= threshold {
            return (word % M) as usize;
        }
    }
}

/// Fisher–Yates from the top, `i` = 51 down to 1, one deck per generator.
macro_rules! fisher_yates {
    (($deck:ident, $rng:ident); $($i:literal)*) => {
        $( let j = below::<{ $i + 1 }>(&mut $rng); $deck.swap($i, j); )*
    };
    (($deck:ident, $rng:ident), ($deck2:ident, $rng2:ident); $($i:literal)*) => {
        $(
            let j = below::<{ $i + 1 }>(&mut $rng);
            let k = below::<{ $i + 1 }>(&mut $rng2);
            $deck.swap($i, j);
            $deck2.swap($i, k);
        )*
    };
}

/// The card indices in index order.
const IDENTITY: [u8; DECK_SIZE] = {
    let mut deck = [0u8; DECK_SIZE];
    let mut i = 0;
    while i < DECK_SIZE {
        deck[i] = i as u8;
        i += 1;
    }
    deck
};

/// Numbered deal `seed` as card indices: the indices of [`shuffled_deck`].
#[inline(never)]
pub fn shuffle_indices(seed: u64, deck: &mut [u8; DECK_SIZE]) {
    *deck = IDENTITY;
    let mut rng = SplitMix64::new(seed);
    fisher_yates!((deck, rng); 51 50 49 48 47 46 45 44 43 42 41 40 39 38 37 36 35 34 33 32 31 30
        29 28 27 26 25 24 23 22 21 20 19 18 17 16 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1);
}

/// Numbered deals `seed` and `seed + 1` (mod 2^64) at once, each card written
/// as `labels[index]`: with the identity as `labels`, the indices of
/// [`shuffled_deck`]; with other labels, the same permutation of them.
#[inline(never)]
pub fn shuffle_pair<T: Copy>(
    seed: u64,
    labels: &[T; DECK_SIZE],
    first: &mut [T; DECK_SIZE],
    second: &mut [T; DECK_SIZE],
) {
    *first = *labels;
    *second = *labels;
    let mut one = SplitMix64::new(seed);
    let mut two = SplitMix64::new(seed.wrapping_add(1));
    fisher_yates!((first, one), (second, two); 51 50 49 48 47 46 45 44 43 42 41 40 39 38 37 36
        35 34 33 32 31 30 29 28 27 26 25 24 23 22 21 20 19 18 17 16 15 14 13 12 11 10 9 8 7 6
        5 4 3 2 1);
}

/// The whole deck shuffled by numbered deal `seed`; equal to
/// [`crate::deal::shuffled_deck`].
#[inline]
pub fn shuffled_deck(seed: u64) -> [Card; DECK_SIZE] {
    let mut deck = [0u8; DECK_SIZE];
    shuffle_indices(seed, &mut deck);
    deck.map(|i| Card::from_index(i).expect("52 cards"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seeds() -> impl Iterator<Item = u64> {
        (0..20_000u64).chain([u64::MAX, u64::MAX - 1, 1 << 63, 0x9E37_79B9_7F4A_7C15])
    }

    #[test]
    fn equals_the_documented_shuffle() {
        for seed in seeds() {
            assert_eq!(
                shuffled_deck(seed),
                crate::deal::shuffled_deck(seed),
                "seed {seed}"
            );
        }
    }

    #[test]
    fn pairs_are_the_two_numbered_deals_with_any_labels() {
        // Labels that are not the indices, to see that they are carried along.
        let labels: [u32; DECK_SIZE] = std::array::from_fn(|i| 1000 + 7 * i as u32);
        for seed in seeds() {
            let (mut first, mut second) = ([0u8; DECK_SIZE], [0u8; DECK_SIZE]);
            shuffle_pair(seed, &IDENTITY, &mut first, &mut second);
            let want = |seed: u64| crate::deal::shuffled_deck(seed).map(Card::index);
            assert_eq!(first, want(seed), "seed {seed}");
            assert_eq!(second, want(seed.wrapping_add(1)), "seed {seed} + 1");
            let (mut first, mut second) = ([0u32; DECK_SIZE], [0u32; DECK_SIZE]);
            shuffle_pair(seed, &labels, &mut first, &mut second);
            assert_eq!(first, want(seed).map(|i| labels[usize::from(i)]));
            assert_eq!(
                second,
                want(seed.wrapping_add(1)).map(|i| labels[usize::from(i)])
            );
        }
    }
}
