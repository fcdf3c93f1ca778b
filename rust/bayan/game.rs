//! A game of Bayan: the deal, the mode (open or blind), the row, the talon, the
//! history and the outcome.

use super::play::BayanPlay;
use super::row::{BayanRow, Pair, GAPS};
use crate::card::Card;
use crate::deal::Deal;
use crate::error::{Error, Result};
use std::fmt;

/// Cards a blind game starts with: PySolFC lays out three and keeps the rest in
/// its talon (`PushPin.startGame` without "deal all cards").
pub const BLIND_START: usize = 3;

/// An action by position: throwing a pair out, or dealing the next card.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BayanAction {
    Throw(Pair),
    Deal,
}

/// Where a game stands. `cards` counts every card not thrown out (row and talon).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct BayanOutcome {
    pub cards: usize,
    /// Every card is out.
    pub won: bool,
    pub is_over: bool,
}

#[derive(Copy, Clone, Debug)]
struct Record {
    action: BayanAction,
    play: BayanPlay,
    out: [Card; 2],
}

/// A game of Bayan, open or blind. There is one rule set, PySolFC's: the talon may
/// be dealt from whenever the player likes.
#[derive(Clone, Debug)]
pub struct BayanGame {
    deal: Deal,
    blind: bool,
    row: BayanRow,
    dealt: usize,
    history: Vec<Record>,
}

impl BayanGame {
    /// Open: the whole deal laid out. Blind: its first three cards laid out, the
    /// rest the talon, dealt in order.
    pub fn new(deal: Deal, blind: bool) -> BayanGame {
        let dealt = if blind {
            BLIND_START.min(deal.len())
        } else {
            deal.len()
        };
        BayanGame {
            row: BayanRow::from_cards(&deal.cards()[..dealt]),
            deal,
            blind,
            dealt,
            history: Vec::new(),
        }
    }

    pub fn deal(&self) -> &Deal {
        &self.deal
    }

    pub fn is_blind(&self) -> bool {
        self.blind
    }

