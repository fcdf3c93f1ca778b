"""The games: one descriptor per game, read by every layer instead of testing names.

Every game the package plays is described once here, in :data:`GAMES` (the way
python-chess lists its variants in ``chess.variant.VARIANTS``): its name and
aliases, PySolFC's id, where each engine keeps its pieces (game class, solver,
numbered deals, statistics), its rule sets and strategies, what it can do
(:data:`CAPABILITIES`, and why not where it cannot), and the words a message uses
(pile or card, stock or talon, move or throw). The command line, the text UI, the
SVG pictures and the docs' tables read these descriptors; none of them tests a
game's name.

>>> from accordion.games import find_game
>>> game = find_game("288")
>>> game.name, game.title, game.nouns.piece, game.supports("hunt"), game.supports("variant")
('royal-marriage', 'Royal Marriage', 'card', True, False)
>>> find_game("Relaxed-Accordion").variant
Variant(two_way=True, distances='1,3', win_piles=None, goal_from_pysol=False)

Adding a game
-------------
Write its engine (the Rust core binds it in ``accordion._core``, the reference
engine in ``accordion.reference``), then add **one** :class:`Descriptor` to
:data:`GAMES`: the names of its pieces in each engine (:class:`Engine`, as
``"module:attribute"`` text, loaded only when used, so that this module imports
without the compiled core), its rule sets, its nouns, and in ``refuses`` each
capability that does not apply with the reason (the error message quotes it).
Nothing else names a game: ``accordion solve --game NAME``, ``play``, ``stats``,
``deal``, the pictures and the tests parametrised over :data:`GAMES` pick it up.
A PySolFC game that is another game under fixed variant flags (Relaxed Accordion
is two-way Accordion) shares that game's engine and says so in ``variant``.
"""

from __future__ import annotations

import functools
import importlib
import sys
from collections import namedtuple
from collections.abc import Callable, Mapping

from accordion.errors import InvalidArgumentError, InvalidRulesError, shown

# `typing` for the type checker only: importing it costs a tenth of `accordion
# solve` on one deal, which reads this registry (benches/startup.md).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Literal, NamedTuple, TypeVar, get_args

    _Class = TypeVar("_Class", bound=type)
else:
    # The records below are named tuples all the same: :func:`_record` makes each.
    NamedTuple = object

    class Literal:
        """``Literal[…]`` without `typing`: the tuple of its values. Each type of
        values below (``Capability``, ``RuleName``, the strategies …) is written
        once, as a ``Literal`` for the type checker; at run time its values are
        read from that spelling (``get_args``), and the type itself is made from
        them when first asked for (``__getattr__`` at the end of the module)."""

        def __class_getitem__(cls, values: object) -> tuple[object, ...]:
            return values if isinstance(values, tuple) else (values,)

    def get_args(values: tuple[object, ...]) -> tuple[object, ...]:
        """The values of a ``Literal`` written above (``typing.get_args``)."""
        return values


# What a game may be able to do, the type of :data:`CAPABILITIES`'s values.
Capability = Literal[
    "solve",
    "stats",
    "each",
    "rate",
    "hunt",
    "play",
    "batch",
    "stats-batch",
    "variant",
    "choose",
    "numberings",
]
#: What a game may be able to do (each is refused, naming the game, where it cannot):
#: ``solve`` decide open deals; ``stats`` simulate numbered deals with a strategy;
#: ``each`` play given deals one by one (``stats --each``); ``rate`` rate difficulty;
#: ``hunt`` look for unwinnable numbered deals;
#: ``play`` the text UI; ``batch`` ``solve --scheduler`` and ``--checkpoint``;
#: ``stats-batch`` the same for ``stats``; ``variant``
#: ``--two-way`` and ``--distances``; ``choose`` ``deal --winnable``/``--difficulty``;
#: ``numberings`` Solvitaire's and Knuth's numbered deals.
CAPABILITIES: tuple[Capability, ...] = get_args(Capability)

# A rule set of docs/rules.md (the core's stub reads it from here).
RuleName = Literal["modern", "strict", "strict-leap", "parlett"]
#: The rule sets of docs/rules.md.
RULE_SETS: tuple[RuleName, ...] = get_args(RuleName)
#: Every game's rule sets: Accordion's and Accordian Patience's judge's (docs/accordian.md).
ALL_RULE_SETS = (*RULE_SETS, "uva")

# A difficulty level of docs/difficulty.md (the core's stub reads it from here).
LevelName = Literal["easy", "medium", "hard"]
#: The difficulty levels of docs/difficulty.md, easiest first (``deal --difficulty``).
LEVELS: tuple[LevelName, ...] = get_args(LevelName)

#: The game meant where none is named: ``--game``'s default, and the game of a JSON
#: object or a checkpoint that names none (Accordion's objects leave ``"game"`` out,
#: having been there before any other game).
DEFAULT_GAME = "accordion"

#: Which engine plays a game's pieces: the Rust core's, or the pure-Python reference's.
Engines = Literal["core", "reference"]

