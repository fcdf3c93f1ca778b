"""PySolFC's Bayan (game 656) numbers 1 … N: how many the solver wins, and how long
that takes; and, for comparison, the share of this package's numbered deals that
can be won at several row lengths.

    python benches/bayan.py [--last N] [--numbered M]

Run from the repository root with the package installed. Prints a Markdown report.
Every verdict is checked outside the timing: each line is replayed through the
reference engine (``accordion.reference.bayan``) and must leave exactly the cards
the solver says (none for a win). Times are wall-clock through Python: the whole
loop over ``solve_bayan`` (one call per deal), and the slowest single solve.
"""

from __future__ import annotations

import argparse
import time

import accordion
from accordion.reference import bayan as reference


def replay_ok(solution: accordion.BayanSolution) -> bool:
    game = reference.BayanGame(solution.deal)
    for move in solution.moves:
        game.play(str(move))
    return len(game.cards) == solution.cards and (solution.result != "win" or game.outcome.won)


def pysol(last: int) -> list[str]:
    deals = [accordion.Deal.from_pysol(n, "bayan") for n in range(1, last + 1)]
    start = time.perf_counter()
    solutions = [accordion.solve_bayan(deal) for deal in deals]
    seconds = time.perf_counter() - start
    counts = {"win": 0, "loss": 0, "unknown": 0}
    for solution in solutions:
        counts[solution.result] += 1
    assert all(replay_ok(s) for s in solutions), "a line did not replay"
    slowest = max(solutions, key=lambda s: s.seconds)
    number = solutions.index(slowest) + 1
    nodes = max(s.nodes for s in solutions)
    lost = [n for n, s in enumerate(solutions, 1) if s.result != "win"]
    return [
        f"## PySolFC Bayan (656) games 1 … {last:,}",
        "",
        f"- solver (open row, PySolFC's rules): {counts['win']:,} won, {counts['loss']:,} lost, "
        f"{counts['unknown']:,} unknown; {seconds:.3f} s for all {last:,} "
        f"({seconds / last * 1e6:,.0f} µs a deal through Python)",
        f"- not won: {lost if lost else 'none'}",
        f"- slowest: game {number}, {slowest.seconds * 1e3:.2f} ms; most positions expanded "
        f"in one solve: {nodes:,}",
        "- every line replayed through the reference engine: each win empties the row",
        "",
    ]


def numbered(count: int) -> list[str]:
    rows = [
        f"## This package's numbered deals 0 … {count - 1:,}: share that can be won",
        "",
        "| cards | won | lost | unknown | seconds |",
        "|---|---|---|---|---|",
    ]
    for cards in (8, 16, 24, 32, 52):
        start = time.perf_counter()
        counts = {"win": 0, "loss": 0, "unknown": 0}
        for seed in range(count):
            solution = accordion.solve_bayan(accordion.Deal.from_seed(seed, cards))
            counts[solution.result] += 1
        seconds = time.perf_counter() - start
        rows.append(
            f"| {cards} | {counts['win']:,} | {counts['loss']:,} | {counts['unknown']:,} "
            f"| {seconds:.2f} |"
        )
    return [*rows, ""]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--last", type=int, default=1000, help="PySolFC numbers 1 … N")
    parser.add_argument("--numbered", type=int, default=1000, help="numbered deals per length")
    args = parser.parse_args()
    print("\n".join([*pysol(args.last), *numbered(args.numbered)]))


if __name__ == "__main__":
    main()
