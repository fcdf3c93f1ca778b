//! Lower bounds on the piles any line can still reach, for pruning.
//!
//! Every move covers one top card with another that agrees with it, and a deal
//! only brings a stock card into the row. Take the agreement graph of the cards
//! still in play (the top cards and the stock): a move removes a covered card
//! `t` but leaves its mover `m` on top, and `m` agrees with `t`, so `m` lies in
//! `t`'s component. Hence every component keeps at least one top card to the end,
//! and no line finishes with fewer piles than the graph has components. In
//! particular a row is won only if its cards are connected, and a card agreeing
//! with no other card in play can never move nor be covered (it is a component of
//! its own).

use crate::rules::Rules;

/// The positional bound's view of the rules (see [`Bounds::piles`]).
pub(crate) struct Bounds {
    one_way: bool,
    /// The smallest distance of two or more: a pile nearer the left end than
    /// this never jumps over another.
    first_jump: usize,
}

impl Bounds {
    pub(crate) fn new(rules: &Rules) -> Bounds {
        Bounds {
            one_way: !rules.two_way,
            first_jump: rules
                .distances
                .iter()
                .find(|&d| d >= 2)
                .unwrap_or(usize::MAX),
        }
    }

    /// A lower bound on the piles any line from this position reaches: the
    /// components bound, raised by the cards that can never be covered.
    ///
    /// One-way moves only. Take a top card `x`. A pile moves only leftwards,
    /// so a card left of `x` never gets to its right; a card gets to the right
    /// of `x` only if `x` itself moves over it (a move of distance `d` passes
    /// `d - 1` piles), or it comes from the stock (dealt at the right end).
    /// `x` can be covered only by a mover from its right that agrees with it.
    /// So if no card agreeing with `x` is to its right (nor in the stock), `x`
    /// is ever covered only after it has moved over such a card. It cannot if
    /// (a) it stands nearer the left end than the smallest distance of two or
    /// more (a pile's position never grows, and a distance-1 move passes no
    /// pile), or (b) fewer than two cards in play agree with it (the move
    /// needs one as its target and another to pass; cards in play only ever
    /// leave). Such an `x` is never covered: it is a top card to the end of
    /// every line. Each component of the agreement graph keeps at least one top
    /// card (see the module docs) and at least its never-covered cards, and the
    /// components are disjoint, so no line ends with fewer piles than the sum
    /// over components of the larger of 1 and its never-covered cards.
    #[inline]
    pub(crate) fn piles(&self, cards: &[u8], census: [u16; 4]) -> usize {
        self.piles_up_to(cards, census, false, usize::MAX)
    }

    /// [`Bounds::piles`], or some number between `limit` and it once it is
    /// known to reach `limit` (the search only asks whether it does). `open`:
    /// no card is left in the stock (then the census is the top cards').
    #[inline]
    pub(crate) fn piles_up_to(
        &self,
        cards: &[u8],
        census: [u16; 4],
        open: bool,
        limit: usize,
    ) -> usize {
        let (component, count) = component_of_suits(census);
        if !self.one_way || cards.len() < 2 || count >= limit {
            return count;
        }
        // Suit by suit, the ranks to the right of the card being looked at:
        // at first the stock's (the cards in play that are not top cards).
        let mut right = if open {
            [0; 4]
        } else {
            stock_of(cards, census)
        };
        let mut right_ranks = right[0] | right[1] | right[2] | right[3];
        // Once a card of every suit in play lies to the right of the scan,
        // every card further left has a partner to its right (its suit).
        let in_play = suits_of(census);
        let mut seen = suits_of(right);
        let mut kept = [0usize; 4];
        let mut total = count;
        for at in (0..cards.len()).rev() {
            if seen == in_play {
                break;
            }
            let c = cards[at];
            let (suit, rank) = ((c & 3) as usize, c >> 2);
            let partner_right = right[suit] != 0 || right_ranks >> rank & 1 == 1;
            if !partner_right && (at < self.first_jump || !two_partners(census, c)) {
                let k = &mut kept[component[suit] as usize];
                *k += 1;
                if *k > 1 {
                    total += 1;
                    if total >= limit {
                        return total;
                    }
                }
            }
            right[suit] |= 1 << rank;
            right_ranks |= 1 << rank;
            seen |= 1 << suit;
        }
        total
    }
}

