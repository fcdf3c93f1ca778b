//! Bayan (PySolFC's game 656): its classes `BayanMove`, `BayanOutcome`,
//! `BayanGame`, `BayanSolution` and `solve_bayan`, bound by [`throw_game!`].

use super::throw::throw_game;
use crate::bayan::game::Bayan;
use pyo3::prelude::*;

/// Add the Bayan classes and functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    register_classes(m)
}

throw_game! {
    game: Bayan,
    move: PyBayanMove "BayanMove" {
        doc: "A Bayan throw named by its two cards (``out 5D 9D``), or ``deal``.
``BayanMove(text)`` parses; ``str`` round-trips.

Raises:
    InvalidMoveError: text that is not a Bayan move.
    TypeError: ``text`` is not a ``str``.

Examples:
    >>> move = BayanMove(\"x9D,5D\")
    >>> str(move), move.kind, move.cards
    ('out 9D 5D', 'out', (Card('9D'), Card('5D')))",
        parse: "Parse ``out 5D 9D``, ``5D 9D out``, ``x5D,9D``, ``5D 9D`` or ``deal``.

Raises:
    InvalidMoveError: anything else, or one card named twice.
    TypeError: ``text`` is not a ``str``.",
        kind: "``\"out\"`` or ``\"deal\"``.",
        cards: "The two cards thrown out, as written, or none for ``deal``.",
    },
    outcome: PyBayanOutcome "BayanOutcome" {
        doc: "Where a Bayan game stands; ``cards`` counts the cards not thrown out.",
        won: "Every card is out.",
    },
    game_class: PyBayanGame "BayanGame" {
        doc: "A game of Bayan (PySolFC's game 656), open or blind.

Two cards 1 or 3 places apart that agree (suit or rank) are thrown out together
and the row closes up; the game is won when every card is out. Blind play is
PySolFC's without \"deal all cards\": three cards laid out, the rest dealt one at
a time onto the end of the row whenever the player likes.

Args:
    deal: any row of distinct cards (a ``Deal`` or its text), e.g.
        ``Deal.from_pysol(n, \"bayan\")``.
    rules: ``modern`` (default, PySolFC's rules) or ``None``; nothing else.
    blind: deal as you go from the talon.

Raises:
    InvalidDealError: text that is not a row.
    InvalidRulesError: any other rule set, or a variant.

Examples:
    >>> game = BayanGame(\"5C 9H 2D 5S 9D 2H\")
    >>> [str(move) for move in game.legal_moves]
    ['out 5C 5S', 'out 9H 9D', 'out 2D 2H']",
        rules: "The rule set's name: always ``modern``.",
        legal_moves: "The legal actions now, as a live :class:`LegalMoves` view: the throws by
position of the left card (its nearer partner first), then ``deal``.",
        play: "Throw a pair out, or ``deal``.

Args:
    move: a :class:`BayanMove` or its text (the two cards in either order).

Returns:
    The move played, in canonical notation (the cards left to right).

Raises:
    InvalidMoveError: text that is not a move.
    IllegalMoveError: a pair the row does not allow; the message says why.",
        deal: "Deal the next talon card onto the right-hand end.

Raises:
    IllegalMoveError: an open game or an empty talon.",
    },
    solution: PyBayanSolution "BayanSolution" {
        doc: "What the Bayan solver found for one row (:func:`solve_bayan`).",
        moves: "A winning line, or a line to the fewest cards (if ``unknown``: the line that
left the fewest cards before the budget ran out).",
        cards: "Cards left at the end of :attr:`moves`: 0 for a win.",
        nodes: "Positions the solver expanded.",
    },
    solve: solve_bayan {
        doc: "Solve an open Bayan row (or a blind game's whole deal, or an open game's
current row) exactly: can every card be thrown out?

The arguments of :func:`solve`, checked alike; ``rules`` must be ``modern`` (or
``None``). A blind game is solved from its row with the talon dealt onto it
(dealing everything first loses nothing). Releases the GIL; Ctrl-C stops it.

Returns:
    A :class:`BayanSolution`.

Raises:
    InvalidDealError: text that is not a row, or an empty row.
    InvalidRulesError: rules other than ``modern``.
    InvalidArgumentError: a budget out of range.",
    },
}
