//! Move ordering: which move the search tries first. Ordering never changes a
//! verdict or a pile count, only how soon a good line is found.

use super::position::Position;
use crate::rules::Step;

/// Sort `moves` (legal in `position`) best first.
#[inline]
pub(crate) fn order_moves(_position: &Position, moves: &mut [Step]) {
    moves.sort_unstable_by_key(|step| std::cmp::Reverse((step.from, step.to)));
}
