"""A hostile user's list for the newer paths (issue 24): checkpoints, schedulers,
streams, numbered deals' flags. Each case runs the command in a subprocess with a
deadline and states the exit status and what the one error line must say (or,
for status 0, that nothing went to stderr). Never a traceback, never a hang. The
throw games' batches (issue 23) get the same list from the registry: each of them with
its checkpoint damaged, of another game, version or command, empty or cut short, and
absurd ``--jobs``, ``--chunk`` and ``--scheduler`` (nothing broke).

Interesting finds of this list, fixed with it: ``--scheduler inproc://x`` and
``tls://`` without a TLS configuration were internal errors (and the failed
client then took 20 s to close); ``--pysol``/``--knuth``/``--solvitaire`` out of
range named ``number``/``seed``; ``--tries 10**30`` said "1 or more".
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import accordion
from accordion.games import GAMES, Descriptor

HUNT = "hunt --seed 1 --count 10 --cards 6"
STATS = "stats --rules strict --deals 10"

#: (command line after `accordion`, standard input or None, exit status, text of the error).
CASES: list[tuple[str, str | None, int, str]] = [
    # Batch flags
    (f"{HUNT} --chunk 0", None, 2, "--chunk: must be at least 1, got 0"),
    (f"{HUNT} --chunk -5", None, 2, "--chunk: must be at least 1, got -5"),
    (f"{HUNT} --chunk 99999999999999999999999", None, 0, ""),
    ("hunt --seed 18446744073709551615 --count 2", None, 2, "at most 2**64 - 1"),
    (f"{HUNT} --timeout nan", None, 2, "--timeout must be a positive number"),
    (f"{HUNT} --timeout -1", None, 2, "--timeout must be a positive number"),
    (f"{HUNT} --timeout inf", None, 0, ""),
    (f"{HUNT} --max-nodes 0", None, 2, "--max-nodes: must be at least 1"),
    (f"{HUNT} --jobs 100000", None, 2, "--jobs must be 1 to 256 threads"),
    # Scheduler addresses (nothing listens on these; 127.0.0.1 only)
    (f"{HUNT} --scheduler ''", None, 2, '--scheduler "" is not a scheduler address'),
    (f"{HUNT} --scheduler tcp://", None, 2, "is not a scheduler address"),
    (f"{HUNT} --scheduler tcp://127.0.0.1:", None, 2, "is not a scheduler address"),
    (f"{HUNT} --scheduler tcp://127.0.0.1:0", None, 2, "port 0 is not 1 to 65535"),
    (f"{HUNT} --scheduler tcp://127.0.0.1:-1", None, 2, "is not a scheduler address"),
    (f"{HUNT} --scheduler tcp://127.0.0.1:99999", None, 2, "port 99999 is not 1 to 65535"),
    (f"{HUNT} --scheduler 'tcp://[::1:8786'", None, 2, "is not a scheduler address"),
    (f"{HUNT} --scheduler tcp://127.0.0.1:8786/x", None, 2, "is not a scheduler address"),
    (f"{HUNT} --scheduler tcp://user@127.0.0.1:1", None, 2, "is not a scheduler address"),
    (f"{HUNT} --scheduler tcp://127.0.0.1:1", None, 2, "connection refused"),
    (f"{HUNT} --scheduler 127.0.0.1:1", None, 2, "connection refused"),
    (f"{HUNT} --scheduler 'tcp://[::1]:1'", None, 2, "--scheduler tcp://[::1]:1: "),
    (f"{HUNT} --scheduler inproc://x", None, 2, '"inproc://x" is not a scheduler address'),
    (f"{HUNT} --scheduler tls://127.0.0.1:1", None, 2, "tls:// needs Dask's TLS configuration"),
    (f"{HUNT} --scheduler http://127.0.0.1:8786", None, 2, "is not a scheduler address"),
    # Checkpoints
    (f"{HUNT} --checkpoint ''", None, 2, "--checkpoint "),
    (f"{HUNT} --checkpoint /dev/zero", None, 2, "is a device"),
    (f"{HUNT} --checkpoint /dev/null", None, 2, "is a device"),
    (f"{HUNT} --checkpoint /dev/full", None, 2, "is a device"),
    (f"{HUNT} --checkpoint /dev/stdin", "", 2, "is a pipe (FIFO)"),
    (f"{HUNT} --checkpoint /", None, 2, "is a folder"),
    (f"{HUNT} --checkpoint /no/such/folder/x", None, 2, "there is no folder /no/such/folder"),
    (f"{STATS} --checkpoint /proc/self/status", None, 2, "not an accordion checkpoint"),
    (f"{STATS} --checkpoint /etc/passwd", None, 2, "not an accordion checkpoint"),
    (f"{STATS} --checkpoint {{tmp}}/notes", None, 2, "not an accordion checkpoint"),
    (f"{STATS} --checkpoint {{tmp}}/bin", None, 2, "not an accordion checkpoint"),
    (f"{STATS} --checkpoint {{tmp}}/old", None, 2, "written in format 1, this version reads"),
    (f"{STATS} --checkpoint {{tmp}}/arguments", None, 2, "line 1 of"),
    (f"{STATS} --checkpoint {{tmp}}/huge", None, 2, "not an accordion checkpoint"),
    # --plot
    (f"{STATS} --plot /dev/full", None, 2, "must end in .png or .svg"),
    (f"{STATS} --plot x.gif", None, 2, "must end in .png or .svg"),
    (f"{STATS} --plot /nonexistent/x.png", None, 2, "there is no folder /nonexistent"),
    (f"{STATS} --plot {{tmp}}/dir.png", None, 2, "cannot write there"),
    # solve --file and standard input
    ("solve --file /nonexistent", None, 1, "--file /nonexistent: cannot read it"),
    ("solve --file /", None, 1, "--file /: cannot read it: Is a directory"),
    ("solve --file /dev/null", None, 2, "no deal in /dev/null"),
    ("solve --file /dev/zero", None, 2, "--file /dev/zero: a line longer than 65,536 bytes"),
    ("solve --file -", "", 2, "no deal in standard input"),
    ("solve --file -", "\n\n# only comments\n", 2, "no deal in standard input"),
    ("solve --file -", "\udcff\udcfe garbage\n", 2, "-:1: not UTF-8 text (byte 0xff"),
    ("solve --file -", "AS 2S\nAS AS\n", 2, "-:2: duplicate card AS"),
    ("solve --file -", "x" * 70_000, 2, "a line longer than 65,536 bytes"),
    ("solve --file -", "AS 2S\r\n3S 4S\r\n", 0, ""),
    ("solve --file -", "\ufeffAS 2S\n", 0, ""),
    ("solve --file -", "AS 2S", 0, ""),
    # Empty input, alike in every command (stats --each exited 0 silently)
    ("stats --rules modern --each --file -", "", 2, "--file -: no deal in standard input"),
    ("stats --game bayan --rules modern --each --file -", "\n", 2, "no deal in standard input"),
    ("stats --game accordian --rules uva --each --file /dev/null", None, 2, "no deal in /dev/null"),
    ("stats --game royal-marriage --rules modern --each --file -", "#", 2, "no deal in standard"),
    ("rate --file -", "# nothing\n", 2, "--file -: no deal in standard input"),
    ("solve --game bayan --file -", "", 2, "--file -: no deal in standard input"),
    ("stats --game accordian --rules uva --each --file /dev/zero", None, 2, "longer than 65,536"),
    # solve --file streams: errors keep their line, flags are checked before any row
    ("solve --file - --count 3", "AS 2S\n", 2, "--count goes with --seed"),
    ("solve --file - --cards 3", "AS 2S\n", 2, "--cards goes with --seed"),
    ("solve --file - --rules nonsense", "AS 2S\n", 2, 'unknown rule set "nonsense"'),
    ("solve --game accordian --file - --rules strict", "AS 2S\n", 2, "modern or uva, not strict"),
    ("solve --file - --json", "AS 2S\n" * 300 + "AS\tXX\n", 2, "-:301: "),
    ("solve --game royal-marriage --file -", "QH 5C KH\nAS 2S\n", 2, "-:2: a Royal Marriage deal"),
    ("solve --file - --seed 1 --count 2 --cards 5 --json", "AS 2S\n", 0, ""),
    # A checkpoint of another game says so, not a digest
    (
        "solve --game accordian --seed 1 --count 3 --cards 8 --checkpoint {tmp}/bayan.ckpt",
        None,
        2,
        'was written with game "bayan", this run has "accordian"',
    ),
    # play's input
    ("play --seed 1", "x" * 70_000 + "\n", 2, "play: standard input: a line longer than 65,536"),
    ("play --seed 1", "y" * 70_000, 2, "a line longer than 65,536 bytes"),
    ("play --seed 1", "\x00\x00\x00\n", 0, ""),
    ("play --seed 1", "", 0, ""),
    ("play --seed 1", "7H>7S\n" * 3, 0, ""),
    # Numbered deals: named by their flag
    ("deal --pysol -1", None, 2, "--pysol must be a PySolFC game number"),
    ("deal --pysol 99999999999999999999999", None, 2, "--pysol must be a PySolFC game number"),
    ("deal --knuth 99999999999999999999999", None, 2, "--knuth must be a Knuth seed"),
    ("deal --solvitaire -1", None, 2, "--solvitaire must be a Solvitaire seed"),
    ("deal --solvitaire 99999999999999999999999", None, 2, "--solvitaire must be a Solvitaire"),
    ("deal --winnable --tries 0", None, 2, "--tries: must be at least 1, got 0"),
    ("deal --winnable --tries 1" + "0" * 30, None, 2, "--tries must be 1 to 2**64 - 1"),
    ("deal --winnable --tries 18446744073709551616", None, 2, "--tries must be 1 to 2**64 - 1"),
]


#: The throw games' batches (issue 23: every capability for every game), the registry's:
#: each command with its checkpoint damaged, of another game, of another version or
#: command, empty or cut short, and absurd batch flags.
THROW_GAMES = [
    game
    for game in GAMES.values()
    if not game.plays_accordion and game.supports("stats-batch") and game.supports("hunt")
]


def _throw_stats(game: Descriptor) -> str:
    return f"stats --game {game.name} --rules {game.rules[0]} --deals 10 --cards 8 --chunk 3"


def _throw_cases(game: Descriptor) -> list[tuple[str, str | None, int, str]]:
    stats = _throw_stats(game)
    hunt = f"hunt --game {game.name} --seed 1 --count 5 --cards 8"
    other = next(g.name for g in THROW_GAMES if g is not game)
    kept = f"{stats} --checkpoint {{tmp}}/{game.name}.stats"
    return [
        (f"{stats} --checkpoint {{tmp}}/notes", None, 2, "not an accordion checkpoint"),
        (f"{hunt} --checkpoint {{tmp}}/bin", None, 2, "not an accordion checkpoint"),
        (f"{stats} --checkpoint {{tmp}}/old", None, 2, "written in format 1, this version reads"),
        (f"{stats} --checkpoint {{tmp}}/{other}.stats.ckpt", None, 2, f'game "{other}", this run'),
        (f"{kept}.version.ckpt", None, 2, "was written by accordion 0.0.9, this is"),
        (f"{kept}.damaged.ckpt", None, 2, "line 2 of {tmp}/" + f"{game.name}.stats.damaged.ckpt"),
        (f"{hunt} --checkpoint {{tmp}}/{game.name}.stats.ckpt", None, 2, "not `accordion hunt`"),
        # Nothing finished in them (a run stopped while writing its header or a record):
        # the run starts over or goes on, as an uninterrupted one.
        (f"{kept}.empty.ckpt", None, 0, ""),
        (f"{kept}.torn-header.ckpt", None, 0, ""),
        (f"{kept}.torn-record.ckpt", None, 0, ""),
        (f"{hunt} --jobs 0", None, 2, "--jobs: must be at least 1, got 0"),
        (f"{stats} --jobs 100000", None, 2, "--jobs must be 1 to 256 threads"),
        (f"{hunt} --chunk 0", None, 2, "--chunk: must be at least 1, got 0"),
        (f"{stats} --chunk 99999999999999999999999", None, 0, ""),
        (f"{hunt} --scheduler tcp://127.0.0.1:1", None, 2, "connection refused"),
        (f"{stats} --scheduler tcp://", None, 2, "is not a scheduler address"),
        (f"{hunt} --scheduler 'garbage://\x1f?'", None, 2, "is not a scheduler address"),
    ]


CASES += [case for game in THROW_GAMES for case in _throw_cases(game)]


def _throw_checkpoints(folder: Path) -> None:
    """Each throw game's stats checkpoint, finished, and copies of it damaged, of another
    version, empty and cut short."""
    for game in THROW_GAMES:
        good = folder / f"{game.name}.stats.ckpt"
        subprocess.run(
            [sys.executable, "-m", "accordion", *_throw_stats(game).split(), "--checkpoint", good],
            capture_output=True,
            check=True,
        )
        text = good.read_text(encoding="utf-8")
        header, record, *_ = text.splitlines(keepends=True)
        assert '"version": "' in header and '"sha256":"' in record
        version = header.replace(f'"version": "{accordion.__version__}"', '"version": "0.0.9"')
        (folder / f"{game.name}.stats.version.ckpt").write_text(version + text[len(header) :])
        damaged = record.replace('"histogram":{', '"histogram":{"1":1,', 1)
        assert damaged != record
        (folder / f"{game.name}.stats.damaged.ckpt").write_text(header + damaged)
        (folder / f"{game.name}.stats.empty.ckpt").write_bytes(b"")
        (folder / f"{game.name}.stats.torn-header.ckpt").write_text(header[: len(header) // 2])
        (folder / f"{game.name}.stats.torn-record.ckpt").write_text(header + record[:20])


@pytest.fixture(scope="module")
def tmp(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Odd files for the checkpoint and picture cases."""
    folder = tmp_path_factory.mktemp("hostile")
    (folder / "notes").write_text("my notes\nmore notes\n")
    (folder / "bin").write_bytes(bytes(range(256)) * 4)
    (folder / "old").write_text('{"accordion": "checkpoint", "format": 1}\n')
    (folder / "arguments").write_text(
        '{"accordion": "checkpoint", "format": 2, "command": "stats", "arguments": [1]}\n'
    )
    (folder / "huge").write_bytes(b"[" * 200_000 + b"\n")
    (folder / "dir.png").mkdir()
    _throw_checkpoints(folder)
    subprocess.run(
        [
            *(sys.executable, "-m", "accordion", "solve", "--game", "bayan", "--seed", "1"),
            *("--count", "3", "--cards", "8", "--checkpoint", str(folder / "bayan.ckpt")),
        ],
        capture_output=True,
        check=True,
    )
    return folder


