"""The shell examples of the README and the docs pages print what the pages show.

An example is a line ``$ accordion …`` in a fenced block, followed by the lines it
prints (standard output, then standard error); ``…`` in a shown line stands for
any text (a row cut short). Each is run as written and compared line by line, so
that no figure on a page goes stale. Node counts, verdicts and deal numbers are
deterministic; an example whose output is not (a time) or that takes long is
marked on its page by an HTML comment on the line before its fence::

    <!-- shell-example: not-run (a reason) -->

and is listed here as skipped, by that mark, never by a list in this file.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
MARK = re.compile(r"<!--\s*shell-example:\s*not-run\b[^>]*-->")
#: Seconds an example may take: a page's examples are quick ones.
DEADLINE = 30


def examples(page: Path) -> list[tuple[str, str, list[str], bool]]:
    """``(where, command, shown lines, marked not-run)`` of each example on ``page``."""
    text = page.read_text("utf-8")
    found: list[tuple[str, str, list[str], bool]] = []
    for block in re.finditer(r"^```[^\n]*\n(.*?)^```", text, re.S | re.M):
        before = text[: block.start()].rstrip("\n").rsplit("\n", 1)[-1]
        skipped = MARK.search(before) is not None
        first = text[: block.start()].count("\n") + 2
        for offset, line in enumerate(block.group(1).splitlines()):
            if line.startswith("$ "):
                found.append((f"{page.name}:{first + offset}", line[2:], [], skipped))
            elif found and not _closed(found):
                found[-1][2].append(line)
        found.append(("", "", [], False))  # a block's end closes its last example
    return [example for example in found if example[1].startswith("accordion ") and example[2]]


def _closed(found: list[tuple[str, str, list[str], bool]]) -> bool:
    return found[-1][1] == ""


EXAMPLES = [example for page in PAGES for example in examples(page)]


def test_the_examples_are_found() -> None:
    commands = [command for _, command, _, _ in EXAMPLES]
    assert "accordion rate --json --seed 1" in commands
    assert len(commands) >= 4


def _pattern(shown: str) -> re.Pattern[str]:
    """A shown line as a pattern: ``…`` (with the spaces around it) is any text."""
    parts = [re.escape(part) for part in re.split(r" ?… ?", shown)]
    return re.compile(".*".join(parts))


@pytest.mark.parametrize(
    ("command", "shown", "skipped"),
    [example[1:] for example in EXAMPLES],
    ids=[example[0] for example in EXAMPLES],
)
def test_a_shell_example_prints_what_its_page_shows(
    command: str, shown: list[str], skipped: bool
) -> None:
    if skipped:
        pytest.skip("marked on its page: shell-example: not-run")
    words = shlex.split(command)
    result = subprocess.run(
        [sys.executable, "-m", "accordion", *words[1:]],
        capture_output=True,
        text=True,
        timeout=DEADLINE,
        check=False,
        cwd=ROOT,
    )
    printed = result.stdout.splitlines() + result.stderr.splitlines()
    assert len(printed) == len(shown), f"{command}\nshown:\n{shown}\nprinted:\n{printed}"
    for want, got in zip(shown, printed, strict=True):
        assert _pattern(want).fullmatch(got), f"{command}\nshown:   {want}\nprinted: {got}"


def test_the_mark_skips_the_block_after_it(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "```\n$ accordion deal --seed 1\nAS …\n```\n\n"
        "<!-- shell-example: not-run (slow) -->\n```\n$ accordion stats --deals 9\nx\n```\n",
        "utf-8",
    )
    found = examples(page)
    assert [(command, shown, skipped) for _, command, shown, skipped in found] == [
        ("accordion deal --seed 1", ["AS …"], False),
        ("accordion stats --deals 9", ["x"], True),
    ]
