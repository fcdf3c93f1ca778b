//! How hard an open deal is, and numbered deals drawn by difficulty level
//! (`docs/difficulty.md`).
//!
//! # The measure
//!
//! A position is *winnable* when some line of legal moves wins it; a move
//! *throws the win away* when it leads from a winnable position to one that is
//! not. Both are exact facts about the deal and the rules, decided by the
//! exhaustive solver ([`crate::solver::Decider`]).
//!
//! The *careful player* takes the plays as they come — it weighs the legal
//! moves in the rules' order ([`Rules::legal_moves`]: leftmost mover first,
//! nearest target first; the order `slide-first` plays them in) and plays the
//! first one that does not throw the win away. Its line from a winnable deal to
//! the win is one fixed line, whichever solver decides the moves. Along it, the
//! player weighs `moves` moves — at each position the ones it rejects and the
//! one it plays — of which `losing` throw the win away. The **difficulty** of a
//! winnable deal is
//!
//! > `losing / moves`: the share of the moves the careful player weighs that
//! > would have lost the game,
//!
//! from 0 (the natural move never loses) towards 1. Every move of the line
//! takes one pile away, so `moves = losing + cards − winning piles`: the
//! difficulty grows with the number of traps the natural move falls into. It
//! depends on the deal and the rules only, not on the solver's move order or
//! node counts, so it is the same on every run, platform and thread count. A
//! deal the solver proves lost is *unwinnable*; one whose rating needs more
//! than [`RATING_NODES`] positions of search is *undecided*.
//!
//! # The levels
//!
//! Calibrated per row length on the numbered open deals under the modern rules
//! ([`CALIBRATION`]): at each calibrated length, a third of the winnable deals
//! each are easy, medium and hard.

use super::careful::{Careful, Look, Walked, Weighing};
pub use super::level::{calibrated_lengths, is_calibrated, thresholds, Level, CALIBRATION};
use super::level_table::{self, Entry};
use super::rating::Rated;
pub use super::rating::{Rating, RATING_NODES};
use super::{first_qualifying, Judged, Numbers, Walk};
use crate::card::Card;
use crate::deal::{Deal, DECK_SIZE};
use crate::error::{Error, Result};
use crate::game::Game;
use crate::rules::{RuleSet, Rules, Step};
use crate::solver::{Budget, Decider, Decision, Verdict};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The node budget of one candidate's rating while [`next_at_level`] looks for
/// a deal: a deal that needs more (about one 52-card deal in 500) is passed
/// over as undecided, so that a deal is found in bounded time.
pub const CHOOSING_NODES: u64 = 2_000_000;

/// Numbers tried by [`next_at_level`] before giving up.
pub const DEFAULT_TRIES: u64 = 10_000;

/// Accordion's deal, open, rated under the game's rules (a free rule set:
/// `modern` or `parlett`; the forced ones leave nothing to choose), with a
/// level at its length.
impl Rated for Game {
    fn walk_open(&self, budget: &Budget, cap: Option<u32>) -> Result<Option<Walked>> {
        let rules = self.rules();
        check_rules(&rules)?;
        rules.check_deal(self.deal().cards())?;
        Ok(walk_cards(self.deal().cards(), &rules, budget, cap))
    }

    fn level_of(&self, difficulty: f64) -> Option<Level> {
        Level::of(difficulty, self.deal().len())
    }
}

/// Accordion's open rows as the careful player weighs them ([`Careful`]): the
/// legal moves in the rules' order, decided by the exhaustive solver, whose
/// table is kept from row to row.
pub(crate) struct Rows<'a> {
    rules: &'a Rules,
    decider: Decider<'a>,
}

impl Weighing for Rows<'_> {
    type Row = Vec<Card>;
    type Move = Step;

    fn is_won(&self, row: &Vec<Card>) -> bool {
        self.rules.is_won(row.len())
    }

    fn moves(&self, row: &Vec<Card>, out: &mut Vec<Step>) {
        self.rules.legal_moves(row, out);
    }

    fn after(&self, row: &Vec<Card>, step: Step) -> Vec<Card> {
        let mut next = row.clone();
        next[step.to] = next[step.from];
        next.remove(step.from);
        next
    }

    fn decide(&mut self, row: &Vec<Card>, quota: Option<u64>) -> Look {
        match self.decider.decide(row, quota) {
            Decision::Won(_) => Look::Won,
            Decision::Lost => Look::Lost,
            Decision::Unsure => Look::Unsure,
            Decision::Stopped => Look::Stopped,
        }
    }

    fn nodes(&self) -> u64 {
        self.decider.nodes()
    }
}

