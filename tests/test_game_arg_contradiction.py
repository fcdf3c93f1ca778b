"""A throw game's ``solve_…`` given a game and a ``game=`` naming another: the
position is of its own game, so the contradiction is refused with the typed
error naming ``game`` and both games, in both engines, word for word."""

from __future__ import annotations

from typing import Any

import pytest

from accordion.errors import InvalidArgumentError
from accordion.games import GAMES, Descriptor, load

THROW_GAMES = [game for game in GAMES.values() if not game.plays_accordion]
ENGINES = ("core", "reference")
ROW = "QH 5C 9H 7D 5S KH"


def _royal(engine: str) -> tuple[Any, Any]:
    pieces = GAMES["royal-marriage"].pieces(engine)
    assert pieces is not None
    return load(pieces.game), load(pieces.solve)


def _answer(call: Any) -> tuple[str, str]:
    try:
        solution = call()
    except (ValueError, TypeError) as error:
        return type(error).__name__, str(error)
    return solution.game, solution.result


@pytest.mark.parametrize("engine", ENGINES)
def test_a_push_pin_game_solved_as_royal_marriage_is_refused(engine: str) -> None:
    game_class, solve = _royal(engine)
    position = game_class(ROW, game="push-pin")
    with pytest.raises(InvalidArgumentError) as raised:
        solve(position, game="royal-marriage")
    assert str(raised.value) == (
        'game must be None or the position\'s own game, "push-pin", got "royal-marriage"'
    )
    assert raised.value.argument == "game"
    # The other way round too.
    with pytest.raises(InvalidArgumentError, match='own game, "royal-marriage", got "push-pin"'):
        solve(game_class(ROW), game="push-pin")


@pytest.mark.parametrize("engine", ENGINES)
def test_the_positions_own_game_or_none_is_fine(engine: str) -> None:
    game_class, solve = _royal(engine)
    position = game_class(ROW, game="push-pin")
    assert solve(position, game="push-pin").game == "push-pin"
    assert solve(position, game=None).game == "push-pin"
    assert solve(position).game == "push-pin"
    assert solve(game_class(ROW), game="royal-marriage").game == "royal-marriage"


def _every_game_call(game: Descriptor, engine: str, named: object) -> list[tuple[str, str]]:
    pieces = game.pieces(engine)
    assert pieces is not None
    game_class, solve = load(pieces.game), load(pieces.solve)
    deal = game.numbered(engine)(3, 8)  # type: ignore[misc]
    position = game_class(deal, game=game.name)
    # A row takes any game of the class; a game only its own.
    return [
        _answer(lambda: solve(position, game=named)),
        _answer(lambda: solve(deal, game=named)),
        _answer(lambda: solve(42, game=named)),
    ]


@pytest.mark.parametrize("game", THROW_GAMES, ids=[game.name for game in THROW_GAMES])
@pytest.mark.parametrize("named", [None, "royal-marriage", "push-pin", "bayan", "nope", 7])
def test_both_engines_agree_on_every_game_and_name(game: Descriptor, named: object) -> None:
    answers = [_every_game_call(game, engine, named) for engine in ENGINES]
    assert answers[0] == answers[1]
    own = answers[0][0]
    if named is None or named == game.name:
        assert own[0] == game.name
    elif (
        isinstance(named, str)
        and named in ("royal-marriage", "push-pin")
        and (game.name in ("royal-marriage", "push-pin"))
    ):
        assert own == (
            "InvalidArgumentError",
            f'game must be None or the position\'s own game, "{game.name}", got "{named}"',
        )
    else:
        assert own[0] in ("InvalidArgumentError", "TypeError"), own
