"""The `accordion` command. Each subcommand lives in the module of its name,
``accordion.cli.NAME``, which gives its one-line ``HELP``, its ``DESCRIPTION``,
``add_flags(parser)`` for its options and ``run(args)``. A command's module is
imported only when that command runs (or for ``accordion --help``), so that each
command pays for what it uses and no more: adding one is one line in
:data:`COMMANDS`. A command given no option at all is read without argparse
(:mod:`accordion.cli.quick`), from the defaults its ``add_flags`` declares."""

from __future__ import annotations

import codecs
import contextlib
import io
import os
import sys

from accordion import __version__, _interrupt, _startup
from accordion.cli.common import flag_message
from accordion.cli.errors import CliError, InterruptedRun
from accordion.cli.output import guarded_stdout
from accordion.cli.progress import clear_active
from accordion.errors import (
    AccordionError,
    ClusterError,
    InputFileError,
    InvalidArgumentError,
    MissingExtraError,
    OutputError,
    shown,
)

TYPE_CHECKING = False  # (not typing's: importing typing is slow)
if TYPE_CHECKING:
    import argparse
    import signal
    from collections.abc import Sequence
    from typing import Any
else:
    # `signal`'s C module, as in accordion._startup (`signal` imports `enum`, slowly).
    try:
        import _signal as signal
    except ImportError:  # an interpreter without it
        import signal

#: The subcommands, in the order ``accordion --help`` lists them: each is the
#: module ``accordion.cli.NAME``.
COMMANDS = ("deal", "solve", "stats", "hunt", "play", "rate", "serve")

