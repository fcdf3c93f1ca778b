//! Royal Marriage: `RoyalMove`, `RoyalOutcome`, `RoyalGame`, `RoyalSolution`,
//! `RoyalStats`, and the functions `royal_deal`, `solve_royal`, `simulate_royal`.

use super::args::{
    flag, jobs_arg, optional_text, optional_whole, seed as seed_arg, text, wrong_type, Flag,
    SEED_RANGE,
};
use super::blind::{histogram_dict, run_simulation, stats_dict, stats_repr};
use super::errors::NoMoveToUndoError;
use super::interrupt::run_interruptible;
use super::pickle::{by_method, by_restore, malformed, verdict, Reduced};
use super::solver::budget;
use super::throws::throw_outcome;
use super::values::{card_count, deal_arg, picture, py_bool, PyCard, PyDeal, PyRules};
use crate::error::Error;
use crate::royal::simulate::{simulate, RoyalStats, Setup};
use crate::royal::solver::{solve, Solution};
use crate::royal::{RoyalAction, RoyalDeal, RoyalGame, RoyalOutcome, RoyalPlay, Strategy};
use crate::rules::RuleSet;
use pyo3::exceptions::PyDeprecationWarning;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};

/// Add the Royal Marriage classes and functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyRoyalMove>()?;
    m.add_class::<PyRoyalOutcome>()?;
    m.add_class::<PyRoyalGame>()?;
    m.add_class::<PyRoyalSolution>()?;
    m.add_class::<PyRoyalStats>()?;
    m.add_function(wrap_pyfunction!(royal_deal, m)?)?;
    m.add_function(wrap_pyfunction!(solve_royal, m)?)?;
    m.add_function(wrap_pyfunction!(simulate_royal, m)?)?;
    Ok(())
}

/// A throw named by its cards (``out 5D``, ``out 5D 7C``), by the agreeing pair around
/// it (``between 3S 9S``), or ``deal``. ``RoyalMove(text)`` parses; ``str`` round-trips.
///
/// Raises:
///     InvalidMoveError: text that is not a Royal Marriage move.
///     TypeError: ``text`` is not a ``str``.
///
/// Examples:
///     >>> move = RoyalMove("x5D,7C")
///     >>> str(move), move.kind, move.cards
///     ('out 5D 7C', 'out', (Card('5D'), Card('7C')))
#[pyclass(frozen, eq, hash, name = "RoyalMove", module = "accordion._core")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyRoyalMove(pub RoyalPlay);

#[pymethods]
impl PyRoyalMove {
    /// Pickle support: rebuilt by `RoyalMove.parse` from the notation.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduced<'py>> {
        let args = PyTuple::new(slf.py(), [slf.get().0.to_string()])?;
        by_method(slf, "parse", args)
    }

    #[new]
    fn py_new(text: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyRoyalMove(RoyalPlay::parse(&super::args::text(
            text, "a move",
        )?)?))
    }

    /// Parse ``out 5D 7C``, ``5D 7C out``, ``x5D,7C``, ``between 3S 9S``, ``3S..9S``, ``deal``.
    ///
    /// Raises:
    ///     InvalidMoveError: anything else, or one card named twice.
    ///     TypeError: ``text`` is not a ``str``.
    #[staticmethod]
    fn parse(text: &Bound<'_, PyAny>) -> PyResult<Self> {
        Self::py_new(text)
    }

    /// The action of turning the next stock card (blind games).
    #[staticmethod]
    fn deal() -> Self {
        PyRoyalMove(RoyalPlay::Deal)
    }

    /// ``"out"``, ``"between"`` or ``"deal"``.
    #[getter]
    fn kind(&self) -> &'static str {
        match self.0 {
            RoyalPlay::Out(..) => "out",
            RoyalPlay::Between(..) => "between",
            RoyalPlay::Deal => "deal",
        }
    }

    /// The thrown cards (``out``), the pair around them (``between``), or none.
    #[getter]
    fn cards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let cards = match self.0 {
            RoyalPlay::Out(a, None) => vec![a],
            RoyalPlay::Out(a, Some(b)) | RoyalPlay::Between(a, b) => vec![a, b],
            RoyalPlay::Deal => vec![],
        };
        PyTuple::new(py, cards.into_iter().map(PyCard))
    }

    /// True for the deal action.
    #[getter]
    fn is_deal(&self) -> bool {
        self.0 == RoyalPlay::Deal
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("RoyalMove('{}')", self.0)
    }
}

