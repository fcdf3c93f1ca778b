"""Smoke-test an installed wheel: what a person does first, plus a quick test subset.

Run from the repository root with the Python of a virtual environment that has the
wheel (and pytest, hypothesis) installed; scripts/test.sh runs it once per CPython
version and the release workflow once per platform:

    python scripts/smoke.py

Checks that ``import accordion`` works in a fresh interpreter, that every module of
the package imports (a module that imports something the platform lacks, such as
``fcntl`` on Windows, fails here), that ``accordion --help`` and every subcommand's
``--help`` print, that ``accordion solve --seed 1`` (the console script) wins and that
its winning line replays to one pile through the reference engine, then runs
SMOKE_TESTS with pytest (Hypothesis's quick ``dev`` profile).
Exits non-zero on the first failure.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

# Quick, platform-neutral tests that reach the binding's value types, rules, numbered
# deals and errors, and the packaging checks, without the long differential suites
# (the solver is reached above, by solving deal 1 and replaying its line).
SMOKE_TESTS = (
    "tests/test_package.py",
    "tests/test_portable.py",
    "tests/test_games.py",
    "tests/test_tokens.py",
    "tests/test_without_core.py",
    "tests/test_values.py",
    "tests/test_rules.py",
    "tests/test_numbered_deals.py",
    "tests/test_errors.py",
)


def console_script() -> str:
    """The ``accordion`` command installed beside this interpreter."""
    folder = Path(sys.executable).parent
    found = shutil.which("accordion", path=str(folder))
    if found is None:
        raise SystemExit(f"smoke: no accordion command in {folder}")
    return found


#: Every module of the package, imported in one fresh interpreter; the ``distributed``
#: extra's absence is allowed (its modules say so on use, not on import), and so is
#: the ``play`` extra's (the table's screen refuses to import with MissingExtraError).
IMPORT_ALL = """
import importlib, pkgutil, warnings
import accordion
from accordion.errors import MissingExtraError
warnings.simplefilter("ignore", DeprecationWarning)
names = [m.name for m in pkgutil.walk_packages(accordion.__path__, "accordion.")]
for name in names:
    if not name.endswith("__main__"):
        try:
            importlib.import_module(name)
        except MissingExtraError:
            pass
print(len(names))
"""


def main() -> int:
    version = ".".join(map(str, sys.version_info[:3]))
    subprocess.run([sys.executable, "-c", "import accordion"], check=True)
    modules = subprocess.run(
        [sys.executable, "-c", IMPORT_ALL], check=True, capture_output=True, text=True
    ).stdout.strip()
    from accordion.cli import COMMANDS

    for command in ([], *([name] for name in COMMANDS)):
        subprocess.run(
            [console_script(), *command, "--help"], check=True, capture_output=True, text=True
        )
    out = subprocess.run(
        [console_script(), "solve", "--seed", "1", "--json"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    solution = json.loads(out)
    if solution["result"] != "win" or solution["piles"] != 1:
        raise SystemExit(f"smoke: accordion solve --seed 1 did not win: {out}")

    import accordion.reference as reference

    game = reference.Game(reference.Deal.from_seed(1))
    for move in solution["moves"]:
        game.play(move)
    if len(game.piles) != 1:
        raise SystemExit("smoke: the winning line of deal 1 does not replay to one pile")
    print(
        f"smoke: CPython {version}: {modules} modules import; --help of every command; "
        f"solve --seed 1 wins in {len(game.history)} moves"
    )
    # A smoke test: Hypothesis's quick profile (tests/conftest.py), whatever the full run uses.
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *SMOKE_TESTS],
        check=False,
        env={**os.environ, "HYPOTHESIS_PROFILE": "dev"},
    ).returncode


if __name__ == "__main__":
    sys.exit(main())
