"""Batches of any size, streamed: on this machine, or on a Dask cluster, resumable.

A batch is cut into **chunks**: a range of numbered deals (:class:`SeedRange`) or a
block of given rows (:class:`RowBlock`). Each chunk is run by the core's own batch
functions (:func:`accordion.solve_many`, :func:`accordion.simulate`) — here, one
chunk after another, or on the workers of a cluster when a ``client`` is given
(a runner of :data:`RUNNERS`: Dask's, :mod:`accordion.batch.dask`). Results come back **in input
order** whatever order the chunks finish in, and they are the same values either
way: only timings differ. Only a bounded window of chunks is held at once, so
memory stays flat for any number of deals.

With ``checkpoint=PATH`` every finished chunk is appended to a checkpoint file
(:mod:`accordion.batch.checkpoint`); the same call made again reads those chunks back
and computes only the rest, and ends with exactly the results of an
uninterrupted run.

Numbered deals come from a **numbering**: a function from a deal number and a
card count to a :class:`~accordion.Deal`, registered by name in
:data:`NUMBERINGS` (``"seed"`` is :meth:`Deal.from_seed <accordion.Deal.from_seed>`).
A chunk carries the numbering's name, not its deals, so a range of a billion
deals costs a few bytes to send to a worker.

Examples:
    >>> from accordion import batch
    >>> [s.result for s in batch.solve_range(1, 3, chunk=2)]
    ['win', 'win', 'win']
    >>> stats = batch.simulate(rules="strict", deals=10_000, seed=1, chunk=3_000)
    >>> stats.wins, stats.deals
    (5, 10000)
"""

from __future__ import annotations

import functools
import hashlib
import json
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Protocol, TypedDict, TypeVar, overload

from accordion import Deal, Rules, Solution, Stats, solve_many
from accordion._local import SIMULATE_CHUNK as SIMULATE_CHUNK
from accordion._local import SOLVE_CHUNK as SOLVE_CHUNK
from accordion._local import cores as cores
from accordion._local import solve_deals
from accordion.batch.checkpoint import Checkpoint, record_limit
from accordion.errors import ClusterError, InvalidArgumentError, shown
from accordion.shape import SolutionShape, StatsShape

if TYPE_CHECKING:
    from typing_extensions import Unpack

R = TypeVar("R")

#: What a batch's solutions are: Accordion's :class:`~accordion.Solution` (its
#: variants' too), or the solution class of the game named by ``game=``.
AnySolution = Solution | SolutionShape
#: What :func:`simulate` gives: Accordion's :class:`~accordion.Stats` (its
#: variants' too), or the statistics class of the game named by ``game=``
#: (every game's has :class:`~accordion.shape.StatsShape`).
AnyStats = Stats | StatsShape
#: The games Accordion's engine plays (their batches give ``Solution`` and ``Stats``).
AccordionGames = Literal["accordion", "relaxed-accordion", "23-skidoo", "accordions-revenge"]


#: Deal numberings by name: ``NUMBERINGS[name](number, cards)`` is that deal. A
#: game's name (``accordion.games``) names its own numbered deals as well.
class _SeedNumbering:
    """``Deal.from_seed`` as a numbering; its repr is what a reader of the API sees."""

    def __call__(self, number: int, cards: int) -> Deal:
        return Deal.from_seed(number, cards)

    def __repr__(self) -> str:
        return "Deal.from_seed"


NUMBERINGS: dict[str, Callable[[int, int], Deal]] = {"seed": _SeedNumbering()}


def deal_maker(name: str) -> Callable[[int, int], Deal]:
    """The numbering called ``name``: one of :data:`NUMBERINGS`, or a game's."""
    if name in NUMBERINGS:
        return NUMBERINGS[name]
    from accordion.games import GAMES

    if name in GAMES:
        made: Callable[[int, int], Deal] = GAMES[name].numbered()
        return made
    names = ", ".join([*sorted(NUMBERINGS), *GAMES])
    raise InvalidArgumentError(f"numbering must be one of {names}, got {shown(name)}", "numbering")


