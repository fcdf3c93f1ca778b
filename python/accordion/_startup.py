"""Ctrl-C while the ``accordion`` command is still starting exits quietly.

Importing the package and the command line takes a few tenths of a second; a
Ctrl-C then would end in a traceback of the import, before
:func:`accordion.cli.main` can catch anything. So when this process is the
command (``accordion …`` or ``python -m accordion …``), the first import of
the package puts in a SIGINT handler that writes ``accordion: interrupted``
and exits with status 130 at once (nothing has been done yet that needs
cleaning up); :func:`started`, called by ``main``, gives Ctrl-C back to Python.
Imported by a program of its own, the package leaves SIGINT alone.
"""

from __future__ import annotations

import itertools
import os
import signal
import sys
import threading
from types import FrameType

#: The exit status of a command stopped by Ctrl-C (128 + SIGINT).
INTERRUPTED = 130


def _is_the_command() -> bool:
    """Whether this process runs the ``accordion`` command line."""
    if sys.argv and os.path.basename(sys.argv[0]) == "accordion":
        return True
    original = list(getattr(sys, "orig_argv", []))
    return any(pair == ("-m", "accordion") for pair in itertools.pairwise(original))


def _quit(signum: int, frame: FrameType | None) -> None:
    try:
        os.write(2, b"accordion: interrupted\n")
    finally:
        os._exit(INTERRUPTED)


def guard() -> bool:
    """Put in the quiet handler if this is the command starting; True if it was."""
    if not _is_the_command() or threading.current_thread() is not threading.main_thread():
        return False
    try:
        if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
            return False
        signal.signal(signal.SIGINT, _quit)
    except (ValueError, OSError):
        return False
    return True


def started() -> None:
    """The command has started: Ctrl-C raises ``KeyboardInterrupt`` again."""
    try:
        if signal.getsignal(signal.SIGINT) is _quit:
            signal.signal(signal.SIGINT, signal.default_int_handler)
    except (ValueError, OSError):
        return


#: Whether the quiet handler was put in by this import.
GUARDED = guard()
