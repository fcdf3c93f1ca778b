//! The levels of the first numbered deals of each calibrated length, worked
//! out once (`levels.bin`, written by [`super::difficulty::write_length`]), so
//! that [`super::difficulty::next_at_level`] finds
//! a deal among them at once instead of rating candidates for tens or hundreds
//! of milliseconds (`docs/difficulty.md`, "Generation speed").
//!
//! # Why the table changes no answer
//!
//! `next_at_level` takes the first number from its start whose candidate is
//! judged at the level, each judgment a capped rating with
//! [`CHOOSING_NODES`](super::difficulty::CHOOSING_NODES) positions of search. The table holds, for each number, the
//! outcome of the *uncapped* rating with the same budget under the modern rules:
//! its level, or "not winnable". The capped walk of a judgment is a prefix of the
//! uncapped one (the same moves weighed in the same order, stopped early once the
//! count of rejected moves settles the answer), so whenever the uncapped rating
//! finishes within the budget, every judgment finishes too and agrees with its
//! level: a level `L` deal is judged "yes" for `L` and "no" for the others, an
//! unwinnable one "no". For the few numbers whose uncapped rating runs out of
//! budget (about 1 in 200 at 26–52 cards, none below), the table holds the three
//! judgments themselves, each "yes", "no" or "undecided" (passed over), as the
//! walk makes them. The measure is exact (it does not depend on the solver's
//! order, table size or threads), so the entries hold for every build whose
//! rating is the same: the tests here and in `difficulty` re-judge a spread of
//! numbers of every length live and compare whole walks with and without the
//! table; `cargo run --release --example level_table` writes the file again
//! (`-- --check CARDS` checks the lengths up to `CARDS` against it instead).
//!
//! # Format (`levels.bin`, little-endian)
//!
//! `b"ACLEVEL2"`, then per length: the row length (`u8`), the count `n` of
//! numbers covered (`u32`: numbers 1 to `n`), `ceil(n / 4)` bytes of two-bit
//! entries (number `k` in bits `2 (k−1) mod 8` of byte `(k−1) / 4`; 0: not
//! winnable, 1 easy, 2 medium, 3 hard), the count of numbers judged level by
//! level (`u32`) and, for each, in increasing order, the number (`u32`) and one
//! byte of three two-bit judgments (easy in the low bits, then medium, hard;
//! 0 no, 1 yes, 2 undecided).

use super::level::Level;
use super::Judged;
use crate::rules::Rules;
use std::sync::OnceLock;

const MAGIC: &[u8; 8] = b"ACLEVEL2";

static FILE: &[u8] = include_bytes!("levels.bin");

/// What the table says of one number.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Entry {
    /// Rated within the budget: its level, or `None` if it cannot be won.
    Rated(Option<Level>),
    /// Its full rating needs more than the budget: how the walk judges it at
    /// each level (indexed by `Level as usize`).
    Judged([Judged<()>; 3]),
}

impl Entry {
    fn is_at(&self, level: Level) -> bool {
        match self {
            Entry::Rated(rated) => *rated == Some(level),
            Entry::Judged(judged) => judged[level as usize] == Judged::Yes(()),
        }
    }
}

/// The entries of one row length.
#[derive(Clone, Debug)]
pub(crate) struct Length {
    pub cards: usize,
    /// Numbers 1 to `numbers` are covered.
    pub numbers: u64,
    packed: Vec<u8>,
    /// The numbers judged level by level, in increasing order.
    judged: Vec<(u64, [Judged<()>; 3])>,
    /// The last number at each level (0: none).
    last: [u64; 3],
}

impl Length {
    /// The numbers judged level by level.
    #[cfg(test)]
    pub fn judged_numbers(&self) -> impl Iterator<Item = u64> + '_ {
        self.judged.iter().map(|&(number, _)| number)
    }

    /// The entry of number `seed`, if the table covers it.
    pub fn entry(&self, seed: u64) -> Option<Entry> {
        if seed == 0 || seed > self.numbers {
            return None;
        }
        if let Ok(at) = self
            .judged
            .binary_search_by_key(&seed, |&(number, _)| number)
        {
            return Some(Entry::Judged(self.judged[at].1.clone()));
        }
        let at = (seed - 1) as usize;
        Some(Entry::Rated(decode(
            (self.packed[at / 4] >> (2 * (at % 4))) & 3,
        )))
    }
}

