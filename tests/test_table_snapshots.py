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

from textual.containers import VerticalScroll

from accordion import Deal
from accordion.games import GAMES, Descriptor, find_game
from accordion.play.accordion import Session
from accordion.play.bayan import BayanSession
from accordion.play.table.app import TableApp
from accordion.play.table.model import Table

SIZES = [(80, 24), (40, 20)]


def opening(game: Descriptor) -> Callable[[], Any]:
    """The game's numbered deal 1 at the table, as ``accordion play --game NAME
    --seed 1`` opens it."""
    return lambda: game.session_class()(
        game.numbered()(1, 52), game.make_rules(), seed=1, entry=game
    )


SCREENS: dict[str, tuple[Callable[[], Any], str, list[str]]] = {
    # Every game's opening, as the registry lists the games.
    **{
        game.name: (opening(game), game.name, [])
        for game in GAMES.values()
        if game.supports("play")
    },
    # A pile picked up with its targets lit; the cursor moved along a row of
    # cards; a blind game dealt; the keys.
    "accordion-picked": (
        lambda: Session(Deal.from_seed(1)),
        "accordion",
        ["right"] * 4 + ["enter"],
    ),
    "bayan-moved": (
        lambda: BayanSession(Deal.from_seed(1), seed=1),
        "bayan",
        ["right"] * 2,
    ),
    "blind": (lambda: Session(Deal.from_seed(1), blind=True), "accordion", ["d"] * 6),
    "keys": (lambda: Session(Deal.from_seed(1)), "accordion", ["question_mark"]),
    "accordian-keys": (opening(find_game("accordian")), "accordian", ["question_mark"]),
}

#: Screens that wait for the solver's threads: the analysis of every action of a
#: short deal (so that it is complete, and the same, every time), and a hint.
SHORT = "JC 4D 8C 9C QC 3H QH 8D TD TH"  # numbered 10-card deal 13: winnable
WORKING: dict[str, tuple[Callable[[], Any], str, list[str]]] = {
    "analysis": (lambda: Session(Deal.parse(SHORT)), "accordion", ["a"]),
    "hint": (lambda: Session(Deal.parse(SHORT)), "accordion", ["H"]),
}


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("screen", list(SCREENS))
def test_screen(screen: str, size: tuple[int, int], snap_compare: Any) -> None:
    session, game, keys = SCREENS[screen]
    # As `accordion play --game NAME` opens it: a variant's table is its own, not
    # that of the game whose engine plays it.
    app = TableApp(Table(session(), find_game(game)), game=game)
    assert snap_compare(app, press=keys, terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("screen", list(WORKING))
def test_working_screen(screen: str, size: tuple[int, int], snap_compare: Any) -> None:
    session, game, keys = WORKING[screen]
    app = TableApp(Table(session(), find_game(game)), game=game)

    async def settle(pilot: Any) -> None:
        for key in keys:
            await pilot.press(key)
        await pilot.app.workers.wait_for_complete()
        await pilot.pause(0.2)
        # Where a small screen scrolls to depends on when the last answer came:
        # the picture is of the screen scrolled to its top.
        for scroller in pilot.app.query(VerticalScroll):
            scroller.scroll_home(animate=False)
        await pilot.pause(0.2)

    assert snap_compare(app, run_before=settle, terminal_size=size)
