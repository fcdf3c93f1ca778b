//! A game of Royal Marriage: the deal, the mode (open or blind), the dealing rule,
//! the row, the stock, the history and the outcome. The machinery it shares with
//! Bayan is [`ThrowGame`]; here is what is Royal Marriage's own ([`Royal`]).

use super::deal::RoyalDeal;
use super::play::RoyalPlay;
use super::row::{RoyalRow, Throw};
use super::solver::solve;
use super::strategy::greedy_choice;
use crate::budget::{Budget, Verdict};
use crate::card::Card;
use crate::deal::Deal;
use crate::error::{Error, Result};
use crate::rules::RuleSet;
use crate::throw_game::{
    rule_set_of, Solution, ThrowAction, ThrowGame, ThrowOutcome, ThrowPlay, Throwing,
};
use std::time::Instant;

/// An action by position: a throw, or dealing the next card.
pub type RoyalAction = ThrowAction<Throw>;

/// Where a game stands. `cards` counts every card not thrown out (row and
/// stock); `won`: only the queen and the king of hearts are left.
pub type RoyalOutcome = ThrowOutcome;

/// A game of Royal Marriage, open or blind ([`ThrowGame`] with [`Royal`]).
///
/// The dealing rule matters only in blind play: under `modern` the player may deal
/// while a throw exists; under `parlett` a throw must be made first (which throw
/// is free). In an open game both mean the same.
pub type RoyalGame = ThrowGame<Royal>;

/// Royal Marriage's part of [`ThrowGame`]: its throws, its plays and its
/// dealing rule.
#[derive(Copy, Clone, Debug)]
pub struct Royal {
    rules: RuleSet,
}

impl ThrowGame<Royal> {
    /// Open: the whole deal laid out. Blind: an empty row and the deal as stock
    /// (so the queen of hearts is dealt first and the king of hearts last).
    pub fn new(deal: RoyalDeal, blind: bool, rules: RuleSet) -> Result<RoyalGame> {
        Ok(ThrowGame::open_or_blind(deal, rule_set_of(rules)?, blind))
    }

    pub fn rules(&self) -> RuleSet {
        self.game_rules().rules
    }
}

impl ThrowPlay for RoyalPlay {
    const DEAL: RoyalPlay = RoyalPlay::Deal;

    fn parse(text: &str) -> Result<RoyalPlay> {
        RoyalPlay::parse(text)
    }

    fn kind(&self) -> &'static str {
        match self {
            RoyalPlay::Out(..) => "out",
            RoyalPlay::Between(..) => "between",
            RoyalPlay::Deal => "deal",
        }
    }

    fn cards(&self) -> Vec<Card> {
        match *self {
            RoyalPlay::Out(a, None) => vec![a],
            RoyalPlay::Out(a, Some(b)) | RoyalPlay::Between(a, b) => vec![a, b],
            RoyalPlay::Deal => vec![],
        }
    }
}

impl Throwing for Royal {
    type Deal = RoyalDeal;
    type Row = RoyalRow;
    type Throw = Throw;
    type Play = RoyalPlay;
    const STOCK: &'static str = "stock";
    const TITLE: &'static str = "Royal Marriage";
    const NAME: &'static str = "royal-marriage";
    const PYSOL_ID: Option<u32> = Some(288);
    const RULE_SETS: &'static [RuleSet] = &[RuleSet::Modern, RuleSet::Parlett];
    const RULES_IN_WORDS: &'static str = "the rules modern or parlett";
    const WON_AT: usize = super::row::WON_AT;
    const MIN_CARDS: usize = 2;
    /// The interval solver decides any row in under 1,400 intervals.
    const QUICK_LOOK: u64 = u64::MAX;

    fn with_rules(rules: RuleSet) -> Royal {
        Royal { rules }
    }

    fn rules(self) -> RuleSet {
        self.rules
    }

    fn deal_of(deal: Deal) -> Result<RoyalDeal> {
        RoyalDeal::new(deal)
    }

    fn as_deal(deal: &RoyalDeal) -> &Deal {
        deal.as_deal()
    }

    /// The row starts empty: the queen of hearts is dealt first, the king last.
    fn blind_start(_deal: &RoyalDeal) -> usize {
        0
    }

    fn numbered_deal(seed: u64, cards: usize) -> Result<RoyalDeal> {
        RoyalDeal::from_seed(seed, cards)
    }

    fn solve_row(self, row: &RoyalRow, budget: &Budget) -> Solution<RoyalPlay> {
        solve(row.cards(), budget)
    }

