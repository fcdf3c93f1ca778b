//! `parlett-agent`: a player for `parlett` blind play (must move, free choice,
//! deal only when stuck) that knows the unseen cards as a set, never their order.
//!
//! Under `parlett` the player moves until stuck, and only then is a card dealt;
//! so each *phase* between two deals is a deterministic puzzle whose only
//! uncertainty is what comes after it. At the first decision of a phase the
//! agent:
//!
//! 1. lists every stuck row the phase can end in (a depth-first search over the
//!    legal moves, each row visited once, `node_budget` rows expanded; past the
//!    budget only the first move of each row is followed, so every branch still
//!    ends in a stuck row);
//! 2. if there is one, plays towards it; with an empty stock, plays towards the
//!    one with the fewest piles;
//! 3. otherwise draws `samples` orderings of `stock_len` cards from the unseen
//!    set (uniformly, from its own generator), plays each candidate row on
//!    against each ordering with the `slide-first` rollout policy (the same
//!    orderings for every candidate, to compare like with like), and plays
//!    towards the candidate with the fewest piles on average; ties go to the
//!    candidate found first (the search follows [`Rules::all_moves`] order).
//!
//! It then follows that line, one move per call, as long as the row is the
//! one it expects, and plans afresh otherwise.

use crate::blind::forced::Forced;
use crate::blind::play::RowPlayer;
use crate::blind::strategy::View;
use crate::card::Card;
use crate::deal::SplitMix64;
use crate::game::Action;
use crate::rules::{Rules, Step};
use rustc_hash::FxHashSet;
use std::cmp::Reverse;

/// Monte Carlo over orderings of the unseen cards with greedy rollouts.
#[derive(Clone, Debug)]
pub struct ParlettAgent {
    rollout: Forced,
    samples: usize,
    node_budget: usize,
    line: PhaseLine,
}

/// A row the phase can end in, and the line that reaches it.
pub(in crate::blind) struct Candidate {
    pub(in crate::blind) row: Vec<Card>,
    pub(super) line: Vec<Step>,
}

impl ParlettAgent {
    /// Orderings sampled per decision.
    pub const SAMPLES: usize = 48;
    /// Rows expanded per phase search.
    pub const NODE_BUDGET: usize = 4_000;

    pub fn new(rules: &Rules) -> ParlettAgent {
        ParlettAgent::with_effort(rules, Self::SAMPLES, Self::NODE_BUDGET)
    }

    pub fn with_effort(rules: &Rules, samples: usize, node_budget: usize) -> ParlettAgent {
        ParlettAgent {
            rollout: Forced::new(rules, false),
            samples: samples.max(1),
            node_budget,
            line: PhaseLine::default(),
        }
    }

    /// Every stuck row this phase can reach (rule 1).
    fn candidates(&self, view: &View<'_>) -> Vec<Candidate> {
        phase_ends(view.rules, view.tops, self.node_budget)
    }

    /// The candidate with the fewest piles on average over sampled orderings
    /// (rule 3); the orderings never depend on the real stock.
    pub(super) fn best_by_rollouts(
        &self,
        view: &View<'_>,
        candidates: &[Candidate],
        rng: &mut SplitMix64,
    ) -> usize {
        best_over_orderings(view, candidates, self.samples, rng, |row, stock| {
            (false, self.rollout.finish(row, stock))
        })
    }
}

/// Rule 3's comparison (also `parlett-sampler`'s): every candidate is played
/// on against the same `samples` orderings of the unseen cards (so they are
/// compared like with like); `outcome(row, ordering)` tells whether that
/// ordering was won from the candidate's row and with how many piles. The
/// candidate won on most orderings, then with the fewest piles summed over
/// them; ties go to the one found first.
pub(super) fn best_over_orderings(
    view: &View<'_>,
    candidates: &[Candidate],
    samples: usize,
    rng: &mut SplitMix64,
    mut outcome: impl FnMut(&[Card], &[Card]) -> (bool, usize),
) -> usize {
    let (orderings, take) = sample_stocks(view, samples, rng);
    let mut best = ((0usize, Reverse(u64::MAX)), 0usize);
    for (index, candidate) in candidates.iter().enumerate() {
        let (mut wins, mut piles) = (0usize, 0u64);
        for stock in orderings.chunks_exact(take.max(1)) {
            let (won, left) = outcome(&candidate.row, &stock[..take]);
            wins += usize::from(won);
            piles += left as u64;
        }
        if (wins, Reverse(piles)) > best.0 {
            best = ((wins, Reverse(piles)), index);
        }
    }
    best.1
}

/// The line to the chosen end of a phase (rule 2: the only candidate, or with
/// an empty stock the fewest piles, first found on a tie; else `rule3`'s).
pub(super) fn choose_end(
    mut candidates: Vec<Candidate>,
    view: &View<'_>,
    rule3: impl FnOnce(&[Candidate]) -> usize,
) -> Vec<Step> {
    let best = if candidates.len() == 1 {
        0
    } else if view.stock_len == 0 {
        (0..candidates.len())
            .min_by_key(|&i| candidates[i].row.len())
            .expect("a phase ends somewhere")
    } else {
        rule3(&candidates)
    };
    candidates.swap_remove(best).line
}

