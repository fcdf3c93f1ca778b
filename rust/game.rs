//! A game: the rules, the deal mode, the row, the stock, the history and the
//! outcome.

use crate::card::Card;
use crate::choose::level::{Calibration, CALIBRATION};
use crate::deal::Deal;
use crate::error::{quoted, Count, Error, Result};
use crate::patience::{Dealing, Facts, Variant};
use crate::row::Row;
use crate::rules::{RuleSet, Rules, Step};
use std::fmt;

/// Accordion's facts (PySolFC 772, Idle Year, Tower of Babel, Leapfrog): won
/// at one pile, played under every rule set of `docs/rules.md`.
pub const ACCORDION: Facts = Facts {
    name: "accordion",
    title: "Accordion",
    aliases: &["idle-year", "tower-of-babel", "leapfrog"],
    pysol_id: Some(772),
    rule_sets: &RuleSet::ALL,
    won_at: 1,
    levels: Calibration(CALIBRATION),
    // An empty row: the first card is the first deal.
    ..Facts::ROW_GAME
};

/// PySolFC's Relaxed Accordion (773): Accordion with moves rightwards too.
pub const RELAXED_ACCORDION: Facts = Facts {
    name: "relaxed-accordion",
    title: "Relaxed Accordion",
    aliases: &[],
    pysol_id: Some(773),
    variant: Variant {
        two_way: true,
        ..Variant::NONE
    },
    ..ACCORDION
};

/// PySolFC's 23 Skidoo (883): moves two or three places, won at two piles.
pub const TWENTY_THREE_SKIDOO: Facts = Facts {
    name: "23-skidoo",
    title: "23 Skidoo",
    aliases: &[],
    pysol_id: Some(883),
    won_at: 2,
    variant: Variant {
        distances: &[2, 3],
        win_piles: Some(2),
        ..Variant::NONE
    },
    ..ACCORDION
};

/// PySolFC's Accordion's Revenge (811): Accordion won with the goal card,
/// drawn from the game number after the deal (PySolFC's `AccordionsRevenge`
/// class, beside Accordion's in its `pysollib/games/` family file), on top of
/// the last pile.
pub const ACCORDIONS_REVENGE: Facts = Facts {
    name: "accordions-revenge",
    title: "Accordion's Revenge",
    aliases: &[],
    pysol_id: Some(811),
    dealing: Dealing::GoalCard,
    ..ACCORDION
};

/// The games Accordion's engine plays: Accordion and PySolFC's variants of it,
/// in the order the registry lists them.
pub const ACCORDION_GAMES: [Facts; 4] = [
    ACCORDION,
    RELAXED_ACCORDION,
    TWENTY_THREE_SKIDOO,
    ACCORDIONS_REVENGE,
];

/// An action of the player: a move by positions, or dealing the next card.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    Move(Step),
    Deal,
}

/// A move or deal as written in the notation of `docs/rules.md`, by cards.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Play {
    /// `MOVER>TARGET`, the two top cards.
    Move { mover: Card, target: Card },
    /// `deal`.
    Deal,
}

impl Play {
    /// Parse `7H>7S`, `7H-7S`, `7H→7S`, `7H on 7S` or `deal`.
    pub fn parse(text: &str) -> Result<Play> {
        let trimmed = text.trim();
        if trimmed.eq_ignore_ascii_case("deal") {
            return Ok(Play::Deal);
        }
        let bad = || {
            Error::InvalidMove(format!(
                "not a move: {} (write e.g. 7H>7S or deal)",
                quoted(text)
            ))
        };
        let lower = trimmed.to_ascii_lowercase();
        let (mover, target) = if let Some(at) = lower.find(" on ") {
            (&trimmed[..at], &trimmed[at + 4..])
        } else {
            trimmed.split_once(['>', '-', '→']).ok_or_else(bad)?
        };
        let card = |t: &str| t.parse::<Card>().map_err(|_| bad());
        let (mover, target) = (card(mover)?, card(target)?);
        if mover == target {
            return Err(Error::InvalidMove(format!(
                "not a move: {} names one card twice",
                quoted(text)
            )));
        }
        Ok(Play::Move { mover, target })
    }
}

impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Play::Move { mover, target } => write!(f, "{mover}>{target}"),
            Play::Deal => f.write_str("deal"),
        }
    }
}

/// How well a game went, by piles left.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Grade {
    Win,
    Strong,
    MoralVictory,
    Loss,
}

impl Grade {
    /// 1 pile win; 2–3 strong; 4–5 moral victory; more (or none yet, in a
    /// blind game before the first deal) loss.
    pub fn of_piles(piles: usize) -> Grade {
        match piles {
            1 => Grade::Win,
            2 | 3 => Grade::Strong,
            4 | 5 => Grade::MoralVictory,
            _ => Grade::Loss,
        }
    }

    /// The grade of `piles` under `rules`: a win at the rules' winning piles
    /// (1, or 2 for 23 Skidoo), else as [`Grade::of_piles`].
    pub fn under(rules: &Rules, piles: usize) -> Grade {
        if piles >= 1 && rules.is_won(piles) {
            Grade::Win
        } else {
            Grade::of_piles(piles)
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Grade::Win => "win",
            Grade::Strong => "strong",
            Grade::MoralVictory => "moral victory",
            Grade::Loss => "loss",
        }
    }
}

/// Where a game stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    pub piles: usize,
    /// The grade of a finished game; `None` while a move or a deal is left (a
    /// game in progress has no grade yet: four piles after the first move of a
    /// winnable deal are no `moral victory`).
    pub grade: Option<Grade>,
    pub is_over: bool,
}

/// What `undo` and `history` need of an action played: nothing is replayed.
#[derive(Clone, Debug)]
struct Record {
    action: Action,
    /// The action as written when it was played (by its cards).
    play: Play,
    /// Cards in the moved pile (zero for a deal).
    moved: usize,
}

/// A game of Accordion, open or blind.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    deal: Deal,
    blind: bool,
    row: Row,
    dealt: usize,
    history: Vec<Record>,
}

impl Game {
    /// Open: the whole deal laid out. Blind: an empty row and the deal as stock.
    pub fn new(deal: Deal, rules: Rules, blind: bool) -> Game {
        let (row, dealt) = if blind {
            (Row::default(), 0)
        } else {
            (Row::from_cards(deal.cards()), deal.len())
        };
        Game {
            rules,
            deal,
            blind,
            row,
            dealt,
            history: Vec::new(),
        }
    }

