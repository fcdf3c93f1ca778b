"""Write the pictures of the table used in the docs (docs/images/table*.svg).

    python scripts/table_screenshot.py

Deal 1 at 100×30 with the analysis panel open and a pile picked up, and the same
deal at 40×20 as it first opens; Textual draws each screen as an SVG. The web
table's pictures (docs/images/web-*.png) come from its browser test
(``ACCORDION_SCREENSHOTS=docs/images pytest tests/test_web_browser.py``).
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from accordion import Deal
from accordion.play.accordion import Session
from accordion.play.table.app import TableApp
from accordion.play.table.model import Table

IMAGES = Path(__file__).resolve().parents[1] / "docs" / "images"


async def picture(name: str, size: tuple[int, int], keys: list[str]) -> None:
    app = TableApp(Table(Session(Deal.from_seed(1))), game="accordion")
    async with app.run_test(size=size) as pilot:
        await pilot.press(*keys)
        deadline = time.monotonic() + 60
        while any(not w.is_finished for w in app.workers) and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        await pilot.pause()
        app.save_screenshot(filename=name, path=str(IMAGES))
    print(IMAGES / name)


async def main() -> None:
    IMAGES.mkdir(exist_ok=True)
    await picture("table.svg", (100, 30), ["a", "right", "right", "right", "right", "enter"])
    await picture("table-40.svg", (40, 20), [])


if __name__ == "__main__":
    asyncio.run(main())
