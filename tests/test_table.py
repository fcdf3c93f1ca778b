"""The full-screen table (`accordion play` with the play extra), driven headless
with Textual's Pilot: whole won games of every game by keys and by clicks, undo
and redo, hints, the analysis cancelled by a move, resizing, blind dealing, the
record, and a crash that leaves one line."""

from __future__ import annotations

import asyncio
import io
import json
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from _helpers import finish

pytest.importorskip("textual", reason="the table needs the play extra (textual)")

from textual.pilot import Pilot

import accordion
from accordion import Deal
from accordion.games import GAMES, find_game
from accordion.play.accordion import Session
from accordion.play.table.app import CELL, KeysScreen, TableApp, card_text, in_glyphs
from accordion.play.table.model import Table
from accordion.play.table.record import Record, RecordError, key, lines

# A small winnable deal of Accordion (found by its solver; the tests check the win,
# so a change of numbering shows here).
ACCORDION_12 = Deal.from_seed(20, 12)


def accordion_session(deal: Deal = ACCORDION_12, **kwargs: Any) -> Session:
    return Session(deal, **kwargs)


#: Every game of the registry with an engine of its own (a variant shares its
#: engine's table): each must be playable at the table to the win.
TABLE_GAMES = [
    entry.name for entry in GAMES.values() if entry.engine == entry.name and entry.supports("play")
]


def new_session(entry: Any, deal: Deal, seed: int) -> Any:
    """A sitting under the game's first rule set, given as the command line gives
    it (a ``Rules``), or by name to a session that takes only a name."""
    try:
        return entry.session_class()(deal, accordion.Rules(entry.rules[0]), seed=seed)
    except (TypeError, ValueError):
        return entry.session_class()(deal, entry.rules[0], seed=seed)


def winnable_session(name: str) -> Any:
    """A sitting at a small numbered deal of game ``name`` that its solver wins."""
    entry = find_game(name)
    for cards in (8, 10, 12, 16):
        for seed in range(1, 300):
            deal = entry.numbered()(seed, cards)
            session = new_session(entry, deal, seed)
            if Table(session, entry).best().won:
                return session
    raise AssertionError(f"no small winnable deal of {name}")


SESSIONS: dict[str, Callable[[], Any]] = {
    name: partial(winnable_session, name) for name in TABLE_GAMES
}


def test_the_table_plays_every_game_of_the_registry() -> None:
    assert {"accordion", "royal-marriage", "bayan"} <= set(TABLE_GAMES)


@pytest.fixture
def record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Record:
    monkeypatch.setenv("ACCORDION_DATA_DIR", str(tmp_path))
    return Record()


def make_app(session: Any, game: str, record: Record | None = None) -> TableApp:
    return TableApp(Table(session, find_game(game)), game=game, record=record)


def run(coroutine: Any) -> Any:
    return asyncio.run(coroutine)


async def settle(pilot: Pilot[Any], app: TableApp, seconds: float = 30.0) -> None:
    """Wait until the solver's workers are done."""
    deadline = time.monotonic() + seconds
    await pilot.pause()
    while any(not w.is_finished for w in app.workers) and time.monotonic() < deadline:
        await asyncio.sleep(0.02)
    await pilot.pause()


async def go_to(pilot: Pilot[Any], app: TableApp, place: int) -> None:
    """Move the cursor to ``place`` with the keys a player would press."""
    row = app.row
    per = row.per_band()
    while row.cursor // per != place // per:
        await pilot.press("down" if place > row.cursor else "up")
    while row.cursor != place:
        await pilot.press("right" if place > row.cursor else "left")
    assert row.cursor == place


def winning_line(table: Table) -> list[Any]:
    best = table.best(table.game.copy())
    assert best.won, "the test deal is winnable"
    return list(best.moves)


async def play_by_keys(pilot: Pilot[Any], app: TableApp, move: Any) -> None:
    table = app.table
    if move.is_deal:
        await pilot.press("d")
        return
    places = table.picks(move)
    first, then = places[0], places[-1] if len(places) > 1 else places[0]
    await go_to(pilot, app, first)
    await pilot.press("enter")
    assert app.row.picked == first
    assert then in app.row.targets
    await go_to(pilot, app, then)
    await pilot.press("enter")


