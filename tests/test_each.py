"""`accordion stats --game G --rules R --file F --each --json`: one object per deal,
in input order, with at least deal, piles and sizes — for every game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run_cli

import accordion
from accordion.games import GAMES, Descriptor

PLAYED = [game for game in GAMES.values() if game.supports("each") and not (
    game.variant is not None and game.variant.goal_from_pysol)]  # fmt: skip


def _rows(game: Descriptor) -> list[str]:
    return [str(game.numbered()(seed, 9)) for seed in (3, 1, 2)]


@pytest.mark.parametrize("game", PLAYED, ids=[game.name for game in PLAYED])
def test_each_deal_gets_its_object_in_input_order(game: Descriptor, tmp_path: Path) -> None:
    rows = _rows(game)
    path = tmp_path / "deals.txt"
    path.write_text("# three deals\n" + "\n".join(rows) + "\n", encoding="utf-8")
    result = run_cli(
        "stats", "--game", game.name, "--rules", game.rules[0], "--file", str(path), "--each",
        "--json",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [line["deal"] for line in lines] == rows
    for line, row in zip(lines, rows, strict=True):
        assert line["game"] == game.name
        assert line["piles"] == len(line["sizes"]) and all(size >= 1 for size in line["sizes"])
        solution = game.solver()(row, rules=game.make_rules(game.rules[0]))
        assert line["piles"] == solution.piles  # the solver's best line, replayed
        if game.nouns.piece == "pile":
            assert sum(line["sizes"]) == 9  # piles keep every card
        else:
            assert set(line["sizes"]) <= {1}  # thrown cards leave the row


def test_the_forced_rules_give_what_stats_counts() -> None:
    """Under strict, --each plays what stats simulates: the same piles, deal by deal."""
    each = run_cli("stats", "--rules", "strict", "--seed", "7", "--deals", "30", "--cards", "20",
                   "--each", "--json")  # fmt: skip
    piles = [json.loads(line)["piles"] for line in each.stdout.splitlines()]
    stats = accordion.simulate(rules="strict", deals=30, seed=7, cards=20)
    histogram: dict[int, int] = {}
    for count in piles:
        histogram[count] = histogram.get(count, 0) + 1
    assert histogram == stats.histogram
    text = run_cli("stats", "--rules", "strict", "--seed", "7", "--deals", "1", "--cards", "20",
                   "--each").stdout  # fmt: skip
    assert f"{piles[0]} piles remaining: " in text


@pytest.mark.parametrize(
    ("args", "names"),
    [
        (["--game", "bayan", "--rules", "modern", "--blind"], "--game bayan --blind"),
        (["--rules", "modern", "--strategy", "forced"], "--rules modern leave choices"),
        (["--rules", "strict", "--strategy", "sweepers"], "not sweepers"),
        (["--game", "royal-marriage", "--rules", "strict"], "not --rules strict"),
        (["--rules", "strict", "--plot", "x.png"], "no --plot"),
    ],
)
def test_what_each_cannot_do_is_one_line(args: list[str], names: str) -> None:
    result = run_cli("stats", "--seed", "1", "--deals", "2", "--each", *args)
    assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
    assert names in result.stderr


def test_stats_without_each_still_wants_deals() -> None:
    result = run_cli("stats", "--rules", "strict")
    assert result.returncode == 2 and "--deals N is required" in result.stderr
    result = run_cli("stats", "--rules", "strict", "--deals", "3", "--file", "x")
    assert result.returncode == 2 and "--file goes with --each" in result.stderr
