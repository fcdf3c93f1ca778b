//! The games of runs (`crate::runs`), each in a module of its own: Decade's
//! classes `DecadeMove`, `DecadeOutcome`, `DecadeGame`, `DecadeSolution` and
//! `solve_decade` (bound by [`throw_game!`]), `DecadeStats` and
//! `simulate_decade` (bound by [`throw_stats!`]), and Seven Up's alike.

use super::throw::{throw_game, throw_stats};
use crate::runs::{Decade, Runs, SevenUp};
use pyo3::prelude::*;

/// Add the classes and functions of every game of runs to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    decade::register_classes(m)?;
    decade::register_stats(m)?;
    seven_up::register_classes(m)?;
    seven_up::register_stats(m)
}

mod decade {
    use super::{throw_game, throw_stats, Decade, Runs};
    use pyo3::prelude::*;

    throw_game! {
        game: Runs<Decade>;
        /// A Decade throw named by the cards of its run (``out 3C 7D``), or ``deal``.
        /// ``DecadeMove(text)`` parses; ``str`` round-trips.
        ///
        /// Raises:
        ///     InvalidMoveError: text that is not a Decade move.
        ///     TypeError: ``text`` is not a ``str``.
        ///
        /// Examples:
        ///     >>> move = DecadeMove("x3C,7D")
        ///     >>> str(move), move.kind, move.cards
        ///     ('out 3C 7D', 'out', (Card('3C'), Card('7D')))
        move PyDecadeMove = "DecadeMove";
        /// Parse ``out 3C 7D``, ``3C 7D out``, ``x3C,7D``, ``3C 7D`` (1 to 16 cards) or ``deal``.
        ///
        /// Raises:
        ///     InvalidMoveError: anything else, or one card named twice.
        ///     TypeError: ``text`` is not a ``str``.
        parse;
        /// ``"out"`` or ``"deal"``.
        kind;
        /// The cards of the run thrown out, as written, or none for ``deal``.
        cards;
        /// Where a Decade game stands; ``cards`` counts the cards not thrown out.
        outcome PyDecadeOutcome = "DecadeOutcome";
        /// Every card is out.
        won;
        /// A game of Decade (PySolFC's game 816, Ten Twenty Thirty), open or blind.
        ///
        /// A run of two or more adjacent cards whose values total 10, 20 or 30 (ace 1,
        /// two to ten at face value, courts 10) is thrown out and the row closes up; the
        /// game is won when every card is out. Blind play is PySolFC's without "deal all
        /// cards": three cards laid out, the rest dealt one at a time onto the end of the
        /// row whenever the player likes.
        ///
        /// Args:
        ///     deal: any row of distinct cards (a ``Deal`` or its text), e.g.
        ///         ``Deal.from_pysol(n, "decade")``.
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
        ///     >>> game = DecadeGame("3C 7D KH 5S 5H")
        ///     >>> [str(move) for move in game.legal_moves]
        ///     ['out 3C 7D', 'out 3C 7D KH', 'out 3C 7D KH 5S 5H', 'out KH 5S 5H', 'out 5S 5H']
        game PyDecadeGame = "DecadeGame";
        /// The rule set's name: always ``modern``.
        rules;
        /// The legal actions now, as a live :class:`LegalMoves` view: the runs by
        /// position of their first card (the shorter first), then ``deal``.
        legal_moves;
        /// Throw a run out, or ``deal``.
        ///
        /// Args:
        ///     move: a :class:`DecadeMove` or its text (the run's cards in any order).
        ///
        /// Returns:
        ///     The move played, in canonical notation (the cards left to right).
        ///
        /// Raises:
        ///     InvalidMoveError: text that is not a move.
        ///     IllegalMoveError: a run the row does not allow; the message says why.
        play;
        /// Deal the next talon card onto the right-hand end.
        ///
        /// Raises:
        ///     IllegalMoveError: an open game or an empty talon.
        deal;
        /// What the Decade solver found for one row (:func:`solve_decade`).
        solution PyDecadeSolution = "DecadeSolution";
        /// A winning line, or a line to the fewest cards (if ``unknown``: the line that
        /// left the fewest cards before the budget ran out).
        moves;
        /// Cards left at the end of :attr:`moves`: 0 for a win.
        solution_cards;
        /// Positions the solver expanded.
        nodes;
        /// Solve an open Decade row (or a blind game's whole deal, or an open game's
        /// current row) exactly: the fewest cards any line leaves, and a line to them.
        ///
        /// The arguments of :func:`solve`, checked alike; ``rules`` must be ``modern`` (or
        /// ``None``). A blind game is solved from its row with the talon dealt onto it
        /// (dealing everything first loses nothing). Releases the GIL; Ctrl-C stops it.
        ///
        /// Returns:
        ///     A :class:`DecadeSolution`.
        ///
        /// Raises:
        ///     InvalidDealError: text that is not a row, or an empty row.
        ///     InvalidRulesError: rules other than ``modern``.
        ///     InvalidArgumentError: a budget out of range.
        fn solve_decade;
    }

