"""The examples in the README and in the package's docstrings run as written."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import accordion

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_examples_run() -> None:
    failures, tried = doctest.testfile(str(README), module_relative=False, verbose=False)
    assert tried > 0, "the README has no Python example"
    assert failures == 0


PAGES_WITH_EXAMPLES = ["numberings.md", "winnable.md", "difficulty.md"]


@pytest.mark.parametrize("page", PAGES_WITH_EXAMPLES)
def test_docs_page_examples_run(page: str) -> None:
    path = README.parent / "docs" / page
    failures, tried = doctest.testfile(str(path), module_relative=False, verbose=False)
    assert tried > 0, f"docs/{page} has no Python example"
    assert failures == 0


def _modules() -> list[str]:
    names = ["accordion"]
    for info in pkgutil.walk_packages(accordion.__path__, "accordion."):
        if info.name.endswith("__main__"):
            continue
        names.append(info.name)
    return names


@pytest.mark.parametrize("name", _modules())
def test_docstring_examples_run(name: str) -> None:
    module = importlib.import_module(name)
    failures, _ = doctest.testmod(module, verbose=False)
    assert failures == 0