/// The search spent on a quick look at a move before the careful player's line
/// goes down it: a quick look settles most small rows, and a row it does not
/// settle is decided by following it (see [`Careful::line`]).
const QUICK_NODES: u64 = 256;

/// The rating of a deal of `cards` cards from its careful walk.
fn rating(walked: &Walked, cards: usize) -> Rating {
    Rating::of(walked, |difficulty| Level::of(difficulty, cards))
}

/// Rate `cards` (already checked) within `budget`. With a `cap`, stop once
/// that many rejected moves are certain: `None`.
fn rate_cards(cards: &[Card], rules: &Rules, budget: &Budget, cap: Option<u32>) -> Option<Rating> {
    let walked = walk_cards(cards, rules, budget, cap)?;
    Some(rating(&walked, cards.len()))
}

/// The careful walk over the open row `cards` (already checked) within
/// `budget` (it has a node limit), the solver's table kept from row to row.
/// With a `cap`, stop once that many rejected moves are certain: `None`.
fn walk_cards(cards: &[Card], rules: &Rules, budget: &Budget, cap: Option<u32>) -> Option<Walked> {
    let rows = Rows {
        rules,
        decider: Decider::new(rules, budget),
    };
    let max_nodes = budget.max_nodes.expect("a rating has a node limit");
    Careful::new(rows, cap, max_nodes, QUICK_NODES).walk(&cards.to_vec())
}

/// The rating [`super::level_table`] records: uncapped, with `max_nodes`
/// positions of search.
pub(crate) fn rate_for_table(deal: &Deal, rules: &Rules, max_nodes: u64) -> Rating {
    let budget = Budget::nodes_until_cancelled(max_nodes, None);
    rate_cards(deal.cards(), rules, &budget, None).expect("no cap, no cut")
}

/// The numbers a random start is drawn from when looking for a `level` deal
/// of `cards` cards under `rules`: where [`super::level_table`] covers the
/// rows, those up to the last one it holds at that level (so the deal is found
/// in the table, at once), else 0 to 2^32 − 1.
pub fn random_starts(level: Level, cards: usize, rules: &Rules) -> std::ops::Range<u64> {
    super::level_table::last_at_level(level, cards, rules).map_or(0..1 << 32, |last| 1..last + 1)
}

/// The fewest rejected moves that make a winnable deal of `cards` cards rated
/// above `level` (`None` for hard, or where no level is defined).
fn losing_above(level: Level, cards: usize, rules: &Rules) -> Option<u32> {
    if level == Level::Hard {
        return None;
    }
    // Every move of a line takes one pile away: it has one position per pile
    // above the winning piles.
    let positions = cards.saturating_sub(rules.win_piles) as u32;
    (0..=DECK_SIZE as u32 * 2 * DECK_SIZE as u32).find(|&losing| {
        let walked = Walked {
            verdict: Verdict::Win,
            losing,
            positions,
            nodes: 0,
        };
        rating(&walked, cards).level.is_some_and(|l| l > level)
    })
}

/// Rate numbers 1, 2, … of `cards` cards under the modern rules until
/// `winnable` of them can be won, and append their entries in the table's
/// format to `out` (the magic first if `out` is empty; the format is
/// [`level_table`]'s). `progress` is called with each number rated.
pub fn write_length(cards: usize, winnable: u64, out: &mut Vec<u8>, progress: impl Fn(u64)) {
    let rules = Rules::modern();
    let mut codes = Vec::new();
    let mut judged = Vec::new();
    let mut won = 0;
    let mut seed = 0;
    while won < winnable {
        seed += 1;
        let deal = Deal::from_seed(seed, cards).expect("a row length of 1 to 52 cards");
        let rating = rate_for_table(&deal, &rules, CHOOSING_NODES);
        let code = match rating.verdict {
            Verdict::Win => {
                won += 1;
                level_table::encode(rating.level)
            }
            Verdict::Loss => 0,
            Verdict::Unknown => {
                let at = |level| judge_level(&deal, level, &rules, None);
                judged.push((seed, Level::ALL.map(at)));
                0
            }
        };
        codes.push(code);
        progress(seed);
    }
    level_table::append_length(cards, &codes, &judged, out);
}

