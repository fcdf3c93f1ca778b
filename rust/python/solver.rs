//! `solve`, `solve_many`, `Solution` and `Game.hint`.

use super::args::{
    keyword_function, or_refused, shown, unless_exception, whole, wrong_type, Arg, Argument,
    Elapsed, Given, Jobs, MaxNodes, Memory, Searchers, Timeout,
};
use super::game::PyGame;
use super::interrupt::run_interruptible;
use super::patience::{solution_methods, Figures};
use super::values::{deal_arg, play_arg, PyDeal, PyMove};
use crate::budget::Budget;
use crate::card::Card;
use crate::deal::Deal;
use crate::error::Count;
use crate::error::Error;
use crate::game::{Game, Play};
use crate::rules::Rules;
use crate::solver::{self, Solution};
use pyo3::exceptions::{PyRuntimeError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString};

/// What the solver found for one row (:func:`solve`, :func:`solve_many`).
///
/// Examples:
///     >>> solution = solve("7H 2C 3C 7C")
///     >>> solution.result, solution.piles, [str(move) for move in solution.moves]
///     ('win', 1, ['7C>7H', '3C>2C', '3C>7C'])
// `eq`: a solution equals its own pickled copy (field by field; `seconds` included).
#[pyclass(frozen, eq, name = "Solution", module = "accordion._core")]
#[derive(PartialEq)]
pub struct PySolution {
    deal: String,
    result: &'static str,
    moves: Vec<Play>,
    piles: usize,
    nodes: u64,
    seconds: f64,
}

impl PySolution {
    /// What the solution says of its line.
    fn figures(&self) -> Figures<'_, Play> {
        Figures {
            deal: &self.deal,
            result: self.result,
            moves: &self.moves,
            left: self.piles,
            nodes: self.nodes,
            seconds: self.seconds,
        }
    }

    /// The solution of `game`'s position, with the actions written by cards.
    fn new(game: &Game, solution: &Solution) -> PyResult<PySolution> {
        let mut replay = game.clone();
        let moves = solution
            .actions
            .iter()
            .map(|&action| {
                let play = replay.play_of(action);
                replay.play(action).map_err(|e| {
                    PyRuntimeError::new_err(format!("internal error: the solver's line fails: {e}"))
                })?;
                Ok(play)
            })
            .collect::<PyResult<_>>()?;
        Ok(PySolution {
            deal: position_text(&single(game.tops()), game.stock()),
            result: solution.verdict.name(),
            moves,
            piles: solution.piles,
            nodes: solution.nodes,
            seconds: solution.elapsed.as_secs_f64(),
        })
    }
}

