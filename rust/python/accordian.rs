//! Accordian Patience (UVa 127): its classes `AccordianMove`, `AccordianOutcome`,
//! `AccordianGame`, `AccordianSolution` and `solve_accordian` (bound by
//! [`throw_game!`]), `AccordianStats` and `simulate_accordian` (bound by
//! [`throw_stats!`]), and the judge's game `play_uva`.

use super::throw::{throw_game, throw_stats};
use super::values::deal_arg;
use crate::accordian::game::{play_uva as judge, Accordian};
use pyo3::prelude::*;

/// Add the Accordian Patience classes and functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    register_classes(m)?;
    register_stats(m)?;
    m.add_function(wrap_pyfunction!(play_uva, m)?)?;
    Ok(())
}

/// The judge's game (UVa 127) of a row: every card dealt in turn, the forced
/// moves made after each deal until nothing moves; the pile sizes left to right.
///
/// Raises:
///     InvalidDealError: text that is not a row.
///
/// Examples:
///     >>> play_uva("5C 9H 2D 5S 5H")
///     [4, 1]
#[pyfunction]
pub fn play_uva(deal: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
    Ok(judge(deal_arg(deal)?.cards()).sizes())
}

throw_game! {
    game: Accordian;
    /// A move named by the two top cards, Accordion's notation (``7H>7S``: the top
    /// card 7H lands on the pile whose top is 7S), or ``deal``.
    /// ``AccordianMove(text)`` parses; ``str`` round-trips.
    ///
    /// Raises:
    ///     InvalidMoveError: text that is not a move.
    ///     TypeError: ``text`` is not a ``str``.
    ///
    /// Examples:
    ///     >>> move = AccordianMove("7h on 7s")
    ///     >>> str(move), move.kind, move.cards
    ///     ('7H>7S', 'move', (Card('7H'), Card('7S')))
    move PyAccordianMove = "AccordianMove";
    /// Parse ``7H>7S``, ``7H-7S``, ``7H→7S``, ``7H on 7S`` or ``deal``.
    ///
    /// Raises:
    ///     InvalidMoveError: anything else, or one card named twice.
    ///     TypeError: ``text`` is not a ``str``.
    parse;
    /// ``"move"`` or ``"deal"``.
    kind;
    /// The top card that moves and the one it lands on, or none for ``deal``.
    cards;
    /// Where an Accordian game stands; ``cards`` and ``piles`` count the piles, each
    /// card still to deal one pile to come.
    outcome PyAccordianOutcome = "AccordianOutcome";
    /// One pile is left.
    won;
    /// A game of Accordian Patience (UVa 127), open or blind.
    ///
    /// The top card of a pile moves onto the pile 1 or 3 places to its left when the
    /// two top cards agree (suit or rank), showing the card beneath; a pile left empty
    /// closes up; the game is won at one pile. Under ``uva`` (the judge's rules) every
    /// action is forced: the leftmost card that can move does, three places rather
    /// than one, and a card is dealt only when nothing moves.
    ///
    /// Args:
    ///     deal: any row of distinct cards (a ``Deal`` or its text).
    ///     rules: ``modern`` (default: any move, deal whenever the stock lasts) or
    ///         ``uva`` (the judge's: every action forced).
    ///     blind: the row starts empty and the stock deals the cards in order.
    ///
    /// One game may be used from several threads: each call sees it whole, and
    /// ``hint`` searches a copy of the position it started from.
    ///
    /// Raises:
    ///     InvalidDealError: text that is not a row.
    ///     InvalidRulesError: any other rule set, or a variant.
    ///
    /// Examples:
    ///     >>> game = AccordianGame("5C 9H 2D 5S 5H")
    ///     >>> [str(move) for move in game.legal_moves]
    ///     ['5S>5C', '5H>5S', '5H>9H']
    game PyAccordianGame = "AccordianGame";
    /// The rule set's name: ``modern`` or ``uva``.
    rules;
    /// The legal actions now, as a live :class:`LegalMoves` view: the moves by
    /// position of the mover (the nearer target first; under ``uva`` the one forced
    /// move), then ``deal``.
    legal_moves;
    /// Move a top card, or ``deal``.
    ///
    /// Args:
    ///     move: an :class:`AccordianMove` or its text (``5H>5S``, ``5H-5S``,
    ///         ``5H on 5S``).
    ///
    /// Returns:
    ///     The move played, in canonical notation.
    ///
    /// Raises:
    ///     InvalidMoveError: text that is not a move.
    ///     IllegalMoveError: a move the row or the rules do not allow; the message
    ///         says why.
    play;
    /// Deal the next stock card onto the right-hand end as a new pile.
    ///
    /// Raises:
    ///     IllegalMoveError: an open game, an empty stock, or (``uva``) a move left.
    deal;
    /// What the Accordian solver found for one row (:func:`solve_accordian`).
    solution PyAccordianSolution = "AccordianSolution";
    /// A winning line, or a line to the fewest piles (if ``unknown``: the line that
    /// left the fewest piles before the budget ran out).
    moves;
    /// Piles left at the end of :attr:`moves`: 1 for a win.
    solution_cards;
    /// Positions the solver expanded (under ``uva``: the moves of the forced line).
    nodes;
    /// Solve an open Accordian row (or a game's position: its piles with the stock
    /// dealt onto them) for the fewest piles.
    ///
    /// The arguments of :func:`solve`, checked alike: ``rules`` ``modern`` or ``uva``
    /// (default: the game's, else ``modern``). Under ``modern`` the search is exact
    /// (docs/accordian.md); under ``uva`` the one line is the forced game. Releases
    /// the GIL; Ctrl-C stops it.
    ///
    /// Returns:
    ///     An :class:`AccordianSolution`.
    ///
    /// Raises:
    ///     InvalidDealError: text that is not a row, or an empty row.
    ///     InvalidRulesError: rules other than ``modern`` or ``uva``.
    ///     InvalidArgumentError: a budget out of range.
    fn solve_accordian;
}

throw_stats! {
    game: Accordian;
    /// Totals of :func:`simulate_accordian`: the attributes of :class:`Stats` (piles
    /// left; a win is one pile), without ``grades``.
    stats PyAccordianStats = "AccordianStats";
    /// The rule set played: ``modern`` or ``uva``.
    rules;
    /// The strategy that chose the throws: ``greedy`` or ``best``.
    strategy;
    /// Deals won (one pile).
    wins;
    /// Play numbered Accordian deals ``seed … seed+deals-1`` (``Deal.from_seed(n, cards)``).
    ///
    /// The arguments of :func:`simulate`; ``rules`` is ``modern`` (default) or ``uva``,
    /// ``strategy`` is ``greedy`` (default: the first legal move in canonical order,
    /// under ``uva`` the forced one, so the judge's game; a deal only when no move is
    /// left) or ``best`` (the exact solver's line, which may take very long on a deal
    /// it cannot win), ``blind`` defaults to False, ``cards`` is 1 to 52.
    /// Deterministic for a seed whatever ``jobs`` is; releases the GIL; Ctrl-C stops
    /// it, from any thread.
    ///
    /// Returns:
    ///     An :class:`AccordianStats`.
    ///
    /// Raises:
    ///     InvalidArgumentError: a count, seed or ``jobs`` out of range.
    ///     InvalidRulesError: rules other than ``modern`` or ``uva``, or an unknown
    ///         strategy.
    fn simulate_accordian(legacy_positional = false);
    extra {}
}
