"""`accordion play`: play a deal in the terminal (see :mod:`accordion.play`)."""

from __future__ import annotations

import argparse
import random
import sys
from typing import Any

from accordion.cli.common import (
    RULE_NAMES,
    add_game_flag,
    add_variant_flags,
    rules_from,
    seed_number,
)
from accordion.cli.numbering import (
    add_numbering_flags,
    check_variant,
    numbered_deals,
    resolve_game,
)
from accordion.games import Descriptor


def register(subparsers: Any) -> None:
    """Add the ``play`` subcommand, its options and its help, to ``subparsers``."""
    parser = subparsers.add_parser(
        "play",
        help="play a deal in the terminal",
        description="Play Accordion in the terminal: numbered deal N, your own row, "
        "or a fresh random deal whose number is shown so that it can be replayed; "
        "or a deal PySolFC, Solvitaire or Knuth numbers (docs/numberings.md). "
        "Type help at the prompt for the moves and commands.",
    )
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--seed", type=seed_number, metavar="N", help="play numbered deal N")
    source.add_argument("--deal", metavar='"CARDS"', help='play this row, e.g. "7H 7S 8S KS"')
    parser.add_argument("--blind", action="store_true", help="deal as you go: the row starts empty")
    parser.add_argument(
        "--rules",
        choices=RULE_NAMES,
        default="modern",
        help="the rule set (default modern; royal-marriage: modern or parlett; bayan: modern)",
    )
    add_variant_flags(parser)
    add_game_flag(parser)
    add_numbering_flags(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run ``accordion play`` with the parsed ``args``; return the exit status (0 on success).

    Bad input raises an ``AccordionError`` or ``CliError``, which :func:`accordion.cli.main`
    prints as one ``accordion: error: …`` line (exit status 2).
    """
    from accordion.play.loop import play

    game: Descriptor = args.game
    resolve_game(args)
    check_variant(args, "play")
    game.check_rules(args.rules, "play")
    numbered = numbered_deals(args)
    seed = args.seed
    if numbered:
        deal = numbered[0]
    elif args.deal is not None:
        deal = game.parse_row(args.deal)
    else:
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        deal = game.numbered()(seed, 52)
    rules = rules_from(args, args.rules)
    if rules.goal is not None:
        print(f"goal card {rules.goal}: it must end on top of the last pile", file=sys.stderr)
    return play(game.session_class()(deal, rules, blind=args.blind, seed=seed))
