"""The deals other programs number, on the command line: ``--pysol N``,
``--solvitaire SEED`` and ``--knuth SEED`` (``docs/numberings.md``), and the
PySolFC games that ``--game`` names besides the games of their own (``accordion``,
``royal-marriage``, ``bayan``).

``--game`` always names the game played; ``--pysol`` always names PySolFC's
number. So ``--pysol 12345 --game 23-skidoo`` is PySolFC's 23 Skidoo game
12345, and ``--seed 7 --game 23-skidoo`` plays numbered deal 7 under 23 Skidoo's
rules (distances 2,3, won at two piles). Accordion's Revenge needs ``--pysol``: its
goal card comes from the game number.
"""

from __future__ import annotations

import argparse

from accordion import Deal, pysol_goal
from accordion.cli.common import CliError

#: The games with engines of their own: Accordion, Royal Marriage and PySolFC's Bayan.
OWN_GAMES = ("accordion", "royal-marriage", "bayan")
#: The PySolFC games played as Accordion variants: the variant flags they imply.
PYSOL_VARIANTS = {
    "relaxed-accordion": (True, "1,3"),
    "23-skidoo": (False, "2,3"),
    "accordions-revenge": (False, "1,3"),
}
PYSOL_IDS = {
    "772": "accordion",
    "656": "bayan",
    "773": "relaxed-accordion",
    "883": "23-skidoo",
    "811": "accordions-revenge",
    "288": "royal-marriage",
}
SOURCES = ("pysol", "solvitaire", "knuth")


def pysol_number(text: str) -> int | str:
    """An argparse type for --pysol: a game number, or ``msN``."""
    stripped = text.strip()
    if stripped.startswith("ms"):
        return stripped
    try:
        return int(stripped.removeprefix("#").replace(",", "").replace("_", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"not a PySolFC game number: {text!r} (write e.g. 12345 or ms12345)"
        ) from None


def c_int(text: str) -> int:
    """An argparse type for --solvitaire/--knuth seeds (range checked by the generators)."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None


def add_numbering_flags(parser: argparse.ArgumentParser) -> None:
    """--pysol N, --solvitaire SEED, --knuth SEED."""
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
        help="the deal of solvitaire --type accordion --random SEED "
        "(with --cards 18: --type late-binding-solitaire)",
    )
    group.add_argument(
        "--knuth",
        type=c_int,
        metavar="SEED",
        help="Knuth's Late Binding deal SEED (18 cards unless --cards)",
    )


def game_name(text: str) -> str:
    """An argparse type for --game: our names, or a PySolFC id for one of them."""
    key = text.strip().lower()
    key = PYSOL_IDS.get(key, key)
    known = (*OWN_GAMES, *PYSOL_VARIANTS)
    if key not in known:
        raise argparse.ArgumentTypeError(
            f"unknown game {text!r} (known: {', '.join(known)}, or a PySolFC id: "
            + ", ".join(f"{i} {n}" for i, n in PYSOL_IDS.items())
            + ")"
        )
    return key


def resolve_game(args: argparse.Namespace) -> None:
    """Turn a PySolFC-only --game into its variant flags; keep its name in ``args.pysol_game``.

    After this, ``args.game`` is one of :data:`OWN_GAMES`.
    """
    args.pysol_game = args.game
    if args.game not in PYSOL_VARIANTS:
        return
    if args.game == "23-skidoo":
        args.win_piles = 2
    if args.game == "accordions-revenge":
        number = getattr(args, "pysol", None)
        if number is None:
            raise CliError(
                "--game accordions-revenge draws its goal card from PySolFC's game number: "
                "give --pysol N"
            )
        if (getattr(args, "count", None) or 1) > 1:
            raise CliError("--game accordions-revenge: one goal card per game; drop --count")
        args.goal = pysol_goal(number)
    two_way, distances = PYSOL_VARIANTS[args.game]
    if (args.two_way and not two_way) or args.distances not in ("1,3", distances):
        raise CliError(
            f"--game {args.game} fixes its own variant "
            f"({'two-way, ' if two_way else ''}distances {distances}); "
            "drop --two-way/--distances"
        )
    args.two_way, args.distances = two_way, distances
    args.game = "accordion"


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
    """The deals --pysol/--solvitaire/--knuth name (``count`` consecutive numbers)."""
    source = chosen_source(args)
    if source is None:
        return []
    cards = getattr(args, "cards", None)
    start = getattr(args, source)
    if count > 1 and isinstance(start, str):
        raise CliError("--count takes plain --pysol numbers, not msN")
    numbers = [start] if count == 1 else [start + i for i in range(count)]
    if source == "pysol":
        if cards is not None and cards != 52:
            raise CliError("--pysol deals are PySolFC's 52-card rows; drop --cards")
        return [Deal.from_pysol(n, args.pysol_game) for n in numbers]
    if args.pysol_game != "accordion" or args.game != "accordion":
        raise CliError(f"--{source} deals are Accordion rows; drop --game")
    if source == "solvitaire":
        if cards is None or cards == 52:
            return [Deal.from_solvitaire(n) for n in numbers]
        if cards == 18:
            return [Deal.from_solvitaire(n, "late-binding") for n in numbers]
        raise CliError("--solvitaire deals have 52 cards, or 18 (late-binding-solitaire)")
    return [Deal.from_knuth(n, 18 if cards is None else cards) for n in numbers]
