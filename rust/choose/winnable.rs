//! The next numbered deal at or after a start that can be won under given rules:
//!
//! * `strict`, `strict-leap`: the forced game wins (open, or blind with `blind`);
//! * `parlett`: blind, the best line with the stock order known wins (the
//!   clairvoyant game); open, the best line of the must-move game wins;
//! * `modern`: the solver wins the open row (a blind `modern` game is as easy as
//!   the open one: dealing early never hurts).
//!
//! The search gives up after [`DEFAULT_TRIES`] numbers (or as many as asked):
//! rules that win about once in `p` deals need about `p` tries, so a limit of
//! 100,000 fails by bad luck only when `p` is above about 10,000 (for `strict`
//! at 52 cards, `p` ≈ 1,700). Rules that can never win at that length (the
//! first piles of a one-way row whose smallest distance is 2 or more never
//! merge) are refused at once.

use super::{first_qualifying, Judged, Numbers, Walk};
use crate::deal::{Deal, DECK_SIZE};
use crate::error::{Error, Result};
use crate::patience::{Patience, Solved};
use crate::rules::Rules;
use crate::solver::{self, Budget, Verdict};

/// The numbers tried before giving up, unless the caller says otherwise.
pub const DEFAULT_TRIES: u64 = 100_000;

/// The solver's node budget per candidate deal: a candidate it cannot decide
/// within it is skipped (and counted as undecided).
pub const NODES_PER_DEAL: u64 = 2_000_000;

/// What the search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Winnable {
    /// The number of the deal (`Deal::from_seed(seed, cards)`).
    pub seed: u64,
    pub deal: Deal,
    /// Numbers tried and passed over before it.
    pub skipped: u64,
    /// Of those, the ones the solver could not decide within its budget.
    pub undecided: u64,
}

/// Whether `deal` can be won under `rules` (played `blind` or open).
pub fn can_win(deal: &Deal, rules: &Rules, blind: bool, budget: &Budget) -> Verdict {
    let cards = deal.cards();
    let (tops, stock): (&[_], &[_]) = if blind && rules.set.must_move() {
        (&[], cards)
    } else {
        (cards, &[])
    };
    solver::solve(tops, stock, rules, budget).verdict
}

/// The first numbered deal of `cards` cards from `start` on that `rules` win,
/// trying at most `tries` numbers, on `jobs` threads (default: all cores);
/// `Ok(None)` when `cancel` was raised (checked between blocks of candidates).
pub fn next_winnable(
    cards: usize,
    rules: &Rules,
    blind: bool,
    numbers: Numbers<'_>,
) -> Result<Option<Winnable>> {
    let Numbers {
        start,
        tries,
        cancel,
        ..
    } = numbers;
    if !(1..=DECK_SIZE).contains(&cards) {
        return Err(Error::argument("cards", "1 to 52 cards", cards));
    }
    if tries == 0 {
        return Err(Error::argument("tries", "1 to 2**64 - 1 numbers to try", 0));
    }
    super::refuse_goal(rules)?;
    let floor = solver::fewest_possible_piles(rules, cards);
    if floor > rules.win_piles {
        return Err(Error::InvalidRules(format!(
            "no deal of {cards} cards can be won under {rules}: its first {floor} piles never merge"
        )));
    }
    let budget = Budget {
        max_nodes: Some(NODES_PER_DEAL),
        cancel: cancel.cloned(),
        ..Budget::default()
    };
    // Forced games cost a microsecond, solves a millisecond: blocks sized so
    // that a block takes a few milliseconds either way.
    let per_thread: u64 = if rules.set.is_automatic() { 2048 } else { 16 };
    let walk = first_qualifying(numbers, per_thread, |seed| {
        let deal = Deal::from_seed(seed, cards).expect("cards checked above");
        match can_win(&deal, rules, blind, &budget) {
            Verdict::Win => Judged::Yes(deal),
            Verdict::Loss => Judged::No,
            Verdict::Unknown => Judged::Undecided,
        }
    });
    let mode = if blind { "blind" } else { "open" };
    found(walk, |tried, unsure| {
        format!(
            "no {mode} deal of {cards} cards from number {start} on is won under {rules} \
             in {tried}{unsure}: these rules (almost) never win at this length"
        )
    })
}

