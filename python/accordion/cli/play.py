"""`accordion play`: play a deal in the terminal (see :mod:`accordion.tui`)."""

from __future__ import annotations

import argparse
from typing import Any

from accordion import Deal
from accordion.cli.common import RULE_NAMES, add_variant_flags, rules_from, seed_number


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "play",
        help="play a deal in the terminal",
        description="Play Accordion in the terminal: numbered deal N, your own row, "
        "or a fresh random deal whose number is shown so that it can be replayed. "
        "Type help at the prompt for the moves and commands.",
    )
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--seed", type=seed_number, metavar="N", help="play numbered deal N")
    source.add_argument("--deal", metavar='"CARDS"', help='play this row, e.g. "7H 7S 8S KS"')
    parser.add_argument("--blind", action="store_true", help="deal as you go: the row starts empty")
    parser.add_argument(
        "--rules", choices=RULE_NAMES, default="modern", help="the rule set (default modern)"
    )
    add_variant_flags(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from accordion.tui import Session, play

    rules = rules_from(args, args.rules)
    if args.deal is not None:
        deal = Deal.parse(args.deal)
    elif args.seed is not None:
        deal = Deal.from_seed(args.seed)
    else:
        deal = Deal.random()
    return play(Session(deal, rules, blind=args.blind))
