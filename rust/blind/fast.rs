//! The classic one-way `{1, 3}` forced game (`strict`, `strict-leap`, and the
//! greedy players that make the same choices) over a run of numbered deals,
//! dealing included: the simulator's hot loop.
//!
//! It plays exactly the game of [`super::forced`] (see the scan invariant there:
//! with one-way moves the scan resumes at the landing place, and a dealt card is
//! the only pile to look at after a deal), but without a data-dependent branch:
//! whether a pile moves is a coin toss for the branch predictor (about one game
//! step in two), and a misprediction costs more than the whole step. So each
//! *step* looks at one pile and, with arithmetic and conditional moves only,
//! either moves it or passes on to the next pile, dealing a card first when the
//! scan has reached the end of the row. A game of 52 cards takes about 120
//! steps, each a short chain of dependent loads; [`LANES`] games are played in
//! one loop so that their chains overlap, and a lane whose game ends is given
//! the next deal of the run (the order in which games end does not matter: the
//! result is a histogram).
//!
//! Open and blind one-way forced play end alike (`docs/strategies.md`), so this
//! serves both.

use super::shuffle::shuffle_indices;

/// Games played side by side.
const LANES: usize = 4;
/// Piles sit at `row[PAD..]`; `row[..PAD]` holds [`NO_CARD`], so a leap from
/// pile 1 or 2 looks at a card that agrees with nothing.
const PAD: usize = 3;
/// Not a card: agrees with nothing (bit 63 of every [`AGREE`] mask is clear).
const NO_CARD: u8 = 63;
/// Bytes closed up without a loop when a pile moves (see [`Scan::step`]).
const WINDOW: usize = 16;
/// Row and deck buffers are indexed by a byte, so no index needs a bounds test;
/// the row has [`WINDOW`] more bytes for the unaligned window at its end.
const ROW: usize = 256 + 2 * WINDOW;

/// `AGREE[a] >> b & 1`: whether cards `a` and `b` agree; indexed by a byte.
static AGREE: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut a = 0;
    while a < 52 {
        let mut b = 0;
        while b < 52 {
            if a != b && (a % 4 == b % 4 || a / 4 == b / 4) {
                table[a] |= 1 << b;
            }
            b += 1;
        }
        a += 1;
    }
    table
};

/// Marks the end of the stock: dealt after the last card, it agrees with
/// nothing, so it never moves and nothing moves onto it; and it is dealt only
/// when no move is left. Dealing it is the end of the game.
const STOP: u8 = 62;
/// Deck buffers: 52 cards and [`STOP`], indexed by a byte.
const DECK: usize = 256;

/// Where one game stands; its row and deck are in [`Tables`]. `at` and `end`
/// are pile positions from 0 (the row index is `PAD` more).
#[derive(Copy, Clone, Default)]
struct Scan {
    /// The pile looked at next.
    at: usize,
    /// The number of piles (counting [`STOP`] once dealt).
    end: usize,
    /// The next card of the deck to deal.
    next: usize,
}

/// The rows and decks of the games in progress.
struct Tables {
    rows: [[u8; ROW]; LANES],
    decks: [[u8; DECK]; LANES],
}

impl Scan {
    /// Start numbered deal `seed`, dealt to `cards` cards, in `deck`.
    #[inline(never)] // rare: once a game
    fn start(seed: u64, cards: usize, deck: &mut [u8; DECK]) -> Scan {
        shuffle_indices(seed, deck);
        deck[cards] = STOP;
        Scan::default()
    }

    /// Whether the game of `cards` cards is over ([`STOP`] has been dealt).
    #[inline]
    fn over(self, cards: usize) -> bool {
        self.next > cards
    }

    /// The piles left of a game that is over.
    fn piles(self) -> usize {
        self.end - 1
    }