/// Whether `deal` is rated `level`, searching no more than the answer needs:
/// once the careful line certainly rejects enough moves to rate the deal above
/// easy (medium), it is not easy (medium); once enough to rate it hard, it is.
pub(crate) fn judge_level(
    deal: &Deal,
    level: Level,
    rules: &Rules,
    cancel: Option<&Arc<AtomicBool>>,
) -> Judged<()> {
    let above = |below| losing_above(below, deal.len(), rules);
    let cap = match level {
        Level::Easy => above(Level::Easy),
        Level::Medium | Level::Hard => above(Level::Medium),
    };
    let budget = Budget::nodes_until_cancelled(CHOOSING_NODES, cancel);
    match rate_cards(deal.cards(), rules, &budget, cap) {
        None if level == Level::Hard => Judged::Yes(()),
        None => Judged::No,
        Some(rating) => match rating.verdict {
            Verdict::Unknown => Judged::Undecided,
            _ if rating.level == Some(level) => Judged::Yes(()),
            _ => Judged::No,
        },
    }
}

fn check_rules(rules: &Rules) -> Result<()> {
    check_free(rules.set, "Accordion")
}

/// Refuse a rule set that leaves no choice (`title`: the game's name).
pub(crate) fn check_free(set: RuleSet, title: &str) -> Result<()> {
    if set.is_automatic() {
        return Err(Error::InvalidRules(format!(
            "difficulty is measured under free rules (those of {title} that leave a choice), \
             not {}: the forced game has no choice to get wrong",
            set.name()
        )));
    }
    Ok(())
}

/// A deal found at a level.
#[derive(Clone, Debug, PartialEq)]
pub struct AtLevel {
    pub seed: u64,
    pub deal: Deal,
    pub level: Level,
    /// Numbers tried and passed over before it.
    pub skipped: u64,
}

/// The first numbered deal of `cards` cards from `start` on whose rating under
/// `rules` is `level`, trying at most `tries` numbers on `jobs` threads;
/// `Ok(None)` when `cancel` was raised.
pub fn next_at_level(
    level: Level,
    cards: usize,
    rules: &Rules,
    numbers: Numbers<'_>,
) -> Result<Option<AtLevel>> {
    if !(1..=DECK_SIZE).contains(&cards) {
        return Err(Error::argument("cards", "1 to 52 cards", cards));
    }
    let (shortest, longest) = calibrated_lengths();
    if thresholds(cards).is_none() {
        return Err(Error::argument(
            "cards",
            &format!(
                "{shortest} to {longest} cards (the lengths difficulty levels are calibrated at)"
            ),
            cards,
        ));
    }
    super::refuse_goal(rules)?;
    check_rules(rules)?;
    let table = super::level_table::for_rows(cards, rules);
    walk_levels(level, cards, rules, numbers, table)
}

/// [`next_at_level`] with its arguments checked, reading the levels of the
/// numbers `table` covers from it.
fn walk_levels(
    level: Level,
    cards: usize,
    rules: &Rules,
    numbers: Numbers<'_>,
    table: Option<&super::level_table::Length>,
) -> Result<Option<AtLevel>> {
    let (start, cancel) = (numbers.start, numbers.cancel);
    let walk = first_qualifying(numbers, 1, |seed| {
        let deal = Deal::from_seed(seed, cards).expect("cards checked above");
        // Judged once and for all where the table covers the number (its
        // module says why this changes no answer), else live.
        let judged = match table.and_then(|t| t.entry(seed)) {
            Some(Entry::Rated(rated)) if rated == Some(level) => Judged::Yes(()),
            Some(Entry::Rated(_)) => Judged::No,
            Some(Entry::Judged(judged)) => judged[level as usize].clone(),
            None => judge_level(&deal, level, rules, cancel),
        };
        match judged {
            Judged::Yes(()) => Judged::Yes(deal),
            Judged::No => Judged::No,
            Judged::Undecided => Judged::Undecided,
        }
    });
    at_level(walk, level, |tried| {
        format!(
            "no {level} deal of {cards} cards under {rules} among {tried} \
             from {start} on"
        )
    })
}

