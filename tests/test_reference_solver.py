"""The reference solver: published verdicts, replayable lines, and a brute-force cross-check."""

from __future__ import annotations

import dataclasses
from functools import cache

import pytest
from conftest import conformance_rows
from hypothesis import given
from hypothesis import strategies as st

from accordion.reference import Deal, Game, Rules, Solution, solve

MAX_CARDS = 14
SOLVABLE = [
    (name, verdict, row)
    for name, verdict, row in conformance_rows()
    if verdict in ("win", "lose") and len(row.split()) <= MAX_CARDS
]


def replay(start: Game, solution: Solution) -> Game:
    """Play the solution's line on a copy of ``start``; every move must be legal."""
    game = start.copy()
    for move in solution.moves:
        assert move in game.legal_moves
        game.play(move)
    return game


def components(cards: list[str]) -> int:
    """Connected components of the agreement graph: a lower bound on the piles left."""
    unseen = set(cards)
    count = 0
    while unseen:
        count += 1
        frontier = [unseen.pop()]
        while frontier:
            card = frontier.pop()
            linked = {other for other in unseen if other[0] == card[0] or other[1] == card[1]}
            unseen -= linked
            frontier.extend(linked)
    return count


@pytest.mark.parametrize(
    ("name", "verdict", "row"), SOLVABLE, ids=[name for name, _, _ in SOLVABLE]
)
def test_published_verdicts(name: str, verdict: str, row: str) -> None:
    solution = solve(Deal.parse(row))
    assert solution.result == {"win": "win", "lose": "loss"}[verdict]
    end = replay(Game(row), solution)
    assert end.outcome.piles == solution.piles
    if verdict == "win":
        assert solution.piles == 1
    else:
        assert solution.piles >= max(2, components(row.split()))
    assert solution.nodes >= 1


def test_at_least_one_row_of_each_verdict() -> None:
    assert {verdict for _, verdict, _ in SOLVABLE} == {"win", "lose"}


# -- an independent brute force ------------------------------------------------------


def brute_force(row: str, rules: Rules) -> int:
    """The fewest piles reachable, found through the Game API alone.

    Only top cards matter, so a position is an open game on its row of tops.
    """

    @cache
    def fewest(tops: str) -> int:
        game = Game(tops, rules)
        results = []
        for move in list(game.legal_moves):
            game.play(move)
            results.append(fewest(str(game)))
            game.undo()
        if not results or not rules.must_move:
            results.append(len(game.tops))
        return min(results)

    return fewest(row)


small_rows = st.lists(st.integers(0, 51), min_size=1, max_size=8, unique=True).map(
    lambda indices: str(Deal([Deal.from_seed(0)[0].from_index(i) for i in indices]))
)
any_rules = st.builds(
    Rules,
    st.sampled_from(["modern", "strict", "strict-leap", "parlett"]),
    two_way=st.booleans(),
    distances=st.sets(st.integers(1, 4), min_size=1, max_size=3),
)


@given(row=small_rows, rules=any_rules)
def test_the_solver_agrees_with_brute_force(row: str, rules: Rules) -> None:
    solution = solve(Deal.parse(row), rules=rules)
    assert solution.piles == brute_force(row, rules)
    assert solution.result == ("win" if solution.piles == 1 else "loss")
    end = replay(Game(row, rules), solution)
    assert len(end.tops) == solution.piles
    if rules.must_move:
        assert end.is_over  # under must-move rules a line ends only when stuck
    assert solution.piles >= components(row.split())


# -- solving from a game, and what it cannot solve --------------------------------------


def test_solving_a_game_solves_its_current_row() -> None:
    game = Game("7H 2C 3C 7C")
    game.play("7C>7H")
    solution = solve(game)
    assert solution.result == "win"
    assert replay(game, solution).outcome.piles == 1
    assert [str(move) for move in game.history] == ["7C>7H"]  # the game is untouched


def test_a_game_is_solved_under_its_own_rules() -> None:
    # Strict forces 4S>QS, 8C>9C (the slide, not the leap onto 6C), 8S>8C, 8S>4S;
    # modern wins with the leap 8S>4S second.
    game = Game("6C QS 4S 9C 8C 8S", "strict")
    assert [str(move) for move in solve(game).moves] == ["4S>QS", "8C>9C", "8S>8C", "8S>4S"]
    assert solve(game).piles == 2
    assert solve(game, rules="modern").piles == 1


def test_strict_solution_is_the_automatic_game() -> None:
    deal = Deal.from_seed(11, cards=12)
    game = Game(deal, "strict-leap")
    while not game.is_over:
        game.play(next(iter(game.legal_moves)))
    solution = solve(deal, rules="strict-leap")
    assert list(solution.moves) == game.history
    assert solution.piles == game.outcome.piles


def test_a_blind_game_with_a_stock_is_solved_knowing_it() -> None:
    """As the core solves it: the stock dealt first under ``modern``, the solution's
    deal naming the position, stock included (tests/test_blind_solutions.py)."""
    game = Game("7H 7S", blind=True)
    game.deal()
    solution = solve(game)
    assert (solution.deal, solution.result) == ("7H | 7S", "win")
    assert [str(move) for move in solution.moves] == ["deal", "7S>7H"]
    game.deal()
    assert solve(game).result == "win"
    assert solve(game).deal == "7H 7S"


def test_solutions_are_frozen() -> None:
    solution = solve("AS 2D")
    assert (solution.result, solution.moves, solution.piles) == ("loss", (), 2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        solution.piles = 1  # type: ignore[misc]


def test_solve_takes_deals_games_and_text_only() -> None:
    with pytest.raises(TypeError):
        solve(42)  # type: ignore[arg-type]


def test_a_call_that_does_not_fit_solve_is_refused_in_the_core_s_words() -> None:
    """Regression: Python words a wrong call its own way (``takes 1 positional
    argument``), the core's binding ``takes 1 positional arguments``."""
    import accordion
    from accordion import reference

    calls: list[tuple[tuple[object, ...], dict[str, object]]] = [
        ((), {}),
        (("AS 2S", "modern"), {}),
        (("AS 2S", 1, 2), {"rules": None}),
        (("AS 2S",), {"nope": 1}),
        (("AS 2S",), {"position": "AS 2S"}),
        ((), {"jobs": 1}),
    ]
    answers = []
    for solver in (accordion.solve, reference.solve):
        answer = []
        for args, kwargs in calls:
            with pytest.raises(TypeError) as refused:
                solver(*args, **kwargs)  # type: ignore[arg-type]
            answer.append(str(refused.value))
        answers.append(answer)
    assert answers[0] == answers[1]
    assert answers[1][1] == "solve() takes 1 positional arguments but 2 were given"
