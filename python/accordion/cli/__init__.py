"""The `accordion` command. Each subcommand lives in the module of its name, which
gives its one-line ``HELP``, its ``DESCRIPTION``, ``add_flags(parser)`` for its
options and ``run(args)``; :func:`build_parser` registers them all."""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
from collections.abc import Sequence

from accordion import __version__, _interrupt, _startup
from accordion.cli import deal, hunt, play, rate, serve, solve, stats
from accordion.cli.common import Parser, flag_message
from accordion.cli.output import guarded_stdout
from accordion.cli.progress import clear_active
from accordion.errors import (
    AccordionError,
    ClusterError,
    InvalidArgumentError,
    MissingExtraError,
    OutputError,
)

COMMANDS = (deal, solve, stats, hunt, play, rate, serve)

DESCRIPTION = """\
Accordion (Idle Year, Tower of Babel, Leapfrog): solve deals, measure win rates,
play in the terminal. Cards are written AS TD 7H; a deal is a row of cards."""


def build_parser() -> argparse.ArgumentParser:
    """The ``accordion`` argument parser with every subcommand registered (one module each)."""
    parser = Parser(prog="accordion", description=DESCRIPTION)
    parser.add_argument("--version", action="version", version=f"accordion {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for command in COMMANDS:
        name = command.__name__.rpartition(".")[2]
        sub = subparsers.add_parser(name, help=command.HELP, description=command.DESCRIPTION)
        command.add_flags(sub)
        sub.set_defaults(run=command.run)
    return parser


BUG = "this is a bug in accordion; please report it with the command that caused it"


def _one_line(message: str) -> str:
    """``message`` with every character that is not printable (a newline, a form
    feed, a lone surrogate, echoed from the user's input) written as its escape,
    so that the error stays one line."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)


def _fail(message: str) -> None:
    clear_active()
    print(f"accordion: {_one_line(message)}", file=sys.stderr)


def _drop_stdout() -> None:
    """Point standard output at /dev/null, so that Python's flush of what is
    still buffered at exit does not complain about the dead stream."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status: 0 done, 2 bad input (or a
    missing extra), 130 interrupted, 1 a file that cannot be read or written
    (standard output too), a cluster that failed the run, or a bug. Every
    failure is one line on stderr, never a traceback (``docs/errors.md``)."""
    _startup.started()
    _interrupt.install()
    for stream in (sys.stdout, sys.stderr):
        # Text echoed back (a bad deal, a file name) may hold anything.
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")
    if sys.stdout is None:
        # `accordion … >&-`: the results would be dropped without a word.
        _fail("error: standard output is closed: there is nowhere to write the results")
        return 1
    try:
        with guarded_stdout():
            parser = build_parser()
            args = parser.parse_args(argv)
            # The words as typed, for a command that runs itself again (play --serve).
            args.argv = list(sys.argv[1:] if argv is None else argv)[1:]
            if args.command is None:
                parser.print_help()
                return 2
            status: int = args.run(args)
            return status
    except InvalidArgumentError as error:
        _fail(f"error: {flag_message(error)}")
        return 2
    except (AccordionError, MissingExtraError) as error:
        _fail(f"error: {error}")
        return 2
    except ClusterError as error:
        _fail(f"error: {error}")
        return 1
    except KeyboardInterrupt:
        _fail("interrupted")
        return 130
    except BrokenPipeError:
        # `accordion … | head`: the reader has all it wants.
        _drop_stdout()
        return 0
    except OutputError as error:
        _fail(f"error: {error}")
        if error.flag is None:
            # Standard output failed: what is still buffered would fail again at exit.
            _drop_stdout()
        return 1
    except OSError as error:
        _fail(f"error: {error.strerror or error}: {error.filename or ''}".rstrip(": "))
        return 1
    except Exception as error:
        _fail(f"internal error: {type(error).__name__}: {error} ({BUG})")
        return 1
