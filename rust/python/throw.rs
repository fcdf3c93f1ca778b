//! The games of throwing cards out of a row (`crate::throw_game`), bound once.
//!
//! PyO3 classes cannot be generic, so [`throw_game!`] writes the four classes of
//! a game (its move, outcome, game and solution) and its `solve_…` function from
//! the game's [`Throwing`] type, the class names and the docstrings. Everything
//! the classes do is written here once: the bodies are generic functions over
//! `G: Throwing`, the macro only names them. The docstrings are arguments, so
//! they read as prose in the invocation and `help()` shows each game's words;
//! `python/accordion/_core.pyi` states the same classes once as generic bases
//! (`_ThrowMove`, `_ThrowGame`, …) and each game's docstrings in its subclasses.
//!
//! Binding a new throw game is one invocation (see `royal.rs`, `bayan.rs`),
//! its `register` call in `mod.rs`, and its classes in `_core.pyi`.

use super::args::{shown, text, whole, wrong_type};
use super::errors::NoMoveToUndoError;
use super::interrupt::run_interruptible;
use super::pickle::{malformed, verdict};
use super::values::{deal_arg, PyDeal, PyRules};
use crate::budget::Budget;
use crate::error::Error;
use crate::rules::{RuleSet, Rules};
use crate::throw_game::{Solution, ThrowGame, ThrowPlay, Throwing};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};
use std::time::Duration;

/// The default time limit of every game's `hint`, as for `Game.hint`.
pub const HINT_SECONDS: Option<f64> = Some(2.0);

/// A deal of `G` from a `Deal` or its text, checked by the game.
pub fn deal_of<G: Throwing>(obj: &Bound<'_, PyAny>) -> PyResult<G::Deal> {
    Ok(G::deal_of(deal_arg(obj)?)?)
}

/// One of the rule sets of `G` (default: its first), given as a str, as `Rules`
/// without a variant, or `None`; anything else is refused, naming the game.
pub fn rules_of<G: Throwing>(obj: Option<&Bound<'_, PyAny>>) -> PyResult<G> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(G::with_rules(G::RULE_SETS[0]));
    };
    let set = if let Ok(rules) = obj.cast::<PyRules>() {
        let rules = rules.get().0;
        if rules != Rules::new(rules.set) {
            return Err(Error::InvalidRules(format!(
                "{} has no variant (two-way, distances, win piles, goal): {rules}",
                G::TITLE
            ))
            .into());
        }
        rules.set
    } else if obj.is_instance_of::<PyString>() {
        text(obj, "rules")?.parse::<RuleSet>()?
    } else {
        return Err(wrong_type("rules", "Rules, a rule-set name or None", obj));
    };
    Ok(crate::throw_game::rule_set_of(set)?)
}

/// A new game of `G` from the constructor's arguments, checked in signature order.
pub fn new_game<G: Throwing>(
    deal: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    blind: super::args::Flag,
) -> PyResult<ThrowGame<G>> {
    let deal = deal_of::<G>(deal)?;
    let rules = rules_of::<G>(rules)?;
    Ok(ThrowGame::open_or_blind(deal, rules, blind.get()?))
}

/// The game's deal, rules, mode and history: what pickling replays.
pub fn game_state<G: Throwing>(game: &ThrowGame<G>) -> (PyDeal, &'static str, bool, Vec<String>) {
    let deal = PyDeal {
        deal: G::as_deal(game.deal()).clone(),
        seed: None,
    };
    let history = game.history().iter().map(ToString::to_string).collect();
    (
        deal,
        game.game_rules().rules().name(),
        game.is_blind(),
        history,
    )
}

/// `RoyalGame('QH … KH', 'parlett', blind=True)`; the rules only for a game with more than one.
pub fn game_repr<G: Throwing>(class: &str, game: &ThrowGame<G>) -> String {
    let rules = if G::RULE_SETS.len() > 1 {
        format!(", '{}'", game.game_rules().rules().name())
    } else {
        String::new()
    };
    let blind = if game.is_blind() { ", blind=True" } else { "" };
    format!("{class}('{}'{rules}{blind})", game.deal())
}

