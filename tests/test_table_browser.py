"""`accordion play --serve` in a real headless browser (Chromium, driven over the
DevTools protocol on 127.0.0.1): the page loads, the row arrives, and a key
press moves a pile.

What the browser shows is a canvas, so the test reads what it was sent: the
terminal output in the WebSocket frames the page received (the DevTools
protocol reports each one), and the record the served table writes when it is
quit after the move. A screenshot of the page is saved; with
``ACCORDION_SCREENSHOT=PATH`` it is also written to PATH (the docs' picture,
``docs/images/table-browser.png``, comes from such a run).

Chromium comes from Debian's packages (``scripts/test.sh`` installs it); where
it cannot be found the test is skipped and says so.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("textual_serve", reason="--serve needs the play extra (textual-serve)")
aiohttp = pytest.importorskip("aiohttp", reason="the DevTools client uses aiohttp")

CHROMIUM = next(
    (path for name in ("chromium", "chromium-browser") if (path := shutil.which(name))), None
)
pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="no Chromium here (apt-get install chromium; scripts/test.sh does it on CI)",
)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def wait_for_port(port: int, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise AssertionError(f"nothing listens on 127.0.0.1:{port}")


class DevTools:
    """A minimal DevTools-protocol client over one page's WebSocket."""

    def __init__(self, socket: Any) -> None:
        self.socket = socket
        self.next_id = 0
        self.frames: list[bytes] = []
        self.replies: dict[int, Any] = {}

    async def call(self, method: str, **params: Any) -> Any:
        self.next_id += 1
        ident = self.next_id
        await self.socket.send_json({"id": ident, "method": method, "params": params})
        while ident not in self.replies:
            await self.pump(5)
        reply = self.replies.pop(ident)
        assert "error" not in reply, reply
        return reply.get("result", {})

    async def pump(self, seconds: float) -> None:
        message = await self.socket.receive(timeout=seconds)
        data = json.loads(message.data)
        if "id" in data:
            self.replies[data["id"]] = data
        elif data.get("method") == "Network.webSocketFrameReceived":
            response = data["params"]["response"]
            payload = response["payloadData"]
            raw = base64.b64decode(payload) if response["opcode"] == 2 else payload.encode()
            self.frames.append(raw)

    def received(self) -> str:
        return b"".join(self.frames).decode("utf-8", errors="replace")

    async def wait_for(self, text: str, seconds: float = 60) -> None:
        deadline = time.monotonic() + seconds
        while text not in self.received():
            if time.monotonic() > deadline:
                raise AssertionError(f"the page never received {text!r}")
            with contextlib.suppress(asyncio.TimeoutError):
                await self.pump(1)

    async def press(self, key: str, code: str, text: str = "", key_code: int = 0) -> None:
        for kind in ("keyDown", "keyUp"):
            await self.call(
                "Input.dispatchKeyEvent",
                type=kind,
                key=key,
                code=code,
                text=text if kind == "keyDown" else "",
                windowsVirtualKeyCode=key_code,
            )


async def drive(page_url: str, devtools_port: int, shot: Path) -> str:
    async with aiohttp.ClientSession() as http:
        async with http.get(f"http://127.0.0.1:{devtools_port}/json/list") as response:
            targets = await response.json()
        page = next(t for t in targets if t["type"] == "page")
        async with http.ws_connect(page["webSocketDebuggerUrl"], max_msg_size=0) as ws:
            tools = DevTools(ws)
            await tools.call("Network.enable")
            await tools.call("Page.enable")
            await tools.call(
                "Emulation.setDeviceMetricsOverride",
                width=1100,
                height=680,
                deviceScaleFactor=1,
                mobile=False,
            )
            await tools.call("Page.navigate", url=page_url)
            # The title line and the first cards of the row reach the page.
            await tools.wait_for("Accordion · deal 1")
            await tools.wait_for("moves 0")
            # Five to the right is pile 6, 6♣... no: deal 1 is 5♠ 3♣ 5♣ 9♦ 6♣: pile 5 (6♣)
            # moves onto pile 2 (3♣), three to its left.
            await tools.call(
                "Runtime.evaluate",
                expression="document.querySelector('canvas, .xterm-helper-textarea')?.focus()",
            )
            for _ in range(4):
                await tools.press("ArrowRight", "ArrowRight", key_code=39)
            await tools.press("Enter", "Enter", "\r", 13)
            await tools.press("Enter", "Enter", "\r", 13)
            await tools.wait_for("moves 1")
            await tools.wait_for("played 6♣>3♣")  # cards as the row writes them
            await asyncio.sleep(1.0)  # let the canvas draw the frame
            picture = await tools.call("Page.captureScreenshot", format="png")
            shot.write_bytes(base64.b64decode(picture["data"]))
            await tools.press("q", "KeyQ", "q", 81)
            await asyncio.sleep(2.0)
            return tools.received()


def test_the_served_table_in_a_headless_browser(tmp_path: Path) -> None:
    port, devtools = free_port(), free_port()
    env = {**os.environ, "ACCORDION_DATA_DIR": str(tmp_path / "data")}
    env.pop("NO_COLOR", None)
    log = (tmp_path / "serve.log").open("w")
    server = subprocess.Popen(
        [sys.executable, "-m", "accordion", "play", "--seed", "1", "--serve", "--port", str(port)],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    assert CHROMIUM is not None
    browser = subprocess.Popen(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            f"--user-data-dir={tmp_path / 'chromium'}",
            "--remote-debugging-address=127.0.0.1",
            f"--remote-debugging-port={devtools}",
            "about:blank",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for_port(port)
        wait_for_port(devtools)
        shot = tmp_path / "table-browser.png"
        asyncio.run(drive(f"http://127.0.0.1:{port}/", devtools, shot))
        assert shot.stat().st_size > 10_000
        if target := os.environ.get("ACCORDION_SCREENSHOT"):
            shutil.copyfile(shot, target)
        # Quit after one move: the served table counted the game as played, not won.
        deadline = time.monotonic() + 30
        record = tmp_path / "data" / "record.json"
        while not record.exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        games = json.loads(record.read_text())["games"]
        assert games["accordion modern open"]["played"] == 1
        assert games["accordion modern open"]["won"] == 0
    finally:
        browser.terminate()
        server.terminate()
        browser.wait(30)
        server.wait(30)
        log.close()


def test_serve_binds_to_loopback_by_default() -> None:
    from accordion.cli import build_parser

    args = build_parser().parse_args(["play", "--serve"])
    assert args.host == "127.0.0.1" and args.port == 8000
