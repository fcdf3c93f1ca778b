"""The core and the reference engine agree where a review found them apart: the
solve of a game object under its own rules or under ``rules=``, moves written in
another order than the canonical one, the messages that refuse a throw, and the
hint where two throws keep the same result."""

from __future__ import annotations

from typing import Any

import pytest
from _helpers import random_plays
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from accordion.games import GAMES, Descriptor

THROW_GAMES = [game for game in GAMES.values() if not game.plays_accordion]
ENGINES = ("core", "reference")


def _by_name(games: list[Descriptor]) -> pytest.MarkDecorator:
    return pytest.mark.parametrize("game", games, ids=[game.name for game in games])


# ------------------------------------------------------- solving a game object


def _games(game: Descriptor, deal: str, rules: str, blind: bool, moves: list[str]) -> list[Any]:
    """The game in both engines, ``moves`` played (core first, reference alike)."""
    made = []
    for engine in ENGINES:
        played = game.game_class(engine)(deal, rules, blind=blind)
        for move in moves:
            played.play(move)
        made.append(played)
    return made


@pytest.mark.parametrize(
    ("name", "deal", "rules", "blind", "moves", "solved_under", "cards"),
    [
        # The forced game, not the exact search's 2.
        ("accordian", "KD 6S 6C 4D", "uva", False, [], None, 3),
        # Blind, a few deals played: the forced game ends at 3 (not a win).
        ("accordian", "QC 9H JS 4S 7C 4H 9C", "uva", True, ["deal"] * 4, None, 3),
        # An explicit rule set is honoured: the modern game solved under uva.
        ("accordian", "KD 6S 6C 4D", "modern", False, [], "uva", 3),
        ("accordian", "KD 6S 6C 4D", "uva", False, [], "modern", 2),
        # Under parlett a blind game is played out from its position.
        ("royal-marriage", "QH 6D QS 4C 2D 8H 9H KH", "parlett", True, [], None, 6),
        ("royal-marriage", "QH 6D QS 4C 2D 8H 9H KH", "modern", True, [], "parlett", 6),
        ("royal-marriage", "QH 6D QS 4C 2D 8H 9H KH", "parlett", True, [], "modern", 2),
    ],
)
def test_a_game_is_solved_under_its_own_rules_or_those_given(
    name: str,
    deal: str,
    rules: str,
    blind: bool,
    moves: list[str],
    solved_under: str | None,
    cards: int,
) -> None:
    """``rules=None`` solves a game under its own rules and an explicit rule set
    is honoured, in both engines: the cards each found, and the same answer (the
    same line where it is the one line: the forced game, the parlett play-out)."""
    game = GAMES[name]
    under = solved_under or rules
    one_line = under == "uva" or (under == "parlett" and blind)
    answers = []
    for engine, played in zip(ENGINES, _games(game, deal, rules, blind, moves), strict=True):
        solution = game.solver(engine)(played, rules=solved_under)
        line = [str(move) for move in solution.moves] if one_line else None
        answers.append((solution.result, solution.cards, line))
    assert answers[0] == answers[1]
    assert answers[0][1] == cards


def _replays(game: Descriptor, deal: str, blind: bool, history: list[str], solution: Any) -> None:
    """The core's line replays through the reference engine to its cards: the
    game's history played again under ``modern`` (every rule set's actions are
    legal there), then a line with deals from that position (a play-out), else
    the line after the whole stock is dealt (as the solver sees a game)."""
    line = game.game_class("reference")(deal, "modern", blind=blind)
    for move in history:
        line.play(move)
    moves = [str(move) for move in solution.moves]
    while "deal" not in moves and line.stock_size:
        line.play("deal")
    for move in moves:
        line.play(move)
    assert line.outcome.cards == solution.cards
    assert line.outcome.won == (solution.result == "win")


