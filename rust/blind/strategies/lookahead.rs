//! `lookahead` and `planner`: open players that examine at most `budget`
//! positions per move, keep nothing from one move to the next (`planner`
//! keeps its sweeper rank, nothing else) and never call the solver.
//! `docs/strategies.md` gives the rules in full; in short, at each move:
//!
//! 1. **Examine** the positions one move away, then, while the budget lasts,
//!    take the most promising position examined and not yet followed up, and
//!    examine the positions one move from it (best first; a position met
//!    again is not counted twice). The budget counts positions examined.
//! 2. **Play** the first move of the line to the best position examined; a
//!    won row (one pile) is played towards as soon as it is seen.
//!
//! The two differ in what "promising" means ([`Evaluation`]):
//!
//! - `lookahead` ([`Evaluation::Plain`]): fewer piles first, then more moves
//!   open; a row whose top cards fall apart into two groups that share neither
//!   suit nor rank with each other is lost (no move ever joins them, so at
//!   least two piles stay), and so is a row without a move.
//! - `planner` ([`Evaluation::Sweepers`]): the published basic strategy,
//!   searched. It picks the sweeper rank once the layout is complete
//!   ([`Sweepers::choose_rank`]), follows only the moves that bury no sweeper
//!   while others exist, and scores a position by the sweepers' score
//!   ([`super::sweepers`]), less the same penalty for a row that fell apart.

use super::sweepers::{score, Geometry, Row, Sweepers, Weights, DEAD, WIN};
use crate::blind::play::RowPlayer;
use crate::blind::strategy::View;
use crate::card::Card;
use crate::deal::SplitMix64;
use crate::game::Action;
use crate::rules::{Rules, Step};
use crate::solver::bounds::Bounds;
use crate::solver::luby;
use rustc_hash::{FxHashMap, FxHashSet, FxHasher};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::hash::{Hash, Hasher};

/// What a position is worth to the player (higher is better).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Evaluation {
    /// Fewer piles, then more moves; a row that fell apart or has no move is lost.
    Plain,
    /// The sweepers' score for the rank kept; a row that fell apart is lost.
    Sweepers,
}

/// The weights of [`Evaluation::Plain`], per pile, per open move and per unit
/// of [`strain`] (tried on deals 1-200 at budgets 100 and 1,000: 16/1/4,
/// 16/1/8, 16/0/8 and 16/2/16; the last won most, 36 and 71 of 200).
const PILE: i64 = 16;
const MOBILITY: i64 = 2;
const STRAIN: i64 = 16;
/// Below every position that can still be won: one that cannot.
const HOPELESS: i64 = DEAD / 2;

/// The solver's lower bound on the piles any line from the open row `row`
/// can end with ([`Bounds::piles`]: the groups of top cards that share no suit
/// or rank with each other, raised by the cards nothing can ever cover). A
/// static look at the row, not a search; above one pile the row is lost.
fn fewest_piles(bounds: &Bounds, row: &[Card]) -> usize {
    let mut census = [0u16; 4];
    let mut cards = [0u8; 52];
    for (slot, card) in cards.iter_mut().zip(row) {
        census[card.suit() as usize] |= 1 << card.rank();
        *slot = card.index();
    }
    bounds.piles_up_to(&cards[..row.len()], census, true, 2)
}

/// In what order the positions are examined.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Search {
    /// Follow up the most valuable position examined so far, wherever it is.
    BestFirst,
    /// Follow one line to its end, the most valuable move first, and back up
    /// to the last position with a move not yet tried.
    DepthFirst,
}

/// A budgeted best-first or depth-first player of the open row.
#[derive(Clone, Debug)]
pub struct Lookahead {
    evaluation: Evaluation,
    search: Search,
    budget: usize,
    /// The sweeper rank ([`Evaluation::Sweepers`] only), chosen once laid out.
    rank: Option<u8>,
    weights: Weights,
}