solution_methods! {
    impl PySolution;
    move PyMove;
    /// The position the line starts from: the row solved (top cards, left to
    /// right), and for a blind game whose stock has cards, ``|`` and the stock's
    /// cards, next first (``"5S 3C | 6S 7D"``; the solve is clairvoyant).
    deal;
    /// A winning line; or a line reaching the fewest piles (``loss``) or the best found.
    moves;
    /// Piles at the end of :attr:`moves`: 1 for a win, the exact fewest for a loss.
    piles;
    /// Positions the search expanded (deterministic for a row and rules).
    nodes;
    {
        /// The JSON object of docs/contract.md: deal, result, moves, piles, nodes, seconds.
        fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
            let dict = PyDict::new(py);
            dict.set_item("deal", &self.deal)?;
            dict.set_item("result", self.result)?;
            let moves: Vec<String> = self.moves.iter().map(ToString::to_string).collect();
            dict.set_item("moves", moves)?;
            dict.set_item("piles", self.piles)?;
            dict.set_item("nodes", self.nodes)?;
            dict.set_item("seconds", self.seconds)?;
            Ok(dict)
        }

        /// The solution whose :meth:`to_dict` is ``data`` (read back from JSON).
        ///
        /// Pickling goes through the same pair, so solutions cross processes (Dask).
        #[staticmethod]
        fn from_dict(data: &Bound<'_, PyDict>) -> PyResult<Self> {
            let read = SolutionDict::read(data)?;
            let row = read.deal()?;
            let moves = read
                .moves
                .iter()
                .map(play_arg)
                .collect::<PyResult<Vec<Play>>>()?;
            let expected = format!("1 to {} piles (the cards of the deal)", row.len());
            let piles: usize = whole(&read.field("piles")?, "piles", &expected)?;
            if piles == 0 || piles > row.len() {
                return Err(Error::argument("piles", &expected, piles).into());
            }
            if read.sizes.iter().any(|&size| size != 1) {
                return Err(bad_data(format!(
                    "an Accordion solution's deal names top cards, not piles: {}",
                    shown(&read.field("deal")?)?
                )));
            }
            check_line(&row, read.row_len, &moves, piles, read.result)?;
            let (laid, stock) = row.cards().split_at(read.row_len);
            Ok(PySolution {
                deal: position_text(&single(laid), stock),
                result: read.result,
                moves,
                piles,
                nodes: read.nodes,
                seconds: read.seconds,
            })
        }

        fn __repr__(&self) -> String {
            format!(
                "<Solution {} in {}, {}, {}: {}>",
                self.result,
                Count(self.moves.len() as u64, "move"),
                Count(self.piles as u64, "pile"),
                Count(self.nodes, "node"),
                self.deal
            )
        }
    }
}

/// A solution's line replays from its deal (its first `laid` cards laid out,
/// the rest the stock) and ends at the `piles` it says (stock cards counted).
///
/// The dict does not say the rules, so the line is replayed under the widest
/// ones (any distance, both ways): each move must lift a top card's pile onto
/// an agreeing top card, which every rule set of the game requires. A line
/// that ends at one pile is a win under every rule set (the goal card can
/// never be covered, so it is then on top).
fn check_line(row: &Deal, laid: usize, moves: &[Play], piles: usize, result: &str) -> PyResult<()> {
    let every: Vec<i128> = (1..=51).collect();
    let widest = Rules::modern()
        .with_two_way(true)
        .with_distances(crate::rules::Distances::new(&every)?);
    let blind = laid < row.len();
    let mut game = Game::new(row.clone(), widest, blind);
    if blind {
        // The row laid out as a blind game lays it: dealt card by card
        // (`modern` deals whenever the player likes).
        for _ in 0..laid {
            game.play(crate::game::Action::Deal)?;
        }
    }
    for (number, &play) in moves.iter().enumerate() {
        if let Err(error) = game.action_of(play).and_then(|action| game.play(action)) {
            return Err(bad_data(format!(
                "a solution's moves must replay from its deal: move {} ({play}) does not: {error}",
                number + 1
            )));
        }
    }
    let left = game.row().len() + game.stock().len();
    if left != piles {
        return Err(bad_data(format!(
            "a solution's piles must be where its moves end: they end at {left}, piles is {piles}"
        )));
    }
    if left == 1 && result != "win" {
        return Err(bad_data(format!(
            "a solution whose moves end at one pile is a win, not {result:?}"
        )));
    }
    Ok(())
}

/// A position as a solution's `deal` names it: the row (top cards, left to
/// right; a pile whose cards beneath show again, as Accordian Patience's, by
/// its cards bottom to top joined by `/`), and, when a blind game's stock still
/// has cards, ` | ` and the stock's cards, next first (`5S 3C | 6S 7D`; `| AC 2C`
/// before the first deal). Both engines read it back ([`SolutionDict::read`]).
pub fn position_text(row: &[Vec<Card>], stock: &[Card]) -> String {
    let words = |cards: &[Card], sep: &str| {
        cards
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(sep)
    };
    let laid: Vec<String> = row.iter().map(|pile| words(pile, "/")).collect();
    let laid = laid.join(" ");
    match (laid.is_empty(), stock.is_empty()) {
        (_, true) => laid,
        (true, false) => format!("| {}", words(stock, " ")),
        (false, false) => format!("{laid} | {}", words(stock, " ")),
    }
}

