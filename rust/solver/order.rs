//! Move ordering: which move the search tries first. Ordering never changes a
//! verdict, a pile count or (within one attempt) the line found first among
//! equals — only how soon a good line is found.
//!
//! Measured on the numbered 52-card deals (node counts, see
//! `benches/solve-results.md`). The order borrows the human "sweepers"
//! strategy (Holzgrafe's advice, `docs/strategies.md`): one rank is chosen at
//! the root as the sweepers — the rank with the most cards near the right end
//! (restarted attempts take the runner-up and others, see `Search::attempts`) —
//! and is kept uncovered as long as possible. While all four cards of one rank
//! are top cards, the agreement graph of the tops is connected (every card
//! shares its suit with one of them), so they keep a win in reach; they
//! collect the piles at the end.
//!
//! 1. The *strain* the move leaves (see [`order_moves`]): fewest cards
//!    without a partner to their right first. Such a card can only be
//!    covered after it has jumped over a partner, and a row full of them is
//!    close to lost; the count sees trouble coming several moves before the
//!    agreement graph falls apart.
//! 2. The class of the move: a non-sweeper onto a non-sweeper first, then a
//!    sweeper onto a non-sweeper, a sweeper onto a sweeper, and last a
//!    non-sweeper burying a sweeper.
//! 3. Ties: the rightmost mover, then the farthest target.
//!
//! Against the order of issue 3 (class, then the covered card's fewest
//! partners, then the ties), 1,000 deals of 52 cards: median nodes 1,954 ->
//! 101; the first depth-first line alone wins 31 of 500 deals before and 153
//! after. Tried and dropped (`benches/solve-results.md`): the covered card's
//! partners under the strain (median 474), the child's mobility (count of
//! legal moves) as a key (better tail, worse median, and a move generation
//! per child), weights other than 3/1 for no/one partner to the right.
//! With two-way moves a card may be covered from either side, so the strain
//! means nothing there: two-way rows keep the order of issue 3 (class, then
//! the covered card's fewest partners, then the ties) and its perturbation.
//!
//! A restarted attempt (see `Search::attempts`) perturbs the keys by a
//! pseudo-random amount derived from the position's hash and the attempt
//! number: deterministic, and the same for a position however it is reached.
//! How much is the caller's choice ([`Perturb`]): a class unit at every
//! depth in the rounds after the first, and in the round that asks whether
//! the row is won (the *probes*) up to ten units of strain in the first
//! tenth of the line and none below it.

use super::bounds::{partners, stock_of};
use super::position::{agree, Position};
use crate::rules::Step;

/// The perturbation of a restarted attempt, in key units (a class spans
/// 1,024, one unit of strain 4,096; two-way: one partner of the covered card
/// is one unit).
pub(crate) const FUZZ: u32 = 1024;
const TWO_WAY_FUZZ: u32 = 64;

/// The perturbation of the moves' keys at one node: `attempt` (0: none) and
/// the amount of one-way keys, in key units (below `amount`; 0: none).
/// Two-way keys are always perturbed by less than [`TWO_WAY_FUZZ`] once
/// `attempt` is above 0.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Perturb {
    pub(crate) attempt: u64,
    pub(crate) amount: u32,
    /// One-way keys: the key units of one step of the sweepers class
    /// ([`CLASS_WEIGHT`] in the plain order; a probe round's opening varies
    /// it by attempt, see `Search::attempts`). At most two units of strain,
    /// so that a key stays within its bits.
    pub(crate) class_weight: u32,
}

/// The key units of one step of the sweepers class in the plain order: the
/// three steps together stay below one unit of strain (4,096), so the class
/// only breaks ties of strain.
pub(crate) const CLASS_WEIGHT: u32 = 1024;

/// How badly a card with `right` partners to its right is placed: a card
/// with none must first jump over a partner to be covered at all (see
/// [`super::bounds::Bounds::piles`]), and one with a single partner there
/// loses its way out if that partner goes first.
#[inline]
fn strain(right: u8) -> i32 {
    const STRAIN: [i32; 4] = [3, 1, 0, 0];
    STRAIN[usize::from(right.min(3))]
}

/// The strain a card with `right` partners to its right gains when one of
/// them leaves (`strain(right - 1) - strain(right)`; nothing for none).
#[inline]
fn drop_of(right: u8) -> i32 {
    const DROP: [i32; 4] = [0, 2, 1, 0];
    DROP[usize::from(right.min(3))]
}

