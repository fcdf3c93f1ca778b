//! A game of Royal Marriage: the deal, the mode (open or blind), the dealing rule,
//! the row, the stock, the history and the outcome.

use super::deal::RoyalDeal;
use super::play::RoyalPlay;
use super::row::{RoyalRow, Throw};
use crate::card::Card;
use crate::error::{Error, Result};
use crate::rules::RuleSet;
use std::fmt;

/// An action by position: a throw, or dealing the next card.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum RoyalAction {
    Throw(Throw),
    Deal,
}

/// Where a game stands. `cards` counts every card not thrown out (row and stock).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct RoyalOutcome {
    pub cards: usize,
    /// Only the queen and the king of hearts are left.
    pub won: bool,
    pub is_over: bool,
}

#[derive(Copy, Clone, Debug)]
struct Record {
    action: RoyalAction,
    play: RoyalPlay,
    out: [Card; 2],
}

/// A game of Royal Marriage, open or blind.
///
/// The dealing rule matters only in blind play: under `modern` the player may deal
/// while a throw exists; under `parlett` a throw must be made first (which throw
/// is free). In an open game both mean the same.
#[derive(Clone, Debug)]
pub struct RoyalGame {
    deal: RoyalDeal,
    blind: bool,
    rules: RuleSet,
    row: RoyalRow,
    dealt: usize,
    history: Vec<Record>,
}

impl RoyalGame {
    /// Open: the whole deal laid out. Blind: an empty row and the deal as stock
    /// (so the queen of hearts is dealt first and the king of hearts last).
    pub fn new(deal: RoyalDeal, blind: bool, rules: RuleSet) -> Result<RoyalGame> {
        if !matches!(rules, RuleSet::Modern | RuleSet::Parlett) {
            return Err(Error::InvalidRules(format!(
                "Royal Marriage is played under the rules modern or parlett, not {}",
                rules.name()
            )));
        }
        let (row, dealt) = if blind {
            (RoyalRow::default(), 0)
        } else {
            (RoyalRow::from_cards(deal.cards()), deal.len())
        };
        Ok(RoyalGame {
            deal,
            blind,
            rules,
            row,
            dealt,
            history: Vec::new(),
        })
    }

    pub fn deal(&self) -> &RoyalDeal {
        &self.deal
    }

    pub fn is_blind(&self) -> bool {
        self.blind
    }

    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    pub fn row(&self) -> &RoyalRow {
        &self.row
    }

    /// The cards in the row, left to right.
    pub fn cards(&self) -> &[Card] {
        self.row.cards()
    }

    /// The cards not yet dealt, next first.
    pub fn stock(&self) -> &[Card] {
        &self.deal.cards()[self.dealt..]
    }

    /// The throws allowed now, in the canonical order of `RoyalRow::throws`.
    pub fn legal_throws(&self) -> Vec<Throw> {
        let mut throws = Vec::new();
        self.row.throws(&mut throws);
        throws
    }

    /// Whether `deal` is allowed now.
    pub fn may_deal(&self) -> bool {
        !self.stock().is_empty() && (self.rules == RuleSet::Modern || !self.row.has_throw())
    }

    /// Every legal action: the throws, then `deal` when allowed.
    pub fn legal_actions(&self) -> Vec<RoyalAction> {
        let mut actions: Vec<RoyalAction> = self
            .legal_throws()
            .into_iter()
            .map(RoyalAction::Throw)
            .collect();
        if self.may_deal() {
            actions.push(RoyalAction::Deal);
        }
        actions
    }

