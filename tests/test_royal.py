"""Royal Marriage (docs/royal-marriage.md) on both engines: the Rust core through
``accordion._core`` and the reference engine ``accordion.reference.royal``.

Each engine is checked against the documented rules and vectors, and the two are
played in lockstep by a Hypothesis state machine. The core's interval solver is
checked against the reference's exhaustive search on short rows.
"""

from __future__ import annotations

import pickle
from typing import Any

import pytest
from _helpers import Engines, card_texts, texts
from hypothesis import given
from hypothesis import strategies as st

from accordion import errors

ENGINES = Engines("accordion.reference.royal")
royal = ENGINES.fixture("royal")
core, reference = ENGINES.core, ENGINES.reference


# ---------------------------------------------------------------- deals

PINNED = {
    (0, 8): "QH TC 3C JC 4H 7C QC KH",
    (1, 8): "QH 5S 3C 5C 9D 6C JS KH",
    (42, 12): "QH 2H 8C 4C TS JC AC 7H 7D 6H 2C KH",
    (1, 52): "QH 5S 3C 5C 9D 6C JS 6S 5H QS 3H 5D 7D AH 4H TC 8H 9C 8D AD 4D QC 4C TH 9S KC"
    " KD 6H 3S JH 2D 2H TS 2C 7H KS 8S TD 7C 6D 4S JD AC AS 7S 2S 3D 8C JC 9H QD KH",
}


@pytest.mark.parametrize(("seed", "cards"), list(PINNED))
def test_numbered_deals_are_pinned(royal: Any, seed: int, cards: int) -> None:
    assert str(royal.royal_deal(seed, cards)) == PINNED[seed, cards]


@given(seed=st.integers(0, 2**64 - 1), cards=st.integers(2, 52))
def test_numbered_deals_agree_and_follow_the_accordion_shuffle(seed: int, cards: int) -> None:
    deal = texts(core().royal_deal(seed, cards))
    assert deal == texts(reference().royal_deal(seed, cards))
    others = [c for c in texts(core().Deal.from_seed(seed)) if c not in ("QH", "KH")]
    assert deal == ["QH", *others[: cards - 2], "KH"]


# ---------------------------------------------------------------- notation


@st.composite
def move_texts(draw: st.DrawFn) -> str:
    kind = draw(st.sampled_from(["out1", "out2", "between", "deal"]))
    if kind == "deal":
        return "deal"
    a, b = draw(st.lists(card_texts, min_size=2, max_size=2, unique=True))
    return {"out1": f"out {a}", "out2": f"out {a} {b}", "between": f"between {a} {b}"}[kind]


@given(text=move_texts())
def test_canonical_moves_round_trip_on_both_engines(text: str) -> None:
    for engine in (core(), reference()):
        move = engine.RoyalMove.parse(text)
        assert str(move) == text
        assert engine.RoyalMove.parse(str(move)) == move
        assert engine.RoyalMove(text) == move
        assert hash(engine.RoyalMove(text)) == hash(move)


def test_moves_name_their_kind_and_cards(royal: Any) -> None:
    move = royal.RoyalMove.parse("out 5D 7C")
    assert (move.kind, texts(move.cards), move.is_deal) == ("out", ["5D", "7C"], False)
    assert royal.RoyalMove.deal().is_deal
    assert repr(move) == "RoyalMove('out 5D 7C')"


# ---------------------------------------------------------------- bad input

# Texts that are not a move, every spelling of one, and bad deals:
# tests/test_every_game.py.


def test_bad_rules_and_counts_raise(royal: Any) -> None:
    for name in ("strict", "strict-leap", "nonsense"):
        with pytest.raises(errors.InvalidRulesError):
            royal.RoyalGame("QH KH", name)
    for cards in (0, 1, 53):
        with pytest.raises(
            errors.InvalidArgumentError, match=f"cards must be 2 to 52 cards, got {cards}"
        ):
            royal.royal_deal(1, cards)
    with pytest.raises(errors.NoMoveToUndoError):
        royal.RoyalGame("QH KH").undo()
    with pytest.raises(IndexError):  # as list.pop() raises: code written for that still works
        royal.RoyalGame("QH KH").undo()


