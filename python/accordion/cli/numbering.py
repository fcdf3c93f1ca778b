"""The deals other programs number, on the command line: ``--pysol N``,
``--solvitaire SEED`` and ``--knuth SEED`` (``docs/numberings.md``), and the
PySolFC games that ``--game`` names (:data:`accordion.games.GAMES`).

``--game`` always names the game played; ``--pysol`` always names PySolFC's
number. So ``--pysol 12345 --game 23-skidoo`` is PySolFC's 23 Skidoo game
12345, and ``--seed 7 --game 23-skidoo`` plays numbered deal 7 under 23 Skidoo's
rules (distances 2,3, won at two piles). Accordion's Revenge needs ``--pysol``: its
goal card comes from the game number.
"""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Callable, Iterator

from accordion import Deal, pysol_goal
from accordion.cli.errors import CliError
from accordion.cli.numbers import whole_number
from accordion.errors import InvalidArgumentError, InvalidRulesError, shown
from accordion.games import Descriptor, find_game

# argparse is imported by the argparse types below when a value is bad: `accordion
# solve` on deals alone runs without it (accordion.cli.quick); `typing` neither.
TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from typing import Any

SOURCES = ("pysol", "solvitaire", "knuth")


def pysol_number(text: str) -> int | str:
    """An argparse type for --pysol: a game number, or ``msN``."""
    stripped = text.strip()
    if stripped.startswith("ms"):
        return stripped
    try:
        return whole_number(stripped.removeprefix("#").replace(",", "").replace("_", ""))
    except ValueError:
        from argparse import ArgumentTypeError

        raise ArgumentTypeError(
            f"not a PySolFC game number: {shown(text)} (write e.g. 12345 or ms12345)"
        ) from None


def c_int(text: str) -> int:
    """An argparse type for --solvitaire/--knuth seeds (range checked by the generators)."""
    try:
        return whole_number(text)
    except ValueError:
        from argparse import ArgumentTypeError

        raise ArgumentTypeError(f"not a whole number: {shown(text)}") from None


def add_numbering_flags(parser: argparse.ArgumentParser, *, cards: bool = True) -> None:
    """--pysol N, --solvitaire SEED, --knuth SEED; ``cards``: whether the command
    takes ``--cards`` (their help names it only then)."""
    group = parser.add_argument_group("deals other programs number (docs/numberings.md)")
    group.add_argument(
        "--pysol",
        type=pysol_number,
        metavar="N",
        help="PySolFC game number N (1 to 10**20 - 1, or msN) of the game --game names "
        "(default accordion, PySolFC's 772)",
    )
    group.add_argument(
        "--solvitaire",
        type=c_int,
        metavar="SEED",
        help="the deal of solvitaire --type accordion --random SEED"
        + (" (with --cards 18: --type late-binding-solitaire)" if cards else ""),
    )
    group.add_argument(
        "--knuth",
        type=c_int,
        metavar="SEED",
        help="Knuth's Late Binding deal SEED (18 cards" + (" unless --cards)" if cards else ")"),
    )


def game_name(text: str) -> Descriptor:
    """An argparse type for --game: a game of :data:`accordion.games.GAMES` by name,
    alias or PySolFC id."""
    try:
        return find_game(text)
    except InvalidRulesError as error:
        from argparse import ArgumentTypeError

        raise ArgumentTypeError(str(error)) from None


