"""`accordion rate`: how hard open deals are (docs/difficulty.md)."""

from __future__ import annotations

import argparse
import json

from accordion import Rating, rate
from accordion.cli import common
from accordion.cli.solve import _deals, add_deal_flags

HELP = "rate open deals: easy, medium or hard (or unwinnable)"
DESCRIPTION = """Rate open deals: difficulty = the share of the moves a careful player weighs
(the legal moves in order, up to the first that keeps the win) that would throw the win away,
each decided by the exhaustive solver; easy, medium and hard are the thirds of the numbered
deals of that length (docs/difficulty.md)."""


def add_flags(parser: argparse.ArgumentParser) -> None:
    """The ``rate`` subcommand's options."""
    add_deal_flags(parser)
    parser.add_argument(
        "--rules",
        choices=("modern", "parlett"),
        default="modern",
        help="modern (default) or parlett (must move)",
    )
    common.add_game_flags(parser, numbering=True)
    parser.add_argument("--json", action="store_true", help="one JSON object per line")


def _line(index: int, total: int, deal: str, rating: Rating) -> str:
    head = f"deal {index}/{total}" if total > 1 else "deal"
    if rating.difficulty is not None:
        level = rating.level or "no level at this length"
        verdict = (
            f"{level}: difficulty {rating.difficulty:.3f} "
            f"({rating.losing} of {rating.moves} moves weighed lose)"
        )
    elif rating.result == "loss":
        verdict = f"unwinnable (proved, {rating.nodes:,} nodes)"
    else:
        verdict = f"undecided within {rating.nodes:,} nodes"
    return f"{head}: {deal}\n  {verdict}"


def run(args: argparse.Namespace) -> int:
    """Run ``accordion rate`` with the parsed ``args``; return the exit status (0 on success).

    Bad input raises an ``AccordionError`` or ``CliError``, which :func:`accordion.cli.main`
    prints as one ``accordion: error: …`` line (exit status 2).
    """
    args.game.require("rate", "rate")
    common.the_game(args)
    deals = _deals(args)
    rules = common.rules_from(args, args.rules)
    for index, deal in enumerate(deals, 1):
        rating = rate(deal, rules=rules)
        if args.json:
            print(json.dumps({"deal": str(deal), **rating.to_dict()}))
        else:
            print(_line(index, len(deals), str(deal), rating))
    return 0