/// How badly the cards of `row` are placed for being covered: 3 for each
/// card with no card to its right that agrees with it, 1 for each card with
/// one (the solver's move order, `rust/solver/order.rs`).
fn strain(row: &[Card]) -> i64 {
    let (mut suits, mut ranks) = ([0u8; 4], [0u8; 13]);
    let mut total = 0;
    for card in row.iter().rev() {
        let (s, r) = (card.suit() as usize, card.rank() as usize);
        total += [3, 1, 0][usize::from((suits[s] + ranks[r]).min(2))];
        suits[s] += 1;
        ranks[r] += 1;
    }
    total
}

/// One position examined: its row, the first move of the line to it, its value.
struct Examined {
    row: Row,
    first: Step,
    value: i64,
}

impl Lookahead {
    /// The best-first player (`lookahead`, `planner`).
    pub fn new(evaluation: Evaluation, budget: usize) -> Lookahead {
        Lookahead::searching(evaluation, Search::BestFirst, budget)
    }

    /// A player examining positions in the order of `search`.
    pub fn searching(evaluation: Evaluation, search: Search, budget: usize) -> Lookahead {
        Lookahead {
            evaluation,
            search,
            budget: budget.max(1),
            rank: None,
            weights: Weights::default(),
        }
    }

    /// The moves this player follows from `row`: every move, or for the
    /// planner those that bury no sweeper while there are any.
    fn moves(&self, geometry: &Geometry, row: &[Card], out: &mut Vec<Step>) {
        if let Some(rank) = self.rank {
            Sweepers::candidates(geometry, row, rank, out);
        } else {
            out.clear();
            for from in 0..row.len() {
                geometry.moves_of(row, from, |step| out.push(step));
            }
        }
    }

    /// What `row` is worth (see [`Evaluation`]); below every other row one
    /// that cannot end in one pile, and below those one without a move.
    fn value(&self, geometry: &Geometry, bounds: &Bounds, row: &[Card]) -> i64 {
        if row.len() == 1 {
            return WIN;
        }
        let mut mobility = 0i64;
        for from in 0..row.len() {
            geometry.moves_of(row, from, |_| mobility += 1);
        }
        let value = match self.rank {
            Some(rank) => score(geometry, row, rank, &self.weights),
            None => MOBILITY * mobility - PILE * row.len() as i64 - STRAIN * strain(row),
        };
        if mobility == 0 {
            DEAD + value
        } else if fewest_piles(bounds, row) > 1 {
            HOPELESS + value
        } else {
            value
        }
    }

    /// The move to make in `tops`: the first move towards the best position
    /// among at most `budget` examined (ties: the one examined first).
    pub fn best_move(&self, rules: &Rules, tops: &[Card]) -> Option<Step> {
        let geometry = Geometry::of(rules);
        let bounds = Bounds::new(rules);
        let mut moves = Vec::new();
        self.moves(&geometry, tops, &mut moves);
        if moves.len() <= 1 {
            return moves.first().copied();
        }
        match self.search {
            Search::BestFirst => self.best_first(&geometry, &bounds, tops, moves),
            Search::DepthFirst => self.depth_first(&geometry, &bounds, tops, moves),
        }
    }

    /// [`Search::DepthFirst`]: lines followed to their end in attempts of a
    /// growing length (see [`Probes`]); the first move of a won line, or of
    /// the line to the best position examined once the budget is spent or
    /// every line from the row has been followed.
    fn depth_first(
        &self,
        geometry: &Geometry,
        bounds: &Bounds,
        tops: &[Card],
        moves: Vec<Step>,
    ) -> Option<Step> {
        let root = Row::of(tops);
        let mut probes = Probes {
            player: self,
            geometry,
            bounds,
            values: FxHashMap::default(),
            done: FxHashSet::default(),
            best: None,
            attempt: 0,
            visits: 0,
            limit: 0,
            shallow: (tops.len() / PROBE_DEPTH_SHARE).max(1),
            moves: vec![moves],
        };
        loop {
            probes.limit = probes.visits.saturating_add(match probes.attempt {
                0 => PROBE_FIRST,
                n => luby(n + 1).saturating_mul(PROBE_UNIT.max(probes.visits / PROBE_UNIT_SHARE)),
            });
            match probes.visit(root, 0, None) {
                Ok(()) | Err(End::Budget) => return probes.best.map(|(_, first)| first),
                Err(End::Won(first)) => return Some(first),
                Err(End::Restart) => probes.attempt += 1,
            }
        }
    }

