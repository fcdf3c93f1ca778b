"""The text UI of Accordian Patience (`accordion play --game accordian`, UVa 127).

The screen and the loop are Accordion's (:mod:`accordion.play`), and so are the
commands the games share (:class:`accordion.play.session.ThrowSession`); this
module is what is Accordian's own: a move typed in Accordion's notation
(``7H>7S``, ``7H 7S``: the top card 7H onto the pile whose top is 7S) or by the
1-based positions of the two piles (``5 4``), piles counted instead of cards,
and best play: under ``uva`` the forced game, under ``modern`` the exact
solver's line after dealing the whole stock in a blind game (dealing never takes
a move away).
"""

from __future__ import annotations

from accordion import AccordianGame, AccordianMove, Card
from accordion.play.session import THROW_COMMANDS, ThrowSession

HELP = (
    """\
7H>7S, 7H 7S   move the top card 7H onto the pile topped by 7S (1 or 3 piles
               to its left, same suit or rank); the card beneath shows again
5 4            move the top card of pile 5 onto pile 4 (by position)
"""
    + THROW_COMMANDS
)


class AccordianSession(ThrowSession[AccordianGame, AccordianMove]):
    """One sitting at the Accordian Patience table: the game and the commands."""

    GAME = "accordian"
    HELP = HELP
    WON = "one pile is left"
    EXAMPLES = "moves look like 5H>5S, 5H 5S or 5 4"
    # A move takes a pile's top card onto another pile: its cards are mover, target.
    DIRECTED = True

    WELCOME = (
        "Your move:",
        "Type deal to turn the first card, then move",
        "a pile's top card onto the pile 1 or 3 places to its left when they share suit"
        " or rank: 5H>5S (or 5 4, by position). Win at one pile.",
    )

    def _rules_note(self) -> str:
        if self.rules not in self.entry.forced_rules:
            return ""
        return (
            f" Under the {self.rules} rules every action is forced: moves lists it, hint plays"
            " along."
        )

    # Moves -------------------------------------------------------------------------

    def _written(self, cards: list[str]) -> str:
        return ">".join(cards)

    def describe(self, move: AccordianMove) -> str:
        """`5H>5S (pile 5 onto pile 4)`, in the position before the move."""
        tops = self.game.cards
        if move.is_deal or not all(card in tops for card in move.cards):
            return str(move)
        mover, target = (tops.index(card) + 1 for card in move.cards)
        return f"{move} (pile {mover} onto pile {target})"

    def _marks(self, move: AccordianMove, before: list[Card]) -> tuple[int, ...]:
        # The pile the card landed on.
        return (self.game.cards.index(move.cards[0]),)
