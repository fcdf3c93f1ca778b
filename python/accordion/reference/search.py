"""The exhaustive search of Accordion's rows, which the solver (:func:`solve`) and
a game's hint (:meth:`Game.hint`) share: every line of play depth first, with a
memo of the fewest piles reachable from each row of top cards (only top cards
matter to the future of a game, so the tuple of tops is the whole state)."""

from __future__ import annotations

from accordion.reference.cards import Row
from accordion.reference.moves import Move
from accordion.reference.rules import Rules, Step, close_up, legal_steps


class Search:
    """Depth-first search over rows of top cards with a memo of the fewest piles."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.fewest_from: dict[Row, int] = {}
        self.fewest_dealing: dict[tuple[Row, Row], int] = {}
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

    def fewest_with(self, row: Row, stock: Row) -> int:
        """The fewest piles from ``row`` with ``stock`` still to deal, in order, under
        must-move rules (a deal only when no move is left, so a game ends only with
        the stock dealt); with no stock, :meth:`fewest`."""
        if not stock:
            return self.fewest(row)
        known = self.fewest_dealing.get((row, stock))
        if known is not None:
            return known
        children = self.successors(row)
        if not children:
            return self.fewest_with((*row, stock[0]), stock[1:])
        best = len(row) + len(stock) + 1
        for _, child in children:
            if best == 1:
                break
            best = min(best, self.fewest_with(child, stock))
        self.fewest_dealing[(row, stock)] = best
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


def best_action(row: Row, stock: Row, rules: Rules, legal: list[Move]) -> Move | None:
    """The hint of a game whose top cards are ``row``, with ``stock`` still to deal
    in order and ``legal`` its legal actions: the first action of a best line (the
    stock known, as the core's solver knows it), else the first legal action;
    ``None`` when none is legal. As the core's solver plays: rules that force every
    action play their one action; under ``modern``, where dealing early never hurts,
    a stock is dealt first; under must-move rules a deal comes only when no move is
    left, and the search follows the deals."""
    if not legal:
        return None
    if rules.name in ("strict", "strict-leap"):
        return legal[0]
    if stock and not rules.must_move:
        return Move.deal()
    search = Search(rules)
    goal = search.fewest_with(row, stock)
    # Under modern a line may also stop anywhere: a move is the line's first only
    # when stopping here does not already reach the goal.
    if rules.must_move or len(row) > goal:
        for (mover, target), child in search.successors(row):
            if search.fewest_with(child, stock) == goal:
                return Move(row[mover], row[target])
    return legal[0]
