//! The classic one-way `{1, 3}` forced game (`strict`, `strict-leap`, and the
//! greedy players that make the same choices) over a run of numbered deals,
//! dealing included: the simulator's hot loop.
//!
//! It plays exactly the game of [`super::forced`] (see the scan invariant there:
//! with one-way moves the scan resumes at the landing place, and a dealt card is
//! the only pile to look at after a deal) as a stack machine on a *gap buffer*.
//! The row is split at the scan: the piles left of it, none of which can move,
//! are a stack `S` growing rightwards from the left end of the buffer; the
//! scanned pile and everything right of it, then the stock in order, are a
//! stack `P` whose top (the scanned pile) is nearest the gap. Dealing is then
//! nothing at all: the shuffled deck is simply the bottom of `P`. One *step*
//! looks at the top `c` of `P` and the tops `a`, `b` of the piles 1 and 3 to
//! its left (`S[top]`, `S[top − 2]`):
//!
//! - no move: `c` is pushed onto `S` (it cannot move, and nothing left of it
//!   changed, so it never will while it is there);
//! - slide onto `a`: `a` is popped; `c` stays on `P`, to be looked at again in
//!   its new place;
//! - leap onto `b`: the three top piles of `S` are popped; `P` gets the two
//!   piles that stood between (their left neighbours changed), then `c`.
//!
//! A pile is its top card written as a 17-bit *mask*, one bit for its suit and
//! one for its rank ([`MASKS`]), so that two cards agree exactly when their
//! masks intersect, and 0 (no card, below the bottom of `S`) agrees with
//! nothing: "can it move?" is one `and`.
//!
//! Whether a pile moves is a coin toss for the branch predictor (about one step
//! in two) and a misprediction costs more than a step, so a step is branch-free:
//! it does every store the three cases need (the gap is always wider than the
//! stores reach into it) and moves the two stack tops by per-case offsets. A
//! 52-card `strict` game takes about 122 steps, each a short chain of dependent
//! loads; [`LANES`] games are played in one loop so that their chains overlap,
//! and a lane whose game ends is given the next deal of the run (the order in
//! which games end does not matter: the result is a histogram). Deals are
//! shuffled two at a time ([`shuffle_pair`]).
//!
//! Open and blind one-way forced play end alike (`docs/strategies.md`), so this
//! serves both.

use super::shuffle::shuffle_pair;
use crate::deal::DECK_SIZE;

/// Games played side by side.
const LANES: usize = 3;
/// Slots of one game's buffer.
const BUF: usize = 128;
/// `S` starts at `buffer[PAD]`; `buffer[..PAD]` holds 0 (no card), so a slide
/// or leap from pile 1 or 2 looks at a card that agrees with nothing.
const PAD: usize = 3;
/// `S` is empty when its top index is this.
const EMPTY: usize = PAD - 1;
/// Where the deck is dealt to: the bottom of `P` is `buffer[DECK + cards − 1]`.
/// `S` never reaches past `PAD + 52`, and `P` never starts below `DECK`, so the
/// gap is always at least `DECK − PAD − 52 = 9` slots wide, more than the
/// stores reach into it.
const DECK: usize = 64;

// The buffer arithmetic every `unsafe` block below relies on, checked by the
// compiler (a change of a constant that breaks one does not build):
// the three reads below the top of `S` (`top − 2 ≥ 0` with `top ≥ EMPTY`) stay
// in the buffer and the slots below `PAD` hold no card;
const _: () = assert!(EMPTY >= 2 && PAD == EMPTY + 1);
// the stores of a step (`top + 1 ≤ PAD + 52`, `next − 2 ≥ DECK − 2`) never
// meet: the gap between the stacks is wider than they reach into it;
const _: () = assert!(PAD + DECK_SIZE + 1 < DECK - 2);
// a whole deck dealt at `DECK` fits the buffer;
const _: () = assert!(DECK + DECK_SIZE <= BUF);
// and a slot is a `u32`, as the byte offsets of `DELTAS` assume.
const _: () = assert!(SLOT as usize == std::mem::size_of::<u32>());

