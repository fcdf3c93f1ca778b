"""Bad input: the right class from ``accordion.errors``, and a message naming the culprit."""

from __future__ import annotations

import re
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from accordion import errors


def test_every_error_is_a_value_error() -> None:
    for error in (
        errors.IllegalMoveError,
        errors.InvalidArgumentError,
        errors.InvalidCardError,
        errors.InvalidDealError,
        errors.InvalidMoveError,
        errors.InvalidRulesError,
        errors.NoMoveToUndoError,
    ):
        assert issubclass(error, errors.AccordionError)
    assert issubclass(errors.AccordionError, ValueError)
    assert issubclass(errors.NoMoveToUndoError, IndexError)


# -- cards and deals -------------------------------------------------------------


@pytest.mark.parametrize("text", ["ZZ", "1S", "11S", "AX", "A", "10", "AS2", "7 H", "", "♥7"])
def test_unknown_card(engine: ModuleType, text: str) -> None:
    with pytest.raises(
        errors.InvalidCardError, match=re.escape(text.strip()) if text.strip() else None
    ):
        engine.Card.parse(text)
    with pytest.raises(errors.InvalidCardError):
        engine.Card(text)


def test_unknown_card_in_a_deal(engine: ModuleType) -> None:
    with pytest.raises(errors.InvalidCardError, match="ZZ"):
        engine.Deal.parse("AS ZZ 2D")
    with pytest.raises(errors.InvalidCardError, match="ZZ"):
        engine.Deal(["AS", "ZZ"])


def test_card_index_out_of_range(engine: ModuleType) -> None:
    with pytest.raises(
        errors.InvalidArgumentError, match="index must be a card index 0 to 51, got 52"
    ):
        engine.Card.from_index(52)


@pytest.mark.parametrize("text", ["AS 2D as", "AS 2D A♠", "10H 2D TH"])
def test_duplicate_card(engine: ModuleType, text: str) -> None:
    repeated = str(engine.Card(text.split()[-1]))
    with pytest.raises(errors.InvalidDealError, match=f"duplicate.*{repeated}"):
        engine.Deal.parse(text)


def test_duplicate_card_in_a_list(engine: ModuleType) -> None:
    with pytest.raises(errors.InvalidDealError, match="7H"):
        engine.Deal(["7H", "7S", engine.Card("7H")])


def test_too_many_cards(engine: ModuleType) -> None:
    deck = [str(engine.Card.from_index(index)) for index in range(52)]
    with pytest.raises(errors.InvalidDealError, match="53"):
        engine.Deal.parse(" ".join([*deck, "AC"]))
    with pytest.raises(errors.InvalidDealError, match="53"):
        engine.Deal([*deck, "AC"])


@pytest.mark.parametrize("text", ["", "   ", "\n"])
def test_empty_deal(engine: ModuleType, text: str) -> None:
    with pytest.raises(errors.InvalidDealError):
        engine.Deal.parse(text)


def test_empty_deal_from_a_list(engine: ModuleType) -> None:
    with pytest.raises(errors.InvalidDealError):
        engine.Deal([])


@pytest.mark.parametrize(("text", "separator"), [("AS;2D", ";"), ("AS 2D|3C", "|"), ("AS/2D", "/")])
def test_bad_separator(engine: ModuleType, text: str, separator: str) -> None:
    with pytest.raises(errors.InvalidDealError, match=re.escape(separator)):
        engine.Deal.parse(text)


def test_empty_field_between_commas(engine: ModuleType) -> None:
    with pytest.raises(errors.InvalidDealError):
        engine.Deal.parse("AS,,2D")


