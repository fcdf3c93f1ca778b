"""The loop of `accordion play`: read a line, let the session answer, draw the screen."""

from __future__ import annotations

import contextlib
import shutil
import sys
from collections.abc import Iterator
from typing import Any, Protocol, TextIO

from accordion import _interrupt
from accordion._input import MAX_LINE, not_utf8, read_line
from accordion._startup import INTERRUPTED
from accordion.errors import InputFileError, InvalidArgumentError, OutputError
from accordion.play.screen import CLEAR, Row, render_screen, use_colour
from accordion.play.session import Reply


class Table(Protocol):
    """A sitting at a table, as :func:`play` drives it (:class:`Session` and
    :class:`accordion.play.royal.RoyalSession`)."""

    @property
    def game(self) -> Row:
        """The game on the table."""

    @property
    def title(self) -> str:
        """The title line."""

    def status(self) -> str:
        """The status line under the row."""

    def welcome(self) -> Reply:
        """The greeting when the table opens."""

    def execute(self, line: str) -> Reply:
        """Interpret one line of input."""

    def farewell(self) -> str:
        """The last line on leaving."""


def _readline(stdin: TextIO) -> str:
    """A line of piped input. Bytes that are not UTF-8 stay as surrogate escapes,
    which the session refuses by name, whatever ``errors`` stdin was opened with
    (``PYTHONIOENCODING=utf-8:strict`` made them a UnicodeDecodeError)."""
    buffer = getattr(stdin, "buffer", None)
    if buffer is None:
        text: str = stdin.readline(MAX_LINE + 1)
        if len(text) > MAX_LINE and not text.endswith("\n"):
            raise InvalidArgumentError(f"play: a line longer than {MAX_LINE:,} characters")
        return text
    raw = read_line(buffer, "play: standard input")
    return raw.decode(stdin.encoding or "utf-8", errors="surrogateescape")


def _lines(stdin: TextIO, stdout: TextIO, prompt: str) -> Iterator[str]:
    """Input lines until end of input; `input()` (with line editing) on a terminal."""
    interactive = stdin is sys.stdin and stdin.isatty()
    if interactive:
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401  (line editing and history for input())
    while True:
        if interactive:
            try:
                yield input(prompt)
            except EOFError:
                stdout.write("\n")
                return
        else:
            stdout.write(prompt)
            stdout.flush()
            line = _readline(stdin)
            if not line:
                stdout.write("\n")
                return
            yield line


class _Counter:
    """Counts the games played at the prompt in the player's record, by the
    table's rules (``accordion.play.table.app``): a game once it is over or when
    it is left after a move (``new``, ``restart``, quit, end of input), each game
    once; a game helped by ``hint`` or ``solve`` counts as assisted."""

    #: The session's methods that show best play.
    ASSISTS = ("hint", "solve")

    def __init__(self, session: Any, record: Any) -> None:
        self.session = session
        self.record = record
        self.game = session.game
        self.counted = False
        self.assisted = False

    def before(self, line: str) -> None:
        words = line.split()
        commands = getattr(self.session, "COMMANDS", {})
        if words and commands.get(words[0].lower()) in self.ASSISTS:
            self.assisted = True

    def after(self) -> None:
        """After a line: count the game left (another is on the table) or ended."""
        if self.session.game is not self.game:
            self.left()
            self.game, self.counted, self.assisted = self.session.game, False, False
        if self.game.is_over and self.game.history:
            self._count()

    def left(self) -> None:
        """The game is left (or the table): count it if a move was played."""
        if self.game.history:
            self._count()

    def _count(self) -> None:
        if self.counted or self.record is None:
            return
        self.counted = True
        from accordion.play.table.record import key

        name = key(self.session.entry.name, self.session.rules_name, bool(self.game.blind))
        try:
            self.record.add(
                name,
                won=self.game.outcome.grade == "win",
                left=int(self.game.outcome.piles),
                assisted=self.assisted,
            )
        except (InputFileError, OutputError) as error:
            # The record is left as it was; said once, and no further game is counted.
            self.record = None
            with contextlib.suppress(OSError, ValueError):
                print(f"accordion: {error}", file=sys.stderr)


def play(
    session: Table,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    record: Any = None,
) -> int:
    """Run the game at the terminal until quit, end of input or Ctrl-C; the exit
    status: 0, or 130 after a Ctrl-C at the prompt (one during a command, such as
    a long ``solve``, stops that command only). With ``record`` (an
    :class:`accordion.play.table.record.Record`) every game finished, or left
    after a move, is counted in it, as at the table."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    counter = _Counter(session, record)
    colour = use_colour(stdout)
    clear = stdout.isatty()
    reply = session.welcome()
    lines = _lines(stdin, stdout, "> ")
    status = 0
    try:
        while True:
            size = shutil.get_terminal_size()
            screen = render_screen(
                session.game,
                title=session.title,
                messages=reply.messages,
                width=size.columns,
                height=size.lines,
                colour=colour,
                marks=reply.marks,
                status=session.status(),
            )
            stdout.write((CLEAR if clear else "") + screen + "\n")
            stdout.flush()
            line = next(lines, None)
            if line is None:
                break
            counter.before(line)
            problem = not_utf8(line)
            try:
                # Bytes that are not UTF-8 are said as --file says them, not echoed.
                reply = Reply([problem]) if problem else session.execute(line)
            except KeyboardInterrupt:
                if _interrupt.ending_signal is not None:
                    raise  # SIGTERM, SIGHUP: the command ends, not only this line's
                reply = Reply(["interrupted"])
            counter.after()
            if reply.quit:
                break
    except KeyboardInterrupt:
        # Ctrl-C at the prompt ends the game; the command says it was interrupted.
        stdout.write("\n")
        status = INTERRUPTED
    counter.left()
    stdout.write(session.farewell() + "\n")
    stdout.flush()
    return status
