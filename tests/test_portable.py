"""What must work where the machine differs from Linux CI: no ``fcntl`` (Windows),
Windows' own file lock; and the one version (Cargo.toml's) everywhere."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import accordion

ROOT = Path(__file__).resolve().parent.parent


def _run(code: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code), *args],
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_every_module_imports_and_the_cli_runs_without_fcntl(tmp_path: Path) -> None:
    """Windows has no fcntl: the checkpoint imported it at module level, and with it
    the whole CLI (cli → solve → batch → checkpoint) failed to import."""
    done = _run(
        """
        import importlib, pkgutil, sys, warnings
        sys.modules["fcntl"] = None  # import fcntl now raises ImportError, as on Windows
        import accordion
        warnings.simplefilter("ignore", DeprecationWarning)  # the moved modules' old paths
        names = [m.name for m in pkgutil.walk_packages(accordion.__path__, "accordion.")]
        for name in names:
            if name.endswith("__main__"):
                continue
            try:
                importlib.import_module(name)
            except ImportError as error:
                from accordion.errors import MissingExtraError
                if isinstance(error, MissingExtraError):
                    continue  # the table without the play extra says so
                if "dask" in str(error) or "distributed" in str(error):
                    continue  # an optional extra, refused with its own message
                raise
        from accordion.cli import main
        assert main(["solve", "--seed", "1", "--json"]) == 0
        print(len(names), "modules")
        """
    )
    assert done.returncode == 0, done.stderr
    assert "modules" in done.stdout


def test_the_checkpoint_lock_on_windows_keeps_a_second_run_out(tmp_path: Path) -> None:
    """The Windows branch of the lock, run here with msvcrt played by a fake that
    keeps Windows' rule (a locked byte cannot be locked again through another handle)."""
    done = _run(
        """
        import os, sys, types
        sys.modules["fcntl"] = None
        locked = {}
        fake = types.ModuleType("msvcrt")
        fake.LK_NBLCK, fake.LK_UNLCK = 2, 0
        def locking(fd, mode, nbytes):
            where = os.lseek(fd, 0, os.SEEK_CUR)
            stat = os.fstat(fd)
            key = (stat.st_dev, stat.st_ino, where)  # one file, whatever the handle
            if mode == fake.LK_NBLCK:
                if key in locked:
                    raise PermissionError(13, "locked")
                locked[key] = fd
            else:
                del locked[key]
        fake.locking = locking
        sys.modules["msvcrt"] = fake
        sys.platform = "win32"
        from accordion.batch.checkpoint import Checkpoint
        from accordion.errors import CheckpointError
        path = sys.argv[1]
        first = Checkpoint(path, "solve", {"a": 1})
        first.append(0, [1, 2])
        try:
            Checkpoint(path, "solve", {"a": 1})
        except CheckpointError as error:
            print("refused:", error)
        first.close()
        again = Checkpoint(path, "solve", {"a": 1})
        assert again.read(0) == [1, 2] and len(locked) == 1
        again.close()
        assert not locked
        print("ok")
        """,
        str(tmp_path / "run.ckpt"),
    )
    assert done.returncode == 0, done.stderr
    assert "refused: --checkpoint" in done.stdout and "another run" in done.stdout
    assert done.stdout.rstrip().endswith("ok")


@pytest.mark.skipif(sys.platform == "win32", reason="the POSIX lock")
def test_the_checkpoint_lock_keeps_a_second_run_out(tmp_path: Path) -> None:
    from accordion.batch.checkpoint import Checkpoint
    from accordion.errors import CheckpointError

    path = str(tmp_path / "run.ckpt")
    with (
        Checkpoint(path, "solve", {"a": 1}),
        pytest.raises(CheckpointError, match="another run is using this file"),
    ):
        Checkpoint(path, "solve", {"a": 1})
    with Checkpoint(path, "solve", {"a": 1}) as again:
        assert again.finished == {}


def test_one_version_cargo_tomls_everywhere(tmp_path: Path) -> None:
    from importlib import metadata

    from accordion.batch.checkpoint import Checkpoint

    cargo = (ROOT / "Cargo.toml").read_text(encoding="utf-8")
    version = next(
        line.split("=", 1)[1].strip().strip('"')
        for line in cargo.splitlines()
        if line.startswith("version")
    )
    assert accordion.__version__ == version
    assert metadata.version("accordion-patience") == version
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'dynamic = ["version"]' in pyproject and "\nversion =" not in pyproject
    with Checkpoint(str(tmp_path / "v.ckpt"), "solve", {}) as checkpoint:
        assert checkpoint.header["version"] == version
