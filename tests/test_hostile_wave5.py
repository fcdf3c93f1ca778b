"""Hostile input, fifth list: the throw games' ``game=`` keyword, their shared
simulation driver and statistics rebuilt from histograms. Each case names what it
guards."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

import accordion
from accordion.errors import InvalidArgumentError
from accordion.games import GAMES, load

#: Every game's statistics class with the arguments ``from_histogram`` takes
#: besides the histogram and the game.
STATS: dict[str, tuple[Any, dict[str, Any]]] = {}
for _name, _game in GAMES.items():
    if _game.core.simulate is not None and not _game.core.stats.endswith(":Stats"):
        _run = load(_game.core.simulate)(deals=1)
        STATS[_name] = (
            load(_game.core.stats),
            {
                "rules": _run.rules,
                "strategy": _run.strategy,
                "blind": _run.blind,
                "cards": _run.cards,
                "seed": 1,
            },
        )


# Causes: wrong figures ---------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(STATS))
def test_histogram_whose_deals_overflow_is_refused(name: str) -> None:
    """Four counts of 2**62 add up to 2**64 deals, one more than a run can number:
    the sum wrapped to 0 and the statistics said "0 of 0 won" (an overflow check
    would have panicked). Refused, naming the histogram and the total."""
    stats, arguments = STATS[name]
    histogram = {cards: 2**62 for cards in range(8, 12)}
    with pytest.raises(InvalidArgumentError, match=r"histogram .*18446744073709551616"):
        stats.from_histogram(histogram, **arguments)


@pytest.mark.parametrize("name", sorted(STATS))
def test_histogram_of_many_deals_has_the_right_mean(name: str) -> None:
    """2**63 deals with 5 cards left each: the mean is 5 (the sum of the cards
    left, 5 * 2**63, wrapped in 64 bits and the mean read 1)."""
    stats, arguments = STATS[name]
    made = stats.from_histogram({5: 2**63}, **arguments)
    assert (made.deals, made.mean_piles) == (2**63, 5.0)
    assert pickle.loads(pickle.dumps(made)) == made


def test_accordion_histogram_whose_deals_overflow_is_refused() -> None:
    """The same for Accordion's statistics, which share the reading."""
    histogram = {piles: 2**62 for piles in range(8, 12)}
    arguments = {"rules": "strict", "strategy": "forced", "blind": True, "cards": 52, "seed": 1}
    with pytest.raises(InvalidArgumentError, match=r"histogram .*18446744073709551616"):
        accordion.Stats.from_histogram(histogram, **arguments)
    made = accordion.Stats.from_histogram({5: 2**63}, **arguments)
    assert made.mean_piles == 5.0
