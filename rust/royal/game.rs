//! A game of Royal Marriage: the deal, the mode (open or blind), the dealing rule,
//! the row, the stock, the history and the outcome. The machinery it shares with
//! Bayan is [`ThrowGame`]; here is what is Royal Marriage's own ([`Royal`]).
//!
//! Royal Marriage's throw makes more than one game: [`Marriage`] is that throw
//! with the facts of the game it plays, a value: [`ROYAL_MARRIAGE`] pairs the
//! queen and the king of hearts at the ends of the row; [`PUSH_PIN`] (PySolFC
//! 287, Queens, the game Royal Marriage is made from in
//! `pysollib/games/pushpin.py`) takes any deal and is won by any two cards
//! left. The rules, the solver, the strategies and everything above are the
//! throw's, written once.

use super::play::RoyalPlay;
use super::row::{RoyalRow, Throw};
use super::solver::solve;
use super::strategy::greedy_choice;
use crate::budget::{Budget, Verdict};
use crate::card::Card;
use crate::choose::level::Calibration;
use crate::deal::Deal;
use crate::error::{Error, Result};
use crate::patience::{Dealing, Facts, Patience};
use crate::rules::RuleSet;
use crate::throw_game::{
    rule_set_in, Solution, ThrowAction, ThrowGame, ThrowOutcome, ThrowPlay, Throwing,
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

/// Royal Marriage's throw's part of [`ThrowGame`]: its throws, its plays and
/// its dealing rule, for the game its facts describe ([`ROYAL_MARRIAGE`] or
/// [`PUSH_PIN`]): which game is played is a value, chosen at run time.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Marriage {
    rules: RuleSet,
    facts: &'static Facts,
}

/// Royal Marriage (PySolFC 288): the queen of hearts first, the king of hearts
/// last; its numbered deals put the queen of hearts first and the king last
/// (`RoyalMarriage._shuffleHook` in `pysollib/games/pushpin.py`). A blind game
/// starts with an empty row and deals them first and last. Every row keeps its
/// two end cards (only cards between two others go out), so every game of the
/// throw is won with two cards left.
pub const ROYAL_MARRIAGE: Facts = Facts {
    name: "royal-marriage",
    title: "Royal Marriage",
    pysol_id: Some(288),
    rule_sets: &[RuleSet::Modern, RuleSet::Parlett],
    won_at: super::row::WON_AT,
    min_cards: 2,
    piece: "card",
    dealing: Dealing::RoyalPair,
    // `python benches/difficulty_calibrate.py --game royal-marriage --winnable 1000
    // --cards 52`: deals 1-1,011, 38.1% / 28.8% / 33.1%.
    levels: Calibration(&[(52, 0.013_158, 0.082_207)]),
    // The row starts empty: the queen of hearts is dealt first, the king last.
    ..Facts::ROW_GAME
};

/// Push Pin (PySolFC 287, Queens; `PushPin` in `pysollib/games/pushpin.py`,
/// the game Royal Marriage is made from): any deal of two cards or more, dealt
/// by PySolFC as one row, the talon dealt whenever the player likes (PySolFC's
/// talon has no other rule), won when two cards are left (PySolFC: 50 of 52
/// cards on the foundation). A blind game starts with three cards laid out, as
/// PySolFC's does without "deal all cards" (`PushPin.startGame`, which Bayan
/// and the games of runs inherit).
pub const PUSH_PIN: Facts = Facts {
    name: "push-pin",
    title: "Push Pin",
    aliases: &["queens"],
    pysol_id: Some(287),
    won_at: ROYAL_MARRIAGE.won_at,
    min_cards: ROYAL_MARRIAGE.min_cards,
    // `python benches/difficulty_calibrate.py --game push-pin --winnable 1000
    // --cards 52`: deals 1-3,449, 39.6% / 27.1% / 33.3% (the same thresholds as
    // Royal Marriage's, with other shares).
    levels: Calibration(&[(52, 0.013_158, 0.082_207)]),
    ..Facts::TALON_GAME
};

/// The games of Royal Marriage's throw, the default first.
pub const GAMES: [&Facts; 2] = [&ROYAL_MARRIAGE, &PUSH_PIN];

/// Royal Marriage's part of [`ThrowGame`]: [`Marriage`], whose default game it is.
pub type Royal = Marriage;

impl Marriage {
    /// The game of Royal Marriage's throw `facts` describes (one of [`GAMES`]),
    /// under its default rules.
    pub fn of(facts: &'static Facts) -> Marriage {
        Marriage {
            rules: facts.rule_sets[0],
            facts,
        }
    }
}