def test_blind_rules_decide_when_dealing_is_allowed(royal: Any) -> None:
    modern = royal.RoyalGame("QH 5C 9H 7D KH", "modern", blind=True)
    parlett = royal.RoyalGame("QH 5C 9H 7D KH", "parlett", blind=True)
    for game in (modern, parlett):
        assert texts(game.legal_moves) == ["deal"]
        for _ in range(3):
            game.deal()
        assert str(game) == "QH 5C 9H | stock 2"
    assert texts(modern.legal_moves) == ["out 5C", "deal"]
    assert texts(parlett.legal_moves) == ["out 5C"]
    with pytest.raises(errors.IllegalMoveError, match="oblige"):
        parlett.deal()
    with pytest.raises(errors.IllegalMoveError, match="still in the stock"):
        parlett.play("out 7D")


# ---------------------------------------------------------------- lockstep
# Played against the reference engine with every other game: tests/test_every_game.py.


# ---------------------------------------------------------------- the solver


@given(seed=st.integers(0, 2**64 - 1), cards=st.integers(2, 15))
def test_solver_agrees_with_exhaustive_search_and_lines_replay(seed: int, cards: int) -> None:
    deal = str(core().royal_deal(seed, cards))
    fast, slow = core().solve_royal(deal), reference().solve_royal(deal)
    assert (fast.result, fast.cards) == (slow.result, slow.cards)
    assert fast.result == ("win" if fast.cards == 2 else "loss")
    for line in (fast.moves, slow.moves):
        game = reference().RoyalGame(deal)
        for move in line:
            game.play(str(move))
        assert len(game.cards) == fast.cards
        assert game.is_over
        assert game.outcome.won == (fast.result == "win")


@given(seed=st.integers(0, 2**64 - 1), cards=st.integers(3, 12))
def test_hints_keep_the_best_result_in_reach(seed: int, cards: int) -> None:
    deal = str(core().royal_deal(seed, cards))
    best = reference().solve_royal(deal).cards
    for engine in (core(), reference()):
        game = engine.RoyalGame(deal)
        while (hint := game.hint()) is not None:
            game.play(hint)
        assert game.outcome.cards == best


def test_full_deals_solve_with_budgets() -> None:
    solution = core().solve_royal(core().royal_deal(1))
    assert solution.result == "win"
    assert solution.to_dict()["piles"] == 2
    game = reference().RoyalGame(str(core().royal_deal(1)))
    for move in solution.moves:
        game.play(str(move))
    assert game.outcome.won
    cut = core().solve_royal(core().royal_deal(1), max_nodes=5)
    assert cut.result == "unknown"
    game = reference().RoyalGame(cut.deal)
    for move in cut.moves:
        game.play(str(move))
    assert len(game.cards) == cut.cards


# ---------------------------------------------------------------- simulation


def test_simulation_is_deterministic_for_any_jobs_and_matches_the_reference_greedy() -> None:
    one = core().simulate_royal(deals=300, seed=5, jobs=1)
    two = core().simulate_royal(deals=300, seed=5, jobs=2)
    assert one.to_dict() | {"seconds": 0} == two.to_dict() | {"seconds": 0}
    wins = sum(
        reference().greedy_line(reference().royal_deal(seed).cards)[1] == 2
        for seed in range(5, 305)
    )
    assert one.wins == wins
    assert sum(one.histogram.values()) == one.deals == 300
    lo, hi = one.ci95
    assert lo <= one.win_rate <= hi


def test_best_play_dominates_and_blind_modern_equals_open() -> None:
    runs = {
        (blind, rules, strategy): core().simulate_royal(
            deals=400, blind=blind, rules=rules, strategy=strategy
        )
        for blind in (False, True)
        for rules in ("modern", "parlett")
        for strategy in ("greedy", "best")
    }
    open_best = runs[False, "modern", "best"]
    assert runs[True, "modern", "best"].histogram == open_best.histogram
    for stats in runs.values():
        assert stats.wins <= open_best.wins
    assert runs[True, "parlett", "best"].histogram == runs[True, "parlett", "greedy"].histogram
    with pytest.raises(errors.InvalidRulesError):
        core().simulate_royal(deals=10, strategy="clever")


