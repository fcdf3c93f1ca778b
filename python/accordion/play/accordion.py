"""Accordion's table in `accordion play`: its session (one input line in, the
messages to show out), its status line, and the strict rules' forced move.

The screen is drawn by :mod:`accordion.play.screen` and driven by
:mod:`accordion.play.loop`; the commands every game's session shares, and
:class:`Reply`, are in :mod:`accordion.play.session`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

import accordion
from accordion import Card, Deal, Game, Move, Rules
from accordion.errors import AccordionError, shown
from accordion.games import DEFAULT_GAME, Descriptor, find_game, game_of, plural
from accordion.play.session import CARDLIKE, BaseSession, Best, Reply, by_result, is_int
from accordion.play.session import status_line as session_status

HINT_SECONDS = 2.0
SOLVE_SECONDS = 5.0

HELP = """\
7H 7S, 7H>7S   move the pile topped by 7H onto the pile topped by 7S
12 1, 12 3     pile 12 slides 1 place, leaps 3 places (two-way: 12 -1 is right)
12             pile 12's only move
hint   a good move, and whether the deal can still be won
solve  the rest of a winning line (or of the best line when no win is left)
auto   play the strict rules out             undo   take back the last action
deal   turn the next card (blind games)      moves  list the legal moves
new    a new random deal    restart    help    quit"""


def status_line(game: Game) -> str:
    """Piles left, stock left, moves made, and once the game is over its grade."""
    outcome = game.outcome
    # No grade before the end: four piles after the first move of a winnable deal
    # are no "moral victory" (the API's Outcome has none either).
    notes = [f"grade: {outcome.grade}"] if outcome.is_over and outcome.grade is not None else []
    if game.rules.goal is not None:
        notes.append(f"goal {game.rules.goal} (must end on top)")
    return session_status(game, f"piles {outcome.piles}", "stock", notes)


def describe_rules(rules: Rules) -> str:
    """`modern rules`, `strict rules, two-way, distances 2,3`."""
    text = f"{rules.name} rules"
    if rules.two_way:
        text += ", two-way"
    if rules.distances != (1, 3):
        text += ", distances " + ",".join(str(d) for d in rules.distances)
    return text


def position_of(game: Game, card: Card) -> int:
    """The 0-based position of the pile whose top card is ``card``."""
    return game.tops.index(card)


def distance_of(game: Game, move: Move) -> int:
    """How far a move goes: positive leftwards, negative rightwards."""
    assert move.mover is not None and move.target is not None
    return position_of(game, move.mover) - position_of(game, move.target)


def describe_move(game: Game, move: Move) -> str:
    """`5C>3C (pile 3 slides onto pile 2)`, in the position before the move."""
    tops = game.tops
    if move.mover not in tops or move.target not in tops:
        return str(move)
    assert move.mover is not None and move.target is not None
    start = position_of(game, move.mover) + 1
    end = position_of(game, move.target) + 1
    distance = abs(start - end)
    way = "" if start > end else " rightwards"
    verb = {1: "slides", 3: "leaps"}.get(distance, f"moves {distance} places")
    return f"{move} (pile {start} {verb}{way} onto pile {end})"


def forced_move(game: Game, rules: str | None = None) -> Move | None:
    """The one action the rule set ``rules`` (one that forces every action) allows here.

    ``rules`` defaults to the game's own when they force every action, else to the
    first of the game's forced rule sets (``accordion.games``: ``strict``). The
    core decides the move: the leftmost pile that can move, its target as the rule
    set chooses (the nearest under strict, the farthest under strict-leap),
    leftwards before rightwards; ``deal`` only when no move exists. Every move this
    returns is legal under the game's own rules.
    """
    legal = list(game.legal_moves)
    if not any(not move.is_deal for move in legal):
        return legal[0] if legal else None
    own = game.rules
    if rules is None:
        entry = game_of(game) or find_game(DEFAULT_GAME)
        rules = own.name if own.is_automatic else entry.forced_rules[0]
    # The same row of top cards under the forcing rule set (the goal card kept
    # while it is on top, where no pile may land on it): its one legal move.
    tops = game.tops
    forcing = Rules(
        rules,
        two_way=own.two_way,
        distances=own.distances,
        win_piles=own.win_piles,
        goal=own.goal if own.goal in tops else None,
    )
    return next(iter(Game(Deal(tops), forcing).legal_moves))


def _line(moves: Sequence[Move]) -> str:
    return " ".join(str(move) for move in moves)


class Session(BaseSession[Game, Move]):
    """One sitting at the Accordion table: the current game and the commands that change it."""

    HELP = HELP
    DIRECTED = True
    NO_MOVES = "no legal move"
    COMMANDS: ClassVar[Mapping[str, str]] = {**BaseSession.COMMANDS, "auto": "auto"}

    def __init__(
        self,
        deal: Deal,
        rules: Rules | None = None,
        *,
        blind: bool = False,
        seed: int | None = None,
        entry: Descriptor | None = None,
        origin: str | None = None,
    ) -> None:
        self.rules = rules if rules is not None else Rules()
        seed = deal.seed if seed is None else seed
        entry = find_game(DEFAULT_GAME) if entry is None else entry
        game = Game(deal, self.rules, blind=blind)
        super().__init__(game, seed=seed, entry=entry, origin=origin)

    def new_game(self, deal: Deal) -> Game:
        return Game(deal, self.rules, blind=self.blind)

    def _random_deal(self) -> tuple[int | None, Deal]:
        deal = Deal.random(len(self.deal))
        return deal.seed, deal

    def _rules_text(self) -> str:
        return describe_rules(self.rules)

    def _flags(self) -> str:
        default = self.rules.name == self.entry.rules[0]
        flags = "" if default else f" --rules {self.rules.name}"
        if self.blind:
            flags += " --blind"
        if not self.entry.supports("variant"):
            return flags  # a PySolFC variant fixes its own flags (--game names it)
        if self.rules.two_way:
            flags += " --two-way"
        if self.rules.distances != (1, 3):
            flags += " --distances " + ",".join(str(d) for d in self.rules.distances)
        return flags

    def _left(self) -> str:
        return f"{plural(self.game.outcome.piles, 'pile')} left"

    # What a table asks of the game -------------------------------------------------

    @property
    def rules_name(self) -> str:
        """The rule set, as ``--rules`` takes it."""
        return self.rules.name

    @property
    def automatic(self) -> bool:
        """Whether the rules in play force every action."""
        return self.rules.is_automatic

    def forced(self) -> Move | None:
        return forced_move(self.game)

    def best(self, game: Game, budget: float) -> Best:
        solution = accordion.solve(game, timeout=budget)
        return Best(
            tuple(solution.moves),
            solution.result == "win",
            solution.piles,
            settled=solution.result != "unknown",
        )

    def describe(self, move: Move) -> str:
        return "deal" if move.is_deal else describe_move(self.game, move)

    def named(self, move: Move) -> tuple[Card, ...]:
        assert move.mover is not None and move.target is not None
        return (move.mover, move.target)

    def _result(self) -> str:
        # A game left before its end has no grade yet.
        return self.game.outcome.grade or "not finished"

    @classmethod
    def status_of(cls, game: Game) -> str:
        """:func:`status_line`: piles, stock, moves made, and the grade once over."""
        return status_line(game)

    def welcome(self) -> Reply:
        first = "Type deal to turn the first card, then move" if self.blind else "Your move"
        return Reply(
            [
                f"{first}: 7H 7S puts the pile topped by 7H on 7S; 12 3 leaps pile 12 "
                "three places. The row reads on from band to band. Type help for more."
            ]
        )

    # Moves -------------------------------------------------------------------------

    def _act(self, words: list[str], line: str) -> Reply:
        return self._after_action(self._move(words, line) if words else self._enter())

    def _enter(self) -> Reply:
        """An empty line plays the forced action under the strict rules; else nothing."""
        move = forced_move(self.game) if self.rules.is_automatic else None
        return Reply() if move is None else self._play(move)

    def _move(self, words: list[str], line: str) -> Reply:
        if all(is_int(word) for word in words) and len(words) <= 2:
            pile = int(words[0])
            if len(words) == 1:
                return self._play(self._only_move_of(pile))
            return self._play(self._move_at(pile, int(words[1])))
        if len(words) == 2 and all(CARDLIKE.match(word) for word in words):
            return self._play(Move(Card.parse(words[0]), Card.parse(words[1])))
        try:
            move = Move.parse(line)
        except AccordionError:
            return Reply(
                [
                    f"not a move or a command: {shown(line.strip())} "
                    "(moves look like 7H 7S or 12 3; type help)"
                ]
            )
        return self._play(move)

    def _deal_move(self) -> Move:
        return Move.deal()

    def _play(self, move: Move) -> Reply:
        before = describe_move(self.game, move)
        self.game.play(move)
        if move.is_deal:
            top = self.game.tops[-1]
            return Reply([f"dealt {top}"], marks=(len(self.game.tops) - 1,))
        assert move.mover is not None
        return Reply([f"played {before}"], marks=(position_of(self.game, move.mover),))

    def _only_move_of(self, pile: int) -> Move:
        self._check_pile(pile)
        mover = self.game.tops[pile - 1]
        moves = [m for m in self.game.legal_moves if m.mover == mover]
        if len(moves) == 1:
            return moves[0]
        if moves:
            choices = " or ".join(f"{pile} {distance_of(self.game, m)}" for m in moves)
            raise AccordionError(f"pile {pile} ({mover}) has {len(moves)} moves: type {choices}")
        for distance in self._distances():
            target = pile - distance
            if 1 <= target <= len(self.game.tops) and mover.agrees(self.game.tops[target - 1]):
                # Agreement alone is not enough (the strict rules force one move):
                # trying the move on a copy gets the engine's reason.
                self.game.copy().play(self.game.move_at(pile, distance))
        neighbours = ", ".join(
            f"pile {pile - d} ({self.game.tops[pile - d - 1]})"
            for d in self._distances()
            if 1 <= pile - d <= len(self.game.tops)
        )
        if not neighbours:
            raise AccordionError(f"pile {pile} ({mover}) has no pile in reach to move onto")
        raise AccordionError(
            f"pile {pile} ({mover}) cannot move: it agrees in neither suit nor rank "
            f"with {neighbours}"
        )

    def _move_at(self, pile: int, distance: int) -> Move:
        self._check_pile(pile)
        if distance == 0:
            raise AccordionError("a move goes at least one place (12 1 slides, 12 3 leaps)")
        target = pile - distance
        if not 1 <= target <= len(self.game.tops):
            way = "left" if distance > 0 else "right"
            raise AccordionError(
                f"pile {pile} cannot move {abs(distance)} places {way}: "
                f"there is no pile {abs(distance)} places to its {way}"
            )
        return self.game.move_at(pile, distance)

    def _check_pile(self, pile: int) -> None:
        count = len(self.game.tops)
        if not 1 <= pile <= count:
            raise AccordionError(f"no pile {pile}: the row has piles 1 to {count}")

    def _distances(self) -> list[int]:
        distances = list(self.rules.distances)
        return distances + [-d for d in distances] if self.rules.two_way else distances

    def _game_over(self) -> list[str]:
        return [
            f"Game over: {self._left()}, grade {self.game.outcome.grade}. "
            f"{self._start_verdict()} (new, restart, undo or quit)"
        ]

    def _judge_start(self) -> str:
        """Whether the starting deal could have been won, by solving it."""
        solution = accordion.solve(self.new_game(self.deal), timeout=SOLVE_SECONDS)
        knew = self.blind and not self.rules.is_automatic
        face_up = " by a player who knew the stock" if knew else ""
        piles = plural(solution.piles, "pile")
        return by_result(
            solution.result,
            f"From the start this deal could be won{face_up}.",
            f"From the start this deal could not be won{face_up}: the best possible is {piles}.",
            f"The solver could not settle in {SOLVE_SECONDS:g} s whether this deal could be "
            f"won{face_up} (best found: {piles}).",
        )

    # The commands ------------------------------------------------------------------

    def _short(self, move: Move) -> str:
        """`5C>3C (3 1)`: the move by cards, and by pile number and distance."""
        if move.is_deal:
            return "deal"
        assert move.mover is not None
        return f"{move} ({position_of(self.game, move.mover) + 1} {distance_of(self.game, move)})"

    def auto(self) -> Reply:
        """Play a forcing rule set out from here: the game's own if it forces every
        action (strict-leap), else the first of its forced rule sets (strict)."""
        own = self.rules
        name = own.name if own.is_automatic else self.entry.forced_rules[0]
        played: list[Move] = []
        while (move := forced_move(self.game, name)) is not None:
            self.game.play(move)
            played.append(move)
        if not played:
            return self._after_action(Reply(["no legal action left"]))
        reply = Reply(
            [f"auto ({name} rules) played {plural(len(played), 'action')}: {_line(played)}"]
        )
        return self._after_action(reply)

    def hint(self) -> Reply:
        if self.game.is_over:
            return Reply(["no legal action left (undo, restart or new)"])
        move = self.game.hint(timeout=HINT_SECONDS)
        if move is None:
            return Reply(["no legal move"])
        marks = () if move.is_deal else self._positions(move)
        return Reply([f"hint: {describe_move(self.game, move)}. {self._outlook()}"], marks=marks)

    def _positions(self, move: Move) -> tuple[int, ...]:
        assert move.mover is not None and move.target is not None
        return (position_of(self.game, move.mover), position_of(self.game, move.target))

    def _outlook(self) -> str:
        """Whether the deal can still be gathered into one pile from here."""
        solution, peek = accordion.solve(self.game, timeout=HINT_SECONDS), self._peek()
        return by_result(
            solution.result,
            f"Still winnable{peek}.",
            f"No longer winnable{peek}: the best reachable is {plural(solution.piles, 'pile')}.",
            f"Winnable? The solver could not tell in {HINT_SECONDS:g} s.",
        )

    def solve(self) -> Reply:
        """Show the remaining winning line, or a line to the fewest piles reachable."""
        if len(self.game.tops) <= 1 and self.game.stock_size == 0:
            return Reply(["nothing to solve: the row is one pile"])
        solution = accordion.solve(self.game, timeout=SOLVE_SECONDS)
        line = _line(solution.moves) or "(no move)"
        note = self._peek()
        steps = "action" if any(move.is_deal for move in solution.moves) else "move"
        if solution.result == "win":
            head = f"solve: a win from here{note} in {plural(len(solution.moves), steps)}:"
        elif solution.result == "loss":
            head = (
                f"solve: no win from here{note}; the fewest piles reachable is "
                f"{solution.piles}, by:"
            )
        else:
            head = (
                f"solve: undecided after {SOLVE_SECONDS:g} s{note}; the best found reaches "
                f"{plural(solution.piles, 'pile')}, by:"
            )
        return Reply([head, "  " + line])
