"""What every table of `accordion play` has in common.

An Accordion sitting (:class:`accordion.play.accordion.Session`) and a Royal Marriage one
(:class:`accordion.play.royal.RoyalSession`) take the same commands and answer
them in the same words: undo, restart, a new deal, turning a card in a blind
game, listing the legal actions, the end of the game announced once with a
verdict on the starting deal, and how to play the deal again. That part lives
here, once, in :class:`BaseSession`; each game's session says only what is its
own: how a game is made and a line read as a move, how a move is described, how
the starting deal is judged, and its help text.

The games of throwing cards out, Royal Marriage and Bayan
(:class:`accordion.play.bayan.BayanSession`), share more: cards counted instead
of piles, a game won or not, cards named by their place, and hint, solve and the
verdicts all following the game's best line. That is :class:`ThrowSession`.

A session reads its game through the shape every game has
(:class:`accordion.shape.GameShape`), and the table reads the session
(:class:`BaseSession`'s "what a table asks of the game"), never the game's name.
"""

from __future__ import annotations

import functools
import random
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from accordion import Card, Deal
from accordion.errors import AccordionError, shown
from accordion.games import Descriptor, find_game, plural
from accordion.shape import GameShape, MoveShape, OutcomeShape

MoveT = TypeVar("MoveT")

# A word that is meant as a card, right or wrong: `7H`, `10d`, `7♥`, `7X`.
CARDLIKE = re.compile(r"^(10|\w)\S$")


@dataclass(frozen=True)
class Best:
    """Best play from a position: the actions, whether they win, and what they leave.

    ``settled`` is False when the solver ran out of its budget: then ``won`` is
    False and ``left`` is the best found, not proved the best.
    """

    moves: tuple[Any, ...]
    won: bool
    left: int
    settled: bool = True


@dataclass
class Reply:
    """What a line of input did: messages to show, piles to mark, and whether to stop."""

    messages: list[str] = field(default_factory=list)
    marks: tuple[int, ...] = ()
    quit: bool = False


GameT = TypeVar("GameT", bound=GameShape[Any])


def by_result(result: str, win: str, loss: str, unknown: str) -> str:
    """What to say of a solver's ``result``: ``win``, ``loss``, else (``unknown``)
    ``unknown``."""
    return {"win": win, "loss": loss}.get(result, unknown)


#: A whole number as typed at a prompt: ASCII digits, one sign at most, and
#: short enough to be a place in a row or a deal number (``²``, ``+-3``, ``--3``
#: and a 5,000-digit number are not: Python's ``int()`` refuses or chokes on them).
WHOLE = re.compile(r"[+-]?[0-9]{1,30}")


def is_int(word: str) -> bool:
    """Whether ``word`` is a whole number, signed or not (``3``, ``-1``, ``+2``)."""
    return WHOLE.fullmatch(word) is not None


