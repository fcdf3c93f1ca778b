"""How long `import accordion` takes: `python -X importtime`, run N times in fresh
interpreters, the cumulative microseconds of the `accordion` line; the median and
the least (the least is the closest to an idle machine). Figures: import-time.md.

    python benches/import_time.py [--runs N] [TREE ...]

Each TREE is a folder holding the `accordion` package (put first on PYTHONPATH);
none: the installed package. Several trees are run interleaved, so that they see
the same load.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys

from common import tree_arguments


def once(tree: str | None) -> int:
    env = dict(os.environ)
    if tree is not None:
        env["PYTHONPATH"] = tree
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import accordion"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    last = done.stderr.strip().splitlines()[-1]  # "import time: self | cumulative | accordion"
    return int(last.split("|")[1])


def main() -> None:
    runs, trees = tree_arguments(__doc__, runs=21)
    times: dict[str | None, list[int]] = {tree: [] for tree in trees}
    for _ in range(runs):
        for tree in trees:
            times[tree].append(once(tree))
    for tree, micros in times.items():
        print(
            f"{tree or 'installed'}: median {statistics.median(micros) / 1000:.1f} ms, "
            f"least {min(micros) / 1000:.1f} ms ({len(micros)} runs)"
        )


if __name__ == "__main__":
    main()
