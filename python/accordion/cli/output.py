"""Output that says when it cannot be written, and leaves no half-written file.

``print`` to a full disk (``accordion … > /mnt/full/out.txt``) raises a bare
``OSError`` from deep inside the text layer, with no file named; with the
output closed or gone the results would be lost with exit status 0. While a
command runs, :func:`guarded_stdout` puts a standard output in place whose every
failed write (and the last flush) raises :class:`~accordion.errors.OutputError`
naming standard output, which the CLI reports on one line with status 1.
A broken pipe (``accordion … | head``) stays a ``BrokenPipeError``: the reader
has what it wanted.

A file the command writes (``--plot FILE``) is written by
:func:`write_atomically`: to a new file beside it, renamed over ``FILE`` only
once whole, so that a full disk leaves the old file (or none), never an empty
or a cut-off one.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from collections.abc import Callable, Iterator

from accordion.errors import OutputError

TYPE_CHECKING = False  # (not typing's: importing typing is slow)
if TYPE_CHECKING:
    from _typeshed import ReadableBuffer


class _Raw(io.FileIO):
    """File descriptor 1, whose write errors are an :class:`OutputError`."""

    def write(self, data: ReadableBuffer, /) -> int:
        try:
            return super().write(data)
        except BrokenPipeError:
            raise
        except OSError as error:
            raise OutputError(
                f"cannot write the results to standard output: {error.strerror or error}"
            ) from None


@contextlib.contextmanager
def guarded_stdout() -> Iterator[None]:
    """Run the body with ``sys.stdout`` writing through :class:`_Raw`; flushed at
    the end, so that a failure of the last write is reported too. Only the real
    standard output is replaced (not one a test or a program has put in)."""
    original = sys.stdout
    if original is not sys.__stdout__ or not isinstance(original, io.TextIOWrapper):
        yield
        return
    try:
        fd = original.fileno()
    except (OSError, ValueError):
        yield
        return
    original.flush()
    stream = io.TextIOWrapper(
        io.BufferedWriter(_Raw(fd, "wb", closefd=False)),
        encoding=original.encoding,
        errors=original.errors,
        line_buffering=original.line_buffering,
    )
    sys.stdout = stream
    try:
        yield
        stream.flush()
    finally:
        sys.stdout = original
        with contextlib.suppress(OSError):
            # After a failure the rest is dropped: it could not be written either.
            stream.detach()


def write_atomically(path: str, flag: str, write: Callable[[str], object]) -> None:
    """Call ``write(name)`` to write a new file ``name`` beside ``path``, then rename
    it to ``path``. If anything fails, the new file is removed and ``path`` left as
    it was; an ``OSError`` becomes an :class:`OutputError` naming ``flag`` and ``path``."""
    folder = os.path.dirname(os.path.abspath(path))
    base = os.path.basename(path)
    try:
        import tempfile  # here: only a command that writes a file needs it

        handle, temporary = tempfile.mkstemp(prefix=f".{base}.", suffix=".part", dir=folder)
        os.close(handle)
        # mkstemp makes the file private; the finished file has the usual mode.
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)
    except OSError as error:
        raise OutputError(
            f"{flag} {path}: cannot write it: {error.strerror or error}", path, flag
        ) from None
    try:
        write(temporary)
        with open(temporary, "rb") as written:
            os.fsync(written.fileno())
        os.replace(temporary, path)
    except OSError as error:
        raise OutputError(
            f"{flag} {path}: cannot write it: {error.strerror or error}; nothing written",
            path,
            flag,
        ) from None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
