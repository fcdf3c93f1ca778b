"""The Late Binding Solitaire rows of tests/data: each loads, and random games play to the end.

Each engine's game is played in lockstep with a reference game, comparing the
legal actions, the piles and the outcome after every action (for the reference
engine itself this checks that replaying is deterministic).
"""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any

import pytest
from conftest import conformance_rows

import accordion.reference as reference

ROWS = conformance_rows()
VARIANTS: list[tuple[str, dict[str, Any], bool]] = [
    ("modern", {}, False),
    ("modern", {}, True),
    ("strict", {}, False),
    ("strict-leap", {}, True),
    ("parlett", {}, True),
    ("modern", {"two_way": True}, False),
    ("strict", {"two_way": True}, False),
    ("parlett", {"distances": (2, 3)}, False),
]


def snapshot(game: Any) -> tuple[object, ...]:
    """Everything a player can see, as text, so the two engines' values compare."""
    outcome = game.outcome
    return (
        [str(move) for move in game.legal_moves],
        [[str(card) for card in pile] for pile in game.piles],
        game.stock_size,
        [str(move) for move in game.history],
        (outcome.piles, outcome.grade, outcome.is_over),
        str(game),
    )


def test_the_conformance_file_is_there() -> None:
    assert len(ROWS) >= 40
    assert {verdict for _, verdict, _ in ROWS} == {"win", "lose", "unknown"}


@pytest.mark.parametrize(("name", "verdict", "row"), ROWS, ids=[name for name, _, _ in ROWS])
def test_every_row_loads(engine: ModuleType, name: str, verdict: str, row: str) -> None:
    deal = engine.Deal.parse(row)
    assert str(deal) == " ".join(row.split())
    assert len(deal) == int(name.removeprefix("LBS").split("_")[0])


@pytest.mark.parametrize("row", [row for _, _, row in ROWS], ids=[name for name, _, _ in ROWS])
def test_random_games_play_to_the_end(engine: ModuleType, row: str) -> None:
    for number, (name, variant, blind) in enumerate(VARIANTS):
        chooser = random.Random(f"{row} {number}")
        game = engine.Game(row, engine.Rules(name, **variant), blind=blind)
        mirror = reference.Game(row, reference.Rules(name, **variant), blind=blind)
        while not game.is_over:
            assert snapshot(game) == snapshot(mirror)
            if game.history and chooser.random() < 0.1:
                assert str(game.undo()) == str(mirror.undo())
                continue
            action = chooser.choice(list(game.legal_moves))
            game.play(str(action))
            mirror.play(str(action))
        assert snapshot(game) == snapshot(mirror)
        assert not game.legal_moves
        assert game.stock_size == 0
        assert sum(len(pile) for pile in game.piles) == len(game.starting_deal)
