"""Messages worded right, in both engines alike: the article a class name wants
(``an AccordianMove``) and the argument a message names (``game``, not ``text``)."""

from __future__ import annotations

import pytest

from accordion.games import GAMES, Descriptor, load

THROW_GAMES = [game for game in GAMES.values() if not game.plays_accordion]
ENGINES = ("core", "reference")


@pytest.mark.parametrize("game", THROW_GAMES, ids=[game.name for game in THROW_GAMES])
def test_a_move_of_the_wrong_type_names_the_class_with_its_article(game: Descriptor) -> None:
    answers = []
    for engine in ENGINES:
        pieces = game.pieces(engine)
        assert pieces is not None
        played = load(pieces.game)(game.numbered(engine)(1, 8), game=game.name)  # type: ignore[misc]
        with pytest.raises(TypeError) as raised:
            played.play(5)
        answers.append(str(raised.value))
    assert answers[0] == answers[1]
    move_class = load(game.pieces("core").move).__name__  # type: ignore[union-attr]
    article = "an" if move_class[0] in "AEIOU" else "a"
    assert answers[0] == f"a move must be {article} {move_class} or a str, not int"


def test_accordian_moves_take_an() -> None:
    from accordion import AccordianGame

    with pytest.raises(TypeError, match=r"^a move must be an AccordianMove or a str, not int$"):
        AccordianGame("AS 2S 3S").play(5)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("args", [(1, 5), ("x", 5), (1, None), (1, b"accordion")])
def test_from_solvitaire_names_game_for_a_game_of_the_wrong_type(
    engine: str, args: tuple[object, object]
) -> None:
    deal = load(f"{GAMES['accordion'].pieces(engine).rows}")  # type: ignore[union-attr]
    with pytest.raises(TypeError) as raised:
        deal.from_solvitaire(*args)
    assert str(raised.value) == f"game must be a str, not {type(args[1]).__name__}"
