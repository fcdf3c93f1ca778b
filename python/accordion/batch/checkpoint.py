"""Checkpoint files: what makes a long batch resumable (``--checkpoint FILE``).

A checkpoint is a regular file of JSON lines. The first line names the run
(:func:`header`, the one place headers are made): the command, its game, its
arguments (rules, seed, count, chunk size …, and for solving a
fingerprint of the solver's node counts, which change with the search even when
the version does not) and the package version. Each further line is the result
of one finished chunk, with a checksum of the chunk's number and data::

    {"accordion": "checkpoint", "format": 2, "command": "hunt", "version": "0.1.0",
     "arguments": {"game": "accordion", "seed": 1, "count": 10000000, "chunk": 10000, …}}
    {"chunk":3,"sha256":"5e1f…","data":…}
    {"chunk":0,"sha256":"0b7a…","data":…}

Chunks are appended as they finish, in any order, each line with one ``write``
followed by ``fsync``: a crash (power cut, ``kill -9``) leaves every earlier line
whole, and at worst a last line without its newline, which the next run detects,
drops and computes again. A write that fails (a full disk) is taken back and
reported (:class:`~accordion.errors.OutputError`, naming the file); the chunks
finished before it stay, and the same command run again continues.

A rerun of the same command reads the finished chunks back instead of computing
them; one with other arguments, another command or another version of the
package is refused (:class:`~accordion.errors.CheckpointError`), since its
chunks would not be the ones asked for. Nothing in the file is trusted: every
read is bounded (:data:`MAX_HEADER`, and a record limit that grows with the
chunk size), every record's checksum is checked, and its data is checked
against what the command's chunk must hold (:meth:`Checkpoint.check`); a record
that fails is "line N of FILE is damaged", never a wrong total. Only a regular
file will do (not ``/dev/stdout``, a FIFO or a device, and not the command's own
standard output redirected to it). Two runs cannot share a file at once (a
lock: ``flock`` on POSIX, ``msvcrt.locking`` on Windows). A checkpoint copied
to another machine or folder resumes there, with the same version of the
package. Memory stays small however long the run: only the byte offset of each
finished chunk is kept; its data is read when it is due.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import re
import stat
import sys
from collections.abc import Callable, Mapping
from typing import Any, NoReturn

from accordion import __version__
from accordion._files import file_kind
from accordion.errors import AccordionError, CheckpointError, OutputError
from accordion.games import DEFAULT_GAME

FORMAT = 2

#: The longest first line read: a header is a few hundred bytes.
MAX_HEADER = 1 << 16

#: The longest record read by default (a command gives its own limit, which
#: grows with its chunk size: :func:`record_limit`).
MAX_RECORD = 1 << 20

#: What to do with a damaged record, said after "line N of FILE is damaged".
REMEDY = (
    "delete that line (or the whole file) and run the same command again: "
    "its chunk is computed again"
)


def package_version() -> str:
    """The package's version: the compiled core's, which is ``Cargo.toml``'s, which
    maturin also gives the distribution (one version, in one place)."""
    return __version__


#: Where the Windows lock sits: one byte far past any checkpoint's end (a few
#: hundred kilobytes), so that it never stands in the way of reading the file (a
#: Windows lock is mandatory: it blocks reads of the bytes it covers); below
#: 2**31, for a C runtime whose offsets are 32-bit.
_WINDOWS_LOCK_OFFSET = 2**31 - 2


def _lock(fd: int) -> None:
    """Lock ``fd`` for this process, at once or not at all (``OSError``)."""
    if sys.platform == "win32":
        import msvcrt

        os.lseek(fd, _WINDOWS_LOCK_OFFSET, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        finally:
            os.lseek(fd, 0, os.SEEK_SET)
    else:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def _unlock(fd: int) -> None:
    """Release :func:`_lock` (POSIX releases it on close; Windows wants it said)."""
    if sys.platform == "win32":
        import msvcrt

        os.lseek(fd, _WINDOWS_LOCK_OFFSET, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)


def record_limit(chunk: int, per_item: int) -> int:
    """The longest record of a chunk of ``chunk`` items of at most ``per_item``
    bytes each, with room for the record's own fields."""
    return (1 << 16) + chunk * per_item


def _describe(value: object) -> str:
    return json.dumps(value, sort_keys=True)


#: The arguments of a header that are the command's flags of the same name.
_FLAGS = ("strategy", "seed", "cards", "chunk", "max_nodes", "timeout", "memory")


