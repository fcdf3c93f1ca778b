"""The reference engine: Accordion in plain Python, written to be read.

It implements the API of the Rust core (``accordion._core``, typed in
``_core.pyi``) exactly as docs/rules.md states the rules, and serves as the
executable specification the core is tested against. Speed is not a goal.

One concept per module: ``cards`` (cards and agreement), ``moves`` (move
notation), ``deals`` (rows, numbered deals: SplitMix64 and Fisher-Yates),
``rules`` (rule sets and which moves they allow on a row of top cards),
``game`` (piles, stock, history, undo, outcome, hint), ``search`` (the exhaustive
search of rows of up to about 14 cards, which the hint and the solver share) and
``solver`` (``solve`` and its ``Solution``).

>>> game = Game(Deal.parse("7H 2C 7S 7C"), Rules("strict"))
>>> list(game.legal_moves)
[Move('7C', '7S')]
>>> solve(game.starting_deal).result
'win'
"""

from accordion.reference import bayan as bayan
from accordion.reference import royal as royal
from accordion.reference.cards import Card
from accordion.reference.deals import Deal
from accordion.reference.game import Game, LegalMoves, Outcome
from accordion.reference.moves import Move
from accordion.reference.numbering import pysol_goal
from accordion.reference.rules import Rules
from accordion.reference.solver import Solution, solve

__all__ = [
    "Card",
    "Deal",
    "Game",
    "LegalMoves",
    "Move",
    "Outcome",
    "Rules",
    "Solution",
    "pysol_goal",
    "solve",
]