#: Accordion's strategies (``stats --strategy``, the first its default; the core's
#: ``simulate(strategy=)``, whose stub types it as ``StrategyName``).
AccordionStrategy = Literal[
    "slide-first",
    "forced",
    "leap-first",
    "sweepers",
    "random",
    "parlett-agent",
    "parlett-sampler",
    "solver",
    "clairvoyant",
    "lookahead",
    "planner",
    "depth-first",
    "deep-planner",
]
#: Every throw game's strategies (the first its default; the core's stub types them
#: as ``RoyalStrategy``).
ThrowStrategy = Literal["greedy", "best"]
# Their values, for the registry's makers (which may run after the types are gone).
_THROW_STRATEGIES: tuple[ThrowStrategy, ...] = get_args(ThrowStrategy)


# The records below are named tuples and a plain class, not dataclasses: importing
# `dataclasses` (and `inspect`, which it imports) costs more than the whole of
# `accordion solve` on one deal, which reads this registry (benches/startup.md).
# Nor `typing.NamedTuple`, for `typing`'s sake: each is written as one for the type
# checker, and made by `collections.namedtuple` (what `typing.NamedTuple` makes too).


def _record(cls: _Class) -> _Class:
    """The named tuple of ``cls``'s fields (its annotations, in order), with its
    defaults, its docstring and its place; a type checker sees ``cls`` itself."""
    annotations = cls.__annotations__
    defaults = {field: cls.__dict__[field] for field in annotations if field in cls.__dict__}
    fields, values = list(annotations), list(defaults.values())
    record = namedtuple(cls.__name__, fields, defaults=values, module=cls.__module__)  # type: ignore[misc]
    if record._field_defaults != defaults:
        raise TypeError(f"{cls.__name__}: the fields with a default must come last")
    record.__qualname__ = cls.__qualname__
    record.__doc__ = cls.__doc__
    record.__annotations__ = annotations
    return record  # type: ignore[return-value]


@_record
class Nouns(NamedTuple):
    """The words a message about the game uses."""

    #: What a row is counted in (``piles left``, ``cards left``).
    piece: str = "pile"
    #: The cards not yet dealt in a blind game.
    stock: str = "stock"
    #: One step of play.
    move: str = "move"
    #: What the solver counts while it searches.
    node: str = "node"
    #: Between the moves of a line, as printed.
    separator: str = " "


@_record
class Variant(NamedTuple):
    """The variant flags a game fixes (a PySolFC game played by another game's engine)."""

    two_way: bool = False
    distances: str = "1,3"
    #: Won at this many piles or fewer (``None``: the engine's own win).
    win_piles: int | None = None
    #: The goal card comes from PySolFC's game number (Accordion's Revenge).
    goal_from_pysol: bool = False


@_record
class Engine(NamedTuple):
    """Where one engine keeps a game's pieces, as ``"module:attribute"`` text."""

    #: The game class: ``cls(deal, rules, *, blind=False)``.
    game: str
    #: The solver: ``solve(position, *, rules=, max_nodes=, timeout=)``.
    solve: str
    #: Numbered deals: ``deal(seed, cards)``.
    deal: str
    #: The move class (``parse``, ``str`` round-trips).
    move: str
    #: The row class (``parse``).
    rows: str = "accordion._core:Deal"
    #: The rules class: ``Rules(name, two_way=, distances=, win_piles=)``.
    rules: str = "accordion._core:Rules"
    #: Statistics over numbered deals (``simulate(deals=, rules=, strategy=, ...)``).
    simulate: str | None = None
    #: The statistics class (``from_histogram``: batches' chunks add up through it).
    stats: str = "accordion._core:Stats"
    #: The solution class (``to_dict``, ``from_dict``: batches' checkpoints).
    solution: str = "accordion._core:Solution"
    #: Many rows at once on all cores (``solve_many``); ``None``: one by one.
    solve_many: str | None = None
    #: The name the pieces take as ``game=``, for a game played by the classes of
    #: another (Push Pin by Royal Marriage's); ``None``: the pieces' own game.
    plays: str | None = None


class Played:
    """A class or function of an engine that plays more than one game, with
    ``game=`` given: a call passes it, and so do the class's constructors by
    another name (``parse``, ``from_histogram``); anything else is the class's."""

    __slots__ = ("_game", "_target")

    #: The class methods that make a value of the game and take ``game=``.
    MAKERS = ("parse", "from_histogram")

    def __init__(self, target: Any, game: str) -> None:
        self._target = target
        self._game = game

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self._target(*args, game=self._game, **kwargs)

    def __getattr__(self, name: str) -> Any:
        found = getattr(self._target, name)
        if name in self.MAKERS:
            return functools.partial(found, game=self._game)
        return found

    def __repr__(self) -> str:
        return f"<{self._target!r} playing {self._game}>"


def load(reference: str) -> Any:
    """The object that ``"module:attribute"`` names (``attribute`` may be dotted:
    ``"accordion._core:Deal.from_seed"``)."""
    module, _, name = reference.partition(":")
    found = importlib.import_module(module)
    for attribute in name.split("."):
        found = getattr(found, attribute)
    return found


