//! Strategies that play a whole game, and `hint`.
//!
//! - `greedy`: whenever a throw exists, make one, chosen by [`greedy_choice`];
//!   deal only when no throw exists. It never looks ahead.
//! - `best`: open play follows the exact solver's line. Blind play under `modern`
//!   deals every card first (dealing never takes a throw away, so this loses
//!   nothing and turns the game into the open one), then follows the solver: it
//!   never looks at the stock order. Blind play under `parlett` has nothing to
//!   decide: every throw has the newest card as its right end, and any two
//!   choices lead to the same row (see `docs/royal-marriage.md`), so `best` is
//!   `greedy` there.

use super::deal::RoyalDeal;
use super::game::{RoyalAction, RoyalGame, RoyalOutcome};
use super::play::RoyalPlay;
use super::row::{RoyalRow, Throw};
use super::solver::solve;
use crate::budget::Budget;
use crate::card::Card;
use crate::error::{quoted, Error, Result};
use crate::rules::RuleSet;
use crate::throw_game::ThrowRow;
use std::str::FromStr;

/// How a whole game is played automatically.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Strategy {
    Greedy,
    Best,
}

impl Strategy {
    pub fn name(self) -> &'static str {
        match self {
            Strategy::Greedy => "greedy",
            Strategy::Best => "best",
        }
    }
}

impl FromStr for Strategy {
    type Err = Error;

    fn from_str(text: &str) -> Result<Strategy> {
        match text.trim().to_ascii_lowercase().as_str() {
            "greedy" => Ok(Strategy::Greedy),
            "best" => Ok(Strategy::Best),
            _ => Err(Error::InvalidRules(format!(
                "unknown Royal Marriage strategy {} (known: greedy, best)",
                quoted(text)
            ))),
        }
    }
}

/// The greedy rule: the leftmost throw, i.e. the first in canonical order (the
/// smallest position of the first thrown card; there, one card before two).
pub fn greedy_choice(row: &RoyalRow) -> Option<Throw> {
    let cards = row.cards();
    (1..cards.len().saturating_sub(1)).find_map(|at| {
        (1..=2).find_map(|count| {
            let throw = Throw {
                at: at as u8,
                count: count as u8,
            };
            row.allows(throw).then_some(throw)
        })
    })
}

/// Greedy play of an open row: its line and the cards left.
pub fn greedy_line(cards: &[Card]) -> (Vec<RoyalPlay>, usize) {
    let mut row = RoyalRow::from_cards(cards);
    let mut line = Vec::new();
    while let Some(throw) = greedy_choice(&row) {
        let out = row.apply(throw);
        line.push(RoyalPlay::Out(out[0], (throw.count == 2).then_some(out[1])));
    }
    (line, row.len())
}

/// The action a strategy takes in a game, or `None` when the game is over.
/// `best` in blind play under `parlett` never looks at the stock order.
pub fn choose(game: &RoyalGame, strategy: Strategy) -> Option<RoyalAction> {
    let throw = match strategy {
        Strategy::Greedy => greedy_choice(game.row()),
        Strategy::Best if game.is_blind() && !game.stock().is_empty() => {
            if game.rules() == RuleSet::Modern {
                // Dealing never takes a throw away: deal everything, then solve.
                return Some(RoyalAction::Deal);
            }
            // Parlett: every choice leads to the same row, so any throw will do.
            greedy_choice(game.row())
        }
        Strategy::Best => {
            if game.row().has_throw() {
                let verdict = solve(game.cards(), &Budget::default());
                let first = *verdict.moves.first().expect("a throw exists");
                match game.action_of(first) {
                    Ok(RoyalAction::Throw(t)) => Some(t),
                    _ => unreachable!("the solver's line starts with a legal throw"),
                }
            } else {
                None
            }
        }
    };
    throw
        .map(RoyalAction::Throw)
        .or_else(|| game.may_deal().then_some(RoyalAction::Deal))
}

/// Play a whole game with a strategy; the final outcome.
pub fn play_out(
    deal: RoyalDeal,
    blind: bool,
    rules: RuleSet,
    strategy: Strategy,
) -> Result<RoyalOutcome> {
    let mut game = RoyalGame::new(deal, blind, rules)?;
    if strategy == Strategy::Best && (!blind || rules == RuleSet::Modern) {
        let verdict = solve(game.deal().cards(), &Budget::default());
        return Ok(RoyalOutcome {
            cards: verdict.cards,
            won: verdict.cards == 2,
            is_over: true,
        });
    }
    while let Some(action) = choose(&game, strategy) {
        game.play(action).expect("strategies choose legal actions");
    }
    Ok(game.outcome())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn under_parlett_blind_play_every_choice_ends_alike() {
        // Play each deal by always taking the last legal throw instead of the
        // first: the confluence argument of docs/royal-marriage.md says the rows
        // after each deal's throws agree with greedy's.
        for seed in 0..300 {
            let deal = RoyalDeal::from_seed(seed, 52).unwrap();
            let mut first = RoyalGame::new(deal.clone(), true, RuleSet::Parlett).unwrap();
            let mut last = RoyalGame::new(deal, true, RuleSet::Parlett).unwrap();
            while first.may_deal() || last.may_deal() {
                first.play(RoyalAction::Deal).unwrap();
                last.play(RoyalAction::Deal).unwrap();
                while let Some(&a) = first.legal_actions().first() {
                    first.play(a).unwrap();
                }
                while let Some(&a) = last.legal_actions().last() {
                    last.play(a).unwrap();
                }
                assert_eq!(first.cards(), last.cards(), "seed {seed}");
            }
        }
    }

    #[test]
    fn greedy_takes_the_leftmost_throw() {
        let row = RoyalRow::from_cards(
            &"QH 5C 9H 7D 5S KH"
                .split_whitespace()
                .map(|t| t.parse().unwrap())
                .collect::<Vec<Card>>(),
        );
        assert_eq!(greedy_choice(&row), Some(Throw { at: 1, count: 1 }));
        let (line, left) = greedy_line(row.cards());
        assert_eq!(line[0].to_string(), "out 5C");
        assert_eq!(left, 2);
    }

    #[test]
    fn strategies_finish_games_and_best_is_never_worse() {
        for seed in 0..200 {
            for blind in [false, true] {
                for rules in [RuleSet::Modern, RuleSet::Parlett] {
                    let deal = RoyalDeal::from_seed(seed, 52).unwrap();
                    let greedy = play_out(deal.clone(), blind, rules, Strategy::Greedy).unwrap();
                    let best = play_out(deal.clone(), blind, rules, Strategy::Best).unwrap();
                    assert!(greedy.is_over && best.is_over);
                    let open_best = play_out(deal, false, rules, Strategy::Best).unwrap();
                    assert!(best.cards >= open_best.cards, "blind can't beat open");
                    if !blind || rules == RuleSet::Modern {
                        assert!(best.cards <= greedy.cards, "{seed}");
                    }
                }
            }
        }
    }
}
