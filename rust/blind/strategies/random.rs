//! `random`: uniform among the legal actions (dealing included when allowed).

use crate::blind::strategy::{Strategy, View};
use crate::deal::SplitMix64;
use crate::game::Action;

/// Picks each legal action with equal chance, from the game's seeded generator.
#[derive(Copy, Clone, Debug, Default)]
pub struct RandomPlay;

impl Strategy for RandomPlay {
    fn choose(&mut self, _view: &View<'_>, legal: &[Action], rng: &mut SplitMix64) -> Action {
        legal[rng.below(legal.len() as u64) as usize]
    }
}
