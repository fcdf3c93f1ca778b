"""Running batches on a ``dask.distributed`` cluster (the ``distributed`` extra).

:func:`connect` opens a client to a scheduler, checked; :class:`DaskRunner` runs
the chunks of :mod:`accordion.batch` on its workers. Every function of
:mod:`accordion.batch` takes ``client=`` (a ``distributed.Client`` or an address)::

    from accordion import batch
    from accordion.batch.dask import connect

    client = connect("tcp://head-node:8786")        # or connect() with $ACCORDION_SCHEDULER
    for solution in batch.solve_range(1, 10**6, client=client):
        ...
    stats = batch.simulate(rules="strict", deals=10**9, client=client)
    hunt = batch.hunt(1, 10**7, client=client, checkpoint="hunt.ckpt")

The workers need ``accordion`` installed (the same version); each chunk is one
task, run by the core's batch functions, which use the worker's cores (its
cores divided by its task threads; ``jobs=`` overrides). A worker that dies
loses only its running chunks: the scheduler runs them again elsewhere, and the
results are the same. If the scheduler itself goes away, the run stops with
:class:`~accordion.errors.ClusterError` (after the client's reconnection
attempts, ``distributed.comm.timeouts.connect``); chunks already finished are in
the checkpoint.
"""

from __future__ import annotations

import os
import socket
import time
import uuid
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar

from accordion.errors import ClusterError, MissingExtraError, SchedulerError

if TYPE_CHECKING:
    from distributed import Client, Future

    from accordion.batch import Chunk

R = TypeVar("R")

#: The environment variable that names the scheduler when no address is given.
SCHEDULER_VARIABLE = "ACCORDION_SCHEDULER"

INSTALL = "pip install 'accordion-patience[distributed]'"

#: Seconds to wait for a scheduler to answer a new connection.
CONNECT_TIMEOUT = 10.0

#: How often the runner looks at the client's state while waiting for chunks.
POLL = 0.2


def require() -> None:
    """Raise :class:`MissingExtraError` (one line, with the command) without Dask."""
    try:
        import distributed  # noqa: F401
    except ImportError:
        raise MissingExtraError(
            f"running on a Dask cluster needs the 'distributed' extra: {INSTALL}"
        ) from None


def scheduler_address(address: str | None = None) -> str | None:
    """``address``, else ``$ACCORDION_SCHEDULER``, else ``None`` (run here)."""
    if address is not None:
        return address
    return os.environ.get(SCHEDULER_VARIABLE) or None


def _check_address(address: str) -> tuple[str, str]:
    """The scheme and location of ``address``; a SchedulerError if it is not one."""
    from distributed.comm.addressing import parse_address, parse_host_port

    text = address.strip()
    try:
        scheme, location = parse_address(text if "://" in text else f"tcp://{text}")
        if scheme in ("tcp", "tls"):
            host, port = parse_host_port(location)
            if not host or not isinstance(port, int) or not 0 < port < 65536:
                raise ValueError(location)
        from distributed.comm.registry import get_backend

        get_backend(scheme)
    except (ValueError, TypeError):
        raise SchedulerError(
            f"--scheduler {address!r} is not a scheduler address; write tcp://HOST:PORT"
        ) from None
    return scheme, location


def _probe_tcp(address: str, location: str, timeout: float) -> None:
    """Fail at once, clearly, where nothing listens (Dask would retry until timeout)."""
    from distributed.comm.addressing import parse_host_port

    host, port = parse_host_port(location)
    try:
        with socket.create_connection((host, port), timeout=timeout):
            pass
    except socket.gaierror:
        raise SchedulerError(f"--scheduler {address}: unknown host {host!r}") from None
    except ConnectionRefusedError:
        raise SchedulerError(
            f"--scheduler {address}: connection refused (no scheduler is listening there)"
        ) from None
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise SchedulerError(f"--scheduler {address}: cannot connect: {reason}") from None


def connect(address: str | None = None, *, timeout: float = CONNECT_TIMEOUT) -> Client:
    """A client of the Dask scheduler at ``address`` (default ``$ACCORDION_SCHEDULER``).

    A malformed address, a refused or unreachable port, or a server that is not a
    Dask scheduler is a :class:`~accordion.errors.SchedulerError` with a one-line
    message; a missing ``distributed`` extra a :class:`MissingExtraError`.
    """
    require()
    from distributed import Client

    given = scheduler_address(address)
    if given is None:
        raise SchedulerError(f"no scheduler address: give one, or set ${SCHEDULER_VARIABLE}")
    scheme, location = _check_address(given)
    full = f"{scheme}://{location}"
    if scheme == "tcp":
        _probe_tcp(given, location, timeout)
    try:
        return Client(full, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError) as error:
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise SchedulerError(
            f"--scheduler {given}: no Dask scheduler answered within {timeout:g} s ({reason})"
        ) from None