async def click_place(pilot: Pilot[Any], app: TableApp, place: int) -> None:
    row = app.row
    per = row.per_band()
    band, column = divmod(place, per)
    x = column * CELL + 2
    y = band * row.band_lines() + (1 if row.band_lines() == 3 else 0)
    region = row.content_region
    assert await pilot.click(offset=(region.x + x, region.y + y))


async def play_by_clicks(pilot: Pilot[Any], app: TableApp, move: Any) -> None:
    if move.is_deal:
        assert await pilot.click("#stock")
        return
    places = app.table.picks(move)
    await click_place(pilot, app, places[0])
    await pilot.pause()
    assert app.row.picked == places[0]
    await click_place(pilot, app, places[-1])
    await pilot.pause()


# -- whole games ----------------------------------------------------------------------


@pytest.mark.parametrize("how", ["keys", "clicks"])
@pytest.mark.parametrize("game", list(SESSIONS))
def test_a_whole_won_game(game: str, how: str, record: Record) -> None:
    app = make_app(SESSIONS[game](), game, record)

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            for move in winning_line(app.table):
                before = len(app.table.game.history)
                await (play_by_keys if how == "keys" else play_by_clicks)(pilot, app, move)
                await pilot.pause()
                assert len(app.table.game.history) == before + 1, app.message
                assert app.table.game.history[-1] == move
            assert app.table.over and app.table.won
            assert "You won" in app.message
            await pilot.press("q")

    run(main())
    entries = record.read()
    rules = app.table.rules_name
    entry = entries[key(game, rules, False)]
    assert (entry.played, entry.won, entry.streak, entry.assisted) == (1, 1, 1, 0)
    assert entry.best == find_game(game).won_at


def test_a_blind_game_is_dealt_by_key_and_by_click(record: Record) -> None:
    app = make_app(accordion_session(blind=True), "accordion", record)

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            assert app.table.piles == []
            assert "stock 12" in str(app.query_one("#stock").render())
            await pilot.press("d")
            assert len(app.table.piles) == 1
            assert await pilot.click("#stock")
            await pilot.pause()
            assert len(app.table.piles) == 2
            assert "dealt" in app.message
            # Play it to the end by the solver's line (it reads the stock), dealing by key.
            for move in winning_line(app.table):
                await play_by_keys(pilot, app, move)
                await pilot.pause()
            assert app.table.won

    run(main())


# -- undo, redo, hint, solution ---------------------------------------------------------


def test_undo_and_redo() -> None:
    app = make_app(accordion_session(), "accordion")

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            first, second = winning_line(app.table)[:2]
            await play_by_keys(pilot, app, first)
            await play_by_keys(pilot, app, second)
            assert app.table.game.history == [first, second]
            await pilot.press("u", "u")
            assert app.table.game.history == []
            await pilot.press("u")
            assert app.message == "nothing to undo"
            await pilot.press("r")
            assert app.table.game.history == [first]
            await pilot.press("r")
            assert app.table.game.history == [first, second]
            await pilot.press("r")
            assert app.message == "nothing to redo"
            # A new move drops what could have been redone.
            await pilot.press("u")
            third = next(m for m in app.table.game.legal_moves if m != second)
            await play_by_keys(pilot, app, third)
            await pilot.press("r")
            assert app.message == "nothing to redo"

    run(main())


@pytest.mark.parametrize("game", list(SESSIONS))
def test_the_hint_marks_a_move_of_best_play(game: str) -> None:
    app = make_app(SESSIONS[game](), game)

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("H")
            await settle(pilot, app)
            assert app.message.startswith("hint: ") and "Still winnable" in app.message
            best = app.table.best()
            assert app.row.marks == app.table.picks(best.moves[0])

    run(main())


def test_the_solution_plays_step_by_step_to_the_win(record: Record) -> None:
    app = make_app(accordion_session(), "accordion", record)

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("s")
            await settle(pilot, app)
            assert "the solution wins in" in app.message
            for _ in range(40):
                if app.table.over:
                    break
                await pilot.press("s")
                await settle(pilot, app)
            assert app.table.won
            await pilot.press("q")

    run(main())
    entry = record.read()[key("accordion", "modern", False)]
    assert (entry.won, entry.assisted) == (1, 1)


# -- analysis -----------------------------------------------------------------------


