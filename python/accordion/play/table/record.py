"""The player's record: games played and won, best result and streaks, per game,
rule set and mode, in a small JSON file in the user's data folder.

Two tables may be open at once (two terminals, two browser tabs of
``accordion play --serve``): every update reads the file, changes it and writes
it back while holding a lock file beside it (``filelock``, which works on
Windows as on POSIX), and writes through a temporary file renamed into place,
so that no update is lost and no reader sees half a file. Writers in one process
(the served table's threads) also take a per-file thread lock first, so that they
queue on it rather than on ``filelock``'s polling, whose in-process behaviour
(thread-local holds, a 10 s timeout under load) then never decides the outcome.

The folder is ``platformdirs``' user data folder for ``accordion``, or
``$ACCORDION_DATA_DIR`` when that is set (tests set it; so may a player who
keeps the record elsewhere).
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from accordion.errors import MissingExtraError

#: The file's name in the data folder.
FILE = "record.json"
#: The file's layout; a file of another version is read as empty, never overwritten
#: silently by a newer layout's reader (the version is checked before merging).
VERSION = 1

#: One thread lock per record file (by resolved path) for writers in this process.
_THREAD_LOCKS: dict[str, threading.Lock] = {}
_THREAD_LOCKS_GUARD = threading.Lock()


def _thread_lock(path: Path) -> threading.Lock:
    with _THREAD_LOCKS_GUARD:
        return _THREAD_LOCKS.setdefault(str(path.resolve()), threading.Lock())


def _require() -> tuple[Any, Any]:
    try:
        import filelock
        import platformdirs
    except ImportError as error:
        raise MissingExtraError(
            f"the record needs the play extra ({error.name} is missing): "
            "pip install 'accordion-patience[play]'"
        ) from None
    return filelock, platformdirs


def data_dir() -> Path:
    """Where the record is kept: ``$ACCORDION_DATA_DIR``, else the user data folder."""
    override = os.environ.get("ACCORDION_DATA_DIR")
    if override:
        return Path(override)
    _, platformdirs = _require()
    return Path(platformdirs.user_data_dir("accordion", appauthor=False))


@dataclass
class Entry:
    """One game, rule set and mode: what the player did at it."""

    played: int = 0
    won: int = 0
    #: The fewest piles (or cards) a game ended with, or ``None`` before the first game.
    best: int | None = None
    #: Wins in a row, now and at most.
    streak: int = 0
    best_streak: int = 0
    #: Games where the solver's help (hint, solution, analysis) was used.
    assisted: int = 0

    def add(self, *, won: bool, left: int, assisted: bool) -> None:
        """Count one game that ended with ``left`` piles (or cards)."""
        self.played += 1
        self.assisted += assisted
        self.best = left if self.best is None else min(self.best, left)
        if won:
            self.won += 1
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
        else:
            self.streak = 0

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Entry:
        """An entry from its JSON object (unknown keys ignored)."""
        known = {field.name for field in fields(cls)}
        return cls(**{key: value for key, value in data.items() if key in known})


def key(game: str, rules: str, blind: bool) -> str:
    """The record's key for a game, rule set and mode: ``accordion modern open``."""
    return f"{game} {rules} {'blind' if blind else 'open'}"


class Record:
    """The record file at ``path`` (default: ``record.json`` in :func:`data_dir`)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else data_dir() / FILE
        filelock, _ = _require()
        self._lock = filelock.FileLock(str(self.path) + ".lock", timeout=10)

    def read(self) -> dict[str, Entry]:
        """Every entry, by key (empty when there is no file yet)."""
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return {}
        try:
            data = json.loads(text)
        except json.JSONDecodeError:
            return {}
        if not isinstance(data, dict) or data.get("version") != VERSION:
            return {}
        games = data.get("games", {})
        return {name: Entry.from_json(entry) for name, entry in games.items()}

    def add(self, name: str, *, won: bool, left: int, assisted: bool = False) -> Entry:
        """Count one game under ``name`` (see :func:`key`); return its entry."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with _thread_lock(self.path), self._lock:
            entries = self.read()
            entry = entries.setdefault(name, Entry())
            entry.add(won=won, left=left, assisted=assisted)
            self._write(entries)
        return entry

    def _write(self, entries: Mapping[str, Entry]) -> None:
        data = {"version": VERSION, "games": {k: asdict(v) for k, v in sorted(entries.items())}}
        temporary = self.path.with_name(self.path.name + ".tmp")
        temporary.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        os.replace(temporary, self.path)


def lines(entries: Mapping[str, Entry]) -> Iterator[str]:
    """The record as a table, one line a game, rule set and mode."""
    if not entries:
        yield "no games recorded yet: play one with accordion play"
        return
    width = max(len(name) for name in entries)
    yield f"{'game rules mode':<{width}}  played  won   win%  best  streak  best streak  assisted"
    for name, entry in sorted(entries.items()):
        rate = f"{100 * entry.won / entry.played:5.1f}" if entry.played else "    –"
        best = "–" if entry.best is None else str(entry.best)
        yield (
            f"{name:<{width}}  {entry.played:>6}  {entry.won:>3}  {rate}  {best:>4}  "
            f"{entry.streak:>6}  {entry.best_streak:>11}  {entry.assisted:>8}"
        )
