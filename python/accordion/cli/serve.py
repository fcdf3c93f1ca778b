"""`accordion serve`: the web table and the JSON API (:mod:`accordion.web`)."""

from __future__ import annotations

import argparse

from accordion.errors import shown
from accordion.web import DEFAULT_HOST, DEFAULT_PORT

HELP = "serve the web table and the JSON API (the web extra)"
DESCRIPTION = """Serve the game in a browser at http://HOST:PORT/ (every game of --game, with
card pictures, hints, the solution and the analysis) and a JSON API for apps under /api/
(described at /docs and /openapi.json). Listens on 127.0.0.1 (this machine) unless --host
says otherwise. Needs the web extra: pip install 'accordion-patience[web]'."""


def port_number(text: str) -> int:
    """A TCP port, 1 to 65535."""
    from accordion.cli.numbers import whole_number

    try:
        number = whole_number(text)
    except ValueError:
        number = -1
    if not 1 <= number <= 65535:
        raise argparse.ArgumentTypeError(f"not a port (1 to 65535): {shown(text)}")
    return number


def add_flags(parser: argparse.ArgumentParser) -> None:
    """The ``serve`` subcommand's options."""
    parser.add_argument(
        "--host",
        default=DEFAULT_HOST,
        metavar="H",
        help=f"the address to listen on ({DEFAULT_HOST}: this machine only; 0.0.0.0: every "
        "interface, e.g. behind a reverse proxy on another machine)",
    )
    parser.add_argument(
        "--port",
        type=port_number,
        default=DEFAULT_PORT,
        metavar="P",
        help=f"the port (default {DEFAULT_PORT})",
    )


def run(args: argparse.Namespace) -> int:
    """Serve until Ctrl-C (which :func:`accordion.cli.main` reports as
    ``accordion: interrupted``, status 130)."""
    from accordion.web.server import serve

    return serve(args.host, args.port)
