"""What the web server answers, whatever the game: solving a row, a hint from a
position, a numbered deal, the legal moves, a rating, and the web table's sittings.

Everything here is plain Python over the package's own pieces: a game is its
entry in the registry (:mod:`accordion.games`), a position is that game's table
sitting (the session its entry names, seen through
:class:`accordion.play.table.model.Table`), so that no game is named here and a
game added to the registry is served as it is. The ASGI application
(:mod:`accordion.web.app`) only turns requests into these calls, runs them off
the event loop and turns their answers and errors into JSON.

Every function is synchronous and bounded: each solver call has a time budget
(:class:`Limits`), and a bad value raises the package's typed error
(:class:`accordion.errors.AccordionError`), which the application answers with a
4xx and the error's message.
"""

from __future__ import annotations

import json
import random
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

import accordion
from accordion import Deal, Rules, errors, pysol_goal
from accordion.errors import AccordionError, IllegalMoveError, InvalidArgumentError
from accordion.games import GAMES, LEVELS, Descriptor, find_game
from accordion.play.table.model import Best, Table

if TYPE_CHECKING:
    from accordion.games import Capability
    from accordion.shape import SolutionShape

T = TypeVar("T")


@dataclass(frozen=True)
class Limits:
    """What one request may ask of the server (stated in docs/web.md)."""

    #: Bytes in a request body.
    body: int = 64 * 1024
    #: Seconds a client may take to send its body.
    body_seconds: float = 10.0
    #: Characters in a row of cards (a 52-card row is 155).
    row: int = 400
    #: Moves in a position's history (deals included).
    moves: int = 200
    #: A solver's time budget per request, seconds: the default, the least and the
    #: most. Below 10 ms the solver cannot even start a search (a 1e-300 budget
    #: only ever answers ``unknown``), so a smaller budget is a mistake, refused.
    seconds: float = 2.0
    min_seconds: float = 0.01
    max_seconds: float = 10.0
    #: Numbered deals tried by ``winnable`` and a difficulty level.
    tries: int = 20_000
    #: Solver calls running at once (threads), and requests in flight in all:
    #: past that a request is refused at once with 429.
    workers: int = 4
    in_flight: int = 256
    #: Web-table sittings kept, and seconds an idle one is kept.
    sittings: int = 2_000
    idle: float = 3_600.0


LIMITS = Limits()


def game_named(name: str | None) -> Descriptor:
    """The game a request names (default Accordion), or ``InvalidRulesError``."""
    return find_game("accordion" if name is None else name)


def games() -> list[dict[str, Any]]:
    """The registry as the page and the API's users see it."""
    return [
        {
            "name": game.name,
            "title": game.title,
            "summary": game.summary,
            "aliases": list(game.aliases),
            "pysol_id": game.pysol_id,
            "rules": list(game.rules),
            "solve_rules": list(game.solve_rules),
            "forced_rules": list(game.forced_rules),
            "piece": game.nouns.piece,
            "stock": game.nouns.stock,
            "won_at": game.won_at,
            "variant": game.supports("variant"),
            "choose": game.supports("choose"),
            # The difficulty levels its deals can be drawn at (none where it cannot choose).
            "levels": list(LEVELS) if game.supports("choose") else [],
            "rate": game.supports("rate"),
            "needs_pysol": bool(game.variant is not None and game.variant.goal_from_pysol),
        }
        for game in GAMES.values()
    ]


def rules_for(
    game: Descriptor,
    name: str | None,
    *,
    two_way: bool = False,
    distances: Sequence[int] | None = None,
    pysol: int | None = None,
    allowed: tuple[str, ...] | None = None,
) -> Any:
    """The rules ``game`` is played under: the rule set ``name`` (default the game's
    first) with the variant flags the request gives or the game fixes, as the
    game's classes take them (Accordion's ``Rules``, or a rule set's name).

    Accordion's Revenge's goal card comes from PySolFC's game number ``pysol``.
    """
    name = (allowed or game.rules)[0] if name is None else name
    game.check_rules(name, None, allowed)  # in the API's words
    # Given is asked for, [1, 3] too: a game without the variant refuses it.
    asked = two_way or distances is not None
    variant = game.variant
    if asked:
        if two_way:
            require(game, "variant", "two_way", True)
        require(game, "variant", "distances", list(distances or ()))
    if not game.plays_accordion:
        return name
    goal = None
    if variant is not None and variant.goal_from_pysol:
        if pysol is None:
            raise InvalidArgumentError(
                f"game {shown(game.name)}: its goal card comes from PySolFC's game "
                "number: give pysol",
                "pysol",
            )
        goal = pysol_goal(pysol)
    if variant is not None:
        return Rules(
            name,
            two_way=variant.two_way,
            distances=variant.distances,
            win_piles=variant.win_piles,
            goal=goal,
        )
    return Rules(name, two_way=two_way, distances=list(distances or (1, 3)))