def _in_words(key: str, value: object) -> str | None:
    """An argument of a header as the user gives it (``--rules modern``, ``no
    --timeout``, ``--open``); ``None`` for one that is no flag."""
    if key == "rules" and isinstance(value, str):
        # A rule set is kept as its repr: Rules('modern', two_way=True, distances=(2, 3)).
        found = re.fullmatch(r"Rules\('([^']*)'(.*)\)|'([^']*)'", value)
        if found is None:
            return None
        words = [f"--rules {found.group(1) or found.group(3)}"]
        variant = found.group(2) or ""
        if "two_way=True" in variant:
            words.append("--two-way")
        distances = re.search(r"distances=\(([^)]*)\)", variant)
        if distances is not None:
            words.append(f"--distances {distances.group(1).replace(' ', '').rstrip(',')}")
        return " ".join(words)
    if key == "blind" and isinstance(value, bool):
        return "--blind" if value else "--open"
    if key == "deals" and isinstance(value, int):
        return f"{value} deals"
    if key in _FLAGS:
        flag = f"--{key.replace('_', '-')}"
        if value is None:
            return f"no {flag}"
        return f"{flag} {format(value, 'g') if isinstance(value, float) else _describe(value)}"
    return None


def _data_text(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"))


def _checksum(index: int, data_text: str) -> str:
    """The first 64 bits of the SHA-256 of the chunk's number and its data as written."""
    return hashlib.sha256(f"{index}:{data_text}".encode()).hexdigest()[:16]


#: The game of a header that names none: ``stats`` and ``hunt`` once left out
#: Accordion's (the only game they did), and such a file resumes as it did.
UNNAMED_GAME = DEFAULT_GAME


def header(
    command: str, arguments: Mapping[str, Any], *, game: str | None = None
) -> dict[str, Any]:
    """A checkpoint's first line: what names its run. The command, the package's
    version, and the arguments its chunks' results depend on (JSON values), with
    the game under ``"game"`` when the run plays one: every batch command names
    its game, whichever it is. Returned as JSON reads it back, so that comparing
    it with a file's header is exact."""
    if game is not None and "game" in arguments:
        raise ValueError("the game is named once, by game=, not in the arguments")
    named = {"game": game} if game is not None else {}
    made = {
        "accordion": "checkpoint",
        "format": FORMAT,
        "command": command,
        "version": package_version(),
        "arguments": {**named, **arguments},
    }
    loaded: dict[str, Any] = json.loads(json.dumps(made))
    return loaded


class _Damaged(Exception):
    """A record that fails a check; its reason is said in the message."""


class Checkpoint:
    """An open checkpoint file for one run (see the module's documentation).

    ``command``, ``game`` and ``arguments`` identify the run (:func:`header`);
    ``arguments`` must be JSON values and include everything the chunks' results
    depend on. No record longer than ``record_limit`` bytes is read.
    """

    def __init__(
        self,
        path: str,
        command: str,
        arguments: Mapping[str, Any],
        *,
        game: str | None = None,
        record_limit: int = MAX_RECORD,
    ) -> None:
        self.path = path
        self.record_limit = record_limit
        self.header = header(command, arguments, game=game)
        self._fd = -1
        self._locked = False
        #: The line number of each record, by offset (for "line N is damaged").
        self._lines: dict[int, int] = {}
        self._next_line = 2
        self._fd = self._open(path)
        try:
            self._lock()
            self.finished: dict[int, int] = self._load()
        except BaseException:
            self.close()
            raise

    # Opening ----------------------------------------------------------------------

    def _open(self, path: str) -> int:
        """A descriptor of the regular file ``path`` (made if missing), or a
        CheckpointError saying what it is instead (status 2), or an OutputError
        when the system cannot make or open it (status 1: a file that cannot be
        written, ``docs/errors.md``)."""
        if not path:
            raise CheckpointError('--checkpoint "": the file name is empty; give a file name')
        try:
            found = os.stat(path)
        except FileNotFoundError:
            folder = os.path.dirname(os.path.abspath(path))
            if not os.path.isdir(folder):
                raise CheckpointError(f"--checkpoint {path}: there is no folder {folder}") from None
        except OSError as error:
            raise self._cannot_write(error) from None
        else:
            self._refuse_kind(found.st_mode)
        # O_NONBLOCK: a FIFO put there since the stat must not hang the open;
        # O_BINARY (Windows): no newline translation in os.write.
        flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0)
        flags |= getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
        try:
            fd = os.open(path, flags, 0o644)
        except OSError as error:
            raise self._cannot_write(error) from None
        try:
            opened = os.fstat(fd)
            self._refuse_kind(opened.st_mode)
            self._refuse_own_streams(opened)
            if hasattr(os, "O_NONBLOCK"):
                os.set_blocking(fd, True)
        except BaseException:
            os.close(fd)
            raise
        return fd

    def _cannot_write(self, error: OSError) -> OutputError:
        return OutputError(
            f"--checkpoint {self.path}: cannot write it: {error.strerror or error}; "
            "nothing was run",
            path=self.path,
            flag="--checkpoint",
        )

    def _refuse_kind(self, mode: int) -> None:
        if not stat.S_ISREG(mode):
            raise CheckpointError(
                f"--checkpoint {self.path} is {file_kind(mode)}: a checkpoint is a regular file "
                "(give the name of a file, new or one of an earlier run)"
            )

    def _refuse_own_streams(self, opened: os.stat_result) -> None:
        """``--checkpoint /dev/stdout > out.txt`` opens out.txt: the report would
        be written over the checkpoint's lines."""
        for fd, name in ((0, "input"), (1, "output"), (2, "error output")):
            try:
                other = os.fstat(fd)
            except OSError:
                continue
            if (other.st_dev, other.st_ino) == (opened.st_dev, opened.st_ino):
                raise CheckpointError(
                    f"--checkpoint {self.path} is this command's standard {name}: "
                    "give the checkpoint a file of its own"
                )

    def _lock(self) -> None:
        try:
            _lock(self._fd)
        except OSError as error:
            busy = (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES, errno.EDEADLK)
            if error.errno in busy:
                raise CheckpointError(
                    f"--checkpoint {self.path}: another run is using this file"
                ) from None
            raise CheckpointError(
                f"--checkpoint {self.path}: cannot lock it ({error.strerror}); "
                "put the checkpoint on a file system that has locks (a local disk)"
            ) from None
        self._locked = True

    # Reading ----------------------------------------------------------------------

    def _load(self) -> dict[int, int]:
        """Check the header, index the finished chunks, drop a torn last line."""
        with open(self._fd, "rb", closefd=False) as handle:
            first = handle.readline(MAX_HEADER + 1)
            if len(first) > MAX_HEADER:
                raise CheckpointError(f"--checkpoint {self.path}: not an accordion checkpoint")
            if not first.endswith(b"\n"):
                # New, empty, or cut short while its header was written.
                if first.strip() and not self._is_header_prefix(first):
                    raise CheckpointError(f"--checkpoint {self.path}: not an accordion checkpoint")
                if handle.read(1):
                    raise CheckpointError(f"--checkpoint {self.path}: not an accordion checkpoint")
                self._truncate(0)
                self._write(json.dumps(self.header, sort_keys=True) + "\n")
                return {}
            self._check_header(first)
            finished: dict[int, int] = {}
            offset = len(first)
            number = 1
            while line := handle.readline(self.record_limit + 1):
                number += 1
                if not line.endswith(b"\n"):
                    if len(line) <= self.record_limit:
                        # A torn record: the run stopped while writing it.
                        self._truncate(offset)
                        break
                    self.damaged(number, f"longer than {self.record_limit:,} bytes")
                try:
                    index, _ = self._parse(line)
                except _Damaged as reason:
                    self.damaged(number, str(reason))
                finished.setdefault(index, offset)
                self._lines[offset] = number
                offset += len(line)
            self._next_line = number + 1
        return finished

    def damaged(self, number: int, reason: str) -> NoReturn:
        """Raise the CheckpointError of a damaged line ``number``."""
        raise CheckpointError(
            f"line {number} of {self.path} (--checkpoint) is damaged ({reason}): {REMEDY}"
        ) from None

    @staticmethod
    def _parse(line: bytes) -> tuple[int, Any]:
        """The chunk number and data of a record line, its checksum checked."""
        try:
            record = json.loads(line)
        except (ValueError, RecursionError):
            raise _Damaged("not JSON") from None
        if not isinstance(record, dict) or set(record) != {"chunk", "sha256", "data"}:
            raise _Damaged("not a chunk's record") from None
        index = record["chunk"]
        if type(index) is not int or index < 0:
            raise _Damaged(f"chunk number {_describe(index)}") from None
        if record["sha256"] != _checksum(index, _data_text(record["data"])):
            raise _Damaged("its checksum does not match its data") from None
        return index, record["data"]

    def _is_header_prefix(self, text: bytes) -> bool:
        """A header cut short: the start of one, however little of it was written."""
        start = b'{"accordion": "checkpoint"'
        return text.startswith(start) or start.startswith(text)

    def _check_header(self, line: bytes) -> None:
        try:
            found = json.loads(line)
        except (ValueError, RecursionError):
            found = None
        if not isinstance(found, dict) or found.get("accordion") != "checkpoint":
            raise CheckpointError(f"--checkpoint {self.path}: not an accordion checkpoint")
        if found.get("format") != FORMAT:
            raise CheckpointError(
                f"--checkpoint {self.path}: written in format {_describe(found.get('format'))}, "
                f"this version reads format {FORMAT}: use another file"
            )
        if found.get("command") != self.header["command"]:
            raise CheckpointError(
                f"--checkpoint {self.path} belongs to `accordion {found.get('command')}`, "
                f"not `accordion {self.header['command']}`: use another file"
            )
        theirs = found.get("arguments")
        if not isinstance(theirs, dict):
            self.damaged(1, "its arguments are not an object")
        ours: dict[str, Any] = self.header["arguments"]
        if "game" in ours and "game" not in theirs:
            theirs = {"game": UNNAMED_GAME, **theirs}
        # The game and the command's own words first: a digest is the last thing to name.
        keys = sorted(
            set(theirs) | set(ours), key=lambda key: (key != "game", "sha256" in key, key)
        )
        for key in keys:
            if theirs.get(key) != ours.get(key):
                was, now = _in_words(key, theirs.get(key)), _in_words(key, ours.get(key))
                if was is None or now is None:
                    was, now = f"{key} {_describe(theirs.get(key))}", _describe(ours.get(key))
                raise CheckpointError(
                    f"--checkpoint {self.path} was written with {was}, this run has {now}: "
                    "rerun with the same arguments, or use another file"
                )
        if found.get("version") != self.header["version"]:
            raise CheckpointError(
                f"--checkpoint {self.path} was written by accordion {found.get('version')}, "
                f"this is {self.header['version']}: its results may differ; use another file"
            )

    def check(self, count: int, check: Callable[[int, Any], object]) -> None:
        """Check every finished chunk against the command's schema: its number
        is below ``count`` and ``check(index, data)`` accepts its data (raises
        nothing, or an error whose message says what is wrong). A record that
        fails is reported as damaged, by line."""
        for index in sorted(self.finished, key=self.finished.__getitem__):
            number = self._lines[self.finished[index]]
            if index >= count:
                self.damaged(number, f"chunk number {index}, but the run has {count} chunks")
            try:
                check(index, self.read(index))
            except CheckpointError:
                raise
            except (AccordionError, ValueError, KeyError, TypeError, AttributeError) as error:
                reason = str(error).strip("'\"") or type(error).__name__
                self.damaged(number, f"chunk {index}: {reason}")

    def read(self, index: int) -> Any:
        """The data of finished chunk ``index`` (its checksum checked again)."""
        offset = self.finished[index]
        with open(self._fd, "rb", closefd=False) as handle:
            handle.seek(offset)
            line = handle.readline(self.record_limit + 1)
        try:
            found, data = self._parse(line)
            if found != index:
                raise _Damaged(f"chunk number {found}, {index} expected")
        except _Damaged as reason:
            self.damaged(self._lines.get(offset, 0), f"{reason}; it changed during the run")
        return data

    # Writing ----------------------------------------------------------------------

    def append(self, index: int, data: Any) -> None:
        """Record chunk ``index`` as finished with ``data`` (a JSON value), durably."""
        text = _data_text(data)
        line = f'{{"chunk":{index},"sha256":"{_checksum(index, text)}","data":{text}}}\n'
        if len(line.encode()) > self.record_limit:
            raise CheckpointError(
                f"--checkpoint {self.path}: chunk {index} is {len(line):,} bytes, more than "
                f"a record may hold ({self.record_limit:,}); use a smaller --chunk"
            )
        offset = self._write(line)
        self.finished.setdefault(index, offset)
        self._lines[offset] = self._next_line
        self._next_line += 1

    def _write(self, text: str) -> int:
        """Append ``text`` in one write and fsync it; its offset. A write that
        fails is taken back (the file ends where it ended) and reported."""
        payload = text.encode()
        offset = os.lseek(self._fd, 0, os.SEEK_END)
        try:
            written = os.write(self._fd, payload)
            while written < len(payload):
                written += os.write(self._fd, payload[written:])
            os.fsync(self._fd)
        except OSError as error:
            # What was written of the line is cut off again; if even that fails,
            # the next run drops the torn line.
            with contextlib.suppress(OSError):
                self._truncate(offset)
            kept = len(getattr(self, "finished", {}))
            raise OutputError(
                f"--checkpoint {self.path}: cannot write to it: {error.strerror}; "
                f"{kept} finished chunk{'' if kept == 1 else 's'} kept: "
                "make room and run the same command again to continue",
                path=self.path,
                flag="--checkpoint",
            ) from None
        return offset

    def _truncate(self, length: int) -> None:
        os.ftruncate(self._fd, length)
        os.fsync(self._fd)

    def close(self) -> None:
        if self._fd >= 0:
            try:
                if self._locked:
                    _unlock(self._fd)
            finally:
                os.close(self._fd)
                self._fd = -1

    def __enter__(self) -> Checkpoint:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
