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
    assert len(table) == len(seen) == 2 * 23, "one row per (variant, n)"
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


def test_update_resumes_an_interrupted_run_and_merges(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = load()
    calls: list[tuple[int, bool]] = []

    def fake_measure(
        cards: int, deals: int, seed: int, two_way: bool, jobs: int | None
    ) -> dict[str, object]:
        calls.append((cards, two_way))
        variant = "two-way" if two_way else "one-way"
        return {field: "" for field in module.FIELDS} | {
            "variant": variant,
            "cards": cards,
            "deals": deals,
            "seed": seed,
            "wins": 1,
            "win_rate": 1 / deals,
            "seconds": 0.0,
            "command": f"measured {variant} {cards}",
        }

    monkeypatch.setattr(module, "measure", fake_measure)
    monkeypatch.setattr(module, "plot", lambda rows, path: None)
    table = tmp_path / "t.csv"

    def write(path: Path, rows: list[dict[str, object]]) -> None:
        with path.open("w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=module.FIELDS)
            writer.writeheader()
            for r in rows:
                writer.writerow({field: "" for field in module.FIELDS} | r)

    old = {"deals": 5, "seed": 1, "command": "old"}
    write(
        table,
        [{"variant": v, "cards": n} | old for v in ("one-way", "two-way") for n in (8, 10, 12)],
    )
    # An interrupted run had measured one-way n = 8 already.
    write(
        table.with_suffix(".partial.csv"),
        [{"variant": "one-way", "cards": 8, "deals": 7, "seed": 1, "command": "resumed"}],
    )
    argv = ["solvability.py", "--deals", "7", "--variants", "one-way", "--sizes", "8:10:2"]
    monkeypatch.setattr("sys.argv", [*argv, "--csv", str(table), "--update"])
    assert module.main() == 0
    assert calls == [(10, False)]
    assert not table.with_suffix(".partial.csv").exists()
    with table.open(newline="") as f:
        got = {(r["variant"], r["cards"]): r["command"] for r in csv.DictReader(f)}
    assert got == {
        ("one-way", "8"): "resumed",
        ("one-way", "10"): "measured one-way 10",
        ("one-way", "12"): "old",
        ("two-way", "8"): "old",
        ("two-way", "10"): "old",
        ("two-way", "12"): "old",
    }
