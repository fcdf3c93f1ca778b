//! The games of runs (`crate::runs`), each in a module of its own: Decade's
//! classes `DecadeMove`, `DecadeOutcome`, `DecadeGame`, `DecadeSolution` and
//! `solve_decade` (bound by [`throw_game!`]), `DecadeStats` and
//! `simulate_decade` (bound by [`throw_stats!`]), and Seven Up's alike. The
//! games of runs differ only in which runs go out, so [`run_game!`] writes
//! their docstrings once, each game's name, rule and examples filled in.

use pyo3::prelude::*;

/// Add the classes and functions of every game of runs to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    decade::register_classes(m)?;
    decade::register_stats(m)?;
    seven_up::register_classes(m)?;
    seven_up::register_stats(m)
}

/// The module of one game of runs: its rule type, its name in prose, its
/// classes' Python names (in Rust each module's `PyMove`, `PyGame`, …) and its
/// functions, the card that follows `3C` in its example run, the opening of
/// its game class's docstring (what it is and which runs go out) and, for that
/// docstring, its name in `Deal.from_pysol` and an example row with the runs
/// it allows.
macro_rules! run_game {
    (
        mod $module:ident = $Rule:ident, $title:literal;
        classes $move_name:literal, $outcome_name:literal, $game_name:literal,
            $solution_name:literal, $stats_name:literal;
        functions $solve:ident, $simulate:ident;
        example run "3C" $second:literal;
        game $intro:literal;
        pysol $pysol:literal;
        example $row:literal => $runs:literal;
    ) => {
        mod $module {
            use crate::python::throw::{throw_game, throw_stats};
            use crate::runs::{$Rule, Runs};
            use pyo3::prelude::*;

            throw_game! {
                game: Runs<$Rule>;
                #[doc = concat!(
                    "A ", $title, " throw named by the cards of its run (``out 3C ", $second,
                    "``), or ``deal``.\n``", $move_name, "(text)`` parses; ``str`` round-trips.\n\n",
                    "Raises:\n    InvalidMoveError: text that is not a ", $title, " move.\n",
                    "    TypeError: ``text`` is not a ``str``.\n\n",
                    "Examples:\n    >>> move = ", $move_name, "(\"x3C,", $second, "\")\n",
                    "    >>> str(move), move.kind, move.cards\n",
                    "    ('out 3C ", $second, "', 'out', (Card('3C'), Card('", $second, "')))"
                )]
                move PyMove = $move_name;
                #[doc = concat!(
                    "Parse ``out 3C ", $second, "``, ``3C ", $second, " out``, ``x3C,", $second,
                    "``, ``3C ", $second, "`` (1 to 16 cards) or ``deal``.\n\n",
                    "Raises:\n    InvalidMoveError: anything else, or one card named twice.\n",
                    "    TypeError: ``text`` is not a ``str``."
                )]
                parse;
                /// ``"out"`` or ``"deal"``.
                kind;
                /// The cards of the run thrown out, as written, or none for ``deal``.
                cards;
                #[doc = concat!(
                    "Where a ", $title, " game stands; ``cards`` counts the cards not thrown out."
                )]
                outcome PyOutcome = $outcome_name;
                /// Every card is out.
                won;
                #[doc = concat!(
                    $intro,
                    "\n\nArgs:\n    deal: any row of distinct cards (a ``Deal`` or its text), e.g.\n",
                    "        ``Deal.from_pysol(n, \"", $pysol, "\")``.\n",
                    "    rules: ``modern`` (default, PySolFC's rules) or ``None``; nothing else.\n",
                    "    blind: deal as you go from the talon.\n\n",
                    "One game may be used from several threads: each call sees it whole, and\n",
                    "``hint`` searches a copy of the position it started from.\n\n",
                    "Raises:\n    InvalidDealError: text that is not a row.\n",
                    "    InvalidRulesError: any other rule set, or a variant.\n\n",
                    "Examples:\n    >>> game = ", $game_name, "(\"", $row, "\")\n",
                    "    >>> [str(move) for move in game.legal_moves]\n    ", $runs
                )]
                game PyGame = $game_name;
                /// The rule set's name: always ``modern``.
                rules;
                /// The legal actions now, as a live :class:`LegalMoves` view: the runs by
                /// position of their first card (the shorter first), then ``deal``.
                legal_moves;
                #[doc = concat!(
                    "Throw a run out, or ``deal``.\n\nArgs:\n    move: a :class:`", $move_name,
                    "` or its text (the run's cards in any order).\n\n",
                    "Returns:\n    The move played, in canonical notation (the cards left to right).\n\n",
                    "Raises:\n    InvalidMoveError: text that is not a move.\n",
                    "    IllegalMoveError: a run the row does not allow; the message says why."
                )]
                play;
                /// Deal the next talon card onto the right-hand end.
                ///
                /// Raises:
                ///     IllegalMoveError: an open game or an empty talon.
                deal;
                #[doc = concat!(
                    "What the ", $title, " solver found for one row (:func:`", stringify!($solve), "`)."
                )]
                solution PySolution = $solution_name;
                /// A winning line, or a line to the fewest cards (if ``unknown``: the line that
                /// left the fewest cards before the budget ran out).
                moves;
                /// Cards left at the end of :attr:`moves`: 0 for a win.
                solution_cards;
                /// Positions the solver expanded.
                nodes;
                #[doc = concat!(
                    "Solve an open ", $title, " row (or a blind game's whole deal, or an open game's\n",
                    "current row) exactly: the fewest cards any line leaves, and a line to them.\n\n",
                    "The arguments of :func:`solve`, checked alike; ``rules`` must be ``modern``\n",
                    "(default: the game's, else ``modern``). A blind game is solved from its row\n",
                    "with the talon dealt onto it (dealing everything first loses nothing).\n",
                    "Releases the GIL; Ctrl-C stops it.\n\n",
                    "Returns:\n    A :class:`", $solution_name, "`.\n\n",
                    "Raises:\n    InvalidDealError: text that is not a row, or empty text (a game whose cards\n",
                    "        are all out is a win with no moves).\n",
                    "    InvalidRulesError: rules other than ``modern``.\n",
                    "    InvalidArgumentError: a budget out of range."
                )]
                fn $solve;
            }

            throw_stats! {
                game: Runs<$Rule>;
                #[doc = concat!(
                    "Totals of :func:`", stringify!($simulate), "`: the attributes of :class:`Stats` (piles = cards\n",
                    "left, a win is an empty row), without ``grades``."
                )]
                stats PyStats = $stats_name;
                /// The rule set played: always ``modern``.
                rules;
                /// The strategy that chose the throws: ``greedy`` or ``best``.
                strategy;
                /// Deals won (every card out).
                wins;
                #[doc = concat!(
                    "Play numbered ", $title, " deals ``seed … seed+deals-1`` (``Deal.from_seed(n, cards)``).\n\n",
                    "The arguments of :func:`simulate`; ``rules`` is ``modern`` (or ``None``),\n",
                    "``strategy`` is ``greedy`` (default: the first run in canonical order, a deal\n",
                    "only when no run is left) or ``best`` (the exact solver's line; blind, every\n",
                    "card dealt first, which loses nothing), ``blind`` defaults to False (blind: three\n",
                    "cards laid out, the rest the talon), ``cards`` is 1 to 52. Deterministic for a\n",
                    "seed whatever ``jobs`` is; releases the GIL; Ctrl-C stops it, from any thread.\n\n",
                    "Returns:\n    A :class:`", $stats_name, "`.\n\n",
                    "Raises:\n    InvalidArgumentError: a count, seed or ``jobs`` out of range.\n",
                    "    InvalidRulesError: rules other than ``modern``, or an unknown strategy."
                )]
                fn $simulate(legacy_positional = false);
                extra {}
            }
        }
    };
}

