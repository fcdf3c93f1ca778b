"""`accordion solve`: decide deals exhaustively (docs/contract.md)."""

from __future__ import annotations

import itertools
import os
import stat
import sys
from collections.abc import Callable, Iterator

from accordion import Deal
from accordion._local import SOLVE_CHUNK, solve_deals
from accordion.cli import common
from accordion.cli.cluster import add_batch_flags
from accordion.cli.common import CliError
from accordion.cli.numbering import chosen_source, numbered_stream
from accordion.cli.progress import Progress
from accordion.cli.tally import Tally
from accordion.errors import AccordionError, InputFileError, InvalidDealError, shown
from accordion.games import Descriptor, plural

# The batch machinery (chunks, checkpoints, a cluster) is imported only by a run
# that needs it: deals given as arguments are solved here without it, so that
# `accordion solve "7H 2C 3C 7C"` starts at once (benches/startup.py); so are
# argparse, `re` and `typing` (accordion.cli.quick).
TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from typing import Any

    from accordion.batch import Plan, SeedRanges

HELP = "decide deals: win (with the line), loss (with the fewest piles) or unknown"
DESCRIPTION = """Solve open deals exhaustively. A win comes with a winning line; a loss is
proved by exhaustive search and comes with a line reaching the fewest piles; 'unknown' only when
--max-nodes or --timeout ran out."""


def add_flags(parser: argparse.ArgumentParser) -> None:
    """The ``solve`` subcommand's options."""
    add_deal_flags(parser)
    parser.add_argument(
        "--rules",
        default="modern",
        metavar="NAME",
        help="modern (default), parlett (must move, solved for the best line), strict or "
        "strict-leap (every action forced: the one line, played out)"
        + common.per_game(_solve_rules),
    )
    common.add_game_flags(parser, numbering=True)
    common.add_budget_flags(parser, "node budget per deal", "seconds per deal")
    parser.add_argument(
        "--jobs", type=common.positive, metavar="J", help="threads (default: all cores)"
    )
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    add_batch_flags(parser, SOLVE_CHUNK)


def _solve_rules(game: Descriptor) -> str:
    """The rule sets ``solve --game`` takes for ``game``, as its help lists them."""
    return ", ".join(
        f"{rules} (played out)" if rules in game.forced_rules else rules
        for rules in game.solve_rules
    )


def add_deal_flags(parser: argparse.ArgumentParser) -> None:
    """The deals a command is given, as :func:`_deals` reads them: DEAL arguments,
    ``--file``, and numbered deals ``--seed N`` with ``--count`` and ``--cards``."""
    parser.add_argument(
        "deals",
        nargs="*",
        metavar="DEAL",
        help='a deal in quotes ("TH JS 4C …"), one per argument; or the cards of one deal',
    )
    parser.add_argument("--file", metavar="F", help="one deal per line ('-' for stdin)")
    parser.add_argument("--seed", type=common.seed_number, metavar="N", help="numbered deal N")
    parser.add_argument(
        "--count",
        type=common.positive,
        metavar="K",
        help="with --seed (or --pysol, --solvitaire, --knuth): numbers N … N+K-1 (default 1)",
    )
    parser.add_argument(
        "--cards",
        type=common.card_count,
        metavar="K",
        help="with --seed: numbered deals of K cards (default 52)",
    )


def _check_sources(args: argparse.Namespace) -> None:
    """--count and --cards describe numbered deals: without --seed (or another
    numbering) they are refused rather than ignored; the last deal number fits."""
    if args.seed is None and chosen_source(args) is None:
        for flag, value in (("--count", args.count), ("--cards", args.cards)):
            if value is not None:
                raise CliError(
                    f"{flag} goes with --seed (or --pysol, --solvitaire, --knuth): "
                    "numbered deals; it says nothing here"
                )
    count = _count(args)
    if args.seed is not None and args.seed + count - 1 >= 2**64:
        raise CliError(
            f"--seed {args.seed} --count {shown(count)}: the last deal number, "
            f"{shown(args.seed + count - 1)}, is past 2**64 - 1"
        )
    if not args.deals and args.file is None and args.seed is None and chosen_source(args) is None:
        command = getattr(args, "command", None) or "solve"
        raise CliError(
            f"{command}: give deals as arguments, with --file or with --seed "
            "(or --pysol, --solvitaire, --knuth)"
        )


