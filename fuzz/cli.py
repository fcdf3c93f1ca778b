"""Fuzz target: the command line, in process (``accordion.cli.main``).

Each input becomes an argv (a subcommand, its flags with good, hostile or random
values, positional words), the bytes on stdin and the contents of a ``--file``.
Whatever they are, the command must end with exit status 0 or 2; on 2, stderr
ends with exactly one ``accordion: error:`` line; nothing else may escape (a
traceback is a crash). Nothing is mocked: the budgets are kept small instead
(``--max-nodes``, ``--deals``, ``--count``, ``--tries`` drawn small; a node budget
given to ``solve`` before the fuzzed flags, which a fuzzed one overrides).

The flags are read from the parser itself, so new flags are fuzzed as they
come. Left out: ``hunt`` (its searches have no node budget) and ``--scheduler``
(a network address; ``$ACCORDION_SCHEDULER`` is cleared too).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

import atheris

from accordion.cli import build_parser, main

WORK = Path(tempfile.mkdtemp(prefix="accordion-fuzz-cli-"))
FILE = WORK / "deals.txt"
os.environ.pop("ACCORDION_SCHEDULER", None)

# A server runs until it is stopped (`serve`, `play --serve`): tests/test_web_serve.py
# drives those with hostile flags and stops them.
LEFT_OUT_COMMANDS = {"hunt", "serve"}
LEFT_OUT_FLAGS = {"--scheduler", "--serve"}
# Given before the fuzzed flags (a fuzzed flag of the same name comes later and wins).
BUDGETS = {"solve": ["--max-nodes", "20000"]}

HOSTILE = (
    "", " ", "-1", "0", "-0", "nan", "inf", "-inf", "1e309", "0.0", "1e-300", "+5", " 7 ",
    "0x10", "1_0", "٣", "１２", "99999999999999999999999", "18446744073709551616",
    "-9223372036854775809", "\x00", "\ud800", "\ufeff1", "1,3,", ",", "1,,3", "0,3", "52",
    "53", "-", "--", "ZZ", "AS AS", "7H>7S", "ms0", "ms99999999999",
    "/nonexistent/dir/h.png", str(WORK), "h.txt",
)  # fmt: skip
# Hostile values of the flags whose value is a cost: none a large valid number.
COSTLY = {"--count", "--deals", "--tries", "--chunk", "--max-nodes", "--jobs"}
HOSTILE_COUNTS = (
    "", "-1", "0", "nan", "1e309", "1.5", "99999999999999999999999", "18446744073709551616",
    "-9223372036854775809", "\x00", "\ud800", "١", "0x10", "+3", " 2 ", "ZZ", "--",
)  # fmt: skip
# Good values by flag, small where a value is a cost.
GOOD: dict[str, tuple[str, ...]] = {
    "--seed": ("0", "1", "2", "41", "18446744073709551615", "18446744073709551614"),
    "--count": ("1", "2", "3"),
    "--cards": ("1", "2", "5", "12", "18", "52"),
    "--deals": ("1", "3", "20"),
    "--max-nodes": ("1", "100", "5000"),
    "--timeout": ("0.05", "0.2", "1"),
    "--jobs": ("1", "2"),
    "--tries": ("1", "5", "30"),
    "--chunk": ("1", "2", "100"),
    "--distances": ("1,3", "2,3", "1,2,3", "3,1", "2"),
    "--rules": ("modern", "strict", "strict-leap", "parlett", "royal-marriage"),
    "--strategy": ("forced", "slide-first", "leap-first", "sweepers", "random", "parlett-agent"),
    "--game": ("accordion", "royal-marriage", "bayan", "23-skidoo", "accordions-revenge", "772"),
    "--pysol": ("1", "31999", "32000", "ms5", "#12,345"),
    "--solvitaire": ("0", "1", "-2", "2147483647"),
    "--knuth": ("0", "2390", "-5"),
    "--deal": ("7H 7S 8S KS", "QH 2C 3C KH", "AS"),
    "--plot": (str(WORK / "h.svg"), "h.png", "h.txt"),
    "--checkpoint": (str(WORK / "checkpoint.jsonl"),),
    "--file": (str(FILE), "-", str(WORK / "missing.txt"), str(WORK)),
}
DEAL_WORDS = (
    "7H 7S 8S KS", "AS", "2C", "QH", "KH", "ZZ", "7H,7S", "AS AS", "#", "\ufeffAS",
    "AS\x1c2C", "AS\x1d", "\x1e2C", "AS\x1f2C", "AS\x852C",
)  # fmt: skip


def _subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            choices: dict[str, argparse.ArgumentParser] = action.choices  # type: ignore[assignment]
            return {k: v for k, v in choices.items() if k not in LEFT_OUT_COMMANDS}
    raise RuntimeError("the accordion parser has no subcommands")


COMMANDS = _subcommands()
NAMES = sorted(COMMANDS)


def _pick(fdp: atheris.FuzzedDataProvider, values: tuple[str, ...] | list[str]) -> str:
    return values[fdp.ConsumeIntInRange(0, len(values) - 1)]


def _value(fdp: atheris.FuzzedDataProvider, flag: str, action: argparse.Action) -> str:
    kind = fdp.ConsumeIntInRange(0, 9)
    if kind < 6:
        if action.choices is not None:
            return _pick(fdp, [str(c) for c in action.choices])
        if flag in GOOD:
            return _pick(fdp, GOOD[flag])
    if kind < 9:
        return _pick(fdp, HOSTILE_COUNTS if flag in COSTLY else HOSTILE)
    return fdp.ConsumeUnicode(fdp.ConsumeIntInRange(0, 12))


def _argv(fdp: atheris.FuzzedDataProvider) -> list[str]:
    if fdp.ConsumeIntInRange(0, 15) == 0:  # no subcommand, a wrong one, or a top-level flag
        top = _pick(fdp, ["--help", "--version", "nope", "", "-x", "--"])
        return [top][: fdp.ConsumeIntInRange(0, 1)]
    name = _pick(fdp, NAMES)
    parser = COMMANDS[name]
    flags = [
        (flag, action)
        for action in parser._actions
        for flag in action.option_strings
        if flag.startswith("--") and flag not in LEFT_OUT_FLAGS
    ]
    argv = [name, *BUDGETS.get(name, [])]
    for _ in range(fdp.ConsumeIntInRange(0, 7)):
        choice = fdp.ConsumeIntInRange(0, 9)
        if choice < 7:
            flag, action = flags[fdp.ConsumeIntInRange(0, len(flags) - 1)]
            argv.append(flag)
            if action.nargs != 0 and fdp.ConsumeIntInRange(0, 15) != 0:
                argv.append(_value(fdp, flag, action))
        elif choice < 9:
            argv.append(_pick(fdp, DEAL_WORDS))
        else:
            argv.append(fdp.ConsumeUnicode(fdp.ConsumeIntInRange(0, 16)))
    # --winnable and --difficulty try up to 100,000 deals unless told fewer.
    if ("--winnable" in argv or "--difficulty" in argv) and "--tries" not in argv:
        argv += ["--tries", "20"]
    return argv


def _stream(data: bytes, errors: str) -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors=errors)


class Broken(AssertionError):
    """The command broke the contract: its argv, what it printed and why."""


def test_one_input(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    argv = _argv(fdp)
    FILE.write_bytes(fdp.ConsumeBytes(fdp.ConsumeIntInRange(0, 200)))
    stdin_errors = _pick(fdp, ["strict", "surrogateescape"])
    stdin = _stream(fdp.ConsumeBytes(fdp.remaining_bytes()), stdin_errors)
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict")
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="backslashreplace")
    saved = sys.stdin, os.getcwd()
    sys.stdin = stdin
    os.chdir(WORK)
    status: Any
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = main(argv)
            except SystemExit as exit:  # --help, --version
                status = 0 if exit.code is None else exit.code
            finally:
                out.flush()
                err.flush()
    except Exception as error:
        raise Broken(f"argv {argv!r}: {type(error).__name__} escaped: {error!r}") from error
    finally:
        sys.stdin, cwd = saved
        os.chdir(cwd)
    stderr = err.buffer.getvalue().decode("utf-8")  # type: ignore[attr-defined]
    lines = stderr.splitlines()
    errors = [line for line in lines if line.startswith("accordion: error:")]
    if status not in (0, 2):
        raise Broken(f"argv {argv!r}: exit status {status!r}; stderr {stderr[-500:]!r}")
    if "Traceback" in stderr:
        raise Broken(f"argv {argv!r}: a traceback on stderr {stderr[-500:]!r}")
    if status == 2 and (len(errors) != 1 or lines[-1] != errors[0]) and argv:
        raise Broken(f"argv {argv!r}: exit 2 without one closing error line: {stderr[-500:]!r}")
    if status == 0 and errors:
        raise Broken(f"argv {argv!r}: exit 0 with an error line: {stderr[-500:]!r}")
