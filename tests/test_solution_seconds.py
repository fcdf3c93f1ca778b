"""A solution's ``seconds`` survive ``from_dict(to_dict())`` and pickling exactly, for
every game of the registry: the throw games' solutions kept them as a ``Duration``
(rounded to nanoseconds) where Accordion's kept the float."""

from __future__ import annotations

import pickle

import pytest

from accordion.games import GAMES

SECONDS = [0.0, 0.1, 1 / 3, 1e-10, 2.5e-9, 123456.789012345678, 5e-324, 1e15 + 0.5]


@pytest.mark.parametrize("name", list(GAMES))
def test_seconds_come_back_exactly(name: str) -> None:
    game = GAMES[name]
    deal = "QH 7C 8C 8H KH" if name == "royal-marriage" else "7H 7C 8C 8H QS"
    solved = game.solver()(deal, rules=game.solve_rules[0])
    kind = type(solved)
    for seconds in [solved.seconds, *SECONDS]:
        data = {**solved.to_dict(), "seconds": seconds}
        back = kind.from_dict(data)
        assert back.seconds == seconds, (seconds, back.seconds)
        assert back.to_dict() == data
        again = pickle.loads(pickle.dumps(back))
        assert again.seconds == seconds and again == back
