"""A move of a card still in the stock says so, in both engines: in play, and in a
tampered solution dict whose line moves such a card (it said "not the top card of a
pile", which a card not yet dealt is not either, but for another reason)."""

from __future__ import annotations

from types import ModuleType

import pytest

from accordion.errors import IllegalMoveError, InvalidArgumentError


def test_a_blind_game_refuses_a_move_of_a_card_not_dealt(engine: ModuleType) -> None:
    game = engine.Game("AC 2C 3D 4H", "modern", blind=True)
    game.deal()
    game.deal()
    with pytest.raises(IllegalMoveError, match=r"^illegal move 3D>2C: 3D is still in the stock$"):
        game.play("3D>2C")
    with pytest.raises(IllegalMoveError, match=r"^illegal move 2C>4H: 4H is still in the stock$"):
        game.play("2C>4H")
    with pytest.raises(IllegalMoveError, match=r"^illegal move KS>2C: KS is not the top card"):
        game.play("KS>2C")


def test_a_tampered_solution_moving_a_stock_card_says_it_is_in_the_stock(
    engine: ModuleType,
) -> None:
    solution = engine.solve(engine.Game("7H 7C 8C 8H QS", "modern", blind=True))
    data = solution.to_dict()
    assert data["deal"].startswith("| ")
    tampered = {**data, "moves": ["7C>7H", *data["moves"]]}
    with pytest.raises(InvalidArgumentError) as refused:
        engine.Solution.from_dict(tampered)
    assert str(refused.value) == (
        "a solution's moves must replay from its deal: move 1 (7C>7H) does not: "
        "illegal move 7C>7H: 7C is still in the stock"
    )