    /// The action a play names, by finding its cards in the row. The throw found
    /// may still be illegal (`play` says why).
    pub fn action_of(&self, play: RoyalPlay) -> Result<RoyalAction> {
        let find = |card: Card| {
            self.row.position_of(card).ok_or_else(|| {
                let where_ = if self.stock().contains(&card) {
                    "still in the stock"
                } else {
                    "not in the row"
                };
                Error::IllegalMove(format!("illegal move {play}: {card} is {where_}"))
            })
        };
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

    /// The canonical play (by cards) of an action in the current position.
    pub fn play_of(&self, action: RoyalAction) -> RoyalPlay {
        match action {
            RoyalAction::Deal => RoyalPlay::Deal,
            RoyalAction::Throw(throw) => {
                let cards = self.row.cards();
                let at = throw.at as usize;
                let second = (throw.count == 2)
                    .then(|| cards.get(at + 1).copied())
                    .flatten();
                cards
                    .get(at)
                    .map_or(RoyalPlay::Deal, |&first| RoyalPlay::Out(first, second))
            }
        }
    }

    /// Play an action if the rules allow it, else say why not.
    pub fn play(&mut self, action: RoyalAction) -> Result<()> {
        let play = self.play_of(action);
        let out = match action {
            RoyalAction::Deal if self.may_deal() => {
                self.row.push(self.deal.cards()[self.dealt]);
                self.dealt += 1;
                [self.deal.cards()[self.dealt - 1]; 2]
            }
            RoyalAction::Throw(throw) if self.row.allows(throw) => self.row.apply(throw),
            _ => return Err(self.why_illegal(action)),
        };
        self.history.push(Record { action, play, out });
        Ok(())
    }

    /// Parse and play a move in any accepted notation.
    pub fn play_text(&mut self, text: &str) -> Result<RoyalPlay> {
        let action = self.action_of(RoyalPlay::parse(text)?)?;
        let play = self.play_of(action);
        self.play(action)?;
        Ok(play)
    }

    /// Take back the last action.
    pub fn undo(&mut self) -> Option<RoyalAction> {
        let record = self.history.pop()?;
        match record.action {
            RoyalAction::Deal => {
                self.row.pop();
                self.dealt -= 1;
            }
            RoyalAction::Throw(throw) => self.row.unapply(throw, record.out),
        }
        Some(record.action)
    }

    /// The actions played so far, oldest first, in canonical notation.
    pub fn history(&self) -> Vec<RoyalPlay> {
        self.history.iter().map(|r| r.play).collect()
    }

    /// The last action played (`None` before the first).
    pub fn last_play(&self) -> Option<RoyalPlay> {
        self.history.last().map(|r| r.play)
    }

    /// The number of actions played.
    pub fn ply(&self) -> usize {
        self.history.len()
    }

    pub fn is_over(&self) -> bool {
        !self.may_deal() && !self.row.has_throw()
    }

    pub fn is_won(&self) -> bool {
        self.stock().is_empty() && self.row.len() == 2
    }

    pub fn outcome(&self) -> RoyalOutcome {
        RoyalOutcome {
            cards: self.row.len() + self.stock().len(),
            won: self.is_won(),
            is_over: self.is_over(),
        }
    }

    fn why_illegal(&self, action: RoyalAction) -> Error {
        let throw = match action {
            RoyalAction::Deal if !self.blind => {
                return Error::IllegalMove("deal not allowed: an open game has no stock".into())
            }
            RoyalAction::Deal if self.stock().is_empty() => {
                return Error::IllegalMove("deal not allowed: the stock is empty".into())
            }
            RoyalAction::Deal => {
                return Error::IllegalMove(
                    "deal not allowed: a throw exists and the parlett rules oblige it".into(),
                )
            }
            RoyalAction::Throw(throw) => throw,
        };
        let play = self.play_of(action);
        let cards = self.row.cards();
        let why = if !(1..=2).contains(&throw.count) {
            "a throw takes 1 or 2 cards".to_string()
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
        Error::IllegalMove(format!("illegal move {play}: {why}"))
    }
}

impl fmt::Display for RoyalGame {
    /// The row, and the stock size in a blind game.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.row)?;
        if self.blind {
            write!(f, " | stock {}", self.stock().len())?;
        }
        Ok(())
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
        assert_eq!(
            g.outcome(),
            RoyalOutcome {
                cards: 2,
                won: true,
                is_over: true
            }
        );
        assert_eq!(
            g.history()
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>(),
            ["out 9H 7D", "out 5C 5S"]
        );
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
            ("deal", "no stock"),
        ];
        for (text, why) in cases {
            let err = g.play_text(text).unwrap_err();
            assert!(matches!(err, Error::IllegalMove(_)), "{text}");
            assert!(err.to_string().contains(why), "{text}: {err}");
        }
        assert!(matches!(g.play_text("5C"), Err(Error::InvalidMove(_))));
        assert!(matches!(
            RoyalGame::new("QH KH".parse().unwrap(), false, RuleSet::Strict),
            Err(Error::InvalidRules(_))
        ));
    }
}
