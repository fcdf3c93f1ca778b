"""A progress line on stderr, shown only when stderr is a terminal.

The line is drawn in place (``\\r``) and erased (``\\r`` + clear to end of line)
before anything else is printed: results (:meth:`Progress.clear` before each
batch of output), the end (:meth:`Progress.close`) and an error or an interrupt
(:func:`clear_active`, called by the CLI's one error handler), so that no
message lands on the end of a half-drawn bar.
"""

from __future__ import annotations

import sys
import time

from accordion import _interrupt

ERASE = "\r\x1b[K"

_active: list[Progress] = []


def clear_active() -> None:
    """Erase the progress line being drawn, if any (before an error line)."""
    for progress in _active:
        progress.clear()


def duration(seconds: float) -> str:
    """``seconds`` as people read a time left: ``42 s``, ``3 min 05 s``, ``2 h 07 min``."""
    whole = max(0, round(seconds))
    if whole < 60:
        return f"{whole} s"
    minutes, secs = divmod(whole, 60)
    if minutes < 60:
        return f"{minutes} min {secs:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours:,} h {minutes:02d} min"


class Progress:
    """`label: [###   ] done/total (pct) rate/s, T left, elapsed` redrawn in place,
    at most ten times a second. The rate and the time left are those of the run
    so far (deals done over seconds elapsed), shown from the first deal done; a
    run resumed from a checkpoint counts only the deals it computes itself
    (:meth:`resume`). Called, it is :meth:`update` (a batch's ``progress=``)."""

    def __init__(self, total: int, label: str, unit: str = "deals") -> None:
        self.total = total
        self.label = label
        self.unit = unit
        # `2>&-`: no stderr at all (None), or one closed under Python.
        try:
            self.enabled = sys.stderr is not None and sys.stderr.isatty() and total > 1
        except (OSError, ValueError):
            self.enabled = False
        self.start = time.monotonic()
        # Deals read back from a checkpoint, and when this run's own work began.
        self.resumed = 0
        self.since = self.start
        self.last = 0.0
        self.drawn = False
        if self.enabled:
            _active.append(self)

    def resume(self, deals: int) -> None:
        """``deals`` of the total were done by an earlier run (a checkpoint holds
        them): the rate and the time left count only what follows."""
        self.resumed = deals
        self.since = time.monotonic()

    def __call__(self, done: int) -> None:
        self.update(done)

    def update(self, done: int) -> None:
        """Redraw the line for ``done`` of the total finished (at most ten times a
        second); raise ``KeyboardInterrupt`` if the command was told to stop (every
        long command draws its progress as it goes: a ``KeyboardInterrupt`` that
        other code dropped is raised again here)."""
        if _interrupt.told_to_stop:
            raise KeyboardInterrupt
        now = time.monotonic()
        if not self.enabled or (now - self.last < 0.1 and done < self.total):
            return
        self.last = now
        # Marked drawn before it is written: a Ctrl-C that lands between the write
        # and the mark must still find the line to erase before the error line.
        self.drawn = True
        self._write("\r" + self.line(done, now - self.start, now - self.since) + "\x1b[K")

    def line(self, done: int, elapsed: float, working: float | None = None) -> str:
        """The text of the line for ``done`` finished after ``elapsed`` seconds, of
        which ``working`` (default: all) since this run's own work began."""
        working = elapsed if working is None else working
        computed = done - self.resumed
        share = done / self.total if self.total else 1.0
        width = 30
        bar = "#" * int(share * width)
        text = f"{self.label}: [{bar:<{width}}] {done:,}/{self.total:,} ({share:.0%})"
        if computed > 0 and done < self.total and working > 0:
            rate = computed / working
            shown = f"{rate:,.0f}" if rate >= 10 else f"{rate:.2g}"
            left = (self.total - done) / rate
            text += f" {shown} {self.unit}/s, {duration(left)} left"
        return f"{text}, {elapsed:.1f} s"

    def clear(self) -> None:
        """Erase the line (it is drawn again at the next update)."""
        if self.drawn:
            self._write(ERASE)
            self.drawn = False
            self.last = 0.0

    @staticmethod
    def _write(text: str) -> None:
        """Write to stderr; a progress line that cannot be drawn is left out."""
        try:
            sys.stderr.write(text)
            sys.stderr.flush()
        except (OSError, ValueError, AttributeError):
            pass

    def close(self) -> None:
        """Erase the line, if one was drawn, and stop drawing it."""
        self.clear()
        if self in _active:
            _active.remove(self)
