"""How soon `accordion serve` frees a worker whose client went away.

    python benches/web_cancel.py [--runs 20]

A server runs in this process (uvicorn, 2 solver threads). For each kind of long
request (a solve and a hint with a 10 s budget, a rating, a web table's
solution, all on Accordian Patience's numbered deal 8, which its solver does not
settle in minutes) the client sends the request, waits until its solver has
worked 0.3 s, and closes the connection; the time from the close to the
application's count of running work (``app.state.working``) falling back to 0
is measured, polled every millisecond. The median and the largest of ``--runs``
runs are printed in milliseconds; the figures are in
``benches/web-results.md``.
"""

from __future__ import annotations

import argparse
import http.client
import json
import socket
import statistics
import threading
import time
from typing import Any

import uvicorn

from accordion.web.app import Guard, create_app
from accordion.web.service import Limits

HARD: dict[str, Any] = {"game": "accordian", "seed": 8}


def send(port: int, path: str, body: dict[str, Any]) -> socket.socket:
    data = json.dumps(body).encode()
    connection = socket.create_connection(("127.0.0.1", port))
    connection.sendall(
        f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(data)}\r\n\r\n".encode()
        + data
    )
    return connection


def post(port: int, path: str, body: dict[str, Any]) -> Any:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
        return json.loads(connection.getresponse().read())
    finally:
        connection.close()


def freed_after(port: int, app: Guard, path: str, body: dict[str, Any]) -> float:
    """Milliseconds from the client's close to its worker being free."""
    working = app.app.state.working
    client = send(port, path, body)
    while working.now == 0:
        time.sleep(0.001)
    time.sleep(0.3)
    assert working.now == 1, "the call ended by itself"
    left = time.perf_counter()
    client.close()
    while working.now:
        time.sleep(0.001)
    return (time.perf_counter() - left) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    app = create_app(Limits(workers=2))
    listening = socket.create_server(("127.0.0.1", 0))
    port = listening.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))
    threading.Thread(target=server.run, kwargs={"sockets": [listening]}, daemon=True).start()
    while not server.started:
        time.sleep(0.01)
    table = post(port, "/api/table", HARD)["id"]
    kinds = {
        "POST /api/solve (time_limit 10)": ("/api/solve", {**HARD, "time_limit": 10}),
        "POST /api/hint (time_limit 10)": ("/api/hint", {**HARD, "time_limit": 10}),
        "POST /api/rate": ("/api/rate", HARD),
        "table: solution (time_limit 10)": (
            f"/api/table/{table}",
            {"action": "solve", "time_limit": 10},
        ),
    }
    for name, (path, body) in kinds.items():
        times = [freed_after(port, app, path, body) for _ in range(args.runs)]
        print(
            f"{name}: median {statistics.median(times):.1f} ms, max {max(times):.1f} ms "
            f"over {args.runs}",
            flush=True,
        )
    server.should_exit = True


if __name__ == "__main__":
    main()
