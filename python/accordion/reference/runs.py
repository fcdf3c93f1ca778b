"""The games whose throw is a run, in plain Python: the executable specification
of ``docs/decade.md``, written to be read.

The cards lie in one row. A run of adjacent cards goes out when the values of
its cards add up as the game asks, and the row closes up; the game is won when
every card is out. Open, the whole deal is laid out (PySolFC's "deal all
cards"); blind, three cards are laid out and the talon deals the next card onto
the end of the row whenever the player likes. Each game is a subclass of
:class:`RunGame` that says what a card is worth and which runs go out:

* :class:`DecadeGame` (PySolFC's game 816, Ten Twenty Thirty): two or more
  adjacent cards whose values total 10, 20 or 30 (ace 1, courts 10).
* :class:`SevenUpGame` (PySolFC's game 918, Seventh Wonder, The Magic Seven): a
  single 7, or two to four adjacent cards whose ranks total a multiple of 7.

>>> game = DecadeGame("3C 7D KH 5S 5H")
>>> [str(move) for move in game.legal_moves]
['out 3C 7D', 'out 3C 7D KH', 'out 3C 7D KH 5S 5H', 'out KH 5S 5H', 'out 5S 5H']
>>> game.play("5H 5S")
DecadeMove('out 5S 5H')
>>> game.play("out 3C 7D")
DecadeMove('out 3C 7D')
>>> game.outcome.won, game.cards
(False, [Card('KH')])
>>> solve_decade("3C 7D KH 5S 5H").result
'win'
"""

from __future__ import annotations

import itertools
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
from accordion.reference.cards import Card, Row

#: The most cards a move names (no run that goes out is longer).
MAX_RUN = 16

#: A run by position: ``(at, length)`` names ``row[at : at + length]``.
Run = tuple[int, int]


class RunMove(ThrowMove):
    """A throw of a run (``out 3C 7D``) or ``deal``: the cards of the run, 1 to
    :data:`MAX_RUN` of them."""

    __slots__ = ()

    EXAMPLES = "write e.g. out 3C 7D or deal"
    COUNTS: ClassVar[Mapping[str, tuple[int, ...]]] = {"out": tuple(range(1, MAX_RUN + 1))}


class RunOutcome(ThrowOutcome):
    """Where a game stands. ``cards`` counts every card not thrown out (row and talon);
    ``won``: every card is out."""


class RunGame(CardRowGame[RunMove, Run]):
    """A game of runs, open or blind; each game says which runs go out."""

    PLAYED_UNDER = PYSOL_TALON_RULES
    OUTCOME = RunOutcome
    #: The fewest and the most cards of a run that goes out.
    LENGTHS: ClassVar[tuple[int, int]]
    #: Every total that goes out is a multiple of this.
    MODULUS: ClassVar[int]
    #: The rule in words, for the message that refuses a run.
    RULE: ClassVar[str]

    @staticmethod
    def value(card: Card) -> int:
        """What ``card`` counts in a run's total."""
        raise NotImplementedError

    @classmethod
    def goes_out(cls, total: int) -> bool:
        """Whether a run of allowed length totalling ``total`` goes out."""
        raise NotImplementedError

    @classmethod
    def allows(cls, row: Row, run: Run) -> bool:
        """The run lies in the row, its length allowed and its total one that goes out."""
        at, length = run
        fewest, most = cls.LENGTHS
        return (
            fewest <= length <= most
            and at >= 0
            and at + length <= len(row)
            and cls.goes_out(sum(cls.value(card) for card in row[at : at + length]))
        )

    @classmethod
    def _steps(cls, rules: str, row: Row) -> list[Run]:
        """Every run that goes out, by its first card, the shorter first."""
        fewest, most = cls.LENGTHS
        return [
            (at, length)
            for at in range(len(row))
            for length in range(fewest, most + 1)
            if cls.allows(row, (at, length))
        ]

    @classmethod
    def _named(cls, row: Row, run: Run) -> RunMove:
        at, length = run
        move: RunMove = cls.MOVE._make("out", row[at : at + length])
        return move

    @staticmethod
    def _after(row: Row, run: Run) -> Row:
        at, length = run
        return row[:at] + row[at + length :]

    @classmethod
    def _least(cls, row: Row) -> int:
        # Every run that goes out totals a multiple of MODULUS: a row whose total
        # is not can never be emptied.
        return 0 if sum(cls.value(card) for card in row) % cls.MODULUS == 0 else 1

    def _step_of(self, move: RunMove) -> tuple[Run, RunMove]:
        places = sorted(self._find(move, card) for card in move.cards)
        if any(b != a + 1 for a, b in itertools.pairwise(places)):
            raise IllegalMoveError(
                f"illegal move {move}: the cards are not next to each other in the row"
            )
        run = (places[0], len(places))
        canonical = self._named(self._row, run)
        if not self.allows(self._row, run):
            count = len(places)
            total = sum(self.value(card) for card in canonical.cards)
            raise IllegalMoveError(
                f"illegal move {canonical}: {count} card{'' if count == 1 else 's'} "
                f"totalling {total}; {self.RULE} goes out"
            )
        return run, canonical


