"""Accordian Patience (UVa 127) in plain Python: the executable specification of
``docs/accordian.md``, written to be read.

Cards are dealt one by one into a row. The top card of a pile (not the whole
pile, as in Accordion) moves onto the pile one or three places to its left when
the two top cards agree (same suit or same rank), showing the card beneath; a
pile left empty closes up. One pile is a win. Under the judge's rules (``uva``)
every action is forced: the leftmost card that can move does, three places
rather than one, until nothing moves; then the next card is dealt. Under
``modern`` (the default) the player chooses. Moves are written as in Accordion,
``MOVER>TARGET`` with the two top cards.

>>> game = AccordianGame("5C 9H 2D 5S 5H")
>>> [str(move) for move in game.legal_moves]
['5S>5C', '5H>5S', '5H>9H']
>>> game.play("5H>5S")
AccordianMove('5H>5S')
>>> game.piles
[(Card('5C'),), (Card('9H'),), (Card('2D'),), (Card('5S'), Card('5H'))]
>>> play_uva("5C 9H 2D 5S 5H")
[4, 1]
>>> solve_accordian("5C 5H 9H 9D 2D").result
'win'
"""

from __future__ import annotations

from accordion.errors import IllegalMoveError
from accordion.reference import _args
from accordion.reference._throws import (
    Solver,
    ThrowGame,
    ThrowMove,
    ThrowOutcome,
    ThrowSolution,
)
from accordion.reference.cards import Card, Row
from accordion.reference.deals import Deal, as_deal
from accordion.reference.game import Pile
from accordion.reference.moves import Move

#: How far left a top card moves: one place (a slide) or three (a leap).
GAPS = (1, 3)

#: The piles left to right, each bottom to top.
Piles = tuple[Pile, ...]
#: A move by position: ``(mover, gap)``, the top card of pile ``mover`` onto
#: the pile ``gap`` places to its left.
Shift = tuple[int, int]


# ---------------------------------------------------------------- moves


class AccordianMove(ThrowMove, game="accordian"):
    """A move of a top card (``7H>7S``) or ``deal``: :class:`accordion.AccordianMove`,
    whose documentation is the contract.
    """

    __slots__ = ()

    @classmethod
    @_args.method
    def parse(cls, text: str, *, game: str | None = None) -> AccordianMove:
        """Read Accordion's notation (``7H>7S``, ``7H on 7S`` …, as :meth:`Move.parse`
        reads it) or ``deal``; ``game`` is Accordian Patience's name (or ``None``).
        """
        text = _args.text(text, "a move")  # the text first, as the core checks it
        cls._naming(game)
        move = Move.parse(text)
        if move.mover is None or move.target is None:
            return cls.deal()
        return cls._make("move", (move.mover, move.target))

    def __str__(self) -> str:
        return "deal" if self.is_deal else f"{self._cards[0]}>{self._cards[1]}"


# ---------------------------------------------------------------- rows


def allows(piles: Piles, shift: Shift) -> bool:
    """Both piles in the row, the target 1 or 3 left of the mover, the tops agreeing."""
    mover, gap = shift
    return (
        gap in GAPS
        and gap <= mover < len(piles)
        and piles[mover][-1].agrees(piles[mover - gap][-1])
    )


def shifts(piles: Piles) -> list[Shift]:
    """Every move the row allows, by the mover's position, the nearer target first."""
    return [(at, gap) for at in range(len(piles)) for gap in GAPS if allows(piles, (at, gap))]


def uva_shift(piles: Piles) -> Shift | None:
    """The move the ``uva`` rules make: the leftmost top card that can move, three
    places rather than one."""
    for at in range(len(piles)):
        for gap in (3, 1):
            if allows(piles, (at, gap)):
                return at, gap
    return None


def shifted(piles: Piles, shift: Shift) -> Piles:
    """The row after the move: the top card on its target, its pile closed up if empty."""
    mover, gap = shift
    card, rest = piles[mover][-1], piles[mover][:-1]
    target = mover - gap
    row = list(piles)
    row[target] = (*piles[target], card)
    if rest:
        row[mover] = rest
    else:
        del row[mover]
    return tuple(row)


def _move(piles: Piles, shift: Shift) -> AccordianMove:
    mover, gap = shift
    return AccordianMove._make("move", (piles[mover][-1], piles[mover - gap][-1]))


def play_uva(deal: Deal | str) -> list[int]:
    """The judge's game (UVa 127): every card dealt in turn, the forced moves made
    after each deal until nothing moves; the pile sizes left to right."""
    piles: Piles = ()
    for card in as_deal(deal).cards:
        piles = (*piles, (card,))
        while (shift := uva_shift(piles)) is not None:
            piles = shifted(piles, shift)
    return [len(pile) for pile in piles]


