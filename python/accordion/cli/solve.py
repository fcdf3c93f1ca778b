"""`accordion solve`: decide deals exhaustively (docs/contract.md)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from accordion import Deal, RoyalGame, RoyalSolution, Solution, royal_deal, solve_royal
from accordion.batch import SOLVE_CHUNK, Plan, SeedRanges, row_blocks, solve_plan
from accordion.cli.cluster import add_batch_flags, cluster_client
from accordion.cli.common import (
    CliError,
    add_game_flag,
    add_variant_flags,
    card_count,
    positive,
    rules_from,
    seed_number,
)
from accordion.cli.numbering import add_numbering_flags, numbered_deals, resolve_game
from accordion.cli.progress import Progress
from accordion.cli.tally import Tally
from accordion.session import plural


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "solve",
        help="decide deals: win (with the line), loss (with the fewest piles) or unknown",
        description="Solve open deals exhaustively. A win comes with a winning line; a loss "
        "is proved by exhaustive search and comes with a line reaching the fewest piles; "
        "'unknown' only when --max-nodes or --timeout ran out.",
    )
    parser.add_argument(
        "deals",
        nargs="*",
        metavar="DEAL",
        help='a deal in quotes ("TH JS 4C …"), one per argument; or the cards of one deal',
    )
    parser.add_argument("--file", metavar="F", help="one deal per line ('-' for stdin)")
    parser.add_argument("--seed", type=seed_number, metavar="N", help="numbered deal N")
    parser.add_argument(
        "--count",
        type=positive,
        default=1,
        metavar="K",
        help="with --seed (or --pysol, --solvitaire, --knuth): numbers N … N+K-1",
    )
    parser.add_argument(
        "--cards", type=card_count, metavar="K", help="numbered deals of K cards (default 52)"
    )
    parser.add_argument(
        "--rules",
        default="modern",
        metavar="NAME",
        help="modern (default) or parlett (must move; solves for the best forced line); "
        "royal-marriage: modern only",
    )
    add_variant_flags(parser)
    add_game_flag(parser)
    add_numbering_flags(parser)
    parser.add_argument("--max-nodes", type=positive, metavar="N", help="node budget per deal")
    parser.add_argument("--timeout", type=float, metavar="S", help="seconds per deal")
    parser.add_argument("--jobs", type=positive, metavar="J", help="threads (default: all cores)")
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    add_batch_flags(parser, SOLVE_CHUNK)
    parser.set_defaults(run=run)


def _rows(args: argparse.Namespace, parse: Callable[[str], Deal] = Deal.parse) -> list[Deal]:
    """The given rows, in order: arguments, then --file (all read and checked
    before any output)."""
    deals: list[Deal] = []
    words = args.deals
    if words and not any(" " in w or "," in w for w in words) and len(words) > 1:
        deals.append(parse(" ".join(words)))
    else:
        deals.extend(parse(word) for word in words)
    if args.file is not None:
        deals.extend(_read_file(args.file, parse))
    deals.extend(numbered_deals(args, args.count))
    if args.seed is not None and args.seed + args.count > 2**64:
        raise CliError("--seed N --count K: N + K must stay below 2**64")
    if not deals and args.seed is None:
        raise CliError(
            "solve: give deals as arguments, with --file or with --seed "
            "(or --pysol, --solvitaire, --knuth)"
        )
    return deals


def _deals(
    args: argparse.Namespace,
    numbered: Callable[[int, int], Deal] = Deal.from_seed,
    parse: Callable[[str], Deal] = Deal.parse,
) -> list[Deal]:
    """Every deal to solve, in order: arguments, then --file, then --seed.

    ``numbered`` makes deal N of K cards and ``parse`` reads (and checks) one row;
    Royal Marriage passes its own, so that a bad row is refused before any output.
    """
    deals = _rows(args, parse)
    if args.seed is not None:
        cards = _cards(args)
        deals.extend(numbered(args.seed + i, cards) for i in range(args.count))
    return deals


def _cards(args: argparse.Namespace) -> int:
    return 52 if args.cards is None else int(args.cards)


def _plan(args: argparse.Namespace) -> Plan:
    """The deals to solve as chunks: the given rows, then the numbered deals as
    seed ranges (made where they are solved, so never all at once)."""
    rows = row_blocks(_rows(args), args.chunk)
    if args.seed is None:
        return Plan(rows)
    return Plan(rows, SeedRanges(args.seed, args.count, args.chunk, _cards(args)))


def _read_file(path: str, parse: Callable[[str], Deal] = Deal.parse) -> Iterator[Deal]:
    try:
        handle = sys.stdin if path == "-" else open(path, encoding="utf-8")  # noqa: SIM115
    except OSError as error:
        raise CliError(f"cannot read {path}: {error.strerror}") from None
    with handle:
        for number, line in enumerate(handle, 1):
            text = line.strip()
            if not text or text.startswith("#"):
                continue
            try:
                yield parse(text)
            except ValueError as error:
                raise type(error)(f"{path}:{number}: {error}") from None


def _summary(index: int, total: int, solution: Solution) -> str:
    head = f"deal {index}/{total}" if total > 1 else "deal"
    moves = " ".join(str(m) for m in solution.moves)
    timing = f"{solution.nodes:,} nodes, {solution.seconds * 1000:.2f} ms"
    if solution.result == "win":
        verdict = f"win in {len(solution.moves)} moves ({timing})"
    elif solution.result == "loss":
        verdict = f"loss: at best {solution.piles} piles, proved ({timing})"
    else:
        verdict = f"unknown: budget ran out; best found {solution.piles} piles ({timing})"
    lines = [f"{head}: {solution.deal}", f"  {verdict}"]
    if moves:
        lines.append(f"  line: {moves}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    resolve_game(args)
    if args.game == "royal-marriage":
        return _run_royal(args)
    plan = _plan(args)
    rules = rules_from(args, args.rules)
    total = plan.deals()
    progress = Progress(total, "solving")
    tally = Tally()
    with cluster_client(args) as client:
        solutions = solve_plan(
            plan,
            chunk=args.chunk,
            rules=rules,
            jobs=args.jobs,
            max_nodes=args.max_nodes,
            timeout=args.timeout,
            client=client,
            checkpoint=args.checkpoint,
            progress=progress.update,
        )
        for index, solution in enumerate(solutions, 1):
            if args.json:
                print(json.dumps(solution.to_dict()))
            else:
                print(_summary(index, total, solution))
            tally.add(solution)
            if index % args.chunk == 0:
                sys.stdout.flush()
    progress.close()
    if not args.json and tally.deals > 1:
        print(tally.line())
    return 0


def _totals(solutions: Sequence[Solution | RoyalSolution]) -> str:
    tally = Tally()
    for solution in solutions:
        tally.add(solution)
    return tally.line()


# Royal Marriage ----------------------------------------------------------------------


def _royal_row(text: str) -> Deal:
    """A Royal Marriage row, checked (QH first, KH last) as it is read."""
    deal = Deal.parse(text)
    RoyalGame(deal)
    return deal


def _run_royal(args: argparse.Namespace) -> int:
    """Solve Royal Marriage rows; the interval solver takes microseconds a deal."""
    if args.scheduler is not None or args.checkpoint is not None:
        raise CliError("--game royal-marriage runs here only: no --scheduler or --checkpoint")
    if args.two_way or args.distances != "1,3":
        raise CliError("--game royal-marriage has no --two-way or --distances variant")
    if args.rules != "modern":
        raise CliError(
            f"--game royal-marriage solves open rows under the modern rules only, "
            f"not --rules {args.rules}"
        )
    if args.seed is not None and args.cards is not None and args.cards < 2:
        raise CliError("--game royal-marriage: numbered deals have 2 to 52 cards (--cards)")
    deals = _deals(args, royal_deal, _royal_row)
    progress = Progress(len(deals), "solving")
    solutions: list[RoyalSolution] = []
    for index, deal in enumerate(deals, 1):
        solution = solve_royal(deal, max_nodes=args.max_nodes, timeout=args.timeout)
        if args.json:
            print(json.dumps(solution.to_dict()))
        else:
            print(_royal_summary(index, len(deals), solution))
        solutions.append(solution)
        progress.update(index)
    progress.close()
    if not args.json and len(solutions) > 1:
        print(_totals(solutions))
    return 0


def _royal_summary(index: int, total: int, solution: RoyalSolution) -> str:
    head = f"deal {index}/{total}" if total > 1 else "deal"
    throws = len(solution.moves)
    timing = f"{plural(solution.nodes, 'interval')}, {solution.seconds * 1000:.2f} ms"
    if solution.result == "win":
        verdict = f"win in {plural(throws, 'throw')} ({timing})"
    elif solution.result == "loss":
        verdict = f"loss: at best {solution.cards} cards left, proved ({timing})"
    else:
        verdict = (
            f"unknown: budget ran out; the greedy line leaves {solution.cards} cards ({timing})"
        )
    lines = [f"{head}: {solution.deal}", f"  {verdict}"]
    if solution.moves:
        lines.append("  line: " + ", ".join(str(m) for m in solution.moves))
    return "\n".join(lines)
