//! The search's compact position: the top cards as bytes, how many stock cards
//! have been dealt, an incrementally updated hash and the suit/rank census that
//! the pruning bounds read. A move or a deal copies 80 bytes and touches a few
//! table entries; nothing is allocated per node.

use crate::card::Card;
use crate::rules::Step;

/// Words holding the top cards, one byte each: a full deck, padded with zero
/// bytes to whole 64-bit words. The key's last word also carries the number of
/// piles (byte 4) and of cards dealt (byte 5).
const WORDS: usize = 7;
/// The pair-hash table's stand-in for "no card" beyond either end of the row.
const EDGE: usize = 52;

/// The transposition-table key: the row's top cards, its length and the dealt
/// count, packed into seven words. Equal keys mean equal positions, so the table
/// compares whole keys and a hash collision can never merge two positions.
pub(crate) type Key = [u64; 7];

/// Hash of one adjacent pair `(left, right)` of the row (or of a card and the
/// edge). A row's hash is the xor over its adjacent pairs, edges included: a
/// row is fixed by its set of adjacent pairs (follow them from the left edge),
/// and a move changes only the pairs around the two piles it touches, so the
/// hash is updated in a handful of xors instead of rehashing the row.
static PAIR: [[u64; EDGE + 1]; EDGE + 1] = pair_table();
/// Hash of the dealt count, so rows reached after different numbers of deals
/// differ.
static DEALT: [u64; 53] = dealt_table();

const fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

// Evaluated at compile time: the array never sits on a run-time stack.
#[allow(clippy::large_stack_arrays)]
const fn pair_table() -> [[u64; EDGE + 1]; EDGE + 1] {
    let mut table = [[0u64; EDGE + 1]; EDGE + 1];
    let mut state = 0x5EED_ACC0_0D10_0001u64;
    let mut a = 0;
    while a <= EDGE {
        let mut b = 0;
        while b <= EDGE {
            table[a][b] = splitmix(&mut state);
            b += 1;
        }
        a += 1;
    }
    table
}

const fn dealt_table() -> [u64; 53] {
    let mut table = [0u64; 53];
    let mut state = 0xDEA1_0000_0000_0001u64;
    let mut i = 1;
    while i < 53 {
        table[i] = splitmix(&mut state);
        i += 1;
    }
    table
}

/// A row of top cards with the remaining stock's cards counted in the census.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Position {
    /// Card indices, left to right, then zeros.
    bytes: [u8; WORDS * 8],
    len: u8,
    dealt: u8,
    hash: u64,
    /// For each suit, the ranks present among the top cards and the stock not
    /// yet dealt (bit `r` = rank `r`): the cards that can still take part.
    census: [u16; 4],
}

