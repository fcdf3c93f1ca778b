//! Move ordering: which move the search tries first. Ordering never changes a
//! verdict, a pile count or (within one attempt) the line found first among
//! equals — only how soon a good line is found.
//!
//! Measured on the numbered 52-card deals (node counts, see
//! `benches/solve-results.md`). The order borrows the human "sweepers"
//! strategy (Holzgrafe's advice, `docs/strategies.md`): one rank is chosen at
//! the root as the sweepers — the rank with the most cards near the right end —
//! and is kept uncovered as long as possible. While all four cards of one rank
//! are top cards, the agreement graph of the tops is connected (every card
//! shares its suit with one of them), so they keep a win in reach; they
//! collect the piles at the end.
//!
//! 1. The class of the move: a non-sweeper onto a non-sweeper first, then a
//!    sweeper onto a non-sweeper, a sweeper onto a sweeper, and last a
//!    non-sweeper burying a sweeper.
//! 2. Within a class, cover the card with the fewest partners (cards in play
//!    that agree with it) first: a poorly connected card is the one most at
//!    risk of being stranded, so it is buried while it still can be.
//! 3. Ties: the rightmost mover, then the farthest target.
//!
//! Against the previous order (blocks of four movers from the left, then
//! fewest partners), 1,000 deals: mean nodes per deal 38.8 k -> 10.6 k, median
//! 8.4 k -> 2.4 k; keeping the left blocks under the classes, rotating the
//! sweeper rank at each restart, leaps or slides first among equals, and
//! choosing the sweepers from the last quarter or half were all worse.
//!
//! A restarted attempt (see `Search::attempts`) perturbs the keys by a small
//! pseudo-random amount derived from the position's hash and the attempt
//! number: deterministic, and the same for a position however it is reached.

use super::position::Position;
use crate::rules::Step;

/// The perturbation of a restarted attempt, in key units (one unit is one
/// partner of the covered card; a class spans 1,024).
const FUZZ: u32 = 64;

/// Cards in play that agree with card `c` (itself excluded).
#[inline]
fn partners(census: [u16; 4], c: u8) -> u32 {
    let suit = census[(c & 3) as usize].count_ones();
    let rank = census
        .iter()
        .filter(|&&ranks| ranks >> (c >> 2) & 1 == 1)
        .count() as u32;
    suit + rank - 2
}

/// Sort `moves` (legal in `position`) best first for attempt `attempt`.
/// `codes` is scratch space: each move's sort key is computed once, packed
/// with the move into one `u32` (key above, tie-break below), and the codes
/// are sorted as plain integers.
#[inline]
pub(crate) fn order_moves(
    position: &Position,
    moves: &mut [Step],
    attempt: u64,
    codes: &mut Vec<u32>,
    sweepers: u16,
) {
    let cards = position.cards();
    let census = position.census();
    let salt = position.hash() ^ attempt.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    codes.clear();
    codes.extend(moves.iter().map(|step| {
        let tie = 64 * (63 - step.from as u32) + (63 - step.to as u32);
        let sweeper = |c: u8| sweepers >> (c >> 2) & 1 == 1;
        let class = match (sweeper(cards[step.from]), sweeper(cards[step.to])) {
            (false, false) => 0,
            (true, false) => 1,
            (true, true) => 2,
            (false, true) => 3,
        };
        let key = class * 1024 + partners(census, cards[step.to]);
        let noise = if attempt == 0 {
            0
        } else {
            let mut z = salt ^ u64::from(tie).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 31)).wrapping_mul(0x94D0_49BB_1331_11EB);
            (z >> 40) as u32 % FUZZ
        };
        (key + noise) << 12 | tie
    }));
    codes.sort_unstable();
    for (step, &code) in moves.iter_mut().zip(codes.iter()) {
        let tie = code & 0xFFF;
        *step = Step {
            from: 63 - (tie >> 6) as usize,
            to: 63 - (tie & 63) as usize,
        };
    }
}
