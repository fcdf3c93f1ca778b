"""`accordion deal --winnable` and `--difficulty`: numbered deals chosen by outcome
(docs/winnable.md) and by difficulty (docs/difficulty.md)."""

from __future__ import annotations

import argparse
import sys

from accordion import Deal, difficulty_deal, winnable_deal
from accordion.cli.common import RULE_NAMES, CliError, add_variant_flags, game_rules, positive
from accordion.cli.numbering import SOURCES
from accordion.games import LEVELS


def add_flags(parser: argparse.ArgumentParser) -> None:
    """--winnable [--rules R] [--blind] [--tries N], --difficulty LEVEL, and the variant."""
    group = parser.add_argument_group("deals chosen by outcome or difficulty")
    choice = group.add_mutually_exclusive_group()
    choice.add_argument(
        "--winnable",
        action="store_true",
        help="the first numbered deal from --seed on that --rules can win",
    )
    choice.add_argument(
        "--difficulty",
        choices=LEVELS,
        help="the first numbered deal from --seed on at this level (docs/difficulty.md)",
    )
    group.add_argument(
        "--rules",
        choices=RULE_NAMES,
        help="with --winnable: the rules to win under (default modern, or the game's "
        "first); with --difficulty: modern (default) or parlett, or the game's own",
    )
    group.add_argument(
        "--blind", action="store_true", help="with --winnable: won dealing as you go"
    )
    group.add_argument(
        "--tries",
        type=positive,
        metavar="N",
        help="give up after N numbers (default 100,000 for --winnable, 10,000 for --difficulty)",
    )
    add_variant_flags(parser)


def wanted(args: argparse.Namespace) -> bool:
    """Whether the deal is to be chosen by outcome or difficulty; refuse stray flags."""
    chosen = args.winnable or args.difficulty is not None
    if not chosen and args.game.variant is not None:
        return False  # --game set the variant flags itself
    if not chosen:
        stray = [
            flag
            for flag, value in (
                ("--rules", args.rules),
                ("--blind", args.blind or None),
                ("--tries", args.tries),
                ("--two-way", args.two_way or None),
                ("--distances", args.distances),
            )
            if value is not None
        ]
        if stray:
            raise CliError(f"{stray[0]} goes with --winnable or --difficulty")
        return False
    others = [name for name in SOURCES if getattr(args, name) is not None]
    if others:
        raise CliError(f"--{others[0]} names one deal; it does not go with --winnable/--difficulty")
    args.game.require("choose", "deal")
    return True


def run(args: argparse.Namespace) -> int:
    """Find the deal, print it on stdout and its number (and what was skipped) on stderr."""
    cards = 52 if args.cards is None else args.cards
    rules = game_rules(args, args.rules or args.game.rules[0])
    game = args.game.name
    if args.winnable:
        deal = winnable_deal(
            seed=args.seed, rules=rules, blind=args.blind, cards=cards, tries=args.tries, game=game
        )
    else:
        if args.blind:
            raise CliError("--difficulty rates open deals; drop --blind")
        deal = difficulty_deal(
            args.difficulty, seed=args.seed, cards=cards, rules=rules, tries=args.tries, game=game
        )
    _report(args, deal, cards)
    return 0


def _report(args: argparse.Namespace, deal: Deal, cards: int) -> None:
    print(deal)
    number = deal.seed
    assert number is not None
    replay = (
        f"--seed {number}"
        + ("" if cards == 52 else f" --cards {cards}")
        + ("" if args.game.unnamed else f" --game {args.game.name}")
    )
    start = args.seed
    skipped = "" if start is None else f"; {number - start:,} numbers skipped from {start}"
    print(f"deal number {number} ({replay}){skipped}", file=sys.stderr)