class BaseSession(ABC, Generic[GameT, MoveT]):
    """One sitting at a table: the current game and the commands every game shares.

    ``seed`` is the number the deal was made from (``None`` for a deal typed in);
    the session keeps it because a Royal Marriage deal does not record it.
    ``entry`` is the game played, from the registry: it names the title and the
    command that replays the deal (a PySolFC variant played by another game's
    session is its own entry, not the engine's). ``origin`` is the option that
    named the starting deal otherwise (``--pysol 5``), which replays it.

    What a table needs of a game it reads here, never by asking which game it is:
    :attr:`automatic`, :meth:`forced`, :meth:`best`, :meth:`describe`,
    :attr:`DIRECTED` and :meth:`named`.
    """

    HELP: ClassVar[str]
    #: Whether a move takes a pile (or its top card) from one place onto another
    #: (Accordion, Accordian Patience), rather than throwing cards out of the row.
    DIRECTED: ClassVar[bool] = False
    # What `moves` says when there is nothing to list.
    NO_MOVES: ClassVar[str]
    # The words typed for a command, and the methods they call.
    COMMANDS: ClassVar[Mapping[str, str]] = {
        "help": "help",
        "?": "help",
        "quit": "quit",
        "q": "quit",
        "exit": "quit",
        "undo": "undo",
        "u": "undo",
        "restart": "restart",
        "new": "new",
        "deal": "deal_card",
        "d": "deal_card",
        "moves": "moves",
        "hint": "hint",
        "h": "hint",
        "solve": "solve",
    }

    def __init__(
        self, game: GameT, *, seed: int | None, entry: Descriptor, origin: str | None = None
    ) -> None:
        self.entry = entry
        self.origin = origin
        self.game = game
        self.blind = game.blind
        self.seed = seed
        # The verdict on a starting deal, worded: finding it may take the solver
        # seconds, and undo, restart and a second ending come back to the same deal.
        self._verdicts: dict[Deal, str] = {}
        self._announced = False

    # What each game says for itself ------------------------------------------------

    @abstractmethod
    def new_game(self, deal: Deal) -> GameT:
        """A fresh game of ``deal`` under this sitting's rules and mode (the sitting's
        own game is not changed: :meth:`sit_down` plays it)."""

    @abstractmethod
    def _random_deal(self) -> tuple[int | None, Deal]:
        """A new random deal of the same size, and the number that replays it."""

    @abstractmethod
    def _rules_text(self) -> str:
        """The rules in words, for the title: `modern rules`."""

    @abstractmethod
    def _flags(self) -> str:
        """The options after the deal that replay these rules and this mode."""

    @abstractmethod
    def _left(self) -> str:
        """What is left on the table: `3 piles left`."""

    @abstractmethod
    def _result(self) -> str:
        """How the game stands, in one word or two: a grade, or `won`."""

    @abstractmethod
    def _judge_start(self) -> str:
        """Whether the starting deal could have been won, as a sentence."""

    @abstractmethod
    def _game_over(self) -> list[str]:
        """What is said once when no action is left."""

    @abstractmethod
    def _act(self, words: list[str], line: str) -> Reply:
        """Carry out a line that is not a command (a move, or nothing)."""

    @abstractmethod
    def _play(self, move: MoveT) -> Reply:
        """Play a move or a deal and say what it did."""

    @abstractmethod
    def _deal_move(self) -> MoveT:
        """The action that turns the next card of the stock."""

    def _short(self, move: MoveT) -> str:
        """A legal move as `moves` lists it."""
        return str(move)

    @classmethod
    @abstractmethod
    def status_of(cls, game: GameT) -> str:
        """The status line under a table of ``game``: piles or cards left, stock,
        legal moves (what :func:`accordion.play.screen.render_screen` shows when it
        is given none)."""

    def status(self) -> str:
        """The status line under the table: piles or cards left, stock, legal moves."""
        return self.status_of(self.game)

    @abstractmethod
    def welcome(self) -> Reply:
        """The greeting when the session opens: the deal, how to play it and the first verdict."""

    @abstractmethod
    def hint(self) -> Reply:
        """The ``hint`` command: a move of best play (the solver's), or why there is none."""

    @abstractmethod
    def solve(self) -> Reply:
        """The ``solve`` command: whether the current position can be won, with a line."""

    # What a table asks of the game -------------------------------------------------

    @property
    @abstractmethod
    def rules_name(self) -> str:
        """The rule set, as ``--rules`` takes it."""

    @property
    @abstractmethod
    def automatic(self) -> bool:
        """Whether the rules in play force every action."""

    @abstractmethod
    def forced(self) -> MoveT | None:
        """The one action the automatic rules allow now (``None`` when the game is
        over; only asked when :attr:`automatic`)."""

    @abstractmethod
    def best(self, game: GameT, budget: float) -> Best:
        """Best play from ``game`` (a copy is played, never ``game``) to its end,
        the solver given ``budget`` seconds; a blind game's stock is read as if known."""

    @abstractmethod
    def describe(self, move: MoveT) -> str:
        """An action in words, in the position before it."""

    def named(self, move: MoveT) -> tuple[Card, ...]:
        """The top cards a move names: its mover then its target (:attr:`DIRECTED`),
        or the cards it throws out (none for a deal)."""
        cards: tuple[Card, ...] = tuple(move.cards)  # type: ignore[attr-defined]
        return cards

    # Naming the deal ---------------------------------------------------------------

    @property
    def deal(self) -> Deal:
        """The deal being played (the current game's starting deal)."""
        return self.game.starting_deal

    @property
    def deal_name(self) -> str:
        """``deal N`` for a numbered deal, ``your deal`` for one typed in."""
        return "your deal" if self.seed is None else f"deal {self.seed}"

    @property
    def title(self) -> str:
        """The title line: game, deal, rules and mode."""
        mode = "blind" if self.blind else "open"
        return f"{self.entry.title} · {self.deal_name} · {self._rules_text()} · {mode}"

    @property
    def command(self) -> str:
        """What starts the command line that plays the deal again (:meth:`replay_hint`)."""
        return "accordion play" + ("" if self.entry.unnamed else f" --game {self.entry.name}")

    def replay_hint(self) -> str:
        """How to play this deal again from the command line.

        A seed names only a full deck: a shorter numbered deal is spelt out.
        """
        if self.origin is not None:
            where = self.origin
        elif self.seed is not None and len(self.deal) == 52:
            where = f"--seed {self.seed}"
        else:
            where = f'--deal "{self.deal}"'
        return f"{self.command} {where}{self._flags()}"

    def farewell(self) -> str:
        """The last line on leaving: how the game ended and the command that replays it."""
        return (
            f"{self.deal_name}: {self._left()}, {self._result()}. "
            f"Play it again: {self.replay_hint()}"
        )

    # The interpreter ---------------------------------------------------------------

    def execute(self, line: str) -> Reply:
        """Interpret one line of input: a command or a move."""
        words = line.replace(",", " ").split()
        name = self.COMMANDS.get(words[0].lower()) if len(words) == 1 else None
        try:
            if name is not None:
                command: Callable[[], Reply] = getattr(self, name)
                return command()
            return self._act(words, line)
        except AccordionError as error:
            return Reply([str(error)])

    def _after_action(self, reply: Reply) -> Reply:
        """Announce the end of the game once, with the verdict on the starting deal."""
        if not self.game.is_over:
            self._announced = False
            return reply
        if not self._announced:
            self._announced = True
            reply.messages += self._game_over()
        return reply

    def _start_verdict(self) -> str:
        """Whether the starting deal could have been won (judged once a deal)."""
        verdict = self._verdicts.get(self.deal)
        if verdict is None:
            verdict = self._verdicts[self.deal] = self._judge_start()
        return verdict

    def _peek(self) -> str:
        """The solver reads a blind game's stock; say so, since its answer gives it away."""
        return " (the solver peeks at the stock)" if self.blind and self.game.stock_size else ""

    # The commands ------------------------------------------------------------------

    def help(self) -> Reply:
        """The ``help`` command: the moves and commands this table understands."""
        return Reply(self.HELP.splitlines())

    def quit(self) -> Reply:
        """The ``quit`` command: leave the table."""
        return Reply(quit=True)

    def take_back(self) -> MoveT:
        """Take back the last action of the game in play and return it; the end of
        the game is announced again when it comes back.

        Raises:
            IndexError: nothing has been played (the games' ``NoMoveToUndoError``).
        """
        move: MoveT = self.game.undo()
        self._announced = False
        return move

    def sit_down(self, deal: Deal, seed: int | None) -> None:
        """Play ``deal`` from its start (``seed``: the number that names it, or
        ``None`` for a deal typed in), under this sitting's rules and mode."""
        if deal != self.deal or seed != self.seed:
            self.origin = None  # another deal than the one the option named
        self.seed = seed
        self.game = self.new_game(deal)
        self._announced = False

    def undo(self) -> Reply:
        """The ``undo`` command: take back the last action, if any."""
        try:
            move = self.take_back()
        except IndexError:
            return Reply(["nothing to undo"])
        return Reply([f"took back {move}"])

    def restart(self) -> Reply:
        """The ``restart`` command: the same deal from the start."""
        self.sit_down(self.deal, self.seed)
        return Reply([f"{self.deal_name} from the start"])

    def new(self) -> Reply:
        """The ``new`` command: a fresh random deal, with the number that replays it."""
        seed, deal = self._random_deal()
        self.sit_down(deal, seed)
        return Reply([f"new {self.deal_name}; to replay it later: {self.replay_hint()}"])

    def deal_card(self) -> Reply:
        """The ``deal`` command: turn the next stock card (blind games only)."""
        if not self.blind:
            return Reply(["this is an open game: every card is already in the row"])
        try:
            reply = self._play(self._deal_move())
        except AccordionError as error:
            return Reply([str(error)])
        return self._after_action(reply)

    def moves(self) -> Reply:
        """The ``moves`` command: list the legal actions."""
        legal = list(self.game.legal_moves)
        if not legal:
            return Reply([self.NO_MOVES])
        return Reply([f"legal ({len(legal)}): " + ", ".join(self._short(m) for m in legal)])


