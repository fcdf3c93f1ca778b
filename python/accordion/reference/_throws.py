"""What the reference engines of the games played on one row share.

Royal Marriage (:mod:`accordion.reference.royal`) and Bayan
(:mod:`accordion.reference.bayan`) lay a row of single cards (a
:class:`CardRowGame`), throw cards out of it and deal the rest from a stock onto
its right-hand end; Accordian Patience (:mod:`accordion.reference.accordian`)
keeps a row of piles and moves top cards along it. The game's bookkeeping — the
row, the cards dealt, the history that undo rewinds, copies, the outcome's
fields — is the same in all three and lives here; each game says what its row
is, what a throw (or move) is and when it and a deal are legal. A game's facts —
its title, rule sets, word for the stock, what it is won at, how a blind game
starts — are the registry's (:mod:`accordion.games`), read once when its class
names its game (``class BayanGame(…, game="bayan")``).
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import inspect
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, SupportsIndex, TypeVar

from accordion.errors import (
    IllegalMoveError,
    InvalidCardError,
    InvalidMoveError,
    InvalidRulesError,
    NoMoveToUndoError,
)
from accordion.games import GAMES, Descriptor, canonical_name, load
from accordion.reference import _args, _tokens
from accordion.reference._frozen import Value
from accordion.reference.cards import Card, Row
from accordion.reference.deals import Deal, as_deal, position_text
from accordion.reference.game import DealtGame, LegalMoves
from accordion.reference.rules import Rules, rule_set_name

MoveSelf = TypeVar("MoveSelf", bound="ThrowMove")

MoveT = TypeVar("MoveT", bound="ThrowMove")
#: A row as a game keeps it: a tuple (of cards, or of piles), its length its size.
RowT = TypeVar("RowT", bound=tuple[object, ...])
StepT = TypeVar("StepT")
GameT = TypeVar("GameT", bound="ThrowGame[Any, Any, Any]")


class _OfGame:
    """A piece of one game, named where its class is made (``class BayanMove(ThrowMove,
    game="bayan")``): its ``FACTS`` are that game's in the registry."""

    __slots__ = ()
    #: The facts of the game the class names: its title in the messages (``not a
    #: Bayan move``), its rule sets (the default first), its word for the stock,
    #: what the row holds (cards, or piles) when it is won with the stock empty,
    #: the cards a blind game starts with.
    FACTS: ClassVar[Descriptor]

    def __init_subclass__(cls, game: str | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if game is not None:
            cls.FACTS = GAMES[game]


class ThrowMove(_OfGame, Value):
    """An action named by cards, as players write it: a throw (or move) of the
    game's ``kind`` with its cards, or ``deal``. ``Cls(text)`` parses; ``str``
    gives the canonical text, which parses back to an equal move; ``game``
    names the game whose messages refuse a text (:meth:`ThrowGame.playing`).

    Each game's move class says how its notation is read (``parse``)."""

    __slots__ = ("_cards", "_kind")
    _kind: str
    _cards: tuple[Card, ...]
    #: What the message on text that is not a move suggests.
    EXAMPLES: ClassVar[str]
    #: How many cards a move of each kind names.
    COUNTS: ClassVar[Mapping[str, tuple[int, ...]]]

    @_args.constructor
    def __new__(cls: type[MoveSelf], text: str, *, game: str | None = None) -> MoveSelf:
        return cls.parse(text, game=game)

    @classmethod
    def _naming(cls: type[MoveSelf], game: object) -> type[MoveSelf]:
        """The move class whose messages name the game called ``game`` (``None``:
        this class's), checked as the core checks the name."""
        if game is None:
            return cls
        named: type[MoveSelf] = load(_pieces(cls.FACTS)).playing(game).MOVE
        return named

    @classmethod
    def _make(cls: type[MoveSelf], kind: str, cards: tuple[Card, ...]) -> MoveSelf:
        return cls._built(_kind=kind, _cards=cards)

    @classmethod
    @_args.method
    def parse(cls: type[MoveSelf], text: str, *, game: str | None = None) -> MoveSelf:
        """Parse any accepted spelling of the game's notation: ``deal``, or what the
        game reads (``_read``), with as many cards as its kind names, none twice;
        the messages name ``game``.

        Raises:
            InvalidMoveError: anything else, or one card named twice.
            InvalidArgumentError: ``game`` is no game of the class's pieces.
            TypeError: ``text`` (or ``game``) is not a ``str``.
        """
        text = _args.text(text, "a move")  # the text first, as the core checks it
        if game is not None:
            return cls._naming(game).parse(text)
        stripped = _tokens.strip(text)
        lower = _tokens.ascii_lower(stripped)
        if lower == "deal":
            return cls.deal()
        kind, cards = cls._read(stripped, lower)
        if cards is None or len(cards) not in cls.COUNTS.get(kind, ()):
            raise InvalidMoveError(
                f"not a {cls.FACTS.title} move: {_args.quoted(text)} ({cls.EXAMPLES})"
            )
        if len(set(cards)) < len(cards):
            raise InvalidMoveError(
                f"not a {cls.FACTS.title} move: {_args.quoted(text)} names one card twice"
            )
        return cls._make(kind, tuple(cards))

    @classmethod
    def _read(cls, stripped: str, lower: str) -> tuple[str, list[Card] | None]:
        """The kind and cards that trimmed text (and its lowered twin) names, the
        cards ``None`` when it is not a move.

        This is the reading of a game whose one throw is ``out`` (Bayan, the run
        games): the word before or after the cards (``out 5D 9D``, ``5D 9D out``),
        ``x`` before them (``x5D,9D``), or the cards alone; a game with other words
        reads its own."""
        rest = cls._out_words(stripped, lower)
        return "out", cards_of(stripped if rest is None else rest)

    @staticmethod
    def _out_words(stripped: str, lower: str) -> str | None:
        """What the word ``out`` (before or after the cards) or ``x`` (before them)
        marks as the cards thrown out, or ``None`` without the word."""
        if lower.startswith("out "):
            return stripped[len("out ") :]
        if lower.endswith(" out"):
            return stripped[: -len(" out")]
        if lower.startswith("x"):
            return stripped[1:]
        return None

    @classmethod
    @_args.method
    def deal(cls: type[MoveSelf]) -> MoveSelf:
        """The action of dealing the next stock card (blind games)."""
        return cls._make("deal", ())

    @property
    def kind(self) -> str:
        """The notation's word (``out``, ``between``, ``move``) or ``deal``."""
        return self._kind

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards the move names, as written, or none for ``deal``."""
        return self._cards

    @property
    def is_deal(self) -> bool:
        """True for the deal action."""
        return self._kind == "deal"

    def __str__(self) -> str:
        if self.is_deal:
            return "deal"
        return " ".join([self._kind, *(str(card) for card in self._cards)])

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"

    def _key(self) -> tuple[str, str, tuple[Card, ...]]:
        return (type(self).__name__, self._kind, self._cards)

    def __reduce__(self) -> tuple[object, ...]:
        # The canonical text parses back to an equal move (tested).
        return (type(self), (str(self),))

    @classmethod
    def given(cls: type[MoveSelf], move: object) -> MoveSelf:
        """A move given as one of this class or as its text."""
        # The core's words, the article the class name wants ("an AccordianMove").
        return _args.given(move, cls, cls.parse, "a move", f"{_a(cls.__name__)} or a str")


def _pieces(facts: Descriptor) -> str:
    """Where the reference engine keeps the class that plays a game (``module:Class``;
    empty for a game it does not play)."""
    return "" if facts.reference is None else facts.reference.game


def cards_of(text: str) -> list[Card] | None:
    """Cards separated by white space and/or commas; ``None`` if a word is not a card."""
    try:
        return [Card(word) for word in _tokens.words(text)]
    except InvalidCardError:
        return None


def _a(noun: str) -> str:
    """``noun`` with its indefinite article (``a RoyalGame``, ``an AccordianGame``)."""
    return f"{'an' if noun[0] in 'AEIOU' else 'a'} {noun}"


def fewest_line(
    start: RowT,
    steps: Callable[[RowT], list[StepT]],
    after: Callable[[RowT, StepT], RowT],
    least: Callable[[RowT], int],
) -> tuple[list[tuple[RowT, StepT]], int, int]:
    """The exact search of the throw games: every line from ``start`` (a row
    whose size is its ``len``), remembering the fewest reachable from each row; a
    row stops being searched once it is known to reach ``least(row)``, the fewest
    it could (a bound the game proves; one that is never reached searches every
    line). Exponential in the worst case.

    Returns the line to the fewest as ``(row, step)`` pairs (the first step, in
    the order ``steps`` gives them, that keeps the fewest within reach), that
    fewest, and the number of rows expanded."""
    fewest: dict[RowT, int] = {}

    def search(row: RowT) -> int:
        if row not in fewest:
            best = len(row)
            for step in steps(row):
                best = min(best, search(after(row, step)))
                if best == least(row):
                    break
            fewest[row] = best
        return fewest[row]

    goal = search(start)
    line = []
    row = start
    while len(row) > goal:
        step = next(s for s in steps(row) if fewest.get(after(row, s)) == goal)
        line.append((row, step))
        row = after(row, step)
    return line, goal, len(fewest)


#: What the messages say a game of PySolFC's talon is played under (Bayan, the
#: run games): its one rule set.
PYSOL_TALON_RULES = "PySolFC's rules, modern (deal whenever you like)"


def rule_set_of(
    rules: object,
    game: str,
    allowed: tuple[str, ...],
    played_under: str,
    variants: str = "two-way, distances, win piles, goal",
) -> str:
    """The rule set a game of ``game`` is played under (one of ``allowed``): a name,
    ``Rules`` without a variant, or ``None`` (the first of ``allowed``). The
    messages say what the game is ``played_under`` and which ``variants`` it lacks."""
    if rules is None:
        return allowed[0]
    if isinstance(rules, Rules):
        if rules != Rules(rules.name):
            raise InvalidRulesError(f"{game} has no variant ({variants}): {rules}")
        name = rules.name
    elif isinstance(rules, str):
        text = _args.text(rules, "rules")  # a lone surrogate as its escape
        try:
            name = rule_set_name(text)
        except InvalidRulesError:
            # The game's own rule sets, not every game's (as the core lists them).
            known = ", ".join(allowed)
            raise InvalidRulesError(
                f"unknown {game} rule set {_args.quoted(text)} (known: {known})"
            ) from None
    else:
        raise TypeError(f"rules must be Rules, a rule-set name or None, not {type(rules).__name__}")
    if name not in allowed:
        raise InvalidRulesError(f"{game} is played under {played_under}, not {name}")
    return name


@dataclass(frozen=True)
class ThrowSolution(_OfGame, Generic[MoveT]):
    """``result`` is ``win`` or ``loss``; ``moves`` reaches ``cards`` cards (piles,
    in Accordian Patience), the fewest any line reaches; ``nodes`` counts the
    distinct rows expanded; ``game`` names the game solved (``accordion.games``),
    by default the class's own (``class BayanSolution(…, game="bayan")``). The
    repr is the core's: ``<RoyalSolution win cards=2 moves=7>``, naming the game
    where it is not the class's own (``game='…'``)."""

    deal: str
    result: str
    moves: tuple[MoveT, ...]
    cards: int
    nodes: int
    game: str = field(default="", kw_only=True)
    #: The search's wall-clock time (not compared: two searches of one row are equal).
    seconds: float = field(default=0.0, kw_only=True, compare=False)

    def __post_init__(self) -> None:
        if not self.game:
            object.__setattr__(self, "game", self.FACTS.name)

    def to_dict(self) -> dict[str, object]:
        """The JSON object of docs/contract.md plus ``game`` and ``cards``, as the
        core's ``to_dict`` writes it: game, deal, result, moves, piles, cards,
        nodes, seconds."""
        return {
            "game": self.game,
            "deal": self.deal,
            "result": self.result,
            "moves": [str(move) for move in self.moves],
            "piles": self.cards,
            "cards": self.cards,
            "nodes": self.nodes,
            "seconds": self.seconds,
        }

    def __repr__(self) -> str:
        of = "" if self.game == self.FACTS.name else f" game='{self.game}'"
        name = type(self).__name__
        return f"<{name} {self.result} cards={self.cards} moves={len(self.moves)}{of}>"

    @property
    def piles(self) -> int:
        """The same number as :attr:`cards`."""
        return self.cards


@dataclass(frozen=True, kw_only=True)
class ThrowOutcome(_OfGame):
    """Where a game stands. ``cards`` counts every card not thrown out (row and
    stock), or, in Accordian Patience, the piles with each stock card one to come.
    The repr (``RoyalOutcome(cards=2, won=True, is_over=True)``) evaluates back.
    An outcome no game of the class can reach is refused (:func:`check_outcome`)."""

    cards: int
    won: bool
    is_over: bool

    def __post_init__(self) -> None:
        _args.whole(self.cards, "cards", 0, None, "0 or more cards")
        _args.flag(self.won, "won")
        _args.flag(self.is_over, "is_over")
        if hasattr(type(self), "FACTS"):
            check_outcome(type(self).__name__, self.FACTS.won_at, self)

    @property
    def piles(self) -> int:
        """The same number as :attr:`cards` (every pile is one card)."""
        return self.cards

    @property
    def grade(self) -> str | None:
        """``"win"`` or ``"loss"`` once the game is over; ``None`` while it goes on."""
        if not self.is_over:
            return None
        return "win" if self.won else "loss"


def check_outcome(name: str, won_at: int, outcome: ThrowOutcome) -> None:
    """Refuse an outcome that contradicts the game's facts, as the core does: a
    game is won exactly when it is over with ``won_at`` cards left (every game of
    an outcome class is won at the same count)."""
    cards, won, over = outcome.cards, outcome.won, outcome.is_over
    if won and cards != won_at:
        expected = f"False with cards={cards} ({_a(name)} is won at cards={won_at})"
        raise _args.refuse("won", expected, True)
    if won and not over:
        raise _args.refuse("is_over", "True with won=True (a game won is over)", False)
    if over and not won and cards == won_at:
        expected = f"True with cards={cards} and is_over=True ({_a(name)} is won at cards={won_at})"
        raise _args.refuse("won", expected, False)


# The dataclass writes ``__init__``; it binds its arguments as the core's does.
setattr(ThrowOutcome, "__init__", _args.constructor(ThrowOutcome.__init__))  # noqa: B010


class ThrowGame(_OfGame, DealtGame[MoveT], Generic[MoveT, RowT, StepT]):
    """A row (kept as ``RowT``), a stock dealt onto its right-hand end, and a history.

    Each game says what its row is (how it is laid out, its top cards, what
    dealing a card onto it gives), what a step is (a throw or move by position:
    ``_steps`` lists the legal ones, ``_named`` writes one as a move, ``_after``
    plays it) and how its solver may stop early (``_least``). The rest — the
    constructor's checks, the legal actions, dealing, undo, the hint and the
    solver's line — is the same for every game and is written here.
    """

    #: What the messages say the game is played under (``None``: its rule sets,
    #: ``the rules modern or parlett``).
    PLAYED_UNDER: ClassVar[str | None] = None
    #: The game's word for what a player does to the row, with its article.
    ACTION: ClassVar[str] = "a throw"
    #: The game's outcome class.
    OUTCOME: ClassVar[type[ThrowOutcome]]
    #: The game's move class (its ``parse`` reads a move's text).
    MOVE: ClassVar[Any]
    #: The game's solution class.
    SOLUTION: ClassVar[Any]
    #: The rule sets under which every action is forced (one line to play).
    FORCED: ClassVar[tuple[str, ...]] = ()
    #: The rule sets under which a blind game with cards in its stock has nothing
    #: to decide (every choice ends alike), so is solved by playing it out, the
    #: first legal action each time, as the core solves it.
    PLAYED_OUT: ClassVar[tuple[str, ...]] = ()
    _rules: str
    _row: RowT
    _history: list[tuple[MoveT, RowT, int]]

    def __new__(cls: type[GameT], *args: Any, game: str | None = None, **kwargs: Any) -> GameT:
        # ``copy.copy`` calls ``__new__`` with the class alone: it keeps its game.
        if game is None:
            return super().__new__(cls)
        # As the core reads them: the call bound, the deal's cards, then ``game``,
        # then the rest.
        given = _args.bound(f"{cls.__name__}.__new__()", ThrowGame.__init__, args, kwargs)
        if "deal" in given:
            as_deal(given["deal"])
        return super().__new__(cls.playing(game))

    @_args.constructor
    def __init__(
        self,
        deal: Deal | str,
        rules: Rules | str | None = None,
        *,
        blind: bool = False,
        game: str | None = None,
    ) -> None:
        # ``game`` chose the class (``__new__``).
        deal = self._checked(as_deal(deal))
        self._rules = self.rule_set(rules)
        self._blind = _args.flag(blind, "blind")
        self._deal = deal
        self._dealt = min(self.FACTS.blind_start, len(deal)) if self._blind else len(deal)
        self._row = self._laid_out(deal.cards[: self._dealt])
        self._history = []

    # -- what each game says ------------------------------------------------------

    @classmethod
    def _checked(cls, deal: Deal) -> Deal:
        """``deal`` if the game can be played from it (any row of distinct cards)."""
        return deal

    @staticmethod
    def _laid_out(cards: Row) -> RowT:
        """The row of these cards, laid out one by one."""
        raise NotImplementedError

    @staticmethod
    def _tops_of(row: RowT) -> Row:
        """The cards a move can name, left to right (a pile's top card)."""
        raise NotImplementedError

    @classmethod
    def _piles_of(cls, row: RowT) -> tuple[Card | tuple[Card, ...], ...]:
        """The row as a solution names it (:func:`position_text`): its top cards,
        or, where a pile shows the card beneath when its top moves, its piles."""
        return tuple(cls._tops_of(row))

    @staticmethod
    def _dealt_onto(row: RowT, card: Card) -> RowT:
        """The row with ``card`` dealt onto its right-hand end."""
        raise NotImplementedError

    @classmethod
    def _steps(cls, rules: str, row: RowT) -> list[StepT]:
        """The throws (or moves) by position the rule set ``rules`` allows on
        ``row``, in canonical order."""
        raise NotImplementedError

    @staticmethod
    def _named(row: RowT, step: StepT, /) -> MoveT:
        """The step on ``row`` as a move in canonical notation."""
        raise NotImplementedError

    @staticmethod
    def _after(row: RowT, step: StepT, /) -> RowT:
        """The row after the step."""
        raise NotImplementedError

    @staticmethod
    def _least(row: RowT) -> int:
        """The fewest a row can come down to, where the solver stops searching it.

        0 unless the game says more: no row holds fewer cards, so the bound is
        sound for every game, and a game whose rows never come down to 0 (Royal
        Marriage keeps its queen and king) has every line searched."""
        return 0

    # -- the game played -----------------------------------------------------------

    @classmethod
    def playing(cls: type[GameT], game: object) -> type[GameT]:
        """The class that plays the game named ``game`` (``None``: this class's
        own), checked as the core checks the name: one of the games the registry
        has played by this class's pieces (Royal Marriage's play another game too);
        another than the class's own is played by a subclass made once from its
        facts."""
        if game is None:
            return cls
        given = _args.text(game, "game")
        # Any name ``--game`` takes (an alias, PySolFC's id), as its canonical name.
        name = canonical_name(given) or given
        if name == cls.FACTS.name:
            return cls
        pieces = _pieces(cls.FACTS)
        names = [played.name for played in GAMES.values() if _pieces(played) == pieces]
        if name not in names:
            expected = f"{', '.join(names[:-1])} or {names[-1]}" if len(names) > 1 else names[0]
            raise _args.refuse("game", expected, _args.quoted(given))
        family = cls._family()
        return family if name == family.FACTS.name else family._playing_another(name)

    @classmethod
    def _family(cls: type[GameT]) -> type[GameT]:
        """The class the registry names for the game's pieces (this class, or the
        class of whose pieces it plays another game)."""
        family: type[GameT] = load(_pieces(cls.FACTS))
        return family

    @classmethod
    def _playing_another(cls: type[GameT], name: str) -> type[GameT]:
        """The subclass that plays the game called ``name``, another game whose
        pieces the registry says are this class's (a class that plays more than
        one game makes it)."""
        raise NotImplementedError

    @property
    def game(self) -> str:
        """The name of the game played (``accordion.games``)."""
        return self.FACTS.name

    # -- the rules ----------------------------------------------------------------

    @classmethod
    def rule_set(cls, rules: object) -> str:
        """The rule set a game is played under, one of its facts' ``rules``: a
        name, ``Rules`` without a variant, or ``None`` (the first)."""
        played_under = cls.PLAYED_UNDER or f"the rules {' or '.join(cls.FACTS.rules)}"
        return rule_set_of(rules, cls.FACTS.title, cls.FACTS.rules, played_under)

    @property
    def rules(self) -> str:
        """The rule set's name (one of its facts' ``rules``)."""
        return self._rules

    def _may_deal(self) -> bool:
        """A card to deal, and either the rules let the player deal past a throw
        (``modern``: deal whenever you like, as the core says) or none is left."""
        obliged = self._rules != "modern"
        return self.stock_size > 0 and not (obliged and self._steps(self._rules, self._row))

    # -- what the game looks like -------------------------------------------------

    @property
    def sizes(self) -> list[int]:
        """How many cards each pile holds, left to right."""
        return [len(pile) for pile in self.piles]

    def _legal_moves(self) -> list[MoveT]:
        """The legal actions in canonical order, ``deal`` (when allowed) last."""
        moves = [self._named(self._row, step) for step in self._steps(self._rules, self._row)]
        return [*moves, self.MOVE.deal()] if self._may_deal() else moves

    @property
    def legal_moves(self) -> LegalMoves[MoveT]:
        """The legal actions now, as a live :class:`LegalMoves` view; ``in`` finds a
        move's cards in the row as :meth:`play` does, so ``out 7D 3C`` is in it
        where ``out 3C 7D`` is (as the core answers)."""
        return LegalMoves(self._legal_moves, self.MOVE.parse, self._resolved)

    def _resolved(self, move: object) -> object:
        """``move`` in canonical notation where it names a throw the row and the
        rules allow (its cards found in the row: any order, ``between``); else
        ``move`` itself, which no legal action equals unless it is ``deal``."""
        try:
            given: MoveT = self.MOVE.given(move)
            return move if given.is_deal else self._step_of(given)[1]
        except (ValueError, TypeError):  # the package's errors are ValueErrors
            return move

    @property
    def outcome(self) -> ThrowOutcome:
        """What the row holds with the stock (each stock card one), whether won,
        whether over."""
        held = len(self._tops_of(self._row))
        won = self.stock_size == 0 and held == self.FACTS.won_at
        return self.OUTCOME(cards=held + self.stock_size, won=won, is_over=self.is_over)

    @property
    def tops(self) -> list[Card]:
        """The top card of every pile, left to right."""
        return list(self._tops_of(self._row))

    @property
    def cards(self) -> list[Card]:
        """The cards a move can name, left to right: the row, or (Accordian
        Patience) the top cards."""
        return self.tops

    @property
    def history(self) -> list[MoveT]:
        """The actions played so far, in canonical notation."""
        return [move for move, _, _ in self._history]

    def _open_row(self) -> RowT:
        """The row with every stock card dealt onto it, as the solver sees a game."""
        row = self._row
        for card in self._deal.cards[self._dealt :]:
            row = self._dealt_onto(row, card)
        return row

    # -- playing ------------------------------------------------------------------

    def _find(self, move: object, card: Card) -> int:
        """The place of ``card`` in the row, or why ``move`` cannot name it."""
        tops = self._tops_of(self._row)
        if card in tops:
            return tops.index(card)
        still = card in self._deal.cards[self._dealt :]
        where = f"still in the {self.FACTS.nouns.stock}" if still else "not in the row"
        raise IllegalMoveError(f"illegal move {move}: {card} is {where}")

    def _step_of(self, move: MoveT) -> tuple[StepT, MoveT]:
        """The step a (non-deal) move names and the move in canonical notation, or
        ``IllegalMoveError`` saying why the row or the rules do not allow it."""
        raise NotImplementedError

    @_args.method
    def play(self, move: MoveT | str) -> MoveT:
        """Play a throw (or move) or ``deal``: the ``play`` of the game's class in
        :mod:`accordion` (``RoyalGame.play`` …), whose documentation is the contract;
        the move played is returned in canonical notation."""
        given: MoveT = self.MOVE.given(move)
        if given.is_deal:
            return self.deal()
        step, canonical = self._step_of(given)
        self._record(canonical, self._after(self._row, step))
        return canonical

    def _record(self, move: MoveT, row: RowT) -> None:
        """Play ``move``, which leaves ``row``; undo can take it back."""
        self._history.append((move, self._row, self._dealt))
        self._row = row

    @_args.method
    def deal(self) -> MoveT:
        """Deal the next stock card onto the right-hand end.

        Raises:
            IllegalMoveError: an open game, an empty stock, or a throw the rules oblige.
        """
        if not self._may_deal():
            stock = self.FACTS.nouns.stock
            if not self._blind:
                why = f"an open game has no {stock}"
            elif self.stock_size == 0:
                why = f"the {stock} is empty"
            else:
                why = f"{self.ACTION} exists and the {self._rules} rules oblige it"
            raise IllegalMoveError(f"deal not allowed: {why}")
        move: MoveT = self.MOVE.deal()
        self._record(move, self._dealt_onto(self._row, self._deal.cards[self._dealt]))
        self._dealt += 1
        return move

    @_args.method
    def undo(self) -> MoveT:
        """Take back the last action and return it.

        Raises:
            NoMoveToUndoError: nothing has been played (an ``IllegalMoveError`` and an
                ``IndexError``).
        """
        if not self._history:
            raise NoMoveToUndoError("undo: no move has been played")
        move, self._row, self._dealt = self._history.pop()
        return move

    @_args.method
    def hint(self, *, timeout: float | None = 2.0) -> MoveT | None:
        """A move of best play, ``None`` when over, as the core picks it: ``deal``
        while the stock has cards where the rules let the player deal past a throw
        (dealing never takes a throw away); then, while the row has a throw, the
        first of the line :meth:`_hint_line` gives for the row (``None`` where no
        throw brings it lower); then ``deal`` where the rules oblige throws first
        and none is left. ``timeout`` is checked as the core checks it and not
        applied."""
        _args.timeout(timeout)
        deal: MoveT = self.MOVE.deal()
        if self._may_deal() and self._rules == "modern":
            return deal
        if self._steps(self._rules, self._row):
            line = self._hint_line()
            return line[0] if line else None
        return deal if self._may_deal() else None

    @classmethod
    def _hint_steps(cls, rules: str, row: RowT) -> list[StepT]:
        """The steps in the order the core's solver tries them (default: the
        canonical order of ``_steps``, the core's for those games)."""
        return cls._steps(rules, row)

    def _hint_line(self) -> list[MoveT]:
        """The line of best play from the row alone (the stock not dealt) that the
        core's solver gives, whose first move the hint is: by default the first
        step, in ``_hint_steps``' order, that keeps the fewest within reach, at
        each row (the core's deepening search takes the first step that reaches
        the fewest); empty where no step brings the row lower."""
        steps = functools.partial(self._hint_steps, self._rules)
        line, _, _ = fewest_line(self._row, steps, self._after, self._least)
        return [self._named(row, step) for row, step in line]

    def __eq__(self, other: object) -> bool:
        """Games are equal when they have the same rules, starting deal, mode and
        history, so the same position: ``game == game.copy()``. A game changes as
        it is played, so it is not hashable."""
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, ThrowGame)
        mine = (self._rules, str(self._deal), self._blind, self.history)
        return mine == (other._rules, str(other._deal), other._blind, other.history)

    __hash__ = None  # type: ignore[assignment]

    @_args.method
    def copy(self: GameT) -> GameT:
        """An independent game in the same position, with the same history."""
        twin = copy.copy(self)
        twin._history = list(self._history)
        return twin

    def __repr__(self) -> str:
        # As the core writes it: the rules only where the game has more than one,
        # the game only where it is not the class's own.
        rules = f", {self._rules!r}" if len(self.FACTS.rules) > 1 else ""
        blind = ", blind=True" if self._blind else ""
        game = "" if type(self) is self._family() else f", game={self.game!r}"
        return f"{type(self).__name__}({str(self._deal)!r}{rules}{blind}{game})"

    def __reduce_ex__(self, protocol: SupportsIndex) -> str | tuple[Any, ...]:
        # A class made for another game is made at run time: a pickle names the game.
        reduced = super().__reduce_ex__(protocol)
        family = self._family()
        if type(self) is family or isinstance(reduced, str):
            return reduced
        return (_blank, (family, self.game), *reduced[2:])

    def __str__(self) -> str:
        row = " ".join(str(card) for card in self._tops_of(self._row))
        if not self._blind:
            return row
        # No space before the bar while the row is empty, as Accordion's game.
        return f"{row}{' ' if row else ''}| {self.FACTS.nouns.stock} {self.stock_size}"

    # -- the solver ---------------------------------------------------------------

    @classmethod
    def _solve(
        cls,
        position: object,
        rules: object = None,
        max_nodes: object = None,
        timeout: object = None,
        memory: object = None,
    ) -> Any:
        """The fewest cards (piles) from an open row, or from a game's row with its
        stock dealt onto it, and a line to them (:func:`fewest_line`); under a rule
        set whose every action is forced, the one line, whose moves are the nodes
        counted (as the core counts them). ``rules`` (``None``: a game's own, a
        row's the first of its facts') are the rules the position is solved under;
        a blind game with cards in its stock under a rule set of ``PLAYED_OUT`` is
        played out (:meth:`_played_out`).

        The arguments are checked as the core checks them, in signature order;
        the budgets are not applied (the search is for rows that finish)."""
        if isinstance(position, cls):
            start = position._open_row()
        elif isinstance(position, (Deal, str)):
            deal = cls._checked(as_deal(position))
            start = cls._laid_out(deal.cards)
        else:
            raise TypeError(
                f"position must be a Deal, {_a(cls.__name__)} or a str,"
                f" not {type(position).__name__}"
            )
        game = position if isinstance(position, cls) else None
        chosen = game._rules if game is not None and rules is None else cls.rule_set(rules)
        _args.budget(max_nodes, timeout, memory)
        if game is not None and game.stock_size and chosen in cls.PLAYED_OUT:
            return cls._played_out(game, chosen)
        line, goal, nodes = fewest_line(
            start, functools.partial(cls._steps, chosen), cls._after, cls._least
        )
        moves = tuple(cls._named(row, step) for row, step in line)
        deal_text = position_text(cls._piles_of(start), ())
        result = "win" if goal <= cls.FACTS.won_at else "loss"
        counted = len(moves) if chosen in cls.FORCED else nodes
        return cls.SOLUTION(deal_text, result, moves, goal, counted, game=cls.FACTS.name)

    @classmethod
    def _played_out(cls, position: ThrowGame[Any, Any, Any], chosen: str) -> Any:
        """The game played out from its position under ``chosen``, the first legal
        action each time (a throw before ``deal``); the moves are that line, deals
        included, and each is a node (as the core counts them). The solution's
        ``deal`` is that position, its row and ``|`` and its stock (as the core
        writes it)."""
        stock = position._deal.cards[position._dealt :]
        deal_text = position_text(cls._piles_of(position._row), stock)
        line = position.copy()
        line._rules = chosen
        moves = []
        while legal := line._legal_moves():
            moves.append(line.play(legal[0]))
        outcome = line.outcome
        result = "win" if outcome.won else "loss"
        return cls.SOLUTION(
            deal_text, result, tuple(moves), outcome.cards, len(moves), game=cls.FACTS.name
        )


