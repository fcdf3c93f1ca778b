//! PySolFC's game numbers, as PySolFC (`pysollib/pysolrandom.py`,
//! `pysollib/game/__init__.py`, and each game's own hook, cited with the
//! game's facts) deals them. A game is told by its facts
//! (`crate::patience::Facts`: PySolFC's id and its [`Dealing`]), so nothing
//! here names one.
//!
//! * The generator. Game numbers 1 to 31,999 use `LCRandom31`, the linear
//!   congruential generator of Microsoft's C library (`x = 214013·x + 2531011`,
//!   output bits 16–30), for Freecell compatibility; numbers from 32,000 on use
//!   Python's Mersenne Twister (`random.Random(n)`, seeded with the number's
//!   32-bit words). A number written `msN` (N from 1 to 2^33 − 1) always takes
//!   the LCG, with PySolFC's extensions above 2^31. PySolFC refuses 0; its own
//!   random numbers stay below 10^20, the bound taken here.
//! * The deck before the shuffle: suits in PySolFC's order clubs, spades,
//!   hearts, diamonds, each ace to king; for the LCG rearranged rank by rank in
//!   the order clubs, diamonds, hearts, spades (`ms_rearrange`).
//! * The shuffle (`pysol_cards`' `RandomBase.shuffle`): for `n = 51 … 1`,
//!   swap cards `n` and `randint(0, n)`, where the LCG's `randint(0, n)` is
//!   `rand() mod (n + 1)` and the Twister's is `⌊random() · (n + 1)⌋`.
//! * The layout: the shuffled list becomes the talon bottom first, and the
//!   talon deals its top card first onto pile 1, so pile `i` holds card
//!   `51 − i` of the list. Royal Marriage first moves the king of hearts to the
//!   bottom of the talon and the queen of hearts to its top.
//! * Accordion's Revenge then draws its goal card from the same generator:
//!   `suit = choice(suits)`, `rank = choice(ranks)`, again while the card is
//!   the first or the second of the row.

use super::card;
use crate::card::Card;
use crate::deal::{Deal, DECK_SIZE};
use crate::error::{quoted, Error, Result};
use crate::patience::{Dealing, Facts};
use crate::rules::{Distances, Rules};
use std::fmt;
use std::str::FromStr;

/// The first game number PySolFC deals with the Mersenne Twister.
pub const FIRST_TWISTER_NUMBER: u128 = 32_000;
/// Game numbers run below this (PySolFC's `MTRandom.MAX_SEED`, 10^20).
pub const NUMBER_LIMIT: u128 = 100_000_000_000_000_000_000;
/// `msN` numbers run from 1 to this (PySolFC's `LCRandom31.MAX_SEED`).
pub const MS_MAX: u64 = (1 << 33) - 1;
/// What a game number must be, for error messages.
pub const GAME_RANGE: &str = "a PySolFC game number 1 to 10**20 - 1 (or ms1 to ms8589934591)";

/// A PySolFC game number: plain, or `msN` (always the Microsoft-compatible LCG).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Number {
    Game(u128),
    Ms(u64),
}

impl Number {
    /// A plain game number, 1 to 10^20 − 1.
    pub fn game(number: u128) -> Result<Number> {
        if (1..NUMBER_LIMIT).contains(&number) {
            Ok(Number::Game(number))
        } else {
            Err(Error::argument("number", GAME_RANGE, number))
        }
    }

    /// An `msN` number, 1 to 2^33 − 1.
    pub fn ms(number: u64) -> Result<Number> {
        if (1..=MS_MAX).contains(&number) {
            Ok(Number::Ms(number))
        } else {
            Err(Error::argument("number", GAME_RANGE, format!("ms{number}")))
        }
    }
}

impl FromStr for Number {
    type Err = Error;

    /// `12345` or `ms12345`. A leading `#` and the digit-group separators
    /// `,`, `_` and spaces are ignored, as PySolFC ignores them; unlike
    /// PySolFC (which drops every `-` and `.`), `-5` and `1.5` are refused.
    fn from_str(text: &str) -> Result<Number> {
        let bad = || Error::argument("number", GAME_RANGE, quoted(text));
        let trimmed = text.trim();
        if let Some(digits) = trimmed.strip_prefix("ms") {
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            return digits
                .parse::<u64>()
                .map_or_else(|_| Err(bad()), Number::ms)
                .map_err(|e| if digits.len() > 20 { bad() } else { e });
        }
        let digits: String = trimmed
            .strip_prefix('#')
            .unwrap_or(trimmed)
            .chars()
            .filter(|c| !matches!(c, ',' | '_') && !c.is_whitespace())
            .collect();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        match digits.parse::<u128>() {
            Ok(n) => Number::game(n),
            Err(_) => Err(bad()),
        }
    }
}

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Number::Game(n) => write!(f, "{n}"),
            Number::Ms(n) => write!(f, "ms{n}"),
        }
    }
}

