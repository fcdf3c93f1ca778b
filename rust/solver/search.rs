//! Depth-first branch and bound over positions.
//!
//! The *value* of a line is the piles it ends with. Under `modern` rules the
//! player may stop anywhere, so every position a line passes counts; under the
//! must-move rules only a position with no legal action (no move, empty stock)
//! ends a game. The search keeps the best line found, and prunes a position
//! when its lower bound (agreement components and never-covered cards,
//! [`super::bounds`]) or the bound stored for it in the table cannot beat the
//! *cutoff*: the best value so far, or less while [`Search::run`] looks for a
//! line of a given number of piles. Under `modern` both are read before the
//! position's moves are generated. An open position of up to
//! [`RELABEL_UP_TO`] cards is stored under its relabelled row
//! ([`Position::open_key`]): rows that differ only by a renaming of ranks and
//! suits have the same value and share one entry. Where the row
//! splits into parts that cannot reach each other, only one part's moves are
//! tried ([`Search::keep_independent_suffix`]).
//!
//! Why a stored bound is sound: the rows form a DAG (every move removes a pile,
//! every deal a stock card), so a position is never its own descendant. When
//! the search of a position finishes with cutoff `c`, every line from it worth
//! less than `c` would have been found (and would have lowered the cutoff), so
//! its value is at least `c`; the table keeps that `c`. The cutoff only ever
//! falls within a round, so a position stored with `c` is skipped whenever `c`
//! is at least the cutoff of the moment, and searched again otherwise (as in
//! a later round, whose cutoff is higher).

use super::bounds::{fixed_piles, Bounds};
use super::order::{next_best, order_moves, Perturb, Scratch, CLASS_WEIGHT, FUZZ};
use super::position::{agree, Key, Position};
use super::table::Table;
use super::Budget;
use crate::card::Card;
use crate::game::Action;
use crate::rules::{Rules, Step};
use std::sync::atomic::Ordering;
use std::time::Instant;

/// Why the search stopped before it was exhaustive.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    /// The best line reached the lower bound of the start: nothing can beat it.
    Proven,
    /// The node or time budget ran out.
    Budget,
    /// The caller's cancel flag was raised.
    Cancelled,
    /// The attempt used up its nodes: search again in another order.
    Restart,
    /// Another searcher of the same [`Race`] finished in fewer nodes.
    Outrun,
}

/// Searchers of one position on several threads, each in its own order
/// ([`Search::with_worker`]), each with its own table: the answer is that of
/// the searcher that finishes in the fewest nodes (ties to the lowest
/// number). Each searcher's node count at its end is a function of the
/// position, the rules and its number alone, and a searcher gives up only
/// once it has spent more nodes than one that has finished (it can no longer
/// be the one chosen), so the chosen searcher and its answer are the same in
/// every run, whatever the threads' speeds.
pub(crate) struct Race {
    /// The least `nodes << 8 | worker` of a finished searcher.
    best: std::sync::atomic::AtomicU64,
}

impl Race {
    pub(crate) fn new() -> Race {
        Race {
            best: std::sync::atomic::AtomicU64::new(u64::MAX),
        }
    }

    fn mark(nodes: u64, worker: u64) -> u64 {
        nodes.min(u64::MAX >> 8) << 8 | worker
    }

    /// A searcher has finished after `nodes`.
    pub(crate) fn finished(&self, nodes: u64, worker: u64) {
        self.best
            .fetch_min(Race::mark(nodes, worker), Ordering::SeqCst);
    }

    /// Whether a searcher that has spent `nodes` and not finished can still
    /// be the one chosen.
    fn outrun(&self, nodes: u64, worker: u64) -> bool {
        Race::mark(nodes, worker) > self.best.load(Ordering::SeqCst)
    }
}

/// The result of a search.
pub(crate) struct Found {
    /// The best value found (`usize::MAX` if no line ended a game yet).
    pub(crate) value: usize,
    pub(crate) line: Vec<Action>,
    pub(crate) stop: Option<Stop>,
    pub(crate) nodes: u64,
}

/// A position is stored only if its search took at least this many nodes
/// (a leaf is not worth a table slot). Measured: 2 beat 4, 8 and 16 in nodes
/// and time on both benchmark sets (`benches/solve-results.md`).
const STORE_FROM: u64 = 2;

/// The nodes of a round's first attempt; each restart raises the allowance by
/// half, so a round that must be exhaustive (a proof of loss) spends at most
/// about twice its last attempt's nodes on the attempts before it (and less,
/// since their finished subtrees stay in the table). Measured against
/// doubling (`benches/solve-results.md`, issue 12's third round): the 52-card
/// tail is shorter and losses cost the same.
const FIRST_ALLOWANCE: u64 = 2000;

/// The probes: the schedule of the round that asks whether the row is won
/// (see [`Search::attempts`]). The first attempt's nodes (the move order
/// alone wins half the 52-card deals within 108).
const PROBE_FIRST: u64 = 150;

/// The unit of the probes' schedule, in nodes, at least; once the round has
/// spent `PROBE_RISE_AFTER · n²` nodes (`n` the cards in play at the root,
/// the stock's included), raised to a
/// sixteenth of the nodes spent beyond that, so that a round that must be
/// exhaustive (a proof of loss) restarts only about 16 · log times more.
/// Measured: 52-card deals do best with no rise within their first 100,000
/// nodes, the 22-card losses with none within about 20,000: both `40 n²`.
const PROBE_UNIT: u64 = 100;
const PROBE_UNIT_SHARE: u64 = 16;
const PROBE_RISE_AFTER: u64 = 40;

/// The largest term of Luby's sequence the probes use: their attempts are
/// 1 2 1 1 2 2 1 1 2 … units. Measured (`benches/solve-results.md`, issue
/// 25's second round): the probe that wins a 52-card deal spends a median
/// of 56 nodes (p99 372) whatever its allowance, so the long terms of the
/// sequence (4, 8, … units) were nodes spent below a wrong start.
const PROBE_LUBY_CAP: u64 = 2;

/// The sweeper ranks the probes cycle through (the fittest first).
const PROBE_SWEEPERS: usize = 4;

/// The opening of a probe round on a row the pilot may run on (see
/// [`Search::long_open_row`]: 40 cards or more, none left to deal, one-way
/// moves, rules under which the player may stop): while the round has
/// spent fewer than [`OPENING_UNTIL`] nodes, every attempt after the first
/// is one unit ([`PROBE_UNIT`] nodes: Luby's terms capped at 1, not
/// [`PROBE_LUBY_CAP`]), and attempt `t` weighs the sweepers class by
/// `OPENING_CLASS_WEIGHTS[t % 3]` key units instead of the plain order's
/// [`CLASS_WEIGHT`]: the plain weight, none (the strain and the ties
/// alone), double (a move burying a sweeper then loses to one with a unit
/// more strain). From [`OPENING_UNTIL`] on the round is the probes' as
/// before.
///
/// Why. A 52-card deal's nodes are the body's, not the tail's: on 100,000
/// deals, those of 200-5,000 nodes (44 % of the deals) hold 77 % of the
/// nodes, and each of them is won by one short attempt after a few to a
/// few dozen lost ones (the winning attempt spends a median of 56 nodes).
/// Attempts of one unit lose fewer nodes in the backtracking at the bottom
/// of a failed dive, and the three class weights vary the order where the
/// wins are decided, deep in the line, which the probes' noise (the first
/// tenth only) does not: a deal whose deep order makes a fatal move under
/// one weight is often won at once under another. Measured
/// (`benches/solve-results.md`, issue 42's fourth round) on nineteen sets
/// of 100,000 deals: the mean 9-10 % lower on every set, the median the
/// same, the deals above 32,000 and 64,000 nodes as many; each half alone
/// 4-6 %; against openings until 5,000 nodes and to the end of the round
/// (more deals above 100,000), units of 50-140 nodes, other strain and
/// class weights, and penalties on slides or leaps.
///
/// Why it is sound: only the order and the length of attempts change,
/// never what an attempt proves (see [`super::order`]), and the opening
/// ends after a fixed number of nodes, so a lost row still ends with the
/// probes' exhaustive attempt. The schedule is a function of the attempt
/// number, the searcher's number and the nodes spent, so node counts are
/// the same in every run.
const OPENING_UNTIL: u64 = 2_000;
const OPENING_CLASS_WEIGHTS: [u32; 3] = [CLASS_WEIGHT, 0, 2 * CLASS_WEIGHT];

/// The sweeper choices a long probe round picks among (see
/// [`Search::attempts`]): the thirteen ranks, fittest first, and none.
const ARMS: usize = 14;

/// Once the probes have spent `ARMS_AFTER · n²` nodes (`n` the cards in
/// play), each attempt's sweepers are picked among all [`ARMS`] choices by
/// the upper confidence bound of [`pick_arm`] instead of cycling through
/// the four fittest ranks. Measured (`benches/solve-results.md`, issue 25's
/// sixth round) against 1 and 16.
const ARMS_AFTER: u64 = 4;

/// The weight of the confidence term of [`pick_arm`], in piles. Measured
/// against 0.25, 0.5 and 1.25.
const ARMS_UCB: f64 = 0.83;

/// How far the probes perturb the order: in the first `1 / PROBE_DEPTH_SHARE`
/// of the row's moves, by up to this many key units (ten units of strain);
/// below, not at all.
const PROBE_FUZZ: u32 = 40_000;
const PROBE_DEPTH_SHARE: usize = 10;

