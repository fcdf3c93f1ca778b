"""Numbered deals are the same on every platform and version: pinned test vectors.

The pins were computed once and are checked here against a second, independent
few-line implementation of docs/rules.md, so a pin can never silently follow a bug.
"""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st

MASK = 2**64 - 1


def words(seed: int) -> Iterator[int]:
    """SplitMix64 output words, written again from docs/rules.md (not imported)."""
    state = seed
    while True:
        state = (state + 0x9E3779B97F4A7C15) & MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        yield z ^ (z >> 31)


def independent_deal(seed: int, cards: int = 52) -> str:
    """Fisher-Yates from the top with the unbiased ``below``; the first ``cards`` as text."""
    stream = words(seed)
    deck = [rank + suit for rank in "A23456789TJQK" for suit in "CDHS"]
    for i in range(51, 0, -1):
        bound = i + 1
        word = next(stream)
        while word < 2**64 % bound:
            word = next(stream)
        j = word % bound
        deck[i], deck[j] = deck[j], deck[i]
    return " ".join(deck[:cards])


def test_splitmix64_known_answers() -> None:
    # The published outputs of Vigna's splitmix64.c for seeds 0 and 1234567.
    stream = words(0)
    assert [next(stream), next(stream)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4]
    stream = words(1234567)
    assert [next(stream), next(stream)] == [6457827717110365317, 3203168211198807973]


# The first ten cards of numbered deals. Never change these: users share deal numbers.
PINNED = {
    0: "QH TC 3C JC 4H 7C QC 3D 4S AC",
    1: "5S 3C 5C 9D 6C JS 6S 5H QS 3H",
    42: "2H 8C 4C TS JC AC 7H 7D 6H 2C",
    2**64 - 1: "3H KS QD AS 4D TC 5D 7S 7H 5S",
}
PINNED_SHORT = (7, 18, "5C 2C TC JD 8D 9S KS 5H JH 9C 6D AD 7D KD 3D 7S 2H AS")


@pytest.mark.parametrize(("seed", "first_ten"), PINNED.items())
def test_pinned_vectors(engine: ModuleType, seed: int, first_ten: str) -> None:
    assert independent_deal(seed, 10) == first_ten
    deal = engine.Deal.from_seed(seed)
    assert " ".join(str(card) for card in deal.cards[:10]) == first_ten
    assert str(deal) == independent_deal(seed)
    assert deal.seed == seed


def test_pinned_short_deal(engine: ModuleType) -> None:
    seed, cards, text = PINNED_SHORT
    assert independent_deal(seed, cards) == text
    deal = engine.Deal.from_seed(seed, cards=cards)
    assert str(deal) == text
    assert (len(deal), deal.seed) == (cards, seed)


@given(seed=st.integers(min_value=0, max_value=2**64 - 1), cards=st.integers(1, 52))
def test_a_short_deal_is_a_prefix_of_the_full_deal(
    engine: ModuleType, seed: int, cards: int
) -> None:
    full = engine.Deal.from_seed(seed)
    short = engine.Deal.from_seed(seed, cards=cards)
    assert short.cards == full.cards[:cards]
    assert len(set(full.cards)) == 52
    assert str(full) == independent_deal(seed)


def test_the_default_is_the_whole_deck(engine: ModuleType) -> None:
    assert engine.Deal.from_seed(5) == engine.Deal.from_seed(5, cards=52)
    assert engine.Deal.from_seed(5) != engine.Deal.from_seed(6)
