"""Ctrl-C stops long calls in every thread, not only in the main one.

Python delivers a signal to the main thread only, so a ``solve_many`` or a
``simulate`` running in a worker thread would not notice Ctrl-C and would play
its whole batch. Every long call of the core registers its cancel flag while
it runs (``rust/python/interrupt.rs``); :func:`interrupt` raises them all, and
each of those calls then raises ``KeyboardInterrupt`` within milliseconds.

On import, in the main thread, :func:`install` chains a SIGINT handler that
calls :func:`interrupt` before Python's own handler (which raises
``KeyboardInterrupt`` in the main thread as usual). It does so only when
SIGINT has Python's default handler: a handler of the program's own is left
alone (call :func:`interrupt` from it). Besides, a call in a worker thread
stops by itself once the main thread has ended (an uncaught
``KeyboardInterrupt`` ends it, and the interpreter would otherwise wait for
the worker's whole batch before exiting).
"""

from __future__ import annotations

from accordion import _core

TYPE_CHECKING = False  # (not typing's: importing typing is slow)
if TYPE_CHECKING:
    import signal
    from types import FrameType
else:
    # `signal`'s C module, as in accordion._startup (`signal` imports `enum`, slowly).
    try:
        import _signal as signal
    except ImportError:  # an interpreter without it
        import signal


def interrupt() -> int:
    """Stop every long call of ``accordion`` running now, in any thread; each
    raises ``KeyboardInterrupt``. Returns how many calls were told to stop."""
    return _core._interrupt_all()


def _on_sigint(signum: int, frame: FrameType | None) -> None:
    interrupt()
    signal.default_int_handler(signum, frame)


def install() -> bool:
    """Chain :func:`interrupt` before Python's SIGINT handler; True if installed.
    Only the main thread can (``signal.signal`` raises ``ValueError`` in another)."""
    try:
        if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
            return signal.getsignal(signal.SIGINT) is _on_sigint
        signal.signal(signal.SIGINT, _on_sigint)
    except (ValueError, OSError):  # no signals here (an embedded interpreter)
        return False
    return True
