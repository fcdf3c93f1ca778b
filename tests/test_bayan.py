"""Bayan (PySolFC's game 656, docs/bayan.md) on both engines: the Rust core through
``accordion._core`` and the reference engine ``accordion.reference.bayan``.

Each engine is checked against the documented rules, and the two are played in
lockstep by a Hypothesis state machine. The core's solver is checked against the
reference's plain search over every row on short deals; its winning lines for
PySolFC's own Bayan games are replayed through the reference engine.
"""

from __future__ import annotations

import copy
import importlib
import pickle
from typing import Any

import pytest
from _helpers import Engines, played, texts
from hypothesis import given
from hypothesis import strategies as st

from accordion import errors

ENGINES = Engines("accordion.reference.bayan")
bayan = ENGINES.fixture("bayan")
core, reference = ENGINES.core, ENGINES.reference


# ---------------------------------------------------------------- notation

# Two-card moves round-trip, every spelling parses to its canonical move and bad
# texts are refused naming the game, on both engines: tests/test_every_game.py.


# ---------------------------------------------------------------- the rules


def test_a_pair_one_or_three_apart_goes_out_whole_and_the_row_closes_up(bayan: Any) -> None:
    game = bayan.BayanGame("5C 9H 2D 5S 9D 2H")
    assert texts(game.legal_moves) == ["out 5C 5S", "out 9H 9D", "out 2D 2H"]
    assert str(game.play("5S 5C")) == "out 5C 5S"  # either order; canonical left to right
    assert texts(game.cards) == ["9H", "2D", "9D", "2H"]
    assert texts(game.legal_moves) == ["out 9H 2H", "out 2D 9D"]
    game.play("out 2D 9D")
    assert not game.outcome.won
    game.play("out 9H 2H")
    outcome = game.outcome
    assert (outcome.cards, outcome.piles, outcome.won, outcome.is_over, outcome.grade) == (
        0,
        0,
        True,
        True,
        "win",
    )
    assert texts(game.history) == ["out 5C 5S", "out 2D 9D", "out 9H 2H"]
    for move in reversed(texts(game.history)):
        assert str(game.undo()) == move
    assert str(game) == "5C 9H 2D 5S 9D 2H"


def test_a_blind_game_lays_out_three_cards_and_deals_at_will(bayan: Any) -> None:
    game = bayan.BayanGame("5C 5S 2D 9H 9D", blind=True)
    assert (str(game), game.stock_size) == ("5C 5S 2D | talon 2", 2)
    assert texts(game.legal_moves) == ["out 5C 5S", "deal"]
    with pytest.raises(errors.IllegalMoveError, match="9H is still in the talon"):
        game.play("out 9H 9D")
    assert str(game.deal()) == "deal"
    game.play("out 5C 5S")
    game.play("deal")
    assert str(game) == "2D 9H 9D | talon 0"
    with pytest.raises(errors.IllegalMoveError, match="the talon is empty"):
        game.deal()
    game.play("out 9H 9D")
    assert (game.outcome.cards, game.outcome.won, game.is_over) == (1, False, True)
    assert str(bayan.BayanGame("5C 5S", blind=True)) == "5C 5S | talon 0"


