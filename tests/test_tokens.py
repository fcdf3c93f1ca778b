"""One tokeniser for every parser of the reference engine (reference/_tokens.py),
and the inputs where Python's str methods and the core's parsers disagreed."""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import accordion
from accordion import reference
from accordion.reference import royal as reference_royal

REFERENCE = Path(reference.__file__).resolve().parent

#: str methods that split, trim or fold the case of text: the tokeniser's job.
BANNED = frozenset(
    {"split", "rsplit", "splitlines", "strip", "lstrip", "rstrip", "lower", "upper",
     "casefold", "title", "capitalize", "swapcase", "partition", "rpartition", "isspace"}
)  # fmt: skip


def test_only_the_tokeniser_splits_trims_or_folds_text_in_the_reference_engine() -> None:
    """No ``.split()``/``.strip()``/``.lower()`` … outside reference/_tokens.py, and no
    ``\\s`` in a regular expression (which also matches U+001C to U+001F)."""
    found = []
    for path in sorted(REFERENCE.glob("*.py")):
        if path.name == "_tokens.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef))
            and node.body
            and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)
        }
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in BANNED
                and not (isinstance(node.func.value, ast.Name) and node.func.value.id == "_tokens")
            ):
                found.append(f"{path.name}:{node.lineno}: .{node.func.attr}()")
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and "\\s" in node.value
                and id(node) not in docstrings
            ):
                found.append(f"{path.name}:{node.lineno}: \\s in {node.value!r}")
    assert found == []


def _both(call: Callable[[ModuleType], Any]) -> list[str]:
    """What each engine makes of a call: the value's text, or the error's class."""
    answers = []
    for engine in (accordion, reference):
        try:
            answers.append(str(call(engine)))
        except accordion.AccordionError as error:
            answers.append(type(error).__name__)
    return answers


def _royal_move(engine: ModuleType, text: str) -> object:
    cls = accordion.RoyalMove if engine is accordion else reference_royal.RoyalMove
    return cls.parse(text)


# Each accepted by the reference engine and refused by the core before the tokeniser.
@pytest.mark.parametrize(
    ("call", "expected"),
    [
        (lambda e: _royal_move(e, "deal\x1c"), "InvalidMoveError"),
        (lambda e: _royal_move(e, "out 5D\x1f7C"), "InvalidMoveError"),
        (lambda e: _royal_move(e, "\x1dout 5D 7C"), "InvalidMoveError"),
        (lambda e: _royal_move(e, "x5D,7C\x1e"), "InvalidMoveError"),
        (lambda e: e.Deal.from_pysol(1, "bayan\x1c"), "InvalidRulesError"),
        (lambda e: e.Deal.from_pysol("\x1c5", "bayan"), "InvalidArgumentError"),
        (lambda e: e.Deal.from_pysol("1\x1f2", "bayan"), "InvalidArgumentError"),
        (lambda e: e.Deal.from_solvitaire(1, "accordion\x1c"), "InvalidRulesError"),
        (lambda e: e.Deal.from_solvitaire(1, "\x1flate-binding"), "InvalidRulesError"),
        (lambda e: e.Card("Aſ"), "InvalidCardError"),  # str.upper makes ſ an S
        # The regular expression of Accordion's moves took \s for white space, and
        # any white space around "on".
        (lambda e: e.Move.parse("7H\x1c>7S"), "InvalidMoveError"),
        (lambda e: e.Move.parse("7H>7S\x1f"), "InvalidMoveError"),
        (lambda e: e.Move.parse("7H on\x857S"), "InvalidMoveError"),
        (lambda e: e.Move.parse("7H\u3000on 7S"), "InvalidMoveError"),
    ],
)
def test_the_separators_that_python_calls_white_space_are_refused_by_both(
    call: Callable[[ModuleType], Any], expected: str
) -> None:
    assert _both(call) == [expected, expected]


@pytest.mark.parametrize(
    "call",
    [
        lambda e: _royal_move(e, "out 5D\x857C"),  # U+0085 is white space to both
        lambda e: _royal_move(e, " between 3S\u30009S "),
        lambda e: e.Deal.from_pysol("\x85 1 234\x85", "bayan"),
        lambda e: e.Deal.from_pysol(1, "ROYAL MARRIAGE\x85"),
        lambda e: e.Deal.from_solvitaire(3, "LATE-BINDING"),
        lambda e: e.Deal.parse("AS\x85,2C\u2003 3H"),
    ],
)
def test_white_space_both_engines_see_is_read_alike(call: Callable[[ModuleType], Any]) -> None:
    first, second = _both(call)
    assert first == second and not first.endswith("Error")