impl ThrowGame<Marriage> {
    /// A game of Royal Marriage. Open: the whole deal laid out. Blind: the
    /// queen of hearts is dealt first and the king of hearts last.
    pub fn new(deal: Deal, blind: bool, rules: RuleSet) -> Result<ThrowGame<Marriage>> {
        ThrowGame::of_game(Marriage::of(&ROYAL_MARRIAGE), deal, blind, rules)
    }

    /// A game of the game of Royal Marriage's throw `game` plays, `deal` checked
    /// by its facts. Open: the whole deal laid out. Blind: [`Facts::blind_start`]
    /// cards laid out and the rest as stock.
    pub fn of_game(
        game: Marriage,
        deal: Deal,
        blind: bool,
        rules: RuleSet,
    ) -> Result<ThrowGame<Marriage>> {
        let game = rule_set_in(game, rules)?;
        Ok(ThrowGame::open_or_blind(game.deal_of(deal)?, game, blind))
    }

    pub fn rules(&self) -> RuleSet {
        self.game_rules().rules
    }
}

impl ThrowPlay for RoyalPlay {
    const DEAL: RoyalPlay = RoyalPlay::Deal;

    fn parse(text: &str, title: &str) -> Result<RoyalPlay> {
        RoyalPlay::parse_in(text, title)
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

impl Throwing for Marriage {
    type Row = RoyalRow;
    type Throw = Throw;
    type Play = RoyalPlay;
    /// The default game: Royal Marriage, won at the two end cards, which never go out.
    const FACTS: Facts = ROYAL_MARRIAGE;
    const RULES_IN_WORDS: &'static str = "the rules modern or parlett";
    /// The interval solver decides any row in under 1,400 intervals.
    const QUICK_LOOK: u64 = u64::MAX;

    fn with_rules(rules: RuleSet) -> Marriage {
        Marriage {
            rules,
            facts: &ROYAL_MARRIAGE,
        }
    }

    fn facts(self) -> &'static Facts {
        self.facts
    }

    fn game_named(name: &str) -> Option<Marriage> {
        GAMES
            .into_iter()
            .find(|facts| facts.name == name)
            .map(Marriage::of)
    }

    fn game_names() -> Vec<&'static str> {
        GAMES.iter().map(|facts| facts.name).collect()
    }

    fn with_rule_set(self, rules: RuleSet) -> Marriage {
        Marriage { rules, ..self }
    }