def resolve_game(args: argparse.Namespace) -> None:
    """Set the variant flags a game fixes (``--game 23-skidoo``: distances 2,3, won at
    two piles), refusing contrary ones; ``args.game`` stays the game's descriptor."""
    game: Descriptor = args.game
    variant = game.variant
    if variant is None:
        return
    if variant.win_piles is not None:
        args.win_piles = variant.win_piles
    if variant.goal_from_pysol:
        number = getattr(args, "pysol", None)
        if number is None:
            raise CliError(
                f"--game {game.name} draws its goal card from PySolFC's game number: give --pysol N"
            )
        if (getattr(args, "count", None) or 1) > 1:
            raise CliError(f"--game {game.name}: one goal card per game; drop --count")
        args.goal = pysol_goal(number)
    if (args.two_way and not variant.two_way) or args.distances not in (None, variant.distances):
        raise CliError(
            f"--game {game.name} fixes its own variant "
            f"({'two-way, ' if variant.two_way else ''}distances {variant.distances}); "
            "drop --two-way/--distances"
        )
    args.two_way, args.distances = variant.two_way, variant.distances


def check_variant(args: argparse.Namespace, command: str) -> None:
    """Refuse --two-way/--distances for a game that has no such variant (a game
    that fixes its own has had them checked by :func:`resolve_game`)."""
    if args.game.variant is not None:
        return
    if getattr(args, "two_way", False) or getattr(args, "distances", None) is not None:
        args.game.require("variant", command)


def chosen_source(args: argparse.Namespace) -> str | None:
    """Which of --pysol/--solvitaire/--knuth was given (at most one, and not with --seed)."""
    given = [name for name in SOURCES if getattr(args, name, None) is not None]
    if len(given) > 1:
        raise CliError(f"give one of --{' / --'.join(given)}, not several")
    if given and getattr(args, "seed", None) is not None:
        raise CliError(f"give --seed or --{given[0]}, not both")
    if given and getattr(args, "deal", None) is not None:
        raise CliError(f"give --deal or --{given[0]}, not both")
    return given[0] if given else None


def numbered_deals(args: argparse.Namespace, count: int = 1) -> list[Deal]:
    """The deals --pysol/--solvitaire/--knuth name (``count`` consecutive numbers).
    A number out of range is named by its flag (the core names ``number``/``seed``)."""
    return list(numbered_stream(args, count))


def numbered_stream(args: argparse.Namespace, count: int = 1) -> Iterator[Deal]:
    """:func:`numbered_deals` made one at a time as they are used (memory flat
    for any ``count``); the first and the last deal are made at once, so that a
    number out of range is refused before any output."""
    source = chosen_source(args)
    if source is None:
        return iter(())
    with _flag_named(source):
        make = _numbered(args, source, count)
        start = getattr(args, source)
        ends = [make(start)] if count == 1 else [make(start), make(start + count - 1)]
    if count <= 2:
        return iter(ends[:count])
    return itertools.chain(ends[:1], (make(start + i) for i in range(1, count - 1)), ends[1:])


@contextlib.contextmanager
def _flag_named(source: str) -> Iterator[None]:
    try:
        yield
    except InvalidArgumentError as error:
        message = str(error)
        if error.argument in ("number", "seed") and message.startswith(error.argument):
            raise CliError(f"--{source}{message[len(error.argument) :]}") from None
        raise


def _numbered(args: argparse.Namespace, source: str, count: int) -> Callable[[Any], Deal]:
    """How deal number N of ``source`` is made, the flags checked."""
    cards = getattr(args, "cards", None)
    start = getattr(args, source)
    if count > 1 and isinstance(start, str):
        raise CliError("--count takes plain --pysol numbers, not msN")
    if source == "pysol":
        if cards is not None and cards != 52:
            raise CliError("--pysol deals are PySolFC's 52-card rows; drop --cards")
        name = args.game.name
        return lambda n: Deal.from_pysol(n, name)
    args.game.require("numberings", f"--{source}")
    if source == "solvitaire":
        if cards is None or cards == 52:
            return lambda n: Deal.from_solvitaire(n)
        if cards == 18:
            return lambda n: Deal.from_solvitaire(n, "late-binding")
        raise CliError("--solvitaire deals have 52 cards, or 18 (late-binding-solitaire)")
    knuth_cards = 18 if cards is None else cards
    return lambda n: Deal.from_knuth(n, knuth_cards)
