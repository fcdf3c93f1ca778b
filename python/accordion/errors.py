"""The exceptions raised by both engines. Every one about a bad value is a ``ValueError``.

The contract (``docs/errors.md``): a value of the right type that is wrong
(text that is not a card, a number out of range) raises one of these, with a
message naming the argument or the text and the value given. A value of the
wrong *type* (a str where an int is wanted, ``True`` as a number, ``None``
where a value is required) raises ``TypeError``, as Python's own functions do.
Both engines raise the same class for the same input.
"""

from __future__ import annotations

#: The longest a value echoed in a message is shown (the rest is cut and counted).
ECHO_CHARS = 60


def shown(value: object) -> str:
    """``repr(value)``, cut to a line (an int too long to print is given by its size).

    A str is cut as the core cuts the text it quotes: whole to
    :data:`ECHO_CHARS` characters, else its first
    :data:`ECHO_CHARS` characters, quoted, ``…`` inside the closing quote, and
    the number of characters of the value (not of its repr):
    ``'xxx…' (1000 characters)``.
    """
    if isinstance(value, str):
        if len(value) <= ECHO_CHARS:
            return repr(value)
        head = repr(value[:ECHO_CHARS])
        return f"{head[:-1]}…{head[-1]} ({len(value)} characters)"
    try:
        text = repr(value)
    except ValueError:  # an int past Python's 4,300-digit limit
        return f"an int of {value.bit_length()} bits" if isinstance(value, int) else "?"
    if len(text) <= ECHO_CHARS:
        return text
    return f"{text[:ECHO_CHARS]}… ({len(text)} characters)"


class AccordionError(ValueError):
    """Base class of every error about bad input (cards, deals, moves, rules, numbers)."""


class InvalidCardError(AccordionError):
    """Text that is not a card."""


class InvalidDealError(AccordionError):
    """A row that is empty, too long, has a duplicate card or a bad separator."""


class InvalidMoveError(AccordionError):
    """Text that is not a move in the notation of docs/rules.md (``7H>7S`` or ``deal``)."""


class IllegalMoveError(AccordionError):
    """A well-formed move that the rules do not allow in this position."""


class NoMoveToUndoError(IllegalMoveError, IndexError):
    """``undo()`` with no move played. Also an ``IndexError``, as ``list.pop()``
    on an empty list raises, so code written for that still works."""


class InvalidRulesError(AccordionError):
    """An unknown rule-set or strategy name, or a bad variant (distances, two-way)."""


class InvalidArgumentError(AccordionError):
    """A number out of its range: ``jobs``, ``max_nodes``, ``timeout``, ``memory``,
    ``deals``, ``seed``, ``cards``, ``index``, ``pile``, ``distance``.

    ``argument`` is the name of the argument (the CLI shows it as its flag,
    ``--max-nodes``); the message names it and the value given.
    """

    def __init__(self, message: str, argument: str | None = None) -> None:
        super().__init__(message)
        self.argument = argument

    def __reduce__(self) -> tuple[type[InvalidArgumentError], tuple[str, str | None]]:
        return (type(self), (str(self), self.argument))


class InvalidPickleError(AccordionError):
    """A pickle (or a ``copy``) whose state no version of the package wrote: one
    tampered with or damaged. The message names the class and the part that is
    wrong.

    A value pickled through a public constructor (``Solution.from_dict``,
    ``Deal.parse`` …) is checked as that constructor checks its arguments, and
    raises that constructor's errors."""


class CheckpointError(AccordionError):
    """A ``--checkpoint`` file of another run (command, arguments, version), or
    one that is damaged, unreadable or in use by another run."""


class SchedulerError(AccordionError):
    """A scheduler address that is malformed or that no Dask scheduler answers."""


class ClusterError(RuntimeError):
    """The cluster failed a run: the scheduler went away, or a chunk kept failing.

    Chunks finished before it are in the checkpoint, if the run had one."""


class OutputError(OSError):
    """A file the command writes could not be written (a full disk, a file too
    big, a closed standard output). ``path`` is the file, ``flag`` the option
    that named it (``--checkpoint``, ``--plot``; ``None`` for standard output);
    the message names both and says what was kept. Also an ``OSError``, so code
    that catches those still does."""

    def __init__(self, message: str, path: str | None = None, flag: str | None = None) -> None:
        super().__init__(message)
        self.filename = path
        self.path = path
        self.flag = flag

    def __str__(self) -> str:
        return str(self.args[0])

    def __reduce__(self) -> tuple[type[OutputError], tuple[str, str | None, str | None]]:
        return (type(self), (str(self), self.path, self.flag))


class InputFileError(OSError):
    """A file the command reads could not be read: missing, not a regular file,
    unreadable, too big, or damaged (the player's record). ``path`` is the file;
    the message names it and says what was done with it. Also an ``OSError``,
    so code that catches those still does."""

    def __init__(self, message: str, path: str | None = None) -> None:
        super().__init__(message)
        self.filename = path
        self.path = path

    def __str__(self) -> str:
        return str(self.args[0])

    def __reduce__(self) -> tuple[type[InputFileError], tuple[str, str | None]]:
        return (type(self), (str(self), self.path))


class CancelledError(Exception):
    """A long call stopped because the :class:`accordion.CancelScope` it ran in was
    cancelled (from any thread). An ``Exception``, not ``KeyboardInterrupt`` (which
    Ctrl-C and :func:`accordion.interrupt` raise, for every call at once) and not
    asyncio's ``CancelledError``: a server or a worker catches it like any error,
    and its event loop and its other calls go on."""


class MissingExtraError(ImportError):
    """An optional dependency is not installed; the message names the extra."""


__all__ = [
    "AccordionError",
    "CancelledError",
    "CheckpointError",
    "ClusterError",
    "IllegalMoveError",
    "InputFileError",
    "InvalidArgumentError",
    "InvalidCardError",
    "InvalidDealError",
    "InvalidMoveError",
    "InvalidPickleError",
    "InvalidRulesError",
    "MissingExtraError",
    "NoMoveToUndoError",
    "OutputError",
    "SchedulerError",
]
