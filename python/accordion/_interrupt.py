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

:class:`CancelScope` stops the calls of one scope only (a request whose client
went away, a tab closed), leaving every other call alone: the calls made
inside ``with scope:`` join the scope's token (the context variable
``_core._cancel_scopes``), and ``scope.cancel()`` raises their flags.
"""

from __future__ import annotations

from accordion import _core

TYPE_CHECKING = False  # (not typing's: importing typing is slow)
if TYPE_CHECKING:
    import signal
    from types import FrameType, TracebackType
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


class CancelScope:
    """A scope whose long calls can be cancelled from any thread, leaving every
    other call alone.

    Every long call of ``accordion`` (``solve``, ``solve_many``, a hint, ``rate``,
    ``winnable_deal``, ``difficulty_deal``, every game's ``simulate_…``)
    made inside ``with scope:`` runs in the scope; :meth:`cancel`, called from
    any thread, stops those running within milliseconds, each raising
    :class:`~accordion.errors.CancelledError`, and any call made in the scope
    afterwards raises it at once. A scope is cancelled for good.

    The scope is held in a context variable: it covers the calls of the thread
    (or asyncio task) that entered it, and those of the threads that run with a
    copy of its context (``asyncio.to_thread``, ``anyio.to_thread.run_sync``); a
    thread of your own enters it itself (``with scope:`` in that thread). Scopes
    nest: a call stops when any scope around it is cancelled.

    Examples:
        >>> import threading, accordion
        >>> scope = accordion.CancelScope()
        >>> threading.Timer(0.2, scope.cancel).start()
        >>> try:
        ...     with scope:
        ...         accordion.simulate(deals=2**52, jobs=1)
        ... except accordion.CancelledError:
        ...     print("cancelled")
        cancelled
        >>> scope.cancelled
        True
    """

    __slots__ = ("_token",)

    def __init__(self) -> None:
        self._token = _core._CancelToken()

    def cancel(self) -> int:
        """Stop the calls running in the scope now (from any thread) and refuse
        those made in it later; returns how many were running."""
        return self._token.cancel()

    @property
    def cancelled(self) -> bool:
        """Whether :meth:`cancel` was called."""
        return self._token.cancelled

    @property
    def running(self) -> int:
        """How many long calls are running in the scope now (in any thread): a
        call counts from the moment it starts its work until it returns."""
        return self._token.running

    def __enter__(self) -> CancelScope:
        _core._cancel_scopes.set((*_core._cancel_scopes.get(), self._token))
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        # Leave this scope's innermost entry (never a reset: the same scope may be
        # entered by several threads or tasks, each in its own context).
        scopes = list(_core._cancel_scopes.get())
        for place in range(len(scopes) - 1, -1, -1):
            if scopes[place] is self._token:
                del scopes[place]
                break
        _core._cancel_scopes.set(tuple(scopes))

    def __repr__(self) -> str:
        return f"<CancelScope {'cancelled' if self.cancelled else 'active'}>"


def on_sigint(signum: int, frame: FrameType | None) -> None:
    """The SIGINT handler :func:`install` puts in: :func:`interrupt`, then
    Python's (``KeyboardInterrupt``)."""
    interrupt()
    signal.default_int_handler(signum, frame)


def install() -> bool:
    """Chain :func:`interrupt` before Python's SIGINT handler; True if installed.
    Only the main thread can (``signal.signal`` raises ``ValueError`` in another)."""
    try:
        if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
            return signal.getsignal(signal.SIGINT) is on_sigint
        signal.signal(signal.SIGINT, on_sigint)
    except (ValueError, OSError):  # no signals here (an embedded interpreter)
        return False
    return True


# The command's stop -------------------------------------------------------------
# A command (the command line) that ends on a signal says so here, in its
# handlers: what it is doing may catch the ``KeyboardInterrupt`` the handler
# raises (the line prompt ends only the command it runs on Ctrl-C) or drop it
# (Python only prints one raised in a finalizer; C code may clear it).

#: Whether the command was told to stop (Ctrl-C or an ending signal): long work
#: that reports progress raises ``KeyboardInterrupt`` again (the command line's
#: progress line does).
told_to_stop = False

#: The ending signal (SIGTERM, SIGHUP) that stops the command, if one did: the
#: command ends, whatever caught the ``KeyboardInterrupt``.
ending_signal: int | None = None


def tell_to_stop(ending: int | None = None) -> None:
    """Mark the command as told to stop; ``ending``: by that ending signal."""
    global told_to_stop, ending_signal
    told_to_stop = True
    if ending is not None and ending_signal is None:
        ending_signal = ending


def clear_stop() -> None:
    """A command starts: not told to stop."""
    global told_to_stop, ending_signal
    told_to_stop = False
    ending_signal = None
