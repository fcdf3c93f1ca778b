"""The reference engine's ``Game.hint`` and ``Solution.to_dict``/``from_dict``/
``seconds``, held to the core's: a hint keeps the best result in reach (checked by
the core's solver, the stock known), ``None`` exactly when the core's is; a
solution's dict has the core's keys and values, each engine reads the other's back,
and a bad dict gets the same error from both, word for word."""

from __future__ import annotations

import json
from typing import Any

import pytest

import accordion
import accordion.reference as reference

RULE_SETS = ("modern", "strict", "strict-leap", "parlett")


def _best(game: Any) -> tuple[str, int]:
    """The core's verdict on a core game's position (its stock known)."""
    solution = accordion.solve(game)
    return solution.result, solution.piles


def _twin(game: Any) -> Any:
    """The core's game in the same position as a reference game."""
    twin = accordion.Game(str(game.starting_deal), game.rules.name, blind=game.blind)
    for move in game.history:
        twin.play(str(move))
    return twin


@pytest.mark.parametrize("rules", RULE_SETS)
@pytest.mark.parametrize("blind", [False, True], ids=["open", "blind"])
def test_a_hint_keeps_the_best_result_in_reach(rules: str, blind: bool) -> None:
    """Played out hint by hint from short numbered rows, the reference's game ends
    where the core's solver says the start could: a win where it could be won."""
    checked = wins = 0
    for seed in range(25):
        deal = accordion.Deal.from_seed(seed, cards=8)
        game = reference.Game(str(deal), rules, blind=blind)
        best = _best(_twin(game))
        while (move := game.hint()) is not None:
            assert _twin(game).hint() is not None
            game.play(move)
            assert _best(_twin(game)) == best, (seed, game.history)
            checked += 1
        assert _twin(game).hint() is None
        assert len(game.piles) == best[1] or rules == "modern", (seed, game.history)
        wins += best[0] == "win"
    assert checked
    assert wins or rules != "modern"


def test_hint_takes_timeout_as_the_core_does() -> None:
    answers = []
    for engine in (accordion, reference):
        game = engine.Game("7H 2C 3C 7C")
        answer = []
        for timeout in (None, 0.5, 2, float("inf"), 0, -1.0, float("nan"), True, "1"):
            try:
                answer.append("a move" if game.hint(timeout=timeout) else "none")
            except (ValueError, TypeError) as error:
                answer.append(f"{type(error).__name__}: {error}")
        answers.append(answer)
    assert answers[0] == answers[1]
    assert answers[0][:4] == ["a move"] * 4


ROWS = ["7H 2C 3C 7C", "AS 2D", "2S 3S 7H 6H AC QH TH 8C", "KS", "5S 3C 5C 9D 6C JS 6S 5H"]


@pytest.mark.parametrize("row", ROWS)
def test_a_solutions_dict_has_the_cores_keys_and_values(row: str) -> None:
    ours = reference.solve(row).to_dict()
    core = accordion.solve(row).to_dict()
    assert list(ours) == list(core)
    same = ("deal", "result", "piles")
    assert {k: ours[k] for k in same} == {k: core[k] for k in same}
    assert isinstance(ours["seconds"], float) and ours["seconds"] >= 0
    json.dumps(ours)
    # Each engine reads the other's dict back to the same dict (seconds included).
    assert reference.Solution.from_dict(core).to_dict() == core
    assert accordion.Solution.from_dict(ours).to_dict() == ours
    # And its own.
    assert reference.Solution.from_dict(ours) == reference.solve(row)


def test_a_blind_games_solution_names_the_row_as_the_core_does() -> None:
    game = reference.Game("7H 7S 8S KS", blind=True)
    for _ in range(4):
        game.deal()
    assert reference.solve(game).to_dict()["deal"] == accordion.solve(_twin(game)).to_dict()["deal"]


GOOD = {
    "deal": "7H 2C 3C 7C",
    "result": "win",
    "moves": ["7C>7H", "3C>2C", "3C>7C"],
    "piles": 1,
    "nodes": 4,
    "seconds": 0.5,
}

BAD: list[Any] = [
    5,
    {},
    {**GOOD, "deal": 5},
    {**GOOD, "deal": "ZZ"},
    {**GOOD, "result": "won"},
    {**GOOD, "result": 5},
    {**GOOD, "moves": 5},
    {**GOOD, "moves": [5]},
    {**GOOD, "moves": ["xx"]},
    {**GOOD, "moves": "7C>7H"},
    {**GOOD, "moves": ["7C>2C"]},
    {**GOOD, "moves": ["deal"]},
    {**GOOD, "moves": ["7C>7H", "3C>2C", "3C>7C", "3C>7C"]},
    {**GOOD, "nodes": -1},
    {**GOOD, "nodes": True},
    {**GOOD, "nodes": 1.5},
    {**GOOD, "nodes": 2**64},
    {**GOOD, "seconds": "x"},
    {**GOOD, "seconds": None},
    {**GOOD, "seconds": True},
    {**GOOD, "seconds": 3},
    {**GOOD, "seconds": float("nan")},
    {**GOOD, "seconds": float("-inf")},
    {**GOOD, "seconds": -1},
    {**GOOD, "seconds": -1.5},
    {**GOOD, "seconds": -1e300},
    {**GOOD, "seconds": 10**400},
    {**GOOD, "piles": 0},
    {**GOOD, "piles": 2},
    {**GOOD, "piles": 5},
    {**GOOD, "piles": "2"},
    {**GOOD, "piles": True},
    {**GOOD, "piles": 10**30},
    {**GOOD, "result": "loss"},
    {key: value for key, value in GOOD.items() if key != "piles"},
    {**GOOD, "moves": [], "piles": 4, "result": "loss"},
    GOOD,
]


def _read(engine: Any, data: Any) -> str:
    try:
        return json.dumps(engine.Solution.from_dict(data).to_dict())
    except (ValueError, TypeError, OverflowError) as error:
        return f"{type(error).__name__}: {error}"


@pytest.mark.parametrize("data", BAD, ids=range(len(BAD)))
def test_a_bad_dict_gets_the_same_error_from_both_engines(data: Any) -> None:
    assert _read(reference, data) == _read(accordion, data)
