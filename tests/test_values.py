"""The value types: parsing every spelling, canonical text, repr, equality, frozenness."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

NAMES = ["Card", "Move", "Deal", "Rules", "Outcome", "LegalMoves", "Game"]
RULE_SETS = ["modern", "strict", "strict-leap", "parlett"]


def evaluate(engine: ModuleType, text: str) -> Any:
    """``eval`` in a namespace holding the engine's classes, as a user would have them."""
    return eval(text, {name: getattr(engine, name) for name in NAMES})


# -- strategies (each takes the engine, so the values are the engine's own) ------

indices = st.integers(min_value=0, max_value=51)
rows = st.permutations(range(52)).flatmap(
    lambda deck: st.integers(min_value=1, max_value=52).map(lambda k: deck[:k])
)


def moves(engine: ModuleType) -> st.SearchStrategy[Any]:
    pairs = st.lists(indices, min_size=2, max_size=2, unique=True)
    card = engine.Card.from_index
    return st.one_of(
        st.just(engine.Move.deal()),
        pairs.map(lambda pair: engine.Move(card(pair[0]), card(pair[1]))),
    )


def rules(engine: ModuleType) -> st.SearchStrategy[Any]:
    return st.builds(
        engine.Rules,
        st.sampled_from(RULE_SETS),
        two_way=st.booleans(),
        distances=st.sets(st.integers(min_value=1, max_value=51), min_size=1, max_size=4),
    )


def deal_of(engine: ModuleType, row: list[int]) -> Any:
    return engine.Deal([engine.Card.from_index(index) for index in row])


# -- cards ------------------------------------------------------------------------


#: Spellings of cards and moves, and the canonical text each parses to.
SPELLINGS = {
    "Card": {
        "AS": "AS",
        "as": "AS",
        "aS": "AS",
        "10D": "TD",
        "10d": "TD",
        "td": "TD",
        "7♥": "7H",
        "7♡": "7H",
        "q♣": "QC",
        "Q♧": "QC",
        "K♦": "KD",
        "k♢": "KD",
        "2♠": "2S",
        "2♤": "2S",
        " 7h ": "7H",
        "jc": "JC",
    },
    "Move": {
        "7H>7S": "7H>7S",
        "7h>7s": "7H>7S",
        "7H-7S": "7H>7S",
        "7H→7S": "7H>7S",
        "7H on 7S": "7H>7S",
        "10♥ on T♠": "TH>TS",
        " 7H > 7S ": "7H>7S",
        "deal": "deal",
        "Deal": "deal",
    },
}


@pytest.mark.parametrize(
    ("name", "text", "canonical"),
    [(name, *row) for name, table in SPELLINGS.items() for row in table.items()],
)
def test_spellings(engine: ModuleType, name: str, text: str, canonical: str) -> None:
    value = getattr(engine, name).parse(text)
    assert str(value) == canonical
    assert value == getattr(engine, name).parse(canonical)


@pytest.mark.parametrize(("text", "canonical"), SPELLINGS["Card"].items())
def test_a_card_is_made_from_any_spelling(engine: ModuleType, text: str, canonical: str) -> None:
    assert engine.Card(text) == engine.Card.parse(canonical)


def test_card_index_rank_suit(engine: ModuleType) -> None:
    cards = [engine.Card.from_index(index) for index in range(52)]
    assert [str(card) for card in cards[:5]] == ["AC", "AD", "AH", "AS", "2C"]
    assert str(cards[51]) == "KS"
    for index, card in enumerate(cards):
        assert card.index == index
        assert "A23456789TJQK".index(card.rank) * 4 + "CDHS".index(card.suit) == index
        assert card.is_red == (card.suit in "DH")
        assert engine.Card.parse(str(card)) == card


def test_card_order_and_hash(engine: ModuleType) -> None:
    card = engine.Card
    assert card("AS") < card("2C") <= card("2C") < card("KS")
    assert card("KS") > card("QS") >= card("QS")
    shuffled = [card(text) for text in ["KS", "AC", "TD", "2H"]]
    assert [str(c) for c in sorted(shuffled)] == ["AC", "2H", "TD", "KS"]
    assert len({card("10h"), card("TH"), card("th"), card("7♥")}) == 2
    assert hash(card("10h")) == hash(card("TH"))
    assert card("AS") != "AS"


@given(index=indices)
def test_card_text_round_trip(engine: ModuleType, index: int) -> None:
    card = engine.Card.from_index(index)
    assert engine.Card.parse(str(card)) == card
    assert evaluate(engine, repr(card)) == card
    assert repr(card) == f"Card('{card}')"


# -- moves -----------------------------------------------------------------------


# Every spelling of a move: SPELLINGS above.


def test_move_parts(engine: ModuleType) -> None:
    move = engine.Move("7H", engine.Card("7S"))
    assert (move.mover, move.target, move.is_deal) == (engine.Card("7H"), engine.Card("7S"), False)
    deal = engine.Move.deal()
    assert (deal.mover, deal.target, deal.is_deal) == (None, None, True)
    assert repr(move) == "Move('7H', '7S')"
    assert repr(deal) == "Move.deal()"
    assert move != engine.Move("7S", "7H")
    assert len({move, engine.Move.parse("7h on 7s"), deal, engine.Move.parse("deal")}) == 2


