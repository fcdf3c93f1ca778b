"""The Python examples of the README and the docs pages pass ``mypy --strict``: a
user who copies one into typed code gets no error (a value that may be ``None``
is narrowed in the example itself)."""

from __future__ import annotations

import os
import re
import site
import subprocess
import sys
from pathlib import Path

import accordion

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
PROMPT = re.compile(r"\s*(?:>>>|\.\.\.)(?: (.*))?$")


def python_of(page: Path) -> str:
    """The ``>>>`` and ``...`` lines of ``page``, in order, as one module."""
    lines = []
    for line in page.read_text("utf-8").splitlines():
        found = PROMPT.match(line)
        if found is not None:
            lines.append(found.group(1) or "")
    return "\n".join(lines) + "\n" if lines else ""


def test_the_examples_type_check(tmp_path: Path) -> None:
    written = []
    for page in PAGES:
        text = python_of(page)
        if text:
            module = tmp_path / f"page_{page.stem.replace('-', '_')}.py"
            module.write_text(text, "utf-8")
            written.append(module.name)
    assert "page_difficulty.py" in written and "page_README.py" in written
    # The package under test, found as imported: a source tree is named to mypy;
    # an installed wheel mypy finds itself (and refuses site-packages in MYPYPATH).
    package = Path(accordion.__file__).resolve().parents[1]
    installed = {Path(folder).resolve() for folder in site.getsitepackages()}
    env = dict(os.environ)
    if package not in installed:
        env["MYPYPATH"] = str(package)
    mypy = [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir", os.devnull]
    result = subprocess.run(
        [*mypy, *written],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