/// Take back the last action, returning it.
pub fn undo<G: Throwing>(game: &mut ThrowGame<G>) -> PyResult<G::Play> {
    let last = game
        .last_play()
        .ok_or_else(|| NoMoveToUndoError::new_err("undo: no move has been played"))?;
    game.undo();
    Ok(last)
}

/// The next action of best play within `timeout`, GIL released, Ctrl-C honoured.
pub fn hint<G: Throwing>(
    py: Python<'_>,
    game: &ThrowGame<G>,
    timeout: Option<f64>,
) -> PyResult<Option<G::Play>> {
    let budget = Budget::new(None, timeout, None)?;
    let action = run_interruptible(py, |cancel| {
        game.hint(&budget.clone().with_cancel(cancel.clone()))
    })?;
    Ok(action.map(|a| game.play_of(a)))
}

/// Whether `play` names a legal action of `game` now.
pub fn is_legal<G: Throwing>(game: &ThrowGame<G>, play: G::Play) -> bool {
    game.action_of(play)
        .is_ok_and(|action| game.legal_actions().contains(&action))
}

/// The legal actions of `game`, by cards.
pub fn legal_plays<G: Throwing>(game: &ThrowGame<G>) -> Vec<G::Play> {
    game.legal_actions()
        .into_iter()
        .map(|a| game.play_of(a))
        .collect()
}

/// The game whose position a `solve_…` argument names: a game of `G`
/// (`game`, already found) or a deal's row, open.
pub fn position_of<G: Throwing>(
    game: Option<ThrowGame<G>>,
    position: &Bound<'_, PyAny>,
    game_class: &str,
) -> PyResult<ThrowGame<G>> {
    if let Some(game) = game {
        return Ok(game);
    }
    if position.is_instance_of::<PyDeal>() || position.is_instance_of::<PyString>() {
        let rules = G::with_rules(G::RULE_SETS[0]);
        return Ok(ThrowGame::open_or_blind(
            deal_of::<G>(position)?,
            rules,
            false,
        ));
    }
    let wanted = format!("a Deal, a {game_class} or a str");
    Err(wrong_type("position", &wanted, position))
}

/// Solve a position ([`ThrowGame::solve`]: a blind game's stock is dealt first
/// where the rules allow it), GIL released, Ctrl-C honoured; the cards solved.
pub fn solve_position<G: Throwing>(
    py: Python<'_>,
    game: &ThrowGame<G>,
    budget: &Budget,
) -> PyResult<(String, Solution<G::Play>)> {
    let cards = game.cards_left();
    if cards.is_empty() {
        return Err(Error::InvalidDeal("nothing to solve: the row is empty".into()).into());
    }
    let solution = run_interruptible(py, |cancel| {
        game.solve(&budget.clone().with_cancel(cancel.clone()))
    })?;
    let deal = cards
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ");
    Ok((deal, solution))
}

/// The JSON object of docs/contract.md for a solution, plus `game` and `cards`.
pub fn solution_dict<'py, G: Throwing>(
    py: Python<'py>,
    deal: &str,
    solution: &Solution<G::Play>,
) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("game", G::NAME)?;
    dict.set_item("deal", deal)?;
    dict.set_item("result", solution.verdict.name())?;
    let moves: Vec<String> = solution.moves.iter().map(ToString::to_string).collect();
    dict.set_item("moves", moves)?;
    dict.set_item("piles", solution.cards)?;
    dict.set_item("cards", solution.cards)?;
    dict.set_item("nodes", solution.nodes)?;
    dict.set_item("seconds", solution.elapsed.as_secs_f64())?;
    Ok(dict)
}

