//! Bayan (PySolFC's game 656): `BayanMove`, `BayanOutcome`, `BayanGame`,
//! `BayanSolution`, and the function `solve_bayan`.

use super::args::{text, wrong_type, Flag, Seconds};
use super::errors::NoMoveToUndoError;
use super::interrupt::run_interruptible;
use super::pickle::{by_method, by_restore, malformed, verdict, Reduced};
use super::solver::budget;
use super::throws::throw_outcome;
use super::values::{deal_arg, picture, py_bool, PyCard, PyDeal, PyRules};
use crate::bayan::solver::{solve, Solution};
use crate::bayan::{BayanAction, BayanGame, BayanOutcome, BayanPlay};
use crate::budget::Budget;
use crate::error::Error;
use crate::rules::RuleSet;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};

/// The default time limit of `BayanGame.hint`, as for `Game.hint`.
const HINT_SECONDS: Option<f64> = Some(2.0);

/// Add the Bayan classes and functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyBayanMove>()?;
    m.add_class::<PyBayanOutcome>()?;
    m.add_class::<PyBayanGame>()?;
    m.add_class::<PyBayanSolution>()?;
    m.add_function(wrap_pyfunction!(solve_bayan, m)?)?;
    Ok(())
}

/// A Bayan throw named by its two cards (``out 5D 9D``), or ``deal``.
/// ``BayanMove(text)`` parses; ``str`` round-trips.
///
/// Raises:
///     InvalidMoveError: text that is not a Bayan move.
///     TypeError: ``text`` is not a ``str``.
///
/// Examples:
///     >>> move = BayanMove("x9D,5D")
///     >>> str(move), move.kind, move.cards
///     ('out 9D 5D', 'out', (Card('9D'), Card('5D')))
#[pyclass(frozen, eq, hash, name = "BayanMove", module = "accordion._core")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyBayanMove(pub BayanPlay);

#[pymethods]
impl PyBayanMove {
    /// Pickle support: rebuilt by `BayanMove.parse` from the notation.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduced<'py>> {
        let args = PyTuple::new(slf.py(), [slf.get().0.to_string()])?;
        by_method(slf, "parse", args)
    }

    #[new]
    fn py_new(text: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyBayanMove(BayanPlay::parse(&super::args::text(
            text, "a move",
        )?)?))
    }

    /// Parse ``out 5D 9D``, ``5D 9D out``, ``x5D,9D``, ``5D 9D`` or ``deal``.
    ///
    /// Raises:
    ///     InvalidMoveError: anything else, or one card named twice.
    ///     TypeError: ``text`` is not a ``str``.
    #[staticmethod]
    fn parse(text: &Bound<'_, PyAny>) -> PyResult<Self> {
        Self::py_new(text)
    }

    /// The action of dealing the next talon card (blind games).
    #[staticmethod]
    fn deal() -> Self {
        PyBayanMove(BayanPlay::Deal)
    }

    /// ``"out"`` or ``"deal"``.
    #[getter]
    fn kind(&self) -> &'static str {
        match self.0 {
            BayanPlay::Out(..) => "out",
            BayanPlay::Deal => "deal",
        }
    }

    /// The two cards thrown out, as written, or none for ``deal``.
    #[getter]
    fn cards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let cards = match self.0 {
            BayanPlay::Out(a, b) => vec![a, b],
            BayanPlay::Deal => vec![],
        };
        PyTuple::new(py, cards.into_iter().map(PyCard))
    }

    /// True for the deal action.
    #[getter]
    fn is_deal(&self) -> bool {
        self.0 == BayanPlay::Deal
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("BayanMove('{}')", self.0)
    }
}

fn bayan_play_arg(obj: &Bound<'_, PyAny>) -> PyResult<BayanPlay> {
    if let Ok(play) = obj.cast::<PyBayanMove>() {
        return Ok(play.get().0);
    }
    if obj.is_instance_of::<PyString>() {
        return Ok(BayanPlay::parse(&text(obj, "a move")?)?);
    }
    Err(wrong_type("a move", "a BayanMove or a str", obj))
}

/// Bayan has PySolFC's one rule set, ``modern`` (deal whenever you like), given
/// as a str, as `Rules` without a variant, or `None`; anything else is refused.
fn bayan_rules_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(());
    };
    let set = if let Ok(rules) = obj.cast::<PyRules>() {
        let rules = rules.get().0;
        if rules != crate::rules::Rules::new(rules.set) {
            return Err(Error::InvalidRules(format!(
                "Bayan has no variant (two-way, distances, win piles, goal): {rules}"
            ))
            .into());
        }
        rules.set
    } else if obj.is_instance_of::<PyString>() {
        text(obj, "rules")?.parse::<RuleSet>()?
    } else {
        return Err(wrong_type("rules", "Rules, a rule-set name or None", obj));
    };
    if set != RuleSet::Modern {
        return Err(Error::InvalidRules(format!(
            "Bayan is played under PySolFC's rules, modern (deal whenever you like), not {}",
            set.name()
        ))
        .into());
    }
    Ok(())
}

