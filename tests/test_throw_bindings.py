"""The throw games (every game of the registry with an engine of its own, not
Accordion's: Royal Marriage, Bayan, Accordian …) bound once (``rust/python/throw.rs``).

What used to drift between the games' bindings, checked for each: the solve of
a blind game, the hint's signature and budget, the live ``LegalMoves`` view, and
solutions and statistics pickled through a public constructor.
"""

from __future__ import annotations

import inspect
import pickle
from typing import Any

import pytest

import accordion
from accordion import LegalMoves, RoyalGame, solve_bayan, solve_royal
from accordion.errors import InvalidArgumentError
from accordion.games import GAMES, Descriptor, load

#: The throw games, as the registry lists them.
THROW_GAMES = [
    game for game in GAMES.values() if game.engine == game.name and not game.plays_accordion
]


def won_deal(game: Descriptor, cards: int = 8) -> str:
    """The game's first numbered deal of ``cards`` cards that its solver wins."""
    solve = game.solver()
    for seed in range(1, 1000):
        deal = str(game.numbered()(seed, cards))
        if solve(deal).result == "win":
            return deal
    raise AssertionError(f"{game.name}: no won deal of {cards} cards in 999 seeds")


@pytest.fixture(params=THROW_GAMES, ids=lambda game: game.name)
def game(request: pytest.FixtureRequest) -> tuple[Any, Any, Any, str]:
    """The game's class, its solver, its solution class, and a deal that is won."""
    found: Descriptor = request.param
    solution = load(found.pieces().solution)
    return found.game_class(), found.solver(), solution, won_deal(found)


def test_the_throw_games_are_those_of_the_registry() -> None:
    names = [game.name for game in THROW_GAMES]
    assert {"royal-marriage", "bayan", "accordian"} <= set(names)


def test_a_blind_game_is_solved_with_its_stock(game: tuple[Any, Any, Any, str]) -> None:
    cls, solve, _, deal = game
    blind = cls(deal, blind=True)
    blind.deal()
    solution = solve(blind)
    # The whole deal is solved (not just the cards dealt so far), and it is won.
    assert solution.deal == deal
    assert solution.result == "win"
    open_game = cls(solution.deal)
    for move in solution.moves:
        open_game.play(move)
    assert open_game.outcome.won


def test_royal_parlett_blind_games_are_played_out_from_the_position() -> None:
    game = RoyalGame("QH 5C 9H 7D 5S KH", "parlett", blind=True)
    game.deal()
    solution = solve_royal(game)
    for move in solution.moves:
        game.play(move)
    assert game.is_over
    assert game.outcome.cards == solution.cards
    assert (solution.result == "win") == game.outcome.won


def test_every_game_hints_with_one_signature_and_budget(
    game: tuple[Any, Any, Any, str],
) -> None:
    cls, _, _, deal = game
    assert inspect.signature(cls.hint) == inspect.signature(accordion.Game.hint)
    with pytest.raises(InvalidArgumentError, match="timeout"):
        cls(deal).hint(timeout=0)
    played = cls(deal, blind=True)
    while (move := played.hint(timeout=None)) is not None:
        played.play(move)
    assert played.outcome.won


def test_every_game_has_a_live_legal_moves_view(game: tuple[Any, Any, Any, str]) -> None:
    cls, _, _, deal = game
    played = cls(deal)
    view = played.legal_moves
    assert isinstance(view, LegalMoves)
    first = next(iter(view))
    assert first in view and str(first) in view
    assert "not a move" not in view and 3 not in view
    played.play(first)
    # The view answers for the position now, not the one it was taken in.
    assert first not in view
    assert list(view) == list(played.legal_moves)
    assert len(view) == len(list(view)) and bool(view) == (len(view) > 0)
    assert repr(view).startswith("<LegalMoves: ")
    with pytest.raises(TypeError, match="live view"):
        pickle.dumps(view)


def test_solutions_round_trip_through_a_public_constructor(
    game: tuple[Any, Any, Any, str],
) -> None:
    _, solve, solution_class, deal = game
    solution = solve(deal)
    again = solution_class.from_dict(solution.to_dict())
    assert again.to_dict() == solution.to_dict()
    assert pickle.loads(pickle.dumps(solution)).to_dict() == solution.to_dict()
    bad = {**solution.to_dict(), "cards": 99}
    with pytest.raises(InvalidArgumentError, match="cards"):
        solution_class.from_dict(bad)
    with pytest.raises(InvalidArgumentError, match="result"):
        solution_class.from_dict({**solution.to_dict(), "result": "maybe"})
    with pytest.raises(InvalidArgumentError, match="seconds"):
        solution_class.from_dict({**solution.to_dict(), "seconds": 1e300})
    missing = solution.to_dict()
    del missing["nodes"]
    with pytest.raises(InvalidArgumentError, match="nodes"):
        solution_class.from_dict(missing)