/// The solution whose `to_dict` is `data` (read back from JSON; pickling).
pub fn solution_from_dict<G: Throwing>(
    data: &Bound<'_, PyDict>,
) -> PyResult<(String, Solution<G::Play>)> {
    let field = |key: &'static str| -> PyResult<Bound<'_, PyAny>> {
        data.get_item(key)?.ok_or_else(|| {
            Error::InvalidArgument {
                argument: "data",
                message: format!("a solution's dict needs the key {key:?}"),
            }
            .into()
        })
    };
    let row = deal_arg(&field("deal")?)?;
    let given = field("result")?;
    let result = ["win", "loss", "unknown"]
        .into_iter()
        .find(|&name| given.eq(name).unwrap_or(false))
        .ok_or_else(|| Error::argument("result", "win, loss or unknown", shown(&given)))?;
    let moves = field("moves")?
        .try_iter()?
        .map(|m| Ok(G::Play::parse(&text(&m?, "a move")?)?))
        .collect::<PyResult<Vec<G::Play>>>()?;
    let expected = format!("0 to {} cards (the cards of the deal)", row.len());
    let cards: usize = whole(&field("cards")?, "cards", &expected)?;
    if cards > row.len() {
        return Err(Error::argument("cards", &expected, cards).into());
    }
    let seconds: f64 = field("seconds")?.extract()?;
    let elapsed = Duration::try_from_secs_f64(seconds)
        .map_err(|_| Error::argument("seconds", "a finite number 0 or more", seconds))?;
    let solution = Solution {
        verdict: verdict(result)?,
        moves,
        cards,
        nodes: whole(&field("nodes")?, "nodes", "a number of nodes 0 or more")?,
        elapsed,
        cancelled: false,
    };
    Ok((row.to_string(), solution))
}

/// A solution pickled by an earlier version, through `_restore`:
/// `(deal, result, moves, (cards, nodes, seconds, cancelled))`.
pub fn solution_from_state<G: Throwing>(
    kind: &str,
    state: &Bound<'_, PyTuple>,
) -> PyResult<(String, Solution<G::Play>)> {
    let (deal, result, moves, (cards, nodes, seconds, cancelled)): (
        String,
        String,
        Vec<String>,
        (usize, u64, f64, bool),
    ) = state.extract().map_err(|_| malformed(kind))?;
    let solution = Solution {
        verdict: verdict(&result)?,
        moves: moves
            .iter()
            .map(|m| G::Play::parse(m))
            .collect::<Result<_, _>>()?,
        cards,
        nodes,
        elapsed: Duration::try_from_secs_f64(seconds).map_err(|_| malformed(kind))?,
        cancelled,
    };
    Ok((deal, solution))
}

