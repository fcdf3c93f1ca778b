"""Defects a hostile review of the command line found: each test runs the command
as a user does (a subprocess) and checks the one-line error contract."""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Any

import pytest
from conftest import DATA


def cli(*args: str, timeout: float = 120, **options: Any) -> subprocess.CompletedProcess[str]:
    """`python -m accordion ARGS`, with a deadline: a hang is a failure."""
    if "stdout" not in options and "stderr" not in options:
        options["capture_output"] = True
    return subprocess.run(
        [sys.executable, "-m", "accordion", *args],
        text=True,
        timeout=timeout,
        check=False,
        **options,
    )


def one_error(result: subprocess.CompletedProcess[str], status: int, *says: str) -> None:
    """The run failed with ``status`` and exactly one ``accordion: error:`` line saying ``says``."""
    assert result.returncode == status, result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
    assert result.stderr.startswith("accordion: error: "), result.stderr
    for text in says:
        assert text in result.stderr, result.stderr


UVA = str(DATA / "uva-127-sample.txt")


# A closed standard input ------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["solve", "--file", "-"], "--file -: cannot read it: standard input is closed"),
        (["rate", "--file", "-"], "--file -: cannot read it: standard input is closed"),
        (
            ["stats", "--each", "--game", "accordian", "--rules", "uva", "--file", "-"],
            "--file -: cannot read it: standard input is closed",
        ),
        (["play", "--seed", "1"], "play: standard input is closed"),
        (["play", "--seed", "1", "--plain"], "play: standard input is closed"),
    ],
)
def test_a_closed_standard_input_is_one_line(args: list[str], says: str) -> None:
    result = cli(*args, stdin=None, preexec_fn=lambda: os.close(0))
    one_error(result, 1, says)


# stats --each refuses the flags it would ignore --------------------------------------

EACH = ("stats", "--game", "accordian", "--rules", "uva", "--file", UVA, "--each")


@pytest.mark.parametrize(
    "extra",
    [
        ["--checkpoint", "CK"],
        ["--scheduler", "tcp://127.0.0.1:1"],
        ["--chunk", "5"],
        ["--jobs", "2"],
    ],
)
def test_stats_each_refuses_the_batch_flags(tmp_path: Any, extra: list[str]) -> None:
    extra = [str(tmp_path / "ck") if word == "CK" else word for word in extra]
    result = cli(*EACH, *extra)
    flag = "--blind/--open" if extra[0] in ("--blind", "--open") else extra[0]
    one_error(result, 2, f"stats --each: {flag}", "drop it")
    assert result.stdout == ""
    assert not (tmp_path / "ck").exists()


def test_stats_each_refuses_every_flag_it_does_not_take() -> None:
    # Read from the parser: a flag added to `stats` is refused by --each until it
    # is taken on purpose (each.TAKES).
    import argparse

    from accordion.cli import each, stats
    from accordion.cli.common import CliError

    parser = argparse.ArgumentParser()
    stats.add_flags(parser)
    checked = 0
    for rules, takes in (("uva", each.TAKES | each.TAKES_FORCED), ("modern", each.TAKES)):
        base = parser.parse_args(["--each", "--file", "F", "--game", "accordian", "--rules", rules])
        for action in parser._actions:
            if not action.option_strings or action.dest in takes or action.dest == "help":
                continue
            args = argparse.Namespace(**vars(base))
            setattr(args, action.dest, object())
            with pytest.raises(CliError, match="drop it"):
                each.check(args, stats.add_flags)
            checked += 1
        each.check(base, stats.add_flags)  # the flags it takes pass
    assert checked >= 20


@pytest.mark.parametrize("flag", ["--blind", "--open"])
def test_stats_each_deals_blind_or_open_only_what_it_plays_out(flag: str) -> None:
    """Rules that force every action are played out, dealt as they go with
    --blind; the rows the solver takes are open, so there the flag is refused."""
    assert cli(*EACH, flag).returncode == 0
    solved = ("stats", "--game", "accordian", "--rules", "modern", "--file", UVA, "--each")
    one_error(
        cli(*solved, flag),
        2,
        "stats --each: --blind/--open is for rules that force every action "
        "(--rules modern is solved); drop it",
    )


# Each command's messages name that command --------------------------------------------


@pytest.mark.parametrize("command", ["solve", "rate"])
def test_no_deal_names_the_command(command: str) -> None:
    result = cli(command)
    one_error(result, 2, f"error: {command}: give deals as arguments")
    result = cli(command, "--json")
    one_error(result, 2, f"error: {command}: give deals as arguments")


# A checkpoint that cannot be made ------------------------------------------------------


@pytest.mark.parametrize("path", ["/proc/x.ck", "/proc/self/foo"])
def test_a_checkpoint_that_cannot_be_made_is_a_file_error(path: str) -> None:
    result = cli("solve", "--seed", "1", "--count", "20", "--checkpoint", path)
    one_error(result, 1, f"--checkpoint {path}: cannot write it")
    assert result.stdout == ""


def test_an_empty_checkpoint_name_is_bad_input() -> None:
    result = cli("solve", "--seed", "1", "--count", "20", "--checkpoint", "")
    one_error(result, 2, "the file name is empty")
