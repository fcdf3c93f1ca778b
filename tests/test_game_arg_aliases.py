"""``game=`` takes every name ``--game``, ``accordion.games.find_game`` and the web
API take (a game's name, an alias, PySolFC's id; case and surrounding white space
ignored), in both engines, and the value made says the canonical name."""

from __future__ import annotations

from typing import Any

import pytest

import accordion
from accordion.errors import InvalidArgumentError
from accordion.games import GAMES, Descriptor, canonical_name, find_game, load

THROW_GAMES = [game for game in GAMES.values() if not game.plays_accordion]
ENGINES = ("core", "reference")


def _names(game: Descriptor) -> list[str]:
    """Every other name find_game takes for ``game``."""
    names = [*game.aliases, game.name.upper(), f"  {game.name}\n"]
    if game.pysol_id:
        names.append(str(game.pysol_id))
    return names


def _pieces(game: Descriptor, engine: str) -> tuple[Any, Any, Any]:
    pieces = game.pieces(engine)
    assert pieces is not None
    return load(pieces.game), load(pieces.solve), load(pieces.move)


def test_canonical_name_is_find_games_reading() -> None:
    for game in GAMES.values():
        for name in (game.name, *_names(game)):
            assert canonical_name(name) == find_game(name).name == game.name
    assert canonical_name("no such game") is None


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("game", THROW_GAMES, ids=[game.name for game in THROW_GAMES])
def test_every_throw_game_takes_its_aliases(engine: str, game: Descriptor) -> None:
    game_class, solve, move_class = _pieces(game, engine)
    deal = game.numbered(engine)(3, 8)  # type: ignore[misc]
    for name in _names(game):
        played = game_class(deal, game=name)
        assert played.game == game.name, name
        assert played == game_class(deal, game=game.name)
        assert solve(deal, game=name).game == game.name, name
        # A game of its own game under an alias is no contradiction.
        assert solve(played, game=name).game == game.name, name
        assert str(move_class("deal", game=name)) == "deal"


def test_push_pin_by_its_id_in_both_engines() -> None:
    """PySolFC's id of Push Pin (287) plays Push Pin with Royal Marriage's classes."""
    answers = []
    for engine in ENGINES:
        game_class, solve, _ = _pieces(GAMES["royal-marriage"], engine)
        played = game_class("QH 5C 9H 7D 5S KH", game="287")
        answers.append((repr(played), played.game, solve(played).game))
    assert answers[0] == answers[1]
    assert answers[0][1:] == ("push-pin", "push-pin")


@pytest.mark.parametrize("engine", ENGINES)
def test_an_unknown_name_still_names_what_was_given(engine: str) -> None:
    game_class, solve, _ = _pieces(GAMES["royal-marriage"], engine)
    for bad in ("Bayan", "656", " nope "):
        with pytest.raises(InvalidArgumentError) as raised:
            game_class("QH 5C 9H 7D 5S KH", game=bad)
        assert str(raised.value) == f'game must be royal-marriage or push-pin, got "{bad}"'
        with pytest.raises(InvalidArgumentError, match="game must be"):
            solve("QH 5C 9H 7D 5S KH", game=bad)


def test_both_engines_agree_word_for_word() -> None:
    """Every name of every game given to every throw game's class: the same answer."""
    for family in THROW_GAMES:
        for other in GAMES.values():
            for name in _names(other):
                answers = []
                for engine in ENGINES:
                    game_class, _, _ = _pieces(family, engine)
                    deal = family.numbered(engine)(3, 8)  # type: ignore[misc]
                    try:
                        answers.append(game_class(deal, game=name).game)
                    except (ValueError, TypeError) as error:
                        answers.append(f"{type(error).__name__}: {error}")
                assert answers[0] == answers[1], (family.name, name)


def test_rate_takes_aliases() -> None:
    rating = accordion.rate("QH 5C 9H 7D 5S KH", game="287")
    assert rating.to_dict() == accordion.rate("QH 5C 9H 7D 5S KH", game="push-pin").to_dict()
    by_alias = accordion.rate("7H 7S 8S KS", game="Idle-Year")
    assert by_alias.to_dict() == accordion.rate("7H 7S 8S KS").to_dict()
    with pytest.raises(InvalidArgumentError, match='got "773"'):
        accordion.rate("7H 7S 8S KS", game="773")  # Relaxed Accordion does not rate


@pytest.mark.parametrize("game", THROW_GAMES, ids=[game.name for game in THROW_GAMES])
def test_simulate_and_from_histogram_take_aliases(game: Descriptor) -> None:
    simulate = load(game.core.simulate)  # type: ignore[union-attr]
    name = _names(game)[-1]
    stats = simulate(deals=3, game=name)
    assert stats.game == game.name
    assert stats.histogram == simulate(deals=3, game=game.name).histogram
    rebuilt = type(stats).from_histogram(
        stats.histogram, stats.rules, stats.strategy, False, 52, 1, game=name
    )
    assert rebuilt.game == game.name