def test_bad_rules_budgets_and_types_raise_typed_errors_naming_them(bayan: Any) -> None:
    from accordion import Rules

    rules = Rules if bayan is core() else importlib.import_module("accordion.reference").Rules
    for name in ("strict", "parlett", "strict-leap"):
        with pytest.raises(errors.InvalidRulesError, match=f"not {name}"):
            bayan.BayanGame("5C 5S", name)
    with pytest.raises(errors.InvalidRulesError, match="nonsense"):
        bayan.BayanGame("5C 5S", "nonsense")
    with pytest.raises(errors.InvalidRulesError, match="no variant"):
        bayan.BayanGame("5C 5S", rules("modern", two_way=True))
    assert bayan.BayanGame("5C 5S", rules("modern")).rules == "modern"
    for argument, value in (("max_nodes", 0), ("timeout", -1.0), ("memory", 10)):
        with pytest.raises(errors.InvalidArgumentError, match=f"{argument} must be") as caught:
            bayan.solve_bayan("5C 5S", **{argument: value})
        assert caught.value.argument == argument
        assert str(value) in str(caught.value)
    with pytest.raises(errors.InvalidArgumentError, match="timeout"):
        bayan.BayanGame("5C 5S").hint(timeout=0)
    with pytest.raises(errors.NoMoveToUndoError):
        bayan.BayanGame("5C 5S").undo()
    with pytest.raises(IndexError):
        bayan.BayanGame("5C 5S").undo()
    with pytest.raises(TypeError):
        bayan.BayanGame(5)
    with pytest.raises(TypeError):
        bayan.BayanGame("5C 5S").play(5)
    with pytest.raises(TypeError):
        bayan.BayanGame("5C 5S", blind="yes")
    with pytest.raises(TypeError):
        bayan.solve_bayan(5)


def test_the_engines_say_the_same_words_for_bad_input() -> None:
    cases: list[tuple[str, Any]] = [
        ("move", lambda e: e.BayanMove("out 5D")),
        ("twice", lambda e: e.BayanMove("out 5D 5D")),
        ("gap", lambda e: e.BayanGame("5C 9H 2D 5S").play("out 5C 2D")),
        ("agree", lambda e: e.BayanGame("5C 9H 2D 5S").play("out 5C 9H")),
        ("talon", lambda e: e.BayanGame("5C 9H 2D 5S", blind=True).play("5C 5S")),
        ("rules", lambda e: e.BayanGame("5C 9H", "parlett")),
    ]
    for name, call in cases:
        said = []
        for engine in (core(), reference()):
            with pytest.raises(errors.AccordionError) as caught:
                call(engine)
            # The engines quote echoed text each in its language's way ("…" / '…').
            said.append((type(caught.value), str(caught.value).replace("'", '"')))
        assert said[0] == said[1], name


# ---------------------------------------------------------------- lockstep
# Played against the reference engine with every other game: tests/test_every_game.py.


@given(seed=st.integers(0, 2**64 - 1), cards=st.integers(2, 20))
def test_a_blind_games_hint_is_to_deal_while_the_talon_lasts(seed: int, cards: int) -> None:
    """Dealing first loses nothing in Bayan, so both engines' hint deals first (the
    lock-step play of every game is tests/test_every_game.py)."""
    deal = str(core().Deal.from_seed(seed, cards))
    for engine in (core(), reference()):
        game = engine.BayanGame(deal, blind=True)
        while game.stock_size:
            assert str(game.hint()) == "deal"
            game.deal()


# ---------------------------------------------------------------- the solver


def brute_force(row: tuple[str, ...]) -> int:
    """The fewest cards any line leaves, by trying every line (no memory, no cut)."""
    best = len(row)
    for at in range(len(row)):
        for gap in (1, 3):
            if at + gap < len(row):
                a, b = row[at], row[at + gap]
                if a[0] == b[0] or a[1] == b[1]:
                    rest = row[:at] + row[at + 1 : at + gap] + row[at + gap + 1 :]
                    best = min(best, brute_force(rest))
    return best


@pytest.mark.parametrize("cards", [4, 7, 10])
def test_both_solvers_agree_with_brute_force_on_short_rows(cards: int) -> None:
    for seed in range(60):
        deal = str(core().Deal.from_seed(seed, cards))
        fewest = brute_force(tuple(deal.split()))
        fast, slow = core().solve_bayan(deal), reference().solve_bayan(deal)
        assert (fast.cards, slow.cards) == (fewest, fewest), deal
        assert fast.result == slow.result == ("win" if fewest == 0 else "loss")


