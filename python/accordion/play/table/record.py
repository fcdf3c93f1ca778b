"""The player's record: games played and won, best result and streaks, per game,
rule set and mode, in a small JSON file in the user's data folder.

The file (``record.json``)::

    {"accordion": "record", "version": 2, "sha256": "3f0c…",
     "games": {"accordion modern open": {"played": 3, "won": 1, "best": 1,
               "streak": 0, "best_streak": 1, "assisted": 0}, …}}

``sha256`` is the first 64 bits of the SHA-256 of the games as written
(compact, keys sorted): a file cut short, edited by hand or damaged on disk is
told from a good one. Version 1 (no checksum) is still read. Nothing in the
file is trusted: only a regular file is opened (never a FIFO or a device: a
stat first, then a non-blocking open checked again), at most
:data:`MAX_BYTES` bytes are read, and every entry is checked (whole numbers
not below zero, no more wins than games; keys are printed escaped). A file that
fails any check, or one written by a newer version of ``accordion``, is never
overwritten: :class:`RecordError` says so in one line naming the file, and the
file stays as it was for the player to look at (or delete).

Two tables may be open at once (two terminals, two browser tabs): every update
reads the file, changes it and writes it back while holding a lock file beside
it (``filelock``, which works on Windows as on POSIX), and writes through a
temporary file renamed into place, so that no update is lost and no reader sees
half a file. Writers in one process (the served table's threads) also take a
per-file thread lock first, so that they queue on it rather than on
``filelock``'s polling. A record that is a symbolic link is written through
the link (the file it points to is replaced, the link kept). A write that
fails (a full disk) leaves the old file and no temporary one, and says so
naming the file.

The folder is ``platformdirs``' user data folder for ``accordion``, or
``$ACCORDION_DATA_DIR`` when that is set (tests set it; so may a player who
keeps the record elsewhere).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
import threading
from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from accordion._files import file_kind
from accordion.errors import InputFileError, MissingExtraError, OutputError

#: The file's name in the data folder.
FILE = "record.json"
#: The layout this version writes; it reads this one and version 1.
VERSION = 2
#: The most bytes read: a record of every game, rule set and mode is a few kilobytes.
MAX_BYTES = 1 << 20
#: The longest key kept (a game, a rule set and a mode are a few words).
MAX_KEY = 200
#: The largest count taken as real (far past any player's games).
MAX_COUNT = 2**53

#: One thread lock per record file (by resolved path) for writers in this process.
_THREAD_LOCKS: dict[str, threading.Lock] = {}
_THREAD_LOCKS_GUARD = threading.Lock()


class RecordError(InputFileError):
    """A record that cannot be read (damaged, of a newer version, not a regular
    file, too big) or written; the message names the file and says that it
    was left as it was."""


def _thread_lock(path: Path) -> threading.Lock:
    with _THREAD_LOCKS_GUARD:
        return _THREAD_LOCKS.setdefault(str(path), threading.Lock())


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
    def from_json(cls, data: object) -> Entry:
        """An entry from its JSON object (unknown keys ignored); a ``ValueError``
        saying what is wrong for anything else."""
        if not isinstance(data, dict):
            raise ValueError(f"an entry is {_json_kind(data)}, not an object")
        values: dict[str, Any] = {}
        for field in fields(cls):
            if field.name not in data:
                continue
            value = data[field.name]
            if value is None and field.name == "best":
                values["best"] = None
                continue
            if type(value) is not int or not 0 <= value <= MAX_COUNT:
                raise ValueError(f"{field.name} is {_json_kind(value)}, not a count")
            values[field.name] = value
        entry = cls(**values)
        if entry.won > entry.played or entry.assisted > entry.played:
            raise ValueError("more games won or assisted than played")
        if entry.streak > entry.best_streak or entry.best_streak > entry.won:
            raise ValueError("a streak longer than the wins")
        return entry


def _json_kind(value: object) -> str:
    """What a JSON value is, in a few words (never the value itself: it may be huge)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return "a negative number" if value < 0 else "too large a number"
    kinds = {float: "a fraction", str: "text", list: "a list", dict: "an object"}
    return next((name for kind, name in kinds.items() if isinstance(value, kind)), "?")


def key(game: str, rules: str, blind: bool) -> str:
    """The record's key for a game, rule set and mode: ``accordion modern open``."""
    return f"{game} {rules} {'blind' if blind else 'open'}"