def test_the_analysis_rates_every_legal_move() -> None:
    app = make_app(accordion_session(), "accordion")

    async def main() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            assert not app.query_one("#analysis").display  # off by default
            await pilot.press("a")
            await settle(pilot, app)
            legal = list(app.table.game.legal_moves)
            assert {str(r.move) for r in app._ratings} == {str(m) for m in legal}
            for rating in app._ratings:
                after = app.table.game.copy()
                after.play(rating.move)
                solved = accordion.solve(after)
                assert rating.best.won == (solved.result == "win")
                assert rating.best.left == solved.piles
            text = str(app.query_one("#analysis").render())
            assert f"{len(legal)} of {len(legal)} actions rated" in text
            cells = text.split("\n", 2)[2]
            # Named as the row names cards: J♣>8♣, not JC>8C.
            assert all(in_glyphs(str(move)) in cells for move in legal)
            assert not any(str(move) in cells for move in legal if ">" in str(move))
            assert cells.count(" win ") == sum(r.best.won for r in app._ratings)

    run(main())


def test_a_move_cancels_the_analysis(monkeypatch: pytest.MonkeyPatch) -> None:
    """A slow analysis (each rating waits on a solve that only a cancel ends) is
    stopped by the player's move, and its answers are dropped."""
    app = make_app(accordion_session(), "accordion")
    started = threading.Event()
    stopped = threading.Event()
    real_best = Table.best

    def slow_best(self: Table, game: Any = None, **kwargs: Any) -> Any:
        if threading.current_thread() is threading.main_thread():
            return real_best(self, game, **kwargs)
        started.set()
        # A call that takes far longer than the test: only a cancel ends it.
        try:
            accordion.simulate_royal(deals=10**9, jobs=1)
        except accordion.CancelledError:
            stopped.set()
            raise
        return real_best(self, game, **kwargs)

    monkeypatch.setattr(Table, "best", slow_best)

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("a")
            assert await asyncio.to_thread(started.wait, 10)
            generation = app.generation
            move = next(iter(app.table.game.legal_moves))
            monkeypatch.setattr(Table, "best", real_best)
            await play_by_keys(pilot, app, move)
            assert await asyncio.to_thread(stopped.wait, 10), "the solve was not cancelled"
            assert app.generation > generation
            await settle(pilot, app)
            # The panel now rates the position after the move, not the one before it.
            legal = {str(m) for m in app.table.game.legal_moves}
            assert {str(r.move) for r in app._ratings} == legal

    run(main())


def test_blind_analysis_says_it_reads_the_stock() -> None:
    app = make_app(accordion_session(blind=True), "accordion")

    async def main() -> None:
        async with app.run_test(size=(80, 30)) as pilot:
            await pilot.press("d", "d", "d", "a")
            await settle(pilot, app)
            assert "if the stock were known" in str(app.query_one("#analysis").render())

    run(main())


# -- the screen ---------------------------------------------------------------------


@pytest.mark.parametrize(("width", "height"), [(40, 20), (200, 50), (80, 24)])
def test_the_row_reflows_to_the_width(width: int, height: int) -> None:
    app = make_app(accordion_session(Deal.from_seed(1)), "accordion")

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.resize_terminal(width, height)
            await pilot.pause()
            row = app.row
            per = row.per_band()
            assert per == (width - 2 - 2) // CELL
            drawn = str(row.render()).splitlines()
            assert all(len(line) <= row.content_size.width for line in drawn)
            cards = [w for line in drawn for w in line.replace("→", " ").split()]
            shown = [w.strip("[]»«") for w in cards if not w.startswith("×") and not w.isdigit()]
            assert shown == [card_text(c) for c in Deal.from_seed(1)]
            # The whole row is on screen: its bands fit the height.
            assert row.region.bottom <= height
            # A click on the last pile's card picks it up, whatever the layout.
            last = len(app.table.piles) - 1
            await click_place(pilot, app, last)
            await pilot.pause()
            assert app.row.cursor == last

    run(main())


def test_suits_are_told_apart_without_colour() -> None:
    glyphs = {card_text(accordion.Card(f"A{suit}"))[1] for suit in "SHDC"}
    assert len(glyphs) == 4


def test_a_pile_with_no_move_says_so() -> None:
    app = make_app(accordion_session(Deal.parse("7H 2C 9S")), "accordion")

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("enter")
            assert app.message == "7♥ has no legal move"
            assert app.row.picked is None

    run(main())


