"""Every solution a solver returns reads back: of a row, of an open game, of a blind
game at its start or in progress, in every game under every rule set.

A solution's ``deal`` names the position its line starts from: the row, and for a
blind game whose line deals, ``|`` and the stock's cards in order (the solve of a
blind game is clairvoyant). ``to_dict``/``from_dict`` and pickle give the solution
back equal to itself, ``from_dict`` replaying the line from that position; the
reference engine reaches the same position by the same actions, names it alike,
and replays the line to the same count; a dict whose stock or count is tampered
with is refused, naming ``data``."""

from __future__ import annotations

import pickle
from typing import Any

import pytest
from _helpers import random_plays
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import accordion.reference as reference
from accordion.errors import InvalidArgumentError
from accordion.games import GAMES, Descriptor
from accordion.reference.deals import position_text, read_position

#: Every game with every one of its rule sets.
CASES = [(name, rules) for name, game in GAMES.items() for rules in game.rules]


def _played(descriptor: Descriptor, engine: str, deal: str, rules: str, blind: bool) -> Any:
    """A new game of ``descriptor`` in ``engine`` (``core`` or ``reference``)."""
    return descriptor.game_class(engine)(deal, rules, blind=blind)


def _stock(game: Any) -> tuple[Any, ...]:
    """A reference game's cards still to deal, next first."""
    cards = game.starting_deal.cards
    return tuple(cards[len(cards) - game.stock_size :])


def _laid(descriptor: Descriptor, game: Any, row: Any = None) -> tuple[Any, ...]:
    """A reference game's row (or ``row``) as a solution names it: top cards, or
    piles where a pile shows the card beneath (Accordian Patience)."""
    if descriptor.plays_accordion:
        return tuple(game.tops)
    laid: tuple[Any, ...] = game._piles_of(game._row if row is None else row)
    return laid


@st.composite
def positions(draw: st.DrawFn) -> tuple[Descriptor, str, str, bool, list[str]]:
    """A game, a rule set, a short numbered deal, open or blind, and 0 to 5 legal
    actions played in the core (``deal`` among them)."""
    name, rules = draw(st.sampled_from(CASES))
    descriptor = GAMES[name]
    cards = draw(st.integers(max(descriptor.min_cards, 4), 11))
    deal = str(descriptor.numbered("core")(draw(st.integers(1, 10_000)), cards))
    blind = draw(st.booleans())
    actions = random_plays(draw, _played(descriptor, "core", deal, rules, blind))
    return descriptor, rules, deal, blind, actions


def _solved(descriptor: Descriptor, rules: str, deal: str, blind: bool, actions: list[str]) -> Any:
    """The core's solution of the core's game after ``actions``."""
    game = _played(descriptor, "core", deal, rules, blind)
    for action in actions:
        game.play(action)
    return descriptor.solver("core")(game)


def _count(descriptor: Descriptor, game: Any) -> int:
    """Piles (cards) a reference game has left, its stock counted."""
    if descriptor.plays_accordion:
        return len(game.piles) + game.stock_size
    cards: int = game.outcome.cards
    return cards


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_every_solution_reads_back_and_replays(
    position: tuple[Descriptor, str, str, bool, list[str]],
) -> None:
    descriptor, rules, deal, blind, actions = position
    solution = _solved(descriptor, rules, deal, blind, actions)
    kind = type(solution)
    data = solution.to_dict()
    assert kind.from_dict(data) == solution
    assert kind.from_dict(data).to_dict() == data
    assert pickle.loads(pickle.dumps(solution)) == solution
    # The reference engine reaches the position by the same actions and names it alike.
    twin = _played(descriptor, "reference", deal, rules, blind)
    for action in actions:
        twin.play(action)
    if "|" in solution.deal:
        # The line starts at the game's position: deals included.
        assert solution.deal == position_text(_laid(descriptor, twin), _stock(twin))
        assert any(move.is_deal for move in solution.moves)
        line = twin.copy()
    else:
        # The line starts at the row with the stock dealt onto it, open.
        assert not any(move.is_deal for move in solution.moves)
        if descriptor.plays_accordion:
            assert twin.stock_size == 0
            assert solution.deal == position_text(_laid(descriptor, twin), ())
            line = _played(descriptor, "reference", solution.deal, rules, False)
        else:
            opened = twin._open_row()
            assert solution.deal == position_text(_laid(descriptor, twin, opened), ())
            line = twin.copy()
            line._row, line._dealt = opened, len(twin.starting_deal.cards)
    for move in solution.moves:
        line.play(str(move))
    assert _count(descriptor, line) == solution.piles
    # Accordion's reference solution reads the core's dict back, to the same
    # solution; its own solve names the position alike, and the core reads it.
    if descriptor.plays_accordion:
        mirrored = reference.Solution.from_dict(data)
        assert mirrored.deal == solution.deal
        assert [str(move) for move in mirrored.moves] == [str(m) for m in solution.moves]
        assert mirrored.to_dict() == data
        own = descriptor.solver("reference")(twin)
        assert (own.deal, own.result, own.piles) == (solution.deal, solution.result, solution.piles)
        assert kind.from_dict(own.to_dict()).to_dict() == own.to_dict()


