"""The hunt for an unwinnable deal: solve numbered open deals, keep what is not won.

No shuffled 52-card deal is known to be unwinnable under the modern rules. A hunt
solves deals ``seed … seed + count - 1`` exhaustively (on this machine or a Dask
cluster, resumable: see :mod:`accordion.batch`) and reports every deal that is
not won, the hardest deals, and how small the share of unwinnable deals must
be, given what was seen:

>>> from accordion.batch.hunt import hunt
>>> found = hunt(1, 20, chunk=8)
>>> found.deals, found.wins, found.non_wins
(20, 20, [])
>>> round(found.p_unwinnable_upper95, 6)  # 1 - 0.025 ** (1 / 20)
0.168433

The bound is the exact (Clopper–Pearson) one-sided 97.5% limit, the upper end
of the two-sided 95% interval, for the count of non-wins: a deal left
``unknown`` by a budget counts as possibly unwinnable, so the bound holds
whatever those deals are.
"""

from __future__ import annotations

import functools
import heapq
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from accordion import _local
from accordion.batch import (
    Budget,
    Chunk,
    Codec,
    SeedRange,
    SeedRanges,
    Solving,
    deal_maker,
    default_numbering,
    solution_class,
    solve_chunk,
)
from accordion.intervals import clopper_pearson_upper

if TYPE_CHECKING:
    from typing_extensions import Unpack

    from accordion.batch import SolveOptions

#: Deals per chunk by default: about ten seconds of one core on 52-card deals.
HUNT_CHUNK = _local.HUNT_CHUNK

#: How many of the hardest deals a hunt keeps.
HARDEST = 10


def _hardness(entry: dict[str, Any]) -> tuple[int, int]:
    """Most nodes first; equal node counts by deal number (deterministic)."""
    return (-entry["nodes"], entry["seed"])


@dataclass
class Hunt:
    """What a hunt found. ``non_wins`` and ``hardest`` are JSON-ready dictionaries:
    ``{"seed", "deal", "result", "piles", "moves", "nodes", "seconds"}`` and
    ``{"seed", "nodes", "seconds"}``."""

    seed: int
    cards: int
    rules: str
    #: The game hunted (a name of :mod:`accordion.games`).
    game: str = "accordion"
    deals: int = 0
    wins: int = 0
    losses: int = 0
    unknown: int = 0
    non_wins: list[dict[str, Any]] = field(default_factory=list)
    hardest: list[dict[str, Any]] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def p_unwinnable_upper95(self) -> float:
        """The exact 95% upper bound on the share of unwinnable deals."""
        return clopper_pearson_upper(self.losses + self.unknown, self.deals)

    def add(self, part: Hunt) -> None:
        """Take in the hunt of the next chunk (chunks are added in order)."""
        self.deals += part.deals
        self.wins += part.wins
        self.losses += part.losses
        self.unknown += part.unknown
        self.non_wins.extend(part.non_wins)
        self.hardest = heapq.nsmallest(HARDEST, self.hardest + part.hardest, key=_hardness)
        self.seconds += part.seconds

    def to_dict(self) -> dict[str, Any]:
        """The ``hunt --json`` object (SPEC §5); ``game`` for every game but the
        one that goes unnamed (:attr:`~accordion.games.Descriptor.unnamed`), as
        its solutions have."""
        from accordion.games import find_game

        return {
            **({} if find_game(self.game).unnamed else {"game": self.game}),
            "rules": self.rules,
            "cards": self.cards,
            "seed": self.seed,
            "deals": self.deals,
            "wins": self.wins,
            "losses": self.losses,
            "unknown": self.unknown,
            "non_wins": self.non_wins,
            "hardest": self.hardest,
            "p_unwinnable_upper95": self.p_unwinnable_upper95,
            "seconds": self.seconds,
        }


def hunt_chunk(
    chunk: Chunk,
    rules: Any,
    budget: Budget,
    progress: Callable[[int], object] | None = None,
    game: str = "accordion",
) -> Hunt:
    """Solve one seed range with the game's exact solver (:func:`~accordion.batch.solve_chunk`)
    and keep only what a hunt reports (runs on a worker); ``progress`` is told how
    many of its deals are solved so far."""
    if not isinstance(chunk, SeedRange):
        raise TypeError("a hunt runs over ranges of numbered deals (SeedRange)")
    start = time.monotonic()
    solutions = solve_chunk(chunk, rules, budget, progress, game)
    part = Hunt(
        seed=chunk.start, cards=chunk.cards, rules=str(rules), game=game, deals=len(solutions)
    )
    scored = []
    for number, solution in zip(chunk.numbers(), solutions, strict=True):
        scored.append({"seed": number, "nodes": solution.nodes, "seconds": solution.seconds})
        if solution.result == "win":
            part.wins += 1
            continue
        if solution.result == "loss":
            part.losses += 1
        else:
            part.unknown += 1
        part.non_wins.append({"seed": number, **solution.to_dict()})
    part.hardest = heapq.nsmallest(HARDEST, scored, key=_hardness)
    part.seconds = time.monotonic() - start
    return part


