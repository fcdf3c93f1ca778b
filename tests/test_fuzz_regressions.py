"""Inputs the fuzzers (fuzz/, fuzz/results.md) found that broke the error contract.

Each is replayed on both engines: the same exception class (one of the package's
typed errors, never an untyped one) or the same result.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from conftest import run_cli

from accordion import Rules, _core
from accordion import reference as _reference
from accordion.batch import solver_fingerprint
from accordion.errors import (
    AccordionError,
    InvalidArgumentError,
    InvalidDealError,
    InvalidRulesError,
)

ENGINES = (_core, _reference)


def _outcome(call: Callable[[], Any]) -> type[AccordionError] | str:
    try:
        return str(call())
    except AccordionError as error:
        return type(error)


CASES: list[tuple[str, Callable[[ModuleType], Any], type[AccordionError]]] = [
    # The core refused a negative or huge win_piles as an argument, 0 and 53 as rules.
    ("win_piles=-3", lambda e: e.Rules(win_piles=-3, goal=""), InvalidRulesError),
    ("win_piles=2**70", lambda e: e.Rules(win_piles=2**70), InvalidRulesError),
    # The core read cards before commas: the reference checks the separators first.
    ("deal '..,'", lambda e: e.Deal.parse("..,"), InvalidDealError),
    ("deal 'ZZ,,AS'", lambda e: e.Deal.parse("ZZ,,AS"), InvalidDealError),
    # Lone surrogates escaped the core as UnicodeEncodeError.
    ("pysol 'x\\ud800'", lambda e: e.Deal.from_pysol("x\ud800"), InvalidArgumentError),
    ("pysol game '\\ud800'", lambda e: e.Deal.from_pysol(1, "\ud800"), InvalidRulesError),
    ("solvitaire '\\ud800'", lambda e: e.Deal.from_solvitaire(1, "\ud800"), InvalidRulesError),
    # The reference checked the game before the number (signature order: number first).
    ("pysol '', ''", lambda e: e.Deal.from_pysol("", ""), InvalidArgumentError),
]


@pytest.mark.parametrize(("name", "call", "error"), CASES, ids=[c[0] for c in CASES])
def test_both_engines_raise_the_typed_error(
    name: str, call: Callable[[ModuleType], Any], error: type[AccordionError]
) -> None:
    assert [_outcome(lambda e=e: call(e)) for e in ENGINES] == [error, error], name


def test_win_piles_message_names_the_value_given() -> None:
    for engine in ENGINES:
        with pytest.raises(InvalidRulesError, match="got -3"):
            engine.Rules(win_piles=-3)


def test_solvitaire_game_defaults_to_accordion() -> None:
    for engine in ENGINES:
        assert len(engine.Deal.from_solvitaire(7)) == 52
        assert len(engine.Deal.from_solvitaire(7, "late-binding")) == 18


def test_a_checkpoint_under_a_slow_variant_does_not_hang(tmp_path: Path) -> None:
    """The checkpoint's solver fingerprint solved two 52-card deals under the
    user's rules without a budget: two-way with distances 2,3 ran for hours."""
    checkpoint = tmp_path / "run.ckpt"
    args = ("solve", "7H,7S", "--two-way", "--distances", "2,3", "--checkpoint", str(checkpoint))
    done = run_cli(*args)
    assert done.returncode == 0, done.stderr
    assert "loss: at best 2 piles" in done.stdout  # distance 1 is not allowed
    assert checkpoint.exists()


def test_the_solver_fingerprint_is_budgeted() -> None:
    fast = solver_fingerprint(Rules())
    assert fast == solver_fingerprint(Rules())
    assert solver_fingerprint(Rules(two_way=True, distances=(2, 3))) != fast


def test_play_reads_bytes_that_are_not_utf8_under_strict_stdin() -> None:
    """``PYTHONIOENCODING=utf-8:strict`` made bad bytes a UnicodeDecodeError (exit 1)."""
    env = {**os.environ, "PYTHONIOENCODING": "utf-8:strict"}
    done = subprocess.run(
        [sys.executable, "-m", "accordion", "play", "--seed", "1"],
        input=b"\xfc\xfd\nquit\n",
        capture_output=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert b"not UTF-8 text (byte 0xfc at column 1)" in done.stdout
    assert b"Traceback" not in done.stderr


@pytest.mark.parametrize("word", ["x\ny", "x\x0cy", "x\u2028y"])
def test_an_error_echoing_control_characters_stays_one_line(word: str) -> None:
    done = run_cli("deal", word)
    assert done.returncode == 2
    assert len(done.stderr.split("\n")) == 2 and done.stderr.endswith("\n")
    assert done.stderr.splitlines() == [done.stderr.rstrip("\n")]
    assert done.stderr.startswith("accordion: error: unrecognized arguments: x\\")


def test_an_argument_that_is_not_utf8_is_echoed_escaped() -> None:
    done = subprocess.run(
        [sys.executable.encode(), b"-m", b"accordion", b"deal", b"x\xffy"],
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr == b"accordion: error: unrecognized arguments: x\\udcffy\n"
