//! What a player sees and how a strategy chooses.
//!
//! A strategy is handed a [`View`]: the top cards of the row, the *set* of cards
//! it has not seen, how many cards remain in the stock, and the rules. The stock
//! order is not in the view, nor reachable from it, so no strategy that goes
//! through this trait can read it; the test `agents_cannot_read_the_stock_order`
//! in `play.rs` checks that, black-box, for every strategy.

use crate::card::Card;
use crate::error::{quoted, Error, Result};
use crate::rules::{RuleSet, Rules};
use std::fmt;
use std::str::FromStr;

/// A set of cards as a 52-bit mask (bit `i` = card index `i`): it has no order.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct CardSet(u64);

impl CardSet {
    /// All 52 cards.
    pub const FULL: CardSet = CardSet((1 << 52) - 1);

    pub fn of(cards: &[Card]) -> CardSet {
        CardSet(cards.iter().fold(0, |mask, c| mask | 1 << c.index()))
    }

    #[must_use]
    pub fn with(self, card: Card) -> CardSet {
        CardSet(self.0 | 1 << card.index())
    }

    #[must_use]
    pub fn without(self, card: Card) -> CardSet {
        CardSet(self.0 & !(1 << card.index()))
    }

    pub fn contains(self, card: Card) -> bool {
        self.0 >> card.index() & 1 == 1
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// In index order (`AC AD AH AS 2C …`): the order says nothing of the stock.
    pub fn iter(self) -> impl Iterator<Item = Card> {
        Card::all().filter(move |&c| self.contains(c))
    }
}

/// Everything a player may know when choosing an action.
#[derive(Copy, Clone, Debug)]
pub struct View<'a> {
    /// The top card of each pile, left to right.
    pub tops: &'a [Card],
    /// The cards not yet seen: all 52 less those dealt so far. With a full deck
    /// this is exactly the stock; with a shorter deal the stock is
    /// `stock_len` of these, the player does not know which.
    pub unseen: CardSet,
    /// Cards left in the stock (0 in an open game).
    pub stock_len: usize,
    pub rules: &'a Rules,
}

/// The strategies the simulator knows, by name.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum StrategyKind {
    /// No choice: the one action `strict` or `strict-leap` allows.
    Forced,
    /// Leftmost movable pile, nearest target; deal only when stuck.
    SlideFirst,
    /// Leftmost movable pile, farthest target; deal only when stuck.
    LeapFirst,
    /// The published open-play basic strategy: keep one rank as sweepers.
    Sweepers,
    /// Uniform among the legal actions.
    Random,
    /// Monte Carlo over orderings of the unseen cards (parlett rules).
    ParlettAgent,
    /// Orderings of the unseen cards, each scored by the solver (parlett rules).
    ParlettSampler,
    /// The exhaustive solver on the open row: the exact fewest piles.
    Solver,
    /// The exhaustive solver under `parlett` with the stock order known: the
    /// best any blind player could do. The only player that sees the stock.
    Clairvoyant,
    /// Best first over the open row, this many positions examined per move.
    Lookahead(u32),
    /// Sweepers, searched best first with this many positions per move.
    Planner(u32),
    /// Depth first over the open row, this many positions examined per move.
    DepthFirst(u32),
    /// Sweepers, searched depth first with this many positions per move.
    DeepPlanner(u32),
}

impl StrategyKind {
    /// Every strategy (those with a budget at their default budget).
    pub const ALL: [StrategyKind; 13] = [
        StrategyKind::Forced,
        StrategyKind::SlideFirst,
        StrategyKind::LeapFirst,
        StrategyKind::Sweepers,
        StrategyKind::Random,
        StrategyKind::ParlettAgent,
        StrategyKind::ParlettSampler,
        StrategyKind::Solver,
        StrategyKind::Clairvoyant,
        StrategyKind::Lookahead(StrategyKind::DEFAULT_BUDGET),
        StrategyKind::Planner(StrategyKind::DEFAULT_BUDGET),
        StrategyKind::DepthFirst(StrategyKind::DEFAULT_BUDGET),
        StrategyKind::DeepPlanner(StrategyKind::DEFAULT_BUDGET),
    ];

    /// Positions per move of `lookahead` and `planner` when none is given.
    pub const DEFAULT_BUDGET: u32 = 1_000;
    /// The largest budget accepted (a move then takes about a second).
    pub const MAX_BUDGET: u32 = 1_000_000;

