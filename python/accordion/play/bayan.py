"""The text UI of Bayan (`accordion play --game bayan`, PySolFC's game 656).

The screen and the loop are Accordion's (:mod:`accordion.play`), and so are the
commands of the games played on one row
(:class:`accordion.play.session.ThrowSession`); this module is what is Bayan's
own: a pair typed in the notation of ``docs/bayan.md`` (``out 5D 9D``, ``5D 9D``)
or by the 1-based positions of its two cards (``3 6``). Best play is the exact
solver's line, after dealing the whole talon in a blind game (dealing never
takes a throw away).
"""

from __future__ import annotations

from accordion import BayanGame, BayanMove, Card, solve_bayan
from accordion.play.session import THROW_COMMANDS, ThrowSession, throw_status
from accordion.play.session import best_line as _best_line

HELP = (
    """\
out 5D 9D, 5D 9D  throw out 5D and 9D: 1 or 3 places apart, same suit or rank
3 6               throw out cards 3 and 6 (by position, from the left)
"""
    + THROW_COMMANDS
)


def status_line(game: BayanGame) -> str:
    """Cards left (row and talon), talon left, throws made, and what can happen next."""
    return throw_status(game, "talon")


def best_line(game: BayanGame) -> tuple[list[BayanMove], BayanGame]:
    """Best play from here to the end: deal the talon, then the solver's line; the
    actions and the game they leave."""
    return _best_line(game, solve_bayan, follow_hint=False)


class BayanSession(ThrowSession[BayanGame, BayanMove]):
    """One sitting at the Bayan table: the game and the commands."""

    GAME = "bayan"
    HELP = HELP
    WON = "every card is out"
    EXAMPLES = "throws look like out 5D 9D, 5D 9D or 3 6"

    def _rules_text(self) -> str:
        return "PySolFC rules"

    WELCOME = (
        "Throw out",
        "Deal more cards when you like (deal), or throw out",
        "two cards 1 or 3 places apart that share suit or rank: out 5D 9D (or 3 6, by"
        " position). Win when every card is out.",
    )

    # Throws ------------------------------------------------------------------------

    def describe(self, move: BayanMove) -> str:
        """`out 5C 5S (cards 1 and 4)`, in the position before the throw."""
        cards = self.game.cards
        if move.is_deal or not all(card in cards for card in move.cards):
            return str(move)
        places = sorted(cards.index(card) + 1 for card in move.cards)
        return f"{move} (cards {places[0]} and {places[1]})"

    def _marks(self, move: BayanMove, before: list[Card]) -> tuple[int, ...]:
        # The card that closed up into the left card's place, if any.
        left = before.index(move.cards[0])
        return (left,) if left < len(self.game.cards) else ()