    /// Under `parlett` every throw has the newest card as its right end and
    /// any two choices lead to the same row (`docs/royal-marriage.md`, and the
    /// test `under_parlett_blind_play_every_choice_ends_alike`): any throw will do.
    fn blind_choice(game: &RoyalGame) -> Option<Throw> {
        greedy_choice(game.row())
    }

    /// Under `modern` the default: the row with the stock dealt onto it. Under
    /// `parlett` a blind game with cards in the stock has nothing to decide
    /// (every throw has the newest card as its right end, and any two choices
    /// lead to the same row: `docs/royal-marriage.md`), so its one result is
    /// the end of a play-out with the first legal action each time; `moves` is
    /// that line from the game's position, deals included.
    fn solve_game(game: &RoyalGame, budget: &Budget) -> Solution<RoyalPlay> {
        if game.rules() == RuleSet::Modern || game.stock().is_empty() {
            return solve(&game.cards_left(), budget);
        }
        let start = Instant::now();
        let mut line = game.clone();
        let mut moves = Vec::new();
        let mut nodes = 0;
        loop {
            if budget.exhausted(nodes, start) {
                return Solution {
                    verdict: Verdict::Unknown,
                    cards: line.outcome().cards,
                    moves,
                    nodes,
                    elapsed: start.elapsed(),
                    cancelled: budget.is_cancelled(),
                };
            }
            let action = match greedy_choice(line.row()) {
                Some(throw) => RoyalAction::Throw(throw),
                None if line.may_deal() => RoyalAction::Deal,
                None => break,
            };
            nodes += 1;
            moves.push(line.play_of(action));
            line.play(action).expect("the first legal action is legal");
        }
        Solution {
            verdict: if line.is_won() {
                Verdict::Win
            } else {
                Verdict::Loss
            },
            cards: line.outcome().cards,
            moves,
            nodes,
            elapsed: start.elapsed(),
            cancelled: false,
        }
    }

    fn deals_past_throws(self) -> bool {
        self.rules == RuleSet::Modern
    }