    pub fn name(self) -> &'static str {
        match self {
            StrategyKind::Forced => "forced",
            StrategyKind::SlideFirst => "slide-first",
            StrategyKind::LeapFirst => "leap-first",
            StrategyKind::Sweepers => "sweepers",
            StrategyKind::Random => "random",
            StrategyKind::ParlettAgent => "parlett-agent",
            StrategyKind::ParlettSampler => "parlett-sampler",
            StrategyKind::Solver => "solver",
            StrategyKind::Clairvoyant => "clairvoyant",
            StrategyKind::Lookahead(_) => "lookahead",
            StrategyKind::Planner(_) => "planner",
            StrategyKind::DepthFirst(_) => "depth-first",
            StrategyKind::DeepPlanner(_) => "deep-planner",
        }
    }

    /// Positions examined per move, for the strategies that have a budget.
    pub fn budget(self) -> Option<u32> {
        match self {
            StrategyKind::Lookahead(budget)
            | StrategyKind::Planner(budget)
            | StrategyKind::DepthFirst(budget)
            | StrategyKind::DeepPlanner(budget) => Some(budget),
            _ => None,
        }
    }

    /// Whether the player reads the stock order: only `clairvoyant`, which is
    /// a bound, not a player (it never goes through [`View`]).
    pub fn sees_the_stock(self) -> bool {
        self == StrategyKind::Clairvoyant
    }

    /// The deal mode `stats` uses when none is asked for: open for the plans
    /// over a whole layout (`sweepers`, `solver`, `lookahead`, `planner`),
    /// blind for the rest.
    pub fn default_blind(self) -> bool {
        !matches!(
            self,
            StrategyKind::Sweepers
                | StrategyKind::Solver
                | StrategyKind::Lookahead(_)
                | StrategyKind::Planner(_)
                | StrategyKind::DepthFirst(_)
                | StrategyKind::DeepPlanner(_)
        )
    }

    /// The strategy `stats` uses when none is named: the forced play under
    /// `strict`/`strict-leap`, the agent under `parlett`, and under `modern` the
    /// program that takes plays as they come (`slide-first`).
    pub fn default_for(rules: &Rules) -> StrategyKind {
        match rules.set {
            RuleSet::Strict | RuleSet::StrictLeap | RuleSet::Uva => StrategyKind::Forced,
            RuleSet::Parlett => StrategyKind::ParlettAgent,
            RuleSet::Modern => StrategyKind::SlideFirst,
        }
    }

    /// Refuse a strategy that makes no sense with these rules and deal mode.
    pub fn check(self, rules: &Rules, blind: bool) -> Result<()> {
        let refuse = |why: &str| {
            Err(Error::InvalidRules(format!(
                "strategy {} cannot play {} ({}): {why}",
                self.name(),
                rules,
                if blind { "blind" } else { "open" }
            )))
        };
        match (self, rules.set) {
            (StrategyKind::Forced, RuleSet::Strict | RuleSet::StrictLeap | RuleSet::Uva) => Ok(()),
            (StrategyKind::Forced, _) => refuse(
                "only strict and strict-leap force every action; \
                 slide-first and leap-first play their forced choices under any rules",
            ),
            (_, RuleSet::Strict | RuleSet::StrictLeap | RuleSet::Uva) => refuse(
                "these rules force every action, so there is nothing to choose; use strategy forced",
            ),
            (
                StrategyKind::Sweepers
                | StrategyKind::Lookahead(_)
                | StrategyKind::Planner(_)
                | StrategyKind::DepthFirst(_)
                | StrategyKind::DeepPlanner(_),
                RuleSet::Parlett,
            ) if blind => refuse(
                "it plans over the whole layout, and parlett forbids dealing past a move",
            ),
            (StrategyKind::ParlettAgent | StrategyKind::ParlettSampler, RuleSet::Modern) => {
                refuse("the agent plays the parlett obligations (must move, deal only when stuck)")
            }
            (StrategyKind::Solver, RuleSet::Parlett) if blind => refuse(
                "solving a blind parlett game needs the stock order; \
                 the bound that reads it is strategy clairvoyant",
            ),
            (StrategyKind::Clairvoyant, RuleSet::Modern) => refuse(
                "under modern the stock order is worth nothing (deal it all, then play); \
                 use strategy solver",
            ),
            _ => Ok(()),
        }
    }
}

/// The name, and for a strategy with a budget `:` and the budget
/// (`lookahead:300`): the text [`FromStr`] reads back.
impl fmt::Display for StrategyKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())?;
        match self.budget() {
            Some(budget) => write!(f, ":{budget}"),
            None => Ok(()),
        }
    }
}

impl FromStr for StrategyKind {
    type Err = Error;

    /// A name of [`StrategyKind::ALL`], for `lookahead` and `planner`
    /// optionally followed by `:N`, the positions per move (1 to
    /// [`StrategyKind::MAX_BUDGET`]; default [`StrategyKind::DEFAULT_BUDGET`]).
    fn from_str(text: &str) -> Result<StrategyKind> {
        let wanted = text.trim().to_ascii_lowercase();
        let (name, budget) = match wanted.split_once(':') {
            Some((name, budget)) => (name.trim(), Some(budget.trim())),
            None => (wanted.as_str(), None),
        };
        let kind = StrategyKind::ALL
            .into_iter()
            .find(|kind| kind.name() == name)
            .ok_or_else(|| {
                let known: Vec<&str> = StrategyKind::ALL.iter().map(|k| k.name()).collect();
                Error::InvalidRules(format!(
                    "unknown strategy {} (known: {})",
                    quoted(text),
                    known.join(", ")
                ))
            })?;
        let Some(budget) = budget else {
            return Ok(kind);
        };
        let positions = budget
            .parse::<u32>()
            .ok()
            .filter(|n| (1..=StrategyKind::MAX_BUDGET).contains(n));
        match (kind, positions) {
            (StrategyKind::Lookahead(_), Some(n)) => Ok(StrategyKind::Lookahead(n)),
            (StrategyKind::Planner(_), Some(n)) => Ok(StrategyKind::Planner(n)),
            (StrategyKind::DepthFirst(_), Some(n)) => Ok(StrategyKind::DepthFirst(n)),
            (StrategyKind::DeepPlanner(_), Some(n)) => Ok(StrategyKind::DeepPlanner(n)),
            (_, None) if kind.budget().is_some() => Err(Error::InvalidRules(format!(
                "strategy {}: the budget must be a whole number of positions per move, \
                     1 to {}",
                quoted(text),
                StrategyKind::MAX_BUDGET
            ))),
            _ => Err(Error::InvalidRules(format!(
                "strategy {}: only lookahead, planner, depth-first and deep-planner take a budget",
                quoted(text)
            ))),
        }
    }
}
