"""The ASGI application of `accordion serve`: the web table's page and files, the
JSON API (described by ``/openapi.json``, rendered at ``/docs``), and the
limits every request is held to (:class:`accordion.web.service.Limits`).

Every answer to a bad request is a JSON object ``{"error": message, "kind":
class}`` with a 4xx status: the package's own message (:mod:`accordion.errors`)
for a bad value, 422 for a body that does not fit the schema, 413 for a body too
big, 408 for one sent too slowly, 404 for an unknown table, 429 when the server
is full. The solver runs in worker threads, never on the event loop, each call
within its time budget and its own cancel scope: a request whose client goes
away stops its solver at once and frees its worker.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from importlib import resources
from typing import Annotated, Any, Literal, TypeVar

from accordion.errors import AccordionError, CancelledError, MissingExtraError
from accordion.web import EXTRA

try:
    import anyio
    import anyio.to_thread
    from fastapi import Depends, FastAPI, Query, Request
    from fastapi.exceptions import RequestValidationError
    from fastapi.responses import HTMLResponse, JSONResponse, Response
    from fastapi.routing import APIRoute
    from fastapi.staticfiles import StaticFiles
    from pydantic import BaseModel, ConfigDict, Field
    from starlette.exceptions import HTTPException
    from starlette.types import ASGIApp, Message, Receive, Scope, Send
except ModuleNotFoundError as absent:  # without the web extra: one line, no traceback
    raise MissingExtraError(f"the web server needs {absent.name}: {EXTRA}") from None

from accordion import CancelScope, Card, __version__
from accordion.games import LevelName
from accordion.play.table.model import Table
from accordion.web import service
from accordion.web.service import LIMITS, Limits, NoSuchTable

T = TypeVar("T")

#: Nothing on a page of this server comes from elsewhere.
SECURITY = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
    "style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def too_large(limit: int) -> JSONResponse:
    """413, and the connection closed: the rest of the body is not read."""
    response = error(413, f"the request body is over {limit:,} bytes", "TooLarge")
    response.headers["Connection"] = "close"
    return response


class Stopping(Exception):
    """The server is stopping (Ctrl-C): a solver call in flight was told to stop."""


def error(status: int, message: str, kind: str = "HTTPError") -> JSONResponse:
    """The JSON answer to a request that failed."""
    return JSONResponse({"error": message, "kind": kind}, status_code=status)


class Guard:
    """Pure-ASGI middleware: reads a request's body whole before the application
    sees it, refusing one longer than ``limits.body`` (413) or not sent within
    ``limits.body_seconds`` (408, a slow client); counts the requests in flight and
    refuses one past ``limits.in_flight`` (429); adds the security headers."""

    def __init__(self, app: ASGIApp, limits: Limits) -> None:
        self.app = app
        self.limits = limits
        self.in_flight = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [(k.lower().encode(), v.encode()) for k, v in SECURITY.items()]
                message = {**message, "headers": headers}
            await send(message)

        if self.in_flight >= self.limits.in_flight:
            response = error(429, "the server is busy: try again in a moment", "Busy")
            response.headers["Retry-After"] = "1"
            await response(scope, receive, secured)
            return
        self.in_flight += 1
        try:
            await self._serve(scope, receive, secured)
        finally:
            self.in_flight -= 1

    async def _serve(self, scope: Scope, receive: Receive, send: Send) -> None:
        limit = self.limits.body
        headers = dict(scope.get("headers", []))
        length = headers.get(b"content-length", b"")
        # A length of thousands of digits is too large before int() would refuse it.
        if length and (not length.isdigit() or len(length) > 18 or int(length) > limit):
            await too_large(limit)(scope, receive, send)
            return
        body = bytearray()
        try:
            with anyio.fail_after(self.limits.body_seconds):
                while True:
                    message = await receive()
                    if message["type"] == "http.disconnect":
                        return
                    body += message.get("body", b"")
                    if len(body) > limit:
                        await too_large(limit)(scope, receive, send)
                        return
                    if not message.get("more_body", False):
                        break
        except TimeoutError:
            late = error(
                408, f"the request body took over {self.limits.body_seconds:g} s to arrive", "Slow"
            )
            # The rest of the body may never come: the connection is not kept.
            late.headers["Connection"] = "close"
            await late(scope, receive, send)
            return
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": bytes(body), "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


# The requests --------------------------------------------------------------------

Row = Annotated[
    str,
    Field(
        max_length=LIMITS.row,
        description='a row of cards, left to right: "7H 2C 3C 7C" (commas also separate)',
        examples=["7H 2C 3C 7C"],
    ),
]
Seed = Annotated[int, Field(ge=0, le=2**64 - 1, description="a numbered deal (0 to 2**64 - 1)")]
Cards = Annotated[
    int, Field(ge=1, le=52, description="with seed: a numbered deal of this many cards")
]
Name = Annotated[str, Field(max_length=60)]
Seconds = Annotated[
    float,
    Field(
        ge=LIMITS.min_seconds,
        le=LIMITS.max_seconds,
        allow_inf_nan=False,
        description=f"the solver's time budget, {LIMITS.min_seconds:g} to "
        f"{LIMITS.max_seconds:g} seconds",
    ),
]
Distances = Annotated[list[Annotated[int, Field(ge=1, le=51)]], Field(min_length=1, max_length=8)]
Pysol = Annotated[int, Field(ge=1, le=10**20 - 1, description="PySolFC's game number")]


class Position(BaseModel):
    """A game, its rules and a deal: the text of a row, a numbered deal, or
    PySolFC's game number."""

    # Strict: JSON's true is not the number 1, nor "3" the number 3 (docs/errors.md).
    model_config = ConfigDict(extra="forbid", strict=True)

    deal: Row | None = None
    seed: Seed | None = None
    cards: Cards | None = None
    pysol: Pysol | None = None
    game: Name | None = Field(None, description="a game of GET /api/games (default accordion)")
    rules: Name | None = Field(None, description="one of the game's rule sets (default its first)")
    two_way: bool = Field(False, description="Accordion's variant: piles also move rightwards")
    distances: Distances | None = Field(None, description="Accordion's variant: move distances")


