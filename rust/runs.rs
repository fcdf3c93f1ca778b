//! The games whose throw is a run: a run of adjacent cards goes out of the row
//! when the values of its cards add up as the game asks, and the row closes up
//! (PySolFC's `Decade_RowStack` and its kin in `pysollib/games/pushpin.py`).
//! Each game is a [`RunRule`] (its facts, the values of the cards, the lengths
//! and totals that go out); the rest is written here once over it: the row,
//! the plays, the [`Throwing`] that [`ThrowGame`] plays, and the exact solver.
//!
//! * [`Decade`] (PySolFC 816, Ten Twenty Thirty): two or more adjacent cards
//!   whose values total 10, 20 or 30 (ace 1, courts 10) go out.
//! * [`SevenUp`] (PySolFC 918, Seventh Wonder, The Magic Seven): a single 7,
//!   or two to four adjacent cards whose ranks total a multiple of 7 (ace 1 …
//!   king 13), go out.
//!
//! Every game here is won when no card is left. Open, the whole deal is laid
//! out (PySolFC's "deal all cards"); blind, three cards are laid out and the
//! talon deals the next card onto the end of the row whenever the player
//! likes, as in Bayan (PySolFC's talon: `Facts::blind_start`).

use crate::budget::Budget;
use crate::card::Card;
use crate::card_row::CardRow;
use crate::choose::level::Calibration;
use crate::error::{Count, Error, Result};
use crate::patience::Facts;
use crate::rules::RuleSet;
use crate::throw_game::{
    cards_of, out_words, parse_play, Solution, ThrowAction, ThrowGame, ThrowPlay, ThrowRow,
    Throwing, PYSOL_TALON_RULES,
};
use rustc_hash::FxHashMap;
use std::fmt;
use std::hash::Hash;
use std::marker::PhantomData;
use std::time::Instant;

/// The most cards a play names: no run that goes out in any game here is longer
/// (Decade's longest: four aces, twos and threes and a six, 13 cards, total 30).
pub const MAX_RUN: usize = 16;

/// One game of runs: its facts and which runs go out.
pub trait RunRule: Copy + Default + fmt::Debug + Eq + Hash + Send + Sync + 'static {
    /// The game's facts (every game here: its names and PySolFC's id on
    /// [`Facts::TALON_GAME`]: PySolFC's one rule set, `modern` (deal whenever
    /// you like), its talon, won with no card left, any deal of one card or
    /// more, dealt as one row).
    const FACTS: Facts;
    /// A card's value in the totals.
    fn value(card: Card) -> u32;
    /// The fewest and the most cards of a run that goes out.
    const LENGTHS: (usize, usize);
    /// Every total that goes out is a multiple of this (the solver's cut: a row
    /// whose total is not can never be emptied).
    const MODULUS: u32;
    /// Whether a run of allowed length totalling `total` goes out.
    fn goes_out(total: u32) -> bool;
    /// The rule in words, for the message that refuses a run.
    const RULE: &'static str;
}

/// Decade (PySolFC 816, Ten Twenty Thirty): a run of two or more adjacent
/// cards whose values (ace 1, two to ten at face, courts 10) total 10, 20 or
/// 30 goes out; won when no card is left.
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq, Hash)]
pub struct Decade;

impl RunRule for Decade {
    const FACTS: Facts = Facts {
        name: "decade",
        title: "Decade",
        aliases: &["ten-twenty-thirty"],
        pysol_id: Some(816),
        // `python benches/difficulty_calibrate.py --game decade --winnable 600
        // --cards 52`: deals 1-742 (24 undecided), 30.8% / 36.2% / 33.0%.
        levels: Calibration(&[(52, 0.060_662, 0.181_985)]),
        ..Facts::TALON_GAME
    };
    /// `min(rank + 1, 10)`, as PySolFC counts.
    fn value(card: Card) -> u32 {
        u32::from(card.rank() + 1).min(10)
    }
    const LENGTHS: (usize, usize) = (2, MAX_RUN);
    const MODULUS: u32 = 10;
    fn goes_out(total: u32) -> bool {
        matches!(total, 10 | 20 | 30)
    }
    const RULE: &'static str =
        "a run of two or more adjacent cards totalling 10, 20 or 30 (ace 1, courts 10)";
}