@st.composite
def _positions(draw: st.DrawFn, game: Descriptor) -> tuple[str, str, bool, list[str], str | None]:
    """A short numbered deal, its rules, blind or open, a few actions played (by
    the core's legal moves), and the rules to solve it under (``None``: its own)."""
    cards = draw(st.integers(max(game.min_cards, 3), 8))
    deal = str(game.numbered("core")(draw(st.integers(0, 10**6)), cards))
    rules = draw(st.sampled_from(game.rules))
    blind = draw(st.booleans())
    moves = random_plays(draw, game.game_class("core")(deal, rules, blind=blind))
    solved_under = draw(st.sampled_from([None, *game.rules]))
    return deal, rules, blind, moves, solved_under


@_by_name(THROW_GAMES)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_both_engines_solve_a_game_alike_under_any_rules(game: Descriptor, data: Any) -> None:
    """Over short deals, blind and open, a few actions played, solved under the
    game's own rules or another given: the same result and cards in both engines,
    and the core's line replays through the reference engine to those cards."""
    deal, rules, blind, moves, solved_under = data.draw(_positions(game))
    core, reference = _games(game, deal, rules, blind, moves)
    if core.outcome.cards == 0:
        return  # nothing to solve (both engines refuse an empty row)
    ours = game.solver("core")(core, rules=solved_under)
    theirs = game.solver("reference")(reference, rules=solved_under)
    assert (ours.result, ours.cards) == (theirs.result, theirs.cards)
    assert ours.deal == theirs.deal
    _replays(game, deal, blind, moves, ours)


# ------------------------------------------------------- a move in legal_moves


def _spellings(game: Descriptor, cards: list[str]) -> list[str]:
    """Moves written over the row's cards: every run of 1 to 3 neighbours and every
    pair 1 to 3 places apart, in both orders, as ``out`` (and, for a game of
    Royal Marriage's throw, ``between`` the ends, either way round)."""
    texts = []
    for at in range(len(cards)):
        for count in (1, 2, 3):
            run = cards[at : at + count]
            if len(run) == count:
                texts += [f"out {' '.join(run)}", f"out {' '.join(reversed(run))}"]
        for gap in (1, 2, 3):
            if at + gap < len(cards):
                left, right = cards[at], cards[at + gap]
                texts += [f"out {left} {right}", f"out {right} {left}"]
                if game.move_class("core") is GAMES["royal-marriage"].move_class("core"):
                    texts += [f"between {left} {right}", f"between {right} {left}"]
    return [*texts, "deal"]


@pytest.mark.parametrize(
    ("name", "deal", "text"),
    [
        ("decade", "3C 7D", "out 7D 3C"),
        ("seven-up", "3C 4D", "out 4D 3C"),
        ("bayan", "3C 3D", "out 3D 3C"),
        ("push-pin", "3H 5C 4H", "between 3H 4H"),
    ],
)
def test_a_move_written_in_another_order_is_in_legal_moves(name: str, deal: str, text: str) -> None:
    """``in`` finds a move's cards in the row, as ``play`` does, in both engines."""
    game = GAMES[name]
    for engine in ENGINES:
        played = game.game_class(engine)(deal)
        assert text in played.legal_moves
        assert game.move_class(engine).parse(text) in played.legal_moves
        played.play(text)


@_by_name([game for game in THROW_GAMES if game.name != "accordian"])
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_both_engines_find_the_same_moves_in_legal_moves(game: Descriptor, data: Any) -> None:
    """Over short deals, blind and open, a few actions played: every move written
    over the row's cards, in any order, is in ``legal_moves`` in one engine when
    it is in the other's, and is then played by both."""
    deal, rules, blind, moves, _ = data.draw(_positions(game))
    core, reference = _games(game, deal, rules, blind, moves)
    for text in _spellings(game, [str(card) for card in core.cards]):
        found = text in core.legal_moves
        assert (text in reference.legal_moves) == found, text
        if found:
            for played in (core.copy(), reference.copy()):
                played.play(text)


# ------------------------------------------------------- why a throw is refused