throw_outcome!(
    PyBayanOutcome,
    BayanOutcome,
    "BayanOutcome",
    "Where a Bayan game stands; ``cards`` counts the cards not thrown out.",
    cards: "Cards not thrown out (row and talon).",
    won: "Every card is out."
);

/// A game of Bayan (PySolFC's game 656), open or blind.
///
/// Two cards 1 or 3 places apart that agree (suit or rank) are thrown out together
/// and the row closes up; the game is won when every card is out. Blind play is
/// PySolFC's without "deal all cards": three cards laid out, the rest dealt one at
/// a time onto the end of the row whenever the player likes.
///
/// Args:
///     deal: any row of distinct cards (a ``Deal`` or its text), e.g.
///         ``Deal.from_pysol(n, "bayan")``.
///     rules: ``modern`` (default, PySolFC's rules) or ``None``; nothing else.
///     blind: deal as you go from the talon.
///
/// Raises:
///     InvalidDealError: text that is not a row.
///     InvalidRulesError: any other rule set, or a variant.
///
/// Examples:
///     >>> game = BayanGame("5C 9H 2D 5S 9D 2H")
///     >>> [str(move) for move in game.legal_moves]
///     ['out 5C 5S', 'out 9H 9D', 'out 2D 2H']
#[pyclass(name = "BayanGame", module = "accordion._core")]
#[derive(Clone)]
pub struct PyBayanGame {
    game: BayanGame,
}

#[pymethods]
impl PyBayanGame {
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
            "modern",
            self.game.is_blind(),
            history,
        );
        by_restore(py, "BayanGame", state.into_pyobject(py)?)
    }

    #[new]
    #[pyo3(signature = (deal, rules = None, *, blind = Flag::FALSE), text_signature = "(deal, rules=None, *, blind=False)")]
    fn py_new(
        deal: &Bound<'_, PyAny>,
        rules: Option<&Bound<'_, PyAny>>,
        blind: Flag,
    ) -> PyResult<Self> {
        let deal = deal_arg(deal)?;
        bayan_rules_arg(rules)?;
        let blind = blind.get()?;
        Ok(PyBayanGame {
            game: BayanGame::new(deal, blind),
        })
    }

    /// The rule set's name: always ``modern``.
    #[getter]
    fn rules(&self) -> &'static str {
        "modern"
    }

    /// The deal the game started from.
    #[getter]
    fn starting_deal(&self) -> PyDeal {
        PyDeal {
            deal: self.game.deal().clone(),
            seed: None,
        }
    }

    /// Whether the game is dealt as it goes.
    #[getter]
    fn blind(&self) -> bool {
        self.game.is_blind()
    }

    /// The throws by position of the left card (its nearer partner first), then ``deal``.
    #[getter]
    fn legal_moves(&self) -> Vec<PyBayanMove> {
        self.game
            .legal_actions()
            .into_iter()
            .map(|a| PyBayanMove(self.game.play_of(a)))
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

    /// Cards still in the talon (0 in an open game).
    #[getter]
    fn stock_size(&self) -> usize {
        self.game.stock().len()
    }

    /// The actions played so far, in canonical notation.
    #[getter]
    fn history(&self) -> Vec<PyBayanMove> {
        self.game.history().into_iter().map(PyBayanMove).collect()
    }

    /// Cards left, whether won, whether over, as a :class:`BayanOutcome`.
    #[getter]
    fn outcome(&self) -> PyBayanOutcome {
        PyBayanOutcome(self.game.outcome())
    }

    /// True when no throw and no deal is left.
    #[getter]
    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// Throw a pair out, or ``deal``.
    ///
    /// Args:
    ///     move: a :class:`BayanMove` or its text (the two cards in either order).
    ///
    /// Returns:
    ///     The move played, in canonical notation (the cards left to right).
    ///
    /// Raises:
    ///     InvalidMoveError: text that is not a move.
    ///     IllegalMoveError: a pair the row does not allow; the message says why.
    #[pyo3(signature = (r#move, /))]
    fn play(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<PyBayanMove> {
        let action = self.game.action_of(bayan_play_arg(r#move)?)?;
        let play = self.game.play_of(action);
        self.game.play(action)?;
        Ok(PyBayanMove(play))
    }

    /// Deal the next talon card onto the right-hand end.
    ///
    /// Raises:
    ///     IllegalMoveError: an open game or an empty talon.
    fn deal(&mut self) -> PyResult<PyBayanMove> {
        self.game.play(BayanAction::Deal)?;
        Ok(PyBayanMove(BayanPlay::Deal))
    }

    /// Take back the last action and return it.
    ///
    /// Raises:
    ///     NoMoveToUndoError: nothing has been played.
    fn undo(&mut self) -> PyResult<PyBayanMove> {
        let last = self
            .game
            .history()
            .last()
            .copied()
            .ok_or_else(|| NoMoveToUndoError::new_err("undo: no move has been played"))?;
        self.game.undo();
        Ok(PyBayanMove(last))
    }

    /// The next action of best play; ``None`` when the game is over (or when
    /// ``timeout`` ran out before the solver found any line).
    ///
    /// ``deal`` while the talon has cards (dealing never takes a throw away), then the
    /// first throw of the exact solver's line. Releases the GIL; Ctrl-C stops it.
    ///
    /// Raises:
    ///     InvalidArgumentError: ``timeout`` not positive.
    #[pyo3(signature = (*, timeout = Seconds(HINT_SECONDS)))]
    fn hint(&self, py: Python<'_>, timeout: Seconds) -> PyResult<Option<PyBayanMove>> {
        let budget = Budget::new(None, timeout.0, None)?;
        let game = &self.game;
        let action = run_interruptible(py, |cancel| {
            crate::bayan::hint(game, &budget.clone().with_cancel(cancel.clone()))
        })?;
        Ok(action.map(|a| PyBayanMove(self.game.play_of(a))))
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

    /// The row (and a blind game's talon) as an SVG picture, drawn by :func:`accordion.svg`.
    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
        picture(slf.as_any())
    }

    fn __repr__(&self) -> String {
        let blind = if self.game.is_blind() {
            ", blind=True"
        } else {
            ""
        };
        format!("BayanGame('{}'{blind})", self.game.deal())
    }
}

/// What the Bayan solver found for one row (:func:`solve_bayan`).
#[pyclass(frozen, name = "BayanSolution", module = "accordion._core")]
pub struct PyBayanSolution {
    deal: String,
    verdict: Solution,
}

impl PyBayanSolution {
    /// The solution pickled by `__reduce__`.
    pub fn from_state(state: &Bound<'_, PyTuple>) -> PyResult<PyBayanSolution> {
        let (deal, result, moves, (cards, nodes, seconds, cancelled)): (
            String,
            String,
            Vec<String>,
            (usize, u64, f64, bool),
        ) = state.extract().map_err(|_| malformed("BayanSolution"))?;
        let verdict = Solution {
            verdict: verdict(&result)?,
            moves: moves
                .iter()
                .map(|m| BayanPlay::parse(m))
                .collect::<Result<_, _>>()?,
            cards,
            nodes,
            elapsed: std::time::Duration::try_from_secs_f64(seconds)
                .map_err(|_| malformed("BayanSolution"))?,
            cancelled,
        };
        Ok(PyBayanSolution { deal, verdict })
    }
}

#[pymethods]
impl PyBayanSolution {
    /// Pickle support: the fields, rebuilt by `_restore`.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py>> {
        let v = &self.verdict;
        let moves: Vec<String> = v.moves.iter().map(ToString::to_string).collect();
        let figures = (v.cards, v.nodes, v.elapsed.as_secs_f64(), v.cancelled);
        let state = (&self.deal, v.verdict.name(), moves, figures);
        by_restore(py, "BayanSolution", state.into_pyobject(py)?)
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

    /// A winning line, or a line to the fewest cards (if ``unknown``: the line that
    /// left the fewest cards before the budget ran out).
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.verdict.moves.iter().map(|&p| PyBayanMove(p)))
    }

    /// Cards left at the end of :attr:`moves`: 0 for a win.
    #[getter]
    fn cards(&self) -> usize {
        self.verdict.cards
    }

    /// The same as :attr:`cards`: 0 for a win.
    #[getter]
    fn piles(&self) -> usize {
        self.verdict.cards
    }

    /// Positions the solver expanded.
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
        dict.set_item("game", "bayan")?;
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
            "<BayanSolution {} cards={} moves={}>",
            self.result(),
            self.verdict.cards,
            self.verdict.moves.len()
        )
    }
}