/// The pilot (Duin and Voß's pilot method, 1999): once a probe round on an
/// open row of at least [`PILOT_FROM`] cards (one-way moves, rules under
/// which the player may stop) has spent [`PILOT_AFTER`] nodes without a
/// win, and until it has spent `PILOT_UNTIL · n²` (`n` the cards in play),
/// each attempt is a *pilot run* instead of a probe ([`Search::pilot`]):
/// from the root, every move of the current position is tried with a
/// *rollout* (a depth-first search in the plain order, no noise, of
/// `PILOT_ROLLOUT + r · PILOT_ROLLOUT_STEP` nodes in run `r`), the move
/// whose rollout ended nearest one pile is played, and so on down; a
/// rollout that wins ends the round. Runs cycle through the four fittest
/// sweeper ranks, as the probes do. After each pilot run that found no
/// win, the probes carry on where they stopped for `1 / PILOT_PROBES_SHARE`
/// of that run's nodes, then the next run starts: a deal the probes were
/// about to win is not left to the pilot alone.
///
/// Why. The probes' long rounds are the tail: a deal whose every short
/// attempt is lost in the first tenth of the line or just below it is a
/// deal whose plain order makes a wrong move in the middle game (measured
/// on the tail deals of two sets: the depth-first search in the plain
/// order spends nearly all its nodes below one to three moves at depths
/// 18-33, each the root of a lost subtree of 2,000-400,000 nodes, while
/// the second or third move there wins). The probes only perturb the
/// first tenth of the line and restart long before such a subtree is
/// exhausted, so they meet the same wrong move from thousands of starts. A
/// pilot run decides every move of its line by looking ahead from each
/// choice, so a move whose rollouts all end far from one pile is not
/// played, wherever it stands in the order; the price is a few hundred
/// nodes a level (about 20,000 a run for 52 cards), too much for the body
/// of the deals, whose probes win within a few hundred nodes, and cheap
/// against the tail. Measured (`benches/solve-results.md`, issue 42's
/// third round) against starting after 10,000 and 30,000 nodes, rollouts
/// of 40 and 80 nodes, no probes between the runs and probes for as many
/// nodes as each run, trying only the four best moves of each position,
/// a beam search, windows of noise at every depth, subtree caps, a
/// portfolio of fixed orders and an order that learns from the nodes each
/// move's subtree has eaten.
///
/// The pilot only searches: its rollouts are attempts below a position
/// (what they store is what a finished search proved, see
/// [`Search::decide`]), the positions of its own line are neither stored
/// nor put to sleep, and a pilot run that finds no win proves nothing
/// (the probes take over again at `PILOT_UNTIL · n²`, so a lost row still
/// ends with an exhaustive attempt).
const PILOT_FROM: usize = 40;
const PILOT_AFTER: u64 = 20_000;
const PILOT_UNTIL: u64 = 80;
const PILOT_ROLLOUT: u64 = 60;
const PILOT_ROLLOUT_STEP: u64 = 20;
const PILOT_PROBES_SHARE: u64 = 2;

/// Open rows of at most this many cards are stored under their relabelled
/// row ([`Position::open_key`]), longer ones under the row itself
/// ([`Position::key`]). Why: two different rows of one deal that are
/// renamings of each other need the same pattern of agreements card for
/// card, which a long row almost never shares with another, while the
/// relabelling costs a pass over the row at every node, the most at the
/// longest, most often visited rows. Measured (`benches/solve-results.md`,
/// issue 25's fifth round, 2,000 rows each): relabelling only up to 8, 12,
/// 16 or 20 cards, the 22-card set's nodes are 1.43, 1.19, 1.007 and
/// 1.000005 times those of relabelling every row, and the 52-card deals
/// 1-20,000 take 8 % less user CPU from the same nodes.
///
/// Why it is sound: whether a row is relabelled depends on its length alone,
/// so a position is always stored and looked up under the same kind of key,
/// and both kinds hold the row's length, so a row's own key never equals the
/// relabelled key of another. An entry under a row's own key is a claim about
/// that row alone (what [`Search::expand`] proves of it), which is what the
/// table held for rows with cards still to deal all along.
const RELABEL_UP_TO: usize = 20;

/// How often (in nodes) the clock and the cancel flag are read.
const POLL_EVERY: u64 = 1 << 10;

pub(crate) struct Search<'a> {
    rules: &'a Rules,
    bounds: Bounds,
    /// The move distances, increasing (the rules' bit mask unpacked once).
    distances: Vec<usize>,
    /// Moves are generated from agreement bit masks
    /// ([`Search::generate_one_way`]): one-way moves of distances below 8.
    by_masks: bool,
    /// The goal card's index (`Rules::goal`), never landed on; 255 for none.
    uncoverable: u8,
    stock: &'a [Card],
    budget: &'a Budget,
    deadline: Option<Instant>,
    table: Table,
    /// Move lists of every node on the current path, stacked.
    moves: Vec<Step>,
    /// Scratch space for ordering one node's moves.
    scratch: Scratch,
    /// The moves' sort codes ([`order_moves`]) of every node on the current
    /// path that orders its moves, stacked.
    codes: Vec<u32>,
    /// Sleep sets of every node on the current path, stacked (see
    /// [`Search::expand`]): moves whose results are covered elsewhere.
    sleep: Vec<Step>,
    /// The sweepers' rank as a one-bit mask (see [`super::order`]): one of
    /// `sweeper_choices`, by attempt; 0 for none.
    sweepers: u16,
    /// The ranks in order of their fitness to be the sweepers, chosen at the
    /// root ([`sweeper_ranks`]), fittest first, as one-bit masks, then 0 (no
    /// sweepers): attempts cycle through the first two (or, in the probes,
    /// the first four, and pick among all once the round is long).
    sweeper_choices: [u16; ARMS],
    /// For each of `sweeper_choices`, in the current probe round: the
    /// attempts that took it, and the fewest piles each of them reached,
    /// summed ([`pick_arm`]).
    arms: [Arm; ARMS],
    /// The arms worth trying at this root ([`usable_arms`]).
    usable_arms: u16,
    /// The fewest piles a line of the current attempt has ended with.
    attempt_best: usize,
    path: Vec<Action>,
    best: usize,
    best_line: Vec<Action>,
    /// The cutoff never exceeds `cap`: `k + 1` while looking for `k` piles.
    cap: usize,
    /// Stop as soon as the best value reaches this: nothing better exists.
    goal: usize,
    nodes: u64,
    stop: Option<Stop>,
    /// The current attempt stops at this node count.
    restart_at: u64,
    /// Attempts so far in this round; each orders moves differently.
    attempt: u64,
    /// [`Search::decide`] gives up (as a restart) at this node count.
    quota: u64,
    /// The current round is the probes (see [`Search::attempts`]).
    probing: bool,
    /// The probes perturb the order at paths shorter than this.
    shallow: usize,
    /// This searcher's number in a [`Race`] (0 alone): its orders are
    /// another searcher's from the first attempt on.
    worker: u64,
    race: Option<&'a Race>,
    /// The key units of one step of the sweepers class in the current
    /// attempt ([`CLASS_WEIGHT`] but in a probe round's opening, see
    /// [`OPENING_UNTIL`]).
    class_weight: u32,
    /// A pilot run is under way: its rollouts search in the plain order.
    piloting: bool,
    /// The fewest cards of a row whose probe rounds call the pilot, and the
    /// nodes after which they do ([`PILOT_FROM`], [`PILOT_AFTER`]; tests
    /// lower them to check the pilot on short rows against brute force).
    pilot_from: usize,
    pilot_after: u64,
}

