"""`accordion stats`: win rates with confidence intervals over numbered deals."""

from __future__ import annotations

import argparse
import json
from typing import Any

from accordion import Stats, simulate
from accordion.cli.common import (
    RULE_NAMES,
    CliError,
    add_variant_flags,
    card_count,
    positive,
    rules_from,
    seed_number,
)
from accordion.cli.progress import Progress


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "stats",
        help="simulate many numbered deals: win rate with a 95%% interval, pile histogram",
        description="Play numbered deals S … S+N-1 with a strategy under a rule set and report "
        "wins, the win rate with a 95%% Wilson interval, mean piles and the histogram of "
        "final piles. Deterministic for a seed, whatever --jobs is.",
    )
    parser.add_argument("--rules", required=True, choices=RULE_NAMES, help="the rule set")
    parser.add_argument(
        "--strategy",
        metavar="NAME",
        help="who chooses the moves (default: what the rules force, else greedy slide-first); "
        "see 'accordion stats --list-strategies'",
    )
    parser.add_argument("--deals", type=positive, required=True, metavar="N")
    parser.add_argument("--seed", type=seed_number, default=1, metavar="S", help="first deal")
    parser.add_argument("--cards", type=card_count, default=52, metavar="K")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--blind", dest="blind", action="store_true", default=None)
    mode.add_argument("--open", dest="blind", action="store_false")
    add_variant_flags(parser)
    parser.add_argument("--jobs", type=positive, metavar="J", help="threads (default: all cores)")
    parser.add_argument("--json", action="store_true", help="one JSON object")
    parser.add_argument("--plot", metavar="FILE", help="draw the pile histogram (.png or .svg)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.seed + args.deals > 2**64:
        raise CliError("--seed S --deals N: S + N must stay below 2**64")
    if args.plot is not None:
        _check_plot_target(args.plot)
    rules = rules_from(args, args.rules)
    progress = Progress(args.deals, "simulating")
    stats = simulate(
        rules=rules,
        strategy=args.strategy,
        deals=args.deals,
        seed=args.seed,
        cards=args.cards,
        blind=args.blind,
        jobs=args.jobs,
        progress=progress.update,
    )
    progress.close()
    if args.json:
        print(json.dumps(stats.to_dict()))
    else:
        print(_report(stats))
    if args.plot is not None:
        _plot(stats, args.plot)
    return 0


def _report(stats: Stats) -> str:
    lo, hi = stats.ci95
    mode = "blind" if stats.blind else "open"
    lines = [
        f"{stats.deals:,} {mode} deals of {stats.cards} cards from seed {stats.seed}, "
        f"rules {stats.rules}, strategy {stats.strategy}",
        f"wins: {stats.wins:,} = {stats.win_rate:.6f} (95% CI {lo:.6f} … {hi:.6f})",
        f"mean piles: {stats.mean_piles:.3f}",
        "grades: "
        + ", ".join(f"{name} {share:.2%}" for name, share in stats.grades.items()),
        "piles: " + ", ".join(f"{piles}:{count}" for piles, count in stats.histogram.items()),
        f"time: {stats.seconds:.2f} s",
    ]
    return "\n".join(lines)


def _check_plot_target(path: str) -> None:
    if not path.lower().endswith((".png", ".svg")):
        raise CliError(f"--plot {path}: the file name must end in .png or .svg")
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise CliError(
            "--plot needs matplotlib: pip install 'accordion[plot]' (or pip install matplotlib)"
        ) from None


def _plot(stats: Stats, path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    piles = list(stats.histogram)
    counts = [stats.histogram[p] for p in piles]
    figure, axes = plt.subplots(figsize=(8, 4.5))
    axes.bar(piles, counts, color="#8b1a1a")
    axes.set_xlabel("piles left at the end")
    axes.set_ylabel("deals")
    mode = "blind" if stats.blind else "open"
    axes.set_title(
        f"{stats.deals:,} {mode} deals, rules {stats.rules}, strategy {stats.strategy}: "
        f"{stats.win_rate:.4%} won"
    )
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)