@given(seed=st.integers(0, 2**64 - 1), cards=st.integers(1, 18))
def test_solver_agrees_with_the_reference_search_and_lines_replay(seed: int, cards: int) -> None:
    deal = str(core().Deal.from_seed(seed, cards))
    fast, slow = core().solve_bayan(deal), reference().solve_bayan(deal)
    assert (fast.result, fast.cards) == (slow.result, slow.cards)
    assert fast.result == ("win" if fast.cards == 0 else "loss")
    assert fast.deal == slow.deal == deal
    for line in (fast.moves, slow.moves):
        game = played(reference().BayanGame(deal), line)
        assert len(game.cards) == fast.cards
        assert game.is_over
        assert game.outcome.won == (fast.result == "win")


PYSOL_NUMBERS = [*range(1, 41), 537, 999, 31_999, 32_000, 12_345_678, 10**19]


@pytest.mark.parametrize("number", PYSOL_NUMBERS)
def test_pysolfc_bayan_games_are_won_by_lines_the_reference_engine_replays(number: int) -> None:
    deal = core().Deal.from_pysol(number, "bayan")
    solution = core().solve_bayan(deal)
    assert (solution.result, solution.cards, len(solution.moves)) == ("win", 0, 26)
    game = played(reference().BayanGame(str(deal)), solution.moves)
    assert game.outcome.won
    # Blind, as PySolFC deals without "deal all cards": the same line after dealing.
    blind = reference().BayanGame(str(deal), blind=True)
    while blind.stock_size:
        blind.deal()
    for move in solution.moves:
        blind.play(str(move))
    assert blind.outcome.won


def test_pysolfc_bayan_rows_are_pysolfcs_rows() -> None:
    """Bayan deals as PySolFC's Accordion games do: the row did not change."""
    reference_deal = importlib.import_module("accordion.reference").Deal
    for number in (1, 2, 31_999, 32_000, 12345, 10**19):
        bayan = core().Deal.from_pysol(number, "bayan")
        assert str(bayan) == str(core().Deal.from_pysol(number, "accordion"))
        assert str(bayan) == str(reference_deal.from_pysol(number, "bayan"))
    assert str(core().Deal.from_pysol(1, "bayan")).startswith("JD 2D 9H JC 5D 7H 7C 5H")


@given(seed=st.integers(0, 2**64 - 1), cards=st.integers(3, 12), blind=st.booleans())
def test_hints_keep_the_best_result_in_reach(seed: int, cards: int, blind: bool) -> None:
    deal = str(core().Deal.from_seed(seed, cards))
    best = reference().solve_bayan(deal).cards
    for engine in (core(), reference()):
        game = engine.BayanGame(deal, blind=blind)
        while (hint := game.hint()) is not None:
            game.play(hint)
        assert game.outcome.cards == best


def test_budgets_stop_the_solver_with_the_best_line_so_far() -> None:
    deal = core().Deal.from_pysol(537, "bayan")
    cut = core().solve_bayan(deal, max_nodes=3)
    assert cut.result == "unknown"
    assert cut.nodes <= 4
    game = played(reference().BayanGame(str(deal)), cut.moves)
    assert len(game.cards) == cut.cards > 0
    data = cut.to_dict()
    assert (data["game"], data["result"], data["cards"]) == ("bayan", "unknown", cut.cards)
    whole = core().solve_bayan(core().BayanGame(deal, blind=True))
    assert whole.deal == str(deal) and whole.result == "win"


def test_values_pickle_and_copy(bayan: Any) -> None:
    game = bayan.BayanGame("5C 9H 2D 5S 9D 2H", blind=True)
    game.deal()
    game.play("out 5C 5S")
    for twin in (pickle.loads(pickle.dumps(game)), copy.deepcopy(game), game.copy()):
        assert (str(twin), texts(twin.history)) == (str(game), texts(game.history))
        twin.undo()
        assert str(twin) != str(game)
    for value in (game.outcome, *game.legal_moves, bayan.solve_bayan("5C 9H 2D 5S 9D 2H")):
        assert pickle.loads(pickle.dumps(value)) == value or bayan is core()
        assert repr(pickle.loads(pickle.dumps(value))) == repr(value) or bayan is reference()