impl Position {
    /// The row `tops` with `stock` still to deal.
    pub(crate) fn new(tops: &[Card], stock: &[Card]) -> Position {
        assert!(
            tops.len() + stock.len() <= 52,
            "a position holds at most 52 cards"
        );
        let mut bytes = [0u8; WORDS * 8];
        for (slot, card) in bytes.iter_mut().zip(tops) {
            *slot = card.index();
        }
        let mut census = [0u16; 4];
        for card in tops.iter().chain(stock) {
            census[card.suit() as usize] |= 1 << card.rank();
        }
        let mut position = Position {
            bytes,
            len: tops.len() as u8,
            dealt: 0,
            hash: 0,
            census,
        };
        position.hash = (0..=tops.len()).fold(0, |h, gap| h ^ position.pair_at(gap));
        position
    }

    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len as usize
    }

    #[inline]
    pub(crate) fn dealt(&self) -> usize {
        self.dealt as usize
    }

    /// The top cards' indices (`4 * rank + suit`), left to right.
    #[inline]
    pub(crate) fn cards(&self) -> &[u8] {
        &self.bytes[..self.len()]
    }

    #[inline]
    pub(crate) fn hash(&self) -> u64 {
        self.hash
    }

    #[inline]
    fn words(&self) -> [u64; WORDS] {
        std::array::from_fn(|w| {
            u64::from_le_bytes(self.bytes[w * 8..w * 8 + 8].try_into().expect("8 bytes"))
        })
    }

    #[inline]
    fn set_words(&mut self, words: [u64; WORDS]) {
        for (w, word) in words.iter().enumerate() {
            self.bytes[w * 8..w * 8 + 8].copy_from_slice(&word.to_le_bytes());
        }
    }

    /// The whole position as seven words, for exact comparison.
    #[inline]
    pub(crate) fn key(&self) -> Key {
        let mut key = self.words();
        key[WORDS - 1] |= u64::from(self.len) << 32 | u64::from(self.dealt) << 40;
        key
    }

    /// Close up the row over byte `at`: the bytes above it shift down one
    /// place, a word at a time (a byte loop or `copy_within` costs a call to
    /// `memmove` per move).
    #[inline]
    fn remove(&mut self, at: usize) {
        let mut words = self.words();
        let first = at / 8;
        let keep = (1u64 << (at % 8 * 8)) - 1;
        for w in first..WORDS {
            let carry = if w + 1 < WORDS { words[w + 1] << 56 } else { 0 };
            let shifted = words[w] >> 8 | carry;
            words[w] = if w == first {
                words[w] & keep | shifted & !keep
            } else {
                shifted
            };
        }
        self.set_words(words);
        self.len -= 1;
    }

    /// Suit by suit, the ranks of the cards still in play.
    #[inline]
    pub(crate) fn census(&self) -> [u16; 4] {
        self.census
    }

    /// The card index at `at`, or the edge marker beyond either end.
    #[inline]
    fn slot(&self, at: usize) -> usize {
        if at >= self.len() {
            EDGE
        } else {
            self.bytes[at] as usize
        }
    }

    /// The hash of the pair on either side of gap `gap` (gap 0 is the left edge).
    #[inline]
    fn pair_at(&self, gap: usize) -> u64 {
        let left = if gap == 0 { EDGE } else { self.slot(gap - 1) };
        PAIR[left][self.slot(gap)]
    }

    /// The position after the pile at `step.from` lands on `step.to`.
    #[inline]
    pub(crate) fn after_move(&self, step: Step) -> Position {
        let mut next = *self;
        let (from, to) = (step.from, step.to);
        let covered = self.bytes[to];
        // Replace the target's top with the mover's.
        next.hash ^= next.pair_at(to) ^ next.pair_at(to + 1);
        next.bytes[to] = self.bytes[from];
        next.hash ^= next.pair_at(to) ^ next.pair_at(to + 1);
        // Close up the mover's place.
        next.hash ^= next.pair_at(from) ^ next.pair_at(from + 1);
        next.remove(from);
        next.hash ^= next.pair_at(from);
        next.census[(covered & 3) as usize] &= !(1 << (covered >> 2));
        next
    }

    /// The position after dealing `card`, the next stock card, onto the right end.
    #[inline]
    pub(crate) fn after_deal(&self, card: Card) -> Position {
        let mut next = *self;
        let len = self.len();
        next.hash ^= next.pair_at(len) ^ DEALT[self.dealt()];
        next.bytes[len] = card.index();
        next.len += 1;
        next.dealt += 1;
        next.hash ^= next.pair_at(len) ^ next.pair_at(len + 1) ^ DEALT[next.dealt()];
        next
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::card::cards;

    /// A position built from scratch, as the reference for incremental updates.
    fn fresh(tops: &[Card], stock: &[Card], dealt: usize) -> Position {
        let mut position = Position::new(tops, stock);
        position.dealt = dealt as u8;
        position.hash ^= DEALT[dealt];
        position
    }

    #[test]
    fn moves_and_deals_update_hash_and_census_as_a_rebuild_would() {
        let row = cards("AC 2C 3C 4C 5C 6D 7D");
        let stock = cards("8H 9H");
        let start = Position::new(&row, &stock);
        for (from, to) in [(1, 0), (3, 0), (4, 3), (6, 5), (0, 1), (2, 5), (0, 3)] {
            let next = start.after_move(Step { from, to });
            let mut want = row.clone();
            want[to] = row[from];
            want.remove(from);
            let mut census_cards = want.clone();
            census_cards.extend(&stock);
            let rebuilt = fresh(&want, &stock, 0);
            assert_eq!(next.cards(), Position::new(&want, &[]).cards());
            assert_eq!(next.key(), rebuilt.key());
            assert_eq!(next.hash(), rebuilt.hash(), "{from}->{to}");
            assert_eq!(next.census(), Position::new(&census_cards, &[]).census());
        }
        let dealt = start.after_deal(stock[0]);
        let mut want = row.clone();
        want.push(stock[0]);
        let rebuilt = fresh(&want, &stock[1..], 1);
        assert_eq!(dealt.key(), rebuilt.key());
        assert_eq!(dealt.hash(), rebuilt.hash());
        assert_eq!(dealt.census(), start.census());
        let single = Position::new(&[], &stock).after_deal(stock[0]);
        assert_eq!(single.key(), fresh(&stock[..1], &stock[1..], 1).key());
        assert_eq!(single.hash(), fresh(&stock[..1], &stock[1..], 1).hash());
    }

    #[test]
    fn long_rows_close_up_across_words() {
        let deck = crate::deal::Deal::from_seed(3, 52).unwrap();
        let mut model = deck.cards().to_vec();
        let mut position = Position::new(&model, &[]);
        let mut state = 11u64;
        while model.len() > 1 {
            let from = 1 + (splitmix(&mut state) as usize % (model.len() - 1));
            let to = from - 1 - (splitmix(&mut state) as usize % from.min(3));
            position = position.after_move(Step { from, to });
            model[to] = model[from];
            model.remove(from);
            let rebuilt = Position::new(&model, &[]);
            assert_eq!(position.key(), rebuilt.key());
            assert_eq!(position.hash(), rebuilt.hash());
        }
    }
}
