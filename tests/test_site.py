"""The documentation site as a reader gets it: built from the files (every link a
page, not a folder), user pages without development history, the API page with
real types and defaults, and no table wider than its page (headless Chromium)."""

from __future__ import annotations

import asyncio
import base64
import html
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from _helpers import CHROMIUM, free_port, headless_chromium

pytest.importorskip("mkdocs", reason="the site needs the docs extra")

ROOT = Path(__file__).resolve().parents[1]
USER_PAGES = [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md"]
#: What development history looks like in prose: issue numbers, branches, the
#: seeds' file names, commits named as builds, the build a figure was measured with
#: (which, with the machine and the date, belongs in the bench's notes in benches/).
HISTORY = re.compile(
    r"\b[Ii]ssue \d+|\bbranch `|\b000_|\b(?:main|build|commit) `?[0-9a-f]{7}\b|\bstop \d+\b"
    r"|\bthe `ci`(?:-profile)? build|`ci` build on\b"
)
#: The widest pages: their tables are checked and photographed.
WIDE_PAGES = ["results", "cli", "numberings", "api", "solver", "strategies", "difficulty"]


@pytest.mark.parametrize("page", USER_PAGES, ids=[page.name for page in USER_PAGES])
def test_user_pages_carry_no_development_history(page: Path) -> None:
    found = [
        f"{page.name}:{number}: {match.group(0)}"
        for number, line in enumerate(page.read_text("utf-8").splitlines(), 1)
        for match in HISTORY.finditer(line)
    ]
    assert found == []


def test_the_install_line_is_honest() -> None:
    for page in ("index.md", "quickstart.md"):
        text = (ROOT / "docs" / page).read_text("utf-8")
        assert "No release is published yet" in text
        assert "pip install ." in text or "pip install '.[" in text


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("site")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(target)],
        cwd=ROOT,
        env=env,
        check=True,
        timeout=600,
    )
    return target


def test_the_site_reads_from_files(site: Path) -> None:
    assert (site / "results.html").is_file()
    assert (site / "changelog.html").is_file()
    index = (site / "index.html").read_text("utf-8")
    links = re.findall(r'href="([^"#:]+)"', index)
    pages = [link for link in links if not link.startswith(("assets/", "search/"))]
    assert pages, "no links found"
    # A link to a folder would open a folder listing from the disk.
    assert [link for link in pages if link.endswith("/") or link == "."] == []


def test_the_api_pages_read_each_throw_game_s_inherited_members_with_its_types() -> None:
    """The stub declares the throw games' members once, in generic bases, and
    their ``solve_…`` as callable protocols; the API pages' griffe extension writes
    them out in each game's class, with the game's types, and as functions."""
    import ast
    import importlib.util

    script = ROOT / "scripts" / "griffe_core_stubs.py"
    spec = importlib.util.spec_from_file_location("griffe_core_stubs", script)
    assert spec is not None and spec.loader is not None
    extension = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(extension)
    stub = (ROOT / "python" / "accordion" / "_core.pyi").read_text("utf-8")
    tree = ast.parse(extension.expanded(stub))
    found = {
        node.name: node for node in tree.body if isinstance(node, ast.ClassDef | ast.FunctionDef)
    }
    bayan = found["BayanGame"]
    assert isinstance(bayan, ast.ClassDef)
    play = next(
        item for item in bayan.body if isinstance(item, ast.FunctionDef) and item.name == "play"
    )
    assert ast.unparse(play.args.posonlyargs[1].annotation or play) == "BayanMove | str"
    assert play.returns is not None and ast.unparse(play.returns) == "BayanMove"
    solve = found["solve_bayan"]
    assert isinstance(solve, ast.FunctionDef)
    assert [arg.arg for arg in solve.args.args] == ["position"]
    assert solve.returns is not None and ast.unparse(solve.returns) == "BayanSolution"
    # What every game's statistics share (``_Stats``) is written out in Accordion's
    # ``Stats`` and, through ``_ThrowStats``, in each throw game's, once each.
    for name in ("Stats", "BayanStats"):
        stats = found[name]
        assert isinstance(stats, ast.ClassDef)
        members = [item.name for item in stats.body if isinstance(item, ast.FunctionDef)]
        assert {"seed", "win_rate", "ci95", "seconds", "rules", "histogram"} <= set(members)
        assert len(members) == len(set(members)), name


def test_the_nav_lists_each_games_page_from_the_registry(site: Path) -> None:
    """mkdocs.yml names no game: its ``Games`` section is the registry's games with
    a page of their own, titled and ordered as the registry has them."""
    from accordion.games import GAMES

    assert not re.search(
        r"\b(?:push-pin|bayan|decade|seven-up)\.md", (ROOT / "mkdocs.yml").read_text()
    )
    index = (site / "index.html").read_text("utf-8")
    links = re.findall(
        r'<a href="([a-z0-9-]+)\.html" class="md-nav__link">\s*'
        r'<span class="md-ellipsis">\s*([^<]+?)\s*</span>',
        index,
    )
    listed = {page: html.unescape(title) for page, title in links}
    own = [
        game for game in GAMES.values() if game.docs not in ("docs/rules.md", "docs/numberings.md")
    ]
    assert len(own) >= 6
    for game in own:
        page = game.docs.removeprefix("docs/").removesuffix(".md")
        assert listed.get(page) == game.title, (page, listed.get(page))
    order = [page for page, _ in links]
    pages = [game.docs.removeprefix("docs/").removesuffix(".md") for game in own]
    assert sorted(pages, key=order.index) == pages


