"""Run an `accordion` command through a Dask LocalCluster on this machine.

    python benches/local_cluster.py [--workers N] -- hunt --seed 1 --count 10000000 \\
        --checkpoint hunt.ckpt --json

starts a LocalCluster of ``--workers`` worker processes (default: one per core)
with one task thread each, on loopback only, runs the command with
``--scheduler`` pointing at it, and stops the cluster. This is how the long runs
of docs/results.md were made; a run stopped midway continues from its checkpoint
when started again.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys

from distributed import LocalCluster

from accordion.cli import main as accordion


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=len(os.sched_getaffinity(0)))
    parser.add_argument("command", nargs=argparse.REMAINDER, help="the accordion command")
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    logging.getLogger("distributed").setLevel(logging.ERROR)
    with LocalCluster(
        n_workers=args.workers,
        threads_per_worker=1,
        host="127.0.0.1",
        protocol="tcp",
        dashboard_address=":0",
    ) as cluster:
        return accordion([*command, "--scheduler", cluster.scheduler_address])


if __name__ == "__main__":
    sys.exit(main())
