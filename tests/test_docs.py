"""The examples in the README, the docs pages and the package's docstrings run as written."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import accordion

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
PAGES = sorted(page for page in (ROOT / "docs").glob("*.md") if ">>> " in page.read_text("utf-8"))


def test_readme_examples_run() -> None:
    failures, tried = doctest.testfile(str(README), module_relative=False, verbose=False)
    assert tried > 0, "the README has no Python example"
    assert failures == 0


def test_the_pages_with_examples_are_found() -> None:
    for name in ("quickstart.md", "numberings.md", "winnable.md", "difficulty.md"):
        assert ROOT / "docs" / name in PAGES


@pytest.mark.parametrize("page", PAGES, ids=[page.name for page in PAGES])
def test_docs_page_examples_run(page: Path) -> None:
    failures, tried = doctest.testfile(str(page), module_relative=False, verbose=False)
    assert tried > 0
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
    if name.startswith("accordion.play.table."):
        pytest.importorskip("textual", reason="the table's modules need the play extra")
    module = importlib.import_module(name)
    failures, _ = doctest.testmod(module, verbose=False)
    assert failures == 0
