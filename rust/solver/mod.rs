//! The exhaustive solver: can this position be won, how, and if not, what is
//! the fewest piles any line reaches?
//!
//! [`solve`] answers for one position (top cards and, in a blind game, the
//! stock in dealing order); [`hint`] gives the first action of the best line;
//! [`solve_many`] solves many open rows on a pool of threads.
//!
//! * `modern`: the player may stop at any time, so the fewest piles is the
//!   minimum over every reachable position. Dealing early never hurts (a card
//!   dealt onto the right-hand end shifts no pile and forbids no move), so with
//!   a stock the solver deals it all first and solves the open row.
//! * `parlett`: a move must be made while one exists and a deal only when none
//!   does; a game ends only when no action is legal, so only such positions
//!   count. Given the stock order, this is the clairvoyant game.
//! * `strict`, `strict-leap`: the rules allow one action at a time; the line is
//!   played out.
//!
//! # Memory
//!
//! The transposition table never holds more than [`Budget::memory_bytes`]
//! (default [`DEFAULT_MEMORY_BYTES`], 256 MiB). It starts at 64 KiB and doubles
//! as needed up to that bound; a search that needs no more never touches more.
//! Each entry is one 64-byte cache line holding the whole position (an open
//! row with its ranks and suits renamed in order of first appearance, which
//! names it up to a renaming that changes nothing in play), so a collision of
//! hashes can never confuse two positions, and a lower bound on the piles
//! reachable from it. Entries sit in buckets of four; once the table
//! is at its bound, a new entry that finds its bucket full replaces the one with
//! the fewest piles, the cheapest to search again. A lost entry only means its
//! position may be searched again: verdicts, pile counts and lines are the
//! same with any table size, only the node count and time differ.
//! [`solve_many`] holds one table per worker thread.

pub(crate) mod bounds;
mod order;
mod patience;
mod position;
mod search;
mod table;

pub(crate) use search::luby;

use crate::card::Card;
use crate::game::{Action, Grade, Outcome};
use crate::row::Row;
use crate::rules::{Rules, Step};
use position::Position;
use rayon::prelude::*;
use search::{Found, Race, Search, Stop};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

pub use crate::budget::{Budget, Verdict, DEFAULT_MEMORY_BYTES};

/// A verdict with its line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    pub verdict: Verdict,
    /// From the given position: a complete winning line (`Win`), a line to the
    /// fewest piles (`Loss`), or the best line found (`Unknown`). Moves are by
    /// position in the row as it stands, as [`Row::apply`] and
    /// [`crate::Game::play`] take them.
    pub actions: Vec<Action>,
    /// The piles `actions` ends with, cards still in the stock counted as piles.
    pub piles: usize,
    /// Positions searched.
    pub nodes: u64,
    pub elapsed: Duration,
    /// The caller's cancel flag stopped the search (the verdict is `Unknown`).
    pub cancelled: bool,
}

/// Solve the position with top cards `tops` (left to right) and `stock` still
/// to deal (next first; empty for an open row).
///
/// ```
/// use accordion::solver::{solve, Budget, Verdict};
/// use accordion::{Deal, Rules};
///
/// let deal = Deal::from_seed(1, 52).unwrap();
/// let solution = solve(deal.cards(), &[], &Rules::modern(), &Budget::default());
/// assert_eq!(solution.verdict, Verdict::Win);
/// assert_eq!(solution.actions.len(), 51);
/// ```
pub fn solve(tops: &[Card], stock: &[Card], rules: &Rules, budget: &Budget) -> Solution {
    solve_jobs(tops, stock, rules, budget, 1)
}

/// [`solve`] one position on `jobs` threads (clamped to 1 ..= 256): a race of
/// `jobs` searchers, each in its own move order and with its own table (so
/// up to `jobs × memory_bytes` together), the answer being that of the one
/// that finishes in the fewest nodes, ties to the lowest number. The answer
/// — verdict, piles, line and node count (the chosen searcher's) — is the
/// same in every run for a given `jobs`, whatever the threads' speeds;
/// verdict and piles are the same for every `jobs`. Searcher 0 is [`solve`]'s
/// search, so the race never takes more nodes than it, and on a won row
/// whose search is long another order often finishes far sooner; a proof of
/// loss must be exhaustive in every order and gains little. Results from
/// `jobs` = 1 are those of [`solve`].
pub fn solve_jobs(
    tops: &[Card],
    stock: &[Card],
    rules: &Rules,
    budget: &Budget,
    jobs: usize,
) -> Solution {
    let jobs = jobs.clamp(1, crate::pool::MAX_JOBS);
    let started = Instant::now();
    let mut solution = if rules.set.is_automatic() {
        play_out(tops, stock, rules)
    } else if !rules.set.must_move() && !stock.is_empty() {
        let mut row = tops.to_vec();
        row.extend_from_slice(stock);
        let mut solution = search(&row, &[], rules, budget, started, jobs);
        solution
            .actions
            .splice(0..0, std::iter::repeat_n(Action::Deal, stock.len()));
        solution
    } else {
        search(tops, stock, rules, budget, started, jobs)
    };
    solution.elapsed = started.elapsed();
    debug_assert!(
        solution.verdict == Verdict::Unknown
            || replay(tops, stock, rules, &solution.actions).is_some_and(|end| {
                end.piles == solution.piles && (end.is_over || !rules.set.must_move())
            }),
        "the line does not replay to its piles"
    );
    solution
}