class Descriptor:
    """One game: what it is called, where its engines are, what it can do. Each
    attribute is a keyword of the constructor (all but the first three optional)."""

    __slots__ = {  # noqa: RUF023 (in the order of the constructor's keywords)
        "name": 'The name ``--game`` takes and JSON\'s ``"game"`` field gives.',
        "title": "The name in prose.",
        "summary": "A line on what the game is (for help texts and the docs' table).",
        "aliases": "Other names ``--game`` takes (PySolFC's id is one).",
        "pysol_id": "PySolFC's id of the game, if PySolFC has it.",
        "engine": "The game whose engine plays it (itself, or the game it is a variant of).",
        "core": "The game's pieces in the Rust core (:class:`Engine`).",
        "reference": "The game's pieces in the reference engine (:class:`Engine`).",
        "session": 'The text UI\'s session class, ``"module:attribute"``.',
        "rules": "The rule sets it is played under; the first is the default.",
        "solve_rules": (
            "The rule sets ``solve --rules`` and ``/api/solve`` take for an open row, "
            "as the game's solver does; those of ``forced_rules`` are played out."
        ),
        "forced_rules": (
            "The rule sets that force every action: ``solve`` plays their one line out, "
            "``stats --each`` plays the game out (blind with ``--blind``)."
        ),
        "automatic_rules": (
            "The rule sets under which the table plays the game's hint as the one action "
            "(its forced-move keys): those of ``forced_rules``, and any under which a blind "
            "game's every choice ends alike (Royal Marriage's ``parlett``). Default: "
            "``forced_rules``."
        ),
        "hinted_rules": (
            "The rule sets under which best play (the table's best line, its verdict on a "
            "deal) is the game's hint followed to the end; under the others, the stock "
            "dealt, then the solver's line within the table's budget. Default: "
            "``automatic_rules``."
        ),
        "strategies": "The strategies ``stats`` plays (the first is the default), if any.",
        "nouns": "The words a message about the game uses (:class:`Nouns`).",
        "variant": "The variant flags it fixes, for a game played by another's engine.",
        "refuses": "Each capability it lacks, with the reason.",
        "won_at": "How many pieces are left when the game is won.",
        "min_cards": "The fewest cards of a deal (its numbered deals refuse fewer).",
        "dealing": (
            "How PySolFC lays out its numbered deals: ``row`` (the shuffled deck in one "
            "row), ``royal-pair`` (the queen of hearts first, the king last) or "
            "``goal-card`` (the row, then a goal card drawn from the generator)."
        ),
        "blind_start": "The cards laid out when a blind game starts (the rest is its stock).",
        "docs": "The docs page that describes it.",
        "how": "How a move works and what wins, in a few sentences (the table's ``?``).",
        "prompt": (
            "What the table says first: how to make a move with the keys or the mouse "
            "(made from the ``prompt`` given and ``lone``)."
        ),
        "lone": (
            "What may go out alone, as the table's prompt names it (``a card``; Seven Up's "
            '``a 7``), or ``""`` where every throw takes two cards or more (Bayan, Decade).'
        ),
        "judge_lines": (
            "A file's deal may be written in two lines of 26 cards, as UVa 127's judge gives it."
        ),
    }

    def __init__(
        self,
        *,
        name: str,
        title: str,
        summary: str,
        aliases: tuple[str, ...] = (),
        pysol_id: int | None = None,
        engine: str = "",
        core: Engine | None = None,
        reference: Engine | None = None,
        session: str = "",
        rules: tuple[str, ...] = ("modern",),
        solve_rules: tuple[str, ...] = ("modern",),
        forced_rules: tuple[str, ...] = (),
        automatic_rules: tuple[str, ...] | None = None,
        hinted_rules: tuple[str, ...] | None = None,
        strategies: tuple[str, ...] = (),
        nouns: Nouns | None = None,
        variant: Variant | None = None,
        refuses: Mapping[Capability, str] | None = None,
        won_at: int = 1,
        min_cards: int = 1,
        dealing: str = "row",
        blind_start: int = 0,
        docs: str = "docs/rules.md",
        how: str = "",
        prompt: str = "",
        lone: str = "",
        judge_lines: bool = False,
    ) -> None:
        self.name = name
        self.title = title
        self.summary = summary
        self.aliases = aliases
        self.pysol_id = pysol_id
        self.engine = engine or name
        self.core = core
        self.reference = reference
        self.session = session
        self.rules = rules
        self.solve_rules = solve_rules
        self.forced_rules = forced_rules
        self.automatic_rules = forced_rules if automatic_rules is None else automatic_rules
        self.hinted_rules = self.automatic_rules if hinted_rules is None else hinted_rules
        self.strategies = strategies
        self.nouns = Nouns() if nouns is None else nouns
        self.variant = variant
        self.refuses: Mapping[Capability, str] = {} if refuses is None else refuses
        self.won_at = won_at
        self.min_cards = min_cards
        self.dealing = dealing
        self.blind_start = blind_start
        self.docs = docs
        self.how = how or summary
        self.lone = lone
        # The table's words for a card that goes out alone, where one may.
        alone = f"; {lone} lit itself goes alone" if lone else ""
        self.prompt = f"{prompt or PILE_PROMPT}{alone}."
        self.judge_lines = judge_lines
        unknown = set(self.refuses) - set(CAPABILITIES)
        if unknown:
            raise ValueError(f"{self.name}: unknown capabilities {sorted(unknown)}")

    def __repr__(self) -> str:
        return f"<game {self.name}: {self.title}>"

    def supports(self, capability: Capability) -> bool:
        """Whether ``capability`` (one of :data:`CAPABILITIES`) applies to the game."""
        return capability not in self.refuses

    def require(self, capability: Capability, command: str) -> None:
        """Refuse ``capability`` with the game's reason (``InvalidArgumentError``
        naming the game), unless the game has it.

        >>> find_game("bayan").require("numberings", "deal")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        accordion.errors.InvalidArgumentError: deal --game bayan: Solvitaire's and Knuth's...
        """
        if capability in self.refuses:
            raise InvalidArgumentError(
                f"{command} --game {self.name}: {self.refuses[capability]}", "game"
            )

    def check_rules(
        self, rules: str, command: str | None, allowed: tuple[str, ...] | None = None
    ) -> None:
        """Refuse a rule set the game is not played under (``allowed``: this command's),
        in the words of the command line's ``command`` (``--rules``), or with
        ``command`` None in the API's (the web service's field ``rules``)."""
        allowed = self.rules if allowed is None else allowed
        if rules in allowed:
            return
        takes = " or ".join(allowed)
        if command is None:  # quoted, cut to 60 characters, as the API quotes a value
            named = f"game {shown(self.name)} ({self.title})"
            message = f"rules {shown(rules)}: {named} takes rules {takes}"
        else:
            message = (
                f"{command} --game {self.name}: {self.title} takes --rules {takes}, "
                f"not --rules {rules}"
            )
        raise InvalidArgumentError(message, "rules")

    def pieces(self, engine: Engines = "core") -> Engine:
        """Where ``engine`` keeps the game's pieces."""
        pieces = self.core if engine == "core" else self.reference
        if pieces is None:
            raise InvalidArgumentError(f"the {engine} engine does not play {self.title}", "game")
        return pieces

    def _played(self, engine: Engines, reference: str) -> Any:
        """The piece ``reference`` names, given this game as ``game=`` when the
        engine's pieces play more than one game (:class:`Played`)."""
        found = load(reference)
        plays = self.pieces(engine).plays
        return found if plays is None else Played(found, plays)

    def game_class(self, engine: Engines = "core") -> Any:
        """The class of a game in progress: ``cls(deal, rules, *, blind=False)``."""
        return self._played(engine, self.pieces(engine).game)

    def solver(self, engine: Engines = "core") -> Callable[..., Any]:
        """The exact solver of an open row."""
        solve: Callable[..., Any] = self._played(engine, self.pieces(engine).solve)
        return solve

    def numbered(self, engine: Engines = "core") -> Callable[[int, int], Any]:
        """Numbered deal ``(seed, cards)`` of this game: of :attr:`min_cards` cards or
        more (a game dealt from Accordion's numbered deals refuses fewer here)."""
        deal: Callable[[int, int], Any] = load(self.pieces(engine).deal)
        if self.min_cards == 1:
            return deal
        fewest = self.min_cards

        def numbered_deal(seed: int, cards: int) -> Any:
            if isinstance(cards, int) and not isinstance(cards, bool) and cards < fewest:
                raise InvalidArgumentError(
                    f"cards must be {fewest} to 52 cards, got {cards}", "cards"
                )
            return deal(seed, cards)

        return numbered_deal

    def move_class(self, engine: Engines = "core") -> Any:
        """The move class (``parse``, and ``str`` that round-trips)."""
        return self._played(engine, self.pieces(engine).move)

    def simulator(self) -> Callable[..., Any]:
        """The core's statistics over numbered deals (refused where there is none):
        one call plays a whole range; :func:`accordion.batch.simulate` cuts it into
        chunks of such calls."""
        self.require("stats", "stats")
        reference = self.pieces("core").simulate
        if reference is None:
            raise InvalidArgumentError(f"stats --game {self.name}: no simulation", "game")
        simulate: Callable[..., Any] = self._played("core", reference)
        return simulate

    def stats_class(self) -> Any:
        """The class of the core's statistics (``from_histogram``)."""
        return self._played("core", self.pieces("core").stats)

    @property
    def plays_accordion(self) -> bool:
        """Whether Accordion's engine plays the game (its rules are ``Rules`` with
        variant flags; its batches run on the core's ``solve_many``)."""
        return self.core is ACCORDION_CORE

    @property
    def unnamed(self) -> bool:
        """Whether the game goes without a name where a name is optional: its
        ``hunt --json`` object, like its solutions and statistics, leaves out
        ``"game"``, and an object without one is taken for it (:data:`DEFAULT_GAME`)."""
        return self.name == DEFAULT_GAME

    def batch_rules(self, rules: Any = None) -> Any:
        """``rules`` as the game's batch functions take them (default: the game's
        first rule set): Accordion's ``Rules`` for the games its engine plays (a
        name becomes its ``Rules``), the rule set's name for the others, whose
        solvers take the name (Accordian's ``uva`` is no Accordion ``Rules``)."""
        if not self.plays_accordion:
            return rules or self.rules[0]
        if isinstance(rules, str) or rules is None:
            return self.make_rules(rules)
        return rules

    def session_class(self) -> Any:
        """The text UI's session for the game."""
        self.require("play", "play")
        return load(self.session)

    def make_rules(self, name: str | None = None, engine: Engines = "core") -> Any:
        """The rules of ``engine`` for the game under rule set ``name`` (default: the
        game's first), with the variant flags the game fixes (not Accordion's
        Revenge's goal card, which comes from a game number)."""
        name = self.rules[0] if name is None else name
        rules = load(self.pieces(engine).rules)
        variant = self.variant
        if variant is None:
            return rules(name)
        distances = [int(part) for part in variant.distances.split(",")]
        return rules(
            name, two_way=variant.two_way, distances=distances, win_piles=variant.win_piles
        )

    def parse_row(self, text: str, engine: Engines = "core") -> Any:
        """A row of this game, read and checked (a Royal Marriage row starts with
        QH and ends with KH) before anything is done with it."""
        deal = load(self.pieces(engine).rows).parse(text)
        self.game_class(engine)(deal)
        return deal

    def plural(self, count: int, word: str) -> str:
        """``1 pile``, ``3 cards``: ``count`` with ``word`` (one of the nouns)."""
        return plural(count, word)


