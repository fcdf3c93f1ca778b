"""The budgeted open players `lookahead`, `planner`, `depth-first` and `deep-planner`
(issue 27) from the command line and the API: the budget travels in the strategy's name, and
bad budgets are refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run_cli

from accordion import Rules, simulate
from accordion.errors import InvalidRulesError

run = run_cli


@pytest.mark.parametrize("strategy", ["lookahead", "planner", "depth-first", "deep-planner"])
def test_stats_plays_the_budgeted_players_open(strategy: str) -> None:
    result = run(
        "stats", "--rules", "modern", "--strategy", strategy, "--budget", "30", "--deals", "20",
        "--json",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout)
    assert (figures["strategy"], figures["mode"]) == (f"{strategy}:30", "open")
    same = simulate(rules=Rules("modern"), strategy=f"{strategy}:30", deals=20, jobs=2)
    assert figures["piles_histogram"] == {str(k): v for k, v in same.histogram.items()}


def test_a_resumed_run_keeps_the_budget(tmp_path: Path) -> None:
    path = tmp_path / "run.ckpt"
    args = ("stats", "--rules", "modern", "--strategy", "planner", "--budget", "20", "--deals",
            "40", "--chunk", "10", "--json", "--checkpoint", str(path))  # fmt: skip
    first = run(*args)
    assert first.returncode == 0, first.stderr
    again = run(*args)
    assert again.returncode == 0, again.stderr
    one, two = json.loads(first.stdout), json.loads(again.stdout)
    assert one["strategy"] == two["strategy"] == "planner:20"
    assert one["piles_histogram"] == two["piles_histogram"]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--budget", "30"], "--budget is for --strategy lookahead, planner, depth-first"),
        (["--strategy", "sweepers", "--budget", "30"], "only lookahead, planner, depth-first"),
        (["--strategy", "lookahead", "--budget", "0"], "--budget"),
        (["--strategy", "lookahead", "--budget", "2000000"], "1 to 1000000"),
        (["--strategy", "lookahead:x"], "whole number of positions"),
    ],
)
def test_bad_budgets_get_one_line(args: list[str], says: str) -> None:
    result = run("stats", "--rules", "modern", "--deals", "5", *args)
    assert result.returncode == 2
    assert says in result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr


def test_the_api_refuses_a_budget_where_there_is_none() -> None:
    with pytest.raises(InvalidRulesError, match="only lookahead, planner, depth-first"):
        simulate(rules=Rules("modern"), strategy="solver:10", deals=1)
    with pytest.raises(InvalidRulesError, match="cannot play parlett"):
        simulate(rules=Rules("parlett"), strategy="lookahead:10", deals=1, blind=True)
