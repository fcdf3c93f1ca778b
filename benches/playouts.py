"""Random legal playouts per second: the Rust core natively, the Rust core
through Python, and the pure-Python reference engine, in one run.

A playout deals numbered 52-card deal ``i`` open under the modern rules and plays
uniformly random legal actions until none is left.

    python benches/playouts.py [--playouts N] [--repeat R]

Run from the repository root with the package installed (the native figure comes
from ``cargo bench --bench playouts``). Prints the median of R runs per engine
and the ratios.
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import time

from common import random_playouts

import accordion._core as core
import accordion.reference as reference


def native_playouts(playouts: int) -> float:
    """Playouts per second of the Rust bench binary."""
    out = subprocess.run(
        ["cargo", "bench", "--quiet", "--bench", "playouts", "--", str(playouts)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    match = re.search(r"= ([0-9.]+) playouts/s", out)
    if match is None:
        raise RuntimeError(f"unexpected bench output: {out!r}")
    return float(match.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--playouts", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    runs: dict[str, list[float]] = {"native": [], "core": [], "reference": []}
    for _ in range(args.repeat):
        runs["native"].append(native_playouts(args.playouts * 20))
        runs["core"].append(random_playouts(core, args.playouts, time.perf_counter))
        runs["reference"].append(
            random_playouts(reference, args.playouts // 5 or 1, time.perf_counter)
        )
    median = {name: statistics.median(values) for name, values in runs.items()}
    for name, value in median.items():
        print(f"{name:>10}: {value:12,.0f} playouts/s (median of {args.repeat})")
    print(f"core through Python / reference: {median['core'] / median['reference']:.1f}x")
    print(f"native / reference:              {median['native'] / median['reference']:.1f}x")


if __name__ == "__main__":
    main()
