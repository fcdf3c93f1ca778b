"""What test files share: the two engines of one game, the CLI in a terminal, and the
resources one child process used.

Each throw game's test file (``test_royal.py``, ``test_bayan.py``, ``test_accordian.py``)
runs its tests on the Rust core and on that game's reference module; :class:`Engines`
is the one place that says how (``conftest.py`` does the same for Accordion itself).
"""

from __future__ import annotations

import contextlib
import importlib
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import strategies as st

if TYPE_CHECKING:
    import resource

    # Imported where used: the smoke tests on other Pythons run without pexpect.
    import pexpect  # type: ignore[import-untyped,unused-ignore]


class Engines:
    """A game's two engines: ``accordion._core`` and the reference module ``reference``."""

    def __init__(self, reference: str) -> None:
        self.modules = {"core": "accordion._core", "reference": reference}

    def core(self) -> Any:
        return importlib.import_module(self.modules["core"])

    def reference(self) -> Any:
        return importlib.import_module(self.modules["reference"])

    def fixture(self, name: str) -> Any:
        """A module-scoped fixture ``name``: each engine in turn (ids ``core``, ``reference``),
        imported lazily so that each engine fails on its own."""

        @pytest.fixture(scope="module", params=list(self.modules), name=name)
        def engine(request: pytest.FixtureRequest) -> Any:
            return importlib.import_module(self.modules[request.param])

        return engine