fn search(
    tops: &[Card],
    stock: &[Card],
    rules: &Rules,
    budget: &Budget,
    started: Instant,
    jobs: usize,
) -> Solution {
    let root = Position::new(tops, stock);
    let found = if jobs == 1 {
        Search::new(rules, stock, budget, started).run(&root)
    } else {
        race(&root, rules, stock, budget, started, jobs)
    };
    let piles = if found.value == usize::MAX {
        tops.len() + stock.len()
    } else {
        found.value
    };
    let verdict = match found.stop {
        _ if rules.is_won(piles) && found.value != usize::MAX => Verdict::Win,
        None | Some(Stop::Proven) => Verdict::Loss,
        Some(Stop::Budget | Stop::Cancelled | Stop::Restart | Stop::Outrun) => Verdict::Unknown,
    };
    Solution {
        verdict,
        actions: found.line,
        piles,
        nodes: found.nodes,
        elapsed: Duration::ZERO,
        cancelled: found.stop == Some(Stop::Cancelled),
    }
}

/// The race of [`solve_jobs`]: `jobs` searchers on scoped threads; the
/// finished one with the fewest nodes (ties to the lowest number), else (the
/// budget ran out or the caller cancelled) searcher 0's result.
fn race(
    root: &Position,
    rules: &Rules,
    stock: &[Card],
    budget: &Budget,
    started: Instant,
    jobs: usize,
) -> Found {
    let race = Race::new();
    let mut founds: Vec<Found> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..jobs as u64)
            .map(|worker| {
                let race = &race;
                scope.spawn(move || {
                    Search::new(rules, stock, budget, started)
                        .with_worker(worker, race)
                        .run(root)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|handle| handle.join().expect("a searcher thread"))
            .collect()
    });
    let chosen = founds
        .iter()
        .enumerate()
        .filter(|(_, found)| matches!(found.stop, None | Some(Stop::Proven)))
        .min_by_key(|(worker, found)| (found.nodes, *worker))
        .map_or(0, |(worker, _)| worker);
    founds.swap_remove(chosen)
}

/// What [`Decider::decide`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// The row can be won: a winning line (moves by position, as [`Row::apply`]
    /// takes them; empty for a row already won).
    Won(Vec<Step>),
    /// No line wins it (proved).
    Lost,
    /// The quota ran out first.
    Unsure,
    /// The budget ran out or the cancel flag was raised.
    Stopped,
}

/// Decides, one open row after another, whether each can be won under one rule
/// set, keeping its transposition table from row to row (rows that share
/// positions, such as the children of neighbouring positions of one line, are
/// decided much faster together). The verdicts are exact and do not depend on
/// the order rows are asked in; only the node count does. The budget's node
/// and time limits apply to all the rows together.
pub struct Decider<'a> {
    search: Search<'a>,
}

impl<'a> Decider<'a> {
    pub fn new(rules: &'a Rules, budget: &'a Budget) -> Decider<'a> {
        Decider {
            search: Search::new(rules, &[], budget, Instant::now()),
        }
    }

    /// Whether the open row `tops` can be won, searching at most `quota` more
    /// positions (`None`: as many as the budget allows).
    pub fn decide(&mut self, tops: &[Card], quota: Option<u64>) -> Decision {
        match self.search.decide(&Position::new(tops, &[]), quota) {
            Some(true) => Decision::Won(
                self.search
                    .line()
                    .iter()
                    .filter_map(|action| match action {
                        Action::Move(step) => Some(*step),
                        Action::Deal => None,
                    })
                    .collect(),
            ),
            Some(false) => Decision::Lost,
            None if self.search.stop() == Some(Stop::Restart) => Decision::Unsure,
            None => Decision::Stopped,
        }
    }

    /// Positions searched so far, over every row.
    pub fn nodes(&self) -> u64 {
        self.search.nodes()
    }
}

/// The fewest piles any line from a row of `cards` cards can end with under
/// `rules`, whatever the cards (see the `bounds` module): above 1, no such row is ever won.
pub fn fewest_possible_piles(rules: &Rules, cards: usize) -> usize {
    bounds::fixed_piles(rules, cards).max(1)
}

