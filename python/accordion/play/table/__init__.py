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
    status = app.run()
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