fn decode(code: u8) -> Option<Level> {
    match code {
        1 => Some(Level::Easy),
        2 => Some(Level::Medium),
        3 => Some(Level::Hard),
        _ => None,
    }
}

pub(crate) fn encode(level: Option<Level>) -> u8 {
    match level {
        None => 0,
        Some(Level::Easy) => 1,
        Some(Level::Medium) => 2,
        Some(Level::Hard) => 3,
    }
}

fn decode_judged(code: u8) -> Option<Judged<()>> {
    match code {
        0 => Some(Judged::No),
        1 => Some(Judged::Yes(())),
        2 => Some(Judged::Undecided),
        _ => None,
    }
}

fn encode_judged(judged: &Judged<()>) -> u8 {
    match judged {
        Judged::No => 0,
        Judged::Yes(()) => 1,
        Judged::Undecided => 2,
    }
}

/// Read a table file; `None` if it is malformed.
fn parse(bytes: &[u8]) -> Option<Vec<Length>> {
    fn take<'a>(bytes: &mut &'a [u8], n: usize) -> Option<&'a [u8]> {
        if bytes.len() < n {
            return None;
        }
        let (head, rest) = bytes.split_at(n);
        *bytes = rest;
        Some(head)
    }
    fn word(bytes: &mut &[u8]) -> Option<u64> {
        let four: [u8; 4] = take(bytes, 4)?.try_into().ok()?;
        Some(u64::from(u32::from_le_bytes(four)))
    }
    let mut rest = bytes;
    if take(&mut rest, MAGIC.len())? != MAGIC {
        return None;
    }
    let mut lengths = Vec::new();
    while !rest.is_empty() {
        let cards = usize::from(take(&mut rest, 1)?[0]);
        let numbers = word(&mut rest)?;
        let packed = take(&mut rest, numbers.div_ceil(4) as usize)?.to_vec();
        let count = word(&mut rest)?;
        let mut judged = Vec::new();
        for _ in 0..count {
            let number = word(&mut rest)?;
            let byte = take(&mut rest, 1)?[0];
            let at = |i: usize| decode_judged((byte >> (2 * i)) & 3);
            judged.push((number, [at(0)?, at(1)?, at(2)?]));
        }
        let increasing = judged.windows(2).all(|w| w[0].0 < w[1].0);
        if !increasing || judged.iter().any(|&(n, _)| n == 0 || n > numbers) {
            return None;
        }
        let mut length = Length {
            cards,
            numbers,
            packed,
            judged,
            last: [0; 3],
        };
        for level in Level::ALL {
            length.last[level as usize] = (1..=numbers)
                .rev()
                .find(|&seed| length.entry(seed).is_some_and(|e| e.is_at(level)))
                .unwrap_or(0);
        }
        lengths.push(length);
    }
    Some(lengths)
}

/// The shipped table, read once.
fn table() -> &'static [Length] {
    static TABLE: OnceLock<Vec<Length>> = OnceLock::new();
    TABLE.get_or_init(|| parse(FILE).expect("levels.bin is well formed (tested)"))
}

/// The table's entries for rows of `cards` cards under `rules`: only the
/// modern rules with no variant, the rules the table was rated under.
pub(crate) fn for_rows(cards: usize, rules: &Rules) -> Option<&'static Length> {
    if *rules != Rules::modern() {
        return None;
    }
    table().iter().find(|length| length.cards == cards)
}

/// The last number the table holds at `level` for rows of `cards` cards under
/// `rules`, if it covers them: a walk started at or below it ends in the table.
pub fn last_at_level(level: Level, cards: usize, rules: &Rules) -> Option<u64> {
    for_rows(cards, rules)
        .map(|length| length.last[level as usize])
        .filter(|&last| last > 0)
}

/// The shipped file as it is.
pub fn shipped() -> &'static [u8] {
    FILE
}

/// Each row length the shipped table covers, in the file's order, with how many
/// winnable numbers it holds: what [`super::difficulty::write_length`] takes to
/// write that length again.
pub fn coverage() -> Vec<(usize, u64)> {
    table()
        .iter()
        .map(|length| {
            let won = (1..=length.numbers)
                .filter(|&seed| matches!(length.entry(seed), Some(Entry::Rated(Some(_)))))
                .count();
            (length.cards, won as u64)
        })
        .collect()
}