/// Seven Up (PySolFC 918, Seventh Wonder, The Magic Seven): a run of one to
/// four adjacent cards whose ranks (ace 1 … king 13) total a multiple of 7 goes
/// out (of one card, only a 7 does); won when no card is left.
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq, Hash)]
pub struct SevenUp;

impl RunRule for SevenUp {
    const FACTS: Facts = Facts {
        name: "seven-up",
        title: "Seven Up",
        aliases: &["seventh-wonder", "the-magic-seven"],
        pysol_id: Some(918),
        // `python benches/difficulty_calibrate.py --game seven-up --winnable 1000
        // --cards 52`: deals 1-1,014 (13 undecided), 70.6% / 15.5% / 13.9%: most
        // winnable deals offer no losing move, and those are the easy ones.
        levels: Calibration(&[(52, 0.021_739, 0.097_619)]),
        ..Facts::TALON_GAME
    };
    /// `rank + 1`, as PySolFC counts.
    fn value(card: Card) -> u32 {
        u32::from(card.rank() + 1)
    }
    const LENGTHS: (usize, usize) = (1, 4);
    const MODULUS: u32 = 7;
    fn goes_out(total: u32) -> bool {
        total.is_multiple_of(7)
    }
    const RULE: &'static str =
        "a single 7, or two to four adjacent cards whose ranks total a multiple of 7 (ace 1 … king 13),";
}

/// A run by position: `len` cards from position `at` on (0-based).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Run {
    pub at: u8,
    pub len: u8,
}

impl Run {
    fn range(self) -> std::ops::Range<usize> {
        self.at as usize..self.at as usize + self.len as usize
    }
}

/// The total of `cards` under rule `R`.
fn total<R: RunRule>(cards: &[Card]) -> u32 {
    cards.iter().map(|&card| R::value(card)).sum()
}

/// Whether the run at `run` of `cards` goes out under `R`.
fn goes_out<R: RunRule>(cards: &[Card], run: Run) -> bool {
    let (fewest, most) = R::LENGTHS;
    (fewest..=most).contains(&(run.len as usize))
        && run.range().end <= cards.len()
        && R::goes_out(total::<R>(&cards[run.range()]))
}

/// The run after `last` (the first when `None`) that goes out, in the canonical
/// order: by the position of its first card, the shorter first.
fn next_run<R: RunRule>(cards: &[Card], last: Option<Run>) -> Option<Run> {
    let (fewest, most) = R::LENGTHS;
    let (mut at, mut len) = last.map_or((0, fewest), |run| (run.at as usize, run.len as usize + 1));
    while at < cards.len() {
        let mut sum = total::<R>(&cards[at..(at + len - 1).min(cards.len())]);
        while len <= most && at + len <= cards.len() {
            sum += R::value(cards[at + len - 1]);
            if R::goes_out(sum) {
                return Some(Run {
                    at: at as u8,
                    len: len as u8,
                });
            }
            len += 1;
        }
        (at, len) = (at + 1, fewest);
    }
    None
}

/// The row of a game of runs: the shared card row ([`CardRow`]).
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash)]
pub struct RunRow<R> {
    row: CardRow,
    rule: PhantomData<R>,
}

crate::card_row::card_row_type!(RunRow<R>, row);

impl<R: RunRule> ThrowRow for RunRow<R> {
    type Throw = Run;
    /// The row before the run went out.
    type Undo = CardRow;

    fn from_cards(cards: &[Card]) -> Self {
        RunRow {
            row: CardRow::from_cards(cards),
            rule: PhantomData,
        }
    }

