"""The batch flags that `solve`, `stats` and `hunt` share (SPEC §5):
``--scheduler ADDRESS`` (or ``$ACCORDION_SCHEDULER``), ``--chunk K``, ``--checkpoint FILE``."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from accordion.cli.common import positive
from accordion.cli.errors import InterruptedRun

TYPE_CHECKING = False  # (not typing's: importing typing is slow)
if TYPE_CHECKING:
    import argparse
    from typing import Any

    from distributed import Client

    from accordion.cli.progress import Progress


def add_batch_flags(parser: argparse.ArgumentParser, chunk: int | str, unit: str = "deals") -> None:
    """Add --scheduler, --chunk and --checkpoint (docs/cluster.md) to ``parser``.

    ``chunk`` is the default number of ``unit`` per task, or the words that say
    how the command chooses it (the flag's value is then ``None``).
    """
    group = parser.add_argument_group("batches (see docs/cluster.md)")
    group.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="run on the dask.distributed scheduler at tcp://HOST:PORT "
        "(default: $ACCORDION_SCHEDULER; unset: this machine)",
    )
    group.add_argument(
        "--chunk",
        type=positive,
        default=chunk if isinstance(chunk, int) else None,
        metavar="K",
        help=f"{unit} per chunk, the unit of work and of the checkpoint (default {chunk:,})"
        if isinstance(chunk, int)
        else f"{unit} per chunk, the unit of work and of the checkpoint (default {chunk})",
    )
    group.add_argument(
        "--checkpoint",
        metavar="FILE",
        help="record each finished chunk in FILE; the same command again continues from it",
    )


def batch_options(
    args: argparse.Namespace, client: Client | None, progress: Progress
) -> dict[str, Any]:
    """What every batch of the command line is given besides its deals and rules:
    the chunk size, the threads, the cluster's client, the checkpoint, the
    progress line and the game."""
    return {
        "chunk": args.chunk,
        "jobs": args.jobs,
        "client": client,
        "checkpoint": args.checkpoint,
        "progress": progress,
        "game": args.game.name,
    }


@contextlib.contextmanager
def cluster_client(args: argparse.Namespace) -> Iterator[Client | None]:
    """The Dask client the flags ask for (``None``: run here), closed afterwards.
    A Ctrl-C during a run with ``--checkpoint`` says where the finished chunks are
    kept and how to go on (:func:`resumable`)."""
    with resumable(args), _client(args) as client:
        yield client


@contextlib.contextmanager
def resumable(args: argparse.Namespace) -> Iterator[None]:
    """Turn a Ctrl-C during a run with ``--checkpoint FILE`` into one that says the
    finished chunks are kept in FILE and gives the command that resumes the run
    (the same command again)."""
    try:
        yield
    except KeyboardInterrupt:
        if getattr(args, "checkpoint", None) is None:
            raise
        import shlex

        command = shlex.join(["accordion", args.command, *getattr(args, "argv", [])])
        raise InterruptedRun(
            f"the finished chunks are kept in {args.checkpoint}; "
            f"to go on from them, run the same command again: {command}"
        ) from None


@contextlib.contextmanager
def _client(args: argparse.Namespace) -> Iterator[Client | None]:
    from accordion.batch.dask import connect, scheduler_address

    if scheduler_address(args.scheduler) is None:
        yield None
        return
    # Quiet before connecting: a Ctrl-C or a failure while the client connects
    # leaves comms that Dask's loggers report as they are collected ("Closing
    # dangling stream"). Dask sets its loggers' levels when it is imported; without
    # it, connect says which extra to install.
    with contextlib.suppress(ImportError):
        import distributed  # noqa: F401

    _quiet_dask()
    # The flag's value as given: connect names $ACCORDION_SCHEDULER when it came from there.
    client = connect(args.scheduler)
    try:
        yield client
    finally:
        with contextlib.suppress(Exception):
            client.close(timeout=2)


def _quiet_dask() -> None:
    """The command line reports a failure on one line; Dask's own logging would add
    tracebacks and reconnection chatter on stderr (each of its loggers has its level).

    Tornado's too: Ctrl-C that lands while ``distributed.utils.sync`` is still
    starting its call makes the cancel callback read the call's future before it
    exists, and tornado logs that ``NameError`` with a traceback (seen beside
    ``accordion: interrupted`` in ``test_ctrl_c_stops_a_cluster_run_promptly``
    under load, distributed 2026.8.0)."""
    import logging

    tornado = ["tornado", "tornado.application", "tornado.general", "tornado.access"]
    for name in [*tornado, *logging.root.manager.loggerDict]:
        if name in ("distributed", "tornado") or name.startswith(("distributed.", "tornado.")):
            logging.getLogger(name).setLevel(logging.CRITICAL + 1)
