//! Royal Marriage: its classes `RoyalMove`, `RoyalOutcome`, `RoyalGame`,
//! `RoyalSolution` and `solve_royal` (bound by [`throw_game!`]), `RoyalStats`
//! and `simulate_royal` (bound by [`throw_stats!`]), and `royal_deal`. The
//! other games of its throw (`crate::royal::game::GAMES`) are played by the
//! same classes, named by their `game` argument.

use super::args::seed as seed_arg;
use super::throw::{throw_game, throw_stats};
use super::values::{card_count, PyDeal};
use crate::royal::game::Royal;
use crate::royal::RoyalDeal;
use pyo3::exceptions::PyDeprecationWarning;
use pyo3::prelude::*;

/// Add the Royal Marriage classes and functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    register_classes(m)?;
    register_stats(m)?;
    register_push_pin_pickles();
    m.add_function(wrap_pyfunction!(royal_deal, m)?)
}

/// Push Pin's own classes (`PushPinGame`, `PushPinOutcome` …, before Push Pin
/// was played by these classes with `game="push-pin"`) pickled games and
/// outcomes through `_restore` under their names: such pickles load as Push Pin
/// games and outcomes of these classes. (Their moves, solutions and statistics
/// pickled through the old classes' methods: `accordion._core`'s `__getattr__`,
/// set by `accordion`, answers for those names.)
fn register_push_pin_pickles() {
    use super::pickle::replayed;
    use super::registry::add_restore;
    use pyo3::types::PyTuple;
    use pyo3::IntoPyObjectExt;
    add_restore("PushPinGame", |py, _, state| {
        // `(deal, rules, blind, history)`, of Push Pin: the game named last, as
        // a game of these classes pickles it.
        let mut items: Vec<Bound<'_, PyAny>> = state.iter().collect();
        if items.len() == 4 {
            items.push(pyo3::types::PyString::new(py, "push-pin").into_any());
        }
        replayed(py, "RoyalGame", &PyTuple::new(py, items)?)
    });
    add_restore("PushPinOutcome", |py, _, state| {
        classes::PyRoyalOutcome::from_state(state)?.into_bound_py_any(py)
    });
}

throw_game! {
    game: Royal;
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
    move PyRoyalMove = "RoyalMove";
    /// Parse ``out 5D 7C``, ``5D 7C out``, ``x5D,7C``, ``between 3S 9S``, ``3S..9S``, ``deal``.
    ///
    /// Raises:
    ///     InvalidMoveError: anything else, or one card named twice.
    ///     TypeError: ``text`` is not a ``str``.
    parse;
    /// ``"out"``, ``"between"`` or ``"deal"``.
    kind;
    /// The thrown cards (``out``), the pair around them (``between``), or none.
    cards;
    /// Where a Royal Marriage game stands; ``cards`` counts the cards not thrown out.
    outcome PyRoyalOutcome = "RoyalOutcome";
    /// Only the queen and the king of hearts are left.
    won;
    /// A game of Royal Marriage, open or blind (the deal is then the stock, QH first), or
    /// of another game of its throw.
    ///
    /// Args:
    ///     deal: a Royal Marriage deal (QH first, KH last) or its text; another game's
    ///         deal as its facts say (``accordion.games()``: its ``dealing``, ``min_cards``).
    ///     rules: ``modern`` (default) or ``parlett``; they matter in blind play only:
    ///         ``modern`` lets the player deal while a throw exists, ``parlett`` obliges a
    ///         throw first. Another game: the rule sets its facts list.
    ///     blind: deal as you go from the stock (another game: as its facts say how
    ///         its blind game starts).
    ///     game: the name of the game played, ``royal-marriage`` (default) or another
    ///         game of Royal Marriage's throw of ``accordion.games()``; :attr:`game`
    ///         says which, and the repr, pickles and dictionaries carry it.
    ///
    /// One game may be used from several threads: each call sees it whole, and
    /// ``hint`` searches a copy of the position it started from.
    ///
    /// Raises:
    ///     InvalidDealError: a row that does not start with QH and end with KH (or
    ///         that the game named does not take).
    ///     InvalidRulesError: any other rule set.
    ///     InvalidArgumentError: ``game`` names no game of Royal Marriage's throw.
    ///
    /// Examples:
    ///     >>> game = RoyalGame("QH 5C 9H 7D 5S KH")
    ///     >>> [str(move) for move in game.legal_moves]
    ///     ['out 5C', 'out 9H 7D', 'out 7D 5S']
    game PyRoyalGame = "RoyalGame";
    /// The rule set's name: ``modern`` or ``parlett``.
    rules;
    /// The legal actions now, as a live :class:`LegalMoves` view: the throws by
    /// position of the first thrown card (one card before two), then ``deal``.
    legal_moves;
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
    play;
    /// Deal the next stock card onto the right-hand end.
    ///
    /// Raises:
    ///     IllegalMoveError: an open game, an empty stock, or a throw that ``parlett`` obliges.
    deal;
    /// What the Royal Marriage solver found for one row (:func:`solve_royal`).
    solution PyRoyalSolution = "RoyalSolution";
    /// A winning line, or a line to the fewest cards (or the greedy line if ``unknown``).
    moves;
    /// Cards left at the end of :attr:`moves`: 2 for a win.
    solution_cards;
    /// Intervals examined by the interval solver.
    nodes;
    /// Solve an open Royal Marriage row, or a game's position, exactly.
    ///
    /// A blind game is solved with its stock: under ``modern`` from its row with the stock
    /// dealt onto it (dealing everything first loses nothing), as :func:`solve` and
    /// :func:`solve_bayan` deal theirs; under ``parlett``, where every choice ends alike,
    /// by playing it out (the line starts at the game's position, deals included). The
    /// arguments of :func:`solve`, checked alike: ``rules`` ``modern`` or ``parlett``
    /// (default: the game's, else ``modern``; the same for an open row); ``memory`` is
    /// checked but the interval solver needs no table; ``game`` names the game a row is
    /// of (default ``royal-marriage``; a game is of its own). Releases the GIL; Ctrl-C
    /// stops it.
    ///
    /// Returns:
    ///     A :class:`RoyalSolution`.
    ///
    /// Raises:
    ///     InvalidDealError: a row that is not a Royal Marriage deal.
    ///     InvalidArgumentError: a budget out of range, or a ``game`` that is not
    ///         the game's own when ``position`` is a game.
    fn solve_royal;
}

