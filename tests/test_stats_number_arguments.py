"""``from_histogram`` of every statistics class, and a solution's ``from_dict``:
``seconds`` is a number, not a bool, and a bad one gets the package's error;
``blind`` is ``True`` or ``False`` in the package's words, as every other flag."""

from __future__ import annotations

from typing import Any

import pytest

import accordion
from accordion.errors import InvalidArgumentError
from accordion.games import GAMES, load

THROW_GAMES = [game for game in GAMES.values() if not game.plays_accordion]


def _stats() -> list[Any]:
    """A small run of every statistics class."""
    runs = [accordion.simulate(deals=3)]
    for game in THROW_GAMES:
        simulate = load(game.core.simulate)  # type: ignore[union-attr]
        runs.append(simulate(deals=3, game=game.name))
    return runs


def _rebuilt(stats: Any, **changed: object) -> Any:
    arguments = {
        "histogram": stats.histogram,
        "rules": stats.rules,
        "strategy": stats.strategy,
        "blind": stats.blind,
        "cards": 52,
        "seed": 1,
        **changed,
    }
    if hasattr(stats, "game"):
        arguments["game"] = stats.game
    return type(stats).from_histogram(**arguments)


@pytest.mark.parametrize("stats", _stats(), ids=lambda stats: type(stats).__name__)
def test_from_histogram_checks_seconds_and_blind(stats: Any) -> None:
    for bad in (True, False, "1", None, [1]):
        with pytest.raises(TypeError) as raised:
            _rebuilt(stats, seconds=bad)
        assert str(raised.value) == f"seconds must be a number, not {type(bad).__name__}"
    for bad, shown in ((float("nan"), "NaN"), (-1, "-1"), (float("inf"), "inf")):
        with pytest.raises(InvalidArgumentError) as out_of_range:
            _rebuilt(stats, seconds=bad)
        assert str(out_of_range.value) == f"seconds must be a finite number 0 or more, got {shown}"
    with pytest.raises(InvalidArgumentError, match="seconds must be a finite number 0 or more"):
        _rebuilt(stats, seconds=10**400)
    for bad in (1, 0, None, "yes"):
        with pytest.raises(TypeError) as wrong:
            _rebuilt(stats, blind=bad)
        assert str(wrong.value) == f"blind must be True or False, not {type(bad).__name__}"
    # Good values still rebuild the same figures.
    assert _rebuilt(stats, seconds=2).seconds == 2.0
    assert _rebuilt(stats, seconds=0.5).histogram == stats.histogram


def test_a_solutions_dict_with_seconds_true_is_refused_by_every_solution_class() -> None:
    solutions = [accordion.solve("7H 2C 3C 7C")]
    for game in THROW_GAMES:
        solve = load(game.core.solve)  # type: ignore[union-attr]
        solutions.append(solve(game.numbered("core")(1, 6), game=game.name))  # type: ignore[misc]
    for solution in solutions:
        data = solution.to_dict()
        with pytest.raises(TypeError, match=r"^seconds must be a number, not bool$"):
            type(solution).from_dict({**data, "seconds": True})
        with pytest.raises(InvalidArgumentError, match=r"^seconds must be a finite number"):
            type(solution).from_dict({**data, "seconds": 10**400})
        assert type(solution).from_dict({**data, "seconds": 3}).seconds == 3.0


@pytest.mark.parametrize("stats", _stats(), ids=lambda stats: type(stats).__name__)
def test_from_histogram_shows_its_default_seconds(stats: Any) -> None:
    import inspect

    signature = inspect.signature(type(stats).from_histogram)
    assert signature.parameters["seconds"].default == 0.0
