"""The web table of `accordion serve` in a real headless browser (Chromium, driven
over the DevTools protocol on 127.0.0.1): a whole game of each game of the
registry won by clicks on the cards, hint, undo, the solution played step by step,
the analysis, keys only, and a phone-sized viewport.

Screenshots are saved in the test's folder; with ``ACCORDION_SCREENSHOTS=DIR``
they are also written to DIR (the docs' picture, ``docs/images/web-table.png``,
comes from such a run).

Chromium comes from Debian's packages (``scripts/test.sh`` installs it); where it
cannot be found the test is skipped and says so.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")
aiohttp = pytest.importorskip("aiohttp", reason="the DevTools client uses aiohttp")

from _helpers import CHROMIUM, free_port, headless_chromium, wait_for_port  # noqa: E402
from test_web_api import WON  # noqa: E402

import accordion  # noqa: E402
from accordion.games import GAMES  # noqa: E402
from accordion.web import service  # noqa: E402

pytestmark = [
    pytest.mark.skipif(
        CHROMIUM is None,
        reason="no Chromium here (apt-get install chromium; scripts/test.sh does it on CI)",
    ),
    # One browser and one server for the module: its tests run in one worker.
    pytest.mark.xdist_group("web-browser"),
]


class Page:
    """A minimal DevTools-protocol client over one page's WebSocket."""

    def __init__(self, socket: Any, base: str) -> None:
        self.socket = socket
        self.base = base
        self.next_id = 0
        self.replies: dict[int, Any] = {}
        self.console: list[str] = []

    async def call(self, method: str, **params: Any) -> Any:
        self.next_id += 1
        ident = self.next_id
        await self.socket.send_json({"id": ident, "method": method, "params": params})
        while ident not in self.replies:
            message = await self.socket.receive(timeout=30)
            data = json.loads(message.data)
            if "id" in data:
                self.replies[data["id"]] = data
            elif data.get("method") == "Runtime.exceptionThrown":
                self.console.append(json.dumps(data["params"])[:500])
        reply = self.replies.pop(ident)
        assert "error" not in reply, reply
        return reply.get("result", {})

    async def js(self, expression: str) -> Any:
        result = await self.call(
            "Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True
        )
        assert "exceptionDetails" not in result, result
        return result["result"].get("value")

    async def until(self, expression: str, seconds: float = 30) -> Any:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            value = await self.js(expression)
            if value:
                return value
            await asyncio.sleep(0.05)
        raise AssertionError(f"never true: {expression}; said: {await self.said()}")

    async def open(self, query: str, width: int = 1100, height: int = 800) -> None:
        await self.call(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=width < 500,
        )
        await self.call("Page.navigate", url=f"{self.base}/{query}")
        await self.until("document.body && document.body.dataset.ready === '1'")

    async def said(self) -> str:
        return str(await self.js("document.getElementById('say').textContent"))

    async def state(self) -> Any:
        return await self.js(
            "({piles: [...document.querySelectorAll('#row .pile')].map(b => b.dataset.card),"
            " status: document.getElementById('status').textContent,"
            " busy: document.body.classList.contains('busy')})"
        )

    async def click(self, selector: str) -> None:
        """A real mouse click (press and release) at the middle of ``selector``."""
        box = await self.js(
            f"(() => {{ const e = document.querySelector({json.dumps(selector)});"
            " e.scrollIntoView({block: 'center'}); const r = e.getBoundingClientRect();"
            " return [r.left + r.width / 2, r.top + r.height / 2]; })()"
        )
        for kind in ("mousePressed", "mouseReleased"):
            await self.call(
                "Input.dispatchMouseEvent",
                type=kind,
                x=box[0],
                y=box[1],
                button="left",
                clickCount=1,
            )

    async def key(self, key: str, code: str, text: str = "", key_code: int = 0) -> None:
        for kind in ("keyDown", "keyUp"):
            await self.call(
                "Input.dispatchKeyEvent",
                type=kind,
                key=key,
                code=code,
                text=text if kind == "keyDown" else "",
                windowsVirtualKeyCode=key_code,
            )

    async def move_by_clicks(self, picked: int, dropped: int, said: str) -> None:
        """Pick the pile at place ``picked`` up and drop it on ``dropped`` (lit as a
        target first) by clicks, until the page says ``said`` and is settled."""
        await self.click(f'#row .pile[data-place="{picked}"]')
        target = f'#row .pile[data-place="{dropped}"]'
        await self.until(f"document.querySelector('{target}').classList.contains('target')")
        await self.click(f'#row .pile[data-place="{dropped}"]')
        await self.until(f"document.getElementById('say').textContent.startsWith('{said}')")
        await self.settled()

    async def settled(self) -> None:
        await self.until("!document.body.classList.contains('busy')")

    async def shot(self, path: Path) -> None:
        picture = await self.call("Page.captureScreenshot", format="png")
        path.write_bytes(base64.b64decode(picture["data"]))


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int, Path]]:
    """A server and a headless Chromium, for the module."""
    where = tmp_path_factory.mktemp("web-browser")
    port, devtools = free_port(), free_port()
    log = (where / "serve.log").open("w")
    server = subprocess.Popen(
        [sys.executable, "-m", "accordion", "serve", "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=log,
    )
    try:
        wait_for_port(port)
        with headless_chromium(devtools, where / "chromium"):
            yield f"http://127.0.0.1:{port}", devtools, where
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(30)
        log.close()


def drive(served: tuple[str, int, Path], script: Any) -> Any:
    base, devtools, _ = served

    async def run() -> Any:
        async with aiohttp.ClientSession() as http:
            async with http.get(f"http://127.0.0.1:{devtools}/json/list") as response:
                targets = await response.json()
            target = next(t for t in targets if t["type"] == "page")
            async with http.ws_connect(target["webSocketDebuggerUrl"], max_msg_size=0) as ws:
                page = Page(ws, base)
                await page.call("Runtime.enable")
                await page.call("Page.enable")
                result = await script(page)
                assert not page.console, page.console
                return result

    return asyncio.run(run())


def keep(served: tuple[str, int, Path], path: Path) -> None:
    target = os.environ.get("ACCORDION_SCREENSHOTS")
    if target:
        shutil.copyfile(path, Path(target) / path.name)


def winning_clicks(name: str) -> list[tuple[int, ...]]:
    """The places to click, move by move, along the solver's winning line of the
    game's won deal (found here with the package, as the page's server finds it)."""
    game = GAMES[name]
    spec = WON[name]
    rules = service.rules_for(game, None, pysol=spec.get("pysol"))
    deal, seed = service.deal_of(game, **spec)
    table = service.sit(game, deal, rules, blind=False, seed=seed)
    found = table.best()
    assert found.won
    clicks = []
    for step in service.steps(table, found.moves):
        places = step["places"]
        # A move is picked at one end and dropped at the other (a run's last card).
        clicks.append((places[0], places[-1]))
    return clicks


def query(name: str) -> str:
    spec = WON[name]
    return "?" + "&".join([f"game={name}", *(f"{key}={value}" for key, value in spec.items())])


@pytest.mark.parametrize("name", list(GAMES))
def test_a_whole_game_of_each_game_won_by_clicks(served: tuple[str, int, Path], name: str) -> None:
    clicks = winning_clicks(name)

    async def script(page: Page) -> None:
        await page.open(query(name))
        await page.js("localStorage.clear()")
        await page.open(query(name))
        assert (await page.js("document.getElementById('game').value")) == name
        for number, (start, end) in enumerate(clicks, 1):
            await page.click(f'#row .pile[data-place="{start}"]')
            await page.until(
                f"document.querySelector('#row .pile[data-place=\"{end}\"]')"
                ".classList.contains('target')"
            )
            await page.click(f'#row .pile[data-place="{end}"]')
            await page.until(
                f"document.getElementById('status').textContent.includes('moves {number}')"
                " || document.getElementById('say').textContent.includes('You won')"
            )
            await page.settled()
        said = await page.said()
        assert "You won" in said, said
        record = await page.js("JSON.parse(localStorage.getItem('accordion-record'))")
        entry = record["games"][f"{name} {GAMES[name].rules[0]} open"]
        assert entry["played"] == 1 and entry["won"] == 1
        await page.shot(served[2] / f"web-won-{name}.png")

    drive(served, script)
    shot = served[2] / f"web-won-{name}.png"
    assert shot.stat().st_size > 5_000
    keep(served, shot)


def test_hint_undo_solution_steps_and_analysis(served: tuple[str, int, Path]) -> None:
    async def script(page: Page) -> None:
        await page.open("?game=accordion&seed=1")
        assert (await page.js("document.querySelectorAll('#row .pile').length")) == 52
        label = await page.js("document.querySelector('#row .pile').getAttribute('aria-label')")
        assert label.startswith("pile 1: five of spades")
        # Hint: the move is lit and said, with the verdict.
        await page.click('[data-do="hint"]')
        await page.until("document.getElementById('say').textContent.startsWith('hint:')")
        assert "Still winnable." in await page.said()
        assert await page.js("document.querySelectorAll('#row .pile.hinted').length") == 2
        # A move by clicks, then undo and redo.
        await page.move_by_clicks(4, 1, "played 6C>3C")
        await page.click('[data-do="undo"]')
        await page.until("document.getElementById('say').textContent === 'took back 6C>3C'")
        await page.settled()
        assert await page.js("document.querySelectorAll('#row .pile').length") == 52
        await page.click('[data-do="redo"]')
        await page.until("document.getElementById('say').textContent.startsWith('redid')")
        await page.settled()
        # The solution, numbered; three steps played from it.
        await page.click('[data-do="solve"]')
        await page.until("!document.getElementById('solution').hidden")
        steps = await page.js(
            "[...document.querySelectorAll('#steps li')].map(li => li.textContent)"
        )
        assert len(steps) == 50 and steps[0]
        assert await page.js("document.getElementById('steps').tagName") == "OL"
        for played in range(1, 4):
            await page.click("#next-step")
            await page.until(f"document.querySelectorAll('#steps li.done').length === {played}")
            await page.settled()
        assert "moves 4" in (await page.state())["status"]
        # The analysis: every legal move, each with its verdict.
        await page.click('[data-do="analyse"]')
        await page.until("!document.getElementById('analysis').hidden")
        rated = await page.js(
            "[...document.querySelectorAll('#rated button')].map(b => b.textContent)"
        )
        legal = await page.js("document.getElementById('status').textContent")
        count = int(legal.split(" legal action")[0].rsplit(" ", 1)[1])
        assert len(rated) == count and all(": " in item for item in rated)
        assert any("still winnable" in item for item in rated)
        shot = served[2] / "web-table.png"
        await page.shot(shot)

    drive(served, script)
    keep(served, served[2] / "web-table.png")


def test_a_pile_dragged_onto_its_target(served: tuple[str, int, Path]) -> None:
    async def script(page: Page) -> None:
        await page.open("?game=accordion&seed=1")
        points = await page.js(
            '[4, 1].map(p => { const r = document.querySelector(`#row .pile[data-place="${p}"]`)'
            ".getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })"
        )
        (x0, y0), (x1, y1) = points
        await page.call(
            "Input.dispatchMouseEvent", type="mousePressed", x=x0, y=y0, button="left", clickCount=1
        )
        for step in range(1, 6):
            await page.call(
                "Input.dispatchMouseEvent",
                type="mouseMoved",
                button="left",
                x=x0 + (x1 - x0) * step / 5,
                y=y0 + (y1 - y0) * step / 5,
            )
        await page.call(
            "Input.dispatchMouseEvent",
            type="mouseReleased",
            x=x1,
            y=y1,
            button="left",
            clickCount=1,
        )
        await page.until("document.getElementById('say').textContent.startsWith('played 6C>3C')")
        await page.settled()
        assert "moves 1" in (await page.state())["status"]

    drive(served, script)


def test_keys_only(served: tuple[str, int, Path]) -> None:
    async def script(page: Page) -> None:
        await page.open("?game=accordion&seed=1")
        await page.js("document.querySelector('#row .pile').focus()")
        for _ in range(4):
            await page.key("ArrowRight", "ArrowRight", key_code=39)
        assert await page.js("document.activeElement.dataset.place") == "4"
        await page.key("Enter", "Enter", "\r", 13)
        await page.until("document.activeElement.getAttribute('aria-pressed') === 'true'")
        assert "it can go to pile" in await page.said()
        for _ in range(3):
            await page.key("ArrowLeft", "ArrowLeft", key_code=37)
        await page.key("Enter", "Enter", "\r", 13)
        await page.until("document.getElementById('say').textContent.startsWith('played 6C>3C')")
        await page.settled()
        await page.key("u", "KeyU", "u", 85)
        await page.until("document.getElementById('say').textContent === 'took back 6C>3C'")
        await page.settled()
        await page.key("h", "KeyH", "h", 72)
        await page.until("document.getElementById('say').textContent.startsWith('hint:')")
        await page.settled()
        # ArrowDown goes to the band below: a pile further along the row.
        await page.js("document.querySelector('#row .pile').focus()")
        await page.key("ArrowDown", "ArrowDown", key_code=40)
        below = int(await page.js("document.activeElement.dataset.place"))
        assert below > 1
        # The live region is there for screen readers, and every card has a label.
        assert await page.js("document.getElementById('say').getAttribute('aria-live')") == "polite"
        labels = await page.js(
            "[...document.querySelectorAll('#row .pile')].every(b => /^pile \\d+: \\w+ of \\w+/"
            ".test(b.getAttribute('aria-label')))"
        )
        assert labels
        # A new deal by number from the keyboard: n, type, Enter.
        await page.key("n", "KeyN", "n", 78)
        assert await page.js("document.activeElement.id") == "spec"
        await page.js("document.getElementById('spec').value = '7'")
        await page.key("Enter", "Enter", "\r", 13)
        await page.until("document.getElementById('title').textContent.includes('deal 7')")
        first = str(accordion.Deal.from_seed(7)).split()[0]
        assert (await page.state())["piles"][0] == first

    drive(served, script)


def test_every_game_and_rule_set_and_blind_dealing(served: tuple[str, int, Path]) -> None:
    async def script(page: Page) -> None:
        await page.open("?game=accordion&seed=1")
        listed = await page.js("[...document.getElementById('game').options].map(o => o.value)")
        assert listed == list(GAMES)
        for name, game in GAMES.items():
            await page.js(
                f"document.getElementById('game').value = {json.dumps(name)};"
                "document.getElementById('game').dispatchEvent(new Event('change'))"
            )
            rules = await page.js("[...document.getElementById('rules').options].map(o => o.value)")
            assert rules == list(game.rules)
        # A blind game: the stock is a button; dealing puts a card in the row.
        await page.open("?game=bayan&seed=5&blind=1")
        before = await page.js("document.querySelectorAll('#row .pile').length")
        stock = int(await page.js("document.querySelector('#row .stock').textContent"))
        assert before + stock == 52 and f"talon {stock}" in (await page.state())["status"]
        await page.click("#row .stock")
        await page.until(f"document.querySelectorAll('#row .pile').length === {before + 1}")
        assert f"talon {stock - 1}" in (await page.state())["status"]

    drive(served, script)


#: A record with the longest names the page can hold (the widest game, rules and mode).
LONG_RECORD = {
    "version": 1,
    "games": {
        f"{name} {rules} blind": {
            "played": 12345,
            "won": 1234,
            "best": 52,
            "streak": 123,
            "best_streak": 1234,
            "assisted": 0,
        }
        for name, rules in (("relaxed-accordion", "strict-leap"), ("accordions-revenge", "pysol"))
    },
}


async def fits(page: Page, width: int) -> None:
    """Nothing on the page reaches past a phone screen ``width`` pixels wide. With
    mobile emulation the layout viewport (window.innerWidth) widens to fit content
    wider than the screen, so it proves nothing alone: the screen's width is
    visualViewport's."""
    sizes = await page.js(
        "[window.innerWidth, document.documentElement.scrollWidth, visualViewport.width,"
        " [...document.querySelectorAll('body *')].filter(e =>"
        f" e.getBoundingClientRect().right > {width}).map(e => e.tagName + '#' + e.id)]"
    )
    assert sizes[2] == width and sizes[0] == width and sizes[1] <= width, sizes
    assert not sizes[3], sizes  # no element reaches past the screen's edge


@pytest.mark.parametrize("width", [320, 375])
def test_a_phone_sized_viewport(served: tuple[str, int, Path], width: int) -> None:
    async def script(page: Page) -> None:
        await page.open("?game=accordion&seed=1", width=width, height=740)
        await page.js(
            f"localStorage.setItem('accordion-record', {json.dumps(json.dumps(LONG_RECORD))})"
        )
        await page.open("?game=accordion&seed=1", width=width, height=740)
        await fits(page, width)
        await page.js("document.getElementById('record').scrollIntoView()")
        await page.shot(served[2] / f"web-phone-record-{width}.png")
        await page.js("localStorage.clear()")
        await page.open("?game=accordion&seed=1", width=width, height=740)
        await fits(page, width)  # the record's headers alone
        tops = await page.js(
            "new Set([...document.querySelectorAll('#row .pile')]"
            ".map(b => Math.round(b.getBoundingClientRect().top))).size"
        )
        assert tops >= 8  # the row wraps into bands
        await page.move_by_clicks(4, 1, "played 6C>3C")
        await page.js("window.scrollTo(0, 0)")
        await page.shot(served[2] / name)

    name = "web-phone.png" if width == 375 else f"web-phone-{width}.png"
    drive(served, script)
    if width == 375:  # the docs' picture
        keep(served, served[2] / name)


@pytest.mark.parametrize("number", [2**53 + 1, 12345678901234567, 2**64 - 1])
def test_a_deal_number_past_2_53_opens_that_deal(
    served: tuple[str, int, Path], number: int
) -> None:
    """Deal numbers go up to 2**64 - 1, past JavaScript's exact numbers (2**53): the
    page sends and reads them as digits, from the address and from the deal box."""
    first = str(accordion.Deal.from_seed(number)).split()[0]

    async def script(page: Page) -> None:
        await page.open(f"?game=accordion&seed={number}")
        assert f"deal {number}" in await page.js("document.getElementById('title').textContent")
        assert (await page.state())["piles"][0] == first
        assert f"seed={number}" in await page.js("location.search")
        await page.open("?game=accordion&seed=1")
        await page.js(f"document.getElementById('spec').value = '{number}'")
        await page.js("document.getElementById('new').click()")
        await page.until(
            f"document.getElementById('title').textContent.includes('deal {number}')", 10
        )
        assert (await page.state())["piles"][0] == first
        assert f"seed={number}" in await page.js("location.search")

    drive(served, script)


@pytest.mark.parametrize(
    ("query", "error"),
    [
        ("?game=nope&seed=1", 'unknown game "nope"'),
        ("?game=bayan&seed=abc", 'the address\'s seed "abc" is not a whole number'),
        ("?deal=AS%20AS", "duplicate card AS in deal"),
        ("?seed=1&cards=99", "cards"),
    ],
)
def test_a_bad_address_says_why_over_the_deal_opened_instead(
    served: tuple[str, int, Path], query: str, error: str
) -> None:
    async def script(page: Page) -> None:
        await page.open(query)
        said = await page.said()
        assert error in said and "Opened a random deal instead" in said, said
        assert await page.js("document.getElementById('say').classList.contains('error')")
        assert len((await page.state())["piles"]) == 52
        if "bayan" in query:  # the game asked for, where it exists
            assert await page.js("document.getElementById('game').value") == "bayan"

    drive(served, script)
