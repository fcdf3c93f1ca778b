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
the checkpoint. If every worker goes away (and none comes back within
:data:`NO_WORKERS_TIMEOUT`), the run stops with a ClusterError that says so.
"""

from __future__ import annotations

import contextlib
import functools
import importlib.util
import logging
import os
import socket
import struct
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar

from accordion.errors import ClusterError, MissingExtraError, SchedulerError, shown

if TYPE_CHECKING:
    from distributed import Client, Future

    from accordion.batch import Chunk, NumberedChunks, Within

R = TypeVar("R")

#: The environment variable that names the scheduler when no address is given.
SCHEDULER_VARIABLE = "ACCORDION_SCHEDULER"

INSTALL = "pip install 'accordion-patience[distributed]'"

#: Seconds to wait for a scheduler to answer a new connection.
CONNECT_TIMEOUT = 10.0

#: Seconds a server has to send Dask's handshake on a new connection (a
#: scheduler sends it at once): anything else there is reported by then.
HANDSHAKE_TIMEOUT = 4.0

#: How often the runner looks at the client's state while waiting for chunks.
POLL = 0.2

#: Seconds a run waits with no worker in the cluster before it stops, unless
#: distributed's own ``distributed.scheduler.no-workers-timeout`` says otherwise
#: (e.g. ``DASK_DISTRIBUTED__SCHEDULER__NO_WORKERS_TIMEOUT=30s``).
NO_WORKERS_TIMEOUT = 60.0

#: How often the runner asks the scheduler how many workers it has.
WORKER_CHECK = 1.0


def require(variable: str | None = None) -> None:
    """Raise :class:`MissingExtraError` (one line, with the command) without Dask.

    ``variable``: the scheduler came from ``$ACCORDION_SCHEDULER`` (so named), which
    the message says, with how to run here instead. Looks the package up without
    importing it (a few seconds)."""
    try:
        found = importlib.util.find_spec("distributed") is not None
    except (ImportError, ValueError):
        found = False
    if not found:
        why = f" ({variable} is set; unset it to run here)" if variable else ""
        raise MissingExtraError(
            f"running on a Dask cluster needs the 'distributed' extra{why}: {INSTALL}"
        ) from None


def scheduler_address(address: str | None = None) -> str | None:
    """``address``, else ``$ACCORDION_SCHEDULER``, else ``None`` (run here)."""
    if address is not None:
        return address
    return os.environ.get(SCHEDULER_VARIABLE) or None


def _tcp_host_port(address: str, source: str) -> tuple[str, int] | None:
    """The host and port of a TCP address (``tcp://HOST:PORT``, ``HOST:PORT``,
    ``[IPv6]:PORT``); None for another scheme; a SchedulerError if malformed.
    Read here rather than by Dask's parser, which costs importing all of Dask."""
    text = address.strip()
    scheme, _, rest = text.rpartition("://")
    if scheme not in ("", "tcp"):
        return None
    host, _, port = rest.rpartition(":")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    if not host or any(c in host for c in "/[]@ ") or not (port.isascii() and port.isdigit()):
        raise SchedulerError(
            f"{source} {shown(address)} is not a scheduler address; write tcp://HOST:PORT"
        )
    number = int(port)
    if not 0 < number < 65536:
        raise SchedulerError(
            f"{source} {shown(address)} is not a scheduler address: port {number} is not 1 to 65535"
        )
    return host, number


def _check_address(address: str, source: str) -> tuple[str, str]:
    """The scheme and location of an address of another scheme (``tls://``, …);
    a SchedulerError if it is not one."""
    from distributed.comm.addressing import parse_address, parse_host_port

    text = address.strip()
    try:
        scheme, location = parse_address(text)
        if scheme != "tls":
            # inproc:// is a scheduler of this very process; ucx:// and the rest
            # are not what the workers of docs/cluster.md listen on.
            raise ValueError(scheme)
        from dask.config import get

        if not get("distributed.comm.tls.ca-file", None):
            # Dask's client would fail, and then take 20 s to close in __del__.
            raise SchedulerError(
                f"{source} {address}: tls:// needs Dask's TLS configuration "
                "(distributed.comm.tls.ca-file and the client's certificate)"
            )
        if scheme == "tls":
            host, port = parse_host_port(location)
            if not host or not isinstance(port, int) or not 0 < port < 65536:
                raise ValueError(location)
        from distributed.comm.registry import get_backend

        get_backend(scheme)
    except SchedulerError:
        raise
    except (ValueError, TypeError):
        raise SchedulerError(
            f"{source} {shown(address)} is not a scheduler address; write tcp://HOST:PORT"
        ) from None
    return scheme, location