fn royal_play_arg(obj: &Bound<'_, PyAny>) -> PyResult<RoyalPlay> {
    if let Ok(play) = obj.cast::<PyRoyalMove>() {
        return Ok(play.get().0);
    }
    if obj.is_instance_of::<PyString>() {
        return Ok(RoyalPlay::parse(&text(obj, "a move")?)?);
    }
    Err(wrong_type("a move", "a RoyalMove or a str", obj))
}

fn royal_deal_arg(obj: &Bound<'_, PyAny>) -> PyResult<RoyalDeal> {
    Ok(RoyalDeal::new(deal_arg(obj)?)?)
}

/// `modern` or `parlett` (default `modern`), given as a str or as `Rules`
/// without a variant; anything else is refused here, as the game refuses it.
fn royal_rules_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<RuleSet> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(RuleSet::Modern);
    };
    let set = if let Ok(rules) = obj.cast::<PyRules>() {
        let rules = rules.get().0;
        if rules != crate::rules::Rules::new(rules.set) {
            return Err(Error::InvalidRules(format!(
                "Royal Marriage has no variant (two-way, distances): {rules}"
            ))
            .into());
        }
        rules.set
    } else if obj.is_instance_of::<PyString>() {
        text(obj, "rules")?.parse::<RuleSet>()?
    } else {
        return Err(wrong_type("rules", "Rules, a rule-set name or None", obj));
    };
    if !matches!(set, RuleSet::Modern | RuleSet::Parlett) {
        return Err(Error::InvalidRules(format!(
            "Royal Marriage is played under the rules modern or parlett, not {}",
            set.name()
        ))
        .into());
    }
    Ok(set)
}

throw_outcome!(
    PyRoyalOutcome,
    RoyalOutcome,
    "RoyalOutcome",
    "Where a Royal Marriage game stands; ``cards`` counts the cards not thrown out.",
    cards: "Cards not thrown out (row and stock).",
    won: "Only the queen and the king of hearts are left."
);

/// A game of Royal Marriage, open or blind (the deal is then the stock, QH first).
///
/// Args:
///     deal: a Royal Marriage deal (QH first, KH last) or its text.
///     rules: ``modern`` (default) or ``parlett``; they matter in blind play only:
///         ``modern`` lets the player deal while a throw exists, ``parlett`` obliges a
///         throw first.
///     blind: deal as you go from the stock.
///
/// Raises:
///     InvalidDealError: a row that does not start with QH and end with KH.
///     InvalidRulesError: any other rule set.
///
/// Examples:
///     >>> game = RoyalGame("QH 5C 9H 7D 5S KH")
///     >>> [str(move) for move in game.legal_moves]
///     ['out 5C', 'out 9H 7D', 'out 7D 5S']
#[pyclass(name = "RoyalGame", module = "accordion._core")]
#[derive(Clone)]
pub struct PyRoyalGame {
    game: RoyalGame,
}

