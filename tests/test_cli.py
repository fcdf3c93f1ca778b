"""The command line end to end: real processes, exit codes, one-line errors."""

from __future__ import annotations

import json

import pytest
from conftest import run_cli

from accordion import Deal

run = run_cli


def test_help_lists_the_commands() -> None:
    result = run("--help")
    assert result.returncode == 0
    for command in ("deal", "solve", "stats", "play"):
        assert command in result.stdout


def test_deal_prints_the_numbered_deal() -> None:
    result = run("deal", "--seed", "1", "--cards", "8")
    assert result.returncode == 0
    assert result.stdout.strip() == str(Deal.from_seed(1, 8)) == "5S 3C 5C 9D 6C JS 6S 5H"


def test_a_random_deal_says_its_number() -> None:
    result = run("deal")
    assert result.returncode == 0
    number = int(result.stderr.split()[-1])
    assert result.stdout.strip() == str(Deal.from_seed(number))


@pytest.mark.parametrize(
    ("args", "names"),
    [
        (["deal", "--cards", "53"], "53"),
        (["deal", "--seed", "-1"], "-1"),
        (["deal", "--seed", "x"], '"x"'),
        (["solve", "AS AS"], "duplicate card AS"),
        (["solve", "AS ZZ"], "ZZ"),
        (["solve", "AS;2D"], "separator"),
        (["solve", "--seed", "1", "--distances", "0,3"], "distance 0"),
        (["stats", "--rules", "nonsense", "--deals", "5"], "nonsense"),
        (["frobnicate"], "frobnicate"),
    ],
)
def test_bad_input_gets_one_error_line_and_exit_2(args: list[str], names: str) -> None:
    result = run(*args)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("accordion: error:")
    assert names in lines[0]
    assert "Traceback" not in result.stderr


def test_solve_json_lines_follow_the_spec() -> None:
    result = run("solve", "--seed", "1", "--count", "3", "--json")
    assert result.returncode == 0, result.stderr
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [row["deal"] for row in rows] == [str(Deal.from_seed(n)) for n in (1, 2, 3)]
    for row in rows:
        assert set(row) >= {"deal", "result", "moves", "piles", "nodes", "seconds"}
        assert row["result"] in ("win", "loss", "unknown")
        if row["result"] == "win":
            assert row["piles"] == 1
            assert len(row["moves"]) == 51


def test_solve_takes_cards_as_separate_words_and_a_file(tmp_path: object) -> None:
    words = str(Deal.from_seed(5, 10)).split()
    by_words = run("solve", *words, "--json")
    assert by_words.returncode == 0, by_words.stderr
    path = f"{tmp_path}/deals.txt"
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("# a comment\n" + " ".join(words) + "\n\n" + str(Deal.from_seed(6, 9)) + "\n")
    by_file = run("solve", "--file", path, "--json")
    assert by_file.returncode == 0, by_file.stderr
    lines = by_file.stdout.splitlines()
    assert len(lines) == 2
    assert json.loads(lines[0])["deal"] == json.loads(by_words.stdout)["deal"]


def test_solve_readable_summary() -> None:
    result = run("solve", "--seed", "1", "--count", "2")
    assert result.returncode == 0, result.stderr
    assert "deal 1/2:" in result.stdout
    assert "2 deals:" in result.stdout


def test_stats_json_follows_the_spec() -> None:
    result = run("stats", "--rules", "strict", "--deals", "2000", "--seed", "1", "--json")
    assert result.returncode == 0, result.stderr
    stats = json.loads(result.stdout)
    assert stats["rules"] == "strict"
    assert stats["deals"] == 2000
    assert stats["seed"] == 1
    assert sum(stats["piles_histogram"].values()) == 2000
    assert stats["wins"] == stats["piles_histogram"].get("1", 0)
    lo, hi = stats["ci95"]
    assert 0 <= lo <= stats["win_rate"] <= hi <= 1
    again = json.loads(run("stats", "--rules", "strict", "--deals", "2000", "--json").stdout)
    assert again["piles_histogram"] == stats["piles_histogram"]


def test_stats_takes_the_solver_strategies() -> None:
    solver = run("stats", "--rules", "modern", "--strategy", "solver", "--deals", "20", "--json")
    assert solver.returncode == 0, solver.stderr
    figures = json.loads(solver.stdout)
    assert (figures["strategy"], figures["mode"]) == ("solver", "open")
    bound = run(
        "stats", "--rules", "parlett", "--strategy", "clairvoyant", "--deals", "20", "--json"
    )
    assert bound.returncode == 0, bound.stderr
    figures = json.loads(bound.stdout)
    assert (figures["strategy"], figures["mode"]) == ("clairvoyant", "blind")
    agent = run("stats", "--rules", "parlett", "--deals", "20", "--json")
    assert figures["mean_piles"] <= json.loads(agent.stdout)["mean_piles"]
    refused = run("stats", "--rules", "parlett", "--strategy", "solver", "--blind", "--deals", "5")
    assert refused.returncode != 0
    assert "clairvoyant" in refused.stderr
