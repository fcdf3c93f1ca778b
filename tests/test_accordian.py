"""Accordian Patience (UVa 127, docs/accordian.md) on both engines: the Rust core
through ``accordion._core`` and the reference engine ``accordion.reference.accordian``.

Each engine is checked against the judge's sample and the documented rules, and
the two are played in lockstep by a Hypothesis state machine. The core's solver is
checked against a brute force over every line and the reference's search on short
rows; its lines are replayed through the reference engine.
"""

from __future__ import annotations

import copy
import importlib
import pickle
from pathlib import Path
from typing import Any

import pytest
from _helpers import Engines, move_texts, played, texts
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from accordion import errors

ENGINES = Engines("accordion.reference.accordian")
engine = ENGINES.fixture("engine")
core, reference = ENGINES.core, ENGINES.reference
DATA = Path(__file__).parent / "data"


def numbered(seed: int, cards: int) -> str:
    return str(core().Deal.from_seed(seed, cards))


SPELLINGS = ["{a}>{b}", "{a}-{b}", "{a} on {b}", "{a}→{b}"]


# ---------------------------------------------------------------- the judge


def judge_deals() -> list[str]:
    """The deals of the judge's sample input: two lines of 26 cards each, ``#`` last."""
    lines = (DATA / "uva-127-sample.txt").read_text().splitlines()
    lines = lines[: lines.index("#")]
    return [f"{lines[i]} {lines[i + 1]}" for i in range(0, len(lines), 2)]


def judge_line(sizes: list[int]) -> str:
    """A line of the judge's output."""
    piles = "pile" if len(sizes) == 1 else "piles"
    return f"{len(sizes)} {piles} remaining: " + " ".join(map(str, sizes))


def test_the_judges_sample_gives_the_judges_output(engine: Any) -> None:
    expected = (DATA / "uva-127-sample.out").read_text().splitlines()
    assert [judge_line(engine.play_uva(deal)) for deal in judge_deals()] == expected
    assert expected == ["6 piles remaining: 40 8 1 1 1 1", "1 pile remaining: 52"]


def forced_sizes(game: Any) -> list[int]:
    while not game.is_over:
        (only,) = list(game.legal_moves)
        game.play(only)
    return list(game.sizes)


@given(seed=st.integers(0, 2**64 - 1), cards=st.integers(1, 52))
def test_uva_is_the_judges_game_open_and_blind_on_both_engines(seed: int, cards: int) -> None:
    # A card's moves depend only on the piles left of it: laying the whole row out
    # first gives the judge's game, who deals a card only when nothing moves.
    deal = numbered(seed, cards)
    sizes = reference().play_uva(deal)
    assert core().play_uva(deal) == sizes
    for module in (core(), reference()):
        for blind in (False, True):
            game = module.AccordianGame(deal, "uva", blind=blind)
            assert forced_sizes(game) == sizes
            assert game.outcome.piles == len(sizes)
            assert game.outcome.won == (len(sizes) == 1)
    assert sum(sizes) == cards


# ---------------------------------------------------------------- the rules


def test_uva_moves_the_leftmost_card_three_places_rather_than_one(engine: Any) -> None:
    game = engine.AccordianGame("5C 9H 2D 2C 2S", "uva")
    # 2C could slide onto 2D or leap onto 5C; 2S (right of it) waits.
    assert texts(game.legal_moves) == ["2C>5C"]
    with pytest.raises(errors.IllegalMoveError, match=r"leftmost card .*\(2C>5C\)"):
        game.play("2C>2D")
    with pytest.raises(errors.IllegalMoveError, match="an open game has no stock"):
        game.deal()
    blind = engine.AccordianGame("5C 5D 5H", "uva", blind=True)
    assert str(blind).endswith("| stock 3")
    blind.deal()
    blind.deal()
    with pytest.raises(errors.IllegalMoveError, match="a move exists and the uva rules oblige it"):
        blind.deal()


def test_modern_moves_top_cards_freely_and_undo_restores(engine: Any) -> None:
    game = engine.AccordianGame("5C 9H 2D 5S 5H")
    assert game.rules == "modern"
    assert texts(game.legal_moves) == ["5S>5C", "5H>5S", "5H>9H"]
    assert str(game.play("5H-5S")) == "5H>5S"
    with pytest.raises(
        errors.IllegalMoveError, match=r"5S is covered \(only a pile's top card moves\)"
    ):
        game.play("5S>5C")
    assert str(game.play("5H on 5C")) == "5H>5C"
    assert list(game.sizes) == [2, 1, 1, 1]
    assert texts(game.piles[0]) == ["5C", "5H"]
    assert str(game) == "5H 9H 2D 5S"
    with pytest.raises(errors.IllegalMoveError, match="not 1 or 3 piles left"):
        game.play("5S>9H")
    assert texts(game.history) == ["5H>5S", "5H>5C"]
    assert str(game.undo()) == "5H>5C"
    game.undo()
    with pytest.raises(errors.NoMoveToUndoError):
        game.undo()
    assert [texts(pile) for pile in game.piles] == [[c] for c in ["5C", "9H", "2D", "5S", "5H"]]