# The games of throwing cards out (Royal Marriage, Bayan) -------------------------


class ThrowMove(MoveShape, Protocol):
    """What :class:`ThrowSession` needs of a throw (``RoyalMove``, ``BayanMove``)."""

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards thrown out (none for a deal)."""


class ThrowOutcome(OutcomeShape, Protocol):
    """Where a game of throws stands (``RoyalOutcome``, ``BayanOutcome``)."""

    @property
    def cards(self) -> int:
        """Cards left, the stock's included."""

    @property
    def won(self) -> bool:
        """Whether the game is won."""


ThrowMoveT = TypeVar("ThrowMoveT", bound=ThrowMove)
ThrowMoveT_co = TypeVar("ThrowMoveT_co", bound=ThrowMove, covariant=True)


class ThrowGame(GameShape[ThrowMoveT_co], Protocol[ThrowMoveT_co]):
    """What :class:`ThrowSession` needs of a game played on one row beyond
    :class:`~accordion.shape.GameShape` (``RoyalGame``, ``BayanGame`` …)."""

    @property
    def cards(self) -> list[Card]:
        """The row, left to right."""

    @property
    def outcome(self) -> ThrowOutcome:
        """Where the game stands."""

    @property
    def rules(self) -> str:
        """The rule set's name."""

    def hint(self) -> ThrowMoveT_co | None:
        """An action of best play, or ``None`` when the game is over."""


