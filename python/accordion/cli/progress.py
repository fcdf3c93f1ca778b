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

ERASE = "\r\x1b[K"

_active: list[Progress] = []


def clear_active() -> None:
    """Erase the progress line being drawn, if any (before an error line)."""
    for progress in _active:
        progress.clear()


class Progress:
    """`label: done/total (pct) elapsed` redrawn in place, at most ten times a second."""

    def __init__(self, total: int, label: str) -> None:
        self.total = total
        self.label = label
        self.enabled = sys.stderr.isatty() and total > 1
        self.start = time.monotonic()
        self.last = 0.0
        self.drawn = False
        if self.enabled:
            _active.append(self)

    def update(self, done: int) -> None:
        """Redraw the line for ``done`` of the total finished (at most ten times a second)."""
        now = time.monotonic()
        if not self.enabled or (now - self.last < 0.1 and done < self.total):
            return
        self.last = now
        share = done / self.total if self.total else 1.0
        width = 30
        bar = "#" * int(share * width)
        # Marked drawn before it is written: a Ctrl-C that lands between the write
        # and the mark must still find the line to erase before the error line.
        self.drawn = True
        sys.stderr.write(
            f"\r{self.label}: [{bar:<{width}}] {done:,}/{self.total:,} "
            f"({share:.0%}) {now - self.start:.1f} s"
        )
        sys.stderr.flush()

    def clear(self) -> None:
        """Erase the line (it is drawn again at the next update)."""
        if self.drawn:
            sys.stderr.write(ERASE)
            sys.stderr.flush()
            self.drawn = False
            self.last = 0.0

    def close(self) -> None:
        """Erase the line, if one was drawn, and stop drawing it."""
        self.clear()
        if self in _active:
            _active.remove(self)