@pytest.mark.parametrize("text", ["", "5H", "5H>5H", "5H>ZZ", "deal 5H", "out 5H 5S"])
def test_bad_move_text_raises_invalid_move(engine: Any, text: str) -> None:
    with pytest.raises(errors.InvalidMoveError):
        engine.AccordianMove(text)
    with pytest.raises(errors.InvalidMoveError):
        engine.AccordianGame("5C 5H").play(text)


# Two-card moves round-trip on both engines: tests/test_every_game.py.


@pytest.mark.parametrize("name", ["strict", "strict-leap", "parlett", "nope"])
def test_other_rule_sets_are_refused(engine: Any, name: str) -> None:
    with pytest.raises(errors.InvalidRulesError):
        engine.AccordianGame("5C", name)


def test_uva_is_accordian_patiences_alone_in_both_engines() -> None:
    for module in (core(), importlib.import_module("accordion.reference")):
        with pytest.raises(errors.InvalidRulesError, match="Accordian Patience's"):
            module.Rules("uva")
    for module in (core(), reference()):
        assert module.AccordianGame("5C", " UVA").rules == "uva"


def test_bad_input_gets_typed_errors_and_the_same_words() -> None:
    calls = {
        "deal": lambda m: m.AccordianGame("5C 5C"),
        "rules": lambda m: m.AccordianGame("5C", "parlett"),
        "rules type": lambda m: m.AccordianGame("5C", 3),
        "blind": lambda m: m.AccordianGame("5C", blind=1),
        "move": lambda m: m.AccordianGame("5C 5H").play("5C>"),
        "illegal": lambda m: m.AccordianGame("5C 9H 5H").play("5H>5C"),
        "covered": lambda m: _covered(m),
        "nodes": lambda m: m.solve_accordian("5C 5H", max_nodes=0),
        "timeout": lambda m: m.solve_accordian("5C 5H", timeout=-1.0),
        "position": lambda m: m.solve_accordian(5),
    }
    for name, call in calls.items():
        said = []
        for module in (core(), reference()):
            with pytest.raises((errors.AccordionError, TypeError)) as caught:
                call(module)
            said.append((type(caught.value), str(caught.value).replace("'", '"')))
        assert said[0] == said[1], name
    assert issubclass(errors.InvalidDealError, errors.AccordionError)
    assert issubclass(errors.InvalidArgumentError, ValueError)


def _covered(module: Any) -> Any:
    game = module.AccordianGame("5C 9H 2D 5S 5H")
    game.play("5H>5S")
    return game.play("5S>5C")


# ---------------------------------------------------------------- both engines in lockstep


class Lockstep(RuleBasedStateMachine):
    """One deal played on both engines with the same random actions."""

    @initialize(
        seed=st.integers(0, 2**64 - 1),
        cards=st.integers(1, 52),
        blind=st.booleans(),
        rules=st.sampled_from(["modern", "uva"]),
    )
    def start(self, seed: int, cards: int, blind: bool, rules: str) -> None:
        deal = numbered(seed, cards)
        self.core = core().AccordianGame(deal, rules, blind=blind)
        self.ref = reference().AccordianGame(deal, rules, blind=blind)

    @precondition(lambda self: not self.ref.is_over)
    @rule(data=st.data())
    def play_a_legal_move(self, data: st.DataObject) -> None:
        move = data.draw(st.sampled_from(texts(self.ref.legal_moves)))
        assert str(self.core.play(move)) == str(self.ref.play(move))

    @rule(text=move_texts(SPELLINGS))
    def try_any_move(self, text: str) -> None:
        outcomes = []
        for game in (self.core, self.ref):
            try:
                outcomes.append(str(game.play(text)))
            except errors.IllegalMoveError as error:
                outcomes.append(f"illegal: {error}")
        assert outcomes[0] == outcomes[1], text

    @precondition(lambda self: self.ref.history)
    @rule()
    def undo(self) -> None:
        assert str(self.core.undo()) == str(self.ref.undo())

    @invariant()
    def engines_agree(self) -> None:
        if not hasattr(self, "core"):
            return
        assert texts(self.core.legal_moves) == texts(self.ref.legal_moves)
        assert [texts(p) for p in self.core.piles] == [texts(p) for p in self.ref.piles]
        assert texts(self.core.cards) == texts(self.ref.cards)
        assert list(self.core.sizes) == list(self.ref.sizes)
        assert self.core.stock_size == self.ref.stock_size
        assert texts(self.core.history) == texts(self.ref.history)
        c, r = self.core.outcome, self.ref.outcome
        assert (c.piles, c.won, c.is_over, c.grade) == (r.piles, r.won, r.is_over, r.grade)
        assert str(self.core) == str(self.ref)
        if self.ref.rules == "uva" or self.ref.stock_size:
            # The forced action, or dealing first (best play under modern).
            assert str(self.core.hint()) == str(self.ref.hint())


TestLockstep = Lockstep.TestCase


# ---------------------------------------------------------------- the solver


