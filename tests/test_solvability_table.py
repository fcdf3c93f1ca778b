"""The solvability table (`benches/solvability.csv`) and its merge step."""

from __future__ import annotations

import csv
import importlib.util
import math
from pathlib import Path
from types import ModuleType

import pytest

BENCHES = Path(__file__).resolve().parent.parent / "benches"


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("solvability", BENCHES / "solvability.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def row(variant: str, cards: int, deals: int) -> dict[str, object]:
    return {"variant": variant, "cards": str(cards), "deals": str(deals)}


def test_merge_replaces_measured_rows_and_keeps_the_rest_in_order() -> None:
    merge = load().merge
    kept = [row("two-way", 8, 10), row("one-way", 10, 10), row("one-way", 8, 10)]
    measured = [row("one-way", 10, 99), row("one-way", 12, 99)]
    got = merge(kept, measured)
    assert [(r["variant"], r["cards"], r["deals"]) for r in got] == [
        ("one-way", "8", "10"),
        ("one-way", "10", "99"),
        ("one-way", "12", "99"),
        ("two-way", "8", "10"),
    ]


@pytest.fixture(scope="module")
def table() -> list[dict[str, str]]:
    with (BENCHES / "solvability.csv").open(newline="") as f:
        return list(csv.DictReader(f))


def test_every_n_and_variant_has_at_least_10000_rows(table: list[dict[str, str]]) -> None:
    seen = {(r["variant"], int(r["cards"])): int(r["deals"]) for r in table}
    for variant in ("one-way", "two-way"):
        for n in range(8, 53, 2):
            assert seen.get((variant, n), 0) >= 10_000, (variant, n)


def test_each_row_is_consistent_with_its_command(table: list[dict[str, str]]) -> None:
    for r in table:
        wins, deals = int(r["wins"]), int(r["deals"])
        assert math.isclose(float(r["win_rate"]), wins / deals)
        assert float(r["ci95_lo"]) <= wins / deals <= float(r["ci95_hi"])
        command = r["command"].split()
        assert command[command.index("--cards") + 1] == r["cards"]
        assert command[command.index("--deals") + 1] == r["deals"]
        assert ("--two-way" in command) == (r["variant"] == "two-way")
