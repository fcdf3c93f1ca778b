"""What the subcommands share: one-line errors and the variant flags."""

from __future__ import annotations

from collections.abc import Callable

from accordion import MAX_JOBS, Rules
from accordion.cli.errors import CliError as CliError  # here too, where the commands look
from accordion.cli.numbers import seconds as seconds
from accordion.cli.numbers import whole_number as whole_number
from accordion.errors import AccordionError, InvalidArgumentError, InvalidRulesError, shown
from accordion.games import GAMES, RULE_SETS, Descriptor, plural

# Neither argparse nor `re` nor `typing` is imported here: `accordion solve` on
# deals alone runs without them (accordion.cli.quick, benches/startup.md). Each
# is imported where it is used: argparse by the types below when a value is bad.
TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from typing import Any, TypeVar

    _Read = TypeVar("_Read")

RULE_NAMES = RULE_SETS


def flag_message(error: InvalidArgumentError) -> str:
    """The message of ``error`` with the Python argument written as its flag
    (``max_nodes must be …`` → ``--max-nodes must be …``)."""
    message = str(error)
    name = error.argument
    if name in FLAG_NAMED and message.startswith(name):
        # A flag is left out, not given None: the API's words for that are not the CLI's.
        for none in (" (or None: one per core)", " (or None)"):
            message = message.replace(none, "")
        return "--" + name.replace("_", "-") + message[len(name) :]
    return message


#: The Python arguments whose flag has their name. Not ``seed``: the seed of a
#: Knuth or Solvitaire deal is given with --knuth or --solvitaire, and --seed's
#: own range is checked by argparse.
FLAG_NAMED = frozenset({"cards", "chunk", "deals", "jobs", "max_nodes", "timeout", "tries"})


def add_variant_flags(parser: argparse.ArgumentParser) -> None:
    """VARIANT: [--two-way] [--distances 1,3] (docs/contract.md)."""
    group = parser.add_argument_group("variant")
    group.add_argument(
        "--two-way", action="store_true", help="piles may also move rightwards (Relaxed Accordion)"
    )
    group.add_argument(
        "--distances",
        # Not given is None, told apart from --distances 1,3 given (the default
        # the help names): a game without the variant refuses the one given.
        metavar="D,D",
        help="the move distances, comma-separated (default 1,3; 23 Skidoo is 2,3)",
    )


def rules_from(args: argparse.Namespace, name: str = "modern") -> Rules:
    """The rules named on the command line, with the variant flags."""
    text = "1,3" if args.distances is None else args.distances
    try:
        distances = [whole_number(part) for part in text.split(",")]
    except ValueError:
        raise InvalidRulesError(
            f"bad --distances {shown(text)}: write numbers separated by commas, e.g. 1,3"
        ) from None
    return Rules(
        name,
        two_way=args.two_way,
        distances=distances,
        win_piles=getattr(args, "win_piles", None),
        goal=getattr(args, "goal", None),
    )


def named(read: Callable[[str], _Read], text: str, argument: str) -> _Read:
    """``read(text)``, a refusal naming the ``argument`` the text was given as
    (``deal argument 2: duplicate card 3C in deal``, ``--deal: …``), as a row of
    --file is named by its line."""
    try:
        return read(text)
    except AccordionError as error:
        raise type(error)(f"{argument}: {error}") from None


#: ASCII's capitals to small letters (``str.translate``), as the core reads a name.
_ASCII_LOWER = {code: code + 32 for code in range(ord("A"), ord("Z") + 1)}


def core_name(value: str) -> str:
    """A name as the core reads it: white space around and ASCII capitals ignored,
    and what follows a ``:`` (a strategy's budget, ``lookahead:300``) left out."""
    return value.partition(":")[0].strip().translate(_ASCII_LOWER)


def check_name(flag: str, value: str, known: tuple[str, ...], what: str) -> None:
    """Refuse a ``value`` of ``flag`` that is none of the names ``known`` as the core
    reads a name (:func:`core_name`), naming the flag: ``--strategy: unknown Decade
    strategy "lookahead" (known: greedy, best)``; the rest the core checks."""
    if core_name(value) not in known:
        raise CliError(f"{flag}: unknown {what} {shown(value)} (known: {', '.join(known)})")


def deals_of(deals: int, kind: str, cards: int) -> str:
    """``1 open Decade deal of 1 card``, ``2,000 blind deals of 52 cards``: how many
    deals of what ``kind`` (``open Decade``), of how many cards."""
    return f"{plural(deals, f'{kind} deal')} of {plural(cards, 'card')}"


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
        from argparse import ArgumentTypeError

        try:
            value = whole_number(text)
        except ValueError:
            raise ArgumentTypeError(f"not {what}: {shown(text)}") from None
        if value < low or (high is not None and value > high):
            raise ArgumentTypeError(f"{bounds}, got {shown(value)}")
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
            f"--jobs must be 1 to {MAX_JOBS} threads (leave it out for one per core), "
            f"got {shown(jobs)}"
        )


def add_budget_flags(parser: argparse.ArgumentParser, nodes_help: str, time_help: str) -> None:
    """The exact solver's budget, as every command that runs it takes it:
    ``--max-nodes N`` (the ``max_nodes`` of the API) and ``--timeout S``, each with
    the command's help text."""
    parser.add_argument("--max-nodes", type=positive, metavar="N", help=nodes_help)
    parser.add_argument("--timeout", type=seconds, metavar="S", help=time_help)


def add_game_flags(
    parser: argparse.ArgumentParser,
    *,
    variant: bool = True,
    numbering: bool = False,
    cards: bool = True,
) -> None:
    """The flags that say what is played: VARIANT (``--two-way``, ``--distances``)
    unless ``variant`` is false, ``--game``, and with ``numbering`` the deals other
    programs number (``--pysol``, ``--solvitaire``, ``--knuth``; ``cards``: the
    command takes ``--cards``)."""
    if variant:
        add_variant_flags(parser)
    add_game_flag(parser)
    if numbering:
        from accordion.cli.numbering import add_numbering_flags

        add_numbering_flags(parser, cards=cards)


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
