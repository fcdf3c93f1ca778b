"""Type stubs for the Rust core (``accordion._core``).

The same API is implemented in pure Python by :mod:`accordion.reference`;
the test suite runs against both.

The docstrings of the compiled names are written once, in the binding
(``rust/python/``), and copied here by ``python scripts/stubs.py`` (a test fails
when this copy is stale): edit them there, not here. The types are this file's own.
"""

from collections.abc import Callable, Iterable, Iterator
from contextvars import ContextVar
from typing import Any, ClassVar, Generic, Literal, Protocol, TypeVar, final

from typing_extensions import Self

# Accordion's rule sets and each game's strategies are stated once, in the registry.
from accordion import games as _games

#: Every public name but :func:`games` (``accordion`` re-exports the core by it,
#: and its own module ``accordion.games`` must not be shadowed); the core computes
#: the same list from what it binds.
__all__ = [
    "MAX_JOBS",
    "AccordianGame",
    "AccordianMove",
    "AccordianOutcome",
    "AccordianSolution",
    "AccordianStats",
    "BayanGame",
    "BayanMove",
    "BayanOutcome",
    "BayanSolution",
    "BayanStats",
    "Card",
    "Deal",
    "DecadeGame",
    "DecadeMove",
    "DecadeOutcome",
    "DecadeSolution",
    "DecadeStats",
    "Game",
    "LegalMoves",
    "Move",
    "Outcome",
    "Rating",
    "RoyalGame",
    "RoyalMove",
    "RoyalOutcome",
    "RoyalSolution",
    "RoyalStats",
    "Rules",
    "SevenUpGame",
    "SevenUpMove",
    "SevenUpOutcome",
    "SevenUpSolution",
    "SevenUpStats",
    "Solution",
    "Stats",
    "difficulty_deal",
    "play_uva",
    "pysol_goal",
    "rate",
    "royal_deal",
    "simulate",
    "simulate_accordian",
    "simulate_bayan",
    "simulate_decade",
    "simulate_royal",
    "simulate_seven_up",
    "solve",
    "solve_accordian",
    "solve_bayan",
    "solve_decade",
    "solve_many",
    "solve_royal",
    "solve_seven_up",
    "winnable_deal",
]

RuleName = _games.RuleName

__version__: str
#: The most threads ``jobs`` may ask for (``docs/errors.md``).
MAX_JOBS: int
"""The most threads ``jobs=`` takes (:func:`solve_many`, :func:`simulate` and the
other batch calls); more is refused with ``InvalidArgumentError``."""

def games() -> list[dict[str, Any]]:
    """The facts of every game, in the order they were bound (Accordion and the
    PySolFC games its engine plays first, then the throw games): ``name``,
    ``title``, ``aliases``, ``pysol_id`` (or ``None``), ``rules`` (the rule sets,
    the default first), ``won_at`` (pieces left by a win), ``stock`` (its word for
    the cards still to deal), ``piece`` (what it counts what is left in: ``pile``
    or ``card``), ``min_cards`` (the fewest cards of a numbered
    deal), ``dealing`` (how PySolFC lays out its numbered deals: ``row``,
    ``royal-pair`` or ``goal-card``), ``blind_start`` (the cards laid out when a
    blind game starts) and the variant flags it fixes on
    Accordion's rules, ``two_way``, ``distances`` and ``win_piles`` (or
    ``None``). ``accordion.games`` describes the same games; a test holds the
    two together.
    """

def _restore(kind: object, state: tuple[object, ...]) -> object:
    """Rebuild a pickled value (what ``__reduce__`` writes; not for direct use).

    Raises:
        InvalidPickleError: a ``kind`` or ``state`` that no ``__reduce__`` wrote
            (a pickle tampered with or damaged); the message names what is wrong.
    """

def _interrupt_all() -> int:
    """Stop every long call running now, in any thread (see :func:`accordion.interrupt`)."""

@final
class _CancelToken:
    """The token of one :class:`accordion.CancelScope`: cancelling it stops the
    long calls running in the scope, in any thread, and any started in it later."""

    def __new__(cls) -> _CancelToken: ...
    def cancel(self) -> int:
        """Stop the calls running in the scope, and refuse those started in it
        later; how many were running."""
    @property
    def cancelled(self) -> bool:
        """Whether :meth:`cancel` was called."""
    @property
    def running(self) -> int:
        """How many long calls are running in the scope now."""

#: The cancel scopes a call runs in, innermost last (``accordion.CancelScope`` sets it).
_cancel_scopes: ContextVar[tuple[_CancelToken, ...]]

GradeName = Literal["win", "strong", "moral victory", "loss"]

@final
class Card:
    """One of the 52 cards. Frozen, hashable, ordered by :attr:`index`.

    ``Card(text)`` is :meth:`Card.parse`.

    Raises:
        InvalidCardError: ``text`` is not a card.
        TypeError: ``text`` is not a ``str``.

    Examples:
        >>> Card("10h"), Card("7♠").suit, Card("AS").agrees(Card("AD"))
        (Card('TH'), 'S', True)
    """

    def __new__(cls, text: str) -> Card:
        """Same as :meth:`parse`."""
    @staticmethod
    def parse(text: str) -> Card:
        """Parse ``AS``, ``td``, ``10D``, ``7♥`` (rank then suit; case and white space ignored).

        Args:
            text: the card's text.

        Returns:
            The card, whose ``str`` is the canonical text (``TD``).

        Raises:
            InvalidCardError: ``text`` is not a card; the message says why.
            TypeError: ``text`` is not a ``str``.
        """
    @staticmethod
    def from_index(index: int) -> Card:
        """The card with index ``4 * rank + suit`` (rank 0 = ace … 12 = king; suits C D H S).

        Args:
            index: 0 to 51.

        Raises:
            InvalidArgumentError: ``index`` outside 0 to 51.
            TypeError: ``index`` is not an ``int``.
        """
    @property
    def rank(self) -> str:
        """``"A"``, ``"2"`` … ``"T"``, ``"J"``, ``"Q"``, ``"K"``."""
    @property
    def suit(self) -> str:
        """``"C"``, ``"D"``, ``"H"`` or ``"S"``."""
    @property
    def index(self) -> int:
        """The card's number, ``4 * rank + suit``: 0 (``AC``) to 51 (``KS``)."""
    @property
    def is_red(self) -> bool:
        """True for diamonds and hearts (only the pictures use colour; the rules never do)."""
    def agrees(self, other: Card) -> bool:
        """True when the two cards share a suit or a rank (colour and rank order never matter).

        Raises:
            TypeError: ``other`` is not a ``Card``.
        """
    def __eq__(self, other: object, /) -> bool: ...
    def __lt__(self, other: Card, /) -> bool: ...
    def __le__(self, other: Card, /) -> bool: ...
    def __gt__(self, other: Card, /) -> bool: ...
    def __ge__(self, other: Card, /) -> bool: ...
    def __hash__(self) -> int: ...

_SelfT = TypeVar("_SelfT")

