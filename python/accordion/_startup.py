"""Ctrl-C while the ``accordion`` command is still starting exits quietly.

Importing the package and the command line takes a few tenths of a second; a
Ctrl-C then would end in a traceback of the import, before
:func:`accordion.cli.main` can catch anything. So when this process is the
command (``accordion …`` or ``python -m accordion …``), the first import of
the package puts in a SIGINT handler that writes ``accordion: interrupted``
and exits with status 130 at once (nothing has been done yet that needs
cleaning up), and the same for SIGTERM and SIGHUP (``accordion: stopped by
SIGTERM``, 143 and 129), which would otherwise end the process without a word;
:func:`started`, called by ``main``, gives Ctrl-C back to Python, and ``main``
puts in its own handlers of the other two. Imported by a program of its own,
the package leaves the signals alone.
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


#: The signals that end the command while it starts (and once ``main`` has
#: returned, as the process ends), with what it then says.
_SAID: dict[int, str] = {signal.SIGINT: "interrupted"}
for _name in ("SIGTERM", "SIGHUP"):
    if hasattr(signal, _name):
        _SAID[getattr(signal, _name)] = f"stopped by {_name}"


def _quit(signum: int, frame: FrameType | None) -> None:
    try:
        # What the command printed is not lost (ending, it may still be buffered).
        if sys.stdout is not None:
            sys.stdout.flush()
    except Exception:  # a closed or broken stream: nothing to save
        pass
    try:
        os.write(2, f"accordion: {_SAID.get(signum, 'interrupted')}\n".encode())
    finally:
        os._exit(128 + signum)


def guard() -> bool:
    """Put in the quiet handler if this is the command starting; True if it was.
    Only the main thread can (``signal.signal`` raises ``ValueError`` in another)."""
    if not _is_the_command():
        return False
    try:
        if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
            return False
        signal.signal(signal.SIGINT, _quit)
        for number in _SAID:
            if number != signal.SIGINT and signal.getsignal(number) == signal.SIG_DFL:
                signal.signal(number, _quit)
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

#: The quiet handler (``main`` replaces it with its own for SIGTERM and SIGHUP).
quit_handler = _quit


def ended() -> None:
    """The command has returned and the process ends: a signal now (Dask's client
    closing, the interpreter's own end) has the quiet handler again, which says
    it in one line, rather than Python's default (no line, or a traceback)."""
    if not GUARDED:
        return
    for number in _SAID:
        try:
            signal.signal(number, _quit)
        except (ValueError, OSError):
            continue
