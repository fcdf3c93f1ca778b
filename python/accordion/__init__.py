"""Accordion (Idle Year, Tower of Babel, Leapfrog): a fast Rust rules engine,
solver and simulator with a typed Python API.

>>> from accordion import Deal, Game
>>> game = Game(Deal.parse("7H 7S 8S KS"))
>>> [str(move) for move in game.legal_moves]
['7S>7H', '8S>7S', 'KS>8S']
>>> game.play("KS>8S")
Move('KS', '8S')
>>> game.tops
[Card('7H'), Card('7S'), Card('KS')]
"""

from accordion._core import (
    Card,
    Deal,
    Game,
    LegalMoves,
    Move,
    Outcome,
    RoyalGame,
    RoyalMove,
    RoyalOutcome,
    RoyalSolution,
    RoyalStats,
    Rules,
    Solution,
    Stats,
    pysol_goal,
    royal_deal,
    simulate,
    simulate_royal,
    solve,
    solve_many,
    solve_royal,
)
from accordion.errors import (
    AccordionError,
    IllegalMoveError,
    InvalidCardError,
    InvalidDealError,
    InvalidMoveError,
    InvalidRulesError,
)
from accordion.svg import save_svg, svg

__all__ = [
    "AccordionError",
    "Card",
    "Deal",
    "Game",
    "IllegalMoveError",
    "InvalidCardError",
    "InvalidDealError",
    "InvalidMoveError",
    "InvalidRulesError",
    "LegalMoves",
    "Move",
    "Outcome",
    "RoyalGame",
    "RoyalMove",
    "RoyalOutcome",
    "RoyalSolution",
    "RoyalStats",
    "Rules",
    "Solution",
    "Stats",
    "pysol_goal",
    "royal_deal",
    "save_svg",
    "simulate",
    "simulate_royal",
    "solve",
    "solve_many",
    "solve_royal",
    "svg",
]
