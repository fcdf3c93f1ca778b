"""Rule sets, and the moves they allow on a row of top cards.

The functions here work on the top cards alone (a tuple of :class:`Card`) and on
0-based positions, so the game and the solver share one definition of a legal
move. A *step* ``(mover, target)`` is a pair of positions.

>>> row = tuple(Card(text) for text in "7H 2C 3S 7S 8S".split())
>>> [f"{row[i]}>{row[j]}" for i, j in possible_steps(row, Rules("modern"))]
['7S>3S', '7S>7H', '8S>7S']
>>> [f"{row[i]}>{row[j]}" for i, j in legal_steps(row, Rules("strict"))]
['7S>3S']
>>> [f"{row[i]}>{row[j]}" for i, j in legal_steps(row, Rules("strict-leap"))]
['7S>7H']
>>> [str(card) for card in close_up(row, 3, 0, row[3])]
['7S', '2C', '3S', '8S']
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import Any, TypeVar, final

from accordion.errors import InvalidRulesError, shown

# Accordion's four rule sets and every rule set's name (Accordian Patience's ``uva``
# too), as the game registry states them.
from accordion.games import ALL_RULE_SETS, RULE_SETS
from accordion.reference._args import constructor, flag, given, quoted, text
from accordion.reference._frozen import Value
from accordion.reference._tokens import ascii_lower, fields, strip
from accordion.reference.cards import Card, as_card

_MUST_MOVE = frozenset({"strict", "strict-leap", "parlett"})
_AUTOMATIC = frozenset({"strict", "strict-leap"})
DEFAULT_DISTANCES = (1, 3)
MAX_DISTANCE = 51  # a 52-card row has its piles at most 51 places apart


def rule_set_name(name: str) -> str:
    """A rule-set name as the core reads it (white space around, any ASCII case)."""
    chosen = ascii_lower(strip(name))
    if chosen not in ALL_RULE_SETS:
        known = ", ".join(ALL_RULE_SETS)
        raise InvalidRulesError(f"unknown rule set {quoted(name)} (known: {known})")
    return chosen


def _parsed_distances(text: str) -> list[int]:
    """``"1,3"``: whole numbers separated by commas, each with optional white space."""
    values = []
    for part in fields(text):
        word = strip(part)
        digits = word[1:] if word[:1] in "+-" else word
        if not digits or not all("0" <= c <= "9" for c in digits):
            raise InvalidRulesError(f"bad distance {quoted(part)} in {quoted(text)}")
        values.append(int(word))
    return values


def _checked_distances(distances: Iterable[int] | str) -> tuple[int, ...]:
    """The distance set as a sorted tuple; it is a set, so order and repeats do not matter."""
    if isinstance(distances, str):
        chosen: list[object] = list(_parsed_distances(distances))
    elif isinstance(distances, Iterable):
        chosen = list(distances)
    else:
        raise TypeError(
            f"distances must be an iterable of ints or a str, not {type(distances).__name__}"
        )
    checked: list[int] = []
    for distance in chosen:
        if not isinstance(distance, int) or isinstance(distance, bool):
            raise TypeError(f"a distance must be an int, not {type(distance).__name__}")
        if not 1 <= distance <= MAX_DISTANCE:
            raise InvalidRulesError(
                f"distance {shown(distance)} is out of range: distances are 1 to 51"
            )
        checked.append(distance)
    if not checked:
        raise InvalidRulesError("the distance set is empty")
    return tuple(sorted(set(checked)))


@final
class Rules(Value):
    """A rule set of docs/rules.md with its variant (two-way moves, distance set).

    Args:
        name: ``modern``, ``strict``, ``strict-leap`` or ``parlett``.
        two_way: piles may also move rightwards.
        distances: how far a pile may move, each 1 to 51 (default 1 and 3).
        win_piles: the game is won at this many piles or fewer (default 1; PySolFC's
            23 Skidoo: 2).
        goal: a card that must end on top of the last pile (PySolFC's Accordion's
            Revenge); no move may land on it.

    Raises:
        InvalidRulesError: an unknown name, or a distance set that is empty or out
            of range.
        TypeError: an argument of the wrong type.

    Examples:
        >>> Rules("strict").must_move, Rules("modern", distances=[2, 3]).distances
        (True, (2, 3))
    """

    __slots__ = ("_distances", "_goal", "_name", "_two_way", "_win_piles")
    _name: str
    _two_way: bool
    _distances: tuple[int, ...]
    _win_piles: int
    _goal: Card | None

    @constructor
    def __new__(
        cls,
        name: str | None = None,
        *,
        two_way: bool | None = None,
        distances: Iterable[int] | str | None = None,
        win_piles: int | None = None,
        goal: Card | str | None = None,
    ) -> Rules:
        chosen = rule_set_name("modern" if name is None else text(name, "name"))
        if chosen not in RULE_SETS:
            raise InvalidRulesError(
                "the uva rules are Accordian Patience's (UVa 127); Accordion is played"
                " under modern, strict, strict-leap or parlett"
            )
        way = False if two_way is None else flag(two_way, "two_way")
        checked = DEFAULT_DISTANCES if distances is None else _checked_distances(distances)
        won_at = 1 if win_piles is None else win_piles
        if isinstance(won_at, bool) or not isinstance(won_at, int):
            raise TypeError(f"win_piles must be an int, not {type(won_at).__name__}")
        if not 1 <= won_at <= 52:
            raise InvalidRulesError(f"a game is won at 1 to 52 piles, got {won_at}")
        return Rules._built(
            _name=chosen,
            _two_way=way,
            _distances=checked,
            _win_piles=won_at,
            _goal=None if goal is None else as_card(goal),
        )

    @staticmethod
    def from_pysol(game: str | int, number: int | str | None = None) -> Rules:
        """The rules PySolFC plays its ``game`` by: :meth:`accordion.Rules.from_pysol`,
        whose documentation is the contract.
        """
        from accordion.reference import numbering

        found = numbering.pysol_game(game)
        variant = found.variant
        flags: dict[str, Any] = {}
        if variant is not None:
            flags = {"two_way": variant.two_way, "distances": variant.distances}
            flags["win_piles"] = variant.win_piles
        if found.dealing == "goal-card":
            if number is None:
                raise InvalidRulesError(
                    f"{found.title} draws its goal card from the game number: give it"
                )
            flags["goal"] = numbering.pysol_goal(number)
        return Rules("modern", **flags)

    @property
    def win_piles(self) -> int:
        """The game is won at this many piles or fewer (1; PySolFC's 23 Skidoo: 2)."""
        return self._win_piles

    @property
    def goal(self) -> Card | None:
        """The goal card (PySolFC's Accordion's Revenge), or ``None``.

        The game is won only with it on top of the last pile; a covered card never comes
        back, so no move may land on it.
        """
        return self._goal

    def is_won(self, piles: int) -> bool:
        """Whether a row of ``piles`` piles is won (the goal card, if any, is then on top)."""
        return 1 <= piles <= self._win_piles

    def check_deal(self, cards: Sequence[Card]) -> None:
        """Raise ``InvalidRulesError`` when the goal card is not in the deal."""
        if self._goal is not None and self._goal not in cards:
            raise InvalidRulesError(f"the goal card {self._goal} is not in the deal")

    @property
    def name(self) -> str:
        """The rule set: ``modern``, ``strict``, ``strict-leap`` or ``parlett``."""
        return self._name

    @property
    def two_way(self) -> bool:
        """Whether piles may also move rightwards (two-way; PySolFC's Relaxed Accordion)."""
        return self._two_way

    @property
    def distances(self) -> tuple[int, ...]:
        """Sorted, distinct, each 1 to 51."""
        return self._distances

    @property
    def must_move(self) -> bool:
        """A move must be made whenever one exists (strict, strict-leap, parlett)."""
        return self._name in _MUST_MOVE

    @property
    def is_automatic(self) -> bool:
        """At most one legal action at any time (strict, strict-leap)."""
        return self._name in _AUTOMATIC

    @property
    def may_deal_while_move_exists(self) -> bool:
        """Whether ``deal`` is legal while a move exists (only under ``modern``)."""
        return not self.must_move

    def _is_default_variant(self) -> bool:
        return (
            not self._two_way
            and self._distances == DEFAULT_DISTANCES
            and self._win_piles == 1
            and self._goal is None
        )

    def __str__(self) -> str:
        # As the core writes it: the name, then what differs from the default.
        text = self._name
        if self._two_way:
            text += " two-way"
        if self._distances != DEFAULT_DISTANCES:
            text += f" distances {','.join(map(str, self._distances))}"
        if self._win_piles != 1:
            text += f" won at {self._win_piles} piles"
        if self._goal is not None:
            text += f" goal {self._goal}"
        return text

    def __repr__(self) -> str:
        if self._is_default_variant():
            return f"Rules({self._name!r})"
        extra = "" if self._win_piles == 1 else f", win_piles={self._win_piles}"
        extra += "" if self._goal is None else f", goal={str(self._goal)!r}"
        return f"Rules({self._name!r}, two_way={self._two_way}, distances={self._distances}{extra})"

    def __reduce__(self) -> tuple[object, ...]:
        # The variant is keyword-only: a partial of the constructor carries it.
        rebuild = functools.partial(
            Rules,
            two_way=self._two_way,
            distances=self._distances,
            win_piles=self._win_piles,
            goal=self._goal,
        )
        return (rebuild, (self._name,))

    def _key(self) -> tuple[str, bool, tuple[int, ...], int, Card | None]:
        return (self._name, self._two_way, self._distances, self._win_piles, self._goal)


def as_rules(value: Rules | str) -> Rules:
    """Rules given as a :class:`Rules` or as a rule-set name (default variant)."""
    return given(value, Rules, Rules, "rules", "Rules or a rule-set name")


Step = tuple[int, int]
"""A move as positions: ``(mover, target)``, 0-based, on the row as it stands."""


def targets_of(mover: int, piles: int, rules: Rules) -> list[int]:
    """The positions the pile at ``mover`` may land on, agreement aside.

    In the order the reference fixes for listing moves: leftwards by increasing
    distance, then (two-way only) rightwards by increasing distance.
    """
    leftwards = [mover - d for d in rules.distances if mover - d >= 0]
    rightwards = [mover + d for d in rules.distances if rules.two_way and mover + d < piles]
    return leftwards + rightwards


def possible_steps(tops: Sequence[Card], rules: Rules) -> list[Step]:
    """Every move the distance and agreement rules allow, movers left to right
    (never onto the goal card, which must stay on top)."""
    return [
        (mover, target)
        for mover in range(len(tops))
        for target in targets_of(mover, len(tops), rules)
        if tops[mover].agrees(tops[target]) and tops[target] != rules.goal
    ]


def forced_step(steps: Sequence[Step], rules: Rules) -> Step:
    """The one move ``strict`` or ``strict-leap`` obliges among the possible ``steps``.

    The leftmost pile that can move goes; of its targets ``strict`` takes the
    nearest, ``strict-leap`` the farthest; a tie between the same distance both
    ways goes leftwards.
    """
    mover = min(step[0] for step in steps)

    def preference(step: Step) -> tuple[int, bool]:
        distance = abs(step[0] - step[1])
        rightwards = step[1] > step[0]
        return (distance if rules.name == "strict" else -distance, rightwards)

    return min((step for step in steps if step[0] == mover), key=preference)


def legal_steps(tops: Sequence[Card], rules: Rules) -> list[Step]:
    """The moves the rule set allows here (dealing aside): all, or the forced one."""
    steps = possible_steps(tops, rules)
    if rules.is_automatic and steps:
        return [forced_step(steps, rules)]
    return steps


T = TypeVar("T")


def close_up(row: Sequence[T], mover: int, target: int, merged: T) -> tuple[T, ...]:
    """The row after the pile at ``mover`` lands on ``target``, the merge giving ``merged``.

    The merged pile takes the target's place and the mover's place closes up, so
    everything right of ``mover`` shifts one place left (after a rightward move the
    merged pile therefore ends at ``target - 1``).
    """
    landed = [merged if position == target else item for position, item in enumerate(row)]
    del landed[mover]
    return tuple(landed)
