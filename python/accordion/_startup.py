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
import sys

TYPE_CHECKING = False  # (not typing's: importing typing is slow)
if TYPE_CHECKING:
    import signal
    from types import FrameType
else:
    # The C module under `signal`, when there is one: `signal` itself converts its
    # constants to enums at import, and importing `enum` costs more than a tenth of
    # `accordion solve` on one deal (benches/startup.md). The functions are the same
    # ones; only their results are not converted to enums (nothing here needs that).
    try:
        import _signal as signal
    except ImportError:  # an interpreter without it
        import signal

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
    """Put in the quiet handler if this is the command starting; True if it was.
    Only the main thread can (``signal.signal`` raises ``ValueError`` in another)."""
    if not _is_the_command():
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