def _handshake(named: str, host: str, port: int, timeout: float) -> None:
    """Fail fast and clearly unless a Dask server answers at ``host:port``.

    Every Dask server (a scheduler, a worker) sends its handshake on a new
    connection before anything else: one frame block of a few dozen bytes, a
    msgpack map of its Python and pickle versions. Dask's own client reads the
    8-byte length of a block and then that many bytes: from a web server (the
    dashboard's port 8787 is an easy slip) or a proxy that answered ``HTTP/1.1
    400``, that length was 3 EiB (a ``MemoryError``); from a port that accepts
    and stays silent, it waited for ever. Here every read is bounded in size
    and the whole exchange by ``timeout`` seconds.
    """
    deadline = time.monotonic() + timeout
    try:
        with socket.create_connection((host, port), timeout=timeout) as connection:
            head = _receive(connection, 8, deadline)
            (size,) = struct.unpack("<Q", head) if len(head) == 8 else (0,)
            if not 16 <= size <= MAX_HANDSHAKE:
                # Not a length: text, most likely; a little more of it says what.
                more = _receive(connection, 32, min(deadline, time.monotonic() + 0.2), True)
                raise SchedulerError(_not_dask(named, head + more))
            block = head + _receive(connection, size, deadline)
    except socket.gaierror:
        raise SchedulerError(f"{named}: unknown host {shown(host)}") from None
    except ConnectionRefusedError:
        raise SchedulerError(
            f"{named}: connection refused (no scheduler is listening there)"
        ) from None
    except TimeoutError:
        raise SchedulerError(
            f"{named}: no Dask scheduler answered within {timeout:g} s (something accepts "
            "connections there but says nothing; a scheduler's port is 8786 by default, "
            "its dashboard's 8787)"
        ) from None
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise SchedulerError(f"{named}: cannot connect: {reason}") from None
    if not _is_handshake(block[8:]):
        raise SchedulerError(_not_dask(named, block))


#: The longest handshake block read: a real one is under a hundred bytes.
MAX_HANDSHAKE = 1 << 16


def _receive(
    connection: socket.socket, count: int, deadline: float, partial: bool = False
) -> bytes:
    """Exactly ``count`` bytes, before ``deadline`` (else TimeoutError; with
    ``partial``, what came by then); fewer if the other end closes the connection."""
    data = bytearray()
    while len(data) < count:
        left = deadline - time.monotonic()
        if left <= 0:
            if partial:
                break
            raise TimeoutError
        connection.settimeout(left)
        try:
            piece = connection.recv(min(count - len(data), 1 << 16))
        except TimeoutError:
            if partial:
                break
            raise
        if not piece:
            break
        data += piece
    return bytes(data)


def _is_handshake(block: bytes) -> bool:
    """Whether ``block`` (after its length) is Dask's handshake: a frame count, the
    frames' lengths, and a first frame that is a msgpack map naming the peer's
    ``python`` and ``pickle-protocol`` versions."""
    if len(block) < 16:
        return False
    (count,) = struct.unpack_from("<Q", block)
    if not 1 <= count <= 16 or 8 + 8 * count > len(block):
        return False
    lengths = struct.unpack_from(f"<{count}Q", block, 8)
    start = 8 + 8 * count
    frame = block[start : start + lengths[0]]
    is_map = bool(frame) and (0x80 <= frame[0] <= 0x8F or frame[0] in (0xDE, 0xDF))
    return is_map and b"\xa6python" in frame and b"\xafpickle-protocol" in frame


