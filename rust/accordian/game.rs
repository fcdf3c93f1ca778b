//! A game of Accordian Patience: the deal, the mode (open or blind), the rules,
//! the row of piles, the stock, the history and the outcome. The machinery it
//! shares with Royal Marriage and Bayan is [`ThrowGame`]; here is what is
//! Accordian's own ([`Accordian`]).

use super::row::{AccordianRow, Shift, GAPS};
use crate::budget::Budget;
use crate::card::Card;
use crate::choose::level::Calibration;
use crate::deal::Deal;
use crate::error::{Error, Result};
use crate::game::Play;
use crate::patience::Facts;
use crate::rules::RuleSet;
use crate::throw_game::{
    RowCards, Solution, ThrowAction, ThrowGame, ThrowOutcome, ThrowPlay, ThrowRow, Throwing,
};

/// An action by position: moving a top card, or dealing the next card.
pub type AccordianAction = ThrowAction<Shift>;

/// Where a game stands. `cards` counts the piles, each card still in the stock
/// one pile to come; `won`: one pile.
pub type AccordianOutcome = ThrowOutcome;

/// A game of Accordian Patience, open or blind ([`ThrowGame`] with [`Accordian`]).
///
/// Under `uva` (UVa 127) every action is forced: the leftmost top card that can
/// move does, three places rather than one, and the next card is dealt only when
/// nothing moves. Under `modern` any move may be made and the stock dealt from
/// whenever it lasts.
pub type AccordianGame = ThrowGame<Accordian>;

/// The rule sets Accordian Patience is played under, the default first: free
/// choice, then the judge's.
pub const RULE_SETS: [RuleSet; 2] = [RuleSet::Modern, RuleSet::Uva];

/// Accordian's part of [`ThrowGame`]: its moves, its plays and its rules.
#[derive(Copy, Clone, Debug)]
pub struct Accordian {
    rules: RuleSet,
}

impl Accordian {
    /// Accordian under `rules` (`uva` or `modern`).
    pub fn new(rules: RuleSet) -> Result<Accordian> {
        if !RULE_SETS.contains(&rules) {
            return Err(Error::InvalidRules(format!(
                "Accordian Patience is played under the rules uva or modern, not {}",
                rules.name()
            )));
        }
        Ok(Accordian { rules })
    }
}

impl ThrowGame<Accordian> {
    /// Open: the whole deal laid out, one pile per card. Blind: an empty row and
    /// the deal as stock, dealt in order (as the judge deals).
    pub fn new(deal: Deal, blind: bool, rules: RuleSet) -> Result<AccordianGame> {
        let dealt = if blind { 0 } else { deal.len() };
        Ok(ThrowGame::start(Accordian::new(rules)?, deal, blind, dealt))
    }

    pub fn rules(&self) -> RuleSet {
        self.game_rules().rules
    }

    /// The moves allowed now, in the canonical order (by mover, the nearer
    /// target first; under `uva` the one forced move).
    pub fn legal_shifts(&self) -> Vec<Shift> {
        self.legal_throws()
    }

    /// Every pile, left to right, each bottom to top.
    pub fn piles(&self) -> Vec<Vec<Card>> {
        self.row().piles()
    }

    /// How many cards each pile holds, left to right.
    pub fn sizes(&self) -> Vec<usize> {
        self.row().sizes()
    }
}

/// Accordion's notation names Accordian's moves: `MOVER>TARGET`, or `deal`.
impl ThrowPlay for Play {
    const DEAL: Play = Play::Deal;
    const KIND: &'static str = "move";

    /// Accordion's notation and messages.
    fn parse(text: &str, _title: &str) -> Result<Play> {
        Play::parse(text)
    }

    fn cards(&self) -> Vec<Card> {
        match *self {
            Play::Move { mover, target } => vec![mover, target],
            Play::Deal => vec![],
        }
    }
}

impl Throwing for Accordian {
    type Row = AccordianRow;
    type Throw = Shift;
    type Play = Play;
    /// UVa 127's game: no PySolFC id, won at one pile.
    const FACTS: Facts = Facts {
        name: "accordian",
        title: "Accordian Patience",
        aliases: &["uva-127", "card-accordion"],
        rule_sets: &RULE_SETS,
        won_at: super::row::WON_AT,
        // `python benches/difficulty_calibrate.py --game accordian --winnable 300
        // --cards 52`: deals 1-345 (45 undecided), 33.3% / 33.3% / 33.3%.
        levels: Calibration(&[(52, 0.048_696, 0.086_269)]),
        // The row starts empty, as the judge deals.
        ..Facts::ROW_GAME
    };
    const THROW: &'static str = "move";
    const RULES_IN_WORDS: &'static str = "the rules modern or uva";

    fn with_rules(rules: RuleSet) -> Accordian {
        Accordian { rules }
    }

