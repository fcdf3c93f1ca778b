//! `random`: uniform among the legal actions (dealing included when allowed).

use crate::blind::play::RowPlayer;
use crate::blind::strategy::View;
use crate::deal::SplitMix64;
use crate::game::Action;

/// Picks each legal action with equal chance, from the game's seeded generator.
#[derive(Copy, Clone, Debug, Default)]
pub struct RandomPlay;

impl RowPlayer for RandomPlay {
    fn pick(&mut self, _: &View<'_>, legal: &[Action], rng: &mut SplitMix64) -> Option<Action> {
        Some(legal[rng.below(legal.len() as u64) as usize])
    }
}
