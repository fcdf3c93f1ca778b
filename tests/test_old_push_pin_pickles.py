"""Pickles of Push Pin's own classes, made before Push Pin was played by Royal
Marriage's classes (``game="push-pin"``), load as those classes' Push Pin values.

The pickles in ``tests/data/old-push-pin/`` were written by the package built from
commit 3d96ba9 (the last with ``PushPinGame`` and its kin; see tests/data/README.md)."""

from __future__ import annotations

import pickle
import re
import warnings
from pathlib import Path
from typing import Any

import pytest

import accordion
from accordion import RoyalGame, RoyalMove, RoyalOutcome, RoyalSolution, RoyalStats
from accordion.errors import InvalidPickleError

OLD = Path(__file__).resolve().parent / "data" / "old-push-pin"


def _load(name: str) -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return pickle.loads((OLD / f"{name}.pickle").read_bytes())


def test_an_old_blind_game_loads_as_a_push_pin_royal_game_in_the_same_position() -> None:
    game = _load("game-blind")
    expected = RoyalGame("3H 5C 9H 7D 5S 4H", blind=True, game="push-pin")
    for _ in range(3):
        expected.deal()
    expected.play("out 5C")
    assert type(game) is RoyalGame
    assert game.game == "push-pin"
    assert game == expected
    assert [str(move) for move in game.history] == ["deal", "deal", "deal", "out 5C"]
    assert game.outcome == RoyalOutcome(cards=5, won=False, is_over=False)
    # It plays on (undo too), and pickles again as a game of today.
    assert str(game.undo()) == "out 5C"
    assert pickle.loads(pickle.dumps(game)) == game


def test_an_old_open_game_loads() -> None:
    game = _load("game-open")
    expected = RoyalGame("3H 5C 9H 7D 5S 4H", game="push-pin")
    expected.play("out 9H 7D")
    assert game == expected


def test_an_old_move_outcome_solution_and_stats_load() -> None:
    move = _load("move")
    assert move == RoyalMove("out 7D 5S", game="push-pin")
    assert _load("outcome") == RoyalOutcome(cards=5, won=False, is_over=False)
    solution = _load("solution")
    assert type(solution) is RoyalSolution
    assert solution.game == "push-pin"
    assert (solution.result, solution.cards) == ("win", 2)
    assert [str(m) for m in solution.moves] == ["out 5C", "out 7D 5S", "out 9H"]
    stats = _load("stats")
    assert type(stats) is RoyalStats
    assert stats.game == "push-pin"
    assert stats.histogram == {2: 4, 3: 16}
    assert (stats.strategy, stats.seed, stats.deals) == ("best", 7, 20)
    again = accordion.simulate_royal(deals=20, seed=7, strategy="best", game="push-pin")
    assert again.histogram == stats.histogram


def test_loading_one_warns_naming_the_replacement() -> None:
    with pytest.warns(
        DeprecationWarning, match=r"PushPinMove is gone.*RoyalMove\(text, game='push-pin'\)"
    ):
        pickle.loads((OLD / "move.pickle").read_bytes())


def test_the_old_names_are_no_classes_and_say_what_replaced_them() -> None:
    from accordion import _core

    for name, replacement in (
        ("PushPinGame", "RoyalGame(deal, game='push-pin')"),
        ("solve_push_pin", "solve_royal(position, game='push-pin')"),
    ):
        with pytest.raises(AttributeError, match=f"{name} is gone.*use {re.escape(replacement)}"):
            getattr(_core, name)
    assert not any("PushPin" in name for name in dir(_core))
    assert "PushPinGame" not in accordion.__all__
    with pytest.raises(AttributeError, match="has no attribute 'NoSuchThing'"):
        _core.NoSuchThing  # noqa: B018


def test_a_tampered_old_game_is_refused_as_any_tampered_pickle() -> None:
    state = ("3H 5C 9H 7D 5S 4H", "modern", False, ["out 2C"])
    with pytest.raises(InvalidPickleError):
        accordion._core._restore("PushPinGame", state)