/// The classes of one throw game and its `solve_…` function; see the module
/// documentation. Each `doc` is the docstring of the item it follows; the
/// shared members' docstrings are written once, here. The items are written
/// into a module `classes` of the invoking module.
macro_rules! throw_game {
    (
        game: $G:ty,
        move: $Move:ident $move_name:literal {
            doc: $move_doc:expr,
            parse: $parse_doc:expr,
            kind: $kind_doc:expr,
            cards: $cards_doc:expr $(,)?
        },
        outcome: $Outcome:ident $outcome_name:literal {
            doc: $outcome_doc:expr,
            won: $won_doc:expr $(,)?
        },
        game_class: $Game:ident $game_name:literal {
            doc: $game_doc:expr,
            rules: $rules_doc:expr,
            legal_moves: $legal_doc:expr,
            play: $play_doc:expr,
            deal: $deal_doc:expr $(,)?
        },
        solution: $Solution:ident $solution_name:literal {
            doc: $solution_doc:expr,
            moves: $moves_doc:expr,
            cards: $solution_cards_doc:expr,
            nodes: $nodes_doc:expr $(,)?
        },
        solve: $solve:ident {
            doc: $solve_doc:expr $(,)?
        } $(,)?
    ) => {
        pub use classes::register_classes;

        /// The game's classes and its `solve_…` function ([`throw_game!`]).
        pub mod classes {
            use super::*;
            use $crate::python::args::{text, wrong_type, Flag, Seconds};
            use $crate::python::legal::{LegalMoves, LiveMoves};
            use $crate::python::pickle::{by_method, by_restore, malformed, Reduced};
            use $crate::python::solver::budget;
            use $crate::python::throw::{
                game_repr, game_state, hint, is_legal, legal_plays, new_game, position_of,
                solution_dict, solution_from_dict, solution_from_state, solve_position, undo,
                HINT_SECONDS,
            };
            use $crate::python::values::{picture, py_bool, PyCard, PyDeal};
            use $crate::throw_game::{Solution, ThrowAction, ThrowOutcome, ThrowPlay, Throwing};
            use pyo3::types::{PyDict, PyString, PyTuple};

            type Play = <$G as Throwing>::Play;

            /// Add the game's classes and its `solve_…` function to the module.
            pub fn register_classes(m: &Bound<'_, PyModule>) -> PyResult<()> {
                m.add_class::<$Move>()?;
                m.add_class::<$Outcome>()?;
                m.add_class::<$Game>()?;
                m.add_class::<$Solution>()?;
                m.add_function(wrap_pyfunction!($solve, m)?)?;
                Ok(())
            }

            #[doc = $move_doc]
            #[pyclass(frozen, eq, hash, name = $move_name, module = "accordion._core")]
            #[derive(Clone, Copy, PartialEq, Eq, Hash)]
            pub struct $Move(pub Play);

            impl $Move {
                /// A move argument: this class or its text.
                fn arg(obj: &Bound<'_, PyAny>) -> PyResult<Play> {
                    if let Ok(play) = obj.cast::<$Move>() {
                        return Ok(play.get().0);
                    }
                    if obj.is_instance_of::<PyString>() {
                        return Ok(Play::parse(&text(obj, "a move")?)?);
                    }
                    Err(wrong_type("a move", concat!("a ", $move_name, " or a str"), obj))
                }
            }

            #[pymethods]
            impl $Move {
                /// Pickle support: rebuilt by `parse` from the notation.
                fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduced<'py>> {
                    let args = PyTuple::new(slf.py(), [slf.get().0.to_string()])?;
                    by_method(slf, "parse", args)
                }

                #[new]
                fn py_new(text: &Bound<'_, PyAny>) -> PyResult<Self> {
                    let text = $crate::python::args::text(text, "a move")?;
                    Ok($Move(Play::parse(&text)?))
                }

                #[doc = $parse_doc]
                #[staticmethod]
                fn parse(text: &Bound<'_, PyAny>) -> PyResult<Self> {
                    Self::py_new(text)
                }

                /// The action of dealing the next card (blind games).
                #[staticmethod]
                fn deal() -> Self {
                    $Move(Play::DEAL)
                }

                #[doc = $kind_doc]
                #[getter]
                fn kind(&self) -> &'static str {
                    self.0.kind()
                }

                #[doc = $cards_doc]
                #[getter]
                fn cards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
                    PyTuple::new(py, self.0.cards().into_iter().map(PyCard))
                }

                /// True for the deal action.
                #[getter]
                fn is_deal(&self) -> bool {
                    self.0 == Play::DEAL
                }

                fn __str__(&self) -> String {
                    self.0.to_string()
                }

                fn __repr__(&self) -> String {
                    format!(concat!($move_name, "('{}')"), self.0)
                }
            }

            #[doc = $outcome_doc]
            #[pyclass(frozen, eq, hash, name = $outcome_name, module = "accordion._core")]
            #[derive(Clone, Copy, PartialEq, Eq, Hash)]
            pub struct $Outcome(pub ThrowOutcome);

            impl $Outcome {
                /// The outcome pickled by `__reduce__`.
                pub fn from_state(state: &Bound<'_, PyTuple>) -> PyResult<$Outcome> {
                    let (cards, won, is_over) =
                        state.extract().map_err(|_| malformed($outcome_name))?;
                    Ok($Outcome(ThrowOutcome {
                        cards,
                        won,
                        is_over,
                    }))
                }
            }

            #[pymethods]
            impl $Outcome {
                /// Pickle support: `(cards, won, is_over)`.
                fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py>> {
                    let state = (self.0.cards, self.0.won, self.0.is_over);
                    by_restore(py, $outcome_name, state.into_pyobject(py)?)
                }

                /// Cards not thrown out (in the row and still to deal).
                #[getter]
                fn cards(&self) -> usize {
                    self.0.cards
                }

                /// The same as :attr:`cards`.
                #[getter]
                fn piles(&self) -> usize {
                    self.0.cards
                }

                #[doc = $won_doc]
                #[getter]
                fn won(&self) -> bool {
                    self.0.won
                }

                /// ``"win"`` or ``"loss"``.
                #[getter]
                fn grade(&self) -> &'static str {
                    if self.0.won {
                        "win"
                    } else {
                        "loss"
                    }
                }

                /// True when no throw and no deal is left.
                #[getter]
                fn is_over(&self) -> bool {
                    self.0.is_over
                }

                fn __repr__(&self) -> String {
                    format!(
                        concat!("<", $outcome_name, " cards={} won={} is_over={}>"),
                        self.0.cards,
                        py_bool(self.0.won),
                        py_bool(self.0.is_over)
                    )
                }
            }

            #[doc = $game_doc]
            #[pyclass(name = $game_name, module = "accordion._core")]
            #[derive(Clone)]
            pub struct $Game {
                pub game: $crate::throw_game::ThrowGame<$G>,
            }

            impl LiveMoves for $Game {
                fn legal<'py>(slf: &Bound<'py, Self>) -> PyResult<Vec<Bound<'py, PyAny>>> {
                    legal_plays(&slf.borrow().game)
                        .into_iter()
                        .map(|p| Ok($Move(p).into_pyobject(slf.py())?.into_any()))
                        .collect()
                }

                fn has(slf: &Bound<'_, Self>, play: &Bound<'_, PyAny>) -> bool {
                    $Move::arg(play).is_ok_and(|play| is_legal(&slf.borrow().game, play))
                }
            }

            #[pymethods]
            impl $Game {
                /// Pickle support: `(deal, rules, blind, history)`; the history is replayed.
                fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py>> {
                    let state = game_state(&self.game);
                    by_restore(py, $game_name, state.into_pyobject(py)?)
                }

                #[new]
                #[pyo3(signature = (deal, rules = None, *, blind = Flag::FALSE), text_signature = "(deal, rules=None, *, blind=False)")]
                fn py_new(
                    deal: &Bound<'_, PyAny>,
                    rules: Option<&Bound<'_, PyAny>>,
                    blind: Flag,
                ) -> PyResult<Self> {
                    Ok($Game {
                        game: new_game::<$G>(deal, rules, blind)?,
                    })
                }

                #[doc = $rules_doc]
                #[getter]
                fn rules(&self) -> &'static str {
                    self.game.game_rules().rules().name()
                }

                /// The deal the game started from.
                #[getter]
                fn starting_deal(&self) -> PyDeal {
                    game_state(&self.game).0
                }

                /// Whether the game is dealt as it goes.
                #[getter]
                fn blind(&self) -> bool {
                    self.game.is_blind()
                }

                #[doc = $legal_doc]
                #[getter]
                fn legal_moves(slf: &Bound<'_, Self>) -> LegalMoves {
                    LegalMoves::of(slf)
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
                fn history(&self) -> Vec<$Move> {
                    self.game.history().into_iter().map($Move).collect()
                }

                /// Cards left, whether won, whether over.
                #[getter]
                fn outcome(&self) -> $Outcome {
                    $Outcome(self.game.outcome())
                }

                /// True when no throw and no deal is left.
                #[getter]
                fn is_over(&self) -> bool {
                    self.game.is_over()
                }

                #[doc = $play_doc]
                #[pyo3(signature = (r#move, /))]
                fn play(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<$Move> {
                    let action = self.game.action_of($Move::arg(r#move)?)?;
                    let play = self.game.play_of(action);
                    self.game.play(action)?;
                    Ok($Move(play))
                }

                #[doc = $deal_doc]
                fn deal(&mut self) -> PyResult<$Move> {
                    self.game.play(ThrowAction::Deal)?;
                    Ok($Move(Play::DEAL))
                }

                /// Take back the last action and return it.
                ///
                /// Raises:
                ///     NoMoveToUndoError: nothing has been played.
                fn undo(&mut self) -> PyResult<$Move> {
                    Ok($Move(undo(&mut self.game)?))
                }

                /// The next action of best play; ``None`` when the game is over (or when
                /// ``timeout`` ran out before the solver found any line).
                ///
                /// ``deal`` while cards are left to deal and the rules let the player deal
                /// past throws (dealing never takes a throw away); otherwise the first
                /// throw of the exact solver's line for the row, or ``deal`` when no throw
                /// is left. The search gets ``timeout`` seconds (default 2; ``None``: no
                /// limit). Releases the GIL; Ctrl-C stops it.
                ///
                /// Raises:
                ///     InvalidArgumentError: ``timeout`` not positive.
                #[pyo3(signature = (*, timeout = Seconds(HINT_SECONDS)))]
                fn hint(&self, py: Python<'_>, timeout: Seconds) -> PyResult<Option<$Move>> {
                    Ok(hint(py, &self.game, timeout.0)?.map($Move))
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

                /// The row (and a blind game's cards to deal) as an SVG picture, drawn by
                /// :func:`accordion.svg`.
                fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
                    picture(slf.as_any())
                }

                fn __repr__(&self) -> String {
                    game_repr($game_name, &self.game)
                }
            }

            #[doc = $solution_doc]
            #[pyclass(frozen, name = $solution_name, module = "accordion._core")]
            pub struct $Solution {
                deal: String,
                solution: Solution<Play>,
            }

            impl $Solution {
                /// A solution pickled by an earlier version (through `_restore`).
                pub fn from_state(state: &Bound<'_, PyTuple>) -> PyResult<$Solution> {
                    let (deal, solution) = solution_from_state::<$G>($solution_name, state)?;
                    Ok($Solution { deal, solution })
                }
            }

            #[pymethods]
            impl $Solution {
                /// Pickled through its dictionary (``from_dict(solution.to_dict())``).
                fn __reduce__<'py>(
                    slf: &Bound<'py, Self>,
                ) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyDict>,))> {
                    let py = slf.py();
                    Ok((
                        py.get_type::<$Solution>().getattr("from_dict")?,
                        (slf.get().to_dict(py)?,),
                    ))
                }

                /// The solution whose :meth:`to_dict` is ``data`` (read back from JSON).
                ///
                /// Raises:
                ///     InvalidArgumentError: a key missing or a value out of range.
                #[staticmethod]
                fn from_dict(data: &Bound<'_, PyDict>) -> PyResult<Self> {
                    let (deal, solution) = solution_from_dict::<$G>(data)?;
                    Ok($Solution { deal, solution })
                }

                /// The row solved, left to right.
                #[getter]
                fn deal(&self) -> &str {
                    &self.deal
                }

                /// ``win``, ``loss`` (proved) or ``unknown`` (a budget ran out).
                #[getter]
                fn result(&self) -> &'static str {
                    self.solution.verdict.name()
                }

                #[doc = $moves_doc]
                #[getter]
                fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
                    PyTuple::new(py, self.solution.moves.iter().map(|&p| $Move(p)))
                }

                #[doc = $solution_cards_doc]
                #[getter]
                fn cards(&self) -> usize {
                    self.solution.cards
                }

                /// The same as :attr:`cards`.
                #[getter]
                fn piles(&self) -> usize {
                    self.solution.cards
                }

                #[doc = $nodes_doc]
                #[getter]
                fn nodes(&self) -> u64 {
                    self.solution.nodes
                }

                /// Wall-clock seconds the search took.
                #[getter]
                fn seconds(&self) -> f64 {
                    self.solution.elapsed.as_secs_f64()
                }

                /// The JSON object of docs/contract.md, plus ``game`` and ``cards``.
                fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
                    solution_dict::<$G>(py, &self.deal, &self.solution)
                }

                fn __repr__(&self) -> String {
                    format!(
                        concat!("<", $solution_name, " {} cards={} moves={}>"),
                        self.result(),
                        self.solution.cards,
                        self.solution.moves.len()
                    )
                }
            }

            #[doc = $solve_doc]
            #[pyfunction]
            #[pyo3(signature = (position, *, rules = None, max_nodes = None, timeout = None, memory = None))]
            fn $solve(
                py: Python<'_>,
                position: &Bound<'_, PyAny>,
                rules: Option<&Bound<'_, PyAny>>,
                max_nodes: Option<&Bound<'_, PyAny>>,
                timeout: Option<&Bound<'_, PyAny>>,
                memory: Option<&Bound<'_, PyAny>>,
            ) -> PyResult<$Solution> {
                // In signature order: the position, the rules, then the budget.
                let game = position.cast::<$Game>().ok().map(|g| g.borrow().game.clone());
                let game = position_of::<$G>(game, position, $game_name)?;
                $crate::python::throw::rules_of::<$G>(rules)?;
                let budget = budget(max_nodes, timeout, memory)?;
                let (deal, solution) = solve_position(py, &game, &budget)?;
                Ok($Solution { deal, solution })
            }
        }
    };
}

pub(crate) use throw_game;
