"""Nothing lost, nothing hangs (issue 24): checkpoints that are not files or are
damaged, full disks, closed and endless streams, Ctrl-C at any moment.

One test (or one parametrised case) per root cause found by trying the newer
paths as a hostile user would; each runs the command as a user does, in a
subprocess, with a deadline, so that a hang fails instead of hanging the suite.
The hostile list of the same paths is in ``test_hostile.py``.
"""

from __future__ import annotations

import http.server
import json
import os
import resource
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from _helpers import start_cli, wait_for_usage
from conftest import run_cli
from test_batch import timeless

import accordion
from accordion.batch.checkpoint import _checksum, _data_text

#: A small hunt with a few chunks, and its arguments with a checkpoint.
HUNT = ["hunt", "--seed", "1", "--count", "60", "--cards", "12", "--chunk", "20", "--json"]


def cli(*args: str, timeout: float = 60, **options: Any) -> subprocess.CompletedProcess[str]:
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
    assert "Traceback" not in result.stderr
    for text in says:
        assert text in result.stderr, result.stderr


@pytest.fixture(scope="module")
def whole(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, list[bytes]]:
    """The uninterrupted hunt's figures and the lines of its checkpoint."""
    path = tmp_path_factory.mktemp("whole") / "h.ckpt"
    result = cli(*HUNT, "--checkpoint", str(path))
    assert result.returncode == 0, result.stderr
    return timeless(json.loads(result.stdout)), path.read_bytes().splitlines(keepends=True)


# A checkpoint that is not a regular file ----------------------------------------------


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/full", "/dev/null"])
def test_a_device_is_refused_at_once(device: str) -> None:
    # /dev/zero was read as one endless line until the machine ran out of memory.
    result = cli(*HUNT, "--checkpoint", device, timeout=30)
    one_error(result, 2, f"--checkpoint {device} is a device", "regular file")
    assert result.stdout == ""


def test_a_fifo_or_a_folder_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    # A FIFO hung silently, waiting for a writer.
    one_error(cli(*HUNT, "--checkpoint", str(fifo), timeout=30), 2, "is a pipe (FIFO)")
    one_error(cli(*HUNT, "--checkpoint", str(tmp_path), timeout=30), 2, "is a folder")
    missing = tmp_path / "no" / "such.ckpt"
    one_error(cli(*HUNT, "--checkpoint", str(missing)), 2, "there is no folder")


def test_the_commands_own_output_is_refused(tmp_path: Path) -> None:
    # `--checkpoint /dev/stdout > out.txt` exited 0 with the report written over
    # the checkpoint's lines; `| cat` hung.
    out = tmp_path / "out.txt"
    out.write_text("kept\n")
    with out.open("a") as handle:
        result = cli(*HUNT, "--checkpoint", "/dev/stdout", stdout=handle, stderr=subprocess.PIPE)
    one_error(result, 2, "--checkpoint /dev/stdout is this command's standard output")
    assert out.read_text() == "kept\n"
    piped = cli(*HUNT, "--checkpoint", "/dev/stdout", timeout=30)
    one_error(piped, 2, "--checkpoint /dev/stdout is a pipe")


# A damaged checkpoint that still parses --------------------------------------------


def resummed(index: int, data: Any) -> bytes:
    """A record with a checksum that fits its (edited) data: a careful forgery."""
    text = _data_text(data)
    return f'{{"chunk":{index},"sha256":"{_checksum(index, text)}","data":{text}}}\n'.encode()


def damage(lines: list[bytes], number: int, record: bytes) -> list[bytes]:
    return [record if i == number - 1 else line for i, line in enumerate(lines)]


def edited(lines: list[bytes], **changes: Any) -> bytes:
    record = json.loads(lines[1])
    record.update(changes)
    return (json.dumps(record) + "\n").encode()