run_game! {
    mod decade = Decade, "Decade";
    classes "DecadeMove", "DecadeOutcome", "DecadeGame", "DecadeSolution", "DecadeStats";
    functions solve_decade, simulate_decade;
    example run "3C" "7D";
    game "A game of Decade (PySolFC's game 816, Ten Twenty Thirty), open or blind.

A run of two or more adjacent cards whose values total 10, 20 or 30 (ace 1,
two to ten at face value, courts 10) is thrown out and the row closes up; the
game is won when every card is out. Blind play is PySolFC's without \"deal all
cards\": three cards laid out, the rest dealt one at a time onto the end of the
row whenever the player likes.";
    pysol "decade";
    example "3C 7D KH 5S 5H"
        => "['out 3C 7D', 'out 3C 7D KH', 'out 3C 7D KH 5S 5H', 'out KH 5S 5H', 'out 5S 5H']";
}

run_game! {
    mod seven_up = SevenUp, "Seven Up";
    classes "SevenUpMove", "SevenUpOutcome", "SevenUpGame", "SevenUpSolution", "SevenUpStats";
    functions solve_seven_up, simulate_seven_up;
    example run "3C" "4D";
    game "A game of Seven Up (PySolFC's game 918, Seventh Wonder, The Magic Seven), open
or blind.

A single 7, or a run of two to four adjacent cards whose ranks total a
multiple of 7 (ace 1 … king 13), is thrown out and the row closes up; the game
is won when every card is out. Blind play is PySolFC's without \"deal all
cards\": three cards laid out, the rest dealt one at a time onto the end of the
row whenever the player likes.";
    pysol "seven-up";
    example "7C 3D 4H KS AC"
        => "['out 7C', 'out 7C 3D 4H', 'out 3D 4H', 'out 3D 4H KS AC', 'out KS AC']";
}
