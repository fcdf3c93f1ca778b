"""A progress line on stderr, shown only when stderr is a terminal."""

from __future__ import annotations

import sys
import time


class Progress:
    """`label: done/total (pct) elapsed` redrawn in place, at most ten times a second."""

    def __init__(self, total: int, label: str) -> None:
        self.total = total
        self.label = label
        self.enabled = sys.stderr.isatty() and total > 1
        self.start = time.monotonic()
        self.last = 0.0

    def update(self, done: int) -> None:
        now = time.monotonic()
        if not self.enabled or (now - self.last < 0.1 and done < self.total):
            return
        self.last = now
        share = done / self.total if self.total else 1.0
        width = 30
        bar = "#" * int(share * width)
        sys.stderr.write(
            f"\r{self.label}: [{bar:<{width}}] {done:,}/{self.total:,} "
            f"({share:.0%}) {now - self.start:.1f}s"
        )
        sys.stderr.flush()

    def close(self) -> None:
        if self.enabled:
            sys.stderr.write("\n")
            sys.stderr.flush()