def shown(value: Any) -> str:
    """``value`` as a message quotes it, cut to 60 characters: a text as every
    message quotes it (:func:`accordion.errors.shown`), any other value as JSON
    writes it (``true``, ``[1, 2]``)."""
    return errors.shown(value) if isinstance(value, str) else json.dumps(value)[:60]


def require(game: Descriptor, capability: Capability, argument: str, value: Any) -> None:
    """Refuse what ``game`` cannot do, naming the request's field ``argument`` and
    its ``value`` in the API's terms (the registry's reasons speak the command
    line's flags, :meth:`Descriptor.require`)."""
    if game.supports(capability):
        return
    asked = f"{argument} {shown(value)} with game {shown(game.name)}"
    if capability == "variant":
        why = (
            f"{game.title} plays its own fixed variant"
            if game.variant is not None
            else f"{game.title} has no two_way or distances variant"
        )
        reason = f"{why}; drop two_way and distances"
    elif capability == "choose":
        reason = "winnable and difficulty pick Accordion deals; drop game"
    elif capability == "numberings":
        reason = "Solvitaire's and Knuth's deals are Accordion rows; drop game"
    elif capability == "rate":
        reason = f"{game.title} has no difficulty rating"
    else:
        reason = f"{game.title} cannot do that here"
    raise InvalidArgumentError(f"{asked}: {reason}", argument)


def check_row(text: str, limits: Limits = LIMITS) -> str:
    """``text`` if it is short enough to be a row, else ``InvalidDealError``."""
    if len(text) > limits.row:
        raise accordion.InvalidDealError(
            f"deal too long: {len(text):,} characters (a row has at most 52 cards, "
            f"{limits.row} characters): {shown(text)}"
        )
    return text


def deal_of(
    game: Descriptor,
    *,
    deal: str | None = None,
    seed: int | None = None,
    pysol: int | None = None,
    cards: int | None = None,
    limits: Limits = LIMITS,
) -> tuple[Deal, int | None]:
    """The row a request names (the text of a row, a numbered deal of ``cards``
    cards, or PySolFC's game ``pysol``), read and checked as the game's row, with
    its number (``None`` for a row given as text)."""
    given = [name for name, value in (("deal", deal), ("seed", seed)) if value is not None]
    if len(given) > 1:
        raise InvalidArgumentError("give deal or seed, not both", "deal")
    if cards is not None and seed is None:
        raise InvalidArgumentError(
            "cards goes with seed: numbered deals of that many cards", "cards"
        )
    if deal is not None:
        return game.parse_row(check_row(deal, limits)), None
    if seed is not None:
        if not 0 <= seed < 2**64:
            raise InvalidArgumentError(f"seed: deal numbers are 0 to 2**64 - 1, got {seed}", "seed")
        if cards is not None and not 1 <= cards <= 52:
            raise InvalidArgumentError(f"cards must be 1 to 52 cards, got {cards}", "cards")
        return game.numbered()(seed, 52 if cards is None else cards), seed
    if pysol is not None:
        return Deal.from_pysol(pysol, game.name), None
    raise InvalidArgumentError("give a deal (its cards), a seed or a pysol number", "deal")


def budget(seconds: float | None, limits: Limits = LIMITS) -> float:
    """A request's solver time budget: ``seconds`` (default the server's), from the
    server's least to its most."""
    if seconds is None:
        return limits.seconds
    if not limits.min_seconds <= seconds <= limits.max_seconds:
        raise InvalidArgumentError(
            f"time_limit must be {limits.min_seconds:g} to {limits.max_seconds:g} seconds, "
            f"got {seconds!r:.60}",
            "time_limit",
        )
    return seconds


# Solving an open row -------------------------------------------------------------


