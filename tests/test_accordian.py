"""Accordian Patience (UVa 127, docs/accordian.md) on the reference engine
``accordion.reference.accordian``: the judge's sample, the rules, the notation and
the solver's lines replayed.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from accordion.errors import IllegalMoveError, InvalidRulesError
from accordion.reference import Deal, Rules
from accordion.reference import accordian as ref

DATA = Path(__file__).parent / "data"


def judge_deals() -> list[str]:
    """The deals of the judge's sample input: two lines of 26 cards each, ``#`` last."""
    lines = (DATA / "uva-127-sample.txt").read_text().splitlines()
    lines = lines[: lines.index("#")]
    return [f"{lines[i]} {lines[i + 1]}" for i in range(0, len(lines), 2)]


def judge_line(sizes: list[int]) -> str:
    """A line of the judge's output."""
    piles = "pile" if len(sizes) == 1 else "piles"
    return f"{len(sizes)} {piles} remaining: " + " ".join(map(str, sizes))


def test_the_judges_sample_gives_the_judges_output() -> None:
    expected = (DATA / "uva-127-sample.out").read_text().splitlines()
    assert [judge_line(ref.play_uva(deal)) for deal in judge_deals()] == expected
    assert expected == ["6 piles remaining: 40 8 1 1 1 1", "1 pile remaining: 52"]


def forced_sizes(game: ref.AccordianGame) -> list[int]:
    while game.legal_moves:
        (only,) = game.legal_moves
        game.play(only)
    return game.sizes


@given(seed=st.integers(0, 2**64 - 1), cards=st.integers(1, 52))
def test_uva_is_the_judges_game_open_and_blind(seed: int, cards: int) -> None:
    # A card's moves depend only on the piles left of it: laying the whole row out
    # first gives the judge's game, who deals a card only when nothing moves.
    deal = Deal.from_seed(seed, cards)
    sizes = ref.play_uva(deal)
    for blind in (False, True):
        game = ref.AccordianGame(deal, "uva", blind=blind)
        assert forced_sizes(game) == sizes
        assert game.outcome.piles == len(sizes)
        assert game.outcome.won == (len(sizes) == 1)
        assert sum(sizes) == cards


def test_uva_moves_the_leftmost_card_three_places_rather_than_one() -> None:
    game = ref.AccordianGame("5C 9H 2D 2C 2S", "uva")
    # 2C could slide onto 2D or leap onto 5C; 2S (right of it) waits.
    assert [str(move) for move in game.legal_moves] == ["2C>5C"]
    with pytest.raises(IllegalMoveError, match=r"leftmost card .*\(2C>5C\)"):
        game.play("2C>2D")
    with pytest.raises(IllegalMoveError, match="an open game has no stock"):
        game.deal()
    blind = ref.AccordianGame("5C 5D 5H", "uva", blind=True)
    blind.deal()
    blind.deal()
    with pytest.raises(IllegalMoveError, match="a move exists and the uva rules oblige it"):
        blind.deal()


def test_modern_moves_top_cards_freely_and_undo_restores() -> None:
    game = ref.AccordianGame("5C 9H 2D 5S 5H")
    assert game.rules == "modern"
    assert [str(move) for move in game.legal_moves] == ["5S>5C", "5H>5S", "5H>9H"]
    assert game.play("5H-5S") == ref.AccordianMove("5H>5S")
    with pytest.raises(IllegalMoveError, match=r"5S is covered \(only a pile's top card moves\)"):
        game.play("5S>5C")
    game.play("5H on 5C")
    assert game.sizes == [2, 1, 1, 1]
    assert str(game) == "5H 9H 2D 5S"
    with pytest.raises(IllegalMoveError, match="not 1 or 3 piles left"):
        game.play("5S>9H")
    game.undo()
    game.undo()
    assert game.piles == [(card,) for card in Deal.parse("5C 9H 2D 5S 5H").cards]


@pytest.mark.parametrize("name", ["strict", "strict-leap", "parlett"])
def test_other_rule_sets_are_refused(name: str) -> None:
    with pytest.raises(InvalidRulesError, match="played under the rules modern or uva"):
        ref.AccordianGame("5C", name)


def test_uva_names_accordian_rules_only() -> None:
    with pytest.raises(InvalidRulesError, match="Accordian Patience's"):
        Rules("uva")
    assert ref.AccordianGame("5C", "UVA ").rules == "uva"


@given(seed=st.integers(0, 2**64 - 1), cards=st.integers(1, 9))
def test_solver_lines_replay_to_the_fewest_piles(seed: int, cards: int) -> None:
    deal = Deal.from_seed(seed, cards)
    solution = ref.solve_accordian(deal)
    game = ref.AccordianGame(deal)
    for move in solution.moves:
        game.play(move)
    assert len(game.piles) == solution.piles
    assert (solution.result == "win") == game.outcome.won
    # No single line beats it: the forced game is one line among them.
    assert solution.piles <= len(ref.play_uva(deal))
    forced = ref.solve_accordian(deal, rules="uva")
    assert forced.piles == len(ref.play_uva(deal))
