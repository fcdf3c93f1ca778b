"""The text UI of Royal Marriage (`accordion play --game royal-marriage`).

The screen and the loop are Accordion's (:mod:`accordion.play`), and so are the
commands both games take (:class:`accordion.play.session.BaseSession`); this module
is what is Royal Marriage's own: throws typed in the notation of
``docs/royal-marriage.md`` (``out 5D``, ``out 5D 7C``, ``between 3S 9S``) or by
the 1-based positions of the cards to throw out (``7``, ``7 8``), and how hint,
solve and the verdict on a deal find best play.

Best play is the engine's :meth:`RoyalGame.hint` followed to the end: the
interval solver's line in an open row, dealing everything first in a blind game
under ``modern``, and the (forced) greedy play under ``parlett``
(``docs/royal-marriage.md``).
"""

from __future__ import annotations

import random

from accordion import Deal, RoyalGame, RoyalMove, Rules, royal_deal
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
    end = game.copy()
    line: list[RoyalMove] = []
    while (move := end.hint()) is not None:
        line.append(end.play(move))
    return line, end


class RoyalSession(ThrowSession[RoyalGame, RoyalMove]):
    """One sitting at the Royal Marriage table: the game and the commands."""

    NAME = "Royal Marriage"
    COMMAND = "accordion play --game royal-marriage"
    HELP = HELP
    WON = "only the queen and the king of hearts are left"

    def __init__(
        self,
        deal: Deal,
        rules: Rules | str = "modern",
        *,
        blind: bool = False,
        seed: int | None = None,
    ) -> None:
        game = RoyalGame(deal, rules, blind=blind)
        self.rules = game.rules
        # royal_deal does not record its number on the Deal, so the session does.
        super().__init__(game, seed=seed)

    def _new_game(self, deal: Deal) -> RoyalGame:
        return RoyalGame(deal, self.rules, blind=self.blind)

    def _random_deal(self) -> tuple[int | None, Deal]:
        seed = random.SystemRandom().randrange(2**32)
        return seed, royal_deal(seed, len(self.deal))

    def _rules_text(self) -> str:
        return f"{self.rules} rules"

    def _flags(self) -> str:
        flags = "" if self.rules == "modern" else f" --rules {self.rules}"
        return flags + (" --blind" if self.blind else "")

    def welcome(self) -> Reply:
        first = (
            "Type deal to turn the first card, then throw out"
            if self.blind
            else "Your move: throw out"
        )
        return Reply(
            [
                f"{first} one or two cards that lie between two agreeing cards: out 5D "
                "(or 7, by position), out 5D 7C (or 7 8). Win when only QH and KH are "
                "left. Type help for more."
            ]
        )

    # Throws ------------------------------------------------------------------------

    def _parse(self, words: list[str], line: str) -> RoyalMove:
        if all(is_int(word) for word in words) and len(words) <= 2:
            cards = [self._card_at(int(word)) for word in words]
            return RoyalMove.parse("out " + " ".join(str(card) for card in cards))
        if len(words) <= 2 and all(CARDLIKE.match(word) for word in words):
            return RoyalMove.parse("out " + " ".join(words))
        try:
            return RoyalMove.parse(line)
        except AccordionError:
            raise AccordionError(
                f"not a move or a command: {line.strip()!r} (throws look like out 5D, "
                "out 5D 7C, between 3S 9S, 7 or 7 8; type help)"
            ) from None

    def describe(self, move: RoyalMove) -> str:
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

    def _play(self, move: RoyalMove) -> Reply:
        # The copy turns `between 3S 9S` into the cards it throws (or gives the reason).
        canonical = self.game.copy().play(move)
        before = self.describe(canonical)
        places = [self.game.cards.index(card) for card in canonical.cards]
        self.game.play(canonical)
        if canonical.is_deal:
            top = self.game.cards[-1]
            return Reply([f"dealt {top}"], marks=(len(self.game.cards) - 1,))
        # The two agreeing cards now stand side by side.
        return Reply([f"threw {before}"], marks=(places[0] - 1, places[0]))

    def _deal_move(self) -> RoyalMove:
        return RoyalMove.deal()

    def _judge_start(self) -> str:
        """Whether the starting deal could have been won, by best play from the start."""
        _, end = best_line(self._new_game(self.deal))
        if end.outcome.won:
            return "From the start this deal could be won."
        return (
            "From the start this deal could not be won: the best possible is "
            f"{plural(end.outcome.cards, 'card')}."
        )

    def _best_line(self, game: RoyalGame) -> tuple[list[RoyalMove], RoyalGame]:
        return best_line(game)
