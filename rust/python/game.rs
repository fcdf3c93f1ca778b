//! `Game` and its live `LegalMoves` view.

use super::args::{shown, wrong_type, Flag, Seconds};
use super::errors::NoMoveToUndoError;
use super::values::{deal_arg, picture, play_arg, rules_arg, PyDeal, PyMove, PyOutcome, PyRules};
use crate::error::Error;
use crate::game::{Action, Game, Play};
use crate::rules::{Rules, Step};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use super::values::PyCard;

/// `Game.hint`'s default time limit in seconds.
const HINT_SECONDS: Option<f64> = Some(2.0);

/// A game of Accordion.
#[pyclass(name = "Game", module = "accordion._core")]
#[derive(Clone)]
pub struct PyGame {
    pub game: Game,
    pub seed: Option<u64>,
}

impl PyGame {
    fn legal_plays(&self) -> Vec<Play> {
        self.game
            .legal_actions()
            .into_iter()
            .map(|a| self.game.play_of(a))
            .collect()
    }
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (deal, rules = None, *, blind = Flag::FALSE), text_signature = "(deal, rules=None, *, blind=False)")]
    fn py_new(
        deal: &Bound<'_, PyAny>,
        rules: Option<&Bound<'_, PyAny>>,
        blind: Flag,
    ) -> PyResult<Self> {
        let seed = deal.cast::<PyDeal>().ok().and_then(|d| d.get().seed);
        let deal = deal_arg(deal)?;
        let rules = rules
            .filter(|r| !r.is_none())
            .map(rules_arg)
            .transpose()?
            .unwrap_or_else(Rules::modern);
        let blind = blind.get()?;
        rules.check_deal(deal.cards())?;
        Ok(PyGame {
            game: Game::new(deal, rules, blind),
            seed,
        })
    }

    #[getter]
    fn rules(&self) -> PyRules {
        PyRules(self.game.rules())
    }

    #[getter]
    fn starting_deal(&self) -> PyDeal {
        PyDeal {
            deal: self.game.deal().clone(),
            seed: self.seed,
        }
    }

    #[getter]
    fn blind(&self) -> bool {
        self.game.is_blind()
    }

    #[getter]
    fn legal_moves(slf: Py<Self>) -> LegalMoves {
        LegalMoves { game: slf }
    }

    #[getter]
    fn piles<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyTuple>>> {
        self.game
            .row()
            .piles()
            .iter()
            .map(|pile| PyTuple::new(py, pile.iter().map(|&c| PyCard(c))))
            .collect()
    }

    #[getter]
    fn tops(&self) -> Vec<PyCard> {
        self.game.tops().iter().map(|&c| PyCard(c)).collect()
    }

    #[getter]
    fn stock_size(&self) -> usize {
        self.game.stock().len()
    }

    #[getter]
    fn history(&self) -> Vec<PyMove> {
        self.game.history().into_iter().map(PyMove).collect()
    }

    #[getter]
    fn outcome(&self) -> PyOutcome {
        PyOutcome(self.game.outcome())
    }

    #[getter]
    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    #[pyo3(signature = (r#move, /))]
    fn play(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<PyMove> {
        let play = play_arg(r#move)?;
        let action = self.game.action_of(play)?;
        self.game.play(action)?;
        Ok(PyMove(play))
    }

    fn deal(&mut self) -> PyResult<PyMove> {
        self.game.play(Action::Deal)?;
        Ok(PyMove(Play::Deal))
    }

    fn undo(&mut self) -> PyResult<PyMove> {
        let last = self
            .game
            .last_play()
            .ok_or_else(|| NoMoveToUndoError::new_err("undo: no move has been played"))?;
        self.game.undo();
        Ok(PyMove(last))
    }

    #[pyo3(signature = (*, timeout = Seconds(HINT_SECONDS)))]
    fn hint(&self, py: Python<'_>, timeout: Seconds) -> PyResult<Option<PyMove>> {
        super::solver::hint(py, &self.game, timeout.0)
    }

    fn copy(&self) -> Self {
        self.clone()
    }

    fn __copy__(&self) -> Self {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        self.clone()
    }

    fn move_at(&self, pile: &Bound<'_, PyAny>, distance: &Bound<'_, PyAny>) -> PyResult<PyMove> {
        // Any int is taken; one past the row is refused by the rules, by its value.
        let position = |obj: &Bound<'_, PyAny>, what: &str| -> PyResult<i128> {
            if !obj.is_instance_of::<pyo3::types::PyInt>()
                || obj.is_instance_of::<pyo3::types::PyBool>()
            {
                return Err(wrong_type(what, "an int", obj));
            }
            obj.extract::<i128>().map_err(|_| {
                Error::IllegalMove(format!("no pile {}: the row is not that long", shown(obj)))
                    .into()
            })
        };
        // Both types first, then the values (as the reference engine checks them).
        for (obj, what) in [(pile, "pile"), (distance, "distance")] {
            if !obj.is_instance_of::<pyo3::types::PyInt>()
                || obj.is_instance_of::<pyo3::types::PyBool>()
            {
                return Err(wrong_type(what, "an int", obj));
            }
        }
        let (pile, distance) = (position(pile, "pile")?, position(distance, "distance")?);
        let tops = self.game.tops();
        let len = tops.len() as i128;
        let off = |p: i128| -> PyResult<usize> {
            if (1..=len).contains(&p) {
                Ok((p - 1) as usize)
            } else {
                Err(Error::IllegalMove(format!(
                    "no pile {p}: the row has {len} pile{}",
                    if len == 1 { "" } else { "s" }
                ))
                .into())
            }
        };
        if distance == 0 {
            return Err(Error::IllegalMove("a move goes at least one place".into()).into());
        }
        let step = Step {
            from: off(pile)?,
            to: off(pile.saturating_sub(distance))?,
        };
        Ok(PyMove(self.game.play_of(Action::Move(step))))
    }

    fn __str__(&self) -> String {
        self.game.to_string()
    }

    /// The row as a picture, for Jupyter; drawn by `accordion.svg`.
    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
        picture(slf.as_any())
    }

    fn __repr__(&self) -> String {
        let deal = self.starting_deal().__repr__();
        let rules = PyRules(self.game.rules()).__repr__();
        let blind = if self.game.is_blind() {
            "True"
        } else {
            "False"
        };
        format!("Game({deal}, {rules}, blind={blind})")
    }
}

/// A live view of the legal actions of a game.
#[pyclass(frozen, name = "LegalMoves", module = "accordion._core")]
pub struct LegalMoves {
    game: Py<PyGame>,
}

#[pymethods]
impl LegalMoves {
    fn __contains__(&self, py: Python<'_>, play: &Bound<'_, PyAny>) -> bool {
        let Ok(play) = play_arg(play) else {
            return false;
        };
        let game = &self.game.borrow(py).game;
        game.action_of(play)
            .is_ok_and(|action| game.is_legal(action))
    }

    fn __len__(&self, py: Python<'_>) -> usize {
        self.game.borrow(py).game.legal_actions().len()
    }

    fn __bool__(&self, py: Python<'_>) -> bool {
        self.__len__(py) > 0
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let plays: Vec<PyMove> = self
            .game
            .borrow(py)
            .legal_plays()
            .into_iter()
            .map(PyMove)
            .collect();
        Ok(PyTuple::new(py, plays)?.into_any().try_iter()?.into_any())
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let plays: Vec<String> = self
            .game
            .borrow(py)
            .legal_plays()
            .iter()
            .map(ToString::to_string)
            .collect();
        format!("<LegalMoves: {}>", plays.join(", "))
    }
}
