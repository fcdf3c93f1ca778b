"""Shared fixtures: every engine test runs on the Rust core and on the reference engine.

``HYPOTHESIS_PROFILE`` picks how hard Hypothesis tries: ``ci`` (the default),
``dev`` (quick) or ``thorough``. Conformance data lives in ``tests/data/`` (its
README says where each file comes from): the tests read nothing outside the repository.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import signal
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parents[1]

# Run from a plain checkout too: without an installed package, import the source tree.
if importlib.util.find_spec("accordion") is None:
    sys.path.insert(0, str(ROOT / "python"))

# pytest-xdist's workers run with COLUMNS=80 and LINES=24 in their environment; every
# process a test starts would take them over its terminal's real size. Without them a
# worker's children see what they see in a serial run.
if "PYTEST_XDIST_WORKER" in os.environ:
    for name in ("COLUMNS", "LINES"):
        os.environ.pop(name, None)

# `play` counts its games in the player's record: the commands the tests run keep
# theirs in a folder of their own, never in the home folder of whoever runs them.
if "ACCORDION_DATA_DIR" not in os.environ:
    import tempfile

    os.environ["ACCORDION_DATA_DIR"] = tempfile.mkdtemp(prefix="accordion-tests-")

settings.register_profile("ci", max_examples=100, deadline=None)
settings.register_profile("dev", max_examples=20, deadline=None)
settings.register_profile("thorough", max_examples=2000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

ENGINES = {"core": "accordion._core", "reference": "accordion.reference"}


def pytest_configure(config: pytest.Config) -> None:
    # pytest-xdist registers it too; here for a run without xdist (filterwarnings=error
    # makes an unknown mark an error).
    config.addinivalue_line(
        "markers", "xdist_group(name): run in one pytest-xdist worker (--dist loadgroup)"
    )


@pytest.fixture(scope="session", params=list(ENGINES))
def engine(request: pytest.FixtureRequest) -> ModuleType:
    """The engine module under test; imported lazily so that each engine fails on its own."""
    return importlib.import_module(ENGINES[request.param])


DATA = ROOT / "tests" / "data"


def conformance_dir() -> Path:
    """The conformance data, copied into the repository (``tests/data/README.md``)."""
    return DATA


def conformance_rows() -> list[tuple[str, str, str]]:
    """``(name, published verdict, row)`` for each Late Binding Solitaire instance."""
    path = conformance_dir() / "late-binding-instances.tsv"
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            name, verdict, row = line.split("\t")
            rows.append((name, verdict, row))
    return rows


def _default_signals() -> None:
    """Tests send SIGINT, SIGTERM and SIGHUP to the commands they start and expect
    the commands to act on them. A test run started where a signal is ignored (a
    background job of a shell without job control ignores SIGINT, ``nohup``
    SIGHUP) hands that on to every child, whose command then rightly ignores it
    too: the run sets them back to their defaults, in each process of it."""
    for signum, default in (
        (signal.SIGINT, signal.default_int_handler),
        (signal.SIGTERM, signal.SIG_DFL),
        (signal.SIGHUP, signal.SIG_DFL),
    ):
        if signal.getsignal(signum) == signal.SIG_IGN:
            signal.signal(signum, default)


_default_signals()


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run `python -m accordion ARGS` as a user would; capture its output."""
    return subprocess.run(
        [sys.executable, "-m", "accordion", *args],
        capture_output=True,
        text=True,
        input=stdin,
        timeout=120,
        check=False,
    )


def data_script(name: str) -> ModuleType:
    """The script ``tests/data/NAME.py`` (one that writes a data file), imported."""
    path = Path(__file__).resolve().parent / "data" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