@pytest.mark.parametrize(
    ("name", "make", "says"),
    [
        # The case: `{"deals": 500}` gave "won 2,500, lost 0" with exit 0.
        ("deals 500", lambda ls: edited(ls, data={"deals": 500}), "checksum does not match"),
        ("forged deals 500", lambda ls: resummed(0, {"deals": 500}), "not a hunt's figures"),
        ("chunk abc", lambda ls: edited(ls, chunk="abc"), 'chunk number "abc"'),
        ("chunk null", lambda ls: edited(ls, chunk=None), "chunk number null"),
        ("data a string", lambda ls: resummed(0, "x"), "not a hunt's figures"),
        (
            "forged total",
            lambda ls: resummed(0, {**json.loads(ls[1])["data"], "deals": 500}),
            "of 500 deals, for a chunk of 20",
        ),
        ("chunk 7 of 3", lambda ls: resummed(7, json.loads(ls[1])["data"]), "has 3 chunks"),
        (
            "forged counts",
            lambda ls: resummed(0, {**json.loads(ls[1])["data"], "wins": 20, "losses": 0}),
            "the non-wins do not match",
        ),
        (
            "forged non-win",
            lambda ls: resummed(
                0,
                {
                    **json.loads(ls[1])["data"],
                    "non_wins": [
                        {**entry, "seed": entry["seed"] + 1}
                        for entry in json.loads(ls[1])["data"]["non_wins"]
                    ],
                },
            ),
            "non-win",
        ),
        ("not JSON", lambda ls: b"{nonsense\n", "not JSON"),
        ("a second header", lambda ls: ls[0], "not a chunk's record"),
    ],
)
def test_a_damaged_record_is_named_by_line(
    whole: tuple[Any, list[bytes]], tmp_path: Path, name: str, make: Any, says: str
) -> None:
    _, lines = whole
    path = tmp_path / "h.ckpt"
    path.write_bytes(b"".join(damage(lines, 2, make(lines))))
    result = cli(*HUNT, "--checkpoint", str(path))
    one_error(result, 2, f"line 2 of {path} (--checkpoint) is damaged", says, "delete that line")
    assert result.stdout == ""


def test_a_damaged_line_deleted_is_computed_again(
    whole: tuple[Any, list[bytes]], tmp_path: Path
) -> None:
    expected, lines = whole
    path = tmp_path / "h.ckpt"
    path.write_bytes(b"".join([lines[0], *lines[2:]]))
    result = cli(*HUNT, "--checkpoint", str(path))
    assert result.returncode == 0, result.stderr
    assert timeless(json.loads(result.stdout)) == expected


def test_reads_are_bounded(whole: tuple[Any, list[bytes]], tmp_path: Path) -> None:
    _, lines = whole
    path = tmp_path / "h.ckpt"
    # A first line of a megabyte is no header; nothing is overwritten.
    path.write_bytes(b"x" * (1 << 20) + b"\n")
    one_error(cli(*HUNT, "--checkpoint", str(path)), 2, "not an accordion checkpoint")
    assert path.stat().st_size == (1 << 20) + 1
    # A record far longer than a chunk of 20 deals can be.
    path.write_bytes(lines[0] + b'{"chunk":0,"data":"' + b"y" * (1 << 21) + b'"}\n')
    one_error(cli(*HUNT, "--checkpoint", str(path)), 2, "line 2 of", "longer than")


# What users do to checkpoints ------------------------------------------------------


def test_a_copied_checkpoint_resumes_elsewhere_even_with_crlf(
    whole: tuple[Any, list[bytes]], tmp_path: Path
) -> None:
    expected, lines = whole
    there = tmp_path / "other" / "machine"
    there.mkdir(parents=True)
    copy = there / "copied.ckpt"
    # A copy of the first two chunks, through a tool that wrote Windows line ends.
    copy.write_bytes(b"".join(line.replace(b"\n", b"\r\n") for line in lines[:3]))
    result = cli(*HUNT, "--checkpoint", str(copy), cwd=there)
    assert result.returncode == 0, result.stderr
    assert timeless(json.loads(result.stdout)) == expected
    assert copy.read_bytes().count(b"\n") == len(lines)