    /// [`Search::BestFirst`].
    fn best_first(
        &self,
        geometry: &Geometry,
        bounds: &Bounds,
        tops: &[Card],
        mut moves: Vec<Step>,
    ) -> Option<Step> {
        let root = Row::of(tops);
        let mut seen: FxHashSet<Row> = FxHashSet::default();
        seen.insert(root);
        let mut examined: Vec<Examined> = Vec::new();
        // The most valuable first; among equals the one examined first.
        let mut frontier: BinaryHeap<(i64, Reverse<usize>)> = BinaryHeap::new();
        let mut best = 0usize;
        let mut parent: Option<(Row, Option<Step>)> = Some((root, None));
        loop {
            let (row, first) = parent.take().expect("a position to follow up");
            self.moves(geometry, row.tops(), &mut moves);
            for &step in &moves {
                if examined.len() >= self.budget {
                    return Some(examined[best].first);
                }
                let next = row.after(step);
                if !seen.insert(next) {
                    continue;
                }
                let value = self.value(geometry, bounds, next.tops());
                let first = first.unwrap_or(step);
                if value >= WIN {
                    return Some(first);
                }
                let index = examined.len();
                examined.push(Examined {
                    row: next,
                    first,
                    value,
                });
                if value > examined[best].value {
                    best = index;
                }
                frontier.push((value, Reverse(index)));
            }
            match frontier.pop() {
                Some((_, Reverse(index))) => {
                    parent = Some((examined[index].row, Some(examined[index].first)));
                }
                None => return Some(examined[best].first),
            }
        }
    }
}

/// The first attempt's visits, the unit of the later attempts' Luby schedule
/// (raised to a sixteenth of the visits so far) and the share of the row's
/// moves in which later attempts reorder the moves: the solver's probes
/// (`rust/solver/search.rs`, issue 25), where short attempts that change only
/// the first few moves escape a wrong turn near the root.
const PROBE_FIRST: u64 = 150;
const PROBE_UNIT: u64 = 100;
const PROBE_UNIT_SHARE: u64 = 16;
const PROBE_DEPTH_SHARE: usize = 10;
/// How far a later attempt reorders those first moves: up to five units of
/// strain of [`Evaluation::Plain`].
const PROBE_FUZZ: u64 = 5 * STRAIN as u64;
/// A move stops its search after this many visits per position of its budget
/// (revisits of positions already examined cost no budget but time).
const VISITS_PER_POSITION: u64 = 64;

/// Why a depth-first attempt stopped before it had followed every line.
enum End {
    Won(Step),
    Budget,
    Restart,
}

/// The depth-first search of one move: the positions examined (each counted
/// once, with its value), those from which every line has been followed
/// without a win (skipped from then on), and the best position examined.
///
/// Each attempt follows lines from the row depth first, at each position the
/// most valuable move first (ties: legal-move order), skipping rows that
/// cannot be won; it ends when a row is won, the budget is spent, or it has
/// visited its share of positions (then the next attempt starts again from
/// the row, its order of the first few moves shuffled by a fixed function of
/// the position and the attempt number, so the same for every run).
struct Probes<'a> {
    player: &'a Lookahead,
    geometry: &'a Geometry,
    bounds: &'a Bounds,
    values: FxHashMap<Row, i64>,
    done: FxHashSet<Row>,
    best: Option<(i64, Step)>,
    attempt: u64,
    visits: u64,
    limit: u64,
    shallow: usize,
    /// A move list per depth, reused.
    moves: Vec<Vec<Step>>,
}

