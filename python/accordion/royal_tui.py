"""The text UI of Royal Marriage (`accordion play --game royal-marriage`).

The screen, :class:`~accordion.tui.Reply` and the loop are Accordion's
(:mod:`accordion.tui`); this module is the Royal Marriage session: throws typed
in the notation of ``docs/royal-marriage.md`` (``out 5D``, ``out 5D 7C``,
``between 3S 9S``) or by the 1-based positions of the cards to throw out
(``7``, ``7 8``), and the commands.

Best play is the engine's :meth:`RoyalGame.hint` followed to the end: the
interval solver's line in an open row, dealing everything first in a blind game
under ``modern``, and the (forced) greedy play under ``parlett``
(``docs/royal-marriage.md``).
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

from accordion import Card, Deal, RoyalGame, RoyalMove, royal_deal
from accordion.errors import AccordionError
from accordion.tui import Reply, _plural

HELP = """\
out 5D, 5D       throw out 5D: the cards either side of it agree (suit or rank)
out 5D 7C        throw out 5D and 7C together (the cards either side agree)
between 3S 9S    throw out the one or two cards between 3S and 9S
7, 7 8           throw out card 7 alone; cards 7 and 8 together
hint   a good action, and whether the deal can still be won
solve  the rest of a winning line (or of the best line when no win is left)
undo   take back the last action        moves  list the legal actions
deal   turn the next card (blind)       new    restart    help    quit"""

# A word that is meant as a card, right or wrong: `7H`, `10d`, `7♥`, `7X`.
_CARDLIKE = re.compile(r"^(10|\w)\S$")


def status_line(game: RoyalGame) -> str:
    """Cards left (row and stock), stock left, throws made, and what can happen next."""
    outcome = game.outcome
    throws = sum(1 for move in game.history if not move.is_deal)
    parts = [f"cards left {outcome.cards}"]
    if game.blind:
        parts.append(f"stock {game.stock_size}")
    parts.append(f"moves {throws}")
    if outcome.is_over:
        parts.append("WON" if outcome.won else "GAME OVER")
    else:
        legal = len(game.legal_moves)
        parts.append(f"{legal} legal action{'' if legal == 1 else 's'}")
    return " · ".join(parts)


def best_line(game: RoyalGame) -> tuple[list[RoyalMove], RoyalGame]:
    """Best play from here to the end: the actions, and the game they leave."""
    end = game.copy()
    line: list[RoyalMove] = []
    while (move := end.hint()) is not None:
        line.append(end.play(move))
    return line, end


def describe_line(moves: Sequence[RoyalMove]) -> str:
    """`deal ×5, out 9D, out 5C 3C`: a run of deals is counted, not spelt out."""
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


def _is_int(word: str) -> bool:
    return word.lstrip("+-").isdigit()


class RoyalSession:
    """One sitting at the Royal Marriage table: the game and the commands."""

    def __init__(
        self,
        deal: Deal,
        rules: str = "modern",
        *,
        blind: bool = False,
        seed: int | None = None,
    ) -> None:
        self.game = RoyalGame(deal, rules, blind=blind)
        self.rules = self.game.rules
        self.blind = blind
        # royal_deal does not record its number on the Deal, so the session does.
        self.seed = seed
        self._verdicts: dict[Deal, RoyalGame] = {}
        self._announced = False

    @property
    def deal(self) -> Deal:
        return self.game.starting_deal

    @property
    def deal_name(self) -> str:
        return "your deal" if self.seed is None else f"deal {self.seed}"

    @property
    def title(self) -> str:
        mode = "blind" if self.blind else "open"
        return f"Royal Marriage · {self.deal_name} · {self.rules} rules · {mode}"

    def replay_hint(self) -> str:
        """How to play this deal again from the command line."""
        if self.seed is not None and len(self.deal) == 52:
            where = f"--seed {self.seed}"
        else:
            where = f'--deal "{self.deal}"'
        flags = "" if self.rules == "modern" else f" --rules {self.rules}"
        if self.blind:
            flags += " --blind"
        return f"accordion play --game royal-marriage {where}{flags}"

    def status(self) -> str:
        return status_line(self.game)

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

    def farewell(self) -> str:
        outcome = self.game.outcome
        result = "won" if outcome.won else "not won"
        return (
            f"{self.deal_name}: {_plural(outcome.cards, 'card')} left, {result}. "
            f"Play it again: {self.replay_hint()}"
        )

    # The interpreter ---------------------------------------------------------------

    def execute(self, line: str) -> Reply:
        """Interpret one line of input: a command or a throw."""
        words = line.replace(",", " ").split()
        command = _COMMANDS.get(words[0].lower()) if len(words) == 1 else None
        if command is not None:
            return command(self)
        if not words:
            return Reply()
        try:
            reply = self._play(self._parse(words, line))
        except AccordionError as error:
            return Reply([str(error)])
        return self._after_action(reply)

    def _parse(self, words: list[str], line: str) -> RoyalMove:
        if all(_is_int(word) for word in words) and len(words) <= 2:
            cards = [self._card_at(int(word)) for word in words]
            return RoyalMove.parse("out " + " ".join(str(card) for card in cards))
        if len(words) <= 2 and all(_CARDLIKE.match(word) for word in words):
            return RoyalMove.parse("out " + " ".join(words))
        try:
            return RoyalMove.parse(line)
        except AccordionError:
            raise AccordionError(
                f"not a move or a command: {line.strip()!r} (throws look like out 5D, "
                "out 5D 7C, between 3S 9S, 7 or 7 8; type help)"
            ) from None

    def _card_at(self, position: int) -> Card:
        cards = self.game.cards
        if not 1 <= position <= len(cards):
            if not cards:
                raise AccordionError(f"no card {position}: the row is empty (type deal)")
            raise AccordionError(f"no card {position}: the row has cards 1 to {len(cards)}")
        return cards[position - 1]

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

    def _after_action(self, reply: Reply) -> Reply:
        """Announce the end of the game once, with the verdict on the starting deal."""
        if not self.game.is_over:
            self._announced = False
            return reply
        if not self._announced:
            self._announced = True
            reply.messages += self._game_over()
        return reply

    def _game_over(self) -> list[str]:
        outcome = self.game.outcome
        if outcome.won:
            return ["You won: only the queen and the king of hearts are left. (new or quit)"]
        return [
            f"Game over: {_plural(outcome.cards, 'card')} left, not won. "
            f"{self._start_verdict()} (new, restart, undo or quit)"
        ]

    def _start_verdict(self) -> str:
        """Whether the starting deal could have been won, by best play from the start."""
        end = self._verdicts.get(self.deal)
        if end is None:
            _, end = best_line(RoyalGame(self.deal, self.rules, blind=self.blind))
            self._verdicts[self.deal] = end
        if end.outcome.won:
            return "From the start this deal could be won."
        return (
            "From the start this deal could not be won: the best possible is "
            f"{_plural(end.outcome.cards, 'card')}."
        )

    # The commands ------------------------------------------------------------------

    def help(self) -> Reply:
        return Reply(HELP.splitlines())

    def quit(self) -> Reply:
        return Reply(quit=True)

    def undo(self) -> Reply:
        try:
            move = self.game.undo()
        except IndexError:
            return Reply(["nothing to undo"])
        self._announced = False
        return Reply([f"took back {move}"])

    def restart(self) -> Reply:
        self.game = RoyalGame(self.deal, self.rules, blind=self.blind)
        self._announced = False
        return Reply([f"{self.deal_name} from the start"])

    def new(self) -> Reply:
        self.seed = random.SystemRandom().randrange(2**32)
        deal = royal_deal(self.seed, len(self.deal))
        self.game = RoyalGame(deal, self.rules, blind=self.blind)
        self._announced = False
        return Reply([f"new {self.deal_name}; to replay it later: {self.replay_hint()}"])

    def deal_card(self) -> Reply:
        if not self.blind:
            return Reply(["this is an open game: every card is already in the row"])
        try:
            reply = self._play(RoyalMove.deal())
        except AccordionError as error:
            return Reply([str(error)])
        return self._after_action(reply)

    def moves(self) -> Reply:
        legal = self.game.legal_moves
        if not legal:
            return Reply(["no legal action"])
        return Reply([f"legal ({len(legal)}): " + ", ".join(str(move) for move in legal)])

    def _peek(self) -> str:
        """Best play's outcome depends on the stock's order; say so while cards are hidden."""
        return " (the solver peeks at the stock)" if self.blind and self.game.stock_size else ""

    def hint(self) -> Reply:
        move = self.game.hint()
        if move is None:
            return Reply(["no legal action left (undo, restart or new)"])
        cards = self.game.cards
        marks = tuple(cards.index(card) for card in move.cards)
        return Reply([f"hint: {self.describe(move)}. {self._outlook()}"], marks=marks)

    def _outlook(self) -> str:
        """Whether only QH and KH can still be left, from here."""
        _, end = best_line(self.game)
        if end.outcome.won:
            return f"Still winnable{self._peek()}."
        return (
            f"No longer winnable{self._peek()}: the best reachable is "
            f"{_plural(end.outcome.cards, 'card')}."
        )

    def solve(self) -> Reply:
        """Show the rest of a winning line, or a line to the fewest cards reachable."""
        if self.game.is_over:
            return Reply(["nothing to solve: no legal action is left"])
        line, end = best_line(self.game)
        steps = "action" if any(move.is_deal for move in line) else "move"
        note = self._peek()
        if end.outcome.won:
            head = f"solve: a win from here{note} in {_plural(len(line), steps)}:"
        else:
            head = (
                f"solve: no win from here{note}; the fewest cards reachable is "
                f"{end.outcome.cards}, by:"
            )
        return Reply([head, "  " + (describe_line(line) or "(no move)")])


_COMMANDS = {
    "help": RoyalSession.help,
    "?": RoyalSession.help,
    "quit": RoyalSession.quit,
    "q": RoyalSession.quit,
    "exit": RoyalSession.quit,
    "undo": RoyalSession.undo,
    "u": RoyalSession.undo,
    "restart": RoyalSession.restart,
    "new": RoyalSession.new,
    "deal": RoyalSession.deal_card,
    "d": RoyalSession.deal_card,
    "moves": RoyalSession.moves,
    "hint": RoyalSession.hint,
    "h": RoyalSession.hint,
    "solve": RoyalSession.solve,
}