DESCRIPTION = """\
Accordion (Idle Year, Tower of Babel, Leapfrog): solve deals, measure win rates,
play in the terminal. Cards are written AS TD 7H; a deal is a row of cards."""


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The ``accordion`` argument parser with every subcommand registered (one
    module each); with ``only``, a command of :data:`COMMANDS`, that command's
    alone, so that no other command's module is imported."""
    from accordion.cli.parser import Parser

    parser = Parser(prog="accordion", description=DESCRIPTION)
    parser.add_argument("--version", action="version", version=f"accordion {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for name in COMMANDS if only is None else (only,):
        command = _command_module(name)
        sub = subparsers.add_parser(name, help=command.HELP, description=command.DESCRIPTION)
        command.add_flags(sub)
        sub.set_defaults(run=command.run)
    return parser


def _command_module(name: str) -> Any:
    """The module of command ``name``, imported now (the import statement's
    machinery, not importlib's, so that `python -X importtime` lists it)."""
    return getattr(__import__("accordion.cli", fromlist=[name]), name)


def _quick(words: Sequence[str]) -> argparse.Namespace | None:
    """The command's arguments read without argparse when no option is given
    (:mod:`accordion.cli.quick`); ``None`` when argparse must read them."""
    if not words or words[0] not in COMMANDS:
        return None
    from accordion.cli.quick import namespace

    command = _command_module(words[0])
    args = namespace(words[0], words[1:], command.add_flags)
    if args is not None:
        args.run = command.run
    return args


def _command_of(argv: Sequence[str]) -> str | None:
    """The subcommand ``argv`` names (its first word that is no option), or ``None``
    when it names none (``accordion``, ``accordion --help``, ``--version``).

    Raises:
        CliError: the word is no command; the message offers the nearest ones.
    """
    word = next((arg for arg in argv if not arg.startswith("-")), None)
    if word is None or word in COMMANDS:
        return word
    from difflib import get_close_matches

    near = get_close_matches(word, COMMANDS, n=2, cutoff=0.6)
    hint = f"; did you mean {' or '.join(near)}?" if near else ""
    raise CliError(f"unknown command {shown(word)}{hint} (commands: {', '.join(COMMANDS)})")


BUG = "this is a bug in accordion; please report it with the command that caused it"


#: The codec error handler of the command's output (:func:`_plain`).
PLAIN_ERRORS = "accordion-plain"

#: The package's typography as ASCII writes it, for a terminal that cannot show it.
_ASCII = {
    "\u2026": "...", "\u2013": "-", "\u2014": "--", "\u2212": "-", "\u00b7": "*",
    "\u00d7": "x", "\u2192": "->", "\u2190": "<-", "\u2265": ">=", "\u2264": "<=",
    "\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u00b1": "+-",
    "\u2502": "|", "\u2500": "-", "\u2663": "C", "\u2666": "D", "\u2665": "H", "\u2660": "S",
    "\u00a0": " ", "\u2009": " ", "\u202f": " ",
}  # fmt: skip


def _plain(error: UnicodeError) -> tuple[str, int]:
    """What an encoding that lacks a character writes instead: the package's
    typography (``…``, ``–``, ``·``, suit symbols) in ASCII, anything else (text
    echoed from the user) as its backslash escape."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text = error.object[error.start : error.end]
    return "".join(_ASCII.get(c, repr(c)[1:-1] if c != "\\" else c) for c in text), error.end


def _one_line(message: str) -> str:
    """``message`` with every character that is not printable (a newline, a form
    feed, a lone surrogate, echoed from the user's input) written as its escape,
    so that the error stays one line."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)


def _fail(message: str) -> None:
    clear_active()
    if sys.stderr is None:
        return  # `2>&-`: the exit status says it
    line = f"accordion: {_one_line(message)}"
    try:
        print(line, file=sys.stderr)
    except (OSError, ValueError):
        # A stream left unusable (a Ctrl-C inside its `reconfigure` leaves it
        # "not writable"): the line still goes to the standard error's descriptor.
        with contextlib.suppress(OSError, ValueError):
            os.write(2, f"{line}\n".encode("ascii", "backslashreplace"))


def _drop_stdout() -> None:
    """Point standard output at /dev/null, so that Python's flush of what is
    still buffered at exit does not complain about the dead stream."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


#: The signals that stop a command as Ctrl-C does (a kill, `timeout`, `docker
#: stop`, a closed terminal), by number, with their names.
_ENDING = {
    number: name
    for name in ("SIGTERM", "SIGHUP")
    if (number := getattr(signal, name, None)) is not None
}


def _on_ending(signum: int, frame: Any) -> None:
    """SIGTERM, SIGHUP: stop as on Ctrl-C (every long call of the core, in any
    thread, then ``KeyboardInterrupt`` here), remembering the signal for the
    exit status (128 + its number) and the last line."""
    _ending(signum)
    _interrupt.interrupt()
    raise KeyboardInterrupt


def _on_interrupt(signum: int, frame: Any) -> None:
    """Ctrl-C: the package's handler (every long call of the core, in any thread,
    then ``KeyboardInterrupt`` here), the command marked as stopping."""
    _ending()
    _interrupt.on_sigint(signum, frame)


def _ending(signum: int | None = None) -> None:
    """The command was told to stop (``signum``: by that ending signal): mark it so
    (``accordion._interrupt.tell_to_stop``), and keep quiet about the coroutines
    that a library had made and not yet awaited when the signal landed (Dask's
    client, the web server): Python reports each as the process ends, beside the
    command's one line, and the user can do nothing about them.

    A handler runs between any two steps of the program, also while a module is
    being imported: the filter (which compiles its pattern with `re`) is put in
    only once `re` is whole (while it is still being imported, the signal landed
    at start-up, before any library could leave a coroutine)."""
    _interrupt.tell_to_stop(signum)
    if all(_imported(name) for name in ("re", "warnings")):
        sys.modules["warnings"].filterwarnings(
            "ignore", message=r"coroutine .* was never awaited", category=RuntimeWarning
        )


def _imported(name: str) -> bool:
    """Whether the module ``name`` is imported whole (not still being imported)."""
    module = sys.modules.get(name)
    spec = getattr(module, "__spec__", None)
    return module is not None and not getattr(spec, "_initializing", False)


def _catch_ending() -> list[int]:
    """Put in :func:`_on_ending` for each ending signal left at its default (or
    held by the quiet start-up handler), and :func:`_on_interrupt` for SIGINT if
    the package's handler has it; return the signals now handled
    (:func:`_release_ending` gives them back)."""
    _interrupt.clear_stop()
    caught = []
    for number, ours, theirs in (
        *((number, _on_ending, (signal.SIG_DFL, _startup.quit_handler)) for number in _ENDING),
        (signal.SIGINT, _on_interrupt, (_interrupt.on_sigint,)),
    ):
        with contextlib.suppress(ValueError, OSError):
            if signal.getsignal(number) in theirs:
                signal.signal(number, ours)
                caught.append(number)
    return caught


def _release_ending(caught: list[int]) -> None:
    """Give the signals :func:`_catch_ending` took back to their handlers before
    (a program that called :func:`main` keeps its own way with them)."""
    for number in caught:
        with contextlib.suppress(ValueError, OSError):
            if number == signal.SIGINT:
                signal.signal(number, _interrupt.on_sigint)
            else:
                signal.signal(number, signal.SIG_DFL)


def _stopped(kept: str | None = None) -> int:
    """Say the command was stopped (by Ctrl-C or an ending signal; ``kept``: where
    its work is and how to go on); return its status, 128 + the signal."""
    ending = _interrupt.ending_signal
    said = "interrupted" if ending is None else f"stopped by {_ENDING[ending]}"
    _fail(f"{said}: {kept}" if kept else said)
    return _startup.INTERRUPTED if ending is None else 128 + ending


def _stopped_in(error: BaseException) -> bool:
    """Whether ``error`` wraps a ``KeyboardInterrupt`` (its cause or context, at any
    depth): Python turns one raised while a class is made (in ``__set_name__``,
    as a library's class is defined on import) into a ``RuntimeError``. The
    command was stopped, not broken."""
    seen: set[int] = set()
    found: BaseException | None = error
    while found is not None and id(found) not in seen:
        if isinstance(found, KeyboardInterrupt):
            return True
        seen.add(id(found))
        found = found.__cause__ or found.__context__
    return False


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status: 0 done, 2 bad input (or a
    missing extra), 130 interrupted (143 by SIGTERM, 129 by SIGHUP), 1 a file
    that cannot be read or written (standard output too), a cluster that failed
    the run, or a bug. Every failure is one line on stderr, never a traceback
    (``docs/errors.md``)."""
    caught: list[int] = []
    try:
        # Inside the `try`: a Ctrl-C raising KeyboardInterrupt (a program calling
        # `main`, or the command once `started` gave Ctrl-C back to Python) ends
        # as `interrupted` (130) even before the command has begun. The streams
        # are set up first, while the command's quiet start-up handler still
        # holds Ctrl-C: interrupted halfway, a stream's `reconfigure` leaves it
        # unwritable.
        codecs.register_error(PLAIN_ERRORS, _plain)
        for stream in (sys.stdout, sys.stderr):
            # Text echoed back (a bad deal, a file name) may hold anything; in an
            # ASCII locale the package's own typography is written in ASCII.
            if isinstance(stream, io.TextIOWrapper):
                stream.reconfigure(errors=PLAIN_ERRORS)
        if sys.stdout is None:
            # `accordion … >&-`: the results would be dropped without a word.
            _fail("error: standard output is closed: there is nowhere to write the results")
            return 1
        _startup.started()
        _interrupt.install()
        caught.extend(_catch_ending())
        with guarded_stdout():
            words = list(sys.argv[1:] if argv is None else argv)
            args = _quick(words)
            if args is None:
                parser = build_parser(_command_of(words))
                try:
                    args = parser.parse_args(words)
                except SystemExit:
                    # --help and --version print, then exit: their text must have
                    # been written (`--help > /dev/full` is an error, status 1).
                    sys.stdout.flush()
                    raise
                if args.command is None:
                    parser.print_help()
                    return 2
            # The words as typed, for a command that runs itself again (play --serve).
            args.argv = words[1:]
            status: int = args.run(args)
            if _interrupt.ending_signal is not None:
                # Stopped by a signal that the command caught itself (the line
                # prompt ends its game on it): the status says which.
                return _stopped()
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
    except KeyboardInterrupt as error:
        # A command that keeps its work (--checkpoint) says where and how to go on.
        return _stopped(str(error) if isinstance(error, InterruptedRun) else None)
    except BrokenPipeError:
        # `accordion … | head`: the reader has all it wants.
        _drop_stdout()
        return 0
    except InputFileError as error:
        _fail(f"error: {error}")
        return 1
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
        if _stopped_in(error):
            return _stopped()
        _fail(f"internal error: {type(error).__name__}: {error} ({BUG})")
        return 1
    finally:
        _release_ending(caught)
        _startup.ended()
