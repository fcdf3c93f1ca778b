"""Deals solved on this machine, and the default chunk sizes of a batch.

This is the part of :mod:`accordion.batch` that ``accordion solve`` needs for
deals given on its command line: it imports nothing heavy (no thread pool, no
checkpoint, no cluster), so that a command that solves one deal starts at once.
:mod:`accordion.batch` re-exports the chunk sizes and solves each chunk with
:func:`solve_deals`.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Sequence

TYPE_CHECKING = False  # (not typing's: importing typing is slow)
if TYPE_CHECKING:
    from typing import Any

    from accordion.games import Descriptor

#: Default chunk sizes: a solve chunk is about a second of one core on 52-card
#: deals, a simulation chunk of the strict rules a twentieth of that.
SOLVE_CHUNK = 256
SIMULATE_CHUNK = 100_000
#: A hunt's chunk: about ten seconds of one core on 52-card deals.
HUNT_CHUNK = 10_000


def cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def solve_deals(
    deals: Sequence[Any],
    game: Descriptor,
    rules: Any,
    *,
    max_nodes: int | None = None,
    timeout: float | None = None,
    memory: int | None = None,
    jobs: int | None = None,
    progress: Callable[[int], object] | None = None,
) -> list[Any]:
    """Solve ``deals`` of ``game`` here: with the core's ``solve_many`` for the
    games it solves in parallel, else with the game's solver, one deal per thread
    on ``jobs`` threads (``None``: every core; each solve releases the GIL).
    ``rules`` are as the game's batch functions take them
    (:meth:`~accordion.games.Descriptor.batch_rules`); ``progress`` is told how
    many deals are solved so far. The solutions are in the order of ``deals``,
    and the same for any number of threads."""
    # Each deal's budget, the same whichever way the deals are solved.
    budget = {"max_nodes": max_nodes, "timeout": timeout, "memory": memory}
    solve_many = game.pieces().solve_many
    if solve_many is not None:
        from accordion.games import load

        many = load(solve_many)
        solved: list[Any] = many(list(deals), rules=rules, jobs=jobs, progress=progress, **budget)
        return solved
    solver = functools.partial(game.solver(), rules=rules, **budget)
    threads = min(len(deals), jobs or cores())
    solved = []
    if threads <= 1:
        for deal in deals:
            solved.append(solver(deal))
            if progress is not None:
                progress(len(solved))
        return solved
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(threads, thread_name_prefix="accordion-solve") as pool:
        for solution in pool.map(solver, deals):
            solved.append(solution)
            if progress is not None:
                progress(len(solved))
    return solved
