"""The reference engine's throw-game solutions write the core's dict (``to_dict``):
the same keys in the same order, the same values for the same solution."""

from __future__ import annotations

from typing import Any

import pytest

from accordion.games import GAMES, Descriptor

THROW_GAMES = [name for name, game in GAMES.items() if not game.plays_accordion]


def twin(game: Descriptor, solution: Any) -> Any:
    """The reference's solution of the same content as the core's ``solution``."""
    deal = "QH 7C 8C 8H KH" if game.name == "royal-marriage" else "7H 7C 8C 8H QS"
    made = game.solver("reference")(deal)
    parse = game.move_class("reference").parse
    return type(made)(
        deal=solution.deal,
        result=solution.result,
        moves=tuple(parse(str(move)) for move in solution.moves),
        cards=solution.cards,
        nodes=solution.nodes,
        game=solution.game,
        seconds=solution.seconds,
    )


@pytest.mark.parametrize("name", THROW_GAMES)
def test_the_reference_writes_the_core_s_dict(name: str) -> None:
    game = GAMES[name]
    deal = "QH 7C 8C 8H KH" if name == "royal-marriage" else "7H 7C 8C 8H QS"
    core = game.solver()(deal)
    reference = game.solver("reference")(deal)
    assert list(reference.to_dict()) == list(core.to_dict())
    assert reference.seconds > 0
    assert reference.to_dict()["game"] == name
    for blind in (False, True):
        position = game.game_class()(deal, blind=blind)
        solved = game.solver()(position)
        assert twin(game, solved).to_dict() == solved.to_dict()