# ---------------------------------------------------------------- the game


class AccordianOutcome(ThrowOutcome, game="accordian"):
    """Where a game stands. ``cards`` counts the piles, each stock card one pile to
    come (also :attr:`piles`); ``won``: one pile."""


class AccordianSolution(ThrowSolution[AccordianMove], game="accordian"):
    """What the solver found (:class:`ThrowSolution`): ``cards`` and ``piles`` are
    the piles left."""


class AccordianGame(ThrowGame[AccordianMove, Piles, Shift], game="accordian"):
    """A game of Accordian Patience (UVa 127), open or blind: :class:`accordion.AccordianGame`,
    whose documentation is the contract (the arguments, the rules, the errors). Its
    rule sets are free choice (``modern``, the default) and the judge's (``uva``).
    """

    FORCED = ("uva",)
    ACTION = "a move"
    MOVE = AccordianMove
    OUTCOME = AccordianOutcome
    SOLUTION = AccordianSolution

    @staticmethod
    def _laid_out(cards: Row) -> Piles:
        return tuple((card,) for card in cards)

    @staticmethod
    def _tops_of(row: Piles) -> Row:
        return tuple(pile[-1] for pile in row)

    @classmethod
    def _piles_of(cls, row: Piles) -> tuple[Card | tuple[Card, ...], ...]:
        return row

    @staticmethod
    def _dealt_onto(row: Piles, card: Card) -> Piles:
        return (*row, (card,))

    @classmethod
    def _steps(cls, rules: str, row: Piles) -> list[Shift]:
        if rules == "uva":
            forced = uva_shift(row)
            return [] if forced is None else [forced]
        return shifts(row)

    @classmethod
    def _hint_steps(cls, rules: str, row: Piles) -> list[Shift]:
        # The core's order under ``modern`` (rust/accordian/solver.rs): moves that
        # close a pile up first, then by mover left to right, the leap first.
        steps = cls._steps(rules, row)
        return sorted(steps, key=lambda shift: (len(row[shift[0]]) != 1, shift[0], -shift[1]))

    _named = staticmethod(_move)
    _after = staticmethod(shifted)

    @staticmethod
    def _least(row: Piles) -> int:
        # A row is never empty: one pile is the fewest.
        return 1

    @property
    def piles(self) -> list[Pile]:
        """The piles left to right, each bottom to top."""
        return list(self._row)

    def _covered(self, move: AccordianMove, card: Card, role: str) -> None:
        if any(card in pile[:-1] for pile in self._row):
            raise IllegalMoveError(f"illegal move {move}: {card} is covered ({role})")

    def _step_of(self, move: AccordianMove) -> tuple[Shift, AccordianMove]:
        mover, target = move.cards
        # Both cards on top first, then both in the row (as the core asks).
        self._covered(move, mover, "only a pile's top card moves")
        self._covered(move, target, "a card lands on a pile's top card")
        at, onto = self._find(move, mover), self._find(move, target)
        gap = at - onto
        if gap not in GAPS:
            raise IllegalMoveError(
                f"illegal move {move}: {target} is not 1 or 3 piles left of {mover}"
                " (a card moves onto the pile 1 or 3 places to its left)"
            )
        if not allows(self._row, (at, gap)):
            raise IllegalMoveError(
                f"illegal move {move}: {mover} and {target} share neither suit nor rank"
            )
        if (at, gap) not in self._steps(self._rules, self._row):
            forced = uva_shift(self._row)
            assert forced is not None  # (at, gap) itself is allowed
            raise IllegalMoveError(
                f"illegal move {move}: the uva rules move the leftmost card that can move,"
                f" three places rather than one ({_move(self._row, forced)})"
            )
        return (at, gap), move


# ---------------------------------------------------------------- the solver


solve_accordian: Solver[AccordianGame, AccordianSolution] = Solver(
    AccordianGame,
    "solve_accordian",
    """The fewest piles from an open row (a game's piles with its stock dealt onto
    them as one-card piles). Under ``modern`` (default) every line is searched,
    the fewest piles reachable from each position remembered; a position stops
    being searched once it is known to reach one pile (exponential in the worst
    case). Under ``uva`` the one line is the forced play.""",
)


#: ``modern`` (default) or ``uva``, as a name or as ``Rules`` without a variant.
accordian_rules = AccordianGame.rule_set


__all__ = [
    "GAPS",
    "AccordianGame",
    "AccordianMove",
    "AccordianOutcome",
    "AccordianSolution",
    "accordian_rules",
    "play_uva",
    "solve_accordian",
]
