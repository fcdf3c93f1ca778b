"""`accordion serve`: the web table at ``/`` and the JSON API under ``/api/``.

One ASGI application (:func:`accordion.web.app.create_app`, on Starlette through
FastAPI) served by uvicorn; it needs the ``web`` extra
(``pip install 'accordion-patience[web]'``), and :func:`missing` says in one
line what is not installed. What it answers is :mod:`accordion.web.service`;
the page is plain HTML, CSS and JavaScript modules under ``static/``, with no
build step and nothing fetched from elsewhere. ``docs/web.md`` describes it.
"""

from __future__ import annotations

import importlib.util

#: Where ``accordion serve`` listens unless told otherwise: this machine only.
DEFAULT_HOST = "127.0.0.1"
#: The port ``accordion serve`` listens on unless told otherwise.
DEFAULT_PORT = 8000

#: What to install for the server, said in one line where it is missing.
EXTRA = "pip install 'accordion-patience[web]'"


def missing() -> str | None:
    """The first package of the ``web`` extra that is not installed, or ``None``."""
    for name in ("fastapi", "starlette", "uvicorn", "pydantic"):
        if importlib.util.find_spec(name) is None:
            return name
    return None
