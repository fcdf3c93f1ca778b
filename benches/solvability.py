"""The chance that a random open row of n cards can be won, n = 8, 10, …, 52.

For each n and each variant (one-way, two-way) this runs

    accordion stats --rules modern --strategy solver --open --cards N --deals D --json

(the exact solver, no budget: every row is decided) and writes one CSV line per
run, then plots the win rate with its 95% Wilson interval against n.

    python benches/solvability.py --deals 10000 --jobs 2
"""

from __future__ import annotations

import argparse
import csv
import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
FIELDS = [
    "variant",
    "cards",
    "deals",
    "seed",
    "wins",
    "win_rate",
    "ci95_lo",
    "ci95_hi",
    "mean_piles",
    "seconds",
    "command",
]


def command(cards: int, deals: int, seed: int, two_way: bool, jobs: int | None) -> list[str]:
    args = ["accordion", "stats", "--rules", "modern", "--strategy", "solver", "--open"]
    args += ["--cards", str(cards), "--deals", str(deals), "--seed", str(seed)]
    if two_way:
        args.append("--two-way")
    if jobs is not None:
        args += ["--jobs", str(jobs)]
    return [*args, "--json"]


def measure(
    cards: int, deals: int, seed: int, two_way: bool, jobs: int | None
) -> dict[str, object]:
    args = command(cards, deals, seed, two_way, jobs)
    runnable = [sys.executable, "-m", "accordion", *args[1:]]
    figures = json.loads(
        subprocess.run(runnable, check=True, capture_output=True, text=True).stdout
    )
    lo, hi = figures["ci95"]
    return {
        "variant": "two-way" if two_way else "one-way",
        "cards": cards,
        "deals": figures["deals"],
        "seed": seed,
        "wins": figures["wins"],
        "win_rate": figures["win_rate"],
        "ci95_lo": lo,
        "ci95_hi": hi,
        "mean_piles": figures["mean_piles"],
        "seconds": round(figures["seconds"], 3),
        "command": " ".join(args),
    }


def plot(rows: list[dict[str, object]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(8, 4.5))
    for variant, colour in (("one-way", "#8b1a1a"), ("two-way", "#1a4d8b")):
        mine = [r for r in rows if r["variant"] == variant]
        if not mine:
            continue
        n = [int(str(r["cards"])) for r in mine]
        rate = [float(str(r["win_rate"])) for r in mine]
        lo = [rate[i] - float(str(r["ci95_lo"])) for i, r in enumerate(mine)]
        hi = [float(str(r["ci95_hi"])) - rate[i] for i, r in enumerate(mine)]
        sizes = sorted({int(str(r["deals"])) for r in mine})
        deals = f"{sizes[0]:,}" if len(sizes) == 1 else f"{sizes[0]:,}–{sizes[-1]:,}"
        axes.errorbar(
            n,
            rate,
            yerr=[lo, hi],
            marker="o",
            ms=3,
            capsize=2,
            color=colour,
            label=f"{variant} ({deals} rows per n)",
        )
    axes.set_xlabel("cards in the open row (n)")
    axes.set_ylabel("share of rows that can be won")
    axes.set_ylim(0, 1.02)
    axes.set_title("Open Accordion (modern rules): solvable rows, exact solver, 95% Wilson CI")
    axes.grid(alpha=0.3)
    axes.legend(loc="lower right")
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=10_000, help="rows per n and variant")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--sizes", default="8:52:2", help="first:last:step (default 8:52:2)")
    parser.add_argument("--variants", default="one-way,two-way")
    parser.add_argument("--csv", type=Path, default=HERE / "solvability.csv")
    parser.add_argument("--plot", type=Path, default=HERE.parent / "docs" / "solvability.svg")
    parser.add_argument(
        "--update",
        action="store_true",
        help="keep the other rows of --csv, replace only the (variant, n) measured, "
        "and plot them all",
    )
    args = parser.parse_args()
    first, last, step = (int(x) for x in args.sizes.split(":"))
    kept: list[dict[str, object]] = []
    if args.update and args.csv.exists():
        with args.csv.open(newline="") as old:
            kept = list(csv.DictReader(old))
    # Rows are written as they are measured. With --update they go to a side file
    # first, and a run that was interrupted resumes from it: rows already there
    # (same rows per n and seed) are not measured again.
    partial = args.csv.with_suffix(".partial.csv") if args.update else args.csv
    measured: list[dict[str, object]] = []
    if args.update and partial.exists():
        with partial.open(newline="") as old:
            measured = [
                r
                for r in csv.DictReader(old)
                if int(r["deals"]) == args.deals and int(r["seed"]) == args.seed
            ]
    done = {(str(r["variant"]), int(str(r["cards"]))) for r in measured}
    with partial.open("w", newline="") as out:
        writer = csv.DictWriter(out, fieldnames=FIELDS)
        writer.writeheader()
        writer.writerows(measured)
        for variant in args.variants.split(","):
            for cards in range(first, last + 1, step):
                if (variant, cards) in done:
                    continue
                row = measure(cards, args.deals, args.seed, variant == "two-way", args.jobs)
                writer.writerow(row)
                out.flush()
                measured.append(row)
                print(
                    f"{variant} n={cards}: {row['wins']}/{row['deals']} = {row['win_rate']:.4f} "
                    f"({row['seconds']} s)",
                    file=sys.stderr,
                )
    rows = merge(kept, measured)
    if args.update:
        with args.csv.open("w", newline="") as out:
            writer = csv.DictWriter(out, fieldnames=FIELDS)
            writer.writeheader()
            writer.writerows(rows)
        partial.unlink()
    if args.plot is not None:
        plot(rows, args.plot)
    return 0


def merge(
    kept: list[dict[str, object]], measured: list[dict[str, object]]
) -> list[dict[str, object]]:
    """`kept` with every (variant, n) of `measured` replaced or added, ordered by
    variant then n."""
    rows = {(str(r["variant"]), int(str(r["cards"]))): r for r in kept}
    rows.update({(str(r["variant"]), int(str(r["cards"]))): r for r in measured})
    return [rows[key] for key in sorted(rows)]


if __name__ == "__main__":
    sys.exit(main())
