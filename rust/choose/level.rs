//! The levels of difficulty (easy, medium, hard) and the thresholds that
//! cut the difficulty of a row into them, per row length: what the walk to a
//! level (`super::difficulty`) and the table of levels (`super::level_table`)
//! both read.

use crate::error::{quoted, Error, Result};
use std::fmt;
use std::str::FromStr;

/// The level thresholds per row length: `(cards, easy_below, medium_below)`:
/// a difficulty below `easy_below` is easy, below `medium_below` medium, from
/// there on hard. Terciles of the difficulty of the winnable numbered deals of
/// that length under the modern rules, each threshold halfway between two
/// neighbouring values met (so no calibration deal lies on one); written by
/// `python benches/difficulty_calibrate.py` (`docs/difficulty.md` gives the
/// command, the deals and the shares).
#[rustfmt::skip]
#[allow(clippy::unreadable_literal)] // as benches/difficulty_calibrate.py prints them
pub const CALIBRATION: &[(usize, f64, f64)] = &[
    (8, 0.173611, 0.390152), // deals 1-25,350: 29.5% / 41.7% / 28.8%
    (9, 0.236364, 0.406593), // deals 1-21,090: 32.0% / 36.4% / 31.6%
    (10, 0.278846, 0.41875), // deals 1-17,809: 33.2% / 30.6% / 36.2%
    (11, 0.309524, 0.459064), // deals 1-13,826: 34.0% / 29.3% / 36.7%
    (12, 0.332721, 0.488095), // deals 1-10,886: 36.4% / 32.1% / 31.5%
    (13, 0.350877, 0.51), // deals 1-8,014: 34.1% / 32.8% / 33.1%
    (14, 0.365476, 0.527116), // deals 1-5,721: 32.9% / 33.6% / 33.5%
    (15, 0.37747, 0.54086), // deals 1-4,259: 31.6% / 36.4% / 32.0%
    (16, 0.411538, 0.552139), // deals 1-3,355: 33.8% / 32.0% / 34.2%
    (17, 0.417989, 0.561562), // deals 1-2,733: 34.3% / 32.3% / 33.4%
    (18, 0.423563, 0.569551), // deals 1-2,097: 32.8% / 32.6% / 34.6%
    (19, 0.428427, 0.566202), // deals 1-1,715: 32.6% / 32.6% / 34.8%
    (20, 0.432709, 0.57298), // deals 1-1,487: 33.9% / 33.0% / 33.1%
    (26, 0.411683, 0.549513), // deals 1-1,017: 34.9% / 31.1% / 34.0%
    (39, 0.302694, 0.428539), // deals 1-1,000: 33.6% / 33.2% / 33.2%
    (52, 0.255435, 0.358465), // deals 1-1,000: 33.3% / 33.1% / 33.6%
];

/// A game's level thresholds per row length, `(cards, easy_below,
/// medium_below)` rows as in [`CALIBRATION`] (Accordion's); among each game's
/// facts (`crate::patience::Facts::levels`), empty for a game whose levels
/// are not calibrated. Written by `python benches/difficulty_calibrate.py
/// --game NAME` (`docs/difficulty.md`).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Calibration(pub &'static [(usize, f64, f64)]);

// The thresholds are finite numbers written in the source: never NaN.
impl Eq for Calibration {}

impl Calibration {
    /// No levels: a game whose difficulty is not calibrated.
    pub const NONE: Calibration = Calibration(&[]);

    /// The calibrated row lengths, shortest and longest (`None` for none).
    pub fn lengths(self) -> Option<(usize, usize)> {
        Some((self.0.first()?.0, self.0.last()?.0))
    }

    /// The thresholds `(easy_below, medium_below)` for a row of `cards` cards:
    /// its own if the length is calibrated, else those of the nearest calibrated
    /// length (`None` below the shortest: too few choices to rank).
    pub fn thresholds(self, cards: usize) -> Option<(f64, f64)> {
        let (shortest, _) = self.lengths()?;
        if cards < shortest {
            return None;
        }
        self.0
            .iter()
            .min_by_key(|&&(length, _, _)| length.abs_diff(cards))
            .map(|&(_, easy, medium)| (easy, medium))
    }

    /// Whether the thresholds of `cards` were measured at that very length.
    pub fn is_calibrated(self, cards: usize) -> bool {
        self.0.iter().any(|&(length, _, _)| length == cards)
    }

    /// The level of a difficulty at a row of `cards` cards (`None` where
    /// [`Calibration::thresholds`] has none).
    pub fn level(self, difficulty: f64, cards: usize) -> Option<Level> {
        let (easy, medium) = self.thresholds(cards)?;
        Some(if difficulty < easy {
            Level::Easy
        } else if difficulty < medium {
            Level::Medium
        } else {
            Level::Hard
        })
    }
}

/// Accordion's calibrated row lengths, shortest and longest.
pub fn calibrated_lengths() -> (usize, usize) {
    Calibration(CALIBRATION)
        .lengths()
        .expect("Accordion's levels are calibrated")
}

/// Accordion's thresholds for a row of `cards` cards ([`Calibration::thresholds`]).
pub fn thresholds(cards: usize) -> Option<(f64, f64)> {
    Calibration(CALIBRATION).thresholds(cards)
}

/// Whether Accordion's thresholds of `cards` were measured at that very length.
pub fn is_calibrated(cards: usize) -> bool {
    Calibration(CALIBRATION).is_calibrated(cards)
}

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

    /// The level of a difficulty at an Accordion row of `cards` cards (`None`
    /// where [`thresholds`] has none).
    pub fn of(difficulty: f64, cards: usize) -> Option<Level> {
        Calibration(CALIBRATION).level(difficulty, cards)
    }
}

impl FromStr for Level {
    type Err = Error;

    fn from_str(text: &str) -> Result<Level> {
        Level::ALL
            .into_iter()
            .find(|level| level.name() == text.trim().to_ascii_lowercase())
            .ok_or_else(|| {
                Error::argument("level", "a difficulty: easy, medium or hard", quoted(text))
            })
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