def _word_rows(args: argparse.Namespace, parse: Callable[[str], Deal]) -> list[Deal]:
    """The deals given as arguments: one per argument, or the cards of one deal."""
    words = args.deals
    if not all(word.isascii() for word in words):
        # (Imported only here: a deal in ASCII, the usual one, is UTF-8, and the
        # reader's module costs `solve` on one deal its start-up budget.)
        from accordion._input import not_utf8

        for number, word in enumerate(words, 1):
            problem = not_utf8(word)
            if problem is not None:
                raise InvalidDealError(f"deal argument {number}: {problem}")
    if words and not any(" " in w or "," in w for w in words) and len(words) > 1:
        return [common.named(parse, " ".join(words), f"deal arguments 1 to {len(words)}")]
    return [
        common.named(parse, word, f"deal argument {number}") for number, word in enumerate(words, 1)
    ]


def _row_stream(args: argparse.Namespace, parse: Callable[[str], Deal]) -> Iterator[Deal]:
    """The given rows, in order, lazily: arguments (checked at once), then --file
    (read in bounded pieces as the rows are used), then the numbered deals of
    another program (--pysol, --solvitaire, --knuth)."""
    _check_sources(args)
    given = _word_rows(args, parse)
    numbered = numbered_stream(args, _count(args))
    yield from given
    if args.file is not None:
        halves = getattr(getattr(args, "game", None), "judge_lines", False)
        yield from read_file(args.file, parse, halves=halves)
    yield from numbered


def _rows(args: argparse.Namespace, parse: Callable[[str], Deal] = Deal.parse) -> list[Deal]:
    """The given rows, in order: arguments, then --file (all read and checked
    before any output), then other programs' numbered deals."""
    return list(_row_stream(args, parse))


def _deals(
    args: argparse.Namespace,
    numbered: Callable[[int, int], Deal] = Deal.from_seed,
    parse: Callable[[str], Deal] = Deal.parse,
) -> Iterator[Deal]:
    """Every deal to solve, in order: arguments, then --file, then --seed, made
    as they are used (memory flat for any --count or file).

    ``numbered`` makes deal N of K cards and ``parse`` reads (and checks) one row;
    every argument is checked before the first deal comes.
    """
    yield from _row_stream(args, parse)
    if args.seed is not None:
        cards = _cards(args)
        yield from (numbered(args.seed + i, cards) for i in range(_count(args)))


def _numbered_count(args: argparse.Namespace) -> int:
    """How many deals --pysol, --solvitaire or --knuth name."""
    return _count(args) if chosen_source(args) is not None else 0


def deal_total(args: argparse.Namespace, game: Descriptor) -> int | None:
    """How many deals :func:`_deals` gives, counted without making them
    (``None`` when --file is standard input or a stream)."""
    counted = 0
    if args.file is not None:
        rows = _count_rows(args.file, halves=game.judge_lines)
        if rows is None:
            return None
        counted = rows
    seeds = _count(args) if args.seed is not None else 0
    given = len(_word_rows(args, game.parse_row)) if args.deals else 0
    return given + counted + seeds + _numbered_count(args)


def _cards(args: argparse.Namespace) -> int:
    return 52 if args.cards is None else int(args.cards)


def _count(args: argparse.Namespace) -> int:
    return 1 if args.count is None else int(args.count)