def _checksum(games: object) -> str:
    text = json.dumps(games, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


class Record:
    """The record file at ``path`` (default: ``record.json`` in :func:`data_dir`)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else data_dir() / FILE
        #: What a record that cannot be read or trusted costs, as its errors say it.
        self.lost = "this game is not counted"
        filelock, _ = _require()
        self._filelock = filelock

    @property
    def target(self) -> Path:
        """The file written: the record's own path, or where its link points."""
        return Path(os.path.realpath(self.path))

    def _refuse(self, why: str) -> RecordError:
        return RecordError(
            f"your record {self.path} {why}: it is left as it is and {self.lost} "
            "(move it away to start a new record)",
            str(self.path),
        )

    def read(self) -> dict[str, Entry]:
        """Every entry, by key (empty when there is no file yet); a
        :class:`RecordError` for a file that cannot be read or trusted."""
        text = self._read_bytes()
        if text is None:
            return {}
        try:
            data = json.loads(text.decode("utf-8"))
        except UnicodeDecodeError:
            raise self._refuse("is not text (damaged)") from None
        except (ValueError, RecursionError):
            raise self._refuse("is not whole JSON (cut short or damaged)") from None
        if not isinstance(data, dict):
            raise self._refuse("is not a record (damaged)")
        version = data.get("version")
        if type(version) is int and version > VERSION:
            raise RecordError(
                f"your record {self.path} was written by a newer version of accordion "
                f"(record version {version}; this one writes {VERSION}): it is left as it "
                f"is and {self.lost}",
                str(self.path),
            )
        if version not in (1, VERSION) or type(version) is not int:
            raise self._refuse("is not a record of accordion (no known version)")
        games = data.get("games", {})
        if version >= 2 and data.get("sha256") != _checksum(games):
            raise self._refuse("does not match its checksum (damaged or edited)")
        if not isinstance(games, dict):
            raise self._refuse("is damaged (its games are not an object)")
        entries: dict[str, Entry] = {}
        for name, value in games.items():
            if len(name) > MAX_KEY:
                raise self._refuse(f"is damaged (a game's name longer than {MAX_KEY} characters)")
            try:
                entries[name] = Entry.from_json(value)
            except ValueError as error:
                raise self._refuse(f"is damaged ({error})") from None
        return entries

    def _read_bytes(self) -> bytes | None:
        """The file's bytes (``None`` when there is none), read only from a regular
        file and at most :data:`MAX_BYTES` of them."""
        try:
            found = os.stat(self.path)
        except FileNotFoundError:
            # No record yet (or a link to one not made yet: it is written through the link).
            return None
        except OSError as error:
            raise self._refuse(f"cannot be read ({error.strerror})") from None
        if not stat.S_ISREG(found.st_mode):
            raise self._refuse(f"is {file_kind(found.st_mode)}, not a regular file")
        if found.st_size > MAX_BYTES:
            raise self._refuse(f"is larger than {MAX_BYTES:,} bytes")
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
        flags |= getattr(os, "O_BINARY", 0)
        try:
            fd = os.open(self.path, flags)
        except FileNotFoundError:
            return None
        except OSError as error:
            raise self._refuse(f"cannot be read ({error.strerror})") from None
        with os.fdopen(fd, "rb") as handle:
            # Checked again on what was opened: the name may have changed since the stat.
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise self._refuse("is not a regular file")
            data = handle.read(MAX_BYTES + 1)
        if len(data) > MAX_BYTES:
            raise self._refuse(f"is larger than {MAX_BYTES:,} bytes")
        return data

    def add(self, name: str, *, won: bool, left: int, assisted: bool = False) -> Entry:
        """Count one game under ``name`` (see :func:`key`); return its entry. A
        :class:`RecordError` (the file left as it was) when the record cannot be
        read or trusted, an :class:`~accordion.errors.OutputError` naming it when
        it cannot be written."""
        target = self.target
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise OutputError(
                f"your record {self.path}: cannot make its folder ({error.strerror}); "
                "this game is not counted",
                str(self.path),
            ) from None
        lock = self._filelock.FileLock(str(target) + ".lock", timeout=10)
        with _thread_lock(target), lock:
            entries = self.read()
            entry = entries.setdefault(name, Entry())
            entry.add(won=won, left=left, assisted=assisted)
            self._write(target, entries)
        return entry

    def _write(self, target: Path, entries: Mapping[str, Entry]) -> None:
        games = {k: asdict(v) for k, v in sorted(entries.items())}
        data = {"accordion": "record", "version": VERSION, "sha256": _checksum(games)}
        text = json.dumps({**data, "games": games}, indent=1) + "\n"
        temporary = target.with_name(target.name + ".tmp")
        try:
            with open(temporary, "w", encoding="utf-8") as handle:
                handle.write(text)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(temporary, target)
        except OSError as error:
            with contextlib.suppress(OSError):
                temporary.unlink()
            raise OutputError(
                f"your record {self.path}: cannot write it ({error.strerror or error}); "
                "it is left as it was and this game is not counted",
                str(self.path),
            ) from None


def _shown(name: str) -> str:
    """A key as it may be printed: every character that is not printable escaped."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in name)


def lines(entries: Mapping[str, Entry]) -> Iterator[str]:
    """The record as a table, one line a game, rule set and mode."""
    if not entries:
        yield "no games recorded yet: play one with accordion play"
        return
    shown = {_shown(name): entry for name, entry in entries.items()}
    width = max(len(name) for name in shown)
    yield f"{'game rules mode':<{width}}  played  won   win%  best  streak  best streak  assisted"
    for name, entry in sorted(shown.items()):
        rate = f"{100 * entry.won / entry.played:5.1f}" if entry.played else "    –"
        best = "–" if entry.best is None else str(entry.best)
        yield (
            f"{name:<{width}}  {entry.played:>6}  {entry.won:>3}  {rate}  {best:>4}  "
            f"{entry.streak:>6}  {entry.best_streak:>11}  {entry.assisted:>8}"
        )