    fn rules_in_words(self) -> &'static str {
        if self.facts.rule_sets.len() > 1 {
            Self::RULES_IN_WORDS
        } else {
            "the rules modern"
        }
    }

    fn rules(self) -> RuleSet {
        self.rules
    }

    fn solve_row(self, row: &RoyalRow, budget: &Budget) -> Solution<RoyalPlay> {
        solve(row.cards(), budget)
    }

    /// Under `parlett` every throw has the newest card as its right end and
    /// any two choices lead to the same row (`docs/royal-marriage.md`, and the
    /// test `under_parlett_blind_play_every_choice_ends_alike`): any throw will do.
    fn blind_choice(game: &ThrowGame<Self>) -> Option<Throw> {
        greedy_choice(game.row())
    }

    /// Under `modern` the default: the row with the stock dealt onto it. Under
    /// `parlett` a blind game with cards in the stock has nothing to decide
    /// (every throw has the newest card as its right end, and any two choices
    /// lead to the same row: `docs/royal-marriage.md`), so its one result is
    /// the end of a play-out with the first legal action each time; `moves` is
    /// that line from the game's position, deals included.
    fn solves_dealt(game: &ThrowGame<Self>) -> bool {
        game.rules() == RuleSet::Modern || game.stock().is_empty()
    }

    fn solve_game(game: &ThrowGame<Self>, budget: &Budget) -> Solution<RoyalPlay> {
        if Self::solves_dealt(game) {
            return solve(&game.cards_left(), budget);
        }
        let start = Instant::now();
        let mut line = game.clone();
        let mut moves = Vec::new();
        let mut nodes = 0;
        loop {
            let action = match greedy_choice(line.row()) {
                Some(throw) => RoyalAction::Throw(throw),
                None if line.may_deal() => RoyalAction::Deal,
                None => break,
            };
            // Asked before each action, as Accordion's search asks before each
            // position: `max_nodes` N plays N actions at most.
            if budget.exhausted(nodes + 1, start) {
                return Solution {
                    verdict: Verdict::Unknown,
                    cards: line.outcome().cards,
                    moves,
                    nodes,
                    elapsed: start.elapsed(),
                    cancelled: budget.is_cancelled(),
                };
            }
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

    fn action_of(game: &ThrowGame<Self>, play: RoyalPlay) -> Result<RoyalAction> {
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
            let len = cards.len();
            let card = if len == 1 { "card" } else { "cards" };
            format!("a row of {len} {card} has none between two others")
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
    use crate::patience::testing::{assert_illegal, assert_played, refusal};

    fn game(text: &str, blind: bool, rules: RuleSet) -> RoyalGame {
        RoyalGame::new(text.parse().unwrap(), blind, rules).unwrap()
    }

    #[test]
    fn an_open_game_is_won_by_throwing_down_to_the_royal_pair() {
        let mut g = game("QH 5C 9H 7D 5S KH", false, RuleSet::Modern);
        assert!(!g.may_deal());
        g.play_text("out 9H 7D").unwrap();
        assert_eq!(g.row().to_string(), "QH 5C 5S KH");
        refusal(&mut g, "out 5C", "share neither");
        g.play_text("between QH KH").unwrap();
        assert!(g.is_won());
        assert_played(&g, (2, true, true), &["out 9H 7D", "out 5C 5S"]);
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
        refusal(&mut parlett, "deal", "oblige");
        refusal(&mut parlett, "out 7D", "still in the stock");
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
        assert_illegal(&mut g, &cases);
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

    fn push_pin(text: &str, blind: bool) -> RoyalGame {
        let pin = Marriage::of(&PUSH_PIN);
        RoyalGame::of_game(pin, text.parse().unwrap(), blind, RuleSet::Modern).unwrap()
    }

    #[test]
    fn push_pin_throws_as_royal_marriage_on_any_deal_and_is_won_at_any_two_cards() {
        // Royal Marriage's row with other ends: no queen or king of hearts needed.
        let mut g = push_pin("3H 5C 9H 7D 5S 4H", false);
        let plays: Vec<String> = g
            .legal_actions()
            .into_iter()
            .map(|action| g.play_of(action).to_string())
            .collect();
        assert_eq!(plays, ["out 5C", "out 9H 7D", "out 7D 5S"]);
        g.play_text("out 9H 7D").unwrap();
        g.play_text("between 3H 4H").unwrap();
        assert_eq!(g.row().to_string(), "3H 4H");
        assert_eq!(
            (g.outcome().cards, g.outcome().won, g.outcome().is_over),
            (2, true, true)
        );
        // A pair that agrees in nothing, with nothing between, is a win too.
        assert!(push_pin("2C 9H", false).is_won());
        assert!(!push_pin("2C 9H 3C", false).is_won());
        let pin = Marriage::of(&PUSH_PIN);
        let err = pin.deal_of("AS".parse().unwrap()).unwrap_err();
        assert!(matches!(err, Error::InvalidDeal(_)), "{err}");
        assert!(err.to_string().contains("2 cards or more"), "{err}");
        assert!(matches!(
            RoyalGame::of_game(pin, "2C 9H".parse().unwrap(), false, RuleSet::Parlett),
            Err(Error::InvalidRules(_))
        ));
    }

    #[test]
    fn push_pin_deals_blind_from_three_cards_whenever_the_player_likes() {
        let mut g = push_pin("3S 5C 3H 7D 5S 4S", true);
        assert_eq!(g.to_string(), "3S 5C 3H | talon 3");
        // A throw exists (5C between 3S and 3H), and dealing is still allowed.
        assert_eq!(g.legal_actions().len(), 2);
        g.play_text("deal").unwrap();
        assert_eq!(g.to_string(), "3S 5C 3H 7D | talon 2");
        assert!(push_pin("3S 5C", true).stock().is_empty());
    }

    #[test]
    fn push_pin_numbered_deals_are_the_packages_rows() {
        for (seed, cards) in [(0, 2), (7, 13), (42, 52)] {
            let deal = Marriage::of(&PUSH_PIN).numbered_deal(seed, cards).unwrap();
            assert_eq!(deal, Deal::from_seed(seed, cards).unwrap());
        }
        for cards in [0, 1, 53] {
            assert!(matches!(
                Marriage::of(&PUSH_PIN).numbered_deal(0, cards),
                Err(Error::InvalidArgument {
                    argument: "cards",
                    ..
                })
            ));
        }
    }

    #[test]
    fn push_pin_solves_as_brute_force_does() {
        crate::throw_game::check::solves_numbered_deals_of(
            Marriage::of(&PUSH_PIN),
            &[6, 10, 14],
            300,
            0,
        );
    }
}
