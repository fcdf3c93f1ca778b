"""How soon one cancelled call stops: every game's simulation with every strategy.

    python benches/cancel_latency.py [--runs 5]

Each game's simulation of 2**40 deals from deal 8 (Accordian Patience's deal 8
takes its solver minutes) is started with every strategy the game knows, open
and blind, on one thread inside an :class:`accordion.CancelScope`; the scope is
cancelled after 0.4 s, and the time from ``cancel()`` to the
``CancelledError`` in the simulating thread is measured. The median and the
largest of ``--runs`` runs are printed in milliseconds; the figures are in
``benches/interrupt-latency-results.md``.
"""

from __future__ import annotations

import argparse
import functools
from collections.abc import Callable
from typing import Any

from common import milliseconds, stop_latency

import accordion
from accordion.games import GAMES


def latency(call: Callable[[], Any]) -> float:
    """Milliseconds from ``scope.cancel()`` to the call's ``CancelledError``."""
    scope = accordion.CancelScope()

    def scoped() -> None:
        with scope:
            call()

    return stop_latency(scoped, scope.cancel, raises=accordion.CancelledError, after=0.4)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    for game in GAMES.values():
        if game.variant is not None or not game.supports("stats"):
            continue  # a variant's simulation is its engine's
        simulate = game.simulator()
        for strategy in game.strategies:
            if strategy == "forced":
                continue  # strict's forced play: the loop of slide-first
            parlett = strategy.startswith("parlett") or strategy == "clairvoyant"
            options: dict[str, Any] = {"rules": "parlett"} if parlett else {}
            for blind in (False, True):
                call = functools.partial(
                    simulate, deals=2**40, seed=8, strategy=strategy, blind=blind, jobs=1, **options
                )
                times = [latency(call) for _ in range(args.runs)]
                mode = "blind" if blind else "open"
                print(f"{game.name} {strategy} {mode}: {milliseconds(times)}", flush=True)


if __name__ == "__main__":
    main()