def _blank(family: type[GameT], game: str) -> GameT:
    """A game of the game called ``game`` played by ``family``'s pieces, with
    nothing in it yet (unpickling fills it)."""
    blank: GameT = object.__new__(family.playing(game))
    return blank


class CardRowGame(ThrowGame[MoveT, Row, StepT]):
    """A game on a row of single cards (Royal Marriage, Bayan)."""

    @staticmethod
    def _laid_out(cards: Row) -> Row:
        return cards

    @staticmethod
    def _tops_of(row: Row) -> Row:
        return row

    @staticmethod
    def _dealt_onto(row: Row, card: Card) -> Row:
        return (*row, card)

    @property
    def piles(self) -> list[tuple[Card, ...]]:
        """The row as one-card piles, like :attr:`Game.piles`."""
        return [(card,) for card in self._row]


SolutionT = TypeVar("SolutionT", bound="ThrowSolution[Any]")
SolvedT = TypeVar("SolvedT", bound="ThrowGame[Any, Any, Any]")


class Solver(Generic[SolvedT, SolutionT]):
    """A throw game's ``solve_…`` function, one signature for every game (the
    core's): ``solve_royal = Solver(RoyalGame, "solve_royal", doc)``. The search is
    the game's (:meth:`ThrowGame._solve`, on :func:`fewest_line`); ``game`` names
    the game a row is of (:meth:`ThrowGame.playing`; a game is of its own). A
    wrong call's ``TypeError`` names the function as the core's does
    (``solve_royal()``), word for word (:func:`_args.bound`)."""

    def __init__(self, game: type[SolvedT], name: str, doc: str) -> None:
        self._game = game
        self.__name__ = self.__qualname__ = name
        self.__doc__ = f"{inspect.cleandoc(doc)}\n\n{Solver.CHECKED}"
        self.__signature__ = inspect.signature(self._solve)

    #: The last paragraph of every solver's docstring.
    CHECKED = (
        "``rules`` are the rules (default: the game's, else ``modern``).\n"
        "The arguments are checked as the core checks them; the budgets are not\n"
        "applied (the search is for rows that finish)."
    )

    def _solve(
        self,
        position: Deal | SolvedT | str,
        *,
        rules: Rules | str | None = None,
        max_nodes: int | None = None,
        timeout: float | None = None,
        memory: int | None = None,
        game: str | None = None,
    ) -> SolutionT:
        played = self._game.playing(game)
        if isinstance(position, self._game):
            # A game is of its own game: a ``game`` naming another contradicts it.
            if game is not None and played.FACTS.name != position.game:
                expected = f"None or the position's own game, {_args.quoted(position.game)}"
                raise _args.refuse("game", expected, _args.quoted(played.FACTS.name))
            played = type(position)
        started = time.perf_counter()
        solution: SolutionT = played._solve(position, rules, max_nodes, timeout, memory)
        seconds = time.perf_counter() - started
        return dataclasses.replace(solution, seconds=seconds)

    if TYPE_CHECKING:
        __call__ = _solve
    else:

        def __call__(self, *args, **kwargs):
            return self._solve(**_args.bound(f"{self.__name__}()", Solver._solve, args, kwargs))

    def __repr__(self) -> str:
        return f"<solver of {self._game.__name__}>"
