"""Deals: rows of 1 to 52 distinct cards, typed in or numbered.

A numbered deal is fixed forever by docs/rules.md: a SplitMix64 generator seeded
with the deal number drives a Fisher-Yates shuffle of the deck in index order,
and the deal is a prefix of the shuffled deck.

>>> Deal.parse("AS, 2d 10♥")
Deal.parse('AS 2D TH')
>>> Deal.from_seed(7, cards=5).cards == Deal.from_seed(7).cards[:5]
True
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator
from typing import final

from accordion.errors import InvalidArgumentError, InvalidCardError, InvalidDealError, shown
from accordion.reference import _args, _tokens, numbering
from accordion.reference._frozen import Value
from accordion.reference.cards import Card, as_card

DECK_SIZE = 52
_WORD = 2**64
_MASK = _WORD - 1


class SplitMix64:
    """The SplitMix64 generator (Steele, Lea and Flood 2014), exactly as docs/rules.md gives it.

    Args:
        seed: the initial state, 0 to 2**64 - 1.
    """

    def __init__(self, seed: int) -> None:
        self.state = seed

    def next_word(self) -> int:
        """The next 64-bit output word."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """A uniform integer in ``0 .. bound - 1``.

        Plain ``word % bound`` would favour small results, because 2**64 is not a
        multiple of ``bound``; rejecting the lowest ``2**64 % bound`` words leaves
        a range whose size is a multiple of ``bound``.
        """
        threshold = _WORD % bound
        while True:
            word = self.next_word()
            if word >= threshold:
                return word % bound


def shuffled_deck(seed: int) -> list[int]:
    """The card indices of the deck after the Fisher-Yates shuffle driven by ``seed``."""
    deck = list(range(DECK_SIZE))
    generator = SplitMix64(seed)
    for i in range(DECK_SIZE - 1, 0, -1):
        j = generator.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


# A character that may stand between two cards in a token that is not a card:
# anything but letters, digits and suit symbols. ``AS;2D`` is then a bad
# separator, while ``ZZ`` stays an unknown card.
_STRAY_SEPARATOR = re.compile(r"[^0-9A-Za-z♣♧♦♢♥♡♠♤]+")


def _check_token(token: str) -> Card:
    """The card written ``token``; a token holding two cards glued by a wrong separator
    is a bad deal (``InvalidDealError``), anything else an unknown card."""
    try:
        return Card.parse(token)
    except InvalidCardError:
        stray = _STRAY_SEPARATOR.search(token)
        if stray is not None and stray.start() > 0:
            try:
                Card.parse(token[: stray.start()])
            except InvalidCardError:
                pass
            else:
                raise InvalidDealError(
                    f"unexpected separator {_args.quoted_char(stray[0][0])} in "
                    f"{_args.quoted(token)}:"
                    " separate cards with spaces or commas"
                ) from None
        raise


def _card_texts(text: str) -> list[str]:
    """The card texts of a row: fields separated by white space and/or commas.

    Every comma must have a card on each side, so ``AS,,2D`` and a trailing
    ``AS 2D,`` are errors rather than silently ignored.
    """
    parts = _tokens.fields(text)
    if len(parts) > 1 and any(not _tokens.strip(part) for part in parts):
        raise InvalidDealError(f"empty field between commas in {_args.quoted(text)}")
    return _tokens.words(text)


@final
class Deal(Value):
    """A row of 1 to 52 distinct cards, left to right: :class:`accordion.Deal`, whose
    documentation is the contract (the constructor, the errors, the examples).
    """

    __slots__ = ("_cards", "_seed")
    _cards: tuple[Card, ...]
    _seed: int | None

    @_args.constructor
    def __new__(cls, cards: Iterable[Card | str]) -> Deal:
        # A str is an iterable of one-letter strings, never what the caller meant.
        if isinstance(cards, str):
            raise TypeError("Deal() takes an iterable of cards; use Deal.parse for text")
        if not isinstance(cards, Iterable):
            raise _args.wrong_type("cards", "an iterable of cards", cards)
        return Deal._make(tuple(as_card(card) for card in cards), None)

    @staticmethod
    def _make(cards: tuple[Card, ...], seed: int | None) -> Deal:
        if not cards:
            raise InvalidDealError("a deal needs at least one card")
        if len(cards) > DECK_SIZE:
            raise InvalidDealError(f"a deal has at most 52 cards, got {len(cards)}")
        seen: set[Card] = set()
        for card in cards:
            if card in seen:
                raise InvalidDealError(f"duplicate card {card} in deal")
            seen.add(card)
        return Deal._built(_cards=cards, _seed=seed)

    @staticmethod
    @_args.called_as("Deal.parse()")
    def parse(text: str) -> Deal:
        """Read a row: :meth:`accordion.Deal.parse`, whose documentation is the contract."""
        text = _args.text(text, "a deal")
        return Deal._make(tuple(_check_token(token) for token in _card_texts(text)), None)

    @staticmethod
    @_args.called_as("Deal.from_seed()")
    def from_seed(seed: int, cards: int | None = None) -> Deal:
        """Numbered deal ``seed`` (SplitMix64 drives a Fisher-Yates shuffle; the first
        ``cards``): :meth:`accordion.Deal.from_seed`, whose documentation is the contract.
        """
        number, count = _args.seed(seed), _args.cards(cards)
        deck = shuffled_deck(number)
        return Deal._make(tuple(Card.from_index(index) for index in deck[:count]), number)

    @staticmethod
    @_args.called_as("Deal.from_pysol()")
    def from_pysol(number: int | str, game: str | int | None = None) -> Deal:
        """The row PySolFC lays out for game ``number`` (``12345`` or ``"ms12345"``) of
        ``game`` (a name such as ``"23-skidoo"``, PySolFC's title or its id)."""
        row, _ = numbering.pysol(number, "accordion" if game is None else game)
        return Deal._make(tuple(Card.from_index(index) for index in row), None)

    @staticmethod
    @_args.called_as("Deal.from_solvitaire()")
    def from_solvitaire(seed: int, game: str = "accordion") -> Deal:
        """The row ``solvitaire --type accordion|late-binding-solitaire --random SEED`` solves."""
        row = numbering.solvitaire(seed, game)
        return Deal._make(tuple(Card.from_index(index) for index in row), None)

    @staticmethod
    @_args.called_as("Deal.from_knuth()")
    def from_knuth(seed: int, cards: int | None = None) -> Deal:
        """The first ``cards`` (default 18) cards of Knuth's Late Binding deal ``seed``."""
        row = numbering.knuth(seed, 18 if cards is None else cards)
        return Deal._make(tuple(Card.from_index(index) for index in row), None)

    @staticmethod
    @_args.called_as("Deal.random()")
    def random(cards: int | None = None) -> Deal:
        """A numbered deal with a fresh random seed (see :attr:`seed`).

        The seed is drawn below 2**32 so that it is short enough to note down and
        replay with ``Deal.from_seed``.
        """
        count = _args.cards(cards)
        return Deal.from_seed(random.SystemRandom().randrange(2**32), count)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards, left to right."""
        return self._cards

    @property
    def seed(self) -> int | None:
        """The seed of a numbered deal, else ``None``."""
        return self._seed

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards)

    def __getitem__(self, index: int) -> Card:
        if not isinstance(index, int):
            raise _args.wrong_type("a deal index", "an int", index)
        at = index + len(self._cards) if index < 0 else index
        if not 0 <= at < len(self._cards):  # however far out, as the core says
            raise IndexError("deal index out of range")
        return self._cards[at]

    def __str__(self) -> str:
        return " ".join(str(card) for card in self._cards)

    def _repr_svg_(self) -> str:
        """The row as a picture, for Jupyter (drawn by :mod:`accordion.svg`)."""
        from accordion.svg import svg

        return svg(self)

    def __repr__(self) -> str:
        # A numbered deal is written as the call that deals it, as the core writes it.
        if self._seed is None:
            return f"Deal.parse({str(self)!r})"
        if len(self._cards) == DECK_SIZE:
            return f"Deal.from_seed({self._seed})"
        return f"Deal.from_seed({self._seed}, cards={len(self._cards)})"

    def _key(self) -> tuple[Card, ...]:
        # Two deals are equal when they lay out the same row; how they were made
        # (typed in or numbered) does not matter.
        return self._cards

    def __reduce__(self) -> tuple[object, ...]:
        # A numbered deal stays numbered: from_seed rebuilds it, seed included.
        if self._seed is not None:
            return (Deal.from_seed, (self._seed, len(self._cards)))
        return (Deal, (self._cards,))


def as_deal(value: object) -> Deal:
    """A deal given as a :class:`Deal` or as its text (any other type is the
    core's ``TypeError``)."""
    return _args.given(value, Deal, Deal.parse, "a deal", "a Deal or a str")


def position_text(row: Iterable[Card | tuple[Card, ...]], stock: Iterable[Card]) -> str:
    """A position as a solution's ``deal`` names it, as the core writes it: the row
    (top cards, left to right; a pile given as a tuple, bottom to top, by its cards
    joined by ``/``, as Accordian Patience's piles show the card beneath) and, when a
    blind game's stock has cards, ``|`` and the stock's cards, next first
    (``"5S 3C | 6S 7D"``; ``"| AC 2C"`` before the first deal)."""
    words = " ".join(
        "/".join(map(str, pile)) if isinstance(pile, tuple) else str(pile) for pile in row
    )
    dealt = " ".join(map(str, stock))
    if not dealt:
        return words
    return f"{words} | {dealt}" if words else f"| {dealt}"


def read_position(value: object) -> tuple[Deal, list[int]]:
    """A solution's ``deal`` read back (:func:`position_text`), as the core reads it:
    the row's cards and the stock's as one deal, the row first, and the sizes of
    the row's piles."""
    if not (isinstance(value, str) and ("|" in value or "/" in value)):
        deal = as_deal(value)
        return deal, [1] * len(deal)
    laid, stock = _tokens.split_once(value, "|") or (value, "")
    sizes = [len(_tokens.fields(pile, "/")) for pile in _tokens.words(laid)]
    laid = laid.replace("/", " ")
    deal = Deal.parse(f"{laid} {stock}")
    if (len(Deal.parse(laid)) if _tokens.strip(laid) else 0) != sum(sizes):
        raise InvalidArgumentError(
            f"a solution's deal names each pile by its cards joined by /, got {shown(value)}",
            "data",
        )
    return deal, sizes