    pub fn row(&self) -> &BayanRow {
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

    /// The pairs that may be thrown out now, in the canonical order of `BayanRow::pairs`.
    pub fn legal_pairs(&self) -> Vec<Pair> {
        let mut pairs = Vec::new();
        self.row.pairs(&mut pairs);
        pairs
    }

    /// Whether `deal` is allowed now: the talon is not empty.
    pub fn may_deal(&self) -> bool {
        !self.stock().is_empty()
    }

    /// Every legal action: the throws, then `deal` when allowed.
    pub fn legal_actions(&self) -> Vec<BayanAction> {
        let mut actions: Vec<BayanAction> = self
            .legal_pairs()
            .into_iter()
            .map(BayanAction::Throw)
            .collect();
        if self.may_deal() {
            actions.push(BayanAction::Deal);
        }
        actions
    }

    /// The action a play names, by finding its cards in the row (in either order).
    /// The pair found may still be illegal (`play` says why).
    pub fn action_of(&self, play: BayanPlay) -> Result<BayanAction> {
        let BayanPlay::Out(a, b) = play else {
            return Ok(BayanAction::Deal);
        };
        let find = |card: Card| {
            self.row.position_of(card).ok_or_else(|| {
                let where_ = if self.stock().contains(&card) {
                    "still in the talon"
                } else {
                    "not in the row"
                };
                Error::IllegalMove(format!("illegal move {play}: {card} is {where_}"))
            })
        };
        let (i, j) = (find(a)?, find(b)?);
        let (left, right) = (i.min(j), i.max(j));
        let gap = right - left;
        if !GAPS.contains(&gap) {
            return Err(Error::IllegalMove(format!(
                "illegal move {play}: {a} and {b} are {gap} places apart; \
                 a pair is thrown out 1 or 3 places apart"
            )));
        }
        Ok(BayanAction::Throw(Pair {
            at: left as u8,
            gap: gap as u8,
        }))
    }

    /// The canonical play (by cards, left to right) of an action now.
    pub fn play_of(&self, action: BayanAction) -> BayanPlay {
        match action {
            BayanAction::Deal => BayanPlay::Deal,
            BayanAction::Throw(pair) => {
                let cards = self.row.cards();
                match (cards.get(pair.left()), cards.get(pair.right())) {
                    (Some(&a), Some(&b)) => BayanPlay::Out(a, b),
                    _ => BayanPlay::Deal,
                }
            }
        }
    }

    /// Play an action if the rules allow it, else say why not.
    pub fn play(&mut self, action: BayanAction) -> Result<()> {
        let play = self.play_of(action);
        let out = match action {
            BayanAction::Deal if self.may_deal() => {
                let card = self.deal.cards()[self.dealt];
                self.row.push(card);
                self.dealt += 1;
                [card; 2]
            }
            BayanAction::Throw(pair) if self.row.allows(pair) => self.row.apply(pair),
            _ => return Err(self.why_illegal(action)),
        };
        self.history.push(Record { action, play, out });
        Ok(())
    }

    /// Parse and play a move in any accepted notation; returns its canonical play.
    pub fn play_text(&mut self, text: &str) -> Result<BayanPlay> {
        let action = self.action_of(BayanPlay::parse(text)?)?;
        let play = self.play_of(action);
        self.play(action)?;
        Ok(play)
    }

    /// Take back the last action.
    pub fn undo(&mut self) -> Option<BayanAction> {
        let record = self.history.pop()?;
        match record.action {
            BayanAction::Deal => {
                self.row.pop();
                self.dealt -= 1;
            }
            BayanAction::Throw(pair) => self.row.unapply(pair, record.out),
        }
        Some(record.action)
    }

    /// The actions played so far, oldest first, in canonical notation.
    pub fn history(&self) -> Vec<BayanPlay> {
        self.history.iter().map(|r| r.play).collect()
    }

    /// The number of actions played.
    pub fn ply(&self) -> usize {
        self.history.len()
    }

    pub fn is_over(&self) -> bool {
        !self.may_deal() && !self.row.has_pair()
    }

    /// Every card is out (PySolFC: all 52 on the foundation).
    pub fn is_won(&self) -> bool {
        self.stock().is_empty() && self.row.is_empty()
    }

    pub fn outcome(&self) -> BayanOutcome {
        BayanOutcome {
            cards: self.row.len() + self.stock().len(),
            won: self.is_won(),
            is_over: self.is_over(),
        }
    }

    fn why_illegal(&self, action: BayanAction) -> Error {
        let pair = match action {
            BayanAction::Deal if !self.blind => {
                return Error::IllegalMove("deal not allowed: an open game has no talon".into())
            }
            BayanAction::Deal => {
                return Error::IllegalMove("deal not allowed: the talon is empty".into())
            }
            BayanAction::Throw(pair) => pair,
        };
        let cards = self.row.cards();
        if !GAPS.contains(&(pair.gap as usize)) || pair.right() >= cards.len() {
            return Error::IllegalMove(format!(
                "illegal move: no pair at positions {} and {} of a row of {} cards \
                 (a pair is 1 or 3 places apart)",
                pair.left() + 1,
                pair.right() + 1,
                cards.len()
            ));
        }
        let play = self.play_of(action);
        Error::IllegalMove(format!(
            "illegal move {play}: {} and {} share neither suit nor rank",
            cards[pair.left()],
            cards[pair.right()]
        ))
    }
}

impl fmt::Display for BayanGame {
    /// The row, and the talon size in a blind game.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.row)?;
        if self.blind {
            write!(f, " | talon {}", self.stock().len())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(text: &str, blind: bool) -> BayanGame {
        BayanGame::new(text.parse().unwrap(), blind)
    }

    #[test]
    fn an_open_game_is_won_by_throwing_every_card_out() {
        let mut g = game("5C 9H 2D 5S 9D 2H", false);
        assert!(!g.may_deal());
        assert_eq!(
            g.legal_pairs(),
            vec![
                Pair { at: 0, gap: 3 },
                Pair { at: 1, gap: 3 },
                Pair { at: 2, gap: 3 }
            ]
        );
        assert_eq!(g.play_text("5S 5C").unwrap().to_string(), "out 5C 5S");
        assert_eq!(g.row().to_string(), "9H 2D 9D 2H");
        let err = g.play_text("out 9H 2D").unwrap_err().to_string();
        assert!(err.contains("share neither"), "{err}");
        let err = g.play_text("out 9D 9H").unwrap_err().to_string();
        assert!(
            err.contains("2 places apart") && !err.contains("share"),
            "{err}"
        );
        g.play_text("out 2D 9D").unwrap();
        assert!(!g.is_won() && !g.is_over());
        g.play_text("x9H,2H").unwrap();
        assert!(g.is_won());
        assert_eq!(
            g.outcome(),
            BayanOutcome {
                cards: 0,
                won: true,
                is_over: true
            }
        );
        assert_eq!(
            g.history()
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>(),
            ["out 5C 5S", "out 2D 9D", "out 9H 2H"]
        );
        while g.undo().is_some() {}
        assert_eq!(g.row().to_string(), "5C 9H 2D 5S 9D 2H");
    }

    #[test]
    fn a_blind_game_starts_with_three_cards_and_deals_at_will() {
        let mut g = game("5C 5S 2D 9H 9D", true);
        assert_eq!(g.to_string(), "5C 5S 2D | talon 2");
        assert_eq!(
            g.legal_actions(),
            vec![
                BayanAction::Throw(Pair { at: 0, gap: 1 }),
                BayanAction::Deal
            ]
        );
        let err = g.play_text("out 9H 9D").unwrap_err().to_string();
        assert!(err.contains("still in the talon"), "{err}");
        g.play_text("deal").unwrap();
        g.play_text("out 5C 5S").unwrap();
        g.play_text("deal").unwrap();
        assert_eq!(g.to_string(), "2D 9H 9D | talon 0");
        let err = g.play_text("deal").unwrap_err().to_string();
        assert!(err.contains("empty"), "{err}");
        g.play_text("out 9H 9D").unwrap();
        assert!(g.is_over() && !g.is_won());
        assert_eq!(g.outcome().cards, 1);
        assert_eq!(game("5C 5S", true).to_string(), "5C 5S | talon 0");
    }

    #[test]
    fn illegal_moves_say_why() {
        let mut g = game("5C 9H 2D 5S 9D 2H", false);
        let cases = [
            ("out 5C 2D", "2 places apart"),
            ("out AS 5C", "not in the row"),
            ("out 5C 9H", "share neither"),
            ("deal", "no talon"),
        ];
        for (text, why) in cases {
            let err = g.play_text(text).unwrap_err();
            assert!(matches!(err, Error::IllegalMove(_)), "{text}");
            assert!(err.to_string().contains(why), "{text}: {err}");
        }
        let err = g
            .play(BayanAction::Throw(Pair { at: 4, gap: 3 }))
            .unwrap_err();
        assert!(
            err.to_string().contains("no pair at positions 5 and 8"),
            "{err}"
        );
        assert!(matches!(g.play_text("5C"), Err(Error::InvalidMove(_))));
        assert_eq!(g.ply(), 0);
    }
}