impl Probes<'_> {
    /// Follow every line from `row` (reached at `depth` by a line whose first
    /// move is `first`; `None` at the root): `Ok` when all were followed.
    fn visit(&mut self, row: Row, depth: usize, first: Option<Step>) -> Result<(), End> {
        self.visits += 1;
        if self.visits > self.limit {
            return Err(End::Restart);
        }
        if self.visits > VISITS_PER_POSITION.saturating_mul(self.player.budget as u64) {
            return Err(End::Budget);
        }
        if self.moves.len() <= depth {
            self.moves.push(Vec::new());
        }
        let mut moves = std::mem::take(&mut self.moves[depth]);
        if first.is_some() {
            self.player.moves(self.geometry, row.tops(), &mut moves);
        }
        let mut children: Vec<(i64, Row, Step)> = Vec::with_capacity(moves.len());
        let mut outcome = Ok(());
        for &step in &moves {
            let next = row.after(step);
            if self.done.contains(&next) {
                continue;
            }
            let first = first.unwrap_or(step);
            let value = if let Some(&value) = self.values.get(&next) {
                value
            } else {
                if self.values.len() >= self.player.budget {
                    outcome = Err(End::Budget);
                    break;
                }
                let value = self.player.value(self.geometry, self.bounds, next.tops());
                if value >= WIN {
                    outcome = Err(End::Won(first));
                    break;
                }
                self.values.insert(next, value);
                if self.best.is_none_or(|(kept, _)| value > kept) {
                    self.best = Some((value, first));
                }
                value
            };
            if value > HOPELESS / 2 {
                let fuzz = if self.attempt > 0 && depth < self.shallow {
                    let mut hasher = FxHasher::default();
                    (next, self.attempt).hash(&mut hasher);
                    (hasher.finish() % PROBE_FUZZ) as i64
                } else {
                    0
                };
                children.push((value + fuzz, next, first));
            }
        }
        self.moves[depth] = moves;
        outcome?;
        // The most valuable first; among equals the earlier move (stable).
        children.sort_by_key(|&(key, _, _)| Reverse(key));
        for (_, next, first) in children {
            if !self.done.contains(&next) {
                self.visit(next, depth + 1, Some(first))?;
            }
        }
        self.done.insert(row);
        Ok(())
    }
}

