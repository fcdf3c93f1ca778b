"""The web table reads the difficulty levels from the server (``GET /api/games``,
which reads ``accordion.games.LEVELS``) instead of repeating them: the API lists
them, the page's script names none, and in a real browser the deal box's help
lists them and a level typed there draws a deal at that level."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")
pytest.importorskip("httpx", reason="the test client needs httpx")

from _helpers import CHROMIUM, web_client

from accordion.games import GAMES, LEVELS
from accordion.web.app import create_app

STATIC = Path(__file__).resolve().parent.parent / "python" / "accordion" / "web" / "static"


def test_the_api_lists_each_games_levels() -> None:
    with web_client(create_app()) as client:
        listed = {game["name"]: game["levels"] for game in client.get("/api/games").json()}
    for name, game in GAMES.items():
        assert listed[name] == (list(LEVELS) if game.supports("choose") else []), name


def test_the_page_names_no_level_of_its_own() -> None:
    for page in ("table.js", "index.html"):
        text = (STATIC / page).read_text(encoding="utf-8")
        for level in LEVELS:
            assert not re.search(rf"\b{level}\b", text), (page, level)


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium here (apt-get install chromium)")
@pytest.mark.xdist_group("web-browser")
def test_the_deal_box_lists_the_servers_levels_and_takes_one(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    pytest.importorskip("aiohttp", reason="the DevTools client uses aiohttp")
    import test_web_browser as browser

    served = browser.served.__wrapped__(tmp_path_factory)  # type: ignore[attr-defined]
    where = next(served)
    try:

        async def script(page: browser.Page) -> object:
            await page.open("?game=accordion&seed=3&cards=10")
            help_text = await page.js("document.getElementById('spec-help').textContent")
            placeholder = await page.js("document.getElementById('spec').placeholder")
            await page.js(f"document.getElementById('spec').value = '{LEVELS[0]}'")
            await page.click("#new")
            await page.until("!document.getElementById('say').textContent.includes('deal 3 ')")
            await page.settled()
            await page.until("[...document.images].every((image) => image.complete)")
            shot = where[2] / "web-levels.png"
            await page.shot(shot)
            browser.keep(where, shot)
            title = await page.js("document.getElementById('title').textContent")
            return help_text, placeholder, title, await page.said()

        help_text, placeholder, title, said = browser.drive(where, script)
    finally:
        served.close()
    levels = ", ".join(LEVELS[:-1]) + f" or {LEVELS[-1]}"
    assert help_text == f"empty: a random deal; a number; winnable, {levels}; or a row of cards"
    assert placeholder == f"number, winnable, {LEVELS[0]}…"
    # A deal drawn at that level: a numbered deal, said with the command that replays it.
    assert re.match(r"Accordion · deal \d+ · modern rules · open\.", said), said
    assert title, title
