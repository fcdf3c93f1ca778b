"""Royal Marriage in plain Python: the executable specification of
``docs/royal-marriage.md``, written to be read.

The queen of hearts starts at the left end of the row and the king of hearts at
the right end, the other cards between. Whenever one or two cards lie between
two cards that agree (same suit or same rank), those cards may be thrown out.
The game is won when only the queen and the king are left.

The other games of the same throw are played by the same classes, named by
``game=`` (``accordion.games``: one dealt as a row takes any deal and is won
when any two cards are left; its blind game starts with three cards laid out
and deals whenever the player likes).

>>> game = RoyalGame("QH 5C 9H 7D 5S KH")
>>> [str(move) for move in game.legal_moves]
['out 5C', 'out 9H 7D', 'out 7D 5S']
>>> game.play("out 9H 7D")
RoyalMove('out 9H 7D')
>>> game.play("between QH KH")
RoyalMove('out 5C 5S')
>>> game.outcome.won, game.cards
(True, [Card('QH'), Card('KH')])
>>> solve_royal("QH 5C 9H 7D 5S KH").result
'win'
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any, ClassVar, SupportsIndex, TypeVar

from accordion.errors import (
    IllegalMoveError,
    InvalidArgumentError,
    InvalidCardError,
    InvalidDealError,
)
from accordion.reference import _args, _tokens
from accordion.reference._throws import (
    CardRowGame,
    Row,
    Solver,
    ThrowMove,
    ThrowOutcome,
    ThrowSolution,
    cards_of,
)
from accordion.reference.cards import Card
from accordion.reference.deals import Deal
from accordion.reference.rules import Rules

QUEEN = Card("QH")
KING = Card("KH")

#: ``modern``: a blind player may deal while a throw exists; ``parlett``: a
#: throw must be made first. In an open game the two are the same.
ROYAL_RULES = ("modern", "parlett")

# ---------------------------------------------------------------- deals


def check_royal(deal: Deal) -> Deal:
    """``deal`` if it starts with the queen and ends with the king of hearts."""
    cards = deal.cards
    if len(cards) < 2 or cards[0] != QUEEN or cards[-1] != KING:
        raise InvalidDealError(f"a Royal Marriage deal starts with QH and ends with KH, got {deal}")
    return deal


def royal_deal(seed: int, cards: int | None = None) -> Deal:
    """Numbered Royal Marriage deal: QH, then the first ``cards - 2`` of the other
    50 cards in the order of ``Deal.from_seed(seed)`` (QH and KH skipped), then KH."""
    number, count = _args.seed(seed), _args.cards(cards, least=2)
    others = [card for card in Deal.from_seed(number).cards if card not in (QUEEN, KING)]
    return Deal([QUEEN, *others[: count - 2], KING])


# ---------------------------------------------------------------- moves


class PairMove(ThrowMove):
    """A throw of Royal Marriage's notation (``out 5D 7C``, ``between 3S 9S``) or
    ``deal``, whichever game of its throw is played; each game's move class names
    its game (``GAME``) in the messages that refuse a move."""

    __slots__ = ()

    GAME = "Royal Marriage"
    EXAMPLES = "write e.g. out 5D, out 5D 7C, between 3S 9S or deal"
    COUNTS: ClassVar[Mapping[str, tuple[int, ...]]] = {"out": (1, 2), "between": (2,)}

    @classmethod
    def _read(cls, stripped: str, lower: str) -> tuple[str, list[Card] | None]:
        """``out 5D 7C``, ``5D 7C out``, ``x5D,7C``, ``between 3S 9S`` or ``3S..9S``."""
        if lower.startswith("between "):
            return "between", cards_of(stripped[len("between ") :])
        if (halves := _tokens.split_once(stripped, "..")) is not None:
            try:
                return "between", [Card(half) for half in halves]
            except InvalidCardError:
                return "between", None
        rest = cls._out_words(stripped, lower)
        return "out", None if rest is None else cards_of(rest)


#: The game of Royal Marriage's throw played when none is named.
DEFAULT = "royal-marriage"


def _facts(game: object) -> Any:
    """The registry's facts of the game of Royal Marriage's throw named ``game``
    (``None``: Royal Marriage), checked as the core checks the name."""
    from accordion.games import GAMES

    if game is None:
        game = DEFAULT
    game = _args.text(game, "game")
    mine = f"{__name__}:RoyalGame"
    names = [
        name
        for name, entry in GAMES.items()
        if entry.reference is not None and entry.reference.game == mine
    ]
    if game not in names:
        expected = f"{', '.join(names[:-1])} or {names[-1]}" if len(names) > 1 else names[0]
        raise InvalidArgumentError(f"game must be {expected}, got {_args.quoted(game)}", "game")
    return GAMES[game]


class RoyalMove(PairMove):
    """A throw of Royal Marriage's notation (``out 5D 7C``, ``between 3S 9S``) or
    ``deal``: :class:`accordion.RoyalMove`, whose documentation is the contract.
    ``game`` names the game whose messages refuse a text (default Royal Marriage).
    """

    __slots__ = ()

    def __new__(cls, text: str, *, game: str | None = None) -> RoyalMove:
        return _move_class(game).parse(text)

    @classmethod
    def _make(cls, kind: str, cards: tuple[Card, ...]) -> RoyalMove:
        # Every game's moves are RoyalMoves (a game's subclass only names it in errors).
        return RoyalMove._built(_kind=kind, _cards=cards)

    @classmethod
    def given(cls, move: object) -> RoyalMove:
        """A move given as a :class:`RoyalMove` or as its text (parsed by this game's class)."""
        given: RoyalMove = _args.given(move, RoyalMove, cls.parse, "a RoyalMove or str")
        return given

    @classmethod
    def parse(cls, text: str, *, game: str | None = None) -> RoyalMove:
        """Parse ``out 5D 7C``, ``5D 7C out``, ``x5D,7C``, ``between 3S 9S``,
        ``3S..9S`` or ``deal`` (:meth:`ThrowMove.parse`), the errors naming ``game``."""
        if game is None and cls is not RoyalMove:
            return super().parse(text)
        move: RoyalMove = super(RoyalMove, _move_class(game)).parse(text)
        return move


@functools.cache
def _move_class_named(game: str) -> type[RoyalMove]:
    """The move class whose messages name the game called ``game``: a
    :class:`RoyalMove` (Royal Marriage's is that class itself)."""
    if game == DEFAULT:
        return RoyalMove
    title: str = _facts(game).title
    return type("RoyalMove", (RoyalMove,), {"__slots__": (), "GAME": title})


def _move_class(game: object) -> type[RoyalMove]:
    return _move_class_named(_facts(game).name)


# ---------------------------------------------------------------- rows


#: A throw by position: ``(at, count)`` throws ``row[at : at + count]``.
Throw = tuple[int, int]


def allows(row: Row, throw: Throw) -> bool:
    """1 or 2 cards strictly inside the row, between two cards that agree."""
    at, count = throw
    return (
        count in (1, 2)
        and at >= 1
        and at + count < len(row)
        and (row[at - 1].agrees(row[at + count]))
    )


def throws(row: Row) -> list[Throw]:
    """Every throw, by position of the first thrown card, one card before two."""
    return [
        (at, count) for at in range(1, len(row)) for count in (1, 2) if allows(row, (at, count))
    ]


def thrown(row: Row, throw: Throw) -> Row:
    at, count = throw
    return row[:at] + row[at + count :]


def _out(row: Row, throw: Throw) -> RoyalMove:
    """The throw as a move, ``out`` and the cards thrown."""
    at, count = throw
    return RoyalMove._make("out", row[at : at + count])


# ---------------------------------------------------------------- the game


class RoyalOutcome(ThrowOutcome):
    """Where a game stands. ``cards`` counts every card not thrown out (row and stock);
    ``won``: only the queen and king of hearts are left."""


class RoyalSolution(ThrowSolution[RoyalMove]):
    """What the solver found (:class:`ThrowSolution`)."""


PairMoveT = TypeVar("PairMoveT", bound=PairMove)


class MarriageGame(CardRowGame[PairMoveT, Throw]):
    """Royal Marriage's throw, whichever game of it is played (:class:`RoyalGame`
    and the games its ``game`` names): the throws, how a move names one, and why
    one is refused. Each game says which deals it takes and how its blind game
    starts."""

    WON_AT = 2

    @classmethod
    def _steps(cls, rules: str, row: Row) -> list[Throw]:
        return throws(row)

    _after = staticmethod(thrown)

    # ``_least`` is the default 0: a row keeps its two end cards, so never comes
    # down to it, and the reference searches every line.

    def _throw_of(self, move: PairMoveT) -> Throw:
        """The throw a move names, found by its cards; it may still be illegal."""
        cards = move.cards
        if move.kind == "between":
            left, right = self._find(move, cards[0]), self._find(move, cards[1])
            if not left + 2 <= right <= left + 3:
                raise IllegalMoveError(
                    f"illegal move {move}: a throw takes the 1 or 2 cards between two cards,"
                    f" and {cards[1]} is not 2 or 3 places right of {cards[0]}"
                )
            return left + 1, right - left - 1
        at = self._find(move, cards[0])
        if len(cards) == 2 and self._find(move, cards[1]) != at + 1:
            raise IllegalMoveError(
                f"illegal move {move}: {cards[0]} and {cards[1]} are not next to each other,"
                " left to right"
            )
        return at, len(cards)

    def _step_of(self, move: PairMoveT) -> tuple[Throw, PairMoveT]:
        throw = self._throw_of(move)
        canonical = self._named(self._row, throw)
        if not allows(self._row, throw):
            at, count = throw
            if at == 0:
                why = f"{self._row[0]} is the left end of the row"
            elif at + count >= len(self._row):
                why = f"{self._row[-1]} is the right end of the row"
            else:
                why = (
                    f"{self._row[at - 1]} and {self._row[at + count]} on either side"
                    " share neither suit nor rank"
                )
            raise IllegalMoveError(f"illegal move {canonical}: {why}")
        return throw, canonical


class RoyalGame(MarriageGame[RoyalMove]):
    """A game of Royal Marriage's throw, open or blind: :class:`accordion.RoyalGame`,
    whose documentation is the contract (the arguments, the rules, the errors).
    ``game`` names the game played (default Royal Marriage); the game's facts in
    the registry (``accordion.games``) say which deals it takes (``dealing``: the
    royal pair at the ends, or any row of ``min_cards`` or more), how a blind game
    starts (the royal pair: an empty row; a row: three cards laid out), its rule
    sets and its word for the stock. Each game is played by a subclass made once
    from those facts (Royal Marriage's is this class itself).
    """

    NAME = "Royal Marriage"
    GAME_NAME: ClassVar[str] = DEFAULT
    DEALING: ClassVar[str] = "royal-pair"
    MIN_CARDS: ClassVar[int] = 2
    RULE_SETS = ROYAL_RULES
    PLAYED_UNDER = "the rules modern or parlett"
    OBLIGED = ("parlett",)
    MOVE = RoyalMove
    OUTCOME = RoyalOutcome
    SOLUTION = RoyalSolution

    def __new__(cls, *args: Any, game: str | None = None, **kwargs: Any) -> RoyalGame:
        # ``copy.copy`` calls ``__new__`` with the class alone: it keeps its game.
        played = cls if game is None and cls is not RoyalGame else _game_class(game)
        return super().__new__(played)

    def __init__(
        self,
        deal: Deal | str,
        rules: Rules | str | None = None,
        *,
        blind: bool = False,
        game: str | None = None,
    ) -> None:
        super().__init__(deal, rules, blind=blind)

    @property
    def game(self) -> str:
        """The name of the game played (``accordion.games``)."""
        return self.GAME_NAME

    @classmethod
    def _checked(cls, deal: Deal) -> Deal:
        if cls.DEALING == "royal-pair":
            return check_royal(deal)
        if len(deal.cards) < cls.MIN_CARDS:
            raise InvalidDealError(
                f"a {cls.NAME} deal has {cls.MIN_CARDS} cards or more, got {len(deal.cards)}"
            )
        return deal

    @classmethod
    def _laid_out_count(cls, cards: int) -> int:
        # The royal pair is dealt first and last; a row lays out three cards, as
        # PySolFC does without "deal all cards".
        return 0 if cls.DEALING == "royal-pair" else min(3, cards)

    @classmethod
    def _named(cls, row: Row, throw: Throw, /) -> RoyalMove:
        at, count = throw
        move: RoyalMove = cls.MOVE._make("out", row[at : at + count])
        return move

    def __repr__(self) -> str:
        shown = super().__repr__()
        if self.GAME_NAME == DEFAULT:
            return shown
        return f"{shown[:-1]}, game={self.GAME_NAME!r})"

    def __reduce_ex__(self, protocol: SupportsIndex) -> str | tuple[Any, ...]:
        # Another game's class is made at run time: a pickle names the game.
        reduced = super().__reduce_ex__(protocol)
        if self.GAME_NAME == DEFAULT or isinstance(reduced, str):
            return reduced
        return (_blank, (self.GAME_NAME,), *reduced[2:])


def _blank(game: str) -> RoyalGame:
    """A game of the game called ``game`` with nothing in it yet (unpickling fills it)."""
    blank: RoyalGame = object.__new__(_game_class(game))
    return blank


@functools.cache
def _game_class_named(game: str) -> type[RoyalGame]:
    """The class that plays the game called ``game`` (see :class:`RoyalGame`)."""
    if game == DEFAULT:
        return RoyalGame
    facts = _facts(game)
    rules: tuple[str, ...] = facts.rules
    made: type[RoyalGame] = type(
        "RoyalGame",
        (RoyalGame,),
        {
            "NAME": facts.title,
            "GAME_NAME": facts.name,
            "DEALING": facts.dealing,
            "MIN_CARDS": facts.min_cards,
            "WON_AT": facts.won_at,
            "RULE_SETS": rules,
            "PLAYED_UNDER": f"the rules {' or '.join(rules)}",
            "OBLIGED": tuple(name for name in ("parlett",) if name in rules),
            "STOCK": facts.nouns.stock,
            "MOVE": _move_class_named(facts.name),
        },
    )
    return made


def _game_class(game: object) -> type[RoyalGame]:
    return _game_class_named(_facts(game).name)


# ---------------------------------------------------------------- greedy play


def greedy_line(row: Row) -> tuple[list[RoyalMove], int]:
    """The greedy rule: always the first throw in canonical order (the leftmost)."""
    line = []
    while found := throws(row):
        line.append(_out(row, found[0]))
        row = thrown(row, found[0])
    return line, len(row)


# ---------------------------------------------------------------- the solver


class _MarriageSolver(Solver[RoyalGame, RoyalSolution]):
    """:class:`Solver` with ``game``: the game a row is of (a game is of its own)."""

    def __call__(
        self,
        position: Deal | RoyalGame | str,
        *,
        rules: Rules | str | None = None,
        max_nodes: int | None = None,
        timeout: float | None = None,
        memory: int | None = None,
        game: str | None = None,
    ) -> RoyalSolution:
        played = type(position) if isinstance(position, RoyalGame) else _game_class(game)
        solution: RoyalSolution = played._solve(position, rules, max_nodes, timeout, memory)
        return solution


solve_royal = _MarriageSolver(
    RoyalGame,
    """Search every line from an open row (a blind game's row with its stock dealt
    onto it, or an open game's current row), remembering the fewest cards
    reachable from each row. Exponential: for short rows. ``game`` names the game
    a row is of (default Royal Marriage).""",
)


#: ``modern`` (default) or ``parlett``, as a name or as ``Rules`` without a variant.
royal_rules = RoyalGame.rule_set


__all__ = [
    "KING",
    "QUEEN",
    "ROYAL_RULES",
    "MarriageGame",
    "PairMove",
    "RoyalGame",
    "RoyalMove",
    "RoyalOutcome",
    "RoyalSolution",
    "check_royal",
    "greedy_line",
    "royal_deal",
    "solve_royal",
]