/// `MASKS[i]`: card `i` (`4 * rank + suit`) as its suit bit (0–3) and its
/// rank bit (4–16).
static MASKS: [u32; DECK_SIZE] = {
    let mut masks = [0u32; DECK_SIZE];
    let mut i = 0;
    while i < DECK_SIZE {
        masks[i] = (1 << (i % 4)) | (1 << (4 + i / 4));
        i += 1;
    }
    masks
};

/// How a step moves the two stack tops, by its *code* (bit 0: the card can
/// slide, bit 1: it can leap), in bytes (4 per slot). No move: push the card
/// onto `S`; slide: pop `S`, the card stays on `P`; leap: pop three, `P` gets
/// the two piles between and the card above them.
struct Deltas {
    s: [isize; 4],
    p: [isize; 4],
}

/// Bytes of one slot.
const SLOT: isize = 4;

/// [`Deltas`] for nearest first (`[0]`) and farthest first (`[1]`).
static DELTAS: [Deltas; 2] = [
    Deltas {
        s: [SLOT, -SLOT, -3 * SLOT, -SLOT],
        p: [SLOT, 0, -2 * SLOT, 0],
    },
    Deltas {
        s: [SLOT, -SLOT, -3 * SLOT, -3 * SLOT],
        p: [SLOT, 0, -2 * SLOT, -2 * SLOT],
    },
];

/// Where one game stands: the tops of its two stacks in its buffer of [`BUF`]
/// slots, `S` at `[PAD, s]`, the gap, `P` at `[p, DECK + cards)`.
#[derive(Copy, Clone)]
struct Lane {
    /// Top of `S` (the pile left of the scan); slot [`EMPTY`] if none.
    s: *mut u32,
    /// Top of `P` (the pile looked at next); slot `DECK + cards` when `P` is empty.
    p: *mut u32,
}

/// The deals of a run, shuffled two at a time.
struct Dealer {
    decks: [[u32; DECK_SIZE]; 2],
    /// The number of the next deal to shuffle.
    next: u64,
    /// Decks shuffled and not yet dealt: `decks[2 − ready..]`.
    ready: usize,
}

impl Dealer {
    fn new(first: u64) -> Dealer {
        Dealer {
            decks: [[0; DECK_SIZE]; 2],
            next: first,
            ready: 0,
        }
    }

    /// Deal the next numbered deal into the buffer at `buffer` and start its game.
    ///
    /// # Safety
    /// `buffer` points to a buffer of [`BUF`] slots that nothing else accesses
    /// meanwhile.
    #[inline(never)] // rare: once a game
    unsafe fn deal(&mut self, buffer: *mut u32) -> Lane {
        if self.ready == 0 {
            let [first, second] = &mut self.decks;
            shuffle_pair(self.next, &MASKS, first, second);
            self.next = self.next.wrapping_add(2);
            self.ready = 2;
        }
        let deck = &self.decks[2 - self.ready];
        self.ready -= 1;
        // SAFETY: DECK + 52 ≤ BUF slots, in the caller's buffer.
        unsafe {
            std::ptr::copy_nonoverlapping(deck.as_ptr(), buffer.add(DECK), DECK_SIZE);
            Lane {
                s: buffer.add(EMPTY),
                p: buffer.add(DECK),
            }
        }
    }
}

impl Lane {
    /// Whether the game is over: `P` is empty, its top at `end`.
    #[inline]
    fn over(self, end: *mut u32) -> bool {
        self.p == end
    }

    /// The piles left of a game that is over, in the buffer at `buffer`.
    fn piles(self, buffer: *mut u32) -> usize {
        slot(self.s, buffer) - EMPTY
    }