class SolveRequest(Position):
    """An open row to solve."""

    rules: Name | None = Field(
        None,
        description="one of the game's solve_rules of GET /api/games (default its first); "
        "those of its forced_rules force every action, and the one line is played out",
    )
    time_limit: Seconds | None = None
    max_nodes: Annotated[int, Field(ge=1, le=10**10)] | None = None


class PlayedRequest(Position):
    """A position: a deal and the moves played from it (deals of a blind game included)."""

    blind: bool = Field(False, description="dealt as it goes: the row starts empty")
    moves: Annotated[list[Row], Field(max_length=LIMITS.moves)] = Field(
        default_factory=list, description='the moves so far, as the game writes them ("7H>7S")'
    )


class HintRequest(PlayedRequest):
    """A position to give a hint from."""

    time_limit: Seconds | None = None


class OpenRequest(PlayedRequest):
    """A web table to open."""

    new: Annotated[str, Field(max_length=20)] | None = Field(
        None, description="instead of a deal: winnable, easy, medium or hard"
    )


Action = Literal[
    "state",
    "move",
    "play",
    "deal",
    "undo",
    "redo",
    "restart",
    "new",
    "forced",
    "hint",
    "solve",
    "analyse",
]


class ActRequest(BaseModel):
    """One action at a web table."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True, strict=True)

    action: Action
    from_: int | None = Field(
        None, ge=0, le=200, alias="from", description="a move: the place picked"
    )
    to: Annotated[int, Field(ge=0, le=200)] | None = None
    spec: Annotated[str, Field(max_length=LIMITS.row)] = Field(
        "", description="play: a move's text; new: a number, winnable, easy, medium, hard or ''"
    )
    time_limit: Seconds | None = None


class Failure(BaseModel):
    """Every error: the message (the package's own for a bad value) and its kind."""

    error: str
    kind: str


class Solved(BaseModel):
    """A solver's answer, the object `accordion solve --json` prints, with the game
    and what is counted."""

    game: str
    rules: str
    deal: str
    result: Literal["win", "loss", "unknown"]
    moves: list[str]
    piles: int
    left: int
    piece: str
    nodes: int
    seconds: float


class Hinted(BaseModel):
    """A move that keeps the best result, and what best play keeps."""

    move: str | None
    text: str
    places: list[int]
    winnable: bool
    settled: bool
    left: int
    verdict: str
    message: str
    peeks: bool = False


class Dealt(BaseModel):
    """A deal and where it came from."""

    game: str
    deal: str
    source: str
    number: int | None = Field(description="the deal's number (up to 2**64 - 1)")
    number_text: str | None = Field(
        description="the same number as a string of digits, for JavaScript, whose numbers "
        "are exact only up to 2**53"
    )


ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": Failure, "description": words}
    for status, words in (
        (400, "a bad value (the package's error message), or a body that is not JSON"),
        (404, "no such table"),
        (408, "the body came too slowly"),
        (413, "the body is too big"),
        (415, "the body is not sent as JSON (Content-Type: application/json)"),
        (422, "the body does not fit the schema"),
        (429, "the server is busy"),
    )
}