    fn allows(&self, run: Run) -> bool {
        goes_out::<R>(self.cards(), run)
    }

    fn throws(&self, out: &mut Vec<Run>) {
        let mut last = None;
        while let Some(run) = next_run::<R>(self.cards(), last) {
            out.push(run);
            last = Some(run);
        }
    }

    fn has_throw(&self) -> bool {
        next_run::<R>(self.cards(), None).is_some()
    }

    fn first_throw(&self) -> Option<Run> {
        next_run::<R>(self.cards(), None)
    }

    fn apply(&mut self, run: Run) -> CardRow {
        let before = self.row;
        self.row.remove_run(run.at as usize, run.len as usize);
        before
    }

    fn unapply(&mut self, _run: Run, before: CardRow) {
        self.row = before;
    }
}

/// A play as written, by cards: `out 3C 7D` (the run's cards, canonically left
/// to right), or `deal` (no cards).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct RunPlay<R> {
    cards: [Card; MAX_RUN],
    len: u8,
    rule: PhantomData<R>,
}

impl<R: RunRule> RunPlay<R> {
    /// `out` and these cards (1 to [`MAX_RUN`] of them).
    fn out(cards: &[Card]) -> Self {
        let mut play = Self::DEAL;
        play.cards[..cards.len()].copy_from_slice(cards);
        play.len = cards.len() as u8;
        play
    }

    /// Parse `out 3C 7D`, `3C 7D out`, `x3C,7D`, the cards alone, or `deal`.
    pub fn parse(text: &str) -> Result<Self> {
        let examples = "write e.g. out 3C 7D or deal";
        parse_play(text, R::FACTS.title, examples, |trimmed| {
            let cards = cards_of(out_words(trimmed).unwrap_or(trimmed))?;
            (1..=MAX_RUN)
                .contains(&cards.len())
                .then(|| Self::out(&cards))
        })
    }
}

impl<R> fmt::Display for RunPlay<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.len == 0 {
            return f.write_str("deal");
        }
        f.write_str("out ")?;
        crate::card::write_spaced(f, &self.cards[..self.len as usize])
    }
}

impl<R: RunRule> ThrowPlay for RunPlay<R> {
    const DEAL: Self = RunPlay {
        cards: [Card::ACE_OF_CLUBS; MAX_RUN],
        len: 0,
        rule: PhantomData,
    };

    /// Each game of runs has its own notation, whose messages name it.
    fn parse(text: &str, _title: &str) -> Result<Self> {
        RunPlay::parse(text)
    }

    fn cards(&self) -> Vec<Card> {
        self.cards[..self.len as usize].to_vec()
    }
}

/// A game of runs under rule `R`: its part of [`ThrowGame`].
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq, Hash)]
pub struct Runs<R>(PhantomData<R>);

impl<R: RunRule> Throwing for Runs<R> {
    type Row = RunRow<R>;
    type Throw = Run;
    type Play = RunPlay<R>;
    const FACTS: Facts = R::FACTS;
    const RULES_IN_WORDS: &'static str = PYSOL_TALON_RULES;

    fn with_rules(_set: RuleSet) -> Self {
        Runs(PhantomData)
    }

    fn rules(self) -> RuleSet {
        RuleSet::Modern
    }

    fn solve_row(self, row: &RunRow<R>, budget: &Budget) -> Solution<RunPlay<R>> {
        solve::<R>(row.cards(), budget)
    }

    /// The run's cards, left to right.
    fn play_of(row: &RunRow<R>, run: Run) -> RunPlay<R> {
        row.cards()
            .get(run.range())
            .map_or(RunPlay::DEAL, RunPlay::out)
    }