/// Append the entries of rows of `cards` cards in the file's format to `out`
/// (the magic first if `out` is empty): `codes` for numbers 1, 2, … (each
/// [`encode`]d), and the three judgments of each number rated out of budget.
pub(crate) fn append_length(
    cards: usize,
    codes: &[u8],
    judged: &[(u64, [Judged<()>; 3])],
    out: &mut Vec<u8>,
) {
    if out.is_empty() {
        out.extend_from_slice(MAGIC);
    }
    out.push(u8::try_from(cards).expect("at most 52 cards"));
    let numbers = u32::try_from(codes.len()).expect("under 2^32");
    out.extend_from_slice(&numbers.to_le_bytes());
    for four in codes.chunks(4) {
        out.push(
            four.iter()
                .enumerate()
                .fold(0, |byte, (i, code)| byte | code << (2 * i)),
        );
    }
    out.extend_from_slice(&(judged.len() as u32).to_le_bytes());
    for (seed, three) in judged {
        out.extend_from_slice(&(*seed as u32).to_le_bytes());
        out.push(
            three
                .iter()
                .enumerate()
                .fold(0, |byte, (i, j)| byte | encode_judged(j) << (2 * i)),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::choose::difficulty::CALIBRATION;
    use crate::choose::difficulty::{judge_level, rate_for_table, write_length, CHOOSING_NODES};
    use crate::deal::Deal;
    use crate::solver::Verdict;

    #[test]
    fn the_file_is_well_formed_and_covers_every_calibrated_length() {
        let modern = Rules::modern();
        for &(cards, _, _) in CALIBRATION {
            let length = for_rows(cards, &modern).expect("every calibrated length");
            let rated: Vec<Entry> = (1..=length.numbers)
                .map(|seed| length.entry(seed).unwrap())
                .collect();
            // About a thousand deals of each level (3,000 winnable).
            for level in Level::ALL {
                let count = rated.iter().filter(|e| e.is_at(level)).count();
                assert!(count > 700, "{cards} cards, {level}: {count}");
                let last = last_at_level(level, cards, &modern).unwrap();
                assert!(rated[last as usize - 1].is_at(level));
                assert!(rated[last as usize..].iter().all(|e| !e.is_at(level)));
            }
            assert_eq!(length.entry(0), None);
            assert_eq!(length.entry(length.numbers + 1), None);
        }
        assert_eq!(table().len(), CALIBRATION.len());
        assert!(for_rows(52, &modern.with_two_way(true)).is_none());
        assert!(last_at_level(Level::Hard, 7, &modern).is_none());
    }

    #[test]
    fn a_malformed_file_is_refused() {
        assert!(parse(b"ACLEVEL1").is_none());
        let mut out = Vec::new();
        write_length(8, 3, &mut out, |_| {});
        assert!(parse(&out).is_some());
        for cut in 1..out.len() {
            if cut != MAGIC.len() {
                assert!(parse(&out[..cut]).is_none(), "cut at {cut}");
            }
        }
    }

    /// The entries agree with the rating done live, on a spread of numbers of
    /// every length (the first 40, then every 97th; from 26 cards on the first
    /// 12, then every 331st, which pass judged numbers at 52 cards), and the
    /// first judged number at 26 cards too. A judged number is checked at the
    /// hard level only: each live judgment of one costs 2,000,000 positions.
    #[test]
    fn entries_agree_with_the_live_rating() {
        let rules = Rules::modern();
        for length in table() {
            let cheap = length.cards <= 20;
            let (first, step) = if cheap { (40, 97) } else { (12, 331) };
            let seeds = (1..=first).chain((first + 1..=length.numbers).step_by(step));
            let judged = (length.cards == 26)
                .then(|| length.judged.first().map(|&(seed, _)| seed))
                .flatten();
            for seed in seeds.chain(judged) {
                let deal = Deal::from_seed(seed, length.cards).unwrap();
                let entry = length.entry(seed).unwrap();
                let what = format!("{} cards, deal {seed}", length.cards);
                if let Entry::Judged(three) = &entry {
                    let hard = judge_level(&deal, Level::Hard, &rules, None);
                    assert_eq!(three[Level::Hard as usize], hard, "{what}");
                    continue;
                }
                let live = rate_for_table(&deal, &rules, CHOOSING_NODES);
                let expected = match live.verdict {
                    Verdict::Win => Entry::Rated(live.level),
                    Verdict::Loss => Entry::Rated(None),
                    Verdict::Unknown => panic!("{what}: rated live within the budget"),
                };
                assert_eq!(entry, expected, "{what}");
            }
        }
    }
}