def _plan(args: argparse.Namespace, game: Descriptor) -> Plan:
    """The deals to solve as chunks: the given rows, then the numbered deals as
    seed ranges (made where they are solved, so never all at once)."""
    from accordion.batch import Plan, row_blocks

    rows = row_blocks(_rows(args, game.parse_row), args.chunk)
    if args.seed is None:
        return Plan(rows)
    return Plan(rows, _seed_ranges(args, game))


def _seed_ranges(args: argparse.Namespace, game: Descriptor) -> SeedRanges:
    from accordion.batch import SeedRanges

    return SeedRanges(args.seed, _count(args), args.chunk, _cards(args), game.engine)


#: Chunks of rows read from --file at a time when solving on a cluster (the
#: cluster's workers share them); on this machine one chunk at a time.
CLUSTER_WINDOW = 16


def _streamed(
    args: argparse.Namespace, game: Descriptor, solve: Callable[[Plan, int], Iterator[Any]]
) -> Iterator[Any]:
    """The solutions of a run whose rows stream from --file: the rows read and
    solved a block at a time (one chunk here, :data:`CLUSTER_WINDOW` chunks on a
    cluster), so memory stays flat and the first result comes after one chunk;
    then the numbered deals. Chunk by chunk, as an unstreamed run solves them, so
    the results are the same. A bad row stops the run at its line, after the
    results of the rows before it."""
    from accordion.batch import Plan, row_blocks

    window = args.chunk * (CLUSTER_WINDOW if args.scheduler is not None else 1)
    rows = _row_stream(args, game.parse_row)
    done = 0
    while True:
        block: list[Any] = []
        try:
            block.extend(itertools.islice(rows, window))
        except (AccordionError, OSError):
            # The rows read before the bad one are solved and printed first.
            if block:
                yield from solve(Plan(row_blocks(block, args.chunk)), done)
            raise
        if not block:
            break
        yield from solve(Plan(row_blocks(block, args.chunk)), done)
        done += len(block)
    if args.seed is not None:
        yield from solve(Plan(_seed_ranges(args, game)), done)


def _cannot_read(path: str, error: OSError) -> InputFileError:
    return InputFileError(
        f"--file {path}: cannot read it: {error.strerror or error}", "-" if path == "-" else path
    )


#: What a command reading standard input says when there is none (`<&-`).
STDIN_CLOSED = "standard input is closed: there is nothing to read"


def _lines(path: str) -> Iterator[bytes]:
    """The lines of ``path`` (``-``: standard input) as bytes, none longer than
    MAX_LINE, ended by LF, CR LF or a lone CR."""
    from accordion._input import read_lines

    if path == "-" and sys.stdin is None:
        # `<&-`: no standard input at all.
        raise InputFileError(f"--file -: cannot read it: {STDIN_CLOSED}", "-")
    try:
        handle = sys.stdin.buffer if path == "-" else open(path, "rb")  # noqa: SIM115
    except OSError as error:
        raise _cannot_read(path, error) from None
    with handle:
        try:
            yield from read_lines(handle, f"--file {path}")
        except OSError as error:  # a folder opens, then fails to read
            raise _cannot_read(path, error) from None


#: Cards in each of the two lines of a deal in UVa 127's judge input.
HALF_DECK = 26


def _rows_of(path: str) -> Iterator[tuple[int, str]]:
    """The rows of a file with their line numbers: UTF-8 (a byte-order mark
    allowed), blank lines and everything from ``#`` to the end of a line ignored."""
    for number, raw in enumerate(_lines(path), 1):
        try:
            line = raw.decode("utf-8-sig" if number == 1 else "utf-8")
        except UnicodeDecodeError as error:
            raise InvalidDealError(
                f"{path}:{number}: not UTF-8 text (byte {error.object[error.start]:#04x} "
                f"at column {error.start + 1})"
            ) from None
        text = line.split("#", 1)[0].strip()
        if text:
            yield number, text