def solve(
    game: Descriptor,
    deal: Deal,
    rules: Any,
    *,
    seconds: float,
    max_nodes: int | None = None,
) -> dict[str, Any]:
    """The game's exact solver on ``deal``: the contract's JSON object, with the game
    and what is counted (piles or cards)."""
    solution: SolutionShape = game.solver()(deal, rules=rules, timeout=seconds, max_nodes=max_nodes)
    answer: dict[str, Any] = {"game": game.name, **solution.to_dict()}
    answer["moves"] = [str(move) for move in solution.moves]
    # What is left, in the game's pieces: piles, or cards in a game of single
    # cards, where a card is a pile of one (SolutionShape.piles).
    answer["left"] = solution.piles
    answer["piece"] = game.nouns.piece
    # The rule set as the game's session names it (its --rules, JSON's "rules").
    answer["rules"] = game.session_class()(
        deal, rules, blind=False, seed=None, entry=game
    ).rules_name
    return answer


def rate(game: Descriptor, deal: Deal, rules: Any) -> dict[str, Any]:
    """How hard the open deal is (``accordion.rate``), refused where the game cannot."""
    require(game, "rate", "game", game.name)
    rating = accordion.rate(deal, rules=rules, game=game.engine)
    return {"game": game.name, "deal": str(deal), **rating.to_dict()}


def dealt(game: Descriptor, deal: Deal, source: str, number: int | None) -> dict[str, Any]:
    """A deal as ``GET /api/deal`` answers it: its number also as text (``number_text``),
    which a JavaScript client reads exactly (its numbers are exact only up to 2**53)."""
    text = None if number is None else str(number)
    return {
        "game": game.name,
        "deal": str(deal),
        "source": source,
        "number": number,
        "number_text": text,
    }


def pick_deal(
    game: Descriptor,
    *,
    seed: int | None,
    cards: int | None,
    winnable: bool,
    difficulty: str | None,
    rules: Any,
    blind: bool,
    pysol: int | None = None,
    solvitaire: int | None = None,
    knuth: int | None = None,
    limits: Limits = LIMITS,
) -> dict[str, Any]:
    """A deal: numbered deal ``seed`` (default a random number), the first winnable
    one or the first of a difficulty level from ``seed`` on, or another program's
    numbered deal. Its cards, its number and where it came from."""
    others = {"pysol": pysol, "solvitaire": solvitaire, "knuth": knuth}
    named = [name for name, value in others.items() if value is not None]
    if len(named) > 1 or (named and (seed is not None or winnable or difficulty)):
        raise InvalidArgumentError(
            "give one of seed (with winnable or difficulty), pysol, solvitaire, knuth", "seed"
        )
    if cards is not None and not 1 <= cards <= 52:
        raise InvalidArgumentError(f"cards must be 1 to 52 cards, got {cards}", "cards")
    if seed is not None and not 0 <= seed < 2**64:
        raise InvalidArgumentError(f"seed: deal numbers are 0 to 2**64 - 1, got {seed}", "seed")
    source = named[0] if named else "seed"
    if source == "pysol":
        deal = Deal.from_pysol(pysol if pysol is not None else 0, game.name)
        return dealt(game, deal, "pysol", pysol)
    if source in ("solvitaire", "knuth"):
        number = others[source]
        assert number is not None
        require(game, "numberings", source, number)
        if source == "solvitaire":
            if not -(2**31) <= number < 2**31 or number == -1:  # Deal's message says "seed"
                raise InvalidArgumentError(
                    "solvitaire must be a Solvitaire seed: a C int other than -1 "
                    f"(-2147483648 to 2147483647), got {number}",
                    "solvitaire",
                )
            deal = Deal.from_solvitaire(number, "late-binding" if cards == 18 else "accordion")
        else:
            deal = Deal.from_knuth(number, 18 if cards is None else cards)
        return dealt(game, deal, source, number)
    if winnable and difficulty:
        raise InvalidArgumentError("give winnable or difficulty, not both", "difficulty")
    count = 52 if cards is None else cards
    if winnable or difficulty:
        if winnable:
            require(game, "choose", "winnable", True)
        else:
            require(game, "choose", "difficulty", difficulty)
        if winnable:
            deal = accordion.winnable_deal(
                seed=seed, rules=rules, blind=blind, cards=count, tries=limits.tries, game=game.name
            )
        else:
            if difficulty not in LEVELS:
                raise InvalidArgumentError(
                    f"difficulty must be easy, medium or hard, got {shown(str(difficulty))}",
                    "difficulty",
                )
            deal = accordion.difficulty_deal(
                difficulty, seed=seed, cards=count, rules=rules, tries=limits.tries, game=game.name
            )
        number = deal.seed
    else:
        number = random.SystemRandom().randrange(2**32) if seed is None else seed
        deal = game.numbered()(number, count)
    return dealt(game, deal, "seed", number)


