"""Cards: the 52 values of the deck, their text and the agreement relation.

A card is its index ``4 * rank + suit`` (rank 0 = ace … 12 = king; suits in the
order C D H S), so ``AC`` is 0, ``AS`` is 3 and ``KS`` is 51.

>>> Card("10d"), Card("7♥"), Card.from_index(51)
(Card('TD'), Card('7H'), Card('KS'))
>>> Card("7H").agrees(Card("7S")), Card("7H").agrees(Card("2H")), Card("7H").agrees(Card("8C"))
(True, True, False)
"""

from __future__ import annotations

import functools
from typing import final

from accordion.errors import InvalidCardError
from accordion.reference._args import called_as, constructor, given, quoted, whole
from accordion.reference._args import text as _text
from accordion.reference._frozen import Value
from accordion.reference._tokens import ascii_upper, strip

RANKS = "A23456789TJQK"
SUITS = "CDHS"

# Every spelling a parser accepts for a rank or a suit, mapped to its canonical letter.
# Lower case is handled by upper-casing the text first (the symbols are unaffected).
_RANK_SPELLINGS = {letter: letter for letter in RANKS} | {"10": "T"}
_SUIT_SPELLINGS = {letter: letter for letter in SUITS} | {
    "♣": "C",
    "♧": "C",
    "♦": "D",
    "♢": "D",
    "♥": "H",
    "♡": "H",
    "♠": "S",
    "♤": "S",
}


def parse_index(text: str) -> int:
    """The index of the card written ``text``; raise ``InvalidCardError`` if it is none.

    The suit is the last character; everything before it is the rank.
    """
    text = _text(text, "a card")
    spelled = ascii_upper(strip(text))
    rank = _RANK_SPELLINGS.get(spelled[:-1])
    suit = _SUIT_SPELLINGS.get(spelled[-1:])
    if rank is None or suit is None:
        raise InvalidCardError(f"unknown card {quoted(text)}")
    return 4 * RANKS.index(rank) + SUITS.index(suit)


@final
@functools.total_ordering
class Card(Value):
    """One of the 52 cards, ordered by :attr:`index`: :class:`accordion.Card`, whose
    documentation is the contract (the constructor, the errors, the examples).
    """

    __slots__ = ("_index",)
    _index: int

    @constructor
    def __new__(cls, text: str) -> Card:
        """Same as :meth:`parse`."""
        return Card.from_index(parse_index(text))

    @staticmethod
    @called_as("Card.parse()")
    def parse(text: str) -> Card:
        """Parse a card's text: :meth:`accordion.Card.parse`, whose documentation is the
        contract.
        """
        return Card.from_index(parse_index(text))

    @staticmethod
    @called_as("Card.from_index()")
    def from_index(index: int) -> Card:
        """The card with index ``4 * rank + suit`` (rank 0 = ace … 12 = king; suits C D H S).

        Args:
            index: 0 to 51.

        Raises:
            InvalidArgumentError: ``index`` is outside 0 to 51.
            TypeError: ``index`` is not an ``int``.
        """
        whole(index, "index", 0, 51, "a card index 0 to 51")
        return Card._built(_index=index)

    @property
    def rank(self) -> str:
        """``"A"``, ``"2"`` … ``"T"``, ``"J"``, ``"Q"``, ``"K"``."""
        return RANKS[self._index // 4]

    @property
    def suit(self) -> str:
        """``"C"``, ``"D"``, ``"H"`` or ``"S"``."""
        return SUITS[self._index % 4]

    @property
    def index(self) -> int:
        """The card's number, ``4 * rank + suit``: 0 (``AC``) to 51 (``KS``)."""
        return self._index

    @property
    def is_red(self) -> bool:
        """True for diamonds and hearts (only the pictures use colour; the rules never do)."""
        return self.suit in "DH"

    def agrees(self, other: Card) -> bool:
        """True when the two cards share a suit or a rank (colour and rank order never matter).

        Raises:
            TypeError: ``other`` is not a ``Card``.
        """
        if not isinstance(other, Card):
            raise TypeError(f"agrees() takes a Card, got {type(other).__name__}")
        return self.rank == other.rank or self.suit == other.suit

    def __str__(self) -> str:
        return self.rank + self.suit

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def _key(self) -> int:
        return self._index

    def __reduce__(self) -> tuple[object, ...]:
        # Rebuilt through the constructor (Frozen forbids restoring slots one by one).
        return (Card.from_index, (self._index,))

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._index < other._index


#: A row of cards, left to right: a row of single cards, or the top cards of a row of piles.
Row = tuple[Card, ...]


def as_card(value: Card | str) -> Card:
    """A card given as a :class:`Card` or as its text."""
    return given(value, Card, Card.parse, "a card", "a Card or a str")