    /// Whether the next step stays within the buffer at `buffer`, whose game
    /// ends when `P`'s top reaches `end`: the invariants every step relies on
    /// (checked before every step in test builds and with debug assertions).
    fn in_bounds(self, buffer: *mut u32, end: *mut u32) -> bool {
        (EMPTY..=PAD + 51).contains(&slot(self.s, buffer))
            && (DECK..slot(end, buffer)).contains(&slot(self.p, buffer))
            && slot(end, buffer) <= DECK + DECK_SIZE
    }

    /// One step of a game that is not over (see the module documentation):
    /// move the top of `P` (nearest target first, or farthest if `LEAP`) or
    /// push it onto `S`.
    ///
    /// # Safety
    /// The lane is [`Lane::in_bounds`] of its buffer, which nothing else
    /// accesses meanwhile and whose slots below `PAD` hold 0 (no card; nothing
    /// ever stores there: the lowest store is `top + 1 ≥ PAD`).
    #[allow(clippy::inline_always)] // LANES copies in one loop body
    #[inline(always)]
    unsafe fn step<const LEAP: bool>(&mut self) {
        let (top, next) = (self.s, self.p);
        // SAFETY: EMPTY = 2 ≤ slot(top) ≤ 54 and 64 ≤ slot(next) < 116 (the
        // caller's promise), so every slot read or written below is in
        // 0..=115 < BUF (reads top − 2 ≥ 0 … next ≤ 115, stores top + 1 ≤ 55
        // and next − 2 ≥ 62: never the same slot); the new tops stay in the buffer because the game is
        // the forced game of `super::forced` (S never exceeds 52 piles, P never
        // grows past its starting top), which the tests check step by step.
        unsafe {
            let card = *next;
            let near = *top;
            let between = *top.sub(1);
            let far = *top.sub(2);
            let code = usize::from(card & near != 0) | (usize::from(card & far != 0) << 1);
            let deltas = &DELTAS[usize::from(LEAP)];
            // No move: push the card onto S.
            *top.add(1) = card;
            // Leap: P gets `near`, `between` and the card on top; a slide leaves
            // the card where it was; without a move all three slots are in the
            // gap. (Selecting the data, not the address: a store whose address
            // comes late makes the next step's loads wait for it.)
            let leaps = if LEAP { code >= 2 } else { code == 2 };
            *next = std::hint::select_unpredictable(leaps, near, card);
            *next.sub(1) = between;
            *next.sub(2) = card;
            self.s = top.byte_offset(*deltas.s.get_unchecked(code));
            self.p = next.byte_offset(*deltas.p.get_unchecked(code));
        }
    }
}

/// The slot of `pointer` in the buffer at `buffer` (plain address arithmetic;
/// panics if `pointer` is below `buffer`).
fn slot(pointer: *mut u32, buffer: *mut u32) -> usize {
    let bytes = (pointer as usize)
        .checked_sub(buffer as usize)
        .expect("inside the buffer");
    bytes / std::mem::size_of::<u32>()
}

/// Assert [`Lane::in_bounds`] in test builds (whatever the profile) and with
/// debug assertions; compiled out of the simulator otherwise.
macro_rules! check_bounds {
    ($game:expr, $buffer:expr, $end:expr) => {
        if cfg!(any(test, debug_assertions)) {
            assert!($game.in_bounds($buffer, $end), "a lane left its buffer");
        }
    };
}