def _answer(played: Any, text: str) -> tuple[str, str]:
    """What ``play`` of ``text`` gives: the move played, or the error and its message."""
    try:
        return ("played", str(played.play(text)))
    except (ValueError, TypeError) as error:
        return (type(error).__name__, str(error))


@pytest.mark.parametrize(
    ("name", "deal", "blind", "moves", "text", "message"),
    [
        (
            "push-pin",
            "KS AC 3C 4H 4C",
            False,
            [],
            "out KS",
            "illegal move out KS: KS is the left end of the row;"
            " only cards between two others go out",
        ),
        (
            "push-pin",
            "KS AC 3C 4H 4C",
            False,
            [],
            "out 4C",
            "illegal move out 4C: 4C is the right end of the row;"
            " only cards between two others go out",
        ),
        (
            "push-pin",
            "QD QH",
            False,
            [],
            "out QD QH",
            "illegal move out QD QH: a row of 2 cards has none between two others",
        ),
        (
            "royal-marriage",
            "QH 5C 9H 7D 5S KH",
            True,
            ["deal"],
            "out QH",
            "illegal move out QH: a row of 1 card has none between two others",
        ),
    ],
)
def test_a_throw_of_an_end_card_is_refused_in_the_core_s_words(
    name: str, deal: str, blind: bool, moves: list[str], text: str, message: str
) -> None:
    """Push Pin's and Royal Marriage's reasons for refusing a throw at an end of
    the row, or in a row too short to have a card between two others, are the
    same in both engines (and a row of one card is "1 card")."""
    game = GAMES[name]
    for played in _games(game, deal, "modern", blind, moves):
        assert _answer(played, text) == ("IllegalMoveError", message)


@_by_name([game for game in THROW_GAMES if game.name != "accordian"])
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_both_engines_refuse_a_throw_in_the_same_words(game: Descriptor, data: Any) -> None:
    """Over short deals, blind and open, a few actions played: every move written
    over the row's cards is played by both engines or refused by both with the
    same error, word for word."""
    deal, rules, blind, moves, _ = data.draw(_positions(game))
    core, reference = _games(game, deal, rules, blind, moves)
    for text in _spellings(game, [str(card) for card in core.cards]):
        assert _answer(core.copy(), text) == _answer(reference.copy(), text)


# ------------------------------------------------------- the hint on ties


def test_the_hint_on_a_tie_is_the_core_s_move() -> None:
    """Two throws keep the win; both engines hint the one the core's line starts with."""
    for engine in ENGINES:
        played = GAMES["push-pin"].game_class(engine)("7C 8C 4C 5C")
        assert str(played.hint()) == "out 4C"


@_by_name(THROW_GAMES)
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_both_engines_hint_the_same_move(game: Descriptor, data: Any) -> None:
    """Over short deals, blind and open, a few actions played, under each rule
    set: both engines hint the same move (or none)."""
    deal, rules, blind, moves, _ = data.draw(_positions(game))
    core, reference = _games(game, deal, rules, blind, moves)
    assert str(core.hint()) == str(reference.hint())


# The games Royal Marriage's pieces play (its interval solver), in the registry.
ROYAL_PIECES = [
    name
    for name, game in GAMES.items()
    if game.reference is not None and game.reference.game.startswith("accordion.reference.royal:")
]


@pytest.mark.parametrize("name", ROYAL_PIECES)
@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 10**6), cards=st.integers(3, 16))
def test_the_reference_builds_the_core_s_royal_line(name: str, seed: int, cards: int) -> None:
    """The reference's account of the core's interval solver gives the core's whole
    line, throw for throw (the hint is its first throw)."""
    from accordion.reference.royal import interval_line

    game = GAMES[name]
    deal = game.numbered("reference")(seed, cards)
    line = [str(move) for move in game.solver("core")(str(deal)).moves]
    assert [str(move) for move in interval_line(tuple(deal.cards))] == line
