"""What the reference engines of the games of throwing cards out share.

Royal Marriage (:mod:`accordion.reference.royal`) and Bayan
(:mod:`accordion.reference.bayan`) lay a row of single cards, throw cards out
of it and deal the rest from a stock onto its right-hand end. The game's
bookkeeping — the row, the cards dealt, the history that undo rewinds, copies,
the outcome's fields — is the same in both and lives here; each game says what
a throw is and when it and a deal are legal.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from accordion.errors import IllegalMoveError, NoMoveToUndoError
from accordion.reference.cards import Card
from accordion.reference.deals import Deal

Row = tuple[Card, ...]

MoveT = TypeVar("MoveT")
GameT = TypeVar("GameT", bound="ThrowGame[Any]")


@dataclass(frozen=True)
class ThrowOutcome:
    """Where a game stands. ``cards`` counts every card not thrown out (row and stock)."""

    cards: int
    won: bool
    is_over: bool

    @property
    def piles(self) -> int:
        """The same number as :attr:`cards` (every pile is one card)."""
        return self.cards

    @property
    def grade(self) -> str:
        """``"win"`` when the game is won, else ``"loss"``."""
        return "win" if self.won else "loss"


class ThrowGame(Generic[MoveT]):
    """A row of single cards, a stock dealt onto its right-hand end, and a history.

    Subclasses set ``_deal``, ``_blind``, ``_dealt``, ``_row`` and ``_history``
    in their constructor, and ``STOCK``, the game's word for the stock.
    """

    STOCK: ClassVar[str] = "stock"
    _deal: Deal
    _blind: bool
    _dealt: int
    _row: Row
    _history: list[tuple[MoveT, Row, int]]

    def _start(self, deal: Deal, blind: bool, laid_out: int) -> None:
        """The position before any action: ``laid_out`` cards in the row."""
        self._deal = deal
        self._blind = blind
        self._dealt = laid_out
        self._row = deal.cards[:laid_out]
        self._history = []

    @property
    def starting_deal(self) -> Deal:
        """The deal the game started from."""
        return self._deal

    @property
    def blind(self) -> bool:
        """Whether the game is dealt as it goes."""
        return self._blind

    @property
    def cards(self) -> list[Card]:
        """The row, left to right."""
        return list(self._row)

    @property
    def tops(self) -> list[Card]:
        """The row, left to right (every pile is one card)."""
        return list(self._row)

    @property
    def piles(self) -> list[tuple[Card, ...]]:
        """The row as one-card piles, like :attr:`Game.piles`."""
        return [(card,) for card in self._row]

    @property
    def stock_size(self) -> int:
        """Cards still to be dealt (0 in an open game)."""
        return len(self._deal) - self._dealt

    @property
    def history(self) -> list[MoveT]:
        """The actions played so far, in canonical notation."""
        return [move for move, _, _ in self._history]

    def _find(self, move: object, card: Card) -> int:
        """The place of ``card`` in the row, or why ``move`` cannot name it."""
        if card in self._row:
            return self._row.index(card)
        still = card in self._deal.cards[self._dealt :]
        where = f"still in the {self.STOCK}" if still else "not in the row"
        raise IllegalMoveError(f"illegal move {move}: {card} is {where}")

    def _record(self, move: MoveT, row: Row) -> None:
        """Play ``move``, which leaves ``row``; undo can take it back."""
        self._history.append((move, self._row, self._dealt))
        self._row = row

    def _deal_next(self, move: MoveT) -> MoveT:
        """Deal the next stock card onto the right-hand end (already found legal)."""
        self._record(move, (*self._row, self._deal.cards[self._dealt]))
        self._dealt += 1
        return move

    def undo(self) -> MoveT:
        """Take back the last action and return it.

        Raises:
            NoMoveToUndoError: nothing has been played (an ``IllegalMoveError`` and an
                ``IndexError``).
        """
        if not self._history:
            raise NoMoveToUndoError("undo: no move has been played")
        move, self._row, self._dealt = self._history.pop()
        return move

    def copy(self: GameT) -> GameT:
        """An independent game in the same position, with the same history."""
        twin = copy.copy(self)
        twin._history = list(self._history)
        return twin

    def _repr_svg_(self) -> str:
        """The row (and a blind game's stock) as a picture, drawn by :mod:`accordion.svg`."""
        from accordion.svg import svg

        return svg(self)

    def __str__(self) -> str:
        row = " ".join(str(card) for card in self._row)
        return f"{row} | {self.STOCK} {self.stock_size}" if self._blind else row
