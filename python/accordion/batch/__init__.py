"""Batches of any size, streamed: on this machine, or on a Dask cluster, resumable.

A batch is cut into **chunks**: a range of numbered deals (:class:`SeedRange`) or a
block of given rows (:class:`RowBlock`). Each chunk is run by the core's own batch
functions (:func:`accordion.solve_many`, :func:`accordion.simulate`) — here, one
chunk after another, or on the workers of a ``dask.distributed`` cluster when a
``client`` is given (:mod:`accordion.batch.dask`). Results come back **in input
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
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, overload

from accordion import Deal, Rules, Solution, Stats, solve_many
from accordion import simulate as simulate_local
from accordion.batch.checkpoint import Checkpoint, record_limit
from accordion.errors import ClusterError, InvalidArgumentError

if TYPE_CHECKING:
    from distributed import Client

R = TypeVar("R")

#: Deal numberings by name: ``NUMBERINGS[name](number, cards)`` is that deal. A
#: game's name (``accordion.games``) names its own numbered deals as well.
NUMBERINGS: dict[str, Callable[[int, int], Deal]] = {
    "seed": lambda number, cards: Deal.from_seed(number, cards),
}


def deal_maker(name: str) -> Callable[[int, int], Deal]:
    """The numbering called ``name``: one of :data:`NUMBERINGS`, or a game's."""
    if name in NUMBERINGS:
        return NUMBERINGS[name]
    from accordion.games import GAMES

    if name in GAMES:
        made: Callable[[int, int], Deal] = GAMES[name].numbered()
        return made
    names = ", ".join([*sorted(NUMBERINGS), *GAMES])
    raise InvalidArgumentError(f"numbering must be one of {names}, got {name!r}", "numbering")


#: Default chunk sizes: a solve chunk is about a second of one core on 52-card
#: deals, a simulation chunk of the strict rules a twentieth of that.
SOLVE_CHUNK = 256
SIMULATE_CHUNK = 100_000


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


class SeedRanges(Sequence[SeedRange]):
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

    @overload
    def __getitem__(self, index: int) -> SeedRange: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[SeedRange]: ...
    def __getitem__(self, index: int | slice) -> SeedRange | Sequence[SeedRange]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("chunk index out of range")
        first = index * self.chunk
        count = min(self.chunk, self.total - first)
        return SeedRange(self.start + first, count, self.cards, self.numbering)


def _check_range(start: int, count: int, chunk: int) -> None:
    if not 0 <= start < 2**64:
        raise InvalidArgumentError(
            f"seed must be a deal number 0 to 2**64 - 1, got {start}", "seed"
        )
    if count < 1:
        raise InvalidArgumentError(f"count must be at least 1, got {count}", "count")
    if start + count > 2**64:
        raise InvalidArgumentError(
            "seed + count - 1 must be at most 2**64 - 1 (the last deal number), "
            f"got seed {start} and count {count}",
            "count",
        )
    if chunk < 1:
        raise InvalidArgumentError(f"chunk must be at least 1 deal, got {chunk}", "chunk")


class Plan(Sequence[Chunk]):
    """Chunks of several sources one after another (rows, then numbered deals)."""

    def __init__(self, *parts: Sequence[Chunk]) -> None:
        self.parts = [part for part in parts if len(part)]

    def __len__(self) -> int:
        return sum(len(part) for part in self.parts)

    @overload
    def __getitem__(self, index: int) -> Chunk: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Chunk]: ...
    def __getitem__(self, index: int | slice) -> Chunk | Sequence[Chunk]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        for part in self.parts:
            if 0 <= index < len(part):
                return part[index]
            index -= len(part)
        raise IndexError("chunk index out of range")

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


class Runner(Protocol):
    """Runs ``task`` on numbered chunks; yields ``(index, result)`` as each finishes.

    ``within``, if given and if the runner can, is called with the number of
    deals finished so far in the chunk being run (a chunk can take a while)."""

    def run(
        self,
        task: Callable[..., R],
        chunks: Iterator[tuple[int, Chunk]],
        within: Callable[[int], object] | None = None,
    ) -> Iterator[tuple[int, R]]: ...


