"""How soon a simulation of 2**52 deals stops after ``accordion.interrupt()``.

    python benches/interrupt_latency.py [--runs 5]

Each game's simulation (and Accordion's under three rule sets) is started on
all cores in a thread, interrupted after 0.3 s, and the time from the call to
``interrupt()`` to the ``KeyboardInterrupt`` in the thread is measured; the
median and the largest of ``--runs`` runs are printed in milliseconds. The
figures are in ``benches/interrupt-latency-results.md``.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from common import milliseconds, stop_latency

import accordion

CALLS: dict[str, Callable[[], Any]] = {
    "simulate strict": lambda: accordion.simulate(deals=2**52, rules="strict"),
    "simulate parlett": lambda: accordion.simulate(deals=2**52, rules="parlett"),
    "simulate modern": lambda: accordion.simulate(deals=2**52),
    "simulate_royal": lambda: accordion.simulate_royal(deals=2**52),
    "simulate_bayan": lambda: accordion.simulate_bayan(deals=2**52),
    "simulate_accordian": lambda: accordion.simulate_accordian(deals=2**52),
}


def latency(call: Callable[[], Any]) -> float:
    """Milliseconds from ``interrupt()`` to the call's ``KeyboardInterrupt``."""
    return stop_latency(call, accordion.interrupt, raises=KeyboardInterrupt, after=0.3)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    for name, call in CALLS.items():
        times = [latency(call) for _ in range(args.runs)]
        print(f"{name}: {milliseconds(times)}")


if __name__ == "__main__":
    main()
