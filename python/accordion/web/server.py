"""Running the application on uvicorn: listening on a host and port (checked
before anything starts, so that a port in use or a bad address is one line), and
stopping on Ctrl-C with the solver's running calls told to stop."""

from __future__ import annotations

import ctypes
import errno
import socket
import sys
from typing import Any

from accordion.errors import InvalidArgumentError, MissingExtraError, shown
from accordion.web import DEFAULT_HOST, DEFAULT_PORT, EXTRA, missing
from accordion.web.service import LIMITS, Limits


class ListenError(OSError):
    """The address cannot be listened on (a port in use, an address not of this machine)."""


def check_host(host: str) -> str:
    """``host`` if it names an address to listen on; an empty one is refused (it would
    listen on every interface: ``0.0.0.0`` says so)."""
    if not host.strip():
        raise InvalidArgumentError(
            f"--host '': an empty host would listen on every interface; give {DEFAULT_HOST} "
            "(this machine only, the default) or 0.0.0.0 (every interface) explicitly",
            "host",
        )
    return host.strip()


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` and listening, or :class:`ListenError` in one line."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise ListenError(
            f"--host {shown(host)}: not an address of this machine: {reason}"
        ) from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
        sock.listen(2048)
    except OSError as error:
        sock.close()
        why = "the port is in use" if error.errno == errno.EADDRINUSE else error.strerror
        raise ListenError(f"cannot listen on {host}:{port}: {why}") from None
    sock.set_inheritable(True)
    return sock


#: glibc's ``mallopt`` parameter for the number of malloc arenas.
M_ARENA_MAX = -8


def fewer_arenas(arenas: int = 2) -> bool:
    """Bound glibc's malloc arenas (Linux): by default each worker thread that runs
    the solver gets an arena of its own, and the solver's tables, freed in one
    arena and allocated in another, leave the server's memory growing for minutes
    under load (benches/web-results.md measured it). Two arenas keep it flat at no
    measurable cost. Whether it was set."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL("libc.so.6")
        return bool(libc.mallopt(M_ARENA_MAX, arenas))
    except (OSError, AttributeError):  # not glibc (musl has no arenas to bound)
        return False


def url(host: str, port: int) -> str:
    """The address to open in a browser."""
    shown = DEFAULT_HOST if host in ("0.0.0.0", "::") else host
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/"


def serve(
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    *,
    limits: Limits = LIMITS,
    start: str = "",
    quiet: bool = False,
) -> int:
    """Serve the table and the API until Ctrl-C (which raises ``KeyboardInterrupt``
    once the server has stopped). ``start`` is the query that opens the page on a
    given table (``?game=bayan&seed=3``)."""
    absent = missing()
    if absent is not None:
        raise MissingExtraError(f"accordion serve needs {absent}: {EXTRA}")
    import uvicorn

    from accordion import _interrupt
    from accordion.web.app import create_app

    host = check_host(host)
    sock = listen(host, port)
    fewer_arenas()

    class Server(uvicorn.Server):
        stopped_by: int | None = None

        def handle_exit(self, sig: int, frame: Any) -> None:
            # The solver's running calls stop at once rather than at their budget.
            self.stopped_by = sig
            _interrupt.interrupt()
            super().handle_exit(sig, frame)

    config = uvicorn.Config(
        create_app(limits),
        log_level="warning",
        access_log=False,
        timeout_graceful_shutdown=2,
        lifespan="off",
    )
    server = Server(config)
    if not quiet:
        print(
            f"accordion serve: the table at {url(host, port)}{start}, the API at /api/ "
            f"(described at {url(host, port)}docs); Ctrl-C stops it",
            file=sys.stderr,
            flush=True,
        )
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
    if server.stopped_by is not None:
        # uvicorn raises the signal again once stopped, which is Ctrl-C's
        # KeyboardInterrupt, unless the signal was ignored when the server started
        # (a background job of a shell): then it is raised here, for the one line.
        raise KeyboardInterrupt
    return 0
