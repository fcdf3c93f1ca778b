"""Hostile input, fourth list: what a player or a script does that must not break
the package (hangs, unbounded memory, lost records, a broken terminal, internal
errors, wrong output, unclear messages). Each case names what it guards."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

import accordion
from accordion.games import GAMES, load


def cli(
    argv: list[str],
    *,
    env: dict[str, str | None] | None = None,
    stdin: Any = subprocess.DEVNULL,
    timeout: float = 60,
    **kwargs: Any,
) -> subprocess.CompletedProcess[str]:
    """``python -m accordion ARGV`` as a user runs it (text out, errors replaced),
    in this environment but for ``env`` (``None``: a variable unset); ``kwargs``
    go to :func:`subprocess.run` (its output captured unless they say where
    ``stdout`` or ``stderr`` go)."""
    how: dict[str, Any] = {"capture_output": True, "text": True, "errors": "replace", **kwargs}
    if "stdout" in kwargs or "stderr" in kwargs:
        del how["capture_output"]
    environment = {**os.environ, **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "accordion", *argv],
        env={name: value for name, value in environment.items() if value is not None},
        stdin=stdin,
        timeout=timeout,
        check=False,
        **how,
    )


# Causes: hangs -----------------------------------------------------------------------

#: Every game's simulation, with a batch no machine finishes (2**52 deals).
SIMULATIONS: dict[str, Callable[[], Any]] = {
    "simulate": lambda: accordion.simulate(deals=2**52, rules="strict", jobs=2),
    "simulate-parlett": lambda: accordion.simulate(deals=2**52, rules="parlett", jobs=1),
    "simulate_royal": lambda: accordion.simulate_royal(deals=2**52, jobs=2),
    "simulate_bayan": lambda: accordion.simulate_bayan(deals=2**52, jobs=2),
    "simulate_accordian": lambda: accordion.simulate_accordian(deals=2**52, jobs=2),
}


def _by_registry(piece: str) -> dict[str, Any]:
    """Every game's ``solve`` or ``simulate`` function of the core, by its name, as
    the registry lists the games that have an engine of their own."""
    found: dict[str, Any] = {}
    for game in GAMES.values():
        where = getattr(game.pieces(), piece) if game.engine == game.name else None
        if where is not None:
            found[where.split(":")[1]] = load(where)
    return found


# The games the lists above do not name (a game added to the registry is held to
# the same hostile batches without a line here).
SIMULATIONS.update(
    {
        name: (lambda call=call: call(deals=2**52, jobs=2))
        for name, call in _by_registry("simulate").items()
        if name not in SIMULATIONS
    }
)

#: Stopping takes the poll (50 ms) and the running chunk; a loaded test machine
#: gets room, but far below the hours that visiting 2**38 chunk indices took.
STOP_WITHIN = 5.0


@pytest.mark.parametrize("name", sorted(SIMULATIONS))
def test_a_huge_simulation_stops_soon_after_interrupt(name: str) -> None:
    outcome: dict[str, float] = {}

    def work() -> None:
        try:
            SIMULATIONS[name]()
        except KeyboardInterrupt:
            outcome["stopped"] = time.monotonic()

    thread = threading.Thread(target=work, daemon=True)
    thread.start()
    # Told as soon as the call runs (`interrupt` with none running tells none).
    deadline = time.monotonic() + 30
    while True:
        told = time.monotonic()
        if accordion.interrupt() >= 1 or told > deadline:
            break
        time.sleep(0.05)
    assert told <= deadline, f"{name} never started"
    thread.join(30)
    assert not thread.is_alive(), f"{name} still running 30 s after interrupt()"
    assert outcome["stopped"] - told < STOP_WITHIN


SIGINT_SCRIPT = textwrap.dedent(
    """
    import sys, time, accordion
    print("ready", flush=True)
    try:
        accordion.simulate(deals=2**52, rules="strict", jobs=2)
    except KeyboardInterrupt:
        print("stopped", time.monotonic(), flush=True)
    """
)


def test_ctrl_c_stops_a_huge_simulation_in_a_process() -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", SIGINT_SCRIPT], stdout=subprocess.PIPE, text=True
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "ready"
    time.sleep(0.5)
    told = time.monotonic()
    child.send_signal(signal.SIGINT)
    try:
        out, _ = child.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        child.kill()
        pytest.fail("simulate(deals=2**52) ignored SIGINT for 30 s")
    word, when = out.split()
    assert word == "stopped"
    assert float(when) - told < STOP_WITHIN


# Cause: the player's record ------------------------------------------------------------

pytest.importorskip("filelock")
from accordion.play.table import record as record_module  # noqa: E402
from accordion.play.table.record import Record, RecordError, key  # noqa: E402

GAME = key("accordion", "modern", False)


def a_record_of(tmp_path: Any, games: int) -> Any:
    path = tmp_path / "record.json"
    record = Record(path)
    for n in range(games):
        record.add(f"accordion g{n % 7} open", won=n % 3 == 0, left=1 if n % 3 == 0 else 5)
    return path


def test_a_truncated_record_is_kept_and_named_not_overwritten(tmp_path: Any) -> None:
    path = a_record_of(tmp_path, 500)
    whole = path.read_bytes()
    path.write_bytes(whole[: len(whole) // 2])
    with pytest.raises(RecordError) as caught:
        Record(path).add(GAME, won=True, left=1)
    assert str(path) in str(caught.value) and "\n" not in str(caught.value)
    assert path.read_bytes() == whole[: len(whole) // 2]


def test_a_newer_versions_record_is_never_overwritten(tmp_path: Any) -> None:
    path = tmp_path / "record.json"
    newer = json.dumps({"accordion": "record", "version": 3, "games": {}, "more": [1]})
    path.write_text(newer)
    with pytest.raises(RecordError, match="newer version"):
        Record(path).add(GAME, won=True, left=1)
    assert path.read_text() == newer


def test_a_version_1_record_is_read_and_rewritten_with_a_checksum(tmp_path: Any) -> None:
    path = tmp_path / "record.json"
    games = {GAME: {"played": 4, "won": 2, "best": 1, "streak": 1, "best_streak": 2}}
    path.write_text(json.dumps({"version": 1, "games": games}))
    assert Record(path).add(GAME, won=True, left=1).played == 5
    data = json.loads(path.read_text())
    assert data["version"] == record_module.VERSION and len(data["sha256"]) == 16


def test_an_edited_count_fails_the_checksum(tmp_path: Any) -> None:
    path = a_record_of(tmp_path, 3)
    path.write_text(path.read_text().replace('"played": 1', '"played": 100'))
    with pytest.raises(RecordError, match="checksum"):
        Record(path).read()


def test_a_symlinked_record_stays_a_link(tmp_path: Any) -> None:
    real = tmp_path / "elsewhere" / "mine.json"
    real.parent.mkdir()
    link = tmp_path / "record.json"
    link.symlink_to(real)
    Record(link).add(GAME, won=True, left=1)
    Record(link).add(GAME, won=False, left=4)
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert Record(real).read()[GAME].played == 2


def test_a_full_disk_leaves_no_temporary_and_names_the_file(tmp_path: Any) -> None:
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full")
    path = a_record_of(tmp_path, 2)
    before = path.read_bytes()
    real_open = open

    def full(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        if str(file).endswith(".tmp") and "w" in mode:
            handle = real_open(file, mode, *args, **kwargs)
            handle.close()
            return real_open("/dev/full", mode, *args, **kwargs)
        return real_open(file, mode, *args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("builtins.open", full)
        with pytest.raises(OSError) as caught:
            Record(path).add(GAME, won=True, left=1)
    message = str(caught.value)
    assert str(path) in message and "No space left on device" in message
    assert not (tmp_path / "record.json.tmp").exists()
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    "content",
    [
        b"[]",
        b"null",
        b'{"version": 1, "games": []}',
        b'{"version": 1, "games": {"a b c": []}}',
        b'{"version": 1, "games": {"a b c": null}}',
        b'{"version": 1, "games": {"a b c": {"played": "3"}}}',
        b'{"version": 1, "games": {"a b c": {"played": -1}}}',
        b'{"version": 1, "games": {"a b c": {"played": 1.5}}}',
        b'{"version": 1, "games": {"a b c": {"played": true}}}',
        b'{"version": 1, "games": {"a b c": {"played": 1, "won": 2}}}',
        b'{"version": 1, "games": {"a b c": {"best": "x"}}}',
        b'{"version": "1", "games": {}}',
        b'{"version": 1, "games": {"a b c": {"played": 1e400}}}',
        b"\xff\xfe\x00garbage\x80",
        b"[" * 100_000 + b"]" * 100_000,
        b'{"version": 1, "games": ' + b'{"x":' * 5000 + b"1" + b"}" * 5001,
        b"",
    ],
    ids=lambda c: repr(c[:24]),
)
def test_malformed_records_are_one_error_naming_the_file(tmp_path: Any, content: bytes) -> None:
    path = tmp_path / "record.json"
    path.write_bytes(content)
    with pytest.raises(RecordError) as caught:
        Record(path).add(GAME, won=True, left=1)
    assert str(path) in str(caught.value)
    assert path.read_bytes() == content
    result = cli(["play", "--stats"], env={"ACCORDION_DATA_DIR": str(tmp_path)})
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1 and str(path) in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


def test_a_fifo_record_is_refused_at_once(tmp_path: Any) -> None:
    os.mkfifo(tmp_path / "record.json")
    result = cli(["play", "--stats"], env={"ACCORDION_DATA_DIR": str(tmp_path)}, timeout=20)
    assert result.returncode == 1
    assert "pipe (FIFO)" in result.stderr and result.stderr.count("\n") == 1
    with pytest.raises(RecordError, match="FIFO"):
        Record(tmp_path / "record.json").add(GAME, won=True, left=1)


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null", "/dev/urandom"])
def test_a_record_linked_to_a_device_is_refused(tmp_path: Any, device: str) -> None:
    if not os.path.exists(device):
        pytest.skip(f"no {device}")
    (tmp_path / "record.json").symlink_to(device)
    result = cli(["play", "--stats"], env={"ACCORDION_DATA_DIR": str(tmp_path)}, timeout=20)
    assert result.returncode == 1 and "a device" in result.stderr, result.stderr


def test_a_huge_record_is_refused_unread(tmp_path: Any) -> None:
    path = tmp_path / "record.json"
    with open(path, "wb") as handle:
        handle.truncate(record_module.MAX_BYTES * 64)
    with pytest.raises(RecordError, match="larger than"):
        Record(path).read()


def test_record_keys_are_printed_escaped(tmp_path: Any) -> None:
    path = tmp_path / "record.json"
    Record(path).add("accordion \x1b[2J\x1b]0;pwned\x07 open", won=True, left=1)
    result = cli(["play", "--stats"], env={"ACCORDION_DATA_DIR": str(tmp_path)})
    assert result.returncode == 0
    assert "\x1b" not in result.stdout and "\x07" not in result.stdout
    assert "\\x1b[2J" in result.stdout


# Cause: leaving the table: ctrl+q counts, Ctrl-C stops, signals restore the terminal -----

pytest.importorskip("textual")
pexpect = pytest.importorskip("pexpect")


def test_a_game_left_with_ctrl_q_after_a_move_is_counted(tmp_path: Any) -> None:
    import asyncio

    from accordion.games import find_game
    from accordion.play.accordion import Session
    from accordion.play.table.app import TableApp
    from accordion.play.table.model import Table

    record = Record(tmp_path / "record.json")
    session = Session(accordion.Deal.from_seed(7))
    app = TableApp(Table(session, find_game("accordion")), game="accordion", record=record)

    async def main() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            for keys in ("right",) * 4 + ("enter", "enter"):
                await pilot.press(keys)
            assert app.table.moved
            await pilot.press("ctrl+q")

    asyncio.run(main())
    assert record.read()[GAME].played == 1


def table_in_a_shell(tmp_path: Any) -> Any:
    """``accordion play`` in a pseudo-terminal, followed by ``stty -a`` on the same
    terminal: what the table left the terminal in is printed after it ends."""
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env.update(TERM="xterm", PYTHONIOENCODING="utf-8", ACCORDION_DATA_DIR=str(tmp_path))
    command = f"{sys.executable} -m accordion play --seed 7; echo status=$?; stty -a"
    return pexpect.spawn(
        "/bin/sh", ["-c", command], env=env, dimensions=(30, 100), encoding="utf-8", timeout=60
    )


@pytest.mark.parametrize("how", ["SIGTERM", "SIGHUP", "SIGINT", "ctrl-c"])
def test_leaving_the_table_by_signal_or_ctrl_c_restores_the_terminal(
    tmp_path: Any, how: str
) -> None:
    import io

    child = table_in_a_shell(tmp_path)
    seen = io.StringIO()
    child.logfile_read = seen
    child.expect_exact("Accordion · deal 7")
    time.sleep(0.5)
    child.send("\x1b[C" * 4 + "\r")
    time.sleep(0.3)
    child.send("\r")
    time.sleep(0.5)
    if how == "ctrl-c":
        child.send("\x03")
    else:
        # The table's own process: the shell's only child.
        table = subprocess.run(
            ["pgrep", "-P", str(child.pid)], capture_output=True, text=True, check=True
        ).stdout.split()
        os.kill(int(table[0]), getattr(signal, how))
    child.expect(pexpect.EOF)
    text = seen.getvalue()
    assert "\x1b[?1049l" in text  # the alternate screen was left
    settings = text[text.rindex("status=") :]
    # The terminal is cooked again: canonical input and echo back on.
    assert " icanon" in settings and " echo " in settings, settings
    want = {"ctrl-c": 130, "SIGINT": 130}
    want |= {"SIGTERM": 128 + signal.SIGTERM, "SIGHUP": 128 + signal.SIGHUP}
    assert f"status={want[how]}" in settings
    if how in ("ctrl-c", "SIGINT"):
        assert "accordion: interrupted" in text
    assert Record(tmp_path / "record.json").read()[GAME].played == 1


# Causes: wrong output and unbounded memory in the readers of deals ---------------------

#: UVa 127's sample input, as the judge gives it (two lines of 26 cards a deal,
#: ended by ``#``), and the judge's expected output.
UVA_INPUT = (
    "QD AD 8H 5S 3H 5H TC 4D JH KS 6H 8S JS AC AS 8D 2H QS TS 3S AH 4H TH TD 3C 6S\n"
    "8C 7D 4C 4S 7S 9H 7C 5D 2S KD 2D QH JD 6D 9D JC 2C KH 3D QC 6C 9S KC 7H 9C 5C\n"
    "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AD 2D 3D 4D 5D 6D 7D 8D TD 9D JD QD KD\n"
    "AH 2H 3H 4H 5H 6H 7H 8H 9H KH 6S QH TH AS 2S 3S 4S 5S JH 7S 8S 9S TS JS QS KS\n"
    "#\n"
)
UVA_OUTPUT = "6 piles remaining: 40 8 1 1 1 1\n1 pile remaining: 52\n"
UVA = ["stats", "--game", "accordian", "--rules", "uva", "--each"]


@pytest.mark.parametrize("ends", ["\n", "\r\n", "\r"], ids=["LF", "CRLF", "CR"])
@pytest.mark.parametrize("where", ["file", "stdin"])
def test_the_uva_judges_input_gives_the_judges_output(tmp_path: Any, ends: str, where: str) -> None:
    text = UVA_INPUT.replace("\n", ends)
    path = tmp_path / "uva.in"
    path.write_bytes(text.encode())
    if where == "file":
        result = cli([*UVA, "--file", str(path)])
    else:
        result = cli([*UVA, "--file", "-"], stdin=None, input=text)
    assert result.returncode == 0, result.stderr
    assert result.stdout == UVA_OUTPUT


def test_the_judges_pairs_are_solved_as_whole_deals(tmp_path: Any) -> None:
    path = tmp_path / "uva.in"
    path.write_text(UVA_INPUT)
    result = cli(["solve", "--game", "accordian", "--rules", "uva", "--file", str(path), "--json"])
    assert result.returncode == 0, result.stderr
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [len(row["deal"].split()) for row in rows] == [52, 52]


def test_short_rows_of_26_cards_that_share_a_card_stay_two_deals(tmp_path: Any) -> None:
    first = " ".join(str(c) for c in accordion.Deal.from_seed(1).cards[:26])
    second = " ".join(str(c) for c in accordion.Deal.from_seed(2).cards[:26])
    assert set(first.split()) & set(second.split())
    path = tmp_path / "short.in"
    path.write_text(f"{first}\n{second}\n")
    result = cli([*UVA, "--file", str(path), "--json"])
    assert result.returncode == 0, result.stderr
    assert len(result.stdout.splitlines()) == 2


@pytest.mark.parametrize("command", [["solve"], ["rate"], ["stats", "--rules", "strict", "--each"]])
def test_cr_only_line_ends_split_rows(tmp_path: Any, command: list[str]) -> None:
    rows = [str(accordion.Deal.from_seed(n, 6)) for n in range(3)]
    path = tmp_path / "cr.txt"
    path.write_bytes("\r".join(rows).encode() + b"\r")
    result = cli([*command, "--file", str(path), "--json"])
    assert result.returncode == 0, result.stderr
    assert [json.loads(line)["deal"] for line in result.stdout.splitlines()] == rows


@pytest.mark.parametrize("chunk", [None, "7", "1000"])
def test_solve_file_prints_every_result_before_a_bad_row(tmp_path: Any, chunk: str | None) -> None:
    path = tmp_path / "rows.txt"
    rows = [str(accordion.Deal.from_seed(n, 6)) for n in range(999)]
    path.write_text("\n".join([*rows, "AS XX"]) + "\n")
    result = cli(["solve", "--file", str(path), "--json", *(["--chunk", chunk] if chunk else [])])
    assert result.returncode == 2
    assert [json.loads(line)["deal"] for line in result.stdout.splitlines()] == rows
    assert result.stderr.strip().endswith(f'{path}:1000: unknown card "XX"')


def first_line_within(argv: list[str], seconds: float, stdin: Any = None) -> str:
    """The first line ``accordion ARGV`` prints, read while it still runs."""
    child = subprocess.Popen(
        [sys.executable, "-m", "accordion", *argv],
        stdin=stdin if stdin is not None else subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    result: list[str] = []
    reader = threading.Thread(target=lambda: result.append(child.stdout.readline()))  # type: ignore[union-attr]
    reader.start()
    reader.join(seconds)
    child.kill()
    child.communicate()
    reader.join()
    return result[0] if result else ""


@pytest.mark.parametrize(
    "argv",
    [
        ["rate", "--seed", "0", "--count", "100000000", "--cards", "8"],
        ["rate", "--seed", "0", "--count", str(2**63), "--cards", "8", "--json"],
        ["rate", "--pysol", "1", "--count", "100000000", "--json"],
    ],
    ids=["count-1e8", "count-2**63", "pysol-1e8"],
)
def test_rate_streams_huge_counts(argv: list[str]) -> None:
    assert first_line_within(argv, 30).startswith(("deal", "{"))


def test_rate_prints_rows_of_a_pipe_before_it_ends() -> None:
    """Rows piped in: the first is rated while the writer is still writing."""
    read, write = os.pipe()
    os.write(write, (str(accordion.Deal.from_seed(1, 8)) + "\n").encode())
    try:
        line = first_line_within(["rate", "--file", "-", "--json"], 30, stdin=read)
    finally:
        os.close(read)
        os.close(write)
    assert json.loads(line)["deal"] == str(accordion.Deal.from_seed(1, 8))


@pytest.mark.parametrize("command", [["solve"], ["rate"], UVA])
@pytest.mark.parametrize("path", ["/nonexistent/rows", "/", "{tmp}/unreadable"])
def test_a_file_that_cannot_be_read_exits_1(tmp_path: Any, command: list[str], path: str) -> None:
    unreadable = tmp_path / "unreadable"
    unreadable.write_text("AS 2S\n")
    unreadable.chmod(0)
    if os.access(unreadable, os.R_OK) and "unreadable" in path:
        pytest.skip("running as root: every file is readable")
    given = path.format(tmp=tmp_path)
    result = cli([*command, "--file", given])
    assert result.returncode == 1, result.stderr
    assert result.stderr.startswith(f"accordion: error: --file {given}: cannot read it")
    assert result.stderr.count("\n") == 1


# Causes: internal errors and messages ---------------------------------------------------

PROMPT_GARBAGE = ["²", "+-3", "--3", "9" * 5000, "1 ²", "٣", "3 ٣", "+3 -", "١٢ ٣", "0x10"]
#: One game of each engine (a variant plays its engine's prompt).
PLAIN_GAMES = [
    game.name for game in GAMES.values() if game.engine == game.name and game.supports("play")
]


@pytest.mark.parametrize("game", PLAIN_GAMES)
@pytest.mark.parametrize("typed", PROMPT_GARBAGE, ids=lambda t: repr(t[:8]))
def test_the_plain_prompt_refuses_odd_numbers_with_a_message(game: str, typed: str) -> None:
    result = cli(
        ["play", "--plain", "--seed", "1", "--game", game],
        stdin=None,
        input=f"{typed}\nquit\n",
    )
    assert result.returncode == 0, result.stderr
    assert "internal error" not in result.stdout + result.stderr
    refusal = [line for line in result.stdout.splitlines() if "not a move" in line]
    assert refusal and len(refusal[0]) < 200, result.stdout[-500:]


@pytest.mark.parametrize("spec", ["²", "+-3", "--3", "9" * 5000, "-3", "٣", "1e3", "nan"])
def test_the_tables_new_deal_box_refuses_odd_numbers_typed(spec: str) -> None:
    from accordion.errors import AccordionError
    from accordion.games import find_game
    from accordion.play.accordion import Session
    from accordion.play.table.model import Table

    table = Table(Session(accordion.Deal.from_seed(1)), find_game("accordion"))
    with pytest.raises(AccordionError) as caught:
        table.new_deal(spec)
    assert len(str(caught.value)) < 200


def test_a_closed_stderr_does_not_crash_the_progress_line() -> None:
    result = cli(
        ["stats", "--rules", "strict", "--deals", "20000"],
        stdout=subprocess.PIPE,
        stderr=None,
        pass_fds=(),
        preexec_fn=lambda: os.close(2),
    )
    assert result.returncode == 0
    assert "internal error" not in result.stdout and "wins:" in result.stdout


@pytest.mark.parametrize("plot", [".png", ".svg", "{tmp}/.svg", "{tmp}/.PNG", "{tmp}/sub/.png"])
def test_plot_without_a_name_is_refused_before_the_run(tmp_path: Any, plot: str) -> None:
    (tmp_path / "sub").mkdir()
    target = plot.format(tmp=tmp_path)
    result = cli(["stats", "--rules", "strict", "--deals", "10", "--plot", target], cwd=tmp_path)
    assert result.returncode == 2
    assert result.stdout == ""  # refused before the run: no figures
    assert result.stderr.count("\n") == 1 and "give the file a name" in result.stderr


@pytest.mark.parametrize("argv", [["--help"], ["solve", "--help"], ["--version"], ["play", "-h"]])
def test_help_to_a_full_device_fails_in_one_line(argv: list[str]) -> None:
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full")
    with open("/dev/full", "w") as full:
        result = cli(argv, stdout=full, stderr=subprocess.PIPE)
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1 and "No space left on device" in result.stderr


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "X" * 5000],
        ["solve", "AS " + "é" * 100],
        ["play", "--plain", "--deal", "Z" * 100],
        ["stats", "--rules", "strict", "--deals", "10", "--distances", "1," + "9" * 3000],
    ],
    ids=["long-card", "accents", "play-deal", "distances"],
)
def test_an_ascii_locale_gets_no_unicode_escapes_of_our_own(argv: list[str]) -> None:
    ascii_locale = {"PYTHONIOENCODING": None, "LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0"}
    result = cli(argv, env=ascii_locale)
    err = result.stderr
    assert err.isascii(), err
    assert result.returncode == 2
    assert "\\u2026" not in err and "\\u2013" not in err
    assert err.count("\n") == 1 and len(err) < 300, err


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "X" * 100_000],
        ["solve", "--rules", "r" * 100_000, "AS 2S"],
        ["stats", "--rules", "s" * 5000, "--deals", "3"],
        ["solve", "--game", "g" * 5000, "AS 2S"],
        ["deal", "--pysol", "p" * 5000],
        ["solve", "--distances", "x" * 5000, "AS 2S"],
        ["play", "--plain", "--port", "9" * 5000],
        ["solve", "--max-nodes", "n" * 5000, "AS 2S"],
    ],
    ids=["card", "rules", "stats-rules", "game", "pysol", "distances", "port", "max-nodes"],
)
def test_values_echoed_in_errors_are_cut(argv: list[str]) -> None:
    result = cli(argv)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and len(result.stderr) < 400, result.stderr[:300]


# The Python API: wrong types and value types' equality ---------------------------------


@pytest.mark.parametrize(
    "item",
    [b"AS 2S", bytearray(b"AS"), memoryview(b"AS"), None, 3, 2.5, [1, 2], ["AS"], {"AS": 1}],
    ids=lambda item: type(item).__name__ + str(len(repr(item))),
)
def test_svg_of_a_wrong_type_is_a_type_error(item: Any) -> None:
    with pytest.raises(TypeError):
        accordion.svg(item)


@pytest.mark.parametrize("width", [0, -1, True, 2.5, "300", None])
def test_svg_width_is_checked(width: Any) -> None:
    with pytest.raises((TypeError, accordion.errors.InvalidArgumentError)):
        accordion.svg("AS 2S", width=width)


VALUES: dict[str, Callable[[], Any]] = {
    "Solution": lambda: accordion.solve(accordion.Deal.from_seed(1, 10)),
    "Stats": lambda: accordion.simulate(deals=20, rules="strict"),
    "Rating": lambda: accordion.rate(accordion.Deal.from_seed(5, 10)),
    "RoyalSolution": lambda: accordion.solve_royal(accordion.royal_deal(1)),
    "RoyalStats": lambda: accordion.simulate_royal(deals=20),
    "BayanSolution": lambda: accordion.solve_bayan(accordion.Deal.from_seed(1, 10)),
    "BayanStats": lambda: accordion.simulate_bayan(deals=20),
    "AccordianSolution": lambda: accordion.solve_accordian(accordion.Deal.from_seed(1, 10)),
    "AccordianStats": lambda: accordion.simulate_accordian(deals=20),
    "Deal": lambda: accordion.Deal.from_seed(3),
    "Card": lambda: accordion.Card.parse("7H"),
    "Move": lambda: accordion.Move.parse("7H>7S"),
    "Rules": lambda: accordion.Rules("strict", two_way=True),
    "Outcome": lambda: accordion.Game(accordion.Deal.from_seed(1, 6)).outcome,
}


@pytest.mark.parametrize("name", sorted(VALUES))
def test_a_value_equals_its_pickled_and_copied_self(name: str) -> None:
    import copy
    import pickle

    value = VALUES[name]()
    assert pickle.loads(pickle.dumps(value)) == value
    assert copy.deepcopy(value) == value
    assert value != object()


# Cause: a cluster whose every worker is gone ---------------------------------------------


@pytest.mark.parametrize("when", ["never-had-one", "all-killed"])
def test_a_cluster_without_workers_stops_in_one_line(when: str) -> None:
    distributed = pytest.importorskip("distributed")
    workers = 0 if when == "never-had-one" else 1
    with distributed.LocalCluster(
        n_workers=workers,
        threads_per_worker=1,
        processes=False,
        host="127.0.0.1",
        protocol="tcp",
        dashboard_address=":0",
    ) as cluster:
        env = {**os.environ, "DASK_DISTRIBUTED__SCHEDULER__NO_WORKERS_TIMEOUT": "3s"}
        argv = ["hunt", "--seed", "1", "--count", "100000", "--chunk", "50", "--jobs", "1"]
        started = time.monotonic()
        child = subprocess.Popen(
            [sys.executable, "-m", "accordion", *argv, "--scheduler", cluster.scheduler_address],
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        if workers:
            # The workers go once the run has sent its first tasks (a loaded machine
            # may take seconds to start the run), so that they are gone mid-run.
            deadline = time.monotonic() + 60
            while not cluster.scheduler.tasks and time.monotonic() < deadline:
                time.sleep(0.1)
            # Killed, not retired: `scale(0)` retires a worker gracefully, and a
            # worker holding results no other worker can take may never go.
            for address in list(cluster.scheduler.workers):
                cluster.sync(cluster.scheduler.remove_worker, address, stimulus_id="killed")
        try:
            _, err = child.communicate(timeout=120)
        except subprocess.TimeoutExpired:
            child.kill()
            child.communicate()
            pytest.fail("the run waited silently for a worker for 120 s")
    assert child.returncode == 1, err
    assert err.count("\n") == 1 and "has had no worker for 3 s" in err, err
    assert time.monotonic() - started < 100


# The fourth list: a sweep of hostile input over every command and every game's API -------

HOSTILE_NUMBERS = ["nan", "inf", "-1", "1e3", "0x10", "9" * 400, "", " ", "١٢", "+-1", "3.0"]


@pytest.mark.parametrize("value", HOSTILE_NUMBERS, ids=lambda v: repr(v[:6]))
@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "AS 2S", "--max-nodes"],
        ["solve", "AS 2S", "--timeout"],
        ["solve", "AS 2S", "--jobs"],
        ["stats", "--rules", "strict", "--deals"],
        ["stats", "--rules", "strict", "--deals", "5", "--seed"],
        ["rate", "--cards", "8", "--seed"],
        ["deal", "--cards"],
        ["hunt", "--seed", "1", "--count"],
    ],
    ids=lambda a: "-".join(w for w in a if w.startswith("--") or w.isalpha())[:30],
)
def test_hostile_numbers_are_one_line_errors(argv: list[str], value: str) -> None:
    result = cli([*argv, value])
    if result.returncode == 0:
        # Some are seconds to --timeout (a float; inf and 10**400 mean no limit);
        # 1e3 names a whole number exactly, which every count takes.
        timeouts = ("inf", "1e3", "3.0", "9" * 400, "١٢")
        assert value == "1e3" or (argv[-1] == "--timeout" and value in timeouts), result.stdout
        return
    assert result.returncode == 2, result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert len(result.stderr) < 400


FILE_CONTENTS: dict[str, bytes] = {
    "binary": bytes(range(256)) * 4,
    "nul-bytes": b"AS 2S\x00 3S\n",
    "utf16": "AS 2S 3S\n".encode("utf-16"),
    "only-commas": b",,,,\n",
    "one-card-twice": b"AS AS\n",
    "53-cards": (
        " ".join(["AS"] + [f"{r}{s}" for s in "CDHS" for r in "A23456789TJQK"]) + "\n"
    ).encode(),
    "escape-sequences": b"\x1b[2J\x1b]0;title\x07\n",
    "huge-line": b"AS " * 30_000 + b"\n",
}


@pytest.mark.parametrize("content", sorted(FILE_CONTENTS))
@pytest.mark.parametrize(
    "command",
    [
        ["solve"],
        ["rate"],
        ["stats", "--rules", "strict", "--each"],
        ["solve", "--game", "bayan"],
        ["solve", "--game", "royal-marriage"],
        *([[*UVA]]),
    ],
    ids=lambda c: "-".join(c)[:30],
)
def test_hostile_files_are_one_line_errors(tmp_path: Any, command: list[str], content: str) -> None:
    path = tmp_path / "rows.txt"
    path.write_bytes(FILE_CONTENTS[content])
    result = cli([*command, "--file", str(path)])
    assert result.returncode == 2, (result.stdout[-300:], result.stderr)
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert len(result.stderr) < 400 and "\x1b" not in result.stderr


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "AS 2S 3S"],
        ["deal", "--seed", "3"],
        ["rate", "--seed", "3", "--cards", "8"],
        ["stats", "--rules", "strict", "--deals", "5"],
        ["hunt", "--seed", "1", "--count", "3", "--cards", "6"],
        ["play", "--stats"],
        ["--version"],
    ],
    ids=lambda a: a[0],
)
def test_closed_stdout_is_one_line_and_status_1(tmp_path: Any, argv: list[str]) -> None:
    result = cli(
        argv,
        env={"ACCORDION_DATA_DIR": str(tmp_path)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        preexec_fn=lambda: os.close(1),
    )
    assert result.returncode == 1, result.stderr
    assert result.stderr.count("\n") == 1 and "standard output" in result.stderr


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "XX"],
        ["solve", "AS 2S 3S"],
        ["deal", "--seed", "-1"],
        ["stats", "--rules", "nope", "--deals", "5"],
        ["hunt", "--seed", "1", "--count", "3", "--cards", "6"],
    ],
    ids=lambda a: "-".join(a)[:20],
)
def test_closed_stderr_keeps_the_exit_status(argv: list[str]) -> None:
    good = cli(argv).returncode
    # The child's standard error closed before it starts.
    result = cli(argv, preexec_fn=lambda: os.close(2))
    assert result.returncode == good
    assert "internal error" not in result.stdout and "accordion: error" not in result.stdout


SOLVERS = {
    "solve": lambda **k: accordion.solve("7H 2C 3C 7C", **k),
    "solve_royal": lambda **k: accordion.solve_royal(accordion.royal_deal(1, 8), **k),
    "solve_bayan": lambda **k: accordion.solve_bayan(accordion.Deal.from_seed(1, 8), **k),
    "solve_accordian": lambda **k: accordion.solve_accordian(accordion.Deal.from_seed(1, 8), **k),
}
SOLVERS.update(
    {
        name: (lambda call=call, **k: call(accordion.Deal.from_seed(1, 8), **k))
        for name, call in _by_registry("solve").items()
        if name not in SOLVERS
    }
)
SOLVER_ARGS = [
    {"max_nodes": -1},
    {"max_nodes": 0},
    {"max_nodes": 2**64},
    {"max_nodes": 1.5},
    {"max_nodes": True},
    {"timeout": float("nan")},
    {"timeout": -1.0},
    {"timeout": "1"},
    {"memory": -1},
    {"memory": 2**80},
    {"rules": "x" * 10_000},
    {"rules": 3},
]


@pytest.mark.parametrize(
    "kwargs", SOLVER_ARGS, ids=lambda k: f"{next(iter(k))}={str(next(iter(k.values())))[:8]}"
)
@pytest.mark.parametrize("name", sorted(SOLVERS))
def test_every_games_solver_refuses_hostile_arguments(name: str, kwargs: dict[str, Any]) -> None:
    with pytest.raises((TypeError, ValueError)) as caught:
        SOLVERS[name](**kwargs)
    assert len(str(caught.value)) < 400
    if isinstance(caught.value, ValueError):
        assert isinstance(caught.value, accordion.errors.AccordionError)


SIMULATORS = {
    "simulate": accordion.simulate,
    "simulate_royal": accordion.simulate_royal,
    "simulate_bayan": accordion.simulate_bayan,
    "simulate_accordian": accordion.simulate_accordian,
}
SIMULATORS.update({k: v for k, v in _by_registry("simulate").items() if k not in SIMULATORS})
SIMULATE_ARGS = [
    {"deals": 0},
    {"deals": -1},
    {"deals": 2**64},
    {"deals": float("nan")},
    {"deals": "10"},
    {"deals": True},
    {"deals": 2, "seed": -1},
    {"deals": 2, "seed": 2**64 - 1},
    {"deals": 2, "cards": 0},
    {"deals": 2, "cards": 53},
    {"deals": 2, "jobs": 0},
    {"deals": 2, "jobs": 10**6},
    {"deals": 2, "strategy": "\x1b[2J"},
    {"deals": 2, "progress": 3},
]


@pytest.mark.parametrize(
    "kwargs", SIMULATE_ARGS, ids=lambda k: ",".join(f"{a}={str(v)[:6]!r}" for a, v in k.items())
)
@pytest.mark.parametrize("name", sorted(SIMULATORS))
def test_every_games_simulation_refuses_hostile_arguments(
    name: str, kwargs: dict[str, Any]
) -> None:
    with pytest.raises((TypeError, ValueError)) as caught:
        SIMULATORS[name](**kwargs)
    assert len(str(caught.value)) < 400 and "\x1b" not in str(caught.value)
    if isinstance(caught.value, ValueError):
        assert isinstance(caught.value, accordion.errors.AccordionError)


LONG = "x" * 300_000

API_ECHOES: dict[str, Callable[[], Any]] = {
    "Deal.parse": lambda: accordion.Deal.parse(LONG),
    "Move.parse": lambda: accordion.Move.parse(LONG),
    "Rules": lambda: accordion.Rules(LONG),
    "simulate-strategy": lambda: accordion.simulate(deals=1, strategy=LONG),
    "rate-game": lambda: accordion.rate("AS 2S", game=LONG),
    "RoyalMove.parse": lambda: accordion.RoyalMove.parse(LONG),
    "BayanMove.parse": lambda: accordion.BayanMove.parse(LONG),
    "AccordianMove.parse": lambda: accordion.AccordianMove.parse(LONG),
    "difficulty_deal": lambda: accordion.difficulty_deal(LONG),
    "from_pysol-game": lambda: accordion.Deal.from_pysol(1, LONG),
    "from_pysol-number": lambda: accordion.Deal.from_pysol("9" * 5000),
    "from_pysol-ms": lambda: accordion.Deal.from_pysol("ms" + "9" * 5000),
    "from_solvitaire-game": lambda: accordion.Deal.from_solvitaire(1, LONG),
    "winnable_deal-rules": lambda: accordion.winnable_deal(rules=LONG),
}


@pytest.mark.parametrize("engine", ["core", "reference"])
@pytest.mark.parametrize("name", sorted(API_ECHOES))
def test_api_messages_cut_what_they_echo(name: str, engine: str) -> None:
    call = API_ECHOES[name]
    if engine == "reference":
        reference = pytest.importorskip("accordion.reference")
        if name.startswith("from_"):
            method = name.split("-")[0]
            args = {"from_pysol-game": (1, LONG), "from_pysol-number": ("9" * 5000,)}
            args |= {"from_pysol-ms": ("ms" + "9" * 5000,), "from_solvitaire-game": (1, LONG)}
            call = lambda: getattr(reference.Deal, method)(*args[name])  # noqa: E731
        elif name in ("Deal.parse", "Move.parse", "Rules"):
            owner, _, attribute = name.partition(".")
            target = getattr(reference, owner)
            made = getattr(target, attribute) if attribute else target
            call = lambda: made(LONG)  # noqa: E731
        else:
            pytest.skip("the core's alone")
    with pytest.raises(accordion.errors.AccordionError) as caught:
        call()
    assert len(str(caught.value)) < 400


class FakeFuture:
    """A chunk's future as the Dask runner reads it: its ``status``, and a result
    that times out ``timeouts`` times (for ever: ``None``) before it is ``value``."""

    key = "accordion-hunt-chunk-0"

    def __init__(self, status: str, timeouts: int | None, value: object = None) -> None:
        self.status = status
        self.timeouts = timeouts
        self.value = value
        self.waits = 0

    def result(self, timeout: float | None = None) -> object:
        assert timeout is not None, "an unbounded wait would block for ever"
        self.waits += 1
        if self.timeouts is None or self.waits <= self.timeouts:
            raise TimeoutError
        return self.value


class FakeClient:
    """A running Dask client as the runner reads it, with these workers' threads."""

    status = "running"
    scheduler = type("S", (), {"address": "tcp://127.0.0.1:1"})()

    def __init__(self, workers: dict[str, int]) -> None:
        self.workers = workers

    def nthreads(self) -> dict[str, int]:
        return self.workers


