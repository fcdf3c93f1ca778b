"""The text UI of Bayan (`accordion play --game bayan`, PySolFC's game 656).

The screen and the loop are Accordion's (:mod:`accordion.play`), and so are the
commands the games share (:class:`accordion.play.session.BaseSession`); this module is
what is Bayan's own: a pair typed in the notation of ``docs/bayan.md``
(``out 5D 9D``, ``5D 9D``) or by the 1-based positions of its two cards (``3 6``),
and how hint, solve and the verdict on a deal find best play: the exact solver's
line, after dealing the whole talon in a blind game (dealing never takes a throw
away).
"""

from __future__ import annotations

import random

from accordion import BayanGame, BayanMove, Deal, Rules, solve_bayan
from accordion.errors import AccordionError
from accordion.play.session import (
    CARDLIKE,
    THROW_COMMANDS,
    Reply,
    ThrowSession,
    is_int,
    plural,
    throw_status,
)

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
    end = game.copy()
    line = [end.deal() for _ in range(end.stock_size)]
    for move in solve_bayan(end).moves:
        line.append(end.play(move))
    return line, end


class BayanSession(ThrowSession[BayanGame, BayanMove]):
    """One sitting at the Bayan table: the game and the commands."""

    NAME = "Bayan"
    COMMAND = "accordion play --game bayan"
    HELP = HELP
    STOCK = "talon"
    WON = "every card is out"

    def __init__(
        self,
        deal: Deal,
        rules: Rules | str | None = None,
        *,
        blind: bool = False,
        seed: int | None = None,
    ) -> None:
        super().__init__(BayanGame(deal, rules, blind=blind), seed=seed)

    def _new_game(self, deal: Deal) -> BayanGame:
        return BayanGame(deal, blind=self.blind)

    def _random_deal(self) -> tuple[int | None, Deal]:
        seed = random.SystemRandom().randrange(2**32)
        return seed, Deal.from_seed(seed, len(self.deal))

    def _rules_text(self) -> str:
        return "PySolFC rules"

    def _flags(self) -> str:
        return " --blind" if self.blind else ""

    def welcome(self) -> Reply:
        first = "Deal more cards when you like (deal), or throw out" if self.blind else "Throw out"
        return Reply(
            [
                f"{first} two cards 1 or 3 places apart that share suit or rank: "
                "out 5D 9D (or 3 6, by position). Win when every card is out. "
                "Type help for more."
            ]
        )

    # Throws ------------------------------------------------------------------------

    def _parse(self, words: list[str], line: str) -> BayanMove:
        if len(words) == 2 and all(is_int(word) for word in words):
            cards = [self._card_at(int(word)) for word in words]
            return BayanMove.parse("out " + " ".join(str(card) for card in cards))
        if len(words) == 2 and all(CARDLIKE.match(word) for word in words):
            return BayanMove.parse("out " + " ".join(words))
        try:
            return BayanMove.parse(line)
        except AccordionError:
            raise AccordionError(
                f"not a move or a command: {line.strip()!r} (throws look like out 5D 9D, "
                "5D 9D or 3 6; type help)"
            ) from None

    def describe(self, move: BayanMove) -> str:
        """`out 5C 5S (cards 1 and 4)`, in the position before the throw."""
        cards = self.game.cards
        if move.is_deal or not all(card in cards for card in move.cards):
            return str(move)
        places = sorted(cards.index(card) + 1 for card in move.cards)
        return f"{move} (cards {places[0]} and {places[1]})"

    def _play(self, move: BayanMove) -> Reply:
        # The copy checks the move (and gives the reason) before anything is said.
        canonical = self.game.copy().play(move)
        before = self.describe(canonical)
        left = 0 if canonical.is_deal else self.game.cards.index(canonical.cards[0])
        self.game.play(canonical)
        if canonical.is_deal:
            top = self.game.cards[-1]
            return Reply([f"dealt {top}"], marks=(len(self.game.cards) - 1,))
        # The card that closed up into the left card's place, if any.
        marks = (left,) if left < len(self.game.cards) else ()
        return Reply([f"threw {before}"], marks=marks)

    def _deal_move(self) -> BayanMove:
        return BayanMove.deal()

    def _judge_start(self) -> str:
        """Whether the starting deal could have been won, by the exact solver."""
        solution = solve_bayan(self.deal)
        if solution.result == "win":
            return "From the start this deal could be won."
        if solution.result == "loss":
            return (
                "From the start this deal could not be won: the best possible is "
                f"{plural(solution.cards, 'card')}."
            )
        return "The solver could not decide this deal in time."

    def _best_line(self, game: BayanGame) -> tuple[list[BayanMove], BayanGame]:
        return best_line(game)