def test_two_commands_on_one_file(whole: tuple[Any, list[bytes]], tmp_path: Path) -> None:
    path = tmp_path / "shared.ckpt"
    args = [*HUNT, "--checkpoint", str(path), "--jobs", "1"]
    args[args.index("60")] = "100000"
    first = start_cli(*args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        while first.poll() is None and (not path.exists() or path.stat().st_size == 0):
            time.sleep(0.02)
        one_error(cli(*args), 2, "another run is using this file")
        one_error(
            cli("stats", "--rules", "strict", "--deals", "10", "--checkpoint", str(path)),
            2,
            "another run is using this file",
        )
    finally:
        first.send_signal(signal.SIGINT)
        first.communicate(timeout=30)
    assert first.returncode == 130
    stats = cli("stats", "--rules", "strict", "--deals", "10", "--checkpoint", str(path))
    one_error(stats, 2, "belongs to `accordion hunt`, not `accordion stats`")


# A full disk -----------------------------------------------------------------------


def file_size_limit(limit: int) -> Any:
    """A preexec function: files of the child may grow to ``limit`` bytes only
    (RLIMIT_FSIZE, which binds root too; Python ignores SIGXFSZ, so a write past
    it fails with EFBIG instead of killing the process)."""

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return limited


def test_a_full_disk_then_resume_is_the_uninterrupted_run(
    whole: tuple[Any, list[bytes]], tmp_path: Path
) -> None:
    expected, lines = whole
    path = tmp_path / "h.ckpt"
    # Room for the header, one record and half of the next.
    limit = len(lines[0]) + len(lines[1]) + len(lines[2]) // 2
    result = cli(*HUNT, "--checkpoint", str(path), "--jobs", "1", preexec_fn=file_size_limit(limit))
    one_error(result, 1, f"--checkpoint {path}: cannot write to it: File too large")
    assert (
        "1 finished chunk kept" in result.stderr and "run the same command again" in result.stderr
    )
    assert result.stdout == ""
    # The half-written record was taken back: the file is whole lines.
    kept = path.read_bytes()
    assert kept.endswith(b"\n") and kept.count(b"\n") == 2
    resumed = cli(*HUNT, "--checkpoint", str(path))
    assert resumed.returncode == 0, resumed.stderr
    assert timeless(json.loads(resumed.stdout)) == expected


def private_tmpfs(script: str, size: str = "8k") -> subprocess.CompletedProcess[str] | None:
    """Run ``script`` (sh) with a tmpfs of ``size`` mounted at $FULL in a mount
    namespace of its own; None where this machine cannot do that."""
    unshare = shutil.which("unshare")
    if unshare is None:
        return None
    prefix = [unshare, "-m"] if os.geteuid() == 0 else [unshare, "-r", "-m"]
    mount = 'FULL=$(mktemp -d) && mount -t tmpfs -o size={size} tmpfs "$FULL" && export FULL && '
    probe = subprocess.run(
        [*prefix, "sh", "-c", mount.format(size=size) + "true"], capture_output=True, check=False
    )
    if probe.returncode != 0:
        return None
    return subprocess.run(
        [*prefix, "sh", "-c", mount.format(size=size) + script],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "PYTHON": sys.executable},
    )


def test_a_really_full_disk_then_resume(whole: tuple[Any, list[bytes]], tmp_path: Path) -> None:
    """ENOSPC on a tiny tmpfs of its own (where the machine allows a mount
    namespace; the RLIMIT_FSIZE test above runs everywhere)."""
    expected, _ = whole
    args = " ".join(HUNT)
    script = (
        f'"$PYTHON" -m accordion {args} --jobs 1 --checkpoint "$FULL/h.ckpt" '
        f'2> {tmp_path}/err; echo $? > {tmp_path}/status; cp "$FULL/h.ckpt" {tmp_path}/h.ckpt'
    )
    # A page of 4 KiB: the header and a record fit, the whole hunt does not.
    ran = private_tmpfs(script, size="4k")
    if ran is None:
        pytest.skip("no mount namespace here (unshare -m / -rm refused)")
    assert ran.returncode == 0, ran.stderr
    err = (tmp_path / "err").read_text()
    assert (tmp_path / "status").read_text().strip() == "1", err
    assert err.count("\n") == 1 and "cannot write to it: No space left on device" in err
    copied = tmp_path / "h.ckpt"
    assert copied.read_bytes().endswith(b"\n")
    resumed = cli(*HUNT, "--checkpoint", str(copied))
    assert resumed.returncode == 0, resumed.stderr
    assert timeless(json.loads(resumed.stdout)) == expected


