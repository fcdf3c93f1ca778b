"""What the subcommands share: one-line errors and the variant flags."""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from typing import Any, NoReturn

from accordion import MAX_JOBS, Rules
from accordion.errors import InvalidArgumentError, InvalidRulesError
from accordion.games import GAMES, RULE_SETS, Descriptor
from accordion.reference._args import ECHO_CHARS, shown

RULE_NAMES = RULE_SETS


#: A whole number on the command line: ASCII digits with a sign at most.
_WHOLE = re.compile(r"[+-]?[0-9]+")
#: A value argparse quotes in a message, longer than a message shows.
_QUOTED = re.compile(r"'([^']{61,})'")


class CliError(InvalidArgumentError):
    """A command-line mistake (a flag that does not fit the others), reported on one line."""


class Parser(argparse.ArgumentParser):
    """An argument parser that reports a mistake on one line (exit status 2).

    The message is prefixed once, by :func:`accordion.cli.main`, with
    ``accordion: error:``; a subcommand's mistakes also name the subcommand.
    """

    def error(self, message: str) -> NoReturn:
        command = self.prog.removeprefix("accordion").strip()
        # argparse's own messages quote the value given whole ("invalid … value:
        # '…'", "unrecognized arguments: …"): cut each as every message does.
        message = _QUOTED.sub(lambda found: shown(found.group(1)), message)
        head, colon, rest = message.partition("unrecognized arguments: ")
        if colon and len(rest) > ECHO_CHARS:
            message = f"{head}{colon}{rest[:ECHO_CHARS]}… ({len(rest)} characters)"
        raise CliError(f"{command}: {message}" if command else message)


def flag_message(error: InvalidArgumentError) -> str:
    """The message of ``error`` with the Python argument written as its flag
    (``max_nodes must be …`` → ``--max-nodes must be …``)."""
    message = str(error)
    name = error.argument
    if name in FLAG_NAMED and message.startswith(name):
        return "--" + name.replace("_", "-") + message[len(name) :]
    return message


#: The Python arguments whose flag has their name. Not ``seed``: the seed of a
#: Knuth or Solvitaire deal is given with --knuth or --solvitaire, and --seed's
#: own range is checked by argparse.
FLAG_NAMED = frozenset({"cards", "deals", "jobs", "max_nodes", "timeout", "tries"})


def add_variant_flags(parser: argparse.ArgumentParser) -> None:
    """VARIANT: [--two-way] [--distances 1,3] (docs/contract.md)."""
    group = parser.add_argument_group("variant")
    group.add_argument(
        "--two-way", action="store_true", help="piles may also move rightwards (Relaxed Accordion)"
    )
    group.add_argument(
        "--distances",
        default="1,3",
        metavar="D,D",
        help="the move distances, comma-separated (default 1,3; 23 Skidoo is 2,3)",
    )


def rules_from(args: argparse.Namespace, name: str = "modern") -> Rules:
    """The rules named on the command line, with the variant flags."""
    try:
        distances = [int(part) for part in args.distances.split(",")]
    except ValueError:
        raise InvalidRulesError(
            f"bad --distances {shown(args.distances)}: write numbers separated by commas, e.g. 1,3"
        ) from None
    return Rules(
        name,
        two_way=args.two_way,
        distances=distances,
        win_piles=getattr(args, "win_piles", None),
        goal=getattr(args, "goal", None),
    )


def game_rules(args: argparse.Namespace, name: str | None = None) -> Any:
    """``--rules`` (or the rule set ``name``) as ``args.game``'s class takes it:
    ``Rules`` with the variant flags for Accordion and the games played by its
    engine, else (the throw games, whose rule sets are names) the name."""
    game = args.game
    name = args.rules if name is None else name
    if game.plays_accordion:
        return rules_from(args, name)
    return name


def _whole(what: str, low: int, high: int | None, bounds: str, doc: str) -> Callable[[str], int]:
    """An argparse type for a whole number from ``low`` to ``high`` (``None``: no
    bound): text that is not a number is "not ``what``", one out of range gets
    ``bounds``, each with the value given."""

    def whole(text: str) -> int:
        # ASCII digits only, as the play prompt takes them: int() also reads
        # other scripts' digits (١٢) and chokes past 4,300 digits.
        if not _WHOLE.fullmatch(text.strip()):
            raise argparse.ArgumentTypeError(f"not {what}: {shown(text)}")
        value = int(text)
        if value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"{bounds}, got {shown(value)}")
        return value

    whole.__doc__ = doc
    return whole


card_count = _whole(
    "a number of cards", 1, 52, "must be 1 to 52 cards", "An argparse type for --cards: 1 to 52."
)
seed_number = _whole(
    "a deal number",
    0,
    2**64 - 1,
    "deal numbers are 0 to 2**64 - 1",
    "An argparse type for deal numbers: 0 to 2**64 - 1.",
)
positive = _whole(
    "a whole number", 1, None, "must be at least 1", "An argparse type for counts: 1 or more."
)


def check_jobs(jobs: int | None) -> None:
    """Refuse ``--jobs`` above the core's bound, as the Accordion batch does.

    Royal Marriage and Bayan solve one deal after another and never start a
    thread, but ``--jobs 100000`` is as wrong for them as for Accordion.
    """
    if jobs is not None and jobs > MAX_JOBS:
        raise CliError(
            f"--jobs must be 1 to {MAX_JOBS} threads (or None: one per core), got {shown(jobs)}"
        )


def add_game_flags(
    parser: argparse.ArgumentParser, *, variant: bool = True, numbering: bool = False
) -> None:
    """The flags that say what is played: VARIANT (``--two-way``, ``--distances``)
    unless ``variant`` is false, ``--game``, and with ``numbering`` the deals other
    programs number (``--pysol``, ``--solvitaire``, ``--knuth``)."""
    if variant:
        add_variant_flags(parser)
    add_game_flag(parser)
    if numbering:
        from accordion.cli.numbering import add_numbering_flags

        add_numbering_flags(parser)


def the_game(args: argparse.Namespace, command: str | None = None) -> Descriptor:
    """``args.game``, with the variant flags it fixes set and contrary ones refused
    (``--game 23-skidoo``); with ``command``, ``--two-way``/``--distances`` are
    refused (naming the game) where it has no such variant."""
    from accordion.cli.numbering import check_variant, resolve_game

    resolve_game(args)
    if command is not None:
        check_variant(args, command)
    game: Descriptor = args.game
    return game


def add_game_flag(parser: argparse.ArgumentParser) -> None:
    """--game NAME: a game of :data:`accordion.games.GAMES` (docs/numberings.md)."""
    from accordion.cli.numbering import game_name

    parser.add_argument(
        "--game",
        type=game_name,
        default="accordion",
        metavar="NAME",
        help="the game: "
        + ", ".join(
            game.name + (f" (PySolFC {game.pysol_id})" if game.pysol_id else "")
            for game in GAMES.values()
        )
        + "; default accordion",
    )


def per_game(say: Callable[[Descriptor], str]) -> str:
    """The tail of a help text: ``; NAME: …`` for each game not played by Accordion's
    engine, in the words ``say`` gives it (a game it gives none is left out)."""
    return "".join(
        f"; {game.name}: {said}"
        for game in GAMES.values()
        if not game.plays_accordion and (said := say(game))
    )