/// Solve an open Bayan row (or a blind game's whole deal, or an open game's
/// current row) exactly: can every card be thrown out?
///
/// The arguments of :func:`solve`, checked alike; ``rules`` must be ``modern`` (or
/// ``None``). A blind game is solved from its row with the talon dealt onto it
/// (dealing everything first loses nothing). Releases the GIL; Ctrl-C stops it.
///
/// Returns:
///     A :class:`BayanSolution`.
///
/// Raises:
///     InvalidDealError: text that is not a row, or an empty row.
///     InvalidRulesError: rules other than ``modern``.
///     InvalidArgumentError: a budget out of range.
#[pyfunction]
#[pyo3(signature = (position, *, rules = None, max_nodes = None, timeout = None, memory = None))]
fn solve_bayan(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    max_nodes: Option<&Bound<'_, PyAny>>,
    timeout: Option<&Bound<'_, PyAny>>,
    memory: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyBayanSolution> {
    let cards = if let Ok(game) = position.cast::<PyBayanGame>() {
        let game = &game.borrow().game;
        let mut cards = game.cards().to_vec();
        cards.extend_from_slice(game.stock());
        cards
    } else if position.is_instance_of::<PyDeal>() || position.is_instance_of::<PyString>() {
        deal_arg(position)?.cards().to_vec()
    } else {
        return Err(wrong_type(
            "position",
            "a Deal, a BayanGame or a str",
            position,
        ));
    };
    bayan_rules_arg(rules)?;
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
    Ok(PyBayanSolution { deal, verdict })
}
