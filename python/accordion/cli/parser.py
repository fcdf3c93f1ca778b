"""The argument parser of the command line: argparse's, with one-line errors and
help as wide as the terminal. Imported only when argparse is needed: `accordion
solve` on deals alone runs without it (:mod:`accordion.cli.quick`)."""

from __future__ import annotations

import argparse
import os
import re
import sys
from typing import Any, NoReturn

from accordion._input import not_utf8
from accordion.cli.errors import CliError
from accordion.errors import ECHO_CHARS, shown

#: A value argparse quotes in a message, longer than a message shows (and not
#: one already cut by :func:`shown`, which says its length after it).
_QUOTED = re.compile(r"'([^']{61,})'(?! \(\d+ characters\))")


#: The flags whose value is a file name, which may be any bytes the system takes.
FILE_NAMES = frozenset({"file", "checkpoint", "plot"})


class Formatter(argparse.HelpFormatter):
    """argparse's help layout, as wide as the terminal: found without importing
    :mod:`shutil` (and the compression modules it imports), since argparse makes a
    formatter for every option it is given, help asked for or not."""

    def __init__(self, prog: str) -> None:
        super().__init__(prog, width=terminal_width())


def terminal_width() -> int:
    """The columns of the terminal: ``$COLUMNS``, else standard output's, else 80
    (what :func:`shutil.get_terminal_size` gives), less 2 as argparse takes it."""
    try:
        columns = int(os.environ.get("COLUMNS", ""))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 80
    return (columns or 80) - 2


class Parser(argparse.ArgumentParser):
    """An argument parser that reports a mistake on one line (exit status 2).

    The message is prefixed once, by :func:`accordion.cli.main`, with
    ``accordion: error:``; a subcommand's mistakes also name the subcommand.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", Formatter)
        super().__init__(*args, **kwargs)

    def _get_value(self, action: argparse.Action, arg_string: str) -> Any:
        # A flag's value from bytes that are not UTF-8 (kept by Python as surrogate
        # escapes) is said as a deal's is, naming the flag, before its type reads
        # it (which would echo the escapes escaped again); a file name may be any
        # bytes, and the words of deals are read by the command, which says so.
        if action.option_strings and action.dest not in FILE_NAMES:
            problem = not_utf8(arg_string)
            if problem is not None:
                raise CliError(f"{max(action.option_strings, key=len)}: {problem}")
        return super()._get_value(action, arg_string)

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        # argparse's own check, its message quoting the value as every message of the
        # package does (:func:`shown`), not with Python's repr.
        if action.choices is not None and value not in action.choices:
            choices = ", ".join(map(str, action.choices))
            message = f"invalid choice: {shown(value)} (choose from {choices})"
            raise argparse.ArgumentError(action, message)

    def error(self, message: str) -> NoReturn:
        command = self.prog.removeprefix("accordion").strip()
        # argparse's own messages quote the value given whole ("invalid … value:
        # '…'", "unrecognized arguments: …"): cut each as every message does.
        message = _QUOTED.sub(lambda found: shown(found.group(1)), message)
        head, colon, rest = message.partition("unrecognized arguments: ")
        if colon and len(rest) > ECHO_CHARS:
            message = f"{head}{colon}{rest[:ECHO_CHARS]}… ({len(rest)} characters)"
        raise CliError(f"{command}: {message}" if command else message)
