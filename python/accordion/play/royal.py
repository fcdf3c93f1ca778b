"""The text UI of Royal Marriage (`accordion play --game royal-marriage`) and of
every other game of its throw (`game=`, as `accordion.reference.royal.RoyalGame` plays them).

The screen and the loop are Accordion's (:mod:`accordion.play`), and so are the
commands of the games played on one row
(:class:`accordion.play.session.ThrowSession`); this module is what is Royal
Marriage's own: throws typed in the notation of
``docs/royal-marriage.md`` (``out 5D``, ``out 5D 7C``, ``between 3S 9S``) or by
the 1-based positions of the cards to throw out (``7``, ``7 8``), and how hint,
solve and the verdict on a deal find best play.

Best play is the engine's :meth:`RoyalGame.hint` followed to the end: the
interval solver's line in an open row, dealing everything first in a blind game
under ``modern``, and the (forced) greedy play under ``parlett``
(``docs/royal-marriage.md``).

The other games of Royal Marriage's throw are played alike; each one's session
is made from its registry entry (:func:`session_of`), and no such game is named
here.
"""

from __future__ import annotations

from typing import Any

from accordion import Card, RoyalGame, RoyalMove, solve_royal
from accordion.play.session import (
    THROW_COMMANDS,
    ThrowSession,
    registered_sessions,
    throw_status,
)
from accordion.play.session import best_line as _best_line

HELP = (
    """\
out 5D, 5D       throw out 5D: the cards either side of it agree (suit or rank)
out 5D 7C        throw out 5D and 7C together (the cards either side agree)
between 3S 9S    throw out the one or two cards between 3S and 9S
7, 7 8           throw out card 7 alone; cards 7 and 8 together
"""
    + THROW_COMMANDS
)


def status_line(game: RoyalGame) -> str:
    """Cards left (row and stock), stock left, throws made, and what can happen next."""
    return throw_status(game, "stock")


def best_line(game: RoyalGame) -> tuple[list[RoyalMove], RoyalGame]:
    """Best play from here to the end: the actions, and the game they leave."""
    return _best_line(game, solve_royal, follow_hint=True)


class MarriageSession(ThrowSession[Any, Any]):
    """One sitting at the table of a game of Royal Marriage's throw: the commands
    and how a throw is described (each game's class sets ``GAME``)."""

    HELP = HELP
    BY_PLACE = (1, 2)
    EXAMPLES = "throws look like out 5D, out 5D 7C, between 3S 9S, 7 or 7 8"
    WON = "two cards are left"

    WELCOME = (
        "Your move: throw out",
        "Deal more cards when you like (deal), or throw out",
        "one or two cards that lie between two agreeing cards: out 5D (or 7, by position),"
        " out 5D 7C (or 7 8). Win when two cards are left.",
    )

    # Throws ------------------------------------------------------------------------

    def describe(self, move: Any) -> str:
        """`out 5C 9D (cards 4 and 5, between 3C and 6C)`, in the position before the throw.

        ``move`` is canonical (``out`` or ``deal``).
        """
        cards = self.game.cards
        if move.is_deal or not all(card in cards for card in move.cards):
            return str(move)
        places = [cards.index(card) for card in move.cards]
        left, right = cards[places[0] - 1], cards[places[-1] + 1]
        which = " and ".join(str(place + 1) for place in places)
        noun = "card" if len(places) == 1 else "cards"
        return f"{move} ({noun} {which}, between {left} and {right})"

    def _marks(self, move: Any, before: list[Card]) -> tuple[int, ...]:
        # The two agreeing cards now stand side by side.
        at = before.index(move.cards[0])
        return (at - 1, at)


class RoyalSession(MarriageSession):
    """One sitting at the Royal Marriage table: the game and the commands."""

    GAME = "royal-marriage"
    WON = "only the queen and the king of hearts are left"
    WELCOME = (
        "Your move: throw out",
        "Type deal to turn the first card, then throw out",
        "one or two cards that lie between two agreeing cards: out 5D (or 7, by position),"
        " out 5D 7C (or 7 8). Win when only QH and KH are left.",
    )


#: The session class of the game of Royal Marriage's throw called ``name`` in the
#: registry (``session_of(name)``), and each class by the name its entry gives it.
session_of, __getattr__ = registered_sessions(__name__, MarriageSession)