class _Move(Generic[_SelfT]):
    # What every game's move has alike: Accordion's (``Move``) and each throw
    # game's (``_ThrowMove``).
    @staticmethod
    def deal() -> _SelfT:
        """The action of dealing the next stock card (blind games)."""
    @property
    def is_deal(self) -> bool:
        """True for the deal action, False for a move or a throw."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Move(_Move[Move]):
    """A move ``MOVER>TARGET`` (the two top cards), or dealing the next stock card.

    ``Move(mover, target)`` takes two cards or card texts; :meth:`parse` reads the
    notation and :meth:`deal` is the deal action. Frozen and hashable; ``str`` gives
    the canonical notation, which :meth:`parse` reads back.

    Raises:
        InvalidMoveError: the two cards are the same.
        InvalidCardError: either is not a card.

    Examples:
        >>> move = Move("7H", "7S")
        >>> str(move), move.mover, Move.parse(str(move)) == move
        ('7H>7S', Card('7H'), True)
    """

    def __new__(cls, mover: Card | str, target: Card | str) -> Move: ...
    @staticmethod
    def parse(text: str) -> Move:
        """Parse ``7H>7S``, ``7H-7S``, ``7H→7S``, ``7H on 7S`` or ``deal``.

        Args:
            text: the move's text (case and white space ignored).

        Raises:
            InvalidMoveError: anything else; the message shows the notation.
            InvalidCardError: a side of the move is not a card.
            TypeError: ``text`` is not a ``str``.
        """
    @property
    def mover(self) -> Card | None:
        """The top card of the pile that moves; ``None`` for a deal."""
    @property
    def target(self) -> Card | None:
        """The top card of the pile landed on; ``None`` for a deal."""

@final
class Deal:
    """A row of 1 to 52 distinct cards, left to right (the first card is pile 1).

    ``Deal(cards)`` takes an iterable of cards or card texts; :meth:`parse` reads text
    and :meth:`from_seed` makes a numbered deal. Frozen and hashable; ``len``,
    iteration and indexing give the cards.

    Raises:
        InvalidDealError: no cards, more than 52, or a card twice.
        InvalidCardError: an element is not a card.
        TypeError: ``cards`` is a ``str`` (use :meth:`parse`) or not iterable.

    Examples:
        >>> deal = Deal(["7H", "7S", "8S"])
        >>> len(deal), deal[0], str(deal)
        (3, Card('7H'), '7H 7S 8S')
    """

    def __new__(cls, cards: Iterable[Card | str]) -> Deal: ...
    @staticmethod
    def parse(text: str) -> Deal:
        """Read a row: cards separated by white space and/or commas.

        Args:
            text: e.g. ``"7H 7S 8S KS"`` or ``"7h,7s, 8s"``.

        Returns:
            The deal (not numbered: its :attr:`seed` is ``None``).

        Raises:
            InvalidDealError: no cards, more than 52, a repeated card, or an empty field
                between two commas.
            InvalidCardError: a token is not a card; the message names it.
            TypeError: ``text`` is not a ``str``.
        """
    @staticmethod
    def from_seed(seed: int, cards: int | None = None) -> Deal:
        """Numbered deal ``seed``: SplitMix64 drives a Fisher–Yates shuffle; the first ``cards``.

        The same on every platform and in every version (docs/rules.md, "Numbered deals").

        Args:
            seed: 0 to 2**64 - 1.
            cards: how many cards of the shuffled deck, 1 to 52 (default 52).

        Raises:
            InvalidArgumentError: ``seed`` or ``cards`` out of range.
            TypeError: either is not an ``int``.

        Examples:
            >>> str(Deal.from_seed(1, 8))
            '5S 3C 5C 9D 6C JS 6S 5H'
        """
    @staticmethod
    def from_pysol(number: int | str, game: str | int | None = None) -> Deal:
        """The row PySolFC lays out for game ``number`` of ``game`` (docs/numberings.md).

        Args:
            number: ``12345`` or ``"ms12345"``; 1 to 10**20 - 1.
            game: a name, PySolFC's title or its id (default ``"accordion"``; accordion 772,
                bayan 656, relaxed-accordion 773, 23-skidoo 883, accordions-revenge 811,
                royal-marriage 288).

        Raises:
            InvalidDealError: a game number out of range.
            InvalidRulesError: an unknown game.
        """
    @staticmethod
    def from_solvitaire(seed: int, game: str = "accordion") -> Deal:
        """The row ``solvitaire --type accordion|late-binding-solitaire --random SEED`` solves.

        Args:
            seed: Solvitaire's seed (a C ``int``, not -1).
            game: ``"accordion"`` (52 cards) or ``"late-binding"`` (18).

        Raises:
            InvalidArgumentError: a seed Solvitaire cannot take.
            InvalidRulesError: another game.
        """
    @staticmethod
    def from_knuth(seed: int, cards: int | None = None) -> Deal:
        """The first ``cards`` (default 18) cards of Knuth's Late Binding deal ``seed``.

        Knuth's generator is the Stanford GraphBase ``gb_flip`` (docs/numberings.md).

        Raises:
            InvalidArgumentError: ``seed`` outside -2**31 to 2**31 - 1, or ``cards``
                outside 1 to 52.
        """
    @staticmethod
    def random(cards: int | None = None) -> Deal:
        """A numbered deal with a fresh random seed (see :attr:`seed`), of ``cards`` cards.

        Raises:
            InvalidArgumentError: ``cards`` outside 1 to 52.
        """
    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards, left to right."""
    @property
    def seed(self) -> int | None:
        """The seed of a numbered deal (:meth:`from_seed`, :meth:`random`), else ``None``."""
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[Card]: ...
    def __getitem__(self, index: int, /) -> Card: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def _repr_svg_(self) -> str:
        """The row as an SVG picture (for Jupyter), drawn by :func:`accordion.svg`."""

@final
class Rules:
    """A rule set of docs/rules.md with its variant (two-way moves, distance set).

    Args:
        name: ``modern`` (default), ``strict``, ``strict-leap`` or ``parlett``.
        two_way: piles may also move rightwards (default False).
        distances: how far a pile may move, each 1 to 51 (default ``(1, 3)``); text
            such as ``"2,3"`` is accepted.
        win_piles: the game is won at this many piles or fewer (default 1; PySolFC's
            23 Skidoo: 2).
        goal: a card that must end on top of the last pile (PySolFC's Accordion's
            Revenge); no move may land on it.

    Raises:
        InvalidRulesError: an unknown name, or a distance set that is empty or out of
            range.
        TypeError: an argument of the wrong type.

    Examples:
        >>> Rules("strict").must_move, Rules("modern", distances=[2, 3]).distances
        (True, (2, 3))
    """

    def __new__(
        cls,
        name: RuleName | str | None = None,
        *,
        two_way: bool | None = None,
        distances: Iterable[int] | str | None = None,
        win_piles: int | None = None,
        goal: Card | str | None = None,
    ) -> Rules:
        """``distances`` defaults to ``(1, 3)``; text such as ``"2,3"`` is accepted.
        ``win_piles`` (default 1) is the piles a game is won at (PySolFC's 23 Skidoo: 2);
        ``goal`` a card that must end on top of the last pile (Accordion's Revenge): no
        move may land on it."""
    @staticmethod
    def from_pysol(game: str | int, number: int | str | None = None) -> Rules:
        """The rules PySolFC plays its ``game`` by (docs/numberings.md).

        Args:
            game: a PySolFC game name, title or id.
            number: the game number; Accordion's Revenge needs it for its goal card.

        Raises:
            InvalidRulesError: an unknown game.
            InvalidArgumentError: a game number out of range.
        """
    @property
    def win_piles(self) -> int:
        """The game is won at this many piles or fewer (1; PySolFC's 23 Skidoo: 2)."""
    @property
    def goal(self) -> Card | None:
        """The goal card (PySolFC's Accordion's Revenge), or ``None``.

        The game is won only with it on top of the last pile; a covered card never comes
        back, so no move may land on it.
        """
    @property
    def name(self) -> str:
        """The rule set: ``modern``, ``strict``, ``strict-leap`` or ``parlett``."""
    @property
    def two_way(self) -> bool:
        """Whether piles may also move rightwards (two-way; PySolFC's Relaxed Accordion)."""
    @property
    def distances(self) -> tuple[int, ...]:
        """How far a pile may move: sorted, distinct, each 1 to 51."""
    @property
    def must_move(self) -> bool:
        """A move must be made whenever one exists (strict, strict-leap, parlett)."""
    @property
    def is_automatic(self) -> bool:
        """At most one legal action at any time (strict, strict-leap)."""
    @property
    def may_deal_while_move_exists(self) -> bool:
        """Whether ``deal`` is legal while a move exists (only under ``modern``)."""
    def __getnewargs_ex__(self) -> tuple[tuple[str], dict[str, object]]:
        """Pickled as ``Rules(name, two_way=…, distances=…, win_piles=…, goal=…)``."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

_GradeT = TypeVar("_GradeT", bound=str)

class _Outcome(Generic[_GradeT]):
    # What every game's outcome has alike: Accordion's (``Outcome``) and each
    # throw game's (``_ThrowOutcome``).
    @property
    def piles(self) -> int:
        """Piles left (a card is a pile of one in a game of single cards)."""
    @property
    def grade(self) -> _GradeT | None:
        """The grade of a finished game; ``None`` while it goes on."""
    @property
    def is_over(self) -> bool:
        """True when no legal action is left: no move (or throw), and no card to deal."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Outcome(_Outcome[GradeName]):
    """Where a game stands: piles left, whether it is over, then its grade (``Game.outcome``)."""

    def __new__(cls, *, piles: int, grade: GradeName | None, is_over: bool) -> Outcome:
        """The outcome its repr writes: the grade of a finished game follows from
        the piles (or is ``win``, under rules that win at more than one pile); a
        game in progress has none (``None``). It is an argument so that the repr
        evaluates back.

        Raises:
            InvalidArgumentError: negative ``piles``, a grade the piles do not have,
                a grade for a game not over or none for one that is.
            TypeError: an argument of the wrong type.
        """

