"""`accordion stats`: win rates with confidence intervals over numbered deals."""

from __future__ import annotations

import argparse
import json
import os
from typing import Any

from accordion import simulate_royal
from accordion.batch import SIMULATE_CHUNK, simulate
from accordion.cli.cluster import add_batch_flags, cluster_client
from accordion.cli.common import (
    RULE_NAMES,
    CliError,
    add_game_flag,
    add_variant_flags,
    card_count,
    positive,
    rules_from,
    seed_number,
)
from accordion.cli.numbering import resolve_game
from accordion.cli.progress import Progress


def register(subparsers: Any) -> None:
    """Add the ``stats`` subcommand, its options and its help, to ``subparsers``."""
    parser = subparsers.add_parser(
        "stats",
        help="simulate many numbered deals: win rate with a 95%% interval, pile histogram",
        description="Play numbered deals S … S+N-1 with a strategy under a rule set and report "
        "wins, the win rate with a 95% Wilson interval, mean piles and the histogram of "
        "final piles. Deterministic for a seed, whatever --jobs is.",
    )
    parser.add_argument(
        "--rules",
        required=True,
        metavar="NAME",
        help="the rule set: " + ", ".join(RULE_NAMES) + " (royal-marriage: modern, parlett)",
    )
    parser.add_argument(
        "--strategy",
        metavar="NAME",
        help="who chooses the moves: forced, slide-first, leap-first, sweepers, random, "
        "parlett-agent, parlett-sampler, solver, clairvoyant, lookahead, planner (default: what "
        "the rules force, the agent under parlett, else greedy slide-first); "
        "see docs/strategies.md",
    )
    parser.add_argument(
        "--budget",
        type=positive,
        metavar="N",
        help="positions lookahead or planner examines per move (default 1000)",
    )
    parser.add_argument("--deals", type=positive, required=True, metavar="N")
    parser.add_argument("--seed", type=seed_number, default=1, metavar="S", help="first deal")
    parser.add_argument("--cards", type=card_count, default=52, metavar="K")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--blind", dest="blind", action="store_true", default=None)
    mode.add_argument("--open", dest="blind", action="store_false")
    add_variant_flags(parser)
    add_game_flag(parser)
    parser.add_argument("--jobs", type=positive, metavar="J", help="threads (default: all cores)")
    parser.add_argument("--json", action="store_true", help="one JSON object")
    parser.add_argument("--plot", metavar="FILE", help="draw the pile histogram (.png or .svg)")
    add_batch_flags(parser, SIMULATE_CHUNK)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run ``accordion stats`` with the parsed ``args``; return the exit status (0 on success).

    Bad input raises an ``AccordionError`` or ``CliError``, which :func:`accordion.cli.main`
    prints as one ``accordion: error: …`` line (exit status 2).
    """
    if args.game == "bayan":
        raise CliError(
            "stats simulates Accordion and Royal Marriage strategies; Bayan has none here: "
            "solve --game bayan --count K decides its deals"
        )
    if args.game in ("23-skidoo", "accordions-revenge"):
        raise CliError(
            f"stats counts wins at one pile; --game {args.game} has its own win condition "
            "(docs/numberings.md): solve or play its deals instead"
        )
    resolve_game(args)
    if args.seed + args.deals > 2**64:
        raise CliError(
            f"--seed {args.seed} --deals {args.deals}: the last deal number, "
            f"{args.seed + args.deals - 1}, is past 2**64 - 1"
        )
    if args.plot is not None:
        _check_plot_target(args.plot)
    if args.budget is not None:
        if args.game == "royal-marriage" or args.strategy is None:
            raise CliError("--budget is for --strategy lookahead or planner")
        # The budget travels in the strategy's name (lookahead:300), which the
        # core checks; a strategy without a budget is refused there.
        args.strategy = f"{args.strategy}:{args.budget}"
    figures = _royal(args) if args.game == "royal-marriage" else _accordion(args)
    if args.json:
        print(json.dumps(figures))
    else:
        print(_report(figures))
    if args.plot is not None:
        _plot(figures, args.plot)
    return 0


def _accordion(args: argparse.Namespace) -> dict[str, Any]:
    progress = Progress(args.deals, "simulating")
    with cluster_client(args) as client:
        stats = simulate(
            rules=rules_from(args, args.rules),
            strategy=args.strategy,
            deals=args.deals,
            seed=args.seed,
            cards=args.cards,
            blind=args.blind,
            jobs=args.jobs,
            chunk=args.chunk,
            client=client,
            checkpoint=args.checkpoint,
            progress=progress.update,
        )
    progress.close()
    return stats.to_dict()


def _royal(args: argparse.Namespace) -> dict[str, Any]:
    if args.two_way or args.distances != "1,3":
        raise CliError("--game royal-marriage has no --two-way or --distances variant")
    if args.scheduler is not None or args.checkpoint is not None:
        raise CliError("--game royal-marriage runs here only: no --scheduler or --checkpoint")
    progress = Progress(args.deals, "simulating")
    stats = simulate_royal(
        deals=args.deals,
        rules=args.rules,
        strategy=args.strategy,
        seed=args.seed,
        cards=args.cards,
        blind=args.blind,
        jobs=args.jobs,
        progress=progress.update,
    )
    progress.close()
    return stats.to_dict()


def _report(figures: dict[str, Any]) -> str:
    lo, hi = figures["ci95"]
    game = "Royal Marriage " if figures.get("game") == "royal-marriage" else ""
    unit = "cards" if game else "piles"
    lines = [
        f"{figures['deals']:,} {figures['mode']} {game}deals of {figures['cards']} cards "
        f"from seed {figures['seed']}, rules {figures['rules']}, "
        f"strategy {figures['strategy']}",
        f"wins: {figures['wins']:,} = {figures['win_rate']:.6f} (95% CI {lo:.6f} … {hi:.6f})",
        f"mean {unit}: {figures['mean_piles']:.3f}",
    ]
    if "grades" in figures:
        grades = figures["grades"].items()
        lines.append("grades: " + ", ".join(f"{name} {share:.2%}" for name, share in grades))
    histogram = figures["piles_histogram"].items()
    lines.append(f"{unit}: " + ", ".join(f"{n}:{count:,}" for n, count in histogram))
    lines.append(f"time: {figures['seconds']:.2f} s")
    return "\n".join(lines)


def _check_plot_target(path: str) -> None:
    """Refuse a --plot target before any work is done: its name, its folder, matplotlib."""
    if not path.lower().endswith((".png", ".svg")):
        raise CliError(f"--plot {path}: the file name must end in .png or .svg")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise CliError(f"--plot {path}: there is no folder {folder}")
    if not os.access(folder, os.W_OK) or os.path.isdir(path):
        raise CliError(f"--plot {path}: cannot write there")
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise CliError(
            "--plot needs matplotlib: pip install 'accordion-patience[plot]'"
            " (or pip install matplotlib)"
        ) from None


def _plot(figures: dict[str, Any], path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    histogram = {int(n): count for n, count in figures["piles_histogram"].items()}
    piles = list(histogram)
    counts = list(histogram.values())
    figure, axes = plt.subplots(figsize=(8, 4.5))
    axes.bar(piles, counts, color="#8b1a1a")
    unit = "cards" if figures.get("game") == "royal-marriage" else "piles"
    axes.set_xlabel(f"{unit} left at the end")
    axes.set_ylabel("deals")
    game = "Royal Marriage " if unit == "cards" else ""
    axes.set_title(
        f"{figures['deals']:,} {figures['mode']} {game}deals, rules {figures['rules']}, "
        f"strategy {figures['strategy']}: {figures['win_rate']:.4%} won"
    )
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)
