"""Pictures of a row: SVG for Jupyter (``Deal._repr_svg_``, ``Game._repr_svg_``) and files.

The row is laid in bands like the text UI, read as one line: the last pile of a
band neighbours the first pile of the next. Each pile shows its top card (rank
and suit symbol in the suit's colour), its 1-based number above it and, when it
holds more than one card, a badge with its height. A blind game's stock is drawn
face down after the row, with the number of cards left in it.

Both engines' deals and games of every game are drawn: anything with ``piles``
(and ``stock_size``) is a game, anything else an iterable of cards; text is
parsed as a deal. The game's descriptor (:func:`accordion.games.game_of`) gives
the words: a Royal Marriage or Bayan row is of single cards, so it is labelled
by cards rather than piles, and Bayan's stock is its talon.

>>> from accordion import Deal, svg
>>> picture = svg(Deal.parse("7H 7S 8S KS"))
>>> picture.startswith("<svg"), picture.count('class="card"')
(True, 4)
"""

from __future__ import annotations

from collections.abc import Mapping
from os import PathLike

from accordion._core import Deal

# Typing only: importing ``typing`` (and with it ``re``) would slow ``import
# accordion``, which imports this module (PEP 484's constant, read by type checkers).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence
    from typing import Protocol, TypeAlias

    class CardLike(Protocol):
        """What a picture needs of a card (the Rust and the reference ``Card`` alike)."""

        @property
        def rank(self) -> str:
            """``"A"``, ``"2"`` … ``"K"``."""

        @property
        def suit(self) -> str:
            """``"C"``, ``"D"``, ``"H"`` or ``"S"``."""

        @property
        def is_red(self) -> bool:
            """True for diamonds and hearts."""

    class TableLike(Protocol):
        """What a picture needs of a game: ``piles`` (each bottom to top, left to
        right) and ``stock_size`` (cards not yet dealt, drawn face down)."""

        @property
        def piles(self) -> Sequence[Sequence[CardLike]]: ...

        @property
        def stock_size(self) -> int: ...

    Drawable: TypeAlias = TableLike | Iterable[CardLike] | str

#: What XML text and attribute values must not hold raw (``xml.sax.saxutils``
#: would do the same, but importing it pulls in ``urllib`` and ``http``).
_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;"})


def escape(text: str) -> str:
    """``text`` safe inside an XML element or a quoted attribute."""
    return text.translate(_ESCAPES)


SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RED = "#c62828"
BLACK = "#1b1b1b"
FELT = "#1f6f43"
LABEL = "#e8f5e9"
BADGE = "#263238"
FONT = "DejaVu Sans, Segoe UI Symbol, Arial, sans-serif"

MARGIN = 12
CARD_W = 46
CARD_H = 64
GAP = 8
LABEL_H = 16
BAND_GAP = 10
# 13 cards to a band: a full deck in four bands.
DEFAULT_WIDTH = 2 * MARGIN + 13 * CARD_W + 12 * GAP


