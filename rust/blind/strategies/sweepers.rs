//! `sweepers`: the published basic strategy for open play (Rick Holzgrafe's,
//! from the Solitaire Till Dawn rules and strategy article, reported to win about
//! one game in three).
//!
//! The published advice, paraphrased: lay out all 52 cards first; look for
//! several cards of one rank near the end of the layout; those four cards are the
//! *sweepers*; never move any other card onto a sweeper until the very end; get
//! the sweepers together at the end of the layout, then move them towards the
//! beginning, sweeping up the piles.
//!
//! How this player reads it, exactly:
//!
//! 1. **Lay out.** While the stock lasts and dealing is allowed, deal (under
//!    `modern` a blind game is thereby an open one). The rank is chosen at the
//!    first decision with the stock empty.
//! 2. **Choose the sweepers.** The rank with the most cards among the last
//!    quarter of the piles (the last 13 of 52: the "bottom row" of the four-row
//!    layout of the article); ties go to the rank whose cards there stand
//!    farther right (larger sum of positions), then to the lower rank.
//! 3. **Play** the legal move of the lowest class, where a move is
//!    - class 0, *gather*: a non-sweeper onto a non-sweeper;
//!    - class 1, *sweep*: a sweeper onto a non-sweeper;
//!    - class 2, *join sweepers*: a sweeper onto a sweeper;
//!    - class 3, *bury*: a non-sweeper onto a sweeper (the "very end": only when
//!      nothing else is left);
//!
//!    and within a class the leftmost mover, then the nearest target, leftwards
//!    before rightwards. Under `parlett` some move is always made; under `modern`
//!    a bury is also made when it is the only move (a move never adds a pile).

use crate::blind::strategy::{Strategy, View};
use crate::card::Card;
use crate::deal::SplitMix64;
use crate::game::Action;

/// The sweepers player; it picks its rank when the layout is complete.
#[derive(Copy, Clone, Debug, Default)]
pub struct Sweepers {
    rank: Option<u8>,
}

impl Sweepers {
    /// The sweeper rank of a laid-out row (rule 2).
    pub fn choose_rank(tops: &[Card]) -> u8 {
        let tail = tops.len().div_ceil(4);
        let mut score = [(0usize, 0usize); 13];
        for (position, card) in tops.iter().enumerate().skip(tops.len() - tail) {
            let entry = &mut score[card.rank() as usize];
            entry.0 += 1;
            entry.1 += position;
        }
        // max_by_key keeps the last maximum, so scan ranks from high to low.
        (0..13u8)
            .rev()
            .max_by_key(|&rank| score[rank as usize])
            .expect("thirteen ranks")
    }

    fn class(rank: u8, mover: Card, target: Card) -> u8 {
        match (mover.rank() == rank, target.rank() == rank) {
            (false, false) => 0,
            (true, false) => 1,
            (true, true) => 2,
            (false, true) => 3,
        }
    }
}

impl Strategy for Sweepers {
    fn choose(&mut self, view: &View<'_>, legal: &[Action], _rng: &mut SplitMix64) -> Action {
        if view.stock_len > 0 && legal.contains(&Action::Deal) {
            return Action::Deal;
        }
        let rank = *self
            .rank
            .get_or_insert_with(|| Sweepers::choose_rank(view.tops));
        let key = |action: &Action| match *action {
            Action::Move(step) => (
                Sweepers::class(rank, view.tops[step.from], view.tops[step.to]),
                step.from,
                step.from.abs_diff(step.to),
                step.to > step.from,
            ),
            Action::Deal => (u8::MAX, usize::MAX, usize::MAX, true),
        };
        *legal
            .iter()
            .min_by_key(|a| key(a))
            .expect("a strategy is asked only when an action is legal")
    }
}