/// The rules here that play PySolFC's game `facts` as PySolFC does
/// (`docs/numberings.md`): `modern`, with the variant flags the game fixes
/// (23 Skidoo's distances and win at two piles, Relaxed Accordion's two-way
/// moves) and, for a game dealt with a goal card (Accordion's Revenge), that
/// card, which needs the game `number`. A game of its own (Royal Marriage,
/// Bayan, …) fixes no flag and is played under `modern`.
pub fn rules(facts: &Facts, number: Option<Number>) -> Result<Rules> {
    let variant = facts.variant;
    let mut rules = Rules::modern()
        .with_two_way(variant.two_way)
        .with_distances(Distances::new(variant.distances)?);
    if let Some(piles) = variant.win_piles {
        rules = rules.with_win_piles(piles)?;
    }
    if facts.dealing == Dealing::GoalCard {
        let number = number.ok_or_else(|| {
            Error::InvalidRules(format!(
                "{} draws its goal card from the game number: give it",
                facts.title
            ))
        })?;
        rules = rules.with_goal(dealt(number, facts.dealing).goal);
    }
    Ok(rules)
}

/// The error for a PySolFC game that is none of `games` (`(name, id)`: the
/// games known, in the order given).
pub fn unknown_among(text: &str, games: &[(&str, u32)]) -> Error {
    Error::InvalidRules(format!(
        "unknown PySolFC game {} (known: {})",
        quoted(text),
        listed(games)
    ))
}

/// The error for a game here (`title`) that PySolFC does not have, so has no
/// PySolFC numbering (`games`: PySolFC's games here, as for [`unknown_among`]).
pub fn not_in_pysol(title: &str, games: &[(&str, u32)]) -> Error {
    Error::InvalidRules(format!(
        "{title} has no PySolFC numbering: PySolFC does not have the game \
         (PySolFC's games: {})",
        listed(games)
    ))
}

fn listed(games: &[(&str, u32)]) -> String {
    let known: Vec<String> = games
        .iter()
        .map(|(name, id)| format!("{name} ({id})"))
        .collect();
    known.join(", ")
}

/// The two generators behind PySolFC's numbers, with `pysol_cards`' `randint`.
enum Generator {
    Lcg(Lcg31),
    Twister(Box<rand_mt::Mt>),
}

impl Generator {
    fn new(number: Number) -> Generator {
        match number {
            Number::Game(n) if n < FIRST_TWISTER_NUMBER => Generator::Lcg(Lcg31::new(n as u64)),
            Number::Ms(n) => Generator::Lcg(Lcg31::new(n)),
            Number::Game(n) => Generator::Twister(Box::new(python_twister(n))),
        }
    }

    /// `randint(0, n)`: uniform-ish in `0..=n`, exactly as PySolFC draws it.
    fn randint(&mut self, n: usize) -> usize {
        match self {
            Generator::Lcg(lcg) => lcg.next() as usize % (n + 1),
            Generator::Twister(mt) => (python_random(mt) * (n + 1) as f64) as usize,
        }
    }
}

/// `LCRandom31`: Microsoft's `rand()` for seeds below 2^31, with PySolFC's
/// extensions for `msN` seeds from 2^31 (bit 15 set) and from 2^32 (the seed
/// less 2^32, 16 output bits, plus one).
struct Lcg31 {
    seed: u64,
    state: u64,
}

impl Lcg31 {
    fn new(seed: u64) -> Lcg31 {
        Lcg31 {
            seed,
            state: if seed < 1 << 32 {
                seed
            } else {
                seed - (1 << 32)
            },
        }
    }

    fn next(&mut self) -> u64 {
        self.state = (self.state.wrapping_mul(214_013).wrapping_add(2_531_011)) & MS_MAX;
        if self.seed < 1 << 31 {
            (self.state >> 16) & 0x7fff
        } else if self.seed < 1 << 32 {
            (self.state >> 16) & 0x7fff | 0x8000
        } else {
            ((self.state >> 16) & 0xffff) + 1
        }
    }
}

/// Python's `random.Random(n)` for a non-negative int: MT19937 seeded by
/// `init_by_array` with the 32-bit words of `n`, least significant first
/// (one zero word for 0).
fn python_twister(n: u128) -> rand_mt::Mt {
    let mut key = Vec::with_capacity(4);
    let mut rest = n;
    loop {
        key.push(rest as u32);
        rest >>= 32;
        if rest == 0 {
            break;
        }
    }
    rand_mt::Mt::new_with_key(key)
}

/// Python's `random()`: 53 random bits from two outputs, as a float in [0, 1).
fn python_random(mt: &mut rand_mt::Mt) -> f64 {
    let a = mt.next_u32() >> 5;
    let b = mt.next_u32() >> 6;
    (f64::from(a) * 67_108_864.0 + f64::from(b)) * (1.0 / 9_007_199_254_740_992.0)
}

/// A PySolFC game as laid out: the row and, for Accordion's Revenge, the goal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub deal: Deal,
    /// The card that must end on top of the last pile (Accordion's Revenge).
    pub goal: Option<Card>,
}