_MoveT = TypeVar("_MoveT")
_MoveT_co = TypeVar("_MoveT_co", covariant=True)
_OutcomeT = TypeVar("_OutcomeT")

@final
class LegalMoves(Generic[_MoveT_co]):
    """A live view of the legal actions of a game (``deal`` included when allowed).

    It holds the game, not a list, so it always answers for the current position.
    Supports ``len``, iteration (in the game's canonical order, then ``deal``), truth
    and ``in`` (with a move of the game or its text; text that is not a move is not
    in it).
    """

    def __contains__(self, move: object, /) -> bool: ...
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[_MoveT_co]: ...
    def __bool__(self) -> bool: ...
    def __getitem__(self, index: int, /) -> _MoveT_co:
        """Deprecated (``DeprecationWarning``): index ``list(game.legal_moves)``
        instead. The throw games' ``legal_moves`` were lists.
        """

_GameRulesT = TypeVar("_GameRulesT")

class _Game(Generic[_MoveT, _OutcomeT, _GameRulesT]):
    # What every game's class has alike: Accordion's (``Game``) and each throw
    # game's (``_ThrowGame``).
    @property
    def rules(self) -> _GameRulesT:
        """The rules the game is played by (a :class:`Rules`, or a throw game's rule-set name)."""
    @property
    def starting_deal(self) -> Deal:
        """The deal the game started from (all of it, whatever has been played or dealt)."""
    @property
    def blind(self) -> bool:
        """Whether the game is dealt as it goes (True) or laid out open (False)."""
    @property
    def legal_moves(self) -> LegalMoves[_MoveT]:
        """The legal actions now, as a live :class:`LegalMoves` view."""
    @property
    def piles(self) -> list[tuple[Card, ...]]:
        """The piles left to right, each bottom to top (one card each in a game of
        single cards).
        """
    @property
    def tops(self) -> list[Card]:
        """The top card of each pile, left to right."""
    @property
    def stock_size(self) -> int:
        """Cards still to be dealt (0 in an open game)."""
    @property
    def history(self) -> list[_MoveT]:
        """The actions played so far, in order and in canonical notation (a copy)."""
    @property
    def outcome(self) -> _OutcomeT:
        """Where the game stands, as the game's outcome class."""
    @property
    def is_over(self) -> bool:
        """True when no legal action is left: no move (or throw), and no card to deal."""
    def play(self, move: _MoveT | str, /) -> _MoveT:
        """Play a move (or a throw) or ``deal``: the game's move class or its text.

        Returns:
            The move played, in canonical notation.

        Raises:
            InvalidMoveError: text that is not a move.
            IllegalMoveError: an action the row or the rules do not allow; the
                message says why.
        """
    def deal(self) -> _MoveT:
        """Deal the next card of the stock onto the right-hand end of the row.

        Raises:
            IllegalMoveError: an open game, an empty stock, or a move the rules oblige.
        """
    def undo(self) -> _MoveT:
        """Take back the last action.

        Returns:
            The action taken back.

        Raises:
            NoMoveToUndoError: nothing has been played (an ``IllegalMoveError`` and an
                ``IndexError``).
        """
    def hint(self, *, timeout: float | None = 2.0) -> _MoveT | None:
        """The next action of best play by the game's solver; ``None`` when no action
        is left. The search gets ``timeout`` seconds (default 2; ``None``: no limit).
        Releases the GIL; Ctrl-C stops it.

        Raises:
            InvalidArgumentError: ``timeout`` not positive.
        """
    def __eq__(self, other: object, /) -> bool:
        """Games are equal when they have the same rules, starting deal, mode and
        history, so the same position: ``game == game.copy()``. A game changes as
        it is played, so it is not hashable."""
    __hash__: ClassVar[None]  # type: ignore[assignment]
    def copy(self) -> Self:
        """An independent game in the same position, with the same history (undo works on it)."""
    def __copy__(self) -> Self: ...
    def __deepcopy__(self, memo: object, /) -> Self: ...
    def _repr_svg_(self) -> str:
        """The row (and a blind game's cards to deal) as an SVG picture, drawn by
        :func:`accordion.svg`.
        """

@final
class Game(_Game[Move, Outcome, Rules]):
    """A game of Accordion: a row of piles, maybe a stock, the rules and the history.

    Args:
        deal: the deal, or its text.
        rules: a :class:`Rules` or a rule-set name (default ``modern``).
        blind: deal as you go: the row starts empty and ``deal`` turns the next card
            of the stock (the deal, in order) onto the right-hand end.

    One game may be used from several threads: each call sees it whole, and
    ``hint`` searches a copy of the position it started from.

    Raises:
        InvalidDealError, InvalidCardError: ``deal`` text that is not a deal.
        InvalidRulesError: an unknown rule-set name.
        TypeError: an argument of the wrong type.

    Examples:
        >>> game = Game("7H 7S 8S KS", "strict")
        >>> list(game.legal_moves), game.play("7S>7H"), str(game)
        ([Move('7S', '7H')], Move('7S', '7H'), '7S 8S KS')
    """

    def __new__(
        cls, deal: Deal | str, rules: Rules | str | None = None, *, blind: bool = False
    ) -> Game:
        """A new game of ``deal``; ``rules`` default to ``modern``."""
    def move_at(self, pile: int, distance: int) -> Move:
        """The move of pile ``pile`` (1-based) by ``distance`` (negative = rightwards).

        It names the move between the two top cards without asking whether the rules
        allow it; only a position off the row is an error.

        Args:
            pile: the moving pile's position, from 1 at the left.
            distance: how many places leftwards (negative: rightwards).

        Raises:
            IllegalMoveError: ``pile`` or its target is off the row, or ``distance`` is 0.
            TypeError: either argument is not an ``int``.
        """

ResultName = Literal["win", "loss", "unknown"]

class _Solution(Generic[_SelfT, _MoveT]):
    # What every game's solution has alike: Accordion's (``Solution``) and each
    # throw game's (``_ThrowSolution``).
    @staticmethod
    def from_dict(data: dict[str, object]) -> _SelfT:
        """The solution whose :meth:`to_dict` is ``data`` (read back from JSON)."""
    @property
    def deal(self) -> str:
        """The position the line starts from: the row solved, and ``|`` and the stock's
        cards where the line deals them (the solve is clairvoyant).
        """
    @property
    def result(self) -> ResultName:
        """``win``, ``loss`` (proved) or ``unknown`` (a budget ran out)."""
    @property
    def moves(self) -> tuple[_MoveT, ...]:
        """A winning line, or a line to the fewest piles (or cards) left, or the best found."""
    @property
    def piles(self) -> int:
        """Piles (or cards) left at the end of :attr:`moves`."""
    @property
    def nodes(self) -> int:
        """What the solver examined (deterministic for a position and rules)."""
    @property
    def seconds(self) -> float:
        """Wall-clock seconds the search took."""
    def to_dict(self) -> dict[str, object]:
        """The JSON object of docs/contract.md."""
    def __eq__(self, other: object, /) -> bool: ...
    __hash__: ClassVar[None]  # type: ignore[assignment]

