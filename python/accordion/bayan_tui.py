"""The text UI of Bayan (`accordion play --game bayan`, PySolFC's game 656).

The screen and the loop are Accordion's (:mod:`accordion.tui`), and so are the
commands the games share (:class:`accordion.session.BaseSession`); this module is
what is Bayan's own: a pair typed in the notation of ``docs/bayan.md``
(``out 5D 9D``, ``5D 9D``) or by the 1-based positions of its two cards (``3 6``),
and how hint, solve and the verdict on a deal find best play: the exact solver's
line, after dealing the whole talon in a blind game (dealing never takes a throw
away).
"""

from __future__ import annotations

import random

from accordion import BayanGame, BayanMove, Card, Deal, solve_bayan
from accordion.errors import AccordionError
from accordion.session import CARDLIKE, BaseSession, Reply, is_int, plural

HELP = """\
out 5D 9D, 5D 9D  throw out 5D and 9D: 1 or 3 places apart, same suit or rank
3 6               throw out cards 3 and 6 (by position, from the left)
hint   a good action, and whether the deal can still be won
solve  the rest of a winning line (or of the best line when no win is left)
undo   take back the last action        moves  list the legal actions
deal   turn the next card (blind)       new    restart    help    quit"""


def status_line(game: BayanGame) -> str:
    """Cards left (row and talon), talon left, throws made, and what can happen next."""
    outcome = game.outcome
    throws = sum(1 for move in game.history if not move.is_deal)
    parts = [f"cards left {outcome.cards}"]
    if game.blind:
        parts.append(f"talon {game.stock_size}")
    parts.append(f"moves {throws}")
    if outcome.is_over:
        parts.append("WON" if outcome.won else "GAME OVER")
    else:
        legal = len(game.legal_moves)
        parts.append(f"{legal} legal action{'' if legal == 1 else 's'}")
    return " · ".join(parts)


def best_line(game: BayanGame) -> tuple[list[BayanMove], BayanGame]:
    """Best play from here to the end: deal the talon, then the solver's line; the
    actions and the game they leave."""
    end = game.copy()
    line = [end.deal() for _ in range(end.stock_size)]
    for move in solve_bayan(end).moves:
        line.append(end.play(move))
    return line, end


def describe_line(moves: list[BayanMove]) -> str:
    """`deal ×5, out 9D 5D, out 5C 3C`: a run of deals is counted, not spelt out."""
    words: list[str] = []
    deals = sum(1 for move in moves if move.is_deal)
    if deals:
        words.append("deal" if deals == 1 else f"deal ×{deals}")
    words.extend(str(move) for move in moves if not move.is_deal)
    return ", ".join(words)


class BayanSession(BaseSession[BayanGame, BayanMove]):
    """One sitting at the Bayan table: the game and the commands."""

    NAME = "Bayan"
    COMMAND = "accordion play --game bayan"
    HELP = HELP
    NO_MOVES = "no legal action"

    def __init__(self, deal: Deal, *, blind: bool = False, seed: int | None = None) -> None:
        super().__init__(BayanGame(deal, blind=blind), seed=seed)

    def _new_game(self, deal: Deal) -> BayanGame:
        return BayanGame(deal, blind=self.blind)

    def _random_deal(self) -> tuple[int | None, Deal]:
        seed = random.SystemRandom().randrange(2**32)
        return seed, Deal.from_seed(seed, len(self.deal))

    def _rules_text(self) -> str:
        return "PySolFC rules"

    def _flags(self) -> str:
        return " --blind" if self.blind else ""

    def _left(self) -> str:
        return f"{plural(self.game.outcome.cards, 'card')} left"

    def _result(self) -> str:
        return "won" if self.game.outcome.won else "not won"

    def status(self) -> str:
        return status_line(self.game)

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

    def _act(self, words: list[str], line: str) -> Reply:
        if not words:
            return Reply()
        return self._after_action(self._play(self._parse(words, line)))

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

    def _card_at(self, position: int) -> Card:
        cards = self.game.cards
        if not 1 <= position <= len(cards):
            if not cards:
                raise AccordionError(f"no card {position}: the row is empty (type deal)")
            raise AccordionError(f"no card {position}: the row has cards 1 to {len(cards)}")
        return cards[position - 1]

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

    def _game_over(self) -> list[str]:
        if self.game.outcome.won:
            return ["You won: every card is out. (new or quit)"]
        return [
            f"Game over: {self._left()}, not won. "
            f"{self._start_verdict()} (new, restart, undo or quit)"
        ]

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

    # The commands ------------------------------------------------------------------

    def hint(self) -> Reply:
        move = self.game.hint()
        if move is None:
            return Reply(["no legal action left (undo, restart or new)"])
        cards = self.game.cards
        marks = tuple(cards.index(card) for card in move.cards)
        return Reply([f"hint: {self.describe(move)}. {self._outlook()}"], marks=marks)

    def _outlook(self) -> str:
        """Whether every card can still go out, from here."""
        _, end = best_line(self.game)
        if end.outcome.won:
            return f"Still winnable{self._peek()}."
        return (
            f"No longer winnable{self._peek()}: the best reachable is "
            f"{plural(end.outcome.cards, 'card')}."
        )

    def solve(self) -> Reply:
        """Show the rest of a winning line, or a line to the fewest cards reachable."""
        if self.game.is_over:
            return Reply(["nothing to solve: no legal action is left"])
        line, end = best_line(self.game)
        steps = "action" if any(move.is_deal for move in line) else "move"
        note = self._peek()
        if end.outcome.won:
            head = f"solve: a win from here{note} in {plural(len(line), steps)}:"
        else:
            head = (
                f"solve: no win from here{note}; the fewest cards reachable is "
                f"{end.outcome.cards}, by:"
            )
        return Reply([head, "  " + (describe_line(line) or "(no move)")])
