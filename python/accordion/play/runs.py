"""The text UI of the games of runs (`accordion play --game NAME` for a game whose
throw is a run of adjacent cards, :mod:`accordion.reference.runs`).

The screen and the loop are Accordion's (:mod:`accordion.play`), and so are the
commands of the games played on one row
(:class:`accordion.play.session.ThrowSession`). Every game of runs is played
alike — a run typed by its cards (``out 3C 7D``, ``3C 7D``) or by the 1-based
places of its cards (``3 4 5``) — so one class, :class:`RunSession`, serves
them all: each game's session is made from its registry entry (its rule in
words is the entry's summary), and no game is named here. Best play is the
exact solver's line, after dealing the whole talon in a blind game (dealing
never takes a throw away).
"""

from __future__ import annotations

import functools
from typing import Any

from accordion import Card
from accordion.games import GAMES
from accordion.play.session import THROW_COMMANDS, ThrowSession
from accordion.reference.runs import MAX_RUN

HELP = (
    """\
out 3C 7D, 3C 7D  throw out the run of these cards (next to each other, any order)
3 4 5             throw out cards 3, 4 and 5 (by position, from the left)
"""
    + THROW_COMMANDS
)


class RunSession(ThrowSession[Any, Any]):
    """One sitting at the table of a game of runs (its class made by
    :func:`session_of`, which sets :attr:`GAME`)."""

    HELP = HELP
    WON = "every card is out"
    BY_PLACE = tuple(range(1, MAX_RUN + 1))
    EXAMPLES = "throws look like out 3C 7D, 3C 7D or 3 4"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # The base reads the registry entry of GAME, which only the made classes have.
        super().__init_subclass__(**kwargs)
        if "GAME" in cls.__dict__:
            # The summary's rule: "PySolFC's game N: <rule> goes out; won when …".
            rule = cls.registered().summary.split(": ", 1)[-1].split(" goes out", 1)[0].rstrip(",")
            cls.WELCOME = (
                "Throw out",
                "Deal more cards when you like (deal), or throw out",
                f"{rule}: out 3C 7D (or 1 2, by position). Win when every card is out.",
            )

    def _rules_text(self) -> str:
        return "PySolFC rules"

    def describe(self, move: Any) -> str:
        """`out 3C 7D (cards 1 to 2)`, in the position before the throw."""
        cards = self.game.cards
        if move.is_deal or not all(card in cards for card in move.cards):
            return str(move)
        places = sorted(cards.index(card) + 1 for card in move.cards)
        if len(places) == 1:
            return f"{move} (card {places[0]})"
        return f"{move} (cards {places[0]} to {places[-1]})"

    def _marks(self, move: Any, before: list[Card]) -> tuple[int, ...]:
        # The card that closed up into the run's first place, if any.
        first = min(before.index(card) for card in move.cards)
        return (first,) if first < len(self.game.cards) else ()


@functools.cache
def session_of(name: str) -> type[RunSession]:
    """The session class of the game of runs called ``name`` in the registry."""
    game = GAMES[name]
    made: type[RunSession] = type(f"{game.title}Session", (RunSession,), {"GAME": name})
    made.__module__ = __name__
    return made


def __getattr__(name: str) -> type[RunSession]:
    """The session class of each game whose registry entry names it here."""
    for game in GAMES.values():
        if game.session == f"{__name__}:{name}":
            return session_of(game.name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
