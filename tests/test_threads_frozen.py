"""Every game class of the core may be shared between threads while it makes
Python objects (``game.legal_moves``, ``history``, ``piles``, a pickle, a copy …).

Making a Python object may start a garbage collection, and a collection runs
finalizers: Python code, which may play on the same game or let another thread
in to play. The game classes used PyO3's run-time borrow flags, held while the
method built its result, so such a ``play`` failed with an untyped
``RuntimeError: Already borrowed``. Each game now keeps its position behind a
lock held only around work that runs no Python code.

The reproduction is deterministic on CPython 3.11, where a collection runs on the
allocation that passes the threshold: with ``gc.set_threshold(1)`` and a piece
of cyclic garbage whose finalizer re-arms itself, a finalizer runs as soon as
two new tracked objects are alive at once (a list and its first move, two
moves). From 3.12 on, a collection waits for the interpreter's
next check between bytecodes, so no finalizer runs inside the core's methods and
these tests pass whatever the binding does.
"""

from __future__ import annotations

import copy
import gc
import pickle
import sys
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from accordion.games import GAMES

#: Every game of the registry (those Accordion's engine plays under fixed
#: flags share its ``Game`` class; each throw game has a class of its own).
NAMES = list(GAMES)


def new_game(name: str) -> Any:
    """A game of ``name`` on its numbered deal 3, two actions played (so that
    ``history`` has moves to make) and at least one legal action left."""
    descriptor = GAMES[name]
    for seed in range(3, 200):
        game = descriptor.game_class()(descriptor.numbered()(seed, 52))
        for _ in range(2):
            moves = list(game.legal_moves)
            if moves:
                game.play(moves[0])
        if list(game.legal_moves):
            return game
    raise AssertionError(f"no deal of {name} with a move left after two")  # pragma: no cover


class Trap:
    """Cyclic garbage whose finalizer runs ``action`` and leaves another trap,
    so that while armed every collection runs ``action`` once."""

    armed = False
    action: Callable[[], None] = staticmethod(lambda: None)

    def __init__(self) -> None:
        self.cycle = self

    def __del__(self) -> None:
        if Trap.armed:
            Trap.action()
            Trap()


@pytest.fixture
def trap() -> Iterator[type[Trap]]:
    """``Trap``, armed by the test: the lowest collection threshold, and a
    finalizer to run in each collection; disarmed and the thresholds restored
    after."""
    thresholds = gc.get_threshold()
    gc.set_threshold(1)
    try:
        yield Trap
    finally:
        Trap.armed = False
        Trap.action = staticmethod(lambda: None)
        gc.set_threshold(*thresholds)


def reads(game: Any) -> dict[str, Callable[[], object]]:
    """Each call of a game that builds Python objects from its position."""
    twin = game.copy()
    first = next(iter(game.legal_moves))
    calls: dict[str, Callable[[], object]] = {
        "legal_moves": lambda: list(game.legal_moves),
        "len(legal_moves)": lambda: len(game.legal_moves),
        "in legal_moves": lambda: first in game.legal_moves,
        "repr(legal_moves)": lambda: repr(game.legal_moves),
        "history": lambda: list(game.history),
        "piles": lambda: game.piles,
        "tops": lambda: list(game.tops),
        "outcome": lambda: repr(game.outcome),
        "starting_deal": lambda: str(game.starting_deal),
        "rules": lambda: repr(game.rules),
        "blind, is_over, stock_size": lambda: (game.blind, game.is_over, game.stock_size),
        "str": lambda: str(game),
        "repr": lambda: repr(game),
        "==": lambda: (game == game, game == twin, twin == game),
        "copy": lambda: str(game.copy()),
        "copy.copy": lambda: str(copy.copy(game)),
        "copy.deepcopy": lambda: str(copy.deepcopy(game)),
        "pickle": lambda: str(pickle.loads(pickle.dumps(game))),
        "reduce": lambda: game.__reduce__()[1],
    }
    if hasattr(game, "move_at"):
        calls["move_at"] = lambda: game.move_at(2, 1)
    if hasattr(game, "sizes"):
        calls["cards, sizes"] = lambda: (list(game.cards), game.sizes)
    return calls


@pytest.mark.parametrize("name", NAMES)
def test_a_finalizer_may_play_on_the_game_whose_call_makes_objects(
    name: str, trap: type[Trap]
) -> None:
    """Single-threaded and deterministic: while each reading call builds its
    result, finalizers play a move and take it back on the same game. Neither
    side fails, and each call answers for the position it started from."""
    game = new_game(name)
    first = next(iter(game.legal_moves))
    calls = reads(game)
    expected = {what: call() for what, call in calls.items()}
    start, history = str(game), list(game.history)
    errors: list[BaseException] = []
    plays = 0

    def play_and_undo() -> None:
        nonlocal plays
        try:
            game.play(first)
            game.undo()
            plays += 1
        except BaseException as error:
            errors.append(error)

    trap.action = staticmethod(play_and_undo)
    trap.armed = True
    trap()
    answers, fired = {}, {}
    for what, call in calls.items():
        before = plays + len(errors)
        answers[what] = call()
        fired[what] = plays + len(errors) - before
    trap.armed = False
    assert errors == []
    if sys.version_info < (3, 12):
        # A collection starts when a call holds two new tracked objects at
        # once: at least each call that makes a list of objects ran finalizers.
        lists = ("legal_moves", "len(legal_moves)", "history", "piles", "pickle")
        assert [what for what in lists if not fired[what]] == []
    assert answers == expected
    assert str(game) == start and list(game.history) == history


@pytest.mark.parametrize("name", NAMES)
def test_a_thread_may_play_while_another_makes_objects(name: str, trap: type[Trap]) -> None:
    """Two threads: one reads the game again and again, its finalizers letting
    the other thread in (``time.sleep(0)`` releases the GIL); the other plays and
    takes back. No error, and the game ends where it started."""
    game = new_game(name)
    start, history = str(game), list(game.history)
    calls = list(reads(game).values())
    errors: list[BaseException] = []
    done = threading.Event()

    def player() -> None:
        try:
            while not done.is_set():
                moves = list(game.legal_moves)
                game.play(moves[0])
                game.undo()
        except BaseException as error:
            errors.append(error)

    switch = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    thread = threading.Thread(target=player)
    try:
        trap.action = staticmethod(lambda: time.sleep(0))
        trap.armed = True
        trap()
        thread.start()
        deadline = time.monotonic() + 0.15
        while time.monotonic() < deadline and not errors:
            for call in calls:
                try:
                    call()
                except BaseException as error:
                    errors.append(error)
    finally:
        trap.armed = False
        done.set()
        thread.join(30)
        sys.setswitchinterval(switch)
    assert not thread.is_alive()
    assert errors == []
    assert str(game) == start and list(game.history) == history