def test_the_list_is_long_enough() -> None:
    assert len(CASES) >= 60 + 15 + 3 * 17
    assert {"royal-marriage", "bayan", "accordian"} <= {game.name for game in THROW_GAMES}


@pytest.mark.parametrize(("line", "stdin", "status", "says"), CASES)
def test_hostile(tmp: Path, line: str, stdin: str | None, status: int, says: str) -> None:
    command = f"{sys.executable} -m accordion {line.replace('{tmp}', str(tmp))}"
    data = None if stdin is None else stdin.encode("utf-8", "surrogateescape")
    result = subprocess.run(
        ["sh", "-c", command],
        input=data,
        stdin=subprocess.DEVNULL if data is None else None,
        capture_output=True,
        timeout=90,
        check=False,
        cwd=tmp,
        env={**os.environ, "ACCORDION_SCHEDULER": ""},
    )
    err = result.stderr.decode("utf-8", "replace")
    assert result.returncode == status, err
    assert "Traceback" not in err and "Exception ignored" not in err
    if status == 0:
        assert err == ""
    else:
        assert err.count("\n") == 1 and err.startswith("accordion: error: "), err
        assert says.replace("{tmp}", str(tmp)) in err, err


@pytest.mark.parametrize("game", THROW_GAMES, ids=[game.name for game in THROW_GAMES])
def test_a_throw_games_checkpoint_cut_short_ends_as_an_uninterrupted_run(
    tmp_path: Path, game: Descriptor
) -> None:
    from conftest import run_cli

    stats = [*_throw_stats(game).split(), "--json"]
    whole = run_cli(*stats)
    assert whole.returncode == 0, whole.stderr
    good = tmp_path / "good.ckpt"
    assert run_cli(*stats, "--checkpoint", str(good)).returncode == 0
    header, record, *_ = good.read_text(encoding="utf-8").splitlines(keepends=True)
    for cut in ("", header[: len(header) // 2], header + record[:20], header + record):
        cut_short = tmp_path / "cut.ckpt"
        cut_short.write_text(cut, encoding="utf-8")
        again = run_cli(*stats, "--checkpoint", str(cut_short))
        assert again.returncode == 0 and again.stderr == "", again.stderr
        assert _figures(again.stdout) == _figures(whole.stdout), cut


def _figures(out: str) -> dict[str, object]:
    """A ``stats --json`` line without its timing."""
    import json

    figures: dict[str, object] = json.loads(out)
    figures.pop("seconds", None)
    return figures