#: How both games' solvers search (their docstring).
SEARCH = """Search every line from an open row (a blind game's row with its talon dealt
onto it, or an open game's current row), remembering the fewest cards reachable
from each row; a row stops being searched once it is emptied. Exponential in the
worst case."""


# ---------------------------------------------------------------- Decade


@final
class DecadeMove(RunMove, game="decade"):
    """A Decade throw (``out 3C 7D``) or ``deal``: :class:`accordion.DecadeMove`,
    whose documentation is the contract."""

    __slots__ = ()


class DecadeOutcome(RunOutcome, game="decade"):
    """Where a Decade game stands (:class:`RunOutcome`)."""


class DecadeSolution(ThrowSolution[DecadeMove], game="decade"):
    """What the solver found (:class:`ThrowSolution`)."""


class DecadeGame(RunGame, game="decade"):
    """A game of Decade (PySolFC's game 816, Ten Twenty Thirty), open or blind:
    :class:`accordion.DecadeGame`, whose documentation is the contract."""

    MOVE = DecadeMove
    OUTCOME = DecadeOutcome
    SOLUTION = DecadeSolution
    LENGTHS = (2, MAX_RUN)
    MODULUS = 10
    RULE = "a run of two or more adjacent cards totalling 10, 20 or 30 (ace 1, courts 10)"

    @staticmethod
    def value(card: Card) -> int:
        """Ace 1, two to ten at face value, courts 10 (PySolFC: ``min(rank + 1, 10)``)."""
        return min(card.index // 4 + 1, 10)

    @classmethod
    def goes_out(cls, total: int) -> bool:
        return total in (10, 20, 30)


solve_decade: Solver[DecadeGame, DecadeSolution] = Solver(
    DecadeGame,
    "solve_decade",
    SEARCH,
)


# ---------------------------------------------------------------- Seven Up


@final
class SevenUpMove(RunMove, game="seven-up"):
    """A Seven Up throw (``out 3C 4D``) or ``deal``: :class:`accordion.SevenUpMove`,
    whose documentation is the contract."""

    __slots__ = ()


class SevenUpOutcome(RunOutcome, game="seven-up"):
    """Where a Seven Up game stands (:class:`RunOutcome`)."""


class SevenUpSolution(ThrowSolution[SevenUpMove], game="seven-up"):
    """What the solver found (:class:`ThrowSolution`)."""


class SevenUpGame(RunGame, game="seven-up"):
    """A game of Seven Up (PySolFC's game 918, Seventh Wonder, The Magic Seven), open
    or blind: :class:`accordion.SevenUpGame`, whose documentation is the contract."""

    MOVE = SevenUpMove
    OUTCOME = SevenUpOutcome
    SOLUTION = SevenUpSolution
    LENGTHS = (1, 4)
    MODULUS = 7
    RULE = (
        "a single 7, or two to four adjacent cards whose ranks total a multiple of 7"
        " (ace 1 … king 13),"
    )

    @staticmethod
    def value(card: Card) -> int:
        """The rank, ace 1 … king 13 (PySolFC: ``rank + 1``)."""
        return card.index // 4 + 1

    @classmethod
    def goes_out(cls, total: int) -> bool:
        return total % 7 == 0


solve_seven_up: Solver[SevenUpGame, SevenUpSolution] = Solver(
    SevenUpGame,
    "solve_seven_up",
    SEARCH,
)


__all__ = [
    "MAX_RUN",
    "DecadeGame",
    "DecadeMove",
    "DecadeOutcome",
    "DecadeSolution",
    "RunGame",
    "RunMove",
    "RunOutcome",
    "SevenUpGame",
    "SevenUpMove",
    "SevenUpOutcome",
    "SevenUpSolution",
    "solve_decade",
    "solve_seven_up",
]