def _cancelled() -> tuple[type[BaseException], ...]:
    """What Dask raises for cancelled futures (the names moved between versions)."""
    from asyncio import CancelledError

    from distributed import client

    names = ("FuturesCancelledError", "FutureCancelledError")
    found = tuple(getattr(client, name) for name in names if hasattr(client, name))
    return (*found, CancelledError)


class DaskRunner:
    """Runs chunks as tasks on a Dask cluster, a bounded window at a time.

    At most ``window`` chunks are in flight (default: twice the cluster's task
    threads, at least 4), and none more than ``4 × window`` chunks ahead of the
    oldest unfinished one, so that results waiting for an earlier chunk stay few.
    """

    def __init__(self, client: Client, window: int | None = None) -> None:
        self.client = client
        self.window = window
        self.address = client.scheduler.address if client.scheduler else "?"

    def _window(self) -> int:
        if self.window is not None:
            return self.window
        threads: int = sum(self.client.nthreads().values())
        return max(4, 2 * threads)

    def run(
        self, task: Callable[[Chunk], R], chunks: Iterator[tuple[int, Chunk]]
    ) -> Iterator[tuple[int, R]]:
        from distributed import wait

        window = self._window()
        token = uuid.uuid4().hex[:12]
        name = getattr(getattr(task, "func", task), "__name__", "chunk").replace("_", "-")
        inflight: dict[Future[Any], int] = {}
        upcoming: tuple[int, Chunk] | None = None
        exhausted = False
        try:
            while True:
                while not exhausted and len(inflight) < window:
                    if upcoming is None:
                        upcoming = next(chunks, None)
                        if upcoming is None:
                            exhausted = True
                            break
                    index, chunk = upcoming
                    if inflight and index >= min(inflight.values()) + 4 * window:
                        break
                    future = self.client.submit(
                        task, chunk, key=f"accordion-{name}-{token}-{index}"
                    )
                    inflight[future] = index
                    upcoming = None
                if not inflight:
                    return
                try:
                    with self.client.as_current():
                        done, _ = wait(list(inflight), timeout=POLL, return_when="FIRST_COMPLETED")
                except TimeoutError:
                    self._check_scheduler()
                    continue
                except _cancelled() as error:
                    reason = str(error).splitlines()
                    if self.client.status != "running" or "connection" in str(error):
                        raise ClusterError(f"lost the Dask scheduler at {self.address}") from None
                    raise ClusterError(
                        f"chunks were cancelled on the cluster ({reason[0] if reason else error})"
                    ) from None
                for future in sorted(done, key=inflight.__getitem__):
                    index = inflight.pop(future)
                    yield index, self._result(future)
        finally:
            if inflight:
                self._cancel(list(inflight))

    def _result(self, future: Future[Any]) -> Any:
        try:
            return future.result()
        except _cancelled():
            self._check_scheduler(wait_for=0.0)
            raise ClusterError(f"chunk {future.key} was cancelled on the cluster") from None
        except Exception as error:
            if type(error).__name__ == "KilledWorker":
                raise ClusterError(
                    f"chunk {future.key} killed every worker that ran it ({error})"
                ) from None
            raise

    def _check_scheduler(self, wait_for: float | None = None) -> None:
        """Raise ClusterError once the client has lost its scheduler for good."""
        if self.client.status in ("running", "newly-created"):
            return
        from dask.config import get
        from dask.utils import parse_timedelta

        patience = (
            wait_for
            if wait_for is not None
            else parse_timedelta(get("distributed.comm.timeouts.connect"), default="s")
        )
        deadline = time.monotonic() + float(patience or 0.0)
        while self.client.status == "connecting" and time.monotonic() < deadline:
            time.sleep(POLL)
        if self.client.status != "running":
            raise ClusterError(f"lost the Dask scheduler at {self.address}")

    def _cancel(self, futures: list[Future[Any]]) -> None:
        try:
            if self.client.status == "running":
                self.client.cancel(futures, force=True)
        except Exception:
            pass
