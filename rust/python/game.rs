//! `Game`, Accordion's game class: what only it has (its rules as a `Rules`,
//! `move_at`, its constructor and pickling); the members every game's class
//! shares are `game_methods!` (`patience.rs`), its `LegalMoves` view `legal.rs`.

use super::args::{shown, unless_exception, wrong_type, Arg, Blind, Given};
use super::patience::{game_methods, history_texts, Shared, Shown};
use super::pickle::{by_restore, Reduced};
use super::values::{deal_arg, play_arg, py_bool, PyDeal, PyMove, PyOutcome, PyRules};
use crate::card::Card;
use crate::deal::Deal;
use crate::error::Error;
use crate::game::{Action, Game, Outcome};
use crate::rules::{Rules, Step};
use pyo3::prelude::*;

/// A game of Accordion: a row of piles, maybe a stock, the rules and the history.
///
/// Args:
///     deal: the deal, or its text.
///     rules: a :class:`Rules` or a rule-set name (default ``modern``).
///     blind: deal as you go: the row starts empty and ``deal`` turns the next card
///         of the stock (the deal, in order) onto the right-hand end.
///
/// One game may be used from several threads: each call sees it whole, and
/// ``hint`` searches a copy of the position it started from.
///
/// Raises:
///     InvalidDealError, InvalidCardError: ``deal`` text that is not a deal.
///     InvalidRulesError: an unknown rule-set name.
///     TypeError: an argument of the wrong type.
///
/// Examples:
///     >>> game = Game("7H 7S 8S KS", "strict")
///     >>> list(game.legal_moves), game.play("7S>7H"), str(game)
///     ([Move('7S', '7H')], Move('7S', '7H'), '7S 8S KS')
#[pyclass(frozen, name = "Game", module = "accordion._core")]
#[derive(Clone)]
pub struct PyGame {
    pub game: Shared<Game>,
    pub seed: Option<u64>,
}

/// The step of `move_at(pile, distance)` on a row of `len` piles (both ints).
fn step_at(len: usize, pile: &Bound<'_, PyAny>, distance: &Bound<'_, PyAny>) -> PyResult<Step> {
    let piles = crate::error::Count(len as u64, "pile").to_string();
    let on_row = |obj: &Bound<'_, PyAny>| -> PyResult<Option<usize>> {
        let p = unless_exception(obj.extract::<i128>())?;
        Ok(p.filter(|p| (1..=len as i128).contains(p))
            .map(|p| (p - 1) as usize))
    };
    let Some(from) = on_row(pile)? else {
        let why = format!("no pile {}: the row has {piles}", shown(pile)?);
        return Err(Error::IllegalMove(why).into());
    };
    if unless_exception(distance.extract::<i128>())? == Some(0) {
        return Err(Error::IllegalMove("a move goes at least one place".into()).into());
    }
    // Python's ints, so no distance overflows.
    let target = pile.sub(distance)?;
    let Some(to) = on_row(&target)? else {
        let why = format!(
            "pile {} moved by {} would land on pile {}, off the row of {piles}",
            from + 1,
            shown(distance)?,
            shown(&target)?
        );
        return Err(Error::IllegalMove(why).into());
    };
    Ok(Step { from, to })
}

impl Shown for Game {
    type Outcome = Outcome;
    type Rules = Rules;
    const DEAL: Action = Action::Deal;

    fn starting_deal(&self) -> &Deal {
        self.deal()
    }

    fn piles(&self) -> Vec<Vec<Card>> {
        self.row().piles().to_vec()
    }

    fn tops(&self) -> Vec<Card> {
        Game::tops(self).to_vec()
    }

    fn outcome(&self) -> Outcome {
        Game::outcome(self)
    }

    fn rules_key(&self) -> Rules {
        self.rules()
    }

    /// `Game(Deal.from_seed(5), Rules('modern'), blind=False)`.
    fn repr(&self, class: &str, seed: Option<u64>) -> String {
        let deal = PyDeal {
            deal: self.deal().clone(),
            seed,
        };
        let (deal, rules) = (deal.__repr__(), PyRules(self.rules()).__repr__());
        let blind = py_bool(self.is_blind());
        format!("{class}({deal}, {rules}, blind={blind})")
    }
}