/// The cards in play that are not top cards (the stock), suit by suit as a
/// mask of ranks: `census` (every card in play) less the top cards `cards`.
#[inline]
pub(crate) fn stock_of(cards: &[u8], census: [u16; 4]) -> [u16; 4] {
    let mut stock = census;
    for &c in cards {
        stock[(c & 3) as usize] &= !(1 << (c >> 2));
    }
    stock
}

/// The suits with a rank in `census`, as a four-bit mask.
#[inline]
fn suits_of(census: [u16; 4]) -> u8 {
    u8::from(census[0] != 0)
        | u8::from(census[1] != 0) << 1
        | u8::from(census[2] != 0) << 2
        | u8::from(census[3] != 0) << 3
}

/// Whether at least two cards in play agree with card `c`
/// (`partners(census, c) >= 2`), without counting them all: two of its
/// suit, or one of its suit and one of its rank, or two of its rank.
#[inline]
fn two_partners(census: [u16; 4], c: u8) -> bool {
    // Without branches (which way each test goes is data).
    let (suit, rank) = ((c & 3) as usize, c >> 2);
    let mates = census[suit] & !(1 << rank);
    let of_rank: u16 = census.iter().map(|&ranks| ranks >> rank & 1).sum();
    // `of_rank` counts `c` itself.
    (mates & mates.wrapping_sub(1) != 0) | (u16::from(mates != 0) + of_rank >= 3)
}

/// Cards in play that agree with card `c` (itself excluded).
#[inline]
pub(crate) fn partners(census: [u16; 4], c: u8) -> u32 {
    let suit = census[(c & 3) as usize].count_ones();
    let rank = census
        .iter()
        .filter(|&&ranks| ranks >> (c >> 2) & 1 == 1)
        .count() as u32;
    suit + rank - 2
}

/// For each suit, the number of its component (suits absent: any), and the
/// number of components of the agreement graph of the cards in `census`
/// (suit by suit, a mask of the ranks present).
///
/// Cards of one suit all agree, so a component is a union of whole suits, and
/// two suits join when they share a rank. So the answer depends only on which
/// suits are present and which of the six pairs of suits share a rank: ten
/// bits, looked up in a table made at compile time ([`COMPONENTS`]).
#[inline]
fn component_of_suits(census: [u16; 4]) -> ([u8; 4], usize) {
    let mut edges = 0;
    for (bit, (a, b)) in PAIRS.iter().enumerate() {
        edges |= usize::from(census[*a] & census[*b] != 0) << bit;
    }
    let (labels, count) = COMPONENTS[usize::from(suits_of(census)) | edges << 4];
    (labels, usize::from(count))
}

/// The six pairs of suits, in the order of the edge bits of [`COMPONENTS`].
const PAIRS: [(usize, usize); 6] = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];

/// For every set of suits present (low four bits) and of pairs of suits
/// sharing a rank (six bits above, in the order of [`PAIRS`]): each suit's
/// component number (components numbered in order of their lowest suit; 0 for
/// an absent suit) and the number of components.
static COMPONENTS: [([u8; 4], u8); 1024] = components_table();

const fn components_table() -> [([u8; 4], u8); 1024] {
    let mut table = [([0u8; 4], 0u8); 1024];
    let mut index = 0;
    while index < 1024 {
        let present = index & 15;
        // For each suit, the suits it shares a rank with (itself included).
        let mut joined = [0u8; 4];
        let mut suit = 0;
        while suit < 4 {
            if present >> suit & 1 == 1 {
                joined[suit] = 1 << suit;
            }
            suit += 1;
        }
        let mut pair = 0;
        while pair < 6 {
            let (a, b) = PAIRS[pair];
            if index >> (4 + pair) & 1 == 1 && present >> a & 1 == 1 && present >> b & 1 == 1 {
                joined[a] |= 1 << b;
                joined[b] |= 1 << a;
            }
            pair += 1;
        }
        let mut labels = [0u8; 4];
        let mut seen = 0u8;
        let mut count = 0u8;
        let mut first = 0;
        while first < 4 {
            if present >> first & 1 == 1 && seen >> first & 1 == 0 {
                // The closure of `first` under `joined`: four rounds suffice.
                let mut suits = joined[first];
                let mut round = 0;
                while round < 4 {
                    let mut grown = suits;
                    let mut s = 0;
                    while s < 4 {
                        if suits >> s & 1 == 1 {
                            grown |= joined[s];
                        }
                        s += 1;
                    }
                    suits = grown;
                    round += 1;
                }
                let mut s = 0;
                while s < 4 {
                    if suits >> s & 1 == 1 {
                        labels[s] = count;
                    }
                    s += 1;
                }
                count += 1;
                seen |= suits;
            }
            first += 1;
        }
        table[index] = (labels, count);
        index += 1;
    }
    table
}

