"""The public API every game's session gives the full-screen table
(``accordion/play/table/model.py``): ``new_game``, ``sit_down``, ``take_back``
and, for the games played on one row, ``best_line`` — no private attribute."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from accordion.games import GAMES
from accordion.play.session import ThrowSession

MODEL = Path(__file__).resolve().parents[1] / "python" / "accordion" / "play" / "table" / "model.py"


def _session(name: str) -> Any:
    game = GAMES[name]
    deal = game.numbered()(3, 12 if game.engine != "accordion" else 8)
    return game.session_class()(deal, game.make_rules(), seed=3)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_sit_down_plays_a_new_deal_and_take_back_rewinds(name: str) -> None:
    session = _session(name)
    game = GAMES[name]
    deal = game.numbered()(5, 12 if game.engine != "accordion" else 8)
    session.sit_down(deal, 5)
    assert session.seed == 5 and session.deal == deal
    assert session.game.history == []
    with pytest.raises(IndexError):
        session.take_back()
    move = next(iter(session.game.legal_moves))
    played = session.game.play(move)
    assert session.take_back() == played
    fresh = session.new_game(deal)
    assert fresh is not session.game and fresh.starting_deal == deal


@pytest.mark.parametrize("name", sorted(n for n, g in GAMES.items() if g.engine != "accordion"))
def test_best_line_plays_a_copy_to_the_end(name: str) -> None:
    session = _session(name)
    assert isinstance(session, ThrowSession)
    moves, end = session.best_line()
    assert session.game.history == [] and end.is_over
    assert list(end.history) == moves


def test_the_table_reads_no_private_attribute_of_a_session() -> None:
    tree = ast.parse(MODEL.read_text(encoding="utf-8"))
    private = [
        node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Attribute)
        and node.value.attr == "session"
        and node.attr.startswith("_")
    ]
    assert private == []
