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

from typing import final

from accordion.errors import (
    IllegalMoveError,
    InvalidCardError,
    InvalidMoveError,
)
from accordion.reference import _args, _tokens
from accordion.reference._throws import (
    CardRowGame,
    Row,
    ThrowMove,
    ThrowOutcome,
    ThrowSolution,
    rule_set_of,
)
from accordion.reference.cards import Card
from accordion.reference.deals import Deal
from accordion.reference.rules import Rules

#: How far apart the two cards of a pair lie (PySolFC's ``ALLOWED_JUMPS``).
GAPS = (1, 3)
#: Cards a blind game starts with (PySolFC without "deal all cards").
BLIND_START = 3

_EXAMPLES = "write e.g. out 5D 9D or deal"


def bayan_rules(rules: object) -> str:
    """``modern``, the one rule set (PySolFC's: deal whenever you like), as a name,
    as ``Rules`` without a variant, or ``None``."""
    return rule_set_of(
        rules, "Bayan", ("modern",), "PySolFC's rules, modern (deal whenever you like)"
    )


def _as_deal(deal: Deal | str) -> Deal:
    if isinstance(deal, str):
        deal = Deal.parse(deal)
    if not isinstance(deal, Deal):
        raise TypeError(f"expected a Deal or str, got {type(deal).__name__}")
    return deal


# ---------------------------------------------------------------- moves


@final
class BayanMove(ThrowMove):
    """A Bayan throw named by its two cards (``out 5D 9D``), or ``deal``.
    ``BayanMove(text)`` parses.

    Raises:
        InvalidMoveError: text that is not a Bayan move.
        TypeError: ``text`` is not a ``str``.

    Examples:
        >>> move = BayanMove("x9D,5D")
        >>> str(move), move.kind, move.cards
        ('out 9D 5D', 'out', (Card('9D'), Card('5D')))
    """

    __slots__ = ()

    @classmethod
    def parse(cls, text: str) -> BayanMove:
        """Parse ``out 5D 9D``, ``5D 9D out``, ``x5D,9D``, ``5D 9D`` or ``deal``.

        Raises:
            InvalidMoveError: anything else, or one card named twice.
            TypeError: ``text`` is not a ``str``.
        """
        text = _args.text(text, "a move")
        stripped = _tokens.strip(text)
        lower = _tokens.ascii_lower(stripped)
        if lower == "deal":
            return BayanMove.deal()
        if lower.startswith("out "):
            rest = stripped[len("out ") :]
        elif lower.endswith(" out"):
            rest = stripped[: -len(" out")]
        elif lower.startswith("x"):
            rest = stripped[1:]
        else:
            rest = stripped
        bad = InvalidMoveError(f"not a Bayan move: {_args.quoted(text)} ({_EXAMPLES})")
        words = _tokens.words(rest)
        try:
            cards = [Card(word) for word in words]
        except InvalidCardError:
            raise bad from None
        if len(cards) != 2:
            raise bad
        if cards[0] == cards[1]:
            raise InvalidMoveError(f"not a Bayan move: {_args.quoted(text)} names one card twice")
        return BayanMove._make("out", tuple(cards))


def _as_move(move: BayanMove | str) -> BayanMove:
    if isinstance(move, BayanMove):
        return move
    if isinstance(move, str):
        return BayanMove.parse(move)
    raise TypeError(f"expected a BayanMove or str, got {type(move).__name__}")


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
    at, gap = pair
    return BayanMove._make("out", (row[at], row[at + gap]))


# ---------------------------------------------------------------- the game


class BayanOutcome(ThrowOutcome):
    """Where a game stands. ``cards`` counts every card not thrown out (row and talon);
    ``won``: every card is out."""


