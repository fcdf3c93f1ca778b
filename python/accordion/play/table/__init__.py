"""The full-screen table of `accordion play`, in a terminal or a browser.

:func:`run` opens the table on a sitting of any game (the session the game's
registry entry names). It needs the ``play`` extra (``pip install
'accordion-patience[play]'``); :func:`available` says whether it is installed,
so that ``accordion play`` falls back to the line prompt in one line when not.

The screen is :mod:`accordion.play.table.app`, the game as the screen sees it is
:mod:`accordion.play.table.model`, the player's record :mod:`accordion.play.table.record`.
"""

from __future__ import annotations

import contextlib
import importlib.util
import signal
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from accordion.errors import MissingExtraError

if TYPE_CHECKING:
    from accordion.games import Descriptor

#: What to install for the table, said in one line where it is missing.
EXTRA = "pip install 'accordion-patience[play]'"


def missing() -> str | None:
    """The first package of the ``play`` extra that is not installed, or ``None``."""
    for name in ("textual", "platformdirs", "filelock"):
        if importlib.util.find_spec(name) is None:
            return name
    return None


def available() -> bool:
    """Whether the full-screen table can run here."""
    return missing() is None


@contextlib.contextmanager
def _held_signals(app: Any) -> Iterator[None]:
    """While the table runs, SIGINT, SIGTERM and SIGHUP only say they came
    (``app.hold_signal``) when the event loop does not handle them itself (as the
    table starts and as it ends): raised in the middle of Textual starting or of
    the terminal being given back, a ``KeyboardInterrupt`` would leave the terminal
    raw, or a traceback. The handlers before are put back afterwards."""
    from accordion.play.table.app import ENDING_SIGNALS

    app.holding = True
    before: dict[int, Any] = {}
    for number in (*ENDING_SIGNALS, signal.SIGINT):
        with contextlib.suppress(ValueError, OSError):
            before[number] = signal.getsignal(number)
            signal.signal(number, app.hold_signal)
    try:
        yield
    finally:
        app.holding = False
        for number, handler in before.items():
            with contextlib.suppress(ValueError, OSError, TypeError):
                signal.signal(number, handler)


def run(session: Any, *, game: Descriptor, record: bool = True) -> int:
    """Play ``session`` at the full-screen table until the player quits.

    Any exception inside the app ends it with the terminal restored, and is then
    raised here, for the command line to report in one line.
    """
    if not available():
        raise MissingExtraError(f"the table needs {missing()}: {EXTRA}")
    from accordion.play.table.app import TableApp
    from accordion.play.table.model import Table
    from accordion.play.table.record import Record

    app = TableApp(Table(session, game), game=game.name, record=Record() if record else None)
    with _held_signals(app):
        status = app.run()
    if app.held is not None and app.stopped_by is None:
        # A signal while the table started or ended, outside the event loop's
        # handlers: it stops the command all the same.
        app.stopped_by = app.held_cause()
        if isinstance(app.stopped_by, int):
            status = 128 + app.stopped_by
    if app.crash is not None:
        raise app.crash
    if app.record_problem is not None:
        print(f"accordion: {app.record_problem}", file=sys.stderr)
    if app.stopped_by == "interrupt":
        raise KeyboardInterrupt
    if isinstance(app.stopped_by, int):
        name = signal.Signals(app.stopped_by).name
        with contextlib.suppress(OSError, ValueError):
            print(f"accordion: stopped by {name}", file=sys.stderr)
    return 0 if status is None else status
