"""Write tests/data/perft-games.tsv: perft counts for every game of the registry,
from the reference engine.

For each game of ``accordion.games.GAMES`` (its variants included, with their fixed
flags) and each of its rule sets, on two pinned numbered deals of the game (open,
12 cards, and blind, 9 cards), ``perft(d)`` counts the action sequences of length
``d`` from the start, walking the reference engine's legal actions with ``play``
and ``undo`` (``perft.py``'s walk, which pins Accordion's variants in depth). A
new game of the registry gets its lines by running this again:

    python tests/data/perft_games.py > tests/data/perft-games.tsv

``tests/test_every_game.py`` checks the file against both engines.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from accordion.games import GAMES, Descriptor

# (mode, seed, cards): the game's numbered deal ``seed`` of ``cards`` cards.
DEALS = (("open", 3, 12), ("blind", 4, 9))
CAP = 20_000
HEADER = "# game\trules\tmode\tseed\tcards\tperft(1),perft(2),..."


# perft.py's walk, from beside this script (run as a script or loaded by the tests).
sys.path.insert(0, str(Path(__file__).resolve().parent))
import perft as PERFT  # noqa: E402


def start(game: Descriptor, rules: str, mode: str, seed: int, cards: int, engine: str) -> Any:
    """The game of a line, ready to count, in ``engine`` (``core`` or ``reference``)."""
    deal = game.numbered(engine)(seed, cards)  # type: ignore[arg-type]
    made = game.make_rules(rules, engine)  # type: ignore[arg-type]
    return game.game_class(engine)(deal, made, blind=mode == "blind")  # type: ignore[arg-type]


def lines() -> Iterator[str]:
    for game in GAMES.values():
        for rules in game.rules:
            for mode, seed, cards in DEALS:
                counts = PERFT.counts(start(game, rules, mode, seed, cards, "reference"), CAP)
                yield "\t".join(
                    [game.name, rules, mode, str(seed), str(cards), ",".join(map(str, counts))]
                )


if __name__ == "__main__":
    print("# Written by tests/data/perft_games.py (the reference engine); see its docstring.")
    print(HEADER)
    for line in lines():
        print(line, flush=True)