def plural(count: int, word: str) -> str:
    """``1 pile``, ``2 piles``, ``12,345 intervals``: ``count`` with ``word``."""
    return f"{count:,} {word}{'' if count == 1 else 's'}"


#: The table's opening words for a game of piles moved whole onto others (each
#: prompt is ended by the descriptor, which says what goes out alone: ``lone``).
PILE_PROMPT = "pick a pile (Enter or a click), drop it on a lit one"
#: For a game of runs of cards that go out.
RUN_PROMPT = "pick the card at one end of a run (Enter, click), then the lit card at its other end"
#: For a game of cards thrown out of the row.
THROW_PROMPT = "pick a card (Enter, click), then a lit card to throw out with it"
#: How Accordion is played, which its variants start from.
ACCORDION_HOW = (
    "Every card of the row is a pile. A pile moves onto the pile next to it on the "
    "left, or onto the third pile to its left, when their top cards agree in suit or "
    "rank; the whole pile moves, and its top card becomes the top of the pile it lands "
    "on. A blind game deals the cards one at a time onto the right-hand end. Goal: "
    "gather the deck into one pile."
)

#: What Accordion's variants refuse: they are played with their own fixed flags.
_VARIANT_REFUSES: dict[Capability, str] = {
    "variant": "it fixes its own variant; drop --two-way/--distances",
    "choose": "--winnable and --difficulty draw Accordion deals; drop --game",
    "numberings": "Solvitaire's and Knuth's deals are Accordion rows; drop --game",
}
_OWN_WIN: dict[Capability, str] = {
    "stats": "stats counts wins at one pile; this game has its own win condition "
    "(docs/numberings.md): solve or play its deals instead",
}
#: What the throw games (cards thrown out of the row) refuse.
_THROW_REFUSES: dict[Capability, str] = {
    "variant": "it has no --two-way or --distances variant",
    "numberings": "Solvitaire's and Knuth's deals are Accordion rows; drop --game",
}