@final
class Solution(_Solution[Solution, Move]):
    """What the solver found for one row (:func:`solve`, :func:`solve_many`).

    Examples:
        >>> solution = solve("7H 2C 3C 7C")
        >>> solution.result, solution.piles, [str(move) for move in solution.moves]
        ('win', 1, ['7C>7H', '3C>2C', '3C>7C'])
    """

def pysol_goal(number: int | str) -> Card:
    """The goal card of PySolFC's Accordion's Revenge game ``number``.

    The game is won only when this card ends on top of the last pile.

    Raises:
        InvalidDealError: a game number out of range.
    """

LevelName = _games.LevelName

def winnable_deal(
    *,
    seed: int | None = None,
    rules: Rules | str | None = None,
    blind: bool = False,
    cards: int | None = None,
    tries: int | None = None,
    jobs: int | None = None,
    game: str | None = None,
) -> Deal:
    """The first numbered deal of ``game`` (default ``accordion``; any game that rates deals,
    :func:`rate`) from ``seed`` on (default: a random start below 2**32) that ``rules``
    win. Accordion: the forced game for ``strict``/``strict-leap``; for ``parlett`` the
    best line (blind: with the stock order known); for ``modern`` the solver's open row.
    Any other game: its solver's best line, open, or blind with the stock order known;
    ``rules`` is one of its rule-set names (default its first). Its :attr:`Deal.seed` is
    its number (the game's numbered deal: ``--seed N --game NAME``). Raise
    ``InvalidRulesError`` when no row of that length can be won, or none is within
    ``tries`` numbers (default 100,000). Releases the GIL; Ctrl-C stops it. See
    docs/winnable.md.
    """

@final
class Rating:
    """How hard an open deal is: the share of the moves a careful player weighs that
    would throw the win away (docs/difficulty.md).
    """

    @property
    def result(self) -> ResultName:
        """``win``; ``loss`` (unwinnable); ``unknown`` (undecided within the budget)."""
    @property
    def moves(self) -> int:
        """The moves the careful player weighs along its line to the win (the ones it
        rejects and the ones it plays); 0 unless winnable.
        """
    @property
    def losing(self) -> int:
        """Of :attr:`moves`, the ones that throw the win away."""
    @property
    def nodes(self) -> int:
        """Nodes the game's solver searched to rate the deal (positions; intervals for Royal
        Marriage): its cost, on which the rating itself does not depend.
        """
    @property
    def difficulty(self) -> float | None:
        """``losing / moves`` for a winnable deal (0.0 for a deal already won), else ``None``."""
    @property
    def level(self) -> LevelName | None:
        """``easy``, ``medium`` or ``hard`` by the thresholds calibrated for the deal's length
        (docs/difficulty.md); ``None`` unless winnable, for rows shorter than the shortest
        calibrated length, and for the throw games (the levels are calibrated on Accordion).
        """
    def to_dict(self) -> dict[str, object]:
        """The rating as a JSON object: ``result``, ``difficulty``, ``level``, ``moves``,
        ``losing``, ``nodes``.
        """

def rate(deal: Deal | str, *, rules: Rules | str | None = None, game: str | None = None) -> Rating:
    """Rate an open deal of ``game`` (default ``accordion``; every game's name as
    :func:`accordion.games` lists them, an alias or PySolFC's id) under ``rules`` (the
    game's first rule set by default; the forced rule sets are refused: ``strict``,
    ``strict-leap``, ``uva``). Its level is by the game's own calibration (Accordion's at
    8 to 52 cards, the other games' at 52 cards: none at other lengths). Releases the GIL;
    Ctrl-C stops it.
    """

def difficulty_deal(
    level: LevelName | str,
    *,
    seed: int | None = None,
    cards: int | None = None,
    rules: Rules | str | None = None,
    tries: int | None = None,
    jobs: int | None = None,
    game: str | None = None,
) -> Deal:
    """The first numbered deal of ``game`` (default ``accordion``) of ``cards`` cards (default
    52) from ``seed`` on (default: a random start) rated ``level`` (:func:`rate`);
    ``InvalidArgumentError`` for a row length the game's levels are not calibrated at
    (Accordion's: shorter than 8 cards; the other games': other than 52),
    ``InvalidRulesError`` if none within ``tries`` numbers (default 10,000). Accordion's
    rows at calibrated lengths under the modern rules were rated once and for all for the
    first few thousand numbers, and a random start is drawn among them: a deal is found at
    once (docs/difficulty.md).
    """

def solve(
    position: Deal | Game | str,
    *,
    rules: Rules | str | None = None,
    max_nodes: int | None = None,
    timeout: float | None = None,
    memory: int | None = None,
    jobs: int | None = None,
) -> Solution:
    """Solve an open row (or the current row of a game) exhaustively.

    Args:
        position: a :class:`Deal`, its text, or a :class:`Game` (its current row; a
            blind game's stock is dealt in order).
        rules: the rules (default: the game's, else ``modern``).
        max_nodes: a node budget, at least 1 (default: none).
        timeout: seconds, positive (``inf`` or ``None``: none).
        memory: the transposition table's bound in bytes, at least 1 MiB (default 256 MiB).
        jobs: searchers racing on the row, each on its own thread, in its own move
            order and with its own table, 1 to 256 (default 1); the answer is that of
            the one that finishes in the fewest positions, the same in every run.

    Returns:
        A :class:`Solution`: ``win`` with a winning line, ``loss`` with a line to the
        fewest piles, or ``unknown`` when a budget ran out.

    Raises:
        InvalidArgumentError: a budget out of range.
        InvalidDealError, InvalidCardError, InvalidRulesError: a bad row or rule set.
        KeyboardInterrupt: Ctrl-C, from any thread (the GIL is released meanwhile).

    Examples:
        >>> solve("2S 3S 7H 6H AC QH TH 8C").result
        'loss'
    """

def solve_many(
    deals: Iterable[Deal | str],
    *,
    rules: Rules | str | None = None,
    jobs: int | None = None,
    max_nodes: int | None = None,
    timeout: float | None = None,
    memory: int | None = None,
    progress: Callable[[int], object] | None = None,
) -> list[Solution]:
    """Solve many rows on ``jobs`` threads; results in input order, the same for any ``jobs``.

    Args:
        deals: the rows (deals or their text); read before the search starts.
        rules, max_nodes, timeout, memory: as for :func:`solve`, for each row.
        jobs: threads, 1 to ``MAX_JOBS`` (default: one per core); one table per thread.
        progress: called with the number of rows solved so far, in the calling
            thread, about every 50 ms while it grows and once at the end.

    Returns:
        A list of :class:`Solution`, one per row, in order.

    Raises:
        InvalidArgumentError: ``jobs`` or a budget out of range.
        TypeError: ``progress`` is not callable.
        KeyboardInterrupt: Ctrl-C, from any thread.
    """

# ---------------------------------------------------------------- the throw games
# The throw games (Royal Marriage and the other games of its throw, named by
# ``game=``, Bayan, Decade, Seven Up, Accordian Patience) are bound once
# (rust/python/throw.rs): their members are declared once here, in private
# generic bases (parametrised by the class itself where a member returns it),
# and each game's classes only name their types and carry their own docstring.
# ``help()`` on a game's class shows its game's words for every member;
# a base's member says here what holds for every game.

_KindT = TypeVar("_KindT", bound=str)
_RulesT = TypeVar("_RulesT", bound=str)