/// The histogram of piles left (index = piles) over numbered deals
/// `first, first + 1, …, first + count − 1` (mod 2^64), each dealt to
/// `cards` cards (1..=52) and played to the end by the classic forced game,
/// nearest target first or farthest if `LEAP`; added into `histogram`.
pub fn classic_histogram<const LEAP: bool>(
    first: u64,
    count: u64,
    cards: usize,
    histogram: &mut [u64; 53],
) {
    assert!((1..=DECK_SIZE).contains(&cards), "1 to 52 cards");
    // All access to the buffers goes through raw pointers derived from `base`.
    let mut storage = vec![0u32; LANES * BUF];
    let base = storage.as_mut_ptr();
    // SAFETY (for every `unsafe` below): lane `k` owns slots
    // `k * BUF .. (k + 1) * BUF` of `storage`, which outlives the loop; a lane
    // steps only while it is not over, and `Dealer::deal` and the forced game
    // keep it in bounds (asserted before every step in test builds).
    let buffers: [*mut u32; LANES] = std::array::from_fn(|k| unsafe { base.add(k * BUF) });
    let ends: [*mut u32; LANES] = std::array::from_fn(|k| unsafe { buffers[k].add(DECK + cards) });
    let mut dealer = Dealer::new(first);
    let mut games = ends.map(|end| Lane { s: end, p: end });
    let mut started = 0u64;
    for (game, &buffer) in games.iter_mut().zip(&buffers) {
        if started < count {
            *game = unsafe { dealer.deal(buffer) };
            started += 1;
        }
    }
    let live = started as usize;
    let mut retired = LANES;
    if live == LANES {
        let [mut g0, mut g1, mut g2] = games;
        macro_rules! lane {
            ($index:literal, $game:ident) => {
                if $game.over(ends[$index]) {
                    histogram[$game.piles(buffers[$index])] += 1;
                    if started == count {
                        retired = $index;
                        break;
                    }
                    $game = unsafe { dealer.deal(buffers[$index]) };
                    started += 1;
                }
                check_bounds!($game, buffers[$index], ends[$index]);
                unsafe { $game.step::<LEAP>() };
            };
        }
        loop {
            lane!(0, g0);
            lane!(1, g1);
            lane!(2, g2);
        }
        games = [g0, g1, g2];
    }
    for (index, game) in games.iter_mut().enumerate().take(live) {
        if index == retired {
            continue;
        }
        while !game.over(ends[index]) {
            check_bounds!(game, buffers[index], ends[index]);
            unsafe { game.step::<LEAP>() };
        }
        histogram[game.piles(buffers[index])] += 1;
    }
    drop(storage);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blind::forced::Forced;
    use crate::card::Card;
    use crate::deal::Deal;
    use crate::game::Game;
    use crate::rules::{RuleSet, Rules};

    #[test]
    fn masks_intersect_exactly_when_cards_agree() {
        // (A card never meets itself in a row: every card is dealt once.)
        for a in 0..52u8 {
            assert_eq!(MASKS[usize::from(a)].count_ones(), 2);
            assert!(MASKS[usize::from(a)] < 1 << 17);
            for b in (0..52u8).filter(|&b| b != a) {
                let (x, y) = (Card::from_index(a).unwrap(), Card::from_index(b).unwrap());
                let intersect = MASKS[usize::from(a)] & MASKS[usize::from(b)] != 0;
                assert_eq!(intersect, x.agrees(y), "{x} {y}");
            }
        }
    }

    /// Play the first `cards` of a shuffled deck through; the piles left.
    fn play<const LEAP: bool>(deck: &[u8], cards: usize) -> usize {
        let mut storage = vec![0u32; BUF];
        let buffer = storage.as_mut_ptr();
        let mut game = Lane {
            s: std::ptr::null_mut(),
            p: std::ptr::null_mut(),
        };
        // SAFETY: the deck's slots DECK.. are in the buffer, and the game stays
        // in bounds (asserted before every step).
        unsafe {
            for (k, &card) in deck[..cards].iter().enumerate() {
                *buffer.add(DECK + k) = MASKS[usize::from(card)];
            }
            game.s = buffer.add(EMPTY);
            game.p = buffer.add(DECK);
            let end = buffer.add(DECK + cards);
            while !game.over(end) {
                assert!(game.in_bounds(buffer, end));
                game.step::<LEAP>();
            }
        }
        let piles = game.piles(buffer);
        drop(storage);
        piles
    }

    fn fast(leap: bool, first: u64, count: u64, cards: usize) -> [u64; 53] {
        let mut histogram = [0; 53];
        if leap {
            classic_histogram::<true>(first, count, cards, &mut histogram);
        } else {
            classic_histogram::<false>(first, count, cards, &mut histogram);
        }
        histogram
    }

    /// The straightforward engine: `game::Game`, always taking its one legal
    /// action.
    fn reference(rules: Rules, first: u64, count: u64, cards: usize, blind: bool) -> [u64; 53] {
        let mut histogram = [0; 53];
        for i in 0..count {
            let deal = Deal::from_seed(first.wrapping_add(i), cards).unwrap();
            let mut game = Game::new(deal, rules, blind);
            loop {
                let legal = game.legal_actions();
                if legal.is_empty() {
                    break;
                }
                assert_eq!(legal.len(), 1);
                game.play(legal[0]).unwrap();
            }
            histogram[game.outcome().piles] += 1;
        }
        histogram
    }

    #[test]
    fn equals_the_game_engine_over_20000_deals() {
        for (set, leap) in [(RuleSet::Strict, false), (RuleSet::StrictLeap, true)] {
            let rules = Rules::new(set);
            assert_eq!(
                fast(leap, 0, 20_000, 52),
                reference(rules, 0, 20_000, 52, true),
                "{set:?}"
            );
        }
    }

    #[test]
    fn equals_the_forced_engine_open_blind_short_and_wrapping() {
        for (set, leap) in [(RuleSet::Strict, false), (RuleSet::StrictLeap, true)] {
            let forced = Forced::of_rules(&Rules::new(set)).unwrap();
            for (first, count, cards) in [
                (1, 20_000, 52),
                (u64::MAX - 2, 9, 52),
                (5, 3, 52),
                (5, 1, 52),
                (77, 2_000, 18),
                (9, 500, 1),
                (9, 500, 2),
                (9, 500, 4),
            ] {
                let mut want = [0; 53];
                for i in 0..count {
                    let deal = Deal::from_seed(first.wrapping_add(i), cards).unwrap();
                    want[forced.play(deal.cards(), true)] += 1;
                    assert_eq!(
                        forced.play(deal.cards(), false),
                        forced.play(deal.cards(), true)
                    );
                }
                assert_eq!(
                    fast(leap, first, count, cards),
                    want,
                    "{set:?} {first} {count}"
                );
            }
        }
    }

    #[test]
    fn rows_of_few_suits_and_ranks_too() {
        // Long chains of moves, deep stacks: the gap and the stack bounds are
        // checked before every step by `play` (`Lane::in_bounds`).
        let mut rng = crate::deal::SplitMix64::new(42);
        for (set, leap) in [(RuleSet::Strict, false), (RuleSet::StrictLeap, true)] {
            let forced = Forced::of_rules(&Rules::new(set)).unwrap();
            for seed in 0..3_000u64 {
                let cards = [52, 30, 9][seed as usize % 3];
                let mut deck = crate::deal::shuffled_deck(seed);
                // Some rows of few suits and ranks, where long chains form.
                if seed % 2 == 1 {
                    let mut keyed: Vec<_> = deck
                        .iter()
                        .map(|&c| (u64::from(c.suit()) * 7 + rng.below(3), c.rank(), c))
                        .collect();
                    keyed.sort_unstable();
                    for (slot, (_, _, c)) in deck.iter_mut().zip(keyed) {
                        *slot = c;
                    }
                }
                let bytes: Vec<u8> = deck.iter().map(|c| c.index()).collect();
                let want = forced.play(&deck[..cards], true);
                let got = if leap {
                    play::<true>(&bytes, cards)
                } else {
                    play::<false>(&bytes, cards)
                };
                assert_eq!(got, want, "{set:?} seed {seed}");
            }
        }
    }
}