def test_a_new_deal_by_number_and_a_bad_one() -> None:
    app = make_app(accordion_session(Deal.from_seed(1)), "accordion")

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("n")
            await pilot.press(*"123", "enter")
            await pilot.pause()
            assert app.table.game.starting_deal == Deal.from_seed(123)
            assert "deal 123" in app.message
            await pilot.press("n", *"xyz", "enter")
            await pilot.pause()
            assert 'not a deal: "xyz"' in app.message
            await pilot.press("n", *"winnable", "enter")
            await pilot.pause()
            assert accordion.solve(app.table.game.starting_deal).result == "win"

    run(main())


def test_forced_moves_play_out_under_strict_rules() -> None:
    app = make_app(
        accordion_session(Deal.from_seed(1), rules=accordion.Rules("strict")), "accordion"
    )

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("f")
            assert len(app.table.game.history) == 1
            await pilot.press("F")
            assert app.table.over
            assert app.message.startswith("played ")

    run(main())


def test_the_keys_screen() -> None:
    app = make_app(accordion_session(), "accordion")

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("question_mark")
            assert type(app.screen).__name__ == "KeysScreen"
            await pilot.press("x")
            assert type(app.screen).__name__ != "KeysScreen"

    run(main())


# -- the record ---------------------------------------------------------------------