/// Push onto `codes` one code per move of `moves` (legal in `position`),
/// perturbed by `perturb`: the move's sort key above, a tie-break naming the
/// move below (so no two codes are equal), such that the best move has the
/// least code. [`next_best`] takes them out in that order, one at a time: a
/// node tries few of its moves before the search leaves it (a won line
/// tries one per node, a restart or a cutoff ends the rest), so selecting
/// each in turn costs less than sorting them all, and yields the same order.
/// `scratch` holds the per-card counts.
///
/// The key, most significant first:
/// 1. the *strain* the move leaves: summed over the cards, 3 for a card with
///    no partner to its right (cards in the stock count as to its right), 1
///    for a card with one, else 0. Computed as the change from this
///    position, in `O(from)`.
/// 2. the sweepers class.
#[inline]
#[allow(clippy::too_many_arguments)]
pub(crate) fn order_moves(
    position: &Position,
    moves: &[Step],
    perturb: Perturb,
    scratch: &mut Scratch,
    sweepers: u16,
    two_way: bool,
    open: bool,
    codes: &mut Vec<u32>,
) {
    let cards = position.cards();
    let attempt = perturb.attempt;
    let amount = if two_way {
        TWO_WAY_FUZZ
    } else {
        perturb.amount
    };
    // No noise (the first attempt, or the probes below their window): no
    // hash to take either.
    let noisy = attempt != 0 && amount != 0;
    let salt = if noisy {
        position.hash() ^ attempt.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    } else {
        0
    };
    if !two_way {
        scratch.count_partners(cards, position.census(), open);
    }
    let scratch = &*scratch;
    codes.extend(moves.iter().map(|step| {
        let tie = 64 * (63 - step.from as u32) + (63 - step.to as u32);
        let (mover, covered) = (cards[step.from], cards[step.to]);
        // The class, without branches: with `m` and `c` the mover's and the
        // covered card's sweeper bits, `m ^ 3c` is 0 (neither), 1 (the
        // mover), 2 (both), 3 (the covered card only).
        let sweeper = |c: u8| u32::from(sweepers >> (c >> 2)) & 1;
        let class = sweeper(mover) ^ (3 * sweeper(covered));
        let key = if two_way {
            class * 1024 + partners(position.census(), covered)
        } else {
            let change = strain_change(cards, scratch, step.from, step.to);
            (64 + change).clamp(0, 127) as u32 * 4096 + class * perturb.class_weight
        };
        let noise = if noisy {
            let mut z = salt ^ u64::from(tie).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 31)).wrapping_mul(0x94D0_49BB_1331_11EB);
            (z >> 40) as u32 % amount
        } else {
            0
        };
        (key + noise) << 12 | tie
    }));
}

/// The `i`-th best move of the codes pushed by [`order_moves`], when the
/// first `i` have been taken by earlier calls: the least code of
/// `codes[i..]` is swapped to place `i` and decoded.
#[inline]
pub(crate) fn next_best(codes: &mut [u32], i: usize) -> Step {
    let (mut best, mut least) = (i, codes[i]);
    for (at, &code) in codes.iter().enumerate().skip(i + 1) {
        // Which code is less is data: no branch on it.
        let less = code < least;
        best = std::hint::select_unpredictable(less, at, best);
        least = std::hint::select_unpredictable(less, code, least);
    }
    codes.swap(i, best);
    let tie = codes[i] & 0xFFF;
    Step {
        from: 63 - (tie >> 6) as usize,
        to: 63 - (tie & 63) as usize,
    }
}

/// The change in strain when the card at `from` covers the one at `to`
/// (leftwards): the covered card leaves, cards left of it lose it as a right
/// partner ([`Scratch::lost`]), cards between lose the mover, and the mover
/// gains them.
#[inline]
fn strain_change(cards: &[u8], scratch: &Scratch, from: usize, to: usize) -> i32 {
    if from < scratch.deep {
        // Every card the move touches has three partners or more to its
        // right, before and after, and none drops anything: no change.
        return 0;
    }
    let right = &scratch.right;
    let mover = cards[from];
    let mut change = scratch.lost(cards, to) - strain(right[to & 63]);
    let mut passed = 0;
    for at in to + 1..from {
        if agree(cards[at], mover) {
            change += drop_of(right[at & 63]);
            passed += 1;
        }
    }
    change + strain(right[from & 63] + passed) - strain(right[from & 63])
}

