//! The numbered-deal shuffle of `deal::shuffled_deck`, unrolled so that every
//! `mod m` has a constant divisor (a multiplication instead of two hardware
//! divisions per card): the same cards, about four times faster, which the
//! simulator's speed target needs. `docs/rules.md` specifies the shuffle.

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

macro_rules! fisher_yates {
    ($deck:ident, $rng:ident; $($i:literal)*) => {
        $( let j = below::<{ $i + 1 }>(&mut $rng); $deck.swap($i, j); )*
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
#[allow(clippy::inline_always)] // one copy per call site, so the constants fold
#[inline(never)]
pub fn shuffle_indices(seed: u64, deck: &mut [u8; DECK_SIZE]) {
    *deck = IDENTITY;
    let mut rng = SplitMix64::new(seed);
    fisher_yates!(deck, rng; 51 50 49 48 47 46 45 44 43 42 41 40 39 38 37 36 35 34 33 32 31 30
        29 28 27 26 25 24 23 22 21 20 19 18 17 16 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1);
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
    #[test]
    fn equals_the_documented_shuffle() {
        let seeds = (0..20_000u64).chain([u64::MAX, u64::MAX - 1, 1 << 63, 0x9E37_79B9_7F4A_7C15]);
        for seed in seeds {
            assert_eq!(
                super::shuffled_deck(seed),
                crate::deal::shuffled_deck(seed),
                "seed {seed}"
            );
        }
    }
}
