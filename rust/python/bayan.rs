//! Bayan (PySolFC's game 656): its classes `BayanMove`, `BayanOutcome`,
//! `BayanGame`, `BayanSolution` and `solve_bayan` (bound by [`throw_game!`]),
//! `BayanStats` and `simulate_bayan` (bound by [`throw_stats!`]).

use super::throw::{throw_game, throw_stats};
use crate::bayan::game::Bayan;
use pyo3::prelude::*;

/// Add the Bayan classes and functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    register_classes(m)?;
    register_stats(m)
}

throw_game! {
    game: Bayan;
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
    move PyBayanMove = "BayanMove";
    /// Parse ``out 5D 9D``, ``5D 9D out``, ``x5D,9D``, ``5D 9D`` or ``deal``.
    ///
    /// Raises:
    ///     InvalidMoveError: anything else, or one card named twice.
    ///     TypeError: ``text`` is not a ``str``.
    parse;
    /// ``"out"`` or ``"deal"``.
    kind;
    /// The two cards thrown out, as written, or none for ``deal``.
    cards;
    /// Where a Bayan game stands; ``cards`` counts the cards not thrown out.
    outcome PyBayanOutcome = "BayanOutcome";
    /// Every card is out.
    won;
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
    /// One game may be used from several threads: each call sees it whole, and
    /// ``hint`` searches a copy of the position it started from.
    ///
    /// Raises:
    ///     InvalidDealError: text that is not a row.
    ///     InvalidRulesError: any other rule set, or a variant.
    ///
    /// Examples:
    ///     >>> game = BayanGame("5C 9H 2D 5S 9D 2H")
    ///     >>> [str(move) for move in game.legal_moves]
    ///     ['out 5C 5S', 'out 9H 9D', 'out 2D 2H']
    game PyBayanGame = "BayanGame";
    /// The rule set's name: always ``modern``.
    rules;
    /// The legal actions now, as a live :class:`LegalMoves` view: the throws by
    /// position of the left card (its nearer partner first), then ``deal``.
    legal_moves;
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
    play;
    /// Deal the next talon card onto the right-hand end.
    ///
    /// Raises:
    ///     IllegalMoveError: an open game or an empty talon.
    deal;
    /// What the Bayan solver found for one row (:func:`solve_bayan`).
    solution PyBayanSolution = "BayanSolution";
    /// A winning line, or a line to the fewest cards (if ``unknown``: the line that
    /// left the fewest cards before the budget ran out).
    moves;
    /// Cards left at the end of :attr:`moves`: 0 for a win.
    solution_cards;
    /// Positions the solver expanded.
    nodes;
    /// Solve an open Bayan row (or a blind game's whole deal, or an open game's
    /// current row) exactly: can every card be thrown out?
    ///
    /// The arguments of :func:`solve`, checked alike; ``rules`` must be ``modern``
    /// (default: the game's, else ``modern``). A blind game is solved from its row
    /// with the talon dealt onto it (dealing everything first loses nothing).
    /// Releases the GIL; Ctrl-C stops it.
    ///
    /// Returns:
    ///     A :class:`BayanSolution`.
    ///
    /// Raises:
    ///     InvalidDealError: text that is not a row, or empty text (a game whose cards
    ///         are all out is a win with no moves).
    ///     InvalidRulesError: rules other than ``modern``.
    ///     InvalidArgumentError: a budget out of range.
    fn solve_bayan;
}

throw_stats! {
    game: Bayan;
    /// Totals of :func:`simulate_bayan`: the attributes of :class:`Stats` (piles = cards
    /// left, a win is an empty row), without ``grades``.
    stats PyBayanStats = "BayanStats";
    /// The rule set played: always ``modern``.
    rules;
    /// The strategy that chose the throws: ``greedy`` or ``best``.
    strategy;
    /// Deals won (every card out).
    wins;
    /// Play numbered Bayan deals ``seed … seed+deals-1`` (``Deal.from_seed(n, cards)``).
    ///
    /// The arguments of :func:`simulate`; ``rules`` is ``modern`` (or ``None``),
    /// ``strategy`` is ``greedy`` (default: the first throw in canonical order, a deal
    /// only when no throw is left) or ``best`` (the exact solver's line; blind, every
    /// card dealt first, which loses nothing), ``blind`` defaults to False (blind: three
    /// cards laid out, the rest the talon), ``cards`` is 1 to 52. Deterministic for a
    /// seed whatever ``jobs`` is; releases the GIL; Ctrl-C stops it, from any thread.
    ///
    /// Returns:
    ///     A :class:`BayanStats`.
    ///
    /// Raises:
    ///     InvalidArgumentError: a count, seed or ``jobs`` out of range.
    ///     InvalidRulesError: rules other than ``modern``, or an unknown strategy.
    fn simulate_bayan(legacy_positional = false);
    extra {}
}
