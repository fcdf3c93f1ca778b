"""A Ctrl-C is never lost in the core's handling of an argument.

Python runs the signal handlers pending whenever Python code runs, and at the
start of every ``repr``: the ``KeyboardInterrupt`` of a Ctrl-C (or of an ending
signal the command line handles) can come out of any call the core makes while
it reads an argument or writes an error. The core once echoed ``cards=`` with
``repr`` on every call and dropped whatever that raised: a Ctrl-C landing there
was lost, and ``accordion stats`` with small chunks went on to the end (about one
Ctrl-C in a hundred on a busy machine). These objects raise ``KeyboardInterrupt``
where the signal would land; the core must let it through, and still take an
object's own failure (an ``Exception``) as before.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from collections.abc import Callable
from typing import Any

import pytest

import accordion
from accordion.errors import AccordionError


class Raising(int):
    """An int whose ``repr``, ``==`` and ``__index__`` raise ``error``."""

    error: type[BaseException] = KeyboardInterrupt

    def __repr__(self) -> str:
        raise self.error("from __repr__")

    def __eq__(self, other: object) -> bool:
        raise self.error("from __eq__")

    __hash__ = int.__hash__


class RaisingValue(Raising):
    error = ValueError


class Opaque:
    """An object read through ``==`` or iteration, which raise."""

    def __init__(self, error: type[BaseException]) -> None:
        self.error = error

    def __eq__(self, other: object) -> bool:
        raise self.error("from __eq__")

    def __iter__(self) -> Any:
        raise self.error("from __iter__")

    def __repr__(self) -> str:
        return "Opaque()"

    __hash__ = object.__hash__


def _solution_dict(**changes: object) -> dict[str, object]:
    data: dict[str, object] = accordion.solve(accordion.Deal.from_seed(1)).to_dict()
    data.update(changes)
    return data


def _game() -> accordion.Game:
    return accordion.Game(accordion.Deal.from_seed(1))


# Calls that echo their bad argument with its `repr`: each raises the package's
# error naming it when the `repr` fails by itself.
ECHOING: dict[str, Callable[[type[Raising]], object]] = {
    "simulate cards": lambda kind: accordion.simulate(deals=1, cards=kind(99)),
    "simulate seed": lambda kind: accordion.simulate(deals=1, seed=kind(-1)),
    "from_knuth": lambda kind: accordion.Deal.from_knuth(kind(2**40)),
    "from_solvitaire": lambda kind: accordion.Deal.from_solvitaire(kind(2**70)),
    "from_pysol": lambda kind: accordion.Deal.from_pysol(kind(2**130)),
    "win_piles": lambda kind: accordion.Rules(win_piles=kind(2**70)),
    "distances": lambda kind: accordion.Rules(distances=[kind(60)]),
    "move_at pile": lambda kind: _game().move_at(kind(99), 1),
    "move_at target": lambda kind: _game().move_at(kind(2), kind(40)),
    "solve timeout": lambda kind: accordion.solve(
        accordion.Deal.from_seed(1), timeout=kind(-(10**400))
    ),
    "solution piles": lambda kind: accordion.Solution.from_dict(_solution_dict(piles=kind(2**70))),
}


@pytest.mark.parametrize("call", ECHOING.values(), ids=ECHOING.keys())
def test_a_ctrl_c_while_an_argument_is_echoed_goes_through(
    call: Callable[[type[Raising]], object],
) -> None:
    with pytest.raises(KeyboardInterrupt):
        call(Raising)


@pytest.mark.parametrize("call", ECHOING.values(), ids=ECHOING.keys())
def test_an_argument_whose_repr_fails_is_still_echoed(
    call: Callable[[type[Raising]], object],
) -> None:
    with pytest.raises((AccordionError, ValueError)) as raised:
        call(RaisingValue)
    assert "from __repr__" not in str(raised.value)


def test_a_good_count_of_cards_is_not_echoed() -> None:
    # Its `repr` is Python code, run only for an error.
    shown = []

    class Counting(int):
        def __repr__(self) -> str:
            shown.append(self)
            return int.__repr__(self)

    stats = accordion.simulate(deals=3, cards=Counting(20))
    assert stats.deals == 3
    assert shown == []
    with pytest.raises(AccordionError, match="got 99"):
        accordion.simulate(deals=1, cards=Counting(99))
    assert shown == [99]


# Calls that read an object through Python code (`==`, `iter`).
READING: dict[str, Callable[[type[BaseException]], object]] = {
    "solution result": lambda error: accordion.Solution.from_dict(
        _solution_dict(result=Opaque(error))
    ),
    "solution moves": lambda error: accordion.Solution.from_dict(
        _solution_dict(moves=Opaque(error))
    ),
}


@pytest.mark.parametrize("call", READING.values(), ids=READING.keys())
def test_a_ctrl_c_while_an_argument_is_read_goes_through(
    call: Callable[[type[BaseException]], object],
) -> None:
    with pytest.raises(KeyboardInterrupt):
        call(KeyboardInterrupt)


@pytest.mark.parametrize("call", READING.values(), ids=READING.keys())
def test_an_argument_that_cannot_be_read_is_refused(
    call: Callable[[type[BaseException]], object],
) -> None:
    with pytest.raises((AccordionError, TypeError)):
        call(ValueError)


# The command line: a Ctrl-C lost all the same (dropped by code that drops
# errors) still ends a long command at its next step.
DROPPING = textwrap.dedent(
    """
    import os, signal, sys
    import accordion.batch
    from accordion.cli import main

    real = accordion.batch.simulate_chunk
    chunks = []

    def simulate_chunk(*args, **kwargs):
        chunks.append(1)
        if len(chunks) == 3:
            sys.stderr.write("signal sent\\n")
            try:
                # The handler runs here (at the next check); what it raises is
                # dropped, as by a finalizer or by C code that clears errors.
                os.kill(os.getpid(), getattr(signal, sys.argv[1]))
                for _ in range(10**6):
                    pass
            except KeyboardInterrupt:
                sys.stderr.write("dropped\\n")
        return real(*args, **kwargs)

    accordion.batch.simulate_chunk = simulate_chunk
    sys.exit(main(["stats", "--rules", "parlett", "--deals", "10000000", "--chunk", "64"]))
    """
)


@pytest.mark.parametrize(("name", "status"), [("SIGINT", 130), ("SIGTERM", 143)])
def test_a_dropped_ctrl_c_still_ends_the_command(name: str, status: int) -> None:
    result = subprocess.run(
        [sys.executable, "-c", DROPPING, name],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == status, result.stderr
    lines = result.stderr.splitlines()
    assert lines[:2] == ["signal sent", "dropped"], result.stderr
    said = "interrupted" if name == "SIGINT" else "stopped by SIGTERM"
    assert lines[2:] == [f"accordion: {said}"], result.stderr


def test_the_mark_is_cleared_as_a_command_starts() -> None:
    from accordion.cli import main
    from accordion.cli.progress import Progress, stopping

    stopping()
    try:
        with pytest.raises(KeyboardInterrupt):
            Progress(10, "solving").update(1)
        assert main(["solve", "--seed", "1", "--count", "3"]) == 0
        Progress(10, "solving").update(1)
    finally:
        stopping(False)


# A coroutine that a library made and had not awaited when the signal landed
# (Dask's client on a cluster run) is reported by Python as the process ends.
ABANDONING = textwrap.dedent(
    """
    import os, signal, sys
    import accordion.batch
    from accordion.cli import main

    real = accordion.batch.simulate_chunk
    left = []

    async def wait_for_results():
        pass

    def simulate_chunk(*args, **kwargs):
        if not left:
            left.append(wait_for_results())
            os.kill(os.getpid(), getattr(signal, sys.argv[1]))
        return real(*args, **kwargs)

    accordion.batch.simulate_chunk = simulate_chunk
    status = main(["stats", "--rules", "parlett", "--deals", "10000000", "--chunk", "64"])
    left.clear()
    sys.exit(status)
    """
)


@pytest.mark.parametrize(("name", "status"), [("SIGINT", 130), ("SIGTERM", 143)])
def test_a_coroutine_left_by_the_signal_is_not_reported(name: str, status: int) -> None:
    result = subprocess.run(
        [sys.executable, "-c", ABANDONING, name],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == status, result.stderr
    said = "interrupted" if name == "SIGINT" else "stopped by SIGTERM"
    assert result.stderr == f"accordion: {said}\n"
