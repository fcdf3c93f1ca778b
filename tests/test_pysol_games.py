"""PySolFC's Accordion family played here: its rules as `Rules.from_pysol`, the goal-card
variant (Accordion's Revenge) and the win at two piles (23 Skidoo), in both engines.

The solver's verdicts are replayed through the reference engine, and the engines are
compared move by move on random games.
"""

from __future__ import annotations

import random
from types import ModuleType

import pytest

import accordion
import accordion.reference as reference
from accordion import IllegalMoveError, InvalidRulesError


def test_each_pysol_game_maps_to_its_rules(engine: ModuleType) -> None:
    rules = engine.Rules.from_pysol
    assert rules("accordion") == engine.Rules("modern")
    assert rules(772) == rules("Accordion") == rules("royal-marriage")
    assert rules("relaxed-accordion") == engine.Rules("modern", two_way=True)
    assert rules("bayan") == engine.Rules("modern")  # a game of its own: BayanGame
    skidoo = rules("23-skidoo")
    assert (skidoo.distances, skidoo.win_piles, skidoo.goal) == ((2, 3), 2, None)
    revenge = rules("accordions-revenge", 12345)
    assert str(revenge.goal) == str(engine.pysol_goal(12345))
    with pytest.raises(InvalidRulesError, match="goal card from the game number"):
        rules("accordions-revenge")
    with pytest.raises(InvalidRulesError, match="unknown PySolFC game"):
        rules("spider")


def test_the_goal_card_cannot_be_covered_and_must_be_in_the_deal(engine: ModuleType) -> None:
    rules = engine.Rules("modern", goal="7S")
    game = engine.Game("7H 7S 8S 7C", rules)
    assert [str(m) for m in game.legal_moves] == ["7S>7H", "7C>7H"]
    with pytest.raises(IllegalMoveError, match="7S is the goal card: it must stay on top"):
        game.play("8S>7S")
    game.play("7S>7H")
    assert [str(m) for m in game.legal_moves] == []  # only 8S>7S agrees: onto the goal
    assert game.is_over and game.outcome.grade == "strong"
    with pytest.raises(InvalidRulesError, match="goal card 7S is not in the deal"):
        engine.Game("7H 8S 7C", rules)
    with pytest.raises(InvalidRulesError, match="goal card 7S is not in the deal"):
        engine.solve("7H 8S 7C", rules=rules)
    with pytest.raises(InvalidRulesError, match="won at 1 to 52 piles"):
        engine.Rules("modern", win_piles=0)


def test_a_win_at_two_piles_is_graded_a_win(engine: ModuleType) -> None:
    skidoo = engine.Rules("modern", distances=(2, 3), win_piles=2)
    game = engine.Game("7H 2C 7S", skidoo)
    game.play("7S>7H")
    assert (game.outcome.piles, game.outcome.grade, game.is_over) == (2, "win", True)
    solution = engine.solve("7H 2C 7S", rules=skidoo)
    assert (solution.result, solution.piles) == ("win", 2)


RULES = [
    ("modern", {"goal": None}),
    ("modern", {"two_way": True}),
    ("strict", {}),
    ("parlett", {}),
    ("modern", {"distances": (2, 3), "win_piles": 2}),
]


