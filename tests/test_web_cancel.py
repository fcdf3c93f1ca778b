"""A request whose client goes away stops its solver: the worker thread is free
again at once (counted by the application's ``working``), the requests in flight
are counted right, and the next request is answered (docs/web.md)."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")
pytest.importorskip("uvicorn", reason="the web extra is not installed")

from test_web_serve import post, wait_for_port

from accordion.web.app import Guard, create_app
from accordion.web.service import Limits

#: Accordian Patience's numbered deal 8: its solver does not settle it in minutes.
HARD = {"game": "accordian", "seed": 8}


@pytest.fixture(scope="module")
def served() -> Iterator[tuple[int, Guard]]:
    """A server in this process, two solver threads, and its application."""
    import uvicorn

    app = create_app(Limits(workers=2))
    assert isinstance(app, Guard)
    listening = socket.create_server(("127.0.0.1", 0))
    port = listening.getsockname()[1]
    config = uvicorn.Config(app, log_level="warning", lifespan="off")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listening]}, daemon=True)
    thread.start()
    wait_for_port(port)
    yield port, app
    server.should_exit = True
    thread.join(10)
    listening.close()


def until(condition: Callable[[], bool], seconds: float) -> bool:
    """Whether ``condition`` holds within ``seconds`` (polled every 5 ms)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.005)
    return condition()


def send(port: int, path: str, body: dict[str, Any]) -> socket.socket:
    """A POST sent whole, its answer not read: a client about to go away."""
    data = json.dumps(body).encode()
    connection = socket.create_connection(("127.0.0.1", port))
    connection.sendall(
        f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(data)}\r\n\r\n".encode()
        + data
    )
    return connection


def leave_while_working(port: int, app: Guard, path: str, body: dict[str, Any]) -> float:
    """Send a long request, close its connection once its solver is at work; the
    seconds until its worker is free (at most 1)."""
    working = app.app.state.working
    assert working.now == 0
    client = send(port, path, body)
    assert until(lambda: working.now == 1, 20), "the solver never started"
    time.sleep(0.3)  # well into the solve
    assert working.now == 1, "the call ended by itself: not a long one"
    left = time.monotonic()
    client.close()
    assert until(lambda: working.now == 0, 1.0), "the worker was not freed within a second"
    freed = time.monotonic() - left
    assert until(lambda: app.in_flight == 0, 1.0), app.in_flight
    return freed


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/solve", {**HARD, "time_limit": 10}),
        ("/api/hint", {**HARD, "time_limit": 10}),
        ("/api/rate", HARD),
    ],
    ids=["solve", "hint", "rate"],
)
def test_a_client_that_leaves_frees_its_worker(
    served: tuple[int, Guard], path: str, body: dict[str, Any]
) -> None:
    port, app = served
    leave_while_working(port, app, path, body)
    # The server goes on: the next request is answered.
    assert post(port, "/api/solve", {"deal": "7H 2C 3C 7C"}, timeout=5)["result"] == "win"


def test_a_tab_that_leaves_during_the_table_s_solution_frees_its_worker(
    served: tuple[int, Guard],
) -> None:
    port, app = served
    table = post(port, "/api/table", HARD, timeout=10)
    path = f"/api/table/{table['id']}"
    for action in ("solve", "analyse", "hint"):
        leave_while_working(port, app, path, {"action": action, "time_limit": 10})
    # The table is still there, free for its next action.
    assert post(port, path, {"action": "undo"}, timeout=5)["state"]["game"] == "accordian"


def test_every_worker_left_by_its_client_is_free_for_others(served: tuple[int, Guard]) -> None:
    # More clients than workers leave: each worker and each queued call is let go,
    # and the in-flight count comes back to none.
    port, app = served
    working = app.app.state.working
    clients = [send(port, "/api/solve", {**HARD, "time_limit": 10}) for _ in range(5)]
    assert until(lambda: working.now == 2, 20)
    for client in clients:
        client.close()
    assert until(lambda: working.now == 0 and app.in_flight == 0, 2.0), (
        working.now,
        app.in_flight,
    )
    assert working.most == 2
    assert post(port, "/api/hint", {"seed": 1}, timeout=5)["verdict"] == "still winnable"