impl<'a> Search<'a> {
    pub(crate) fn new(
        rules: &'a Rules,
        stock: &'a [Card],
        budget: &'a Budget,
        started: Instant,
    ) -> Search<'a> {
        let distances: Vec<usize> = rules.distances.iter().collect();
        Search {
            rules,
            bounds: Bounds::new(rules),
            by_masks: !rules.two_way && distances.last().is_some_and(|&d| d < 8),
            distances,
            uncoverable: rules.goal.map_or(u8::MAX, Card::index),
            stock,
            budget,
            deadline: budget.timeout.map(|t| started + t),
            table: Table::new(budget.memory_bytes),
            moves: Vec::with_capacity(1024),
            scratch: Scratch::default(),
            codes: Vec::with_capacity(1024),
            sleep: Vec::with_capacity(1024),
            sweepers: 0,
            sweeper_choices: [0; ARMS],
            arms: [Arm::default(); ARMS],
            usable_arms: 0,
            attempt_best: usize::MAX,
            path: Vec::with_capacity(128),
            best: usize::MAX,
            best_line: Vec::new(),
            cap: usize::MAX,
            goal: 1,
            nodes: 0,
            stop: None,
            restart_at: u64::MAX,
            attempt: 0,
            quota: u64::MAX,
            probing: false,
            shallow: 0,
            worker: 0,
            race: None,
            class_weight: CLASS_WEIGHT,
            piloting: false,
            pilot_from: PILOT_FROM,
            pilot_after: PILOT_AFTER,
        }
    }

    /// This search as searcher `worker` of `race`: every attempt's order is
    /// perturbed by a salt of the worker's number, so the searchers of a race
    /// take different lines from the first attempt on (worker 0's orders are
    /// those of the search alone), the sweeper ranks start `worker`
    /// places later in their cycle, and a long probe round's bandit takes the
    /// `worker`-th of its untried choices ([`pick_arm`]).
    pub(crate) fn with_worker(mut self, worker: u64, race: &'a Race) -> Search<'a> {
        self.worker = worker;
        self.race = Some(race);
        self
    }

    /// The sweeper choices of `root` and which of them the bandit may take
    /// (the census holds the ranks of the cards in play, the stock's too).
    fn choose_sweepers(&mut self, root: &Position) {
        self.sweeper_choices = sweeper_choices(root.cards());
        let ranks = root.census().iter().fold(0, |ranks, &suit| ranks | suit);
        self.usable_arms = usable_arms(&self.sweeper_choices, ranks);
    }

    /// Search from `root` for a line of at most `k` piles, for `k` rising from
    /// the root's lower bound: a failed search for `k` proves that no line
    /// ends with fewer than `k + 1` piles, so the first `k` reached is exact.
    /// Each such search prunes every position whose bound exceeds `k`, which
    /// is what makes proofs of loss fast. After two rounds the search becomes a
    /// plain branch and bound (cutoff = the best value so far) to settle rows
    /// far from their bound in one pass.
    pub(crate) fn run(mut self, root: &Position) -> Found {
        let floor = self.floor(root);
        self.choose_sweepers(root);
        if !self.rules.set.must_move() {
            // Stopping at once is a line.
            self.best = root.len();
        }
        if self.poll() {
            return self.found();
        }
        let mut k = floor;
        loop {
            if self.best <= k {
                self.stop = Some(Stop::Proven);
                break;
            }
            self.goal = k;
            self.cap = if k < floor + 2 { k + 1 } else { usize::MAX };
            self.attempts(root);
            if self.stop.is_some() || self.cap == usize::MAX {
                break;
            }
            k += 1;
        }
        self.found()
    }

    /// Whether a line from `root` wins (reaches the rules' winning piles or
    /// fewer): `Some(true)` or `Some(false)`; `None` when the budget ran out, the
    /// caller cancelled (`self.stop` says which) or `quota` more nodes were
    /// spent (`Stop::Restart`).
    /// One round of [`Search::run`] (the one for `k` = the winning piles, with
    /// the cutoff capped one above): nothing is spent on the fewest piles of a lost row.
    ///
    /// The table is kept from call to call (that is the point: rows met again,
    /// as the children of neighbouring positions of one line are, are not
    /// searched again). Why that is sound: an entry is the claim proven in
    /// [`Search::expand`], "no position reachable from `s` has a value below
    /// `c`", a fact about `s` and the rules alone, whichever root the search
    /// that proved it started from; sleep sets are cleared per attempt, and the
    /// node count and budget run on across calls.
    pub(crate) fn decide(&mut self, root: &Position, quota: Option<u64>) -> Option<bool> {
        let goal = self.rules.win_piles;
        self.quota = quota.map_or(u64::MAX, |q| self.nodes.saturating_add(q));
        self.best_line.clear();
        if root.len() <= goal {
            return Some(true);
        }
        if self.floor(root) > goal {
            return Some(false);
        }
        self.choose_sweepers(root);
        self.best = if self.rules.set.must_move() {
            usize::MAX
        } else {
            root.len()
        };
        self.path.clear();
        self.stop = None;
        if self.poll() {
            return None;
        }
        self.goal = goal;
        self.cap = goal + 1;
        self.attempts(root);
        self.quota = u64::MAX;
        match self.stop {
            Some(Stop::Proven) => Some(true),
            None => Some(false),
            Some(Stop::Budget | Stop::Cancelled | Stop::Restart | Stop::Outrun) => None,
        }
    }

    /// The fewest piles any line from `root` could reach, as the bounds see
    /// it: at least one, at least the rules' fixed piles.
    fn floor(&self, root: &Position) -> usize {
        let cards = root.census().iter().map(|s| s.count_ones() as usize).sum();
        self.bounds
            .piles(root.cards(), root.census())
            .max(1)
            .max(fixed_piles(self.rules, cards))
    }

    /// After [`Search::decide`] answered `Some(true)` by searching: the winning
    /// line it found.
    pub(crate) fn line(&self) -> &[Action] {
        &self.best_line
    }

    /// Positions visited so far, over every call.
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Why the last search stopped.
    pub(crate) fn stop(&self) -> Option<Stop> {
        self.stop
    }

    /// Search the round, restarting in a new order after a node allowance:
    /// a depth-first search that goes wrong near the root can spend ages
    /// below it, and another order often finds a line at once. Nothing is
    /// lost: subtrees finished in an attempt stay in the table, so every
    /// later attempt skips the positions proven lost before (the table is
    /// what the restarts learn from), and the last attempt, which ends
    /// without a restart, is as exhaustive as a search without restarts.
    /// The order never changes what an attempt proves (see [`super::order`]
    /// and the claim of [`Search::expand`]), so verdicts and piles are the
    /// same whatever the schedule; the schedule and the perturbations are
    /// functions of the attempt number, the position and what the earlier
    /// attempts of this round reached, so the nodes are the same in every run.
    ///
    /// * **The probes**, the round that asks whether the row is won (the
    ///   one a won row ends with and a proof of loss spends most in): a
    ///   first attempt of [`PROBE_FIRST`] nodes in the plain order, then
    ///   attempts of Luby's universal schedule (1 1 2 1 1 2 4 1 1 2 …, Luby,
    ///   Sinclair and Zuckerman 1993) with its terms capped at
    ///   [`PROBE_LUBY_CAP`], times a unit of [`PROBE_UNIT`] nodes, raised
    ///   to a sixteenth of the round's nodes beyond [`PROBE_RISE_AFTER`]
    ///   times the square of the row's length ([`probe_allowance`]). Each attempt
    ///   takes the next of the four ranks fittest to be the sweepers and
    ///   perturbs the order strongly (up to [`PROBE_FUZZ`]) in the first
    ///   tenth of the line only, keeping the plain order below. Why: the
    ///   52-card tail is heavy (Gomes, Selman and Kautz 2000), and its long
    ///   searches are those that took a wrong turn near the root and then
    ///   exhaust a lost subtree in which the bound sees nothing; short
    ///   attempts that change only the first few moves escape them, while
    ///   the order below, which finds the wins, stays as it is (perturbing
    ///   it at every depth, as the later rounds do, made the mean 4× worse).
    ///   The unit's rise keeps a proof of loss from restarting endlessly:
    ///   once it starts, each attempt is at least a sixteenth of the nodes
    ///   spent, so the allowances grow geometrically and one attempt
    ///   finally has nodes enough to finish; it starts late, since a
    ///   52-card deal that needs many attempts is won by one of them within
    ///   a few hundred nodes (a proof of loss pays up to a few per cent).
    ///   Once the round has spent [`ARMS_AFTER`] times the square of the
    ///   row's length, the sweepers stop cycling through the four fittest
    ///   ranks: each attempt takes the choice (any of the thirteen ranks, or
    ///   none) whose attempts so far ended nearest one pile, by the upper
    ///   confidence bound of [`pick_arm`] — a bandit over the orders.
    ///   On long open rows the round's first [`OPENING_UNTIL`] nodes are
    ///   its opening: attempts of one unit, the class weighed three ways in
    ///   turn (see [`OPENING_UNTIL`]).
    /// * **The later rounds** (the fewest piles of a lost row): each
    ///   allowance half as large again as the last from 2,000, alternating
    ///   between the two likeliest sweeper ranks, the order perturbed by a
    ///   class unit at every depth.
    ///
    /// Measured in `benches/solve-results.md` (issue 25).
    fn attempts(&mut self, root: &Position) {
        self.probing = self.goal == self.rules.win_piles;
        self.shallow = root.len() / PROBE_DEPTH_SHARE;
        let start = self.nodes;
        self.arms = [Arm::default(); ARMS];
        // The cards in play, the stock's too: the most piles a line can pass.
        let cards = root.len() + (self.stock.len() - root.dealt());
        let mut allowance = FIRST_ALLOWANCE;
        self.attempt = 0;
        // Pilot runs so far, and the node count before which the probes
        // have the turn again (see `PILOT_FROM`).
        let mut runs = 0;
        let mut probes_until = 0;
        loop {
            if self.probing
                && self.nodes >= probes_until
                && self.pilots(root, self.nodes - start, cards)
            {
                let before = self.nodes;
                let won = self.pilot(root, runs);
                runs += 1;
                if won || self.stop.is_some() {
                    return;
                }
                probes_until = self.nodes + (self.nodes - before) / PILOT_PROBES_SHARE;
                self.attempt += 1;
                continue;
            }
            let opening = self.probing
                && self.nodes - start < OPENING_UNTIL
                && self.long_open_row(root, cards);
            let nodes = if self.probing {
                probe_allowance(self.attempt, self.nodes - start, cards, opening)
            } else {
                allowance
            };
            self.restart_at = self.nodes.saturating_add(nodes).min(self.quota);
            self.sleep.clear();
            let sweepers = if self.probing { PROBE_SWEEPERS } else { 2 };
            let turn = self.attempt.wrapping_add(self.worker);
            let mut arm = (turn % sweepers as u64) as usize;
            if self.probing && self.nodes - start >= ARMS_AFTER * (cards * cards) as u64 {
                arm = pick_arm(
                    &self.arms,
                    self.usable_arms,
                    (self.worker % ARMS as u64) as usize,
                );
            }
            self.sweepers = self.sweeper_choices[arm];
            self.class_weight = if opening {
                OPENING_CLASS_WEIGHTS[(turn % OPENING_CLASS_WEIGHTS.len() as u64) as usize]
            } else {
                CLASS_WEIGHT
            };
            #[cfg(test)]
            if self.class_weight != CLASS_WEIGHT {
                OPENED.with(|opened| opened.set(opened.get() + 1));
            }
            self.attempt_best = usize::MAX;
            self.visit(root, 0);
            self.class_weight = CLASS_WEIGHT;
            if self.probing {
                // An attempt that ended no line counts as the root's piles.
                let reached = self.attempt_best.min(root.len());
                self.arms[arm].attempts += 1;
                self.arms[arm].piles += reached as u64;
            }
            if self.stop != Some(Stop::Restart) || self.nodes >= self.quota {
                return;
            }
            self.stop = None;
            self.attempt += 1;
            allowance = allowance.saturating_add(allowance / 2);
        }
    }

    /// Whether the next attempt of a probe round that has spent `spent`
    /// nodes on `root` (`cards` cards in play, the stock's too) is a pilot
    /// run (see [`PILOT_FROM`]).
    fn pilots(&self, root: &Position, spent: u64, cards: usize) -> bool {
        self.long_open_row(root, cards)
            && spent >= self.pilot_after
            && spent < self.pilot_after + PILOT_UNTIL * (cards * cards) as u64
    }

    /// Whether `root` (`cards` cards in play, the stock's too) is a row
    /// whose probe rounds open as [`OPENING_UNTIL`] says and call the pilot
    /// ([`PILOT_FROM`]): at least [`PILOT_FROM`] cards (tests lower it),
    /// none left to deal, one-way moves, rules under which the player may
    /// stop.
    fn long_open_row(&self, root: &Position, cards: usize) -> bool {
        cards >= self.pilot_from
            && root.dealt() == self.stock.len()
            && !self.rules.two_way
            && !self.rules.set.must_move()
    }

    /// Pilot run `run` from `root` (see [`PILOT_FROM`]): true when a line
    /// reached the goal; otherwise `self.stop` says whether the search must
    /// stop (budget, cancel, race or the caller's quota), and is `None`
    /// when the run only failed to find a win.
    ///
    /// At each position of its line every move is tried with a rollout, a
    /// search below the move's child with the usual allowance, restart and
    /// table (an empty sleep set: nothing is assumed of the siblings). A
    /// rollout that finishes without a win has exhausted its child (the
    /// cutoff is the goal's, so the child cannot reach the goal) and the
    /// move is not played; of the others the one whose rollout ended with
    /// the fewest piles is played (ties to the order's earlier move). The
    /// run fails when every move of a position is exhausted.
    fn pilot(&mut self, root: &Position, run: u64) -> bool {
        let rollout = PILOT_ROLLOUT.saturating_add(run.saturating_mul(PILOT_ROLLOUT_STEP));
        let arm = run.wrapping_add(self.worker) % PROBE_SWEEPERS as u64;
        self.sweepers = self.sweeper_choices[arm as usize];
        self.piloting = true;
        let mut position = *root;
        let won = loop {
            let mark = self.moves.len();
            self.generate(&position);
            if !self.rules.two_way && self.moves.len() > mark + 1 {
                self.keep_independent_suffix(position.cards(), mark);
            }
            let count = self.moves.len() - mark;
            let codes = self.codes.len();
            if count > 1 {
                order_moves(
                    &position,
                    &self.moves[mark..],
                    self.perturb(self.path.len()),
                    &mut self.scratch,
                    self.sweepers,
                    self.rules.two_way,
                    true,
                    &mut self.codes,
                );
            }
            let mut best: Option<(usize, Step)> = None;
            let mut ended = None;
            for i in 0..count {
                let step = if count > 1 {
                    next_best(&mut self.codes[codes..], i)
                } else {
                    self.moves[mark]
                };
                self.attempt_best = usize::MAX;
                self.restart_at = self.nodes.saturating_add(rollout).min(self.quota);
                self.sleep.clear();
                self.path.push(Action::Move(step));
                self.visit(&position.after_move(step), 0);
                self.path.pop();
                match self.stop {
                    // Exhausted: the child cannot reach the goal.
                    None => {}
                    Some(Stop::Restart) if self.nodes < self.quota => {
                        self.stop = None;
                        if best.is_none_or(|(piles, _)| self.attempt_best < piles) {
                            best = Some((self.attempt_best, step));
                        }
                    }
                    Some(stop) => {
                        ended = Some(stop == Stop::Proven);
                        break;
                    }
                }
            }
            self.codes.truncate(codes);
            self.moves.truncate(mark);
            if let Some(won) = ended {
                break won;
            }
            match best {
                Some((_, step)) => {
                    position = position.after_move(step);
                    self.path.push(Action::Move(step));
                }
                None => break false,
            }
        };
        #[cfg(test)]
        PILOTED.with(|piloted| piloted.set(piloted.get() + 1));
        self.piloting = false;
        self.path.clear();
        won
    }

    /// How the order of a node at depth `depth` (moves from the root) is
    /// perturbed in the current attempt (see [`Search::attempts`]).
    #[inline]
    fn perturb(&self, depth: usize) -> Perturb {
        let amount = if self.piloting {
            0
        } else if !self.probing {
            FUZZ
        } else if depth < self.shallow {
            PROBE_FUZZ
        } else {
            0
        };
        Perturb {
            attempt: self.attempt ^ self.worker << 32,
            amount,
            class_weight: self.class_weight,
        }
    }

    fn found(self) -> Found {
        if let Some(race) = self.race {
            if matches!(self.stop, None | Some(Stop::Proven)) {
                race.finished(self.nodes, self.worker);
            }
        }
        Found {
            value: self.best,
            line: self.best_line,
            stop: self.stop,
            nodes: self.nodes,
        }
    }

    /// Whether the budget has run out or the caller cancelled; records why.
    fn poll(&mut self) -> bool {
        if let Some(cancel) = &self.budget.cancel {
            if cancel.load(Ordering::Relaxed) {
                self.stop = Some(Stop::Cancelled);
                return true;
            }
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.stop = Some(Stop::Budget);
            return true;
        }
        if self
            .race
            .is_some_and(|race| race.outrun(self.nodes, self.worker))
        {
            self.stop = Some(Stop::Outrun);
            return true;
        }
        false
    }

    /// Search below `position`, whose sleep set is `self.sleep[asleep..]`;
    /// true when the whole search must stop.
    fn visit(&mut self, position: &Position, asleep: usize) -> bool {
        self.nodes += 1;
        if self.budget.max_nodes.is_some_and(|max| self.nodes > max) {
            self.nodes -= 1;
            self.stop = Some(Stop::Budget);
            return true;
        }
        if self.nodes.is_multiple_of(POLL_EVERY) && self.poll() {
            return true;
        }
        if self.nodes >= self.restart_at {
            self.stop = Some(Stop::Restart);
            return true;
        }
        let must_move = self.rules.set.must_move();
        let mut entry = None;
        if !must_move {
            // Every position ends a line (the player may stop), and the
            // bounds need no move list: a position they rule out is left
            // before its moves are generated.
            if self.improves(position) {
                return true;
            }
            entry = self.entry(position);
            if entry.is_none() {
                return false;
            }
        }
        let mark = self.moves.len();
        self.generate(position);
        if !self.rules.two_way && self.moves.len() > mark + 1 {
            self.keep_independent_suffix(position.cards(), mark);
        }
        let count = self.moves.len() - mark;
        let stock_left = self.stock.len() - position.dealt();
        if must_move && count == 0 && stock_left == 0 && self.improves(position) {
            self.moves.truncate(mark);
            return true;
        }
        if count == 0 {
            if must_move && stock_left > 0 {
                let next = position.after_deal(self.stock[position.dealt()]);
                self.path.push(Action::Deal);
                // No move is legal here, so the sleep set is empty.
                let stop = self.visit(&next, self.sleep.len());
                self.path.pop();
                return stop;
            }
            return false;
        }
        if must_move {
            entry = self.entry(position);
        }
        let stop = match entry {
            Some((key, hash)) => self.expand(position, mark, asleep, &key, hash),
            None => false,
        };
        self.moves.truncate(mark);
        stop
    }

    /// Record `position` as the best end of a line if it is; true when that
    /// reaches the goal (the whole search stops).
    #[inline]
    fn improves(&mut self, position: &Position) -> bool {
        self.attempt_best = self.attempt_best.min(position.len());
        if position.len() < self.best {
            self.best = position.len();
            self.best_line.clone_from(&self.path);
            if self.best <= self.goal {
                self.stop = Some(Stop::Proven);
                return true;
            }
        }
        false
    }

    /// The table key and hash of `position`, or `None` when its lower bound
    /// or the bound stored for it cannot beat the cutoff.
    #[inline]
    fn entry(&self, position: &Position) -> Option<(Key, u64)> {
        let cutoff = self.best.min(self.cap);
        let open = position.dealt() == self.stock.len();
        if self
            .bounds
            .piles_up_to(position.cards(), position.census(), open, cutoff)
            >= cutoff
        {
            return None;
        }
        let (key, hash) = if open && position.len() <= RELABEL_UP_TO {
            position.open_key(self.uncoverable)
        } else {
            (position.key(), position.hash())
        };
        if self.table.bound(&key, hash).is_some_and(|b| b >= cutoff) {
            return None;
        }
        Some((key, hash))
    }

    /// Try the moves stacked from `mark`, unless a bound rules the position out.
    ///
    /// # Sleep sets
    ///
    /// Two moves whose spans (mover to target, inclusive) do not overlap
    /// commute: each leaves the other's two cards and their distance as they
    /// were (the closing up shifts both cards of a move to the right of the
    /// other's span alike), so either order is legal and both reach the same
    /// row. The search therefore tries only one order: once a move `m` has been
    /// tried from a position, it is put to sleep for the later siblings, and it
    /// stays asleep along a line for as long as every move played commutes
    /// with it (shifted one place left when a move closes up to its left). A
    /// sleeping move is not tried.
    ///
    /// Why this loses nothing. Claim: when the search of a position `s`
    /// finishes with cutoff `c`, no position reachable from `s` has a value
    /// below `c`. By induction on the time searches finish: a move tried from
    /// `s` finished earlier; a move ruled out by a bound or the table is ruled
    /// out by a claim proven earlier; a sleeping move `z` at `s` was tried (or
    /// ruled out) at an ancestor `a` as an earlier sibling of the line to `s`,
    /// and every move `w` of that line commutes with `z`, so `z(s) = w(z(a))`
    /// is reachable from `z(a)`, whose search finished earlier with a cutoff
    /// at least `c` (the cutoff only falls within an attempt). The claim is
    /// what the table stores and what a proof of loss rests on, so it holds
    /// with the table as without; the rows form a DAG, so no justification is
    /// circular. A found line is a real line of moves, whatever was skipped.
    fn expand(
        &mut self,
        position: &Position,
        mark: usize,
        asleep: usize,
        key: &Key,
        hash: u64,
    ) -> bool {
        if asleep < self.sleep.len() {
            // Drop the sleeping moves before ordering (they are not tried):
            // a move's sort key is its own alone, so the awake moves keep
            // their order, and a single awake move needs no ordering.
            let mut keep = mark;
            for at in mark..self.moves.len() {
                let step = self.moves[at];
                if !self.sleep[asleep..].contains(&step) {
                    self.moves[keep] = step;
                    keep += 1;
                }
            }
            self.moves.truncate(keep);
        }
        let count = self.moves.len() - mark;
        let codes = self.codes.len();
        if count > 1 {
            let perturb = self.perturb(self.path.len());
            order_moves(
                position,
                &self.moves[mark..],
                perturb,
                &mut self.scratch,
                self.sweepers,
                self.rules.two_way,
                position.dealt() == self.stock.len(),
                &mut self.codes,
            );
        }
        let before = self.nodes;
        for i in 0..count {
            let step = if count > 1 {
                next_best(&mut self.codes[codes..], i)
            } else {
                self.moves[mark]
            };
            let own = self.sleep.len();
            // The child's sleep set: the sleeping and tried moves that commute
            // with `step`, as they stand once it is played.
            let (lo, hi) = span(step);
            for z in asleep..own {
                let other = self.sleep[z];
                let (zlo, zhi) = span(other);
                if zhi < lo {
                    self.sleep.push(other);
                } else if zlo > hi {
                    self.sleep.push(Step {
                        from: other.from - 1,
                        to: other.to - 1,
                    });
                }
            }
            self.path.push(Action::Move(step));
            let stop = self.visit(&position.after_move(step), own);
            self.path.pop();
            self.sleep.truncate(own);
            if stop {
                self.codes.truncate(codes);
                return true;
            }
            self.sleep.push(step);
        }
        self.codes.truncate(codes);
        if self.nodes - before >= STORE_FROM {
            self.table.store(key, hash, self.best.min(self.cap));
        }
        false
    }

    /// Keep only the moves of an independent suffix of the row, if it has one
    /// (one-way moves only; the moves are stacked from `mark`).
    ///
    /// Take a cut `a` such that none of the first `dmax` cards from `a` (the
    /// only ones that can ever reach left of `a` before some card right of
    /// `a` moves; `dmax` is the largest distance) agrees with any card left of
    /// `a`, and some move has its mover at `a` or beyond. Then the moves of the
    /// piles from `a` on form a *stubborn set* (Valmari), and trying only them
    /// here keeps every dead end (a position with no move) reachable:
    ///
    /// * A move left of `a` (mover and so target left of `a`) never touches a
    ///   card from `a` on nor their distances (the close-up shifts them all
    ///   alike), never makes a card left of `a` agree with one of the first
    ///   `dmax` from `a` (cards left of `a` only ever leave), and so never
    ///   enables, disables or reorders a move from `a` on. Any sequence of
    ///   moves left of `a` followed by a move from `a` on can therefore be
    ///   played in the other order to the same row, and a move from `a` on
    ///   stays legal through any such sequence.
    /// * So in a line from here to a dead end, some move from `a` on is played
    ///   (otherwise the one legal now would still be legal at the end), and
    ///   moving the first such move to the front gives a line to the same dead
    ///   end that starts with a move tried here.
    ///
    /// Under `modern` the fewest piles any line reaches is reached at a dead
    /// end (every move takes a pile away), and under the must-move rules only
    /// dead ends count, so the fewest piles is kept; with cards still to deal
    /// no deal is legal here (a move is) nor during such a sequence. Combined
    /// with sleep sets and the table, the claim proven in [`Search::expand`]
    /// becomes "no dead end reachable from `s` has fewer than `c` piles": a
    /// line from `s` to a dead end is rearranged as above to start with a
    /// move of the stubborn set, which was tried, ruled out or asleep.
    fn keep_independent_suffix(&mut self, cards: &[u8], mark: usize) {
        // Moves are stacked by mover, leftmost first. A cut at or left of the
        // first mover keeps every move: only cuts after it are worth finding.
        let first_from = self.moves[mark].from;
        let last_from = self.moves[self.moves.len() - 1].from;
        if first_from == last_from {
            return;
        }
        let dmax = *self.distances.last().expect("a distance");
        // The cut at `a` is independent when none of the first `dmax` cards
        // from `a` shares a suit or a rank with a card left of `a`. So the
        // card at `a` is the first of its suit and of its rank: scanning from
        // the left with the suits and ranks seen so far, only such places are
        // tried, and none is left once every suit has been seen. The last
        // independent cut found is kept (the shortest suffix).
        let (mut suits, mut ranks) = (0u8, 0u16);
        let mut cut = None;
        for a in 0..=last_from {
            let c = cards[a];
            let fresh = |c: u8| suits >> (c & 3) & 1 == 0 && ranks >> (c >> 2) & 1 == 0;
            if a > first_from
                && fresh(c)
                && cards[a + 1..cards.len().min(a + dmax)]
                    .iter()
                    .all(|&w| fresh(w))
            {
                cut = Some(a);
            }
            suits |= 1 << (c & 3);
            ranks |= 1 << (c >> 2);
            if suits == 0b1111 {
                break;
            }
        }
        if let Some(cut) = cut {
            let mut keep = mark;
            for at in mark..self.moves.len() {
                if self.moves[at].from >= cut {
                    self.moves[keep] = self.moves[at];
                    keep += 1;
                }
            }
            self.moves.truncate(keep);
        }
    }

    /// Stack the legal moves of `position` (the rules' order of
    /// [`Rules::all_moves`]).
    #[inline]
    fn generate(&mut self, position: &Position) {
        if self.by_masks {
            self.generate_one_way(position);
            return;
        }
        let cards = position.cards();
        let len = cards.len();
        let two_way = self.rules.two_way;
        for from in 0..len {
            let card = cards[from];
            for &d in &self.distances {
                if d > from {
                    break;
                }
                if agree(card, cards[from - d]) && cards[from - d] != self.uncoverable {
                    self.moves.push(Step { from, to: from - d });
                }
            }
            if two_way {
                for &d in &self.distances {
                    if from + d >= len {
                        break;
                    }
                    if agree(card, cards[from + d]) && cards[from + d] != self.uncoverable {
                        self.moves.push(Step { from, to: from + d });
                    }
                }
            }
        }
    }

    /// [`Search::generate`] for one-way distances below 8, in the same order:
    /// for each distance the movers as a bit mask ([`Position::agree_at`]),
    /// then mover by mover, nearest target first.
    #[inline]
    fn generate_one_way(&mut self, position: &Position) {
        let mut masks = [0u64; 8];
        let mut movers = 0u64;
        let goal = if self.uncoverable < 52 {
            position.cards().iter().position(|&c| c == self.uncoverable)
        } else {
            None
        };
        for (slot, &d) in masks.iter_mut().zip(&self.distances) {
            let mut mask = position.agree_at(d);
            if let Some(at) = goal {
                // No card may land on the goal card.
                mask &= !(1u64 << (at + d).min(63));
            }
            *slot = mask;
            movers |= mask;
        }
        while movers != 0 {
            let from = movers.trailing_zeros() as usize;
            movers &= movers - 1;
            for (mask, &d) in masks.iter().zip(&self.distances) {
                // Pushed, then kept or not without a branch (whether the
                // mover reaches this distance is data).
                let at = self.moves.len();
                self.moves.push(Step {
                    from,
                    to: from.wrapping_sub(d),
                });
                self.moves.truncate(at + (mask >> from & 1) as usize);
            }
        }
    }
}