def test_the_record_counts_streaks_and_survives_two_writers(tmp_path: Path) -> None:
    one, two = Record(tmp_path / "r.json"), Record(tmp_path / "r.json")
    one.add("accordion modern open", won=True, left=1)
    two.add("accordion modern open", won=True, left=1)
    one.add("accordion modern open", won=False, left=4, assisted=True)
    entry = two.read()["accordion modern open"]
    assert (entry.played, entry.won, entry.best, entry.streak, entry.best_streak) == (3, 2, 1, 0, 2)
    assert entry.assisted == 1

    failures: list[BaseException] = []

    def hammer(record: Record) -> None:
        try:
            for _ in range(20):
                record.add("bayan modern open", won=False, left=6)
        except BaseException as error:  # a thread's exception is otherwise only a warning
            failures.append(error)

    threads = [
        threading.Thread(target=hammer, args=(Record(tmp_path / "r.json"),)) for _ in range(4)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    assert one.read()["bayan modern open"].played == 80


def test_two_processes_writing_the_record_lose_no_game(tmp_path: Path) -> None:
    """Across processes only the file lock keeps updates apart (the thread lock is
    per process): two writers of 60 games each leave 120."""
    import subprocess

    code = (
        "import os, sys, time, accordion.play.table.record as r\n"
        "record = r.Record(__import__('pathlib').Path(sys.argv[1]))\n"
        "while not os.path.exists(sys.argv[2]): time.sleep(0.001)\n"  # start together
        "for _ in range(60): record.add('accordian uva open', won=False, left=9)"
    )
    go = tmp_path / "go"
    writers = [
        subprocess.Popen([sys.executable, "-c", code, str(tmp_path / "r.json"), str(go)])
        for _ in range(2)
    ]
    go.touch()
    assert [writer.wait(timeout=120) for writer in writers] == [0, 0]
    assert Record(tmp_path / "r.json").read()["accordian uva open"].played == 120


def test_a_damaged_record_is_refused_not_read_as_empty(tmp_path: Path) -> None:
    (tmp_path / "r.json").write_text("{not json")
    with pytest.raises(RecordError, match=r"r\.json is not whole JSON"):
        Record(tmp_path / "r.json").read()
    (tmp_path / "r.json").write_text(json.dumps({"version": 99, "games": {"x": {}}}))
    with pytest.raises(RecordError, match="newer version"):
        Record(tmp_path / "r.json").read()
    assert next(iter(lines({}))).startswith("no games recorded yet")


def test_play_stats_prints_the_record(record: Record, capsys: pytest.CaptureFixture[str]) -> None:
    from accordion.cli import main

    record.add(key("accordion", "modern", False), won=True, left=1)
    assert main(["play", "--stats"]) == 0
    out = capsys.readouterr().out
    assert "accordion modern open" in out and str(record.path) in out


def test_the_record_is_imported_without_fcntl() -> None:
    """Windows has no fcntl: the record's lock must not need it."""
    import subprocess

    code = (
        "import sys; sys.modules['fcntl'] = None\n"
        "import accordion.play.table.record as r, tempfile, pathlib\n"
        "p = pathlib.Path(tempfile.mkdtemp()) / 'r.json'\n"
        "r.Record(p).add('a', won=True, left=1); print(r.Record(p).read()['a'].won)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )
    # filelock picks its Windows or POSIX lock by platform; on POSIX it falls
    # back to a soft lock where fcntl is missing.
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "1"


# -- the shell around the app ----------------------------------------------------------


def test_an_exception_inside_the_app_is_kept_for_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(accordion_session(), "accordion")

    def boom() -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(app, "action_undo", boom)

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("u")
            await pilot.pause()

    with pytest.raises(RuntimeError, match="boom"):
        run(main())
    assert isinstance(app.crash, RuntimeError)
    assert app._exit_renderables == []


def iter_env() -> Iterator[tuple[str, str]]:
    yield from ((k, v) for k, v in os.environ.items() if k != "NO_COLOR")


# -- accordion play in a real terminal ------------------------------------------------


def spawn_python(code: str, tmp_path: Path, columns: int = 80) -> Any:
    pexpect = pytest.importorskip("pexpect")
    env = dict(iter_env())
    env.update(TERM="xterm-256color", PYTHONIOENCODING="utf-8", ACCORDION_DATA_DIR=str(tmp_path))
    return pexpect.spawn(
        sys.executable,
        ["-c", code],
        env=env,
        dimensions=(24, columns),
        encoding="utf-8",
        timeout=60,
    )


def test_a_crash_restores_the_terminal_and_says_one_line(tmp_path: Path) -> None:
    """An exception inside the app: the alternate screen is left, the terminal's modes
    restored, and one `accordion: internal error` line follows, no traceback."""
    code = (
        "from accordion.play.table.app import TableApp\n"
        "def boom(self): raise RuntimeError('boom')\n"
        "TableApp.action_undo = boom\n"
        "from accordion.cli import main\n"
        "raise SystemExit(main(['play', '--seed', '1']))\n"
    )
    child = spawn_python(code, tmp_path)
    seen = io.StringIO()
    child.logfile_read = seen
    child.expect_exact("Accordion · deal 1")
    child.send("u")
    child.expect(pytest.importorskip("pexpect").EOF)
    child.close()
    assert child.exitstatus == 1
    text = seen.getvalue()
    assert "Traceback" not in text
    left = text.rindex("\x1b[?1049l")  # the alternate screen left ...
    error = text.index("accordion: internal error: RuntimeError: boom")
    assert left < error  # ... before the one line
    assert text[error:].strip().count("\n") == 0


def test_the_table_opens_in_a_terminal_and_quits(tmp_path: Path) -> None:
    code = "from accordion.cli import main\nraise SystemExit(main(['play', '--seed', '1']))\n"
    child = spawn_python(code, tmp_path)
    child.expect_exact("Accordion · deal 1")
    child.send("q")
    finish(child)
    # The alternate screen was entered and left again.
    assert "\x1b[?1049l" in (child.before or "")


def test_without_the_extra_play_says_so_in_one_line_and_prompts(tmp_path: Path) -> None:
    code = (
        "import sys; sys.modules['textual'] = None\n"
        "from accordion.cli import main\nraise SystemExit(main(['play', '--seed', '1']))\n"
    )
    child = spawn_python(code, tmp_path)
    child.expect_exact("accordion: the full-screen table needs the play extra")
    child.expect_exact("> ")
    child.sendline("quit")
    finish(child)


@pytest.mark.parametrize("game", [game.name for game in GAMES.values() if game.supports("play")])
def test_every_game_of_the_registry_opens_at_the_table(game: str, tmp_path: Path) -> None:
    variant = GAMES[game].variant
    # Accordion's Revenge takes its goal card from PySolFC's game number.
    number = "--pysol" if variant is not None and variant.goal_from_pysol else "--seed"
    code = (
        "from accordion.cli import main\n"
        f"raise SystemExit(main(['play', '--game', {game!r}, {number!r}, '2']))\n"
    )
    child = spawn_python(code, tmp_path)
    # A game number's goal card is said before the table opens.
    if number == "--pysol":
        child.expect_exact("goal card")
    # The title names the game played, a variant's its own (not "Accordion").
    child.expect_exact(f"{GAMES[game].title} · " + ("deal 2 ·" if number == "--seed" else ""))
    if variant is not None and variant.two_way:
        child.expect_exact("two-way")
    child.send("q")
    child.expect(pytest.importorskip("pexpect").EOF)
    child.close()
    assert child.exitstatus == 0


def test_forced_moves_play_out_in_parletts_royal_marriage() -> None:
    from accordion import royal_deal
    from accordion.play.royal import RoyalSession

    session = RoyalSession(royal_deal(1), accordion.Rules("parlett"), seed=1)
    app = make_app(session, "royal-marriage")

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("F")
            assert app.table.over
            # Every action was the game's own forced (greedy) one.
            replay = session.new_game(session.deal)
            for move in app.table.game.history:
                assert replay.hint() == move
                replay.play(move)

    run(main())


def test_an_accordian_pick_is_its_moving_card_and_drops_to_the_left() -> None:
    """Accordian's moves have no ``mover`` attribute: the table once read them as
    throws, offering to drop the left card on the right one. A pick is the card
    that moves, and its targets lie one or three places to its left."""
    entry = find_game("accordian")
    session = new_session(entry, entry.numbered()(3, 52), 3)
    table = Table(session, entry)
    tops = list(table.game.tops)
    for move in table.game.legal_moves:
        mover, target = table.picks(move)
        assert (tops[mover], tops[target]) == tuple(move.cards)
        assert mover - target in (1, 3)
        assert table.targets(mover)[target] == move
    assert 0 not in table.movable()


def test_one_card_notation_in_messages() -> None:
    assert in_glyphs("hint: JC>8C (pile 10 leaps onto pile 7)") == (
        "hint: J♣>8♣ (pile 10 leaps onto pile 7)"
    )
    assert in_glyphs("out 7D 5S, then AS") == "out 7♦ 5♠, then A♠"
    assert in_glyphs("AS IS, TDS") == "A♠ IS, TDS"  # only cards, as words of their own


def test_each_game_has_its_own_rules_and_prompt() -> None:
    from accordion.games import GAMES

    for game in GAMES.values():
        assert "Goal:" in game.how, game.name
        assert game.prompt
    assert "throw" not in GAMES["accordian"].prompt
    assert "top card" in GAMES["accordian"].prompt
    assert "throw" in GAMES["royal-marriage"].prompt


def test_the_question_mark_shows_the_games_rules_and_scrolls() -> None:
    async def main() -> None:
        session = find_game("accordian").session_class()(Deal.from_seed(1), seed=1)
        app = TableApp(Table(session), game="accordian")
        async with app.run_test(size=(40, 20)) as pilot:
            assert "top card on a lit pile" in app.message  # Accordian's own prompt
            assert "throw" not in app.message
            await pilot.press("question_mark")
            screen = app.screen
            assert isinstance(screen, KeysScreen)
            assert screen.how == GAMES["accordian"].how
            await pilot.press("down")  # scrolls, stays
            assert app.screen is screen
            await pilot.press("x")  # any other key goes back
            assert app.screen is not screen

    asyncio.run(main())


def test_the_footer_leaves_deal_out_of_an_open_game() -> None:
    async def main() -> None:
        for blind in (False, True):
            app = TableApp(Table(Session(Deal.from_seed(1), blind=blind)), game="accordion")
            async with app.run_test(size=(80, 24)):
                assert app.check_action("deal", ()) is blind

    asyncio.run(main())


def test_the_widgets_post_messages_and_never_call_the_app() -> None:
    """Textual's way (its five_by_five example): the app sets the widgets' reactive
    attributes, and a widget tells the app of a click by a message. A widget that
    calls the app's actions is tied to one app."""
    import inspect

    from accordion.play.table.app import RowView, StockView

    for widget in (RowView, StockView):
        assert "self.app" not in inspect.getsource(widget), widget.__name__
    clicked: list[int] = []

    class Listening(TableApp):
        def on_row_view_picked(self, message: RowView.Picked) -> None:
            clicked.append(message.place)
            super().on_row_view_picked(message)

    app = Listening(Table(accordion_session()), game="accordion")

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.click(RowView, offset=(1 + 3 * CELL + 1, 1))
            await pilot.pause()
            assert clicked == [3]
            assert app.row.picked == 3 or app.message.endswith("has no legal move")

    run(main())