def test_a_picture_on_a_full_disk_leaves_no_file(tmp_path: Path) -> None:
    picture = tmp_path / "piles.png"
    args = ["stats", "--rules", "strict", "--deals", "100", "--plot", str(picture)]
    # matplotlib writes its font cache on first use; under the file-size limit that write
    # would be cut short and warn, so the cache is built first, outside the limit.
    subprocess.run(
        [sys.executable, "-c", "import matplotlib.font_manager"], check=True, timeout=120
    )
    result = cli(*args, preexec_fn=file_size_limit(2048))
    one_error(result, 1, f"--plot {picture}: cannot write it: File too large", "nothing written")
    assert list(tmp_path.iterdir()) == []
    assert cli(*args).returncode == 0
    assert picture.read_bytes().startswith(b"\x89PNG")
    assert picture.stat().st_mode & 0o777 == 0o666 & ~current_umask()


def current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


# Standard streams -------------------------------------------------------------------


def test_a_full_or_closed_standard_output_is_not_success() -> None:
    with open("/dev/full", "w") as full:
        result = cli("solve", "--seed", "1", "--count", "3", stdout=full, stderr=subprocess.PIPE)
    one_error(result, 1, "cannot write the results to standard output: No space left on device")
    closed = subprocess.run(
        [sys.executable, "-m", "accordion", "solve", "--seed", "1"],
        stdout=None,
        stderr=subprocess.PIPE,
        text=True,
        timeout=60,
        check=False,
        preexec_fn=lambda: os.close(1),
    )
    one_error(closed, 1, "standard output is closed")


def test_a_broken_pipe_is_still_quiet() -> None:
    shell = f"{sys.executable} -m accordion solve --seed 1 --count 200 --cards 8 | head -1"
    result = subprocess.run(
        ["sh", "-c", shell], capture_output=True, text=True, timeout=60, check=False
    )
    assert result.stdout.startswith("deal 1/200") and result.stderr == ""


@pytest.mark.parametrize(
    "args", [["play", "--seed", "1"], ["solve", "--file", "-"], ["solve", "--file", "/dev/zero"]]
)
def test_endless_input_is_refused_in_bounded_memory(args: list[str]) -> None:
    # `play < /dev/zero` held 4 GB and then raised MemoryError.
    with open("/dev/zero", "rb") as zeros:
        result = subprocess.run(
            [sys.executable, "-m", "accordion", *args],
            stdin=zeros,
            capture_output=True,
            timeout=60,
            check=False,
            preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30)),
        )
    err = result.stderr.decode()
    assert result.returncode == 2, err
    assert err.endswith("a line longer than 65,536 bytes\n") and err.count("\n") == 1


# Ctrl-C while the command is still starting ------------------------------------------


