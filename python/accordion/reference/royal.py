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
import itertools
import types
from collections.abc import Mapping
from typing import ClassVar

from accordion.errors import IllegalMoveError, InvalidCardError, InvalidDealError
from accordion.reference import _args, _tokens
from accordion.reference._throws import (
    CardRowGame,
    Solver,
    ThrowMove,
    ThrowOutcome,
    ThrowSolution,
    cards_of,
)
from accordion.reference.cards import Card, Row
from accordion.reference.deals import Deal

QUEEN = Card("QH")
KING = Card("KH")

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


class RoyalMove(ThrowMove, game="royal-marriage"):
    """A throw of Royal Marriage's notation (``out 5D 7C``, ``between 3S 9S``) or
    ``deal``: :class:`accordion.RoyalMove`, whose documentation is the contract.
    ``game`` names the game whose messages refuse a text (default Royal Marriage):
    each other game of the throw has a subclass that names it, whose moves are
    RoyalMoves.
    """

    __slots__ = ()

    EXAMPLES = "write e.g. out 5D, out 5D 7C, between 3S 9S or deal"
    COUNTS: ClassVar[Mapping[str, tuple[int, ...]]] = {"out": (1, 2), "between": (2,)}

    @classmethod
    def _make(cls, kind: str, cards: tuple[Card, ...]) -> RoyalMove:
        # Every game's moves are RoyalMoves (a game's subclass only names it in errors).
        return RoyalMove._built(_kind=kind, _cards=cards)

    @classmethod
    def given(cls, move: object) -> RoyalMove:
        """A move given as a :class:`RoyalMove` or as its text (parsed by this game's class)."""
        given: RoyalMove = _args.given(move, RoyalMove, cls.parse, "a move", "a RoyalMove or a str")
        return given

    @classmethod
    def _read(cls, stripped: str, lower: str) -> tuple[str, list[Card] | None]:
        """``out 5D 7C``, ``5D 7C out``, ``x5D,7C``, ``between 3S 9S`` or ``3S..9S``
        (:meth:`ThrowMove.parse` reads ``deal``)."""
        if lower.startswith("between "):
            return "between", cards_of(stripped[len("between ") :])
        if (halves := _tokens.split_once(stripped, "..")) is not None:
            try:
                return "between", [Card(half) for half in halves]
            except InvalidCardError:
                return "between", None
        rest = cls._out_words(stripped, lower)
        return "out", None if rest is None else cards_of(rest)


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


class RoyalOutcome(ThrowOutcome, game="royal-marriage"):
    """Where a game stands. ``cards`` counts every card not thrown out (row and stock);
    ``won``: only the queen and king of hearts are left."""


class RoyalSolution(ThrowSolution[RoyalMove], game="royal-marriage"):
    """What the solver found (:class:`ThrowSolution`)."""


class RoyalGame(CardRowGame[RoyalMove, Throw], game="royal-marriage"):
    """A game of Royal Marriage's throw, open or blind: :class:`accordion.RoyalGame`,
    whose documentation is the contract (the arguments, the rules, the errors).
    ``game`` names the game played (default Royal Marriage); the game's facts in
    the registry (``accordion.games``) say which deals it takes (``dealing``: the
    royal pair at the ends, or any row of ``min_cards`` or more), how a blind game
    starts (the royal pair: an empty row; a row: three cards laid out), its rule
    sets and its word for the stock. Each game is played by a subclass made once
    from those facts (Royal Marriage's is this class itself).
    """

    MOVE = RoyalMove
    OUTCOME = RoyalOutcome
    SOLUTION = RoyalSolution
    # Under ``parlett`` every throw of a blind game has the newest card as its
    # right end and any two choices lead to the same row (docs/royal-marriage.md).
    PLAYED_OUT = ("parlett",)

    @classmethod
    def _playing_another(cls, name: str) -> type[RoyalGame]:
        return _played(name)

    @classmethod
    def _checked(cls, deal: Deal) -> Deal:
        if cls.FACTS.dealing == "royal-pair":
            return check_royal(deal)
        least = cls.FACTS.min_cards
        if len(deal.cards) < least:
            raise InvalidDealError(
                f"a {cls.FACTS.title} deal has {least} cards or more, got {len(deal.cards)}"
            )
        return deal

    @classmethod
    def _steps(cls, rules: str, row: Row) -> list[Throw]:
        return throws(row)

    @classmethod
    def _named(cls, row: Row, throw: Throw, /) -> RoyalMove:
        at, count = throw
        move: RoyalMove = cls.MOVE._make("out", row[at : at + count])
        return move

    _after = staticmethod(thrown)

    # ``_least`` is the default 0: a row keeps its two end cards, so never comes
    # down to it, and the reference searches every line.

    def _hint_line(self) -> list[RoyalMove]:
        """The core's line for the row (:func:`interval_line`): its hint is the first."""
        return [self.MOVE._make(move.kind, move.cards) for move in interval_line(self._row)]

    def _throw_of(self, move: RoyalMove) -> Throw:
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

    def _step_of(self, move: RoyalMove) -> tuple[Throw, RoyalMove]:
        throw = self._throw_of(move)
        canonical = self._named(self._row, throw)
        if not allows(self._row, throw):
            at, count = throw
            size = len(self._row)
            between = "only cards between two others go out"
            # The core's reasons, in its order (rust/royal/game.rs, ``why_not``).
            if count not in (1, 2):
                why = "a throw takes 1 or 2 cards"
            elif size < 3:
                why = f"a row of {size} card{'' if size == 1 else 's'} has none between two others"
            elif at == 0:
                why = f"{self._row[0]} is the left end of the row; {between}"
            elif at + count >= size:
                why = f"{self._row[-1]} is the right end of the row; {between}"
            else:
                why = (
                    f"{self._row[at - 1]} and {self._row[at + count]} on either side"
                    " share neither suit nor rank"
                )
            raise IllegalMoveError(f"illegal move {canonical}: {why}")
        return throw, canonical