def _read_file(
    path: str, parse: Callable[[str], Any] = Deal.parse, *, halves: bool = False
) -> Iterator[Any]:
    """The rows of a file, one per line (:func:`_rows_of`).

    With ``halves`` (Accordian Patience, UVa 127), two lines in a row of 26 cards
    each that together hold the whole deck are one deal: the judge's own input
    gives a deal so, and ends with a line ``#`` (a comment here). Two random
    half decks share a card but once in 10**14, so a file of short rows is read
    as it was written.
    """

    def parsed(number: int, text: str) -> Any:
        try:
            return parse(text)
        except AccordionError as error:
            raise type(error)(f"{path}:{number}: {error}") from None

    held: tuple[str, Any] | None = None
    for number, text in _rows_of(path):
        if held is not None:
            first, deal = held
            held = None
            try:
                whole = parse(f"{first} {text}")
            except AccordionError:
                yield deal
            else:
                if len(whole) == 2 * HALF_DECK:
                    yield whole
                    continue
                yield deal
        deal = parsed(number, text)
        if halves and len(deal) == HALF_DECK:
            held = (text, deal)
        else:
            yield deal
    if held is not None:
        yield held[1]


def read_file(
    path: str, parse: Callable[[str], Deal] = Deal.parse, *, halves: bool = False
) -> Iterator[Deal]:
    """The rows of ``--file`` (:func:`_read_file`), read lazily; a file with no
    deal at all is refused (one error naming --file and the file), as every
    command that reads one does."""
    empty = True
    for deal in _read_file(path, parse, halves=halves):
        empty = False
        yield deal
    if empty:
        where = "standard input" if path == "-" else path
        raise CliError(f"--file {path}: no deal in {where} (only blank lines or comments)")