/// The row PySolFC lays out for `game` number `number`, left to right.
///
/// ```
/// use accordion::game::ACCORDION;
/// use accordion::numbering::pysol::{layout, Number};
/// let game = layout(Number::game(1).unwrap(), &ACCORDION);
/// // Game 1 is Microsoft's Freecell deal 1, dealt into one row.
/// assert!(game.deal.to_string().starts_with("JD 2D 9H JC 5D 7H 7C 5H"));
/// ```
pub fn layout(number: Number, game: &Facts) -> Layout {
    dealt(number, game.dealing)
}

/// The row PySolFC lays out for number `number` of a game dealt as `dealing`.
pub fn dealt(number: Number, dealing: Dealing) -> Layout {
    // PySolFC's cards: suit-major in its suit order clubs, spades, hearts,
    // diamonds (our suit indices 0, 3, 2, 1), each ace to king.
    let mut cards: Vec<Card> = [0, 3, 2, 1]
        .into_iter()
        .flat_map(|suit| (0..13).map(move |rank| card(rank, suit)))
        .collect();
    let mut generator = Generator::new(number);
    if matches!(generator, Generator::Lcg(_)) {
        // `ms_rearrange`: rank by rank, suits in the order C D H S.
        cards.sort_by_key(|c| c.index());
    }
    for n in (1..DECK_SIZE).rev() {
        let j = generator.randint(n);
        cards.swap(n, j);
    }
    if dealing == Dealing::RoyalPair {
        let queen = card(11, 2);
        let king = card(12, 2);
        cards.retain(|&c| c != queen && c != king);
        cards.insert(0, king);
        cards.push(queen);
    }
    cards.reverse();
    let goal = (dealing == Dealing::GoalCard).then(|| {
        loop {
            // `choice(suits)` then `choice(ranks)`: randint(0, len − 1).
            let suit = [0, 3, 2, 1][generator.randint(3)];
            let rank = generator.randint(12);
            let goal = card(rank, suit);
            if goal != cards[0] && goal != cards[1] {
                break goal;
            }
        }
    });
    Layout {
        deal: Deal::new(cards).expect("a permutation of the deck"),
        goal,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_parse_in_pysolfc_spellings_and_bad_ones_are_refused() {
        assert_eq!("#12,345".parse::<Number>().unwrap(), Number::Game(12_345));
        assert_eq!(
            "ms3000000000".parse::<Number>().unwrap(),
            Number::Ms(3_000_000_000)
        );
        for bad in [
            "",
            "0",
            "-5",
            "1.5",
            "ms",
            "ms0",
            "abc",
            "ms8589934592",
            "100000000000000000000",
        ] {
            assert!(
                matches!(bad.parse::<Number>(), Err(Error::InvalidArgument { .. })),
                "{bad}"
            );
        }
        assert_eq!(
            Number::game(99_999_999_999_999_999_999)
                .unwrap()
                .to_string(),
            "99999999999999999999"
        );
    }

    #[test]
    fn every_dealing_lays_out_the_same_shuffle() {
        for n in [1, 31_999, 32_000, 1 << 40] {
            let number = Number::game(n).unwrap();
            let row = dealt(number, Dealing::Row);
            assert_eq!(row.goal, None);
            let revenge = dealt(number, Dealing::GoalCard);
            assert_eq!(revenge.deal, row.deal);
            let goal = revenge.goal.unwrap();
            assert!(goal != row.deal.cards()[0] && goal != row.deal.cards()[1]);
            let royal = dealt(number, Dealing::RoyalPair).deal;
            assert_eq!(royal.cards()[0].to_string(), "QH");
            assert_eq!(royal.cards()[51].to_string(), "KH");
            let others = |deal: &Deal| -> Vec<Card> {
                let pair = [card(11, 2), card(12, 2)];
                deal.cards()
                    .iter()
                    .copied()
                    .filter(|c| !pair.contains(c))
                    .collect()
            };
            assert_eq!(others(&royal), others(&row.deal));
        }
    }

    #[test]
    fn a_games_rules_are_modern_with_the_flags_its_facts_fix() {
        use crate::game::{ACCORDION, ACCORDIONS_REVENGE, RELAXED_ACCORDION, TWENTY_THREE_SKIDOO};
        let number = Number::game(5).unwrap();
        assert_eq!(rules(&ACCORDION, None).unwrap(), Rules::modern());
        assert_eq!(
            rules(&RELAXED_ACCORDION, None).unwrap(),
            Rules::modern().with_two_way(true)
        );
        assert_eq!(
            rules(&TWENTY_THREE_SKIDOO, None).unwrap(),
            Rules::modern()
                .with_distances(Distances::new(&[2, 3]).unwrap())
                .with_win_piles(2)
                .unwrap()
        );
        let refused = rules(&ACCORDIONS_REVENGE, None);
        assert!(matches!(refused, Err(Error::InvalidRules(_))));
        assert_eq!(
            rules(&ACCORDIONS_REVENGE, Some(number)).unwrap(),
            Rules::modern().with_goal(dealt(number, Dealing::GoalCard).goal)
        );
    }
}
