"""Every game of the registry has the one Python shape (:mod:`accordion.shape`)
in both engines: its game, its outcome and its moves, and the Rust core's
solution and statistics. The list of games is the registry's: a new game is
held to the shape without a line added here."""

from __future__ import annotations

from typing import Any

import pytest

from accordion.games import GAMES, Descriptor
from accordion.shape import GameShape, MoveShape, OutcomeShape, SolutionShape, StatsShape

#: Every game with an engine of its own (a variant is played by its engine's classes).
OWN = [game for game in GAMES.values() if game.engine == game.name]
ENGINES = ("core", "reference")


def _game(entry: Descriptor, engine: Any, blind: bool = False) -> Any:
    deal = entry.numbered(engine)(3, 12)
    return entry.game_class(engine)(deal, entry.make_rules(engine=engine), blind=blind)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("entry", OWN, ids=lambda entry: entry.name)
def test_every_game_has_the_shape(entry: Descriptor, engine: Any) -> None:
    for blind in (False, True):
        game = _game(entry, engine, blind)
        assert isinstance(game, GameShape)
        assert isinstance(game.outcome, OutcomeShape)
        moves = list(game.legal_moves)
        assert moves, "a fresh game has a legal action"
        assert all(isinstance(move, MoveShape) for move in moves)
        played = game.play(moves[0])
        assert isinstance(played, MoveShape)
        assert list(game.history) == [played]
        assert game.copy().history == game.history
        assert game.undo() == played
        # The outcome's piles are the row's, and in the games played on one row
        # each card still to deal is one more (Accordion's leave the stock out).
        assert game.outcome.piles - len(game.piles) in (0, game.stock_size)
        assert game.outcome.grade is None and not game.outcome.is_over


@pytest.mark.parametrize("entry", OWN, ids=lambda entry: entry.name)
def test_every_cores_solution_and_statistics_have_the_shape(entry: Descriptor) -> None:
    solution = entry.solver()(entry.numbered()(3, 10))
    assert isinstance(solution, SolutionShape)
    assert solution.result in ("win", "loss")
    stats = entry.simulator()(deals=3, rules=entry.make_rules(), cards=10)
    assert isinstance(stats, StatsShape)
    assert stats.deals == 3


def test_a_class_without_the_shape_is_told_apart() -> None:
    class NoShape:
        is_over = False

    assert not isinstance(NoShape(), GameShape)
    assert not isinstance(NoShape(), OutcomeShape)