ThrowGameT = TypeVar("ThrowGameT", bound=ThrowGame[Any])


def status_line(
    game: Any, left: str, stock: str, notes: Sequence[str] = (), over: str = "GAME OVER"
) -> str:
    """Every game's status line: what is ``left``, the ``stock`` still to deal (a
    blind game's, in the game's word: `stock`, `talon`), the moves made (deals not
    counted), the game's ``notes``, then ``over`` once the game is over, else how
    many actions are legal."""
    moves = sum(1 for move in game.history if not move.is_deal)
    parts = [left, *([f"{stock} {game.stock_size}"] if game.blind else []), f"moves {moves}"]
    parts += notes
    if game.is_over:
        parts.append(over)
    else:
        legal = len(game.legal_moves)
        parts.append(f"{legal} legal action{'' if legal == 1 else 's'}")
    return " · ".join(parts)


def throw_status(game: ThrowGame[Any], stock: str, piece: str = "card") -> str:
    """Cards (or piles) left (row and stock), stock left, throws made, and what can
    happen next.

    ``stock`` is the game's word for it: `stock`, `talon`; ``piece`` what is counted.
    """
    outcome = game.outcome
    over = "WON" if outcome.won else "GAME OVER"
    return status_line(game, f"{piece}s left {outcome.cards}", stock, over=over)


def best_line(
    game: ThrowGameT, solve: Callable[[ThrowGameT], Any], *, follow_hint: bool
) -> tuple[list[Any], ThrowGameT]:
    """Best play from ``game`` to the end, on a copy: the actions, and the game they
    leave. Either the game's hint followed to the end (``follow_hint``: forced play,
    or a hint that is not the solver's line), or the stock dealt (dealing never
    takes a throw away) and then the line of ``solve`` for the open row."""
    end = game.copy()
    line = []
    if follow_hint:
        while (move := end.hint()) is not None:
            line.append(end.play(move))
        return line, end
    line.extend(end.deal() for _ in range(end.stock_size))
    line.extend(end.play(move) for move in solve(end).moves)
    return line, end


