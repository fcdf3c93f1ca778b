"""The one shape every game has in Python, whichever game and whichever engine.

Each game has its own classes in each engine (``Game`` and ``RoyalGame`` in the
Rust core, their twins in :mod:`accordion.reference`), and they agree on a common
part: that part is written here, once, as protocols, the way python-chess's
variants are all a ``chess.Board``. A layer that serves every game (the sessions
of :mod:`accordion.play`, the table, the batches) reads a game through these and
never asks which game it is; what only some games have (Accordion's ``mover``
and ``target``, a throw's ``cards``) is read through the registry
(:mod:`accordion.games`) or the game's session.

The compiled classes cannot derive from Python classes, so the shape is
structural: ``isinstance(game, GameShape)`` holds for a game of either engine
(the protocols are runtime-checkable), mypy checks that every class of the
core's stub has the shape (the block at the end of this module), and
``tests/test_shape.py`` checks every game of the registry in both engines.

>>> from accordion import Deal, Game, RoyalGame
>>> from accordion.shape import GameShape, OutcomeShape
>>> all(isinstance(game, GameShape) for game in (Game(Deal.from_seed(1)), RoyalGame("QH 5C KH")))
True
>>> isinstance(Game(Deal.from_seed(1)).outcome, OutcomeShape)
True
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

if TYPE_CHECKING:
    from typing_extensions import Self

    from accordion._core import Card, Deal

MoveT_co = TypeVar("MoveT_co", covariant=True)


@runtime_checkable
class MoveShape(Protocol):
    """What every game's move has: whether it is the deal of the next stock card
    (``str`` writes it in the game's notation, which the move class parses)."""

    @property
    def is_deal(self) -> bool:
        """Whether this is the deal of the next stock card."""


@runtime_checkable
class OutcomeShape(Protocol):
    """Where every game stands: piles left (a card is a pile of one in a game of
    single cards), the grade once it is over, and whether it is."""

    @property
    def piles(self) -> int:
        """Piles left in the row (a card is a pile of one); the games played on one
        row (all but Accordion) count each card still to deal as one more."""

    @property
    def grade(self) -> str | None:
        """``win`` (or Accordion's other grades, or ``loss``) once over, else ``None``."""

    @property
    def is_over(self) -> bool:
        """True when no legal action is left."""


@runtime_checkable
class GameShape(Protocol[MoveT_co]):
    """What every game in progress has, in either engine."""

    @property
    def starting_deal(self) -> Deal:
        """The deal the game started from."""

    @property
    def rules(self) -> Any:
        """The rules in play (Accordion's ``Rules``, or a throw game's rule set's name)."""

    @property
    def blind(self) -> bool:
        """Whether the game is dealt as it goes."""

    @property
    def stock_size(self) -> int:
        """Cards still to be dealt."""

    @property
    def tops(self) -> list[Card]:
        """The top card of every pile, left to right."""

    @property
    def piles(self) -> list[tuple[Card, ...]]:
        """The piles left to right, each bottom to top."""

    @property
    def history(self) -> Sequence[MoveT_co]:
        """The actions played so far."""

    @property
    def legal_moves(self) -> Collection[MoveT_co]:
        """The legal actions now."""

    @property
    def outcome(self) -> OutcomeShape:
        """Where the game stands."""

    @property
    def is_over(self) -> bool:
        """True when no legal action is left."""

    def play(self, move: Any, /) -> MoveT_co:
        """Play a legal action (or its text); the action played, canonical."""

    def deal(self) -> MoveT_co:
        """Deal the next stock card (a blind game's)."""

    def undo(self) -> MoveT_co:
        """Take back the last action and return it (``IndexError`` when there is none)."""

    def copy(self) -> Self:
        """An independent game in the same position."""


@runtime_checkable
class SolutionShape(Protocol):
    """What every game's exact solver answers (the Rust core's solvers)."""

    @property
    def deal(self) -> str:
        """As :attr:`accordion.Solution.deal`."""

    @property
    def result(self) -> str:
        """As :attr:`accordion.Solution.result`."""

    @property
    def moves(self) -> Sequence[Any]:
        """As :attr:`accordion.Solution.moves`."""

    @property
    def piles(self) -> int:
        """As :attr:`accordion.Solution.piles`."""

    @property
    def nodes(self) -> int:
        """As :attr:`accordion.Solution.nodes`."""

    @property
    def seconds(self) -> float:
        """As :attr:`accordion.Solution.seconds`."""

    def to_dict(self) -> dict[str, object]:
        """As :meth:`accordion.Solution.to_dict`."""


@runtime_checkable
class StatsShape(Protocol):
    """What the layers that serve every game read of its statistics over numbered
    deals (the Rust core's; each game's class has more, as :class:`accordion.Stats`
    documents): the counts, the histogram that chunks of a batch add up, and the
    JSON object."""

    @property
    def deals(self) -> int:
        """As :attr:`accordion.Stats.deals`."""

    @property
    def wins(self) -> int:
        """As :attr:`accordion.Stats.wins`."""

    @property
    def histogram(self) -> dict[int, int]:
        """As :attr:`accordion.Stats.histogram`."""

    def to_dict(self) -> dict[str, object]:
        """As :meth:`accordion.Stats.to_dict`."""


if TYPE_CHECKING:
    # mypy holds every class of the core's stub to the shape: a class that lost a
    # member (or changed its type) fails here.
    from accordion import _core

    # (The throw games' classes share their members through the stub's generic
    # bases; Royal Marriage's stand for them, the runtime test checks each game.)
    def _games(game: _core.Game | _core.RoyalGame | _core.AccordianGame) -> GameShape[MoveShape]:
        return game

    def _outcomes(outcome: _core.Outcome | _core._ThrowOutcome) -> OutcomeShape:
        return outcome

    def _solutions(solution: _core.Solution | _core.RoyalSolution) -> SolutionShape:
        return solution

    def _stats(stats: _core.Stats | _core.RoyalStats) -> StatsShape:
        return stats


__all__ = ["GameShape", "MoveShape", "OutcomeShape", "SolutionShape", "StatsShape"]