def _not_dask(named: str, start: bytes) -> str:
    lines = start[:24].decode("ascii", "backslashreplace").splitlines()
    said = shown(lines[0]) if lines and lines[0] else "nothing"
    return f"{named}: answered, but not as a Dask scheduler does (it began with {said})"


def connect(address: str | None = None, *, timeout: float = CONNECT_TIMEOUT) -> Client:
    """A client of the Dask scheduler at ``address`` (default ``$ACCORDION_SCHEDULER``).

    A malformed address, a refused or unreachable port, or a server that is not a
    Dask scheduler (checked with a handshake, in at most ``HANDSHAKE_TIMEOUT``
    seconds) is a :class:`~accordion.errors.SchedulerError` with a one-line
    message naming the address (and ``$ACCORDION_SCHEDULER`` when it came from
    there); a missing ``distributed`` extra a :class:`MissingExtraError`.
    """
    given = scheduler_address(address)
    if given is None:
        raise SchedulerError(f"no scheduler address: give one, or set ${SCHEDULER_VARIABLE}")
    if address is None:
        source, named = f"${SCHEDULER_VARIABLE}", f"${SCHEDULER_VARIABLE}={given}"
    else:
        source, named = "--scheduler", f"--scheduler {given}"
    require(named if address is None else None)
    tcp = _tcp_host_port(given, source)
    if tcp is not None:
        host, port = tcp
        _handshake(named, host, port, min(timeout, HANDSHAKE_TIMEOUT))
        full = f"tcp://[{host}]:{port}" if ":" in host else f"tcp://{host}:{port}"
    else:
        scheme, location = _check_address(given, source)
        full = f"{scheme}://{location}"
    try:
        return _client_class()(full, timeout=timeout, set_as_default=False)
    except KeyboardInterrupt:
        # Ctrl-C mid-connect leaves Dask's half-open stream to be closed when it is
        # collected, which Dask logs ("Closing dangling stream in <TCP …>") beside
        # the CLI's one line, as the process ends: nothing the user can act on.
        logging.getLogger("distributed.comm").setLevel(logging.ERROR)
        raise
    except (OSError, TimeoutError) as error:
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise SchedulerError(
            f"{named}: no Dask scheduler answered within {timeout:g} s ({reason})"
        ) from None
    except (ValueError, TypeError) as error:
        # An address of another scheme that Dask cannot use as given (inproc://x,
        # tls:// without a TLS configuration).
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise SchedulerError(f"{named}: cannot connect: {reason[:200]}") from None


def open_runner(client: object) -> tuple[DaskRunner, Callable[[], None]] | None:
    """The runner of :data:`accordion.batch.RUNNERS` ``"dask"``: for a scheduler's
    address, a client connected to it (:func:`connect`), closed on release; for a
    ``distributed.Client``, the client itself, left open; else ``None``."""
    if isinstance(client, str):
        owned = connect(client)
        return DaskRunner(owned), owned.close
    if "distributed" not in sys.modules:
        return None  # no Dask client exists in this process
    from distributed import Client

    if isinstance(client, Client):
        return DaskRunner(client), lambda: None
    return None


def worker_threads() -> int | None:
    """The task threads of the Dask worker this code runs on, or ``None`` when it
    runs on none (a worker has imported ``distributed``)."""
    if "distributed" not in sys.modules:
        return None
    from distributed import get_worker

    try:
        threads: int = get_worker().state.nthreads
    except ValueError:
        return None
    return threads


#: Seconds a client that failed to connect is given to close: Dask's own default
#: is twice the connect timeout (20 s), spent when it is garbage-collected.
CLOSE_TIMEOUT = 1.0


