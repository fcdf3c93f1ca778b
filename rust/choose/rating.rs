//! How hard an open deal of any game is (docs/difficulty.md): one entry point,
//! [`rate`], over every [`Rated`] game, and the [`Rating`] it returns. Each
//! game says how the careful player weighs its rows (Accordion's in
//! [`super::difficulty`], the throw games' in [`super::throw_rating`]); the
//! walk is `careful`'s, the rating built here.

use super::careful::Walked;
use super::level::Level;
use crate::budget::{Budget, Verdict};
use crate::error::Result;
use crate::patience::Patience;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The node budget of one rating by [`rate`] (all its searches together).
pub const RATING_NODES: u64 = 20_000_000;

/// The rating of an open deal.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Rating {
    /// `Win`, `Loss` (unwinnable) or `Unknown` (undecided within the budget).
    pub verdict: Verdict,
    /// Legal moves at the positions of the careful player's line (0 unless
    /// winnable).
    pub moves: u32,
    /// Of those, the moves that throw the win away.
    pub losing: u32,
    /// Positions the solver visited to rate the deal (the cost; the rating
    /// does not depend on it).
    pub nodes: u64,
    /// `losing / moves` for a winnable deal (0 for a deal already won), else
    /// `None`.
    pub difficulty: Option<f64>,
    /// The level of a winnable deal at its length ([`Level::of`]), else `None`.
    pub level: Option<Level>,
}

impl Rating {
    /// The rating of a careful walk; `level` gives a winnable deal's level
    /// from its difficulty.
    pub(crate) fn of(walked: &Walked, level: impl FnOnce(f64) -> Option<Level>) -> Rating {
        let difficulty = walked.difficulty();
        Rating {
            verdict: walked.verdict,
            moves: walked.moves(),
            losing: walked.losing,
            nodes: walked.nodes,
            difficulty,
            level: difficulty.and_then(level),
        }
    }
}

/// A game whose open deals the careful player rates (docs/difficulty.md): how
/// its rows are weighed and decided is the game's, the walk and the rating are
/// [`rate`]'s, once for every game.
pub trait Rated: Patience {
    /// The careful player's walk over the game's deal, open, within the
    /// budget's nodes of its solver (a rating always has a node limit) and until
    /// `cancel` is raised, stopped once `cap` rejected moves are certain
    /// (`None` then); an error for rules that leave no choice.
    fn walk_open(&self, budget: &Budget, cap: Option<u32>) -> Result<Option<Walked>>;

    /// The level of a winnable deal of this `difficulty`: none unless the game
    /// has levels calibrated (Accordion's, by the deal's length).
    fn level_of(&self, _difficulty: f64) -> Option<Level> {
        None
    }
}

/// Rate the deal of `game`, open, within
/// [`RATING_NODES`] nodes of its solver and until `cancel` is raised (the
/// rating is then `Unknown`).
pub fn rate<P: Rated>(game: &P, cancel: Option<&Arc<AtomicBool>>) -> Result<Rating> {
    rate_within(game, cancel, RATING_NODES)
}

/// [`rate`] within `max_nodes` nodes.
pub(crate) fn rate_within<P: Rated>(
    game: &P,
    cancel: Option<&Arc<AtomicBool>>,
    max_nodes: u64,
) -> Result<Rating> {
    let budget = Budget::nodes_until_cancelled(max_nodes, cancel);
    let walked = game.walk_open(&budget, None)?.expect("no cap, no cut");
    Ok(Rating::of(&walked, |difficulty| game.level_of(difficulty)))
}
