"""Rate the throw games' numbered open deals (docs/difficulty.md, "The throw games"):
for each game, the deals 0 … COUNT-1 of 52 cards rated by `rate(deal, game=NAME)`, with
the verdicts, the median and terciles of the difficulty of the winnable ones, the median
nodes and the user CPU time.

    python benches/throw_difficulty.py GAME COUNT

Run from the repository root with the package installed. The ratings are exact (no
timing involved); only the CPU time depends on the machine.
"""

from __future__ import annotations

import argparse
import resource
import statistics

import accordion
from accordion.games import find_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("count", type=int)
    args = parser.parse_args()
    game = find_game(args.game)
    results = {"win": 0, "loss": 0, "unknown": 0}
    difficulties: list[float] = []
    nodes: list[int] = []
    for seed in range(args.count):
        rating = accordion.rate(game.numbered()(seed, 52), game=game.name)
        results[rating.result] += 1
        nodes.append(rating.nodes)
        if rating.difficulty is not None:
            difficulties.append(rating.difficulty)
    low, high = statistics.quantiles(difficulties, n=3)
    cpu = resource.getrusage(resource.RUSAGE_SELF).ru_utime
    print(
        f"| {game.title} | 0–{args.count - 1:,} | {results['win']:,} / {results['loss']:,} / "
        f"{results['unknown']:,} | {statistics.median(difficulties):.3f} | {low:.3f}, {high:.3f} "
        f"| {max(difficulties):.3f} | {int(statistics.median(nodes)):,} | {cpu:.1f} s |"
    )


if __name__ == "__main__":
    main()
