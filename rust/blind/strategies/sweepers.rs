//! `sweepers`: the published basic strategy for open play (Rick Holzgrafe's,
//! from the Solitaire Till Dawn rules and strategy article, reported to win about
//! one game in three). `docs/strategies.md` quotes the sources and gives the
//! reading in full; in short:
//!
//! 1. **Lay out** the whole pack first (deal while the stock lasts).
//! 2. **Choose the sweepers**, one rank whose four cards are kept on top.
//! 3. **Gather and sweep** by a bounded lookahead: the legal moves are looked
//!    at as many moves deep as a budget of rows allows (at least two), never
//!    putting another card onto a sweeper while anything else can be played,
//!    and the row each line leads to is scored by [`score`]: all four sweepers
//!    on top, no other pile to the right of a sweeper (the sweepers "together at
//!    the end of the layout"), few piles, every other pile's top sharing a suit
//!    with a sweeper on top (so that one can take it when the sweepers move
//!    toward the beginning), and many moves left open.

use crate::blind::play::RowPlayer;
use crate::blind::strategy::View;
use crate::card::Card;
use crate::deal::SplitMix64;
use crate::game::Action;
use crate::rules::{Rules, Step};

/// The weights of [`score`] (each is subtracted per unit, but `mobility`,
/// which is added).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Per sweeper no longer on top.
    pub lost: i64,
    /// Per pair (sweeper, other pile to its right).
    pub behind: i64,
    /// Per pile.
    pub pile: i64,
    /// Per other pile whose top shares no suit with a sweeper on top.
    pub uncovered: i64,
    /// Per legal move that puts no other card onto a sweeper.
    pub mobility: i64,
}

impl Default for Weights {
    /// The weights `sweepers` plays with (tuned by hand on deals 1–1,500;
    /// docs/strategies.md gives the effect of each term).
    fn default() -> Weights {
        Weights {
            lost: 60,
            behind: 2,
            pile: 10,
            uncovered: 8,
            mobility: 3,
        }
    }
}

/// The value of a won row (one pile).
pub(super) const WIN: i64 = 1 << 40;
/// The value of a dead row (no move left), less its piles.
pub(super) const DEAD: i64 = -(1 << 40);

/// A row of top cards on the stack.
#[derive(Copy, Clone)]
pub(super) struct Row {
    cards: [Card; 52],
    len: usize,
}

impl Row {
    pub(super) fn of(tops: &[Card]) -> Row {
        let mut cards = [tops[0]; 52];
        cards[..tops.len()].copy_from_slice(tops);
        Row {
            cards,
            len: tops.len(),
        }
    }

    pub(super) fn tops(&self) -> &[Card] {
        &self.cards[..self.len]
    }

    pub(super) fn after(&self, step: Step) -> Row {
        let mut next = *self;
        next.cards[step.to] = self.cards[step.from];
        next.cards.copy_within(step.from + 1..self.len, step.from);
        next.len -= 1;
        next
    }
}

// Equal when the tops are (the slots past `len` hold whatever was there).
crate::eq_hash_by!(Row, tops);

/// The move distances of the rules, listed once (ascending).
#[derive(Clone, Debug)]
pub(super) struct Geometry {
    distances: Vec<usize>,
    two_way: bool,
}

impl Geometry {
    pub(super) fn of(rules: &Rules) -> Geometry {
        Geometry {
            distances: rules.distances.iter().collect(),
            two_way: rules.two_way,
        }
    }

    /// The moves of the pile at `from`, in the order of [`Rules::moves_of`].
    #[inline]
    pub(super) fn moves_of(&self, row: &[Card], from: usize, mut emit: impl FnMut(Step)) {
        let card = row[from];
        for &d in &self.distances {
            if d > from {
                break;
            }
            if card.agrees(row[from - d]) {
                emit(Step { from, to: from - d });
            }
        }
        if self.two_way {
            for &d in &self.distances {
                if from + d >= row.len() {
                    break;
                }
                if card.agrees(row[from + d]) {
                    emit(Step { from, to: from + d });
                }
            }
        }
    }
}

/// Whether `step` puts a non-sweeper onto a sweeper (allowed only at the end).
fn buries(row: &[Card], rank: u8, step: Step) -> bool {
    row[step.to].rank() == rank && row[step.from].rank() != rank
}

/// How a row looks to a sweepers player keeping `rank` (higher is better):
/// minus, each with its weight, the sweepers no longer on top, the pairs (a
/// sweeper, another pile to its right), the piles, and the other piles whose
/// top shares no suit with a sweeper on top; plus the moves that bury no
/// sweeper.
pub(super) fn score(geometry: &Geometry, row: &[Card], rank: u8, w: &Weights) -> i64 {
    if row.len() == 1 {
        return WIN;
    }
    let mut suits = 0u8;
    let mut live = 0i64;
    for card in row {
        if card.rank() == rank {
            suits |= 1 << card.suit();
            live += 1;
        }
    }
    let (mut seen, mut behind, mut uncovered, mut mobility) = (0i64, 0i64, 0i64, 0i64);
    for (from, card) in row.iter().enumerate() {
        if card.rank() == rank {
            seen += 1;
        } else {
            behind += seen;
            uncovered += i64::from(suits >> card.suit() & 1 == 0);
        }
        geometry.moves_of(row, from, |step| {
            mobility += i64::from(!buries(row, rank, step));
        });
    }
    w.mobility * mobility
        - (w.lost * (4 - live)
            + w.behind * behind
            + w.pile * row.len() as i64
            + w.uncovered * uncovered)
}

