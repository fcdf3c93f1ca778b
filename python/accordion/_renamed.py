"""Names of the compiled core that are gone, still answered where pickles of earlier
versions name them.

Push Pin had classes of its own (``PushPinMove``, ``PushPinGame``, ``PushPinSolution``,
``PushPinStats`` …); Royal Marriage's classes now play it (``game="push-pin"``). A
pickle of a Push Pin move, solution or statistics calls a method of its old class
(``PushPinMove.parse``, ``PushPinSolution.from_dict``,
``PushPinStats.from_histogram``); :func:`install` gives ``accordion._core`` a module
``__getattr__`` that answers those three names with that one method, which makes the
value with Royal Marriage's class, of Push Pin. (Games and outcomes pickled through
``_restore``, which the core's registry maps.) No old class is kept: any other use
of an old name is an ``AttributeError`` saying what replaced it.
"""

from __future__ import annotations

import types

TYPE_CHECKING = False  # (not typing's: `import accordion` does not import typing)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

#: Push Pin's old classes and functions → the replacement, in words.
PUSH_PIN = {
    "PushPinMove": "RoyalMove(text, game='push-pin')",
    "PushPinOutcome": "RoyalOutcome",
    "PushPinGame": "RoyalGame(deal, game='push-pin')",
    "PushPinSolution": "RoyalSolution",
    "PushPinStats": "RoyalStats",
    "solve_push_pin": "solve_royal(position, game='push-pin')",
    "simulate_push_pin": "simulate_royal(..., game='push-pin')",
}


def _pickled(core: types.ModuleType) -> dict[str, tuple[str, Callable[..., Any]]]:
    """The method each old class's pickles call, as Royal Marriage's class of Push Pin."""
    return {
        "PushPinMove": ("parse", lambda text: core.RoyalMove.parse(text, game="push-pin")),
        "PushPinSolution": (
            "from_dict",
            lambda data: core.RoyalSolution.from_dict({**data, "game": "push-pin"}),
        ),
        "PushPinStats": (
            "from_histogram",
            lambda *args: core.RoyalStats.from_histogram(*args, game="push-pin"),
        ),
    }


def install(core: types.ModuleType) -> None:
    """Answer the old names on ``core`` (``accordion._core``), as the docstring says."""
    pickled = _pickled(core)

    def __getattr__(name: str) -> object:
        if name in pickled:
            import warnings

            warnings.warn(
                f"accordion._core.{name} is gone: Push Pin is played by Royal Marriage's "
                f"classes ({PUSH_PIN[name]}); a pickle of a {name} loads as one of those",
                DeprecationWarning,
                stacklevel=2,
            )
            method, made = pickled[name]
            return types.SimpleNamespace(**{method: made})
        if name in PUSH_PIN:
            raise AttributeError(
                f"accordion._core.{name} is gone: Push Pin is played by Royal Marriage's "
                f"classes: use {PUSH_PIN[name]}",
                name=name,
                obj=core,
            )
        raise AttributeError(f"module 'accordion._core' has no attribute {name!r}")

    setattr(core, "__getattr__", __getattr__)  # noqa: B010 (a module attribute PEP 562 reads)