class LocalRunner:
    """Each chunk in turn in this process (the core spreads it over the cores);
    the task is told of the deals finished within its chunk (``progress=``)."""

    def run(
        self,
        task: Callable[..., R],
        chunks: Iterator[tuple[int, Chunk]],
        within: Callable[[int], object] | None = None,
    ) -> Iterator[tuple[int, R]]:
        for index, chunk in chunks:
            yield index, task(chunk) if within is None else task(chunk, progress=within)


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
    ``progress`` is called with the number of deals done so far.
    """
    finished = checkpoint.finished if checkpoint is not None else {}
    if checkpoint is not None:
        if codec is None:
            raise TypeError("a checkpoint needs a codec")
        # Nothing read back is trusted: every record must decode to what its chunk holds.
        decode = codec.decode
        checkpoint.check(len(chunks), lambda index, data: decode(data, chunks[index]))
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


def runner_for(client: Client | str | None) -> tuple[Runner, Callable[[], None]]:
    """The runner for ``client`` (``None``: this machine; an address: connect), and
    how to release it."""
    if client is None:
        return LocalRunner(), lambda: None
    from accordion.batch.dask import DaskRunner, connect

    if isinstance(client, str):
        owned = connect(client)
        return DaskRunner(owned), owned.close
    return DaskRunner(client), lambda: None


#: The most bytes one deal's result takes in a checkpoint record: a solution of
#: 52 cards spelt out, with a line of 51 moves, is well under a kilobyte.
RECORD_PER_DEAL = 4096


def _open_checkpoint(
    path: str | None, command: str, arguments: dict[str, Any], *, per_deal: int = RECORD_PER_DEAL
) -> Checkpoint | None:
    """The checkpoint of a run, its records read up to a length fixed by the chunk size."""
    if path is None:
        return None
    limit = record_limit(int(arguments["chunk"]), per_deal)
    return Checkpoint(path, command, arguments, record_limit=limit)


# Solving --------------------------------------------------------------------------


@dataclass(frozen=True)
class Budget:
    """What each chunk's ``solve_many`` is given (see :func:`accordion.solve_many`)."""

    max_nodes: int | None = None
    timeout: float | None = None
    memory: int | None = None
    jobs: int | None = None


def worker_jobs(jobs: int | None) -> int | None:
    """Threads for one chunk: ``jobs`` if given; on a Dask worker, its cores shared
    among its task threads; else all cores (``None``)."""
    if jobs is not None:
        return jobs
    try:
        from distributed import get_worker

        worker = get_worker()
    except (ImportError, ValueError):
        return None
    import os

    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1, (cores or 1) // max(1, worker.state.nthreads))


