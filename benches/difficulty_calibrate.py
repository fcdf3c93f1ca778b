"""Calibrate the difficulty levels: for each row length, rate the numbered open deals
1, 2, … of a game under its default rules (Accordion's: modern) until WINNABLE of them
can be won, and print the level thresholds (terciles of their difficulty) as the rows of
the game's calibration table (Accordion's `CALIBRATION` in `rust/choose/level.rs`, each
throw game's `levels` among its facts), with the share of the deals in each band.

    python benches/difficulty_calibrate.py [--game NAME] [--winnable N] [--cards K ...]

Run from the repository root with the package installed. The measure is exact (no
timing involved), so the output is the same on every machine. Each threshold lies
halfway between two neighbouring difficulties met, where the share of deals below it is
nearest 1/3 (2/3), so no calibration deal lies on a threshold.
"""

from __future__ import annotations

import argparse
import itertools

import accordion
from accordion.games import find_game

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
    parser.add_argument("--game", default="accordion")
    args = parser.parse_args()
    game = find_game(args.game)
    numbered = game.numbered()
    print(
        f"// {args.winnable:,} winnable numbered {game.title} deals per length, "
        f"{game.rules[0]} rules"
    )
    for cards in args.cards:
        values: list[float] = []
        number = undecided = 0
        while len(values) < args.winnable:
            number += 1
            rating = accordion.rate(numbered(number, cards), game=game.name)
            # A deal the rating's solver cannot decide within its budget is left
            # out (counted), as the walk to a level passes it over.
            undecided += rating.result == "unknown"
            if rating.difficulty is not None:
                values.append(rating.difficulty)
        values.sort()
        easy, below_easy = cut(values, 1 / 3)
        medium, below_medium = cut(values, 2 / 3)
        if medium <= easy:
            # More than two thirds share the easiest difficulty (Seven Up: most
            # winnable deals offer no move that loses): those are easy, and the
            # rest is cut in half.
            medium, below_medium = cut([v for v in values if v > easy], 1 / 2)
            below_medium = below_easy + below_medium * (1 - below_easy)
        assert easy < medium
        print(
            f"    ({cards}, {easy}, {medium}), // deals 1-{number:,}: "
            f"{below_easy:.1%} / {below_medium - below_easy:.1%} / {1 - below_medium:.1%}"
            + (f", {undecided} undecided" if undecided else "")
        )


if __name__ == "__main__":
    main()