# Positions: a game, its rules, a deal and the moves played ------------------------


def sit(
    game: Descriptor,
    deal: Deal,
    rules: Any,
    *,
    blind: bool,
    seed: int | None,
    pysol: int | None = None,
) -> Table:
    """A sitting at ``game``'s table (its registry's session) on ``deal``: numbered
    deal ``seed``, PySolFC's game ``pysol`` (which the table's replay command names,
    ``--pysol 5``, as the terminal table's does), or a row given as text."""
    origin = f"--pysol {pysol}" if seed is None and pysol is not None else None
    session = game.session_class()(deal, rules, blind=blind, seed=seed, entry=game, origin=origin)
    return Table(session, game)


def replay(table: Table, moves: Sequence[str], limits: Limits = LIMITS) -> None:
    """Play ``moves`` (each as the game writes it: ``7H>7S``, ``out 5D``, ``deal``)
    at ``table``; a move that is not legal names its place in the list."""
    if len(moves) > limits.moves:
        raise InvalidArgumentError(
            f"moves: at most {limits.moves} moves, got {len(moves):,}", "moves"
        )
    parse = table.entry.move_class().parse
    for number, text in enumerate(moves, 1):
        try:
            table.game.play(parse(check_row(text, limits)))
        except AccordionError as error:
            raise type(error)(f"move {number} ({shown(text)}): {error}") from None


def move_text(table: Table, move: Any) -> dict[str, Any]:
    """A move as the API gives it: its text, its words and the places it touches."""
    return {"move": str(move), "text": table.describe(move), "places": list(table.picks(move))}


def best(table: Table, seconds: float, game: Any = None) -> Best:
    """Best play from ``game`` (default the table's position) within ``seconds``."""
    return table.best(game, budget=seconds)


def hint(table: Table, seconds: float) -> dict[str, Any]:
    """A move that keeps the best result (the win, if it can still be had), and what
    best play keeps: ``still winnable`` or ``lost: best is N piles``."""
    if table.over:
        return {
            "move": None,
            "text": "",
            "places": [],
            "winnable": table.won,
            "settled": True,
            "left": table.left,
            "verdict": "won" if table.won else f"lost: {table.count(table.left)} left",
            "message": "no legal action left",
        }
    found = best(table, seconds)
    move, message = table.hint(found)
    said = move_text(table, move) if move is not None else {"move": None, "text": "", "places": []}
    return {
        **said,
        "winnable": found.won,
        "settled": found.settled,
        "left": found.left,
        "verdict": verdict(table, found),
        "message": message,
        "peeks": table.peeks,
    }


def verdict(table: Table, found: Best) -> str:
    """``still winnable``, ``lost: best is 3 piles`` or ``undecided: best found is …``."""
    if found.won:
        return "still winnable"
    if not found.settled:
        return f"undecided: best found is {table.count(found.left)}"
    return f"lost: best is {table.count(found.left)}"


def steps(table: Table, moves: Sequence[Any]) -> list[dict[str, Any]]:
    """The moves of a line from the table's position, numbered and each in words (in
    the position before it), played on a copy."""
    session = table.session
    saved = session.game
    session.game = saved.copy()
    try:
        numbered = []
        for number, move in enumerate(moves, 1):
            numbered.append({"number": number, **move_text(table, move)})
            session.game.play(move)
        return numbered
    finally:
        session.game = saved


def solution(table: Table, seconds: float) -> dict[str, Any]:
    """Best play from the table's position to its end, step by step."""
    found = best(table, seconds)
    return {
        "winnable": found.won,
        "settled": found.settled,
        "left": found.left,
        "verdict": verdict(table, found),
        "steps": steps(table, found.moves),
        "peeks": table.peeks,
    }


