"""One long call cancelled from another thread, every other call going on
(:class:`accordion.CancelScope`, docs/errors.md): for every game of the registry,
and for each kind of long call (solve, hint, rate, deal searches, simulate)."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

import accordion
from accordion.games import GAMES, Descriptor, load

#: A row Accordian Patience's solver does not settle in minutes.
ACCORDIAN_HARD = 8
#: Rows that take one thread minutes to solve.
ROWS = [accordion.Deal.from_seed(n) for n in range(10**5)]


class Running:
    """``call`` in a thread of its own, inside ``scope``: what it returned or raised."""

    def __init__(self, call: Callable[[], Any], scope: accordion.CancelScope) -> None:
        self.outcome: Any = None
        self.ended = threading.Event()

        def run() -> None:
            try:
                with scope:
                    self.outcome = call()
            except BaseException as error:  # what it raised is its outcome
                self.outcome = error
            self.ended.set()

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()


def long_call(game: Descriptor) -> Callable[[], Any]:
    """A call of ``game`` that runs for hours unless stopped: its simulation of
    2**52 deals, or (a game without one) its batch solver on 20,000 rows."""
    rules = game.batch_rules()
    if game.supports("stats"):
        simulate = game.simulator()
        return lambda: simulate(deals=2**52, rules=rules, jobs=1)
    solve_many = load(game.pieces().solve_many or "")
    rows = [game.numbered()(seed, 52) for seed in range(20_000)]
    return lambda: solve_many(rows, rules=rules, jobs=1)


def timeless(result: Any) -> dict[str, Any]:
    """A result as JSON, without the seconds it took."""
    return {key: value for key, value in result.to_dict().items() if key != "seconds"}


def short_call(game: Descriptor) -> Callable[[], Any]:
    """A call of ``game`` with a known answer (compared whole, so deterministic)."""
    rules = game.batch_rules()
    if game.supports("stats"):
        simulate = game.simulator()
        return lambda: timeless(simulate(deals=300, seed=5, rules=rules, jobs=1))
    solver = game.solver()
    rows = [game.numbered()(seed, 20) for seed in range(10)]
    return lambda: [timeless(solver(row, rules=rules)) for row in rows]


def started(scope: accordion.CancelScope, within: float = 30) -> None:
    """Wait until a long call runs in ``scope`` (a loaded machine may take a while
    to start the thread that makes it)."""
    deadline = time.monotonic() + within
    while scope.running == 0:
        assert time.monotonic() < deadline, "the call never started"
        time.sleep(0.01)


def cancel_while_running(
    scope: accordion.CancelScope, running: Running, seconds: float = 0.3
) -> int:
    """Cancel ``scope`` once its call has run ``seconds``; how many calls it stopped."""
    started(scope)
    time.sleep(seconds)
    assert not running.ended.is_set(), running.outcome
    return scope.cancel()


@pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))
def test_one_call_of_each_game_is_cancelled_and_another_goes_on(game: Descriptor) -> None:
    bystander = short_call(game)
    want = bystander()
    scope = accordion.CancelScope()
    running = Running(long_call(game), scope)
    others: list[Any] = []

    def go_on() -> None:
        # Runs before, during and after the cancel, in a scope of its own.
        with accordion.CancelScope():
            while not running.ended.is_set() or len(others) < 2:
                others.append(bystander())

    other = threading.Thread(target=go_on)
    other.start()
    stopped = cancel_while_running(scope, running)
    assert running.ended.wait(10), f"{game.name}: the cancelled call did not stop"
    other.join(60)
    assert isinstance(running.outcome, accordion.CancelledError), running.outcome
    assert stopped == 1
    assert others and all(result == want for result in others)
    assert scope.cancelled


@pytest.mark.parametrize(
    "call",
    [
        lambda: accordion.solve_accordian(accordion.Deal.from_seed(ACCORDIAN_HARD), timeout=None),
        lambda: accordion.AccordianGame(accordion.Deal.from_seed(ACCORDIAN_HARD)).hint(
            timeout=None
        ),
        lambda: accordion.rate(accordion.Deal.from_seed(ACCORDIAN_HARD), game="accordian"),
        lambda: accordion.solve_many(ROWS, jobs=1),
        lambda: accordion.simulate(deals=2**52, rules="parlett", strategy="clairvoyant", jobs=1),
        # Its first game is deal 8: the search inside that one game is stopped.
        lambda: accordion.simulate_accordian(
            deals=2**52, seed=ACCORDIAN_HARD, strategy="best", jobs=1
        ),
    ],
    ids=["solve", "hint", "rate", "solve_many", "simulate", "simulate-in-a-game"],
)
def test_each_kind_of_long_call_is_cancelled(call: Callable[[], Any]) -> None:
    scope = accordion.CancelScope()
    running = Running(call, scope)
    assert cancel_while_running(scope, running) == 1
    assert running.ended.wait(10)
    assert isinstance(running.outcome, accordion.CancelledError), running.outcome


def test_a_call_in_a_cancelled_scope_raises_at_once_and_others_do_not() -> None:
    scope = accordion.CancelScope()
    assert scope.cancel() == 0 and scope.cancelled
    with pytest.raises(accordion.CancelledError, match="CancelScope"), scope:
        accordion.solve("7H 2C 3C 7C")
    # Out of the scope, and in a scope of another, calls are answered.
    assert accordion.solve("7H 2C 3C 7C").result == "win"
    with accordion.CancelScope():
        assert accordion.solve("7H 2C 3C 7C").result == "win"


def test_scopes_nest_and_the_outer_one_stops_the_inner_call() -> None:
    outer = accordion.CancelScope()
    inner = accordion.CancelScope()

    def call() -> Any:
        with inner:
            return accordion.simulate(deals=2**52, jobs=1)

    running = Running(call, outer)
    assert cancel_while_running(outer, running) == 1
    assert running.ended.wait(10)
    assert isinstance(running.outcome, accordion.CancelledError)
    assert not inner.cancelled


def test_one_scope_entered_in_two_threads_stops_both() -> None:
    scope = accordion.CancelScope()
    first = Running(lambda: accordion.simulate(deals=2**52, jobs=1), scope)
    second = Running(lambda: accordion.simulate_royal(deals=2**52, jobs=1), scope)
    assert cancel_while_running(scope, first) == 2
    for running in (first, second):
        assert running.ended.wait(10)
        assert isinstance(running.outcome, accordion.CancelledError)


def test_the_scope_reaches_asyncio_s_worker_threads() -> None:
    # asyncio.to_thread (and anyio's) runs the call in a copy of the context.
    async def main() -> Any:
        scope = accordion.CancelScope()
        with scope:
            task = asyncio.ensure_future(asyncio.to_thread(accordion.simulate, deals=2**52, jobs=1))
        while scope.running == 0:
            await asyncio.sleep(0.01)
        assert scope.cancel() == 1
        try:
            return await asyncio.wait_for(task, 10)
        except accordion.CancelledError as error:
            return error

    assert isinstance(asyncio.run(main()), accordion.CancelledError)


def test_interrupt_still_stops_calls_in_a_scope_with_keyboard_interrupt() -> None:
    scope = accordion.CancelScope()
    running = Running(lambda: accordion.simulate(deals=2**52, jobs=1), scope)
    started(scope)
    assert accordion.interrupt() >= 1
    assert running.ended.wait(10)
    assert isinstance(running.outcome, KeyboardInterrupt)
    assert not scope.cancelled


def test_cancelled_error_is_an_exception_not_a_bad_value_nor_an_interrupt() -> None:
    assert issubclass(accordion.CancelledError, Exception)
    assert not issubclass(accordion.CancelledError, (ValueError, KeyboardInterrupt))
    assert accordion.errors.CancelledError is accordion.CancelledError
    assert repr(accordion.CancelScope()) == "<CancelScope active>"


def test_results_in_a_scope_are_those_without_one() -> None:
    # A scope that is never cancelled changes nothing, on any number of threads.
    plain = accordion.simulate(deals=300, seed=3, strategy="sweepers", jobs=2)
    with accordion.CancelScope():
        scoped = accordion.simulate(deals=300, seed=3, strategy="sweepers", jobs=1)
        assert timeless(scoped) == timeless(plain)
        rows = [accordion.Deal.from_seed(n) for n in range(20)]
        assert [timeless(s) for s in accordion.solve_many(rows, jobs=2)] == [
            timeless(accordion.solve(row)) for row in rows
        ]


def test_a_scope_counts_the_calls_running_in_it() -> None:
    scope = accordion.CancelScope()
    assert scope.running == 0
    calls = [Running(lambda: accordion.simulate(deals=2**52, jobs=1), scope) for _ in range(2)]
    deadline = time.monotonic() + 30
    while scope.running < 2:
        assert time.monotonic() < deadline, scope.running
        time.sleep(0.01)
    with accordion.CancelScope() as other:
        assert other.running == 0
    assert scope.cancel() == 2
    for call in calls:
        assert call.ended.wait(10)
        assert isinstance(call.outcome, accordion.CancelledError)
    assert scope.running == 0
