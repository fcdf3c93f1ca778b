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

import random

from accordion import AccordianGame, AccordianMove, Deal, solve_accordian
from accordion.errors import AccordionError
from accordion.play.session import CARDLIKE, Reply, ThrowSession, is_int, plural

HELP = """\
7H>7S, 7H 7S   move the top card 7H onto the pile topped by 7S (1 or 3 piles
               to its left, same suit or rank); the card beneath shows again
5 4            move the top card of pile 5 onto pile 4 (by position)
hint   a good action, and whether the deal can still be won
solve  the rest of a winning line (or of the best line when no win is left)
undo   take back the last action        moves  list the legal actions
deal   turn the next card (blind)       new    restart    help    quit"""


def best_line(game: AccordianGame) -> tuple[list[AccordianMove], AccordianGame]:
    """Best play from here to the end: the forced game under ``uva``; under
    ``modern`` the stock dealt, then the solver's line. The actions, and the game
    they leave."""
    end = game.copy()
    line: list[AccordianMove] = []
    if game.rules == "uva":
        while not end.is_over:
            line.append(end.play(next(iter(end.legal_moves))))
        return line, end
    line.extend(end.deal() for _ in range(end.stock_size))
    for move in solve_accordian(end).moves:
        line.append(end.play(move))
    return line, end


def describe_line(moves: list[AccordianMove]) -> str:
    """`deal ×5, 9D>5D, 5C>3C`: a run of deals is counted, not spelt out."""
    words: list[str] = []
    run = 0
    for move in [*moves, None]:
        if move is not None and move.is_deal:
            run += 1
            continue
        if run:
            words.append("deal" if run == 1 else f"deal ×{run}")
            run = 0
        if move is not None:
            words.append(str(move))
    return ", ".join(words)


class AccordianSession(ThrowSession[AccordianGame, AccordianMove]):
    """One sitting at the Accordian Patience table: the game and the commands."""

    NAME = "Accordian Patience"
    COMMAND = "accordion play --game accordian"
    HELP = HELP
    PIECE = "pile"
    WON = "one pile is left"

    def __init__(
        self,
        deal: Deal,
        rules: str | None = None,
        *,
        blind: bool = False,
        seed: int | None = None,
    ) -> None:
        game = AccordianGame(deal, rules, blind=blind)
        self.rules = game.rules
        super().__init__(game, seed=seed)

    def _new_game(self, deal: Deal) -> AccordianGame:
        return AccordianGame(deal, self.rules, blind=self.blind)

    def _random_deal(self) -> tuple[int | None, Deal]:
        seed = random.SystemRandom().randrange(2**32)
        return seed, Deal.from_seed(seed, len(self.deal))

    def _rules_text(self) -> str:
        return f"{self.rules} rules"

    def _flags(self) -> str:
        flags = "" if self.rules == "modern" else f" --rules {self.rules}"
        return flags + (" --blind" if self.blind else "")

    def welcome(self) -> Reply:
        first = "Type deal to turn the first card, then move" if self.blind else "Your move:"
        forced = (
            " Under the uva rules every action is forced: moves lists it, hint plays along."
            if self.rules == "uva"
            else ""
        )
        return Reply(
            [
                f"{first} a pile's top card onto the pile 1 or 3 places to its left when "
                "they share suit or rank: 5H>5S (or 5 4, by position). Win at one pile."
                f"{forced} Type help for more."
            ]
        )

    # Moves -------------------------------------------------------------------------

    def _parse(self, words: list[str], line: str) -> AccordianMove:
        if len(words) == 2 and all(is_int(word) for word in words):
            mover, target = (self._card_at(int(word)) for word in words)
            return AccordianMove.parse(f"{mover}>{target}")
        if len(words) == 2 and all(CARDLIKE.match(word) for word in words):
            return AccordianMove.parse(">".join(words))
        try:
            return AccordianMove.parse(line)
        except AccordionError:
            raise AccordionError(
                f"not a move or a command: {line.strip()!r} (moves look like 5H>5S, "
                "5H 5S or 5 4; type help)"
            ) from None

    def describe(self, move: AccordianMove) -> str:
        """`5H>5S (pile 5 onto pile 4)`, in the position before the move."""
        tops = self.game.cards
        if move.is_deal or not all(card in tops for card in move.cards):
            return str(move)
        mover, target = (tops.index(card) + 1 for card in move.cards)
        return f"{move} (pile {mover} onto pile {target})"

    def _play(self, move: AccordianMove) -> Reply:
        # The copy checks the move (and gives the reason) before anything is said.
        canonical = self.game.copy().play(move)
        before = self.describe(canonical)
        self.game.play(canonical)
        tops = self.game.cards
        if canonical.is_deal:
            return Reply([f"dealt {tops[-1]}"], marks=(len(tops) - 1,))
        return Reply([f"moved {before}"], marks=(tops.index(canonical.cards[0]),))

    def _deal_move(self) -> AccordianMove:
        return AccordianMove.deal()

    def _judge_start(self) -> str:
        """Whether the starting deal could have been won, by best play from the start."""
        _, end = best_line(self._new_game(self.deal))
        if end.outcome.won:
            return "From the start this deal could be won."
        return (
            "From the start this deal could not be won: the best possible is "
            f"{plural(end.outcome.cards, 'pile')}."
        )

    def _best_line(self, game: AccordianGame) -> tuple[list[AccordianMove], AccordianGame]:
        return best_line(game)

    def _describe_line(self, moves: list[AccordianMove]) -> str:
        return describe_line(moves)
