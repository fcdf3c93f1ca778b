"""Every value type of both engines round-trips through pickle, copy and deepcopy.

Values come from Hypothesis; a round trip must give an equal value of the same type
with the same text and repr, and, for a numbered deal, the same seed. A game either
round-trips to an independent game in the same position with the same history, or
refuses with a TypeError that says why.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import accordion
import accordion.reference as reference
from accordion.errors import InvalidPickleError
from accordion.reference import royal as reference_royal

RULE_SETS = ["modern", "strict", "strict-leap", "parlett"]
ROUND_TRIPS: dict[str, Callable[[Any], Any]] = {
    "pickle": lambda value: pickle.loads(pickle.dumps(value)),
    "pickle protocol 2": lambda value: pickle.loads(pickle.dumps(value, protocol=2)),
    "copy": copy.copy,
    "deepcopy": copy.deepcopy,
}

indices = st.integers(min_value=0, max_value=51)
rows = st.permutations(range(52)).flatmap(
    lambda deck: st.integers(min_value=1, max_value=52).map(lambda k: deck[:k])
)
seeds = st.integers(min_value=0, max_value=2**64 - 1)
sizes = st.integers(min_value=1, max_value=52)
short_rows = st.permutations(range(52)).flatmap(
    lambda deck: st.integers(min_value=1, max_value=9).map(lambda k: deck[:k])
)


def same(value: Any, twin: Any) -> None:
    assert type(twin) is type(value)
    assert twin == value
    assert hash(twin) == hash(value)
    assert str(twin) == str(value)
    assert repr(twin) == repr(value)


def values(engine: ModuleType) -> st.SearchStrategy[Any]:
    """Cards, deals (numbered or not), moves, rules and outcomes of ``engine``."""
    card = engine.Card.from_index
    pairs = st.lists(indices, min_size=2, max_size=2, unique=True)
    return st.one_of(
        indices.map(card),
        rows.map(lambda row: engine.Deal([card(index) for index in row])),
        st.builds(engine.Deal.from_seed, seeds, sizes),
        st.just(engine.Move.deal()),
        pairs.map(lambda pair: engine.Move(card(pair[0]), card(pair[1]))),
        st.builds(
            engine.Rules,
            st.sampled_from(RULE_SETS),
            two_way=st.booleans(),
            distances=st.sets(st.integers(min_value=1, max_value=51), min_size=1, max_size=4),
            win_piles=st.integers(min_value=1, max_value=4),
            goal=st.one_of(st.none(), indices.map(card)),
        ),
        st.builds(
            lambda row, blind: (
                engine.Game(engine.Deal([card(index) for index in row]), blind=blind).outcome
            ),
            short_rows,
            st.booleans(),
        ),
    )


@pytest.mark.parametrize("trip", list(ROUND_TRIPS))
@given(data=st.data())
def test_values_round_trip(engine: ModuleType, trip: str, data: st.DataObject) -> None:
    value = data.draw(values(engine))
    twin = ROUND_TRIPS[trip](value)
    same(value, twin)
    if isinstance(value, engine.Deal):
        assert twin.seed == value.seed


@pytest.mark.parametrize("trip", list(ROUND_TRIPS))
@given(row=short_rows)
def test_solutions_round_trip(engine: ModuleType, trip: str, row: list[int]) -> None:
    solution = engine.solve(engine.Deal([engine.Card.from_index(index) for index in row]))
    twin = ROUND_TRIPS[trip](solution)
    assert type(twin) is type(solution)
    assert (twin.result, twin.moves, twin.piles, twin.nodes) == (
        solution.result,
        solution.moves,
        solution.piles,
        solution.nodes,
    )


def royal_engine(engine: ModuleType) -> Any:
    return accordion if engine.__name__ == "accordion._core" else reference_royal


@pytest.mark.parametrize("trip", list(ROUND_TRIPS))
@given(seed=st.integers(min_value=0, max_value=10_000), cards=st.integers(4, 9))
def test_royal_values_round_trip(engine: ModuleType, trip: str, seed: int, cards: int) -> None:
    games = royal_engine(engine)
    deal = games.royal_deal(seed, cards)
    game = games.RoyalGame(deal)
    solution = games.solve_royal(deal)
    for value in [deal, game.outcome, *game.legal_moves, games.RoyalMove("deal")]:
        twin = ROUND_TRIPS[trip](value)
        assert type(twin) is type(value)
        assert twin == value
        assert str(twin) == str(value)
    twin = ROUND_TRIPS[trip](solution)
    assert type(twin) is type(solution)
    assert (twin.deal, twin.result, twin.moves, twin.cards, twin.nodes) == (
        solution.deal,
        solution.result,
        solution.moves,
        solution.cards,
        solution.nodes,
    )


@pytest.mark.parametrize("trip", list(ROUND_TRIPS))
@given(seed=st.integers(min_value=0, max_value=10_000), deals=st.integers(1, 50))
def test_stats_round_trip(trip: str, seed: int, deals: int) -> None:
    for stats in (
        accordion.simulate(rules="strict", deals=deals, seed=seed, jobs=1),
        accordion.simulate_royal(rules="modern", strategy="greedy", deals=deals, seed=seed),
    ):
        twin = ROUND_TRIPS[trip](stats)
        assert type(twin) is type(stats)
        assert twin.to_dict() == stats.to_dict()
        assert (twin.histogram, twin.ci95, twin.seed) == (stats.histogram, stats.ci95, stats.seed)


def test_a_live_view_refuses_with_a_type_error() -> None:
    for engine in (accordion, reference):
        with pytest.raises(TypeError, match="live view of a game"):
            pickle.dumps(engine.Game("7H 7S").legal_moves)


def test_a_pickle_that_no_reduce_wrote_is_refused() -> None:
    from accordion._core import _restore  # type: ignore[attr-defined]

    with pytest.raises(InvalidPickleError, match='no class of accordion pickles as "Stats"'):
        _restore("Stats", (1, 2))
    with pytest.raises(InvalidPickleError, match="not an accordion pickle"):
        _restore("Nonsense", ())


def test_a_royal_move_of_each_notation_round_trips() -> None:
    for games in (accordion, reference_royal):
        for text in ("out 5D", "out 5D 7C", "between 3S 9S", "deal"):
            move = games.RoyalMove(text)
            same(move, pickle.loads(pickle.dumps(move)))


@given(row=short_rows, blind=st.booleans(), steps=st.integers(0, 6), data=st.data())
def test_games_round_trip_or_refuse(
    engine: ModuleType, row: list[int], blind: bool, steps: int, data: st.DataObject
) -> None:
    deal = engine.Deal([engine.Card.from_index(index) for index in row])
    rules = data.draw(st.sampled_from(RULE_SETS))
    game = engine.Game(deal, rules, blind=blind)
    for _ in range(steps):
        legal = list(game.legal_moves)
        if not legal:
            break
        game.play(data.draw(st.sampled_from(legal)))
    for trip in ("pickle", "deepcopy"):
        twin = ROUND_TRIPS[trip](game)
        assert twin is not game
        assert str(twin) == str(game)
        assert twin.piles == game.piles
        assert twin.history == game.history
        assert twin.rules == game.rules
        assert list(twin.legal_moves) == list(game.legal_moves)
        if game.history:
            twin.undo()
            assert twin.history == game.history[:-1]
            assert len(game.history) == len(twin.history) + 1
