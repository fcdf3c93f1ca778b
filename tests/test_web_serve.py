"""`accordion serve` and `accordion play --serve` as a user runs them: loopback by
default, an empty host refused, a port in use one line, Ctrl-C `accordion:
interrupted` (status 130) even while the solver works, and slow clients that hold
nothing up."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")
pytest.importorskip("uvicorn", reason="the web extra is not installed")

from _helpers import free_port, wait_for_port
from _web import post
from conftest import run_cli


def started(*args: str) -> tuple[subprocess.Popen[str], int]:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "accordion", *args, "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    wait_for_port(port)
    return process, port


def stopped(process: subprocess.Popen[str], seconds: float = 15) -> tuple[int, str]:
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=seconds)
    return process.returncode, err


def test_serve_listens_on_loopback_by_default() -> None:
    from accordion.cli import build_parser

    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port) == ("127.0.0.1", 8000)


@pytest.mark.parametrize("command", [["serve"], ["play", "--seed", "1", "--serve"]])
@pytest.mark.parametrize("host", ["", "  "])
def test_an_empty_host_is_refused_not_every_interface(command: list[str], host: str) -> None:
    result = run_cli(*command, "--host", host, "--port", str(free_port()))
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert "an empty host would listen on every interface" in result.stderr
    assert result.stderr.startswith("accordion: error: --host")


def test_a_port_in_use_is_one_line() -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        result = run_cli("serve", "--port", str(port))
    assert result.returncode == 1
    assert (
        result.stderr
        == f"accordion: error: cannot listen on 127.0.0.1:{port}: the port is in use\n"
    )


def test_a_host_that_is_no_address_is_one_line() -> None:
    result = run_cli("serve", "--host", "no.such.host.invalid", "--port", str(free_port()))
    assert result.returncode == 1 and result.stderr.count("\n") == 1
    assert "not an address of this machine" in result.stderr


@pytest.mark.parametrize("port", ["0", "65536", "http", "-1"])
def test_a_bad_port_is_refused(port: str) -> None:
    result = run_cli("serve", "--port", port)
    assert result.returncode == 2 and "not a port (1 to 65535)" in result.stderr


def test_missing_extra_is_one_line(monkeypatch: pytest.MonkeyPatch, capsys: Any) -> None:
    import accordion.web.server
    from accordion.cli import main

    monkeypatch.setattr(accordion.web.server, "missing", lambda: "uvicorn")
    assert main(["serve", "--port", str(free_port())]) == 2
    err = capsys.readouterr().err
    assert err == (
        "accordion: error: accordion serve needs uvicorn: pip install 'accordion-patience[web]'\n"
    )


def test_ctrl_c_stops_the_server_with_one_line() -> None:
    process, port = started("serve")
    assert post(port, "/api/solve", {"deal": "7H 2C 3C 7C"})["result"] == "win"
    status, err = stopped(process)
    assert status == 130
    assert err.splitlines()[-1] == "accordion: interrupted"
    assert "Traceback" not in err


def test_ctrl_c_during_a_long_solve_stops_at_once() -> None:
    process, port = started("serve")
    # A deal Accordian's solver does not settle in 10 s: it is still at it at Ctrl-C.
    hard = {"game": "accordian", "seed": 8, "time_limit": 10}
    answers: list[object] = []

    def call() -> None:
        try:
            answers.append(post(port, "/api/solve", hard))
        except Exception as error:  # the server went away mid-call, as it should
            answers.append(repr(error))

    caller = threading.Thread(target=call, daemon=True)
    began = time.monotonic()
    caller.start()
    time.sleep(1.0)
    status, err = stopped(process)
    assert status == 130 and err.splitlines()[-1] == "accordion: interrupted"
    assert "Traceback" not in err and "ERROR" not in err, err
    assert time.monotonic() - began < 8
    caller.join(10)
    # The call in flight is answered: the server is stopping (or the connection closed).
    assert answers and not isinstance(answers[0], dict), answers


def test_play_serve_opens_this_deal_at_the_web_table() -> None:
    process, port = started(
        "play", "--game", "royal-marriage", "--rules", "parlett", "--seed", "3", "--serve"
    )
    try:
        line = process.stderr.readline() if process.stderr else ""
        assert f"http://127.0.0.1:{port}/?game=royal-marriage&rules=parlett&seed=3" in line
        opened = post(port, "/api/table", {"game": "royal-marriage", "rules": "parlett", "seed": 3})
        assert opened["state"]["title"] == "Royal Marriage · deal 3 · parlett rules · open"
    finally:
        status, err = stopped(process)
    assert status == 130 and err.splitlines()[-1] == "accordion: interrupted"


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--deal", "XX YY ZZ"], 'unknown card "XX"'),
        (["--game", "bayan", "--rules", "parlett"], "Bayan takes --rules modern"),
    ],
)
def test_play_serve_refuses_a_table_that_cannot_open(args: list[str], says: str) -> None:
    result = run_cli("play", *args, "--serve", "--port", str(free_port()))
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert says in result.stderr


@pytest.fixture
def slow_server() -> Iterator[int]:
    """A server in this process whose bodies must arrive within half a second."""
    import uvicorn

    from accordion.web.app import create_app
    from accordion.web.service import Limits

    listening = socket.create_server(("127.0.0.1", 0))
    port = listening.getsockname()[1]
    config = uvicorn.Config(
        create_app(Limits(body_seconds=0.5)), log_level="warning", lifespan="off"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listening]}, daemon=True)
    thread.start()
    wait_for_port(port)
    yield port
    server.should_exit = True
    thread.join(10)
    listening.close()


def test_a_slow_body_is_408_and_holds_no_one_up(slow_server: int) -> None:
    with socket.create_connection(("127.0.0.1", slow_server)) as slow:
        slow.sendall(
            b"POST /api/solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b'Content-Length: 40\r\n\r\n{"seed":'
        )
        # Meanwhile another client is served at once.
        began = time.monotonic()
        assert (
            post(slow_server, "/api/solve", {"deal": "7H 2C 3C 7C"}, timeout=5)["result"] == "win"
        )
        assert time.monotonic() - began < 2
        slow.settimeout(5)
        answer = b""
        while chunk := slow.recv(4096):
            answer += chunk
        answer_text = answer.decode()
    answer = answer_text
    assert answer.startswith("HTTP/1.1 408"), answer
    assert '"error":"the request body took over 0.5 s to arrive"' in answer


def test_many_slow_clients_hold_no_one_up(slow_server: int) -> None:
    sockets = []
    try:
        for _ in range(50):
            connection = socket.create_connection(("127.0.0.1", slow_server))
            connection.sendall(b"POST /api/solve HTTP/1.1\r\nHost: x\r\n")  # headers unfinished
            sockets.append(connection)
        answer = post(slow_server, "/api/hint", {"seed": 1}, timeout=5)
        assert answer["verdict"] == "still winnable"
    finally:
        for connection in sockets:
            connection.close()


def test_a_client_that_goes_away_is_not_waited_for(slow_server: int) -> None:
    # The connection is dropped while the solver works; the server answers the next.
    with socket.create_connection(("127.0.0.1", slow_server)) as gone:
        body = json.dumps({"seed": 0, "rules": "parlett", "time_limit": 3}).encode()
        gone.sendall(
            b"POST /api/solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            + f"Content-Length: {len(body)}\r\n\r\n".encode()
            + body
        )
        time.sleep(0.3)
    assert post(slow_server, "/api/solve", {"deal": "7H 2C 3C 7C"}, timeout=5)["result"] == "win"


def test_the_environment_does_not_open_the_server() -> None:
    # HOST/PORT from the environment are not read: only the flags choose the address.
    env = {**os.environ, "HOST": "0.0.0.0", "PORT": "1"}
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "accordion", "serve", "--port", str(port)],
        env=env,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        wait_for_port(port)
        line = process.stderr.readline() if process.stderr else ""
        assert f"http://127.0.0.1:{port}/" in line
    finally:
        stopped(process)


def test_malloc_arenas_are_bounded_on_glibc() -> None:
    import platform

    from accordion.web.server import fewer_arenas

    if platform.libc_ver()[0] != "glibc":
        pytest.skip("glibc's malloc arenas only")
    assert fewer_arenas(8) is True


@pytest.mark.parametrize(
    "request_head",
    [
        b"GET /api/deal?game=" + b"x" * 1_000_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
        b"GET /api/deal?seed=1 HTTP/1.1\r\nHost: x\r\nX-Big: " + b"y" * 200_000 + b"\r\n\r\n",
        b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + b"\x00" * 64,  # TLS to a plain port
        b"GARBAGE\r\n\r\n",
    ],
)
def test_a_monstrous_request_is_refused_and_the_server_goes_on(
    slow_server: int, request_head: bytes
) -> None:
    with socket.create_connection(("127.0.0.1", slow_server)) as monster:
        monster.settimeout(10)
        try:
            monster.sendall(request_head)
            answer = monster.recv(200)
        except (ConnectionResetError, BrokenPipeError):
            answer = b""  # the server hung up on it
    assert answer == b"" or answer.startswith(b"HTTP/1.1 4"), answer
    assert post(slow_server, "/api/solve", {"deal": "7H 2C 3C 7C"}, timeout=5)["result"] == "win"


def test_ctrl_c_is_one_line_in_a_shell_s_background_job() -> None:
    # A background job of a non-interactive shell starts with SIGINT ignored: uvicorn
    # still stops on it, and the command still says so and exits 130 (not 0).
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "accordion", "serve", "--port", str(port)],
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN),
    )
    wait_for_port(port)
    assert post(port, "/api/solve", {"deal": "7H 2C 3C 7C"})["result"] == "win"
    status, err = stopped(process)
    assert status == 130 and err.splitlines()[-1] == "accordion: interrupted", err


def test_a_body_too_big_is_413_and_the_connection_closed(slow_server: int) -> None:
    with socket.create_connection(("127.0.0.1", slow_server)) as big:
        big.settimeout(5)
        big.sendall(
            b"POST /api/solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 3000000\r\n\r\n" + b"[" * 70_000
        )
        answer = b""
        with contextlib.suppress(ConnectionResetError):
            while chunk := big.recv(4096):
                answer += chunk
    assert answer.startswith(b"HTTP/1.1 413"), answer
    assert b"connection: close" in answer.lower()
