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
//! Whether a pile moves is a coin toss for the branch predictor (about one step
//! in two) and a misprediction costs more than a step, so a step is branch-free:
//! it does every store the three cases need (the gap is always wider than the
//! stores reach into it) and selects the new stack heights arithmetically. A
//! 52-card `strict` game takes about 122 steps, each a short chain of dependent loads;
//! [`LANES`] games are played in one loop so that their chains overlap, and a
//! lane whose game ends is given the next deal of the run (the order in which
//! games end does not matter: the result is a histogram).
//!
//! Open and blind one-way forced play end alike (`docs/strategies.md`), so this
//! serves both.

use super::shuffle::shuffle_indices;

/// Games played side by side.
const LANES: usize = 3;
/// Bytes of one game's buffer.
const BUF: usize = 128;
/// `S` starts at `buffer[PAD]`; `buffer[..PAD]` holds [`NO_CARD`], so a slide or
/// leap from pile 1 or 2 looks at a card that agrees with nothing.
const PAD: usize = 3;
/// `S` is empty when its top index is this.
const EMPTY: usize = PAD - 1;
/// Where the deck is shuffled to: the bottom of `P` is `buffer[DECK + cards − 1]`.
/// `S` never reaches past `PAD + 52`, and `P` never starts below `DECK`, so the
/// gap is always at least `DECK − PAD − 52 ≥ 3` bytes wide.
const DECK: usize = 64;
/// Not a card: agrees with nothing.
const NO_CARD: u8 = 63;

/// `AGREEMENT[64 * c + x]` is 1 if cards `c` and `x` agree (else 0), and
/// `AGREEMENT[LEAPS + 64 * c + x]` is 2 if they do: the sum for the piles 1
/// and 3 left of `c` is the step's *code*, 0 to 3 (indices below 64).
static AGREEMENT: [u8; 2 * LEAPS] = {
    let mut table = [0u8; 2 * LEAPS];
    let mut c = 0;
    while c < 52 {
        let mut x = 0;
        while x < 52 {
            if c != x && (c % 4 == x % 4 || c / 4 == x / 4) {
                table[64 * c + x] = 1;
                table[LEAPS + 64 * c + x] = 2;
            }
            x += 1;
        }
        c += 1;
    }
    table
};
/// Where the leap half of [`AGREEMENT`] starts.
const LEAPS: usize = 64 * 64;

/// What a step does, by its code (bit 0: it can slide, bit 1: it can leap):
/// what to add to the top of `S` and to the top of `P`. Wrapping arithmetic:
/// `usize::MAX` is −1.
struct Deltas {
    s: [usize; 4],
    p: [usize; 4],
}

/// [`Deltas`] for nearest first (`[0]`) and farthest first (`[1]`). No move:
/// push the card onto `S`; slide: pop `S`, the card stays on `P`; leap: pop
/// three, `P` gets the two piles between and the card above them.
static DELTAS: [Deltas; 2] = {
    const M1: usize = 1usize.wrapping_neg();
    const M2: usize = 2usize.wrapping_neg();
    const M3: usize = 3usize.wrapping_neg();
    [
        Deltas {
            s: [1, M1, M3, M1],
            p: [1, 0, M2, 0],
        },
        Deltas {
            s: [1, M1, M3, M3],
            p: [1, 0, M2, M2],
        },
    ]
};

/// One game's buffer: `S` at `[PAD, s]`, the gap, `P` at `[p, DECK + cards)`.
type Buffer = [u8; BUF];

/// Where one game stands: the top indices of its two stacks in its [`Buffer`].
#[derive(Copy, Clone)]
struct Lane {
    /// Top of `S` (the pile left of the scan); [`EMPTY`] if none.
    s: usize,
    /// Top of `P` (the pile looked at next); `DECK + cards` when `P` is empty.
    p: usize,
}

impl Lane {
    /// Start numbered deal `seed` in `buffer`.
    #[inline(never)] // rare: once a game
    fn start(seed: u64, buffer: &mut Buffer) -> Lane {
        let deck: &mut [u8; 52] = (&mut buffer[DECK..DECK + 52]).try_into().expect("52 bytes");
        shuffle_indices(seed, deck);
        Lane { s: EMPTY, p: DECK }
    }

    /// Whether the game is over (`P` is empty) with a deal of `cards` cards.
    #[inline]
    fn over(self, cards: usize) -> bool {
        self.p == DECK + cards
    }

