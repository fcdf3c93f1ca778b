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

import os
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
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


def _with_site(tmp_path: Path, source: str, **variables: str) -> dict[str, str]:
    """The environment of a `python -m accordion` whose start runs ``source`` (a
    ``sitecustomize`` put first on the path), with ``variables`` set."""
    (tmp_path / "sitecustomize.py").write_text(source)
    env = dict(os.environ, **variables)
    env["PYTHONPATH"] = os.pathsep.join([str(tmp_path), env.get("PYTHONPATH", "")])
    return env


def _solve_seed_1(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """`python -m accordion solve --seed 1` in ``env``, its output captured."""
    return subprocess.run(
        [sys.executable, "-m", "accordion", "solve", "--seed", "1"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )


def _script(source: str, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """``python -c SOURCE ARGS``, its output captured (a hang is a failure)."""
    return subprocess.run(
        [sys.executable, "-c", source, *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


#: The object that fails with ``error``: an int whose ``repr`` raises it.
RAISING: dict[type[BaseException], type[Raising]] = {
    KeyboardInterrupt: Raising,
    ValueError: RaisingValue,
}

# Calls that echo a bad argument with its `repr` (``RAISING``), or read one
# through Python code (`==`, `iter`: ``Opaque``), given the error that raises:
# a Ctrl-C goes through; an object's own failure is the package's error (or a
# TypeError) naming the argument, as for any bad value.
CALLS: dict[str, Callable[[type[BaseException]], object]] = {
    "simulate cards": lambda error: accordion.simulate(deals=1, cards=RAISING[error](99)),
    "simulate seed": lambda error: accordion.simulate(deals=1, seed=RAISING[error](-1)),
    "from_knuth": lambda error: accordion.Deal.from_knuth(RAISING[error](2**40)),
    "from_solvitaire": lambda error: accordion.Deal.from_solvitaire(RAISING[error](2**70)),
    "from_pysol": lambda error: accordion.Deal.from_pysol(RAISING[error](2**130)),
    "win_piles": lambda error: accordion.Rules(win_piles=RAISING[error](2**70)),
    "distances": lambda error: accordion.Rules(distances=[RAISING[error](60)]),
    "move_at pile": lambda error: _game().move_at(RAISING[error](99), 1),
    "move_at target": lambda error: _game().move_at(RAISING[error](2), RAISING[error](40)),
    "solve timeout": lambda error: accordion.solve(
        accordion.Deal.from_seed(1), timeout=RAISING[error](-(10**400))
    ),
    "solution piles": lambda error: accordion.Solution.from_dict(
        _solution_dict(piles=RAISING[error](2**70))
    ),
    "solution result": lambda error: accordion.Solution.from_dict(
        _solution_dict(result=Opaque(error))
    ),
    "solution moves": lambda error: accordion.Solution.from_dict(
        _solution_dict(moves=Opaque(error))
    ),
    "Deal": lambda error: accordion.Deal(Opaque(error)),  # type: ignore[arg-type]
    "iterated distances": lambda error: accordion.Rules(distances=Opaque(error)),  # type: ignore[arg-type]
    "solve_many": lambda error: accordion.solve_many(Opaque(error)),  # type: ignore[arg-type]
}


@pytest.mark.parametrize("call", CALLS.values(), ids=CALLS.keys())
def test_a_ctrl_c_while_an_argument_is_read_goes_through(
    call: Callable[[type[BaseException]], object],
) -> None:
    with pytest.raises(KeyboardInterrupt):
        call(KeyboardInterrupt)


@pytest.mark.parametrize("call", CALLS.values(), ids=CALLS.keys())
def test_an_argument_that_fails_by_itself_is_refused(
    call: Callable[[type[BaseException]], object],
) -> None:
    with pytest.raises((AccordionError, TypeError)) as raised:
        call(ValueError)
    assert "from __" not in str(raised.value)


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
    result = _script(DROPPING, name)
    assert result.returncode == status, result.stderr
    lines = result.stderr.splitlines()
    assert lines[:2] == ["signal sent", "dropped"], result.stderr
    said = "interrupted" if name == "SIGINT" else "stopped by SIGTERM"
    assert lines[2:] == [f"accordion: {said}"], result.stderr


def test_the_mark_is_cleared_as_a_command_starts() -> None:
    from accordion import _interrupt
    from accordion.cli import main
    from accordion.cli.progress import Progress

    _interrupt.tell_to_stop()
    try:
        with pytest.raises(KeyboardInterrupt):
            Progress(10, "solving").update(1)
        assert main(["solve", "--seed", "1", "--count", "3"]) == 0
        Progress(10, "solving").update(1)
    finally:
        _interrupt.clear_stop()


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
    result = _script(ABANDONING, name)
    assert result.returncode == status, result.stderr
    said = "interrupted" if name == "SIGINT" else "stopped by SIGTERM"
    assert result.stderr == f"accordion: {said}\n"


# Python run as `python -m accordion` ends a process by SIGINT, whatever its exit
# status, once a KeyboardInterrupt has passed through code run by `exec` of a
# string (a namedtuple or dataclass being made), even one caught since.
EXEC_CAUGHT = """\
import os
import accordion.cli.progress

drawn = accordion.cli.progress.Progress.update

def update(self, done):
    try:
        exec("raise KeyboardInterrupt")
    except KeyboardInterrupt:
        pass
    open(os.environ["RUNNING"], "w").close()
    return drawn(self, done)

accordion.cli.progress.Progress.update = update
"""


@pytest.mark.parametrize(("name", "status"), [("SIGTERM", 143), ("SIGHUP", 129)])
def test_the_module_command_ends_with_its_own_status(
    name: str, status: int, tmp_path: Path
) -> None:
    import signal
    import time

    running = tmp_path / "running"
    env = _with_site(tmp_path, EXEC_CAUGHT, RUNNING=str(running))
    args = ["stats", "--rules", "parlett", "--deals", "10000000", "--chunk", "64"]
    process = subprocess.Popen(
        [sys.executable, "-m", "accordion", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    deadline = time.monotonic() + 60
    while not running.exists() and time.monotonic() < deadline:
        time.sleep(0.02)
    process.send_signal(getattr(signal, name))
    _, err = process.communicate(timeout=60)
    assert process.returncode == status, err
    assert err == f"accordion: stopped by {name}\n"


def test_a_ctrl_c_that_python_wrapped_is_a_stop(monkeypatch: Any, capsys: Any) -> None:
    # Python 3.11 wraps an exception raised in `__set_name__` (as a library's class
    # is made) in a RuntimeError.
    import accordion.cli.deal
    from accordion.cli import main

    class Interrupted:
        def __set_name__(self, owner: type, name: str) -> None:
            raise KeyboardInterrupt

    def run(args: object) -> int:
        class Made:
            field = Interrupted()

        return 0

    monkeypatch.setattr(accordion.cli.deal, "run", run)
    assert main(["deal", "--seed", "1", "--cards", "5"]) == 130
    assert capsys.readouterr().err == "accordion: interrupted\n"


# The line prompt ends only the command it runs on Ctrl-C; SIGTERM and SIGHUP end
# the whole command, without reading another line.
LINE_PROMPT = textwrap.dedent(
    """
    import os, signal, sys, time
    from accordion.cli import main
    from accordion.games import GAMES, load

    session = load(GAMES["accordion"].session)
    real = session.execute

    def execute(self, line):
        if line.strip() == "boom":
            os.kill(os.getpid(), getattr(signal, sys.argv[1]))
            time.sleep(5)
        if line.strip() == "after":
            sys.stderr.write("the next line was read\\n")
        return real(self, "hint" if line.strip() in ("boom", "after") else line)

    session.execute = execute
    sys.exit(main(["play", "--plain", "--seed", "1"]))
    """
)


@pytest.mark.parametrize(
    ("name", "status", "said"),
    [("SIGTERM", 143, "stopped by SIGTERM"), ("SIGHUP", 129, "stopped by SIGHUP")],
)
def test_an_ending_signal_ends_the_line_prompt(name: str, status: int, said: str) -> None:
    result = _script(LINE_PROMPT, name, stdin="boom\nafter\nafter\n")
    assert result.returncode == status, result.stderr
    assert result.stderr.splitlines() == [f"accordion: {said}"]


def test_ctrl_c_at_the_line_prompt_ends_only_its_command() -> None:
    result = _script(LINE_PROMPT, "SIGINT", stdin="boom\nafter\nquit\n")
    assert "interrupted" in result.stdout
    assert result.stderr.splitlines() == ["the next line was read"]
    assert result.returncode == 0, result.stderr


class Colliding:
    """A dict key that looks like ``name`` to the hash, and whose ``==`` raises."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __hash__(self) -> int:
        return hash(self.name)

    def __eq__(self, other: object) -> bool:
        raise KeyboardInterrupt


@pytest.mark.parametrize("key", ["piles", "game"])
def test_a_ctrl_c_while_a_solution_dict_is_read_goes_through(key: str) -> None:
    data: dict[object, object] = dict(accordion.solve_bayan("5C 9H 2D 5S 9D 2H").to_dict())
    del data[key]
    data[Colliding(key)] = 0
    with pytest.raises(KeyboardInterrupt):
        accordion.BayanSolution.from_dict(data)  # type: ignore[arg-type]


# The full-screen table: a signal while it starts (before the event loop takes
# the signals) or while it ends (after the loop gave them back) stops the command
# with its status and the terminal given back.
TABLE = textwrap.dedent(
    """
    import os, signal, sys
    from accordion.cli import main
    from accordion.play.table.app import TableApp

    number = getattr(signal, sys.argv[1])
    if sys.argv[2] == "starting":
        # Just after the terminal is put in raw mode, before the app is mounted.
        from textual.drivers.linux_driver import LinuxDriver

        start = LinuxDriver.start_application_mode

        def started(self):
            start(self)
            os.kill(os.getpid(), number)

        LinuxDriver.start_application_mode = started
    elif sys.argv[2] == "composing":
        compose = TableApp.compose

        def composed(self):
            os.kill(os.getpid(), number)
            yield from compose(self)

        TableApp.compose = composed
    else:
        shutdown = TableApp._shutdown

        async def shut(self):
            await shutdown(self)
            os.kill(os.getpid(), number)

        TableApp._shutdown = shut
    sys.exit(main(["play", "--seed", "7"]))
    """
)


@pytest.mark.parametrize("when", ["starting", "composing", "ending"])
@pytest.mark.parametrize(("name", "status"), [("SIGTERM", 143), ("SIGHUP", 129), ("SIGINT", 130)])
def test_a_signal_as_the_table_starts_or_ends_stops_it_cleanly(
    when: str, name: str, status: int, tmp_path: Path
) -> None:
    import io

    pexpect = pytest.importorskip("pexpect")
    pytest.importorskip("textual")
    script = tmp_path / "table.py"
    script.write_text(TABLE)
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env.update(TERM="xterm", PYTHONIOENCODING="utf-8", ACCORDION_DATA_DIR=str(tmp_path))
    command = f"{sys.executable} {script} {name} {when}; echo status=$?; stty -a"
    child = pexpect.spawn(
        "/bin/sh", ["-c", command], env=env, dimensions=(30, 100), encoding="utf-8", timeout=60
    )
    seen = io.StringIO()
    child.logfile_read = seen
    if when == "ending":
        child.expect_exact("Accordion · deal 7")
        child.send("q")
    child.expect(pexpect.EOF)
    text = seen.getvalue()
    settings = text[text.rindex("status=") :]
    assert settings.startswith(f"status={status}"), text[-2000:]
    # The terminal is cooked again, out of the alternate screen.
    assert " icanon" in settings and " echo " in settings, settings
    assert text.count("\x1b[?1049h") == text.count("\x1b[?1049l")
    said = "interrupted" if name == "SIGINT" else f"stopped by {name}"
    assert f"accordion: {said}" in text
    assert "Traceback" not in text and "internal error" not in text


def test_a_table_run_by_a_program_leaves_the_signals_as_they_were() -> None:
    # Only the command's table holds signals as it ends; a program's own (here a
    # test's pilot) gets the event loop's way back.
    import asyncio
    import signal

    pytest.importorskip("textual")
    from accordion.games import find_game
    from accordion.play.accordion import Session
    from accordion.play.table.app import TableApp
    from accordion.play.table.model import Table

    app = TableApp(
        Table(Session(accordion.Deal.from_seed(7)), find_game("accordion")), game="accordion"
    )

    async def main() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("q")

    asyncio.run(main())
    assert signal.getsignal(signal.SIGTERM) == signal.SIG_DFL
    assert signal.getsignal(signal.SIGINT) != app.hold_signal


# While the command imports itself, before `main` puts in its handlers.
IMPORTING = """\
import os, signal, sys

class Signalling:
    def find_spec(self, name, path=None, target=None):
        if name == "accordion.cli.output":
            os.kill(os.getpid(), getattr(signal, os.environ["SIGNAL"]))
        return None

sys.meta_path.insert(0, Signalling())
"""


def test_a_module_still_being_imported_is_not_whole() -> None:
    import types

    from accordion.cli import _imported

    module = types.ModuleType("accordion_test_half")
    module.__spec__ = types.SimpleNamespace(_initializing=True)  # type: ignore[assignment]
    sys.modules["accordion_test_half"] = module
    try:
        assert not _imported("accordion_test_half")
        module.__spec__._initializing = False
        assert _imported("accordion_test_half")
    finally:
        del sys.modules["accordion_test_half"]
    assert _imported("re") and not _imported("accordion_test_none")


# After the command has returned, as the process ends (Dask's client closing, the
# interpreter's own end).
ENDED = """\
import atexit, os, signal, time

def late():
    os.kill(os.getpid(), getattr(signal, os.environ["SIGNAL"]))
    time.sleep(5)

atexit.register(late)
"""


#: What each signal makes the command say, and its status.
SAID = {
    "SIGINT": (130, "interrupted"),
    "SIGTERM": (143, "stopped by SIGTERM"),
    "SIGHUP": (129, "stopped by SIGHUP"),
}

#: The moments a signal is sent at, by what the process runs first.
MOMENTS = {"importing": IMPORTING, "ended": ENDED}


@pytest.mark.parametrize(
    ("moment", "name"),
    [("importing", name) for name in SAID] + [("ended", "SIGTERM"), ("ended", "SIGINT")],
)
def test_a_signal_as_the_command_starts_or_ends_says_so(
    moment: str, name: str, tmp_path: Path
) -> None:
    status, said = SAID[name]
    result = _solve_seed_1(_with_site(tmp_path, MOMENTS[moment], SIGNAL=name))
    assert result.returncode == status, result.stderr
    assert result.stderr == f"accordion: {said}\n"
    if moment == "ended":
        # What the command printed is kept.
        assert result.stdout.startswith("deal: 5S 3C") and result.stdout.endswith("\n")