def analysis(table: Table, seconds: float) -> list[dict[str, Any]]:
    """Every legal action rated: where best play goes after it (a win kept, or the
    fewest piles or cards), the whole within ``seconds``."""
    legal = list(table.game.legal_moves)
    if not legal:
        return []
    each = max(seconds / len(legal), 0.05)
    rated = []
    for move in legal:
        after = table.game.copy()
        words = move_text(table, move)
        after.play(move)
        found = best(table, each, after)
        rated.append(
            {
                **words,
                "winnable": found.won,
                "settled": found.settled,
                "left": found.left,
                "verdict": verdict(table, found),
            }
        )
    rated.sort(key=lambda item: (not item["winnable"], item["left"]))
    return rated


def ending(table: Table) -> str:
    """What the page says when no action is left (the terminal's words, without its keys)."""
    if table.won:
        return f"You won {table.session.deal_name}!"
    return f"Game over: {table.count(table.left)} left. Undo, restart or a new deal."


def legal(table: Table) -> list[dict[str, Any]]:
    """The legal actions of the table's position, each in words."""
    return [move_text(table, move) for move in table.game.legal_moves]


def state(table: Table) -> dict[str, Any]:
    """What the page draws: the row (each pile with its cards), what can be picked
    and where it can go, the stock, the status line and the buttons' states."""
    session = table.session
    noun = table.noun
    piles = []
    movable = table.movable()
    for place, pile in enumerate(table.piles):
        cards = [str(card) for card in pile]
        top = pile[-1]
        label = f"{noun} {place + 1}: {card_words(top)}"
        if len(pile) > 1:
            label += f", on {len(pile) - 1} more"
        piles.append(
            {
                "place": place,
                "cards": cards,
                "top": str(top),
                "label": label,
                "targets": sorted(table.targets(place)) if place in movable else [],
            }
        )
    return {
        "game": table.entry.name,
        "title": session.title,
        "rules": table.rules_name,
        "blind": table.blind,
        "seed": session.seed,
        # The number also as text: JavaScript's numbers are exact only up to 2**53.
        "seed_text": None if session.seed is None else str(session.seed),
        "deal": str(session.deal),
        "deal_name": session.deal_name,
        "replay": session.replay_hint(),
        "piece": noun,
        "stock_name": table.entry.nouns.stock,
        "piles": piles,
        "stock": table.stock,
        "status": session.status(),
        "over": table.over,
        "won": table.won,
        "left": table.left,
        "can_deal": table.can_deal(),
        "can_undo": table.moved,
        "can_redo": bool(table._redo),
        "automatic": table.automatic,
        "history": [str(move) for move in table.game.history],
        "ending": ending(table) if table.over else "",
    }


RANKS = {
    "A": "ace",
    "2": "two",
    "3": "three",
    "4": "four",
    "5": "five",
    "6": "six",
    "7": "seven",
    "8": "eight",
    "9": "nine",
    "T": "ten",
    "J": "jack",
    "Q": "queen",
    "K": "king",
}
SUITS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def card_words(card: Any) -> str:
    """``seven of hearts``: a card as a screen reader says it."""
    return f"{RANKS[card.rank]} of {SUITS[card.suit]}"


class Working:
    """The solver work running in worker threads now: a count that a request's work
    holds while it runs (what the tests and an operator read to see that work given
    up by its client has stopped)."""

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self.now = 0
        #: The most running at once since the server started.
        self.most = 0

    def run(self, work: Callable[[], T]) -> T:
        """``work()``, counted while it runs."""
        with self._guard:
            self.now += 1
            self.most = max(self.most, self.now)
        try:
            return work()
        finally:
            with self._guard:
                self.now -= 1


# The web table's sittings ---------------------------------------------------------


@dataclass
class Sitting:
    """One browser tab's table: the sitting, a lock (one action at a time) and when
    it was last used."""

    table: Table
    lock: threading.Lock = field(default_factory=threading.Lock)
    used: float = field(default_factory=time.monotonic)


class NoSuchTable(AccordionError):
    """A table id the server does not know (never made, or expired)."""


