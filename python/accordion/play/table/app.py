"""The full-screen table of `accordion play` (Textual): keys, mouse, every game.

The screen is the row, laid out in bands that read as one line (the last pile
of a band neighbours the first of the next, and an arrow says so), a status
line, the pile under the cursor, the last message and, on demand, the solver's
analysis of every legal action. All it knows of the game is
:class:`accordion.play.table.model.Table`: places in the row, picked up and dropped.

The solver runs in worker threads (it releases the GIL), never in the event
loop: a hint, a step of the solution and the analysis. Any action of the
player cancels them (each runs in an :class:`accordion.CancelScope` of its own,
whose cancel stops its solve within milliseconds and leaves every other call of
the process alone) and their answers, if one still arrives, are dropped by
generation number.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import signal
from collections.abc import Callable
from typing import Any, ClassVar

from accordion.errors import (
    AccordionError,
    CancelledError,
    InputFileError,
    MissingExtraError,
    OutputError,
)

try:
    from rich.text import Text
    from textual import events, work
    from textual.app import App, ComposeResult
    from textual.binding import Binding, BindingType
    from textual.containers import VerticalScroll
    from textual.geometry import Size
    from textual.message import Message
    from textual.reactive import reactive
    from textual.screen import ModalScreen
    from textual.widget import Widget
    from textual.widgets import Footer, Input, Static
    from textual.worker import get_current_worker
except ImportError as error:  # the module imports only with its extra, and says so
    raise MissingExtraError(
        f"the table needs the play extra ({error.name} is missing): "
        "pip install 'accordion-patience[play]'"
    ) from None

import accordion
from accordion.play.table.model import Best, Rating, Table, band_size, bands
from accordion.play.table.record import Record, key

#: Columns of one pile: a card in brackets and a space, "[7♥] ".
CELL = 5
#: Lines the screen keeps for what is not the row (title, status, pile, message,
#: stock, footer).
OVERHEAD = 8
SUIT_GLYPHS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

#: The signals that end the table with the terminal given back: a kill and a
#: closed terminal (Ctrl-C arrives as a key, the terminal being raw).
ENDING_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)
)

KEYS = """\
Keys (↑ ↓ scroll; any other key goes back)
← → h l   along the row
↑ ↓ k j   a band up, down
Home End  first, last pile
Enter     pick up, drop (Space too)
Esc       put the pile down
click     pick up, then drop
d         deal (or click the stock)
u  r      undo, redo
H         hint: a move of best play
s         the solution, step by step
f  F      forced move, all of them
a         analysis of every action
n         a new deal: number or level
Ctrl+R    restart      q  quit
♠ spades ♥ hearts ♦ diamonds ♣ clubs"""


def card_text(card: accordion.Card) -> str:
    """`7♥`, `T♠`: rank and suit glyph, told apart by shape as well as colour."""
    text = str(card)
    return text[0] + SUIT_GLYPHS[text[1]]


#: A card named in a message, a hint or the analysis: `JC`, `7H` (a word of its own).
CARD_WORD = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA])([SHDC])(?![A-Za-z0-9])")


def in_glyphs(text: str) -> str:
    """``text`` with every card written as the row writes it (`JC>8C` → `J♣>8♣`), so
    that the table, its hints and its analysis use one notation. (Typed moves still
    take letters: `JC>8C` is read as it was.)"""
    return CARD_WORD.sub(lambda found: found.group(1) + SUIT_GLYPHS[found.group(2)], text)


class RowView(Widget, can_focus=True):
    """The row: piles in bands of up to three lines (numbers, cards, heights).

    The app sets what the row shows through its reactive attributes (each change
    redraws it) and hears of a click on a pile by :class:`Picked`: the row never
    calls the app (Textual's way: attributes down, messages up).
    """

    DEFAULT_CSS = """
    RowView { height: auto; width: 1fr; padding: 0 1; }
    """

    cursor: reactive[int] = reactive(0)
    #: The place picked up (``None``: nothing picked).
    picked: reactive[int | None] = reactive(None)
    #: The places the picked pile can be dropped on, each with its move.
    targets: reactive[dict[int, Any]] = reactive(dict)
    #: The places the last action or answer marks.
    marks: reactive[tuple[int, ...]] = reactive(())
    #: Whether the analysis panel is shown (it takes lines from the row's room).
    panel: reactive[bool] = reactive(False, layout=True)

    class Picked(Message):
        """The pile at ``place`` was clicked: pick it up, or drop the picked one there."""

        def __init__(self, place: int) -> None:
            super().__init__()
            self.place = place

    def __init__(self, table: Table) -> None:
        super().__init__(id="row")
        self.table = table

    # Layout ------------------------------------------------------------------

    def per_band(self) -> int:
        """Piles to a band at the current width."""
        return band_size(self.content_size.width or self.screen.size.width - 2, CELL)

    def band_lines(self, width: int | None = None) -> int:
        """Lines to a band: 3 (numbers, cards, heights) if the screen has room, else
        2 (cards, heights), else 1 (cards)."""
        per = band_size(width if width is not None else self.per_width(), CELL)
        count = len(bands(len(self.table.piles), per)) or 1
        room = max(1, self.screen.size.height - OVERHEAD - self._panel_lines())
        for lines in (3, 2):
            if count * lines <= room:
                return lines
        return 1

    def per_width(self) -> int:
        return self.content_size.width or max(1, self.screen.size.width - 2)

    def _panel_lines(self) -> int:
        return 6 if self.panel else 0

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        piles = self.table.piles
        if not piles:
            return 1
        per = band_size(width, CELL)
        return len(bands(len(piles), per)) * self.band_lines(width)

    def place_at(self, x: int, y: int) -> int | None:
        """The place of the pile drawn at content offset (x, y), if any."""
        per = self.per_band()
        band = y // self.band_lines() if y >= 0 else -1
        place = band * per + x // CELL
        if x < 0 or band < 0 or x // CELL >= per or place >= len(self.table.piles):
            return None
        return place

    # Drawing -----------------------------------------------------------------

    def render(self) -> Text:
        piles = self.table.piles
        if not piles:
            return Text("(no cards on the table yet: d or a click on the stock deals)")
        per = self.per_band()
        lines = self.band_lines()
        out = Text(no_wrap=True, overflow="crop")
        all_bands = bands(len(piles), per)
        for index, band in enumerate(all_bands):
            more = index + 1 < len(all_bands)
            if lines == 3:
                for place in band:
                    out.append(f"{place + 1:>3}  ", style="dim")
                out.append("\n")
            for place in band:
                self._cell(out, place, piles[place][-1])
            if more:
                out.append("→", style="bold")
            out.append("\n")
            if lines >= 2:
                for place in band:
                    height = len(piles[place])
                    out.append(f"{'×' + str(height) if height > 1 else '':>3}  ", style="dim")
                out.append("\n")
        out.rstrip()
        return out

    def _cell(self, out: Text, place: int, card: accordion.Card) -> None:
        text = card_text(card)
        style = "bold red" if card.is_red else "bold"
        if place in self.targets:
            style += " on dark_green underline"
        if place in self.marks:
            style += " on yellow4"
        if place == self.picked:
            style += " reverse"
        left, right = ("[", "]") if place == self.cursor and self.has_focus else (" ", " ")
        if place == self.picked and place != self.cursor:
            left, right = "»", "«"
        out.append(left, style="bold")
        out.append(text, style=style)
        out.append(right + " ", style="bold")

    # Mouse -------------------------------------------------------------------

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        place = self.place_at(offset.x, offset.y)
        if place is not None:
            self.cursor = place
            self.post_message(self.Picked(place))


class StockView(Static):
    """What is left to deal, in a blind game; a click deals (:class:`DealAsked`)."""

    class DealAsked(Message):
        """The stock was clicked: deal the next card."""

    def on_click(self) -> None:
        self.post_message(self.DealAsked())


class KeysScreen(ModalScreen[None]):
    """How the game being played goes (from the game registry) and the keys, until
    any key or click."""

    DEFAULT_CSS = """
    KeysScreen { align: center middle; }
    KeysScreen > VerticalScroll { width: 64; max-width: 100%; height: auto; max-height: 100%;
        border: round $accent; padding: 0 1; background: $panel; }
    """

    def __init__(self, title: str, how: str) -> None:
        super().__init__()
        self.title_text = title
        self.how = how

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(Text.assemble((f"How {self.title_text} goes", "bold"), "\n", self.how))
            yield Static("")
            yield Static(Text(KEYS))

    def on_key(self, event: events.Key) -> None:
        """Arrows and page keys scroll (a small terminal does not show it all at once);
        any other key goes back to the table."""
        event.stop()
        scroller = self.query_one(VerticalScroll)
        scroll = {
            "up": scroller.scroll_up,
            "down": scroller.scroll_down,
            "pageup": scroller.scroll_page_up,
            "pagedown": scroller.scroll_page_down,
        }.get(event.key)
        if scroll is not None:
            scroll(animate=False)
            return
        self.dismiss()

    def on_click(self) -> None:
        self.dismiss()


class NewDealScreen(ModalScreen[str | None]):
    """Asks which deal to play next."""

    DEFAULT_CSS = """
    NewDealScreen { align: center middle; }
    NewDealScreen > VerticalScroll { width: 60; max-width: 100%; height: auto;
        border: round $accent; padding: 0 1; background: $panel; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "back")]
    AUTO_FOCUS = "Input"

    def __init__(self, choices: str) -> None:
        super().__init__()
        self.choices = choices

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(f"New deal: {self.choices}; Enter alone for a random one.")
            yield Input(placeholder="deal number", id="deal-spec")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class TableApp(App[int]):
    """The table: one game at a time, of any game the registry has."""

    TITLE = "accordion play"
    ENABLE_COMMAND_PALETTE = False

    CSS = """
    Screen { layout: vertical; }
    #title { background: $primary-background; color: $text; text-style: bold; height: 1; }
    #status { height: auto; color: $text-muted; padding: 0 1; }
    #pile { height: 1; padding: 0 1; color: $text-muted; }
    #stock { height: auto; padding: 0 1; color: $accent; }
    #message { height: auto; max-height: 3; padding: 0 1; }
    #analysis { height: auto; border-top: solid $accent; padding: 0 1; }
    #main { height: 1fr; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left,h", "step(-1)", "left", show=False),
        Binding("right,l", "step(1)", "right", show=False),
        Binding("up,k", "band(-1)", "band up", show=False),
        Binding("down,j", "band(1)", "band down", show=False),
        Binding("home", "go(0)", "first", show=False),
        Binding("end", "go(-1)", "last", show=False),
        # The footer shows every key below that is not show=False, in 80 columns; the
        # rest are on the ? screen.
        Binding("enter,space", "select", "pick"),
        Binding("question_mark", "keys", "rules, keys"),
        Binding("escape", "put_down", "put down", show=False),
        Binding("u", "undo", "undo"),
        Binding("r", "redo", "redo", show=False),
        Binding("H", "hint", "hint"),
        Binding("s", "solution", "solve"),
        Binding("a", "analysis", "analysis"),
        Binding("d", "deal", "deal"),
        Binding("n", "new", "new"),
        Binding("f", "forced", "forced", show=False),
        Binding("F", "forced_all", "all forced", show=False),
        Binding("ctrl+r", "restart", "restart", show=False),
        Binding("q", "quit_table", "quit"),
        # Ctrl-C stops the table as it stops every command (Textual only tells
        # the player to press Ctrl+Q); priority, so that no input box copies instead.
        Binding("ctrl+c", "interrupt", "stop", show=False, priority=True),
    ]

    def __init__(
        self,
        table: Table,
        *,
        game: str,
        record: Record | None = None,
        budget: float | None = None,
    ) -> None:
        super().__init__()
        self.table = table
        self.game_name = game
        self.record = record
        self.budget = budget
        #: Bumped by every action: a worker's answer for an older position is dropped.
        self.generation = 0
        self.crash: BaseException | None = None
        #: Why the table ended other than by a key: a signal's number, or an
        #: interrupt (``"interrupt"``); ``None`` when the player quit.
        self.stopped_by: int | str | None = None
        #: A signal that came while the event loop could not take it (the table
        #: starting, or ending): :meth:`hold_signal` keeps it for later, while
        #: :attr:`holding` (the command's table, :func:`accordion.play.table.run`).
        self.held: int | None = None
        self.holding = False
        #: What went wrong with the record, said again once the terminal is back.
        self.record_problem: str | None = None
        self._recorded = False
        self._assisted = False
        self._solution: Best | None = None
        self._ratings: list[Rating] = []
        #: The cancel scopes of the solver's jobs started since the last cancel.
        self._scopes: list[accordion.CancelScope] = []
        self.busy = False

    # Building the screen ---------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        with VerticalScroll(id="main"):
            yield RowView(self.table)
            yield StockView(id="stock")
            yield Static(id="status")
            yield Static(id="pile")
            yield Static(id="message")
            yield Static(id="analysis")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        loop = asyncio.get_running_loop()
        for number in ENDING_SIGNALS:
            # Not every loop takes signal handlers (Windows, a thread): then the
            # process ends by the signal's default, as before.
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.add_signal_handler(number, self._end_by, number)
        # A SIGINT sent from elsewhere (the terminal's own Ctrl-C is a key here):
        # the same as Ctrl-C at the table.
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(signal.SIGINT, self._end_by, "interrupt")
        if self.held is not None:
            # Came while the table was starting: it ends the table now.
            self._end_by(self.held_cause())
            return
        self.query_one("#analysis").display = False
        self.row.focus()
        self.say(self._welcome())
        self.refresh_table()

    def on_unmount(self) -> None:
        """The table is ending: a signal from now on is held again (the event loop
        would give each back to Python's default as it closes, which kills the
        process or raises in the middle of giving the terminal back)."""
        if not self.holding:
            return
        loop = asyncio.get_running_loop()
        for number in (*ENDING_SIGNALS, signal.SIGINT):
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.remove_signal_handler(number)
                signal.signal(number, self.hold_signal)

    def hold_signal(self, signum: int, frame: object) -> None:
        """A signal handler that only keeps the first signal (the table ends by it
        once it can: :meth:`on_mount`, or :func:`accordion.play.table.run`)."""
        if self.held is None:
            self.held = signum

    def held_cause(self) -> int | str:
        """What :attr:`stopped_by` says for the signal held."""
        return "interrupt" if self.held == signal.SIGINT else int(self.held or 0)

    def _welcome(self) -> str:
        first = "d deals the first card; then " if self.table.blind else ""
        # Each game's own words (the registry's): Accordian moves a top card, Royal
        # Marriage and Bayan throw cards out.
        return f"{first}{self.table.entry.prompt} ? rules and keys."

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``deal`` is for blind games only: an open game's footer leaves it out."""
        return action != "deal" or self.table.blind

    @property
    def row(self) -> RowView:
        return self.query_one(RowView)

    def say(self, message: str) -> None:
        """Show ``message`` on the message line, its cards as the row writes them."""
        self.message = in_glyphs(message)
        self.query_one("#message", Static).update(Text(self.message))

    def refresh_table(self) -> None:
        """Redraw everything from the game."""
        session = self.table.session
        self.query_one("#title", Static).update(Text(" " + session.title, overflow="ellipsis"))
        status = session.status().replace(" · ", "  ·  ")
        self.query_one("#status", Static).update(Text(status))
        stock = self.query_one("#stock", StockView)
        stock.display = self.table.blind
        if self.table.blind:
            can = self.table.can_deal()
            stock.update(
                Text(
                    f"▤ stock {self.table.stock}" + ("  (d or click here to deal)" if can else ""),
                    style="bold" if can else "dim",
                )
            )
        row = self.row
        count = len(self.table.piles)
        row.cursor = min(row.cursor, max(0, count - 1))
        self._show_pile()
        row.refresh(layout=True)

    def _show_pile(self) -> None:
        piles = self.table.piles
        row = self.row
        if not piles:
            self.query_one("#pile", Static).update("")
            return
        pile = piles[row.cursor]
        cards = " ".join(card_text(card) for card in pile)
        noun = self.table.noun
        text = f"{noun} {row.cursor + 1}: {cards}" + (" (bottom to top)" if len(pile) > 1 else "")
        self.query_one("#pile", Static).update(Text(text, overflow="ellipsis", no_wrap=True))

    def watch_size(self) -> None:
        self.row.refresh(layout=True)

    def on_resize(self, event: events.Resize) -> None:
        self.row.refresh(layout=True)

    # Cursor ------------------------------------------------------------------

    def action_step(self, delta: int) -> None:
        self._move_cursor(self.row.cursor + delta)

    def action_band(self, delta: int) -> None:
        self._move_cursor(self.row.cursor + delta * self.row.per_band())

    def action_go(self, place: int) -> None:
        self._move_cursor(place if place >= 0 else len(self.table.piles) - 1)

    def _move_cursor(self, place: int) -> None:
        count = len(self.table.piles)
        if count:
            self.row.cursor = max(0, min(count - 1, place))
            self._show_pile()
            self.row.refresh()

    # Picking and dropping ------------------------------------------------------

    def action_select(self) -> None:
        if self.table.piles:
            self.select_place(self.row.cursor)

    def on_row_view_picked(self, message: RowView.Picked) -> None:
        self.select_place(message.place)

    def on_stock_view_deal_asked(self, message: StockView.DealAsked) -> None:
        self.action_deal()

    def select_place(self, place: int) -> None:
        """Pick the pile at ``place`` up, or drop the picked pile there."""
        row = self.row
        piles = self.table.piles
        if not 0 <= place < len(piles):
            return
        name = card_text(piles[place][-1])
        if row.picked is not None and place in row.targets:
            move = row.targets[place]
            self._act(lambda: self.table.play(move))
            return
        if row.picked == place:
            self.action_put_down()
            return
        targets = self.table.targets(place)
        if not targets:
            self._put_down()
            self.say(f"{name} has no legal move")
            return
        row.picked, row.targets, row.marks = place, targets, ()
        nearest = min(targets, key=lambda t: (abs(t - place), t))
        row.cursor = nearest
        self._show_pile()
        where = ", ".join(card_text(piles[t][-1]) for t in sorted(targets))
        self.say(f"picked {name}: drop it on {where} (Esc puts it down)")

    def _put_down(self) -> None:
        row = self.row
        row.picked, row.targets = None, {}

    def action_put_down(self) -> None:
        if self.row.picked is not None:
            self._put_down()
            self.say("put down")

    # Actions -----------------------------------------------------------------

    def _act(self, action: Any, *, marks: tuple[int, ...] = ()) -> None:
        """Run an action that changes the game: cancel the solver, redraw, and
        announce the end of the game once."""
        self._cancel_solver()
        self._put_down()
        try:
            message = action()
        except AccordionError as error:
            message = str(error)
        self.row.marks = marks
        self.say(message)
        self.refresh_table()
        self._after_action()

    def _after_action(self) -> None:
        if self.table.over and self.table.moved:
            self.say(self.message + "  " + self.table.ending())
            self._record_game()
        if self.query_one("#analysis").display:
            self._start_analysis()

    def _record_game(self) -> None:
        """Count the game once in the record (a game undone and ended again is not
        counted twice)."""
        if self._recorded or self.record is None:
            return
        self._recorded = True
        try:
            self.record.add(
                key(self.game_name, self.table.rules_name, self.table.blind),
                won=self.table.won,
                left=self.table.left,
                assisted=self._assisted,
            )
        except (InputFileError, OutputError) as error:
            # The record is kept as it was; the game goes on, and the player is
            # told here and again once the terminal is back.
            self.record_problem = str(error)
            self.say(str(error))

    def _leave_game(self) -> None:
        """A game left before its end counts as played and not won."""
        if self.table.moved:
            self._record_game()
        self._recorded = False
        self._assisted = False
        self._solution = None

    def action_deal(self) -> None:
        self._act(self.table.deal)

    def action_undo(self) -> None:
        self._act(self.table.undo)

    def action_redo(self) -> None:
        self._act(self.table.redo)

    def action_forced(self) -> None:
        move = self.table.forced()
        if move is None:
            self.say("no forced move: the rules leave the choice to you")
            return
        self._act(lambda: self.table.play(move))

    def action_forced_all(self) -> None:
        def play_out() -> str:
            played = 0
            while (move := self.table.forced()) is not None:
                self.table.play(move)
                played += 1
            return (
                f"played {played} forced action{'' if played == 1 else 's'}"
                if played
                else "no forced move: the rules leave the choice to you"
            )

        self._act(play_out)

    def action_restart(self) -> None:
        self._leave_game()
        self._act(self.table.restart)

    def action_new(self) -> None:
        choices = (
            "a number, easy, medium, hard, winnable"
            if self.table.entry.supports("choose")
            else "a number"
        )
        self.push_screen(NewDealScreen(choices), self._new_deal)

    def _new_deal(self, spec: str | None) -> None:
        if spec is None:
            return
        self._leave_game()
        self._act(lambda: self.table.new_deal(spec))
        self.row.cursor = 0

    def action_keys(self) -> None:
        self.push_screen(KeysScreen(self.table.entry.title, self.table.entry.how))

    def action_quit_table(self) -> None:
        self._cancel_solver()
        self._leave_game()
        self.exit(0)

    async def action_quit(self) -> None:
        """Ctrl+Q (Textual's own quit): leaving the game as ``q`` does, counted."""
        self.action_quit_table()

    def action_interrupt(self) -> None:
        """Ctrl-C: the game left (counted after a move), the command interrupted."""
        self._end_by("interrupt")

    def _end_by(self, cause: int | str) -> None:
        """End the table for a signal or Ctrl-C: the game is left as by ``q``,
        and the app exits through Textual, which gives the terminal back."""
        if self.stopped_by is not None:
            return
        self.stopped_by = cause
        self._cancel_solver()
        with contextlib.suppress(Exception):
            self._leave_game()
        self.exit(130 if cause == "interrupt" else 128 + int(cause))

    # The solver --------------------------------------------------------------

    def _cancel_solver(self) -> None:
        self.generation += 1
        self._solution = None
        if any(not worker.is_finished for worker in self.workers):
            self.workers.cancel_group(self, "solver")
        # Each job's own scope: accordion.interrupt() would stop every call of the
        # process (another thread's, an embedding program's), not only this table's.
        scopes, self._scopes = self._scopes, []
        for scope in scopes:
            scope.cancel()

    def _scope(self) -> accordion.CancelScope:
        """A cancel scope for a solver job about to start (made here, on the app's
        thread, so that a cancel before its thread starts still stops it)."""
        scope = accordion.CancelScope()
        self._scopes.append(scope)
        return scope

    def _budget(self) -> dict[str, Any]:
        return {} if self.budget is None else {"budget": self.budget}

    def action_hint(self) -> None:
        self._cancel_solver()
        self._assisted = True
        self.say("thinking…")
        self._think(self.generation, self.table.game.copy(), self._hinted, self._scope())

    @work(thread=True, exclusive=True, group="solver")
    def _think(
        self,
        generation: int,
        position: Any,
        then: Callable[[int, Best], None],
        scope: accordion.CancelScope,
    ) -> None:
        """Best play from ``position``, found in a worker thread (one at a time, in
        ``scope``) and handed to ``then`` (:meth:`_hinted` or :meth:`_solved`) on the
        app's thread."""
        try:
            with scope:
                best = self.table.best(position, **self._budget())
        except (CancelledError, KeyboardInterrupt):
            return
        self.call_from_thread(then, generation, best)

    def _hinted(self, generation: int, best: Best) -> None:
        if generation != self.generation:
            return
        move, message = self.table.hint(best)
        marks = self.table.picks(move) if move is not None else ()
        self._show_answer(generation, message, marks)

    def _show_answer(self, generation: int, message: str, marks: tuple[int, ...]) -> None:
        if generation != self.generation:
            return
        self.row.marks = marks
        self.say(message)

    def action_solution(self) -> None:
        """Play the next action of best play, finding the line first if need be."""
        self._assisted = True
        solution = self._solution
        if solution is not None and solution.moves:
            move = solution.moves[0]
            rest = Best(solution.moves[1:], solution.won, solution.left, solution.settled)
            self._act(lambda: self._step(move, rest))
            self._solution = rest
            return
        if self.table.over:
            self.say("nothing to solve: no legal action is left")
            return
        self._cancel_solver()
        self.say("solving…")
        self._think(self.generation, self.table.game.copy(), self._solved, self._scope())

    def _step(self, move: Any, rest: Best) -> str:
        left = len(rest.moves)
        words = self.table.play(move)
        tail = f"{left} more to " + ("the win" if rest.won else self.table.count(rest.left))
        return f"solution: {words} ({tail}; s again)" if left else f"solution: {words}"

    def _solved(self, generation: int, best: Best) -> None:
        if generation != self.generation:
            return
        self._solution = best
        if not best.moves:
            self.say("no move helps: every line ends here")
            return
        first = self.table.picks(best.moves[0])
        outcome = "wins" if best.won else f"leaves {self.table.count(best.left)}"
        self.row.marks = first
        self.say(
            f"the solution {outcome} in {len(best.moves)} actions: s plays the next one, "
            f"{self.table.describe(best.moves[0])}. {self.table.outlook(best)}"
        )

    def action_analysis(self) -> None:
        panel = self.query_one("#analysis", Static)
        panel.display = self.row.panel = not panel.display
        if panel.display:
            self._assisted = True
            self._start_analysis()
            self.query_one("#main").scroll_end(animate=False)
        else:
            self._cancel_solver()

    def _start_analysis(self) -> None:
        self._ratings = []
        self._show_ratings(self.generation, done=False)
        if not self.table.over:
            self._analyse(self.generation, self.table.game.copy(), self._scope())

    @work(thread=True, exclusive=True, group="solver")
    def _analyse(self, generation: int, position: Any, scope: accordion.CancelScope) -> None:
        worker = get_current_worker()
        try:
            with scope:
                for rating in self.table.rate(position, stop=lambda: worker.is_cancelled):
                    self.call_from_thread(self._add_rating, generation, rating)
        except (CancelledError, KeyboardInterrupt):
            return
        self.call_from_thread(self._show_ratings, generation, True)

    def _add_rating(self, generation: int, rating: Rating) -> None:
        if generation == self.generation:
            self._ratings.append(rating)
            self._show_ratings(generation, done=False)

    def _show_ratings(self, generation: int, done: bool) -> None:
        if generation != self.generation:
            return
        panel = self.query_one("#analysis", Static)
        panel.update(self.ratings_text(done, max(20, panel.content_size.width or self.size.width)))

    def ratings_text(self, done: bool, width: int) -> Text:
        """The analysis panel: every rated action in columns, best first."""
        peek = " (if the stock were known)" if self.table.peeks else ""
        total = len(list(self.table.game.legal_moves))
        noun = self.table.noun
        text = Text(
            f"Analysis{peek}: {len(self._ratings)} of {total} actions rated"
            + ("" if done else " …")
            + "\n",
            style="bold",
        )
        text.append(
            f"win: keeps the win · loses: loses it · no win · ?: undecided; "
            f"then the fewest {noun}s after it\n",
            style="dim",
        )
        if self.table.over:
            text.append("no legal action left")
        winnable = any(rating.best.won for rating in self._ratings)
        ranked = sorted(self._ratings, key=lambda r: (not r.best.won, r.best.left, str(r.move)))
        names = [in_glyphs(str(rating.move)) for rating in ranked]
        name_width = max((len(name) for name in names), default=0)
        cell = name_width + 12
        across = max(1, width // cell)
        for index, (rating, name) in enumerate(zip(ranked, names, strict=True)):
            best = rating.best
            if best.won:
                verdict, style = "win", "bold green"
            elif not best.settled:
                verdict, style = "?", "yellow"
            else:
                verdict, style = ("loses", "red") if winnable else ("no win", "")
            text.append(f"{name:<{name_width}} ", style="bold")
            text.append(f"{verdict:<6}", style=style)
            text.append(f"{best.left:>3}  ")
            if (index + 1) % across == 0:
                text.append("\n")
        text.rstrip()
        return text

    # Crashes -----------------------------------------------------------------

    def _handle_exception(self, error: Exception) -> None:
        """Any exception ends the app with the terminal restored; the caller reports
        it in one line (:func:`accordion.play.table.run`), never as a traceback here."""
        self.crash = error
        super()._handle_exception(error)
        self._exit_renderables.clear()
