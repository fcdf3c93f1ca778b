"""Both engines raise the same exception class for the same input, whatever the
input (``docs/errors.md``): Hypothesis draws arbitrary Python values for every
public argument of both engines, Accordion and Royal Marriage, and compares."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from accordion.errors import AccordionError

CORE = importlib.import_module("accordion._core")
REFERENCE = importlib.import_module("accordion.reference")


@dataclass(frozen=True)
class Make:
    """A value of an engine's own type, made in each engine (a Deal, a Card …)."""

    what: str


def made(value: object, engine: ModuleType) -> object:
    if not isinstance(value, Make):
        if isinstance(value, list):
            return [made(item, engine) for item in value]
        return value
    royal = engine if engine is CORE else engine.royal
    return {
        "deal": lambda: engine.Deal.parse("AS 2S 3D"),
        "card": lambda: engine.Card("7H"),
        "move": lambda: engine.Move("2S", "AS"),
        "rules": lambda: engine.Rules("strict"),
        "variant": lambda: engine.Rules("modern", two_way=True),
        "game": lambda: engine.Game("AS 2S 3D"),
        "royal-deal": lambda: engine.Deal.parse("QH 5C 9H 7D 5S KH"),
        "royal-game": lambda: royal.RoyalGame("QH 5C 9H 7D 5S KH"),
        "royal-move": lambda: royal.RoyalMove("out 5C"),
        "object": object,
    }[value.what]()


CARDISH = st.text(alphabet="AKQJT1234567890CDHSxcdhs♣♦♥♠ ,;>-→on.\t\n", max_size=24)
ANY_TEXT = st.text(st.characters(exclude_categories=()), max_size=16)  # surrogates too
NUMBERS = st.one_of(
    st.integers(-3, 60),
    st.integers(),
    st.integers(-(2**200), 2**200),
    st.sampled_from([2**64 - 1, 2**64, -(2**63), 2**1024, 10**5000]),
    st.floats(),
    st.sampled_from([0.0, -0.0, float("nan"), float("inf"), float("-inf"), 1e300, 0.5]),
)
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    NUMBERS,
    CARDISH,
    ANY_TEXT,
    st.sampled_from(["modern", "strict", "parlett", "greedy", "best", "1,3", "deal", "out 5C"]),
    st.binary(max_size=6),
    st.builds(Make, st.sampled_from(["deal", "card", "move", "rules", "variant", "game"])),
    st.builds(Make, st.sampled_from(["royal-deal", "royal-game", "royal-move", "object"])),
)
VALUES = st.one_of(
    SCALARS, st.lists(st.one_of(NUMBERS, CARDISH, st.builds(Make, st.just("card"))), max_size=4)
)


def outcome(call: Callable[[], object]) -> type[BaseException] | None:
    try:
        call()
    except (AccordionError, TypeError, IndexError) as error:
        return type(error)
    return None


def same_class(call: Callable[[ModuleType, Any, Any], object], x: object, y: object) -> None:
    got = {
        name: outcome(lambda e=engine: call(e, made(x, e), made(y, e)))
        for name, engine in (("core", CORE), ("reference", REFERENCE))
    }
    assert got["core"] == got["reference"], (got, x, y)


def royal(engine: ModuleType) -> Any:
    return engine if engine is CORE else engine.royal


def bayan(engine: ModuleType) -> Any:
    return engine if engine is CORE else engine.bayan


Call = Callable[[ModuleType, Any, Any], object]


def solver_calls(
    name: str, part: Callable[[ModuleType], Any], short: str, longer: str
) -> dict[str, Call]:
    """A throw game's solver ``name`` in the engine's ``part``: on any row (a long text
    row is left out: it would take long), and on the row ``longer`` or ``short`` with
    any rules and node budget, time and memory."""

    def solver(engine: ModuleType) -> Any:
        return getattr(part(engine), name)

    return {
        f"{name}(x)": lambda e, x, y: (
            solver(e)(x) if not isinstance(x, str) or len(x) < 30 else None
        ),
        f"{name}(rules=x, max_nodes=y)": lambda e, x, y: solver(e)(longer, rules=x, max_nodes=y),
        f"{name}(timeout=x, memory=y)": lambda e, x, y: solver(e)(short, timeout=x, memory=y),
    }


