"""Write tests/data/perft.tsv: perft-style move counts from the reference engine.

For every rule set (modern, strict, strict-leap, parlett), one-way and two-way, and
the distance sets {1,3}, {2,3} and {1,2,3}, on pinned numbered deals (open rows of
52 and 12 cards, a blind game of 10 cards), ``perft(d)`` is the number of action
sequences of length ``d`` from the start (a game over before ``d`` adds nothing),
counted by walking the reference engine's legal actions with ``Game.play`` and
``Game.undo``, as shakmaty's ``perft`` counts chess moves. Depths go on while the
next count, guessed from the last branching factor, stays below a cap, so each
line costs the reference engine a few seconds.

The Rust test ``tests/perft.rs`` checks every line against the core's move
generators; ``tests/test_perft.py`` recomputes a subset with both engines, so the
file is itself checked. Regenerate (a few minutes) with:

    python tests/data/perft.py > tests/data/perft.tsv
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from itertools import product

from accordion.reference import Deal, Game, Rules

RULE_SETS = ("modern", "strict", "strict-leap", "parlett")
DISTANCES = ("1,3", "2,3", "1,2,3")
# (mode, seed, cards): numbered deals, Deal.from_seed(seed, cards).
DEALS = (("open", 1, 52), ("open", 2, 52), ("open", 3, 12), ("blind", 4, 10))
# Deepen while the next depth, guessed from the last branching factor, stays below this.
CAP = 60_000
MAX_DEPTH = 40

HEADER = "# rules\ttwo_way\tdistances\tmode\tseed\tcards\tperft(1),perft(2),..."


def perft_all(game: Game, depth: int) -> list[int]:
    """``[perft(1), …, perft(depth)]`` in one walk of the tree."""
    found = [0] * depth

    def walk(level: int) -> None:
        moves = list(game.legal_moves)
        found[level] += len(moves)
        if level + 1 < depth:
            for move in moves:
                game.play(move)
                walk(level + 1)
                game.undo()

    walk(0)
    return found


def counts(game: Game, cap: int = CAP, max_depth: int = MAX_DEPTH) -> list[int]:
    """perft(1), perft(2), … until a count is zero or the next one, guessed from
    the last branching factor, would pass ``cap``."""
    found = [1]
    for depth in range(1, max_depth + 1):
        found.append(perft_all(game, depth)[-1])
        last, before = found[-1], found[-2]
        if last == 0 or last * last > cap * before:
            break
    return found[1:]


def variants() -> Iterator[tuple[str, bool, str]]:
    yield from product(RULE_SETS, (False, True), DISTANCES)


def game_of(rules: Rules, mode: str, seed: int, cards: int) -> Game:
    return Game(Deal.from_seed(seed, cards), rules, blind=mode == "blind")


def main() -> None:
    print("# Written by tests/data/perft.py (the reference engine); see its docstring.")
    print(HEADER)
    for name, two_way, distances in variants():
        rules = Rules(name, two_way=two_way, distances=distances)
        for mode, seed, cards in DEALS:
            found = counts(game_of(rules, mode, seed, cards))
            fields = [name, str(two_way).lower(), distances, mode, str(seed), str(cards)]
            print("\t".join([*fields, ",".join(map(str, found))]), flush=True)
            print(name, two_way, distances, mode, seed, found, file=sys.stderr)


if __name__ == "__main__":
    main()
