"""A throw game's outcome that contradicts what the game is won at (its facts'
``won_at``) is refused with the typed error, in both engines, word for word; every
outcome a game reaches is still taken (and its repr evaluates back)."""

from __future__ import annotations

import itertools

import pytest

import accordion
from accordion.errors import InvalidArgumentError
from accordion.games import GAMES, Descriptor, load

THROW_GAMES = [game for game in GAMES.values() if not game.plays_accordion]
ENGINES = ("core", "reference")


def _outcome_class(game: Descriptor, engine: str) -> type:
    """The outcome class of ``game`` in ``engine`` (its game class's ``outcome``'s)."""
    pieces = game.pieces(engine)
    assert pieces is not None
    played = load(pieces.game)(game.numbered(engine)(1, 8), game=game.name)  # type: ignore[misc]
    return type(played.outcome)


def _answer(cls: type, cards: int, won: bool, is_over: bool) -> str:
    try:
        return repr(cls(cards=cards, won=won, is_over=is_over))
    except (ValueError, TypeError) as error:
        return f"{type(error).__name__}: {error}"


@pytest.mark.parametrize("game", THROW_GAMES, ids=[game.name for game in THROW_GAMES])
def test_both_engines_refuse_the_same_outcomes(game: Descriptor) -> None:
    classes = [_outcome_class(game, engine) for engine in ENGINES]
    for cards, won, over in itertools.product(range(5), (False, True), (False, True)):
        answers = [_answer(cls, cards, won, over) for cls in classes]
        assert answers[0] == answers[1], (cards, won, over)
        consistent = (won == (over and cards == game.won_at)) and (over or not won)
        assert answers[0].startswith("InvalidArgumentError") != consistent, answers[0]


@pytest.mark.parametrize("engine", ENGINES)
def test_a_bayan_outcome_won_at_two_cards_is_refused(engine: str) -> None:
    cls = _outcome_class(GAMES["bayan"], engine)
    with pytest.raises(InvalidArgumentError) as raised:
        cls(cards=2, won=True, is_over=True)
    assert str(raised.value) == (
        "won must be False with cards=2 (a BayanOutcome is won at cards=0), got True"
    )
    assert raised.value.argument == "won"
    with pytest.raises(InvalidArgumentError, match="is_over must be True with won=True"):
        cls(cards=0, won=True, is_over=False)
    with pytest.raises(InvalidArgumentError, match="won must be True with cards=0 and is_over"):
        cls(cards=0, won=False, is_over=True)
    assert cls(cards=0, won=True, is_over=True).grade == "win"
    assert cls(cards=2, won=False, is_over=True).grade == "loss"


def test_decade_and_royal_marriage_as_the_brief_found_them() -> None:
    with pytest.raises(InvalidArgumentError, match="a DecadeOutcome is won at cards=0"):
        accordion.DecadeOutcome(cards=2, won=True, is_over=True)
    with pytest.raises(InvalidArgumentError, match="a RoyalOutcome is won at cards=2"):
        accordion.RoyalOutcome(cards=0, won=True, is_over=True)
    with pytest.raises(InvalidArgumentError, match="an AccordianOutcome is won at cards=1"):
        accordion.AccordianOutcome(cards=2, won=True, is_over=True)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("game", THROW_GAMES, ids=[game.name for game in THROW_GAMES])
def test_every_outcome_a_game_reaches_is_taken(engine: str, game: Descriptor) -> None:
    """Best play (hints) from numbered deals, open and blind: every outcome on the
    way (wins among them) is made again from its fields."""
    pieces = game.pieces(engine)
    assert pieces is not None
    game_class = load(pieces.game)
    wins = 0
    for seed in range(1, 41):
        for blind in (False, True):
            played = game_class(game.numbered(engine)(seed, 4), blind=blind, game=game.name)  # type: ignore[misc]
            outcomes = [played.outcome]
            while (move := played.hint(timeout=None)) is not None:
                played.play(move)
                outcomes.append(played.outcome)
            wins += played.outcome.won
            cls = type(played.outcome)
            for outcome in outcomes:
                again = cls(cards=outcome.cards, won=outcome.won, is_over=outcome.is_over)
                assert again == outcome
    assert wins, "no win among the games played: pick other deals"
