"""Hostile input, fourth list: what a player or a script does that must not break
the package (hangs, unbounded memory, lost records, a broken terminal, internal
errors, wrong output, unclear messages). Each case names what it guards."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

import accordion


def cli(
    argv: list[str],
    *,
    env: dict[str, str] | None = None,
    stdin: Any = subprocess.DEVNULL,
    timeout: float = 60,
    **kwargs: Any,
) -> subprocess.CompletedProcess[str]:
    """``python -m accordion ARGV`` as a user runs it (text out, errors replaced)."""
    return subprocess.run(
        [sys.executable, "-m", "accordion", *argv],
        env={**os.environ, **(env or {})},
        stdin=stdin,
        capture_output=True,
        text=True,
        errors="replace",
        timeout=timeout,
        check=False,
        **kwargs,
    )

# Causes: hangs -----------------------------------------------------------------------

#: Every game's simulation, with a batch no machine finishes (2**52 deals).
SIMULATIONS: dict[str, Callable[[], Any]] = {
    "simulate": lambda: accordion.simulate(deals=2**52, rules="strict", jobs=2),
    "simulate-parlett": lambda: accordion.simulate(deals=2**52, rules="parlett", jobs=1),
    "simulate_royal": lambda: accordion.simulate_royal(deals=2**52, jobs=2),
    "simulate_bayan": lambda: accordion.simulate_bayan(deals=2**52, jobs=2),
    "simulate_accordian": lambda: accordion.simulate_accordian(deals=2**52, jobs=2),
}

#: Stopping takes the poll (50 ms) and the running chunk; a loaded test machine
#: gets room, but far below the hours that visiting 2**38 chunk indices took.
STOP_WITHIN = 1.0


@pytest.mark.parametrize("name", sorted(SIMULATIONS))
def test_a_huge_simulation_stops_soon_after_interrupt(name: str) -> None:
    outcome: dict[str, float] = {}

    def work() -> None:
        try:
            SIMULATIONS[name]()
        except KeyboardInterrupt:
            outcome["stopped"] = time.monotonic()

    thread = threading.Thread(target=work, daemon=True)
    thread.start()
    time.sleep(0.3)
    told = time.monotonic()
    assert accordion.interrupt() >= 1
    thread.join(30)
    assert not thread.is_alive(), f"{name} still running 30 s after interrupt()"
    assert outcome["stopped"] - told < STOP_WITHIN


SIGINT_SCRIPT = textwrap.dedent(
    """
    import sys, time, accordion
    print("ready", flush=True)
    try:
        accordion.simulate(deals=2**52, rules="strict", jobs=2)
    except KeyboardInterrupt:
        print("stopped", time.monotonic(), flush=True)
    """
)


def test_ctrl_c_stops_a_huge_simulation_in_a_process() -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", SIGINT_SCRIPT], stdout=subprocess.PIPE, text=True
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "ready"
    time.sleep(0.5)
    told = time.monotonic()
    child.send_signal(signal.SIGINT)
    try:
        out, _ = child.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        child.kill()
        pytest.fail("simulate(deals=2**52) ignored SIGINT for 30 s")
    word, when = out.split()
    assert word == "stopped"
    assert float(when) - told < STOP_WITHIN
