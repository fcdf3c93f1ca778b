//! How hard an open deal is, measured by the solver, and numbered deals drawn
//! by difficulty level (`docs/difficulty.md`).
//!
//! # The measure
//!
//! The exhaustive solver (`crate::solver`) looks for a winning line depth
//! first, trying the moves of each position in its order, backing up when a
//! line dies. On an easy deal the first line it tries wins, or nearly: it
//! visits about one position per card. On a hard deal most lines lose (the
//! deal is full of traps), and it backs up again and again before it finds
//! the few that win. The **difficulty** of a winnable deal is
//!
//! > `log2(positions visited before the winning line is found / cards)`
//!
//! so 0 is a deal whose first line wins and each unit doubles the search.
//! A deal the solver proves lost is *unwinnable*; one it cannot decide within
//! [`RATING_NODES`] positions is *undecided*. The measure is a fact about the
//! deal and this solver's move order; it is the same on every run and
//! platform, and `docs/difficulty.md` validates it against the shipped
//! strategies (their win rates fall from easy to hard).
//!
//! # The levels
//!
//! Calibrated on 52-card open deals under the modern rules, to about a third
//! of the winnable deals each: *easy* below [`EASY_BELOW`], *medium* below
//! [`MEDIUM_BELOW`], *hard* from there on.

use super::{first_qualifying, Judged, Walk};
use crate::deal::{Deal, DECK_SIZE};
use crate::error::{Error, Result};
use crate::rules::Rules;
use crate::solver::{self, Budget, Verdict};
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The solver's node budget for one rating.
pub const RATING_NODES: u64 = 4_000_000;
/// Difficulty below this is easy.
pub const EASY_BELOW: f64 = 3.5;
/// Difficulty below this (and not easy) is medium; from here on, hard.
pub const MEDIUM_BELOW: f64 = 6.5;
/// Numbers tried by [`next_at_level`] before giving up.
pub const DEFAULT_TRIES: u64 = 10_000;

/// A difficulty level.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    Easy,
    Medium,
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    /// The level of a difficulty.
    pub fn of(difficulty: f64) -> Level {
        if difficulty < EASY_BELOW {
            Level::Easy
        } else if difficulty < MEDIUM_BELOW {
            Level::Medium
        } else {
            Level::Hard
        }
    }
}

impl FromStr for Level {
    type Err = Error;