#[pymethods]
impl PyRoyalGame {
    /// Pickle support: `(deal, rules, blind, history)`; the history is replayed.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py>> {
        let history: Vec<String> = self
            .game
            .history()
            .iter()
            .map(ToString::to_string)
            .collect();
        let state = (
            self.starting_deal(),
            self.game.rules().name(),
            self.game.is_blind(),
            history,
        );
        by_restore(py, "RoyalGame", state.into_pyobject(py)?)
    }

    #[new]
    #[pyo3(signature = (deal, rules = None, *, blind = Flag::FALSE), text_signature = "(deal, rules=None, *, blind=False)")]
    fn py_new(
        deal: &Bound<'_, PyAny>,
        rules: Option<&Bound<'_, PyAny>>,
        blind: Flag,
    ) -> PyResult<Self> {
        let deal = royal_deal_arg(deal)?;
        let rules = royal_rules_arg(rules)?;
        let blind = blind.get()?;
        Ok(PyRoyalGame {
            game: RoyalGame::new(deal, blind, rules)?,
        })
    }

    /// The rule set's name: ``modern`` or ``parlett``.
    #[getter]
    fn rules(&self) -> &'static str {
        self.game.rules().name()
    }

    /// The deal the game started from.
    #[getter]
    fn starting_deal(&self) -> PyDeal {
        PyDeal {
            deal: self.game.deal().as_deal().clone(),
            seed: None,
        }
    }

    /// Whether the game is dealt as it goes.
    #[getter]
    fn blind(&self) -> bool {
        self.game.is_blind()
    }

    /// The throws by position of the first thrown card (one card before two), then ``deal``.
    #[getter]
    fn legal_moves(&self) -> Vec<PyRoyalMove> {
        self.game
            .legal_actions()
            .into_iter()
            .map(|a| PyRoyalMove(self.game.play_of(a)))
            .collect()
    }

    /// The row, left to right.
    #[getter]
    fn cards(&self) -> Vec<PyCard> {
        self.game.cards().iter().map(|&c| PyCard(c)).collect()
    }

    /// The same as :attr:`cards`.
    #[getter]
    fn tops(&self) -> Vec<PyCard> {
        self.cards()
    }

    /// One one-card pile per card, for code written for :class:`Game`.
    #[getter]
    fn piles<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyTuple>>> {
        self.game
            .cards()
            .iter()
            .map(|&c| PyTuple::new(py, [PyCard(c)]))
            .collect()
    }

    /// Cards still to be dealt (0 in an open game).
    #[getter]
    fn stock_size(&self) -> usize {
        self.game.stock().len()
    }

    /// The actions played so far, in canonical notation.
    #[getter]
    fn history(&self) -> Vec<PyRoyalMove> {
        self.game.history().into_iter().map(PyRoyalMove).collect()
    }

    /// Cards left, whether won, whether over, as a :class:`RoyalOutcome`.
    #[getter]
    fn outcome(&self) -> PyRoyalOutcome {
        PyRoyalOutcome(self.game.outcome())
    }

    /// True when no throw and no deal is left.
    #[getter]
    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// Play a throw or ``deal``.
    ///
    /// Args:
    ///     move: a :class:`RoyalMove` or its text.
    ///
    /// Returns:
    ///     The move played, in canonical ``out …`` notation.
    ///
    /// Raises:
    ///     InvalidMoveError: text that is not a move.
    ///     IllegalMoveError: a throw the row does not allow; the message says why.
    #[pyo3(signature = (r#move, /))]
    fn play(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<PyRoyalMove> {
        let action = self.game.action_of(royal_play_arg(r#move)?)?;
        let play = self.game.play_of(action);
        self.game.play(action)?;
        Ok(PyRoyalMove(play))
    }

    /// Deal the next stock card onto the right-hand end.
    ///
    /// Raises:
    ///     IllegalMoveError: an open game, an empty stock, or a throw that ``parlett`` obliges.
    fn deal(&mut self) -> PyResult<PyRoyalMove> {
        self.game.play(RoyalAction::Deal)?;
        Ok(PyRoyalMove(RoyalPlay::Deal))
    }

    /// Take back the last action and return it.
    ///
    /// Raises:
    ///     NoMoveToUndoError: nothing has been played.
    fn undo(&mut self) -> PyResult<PyRoyalMove> {
        let last = self
            .game
            .last_play()
            .ok_or_else(|| NoMoveToUndoError::new_err("undo: no move has been played"))?;
        self.game.undo();
        Ok(PyRoyalMove(last))
    }

    /// The next action of best play; ``None`` when the game is over.
    ///
    /// The exact solver takes microseconds: ``timeout`` is checked as for ``Game.hint``
    /// and never binds.
    #[pyo3(signature = (*, timeout = None))]
    fn hint(&self, timeout: Option<&Bound<'_, PyAny>>) -> PyResult<Option<PyRoyalMove>> {
        budget(None, timeout, None)?;
        Ok(crate::royal::hint(&self.game).map(|a| PyRoyalMove(self.game.play_of(a))))
    }

    /// An independent game in the same position, with the same history.
    fn copy(&self) -> Self {
        self.clone()
    }

    fn __copy__(&self) -> Self {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        self.clone()
    }

    fn __str__(&self) -> String {
        self.game.to_string()
    }

    /// The row (and a blind game's stock) as an SVG picture, drawn by :func:`accordion.svg`.
    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
        picture(slf.as_any())
    }

    fn __repr__(&self) -> String {
        let blind = if self.game.is_blind() {
            ", blind=True"
        } else {
            ""
        };
        format!(
            "RoyalGame('{}', '{}'{blind})",
            self.game.deal(),
            self.game.rules().name()
        )
    }
}

/// What the Royal Marriage solver found for one row (:func:`solve_royal`).
#[pyclass(frozen, name = "RoyalSolution", module = "accordion._core")]
pub struct PyRoyalSolution {
    deal: String,
    verdict: Solution,
}

impl PyRoyalSolution {
    /// The solution pickled by `__reduce__`.
    pub fn from_state(state: &Bound<'_, PyTuple>) -> PyResult<PyRoyalSolution> {
        let (deal, result, moves, (cards, nodes, seconds, cancelled)): (
            String,
            String,
            Vec<String>,
            (usize, u64, f64, bool),
        ) = state.extract().map_err(|_| malformed("RoyalSolution"))?;
        let verdict = Solution {
            verdict: verdict(&result)?,
            moves: moves
                .iter()
                .map(|m| RoyalPlay::parse(m))
                .collect::<Result<_, _>>()?,
            cards,
            nodes,
            elapsed: std::time::Duration::try_from_secs_f64(seconds)
                .map_err(|_| malformed("RoyalSolution"))?,
            cancelled,
        };
        Ok(PyRoyalSolution { deal, verdict })
    }
}

#[pymethods]
impl PyRoyalSolution {
    /// Pickle support: the fields, rebuilt by `_restore`.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py>> {
        let v = &self.verdict;
        let moves: Vec<String> = v.moves.iter().map(ToString::to_string).collect();
        let figures = (v.cards, v.nodes, v.elapsed.as_secs_f64(), v.cancelled);
        let state = (&self.deal, v.verdict.name(), moves, figures);
        by_restore(py, "RoyalSolution", state.into_pyobject(py)?)
    }

    /// The row solved, left to right.
    #[getter]
    fn deal(&self) -> &str {
        &self.deal
    }

    /// ``win``, ``loss`` (proved) or ``unknown`` (a budget ran out).
    #[getter]
    fn result(&self) -> &'static str {
        self.verdict.verdict.name()
    }

    /// A winning line, or a line to the fewest cards (or the greedy line if ``unknown``).
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.verdict.moves.iter().map(|&p| PyRoyalMove(p)))
    }

    /// Cards left at the end of :attr:`moves`: 2 for a win.
    #[getter]
    fn cards(&self) -> usize {
        self.verdict.cards
    }

    /// The same as :attr:`cards`: 2 for a win.
    #[getter]
    fn piles(&self) -> usize {
        self.verdict.cards
    }

    /// Intervals examined by the interval solver.
    #[getter]
    fn nodes(&self) -> u64 {
        self.verdict.nodes
    }

    /// Wall-clock seconds the search took.
    #[getter]
    fn seconds(&self) -> f64 {
        self.verdict.elapsed.as_secs_f64()
    }

    /// The JSON object of docs/contract.md, plus ``game`` and ``cards``.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("game", "royal-marriage")?;
        dict.set_item("deal", &self.deal)?;
        dict.set_item("result", self.result())?;
        let moves: Vec<String> = self.verdict.moves.iter().map(ToString::to_string).collect();
        dict.set_item("moves", moves)?;
        dict.set_item("piles", self.verdict.cards)?;
        dict.set_item("cards", self.verdict.cards)?;
        dict.set_item("nodes", self.verdict.nodes)?;
        dict.set_item("seconds", self.seconds())?;
        Ok(dict)
    }

    fn __repr__(&self) -> String {
        format!(
            "<RoyalSolution {} cards={} moves={}>",
            self.result(),
            self.verdict.cards,
            self.verdict.moves.len()
        )
    }
}

