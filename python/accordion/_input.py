"""Lines of input read in bounded pieces (``solve --file``, ``play``'s prompt).

``readline()`` of a stream without newlines (``/dev/zero``, a binary file, a
megabyte pasted at once) would hold it all in memory; :func:`read_line` reads
at most :data:`MAX_LINE` bytes and refuses a line that is longer.
"""

from __future__ import annotations

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
