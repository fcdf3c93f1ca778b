"""`accordion deal`: print a numbered (or fresh random) deal."""

from __future__ import annotations

import argparse
import random
import sys
from typing import Any

from accordion import Deal, royal_deal
from accordion.cli.common import add_game_flag, card_count, seed_number


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "deal",
        help="print a numbered deal",
        description="Print numbered deal N (the same on every platform and version), "
        "or a fresh random one with its number on stderr.",
    )
    parser.add_argument("--seed", type=seed_number, metavar="N", help="deal number")
    parser.add_argument(
        "--cards", type=card_count, default=52, metavar="K", help="first K cards only"
    )
    add_game_flag(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    seed = args.seed
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
        print(f"deal number {seed}", file=sys.stderr)
    if args.game == "royal-marriage":
        deal = royal_deal(seed, args.cards)
    else:
        deal = Deal.from_seed(seed, args.cards)
    print(deal)
    return 0
