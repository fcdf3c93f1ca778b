"""The command line starts at once: a command imports what it needs when it runs,
and no other command's machinery (figures: benches/startup.md)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from accordion.cli import COMMANDS, _quick, build_parser, main
from accordion.cli.errors import CliError
from accordion.cli.quick import Defaults, Unknown


def imported(*argv: str) -> set[str]:
    """The modules ``python -m accordion ARGV`` imports (``-X importtime`` lists each)."""
    return _imported("-m", "accordion", *argv)


def _imported(*argv: str) -> set[str]:
    """The modules ``python ARGV`` imports."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", *argv],
        capture_output=True,
        text=True,
        check=False,
    )
    return {
        line.rpartition("|")[2].strip()
        for line in done.stderr.splitlines()
        if line.startswith("import time:") and "self [us]" not in line
    }


#: What solving one deal given on the command line has no use for: the batch
#: machinery (thread pools, checkpoints, clusters), the other commands, the table,
#: and the standard modules that cost milliseconds to import.
HEAVY = {
    "accordion.batch",
    "accordion.play",
    "accordion.reference",
    "accordion.cli.deal",
    "accordion.cli.stats",
    "accordion.cli.hunt",
    "accordion.cli.play",
    "accordion.cli.rate",
    "dataclasses",
    "inspect",
    "concurrent.futures",
    "logging",
    "statistics",
    "json",
    "tempfile",
    "shutil",
    "hashlib",
    "random",
    "asyncio",
    "textual",
}


#: What the command line needs only to read options, or only for the type checker:
#: argparse with the modules it imports (`re`, `gettext`, and `locale` at its first
#: message), `typing`, and `signal` with `enum` (the package takes `_signal`).
#: Each costs about a millisecond or more.
READ_OPTIONS = {
    "argparse",
    "re",
    "gettext",
    "locale",
    "typing",
    "signal",
    "enum",
    "threading",
    "accordion.cli.parser",
}


@pytest.mark.parametrize("deals", [["7H 2C 3C 7C"], ["7H 2C 3C 7C", "2C 3C"]])
def test_solving_deals_given_imports_nothing_heavy(deals: list[str]) -> None:
    """One deal, or two (with the closing tally line and its median)."""
    loaded = imported("solve", *deals)
    assert "accordion.cli.solve" in loaded  # the listing is read right
    assert loaded & HEAVY == set()


@pytest.mark.parametrize(
    "times", [[1.0], [3.0, 1.0], [5.0, 1.0, 2.0], [4.0, 1.0, 3.0, 2.0], [0.5] * 6 + [9.0]]
)
def test_the_tally_median_is_statistics_median(times: list[float]) -> None:
    """The tally finds its median without importing `statistics`; the same value."""
    import statistics

    from accordion.cli.tally import Tally

    tally = Tally()
    for seconds in times:
        tally.add(_Solved(seconds / 1000))
    assert tally.median() == (pytest.approx(statistics.median(times)), True)


def test_the_registry_types_are_written_once_and_made_at_run_time_from_that_spelling() -> None:
    """``Capability``, ``Engines``, ``RuleName``, ``LevelName`` and the strategies are
    written once, as ``Literal`` (accordion.games imports no `typing`: at run time its
    stand-in gives the values): the values at run time and the types made from them
    name the values written, in order, and the stand-in does not outlive the module's
    body."""
    import ast
    from typing import get_args

    from accordion import games

    source = ast.parse(Path(games.__file__).read_text(encoding="utf-8"))
    spelt = {
        node.targets[0].id: tuple(ast.literal_eval(node.value.slice))
        for node in ast.walk(source)
        if isinstance(node, ast.Assign)
        and isinstance(node.targets[0], ast.Name)
        and isinstance(node.value, ast.Subscript)
        and ast.unparse(node.value.value) == "Literal"
    }
    assert set(spelt) == {
        "Capability",
        "Engines",
        "RuleName",
        "LevelName",
        "AccordionStrategy",
        "ThrowStrategy",
    }
    for name, values in spelt.items():
        assert get_args(getattr(games, name)) == values, name
    assert spelt["Capability"] == games.CAPABILITIES
    assert spelt["RuleName"] == games.RULE_SETS == games.ALL_RULE_SETS[:-1]
    assert spelt["LevelName"] == games.LEVELS
    assert all(isinstance(value, str) for value in games.CAPABILITIES)
    assert spelt["AccordionStrategy"] == games.GAMES["accordion"].strategies
    assert spelt["ThrowStrategy"] == games.GAMES["bayan"].strategies
    assert not hasattr(games, "Literal")
    assert not hasattr(games, "get_args")


