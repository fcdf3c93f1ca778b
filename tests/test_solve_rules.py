"""The rule sets each game's ``solve`` takes, held to the registry on every surface.

``GAMES[name].solve_rules`` says which rule sets ``solve`` takes for an open row, and
``forced_rules`` which of them force every action (the one line is then played out).
The Python API of both engines, ``accordion solve --rules`` and its ``--help``, the
web API's ``POST /api/solve`` and ``GET /api/games``, and ``stats --each`` say and do
what it says.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from conftest import run_cli

from accordion import Deal, Game, Rules
from accordion.games import ALL_RULE_SETS, GAMES, RULE_SETS, Descriptor

if TYPE_CHECKING:
    from starlette.testclient import TestClient

#: A short deal of each game: numbered, or PySolFC's (Accordion's Revenge's goal card
#: comes from that number).
SOURCES: dict[str, dict[str, int]] = {
    name: {"pysol": 1} if name == "accordions-revenge" else {"seed": 13, "cards": 10}
    for name in GAMES
}


def cli_source(name: str) -> list[str]:
    return [arg for key, value in SOURCES[name].items() for arg in (f"--{key}", str(value))]


def forced_line(game: Descriptor, rules: Any, deal: Any) -> list[str]:
    """The one line of a game whose rules force every action, played out."""
    played = game.game_class()(deal, rules)
    line = []
    while not played.is_over:
        (only,) = played.legal_moves
        played.play(only)
        line.append(str(only))
    return line


def numbered(game: Descriptor, engine: str = "core") -> Any:
    source = SOURCES[game.name]
    if "pysol" in source:
        return Deal.from_pysol(source["pysol"], game.name)
    return game.numbered(engine)(source["seed"], source["cards"])


def rules_of(game: Descriptor, name: str, engine: str = "core") -> Any:
    """The rule set ``name`` as ``game``'s classes take it (Accordion's with its variant)."""
    if not game.plays_accordion:
        return name
    variant = game.variant
    if variant is None:
        return Rules(name) if engine == "core" else name
    pysol = SOURCES[game.name].get("pysol")
    goal = None if pysol is None else Rules.from_pysol(game.name, pysol).goal
    return Rules(
        name,
        two_way=variant.two_way,
        distances=variant.distances,
        win_piles=variant.win_piles,
        goal=goal if variant.goal_from_pysol else None,
    )


def test_accordion_s_solver_takes_every_rule_set_and_plays_the_forced_ones_out() -> None:
    accordion = GAMES["accordion"]
    assert accordion.solve_rules == RULE_SETS
    assert accordion.forced_rules == ("strict", "strict-leap")
    for game in GAMES.values():
        assert set(game.forced_rules) <= set(game.solve_rules) <= set(game.rules)


@pytest.mark.parametrize("name", [n for n in GAMES if GAMES[n].forced_rules])
def test_the_python_api_plays_forced_rules_out_in_both_engines(name: str) -> None:
    game = GAMES[name]
    deal = numbered(game)
    for rules in game.forced_rules:
        line = forced_line(game, rules_of(game, rules), deal)
        for engine in ("core", "reference"):
            if engine == "reference" and game.variant is not None:
                continue  # the reference's variant rules are Accordion's own test's
            solution = game.solver(engine)(str(deal), rules=rules_of(game, rules, engine))
            assert [str(move) for move in solution.moves] == line, (engine, rules)
            assert solution.result in ("win", "loss")


@pytest.mark.parametrize("name", list(GAMES))
def test_solve_on_the_command_line_takes_the_registry_s_rule_sets(name: str) -> None:
    game = GAMES[name]
    for rules in game.rules:
        done = run_cli(
            "solve", "--game", name, "--rules", rules, *cli_source(name), "--max-nodes", "20000",
            "--json",
        )  # fmt: skip
        if rules not in game.solve_rules:
            assert done.returncode == 2 and done.stdout == "", (rules, done.stderr)
            assert f"not {rules}" in done.stderr
            continue
        assert done.returncode == 0, (rules, done.stderr)
        answer = json.loads(done.stdout)
        if rules in game.forced_rules:
            deal = game.parse_row(answer["deal"])
            assert answer["moves"] == forced_line(game, rules_of(game, rules), deal)


def help_rule_sets(text: str) -> set[str]:
    """The rule set names a piece of help text names (``strict`` apart from ``strict-leap``)."""
    return {name for name in ALL_RULE_SETS if re.search(rf"(?<![\w-]){name}(?![\w-])", text)}


def test_solve_s_help_lists_each_game_s_solve_rules() -> None:
    done = run_cli("solve", "--help")
    assert done.returncode == 0
    flat = " ".join(done.stdout.split())
    rules_help = flat.split("--rules NAME ", 1)[1].split(" --game NAME", 1)[0]
    accordion, *others = rules_help.split("; ")
    assert help_rule_sets(accordion) == set(GAMES["accordion"].solve_rules)
    assert "played out" in accordion
    listed = dict(other.split(": ", 1) for other in others)
    assert set(listed) == {name for name, game in GAMES.items() if not game.plays_accordion}
    for name, said in listed.items():
        game = GAMES[name]
        assert help_rule_sets(said) == set(game.solve_rules), name
        played_out = {r.split(" ")[0] for r in said.split(", ") if r.endswith("(played out)")}
        assert played_out == set(game.forced_rules), name


# The web API ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    pytest.importorskip("fastapi", reason="the web extra is not installed")
    pytest.importorskip("httpx", reason="the test client needs httpx")
    from _helpers import web_client

    from accordion.web.app import create_app

    with web_client(create_app()) as test_client:
        yield test_client


def test_the_api_lists_each_game_s_solve_rules(client: TestClient) -> None:
    for listed in client.get("/api/games").json():
        game = GAMES[listed["name"]]
        assert listed["solve_rules"] == list(game.solve_rules)
        assert listed["forced_rules"] == list(game.forced_rules)


def test_the_api_s_schema_says_which_rules_solve_takes(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()["components"]["schemas"]["SolveRequest"]
    assert "solve_rules" in schema["properties"]["rules"]["description"]


@pytest.mark.parametrize("name", list(GAMES))
def test_the_api_solves_under_the_registry_s_rule_sets(client: TestClient, name: str) -> None:
    game = GAMES[name]
    for rules in game.rules:
        answer = client.post(
            "/api/solve", json={"game": name, "rules": rules, "time_limit": 5, **SOURCES[name]}
        )
        if rules not in game.solve_rules:
            assert answer.status_code == 400, (rules, answer.text)
            assert f"rules {rules}" in answer.json()["error"].replace("'", "").replace('"', "")
            continue
        assert answer.status_code == 200, (rules, answer.text)
        if rules in game.forced_rules:
            deal = game.parse_row(answer.json()["deal"])
            assert answer.json()["moves"] == forced_line(game, rules_of(game, rules), deal)


# stats --each --------------------------------------------------------------------------

#: A row whose two-way strict-leap game ends otherwise dealt as it goes than laid out.
TWO_WAY_ROW = "5S 3C 5C 9D 6C JS 6S 5H QS 3H 5D 7D"


@pytest.mark.parametrize("blind", [False, True])
def test_each_plays_forced_rules_out_blind_or_open(tmp_path: Path, blind: bool) -> None:
    rows = tmp_path / "rows.txt"
    rows.write_text(TWO_WAY_ROW + "\n")
    flags = ["--blind"] if blind else []
    done = run_cli(
        "stats", "--each", "--rules", "strict-leap", "--two-way", "--file", str(rows), "--json",
        *flags,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    played = Game(TWO_WAY_ROW, Rules("strict-leap", two_way=True), blind=blind)
    while not played.is_over:
        (only,) = played.legal_moves
        played.play(only)
    assert json.loads(done.stdout)["sizes"] == [len(pile) for pile in played.piles]
