//! `forced`: the automatic rule sets leave one legal action; take it.

use crate::blind::strategy::{Strategy, View};
use crate::deal::SplitMix64;
use crate::game::Action;

/// Takes the first legal action: under `strict` and `strict-leap` it is the only one.
#[derive(Copy, Clone, Debug, Default)]
pub struct ForcedPlay;

impl Strategy for ForcedPlay {
    fn choose(&mut self, _view: &View<'_>, legal: &[Action], _rng: &mut SplitMix64) -> Action {
        legal[0]
    }
}
