"""Issue 10's list of ways bad input got past the CLI, each through a real process:
one `accordion: error:` line, exit 2 (130 for Ctrl-C), never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from _helpers import interrupted_cli, terminal
from conftest import run_cli

import accordion
from accordion.games import GAMES


def one_error_line(result: subprocess.CompletedProcess[str], *words: str, status: int = 2) -> str:
    assert result.returncode == status, (result.returncode, result.stderr)
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("accordion: error: "), lines[0]
    assert lines[0].count("accordion:") == 1 and "error: accordion" not in lines[0]
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


@pytest.mark.parametrize("timeout", ["-1", "0", "nan", "-0", "-inf"])
@pytest.mark.parametrize(
    "game", [name for name, game in GAMES.items() if game.engine == name and game.supports("solve")]
)
def test_bad_timeouts(timeout: str, game: str) -> None:
    result = run_cli("solve", "--game", game, "--seed", "1", f"--timeout={timeout}")
    one_error_line(result, "--timeout must be a positive number of seconds")


def test_huge_numbers_are_refused_by_name() -> None:
    huge = "99999999999999999999999"
    one_error_line(run_cli("solve", "--seed", "1", "--max-nodes", huge), "--max-nodes", huge)
    one_error_line(
        run_cli("solve", "--cards", "10", "--seed", "1", "--distances", "99999999999999999999"),
        "distance 99999999999999999999",
    )
    # The value given, not the value it was clamped to ("distance 0").
    one_error_line(run_cli("solve", "--seed", "1", "--distances", "-5"), "distance -5 ")


@pytest.mark.parametrize(
    "command",
    [
        ["solve", "--seed", "1"],
        ["stats", "--rules", "strict"],
        # These two solve one deal after another, but the bound is the same.
        ["solve", "--game", "bayan", "--seed", "1"],
        ["solve", "--game", "royal-marriage", "--seed", "1"],
        ["hunt", "--seed", "1", "--count", "1"],
    ],
)
def test_absurd_jobs_are_refused_at_once(command: list[str]) -> None:
    started = time.monotonic()
    extra = ["--deals", "10"] if command[0] == "stats" else []
    result = run_cli(*command, *extra, "--jobs", "100000")
    one_error_line(result, "--jobs must be 1 to 256", "100000")
    assert time.monotonic() - started < 30


def test_plot_to_a_missing_folder_is_refused_before_the_work(tmp_path: Path) -> None:
    result = run_cli("stats", "--rules", "strict", "--deals", "10", "--plot", "/nonexistent/h.png")
    one_error_line(result, "--plot", "no folder /nonexistent")
    assert result.stdout == ""  # refused before any figure was printed


def test_binary_garbage_in_a_file_and_on_stdin(tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.bin"
    garbage.write_bytes(bytes(range(128, 256)) * 20)
    one_error_line(run_cli("solve", "--file", str(garbage)), "not UTF-8", "garbage.bin:")
    result = subprocess.run(
        [sys.executable, "-m", "accordion", "solve", "--file", "-"],
        input=b"\x00\xff\xfe",
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr.decode().startswith("accordion: error: -:1: not UTF-8")
    assert b"Traceback" not in result.stderr


def test_play_fed_random_bytes_never_crashes() -> None:
    noise = os.urandom(4000)
    result = subprocess.run(
        [sys.executable, "-m", "accordion", "play", "--seed", "1"],
        input=noise,
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert b"Traceback" not in result.stderr + result.stdout


def test_a_bom_and_trailing_comments_are_read(tmp_path: Path) -> None:
    rows = tmp_path / "rows.txt"
    rows.write_bytes("\ufeff7H 2C 3C 7C  # won in three\n2S 3S # a loss\n".encode())
    result = run_cli("solve", "--file", str(rows), "--json")
    assert result.returncode == 0, result.stderr
    assert len(result.stdout.splitlines()) == 2


def test_an_empty_file_says_it_is_empty(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("# nothing here\n\n", encoding="utf-8")
    one_error_line(run_cli("solve", "--file", str(empty)), "no deal in", "empty.txt")


@pytest.mark.parametrize("flag", [["--cards", "5"], ["--count", "3"], ["--cards", "52"]])
def test_count_and_cards_next_to_explicit_deals_are_refused(flag: list[str]) -> None:
    one_error_line(run_cli("solve", "AS 2D", *flag), flag[0], "--seed")


def test_a_megabyte_of_bad_deal_gets_a_short_message(tmp_path: Path) -> None:
    line = one_error_line(run_cli("solve", "Z" * 100_000), "unknown card")
    assert len(line) < 200 and "100000 characters" in line
    big = tmp_path / "big.txt"
    big.write_text("Z" * 1_000_000 + "\n", encoding="utf-8")
    line = one_error_line(run_cli("solve", "--file", str(big)), "longer than")
    assert len(line) < 200


def test_argparse_errors_are_prefixed_once_and_name_the_command() -> None:
    line = one_error_line(run_cli("solve", "--count", "0", "--seed", "1"), "--count")
    assert line.startswith("accordion: error: solve: argument --count")
    one_error_line(run_cli("frobnicate"), "frobnicate")


def test_version() -> None:
    result = run_cli("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"accordion {accordion.__version__}"


def test_stats_help_says_95_percent_once() -> None:
    result = run_cli("stats", "--help")
    assert result.returncode == 0
    assert "95%%" not in result.stdout and "95%" in result.stdout
    assert "95%%" not in run_cli("--help").stdout


def test_plurals_in_the_summary() -> None:
    result = run_cli("solve", "7H 7S")
    assert result.returncode == 0, result.stderr
    assert "win in 1 move " in result.stdout and "1 moves" not in result.stdout


def test_ctrl_c_gets_one_line_and_status_130_after_the_progress_line() -> None:
    err = interrupted_cli("stats", "--rules", "parlett", "--deals", "10000000", after=3)
    assert err.strip().splitlines()[-1] == "accordion: interrupted"


def test_an_internal_error_is_one_line_with_status_1() -> None:
    code = (
        "import sys, accordion.cli as c\n"
        "from accordion.cli import solve\n"
        "def boom(args): raise RuntimeError('boom')\n"
        "solve.run = boom\n"
        "sys.exit(c.main(['solve', '--seed', '1']))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("accordion: internal error: RuntimeError: boom")
    assert "report" in lines[0]


def test_more_hostile_numbers_on_every_command() -> None:
    line = one_error_line(
        run_cli("stats", "--rules", "strict", "--deals", "5", "--seed", str(2**64 - 1)),
        "last deal number",
    )
    assert str(2**64 + 3) in line
    assert (
        run_cli("stats", "--rules", "strict", "--deals", "1", "--seed", str(2**64 - 1)).returncode
        == 0
    )
    line = one_error_line(run_cli("deal", "--cards", "0"), "--cards", "got 0")
    assert line.count("--cards") == 1
    # A drawn deal number is said only once the deal is made.
    result = run_cli("deal", "--game", "royal-marriage", "--cards", "1")
    one_error_line(result, "--cards must be 2 to 52")
    # The seed of a Knuth deal is --knuth's, not --seed's.
    line = one_error_line(run_cli("solve", "--knuth", str(10**20)), "Knuth seed")
    assert "--seed" not in line
    one_error_line(run_cli("play", "--seed", "-1"), "--seed")
    one_error_line(run_cli("solve", "--game", "royal-marriage", "7H"), "QH")
    one_error_line(run_cli("solve", "--distances", ",,,", "--seed", "1"), "--distances")


def test_the_progress_line_is_erased_before_results_and_before_the_interrupt() -> None:
    import pexpect  # type: ignore[import-untyped,unused-ignore]

    child = terminal(
        "solve", "--seed", "1", "--count", "600", "--cards", "30", columns=120, timeout=120
    )
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    text = child.before or ""
    # Every result line starts a line of its own: the bar was erased before it.
    for line in text.split("\r\n"):
        shown = line.split("\r")[-1].replace("\x1b[K", "")
        if "deal " in shown and "/600" in shown:
            assert shown.startswith("deal "), repr(line)
    child = terminal(
        *("stats", "--rules", "parlett", "--deals", "10000000", "--chunk", "64"),
        columns=120,
        timeout=120,
    )
    child.expect_exact("simulating: [")
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    tail = (child.before or "").replace("\r\n", "\n")
    assert "\r\x1b[Kaccordion: interrupted" in tail