class _ThrowMove(_Move[_SelfT], Generic[_SelfT, _KindT]):
    def __new__(cls, text: str, *, game: str | None = None) -> Self:
        """Same as :meth:`parse`."""
    @staticmethod
    def parse(text: str, *, game: str | None = None) -> _SelfT:
        """Parse a move in the game's notation (``out …``, ``7H>7S``) or ``deal``.

        Raises:
            InvalidMoveError: anything else, or one card named twice.
            TypeError: ``text`` is not a ``str``.
        """
    @property
    def kind(self) -> _KindT:
        """What the move does: ``"deal"``, or the game's kind of throw or move."""
    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards the move names, or none for ``deal``."""

class _ThrowOutcome(_Outcome[Literal["win", "loss"]]):
    def __new__(cls, *, cards: int, won: bool, is_over: bool) -> Self:
        """The outcome its repr writes (``RoyalOutcome(cards=2, won=True, is_over=True)``).

        Raises:
            InvalidArgumentError: negative ``cards``, or an outcome that contradicts
                what the game is won at (a game is won exactly when it is over with
                that many cards left: ``BayanOutcome(cards=2, won=True, …)``).
            TypeError: an argument of the wrong type.
        """
    @property
    def cards(self) -> int:
        """Cards not thrown out (in the row and still to deal)."""
    @property
    def won(self) -> bool:
        """Whether the game is won: as few cards (or piles) left as the game is won at."""

class _ThrowGame(_Game[_MoveT, _OutcomeT, _RulesT], Generic[_MoveT, _OutcomeT, _RulesT]):
    def __new__(
        cls,
        deal: Deal | str,
        rules: _RulesT | Rules | str | None = None,
        *,
        blind: bool = False,
        game: str | None = None,
    ) -> Self:
        """A game of ``deal`` under ``rules`` (by default ``modern``), open or ``blind``."""
    @property
    def game(self) -> str:
        """The name of the game played (``accordion.games()``)."""
    @property
    def cards(self) -> list[Card]:
        """The cards a move can name, left to right: the whole row in a game
        of single cards, the top card of each pile in Accordian Patience.
        """
    @property
    def sizes(self) -> list[int]:
        """How many cards each pile holds, left to right."""

class _ThrowSolution(_Solution[_SelfT, _MoveT], Generic[_SelfT, _MoveT]):
    @property
    def game(self) -> str:
        """The name of the game solved (``accordion.games()``)."""
    @property
    def cards(self) -> int:
        """Cards (or piles) left at the end of :attr:`moves`."""

RoyalStrategy = _games.ThrowStrategy

_StatsRulesT = TypeVar("_StatsRulesT", bound=str)
_StrategyT = TypeVar("_StrategyT", bound=str)

class _Stats(Generic[_StatsRulesT, _StrategyT]):
    # What every game's statistics have alike: Accordion's (``Stats``) and each
    # throw game's (``_ThrowStats``).
    @property
    def blind(self) -> bool:
        """Whether the deals were dealt as they went."""
    @property
    def cards(self) -> int:
        """Cards per deal."""
    @property
    def deals(self) -> int:
        """Deals played."""
    @property
    def seed(self) -> int:
        """The first deal's number (the deals are ``seed … seed+deals-1``)."""
    @property
    def win_rate(self) -> float:
        """``wins / deals``."""
    @property
    def ci95(self) -> tuple[float, float]:
        """The 95% Wilson score interval of the win rate."""
    @property
    def seconds(self) -> float:
        """Wall-clock seconds the simulation took."""
    @property
    def rules(self) -> _StatsRulesT:
        """The rule set played."""
    @property
    def strategy(self) -> _StrategyT:
        """The strategy that chose the moves (or the throws)."""
    @property
    def wins(self) -> int:
        """Deals won."""
    @property
    def mean_piles(self) -> float:
        """Mean piles (or cards) left at the end."""
    @property
    def histogram(self) -> dict[int, int]:
        """Piles (or cards) left → deals, increasing, only the counts that occurred."""
    def to_dict(self) -> dict[str, object]:
        """The ``stats`` JSON object of docs/contract.md."""
    def __eq__(self, other: object, /) -> bool: ...
    __hash__: ClassVar[None]  # type: ignore[assignment]

class _ThrowStats(_Stats[_RulesT, RoyalStrategy], Generic[_SelfT, _RulesT]):
    @staticmethod
    def from_histogram(
        histogram: dict[int, int],
        rules: _RulesT | Rules | str,
        strategy: RoyalStrategy | str,
        blind: bool,
        cards: int,
        seed: int,
        seconds: float = 0.0,
        game: str | None = None,
    ) -> _SelfT:
        """The figures of a histogram of cards left (cards → deals) of the deals
        ``seed …``, computed as the simulation computes them.

        Runs over adjacent seed ranges combine by adding their histograms;
        pickling rebuilds the statistics through this.

        Raises:
            InvalidArgumentError: a count, seed or number of cards out of range.
            InvalidRulesError: rules or a strategy the game does not know.
        """
    @property
    def game(self) -> str:
        """The name of the game played (``accordion.games()``)."""

_GameT_contra = TypeVar("_GameT_contra", contravariant=True)
_RulesT_contra = TypeVar("_RulesT_contra", bound=str, contravariant=True)
_SolutionT_co = TypeVar("_SolutionT_co", covariant=True)
_StatsT_co = TypeVar("_StatsT_co", covariant=True)

class _ThrowSolve(Protocol[_GameT_contra, _RulesT_contra, _SolutionT_co]):
    # The arguments of `solve`, checked alike: a game's `solve_…`.
    def __call__(
        self,
        position: Deal | _GameT_contra | str,
        *,
        rules: _RulesT_contra | Rules | str | None = None,
        max_nodes: int | None = None,
        timeout: float | None = None,
        memory: int | None = None,
        game: str | None = None,
    ) -> _SolutionT_co: ...

class _ThrowSimulate(Protocol[_RulesT_contra, _StatsT_co]):
    # The arguments of `simulate`: a game's `simulate_…`.
    def __call__(
        self,
        *,
        deals: int,
        rules: _RulesT_contra | Rules | str | None = None,
        strategy: RoyalStrategy | str | None = None,
        seed: int | None = None,
        cards: int | None = None,
        blind: bool | None = None,
        jobs: int | None = None,
        progress: Callable[[int], object] | None = None,
        game: str | None = None,
    ) -> _StatsT_co: ...

# ---------------------------------------------------------------- Royal Marriage
# docs/royal-marriage.md; the reference twin is accordion.reference.royal.

RoyalRuleName = Literal["modern", "parlett"]
RoyalMoveKind = Literal["out", "between", "deal"]

@final
class RoyalMove(_ThrowMove[RoyalMove, RoyalMoveKind]):
    """A throw named by its cards (``out 5D``, ``out 5D 7C``), by the agreeing pair around
    it (``between 3S 9S``), or ``deal``. ``RoyalMove(text)`` parses; ``str`` round-trips.

    Raises:
        InvalidMoveError: text that is not a Royal Marriage move.
        TypeError: ``text`` is not a ``str``.

    Examples:
        >>> move = RoyalMove("x5D,7C")
        >>> str(move), move.kind, move.cards
        ('out 5D 7C', 'out', (Card('5D'), Card('7C')))
    """

@final
class RoyalOutcome(_ThrowOutcome):
    """Where a Royal Marriage game stands; ``cards`` counts the cards not thrown out."""

