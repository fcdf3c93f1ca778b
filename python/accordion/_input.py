"""Lines of input read in bounded pieces (``solve --file``, ``play``'s prompt).

``readline()`` of a stream without newlines (``/dev/zero``, a binary file, a
megabyte pasted at once) would hold it all in memory; :func:`read_line` reads
at most :data:`MAX_LINE` bytes and refuses a line that is longer.
:func:`read_lines` does the same for a whole file, and ends lines where any
of the three conventions ends them (``\\n``, ``\\r\\n``, and the old Mac's
lone ``\\r``), so that a file saved with CR line ends is not read as one row.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import BinaryIO

from accordion.errors import InvalidArgumentError

#: The longest line read: a row of 52 cards spelt out long, with commas and a
#: comment, or any command of the play prompt, is far shorter.
MAX_LINE = 1 << 16


def read_line(handle: BinaryIO, where: str) -> bytes:
    """The next line of ``handle`` (``b""`` at the end); an
    :class:`~accordion.errors.InvalidArgumentError` naming ``where`` (the flag
    and the file) if it is longer than :data:`MAX_LINE` bytes."""
    line = handle.readline(MAX_LINE + 1)
    if len(line) > MAX_LINE and not line.endswith(b"\n"):
        raise InvalidArgumentError(f"{where}: a line longer than {MAX_LINE:,} bytes")
    return line


#: A line end: CR LF, LF or a lone CR.
_LINE_END = re.compile(rb"\r\n|\r|\n")


def read_lines(handle: BinaryIO, where: str) -> Iterator[bytes]:
    """The lines of ``handle`` without their line ends (``\\n``, ``\\r\\n`` or
    ``\\r``), read in pieces as they are used; an
    :class:`~accordion.errors.InvalidArgumentError` naming ``where`` for a line
    longer than :data:`MAX_LINE` bytes. Reads what is there (``read1``), so
    that lines piped in one at a time come out one at a time."""
    read = getattr(handle, "read1", handle.read)
    pending = b""
    while chunk := read(MAX_LINE):
        pending += chunk
        start = 0
        while (end := _LINE_END.search(pending, start)) is not None:
            if end.group() == b"\r" and end.end() == len(pending):
                break  # perhaps the CR of a CR LF cut between two reads
            yield pending[start : end.start()]
            start = end.end()
        pending = pending[start:]
        if len(pending) > MAX_LINE:
            raise InvalidArgumentError(f"{where}: a line longer than {MAX_LINE:,} bytes")
    if pending:
        yield pending.removesuffix(b"\r")


def not_utf8(text: str) -> str | None:
    """What is wrong with ``text`` when it was read from bytes that are not UTF-8
    (a command-line word, a typed line: Python keeps such bytes as surrogate
    escapes), said as ``--file`` says it: ``not UTF-8 text (byte 0xff at column 1)``;
    ``None`` for good text."""
    try:
        raw = text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        return "not UTF-8 text"
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError as error:
        return f"not UTF-8 text (byte {raw[error.start]:#04x} at column {error.start + 1})"
    return None