    /// The piles left of a game that is over.
    fn piles(self) -> usize {
        self.s - EMPTY
    }

    /// One step of a game that is not over (see the module documentation):
    /// move the top of `P` (nearest target first, or farthest if `LEAP`) or
    /// push it onto `S`.
    #[allow(clippy::inline_always)] // LANES copies in one loop body
    #[inline(always)]
    fn step<const LEAP: bool>(&mut self, buffer: &mut Buffer) {
        let (top, next) = (self.s, self.p);
        // The invariants that keep every index below in bounds (checked by
        // the tests, which run with debug assertions).
        debug_assert!((EMPTY..=PAD + 51).contains(&top) && (DECK..DECK + 52).contains(&next));
        // SAFETY: EMPTY = 2 ≤ top ≤ 54 and 64 ≤ next < 116 (above), so every index
        // is in 0..=116 < BUF; a card byte is below 64, so the table indices are
        // below 2 * LEAPS, and `code` is below 4.
        unsafe {
            let card = *buffer.get_unchecked(next);
            let near = *buffer.get_unchecked(top);
            let between = *buffer.get_unchecked(top - 1);
            let far_card = *buffer.get_unchecked(top - 2);
            debug_assert!(card < 64 && near < 64 && far_card < 64);
            let row = usize::from(card) << 6;
            let code = usize::from(
                *AGREEMENT.get_unchecked(row + usize::from(near))
                    + *AGREEMENT.get_unchecked(LEAPS + row + usize::from(far_card)),
            ) & 3;
            let deltas = &DELTAS[usize::from(LEAP)];
            // No move: push the card onto S.
            *buffer.get_unchecked_mut(top + 1) = card;
            // Leap: P gets `near`, `between` and the card on top; a slide leaves
            // the card where it was; without a move all three bytes are in the
            // gap. (Selecting the data, not the address: a store whose address
            // comes late makes the next step's loads wait for it.)
            let leaps = if LEAP { code >= 2 } else { code == 2 };
            *buffer.get_unchecked_mut(next) = if leaps { near } else { card };
            *buffer.get_unchecked_mut(next - 1) = between;
            *buffer.get_unchecked_mut(next - 2) = card;
            self.s = top.wrapping_add(deltas.s[code]);
            self.p = next.wrapping_add(deltas.p[code]);
        }
    }
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
    assert!((1..=52).contains(&cards), "1 to 52 cards");
    let mut buffers = Box::new([[NO_CARD; BUF]; LANES]);
    let mut games = [Lane {
        s: EMPTY,
        p: DECK + cards,
    }; LANES];
    let mut started = 0u64;
    for (game, buffer) in games.iter_mut().zip(buffers.iter_mut()) {
        if started < count {
            *game = Lane::start(first.wrapping_add(started), buffer);
            started += 1;
        }
    }
    let live = started as usize;
    let mut retired = LANES;
    if live == LANES {
        let [g0, g1, g2] = &mut games;
        let [b0, b1, b2] = &mut *buffers;
        macro_rules! lane {
            ($index:literal, $game:ident, $buffer:ident) => {
                if $game.over(cards) {
                    histogram[$game.piles()] += 1;
                    if started == count {
                        retired = $index;
                        break;
                    }
                    *$game = Lane::start(first.wrapping_add(started), $buffer);
                    started += 1;
                }
                $game.step::<LEAP>($buffer);
            };
        }
        loop {
            lane!(0, g0, b0);
            lane!(1, g1, b1);
            lane!(2, g2, b2);
        }
    }
    for (index, (game, buffer)) in games
        .iter_mut()
        .zip(buffers.iter_mut())
        .enumerate()
        .take(live)
    {
        if index == retired {
            continue;
        }
        while !game.over(cards) {
            game.step::<LEAP>(buffer);
        }
        histogram[game.piles()] += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blind::forced::Forced;
    use crate::deal::Deal;
    use crate::game::Game;
    use crate::rules::{RuleSet, Rules};

    /// Play the first `cards` of a shuffled deck through; the piles left.
    fn play<const LEAP: bool>(deck: &[u8], cards: usize) -> usize {
        let mut buffer = [NO_CARD; BUF];
        buffer[DECK..DECK + cards].copy_from_slice(&deck[..cards]);
        let mut game = Lane { s: EMPTY, p: DECK };
        while !game.over(cards) {
            game.step::<LEAP>(&mut buffer);
        }
        game.piles()
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
        // checked by the debug assertions of `Game::step`.
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
