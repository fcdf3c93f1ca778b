"""The reference engine is the executable specification: it, the errors and the game
registry import and run with the compiled core blocked, and each game of the
registry is played and solved there."""

from __future__ import annotations

import subprocess
import sys
import textwrap

from accordion.games import GAMES


def test_the_reference_engine_plays_every_game_without_the_compiled_core() -> None:
    code = textwrap.dedent(
        """
        import sys
        sys.modules["accordion._core"] = None  # importing the core now fails
        import accordion.errors
        import accordion.reference
        from accordion.games import GAMES

        for game in GAMES.values():
            deal = game.numbered("reference")(7, 10)
            table = game.game_class("reference")(deal, game.make_rules(engine="reference"))
            while not table.is_over:
                table.play(next(iter(table.legal_moves)))
            solution = game.solver("reference")(deal, rules=game.make_rules(engine="reference"))
            replay = game.game_class("reference")(deal, game.make_rules(engine="reference"))
            for move in solution.moves:
                replay.play(move)
            assert len(replay.piles) == solution.piles, game.name
            print(game.name, solution.result, solution.piles)
        try:
            accordion.Deal
        except ImportError as error:
            assert "needs the compiled core" in str(error)
            print("refused")
        assert sys.modules["accordion._core"] is None
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[-1] == "refused" and len(lines) == len(GAMES) + 1
