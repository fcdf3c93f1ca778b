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


#: The escapes of Rust's ``{:?}`` that are not ``\\u{…}``.
_ESCAPES = {"\0": "\\0", "\t": "\\t", "\r": "\\r", "\n": "\\n", "\\": "\\\\"}

#: Unicode's Other_Grapheme_Extend spacing marks (PropList.txt), which Rust's
#: ``{:?}`` escapes like every other grapheme extender; the rest of the
#: property is the categories Mn and Me, or is not printable anyway.
_OTHER_GRAPHEME_EXTEND = frozenset(
    [0x9BE, 0x9D7, 0xB3E, 0xB57, 0xBBE, 0xBD7, 0xCC0, 0xCC2, 0xCC7, 0xCC8, 0xCCA, 0xCCB,
     0xCD5, 0xCD6, 0xD3E, 0xD57, 0xDCF, 0xDDF, 0x1715, 0x1734, 0x1B35, 0x1B3B, 0x1B3D,
     0x1B43, 0x1B44, 0x1BAA, 0x1BF2, 0x1BF3, 0x302E, 0x302F, 0xA953, 0xA9C0, 0xFF9E, 0xFF9F,
     0x111C0, 0x11235, 0x1133E, 0x1134D, 0x11357, 0x114B0, 0x114BD, 0x115AF, 0x116B6,
     0x11930, 0x1193D, 0x16FF0, 0x16FF1, 0x1D165, 0x1D166, *range(0x1D16D, 0x1D173)]
)  # fmt: skip


def _escaped(char: str, quote: str) -> str:
    """``char`` as Rust's ``{:?}`` writes it inside ``quote`` quotes."""
    if char in _ESCAPES:
        return _ESCAPES[char]
    if char == quote:
        return "\\" + char
    if " " <= char <= "~":
        return char
    import unicodedata  # here: a message is rare, and the package's start is timed

    if (
        char.isprintable()
        and unicodedata.category(char) not in ("Mn", "Me")
        and ord(char) not in _OTHER_GRAPHEME_EXTEND
    ):
        return char
    return f"\\u{{{ord(char):x}}}"


def quoted(text: str) -> str:
    """``text`` quoted as the core quotes it (Rust's ``{:?}``: double quotes,
    ``\\n``-style and ``\\u{…}`` escapes), cut to :data:`ECHO_CHARS` characters
    with its length said, so both engines' messages are the same: ``"xxx…" (1000
    characters)``. (Characters that Unicode assigned after this Python's
    ``unicodedata`` may be escaped by one engine and not the other.)"""
    head = "".join(_escaped(char, '"') for char in text[:ECHO_CHARS])
    if len(text) <= ECHO_CHARS:
        return f'"{head}"'
    return f'"{head}…" ({len(text)} characters)'


def quoted_char(char: str) -> str:
    """One character quoted as the core quotes it (Rust's ``{:?}`` of a ``char``)."""
    return f"'{_escaped(char, chr(39))}'"


def shown(value: object) -> str:
    """``value`` as a message echoes it, cut to a line: a str quoted as the core
    quotes text (:func:`quoted`: ``"nope"``, lone surrogates as their escapes,
    ``\\ud800``, as the engines read them), anything else as its ``repr``, cut to
    :data:`ECHO_CHARS` characters with its length said (an int too long to print
    is given by its size).
    """
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            value = value.encode("utf-8", "backslashreplace").decode("utf-8")
        return quoted(value)
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