def test_a_result_lost_with_its_worker_does_not_wait_for_ever(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A future `wait` found done goes back to the queue when the worker holding its
    result goes; fetching it must then end with the no-worker error, not block."""
    pytest.importorskip("distributed")
    from accordion.batch import dask as runner_module
    from accordion.errors import ClusterError

    monkeypatch.setattr(runner_module, "POLL", 0.01)
    monkeypatch.setattr(runner_module, "WORKER_CHECK", 0.0)
    monkeypatch.setattr(runner_module, "no_workers_timeout", lambda: 0.05)
    runner = runner_module.DaskRunner(FakeClient({}))  # type: ignore[arg-type]
    lost = FakeFuture("pending", timeouts=None)
    with pytest.raises(ClusterError, match=r"has had no worker for 0\.05 s"):
        runner._result(lost)  # type: ignore[arg-type]
    assert lost.waits >= 2


def test_a_finished_result_slow_to_fetch_is_waited_for() -> None:
    """A finished chunk whose data takes longer than a poll to arrive (a loaded
    machine) is fetched, not taken for the task's own error."""
    pytest.importorskip("distributed")
    from accordion.batch import dask as runner_module

    runner = runner_module.DaskRunner(FakeClient({"tcp://127.0.0.1:2": 1}))  # type: ignore[arg-type]
    slow = FakeFuture("finished", timeouts=2, value="the chunk")
    assert runner._result(slow) == "the chunk"  # type: ignore[arg-type]
    assert slow.waits == 3
