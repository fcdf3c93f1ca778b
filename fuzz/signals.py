"""Signals at random moments: the command line's promise under Ctrl-C and kills.

Runs ``python -m accordion ARGS`` again and again and sends it one signal at a
random moment (``--after LOW HIGH`` seconds after the start), then sorts each run
by how it ended (``docs/errors.md``):

- ``clean``: the signal's status (130, 143, 129) and exactly its one line;
- ``finished``: status 0, the command was done before the signal;
- ``unborn``: killed by the signal before the package was imported (Python's own
  start: no line is possible), status -N and nothing on stderr;
- ``lost``: still running ``--grace`` seconds after the signal (killed then);
- ``wrong``: anything else (a traceback, ``internal error``, another status, more
  lines), each shown at the end (the first few).

``--load N`` runs N busy loops beside it (a loaded machine widens the windows a
signal can land in). Deterministic for a ``--seed`` but for the scheduler.

    python fuzz/signals.py --signal SIGINT --tries 200 --load 6 -- \\
        stats --rules parlett --deals 10000000 --chunk 64
"""

from __future__ import annotations

import argparse
import collections
import multiprocessing
import random
import signal
import subprocess
import sys
import time

OUTCOMES = ("clean", "finished", "unborn", "lost", "wrong")


def busy() -> None:
    while True:
        pass


def one_run(
    words: list[str], number: int, after: float, grace: float
) -> tuple[str, int | None, str]:
    """How one run ended: its outcome, status and standard error."""
    process = subprocess.Popen(
        [sys.executable, "-m", "accordion", *words],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(after)
    process.send_signal(number)
    try:
        _, err = process.communicate(timeout=grace)
    except subprocess.TimeoutExpired:
        process.kill()
        _, err = process.communicate()
        return "lost", None, err
    status = process.returncode
    said = "interrupted" if number == signal.SIGINT else f"stopped by {signal.Signals(number).name}"
    if status == 128 + number and err == f"accordion: {said}\n":
        return "clean", status, err
    if status == 0:
        return "finished", status, err
    if status == -number and err == "":
        return "unborn", status, err
    return "wrong", status, err


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--signal", default="SIGINT", choices=["SIGINT", "SIGTERM", "SIGHUP"])
    parser.add_argument("--tries", type=int, default=100)
    parser.add_argument("--after", type=float, nargs=2, default=(0.0, 1.0), metavar=("LOW", "HIGH"))
    parser.add_argument("--grace", type=float, default=20.0, help="seconds to stop after it")
    parser.add_argument("--load", type=int, default=0, help="busy loops beside the runs")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("words", nargs="+", help="the command's words (after --)")
    args = parser.parse_args()
    number = getattr(signal, args.signal)
    chance = random.Random(args.seed)
    hogs = [multiprocessing.Process(target=busy, daemon=True) for _ in range(args.load)]
    for hog in hogs:
        hog.start()
    counts: collections.Counter[str] = collections.Counter()
    wrong: list[tuple[float, int | None, str]] = []
    try:
        for _ in range(args.tries):
            after = chance.uniform(*args.after)
            outcome, status, err = one_run(args.words, number, after, args.grace)
            counts[outcome] += 1
            if outcome in ("wrong", "lost"):
                wrong.append((after, status, err))
    finally:
        for hog in hogs:
            hog.terminate()
    print(" ".join(f"{name} {counts[name]}" for name in OUTCOMES), f"of {args.tries}")
    for after, status, err in wrong[:5]:
        print(f"--- after {after:.3f} s, status {status}:\n{err[-1500:]}")
    return 1 if counts["wrong"] or counts["lost"] else 0


if __name__ == "__main__":
    sys.exit(main())