    /// The cards named must lie next to each other (named in any order).
    fn action_of(game: &ThrowGame<Self>, play: RunPlay<R>) -> Result<ThrowAction<Run>> {
        let named = &play.cards[..play.len as usize];
        if named.is_empty() {
            return Ok(ThrowAction::Deal);
        }
        let mut places = named
            .iter()
            .map(|&card| game.position_of(card, play))
            .collect::<Result<Vec<usize>>>()?;
        places.sort_unstable();
        if places.windows(2).any(|pair| pair[1] != pair[0] + 1) {
            return Err(Error::IllegalMove(format!(
                "illegal move {play}: the cards are not next to each other in the row"
            )));
        }
        Ok(ThrowAction::Throw(Run {
            at: places[0] as u8,
            len: named.len() as u8,
        }))
    }

    fn why_not(self, row: &RunRow<R>, run: Run, play: RunPlay<R>) -> String {
        let cards = row.cards();
        if run.range().end > cards.len() || run.len == 0 {
            return format!(
                "illegal move: no run of {} cards at position {} of a row of {} cards",
                run.len,
                run.at as usize + 1,
                cards.len()
            );
        }
        let sum = total::<R>(&cards[run.range()]);
        format!(
            "illegal move {play}: {} totalling {sum}; {} goes out",
            Count(run.len as u64, "card"),
            R::RULE
        )
    }
}

// ---------------------------------------------------------------- the solver

/// Bytes a remembered position costs in the table (key, value and slack).
const ENTRY_BYTES: usize = 24;

/// The exact search of a row of runs: depth first over the positions, each
/// remembered with the fewest cards it can reach.
///
/// A run only takes cards out and the row closes up in order, so every
/// position reached from a row is that row with some cards out: the *set* of
/// cards left (52 bits) names it, whatever order the runs went out in, and no
/// position repeats along a line. The table keeps, for each position searched
/// to the end, the fewest cards any line from it leaves (exact, so it holds
/// for every later visit; a full table stores no more, which only costs time).
/// A position stops being searched once a line reaches the fewest it could: one
/// sound bound, since every run that goes out totals a multiple of
/// [`RunRule::MODULUS`], a row whose total is not can never be emptied and
/// ends with one card at best; any other row, with none.
struct Search<'a, R: RunRule> {
    budget: &'a Budget,
    start: Instant,
    nodes: u64,
    stopped: bool,
    fewest: FxHashMap<u64, u8>,
    capacity: usize,
    /// The plays from the root to the position searched now.
    path: Vec<RunPlay<R>>,
    /// The fewest cards seen so far and the line to them (the answer if the
    /// budget runs out).
    best: (usize, Vec<RunPlay<R>>),
}