def test_ctrl_c_while_importing_is_exit_130_without_a_traceback() -> None:
    """SIGINT inside the import of the command line gave a 32-line traceback of
    importlib. ``-X importtime`` reports each module as its import ends: the
    signal is sent once ``accordion._startup`` is in, the rest still to come."""
    interrupted = 0
    for skip in range(0, 40, 8):
        child = subprocess.Popen(
            [sys.executable, "-X", "importtime", "-m", "accordion", "--version"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert child.stderr is not None
        while "accordion._startup" not in child.stderr.readline():
            pass
        for _ in range(skip):  # a few imports further each time
            child.stderr.readline()
        child.send_signal(signal.SIGINT)
        _, err = child.communicate(timeout=30)
        said = [line for line in err.splitlines() if not line.startswith("import time:")]
        if child.returncode == 0:
            continue  # the import had finished: nothing to test this time
        assert child.returncode == 130, err
        assert said == ["accordion: interrupted"], err
        interrupted += 1
    assert interrupted, "every run had finished its import before the signal"


@pytest.mark.parametrize("step", ["started", "install", "reconfigure"])
def test_ctrl_c_as_the_command_starts_is_exit_130(
    step: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Once the start-up handler is gone, Ctrl-C raises KeyboardInterrupt; one
    arriving before the command's `try` escaped as a traceback and status -2
    (seen once under load in the test above). Each step of the start raises it
    here in turn."""
    import io

    import accordion.cli as cli

    def interrupted(*_: object, **__: object) -> None:
        raise KeyboardInterrupt

    if step == "started":
        monkeypatch.setattr(cli._startup, "started", interrupted)
    elif step == "install":
        monkeypatch.setattr(cli._interrupt, "install", interrupted)
    else:

        class Stream(io.TextIOWrapper):
            reconfigure = interrupted

        monkeypatch.setattr(sys, "stdout", Stream(io.BytesIO()))
    try:
        status = cli.main(["--version"])
    except KeyboardInterrupt:
        pytest.fail("KeyboardInterrupt escaped the command")
    assert status == 130
    assert capsys.readouterr().err == "accordion: interrupted\n"


def test_an_unwritable_stderr_stream_still_gets_the_error_line(
    monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    """A Ctrl-C inside a stream's `reconfigure` leaves it "not writable" (the
    command then exited 130 without a word): the line goes to descriptor 2."""
    import io

    import accordion.cli as cli

    monkeypatch.setattr(sys, "stderr", io.TextIOWrapper(io.BufferedReader(io.BytesIO())))
    assert cli.main(["solve", "--game", "nope", "7H"]) == 2
    err = capfd.readouterr().err
    assert err.startswith('accordion: error: solve: argument --game: unknown game "nope"')
    assert err.count("\n") == 1


def test_a_program_importing_accordion_keeps_its_ctrl_c() -> None:
    code = (
        "import signal, accordion, accordion.cli\n"
        "assert signal.getsignal(signal.SIGINT) is not None\n"
        "import accordion._startup as s\n"
        "assert not s.GUARDED and signal.getsignal(signal.SIGINT) is not s._quit\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, check=False)
    assert result.returncode == 0, result.stderr


# Help texts ---------------------------------------------------------------------------


def test_every_option_has_help_and_no_doubled_percent() -> None:
    import argparse

    from accordion.cli import build_parser

    parser = build_parser()
    subcommands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for name, sub in subcommands.choices.items():
        text = sub.format_help()
        assert "%%" not in text, name
        for action in sub._actions:
            if action.option_strings and action.help != argparse.SUPPRESS:
                assert action.help, f"{name} {action.option_strings[0]} has no help"
    hunt = run_cli("hunt", "--help")
    assert "95% upper bound" in hunt.stdout and "%%" not in hunt.stdout


def test_every_rules_option_names_every_game_of_its_own_engine() -> None:
    """A ``--rules`` help that speaks of other games' rule sets speaks of all of them
    (``play``'s once named three games of seven, written out by hand)."""
    import argparse

    from accordion.cli import build_parser
    from accordion.games import GAMES

    parser = build_parser()
    subcommands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    others = [game.name for game in GAMES.values() if not game.plays_accordion]
    checked = 0
    for name, sub in subcommands.choices.items():
        for action in sub._actions:
            if "--rules" in action.option_strings and any(
                f"{other}:" in (action.help or "") for other in others
            ):
                checked += 1
                missing = [o for o in others if f"{o}:" not in (action.help or "")]
                assert not missing, f"{name} --rules leaves out {missing}"
    assert checked >= 4, checked


# Scheduler addresses that are not schedulers (127.0.0.1 only) -------------------------


class Servers:
    """On 127.0.0.1: a port that accepts and never answers, a web server, and a
    proxy that answers ``HTTP/1.1 400`` at once, each closed afterwards."""

    def __init__(self) -> None:

        self.silent = socket.create_server(("127.0.0.1", 0))
        self.web = http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), http.server.BaseHTTPRequestHandler
        )
        self.proxy = socket.create_server(("127.0.0.1", 0))
        self.connected = threading.Event()
        self.held: list[socket.socket] = []
        self.threads = [
            threading.Thread(target=self.web.serve_forever, daemon=True),
            threading.Thread(target=self._accept, args=(self.proxy, self._answer_400), daemon=True),
            threading.Thread(target=self._accept, args=(self.silent, self._hold), daemon=True),
        ]
        for thread in self.threads:
            thread.start()

    @staticmethod
    def _accept(server: socket.socket, answer: Callable[[socket.socket], None]) -> None:
        """Answer each connection to ``server`` until it is closed."""
        while True:
            try:
                connection, _ = server.accept()
            except OSError:
                return
            answer(connection)

    def _hold(self, connection: socket.socket) -> None:
        """Say nothing, keep the connection open."""
        self.held.append(connection)
        self.connected.set()

    def _answer_400(self, connection: socket.socket) -> None:
        with connection:
            connection.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")

    def address(self, which: str) -> str:
        server = {"silent": self.silent, "proxy": self.proxy}.get(which)
        port = server.getsockname()[1] if server is not None else self.web.server_address[1]
        return f"tcp://127.0.0.1:{port}"

    def close(self) -> None:
        self.web.shutdown()
        self.web.server_close()
        self.silent.close()
        self.proxy.close()
        for connection in self.held:
            connection.close()


@pytest.fixture(scope="module")
def servers() -> Any:
    pytest.importorskip("distributed")
    running = Servers()
    yield running
    running.close()


@pytest.mark.parametrize(
    ("which", "says"),
    [
        # Hung without a word.
        ("silent", "no Dask scheduler answered within 4 s"),
        # Hung, or failed with `MemoryError: Unable to allocate 3.07 EiB` and a traceback.
        ("web", "no Dask scheduler answered within 4 s"),
        ("proxy", 'answered, but not as a Dask scheduler does (it began with "HTTP/1.1 400'),
    ],
)
def test_a_server_that_is_not_a_scheduler_is_one_line_in_seconds(
    servers: Servers, which: str, says: str
) -> None:
    address = servers.address(which)
    started = time.monotonic()
    result = cli("stats", "--rules", "strict", "--deals", "10", "--scheduler", address)
    one_error(result, 2, f"--scheduler {address}: ", says)
    # 4 s of handshake at most, plus the start of Python on a shared machine.
    assert time.monotonic() - started < 30


def test_a_bad_scheduler_from_the_environment_is_named_so(servers: Servers) -> None:
    address = servers.address("web")
    environment = {**os.environ, "ACCORDION_SCHEDULER": address}
    result = cli("hunt", "--seed", "1", "--count", "5", env=environment)
    one_error(result, 2, f"$ACCORDION_SCHEDULER={address}: no Dask scheduler answered")
    assert "--scheduler" not in result.stderr
    garbage = cli(
        "hunt", "--seed", "1", "--count", "5", env={**environment, "ACCORDION_SCHEDULER": "a b"}
    )
    one_error(garbage, 2, '$ACCORDION_SCHEDULER "a b" is not a scheduler address')
    # Without the extra, the variable is named too (and how to run here instead).
    code = (
        "import sys; sys.modules['distributed'] = None\n"
        "from accordion.cli import main\n"
        "sys.exit(main(['hunt', '--seed', '1', '--count', '5']))"
    )
    missing = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=environment, check=False
    )
    one_error(missing, 2, f"$ACCORDION_SCHEDULER={address} is set; unset it to run here")