@functools.cache
def _played(name: str) -> type[RoyalGame]:
    """The class that plays the game called ``name``, another game of Royal
    Marriage's throw: its facts, and moves whose messages name it."""

    def named(namespace: dict[str, object]) -> None:
        namespace["__module__"] = __name__
        namespace["__slots__"] = ()

    move = types.new_class("RoyalMove", (RoyalMove,), {"game": name}, named)

    def played(namespace: dict[str, object]) -> None:
        namespace["__module__"] = __name__
        namespace["MOVE"] = move

    made: type[RoyalGame] = types.new_class("RoyalGame", (RoyalGame,), {"game": name}, played)
    return made


# ---------------------------------------------------------------- greedy play


def greedy_line(row: Row) -> tuple[list[RoyalMove], int]:
    """The greedy rule: always the first throw in canonical order (the leftmost)."""
    line = []
    while found := throws(row):
        line.append(_out(row, found[0]))
        row = thrown(row, found[0])
    return line, len(row)


# ---------------------------------------------------------------- the core's line


def interval_line(row: Row) -> list[RoyalMove]:
    """The line the core's solver gives for ``row`` (``rust/royal/solver.rs``),
    whose first throw is the hint. An interval ``(i, j)`` of the row is cleared
    when every card strictly between them can go while they stay: neighbours
    are; else ``row[i]`` and ``row[j]`` agree and the last throw between them
    leaves one survivor ``k`` (or two, ``k`` and a second) whose gaps are cleared, the
    leftmost such split chosen, one survivor before two. The cards left are a
    shortest chain of cleared gaps from the first card to the last (at each
    card, the leftmost card before it with the fewest); each gap's throws are
    played left part first, its last throw last."""
    n = len(row)

    @functools.cache
    def split(i: int, j: int) -> tuple[int, ...] | None:
        """The survivors of the last throw clearing ``(i, j)``, ``()`` for
        neighbours, ``None`` when it cannot be cleared."""
        if j == i + 1:
            return ()
        if not row[i].agrees(row[j]):
            return None
        inner = range(i + 1, j)
        for k in inner:
            if split(i, k) is not None and split(k, j) is not None:
                return (k,)
        for k in inner:
            for second in range(k + 1, j):
                if all(split(a, b) is not None for a, b in ((i, k), (k, second), (second, j))):
                    return (k, second)
        return None

    def line(i: int, j: int) -> list[RoyalMove]:
        survivors = split(i, j)
        assert survivors is not None
        if not survivors:
            return []
        ends = (i, *survivors, j)
        parts = [move for a, b in itertools.pairwise(ends) for move in line(a, b)]
        return [*parts, RoyalMove._make("out", tuple(row[at] for at in survivors))]

    fewest = [0] + [n + 1] * (n - 1)
    before = [0] * n
    for j in range(1, n):
        for i in range(j):
            if split(i, j) is not None and fewest[i] + 1 < fewest[j]:
                fewest[j], before[j] = fewest[i] + 1, i
    chain = [n - 1]
    while chain[-1] > 0:
        chain.append(before[chain[-1]])
    chain.reverse()
    return [move for a, b in itertools.pairwise(chain) for move in line(a, b)]


# ---------------------------------------------------------------- the solver


solve_royal: Solver[RoyalGame, RoyalSolution] = Solver(
    RoyalGame,
    "solve_royal",
    """Search every line from an open row (a blind game's row with its stock dealt
    onto it, or an open game's current row), remembering the fewest cards
    reachable from each row. Exponential: for short rows. A blind game with cards
    in its stock is played out under ``parlett``, where every choice ends alike (the
    line starts at the game's position, deals included). ``game`` names the game a
    row is of (default Royal Marriage).""",
)


#: ``modern`` (default) or ``parlett``, as a name or as ``Rules`` without a variant.
royal_rules = RoyalGame.rule_set


__all__ = [
    "KING",
    "QUEEN",
    "RoyalGame",
    "RoyalMove",
    "RoyalOutcome",
    "RoyalSolution",
    "check_royal",
    "greedy_line",
    "royal_deal",
    "solve_royal",
]