/// The first numbered deal from `numbers.start` on whose open rating is
/// `level`, `game_of(n)` being the game on numbered deal `n` and that deal
/// ([`rate`](super::rate) within [`CHOOSING_NODES`]; the game's levels by
/// [`Rated::level_of`]): the walk of [`next_at_level`] over any game, each
/// number rated live. `what` names the deals in the error when none is found
/// (`open Bayan deal of 52 cards`).
pub fn next_at_level_of<P: Rated>(
    level: Level,
    numbers: Numbers<'_>,
    what: &str,
    game_of: impl Fn(u64) -> (Deal, P) + Sync,
) -> Result<Option<AtLevel>> {
    let (start, cancel) = (numbers.start, numbers.cancel);
    // A rating refused (rules that leave no choice) stops the walk at once,
    // as the deal found would: the error is the answer.
    let walk = first_qualifying(numbers, 1, |seed| {
        let (deal, game) = game_of(seed);
        match super::rating::rate_within(&game, cancel, CHOOSING_NODES) {
            Err(error) => Judged::Yes(Err(error)),
            Ok(rating) if rating.verdict == Verdict::Unknown => Judged::Undecided,
            Ok(rating) if rating.level == Some(level) => Judged::Yes(Ok(deal)),
            Ok(_) => Judged::No,
        }
    });
    let walk = match walk {
        Walk::Found {
            seed,
            value,
            skipped,
            undecided,
        } => Walk::Found {
            seed,
            value: value?,
            skipped,
            undecided,
        },
        Walk::Exhausted { tried, undecided } => Walk::Exhausted { tried, undecided },
        Walk::Cancelled => Walk::Cancelled,
    };
    at_level(walk, level, |tried| {
        format!("no {level} {what} among {tried} from {start} on")
    })
}

