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
>>> game.name, game.title, game.nouns.piece, game.supports("hunt"), game.supports("choose")
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

import importlib
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal, get_args

from accordion.errors import InvalidArgumentError, InvalidRulesError

#: What a game may be able to do (each is refused, naming the game, where it cannot):
#: ``solve`` decide open deals; ``stats`` simulate numbered deals with a strategy;
#: ``each`` play given deals one by one (``stats --each``); ``rate`` rate difficulty;
#: ``hunt`` look for unwinnable numbered deals;
#: ``play`` the text UI; ``batch`` ``solve --scheduler`` and ``--checkpoint``;
#: ``stats-batch`` the same for ``stats``; ``variant``
#: ``--two-way`` and ``--distances``; ``choose`` ``deal --winnable``/``--difficulty``;
#: ``numberings`` Solvitaire's and Knuth's numbered deals.
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
CAPABILITIES: tuple[Capability, ...] = get_args(Capability)

#: The rule sets of docs/rules.md.
RULE_SETS = ("modern", "strict", "strict-leap", "parlett")
#: Every game's rule sets: Accordion's and Accordian Patience's judge's (docs/accordian.md).
ALL_RULE_SETS = (*RULE_SETS, "uva")

Engines = Literal["core", "reference"]


@dataclass(frozen=True)
class Nouns:
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


@dataclass(frozen=True)
class Variant:
    """The variant flags a game fixes (a PySolFC game played by another game's engine)."""

    two_way: bool = False
    distances: str = "1,3"
    #: Won at this many piles or fewer (``None``: the engine's own win).
    win_piles: int | None = None
    #: The goal card comes from PySolFC's game number (Accordion's Revenge).
    goal_from_pysol: bool = False


@dataclass(frozen=True)
class Engine:
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


def load(reference: str) -> Any:
    """The object that ``"module:attribute"`` names."""
    module, _, name = reference.partition(":")
    return getattr(importlib.import_module(module), name)


@dataclass(frozen=True)
class Descriptor:
    """One game: what it is called, where its engines are, what it can do."""

    #: The name ``--game`` takes and JSON's ``"game"`` field gives.
    name: str
    #: The name in prose.
    title: str
    #: A line on what the game is (for help texts and the docs' table).
    summary: str
    #: Other names ``--game`` takes (PySolFC's id is one).
    aliases: tuple[str, ...] = ()
    #: PySolFC's id of the game, if PySolFC has it.
    pysol_id: int | None = None
    #: The game whose engine plays it (itself, or the game it is a variant of).
    engine: str = ""
    #: The pieces in the Rust core and in the reference engine.
    core: Engine | None = None
    reference: Engine | None = None
    #: The text UI's session class, ``"module:attribute"``.
    session: str = ""
    #: The rule sets it is played under; the first is the default.
    rules: tuple[str, ...] = ("modern",)
    #: The rule sets ``solve`` takes for an open row.
    solve_rules: tuple[str, ...] = ("modern",)
    #: The strategies ``stats`` plays (the first is the default), if any.
    strategies: tuple[str, ...] = ()
    nouns: Nouns = field(default_factory=Nouns)
    #: The variant flags it fixes, for a game played by another's engine.
    variant: Variant | None = None
    #: Each capability it lacks, with the reason.
    refuses: Mapping[Capability, str] = field(default_factory=dict)
    #: How many pieces are left when the game is won.
    won_at: int = 1
    #: The docs page that describes it.
    docs: str = "docs/rules.md"

    def __post_init__(self) -> None:
        if not self.engine:
            object.__setattr__(self, "engine", self.name)
        unknown = set(self.refuses) - set(CAPABILITIES)
        if unknown:
            raise ValueError(f"{self.name}: unknown capabilities {sorted(unknown)}")

    def supports(self, capability: Capability) -> bool:
        """Whether ``capability`` (one of :data:`CAPABILITIES`) applies to the game."""
        return capability not in self.refuses

    def require(self, capability: Capability, command: str) -> None:
        """Refuse ``capability`` with the game's reason (``InvalidArgumentError``
        naming the game), unless the game has it.

        >>> find_game("bayan").require("choose", "deal")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        accordion.errors.InvalidArgumentError: deal --game bayan: --winnable and --difficulty...
        """
        if capability in self.refuses:
            raise InvalidArgumentError(
                f"{command} --game {self.name}: {self.refuses[capability]}", "game"
            )

    def check_rules(self, rules: str, command: str, allowed: tuple[str, ...] | None = None) -> None:
        """Refuse a rule set the game is not played under (``allowed``: this command's)."""
        allowed = self.rules if allowed is None else allowed
        if rules not in allowed:
            raise InvalidArgumentError(
                f"{command} --game {self.name}: {self.title} takes --rules "
                f"{' or '.join(allowed)}, not --rules {rules}",
                "rules",
            )

    def pieces(self, engine: Engines = "core") -> Engine:
        """Where ``engine`` keeps the game's pieces."""
        pieces = self.core if engine == "core" else self.reference
        if pieces is None:
            raise InvalidArgumentError(f"the {engine} engine does not play {self.title}", "game")
        return pieces

    def game_class(self, engine: Engines = "core") -> Any:
        """The class of a game in progress: ``cls(deal, rules, *, blind=False)``."""
        return load(self.pieces(engine).game)

    def solver(self, engine: Engines = "core") -> Callable[..., Any]:
        """The exact solver of an open row."""
        solve: Callable[..., Any] = load(self.pieces(engine).solve)
        return solve

    def numbered(self, engine: Engines = "core") -> Callable[[int, int], Any]:
        """Numbered deal ``(seed, cards)`` of this game."""
        deal: Callable[[int, int], Any] = load(self.pieces(engine).deal)
        return deal

    def move_class(self, engine: Engines = "core") -> Any:
        """The move class (``parse``, and ``str`` that round-trips)."""
        return load(self.pieces(engine).move)

    def simulator(self) -> Callable[..., Any]:
        """The core's statistics over numbered deals (refused where there is none):
        one call plays a whole range; :func:`accordion.batch.simulate` cuts it into
        chunks of such calls."""
        self.require("stats", "stats")
        reference = self.pieces("core").simulate
        if reference is None:
            raise InvalidArgumentError(f"stats --game {self.name}: no simulation", "game")
        simulate: Callable[..., Any] = load(reference)
        return simulate

    def stats_class(self) -> Any:
        """The class of the core's statistics (``from_histogram``)."""
        return load(self.pieces("core").stats)

    @property
    def plays_accordion(self) -> bool:
        """Whether Accordion's engine plays the game (its rules are ``Rules`` with
        variant flags; its batches run on the core's ``solve_many``)."""
        return self.engine == "accordion"

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
        return f"{count:,} {word}{'' if count == 1 else 's'}"


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
    "choose": "--winnable and --difficulty draw Accordion deals; drop --game",
    "numberings": "Solvitaire's and Knuth's deals are Accordion rows; drop --game",
}