def brute_force(piles: tuple[tuple[str, ...], ...]) -> int:
    """The fewest piles any line leaves, by trying every line (no memory, no cut)."""
    best = len(piles)
    for at in range(len(piles)):
        for gap in (1, 3):
            if at >= gap:
                card, onto = piles[at][-1], piles[at - gap][-1]
                if card[0] == onto[0] or card[1] == onto[1]:
                    row = list(piles)
                    row[at - gap] = (*piles[at - gap], card)
                    if len(piles[at]) > 1:
                        row[at] = piles[at][:-1]
                    else:
                        del row[at]
                    best = min(best, brute_force(tuple(row)))
    return best


@pytest.mark.parametrize("cards", [3, 5, 7])
def test_both_solvers_agree_with_brute_force_on_short_rows(cards: int) -> None:
    for seed in range(40):
        deal = numbered(seed, cards)
        fewest = brute_force(tuple((card,) for card in deal.split()))
        fast, slow = core().solve_accordian(deal), reference().solve_accordian(deal)
        assert (fast.piles, slow.piles) == (fewest, fewest), deal
        assert fast.result == slow.result == ("win" if fewest == 1 else "loss")


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), cards=st.integers(1, 9))
def test_solver_agrees_with_the_reference_search_and_lines_replay(seed: int, cards: int) -> None:
    deal = numbered(seed, cards)
    fast, slow = core().solve_accordian(deal), reference().solve_accordian(deal)
    assert (fast.result, fast.piles) == (slow.result, slow.piles)
    end = played(reference().AccordianGame(deal), fast.moves)
    assert len(end.piles) == fast.piles
    assert end.outcome.won == (fast.result == "win")
    # No line does better than the fewest: the judge's one among them.
    assert fast.piles <= len(core().play_uva(deal))


@given(seed=st.integers(0, 2**64 - 1), cards=st.integers(1, 52))
def test_uva_solutions_are_the_forced_line_on_both_engines(seed: int, cards: int) -> None:
    deal = numbered(seed, cards)
    fast, slow = (
        core().solve_accordian(deal, rules="uva"),
        reference().solve_accordian(deal, rules="uva"),
    )
    assert texts(fast.moves) == texts(slow.moves)
    assert fast.piles == slow.piles == len(core().play_uva(deal))
    game = reference().AccordianGame(deal, "uva")
    for move in fast.moves:
        game.play(str(move))
    assert game.is_over


def test_a_game_in_progress_is_solved_with_its_piles_and_stock(engine: Any) -> None:
    game = engine.AccordianGame("5C 9H 2D 5S 5H KD 9D", blind=True)
    for _ in range(5):
        game.deal()
    game.play("5H>5S")
    solution = engine.solve_accordian(game)
    fewest = brute_force((("5C",), ("9H",), ("2D",), ("5S", "5H"), ("KD",), ("9D",)))
    assert solution.piles == fewest
    for _ in range(game.stock_size):
        game.deal()
    for move in solution.moves:
        game.play(move)
    assert len(game.piles) == fewest


def test_budgets_stop_the_solver_with_the_best_line_so_far() -> None:
    deal = numbered(3, 52)
    cut = core().solve_accordian(deal, max_nodes=5)
    assert cut.result == "unknown"
    assert len(played(reference().AccordianGame(deal), cut.moves).piles) == cut.piles
    assert core().solve_accordian(numbered(3, 1)).result == "win"


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), cards=st.integers(2, 8), blind=st.booleans())
def test_hints_keep_the_best_result_in_reach(seed: int, cards: int, blind: bool) -> None:
    deal = numbered(seed, cards)
    best = core().solve_accordian(deal).piles
    game = core().AccordianGame(deal, blind=blind)
    while (move := game.hint()) is not None:
        game.play(move)
    assert len(game.piles) == best


def test_values_pickle_and_copy(engine: Any) -> None:
    game = engine.AccordianGame("5C 9H 2D 5S 5H", "uva", blind=True)
    game.deal()
    for value in (*game.legal_moves, game.outcome, engine.AccordianMove("5H>5S")):
        assert pickle.loads(pickle.dumps(value)) == value
    twin = copy.deepcopy(game)
    twin.deal()
    assert (game.stock_size, twin.stock_size) == (4, 3)
    restored = pickle.loads(pickle.dumps(game))
    assert (str(restored), texts(restored.history)) == (str(game), texts(game.history))


@pytest.mark.parametrize("rules", ["uva", "modern"])
def test_solve_on_the_command_line_takes_each_rule_set(rules: str) -> None:
    """`solve --game accordian --rules uva` once failed: the command built Accordion's
    Rules from the name, and Accordion refuses uva. Each rule set gives the core's answer."""
    import json as _json

    from conftest import run_cli

    from accordion import Deal, solve_accordian

    done = run_cli(
        "solve", "--game", "accordian", "--rules", rules, "--seed", "1", "--cards", "20", "--json"
    )
    assert done.returncode == 0, done.stderr
    printed = _json.loads(done.stdout)
    expected = solve_accordian(Deal.from_seed(1, 20), rules=rules)
    assert (printed["result"], printed["piles"]) == (expected.result, expected.piles)
    assert printed["moves"] == [str(move) for move in expected.moves]
