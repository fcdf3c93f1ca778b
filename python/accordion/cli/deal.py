"""`accordion deal`: print a numbered (or fresh random) deal."""

from __future__ import annotations

import argparse
import random
import sys

from accordion import pysol_goal
from accordion.cli import choose
from accordion.cli.common import add_game_flags, card_count, seed_number, the_game
from accordion.cli.numbering import numbered_deals

HELP = "print a numbered deal"
DESCRIPTION = """Print numbered deal N (the same on every platform and version), or a fresh
random one with its number on stderr; or a deal PySolFC, Solvitaire or Knuth numbers
(docs/numberings.md); or the first numbered deal from N on that can be won (--winnable) or has a
difficulty level (--difficulty)."""


def add_flags(parser: argparse.ArgumentParser) -> None:
    """The ``deal`` subcommand's options."""
    parser.add_argument("--seed", type=seed_number, metavar="N", help="deal number")
    parser.add_argument(
        "--cards", type=card_count, metavar="K", help="first K cards only (default 52)"
    )
    add_game_flags(parser, variant=False, numbering=True)
    choose.add_flags(parser)


def run(args: argparse.Namespace) -> int:
    """Run ``accordion deal`` with the parsed ``args``; return the exit status (0 on success).

    Bad input raises an ``AccordionError`` or ``CliError``, which :func:`accordion.cli.main`
    prints as one ``accordion: error: …`` line (exit status 2).
    """
    the_game(args)
    if choose.wanted(args):
        return choose.run(args)
    numbered = numbered_deals(args)
    if numbered:
        print(numbered[0])
        if args.game.variant is not None and args.game.variant.goal_from_pysol:
            print(f"goal card {pysol_goal(args.pysol)}", file=sys.stderr)
        return 0
    cards = 52 if args.cards is None else args.cards
    seed = args.seed
    drawn = seed is None
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    deal = args.game.numbered()(seed, cards)
    if drawn:  # said only once the deal is made: a bad --cards gets the error alone
        print(f"deal number {seed}", file=sys.stderr)
    print(deal)
    return 0
