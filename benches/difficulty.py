"""Validate the difficulty levels: draw N deals per level with `difficulty_deal`, play
the shipped strategies on each, and print each strategy's win rate per level with its
95 % (Wilson) interval and its mean piles, plus the generation time per deal.

    python benches/difficulty.py [--deals N] [--seed S] [--cards K]
    python benches/difficulty.py --speed [--deals N] [--seed S | --random] [--lengths K ...]

Run from the repository root with the package installed. Level L's deals are the
first N numbered deals from S on rated L (each search starts one past the last deal
found), so every deal is `accordion deal --difficulty L --seed …` as a user gets it.
The strategies play each deal open under the modern rules
(`simulate(strategy=…, deals=1, seed=deal number, blind=False)`, `docs/strategies.md`).
With `--speed`, only the generation time is measured, for each level at each row
length given (default: every calibrated length). Generation time is measured one deal
at a time on one thread (`jobs=1`), as an app would ask for one deal: wall-clock and
the process's CPU time (on a machine shared with other work the wall-clock time
includes waiting for a core; the CPU time does not). With `--random`, each draw is
`difficulty_deal(level, cards=K)` from a random start, as an app asks for "a hard
deal": under the modern rules at a calibrated length that start lies in the numbers
the level table covers (rust/choose/level_table.rs); from `--seed` beyond those (say
1,000,001) every candidate is rated live.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

import accordion

STRATEGIES = ("random", "slide-first", "leap-first", "sweepers")
LEVELS = ("easy", "medium", "hard")


def wilson(wins: int, n: int) -> tuple[float, float]:
    z = 1.959963984540054
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


CALIBRATED = (*range(8, 21), 26, 39, 52)


def generate(
    level: str, seed: int | None, cards: int, deals: int
) -> tuple[list[int], list[float], list[float]]:
    """The first ``deals`` numbered deals from ``seed`` on at ``level``, each drawn as an
    app would; their numbers and the wall-clock and CPU seconds of each draw. With
    ``seed`` None, each draw from a random start (``difficulty_deal(level)``)."""
    numbers: list[int] = []
    wall: list[float] = []
    cpu: list[float] = []
    for _ in range(deals):
        start = time.perf_counter()
        start_cpu = time.process_time()
        deal = accordion.difficulty_deal(level, seed=seed, cards=cards, jobs=1)
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        assert deal.seed is not None
        numbers.append(deal.seed)
        if seed is not None:
            seed = deal.seed + 1
    return numbers, wall, cpu


def quantiles(seconds: list[float]) -> str:
    """Median, p90 and max in ms, as table cells."""
    ms = sorted(t * 1000 for t in seconds)
    return f"{statistics.median(ms):.1f} | {ms[int(0.9 * len(ms))]:.1f} | {ms[-1]:.1f}"


def speed(args: argparse.Namespace) -> None:
    start = "each from a random start" if args.random else f"from number {args.seed}"
    print(f"{args.deals:,} deals per level and length, {start}, jobs=1\n")
    print(
        "| cards | level | median ms | p90 ms | max ms | median CPU ms | p90 CPU ms | max CPU ms |"
    )
    print("|---|---|---|---|---|---|---|---|")
    seed = None if args.random else args.seed
    for cards in args.lengths:
        for level in LEVELS:
            _, wall, cpu = generate(level, seed, cards, args.deals)
            print(f"| {cards} | {level} | {quantiles(wall)} | {quantiles(cpu)} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cards", type=int, default=52)
    parser.add_argument("--speed", action="store_true", help="generation time only")
    parser.add_argument("--lengths", type=int, nargs="*", default=list(CALIBRATED))
    parser.add_argument(
        "--random", action="store_true", help="with --speed: each draw from a random start"
    )
    args = parser.parse_args()
    if args.speed:
        speed(args)
        return
    print(f"{args.deals:,} deals per level, {args.cards} cards, from number {args.seed}\n")
    print("| level | strategy | wins | win rate | 95 % interval | mean piles |")
    print("|---|---|---|---|---|---|")
    times: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {}
    for level in LEVELS:
        numbers, times[level], cpu[level] = generate(level, args.seed, args.cards, args.deals)
        for strategy in STRATEGIES:
            wins = 0
            piles = 0.0
            for number in numbers:
                stats = accordion.simulate(
                    rules="modern",
                    strategy=strategy,
                    deals=1,
                    seed=number,
                    cards=args.cards,
                    blind=False,
                )
                wins += stats.wins
                piles += stats.mean_piles
            low, high = wilson(wins, len(numbers))
            print(
                f"| {level} | {strategy} | {wins:,} | {wins / len(numbers):.2%} "
                f"| {low:.2%} – {high:.2%} | {piles / len(numbers):.2f} |"
            )
    print(
        "\n| level | median ms per deal | p90 ms | max ms "
        "| median CPU ms | p90 CPU ms | max CPU ms |"
    )
    print("|---|---|---|---|---|---|---|")
    for level in LEVELS:
        ms = sorted(t * 1000 for t in times[level])
        cpu_ms = sorted(t * 1000 for t in cpu[level])
        print(
            f"| {level} | {statistics.median(ms):.1f} | {ms[int(0.9 * len(ms))]:.1f} "
            f"| {ms[-1]:.1f} | {statistics.median(cpu_ms):.1f} "
            f"| {cpu_ms[int(0.9 * len(cpu_ms))]:.1f} | {cpu_ms[-1]:.1f} |"
        )


if __name__ == "__main__":
    main()