class BayanGame(CardRowGame["BayanMove"]):
    """A game of Bayan (PySolFC's game 656), open or blind.

    Args:
        deal: any row of distinct cards (a ``Deal`` or its text).
        rules: ``modern`` (default, PySolFC's rules) or ``None``; nothing else.
        blind: three cards laid out, the rest dealt from the talon at will.

    Raises:
        InvalidDealError: text that is not a row.
        InvalidRulesError: any other rule set, or a variant.
    """

    STOCK = "talon"
    WON_AT = 0
    MOVE = BayanMove
    OUTCOME = BayanOutcome

    def __init__(
        self, deal: Deal | str, rules: Rules | str | None = None, *, blind: bool = False
    ) -> None:
        deal = _as_deal(deal)
        bayan_rules(rules)
        blind = _args.flag(blind, "blind")
        self._start(deal, blind, min(BLIND_START, len(deal)) if blind else len(deal))

    @property
    def rules(self) -> str:
        """The rule set's name: always ``modern``."""
        return "modern"

    def _legal_moves(self) -> list[BayanMove]:
        """The legal throws in canonical order, then ``deal`` while the talon has cards."""
        moves = [_out(self._row, pair) for pair in pairs(self._row)]
        return [*moves, BayanMove.deal()] if self.stock_size > 0 else moves

    def play(self, move: BayanMove | str) -> BayanMove:
        """Throw a pair out, or ``deal``.

        Args:
            move: a :class:`BayanMove` or its text (the two cards in either order).

        Returns:
            The move played, in canonical notation (the cards left to right).

        Raises:
            InvalidMoveError: text that is not a move.
            IllegalMoveError: a pair the row does not allow; the message says why.
        """
        move = _as_move(move)
        if move.is_deal:
            return self.deal()
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
        self._record(canonical, thrown(self._row, (at, gap)))
        return canonical

    def deal(self) -> BayanMove:
        """Deal the next talon card onto the right-hand end.

        Raises:
            IllegalMoveError: an open game or an empty talon.
        """
        if self.stock_size == 0:
            why = "the talon is empty" if self._blind else "an open game has no talon"
            raise IllegalMoveError(f"deal not allowed: {why}")
        return self._deal_next(BayanMove.deal())

    def hint(self, *, timeout: float | None = 2.0) -> BayanMove | None:
        """A move of best play, ``None`` when over: ``deal`` while the talon has cards
        (dealing never takes a throw away), then the first throw of the solver's line.
        ``timeout`` is checked as the core checks it and not applied."""
        _args.timeout(timeout)
        if self.stock_size > 0:
            return BayanMove.deal()
        if self.is_over:
            return None
        return solve_bayan(self).moves[0]


# ---------------------------------------------------------------- the solver


class BayanSolution(ThrowSolution["BayanMove"]):
    """What the solver found (:class:`ThrowSolution`)."""


def solve_bayan(
    position: Deal | BayanGame | str,
    *,
    rules: Rules | str | None = None,
    max_nodes: int | None = None,
    timeout: float | None = None,
    memory: int | None = None,
) -> BayanSolution:
    """Search every line from an open row (a blind game's row with its talon dealt
    onto it, or an open game's current row), remembering the fewest cards reachable
    from each row; a row stops being searched once it is known to reach the fewest
    its parity allows (none, or one). Exponential in the worst case.

    The arguments are checked as the core checks them; the budgets are not
    applied (the search is for rows that finish)."""
    if isinstance(position, BayanGame):
        deal = position.starting_deal.cards
        row: Row = (*position.cards, *deal[len(deal) - position.stock_size :])
    elif isinstance(position, (Deal, str)):
        row = _as_deal(position).cards
    else:
        raise TypeError(
            f"position must be a Deal, a BayanGame or a str, not {type(position).__name__}"
        )
    bayan_rules(rules)
    _args.budget(max_nodes, timeout, memory)
    fewest: dict[Row, int] = {}

    def search(row: Row) -> int:
        if row not in fewest:
            best = len(row)
            for pair in pairs(row):
                best = min(best, search(thrown(row, pair)))
                if best == len(row) % 2:
                    break
            fewest[row] = best
        return fewest[row]

    start, goal = row, search(row)
    moves = []
    while len(row) > goal:
        pair = next(p for p in pairs(row) if fewest.get(thrown(row, p)) == goal)
        moves.append(_out(row, pair))
        row = thrown(row, pair)
    result = "win" if goal == 0 else "loss"
    text = " ".join(str(card) for card in start)
    return BayanSolution(text, result, tuple(moves), goal, len(fewest))


__all__ = [
    "BLIND_START",
    "GAPS",
    "BayanGame",
    "BayanMove",
    "BayanOutcome",
    "BayanSolution",
    "bayan_rules",
    "solve_bayan",
]
