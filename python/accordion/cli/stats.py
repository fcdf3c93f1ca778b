"""`accordion stats`: win rates with confidence intervals over numbered deals."""

from __future__ import annotations

import argparse
import json
import os
from typing import Any

from accordion._local import SIMULATE_CHUNK
from accordion.cli import common, each
from accordion.cli.cluster import add_batch_flags, batch_options, cluster_client
from accordion.cli.common import CliError
from accordion.cli.output import write_atomically
from accordion.cli.progress import Progress
from accordion.cli.solve import read_file
from accordion.errors import AccordionError, OutputError, shown
from accordion.games import DEFAULT_GAME, GAMES, Descriptor, find_game

HELP = "simulate many numbered deals: win rate with a 95%% interval, pile histogram"
DESCRIPTION = """Play numbered deals S … S+N-1 with a strategy under a rule set and report wins,
the win rate with a 95% Wilson interval, mean piles and the histogram of final piles.
Deterministic for a seed, whatever --jobs is."""


def add_flags(parser: argparse.ArgumentParser) -> None:
    """The ``stats`` subcommand's options."""
    parser.add_argument(
        "--rules",
        metavar="NAME",
        help="the rule set: "
        + ", ".join(common.RULE_NAMES)
        + " (default modern)"
        + common.per_game(lambda game: f"{', '.join(game.rules)} (default {game.rules[0]})"),
    )
    parser.add_argument(
        "--strategy",
        metavar="NAME",
        help="who chooses the moves: "
        + ", ".join(GAMES["accordion"].strategies)
        + " (default: what the rules force, the agent under parlett, else greedy "
        "slide-first; see docs/strategies.md)"
        + common.per_game(
            lambda game: (
                f"{', '.join(game.strategies)} (default {game.strategies[0]})"
                if game.strategies
                else ""
            )
        ),
    )
    parser.add_argument(
        "--budget",
        type=common.positive,
        metavar="N",
        help="positions a budgeted player (lookahead, planner, depth-first, deep-planner) "
        "examines per move (default 1000)",
    )
    parser.add_argument(
        "--deals", type=common.positive, metavar="N", help="how many numbered deals"
    )
    parser.add_argument(
        "--each",
        action="store_true",
        help="instead: play each deal of --file under --rules and print one result a deal "
        "(piles left and their sizes; JSON with --json)",
    )
    parser.add_argument("--file", metavar="F", help="with --each: one deal per line ('-': stdin)")
    common.add_budget_flags(
        parser, "with --each: the solver's node budget", "with --each: seconds a deal"
    )
    # --seed and --cards left out are None (told from given: --each refuses them
    # given); a run of numbered deals starts at 1 with 52 cards.
    seed = common.seed_number
    parser.add_argument("--seed", type=seed, metavar="S", help="first deal")
    parser.add_argument(
        "--cards", type=common.card_count, metavar="K", help="numbered deals of K cards"
    )
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument(
        "--blind",
        dest="blind",
        action="store_true",
        default=None,
        help="deal as you go: the player sees each card only when it is dealt (the default)",
    )
    mode.add_argument(
        "--open",
        dest="blind",
        action="store_false",
        help="every card face up in the row from the start",
    )
    common.add_game_flags(parser)
    parser.add_argument(
        "--jobs", type=common.positive, metavar="J", help="threads (default: all cores)"
    )
    parser.add_argument("--json", action="store_true", help="one JSON object")
    parser.add_argument("--plot", metavar="FILE", help="draw the pile histogram (.png or .svg)")
    add_batch_flags(
        parser,
        f"{SIMULATE_CHUNK:,}; 10,000 for parlett-agent; 1,000 for sweepers, clairvoyant and "
        "parlett-sampler; a budgeted player's 10**6 / budget, as a power of ten",
    )


#: The strategies that take --budget.
BUDGETED = ("lookahead", "planner", "depth-first", "deep-planner")


