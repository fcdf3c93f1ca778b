//! `slide-first` and `leap-first`: take the plays as they come.
//!
//! Repeatedly make the first legal move in this order — the leftmost pile that
//! can move; of its targets the nearest (`slide-first`) or the farthest
//! (`leap-first`), leftwards before rightwards at equal distance — and deal only
//! when no move is left. This is exactly the choice `strict` (resp.
//! `strict-leap`) forces, so under `parlett` or `modern` these players play the
//! strict game. In a blind game every pile is stuck before a deal, so the first
//! move after a deal is always the new card's, and the cascade then works from
//! the left: this is the "program taking the plays as they come" of the folklore.

use crate::blind::play::RowPlayer;
use crate::blind::strategy::View;
use crate::deal::SplitMix64;
use crate::game::Action;

/// A greedy player: leftmost pile first, nearest or farthest target.
#[derive(Copy, Clone, Debug)]
pub struct Greedy {
    farthest: bool,
}

impl Greedy {
    pub fn slide_first() -> Greedy {
        Greedy { farthest: false }
    }

    pub fn leap_first() -> Greedy {
        Greedy { farthest: true }
    }
}

impl RowPlayer for Greedy {
    fn pick(&mut self, _: &View<'_>, legal: &[Action], _: &mut SplitMix64) -> Option<Action> {
        let mut best: Option<(usize, usize, Action)> = None;
        for &action in legal {
            let Action::Move(step) = action else { continue };
            let d = step.from.abs_diff(step.to);
            let better = match best {
                None => true,
                Some((from, _, _)) if step.from != from => false,
                Some((_, bd, _)) => {
                    if self.farthest {
                        d > bd
                    } else {
                        d < bd
                    }
                }
            };
            if better {
                best = Some((step.from, d, action));
            }
        }
        Some(best.map_or(Action::Deal, |(_, _, action)| action))
    }
}
