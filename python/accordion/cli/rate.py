"""`accordion rate`: how hard open deals are, for every game that leaves a choice
(docs/difficulty.md)."""

from __future__ import annotations

import argparse
import json
import sys

from accordion import Rating, rate
from accordion.cli import common
from accordion.cli.solve import _check_sources, _deals, add_deal_flags, deal_total
from accordion.games import Descriptor

HELP = "rate open deals: easy, medium or hard (or unwinnable)"
DESCRIPTION = """Rate open deals: difficulty = the share of the moves a careful player weighs
(the legal moves in order, up to the first that keeps the win) that would throw the win away,
each decided by the exhaustive solver; easy, medium and hard are the thirds of the numbered
Accordion deals of that length (docs/difficulty.md). The throw games are rated alike, without
a level."""


def add_flags(parser: argparse.ArgumentParser) -> None:
    """The ``rate`` subcommand's options."""
    add_deal_flags(parser)
    parser.add_argument(
        "--rules",
        metavar="NAME",
        help="modern (default) or parlett (must move)"
        + common.per_game(lambda game: ", ".join(game.rules))
        + " (the forced rule sets leave nothing to rate)",
    )
    common.add_game_flags(parser, numbering=True)
    parser.add_argument("--json", action="store_true", help="one JSON object per line")


def _line(index: int, total: int | None, deal: str, rating: Rating, game: Descriptor) -> str:
    head = f"deal {index}/{total}" if total is not None and total > 1 else f"deal {index}"
    if total == 1:
        head = "deal"
    nouns = game.nouns
    if rating.difficulty is not None:
        no_level = "no level at this length" if game.plays_accordion else "no level"
        verdict = (
            f"{rating.level or no_level}: difficulty {rating.difficulty:.3f} "
            f"({rating.losing} of {game.plural(rating.moves, nouns.move)} weighed lose)"
        )
    elif rating.result == "loss":
        verdict = f"unwinnable (proved, {game.plural(rating.nodes, nouns.node)})"
    else:
        verdict = f"undecided within {game.plural(rating.nodes, nouns.node)}"
    return f"{head}: {deal}\n  {verdict}"


def run(args: argparse.Namespace) -> int:
    """Run ``accordion rate`` with the parsed ``args``; return the exit status (0 on success).

    Bad input raises an ``AccordionError`` or ``CliError``, which :func:`accordion.cli.main`
    prints as one ``accordion: error: …`` line (exit status 2).
    """
    game = common.the_game(args, "rate")
    game.require("rate", "rate")
    name = game.rules[0] if args.rules is None else args.rules
    game.check_rules(name, "rate")
    rules = common.game_rules(args, name)
    _check_sources(args)
    # Counted, not made: the deals stream, each printed as it is rated.
    total = None if args.json else deal_total(args, game)
    deals = _deals(args, game.numbered(), game.parse_row)
    # The throw games' results name their game, as their solutions do.
    named = {} if game.plays_accordion else {"game": game.name}
    for index, deal in enumerate(deals, 1):
        rating = rate(deal, rules=rules, game=game.engine)
        if args.json:
            print(json.dumps({**named, "deal": str(deal), **rating.to_dict()}))
        else:
            print(_line(index, total, str(deal), rating, game))
        sys.stdout.flush()
    return 0