def run(args: argparse.Namespace) -> int:
    """Run ``accordion stats`` with the parsed ``args``; return the exit status (0 on success).

    Bad input raises an ``AccordionError`` or ``CliError``, which :func:`accordion.cli.main`
    prints as one ``accordion: error: …`` line (exit status 2).
    """
    game: Descriptor = args.game
    # What the game cannot do is said before its variant flags are worked out
    # (Accordion's Revenge would first ask for a game number).
    game.require("each" if args.each else "stats", "stats --each" if args.each else "stats")
    common.the_game(args, "stats")
    if args.rules is None:
        args.rules = game.rules[0]
    if args.each:
        each.check(args, add_flags)
        game.check_rules(args.rules, "stats")
        return each.run_each(args, read_file(args.file, game.parse_row, halves=game.judge_lines))
    for flag, value in (("--file", args.file), ("--max-nodes", args.max_nodes)):
        if value is not None:
            raise CliError(f"stats: {flag} goes with --each")
    if args.deals is None:
        raise CliError("stats: give --deals N (numbered deals) or --each --file F")
    args.seed = 1 if args.seed is None else args.seed
    args.cards = 52 if args.cards is None else args.cards
    if args.seed + args.deals > 2**64:
        raise CliError(
            f"--seed {args.seed} --deals {shown(args.deals)}: the last deal number, "
            f"{shown(args.seed + args.deals - 1)}, is past 2**64 - 1"
        )
    if args.plot is not None:
        _check_plot_target(args.plot)
    if args.budget is not None:
        if not set(BUDGETED) & set(game.strategies):
            raise CliError(
                f"stats --game {game.name}: {game.title} has no strategy with a --budget "
                f"(its strategies: {', '.join(game.strategies)})"
            )
        if args.strategy is None:
            raise CliError("--budget is for --strategy " + ", ".join(BUDGETED))
    if args.strategy is not None:
        common.check_name("--strategy", args.strategy, game.strategies, f"{game.title} strategy")
    if args.budget is not None:
        if common.core_name(args.strategy) not in BUDGETED:
            raise CliError(
                f"--budget: only {', '.join(BUDGETED[:-1])} and {BUDGETED[-1]} take a budget, "
                f"not --strategy {shown(args.strategy)}"
            )
        # The budget travels in the strategy's name (lookahead:300), which the
        # core checks; a strategy without a budget is refused there.
        args.strategy = f"{args.strategy}:{args.budget}"
    try:
        figures = _batch(args)
    except AccordionError as error:
        # The core checks the budget in the strategy's name: said here as the flag.
        said = str(error)
        start = said.find("the budget must be")
        if args.budget is None or start < 0:
            raise
        raise CliError(
            f"--budget {shown(args.budget)}: {said[start + len('the budget ') :]}"
        ) from None
    if args.json:
        print(json.dumps(figures))
    else:
        print(_report(figures))
    if args.plot is not None:
        _plot(figures, args.plot)
    return 0


def _batch(args: argparse.Namespace) -> dict[str, Any]:
    """Statistics by the batch runner, for every game: here or on a cluster, resumable."""
    from accordion.batch import simulate

    game: Descriptor = args.game
    if args.scheduler is not None or args.checkpoint is not None:
        game.require("stats-batch", "stats")
    progress = Progress(args.deals, "simulating")
    with cluster_client(args) as client:
        stats = simulate(
            rules=common.game_rules(args),
            strategy=args.strategy,
            deals=args.deals,
            seed=args.seed,
            cards=args.cards,
            blind=args.blind,
            **batch_options(args, client, progress),
        )
    progress.close()
    figures: dict[str, Any] = stats.to_dict()
    return figures


def percent(share: float) -> str:
    """A share as the docs and the other commands write it: ``0.0597 %``."""
    return f"{share * 100:.4f} %"