@given(data=st.data())
def test_move_text_round_trip(engine: ModuleType, data: st.DataObject) -> None:
    move = data.draw(moves(engine))
    assert engine.Move.parse(str(move)) == move
    assert evaluate(engine, repr(move)) == move
    assert hash(engine.Move.parse(str(move))) == hash(move)


# -- deals -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["AS 2D 3C", "AS,2D,3C", "AS, 2D, 3C", "as  ,  2d 3c", "AS\t2D\n3C", "A♠ 2♦ 3♣", " AS 2D 3C "],
)
def test_deal_spellings(engine: ModuleType, text: str) -> None:
    deal = engine.Deal.parse(text)
    assert str(deal) == "AS 2D 3C"
    assert repr(deal) == "Deal.parse('AS 2D 3C')"
    assert deal.seed is None


def test_deal_sequence(engine: ModuleType) -> None:
    deal = engine.Deal(["AS", engine.Card("2D"), "10c"])
    assert len(deal) == 3
    assert list(deal) == [engine.Card("AS"), engine.Card("2D"), engine.Card("TC")]
    assert deal.cards == tuple(deal)
    assert (deal[0], deal[-1]) == (engine.Card("AS"), engine.Card("TC"))
    with pytest.raises(IndexError):
        deal[3]


def test_deal_equality_ignores_the_seed(engine: ModuleType) -> None:
    numbered = engine.Deal.from_seed(7, cards=5)
    typed = engine.Deal.parse(str(numbered))
    assert (numbered.seed, typed.seed) == (7, None)
    assert numbered == typed
    assert hash(numbered) == hash(typed)
    assert numbered != engine.Deal(list(reversed(numbered.cards)))


def test_random_deals_are_numbered(engine: ModuleType) -> None:
    deal = engine.Deal.random(10)
    assert len(deal) == 10
    assert deal.seed is not None
    assert 0 <= deal.seed < 2**32
    assert deal == engine.Deal.from_seed(deal.seed, cards=10)
    assert len(engine.Deal.random()) == 52


@given(row=rows)
def test_deal_text_round_trip(engine: ModuleType, row: list[int]) -> None:
    deal = deal_of(engine, row)
    assert [card.index for card in deal] == row
    assert engine.Deal.parse(str(deal)) == deal
    assert engine.Deal.parse(", ".join(str(card) for card in deal)) == deal
    assert evaluate(engine, repr(deal)) == deal


# -- rules -----------------------------------------------------------------------


def test_rules_defaults(engine: ModuleType) -> None:
    modern = engine.Rules()
    assert (modern.name, modern.two_way, modern.distances) == ("modern", False, (1, 3))
    assert modern == engine.Rules("modern", two_way=False, distances=[3, 1])
    assert modern != engine.Rules("strict")
    assert modern != engine.Rules("modern", two_way=True)
    assert modern != engine.Rules("modern", distances=(2, 3))


def test_rules_repr(engine: ModuleType) -> None:
    assert repr(engine.Rules("strict")) == "Rules('strict')"
    variant = engine.Rules("strict", two_way=True)
    assert repr(variant) == "Rules('strict', two_way=True, distances=(1, 3))"


@given(data=st.data())
def test_rules_repr_round_trip(engine: ModuleType, data: st.DataObject) -> None:
    chosen = data.draw(rules(engine))
    assert evaluate(engine, repr(chosen)) == chosen
    assert hash(evaluate(engine, repr(chosen))) == hash(chosen)
    assert list(chosen.distances) == sorted(set(chosen.distances))


def test_rules_are_accepted_by_name(engine: ModuleType) -> None:
    for name in RULE_SETS:
        assert engine.Game("AS 2D", name).rules == engine.Rules(name)


# -- games -----------------------------------------------------------------------


def test_game_text_and_repr(engine: ModuleType) -> None:
    game = engine.Game("7H 2C 3S 7S 8S", "strict")
    assert str(game) == "7H 2C 3S 7S 8S"
    assert repr(game) == "Game(Deal.parse('7H 2C 3S 7S 8S'), Rules('strict'), blind=False)"
    blind = engine.Game("7H 2C", engine.Rules("modern", two_way=True), blind=True)
    twin = evaluate(engine, repr(blind))
    assert (twin.starting_deal, twin.rules, twin.blind) == (blind.starting_deal, blind.rules, True)
    assert str(twin) == "| stock 2"


def test_game_accessors(engine: ModuleType) -> None:
    deal = engine.Deal.parse("7H 2C")
    game = engine.Game(deal)
    assert game.starting_deal == deal
    assert game.rules == engine.Rules("modern")
    assert game.blind is False
    assert game.piles == [(engine.Card("7H"),), (engine.Card("2C"),)]
    assert game.tops == [engine.Card("7H"), engine.Card("2C")]
    assert game.history == []


# -- frozenness ------------------------------------------------------------------


def test_values_are_frozen(engine: ModuleType) -> None:
    values = [
        (engine.Card("AS"), "rank"),
        (engine.Move("7H", "7S"), "mover"),
        (engine.Deal.parse("AS 2D"), "cards"),
        (engine.Rules("strict"), "name"),
        (engine.Game("AS 2D").outcome, "piles"),
    ]
    for value, attribute in values:
        with pytest.raises(AttributeError):
            setattr(value, attribute, None)
        with pytest.raises(AttributeError):
            value.anything_new = 1
