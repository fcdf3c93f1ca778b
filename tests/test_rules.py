"""Every rule of docs/rules.md on small hand-checked rows, for both engines."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest

from accordion.errors import IllegalMoveError

# A row of six cards in which no two piles 1 or 3 apart agree: no move exists.
DEAD_ROW = "AC 2D 3H 4S 5C 6D"


def tops(game: Any) -> str:
    return " ".join(str(card) for card in game.tops)


def moves(game: Any) -> list[str]:
    return [str(move) for move in game.legal_moves]


def piles(game: Any) -> list[str]:
    return [" ".join(str(card) for card in pile) for pile in game.piles]


# -- where piles may go ----------------------------------------------------------


def test_pile_1_never_moves_and_piles_2_and_3_only_slide(engine: ModuleType) -> None:
    # Every card is a 7, so agreement never gets in the way: only positions do.
    game = engine.Game("7H 7S 7D 7C")
    assert moves(game) == ["7S>7H", "7D>7S", "7C>7D", "7C>7H"]


def test_distances_are_counted_on_the_row_as_it_stands(engine: ModuleType) -> None:
    game = engine.Game("AH 5C 5D 9S 9H")
    assert "9H>AH" not in game.legal_moves  # 9H is 4 places from AH
    game.play("5D>5C")
    assert tops(game) == "AH 5D 9S 9H"
    assert "9H>AH" in game.legal_moves  # after the row closed up, 3 places
    assert game.move_at(4, 3) == engine.Move("9H", "AH")


def test_piles_move_whole_and_the_movers_top_stays_on_top(engine: ModuleType) -> None:
    game = engine.Game("4H 9S KD 3D 3C 4C")
    game.play("3C>3D")
    game.play("4C>3C")
    assert piles(game) == ["4H", "9S", "KD", "3D 3C 4C"]
    game.play("4C>4H")  # a leap of the three-card pile
    assert piles(game) == ["4H 3D 3C 4C", "9S", "KD"]
    assert tops(game) == "4C 9S KD"
    assert len(game.starting_deal) == sum(len(pile) for pile in game.piles)


def test_a_target_pile_grows_under_successive_movers(engine: ModuleType) -> None:
    game = engine.Game("4C 4D 5D 5S 4S")
    for move in ["4D>4C", "5D>4D", "5S>5D", "4S>5S"]:
        game.play(move)
    assert piles(game) == ["4C 4D 5D 5S 4S"]
    assert game.outcome.grade == "win"


def test_agreement_is_suit_or_rank_never_colour_or_sequence(engine: ModuleType) -> None:
    card = engine.Card
    assert card("7H").agrees(card("7S"))
    assert card("7H").agrees(card("KH"))
    assert not card("7H").agrees(card("8D"))  # both red, neighbours in rank: no
    assert not card("7H").agrees(card("6S"))


# -- which move the forced rule sets take --------------------------------------

# 7S may slide onto 3S (suit) or leap onto 7H (rank); 8S may slide onto 7S.
CHOICE_ROW = "7H 2C 3S 7S 8S"


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        ("modern", ["7S>3S", "7S>7H", "8S>7S"]),
        ("parlett", ["7S>3S", "7S>7H", "8S>7S"]),
        ("strict", ["7S>3S"]),
        ("strict-leap", ["7S>7H"]),
    ],
)
def test_slide_or_leap_under_each_rule_set(
    engine: ModuleType, rules: str, expected: list[str]
) -> None:
    assert moves(engine.Game(CHOICE_ROW, rules)) == expected


@pytest.mark.parametrize("rules", ["strict", "strict-leap"])
def test_the_leftmost_movable_pile_moves(engine: ModuleType, rules: str) -> None:
    # 7S (pile 2) can only slide; 9H (pile 4) could slide onto 9C or leap onto 7H.
    assert moves(engine.Game("7H 7S 9C 9H", rules)) == ["7S>7H"]


def test_the_forced_rules_refuse_any_other_move(engine: ModuleType) -> None:
    game = engine.Game(CHOICE_ROW, "strict")
    with pytest.raises(IllegalMoveError, match="7S>7H"):
        game.play("7S>7H")
    assert game.play("7S>3S") == engine.Move("7S", "3S")


@pytest.mark.parametrize("rules", ["strict", "strict-leap"])
def test_the_forced_rules_fix_the_whole_game(engine: ModuleType, rules: str) -> None:
    game = engine.Game(engine.Deal.from_seed(3), rules)
    while not game.is_over:
        assert len(game.legal_moves) == 1
        game.play(next(iter(game.legal_moves)))
    assert len(game.legal_moves) == 0


# -- variants -------------------------------------------------------------------


def test_two_way_moves_go_right_and_land_one_place_short(engine: ModuleType) -> None:
    game = engine.Game("7H 2C 3D 7S", engine.Rules("modern", two_way=True))
    assert moves(game) == ["7H>7S", "7S>7H"]
    game.play("7H>7S")
    # 7H landed at 1 + 3; the row closed up behind it, so the merged pile is pile 3.
    assert piles(game) == ["2C", "3D", "7S 7H"]


def test_one_way_refuses_rightward_moves(engine: ModuleType) -> None:
    game = engine.Game("7H 2C 3D 7S")
    assert moves(game) == ["7S>7H"]
    with pytest.raises(IllegalMoveError, match="7H>7S"):
        game.play("7H>7S")


@pytest.mark.parametrize(("rules", "expected"), [("strict", "7H>7S"), ("strict-leap", "7H>7D")])
def test_two_way_forced_rules_pick_by_distance(
    engine: ModuleType, rules: str, expected: str
) -> None:
    # Pile 1 can move right 1 (onto 7S) or 3 (onto 7D). With two-way moves the
    # leftmost movable pile never has a leftward target (that target could move
    # right onto it and would be further left), so the left-first tie-break of
    # docs/rules.md cannot arise on its own; the distance rule decides.
    game = engine.Game("7H 7S 2C 7D", engine.Rules(rules, two_way=True))
    assert moves(game) == [expected]


def test_custom_distances_2_and_3(engine: ModuleType) -> None:
    game = engine.Game("7H 2C 7S 7D", engine.Rules("modern", distances=(2, 3)))
    assert moves(game) == ["7S>7H", "7D>7H"]
    with pytest.raises(IllegalMoveError, match="7D>7S"):
        game.play("7D>7S")
    game.play("7D>7H")
    assert piles(game) == ["7H 7D", "2C", "7S"]


def test_distance_set_given_as_a_set(engine: ModuleType) -> None:
    assert engine.Rules("modern", distances={3, 1}).distances == (1, 3)


# -- dealing --------------------------------------------------------------------


def test_a_blind_game_starts_with_an_empty_row_and_deal(engine: ModuleType) -> None:
    game = engine.Game("7H 7S 2C", blind=True)
    assert game.tops == []
    assert game.stock_size == 3
    assert moves(game) == ["deal"]
    assert str(game) == "| stock 3"
    assert game.deal() == engine.Move.deal()
    assert tops(game) == "7H"
    assert str(game) == "7H | stock 2"


def test_modern_may_deal_while_a_move_exists(engine: ModuleType) -> None:
    game = engine.Game("7H 7S 2C", "modern", blind=True)
    game.deal()
    game.deal()
    assert moves(game) == ["7S>7H", "deal"]
    game.play("deal")
    assert tops(game) == "7H 7S 2C"
    assert game.stock_size == 0


@pytest.mark.parametrize("rules", ["strict", "strict-leap", "parlett"])
def test_must_move_rules_refuse_to_deal_while_a_move_exists(engine: ModuleType, rules: str) -> None:
    game = engine.Game("7H 7S 2C", rules, blind=True)
    game.deal()
    assert moves(game) == ["deal"]  # no move yet: dealing is the only action
    game.deal()
    assert moves(game) == ["7S>7H"]
    with pytest.raises(IllegalMoveError, match="deal"):
        game.deal()
    with pytest.raises(IllegalMoveError, match="deal"):
        game.play("deal")
    game.play("7S>7H")
    assert moves(game) == ["deal"]


def test_an_open_game_has_nothing_to_deal(engine: ModuleType) -> None:
    game = engine.Game("7H 2C")
    assert game.stock_size == 0
    with pytest.raises(IllegalMoveError):
        game.deal()


def test_a_blind_game_ends_only_when_the_stock_is_empty(engine: ModuleType) -> None:
    game = engine.Game("AC 2D 3H", blind=True)
    game.deal()
    assert not game.is_over  # no move on the table, but cards to deal
    game.deal()
    game.deal()
    assert game.is_over
    assert game.outcome.piles == 3


# -- undo, history, copy --------------------------------------------------------


def test_undo_takes_back_moves_and_deals_exactly(engine: ModuleType) -> None:
    game = engine.Game("7H 7S 2C 2S", blind=True)
    for action in ["deal", "deal", "7S>7H", "deal"]:
        game.play(action)
    assert [str(move) for move in game.history] == ["deal", "deal", "7S>7H", "deal"]
    assert game.undo() == engine.Move.deal()
    assert (piles(game), game.stock_size) == (["7H 7S"], 2)
    assert game.undo() == engine.Move("7S", "7H")
    assert (piles(game), game.stock_size) == (["7H", "7S"], 2)
    game.undo()
    game.undo()
    assert (game.tops, game.stock_size, game.history) == ([], 4, [])
    with pytest.raises(IndexError):
        game.undo()


def test_undo_restores_a_merged_pile(engine: ModuleType) -> None:
    game = engine.Game("4H 9S KD 3D 3C 4C")
    before = piles(game)
    for move in ["3C>3D", "4C>3C", "4C>4H"]:
        game.play(move)
    for _ in range(3):
        game.undo()
    assert piles(game) == before
    assert game.history == []


def test_copy_is_independent(engine: ModuleType) -> None:
    game = engine.Game(CHOICE_ROW)
    game.play("8S>7S")
    twin = game.copy()
    twin.play("8S>3S")
    assert tops(game) == "7H 2C 3S 8S"
    assert [str(move) for move in game.history] == ["8S>7S"]
    assert tops(twin) == "7H 2C 8S"
    twin.undo()
    twin.undo()
    assert tops(twin) == CHOICE_ROW
    assert tops(game) == "7H 2C 3S 8S"


def test_play_returns_the_move_and_records_it(engine: ModuleType) -> None:
    game = engine.Game(CHOICE_ROW)
    assert game.play(engine.Move.parse("8s on 7s")) == engine.Move("8S", "7S")
    assert game.history == [engine.Move("8S", "7S")]


def test_a_buried_card_cannot_move(engine: ModuleType) -> None:
    game = engine.Game(CHOICE_ROW)
    game.play("8S>7S")
    with pytest.raises(IllegalMoveError, match="7S"):
        game.play("7S>3S")


# -- outcome, grades, end -------------------------------------------------------


@pytest.mark.parametrize(
    ("count", "grade"),
    [(1, "win"), (2, "strong"), (3, "strong"), (4, "moral victory"), (5, "moral victory"),
     (6, "loss")],
)  # fmt: skip
def test_grades(engine: ModuleType, count: int, grade: str) -> None:
    game = engine.Game(" ".join(DEAD_ROW.split()[:count]))
    outcome = game.outcome
    assert (outcome.piles, outcome.grade, outcome.is_over) == (count, grade, True)
    assert game.is_over


def test_outcome_value(engine: ModuleType) -> None:
    game = engine.Game(CHOICE_ROW)
    assert repr(game.outcome) == "Outcome(piles=5, grade=None, is_over=False)"
    game.play("7S>7H")
    assert repr(game.outcome) == "Outcome(piles=4, grade=None, is_over=False)"
    game.play("8S>3S")
    assert repr(game.outcome) == "Outcome(piles=3, grade='strong', is_over=True)"
    assert game.outcome == game.outcome
    assert hash(game.outcome) == hash(game.copy().outcome)


def test_a_modern_game_is_over_only_when_no_move_is_left(engine: ModuleType) -> None:
    game = engine.Game("7H 7S 2C")
    assert not game.is_over
    game.play("7S>7H")
    assert game.is_over
    assert game.outcome.piles == 2


def test_an_empty_blind_table_counts_no_piles(engine: ModuleType) -> None:
    outcome = engine.Game("7H 7S", blind=True).outcome
    assert (outcome.piles, outcome.grade, outcome.is_over) == (0, None, False)


# -- the legal-moves view -------------------------------------------------------


def test_legal_moves_view(engine: ModuleType) -> None:
    game = engine.Game(CHOICE_ROW)
    view = game.legal_moves
    assert "7S>7H" in view
    assert "7s on 3s" in view
    assert engine.Move("8S", "7S") in view
    assert "8S>3S" not in view
    assert "not a move" not in view
    assert 42 not in view
    assert len(view) == 3
    assert bool(view)
    assert [str(move) for move in view] == ["7S>3S", "7S>7H", "8S>7S"]
    game.play("7S>7H")
    game.play("8S>3S")
    # The view is live: it answers for the position now.
    assert len(view) == 0
    assert not view
    assert list(view) == []


def test_rule_set_properties(engine: ModuleType) -> None:
    table = {
        name: (rules.must_move, rules.is_automatic, rules.may_deal_while_move_exists)
        for name in ["modern", "strict", "strict-leap", "parlett"]
        for rules in [engine.Rules(name)]
    }
    assert table == {
        "modern": (False, False, True),
        "strict": (True, True, False),
        "strict-leap": (True, True, False),
        "parlett": (True, False, False),
    }


# -- naming moves by position ---------------------------------------------------


def test_move_at(engine: ModuleType) -> None:
    game = engine.Game("7H 2C 3D 7S")
    assert game.move_at(4, 3) == engine.Move("7S", "7H")
    assert game.move_at(4, 1) == engine.Move("7S", "3D")  # named, not judged
    assert game.move_at(1, -3) == engine.Move("7H", "7S")
    assert game.move_at(2, -1) == engine.Move("2C", "3D")


@pytest.mark.parametrize(("pile", "distance"), [(1, 1), (4, -1), (5, 1), (0, -1), (2, 0)])
def test_move_at_off_the_row(engine: ModuleType, pile: int, distance: int) -> None:
    game = engine.Game("7H 2C 3D 7S")
    with pytest.raises(IllegalMoveError):
        game.move_at(pile, distance)
