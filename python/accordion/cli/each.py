"""`accordion stats --each`: what the rules do to each given deal, one result a deal.

For every game of the registry: each row of ``--file`` is played under ``--rules``
and reported in input order, with the piles left and their sizes left to right.
Under rules that force every action (Accordion's ``strict`` and ``strict-leap``,
Accordian Patience's ``uva``) the game is played out as they force it; under
rules the game's solver takes, the deal is solved and the line replayed, so the
result is the fewest piles (``"result"`` says whether that is proved). With
``--rules uva`` and ``--game accordian`` the lines are the UVa judge's output.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Iterable
from typing import Any

from accordion.cli.common import CliError, game_rules
from accordion.games import GAMES, Descriptor

#: The destinations of ``stats``'s flags that ``--each`` honours; every other flag
#: given is refused (:func:`check`), so a flag added to ``stats`` is never silently
#: ignored by ``--each``.
TAKES = frozenset(
    {"each", "file", "rules", "game", "two_way", "distances", "max_nodes", "timeout", "json"}
)
#: What ``--each`` takes only under rules that force every action, which it plays
#: out (dealt as it goes with ``--blind``); the solver's rows are open.
TAKES_FORCED = frozenset({"blind"})


def _ignored_flags(
    add_flags: Callable[[argparse.ArgumentParser], None], forced: bool
) -> list[tuple[str, str, Any]]:
    """``(dest, flag, default)`` of each ``stats`` flag that ``--each`` does not
    take, read from the ``stats`` parser itself (``add_flags``, which ``stats``
    passes: ``--blind``/``--open`` as one)."""
    parser = argparse.ArgumentParser(add_help=False)
    add_flags(parser)
    takes = TAKES | TAKES_FORCED if forced else TAKES
    seen: dict[str, tuple[str, str, Any]] = {}
    for action in parser._actions:
        if action.dest in takes or not action.option_strings:
            continue
        if action.dest in seen:
            dest, flag, default = seen[action.dest]
            seen[dest] = (dest, f"{flag}/{action.option_strings[0]}", default)
        else:
            seen[action.dest] = (action.dest, action.option_strings[0], action.default)
    return list(seen.values())


def check(args: argparse.Namespace, add_flags: Callable[[argparse.ArgumentParser], None]) -> None:
    """Refuse what ``--each`` does not take: it plays the rows of ``--file``, one
    at a time, here; any other flag of ``stats`` (``add_flags`` writes them) given
    is refused, not ignored."""
    if args.file is None:
        raise CliError("stats --each plays the deals of --file F (one row per line)")
    numbered = {"deals", "seed", "cards", "plot", "strategy", "budget"}
    forced = args.rules in args.game.forced_rules
    for dest, flag, default in _ignored_flags(add_flags, forced):
        if getattr(args, dest, default) != default:
            if dest in numbered:
                what = "is for numbered deals"
            elif dest in TAKES_FORCED:
                what = f"is for rules that force every action (--rules {args.rules} is solved)"
            else:
                what = "does nothing with --each"
            raise CliError(f"stats --each: {flag} {what}; drop it")


def _forced(game: Any, args: argparse.Namespace) -> Any:
    """Play ``game`` out by the only legal action, as forcing rules choose it."""
    named: Descriptor = args.game
    while not game.is_over:
        moves = list(game.legal_moves)
        if len(moves) > 1:
            raise CliError(
                f"stats --each --game {named.name}: --rules {args.rules} leaves choices "
                f"and the solver does not take it; give rules that force every action "
                f"or {' or '.join(named.solve_rules)}"
            )
        game.play(moves[0])
    return game


def play_each(deal: Any, args: argparse.Namespace) -> dict[str, Any]:
    """One deal under the rules: its end as a JSON object."""
    game: Descriptor = args.game
    cls = game.game_class()
    rules = game_rules(args)
    # Forced rules are played out as they force each action (a blind game deals as
    # it goes, which under two-way rules may end otherwise than the open row).
    if args.rules in game.solve_rules and args.rules not in game.forced_rules:
        solution = game.solver()(deal, rules=rules, max_nodes=args.max_nodes, timeout=args.timeout)
        result = solution.result
        played = cls(deal, rules)
        for move in solution.moves:
            played.play(move)
    else:
        played = _forced(cls(deal, rules, blind=bool(args.blind)), args)
        result = "win" if played.outcome.grade == "win" else "loss"
    return {
        "deal": str(deal),
        "game": game.name,
        "rules": args.rules,
        "result": result,
        "piles": played.outcome.piles,
        "sizes": [len(pile) for pile in played.piles],
    }


def line(figures: dict[str, Any]) -> str:
    """One result as text: the judge's line (``6 piles remaining: 40 8 1 1 1 1``),
    in the game's own nouns (``3 cards remaining: 1 1 1``; ``0 cards remaining``)."""
    sizes = figures["sizes"]
    game = GAMES[figures["game"]]
    counted = f"{game.plural(len(sizes), game.nouns.piece)} remaining"
    return f"{counted}: {' '.join(str(n) for n in sizes)}" if sizes else counted


def run_each(args: argparse.Namespace, deals: Iterable[Any]) -> int:
    """Print one result per deal, in input order, as the deals are read."""
    for deal in deals:
        figures = play_each(deal, args)
        print(json.dumps(figures) if args.json else line(figures))
    return 0
