"""The closing line of `accordion solve`: verdict counts and solving times, kept
in bounded memory however many deals stream past."""

from __future__ import annotations

import math
from array import array

from accordion.games import plural

TYPE_CHECKING = False  # (not typing's: importing typing is slow)
if TYPE_CHECKING:
    from accordion import BayanSolution, RoyalSolution, Solution

#: Up to this many deals the median time is exact; beyond, it comes from
#: logarithmic bins 0.1% wide (a few thousand counters, not one float per deal).
EXACT = 1 << 20
STEP = math.log(1.001)


class Tally:
    """Counts of win/loss/unknown, the median and the longest solving time."""

    def __init__(self) -> None:
        self.counts = {"win": 0, "loss": 0, "unknown": 0}
        self.longest = 0.0
        self._millis: array[float] | None = array("d")
        self._bins: dict[int, int] = {}

    @property
    def deals(self) -> int:
        """Solutions counted so far."""
        return sum(self.counts.values())

    def add(self, solution: Solution | RoyalSolution | BayanSolution) -> None:
        """Count one more solution: its verdict and its solving time."""
        self.counts[solution.result] += 1
        millis = solution.seconds * 1000
        self.longest = max(self.longest, millis)
        if self._millis is None:
            self._bin(millis)
            return
        self._millis.append(millis)
        if len(self._millis) > EXACT:
            for value in self._millis:
                self._bin(value)
            self._millis = None

    def _bin(self, millis: float) -> None:
        key = math.floor(math.log(millis) / STEP) if millis > 0 else -(2**31)
        self._bins[key] = self._bins.get(key, 0) + 1

    def median(self) -> tuple[float, bool]:
        """The median time in ms, and whether it is exact (else within 0.05%)."""
        if self._millis is not None:
            # statistics.median's rule, without importing `statistics` (with
            # `fractions`, `decimal`, `random` and `re`: a few milliseconds).
            ordered = sorted(self._millis)
            middle = len(ordered) // 2
            if len(ordered) % 2:
                return ordered[middle], True
            return (ordered[middle - 1] + ordered[middle]) / 2 if ordered else 0.0, True
        half, seen = self.deals / 2, 0
        for key in sorted(self._bins):
            seen += self._bins[key]
            if seen >= half:
                return (0.0 if key == -(2**31) else math.exp((key + 0.5) * STEP)), False
        return self.longest, False

    def line(self) -> str:
        """The summary line: wins, losses, unknown, the median and the longest time."""
        median, exact = self.median()
        counts = self.counts
        return (
            f"{plural(self.deals, 'deal')}: {counts['win']:,} win, {counts['loss']:,} loss, "
            f"{counts['unknown']:,} unknown; median {'' if exact else '≈'}{median:,.2f} ms, "
            f"max {self.longest:,.2f} ms"
        )
