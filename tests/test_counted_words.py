"""Messages and reprs that count things say ``1 pile`` and ``2 piles`` (one helper in
the core, ``crate::error::Count``, makes every such plural): pinned word for word."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import accordion
from accordion import _core


def said(call: Callable[[], Any]) -> str:
    try:
        return repr(call())
    except ValueError as error:
        return str(error)


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: accordion.solve("7H 7C"), "<Solution win in 1 move, 1 pile, 2 nodes: 7H 7C>"),
        (
            lambda: accordion.solve("7H 7C 2D"),
            "<Solution loss in 1 move, 2 piles, 2 nodes: 7H 7C 2D>",
        ),
        (lambda: accordion.Game("7H 7C").move_at(5, 1), "no pile 5: the row has 2 piles"),
        (lambda: accordion.Game("7H").move_at(2, 1), "no pile 2: the row has 1 pile"),
        (
            lambda: accordion.Game("7H 2C 8H").play("8H>7H"),
            "illegal move 8H>7H: 8H and 7H are 2 piles apart; moves go 1 or 3 places",
        ),
        (
            lambda: accordion.rate("7H 7C"),
            "<Rating unrated: difficulty 0.000, 0 of 1 move losing>",
        ),
        (lambda: accordion.rate("7H 7C 2D 9S 9H", rules="parlett"), "<Rating loss: 0 nodes>"),
        (
            lambda: _core.DecadeGame("2C 8D 5H 3S").play("out 2C"),
            "illegal move out 2C: 1 card totalling 2; a run",
        ),
        (
            lambda: _core.DecadeGame("2C 8D 5H 3S").play("out 8D 5H"),
            "illegal move out 8D 5H: 2 cards totalling 13; a run",
        ),
        (
            lambda: _core.DecadeSolution.from_dict(
                {**_core.solve_decade("2C 8D 5H").to_dict(), "result": "win"}
            ),
            "a solution whose moves leave 1 card is not a win (won at 0)",
        ),
    ],
)
def test_counted_words(call: Callable[[], Any], words: str) -> None:
    assert said(call).startswith(words)