/// Piles of one card each.
pub fn single(cards: &[Card]) -> Vec<Vec<Card>> {
    cards.iter().map(|&card| vec![card]).collect()
}

/// The error for a solution's dict whose fields disagree.
fn bad_data(message: String) -> PyErr {
    Error::InvalidArgument {
        argument: "data",
        message,
    }
    .into()
}

/// What every game's solution dict holds (`to_dict`), read back and checked:
/// the row, the result, the moves (not yet parsed), the nodes and the seconds.
pub struct SolutionDict<'py> {
    data: Bound<'py, PyDict>,
    /// `None` for a `deal` of `""`: a won throw game's position, every card
    /// out, which its solution's `to_dict` writes (see [`SolutionDict::deal`]).
    /// A blind position's row and stock together, the row first (`row_len` cards).
    pub row: Option<Deal>,
    /// The cards of `row` laid out; the rest are the stock, next first
    /// ([`position_text`]: `ROW | STOCK`).
    pub row_len: usize,
    /// The sizes of the piles laid out, left to right (`5S/3C`: a pile of two).
    pub sizes: Vec<usize>,
    pub result: &'static str,
    pub moves: Vec<Bound<'py, PyAny>>,
    pub nodes: u64,
    pub seconds: f64,
}

impl<'py> SolutionDict<'py> {
    pub fn read(data: &Bound<'py, PyDict>) -> PyResult<SolutionDict<'py>> {
        let field = |key| SolutionDict::field_of(data, key);
        let deal = field("deal")?;
        let (row, sizes) = match deal.extract::<String>() {
            Ok(text) if text.is_empty() => (None, Vec::new()),
            Ok(text) if text.contains(['|', '/']) => {
                let (laid, stock) = text.split_once('|').unwrap_or((&text, ""));
                let sizes: Vec<usize> = laid
                    .split(|c: char| c.is_whitespace() || c == ',')
                    .filter(|word| !word.is_empty())
                    .map(|pile| pile.split('/').count())
                    .collect();
                let laid = laid.replace('/', " ");
                let cards: Deal = format!("{laid} {stock}").parse()?;
                // Every pile's cards are cards (`5S//3C` names an empty one).
                let laid_cards = if laid.trim().is_empty() {
                    0
                } else {
                    laid.parse::<Deal>()?.len()
                };
                if laid_cards != sizes.iter().sum::<usize>() {
                    return Err(Error::InvalidArgument {
                        argument: "data",
                        message: format!(
                            "a solution's deal names each pile by its cards joined by /, got {}",
                            shown(&deal)?
                        ),
                    }
                    .into());
                }
                (Some(cards), sizes)
            }
            _ => {
                let row = deal_arg(&deal)?;
                let sizes = vec![1; row.len()];
                (Some(row), sizes)
            }
        };
        let row_len = sizes.iter().sum();
        let given = field("result")?;
        let mut result = None;
        for name in ["win", "loss", "unknown"] {
            if unless_exception(given.eq(name))?.unwrap_or(false) {
                result = Some(name);
                break;
            }
        }
        let Some(result) = result else {
            let shown = shown(&given)?;
            return Err(Error::argument("result", "win, loss or unknown", shown).into());
        };
        // A str (bytes) iterates letter by letter (byte by byte): not a list of moves.
        let given = field("moves")?;
        let items = if given.is_instance_of::<PyString>() || given.is_instance_of::<PyBytes>() {
            None
        } else {
            unless_exception(given.try_iter())?
        };
        let moves = items
            .ok_or_else(|| wrong_type("moves", "a list of moves", &given))?
            .collect::<PyResult<_>>()?;
        let nodes = whole(&field("nodes")?, "nodes", "a number of nodes 0 or more")?;
        let seconds = Elapsed::read(&field("seconds")?)?.0;
        Ok(SolutionDict {
            data: data.clone(),
            row,
            row_len,
            sizes,
            result,
            moves,
            nodes,
            seconds,
        })
    }

    /// The deal, refused as `Deal` refuses an empty one where the game's
    /// solutions always have cards (Accordion ends with a pile).
    pub fn deal(&self) -> PyResult<Deal> {
        Ok(self.row.clone().map_or_else(|| Deal::new(Vec::new()), Ok)?)
    }

    /// The value of `key`, which the dict must have.
    pub fn field(&self, key: &'static str) -> PyResult<Bound<'py, PyAny>> {
        SolutionDict::field_of(&self.data, key)
    }

    fn field_of(data: &Bound<'py, PyDict>, key: &'static str) -> PyResult<Bound<'py, PyAny>> {
        data.get_item(key)?.ok_or_else(|| {
            Error::InvalidArgument {
                argument: "data",
                message: format!("a solution's dict needs the key {key:?}"),
            }
            .into()
        })
    }
}

/// The budget keywords of every game's solver functions (`max_nodes`,
/// `timeout`, `memory`; their parameters are written by
/// [`super::args::keyword_function!`]).
pub struct BudgetKeywords {
    pub max_nodes: Option<Arg<MaxNodes>>,
    pub timeout: Option<Arg<Timeout>>,
    pub memory: Option<Arg<Memory>>,
}

impl BudgetKeywords {
    /// The budget, checked by the core ([`Budget::new`]).
    pub fn read(self) -> PyResult<Budget> {
        // In signature order, the values' ranges after their types.
        let max_nodes = self.max_nodes.given()?.map(|nodes| nodes.0);
        if max_nodes == Some(0) {
            Budget::new(max_nodes, None, None)?;
        }
        let seconds = self.timeout.given()?.map(|seconds| seconds.0);
        crate::budget::seconds(seconds)?;
        let memory = self.memory.given()?.map(|bytes| bytes.0);
        Ok(Budget::new(max_nodes, seconds, memory)?)
    }
}

/// The game whose position a `solve` argument names, and the rules to use
/// (checked after the position: arguments are checked in signature order).
fn position_of(position: &Bound<'_, PyAny>, rules: Option<Arg<Rules>>) -> PyResult<Game> {
    if let Ok(game) = position.cast::<PyGame>() {
        let game = game.get().game.snapshot();
        return Ok(match rules.given()? {
            Some(rules) if rules != game.rules() => {
                rules.check_deal(game.deal().cards())?;
                game.with_rules(rules)
            }
            _ => game,
        });
    }
    if position.is_instance_of::<PyDeal>() || position.is_instance_of::<PyString>() {
        let deal = deal_arg(position)?;
        let rules = rules.given_or(Rules::modern())?;
        rules.check_deal(deal.cards())?;
        return Ok(Game::new(deal, rules, false));
    }
    Err(wrong_type("position", "a Deal, a Game or a str", position))
}

fn solve_game(game: &Game, budget: &Budget, jobs: usize) -> Solution {
    solver::solve_jobs(game.tops(), game.stock(), &game.rules(), budget, jobs)
}

keyword_function! {
    /// Solve an open row (or the current row of a game) exhaustively.
    ///
    /// Args:
    ///     position: a :class:`Deal`, its text, or a :class:`Game` (its current row; a
    ///         blind game's stock is dealt in order).
    ///     rules: the rules (default: the game's, else ``modern``).
    ///     max_nodes: a node budget, at least 1 (default: none).
    ///     timeout: seconds, positive (``inf`` or ``None``: none).
    ///     memory: the transposition table's bound in bytes, at least 1 MiB (default 256 MiB).
    ///     jobs: searchers racing on the row, each on its own thread, in its own move
    ///         order and with its own table, 1 to 256 (default 1); the answer is that of
    ///         the one that finishes in the fewest positions, the same in every run.
    ///
    /// Returns:
    ///     A :class:`Solution`: ``win`` with a winning line, ``loss`` with a line to the
    ///     fewest piles, or ``unknown`` when a budget ran out.
    ///
    /// Raises:
    ///     InvalidArgumentError: a budget out of range.
    ///     InvalidDealError, InvalidCardError, InvalidRulesError: a bad row or rule set.
    ///     KeyboardInterrupt: Ctrl-C, from any thread (the GIL is released meanwhile).
    ///
    /// Examples:
    ///     >>> solve("2S 3S 7H 6H AC QH TH 8C").result
    ///     'loss'
    fn solve(
        py, position: &Bound<'_, PyAny>, rules: Option<Arg<Rules>>;
        budget: BudgetKeywords;
        jobs: Option<Arg<Searchers>>
    ) -> PyResult<PySolution>;
    signature [position, *, rules = None,] .. [, jobs = None];
    {
        let game = position_of(position, rules)?;
        let budget = budget.read()?;
        let jobs = jobs.given_or(Searchers(1))?.0;
        let solution = run_interruptible(py, |cancel| {
            solve_game(&game, &budget.clone().with_cancel(cancel.clone()), jobs)
        })?;
        PySolution::new(&game, &solution)
    }
}

keyword_function! {
    /// Solve many rows on ``jobs`` threads; results in input order, the same for any ``jobs``.
    ///
    /// Args:
    ///     deals: the rows (deals or their text); read before the search starts.
    ///     rules, max_nodes, timeout, memory: as for :func:`solve`, for each row.
    ///     jobs: threads, 1 to ``MAX_JOBS`` (default: one per core); one table per thread.
    ///     progress: called with the number of rows solved so far, in the calling
    ///         thread, about every 50 ms while it grows and once at the end.
    ///
    /// Returns:
    ///     A list of :class:`Solution`, one per row, in order.
    ///
    /// Raises:
    ///     InvalidArgumentError: ``jobs`` or a budget out of range.
    ///     TypeError: ``progress`` is not callable.
    ///     KeyboardInterrupt: Ctrl-C, from any thread.
    fn solve_many(
        py, deals: &Bound<'_, PyAny>, rules: Option<Arg<Rules>>, jobs: Option<Arg<Jobs>>;
        budget: BudgetKeywords;
        progress: Option<&Bound<'_, PyAny>>
    ) -> PyResult<Vec<PySolution>>;
    signature [deals, *, rules = None, jobs = None,] .. [, progress = None];
    {
        if deals.is_instance_of::<PyString>() {
            return Err(PyTypeError::new_err(
                "solve_many() takes an iterable of deals, not one str",
            ));
        }
        let deals: Vec<Deal> = or_refused(deals.try_iter(), || {
            wrong_type("deals", "an iterable of deals", deals)
        })?
        .map(|d| deal_arg(&d?))
            .collect::<PyResult<_>>()?;
        let rules = rules.given_or(Rules::modern())?;
        let jobs = jobs.given()?.map(|jobs| jobs.0);
        let budget = budget.read()?;
        for deal in &deals {
            rules.check_deal(deal.cards())?;
        }
        let rows: Vec<Vec<_>> = deals.iter().map(|d| d.cards().to_vec()).collect();
        let solutions = super::stats::run_simulation(
            py,
            progress,
            |cancel, report| {
                Ok(solver::solve_many_reporting(
                    &rows,
                    &rules,
                    &budget.clone().with_cancel(cancel.clone()),
                    jobs,
                    report,
                ))
            },
            |solutions: &Vec<Solution>| solutions.len() as u64,
        )?;
        deals
            .into_iter()
            .zip(&solutions)
            .map(|(deal, solution)| PySolution::new(&Game::new(deal, rules, false), solution))
            .collect()
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PySolution>()?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(solve_many, m)?)?;
    Ok(())
}
