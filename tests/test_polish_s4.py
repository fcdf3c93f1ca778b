"""Small defects a review found: each test here fails without its fix."""

from __future__ import annotations

from typing import Any

import pytest

from accordion.games import GAMES, Descriptor, Engines

ENGINES: tuple[Engines, ...] = ("core", "reference")

#: The games won with every card out, a position to play out, and its last throw.
EMPTIED = {
    "seven-up": ("7C", "out 7C"),
    "decade": ("5D 5C", "out 5D 5C"),
    "bayan": ("3C 4C", "out 3C 4C"),
}


def _emptied(game: Descriptor, engine: Engines, blind: bool) -> Any:
    row, throw = EMPTIED[game.name]
    played = game.game_class(engine)(row, blind=blind)
    while "deal" in [str(move) for move in played.legal_moves]:
        played.play("deal")
    played.play(throw)
    return played


@pytest.mark.parametrize("blind", [False, True], ids=["open", "blind"])
@pytest.mark.parametrize("name", sorted(EMPTIED))
def test_a_won_game_solves_as_a_win_in_both_engines(name: str, blind: bool) -> None:
    """A game played to its win (the row empty) is valid input: both engines
    answer the win, no moves, no cards; the core's solution goes through its dict."""
    game = GAMES[name]
    assert game.won_at == 0
    answers = []
    for engine in ENGINES:
        solution = game.solver(engine)(_emptied(game, engine, blind))
        answers.append((solution.result, tuple(solution.moves), solution.cards, solution.deal))
    assert answers == [("win", (), 0, "")] * 2
    solution = game.solver("core")(_emptied(game, "core", blind))
    data = solution.to_dict()
    assert data["deal"] == "" and data["result"] == "win"
    assert type(solution).from_dict(data) == solution


@pytest.mark.parametrize("name", sorted(EMPTIED))
def test_empty_text_is_still_no_row(name: str) -> None:
    """An empty row given as text stays refused in both engines (docs/rules.md:
    a row is 1 to 52 cards), and a dict of no cards holds no moves and a win."""
    from accordion.errors import InvalidArgumentError, InvalidDealError

    game = GAMES[name]
    for engine in ENGINES:
        with pytest.raises(InvalidDealError, match="at least one card"):
            game.solver(engine)("")
    solution = game.solver("core")(_emptied(game, "core", False))
    cls = type(solution)
    data = solution.to_dict()
    with pytest.raises(InvalidArgumentError, match="no cards has no moves, got 1"):
        cls.from_dict({**data, "moves": [EMPTIED[name][1]]})
    with pytest.raises(InvalidArgumentError, match='leave 0 cards is a win, not "loss"'):
        cls.from_dict({**data, "result": "loss"})
    with pytest.raises(InvalidArgumentError, match="cards"):
        cls.from_dict({**data, "cards": 1, "piles": 1})


def test_accordion_solution_of_no_deal_is_still_refused() -> None:
    """Accordion always ends with a pile: its dict of ``deal ""`` stays refused."""
    from accordion import Solution
    from accordion.errors import InvalidDealError

    data = {"deal": "", "result": "win", "moves": [], "piles": 1, "nodes": 0, "seconds": 0.0}
    with pytest.raises(InvalidDealError, match="at least one card"):
        Solution.from_dict(data)