def interrupted_cli(*args: str, after: float) -> str:
    """Run ``accordion ARGS``, send it SIGINT (Ctrl-C) ``after`` seconds, and return its
    standard error once it ends, which it must within a minute with status 130 and no
    traceback."""
    child = subprocess.Popen(
        [sys.executable, "-m", "accordion", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(after)
    child.send_signal(signal.SIGINT)
    _, err = child.communicate(timeout=60)
    assert child.returncode == 130, err
    assert "Traceback" not in err
    return err


def wait_for_usage(process: subprocess.Popen[Any], timeout: float) -> resource.struct_rusage:
    """Wait for ``process`` to end (at most ``timeout`` seconds, then kill it and raise
    ``TimeoutExpired``) and return the resources it used, itself alone (``os.wait4``):
    ``RUSAGE_CHILDREN`` would give the most of every child this process ever waited for,
    which depends on the tests that ran before in the same process."""
    deadline = time.monotonic() + timeout
    while True:
        pid, status, usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            process.returncode = os.waitstatus_to_exitcode(status)
            return usage
        if time.monotonic() > deadline:
            process.kill()
            process.wait()
            raise subprocess.TimeoutExpired(process.args, timeout)
        time.sleep(0.02)


def start_cli(*args: str, **popen: Any) -> subprocess.Popen[str]:
    """`python -m accordion ARGS` started, its streams text; ``popen``: the other
    keywords of :class:`subprocess.Popen` (where its output goes, its environment)."""
    return subprocess.Popen([sys.executable, "-m", "accordion", *args], text=True, **popen)


def started_until_checkpointed(
    *args: str, checkpoint: Path, lines: int = 3, env: dict[str, str] | None = None
) -> subprocess.Popen[str]:
    """`python -m accordion ARGS` started (its output piped), once its ``checkpoint``
    file holds ``lines`` lines or it has ended: a run to be stopped midway."""
    process = start_cli(*args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    while process.poll() is None and (
        not checkpoint.exists() or checkpoint.read_bytes().count(b"\n") < lines
    ):
        time.sleep(0.02)
    return process


#: Every card's text, and Hypothesis's strategy for one of them.
CARDS = [rank + suit for rank in "A23456789TJQK" for suit in "CDHS"]
card_texts = st.sampled_from(CARDS)


@st.composite
def move_texts(draw: st.DrawFn, spellings: list[str]) -> str:
    """A move of two different cards ``{a}`` and ``{b}`` in one of ``spellings``, or
    (one time in ten) ``deal``."""
    if draw(st.integers(0, 9)) == 0:
        return "deal"
    a, b = draw(st.lists(card_texts, min_size=2, max_size=2, unique=True))
    return draw(st.sampled_from(spellings)).format(a=a, b=b)


def random_plays(draw: st.DrawFn, game: Any, most: int = 5) -> list[str]:
    """Up to ``most`` legal actions drawn and played on ``game`` (a game of either
    engine), stopping where none is legal: the texts played, in order."""
    actions: list[str] = []
    for _ in range(draw(st.integers(0, most))):
        legal = [str(move) for move in game.legal_moves]
        if not legal:
            break
        action = draw(st.sampled_from(legal))
        game.play(action)
        actions.append(action)
    return actions


def played(game: Any, moves: Iterable[object]) -> Any:
    """``game`` after playing ``moves`` (moves or their texts) in turn: a solver's or
    the command line's line replayed through the reference engine."""
    for move in moves:
        game.play(str(move))
    return game


def texts(items: Any) -> list[str]:
    """The items as their texts (moves, cards), for comparing the two engines."""
    return [str(item) for item in items]


# -- the command line in a pseudo-terminal ------------------------------------------

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def plain(text: str) -> str:
    """``text`` without its terminal escapes."""
    return ANSI.sub("", text)


def terminal(
    *args: str, colour: bool = False, columns: int = 80, timeout: float = 60
) -> pexpect.spawn:
    """`python -m accordion ARGS` in a 24-line pseudo-terminal of ``columns`` columns
    (``TERM=xterm``, UTF-8; ``NO_COLOR`` unless ``colour``), as a user runs it."""
    import pexpect  # type: ignore[import-untyped,unused-ignore]

    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env.update(TERM="xterm", PYTHONIOENCODING="utf-8")
    if not colour:
        env["NO_COLOR"] = "1"
    return pexpect.spawn(
        sys.executable,
        ["-m", "accordion", *args],
        env=env,
        dimensions=(24, columns),
        encoding="utf-8",
        timeout=timeout,
    )


def first_screen(child: pexpect.spawn) -> str:
    """The plain text of the screen drawn up to the next prompt."""
    child.expect_exact("\r\n> ")
    return plain(child.before or "")


def screen_after(child: pexpect.spawn, line: str) -> str:
    """Send a line and return the plain text of the screen drawn in answer."""
    child.sendline(line)
    return first_screen(child)


def fits_a_terminal(screen: str) -> None:
    """The last screen drawn fits 80 columns by 24 lines (the prompt takes the last)."""
    lines = screen.split("\x1b[2J")[-1].splitlines()
    assert len(lines) <= 23 and all(len(line) <= 80 for line in lines)


def opening_screen(child: pexpect.spawn, *texts: str) -> str:
    """The first screen a table draws, checked: it shows each of ``texts``, has no
    colour (the tests' terminals set NO_COLOR) and fits 80x24; its plain text."""
    screen = first_screen(child)
    for text in texts:
        assert text in screen, text
    drawn = child.before or ""
    assert "\x1b[31m" not in drawn and "\x1b[1;31m" not in drawn
    fits_a_terminal(screen)
    return screen


def hint_undo_solve(child: pexpect.spawn, hint: str, took_back: str, status: str) -> None:
    """The commands every game's table shares, typed in a terminal: ``hint`` (an
    action starting ``hint``, and the verdict), ``undo`` (``took_back`` taken back,
    the ``status`` line after it) and ``solve`` (a verdict from here)."""
    screen = screen_after(child, "hint")
    assert f"hint: {hint}" in screen and "winnable" in screen
    screen = screen_after(child, "undo")
    assert f"took back {took_back}" in screen and status in screen
    screen = screen_after(child, "solve")
    assert "solve: a win from here" in screen or "solve: no win from here" in screen


def finish(child: pexpect.spawn, status: int = 0) -> str:
    """Wait for the end; check the exit status; the plain text of what came last."""
    import pexpect  # type: ignore[import-untyped,unused-ignore]

    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == status
    return plain(child.before or "")


def web_client(app: Any) -> Any:
    """Starlette's test client on ``app`` (the web extra's server). Imported here,
    warnings silenced: this Starlette warns at import that its client will move
    from httpx to httpx2, which the suite's ``filterwarnings = error`` would make
    a failure."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    return TestClient(app)


# A local server and a headless browser (the web table's tests, the docs site's) -----

#: Debian's Chromium, if installed (scripts/test.sh installs it on CI).
CHROMIUM = next(
    (path for name in ("chromium", "chromium-browser") if (path := shutil.which(name))), None
)


def free_port() -> int:
    """A TCP port of 127.0.0.1 that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def wait_for_port(port: int, seconds: float = 60) -> None:
    """Wait until something listens on 127.0.0.1:``port`` (an assertion after ``seconds``)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise AssertionError(f"nothing listens on 127.0.0.1:{port}")


@contextlib.contextmanager
def headless_chromium(devtools: int, profile: Path, *flags: str) -> Iterator[None]:
    """Chromium, headless, its DevTools protocol on 127.0.0.1:``devtools`` (waited
    for), its profile in ``profile``; stopped on leaving."""
    assert CHROMIUM is not None
    browser = subprocess.Popen(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            *flags,
            f"--user-data-dir={profile}",
            "--remote-debugging-address=127.0.0.1",
            f"--remote-debugging-port={devtools}",
            "about:blank",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for_port(devtools)
        yield
    finally:
        browser.terminate()
        browser.wait(timeout=30)