def _text(page: Path) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", page.read_text("utf-8")))


def test_the_api_page_shows_real_types_and_defaults(site: Path) -> None:
    text = _text(site / "api.html")
    assert "Ellipsis" not in text
    assert "int([x])" not in text  # MAX_JOBS and fields with int's docstring
    assert "hint(*, timeout: float | None = 2.0)" in text
    assert "The most threads" in text  # MAX_JOBS's own doc
    # What the stub declares once for every throw game, with each game's types.
    said = " ".join(text.split())
    assert "play(move: BayanMove | str) -> BayanMove" in said
    assert "solve_royal( position: Deal | RoyalGame | str, *, rules: RoyalRuleName" in said
    # And what a private base that is not generic declares (``_ThrowOutcome``,
    # ``_Stats``): a throw game's outcome, every game's statistics.
    assert "won: bool" in said and "ci95: tuple[float, float]" in said
    page = (site / "api.html").read_text("utf-8")
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", page, re.S):
        cells = [c.strip() for c in re.sub(r"<[^>]+>", "|", row).split("|") if c.strip()]
        if cells and cells[-1] == "required":
            # A required parameter has its type: name, type, description, required.
            assert len(cells) >= 4, cells


#: For every table of the page: whether it fits the width of the content, with
#: nothing to scroll sideways (Material wraps each table in a scrolling box).
OVERFLOW = """
JSON.stringify([...document.querySelectorAll('article table')].map((table, i) => {
  const box = table.closest('.md-typeset__scrollwrap') || table.parentElement;
  const article = table.closest('article').getBoundingClientRect();
  return {i, head: table.rows[0].innerText.slice(0, 60),
          scroll: box.scrollWidth, client: box.clientWidth,
          right: table.getBoundingClientRect().right, limit: article.right};
}).filter(t => t.scroll > t.client + 1 || t.right > t.limit + 1))
"""

#: Every code block of the page that scrolls sideways, by its first line.
# Resolves once the page at the given address has loaded, its fonts too, and
# two frames have been laid out since: what the checks below measure is then
# the page as a reader sees it, however slow the machine.
SETTLED = """
new Promise((resolve) => {
    const done = () => document.fonts.ready.then(() =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(location.href))));
    if (document.readyState === "complete") done();
    else addEventListener("load", done, {once: true});
})
"""

CODE_OVERFLOW = """
JSON.stringify([...document.querySelectorAll('article pre > code')]
  .filter(code => code.scrollWidth > code.clientWidth + 1)
  .map(code => code.innerText.split('\\n')[0].slice(0, 60)))
"""
#: The pages whose every code block must fit: the program's own help (the page
#: writes it at a fixed width, scripts/mkdocs_hooks.py).
NO_SCROLLING_CODE = {"cli"}


async def _visit(pages: list[Path], devtools: int, shots: Path) -> dict[str, Any]:
    aiohttp = pytest.importorskip("aiohttp", reason="the DevTools client uses aiohttp")
    wide: dict[str, Any] = {}
    async with aiohttp.ClientSession() as http:
        async with http.get(f"http://127.0.0.1:{devtools}/json/list") as response:
            targets = await response.json()
        page = next(t for t in targets if t["type"] == "page")
        async with http.ws_connect(page["webSocketDebuggerUrl"], max_msg_size=0) as ws:
            ident = 0

            async def call(method: str, **params: Any) -> Any:
                nonlocal ident
                ident += 1
                await ws.send_json({"id": ident, "method": method, "params": params})
                while True:
                    message = json.loads((await ws.receive(timeout=60)).data)
                    if message.get("id") == ident:
                        assert "error" not in message, message
                        return message.get("result", {})

            await call(
                "Emulation.setDeviceMetricsOverride",
                width=1280,
                height=900,
                deviceScaleFactor=1,
                mobile=False,
            )
            for path in pages:
                await call("Page.navigate", url=path.as_uri())
                for _ in range(600):
                    settled = await call(
                        "Runtime.evaluate",
                        expression=SETTLED,
                        awaitPromise=True,
                        returnByValue=True,
                    )
                    if settled.get("result", {}).get("value") == path.as_uri():
                        break
                    await asyncio.sleep(0.05)
                else:
                    raise AssertionError(f"{path.name} did not load in 30 s")
                found = await call("Runtime.evaluate", expression=OVERFLOW, returnByValue=True)
                wide[path.stem] = json.loads(found["result"]["value"])
                if path.stem in NO_SCROLLING_CODE:
                    code = await call(
                        "Runtime.evaluate", expression=CODE_OVERFLOW, returnByValue=True
                    )
                    wide[path.stem] += json.loads(code["result"]["value"])
                picture = await call("Page.captureScreenshot", format="png")
                (shots / f"{path.stem}.png").write_bytes(base64.b64decode(picture["data"]))
    return wide


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium here (apt-get install chromium)")
def test_no_table_is_wider_than_its_page(site: Path, tmp_path: Path) -> None:
    devtools = free_port()
    profile = tmp_path / "chromium"
    with headless_chromium(devtools, profile, "--allow-file-access-from-files"):
        shots = Path(os.environ.get("ACCORDION_DOC_SHOTS", tmp_path))
        shots.mkdir(parents=True, exist_ok=True)
        pages = [site / f"{name}.html" for name in WIDE_PAGES]
        wide = asyncio.run(_visit(pages, devtools, shots))
    assert {name: tables for name, tables in wide.items() if tables} == {}
    assert all((shots / f"{name}.png").stat().st_size > 20_000 for name in WIDE_PAGES)