/// The sweepers player; it picks its rank when the layout is complete.
#[derive(Clone, Debug)]
pub struct Sweepers {
    rank: Option<u8>,
    weights: Weights,
    geometry: Option<Geometry>,
    /// Rows a decision may look at (the lookahead deepens while it fits).
    budget: usize,
    nodes: usize,
    spare: Vec<Vec<Step>>,
}

impl Default for Sweepers {
    fn default() -> Sweepers {
        Sweepers::new(Weights::default(), Sweepers::BUDGET)
    }
}

impl Sweepers {
    /// Rows looked at per decision, at most (but two moves deep always).
    pub const BUDGET: usize = 2_000;
    /// The deepest lookahead.
    pub const MAX_DEPTH: usize = 12;

    pub fn new(weights: Weights, budget: usize) -> Sweepers {
        Sweepers {
            rank: None,
            weights,
            geometry: None,
            budget,
            nodes: 0,
            spare: Vec::new(),
        }
    }

    /// The sweeper rank of a laid-out row: the rank whose cards stand farthest
    /// right (largest sum of positions); ties go to the lower rank.
    pub fn choose_rank(tops: &[Card]) -> u8 {
        let mut weight = [0usize; 13];
        for (position, card) in tops.iter().enumerate() {
            weight[card.rank() as usize] += position + 1;
        }
        (0..13u8)
            .rev()
            .max_by_key(|&rank| weight[rank as usize])
            .expect("thirteen ranks")
    }

    /// The moves of `row` this player considers: all but burials, or the
    /// burials when nothing else is left.
    pub(super) fn candidates(geometry: &Geometry, row: &[Card], rank: u8, out: &mut Vec<Step>) {
        out.clear();
        for from in 0..row.len() {
            geometry.moves_of(row, from, |step| out.push(step));
        }
        if out.iter().any(|&s| !buries(row, rank, s)) {
            out.retain(|&s| !buries(row, rank, s));
        }
    }

    /// The best score reachable from `row` in `depth` more moves.
    fn value(&mut self, geometry: &Geometry, row: &Row, rank: u8, depth: usize) -> i64 {
        self.nodes += 1;
        if row.len == 1 {
            return WIN + depth as i64;
        }
        if depth == 0 {
            return score(geometry, row.tops(), rank, &self.weights);
        }
        let mut moves = self.spare.pop().unwrap_or_default();
        Sweepers::candidates(geometry, row.tops(), rank, &mut moves);
        let mut best = DEAD - row.len as i64;
        for &step in &moves {
            best = best.max(self.value(geometry, &row.after(step), rank, depth - 1));
            if best >= WIN {
                break;
            }
        }
        self.spare.push(moves);
        best
    }

    /// The move this player makes in `row`: the first of the best at the
    /// deepest lookahead the budget allows.
    fn best_move(&mut self, rules: &Rules, tops: &[Card], rank: u8) -> Option<Step> {
        let geometry = self.geometry.take().unwrap_or_else(|| Geometry::of(rules));
        let chosen = self.search(&geometry, tops, rank);
        self.geometry = Some(geometry);
        chosen
    }

    fn search(&mut self, geometry: &Geometry, tops: &[Card], rank: u8) -> Option<Step> {
        let row = Row::of(tops);
        let mut moves = Vec::new();
        Sweepers::candidates(geometry, tops, rank, &mut moves);
        if moves.len() <= 1 {
            return moves.first().copied();
        }
        let mut chosen = None;
        let mut previous = 0usize;
        for depth in 2..=Sweepers::MAX_DEPTH {
            self.nodes = 0;
            let mut best: Option<(i64, Step)> = None;
            for &step in &moves {
                let value = self.value(geometry, &row.after(step), rank, depth - 1);
                if best.is_none_or(|(b, _)| value > b) {
                    best = Some((value, step));
                }
            }
            chosen = best;
            let nodes = self.nodes.max(1);
            let growth = nodes.div_ceil(previous.max(1)).max(2);
            if chosen.is_some_and(|(v, _)| v >= WIN) || nodes * growth > self.budget {
                break;
            }
            previous = nodes;
        }
        chosen.map(|(_, step)| step)
    }
}

