//! The search's compact position: the top cards as bytes, how many stock cards
//! have been dealt and the suit/rank census that the pruning bounds read. A move or a deal copies 80 bytes and touches a few
//! table entries; nothing is allocated per node.

use crate::card::Card;
use crate::rules::Step;

/// Words holding the top cards, one byte each: a full deck, padded with zero
/// bytes to whole 64-bit words. The key's last word also carries the number of
/// piles (byte 4) and of cards dealt (byte 5).
const WORDS: usize = 7;
/// The transposition-table key: the row's top cards, its length and the dealt
/// count, packed into seven words. Equal keys mean equal positions, so the table
/// compares whole keys and a hash collision can never merge two positions.
pub(crate) type Key = [u64; 7];

const fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A hash of a key's words (`cards` bytes of cards, then the last word with
/// the pile and dealt counts).
#[inline]
fn hash_words(key: &Key, cards: usize) -> u64 {
    let mut hash = 0x51_7CC1_B727_220Au64;
    for &word in &key[..cards.div_ceil(8)] {
        hash = (hash ^ word).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        hash ^= hash >> 29;
    }
    hash ^= key[WORDS - 1] >> 32;
    splitmix(&mut hash)
}

/// A row of top cards with the remaining stock's cards counted in the census.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Position {
    /// Card indices, left to right, then zeros.
    bytes: [u8; WORDS * 8],
    len: u8,
    dealt: u8,
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
        Position {
            bytes,
            len: tops.len() as u8,
            dealt: 0,
            census,
        }
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

    /// The hash of [`Position::key`].
    #[inline]
    pub(crate) fn hash(&self) -> u64 {
        hash_words(&self.key(), self.len())
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

    /// The table's key and hash for an open position (nothing left to deal):
    /// the row with its ranks renamed in the order they first appear from the
    /// left, and its suits likewise.
    ///
    /// Why two positions with the same relabelled row have the same value:
    /// play depends on the cards only through agreement (same suit or same
    /// rank), and renaming the ranks by one bijection and the suits by another
    /// keeps every pair's agreement as it was. So a row and its renamed copy
    /// have the same legal moves at the same places, move for move, to the
    /// end; every line of one is a line of the other with the same piles. Two
    /// rows related by such renamings get the same relabelling (each is
    /// renamed in order of first appearance, which the renaming preserves),
    /// and a relabelled row names its class exactly: the table can never
    /// merge rows that are not renamings of one another. With a stock the
    /// stock would have to be renamed too, so positions with cards still to
    /// deal keep [`Position::key`].
    ///
    /// Measured (`benches/solve-results.md`): in a proof of loss many rows are
    /// renamings of others, chiefly rows that differ only in which card of a
    /// suit's *private* ranks (ranks with no other card in play) stands where.
    ///
    /// `fixed` is a card no move may cover (the goal card, `Rules::goal`), or
    /// anything above 51 for none. It is not like the others, so only
    /// renamings that keep it count: its rank and suit are named first.
    pub(crate) fn open_key(&self, fixed: u8) -> (Key, u64) {
        const NONE: u8 = 0xFF;
        let mut ranks = [NONE; 13];
        let mut suits = [NONE; 4];
        let (mut next_rank, mut next_suit) = (0u8, 0u8);
        if fixed < 52 {
            ranks[(fixed >> 2) as usize] = 0;
            suits[(fixed & 3) as usize] = 0;
            (next_rank, next_suit) = (1, 1);
        }
        let mut bytes = [0u8; WORDS * 8];
        // Without branches: whether a rank or suit is new to the scan is
        // data, and branching on it would be mispredicted about once a card.
        for (slot, &c) in bytes.iter_mut().zip(self.cards()) {
            let (r, s) = ((c >> 2) as usize, (c & 3) as usize);
            let new_rank = ranks[r] == NONE;
            ranks[r] = std::hint::select_unpredictable(new_rank, next_rank, ranks[r]);
            next_rank += u8::from(new_rank);
            let new_suit = suits[s] == NONE;
            suits[s] = std::hint::select_unpredictable(new_suit, next_suit, suits[s]);
            next_suit += u8::from(new_suit);
            *slot = ranks[r] << 2 | suits[s];
        }
        let mut key: Key = std::array::from_fn(|w| {
            u64::from_le_bytes(bytes[w * 8..w * 8 + 8].try_into().expect("8 bytes"))
        });
        key[WORDS - 1] |= u64::from(self.len) << 32 | u64::from(self.dealt) << 40;
        (key, hash_words(&key, self.len()))
    }

    /// The places whose card agrees with the card `d` places to its left
    /// (`1 <= d < 8`): bit `i` is set when `i >= d` and the cards at `i` and
    /// `i - d` share a suit or a rank. Eight places at a time: a word of cards
    /// is xor-ed with the same word shifted by `d` bytes; a byte is zero in
    /// its low two bits (the suit) or its high six (the rank) exactly when
    /// the two cards agree, and adding 0x7F to each masked byte sets its top
    /// bit exactly when it is not zero (no byte carries into the next).
    #[inline]
    pub(crate) fn agree_at(&self, d: usize) -> u64 {
        const LOW: u64 = 0x0303_0303_0303_0303;
        const HIGH: u64 = 0x3F3F_3F3F_3F3F_3F3F;
        const ADD: u64 = 0x7F7F_7F7F_7F7F_7F7F;
        const TOP: u64 = 0x8080_8080_8080_8080;
        // Gathers the top bit of byte k into bit 56 + k (the products land on
        // distinct bits, so nothing carries).
        const GATHER: u64 = 0x0102_0408_1020_4080;
        debug_assert!((1..8).contains(&d));
        let words = self.words();
        let len = self.len();
        let mut mask = 0u64;
        let mut previous = 0u64;
        for (w, &word) in words.iter().enumerate().take(len.div_ceil(8)) {
            let shifted = word << (8 * d) | previous >> (64 - 8 * d);
            previous = word;
            let x = word ^ shifted;
            let suit_differs = ((x & LOW) + ADD) & TOP;
            let rank_differs = ((x >> 2 & HIGH) + ADD) & TOP;
            let agree = !(suit_differs & rank_differs) & TOP;
            mask |= ((agree >> 7).wrapping_mul(GATHER) >> 56) << (8 * w);
        }
        // A row holds at most 52 cards (`Position::new`).
        mask & ((1u64 << len) - 1) & !((1u64 << d) - 1)
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

    /// The position after the pile at `step.from` lands on `step.to`.
    #[inline]
    pub(crate) fn after_move(&self, step: Step) -> Position {
        let mut next = *self;
        let (from, to) = (step.from, step.to);
        let covered = self.bytes[to];
        next.bytes[to] = self.bytes[from];
        next.remove(from);
        next.census[(covered & 3) as usize] &= !(1 << (covered >> 2));
        next
    }

    /// The position after dealing `card`, the next stock card, onto the right end.
    #[inline]
    pub(crate) fn after_deal(&self, card: Card) -> Position {
        let mut next = *self;
        next.bytes[self.len()] = card.index();
        next.len += 1;
        next.dealt += 1;
        next
    }
}

/// Two card indices agree: same suit (low two bits) or same rank.
#[inline]
pub(crate) fn agree(a: u8, b: u8) -> bool {
    (a ^ b).trailing_zeros() >= 2 || a >> 2 == b >> 2
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::card::cards;

    /// A position built from scratch, as the reference for incremental updates.
    fn fresh(tops: &[Card], stock: &[Card], dealt: usize) -> Position {
        let mut position = Position::new(tops, stock);
        position.dealt = dealt as u8;
        position
    }

    #[test]
    fn moves_and_deals_update_key_and_census_as_a_rebuild_would() {
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
    fn agreement_masks_match_the_cards_pair_by_pair() {
        let mut checked = 0;
        for seed in 0..400u64 {
            let deal = crate::deal::Deal::from_seed(seed, 1 + seed as usize % 52).unwrap();
            let mut position = Position::new(deal.cards(), &[]);
            // Rows closed up by moves too (zero bytes shifted in at the end).
            for round in 0..3 {
                let cards = position.cards().to_vec();
                for d in 1..8 {
                    let want = (d..cards.len())
                        .filter(|&i| super::agree(cards[i], cards[i - d]))
                        .fold(0u64, |m, i| m | 1 << i);
                    assert_eq!(
                        position.agree_at(d),
                        want,
                        "seed {seed} round {round} d {d}"
                    );
                    checked += u64::from(want != 0);
                }
                if cards.len() < 2 {
                    break;
                }
                position = position.after_move(Step {
                    from: cards.len() - 1,
                    to: 0,
                });
            }
        }
        assert!(checked > 1000, "{checked}");
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

    /// The row with its ranks and suits renamed by two permutations.
    fn renamed(row: &[Card], ranks: &[u8; 13], suits: [u8; 4]) -> Vec<Card> {
        row.iter()
            .map(|c| Card::new(ranks[c.rank() as usize], suits[c.suit() as usize]).unwrap())
            .collect()
    }

    fn shuffled<const N: usize>(state: &mut u64) -> [u8; N] {
        let mut p: [u8; N] = std::array::from_fn(|i| i as u8);
        for i in (1..N).rev() {
            p.swap(i, splitmix(state) as usize % (i + 1));
        }
        p
    }

    const NO_CARD: u8 = u8::MAX;

    #[test]
    fn a_fixed_card_keeps_its_name() {
        // KH and QS swap places under a renaming; with KH fixed the rows differ.
        let a = Position::new(&cards("KH 2H QS"), &[]);
        let b = Position::new(&cards("QS 2S KH"), &[]);
        assert_eq!(a.open_key(NO_CARD), b.open_key(NO_CARD));
        let kh = cards("KH")[0].index();
        assert_ne!(a.open_key(kh), b.open_key(kh));
        // A renaming that keeps KH still shares the key.
        let c = Position::new(&cards("KH 2H JD"), &[]);
        assert_eq!(a.open_key(kh), c.open_key(kh));
    }

    #[test]
    fn renamed_rows_share_the_open_key_and_others_do_not() {
        let mut state = 99u64;
        for seed in 0..300u64 {
            let row = crate::deal::Deal::from_seed(seed, 1 + seed as usize % 52).unwrap();
            let (ranks, suits) = (shuffled::<13>(&mut state), shuffled::<4>(&mut state));
            let other = renamed(row.cards(), &ranks, suits);
            assert_eq!(
                Position::new(row.cards(), &[]).open_key(NO_CARD),
                Position::new(&other, &[]).open_key(NO_CARD),
                "{seed}"
            );
        }
        // Agreement patterns differ: suit, rank, none; and lengths differ.
        let keys: Vec<Key> = ["AC 2C", "AC AD", "AC 2D", "AC 2C 3C", "AC"]
            .iter()
            .map(|text| Position::new(&cards(text), &[]).open_key(NO_CARD).0)
            .collect();
        for (i, a) in keys.iter().enumerate() {
            for b in &keys[i + 1..] {
                assert_ne!(a, b);
            }
        }
        // After moves, the key is the key of the row rebuilt.
        let row = crate::deal::Deal::from_seed(8, 20).unwrap();
        let next = Position::new(row.cards(), &[]).after_move(Step { from: 5, to: 2 });
        let mut want = row.cards().to_vec();
        want[2] = want[5];
        want.remove(5);
        assert_eq!(
            next.open_key(NO_CARD),
            Position::new(&want, &[]).open_key(NO_CARD)
        );
    }
}