def _variant(
    name: str, title: str, summary: str, pysol_id: int, variant: Variant, **more: Any
) -> Descriptor:
    """A PySolFC game that is Accordion under fixed variant flags."""
    return Descriptor(
        name=name,
        title=title,
        summary=summary,
        pysol_id=pysol_id,
        engine="accordion",
        core=ACCORDION_CORE,
        reference=ACCORDION_REFERENCE,
        session=ACCORDION_SESSION,
        rules=RULE_SETS,
        solve_rules=ACCORDION_SOLVE_RULES,
        variant=variant,
        docs="docs/numberings.md",
        **{"refuses": _VARIANT_REFUSES, **more},
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
            deal=f"accordion._core:{deal}" if deal else "accordion.games:seeded_deal",
            move=f"accordion._core:{move}",
        ),
        Engine(
            game=f"{module}:{game}",
            solve=f"{module}:{solve}",
            deal=f"{module}:{deal}" if deal else "accordion.games:reference_seeded_deal",
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
    **described: Any,
) -> Descriptor:
    """A throw game whose pieces are named alike in every layer: ``{kind}Game``,
    ``solve_{functions}``, ``simulate_{functions}`` … (``functions``: by default
    ``module``) in the core and in ``accordion.reference.{module}``, its table
    session in ``accordion.play.{module}`` (``deal``: its own numbered deals;
    ``named_rules``: its solver takes rule sets by name only, none of them an
    Accordion ``Rules``)."""
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
        engines = tuple(replace(engine, rules="builtins:str") for engine in engines)
    return Descriptor(
        core=engines[0],
        reference=engines[1],
        session=f"accordion.play.{module}:{kind}Session",
        strategies=("greedy", "best"),
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
        },
    ),
)