#: What a request body must be.
JSON_BODY = "send a JSON object with Content-Type: application/json"


async def json_body(request: Request) -> None:
    """A POST to the API sends JSON and says so: a body sent as a form (``curl -d``
    without a header) or as text is refused with 415, naming its content type,
    rather than read as a body of the wrong shape."""
    if request.method != "POST" or not request.url.path.startswith("/api/"):
        return
    given = request.headers.get("content-type", "")
    kind = given.split(";", 1)[0].strip().lower()
    if kind != "application/json" and not (
        kind.startswith("application/") and kind.endswith("+json")
    ):
        said = f"Content-Type {given[:60]!r}" if given else "no Content-Type"
        raise HTTPException(415, f"the body was sent with {said}: {JSON_BODY}")


async def strict_query(request: Request) -> None:
    """The API's query parameters are as strict as its bodies: one the route does not
    take (``?sed=5``) or one given twice (``?seed=1&seed=2``) is refused with 422,
    never ignored or read as its last value. The page's own address (``/?seed=5``) is
    the page's to read."""
    if not request.url.path.startswith("/api/"):
        return
    # Each route's own query parameters, by its endpoint (create_app lists them).
    known = request.app.state.queries.get(request.scope.get("endpoint"), set())
    problems = []
    for name in dict.fromkeys(request.query_params.keys()):
        given = request.query_params.getlist(name)
        if name not in known:
            taken = ", ".join(sorted(known)) or "none"
            message = f"Extra inputs are not permitted (this call's parameters: {taken})"
        elif len(given) > 1:
            message = f"given {len(given)} times: give it once"
        else:
            continue
        problems.append({"loc": ("query", name), "msg": message, "type": "extra_forbidden"})
    if problems:
        raise RequestValidationError(problems)


