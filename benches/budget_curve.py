"""The win rate of the budgeted open players as a curve of their budget (issue 27).

For each player (`lookahead`, `planner`, `depth-first`, `deep-planner`; `--players`) and
budget N (`--budgets`) it runs, resumably,

    accordion stats --rules modern --strategy PLAYER --budget N --deals D --jobs J --json \
        --chunk C --checkpoint DIR/PLAYER-N-D.ckpt

keeping each point's JSON in DIR (a point already there is not run again), then draws the
win rate with its 95 % Wilson interval against the budget:

    python benches/budget_curve.py --dir runs --deals 10000 --jobs 1 --plot docs/budget-curve.svg

`--plot-only` draws from the points in DIR without running any; `--table` prints them as
Markdown rows with their Wilson and Clopper–Pearson intervals.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

PLAYERS = ("lookahead", "planner", "depth-first", "deep-planner")
BUDGETS = (10, 30, 100, 300, 1000, 3000, 10000)
COLOURS = ("#1f5f8b", "#8b1a1a", "#2e7d32", "#b8860b")


def point(folder: Path, player: str, budget: int, deals: int) -> Path:
    return folder / f"{player}-{budget}-{deals}.json"


def run(folder: Path, player: str, budget: int, deals: int, jobs: int, chunk: int) -> None:
    out = point(folder, player, budget, deals)
    if out.exists() and out.stat().st_size:
        return
    command = [sys.executable, "-m", "accordion", "stats", "--rules", "modern",
               "--strategy", player, "--budget", str(budget), "--deals", str(deals),
               "--jobs", str(jobs), "--json", "--chunk", str(chunk),
               "--checkpoint", str(out.with_suffix(".ckpt"))]  # fmt: skip
    result = subprocess.run(command, capture_output=True, text=True, check=True)
    out.write_text(result.stdout)


def points(folder: Path) -> dict[str, list[dict[str, float]]]:
    """Every finished point in `folder`, by player, in budget order (the most deals kept)."""
    found: dict[str, dict[int, dict[str, float]]] = {p: {} for p in PLAYERS}
    for path in folder.glob("*-*-*.json"):
        figures = json.loads(path.read_text())
        player, _, budget = figures.get("strategy", "").partition(":")
        if player not in found or not budget:
            continue
        kept = found[player].get(int(budget))
        if kept is None or kept["deals"] < figures["deals"]:
            found[player][int(budget)] = {
                "budget": int(budget),
                "deals": figures["deals"],
                "rate": figures["win_rate"],
                "lo": figures["ci95"][0],
                "hi": figures["ci95"][1],
            }
    return {p: [found[p][b] for b in sorted(found[p])] for p in PLAYERS}


def table(folder: Path) -> str:
    """The points in `folder` as the rows of a Markdown table: player, budget, deals,
    wins, win rate, the 95 % Wilson interval (`stats`'s) and the exact Clopper–Pearson
    one, mean piles and wall seconds."""
    from accordion.intervals import clopper_pearson_upper

    lines = []
    for path in sorted(folder.glob("*-*-*.json")):
        figures = json.loads(path.read_text())
        deals, wins = figures["deals"], figures["wins"]
        low, high = figures["ci95"]
        exact_low = 1 - clopper_pearson_upper(deals - wins, deals)
        exact_high = clopper_pearson_upper(wins, deals)
        lines.append(
            (figures["strategy"].partition(":")[0], int(figures["strategy"].partition(":")[2]),
             f"| `{figures['strategy']}` | {deals:,} | {wins:,} | {100 * wins / deals:.2f} % "
             f"| {100 * low:.2f} – {100 * high:.2f} % | {100 * exact_low:.2f} – "
             f"{100 * exact_high:.2f} % | {figures['mean_piles']:.4f} | {figures['seconds']:.1f} |")
        )  # fmt: skip
    return "\n".join(line for _, _, line in sorted(lines))


def plot(folder: Path, target: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(8, 4.5))
    for (player, curve), colour in zip(points(folder).items(), COLOURS, strict=True):
        if not curve:
            continue
        budgets = [p["budget"] for p in curve]
        rates = [100 * p["rate"] for p in curve]
        errors = [
            [100 * (p["rate"] - p["lo"]) for p in curve],
            [100 * (p["hi"] - p["rate"]) for p in curve],
        ]
        axes.errorbar(budgets, rates, yerr=errors, marker="o", capsize=3, color=colour,
                      label=player)  # fmt: skip
    for level in (98, 99):
        axes.axhline(level, color="#999999", linewidth=0.8, linestyle="--")
    axes.set_xscale("log")
    axes.set_ylim(0, 100)
    axes.set_xlabel("positions examined per move (budget)")
    axes.set_ylabel("open deals won (%), 95 % interval")
    axes.set_title("Open modern play with a budget per move (numbered deals from 1)")
    axes.legend(loc="upper left")
    figure.tight_layout()
    figure.savefig(target)
    plt.close(figure)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, required=True)
    parser.add_argument("--deals", type=int, default=10000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--chunk", type=int, default=100, help="deals between checkpoints")
    parser.add_argument("--budgets", default=",".join(map(str, BUDGETS)))
    parser.add_argument("--players", default=",".join(PLAYERS))
    parser.add_argument("--plot", metavar="FILE")
    parser.add_argument("--plot-only", action="store_true")
    parser.add_argument("--table", action="store_true", help="print the points as Markdown rows")
    args = parser.parse_args()
    args.dir.mkdir(parents=True, exist_ok=True)
    if not args.plot_only:
        for budget in map(int, args.budgets.split(",")):
            for player in args.players.split(","):
                run(args.dir, player, budget, args.deals, args.jobs, args.chunk)
    if args.plot:
        plot(args.dir, args.plot)
    if args.table:
        print(table(args.dir))


if __name__ == "__main__":
    main()