/// The one line the forced rule sets allow.
fn play_out(tops: &[Card], stock: &[Card], rules: &Rules) -> Solution {
    let mut row = tops.to_vec();
    let mut actions = Vec::new();
    let mut dealt = 0;
    loop {
        if let Some(step) = rules.forced_move(&row, 0) {
            row[step.to] = row[step.from];
            row.remove(step.from);
            actions.push(Action::Move(step));
        } else if dealt < stock.len() {
            row.push(stock[dealt]);
            dealt += 1;
            actions.push(Action::Deal);
        } else {
            break;
        }
    }
    Solution {
        verdict: if rules.is_won(row.len()) {
            Verdict::Win
        } else {
            Verdict::Loss
        },
        nodes: actions.len() as u64 + 1,
        actions,
        piles: row.len(),
        elapsed: Duration::ZERO,
        cancelled: false,
    }
}

/// A first action that keeps the best result in reach: a win if one exists,
/// else the fewest piles reachable (under `modern`, stopping is also a choice,
/// so the hint is the first action of a best line). `None` when no action is
/// legal. If the budget runs out before any line is found, the first legal
/// action.
pub fn hint(tops: &[Card], stock: &[Card], rules: &Rules, budget: &Budget) -> Option<Action> {
    solve(tops, stock, rules, budget)
        .actions
        .first()
        .copied()
        .or_else(|| first_legal_action(tops, stock, rules))
}

fn first_legal_action(tops: &[Card], stock: &[Card], rules: &Rules) -> Option<Action> {
    let mut steps = Vec::new();
    rules.legal_moves(tops, &mut steps);
    // A move when there is one (every rule set allows its legal moves), else
    // the deal: with no move legal every rule set allows it. (Asking also
    // whether a must-move rule forbids the deal was dead code, found by cargo
    // mutants: the deal is only reached with no move.)
    steps
        .first()
        .map(|&step| Action::Move(step))
        .or((!stock.is_empty()).then_some(Action::Deal))
}

/// Solve each open row, on a pool of `jobs` threads (default: one per core;
/// checked by [`crate::pool::check_jobs`], and clamped to 1 ..= 256 here).
/// Results come in input order and are the same for any `jobs` (except for
/// `elapsed`, and for what a timeout or a cancel cut short). The budget applies
/// to each row, its memory bound too: each worker thread holds one table at a
/// time, so the tables never hold more than `jobs × memory_bytes` together
/// (tables grow only as a search needs them, so usually far less). Its cancel
/// flag stops every row.
pub fn solve_many(
    rows: &[Vec<Card>],
    rules: &Rules,
    budget: &Budget,
    jobs: Option<usize>,
) -> Vec<Solution> {
    solve_many_reporting(rows, rules, budget, jobs, &|_| {})
}

/// [`solve_many`], calling `finished(n)` as the `n`-th row (in the order they
/// finish, not their order) is solved, from the worker thread that solved it:
/// a progress count for long batches (a chunk of a hunt is ten thousand rows).
pub fn solve_many_reporting(
    rows: &[Vec<Card>],
    rules: &Rules,
    budget: &Budget,
    jobs: Option<usize>,
    finished: &(dyn Fn(u64) + Sync),
) -> Vec<Solution> {
    let jobs = jobs.map(|j| j.clamp(1, crate::pool::MAX_JOBS));
    let done = AtomicU64::new(0);
    crate::pool::install(jobs, || {
        rows.par_iter()
            .map(|row| {
                let solution = solve(row, &[], rules, budget);
                finished(done.fetch_add(1, Ordering::Relaxed) + 1);
                solution
            })
            .collect()
    })
}

/// Play `actions` from the position (`tops`, `stock`) under `rules`; the end
/// of the line, or `None` if an action is illegal. Its `piles` counts the cards
/// left in the stock as piles, as [`Solution::piles`] does.
pub fn replay(tops: &[Card], stock: &[Card], rules: &Rules, actions: &[Action]) -> Option<Outcome> {
    let mut row = Row::from_cards(tops);
    let mut dealt = 0;
    let mut steps = Vec::new();
    for &action in actions {
        rules.legal_moves(row.tops(), &mut steps);
        match action {
            Action::Move(step) if steps.contains(&step) => {
                row.apply(step);
            }
            Action::Deal if dealt < stock.len() && (steps.is_empty() || !rules.set.must_move()) => {
                row.push(stock[dealt]);
                dealt += 1;
            }
            Action::Move(_) | Action::Deal => return None,
        }
    }
    rules.legal_moves(row.tops(), &mut steps);
    let piles = row.len() + stock.len() - dealt;
    let is_over = steps.is_empty() && dealt == stock.len();
    Some(Outcome {
        piles,
        grade: is_over.then(|| Grade::under(rules, piles)),
        is_over,
    })
}
