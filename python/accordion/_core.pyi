"""Type stubs for the Rust core (``accordion._core``).

The same API is implemented in pure Python by :mod:`accordion.reference`;
the test suite runs against both.
"""

from collections.abc import Callable, Iterable, Iterator
from typing import Literal, final

RuleName = Literal["modern", "strict", "strict-leap", "parlett"]

__version__: str
#: The most threads ``jobs`` may ask for (``docs/errors.md``).
MAX_JOBS: int

def _interrupt_all() -> int:
    """Stop every long call running now, in any thread (see :func:`accordion.interrupt`)."""

GradeName = Literal["win", "strong", "moral victory", "loss"]

@final
class Card:
    """One of the 52 cards. Frozen, hashable, ordered by :attr:`index`."""

    def __new__(cls, text: str) -> Card:
        """Same as :meth:`parse`."""
    @staticmethod
    def parse(text: str) -> Card:
        """Parse ``AS``, ``td``, ``10D``, ``7♥``; raise ``InvalidCardError`` otherwise."""
    @staticmethod
    def from_index(index: int) -> Card:
        """The card with index ``4 * rank + suit`` (rank 0 = ace … 12 = king; suits C D H S).

        An index outside 0 to 51 raises ``InvalidArgumentError``."""
    @property
    def rank(self) -> str:
        """``"A"``, ``"2"`` … ``"T"``, ``"J"``, ``"Q"``, ``"K"``."""
    @property
    def suit(self) -> str:
        """``"C"``, ``"D"``, ``"H"`` or ``"S"``."""
    @property
    def index(self) -> int: ...
    @property
    def is_red(self) -> bool: ...
    def agrees(self, other: Card) -> bool:
        """True when the two cards share a suit or a rank."""
    def __eq__(self, other: object, /) -> bool: ...
    def __lt__(self, other: Card, /) -> bool: ...
    def __le__(self, other: Card, /) -> bool: ...
    def __gt__(self, other: Card, /) -> bool: ...
    def __ge__(self, other: Card, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Move:
    """A move ``MOVER>TARGET`` (the two top cards), or dealing the next stock card."""

    def __new__(cls, mover: Card | str, target: Card | str) -> Move: ...
    @staticmethod
    def parse(text: str) -> Move:
        """Parse ``7H>7S``, ``7H-7S``, ``7H→7S``, ``7H on 7S`` or ``deal``.

        Raise ``InvalidMoveError`` otherwise.
        """
    @staticmethod
    def deal() -> Move:
        """The action of turning the next stock card (blind games)."""
    @property
    def mover(self) -> Card | None:
        """The top card of the pile that moves; ``None`` for a deal."""
    @property
    def target(self) -> Card | None:
        """The top card of the pile landed on; ``None`` for a deal."""
    @property
    def is_deal(self) -> bool: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Deal:
    """A row of 1 to 52 distinct cards, left to right (the first card is pile 1)."""

    def __new__(cls, cards: Iterable[Card | str]) -> Deal: ...
    @staticmethod
    def parse(text: str) -> Deal:
        """Cards separated by spaces and/or commas.

        Raise ``InvalidDealError`` or ``InvalidCardError`` otherwise.
        """
    @staticmethod
    def from_seed(seed: int, cards: int | None = None) -> Deal:
        """Numbered deal: SplitMix64(seed) drives a Fisher–Yates shuffle; the first
        ``cards`` (default 52) cards. ``seed`` 0 to 2**64 - 1 and ``cards`` 1 to 52,
        else ``InvalidArgumentError``."""
    @staticmethod
    def from_pysol(number: int | str, game: str | int | None = None) -> Deal:
        """The row PySolFC lays out for game ``number`` (``12345`` or ``"ms12345"``; 1 to
        10**20 - 1) of ``game`` (default ``"accordion"``; a name, PySolFC's title or its
        id: accordion 772, bayan 656, relaxed-accordion 773, 23-skidoo 883,
        accordions-revenge 811, royal-marriage 288). See docs/numberings.md."""
    @staticmethod
    def from_solvitaire(seed: int, game: str = "accordion") -> Deal:
        """The row ``solvitaire --type accordion|late-binding-solitaire --random SEED``
        solves (``game`` ``"accordion"``: 52 cards, ``"late-binding"``: 18)."""
    @staticmethod
    def from_knuth(seed: int, cards: int | None = None) -> Deal:
        """The first ``cards`` (default 18) cards of Knuth's Late Binding deal ``seed``
        (Stanford GraphBase ``gb_flip``)."""
    @staticmethod
    def random(cards: int | None = None) -> Deal:
        """A numbered deal with a fresh random seed (see :attr:`seed`)."""
    @property
    def cards(self) -> tuple[Card, ...]: ...
    @property
    def seed(self) -> int | None:
        """The seed of a numbered deal, else ``None``."""
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[Card]: ...
    def __getitem__(self, index: int, /) -> Card: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def _repr_svg_(self) -> str:
        """The row as an SVG picture (for Jupyter), drawn by :func:`accordion.svg`."""

@final
class Rules:
    """A rule set of docs/rules.md with its variant (two-way moves, distance set)."""

    def __new__(
        cls,
        name: RuleName | str | None = None,
        *,
        two_way: bool | None = None,
        distances: Iterable[int] | str | None = None,
        win_piles: int | None = None,
        goal: Card | str | None = None,
    ) -> Rules:
        """``distances`` defaults to ``(1, 3)``; text such as ``"2,3"`` is accepted.
        ``win_piles`` (default 1) is the piles a game is won at (PySolFC's 23 Skidoo: 2);
        ``goal`` a card that must end on top of the last pile (Accordion's Revenge): no
        move may land on it."""
    @staticmethod
    def from_pysol(game: str | int, number: int | str | None = None) -> Rules:
        """The rules PySolFC plays its ``game`` by (docs/numberings.md); Accordion's
        Revenge needs the game ``number`` for its goal card."""
    @property
    def win_piles(self) -> int: ...
    @property
    def goal(self) -> Card | None: ...
    @property
    def name(self) -> str: ...
    @property
    def two_way(self) -> bool: ...
    @property
    def distances(self) -> tuple[int, ...]:
        """Sorted, distinct, each 1 to 51."""
    @property
    def must_move(self) -> bool:
        """A move must be made whenever one exists (strict, strict-leap, parlett)."""
    @property
    def is_automatic(self) -> bool:
        """At most one legal action at any time (strict, strict-leap)."""
    @property
    def may_deal_while_move_exists(self) -> bool: ...
    def __getnewargs_ex__(self) -> tuple[tuple[str], dict[str, object]]:
        """Pickled as ``Rules(name, two_way=…, distances=…, win_piles=…, goal=…)``."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Outcome:
    """Where a game stands: piles left, grade, and whether it is over."""

    @property
    def piles(self) -> int: ...
    @property
    def grade(self) -> GradeName:
        """1 pile ``win``; 2–3 ``strong``; 4–5 ``moral victory``; more ``loss``."""
    @property
    def is_over(self) -> bool: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class LegalMoves:
    """A live view of the legal actions of a game (``deal`` included when allowed)."""

    def __contains__(self, move: object, /) -> bool: ...
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[Move]: ...
    def __bool__(self) -> bool: ...

@final
class Game:
    """A game of Accordion: a row of piles, maybe a stock, the rules and the history."""

    def __new__(
        cls, deal: Deal | str, rules: Rules | str | None = None, *, blind: bool = False
    ) -> Game:
        """A new game of ``deal``; ``rules`` default to ``modern``."""
    @property
    def rules(self) -> Rules: ...
    @property
    def starting_deal(self) -> Deal: ...
    @property
    def blind(self) -> bool: ...
    @property
    def legal_moves(self) -> LegalMoves: ...
    @property
    def piles(self) -> list[tuple[Card, ...]]:
        """Each pile bottom to top, left to right."""
    @property
    def tops(self) -> list[Card]: ...
    @property
    def stock_size(self) -> int: ...
    @property
    def history(self) -> list[Move]: ...
    @property
    def outcome(self) -> Outcome: ...
    @property
    def is_over(self) -> bool:
        """No legal action is left (no move, and no card to deal)."""
    def play(self, move: Move | str, /) -> Move:
        """Play a move or ``deal``; raise ``InvalidMoveError`` / ``IllegalMoveError``."""
    def deal(self) -> Move:
        """Turn the next stock card; raise ``IllegalMoveError`` when not allowed."""
    def undo(self) -> Move:
        """Take back the last action; raise ``NoMoveToUndoError`` (an ``IllegalMoveError``
        and an ``IndexError``) when there is none."""
    def copy(self) -> Game: ...
    def __copy__(self) -> Game: ...
    def __deepcopy__(self, memo: object, /) -> Game: ...
    def move_at(self, pile: int, distance: int) -> Move:
        """The move of pile ``pile`` (1-based) by ``distance`` (negative = rightwards)."""
    def hint(self, *, timeout: float | None = ...) -> Move | None:
        """A move that keeps a win in reach (or, when the row is lost, keeps the
        fewest reachable piles); ``None`` when no move is legal.

        The search gets ``timeout`` seconds (default 2; ``None``: no limit); when it
        runs out, the first move of the best line found so far. In a blind game the
        search knows the stock order (it is clairvoyant).
        """
    def _repr_svg_(self) -> str:
        """The row (and a blind game's stock) as an SVG picture, drawn by :func:`accordion.svg`."""

ResultName = Literal["win", "loss", "unknown"]

@final
class Solution:
    """What the solver found for one row."""

    @property
    def deal(self) -> str:
        """The row solved (top cards, left to right)."""
    @property
    def result(self) -> ResultName:
        """``win``; ``loss`` (proved by exhaustive search); ``unknown`` (a budget ran out)."""
    @property
    def moves(self) -> tuple[Move, ...]:
        """A winning line; or a line reaching the fewest piles (``loss``) or the best found."""
    @property
    def piles(self) -> int:
        """Piles at the end of :attr:`moves`: 1 for a win, exact fewest for a loss."""
    @property
    def nodes(self) -> int: ...
    @property
    def seconds(self) -> float: ...
    def to_dict(self) -> dict[str, object]:
        """The JSON object of docs/contract.md."""
    @staticmethod
    def from_dict(data: dict[str, object]) -> Solution:
        """The solution whose :meth:`to_dict` is ``data`` (read back from JSON).

        Pickling goes through the same pair, so solutions cross processes (Dask).
        """

def pysol_goal(number: int | str) -> Card:
    """The goal card of PySolFC's Accordion's Revenge game ``number``: it must end on top
    of the last pile."""

LevelName = Literal["easy", "medium", "hard"]

def winnable_deal(
    *,
    seed: int | None = None,
    rules: Rules | str | None = None,
    blind: bool = False,
    cards: int | None = None,
    tries: int | None = None,
    jobs: int | None = None,
) -> Deal:
    """The first numbered deal from ``seed`` on (default: a random start below 2**32) that
    ``rules`` win: the forced game for ``strict``/``strict-leap``; for ``parlett`` the best
    line (blind: with the stock order known); for ``modern`` the solver's open row. Its
    :attr:`Deal.seed` is its number. Raise ``InvalidRulesError`` when no row of that length
    can be won, or none is within ``tries`` numbers (default 100,000). Releases the GIL;
    Ctrl-C stops it. See docs/winnable.md."""

@final
class Rating:
    """The solver's difficulty rating of an open deal (docs/difficulty.md)."""

    @property
    def result(self) -> ResultName:
        """``win``; ``loss`` (unwinnable); ``unknown`` (undecided within the budget)."""
    @property
    def nodes(self) -> int:
        """Positions the solver visited to decide the deal."""
    @property
    def difficulty(self) -> float | None:
        """``log2(nodes / cards)`` for a winnable deal, else ``None``."""
    @property
    def level(self) -> LevelName | None:
        """``easy`` (difficulty below 3.5), ``medium`` (below 6.5) or ``hard``; ``None``
        unless winnable."""
    def to_dict(self) -> dict[str, object]: ...

def rate(deal: Deal | str, *, rules: Rules | str | None = None) -> Rating:
    """Rate an open deal under ``rules`` (default ``modern``; ``parlett`` too; the forced rule
    sets are refused). Releases the GIL; Ctrl-C stops it."""

def difficulty_deal(
    level: LevelName | str,
    *,
    seed: int | None = None,
    cards: int | None = None,
    rules: Rules | str | None = None,
    tries: int | None = None,
    jobs: int | None = None,
) -> Deal:
    """The first numbered deal from ``seed`` on (default: a random start) rated ``level``;
    ``InvalidRulesError`` if none within ``tries`` numbers (default 10,000)."""

def solve(
    position: Deal | Game | str,
    *,
    rules: Rules | str | None = None,
    max_nodes: int | None = None,
    timeout: float | None = None,
    memory: int | None = None,
) -> Solution:
    """Solve an open row (or the current row of a game) exhaustively.

    ``rules`` defaults to the game's rules, else ``modern``. ``max_nodes`` at
    least 1, ``timeout`` positive seconds (``inf``: none), ``memory`` (the bound of
    the transposition table in bytes) at least 1 MiB, else ``InvalidArgumentError``.
    Releases the GIL; Ctrl-C stops it, from any thread (``KeyboardInterrupt``).
    """

def solve_many(
    deals: Iterable[Deal | str],
    *,
    rules: Rules | str | None = None,
    jobs: int | None = None,
    max_nodes: int | None = None,
    timeout: float | None = None,
    memory: int | None = None,
) -> list[Solution]:
    """Solve many rows on ``jobs`` threads (default: one per core; 1 to ``MAX_JOBS``);
    results in input order, the same for any ``jobs``."""

# ---------------------------------------------------------------- Royal Marriage
# docs/royal-marriage.md; the reference twin is accordion.reference.royal.

RoyalRuleName = Literal["modern", "parlett"]
RoyalMoveKind = Literal["out", "between", "deal"]
RoyalStrategy = Literal["greedy", "best"]

@final
class RoyalMove:
    """A throw named by its cards (``out 5D``, ``out 5D 7C``), by the agreeing pair
    around it (``between 3S 9S``), or ``deal``. ``str`` round-trips through ``parse``."""

    def __new__(cls, text: str) -> RoyalMove:
        """Same as :meth:`parse`."""
    @staticmethod
    def parse(text: str) -> RoyalMove:
        """``out 5D 7C``, ``5D 7C out``, ``x5D,7C``, ``between 3S 9S``, ``3S..9S`` or
        ``deal``; raise ``InvalidMoveError`` otherwise."""
    @staticmethod
    def deal() -> RoyalMove: ...
    @property
    def kind(self) -> RoyalMoveKind: ...
    @property
    def cards(self) -> tuple[Card, ...]:
        """The thrown cards (``out``), the pair around them (``between``), or none."""
    @property
    def is_deal(self) -> bool: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class RoyalOutcome:
    """Where a Royal Marriage game stands; ``cards`` counts the cards not thrown out."""

    @property
    def cards(self) -> int: ...
    @property
    def piles(self) -> int:
        """The same as :attr:`cards`."""
    @property
    def won(self) -> bool:
        """Only the queen and the king of hearts are left."""
    @property
    def grade(self) -> Literal["win", "loss"]: ...
    @property
    def is_over(self) -> bool: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class RoyalGame:
    """A game of Royal Marriage, open or blind (the deal is then the stock, QH first).

    ``rules`` matter in blind play only: ``modern`` lets the player deal while a
    throw exists, ``parlett`` obliges a throw first."""

    def __new__(
        cls,
        deal: Deal | str,
        rules: RoyalRuleName | Rules | str | None = None,
        *,
        blind: bool = False,
    ) -> RoyalGame:
        """``deal`` must start with QH and end with KH (``InvalidDealError``)."""
    @property
    def rules(self) -> RoyalRuleName: ...
    @property
    def starting_deal(self) -> Deal: ...
    @property
    def blind(self) -> bool: ...
    @property
    def legal_moves(self) -> list[RoyalMove]:
        """The throws by position of the first thrown card (one card before two), then ``deal``."""
    @property
    def cards(self) -> list[Card]:
        """The row, left to right."""
    @property
    def tops(self) -> list[Card]:
        """The same as :attr:`cards`."""
    @property
    def piles(self) -> list[tuple[Card, ...]]:
        """One one-card pile per card, for code written for :class:`Game`."""
    @property
    def stock_size(self) -> int: ...
    @property
    def history(self) -> list[RoyalMove]: ...
    @property
    def outcome(self) -> RoyalOutcome: ...
    @property
    def is_over(self) -> bool: ...
    def play(self, move: RoyalMove | str, /) -> RoyalMove:
        """Play a throw or ``deal``; return it in canonical notation; raise
        ``InvalidMoveError`` / ``IllegalMoveError``."""
    def deal(self) -> RoyalMove: ...
    def undo(self) -> RoyalMove:
        """Take back the last action; raise ``NoMoveToUndoError`` when there is none."""
    def hint(self, *, timeout: float | None = None) -> RoyalMove | None:
        """The next action of best play; ``None`` when the game is over. The exact
        solver takes microseconds: ``timeout`` is checked as for ``Game.hint``, never binds."""
    def copy(self) -> RoyalGame: ...
    def __copy__(self) -> RoyalGame: ...
    def __deepcopy__(self, memo: object, /) -> RoyalGame: ...
    def _repr_svg_(self) -> str:
        """The row (and a blind game's stock) as an SVG picture, drawn by :func:`accordion.svg`."""

@final
class RoyalSolution:
    """What the Royal Marriage solver found for one row."""

    @property
    def deal(self) -> str: ...
    @property
    def result(self) -> ResultName: ...
    @property
    def moves(self) -> tuple[RoyalMove, ...]:
        """A winning line, or a line to the fewest cards (or the greedy line if ``unknown``)."""
    @property
    def cards(self) -> int: ...
    @property
    def piles(self) -> int:
        """The same as :attr:`cards`: 2 for a win."""
    @property
    def nodes(self) -> int:
        """Intervals examined by the interval solver."""
    @property
    def seconds(self) -> float: ...
    def to_dict(self) -> dict[str, object]:
        """The JSON object of docs/contract.md, plus ``game`` and ``cards``."""

@final
class RoyalStats:
    """Totals of :func:`simulate_royal`: the attributes of :class:`Stats` (piles =
    cards left, a win is the royal pair alone), without ``grades``."""

    @property
    def rules(self) -> RoyalRuleName: ...
    @property
    def strategy(self) -> RoyalStrategy: ...
    @property
    def blind(self) -> bool: ...
    @property
    def cards(self) -> int: ...
    @property
    def deals(self) -> int: ...
    @property
    def seed(self) -> int: ...
    @property
    def wins(self) -> int: ...
    @property
    def win_rate(self) -> float: ...
    @property
    def ci95(self) -> tuple[float, float]:
        """The 95% Wilson score interval of the win rate."""
    @property
    def mean_piles(self) -> float:
        """Mean cards left."""
    @property
    def mean_cards(self) -> float:
        """Deprecated (``DeprecationWarning``): :attr:`mean_piles`."""
    @property
    def histogram(self) -> dict[int, int]:
        """Cards left → games, increasing, only the counts that occurred."""
    @property
    def seconds(self) -> float: ...
    def to_dict(self) -> dict[str, object]:
        """The ``stats`` JSON object of docs/contract.md (piles = cards), as ``Stats.to_dict``
        writes it (``mode``, ``cards`` …), with ``game`` besides."""

def royal_deal(seed: int, cards: int | None = None) -> Deal:
    """Numbered Royal Marriage deal: QH, the first ``cards - 2`` other cards of
    ``Deal.from_seed(seed)`` (QH and KH skipped), KH."""

def solve_royal(
    position: Deal | RoyalGame | str,
    *,
    rules: RoyalRuleName | Rules | str | None = None,
    max_nodes: int | None = None,
    timeout: float | None = None,
    memory: int | None = None,
) -> RoyalSolution:
    """Solve an open Royal Marriage row (or a game's current row) exactly.

    The arguments of :func:`solve`, checked alike: ``rules`` ``modern`` or ``parlett``
    (the same for an open row); ``memory`` is checked but the interval solver
    needs no table. Releases the GIL; Ctrl-C stops it."""

def simulate_royal(
    *,
    deals: int,
    rules: RoyalRuleName | Rules | str | None = None,
    strategy: RoyalStrategy | str | None = None,
    seed: int | None = None,
    cards: int | None = None,
    blind: bool | None = None,
    jobs: int | None = None,
    progress: Callable[[int], object] | None = None,
) -> RoyalStats:
    """Play numbered deals ``seed … seed+deals-1`` (the arguments of :func:`simulate`;
    ``strategy`` defaults to ``greedy``, ``blind`` to False, ``cards`` 2 to 52).

    Deterministic for a seed whatever ``jobs`` is; releases the GIL; Ctrl-C stops
    it, from any thread. ``simulate_royal(deals, ...)``, the old signature, still
    works with a ``DeprecationWarning``."""

StrategyName = Literal[
    "forced",
    "slide-first",
    "leap-first",
    "sweepers",
    "random",
    "parlett-agent",
    "solver",
    "clairvoyant",
]

@final
class Stats:
    """The figures of a simulation (docs/contract.md, ``stats``)."""

    @property
    def rules(self) -> str: ...
    @property
    def strategy(self) -> str: ...
    @property
    def blind(self) -> bool: ...
    @property
    def cards(self) -> int: ...
    @property
    def deals(self) -> int: ...
    @property
    def seed(self) -> int: ...
    @property
    def wins(self) -> int: ...
    @property
    def win_rate(self) -> float: ...
    @property
    def ci95(self) -> tuple[float, float]:
        """95% Wilson score interval of the win rate."""
    @property
    def mean_piles(self) -> float: ...
    @property
    def histogram(self) -> dict[int, int]:
        """Final piles → deals, increasing, only the counts that occurred."""
    @property
    def grades(self) -> dict[str, float]:
        """Share of deals per grade: win, strong, moral victory, loss."""
    @property
    def seconds(self) -> float: ...
    def to_dict(self) -> dict[str, object]:
        """The JSON object of docs/contract.md, with ``mode``, ``cards`` and ``grades`` besides."""
    @staticmethod
    def from_histogram(
        histogram: dict[int, int],
        rules: Rules | str,
        strategy: StrategyName | str,
        blind: bool,
        cards: int,
        seed: int,
        seconds: float = 0.0,
    ) -> Stats:
        """The figures of a histogram of final piles (piles → deals) of the deals
        ``seed …``, computed as :func:`simulate` computes them.

        Runs over adjacent seed ranges combine by adding their histograms; this is
        how :mod:`accordion.batch` merges chunks and how pickling rebuilds a
        ``Stats``.
        """

def simulate(
    *,
    deals: int,
    rules: Rules | str | None = None,
    strategy: StrategyName | str | None = None,
    seed: int | None = None,
    cards: int | None = None,
    blind: bool | None = None,
    jobs: int | None = None,
    progress: Callable[[int], object] | None = None,
) -> Stats:
    """Play numbered deals ``seed … seed+deals-1`` with ``strategy`` under ``rules``
    (default ``modern``).

    ``deals`` at least 1, ``seed`` (default 1) 0 to 2**64 - 1 with the last deal
    number ``seed + deals - 1`` at most 2**64 - 1, ``cards`` 1 to 52, ``jobs`` 1 to
    ``MAX_JOBS`` (default: one per core), else ``InvalidArgumentError``.
    The strategy defaults to what the rules force (``strict``, ``strict-leap``),
    the agent under ``parlett`` and greedy ``slide-first`` under ``modern``;
    ``blind`` defaults to True except for ``sweepers`` and ``solver`` (plans for
    open rows).
    Deterministic for a seed whatever ``jobs`` is; releases the GIL; Ctrl-C stops
    it; ``progress`` is called with the number of deals finished so far.
    """
