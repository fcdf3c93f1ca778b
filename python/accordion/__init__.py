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

__all__ = [
    "AccordionError",
    "CancelScope",
    "CancelledError",
    "IllegalMoveError",
    "InvalidArgumentError",
    "InvalidCardError",
    "InvalidDealError",
    "InvalidMoveError",
    "InvalidRulesError",
    "NoMoveToUndoError",
    "__version__",
    "interrupt",
    "save_svg",
    "svg",
]

try:
    # Every class and function of the core, by its __all__: each game's classes and
    # functions are public here without being named again.
    from accordion import _core
    from accordion._core import *  # noqa: F403
    from accordion._core import __version__
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
    __all__ += _core.__all__
    from accordion._interrupt import CancelScope, interrupt
    from accordion._interrupt import install as _install_sigint
    from accordion._renamed import install as _install_renamed
    from accordion.svg import save_svg, svg

    _install_sigint()
    _install_renamed(_core)  # the pickles of earlier versions' classes
_install_moved()