_CORE, ACCORDION_REFERENCE = _engines(
    "accordion.reference", "Game", "solve", "Move", simulate="simulate"
)
#: Accordion's pieces in the core: the core solves many rows at once on all cores.
ACCORDION_CORE = replace(_CORE, solve_many="accordion._core:solve_many")
ACCORDION_SESSION = "accordion.play.accordion:Session"
ACCORDION_SOLVE_RULES = ("modern", "parlett")

#: Every game, by name (``--game`` takes a name, an alias or PySolFC's id).
GAMES: dict[str, Descriptor] = {
    game.name: game
    for game in (
        Descriptor(
            name="accordion",
            title="Accordion",
            summary="piles move onto the pile one or three to the left when the top "
            "cards agree in suit or rank; won at one pile",
            aliases=("idle-year", "tower-of-babel", "leapfrog"),
            pysol_id=772,
            core=ACCORDION_CORE,
            reference=ACCORDION_REFERENCE,
            session=ACCORDION_SESSION,
            rules=RULE_SETS,
            solve_rules=ACCORDION_SOLVE_RULES,
            strategies=(
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
            ),
        ),
        _variant(
            "relaxed-accordion",
            "Relaxed Accordion",
            "PySolFC's two-way Accordion: piles also move rightwards",
            773,
            Variant(two_way=True),
        ),
        _variant(
            "23-skidoo",
            "23 Skidoo",
            "PySolFC's Accordion with moves two or three places, won at two piles",
            883,
            Variant(distances="2,3", win_piles=2),
            refuses={**_VARIANT_REFUSES, **_OWN_WIN},
            won_at=2,
        ),
        _variant(
            "accordions-revenge",
            "Accordion's Revenge",
            "PySolFC's Accordion whose goal card, drawn from the game number, "
            "must end on top of the last pile",
            811,
            Variant(goal_from_pysol=True),
            refuses={
                **_VARIANT_REFUSES,
                **_OWN_WIN,
                "hunt": "its goal card comes from one PySolFC game number; "
                "hunt solves numbered deals",
            },
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
            nouns=Nouns(piece="card", move="throw", node="interval", separator=", "),
            won_at=2,
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
            solve_rules=("modern", "uva"),
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
                **{"title": kind, **described},
            )
            for kind, name, described in _RUN_GAMES
        ),
    )
}


def seeded_deal(seed: int, cards: int) -> Any:
    """Numbered deal ``seed`` of ``cards`` cards (the core's ``Deal.from_seed``)."""
    from accordion._core import Deal

    return Deal.from_seed(seed, cards)


def reference_seeded_deal(seed: int, cards: int) -> Any:
    """Numbered deal ``seed`` of ``cards`` cards (the reference engine's ``Deal.from_seed``)."""
    from accordion.reference import Deal

    return Deal.from_seed(seed, cards)


def _index() -> dict[str, Descriptor]:
    names: dict[str, Descriptor] = {}
    for game in GAMES.values():
        keys = (game.name, *game.aliases, *([str(game.pysol_id)] if game.pysol_id else []))
        for key in keys:
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
            if loaded is not None and type(item) is getattr(loaded, name, None):
                return game
    return None


def find_game(name: str) -> Descriptor:
    """The game called ``name``: its name, an alias or PySolFC's id (case and
    surrounding white space ignored).

    Raises:
        InvalidRulesError: no game has that name; the message lists the games.
        TypeError: ``name`` is not a ``str``.
    """
    if not isinstance(name, str):
        raise TypeError(f"game must be a str, not {type(name).__name__}")
    key = name.strip().lower()
    try:
        return _NAMES[key]
    except KeyError:
        raise InvalidRulesError(f"unknown game {name!r} (known: {known()})") from None


def markdown_table() -> str:
    """The games and what each can do, as a Markdown table (the docs' table of games)."""
    head = ["game", "`--game`", "PySolFC", "rules", *CAPABILITIES]
    rows = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for game in GAMES.values():
        names = ", ".join(f"`{name}`" for name in (game.name, *game.aliases))
        cells = [
            f"[{game.title}]({game.docs.removeprefix('docs/')})",
            names,
            str(game.pysol_id or ""),
            ", ".join(game.rules),
            *("yes" if game.supports(cap) else "no" for cap in CAPABILITIES),
        ]
        rows.append("| " + " | ".join(cells) + " |")
    return "\n".join(rows)


__all__ = [
    "ALL_RULE_SETS",
    "CAPABILITIES",
    "GAMES",
    "RULE_SETS",
    "Capability",
    "Descriptor",
    "Engine",
    "Nouns",
    "Variant",
    "find_game",
    "game_of",
    "known",
    "load",
    "markdown_table",
]