impl RowPlayer for Sweepers {
    fn pick(&mut self, view: &View<'_>, legal: &[Action], _: &mut SplitMix64) -> Option<Action> {
        if view.stock_len > 0 && legal.contains(&Action::Deal) {
            return Some(Action::Deal);
        }
        let rank = *self
            .rank
            .get_or_insert_with(|| Sweepers::choose_rank(view.tops));
        Some(match self.best_move(view.rules, view.tops, rank) {
            Some(step) if legal.contains(&Action::Move(step)) => Action::Move(step),
            _ => legal[0],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blind::play::testing::actions_of;
    use crate::deal::Deal;
    use crate::rules::RuleSet;

    use crate::card::cards as row;

    const EIGHT: u8 = 7;

    #[test]
    fn the_rank_whose_cards_stand_farthest_right_sweeps() {
        let tops = row("8C 2H 3H 4H 8D KS 2C 8H 8S 3C KC KD KH");
        // Kings: 6 + 11 + 12 + 13 = 42; eights: 1 + 4 + 8 + 9 = 22.
        assert_eq!(Sweepers::choose_rank(&tops), 12);
        // A tie goes to the lower rank.
        assert_eq!(Sweepers::choose_rank(&row("2C 3C 3D 2D")), 1);
    }

    #[test]
    fn the_score_wants_sweepers_on_top_at_the_end_and_other_tops_covered() {
        let geometry = Geometry::of(&Rules::modern());
        let w = Weights {
            mobility: 0,
            ..Weights::default()
        };
        let at_end = score(&geometry, &row("2C 3D 4H 5S 8C 8D 8H 8S"), EIGHT, &w);
        let in_front = score(&geometry, &row("8C 8D 8H 8S 2C 3D 4H 5S"), EIGHT, &w);
        assert_eq!(at_end - in_front, 16 * w.behind);
        let buried = score(&geometry, &row("2C 3D 4H 5S 8C 8D 8H"), EIGHT, &w);
        // One pile fewer, one sweeper lost, the spades left uncovered.
        assert_eq!(at_end - buried, w.lost + w.uncovered - w.pile);
        assert_eq!(score(&geometry, &row("8C"), EIGHT, &w), WIN);
        // Mobility counts the moves that bury no sweeper: 3C>2C, 8C>3C and
        // 4C>2C, not 4C>8C.
        let w = Weights {
            lost: 0,
            behind: 0,
            pile: 0,
            uncovered: 0,
            mobility: 1,
        };
        let tops = row("2C 3C 8C 4C");
        let mut all = Vec::new();
        Rules::modern().all_moves(&tops, &mut all);
        assert_eq!(all.len(), 4);
        assert_eq!(score(&geometry, &tops, EIGHT, &w), 3);
    }

    #[test]
    fn sweeps_up_a_row_it_can_see_to_the_end() {
        // Gather the hearts, then the sweepers take them, then each other.
        let tops = row("2H 3H 8H 8C 8D 8S");
        let rules = Rules::modern();
        let mut player = Sweepers::default();
        assert_eq!(actions_of(&rules, &mut player, &tops, false, 0).0, 1);
    }

    /// Replays the game and checks that a non-sweeper lands on a sweeper only
    /// when every legal move does.
    #[test]
    fn buries_a_sweeper_only_when_nothing_else_is_left() {
        for set in [RuleSet::Modern, RuleSet::Parlett] {
            let rules = Rules::new(set);
            for seed in 0..12 {
                let deal = Deal::from_seed(seed, 52).unwrap();
                let mut player = Sweepers::default();
                let (_, actions) = actions_of(&rules, &mut player, deal.cards(), false, seed);
                let rank = Sweepers::choose_rank(deal.cards());
                let mut tops = deal.cards().to_vec();
                let mut moves = Vec::new();
                for action in actions {
                    let Action::Move(step) = action else {
                        panic!("an open game never deals");
                    };
                    rules.all_moves(&tops, &mut moves);
                    if buries(&tops, rank, step) {
                        assert!(moves.iter().all(|&s| buries(&tops, rank, s)), "seed {seed}");
                    }
                    tops[step.to] = tops[step.from];
                    tops.remove(step.from);
                }
            }
        }
    }

    #[test]
    fn blind_modern_play_lays_everything_out_first() {
        let rules = Rules::modern();
        let deal = Deal::from_seed(3, 52).unwrap();
        let (_, blind) = actions_of(&rules, &mut Sweepers::default(), deal.cards(), true, 3);
        assert!(blind[..52].iter().all(|&a| a == Action::Deal));
        let (_, open) = actions_of(&rules, &mut Sweepers::default(), deal.cards(), false, 3);
        assert_eq!(blind[52..], open[..]);
    }

    #[test]
    fn wins_a_fair_share_of_open_deals() {
        // About a third at full strength; 30 deals give at least 4 wins with
        // probability above 0.99 at that rate (the first 30 give 11).
        let rules = Rules::modern();
        let wins = (1..=30u64)
            .filter(|&n| {
                let deal = Deal::from_seed(n, 52).unwrap();
                actions_of(&rules, &mut Sweepers::default(), deal.cards(), false, n).0 == 1
            })
            .count();
        assert!(wins >= 4, "{wins} wins");
    }
}
