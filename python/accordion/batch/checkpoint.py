"""Checkpoint files: what makes a long batch resumable (``--checkpoint FILE``).

A checkpoint is a text file of JSON lines. The first line names the run: the
command, its arguments (rules, seed, count, chunk size …, and for solving a
fingerprint of the solver's node counts, which change with the search even when
the version does not) and the package version. Each further line is the result
of one finished chunk::

    {"accordion": "checkpoint", "format": 1, "command": "hunt", "version": "0.1.0",
     "arguments": {"seed": 1, "count": 10000000, "chunk": 10000, …}}
    {"chunk": 3, "data": …}
    {"chunk": 0, "data": …}

Chunks are appended as they finish, in any order, each line with one ``write``
followed by ``fsync``: a crash (power cut, ``kill -9``) leaves every earlier line
whole, and at worst a last line without its newline, which the next run detects,
drops and computes again. A rerun of the same command reads the finished chunks
back instead of computing them; one with other arguments, another command or
another version of the package is refused (:class:`~accordion.errors.CheckpointError`),
since its chunks would not be the ones asked for. Two runs cannot share a file
at once (a lock: ``flock`` on POSIX, ``msvcrt.locking`` on Windows). Memory stays
small however long the run: only the byte offset of each finished chunk is kept;
its data is read when it is due.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Mapping
from typing import Any

from accordion import __version__
from accordion.errors import CheckpointError

FORMAT = 1


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


def _describe(value: object) -> str:
    return json.dumps(value, sort_keys=True)


class Checkpoint:
    """An open checkpoint file for one run (see the module's documentation).

    ``command`` and ``arguments`` identify the run; ``arguments`` must be JSON
    values and include everything the chunks' results depend on.
    """

    def __init__(self, path: str, command: str, arguments: Mapping[str, Any]) -> None:
        self.path = path
        self.header: dict[str, Any] = {
            "accordion": "checkpoint",
            "format": FORMAT,
            "command": command,
            "version": package_version(),
            "arguments": dict(arguments),
        }
        # JSON round trip, so that the comparison with a file's header is exact.
        self.header = json.loads(json.dumps(self.header))
        try:
            # O_BINARY (Windows): no newline translation in os.write.
            flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0)
            self._fd = os.open(path, flags, 0o644)
        except OSError as error:
            raise CheckpointError(f"--checkpoint {path}: {error.strerror}") from None
        try:
            _lock(self._fd)
        except OSError:
            os.close(self._fd)
            raise CheckpointError(f"--checkpoint {path}: another run is using this file") from None
        try:
            self.finished: dict[int, int] = self._load()
        except BaseException:
            self.close()
            raise

    # Reading ----------------------------------------------------------------------

    def _load(self) -> dict[int, int]:
        """Check the header, index the finished chunks, drop a torn last line."""
        with open(self._fd, "rb", closefd=False) as handle:
            first = handle.readline()
            if not first.endswith(b"\n"):
                # New, empty, or cut short while its header was written.
                if first.strip() and not self._is_header_prefix(first):
                    raise CheckpointError(f"--checkpoint {self.path}: not an accordion checkpoint")
                os.ftruncate(self._fd, 0)
                self._write(json.dumps(self.header, sort_keys=True) + "\n")
                return {}
            self._check_header(first)
            finished: dict[int, int] = {}
            offset = len(first)
            number = 1
            for line in handle:
                number += 1
                if not line.endswith(b"\n"):
                    # A torn record: the run stopped while writing it.
                    os.ftruncate(self._fd, offset)
                    break
                try:
                    record = json.loads(line)
                    index = record["chunk"]
                except (ValueError, KeyError, TypeError):
                    raise CheckpointError(
                        f"--checkpoint {self.path}: line {number} is damaged; "
                        "delete the file to start again"
                    ) from None
                finished.setdefault(int(index), offset)
                offset += len(line)
        return finished

    def _is_header_prefix(self, text: bytes) -> bool:
        """A header cut short: the start of one, however little of it was written."""
        start = b'{"accordion": "checkpoint"'
        return text.startswith(start) or start.startswith(text)

    def _check_header(self, line: bytes) -> None:
        try:
            found = json.loads(line)
        except ValueError:
            found = None
        if not isinstance(found, dict) or found.get("accordion") != "checkpoint":
            raise CheckpointError(f"--checkpoint {self.path}: not an accordion checkpoint")
        if found.get("format") != FORMAT:
            raise CheckpointError(
                f"--checkpoint {self.path}: written in format {found.get('format')}, "
                f"this version reads format {FORMAT}"
            )
        if found.get("command") != self.header["command"]:
            raise CheckpointError(
                f"--checkpoint {self.path} belongs to `accordion {found.get('command')}`, "
                f"not `accordion {self.header['command']}`: use another file"
            )
        theirs: dict[str, Any] = found.get("arguments", {})
        ours: dict[str, Any] = self.header["arguments"]
        for key in sorted(set(theirs) | set(ours)):
            if theirs.get(key) != ours.get(key):
                raise CheckpointError(
                    f"--checkpoint {self.path} was written with {key} "
                    f"{_describe(theirs.get(key))}, this run has {_describe(ours.get(key))}: "
                    "rerun with the same arguments, or use another file"
                )
        if found.get("version") != self.header["version"]:
            raise CheckpointError(
                f"--checkpoint {self.path} was written by accordion {found.get('version')}, "
                f"this is {self.header['version']}: its results may differ; use another file"
            )

    def read(self, index: int) -> Any:
        """The data of finished chunk ``index``."""
        with open(self._fd, "rb", closefd=False) as handle:
            handle.seek(self.finished[index])
            return json.loads(handle.readline())["data"]

    # Writing ----------------------------------------------------------------------

    def append(self, index: int, data: Any) -> None:
        """Record chunk ``index`` as finished with ``data`` (a JSON value), durably."""
        line = json.dumps({"chunk": index, "data": data}, separators=(",", ":")) + "\n"
        offset = os.lseek(self._fd, 0, os.SEEK_END)
        self._write(line)
        self.finished.setdefault(index, offset)

    def _write(self, text: str) -> None:
        payload = text.encode()
        os.lseek(self._fd, 0, os.SEEK_END)
        # One write for the whole record; a short write (disk full) leaves a
        # line without its newline, dropped by the next run.
        written = os.write(self._fd, payload)
        while written < len(payload):
            written += os.write(self._fd, payload[written:])
        os.fsync(self._fd)

    def close(self) -> None:
        if self._fd >= 0:
            try:
                _unlock(self._fd)
            finally:
                os.close(self._fd)
                self._fd = -1

    def __enter__(self) -> Checkpoint:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
