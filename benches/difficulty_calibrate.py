"""Calibrate the difficulty levels: for each row length, rate the numbered open deals
1, 2, … under the modern rules until WINNABLE of them can be won, and print the level
thresholds (terciles of their difficulty) as the rows of `CALIBRATION` in
`rust/choose/difficulty.rs`, with the share of the deals in each band.

    python benches/difficulty_calibrate.py [--winnable N] [--cards K ...]

Run from the repository root with the package installed. The measure is exact (no
timing involved), so the output is the same on every machine. Each threshold lies
halfway between two neighbouring difficulties met, where the share of deals below it is
nearest 1/3 (2/3), so no calibration deal lies on a threshold.
"""

from __future__ import annotations

import argparse
import itertools

import accordion

LENGTHS = (*range(8, 21), 26, 39, 52)


def cut(values: list[float], share: float) -> tuple[float, float]:
    """The threshold between two neighbouring distinct values of ``values`` (sorted) whose
    share below is nearest ``share``, and that share."""
    distinct = sorted(set(values))
    best: tuple[float, float, float] | None = None
    for low, high in itertools.pairwise(distinct):
        below = sum(1 for v in values if v <= low) / len(values)
        if best is None or abs(below - share) < abs(best[2] - share):
            best = (low, high, below)
    assert best is not None, "fewer than two distinct difficulties"
    low, high, below = best
    return round((low + high) / 2, 6), below


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--winnable", type=int, default=1000)
    parser.add_argument("--cards", type=int, nargs="*", default=list(LENGTHS))
    args = parser.parse_args()
    print(f"// {args.winnable:,} winnable numbered deals per length, modern rules")
    for cards in args.cards:
        values: list[float] = []
        number = 0
        while len(values) < args.winnable:
            number += 1
            rating = accordion.rate(accordion.Deal.from_seed(number, cards))
            assert rating.result != "unknown", (cards, number)
            if rating.difficulty is not None:
                values.append(rating.difficulty)
        values.sort()
        easy, below_easy = cut(values, 1 / 3)
        medium, below_medium = cut(values, 2 / 3)
        assert easy < medium
        print(
            f"    ({cards}, {easy}, {medium}), // deals 1-{number:,}: "
            f"{below_easy:.1%} / {below_medium - below_easy:.1%} / {1 - below_medium:.1%}"
        )


if __name__ == "__main__":
    main()