    throw_stats! {
        game: Runs<Decade>;
        /// Totals of :func:`simulate_decade`: the attributes of :class:`Stats` (piles = cards
        /// left, a win is an empty row), without ``grades``.
        stats PyDecadeStats = "DecadeStats";
        /// The rule set played: always ``modern``.
        rules;
        /// The strategy that chose the throws: ``greedy`` or ``best``.
        strategy;
        /// Deals won (every card out).
        wins;
        /// Play numbered Decade deals ``seed … seed+deals-1`` (``Deal.from_seed(n, cards)``).
        ///
        /// The arguments of :func:`simulate`; ``rules`` is ``modern`` (or ``None``),
        /// ``strategy`` is ``greedy`` (default: the first run in canonical order, a deal
        /// only when no run is left) or ``best`` (the exact solver's line; blind, every
        /// card dealt first, which loses nothing), ``blind`` defaults to False (blind: three
        /// cards laid out, the rest the talon), ``cards`` is 1 to 52. Deterministic for a
        /// seed whatever ``jobs`` is; releases the GIL; Ctrl-C stops it, from any thread.
        ///
        /// Returns:
        ///     A :class:`DecadeStats`.
        ///
        /// Raises:
        ///     InvalidArgumentError: a count, seed or ``jobs`` out of range.
        ///     InvalidRulesError: rules other than ``modern``, or an unknown strategy.
        fn simulate_decade(legacy_positional = false);
        extra {}
    }
}

mod seven_up {
    use super::{throw_game, throw_stats, Runs, SevenUp};
    use pyo3::prelude::*;