/// Scratch space for [`order_moves`], kept by the search: fixed arrays
/// indexed by place (a row holds at most 52 cards), so that filling them
/// neither allocates nor checks bounds.
pub(crate) struct Scratch {
    /// Partners to the right of each card (the stock's cards count as to
    /// the right of every top card), exact below 3: a 3 may stand for
    /// more (see [`Scratch::count_partners`]).
    right: [u8; 64],
    /// For each card from `deep` on, the strain the cards to its right that
    /// agree with it gain when they lose a partner ([`drop_of`]), summed.
    later: [u8; 64],
    /// The same sums over every card from `deep` on, by suit and by rank.
    by_suit: [u8; 4],
    by_rank: [u8; 16],
    /// Left of this place every card has three partners or more to its right.
    deep: usize,
}

impl Default for Scratch {
    fn default() -> Scratch {
        Scratch {
            right: [0; 64],
            later: [0; 64],
            by_suit: [0; 4],
            by_rank: [0; 16],
            deep: 0,
        }
    }
}

impl Scratch {
    /// Fill the counts for the row `cards` (one-way only) in one pass from
    /// the right end: each card's partners to its right, by suit and by
    /// rank, and the running sums of what their leaving costs
    /// ([`Scratch::lost`]).
    ///
    /// Only the counts up to three matter ([`strain`] and [`drop_of`] are
    /// the same for three partners and more), so the pass stops at the place
    /// `deep` left of which every card of each suit already has three
    /// partners of its suit to its right: there `right` is left at 3
    /// (meaning "three or more"), and such a card drops nothing when it
    /// loses a partner. On 52-card rows `deep` is reached after about a
    /// third of the row.
    #[inline]
    fn count_partners(&mut self, cards: &[u8], census: [u16; 4], open: bool) {
        let mut by_suit = [0u8; 4];
        let mut by_rank = [0u8; 16];
        if !open {
            let stock = stock_of(cards, census);
            for (suit, &ranks) in stock.iter().enumerate() {
                by_suit[suit] = ranks.count_ones() as u8;
                let mut r = ranks;
                while r != 0 {
                    by_rank[r.trailing_zeros() as usize & 15] += 1;
                    r &= r - 1;
                }
            }
        }
        // A suit is done once three of its cards, or all of them (the
        // stock's included) if it has fewer, are right of the scan: `need`
        // is that number, `deficit` the cards still to pass before every
        // suit is done.
        let mut need = [0u8; 4];
        let mut deficit = 0u8;
        for suit in 0..4 {
            let one = census[suit];
            let two = one & one.wrapping_sub(1);
            let three = two & two.wrapping_sub(1);
            need[suit] = u8::from(one != 0) + u8::from(two != 0) + u8::from(three != 0);
            deficit += need[suit].saturating_sub(by_suit[suit]);
        }
        self.right = [3; 64];
        self.by_suit = [0; 4];
        self.by_rank = [0; 16];
        let mut deep = cards.len();
        while deficit != 0 && deep > 0 {
            deep -= 1;
            let c = cards[deep];
            let (s, r) = ((c & 3) as usize, (c >> 2) as usize & 15);
            let right = by_suit[s] + by_rank[r];
            self.right[deep & 63] = right;
            self.later[deep & 63] = self.by_suit[s] + self.by_rank[r];
            let drop = drop_of(right) as u8;
            self.by_suit[s] += drop;
            self.by_rank[r] += drop;
            deficit -= u8::from(by_suit[s] < need[s]);
            by_suit[s] += 1;
            by_rank[r] += 1;
        }
        self.deep = deep;
    }