#: Deals per simulation chunk for the strategies that search, when none is
#: given: a chunk is the unit of a checkpoint, so it should take seconds, not
#: the quarter of an hour that 100,000 deals of ``parlett-sampler`` take. Per
#: 52-card deal on one core (2026-12-04, ``/usr/bin/time accordion stats
#: --jobs 1``): ``sweepers`` 3.5 ms, ``clairvoyant`` 2.1 ms, ``parlett-sampler``
#: 8.6 ms, ``parlett-agent`` 0.36 ms, the budgeted players about 8 µs per
#: position of their budget; the greedy players and ``solver`` 0.1 ms or less.
SEARCHING_CHUNKS = {
    "parlett-agent": 10_000,
    "sweepers": 1_000,
    "clairvoyant": 1_000,
    "parlett-sampler": 1_000,
}

#: Positions of a budgeted player's budget that one chunk of its deals may
#: examine in all: about ten seconds of one core (8 µs a position).
BUDGET_PER_CHUNK = 10**6


def simulate_chunk_for(strategy: str, game: str = "accordion") -> int:
    """The default chunk of ``accordion stats`` for ``strategy`` (a resolved name,
    such as ``lookahead:300``): :data:`SIMULATE_CHUNK` for the players that do
    not search, fewer deals for those that do (:data:`SEARCHING_CHUNKS`), and
    for a budgeted player the power of ten nearest below
    :data:`BUDGET_PER_CHUNK` / budget, at least 1 and at most
    :data:`SIMULATE_CHUNK`. The chunk changes no figure, only how often a
    checkpoint is written and how work is spread over a cluster."""
    from accordion.games import find_game

    if not find_game(game).plays_accordion:
        return SIMULATE_CHUNK  # the searching players are those of Accordion's engine
    name, _, budget = strategy.partition(":")
    if budget.isdigit() and int(budget) > 0:
        deals = max(1, BUDGET_PER_CHUNK // int(budget))
        return min(SIMULATE_CHUNK, int(10 ** (len(str(deals)) - 1)))
    return SEARCHING_CHUNKS.get(name, SIMULATE_CHUNK)


# Chunks ---------------------------------------------------------------------------


@dataclass(frozen=True)
class SeedRange:
    """Numbered deals ``start … start + count - 1`` of ``cards`` cards."""

    start: int
    count: int
    cards: int = 52
    numbering: str = "seed"

    def __len__(self) -> int:
        return self.count

    def numbers(self) -> range:
        return range(self.start, self.start + self.count)

    def deals(self) -> list[Deal]:
        make = deal_maker(self.numbering)
        return [make(number, self.cards) for number in self.numbers()]


@dataclass(frozen=True)
class RowBlock:
    """Given rows, as text."""

    rows: tuple[str, ...]

    def __len__(self) -> int:
        return len(self.rows)

    def deals(self) -> list[Deal]:
        return [Deal.parse(row) for row in self.rows]


Chunk = SeedRange | RowBlock


ItemT = TypeVar("ItemT")


class _Computed(Sequence[ItemT]):
    """A sequence whose items are made when asked for (:meth:`_item`, for an index
    0 to ``len - 1``), indexed and sliced as a list is."""

    @overload
    def __getitem__(self, index: int) -> ItemT: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[ItemT]: ...
    def __getitem__(self, index: int | slice) -> ItemT | Sequence[ItemT]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("chunk index out of range")
        return self._item(index)

    def _item(self, index: int) -> ItemT:
        raise NotImplementedError


class SeedRanges(_Computed[SeedRange]):
    """``count`` numbered deals from ``start`` cut into chunks of ``chunk``, lazily."""

    def __init__(
        self, start: int, count: int, chunk: int, cards: int = 52, numbering: str = "seed"
    ) -> None:
        _check_range(start, count, chunk)
        deal_maker(numbering)  # refuses an unknown name
        self.start, self.total, self.chunk = start, count, chunk
        self.cards, self.numbering = cards, numbering

    def __len__(self) -> int:
        return -(-self.total // self.chunk)

    def _item(self, index: int) -> SeedRange:
        first = index * self.chunk
        count = min(self.chunk, self.total - first)
        return SeedRange(self.start + first, count, self.cards, self.numbering)


def _check_range(start: int, count: int, chunk: int) -> None:
    if not 0 <= start < 2**64:
        raise InvalidArgumentError(
            f"seed must be a deal number 0 to 2**64 - 1, got {start}", "seed"
        )
    if count < 1:
        raise InvalidArgumentError(f"count must be at least 1, got {shown(count)}", "count")
    if start + count > 2**64:
        raise InvalidArgumentError(
            "seed + count - 1 must be at most 2**64 - 1 (the last deal number), "
            f"got seed {start} and count {shown(count)}",
            "count",
        )
    if chunk < 1:
        raise InvalidArgumentError(f"chunk must be at least 1 deal, got {chunk}", "chunk")


class Plan(_Computed[Chunk]):
    """Chunks of several sources one after another (rows, then numbered deals)."""

    def __init__(self, *parts: Sequence[Chunk]) -> None:
        self.parts = [part for part in parts if len(part)]

    def __len__(self) -> int:
        return sum(len(part) for part in self.parts)

    def _item(self, index: int) -> Chunk:
        for part in self.parts:
            if index < len(part):
                return part[index]
            index -= len(part)
        raise AssertionError("an index below len(self) is in a part")

    def deals(self) -> int:
        """How many deals the chunks hold together."""
        total = 0
        for part in self.parts:
            if isinstance(part, SeedRanges):
                total += part.total
            else:
                total += sum(len(chunk) for chunk in part)
        return total


def row_blocks(rows: Iterable[Deal | str], chunk: int) -> list[RowBlock]:
    """Rows (deals or text, checked now) cut into blocks of ``chunk``."""
    if chunk < 1:
        raise InvalidArgumentError(f"chunk must be at least 1 deal, got {chunk}", "chunk")
    texts = [str(row if isinstance(row, Deal) else Deal.parse(row)) for row in rows]
    return [RowBlock(tuple(texts[i : i + chunk])) for i in range(0, len(texts), chunk)]


# Running chunks -------------------------------------------------------------------


#: Numbered chunks as a runner takes them: ``(index, chunk)``.
NumberedChunks = Iterator[tuple[int, Chunk]]
#: Told how many deals of the running chunk are finished (``progress=`` of a task).
Within = Callable[[int], object]


class Runner(Protocol):
    """Runs ``task`` on numbered chunks; yields ``(index, result)`` as each finishes.

    ``within``, if given and if the runner can, is called with the number of
    deals finished so far in the chunk being run (a chunk can take a while)."""

    def run(
        self, task: Callable[..., R], chunks: NumberedChunks, within: Within | None = None
    ) -> Iterator[tuple[int, R]]: ...


class LocalRunner:
    """Each chunk in turn in this process (the core spreads it over the cores);
    the task is told of the deals finished within its chunk (``progress=``)."""

    def run(
        self, task: Callable[..., R], chunks: NumberedChunks, within: Within | None = None
    ) -> Iterator[tuple[int, R]]:
        for index, chunk in chunks:
            yield index, task(chunk) if within is None else task(chunk, progress=within)


#: What ``client=`` takes besides ``None`` (this machine): a cluster's client
#: object, or a scheduler's address, as one of :data:`RUNNERS` knows them.
Cluster = object


@dataclass(frozen=True)
class RunnerKind:
    """A way to run chunks off this process, as ``"module:function"`` text (loaded
    only when a batch is given a ``client``, so that this module never imports a
    cluster's package)."""

    #: ``open(client)``: ``(runner, release)`` for a client or an address of this
    #: kind, else ``None`` (each kind is asked in turn).
    open: str
    #: ``threads()``: the task threads of the worker this code runs on, if it is
    #: one of this kind's workers, else ``None``.
    threads: str


#: The runners a batch can be sent to, by name (:mod:`accordion.batch.dask`: Dask).
RUNNERS: dict[str, RunnerKind] = {
    "dask": RunnerKind(
        open="accordion.batch.dask:open_runner", threads="accordion.batch.dask:worker_threads"
    ),
}


def _load(reference: str) -> Any:
    from accordion.games import load

    return load(reference)


def runner_for(client: Cluster | str | None) -> tuple[Runner, Callable[[], None]]:
    """The runner for ``client`` (``None``: this machine; else the first of
    :data:`RUNNERS` that takes it: an address is connected to), and how to release it."""
    if client is None:
        return LocalRunner(), lambda: None
    for kind in RUNNERS.values():
        opened: tuple[Runner, Callable[[], None]] | None = _load(kind.open)(client)
        if opened is not None:
            return opened
    raise InvalidArgumentError(
        f"client must be a cluster's client or a scheduler address, not {type(client).__name__}",
        "client",
    )


@dataclass(frozen=True)
class Codec:
    """How a chunk's result is written to a checkpoint and read back."""

    encode: Callable[[Any], Any]
    decode: Callable[[Any, Chunk], Any]


def run_chunks(
    task: Callable[[Chunk], R],
    chunks: Sequence[Chunk],
    *,
    runner: Runner,
    checkpoint: Checkpoint | None = None,
    codec: Codec | None = None,
    progress: Callable[[int], object] | None = None,
) -> Iterator[R]:
    """The results of ``task`` on each chunk, in the order of ``chunks``.

    Chunks finished in ``checkpoint`` are read back (``codec.decode``) instead of
    run; the others are run by ``runner`` and appended to it as each finishes.
    ``progress`` is called with the number of deals done so far; if it has a
    ``resume`` method (the command line's progress line does), that is called
    first with the deals the checkpoint already holds, so that a rate or a time
    left it shows counts only the deals this run computes.
    """
    finished = checkpoint.finished if checkpoint is not None else {}
    if checkpoint is not None:
        if codec is None:
            raise TypeError("a checkpoint needs a codec")
        # Nothing read back is trusted: every record must decode to what its chunk holds.
        decode = codec.decode
        checkpoint.check(len(chunks), lambda index, data: decode(data, chunks[index]))
        resume = getattr(progress, "resume", None)
        if resume is not None:
            resume(sum(len(chunks[i]) for i in finished if i < len(chunks)))
    todo = ((i, chunks[i]) for i in range(len(chunks)) if i not in finished)
    waiting: dict[int, R] = {}
    done_deals = 0
    next_index = 0

    def ready() -> Iterator[R]:
        nonlocal next_index, done_deals
        while next_index < len(chunks):
            if next_index in waiting:
                result = waiting.pop(next_index)
            elif next_index in finished and checkpoint is not None and codec is not None:
                result = codec.decode(checkpoint.read(next_index), chunks[next_index])
                done_deals += len(chunks[next_index])
            else:
                return
            next_index += 1
            yield result
            if progress is not None:
                progress(done_deals)

    def within(deals: int) -> None:
        if progress is not None:
            progress(done_deals + deals)

    yield from ready()
    try:
        for index, result in runner.run(task, todo, within if progress is not None else None):
            if checkpoint is not None and codec is not None:
                checkpoint.append(index, codec.encode(result))
            waiting[index] = result
            done_deals += len(chunks[index])
            if progress is not None:
                progress(done_deals)
            yield from ready()
    except ClusterError as error:
        if checkpoint is None:
            raise
        kept = len(checkpoint.finished)
        raise ClusterError(
            f"{error}; the checkpoint {checkpoint.path} keeps the {kept} finished "
            f"chunk{'s' if kept != 1 else ''} of {len(chunks)}: run the same command again "
            "to continue"
        ) from None
    yield from ready()


#: The most bytes one deal's result takes in a checkpoint record: a solution of
#: 52 cards spelt out, with a line of 51 moves, is well under a kilobyte.
RECORD_PER_DEAL = 4096


@dataclass(frozen=True)
class Run:
    """One batch command's run: what names it in a checkpoint, and where it runs."""

    #: The command whose checkpoint this is (``solve``, ``stats``, ``hunt``).
    command: str
    #: The game it plays (a name of :data:`accordion.games.GAMES`).
    game: str
    #: Everything else its chunks' results depend on (JSON values; ``chunk`` included).
    arguments: dict[str, Any]
    client: Cluster | str | None = None
    checkpoint: str | None = None
    progress: Callable[[int], object] | None = None
    #: The most bytes one deal adds to a checkpoint record.
    per_deal: int = RECORD_PER_DEAL

    def results(
        self, task: Callable[[Chunk], R], chunks: Sequence[Chunk], codec: Codec
    ) -> Iterator[R]:
        """The results of ``task`` on each chunk in order (:func:`run_chunks`), on
        the runner of ``client``, resumable from ``checkpoint``; both are released
        when the results end."""
        book = None
        if self.checkpoint is not None:
            limit = record_limit(int(self.arguments["chunk"]), self.per_deal)
            book = Checkpoint(
                self.checkpoint,
                self.command,
                self.arguments,
                game=self.game,
                record_limit=limit,
            )
        runner, release = runner_for(self.client)
        try:
            yield from run_chunks(
                task, chunks, runner=runner, checkpoint=book, codec=codec, progress=self.progress
            )
        finally:
            release()
            if book is not None:
                book.close()


# Solving --------------------------------------------------------------------------


@dataclass(frozen=True)
class Budget:
    """What each chunk's ``solve_many`` is given (see :func:`accordion.solve_many`)."""

    max_nodes: int | None = None
    timeout: float | None = None
    memory: int | None = None
    jobs: int | None = None


def worker_jobs(jobs: int | None) -> int | None:
    """Threads for one chunk: ``jobs`` if given; on a cluster's worker (one of
    :data:`RUNNERS`), its cores shared among its task threads; else all cores
    (``None``)."""
    if jobs is not None:
        return jobs
    for kind in RUNNERS.values():
        threads: int | None = _load(kind.threads)()
        if threads is not None:
            return max(1, cores() // max(1, threads))
    return None


def solve_chunk(
    chunk: Chunk,
    rules: Rules | str,
    budget: Budget,
    progress: Callable[[int], object] | None = None,
    game: str = "accordion",
) -> list[Any]:
    """Solve one chunk (this runs on a worker): with the core's ``solve_many`` for
    the games it solves in parallel, else with the game's solver, one deal per
    thread on ``budget.jobs`` threads (each solve releases the GIL); ``progress``
    is told how many of its deals are solved so far. The solutions are in the
    chunk's order, and the same for any number of threads."""
    from accordion.games import GAMES

    return solve_deals(
        chunk.deals(),
        GAMES[game],
        rules,
        max_nodes=budget.max_nodes,
        timeout=budget.timeout,
        memory=budget.memory,
        jobs=worker_jobs(budget.jobs),
        progress=progress,
    )


def _encode_solutions(solutions: list[Any]) -> list[dict[str, object]]:
    return [solution.to_dict() for solution in solutions]


def _decode_solutions(
    data: list[dict[str, object]], chunk: Chunk, kind: Any = Solution
) -> list[Any]:
    """The solutions of a chunk read back (``kind.from_dict``), each checked to be
    one of its deal."""
    deals = chunk.deals()
    _check_count(data, len(deals), "solutions")
    solutions = []
    for deal, item in zip(deals, data, strict=True):
        if not isinstance(item, dict):
            raise ValueError(f"a solution that is not an object: {str(item)[:40]}")
        solution = kind.from_dict(item)
        if solution.deal != str(deal):
            raise ValueError(f"a solution of {solution.deal[:20]}…, not of {str(deal)[:20]}…")
        solutions.append(solution)
    return solutions


def _check_count(data: object, count: int, what: str) -> None:
    """``data`` is a list of ``count`` items (a ValueError saying otherwise)."""
    if not isinstance(data, list):
        raise ValueError(f"{what}: a list expected, found {type(data).__name__}")
    if len(data) != count:
        raise ValueError(f"{count} {what} expected, found {len(data)}")


SOLUTIONS = Codec(_encode_solutions, _decode_solutions)


def solution_class(game: str) -> Any:
    """The class of ``game``'s solutions (``to_dict``, ``from_dict``)."""
    from accordion.games import GAMES

    return _load(GAMES[game].pieces().solution)


def solutions_of(game: str) -> Codec:
    """How the solutions of ``game`` (a name of ``accordion.games``) are written to a
    checkpoint and read back: its solution class's ``to_dict`` and ``from_dict``."""
    kind = solution_class(game)
    return Codec(_encode_solutions, functools.partial(_decode_solutions, kind=kind))


#: The node budget of each solve of :func:`solver_fingerprint`.
FINGERPRINT_NODES = 100_000


def solver_fingerprint(rules: Rules | str, game: str = "accordion") -> str:
    """The node counts of the solver on five fixed deals under ``rules``, hashed.

    The package version does not change with every build, but node counts (and so a
    hunt's hardest deals) change whenever the search does: a checkpoint records this,
    so that a run is never resumed by a different solver. About twenty milliseconds.

    Each solve has a node budget: under some variants (two-way, distances 2,3) a
    52-card deal can take hours to decide, and the fingerprint must not hang the
    command (found by fuzzing the CLI, fuzz/results.md).
    """
    make = deal_maker(game)
    # Deal 8216 of 52 cards runs through the probes' opening and past them into
    # the pilot (20,000 nodes), so a change to any of them shows.
    seeds = ((1, 52), (2, 52), (3, 20), (4, 16), (8216, 52))
    deals = [make(seed, cards) for seed, cards in seeds]
    budget = Budget(max_nodes=FINGERPRINT_NODES, jobs=1)
    solutions = solve_chunk(RowBlock(tuple(str(deal) for deal in deals)), rules, budget, game=game)
    nodes = [solution.nodes for solution in solutions]
    return hashlib.sha256(repr(nodes).encode()).hexdigest()[:16]


def _plan_id(plan: Plan) -> dict[str, Any]:
    """What identifies a plan's deals in a checkpoint header, in a few bytes."""
    digest = hashlib.sha256()
    for part in plan.parts:
        if isinstance(part, SeedRanges):
            digest.update(f"{part.numbering}:{part.start}+{part.total}x{part.cards};".encode())
        else:
            for block in part:
                if isinstance(block, RowBlock):
                    digest.update(("\n".join(block.rows) + ";").encode())
    return {"deals": plan.deals(), "deals_sha256": digest.hexdigest()}


class SolveOptions(TypedDict, total=False):
    """What every solving batch takes (:func:`solve_range`, :func:`solve_rows`,
    :func:`solve_plan`, :func:`accordion.batch.hunt.hunt`), all optional.

    ``rules``, ``max_nodes``, ``timeout``, ``memory`` and ``jobs`` are those of
    :func:`accordion.solve_many` (for a game other than Accordion, of its
    solver: ``rules`` is the rule set's name, and ``jobs`` the deals solved at
    once); ``client`` (a Dask client or a scheduler address; see
    :data:`RUNNERS`) runs the chunks on a cluster; ``checkpoint`` (a file)
    makes the run resumable; ``progress`` is called with the deals done so far;
    ``game`` names a game of :mod:`accordion.games` (default ``accordion``).
    """

    rules: Rules | str | None
    max_nodes: int | None
    timeout: float | None
    memory: int | None
    jobs: int | None
    client: Cluster | str | None
    checkpoint: str | None
    progress: Callable[[int], object] | None
    game: str


@dataclass(frozen=True)
class Solving:
    """A solving batch's settings, checked: the game, its rules as its solver
    takes them, the budget, and what names them in a checkpoint."""

    game: str
    rules: Any
    budget: Budget
    arguments: dict[str, Any]

    @classmethod
    def of(cls, options: SolveOptions) -> Solving:
        """The settings of ``options``, checked here before any chunk leaves (a
        fingerprint of the solver when a checkpoint is kept)."""
        from accordion.games import GAMES

        game = options.get("game", "accordion")
        if game not in GAMES:
            raise InvalidArgumentError(
                f"game must be one of {', '.join(GAMES)}, got {shown(game)}", "game"
            )
        rules = GAMES[game].batch_rules(options.get("rules"))
        budget = Budget(
            options.get("max_nodes"),
            options.get("timeout"),
            options.get("memory"),
            options.get("jobs"),
        )
        solve_many(
            [],
            jobs=budget.jobs,
            max_nodes=budget.max_nodes,
            timeout=budget.timeout,
            memory=budget.memory,
        )
        arguments = {
            "rules": repr(rules),
            "max_nodes": budget.max_nodes,
            "timeout": budget.timeout,
            "memory": budget.memory,
        }
        if options.get("checkpoint") is not None:
            arguments["solver"] = solver_fingerprint(rules, game)
        return cls(game, rules, budget, arguments)

    def run(self, command: str, arguments: dict[str, Any], options: SolveOptions) -> Run:
        """The run of ``command`` with these settings and ``arguments`` besides."""
        return Run(
            command,
            self.game,
            {**arguments, **self.arguments},
            options.get("client"),
            options.get("checkpoint"),
            options.get("progress"),
        )


def default_numbering(game: str = "accordion") -> str:
    """The numbered deals of ``game``: ``seed`` (``Deal.from_seed``) for the games
    Accordion's engine plays, else the game's own (Royal Marriage's start with QH)."""
    from accordion.games import GAMES

    return "seed" if GAMES[game].plays_accordion else GAMES[game].engine


#: The most deals in one chunk of a batch solve: a chunk's solutions are held until
#: the whole chunk is solved (and written to a checkpoint as one record), so the
#: chunk bounds the memory a run takes (some hundreds of megabytes at this size).
MAX_SOLVE_CHUNK = 100_000


def _check_solve_chunk(chunk: int) -> None:
    if not 1 <= chunk <= MAX_SOLVE_CHUNK:
        raise InvalidArgumentError(
            f"chunk must be 1 to {MAX_SOLVE_CHUNK:,} deals (a chunk's solutions are held "
            f"until it is done), got {shown(chunk)}",
            "chunk",
        )


def solve_plan(plan: Plan, *, chunk: int, **options: Unpack[SolveOptions]) -> Iterator[AnySolution]:
    """Solve the deals of ``plan`` chunk by chunk; the solutions in input order
    (``options``: :class:`SolveOptions`). A game's numbered deals are the plan's
    with ``numbering=game``."""
    _check_solve_chunk(chunk)
    solving = Solving.of(options)
    run = solving.run("solve", {**_plan_id(plan), "chunk": chunk}, options)
    task = functools.partial(
        solve_chunk, rules=solving.rules, budget=solving.budget, game=solving.game
    )
    for solutions in run.results(task, plan, solutions_of(solving.game)):
        yield from solutions


def solve_range(
    seed: int,
    count: int,
    *,
    cards: int = 52,
    numbering: str | None = None,
    chunk: int = SOLVE_CHUNK,
    **options: Unpack[SolveOptions],
) -> Iterator[AnySolution]:
    """Solve numbered deals ``seed … seed + count - 1``, streamed in order.

    ``numbering`` names the deals (:data:`NUMBERINGS`; default the game's own);
    ``options`` are those of :class:`SolveOptions`: ``client`` runs the chunks on a
    cluster, ``checkpoint`` makes the run resumable, the others are those of
    :func:`accordion.solve_many`.
    """
    numbering = numbering or default_numbering(options.get("game", "accordion"))
    _check_solve_chunk(chunk)
    plan = Plan(SeedRanges(seed, count, chunk, cards, numbering))
    return solve_plan(plan, chunk=chunk, **options)


def solve_rows(
    deals: Iterable[Deal | str], *, chunk: int = SOLVE_CHUNK, **options: Unpack[SolveOptions]
) -> Iterator[AnySolution]:
    """Solve the given rows, streamed in order (see :func:`solve_range`)."""
    _check_solve_chunk(chunk)
    return solve_plan(Plan(row_blocks(deals, chunk)), chunk=chunk, **options)


def _whole(value: object, what: str) -> int:
    """A JSON number or numeral that is a whole number 0 or more (else a ValueError)."""
    number = int(value) if isinstance(value, str) and value.isdigit() else value
    if type(number) is not int or number < 0:
        raise ValueError(f"{what} {json.dumps(value)[:20]}")
    return number


# Simulating -----------------------------------------------------------------------


def simulate_chunk(
    chunk: Chunk,
    rules: Rules | str,
    strategy: str,
    blind: bool,
    jobs: int | None,
    progress: Callable[[int], object] | None = None,
    game: str = "accordion",
) -> Any:
    """Play one seed range with the game's simulation in the core (this runs on a
    worker); ``progress`` is told how many of its deals are played so far."""
    from accordion.games import GAMES

    if not isinstance(chunk, SeedRange):
        raise TypeError("simulations run over ranges of numbered deals (SeedRange)")
    return GAMES[game].simulator()(
        rules=rules,
        strategy=strategy,
        deals=chunk.count,
        seed=chunk.start,
        cards=chunk.cards,
        blind=blind,
        jobs=worker_jobs(jobs),
        progress=progress,
    )


class SimulateOptions(TypedDict, total=False):
    """What :func:`simulate` takes besides ``rules``, ``deals`` and ``game``, all
    optional (its arguments say what each is)."""

    strategy: str | None
    seed: int
    cards: int
    blind: bool | None
    jobs: int | None
    chunk: int | None
    client: Cluster | str | None
    checkpoint: str | None
    progress: Callable[[int], object] | None


# Accordion's games give Accordion's Stats, any other game its own.
@overload
def simulate(
    *,
    rules: Rules | str,
    deals: int,
    game: AccordionGames = ...,
    **options: Unpack[SimulateOptions],
) -> Stats: ...
@overload
def simulate(
    *, rules: Rules | str, deals: int, game: str, **options: Unpack[SimulateOptions]
) -> AnyStats: ...
def simulate(
    *,
    rules: Rules | str,
    strategy: str | None = None,
    deals: int,
    seed: int = 1,
    cards: int = 52,
    blind: bool | None = None,
    jobs: int | None = None,
    chunk: int | None = None,
    client: Cluster | str | None = None,
    checkpoint: str | None = None,
    progress: Callable[[int], object] | None = None,
    game: str = "accordion",
) -> AnyStats:
    """:func:`accordion.simulate` over chunks of ``chunk`` deals: here, or on a Dask
    cluster (``client``), resumable (``checkpoint``). The figures are those of one
    ``simulate`` call over the whole range; ``seconds`` is this call's wall time.
    Without ``chunk``, the strategy's default (:func:`simulate_chunk_for`: 100,000
    deals for the players that do not search, fewer for those that do).

    ``game`` names a game of :mod:`accordion.games` (default ``accordion``): its
    simulation in the core (:func:`accordion.simulate_royal` …) plays the chunks,
    and the result is its statistics class (a :class:`~accordion.Stats` for
    Accordion, a :class:`~accordion.RoyalStats` for Royal Marriage …)."""
    from accordion.games import GAMES

    start = time.monotonic()
    descriptor = GAMES[game]
    play = descriptor.simulator()
    rules = descriptor.batch_rules(rules)
    # One deal here checks the arguments and settles the defaults.
    probe = play(
        rules=rules, strategy=strategy, deals=1, seed=seed, cards=cards, blind=blind, jobs=1
    )
    resolved, mode = probe.strategy, probe.blind
    if chunk is None:
        chunk = simulate_chunk_for(resolved, game)
    ranges = SeedRanges(seed, deals, chunk, cards, default_numbering(game))
    arguments = {
        "rules": repr(rules),
        "strategy": resolved,
        "blind": mode,
        "seed": seed,
        "deals": deals,
        "cards": cards,
        "chunk": chunk,
    }
    kind = descriptor.stats_class()
    # The fewest pieces a deal can end with: none in Bayan (every card out), else one.
    fewest = min(descriptor.won_at, 1)

    def decode(data: dict[str, Any], part: Chunk) -> Any:
        if not isinstance(data, dict) or set(data) != {"histogram", "seconds"}:
            raise ValueError("not a simulation's figures")
        first = part.start if isinstance(part, SeedRange) else seed
        counts = data["histogram"]
        if not isinstance(counts, dict):
            raise ValueError("the histogram is not an object")
        histogram = {_whole(n, "piles"): _whole(count, "a count") for n, count in counts.items()}
        whole = sum(histogram.values()) == len(part)
        if not whole or not all(fewest <= piles <= cards for piles in histogram):
            raise ValueError(f"a histogram that is not one of {len(part):,} deals of {cards} cards")
        return kind.from_histogram(histogram, rules, resolved, mode, cards, first, data["seconds"])

    codec = Codec(lambda s: {"histogram": s.histogram, "seconds": s.seconds}, decode)
    task = functools.partial(
        simulate_chunk, rules=rules, strategy=resolved, blind=mode, jobs=jobs, game=game
    )
    total: dict[int, int] = {}
    run = Run("stats", game, arguments, client, checkpoint, progress, per_deal=0)
    for part in run.results(task, ranges, codec):
        for piles, count in part.histogram.items():
            total[piles] = total.get(piles, 0) + count
    figures: AnyStats = kind.from_histogram(
        total, rules, resolved, mode, cards, seed, time.monotonic() - start
    )
    return figures