@final
class RoyalGame(_ThrowGame[RoyalMove, RoyalOutcome, RoyalRuleName]):
    """A game of Royal Marriage, open or blind (the deal is then the stock, QH first), or
    of another game of its throw.

    Args:
        deal: a Royal Marriage deal (QH first, KH last) or its text; another game's
            deal as its facts say (``accordion.games()``: its ``dealing``, ``min_cards``).
        rules: ``modern`` (default) or ``parlett``; they matter in blind play only:
            ``modern`` lets the player deal while a throw exists, ``parlett`` obliges a
            throw first. Another game: the rule sets its facts list.
        blind: deal as you go from the stock (another game: as its facts say how
            its blind game starts).
        game: the name of the game played, ``royal-marriage`` (default) or another
            game of Royal Marriage's throw of ``accordion.games()``; :attr:`game`
            says which, and the repr, pickles and dictionaries carry it.

    One game may be used from several threads: each call sees it whole, and
    ``hint`` searches a copy of the position it started from.

    Raises:
        InvalidDealError: a row that does not start with QH and end with KH (or
            that the game named does not take).
        InvalidRulesError: any other rule set.
        InvalidArgumentError: ``game`` names no game of Royal Marriage's throw.

    Examples:
        >>> game = RoyalGame("QH 5C 9H 7D 5S KH")
        >>> [str(move) for move in game.legal_moves]
        ['out 5C', 'out 9H 7D', 'out 7D 5S']
    """

@final
class RoyalSolution(_ThrowSolution[RoyalSolution, RoyalMove]):
    """What the Royal Marriage solver found for one row (:func:`solve_royal`)."""

@final
class RoyalStats(_ThrowStats[RoyalStats, RoyalRuleName]):
    """Totals of :func:`simulate_royal`: the attributes of :class:`Stats` (piles = cards
    left, a win is the royal pair alone), without ``grades``.
    """

    @property
    def mean_cards(self) -> float:
        """Deprecated (``DeprecationWarning``): :attr:`mean_piles`."""

def royal_deal(seed: int, cards: int | None = None) -> Deal:
    """Numbered Royal Marriage deal: QH, the first ``cards - 2`` other cards of
    ``Deal.from_seed(seed)`` (QH and KH skipped), KH.

    Raises:
        InvalidArgumentError: ``seed`` out of range or ``cards`` outside 2 to 52.
    """

solve_royal: _ThrowSolve[RoyalGame, RoyalRuleName, RoyalSolution]
"""Solve an open Royal Marriage row, or a game's position, exactly.

A blind game is solved with its stock: under ``modern`` from its row with the stock
dealt onto it (dealing everything first loses nothing), as :func:`solve` and
:func:`solve_bayan` deal theirs; under ``parlett``, where every choice ends alike,
by playing it out (the line starts at the game's position, deals included). The
arguments of :func:`solve`, checked alike: ``rules`` ``modern`` or ``parlett``
(default: the game's, else ``modern``; the same for an open row); ``memory`` is
checked but the interval solver needs no table; ``game`` names the game a row is
of (default ``royal-marriage``; a game is of its own). Releases the GIL; Ctrl-C
stops it.

Returns:
    A :class:`RoyalSolution`.

Raises:
    InvalidDealError: a row that is not a Royal Marriage deal.
    InvalidArgumentError: a budget out of range, or a ``game`` that is not
        the game's own when ``position`` is a game.
"""
simulate_royal: _ThrowSimulate[RoyalRuleName, RoyalStats]
"""Play numbered Royal Marriage deals ``seed … seed+deals-1``.

The arguments of :func:`simulate`; ``strategy`` is ``greedy`` (default) or
``best``, ``blind`` defaults to False, ``cards`` is 2 to 52; ``game`` names the
game of Royal Marriage's throw played (default ``royal-marriage``; another plays
its own numbered deals, ``Deal.from_seed(n, cards)`` for a game dealt as a row).
Deterministic for a seed whatever ``jobs`` is; releases the GIL; Ctrl-C stops
it, from any thread.
``simulate_royal(deals, ...)``, the old signature, still works with a
``DeprecationWarning``.

Returns:
    A :class:`RoyalStats`.

Raises:
    InvalidArgumentError: a count, seed or ``jobs`` out of range.
    InvalidRulesError: an unknown rule set or strategy.
"""

# ---------------------------------------------------------------- Bayan
# docs/bayan.md (PySolFC's game 656); the reference twin is accordion.reference.bayan.

BayanMoveKind = Literal["out", "deal"]

@final
class BayanMove(_ThrowMove[BayanMove, BayanMoveKind]):
    """A Bayan throw named by its two cards (``out 5D 9D``), or ``deal``.
    ``BayanMove(text)`` parses; ``str`` round-trips.

    Raises:
        InvalidMoveError: text that is not a Bayan move.
        TypeError: ``text`` is not a ``str``.

    Examples:
        >>> move = BayanMove("x9D,5D")
        >>> str(move), move.kind, move.cards
        ('out 9D 5D', 'out', (Card('9D'), Card('5D')))
    """

@final
class BayanOutcome(_ThrowOutcome):
    """Where a Bayan game stands; ``cards`` counts the cards not thrown out."""

@final
class BayanGame(_ThrowGame[BayanMove, BayanOutcome, Literal["modern"]]):
    """A game of Bayan (PySolFC's game 656), open or blind.

    Two cards 1 or 3 places apart that agree (suit or rank) are thrown out together
    and the row closes up; the game is won when every card is out. Blind play is
    PySolFC's without "deal all cards": three cards laid out, the rest dealt one at
    a time onto the end of the row whenever the player likes.

    Args:
        deal: any row of distinct cards (a ``Deal`` or its text), e.g.
            ``Deal.from_pysol(n, "bayan")``.
        rules: ``modern`` (default, PySolFC's rules) or ``None``; nothing else.
        blind: deal as you go from the talon.

    One game may be used from several threads: each call sees it whole, and
    ``hint`` searches a copy of the position it started from.

    Raises:
        InvalidDealError: text that is not a row.
        InvalidRulesError: any other rule set, or a variant.

    Examples:
        >>> game = BayanGame("5C 9H 2D 5S 9D 2H")
        >>> [str(move) for move in game.legal_moves]
        ['out 5C 5S', 'out 9H 9D', 'out 2D 2H']
    """

@final
class BayanSolution(_ThrowSolution[BayanSolution, BayanMove]):
    """What the Bayan solver found for one row (:func:`solve_bayan`)."""

@final
class BayanStats(_ThrowStats[BayanStats, Literal["modern"]]):
    """Totals of :func:`simulate_bayan`: the attributes of :class:`Stats` (piles = cards
    left, a win is an empty row), without ``grades``.
    """

solve_bayan: _ThrowSolve[BayanGame, Literal["modern"], BayanSolution]
"""Solve an open Bayan row (or a blind game's whole deal, or an open game's
current row) exactly: can every card be thrown out?

The arguments of :func:`solve`, checked alike; ``rules`` must be ``modern``
(default: the game's, else ``modern``). A blind game is solved from its row
with the talon dealt onto it (dealing everything first loses nothing).
Releases the GIL; Ctrl-C stops it.

Returns:
    A :class:`BayanSolution`.

Raises:
    InvalidDealError: text that is not a row, or empty text (a game whose cards
        are all out is a win with no moves).
    InvalidRulesError: rules other than ``modern``.
    InvalidArgumentError: a budget out of range.
"""
simulate_bayan: _ThrowSimulate[Literal["modern"], BayanStats]
"""Play numbered Bayan deals ``seed … seed+deals-1`` (``Deal.from_seed(n, cards)``).

The arguments of :func:`simulate`; ``rules`` is ``modern`` (or ``None``),
``strategy`` is ``greedy`` (default: the first throw in canonical order, a deal
only when no throw is left) or ``best`` (the exact solver's line; blind, every
card dealt first, which loses nothing), ``blind`` defaults to False (blind: three
cards laid out, the rest the talon), ``cards`` is 1 to 52. Deterministic for a
seed whatever ``jobs`` is; releases the GIL; Ctrl-C stops it, from any thread.

Returns:
    A :class:`BayanStats`.

Raises:
    InvalidArgumentError: a count, seed or ``jobs`` out of range.
    InvalidRulesError: rules other than ``modern``, or an unknown strategy.
"""