game_methods! {
    impl PyGame = "Game";
    move PyMove;
    outcome PyOutcome;
    seed = |game: &PyGame| game.seed;
    rules = |_game| ();
    arg = |play, ()| play_arg(play);
    /// The legal actions now, as a live :class:`LegalMoves` view.
    legal_moves;
    /// The top card of each pile, left to right.
    tops;
    /// Piles, grade and whether the game is over, as an :class:`Outcome`.
    outcome;
    /// Play a move or ``deal``.
    ///
    /// Args:
    ///     move: a :class:`Move` or its text (``"7S>7H"``, ``"deal"``).
    ///
    /// Returns:
    ///     The move played, as a :class:`Move`.
    ///
    /// Raises:
    ///     InvalidMoveError: text that is not a move.
    ///     IllegalMoveError: a move the rules do not allow here; the message says why
    ///         (not a top card, too far, no shared suit or rank, or another move forced).
    play;
    /// Turn the next stock card onto the right-hand end of the row.
    ///
    /// Returns:
    ///     ``Move.deal()``.
    ///
    /// Raises:
    ///     IllegalMoveError: an open game, an empty stock, or a must-move rule set with a
    ///         move on the table.
    deal;
    /// A move that keeps a win in reach (or, when the row is lost, keeps the fewest
    /// reachable piles); ``None`` when no move is legal.
    ///
    /// The search gets ``timeout`` seconds (default 2; ``None``: no limit); when it runs
    /// out, the first move of the best line found so far. In a blind game the search
    /// knows the stock order (it is clairvoyant). Releases the GIL; Ctrl-C stops it.
    ///
    /// The search works on a copy of the position taken when it starts, so other
    /// threads may play on the same game meanwhile (the hint is for that position).
    ///
    /// Raises:
    ///     InvalidArgumentError: ``timeout`` not positive.
    hint;
    {
        /// Pickle support: `(deal, rules, blind, history)`; the history is replayed.
        fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py>> {
            let (deal, rules, blind, history) = self.game.read(|game| {
                let deal = game.deal().clone();
                (deal, game.rules(), game.is_blind(), history_texts(game))
            });
            let deal = PyDeal {
                deal,
                seed: self.seed,
            };
            let state = (deal, PyRules(rules), blind, history);
            by_restore(py, "Game", state.into_pyobject(py)?)
        }

        #[new]
        #[pyo3(signature = (deal, rules = None, *, blind = Arg::default(Blind(false))), text_signature = "(deal, rules=None, *, blind=False)")]
        fn py_new(
            deal: &Bound<'_, PyAny>,
            rules: Option<Arg<Rules>>,
            blind: Arg<Blind>,
        ) -> PyResult<Self> {
            let seed = deal.cast::<PyDeal>().ok().and_then(|d| d.get().seed);
            let deal = deal_arg(deal)?;
            let rules = rules.given_or(Rules::modern())?;
            let blind = blind.get()?.0;
            rules.check_deal(deal.cards())?;
            Ok(PyGame {
                game: Shared::new(Game::new(deal, rules, blind)),
                seed,
            })
        }

        /// The rules the game is played by.
        #[getter]
        fn rules(&self) -> PyRules {
            PyRules(self.game.read(Game::rules))
        }

        /// The move of pile ``pile`` (1-based) by ``distance`` (negative = rightwards).
        ///
        /// It names the move between the two top cards without asking whether the rules
        /// allow it; only a position off the row is an error.
        ///
        /// Args:
        ///     pile: the moving pile's position, from 1 at the left.
        ///     distance: how many places leftwards (negative: rightwards).
        ///
        /// Raises:
        ///     IllegalMoveError: ``pile`` or its target is off the row, or ``distance`` is 0.
        ///     TypeError: either argument is not an ``int``.
        fn move_at(&self, pile: &Bound<'_, PyAny>, distance: &Bound<'_, PyAny>) -> PyResult<PyMove> {
            // Any int is taken; one past the row is refused by its value, in the
            // reference engine's order and words: the pile, a zero distance, the target.
            for (obj, what) in [(pile, "pile"), (distance, "distance")] {
                if !obj.is_instance_of::<pyo3::types::PyInt>()
                    || obj.is_instance_of::<pyo3::types::PyBool>()
                {
                    return Err(wrong_type(what, "an int", obj));
                }
            }
            // The row's length and the move are read under the game's lock, the
            // arguments between (no Python code runs under the lock); a row that
            // another thread changed meanwhile is read again.
            loop {
                let len = self.game.read(|game| game.tops().len());
                let step = step_at(len, pile, distance)?;
                let play = self.game.read(|game| {
                    (game.tops().len() == len).then(|| game.play_of(Action::Move(step)))
                });
                if let Some(play) = play {
                    return Ok(PyMove(play));
                }
            }
        }
    }
}