def _blind_solution(name: str, rules: str, seed: int, dealt: int) -> Any:
    """The solution of a blind game of ``name`` after ``dealt`` deals (and no throw)."""
    descriptor = GAMES[name]
    deal = str(descriptor.numbered("core")(seed, 8))
    game = _played(descriptor, "core", deal, rules, True)
    for _ in range(dealt):
        game.deal()
    return descriptor.solver("core")(game)


#: Blind positions whose line deals: Accordion (every rule set) and Royal
#: Marriage under ``parlett`` (a deal the rules forbid before a throw).
DEALING = [("accordion", rules) for rules in GAMES["accordion"].rules] + [
    ("royal-marriage", "parlett")
]


@pytest.mark.parametrize(("name", "rules"), DEALING)
def test_a_blind_position_names_its_stock(name: str, rules: str) -> None:
    """The examples that could not be read back: the deal names the row and stock."""
    for seed in range(1, 6):
        solution = _blind_solution(name, rules, seed, 2)
        row, stock = solution.deal.split(" | ")
        assert len(row.split()) + len(stock.split()) == 8, solution.deal
        assert any(move.is_deal for move in solution.moves)
        assert type(solution).from_dict(solution.to_dict()) == solution
        assert pickle.loads(pickle.dumps(solution)) == solution
    start = _blind_solution(name, rules, 1, 0)
    if name == "accordion":  # nothing laid out before the first deal
        assert start.deal.startswith("| ")
    assert pickle.loads(pickle.dumps(start)) == start


def _refused(kind: Any, data: dict[str, Any]) -> None:
    with pytest.raises(InvalidArgumentError) as refused:
        kind.from_dict(data)
    assert refused.value.argument == "data", refused.value


@pytest.mark.parametrize(("name", "rules"), DEALING)
def test_a_tampered_blind_solution_is_refused(name: str, rules: str) -> None:
    """A stock card the line deals and moves, changed to a card not in the deal, and
    a count one off, are refused by both engines (the reference reads Accordion's)."""
    checked = 0
    for seed in range(1, 30):
        solution = _blind_solution(name, rules, seed, 2)
        kind, data = type(solution), solution.to_dict()
        row, stock = data["deal"].split(" | ")
        named = {card for move in data["moves"] for card in str(move).split()[-2:]}
        named |= {part for move in data["moves"] for part in str(move).split(">")}
        moved = [card for card in stock.split() if card in named]
        if not moved:
            continue
        deal, _ = read_position(data["deal"])
        stranger = next(
            card
            for card in (f"{rank}{suit}" for rank in "A23456789TJQK" for suit in "CDHS")
            if card not in {str(c) for c in deal.cards} and card not in ("QH", "KH")
        )
        wrong_card = dict(data, deal=f"{row} | {stock.replace(moved[0], stranger)}")
        count = data["piles"] + 1 if data["piles"] < 8 else data["piles"] - 1
        wrong_count = dict(data, piles=count)
        if "cards" in data:
            wrong_count["cards"] = count
        for tampered in (wrong_card, wrong_count):
            _refused(kind, tampered)
            if name == "accordion":
                _refused(reference.Solution, tampered)
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize("rules", GAMES["accordian"].rules)
@pytest.mark.parametrize("blind", [False, True], ids=["open", "blind"])
def test_an_accordian_position_names_its_piles(rules: str, blind: bool) -> None:
    """Accordian Patience's top card moves and the card beneath shows again, so its
    position is named pile by pile, bottom to top joined by ``/``: the line replays
    (the reference engine names the position alike), and a pile elsewhere is refused."""
    descriptor = GAMES["accordian"]
    actions = ["deal"] * 3 + ["5C>3C"] if blind else ["5C>3C"]
    solution = _solved(descriptor, rules, "5S 3C 5C 9D", blind, actions)
    assert solution.deal == "5S 3C/5C 9D"
    assert [str(move) for move in solution.moves] == ["5C>5S", "3C>5C"]
    kind, data = type(solution), solution.to_dict()
    assert kind.from_dict(data) == solution
    assert pickle.loads(pickle.dumps(solution)) == solution
    twin = _played(descriptor, "reference", "5S 3C 5C 9D", rules, blind)
    for action in actions:
        twin.play(action)
    mirrored = descriptor.solver("reference")(twin)
    assert mirrored.deal == solution.deal
    for deal in ("5S/ 9D", "5S//5C 9D", "5S/3C/5C 9D", "5S 5C 9D"):
        _refused(kind, dict(data, deal=deal))
    # Where every pile is one card, a pile is refused.
    royal = GAMES["royal-marriage"].solver("core")("QH 5S 3C KH")
    _refused(type(royal), dict(royal.to_dict(), deal="QH 5S/3C KH"))
    row = GAMES["accordion"].solver("core")("7H 2C 3C 7C")
    for reader in (type(row), reference.Solution):
        _refused(reader, dict(row.to_dict(), deal="7H/2C 3C 7C"))
