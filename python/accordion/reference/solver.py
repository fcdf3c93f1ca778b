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

from dataclasses import dataclass

from accordion.errors import InvalidDealError
from accordion.reference import _args
from accordion.reference.cards import Row
from accordion.reference.deals import Deal
from accordion.reference.game import Game
from accordion.reference.moves import Move
from accordion.reference.rules import Rules, Step, as_rules, close_up, legal_steps


@dataclass(frozen=True)
class Solution:
    """The verdict on a row: ``result`` is ``"win"`` or ``"loss"``.

    ``moves`` is a complete winning line, or else a line reaching the fewest
    piles any line can reach; ``piles`` is that number (exact); ``nodes`` counts
    the distinct rows the search expanded.
    """

    result: str
    moves: tuple[Move, ...]
    piles: int
    nodes: int


class _Search:
    """Depth-first search over rows of top cards with a memo of the fewest piles."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.fewest_from: dict[Row, int] = {}
        self.nodes = 0

    def successors(self, row: Row) -> list[tuple[Step, Row]]:
        """Each legal move here with the row it leaves (the mover's top becomes the top)."""
        return [
            ((mover, target), close_up(row, mover, target, row[mover]))
            for mover, target in legal_steps(row, self.rules)
        ]

    def fewest(self, row: Row) -> int:
        """The fewest piles any line of play from ``row`` can end with."""
        known = self.fewest_from.get(row)
        if known is not None:
            return known
        self.nodes += 1
        children = self.successors(row)
        # The game may end here when no move is left or when (modern) the player may
        # stop. Otherwise a move is obligatory and only the rows it leads to count, so
        # start above any reachable number of piles.
        may_end_here = not children or not self.rules.must_move
        best = len(row) if may_end_here else len(row) + 1
        for _, child in children:
            if best == 1:
                break  # one pile cannot be beaten; the other lines need no look
            best = min(best, self.fewest(child))
        self.fewest_from[row] = best
        return best

    def line(self, row: Row, goal: int) -> tuple[Move, ...]:
        """A line of moves from ``row`` to a row of ``goal`` piles, ``goal`` being reachable.

        Each step follows a move whose resulting row can still reach ``goal``. Under
        must-move rules a row of exactly ``goal`` piles has no move left (any move
        would reach fewer), so stopping there is allowed under every rule set.
        """
        moves: list[Move] = []
        while len(row) > goal:
            (mover, target), child = next(
                (step, child) for step, child in self.successors(row) if self.fewest(child) == goal
            )
            moves.append(Move(row[mover], row[target]))
            row = child
        return tuple(moves)


def _start(position: Deal | Game | str, rules: Rules | str | None) -> tuple[Row, Rules]:
    """The row to solve and the rules to solve it under."""
    if isinstance(position, Game):
        if position.stock_size > 0:
            raise InvalidDealError(
                f"cannot solve a blind game with {position.stock_size} cards still in the stock"
            )
        chosen = position.rules if rules is None else as_rules(rules)
        chosen.check_deal(position.starting_deal.cards)
        return tuple(position.tops), chosen
    if isinstance(position, str):
        position = Deal.parse(position)
    if not isinstance(position, Deal):
        raise _args.wrong_type("position", "a Deal, a Game or a str", position)
    chosen = as_rules("modern" if rules is None else rules)
    chosen.check_deal(position.cards)
    return position.cards, chosen


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
    move is left. A blind game with cards still in the stock raises
    ``InvalidDealError``: the solver knows only open rows. The budget arguments
    are checked as the core checks them (``max_nodes`` at least 1, ``timeout``
    positive, ``memory`` at least 1 MiB) but not applied: the search is for rows
    short enough to finish. ``jobs`` (the core's searchers racing on the row, 1 to
    256) is checked the same way; the one search here answers as any number of
    them would, but for the line and the node count.
    """
    row, chosen = _start(position, rules)
    _args.budget(max_nodes, timeout, memory)
    _args.optional_whole(jobs, "jobs", 1, 256, "1 to 256 searchers (or None: one)")
    search = _Search(chosen)
    fewest = search.fewest(row)
    return Solution(
        result="win" if chosen.is_won(fewest) else "loss",
        moves=search.line(row, fewest),
        piles=fewest,
        nodes=search.nodes,
    )
