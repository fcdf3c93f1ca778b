"""Defects a hostile review of the command line found: each test runs the command
as a user does (a subprocess) and checks the one-line error contract."""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Any

import pytest
from conftest import DATA, run_cli
from test_faults import cli, one_error

from accordion.cli.stats import BUDGETED
from accordion.games import GAMES

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


# SIGTERM and SIGHUP stop a command as Ctrl-C does ---------------------------------------


def _started(process: subprocess.Popen[str], ready: Any) -> None:
    """Wait (at most a minute) until ``ready()`` says the command is at work."""
    import time

    deadline = time.monotonic() + 60
    while not ready():
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "the command never started"
        time.sleep(0.05)


@pytest.mark.parametrize(("name", "status"), [("SIGTERM", 143), ("SIGHUP", 129)])
def test_an_ending_signal_keeps_the_checkpoint_and_says_so(
    tmp_path: Any, name: str, status: int
) -> None:
    import signal

    path = tmp_path / "h.ckpt"
    args = ["hunt", "--seed", "1", "--count", "50000000", "--chunk", "5000", "--jobs", "1"]
    process = subprocess.Popen(
        [sys.executable, "-m", "accordion", *args, "--checkpoint", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    # At work once a chunk is recorded (the header is line 1).
    _started(process, lambda: path.exists() and path.read_bytes().count(b"\n") >= 2)
    process.send_signal(getattr(signal, name))
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == status, stderr
    assert stderr.count("\n") == 1, stderr
    assert stderr.startswith(f"accordion: stopped by {name}: the finished chunks are kept in ")
    assert str(path) in stderr and "run the same command again" in stderr


def test_sigterm_stops_serve_cleanly() -> None:
    import signal
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen(
        [sys.executable, "-m", "accordion", "serve", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )

    def listening() -> bool:
        with socket.socket() as client:
            return client.connect_ex(("127.0.0.1", port)) == 0

    _started(process, listening)
    process.send_signal(signal.SIGTERM)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 143, stderr
    assert stderr.strip().splitlines()[-1] == "accordion: stopped by SIGTERM", stderr
    assert "Traceback" not in stderr


# A checkpoint of other arguments is told in the user's words ------------------------------


@pytest.mark.parametrize(
    ("first", "second", "says"),
    [
        (
            ["--rules", "modern"],
            ["--rules", "parlett"],
            "with --rules modern, this run has --rules parlett",
        ),
        ([], ["--timeout", "5"], "with no --timeout, this run has --timeout 5:"),
    ],
)
def test_a_checkpoint_mismatch_is_said_with_flags(
    tmp_path: Any, first: list[str], second: list[str], says: str
) -> None:
    path = str(tmp_path / "m.ck")
    base = ["solve", "--seed", "1", "--count", "5", "--checkpoint", path]
    assert cli(*base, *first).returncode == 0
    result = cli(*base, *second)
    one_error(result, 2, says)
    assert "Rules(" not in result.stderr and "null" not in result.stderr


def test_a_stats_checkpoint_mismatch_says_open(tmp_path: Any) -> None:
    path = str(tmp_path / "m.ck")
    assert cli("stats", "--deals", "5", "--checkpoint", path).returncode == 0
    result = cli("stats", "--deals", "5", "--checkpoint", path, "--open")
    one_error(result, 2, "with --blind, this run has --open:")


# play --stats on a damaged record speaks of no game -------------------------------------


def test_play_stats_on_a_damaged_record_mentions_no_game(tmp_path: Any) -> None:
    (tmp_path / "record.json").write_bytes(b"\xff\xfe")
    result = cli("play", "--stats", env={**os.environ, "ACCORDION_DATA_DIR": str(tmp_path)})
    one_error(result, 1, "is not text (damaged)", "nothing is shown")
    assert "game" not in result.stderr
    assert (tmp_path / "record.json").read_bytes() == b"\xff\xfe"


# Games played at the line prompt are counted in the record -------------------------------


def test_the_line_prompt_counts_its_games(tmp_path: Any) -> None:
    env = {**os.environ, "ACCORDION_DATA_DIR": str(tmp_path)}
    # Won; then the same deal won after an undo (one game); then one left after a
    # move (restart), helped by a hint, and one left at the end of input, unhelped.
    cli("play", "--deal", "7H 7S", "--plain", input="2 1\n", env=env)
    cli("play", "--deal", "7H 7S", "--plain", input="2 1\nundo\n2 1\n", env=env)
    cli("play", "--deal", "7H 7S 7D", "--plain", input="hint\n2 1\nrestart\n2 1\n", env=env)
    # Nothing played: not counted.
    cli("play", "--deal", "7H 7S 7D", "--plain", input="hint\n", env=env)
    result = cli("play", "--stats", env=env)
    assert result.returncode == 0, result.stderr
    row = next(line for line in result.stdout.splitlines() if line.startswith("accordion modern"))
    played, won, *_, assisted = row.split()[3:]
    assert (played, won, assisted) == ("4", "2", "1"), result.stdout


# Each command's help names only its own flags --------------------------------------------


def test_play_help_names_no_cards_flag() -> None:
    result = cli("play", "--help")
    assert result.returncode == 0, result.stderr
    assert "--cards" not in result.stdout
    assert "18 cards" in result.stdout  # --knuth still says what it deals
    assert "--cards 18" in cli("solve", "--help").stdout


# stats: --budget named; a --plot that cannot be written refused before the run -------------


def test_a_budget_out_of_range_names_the_flag() -> None:
    big = "99999999999999999999999"
    result = cli("stats", "--strategy", "lookahead", "--open", "--budget", big, "--deals", "1")
    one_error(result, 2, f"--budget {big}: must be")
    assert "lookahead:" not in result.stderr


def test_a_plot_that_cannot_be_written_is_refused_before_the_run(tmp_path: Any) -> None:
    # 10**9 deals would take hours: refused at once, or the test times out.
    result = cli("stats", "--deals", str(10**9), "--plot", "/proc/x.svg", timeout=60)
    one_error(result, 1, "--plot /proc/x.svg: cannot write it", "nothing was run")
    assert result.stdout == ""


def test_the_plot_check_leaves_no_file_behind(tmp_path: Any) -> None:
    import accordion.cli.stats as stats

    made = tmp_path / "new.svg"
    stats._check_plot_target(str(made))
    assert not made.exists()
    kept = tmp_path / "old.svg"
    kept.write_bytes(b"<svg/>")
    stats._check_plot_target(str(kept))
    assert kept.read_bytes() == b"<svg/>"


# Bytes that are not UTF-8 are said as --file says them ----------------------------------


def _raw(*args: bytes, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable.encode(), b"-m", b"accordion", *args],
        capture_output=True,
        input=stdin,
        timeout=120,
        check=False,
    )


def test_argument_bytes_that_are_not_utf8_are_said_once() -> None:
    result = _raw(b"solve", b"\xff\xfe")
    assert result.returncode == 2
    assert (
        result.stderr
        == b"accordion: error: deal argument 1: not UTF-8 text (byte 0xff at column 1)\n"
    )
    result = _raw(b"play", b"--plain", b"--deal", b"7H \xe9")
    assert result.returncode == 2
    assert b"--deal: not UTF-8 text (byte 0xe9 at column 4)" in result.stderr
    assert b"\\\\" not in result.stderr and b"udc" not in result.stderr


@pytest.mark.parametrize(
    ("args", "flag"),
    [
        ([b"solve", b"--game", b"\xff", b"3C 7D"], b"--game"),
        ([b"stats", b"--game", b"decade", b"--strategy", b"\xff", b"--deals", b"2"], b"--strategy"),
        ([b"solve", b"--game", b"decade", b"--rules", b"\xff", b"3C 7D"], b"--rules"),
        ([b"solve", b"--rules=\xff", b"3C 7D"], b"--rules"),
        ([b"solve", b"--seed", b"1", b"--cards", b"\xff"], b"--cards"),
    ],
)
def test_flag_bytes_that_are_not_utf8_are_said_once(args: list[bytes], flag: bytes) -> None:
    """A name or number given to a flag in bytes that are not UTF-8 was echoed with
    its surrogate escape escaped again (``unknown game "\\udcff"``)."""
    result = _raw(*args)
    assert result.returncode == 2
    assert (
        result.stderr
        == b"accordion: error: " + flag + b": not UTF-8 text (byte 0xff at column 1)\n"
    )


def test_prompt_bytes_that_are_not_utf8_are_said_once() -> None:
    result = _raw(b"play", b"--seed", b"1", b"--plain", stdin=b"\xe9\xcf\nquit\n")
    assert result.returncode == 0, result.stderr
    assert b"not UTF-8 text (byte 0xe9 at column 1)" in result.stdout
    assert b"udc" not in result.stdout


def test_main_gives_the_ending_signals_back() -> None:
    # A program calling `main` keeps its own way with SIGTERM once it returns.
    import signal

    from accordion import cli as command_line

    assert signal.getsignal(signal.SIGTERM) == signal.SIG_DFL
    assert command_line.main(["solve", "7H 7S"]) == 0
    assert signal.getsignal(signal.SIGTERM) == signal.SIG_DFL


# A refused value names the argument it was given as ------------------------------------


@pytest.mark.parametrize(
    "name",
    [name for name, game in GAMES.items() if game.supports("solve") and game.variant is None],
)
def test_a_refused_deal_argument_is_named(name: str) -> None:
    """``solve --game decade ""`` said ``a deal needs at least one card``, as if
    there were no argument to name; a row of --file names its line, and an
    argument its place."""
    cards = [str(card) for card in GAMES[name].numbered()(1, 6).cards]
    twice = " ".join([*cards[:2], cards[1], *cards[2:]])
    for args, said in [
        ([twice], f"deal argument 1: duplicate card {cards[1]} in deal"),
        (["", twice], "deal argument 1: a deal needs at least one card"),
        ([" ".join(cards), twice], f"deal argument 2: duplicate card {cards[1]}"),
        ([*cards[:2], cards[1]], f"deal arguments 1 to 3: duplicate card {cards[1]}"),
    ]:
        result = run_cli("solve", "--game", name, *args)
        assert result.returncode == 2 and result.stdout == "", args
        assert result.stderr.startswith(f"accordion: error: {said}"), result.stderr
        assert result.stderr.count("\n") == 1
    result = run_cli("play", "--plain", "--game", name, "--deal", twice)
    assert result.stderr == f"accordion: error: --deal: duplicate card {cards[1]} in deal\n"


@pytest.mark.parametrize("name", [name for name, game in GAMES.items() if game.supports("stats")])
def test_an_unknown_strategy_names_the_flag(name: str) -> None:
    """``stats --game decade --strategy lookahead`` said ``unknown Decade strategy
    "lookahead"`` without the flag; with --budget, Accordion's echoed the strategy
    with the budget glued on (``"nope:3"``), which the user never wrote."""
    game = GAMES[name]
    # (A game with no strategy that takes a budget says so first: test_hostile_wave5.)
    budgets = [[], ["--budget", "3"]] if set(BUDGETED) & set(game.strategies) else [[]]
    for budget in budgets:
        result = run_cli("stats", "--game", name, "--strategy", "nope", "--deals", "2", *budget)
        assert result.returncode == 2 and result.stdout == ""
        assert result.stderr == (
            f'accordion: error: --strategy: unknown {game.title} strategy "nope" '
            f"(known: {', '.join(game.strategies)})\n"
        )


def test_one_deal_of_one_card_is_counted_in_the_singular() -> None:
    """``stats --game decade --deals 1 --cards 1`` said ``1 open Decade deals of 1
    cards``; Accordion's stats and hunt alike."""
    for args, heading in [
        (["stats", "--game", "decade", "--deals", "1", "--cards", "1"],
         "1 open Decade deal of 1 card "),
        (["stats", "--deals", "1", "--cards", "1"], "1 blind Accordion deal of 1 card "),
        (["stats", "--deals", "2", "--cards", "3"], "2 blind Accordion deals of 3 cards "),
        (["hunt", "--seed", "1", "--count", "1", "--cards", "1"], "1 open deal of 1 card,"),
        (["hunt", "--game", "decade", "--seed", "1", "--count", "1", "--cards", "2"],
         "1 open Decade deal of 2 cards,"),
    ]:  # fmt: skip
        result = run_cli(*args)
        assert result.returncode == 0, result.stderr
        assert result.stdout.startswith(heading), result.stdout
