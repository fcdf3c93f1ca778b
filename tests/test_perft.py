"""The perft file (tests/data/perft.tsv) checked against both engines on a subset.

The Rust test tests/perft.rs checks every line against the core's move generators;
here the reference engine, which wrote the file, recomputes the first depths of
every line (every depth of the cheap lines), so that the golden numbers are
themselves verified, and the core's Python ``Game`` counts the same.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest
from conftest import data_script

DATA = Path(__file__).resolve().parent / "data"


PERFT = data_script("perft")


def _lines() -> list[tuple[str, bool, str, str, int, int, list[int]]]:
    lines = []
    for text in (DATA / "perft.tsv").read_text(encoding="utf-8").splitlines():
        if text and not text.startswith("#"):
            name, two_way, distances, mode, seed, cards, counts = text.split("\t")
            found = [int(n) for n in counts.split(",")]
            lines.append((name, two_way == "true", distances, mode, int(seed), int(cards), found))
    return lines


LINES = _lines()


def test_the_file_has_a_line_for_every_variant_and_deal() -> None:
    keys = {(name, two_way, distances) for name, two_way, distances, *_ in LINES}
    assert keys == set(PERFT.variants())
    assert len(LINES) == len(keys) * len(PERFT.DEALS)


@pytest.mark.parametrize("line", LINES, ids=lambda line: "-".join(map(str, line[:6])))
def test_both_engines_count_the_pinned_sequences(
    engine: ModuleType, line: tuple[str, bool, str, str, int, int, list[int]]
) -> None:
    name, two_way, distances, mode, seed, cards, counts = line
    rules = engine.Rules(name, two_way=two_way, distances=distances)
    game = engine.Game(engine.Deal.from_seed(seed, cards), rules, blind=mode == "blind")
    # Depth d costs as many plays as the counts before it: the reference (slow)
    # makes a few hundred per line, the core a hundred thousand.
    budget = 400 if engine.__name__ == "accordion.reference" else 100_000
    depth = max(d for d in range(1, len(counts) + 1) if d == 1 or sum(counts[: d - 1]) <= budget)
    assert PERFT.perft_all(game, depth) == counts[:depth]
    assert game.history == []
