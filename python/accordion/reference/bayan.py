"""Bayan (PySolFC's game 656) in plain Python: the executable specification of
``docs/bayan.md``, written to be read.

The cards lie in one row. Two cards one or three places apart that agree (same
suit or same rank) are thrown out together, and the row closes up. The game is
won when every card is out. Open, the whole deal is laid out (PySolFC's "deal all
cards"); blind, three cards are laid out and the talon deals the next card onto
the end of the row whenever the player likes.

>>> game = BayanGame("5C 9H 2D 5S 9D 2H")
>>> [str(move) for move in game.legal_moves]
['out 5C 5S', 'out 9H 9D', 'out 2D 2H']
>>> game.play("5S 5C")
BayanMove('out 5C 5S')
>>> game.play("out 2D 9D")
BayanMove('out 2D 9D')
>>> game.play("out 9H 2H")
BayanMove('out 9H 2H')
>>> game.outcome.won, game.cards
(True, [])
>>> solve_bayan("5C 9H 2D 5S 9D 2H").result
'win'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, final

from accordion.errors import IllegalMoveError
from accordion.reference._throws import (
    PYSOL_TALON_RULES,
    CardRowGame,
    Solver,
    ThrowMove,
    ThrowOutcome,
    ThrowSolution,
)
from accordion.reference.cards import Row

#: How far apart the two cards of a pair lie (PySolFC's ``ALLOWED_JUMPS``).
GAPS = (1, 3)

# ---------------------------------------------------------------- moves


@final
class BayanMove(ThrowMove, game="bayan"):
    """A Bayan throw (``out 5D 9D``) or ``deal``: :class:`accordion.BayanMove`, whose
    documentation is the contract.
    """

    __slots__ = ()

    EXAMPLES = "write e.g. out 5D 9D or deal"
    COUNTS: ClassVar[Mapping[str, tuple[int, ...]]] = {"out": (2,)}


# ---------------------------------------------------------------- rows


#: A pair by position: ``(at, gap)`` names ``row[at]`` and ``row[at + gap]``.
Pair = tuple[int, int]


def allows(row: Row, pair: Pair) -> bool:
    """Both cards in the row, 1 or 3 places apart, agreeing in suit or rank."""
    at, gap = pair
    return gap in GAPS and at >= 0 and at + gap < len(row) and row[at].agrees(row[at + gap])


def pairs(row: Row) -> list[Pair]:
    """Every pair that may be thrown out, by the left card's position, nearer partner first."""
    return [(at, gap) for at in range(len(row)) for gap in GAPS if allows(row, (at, gap))]


def thrown(row: Row, pair: Pair) -> Row:
    """The row with the pair out, closed up."""
    at, gap = pair
    return row[:at] + row[at + 1 : at + gap] + row[at + gap + 1 :]


def _out(row: Row, pair: Pair) -> BayanMove:
    """The pair as a move, ``out`` and its cards left to right."""
    at, gap = pair
    return BayanMove._make("out", (row[at], row[at + gap]))


# ---------------------------------------------------------------- the game


class BayanOutcome(ThrowOutcome, game="bayan"):
    """Where a game stands. ``cards`` counts every card not thrown out (row and talon);
    ``won``: every card is out."""


class BayanSolution(ThrowSolution[BayanMove], game="bayan"):
    """What the solver found (:class:`ThrowSolution`)."""


class BayanGame(CardRowGame[BayanMove, Pair], game="bayan"):
    """A game of Bayan (PySolFC's game 656), open or blind: :class:`accordion.BayanGame`,
    whose documentation is the contract (the arguments, the errors).
    """

    PLAYED_UNDER = PYSOL_TALON_RULES
    MOVE = BayanMove
    OUTCOME = BayanOutcome
    SOLUTION = BayanSolution

    @classmethod
    def _steps(cls, rules: str, row: Row) -> list[Pair]:
        return pairs(row)

    _named = staticmethod(_out)
    _after = staticmethod(thrown)

    @staticmethod
    def _least(row: Row) -> int:
        # A throw takes two cards: a row keeps its parity, so it comes down to
        # none at best when even, one when odd.
        return len(row) % 2

    def _step_of(self, move: BayanMove) -> tuple[Pair, BayanMove]:
        first, second = move.cards
        i, j = self._find(move, first), self._find(move, second)
        at, gap = min(i, j), abs(i - j)
        if gap not in GAPS:
            raise IllegalMoveError(
                f"illegal move {move}: {first} and {second} are {gap} places apart;"
                " a pair is thrown out 1 or 3 places apart"
            )
        canonical = _out(self._row, (at, gap))
        if not allows(self._row, (at, gap)):
            left, right = canonical.cards
            raise IllegalMoveError(
                f"illegal move {canonical}: {left} and {right} share neither suit nor rank"
            )
        return (at, gap), canonical


# ---------------------------------------------------------------- the solver


solve_bayan: Solver[BayanGame, BayanSolution] = Solver(
    BayanGame,
    "solve_bayan",
    """Search every line from an open row (a blind game's row with its talon dealt
    onto it, or an open game's current row), remembering the fewest cards reachable
    from each row; a row stops being searched once it is known to reach the fewest
    its parity allows (none, or one). Exponential in the worst case.""",
)


#: ``modern``, the one rule set (PySolFC's: deal whenever you like), as a name,
#: as ``Rules`` without a variant, or ``None``.
bayan_rules = BayanGame.rule_set


__all__ = [
    "GAPS",
    "BayanGame",
    "BayanMove",
    "BayanOutcome",
    "BayanSolution",
    "bayan_rules",
    "solve_bayan",
]
