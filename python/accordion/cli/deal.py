"""`accordion deal`: print a numbered (or fresh random) deal."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from accordion import Deal
from accordion.cli.common import card_count, seed_number


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
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.seed is None:
        deal = Deal.random(args.cards)
        print(f"deal number {deal.seed}", file=sys.stderr)
    else:
        deal = Deal.from_seed(args.seed, args.cards)
    print(deal)
    return 0