impl<R: RunRule> Search<'_, R> {
    /// The fewest cards any line from `row` (the cards `key`, totalling
    /// `total`) leaves; only a lower bound once the search has stopped.
    fn fewest(&mut self, row: &CardRow, key: u64, total: u32) -> usize {
        if row.len() < self.best.0 {
            self.best = (row.len(), self.path.clone());
        }
        if let Some(&known) = self.fewest.get(&key) {
            return known as usize;
        }
        let least = usize::from(!total.is_multiple_of(R::MODULUS)).min(row.len());
        let mut best = row.len();
        if best == least || self.stopped {
            return best;
        }
        if !self.budget.take_node(&mut self.nodes, self.start) {
            self.stopped = true;
            return best;
        }
        let mut last = None;
        while let Some(run) = next_run::<R>(row.cards(), last) {
            let out = &row.cards()[run.range()];
            let (child_key, child_total) = out.iter().fold((key, total), |(k, t), card| {
                (k ^ 1 << card.index(), t - R::value(*card))
            });
            let mut child = *row;
            child.remove_run(run.at as usize, run.len as usize);
            self.path.push(RunPlay::out(out));
            best = best.min(self.fewest(&child, child_key, child_total));
            self.path.pop();
            if self.stopped {
                return best;
            }
            if best == least {
                break;
            }
            last = Some(run);
        }
        if self.fewest.len() < self.capacity {
            self.fewest.insert(key, best as u8);
        }
        best
    }

    /// A line from `row` to `goal` cards, the first run in canonical order at
    /// each step that keeps `goal` within reach (the positions on it are read
    /// from the table, or searched again when it was full); `None` if the
    /// budget ran out on the way.
    fn line(
        &mut self,
        row: &CardRow,
        key: u64,
        total: u32,
        goal: usize,
    ) -> Option<Vec<RunPlay<R>>> {
        let (mut row, mut key, mut total) = (*row, key, total);
        let mut line = Vec::new();
        while row.len() > goal {
            let mut last = None;
            let before = line.len();
            while let Some(run) = next_run::<R>(row.cards(), last) {
                let out = &row.cards()[run.range()];
                let (child_key, child_total) = out.iter().fold((key, total), |(k, t), card| {
                    (k ^ 1 << card.index(), t - R::value(*card))
                });
                let mut child = row;
                child.remove_run(run.at as usize, run.len as usize);
                if self.fewest(&child, child_key, child_total) == goal {
                    line.push(RunPlay::out(out));
                    (row, key, total) = (child, child_key, child_total);
                    break;
                }
                last = Some(run);
            }
            if line.len() == before {
                return None;
            }
        }
        Some(line)
    }
}