class Sittings:
    """The tables of every tab, in memory: at most ``limits.sittings``, the least
    recently used dropped first, and any idle for ``limits.idle`` seconds dropped.
    A sitting is a game object and a few lists: a thousand idle tabs cost a few
    megabytes, and no process."""

    def __init__(self, limits: Limits = LIMITS) -> None:
        self.limits = limits
        self._tables: OrderedDict[str, Sitting] = OrderedDict()
        self._guard = threading.Lock()

    def __len__(self) -> int:
        return len(self._tables)

    def open(self, table: Table) -> str:
        """Keep ``table``; its id (unguessable: a tab's table is its own)."""
        ident = secrets.token_urlsafe(12)
        with self._guard:
            self._expire()
            self._tables[ident] = Sitting(table)
            while len(self._tables) > self.limits.sittings:
                self._tables.popitem(last=False)
        return ident

    def get(self, ident: str) -> Sitting:
        """The sitting ``ident``, marked used, or :class:`NoSuchTable`."""
        with self._guard:
            self._expire()
            sitting = self._tables.get(ident)
            if sitting is None:
                raise NoSuchTable(
                    f"no table {shown(ident)}: it was never opened or has expired (open a new one)"
                )
            sitting.used = time.monotonic()
            self._tables.move_to_end(ident)
            return sitting

    def close(self, ident: str) -> bool:
        """Drop the sitting ``ident``; whether there was one."""
        with self._guard:
            return self._tables.pop(ident, None) is not None

    def _expire(self) -> None:
        cutoff = time.monotonic() - self.limits.idle
        while self._tables:
            ident, sitting = next(iter(self._tables.items()))
            if sitting.used >= cutoff:
                break
            del self._tables[ident]

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._tables))


def new_deal(table: Table, spec: str, argument: str) -> str:
    """A new deal at ``table`` (:meth:`Table.new_deal`): random (``""``), numbered,
    ``winnable`` or a difficulty level, asked for by the request's field
    ``argument``. A refusal echoes ``spec`` as it was sent and is the specific
    ``InvalidArgumentError`` naming ``argument`` (the table's own speaks the
    terminal's words, of its lower-cased text, as the base ``AccordionError``)."""
    asked = check_row(spec).strip()
    choices = "a number, easy, medium, hard, winnable, or '' for a random one"
    if asked and not asked.isdigit() and asked.lower() not in (*LEVELS, "winnable"):
        raise InvalidArgumentError(f"{argument}: not a deal: {shown(spec)} ({choices})", argument)
    if asked.isdigit() and int(asked) >= 2**64:
        raise InvalidArgumentError(
            f"{argument}: deal numbers are 0 to 2**64 - 1, got {asked[:60]}", argument
        )
    try:
        return table.new_deal(asked)
    except AccordionError as error:
        if type(error) is not AccordionError:
            raise
        raise InvalidArgumentError(f"{argument} {shown(spec)}: {error}", argument) from None


def act(
    table: Table, action: str, *, place: int | None, to: int | None, spec: str, seconds: float
) -> dict[str, Any]:
    """Carry out one action of the page at ``table``; what it said, and any hint,
    solution or analysis it asked for."""
    said: dict[str, Any] = {}
    if action == "move":
        if place is None or to is None:
            raise InvalidArgumentError("a move needs from and to (places in the row)", "from")
        targets = table.targets(place) if 0 <= place < len(table.piles) else {}
        move = targets.get(to)
        if move is None:
            raise IllegalMoveError(
                f"no move from place {place + 1} to place {to + 1}"
                if 0 <= place < len(table.piles)
                else f"no {table.noun} at place {place + 1}"
            )
        message = table.play(move)
    elif action == "play":
        parse = table.entry.move_class().parse
        message = table.play(parse(check_row(spec)))
    elif action == "deal":
        message = table.deal()
    elif action == "undo":
        message = table.undo()
    elif action == "redo":
        message = table.redo()
    elif action == "restart":
        message = table.restart()
    elif action == "new":
        message = new_deal(table, spec, "spec")
    elif action == "forced":
        move = table.forced()
        message = table.play(move) if move is not None else "no forced move now"
    elif action == "hint":
        said["hint"] = hint(table, seconds)
        message = said["hint"]["message"]
    elif action == "solve":
        said["solution"] = solution(table, seconds)
        message = f"solution: {said['solution']['verdict']}"
    elif action == "analyse":
        said["analysis"] = analysis(table, seconds)
        message = f"analysis of {len(said['analysis'])} legal actions"
    elif action == "state":
        message = ""
    else:  # the schema lists the actions; kept for direct callers
        raise InvalidArgumentError(f"unknown action {shown(action)}", "action")
    if table.over and action not in ("hint", "solve", "analyse", "state"):
        message = f"{message}. {ending(table)}" if message else ending(table)
    return {"message": message, **said}
