"""Ctrl-C stops long calls in every thread (``docs/errors.md``): a real process
gets SIGINT while ``solve_many``/``simulate`` run in worker threads."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time

import pytest

import accordion

# A batch that takes minutes if nothing stops it: 200,000 full deals, one thread.
SCRIPT = textwrap.dedent(
    """
    import os, signal, sys, threading, time
    from concurrent.futures import ThreadPoolExecutor
    import accordion

    deals = [accordion.Deal.from_seed(n) for n in range(200_000)]
    outcome = {}
    # Never cancelled: it only counts the calls running (a loaded machine may
    # take a while to start three threads).
    watch = accordion.CancelScope()

    def work(name, call):
        started = time.monotonic()
        try:
            with watch:
                call()
            outcome[name] = "finished"
        except KeyboardInterrupt:
            outcome[name] = f"interrupted after {time.monotonic() - started:.1f}s"

    def all_running():
        deadline = time.monotonic() + 60
        while watch.running < 3 and time.monotonic() < deadline:
            time.sleep(0.01)

    MODE = sys.argv[1]
    calls = {
        "solve_many": lambda: accordion.solve_many(deals, jobs=1),
        "simulate": lambda: accordion.simulate(rules="parlett", deals=10**7, jobs=1),
        "simulate_royal": lambda: accordion.simulate_royal(deals=10**9, jobs=1),
    }
    if MODE == "executor":
        with ThreadPoolExecutor(3) as pool:
            futures = [pool.submit(work, name, call) for name, call in calls.items()]
            all_running()
            try:
                os.kill(os.getpid(), signal.SIGINT)
                time.sleep(60)
            except KeyboardInterrupt:
                print("main: KeyboardInterrupt", flush=True)
    elif MODE == "interrupt":
        threads = [threading.Thread(target=work, args=item) for item in calls.items()]
        for thread in threads:
            thread.start()
        all_running()
        print("told", accordion.interrupt(), flush=True)
        for thread in threads:
            thread.join()
    print(sorted(outcome.items()), flush=True)
    """
)


@pytest.mark.parametrize("mode", ["executor", "interrupt"])
def test_calls_in_worker_threads_stop(mode: str) -> None:
    started = time.monotonic()
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT, mode],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    elapsed = time.monotonic() - started
    assert result.returncode == 0, result.stderr
    last = result.stdout.strip().splitlines()[-1]
    for name in ("solve_many", "simulate", "simulate_royal"):
        assert f"('{name}', 'interrupted after" in last, result.stdout
    if mode == "executor":
        assert "main: KeyboardInterrupt" in result.stdout
    else:
        assert "told 3" in result.stdout
    # The whole batches take minutes; stopped, the process ends in seconds.
    assert elapsed < 60, elapsed


def test_the_main_thread_ending_stops_a_worker_thread() -> None:
    # An uncaught KeyboardInterrupt ends the main thread; the worker's call must
    # not keep the process alive for its whole batch. SIGINT goes to a program
    # whose own handler (not ours) raises, so only the main-thread check stops it.
    script = textwrap.dedent(
        """
        import os, signal, threading, time
        import accordion
        def raise_(*_): raise KeyboardInterrupt
        signal.signal(signal.SIGINT, raise_)
        deals = [accordion.Deal.from_seed(n) for n in range(200_000)]
        threading.Thread(target=lambda: accordion.solve_many(deals, jobs=1)).start()
        time.sleep(1.0)
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(60)
        """
    )
    started = time.monotonic()
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False
    )
    assert "KeyboardInterrupt" in result.stderr
    assert time.monotonic() - started < 60


def test_interrupt_with_nothing_running_tells_no_one() -> None:
    assert accordion.interrupt() == 0