def _played_by_accordion(**described: Any) -> Descriptor:
    """A game that Accordion's engine plays: Accordion, or a PySolFC variant of it."""
    return Descriptor(
        engine="accordion",
        core=ACCORDION_CORE,
        reference=ACCORDION_REFERENCE,
        session=ACCORDION_SESSION,
        rules=RULE_SETS,
        solve_rules=ACCORDION_SOLVE_RULES,
        forced_rules=ACCORDION_FORCED_RULES,
        **described,
    )


def _variant(
    name: str, title: str, summary: str, pysol_id: int, variant: Variant, **more: Any
) -> Descriptor:
    """A PySolFC game that is Accordion under fixed variant flags."""
    described = {"refuses": _VARIANT_REFUSES, "docs": "docs/numberings.md", **more}
    return _played_by_accordion(
        name=name, title=title, summary=summary, pysol_id=pysol_id, variant=variant, **described
    )


def _engines(
    module: str, game: str, solve: str, move: str, deal: str | None = None, *, simulate: str
) -> tuple[Engine, Engine]:
    """Both engines' pieces of a game: the core's in ``accordion._core``, the
    reference engine's under the same names in ``module`` (numbered deals, unless
    ``deal`` names them, are Accordion's; ``simulate`` is the core's statistics)."""
    kind = game.removesuffix("Game")
    return (
        Engine(
            solution=f"accordion._core:{kind}Solution",
            stats=f"accordion._core:{kind}Stats",
            simulate=f"accordion._core:{simulate}",
            game=f"accordion._core:{game}",
            solve=f"accordion._core:{solve}",
            deal=f"accordion._core:{deal}" if deal else "accordion._core:Deal.from_seed",
            move=f"accordion._core:{move}",
        ),
        Engine(
            game=f"{module}:{game}",
            solve=f"{module}:{solve}",
            deal=f"{module}:{deal}" if deal else "accordion.reference:Deal.from_seed",
            move=f"{module}:{move}",
            rows="accordion.reference:Deal",
            rules="accordion.reference:Rules",
        ),
    )