/// Numbered Royal Marriage deal: QH, the first ``cards - 2`` other cards of
/// ``Deal.from_seed(seed)`` (QH and KH skipped), KH.
///
/// Raises:
///     InvalidArgumentError: ``seed`` out of range or ``cards`` outside 2 to 52.
#[pyfunction]
#[pyo3(signature = (seed, cards = None))]
fn royal_deal(seed: &Bound<'_, PyAny>, cards: Option<&Bound<'_, PyAny>>) -> PyResult<PyDeal> {
    let number = seed_arg(seed)?;
    let cards = card_count(cards, 2)?;
    Ok(PyDeal {
        deal: RoyalDeal::from_seed(number, cards)?.as_deal().clone(),
        seed: None,
    })
}

/// Solve an open Royal Marriage row (or a game's current row) exactly.
///
/// The arguments of :func:`solve`, checked alike: ``rules`` ``modern`` or ``parlett``
/// (the same for an open row); ``memory`` is checked but the interval solver needs no
/// table. Releases the GIL; Ctrl-C stops it.
///
/// Returns:
///     A :class:`RoyalSolution`.
///
/// Raises:
///     InvalidDealError: a row that is not a Royal Marriage deal.
///     InvalidArgumentError: a budget out of range.
#[pyfunction]
#[pyo3(signature = (position, *, rules = None, max_nodes = None, timeout = None, memory = None))]
fn solve_royal(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    max_nodes: Option<&Bound<'_, PyAny>>,
    timeout: Option<&Bound<'_, PyAny>>,
    memory: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyRoyalSolution> {
    let cards = if let Ok(game) = position.cast::<PyRoyalGame>() {
        game.borrow().game.cards().to_vec()
    } else if position.is_instance_of::<PyDeal>() || position.is_instance_of::<PyString>() {
        royal_deal_arg(position)?.cards().to_vec()
    } else {
        return Err(wrong_type(
            "position",
            "a Deal, a RoyalGame or a str",
            position,
        ));
    };
    royal_rules_arg(rules)?;
    let budget = budget(max_nodes, timeout, memory)?;
    if cards.is_empty() {
        return Err(Error::InvalidDeal("nothing to solve: the row is empty".into()).into());
    }
    let verdict = run_interruptible(py, |cancel| {
        solve(&cards, &budget.clone().with_cancel(cancel.clone()))
    })?;
    let deal = cards
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ");
    Ok(PyRoyalSolution { deal, verdict })
}

/// Totals of :func:`simulate_royal`: the attributes of :class:`Stats` (piles = cards
/// left, a win is the royal pair alone), without ``grades``.
#[pyclass(frozen, name = "RoyalStats", module = "accordion._core")]
pub struct PyRoyalStats(RoyalStats);

impl PyRoyalStats {
    /// The statistics pickled by `__reduce__`.
    pub fn from_state(state: &Bound<'_, PyTuple>) -> PyResult<PyRoyalStats> {
        type SetupState = (usize, bool, String, String);
        type Figures = (u64, u64, u64, Vec<u64>, f64, (f64, f64));
        let ((cards, blind, rules, strategy), figures, seconds, cancelled): (
            SetupState,
            Figures,
            f64,
            bool,
        ) = state.extract().map_err(|_| malformed("RoyalStats"))?;
        let (seed, deals, wins, histogram, mean_piles, ci95) = figures;
        Ok(PyRoyalStats(RoyalStats {
            setup: Setup {
                cards,
                blind,
                rules: rules.parse()?,
                strategy: strategy.parse()?,
            },
            seed,
            deals,
            wins,
            histogram: histogram.try_into().map_err(|_| malformed("RoyalStats"))?,
            mean_piles,
            ci95,
            seconds,
            cancelled,
        }))
    }
}

#[pymethods]
impl PyRoyalStats {
    /// Pickle support: the setup and the figures, rebuilt by `_restore`.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py>> {
        let s = &self.0;
        let setup = (
            s.setup.cards,
            s.setup.blind,
            s.setup.rules.name(),
            s.setup.strategy.name(),
        );
        let figures = (
            s.seed,
            s.deals,
            s.wins,
            s.histogram.to_vec(),
            s.mean_piles,
            s.ci95,
        );
        let state = (setup, figures, s.seconds, s.cancelled);
        by_restore(py, "RoyalStats", state.into_pyobject(py)?)
    }

    /// The rule set played: ``modern`` or ``parlett``.
    #[getter]
    fn rules(&self) -> &'static str {
        self.0.setup.rules.name()
    }

    /// The strategy that chose the throws: ``greedy`` or ``best``.
    #[getter]
    fn strategy(&self) -> &'static str {
        self.0.setup.strategy.name()
    }

    /// Whether the deals were dealt as they went.
    #[getter]
    fn blind(&self) -> bool {
        self.0.setup.blind
    }

    /// Cards per deal.
    #[getter]
    fn cards(&self) -> usize {
        self.0.setup.cards
    }

    /// Deals played.
    #[getter]
    fn deals(&self) -> u64 {
        self.0.deals
    }

    /// The first deal's number (the deals are ``seed … seed+deals-1``).
    #[getter]
    fn seed(&self) -> u64 {
        self.0.seed
    }

    /// Deals won (only the royal pair left).
    #[getter]
    fn wins(&self) -> u64 {
        self.0.wins
    }

    /// ``wins / deals``.
    #[getter]
    fn win_rate(&self) -> f64 {
        self.0.win_rate()
    }

    /// The 95% Wilson score interval of the win rate.
    #[getter]
    fn ci95(&self) -> (f64, f64) {
        self.0.ci95
    }

    /// Mean cards left.
    #[getter]
    fn mean_piles(&self) -> f64 {
        self.0.mean_piles
    }

    /// Deprecated (``DeprecationWarning``): :attr:`mean_piles`.
    #[getter]
    fn mean_cards(&self, py: Python<'_>) -> PyResult<f64> {
        PyErr::warn(
            py,
            &py.get_type::<PyDeprecationWarning>(),
            c"RoyalStats.mean_cards is deprecated: use mean_piles (the same number)",
            1,
        )?;
        Ok(self.0.mean_piles)
    }

    /// Cards left → games, increasing, only the counts that occurred.
    #[getter]
    fn histogram<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        histogram_dict(py, &self.0.histogram, false)
    }

    /// Wall-clock seconds the simulation took.
    #[getter]
    fn seconds(&self) -> f64 {
        self.0.seconds
    }

    /// The ``stats`` JSON object of docs/contract.md (piles = cards), as ``Stats.to_dict``
    /// writes it (``mode``, ``cards`` …), with ``game`` besides.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let setup = &self.0.setup;
        let dict = PyDict::new(py);
        dict.set_item("game", "royal-marriage")?;
        let figures = stats_dict(
            py,
            &self.0,
            self.rules(),
            self.strategy(),
            setup.blind,
            setup.cards,
        )?;
        dict.update(figures.as_mapping())?;
        Ok(dict)
    }

    fn __repr__(&self) -> String {
        stats_repr(
            "RoyalStats",
            &self.0,
            self.rules(),
            self.strategy(),
            self.0.setup.blind,
        )
    }
}

