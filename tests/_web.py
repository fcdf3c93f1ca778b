"""A web server in this process, and a client that leaves: what the web tests and
``benches/web_cancel.py`` share (the bench times what ``test_web_cancel.py`` asserts).

No pytest here: the bench imports it too. It needs the web extra (FastAPI, uvicorn).
"""

from __future__ import annotations

import contextlib
import http.client
import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

from accordion.web.app import Guard, create_app
from accordion.web.service import Limits


def post(port: int, path: str, body: dict[str, Any], timeout: float = 30) -> Any:
    """POST ``body`` as JSON; the JSON answer (the connection closed whatever happens,
    so that no socket is left for the garbage collector to warn about)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request(
            "POST", path, json.dumps(body), headers={"Content-Type": "application/json"}
        )
        response = connection.getresponse()
        data = response.read()
        assert response.status == 200, data
        return json.loads(data)
    finally:
        connection.close()


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


def until(condition: Callable[[], bool], seconds: float, poll: float = 0.005) -> bool:
    """Whether ``condition`` holds within ``seconds`` (polled every ``poll`` seconds)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(poll)
    return condition()


@contextlib.contextmanager
def served(workers: int = 2) -> Iterator[tuple[int, Guard]]:
    """A server (uvicorn) in this process with ``workers`` solver threads: its port
    and its application, stopped on leaving."""
    import uvicorn

    app = create_app(Limits(workers=workers))
    assert isinstance(app, Guard)
    listening = socket.create_server(("127.0.0.1", 0))
    port = listening.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listening]}, daemon=True)
    thread.start()
    try:
        assert until(lambda: server.started, 60), "the server did not start"
        yield port, app
    finally:
        server.should_exit = True
        thread.join(10)
        listening.close()


def leave_while_working(port: int, app: Guard, path: str, body: dict[str, Any]) -> float:
    """Send a long request (a time limit of 10 s), close its connection once its
    solver has worked 0.3 s; the seconds from the close until its worker is free,
    polled every millisecond. Freed in milliseconds on a quiet machine; a worker
    not let go would run to the time limit, so a loaded one is given 5 s."""
    working = app.app.state.working
    assert working.now == 0
    client = send(port, path, body)
    assert until(lambda: working.now == 1, 20), "the solver never started"
    time.sleep(0.3)  # well into the solve
    assert working.now == 1, "the call ended by itself: not a long one"
    left = time.perf_counter()
    client.close()
    assert until(lambda: working.now == 0, 5.0, poll=0.001), "the worker was not freed in 5 s"
    freed = time.perf_counter() - left
    assert until(lambda: app.in_flight == 0, 5.0), app.in_flight
    return freed
