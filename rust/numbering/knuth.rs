//! Knuth's Late Binding Solitaire deals: the Stanford GraphBase generator
//! `gb_flip` (`gb_init_rand`, `gb_unif_rand`) driving a partial Fisher–Yates
//! shuffle of a deck in suit order (`AC … KC AD … KD AH … KH AS … KS`): for
//! `j = 0, 1, …`, swap card `j` with card `j + gb_unif_rand(52 − j)`. His
//! benchmark rows are the first 18 cards.

use super::card;
use crate::card::Card;
use crate::deal::{Deal, DECK_SIZE};
use crate::error::{Error, Result};

/// The cards of Knuth's Late Binding rows.
pub const LATE_BINDING_CARDS: usize = 18;

/// `gb_flip`: the subtractive generator of *TAOCP* §3.6 (lags 24 and 55)
/// on 31-bit numbers, exactly as the Stanford GraphBase gives it.
#[derive(Clone, Debug)]
pub struct GbFlip {
    /// `A[1..=55]`; `A[0]` is the sentinel −1 of the original, not stored.
    a: [u32; 56],
    /// The index of the next value to hand out; 0 means "cycle first".
    next: usize,
}

/// `(x − y) mod 2^31`.
fn mod_diff(x: u32, y: u32) -> u32 {
    x.wrapping_sub(y) & 0x7fff_ffff
}

impl GbFlip {
    /// `gb_init_rand(seed)`. Only the low 31 bits of a seed matter (as in
    /// the original, whose first step is `seed & 0x7fffffff`), so a negative
    /// C `long` is the same as this seed plus 2^31.
    pub fn new(seed: i64) -> GbFlip {
        let mut seed = (seed & 0x7fff_ffff) as u32;
        let mut prev = seed;
        let mut next = 1u32;
        let mut a = [0u32; 56];
        a[55] = prev;
        let mut i = 21;
        while i != 0 {
            a[i] = next;
            next = mod_diff(prev, next);
            // A cyclic shift right by one of the 31-bit seed.
            seed = if seed & 1 == 1 {
                0x4000_0000 + (seed >> 1)
            } else {
                seed >> 1
            };
            next = mod_diff(next, seed);
            prev = a[i];
            i = (i + 21) % 55;
        }
        let mut flip = GbFlip { a, next: 0 };
        for _ in 0..5 {
            flip.cycle();
        }
        flip
    }

    /// `gb_flip_cycle`: 55 new values in `A[1..=55]`; returns `A[55]` and
    /// hands out `A[54]`, `A[53]`, … next.
    fn cycle(&mut self) -> u32 {
        for i in 1..=24 {
            self.a[i] = mod_diff(self.a[i], self.a[i + 31]);
        }
        for i in 25..=55 {
            self.a[i] = mod_diff(self.a[i], self.a[i - 24]);
        }
        self.next = 54;
        self.a[55]
    }

    /// `gb_next_rand()`: the next 31-bit number.
    pub fn next_rand(&mut self) -> u32 {
        if self.next == 0 {
            self.cycle()
        } else {
            let value = self.a[self.next];
            self.next -= 1;
            value
        }
    }

    /// `gb_unif_rand(m)`: uniform in `0..m`, by rejecting the numbers at or
    /// above the largest multiple of `m` below 2^31.
    pub fn unif_rand(&mut self, m: u32) -> u32 {
        let t = 0x8000_0000 - (0x8000_0000 % m);
        loop {
            let r = self.next_rand();
            if r < t {
                return r % m;
            }
        }
    }
}

/// The first `cards` cards of Knuth's deal `seed` (his rows have 18).
///
/// ```
/// use accordion::numbering::knuth;
/// let deal = knuth::deal(2390, 18).unwrap();
/// assert_eq!(deal.to_string(), "9S 7C 3C KD 7S 3H 2D 8C 6H JD 8S 2H 6S 4D 5S 4H TD QS");
/// ```
pub fn deal(seed: i64, cards: usize) -> Result<Deal> {
    if !(1..=DECK_SIZE).contains(&cards) {
        return Err(Error::argument("cards", "1 to 52 cards", cards));
    }
    let mut deck: Vec<Card> = (0..4)
        .flat_map(|suit| (0..13).map(move |rank| card(rank, suit)))
        .collect();
    let mut flip = GbFlip::new(seed);
    for j in 0..cards {
        let i = j + flip.unif_rand((DECK_SIZE - j) as u32) as usize;
        deck.swap(j, i);
    }
    deck.truncate(cards);
    Deal::new(deck)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gb_flip_passes_its_own_self_test() {
        // The check in gb_flip.w: seed −314159, first value 119318998, and
        // after 133 more, gb_unif_rand(0x55555555) = 748103812.
        let mut flip = GbFlip::new(-314_159);
        assert_eq!(flip.next_rand(), 119_318_998);
        for _ in 0..133 {
            flip.next_rand();
        }
        assert_eq!(flip.unif_rand(0x5555_5555), 748_103_812);
    }

    #[test]
    fn only_the_low_31_bits_of_a_seed_matter_and_rows_are_prefixes() {
        let long = deal(2390, 52).unwrap();
        assert_eq!(deal(2390 + (1 << 31), 52).unwrap(), long);
        assert_eq!(deal(2390, 18).unwrap().cards(), &long.cards()[..18]);
        assert!(matches!(deal(1, 0), Err(Error::InvalidArgument { .. })));
    }
}
