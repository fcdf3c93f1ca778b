//! Royal Marriage: its classes `RoyalMove`, `RoyalOutcome`, `RoyalGame`,
//! `RoyalSolution` and `solve_royal` (bound by [`throw_game!`]), `RoyalStats`,
//! and the functions `royal_deal` and `simulate_royal`.

use super::args::{flag, jobs_arg, optional_text, optional_whole, seed as seed_arg, SEED_RANGE};
use super::blind::{histogram_dict, run_simulation, stats_dict, stats_repr};
use super::pickle::{by_restore, malformed, Reduced};
use super::throw::{rules_of, throw_game};
use super::values::{card_count, PyDeal};
use crate::royal::game::Royal;
use crate::royal::simulate::{simulate, RoyalStats, Setup};
use crate::royal::{RoyalDeal, Strategy};
use crate::throw_game::Throwing;
use pyo3::exceptions::PyDeprecationWarning;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

/// Add the Royal Marriage classes and functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    register_classes(m)?;
    m.add_class::<PyRoyalStats>()?;
    m.add_function(wrap_pyfunction!(royal_deal, m)?)?;
    m.add_function(wrap_pyfunction!(simulate_royal, m)?)?;
    Ok(())
}

throw_game! {
    game: Royal,
    move: PyRoyalMove "RoyalMove" {
        doc: "A throw named by its cards (``out 5D``, ``out 5D 7C``), by the agreeing pair around
it (``between 3S 9S``), or ``deal``. ``RoyalMove(text)`` parses; ``str`` round-trips.

Raises:
    InvalidMoveError: text that is not a Royal Marriage move.
    TypeError: ``text`` is not a ``str``.

Examples:
    >>> move = RoyalMove(\"x5D,7C\")
    >>> str(move), move.kind, move.cards
    ('out 5D 7C', 'out', (Card('5D'), Card('7C')))",
        parse: "Parse ``out 5D 7C``, ``5D 7C out``, ``x5D,7C``, ``between 3S 9S``, ``3S..9S``, ``deal``.

Raises:
    InvalidMoveError: anything else, or one card named twice.
    TypeError: ``text`` is not a ``str``.",
        kind: "``\"out\"``, ``\"between\"`` or ``\"deal\"``.",
        cards: "The thrown cards (``out``), the pair around them (``between``), or none.",
    },
    outcome: PyRoyalOutcome "RoyalOutcome" {
        doc: "Where a Royal Marriage game stands; ``cards`` counts the cards not thrown out.",
        won: "Only the queen and the king of hearts are left.",
    },
    game_class: PyRoyalGame "RoyalGame" {
        doc: "A game of Royal Marriage, open or blind (the deal is then the stock, QH first).

Args:
    deal: a Royal Marriage deal (QH first, KH last) or its text.
    rules: ``modern`` (default) or ``parlett``; they matter in blind play only:
        ``modern`` lets the player deal while a throw exists, ``parlett`` obliges a
        throw first.
    blind: deal as you go from the stock.

Raises:
    InvalidDealError: a row that does not start with QH and end with KH.
    InvalidRulesError: any other rule set.

Examples:
    >>> game = RoyalGame(\"QH 5C 9H 7D 5S KH\")
    >>> [str(move) for move in game.legal_moves]
    ['out 5C', 'out 9H 7D', 'out 7D 5S']",
        rules: "The rule set's name: ``modern`` or ``parlett``.",
        legal_moves: "The legal actions now, as a live :class:`LegalMoves` view: the throws by
position of the first thrown card (one card before two), then ``deal``.",
        play: "Play a throw or ``deal``.

Args:
    move: a :class:`RoyalMove` or its text.

Returns:
    The move played, in canonical ``out …`` notation.

Raises:
    InvalidMoveError: text that is not a move.
    IllegalMoveError: a throw the row does not allow; the message says why.",
        deal: "Deal the next stock card onto the right-hand end.

Raises:
    IllegalMoveError: an open game, an empty stock, or a throw that ``parlett`` obliges.",
    },
    solution: PyRoyalSolution "RoyalSolution" {
        doc: "What the Royal Marriage solver found for one row (:func:`solve_royal`).",
        moves: "A winning line, or a line to the fewest cards (or the greedy line if ``unknown``).",
        cards: "Cards left at the end of :attr:`moves`: 2 for a win.",
        nodes: "Intervals examined by the interval solver.",
    },
    solve: solve_royal {
        doc: "Solve an open Royal Marriage row, or a game's position, exactly.

A blind game is solved with its stock: under ``modern`` from its row with the stock
dealt onto it (dealing everything first loses nothing), as :func:`solve` and
:func:`solve_bayan` deal theirs; under ``parlett``, where every choice ends alike,
by playing it out (the line starts at the game's position, deals included). The
arguments of :func:`solve`, checked alike: ``rules`` ``modern`` or ``parlett`` (the
same for an open row); ``memory`` is checked but the interval solver needs no
table. Releases the GIL; Ctrl-C stops it.

Returns:
    A :class:`RoyalSolution`.

Raises:
    InvalidDealError: a row that is not a Royal Marriage deal.
    InvalidArgumentError: a budget out of range.",
    },
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
    let rules = rules_of::<Royal>(rules)?.rules();
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
        |cancel, report| simulate(&setup, seed, deals, jobs, Some(cancel), Some(report)),
        |stats| stats.deals,
    )?;
    Ok(PyRoyalStats(stats))
}
