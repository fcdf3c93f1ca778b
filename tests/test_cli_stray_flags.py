"""An option given that does not apply to the game chosen is refused (one
``accordion: error:`` line, exit 2), also when its value is the default the help
names: the command line tells an option not given from one given."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run_cli

ROW = "5S 3C 5C 9D 6C JS 6S 5H"

REFUSED = [
    # A throw game has no Accordion variant: --distances 1,3 (the default's value) too.
    (("solve", "--game", "bayan", "--distances", "1,3", ROW), "solve --game bayan: "),
    (("solve", "--game", "decade", "--distances", "1,3", "--seed", "1"), "--game decade"),
    (("hunt", "--game", "bayan", "--count", "2", "--distances", "1,3"), "hunt --game bayan"),
    (("rate", "--game", "bayan", "--distances", "1,3", ROW), "rate --game bayan"),
    (("stats", "--game", "seven-up", "--deals", "2", "--distances", "1,3"), "--game seven-up"),
    # A game that fixes its own variant: another one given is refused, 1,3 too.
    (("solve", "--game", "23-skidoo", "--distances", "1,3", ROW), "fixes its own variant"),
    # --distances without --winnable/--difficulty chooses nothing in `deal`.
    (("deal", "--seed", "3", "--distances", "1,3"), "--distances goes with --winnable"),
]


@pytest.mark.parametrize("args, said", REFUSED, ids=[" ".join(a[:4]) for a, _ in REFUSED])
def test_an_option_that_does_not_apply_is_refused(args: tuple[str, ...], said: str) -> None:
    done = run_cli(*args)
    assert done.returncode == 2, done
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("accordion: error: "), done.stderr
    assert said in lines[0], lines[0]


TAKEN = [
    # Accordion takes --distances 1,3 given, as it takes it left out.
    ("solve", "--distances", "1,3", ROW),
    ("solve", "--game", "23-skidoo", "--distances", "2,3", ROW),
    ("solve", "--game", "bayan", ROW),
    ("deal", "--seed", "3", "--winnable", "--distances", "1,3", "--cards", "8"),
]


@pytest.mark.parametrize("args", TAKEN, ids=[" ".join(a[:4]) for a in TAKEN])
def test_what_applies_is_taken(args: tuple[str, ...]) -> None:
    done = run_cli(*args)
    assert done.returncode == 0, done.stderr
    assert done.stdout


@pytest.mark.parametrize(
    "flag",
    [("--seed", "5"), ("--seed", "1"), ("--cards", "52"), ("--cards", "10"), ("--budget", "5")],
)
def test_stats_each_refuses_the_options_of_numbered_deals(
    flag: tuple[str, str], tmp_path: Path
) -> None:
    """``stats --each`` plays the rows of its file: a first deal number, a count of
    cards or a strategy's budget given with it was dropped without a word."""
    rows = tmp_path / "rows.txt"
    rows.write_text(ROW + "\n")
    done = run_cli("stats", "--each", "--file", str(rows), *flag)
    assert done.returncode == 2, done
    assert (
        done.stderr == f"accordion: error: stats --each: {flag[0]} is for numbered deals; drop it\n"
    )
    assert run_cli("stats", "--each", "--file", str(rows)).returncode == 0


def test_stats_numbered_deals_still_start_at_1_with_52_cards() -> None:
    figures = json.loads(run_cli("stats", "--deals", "2", "--json").stdout)
    assert (figures["seed"], figures["cards"], figures["deals"]) == (1, 52, 2)
    figures = json.loads(
        run_cli("stats", "--deals", "2", "--seed", "7", "--cards", "9", "--json").stdout
    )
    assert (figures["seed"], figures["cards"]) == (7, 9)


def test_distances_given_as_the_default_solves_as_the_default() -> None:
    assert (
        run_cli("solve", "--json", "--distances", "1,3", ROW).stdout.split('"seconds"')[0]
        == (run_cli("solve", "--json", ROW).stdout.split('"seconds"')[0])
    )


def test_the_web_api_refuses_distances_given_as_the_default_where_they_do_not_apply() -> None:
    """The API likewise: ``distances: [1, 3]`` given with a throw game is refused, not dropped."""
    pytest.importorskip("fastapi", reason="the web extra is not installed")
    pytest.importorskip("httpx", reason="the test client needs httpx")
    from _helpers import web_client

    from accordion.web.app import create_app

    with web_client(create_app()) as client:
        row = {"deal": ROW, "distances": [1, 3]}
        refused = client.post("/api/solve", json={**row, "game": "bayan"})
        assert refused.status_code == 400, refused.text
        assert 'distances [1, 3] with game "bayan"' in refused.json()["error"]
        skidoo = client.post("/api/solve", json={**row, "game": "23-skidoo"})
        assert skidoo.status_code == 400, skidoo.text
        assert client.post("/api/solve", json=row).status_code == 200