/// The first numbered deal from `numbers.start` on that the game's own solver
/// wins ([`Patience::solve`]: open, or blind with the stock order known),
/// `game_of(n)` being the game on numbered deal `n` and that deal: the walk of
/// [`next_winnable`] over any game. `what` names the deals in the error when
/// none is found (`open Bayan deal of 52 cards`).
pub fn next_winnable_of<P: Patience>(
    numbers: Numbers<'_>,
    what: &str,
    game_of: impl Fn(u64) -> (Deal, P) + Sync,
) -> Result<Option<Winnable>> {
    if numbers.tries == 0 {
        return Err(Error::argument("tries", "1 to 2**64 - 1 numbers to try", 0));
    }
    let budget = Budget {
        max_nodes: Some(NODES_PER_DEAL),
        cancel: numbers.cancel.cloned(),
        ..Budget::default()
    };
    let walk = first_qualifying(numbers, 16, |seed| {
        let (deal, game) = game_of(seed);
        match game.solve(&budget).verdict() {
            Verdict::Win => Judged::Yes(deal),
            Verdict::Loss => Judged::No,
            Verdict::Unknown => Judged::Undecided,
        }
    });
    let start = numbers.start;
    found(walk, |tried, unsure| {
        format!("no {what} from number {start} on is won in {tried}{unsure}")
    })
}

/// What a walk to a winnable deal ends with: the deal found, `None` when it
/// was cancelled, or the error `none(tried, unsure)` says (`tried`: the
/// numbers tried in words, `1 try`, `50 tries`; `unsure`: how many
/// the solver left undecided, in words, or nothing).
fn found(
    walk: Walk<Deal>,
    none: impl FnOnce(String, String) -> String,
) -> Result<Option<Winnable>> {
    match walk {
        Walk::Found {
            seed,
            value,
            skipped,
            undecided,
        } => Ok(Some(Winnable {
            seed,
            deal: value,
            skipped,
            undecided,
        })),
        Walk::Cancelled => Ok(None),
        Walk::Exhausted { tried, undecided } => {
            let unsure = if undecided > 0 {
                format!(" ({undecided} undecided within the solver's budget)")
            } else {
                String::new()
            };
            let tried = if tried == 1 {
                "1 try".to_string()
            } else {
                format!("{tried} tries")
            };
            Err(Error::InvalidRules(none(tried, unsure)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::RuleSet;
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;

    #[test]
    fn the_deal_found_is_won_and_every_number_skipped_is_not() {
        for (set, blind, cards) in [
            (RuleSet::Strict, true, 52),
            (RuleSet::StrictLeap, false, 20),
            (RuleSet::Modern, false, 16),
            (RuleSet::Parlett, true, 14),
        ] {
            let rules = Rules::new(set);
            let found = next_winnable(
                cards,
                &rules,
                blind,
                Numbers::new(1000, DEFAULT_TRIES, Some(2), None),
            )
            .unwrap()
            .unwrap();
            let budget = Budget::default();
            assert_eq!(can_win(&found.deal, &rules, blind, &budget), Verdict::Win);
            assert_eq!(found.seed, 1000 + found.skipped);
            for seed in 1000..found.seed {
                let deal = Deal::from_seed(seed, cards).unwrap();
                assert_ne!(
                    can_win(&deal, &rules, blind, &budget),
                    Verdict::Win,
                    "{seed}"
                );
            }
            let again = next_winnable(
                cards,
                &rules,
                blind,
                Numbers::new(1000, DEFAULT_TRIES, Some(1), None),
            );
            assert_eq!(again.unwrap().unwrap(), found, "the same with one thread");
        }
    }

    #[test]
    fn hopeless_rules_are_refused_and_the_tries_are_bounded() {
        let skidoo = Rules::modern().with_distances("2,3".parse().unwrap());
        let refused =
            next_winnable(52, &skidoo, false, Numbers::new(1, 10, None, None)).unwrap_err();
        assert!(refused.to_string().contains("never merge"), "{refused}");
        let strict = Rules::new(RuleSet::Strict);
        let gave_up =
            next_winnable(52, &strict, true, Numbers::new(1, 50, None, None)).unwrap_err();
        assert!(matches!(gave_up, Error::InvalidRules(_)), "{gave_up}");
        assert!(gave_up.to_string().contains("in 50 tries"), "{gave_up}");
        let flag = Arc::new(AtomicBool::new(true));
        assert_eq!(
            next_winnable(52, &strict, true, Numbers::new(1, 10, None, Some(&flag))).unwrap(),
            None
        );
    }
}
