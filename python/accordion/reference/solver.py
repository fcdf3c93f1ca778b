"""A plain exhaustive solver: obviously correct rather than fast.

It searches every line of play depth first, remembering for each row of top
cards the fewest piles reachable from it. Only top cards matter to the future
of a game, so the tuple of tops is the whole state. Rows of up to about 14
cards are solved in seconds; longer rows are the Rust solver's work.

>>> solution = solve(Deal.parse("7H 2C 3C 7C"))
>>> solution.result, solution.piles, [str(move) for move in solution.moves]
('win', 1, ['3C>2C', '7C>3C', '7C>7H'])
>>> solve("AS 2D").result, solve("AS 2D").piles
('loss', 2)
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from decimal import Decimal

from accordion.errors import IllegalMoveError, InvalidArgumentError, shown
from accordion.reference import _args
from accordion.reference.cards import Row
from accordion.reference.deals import Deal, position_text, read_position
from accordion.reference.game import Game
from accordion.reference.moves import Move, as_move
from accordion.reference.rules import Rules, as_rules
from accordion.reference.search import Search

#: The results a solution's dict may give.
RESULTS = ("win", "loss", "unknown")


@dataclass(frozen=True)
class Solution:
    """The verdict on a row: ``result`` is ``"win"`` or ``"loss"``.

    ``moves`` is a complete winning line, or else a line reaching the fewest
    piles any line can reach; ``piles`` is that number (exact); ``nodes`` counts
    the distinct rows the search expanded; ``deal`` is the position the line
    starts from as the core writes it (:func:`position_text`: the row, and a blind
    game's stock after ``|``); ``seconds`` the search's wall-clock time (not
    compared: two searches of one row are equal).
    """

    result: str
    moves: tuple[Move, ...]
    piles: int
    nodes: int
    deal: str = field(default="", kw_only=True)
    seconds: float = field(default=0.0, kw_only=True, compare=False)

    def __repr__(self) -> str:
        # The core's: ``<Solution win in 3 moves, 1 pile, 4 nodes: 7H 2C 3C 7C>``.
        def counted(count: int, word: str) -> str:
            return f"{count} {word}{'' if count == 1 else 's'}"

        moves, piles = counted(len(self.moves), "move"), counted(self.piles, "pile")
        nodes = counted(self.nodes, "node")
        return f"<Solution {self.result} in {moves}, {piles}, {nodes}: {self.deal}>"

    def to_dict(self) -> dict[str, object]:
        """The JSON object of docs/contract.md, as the core's ``Solution.to_dict``:
        deal, result, moves, piles, nodes, seconds."""
        return {
            "deal": self.deal,
            "result": self.result,
            "moves": [str(move) for move in self.moves],
            "piles": self.piles,
            "nodes": self.nodes,
            "seconds": self.seconds,
        }

    @staticmethod
    def from_dict(data: dict[str, object]) -> Solution:
        """The solution whose :meth:`to_dict` is ``data`` (read back from JSON), checked
        as the core checks it, in its order: the keys, each value's type and range,
        and the line, which must replay from the deal to ``piles`` (under the widest
        rules, since the dict does not say which: any distance, both ways)."""
        if not isinstance(data, dict):
            raise TypeError(f"'{type(data).__name__}' object is not an instance of 'dict'")
        deal, sizes = read_position(_key(data, "deal"))
        given = _key(data, "result")
        result = next((name for name in RESULTS if given == name), None)
        if result is None:
            raise _args.refuse("result", "win, loss or unknown", shown(given))
        given_moves = _key(data, "moves")
        # A str (bytes) iterates letter by letter: not a list of moves, as the core says.
        try:
            if isinstance(given_moves, (str, bytes)):
                raise TypeError
            each = iter(given_moves)  # type: ignore[call-overload]
        except TypeError:
            raise _args.wrong_type("moves", "a list of moves", given_moves) from None
        items = list(each)
        nodes = _args.whole(
            _key(data, "nodes"), "nodes", 0, 2**64 - 1, "a number of nodes 0 or more"
        )
        seconds = _seconds(_key(data, "seconds"))
        moves = tuple(as_move(item) for item in items)
        expected = f"1 to {len(deal)} piles (the cards of the deal)"
        piles = _args.whole(_key(data, "piles"), "piles", 1, len(deal), expected)
        if any(size != 1 for size in sizes):
            raise InvalidArgumentError(
                "an Accordion solution's deal names top cards, not piles:"
                f" {shown(_key(data, 'deal'))}",
                "data",
            )
        laid = len(sizes)
        _check_line(deal, laid, moves, piles, result)
        text = position_text(deal.cards[:laid], deal.cards[laid:])
        return Solution(result, moves, piles, nodes, deal=text, seconds=seconds)


def _key(data: dict[str, object], key: str) -> object:
    """The value of ``key``, which a solution's dict must have."""
    if key not in data:
        raise InvalidArgumentError(f"a solution's dict needs the key {_args.quoted(key)}", "data")
    return data[key]


def _seconds(value: object) -> float:
    """A number of seconds, an int or a float (not a bool), finite and 0 or more,
    as the core reads ``seconds``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise _args.wrong_type("seconds", "a number", value)
    try:
        seconds = float(value)
    except OverflowError:  # an int too large for a float
        raise _args.refuse("seconds", "a finite number 0 or more", shown(value)) from None
    if not (math.isfinite(seconds) and seconds >= 0.0):
        raise _args.refuse("seconds", "a finite number 0 or more", _displayed(seconds))
    return seconds


def _displayed(value: float) -> str:
    """``value`` as the core writes a float in this message (Rust's ``{}``: no
    exponent, a whole number without ``.0``)."""
    if not math.isfinite(value):
        return "NaN" if math.isnan(value) else ("inf" if value > 0 else "-inf")
    return format(Decimal(repr(value)), "f").removesuffix(".0")


def _check_line(deal: Deal, laid: int, moves: tuple[Move, ...], piles: int, result: str) -> None:
    """A solution's line replays from its deal (its first ``laid`` cards laid out,
    the rest the stock) and ends at the ``piles`` it says (stock cards counted;
    one pile is a win under every rule set), as the core checks it."""
    widest = Rules("modern", two_way=True, distances=list(range(1, 52)))
    blind = laid < len(deal)
    game = Game(deal, widest, blind=blind)
    for _ in range(laid if blind else 0):
        game.deal()
    for number, move in enumerate(moves, 1):
        try:
            game.play(move)
        except IllegalMoveError as error:
            raise InvalidArgumentError(
                f"a solution's moves must replay from its deal: move {number} ({move})"
                f" does not: {error}",
                "data",
            ) from None
    left = len(game.piles) + game.stock_size
    if left != piles:
        raise InvalidArgumentError(
            f"a solution's piles must be where its moves end: they end at {left}, piles is {piles}",
            "data",
        )
    if left == 1 and result != "win":
        raise InvalidArgumentError(
            f"a solution whose moves end at one pile is a win, not {_args.quoted(result)}", "data"
        )


def _start(position: Deal | Game | str, rules: Rules | str | None) -> tuple[Row, Row, Rules]:
    """The row to solve, the stock still to deal onto it (a blind game's) and the
    rules to solve it under."""
    if isinstance(position, Game):
        chosen = position.rules if rules is None else as_rules(rules)
        chosen.check_deal(position.starting_deal.cards)
        cards = position.starting_deal.cards
        return tuple(position.tops), cards[len(cards) - position.stock_size :], chosen
    if isinstance(position, str):
        position = Deal.parse(position)
    if not isinstance(position, Deal):
        raise _args.wrong_type("position", "a Deal, a Game or a str", position)
    chosen = as_rules("modern" if rules is None else rules)
    chosen.check_deal(position.cards)
    return position.cards, (), chosen


def _line_with(search: Search, row: Row, stock: Row, goal: int) -> tuple[Move, ...]:
    """A line from ``row`` with ``stock`` still to deal to ``goal`` piles under
    must-move rules (:meth:`Search.fewest_with`, ``goal`` its answer): a move that
    keeps the goal in reach while one is legal, else ``deal``, until neither is
    left. Under rules that force every action it is their one line."""
    moves: list[Move] = []
    while True:
        children = search.successors(row)
        if not children and not stock:
            return tuple(moves)
        if not children:
            moves.append(Move.deal())
            row, stock = (*row, stock[0]), stock[1:]
            continue
        (mover, target), child = next(
            (step, child) for step, child in children if search.fewest_with(child, stock) == goal
        )
        moves.append(Move(row[mover], row[target]))
        row = child


@_args.called_as("solve()")
def solve(
    position: Deal | Game | str,
    *,
    rules: Rules | str | None = None,
    max_nodes: int | None = None,
    timeout: float | None = None,
    memory: int | None = None,
    jobs: int | None = None,
) -> Solution:
    """Solve a deal (open) or the current row of a game, exhaustively.

    ``rules`` defaults to the game's own rules, or ``modern`` for a deal. The
    solver follows the legal moves of the rules, variants included: under
    ``modern`` the player may stop anywhere, so the fewest piles is the minimum
    over every reachable row; under must-move rules a line ends only where no
    move is left. A blind game with cards still in the stock is solved knowing
    the stock, as the core solves it: under ``modern`` the stock is dealt first,
    under must-move rules a deal comes when no move is left; the solution's
    ``deal`` names the position, stock included (``"5S 3C | 5C 9D"``). The budget arguments
    are checked as the core checks them (``max_nodes`` at least 1, ``timeout``
    positive, ``memory`` at least 1 MiB) but not applied: the search is for rows
    short enough to finish. ``jobs`` (the core's searchers racing on the row, 1 to
    256) is checked the same way; the one search here answers as any number of
    them would, but for the line and the node count.
    """
    started = time.perf_counter()
    row, stock, chosen = _start(position, rules)
    _args.budget(max_nodes, timeout, memory)
    _args.optional_whole(jobs, "jobs", 1, 256, "1 to 256 searchers (or None: one)")
    search = Search(chosen)
    if stock and chosen.must_move:
        # A deal only when no move is left: the search follows the deals.
        fewest = search.fewest_with(row, stock)
        moves = _line_with(search, row, stock, fewest)
    else:
        # Dealing early never hurts where a move is never obliged: the whole
        # stock first, then the open row.
        fewest = search.fewest((*row, *stock))
        moves = (Move.deal(),) * len(stock) + search.line((*row, *stock), fewest)
    return Solution(
        result="win" if chosen.is_won(fewest) else "loss",
        moves=moves,
        piles=fewest,
        nodes=search.nodes,
        # The position the line starts from, as the core writes it.
        deal=position_text(row, stock),
        seconds=time.perf_counter() - started,
    )
