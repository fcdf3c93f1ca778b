"""Arbitrary text and numbers never crash either engine: every failure is a
``ValueError`` (or ``TypeError``/``IndexError`` for misuse), never a Rust panic."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from types import ModuleType
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

CARDISH = st.text(alphabet="AKQJT1234567890CDHSxcdhs♣♦♥♠ ,;>-→on\t\n", max_size=60)
ANY_TEXT = st.one_of(CARDISH, st.text(max_size=40))


def _only_expected_errors(call: Callable[[], Any]) -> None:
    # Never OverflowError, and never a Rust panic (a BaseException).
    with contextlib.suppress(ValueError, TypeError, IndexError):
        call()


@given(text=ANY_TEXT)
def test_parsers_never_crash(engine: ModuleType, text: str) -> None:
    _only_expected_errors(lambda: engine.Card.parse(text))
    _only_expected_errors(lambda: engine.Move.parse(text))
    _only_expected_errors(lambda: engine.Deal.parse(text))
    _only_expected_errors(lambda: engine.Rules(text))
    _only_expected_errors(lambda: engine.Rules(distances=text))


@given(
    seed=st.integers(-(2**70), 2**70),
    cards=st.integers(-(2**70), 2**70),
    index=st.integers(-(2**70), 2**70),
)
def test_numbers_never_crash(engine: ModuleType, seed: int, cards: int, index: int) -> None:
    _only_expected_errors(lambda: engine.Deal.from_seed(seed, cards))
    _only_expected_errors(lambda: engine.Card.from_index(index))
    _only_expected_errors(lambda: engine.Rules(distances=[index]))
    game = engine.Game("AS 2S 3S 4S 5S")
    _only_expected_errors(lambda: game.move_at(index, cards))


@given(text=ANY_TEXT)
def test_playing_any_text_never_crashes(engine: ModuleType, text: str) -> None:
    for blind in (False, True):
        game = engine.Game("AS 2S 3S 4S 5S 5H", "parlett", blind=blind)
        _only_expected_errors(lambda game=game: game.play(text))
        assert (text in game.legal_moves) in (True, False)


@given(text=ANY_TEXT, budget=st.integers(-5, 50))
def test_the_solver_never_crashes(text: str, budget: int) -> None:
    import accordion

    _only_expected_errors(lambda: accordion.solve(text, max_nodes=budget))
    _only_expected_errors(lambda: accordion.solve("AS 2S 3D", max_nodes=budget))
    _only_expected_errors(lambda: accordion.solve("AS 2S 3D", timeout=budget / 7))


@given(text=ANY_TEXT, budget=st.integers(-5, 50))
def test_bayan_never_crashes(text: str, budget: int) -> None:
    import accordion
    from accordion.reference import bayan as reference

    for engine in (accordion, reference):
        _only_expected_errors(lambda engine=engine: engine.BayanMove(text))
        _only_expected_errors(lambda engine=engine: engine.BayanGame(text))
        _only_expected_errors(lambda engine=engine: engine.solve_bayan(text))
        for blind in (False, True):
            game = engine.BayanGame("AS 2S 3S 4S 5S 5H", blind=blind)
            _only_expected_errors(lambda game=game: game.play(text))
    _only_expected_errors(lambda: accordion.solve_bayan("AS 2S 3D", max_nodes=budget))
    _only_expected_errors(lambda: accordion.solve_bayan("AS 2S 3D", timeout=budget / 7))