@pytest.mark.parametrize(
    ("seed", "cards", "message"),
    [
        (-1, 52, "seed must be a deal number 0 to 2**64 - 1, got -1"),
        (2**64, 52, "got 18446744073709551616"),
        (2**70, 52, "got 1180591620717411303424"),
        (1, 0, "cards must be 1 to 52 cards, got 0"),
        (1, 53, "got 53"),
        (1, -1, "cards must be 1 to 52 cards, got -1"),  # not "asked for 53"
        (1, 2**70, "got 1180591620717411303424"),
    ],
)
def test_numbered_deal_out_of_range(
    engine: ModuleType, seed: int, cards: int, message: str
) -> None:
    with pytest.raises(errors.InvalidArgumentError, match=re.escape(message)) as caught:
        engine.Deal.from_seed(seed, cards=cards)
    assert caught.value.argument == ("seed" if not 0 <= seed < 2**64 else "cards")


def test_random_deal_size_out_of_range(engine: ModuleType) -> None:
    with pytest.raises(errors.InvalidArgumentError, match="cards"):
        engine.Deal.random(53)


@pytest.mark.parametrize("seed", [True, False, 1.0, "1", None])
def test_a_seed_is_an_int_and_never_a_bool(engine: ModuleType, seed: object) -> None:
    with pytest.raises(TypeError):
        engine.Deal.from_seed(seed)
    with pytest.raises(TypeError):
        engine.royal.royal_deal(seed) if engine.__name__.endswith("reference") else (
            engine.royal_deal(seed)
        )


def test_lone_surrogates_are_bad_text_not_unicode_errors(engine: ModuleType) -> None:
    with pytest.raises((errors.InvalidCardError, errors.InvalidDealError)):
        engine.Deal.parse("\ud800")
    with pytest.raises(errors.InvalidCardError):
        engine.Card.parse("A\udcff")
    with pytest.raises(errors.InvalidMoveError):
        engine.Move.parse("7H>\ud800")
    with pytest.raises(errors.InvalidRulesError):
        engine.Rules("\ud800")


def test_lone_surrogates_are_echoed_as_their_escapes(engine: ModuleType) -> None:
    for call in (
        lambda: engine.Deal.parse("\ud800"),
        lambda: engine.Card.parse("A\udcff"),
        lambda: engine.Rules("x\ud800"),
    ):
        with pytest.raises(errors.AccordionError) as caught:
            call()
        message = str(caught.value)
        assert "\ufffd" not in message
        assert "ud800" in message or "udcff" in message


def test_a_megabyte_of_bad_text_gets_a_short_message(engine: ModuleType) -> None:
    text = "Z" * 1_000_000
    for call, error in [
        (lambda: engine.Deal.parse(text), errors.InvalidCardError),
        (lambda: engine.Card.parse(text), errors.InvalidCardError),
        (lambda: engine.Move.parse(text), errors.InvalidMoveError),
        (lambda: engine.Rules(text), errors.InvalidRulesError),
    ]:
        with pytest.raises(error) as caught:
            call()
        assert len(str(caught.value)) < 200
        assert "1000000 characters" in str(caught.value)


# -- moves -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["7H7S", "7H>", ">7S", "7H>>7S", "7H>ZZ", "7H=7S", "", "dealt", "7H>7S>8S", "7H on"]
)
def test_unparsable_move(engine: ModuleType, text: str) -> None:
    with pytest.raises(errors.InvalidMoveError):
        engine.Move.parse(text)


def test_unparsable_move_names_the_text(engine: ModuleType) -> None:
    with pytest.raises(errors.InvalidMoveError, match="7H=7S"):
        engine.Move.parse("7H=7S")
    with pytest.raises(errors.InvalidMoveError, match="ZZ"):
        engine.Move.parse("7H>ZZ")


def test_a_card_cannot_move_onto_itself(engine: ModuleType) -> None:
    with pytest.raises(errors.InvalidMoveError, match="7H"):
        engine.Move("7H", "7H")


def test_playing_unparsable_text(engine: ModuleType) -> None:
    with pytest.raises(errors.InvalidMoveError):
        engine.Game("7H 7S").play("7S to 7H")


