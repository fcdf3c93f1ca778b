"""A game: the row of piles, the stock of a blind game, the rules and the history.

>>> game = Game("7H 2C 3S 7S 8S")
>>> list(game.legal_moves)
[Move('7S', '3S'), Move('7S', '7H'), Move('8S', '7S')]
>>> game.play("7S>7H")
Move('7S', '7H')
>>> game.piles
[(Card('7H'), Card('7S')), (Card('2C'),), (Card('3S'),), (Card('8S'),)]
>>> str(game), game.outcome
('7S 2C 3S 8S', Outcome(piles=4, grade=None, is_over=False))
>>> game.undo(), str(game)
(Move('7S', '7H'), '7H 2C 3S 7S 8S')
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from typing import Any, ClassVar, Generic, TypeVar, final

from accordion.errors import IllegalMoveError, InvalidMoveError, NoMoveToUndoError, shown
from accordion.reference import _args
from accordion.reference._frozen import Value
from accordion.reference.cards import Card
from accordion.reference.deals import Deal, as_deal
from accordion.reference.moves import Move, as_move
from accordion.reference.rules import Rules, Step, as_rules, close_up, legal_steps
from accordion.reference.search import best_action

MoveT = TypeVar("MoveT")

Pile = tuple[Card, ...]
"""The cards of one pile, bottom to top."""

GRADES = ("win", "strong", "moral victory", "loss")


def grade_of(piles: int, win_piles: int = 1) -> str:
    """1 pile ``win``; 2 to 3 ``strong``; 4 to 5 ``moral victory``; anything else ``loss``;
    but a win up to ``win_piles`` (the rules' winning piles: 2 for 23 Skidoo).

    Anything else includes 0: the empty table of a blind game before its first deal.
    """
    if 1 <= piles <= win_piles:
        return "win"
    if piles in (2, 3):
        return "strong"
    if piles in (4, 5):
        return "moral victory"
    return "loss"


@final
class Outcome(Value):
    """Where a game stands: piles left, whether it is over, and then its grade.

    Args:
        piles: piles on the table (0 or more).
        grade: the grade of a finished game, which follows from ``piles`` (given so
            that the repr evaluates back); ``None`` while the game is not over.
        is_over: no legal action is left.

    Raises:
        InvalidArgumentError: negative ``piles``, a grade the piles do not have, a
            grade for a game not over or none for one that is.
        TypeError: an argument of the wrong type.
    """

    __slots__ = ("_grade", "_is_over", "_piles")
    _piles: int
    _is_over: bool
    _grade: str | None

    @_args.constructor
    def __new__(cls, *, piles: int, grade: str | None, is_over: bool) -> Outcome:
        # The grade follows from the piles; it is a parameter only so that the
        # repr, which shows it, evaluates back to an equal Outcome.
        _args.whole(piles, "piles", 0, None, "0 or more piles")
        _args.flag(is_over, "is_over")
        if not is_over:
            if grade is not None:
                raise _args.refuse("grade", "None while the game is not over", shown(grade))
            return Outcome._built(_piles=piles, _is_over=is_over, _grade=None)
        expected = f'"{grade_of(piles)}" for {piles} piles (or "win")'
        if grade is None:
            raise _args.refuse("grade", expected, "None")
        if not isinstance(grade, str):
            raise _args.wrong_type("grade", "a str", grade)
        if grade not in (grade_of(piles), "win"):
            raise _args.refuse("grade", expected, shown(grade))
        return Outcome._built(_piles=piles, _is_over=is_over, _grade=grade)

    @property
    def piles(self) -> int:
        """Piles on the table (in a blind game, not counting the stock)."""
        return self._piles

    @property
    def grade(self) -> str | None:
        """The grade of a finished game: 1 pile ``win``; 2 to 3 ``strong``; 4 to 5
        ``moral victory``; more ``loss`` (a win at up to the rules' ``win_piles``).
        ``None`` while the game is not over."""
        return self._grade

    @property
    def is_over(self) -> bool:
        """True when no legal action is left."""
        return self._is_over

    def __repr__(self) -> str:
        return f"Outcome(piles={self._piles}, grade={self.grade!r}, is_over={self._is_over})"

    def _key(self) -> tuple[int, bool, str | None]:
        return (self._piles, self._is_over, self._grade)

    def __reduce__(self) -> tuple[object, ...]:
        # The constructor takes keywords only: a partial of it carries them.
        rebuild = functools.partial(
            Outcome, piles=self._piles, grade=self.grade, is_over=self._is_over
        )
        return (rebuild, ())


@final
class LegalMoves(Generic[MoveT]):
    """A live view of the legal actions of a game (``deal`` included when allowed).

    It holds the game, not a list, so it always answers for the current position.
    Supports ``len``, iteration (in the game's canonical order, then ``deal``), truth
    and ``in`` (with a move of the game or its text; text that is not a move is
    simply not in it). One view for every game: ``actions`` gives the legal actions
    now, ``parse`` reads a move's text.
    """

    __slots__ = ("_actions", "_parse", "_resolve")

    def __init__(
        self,
        actions: Callable[[], list[MoveT]],
        parse: Callable[[str], MoveT],
        resolve: Callable[[object], object] = lambda move: move,
    ) -> None:
        self._actions = actions
        self._parse = parse
        # The move as the game names it now (a throw's cards in canonical
        # order), as the core resolves a move against the position before asking.
        self._resolve = resolve

    def __reduce__(self) -> tuple[object, ...]:
        raise TypeError(
            "cannot pickle LegalMoves: it is a live view of a game, not a value (pickle the game)"
        )

    def __contains__(self, move: object) -> bool:
        if isinstance(move, str):
            try:
                move = self._parse(move)
            except InvalidMoveError:
                return False
        return self._resolve(move) in self._actions()

    def __len__(self) -> int:
        return len(self._actions())

    def __iter__(self) -> Iterator[MoveT]:
        return iter(self._actions())

    def __bool__(self) -> bool:
        return bool(self._actions())

    def __getitem__(self, index: int) -> MoveT:
        """Deprecated (``DeprecationWarning``): index ``list(game.legal_moves)``
        instead. The throw games' ``legal_moves`` were lists."""
        import warnings

        warnings.warn(
            "indexing legal_moves is deprecated: it is a live view; index list(game.legal_moves)",
            DeprecationWarning,
            stacklevel=2,
        )
        moves = self._actions()
        if not -len(moves) <= index < len(moves):
            raise IndexError("legal move index out of range")
        return moves[index]

    def __repr__(self) -> str:
        return f"<LegalMoves: {', '.join(map(str, self))}>"


def _apart(distance: int) -> str:
    return f"{distance} pile{'s' if distance != 1 else ''}"


def _either(distances: tuple[int, ...]) -> str:
    """``1 place``, ``1 or 3 places``, ``1, 2 or 3 places``."""
    words = [str(distance) for distance in distances]
    listed = words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"
    return f"{listed} place{'s' if distances != (1,) else ''}"


class DealtGame(Generic[MoveT]):
    """What every game of the reference engine keeps the same way: the deal it
    started from, whether it is blind, how much of the deal is dealt (the stock is
    the rest), and its legal actions as a live view. Each game lists the actions
    (``_legal_moves``) and names its move class (``MOVE``, whose ``parse`` reads
    a move's text)."""

    __slots__ = ()
    MOVE: ClassVar[Any]
    _deal: Deal
    _blind: bool
    _dealt: int

    def _legal_moves(self) -> list[MoveT]:
        """The legal actions in the game's canonical order, ``deal`` (when allowed) last."""
        raise NotImplementedError

    @property
    def piles(self) -> list[Pile]:
        """Each pile bottom to top, left to right."""
        raise NotImplementedError

    @property
    def starting_deal(self) -> Deal:
        """The deal the game started from (all of it, whatever has been played or dealt)."""
        return self._deal

    @property
    def blind(self) -> bool:
        """Whether the game is dealt as it goes (True) or laid out open (False)."""
        return self._blind

    @property
    def stock_size(self) -> int:
        """Cards still to be dealt (0 in an open game)."""
        return len(self._deal) - self._dealt

    @property
    def legal_moves(self) -> LegalMoves[MoveT]:
        """The legal actions now, as a live :class:`LegalMoves` view."""
        return LegalMoves(self._legal_moves, self.MOVE.parse)

    @property
    def is_over(self) -> bool:
        """No legal action is left (no move, and no card to deal)."""
        return not self._legal_moves()

    def _repr_svg_(self) -> str:
        """The row (and a blind game's stock) as a picture, for Jupyter (drawn by
        :mod:`accordion.svg`)."""
        from accordion.svg import svg

        return svg(self)


@final
class Game(DealtGame[Move]):
    """A game of Accordion: a row of piles, maybe a stock, the rules and the history:
    :class:`accordion.Game`, whose documentation is the contract (the arguments, the
    errors, the examples).
    """

    __slots__ = ("_blind", "_deal", "_dealt", "_earlier", "_history", "_piles", "_rules")
    MOVE = Move

    @_args.constructor
    def __init__(
        self, deal: Deal | str, rules: Rules | str | None = None, *, blind: bool = False
    ) -> None:
        deal = as_deal(deal)
        self._rules = as_rules("modern" if rules is None else rules)
        self._rules.check_deal(deal.cards)
        self._deal = deal
        self._blind = _args.flag(blind, "blind")
        # The stock is the part of the deal not yet turned: deal.cards[_dealt:].
        self._dealt = 0 if blind else len(deal)
        self._piles: tuple[Pile, ...] = tuple((card,) for card in deal.cards[: self._dealt])
        self._history: list[Move] = []
        # The position before each action of the history, so undo restores it exactly.
        self._earlier: list[tuple[tuple[Pile, ...], int]] = []

    # -- what the game looks like -------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The rules the game is played by."""
        return self._rules

    @property
    def piles(self) -> list[Pile]:
        """Each pile bottom to top, left to right."""
        return list(self._piles)

    @property
    def tops(self) -> list[Card]:
        """The top card of each pile, left to right."""
        return [pile[-1] for pile in self._piles]

    @property
    def history(self) -> list[Move]:
        """The actions played so far, in order (a copy)."""
        return list(self._history)

    @property
    def outcome(self) -> Outcome:
        """Piles, grade and whether the game is over, as an :class:`Outcome`."""
        piles = len(self._piles)
        over = self.is_over
        grade = grade_of(piles, self._rules.win_piles) if over else None
        return Outcome(piles=piles, grade=grade, is_over=over)

    def __str__(self) -> str:
        parts = [str(card) for card in self.tops]
        if self._blind:
            parts += ["|", f"stock {self.stock_size}"]
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"Game({self._deal!r}, {self._rules!r}, blind={self._blind})"

    # -- the legal actions --------------------------------------------------------

    def _legal_steps(self) -> list[Step]:
        return legal_steps(self.tops, self._rules)

    def _may_deal(self, steps: list[Step]) -> bool:
        """Dealing needs a card in the stock, and under must-move rules no move on the table."""
        return self.stock_size > 0 and (self._rules.may_deal_while_move_exists or not steps)

    def _legal_moves(self) -> list[Move]:
        """The legal actions in the reference order: moves by mover position left to
        right (each mover's targets as ``targets_of`` lists them), then ``deal``."""
        steps = self._legal_steps()
        tops = self.tops
        actions = [Move(tops[mover], tops[target]) for mover, target in steps]
        if self._may_deal(steps):
            actions.append(Move.deal())
        return actions

    # -- playing ------------------------------------------------------------------

    @_args.method
    def play(self, move: Move | str) -> Move:
        """Play a move or ``deal``: :meth:`accordion.Game.play`, whose documentation is
        the contract (the errors say why a move is illegal).
        """
        move = as_move(move)
        if move.is_deal:
            return self.deal()
        step = self._step_of(move)
        self._remember(move)
        mover, target = step
        merged = self._piles[target] + self._piles[mover]
        self._piles = close_up(self._piles, mover, target, merged)
        return move

    @_args.method
    def deal(self) -> Move:
        """Turn the next stock card onto the right-hand end of the row:
        :meth:`accordion.Game.deal`, whose documentation is the contract.
        """
        if not self._blind:
            raise IllegalMoveError("deal not allowed: an open game has no stock")
        if self.stock_size == 0:
            raise IllegalMoveError("deal not allowed: the stock is empty")
        if not self._may_deal(self._legal_steps()):
            raise IllegalMoveError(
                f"deal not allowed: a move exists and the {self._rules.name} rules oblige it"
            )
        move = Move.deal()
        self._remember(move)
        self._piles += ((self._deal[self._dealt],),)
        self._dealt += 1
        return move

    def _remember(self, move: Move) -> None:
        self._earlier.append((self._piles, self._dealt))
        self._history.append(move)

    @_args.method
    def undo(self) -> Move:
        """Take back the last action and return it, as :meth:`accordion.Game.undo`
        (whose documentation is the contract): ``NoMoveToUndoError`` when nothing
        has been played."""
        if not self._history:
            raise NoMoveToUndoError("undo: no move has been played")
        self._piles, self._dealt = self._earlier.pop()
        return self._history.pop()

    def __eq__(self, other: object) -> bool:
        """Games are equal when they have the same rules, starting deal, mode and
        history, so the same position: ``game == game.copy()``. A game changes as
        it is played, so it is not hashable."""
        if not isinstance(other, Game):
            return NotImplemented
        mine = (self._rules, self._deal, self._blind, self._history)
        return mine == (other._rules, other._deal, other._blind, other._history)

    __hash__ = None  # type: ignore[assignment]

    @_args.method
    def hint(self, *, timeout: float | None = 2.0) -> Move | None:
        """A move that keeps a win in reach (or, when the row is lost, keeps the
        fewest reachable piles); ``None`` when no move is legal: :meth:`accordion.Game.hint`,
        whose documentation is the contract. In a blind game the search knows the
        stock order, as the core's does. ``timeout`` is checked as the core checks
        it and not applied (the search is for rows short enough to finish)."""
        _args.timeout(timeout)
        stock = self._deal.cards[self._dealt :]
        return best_action(tuple(self.tops), tuple(stock), self._rules, self._legal_moves())

    @_args.method
    def copy(self) -> Game:
        """An independent game in the same position, with the same history (undo works on it)."""
        twin = Game(self._deal, self._rules, blind=self._blind)
        twin._piles, twin._dealt = self._piles, self._dealt
        twin._history = list(self._history)
        twin._earlier = list(self._earlier)
        return twin

    def _step_of(self, move: Move) -> Step:
        """The positions of a legal ``move``, or ``IllegalMoveError`` saying why it is not."""
        assert move.mover is not None and move.target is not None  # play handles deals
        tops = self.tops
        stock = self._deal.cards[self._dealt :]
        for card in (move.mover, move.target):
            if card not in tops:
                # A card not yet dealt is on no pile: say so, not that it is covered.
                why = "is still in the stock" if card in stock else "is not the top card of a pile"
                raise IllegalMoveError(f"illegal move {move}: {card} {why}")
        mover, target = tops.index(move.mover), tops.index(move.target)
        distance = abs(mover - target)
        if target > mover and not self._rules.two_way:
            raise IllegalMoveError(
                f"illegal move {move}: {move.mover} would move rightwards;"
                " piles move only leftwards"
            )
        if distance not in self._rules.distances:
            raise IllegalMoveError(
                f"illegal move {move}: {move.mover} and {move.target} are {_apart(distance)}"
                f" apart; moves go {_either(self._rules.distances)}"
            )
        if not move.mover.agrees(move.target):
            raise IllegalMoveError(
                f"illegal move {move}: {move.mover} and {move.target} share neither suit nor rank"
            )
        if move.target == self._rules.goal:
            raise IllegalMoveError(
                f"illegal move {move}: {move.target} is the goal card: it must stay on top"
            )
        legal = self._legal_steps()
        if (mover, target) not in legal:
            # The move is possible but a forced rule set picks another one.
            forced = Move(tops[legal[0][0]], tops[legal[0][1]])
            raise IllegalMoveError(
                f"illegal move {move}: the {self._rules.name} rules force {forced}"
            )
        return (mover, target)

    def move_at(self, pile: int, distance: int) -> Move:
        """The move of pile ``pile`` (1-based) by ``distance`` (negative = rightwards),
        legal or not, as :meth:`accordion.Game.move_at` (whose documentation is the
        contract, its errors included)."""
        for value, what in ((pile, "pile"), (distance, "distance")):
            if not isinstance(value, int) or isinstance(value, bool):
                raise TypeError(f"{what} must be an int, not {type(value).__name__}")
        count = len(self._piles)
        piles = f"{count} pile{'' if count == 1 else 's'}"
        target = pile - distance
        # shown(): an int past 4,300 digits cannot even be printed by Python.
        if not 1 <= pile <= count:
            raise IllegalMoveError(f"no pile {shown(pile)}: the row has {piles}")
        if distance == 0:
            raise IllegalMoveError("a move goes at least one place")
        if not 1 <= target <= count:
            raise IllegalMoveError(
                f"pile {pile} moved by {shown(distance)} would land on pile {shown(target)},"
                f" off the row of {piles}"
            )
        tops = self.tops
        return Move(tops[pile - 1], tops[target - 1])