/// Solve an open row of 0 to 52 distinct cards exactly under rule `R`: the
/// fewest cards any line leaves, and a line to them (`nodes`: positions
/// expanded). Deterministic: runs are tried in the canonical order (by the
/// first card, the shorter first).
pub fn solve<R: RunRule>(cards: &[Card], budget: &Budget) -> Solution<RunPlay<R>> {
    let start = Instant::now();
    let row = CardRow::from_cards(cards);
    let key = cards.iter().fold(0, |key, card| key | 1 << card.index());
    let total = total::<R>(cards);
    let mut search = Search::<R> {
        budget,
        start,
        nodes: 0,
        stopped: false,
        fewest: FxHashMap::default(),
        capacity: budget.memory_bytes / ENTRY_BYTES,
        path: Vec::new(),
        best: (cards.len(), Vec::new()),
    };
    let goal = search.fewest(&row, key, total);
    let line = if search.stopped {
        None
    } else {
        search.line(&row, key, total, goal)
    };
    if let Some(moves) = line {
        Solution::proved(moves, goal, 0, search.nodes, start)
    } else {
        let (left, moves) = std::mem::take(&mut search.best);
        Solution::unknown(moves, left, search.nodes, start, budget)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::Verdict;
    use crate::patience::testing::refusal;
    use crate::patience::Patience;
    use crate::throw_game::check;
    use crate::throw_game::check::{not_moves, parses_as};

    type DecadeGame = ThrowGame<Runs<Decade>>;

    fn game(text: &str, blind: bool) -> DecadeGame {
        ThrowGame::open_or_blind(text.parse().unwrap(), Runs::default(), blind)
    }

    /// The legal plays now, as written.
    fn legal_plays<R: RunRule>(g: &ThrowGame<Runs<R>>) -> Vec<String> {
        g.legal_actions()
            .into_iter()
            .map(|action| g.play_of(action).to_string())
            .collect()
    }

    #[test]
    fn the_first_legal_action_is_the_first_of_the_list() {
        check::first_legal_is_first_of_the_list(Runs::<Decade>::default_game());
        check::first_legal_is_first_of_the_list(Runs::<SevenUp>::default_game());
    }

    #[test]
    fn decade_runs_total_ten_twenty_or_thirty_and_go_out() {
        let mut g = game("3C 7D KH 5S 5H QD AC 9C", false);
        assert_eq!(
            legal_plays(&g),
            [
                "out 3C 7D",
                "out 3C 7D KH",
                "out 3C 7D KH 5S 5H",
                "out KH 5S 5H",
                "out KH 5S 5H QD",
                "out 5S 5H",
                "out 5S 5H QD",
                "out 5S 5H QD AC 9C",
                "out QD AC 9C",
                "out AC 9C"
            ]
        );
        assert_eq!(g.play_text("7d 3c").unwrap().to_string(), "out 3C 7D");
        refusal(&mut g, "out KH QD", "not next to each other");
        refusal(&mut g, "out KH", "1 card totalling 10");
        refusal(&mut g, "out KH 5S", "2 cards totalling 15");
        g.play_text("out 5S 5H QD").unwrap();
        g.play_text("x AC 9C").unwrap();
        assert_eq!(g.row().to_string(), "KH");
        assert!(g.is_over() && !g.is_won());
        while g.undo().is_some() {}
        assert_eq!(g.row().to_string(), "3C 7D KH 5S 5H QD AC 9C");
    }

    #[test]
    fn plays_parse_in_every_spelling_and_round_trip() {
        let parse = RunPlay::<Decade>::parse;
        let play = parse("out 3C 7D KH").unwrap();
        let spellings = ["3C 7D KH", "x3C,7D,KH", "3c 7d kh out", " OUT 3C 7D KH "];
        parses_as(parse, &play, &spellings);
        assert_eq!(parse("deal").unwrap(), RunPlay::DEAL);
        not_moves(parse, &["", "out", "out 3C 3C", "out ZZ", "3C>7D"]);
    }

    #[test]
    fn a_blind_game_starts_with_three_cards_and_deals_at_will() {
        let mut g = game("3C 9H 2D 6D KH", true);
        assert_eq!(g.to_string(), "3C 9H 2D | talon 2");
        assert_eq!(g.legal_actions(), vec![ThrowAction::Deal]);
        g.play_text("deal").unwrap();
        g.play_text("out 3C 9H 2D 6D").unwrap();
        g.play_text("deal").unwrap();
        assert_eq!(g.to_string(), "KH | talon 0");
        assert_eq!(g.outcome().cards, 1);
    }

    #[test]
    fn decade_solves_as_brute_force_does() {
        check::solves_numbered_deals_as_brute_force_does::<Runs<Decade>>(&[6, 10, 14], 300, 20);
    }

    #[test]
    fn seven_up_throws_a_seven_or_two_to_four_cards_totalling_sevens() {
        let mut g: ThrowGame<Runs<SevenUp>> =
            ThrowGame::open_or_blind("7C 3D 4H KS AC 6D".parse().unwrap(), Runs::default(), false);
        // 7; 3+4; 7+3+4; K+A; 4+K+A+6 = 24 no; 3+4+K+A = 21; A+6.
        assert_eq!(
            legal_plays(&g),
            [
                "out 7C",
                "out 7C 3D 4H",
                "out 3D 4H",
                "out 3D 4H KS AC",
                "out KS AC",
                "out AC 6D"
            ]
        );
        refusal(&mut g, "out KS", "1 card totalling 13");
        let err = g
            .play_text("out 7C 3D 4H KS AC 6D")
            .unwrap_err()
            .to_string();
        assert!(err.contains("6 cards totalling 34"), "{err}");
        check::solves_numbered_deals_as_brute_force_does::<Runs<SevenUp>>(&[6, 10, 14], 300, 20);
    }

    #[test]
    fn budgets_are_honoured_and_trivial_rows_are_solved() {
        check::budgets_are_honoured(&check::open::<Runs<Decade>>(3, 52), 5);
        let empty = solve::<Decade>(&[], &Budget::default());
        assert_eq!((empty.verdict, empty.cards), (Verdict::Win, 0));
        let king: Vec<Card> = vec!["KH".parse().unwrap()];
        let one = solve::<Decade>(&king, &Budget::default());
        assert_eq!((one.verdict, one.cards), (Verdict::Loss, 1));
    }
}
