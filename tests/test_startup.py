"""The command line starts at once: a command imports what it needs when it runs,
and no other command's machinery (figures: benches/startup.md)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from accordion.cli import COMMANDS, build_parser, main


def imported(*argv: str) -> set[str]:
    """The modules ``python -m accordion ARGV`` imports (``-X importtime`` lists each)."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "accordion", *argv],
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


def test_solving_one_deal_imports_nothing_heavy() -> None:
    loaded = imported("solve", "7H 2C 3C 7C")
    assert "accordion.cli.solve" in loaded  # the listing is read right
    assert loaded & HEAVY == set()


def test_help_lists_every_command() -> None:
    text = build_parser().format_help()
    for name in COMMANDS:
        assert name in text


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
    assert f"unknown command '{typed}'; did you mean {meant}?" in err


def test_an_unknown_command_lists_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["xyzzy"]) == 2
    err = capsys.readouterr().err
    assert "did you mean" not in err
    assert "commands: deal, solve" in err