#: The commands of every throw game's table, the end of its help.
THROW_COMMANDS = """\
hint   a good action, and whether the deal can still be won
solve  the rest of a winning line (or of the best line when no win is left)
undo   take back the last action        moves  list the legal actions
deal   turn the next card (blind)       new    restart    help    quit"""


def describe_line(moves: Sequence[ThrowMove]) -> str:
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


class ThrowSession(BaseSession[ThrowGameT, ThrowMoveT]):
    """What the games played on one row (Royal Marriage, Bayan, Accordian Patience)
    share beyond :class:`BaseSession`.

    Cards (or piles) are counted; a game is won or not; cards are named by their
    1-based place in the row; the game's pieces (its class, numbered deals and
    solver) are its entry in the registry (:mod:`accordion.games`); and hint,
    solve and the end of a game all follow the game's best line
    (:meth:`best_line`) to its end. Each game says how a throw is written, how it
    is described and what it marks on the table.
    """

    # The game's name in the registry; its nouns are read there.
    GAME: ClassVar[str]
    # The game's word for the cards still to deal, on the status line.
    STOCK: ClassVar[str]
    # What is counted: the cards left (Accordian Patience: the piles).
    PIECE: ClassVar[str]
    # What is said when the game is won.
    WON: ClassVar[str]
    # The greeting: its first words in an open game and in a blind one, then how
    # a throw is made and when the game is won.
    WELCOME: ClassVar[tuple[str, str, str]]
    # How many cards a throw typed by their places names (`7`, `7 8`).
    BY_PLACE: ClassVar[tuple[int, ...]] = (2,)
    # What the error on a line that is neither a move nor a command shows.
    EXAMPLES: ClassVar[str]
    # The verb of a throw in the reply (`threw out 5C`).
    PLAYED: ClassVar[str]
    NO_MOVES = "no legal action"

    def __init__(
        self,
        deal: Deal,
        rules: Any = None,
        *,
        blind: bool = False,
        seed: int | None = None,
        entry: Descriptor | None = None,
        origin: str | None = None,
    ) -> None:
        game: ThrowGameT = self.registered().game_class()(deal, rules, blind=blind)
        self.rules = game.rules
        super().__init__(game, seed=seed, entry=entry or self.registered(), origin=origin)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not hasattr(cls, "GAME"):
            return  # a base of several games' sessions (accordion.play.runs)
        entry = cls.registered()
        cls.STOCK, cls.PIECE = entry.nouns.stock, entry.nouns.piece
        cls.PLAYED = {"throw": "threw", "move": "moved"}[entry.nouns.move]

    @classmethod
    def registered(cls) -> Descriptor:
        """The registry's entry of the game this session class plays."""
        return find_game(cls.GAME)

    def welcome(self) -> Reply:
        opening, blind_opening, how = self.WELCOME
        first = blind_opening if self.blind else opening
        return Reply([f"{first} {how}{self._rules_note()} Type help for more."])

    def _rules_note(self) -> str:
        """What the greeting says of the rules in play (nothing, unless they force play)."""
        return ""

    def new_game(self, deal: Deal) -> ThrowGameT:
        game: ThrowGameT = self.entry.game_class()(deal, self.rules, blind=self.blind)
        return game

    def _random_deal(self) -> tuple[int | None, Deal]:
        seed = random.SystemRandom().randrange(2**32)
        deal: Deal = self.entry.numbered()(seed, len(self.deal))
        return seed, deal

    def _rules_text(self) -> str:
        return f"{self.rules} rules"

    def _flags(self) -> str:
        flags = "" if self.rules == self.entry.rules[0] else f" --rules {self.rules}"
        return flags + (" --blind" if self.blind else "")

    def _deal_move(self) -> ThrowMoveT:
        move: ThrowMoveT = self.entry.move_class().deal()
        return move

    def best_line(self, game: ThrowGameT | None = None) -> tuple[list[ThrowMoveT], ThrowGameT]:
        """Best play from ``game`` (default: the game in play) to the end: the
        actions, and the game they leave (on a copy). Under the game's ``hinted_rules`` the
        game's hint followed to the end, else the stock dealt and the solver's line.
        The solver reads a blind game's stock."""
        return best_line(
            self.game if game is None else game,
            self.entry.solver(),
            follow_hint=self.rules in self.entry.hinted_rules,
        )

    @property
    def rules_name(self) -> str:
        """The rule set, as ``--rules`` takes it."""
        return str(self.rules)

    @property
    def automatic(self) -> bool:
        """Whether the table plays the game's hint as the one action (the game's
        ``automatic_rules``: every action forced, or every choice ending alike)."""
        return self.rules in self.entry.automatic_rules

    def forced(self) -> ThrowMoveT | None:
        # Under forced rules (Parlett's greedy Royal Marriage, the UVa judge's play)
        # the game's hint is the one action the rules allow.
        return self.game.hint()

    def best(self, game: ThrowGameT, budget: float) -> Best:
        if self.rules in self.entry.hinted_rules:
            # Best play is the game's hint followed to the end: forced or fast.
            moves, end = self.best_line(game)
            return Best(tuple(moves), bool(end.outcome.won), int(end.outcome.cards))
        # The stock dealt (dealing never takes a throw away), then the exact solver
        # of the open row within the budget (Accordian Patience's can take minutes
        # on a full deck).
        end = game.copy()
        line = [end.deal() for _ in range(end.stock_size)]
        solution = self.entry.solver()(end, timeout=budget)
        line.extend(end.play(move) for move in solution.moves)
        return Best(
            tuple(line),
            bool(end.outcome.won),
            int(end.outcome.cards),
            settled=solution.result != "unknown",
        )

    def _describe_line(self, moves: list[ThrowMoveT]) -> str:
        """A line of actions in a few words (`deal ×5, out 9D`)."""
        return describe_line(moves)

    def _written(self, cards: list[str]) -> str:
        """A throw of these cards (or card texts) in the game's notation: ``out`` and
        the cards, in the games of throwing cards out."""
        return "out " + " ".join(cards)

    @abstractmethod
    def _marks(self, move: ThrowMoveT, before: list[Card]) -> tuple[int, ...]:
        """The places to mark once ``move`` is played (``before``: the row before it)."""

    def _parse(self, words: list[str], line: str) -> ThrowMoveT:
        """The throw a line of input means (or why it is none): cards by their
        places, two or so card texts, or the game's notation."""
        parse = self.entry.move_class().parse
        if len(words) in self.BY_PLACE and all(is_int(word) for word in words):
            written = self._written([str(self._card_at(int(word))) for word in words])
            by_place: ThrowMoveT = parse(written)
            return by_place
        if len(words) in self.BY_PLACE and all(CARDLIKE.match(word) for word in words):
            by_name: ThrowMoveT = parse(self._written(words))
            return by_name
        try:
            move: ThrowMoveT = parse(line)
        except AccordionError:
            raise AccordionError(
                f"not a move or a command: {shown(line.strip())} ({self.EXAMPLES}; type help)"
            ) from None
        return move

    def _play(self, move: ThrowMoveT) -> Reply:
        # The copy checks the move (and gives the reason, or the cards `between 3S
        # 9S` throws) before anything is said.
        canonical = self.game.copy().play(move)
        words, before = self.describe(canonical), self.game.cards
        self.game.play(canonical)
        if canonical.is_deal:
            cards = self.game.cards
            return Reply([f"dealt {cards[-1]}"], marks=(len(cards) - 1,))
        return Reply([f"{self.PLAYED} {words}"], marks=self._marks(canonical, before))

    def _judge_start(self) -> str:
        """Whether the starting deal could have been won: by best play from the
        start under the game's ``hinted_rules``, else by the solver."""
        if self.rules in self.entry.hinted_rules:
            _, end = self.best_line(self.new_game(self.deal))
            result, left = ("win" if end.outcome.won else "loss"), end.outcome.cards
        else:
            solution = self.entry.solver()(self.deal)
            result, left = solution.result, solution.cards
        return by_result(
            result,
            "From the start this deal could be won.",
            "From the start this deal could not be won: the best possible is "
            f"{plural(left, self.PIECE)}.",
            "The solver could not decide this deal in time.",
        )

    def _left(self) -> str:
        return f"{plural(self.game.outcome.cards, self.PIECE)} left"

    def _result(self) -> str:
        return "won" if self.game.outcome.won else "not won"

    @classmethod
    def status_of(cls, game: ThrowGameT) -> str:
        """Cards (or piles) left, the stock, throws made, and what can happen next."""
        return throw_status(game, cls.STOCK, cls.PIECE)

    def _act(self, words: list[str], line: str) -> Reply:
        if not words:
            return Reply()
        return self._after_action(self._play(self._parse(words, line)))

    def _card_at(self, position: int) -> Card:
        """The card at a 1-based place in the row, or why there is none."""
        cards = self.game.cards
        if not 1 <= position <= len(cards):
            if not cards:
                raise AccordionError(f"no card {position}: the row is empty (type deal)")
            raise AccordionError(f"no card {position}: the row has cards 1 to {len(cards)}")
        return cards[position - 1]

    def _game_over(self) -> list[str]:
        if self.game.outcome.won:
            return [f"You won: {self.WON}. (new or quit)"]
        return [
            f"Game over: {self._left()}, not won. "
            f"{self._start_verdict()} (new, restart, undo or quit)"
        ]

    def hint(self) -> Reply:
        move = self.game.hint()
        if move is None:
            return Reply(["no legal action left (undo, restart or new)"])
        cards = self.game.cards
        marks = tuple(cards.index(card) for card in move.cards)
        return Reply([f"hint: {self.describe(move)}. {self._outlook()}"], marks=marks)

    def _outlook(self) -> str:
        """Whether the game can still be won, from here."""
        _, end = self.best_line()
        if end.outcome.won:
            return f"Still winnable{self._peek()}."
        return (
            f"No longer winnable{self._peek()}: the best reachable is "
            f"{plural(end.outcome.cards, self.PIECE)}."
        )

    def solve(self) -> Reply:
        """Show the rest of a winning line, or a line to the fewest cards reachable."""
        if self.game.is_over:
            return Reply(["nothing to solve: no legal action is left"])
        line, end = self.best_line()
        steps = "action" if any(move.is_deal for move in line) else "move"
        note = self._peek()
        if end.outcome.won:
            head = f"solve: a win from here{note} in {plural(len(line), steps)}:"
        else:
            head = (
                f"solve: no win from here{note}; the fewest {self.PIECE}s reachable is "
                f"{end.outcome.cards}, by:"
            )
        return Reply([head, "  " + (self._describe_line(line) or "(no move)")])


SessionT = TypeVar("SessionT", bound=BaseSession[Any, Any])


def registered_sessions(
    module: str, base: type[SessionT]
) -> tuple[Callable[[str], type[SessionT]], Callable[[str], type[SessionT]]]:
    """The session classes of a module that serves several games with one ``base``
    (``accordion.play.runs``): one subclass per game whose registry entry names
    its session in ``module``, made when first asked for. Returns the module's
    ``session_of(game name)`` and its ``__getattr__`` (PEP 562), which finds the
    class by the name the entry gives it."""

    @functools.cache
    def session_of(name: str) -> type[SessionT]:
        entry = find_game(name)
        made: type[SessionT] = type(entry.session.partition(":")[2], (base,), {"GAME": name})
        made.__module__ = module
        return made

    def module_getattr(attribute: str) -> type[SessionT]:
        from accordion.games import GAMES

        for entry in GAMES.values():
            if entry.session == f"{module}:{attribute}":
                return session_of(entry.name)
        raise AttributeError(f"module {module!r} has no attribute {attribute!r}")

    return session_of, module_getattr
