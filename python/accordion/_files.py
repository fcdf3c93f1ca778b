"""A file that is not a regular one, named in words for a message (a checkpoint
and the table's record refuse a folder, a pipe or a device alike)."""

from __future__ import annotations

import stat

_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a pipe (FIFO)"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISSOCK, "a socket"),
)


def file_kind(mode: int) -> str:
    """What a file of ``mode`` (``os.stat().st_mode``) is: ``a folder``, ``a pipe
    (FIFO)``, ``a device``, ``a socket``, else ``not a regular file``."""
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")
