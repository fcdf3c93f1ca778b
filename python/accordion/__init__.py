"""Accordion (Idle Year, Tower of Babel, Leapfrog): a fast Rust rules engine,
solver and simulator with a typed Python API.

Examples:
    >>> from accordion import Deal, Game
    >>> game = Game(Deal.parse("7H 7S 8S KS"))
    >>> [str(move) for move in game.legal_moves]
    ['7S>7H', '8S>7S', 'KS>8S']
    >>> game.play("KS>8S")
    Move('KS', '8S')
    >>> game.tops
    [Card('7H'), Card('7S'), Card('KS')]
"""

# First, for its side effect: a Ctrl-C while the command line starts must not
# end in a traceback (accordion/_startup.py).
from accordion import _startup  # noqa: F401

# The errors and the reference engine (the executable specification) import and
# run without the compiled core; everything else here needs it, and says so.
from accordion._moved import install as _install_moved
from accordion.errors import (
    AccordionError,
    CancelledError,
    IllegalMoveError,
    InvalidArgumentError,
    InvalidCardError,
    InvalidDealError,
    InvalidMoveError,
    InvalidRulesError,
    NoMoveToUndoError,
)

try:
    from accordion._core import (
        MAX_JOBS,
        AccordianGame,
        AccordianMove,
        AccordianOutcome,
        AccordianSolution,
        AccordianStats,
        BayanGame,
        BayanMove,
        BayanOutcome,
        BayanSolution,
        BayanStats,
        Card,
        Deal,
        DecadeGame,
        DecadeMove,
        DecadeOutcome,
        DecadeSolution,
        DecadeStats,
        Game,
        LegalMoves,
        Move,
        Outcome,
        Rating,
        RoyalGame,
        RoyalMove,
        RoyalOutcome,
        RoyalSolution,
        RoyalStats,
        Rules,
        SevenUpGame,
        SevenUpMove,
        SevenUpOutcome,
        SevenUpSolution,
        SevenUpStats,
        Solution,
        Stats,
        __version__,
        difficulty_deal,
        play_uva,
        pysol_goal,
        rate,
        royal_deal,
        simulate,
        simulate_accordian,
        simulate_bayan,
        simulate_decade,
        simulate_royal,
        simulate_seven_up,
        solve,
        solve_accordian,
        solve_bayan,
        solve_decade,
        solve_many,
        solve_royal,
        solve_seven_up,
        winnable_deal,
    )
except ImportError as _missing:
    if _missing.name != "accordion._core":
        raise
    _CORE_MISSING: ImportError | None = _missing
    TYPE_CHECKING = False  # (not typing's: importing typing is slow)
    if not TYPE_CHECKING:  # a type checker reads the names above, always there

        def __getattr__(name: str) -> object:
            """Each name of the compiled core, asked for without it: one clear error."""
            raise ImportError(
                f"accordion.{name} needs the compiled core, accordion._core, which is not "
                f"installed or cannot load ({_CORE_MISSING}); accordion.errors and "
                "accordion.reference work without it",
                name="accordion._core",
            )

    del TYPE_CHECKING

else:
    _CORE_MISSING = None
    from accordion._interrupt import CancelScope, interrupt
    from accordion._interrupt import install as _install_sigint
    from accordion.svg import save_svg, svg

    _install_sigint()
_install_moved()

__all__ = [
    "MAX_JOBS",
    "AccordianGame",
    "AccordianMove",
    "AccordianOutcome",
    "AccordianSolution",
    "AccordianStats",
    "AccordionError",
    "BayanGame",
    "BayanMove",
    "BayanOutcome",
    "BayanSolution",
    "BayanStats",
    "CancelScope",
    "CancelledError",
    "Card",
    "Deal",
    "DecadeGame",
    "DecadeMove",
    "DecadeOutcome",
    "DecadeSolution",
    "DecadeStats",
    "Game",
    "IllegalMoveError",
    "InvalidArgumentError",
    "InvalidCardError",
    "InvalidDealError",
    "InvalidMoveError",
    "InvalidRulesError",
    "LegalMoves",
    "Move",
    "NoMoveToUndoError",
    "Outcome",
    "Rating",
    "RoyalGame",
    "RoyalMove",
    "RoyalOutcome",
    "RoyalSolution",
    "RoyalStats",
    "Rules",
    "SevenUpGame",
    "SevenUpMove",
    "SevenUpOutcome",
    "SevenUpSolution",
    "SevenUpStats",
    "Solution",
    "Stats",
    "__version__",
    "difficulty_deal",
    "interrupt",
    "play_uva",
    "pysol_goal",
    "rate",
    "royal_deal",
    "save_svg",
    "simulate",
    "simulate_accordian",
    "simulate_bayan",
    "simulate_decade",
    "simulate_royal",
    "simulate_seven_up",
    "solve",
    "solve_accordian",
    "solve_bayan",
    "solve_decade",
    "solve_many",
    "solve_royal",
    "solve_seven_up",
    "svg",
    "winnable_deal",
]
