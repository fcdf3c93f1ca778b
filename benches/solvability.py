"""How often can a random open row of n cards be won? n = 8, 10, …, 52, one-way
and two-way, by exhaustive solving of numbered deals 1 … N (their first n cards).

    python benches/solvability.py [--rows N] [--timeout S] [--jobs J]
        [--csv benches/solvability.csv] [--plot docs/solvability.svg]

Each row is solved under the modern rules with a time limit per row; a row whose
limit runs out is counted as undecided and reported (the win rate is then
bracketed between counting it as a loss and as a win). Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import csv
import math
import time
from pathlib import Path

from accordion import Deal, Rules, solve_many

Z95 = 1.959963984540054


def wilson(wins: int, rows: int) -> tuple[float, float]:
    """The 95% Wilson score interval of wins / rows."""
    if rows == 0:
        return (0.0, 1.0)
    p = wins / rows
    denominator = 1 + Z95**2 / rows
    centre = (p + Z95**2 / (2 * rows)) / denominator
    half = Z95 * math.sqrt(p * (1 - p) / rows + Z95**2 / (4 * rows**2)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def measure(
    n: int, two_way: bool, rows: int, timeout: float, jobs: int | None
) -> dict[str, object]:
    deals = [Deal.from_seed(seed, n) for seed in range(1, rows + 1)]
    start = time.perf_counter()
    solutions = solve_many(deals, rules=Rules(two_way=two_way), jobs=jobs, timeout=timeout)
    seconds = time.perf_counter() - start
    wins = sum(s.result == "win" for s in solutions)
    undecided = sum(s.result == "unknown" for s in solutions)
    lo, hi = wilson(wins, rows)
    return {
        "cards": n,
        "variant": "two-way" if two_way else "one-way",
        "rows": rows,
        "wins": wins,
        "losses": rows - wins - undecided,
        "undecided": undecided,
        "win_rate": wins / rows,
        "ci95_lo": lo,
        "ci95_hi": wilson(wins + undecided, rows)[1] if undecided else hi,
        "seconds": round(seconds, 2),
    }


def plot(results: list[dict[str, object]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(8, 4.5))
    for variant, colour in (("one-way", "#8b1a1a"), ("two-way", "#1a4d8b")):
        rows = [r for r in results if r["variant"] == variant]
        xs = [int(r["cards"]) for r in rows]  # type: ignore[call-overload]
        ys = [float(r["win_rate"]) for r in rows]  # type: ignore[arg-type]
        lo = [y - float(r["ci95_lo"]) for y, r in zip(ys, rows, strict=True)]  # type: ignore[arg-type]
        hi = [float(r["ci95_hi"]) - y for y, r in zip(ys, rows, strict=True)]  # type: ignore[arg-type]
        axes.errorbar(
            xs, ys, yerr=[lo, hi], marker="o", ms=3, capsize=2, color=colour, label=variant
        )
    axes.set_xlabel("cards in the row (n)")
    axes.set_ylabel("share of rows that can be won")
    axes.set_ylim(0, 1.02)
    axes.grid(alpha=0.3)
    axes.legend()
    axes.set_title("Open Accordion, modern rules: random rows of n cards, exhaustive solver")
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=10_000)
    parser.add_argument("--timeout", type=float, default=2.0, help="seconds per row")
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument(
        "--variant", choices=("one-way", "two-way", "both"), default="both", help="which rows"
    )
    parser.add_argument("--csv", type=Path, default=Path("benches/solvability.csv"))
    parser.add_argument("--plot", type=Path, default=Path("docs/solvability.svg"))
    args = parser.parse_args()
    results = []
    print("| n | variant | rows | wins | losses | undecided | win rate | 95% CI | seconds |")
    print("|---:|---|---:|---:|---:|---:|---:|---|---:|")
    variants = {"one-way": (False,), "two-way": (True,), "both": (False, True)}[args.variant]
    for two_way in variants:
        for n in range(8, 53, 2):
            r = measure(n, two_way, args.rows, args.timeout, args.jobs)
            results.append(r)
            print(
                f"| {n} | {r['variant']} | {r['rows']:,} | {r['wins']:,} | {r['losses']:,} | "
                f"{r['undecided']} | {float(r['win_rate']):.4f} | "  # type: ignore[arg-type]
                f"{float(r['ci95_lo']):.4f}–{float(r['ci95_hi']):.4f} | {r['seconds']} |",  # type: ignore[arg-type]
                flush=True,
            )
            with args.csv.open("w", newline="", encoding="utf-8") as handle:
                writer = csv.DictWriter(handle, fieldnames=list(results[0]))
                writer.writeheader()
                writer.writerows(results)
    plot(results, args.plot)


if __name__ == "__main__":
    main()
