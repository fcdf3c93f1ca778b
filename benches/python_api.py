"""The Rust core measured through its Python API: call overhead and whole jobs.

Five workloads, each timed once per run in CPU seconds of this process
(``time.process_time``: on a machine shared with other jobs, wall-clock time also
counts the time others take; every workload runs on one thread). The figures are
rates per CPU-second, higher is better:

- ``small calls``: ``Deal.parse``, ``str``, ``Card`` access and ``legal_moves`` on
  a short row, in a tight loop: where the cost of crossing from Python into the
  extension module (and so the stable ABI, abi3, against the version-specific one)
  shows most;
- ``playouts``: random legal playouts through ``Game`` (as ``benches/playouts.py``);
- ``solve``: ``solve`` of numbered 52-card deals one call at a time;
- ``solve_many``: the same deals in one ``solve_many`` call, one thread;
- ``simulate``: ``simulate(rules="strict")``, one thread.

    python benches/python_api.py [--runs R] [--only NAME] [--json]

Run with the package installed. Prints one line per workload (median of R runs), or
with ``--json`` one object {workload: [rate of each run]}, for comparing two builds
run alternately (see benches/python-api-results.md).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable

from common import random_playouts

import accordion
from accordion import Deal, Game, simulate, solve, solve_many

SHORT_ROW = "7H 7S 8S KS 9D 9H 2H QC"


def small_calls(n: int = 100_000) -> float:
    """Calls into the extension per CPU-second (five per loop)."""
    start = time.process_time()
    for _ in range(n // 5):
        deal = Deal.parse(SHORT_ROW)
        str(deal)
        deal[0].rank  # noqa: B018
        game = Game(deal)
        len(game.legal_moves)
    return n / (time.process_time() - start)


def playouts(n: int = 400) -> float:
    """Random legal playouts of numbered 52-card deals per CPU-second."""
    return random_playouts(accordion, n, time.process_time)


DEALS = [Deal.from_seed(seed) for seed in range(1, 201)]


def solve_one_by_one() -> float:
    """Deals solved per CPU-second, one ``solve`` call each."""
    start = time.process_time()
    for deal in DEALS:
        solve(deal)
    return len(DEALS) / (time.process_time() - start)


def solve_batch() -> float:
    """Deals solved per CPU-second in one ``solve_many`` call on one thread."""
    start = time.process_time()
    solve_many(DEALS, jobs=1)
    return len(DEALS) / (time.process_time() - start)


def simulate_strict(deals: int = 1_000_000) -> float:
    """Strict-rules deals simulated per CPU-second on one thread."""
    start = time.process_time()
    simulate(rules="strict", deals=deals, seed=1, jobs=1)
    return deals / (time.process_time() - start)


WORKLOADS: dict[str, tuple[Callable[[], float], str]] = {
    "small calls": (small_calls, "calls/s"),
    "playouts": (playouts, "playouts/s"),
    "solve": (solve_one_by_one, "deals/s"),
    "solve_many": (solve_batch, "deals/s"),
    "simulate": (simulate_strict, "deals/s"),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", choices=list(WORKLOADS), help="run this workload alone")
    parser.add_argument("--json", action="store_true", help="every run's rate, as JSON")
    args = parser.parse_args()
    chosen = {args.only: WORKLOADS[args.only]} if args.only else WORKLOADS
    rates: dict[str, list[float]] = {name: [] for name in chosen}
    for _ in range(args.runs):
        for name, (workload, _unit) in chosen.items():
            rates[name].append(workload())
    if args.json:
        print(json.dumps({"module": accordion._core.__file__, "rates": rates}))
        return
    print(f"accordion._core: {accordion._core.__file__}")
    for name, (_workload, unit) in chosen.items():
        print(f"{name:>12}: {statistics.median(rates[name]):14,.0f} {unit} (median of {args.runs})")


if __name__ == "__main__":
    main()
