"""Moves: ``MOVER>TARGET`` written with the two top cards, or ``deal``.

Every card is unique, so the two top cards name a move without positions.

>>> Move.parse("7h on 7s"), Move.parse("10D→TC"), Move.parse("DEAL")
(Move('7H', '7S'), Move('TD', 'TC'), Move.deal())
>>> str(Move("7H", "7S"))
'7H>7S'
"""

from __future__ import annotations

from typing import final

from accordion.errors import InvalidCardError, InvalidMoveError
from accordion.reference import _args, _tokens
from accordion.reference._frozen import Value
from accordion.reference.cards import Card, as_card

_EXAMPLE = "write e.g. 7H>7S or deal"


@final
class Move(Value):
    """A move ``MOVER>TARGET`` (the two top cards), or dealing the next stock card:
    :class:`accordion.Move`, whose documentation is the contract (the constructor, the
    notation, the errors).
    """

    __slots__ = ("_mover", "_target")
    _mover: Card | None
    _target: Card | None

    @_args.constructor
    def __new__(cls, mover: Card | str, target: Card | str) -> Move:
        mover_card, target_card = as_card(mover), as_card(target)
        if mover_card == target_card:
            raise InvalidMoveError(f"a move needs two different cards, got {mover_card} twice")
        return Move._make(mover_card, target_card)

    @staticmethod
    def _make(mover: Card | None, target: Card | None) -> Move:
        return Move._built(_mover=mover, _target=target)

    @staticmethod
    @_args.called_as("Move.parse()")
    def parse(text: str) -> Move:
        """Parse ``7H>7S``, ``7H-7S``, ``7H→7S``, ``7H on 7S`` or ``deal``:
        :meth:`accordion.Move.parse`, whose documentation is the contract.
        """
        text = _args.text(text, "a move")
        trimmed = _tokens.strip(text)
        lower = _tokens.ascii_lower(trimmed)
        if lower == "deal":
            return Move.deal()
        bad = InvalidMoveError(f"not a move: {_args.quoted(text)} ({_EXAMPLE})")
        # MOVER, then the word `on` between spaces, or else the first of the
        # separators >, -, →, then TARGET; each side is a card (white space
        # around it ignored).
        at = _tokens.find(lower, " on ")
        sides = (trimmed[:at], trimmed[at + 4 :]) if at >= 0 else None
        sides = sides or _tokens.split_at_first(trimmed, ">-→")
        if sides is None:
            raise bad
        try:
            mover, target = Card(sides[0]), Card(sides[1])
        except InvalidCardError:
            raise bad from None
        if mover == target:
            raise InvalidMoveError(f"not a move: {_args.quoted(text)} names one card twice")
        return Move._make(mover, target)

    @staticmethod
    @_args.called_as("Move.deal()")
    def deal() -> Move:
        """The action of turning the next stock card (blind games)."""
        return Move._make(None, None)

    @property
    def mover(self) -> Card | None:
        """The top card of the pile that moves; ``None`` for a deal."""
        return self._mover

    @property
    def target(self) -> Card | None:
        """The top card of the pile landed on; ``None`` for a deal."""
        return self._target

    @property
    def is_deal(self) -> bool:
        """True for the deal action, False for a move of a pile."""
        return self._mover is None

    def __str__(self) -> str:
        return "deal" if self.is_deal else f"{self._mover}>{self._target}"

    def __repr__(self) -> str:
        return "Move.deal()" if self.is_deal else f"Move('{self._mover}', '{self._target}')"

    def _key(self) -> tuple[Card | None, Card | None]:
        return (self._mover, self._target)

    def __reduce__(self) -> tuple[object, ...]:
        if self._mover is None:
            return (Move.deal, ())
        return (Move, (self._mover, self._target))


def as_move(value: Move | str) -> Move:
    """A move given as a :class:`Move` or as its text."""
    return _args.given(value, Move, Move.parse, "a move", "a Move or a str")