# ---------------------------------------------------------------- Decade
# docs/decade.md (PySolFC's game 816); the reference twin is accordion.reference.runs.

@final
class DecadeMove(_ThrowMove[DecadeMove, Literal["out", "deal"]]):
    """A Decade throw named by the cards of its run (``out 3C 7D``), or ``deal``.
    ``DecadeMove(text)`` parses; ``str`` round-trips.

    Raises:
        InvalidMoveError: text that is not a Decade move.
        TypeError: ``text`` is not a ``str``.

    Examples:
        >>> move = DecadeMove("x3C,7D")
        >>> str(move), move.kind, move.cards
        ('out 3C 7D', 'out', (Card('3C'), Card('7D')))
    """

@final
class DecadeOutcome(_ThrowOutcome):
    """Where a Decade game stands; ``cards`` counts the cards not thrown out."""

@final
class DecadeGame(_ThrowGame[DecadeMove, DecadeOutcome, Literal["modern"]]):
    """A game of Decade (PySolFC's game 816, Ten Twenty Thirty), open or blind.

    A run of two or more adjacent cards whose values total 10, 20 or 30 (ace 1,
    two to ten at face value, courts 10) is thrown out and the row closes up; the
    game is won when every card is out. Blind play is PySolFC's without "deal all
    cards": three cards laid out, the rest dealt one at a time onto the end of the
    row whenever the player likes.

    Args:
        deal: any row of distinct cards (a ``Deal`` or its text), e.g.
            ``Deal.from_pysol(n, "decade")``.
        rules: ``modern`` (default, PySolFC's rules) or ``None``; nothing else.
        blind: deal as you go from the talon.

    One game may be used from several threads: each call sees it whole, and
    ``hint`` searches a copy of the position it started from.

    Raises:
        InvalidDealError: text that is not a row.
        InvalidRulesError: any other rule set, or a variant.

    Examples:
        >>> game = DecadeGame("3C 7D KH 5S 5H")
        >>> [str(move) for move in game.legal_moves]
        ['out 3C 7D', 'out 3C 7D KH', 'out 3C 7D KH 5S 5H', 'out KH 5S 5H', 'out 5S 5H']
    """

@final
class DecadeSolution(_ThrowSolution[DecadeSolution, DecadeMove]):
    """What the Decade solver found for one row (:func:`solve_decade`)."""

@final
class DecadeStats(_ThrowStats[DecadeStats, Literal["modern"]]):
    """Totals of :func:`simulate_decade`: the attributes of :class:`Stats` (piles = cards
    left, a win is an empty row), without ``grades``.
    """

solve_decade: _ThrowSolve[DecadeGame, Literal["modern"], DecadeSolution]
"""Solve an open Decade row (or a blind game's whole deal, or an open game's
current row) exactly: the fewest cards any line leaves, and a line to them.

The arguments of :func:`solve`, checked alike; ``rules`` must be ``modern``
(default: the game's, else ``modern``). A blind game is solved from its row
with the talon dealt onto it (dealing everything first loses nothing).
Releases the GIL; Ctrl-C stops it.

Returns:
    A :class:`DecadeSolution`.

Raises:
    InvalidDealError: text that is not a row, or empty text (a game whose cards
        are all out is a win with no moves).
    InvalidRulesError: rules other than ``modern``.
    InvalidArgumentError: a budget out of range.
"""
simulate_decade: _ThrowSimulate[Literal["modern"], DecadeStats]
"""Play numbered Decade deals ``seed … seed+deals-1`` (``Deal.from_seed(n, cards)``).

The arguments of :func:`simulate`; ``rules`` is ``modern`` (or ``None``),
``strategy`` is ``greedy`` (default: the first run in canonical order, a deal
only when no run is left) or ``best`` (the exact solver's line; blind, every
card dealt first, which loses nothing), ``blind`` defaults to False (blind: three
cards laid out, the rest the talon), ``cards`` is 1 to 52. Deterministic for a
seed whatever ``jobs`` is; releases the GIL; Ctrl-C stops it, from any thread.

Returns:
    A :class:`DecadeStats`.

Raises:
    InvalidArgumentError: a count, seed or ``jobs`` out of range.
    InvalidRulesError: rules other than ``modern``, or an unknown strategy.
"""

# ---------------------------------------------------------------- Seven Up
# docs/seven-up.md (PySolFC's game 918); the reference twin is accordion.reference.runs.

@final
class SevenUpMove(_ThrowMove[SevenUpMove, Literal["out", "deal"]]):
    """A Seven Up throw named by the cards of its run (``out 3C 4D``), or ``deal``.
    ``SevenUpMove(text)`` parses; ``str`` round-trips.

    Raises:
        InvalidMoveError: text that is not a Seven Up move.
        TypeError: ``text`` is not a ``str``.

    Examples:
        >>> move = SevenUpMove("x3C,4D")
        >>> str(move), move.kind, move.cards
        ('out 3C 4D', 'out', (Card('3C'), Card('4D')))
    """

@final
class SevenUpOutcome(_ThrowOutcome):
    """Where a Seven Up game stands; ``cards`` counts the cards not thrown out."""

@final
class SevenUpGame(_ThrowGame[SevenUpMove, SevenUpOutcome, Literal["modern"]]):
    """A game of Seven Up (PySolFC's game 918, Seventh Wonder, The Magic Seven), open
    or blind.

    A single 7, or a run of two to four adjacent cards whose ranks total a
    multiple of 7 (ace 1 … king 13), is thrown out and the row closes up; the game
    is won when every card is out. Blind play is PySolFC's without "deal all
    cards": three cards laid out, the rest dealt one at a time onto the end of the
    row whenever the player likes.

    Args:
        deal: any row of distinct cards (a ``Deal`` or its text), e.g.
            ``Deal.from_pysol(n, "seven-up")``.
        rules: ``modern`` (default, PySolFC's rules) or ``None``; nothing else.
        blind: deal as you go from the talon.

    One game may be used from several threads: each call sees it whole, and
    ``hint`` searches a copy of the position it started from.

    Raises:
        InvalidDealError: text that is not a row.
        InvalidRulesError: any other rule set, or a variant.

    Examples:
        >>> game = SevenUpGame("7C 3D 4H KS AC")
        >>> [str(move) for move in game.legal_moves]
        ['out 7C', 'out 7C 3D 4H', 'out 3D 4H', 'out 3D 4H KS AC', 'out KS AC']
    """

@final
class SevenUpSolution(_ThrowSolution[SevenUpSolution, SevenUpMove]):
    """What the Seven Up solver found for one row (:func:`solve_seven_up`)."""

@final
class SevenUpStats(_ThrowStats[SevenUpStats, Literal["modern"]]):
    """Totals of :func:`simulate_seven_up`: the attributes of :class:`Stats` (piles = cards
    left, a win is an empty row), without ``grades``.
    """

solve_seven_up: _ThrowSolve[SevenUpGame, Literal["modern"], SevenUpSolution]
"""Solve an open Seven Up row (or a blind game's whole deal, or an open game's
current row) exactly: the fewest cards any line leaves, and a line to them.

The arguments of :func:`solve`, checked alike; ``rules`` must be ``modern``
(default: the game's, else ``modern``). A blind game is solved from its row
with the talon dealt onto it (dealing everything first loses nothing).
Releases the GIL; Ctrl-C stops it.

Returns:
    A :class:`SevenUpSolution`.

Raises:
    InvalidDealError: text that is not a row, or empty text (a game whose cards
        are all out is a win with no moves).
    InvalidRulesError: rules other than ``modern``.
    InvalidArgumentError: a budget out of range.
"""
simulate_seven_up: _ThrowSimulate[Literal["modern"], SevenUpStats]
"""Play numbered Seven Up deals ``seed … seed+deals-1`` (``Deal.from_seed(n, cards)``).

The arguments of :func:`simulate`; ``rules`` is ``modern`` (or ``None``),
``strategy`` is ``greedy`` (default: the first run in canonical order, a deal
only when no run is left) or ``best`` (the exact solver's line; blind, every
card dealt first, which loses nothing), ``blind`` defaults to False (blind: three
cards laid out, the rest the talon), ``cards`` is 1 to 52. Deterministic for a
seed whatever ``jobs`` is; releases the GIL; Ctrl-C stops it, from any thread.

Returns:
    A :class:`SevenUpStats`.

Raises:
    InvalidArgumentError: a count, seed or ``jobs`` out of range.
    InvalidRulesError: rules other than ``modern``, or an unknown strategy.
"""

