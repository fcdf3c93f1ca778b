"""How long `accordion solve "7H 2C 3C 7C"` takes as a whole process, against
`python -c pass`: fresh interpreters, wall time of each, run interleaved so that
every command sees the same load; the median and the least of N runs, and the
solve's cost over `python -c pass` (median against median). Also the CPU time of
each process (user + system, from ``wait4``), which a busy machine inflates far
less than the wall time: on an idle one the two agree. Figures: startup.md.

    python benches/startup.py [--runs N] [TREE ...]

Each TREE is a folder holding the `accordion` package (put first on PYTHONPATH);
none: the installed package. Also `python -X importtime -m accordion solve …`
shows where the time goes, module by module.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import tree_arguments

DEAL = "7H 2C 3C 7C"

#: What is timed: Python alone, the import, the command through `python -m` and
#: through the script an installed package has.
COMMANDS = ("python -c pass", "import accordion", "accordion solve", "the script: accordion solve")
#: The `accordion` command as pip (26) writes it for the package's entry point:
#: what a user runs, without `python -m`'s runpy.
SCRIPT = """#!{python}
import sys
from accordion.cli import main
if __name__ == '__main__':
    sys.argv[0] = sys.argv[0].removesuffix('.exe')
    sys.exit(main())
"""


def wall(command: list[str], tree: str | None) -> tuple[float, float]:
    """Seconds of one run of ``command`` in a fresh process (output dropped): its
    wall time and its CPU time."""
    env = dict(os.environ)
    # Bytecode cached, as an installed package has it (the first, warm-up run writes it).
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if tree is not None:
        env["PYTHONPATH"] = tree
    start = time.perf_counter()
    child = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    elapsed = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise subprocess.CalledProcessError(child.returncode, command)
    return elapsed, usage.ru_utime + usage.ru_stime


def measure(
    script: Path, trees: list[str | None], runs: int
) -> dict[tuple[str | None, str], list[tuple[float, float]]]:
    """Each command's (wall, CPU) seconds in each tree, ``runs`` times, interleaved."""
    commands = dict(
        zip(
            COMMANDS,
            [
                [sys.executable, "-c", "pass"],
                [sys.executable, "-c", "import accordion"],
                [sys.executable, "-m", "accordion", "solve", DEAL],
                [str(script), "solve", DEAL],
            ],
            strict=True,
        )
    )
    times: dict[tuple[str | None, str], list[tuple[float, float]]] = {}
    for tree in trees:
        for command in commands.values():
            wall(command, tree)  # warm-up: writes the bytecode caches
    for _ in range(runs):
        for tree in trees:
            for name, command in commands.items():
                times.setdefault((tree, name), []).append(wall(command, tree))
    return times


def main() -> None:
    runs, trees = tree_arguments(__doc__, runs=15)
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "accordion"
        script.write_text(SCRIPT.format(python=sys.executable), encoding="utf-8")
        script.chmod(0o755)
        times = measure(script, trees, runs)
    print(f"{runs} runs each, interleaved; milliseconds")
    print(
        "| tree | command | median | least | median over `python -c pass` "
        "| CPU median | CPU median over `python -c pass` |"
    )
    print("|---|---|---|---|---|---|---|")
    for tree in trees:
        base = statistics.median(run[0] for run in times[tree, "python -c pass"])
        cpu_base = statistics.median(run[1] for run in times[tree, "python -c pass"])
        for name in COMMANDS:
            walls = [run[0] for run in times[tree, name]]
            median = statistics.median(walls)
            cpu = statistics.median(run[1] for run in times[tree, name])
            print(
                f"| {tree or 'installed'} | {name} | {median * 1000:.1f} | "
                f"{min(walls) * 1000:.1f} | {(median - base) * 1000:+.1f} | "
                f"{cpu * 1000:.1f} | {(cpu - cpu_base) * 1000:+.1f} |"
            )


if __name__ == "__main__":
    main()