def solve_chunk(
    chunk: Chunk,
    rules: Rules | str,
    budget: Budget,
    progress: Callable[[int], object] | None = None,
    game: str = "accordion",
) -> list[Any]:
    """Solve one chunk (this runs on a worker): with the core's ``solve_many`` for
    the games it solves in parallel, else deal by deal with the game's solver;
    ``progress`` is told how many of its deals are solved so far."""
    from accordion.games import GAMES

    if GAMES[game].pieces().solve_many is None:
        solve_one = GAMES[game].solver()
        solved = []
        for deal in chunk.deals():
            solved.append(
                solve_one(
                    deal,
                    rules=rules,
                    max_nodes=budget.max_nodes,
                    timeout=budget.timeout,
                    memory=budget.memory,
                )
            )
            if progress is not None:
                progress(len(solved))
        return solved
    return solve_many(
        chunk.deals(),
        rules=rules,
        jobs=worker_jobs(budget.jobs),
        max_nodes=budget.max_nodes,
        timeout=budget.timeout,
        memory=budget.memory,
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


def solutions_of(game: str) -> Codec:
    """How the solutions of ``game`` (a name of ``accordion.games``) are written to a
    checkpoint and read back: its solution class's ``to_dict`` and ``from_dict``."""
    from accordion.games import GAMES, load

    kind = load(GAMES[game].pieces().solution)
    return Codec(_encode_solutions, functools.partial(_decode_solutions, kind=kind))


#: The node budget of each solve of :func:`solver_fingerprint`.
FINGERPRINT_NODES = 100_000


def solver_fingerprint(rules: Rules | str, game: str = "accordion") -> str:
    """The node counts of the solver on four fixed deals under ``rules``, hashed.

    The package version does not change with every build, but node counts (and so a
    hunt's hardest deals) change whenever the search does: a checkpoint records this,
    so that a run is never resumed by a different solver. About ten milliseconds.

    Each solve has a node budget: under some variants (two-way, distances 2,3) a
    52-card deal can take hours to decide, and the fingerprint must not hang the
    command (found by fuzzing the CLI, fuzz/results.md).
    """
    make = deal_maker(game)
    deals = [make(seed, cards) for seed, cards in ((1, 52), (2, 52), (3, 20), (4, 16))]
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


def solve_plan(
    plan: Plan,
    *,
    chunk: int,
    rules: Rules | str | None = None,
    max_nodes: int | None = None,
    timeout: float | None = None,
    memory: int | None = None,
    jobs: int | None = None,
    client: Client | str | None = None,
    checkpoint: str | None = None,
    progress: Callable[[int], object] | None = None,
    game: str = "accordion",
) -> Iterator[Any]:
    """Solve the deals of ``plan`` chunk by chunk; the solutions in input order.

    ``game`` names a game of :mod:`accordion.games` (Accordion by default); its
    numbered deals are the plan's with ``numbering=game``."""
    from accordion.games import GAMES

    descriptor = GAMES[game]
    if descriptor.pieces().solve_many is not None:
        # Accordion's engine: a rule set's name becomes its Rules (variant flags and all).
        rules = Rules(rules) if isinstance(rules, str) else rules or Rules()
    else:
        # A game whose rule sets are names (Royal Marriage, Bayan, Accordian): its solver
        # takes the name itself, which Accordion's Rules may not know (uva).
        rules = rules or descriptor.rules[0]
    budget = Budget(max_nodes, timeout, memory, jobs)
    # The budget is checked here, before any chunk leaves.
    solve_many([], jobs=jobs, max_nodes=max_nodes, timeout=timeout, memory=memory)
    arguments = {
        "game": game,
        **_plan_id(plan),
        "chunk": chunk,
        "rules": repr(rules),
        "max_nodes": max_nodes,
        "timeout": timeout,
        "memory": memory,
    }
    if checkpoint is not None:
        arguments["solver"] = solver_fingerprint(rules, game)
    task = functools.partial(solve_chunk, rules=rules, budget=budget, game=game)
    book = _open_checkpoint(checkpoint, "solve", arguments)
    runner, release = runner_for(client)
    try:
        for solutions in run_chunks(
            task, plan, runner=runner, checkpoint=book, codec=solutions_of(game), progress=progress
        ):
            yield from solutions
    finally:
        release()
        if book is not None:
            book.close()


def solve_range(
    seed: int,
    count: int,
    *,
    cards: int = 52,
    numbering: str = "seed",
    rules: Rules | str | None = None,
    max_nodes: int | None = None,
    timeout: float | None = None,
    memory: int | None = None,
    jobs: int | None = None,
    chunk: int = SOLVE_CHUNK,
    client: Client | str | None = None,
    checkpoint: str | None = None,
    progress: Callable[[int], object] | None = None,
) -> Iterator[Solution]:
    """Solve numbered deals ``seed … seed + count - 1``, streamed in order.

    ``client`` (a ``distributed.Client`` or a scheduler address) runs the chunks
    on a Dask cluster; ``checkpoint`` makes the run resumable. The other
    arguments are those of :func:`accordion.solve_many`.
    """
    plan = Plan(SeedRanges(seed, count, chunk, cards, numbering))
    return solve_plan(
        plan,
        chunk=chunk,
        rules=rules,
        max_nodes=max_nodes,
        timeout=timeout,
        memory=memory,
        jobs=jobs,
        client=client,
        checkpoint=checkpoint,
        progress=progress,
    )


def solve_rows(
    deals: Iterable[Deal | str],
    *,
    rules: Rules | str | None = None,
    max_nodes: int | None = None,
    timeout: float | None = None,
    memory: int | None = None,
    jobs: int | None = None,
    chunk: int = SOLVE_CHUNK,
    client: Client | str | None = None,
    checkpoint: str | None = None,
    progress: Callable[[int], object] | None = None,
) -> Iterator[Solution]:
    """Solve the given rows, streamed in order (see :func:`solve_range`)."""
    return solve_plan(
        Plan(row_blocks(deals, chunk)),
        chunk=chunk,
        rules=rules,
        max_nodes=max_nodes,
        timeout=timeout,
        memory=memory,
        jobs=jobs,
        client=client,
        checkpoint=checkpoint,
        progress=progress,
    )


def _whole(value: object, what: str) -> int:
    """A JSON number or numeral that is a whole number 0 or more (else a ValueError)."""
    number = int(value) if isinstance(value, str) and value.isdigit() else value
    if type(number) is not int or number < 0:
        raise ValueError(f"{what} {json.dumps(value)[:20]}")
    return number


# Simulating -----------------------------------------------------------------------


def simulate_chunk(
    chunk: Chunk,
    rules: Rules,
    strategy: str,
    blind: bool,
    jobs: int | None,
    progress: Callable[[int], object] | None = None,
) -> Stats:
    """Play one seed range with the core's ``simulate`` (this runs on a worker);
    ``progress`` is told how many of its deals are played so far."""
    if not isinstance(chunk, SeedRange) or chunk.numbering != "seed":
        raise TypeError("simulations run over ranges of numbered deals (SeedRange)")
    return simulate_local(
        rules=rules,
        strategy=strategy,
        deals=chunk.count,
        seed=chunk.start,
        cards=chunk.cards,
        blind=blind,
        jobs=worker_jobs(jobs),
        progress=progress,
    )


def simulate(
    *,
    rules: Rules | str,
    strategy: str | None = None,
    deals: int,
    seed: int = 1,
    cards: int = 52,
    blind: bool | None = None,
    jobs: int | None = None,
    chunk: int = SIMULATE_CHUNK,
    client: Client | str | None = None,
    checkpoint: str | None = None,
    progress: Callable[[int], object] | None = None,
) -> Stats:
    """:func:`accordion.simulate` over chunks of ``chunk`` deals: here, or on a Dask
    cluster (``client``), resumable (``checkpoint``). The figures are those of one
    ``simulate`` call over the whole range; ``seconds`` is this call's wall time."""
    start = time.monotonic()
    rules = Rules(rules) if isinstance(rules, str) else rules
    ranges = SeedRanges(seed, deals, chunk, cards)
    # One deal here checks the arguments and settles the defaults.
    probe = simulate_local(
        rules=rules, strategy=strategy, deals=1, seed=seed, cards=cards, blind=blind, jobs=1
    )
    resolved, mode = probe.strategy, probe.blind
    arguments = {
        "rules": repr(rules),
        "strategy": resolved,
        "blind": mode,
        "seed": seed,
        "deals": deals,
        "cards": cards,
        "chunk": chunk,
    }

    def decode(data: dict[str, Any], part: Chunk) -> Stats:
        if not isinstance(data, dict) or set(data) != {"histogram", "seconds"}:
            raise ValueError("not a simulation's figures")
        first = part.start if isinstance(part, SeedRange) else seed
        counts = data["histogram"]
        if not isinstance(counts, dict):
            raise ValueError("the histogram is not an object")
        histogram = {_whole(n, "piles"): _whole(count, "a count") for n, count in counts.items()}
        whole = sum(histogram.values()) == len(part)
        if not whole or not all(1 <= piles <= cards for piles in histogram):
            raise ValueError(f"a histogram that is not one of {len(part):,} deals of {cards} cards")
        return Stats.from_histogram(histogram, rules, resolved, mode, cards, first, data["seconds"])

    codec = Codec(lambda s: {"histogram": s.histogram, "seconds": s.seconds}, decode)
    task = functools.partial(simulate_chunk, rules=rules, strategy=resolved, blind=mode, jobs=jobs)
    total: dict[int, int] = {}
    book = _open_checkpoint(checkpoint, "stats", arguments, per_deal=0)
    runner, release = runner_for(client)
    try:
        for part in run_chunks(
            task, ranges, runner=runner, checkpoint=book, codec=codec, progress=progress
        ):
            for piles, count in part.histogram.items():
                total[piles] = total.get(piles, 0) + count
    finally:
        release()
        if book is not None:
            book.close()
    return Stats.from_histogram(total, rules, resolved, mode, cards, seed, time.monotonic() - start)