def test_the_two_simulations_take_the_same_arguments_and_give_the_same_figures() -> None:
    accordion = core()
    kwargs = {"deals": 50, "rules": "parlett", "seed": 3, "cards": 30, "blind": True, "jobs": 1}
    seen: list[int] = []
    plain = accordion.simulate(**kwargs, strategy="slide-first", progress=seen.append)
    royal = accordion.simulate_royal(**kwargs, strategy="greedy", progress=seen.append)
    shared = {"rules", "strategy", "mode", "cards", "deals", "seed", "wins", "win_rate"}
    shared |= {"ci95", "mean_piles", "piles_histogram", "seconds"}
    assert set(plain.to_dict()) == shared | {"grades"}
    assert set(royal.to_dict()) == shared | {"game"}
    for stats in (plain, royal):
        assert isinstance(stats.histogram, dict)
        assert sum(stats.histogram.values()) == stats.deals == 50
        assert (stats.seed, stats.cards, stats.blind, stats.rules) == (3, 30, True, "parlett")
    assert seen[-1] == 50
    for simulate in (accordion.simulate, accordion.simulate_royal):
        with pytest.raises(
            errors.InvalidArgumentError, match=r"deals must be 1 to 2\*\*64 - 1, got 0"
        ):
            simulate(deals=0)
        with pytest.raises(errors.InvalidArgumentError, match="seed"):
            simulate(deals=2, seed=2**64 - 1)
        with pytest.raises(errors.InvalidArgumentError, match="jobs"):
            simulate(deals=2, jobs=accordion.MAX_JOBS + 1)
        with pytest.raises(TypeError):
            simulate(deals=2, seed=True)
    assert accordion.simulate(deals=1, seed=2**64 - 1).deals == 1
    assert accordion.simulate_royal(deals=1, seed=2**64 - 1).deals == 1


def test_the_old_royal_signature_and_names_still_work_with_a_warning() -> None:
    with pytest.warns(DeprecationWarning, match="deals=..."):
        stats = core().simulate_royal(20, seed=1)
    assert stats.deals == 20
    with pytest.warns(DeprecationWarning, match="mean_piles"):
        assert stats.mean_cards == stats.mean_piles
    with pytest.raises(TypeError):
        core().simulate_royal(20, deals=20)


# ---------------------------------------------------------------- the games of the throw


def test_game_names_the_game_of_the_throw_played_and_every_value_carries_it(royal: Any) -> None:
    """Royal Marriage's classes play the other game of its throw, named by ``game``:
    its deals, its blind start, its rules and its messages are its own, and the
    game, its solution and (core) its statistics say which game they are of."""
    other = "push-pin"
    game = royal.RoyalGame("3H 5C 9H 7D 5S 4H", game=other)
    assert game.game == other and royal.RoyalGame("QH KH").game == "royal-marriage"
    assert repr(game) == "RoyalGame('3H 5C 9H 7D 5S 4H', game='push-pin')"
    if royal is core():
        # Every repr of a Push Pin value says so; Royal Marriage's stay as they were.
        solved = royal.solve_royal("3H 5C 9H 7D 3S", game=other)
        assert repr(solved) == "<RoyalSolution win cards=2 moves=2 game='push-pin'>"
        assert repr(royal.solve_royal("QH 5C 5S KH")) == "<RoyalSolution win cards=2 moves=1>"
        stats = royal.simulate_royal(deals=10, game=other)
        assert repr(stats).endswith(", game='push-pin'>")
        assert "game=" not in repr(royal.simulate_royal(deals=10))
    assert pickle.loads(pickle.dumps(game)) == game
    assert game != royal.RoyalGame("3H 5C 9H 7D 5S 4H", game=other, blind=True)
    assert str(royal.RoyalGame("3H 5C 9H 7D", blind=True, game=other)) == "3H 5C 9H | talon 1"
    with pytest.raises(errors.InvalidMoveError, match="not a Push Pin move"):
        game.play("5C")
    with pytest.raises(errors.InvalidMoveError, match="not a Push Pin move"):
        royal.RoyalMove.parse("5C", game=other)
    with pytest.raises(errors.InvalidRulesError, match="Push Pin is played under"):
        royal.RoyalGame("3H 5C 9H", "parlett", game=other)
    with pytest.raises(errors.InvalidDealError, match="QH"):
        royal.RoyalGame("3H 5C 9H")
    with pytest.raises(errors.InvalidArgumentError, match="game must be royal-marriage or"):
        royal.RoyalGame("QH KH", game="bayan")
    with pytest.raises(TypeError, match="game"):
        royal.RoyalGame("QH KH", game=3)
    solved = royal.solve_royal("3H 5C 9H 7D 5S 4H", game=other)
    assert (solved.result, solved.cards) == ("win", 2)
    if royal is core:
        assert solved.game == other and solved.to_dict()["game"] == other
        assert royal.RoyalSolution.from_dict(solved.to_dict()).game == other
        stats = royal.simulate_royal(deals=50, strategy="best", game=other, jobs=1)
        assert stats.game == other and stats.to_dict()["game"] == other
        assert pickle.loads(pickle.dumps(stats)) == stats
        assert pickle.loads(pickle.dumps(stats)).game == other
