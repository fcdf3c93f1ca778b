"""PySolFC's Accordion (game 772) numbers 1 … N: how many the solver wins, how many
the strict forced game wins (with the list), and how fast the numberings generate.

    python benches/pysol.py [--last N] [--repeat R] [--jobs J]

Run from the repository root with the package installed. Prints a Markdown report:
the solver's verdicts (open row, modern rules: PySolFC's Accordion), the numbers the
forced game wins under `strict` and `strict-leap` (open and blind give the same
forced game with one-way moves; both are checked), and the median time per deal of
`Deal.from_pysol` (LCG numbers and Twister numbers), `Deal.from_solvitaire` and
`Deal.from_knuth`, in the Rust core and the reference engine (median of R runs).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from types import ModuleType

import accordion
import accordion._core as core
import accordion.reference as reference


def forced_wins(rules: str, blind: bool, numbers: range) -> list[int]:
    wins = []
    for number in numbers:
        game = accordion.Game(accordion.Deal.from_pysol(number), rules, blind=blind)
        if accordion.solve(game).result == "win":
            wins.append(number)
    return wins


def per_deal(make: Callable[[int], object], numbers: range, repeat: int) -> float:
    """The median over ``repeat`` runs of the seconds per deal."""
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        for number in numbers:
            make(number)
        runs.append((time.perf_counter() - start) / len(numbers))
    return statistics.median(runs)


def timings(engine: ModuleType, repeat: int) -> dict[str, float]:
    deal = engine.Deal
    return {
        "from_pysol, LCG (1 … 1,000)": per_deal(deal.from_pysol, range(1, 1001), repeat),
        "from_pysol, Twister (10^12 …)": per_deal(
            deal.from_pysol, range(10**12, 10**12 + 1000), repeat
        ),
        "from_pysol, Royal Marriage": per_deal(
            lambda n: deal.from_pysol(n, "royal-marriage"), range(1, 1001), repeat
        ),
        "pysol_goal (Accordion's Revenge)": per_deal(engine.pysol_goal, range(1, 1001), repeat),
        "from_solvitaire": per_deal(deal.from_solvitaire, range(1000), repeat),
        "from_knuth": per_deal(deal.from_knuth, range(1000), repeat),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--last", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--jobs", type=int, default=None)
    args = parser.parse_args()
    numbers = range(1, args.last + 1)

    deals = [accordion.Deal.from_pysol(n) for n in numbers]
    start = time.perf_counter()
    solutions = accordion.solve_many(deals, jobs=args.jobs)
    solve_seconds = time.perf_counter() - start
    results = [s.result for s in solutions]
    print(f"## PySolFC Accordion (772) games 1 … {args.last:,}\n")
    print(
        f"- solver (open, modern): {results.count('win')} won, {results.count('loss')} lost, "
        f"{results.count('unknown')} unknown; {solve_seconds:.1f} s in all"
    )
    for rules in ("strict", "strict-leap"):
        open_wins = forced_wins(rules, False, numbers)
        blind_wins = forced_wins(rules, True, numbers)
        same = "the same open and blind" if open_wins == blind_wins else f"blind: {blind_wins}"
        print(f"- `{rules}` forced game: {len(open_wins)} won ({same}): {open_wins}")
    print("\n## Generation, median seconds per deal\n")
    print("| generator | Rust core | reference | ratio |")
    print("|---|---|---|---|")
    fast, slow = timings(core, args.repeat), timings(reference, args.repeat)
    for name in fast:
        print(
            f"| {name} | {fast[name] * 1e6:.1f} µs | {slow[name] * 1e6:.1f} µs "
            f"| {slow[name] / fast[name]:.0f}× |"
        )


if __name__ == "__main__":
    main()
