"""The reference engine prints its values as the core does (the core is the contract),
for every game of the registry: legal moves (open, blind, none left), moves,
outcomes and solutions (a blind game's, another game's)."""

from __future__ import annotations

from typing import Any

import pytest

from accordion import Deal
from accordion.games import GAMES, Descriptor


def deal_of(game: Descriptor, engine: str) -> Any:
    if game.variant is not None and game.variant.goal_from_pysol:
        return Deal.from_pysol(1, game.name)
    return game.numbered(engine)(13, 10)  # type: ignore[arg-type]


def played_out(game: Descriptor, engine: str, blind: bool) -> list[str]:
    """The reprs along a game played by its first legal move to the end."""
    deal = str(deal_of(game, engine))
    played = game.game_class(engine)(deal, game.make_rules(None, engine), blind=blind)  # type: ignore[arg-type]
    seen = [repr(played.legal_moves), repr(played.outcome)]
    while played.legal_moves:
        move = next(iter(played.legal_moves))
        seen += [repr(move), repr(played.legal_moves)]
        played.play(move)
        seen.append(repr(played.outcome))
    seen.append(repr(played.legal_moves))
    return seen


@pytest.mark.parametrize("blind", [False, True], ids=["open", "blind"])
@pytest.mark.parametrize("name", list(GAMES))
def test_legal_moves_moves_and_outcomes_print_alike(name: str, blind: bool) -> None:
    game = GAMES[name]
    core, reference = (played_out(game, engine, blind) for engine in ("core", "reference"))
    assert reference == core
    assert core[-1] == "<LegalMoves: >"


def reference_twin(game: Descriptor, solution: Any) -> Any:
    """The reference engine's solution of the same content as the core's ``solution``."""
    made = game.solver("reference")(str(deal_of(game, "reference")))
    parse = game.move_class("reference").parse
    moves = tuple(parse(str(move)) for move in solution.moves)
    if game.plays_accordion:
        return type(made)(
            solution.result, moves, solution.piles, solution.nodes, deal=solution.deal
        )
    return type(made)(
        deal=solution.deal,
        result=solution.result,
        moves=moves,
        cards=solution.cards,
        nodes=solution.nodes,
        game=solution.game,
    )


@pytest.mark.parametrize("name", list(GAMES))
def test_solutions_print_alike(name: str) -> None:
    game = GAMES[name]
    solve = game.solver()
    deal = deal_of(game, "core")
    rules = game.make_rules(None)
    blind = game.game_class()(deal, rules, blind=True)
    for solution in (solve(deal, rules=rules), solve(blind), solve(deal, max_nodes=1)):
        assert repr(reference_twin(game, solution)) == repr(solution)
    if not game.plays_accordion:
        assert repr(solution).startswith(f"<{type(solution).__name__} ")
        assert (" game=" in repr(solution)) == (game.pieces().plays is not None)
    else:
        assert repr(solution).startswith("<Solution ")