/// Every stuck row the phase from `tops` can end in, each with its line
/// (rule 1; `budget` rows expanded, then only first moves).
pub(in crate::blind) fn phase_ends(rules: &Rules, tops: &[Card], budget: usize) -> Vec<Candidate> {
    let mut search = PhaseSearch {
        rules,
        budget,
        seen: FxHashSet::default(),
        line: Vec::new(),
        found: Vec::new(),
        moves: Vec::new(),
    };
    search.visit(tops.to_vec());
    search.found
}

/// `samples` orderings of `stock_len` cards drawn from the unseen set,
/// uniformly, from the player's own generator (one after another in the
/// vector), and the length of each.
pub(super) fn sample_stocks(
    view: &View<'_>,
    samples: usize,
    rng: &mut SplitMix64,
) -> (Vec<Card>, usize) {
    let mut deck: Vec<Card> = view.unseen.iter().collect();
    let take = view.stock_len.min(deck.len());
    let mut orderings = Vec::with_capacity(samples * take);
    for _ in 0..samples {
        for i in 0..take {
            let j = i + rng.below((deck.len() - i) as u64) as usize;
            deck.swap(i, j);
        }
        orderings.extend_from_slice(&deck[..take]);
    }
    (orderings, take)
}

/// The depth-first search of one phase.
struct PhaseSearch<'a> {
    rules: &'a Rules,
    budget: usize,
    seen: FxHashSet<Vec<Card>>,
    line: Vec<Step>,
    found: Vec<Candidate>,
    moves: Vec<Step>,
}

impl PhaseSearch<'_> {
    fn visit(&mut self, row: Vec<Card>) {
        if !self.seen.insert(row.clone()) {
            return;
        }
        self.rules.all_moves(&row, &mut self.moves);
        if self.moves.is_empty() {
            self.found.push(Candidate {
                row,
                line: self.line.clone(),
            });
            return;
        }
        let moves = if self.seen.len() > self.budget {
            vec![self.moves[0]]
        } else {
            self.moves.clone()
        };
        for step in moves {
            self.line.push(step);
            self.visit(apply(&row, step));
            self.line.pop();
        }
    }
}

/// The row after `step` (tops only).
pub(super) fn apply(row: &[Card], step: Step) -> Vec<Card> {
    let mut next = row.to_vec();
    next[step.to] = row[step.from];
    next.remove(step.from);
    next
}

/// The line a player of phases follows: one move per call, as long as the
/// row is the one it expects; otherwise (and at a phase's first move) it asks
/// for a new line.
#[derive(Clone, Debug, Default)]
pub(super) struct PhaseLine {
    /// The rest of the chosen line, next move last.
    rest: Vec<Step>,
    /// The row the next move expects.
    expected: Vec<Card>,
}

impl PhaseLine {
    /// The next action; `plan` gives the line for a phase (from its row).
    pub(super) fn next(
        &mut self,
        view: &View<'_>,
        legal: &[Action],
        plan: impl FnOnce() -> Vec<Step>,
    ) -> Action {
        if !legal.iter().any(|a| matches!(a, Action::Move(_))) {
            self.rest.clear();
            return legal[0];
        }
        let on_plan = self.expected == view.tops
            && self
                .rest
                .last()
                .is_some_and(|&s| legal.contains(&Action::Move(s)));
        if !on_plan {
            self.rest = plan();
            self.rest.reverse();
        }
        let step = self.rest.pop().expect("a phase with a move has a line");
        self.expected = apply(view.tops, step);
        Action::Move(step)
    }
}

/// A player of phases: at each phase it plans a line (to the stuck row it
/// chooses) and follows it while the row is the one the line expects
/// ([`PhaseLine`]); every such player is a [`RowPlayer`] by this alone.
pub(super) trait PlaysPhases {
    /// The line being followed.
    fn line(&mut self) -> &mut PhaseLine;
    /// The line for the phase `view` is at.
    fn plan_phase(&mut self, view: &View<'_>, rng: &mut SplitMix64) -> Vec<Step>;
}

impl<T: PlaysPhases> RowPlayer for T {
    fn pick(&mut self, view: &View<'_>, legal: &[Action], rng: &mut SplitMix64) -> Option<Action> {
        let mut line = std::mem::take(self.line());
        let action = line.next(view, legal, || self.plan_phase(view, rng));
        *self.line() = line;
        Some(action)
    }
}

impl PlaysPhases for ParlettAgent {
    fn line(&mut self) -> &mut PhaseLine {
        &mut self.line
    }

    /// The line to the stuck row chosen for this phase (rules 1-3).
    fn plan_phase(&mut self, view: &View<'_>, rng: &mut SplitMix64) -> Vec<Step> {
        choose_end(self.candidates(view), view, |candidates| {
            self.best_by_rollouts(view, candidates, rng)
        })
    }
}
