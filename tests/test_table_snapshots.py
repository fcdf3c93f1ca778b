"""Pictures of the table's main screens at 80×24 and 40×20 (pytest-textual-snapshot).

Each SVG under ``tests/__snapshots__/`` was looked at by eye before it was
committed; after a deliberate change of the screen, run ``pytest
tests/test_table_snapshots.py --snapshot-update`` and look at the new ones
(``docs/play.md`` says how to turn one into a PNG).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("textual", reason="the table needs the play extra (textual)")
pytest.importorskip("pytest_textual_snapshot", reason="the snapshots need pytest-textual-snapshot")

from accordion import Deal, royal_deal
from accordion.games import GAMES
from accordion.play.accordion import Session
from accordion.play.bayan import BayanSession
from accordion.play.royal import RoyalSession
from accordion.play.table.app import TableApp
from accordion.play.table.model import Table

SIZES = [(80, 24), (40, 20)]

SCREENS: dict[str, tuple[Callable[[], Any], str, list[str]]] = {
    # The opening of deal 1, and a pile picked up with its targets lit.
    "accordion": (lambda: Session(Deal.from_seed(1)), "accordion", []),
    "accordion-picked": (
        lambda: Session(Deal.from_seed(1)),
        "accordion",
        ["right"] * 4 + ["enter"],
    ),
    "blind": (lambda: Session(Deal.from_seed(1), blind=True), "accordion", ["d"] * 6),
    "royal-marriage": (lambda: RoyalSession(royal_deal(1), seed=1), "royal-marriage", []),
    "bayan": (
        lambda: BayanSession(Deal.from_seed(1), seed=1),
        "bayan",
        ["right"] * 2,
    ),
    "keys": (lambda: Session(Deal.from_seed(1)), "accordion", ["question_mark"]),
}
# Every other game of the registry that plays its own engine: its opening on its
# numbered deal 1, and what a pick of its second card says.
SCREENS.update(
    {
        game.name: (
            lambda game=game: game.session_class()(game.numbered()(1, 52), seed=1),  # type: ignore[misc]
            game.name,
            ["right", "enter"],
        )
        for game in GAMES.values()
        if game.engine == game.name and game.name not in SCREENS
    }
)


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("screen", list(SCREENS))
def test_screen(screen: str, size: tuple[int, int], snap_compare: Any) -> None:
    session, game, keys = SCREENS[screen]
    app = TableApp(Table(session()), game=game)
    assert snap_compare(app, press=keys, terminal_size=size)
