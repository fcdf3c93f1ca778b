"""The Rust core and the pure-Python reference engine agree, step by step.

A Hypothesis state machine deals a random row (any length, rule set, deal mode and
variant) to both engines, then plays random legal actions, random undos and
random (mostly illegal) moves on both, comparing everything observable after
every step — a refusal by its error class and its whole message.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

import accordion._core as core
import accordion.reference as reference
from accordion.errors import AccordionError

RULE_NAMES = ["modern", "strict", "strict-leap", "parlett"]
ASSIGNED = st.characters(exclude_categories=("Cn",))
#: Rows near the notation: separators, quotes, escapes, long and empty text.
DEAL_TEXTS = ["", " ", "AS;2D", "AS'2D", 'AS"2D', "AS\\2D", "AS,,2D", "AS 2D,", "7H 7H",
              "\x00", "a\tb", "x" * 61, "7H " * 53, "A\u0301S", "10H TH"]  # fmt: skip
#: Move texts near the notation, which random text rarely is.
TEXTS = ["deal", "KS>8S", "ks>8s", "KS > 8S", "KS>8S>7S", "KS>", ">8S", "KS-8S", "10H>TH", "x" * 70]


def _snapshot(game: Any) -> dict[str, object]:
    outcome = game.outcome
    return {
        "legal": [str(m) for m in game.legal_moves],
        "len_legal": len(game.legal_moves),
        "tops": [str(c) for c in game.tops],
        "piles": [[str(c) for c in pile] for pile in game.piles],
        "stock": game.stock_size,
        "outcome": (outcome.piles, outcome.grade, outcome.is_over),
        "over": game.is_over,
        "history": [str(m) for m in game.history],
        "text": str(game),
    }


def _refusal(call: Any, *args: Any) -> tuple[str, str]:
    """What a call answers: ``ok`` and its value, or its error's class and message."""
    try:
        return ("ok", str(call(*args)))
    except AccordionError as error:
        return (type(error).__name__, str(error))


class BothEngines(RuleBasedStateMachine):
    """Apply each step to a core game and a reference game and compare."""

    def __init__(self) -> None:
        super().__init__()
        self.games: list[Any] = []

    @initialize(
        seed=st.integers(0, 2**64 - 1),
        cards=st.integers(1, 52),
        name=st.sampled_from(RULE_NAMES),
        two_way=st.booleans(),
        distances=st.sets(st.integers(1, 5), min_size=1, max_size=3),
        blind=st.booleans(),
    )
    def deal(
        self,
        seed: int,
        cards: int,
        name: str,
        two_way: bool,
        distances: set[int],
        blind: bool,
    ) -> None:
        for engine in (core, reference):
            rules = engine.Rules(name, two_way=two_way, distances=sorted(distances))
            deal = engine.Deal.from_seed(seed, cards)
            self.games.append(engine.Game(deal, rules, blind=blind))

    @precondition(lambda self: bool(self.games) and not self.games[0].is_over)
    @rule(choice=st.integers(0, 10_000))
    def play_a_legal_action(self, choice: int) -> None:
        legal = [str(m) for m in self.games[0].legal_moves]
        text = legal[choice % len(legal)]
        played = [str(game.play(text)) for game in self.games]
        assert played == [text, text]

    @precondition(lambda self: bool(self.games) and bool(self.games[0].history))
    @rule()
    def undo(self) -> None:
        undone = [str(game.undo()) for game in self.games]
        assert undone[0] == undone[1]

    @precondition(lambda self: bool(self.games))
    @rule(mover=st.integers(0, 51), onto=st.integers(0, 51))
    def try_any_move(self, mover: int, onto: int) -> None:
        if mover == onto:
            return
        results = [
            _refusal(
                game.play, engine.Move(engine.Card.from_index(mover), engine.Card.from_index(onto))
            )
            for engine, game in zip((core, reference), self.games, strict=True)
        ]
        assert results[0] == results[1]

    @precondition(lambda self: bool(self.games))
    # Characters this Python's unicodedata has assigned: the reference quotes
    # text as the core does by those tables (reference/_args.py), and the core's
    # are Rust's, which may know characters assigned since.
    @rule(text=st.one_of(st.text(ASSIGNED, max_size=80), st.sampled_from(TEXTS)))
    def try_any_text(self, text: str) -> None:
        results = [_refusal(game.play, text) for game in self.games]
        assert results[0] == results[1]

    @precondition(lambda self: bool(self.games))
    @rule()
    def try_to_deal(self) -> None:
        results = [_refusal(game.deal) for game in self.games]
        assert results[0] == results[1]

    @invariant()
    def engines_agree(self) -> None:
        if self.games:
            assert _snapshot(self.games[0]) == _snapshot(self.games[1])

    @invariant()
    def copies_agree_and_are_independent(self) -> None:
        if self.games:
            copy = self.games[0].copy()
            assert _snapshot(copy) == _snapshot(self.games[0])
            if copy.legal_moves:
                copy.play(next(iter(copy.legal_moves)))
                assert len(copy.history) == len(self.games[0].history) + 1


TestBothEngines = BothEngines.TestCase


@given(text=st.one_of(st.text(ASSIGNED, max_size=100), st.sampled_from(DEAL_TEXTS)))
def test_both_engines_refuse_bad_text_in_the_same_words(text: str) -> None:
    # The error contract names the value; both engines quote it alike
    # (double quotes, Rust's escapes, cut at 60 characters with the length said).
    for name in ("Card", "Deal"):
        core_says = _refusal(getattr(core, name).parse, text)
        reference_says = _refusal(getattr(reference, name).parse, text)
        assert core_says == reference_says, name


@given(pile=st.integers(-(2**130), 2**130) | st.integers(-3, 8), distance=st.integers(-9, 9))
def test_both_engines_refuse_a_position_off_the_row_in_the_same_words(
    pile: int, distance: int
) -> None:
    games = [engine.Game(engine.Deal.from_seed(7, 5)) for engine in (core, reference)]
    said = [_refusal(game.move_at, pile, distance) for game in games]
    assert said[0] == said[1]