/// The piles that can never merge because of where they stand: with one-way
/// moves and smallest distance `d`, the piles at positions 1 … `d` have no
/// target far enough to their left, so they never move; a move needs a pile
/// beyond them, so while the row holds `d` piles or more those `d` stay
/// distinct. No line from a row of `cards` cards ends below `min(d, cards)`
/// piles (23 Skidoo, distances {2, 3}: never below 2). Two-way moves let the
/// first piles move rightwards, so there the bound is 1.
pub(crate) fn fixed_piles(rules: &Rules, cards: usize) -> usize {
    if rules.two_way {
        return cards.min(1);
    }
    let nearest = rules.distances.iter().next().unwrap_or(1);
    nearest.min(cards)
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::card::Card;
    use crate::deal::Deal;

    /// Components by flood fill over the card graph itself.
    fn by_flood_fill(cards: &[Card]) -> usize {
        let mut component = vec![usize::MAX; cards.len()];
        let mut count = 0;
        for start in 0..cards.len() {
            if component[start] != usize::MAX {
                continue;
            }
            let mut stack = vec![start];
            component[start] = count;
            while let Some(i) = stack.pop() {
                for j in 0..cards.len() {
                    if component[j] == usize::MAX && cards[i].agrees(cards[j]) {
                        component[j] = count;
                        stack.push(j);
                    }
                }
            }
            count += 1;
        }
        count
    }

    /// The computation the table replaced: suits joined by shared ranks,
    /// closed by repeated unions, components numbered from the lowest suit.
    fn by_closure(census: [u16; 4]) -> ([u8; 4], usize) {
        let mut joined = [0u8; 4];
        for a in 0..4 {
            if census[a] == 0 {
                continue;
            }
            for b in a..4 {
                if census[a] & census[b] != 0 {
                    joined[a] |= 1 << b;
                    joined[b] |= 1 << a;
                }
            }
        }
        let mut component = [0u8; 4];
        let (mut seen, mut count) = (0u8, 0);
        for suit in 0..4 {
            if census[suit] == 0 || seen >> suit & 1 == 1 {
                continue;
            }
            let mut suits = joined[suit];
            loop {
                let grown = (0..4)
                    .filter(|s| suits >> s & 1 == 1)
                    .fold(suits, |acc, s| acc | joined[s]);
                if grown == suits {
                    break;
                }
                suits = grown;
            }
            for (s, slot) in component.iter_mut().enumerate() {
                if suits >> s & 1 == 1 {
                    *slot = count as u8;
                }
            }
            count += 1;
            seen |= suits;
        }
        (component, count)
    }

    /// Every table entry a census can reach, built directly: each present
    /// suit gets a rank of its own, and each pair of suits sharing a rank gets
    /// a rank of its own in both; plus every census over three ranks (each
    /// suit any subset of them), where ranks are shared three and four ways.
    #[test]
    fn two_partners_is_partners_at_least_two() {
        let mut state = 1u64;
        for _ in 0..20_000 {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let bits = state >> 11;
            // Sparse and dense censuses alike: each suit's ranks from 52
            // random bits, thinned by another draw.
            let census: [u16; 4] = std::array::from_fn(|s| {
                let ranks = (bits >> (13 * s)) as u16 & 0x1FFF;
                if state >> (60 - s) & 1 == 1 {
                    ranks & (ranks >> 3)
                } else {
                    ranks
                }
            });
            for c in 0..52u8 {
                if census[(c & 3) as usize] >> (c >> 2) & 1 == 1 {
                    assert_eq!(
                        two_partners(census, c),
                        partners(census, c) >= 2,
                        "{census:?} {c}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_table_gives_the_components_of_every_pattern_of_shared_ranks() {
        let check = |census: [u16; 4]| {
            let want = by_closure(census);
            let (labels, count) = component_of_suits(census);
            assert_eq!(count, want.1, "{census:?}");
            for s in 0..4 {
                if census[s] != 0 {
                    assert_eq!(labels[s], want.0[s], "{census:?} suit {s}");
                }
            }
        };
        let mut built = 0;
        for index in 0..1024usize {
            let present = index & 15;
            let mut census = [0u16; 4];
            let mut valid = true;
            for (s, ranks) in census.iter_mut().enumerate() {
                if present >> s & 1 == 1 {
                    *ranks |= 1 << (6 + s);
                }
            }
            for (bit, &(a, b)) in PAIRS.iter().enumerate() {
                if index >> (4 + bit) & 1 == 1 {
                    valid &= present >> a & 1 == 1 && present >> b & 1 == 1;
                    census[a] |= 1 << bit;
                    census[b] |= 1 << bit;
                }
            }
            if valid {
                check(census);
                built += 1;
            }
        }
        assert_eq!(built, 113);
        for code in 0..8u16.pow(4) {
            check(std::array::from_fn(|s| code >> (3 * s) & 7));
        }
    }

    #[test]
    fn matches_a_flood_fill_on_random_rows() {
        for seed in 0..300u64 {
            let cards = Deal::from_seed(seed, 1 + (seed as usize % 12)).unwrap();
            let mut census = [0u16; 4];
            for card in cards.cards() {
                census[card.suit() as usize] |= 1 << card.rank();
            }
            assert_eq!(
                component_of_suits(census).1,
                by_flood_fill(cards.cards()),
                "{seed}"
            );
        }
        assert_eq!(component_of_suits([0; 4]).1, 0);
    }

    /// The fewest piles any line from this open row reaches (every position
    /// counts), by plain recursion with a memo: the brute force the solver's
    /// tests check the search against.
    pub(in crate::solver) fn fewest(
        row: &[Card],
        rules: &Rules,
        memo: &mut std::collections::HashMap<Vec<Card>, usize>,
    ) -> usize {
        if let Some(&v) = memo.get(row) {
            return v;
        }
        let mut steps = Vec::new();
        rules.all_moves(row, &mut steps);
        let mut best = row.len();
        for step in steps {
            let mut next = row.to_vec();
            next[step.to] = next[step.from];
            next.remove(step.from);
            best = best.min(fewest(&next, rules, memo));
        }
        memo.insert(row.to_vec(), best);
        best
    }

    fn census_of(cards: &[Card]) -> [u16; 4] {
        let mut census = [0u16; 4];
        for card in cards {
            census[card.suit() as usize] |= 1 << card.rank();
        }
        census
    }

    /// The bound never exceeds the true fewest piles, for every distance set
    /// tried, and it sees more than the components on some rows (so the test
    /// can fail if the never-covered rule were wrong).
    #[test]
    fn never_exceeds_the_fewest_piles_of_a_brute_force_search() {
        let mut above_components = 0;
        for distances in ["1,3", "1", "2,3", "1,2,3", "1,2", "3"] {
            let rules = Rules::modern().with_distances(distances.parse().unwrap());
            let bounds = Bounds::new(&rules);
            for seed in 0..400u64 {
                let row = Deal::from_seed(seed, 2 + seed as usize % 8).unwrap();
                let cards: Vec<u8> = row.cards().iter().map(|c| c.index()).collect();
                let census = census_of(row.cards());
                let bound = bounds.piles(&cards, census);
                let want = fewest(row.cards(), &rules, &mut std::collections::HashMap::new());
                assert!(
                    bound <= want,
                    "{distances} seed {seed}: bound {bound} > {want}"
                );
                if bound > component_of_suits(census).1 {
                    above_components += 1;
                }
            }
        }
        assert!(above_components > 100, "{above_components}");
    }

    /// The same with a stock, on rows drawn from a pack of five ranks, where
    /// the stock often holds a card's only partners of its rank and not of its
    /// suit: the stock's ranks count as lying to the right of every top card,
    /// each rank once whatever its suits. Found by cargo mutants: the ranks of
    /// the stock (`right[0] | right[1] | …`) could be and-ed or xor-ed with no
    /// test failing.
    #[test]
    fn counts_every_rank_of_the_stock_as_lying_to_the_right() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let (mut above_components, mut two_above) = (0, 0);
        for (distances, ranks) in [
            ("1,3", 5),
            ("1", 3),
            ("1", 4),
            ("2,3", 5),
            ("1,2,3", 4),
            ("3", 5),
        ] {
            let pack: Vec<Card> = (0..4 * ranks)
                .map(|i| Card::new(i / 4, i % 4).unwrap())
                .collect();
            let rules = Rules::modern().with_distances(distances.parse().unwrap());
            let bounds = Bounds::new(&rules);
            let mut memo = std::collections::HashMap::new();
            for _ in 0..500 {
                let mut cards = pack.clone();
                for i in (1..cards.len()).rev() {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    cards.swap(i, (state % (i as u64 + 1)) as usize);
                }
                cards.truncate((5 + (state >> 32) as usize % 6).min(cards.len()));
                let want = fewest(&cards, &rules, &mut memo);
                let census = census_of(&cards);
                for split in 1..cards.len() {
                    let tops: Vec<u8> = cards[..split].iter().map(|c| c.index()).collect();
                    let bound = bounds.piles(&tops, census);
                    assert!(
                        bound <= want,
                        "{distances} {cards:?} | {split}: {bound} > {want}"
                    );
                    if bound > component_of_suits(census).1 {
                        above_components += 1;
                    }
                    // Two or more above: the count goes on past the first extra pile
                    // (found by cargo mutants: `total >= limit` → `<` stopped it there).
                    if bound > component_of_suits(census).1 + 1 {
                        two_above += 1;
                    }
                }
            }
        }
        assert!(
            above_components > 100 && two_above >= 10,
            "{above_components} {two_above}"
        );
        // A rank whose only other cards lie in the stock in two suits (that an
        // exclusive or of the suits' ranks would drop): AH 2S | 2C AC AD 2D is
        // won (2C onto 2S, AC onto 2C, AC onto AH, AD onto AC, 2D onto AD), so
        // the bound is 1, for each pair of suits in the stock.
        let rules = Rules::modern();
        let bounds = Bounds::new(&rules);
        for (c, d) in [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)] {
            let mut others = (0..4).filter(|s| *s != c && *s != d);
            let (a, b) = (others.next().unwrap(), others.next().unwrap());
            let card = |rank, suit| Card::new(rank, suit).unwrap();
            let row = [
                card(0, a),
                card(1, b),
                card(1, c),
                card(0, c),
                card(0, d),
                card(1, d),
            ];
            let mut memo = std::collections::HashMap::new();
            assert_eq!(fewest(&row, &rules, &mut memo), 1, "{row:?}");
            let tops: Vec<u8> = row[..2].iter().map(|c| c.index()).collect();
            assert_eq!(bounds.piles(&tops, census_of(&row)), 1, "{row:?}");
        }
    }

    /// With cards still in the stock, a top card with a partner there is not
    /// never-covered (the stock is dealt at the right end): the bound stays
    /// at most the fewest piles of the open row of all the cards.
    #[test]
    fn counts_the_stock_as_lying_to_the_right() {
        let rules = Rules::modern();
        let bounds = Bounds::new(&rules);
        for seed in 0..300u64 {
            let deal = Deal::from_seed(seed, 3 + seed as usize % 7).unwrap();
            let split = 1 + seed as usize % (deal.len() - 1);
            let (tops, _) = deal.cards().split_at(split);
            let cards: Vec<u8> = tops.iter().map(|c| c.index()).collect();
            let bound = bounds.piles(&cards, census_of(deal.cards()));
            let want = fewest(deal.cards(), &rules, &mut std::collections::HashMap::new());
            assert!(bound <= want, "seed {seed}: {bound} > {want}");
        }
        // Two-way: only the components.
        let two_way = Bounds::new(&Rules::modern().with_two_way(true));
        let row = crate::card::cards("AC 2D 3H");
        let cards: Vec<u8> = row.iter().map(|c| c.index()).collect();
        assert_eq!(two_way.piles(&cards, census_of(&row)), 3);
        // Connected, but one-way 2D and AC have no partner to their right and
        // one partner each: neither is ever covered (2D AC is the end).
        let row = crate::card::cards("2C 2D AC");
        let cards: Vec<u8> = row.iter().map(|c| c.index()).collect();
        assert_eq!(two_way.piles(&cards, census_of(&row)), 1);
        assert_eq!(
            Bounds::new(&Rules::modern()).piles(&cards, census_of(&row)),
            2
        );
    }
}