class _Solved:
    result = "win"

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds


def test_solving_deals_given_alone_reads_them_without_argparse_or_typing() -> None:
    """With no option given, `accordion solve` reads its words without argparse
    (accordion.cli.quick), and no module on the way imports `typing` or `signal`
    (what Python imports before any of the package, here, is left out)."""
    loaded = imported("solve", "7H 2C 3C 7C", "2C 3C")
    assert {"accordion.cli.solve", "accordion.cli.quick"} <= loaded
    assert (loaded - _imported("-c", "pass")) & READ_OPTIONS == set()


def test_an_option_is_read_by_argparse() -> None:
    loaded = imported("solve", "--json", "7H 2C 3C 7C")
    assert {"argparse", "accordion.cli.parser"} <= loaded


def test_help_lists_every_command() -> None:
    text = build_parser().format_help()
    for name in COMMANDS:
        assert name in text


@pytest.mark.parametrize("name", COMMANDS)
@pytest.mark.parametrize(
    "words", [[], ["7H 2C 3C 7C"], ["7H", "2C", "3C"], ["7H 2C", "AS KS"], [""], ["x"]]
)
def test_words_without_options_read_as_argparse_reads_them(name: str, words: list[str]) -> None:
    """accordion.cli.quick gives what argparse gives, for every command and any
    words that are no option; where it cannot tell (a command without a place for
    the words), it leaves them to argparse."""
    quick = _quick([name, *words])
    try:
        parsed = build_parser(name).parse_args([name, *words])
    except CliError:
        assert quick is None
        return
    if quick is None:
        # Only a command that takes no words, given some, is left to argparse
        # (which refuses them: so never here).
        pytest.fail(f"{name} {words} read by argparse only")
    assert vars(quick) == {**vars(parsed), "run": parsed.run}


def test_what_quick_cannot_read_is_left_to_argparse() -> None:
    assert _quick(["solve", "--json", "7H 2C"]) is None
    assert _quick(["solve", "7H 2C", "-h"]) is None
    assert _quick(["solve", "--", "7H 2C"]) is None
    assert _quick(["sovle", "7H 2C"]) is None
    assert _quick([]) is None
    defaults = Defaults()
    with pytest.raises(Unknown):
        defaults.add_argument("--must", required=True)
    with pytest.raises(Unknown):
        defaults.add_argument("--flag", action=object)
    with pytest.raises(Unknown):
        defaults.add_argument("number", type=int)
    with pytest.raises(Unknown):
        defaults.add_subparsers()


def test_quick_reads_defaults_as_argparse_does() -> None:
    """A string default goes through the option's type; ``set_defaults`` wins;
    ``store_true`` is False; SUPPRESS sets nothing; the name is argparse's."""
    defaults = Defaults()
    defaults.add_argument("--max-nodes", type=int, default="12")
    defaults.add_argument("-q", "--be-quiet", action="store_true")
    defaults.add_argument("--keep", action="store_false")
    defaults.add_argument("-n", dest="number", default=3)
    defaults.add_argument("--hidden", default="==SUPPRESS==")
    defaults.add_argument("words", nargs="+")
    defaults.set_defaults(keep="fixed")
    assert defaults.values == {"max_nodes": 12, "be_quiet": False, "keep": True, "number": 3}
    assert defaults.fixed == {"keep": "fixed"}
    assert defaults.positional == ("words", "+")


@pytest.mark.parametrize("name", COMMANDS)
def test_each_command_parses_alone(name: str) -> None:
    parser = build_parser(name)
    args = parser.parse_args([name, *_minimal(name)])
    assert args.command == name


def _minimal(name: str) -> list[str]:
    return {
        "solve": ["7H 2C 3C 7C"],
        "rate": ["7H 2C 3C 7C"],
        "stats": ["--deals", "9"],
        "hunt": ["--count", "3"],
    }.get(name, [])


@pytest.mark.parametrize(
    ("typed", "meant"), [("sovle", "solve"), ("stat", "stats"), ("hnut", "hunt")]
)
def test_a_misspelt_command_gets_did_you_mean(
    typed: str, meant: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([typed, "7H 2C"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert f'unknown command "{typed}"; did you mean {meant}?' in err


def test_an_unknown_command_lists_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["xyzzy"]) == 2
    err = capsys.readouterr().err
    assert "did you mean" not in err
    assert "commands: deal, solve" in err
