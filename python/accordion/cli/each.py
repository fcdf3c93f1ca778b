"""`accordion stats --each`: what given rules do to given deals, deal by deal, for
every game (SPEC §6): one line, or one JSON object, per deal, in input order, with
the deal, the piles left and their sizes, left to right.

A deal is played out by the rules when they force every action (Accordion's
``strict`` and ``strict-leap``: the game's own legal moves are then one at each
step), dealt as it goes unless ``--open``; or else, open, along the solver's best
line (the fewest piles any play can reach). A blind deal under rules that leave
choices has no one answer: refused.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from typing import Any

from accordion.cli.common import CliError
from accordion.errors import IllegalMoveError
from accordion.games import Descriptor

#: The strategies --each plays.
STRATEGIES = ("forced", "solver")


def _deals(args: argparse.Namespace, game: Descriptor) -> Iterator[Any]:
    """The deals of --file, in order (read and checked before any output), else the
    numbered deals S … S+N-1 of --seed/--deals."""
    from accordion.cli.solve import _read_file

    if args.file is not None:
        if args.deals is not None:
            raise CliError("stats --each: give --file or --deals, not both")
        yield from list(_read_file(args.file, game.parse_row))
        return
    if args.deals is None:
        raise CliError("stats --each: give the deals with --file F (or --seed S --deals N)")
    numbered = game.numbered()
    for number in range(args.seed, args.seed + args.deals):
        yield numbered(number, args.cards)


def _strategy(args: argparse.Namespace, game: Descriptor, blind: bool | None) -> str:
    forced = args.rules in game.forced_rules
    strategy = args.strategy or ("forced" if forced else "solver")
    if strategy not in STRATEGIES:
        raise CliError(
            f"stats --each plays the rules' forced line or the solver's best line: "
            f"--strategy forced or solver, not {strategy}"
        )
    if strategy == "forced" and not forced:
        choices = ", ".join(game.forced_rules) or "none"
        raise CliError(
            f"stats --each --game {game.name}: --rules {args.rules} leave choices, so there "
            f"is no forced line (rules that force every move: {choices}); "
            "--strategy solver plays the best line"
        )
    if strategy == "solver" and blind:
        raise CliError(
            f"stats --each --game {game.name} --blind: the solver sees the whole deal; "
            "a blind deal has a forced line only under rules that force every move"
        )
    return strategy


def _forced(table: Any, game: Descriptor) -> Any:
    """Play ``table`` out by its rules' one legal action at each step."""
    while not table.is_over:
        legal = list(table.legal_moves)
        if len(legal) != 1:
            raise IllegalMoveError(
                f"{game.title} under these rules leaves {len(legal)} actions here: no forced line"
            )
        table.play(legal[0])
    return table


def play(deal: Any, game: Descriptor, rules: Any, strategy: str, blind: bool) -> dict[str, Any]:
    """One deal played out: its JSON object (``deal``, ``piles``, ``sizes`` …)."""
    table = game.game_class()(deal, rules, blind=blind)
    result = None
    if strategy == "forced":
        _forced(table, game)
    else:
        solution = game.solver()(deal, rules=rules)
        for move in solution.moves:
            table.play(move)
        result = solution.result
    sizes = [len(pile) for pile in table.piles]
    figures: dict[str, Any] = {
        "game": game.name,
        "deal": str(deal),
        "rules": args_rules(rules),
        "strategy": strategy,
        "blind": blind,
        "piles": len(sizes),
        "sizes": sizes,
        "won": len(sizes) <= game.won_at,
    }
    if result is not None:
        figures["result"] = result
    return figures


def args_rules(rules: Any) -> str:
    """The rule set's name, whatever the game's rules object is."""
    return str(getattr(rules, "name", rules))


def run(args: argparse.Namespace, rules: Any) -> int:
    """Print one line (or JSON object) per deal, in input order."""
    game: Descriptor = args.game
    game.require("each", "stats --each")
    if args.plot is not None or args.scheduler is not None or args.checkpoint is not None:
        raise CliError("stats --each prints each deal: no --plot, --scheduler or --checkpoint")
    strategy = _strategy(args, game, args.blind)
    # The forced line deals as it goes, as the rules are played (and as stats
    # plays them); the solver's line is open.
    blind = strategy == "forced" if args.blind is None else bool(args.blind)
    for index, deal in enumerate(_deals(args, game), 1):
        figures = play(deal, game, rules, strategy, blind)
        if args.json:
            print(json.dumps(figures))
        else:
            left = game.plural(figures["piles"], game.nouns.piece)
            print(f"deal {index}: {figures['deal']}")
            print(f"  {left} remaining: {' '.join(str(size) for size in figures['sizes'])}")
    return 0
