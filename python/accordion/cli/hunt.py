"""`accordion hunt`: look for a numbered open deal that cannot be won (SPEC §5)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from accordion._local import HUNT_CHUNK
from accordion.cli import common
from accordion.cli.cluster import add_batch_flags, batch_options, cluster_client
from accordion.cli.progress import Progress
from accordion.games import DEFAULT_GAME, find_game

HELP = "solve numbered open deals looking for one that cannot be won"
DESCRIPTION = """Solve the open deals S … S+N-1 exhaustively and report every one that is not
won (seed, verdict, fewest piles, line), the ten hardest deals, and the exact 95% upper bound
(Clopper–Pearson) on the share of unwinnable deals."""


def add_flags(parser: argparse.ArgumentParser) -> None:
    """The ``hunt`` subcommand's options."""
    seed = common.seed_number
    parser.add_argument("--seed", type=seed, default=1, metavar="S", help="first deal (default 1)")
    parser.add_argument("--count", type=common.positive, required=True, metavar="N", help="deals")
    parser.add_argument(
        "--cards", type=common.card_count, default=52, metavar="K", help="numbered deals of K cards"
    )
    common.add_game_flags(parser)
    common.add_budget_flags(parser, "node budget per deal (else exact)", "seconds per deal")
    parser.add_argument("--jobs", type=common.positive, metavar="J", help="threads per chunk")
    parser.add_argument("--json", action="store_true", help="one JSON object")
    add_batch_flags(parser, HUNT_CHUNK)


def run(args: argparse.Namespace) -> int:
    """Run ``accordion hunt`` with the parsed ``args``; return the exit status (0 on success).

    Bad input raises an ``AccordionError`` or ``CliError``, which :func:`accordion.cli.main`
    prints as one ``accordion: error: …`` line (exit status 2).
    """
    from accordion.batch.hunt import hunt

    args.game.require("hunt", "hunt")
    game = common.the_game(args, "hunt")
    # The hunt solves under the game's first rule set its solver takes (modern).
    rules = common.game_rules(args, game.solve_rules[0])
    progress = Progress(args.count, "hunting")
    with cluster_client(args) as client:
        found = hunt(
            args.seed,
            args.count,
            cards=args.cards,
            rules=rules,
            max_nodes=args.max_nodes,
            timeout=args.timeout,
            **batch_options(args, client, progress),
        )
    progress.close()
    figures = found.to_dict()
    print(json.dumps(figures) if args.json else report(figures))
    return 0


def report(figures: dict[str, Any]) -> str:
    """The hunt as text: totals, every non-win, the hardest deals, the bound, in the
    game's own words (piles or cards, nodes or positions)."""
    game = find_game(str(figures.get("game", DEFAULT_GAME)))
    nouns = game.nouns
    deals = figures["deals"]
    first, last = figures["seed"], figures["seed"] + deals - 1
    kind = "open" if game.plays_accordion else f"open {game.title}"
    lines = [
        f"{common.deals_of(deals, kind, figures['cards'])}, seeds {first} … {last}, "
        f"rules {figures['rules']}",
        f"won {figures['wins']:,}, lost {figures['losses']:,}, unknown {figures['unknown']:,}",
    ]
    if figures["non_wins"]:
        lines.append("not won:")
        for entry in figures["non_wins"]:
            best = game.plural(entry["piles"], nouns.piece)
            searched = game.plural(entry["nodes"], nouns.node)
            lines.append(
                f"  seed {entry['seed']}: {entry['result']}, at best {best} ({searched}): "
                f"{entry['deal']}"
            )
            if entry["moves"]:
                lines.append("    line: " + nouns.separator.join(entry["moves"]))
    else:
        lines.append("not won: none")
    lines.append("hardest:")
    for entry in figures["hardest"]:
        lines.append(
            f"  seed {entry['seed']}: {game.plural(entry['nodes'], nouns.node)}, "
            f"{entry['seconds'] * 1000:.1f} ms"
        )
    bound = figures["p_unwinnable_upper95"]
    lines.append(
        f"unwinnable share: at most {bound:.3g} (95% Clopper–Pearson upper bound, "
        f"{figures['losses'] + figures['unknown']:,} not won of {deals:,})"
    )
    lines.append(f"time: {figures['seconds']:.1f} s of solving")
    return "\n".join(lines)
