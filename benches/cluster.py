"""Throughput of batches here and through a Dask LocalCluster, and the cost of a chunk.

    python benches/cluster.py [--hunt-deals 4000] [--strict-deals 50000000] [--repeat 3]

Measures, on this machine, interleaved (local, cluster, local, cluster …), median
of ``--repeat`` runs:

- the hunt (exhaustive solve of numbered 52-card deals): deals per second run
  here (one process, the core's threads on every core) and through a
  LocalCluster of one worker process per core, one thread each;
- the strict simulation, the same way;
- the overhead of one chunk through the cluster: chunks of one trivial deal,
  so that nearly all the time is scheduling, sending and merging.

Figures and the machine are recorded in benches/cluster-results.md.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable

from distributed import Client, LocalCluster

from accordion import batch
from accordion.batch.hunt import hunt


def timed(run: Callable[[], object]) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hunt-deals", type=int, default=4000)
    parser.add_argument("--hunt-chunk", type=int, default=200)
    parser.add_argument("--strict-deals", type=int, default=50_000_000)
    parser.add_argument("--strict-chunk", type=int, default=batch.SIMULATE_CHUNK * 10)
    parser.add_argument("--overhead-chunks", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    cores = len(os.sched_getaffinity(0))
    with (
        LocalCluster(
            n_workers=cores,
            threads_per_worker=1,
            host="127.0.0.1",
            protocol="tcp",
            dashboard_address=":0",
        ) as cluster,
        Client(cluster) as client,
    ):
        runs: dict[str, list[float]] = {}

        def record(name: str, seconds: float) -> None:
            runs.setdefault(name, []).append(seconds)

        for _ in range(args.repeat):
            for where, target in (("local", None), ("cluster", client)):
                record(
                    f"hunt {where}",
                    timed(
                        lambda target=target: hunt(
                            1, args.hunt_deals, chunk=args.hunt_chunk, client=target
                        )
                    ),
                )
                record(
                    f"strict {where}",
                    timed(
                        lambda target=target: batch.simulate(
                            rules="strict",
                            deals=args.strict_deals,
                            chunk=args.strict_chunk,
                            client=target,
                        )
                    ),
                )
            record(
                "overhead cluster",
                timed(
                    lambda: batch.simulate(
                        rules="strict", deals=args.overhead_chunks, cards=1, chunk=1, client=client
                    )
                ),
            )
            record(
                "overhead local",
                timed(
                    lambda: batch.simulate(
                        rules="strict", deals=args.overhead_chunks, cards=1, chunk=1
                    )
                ),
            )
    print(f"{cores} cores; median of {args.repeat}, all runs in seconds")
    for name, seconds in runs.items():
        median = statistics.median(seconds)
        if name.startswith("hunt"):
            figure = f"{args.hunt_deals / median:,.0f} deals/s"
        elif name.startswith("strict"):
            figure = f"{args.strict_deals / median:,.0f} deals/s"
        else:
            figure = f"{median / args.overhead_chunks * 1000:.2f} ms per chunk"
        print(f"{name:18} {figure:>22}   runs {', '.join(f'{s:.2f}' for s in seconds)}")


if __name__ == "__main__":
    main()