    throw_game! {
        game: Runs<SevenUp>;
        /// A Seven Up throw named by the cards of its run (``out 3C 4D``), or ``deal``.
        /// ``SevenUpMove(text)`` parses; ``str`` round-trips.
        ///
        /// Raises:
        ///     InvalidMoveError: text that is not a Seven Up move.
        ///     TypeError: ``text`` is not a ``str``.
        ///
        /// Examples:
        ///     >>> move = SevenUpMove("x3C,4D")
        ///     >>> str(move), move.kind, move.cards
        ///     ('out 3C 4D', 'out', (Card('3C'), Card('4D')))
        move PySevenUpMove = "SevenUpMove";
        /// Parse ``out 3C 4D``, ``3C 4D out``, ``x3C,4D``, ``3C 4D`` (1 to 16 cards) or ``deal``.
        ///
        /// Raises:
        ///     InvalidMoveError: anything else, or one card named twice.
        ///     TypeError: ``text`` is not a ``str``.
        parse;
        /// ``"out"`` or ``"deal"``.
        kind;
        /// The cards of the run thrown out, as written, or none for ``deal``.
        cards;
        /// Where a Seven Up game stands; ``cards`` counts the cards not thrown out.
        outcome PySevenUpOutcome = "SevenUpOutcome";
        /// Every card is out.
        won;
        /// A game of Seven Up (PySolFC's game 918, Seventh Wonder, The Magic Seven), open
        /// or blind.
        ///
        /// A single 7, or a run of two to four adjacent cards whose ranks total a
        /// multiple of 7 (ace 1 … king 13), is thrown out and the row closes up; the game
        /// is won when every card is out. Blind play is PySolFC's without "deal all
        /// cards": three cards laid out, the rest dealt one at a time onto the end of the
        /// row whenever the player likes.
        ///
        /// Args:
        ///     deal: any row of distinct cards (a ``Deal`` or its text), e.g.
        ///         ``Deal.from_pysol(n, "seven-up")``.
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
        ///     >>> game = SevenUpGame("7C 3D 4H KS AC")
        ///     >>> [str(move) for move in game.legal_moves]
        ///     ['out 7C', 'out 7C 3D 4H', 'out 3D 4H', 'out 3D 4H KS AC', 'out KS AC']
        game PySevenUpGame = "SevenUpGame";
        /// The rule set's name: always ``modern``.
        rules;
        /// The legal actions now, as a live :class:`LegalMoves` view: the runs by
        /// position of their first card (the shorter first), then ``deal``.
        legal_moves;
        /// Throw a run out, or ``deal``.
        ///
        /// Args:
        ///     move: a :class:`SevenUpMove` or its text (the run's cards in any order).
        ///
        /// Returns:
        ///     The move played, in canonical notation (the cards left to right).
        ///
        /// Raises:
        ///     InvalidMoveError: text that is not a move.
        ///     IllegalMoveError: a run the row does not allow; the message says why.
        play;
        /// Deal the next talon card onto the right-hand end.
        ///
        /// Raises:
        ///     IllegalMoveError: an open game or an empty talon.
        deal;
        /// What the Seven Up solver found for one row (:func:`solve_seven_up`).
        solution PySevenUpSolution = "SevenUpSolution";
        /// A winning line, or a line to the fewest cards (if ``unknown``: the line that
        /// left the fewest cards before the budget ran out).
        moves;
        /// Cards left at the end of :attr:`moves`: 0 for a win.
        solution_cards;
        /// Positions the solver expanded.
        nodes;
        /// Solve an open Seven Up row (or a blind game's whole deal, or an open game's
        /// current row) exactly: the fewest cards any line leaves, and a line to them.
        ///
        /// The arguments of :func:`solve`, checked alike; ``rules`` must be ``modern`` (or
        /// ``None``). A blind game is solved from its row with the talon dealt onto it
        /// (dealing everything first loses nothing). Releases the GIL; Ctrl-C stops it.
        ///
        /// Returns:
        ///     A :class:`SevenUpSolution`.
        ///
        /// Raises:
        ///     InvalidDealError: text that is not a row, or an empty row.
        ///     InvalidRulesError: rules other than ``modern``.
        ///     InvalidArgumentError: a budget out of range.
        fn solve_seven_up;
    }

    throw_stats! {
        game: Runs<SevenUp>;
        /// Totals of :func:`simulate_seven_up`: the attributes of :class:`Stats` (piles = cards
        /// left, a win is an empty row), without ``grades``.
        stats PySevenUpStats = "SevenUpStats";
        /// The rule set played: always ``modern``.
        rules;
        /// The strategy that chose the throws: ``greedy`` or ``best``.
        strategy;
        /// Deals won (every card out).
        wins;
        /// Play numbered Seven Up deals ``seed … seed+deals-1`` (``Deal.from_seed(n, cards)``).
        ///
        /// The arguments of :func:`simulate`; ``rules`` is ``modern`` (or ``None``),
        /// ``strategy`` is ``greedy`` (default: the first run in canonical order, a deal
        /// only when no run is left) or ``best`` (the exact solver's line; blind, every
        /// card dealt first, which loses nothing), ``blind`` defaults to False (blind: three
        /// cards laid out, the rest the talon), ``cards`` is 1 to 52. Deterministic for a
        /// seed whatever ``jobs`` is; releases the GIL; Ctrl-C stops it, from any thread.
        ///
        /// Returns:
        ///     A :class:`SevenUpStats`.
        ///
        /// Raises:
        ///     InvalidArgumentError: a count, seed or ``jobs`` out of range.
        ///     InvalidRulesError: rules other than ``modern``, or an unknown strategy.
        fn simulate_seven_up(legacy_positional = false);
        extra {}
    }
}
