//! A game of Bayan: the deal, the mode (open or blind), the row, the talon, the
//! history and the outcome. The machinery it shares with Royal Marriage is
//! [`ThrowGame`]; here is what is Bayan's own ([`Bayan`]).

use super::play::BayanPlay;
use super::row::{BayanRow, Pair, GAPS};
use super::solver::solve;
use crate::budget::Budget;
use crate::card::Card;
use crate::choose::level::Calibration;
use crate::deal::Deal;
use crate::error::{Error, Result};
use crate::patience::Facts;
use crate::rules::RuleSet;
use crate::throw_game::{
    Solution, ThrowAction, ThrowGame, ThrowOutcome, ThrowPlay, Throwing, PYSOL_TALON_RULES,
};

/// An action by position: throwing a pair out, or dealing the next card.
pub type BayanAction = ThrowAction<Pair>;

/// Where a game stands. `cards` counts every card not thrown out (row and
/// talon); `won`: every card is out.
pub type BayanOutcome = ThrowOutcome;

/// A game of Bayan, open or blind ([`ThrowGame`] with [`Bayan`]). There is one
/// rule set, PySolFC's: the talon may be dealt from whenever the player likes.
pub type BayanGame = ThrowGame<Bayan>;

/// Bayan's part of [`ThrowGame`]: its pairs, its plays and its talon.
#[derive(Copy, Clone, Debug)]
pub struct Bayan;

impl ThrowGame<Bayan> {
    /// Open: the whole deal laid out. Blind: its first three cards laid out, the
    /// rest the talon, dealt in order.
    pub fn new(deal: Deal, blind: bool) -> BayanGame {
        ThrowGame::open_or_blind(deal, Bayan, blind)
    }

    /// The pairs that may be thrown out now, in the canonical order of `BayanRow::throws`.
    pub fn legal_pairs(&self) -> Vec<Pair> {
        self.legal_throws()
    }
}

impl ThrowPlay for BayanPlay {
    const DEAL: BayanPlay = BayanPlay::Deal;

    /// Bayan's notation is Bayan's alone: its own messages name it.
    fn parse(text: &str, _title: &str) -> Result<BayanPlay> {
        BayanPlay::parse(text)
    }

    fn cards(&self) -> Vec<Card> {
        match *self {
            BayanPlay::Out(a, b) => vec![a, b],
            BayanPlay::Deal => vec![],
        }
    }
}

impl Throwing for Bayan {
    type Row = BayanRow;
    type Throw = Pair;
    type Play = BayanPlay;
    /// PySolFC's one rule set (deal whenever you like); won with every card out.
    const FACTS: Facts = Facts {
        name: "bayan",
        title: "Bayan",
        pysol_id: Some(656),
        won_at: super::row::WON_AT,
        // `python benches/difficulty_calibrate.py --game bayan --winnable 1000
        // --cards 52`: deals 1-1,000, 26.5% / 42.3% / 31.2%.
        levels: Calibration(&[(52, 0.054_233, 0.147_312)]),
        // Three cards laid out and the rest the talon: PySolFC's talon games.
        ..Facts::TALON_GAME
    };
    const RULES_IN_WORDS: &'static str = PYSOL_TALON_RULES;
    /// Every throw is a pair.
    const THROWN_TOGETHER: usize = 2;

    fn with_rules(_rules: RuleSet) -> Bayan {
        Bayan
    }

    fn rules(self) -> RuleSet {
        RuleSet::Modern
    }

    fn solve_row(self, row: &BayanRow, budget: &Budget) -> Solution<BayanPlay> {
        solve(row.cards(), budget)
    }

    /// The cards left to right.
    fn play_of(row: &BayanRow, pair: Pair) -> BayanPlay {
        let cards = row.cards();
        match (cards.get(pair.left()), cards.get(pair.right())) {
            (Some(&a), Some(&b)) => BayanPlay::Out(a, b),
            _ => BayanPlay::Deal,
        }
    }

    /// The two cards may be named in either order.
    fn action_of(game: &BayanGame, play: BayanPlay) -> Result<BayanAction> {
        let BayanPlay::Out(a, b) = play else {
            return Ok(BayanAction::Deal);
        };
        let (i, j) = (game.position_of(a, play)?, game.position_of(b, play)?);
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

    fn why_not(self, row: &BayanRow, pair: Pair, play: BayanPlay) -> String {
        let cards = row.cards();
        if !GAPS.contains(&(pair.gap as usize)) || pair.right() >= cards.len() {
            return format!(
                "illegal move: no pair at positions {} and {} of a row of {} cards \
                 (a pair is 1 or 3 places apart)",
                pair.left() + 1,
                pair.right() + 1,
                cards.len()
            );
        }
        format!(
            "illegal move {play}: {} and {} share neither suit nor rank",
            cards[pair.left()],
            cards[pair.right()]
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::patience::testing::{assert_illegal, assert_played, refusal};
    use crate::patience::Patience;

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
        refusal(&mut g, "out 9H 2D", "share neither");
        let err = refusal(&mut g, "out 9D 9H", "2 places apart");
        assert!(!err.contains("share"), "{err}");
        g.play_text("out 2D 9D").unwrap();
        assert!(!g.is_won() && !g.is_over());
        g.play_text("x9H,2H").unwrap();
        assert!(g.is_won());
        assert_played(
            &g,
            (0, true, true),
            &["out 5C 5S", "out 2D 9D", "out 9H 2H"],
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
        refusal(&mut g, "out 9H 9D", "still in the talon");
        g.play_text("deal").unwrap();
        g.play_text("out 5C 5S").unwrap();
        g.play_text("deal").unwrap();
        assert_eq!(g.to_string(), "2D 9H 9D | talon 0");
        refusal(&mut g, "deal", "empty");
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
        assert_illegal(&mut g, &cases);
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