/// The sweeper choices of a root: its ranks by [`sweeper_ranks`] as one-bit
/// masks, then 0 (no sweepers).
fn sweeper_choices(cards: &[u8]) -> [u16; ARMS] {
    let ranks = sweeper_ranks(cards);
    std::array::from_fn(|i| ranks.get(i).map_or(0, |&rank| 1 << rank))
}

/// What the probe attempts that took one sweeper choice reached.
#[derive(Copy, Clone, Debug, Default)]
struct Arm {
    attempts: u64,
    /// The fewest piles each attempt's lines ended with, summed.
    piles: u64,
}

/// The sweeper choice of the next probe attempt in a long round: an arm no
/// attempt has taken yet (the fittest first), else the one with the least
/// mean of the fewest piles its attempts reached less `ARMS_UCB ·
/// sqrt(b(T) / a)` (`T` the attempts of all arms, `b(T)` its bit length,
/// `⌊log2 T⌋ + 1`, `a` the arm's own; ties to the fitter arm): Auer, Cesa-Bianchi and Fischer's UCB1 (2002), a bandit
/// choosing which order to restart in. Why: the four fittest ranks are
/// usually right (the cycle through them wins the median deal), but on the
/// deals of the tail all four lead every short attempt astray, while some
/// other rank (or none) wins in a few thousand nodes (measured on the
/// twenty hardest of deals 1-200,000, `benches/solve-results.md`); an
/// attempt that ends nearer one pile is evidence its choice is nearer a
/// win. Only the order changes, never what an attempt proves (see
/// [`super::order`]), and the arithmetic is IEEE's exactly rounded
/// operations on integers' values (the log is an integer's bit length), so
/// the choices, and so the nodes, are the same on every machine.
///
/// Only the arms of `usable` (a bit per arm) are picked: a rank absent from
/// the cards in play orders the moves exactly as no sweepers do, so it would
/// only repeat that arm; "none" must be among them ([`usable_arms`] always
/// includes it). Of the untried arms the `first`-th is taken (counted
/// cyclically, fittest first): searcher `w` of a race passes `w`, so the
/// searchers do not all try the same ranks in turn.
fn pick_arm(arms: &[Arm; ARMS], usable: u16, first: usize) -> usize {
    debug_assert!(usable >> (ARMS - 1) & 1 == 1, "'none' is always usable");
    let usable = |i: usize| usable >> i & 1 == 1;
    let mut untried = [0; ARMS];
    let mut count = 0;
    for (i, arm) in arms.iter().enumerate() {
        if usable(i) && arm.attempts == 0 {
            untried[count] = i;
            count += 1;
        }
    }
    if count > 0 {
        return untried[first % count];
    }
    #[cfg(test)]
    SCORED.with(|scored| scored.set(scored.get() + 1));
    let total: u64 = arms.iter().map(|arm| arm.attempts).sum();
    let log = f64::from(64 - total.leading_zeros());
    let score = |arm: &Arm| {
        let a = arm.attempts as f64;
        arm.piles as f64 / a - ARMS_UCB * (log / a).sqrt()
    };
    // From "none" (the last arm, always usable) down: ties go to the fitter.
    let mut best = ARMS - 1;
    for (i, arm) in arms.iter().enumerate().rev() {
        if usable(i) && score(arm) <= score(&arms[best]) {
            best = i;
        }
    }
    best
}