    /// The strain the leaving of the card at `at` adds to the cards left of
    /// it (those that agree with it lose it as a partner to their right):
    /// the drops of every card that agrees with it (by suit or by rank, never
    /// both) less its own, counted in both sums, and less those to its right.
    /// Nothing left of `deep`, where no card drops anything.
    #[inline]
    fn lost(&self, cards: &[u8], at: usize) -> i32 {
        let c = cards[at];
        let (s, r) = ((c & 3) as usize, (c >> 2) as usize & 15);
        let agreeing = i32::from(self.by_suit[s]) + i32::from(self.by_rank[r]);
        // Left of `deep`, `later` is stale: the sum is read anyway and
        // dropped without a branch.
        let lost = agreeing - 2 * drop_of(self.right[at & 63]) - i32::from(self.later[at & 63]);
        std::hint::select_unpredictable(at < self.deep, 0, lost)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::Deal;

    /// The strain of a row from scratch.
    fn strain_of(cards: &[u8]) -> i32 {
        (0..cards.len())
            .map(|i| {
                let right = cards[i + 1..]
                    .iter()
                    .filter(|&&c| agree(c, cards[i]))
                    .count();
                strain(right as u8)
            })
            .sum()
    }

    #[test]
    fn the_strain_change_of_a_move_is_the_change_a_rebuild_sees() {
        for seed in 0..200u64 {
            let deal = Deal::from_seed(seed, 4 + seed as usize % 30).unwrap();
            let cards: Vec<u8> = deal.cards().iter().map(|c| c.index()).collect();
            let right: Vec<u8> = (0..cards.len())
                .map(|i| {
                    cards[i + 1..]
                        .iter()
                        .filter(|&&c| agree(c, cards[i]))
                        .count() as u8
                })
                .collect();
            let mut scratch = Scratch::default();
            let mut census = [0u16; 4];
            for &c in &cards {
                census[(c & 3) as usize] |= 1 << (c >> 2);
            }
            scratch.count_partners(&cards, census, true);
            let capped = |r: &[u8]| r.iter().map(|&r| r.min(3)).collect::<Vec<u8>>();
            assert_eq!(capped(&scratch.right[..cards.len()]), capped(&right));
            for from in 1..cards.len() {
                for to in from.saturating_sub(3)..from {
                    let mut after = cards.clone();
                    after[to] = after[from];
                    after.remove(from);
                    assert_eq!(
                        strain_change(&cards, &scratch, from, to),
                        strain_of(&after) - strain_of(&cards),
                        "seed {seed}, {from} -> {to}"
                    );
                }
            }
        }
    }

    /// The partner counts of [`Scratch::count_partners`] (which stops its
    /// scan early) against a count from scratch, on positions along random
    /// lines of moves and deals, with and without a stock: `right` exact below
    /// three, `lost` exact.
    #[test]
    fn the_partner_counts_are_those_counted_from_scratch_along_random_lines() {
        use crate::card::Card;
        use crate::rules::Rules;
        let rules = Rules::modern();
        let mut checked = 0;
        let mut state = 7u64;
        let mut next = |bound: usize| {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 31)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            ((z ^ (z >> 29)) % bound as u64) as usize
        };
        for seed in 0..300u64 {
            let deal = Deal::from_seed(seed, 2 + seed as usize % 51).unwrap();
            let all = deal.cards();
            let dealt = if seed % 3 == 0 {
                all.len()
            } else {
                1 + next(all.len())
            };
            let (tops, stock) = all.split_at(dealt);
            let mut position = Position::new(tops, stock);
            let mut scratch = Scratch::default();
            loop {
                let cards = position.cards();
                let open = position.dealt() == stock.len();
                let in_stock: Vec<u8> = stock[position.dealt()..]
                    .iter()
                    .map(|c| c.index())
                    .collect();
                scratch.count_partners(cards, position.census(), open);
                let right: Vec<u8> = (0..cards.len())
                    .map(|i| {
                        let partners = cards[i + 1..].iter().chain(&in_stock);
                        partners.filter(|&&c| agree(c, cards[i])).count() as u8
                    })
                    .collect();
                for t in 0..cards.len() {
                    assert_eq!(scratch.right[t].min(3), right[t].min(3), "seed {seed}, {t}");
                    let lost: i32 = (0..t)
                        .filter(|&i| agree(cards[i], cards[t]))
                        .map(|i| drop_of(right[i]))
                        .sum();
                    assert_eq!(scratch.lost(cards, t), lost, "seed {seed}, {t}");
                    checked += 1;
                }
                let tops: Vec<Card> = cards
                    .iter()
                    .map(|&c| Card::from_index(c).unwrap())
                    .collect();
                let mut moves = Vec::new();
                rules.all_moves(&tops, &mut moves);
                let deal_too = usize::from(!open);
                let choice = next(moves.len() + deal_too + 1);
                if choice < moves.len() {
                    position = position.after_move(moves[choice]);
                } else if !open {
                    position = position.after_deal(stock[position.dealt()]);
                } else {
                    break;
                }
            }
        }
        assert!(checked > 5_000, "{checked}");
    }
}