/// Numbered Royal Marriage deal: QH, the first ``cards - 2`` other cards of
/// ``Deal.from_seed(seed)`` (QH and KH skipped), KH.
///
/// Raises:
///     InvalidArgumentError: ``seed`` out of range or ``cards`` outside 2 to 52.
#[pyfunction]
#[pyo3(signature = (seed, cards = None))]
fn royal_deal(seed: &Bound<'_, PyAny>, cards: Option<&Bound<'_, PyAny>>) -> PyResult<PyDeal> {
    let deal = RoyalDeal::from_seed(seed_arg(seed)?, card_count(cards, 2)?)?;
    Ok(PyDeal {
        deal: deal.as_deal().clone(),
        seed: None,
    })
}

throw_stats! {
    game: Royal;
    /// Totals of :func:`simulate_royal`: the attributes of :class:`Stats` (piles = cards
    /// left, a win is the royal pair alone), without ``grades``.
    stats PyRoyalStats = "RoyalStats";
    /// The rule set played: ``modern`` or ``parlett``.
    rules;
    /// The strategy that chose the throws: ``greedy`` or ``best``.
    strategy;
    /// Deals won (only the royal pair left).
    wins;
    /// Play numbered Royal Marriage deals ``seed … seed+deals-1``.
    ///
    /// The arguments of :func:`simulate`; ``strategy`` is ``greedy`` (default) or
    /// ``best``, ``blind`` defaults to False, ``cards`` is 2 to 52; ``game`` names the
    /// game of Royal Marriage's throw played (default ``royal-marriage``; another plays
    /// its own numbered deals, ``Deal.from_seed(n, cards)`` for a game dealt as a row).
    /// Deterministic for a seed whatever ``jobs`` is; releases the GIL; Ctrl-C stops
    /// it, from any thread.
    /// ``simulate_royal(deals, ...)``, the old signature, still works with a
    /// ``DeprecationWarning``.
    ///
    /// Returns:
    ///     A :class:`RoyalStats`.
    ///
    /// Raises:
    ///     InvalidArgumentError: a count, seed or ``jobs`` out of range.
    ///     InvalidRulesError: an unknown rule set or strategy.
    fn simulate_royal(legacy_positional = true);
    extra {
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
    }
}
