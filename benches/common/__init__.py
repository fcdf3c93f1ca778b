"""What the Python benches share (the Rust benches' is ``mod.rs`` beside this file).

A bench runs as a script (``python benches/NAME.py``), so its folder is first on
``sys.path`` and ``import common`` finds this package.
"""

from __future__ import annotations

import argparse
import random
import statistics
import threading
import time
from collections.abc import Callable
from types import ModuleType
from typing import Any


def tree_arguments(doc: str, runs: int) -> tuple[int, list[str | None]]:
    """The ``[--runs N] [TREE ...]`` of a bench that compares package trees: the runs,
    and the trees (``None``, the installed package, when none is named)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--runs", type=int, default=runs)
    parser.add_argument("trees", nargs="*")
    args = parser.parse_args()
    trees: list[str | None] = list(args.trees) or [None]
    return args.runs, trees


def stop_latency(
    call: Callable[[], Any],
    stop: Callable[[], object],
    *,
    raises: type[BaseException],
    after: float,
) -> float:
    """Milliseconds from ``stop()`` to ``call`` raising ``raises`` in the thread that
    runs it, ``stop`` called ``after`` seconds into the call."""
    stopped: list[float] = []

    def work() -> None:
        try:
            call()
        except raises:
            stopped.append(time.monotonic())

    thread = threading.Thread(target=work)
    thread.start()
    time.sleep(after)
    told = time.monotonic()
    stop()
    thread.join()
    assert stopped, "the call ended by itself"
    return (stopped[0] - told) * 1000


def milliseconds(times: list[float]) -> str:
    """The median and the largest of ``times`` (milliseconds), as the latency benches
    print them."""
    return f"median {statistics.median(times):.1f} ms, max {max(times):.1f} ms"


def random_playouts(engine: ModuleType, playouts: int, clock: Callable[[], float]) -> float:
    """Random legal playouts per second (of ``clock``) through ``engine``'s Python
    API (``accordion._core`` or ``accordion.reference``): numbered 52-card deal ``i``
    open under the modern rules, uniformly random legal actions until none is left."""
    rng = random.Random(7)
    rules = engine.Rules("modern")
    start = clock()
    for seed in range(playouts):
        game = engine.Game(engine.Deal.from_seed(seed), rules)
        while True:
            legal = list(game.legal_moves)
            if not legal:
                break
            game.play(legal[rng.randrange(len(legal))])
    return playouts / (clock() - start)
