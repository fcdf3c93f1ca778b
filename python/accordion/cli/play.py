"""`accordion play`: play a deal at the full-screen table (:mod:`accordion.play.table`),
or at the line prompt (:mod:`accordion.play`) with ``--plain``, in a pipe, or
where the ``play`` extra is not installed."""

from __future__ import annotations

import argparse
import random
import sys
from typing import Any

from accordion.cli.common import (
    CliError,
    add_game_flags,
    game_rules,
    named,
    per_game,
    seed_number,
    the_game,
)
from accordion.cli.numbering import chosen_source, numbered_deals
from accordion.cli.serve import port_number
from accordion.games import ALL_RULE_SETS, Descriptor
from accordion.web import DEFAULT_HOST, DEFAULT_PORT

HELP = "play a deal in the terminal"
DESCRIPTION = """Play Accordion in the terminal: numbered deal N, your own row, or a fresh
random deal whose number is shown so that it can be replayed; or a deal PySolFC, Solvitaire or
Knuth numbers (docs/numberings.md). Type help at the prompt for the moves and commands."""


def add_flags(parser: argparse.ArgumentParser) -> None:
    """The ``play`` subcommand's options."""
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--seed", type=seed_number, metavar="N", help="play numbered deal N")
    source.add_argument("--deal", metavar='"CARDS"', help='play this row, e.g. "7H 7S 8S KS"')
    parser.add_argument("--blind", action="store_true", help="deal as you go: the row starts empty")
    parser.add_argument(
        "--rules",
        choices=ALL_RULE_SETS,
        default="modern",
        help="the rule set (default modern" + per_game(lambda game: " or ".join(game.rules)) + ")",
    )
    add_game_flags(parser, numbering=True, cards=False)  # (play has no --cards)
    table = parser.add_argument_group("the table")
    table.add_argument(
        "--plain",
        action="store_true",
        help="the line prompt instead of the full-screen table (for scripts and screen "
        "readers; also whenever input or output is not a terminal)",
    )
    table.add_argument(
        "--stats", action="store_true", help="print your record (games played, won, streaks)"
    )
    table.add_argument(
        "--serve",
        action="store_true",
        help="open this deal at the web table of accordion serve (the web extra)",
    )
    table.add_argument(
        "--port",
        type=port_number,
        default=DEFAULT_PORT,
        metavar="P",
        help=f"--serve's port ({DEFAULT_PORT})",
    )
    table.add_argument(
        "--host",
        default=DEFAULT_HOST,
        metavar="H",
        help=f"--serve's address ({DEFAULT_HOST}: this machine only; 0.0.0.0 opens it to all)",
    )


def _stats() -> int:
    from accordion.play.table.record import Record, lines

    record = Record()
    record.lost = "nothing is shown"  # (no game is played here to go uncounted)
    for line in lines(record.read()):
        print(line)
    print(f"(kept in {record.path})")
    return 0


def _open(session: Any, args: argparse.Namespace, game: Descriptor) -> int:
    """Play ``session`` at the table, or at the line prompt where the table cannot run."""
    from accordion.play import table
    from accordion.play.loop import play

    if sys.stdin is None:
        # `<&-`: no moves can come; one line, as for a closed standard output.
        from accordion.errors import InputFileError

        raise InputFileError(
            "play: standard input is closed: there is nowhere to read the moves from", "-"
        )
    # The player's record needs the play extra's file lock: without it, no record.
    record = None
    if table.available():
        from accordion.play.table.record import Record

        record = Record()
    if args.plain or not (sys.stdin.isatty() and sys.stdout.isatty()):
        return play(session, record=record)
    if not table.available():
        print(
            f"accordion: the full-screen table needs the play extra ({table.EXTRA}); "
            "playing at the line prompt",
            file=sys.stderr,
        )
        return play(session)
    return table.run(session, game=game)


def _serve(args: argparse.Namespace, game: Descriptor, deal: Any, seed: int | None) -> int:
    """``play --serve``: the web table of ``accordion serve``, opened on this deal
    (checked here first, as ``play`` checks it) by the address it prints."""
    from urllib.parse import urlencode

    from accordion.web.server import serve

    query: dict[str, str] = {"game": game.name, "rules": args.rules}
    if deal is not None:
        query["deal"] = str(deal)
    elif seed is not None:
        query["seed"] = str(seed)
    if getattr(args, "pysol", None) is not None:
        query["pysol"] = str(args.pysol)
    if args.blind:
        query["blind"] = "1"
    if game.supports("variant") and game.variant is None:
        if args.two_way:
            query["two_way"] = "1"
        if args.distances not in (None, "1,3"):
            query["distances"] = args.distances
    return serve(args.host, args.port, start="?" + urlencode(query))


def run(args: argparse.Namespace) -> int:
    """Run ``accordion play`` with the parsed ``args``; return the exit status (0 on success).

    Bad input raises an ``AccordionError`` or ``CliError``, which :func:`accordion.cli.main`
    prints as one ``accordion: error: …`` line (exit status 2).
    """
    if args.stats:
        return _stats()
    game = the_game(args, "play")
    game.check_rules(args.rules, "play")
    numbered = numbered_deals(args)
    seed = args.seed
    if numbered:
        deal = numbered[0]
    elif args.deal is not None:
        from accordion._input import not_utf8

        problem = not_utf8(args.deal)
        if problem is not None:
            raise CliError(f"--deal: {problem}")
        deal = named(game.parse_row, args.deal, "--deal")
    else:
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        deal = game.numbered()(seed, 52)
    rules = game_rules(args)
    if args.serve:
        return _serve(args, game, None if seed is not None and not numbered else deal, seed)
    if getattr(rules, "goal", None) is not None:
        print(f"goal card {rules.goal}: it must end on top of the last pile", file=sys.stderr)
    # A deal named by --pysol/--solvitaire/--knuth is replayed by that option (Accordion's
    # Revenge takes its goal card from it).
    source = chosen_source(args) if numbered else None
    origin = f"--{source} {getattr(args, source)}" if source else None
    session = game.session_class()(
        deal, rules, blind=args.blind, seed=seed, entry=game, origin=origin
    )
    return _open(session, args, game)