# docs/accordian.md (UVa 127); the reference twin is accordion.reference.accordian.

AccordianMoveKind = Literal["move", "deal"]
AccordianRules = Literal["modern", "uva"]

@final
class AccordianMove(_ThrowMove[AccordianMove, AccordianMoveKind]):
    """A move named by the two top cards, Accordion's notation (``7H>7S``: the top
    card 7H lands on the pile whose top is 7S), or ``deal``.
    ``AccordianMove(text)`` parses; ``str`` round-trips.

    Raises:
        InvalidMoveError: text that is not a move.
        TypeError: ``text`` is not a ``str``.

    Examples:
        >>> move = AccordianMove("7h on 7s")
        >>> str(move), move.kind, move.cards
        ('7H>7S', 'move', (Card('7H'), Card('7S')))
    """

@final
class AccordianOutcome(_ThrowOutcome):
    """Where an Accordian game stands; ``cards`` and ``piles`` count the piles, each
    card still to deal one pile to come.
    """

@final
class AccordianGame(_ThrowGame[AccordianMove, AccordianOutcome, AccordianRules]):
    """A game of Accordian Patience (UVa 127), open or blind.

    The top card of a pile moves onto the pile 1 or 3 places to its left when the
    two top cards agree (suit or rank), showing the card beneath; a pile left empty
    closes up; the game is won at one pile. Under ``uva`` (the judge's rules) every
    action is forced: the leftmost card that can move does, three places rather
    than one, and a card is dealt only when nothing moves.

    Args:
        deal: any row of distinct cards (a ``Deal`` or its text).
        rules: ``modern`` (default: any move, deal whenever the stock lasts) or
            ``uva`` (the judge's: every action forced).
        blind: the row starts empty and the stock deals the cards in order.

    One game may be used from several threads: each call sees it whole, and
    ``hint`` searches a copy of the position it started from.

    Raises:
        InvalidDealError: text that is not a row.
        InvalidRulesError: any other rule set, or a variant.

    Examples:
        >>> game = AccordianGame("5C 9H 2D 5S 5H")
        >>> [str(move) for move in game.legal_moves]
        ['5S>5C', '5H>5S', '5H>9H']
    """

@final
class AccordianSolution(_ThrowSolution[AccordianSolution, AccordianMove]):
    """What the Accordian solver found for one row (:func:`solve_accordian`)."""

@final
class AccordianStats(_ThrowStats[AccordianStats, AccordianRules]):
    """Totals of :func:`simulate_accordian`: the attributes of :class:`Stats` (piles
    left; a win is one pile), without ``grades``.
    """

solve_accordian: _ThrowSolve[AccordianGame, AccordianRules, AccordianSolution]
"""Solve an open Accordian row (or a game's position: its piles with the stock
dealt onto them) for the fewest piles.

The arguments of :func:`solve`, checked alike: ``rules`` ``modern`` or ``uva``
(default: the game's, else ``modern``). Under ``modern`` the search is exact
(docs/accordian.md); under ``uva`` the one line is the forced game. Releases
the GIL; Ctrl-C stops it.

Returns:
    An :class:`AccordianSolution`.

Raises:
    InvalidDealError: text that is not a row, or an empty row.
    InvalidRulesError: rules other than ``modern`` or ``uva``.
    InvalidArgumentError: a budget out of range.
"""
simulate_accordian: _ThrowSimulate[AccordianRules, AccordianStats]
"""Play numbered Accordian deals ``seed … seed+deals-1`` (``Deal.from_seed(n, cards)``).

The arguments of :func:`simulate`; ``rules`` is ``modern`` (default) or ``uva``,
``strategy`` is ``greedy`` (default: the first legal move in canonical order,
under ``uva`` the forced one, so the judge's game; a deal only when no move is
left) or ``best`` (the exact solver's line, which may take very long on a deal
it cannot win), ``blind`` defaults to False, ``cards`` is 1 to 52.
Deterministic for a seed whatever ``jobs`` is; releases the GIL; Ctrl-C stops
it, from any thread.

Returns:
    An :class:`AccordianStats`.

Raises:
    InvalidArgumentError: a count, seed or ``jobs`` out of range.
    InvalidRulesError: rules other than ``modern`` or ``uva``, or an unknown
        strategy.
"""

def play_uva(deal: Deal | str) -> list[int]:
    """The judge's game (UVa 127) of a row: every card dealt in turn, the forced
    moves made after each deal until nothing moves; the pile sizes left to right.

    Raises:
        InvalidDealError: text that is not a row.

    Examples:
        >>> play_uva("5C 9H 2D 5S 5H")
        [4, 1]
    """

StrategyName = _games.AccordionStrategy

@final
class Stats(_Stats[str, str]):
    """The figures of a simulation (:func:`simulate`; docs/contract.md, ``stats``).

    Examples:
        >>> stats = simulate(rules="strict", deals=10_000, seed=1)
        >>> stats.wins, stats.deals, stats.strategy
        (5, 10000, 'forced')
    """

    @property
    def grades(self) -> dict[str, float]:
        """Share of deals per grade: win, strong, moral victory, loss."""
    @staticmethod
    def from_histogram(
        histogram: dict[int, int],
        rules: Rules | str,
        strategy: StrategyName | str,
        blind: bool,
        cards: int,
        seed: int,
        seconds: float = 0.0,
    ) -> Stats:
        """The figures of a histogram of final piles (piles → deals) of the deals
        ``seed …``, computed as :func:`simulate` computes them.

        Runs over adjacent seed ranges combine by adding their histograms; this is
        how :mod:`accordion.batch` merges chunks and how pickling rebuilds a
        ``Stats``.
        """

def simulate(
    *,
    deals: int,
    rules: Rules | str | None = None,
    strategy: StrategyName | str | None = None,
    seed: int | None = None,
    cards: int | None = None,
    blind: bool | None = None,
    jobs: int | None = None,
    progress: Callable[[int], object] | None = None,
) -> Stats:
    """Play numbered deals ``seed … seed+deals-1`` with ``strategy`` under ``rules``.

    Args:
        deals: how many deals, at least 1.
        rules: the rules (default ``modern``).
        strategy: who chooses the moves (docs/strategies.md); by default what the
            rules force (``strict``, ``strict-leap``), the agent under ``parlett`` and
            greedy ``slide-first`` under ``modern``. ``lookahead``, ``planner``,
            ``depth-first`` and ``deep-planner`` take a budget of positions per move
            after a colon (``"lookahead:300"``; default 1,000).
        seed: the first deal's number (default 1); the last, ``seed + deals - 1``, at
            most 2**64 - 1.
        cards: cards per deal, 1 to 52.
        blind: deal as you go; default True except for ``sweepers``, ``solver``,
            ``lookahead``, ``planner``, ``depth-first`` and ``deep-planner`` (plans for
            open rows).
        jobs: threads, 1 to ``MAX_JOBS`` (default: one per core).
        progress: called with the number of deals finished so far.

    Returns:
        The :class:`Stats`. Deterministic for a seed whatever ``jobs`` is.

    Raises:
        InvalidArgumentError: a count, seed or ``jobs`` out of range.
        InvalidRulesError: an unknown rule set or strategy, or a strategy the rules
            refuse.
        KeyboardInterrupt: Ctrl-C, from any thread (the GIL is released meanwhile).
    """