def create_app(limits: Limits = LIMITS) -> Any:
    """The application (an ASGI callable): FastAPI's, behind :class:`Guard`."""
    api = FastAPI(
        title="accordion",
        version=__version__,
        summary="Solve, hint and deal the patience games of accordion; play them at a web table.",
        docs_url=None,
        redoc_url=None,
        responses=ERRORS,
        dependencies=[Depends(json_body), Depends(strict_query)],
    )
    sittings = service.Sittings(limits)
    workers = anyio.CapacityLimiter(limits.workers)
    working = service.Working()
    api.state.sittings = sittings
    api.state.working = working

    async def off_loop(request: Request, work: Callable[[], T]) -> T:
        """``work`` in a worker thread, within a cancel scope of its own: when the
        client goes (its connection closes), the scope is cancelled, the solver
        stops within milliseconds and the worker is free for the next request."""
        result: list[T] = []
        failed: list[Exception] = []
        scope = CancelScope()

        def scoped() -> T:
            with scope:
                return working.run(work)

        async def run() -> None:
            try:
                result.append(await anyio.to_thread.run_sync(scoped, limiter=workers))
            except CancelledError:
                pass  # the client went away: answered below
            except Exception as exc:  # raised below, outside the task group
                failed.append(exc)
            except KeyboardInterrupt:
                # Ctrl-C stopped the solver (accordion.interrupt) as the server stops.
                failed.append(Stopping("the server is stopping"))
            group.cancel_scope.cancel()

        async def watch() -> None:
            # The body was read whole (Guard): what comes next is the disconnect,
            # delivered as the connection closes (no polling).
            while (await request.receive())["type"] != "http.disconnect":
                pass
            scope.cancel()
            # A call still waiting for a worker is given up; one running is waited
            # for (run_sync is shielded), which its cancelled scope makes short.
            group.cancel_scope.cancel()

        async with anyio.create_task_group() as group:
            group.start_soon(run)
            group.start_soon(watch)
        if failed:
            raise failed[0]
        if not result:
            raise HTTPException(499, "the client went away")
        return result[0]

    @api.exception_handler(Stopping)
    async def stopping(request: Request, exc: Stopping) -> JSONResponse:
        return error(503, str(exc), "Stopping")

    @api.exception_handler(NoSuchTable)
    async def no_table(request: Request, exc: NoSuchTable) -> JSONResponse:
        return error(404, str(exc), type(exc).__name__)

    @api.exception_handler(AccordionError)
    async def bad_value(request: Request, exc: AccordionError) -> JSONResponse:
        return error(400, str(exc), type(exc).__name__)

    @api.exception_handler(RequestValidationError)
    async def bad_shape(request: Request, exc: RequestValidationError) -> JSONResponse:
        for item in exc.errors():
            place = item.get("loc", ())
            if item.get("type") == "json_invalid":  # FastAPI's, for a body that is not JSON
                why = str(item.get("ctx", {}).get("error", "invalid"))
                at = f" at character {place[1]}" if len(place) > 1 else ""
                return error(400, f"the body is not JSON: {why[:60]}{at}", "NotJSON")
            if item.get("type") == "missing" and tuple(place) == ("body",):
                return error(400, f"the body is empty: {JSON_BODY}", "NotJSON")
            if tuple(place) == ("body",) and item.get("type") == "model_attributes_type":
                # JSON, but not an object: say what it is in JSON's words.
                got = item.get("input")
                what = {list: "an array", str: "a string", bool: "true or false"}
                named = "null" if got is None else what.get(type(got), "a number")
                return error(
                    422, f"body: a JSON object is needed, got {named}", "InvalidArgumentError"
                )
        problems = []
        for item in exc.errors()[:3]:
            where = ".".join(str(part) for part in item.get("loc", ())[1:]) or "body"
            problems.append(f"{where[:60]}: {item.get('msg', 'invalid')}")
        return error(422, "; ".join(problems) or "invalid request", "InvalidArgumentError")

    @api.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        status = exc.status_code if 400 <= exc.status_code < 500 else 400
        detail = str(exc.detail)
        if detail == "There was an error parsing the body":  # FastAPI's, for any other
            cause = exc.__cause__
            if isinstance(cause, RecursionError):
                why = "it is nested too deep"
            elif isinstance(cause, UnicodeDecodeError):
                why = "it is not UTF-8 text"
            else:
                why = f"{cause or 'it cannot be read'}"[:60]
            return error(400, f"the body is not JSON: {why}", "NotJSON")
        kind = "UnsupportedMediaType" if status == 415 else "HTTPError"
        return error(status, detail, kind)

    # The API ----------------------------------------------------------------------
    # A route's docstring is its description in the OpenAPI schema and on /docs, both
    # read as Markdown: code in single backticks, and no paths into the sources.

    @api.get("/api/games", tags=["games"])
    async def list_games() -> list[dict[str, Any]]:
        """Every game of the registry: its names, rule sets, what is counted, and what
        it can do (variant flags, winnable deals, ratings)."""
        return service.games()

    @api.post("/api/solve", tags=["solver"], response_model=Solved)
    async def solve(request: Request, body: SolveRequest) -> dict[str, Any]:
        """Solve an open row exactly: `win` with a winning line, `loss` with a line
        to the fewest piles (or cards), `unknown` when the time budget ran out."""
        game = service.game_named(body.game)
        rules = service.rules_for(
            game,
            body.rules,
            two_way=body.two_way,
            distances=body.distances,
            pysol=body.pysol,
            allowed=game.solve_rules,
        )
        deal, _ = service.deal_of(
            game, deal=body.deal, seed=body.seed, pysol=body.pysol, cards=body.cards, limits=limits
        )
        seconds = service.budget(body.time_limit, limits)
        return await off_loop(
            request,
            lambda: service.solve(game, deal, rules, seconds=seconds, max_nodes=body.max_nodes),
        )

    def position(body: PlayedRequest) -> Table:
        game = service.game_named(body.game)
        rules = service.rules_for(
            game, body.rules, two_way=body.two_way, distances=body.distances, pysol=body.pysol
        )
        deal, seed = service.deal_of(
            game, deal=body.deal, seed=body.seed, pysol=body.pysol, cards=body.cards, limits=limits
        )
        pysol = body.pysol if body.deal is None else None
        table = service.sit(game, deal, rules, blind=body.blind, seed=seed, pysol=pysol)
        service.replay(table, body.moves, limits)
        return table

    @api.post("/api/hint", tags=["solver"], response_model=Hinted)
    async def hint(request: Request, body: HintRequest) -> dict[str, Any]:
        """A move that keeps the win (or the best result) from a deal and the moves
        played so far; `verdict` is `still winnable` or `lost: best is N piles`.
        A blind game's hint reads the stock (`peeks`)."""
        seconds = service.budget(body.time_limit, limits)

        def work() -> dict[str, Any]:
            return service.hint(position(body), seconds)

        return await off_loop(request, work)

    @api.post("/api/moves", tags=["positions"])
    async def moves(request: Request, body: PlayedRequest) -> dict[str, Any]:
        """The legal moves of a position, each as the game writes it and in words,
        with the places in the row it touches; and the position's state."""

        def work() -> dict[str, Any]:
            table = position(body)
            return {"legal": service.legal(table), "state": service.state(table)}

        return await off_loop(request, work)

    @api.post("/api/rate", tags=["solver"])
    async def rate(request: Request, body: Position) -> dict[str, Any]:
        """How hard an open deal is: the share of a careful player's choices that
        would throw the win away, and its level: `easy`, `medium` or `hard`."""
        game = service.game_named(body.game)
        rules = service.rules_for(
            game, body.rules, two_way=body.two_way, distances=body.distances, pysol=body.pysol
        )
        deal, _ = service.deal_of(
            game, deal=body.deal, seed=body.seed, pysol=body.pysol, cards=body.cards, limits=limits
        )
        return await off_loop(request, lambda: service.rate(game, deal, rules))

    @api.get("/api/deal", tags=["deals"], response_model=Dealt)
    async def deal(
        request: Request,
        seed: Annotated[Seed | None, Query()] = None,
        cards: Annotated[Cards | None, Query()] = None,
        game: Annotated[Name | None, Query()] = None,
        rules: Annotated[Name | None, Query()] = None,
        winnable: bool = False,
        difficulty: Annotated[LevelName | None, Query()] = None,
        blind: bool = False,
        pysol: Annotated[Pysol | None, Query()] = None,
        solvitaire: Annotated[
            int | None,
            Query(
                ge=-(2**31),
                le=2**31 - 1,
                description="Solvitaire's seed: a C int other than -1",
            ),
        ] = None,
        knuth: Annotated[int | None, Query(ge=0, le=2**31 - 1)] = None,
    ) -> dict[str, Any]:
        """A numbered deal (a random number when none is given), the first winnable
        deal or the first of a difficulty level from `seed` on, or the deal
        PySolFC, Solvitaire or Knuth numbers."""
        chosen = service.game_named(game)
        named = service.rules_for(chosen, rules, pysol=pysol)
        return await off_loop(
            request,
            lambda: service.pick_deal(
                chosen,
                seed=seed,
                cards=cards,
                winnable=winnable,
                difficulty=difficulty,
                rules=named,
                blind=blind,
                pysol=pysol,
                solvitaire=solvitaire,
                knuth=knuth,
                limits=limits,
            ),
        )

    # The web table -----------------------------------------------------------------

    @api.post("/api/table", tags=["web table"])
    async def open_table(request: Request, body: OpenRequest) -> dict[str, Any]:
        """Open a table (a deal, a numbered deal, a random one, or `new`: winnable,
        easy, medium or hard); its `id` and state. Tables live in memory and
        expire when idle."""

        def work() -> dict[str, Any]:
            if body.deal is None and body.seed is None and body.pysol is None:
                game = service.game_named(body.game)
                rules = service.rules_for(
                    game, body.rules, two_way=body.two_way, distances=body.distances
                )
                number = random.SystemRandom().randrange(2**32)
                cards = 52 if body.cards is None else body.cards
                table = service.sit(
                    game, game.numbered()(number, cards), rules, blind=body.blind, seed=number
                )
                if body.new:
                    service.new_deal(table, body.new, "new")
                service.replay(table, body.moves, limits)
            else:
                table = position(body)
            ident = sittings.open(table)
            return {"id": ident, "state": service.state(table), "message": table.session.title}

        return await off_loop(request, work)

    @api.post("/api/table/{ident}", tags=["web table"])
    async def act(
        request: Request, ident: Annotated[str, Field(max_length=40)], body: ActRequest
    ) -> dict[str, Any]:
        """One action at an open table: a move by places (`from`, `to`) or by its
        text (`play`), deal, undo, redo, restart, new deal, the forced move, a hint,
        the solution step by step, or every legal move analysed. The table's new
        state comes back with what the action said."""
        sitting = sittings.get(ident)
        seconds = service.budget(body.time_limit, limits)

        def work() -> dict[str, Any]:
            with sitting.lock:
                said = service.act(
                    sitting.table,
                    body.action,
                    place=body.from_,
                    to=body.to,
                    spec=body.spec,
                    seconds=seconds,
                )
                return {**said, "state": service.state(sitting.table)}

        return await off_loop(request, work)

    @api.delete("/api/table/{ident}", tags=["web table"])
    async def close_table(ident: Annotated[str, Field(max_length=40)]) -> dict[str, bool]:
        """Close a table (a tab that is closed); tables also expire when idle."""
        return {"closed": sittings.close(ident)}

    # The page ------------------------------------------------------------------------

    static = resources.files("accordion.web") / "static"

    @api.get("/", include_in_schema=False)
    async def page() -> HTMLResponse:
        return HTMLResponse((static / "index.html").read_text(encoding="utf-8"))

    @api.get("/cards/{top}/{height}.svg", include_in_schema=False)
    async def card(top: str, height: int) -> Response:
        if not 1 <= height <= 52:
            raise HTTPException(404, "no such picture")
        try:
            face = Card.parse(top[:3])
        except AccordionError:
            raise HTTPException(404, "no such picture") from None
        from accordion.svg import pile_svg

        picture = pile_svg([face] * height)
        return Response(
            picture,
            media_type="image/svg+xml",
            headers={"Cache-Control": "public, max-age=86400"},
        )

    @api.get("/docs", include_in_schema=False)
    async def docs() -> HTMLResponse:
        from accordion.web.docs import render

        return HTMLResponse(render(api.openapi(), limits))

    api.mount("/static", StaticFiles(directory=str(static)), name="static")
    api.state.queries = {
        route.endpoint: {param.alias for param in route.dependant.query_params}
        for route in api.routes
        if isinstance(route, APIRoute)
    }

    return Guard(api, limits)


def openapi(limits: Limits = LIMITS) -> dict[str, Any]:
    """The OpenAPI schema of the application (for tests and tools)."""
    app = create_app(limits)
    schema: dict[str, Any] = app.app.openapi()
    return schema


def dumps(data: Any) -> str:
    """``data`` as compact JSON."""
    return json.dumps(data, separators=(",", ":"))


__all__ = ["create_app", "openapi"]