@pytest.mark.parametrize("seed", range(60))
def test_goal_games_agree_between_the_engines_and_the_solver_replays(seed: int) -> None:
    chooser = random.Random(seed)
    cards = 8 + seed % 5
    name, variant = RULES[seed % len(RULES)]
    core_deal = accordion.Deal.from_seed(seed, cards)
    goal = str(core_deal[chooser.randrange(2, cards)])
    kwargs = dict(variant)
    if "win_piles" not in kwargs:
        kwargs["goal"] = goal
    core_rules = accordion.Rules(name, **kwargs)
    ref_rules = reference.Rules(name, **kwargs)
    ref_deal = reference.Deal.parse(str(core_deal))
    blind = seed % 2 == 1 and name != "modern"
    core = accordion.Game(core_deal, core_rules, blind=blind)
    ref = reference.Game(ref_deal, ref_rules, blind=blind)
    while True:
        assert [str(m) for m in core.legal_moves] == [str(m) for m in ref.legal_moves]
        outcome, expected = core.outcome, ref.outcome
        assert (outcome.piles, outcome.grade, outcome.is_over) == (
            expected.piles,
            expected.grade,
            expected.is_over,
        )
        legal = [str(m) for m in core.legal_moves]
        if not legal:
            break
        move = chooser.choice(legal)
        core.play(move)
        ref.play(move)
    if not blind:
        solution = accordion.solve(core_deal, rules=core_rules)
        checked = reference.solve(ref_deal, rules=ref_rules)
        assert (solution.result, solution.piles) == (checked.result, checked.piles)
        replay = reference.Game(ref_deal, ref_rules)
        for move in solution.moves:
            replay.play(str(move))
        assert replay.outcome.piles == solution.piles
        if solution.result == "win" and "goal" in kwargs:
            assert [str(card) for card in replay.tops] == [goal]


def test_simulations_and_chosen_deals_refuse_single_game_variants() -> None:
    with pytest.raises(InvalidRulesError):
        accordion.simulate(rules=accordion.Rules("modern", win_piles=2), deals=10)
    with pytest.raises(InvalidRulesError, match="belongs to one deal"):
        accordion.winnable_deal(seed=1, rules=accordion.Rules("modern", goal="7S"))


def test_cli_plays_pysol_games_by_their_rules() -> None:
    import json

    from conftest import run_cli

    revenge = run_cli("solve", "--pysol", "12345", "--game", "accordions-revenge", "--json")
    line = json.loads(revenge.stdout)
    goal = str(accordion.pysol_goal(12345))
    assert (line["result"], line["piles"]) == ("win", 1)
    assert line["moves"][-1].split(">")[0] == goal
    skidoo = run_cli("solve", "--pysol", "12345", "--game", "23-skidoo", "--json")
    assert (json.loads(skidoo.stdout)["result"], json.loads(skidoo.stdout)["piles"]) == ("win", 2)
    for args in (
        ["solve", "--seed", "3", "--game", "accordions-revenge"],
        ["solve", "--pysol", "3", "--count", "2", "--game", "accordions-revenge"],
    ):
        result = run_cli(*args)
        assert result.returncode == 2 and result.stderr.startswith("accordion: error: ")


def test_cli_stats_refuses_games_with_their_own_win_condition() -> None:
    from conftest import run_cli

    for game in ("23-skidoo", "accordions-revenge"):
        result = run_cli("stats", "--rules", "modern", "--deals", "10", "--game", game)
        assert result.returncode == 2
        assert "its own win condition" in result.stderr and result.stderr.count("\n") == 1
    relaxed = run_cli("stats", "--rules", "modern", "--deals", "10", "--game", "773", "--json")
    assert relaxed.returncode == 0, relaxed.stderr
    assert "two-way" in relaxed.stdout


def test_cli_rates_pysol_games_by_their_rules() -> None:
    import json

    from conftest import run_cli

    for game in ("23-skidoo", "accordions-revenge", "relaxed-accordion"):
        result = run_cli("rate", "--pysol", "12345", "--game", game, "--json")
        assert result.returncode == 0, result.stderr
        line = json.loads(result.stdout)
        assert line["deal"] == str(accordion.Deal.from_pysol(12345))
        assert line["result"] == "win" and line["level"] in ("easy", "medium", "hard")
    royal = run_cli("rate", "--pysol", "5", "--game", "royal-marriage", "--json")
    assert royal.returncode == 0, royal.stderr
    line = json.loads(royal.stdout)
    assert line["game"] == "royal-marriage" and line["level"] in ("easy", "medium", "hard")
    assert line["deal"] == str(accordion.Deal.from_pysol(5, "royal-marriage"))
