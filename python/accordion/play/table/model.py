"""What the full-screen table knows of a game, whatever the game: the adapter
between a sitting of `accordion play` (:class:`accordion.play.session.BaseSession`)
and the screen of :mod:`accordion.play.table.app`.

The screen speaks only of positions in the row: pick the pile at one place, drop
it on the pile at another. :class:`Table` turns that into the game's own moves,
keeps the redo list, finds best play (:meth:`Table.best`) and rates every legal
action (:meth:`Table.rate`), so that the screen never asks what game it shows.

The table asks the session, never which game it is: a session whose moves are
:attr:`~accordion.play.session.BaseSession.DIRECTED` (a pile, or its top card,
taken onto another) has each move picked up at its mover and dropped on its
target; otherwise a throw (Royal Marriage, Bayan, the games of runs) is picked at
one end and dropped on the other, or on itself when it throws out one card. The
cards a move names, the forced action, best play and a move in words are the
session's too (:class:`~accordion.play.session.BaseSession`).

This module imports neither Textual nor anything else outside the package, so
that it is tested without the ``play`` extra.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import accordion
from accordion.errors import AccordionError, shown
from accordion.games import LEVELS, Descriptor, plural
from accordion.play.session import BaseSession, Best, is_int

__all__ = ["BUDGET", "Best", "Rating", "Table", "band_size", "bands"]

#: Seconds the solver may spend on one position: a hint, the solution, or one
#: move of the analysis (a deal it cannot settle in that time is "unknown").
BUDGET = 2.0


@dataclass(frozen=True)
class Rating:
    """One legal action rated by the solver: where best play goes after it."""

    move: Any
    best: Best


class Table:
    """A sitting at the table as the screen sees it: positions, picks and drops.

    ``session`` is any game's sitting (the class its registry entry names); the
    table plays through its game, and through its commands where a command exists
    (undo, restart, a new deal), so that the line prompt and the screen say the
    same things. The game's entry (``game``, by default the session's) gives the
    words (pile or card) and the numbered deals.
    """

    def __init__(self, session: BaseSession[Any, Any], game: Descriptor | None = None) -> None:
        self.session = session
        self.entry = session.entry if game is None else game
        self._redo: list[Any] = []

    # What is on the table -------------------------------------------------------

    @property
    def game(self) -> Any:
        """The game in play (the session's)."""
        return self.session.game

    @property
    def piles(self) -> list[tuple[accordion.Card, ...]]:
        """Each pile bottom to top, left to right (one card each in a game of throws)."""
        piles: list[tuple[accordion.Card, ...]] = self.game.piles
        return piles

    @property
    def noun(self) -> str:
        """What the row is counted in: ``pile`` or ``card``."""
        return self.entry.nouns.piece

    @property
    def blind(self) -> bool:
        """Whether the game is dealt as it goes."""
        return bool(self.game.blind)

    @property
    def stock(self) -> int:
        """Cards still to deal."""
        return int(self.game.stock_size)

    @property
    def over(self) -> bool:
        """True when no legal action is left."""
        return bool(self.game.is_over)

    @property
    def won(self) -> bool:
        """Whether the game in play is won."""
        return bool(self.game.outcome.grade == "win")

    @property
    def left(self) -> int:
        """Piles (or cards) left, as every game's outcome counts them
        (:attr:`accordion.shape.OutcomeShape.piles`)."""
        return int(self.game.outcome.piles)

    @property
    def moved(self) -> bool:
        """Whether any action was played in this game."""
        return bool(self.game.history)

    @property
    def automatic(self) -> bool:
        """Whether the rules force every move (``strict``, ``strict-leap``, ``parlett``,
        ``uva``)."""
        return self.session.automatic

    @property
    def rules_name(self) -> str:
        """The rule set, as ``--rules`` takes it."""
        return self.session.rules_name

    # Positions ---------------------------------------------------------------

    def picks(self, move: Any) -> tuple[int, ...]:
        """The 0-based places a move touches: mover then target, or the cards thrown."""
        if move.is_deal:
            return ()
        tops = list(self.game.tops)
        return tuple(tops.index(card) for card in self.session.named(move))

    def targets(self, place: int) -> dict[int, Any]:
        """The places a pick at ``place`` can be dropped on, each with its move.

        A throw of one card is dropped on its own place.
        """
        found: dict[int, Any] = {}
        for move in self.game.legal_moves:
            places = self.picks(move)
            if not places:
                continue
            if self.session.DIRECTED:
                if places[0] == place:
                    found[places[1]] = move
            elif place in (min(places), max(places)):
                # A throw is picked at one end and dropped on the other (the run
                # between them goes with it), or on itself when it is one card.
                found[max(places) if place == min(places) else min(places)] = move
        return found

    def movable(self) -> set[int]:
        """The places that can be picked up (the start of some legal move)."""
        places: set[int] = set()
        for move in self.game.legal_moves:
            picked = self.picks(move)
            if self.session.DIRECTED and picked:
                places.add(picked[0])
            elif picked:
                places.update((min(picked), max(picked)))
        return places

    def can_deal(self) -> bool:
        """Whether turning the next stock card is legal now."""
        return any(move.is_deal for move in self.game.legal_moves)

    def describe(self, move: Any) -> str:
        """An action in words, in the position before it (the prompt's wording)."""
        return "deal" if move.is_deal else self.session.describe(move)

    # Playing -----------------------------------------------------------------

    def play(self, move: Any) -> str:
        """Play ``move`` (a player's move: the redo list is dropped) and say what it did."""
        message = self._play(move)
        self._redo.clear()
        return message

    def _play(self, move: Any) -> str:
        words = self.describe(move)
        self.game.play(move)
        if move.is_deal:
            return f"dealt {self.game.tops[-1]}"
        return f"played {words}"

    def deal(self) -> str:
        """Turn the next stock card, or say why not."""
        if not self.blind:
            return "this is an open game: every card is already in the row"
        for move in self.game.legal_moves:
            if move.is_deal:
                return self.play(move)
        return "no card to deal" if not self.stock else "no deal now: a move must be made first"

    def undo(self) -> str:
        """Take back the last action; it can be redone."""
        try:
            move = self.session.take_back()
        except IndexError:
            return "nothing to undo"
        self._redo.append(move)
        return f"took back {move}"

    def redo(self) -> str:
        """Play again the last action taken back."""
        if not self._redo:
            return "nothing to redo"
        move = self._redo.pop()
        return "redid: " + self._play(move).removeprefix("played ")

    def forced(self) -> Any | None:
        """The one action the automatic rules allow now (``None`` when there is none
        or when the rules leave a choice)."""
        if not self.automatic or self.over:
            return None
        return self.session.forced()

    def restart(self) -> str:
        """The same deal from the start."""
        self._redo.clear()
        return self.session.restart().messages[0]

    def new_deal(self, spec: str = "") -> str:
        """A new deal: random (``""``), numbered (``"123"``), by difficulty
        (``easy``/``medium``/``hard``) or ``winnable``. The last two draw
        Accordion deals under the game's rules (a refusal names the game).

        Raises:
            AccordionError: ``spec`` is none of these, or the game cannot draw it.
        """
        spec = spec.strip().lower()
        self._redo.clear()
        if not spec:
            return self.session.new().messages[0]
        if is_int(spec) and not spec.startswith(("+", "-")):
            seed = int(spec)
            deal = self.entry.numbered()(seed, len(self.session.deal))
        elif spec in (*LEVELS, "winnable"):
            if not self.entry.supports("choose"):
                raise AccordionError(
                    f"no {spec} deals of {self.entry.title} to draw: give a number, "
                    "or nothing for a random deal"
                )
            rules = self.game.rules
            cards = len(self.session.deal)
            if spec == "winnable":
                deal = accordion.winnable_deal(
                    rules=rules, blind=self.blind, cards=cards, game=self.entry.name
                )
            else:
                deal = accordion.difficulty_deal(
                    spec, rules=rules, cards=cards, game=self.entry.name
                )
            seed = deal.seed if deal.seed is not None else 0
        else:
            raise AccordionError(
                f"not a deal: {shown(spec)} (a number, easy, medium, hard, winnable, "
                "or nothing for a random one)"
            )
        self.session.sit_down(deal, seed)
        return f"{self.session.deal_name}; to replay it later: {self.session.replay_hint()}"

    # The solver's eyes ------------------------------------------------------------

    def best(self, game: Any | None = None, *, budget: float = BUDGET) -> Best:
        """Best play from ``game`` (default: the game in play) to its end.

        A blind game's stock is read as if it were known (:attr:`peeks`).
        """
        return self.session.best(self.game if game is None else game, budget)

    @property
    def peeks(self) -> bool:
        """Whether the solver's answers read cards not yet dealt."""
        return self.blind and self.stock > 0

    def hint(self, best: Best) -> tuple[Any | None, str]:
        """The hint that best play from the game in play gives: its first move (or
        ``None``) and a message saying what it keeps."""
        if self.over:
            return None, "no legal action left (u undo, n new deal)"
        if not best.moves:
            return None, "no move helps: every line ends here"
        move = best.moves[0]
        return move, f"hint: {self.describe(move)}. {self.outlook(best)}"

    def outlook(self, best: Best) -> str:
        """Whether the game can still be won, in a sentence."""
        peek = " (if the stock were known)" if self.peeks else ""
        if best.won:
            return f"Still winnable{peek}."
        if not best.settled:
            return (
                f"Undecided in {BUDGET:g} s{peek}: the best found leaves {self.count(best.left)}."
            )
        return f"No longer winnable{peek}: the best leaves {self.count(best.left)}."

    def count(self, number: int) -> str:
        """``3 piles``, ``1 card``."""
        return plural(number, self.noun)

    def rate(self, position: Any, stop: Callable[[], bool] = lambda: False) -> Iterator[Rating]:
        """Every legal action of ``position`` (a copy of the game, so that a worker
        thread reads nothing the player changes) rated, one at a time, until
        ``stop()`` says to stop.

        Each is played on a copy and the rest solved: whether best play still wins
        after it, and the fewest piles (or cards) it reaches.
        """
        for move in list(position.legal_moves):
            if stop():
                return
            after = position.copy()
            after.play(move)
            best = self.best(after)
            yield Rating(move, best)

    # Ending ------------------------------------------------------------------

    def ending(self) -> str:
        """What is said when no action is left."""
        if self.won:
            return f"You won {self.session.deal_name}! (n new deal, q quit)"
        return (
            f"Game over: {self.count(self.left)} left. (u undo, Ctrl+R restart, n new deal, q quit)"
        )


def band_size(width: int, cell: int) -> int:
    """How many piles one band of the row holds at ``width`` columns."""
    return max(1, (width - 2) // cell)


def bands(count: int, size: int) -> Sequence[range]:
    """The places of each band, left to right, ``size`` to a band."""
    return [range(start, min(start + size, count)) for start in range(0, count, size)]