def _throw_game(
    module: str,
    kind: str,
    *,
    deal: str | None = None,
    named_rules: bool = False,
    functions: str = "",
    plays: str | None = None,
    **described: Any,
) -> Descriptor:
    """A throw game whose pieces are named alike in every layer: ``{kind}Game``,
    ``solve_{functions}``, ``simulate_{functions}`` … (``functions``: by default
    ``module``) in the core and in ``accordion.reference.{module}``, its table
    session in ``accordion.play.{module}`` (``deal``: its own numbered deals;
    ``named_rules``: its solver takes rule sets by name only, none of them an
    Accordion ``Rules``; ``plays``: the game is played by the pieces of the
    game ``kind`` names, given its name as ``game=``)."""
    functions = functions or module
    engines: tuple[Engine, ...] = _engines(
        f"accordion.reference.{module}",
        f"{kind}Game",
        f"solve_{functions}",
        f"{kind}Move",
        deal,
        simulate=f"simulate_{functions}",
    )
    if named_rules:
        engines = tuple(engine._replace(rules="builtins:str") for engine in engines)
    session = f"accordion.play.{module}:{kind}Session"
    if plays is not None:
        engines = tuple(engine._replace(plays=plays) for engine in engines)
        # Its table is the module's, made for it (``registered_sessions``).
        session = f"accordion.play.{module}:{described['title'].replace(' ', '')}Session"
    return Descriptor(
        core=engines[0],
        reference=engines[1],
        session=session,
        strategies=_THROW_STRATEGIES,
        refuses=_THROW_REFUSES,
        docs=f"docs/{described['name']}.md",
        **described,
    )


#: The games of runs (``accordion.reference.runs``): a run of adjacent cards
#: whose values add up as the game asks goes out. Each is its kind (the class
#: names' stem, and its title unless it gives one), its name (its functions'
#: stem with ``_`` for ``-``) and what more describes it.
_RUN_GAMES: tuple[tuple[str, str, dict[str, Any]], ...] = (
    (
        "Decade",
        "decade",
        {
            "summary": "PySolFC's game 816: a run of two or more adjacent cards whose "
            "values total 10, 20 or 30 (ace 1, courts 10) goes out; won when every "
            "card is out",
            "aliases": ("ten-twenty-thirty",),
            "pysol_id": 816,
            "how": "A run of two or more cards side by side whose values total 10, 20 or 30 "
            "(ace 1, two to ten their number, jack, queen and king 10) goes out, and the row "
            "closes up. A blind game deals the cards one at a time from the talon. Goal: "
            "every card out.",
        },
    ),
    (
        "SevenUp",
        "seven-up",
        {
            "summary": "PySolFC's game 918: a single 7, or a run of two to four adjacent "
            "cards whose ranks total a multiple of 7 (ace 1 … king 13), goes out; won "
            "when every card is out",
            "aliases": ("seventh-wonder", "the-magic-seven"),
            "pysol_id": 918,
            "title": "Seven Up",
            "lone": "a 7",
            "how": "A single 7, or a run of two to four cards side by side whose ranks total "
            "a multiple of 7 (ace 1, jack 11, queen 12, king 13), goes out, and the row "
            "closes up. A blind game deals the cards one at a time from the talon. Goal: "
            "every card out.",
        },
    ),
)

_CORE, ACCORDION_REFERENCE = _engines(
    "accordion.reference", "Game", "solve", "Move", simulate="simulate"
)
#: Accordion's pieces in the core: the core solves many rows at once on all cores.
ACCORDION_CORE = _CORE._replace(solve_many="accordion._core:solve_many")
ACCORDION_SESSION = "accordion.play.accordion:Session"
#: Accordion's rule sets that force every action: its solver plays their one line out.
ACCORDION_FORCED_RULES = ("strict", "strict-leap")
#: Accordion's solver takes every rule set (the forced ones played out).
ACCORDION_SOLVE_RULES = RULE_SETS