@functools.cache
def _client_class() -> type[Client]:
    """``distributed.Client``, except that one whose connection failed closes within
    :data:`CLOSE_TIMEOUT` when it is collected, and quietly: Dask's took 20 s and
    printed ``Exception ignored in … Client.__del__``."""
    from distributed import Client

    class QuickClient(Client):
        def __del__(self) -> None:
            if getattr(self, "status", "closed") in ("closed", "newly-created"):
                return
            with contextlib.suppress(Exception):
                self.close(timeout=CLOSE_TIMEOUT)

    QuickClient.__name__ = QuickClient.__qualname__ = "Client"
    return QuickClient


def no_workers_timeout() -> float:
    """Seconds a run waits for a worker: distributed's ``no-workers-timeout``
    when set, else :data:`NO_WORKERS_TIMEOUT`."""
    from dask.config import get
    from dask.utils import parse_timedelta

    setting = get("distributed.scheduler.no-workers-timeout", None)
    if setting is None:
        return NO_WORKERS_TIMEOUT
    return float(parse_timedelta(setting, default="s") or 0.0)


def _cancelled() -> tuple[type[BaseException], ...]:
    """What Dask raises for cancelled futures (the names moved between versions)."""
    from asyncio import CancelledError

    from distributed import client

    names = ("FuturesCancelledError", "FutureCancelledError")
    found = tuple(getattr(client, name) for name in names if hasattr(client, name))
    return (*found, CancelledError)


def _quiet_abandoned_gathers(client: Client) -> None:
    """Keep the client's event loop from printing ``Task exception was never
    retrieved … AllExit`` when a ``result(timeout=…)`` gives up: distributed
    leaves its inner gather task behind, and asyncio reports it when collected.
    Every other exception goes to the loop's handler as before."""
    loop = getattr(getattr(client, "loop", None), "asyncio_loop", None)
    if loop is None:
        return
    previous = loop.get_exception_handler()

    def handler(loop: Any, context: dict[str, Any]) -> None:
        if type(context.get("exception")).__name__ == "AllExit":
            return
        if previous is not None:
            previous(loop, context)
        else:
            loop.default_exception_handler(context)

    loop.set_exception_handler(handler)


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
        #: When the cluster was first seen without a worker (monotonic), if it is now.
        self._workerless_since: float | None = None
        self._last_worker_check = 0.0
        _quiet_abandoned_gathers(client)

    def _window(self) -> int:
        if self.window is not None:
            return self.window
        threads: int = sum(self.client.nthreads().values())
        return max(4, 2 * threads)

    def run(
        self, task: Callable[..., R], chunks: NumberedChunks, within: Within | None = None
    ) -> Iterator[tuple[int, R]]:
        """Yield each chunk's result as it finishes (``within`` is not called: a
        task on a worker reports nothing until it is done)."""
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
                    self._check_workers()
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
        # A future `wait` found done can lose its result again when the worker
        # holding it goes: the task is queued anew, and an unbounded `result()`
        # would wait for a worker for ever. So it waits a poll at a time, with
        # the same checks as the loop in `run`.
        while True:
            try:
                return future.result(timeout=POLL)
            except TimeoutError:
                if future.status == "error":
                    raise  # the task's own error (a finished result may just be slow to fetch)
                self._check_scheduler()
                self._check_workers()
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

    def _check_workers(self) -> None:
        """Raise ClusterError once the cluster has had no worker for the patience
        of :func:`no_workers_timeout` (asked at most every :data:`WORKER_CHECK` s)."""
        now = time.monotonic()
        if now - self._last_worker_check < WORKER_CHECK:
            return
        self._last_worker_check = now
        try:
            workers = len(self.client.nthreads())
        except Exception:
            return  # the scheduler's own check (_check_scheduler) reports a lost one
        if workers:
            self._workerless_since = None
            return
        if self._workerless_since is None:
            self._workerless_since = now
        patience = no_workers_timeout()
        if now - self._workerless_since >= patience:
            raise ClusterError(
                f"the Dask scheduler at {self.address} has had no worker for {patience:g} s: "
                "start workers (dask worker ADDRESS) and run the same command again"
            )

    def _cancel(self, futures: list[Future[Any]]) -> None:
        try:
            if self.client.status == "running":
                self.client.cancel(futures, force=True)
        except Exception:
            pass
