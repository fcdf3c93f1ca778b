"""What mypy sees of the throw games' classes: each game's own types, although the
stub declares their members once, in private generic bases (``scripts/stubs.py``),
and what every game's statistics share, in one base with Accordion's.

Not a test pytest runs: ``mypy`` checks this file (``pyproject.toml`` lists it), and
an ``assert_type`` that no longer holds, or a ``type: ignore`` that is no longer
needed (``warn_unused_ignores``), fails the run.
"""

from __future__ import annotations

from typing import Literal

from typing_extensions import assert_type

from accordion import (
    AccordianStats,
    BayanGame,
    BayanMove,
    BayanOutcome,
    BayanSolution,
    BayanStats,
    LegalMoves,
    RoyalGame,
    RoyalMove,
    RoyalSolution,
    RoyalStats,
    SevenUpMove,
    Stats,
    simulate_accordian,
    simulate_royal,
    solve_bayan,
    solve_royal,
)


def game_members(game: BayanGame, royal: RoyalGame) -> None:
    assert_type(game.play("out 5C 5S"), BayanMove)
    assert_type(game.deal(), BayanMove)
    assert_type(game.undo(), BayanMove)
    assert_type(game.hint(), BayanMove | None)
    assert_type(game.legal_moves, LegalMoves[BayanMove])
    assert_type(game.history, list[BayanMove])
    assert_type(game.rules, Literal["modern"])
    assert_type(game.outcome, BayanOutcome)
    assert_type(game.outcome.won, bool)
    assert_type(game.copy(), BayanGame)
    assert_type(royal.rules, Literal["modern", "parlett"])
    game.play(RoyalMove("deal"))  # type: ignore[arg-type]


def move_members() -> None:
    assert_type(BayanMove.parse("deal"), BayanMove)
    assert_type(BayanMove("deal").kind, Literal["out", "deal"])
    assert_type(RoyalMove("deal").kind, Literal["out", "between", "deal"])
    assert_type(SevenUpMove.deal(), SevenUpMove)


def functions(royal: RoyalGame) -> None:
    assert_type(solve_bayan("5C 5S"), BayanSolution)
    assert_type(solve_bayan("5C 5S").cards, int)
    assert_type(solve_royal(royal).moves, tuple[RoyalMove, ...])
    assert_type(simulate_royal(deals=3), RoyalStats)
    assert_type(simulate_royal(deals=3).mean_cards, float)
    assert_type(simulate_accordian(deals=3, rules="uva"), AccordianStats)
    assert_type(BayanStats.from_histogram({0: 1}, "modern", "greedy", False, 52, 1), BayanStats)
    assert_type(RoyalSolution.from_dict({}), RoyalSolution)
    solve_bayan(royal)  # type: ignore[arg-type]
    simulate_royal(deals=3, rules=3)  # type: ignore[arg-type]


def stats_members(stats: Stats, bayan: BayanStats) -> None:
    # What every game's statistics share, declared once (``_Stats``), with what
    # each declares itself.
    for shared in (stats, bayan):
        assert_type(shared.ci95, tuple[float, float])
        assert_type(shared.seed, int)
        assert_type(shared.blind, bool)
    assert_type(stats.rules, str)
    assert_type(bayan.rules, Literal["modern"])
    assert_type(bayan.strategy, Literal["greedy", "best"])
    assert_type(stats.grades, dict[str, float])
    _ = bayan.grades  # type: ignore[attr-defined]  # Accordion's alone