/// What a walk to a level ends with: the deal found, `None` when it was
/// cancelled, or the error `none(tried)` says (`tried`: the numbers tried in
/// words, `1 numbered deal`, `20 numbered deals`).
fn at_level(
    walk: Walk<Deal>,
    level: Level,
    none: impl FnOnce(String) -> String,
) -> Result<Option<AtLevel>> {
    match walk {
        Walk::Found {
            seed,
            value: deal,
            skipped,
            ..
        } => Ok(Some(AtLevel {
            seed,
            deal,
            level,
            skipped,
        })),
        Walk::Cancelled => Ok(None),
        Walk::Exhausted { tried, .. } => {
            let tried = crate::error::Count(tried, "numbered deal").to_string();
            Err(Error::InvalidRules(none(tried)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `deal` rated open under `rules` by the one entry point.
    fn rate(deal: &Deal, rules: &Rules, cancel: Option<&Arc<AtomicBool>>) -> Result<Rating> {
        crate::choose::rate(&Game::new(deal.clone(), *rules, false), cancel)
    }

    #[test]
    fn levels_follow_the_thresholds_and_parse() {
        let (shortest, longest) = calibrated_lengths();
        let mut last = 0;
        for &(cards, easy, medium) in CALIBRATION {
            assert!(cards > last, "lengths increase");
            last = cards;
            assert!(
                0.0 < easy && easy < medium && medium < 1.0,
                "{cards}: monotone"
            );
            assert_eq!(Level::of(0.0, cards), Some(Level::Easy));
            assert_eq!(Level::of(easy, cards), Some(Level::Medium));
            assert_eq!(Level::of(medium, cards), Some(Level::Hard));
            assert_eq!(Level::of(1.0, cards), Some(Level::Hard));
            assert!(is_calibrated(cards));
        }
        assert_eq!(Level::of(0.0, shortest - 1), None);
        assert_eq!(thresholds(longest + 1), thresholds(longest));
        // Between calibrated lengths, the nearest one's (a tie to the shorter).
        assert_eq!(thresholds(23), thresholds(20));
        assert_eq!(thresholds(24), thresholds(26));
        assert_eq!(thresholds(45), thresholds(39));
        assert_eq!(thresholds(46), thresholds(52));
        assert!(!is_calibrated(23) && is_calibrated(26));
        assert_eq!("Hard".parse::<Level>().unwrap(), Level::Hard);
        assert!(matches!(
            "brutal".parse::<Level>(),
            Err(Error::InvalidArgument {
                argument: "level",
                ..
            })
        ));
    }

    #[test]
    fn a_straight_win_is_easiest_and_a_lost_row_has_no_level() {
        let straight = Deal::from_seed(1, 52).unwrap();
        let rating = rate(&straight, &Rules::modern(), None).unwrap();
        assert_eq!(rating.verdict, Verdict::Win);
        assert!(rating.moves >= 51 && rating.losing <= rating.moves);
        let lost: Deal = "2S 3S 7H 6H AC QH TH 8C".parse().unwrap();
        let rating = rate(&lost, &Rules::modern(), None).unwrap();
        assert_eq!((rating.verdict, rating.level), (Verdict::Loss, None));
        let four: Deal = "7H 7S 7C 7D".parse().unwrap();
        let strict = Rules::new(crate::rules::RuleSet::Strict);
        assert!(rate(&four, &strict, None).is_err());
        let goal = Rules::modern().with_goal(Some("7C".parse().unwrap()));
        let rating = rate(&four, &goal, None).unwrap();
        assert_eq!(rating.verdict, Verdict::Win);
        let absent = Rules::modern().with_goal(Some("KS".parse().unwrap()));
        assert!(rate(&four, &absent, None).is_err());
        assert!(next_at_level(Level::Easy, 52, &goal, Numbers::new(1, 10, None, None)).is_err());
        let (shortest, _) = calibrated_lengths();
        assert!(matches!(
            next_at_level(
                Level::Easy,
                shortest - 1,
                &Rules::modern(),
                Numbers::new(1, 10, None, None)
            ),
            Err(Error::InvalidArgument { .. })
        ));
    }

    /// The cache of lost rows is bounded, and a full cache changes no line.
    #[test]
    fn a_full_cache_of_lost_rows_changes_no_line() {
        let rules = Rules::modern();
        let budget = Budget::default();
        let mut differ = 0;
        for (seed, cards) in (1..=30).map(|s| (s, 14)).chain((1..=6).map(|s| (s, 26))) {
            let deal = Deal::from_seed(seed, cards).unwrap();
            let walk = |lost_rows| {
                let rows = Rows {
                    rules: &rules,
                    decider: Decider::new(&rules, &budget),
                };
                let mut careful = Careful::new(rows, None, RATING_NODES, QUICK_NODES);
                careful.lost_rows = lost_rows;
                let line = careful.line(&deal.cards().to_vec(), Some(0)).ok().unwrap();
                assert!(careful.lost.len() <= lost_rows);
                (line, careful.nodes())
            };
            let (remembered, nodes) = walk(crate::choose::careful::LOST_ROWS);
            let (forgotten, more_nodes) = walk(0);
            assert_eq!(remembered, forgotten, "{cards} cards, deal {seed}");
            differ += usize::from(more_nodes != nodes);
        }
        assert!(differ > 0, "the cache saves work on some deal");
    }

    /// The table changes how fast a deal is found, never which: from starts
    /// inside it, and from starts whose walk runs past its end, the deal found
    /// is the one the live walk finds.
    #[test]
    fn the_level_table_finds_the_deals_the_live_walk_finds() {
        let rules = Rules::modern();
        for cards in [10, 26, 52] {
            let table = super::super::level_table::for_rows(cards, &rules).unwrap();
            let end = table.numbers;
            // From a number judged level by level, too (at 26 cards, at the hard
            // level: each live judgment of one costs 2,000,000 positions).
            let judged = table.judged_numbers().next().filter(|_| cards == 26);
            for start in [1, 2, end / 2, end - 3, end].into_iter().chain(judged) {
                for level in Level::ALL {
                    if Some(start) == judged && level != Level::Hard {
                        continue;
                    }
                    let find = |table| {
                        walk_levels(
                            level,
                            cards,
                            &rules,
                            Numbers::new(start, 1_000, Some(1), None),
                            table,
                        )
                        .unwrap()
                        .unwrap()
                    };
                    let quick = find(Some(table));
                    let live = find(None);
                    assert_eq!(quick, live, "{cards} cards from {start}, {level}");
                }
            }
        }
    }

    #[test]
    fn every_level_is_found_and_rated_as_asked() {
        for cards in [13, 52] {
            for level in Level::ALL {
                let numbers = Numbers::new(1, DEFAULT_TRIES, Some(2), None);
                let found = next_at_level(level, cards, &Rules::modern(), numbers)
                    .unwrap()
                    .unwrap();
                let rating = rate(&found.deal, &Rules::modern(), None).unwrap();
                assert_eq!(rating.level, Some(level));
                let again = rate(&found.deal, &Rules::modern(), None).unwrap();
                assert_eq!(again, rating, "the rating is deterministic");
                for seed in 1..found.seed {
                    let other = rate(
                        &Deal::from_seed(seed, cards).unwrap(),
                        &Rules::modern(),
                        None,
                    )
                    .unwrap();
                    assert_ne!(other.level, Some(level), "{seed} came first");
                }
            }
        }
    }
}
