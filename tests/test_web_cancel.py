"""A request whose client goes away stops its solver: the worker thread is free
again at once (counted by the application's ``working``), the requests in flight
are counted right, and the next request is answered (docs/web.md)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")
pytest.importorskip("uvicorn", reason="the web extra is not installed")

from _web import leave_while_working, post, send, until
from _web import served as serving

from accordion.web.app import Guard

#: Accordian Patience's numbered deal 8: its solver does not settle it in minutes.
HARD = {"game": "accordian", "seed": 8}


@pytest.fixture(scope="module")
def served() -> Iterator[tuple[int, Guard]]:
    """A server in this process, two solver threads, and its application."""
    with serving(workers=2) as server:
        yield server


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
    # Freed in milliseconds; each would otherwise run to its 10 s limit.
    assert until(lambda: working.now == 0 and app.in_flight == 0, 5.0), (
        working.now,
        app.in_flight,
    )
    assert working.most == 2
    assert post(port, "/api/hint", {"seed": 1}, timeout=5)["verdict"] == "still winnable"
