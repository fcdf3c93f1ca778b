//! The best-effort blind agent (parlett): placeholder, greedy for now.

use super::game::RoyalGame;
use super::row::Throw;
use super::strategy::greedy_choice;

/// The throw the blind agent makes now, if any.
pub fn blind_choice(game: &RoyalGame) -> Option<Throw> {
    greedy_choice(game.row())
}