@pytest.mark.parametrize(
    ("row", "move", "words"),
    [
        ("7H AC 7S", "7S>7H", ["7S", "7H", "2", "apart"]),  # 2 places: not a slide nor a leap
        ("7H 8C", "8C>7H", ["8C", "7H", "neither"]),  # no shared suit or rank
        ("7H 7S", "7H>7S", ["7H>7S"]),  # rightwards, one-way
        ("7H 7S", "9D>7S", ["9D"]),  # 9D is not in the row
        ("7H 7S 8S", "KD>7S", ["KD"]),
    ],
)
def test_illegal_move_says_why(engine: ModuleType, row: str, move: str, words: list[str]) -> None:
    game = engine.Game(row)
    with pytest.raises(errors.IllegalMoveError) as caught:
        game.play(move)
    for word in words:
        assert word in str(caught.value)
    assert str(game) == row  # nothing changed


def test_illegal_move_by_custom_distance(engine: ModuleType) -> None:
    game = engine.Game("7H 7S", engine.Rules("modern", distances=(2, 3)))
    with pytest.raises(errors.IllegalMoveError, match="7S>7H"):
        game.play("7S>7H")


def test_dealing_refused_names_the_rules(engine: ModuleType) -> None:
    game = engine.Game("7H 7S 2C", "strict", blind=True)
    game.deal()
    game.deal()
    with pytest.raises(errors.IllegalMoveError, match="strict"):
        game.deal()


def test_dealing_from_an_empty_stock(engine: ModuleType) -> None:
    game = engine.Game("7H", blind=True)
    game.deal()
    with pytest.raises(errors.IllegalMoveError):
        game.deal()


def test_undo_with_no_history(engine: ModuleType) -> None:
    with pytest.raises(errors.NoMoveToUndoError, match="no move"):
        engine.Game("7H 7S").undo()
    with pytest.raises(IndexError):  # as list.pop() raises: code written for that still works
        engine.Game("7H 7S").undo()


# -- rules -----------------------------------------------------------------------


def test_unknown_rule_set(engine: ModuleType) -> None:
    with pytest.raises(errors.InvalidRulesError, match="foo") as caught:
        engine.Rules("foo")
    for name in ["modern", "strict", "strict-leap", "parlett"]:
        assert name in str(caught.value)
    with pytest.raises(errors.InvalidRulesError, match="foo"):
        engine.Game("AS 2D", "foo")


@pytest.mark.parametrize("distances", [(), (0,), (52,), (-1, 3), (1, 99), (2**70,), "0,3", "x"])
def test_bad_distances(engine: ModuleType, distances: tuple[int, ...]) -> None:
    with pytest.raises(errors.InvalidRulesError):
        engine.Rules("modern", distances=distances)


def test_a_bad_distance_is_named_by_its_value(engine: ModuleType) -> None:
    with pytest.raises(errors.InvalidRulesError, match="distance -5 "):
        engine.Rules("modern", distances=[-5])
    with pytest.raises(errors.InvalidRulesError, match="distance 1180591620717411303424 "):
        engine.Rules("modern", distances=[2**70])


def test_distances_as_text_are_read_alike(engine: ModuleType) -> None:
    assert engine.Rules(distances="13").distances == (13,)
    assert engine.Rules(distances=" 2, 3 ").distances == (2, 3)


# -- wrong Python types ----------------------------------------------------------