def test_ctrl_c_while_connecting_is_130_at_once(servers: Servers) -> None:
    command = ["hunt", "--seed", "1", "--count", "5", "--scheduler", servers.address("silent")]
    servers.connected.clear()
    child = subprocess.Popen(
        [sys.executable, "-m", "accordion", *command],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    # The signal lands while the handshake waits for an answer that never comes.
    assert servers.connected.wait(timeout=60)
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=30)
    # Ctrl-C lingered 20 s and printed `Exception ignored in … Client.__del__`.
    assert time.monotonic() - sent < 5
    assert child.returncode == 130 and err == "accordion: interrupted\n" and out == ""


# Progress from the first second -------------------------------------------------------


def test_hunt_shows_its_rate_and_time_left_within_seconds() -> None:
    """`hunt` showed nothing for its first 5–6 s (a chunk is 10,000 deals) and never
    a time left: the core now tells how many deals of the chunk are solved."""
    pexpect = pytest.importorskip("pexpect")
    started = time.monotonic()
    child = pexpect.spawn(
        sys.executable,
        ["-m", "accordion", "hunt", "--seed", "1", "--count", "1000000", "--jobs", "1"],
        encoding="utf-8",
        dimensions=(24, 160),
        timeout=60,
    )
    child.expect(r"hunting: \[ *\] ([\d,]+)/1,000,000 \(0%\) ([\d,.]+) deals/s, .+ left, ")
    # Well within the first chunk's ten seconds, even on a loaded machine.
    assert time.monotonic() - started < 30
    assert int(child.match.group(1).replace(",", "")) < 10_000
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130


