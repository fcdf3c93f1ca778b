"""What the reference engines of the games played on one row share.

Royal Marriage (:mod:`accordion.reference.royal`) and Bayan
(:mod:`accordion.reference.bayan`) lay a row of single cards (a
:class:`CardRowGame`), throw cards out of it and deal the rest from a stock onto
its right-hand end; Accordian Patience (:mod:`accordion.reference.accordian`)
keeps a row of piles and moves top cards along it. The game's bookkeeping — the
row, the cards dealt, the history that undo rewinds, copies, the outcome's
fields — is the same in all three and lives here; each game says what its row
is, what a throw (or move) is and when it and a deal are legal.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from accordion.errors import IllegalMoveError, InvalidRulesError, NoMoveToUndoError
from accordion.reference._frozen import Frozen
from accordion.reference.cards import Card
from accordion.reference.deals import Deal
from accordion.reference.game import LegalMoves
from accordion.reference.rules import Rules, rule_set_name

Row = tuple[Card, ...]
MoveSelf = TypeVar("MoveSelf", bound="ThrowMove")

MoveT = TypeVar("MoveT")
RowT = TypeVar("RowT")
GameT = TypeVar("GameT", bound="ThrowGame[Any, Any]")


class ThrowMove(Frozen):
    """An action named by cards, as players write it: a throw (or move) of the
    game's ``kind`` with its cards, or ``deal``. ``Cls(text)`` parses; ``str``
    gives the canonical text, which parses back to an equal move.

    Each game's move class says how its notation is read (``parse``)."""

    __slots__ = ("_cards", "_kind")
    _kind: str
    _cards: tuple[Card, ...]

    def __new__(cls: type[MoveSelf], text: str) -> MoveSelf:
        return cls.parse(text)

    @classmethod
    def _make(cls: type[MoveSelf], kind: str, cards: tuple[Card, ...]) -> MoveSelf:
        move = object.__new__(cls)
        object.__setattr__(move, "_kind", kind)
        object.__setattr__(move, "_cards", cards)
        return move

    @classmethod
    def parse(cls: type[MoveSelf], text: str) -> MoveSelf:
        """Parse any accepted spelling of the game's notation."""
        raise NotImplementedError

    @classmethod
    def deal(cls: type[MoveSelf]) -> MoveSelf:
        """The action of dealing the next stock card (blind games)."""
        return cls._make("deal", ())

    @property
    def kind(self) -> str:
        """The notation's word (``out``, ``between``, ``move``) or ``deal``."""
        return self._kind

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards the move names, as written, or none for ``deal``."""
        return self._cards

    @property
    def is_deal(self) -> bool:
        """True for the deal action."""
        return self._kind == "deal"

    def __str__(self) -> str:
        if self.is_deal:
            return "deal"
        return " ".join([self._kind, *(str(card) for card in self._cards)])

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, ThrowMove)
        return (self._kind, self._cards) == (other._kind, other._cards)

    def __hash__(self) -> int:
        return hash((type(self).__name__, self._kind, self._cards))

    def __reduce__(self) -> tuple[object, ...]:
        # The canonical text parses back to an equal move (tested).
        return (type(self), (str(self),))


def rule_set_of(
    rules: object,
    game: str,
    allowed: tuple[str, ...],
    played_under: str,
    variants: str = "two-way, distances, win piles, goal",
) -> str:
    """The rule set a game of ``game`` is played under (one of ``allowed``): a name,
    ``Rules`` without a variant, or ``None`` (the first of ``allowed``). The
    messages say what the game is ``played_under`` and which ``variants`` it lacks."""
    if rules is None:
        return allowed[0]
    if isinstance(rules, Rules):
        if rules != Rules(rules.name):
            raise InvalidRulesError(f"{game} has no variant ({variants}): {rules}")
        name = rules.name
    elif isinstance(rules, str):
        name = rule_set_name(rules)
    else:
        raise TypeError(f"rules must be Rules, a rule-set name or None, not {type(rules).__name__}")
    if name not in allowed:
        raise InvalidRulesError(f"{game} is played under {played_under}, not {name}")
    return name


@dataclass(frozen=True)
class ThrowSolution(Generic[MoveT]):
    """``result`` is ``win`` or ``loss``; ``moves`` reaches ``cards`` cards (piles,
    in Accordian Patience), the fewest any line reaches; ``nodes`` counts the
    distinct rows expanded."""

    deal: str
    result: str
    moves: tuple[MoveT, ...]
    cards: int
    nodes: int

    @property
    def piles(self) -> int:
        """The same number as :attr:`cards`."""
        return self.cards


@dataclass(frozen=True)
class ThrowOutcome:
    """Where a game stands. ``cards`` counts every card not thrown out (row and
    stock), or, in Accordian Patience, the piles with each stock card one to come."""

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


class ThrowGame(Generic[MoveT, RowT]):
    """A row (kept as ``RowT``), a stock dealt onto its right-hand end, and a history.

    Subclasses call ``_start`` in their constructor, set ``STOCK``, the game's
    word for the stock, and say how a row is laid out, what its top cards are
    and what dealing a card onto it gives.
    """

    STOCK: ClassVar[str] = "stock"
    #: What the row holds when the game is won (cards, or piles) with the stock empty.
    WON_AT: ClassVar[int]
    #: The game's outcome class.
    OUTCOME: ClassVar[type[ThrowOutcome]]
    #: The game's move class (its ``parse`` reads a move's text).
    MOVE: ClassVar[Any]
    _deal: Deal
    _blind: bool
    _dealt: int
    _row: RowT
    _history: list[tuple[MoveT, RowT, int]]

    def _start(self, deal: Deal, blind: bool, laid_out: int) -> None:
        """The position before any action: ``laid_out`` cards in the row."""
        self._deal = deal
        self._blind = blind
        self._dealt = laid_out
        self._row = self._laid_out(deal.cards[:laid_out])
        self._history = []

    def _laid_out(self, cards: Row) -> RowT:
        """The row of these cards, laid out one by one."""
        raise NotImplementedError

    def _tops(self) -> Row:
        """The cards a move can name, left to right (a pile's top card)."""
        raise NotImplementedError

    def _dealt_onto(self, card: Card) -> RowT:
        """The row with ``card`` dealt onto its right-hand end."""
        raise NotImplementedError

    @property
    def piles(self) -> list[tuple[Card, ...]]:
        """The piles left to right, each bottom to top."""
        raise NotImplementedError

    @property
    def sizes(self) -> list[int]:
        """How many cards each pile holds, left to right."""
        return [len(pile) for pile in self.piles]

    @property
    def starting_deal(self) -> Deal:
        """The deal the game started from."""
        return self._deal

    @property
    def blind(self) -> bool:
        """Whether the game is dealt as it goes."""
        return self._blind

    @property
    def legal_moves(self) -> LegalMoves[MoveT]:
        """The legal actions now, as a live :class:`LegalMoves` view: in canonical
        order, ``deal`` (when allowed) last."""
        return LegalMoves(self._legal_moves, self.MOVE.parse)

    def _legal_moves(self) -> list[MoveT]:
        """The legal actions in canonical order, ``deal`` (when allowed) last."""
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        """True when no action is left."""
        return not self._legal_moves()

    @property
    def outcome(self) -> ThrowOutcome:
        """What the row holds with the stock (each stock card one), whether won,
        whether over."""
        held = len(self._tops())
        won = self.stock_size == 0 and held == self.WON_AT
        return self.OUTCOME(held + self.stock_size, won, self.is_over)

    @property
    def tops(self) -> list[Card]:
        """The top card of every pile, left to right."""
        return list(self._tops())

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
        if card in self._tops():
            return self._tops().index(card)
        still = card in self._deal.cards[self._dealt :]
        where = f"still in the {self.STOCK}" if still else "not in the row"
        raise IllegalMoveError(f"illegal move {move}: {card} is {where}")

    def _record(self, move: MoveT, row: RowT) -> None:
        """Play ``move``, which leaves ``row``; undo can take it back."""
        self._history.append((move, self._row, self._dealt))
        self._row = row

    def _deal_next(self, move: MoveT) -> MoveT:
        """Deal the next stock card onto the right-hand end (already found legal)."""
        self._record(move, self._dealt_onto(self._deal.cards[self._dealt]))
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
        row = " ".join(str(card) for card in self._tops())
        return f"{row} | {self.STOCK} {self.stock_size}" if self._blind else row


class CardRowGame(ThrowGame[MoveT, Row]):
    """A game on a row of single cards (Royal Marriage, Bayan)."""

    def _laid_out(self, cards: Row) -> Row:
        return cards

    def _tops(self) -> Row:
        return self._row

    def _dealt_onto(self, card: Card) -> Row:
        return (*self._row, card)

    @property
    def cards(self) -> list[Card]:
        """The row, left to right."""
        return list(self._row)

    @property
    def piles(self) -> list[tuple[Card, ...]]:
        """The row as one-card piles, like :attr:`Game.piles`."""
        return [(card,) for card in self._row]