    fn from_str(text: &str) -> Result<Level> {
        Level::ALL
            .into_iter()
            .find(|level| level.name() == text.trim().to_ascii_lowercase())
            .ok_or_else(|| {
                Error::InvalidRules(format!(
                    "unknown difficulty {text:?} (known: easy, medium, hard)"
                ))
            })
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The solver's rating of an open deal.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Rating {
    /// `Win`, `Loss` (unwinnable) or `Unknown` (undecided within the budget).
    pub verdict: Verdict,
    /// Positions the solver visited.
    pub nodes: u64,
    /// `log2(nodes / cards)` for a winnable deal, else `None`.
    pub difficulty: Option<f64>,
    /// The level of a winnable deal, else `None`.
    pub level: Option<Level>,
}

/// Rate the open row `deal` under `rules` (a free rule set: `modern` or
/// `parlett`; the forced ones leave nothing to find).
pub fn rate(deal: &Deal, rules: &Rules, cancel: Option<Arc<AtomicBool>>) -> Result<Rating> {
    check_rules(rules)?;
    rules.check_deal(deal.cards())?;
    Ok(rate_within(deal, rules, RATING_NODES, cancel))
}

/// The rating with the solver stopped after `max_nodes` positions. The search
/// is deterministic, so a deal it wins within them is rated as by [`rate`];
/// one it does not has at least `max_nodes` positions of difficulty.
fn rate_within(
    deal: &Deal,
    rules: &Rules,
    max_nodes: u64,
    cancel: Option<Arc<AtomicBool>>,
) -> Rating {
    let budget = Budget {
        max_nodes: Some(max_nodes),
        cancel,
        ..Budget::default()
    };
    let solution = solver::solve(deal.cards(), &[], rules, &budget);
    let difficulty = (solution.verdict == Verdict::Win)
        .then(|| (solution.nodes as f64 / deal.len() as f64).log2().max(0.0));
    Rating {
        verdict: solution.verdict,
        nodes: solution.nodes,
        difficulty,
        level: difficulty.map(Level::of),
    }
}

/// The positions below which a win of a row of `cards` cards is rated below
/// `difficulty`: `cards · 2^difficulty`.
fn nodes_below(cards: usize, difficulty: f64) -> u64 {
    (cards as f64 * difficulty.exp2()).ceil() as u64
}

/// Whether `deal` is rated `level`, spending no more search than the answer
/// needs: an easy (medium) deal is won within the positions its level allows,
/// so a search past them can stop; only a candidate for hard is solved in full.
fn judge_level(
    deal: &Deal,
    level: Level,
    rules: &Rules,
    cancel: Option<&Arc<AtomicBool>>,
) -> Judged<Rating> {
    let below = |difficulty| nodes_below(deal.len(), difficulty);
    let first_budget = match level {
        Level::Easy => below(EASY_BELOW),
        Level::Medium | Level::Hard => below(MEDIUM_BELOW),
    };
    let quick = rate_within(deal, rules, first_budget, cancel.cloned());
    let rating = match (quick.verdict, level) {
        (Verdict::Unknown, Level::Hard) => rate_within(deal, rules, RATING_NODES, cancel.cloned()),
        _ => quick,
    };
    match rating.verdict {
        Verdict::Unknown if level == Level::Hard => Judged::Undecided,
        _ if rating.level == Some(level) => Judged::Yes(rating),
        _ => Judged::No,
    }
}

fn check_rules(rules: &Rules) -> Result<()> {
    if rules.set.is_automatic() {
        return Err(Error::InvalidRules(format!(
            "difficulty is measured under free rules (modern, parlett), not {}: \
             the forced game has no choice to get wrong",
            rules.set.name()
        )));
    }
    Ok(())
}

/// A deal found at a level.
#[derive(Clone, Debug, PartialEq)]
pub struct AtLevel {
    pub seed: u64,
    pub deal: Deal,
    pub rating: Rating,
    /// Numbers tried and passed over before it.
    pub skipped: u64,
}

/// The first numbered deal of `cards` cards from `start` on whose rating under
/// `rules` is `level`, trying at most `tries` numbers on `jobs` threads;
/// `Ok(None)` when `cancel` was raised.
pub fn next_at_level(
    start: u64,
    level: Level,
    cards: usize,
    rules: &Rules,
    tries: u64,
    jobs: Option<usize>,
    cancel: Option<&Arc<AtomicBool>>,
) -> Result<Option<AtLevel>> {
    if !(1..=DECK_SIZE).contains(&cards) {
        return Err(Error::argument("cards", "1 to 52 cards", cards));
    }
    super::refuse_goal(rules)?;
    check_rules(rules)?;
    let walk = first_qualifying(start, tries, 1, jobs, cancel, |seed| {
        let deal = Deal::from_seed(seed, cards).expect("cards checked above");
        match judge_level(&deal, level, rules, cancel) {
            Judged::Yes(rating) => Judged::Yes((deal, rating)),
            Judged::No => Judged::No,
            Judged::Undecided => Judged::Undecided,
        }
    });
    match walk {
        Walk::Found {
            seed,
            value: (deal, rating),
            skipped,
            ..
        } => Ok(Some(AtLevel {
            seed,
            deal,
            rating,
            skipped,
        })),
        Walk::Cancelled => Ok(None),
        Walk::Exhausted { tried, .. } => Err(Error::InvalidRules(format!(
            "no {level} deal of {cards} cards under {rules} among {tried} numbered deals \
             from {start} on"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_follow_the_thresholds_and_parse() {
        assert_eq!(Level::of(0.0), Level::Easy);
        assert_eq!(Level::of(EASY_BELOW), Level::Medium);
        assert_eq!(Level::of(MEDIUM_BELOW), Level::Hard);
        assert_eq!("Hard".parse::<Level>().unwrap(), Level::Hard);
        assert!(matches!(
            "brutal".parse::<Level>(),
            Err(Error::InvalidRules(_))
        ));
    }

    #[test]
    fn a_straight_win_is_easiest_and_a_lost_row_has_no_level() {
        let straight: Deal = "7H 7S 7C 7D".parse().unwrap();
        let rating = rate(&straight, &Rules::modern(), None).unwrap();
        assert_eq!(rating.verdict, Verdict::Win);
        assert_eq!(rating.level, Some(Level::Easy));
        let lost: Deal = "2S 3S 7H 6H AC QH TH 8C".parse().unwrap();
        let rating = rate(&lost, &Rules::modern(), None).unwrap();
        assert_eq!((rating.verdict, rating.level), (Verdict::Loss, None));
        let strict = Rules::new(crate::rules::RuleSet::Strict);
        assert!(rate(&straight, &strict, None).is_err());
        let goal = Rules::modern().with_goal(Some("7C".parse().unwrap()));
        let rating = rate(&straight, &goal, None).unwrap();
        assert_eq!(rating.verdict, Verdict::Win);
        let absent = Rules::modern().with_goal(Some("KS".parse().unwrap()));
        assert!(rate(&straight, &absent, None).is_err());
        assert!(next_at_level(1, Level::Easy, 52, &goal, 10, None, None).is_err());
    }

    #[test]
    fn every_level_is_found_and_rated_as_asked() {
        for level in Level::ALL {
            let found = next_at_level(1, level, 52, &Rules::modern(), DEFAULT_TRIES, Some(2), None)
                .unwrap()
                .unwrap();
            assert_eq!(found.rating.level, Some(level));
            let again = rate(&found.deal, &Rules::modern(), None).unwrap();
            assert_eq!(again, found.rating, "the rating is deterministic");
            for seed in 1..found.seed {
                let other =
                    rate(&Deal::from_seed(seed, 52).unwrap(), &Rules::modern(), None).unwrap();
                assert_ne!(other.level, Some(level), "{seed} came first");
            }
        }
    }
}
