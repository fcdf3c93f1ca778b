"""Text echoed in a message is quoted one way everywhere (docs/errors.md): the core's
double quotes and escapes, cut to 60 characters with the length said, whether the
message comes from the core, the binding, the reference engine, the registry, the
command line or the web API."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest
from conftest import run_cli

import accordion
from accordion import reference
from accordion.errors import AccordionError, quoted, shown
from accordion.games import GAMES, find_game

#: Text a user may type, and what every message shows of it.
ECHOED = {
    "nope": '"nope"',
    "it's": '"it\'s"',
    'say "hi"': '"say \\"hi\\""',
    "tab\there": '"tab\\there"',
    "new\nline": '"new\\nline"',
    "nul\0": '"nul\\0"',
    "zero\u200bwidth": '"zero\\u{200b}width"',
    "é": '"é"',
    "x" * 61: f'"{"x" * 60}…" (61 characters)',
}


@pytest.mark.parametrize(("text", "echo"), ECHOED.items())
def test_shown_quotes_text_as_the_core_does(text: str, echo: str) -> None:
    assert shown(text) == quoted(text) == echo


def test_a_lone_surrogate_is_echoed_as_the_engines_read_it() -> None:
    assert shown("a\ud800") == '"a\\\\ud800"'


def message(call: Callable[[], Any]) -> str:
    with pytest.raises((AccordionError, TypeError)) as raised:
        call()
    return str(raised.value)


#: Calls of both engines that echo a str argument: the binding's own messages
#: (a PySolFC number, a grade, a solution's result) and the core's.
CALLS: dict[str, Callable[[ModuleType, str], Any]] = {
    "pysol number": lambda e, text: e.Deal.from_pysol(text),
    "pysol game": lambda e, text: e.Deal.from_pysol(1, text),
    "solvitaire game": lambda e, text: e.Deal.from_solvitaire(1, text),
    "grade": lambda e, text: e.Outcome(piles=3, grade=text, is_over=True),
    "grade before the end": lambda e, text: e.Outcome(piles=3, grade=text, is_over=False),
    "result": lambda e, text: e.Solution.from_dict({**e.solve("7H 7C").to_dict(), "result": text}),
    "rules": lambda e, text: e.Rules(text),
    "card": lambda e, text: e.Card(text),
}


@pytest.mark.parametrize("call", CALLS.values(), ids=list(CALLS))
@pytest.mark.parametrize("text", [*ECHOED, "a\ud800"], ids=repr)
def test_both_engines_echo_a_value_alike(call: Callable[[ModuleType, str], Any], text: str) -> None:
    said = [message(lambda e=engine: call(e, text)) for engine in (accordion._core, reference)]
    assert said[0] == said[1]
    assert shown(text) in said[0], said[0]


def test_the_python_side_echoes_as_the_core() -> None:
    assert 'unknown game "no\\tpe"' in message(lambda: find_game("no\tpe"))
    game = GAMES["royal-marriage"]
    refused = message(lambda: game.check_rules("it's", None))
    assert refused.startswith('rules "it\'s": game "royal-marriage" (Royal Marriage)')


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["solvee"], 'unknown command "solvee"'),
        (["solve", "--game", "no pe", "7H"], 'unknown game "no pe"'),
        (
            ["deal", "--difficulty", "it's"],
            'invalid choice: "it\'s" (choose from easy, medium, hard)',
        ),
        (["serve", "--port", "x"], 'not a port (1 to 65535): "x"'),
        (["solve", "--seed", "x"], 'not a deal number: "x"'),
    ],
)
def test_the_command_line_echoes_as_the_core(args: list[str], said: str) -> None:
    done = run_cli(*args)
    assert done.returncode == 2
    assert said in done.stderr, done.stderr


def test_the_web_api_echoes_as_the_core() -> None:
    pytest.importorskip("fastapi", reason="the web extra is not installed")
    pytest.importorskip("httpx", reason="the test client needs httpx")
    from _helpers import web_client

    from accordion.web.app import create_app

    with web_client(create_app()) as client:
        refused = client.post("/api/solve", json={"seed": 1, "game": "no\npe"})
        assert refused.status_code == 400
        assert 'unknown game "no\\npe"' in refused.json()["error"]
        refused = client.post("/api/solve", json={"seed": 1, "game": "bayan", "rules": "it's"})
        assert 'rules "it\'s": game "bayan"' in refused.json()["error"]
