//! What the binding does for every game alike, through the core's one game
//! interface ([`Patience`]): Accordion's `Game` (`game.rs`) and every throw
//! game's class (`throw.rs`) call these, each wrapping the plays in its own
//! move class.

use super::errors::NoMoveToUndoError;
use super::interrupt::run_interruptible;
use crate::budget::Budget;
use crate::patience::Patience;
use pyo3::prelude::*;

/// Take back the last action, returning it as it was written.
pub fn undo<P: Patience>(game: &mut P) -> PyResult<P::Play> {
    let last = game
        .last_play()
        .ok_or_else(|| NoMoveToUndoError::new_err("undo: no move has been played"))?;
    game.undo();
    Ok(last)
}

/// The next action of best play by the game's solver within `timeout`, GIL
/// released, Ctrl-C honoured.
pub fn hint<P: Patience + Send + Sync>(
    py: Python<'_>,
    game: &P,
    timeout: Option<f64>,
) -> PyResult<Option<P::Play>>
where
    P::Action: Send,
{
    let budget = Budget::new(None, timeout, None)?;
    let action = run_interruptible(py, |cancel| {
        game.hint(&budget.clone().with_cancel(cancel.clone()))
    })?;
    Ok(action.map(|a| game.play_of(a)))
}

/// Whether `play` names a legal action of `game` now.
pub fn is_legal<P: Patience>(game: &P, play: P::Play) -> bool {
    game.action_of(play)
        .is_ok_and(|action| game.is_legal(action))
}

/// The legal actions of `game`, by cards.
pub fn legal_plays<P: Patience>(game: &P) -> Vec<P::Play> {
    game.legal_actions()
        .into_iter()
        .map(|a| game.play_of(a))
        .collect()
}

/// The history as text, oldest first: what a pickle replays.
pub fn history_texts<P: Patience>(game: &P) -> Vec<String> {
    game.history().iter().map(ToString::to_string).collect()
}
