"""Run one fuzz target under atheris (libFuzzer for Python).

    python fuzz/run.py parsers -atheris_runs=100000       # or -max_total_time=3600
    python fuzz/run.py cli -max_total_time=600 some/corpus/folder

TARGET is ``parsers`` (fuzz/parsers.py) or ``cli`` (fuzz/cli.py); every other
argument goes to libFuzzer (``-help=1`` lists them), e.g. a corpus folder to
read and grow. The package is imported with atheris' coverage instrumentation
(the Python code; the Rust core runs as compiled). A crash prints its traceback,
writes the input to ``fuzz/crashes/`` and exits non-zero; replay one with
``python fuzz/run.py TARGET fuzz/crashes/crash-…``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import atheris

HERE = Path(__file__).resolve().parent
TARGETS = ("parsers", "cli")


def main() -> None:
    if len(sys.argv) < 2 or sys.argv[1] not in TARGETS:
        sys.exit(f"usage: python fuzz/run.py {{{'|'.join(TARGETS)}}} [libFuzzer options]")
    target = sys.argv[1]
    sys.path.insert(0, str(HERE))
    with atheris.instrument_imports(include=["accordion", target]):
        module = __import__(target)
    crashes = HERE / "crashes"
    crashes.mkdir(exist_ok=True)
    argv = [sys.argv[0], f"-artifact_prefix={crashes}/", *sys.argv[2:]]
    atheris.Setup(argv, module.test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