    fn rules(self) -> RuleSet {
        self.rules
    }

    /// Under `uva` the one forced line, under `modern` the exact solver.
    fn solve_row(self, row: &AccordianRow, budget: &Budget) -> Solution<Play> {
        if self.rules == RuleSet::Uva {
            super::solver::play_forced(row)
        } else {
            super::solver::solve_row(row, budget)
        }
    }

    /// Under `uva`, only the forced move.
    fn permits(self, row: &AccordianRow, shift: Shift) -> bool {
        self.rules != RuleSet::Uva || row.uva_move() == Some(shift)
    }

    /// The mover's top card, then the target's.
    fn play_of(row: &AccordianRow, shift: Shift) -> Play {
        row.play_of(shift)
    }

    /// Both cards must be on top of their piles, the target 1 or 3 piles left
    /// of the mover.
    fn action_of(game: &AccordianGame, play: Play) -> Result<AccordianAction> {
        let Play::Move { mover, target } = play else {
            return Ok(AccordianAction::Deal);
        };
        let row = game.row();
        for (card, role) in [
            (mover, "only a pile's top card moves"),
            (target, "a card lands on a pile's top card"),
        ] {
            if row.covers(card) {
                return Err(Error::IllegalMove(format!(
                    "illegal move {play}: {card} is covered ({role})"
                )));
            }
        }
        let (from, to) = (
            game.position_of(mover, play)?,
            game.position_of(target, play)?,
        );
        let gap = from.checked_sub(to).filter(|gap| GAPS.contains(gap));
        let Some(gap) = gap else {
            return Err(Error::IllegalMove(format!(
                "illegal move {play}: {target} is not 1 or 3 piles left of {mover} \
                 (a card moves onto the pile 1 or 3 places to its left)"
            )));
        };
        Ok(AccordianAction::Throw(Shift {
            from: from as u8,
            gap: gap as u8,
        }))
    }

    fn why_not(self, row: &AccordianRow, shift: Shift, play: Play) -> String {
        let (from, gap) = (shift.from as usize, shift.gap as usize);
        if !GAPS.contains(&gap) || from >= row.len() || from < gap {
            return format!(
                "illegal move: no move from pile {} to the pile {gap} places left of it in \
                 a row of {} piles (a card moves 1 or 3 places left)",
                from + 1,
                row.len()
            );
        }
        let tops = row.cards();
        if !tops[from].agrees(tops[from - gap]) {
            return format!(
                "illegal move {play}: {} and {} share neither suit nor rank",
                tops[from],
                tops[from - gap]
            );
        }
        let forced = row
            .uva_move()
            .map_or_else(String::new, |s| Accordian::play_of(row, s).to_string());
        format!(
            "illegal move {play}: the uva rules move the leftmost card that can move, \
             three places rather than one ({forced})"
        )
    }
}