def _encode(part: Hunt) -> dict[str, Any]:
    return {
        "deals": part.deals,
        "wins": part.wins,
        "losses": part.losses,
        "unknown": part.unknown,
        "non_wins": part.non_wins,
        "hardest": part.hardest,
        "seconds": part.seconds,
    }


def _decoder(rules: str, game: str) -> Callable[[dict[str, Any], Chunk], Hunt]:
    def decode(data: dict[str, Any], chunk: Chunk) -> Hunt:
        if not isinstance(chunk, SeedRange):
            raise TypeError("a hunt runs over ranges of numbered deals (SeedRange)")
        if not isinstance(data, dict) or set(data) != set(_FIELDS):
            raise ValueError("not a hunt's figures")
        part = Hunt(seed=chunk.start, cards=chunk.cards, rules=rules, game=game, **data)
        _check_part(part, chunk)
        return part

    return decode


_FIELDS = ("deals", "wins", "losses", "unknown", "non_wins", "hardest", "seconds")


def _check_part(part: Hunt, chunk: SeedRange) -> None:
    """A chunk's hunt read back is one of ``chunk``: its counts add up to its deals,
    each non-win is a solution of its numbered deal, the hardest are its deals."""
    counts = (part.deals, part.wins, part.losses, part.unknown)
    if not all(type(n) is int and n >= 0 for n in counts):
        raise ValueError("counts that are not whole numbers")
    if part.deals != len(chunk) or part.wins + part.losses + part.unknown != part.deals:
        raise ValueError(
            f"{part.wins} won, {part.losses} lost and {part.unknown} unknown of "
            f"{part.deals} deals, for a chunk of {len(chunk)}"
        )
    if not isinstance(part.non_wins, list) or len(part.non_wins) != part.losses + part.unknown:
        raise ValueError("the non-wins do not match the losses and unknowns")
    numbers = chunk.numbers()
    kind, numbered = solution_class(part.game), deal_maker(chunk.numbering)
    verdicts = {"loss": 0, "unknown": 0}
    for entry in part.non_wins:
        if not isinstance(entry, dict) or entry.get("seed") not in numbers:
            raise ValueError("a non-win that is not a deal of the chunk")
        solution = kind.from_dict({k: v for k, v in entry.items() if k != "seed"})
        if solution.result not in verdicts or set(entry) != {"seed", *solution.to_dict()}:
            raise ValueError(f"non-win {entry['seed']}: not a loss or unknown")
        if solution.to_dict().get("game") != entry.get("game"):
            raise ValueError(f"non-win {entry['seed']}: not a solution of {part.game}")
        if solution.deal != str(numbered(entry["seed"], chunk.cards)):
            raise ValueError(f"non-win {entry['seed']}: the line of another deal")
        verdicts[solution.result] += 1
    if (verdicts["loss"], verdicts["unknown"]) != (part.losses, part.unknown):
        raise ValueError("the non-wins do not match the losses and unknowns")
    hardest = part.hardest
    if not isinstance(hardest, list) or len(hardest) != min(HARDEST, part.deals):
        raise ValueError("not the hardest deals of the chunk")
    for entry in hardest:
        if not isinstance(entry, dict) or set(entry) != {"seed", "nodes", "seconds"}:
            raise ValueError("a hardest deal that is not one")
        if entry["seed"] not in numbers or type(entry["nodes"]) is not int:
            raise ValueError("a hardest deal that is not a deal of the chunk")
    if not isinstance(part.seconds, (int, float)) or not part.seconds >= 0:
        raise ValueError("a time that is not a number of seconds")


def hunt(
    seed: int,
    count: int,
    *,
    cards: int = 52,
    numbering: str | None = None,
    chunk: int = HUNT_CHUNK,
    **options: Unpack[SolveOptions],
) -> Hunt:
    """Solve numbered open deals ``seed … seed + count - 1`` and report the non-wins.

    The arguments are those of :func:`accordion.batch.solve_range`; ``game=`` hunts
    another game of :mod:`accordion.games` with its exact solver, over its own
    numbered deals (Royal Marriage's start with QH). With ``max_nodes`` or
    ``timeout`` some deals may end ``unknown`` (and which ones can depend on the
    machine, for ``timeout``); without, the hunt is exact. ``seconds`` is the
    solving time summed over the chunks (CPU-bound, so about core-seconds when
    each chunk has one core).
    """
    solving = Solving.of(options)
    numbering = numbering or default_numbering(solving.game)
    ranges = SeedRanges(seed, count, chunk, cards, numbering)
    arguments = {
        "numbering": numbering,
        "seed": seed,
        "count": count,
        "cards": cards,
        "chunk": chunk,
    }
    run = solving.run("hunt", arguments, options)
    task = functools.partial(
        hunt_chunk, rules=solving.rules, budget=solving.budget, game=solving.game
    )
    rules = str(solving.rules)
    total = Hunt(seed=seed, cards=cards, rules=rules, game=solving.game)
    for part in run.results(task, ranges, Codec(_encode, _decoder(rules, solving.game))):
        total.add(part)
    return total