def per_band(width: int) -> int:
    """How many piles one band holds in a picture this many pixels wide."""
    return max(1, (width - 2 * MARGIN + GAP) // (CARD_W + GAP))


def svg(item: Drawable, *, width: int = DEFAULT_WIDTH) -> str:
    """An SVG picture of a deal or of a game's row (and stock), at most ``width`` px wide.

    Args:
        item: a ``Deal``, ``Game``, ``RoyalGame`` or ``BayanGame`` of either engine, any iterable of
            cards, or the text of a deal.
        width: the widest the picture may be, in pixels; the row wraps into bands.

    Returns:
        The picture as an ``<svg>`` element, with a ``<title>`` that describes it.

    Raises:
        InvalidDealError, InvalidCardError: text that is not a deal.
        InvalidArgumentError: ``width`` below 1.
        TypeError: ``item`` is none of these (bytes, a number, a list of
            something other than cards), or ``width`` is not an int.

    Examples:
        >>> picture = svg("7H 7S 8S", width=300)
        >>> picture.startswith("<svg"), picture.count('class="card"')
        (True, 3)
    """
    if type(width) is not int:
        raise TypeError(f"width must be an int, not {type(width).__name__}")
    if width < 1:
        from accordion.errors import InvalidArgumentError, shown

        raise InvalidArgumentError(f"width must be at least 1 pixel, got {shown(width)}", "width")
    piles, stock = _table(item)
    slots = len(piles) + (1 if stock else 0)
    across = max(1, min(per_band(width), slots))
    bands = max(1, -(-slots // across))
    picture_w = 2 * MARGIN + across * CARD_W + (across - 1) * GAP
    band_h = LABEL_H + CARD_H + BAND_GAP
    picture_h = 2 * MARGIN + bands * band_h - BAND_GAP
    from accordion.games import find_game, game_of  # not at import: dataclasses is slow

    game = game_of(item) or find_game("accordion")
    noun = game.nouns.piece
    summary = f"{game.title} row of {len(piles)} {noun}{'' if len(piles) == 1 else 's'}"
    if stock:
        summary += f", {stock} card{'' if stock == 1 else 's'} in the {game.nouns.stock}"
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{picture_w}" height="{picture_h}" '
        f'viewBox="0 0 {picture_w} {picture_h}" font-family="{FONT}">',
        f"<title>{escape(summary)}</title>",
        f'<rect class="table" width="{picture_w}" height="{picture_h}" rx="8" fill="{FELT}"/>',
    ]

    def place(slot: int) -> tuple[int, int]:
        band, column = divmod(slot, across)
        return MARGIN + column * (CARD_W + GAP), MARGIN + band * band_h + LABEL_H

    for position, pile in enumerate(piles):
        parts.append(_pile(position + 1, pile, *place(position), noun=noun))
    if stock:
        parts.append(_stock(stock, *place(len(piles)), noun=game.nouns.stock))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def save_svg(path: str | PathLike[str], item: Drawable, *, width: int = DEFAULT_WIDTH) -> None:
    """Write the picture of a deal or game (see :func:`svg`) to an SVG file.

    Args:
        path: the file to write (UTF-8).
        item: what to draw, as for :func:`svg`.
        width: the widest the picture may be, in pixels.

    Raises:
        TypeError: ``path`` is not a str or a path (an int would be taken by
            ``open`` as a file descriptor: ``True`` is standard output).
        OSError: the file cannot be written.
    """
    if not isinstance(path, (str, PathLike)):
        raise TypeError(f"path must be a str or a path, not {type(path).__name__}")
    with open(path, "w", encoding="utf-8") as file:
        file.write(svg(item, width=width))


def _table(item: Drawable) -> tuple[list[Sequence[CardLike]], int]:
    """The piles (bottom to top) and the stock size of whatever is to be drawn."""
    if isinstance(item, str):
        return [(card,) for card in Deal.parse(item)], 0
    if hasattr(item, "piles") and hasattr(item, "stock_size"):
        return list(item.piles), item.stock_size
    wanted = "a deal, a game, cards or the text of a deal"
    if isinstance(item, (bytes, bytearray, memoryview, Mapping)):
        raise TypeError(f"svg() draws {wanted}, not {type(item).__name__}")
    try:
        cards = list(item)
    except TypeError:
        raise TypeError(f"svg() draws {wanted}, not {type(item).__name__}") from None
    for card in cards:
        if not (hasattr(card, "rank") and hasattr(card, "suit")):
            raise TypeError(f"svg() draws cards, not {type(card).__name__} (in {wanted})")
    return [(card,) for card in cards], 0


def _label(x: float, y: float, text: str, cls: str) -> str:
    return (
        f'<text class="{cls}" x="{x:g}" y="{y:g}" text-anchor="middle" font-size="11" '
        f'fill="{LABEL}">{escape(text)}</text>'
    )


def _pile(number: int, pile: Sequence[CardLike], x: int, y: int, *, noun: str = "pile") -> str:
    top = pile[-1]
    name = f"{top.rank}{top.suit}"
    height = len(pile)
    colour = RED if top.is_red else BLACK
    symbol = SUIT_SYMBOLS[top.suit]
    rank = "10" if top.rank == "T" else top.rank
    tip = f"{noun} {number}: {name}" + (f" on {height - 1} more" if height > 1 else "")
    parts = [
        _label(x + CARD_W / 2, y - 4, str(number), "pile-number"),
        f'<g class="card" transform="translate({x},{y})" data-card="{name}" '
        f'data-pile="{number}" data-height="{height}">',
        f"<title>{escape(tip)}</title>",
    ]
    # Cards underneath peek out at the lower right, so a pile looks like one.
    for depth in range(min(height - 1, 2), 0, -1):
        parts.append(
            f'<rect class="under" x="{2 * depth}" y="{2 * depth}" width="{CARD_W}" '
            f'height="{CARD_H}" rx="5" fill="#f5f5f5" stroke="#9e9e9e"/>'
        )
    parts += [
        f'<rect class="face" width="{CARD_W}" height="{CARD_H}" rx="5" fill="#ffffff" '
        f'stroke="#757575"/>',
        f'<text class="index" x="5" y="17" font-size="15" font-weight="bold" '
        f'fill="{colour}">{rank}{symbol}</text>',
        f'<text class="pip" x="{CARD_W / 2:g}" y="{CARD_H - 12}" text-anchor="middle" '
        f'font-size="28" fill="{colour}">{symbol}</text>',
    ]
    if height > 1:
        parts += [
            f'<g class="height" data-height="{height}">',
            # On the corner, clear of the index text of a 10 and of the next pile.
            f'<circle cx="{CARD_W - 1}" cy="1" r="8" fill="{BADGE}" stroke="#ffffff"/>',
            f'<text x="{CARD_W - 1}" y="4.5" text-anchor="middle" font-size="10" '
            f'font-weight="bold" fill="#ffffff">{height}</text>',
            "</g>",
        ]
    parts.append("</g>")
    return "\n".join(parts)


def _stock(size: int, x: int, y: int, *, noun: str = "stock") -> str:
    tip = escape(f"{noun}: {size} card{'' if size == 1 else 's'} face down")
    return "\n".join(
        [
            _label(x + CARD_W / 2, y - 4, noun, "stock-label"),
            f'<g class="stock" transform="translate({x},{y})" data-size="{size}" '
            f'aria-label="{tip}">',
            f'<rect width="{CARD_W}" height="{CARD_H}" rx="5" fill="#1565c0" stroke="#ffffff"/>',
            f'<rect x="4" y="4" width="{CARD_W - 8}" height="{CARD_H - 8}" rx="3" '
            f'fill="none" stroke="#90caf9" stroke-dasharray="3 2"/>',
            f'<text x="{CARD_W / 2:g}" y="{CARD_H / 2 + 6:g}" text-anchor="middle" '
            f'font-size="16" font-weight="bold" fill="#ffffff">{size}</text>',
            "</g>",
        ]
    )