def test_solutions_pickled_by_the_earlier_version_still_load() -> None:
    core: Any = accordion._core
    state = ("QH 5C KH", "loss", [], (3, 1, 0.0, False))
    old = core._restore("RoyalSolution", state)
    assert (old.result, old.cards, old.deal) == ("loss", 3, "QH 5C KH")


@pytest.fixture(
    params=[(game, rules) for game in THROW_GAMES for rules in game.rules],
    ids=lambda pair: f"{pair[0].name}-{pair[1]}",
)
def stats_of(request: pytest.FixtureRequest) -> tuple[Any, Any, str]:
    """The game's simulation, its statistics class, and one of its rule sets."""
    found, rules = request.param
    return found.simulator(), found.stats_class(), rules


def test_statistics_round_trip_through_a_public_constructor(
    stats_of: tuple[Any, Any, str],
) -> None:
    simulate, stats_class, rules = stats_of
    stats = simulate(deals=300, seed=7, rules=rules, blind=True, cards=20, jobs=1)
    again = stats_class.from_histogram(
        stats.histogram, stats.rules, stats.strategy, stats.blind, stats.cards, stats.seed
    )
    assert again.to_dict() | {"seconds": 0} == stats.to_dict() | {"seconds": 0}
    loaded = pickle.loads(pickle.dumps(stats))
    assert type(loaded) is type(stats) and loaded.game == stats.game
    assert loaded.to_dict() == stats.to_dict()
    with pytest.raises(InvalidArgumentError, match="histogram"):
        stats_class.from_histogram({21: 1}, rules, "greedy", True, 20, 1)
    with pytest.raises(accordion.InvalidRulesError, match="strategy"):
        stats_class.from_histogram({}, rules, "clever", True, 20, 1)


def test_royal_statistics_pickled_by_the_earlier_version_still_load() -> None:
    core: Any = accordion._core
    histogram = [0] * 53
    histogram[2], histogram[5] = 3, 1
    state = ((52, True, "parlett", "greedy"), (1, 4, 3, histogram, 2.75, (0.3, 0.9)), 0.5, False)
    old = core._restore("RoyalStats", state)
    assert (old.deals, old.wins, old.mean_piles, old.histogram) == (4, 3, 2.75, {2: 3, 5: 1})


def test_bayan_statistics_agree_with_the_solver_and_the_reference_engine() -> None:
    from accordion import Deal
    from accordion.reference import bayan as reference

    best = accordion.simulate_bayan(deals=200, seed=3, cards=12, strategy="best")
    solved = [solve_bayan(Deal.from_seed(n, 12)).cards for n in range(3, 203)]
    assert best.histogram == {c: solved.count(c) for c in sorted(set(solved))}
    assert best.wins == solved.count(0) and best.to_dict()["game"] == "bayan"
    # Greedy blind play, replayed move by move on the reference engine.
    greedy = accordion.simulate_bayan(deals=100, seed=3, cards=12, blind=True)
    ends = []
    for n in range(3, 103):
        game = reference.BayanGame(str(Deal.from_seed(n, 12)), blind=True)
        while game.legal_moves:
            game.play(next(iter(game.legal_moves)))
        ends.append(game.outcome.cards)
    assert greedy.histogram == {c: ends.count(c) for c in sorted(set(ends))}


def test_only_the_old_royal_signature_takes_deals_by_position() -> None:
    with pytest.warns(DeprecationWarning, match="deals=..."):
        assert accordion.simulate_royal(10, jobs=1).deals == 10  # type: ignore[misc]
    with pytest.raises(TypeError, match="keyword arguments only"):
        accordion.simulate_bayan(10)  # type: ignore[misc]
    with pytest.raises(accordion.InvalidRulesError, match="Bayan is played under"):
        accordion.simulate_bayan(deals=1, rules="parlett")


@pytest.mark.parametrize("engine", ["core", "reference"])
def test_every_throw_game_of_both_engines_has_the_live_view(engine: str) -> None:
    for found in THROW_GAMES:
        game = found.game_class(engine)(won_deal(found))
        view = game.legal_moves
        assert type(view).__name__ == "LegalMoves"
        first = next(iter(view))
        game.play(first)
        assert first not in view and str(first) not in view
        assert "nonsense" not in view
        with pytest.raises(TypeError, match="live view"):
            pickle.dumps(view)
        # Indexing, as the lists these were allowed, still works, deprecated.
        with pytest.warns(DeprecationWarning, match="list\\(game.legal_moves\\)"):
            moves = list(view)
            assert view[0] == moves[0] and view[-1] == moves[-1]
        with pytest.warns(DeprecationWarning), pytest.raises(IndexError):
            view[len(list(view))]