CALLS: list[tuple[str, Callable[[Any], object]]] = [
    ("Card.parse(int)", lambda e: e.Card.parse(5)),
    ("Card(None)", lambda e: e.Card(None)),
    ("Card.from_index(str)", lambda e: e.Card.from_index("3")),
    ("Card.agrees(str)", lambda e: e.Card("AS").agrees("AS")),
    ("Card < int", lambda e: e.Card("AS") < 5),
    ("Move(int, int)", lambda e: e.Move(1, 2)),
    ("Move.parse(None)", lambda e: e.Move.parse(None)),
    ("Deal.parse(None)", lambda e: e.Deal.parse(None)),
    ("Deal(int)", lambda e: e.Deal(5)),
    ("Deal(str)", lambda e: e.Deal("AS 2D")),
    ("Deal([int])", lambda e: e.Deal([1, 2])),
    ("Deal.from_seed(str)", lambda e: e.Deal.from_seed("1")),
    ("Deal.from_seed(cards=str)", lambda e: e.Deal.from_seed(1, cards="5")),
    ("Rules(int)", lambda e: e.Rules(5)),
    ("Rules(two_way=str)", lambda e: e.Rules("modern", two_way="yes")),
    ("Rules(distances=int)", lambda e: e.Rules("modern", distances=5)),
    ("Rules(distances=[str])", lambda e: e.Rules("modern", distances=["1"])),
    ("Rules(distances=[bool])", lambda e: e.Rules("modern", distances=[True])),
    ("Card.from_index(bool)", lambda e: e.Card.from_index(True)),
    ("Deal.from_seed(bool)", lambda e: e.Deal.from_seed(False)),
    ("Game.move_at(bool)", lambda e: e.Game("AS 2S").move_at(True, 1)),
    ("Game(int)", lambda e: e.Game(5)),
    ("Game(rules=int)", lambda e: e.Game("AS 2D", 5)),
    ("Game(blind=str)", lambda e: e.Game("AS 2D", blind="yes")),
    ("Game.play(int)", lambda e: e.Game("AS 2D").play(5)),
    ("Game.move_at(str)", lambda e: e.Game("AS 2D").move_at("2", 1)),
]


@pytest.mark.parametrize("call", [call for _, call in CALLS], ids=[name for name, _ in CALLS])
def test_wrong_python_types(engine: ModuleType, call: Callable[[Any], object]) -> None:
    with pytest.raises(TypeError):
        call(engine)


# -- issue 10: numbers from Python that raised plain ValueError/TypeError ------------


@pytest.mark.parametrize(
    ("call", "argument"),
    [
        (lambda a: a.solve("AS 2S", max_nodes=0), "max_nodes"),
        (lambda a: a.solve("AS 2S", timeout=-1), "timeout"),
        (lambda a: a.solve("AS 2S", timeout=float("nan")), "timeout"),
        (lambda a: a.solve("AS 2S", timeout=-0.0), "timeout"),
        (lambda a: a.solve("AS 2S", memory=0), "memory"),
        (lambda a: a.solve_many(["AS 2S"], jobs=0), "jobs"),
        (lambda a: a.solve_many(["AS 2S"], jobs=100_000), "jobs"),
        (lambda a: a.simulate(deals=10, jobs=0), "jobs"),
        (lambda a: a.simulate(deals=-5), "deals"),
        (lambda a: a.simulate(deals=10, seed=-1), "seed"),
        (lambda a: a.simulate(deals=10, seed=2**70), "seed"),
        (lambda a: a.simulate_royal(deals=10, seed=2**70), "seed"),
        (lambda a: a.simulate_royal(deals=-5), "deals"),
        (lambda a: a.solve_royal("QH KH", max_nodes=0), "max_nodes"),
    ],
)
def test_numbers_out_of_range_are_invalid_arguments(
    call: Callable[[Any], object], argument: str
) -> None:
    import accordion

    with pytest.raises(errors.InvalidArgumentError) as caught:
        call(accordion)
    assert caught.value.argument == argument
    assert str(caught.value).startswith(f"{argument} must be")


def test_hostile_text_and_paths_beyond_the_list(tmp_path: Any) -> None:
    import accordion

    with pytest.raises(errors.InvalidArgumentError, match=r"^level must be a difficulty"):
        accordion.difficulty_deal("\ud800")
    with pytest.raises(errors.AccordionError):
        accordion.pysol_goal("\ud800")
    with pytest.raises(errors.InvalidRulesError):
        accordion.Deal.from_solvitaire(1, "\ud800")
    # An int path would be a file descriptor to open(): True is standard output.
    for path in (True, 1, None):
        with pytest.raises(TypeError):
            accordion.save_svg(path, accordion.Deal.parse("AS 2S"))