    /// One step of a game that is not over: deal if the scan has reached the
    /// end of the row, then move the pile at `at` (nearest target first, or
    /// farthest if `LEAP`) or pass on to the next pile. `W`: bytes closed up
    /// without a loop.
    #[allow(clippy::inline_always)] // LANES copies in one loop body
    #[inline(always)]
    fn step<const LEAP: bool, const W: usize>(&mut self, row: &mut [u8; ROW], deck: &[u8; DECK]) {
        // Byte-sized positions: no index below needs a bounds test.
        let at = byte(self.at);
        let end = byte(self.end);
        // Deal: always write the next card of the stock past the row (not a
        // pile unless the scan has reached it), and keep it if it has. (A
        // select between the two loads would compile to a mispredicted branch.)
        row[PAD + end] = deck[byte(self.next)];
        let dealt = usize::from(at == end);
        self.next += dealt;
        let end = end + dealt;
        let card = row[PAD + at];
        // Can it slide (distance 1) or leap (distance 3)?
        let agrees = AGREE[card as usize];
        let slide = (agrees >> (row[PAD + at - 1] & 63)) & 1;
        let leap = (agrees >> (row[PAD + at - 3] & 63)) & 1;
        let moves = (slide | leap) as usize;
        let distance = if LEAP { 1 + 2 * leap } else { 3 - 2 * slide } as usize;
        // The landing place, or `at` itself if nothing moves (which also
        // places a dealt card).
        let to = PAD + at - distance * moves;
        row[to] = card;
        // Close up: the piles right of `at` shift one place left if it moved
        // (rewritten in place if not). Nearly always fewer than W piles.
        let from = PAD + at + 1;
        let window: [u8; W] = row[from..from + W].try_into().expect("W bytes");
        let into = from - moves;
        row[into..into + W].copy_from_slice(&window);
        if end - at > W + 1 {
            // Rare: many piles right of `at`.
            row.copy_within(from + W..PAD + end, from + W - moves);
        }
        self.end = end - moves;
        // The landing place if it moved, else the next pile (arithmetic: a
        // branch here would be mispredicted one step in two).
        self.at = at + 1 - (distance + 1) * moves;
    }
}

#[inline]
fn byte(i: usize) -> usize {
    i & 0xFF
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
    let mut tables = Box::new(Tables {
        rows: [[NO_CARD; ROW]; LANES],
        decks: [[STOP; DECK]; LANES],
    });
    let Tables { rows, decks } = &mut *tables;
    let mut scans = [Scan::default(); LANES];
    let mut started = 0u64;
    for (scan, deck) in scans.iter_mut().zip(decks.iter_mut()) {
        if started < count {
            *scan = Scan::start(first.wrapping_add(started), cards, deck);
            started += 1;
        }
    }
    let live = started as usize;
    let mut retired = LANES;
    if live == LANES {
        let [s0, s1, s2, s3] = &mut scans;
        let [r0, r1, r2, r3] = rows;
        let [d0, d1, d2, d3] = decks;
        macro_rules! lane {
            ($index:literal, $scan:ident, $row:ident, $deck:ident) => {
                if $scan.over(cards) {
                    histogram[$scan.piles()] += 1;
                    if started == count {
                        retired = $index;
                        break;
                    }
                    *$scan = Scan::start(first.wrapping_add(started), cards, $deck);
                    started += 1;
                }
                $scan.step::<LEAP, WINDOW>($row, $deck);
            };
        }
        loop {
            lane!(0, s0, r0, d0);
            lane!(1, s1, r1, d1);
            lane!(2, s2, r2, d2);
            lane!(3, s3, r3, d3);
        }
    }
    for (index, ((scan, row), deck)) in scans
        .iter_mut()
        .zip(rows.iter_mut())
        .zip(decks.iter())
        .enumerate()
        .take(live)
    {
        if index == retired {
            continue;
        }
        while !scan.over(cards) {
            scan.step::<LEAP, WINDOW>(row, deck);
        }
        histogram[scan.piles()] += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blind::forced::Forced;
    use crate::deal::Deal;
    use crate::game::Game;
    use crate::rules::{RuleSet, Rules};

    /// Play a shuffled deck of `cards` cards through, closing up `W` bytes at
    /// a time; the piles left.
    fn play<const LEAP: bool, const W: usize>(cards_in: &[u8], cards: usize) -> usize {
        let mut row = [NO_CARD; ROW];
        let mut deck = [STOP; DECK];
        deck[..cards].copy_from_slice(&cards_in[..cards]);
        let mut scan = Scan::default();
        while !scan.over(cards) {
            scan.step::<LEAP, W>(&mut row, &deck);
        }
        scan.piles()
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
    fn long_runs_of_piles_are_closed_up_too() {
        // Closing up more piles than the window holds is rare in real deals;
        // a window of 1 or 2 bytes takes that path at nearly every move.
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
                    [
                        play::<true, 1>(&bytes, cards),
                        play::<true, 2>(&bytes, cards),
                        play::<true, WINDOW>(&bytes, cards),
                    ]
                } else {
                    [
                        play::<false, 1>(&bytes, cards),
                        play::<false, 2>(&bytes, cards),
                        play::<false, WINDOW>(&bytes, cards),
                    ]
                };
                assert_eq!(got, [want; 3], "{set:?} seed {seed}");
            }
        }
    }
}