/// The judge's game (UVa 127) of a row: every card dealt in turn, and after
/// each deal the forced moves made until nothing moves. The same row as an open
/// game under `uva` reaches: a card's moves depend only on the piles to its
/// left, so laying the rest out beforehand changes nothing.
pub fn play_uva(cards: &[Card]) -> AccordianRow {
    let mut row = AccordianRow::default();
    for &card in cards {
        row.deal(card);
        while let Some(shift) = row.uva_move() {
            row.apply(shift);
        }
    }
    row
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::cards;
    use crate::patience::testing::{assert_illegal, refusal};
    use crate::patience::Patience;

    fn game(text: &str, blind: bool, rules: RuleSet) -> AccordianGame {
        AccordianGame::new(text.parse().unwrap(), blind, rules).unwrap()
    }

    /// The judge's sample input and output (UVa 127).
    const SAMPLE: [(&str, &[usize]); 2] = [
        (
            "QD AD 8H 5S 3H 5H TC 4D JH KS 6H 8S JS AC AS 8D 2H QS TS 3S AH 4H TH TD 3C 6S \
             8C 7D 4C 4S 7S 9H 7C 5D 2S KD 2D QH JD 6D 9D JC 2C KH 3D QC 6C 9S KC 7H 9C 5C",
            &[40, 8, 1, 1, 1, 1],
        ),
        (
            "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AD 2D 3D 4D 5D 6D 7D 8D TD 9D JD QD KD \
             AH 2H 3H 4H 5H 6H 7H 8H 9H KH 6S QH TH AS 2S 3S 4S 5S JH 7S 8S 9S TS JS QS KS",
            &[52],
        ),
    ];

    #[test]
    fn the_judges_sample_gives_the_judges_answers_open_and_blind() {
        for (deal, sizes) in SAMPLE {
            assert_eq!(play_uva(&cards(deal)).sizes(), sizes);
            for blind in [false, true] {
                let mut g = game(deal, blind, RuleSet::Uva);
                while let Some(&action) = g.legal_actions().first() {
                    assert_eq!(g.legal_actions().len(), 1, "uva forces every action");
                    g.play(action).unwrap();
                }
                assert!(g.is_over());
                assert_eq!(g.sizes(), sizes, "blind {blind}");
                assert_eq!(g.is_won(), sizes.len() == 1);
                assert_eq!(g.outcome().cards, sizes.len());
            }
        }
    }

    #[test]
    fn modern_moves_freely_and_undo_restores_the_piles() {
        let mut g = game("5C 9H 2D 5S 5H", false, RuleSet::Modern);
        assert_eq!(
            g.legal_shifts(),
            vec![
                Shift { from: 3, gap: 3 },
                Shift { from: 4, gap: 1 },
                Shift { from: 4, gap: 3 }
            ]
        );
        assert_eq!(g.play_text("5H-5S").unwrap().to_string(), "5H>5S");
        assert_eq!(g.to_string(), "5C 9H 2D 5H");
        refusal(
            &mut g,
            "5S>5C",
            "5S is covered (only a pile's top card moves)",
        );
        g.play_text("5H on 5C").unwrap();
        assert_eq!(g.piles()[0], cards("5C 5H"));
        g.play_text("9H>5H").unwrap();
        assert_eq!(g.sizes(), [3, 1, 1]);
        refusal(&mut g, "5S>2D", "share neither");
        assert!(g.is_over() && !g.is_won());
        assert_eq!(g.outcome().cards, 3);
        assert_eq!(
            g.history()
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>(),
            ["5H>5S", "5H>5C", "9H>5H"]
        );
        while g.undo().is_some() {}
        assert_eq!(g.to_string(), "5C 9H 2D 5S 5H");
        assert_eq!(g.sizes(), [1; 5]);
    }

    #[test]
    fn uva_forces_the_leftmost_card_and_the_leap_and_deals_only_when_stuck() {
        // 5S can leap onto 5C; 5H could slide onto 5S or leap onto 9H: 5S is
        // leftmost, so it moves, three places.
        let mut g = game("5C 9H 2D 5S 5H", false, RuleSet::Uva);
        assert_eq!(g.legal_shifts(), vec![Shift { from: 3, gap: 3 }]);
        let err = refusal(&mut g, "5H>9H", "the uva rules move the leftmost card");
        assert!(err.contains("(5S>5C)"), "{err}");
        // 2C could slide onto 2D or leap onto 5C: it leaps.
        let mut leap = game("5C 9H 2D 2C", false, RuleSet::Uva);
        assert_eq!(leap.legal_shifts(), vec![Shift { from: 3, gap: 3 }]);
        leap.play_text("2C>5C").unwrap();
        refusal(&mut leap, "deal", "an open game has no stock");
        let mut blind = game("5C 5D 5H", true, RuleSet::Uva);
        assert_eq!(blind.to_string(), "| stock 3");
        blind.play_text("deal").unwrap();
        blind.play_text("deal").unwrap();
        refusal(
            &mut blind,
            "deal",
            "a move exists and the uva rules oblige it",
        );
        blind.play_text("5D>5C").unwrap();
        blind.play_text("deal").unwrap();
        blind.play_text("5H>5D").unwrap();
        assert!(blind.is_won());
        let mut modern = game("5C 5D 5H", true, RuleSet::Modern);
        for _ in 0..3 {
            modern.play_text("deal").unwrap();
        }
        assert_eq!(modern.legal_actions().len(), 2);
    }

    #[test]
    fn illegal_moves_say_why() {
        let mut g = game("5C 9H 2D 5S 5H KD", false, RuleSet::Modern);
        let cases = [
            ("5S>9H", "not 1 or 3 piles left"),
            ("5C>5S", "not 1 or 3 piles left"),
            ("KD>5H", "share neither"),
            ("AS>5C", "not in the row"),
            ("deal", "no stock"),
        ];
        assert_illegal(&mut g, &cases);
        g.play_text("5H>5S").unwrap();
        refusal(
            &mut g,
            "KD>5S",
            "5S is covered (a card lands on a pile's top card)",
        );
        let err = g
            .play(AccordianAction::Throw(Shift { from: 1, gap: 3 }))
            .unwrap_err()
            .to_string();
        assert!(err.contains("no move from pile 2"), "{err}");
        let mut blind = game("5C 5H", true, RuleSet::Modern);
        refusal(&mut blind, "5H>5C", "still in the stock");
        assert!(matches!(g.play_text("5C"), Err(Error::InvalidMove(_))));
        for rules in [RuleSet::Strict, RuleSet::StrictLeap, RuleSet::Parlett] {
            assert!(matches!(
                AccordianGame::new("5C".parse().unwrap(), false, rules),
                Err(Error::InvalidRules(_))
            ));
        }
    }
}