def test_solve_many_reports_its_progress() -> None:
    import accordion

    seen: list[int] = []
    deals = [accordion.Deal.from_seed(seed, 12) for seed in range(1, 300)]
    solutions = accordion.solve_many(deals, jobs=2, progress=seen.append)
    assert seen == sorted(seen) and seen[-1] == len(solutions) == len(deals)
    with pytest.raises(TypeError, match="progress"):
        accordion.solve_many(deals, progress=3)  # type: ignore[arg-type]


def test_the_progress_line_says_rate_and_time_left() -> None:
    from accordion.cli.progress import Progress, duration

    line = Progress(1000, "hunting").line(250, 5.0)
    assert line.endswith("250/1,000 (25%) 50 deals/s, 15 s left, 5.0 s")
    assert Progress(1000, "hunting").line(0, 0.5).endswith("0/1,000 (0%), 0.5 s")
    assert [duration(s) for s in (0.4, 59, 61, 3600 * 25 + 120)] == [
        "0 s",
        "59 s",
        "1 min 01 s",
        "25 h 02 min",
    ]


# solve --file streams in flat memory (issue 24) ---------------------------------------


def first_results(path: Path, wanted: int) -> tuple[int, float]:
    """Run ``solve --file path --json``, read ``wanted`` results, stop it; the child's
    own peak RSS in KiB (``os.wait4`` of that one process, not every child's) and
    the seconds to its first result."""
    start = time.monotonic()
    child = subprocess.Popen(
        [sys.executable, "-m", "accordion", "solve", "--file", str(path), "--json", "--jobs", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    assert child.stdout is not None
    first = 0.0
    for number in range(wanted):
        line = child.stdout.readline()
        assert line.startswith(b'{"deal"'), line
        if number == 0:
            first = time.monotonic() - start
    child.terminate()
    child.stdout.close()
    return wait_for_usage(child, timeout=60).ru_maxrss, first


def test_solve_file_streams_in_flat_memory(tmp_path: Path) -> None:
    """Twenty times the rows cost no more memory: the file is read a chunk at a
    time as it is solved (it used to be read whole first: 238 MB for a million
    rows). Rows of 8 cards, so that the solving is quick."""
    rows = [str(accordion.Deal.from_seed(seed, 8)) for seed in range(1, 1001)]
    small, large = tmp_path / "small.txt", tmp_path / "large.txt"
    small.write_text("\n".join(rows * 20) + "\n")
    large.write_text("\n".join(rows * 400) + "\n")
    small_rss, _ = first_results(small, 600)
    large_rss, _ = first_results(large, 600)
    # 400,000 rows held as deals would be well over 100 MB more.
    assert large_rss - small_rss < 20_000, (small_rss, large_rss)


def test_a_bad_row_far_down_a_stream_is_named_by_line(tmp_path: Path) -> None:
    """Streaming keeps every error's line: the rows before it are solved and
    printed, then the one error line, exit 2."""
    rows = [str(accordion.Deal.from_seed(seed, 8)) for seed in range(1, 601)]
    path = tmp_path / "deals.txt"
    path.write_text("\n".join([*rows, "AS AS"]) + "\n")
    result = cli("solve", "--file", str(path), "--json", "--chunk", "100")
    one_error(result, 2, f"{path}:601: duplicate card AS")
    assert result.stdout.count("\n") == 600


def test_streamed_results_are_those_of_the_rows_given_at_once(tmp_path: Path) -> None:
    """Order and values (nodes included) whatever the jobs, streamed or not."""
    rows = [str(accordion.Deal.from_seed(seed, 10)) for seed in range(1, 121)]
    path = tmp_path / "deals.txt"
    path.write_text("# a comment\n\n" + "\n".join(rows) + "\n")
    given = cli("solve", *rows, "--json", "--jobs", "1")

    def strip(out: str) -> list[dict[str, Any]]:
        return [{**json.loads(line), "seconds": 0} for line in out.splitlines()]

    for jobs in ("1", "2"):
        streamed = cli("solve", "--file", str(path), "--json", "--chunk", "7", "--jobs", jobs)
        assert streamed.returncode == 0 and strip(streamed.stdout) == strip(given.stdout)
    text = cli("solve", "--file", str(path), "--chunk", "7")
    assert "deal 120/120: " in text.stdout
    piped = cli("solve", "--file", "-", "--chunk", "7", input="\n".join(rows[:3]))
    assert "deal 3: " in piped.stdout and piped.returncode == 0


@pytest.mark.parametrize(
    "command",
    [
        ["solve", "--file", "{empty}"],
        ["rate", "--file", "{empty}"],
        ["stats", "--rules", "modern", "--each", "--file", "{empty}"],
        ["stats", "--game", "bayan", "--rules", "modern", "--each", "--file", "{empty}"],
        ["stats", "--game", "royal-marriage", "--rules", "modern", "--each", "--file", "{empty}"],
        ["stats", "--game", "accordian", "--rules", "uva", "--each", "--file", "{empty}"],
        ["solve", "--game", "accordian", "--file", "{empty}", "--json"],
    ],
)
def test_every_command_refuses_an_empty_file_alike(tmp_path: Path, command: list[str]) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("\n# nothing\n")
    result = cli(*[word.replace("{empty}", str(empty)) for word in command])
    one_error(result, 2, f"--file {empty}: no deal in {empty}")


# A client that failed to connect closes at once (issue 24) ---------------------------


def dask_handshake() -> bytes:
    """The block a Dask server sends first on a connection (``_handshake`` checks it)."""
    import struct

    msgpack = pytest.importorskip("msgpack")
    frame = msgpack.dumps({"compression": None, "python": (3, 11, 7), "pickle-protocol": 5})
    block = struct.pack("<Q", 1) + struct.pack("<Q", len(frame)) + frame
    return struct.pack("<Q", len(block)) + block


def test_ctrl_c_while_dask_s_client_connects_is_130_at_once() -> None:
    """A server that sends Dask's handshake and then nothing passes the handshake,
    and Dask's client waits for it; Ctrl-C then left a half-made client whose
    ``__del__`` took 20 s to close and printed ``Exception ignored in …
    Client.__del__`` with a traceback."""
    pytest.importorskip("distributed")
    server = socket.create_server(("127.0.0.1", 0))
    held: list[socket.socket] = []
    hello = dask_handshake()

    def answer() -> None:
        while True:
            try:
                connection, _ = server.accept()
            except OSError:
                return
            connection.sendall(hello)
            held.append(connection)

    threading.Thread(target=answer, daemon=True).start()
    address = f"tcp://127.0.0.1:{server.getsockname()[1]}"
    try:
        child = subprocess.Popen(
            [sys.executable, "-m", "accordion", *HUNT[:7], "--scheduler", address],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            # Ctrl-C as in a terminal, even when the test runner ignores SIGINT.
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        time.sleep(5)  # the handshake passed; Dask's client is waiting (10 s)
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        _, err = child.communicate(timeout=60)
        took = time.monotonic() - sent
    finally:
        server.close()
        for connection in held:
            connection.close()
    assert child.returncode == 130, err
    assert err == "accordion: interrupted\n", err
    assert took < 5, took