/// Play numbered Royal Marriage deals ``seed … seed+deals-1``.
///
/// The arguments of :func:`simulate`; ``strategy`` is ``greedy`` (default) or
/// ``best``, ``blind`` defaults to False, ``cards`` is 2 to 52. Deterministic for a
/// seed whatever ``jobs`` is; releases the GIL; Ctrl-C stops it, from any thread.
/// ``simulate_royal(deals, ...)``, the old signature, still works with a
/// ``DeprecationWarning``.
///
/// Returns:
///     A :class:`RoyalStats`.
///
/// Raises:
///     InvalidArgumentError: a count, seed or ``jobs`` out of range.
///     InvalidRulesError: an unknown rule set or strategy.
#[pyfunction]
#[pyo3(signature = (*args, deals = None, rules = None, strategy = None, seed = None, cards = None, blind = None, jobs = None, progress = None))]
#[allow(clippy::too_many_arguments)]
fn simulate_royal(
    py: Python<'_>,
    args: &Bound<'_, PyTuple>,
    deals: Option<&Bound<'_, PyAny>>,
    rules: Option<&Bound<'_, PyAny>>,
    strategy: Option<&Bound<'_, PyAny>>,
    seed: Option<&Bound<'_, PyAny>>,
    cards: Option<&Bound<'_, PyAny>>,
    blind: Option<&Bound<'_, PyAny>>,
    jobs: Option<&Bound<'_, PyAny>>,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyRoyalStats> {
    let positional = args.get_item(0).ok();
    let deals = match (args.len(), positional.as_ref(), deals) {
        (0, _, Some(deals)) => deals.clone(),
        (1, Some(deals), None) => {
            PyErr::warn(
                py,
                &py.get_type::<PyDeprecationWarning>(),
                c"simulate_royal(deals, ...) is deprecated: pass deals=... by keyword, as simulate takes it",
                1,
            )?;
            deals.clone()
        }
        (0, _, None) => {
            return Err(pyo3::exceptions::PyTypeError::new_err(
                "simulate_royal() missing required keyword argument: 'deals'",
            ))
        }
        _ => {
            return Err(pyo3::exceptions::PyTypeError::new_err(
                "simulate_royal() takes keyword arguments only (deals=..., seed=..., ...)",
            ))
        }
    };
    // Checked in signature order.
    let deals: u64 = super::args::whole(&deals, "deals", "1 to 2**64 - 1")?;
    let rules = royal_rules_arg(rules)?;
    let strategy = optional_text(strategy, "strategy")?
        .map_or(Ok(Strategy::Greedy), |name| name.parse::<Strategy>())?;
    let seed: u64 = optional_whole(seed, "seed", SEED_RANGE)?.unwrap_or(1);
    let setup = Setup {
        cards: card_count(cards, 2)?,
        blind: flag(blind, "blind")?.unwrap_or(false),
        rules,
        strategy,
    };
    let jobs = jobs_arg(jobs)?;
    let stats = run_simulation(
        py,
        progress,
        |cancel, report| {
            simulate(
                &setup,
                seed,
                deals,
                jobs,
                Some(cancel.as_ref()),
                Some(report),
            )
        },
        |stats| stats.deals,
    )?;
    Ok(PyRoyalStats(stats))
}
