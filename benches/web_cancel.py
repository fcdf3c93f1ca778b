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
import sys
from pathlib import Path
from typing import Any

# The server in this process and the client that leaves are the web tests' own
# (tests/_web.py): the bench times what tests/test_web_cancel.py asserts.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from _web import leave_while_working, post, served
from common import milliseconds

HARD: dict[str, Any] = {"game": "accordian", "seed": 8}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    with served(workers=2) as (port, app):
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
            times = [leave_while_working(port, app, path, body) * 1000 for _ in range(args.runs)]
            print(
                f"{name}: {milliseconds(times)} over {args.runs}",
                flush=True,
            )


if __name__ == "__main__":
    main()
