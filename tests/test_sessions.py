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


@pytest.mark.parametrize("name", sorted(GAMES), ids=str)
def test_the_title_and_the_replay_name_the_game_played(name: str) -> None:
    """A variant played by Accordion's session is named as itself (not "Accordion"),
    and its replay needs no flag that the variant refuses."""
    entry = GAMES[name]
    if not entry.supports("play") or (entry.variant and entry.variant.goal_from_pysol):
        pytest.skip("its goal card comes from a game number (the next test)")
    deal = entry.numbered()(4, 52)
    session = entry.session_class()(deal, entry.make_rules(), seed=4, entry=entry)
    assert session.title.startswith(f"{entry.title} · deal 4 · ")
    game = [] if entry.unnamed else ["--game", entry.name]
    assert session.replay_hint() == " ".join(["accordion play", *game, "--seed 4"])


def test_a_deal_named_by_its_pysol_number_is_replayed_by_it() -> None:
    """Accordion's Revenge takes its goal card from PySolFC's game number: its replay
    is that number (the cards spelt out, without it, were refused)."""
    from conftest import run_cli

    command = ["play", "--game", "accordions-revenge", "--pysol", "2", "--plain"]
    first = run_cli(*command, stdin="quit\n")
    assert first.returncode == 0, first.stderr
    replay = first.stdout.rsplit("Play it again: ", 1)[1].split()
    assert replay == ["accordion", "play", "--game", "accordions-revenge", "--pysol", "2"]
    again = run_cli(*replay[1:], "--plain", stdin="quit\n")
    assert again.returncode == 0, again.stderr
    assert again.stdout.splitlines()[0] == first.stdout.splitlines()[0]