    /// The same position under other rules (history kept when it is legal
    /// under them, else the position alone).
    #[must_use]
    pub fn with_rules(&self, rules: Rules) -> Game {
        let mut game = Game::new(self.deal.clone(), rules, self.blind);
        for record in &self.history {
            if game.play(record.action).is_err() {
                return Game {
                    rules,
                    history: Vec::new(),
                    ..self.clone()
                };
            }
        }
        game
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The rules, borrowed (what a player's view of the game holds).
    pub fn rules_ref(&self) -> &Rules {
        &self.rules
    }

    pub fn deal(&self) -> &Deal {
        &self.deal
    }

    pub fn is_blind(&self) -> bool {
        self.blind
    }

    pub fn row(&self) -> &Row {
        &self.row
    }

    pub fn tops(&self) -> &[Card] {
        self.row.tops()
    }

    /// The cards not yet dealt, next first.
    pub fn stock(&self) -> &[Card] {
        &self.deal.cards()[self.dealt..]
    }

    /// The legal moves now (without `deal`).
    pub fn legal_steps(&self) -> Vec<Step> {
        let mut steps = Vec::new();
        self.rules.legal_moves(self.row.tops(), &mut steps);
        steps
    }

    /// Every legal action: the legal moves, then `deal` when allowed.
    pub fn legal_actions(&self) -> Vec<Action> {
        let steps = self.legal_steps();
        let may_deal =
            !self.stock().is_empty() && (steps.is_empty() || !self.rules.set.must_move());
        let mut actions: Vec<Action> = steps.into_iter().map(Action::Move).collect();
        if may_deal {
            actions.push(Action::Deal);
        }
        actions
    }

    /// Whether the rules allow `action` now, without listing every legal action.
    pub fn is_legal(&self, action: Action) -> bool {
        let tops = self.row.tops();
        match action {
            Action::Deal => {
                !self.stock().is_empty()
                    && (!self.rules.set.must_move() || !self.rules.has_move(tops))
            }
            Action::Move(step) if self.rules.set.is_automatic() => {
                self.rules.forced_move(tops, 0) == Some(step)
            }
            Action::Move(Step { from, to }) => {
                let gap = from.abs_diff(to);
                from < tops.len()
                    && to < tops.len()
                    && (to < from || self.rules.two_way)
                    && self.rules.distances.contains(gap)
                    && tops[from].agrees(tops[to])
                    && self.rules.may_cover(tops[to])
            }
        }
    }

    /// The action behind a play, by finding its cards among the top cards.
    pub fn action_of(&self, play: Play) -> Result<Action> {
        match play {
            Play::Deal => Ok(Action::Deal),
            Play::Move { mover, target } => {
                let find = |card: Card| {
                    self.row.position_of_top(card).ok_or_else(|| {
                        // A card not yet dealt is on no pile: say so, not that it is covered.
                        let why = if self.stock().contains(&card) {
                            "is still in the stock"
                        } else {
                            "is not the top card of a pile"
                        };
                        Error::IllegalMove(format!("illegal move {play}: {card} {why}"))
                    })
                };
                Ok(Action::Move(Step {
                    from: find(mover)?,
                    to: find(target)?,
                }))
            }
        }
    }

    /// The play (by cards) of an action in the current position.
    pub fn play_of(&self, action: Action) -> Play {
        match action {
            Action::Deal => Play::Deal,
            Action::Move(step) => {
                let tops = self.row.tops();
                Play::Move {
                    mover: tops[step.from],
                    target: tops[step.to],
                }
            }
        }
    }

    /// Play an action if the rules allow it, else say which rule it breaks.
    pub fn play(&mut self, action: Action) -> Result<()> {
        if !self.is_legal(action) {
            return Err(self.why_illegal(action));
        }
        let play = self.play_of(action);
        let moved = match action {
            Action::Deal => {
                self.row.push(self.deal.cards()[self.dealt]);
                self.dealt += 1;
                0
            }
            Action::Move(step) => self.row.apply(step),
        };
        self.history.push(Record {
            action,
            play,
            moved,
        });
        Ok(())
    }

    /// Take back the last action.
    pub fn undo(&mut self) -> Option<Action> {
        let record = self.history.pop()?;
        match record.action {
            Action::Deal => {
                self.row.pop_dealt();
                self.dealt -= 1;
            }
            Action::Move(step) => self.row.unapply(step, record.moved),
        }
        Some(record.action)
    }

    /// The actions played so far, oldest first, each as it was written then.
    pub fn history(&self) -> Vec<Play> {
        self.history.iter().map(|record| record.play).collect()
    }

    /// The last action played, as written then (`None` before the first).
    pub fn last_play(&self) -> Option<Play> {
        self.history.last().map(|record| record.play)
    }

    /// The number of actions played.
    pub fn ply(&self) -> usize {
        self.history.len()
    }

    pub fn is_over(&self) -> bool {
        self.legal_actions().is_empty()
    }

    /// Whether the goal is reached: the stock dealt and few enough piles left
    /// (none is no win: a blind game before its first deal).
    pub fn is_won(&self) -> bool {
        let piles = self.row.len();
        self.stock().is_empty() && piles >= 1 && self.rules.is_won(piles)
    }

    pub fn outcome(&self) -> Outcome {
        let piles = self.row.len();
        let is_over = self.is_over();
        Outcome {
            piles,
            grade: is_over.then(|| Grade::under(&self.rules, piles)),
            is_over,
        }
    }

    fn why_illegal(&self, action: Action) -> Error {
        // A place past the last pile has no card to name the move by (found by
        // the replay test of tests/solver.rs: this used to index out of bounds).
        let len = self.row.len();
        if let Action::Move(step) = action {
            if let Some(place) = [step.from, step.to].into_iter().find(|&p| p >= len) {
                return Error::IllegalMove(format!(
                    "no pile {}: the row has {}",
                    place + 1,
                    Count(len as u64, "pile")
                ));
            }
        }
        let play = self.play_of(action);
        let refuse = |why: String| Error::IllegalMove(format!("illegal move {play}: {why}"));
        let step = match action {
            // As the reference engine and the other games say it.
            Action::Deal if !self.blind => {
                return Error::IllegalMove("deal not allowed: an open game has no stock".into())
            }
            Action::Deal if self.stock().is_empty() => {
                return Error::IllegalMove("deal not allowed: the stock is empty".into())
            }
            Action::Deal => {
                return Error::IllegalMove(format!(
                    "deal not allowed: a move exists and the {} rules oblige it",
                    self.rules.set.name()
                ))
            }
            Action::Move(step) => step,
        };
        let tops = self.row.tops();
        let (mover, target) = (tops[step.from], tops[step.to]);
        let gap = step.from.abs_diff(step.to);
        if step.to > step.from && !self.rules.two_way {
            refuse(format!(
                "{mover} would move rightwards; piles move only leftwards"
            ))
        } else if !self.rules.distances.contains(gap) {
            refuse(format!(
                "{mover} and {target} are {} apart; moves go {}",
                Count(gap as u64, "pile"),
                places(&self.rules.distances.to_string())
            ))
        } else if !mover.agrees(target) {
            refuse(format!("{mover} and {target} share neither suit nor rank"))
        } else if !self.rules.may_cover(target) {
            refuse(format!("{target} is the goal card: it must stay on top"))
        } else {
            let forced = self
                .legal_steps()
                .first()
                .map(|&s| self.play_of(Action::Move(s)));
            refuse(format!(
                "the {} rules force {}",
                self.rules.set.name(),
                forced.map_or_else(|| "no move".to_string(), |p| p.to_string())
            ))
        }
    }
}

/// The distances a move may go, in words: `1 place`, `1 or 3 places`, `1, 2 or
/// 3 places` (from their text `1`, `1,3`, `1,2,3`), as the reference engine says them.
fn places(distances: &str) -> String {
    let words: Vec<&str> = distances.split(',').collect();
    let listed = match words.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => distances.to_string(),
    };
    format!("{listed} place{}", if distances == "1" { "" } else { "s" })
}

impl fmt::Display for Game {
    /// The top cards, and the stock size in a blind game.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tops: Vec<String> = self.row.tops().iter().map(ToString::to_string).collect();
        f.write_str(&tops.join(" "))?;
        if self.blind {
            let gap = if tops.is_empty() { "" } else { " " };
            write!(f, "{gap}| stock {}", self.stock().len())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::RuleSet;

    fn game(text: &str, set: RuleSet, blind: bool) -> Game {
        Game::new(text.parse().unwrap(), Rules::new(set), blind)
    }

    fn play(game: &mut Game, text: &str) -> Result<()> {
        let action = game.action_of(Play::parse(text)?)?;
        game.play(action)
    }

    #[test]
    fn a_game_says_whether_it_is_blind_and_shows_its_top_cards() {
        let g = game("AC 2C 3D", RuleSet::Modern, false);
        assert!(!g.is_blind());
        let cards: Vec<Card> = ["AC", "2C", "3D"].map(|c| c.parse().unwrap()).into();
        assert_eq!(g.tops(), &cards[..]);
        let g = game("AC 2C 3D", RuleSet::Modern, true);
        assert!(g.is_blind());
        assert!(g.tops().is_empty(), "a blind game starts with a deal");
    }

    #[test]
    fn a_move_from_or_onto_a_place_past_the_last_pile_is_illegal() {
        let deal: Deal = "AC 2C 3C 4C".parse().unwrap();
        for two_way in [false, true] {
            let g = Game::new(
                deal.clone(),
                Rules::new(RuleSet::Modern).with_two_way(two_way),
                false,
            );
            let n = g.tops().len();
            for (from, to) in [(n, n - 1), (n, n - 3), (n - 1, n), (n - 3, n), (n, n)] {
                assert!(!g.is_legal(Action::Move(Step { from, to })), "{from}->{to}");
            }
            assert!(g.is_legal(Action::Move(Step {
                from: n - 1,
                to: n - 2
            })));
            // Playing one is refused with the place, not a panic.
            let mut g = g;
            assert_eq!(
                refusal(&mut g, Step { from: n, to: 0 }),
                "no pile 5: the row has 4 piles"
            );
            assert_eq!(
                refusal(&mut g, Step { from: 1, to: 9 }),
                "no pile 10: the row has 4 piles"
            );
        }
    }

    fn refusal(g: &mut Game, step: Step) -> String {
        match g.play(Action::Move(step)) {
            Err(Error::IllegalMove(why)) => why,
            other => panic!("{step:?}: {other:?}"),
        }
    }

    #[test]
    fn an_illegal_move_is_refused_with_the_rule_it_breaks() {
        let mut g = game("AC 2C 3D 4C 5H", RuleSet::Modern, false);
        assert!(refusal(&mut g, Step { from: 1, to: 1 }).contains("0 piles apart"));
        assert!(refusal(&mut g, Step { from: 0, to: 1 }).contains("rightwards"));
        assert!(refusal(&mut g, Step { from: 4, to: 2 }).contains("2 piles apart"));
        assert!(refusal(&mut g, Step { from: 4, to: 3 }).contains("neither suit nor rank"));
        // Strict play: every legal move but the forced one is refused as such.
        let mut g = game("AC 2C 3C 4C", RuleSet::Strict, false);
        let forced = g.legal_steps();
        assert_eq!(forced.len(), 1);
        for step in [
            Step { from: 1, to: 0 },
            Step { from: 2, to: 1 },
            Step { from: 3, to: 2 },
            Step { from: 3, to: 0 },
        ] {
            if step != forced[0] {
                assert!(refusal(&mut g, step).contains("rules force"), "{step:?}");
            }
        }
    }

    #[test]
    fn a_game_shows_its_top_cards_and_in_blind_play_the_stock() {
        assert_eq!(
            game("AC 2C 3D", RuleSet::Modern, false).to_string(),
            "AC 2C 3D"
        );
        let mut g = game("AC 2C 3D", RuleSet::Modern, true);
        assert_eq!(g.to_string(), "| stock 3");
        g.play(Action::Deal).unwrap();
        assert_eq!(g.to_string(), "AC | stock 2");
    }

    #[test]
    fn plays_parse_in_every_notation() {
        let want = Play::parse("7H>7S").unwrap();
        for text in ["7h-7s", "7H→7S", "7H on 7S", " 7♥ > 7♠ "] {
            assert_eq!(Play::parse(text).unwrap(), want, "{text}");
        }
        assert_eq!(Play::parse("DEAL").unwrap(), Play::Deal);
        for text in ["", "7H", "7H>", "7H>7H", "7H 7S", "x>y"] {
            assert!(
                matches!(Play::parse(text), Err(Error::InvalidMove(_))),
                "{text}"
            );
        }
    }

    #[test]
    fn a_blind_game_starts_with_a_deal_and_strict_refuses_to_deal_past_a_move() {
        let mut g = game("AC 2C 3D", RuleSet::Strict, true);
        assert_eq!(g.legal_actions(), vec![Action::Deal]);
        play(&mut g, "deal").unwrap();
        play(&mut g, "deal").unwrap();
        let err = play(&mut g, "deal").unwrap_err();
        assert!(err.to_string().contains("oblige"), "{err}");
        play(&mut g, "2C>AC").unwrap();
        play(&mut g, "deal").unwrap();
        assert!(g.is_over());
        assert_eq!(
            g.outcome(),
            Outcome {
                piles: 2,
                grade: Some(Grade::Strong),
                is_over: true
            }
        );
        assert_eq!(
            g.history(),
            vec![
                Play::Deal,
                Play::Deal,
                Play::parse("2C>AC").unwrap(),
                Play::Deal
            ]
        );
        while g.undo().is_some() {}
        assert_eq!(g.row().len(), 0);
        assert_eq!(g.stock().len(), 3);
    }

    #[test]
    fn a_move_of_a_card_still_in_the_stock_says_so() {
        let mut g = game("AC 2C 3D 4H", RuleSet::Modern, true);
        play(&mut g, "deal").unwrap();
        play(&mut g, "deal").unwrap();
        let err = play(&mut g, "3D>2C").unwrap_err().to_string();
        assert_eq!(err, "illegal move 3D>2C: 3D is still in the stock");
        let err = play(&mut g, "2C>4H").unwrap_err().to_string();
        assert_eq!(err, "illegal move 2C>4H: 4H is still in the stock");
    }

    #[test]
    fn modern_may_deal_past_a_move_and_illegal_moves_say_why() {
        let mut g = game("AC 2C 3D 4H", RuleSet::Modern, true);
        play(&mut g, "deal").unwrap();
        play(&mut g, "deal").unwrap();
        play(&mut g, "deal").unwrap();
        play(&mut g, "deal").unwrap();
        let err = play(&mut g, "4H>AC").unwrap_err().to_string();
        assert!(err.contains("share neither"), "{err}");
        let err = play(&mut g, "3D>AC").unwrap_err().to_string();
        assert!(err.contains("2 piles apart"), "{err}");
        let err = play(&mut g, "AC>2C").unwrap_err().to_string();
        assert!(err.contains("rightwards"), "{err}");
        let err = play(&mut g, "KS>2C").unwrap_err().to_string();
        assert!(err.contains("not the top card"), "{err}");
        let err = play(&mut g, "deal").unwrap_err().to_string();
        assert!(err.contains("stock is empty"), "{err}");
        let mut open = Game::new("7H 7S".parse().unwrap(), Rules::new(RuleSet::Modern), false);
        let err = play(&mut open, "deal").unwrap_err().to_string();
        assert!(err.contains("an open game has no stock"), "{err}");
    }

    #[test]
    fn the_distances_a_move_may_go_are_said_in_words() {
        assert_eq!(places("1"), "1 place");
        assert_eq!(places("3"), "3 places");
        assert_eq!(places("1,3"), "1 or 3 places");
        assert_eq!(places("1,2,3"), "1, 2 or 3 places");
    }

    #[test]
    fn grades_by_piles_and_their_names() {
        let grades: Vec<&str> = (0..=7).map(|n| Grade::of_piles(n).name()).collect();
        assert_eq!(
            grades,
            [
                "loss",
                "win",
                "strong",
                "strong",
                "moral victory",
                "moral victory",
                "loss",
                "loss"
            ]
        );
        let skidoo = Rules::modern().with_win_piles(2).unwrap();
        assert_eq!(Grade::under(&skidoo, 2), Grade::Win);
        assert_eq!(Grade::under(&skidoo, 3), Grade::Strong);
        assert_eq!(
            Grade::under(&skidoo, 0),
            Grade::Loss,
            "no pile yet is no win"
        );
    }

    #[test]
    fn with_rules_keeps_a_history_legal_under_the_new_rules_else_the_position_alone() {
        let mut g = game("AD 5S 2D 3D", RuleSet::Modern, false);
        play(&mut g, "3D>AD").unwrap(); // the leap strict-leap forces; strict forces 3D>2D
        let strict = Rules::new(RuleSet::Strict);
        let moved = g.with_rules(strict);
        assert_eq!(moved.rules(), strict);
        assert_eq!(moved.row(), g.row());
        assert_eq!(
            moved.history(),
            Vec::<Play>::new(),
            "the leap is illegal under strict"
        );
        assert!(moved.clone().undo().is_none());
        let leap = Rules::new(RuleSet::StrictLeap);
        let kept = g.with_rules(leap);
        assert_eq!(kept.rules(), leap);
        assert_eq!(kept.history(), g.history());
        assert_eq!(kept.row(), g.row());
    }

    #[test]
    fn is_legal_agrees_with_the_list_of_legal_actions() {
        use crate::deal::SplitMix64;
        let mut rng = SplitMix64::new(3);
        for seed in 0..200 {
            let set = RuleSet::ALL[seed as usize % 4];
            let rules = Rules::new(set).with_two_way(seed % 3 == 0);
            let mut g = Game::new(Deal::from_seed(seed, 20).unwrap(), rules, seed % 2 == 0);
            loop {
                let legal = g.legal_actions();
                for from in 0..g.row().len() {
                    for to in 0..g.row().len() {
                        let action = Action::Move(Step { from, to });
                        assert_eq!(g.is_legal(action), legal.contains(&action));
                    }
                }
                assert_eq!(g.is_legal(Action::Deal), legal.contains(&Action::Deal));
                if legal.is_empty() {
                    break;
                }
                g.play(legal[rng.below(legal.len() as u64) as usize])
                    .unwrap();
            }
        }
    }
}