CALLS: dict[str, Call] = {
    "Card(x)": lambda e, x, y: e.Card(x),
    "Card.parse(x)": lambda e, x, y: e.Card.parse(x),
    "Card.from_index(x)": lambda e, x, y: e.Card.from_index(x),
    "Card.agrees(x)": lambda e, x, y: e.Card("7H").agrees(x),
    "Move(x, y)": lambda e, x, y: e.Move(x, y),
    "Move.parse(x)": lambda e, x, y: e.Move.parse(x),
    "Deal(x)": lambda e, x, y: e.Deal(x),
    "Deal.parse(x)": lambda e, x, y: e.Deal.parse(x),
    "Deal.from_seed(x, y)": lambda e, x, y: e.Deal.from_seed(x, y),
    "Deal.from_seed(x)": lambda e, x, y: e.Deal.from_seed(x),
    "Deal.random(x)": lambda e, x, y: e.Deal.random(x),
    "Deal[x]": lambda e, x, y: e.Deal.parse("AS 2S 3D")[x],
    "Deal.from_pysol(x, y)": lambda e, x, y: e.Deal.from_pysol(x, y),
    "Deal.from_solvitaire(x, y)": lambda e, x, y: e.Deal.from_solvitaire(x, y),
    "Deal.from_knuth(x, y)": lambda e, x, y: e.Deal.from_knuth(x, y),
    "Rules(x)": lambda e, x, y: e.Rules(x),
    "Rules(x, two_way=y)": lambda e, x, y: e.Rules(x, two_way=y),
    "Rules(distances=x)": lambda e, x, y: e.Rules(distances=x),
    "Game(x, y)": lambda e, x, y: e.Game(x, y),
    "Game(x, blind=y)": lambda e, x, y: e.Game(x, blind=y),
    "Game.play(x)": lambda e, x, y: e.Game("AS 2S 3D 3S", "modern").play(x),
    "Game.play(x) blind": lambda e, x, y: e.Game("AS 2S 3D", "parlett", blind=True).play(x),
    "Game.move_at(x, y)": lambda e, x, y: e.Game("AS 2S 3D 3S").move_at(x, y),
    "Game.undo()": lambda e, x, y: e.Game("AS 2S").undo(),
    "solve(x)": lambda e, x, y: e.solve(x) if not isinstance(x, str) or len(x) < 30 else None,
    "solve(rules=x)": lambda e, x, y: e.solve("AS 2S 3D", rules=x),
    "solve(max_nodes=x, timeout=y)": lambda e, x, y: e.solve("AS 2S", max_nodes=x, timeout=y),
    "solve(memory=x)": lambda e, x, y: e.solve("AS 2S", memory=x),
    "RoyalMove(x)": lambda e, x, y: royal(e).RoyalMove(x),
    "RoyalMove.parse(x)": lambda e, x, y: royal(e).RoyalMove.parse(x),
    "RoyalGame(x, y)": lambda e, x, y: royal(e).RoyalGame(x, y),
    "RoyalGame(x, blind=y)": lambda e, x, y: royal(e).RoyalGame(x, blind=y),
    "RoyalGame.play(x)": lambda e, x, y: royal(e).RoyalGame("QH 5C 9H 7D 5S KH").play(x),
    "RoyalGame.undo()": lambda e, x, y: royal(e).RoyalGame("QH KH").undo(),
    "RoyalGame.hint(timeout=x)": lambda e, x, y: royal(e).RoyalGame("QH 5C KH").hint(timeout=x),
    "royal_deal(x, y)": lambda e, x, y: royal(e).royal_deal(x, y),
    **solver_calls("solve_royal", royal, "QH 5C KH", "QH 5C 9H 7D 5S KH"),
    "BayanMove(x)": lambda e, x, y: bayan(e).BayanMove(x),
    "BayanGame(x, y)": lambda e, x, y: bayan(e).BayanGame(x, y),
    "BayanGame(x, blind=y)": lambda e, x, y: bayan(e).BayanGame(x, blind=y),
    "BayanGame.play(x)": lambda e, x, y: bayan(e).BayanGame("5C 9H 2D 5S 9D 2H").play(x),
    "BayanGame.play(x) blind": lambda e, x, y: (
        bayan(e).BayanGame("5C 9H 2D 5S", blind=True).play(x)
    ),
    "BayanGame.undo()": lambda e, x, y: bayan(e).BayanGame("5C 5S").undo(),
    "BayanGame.hint(timeout=x)": lambda e, x, y: bayan(e).BayanGame("5C 5S").hint(timeout=x),
    **solver_calls("solve_bayan", bayan, "5C 5S", "5C 9H 2D 5S 9D 2H"),
}


@pytest.mark.parametrize("name", list(CALLS))
@given(x=VALUES, y=VALUES)
def test_both_engines_raise_the_same_class(name: str, x: object, y: object) -> None:
    same_class(CALLS[name], x, y)