def _count_rows(path: str, *, halves: bool = False) -> int | None:
    """How many rows a regular ``--file`` holds (lines with a deal), read in bounded
    pieces without parsing them (with ``halves``, by the judge's pairs, counted
    as :func:`_read_file` reads them); ``None`` for standard input or a stream,
    which can be read only once."""
    if path == "-":
        return None
    try:
        with open(path, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                return None
    except OSError as error:
        raise _cannot_read(path, error) from None
    if halves:
        return sum(1 for _ in _read_file(path, _Counted, halves=True))
    return sum(1 for _ in _rows_of(path))


class _Counted:
    """A stand-in row for counting the judge's pairs: its length is its cards,
    read without checking them (a bad row is reported where it is solved)."""

    def __init__(self, text: str) -> None:
        self.cards = len(text.replace(",", " ").split())

    def __len__(self) -> int:
        return self.cards


def _summary(index: int, total: int | None, solution: Any, game: Descriptor) -> str:
    """One solution as text, in the game's own words (piles or cards, moves or throws);
    ``total`` is ``None`` for rows streamed from standard input (not counted first)."""
    nouns = game.nouns
    head = f"deal {index}/{total}" if total is not None and total > 1 else "deal"
    if total is None:
        head = f"deal {index}"
    timing = f"{plural(solution.nodes, nouns.node)}, {solution.seconds * 1000:,.2f} ms"
    left = plural(solution.piles, nouns.piece) + ("" if nouns.piece == "pile" else " left")
    if solution.result == "win":
        every = ": every card out" if game.won_at == 0 else ""
        verdict = f"win in {plural(len(solution.moves), nouns.move)}{every} ({timing})"
    elif solution.result == "loss":
        verdict = f"loss: at best {left}, proved ({timing})"
    else:
        verdict = f"unknown: budget ran out; the best line found leaves {left} ({timing})"
    lines = [f"{head}: {solution.deal}", f"  {verdict}"]
    if solution.moves:
        lines.append("  line: " + nouns.separator.join(str(m) for m in solution.moves))
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Run ``accordion solve`` with the parsed ``args``; return the exit status (0 on success).

    Bad input raises an ``AccordionError`` or ``CliError``, which :func:`accordion.cli.main`
    prints as one ``accordion: error: …`` line (exit status 2).
    """
    game = common.the_game(args, "solve")
    common.check_jobs(args.jobs)
    if args.scheduler is not None or args.checkpoint is not None:
        game.require("batch", "solve")
    rules = common.game_rules(args)
    if args.rules in game.rules and args.rules not in game.solve_rules:
        # A rule set of the game's play, not of its solver (docs/royal-marriage.md).
        only = " or ".join(game.solve_rules)
        raise CliError(
            f"solve --game {game.name}: {game.title} solves open rows under {only} only, "
            f"not {args.rules} (a rule set for play and stats)"
        )
    if _given_here(args):
        _check_sources(args)
        deals = _word_rows(args, game.parse_row)
        progress = Progress(len(deals), "solving")
        return _print(
            args, game, _solve_given(args, game, rules, deals, progress), len(deals), progress
        )
    # --file streams, unless a checkpoint must name every row in its header first.
    stream = args.file is not None and args.checkpoint is None
    if stream:
        _check_sources(args)
        wants_total = not args.json or sys.stderr.isatty()
        counted = _count_rows(args.file, halves=game.judge_lines) if wants_total else None
        given = len(_word_rows(args, game.parse_row)) + _numbered_count(args)
        seeds = _count(args) if args.seed is not None else 0
        total = None if counted is None else counted + given + seeds
    else:
        plan = _plan(args, game)
        total = plan.deals()
    from accordion.batch import solve_plan
    from accordion.cli.cluster import batch_options, cluster_client

    progress = Progress(total or 0, "solving")
    with cluster_client(args) as client:

        def solve(plan: Plan, done: int = 0) -> Iterator[Any]:
            options = batch_options(args, client, progress)
            if done:
                options["progress"] = _after(progress, done)
            return solve_plan(
                plan, rules=rules, max_nodes=args.max_nodes, timeout=args.timeout, **options
            )

        solutions = _streamed(args, game, solve) if stream else solve(plan)
        _print(args, game, solutions, total, progress)
    return 0


def _given_here(args: argparse.Namespace) -> bool:
    """Whether the deals are only those given as arguments, solved on this machine
    without the batch machinery (no --file, numbered deals, cluster or checkpoint)."""
    return (
        args.file is None
        and args.seed is None
        and chosen_source(args) is None
        and args.checkpoint is None
        and args.scheduler is None
        and not os.environ.get("ACCORDION_SCHEDULER")
    )


def _solve_given(
    args: argparse.Namespace, game: Descriptor, rules: Any, deals: list[Any], progress: Progress
) -> Iterator[Any]:
    """The solutions of ``deals`` (given as arguments), a chunk at a time, as a
    batch run on this machine gives them (the same values, in the same order)."""
    rules = game.batch_rules(rules)
    for start in range(0, len(deals), args.chunk):
        yield from solve_deals(
            deals[start : start + args.chunk],
            game,
            rules,
            max_nodes=args.max_nodes,
            timeout=args.timeout,
            jobs=args.jobs,
            progress=_after(progress, start),
        )


def _after(progress: Progress, done: int) -> Callable[[int], None]:
    """``progress`` told of the deals of a chunk solved so far, after ``done`` others."""
    return lambda deals: progress.update(done + deals)


def _print(
    args: argparse.Namespace,
    game: Descriptor,
    solutions: Iterator[Any],
    total: int | None,
    progress: Progress | None = None,
) -> int:
    """Print each solution as it comes (text or ``--json``), then the tally line."""
    tally = Tally()
    for index, solution in enumerate(solutions, 1):
        if progress is not None:
            progress.clear()
        if args.json:
            import json

            print(json.dumps(solution.to_dict()))
        else:
            print(_summary(index, total, solution, game))
        tally.add(solution)
        if index % args.chunk == 0:
            sys.stdout.flush()
    if progress is not None:
        progress.close()
    if not args.json and tally.deals > 1:
        print(tally.line())
    return 0
