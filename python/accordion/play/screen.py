"""The screen of `accordion play`, drawn as text from a game (pure functions).

The row is drawn in bands that wrap at the terminal width and are read as one
line: the last pile of a band neighbours the first pile of the next. Every game's
table uses it (:mod:`accordion.play`).
"""

from __future__ import annotations

import os
import textwrap
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Protocol, TextIO

if TYPE_CHECKING:
    from accordion import Card

# One pile is a cell five columns wide; number, card and height end in one column:
# " 12  ", " 7H  ", " ×3  " (a marked card is bracketed: "[7H] ").
CELL = 5
# Columns kept free at the right of a band for the mark that says the row continues.
CONTINUES = " →"
RED = "\x1b[1;31m"
DIM = "\x1b[2m"
BOLD = "\x1b[1m"
RESET = "\x1b[0m"
CLEAR = "\x1b[H\x1b[2J"


def use_colour(stream: TextIO) -> bool:
    """Colour only on a terminal, and never when NO_COLOR is set (no-color.org)."""
    return stream.isatty() and not os.environ.get("NO_COLOR")


def _paint(text: str, code: str, colour: bool) -> str:
    return f"{code}{text}{RESET}" if colour and code else text


def per_band(width: int) -> int:
    """How many piles one band holds at this terminal width (at least one)."""
    return max(1, (width - len(CONTINUES)) // CELL)


def render_row(
    piles: Sequence[Sequence[Card]],
    *,
    width: int = 80,
    colour: bool = False,
    marks: Collection[int] = (),
) -> list[str]:
    """The row in bands of three lines: 1-based pile numbers, top cards, heights.

    A height is shown only for piles of more than one card. Piles whose 0-based
    position is in ``marks`` are drawn in brackets (and bold); every band but the
    last ends with an arrow, since the row reads on into the next band.

    >>> from accordion import Game
    >>> game = Game("7H 7S 8S KS 2D")
    >>> _ = game.play("KS>8S")
    >>> for line in render_row(game.piles, width=20):
    ...     print(line)
      1    2    3
     7H   7S   KS  →
               ×2
      4
     2D
    <BLANKLINE>
    """
    size = per_band(width)
    lines: list[str] = []
    for start in range(0, len(piles), size):
        band = range(start, min(start + size, len(piles)))
        numbers = "".join(_paint(f"{i + 1:>3}", DIM, colour) + "  " for i in band)
        cards = "".join(_card_cell(piles[i][-1], i in marks, colour) + " " for i in band)
        heights = "".join(
            _paint(f"{'×' + str(len(piles[i])):>3}", DIM, colour) + "  "
            if len(piles[i]) > 1
            else "     "
            for i in band
        )
        if band.stop < len(piles):
            cards = cards[:-1] + CONTINUES
        lines += [numbers.rstrip(), cards.rstrip(), heights.rstrip()]
    return lines


def _card_code(card: Card, marked: bool) -> str:
    """A card's colour on the screen: red suits red, a marked black card bold."""
    return RED if card.is_red else (BOLD if marked else "")


def _card_cell(card: Card, marked: bool, colour: bool) -> str:
    text = f"[{card}]" if marked else f" {card} "
    return _paint(text, _card_code(card, marked), colour)


class Row(Protocol):
    """What the screen needs of a game: its piles, bottom to top (``Game``, ``RoyalGame``)."""

    @property
    def piles(self) -> Sequence[Sequence[Card]]:
        """Each pile bottom to top, left to right."""


def render_screen(
    game: Row,
    *,
    title: str = "",
    messages: Sequence[str] = (),
    width: int = 80,
    height: int = 24,
    colour: bool = False,
    marks: Collection[int] = (),
    status: str | None = None,
) -> str:
    """The whole screen, without the prompt: title, row, status line, messages.

    ``title`` defaults to the game's title and ``status`` to the status line its
    session writes, both read from the registry (:func:`accordion.games.game_of`).
    Messages are wrapped to the width and cut so that the screen and a prompt line
    fit ``height`` lines.
    """
    if status is None or not title:
        from accordion.games import game_of

        entry = game_of(game)
        if entry is None:
            raise TypeError(f"a {type(game).__name__} is no game of the registry: give its status")
        title = title or entry.title
        if status is None:
            status = entry.session_class().status_of(game)
    head = [
        _paint(_fit(title, width), BOLD, colour),
        "",
    ]
    body = _wrap(messages, width)
    status_lines = _wrap_status(status, width)
    if game.piles:
        row = render_row(game.piles, width=width, colour=colour, marks=marks)
        # Too tall for the terminal (a full deal at 40 columns): the row in
        # one line per band, so that the title stays on screen and messages
        # keep their lines.
        wanted = len(head) + len(row) + len(status_lines) + min(len(body), MESSAGE_ROOM) + 1
        if wanted > height:
            row = render_compact(game.piles, width=width, colour=colour, marks=marks)
    else:
        row = [*_wrap(["(no cards on the table yet: type deal)"], width), ""]
    room = max(1, height - len(head) - len(row) - len(status_lines) - 1)
    if len(body) > room:
        body = [*body[: room - 1], _fit(body[room - 1] + " …", width)]
    return "\n".join([*head, *row, *status_lines, *body])


#: The message lines a screen keeps free before it draws the row compactly.
MESSAGE_ROOM = 4


def render_compact(
    piles: Sequence[Sequence[Card]],
    *,
    width: int = 80,
    colour: bool = False,
    marks: Collection[int] = (),
) -> list[str]:
    """The row in as few lines as the width allows: each line starts with the
    1-based number of its first pile, a pile of several cards shows its height.

    >>> from accordion import Game
    >>> game = Game("7H 7S 8S KS 2D")
    >>> _ = game.play("KS>8S")
    >>> for line in render_compact(game.piles, width=14):
    ...     print(line)
     1│7H 7S KS×2
     4│2D
    <BLANKLINE>
    """
    lines: list[str] = []
    line, shown = "", 0
    for i, pile in enumerate(piles):
        card = pile[-1]
        plain = (f"[{card}]" if i in marks else str(card)) + (
            f"×{len(pile)}" if len(pile) > 1 else ""
        )
        painted = _paint(plain, _card_code(card, i in marks), colour)
        if line and shown + 1 + len(plain) > width:
            lines.append(line)
            line, shown = "", 0
        if not line:
            line = _paint(f"{i + 1:>2}│", DIM, colour) + painted
            shown = 3 + len(plain)
        else:
            line += " " + painted
            shown += 1 + len(plain)
    if line:
        lines.append(line)
    return [*lines, ""]


def _wrap_status(status: str, width: int) -> list[str]:
    """The status line, broken between its parts (never inside one) to fit the width."""
    lines: list[str] = []
    for part in status.split(" · "):
        if lines and len(lines[-1]) + 3 + len(part) <= width:
            lines[-1] += " · " + part
        else:
            lines.append(_fit(part, width))
    return lines


def _fit(line: str, width: int) -> str:
    return line if len(line) <= width else line[: max(0, width - 1)] + "…"


def _wrap(messages: Sequence[str], width: int) -> list[str]:
    lines: list[str] = []
    for message in messages:
        for paragraph in message.splitlines() or [""]:
            indent = " " * (len(paragraph) - len(paragraph.lstrip()))
            lines += textwrap.wrap(
                paragraph, width=max(10, width - 1), subsequent_indent=indent + "  "
            ) or [""]
    return lines