#[cfg(test)]
thread_local! {
    /// How often [`pick_arm`] chose by the scores (every usable arm tried).
    static SCORED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// How many pilot runs ended (see [`Search::pilot`]).
    static PILOTED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// How many probe attempts of an opening took a class weight other
    /// than the plain order's (see [`OPENING_UNTIL`]).
    static OPENED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// The arms of [`sweeper_choices`] worth trying for a row whose cards in
/// play have the ranks `ranks` (a bit per rank; the result a bit per arm):
/// every rank present, and none.
fn usable_arms(choices: &[u16; ARMS], ranks: u16) -> u16 {
    (0..ARMS).fold(0, |usable, i| {
        if choices[i] == 0 || choices[i] & ranks != 0 {
            usable | 1 << i
        } else {
            usable
        }
    })
}

/// The thirteen ranks by their fitness to be the sweepers, best first: most
/// cards among the last eighth of the row, ties to the larger sum of
/// positions there, then the lower rank.
fn sweeper_ranks(cards: &[u8]) -> [u8; 13] {
    let start = cards.len() - cards.len() / 8;
    let mut score = [0usize; 13];
    for (at, &c) in cards.iter().enumerate().skip(start) {
        score[(c >> 2) as usize] += 1000 + at;
    }
    let mut ranks: [u8; 13] = std::array::from_fn(|r| r as u8);
    ranks.sort_by_key(|&r| (std::cmp::Reverse(score[r as usize]), r));
    ranks
}

/// The nodes of the probes' attempt `attempt` (from 0) when the round has
/// spent `spent` nodes on a root of `cards` cards in play, in the round's
/// opening or not (see [`Search::attempts`] and [`OPENING_UNTIL`]).
fn probe_allowance(attempt: u64, spent: u64, cards: usize, opening: bool) -> u64 {
    if attempt == 0 {
        return PROBE_FIRST;
    }
    let rise_after = PROBE_RISE_AFTER * (cards * cards) as u64;
    let unit = PROBE_UNIT.max(spent.saturating_sub(rise_after) / PROBE_UNIT_SHARE);
    let cap = if opening { 1 } else { PROBE_LUBY_CAP };
    luby(attempt + 1).min(cap).saturating_mul(unit)
}

/// Luby's universal restart sequence, from `i` = 1: 1 1 2 1 1 2 4 1 1 2 1 1
/// 2 4 8 …: `2^(k-1)` when `i = 2^k - 1`, else the term `i - (2^(k-1) - 1)`
/// for the `k` with `2^(k-1) <= i < 2^k - 1`.
pub(crate) fn luby(i: u64) -> u64 {
    let mut i = u128::from(i.max(1));
    loop {
        let k = 128 - i.leading_zeros(); // 2^(k-1) <= i < 2^k
        if i == (1u128 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1u128 << (k - 1)) - 1;
    }
}

/// The positions a move spans, lowest first.
#[inline]
fn span(step: Step) -> (usize, usize) {
    (step.from.min(step.to), step.from.max(step.to))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::cards;
    use crate::solver::bounds::tests::fewest;

    /// The moves `visit` would try at this open row.
    fn tried(row: &str, rules: &Rules) -> Vec<(usize, usize)> {
        let budget = Budget::default();
        let mut search = Search::new(rules, &[], &budget, Instant::now());
        let position = Position::new(&cards(row), &[]);
        search.generate(&position);
        if search.moves.len() > 1 {
            search.keep_independent_suffix(position.cards(), 0);
        }
        search.moves.iter().map(|s| (s.from, s.to)).collect()
    }

    /// Open rows up to `RELABEL_UP_TO` cards are looked up by their
    /// relabelled row, so a renamed copy finds the original's entry; longer
    /// rows by the row itself, so it does not; rows with cards still to deal
    /// never by the relabelling.
    #[test]
    fn short_open_rows_share_entries_with_their_renamings_long_rows_do_not() {
        let budget = Budget::default();
        let rules = Rules::modern();
        for len in [2, 12, RELABEL_UP_TO, RELABEL_UP_TO + 1, 40, 52] {
            let deal = crate::deal::Deal::from_seed(len as u64, len).unwrap();
            let row = deal.cards();
            // Swap the names of two suits: a renaming, the same value.
            let renamed: Vec<Card> = row
                .iter()
                .map(|c| Card::new(c.rank(), [1, 0, 2, 3][c.suit() as usize]).unwrap())
                .collect();
            let mut search = Search::new(&rules, &[], &budget, Instant::now());
            // A cutoff above any row's piles, and an entry that meets it.
            search.best = 53;
            search.cap = usize::MAX;
            let (key, hash) = search
                .entry(&Position::new(row, &[]))
                .expect("not ruled out");
            search.table.store(&key, hash, 53);
            let found = search.entry(&Position::new(&renamed, &[]));
            if len <= RELABEL_UP_TO {
                assert_eq!(found, None, "{len} cards: the renaming shares the entry");
            } else {
                assert_eq!(
                    found,
                    Some((
                        Position::new(&renamed, &[]).key(),
                        Position::new(&renamed, &[]).hash()
                    )),
                    "{len} cards"
                );
            }
            // With a stock, never relabelled.
            let stock = [row[0]];
            let with_stock = Search::new(&rules, &stock, &budget, Instant::now());
            let at = Position::new(&row[1..], &stock);
            if let Some((key, hash)) = with_stock.entry(&at) {
                assert_eq!(
                    (key, hash),
                    (at.key(), at.hash()),
                    "{len} cards and a stock"
                );
            }
        }
    }

    /// Both move generators (the bit masks for one-way distances below 8,
    /// card by card otherwise) give the rules' moves in the rules' order,
    /// with and without a goal card, on rows of every length and on rows
    /// closed up by moves.
    #[test]
    fn the_moves_generated_are_the_rules_moves_in_their_order() {
        let budget = Budget::default();
        let mut checked = 0;
        for distances in ["1,3", "1", "2,3", "1,2,3", "3,7", "1,8", "4,9,12"] {
            for two_way in [false, true] {
                for seed in 0..60u64 {
                    let deal = crate::deal::Deal::from_seed(seed, 1 + seed as usize % 52).unwrap();
                    let goal = (seed % 3 == 0).then(|| deal.cards()[seed as usize % deal.len()]);
                    let rules = Rules::modern()
                        .with_distances(distances.parse().unwrap())
                        .with_two_way(two_way)
                        .with_goal(goal);
                    let mut search = Search::new(&rules, &[], &budget, Instant::now());
                    let mut position = Position::new(deal.cards(), &[]);
                    loop {
                        let tops: Vec<Card> = position
                            .cards()
                            .iter()
                            .map(|&c| Card::from_index(c).unwrap())
                            .collect();
                        let mut want = Vec::new();
                        rules.all_moves(&tops, &mut want);
                        search.moves.clear();
                        search.generate(&position);
                        assert_eq!(search.moves, want, "{distances} {two_way} seed {seed}");
                        checked += want.len();
                        match want.last() {
                            Some(&step) => position = position.after_move(step),
                            None => break,
                        }
                    }
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    #[test]
    fn a_move_spans_its_two_places_lowest_first() {
        // Sleep sets compare spans: a wrong span silently turns them off.
        assert_eq!(span(Step { from: 5, to: 2 }), (2, 5));
        assert_eq!(span(Step { from: 2, to: 5 }), (2, 5));
        assert_eq!(span(Step { from: 7, to: 6 }), (6, 7));
    }

    #[test]
    fn the_sweepers_are_the_ranks_most_present_at_the_right_end() {
        let rank = |card: &str| cards(card)[0].index() >> 2;
        let indices = |row: &str| cards(row).iter().map(|c| c.index()).collect::<Vec<u8>>();
        // 16 cards: the last eighth is the last two. The runner-up: no other
        // rank is there, so the lowest.
        let row = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AD 9H 9D";
        assert_eq!(sweeper_ranks(&indices(row))[..2], [rank("9S"), rank("AS")]);
        // One card each: the later one's rank, then the earlier one's.
        let row = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AD 5H 7D";
        assert_eq!(sweeper_ranks(&indices(row))[..2], [rank("7S"), rank("5S")]);
        // 32 cards, the last four: two fives and two nines on places of the
        // same sum: the lower rank, then the other.
        let row = "AC 2C 3C 4C 6C 7C 8C TC JC QC KC AD 2D 3D 4D 6D 7D 8D TD JD QD KD \
                   AH 2H 3H 4H 6H 7H 5C 9C 9D 5D";
        assert_eq!(sweeper_ranks(&indices(row))[..2], [rank("5S"), rank("9S")]);
        // Only the last eighth counts: three nines just before it do not.
        let row = "AC 2C 3C 4C 5C 6C 7C 8C 9C 9S 9H TC JC KC 5H 5D";
        assert_eq!(sweeper_ranks(&indices(row))[..2], [rank("5S"), rank("AS")]);
        // The best rank is never its own runner-up, even when it is the lowest.
        let row = "KC QC JC TC 9C 8C 7C AH";
        assert_eq!(sweeper_ranks(&indices(row))[..2], [rank("AS"), rank("2S")]);
        // The four are distinct, fittest first: two nines, then the five
        // and the six (one card each, the five further right), then the
        // lowest rank absent from the end.
        let row = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AD 2D 3D 4D 6D 7D 8D TD JD QD KD \
                   AH 2H 3H 4H 6H 9C 5S 9D";
        assert_eq!(
            sweeper_ranks(&indices(row))[..4],
            [rank("9S"), rank("5S"), rank("6S"), rank("AS")]
        );
    }

    #[test]
    fn the_long_probes_try_every_sweeper_choice_then_the_most_promising() {
        const ALL: u16 = (1 << ARMS) - 1;
        let mut arms = [Arm::default(); ARMS];
        // Untried choices first, the fittest first; a race's searcher `w`
        // the `w`-th of them, cyclically; only usable ones.
        assert_eq!(pick_arm(&arms, ALL, 0), 0);
        assert_eq!(pick_arm(&arms, ALL, 3), 3);
        assert_eq!(pick_arm(&arms, ALL & !0b1000, 3), 4);
        assert_eq!(pick_arm(&arms, ALL, 14 + 2), 2);
        for (i, arm) in arms.iter_mut().enumerate().take(5) {
            *arm = Arm {
                attempts: 10,
                piles: 100 + i as u64,
            };
        }
        assert_eq!(pick_arm(&arms, ALL, 0), 5);
        assert_eq!(pick_arm(&arms, ALL, 1), 6);
        assert_eq!(pick_arm(&arms, ALL, 8), 13);
        assert_eq!(pick_arm(&arms, ALL, 9), 5);
        for arm in arms.iter_mut().skip(5) {
            *arm = Arm {
                attempts: 10,
                piles: 120,
            };
        }
        // All tried equally often: the least mean wins, ties to the fitter.
        assert_eq!(pick_arm(&arms, ALL, 0), 0);
        assert_eq!(pick_arm(&arms, ALL, 7), 0);
        assert_eq!(pick_arm(&arms, ALL & !1, 0), 1);
        arms[9].piles = 80;
        assert_eq!(pick_arm(&arms, ALL, 0), 9);
        arms[3].piles = 80;
        assert_eq!(pick_arm(&arms, ALL, 0), 3);
        // Unusable arms are never taken, however good their record.
        assert_eq!(pick_arm(&arms, ALL & !0b1000, 0), 9);
        // With every rank unusable only "none" is left.
        assert_eq!(pick_arm(&arms, 1 << 13, 0), 13);
        // A choice tried far less often is taken despite a worse mean: the
        // confidence term (0.83 · sqrt(b / a), b the bit length of the
        // attempts) outweighs the gap.
        let mut arms = [Arm {
            attempts: 400,
            piles: 4_000,
        }; ARMS];
        arms[13] = Arm {
            attempts: 1,
            piles: 11,
        };
        assert_eq!(pick_arm(&arms, ALL, 0), 13);
        arms[13] = Arm {
            attempts: 100,
            piles: 1_100,
        };
        assert_eq!(pick_arm(&arms, ALL, 0), 0);
    }

    #[test]
    fn the_usable_arms_are_the_ranks_in_play_and_none() {
        let choices = sweeper_choices(&[0, 4, 8]);
        // Cards of ranks 0, 1 and 2 (aces, twos, threes): their arms and none.
        let usable = usable_arms(&choices, 0b111);
        assert_eq!(usable.count_ones(), 4);
        assert_eq!(usable >> 13 & 1, 1);
        for (i, choice) in choices.iter().enumerate().take(13) {
            let rank = choice.trailing_zeros();
            assert_eq!(usable >> i & 1 == 1, rank <= 2, "arm {i}, rank {rank}");
        }
    }

    /// The bandit is reached, past its untried arms, on rows whose probes run
    /// long: its scores decide attempts on this 14-card row (found by
    /// counting; `tests/solver.rs` checks such rows against brute force).
    #[test]
    fn long_probe_rounds_reach_the_bandits_scores() {
        let rules = Rules::modern();
        let budget = crate::solver::Budget::default();
        let before = SCORED.with(std::cell::Cell::get);
        let deal = crate::deal::Deal::from_seed(251, 14).unwrap();
        crate::solver::solve(deal.cards(), &[], &rules, &budget);
        let scored = SCORED.with(std::cell::Cell::get) - before;
        assert!(scored >= 10, "the bandit scored {scored} times");
    }

    #[test]
    fn the_sweeper_choices_are_the_ranks_by_fitness_then_none() {
        let rank = |card: &str| cards(card)[0].index() >> 2;
        let indices = |row: &str| cards(row).iter().map(|c| c.index()).collect::<Vec<u8>>();
        let row = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AD 2D 3D 4D 6D 7D 8D TD JD QD KD \
                   AH 2H 3H 4H 6H 9C 5S 9D";
        let choices = sweeper_choices(&indices(row));
        assert_eq!(choices[0], 1 << rank("9S"));
        assert_eq!(choices[13], 0);
        let all = choices[..13].iter().fold(0, |seen, &c| {
            assert_eq!(c.count_ones(), 1);
            assert_eq!(seen & c, 0);
            seen | c
        });
        assert_eq!(all, (1 << 13) - 1);
    }

    #[test]
    fn the_probes_run_short_attempts_until_the_round_is_long() {
        let allowances: Vec<u64> = (0..8)
            .map(|a| probe_allowance(a, 5_000, 52, false))
            .collect();
        // Attempt `a` takes Luby's term `a + 1` (1 2 1 1 2 4 1 … from the second).
        assert_eq!(allowances, [150, 100, 200, 100, 100, 200, 200, 100]);
        // Luby's 8 and 16 are capped too.
        assert_eq!(probe_allowance(14, 99_000, 52, false), 200);
        assert_eq!(probe_allowance(30, 99_000, 52, false), 200);
        // Past the rise's start (40 n²: 108,160 nodes for 52 piles, 12,960
        // for 18) the unit is a sixteenth of the excess.
        assert_eq!(probe_allowance(1, 108_160 + 1_600, 52, false), 100);
        assert_eq!(probe_allowance(1, 108_160 + 16_000, 52, false), 1_000);
        assert_eq!(
            probe_allowance(1, 108_160, 18, false),
            (108_160 - 12_960) / 16
        );
        assert_eq!(probe_allowance(2, 12_960 + 16_000, 18, false), 2_000);
        let most = (u64::MAX - 108_160) / PROBE_UNIT_SHARE;
        assert_eq!(probe_allowance(2, u64::MAX, 52, false), most * 2);
        // In a round's opening every attempt after the first is one unit.
        let opening: Vec<u64> = (0..8).map(|a| probe_allowance(a, 500, 52, true)).collect();
        assert_eq!(opening, [150, 100, 100, 100, 100, 100, 100, 100]);
    }

    #[test]
    fn the_pilot_takes_over_a_long_probe_round_on_open_rows_of_forty_cards() {
        let rules = Rules::modern();
        let budget = Budget::default();
        let search = Search::new(&rules, &[], &budget, Instant::now());
        let deal = crate::deal::Deal::from_seed(1, 52).unwrap();
        let root = Position::new(deal.cards(), &[]);
        let until = PILOT_AFTER + PILOT_UNTIL * 52 * 52;
        assert!(!search.pilots(&root, PILOT_AFTER - 1, 52));
        assert!(search.pilots(&root, PILOT_AFTER, 52));
        assert!(search.pilots(&root, until - 1, 52));
        assert!(!search.pilots(&root, until, 52));
        let short = Position::new(&deal.cards()[..39], &[]);
        assert!(!search.pilots(&short, PILOT_AFTER, 39));
        assert!(search.pilots(&Position::new(&deal.cards()[..40], &[]), PILOT_AFTER, 40));
        // Not with cards still to deal, two-way moves or must-move rules.
        let stock = &deal.cards()[40..];
        let with_stock = Search::new(&rules, stock, &budget, Instant::now());
        let dealing = Position::new(&deal.cards()[..40], stock);
        assert!(!with_stock.pilots(&dealing, PILOT_AFTER, 52));
        for other in [
            rules.with_two_way(true),
            Rules::new(crate::rules::RuleSet::Parlett),
        ] {
            let search = Search::new(&other, &[], &budget, Instant::now());
            assert!(!search.pilots(&root, PILOT_AFTER, 52));
        }
    }

    /// Checks a search made to use some strategy of its own on short rows
    /// (`configure` forces it on): on 150 rows of 9-14 cards the fewest
    /// piles are brute force's and the line reaches them; on 100 rows of
    /// 16-22 cards the same fewest piles as the search without it, the line
    /// reaching them. Returns what `count` (a counter of the strategy's
    /// steps) rose by on the short rows, how many of them are lost and how
    /// many of the longer rows won (the caller holds them high enough for
    /// the test to be able to fail on won and lost rows alike).
    fn agrees_with_brute_force(
        configure: impl Fn(&mut Search),
        count: impl Fn() -> u64,
    ) -> (u64, u64, u64) {
        let rules = Rules::modern();
        let budget = Budget::default();
        let (before, mut lost) = (count(), 0);
        for seed in 0..150u64 {
            let deal = crate::deal::Deal::from_seed(seed, 9 + seed as usize % 6).unwrap();
            let want = fewest(deal.cards(), &rules, &mut std::collections::HashMap::new());
            let mut search = Search::new(&rules, &[], &budget, Instant::now());
            configure(&mut search);
            let found = search.run(&Position::new(deal.cards(), &[]));
            lost += u64::from(want > 1);
            assert_eq!(found.value, want, "seed {seed}");
            let end = crate::solver::replay(deal.cards(), &[], &rules, &found.line).unwrap();
            assert_eq!(end.piles, want, "seed {seed}");
        }
        let (short, mut won) = (count() - before, 0);
        for seed in 0..100u64 {
            let deal = crate::deal::Deal::from_seed(seed, 16 + seed as usize % 7).unwrap();
            let root = Position::new(deal.cards(), &[]);
            let plain = Search::new(&rules, &[], &budget, Instant::now()).run(&root);
            let mut search = Search::new(&rules, &[], &budget, Instant::now());
            configure(&mut search);
            let found = search.run(&root);
            assert_eq!(found.value, plain.value, "seed {seed}");
            let end = crate::solver::replay(deal.cards(), &[], &rules, &found.line).unwrap();
            assert_eq!(end.piles, found.value, "seed {seed}");
            won += u64::from(found.value == 1);
        }
        (short, lost, won)
    }

    /// The pilot's rollouts store what they finish and its runs stop
    /// anywhere: what a search with pilot runs proves must still be true.
    /// Checked on short rows made to pilot from their first attempt (52-card
    /// rows pilot only after 20,000 nodes, and brute force cannot check
    /// them), and pilot runs happen (so the test can fail). A run that took
    /// an exhausted move, stored a position of its own line or kept a stale
    /// sleep set would lose some row's best line here.
    #[test]
    fn pilot_runs_find_the_fewest_piles_of_a_brute_force_search() {
        let (runs, lost, won) = agrees_with_brute_force(
            |search| {
                search.pilot_from = 0;
                search.pilot_after = 0;
            },
            || PILOTED.with(std::cell::Cell::get),
        );
        assert!(
            runs > 50 && lost > 30 && won > 30,
            "{runs} pilot runs, {lost} lost, {won} won"
        );
    }

    /// The opening's short attempts and varied class weights (see
    /// `OPENING_UNTIL`), forced onto short rows by lowering the row size
    /// that opens (the pilot kept out of reach): on rows of 9-14 cards the
    /// fewest piles are brute force's and the line reaches them; on rows of
    /// 16-22 cards the same fewest piles as the search without the opening,
    /// the line reaching them. The opening's attempts happen, with each of
    /// the three weights, on won and lost rows alike (so the test can fail).
    #[test]
    fn the_opening_finds_the_fewest_piles_of_a_brute_force_search() {
        let before = OPENED.with(std::cell::Cell::get);
        let (short, lost, won) = agrees_with_brute_force(
            |search| {
                search.pilot_from = 0;
                search.pilot_after = 1 << 40;
            },
            || OPENED.with(std::cell::Cell::get),
        );
        let opened = OPENED.with(std::cell::Cell::get) - before;
        assert!(
            short > 25 && opened > 300 && lost > 30 && won > 30,
            "{short} opening attempts on short rows, {opened} in all, {lost} lost, {won} won"
        );
    }

    /// The opening's class weights reorder the moves of some positions
    /// (none, the plain weight and double are three orders, not one), and
    /// never change which moves are tried.
    #[test]
    fn the_opening_weights_change_the_order_of_some_positions() {
        let mut scratch = Scratch::default();
        let mut differ = 0;
        for seed in 0..200u64 {
            let deal = crate::deal::Deal::from_seed(seed, 30).unwrap();
            let position = Position::new(deal.cards(), &[]);
            let budget = Budget::default();
            let rules = Rules::modern();
            let mut search = Search::new(&rules, &[], &budget, Instant::now());
            search.generate(&position);
            let moves = search.moves.clone();
            if moves.len() < 2 {
                continue;
            }
            let sweepers = sweeper_choices(position.cards())[0];
            let order = |class_weight: u32, scratch: &mut Scratch| {
                let mut codes = Vec::new();
                let perturb = Perturb {
                    attempt: 0,
                    amount: 0,
                    class_weight,
                };
                order_moves(
                    &position, &moves, perturb, scratch, sweepers, false, true, &mut codes,
                );
                (0..moves.len())
                    .map(|i| next_best(&mut codes, i))
                    .collect::<Vec<Step>>()
            };
            let plain = order(CLASS_WEIGHT, &mut scratch);
            let mut sorted = plain.clone();
            sorted.sort_by_key(|s| (s.from, s.to));
            for weight in OPENING_CLASS_WEIGHTS {
                let other = order(weight, &mut scratch);
                let mut same = other.clone();
                same.sort_by_key(|s| (s.from, s.to));
                assert_eq!(same, sorted, "seed {seed}: the same moves");
                differ += usize::from(other != plain);
            }
        }
        assert!(differ > 20, "{differ} orders changed");
    }

    /// A 52-card deal whose probes run long is won by a pilot run, in the
    /// same nodes every time, and far sooner than by the probes alone
    /// (4,410,775 nodes before the pilot).
    #[test]
    fn the_pilot_wins_a_deal_the_probes_lose_their_way_in() {
        let rules = Rules::modern();
        let budget = Budget::default();
        let deal = crate::deal::Deal::from_seed(3_000_016_632, 52).unwrap();
        let before = PILOTED.with(std::cell::Cell::get);
        let first = crate::solver::solve(deal.cards(), &[], &rules, &budget);
        assert!(PILOTED.with(std::cell::Cell::get) > before);
        assert_eq!(first.piles, 1);
        assert!(first.nodes < 100_000, "{} nodes", first.nodes);
        let again = crate::solver::solve(deal.cards(), &[], &rules, &budget);
        assert_eq!((again.nodes, &again.actions), (first.nodes, &first.actions));
    }

    #[test]
    fn the_luby_sequence_is_lubys() {
        let first: Vec<u64> = (1..=31).map(luby).collect();
        assert_eq!(
            first,
            [
                1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2,
                4, 8, 16
            ]
        );
        assert_eq!(luby((1 << 20) - 1), 1 << 19);
        assert_eq!(luby(u64::MAX), 1 << 63);
    }

    #[test]
    fn the_probes_perturb_only_the_first_tenth_of_the_line() {
        let rules = Rules::modern();
        let budget = Budget::default();
        let mut search = Search::new(&rules, &[], &budget, Instant::now());
        let deal = crate::deal::Deal::from_seed(1, 52).unwrap();
        let root = Position::new(deal.cards(), &[]);
        search.goal = rules.win_piles;
        search.cap = rules.win_piles + 1;
        search.attempts(&root);
        assert!(search.probing);
        assert_eq!(search.shallow, 5);
        assert_eq!(search.perturb(4).amount, PROBE_FUZZ);
        assert_eq!(search.perturb(5).amount, 0);
        // The later rounds perturb every depth by a class unit.
        search.goal = 2;
        search.cap = 3;
        search.attempts(&root);
        assert!(!search.probing);
        assert_eq!(search.perturb(0).amount, FUZZ);
        assert_eq!(search.perturb(40).amount, FUZZ);
    }

    #[test]
    fn only_the_moves_of_an_independent_suffix_are_tried() {
        let rules = Rules::modern();
        // From position 3 on, the first three cards (KH QH JH) agree with
        // nothing to their left: only the hearts' moves are tried.
        assert_eq!(
            tried("AC 2C 3C KH QH JH TH", &rules),
            [(4, 3), (5, 4), (6, 5), (6, 3)]
        );
        // 3C, within reach of the clubs, closes every cut: all moves.
        assert_eq!(tried("AC 2C KH QH 3C", &rules), [(1, 0), (3, 2), (4, 1)]);
        // With the leap of 3 the card three places on still reaches back:
        // the cut at 2 (KH QH 2C ...) is not independent because 2C is within
        // reach; under distances {1} it is.
        assert_eq!(tried("AC 3C KH QH 2C", &rules), [(1, 0), (3, 2), (4, 1)]);
        let slides = Rules::modern().with_distances("1".parse().unwrap());
        assert_eq!(tried("AC 3C KH QH 2C", &slides), [(3, 2)]);
    }
}