def _wins(figures: dict[str, Any]) -> str:
    """``1 of 1,500 = 0.0667 % (95% CI 0.0118 % … 0.3767 %)``."""
    lo, hi = figures["ci95"]
    return (
        f"{figures['wins']:,} of {figures['deals']:,} = {percent(figures['win_rate'])} "
        f"(95% CI {percent(lo)} … {percent(hi)})"
    )


def _report(figures: dict[str, Any]) -> str:
    named = find_game(str(figures.get("game", DEFAULT_GAME)))
    unit = named.nouns.piece + "s"
    dealt = common.deals_of(figures["deals"], f"{figures['mode']} {named.title}", figures["cards"])
    lines = [
        f"{dealt} from seed {figures['seed']}, rules {figures['rules']}, "
        f"strategy {figures['strategy']}",
        f"wins: {_wins(figures)}",
        f"mean {unit}: {figures['mean_piles']:.3f}",
    ]
    if "grades" in figures:
        grades = figures["grades"].items()
        lines.append("grades: " + ", ".join(f"{name} {percent(share)}" for name, share in grades))
    histogram = figures["piles_histogram"].items()
    lines.append(f"{unit}: " + ", ".join(f"{n}:{count:,}" for n, count in histogram))
    lines.append(f"time: {figures['seconds']:.2f} s")
    return "\n".join(lines)


def _check_plot_target(path: str) -> None:
    """Refuse a --plot target before any work is done: its name, its folder, matplotlib."""
    if not path.lower().endswith((".png", ".svg")):
        raise CliError(f"--plot {path}: the file name must end in .png or .svg")
    if os.path.basename(path)[: -len(".png")] in ("", "."):
        # ".png" alone is a hidden file with no extension to matplotlib.
        raise CliError(f"--plot {path}: give the file a name before {path[-4:]}")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise CliError(f"--plot {path}: there is no folder {folder}")
    if not os.access(folder, os.W_OK) or os.path.isdir(path):
        raise CliError(f"--plot {path}: cannot write there")
    _try_writing(path)
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise CliError(
            "--plot needs matplotlib: pip install 'accordion-patience[plot]'"
            " (or pip install matplotlib)"
        ) from None


def _try_writing(path: str) -> None:
    """Open ``path`` for writing as the plot will, before the run: an OutputError
    (status 1) now rather than after the whole run. A file made here is removed
    again, one already there is left as it was (opened to append, not cut)."""
    try:
        made = not os.path.lexists(path)
        with open(path, "ab"):
            pass
        if made:
            os.unlink(path)
    except OSError as error:
        raise OutputError(
            f"--plot {path}: cannot write it: {error.strerror or error}; nothing was run",
            path,
            "--plot",
        ) from None


def _plot(figures: dict[str, Any], path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    kind = path[-3:].lower()  # png or svg (checked by _check_plot_target)
    histogram = {int(n): count for n, count in figures["piles_histogram"].items()}
    piles = list(histogram)
    counts = list(histogram.values())
    figure, axes = plt.subplots(figsize=(8, 4.5))
    axes.bar(piles, counts, color="#8b1a1a")
    named = find_game(str(figures.get("game", DEFAULT_GAME)))
    axes.set_xlabel(f"{named.nouns.piece}s left at the end")
    axes.set_ylabel("deals")
    # Piles and deals are counted: no tick at 2.5 piles.
    axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    axes.yaxis.set_major_locator(MaxNLocator(integer=True))
    dealt = common.deals_of(figures["deals"], f"{figures['mode']} {named.title}", figures["cards"])
    axes.set_title(
        f"{dealt} from seed {figures['seed']}, rules {figures['rules']}, "
        f"strategy {figures['strategy']}\nwins: {_wins(figures)}",
        fontsize=10,
    )
    figure.tight_layout()
    try:
        write_atomically(path, "--plot", lambda target: figure.savefig(target, format=kind))
    finally:
        plt.close(figure)