impl RowPlayer for Lookahead {
    fn pick(&mut self, view: &View<'_>, legal: &[Action], _: &mut SplitMix64) -> Option<Action> {
        if view.stock_len > 0 && legal.contains(&Action::Deal) && !view.rules.set.must_move() {
            return Some(Action::Deal);
        }
        if self.evaluation == Evaluation::Sweepers && self.rank.is_none() {
            self.rank = Some(Sweepers::choose_rank(view.tops));
        }
        Some(match self.best_move(view.rules, view.tops) {
            Some(step) if legal.contains(&Action::Move(step)) => Action::Move(step),
            _ => legal[0],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blind::play::testing::{actions_of, replayed};
    use crate::blind::strategy::StrategyKind;
    use crate::card::cards as row;
    use crate::deal::Deal;

    /// Every action the player takes is legal in the core's reference game
    /// (`Game`, which checks each move), and the game ends where the
    /// simulator's referee says.
    #[test]
    fn plays_only_legal_moves_replayed_through_the_game() {
        for rules in crate::blind::strategies::test_rule_sets() {
            for (evaluation, search) in [
                (Evaluation::Plain, Search::BestFirst),
                (Evaluation::Sweepers, Search::BestFirst),
                (Evaluation::Plain, Search::DepthFirst),
                (Evaluation::Sweepers, Search::DepthFirst),
            ] {
                for (seed, budget) in [(1u64, 1usize), (2, 10), (3, 300), (4, 30), (5, 2_000)] {
                    let cards = [52, 52, 30, 18, 52][seed as usize % 5];
                    let deal = Deal::from_seed(seed, cards).unwrap();
                    let blind = !rules.set.must_move() && seed % 2 == 0;
                    let mut player = Lookahead::searching(evaluation, search, budget);
                    replayed(&rules, &mut player, &deal, blind, seed);
                }
            }
        }
    }

    #[test]
    fn takes_a_win_it_can_see_and_avoids_a_row_that_falls_apart() {
        let rules = Rules::modern();
        // 2H>3H leaves 2H 8H 8C; 8H>3H first leaves 2H 8H 8C as well, but
        // 8C>8H first leaves 2H 3H 8C with no way to join the clubs to the
        // hearts: lost. Every budget sees the one-move wins.
        for (evaluation, search) in [
            (Evaluation::Plain, Search::BestFirst),
            (Evaluation::Sweepers, Search::DepthFirst),
        ] {
            let player = Lookahead::searching(evaluation, search, 1);
            assert_eq!(
                player.best_move(&rules, &row("2H 3H")),
                Some(Step { from: 1, to: 0 })
            );
        }
        let tops = row("2H 3H 8H 8C");
        for search in [Search::BestFirst, Search::DepthFirst] {
            let player = Lookahead::searching(Evaluation::Plain, search, 100);
            let step = player.best_move(&rules, &tops).unwrap();
            assert_ne!(step, Step { from: 3, to: 2 }, "8C>8H splits the row");
        }
        let mut player = Lookahead::new(Evaluation::Plain, 100);
        assert_eq!(actions_of(&rules, &mut player, &tops, false, 0).0, 1);
    }

    #[test]
    fn strain_counts_cards_short_of_partners_to_their_right() {
        // 2H: 3H and 8H to its right (0); 3H: 8H (1); 8H: 8C (1); 8C: none (3).
        assert_eq!(strain(&row("2H 3H 8H 8C")), 5);
        assert_eq!(strain(&row("KS")), 3);
    }

    #[test]
    fn more_budget_wins_more_deals() {
        // On deals 1-40, budget 10 wins 1 and 3,000 wins 18 (lookahead);
        // planner 2 and 30; depth-first at 100 and 1,000: 5 and 28. Far
        // apart, so the order is no accident of the deals.
        let rules = Rules::modern();
        for (evaluation, search, low, high) in [
            (Evaluation::Plain, Search::BestFirst, 10, 3_000),
            (Evaluation::Sweepers, Search::BestFirst, 10, 3_000),
            (Evaluation::Plain, Search::DepthFirst, 100, 1_000),
        ] {
            let wins = |budget: usize| {
                (1..=40u64)
                    .filter(|&n| {
                        let deal = Deal::from_seed(n, 52).unwrap();
                        let mut player = Lookahead::searching(evaluation, search, budget);
                        actions_of(&rules, &mut player, deal.cards(), false, n).0 == 1
                    })
                    .count()
            };
            let (few, many) = (wins(low), wins(high));
            assert!(
                few + 8 <= many,
                "{evaluation:?} {search:?}: {few} then {many}"
            );
        }
    }

    #[test]
    fn the_budget_is_part_of_the_name() {
        assert_eq!(
            "lookahead:300".parse::<StrategyKind>().unwrap(),
            StrategyKind::Lookahead(300)
        );
        assert_eq!(
            " Planner : 7 ".parse::<StrategyKind>().unwrap(),
            StrategyKind::Planner(7)
        );
        assert_eq!(
            "lookahead".parse::<StrategyKind>().unwrap(),
            StrategyKind::Lookahead(StrategyKind::DEFAULT_BUDGET)
        );
        assert_eq!(StrategyKind::Planner(30).to_string(), "planner:30");
        for bad in [
            "lookahead:0",
            "lookahead:x",
            "lookahead:",
            "planner:1000001",
            "sweepers:10",
        ] {
            let err = bad.parse::<StrategyKind>().unwrap_err();
            assert!(err.to_string().contains(bad), "{err}");
        }
    }
}