    fn rules_name(self) -> &'static str {
        self.rules.name()
    }

    /// Only the queen and the king of hearts are left.
    fn is_won(row: &RoyalRow) -> bool {
        row.len() == 2
    }

    fn play_of(row: &RoyalRow, throw: Throw) -> RoyalPlay {
        let cards = row.cards();
        let at = throw.at as usize;
        let second = (throw.count == 2)
            .then(|| cards.get(at + 1).copied())
            .flatten();
        cards
            .get(at)
            .map_or(RoyalPlay::Deal, |&first| RoyalPlay::Out(first, second))
    }

    fn action_of(game: &RoyalGame, play: RoyalPlay) -> Result<RoyalAction> {
        let find = |card: Card| game.position_of(card, play);
        let throw = match play {
            RoyalPlay::Deal => return Ok(RoyalAction::Deal),
            RoyalPlay::Out(card, None) => Throw {
                at: find(card)? as u8,
                count: 1,
            },
            RoyalPlay::Out(first, Some(second)) => {
                let at = find(first)?;
                if find(second)? != at + 1 {
                    return Err(Error::IllegalMove(format!(
                        "illegal move {play}: {first} and {second} are not next to each other, \
                         left to right"
                    )));
                }
                Throw {
                    at: at as u8,
                    count: 2,
                }
            }
            RoyalPlay::Between(left, right) => {
                let (l, r) = (find(left)?, find(right)?);
                if r <= l + 1 || r > l + 3 {
                    return Err(Error::IllegalMove(format!(
                        "illegal move {play}: a throw takes the 1 or 2 cards between two cards, \
                         and {right} is not 2 or 3 places right of {left}"
                    )));
                }
                Throw {
                    at: l as u8 + 1,
                    count: (r - l - 1) as u8,
                }
            }
        };
        Ok(RoyalAction::Throw(throw))
    }

    fn why_not(self, row: &RoyalRow, throw: Throw, play: RoyalPlay) -> String {
        let cards = row.cards();
        let why = if !(1..=2).contains(&throw.count) {
            "a throw takes 1 or 2 cards".to_string()
        } else if cards.len() < 3 {
            format!("a row of {} cards has none between two others", cards.len())
        } else if throw.at == 0 {
            format!(
                "{} is the left end of the row; only cards between two others go out",
                cards[0]
            )
        } else if throw.right() >= cards.len() {
            format!(
                "{} is the right end of the row; only cards between two others go out",
                cards[cards.len() - 1]
            )
        } else {
            format!(
                "{} and {} on either side share neither suit nor rank",
                cards[throw.left()],
                cards[throw.right()]
            )
        };
        format!("illegal move {play}: {why}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(text: &str, blind: bool, rules: RuleSet) -> RoyalGame {
        RoyalGame::new(text.parse().unwrap(), blind, rules).unwrap()
    }

    #[test]
    fn an_open_game_is_won_by_throwing_down_to_the_royal_pair() {
        let mut g = game("QH 5C 9H 7D 5S KH", false, RuleSet::Modern);
        assert!(!g.may_deal());
        g.play_text("out 9H 7D").unwrap();
        assert_eq!(g.row().to_string(), "QH 5C 5S KH");
        let err = g.play_text("out 5C").unwrap_err().to_string();
        assert!(err.contains("share neither"), "{err}");
        g.play_text("between QH KH").unwrap();
        assert!(g.is_won());
        let RoyalOutcome {
            cards,
            won,
            is_over,
        } = g.outcome();
        assert_eq!((cards, won, is_over), (2, true, true));
        let history: Vec<String> = g.history().iter().map(ToString::to_string).collect();
        assert_eq!(history, ["out 9H 7D", "out 5C 5S"]);
        g.undo();
        g.undo();
        assert_eq!(g.row().to_string(), "QH 5C 9H 7D 5S KH");
        assert!(g.undo().is_none());
    }

    #[test]
    fn blind_dealing_follows_the_rules() {
        let mut modern = game("QH 5C 9H 7D KH", true, RuleSet::Modern);
        let mut parlett = game("QH 5C 9H 7D KH", true, RuleSet::Parlett);
        for g in [&mut modern, &mut parlett] {
            assert_eq!(g.legal_actions(), vec![RoyalAction::Deal]);
            for _ in 0..3 {
                g.play_text("deal").unwrap();
            }
            assert_eq!(g.to_string(), "QH 5C 9H | stock 2");
            assert_eq!(g.outcome().cards, 5);
        }
        assert!(modern.may_deal());
        let err = parlett.play_text("deal").unwrap_err().to_string();
        assert!(err.contains("oblige"), "{err}");
        let err = parlett.play_text("out 7D").unwrap_err().to_string();
        assert!(err.contains("still in the stock"), "{err}");
        parlett.play_text("out 5C").unwrap();
        parlett.play_text("deal").unwrap();
        parlett.play_text("deal").unwrap();
        assert_eq!(parlett.to_string(), "QH 9H 7D KH | stock 0");
        parlett.play_text("x7D").unwrap();
        assert!(!parlett.is_won());
        parlett.play_text("out 9H").unwrap();
        assert!(parlett.is_won());
        assert!(game("QH 5C KH", true, RuleSet::Parlett).outcome().cards == 3);
    }

    #[test]
    fn illegal_throws_say_why() {
        let mut g = game("QH 5C 9H 7D 5S KH", false, RuleSet::Modern);
        let cases = [
            ("out QH", "left end"),
            ("out KH", "right end"),
            ("out 5C 7D", "not next to each other"),
            ("out 7D 9H", "not next to each other"),
            ("out AS", "not in the row"),
            ("between QH 5S", "not 2 or 3 places"),
            ("between 5C QH", "not 2 or 3 places"),
            ("between QH 5C", "not 2 or 3 places"),
            ("deal", "no stock"),
        ];
        for (text, why) in cases {
            let err = g.play_text(text).unwrap_err();
            assert!(matches!(err, Error::IllegalMove(_)), "{text}");
            assert!(err.to_string().contains(why), "{text}: {err}");
        }
        assert!(matches!(g.play_text("5C"), Err(Error::InvalidMove(_))));
        // Between two cards not at the left end: the cards between them go.
        let mut inner = game("QH 5C 9H 7D 5S KH", false, RuleSet::Modern);
        assert_eq!(
            inner.play_text("between 5C 5S").unwrap().to_string(),
            "out 9H 7D"
        );
        assert_eq!(inner.row().to_string(), "QH 5C 5S KH");
        assert_eq!(format!("{:?}", inner.row()), "RoyalRow(QH 5C 5S KH)");
        // The left end of a row of three is named as such.
        let mut three = game("QH 5C KH", false, RuleSet::Modern);
        let err = three
            .play(RoyalAction::Throw(Throw { at: 0, count: 1 }))
            .unwrap_err();
        assert!(err.to_string().contains("left end"), "{err}");
        // A throw by position in a row too short for one: an error, not a panic.
        let mut empty = game("QH 5C KH", true, RuleSet::Modern);
        for at in [0, 1] {
            let err = empty
                .play(RoyalAction::Throw(Throw { at, count: 1 }))
                .unwrap_err();
            assert!(err.to_string().contains("none between two others"), "{err}");
        }
        assert!(matches!(
            RoyalGame::new("QH KH".parse().unwrap(), false, RuleSet::Strict),
            Err(Error::InvalidRules(_))
        ));
    }
}
