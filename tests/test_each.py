"""`accordion stats --each`: one result a deal of --file, in input order, for the
games of the registry (python/accordion/cli/each.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run_cli

from accordion import Deal, Game, Rules, solve

DATA = Path(__file__).parent / "data"
ROWS = ["7H 2C 3C 7C", str(Deal.from_seed(5)), str(Deal.from_seed(6, 12))]


def forced_sizes(row: str, rules: str) -> list[int]:
    game = Game(Deal.parse(row), Rules(rules))
    while not game.is_over:
        (only,) = game.legal_moves
        game.play(only)
    return [len(pile) for pile in game.piles]


@pytest.fixture
def rows(tmp_path: Path) -> Path:
    path = tmp_path / "rows.txt"
    path.write_text("# a comment\n" + "\n\n".join(ROWS) + "\n")
    return path


@pytest.mark.parametrize("rules", ["strict", "strict-leap"])
def test_forcing_rules_are_played_out_deal_by_deal_in_input_order(rows: Path, rules: str) -> None:
    done = run_cli("stats", "--rules", rules, "--file", str(rows), "--each", "--json")
    assert done.returncode == 0, done.stderr
    results = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["deal"] for r in results] == ROWS
    for result in results:
        sizes = forced_sizes(result["deal"], rules)
        assert result["sizes"] == sizes
        assert result["piles"] == len(sizes)
        assert (result["game"], result["rules"]) == ("accordion", rules)
        assert result["result"] == ("win" if len(sizes) == 1 else "loss")
    text = run_cli("stats", "--rules", rules, "--file", str(rows), "--each")
    first = results[0]["sizes"]
    noun = "pile" if len(first) == 1 else "piles"
    assert text.stdout.splitlines()[0] == f"{len(first)} {noun} remaining: " + " ".join(
        map(str, first)
    )


def test_solver_rules_give_the_fewest_piles(rows: Path) -> None:
    done = run_cli("stats", "--rules", "modern", "--file", str(rows), "--each", "--json")
    assert done.returncode == 0, done.stderr
    for line, row in zip(done.stdout.splitlines(), ROWS, strict=True):
        result = json.loads(line)
        solution = solve(row)
        assert (result["piles"], result["result"]) == (solution.piles, solution.result)
        assert sum(result["sizes"]) == len(Deal.parse(row))


@pytest.mark.parametrize(
    ("flags", "says"),
    [
        (["--each"], "--each plays the deals of --file"),
        (["--each", "--file", "ROWS", "--deals", "3"], "--deals is for numbered deals"),
        (["--each", "--file", "ROWS", "--strategy", "forced"], "--strategy is for numbered"),
        (["--file", "ROWS", "--deals", "3"], "--file goes with --each"),
        ([], "give --deals N"),
    ],
)
def test_what_each_does_not_take_is_refused(rows: Path, flags: list[str], says: str) -> None:
    args = [str(rows) if flag == "ROWS" else flag for flag in flags]
    done = run_cli("stats", "--rules", "strict", *args)
    assert done.returncode == 2
    assert says in done.stderr and "Traceback" not in done.stderr
