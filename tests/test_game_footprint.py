"""How far a game's name spreads through the package's source.

A game added through the one game interface is named where its rules are written
(its core module, its reference module, its binding), in the registry and in the
stub, and nowhere else: every other layer (the command line, the table, the web
API, batches, pickles, ratings) reads it from the registry. This holds the games
that were added that way to it: a name that leaks into a layer above (a test of
``game == "decade"``, a list of games kept by hand) fails here.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from accordion.games import find_game

ROOT = Path(__file__).resolve().parent.parent
SOURCE = (".py", ".pyi", ".rs")

# The most source files (outside tests, docs, benches, fuzz and scripts) that may
# name each game: Decade and Seven Up each have a core module shared as the games
# of runs, a reference module, a binding, the registry and the stub; Push Pin, a
# variant of Royal Marriage, is named by its facts, the registry and the two
# places that load its old classes' pickles (it was named in three files before
# it was a game: one more).
MOST_FILES = {"decade": 6, "seven-up": 6, "push-pin": 4}


def source_files() -> list[Path]:
    """The package's and the crate's source files."""
    return sorted(
        path
        for folder in ("python", "rust")
        for path in (ROOT / folder).rglob("*")
        if path.suffix in SOURCE and path.is_file()
    )


def spelling(words: list[str]) -> re.Pattern[str]:
    """Any of ``words`` (a name or a title), case aside, with ``-``, ``_``, a
    space or nothing between its parts (``seven-up``, ``SevenUp``, ``seven_up``)."""
    parts = [re.split(r"[- ]", word) for word in words]
    joined = ["[-_ ]?".join(map(re.escape, part)) for part in parts]
    # PySolFC's module `pysollib/games/pushpin.py`, cited as a source, is a file.
    return re.compile(f"(?:{'|'.join(joined)})(?!\\.py)", re.IGNORECASE)


def files_naming(name: str) -> list[str]:
    game = find_game(name)
    pattern = spelling([game.name, game.title])
    return [
        str(path.relative_to(ROOT))
        for path in source_files()
        if pattern.search(path.read_text(encoding="utf-8", errors="replace"))
    ]


def test_the_spelling_finds_every_way_a_name_is_written() -> None:
    pattern = spelling(["seven-up", "Seven Up"])
    for text in ("SevenUpGame", "solve_seven_up", "Seven Up's", "--game seven-up", "SEVENUP"):
        assert pattern.search(text), text
    for text in ("seventy", "seven cards up", "set up", "pysollib/games/sevenup.py"):
        assert not pattern.search(text), text


@pytest.mark.parametrize("name", sorted(MOST_FILES))
def test_a_game_added_through_the_interface_is_named_in_few_source_files(name: str) -> None:
    named = files_naming(name)
    assert 0 < len(named) <= MOST_FILES[name], named