#: Every game, by name (``--game`` takes a name, an alias or PySolFC's id).
GAMES: dict[str, Descriptor] = {
    game.name: game
    for game in (
        _played_by_accordion(
            name="accordion",
            title="Accordion",
            summary="piles move onto the pile one or three to the left when the top "
            "cards agree in suit or rank; won at one pile",
            aliases=("idle-year", "tower-of-babel", "leapfrog"),
            pysol_id=772,
            how=ACCORDION_HOW,
            strategies=get_args(AccordionStrategy),
        ),
        _variant(
            "relaxed-accordion",
            "Relaxed Accordion",
            "PySolFC's two-way Accordion: piles also move rightwards",
            773,
            Variant(two_way=True),
            how=ACCORDION_HOW.replace(
                "Goal:", "In this variant piles also move to the right, one or three places. Goal:"
            ),
        ),
        _variant(
            "23-skidoo",
            "23 Skidoo",
            "PySolFC's Accordion with moves two or three places, won at two piles",
            883,
            Variant(distances="2,3", win_piles=2),
            refuses={**_VARIANT_REFUSES, **_OWN_WIN},
            won_at=2,
            how=ACCORDION_HOW.replace(
                "the pile next to it on the left, or onto the third pile to its left",
                "the second or the third pile to its left",
            ).replace("gather the deck into one pile", "gather the deck into two piles or one"),
        ),
        _variant(
            "accordions-revenge",
            "Accordion's Revenge",
            "PySolFC's Accordion whose goal card, drawn from the game number, "
            "must end on top of the last pile",
            811,
            Variant(goal_from_pysol=True),
            dealing="goal-card",
            refuses={
                **_VARIANT_REFUSES,
                **_OWN_WIN,
                "hunt": "its goal card comes from one PySolFC game number; "
                "hunt solves numbered deals",
            },
            how=ACCORDION_HOW.replace(
                "gather the deck into one pile",
                "gather the deck into one pile with the goal card on top (no pile may land on it)",
            ),
        ),
        _throw_game(
            "royal",
            "Royal",
            deal="royal_deal",
            name="royal-marriage",
            title="Royal Marriage",
            summary="one or two cards between two that agree are thrown out; won when "
            "only the king and queen of hearts remain",
            pysol_id=288,
            rules=("modern", "parlett"),
            # Under parlett a blind game's choices all end alike; the interval
            # solver's hint is best play under both (docs/royal-marriage.md).
            automatic_rules=("parlett",),
            hinted_rules=("modern", "parlett"),
            nouns=Nouns(piece="card", move="throw", node="interval", separator=", "),
            won_at=2,
            min_cards=2,
            dealing="royal-pair",
            how="The queen of hearts starts the row and the king of hearts ends it. When "
            "two cards with one or two cards between them agree in suit or rank, the cards "
            "between are thrown out. A blind game deals the cards one at a time. Goal: only "
            "the queen and the king of hearts left, side by side.",
            prompt=THROW_PROMPT,
            lone="a card",
        ),
        # Royal Marriage's throw on any deal: played by Royal Marriage's pieces.
        _throw_game(
            "royal",
            "Royal",
            plays="push-pin",
            name="push-pin",
            title="Push Pin",
            summary="PySolFC's game 287: Royal Marriage's throw on any deal (one or two "
            "cards between two that agree are thrown out); won when two cards are left",
            aliases=("queens",),
            pysol_id=287,
            hinted_rules=("modern",),
            nouns=Nouns(piece="card", stock="talon", move="throw", node="interval", separator=", "),
            won_at=2,
            min_cards=2,
            blind_start=3,
            how="When two cards with one or two cards between them agree in suit or rank, "
            "the cards between are thrown out and the row closes up. A blind game starts "
            "with three cards and deals the others one at a time from the talon. Goal: only "
            "two cards left.",
            prompt=THROW_PROMPT,
            lone="a card",
        ),
        _throw_game(
            "bayan",
            "Bayan",
            name="bayan",
            title="Bayan",
            summary="PySolFC's game 656: two cards one or three places apart that agree "
            "are thrown out together; won when every card is out",
            pysol_id=656,
            nouns=Nouns(piece="card", stock="talon", move="throw", node="position", separator=", "),
            won_at=0,
            blind_start=3,
            how="Two cards next to each other, or with two cards between them, that agree "
            "in suit or rank are thrown out together; a card thrown out closes the gap. A "
            "blind game deals the cards one at a time from the talon. Goal: throw out "
            "every card.",
            prompt=THROW_PROMPT,
        ),
        _throw_game(
            "accordian",
            "Accordian",
            # The game takes its rule set by name (``uva`` is no Accordion ``Rules``).
            named_rules=True,
            name="accordian",
            title="Accordian Patience",
            summary="UVa 127: a pile's top card moves onto the pile one or three to the "
            "left when they agree in suit or rank; won at one pile",
            aliases=("uva-127", "card-accordion"),
            nouns=Nouns(node="position"),
            rules=("modern", "uva"),
            how="Every card of the row is a pile. A pile's top card (only that card) moves "
            "onto the pile next to it on the left, or the third pile to its left, when they "
            "agree in suit or rank; a pile left empty closes up. Under the judge's uva "
            "rules the leftmost move is forced, three places before one. Goal: one pile.",
            prompt="pick a pile (Enter or a click), drop its top card on a lit pile",
            solve_rules=("modern", "uva"),
            forced_rules=("uva",),
            judge_lines=True,
        ),
        *(
            _throw_game(
                "runs",
                kind,
                functions=name.replace("-", "_"),
                name=name,
                nouns=Nouns(
                    piece="card", stock="talon", move="throw", node="position", separator=", "
                ),
                won_at=0,
                blind_start=3,
                prompt=RUN_PROMPT,
                **{"title": kind, **described},
            )
            for kind, name, described in _RUN_GAMES
        ),
    )
}


def spelled(name: str) -> str:
    """A game's name as every reader of one compares it (the core's
    ``Facts::is_called`` too): in lower case, its words (split at white space and
    hyphens alike) joined by hyphens, so that ``Seventh Wonder``, ``seventh-wonder``
    and `` SEVENTH  wonder`` are one name. White space is the core's: Python's
    ``str.split`` also splits at the separators U+001C to U+001F, which stay in a word.

    >>> spelled(" Ten Twenty-thirty "), spelled("Accordion's Revenge"), spelled("bayan\\x1c")
    ('ten-twenty-thirty', "accordion's-revenge", 'bayan\\x1c')
    """
    spaced = "".join(
        " " if char == "-" or (char.isspace() and char not in _NOT_CORE_SPACE) else char
        for char in name.lower()
    )
    return "-".join(word for word in spaced.split(" ") if word)


#: What ``str.isspace`` counts as white space and the core's parsers do not.
_NOT_CORE_SPACE = frozenset("\x1c\x1d\x1e\x1f")


def _index() -> dict[str, Descriptor]:
    names: dict[str, Descriptor] = {}
    for game in GAMES.values():
        # The names the core reads a game by (`Facts::is_called`): its name, its
        # title ("push pin"), an alias, PySolFC's id, each as `spelled` writes it.
        pysol_id = [str(game.pysol_id)] if game.pysol_id else []
        keys = [spelled(key) for key in (game.name, game.title, *game.aliases, *pysol_id)]
        for key in keys:
            if names.get(key) is game:
                continue
            if key in names:
                raise ValueError(f"{key!r} names both {names[key].name} and {game.name}")
            names[key] = game
    return names


_NAMES = _index()


def known() -> str:
    """The names ``--game`` takes, for a message: each game with its PySolFC id."""
    return ", ".join(
        game.name + (f" ({game.pysol_id})" if game.pysol_id else "") for game in GAMES.values()
    )


def game_of(item: object) -> Descriptor | None:
    """The game whose game class (in either engine) ``item`` is an instance of, or
    ``None``. Only engines already imported are looked at, so that asking about a
    core game never imports the reference engine."""
    for game in GAMES.values():
        if game.engine != game.name:
            continue  # a variant shares its engine's classes
        for pieces in (game.core, game.reference):
            if pieces is None:
                continue
            module, _, name = pieces.game.partition(":")
            loaded = sys.modules.get(module)
            cls = None if loaded is None else getattr(loaded, name, None)
            if not isinstance(cls, type) or not isinstance(item, cls):
                continue
            # The class itself, or (the reference engine) the class a game of its
            # throw is played by, of its name; a game of one that plays more
            # than one says which (``game``).
            own = type(item) is cls or type(item).__name__ == cls.__name__
            played = pieces.plays or game.name
            if own and getattr(item, "game", played) == played:
                return game
    return None


def canonical_name(name: str) -> str | None:
    """The name of the game that ``name`` calls as :func:`find_game` reads it (its
    name, title, an alias or PySolFC's id, as :func:`spelled` writes each), or
    ``None``: how ``game=`` takes every name ``--game`` takes."""
    game = _NAMES.get(spelled(name))
    return None if game is None else game.name


def find_game(name: str) -> Descriptor:
    """The game called ``name``: its name, its title, an alias or PySolFC's id
    (case, surrounding white space and the gaps between words ignored, as
    :func:`spelled` writes a name), as ``Deal.from_pysol`` reads it.

    Raises:
        InvalidRulesError: no game has that name; the message lists the games.
        TypeError: ``name`` is not a ``str``.
    """
    if not isinstance(name, str):
        raise TypeError(f"game must be a str, not {type(name).__name__}")
    key = spelled(name)
    try:
        return _NAMES[key]
    except KeyError:
        pass
    from difflib import get_close_matches

    starting = [n for n in _NAMES if key and n.startswith(key)]
    near = [_NAMES[n].name for n in starting or get_close_matches(key, _NAMES, n=1, cutoff=0.6)]
    hint = f"; did you mean {near[0]}?" if near else ""
    raise InvalidRulesError(f"unknown game {shown(name)}{hint} (known: {known()})") from None


def markdown_table() -> str:
    """The games and what each can do, as a Markdown table (the docs' table of games):
    one column for what a game cannot do, since most games can do nearly everything."""
    head = ["game", "`--game`", "PySolFC", "rules", "cannot"]
    rows = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for game in GAMES.values():
        names = ", ".join(f"`{name}`" for name in (game.name, *game.aliases))
        lacks = [cap for cap in CAPABILITIES if not game.supports(cap)]
        cells = [
            f"[{game.title}]({game.docs.removeprefix('docs/')})",
            names,
            str(game.pysol_id or ""),
            ", ".join(game.rules),
            ", ".join(f"`{cap}`" for cap in lacks) or "—",
        ]
        rows.append("| " + " | ".join(cells) + " |")
    return "\n".join(rows)


if not TYPE_CHECKING:
    #: The values of each type written as a ``Literal`` for the type checker; the
    #: types themselves are made by ``__getattr__`` (``typing``'s, not tuples).
    _LITERALS = {
        "Capability": CAPABILITIES,
        "Engines": get_args(Engines),
        "RuleName": RULE_SETS,
        "LevelName": LEVELS,
        "AccordionStrategy": get_args(AccordionStrategy),
        "ThrowStrategy": _THROW_STRATEGIES,
    }
    for _name in _LITERALS:
        del globals()[_name]
    del _name, Literal, get_args

    def __getattr__(name: str) -> object:
        """``Capability`` (the type of :data:`CAPABILITIES`'s values), ``Engines``
        (``"core"`` or ``"reference"``), ``RuleName``, ``LevelName`` and the strategies' types,
        made when first asked for: ``typing``'s ``Literal`` of their values."""
        if name in _LITERALS:
            from typing import Literal

            globals()[name] = made = Literal[_LITERALS[name]]
            return made
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "ALL_RULE_SETS",
    "CAPABILITIES",
    "DEFAULT_GAME",
    "GAMES",
    "LEVELS",
    "RULE_SETS",
    "Capability",
    "Descriptor",
    "Engine",
    "Nouns",
    "Variant",
    "canonical_name",
    "find_game",
    "game_of",
    "known",
    "load",
    "markdown_table",
    "plural",
    "spelled",
]
